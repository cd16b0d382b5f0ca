/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * main.c - the bercl command: reads the flags, builds the row stream (a
 * sweep of the flags' lists, or a batch file), computes each row and prints
 * it as soon as it is computed. Owns the exit status:
 *   0 every row computed (and every --require verdict passed)
 *   1 some --require verdict failed
 *   2 usage or input error (bad flag, bad value, unreadable file, bad row)
 *   3 internal or numerical failure, or an output write error
 *   4 watch: input ended before a decision
 * A usage error prints one line naming the flag and value, and nothing on
 * standard output.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bercl.h"
#include "commands.h"
#include "compute.h"
#include "csv.h"
#include "flags.h"
#include "format.h"
#include "forms.h"
#include "histogram.h"
#include "telemetry.h"
#include "human.h"
#include "parse.h"
#include "pipeline.h"
#include "rows.h"
#include "simulate.h"
#include "verify.h"
#include "watch.h"

#define MAX_LANES 1024

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
	char delimiter;              /* --delimiter, 0: from the header */
	const char *value;           /* --value COLUMN */
	int model_given;
	int verify;
	int two_sided;
	int sequential;
	int plan;                    /* watch --plan */
	/* fec */
	const char *code_text;
	bercl_rs_code code;
	const char *code_name;       /* kp4, kr4 or rs:N,K,M */
	const char *histogram;       /* --histogram file */
	enum telemetry_format histogram_format; /* --histogram-format */
	int histogram_format_seen;
	const struct telemetry *telem; /* the histograms read (ports, lanes) */
	int tail_sonic;              /* --method sonic */
	int method_seen;
	/* cl --lane-errors, bits --all-lanes */
	const char *lane_text;
	double lane_errors[MAX_LANES];
	int nlanes;
	int all_lanes;
};

/* "--name" of a flag. */
static const char *flag_name(int id)
{
	static char names[NFLAGS][24];
	if (!names[id][0])
		snprintf(names[id], sizeof names[id], "--%s", flags[id].name);
	return names[id];
}

/* A write error on standard output, said once: exit 3. */
static void check_output(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output: %s\n", prog, strerror(errno));
		exit(EXIT_INTERNAL);
	}
}

/* The usage lines of one subcommand (cmd >= 0) or of all. */
static void put_usage(FILE *out, int cmd)
{
	int first = 1;
	for (int c = 0; c < NCOMMANDS; c++) {
		if (cmd >= 0 && c != cmd)
			continue;
		fprintf(out, "%s bercl %-8s %s\n", first ? "usage:" : "      ", commands[c].name,
		        commands[c].usage);
		first = 0;
	}
	if (cmd < 0)
		fprintf(out, "       bercl --help | --version\n");
}

/*
 * --help, from the subcommand and flag tables: everything, or after a
 * subcommand (bercl bits --help) only what that subcommand takes.
 */
static void print_help(int cmd)
{
	put_usage(stdout, cmd);
	printf("\nbercl - confidence levels for bit-error-ratio tests\n\n");
	for (int c = 0; c < NCOMMANDS; c++)
		if (cmd < 0 || c == cmd)
			fputs(commands[c].synopsis, stdout);
	putchar('\n');
	int width = 0;
	for (int id = 0; id < NFLAGS; id++) {
		int w = (int)strlen(flags[id].name) + 2 + (flags[id].arg ? 1 + (int)strlen(flags[id].arg) : 0);
		if (w > width)
			width = w;
	}
	for (int id = 0; id < NFLAGS; id++) {
		const struct flag_desc *f = &flags[id];
		if (!f->help || (cmd >= 0 && !(f->commands & ON(cmd))))
			continue;
		char left[64];
		snprintf(left, sizeof left, "--%s%s%s", f->name, f->arg ? " " : "", f->arg ? f->arg : "");
		if (f->letter)
			printf("  -%c, %-*s  %s\n", f->letter, width, left, f->help);
		else
			printf("      %-*s  %s\n", width, left, f->help);
	}
	printf("\n"
	       "Numeric flags take lists and ranges: 1e-12,1e-15  0..10  0..100:11  1e-15..1e-9:7log\n"
	       "Exit status: 0 ok (watch: pass), 1 a --require verdict failed (watch: fail),\n"
	       "2 usage or input error, 3 numerical failure or write error,\n"
	       "4 watch: input ended before a decision. %sSee bercl(1).\n",
	       cmd < 0 ? "bercl SUBCOMMAND --help: its flags only.\n" : "");
	check_output();
	exit(0);
}

static void print_version(void)
{
	printf("bercl %s\n", BERCL_VERSION_STRING);
	check_output();
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

/* "cl, bits, ber, simulate or errors", from the subcommand table. */
static const char *command_list(void)
{
	static char buf[256];
	size_t k = 0;
	for (int c = 0; c < NCOMMANDS && k < sizeof buf; c++)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", c == 0 ? "" :
		                      c + 1 == NCOMMANDS ? " or " : ", ", commands[c].name);
	return buf;
}

/* A whole number in [lo, hi] from the text s..end (no sign, no blanks). */
static int code_number(const char *s, size_t n, int lo, int hi, int *out)
{
	if (n == 0 || n > 6)
		return -1;
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/*
 * --code: kp4 = RS(544,514) and kr4 = RS(528,514), 10-bit symbols (IEEE
 * 802.3 clause 91); rs:N,K or rs:N,K,M.
 */
static void parse_code(const char *text, struct options *o)
{
	static char name[48];
	int n, k, m = 10;
	if (strcmp(text, "kp4") == 0) {
		n = 544, k = 514;
	} else if (strcmp(text, "kr4") == 0) {
		n = 528, k = 514;
	} else if (strncmp(text, "rs:", 3) == 0) {
		const char *a = text + 3, *c1 = strchr(a, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
		if (!c1 || code_number(a, (size_t)(c1 - a), 2, 65537, &n) ||
		    code_number(c1 + 1, c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1), 1, 65536, &k) ||
		    (c2 && code_number(c2 + 1, strlen(c2 + 1), 1, 16, &m)))
			usage_error("--code '%s': expected rs:N,K or rs:N,K,M with whole N > K >= 1 "
			            "and M in 1..16", text);
	} else {
		usage_error("--code '%s': unknown code (kp4, kr4, or rs:N,K[,M])", text);
	}
	if (bercl_rs_code_make(n, k, m, &o->code) != BERCL_OK)
		usage_error("--code '%s': not a Reed-Solomon code (needs K < N <= 2^M + 1)", text);
	if (text[0] == 'r')
		snprintf(name, sizeof name, "rs:%d,%d,%d", n, k, m);
	else
		snprintf(name, sizeof name, "%s", text);
	o->code_name = name;
}

/* --lane-errors E1,E2,...: whole counts, lists and A..B ranges. */
static void parse_lane_errors(const char *text, struct options *o)
{
	struct vlist v;
	const char *bad;
	const char *why = parse_vlist(text, parse_count, &v, &bad);
	if (why)
		usage_error("--lane-errors '%s': %s", text, why);
	for (size_t i = 0; i < v.nitems; i++)
		if (v.items[i].kind == ITEM_LIN || v.items[i].kind == ITEM_LOG)
			usage_error("--lane-errors '%s': whole numbers only: use A..B", text);
	if (v.count < 2 || v.count > MAX_LANES)
		usage_error("--lane-errors '%s': give 2 to %d lanes", text, MAX_LANES);
	struct vlist_pos pos = {0, 0};
	for (unsigned long long i = 0; i < v.count; i++) {
		double c;
		o->lane_errors[i] = vlist_at(&v, &pos, i, &c);
	}
	o->nlanes = (int)v.count;
	vlist_free(&v);
}

static void parse_options(int argc, char **argv, struct options *o)
{
	memset(o, 0, sizeof *o);
	if (argc < 2)
		usage_error("missing subcommand: %s (see bercl --help)", command_list());
	const char *sub = argv[1];
	int top_flag = strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0 ||
	               strcmp(sub, "-V") == 0 || strcmp(sub, "--version") == 0;
	if (top_flag && argc > 2)
		usage_error("%s takes no argument: '%s'", sub, argv[2]);
	if (strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0)
		print_help(-1);
	if (strcmp(sub, "-V") == 0 || strcmp(sub, "--version") == 0)
		print_version();
	int found = 0;
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(sub, commands[i].name) == 0) {
			o->cmd = (enum command)i;
			found = 1;
		}
	if (!found && sub[0] == '-')
		usage_error("missing subcommand before '%s': %s", sub, command_list());
	if (!found)
		usage_error("unknown subcommand '%s' (%s)", sub, command_list());

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
			o->model_given = 1;
			if (strcmp(optarg, "poisson") == 0)
				o->model = BERCL_POISSON;
			else if (strcmp(optarg, "binomial") == 0)
				o->model = BERCL_BINOMIAL;
			else
				usage_error("--model '%s': unknown model (poisson or binomial)", optarg);
			break;
		case F_FORMAT: {
			if (format_seen++)
				usage_error(o->value ? "--format and --value: give one" : "--format given twice");
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
		case F_DELIMITER:
			if (o->delimiter)
				usage_error("--delimiter given twice");
			if (strcmp(optarg, ",") == 0 || strcmp(optarg, ";") == 0)
				o->delimiter = optarg[0];
			else if (strcmp(optarg, "tab") == 0 || strcmp(optarg, "\t") == 0)
				o->delimiter = '\t';
			else
				usage_error("--delimiter '%s': use ',', ';' or tab", optarg);
			break;
		case F_VALUE:
			if (o->value)
				usage_error("--value given twice");
			if (format_seen)
				usage_error("--format and --value: give one");
			o->value = optarg;
			format_seen++;
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
		case F_CODE:
			if (o->code_text)
				usage_error("--code given twice");
			o->code_text = optarg;
			parse_code(optarg, o);
			break;
		case F_HISTOGRAM:
			if (o->histogram)
				usage_error("--histogram given twice");
			if (optarg[0] == '\0')
				usage_error("--histogram: empty file name");
			o->histogram = optarg;
			break;
		case F_HISTOGRAM_FORMAT:
			if (o->histogram_format_seen++)
				usage_error("--histogram-format given twice");
			if (telemetry_parse_format(optarg, &o->histogram_format))
				usage_error("--histogram-format '%s': auto, csv, ethtool, sonic or xena", optarg);
			break;
		case F_METHOD:
			if (o->method_seen++)
				usage_error("--method given twice");
			if (strcmp(optarg, "sonic") == 0)
				o->tail_sonic = 1;
			else if (strcmp(optarg, "likelihood") != 0)
				usage_error("--method '%s': likelihood or sonic", optarg);
			break;
		case F_LANE_ERRORS:
			if (o->lane_text)
				usage_error("--lane-errors given twice");
			o->lane_text = optarg;
			parse_lane_errors(optarg, o);
			break;
		case F_ALL_LANES:
			o->all_lanes = 1;
			break;
		case F_HELP:
			print_help((int)o->cmd);
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
	}
}

/* What the flags give, as the form table (forms.c) reads it. */
static qmask flag_presence(const struct options *o)
{
	qmask have = 0;
	for (int q = 0; q < NQ; q++)
		if (o->text[q])
			have |= HAS(q);
	if (o->sequential)
		have |= HAS(P_SEQUENTIAL);
	if (o->histogram)
		have |= HAS(P_HISTOGRAM);
	if (o->code_text)
		have |= HAS(P_CODE);
	if (o->method_seen)
		have |= HAS(P_METHOD);
	if (o->model == BERCL_BINOMIAL)
		have |= HAS(P_BINOMIAL);
	if (o->plan)
		have |= HAS(P_PLAN);
	return have;
}

/* The smallest and largest value of quantity q over a sweep (dflt if absent). */
static void sweep_range(const struct options *o, enum quantity q, double dflt, double *lo,
                        double *hi)
{
	*lo = o->text[q] ? vlist_min(&o->list[q]) : dflt;
	*hi = o->text[q] ? vlist_max(&o->list[q]) : dflt;
}

/*
 * A sweep whose every row is out of range is refused before anything is
 * printed: errors above the bits, bits * ber beyond the double range.
 */
static void check_sweep_range(const struct options *o)
{
	double bmin, bmax, lmin, lmax, rmin, rmax, kmin, kmax, tmin, tmax;
	if (o->text[Q_BITS]) {
		sweep_range(o, Q_BITS, 0, &bmin, &bmax);
	} else {
		sweep_range(o, Q_LANES, 1, &lmin, &lmax);
		sweep_range(o, Q_TIME, 0, &tmin, &tmax);
		if (o->text[Q_RATE]) {
			sweep_range(o, Q_RATE, 0, &rmin, &rmax);
		} else {
			sweep_range(o, Q_BITS_PER_SYMBOL, 1, &kmin, &kmax);
			sweep_range(o, Q_BAUD, 0, &rmin, &rmax);
			rmin *= kmin;
			rmax *= kmax;
		}
		bmin = rmin * tmin * lmin;
		bmax = rmax * tmax * lmax;
	}
	double emin = o->text[Q_ERRORS] ? vlist_min(&o->list[Q_ERRORS]) : 0;
	if (o->cmd != CMD_ERRORS && emin > bmax)
		usage_error("errors %.0f exceed the bits tested, %.17g (--errors, --bits or --time)",
		            emin, bmax);
	if (o->cmd == CMD_BER)
		return;
	lmin = bmin * vlist_min(&o->list[Q_BER]);
	lmax = bmax * vlist_max(&o->list[Q_BER]);
	if (!(lmax >= BERCL_MIN_LAMBDA))
		usage_error("bits * ber = %.3g is below 1e-300 (--bits or --time, --ber)", lmax);
	if (!(lmin <= BERCL_MAX_LAMBDA))
		usage_error("bits * ber = %.3g is above 1e300 (--bits or --time, --ber)", lmin);
}

/*
 * Checks that need several flags, made before anything is printed: the
 * form table's rules for the flags (a batch file checks them row by row,
 * with its columns), then what only flags can get wrong. A sweep is refused
 * only where every row would fail; where some rows can be computed, the
 * others keep their place with the reason (run_sweep).
 */
static void check_combinations(const struct options *o)
{
	char why[ROW_ERROR_MAX];
	if (!o->input && !form_resolve(o->cmd, flag_presence(o), why, sizeof why))
		usage_error("%s", why);
	/* fec's code is a flag only: a batch without it fails as a row at a BER would */
	if (o->cmd == CMD_FEC && !o->code_text && !form_resolve(o->cmd, HAS(Q_BER), why, sizeof why))
		usage_error("%s", why);
	if (o->lane_text && (o->text[Q_ERRORS] || o->text[Q_LANES] || o->input))
		usage_error("--lane-errors gives each lane's errors: not with %s",
		            o->text[Q_ERRORS] ? "--errors" : o->text[Q_LANES] ? "--lanes" : "--input");
	if (o->all_lanes && !o->text[Q_LANES] && !o->input)
		usage_error("--all-lanes needs --lanes (the number of lanes)");
	if (o->histogram && o->input)
		usage_error("--histogram and --input: give one, not both");
	if (o->histogram_format_seen && !o->histogram)
		usage_error("--histogram-format is for a --histogram");
	if (o->input) {
		if (o->sequential && o->cmd == CMD_PLAN && !o->text[Q_TRUE_BER])
			usage_error("--sequential prints a table per plan: with --input give --true-ber");
		for (int q = 0; q < NQ; q++)
			if (o->text[q] && o->list[q].count > 1)
				usage_error("%s '%s': lists and ranges cannot be used with --input",
				            flag_name(q), o->text[q]);
		return; /* the rest is checked row by row */
	}
	if (o->cmd == CMD_WATCH) {
		for (int q = 0; q < NQ; q++)
			if (o->text[q] && o->list[q].count > 1)
				usage_error("%s '%s': watch takes one value", flag_name(q), o->text[q]);
		return;
	}
	if (o->cmd == CMD_CL || o->cmd == CMD_BER || o->cmd == CMD_ERRORS ||
	    (o->cmd == CMD_SIMULATE && !o->text[Q_RATIO]))
		check_sweep_range(o);
}

static void warning(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: warning: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Is quantity q given, by a flag or by a column of the batch file? */
static int given(const struct options *o, const struct batch *b, enum quantity q)
{
	return o->text[q] || (b && batch_has(b, q));
}

/* Input that is ignored or overridden gets a warning, before any output. */
static void warn_ignored(const struct options *o, const struct batch *b)
{
	int rate = given(o, b, Q_RATE) || given(o, b, Q_BAUD);
	if (given(o, b, Q_LANES) && !rate && !o->all_lanes && (flags[Q_LANES].commands & ON(o->cmd)))
		warning("%s is ignored without a rate (--rate or --baud): bits count every lane",
		        o->text[Q_LANES] ? "--lanes" : "column 'lanes'");
	if (given(o, b, Q_BITS_PER_SYMBOL) && !given(o, b, Q_BAUD))
		warning("%s is ignored without --baud", o->text[Q_BITS_PER_SYMBOL] ? "--bits-per-symbol"
		                                                               : "column 'bits-per-symbol'");
	if (o->delimiter && !o->input)
		warning("--delimiter is ignored without --input");
	if (o->verify && o->cmd == CMD_BITS && o->model == BERCL_BINOMIAL && !(b && b->has_model_column))
		warning("--verify: binomial bits rows have no GSL counterpart; none is shown");
	if (!b)
		return;
	for (int q = 0; q < NQ; q++)
		if (o->text[q] && batch_has(b, q))
			warning("%s '%s' fills only the empty cells of column '%s' in %s", flag_name(q),
			        o->text[q], flags[q].name, b->name);
	if (o->model_given && b->has_model_column)
		warning("--model fills only the empty cells of column 'model' in %s", b->name);
	for (size_t i = 0; i < b->ncols; i++)
		if (b->column_quantity[i] == COLUMN_UNUSED)
			warning("%s: column '%s' is not used by 'bercl %s': copied through as '%s'",
			        b->name, b->header[i], commands[o->cmd].name, b->renamed[i]);
		else if (b->renamed[i])
			warning("%s: column '%s' is also an output column: copied through as '%s'",
			        b->name, b->header[i], b->renamed[i]);
		else if (batch_loose_match(b, i))
			warning("%s:%ld: column '%s' is not recognised: without its quotes and blanks it "
			        "would be '%s' (a quote opens a cell only as its first byte); copied "
			        "through as it is",
			        b->name, b->header_line, b->header[i], batch_loose_match(b, i));
}

/* --value COLUMN: the layout's column of that name, or a batch pass-through one. */
static void choose_value(const struct options *o, struct layout *l)
{
	l->value_col = -1;
	l->value_extra = -1;
	for (int i = 0; i < l->ncol; i++)
		if (strcmp(o->value, columns[l->col[i]].name) == 0)
			l->value_col = i;
	for (size_t i = 0; l->value_col < 0 && i < l->nextra; i++)
		if (strcmp(o->value, l->extra_names[i]) == 0)
			l->value_extra = (long)i;
	if (l->value_col >= 0 || l->value_extra >= 0) {
		l->format = FMT_VALUE;
		return;
	}
	char names[1024];
	size_t k = 0;
	names[0] = '\0';
	for (int i = 0; i < l->ncol && k < sizeof names; i++)
		k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "",
		                      columns[l->col[i]].name);
	usage_error("--value '%s': 'bercl %s' has no such column here (it has %s)", o->value,
	            commands[o->cmd].name, names);
}

/* The output columns, from the subcommand's layout (commands.c). */
static void make_layout(const struct options *o, const struct batch *b, struct layout *l)
{
	unsigned have = 0;
	int machine = o->format != FMT_TEXT || o->value;
	if (machine)
		have |= WHEN_MACHINE;
	if (machine || o->model == BERCL_BINOMIAL)
		have |= WHEN_MODEL_SHOWN;
	if (!machine && o->model == BERCL_BINOMIAL)
		have |= WHEN_BINOMIAL_TEXT;
	if (given(o, b, Q_TIME) || given(o, b, Q_RATE) || given(o, b, Q_BAUD))
		have |= WHEN_TIME;
	if (given(o, b, Q_REQUIRE))
		have |= WHEN_REQUIRE;
	if (o->verify)
		have |= WHEN_VERIFY;
	if (o->two_sided)
		have |= WHEN_TWO_SIDED;
	int plan = o->cmd == CMD_PLAN || o->text[Q_RATIO] || o->plan ||
	           (b && batch_has(b, Q_RATIO));
	have |= plan ? WHEN_PLAN : WHEN_NOT_PLAN;
	if (o->cmd == CMD_PLAN && (machine || given(o, b, Q_ALPHA)))
		have |= WHEN_TARGETS;
	have |= o->sequential ? WHEN_SEQUENTIAL : WHEN_FIXED;
	if (o->text[Q_READING_INTERVAL] || (b && batch_has(b, Q_READING_INTERVAL)))
		have |= WHEN_READINGS;
	else
		have |= WHEN_CONTINUOUS;
	int true_ber = o->text[Q_TRUE_BER] || (b && batch_has(b, Q_TRUE_BER));
	if (true_ber)
		have |= WHEN_TRUE_BER;
	else if (o->sequential)
		have |= WHEN_TABLE;
	if (!(have & WHEN_TABLE) || o->format != FMT_TEXT)
		have |= WHEN_SUMMARY;
	if (o->lane_text || (o->telem && o->telem->has_lane))
		have |= WHEN_LANE;
	if (o->telem && o->telem->has_port)
		have |= WHEN_FEC_PORT;
	if ((have & WHEN_TIME) || o->all_lanes)
		have |= WHEN_LANES_SHOWN;
	if (o->all_lanes)
		have |= WHEN_ALL_LANES;
	if (o->cmd == CMD_FEC) {
#define GIVEN(q) (o->text[q] || (b && batch_has(b, q)))
		int counts = GIVEN(Q_CODEWORDS) || GIVEN(Q_UNCORRECTABLE);
		int test = GIVEN(Q_BITS) || GIVEN(Q_TIME);
		int degrade = GIVEN(Q_DEGRADE_INTERVAL) || GIVEN(Q_DEGRADE_THRESHOLD);
		int mode = GIVEN(Q_BER) || GIVEN(Q_SER) || GIVEN(Q_CER) || test || counts || o->histogram;
		if (GIVEN(Q_BER) || GIVEN(Q_SER))
			have |= WHEN_FEC_BER;
		if (GIVEN(Q_BER) || GIVEN(Q_SER) || GIVEN(Q_CER))
			have |= WHEN_FEC_CER;
		if (o->histogram || GIVEN(Q_INTERLEAVE) || GIVEN(Q_FRAMES_PER_CODEWORD))
			have |= WHEN_FEC_FLR;
		if (degrade)
			have |= WHEN_FEC_DEGRADE;
		if (degrade && GIVEN(Q_RATE))
			have |= WHEN_FEC_DEGRADE_TIME;
		if (degrade && !mode)
			have |= WHEN_FEC_BER | WHEN_FEC_CER; /* the inverse: at degrade_p = 1/2 */
		if (GIVEN(Q_CER) && (!counts || b))
			have |= WHEN_FEC_BER_MAX;
		if (test)
			have |= WHEN_FEC_TEST;
		if (counts || o->histogram)
			have |= WHEN_FEC_COUNTS;
		if (GIVEN(Q_CL) || (counts && GIVEN(Q_CER)))
			have |= WHEN_FEC_CL;
		if (GIVEN(Q_CL) && (test || counts || o->histogram))
			have |= WHEN_FEC_CER_UPPER;
		if (o->histogram)
			have |= WHEN_FEC_HIST;
#undef GIVEN
	}
	memset(l, 0, sizeof *l);
	l->format = o->value ? FMT_CSV : o->format;
	if (b) {
		l->extra_names = b->extra_names;
		l->nextra = b->nextra;
	}
	build_layout(o->cmd, have, l);
	if (plan)
		l->sentence = 0;
	int has_error = 0;
	for (int i = 0; i < l->ncol; i++)
		has_error |= l->col[i] == COL_ERROR;
	if (b && !has_error) /* a batch row that cannot be computed says why */
		l->col[l->ncol++] = COL_ERROR;
	if (o->value)
		choose_value(o, l);
}

static int exit_status = 0;

static void raise_status(int st)
{
	if (st > exit_status)
		exit_status = st;
}

/*
 * Ctrl-C (or SIGTERM, SIGHUP): stop reading rows, finish the lines in
 * flight, flush whole lines, then die of the signal as the shell expects.
 * A second signal kills at once.
 */
static volatile sig_atomic_t interrupted;

static int wake_pipe[2] = {-1, -1};

static void on_signal(int sig)
{
	if (interrupted) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
	interrupted = sig;
	/* wakes a read blocked in poll (csv.c), whenever the signal came */
	if (wake_pipe[1] >= 0) {
		int saved = errno;
		ssize_t n = write(wake_pipe[1], "", 1);
		(void)n;
		errno = saved;
	}
}

/*
 * SA_RESTART, so that a write to standard output is never cut by the
 * signal; the readers do not rely on it: they block in poll(2) on the
 * wake-up pipe too.
 */
static void catch_signals(void)
{
	if (pipe(wake_pipe) == 0) {
		for (int i = 0; i < 2; i++) {
			fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
			fcntl(wake_pipe[i], F_SETFL, O_NONBLOCK);
		}
		csv_wake_fd = wake_pipe[0];
	}
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction sa, old;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = SA_RESTART;
		/* a signal ignored by whoever started us (nohup) stays ignored */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
}

static void die_if_interrupted(void)
{
	if (!interrupted)
		return;
	fflush(stdout);
	signal(interrupted, SIG_DFL);
	raise(interrupted);
}

/*
 * Where a message is about: "FILE:LINE: " for a batch row; in a sweep of
 * several rows "row N (errors=2 bits=1 ber=0.1): ", naming the values of
 * the flags that make the row.
 */
static double sweep_rows(const struct options *o);

static void put_where(FILE *err, const struct options *o, const char *file, int sweep,
                      const struct row *r)
{
	if (file) {
		fprintf(err, "%s:%ld: ", file, r->line);
		return;
	}
	if (r->port || (r->lane && o->cmd == CMD_FEC)) /* a report's histogram (telemetry.c) */
		fprintf(err, "%s%s%s%s: ", r->port ? r->port : "", r->port && r->lane ? " " : "",
		        r->lane ? "lane " : "", r->lane ? r->lane : "");
	if (!sweep || (o->telem && sweep_rows(o) == 1))
		return;
	fprintf(err, "row %ld (", r->line);
	int first = 1;
	for (int q = 0; q < NQ; q++) {
		if (!o->text[q])
			continue;
		double v = *(const double *)(const void *)((const char *)&r->in + flags[q].value);
		char b[32];
		format_double(b, sizeof b, v);
		fprintf(err, "%s%s=%s", first ? "" : " ", flags[q].name, b);
		first = 0;
	}
	fprintf(err, "): ");
}

/*
 * Compute and verify one row, with messages on err (file names the batch
 * input, NULL for a sweep; sweep: a sweep of several rows); returns its
 * exit status. Touches nothing shared: batch rows run on worker threads.
 */
static int process(const struct options *o, struct row *r, const char *file, int sweep,
                   FILE *err)
{
	enum compute_status st = compute_row(o->cmd, r);
	if (st != COMPUTE_OK) {
		if (!interrupted) {
			fprintf(err, "%s: ", prog);
			put_where(err, o, file, sweep, r);
			fprintf(err, "%s\n", r->error);
		}
		return st == COMPUTE_INPUT ? EXIT_USAGE : EXIT_INTERNAL;
	}
	if (!isnan(r->cer_worst) && !interrupted) {
		char x[32], w[32];
		format_double(x, sizeof x, r->in.cer);
		format_double(w, sizeof w, r->cer_worst);
		fprintf(err, "%s: note: ", prog);
		put_where(err, o, file, sweep, r);
		fprintf(err, "cer %s is at least this code's cer at pre-FEC BER 0.5 (%s): every BER up to "
		             "0.5 meets it, and ber_max is 0.5, the end of the domain\n",
		        x, w);
	}
	if (r->has_hist && r->hist.model_contradicted && !interrupted) {
		char u[32], c[32];
		format_double(u, sizeof u, r->hist.uncorrectable);
		format_double(c, sizeof c, r->hist.codewords);
		fprintf(err, "%s: warning: ", prog);
		put_where(err, o, file, sweep, r);
		fprintf(err,
		        "the histogram contradicts the independent-error model (%s; %s of %s "
		        "codewords uncorrectable): cer_upper bounds the uncorrectable count "
		        "(Clopper-Pearson)\n",
		        r->hist.burst ? "burst = yes" : "more uncorrectable than its bound allows", u, c);
	}
	if (r->ber_capped && !interrupted) {
		fprintf(err, "%s: warning: ", prog);
		put_where(err, o, file, sweep, r);
		fprintf(err, "the Poisson BER bound is above 1 here, past the model's range: "
		             "printed as 1 (--model binomial gives the exact bound)\n");
	}
	if (o->verify) {
		char note[512];
		if (verify_row(o->cmd, r, note, sizeof note)) {
			char bits[32], x[32];
			format_double(bits, sizeof bits, r->bits);
			format_double(x, sizeof x, o->cmd == CMD_BER ? r->in.cl : r->in.ber);
			fprintf(err, "%s: verify: ", prog);
			put_where(err, o, file, sweep, r);
			fprintf(err, "errors=%.0f bits=%s %s=%s: %s\n", r->in.errors, bits,
			        o->cmd == CMD_BER ? "cl" : "ber", x, note);
		}
	}
	return r->verdict == 0 ? EXIT_VERDICT : 0;
}

struct batch_ctx {
	const struct options *o;
	const struct layout *l;
	const char *name;
};

static int handle_batch_row(struct row *r, FILE *out, FILE *err, const void *ctx)
{
	const struct batch_ctx *c = ctx;
	int st = process(c->o, r, c->name, 0, err);
	format_row(out, c->l, r);
	return st;
}

/* The quantities the subcommand reads, as batch_open() wants them. */
static unsigned used_quantities(enum command cmd)
{
	unsigned used = 0;
	for (int q = 0; q < NQ; q++)
		if (flags[q].commands & ON(cmd))
			used |= 1u << q;
	return used;
}

/*
 * The batch input, opened before the signals are caught: an open that
 * blocks (a FIFO with no writer yet) dies of a signal at once.
 */
static FILE *open_input(const char *path)
{
	if (strcmp(path, "-") == 0)
		return stdin;
	FILE *fp = fopen(path, "r");
	if (!fp)
		usage_error("--input '%s': %s", path, strerror(errno));
	struct stat st;
	if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode))
		usage_error("--input '%s': is a directory, not a CSV file", path);
	return fp;
}

static void run_batch(const struct options *o, FILE *fp, const struct row_input *base)
{
	const char *name = fp == stdin ? "(stdin)" : o->input;
	struct batch b;
	char err[512];
	if (batch_open(&b, fp, name, used_quantities(o->cmd), o->delimiter, &interrupted, err,
	               sizeof err) != 0) {
		die_if_interrupted();
		usage_error("%s", err);
	}
	struct layout l;
	make_layout(o, &b, &l);
	const char *taken[NCOLUMNS];
	for (int i = 0; i < l.ncol; i++)
		taken[i] = columns[l.col[i]].name;
	if (batch_rename_taken(&b, taken, (size_t)l.ncol) < 0)
		usage_error("%s: out of memory", name);
	warn_ignored(o, &b);
	const char *dup;
	long dups = batch_rename_duplicates(&b, &dup);
	if (dups < 0)
		usage_error("%s: out of memory", name);
	if (dups > 0)
		warning("%s:%ld: %ld copied column%s share a name with an earlier one ('%s' first): "
		        "printed as NAME_2, NAME_3, ...", name, b.header_line, dups, dups > 1 ? "s" : "",
		        dup);
	format_header(stdout, &l);
	if (ferror(stdout))
		check_output();
	/* Every core we may run on computes (this thread and cores - 1
	 * workers); rows are still written in input order. */
	simulate_set_hooks(&interrupted, NULL, 0);
	int cores = pipeline_cpus();
	struct batch_ctx ctx = {o, &l, name};
	raise_status(pipeline_run(&b, base, handle_batch_row, &ctx, stdout, stderr, cores - 1,
	                          &interrupted));
	batch_close(&b);
	if (fp != stdin)
		fclose(fp);
	die_if_interrupted();
}

/* Rows in the sweep: the product of the lists' lengths (a double: no overflow). */
static double sweep_rows(const struct options *o)
{
	double n = 1;
	for (int q = 0; q < NQ; q++)
		if (o->text[q])
			n *= (double)o->list[q].count;
	return n;
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
	       "when error 'errors' + 1\n  comes by 'fail by bits' bits ('never': that error alone "
	       "does not fail it)\n");
	/* risks rounded up, lengths and times up: never better than they are */
	printf("  at most %.0f bits, %.0f errors: error %.0f fails; risks alpha %.4f %%, beta "
	       "%.4f %% (exact)\n",
	       r->max_bits, errors, errors + 1, risk_up(100 * r->alpha), risk_up(100 * r->beta));
	if (!isnan(r->alpha_actual)) {
		double b = r->in.reading_interval;
		printf("  looked at only at readings every %.*g bits (as bercl watch decides): "
		       "alpha_actual %.4f %%, beta_actual %.4f %% (exact)\n",
		       b == floor(b) && b < 1e15 ? 15 : 6, b, risk_up(100 * r->alpha_actual),
		       risk_up(100 * r->beta_actual));
	}
	printf("  expected length: %.6g bits at BER %.6g (good), %.6g bits at BER %.6g (bad); "
	       "the fixed plan: %.0f bits\n",
	       human_round_sig(r->expected_bits_good, 6, ROUND_UP), r->in.ber / r->in.ratio,
	       human_round_sig(r->expected_bits_bad, 6, ROUND_UP), r->in.ber, r->fixed_bits);
	if (!isnan(r->in.rate_bps)) {
		double lanes = isnan(r->in.lanes) ? 1 : r->in.lanes;
		human_duration(good, sizeof good, r->expected_bits_good / (r->in.rate_bps * lanes), ROUND_UP);
		human_duration(bad, sizeof bad, r->expected_bits_bad / (r->in.rate_bps * lanes), ROUND_UP);
		human_duration(most, sizeof most, r->max_bits / (r->in.rate_bps * lanes), ROUND_UP);
		char fixed[64];
		human_duration(fixed, sizeof fixed, r->fixed_bits / (r->in.rate_bps * lanes), ROUND_UP);
		printf("  expected time: %s (good), %s (bad); at most %s; the fixed plan: %s\n", good,
		       bad, most, fixed);
	}
}

/*
 * cl --lane-errors: the rows of one sweep point r0, one per lane, then
 * lane=combined (all bits and errors pooled) and lane=all (the same bits
 * and errors, and the product of the lane CLs: every lane below the BER at
 * once).
 */
static void lane_rows(const struct options *o, const struct row *r0, const struct layout *l,
                      long *index)
{
	static bercl_tails tails[MAX_LANES];
	int ok = 1;
	double total = 0, lane_bits = NAN;
	for (int i = 0; i <= o->nlanes + 1; i++) {
		struct row r = *r0;
		if (i < o->nlanes) {
			snprintf(r.lane_name, sizeof r.lane_name, "%d", i + 1);
			r.lane = r.lane_name;
			r.in.errors = o->lane_errors[i];
			total += o->lane_errors[i];
		} else if (i == o->nlanes) {
			r.lane = "combined";
			r.in.errors = total;
			if (!isnan(r.in.bits))
				r.in.bits = r.in.bits * o->nlanes;
			else
				r.in.lanes = o->nlanes; /* bits = rate * time * lanes */
		} else {
			/* every lane below the BER at once: the lanes' bits and errors
			   together (as combined, and as watch's all row), the product CL */
			r.lane = "all";
			r.in.errors = total;
			r.bits = lane_bits * o->nlanes;
			r.in.lanes = o->nlanes;
			if (!ok) {
				snprintf(r.error, sizeof r.error, "a lane has no CL");
			} else if (compute_lanes_all(&r, tails, o->nlanes) != COMPUTE_OK) {
				raise_status(EXIT_INTERNAL);
				fprintf(stderr, "%s: %s\n", prog, r.error);
			} else if (r.verdict == 0) {
				raise_status(EXIT_VERDICT);
			}
		}
		r.line = ++*index;
		if (i <= o->nlanes) {
			int st = process(o, &r, NULL, *index > 1, stderr);
			raise_status(st);
			if (*index == 1 && st >= EXIT_USAGE)
				exit(exit_status); /* a usage error: nothing printed */
			if (i < o->nlanes) {
				if (r.error[0])
					ok = 0;
				else
					tails[i] = r.tails;
				lane_bits = r.bits;
			}
		}
		if (*index == 1)
			format_header(stdout, l);
		format_row(stdout, l, &r);
		check_output();
	}
}

/* Seconds before a long simulate shows progress: BERCL_PROGRESS_DELAY if it
 * is a number from 0 to 1e6 (as git's GIT_PROGRESS_DELAY), else 2. */
static double progress_delay(void)
{
	const char *s = getenv("BERCL_PROGRESS_DELAY");
	char *end;
	double d = s ? strtod(s, &end) : 2.0;
	if (s && (end == s || *end != '\0' || !(d >= 0 && d <= 1e6)))
		d = 2.0;
	return d;
}

/*
 * The sweep's next row; with a report of several histograms (ports, lanes:
 * src/telemetry.c) the whole sweep for each in turn, its port and lane set.
 */
static int next_row(struct sweep *s, const struct vlist *const lists[NQ],
                    const struct row_input *base, const struct telemetry *tm, int *hist,
                    struct row *r)
{
	for (;;) {
		if (sweep_next(s, base, r)) {
			if (tm) {
				r->in.histogram = tm->h[*hist].bins;
				r->in.hist_groups = tm->h[*hist].ngroups;
				r->in.hist_lo = tm->h[*hist].lo;
				r->in.hist_hi = tm->h[*hist].hi;
				r->in.hist_count = tm->h[*hist].count;
				r->port = tm->h[*hist].port[0] ? tm->h[*hist].port : NULL;
				r->lane = tm->h[*hist].lane[0] ? tm->h[*hist].lane : NULL;
			}
			return 1;
		}
		if (!tm || ++*hist >= tm->n)
			return 0;
		sweep_init(s, lists);
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
	warn_ignored(o, NULL);
	/* rows run one at a time here: a long simulate shows progress on a terminal */
	simulate_set_hooks(&interrupted, isatty(STDERR_FILENO) ? stderr : NULL, progress_delay());
	int several = sweep_rows(o) > 1 || (o->telem && o->telem->n > 1);
	struct row r;
	long index = 0;
	int hist = 0;
	while (!interrupted && next_row(&s, lists, base, o->telem, &hist, &r)) {
		if (o->lane_text) {
			lane_rows(o, &r, &l, &index);
			continue;
		}
		r.line = ++index;
		int st = process(o, &r, NULL, several, stderr);
		if (interrupted)
			break; /* this row was cut short: not printed */
		raise_status(st);
		if (!several && st >= EXIT_USAGE)
			exit(exit_status); /* a usage error: nothing printed */
		if (index == 1)
			format_header(stdout, &l);
		/* A row that fails keeps its place, with empty results; the reason
		 * went to standard error, naming the row, and the exit status says so. */
		if (r.seq_table && isnan(r.in.true_ber))
			print_sequential(&l, &r);
		else
			format_row(stdout, &l, &r);
		plan_free(&r);
		if (ferror(stdout))
			check_output();
	}
	die_if_interrupted();
}

int main(int argc, char **argv)
{
	static struct options o; /* static: still reachable when a helper exits */
	parse_options(argc, argv, &o);
	check_combinations(&o);

	struct row_input base;
	row_input_init(&base, o.model, o.two_sided, o.sequential);
	base.all_lanes = o.all_lanes;
	if (o.code_text) {
		base.code_name = o.code_name;
		base.code = o.code;
	}
	static struct telemetry telem;
	if (o.histogram) {
		FILE *fp = strcmp(o.histogram, "-") == 0 ? stdin : fopen(o.histogram, "r");
		if (!fp)
			usage_error("--histogram '%s': %s", o.histogram, strerror(errno));
		char err[512];
		int rc = telemetry_read(fp, fp == stdin ? "(stdin)" : o.histogram, o.histogram_format,
		                        o.code.t, &telem, err, sizeof err);
		if (fp != stdin)
			fclose(fp);
		if (rc != 0)
			usage_error("--histogram: %s", err);
		if (telem.warning[0])
			fprintf(stderr, "%s: warning: %s\n", prog, telem.warning);
		base.histogram = telem.h[0].bins;
		o.telem = &telem;
	}
	base.tail_sonic = o.tail_sonic;
	if (o.cmd == CMD_WATCH) {
		for (int q = 0; q < NQ; q++)
			if (o.text[q]) {
				double c = NAN;
				double v = vlist_value(&o.list[q], 0, &c);
				row_set(&base, (enum quantity)q, v, c);
			}
		if (o.value) { /* a column of some watch layout (lane: with a lane column) */
			struct layout l;
			memset(&l, 0, sizeof l);
			l.format = FMT_CSV;
			build_layout(CMD_WATCH, WHEN_MACHINE | WHEN_LANE | (o.plan ? WHEN_PLAN : WHEN_NOT_PLAN),
			             &l);
			choose_value(&o, &l);
		}
		int st = watch_run(&base, o.format, o.plan, o.value);
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
				if (q == Q_CL) {
					struct vlist_pos first = {0, 0};
					vlist_lo_at(&o.list[q], &first, &base.cl_lo, &base.cl_complement_lo);
				}
			}

	FILE *input = o.input ? open_input(o.input) : NULL;
	catch_signals();
	if (o.input)
		run_batch(&o, input, &base);
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
