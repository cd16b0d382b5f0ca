/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * format.h - rows to text, CSV, TSV or JSON lines.
 *
 * Machine formats print every number so that it reads back to the same
 * double (the shortest of %.15g, %.16g, %.17g that does: shortest.c), with '.' as the
 * decimal point: bercl never calls setlocale(), so printf stays in the C
 * locale. A probability below the double range is printed from its
 * logarithm as mantissa e exponent (3.2564076750412156e-2331).
 */
#ifndef BERCL_FORMAT_H
#define BERCL_FORMAT_H

#include <stdio.h>

#include "columns.h"
#include "row.h"

/* FMT_VALUE: --value, one column's machine value per line, no header. */
enum format { FMT_TEXT, FMT_CSV, FMT_TSV, FMT_JSON, FMT_VALUE };

struct layout {
	enum format format;
	enum column col[NCOLUMNS];
	int ncol;
	const char *const *extra_names; /* batch pass-through columns, first */
	size_t nextra;
	int sentence;                   /* text: say a simulate row in words */
	int value_col;                  /* FMT_VALUE: index in col[], or -1 */
	long value_extra;               /* FMT_VALUE: index in the extras, or -1 */
};

void format_header(FILE *out, const struct layout *l);
void format_row(FILE *out, const struct layout *l, const struct row *r);

/*
 * Shortest "%.Ng" that reads back to v; a whole number up to 2^53 as its
 * digits (6295793621871990, not 6.29579362187199e+15). buf holds at least
 * 32 bytes. Returns the length written (so that no caller counts it again).
 */
size_t format_double(char *buf, size_t len, double v);
/* The length snprintf wrote into a buffer of len bytes (its return n). */
size_t clamped(int n, size_t len);
/* A probability from its tails' log form, as format_double or m e x. */
size_t format_probability(char *buf, size_t len, double value, bercl_lnprob ln);

#endif
