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
#include "commands.h"
#include "compute.h"
#include "flags.h"
#include "format.h"
#include "human.h"
#include "parse.h"
#include "pipeline.h"
#include "rows.h"
#include "verify.h"
#include "watch.h"

enum { EXIT_VERDICT = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3 };

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
	int sequential;
	int plan;                    /* watch --plan */
};

/* "--name" of a flag. */
static const char *flag_name(int id)
{
	static char names[NFLAGS][24];
	if (!names[id][0])
		snprintf(names[id], sizeof names[id], "--%s", flags[id].name);
	return names[id];
}

/* The usage lines, from the subcommand table. */
static void put_usage(FILE *out)
{
	for (int c = 0; c < NCOMMANDS; c++)
		fprintf(out, "%s bercl %-8s %s\n", c == 0 ? "usage:" : "      ", commands[c].name,
		        commands[c].usage);
	fprintf(out, "       bercl --help | --version\n");
}

/* --help, from the subcommand and flag tables. */
static void print_help(void)
{
	put_usage(stdout);
	printf("\nbercl - confidence levels for bit-error-ratio tests\n\n");
	for (int c = 0; c < NCOMMANDS; c++)
		fputs(commands[c].synopsis, stdout);
	putchar('\n');
	for (int id = 0; id < NFLAGS; id++) {
		const struct flag_desc *f = &flags[id];
		if (!f->help)
			continue;
		char left[32];
		snprintf(left, sizeof left, "--%s%s%s", f->name, f->arg ? " " : "", f->arg ? f->arg : "");
		if (f->letter)
			printf("  -%c, %-13s%s\n", f->letter, left, f->help);
		else
			printf("      %-13s%s\n", left, f->help);
	}
	printf("\n"
	       "Numeric flags take lists and ranges: 1e-12,1e-15  0..10  1e-15..1e-9:7log\n"
	       "Exit status: 0 ok, 1 a --require verdict failed, 2 usage or input error,\n"
	       "3 numerical failure or write error. See bercl(1).\n");
	exit(0);
}

static void print_version(void)
{
	printf("bercl %s\n", BERCL_VERSION_STRING);
	exit(0);
}

/*
 * getopt's view of the flag table: long options return 256 + id, short
 * letters themselves (flag_of_option maps both back to an id).
 */
static struct option long_options[NFLAGS + 1];
static char short_options[2 * NFLAGS + 2];

static void build_getopt_tables(void)
{
	size_t k = 0;
	short_options[k++] = ':';
	for (int id = 0; id < NFLAGS; id++) {
		long_options[id].name = flags[id].name;
		long_options[id].has_arg = flags[id].arg ? required_argument : no_argument;
		long_options[id].flag = NULL;
		long_options[id].val = 256 + id;
		if (flags[id].letter) {
			short_options[k++] = flags[id].letter;
			if (flags[id].arg)
				short_options[k++] = ':';
		}
	}
	short_options[k] = '\0';
}

static int flag_of_option(int c)
{
	if (c >= 256 && c < 256 + NFLAGS)
		return c - 256;
	for (int id = 0; id < NFLAGS; id++)
		if (flags[id].letter && flags[id].letter == c)
			return id;
	return -1;
}

/* "bercl X" for each subcommand that takes the flag: 'bercl ber'. */
static const char *commands_of(int id)
{
	static char buf[128];
	size_t k = 0;
	buf[0] = '\0';
	for (int c = 0; c < NCOMMANDS; c++)
		if (flags[id].commands & ON(c))
			k += (size_t)snprintf(buf + k, sizeof buf - k, "%s'bercl %s'", k ? " or " : "",
			                      commands[c].name);
	return buf;
}

static void parse_options(int argc, char **argv, struct options *o)
{
	memset(o, 0, sizeof *o);
	if (argc < 2)
		usage_error("missing subcommand: cl, bits, ber, simulate, plan or watch (see bercl --help)");
	const char *sub = argv[1];
	if (strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0)
		print_help();
	if (strcmp(sub, "-V") == 0 || strcmp(sub, "--version") == 0)
		print_version();
	int found = 0;
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(sub, commands[i].name) == 0) {
			o->cmd = (enum command)i;
			found = 1;
		}
	if (!found && sub[0] == '-')
		usage_error("missing subcommand before '%s': cl, bits, ber, simulate, plan or watch", sub);
	if (!found)
		usage_error("unknown subcommand '%s' (cl, bits, ber, simulate, plan or watch)", sub);

	int c, format_seen = 0, model_seen = 0;
	build_getopt_tables();
	opterr = 0;
	optind = 2;
	while ((c = getopt_long(argc, argv, short_options, long_options, NULL)) != -1) {
		int id = flag_of_option(c);
		if (id >= 0 && id < NQ) { /* a quantity: its values are read below */
			if (o->text[id])
				usage_error("%s given twice", flag_name(id));
			if (!(flags[id].commands & ON(o->cmd)))
				usage_error("%s is not used by 'bercl %s'%s", flag_name(id), sub,
				            id == Q_CL && o->cmd == CMD_CL ? " (for a verdict use --require)" : "");
			o->text[id] = optarg;
			continue;
		}
		if (id >= 0 && !(flags[id].commands & ON(o->cmd)))
			usage_error("%s is only for %s", flag_name(id), commands_of(id));
		switch (id) {
		case F_MODEL:
			if (model_seen++)
				usage_error("--model given twice");
			if (strcmp(optarg, "poisson") == 0)
				o->model = BERCL_POISSON;
			else if (strcmp(optarg, "binomial") == 0)
				o->model = BERCL_BINOMIAL;
			else
				usage_error("--model '%s': unknown model (poisson or binomial)", optarg);
			break;
		case F_FORMAT: {
			if (format_seen++)
				usage_error("--format given twice");
			int f = format_from_name(optarg);
			if (f < 0)
				usage_error("--format '%s': unknown format (text, csv, tsv or json)", optarg);
			o->format = (enum format)f;
			break;
		}
		case F_INPUT:
			if (o->input)
				usage_error("--input given twice");
			if (optarg[0] == '\0')
				usage_error("--input: empty file name");
			o->input = optarg;
			break;
		case F_VERIFY:
			o->verify = 1;
			break;
		case F_TWO_SIDED:
			o->two_sided = 1;
			break;
		case F_SEQUENTIAL:
			o->sequential = 1;
			break;
		case F_PLAN:
			o->plan = 1;
			break;
		case F_HELP:
			print_help();
			break;
		case F_VERSION:
			print_version();
			break;
		default:
			if (c == ':')
				usage_error("%s needs a value", argv[optind - 1]);
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
		const char *why = parse_vlist(o->text[q], flags[q].parse, &o->list[q], &bad);
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
		if (flags[q].parse == parse_count) { /* whole numbers stay whole */
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
	if ((o->cmd == CMD_PLAN || o->cmd == CMD_WATCH) && o->model == BERCL_BINOMIAL)
		usage_error("--model binomial: 'bercl %s' uses the Poisson model only",
		            commands[o->cmd].name);
	if (o->input) {
		if (o->sequential && o->cmd == CMD_PLAN && !has[Q_TRUE_BER])
			usage_error("--sequential prints a table per plan: with --input give --true-ber");
		for (int q = 0; q < NQ; q++)
			if (has[q] && o->list[q].count > 1)
				usage_error("%s '%s': lists and ranges cannot be used with --input",
				            flag_name(q), o->text[q]);
		return; /* the rest is checked row by row */
	}
	if (o->cmd == CMD_WATCH) {
		for (int q = 0; q < NQ; q++)
			if (has[q] && o->list[q].count > 1)
				usage_error("%s '%s': watch takes one value", flag_name(q), o->text[q]);
		if (!has[Q_BER])
			usage_error("missing --ber");
		if (!has[Q_CL])
			usage_error("missing --cl (the confidence level to reach)");
		if (o->plan && has[Q_ERRORS])
			usage_error("--errors: with --plan the plan says how many errors are allowed");
		if (o->plan && !has[Q_ALPHA])
			usage_error("--plan needs --alpha (the producer's risk)");
		if (o->plan && !has[Q_RATIO])
			usage_error("--plan needs --ratio (a good link has BER P / D)");
		if (!o->plan && (has[Q_ALPHA] || has[Q_RATIO]))
			usage_error("%s is for a plan: add --plan", has[Q_ALPHA] ? "--alpha" : "--ratio");
		return;
	}
	int given = has[Q_BITS] || has[Q_TIME];
	if (o->cmd == CMD_PLAN || (o->cmd == CMD_SIMULATE && has[Q_RATIO])) {
		if (!has[Q_BER])
			usage_error("missing --ber");
		if (!has[Q_RATIO])
			usage_error("missing --ratio (a good link has BER P / D, D > 1)");
		if (has[Q_BITS] && has[Q_TIME])
			usage_error("--bits and --time: give one, not both");
		if (has[Q_TIME] && !has[Q_RATE])
			usage_error("--time needs --rate (the line rate)");
		if (given && o->sequential)
			usage_error("--sequential designs a plan: give --cl and --alpha, not --bits or --time");
		if (given && (has[Q_CL] || has[Q_ALPHA]))
			usage_error("%s: a given test (--bits or --time) has its risks computed, not set",
			            has[Q_CL] ? "--cl" : "--alpha");
		if (!given && has[Q_ERRORS])
			usage_error("--errors: a plan computes the errors allowed (give --errors with --bits)");
		if (!given && !has[Q_CL])
			usage_error("missing --cl (1 - beta, the consumer's risk) or --bits");
		if (!given && !has[Q_ALPHA])
			usage_error("missing --alpha (the producer's risk)");
		return;
	}
	if (o->cmd == CMD_SIMULATE && (has[Q_CL] || has[Q_ALPHA] || o->sequential))
		usage_error("%s simulates a plan: it needs --ratio",
		            has[Q_CL] ? "--cl" : has[Q_ALPHA] ? "--alpha" : "--sequential");
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

/* The output columns, from the subcommand's layout (commands.c). */
static void make_layout(const struct options *o, const struct batch *b, struct layout *l)
{
	unsigned have = 0;
	if (o->format != FMT_TEXT)
		have |= WHEN_MACHINE;
	if (o->format != FMT_TEXT || o->model == BERCL_BINOMIAL)
		have |= WHEN_MODEL_SHOWN;
	if (o->format == FMT_TEXT && o->model == BERCL_BINOMIAL)
		have |= WHEN_BINOMIAL_TEXT;
	if (o->text[Q_TIME] || o->text[Q_RATE] || (b && (batch_has(b, Q_TIME) || batch_has(b, Q_RATE))))
		have |= WHEN_TIME;
	if (o->text[Q_REQUIRE] || (b && batch_has(b, Q_REQUIRE)))
		have |= WHEN_REQUIRE;
	if (o->verify)
		have |= WHEN_VERIFY;
	if (o->two_sided)
		have |= WHEN_TWO_SIDED;
	int plan = o->cmd == CMD_PLAN || o->text[Q_RATIO] || o->plan ||
	           (b && batch_has(b, Q_RATIO));
	have |= plan ? WHEN_PLAN : WHEN_NOT_PLAN;
	have |= o->sequential ? WHEN_SEQUENTIAL : WHEN_FIXED;
	int true_ber = o->text[Q_TRUE_BER] || (b && batch_has(b, Q_TRUE_BER));
	if (true_ber)
		have |= WHEN_TRUE_BER;
	else if (o->sequential)
		have |= WHEN_TABLE;
	if (!(have & WHEN_TABLE) || o->format != FMT_TEXT)
		have |= WHEN_SUMMARY;
	memset(l, 0, sizeof *l);
	l->format = o->format;
	if (b) {
		l->extra_names = b->extra_names;
		l->nextra = b->nextra;
	}
	build_layout(o->cmd, have, l);
	if (plan)
		l->sentence = 0;
	if (b) /* a batch row that cannot be computed says why */
		l->col[l->ncol++] = COL_ERROR;
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
	make_layout(o, &b, &l);
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

/* A percentage above 0.01 rounded up to its 4th decimal. */
static double risk_up(double pct)
{
	return pct > 0 ? human_round_sig(pct, (int)floor(log10(pct)) + 5, ROUND_UP) : 0;
}

/*
 * A sequential plan: one row per error count, the summary repeated on every
 * row for programs; in text the table, then the summary in words.
 */
static void print_sequential(const struct layout *l, struct row *r)
{
	size_t n = (size_t)r->seq_rows;
	double errors = r->in.errors;
	for (size_t k = 0; k < n; k++) {
		r->in.errors = (double)k;
		r->pass_bits = r->seq_table[k];
		r->fail_bits = r->seq_table[n + k];
		format_row(stdout, l, r);
	}
	r->in.errors = errors;
	if (l->format != FMT_TEXT)
		return;
	char good[64], bad[64], most[64];
	printf("  the test passes once 'pass at bits' bits show at most 'errors' errors, and fails "
	       "when error 'errors' + 1\n  comes by 'fail by bits' bits (0: never)\n");
	/* risks rounded up, lengths and times up: never better than they are */
	printf("  at most %.0f bits, %.0f errors: error %.0f fails; risks alpha %.4f %%, beta "
	       "%.4f %% (exact)\n",
	       r->max_bits, errors, errors + 1, risk_up(100 * r->alpha), risk_up(100 * r->beta));
	printf("  expected length: %.6g bits at BER %.6g (good), %.6g bits at BER %.6g (bad)\n",
	       human_round_sig(r->expected_bits_good, 6, ROUND_UP), r->in.ber / r->in.ratio,
	       human_round_sig(r->expected_bits_bad, 6, ROUND_UP), r->in.ber);
	if (!isnan(r->in.rate_bps)) {
		double lanes = isnan(r->in.lanes) ? 1 : r->in.lanes;
		human_duration(good, sizeof good, r->expected_bits_good / (r->in.rate_bps * lanes), ROUND_UP);
		human_duration(bad, sizeof bad, r->expected_bits_bad / (r->in.rate_bps * lanes), ROUND_UP);
		human_duration(most, sizeof most, r->max_bits / (r->in.rate_bps * lanes), ROUND_UP);
		printf("  expected time: %s (good), %s (bad); at most %s\n", good, bad, most);
	}
}

static void run_sweep(const struct options *o, const struct row_input *base)
{
	const struct vlist *lists[NQ];
	for (int q = 0; q < NQ; q++)
		lists[q] = o->text[q] ? &o->list[q] : NULL;
	struct sweep s;
	sweep_init(&s, lists);
	struct layout l;
	make_layout(o, NULL, &l);
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
		if (r.seq_table && isnan(r.in.true_ber))
			print_sequential(&l, &r);
		else
			format_row(stdout, &l, &r);
		plan_free(&r);
		check_output();
	}
}

int main(int argc, char **argv)
{
	static struct options o; /* static: still reachable when a helper exits */
	parse_options(argc, argv, &o);
	check_combinations(&o);

	struct row_input base;
	row_input_init(&base, o.model, o.two_sided, o.sequential);
	if (o.cmd == CMD_WATCH) {
		for (int q = 0; q < NQ; q++)
			if (o.text[q]) {
				double c = NAN;
				double v = vlist_value(&o.list[q], 0, &c);
				row_set(&base, (enum quantity)q, v, c);
			}
		int st = watch_run(&base, o.format, o.plan);
		for (int q = 0; q < NQ; q++)
			vlist_free(&o.list[q]);
		return st;
	}
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
