/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * invoke.h - one invocation of bercl as every face puts it (invoke.c): the
 * flags read one at a time into struct options, the checks that need
 * several flags, the output columns, the row loop of a sweep, and each
 * row's messages. The command (src/) feeds it argv and prints to stdout and
 * stderr; the page (web/glue.c) feeds it a form's name=value pairs and
 * shows the same rows and the same messages. No stdio, no exit: a message
 * goes to the face's sink, a status is returned.
 */
#ifndef BERCL_INVOKE_H
#define BERCL_INVOKE_H

#include <signal.h>
#include <stddef.h>

#include "format.h"
#include "request.h"
#include "rows.h"
#include "sink.h"
#include "telemetry.h"

/* Exit statuses, as SPEC.md gives them. */
enum invoke_status {
	INVOKE_OK = 0, INVOKE_VERDICT = 1, INVOKE_USAGE = 2, INVOKE_INTERNAL = 3,
	INVOKE_UNDECIDED = 4
};

/* Where a face puts what a run says and prints. */
struct invoke_sink {
	void *ctx;
	/* One message line: "bercl: " KIND WHERE TEXT. kind: "" (an error),
	 * "note: ", "warning: " or "verify: "; where: "", "FILE:LINE: " or
	 * "row N (errors=2 bits=1 ber=0.1): ". */
	void (*say)(void *ctx, const char *kind, const char *where, const char *text);
	/* The header, before the first row; then each output row. */
	void (*header)(void *ctx, const struct layout *l);
	void (*row)(void *ctx, const struct layout *l, const struct row *r);
	/* After a sequential plan's table (NULL: nothing): the text format's words. */
	void (*sequential_words)(void *ctx, const struct layout *l, const struct row *r);
	/* A row that may take seconds is about to run (on = 1) or has run (NULL: none). */
	void (*slow)(void *ctx, int on);
	/* --verify with GSL (NULL: none): 1 and a note where GSL disagrees. */
	int (*verify)(void *ctx, enum command cmd, struct row *r, char *note, size_t len);
	/* Set (by a signal, a Stop button): no more rows, no messages of a row cut short. */
	const volatile sig_atomic_t *stop;
};

/*
 * The line a message makes, without its newline, into buf: "bercl: " KIND
 * WHERE TEXT for a row's message (where not NULL); "bercl: " KIND TEXT for
 * a usage error or a warning, made one line (line_safe) and cut at 1 KiB
 * with "...". Returns its length.
 */
size_t invoke_message_line(char *buf, size_t len, const char *kind, const char *where,
                           const char *text);

/* "cl, bits, ber, simulate, plan, watch, errors or fec" into buf. */
const char *invoke_command_list(char *buf, size_t len);
/* The subcommand named s: 0, or -1 with the message in why. */
int invoke_command(const char *s, enum command *cmd, char *why, size_t len);
/* The flag of a long name (no "--"), or -1. */
int invoke_flag_id(const char *name);
/* "unknown or malformed flag 'TEXT' (see bercl --help)" into why. */
const char *invoke_unknown_flag(const char *text, char *why, size_t len);
/*
 * Flag id of o's subcommand with its value arg (NULL for a switch): NULL, or
 * the message (given twice, not for this subcommand, a bad enum or custom
 * value). A quantity's text is kept; invoke_quantities() reads it.
 */
const char *invoke_flag(struct options *o, int id, const char *arg, char *why, size_t len);
/* Each quantity's list read and every value's domain checked: NULL or the
 * message. Likely mistakes that still read go to o->warnings. */
const char *invoke_quantities(struct options *o, char *why, size_t len);
/* The checks that need several flags, before anything is printed: NULL or the message. */
const char *invoke_check(const struct options *o, char *why, size_t len);
/* What the flags that are not quantities give a row: the switches, the
 * code, the tail fit, the burst model (invoke_base's, and rowcall.c's as
 * each such flag is set). */
void invoke_flags_into(const struct options *o, struct row_input *in);
/* The row every row starts from: the switches and, for a batch or watch,
 * each flag's one value (a sweep sets its rows' values itself). The
 * intervals' sums (o->intervals) are the face's to read and set. */
void invoke_base(const struct options *o, struct row_input *base);
/* cl, ber --intervals: the base row's bits and errors are the file's sums. */
void invoke_base_intervals(struct row_input *base, const bercl_intervals *sums);

/*
 * fec --histogram: the report read from src (named `name` in messages) into
 * t, and o->telem set: NULL, or the message; its warning goes to k.
 */
const char *invoke_histogram(struct options *o, const struct source *src, const char *name, struct telemetry *t,
                             const struct invoke_sink *k, char *why, size_t len);
/*
 * cl, ber --intervals: the log read from src into sums, the base row's bits
 * and errors set to its totals, and the note on what was read sent to k:
 * NULL, or the message.
 */
const char *invoke_intervals(const struct options *o, const struct source *src, const char *name,
                             bercl_intervals *sums, struct row_input *base,
                             const struct invoke_sink *k, char *why, size_t len);

/* The output columns for o's subcommand, format and flags, and b's header (NULL: a sweep). */
void invoke_layout(const struct options *o, const struct batch *b, struct layout *l);
/* --value COLUMN: the layout's column of that name or a batch pass-through
 * one (l->format becomes FMT_VALUE): NULL, or the message. */
const char *invoke_value(const struct options *o, struct layout *l, char *why, size_t len);
/* Warnings about input that is ignored or overridden, before any output
 * (a sweep says them with its first row: a usage error stays one line). */
void invoke_warn_ignored(const struct options *o, const struct batch *b,
                         const struct invoke_sink *k);
/* The flags' own warnings (o->warnings), once the line has passed every check. */
void invoke_warnings(const struct options *o, const struct invoke_sink *k);
/*
 * A batch opened by batch_open: its layout, its columns renamed where they
 * clash with an output's or each other, the warnings, and the header sent.
 * NULL, or the message (out of memory).
 */
const char *invoke_batch_start(const struct options *o, struct batch *b, struct layout *l,
                               const struct invoke_sink *k, char *why, size_t len);
/*
 * Compute one row, with its messages (file: the batch input's name, NULL
 * for a sweep; sweep: one row of several). Returns its exit status.
 * Touches nothing shared: batch rows run on worker threads.
 */
int invoke_row(const struct options *o, struct row *r, const char *file, int sweep,
               const struct invoke_sink *k);

/* A sweep of the flags' lists (with a report of several histograms, the
 * whole sweep for each), one point at a time. */
struct invoke_sweep {
	const struct options *o;
	const struct row_input *base;
	const struct vlist *lists[NQ];
	struct sweep s;
	struct layout l;
	int several, hist, undecided, status;
	long index;
	long printed;                /* rows given to k->row so far */
	double points;               /* rows of the sweep (without lanes or tables) */
	bercl_tails tails[MAX_LANES]; /* cl --lane-errors: each lane's */
};

/* Its columns (--value checked: NULL or the message) and the warnings
 * about ignored input. */
const char *invoke_sweep_start(struct invoke_sweep *it, const struct options *o,
                               const struct row_input *base, const struct invoke_sink *k,
                               char *why, size_t len);
/*
 * The next point's rows and messages: 1 while more may follow, 0 at the
 * end (or once k->stop is set), -1 after a usage error on the only row
 * (nothing printed: the face ends with it->status).
 */
int invoke_sweep_next(struct invoke_sweep *it, const struct invoke_sink *k);
/* The sweep's exit status, with the message an undecided verdict needs. */
int invoke_sweep_end(struct invoke_sweep *it, const struct invoke_sink *k);

#endif
