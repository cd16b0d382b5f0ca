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
#include "io.h"
#include "layout.h"
#include "pipeline.h"
#include "rows.h"
#include "run.h"
#include "signals.h"
#include "telemetry.h"
#include "simulate.h"
#include "verify.h"

static int exit_status = 0;

static void raise_status(int st)
{
	if (st > exit_status)
		exit_status = st;
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
	say_warnings(o);
	struct sink out = sink_file(stdout);
	format_header(&out, &l);
	if (ferror(stdout))
		check_output();
	/* Every core we may run on computes (this thread and cores - 1
	 * workers); rows are still written in input order. */
	struct row_hooks hooks = {stop_asked, NULL, NULL};
	struct row_input in = *base;
	in.hooks = &hooks;
	int cores = pipeline_cpus();
	struct batch_ctx ctx = {o, &l, name};
	raise_status(pipeline_run(&b, &in, handle_batch_row, &ctx, stdout, stderr, cores - 1,
	                          &interrupted));
	batch_close(&b);
	if (fp != stdin)
		fclose(fp);
	die_if_interrupted();
	return exit_status;
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

/*
 * cl --lane-errors: the rows of one sweep point r0, one per lane, then
 * lane=combined (all bits and errors pooled) and lane=all (the same bits
 * and errors, and the product of the lane CLs: every lane below the BER at
 * once).
 */
static void lane_rows(const struct options *o, const struct row *r0, const struct layout *l,
                      long *index)
{
	bercl_tails tails[MAX_LANES];
	struct sink out = sink_file(stdout);
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
		if (*index == 1) {
			say_warnings(o);
			format_header(&out, l);
		}
		format_row(&out, l, &r);
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
 * engine/telemetry.c) the whole sweep for each in turn, its port and lane set.
 */
static int next_row(struct sweep *s, const struct vlist *const lists[NQ],
                    const struct row_input *base, const struct telemetry *tm, int *hist,
                    struct row *r)
{
	for (;;) {
		if (sweep_next(s, base, r)) {
			if (tm) {
				const struct telemetry_histogram *h = &tm->h[*hist];
				r->in.histogram = h->bins;
				r->in.hist_groups = h->ngroups;
				r->in.hist_lo = h->lo;
				r->in.hist_hi = h->hi;
				r->in.hist_count = h->count;
				r->port = h->port[0] ? h->port : NULL;
				r->lane = h->lane[0] ? h->lane : NULL;
			}
			return 1;
		}
		if (!tm || ++*hist >= tm->n)
			return 0;
		sweep_init(s, lists);
	}
}

int run_sweep(const struct options *o, const struct row_input *base)
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
	struct progress progress = {isatty(STDERR_FILENO) ? stderr : NULL, progress_delay(), 0, 0, 0};
	struct row_hooks hooks = {stop_asked, show_progress, &progress};
	struct row_input in = *base;
	in.hooks = &hooks;
	base = &in;
	struct sink out = sink_file(stdout);
	int several = sweep_rows(o) > 1 || (o->telem && o->telem->n > 1);
	struct row r;
	long index = 0;
	int hist = 0, undecided = 0;
	while (!interrupted && next_row(&s, lists, base, o->telem, &hist, &r)) {
		if (o->lane_text) {
			lane_rows(o, &r, &l, &index);
			continue;
		}
		r.line = ++index;
		/* a plan or simulation row may take seconds in one library call:
		 * with the lines before it written out, a signal ends it at once */
		int slow = o->cmd == CMD_PLAN || o->cmd == CMD_SIMULATE;
		if (slow)
			fflush(stdout);
		die_at_once = slow;
		int st = process(o, &r, NULL, several, stderr);
		die_at_once = 0;
		if (interrupted)
			break; /* this row was cut short: not printed */
		raise_status(st);
		undecided |= r.verdict == VERDICT_UNDECIDED;
		if (!several && st >= EXIT_USAGE)
			exit(exit_status); /* a usage error: nothing printed */
		if (index == 1) {
			say_warnings(o);
			format_header(&out, &l);
		}
		/* A row that fails keeps its place, with empty results; the reason
		 * went to standard error, naming the row, and the exit status says so. */
		if (r.seq_table && isnan(r.in.true_ber))
			format_sequential(&out, &l, &r);
		else
			format_row(&out, &l, &r);
		plan_free(&r);
		if (ferror(stdout))
			check_output();
	}
	die_if_interrupted();
	if (undecided && exit_status == 0) {
		/* a --require verdict neither way (bercl(1)): exit 4, as watch */
		fprintf(stderr, "%s: no error in the test: the clustered answer cannot bound bursts "
		                "without one, so --require is undecided (the Poisson CL is in the cl "
		                "column)\n", prog);
		return EXIT_UNDECIDED;
	}
	return exit_status;
}

