/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * format.h - rows to text, CSV, TSV or JSON lines; each number of a
 * machine format as numbers.h prints it.
 */
#ifndef BERCL_FORMAT_H
#define BERCL_FORMAT_H

#include <stdio.h>

#include "columns.h"
#include "numbers.h"
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

#endif
