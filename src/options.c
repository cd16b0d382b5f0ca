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
#include "invoke.h"
#include "options.h"
#include "telemetry.h"

#define STR_(x) #x
#define STR(x) STR_(x)

const char *const prog = "bercl";

void (*options_exit)(int status) = exit;

/* "bercl: KIND" then the message, on one line of standard error
 * (invoke_message_line: made safe, cut at 1 KiB). */
static void say(const char *kind, const char *fmt, va_list ap)
{
	char text[4096], line[1200];
	vsnprintf(text, sizeof text, fmt, ap);
	invoke_message_line(line, sizeof line, kind, NULL, text);
	fprintf(stderr, "%s\n", line);
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

#define HELP_WIDTH 100 /* as the text tables */

/* Where to break text, at most room bytes in: before an alternative, an
 * optional part or a group (" | ", " [", " ("), else before a flag, else
 * at any space; a word longer than the room has its line. */
static int help_break(const char *text, int room)
{
	for (const char *prefer = "|[(-"; *prefer; prefer += *prefer == '|' ? 3 : 1) {
		for (int i = room; i > 0; i--)
			if (text[i] == ' ' && (strchr(prefer, text[i + 1]) != NULL) &&
			    (*prefer != '-' || text[i + 1] == '-'))
				return i;
	}
	for (int i = room; i > 0; i--)
		if (text[i] == ' ')
			return i;
	return (int)strcspn(text, " ");
}

/*
 * text (its line breaks and the blanks after them read as one space) after
 * `at` columns already on the line, broken so that no line passes
 * HELP_WIDTH, each further line indented by `indent` columns; ends the line.
 */
static void put_help_text(FILE *out, int at, int indent, const char *text)
{
	char flat[1024];
	size_t k = 0;
	for (const char *p = text; *p && k + 1 < sizeof flat; p++) {
		if (*p == '\n') {
			while (p[1] == ' ')
				p++;
			flat[k++] = ' ';
		} else {
			flat[k++] = *p;
		}
	}
	flat[k] = '\0';
	for (const char *t = flat; *t;) {
		int room = HELP_WIDTH - at, n = (int)strlen(t);
		int cut = n > room ? help_break(t, room) : n;
		fprintf(out, "%.*s\n", cut, t);
		t += cut;
		while (*t == ' ')
			t++;
		if (*t)
			fprintf(out, "%*s", indent, "");
		at = indent;
	}
}

/* The usage lines of one subcommand (cmd >= 0) or of all. */
static void put_usage(FILE *out, int cmd)
{
	int first = 1;
	for (int c = 0; c < NCOMMANDS; c++) {
		if (cmd >= 0 && c != cmd)
			continue;
		fprintf(out, "%s bercl %-8s ", first ? "usage:" : "      ", commands[c].name);
		put_help_text(out, 22, 24, commands[c].usage);
		first = 0;
	}
	if (cmd < 0) {
		fprintf(out, "       bercl %-8s %s\n", "eye",
		        "-i SCAN [--axis time|voltage] [--ber P] [--cl C] [--method M]"
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
			printf("  -%c, %-*s  ", f->letter, width, left);
		else
			printf("      %-*s  ", width, left);
		put_help_text(stdout, 8 + width, 8 + width, f->help);
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

/* The subcommand, argv[1]; --help and --version alone print and exit. */
static enum command subcommand(int argc, char **argv)
{
	char list[256], why[512];
	if (argc < 2)
		usage_error("missing subcommand: %s (see bercl --help)",
		            invoke_command_list(list, sizeof list));
	const char *sub = argv[1];
	int help = strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0;
	int version = strcmp(sub, "-V") == 0 || strcmp(sub, "--version") == 0;
	if ((help || version) && argc > 2)
		usage_error("%s takes no argument: '%s'", sub, argv[2]);
	if (help)
		print_help(-1);
	if (version)
		print_version();
	enum command cmd;
	if (invoke_command(sub, &cmd, why, sizeof why) == 0)
		return cmd;
	if (sub[0] == '-')
		usage_error("missing subcommand before '%s': %s", sub,
		            invoke_command_list(list, sizeof list));
	usage_error("%s", why);
}

/* getopt's complaint about argv[optind - 1], as one line. */
static _Noreturn void bad_flag(int c, char **argv)
{
	if (c == ':')
		usage_error("%s needs a value", argv[optind - 1]);
	if (optopt > 0 && optopt < 128 && isalnum(optopt) && argv[optind - 1][1] != '-')
		usage_error("unknown flag '-%c' (see bercl --help)", optopt);
	char why[512];
	usage_error("%s", invoke_unknown_flag(argv[optind - 1], why, sizeof why));
}

void parse_options(int argc, char **argv, struct options *o)
{
	memset(o, 0, sizeof *o);
	o->cmd = subcommand(argc, argv);
	int c;
	build_getopt_tables();
	opterr = 0;
	optind = 2;
	char why[1024];
	while ((c = getopt_long(argc, argv, short_options, long_options, NULL)) != -1) {
		int id = flag_of_option(c);
		if (id < 0)
			bad_flag(c, argv);
		if (invoke_flag(o, id, optarg, why, sizeof why))
			usage_error("%s", why);
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	/* --help and --version once the line is known to hold nothing else
	 * unreadable: `bercl cl --version foo` is an error, not a version */
	if (o->seen[F_HELP])
		print_help((int)o->cmd);
	if (o->seen[F_VERSION])
		print_version();
	if (invoke_quantities(o, why, sizeof why))
		usage_error("%s", why);
}

/* The checks that need several flags, before anything is printed (invoke_check). */
void check_combinations(const struct options *o)
{
	char why[1024];
	if (invoke_check(o, why, sizeof why))
		usage_error("%s", why);
}
