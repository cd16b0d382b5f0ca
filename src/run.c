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
#include <unistd.h>

#include "commands.h"
#include "compute.h"
#include "format.h"
#include "xmath.h"
#include "human.h"
#include "invoke.h"
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
	format_header(c->out, l);
	if (c->out == stdout && ferror(stdout))
		check_output();
}

static void row_to(void *ctx, const struct layout *l, const struct row *r)
{
	const struct out_ctx *c = ctx;
	format_row(c->out, l, r);
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
	if (batch_open(&b, fp, name, used_quantities(o->cmd), o->delimiter, &interrupted, err,
	               sizeof err) != 0) {
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
	simulate_set_hooks(&interrupted, NULL, 0);
	int cores = pipeline_cpus();
	struct batch_ctx ctx = {o, &l, name};
	int status = pipeline_run(&b, base, handle_batch_row, &ctx, stdout, stderr, cores - 1,
	                          &interrupted);
	batch_close(&b);
	if (fp != stdin)
		fclose(fp);
	die_if_interrupted();
	return status;
}

/* A percentage above 0.01 rounded up to its 4th decimal. */
static double risk_up(double pct)
{
	return pct > 0 ? human_round_sig(pct, (int)floor(bercli_log10(pct)) + 5, ROUND_UP) : 0;
}

/* A sequential plan's table (invoke.c) in text: the summary in words. */
static void sequential_words(void *ctx, const struct layout *l, const struct row *r)
{
	(void)ctx;
	double errors = r->in.errors;
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
	char why[1024];
	if (invoke_sweep_start(&it, o, base, &k, why, sizeof why))
		usage_error("%s", why);
	/* rows run one at a time here: a long simulate shows progress on a terminal */
	simulate_set_hooks(&interrupted, isatty(STDERR_FILENO) ? stderr : NULL, progress_delay());
	int more;
	while ((more = invoke_sweep_next(&it, &k)) > 0)
		;
	if (more < 0)
		exit(it.status); /* a usage error: nothing printed */
	die_if_interrupted();
	return invoke_sweep_end(&it, &k);
}
