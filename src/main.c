/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * main.c - the bercl command: reads the flags, builds the row stream (a
 * sweep of the flags' lists, or a batch file), computes each row and prints
 * it as soon as it is computed. Owns the exit status:
 *   0 every row computed (and every --require verdict passed)
 *   1 some --require verdict failed
 *   2 usage or input error (bad flag, bad value, unreadable file, bad row)
 *   3 internal or numerical failure, or an output write error
 * A usage error prints one line naming the flag and value, and nothing on
 * standard output.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bercl.h"
#include "compute.h"
#include "format.h"
#include "parse.h"
#include "pipeline.h"
#include "rows.h"
#include "verify.h"

enum { EXIT_VERDICT = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3 };

enum {
	OPT_MODEL = 256, OPT_VERIFY, OPT_REQUIRE, OPT_TWO_SIDED, OPT_TRIALS, OPT_SEED,
};

static const char usage_text[] =
	"usage: bercl cl       [-e E] (-n N | -t T -r R [-l L]) -p P [--require C] [options]\n"
	"       bercl bits     [-e E] -p P -c C [-r R [-l L]] [options]\n"
	"       bercl ber      [-e E] (-n N | -t T -r R [-l L]) -c C [--two-sided] [options]\n"
	"       bercl simulate [-e E] (-n N | -t T -r R [-l L]) -p P [--trials T] [--seed S]\n"
	"       bercl --help | --version\n";

static const char help_text[] =
	"bercl - confidence levels for bit-error-ratio tests\n"
	"\n"
	"  bercl cl   --errors E --bits N --ber P           confidence level that BER < P\n"
	"  bercl cl   --errors E --time T --rate R --ber P  the same, N = R * T * lanes\n"
	"  bercl bits --errors E --ber P --cl C [--rate R]  minimum bits (and test time)\n"
	"  bercl ber  --errors E --bits N --cl C            BER bound (--two-sided: interval)\n"
	"  bercl simulate --errors E --bits N --ber P       Monte Carlo check of 1 - CL\n"
	"\n"
	"  -e, --errors E   errors seen (cl) or allowed (bits); default 0\n"
	"  -n, --bits N     bits tested; SI suffixes k M G T P E (3T = 3e12)\n"
	"  -p, --ber P      specified bit error ratio, 0 < P < 1\n"
	"  -c, --cl C       confidence level (bits: target; ber: of the bound): 0.95, 95%\n"
	"  -r, --rate R     line rate in bit/s: 25.78125G, 10Gb/s, 10Gbps\n"
	"  -l, --lanes L    lanes tested in parallel; default 1\n"
	"  -t, --time T     test duration: 90, 90s, 15min, 2.5h, 1h30m, 2d\n"
	"      --model M    poisson (default) or binomial (exact)\n"
	"  -f, --format F   text (default), csv, tsv, json (one object per line)\n"
	"  -i, --input F    batch: one result row per CSV/TSV row; - is stdin\n"
	"      --verify     recompute with GSL and report the difference\n"
	"      --require C  cl only: pass/fail verdict, exit status 1 on a fail\n"
	"      --two-sided  ber only: the interval [ber_lower, ber_upper] at confidence C\n"
	"      --trials T   simulate only: simulated tests (default 1000000)\n"
	"      --seed S     simulate only: random seed (default 1)\n"
	"  -h, --help       this help;  -V, --version  the version\n"
	"\n"
	"Numeric flags take lists and ranges: 1e-12,1e-15  0..10  1e-15..1e-9:7log\n"
	"Exit status: 0 ok, 1 a --require verdict failed, 2 usage or input error,\n"
	"3 numerical failure or write error. See bercl(1).\n";

static const char *prog = "bercl";

static void usage_error(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_USAGE);
}

struct options {
	enum command cmd;
	const char *text[NQ];        /* flag text per quantity */
	struct vlist list[NQ];
	enum bercl_model model;
	enum format format;
	const char *input;
	int verify;
	int two_sided;
};

static const struct option long_options[] = {
	{"errors", required_argument, NULL, 'e'},
	{"bits", required_argument, NULL, 'n'},
	{"ber", required_argument, NULL, 'p'},
	{"cl", required_argument, NULL, 'c'},
	{"rate", required_argument, NULL, 'r'},
	{"lanes", required_argument, NULL, 'l'},
	{"time", required_argument, NULL, 't'},
	{"model", required_argument, NULL, OPT_MODEL},
	{"format", required_argument, NULL, 'f'},
	{"input", required_argument, NULL, 'i'},
	{"verify", no_argument, NULL, OPT_VERIFY},
	{"require", required_argument, NULL, OPT_REQUIRE},
	{"two-sided", no_argument, NULL, OPT_TWO_SIDED},
	{"trials", required_argument, NULL, OPT_TRIALS},
	{"seed", required_argument, NULL, OPT_SEED},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{NULL, 0, NULL, 0},
};

static int quantity_of_option(int c)
{
	switch (c) {
	case 'e': return Q_ERRORS;
	case 'n': return Q_BITS;
	case 'p': return Q_BER;
	case 'c': return Q_CL;
	case 'r': return Q_RATE;
	case 'l': return Q_LANES;
	case 't': return Q_TIME;
	case OPT_REQUIRE: return Q_REQUIRE;
	case OPT_TRIALS: return Q_TRIALS;
	case OPT_SEED: return Q_SEED;
	default: return -1;
	}
}

static const char *flag_name(int q)
{
	static const char *const names[NQ] = {
		"--errors", "--bits", "--ber", "--cl", "--rate", "--lanes", "--time", "--require",
		"--trials", "--seed",
	};
	return names[q];
}

/* Quantities each command reads. */
static int command_uses(enum command cmd, int q)
{
	switch (cmd) {
	case CMD_CL:
		return q != Q_CL && q != Q_TRIALS && q != Q_SEED;
	case CMD_BITS:
		return q == Q_ERRORS || q == Q_BER || q == Q_CL || q == Q_RATE || q == Q_LANES;
	case CMD_BER:
		return q != Q_BER && q != Q_REQUIRE && q != Q_TRIALS && q != Q_SEED;
	case CMD_SIMULATE:
		return q != Q_CL && q != Q_REQUIRE;
	}
	return 0;
}

static const char *const command_name[] = {"cl", "bits", "ber", "simulate"};

static void print_help(void)
{
	printf("%s\n%s", usage_text, help_text);
	exit(0);
}

static void print_version(void)
{
	printf("bercl %s\n", BERCL_VERSION);
	exit(0);
}

static void parse_options(int argc, char **argv, struct options *o)
{
	memset(o, 0, sizeof *o);
	if (argc < 2)
		usage_error("missing subcommand: cl, bits, ber or simulate (see bercl --help)");
	const char *sub = argv[1];
	if (strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0)
		print_help();
	if (strcmp(sub, "-V") == 0 || strcmp(sub, "--version") == 0)
		print_version();
	int found = 0;
	for (int i = 0; i < 4; i++)
		if (strcmp(sub, command_name[i]) == 0) {
			o->cmd = (enum command)i;
			found = 1;
		}
	if (!found && sub[0] == '-')
		usage_error("missing subcommand before '%s': cl, bits, ber or simulate", sub);
	if (!found)
		usage_error("unknown subcommand '%s' (cl, bits, ber or simulate)", sub);

	int c, format_seen = 0, model_seen = 0;
	opterr = 0;
	optind = 2;
	while ((c = getopt_long(argc, argv, ":e:n:p:c:r:l:t:f:i:hV", long_options, NULL)) != -1) {
		int q = quantity_of_option(c);
		if (q >= 0) {
			if (o->text[q])
				usage_error("%s given twice", flag_name(q));
			if (!command_uses(o->cmd, q))
				usage_error("%s is not used by 'bercl %s'%s", flag_name(q), sub,
				            q == Q_CL && o->cmd == CMD_CL ? " (for a verdict use --require)" : "");
			o->text[q] = optarg;
			continue;
		}
		switch (c) {
		case OPT_MODEL:
			if (model_seen++)
				usage_error("--model given twice");
			if (strcmp(optarg, "poisson") == 0)
				o->model = BERCL_POISSON;
			else if (strcmp(optarg, "binomial") == 0)
				o->model = BERCL_BINOMIAL;
			else
				usage_error("--model '%s': unknown model (poisson or binomial)", optarg);
			break;
		case 'f': {
			if (format_seen++)
				usage_error("--format given twice");
			int f = format_from_name(optarg);
			if (f < 0)
				usage_error("--format '%s': unknown format (text, csv, tsv or json)", optarg);
			o->format = (enum format)f;
			break;
		}
		case 'i':
			if (o->input)
				usage_error("--input given twice");
			if (optarg[0] == '\0')
				usage_error("--input: empty file name");
			o->input = optarg;
			break;
		case OPT_VERIFY:
			o->verify = 1;
			break;
		case OPT_TWO_SIDED:
			if (o->cmd != CMD_BER)
				usage_error("--two-sided is only for 'bercl ber'");
			o->two_sided = 1;
			break;
		case 'h':
			print_help();
			break;
		case 'V':
			print_version();
			break;
		case ':':
			usage_error("%s needs a value", argv[optind - 1]);
			break;
		default:
			if (optopt > 0 && optopt < 128 && isalnum(optopt) && argv[optind - 1][1] != '-')
				usage_error("unknown flag '-%c' (see bercl --help)", optopt);
			usage_error("unknown or malformed flag '%s' (see bercl --help)", argv[optind - 1]);
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);

	for (int q = 0; q < NQ; q++) {
		if (!o->text[q])
			continue;
		const char *bad;
		const char *why = parse_vlist(o->text[q], quantity_parser[q], &o->list[q], &bad);
		if (why)
			usage_error("%s '%s': %s", flag_name(q), o->text[q], why);
		/* Check every value's domain: ranges are monotone, so their ends. */
		struct row_input probe;
		double ends[2] = {vlist_min(&o->list[q]), vlist_max(&o->list[q])};
		for (int k = 0; k < 2; k++) {
			why = row_set(&probe, (enum quantity)q, ends[k], 1.0 - ends[k]);
			if (why)
				usage_error("%s '%s': %s", flag_name(q), o->text[q], why);
		}
		if (quantity_parser[q] == parse_count) { /* whole numbers stay whole */
			for (size_t k = 0; k < o->list[q].nitems; k++) {
				const struct item *it = &o->list[q].items[k];
				if (it->kind == ITEM_LIN || it->kind == ITEM_LOG)
					usage_error("%s '%s': whole numbers only: use A..B", flag_name(q), o->text[q]);
			}
		}
	}
}

/* Checks that need several flags, made before anything is printed. */
static void check_combinations(const struct options *o)
{
	int has[NQ];
	for (int q = 0; q < NQ; q++)
		has[q] = o->text[q] != NULL;
	if (o->input) {
		for (int q = 0; q < NQ; q++)
			if (has[q] && o->list[q].count > 1)
				usage_error("%s '%s': lists and ranges cannot be used with --input",
				            flag_name(q), o->text[q]);
		return; /* the rest is checked row by row */
	}
	if (o->cmd == CMD_BITS) {
		if (!has[Q_BER])
			usage_error("missing --ber");
		if (!has[Q_CL])
			usage_error("missing --cl (the target confidence level, e.g. 0.95 or 95%%)");
		return;
	}
	/* cl, ber, simulate: bits tested, given or from time * rate * lanes */
	if (has[Q_BITS] && has[Q_TIME])
		usage_error("--bits and --time: give one, not both");
	if (has[Q_TIME] && !has[Q_RATE])
		usage_error("--time needs --rate (the line rate)");
	if (!has[Q_BITS] && !has[Q_TIME])
		usage_error("missing --bits (or --time with --rate)");
	if (o->cmd == CMD_BER && !has[Q_CL])
		usage_error("missing --cl (the confidence level of the bound, e.g. 95%%)");
	if (o->cmd != CMD_BER && !has[Q_BER])
		usage_error("missing --ber");
	double lanes_min = has[Q_LANES] ? vlist_min(&o->list[Q_LANES]) : 1;
	double lanes_max = has[Q_LANES] ? vlist_max(&o->list[Q_LANES]) : 1;
	double bmin, bmax;
	if (has[Q_BITS]) {
		bmin = vlist_min(&o->list[Q_BITS]);
		bmax = vlist_max(&o->list[Q_BITS]);
	} else {
		bmin = vlist_min(&o->list[Q_RATE]) * vlist_min(&o->list[Q_TIME]) * lanes_min;
		bmax = vlist_max(&o->list[Q_RATE]) * vlist_max(&o->list[Q_TIME]) * lanes_max;
	}
	double emax = has[Q_ERRORS] ? vlist_max(&o->list[Q_ERRORS]) : 0;
	if (emax > bmin || (o->model == BERCL_BINOMIAL && emax >= bmin))
		usage_error("--errors %.0f %s the number of bits tested (%.17g)", emax,
		            o->model == BERCL_BINOMIAL ? "must be below" : "exceeds", bmin);
	if (o->cmd == CMD_BER)
		return;
	double lmin = bmin * vlist_min(&o->list[Q_BER]);
	double lmax = bmax * vlist_max(&o->list[Q_BER]);
	if (!(lmin >= BERCL_MIN_LAMBDA))
		usage_error("bits * ber = %.3g is below 1e-300", lmin);
	if (!(lmax <= BERCL_MAX_LAMBDA))
		usage_error("bits * ber = %.3g is above 1e300", lmax);
}

/* rate_bps, lanes, time_s: the columns of a row tested for a time at a rate. */
static int add_time_columns(struct layout *l, int n)
{
	l->col[n++] = COL_RATE;
	l->col[n++] = COL_LANES;
	l->col[n++] = COL_TIME;
	return n;
}

static void build_layout(const struct options *o, const struct batch *b, struct layout *l)
{
	int has_time = o->text[Q_TIME] || o->text[Q_RATE] ||
	               (b && (batch_has(b, Q_TIME) || batch_has(b, Q_RATE)));
	int text = o->format == FMT_TEXT;
	int binomial_text = text && o->model == BERCL_BINOMIAL;
	int n = 0;
	memset(l, 0, sizeof *l);
	l->format = o->format;
	if (b) {
		l->extra_names = b->extra_names;
		l->nextra = b->nextra;
	}
	if (!text || o->model == BERCL_BINOMIAL)
		l->col[n++] = COL_MODEL;
	l->col[n++] = COL_ERRORS;
	switch (o->cmd) {
	case CMD_CL:
	case CMD_SIMULATE:
		l->col[n++] = COL_BITS;
		l->col[n++] = COL_BER;
		if (has_time)
			n = add_time_columns(l, n);
		if (o->cmd == CMD_SIMULATE) {
			l->col[n++] = COL_TRIALS;
			l->col[n++] = COL_SEED;
			l->col[n++] = COL_ONE_MINUS_CL;
			l->col[n++] = COL_ONE_MINUS_CL_SIM;
			l->col[n++] = COL_SIM_STDERR;
			l->sentence = text;
		} else {
			l->col[n++] = COL_CL;
			l->col[n++] = COL_ONE_MINUS_CL;
			if (binomial_text)
				l->col[n++] = COL_POISSON_CL;
			if (o->text[Q_REQUIRE] || (b && batch_has(b, Q_REQUIRE)))
				l->col[n++] = COL_VERDICT;
		}
		if (o->verify) {
			l->col[n++] = COL_GSL_CL;
			l->col[n++] = COL_GSL_ONE_MINUS_CL;
			l->col[n++] = COL_GSL_REL_DIFF;
		}
		break;
	case CMD_BITS:
		l->col[n++] = COL_BER;
		l->col[n++] = COL_CL;
		if (!text)
			l->col[n++] = COL_ONE_MINUS_CL;
		l->col[n++] = COL_BITS;
		if (has_time)
			n = add_time_columns(l, n);
		l->col[n++] = COL_CL_ACHIEVED;
		if (binomial_text)
			l->col[n++] = COL_POISSON_BITS;
		if (o->verify) {
			l->col[n++] = COL_GSL_BITS;
			l->col[n++] = COL_GSL_REL_DIFF;
		}
		break;
	case CMD_BER:
		l->col[n++] = COL_BITS;
		if (has_time)
			n = add_time_columns(l, n);
		l->col[n++] = COL_CL;
		if (!text)
			l->col[n++] = COL_ONE_MINUS_CL;
		l->col[n++] = COL_BER_ESTIMATE;
		if (o->two_sided)
			l->col[n++] = COL_BER_LOWER;
		l->col[n++] = COL_BER_UPPER;
		if (binomial_text)
			l->col[n++] = COL_POISSON_BER_UPPER;
		if (o->verify) {
			if (o->two_sided)
				l->col[n++] = COL_GSL_BER_LOWER;
			l->col[n++] = COL_GSL_BER_UPPER;
			l->col[n++] = COL_GSL_REL_DIFF;
		}
		break;
	}
	if (b)
		l->col[n++] = COL_ERROR;
	l->ncol = n;
}

static int exit_status = 0;

static void raise_status(int st)
{
	if (st > exit_status)
		exit_status = st;
}

/* "FILE:LINE: " for a batch row (file is NULL for sweeps: ""). */
static void put_where(FILE *err, const char *file, const struct row *r)
{
	if (file)
		fprintf(err, "%s:%ld: ", file, r->line);
}

/*
 * Compute and verify one row, with messages on err (file names the batch
 * input, NULL for a sweep); returns its exit status. Touches nothing
 * shared: batch rows run on worker threads.
 */
static int process(const struct options *o, struct row *r, const char *file, FILE *err)
{
	enum compute_status st = compute_row(o->cmd, r);
	if (st != COMPUTE_OK) {
		fprintf(err, "%s: ", prog);
		put_where(err, file, r);
		fprintf(err, "%s\n", r->error);
		return st == COMPUTE_INPUT ? EXIT_USAGE : EXIT_INTERNAL;
	}
	if (o->verify) {
		char note[512];
		if (verify_row(o->cmd, r, note, sizeof note)) {
			char bits[32], x[32];
			format_double(bits, sizeof bits, r->bits);
			format_double(x, sizeof x, o->cmd == CMD_BER ? r->in.cl : r->in.ber);
			fprintf(err, "%s: verify: ", prog);
			put_where(err, file, r);
			fprintf(err, "errors=%.0f bits=%s %s=%s: %s\n", r->in.errors, bits,
			        o->cmd == CMD_BER ? "cl" : "ber", x, note);
		}
	}
	return r->verdict == 0 ? EXIT_VERDICT : 0;
}

static void check_output(void)
{
	if (ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output: %s\n", prog, strerror(errno));
		exit(EXIT_INTERNAL);
	}
}

struct batch_ctx {
	const struct options *o;
	const struct layout *l;
	const char *name;
};

static int handle_batch_row(struct row *r, FILE *out, FILE *err, const void *ctx)
{
	const struct batch_ctx *c = ctx;
	int st = process(c->o, r, c->name, err);
	format_row(out, c->l, r);
	return st;
}

static void run_batch(const struct options *o, const struct row_input *base)
{
	FILE *fp = strcmp(o->input, "-") == 0 ? stdin : fopen(o->input, "r");
	if (!fp)
		usage_error("--input '%s': %s", o->input, strerror(errno));
	const char *name = fp == stdin ? "(stdin)" : o->input;
	struct batch b;
	char err[512];
	if (batch_open(&b, fp, name, err, sizeof err) != 0)
		usage_error("%s", err);
	struct layout l;
	build_layout(o, &b, &l);
	format_header(stdout, &l);
	check_output();
	/* Every core computes; rows are still written in input order. */
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	struct batch_ctx ctx = {o, &l, name};
	raise_status(pipeline_run(&b, base, handle_batch_row, &ctx, stdout, stderr,
	                          cores > 1 ? (int)cores : 0));
	batch_close(&b);
	if (fp != stdin)
		fclose(fp);
}

static void run_sweep(const struct options *o, const struct row_input *base)
{
	const struct vlist *lists[NQ];
	for (int q = 0; q < NQ; q++)
		lists[q] = o->text[q] ? &o->list[q] : NULL;
	struct sweep s;
	sweep_init(&s, lists);
	struct layout l;
	build_layout(o, NULL, &l);
	struct row r;
	int first = 1;
	while (sweep_next(&s, base, &r)) {
		raise_status(process(o, &r, NULL, stderr));
		if (first && r.error[0])
			exit(exit_status); /* a usage error: nothing printed */
		if (first)
			format_header(stdout, &l);
		first = 0;
		/* A later row that fails keeps its place, with empty results; the
		 * reason went to standard error and the exit status says so. */
		format_row(stdout, &l, &r);
		check_output();
	}
}

int main(int argc, char **argv)
{
	static struct options o; /* static: still reachable when a helper exits */
	parse_options(argc, argv, &o);
	check_combinations(&o);

	struct row_input base;
	base.errors = base.bits = base.ber = base.cl = base.cl_complement = NAN;
	base.rate_bps = base.lanes = base.time_s = base.require = base.require_complement = NAN;
	base.trials = base.seed = NAN;
	base.model = o.model;
	base.two_sided = o.two_sided;
	if (o.input) /* flags fill the columns a file lacks */
		for (int q = 0; q < NQ; q++)
			if (o.text[q]) {
				double c = NAN;
				double v = vlist_value(&o.list[q], 0, &c);
				row_set(&base, (enum quantity)q, v, c);
			}

	if (o.input)
		run_batch(&o, &base);
	else
		run_sweep(&o, &base);

	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output: %s\n", prog, strerror(errno));
		return EXIT_INTERNAL;
	}
	for (int q = 0; q < NQ; q++)
		vlist_free(&o.list[q]);
	return exit_status;
}
