/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * intervals.h - the --intervals file (per-interval or cumulative bits,errors
 * counts, read into the library's running sums) and the clustered answers
 * of a cl or ber row (cl_clustered, ber_upper_clustered, dispersion, ...).
 */
#ifndef BERCL_INTERVALS_H
#define BERCL_INTERVALS_H

#include <stddef.h>
#include "sink.h"

#include "bercl.h"
#include "row.h"

/* What the reader found, for the note on standard error. */
/* --intervals-form: how the rows count (auto: from the first three rows) */
enum intervals_form { FORM_AUTO, FORM_PER_INTERVAL, FORM_CUMULATIVE };

struct intervals_note {
	int cumulative;    /* the rows were cumulative readings (their differences taken) */
	long rows;         /* data rows read */
};

/*
 * Read fp (named `name` in messages) into s (zeroed first). Returns 0, or -1
 * with a one-line message ("FILE:LINE: ...", naming the column) in err.
 * Memory is bounded: three rows are held while the form is decided, then
 * only the running sums.
 */
int intervals_read(const struct source *src, const char *name, enum intervals_form form, bercl_intervals *s,
                   struct intervals_note *note,
                   char *err, size_t errlen);

/* The one-line note on the form found ("FILE: 12 cumulative readings ..."). */
void intervals_describe(const char *name, const struct intervals_note *note,
                        const bercl_intervals *s, char *buf, size_t len);

/*
 * The clustered answers of a cl row (cl_clustered at in.ber) or a ber row
 * (ber_upper_clustered, with two_sided ber_lower_clustered, at in.cl) from
 * r->in.intervals, and the dispersion columns. 0, or -1 with r->error set.
 */
int intervals_compute(struct row *r, enum command cmd);

#endif
