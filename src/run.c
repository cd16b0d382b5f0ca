/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * run.c - a run's rows: a sweep of the flags' lists (each row computed and
 * printed as it comes) or a batch file (rows computed on every core and
 * printed in input order), with the messages about each row and the exit
 * status they add up to (run.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "compute.h"
#include "format.h"
#include "xmath.h"
#include "human.h"
#include "invoke.h"
#include "io.h"
#include "options.h"
#include "pipeline.h"
#include "rows.h"
#include "run.h"
#include "signals.h"
#include "telemetry.h"
#include "simulate.h"
#include "verify.h"

/* The command's sink: messages to standard error (or a batch chunk's err),
 * rows to standard output. */
struct out_ctx {
	FILE *out, *err;
};

static void say_to(void *ctx, const char *kind, const char *where, const char *text)
{
	const struct out_ctx *c = ctx;
	char line[6144];
	invoke_message_line(line, sizeof line, kind, where, text);
	fprintf(c->err, "%s\n", line);
}

static void header_to(void *ctx, const struct layout *l)
{
	const struct out_ctx *c = ctx;
	struct sink out = sink_file(c->out);
	format_header(&out, l);
	if (c->out == stdout && ferror(stdout))
		check_output();
}

static void row_to(void *ctx, const struct layout *l, const struct row *r)
{
	const struct out_ctx *c = ctx;
	struct sink out = sink_file(c->out);
	format_row(&out, l, r);
	if (c->out == stdout && ferror(stdout))
		check_output();
}

static int verify_to(void *ctx, enum command cmd, struct row *r, char *note, size_t len)
{
	(void)ctx;
	return verify_row(cmd, r, note, len);
}

void command_sink(struct invoke_sink *k)
{
	static struct out_ctx oc;
	oc.out = stdout;
	oc.err = stderr;
	*k = (struct invoke_sink){&oc, say_to, header_to, row_to, NULL, NULL, verify_to, &interrupted};
}

struct batch_ctx {
	const struct options *o;
	const struct layout *l;
	const char *name;
};

static int handle_batch_row(struct row *r, FILE *out, FILE *err, const void *ctx)
{
	const struct batch_ctx *c = ctx;
	struct out_ctx oc = {out, err};
	struct invoke_sink k = {&oc, say_to, header_to, row_to, NULL, NULL, verify_to, &interrupted};
	int st = invoke_row(c->o, r, c->name, 0, &k);
	struct sink so = sink_file(out);
	format_row(&so, c->l, r);
	return st;
}

static int stop_asked(void *ctx)
{
	(void)ctx;
	return interrupted != 0;
}

/* A long simulate's progress on a terminal: "bercl: simulate: 45% of 1e+09
 * trials", over itself, once the row has run for BERCL_PROGRESS_DELAY
 * seconds (2 by default), at most twice a second; cleared at its end. */
struct progress {
	FILE *fp;
	double delay, start, last;
	int shown;
};

static double seconds_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void show_progress(void *ctx, double done, double total)
{
	struct progress *p = ctx;
	if (!p->fp)
		return;
	double now = seconds_now();
	if (done >= total) {
		if (p->shown)
			fprintf(p->fp, "\r%50s\r", "");
		p->start = p->last = 0;
		p->shown = 0;
		return;
	}
	if (p->start == 0)
		p->start = now;
	if (now - p->start < p->delay || now - p->last < 0.5)
		return;
	p->last = now;
	fprintf(p->fp, "\rbercl: simulate: %3.0f%% of %.6g trials", 100 * done / total, total);
	fflush(p->fp);
	p->shown = 1;
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
FILE *open_input(const char *path)
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

int run_batch(const struct options *o, FILE *fp, const struct row_input *base)
{
	const char *name = fp == stdin ? "(stdin)" : o->input;
	struct batch b;
	char err[512];
	struct source src = source_file(fp);
	if (batch_open(&b, &src, name, used_quantities(o->cmd), o->delimiter, err, sizeof err) != 0) {
		die_if_interrupted();
		usage_error("%s", err);
	}
	struct layout l;
	struct out_ctx oc = {stdout, stderr};
	struct invoke_sink k = {&oc, say_to, header_to, row_to, NULL, NULL, verify_to, &interrupted};
	if (invoke_batch_start(o, &b, &l, &k, err, sizeof err))
		usage_error("%s", err);
	/* Every core we may run on computes (this thread and cores - 1
	 * workers); rows are still written in input order. */
	struct row_hooks hooks = {stop_asked, NULL, NULL};
	struct row_input in = *base;
	in.hooks = &hooks;
	int cores = pipeline_cpus();
	struct batch_ctx ctx = {o, &l, name};
	int status = pipeline_run(&b, &in, handle_batch_row, &ctx, stdout, stderr, cores - 1,
	                          &interrupted);
	if (status == PIPELINE_INTERRUPTED)
		die_if_interrupted(); /* now: the workers' rows in flight are dropped */
	batch_close(&b);
	if (fp != stdin)
		fclose(fp);
	die_if_interrupted();
	return status;
}

/* A sequential plan's table (invoke.c) in text: the summary in words (format.c). */
static void sequential_words(void *ctx, const struct layout *l, const struct row *r)
{
	const struct out_ctx *c = ctx;
	struct sink out = sink_file(c->out);
	format_sequential_words(&out, l, r);
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

/* A plan or simulation row may take seconds in one library call: with the
 * lines before it written out, a signal ends it at once. */
static void slow_row(void *ctx, int on)
{
	(void)ctx;
	if (on)
		fflush(stdout);
	die_at_once = on;
}

int run_sweep(const struct options *o, const struct row_input *base)
{
	static struct invoke_sweep it; /* each lane's tails: too large for the stack */
	struct out_ctx oc = {stdout, stderr};
	struct invoke_sink k = {&oc, say_to, header_to, row_to, sequential_words, slow_row,
	                        verify_to, &interrupted};
	/* rows run one at a time here: a long simulate shows progress on a terminal */
	struct progress progress = {isatty(STDERR_FILENO) ? stderr : NULL, progress_delay(), 0, 0, 0};
	struct row_hooks hooks = {stop_asked, show_progress, &progress};
	struct row_input in = *base;
	in.hooks = &hooks;
	char why[1024];
	if (invoke_sweep_start(&it, o, &in, &k, why, sizeof why))
		usage_error("%s", why);
	int more;
	while ((more = invoke_sweep_next(&it, &k)) > 0)
		;
	if (more < 0) {
		options_exit(it.status); /* a usage error: nothing printed */
		abort(); /* options_exit returns only by longjmp */
	}
	die_if_interrupted();
	return invoke_sweep_end(&it, &k);
}
