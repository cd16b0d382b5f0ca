/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * options.c - bercl's command line: one loop over the flag table (flags.c)
 * reads argv into struct options, --help is printed from the subcommand and
 * flag tables, and the checks that need several flags run before anything
 * is printed (the form table's rules, forms.c, and what only flags can get
 * wrong).
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "compute.h"
#include "forms.h"
#include "options.h"
#include "telemetry.h"

#define STR_(x) #x
#define STR(x) STR_(x)

const char *const prog = "bercl";

void (*options_exit)(int status) = exit;

/*
 * "bercl: KIND" then the message, on one line of standard error: a control
 * character of a value quoted in it (a newline, a CR that would hide the
 * flag's name) shows as '?', and past 1 KiB the line ends in "...".
 */
static void say(const char *kind, const char *fmt, va_list ap)
{
	char line[1024];
	int n = vsnprintf(line, sizeof line, fmt, ap);
	if (n >= (int)sizeof line)
		memcpy(line + sizeof line - 4, "...", 4);
	fprintf(stderr, "%s: %s%s\n", prog, kind, line_safe(line));
}

_Noreturn void usage_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
	options_exit(EXIT_USAGE);
	abort(); /* options_exit returns only by longjmp */
}

void say_warnings(const struct options *o)
{
	for (int i = 0; i < o->nwarnings; i++)
		warning("%s", o->warnings[i]);
}

void warning(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("warning: ", fmt, ap);
	va_end(ap);
}

/* "--name" of a flag. */
const char *flag_name(int id)
{
	static char names[NFLAGS][24];
	if (!names[id][0])
		snprintf(names[id], sizeof names[id], "--%s", flags[id].name);
	return names[id];
}

/* A write error on standard output, said once: exit 3. */
void check_output(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output: %s\n", prog, strerror(errno));
		options_exit(EXIT_INTERNAL);
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
	if (cmd < 0) {
		fprintf(out, "       bercl %-8s %s\n", "eye",
		        "-i SCAN [--axis time|voltage] [--ber P] [--cl C] [--method likelihood|regression]"
		        " | --plan ...");
		fprintf(out, "       bercl --help | --version\n");
	}
}

/* "--name ARG" of a flag; an enum's ARG is its values: --model poisson|binomial. */
static int flag_usage(int id, char *buf, size_t len)
{
	const struct flag_desc *f = &flags[id];
	int k = snprintf(buf, len, "--%s%s", f->name, f->arg ? " " : "");
	if (f->action == ACT_ENUM)
		for (int v = 0; f->values[v] && k >= 0 && (size_t)k < len; v++)
			k += snprintf(buf + k, len - (size_t)k, "%s%s", v ? "|" : "", f->values[v]);
	else if (f->arg)
		k += snprintf(buf + k, len - (size_t)k, "%s", f->arg);
	return k;
}

/*
 * The columns a subcommand's rows can have (its layout, commands.c), for
 * --value and the bash completion: "Columns: a, b, ..." wrapped at 80.
 */
static void print_columns(int cmd)
{
	int col = 9, seen[NCOLUMNS] = {0};
	printf("\nColumns:");
	for (const struct layout_entry *e = commands[cmd].layout; e->col != NCOLUMNS; e++) {
		if (seen[e->col]++)
			continue;
		const char *name = columns[e->col].name;
		int w = (int)strlen(name) + 1;
		if (col + w > 80) {
			printf("\n        ");
			col = 8;
		}
		printf(" %s", name);
		col += w;
	}
	if (!seen[COL_ERROR]) /* a batch row that cannot be computed says why */
		printf("%s %s", col + 6 > 80 ? "\n        " : "", columns[COL_ERROR].name);
	putchar('\n');
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
	if (cmd < 0)
		fputs("  bercl eye  -i SCAN [--ber P] [--cl C]            eye opening and TJ at P from a "
		      "bathtub scan\n"
		      "                                                   (bercl eye --help)\n",
		      stdout);
	putchar('\n');
	char left[96];
	int width = 0;
	for (int id = 0; id < NFLAGS; id++) {
		int w = flag_usage(id, left, sizeof left);
		if (w > width)
			width = w;
	}
	for (int id = 0; id < NFLAGS; id++) {
		const struct flag_desc *f = &flags[id];
		if (!f->help || (cmd >= 0 && !(f->commands & ON(cmd))))
			continue;
		flag_usage(id, left, sizeof left);
		if (f->letter)
			printf("  -%c, %-*s  %s\n", f->letter, width, left, f->help);
		else
			printf("      %-*s  %s\n", width, left, f->help);
	}
	if (cmd >= 0)
		print_columns(cmd);
	printf("\n"
	       "Numeric flags take lists and ranges: 1e-12,1e-15  0..10  0..100:11  1e-15..1e-9:7log\n"
	       "Exit status: 0 ok (watch: pass), 1 a --require verdict failed (watch: fail),\n"
	       "2 usage or input error, 3 numerical failure or write error,\n"
	       "4 no decision (watch: input ended first; --clustered or --intervals --require:\nno error to decide on). %sSee bercl(1).\n",
	       cmd < 0 ? "bercl SUBCOMMAND --help: its flags and columns only.\n" : "");
	check_output();
	options_exit(0);
	abort();
}

static void print_version(void)
{
	printf("bercl %s\n", BERCL_VERSION_STRING);
	check_output();
	options_exit(0);
	abort();
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
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", c == 0 ? "" : ", ",
		                      commands[c].name);
	/* and eye, whose flags and rows are engine/eye.c's own (src/eye_cmd.c) */
	if (k < sizeof buf)
		snprintf(buf + k, sizeof buf - k, " or eye");
	return buf;
}

static void option_help(struct options *o)
{
	print_help((int)o->cmd);
}

/* "poisson or binomial", from an enum flag's names. */
static const char *enum_names(const struct flag_desc *f)
{
	static char buf[128];
	size_t k = 0, n = 0;
	while (f->values[n])
		n++;
	buf[0] = '\0';
	for (size_t i = 0; i < n && k < sizeof buf; i++)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
		                      f->values[i]);
	return buf;
}

/* One flag that is not a quantity: its row's action on its value. */
static void take_flag(int id, const char *arg, struct options *o)
{
	const struct flag_desc *f = &flags[id];
	if (f->once && o->seen[id])
		usage_error("%s given twice", flag_name(id));
	for (int other = NQ; f->group && other < NFLAGS; other++)
		if (other != id && flags[other].group == f->group && o->seen[other])
			usage_error("%s and %s: give one", flag_name(other < id ? other : id),
			            flag_name(other < id ? id : other));
	o->seen[id]++;
	void *field = f->option == NO_FIELD ? NULL : (char *)o + f->option;
	switch (f->action) {
	case ACT_SWITCH:
		*(int *)field = 1;
		break;
	case ACT_FILE:
		if (arg[0] == '\0')
			usage_error("%s: empty file name", flag_name(id));
		/* fall through */
	case ACT_STRING:
		*(const char **)field = arg;
		break;
	case ACT_ENUM: {
		int v = name_index(arg, f->values);
		if (v >= 0) {
			*(int *)field = v;
			return;
		}
		char why[160], msg[512];
		snprintf(why, sizeof why, "unknown %s (%s)", f->noun, enum_names(f));
		value_message(msg, sizeof msg, flag_name(id), arg, why);
		usage_error("%s", msg);
	}
	case ACT_CUSTOM: {
		char why[256];
		if (f->custom(arg, o, why, sizeof why))
			usage_error("%s", why);
		break;
	}
	case ACT_HELP: /* carried out once the whole line is read (parse_options) */
	case ACT_VERSION:
		break;
	case ACT_QUANTITY:
		break;
	}
}

/* The subcommand, argv[1]; --help and --version alone print and exit. */
static enum command subcommand(int argc, char **argv)
{
	if (argc < 2)
		usage_error("missing subcommand: %s (see bercl --help)", command_list());
	const char *sub = argv[1];
	int help = strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0;
	int version = strcmp(sub, "-V") == 0 || strcmp(sub, "--version") == 0;
	if ((help || version) && argc > 2)
		usage_error("%s takes no argument: '%s'", sub, argv[2]);
	if (help)
		print_help(-1);
	if (version)
		print_version();
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(sub, commands[i].name) == 0)
			return (enum command)i;
	if (sub[0] == '-')
		usage_error("missing subcommand before '%s': %s", sub, command_list());
	usage_error("unknown subcommand '%s' (%s)", sub, command_list());
}

/* getopt's complaint about argv[optind - 1], as one line. */
static _Noreturn void bad_flag(int c, char **argv)
{
	if (c == ':')
		usage_error("%s needs a value", argv[optind - 1]);
	if (optopt > 0 && optopt < 128 && isalnum(optopt) && argv[optind - 1][1] != '-')
		usage_error("unknown flag '-%c' (see bercl --help)", optopt);
	usage_error("unknown or malformed flag '%s' (see bercl --help)", argv[optind - 1]);
}

/*
 * A flag's value refused: the likely mistake that explains it, where there
 * is one (3,000,000,000,000 is the list 3, 0, 0, 0, 0), not the symptom.
 */
_Noreturn static void refuse_value(enum quantity q, const char *text, const char *why)
{
	char msg[512];
	if (!quantity_warning(q, text, msg, sizeof msg))
		value_message(msg, sizeof msg, flag_name(q), text, why);
	usage_error("%s", msg);
}

/* Each quantity's list; every value's domain (ranges are monotone: their ends). */
static void read_quantities(struct options *o)
{
	for (int q = 0; q < NQ; q++) {
		if (!o->text[q])
			continue;
		const char *bad;
		if (o->nwarnings < 4 &&
		    quantity_warning((enum quantity)q, o->text[q], o->warnings[o->nwarnings],
		                     sizeof o->warnings[0]))
			o->nwarnings++;
		const char *why = parse_vlist(o->text[q], flags[q].parse, &o->list[q], &bad);
		if (why)
			refuse_value((enum quantity)q, o->text[q], why);
		struct row_input probe;
		double ends[2] = {vlist_min(&o->list[q]), vlist_max(&o->list[q])};
		for (int k = 0; k < 2; k++) {
			why = row_set(&probe, (enum quantity)q, ends[k], 1.0 - ends[k]);
			if (why)
				refuse_value((enum quantity)q, o->text[q], why);
		}
	}
}

void parse_options(int argc, char **argv, struct options *o)
{
	memset(o, 0, sizeof *o);
	o->cmd = subcommand(argc, argv);
	const char *sub = argv[1];
	int c;
	build_getopt_tables();
	opterr = 0;
	optind = 2;
	while ((c = getopt_long(argc, argv, short_options, long_options, NULL)) != -1) {
		int id = flag_of_option(c);
		if (id < 0)
			bad_flag(c, argv);
		if (id < NQ) { /* a quantity: its values are read below */
			if (o->text[id])
				usage_error("%s given twice", flag_name(id));
			if (!(flags[id].commands & ON(o->cmd)))
				usage_error("%s is not used by 'bercl %s'%s", flag_name(id), sub,
				            id == Q_CL && o->cmd == CMD_CL ? " (for a verdict use --require)" : "");
			o->text[id] = optarg;
			continue;
		}
		if (!(flags[id].commands & ON(o->cmd)))
			usage_error("%s is only for %s", flag_name(id), commands_of(id));
		take_flag(id, optarg, o);
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	/* --help and --version once the line is known to hold nothing else
	 * unreadable: `bercl cl --version foo` is an error, not a version */
	if (o->seen[F_HELP])
		option_help(o);
	if (o->seen[F_VERSION])
		print_version();
	read_quantities(o);
}

/* What the flags give, as the form table (forms.c) reads it. */
static qmask flag_presence(const struct options *o)
{
	qmask have = switch_presence(o->sequential, o->histogram != NULL, o->code_text != NULL,
	                             o->model == BERCL_BINOMIAL);
	for (int q = 0; q < NQ; q++)
		if (o->text[q])
			have |= HAS(q);
	if (o->seen[F_METHOD])
		have |= HAS(P_METHOD);
	if (o->plan)
		have |= HAS(P_PLAN);
	if (o->intervals && o->cmd != CMD_WATCH) /* the file gives them */
		have |= HAS(Q_BITS) | HAS(Q_ERRORS);
	if (o->burst_model)
		have |= HAS(P_BURSTS);
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
	if (o->cmd != CMD_ERRORS && emin > bmax) {
		char msg[256];
		compute_errors_exceed(msg, sizeof msg, emin, bmax, !o->text[Q_BITS]);
		usage_error("%s", msg);
	}
	if (o->cmd == CMD_BER)
		return;
	lmin = bmin * vlist_min(&o->list[Q_BER]);
	lmax = bmax * vlist_max(&o->list[Q_BER]);
	if (!(lmax >= BERCL_MIN_LAMBDA))
		usage_error("bits * ber = %.3g is below 1e-300 (--bits or --time, --ber)", lmax);
	if (!(lmin <= BERCL_MAX_LAMBDA) && isfinite(lmin))
		usage_error("bits * ber = %.3g is above 1e300 (--bits or --time, --ber)", lmin);
	if (!(lmin <= BERCL_MAX_LAMBDA)) /* no "inf" in a message */
		usage_error("bits * ber is above 1e300 (--bits or --time, --ber)");
}

/*
 * Checks that need several flags, made before anything is printed: the
 * form table's rules for the flags (a batch file checks them row by row,
 * with its columns), then what only flags can get wrong. A sweep is refused
 * only where every row would fail; where some rows can be computed, the
 * others keep their place with the reason (run_sweep).
 */
void check_combinations(const struct options *o)
{
	char why[ROW_ERROR_MAX];
	if (o->intervals && o->cmd != CMD_WATCH &&
	    (o->input || o->text[Q_ERRORS] || o->text[Q_BITS] || o->text[Q_TIME] || o->lane_text))
		usage_error("--intervals gives the bits and errors: not with %s",
		            o->input ? "--input" : o->text[Q_ERRORS] ? "--errors" : o->text[Q_BITS] ? "--bits"
		            : o->text[Q_TIME] ? "--time" : "--lane-errors");
	if ((o->text[Q_BURST_LENGTH] || o->text[Q_BURST_SHARE]) && !o->burst_model)
		usage_error("%s needs --burst-model gilbert-elliott",
		            o->text[Q_BURST_LENGTH] ? "--burst-length" : "--burst-share");
	if (o->burst_model && (o->text[Q_RATIO] || o->sequential))
		usage_error("--burst-model simulates a fixed test: not with %s",
		            o->text[Q_RATIO] ? "--ratio" : "--sequential");
	if (o->burst_model && o->model == BERCL_BINOMIAL)
		usage_error("--burst-model: the bursts are drawn as Poisson processes; not with --model "
		            "binomial");
	if (o->clustered && o->plan)
		usage_error("--clustered decides the fixed test (--ber --cl --errors): not with --plan");
	if (o->intervals && o->model == BERCL_BINOMIAL)
		usage_error("--intervals: the clustered answer is Poisson's; not with --model binomial");
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
	if (o->seen[F_HISTOGRAM_FORMAT] && !o->histogram)
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
	if ((o->cmd == CMD_CL || o->cmd == CMD_BER || o->cmd == CMD_ERRORS ||
	     (o->cmd == CMD_SIMULATE && !o->text[Q_RATIO])) && !o->intervals)
		check_sweep_range(o); /* --intervals: the file's bits, checked by its row */
}
