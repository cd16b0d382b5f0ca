/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * main.c - the bercl command: reads the flags (options.c), builds the row
 * stream (a sweep of the flags' lists or a batch file, run.c; watch's
 * readings, watch.c), and owns the exit status:
 *   0 every row computed (and every --require verdict passed)
 *   1 some --require verdict failed
 *   2 usage or input error (bad flag, bad value, unreadable file, bad row)
 *   3 internal or numerical failure, or an output write error
 *   4 watch: input ended before a decision
 * A usage error prints one line naming the flag and value, and nothing on
 * standard output.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bercl.h"
#include "commands.h"
#include "histogram.h"
#include "intervals.h"
#include "io.h"
#include "telemetry.h"
#include "invoke.h"
#include "options.h"
#include "run.h"
#include "signals.h"
#include "watch.h"

/*
 * fec --histogram FILE: its histograms (a report may hold several ports and
 * lanes, engine/telemetry.c), read once for every row (invoke_histogram).
 */
static void load_histogram(struct options *o)
{
	static struct telemetry telem;
	FILE *fp = strcmp(o->histogram, "-") == 0 ? stdin : fopen(o->histogram, "r");
	if (!fp)
		usage_error("--histogram '%s': %s", o->histogram, strerror(errno));
	struct invoke_sink k;
	command_sink(&k);
	char why[1024];
	struct source src = source_file(fp);
	const char *bad = invoke_histogram(o, &src, fp == stdin ? "(stdin)" : o->histogram, &telem,
	                                   &k, why, sizeof why);
	if (fp != stdin)
		fclose(fp);
	if (bad)
		usage_error("%s", bad);
}

/* cl, ber --intervals FILE: its sums, read once; the row's bits and errors are its totals. */
static void load_intervals(const struct options *o, struct row_input *base)
{
	static bercl_intervals sums;
	FILE *fp = strcmp(o->intervals, "-") == 0 ? stdin : fopen(o->intervals, "r");
	if (!fp)
		usage_error("--intervals '%s': %s", o->intervals, strerror(errno));
	struct invoke_sink k;
	command_sink(&k);
	char why[1024];
	struct source src = source_file(fp);
	const char *bad = invoke_intervals(o, &src, fp == stdin ? "(stdin)" : o->intervals, &sums,
	                                   base, &k, why, sizeof why);
	if (fp != stdin)
		fclose(fp);
	if (bad)
		usage_error("%s", bad);
}

static int stdout_failed(void *ctx)
{
	(void)ctx;
	return ferror(stdout);
}

static int run_watch(const struct options *o, const struct row_input *base)
{
	if (o->value) { /* a column of some watch layout (lane: with a lane column) */
		struct layout l;
		memset(&l, 0, sizeof l);
		l.format = FMT_CSV;
		build_layout(CMD_WATCH, WHEN_MACHINE | WHEN_LANE | (o->plan ? WHEN_PLAN : WHEN_NOT_PLAN) |
		                        (o->clustered ? WHEN_CLUSTERED : 0),
		             &l);
		char why[1024];
		if (invoke_value(o, &l, why, sizeof why))
			usage_error("%s", why);
	}
	FILE *fp = stdin; /* --intervals FILE: the readings from FILE */
	if (o->intervals && strcmp(o->intervals, "-") != 0) {
		fp = fopen(o->intervals, "r");
		if (!fp)
			usage_error("--intervals '%s': %s", o->intervals, strerror(errno));
	}
	say_warnings(o);
	struct source src = source_file(fp);
	struct sink out = sink_file_flushed(stdout), err = sink_file(stderr);
	out.failed = stdout_failed;
	int st = watch_run(base, (enum format)o->format, o->plan, o->value, &src,
	                   fp == stdin ? "(stdin)" : o->intervals, &out, &err);
	if (fp != stdin)
		fclose(fp);
	die_if_interrupted();
	if (ferror(stdout))
		check_output(); /* says so and exits 3 */
	return st;
}

int main(int argc, char **argv)
{
	static struct options o; /* static: still reachable when a helper exits */
	parse_options(argc, argv, &o);
	check_combinations(&o);
	if (o.histogram)
		load_histogram(&o);
	struct row_input base;
	invoke_base(&o, &base);
	if (o.intervals && o.cmd != CMD_WATCH)
		load_intervals(&o, &base);
	int status;
	if (o.cmd == CMD_WATCH) {
		status = run_watch(&o, &base);
	} else {
		FILE *input = o.input ? open_input(o.input) : NULL;
		catch_signals();
		status = o.input ? run_batch(&o, input, &base) : run_sweep(&o, &base);
		if (fflush(stdout) != 0 || ferror(stdout)) {
			fprintf(stderr, "%s: write error on standard output: %s\n", prog, strerror(errno));
			status = EXIT_INTERNAL;
		}
	}
	for (int q = 0; q < NQ; q++)
		vlist_free(&o.list[q]);
	return status;
}
