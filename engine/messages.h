/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * messages.h - what a row says on standard error, the same in every face:
 * where it is ("FILE:LINE: ", "row 3 (errors=2 bits=1e12 ber=1e-12): "),
 * why it has no result, and the notes and warnings its result carries.
 */
#ifndef BERCL_MESSAGES_H
#define BERCL_MESSAGES_H

#include <stddef.h>

#include "request.h"
#include "row.h"
#include "sink.h"

/* Rows a sweep of o's flags makes: the product of its lists' lengths. */
double request_sweep_rows(const struct options *o);

/*
 * "FILE:LINE: " for row r of a batch file (file not NULL); else, for a
 * report's histogram, "PORT lane L: ", and in a sweep of several rows
 * (sweep) "row N (errors=2 bits=1 ber=0.1): ", naming the values of the
 * flags that make the row. Into buf; returns buf.
 */
const char *row_where(char *buf, size_t len, const struct options *o, const char *file,
                      int sweep, const struct row *r);

/*
 * The lines row r says, each "PROG: [note: |warning: ]WHERE..." and a line
 * end, to err: its error when computing it failed (failed; a row that
 * computed may still hold a reason in its error column, said there only),
 * else the note that a --cer
 * target is met by every BER, the warning that a histogram contradicts the
 * independent-error model, the warning that a Poisson bound was capped at 1.
 */
void row_messages(const char *prog, const char *where, int failed, const struct row *r,
                  const struct sink *err);

/* A sweep with a --require verdict undecided (bercl(1)): the closing line's text. */
extern const char row_undecided_message[];

#endif
