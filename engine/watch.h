/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * watch.h - bercl watch: live pass/fail decisions from cumulative BERT
 * counter readings (CSV on standard input), one output row per reading.
 */
#ifndef BERCL_WATCH_H
#define BERCL_WATCH_H

#include "csv.h"
#include "format.h"
#include "row.h"
#include "sink.h"

/* What a reading (or the end of input) settled. */
enum watch_state {
	WATCH_UNDECIDED = -1, /* keep reading */
	WATCH_PASS = 0,       /* exit statuses, as SPEC.md gives them */
	WATCH_FAIL = 1,
	WATCH_INPUT = 2,      /* a bad line or a counter that went backwards */
	WATCH_INTERNAL = 3,
	WATCH_END = 4,        /* input ended before a decision */
	WATCH_NO_DECISION = 5, /* --clustered, no error at the end of the fixed test:
	                          neither pass nor fail (exit status 4, a note) */
};

struct watch_lane;

struct watch {
	struct row_input in;      /* ber, cl, errors allowed; plan: alpha, ratio; rate, lanes */
	int plan;                 /* decide by the sequential plan */
	double *table;            /* plan: pass_bits[rows] then fail_bits[rows], then
	                             2 rows of work for the risks at readings */
	size_t rows;
	double alpha, beta;       /* plan: its exact risks, checked continuously */
	long printed;             /* rows put out so far (a text record's empty line) */
	int warned_readings;      /* the sparse-readings warning was given */
	double pass_bits;         /* fixed target: N_E, the fixed test's length */
	struct layout layout;      /* format FMT_VALUE: --value */
	const char *value;        /* --value COLUMN (format FMT_VALUE) */
	const char *name;         /* input name for messages: "(stdin)" */
	long line;                /* physical line just read */
	int have_header;
	int col_bits, col_time, col_errors, col_lane; /* -1 when absent */
	struct watch_lane *lanes;
	size_t nlanes, cap;
	char **cells;             /* the record's cells, bare */
	size_t cells_cap;
	/* optional: each output row handed to the face as a row (the page's
	 * cells), in place of its line on out */
	void (*row_hook)(void *ctx, const struct layout *l, const struct row *r);
	void *row_ctx;
};

/*
 * Set up: the plan's table when plan is set. Returns 0, or -1 with a
 * message in err (a usage problem: exit 2).
 */
int watch_open(struct watch *w, const struct row_input *in, int plan, enum format format,
               const char *name, char *err, size_t errlen);
/* The tokenizer's options for readings, on src. */
void watch_reader_init(struct csv *c, const struct source *src);
/*
 * The next record of c: the header, then readings. Writes the reading's row
 * to out and messages to err (one line each, with NAME:LINE:).
 * Returns WATCH_UNDECIDED, WATCH_PASS, WATCH_FAIL, WATCH_INPUT, or WATCH_END
 * at the end of the input.
 */
enum watch_state watch_next(struct watch *w, struct csv *c, const struct sink *out,
                            const struct sink *err);
void watch_close(struct watch *w);
/*
 * The readings have ended in state st (from watch_next): the exit state,
 * and the message the end needs (no "bercl: "), or "" in msg.
 */
enum watch_state watch_end(const struct watch *w, enum watch_state st, char *msg, size_t len);

/*
 * bercl watch over the readings of src (named `name` in messages: "(stdin)",
 * or the --intervals file); value: --value COLUMN or NULL (the caller
 * checked that the watch layout has such a column). Rows to out, messages
 * to err. Returns the state it ended in (the exit status: WATCH_NO_DECISION
 * is said on err and returned as WATCH_END); WATCH_INTERNAL without a
 * message when out failed (out->failed) or src was interrupted: the face
 * says why.
 */
int watch_run(const struct row_input *in, enum format format, int plan, const char *value,
              const struct source *src, const char *name, const struct sink *out,
              const struct sink *err);

#endif
