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
#include "eye_cmd.h"
#include "histogram.h"
#include "intervals.h"
#include "telemetry.h"
#include "layout.h"
#include "options.h"
#include "run.h"
#include "signals.h"
#include "watch.h"

/*
 * fec --histogram FILE: its histograms (a report may hold several ports and
 * lanes, engine/telemetry.c), read once for every row.
 */
static const struct telemetry *load_histogram(const struct options *o)
{
	static struct telemetry telem;
	FILE *fp = strcmp(o->histogram, "-") == 0 ? stdin : fopen(o->histogram, "r");
	if (!fp)
		usage_error("--histogram '%s': %s", o->histogram, strerror(errno));
	char err[512];
	int rc = telemetry_read(fp, fp == stdin ? "(stdin)" : o->histogram,
	                        (enum telemetry_format)o->histogram_format, o->code.t, &telem, err,
	                        sizeof err);
	if (fp != stdin)
		fclose(fp);
	if (rc != 0)
		usage_error("--histogram: %s", err);
	if (telem.warning[0])
		warning("%s", telem.warning);
	return &telem;
}

/* cl, ber --intervals FILE: its sums, read once; the row's bits and errors are its totals. */
static void load_intervals(const struct options *o, struct row_input *base)
{
	static bercl_intervals sums;
	FILE *fp = strcmp(o->intervals, "-") == 0 ? stdin : fopen(o->intervals, "r");
	if (!fp)
		usage_error("--intervals '%s': %s", o->intervals, strerror(errno));
	const char *name = fp == stdin ? "(stdin)" : o->intervals;
	char err[512];
	struct intervals_note note;
	int rc = intervals_read(fp, name, (enum intervals_form)o->intervals_form, &sums, &note, err,
	                        sizeof err);
	if (fp != stdin)
		fclose(fp);
	if (rc != 0)
		usage_error("--intervals: %s", err);
	intervals_describe(name, &note, &sums, err, sizeof err);
	fprintf(stderr, "%s: note: %s\n", prog, err);
	base->intervals = &sums;
	base->errors = sums.errors;
	base->bits = sums.bits;
}

/* The row every row starts from: the switches, and each flag's one value
 * (watch, or a batch whose flags fill the columns it lacks). */
static void base_row(const struct options *o, struct row_input *base)
{
	row_input_init(base, (enum bercl_model)o->model, o->two_sided, o->sequential);
	base->all_lanes = o->all_lanes;
	if (o->code_text) {
		base->code_name = o->code_name;
		base->code = o->code;
	}
	if (o->telem)
		base->histogram = o->telem->h[0].bins;
	base->tail_sonic = o->tail_sonic;
	base->burst_model = o->burst_model;
	base->clustered = o->clustered;
	if (o->intervals && o->cmd != CMD_WATCH)
		load_intervals(o, base);
	if (!o->input && o->cmd != CMD_WATCH)
		return; /* a sweep sets its rows' values itself */
	for (int q = 0; q < NQ; q++)
		if (o->text[q]) {
			double c = NAN;
			double v = vlist_value(&o->list[q], 0, &c);
			row_set(base, (enum quantity)q, v, c);
			if (q == Q_CL && o->input) {
				struct vlist_pos first = {0, 0};
				vlist_lo_at(&o->list[q], &first, &base->cl_lo, &base->cl_complement_lo);
			}
		}
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
		choose_value(o, &l);
	}
	FILE *fp = stdin; /* --intervals FILE: the readings from FILE */
	if (o->intervals && strcmp(o->intervals, "-") != 0) {
		fp = fopen(o->intervals, "r");
		if (!fp)
			usage_error("--intervals '%s': %s", o->intervals, strerror(errno));
	}
	say_warnings(o);
	int st = watch_run(base, (enum format)o->format, o->plan, o->value, fp,
	                   fp == stdin ? "(stdin)" : o->intervals);
	if (fp != stdin)
		fclose(fp);
	return st;
}

int main(int argc, char **argv)
{
	static struct options o; /* static: still reachable when a helper exits */
	if (argc >= 2 && strcmp(argv[1], "eye") == 0)
		return run_eye(argc - 2, argv + 2); /* its own flag table: engine/eye.c */
	parse_options(argc, argv, &o);
	check_combinations(&o);
	if (o.histogram)
		o.telem = load_histogram(&o);
	struct row_input base;
	base_row(&o, &base);
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
