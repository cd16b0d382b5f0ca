/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * format.h - rows to text, CSV, TSV or JSON lines; each number of a
 * machine format as numbers.h prints it.
 */
#ifndef BERCL_FORMAT_H
#define BERCL_FORMAT_H

#include "columns.h"
#include "numbers.h"
#include "row.h"
#include "sink.h"

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

/* The header line (text tables, CSV, TSV; nothing for JSON, --value and a
 * text layout too wide for a table), then each row, a whole line (or a
 * text block) per call. */
void format_header(const struct sink *out, const struct layout *l);
/* The text rule: a table wider than this many display columns is written
 * as a block per row (a line "label  value" a cell, then an empty line);
 * the faces whose rows are not the column table's (bercl eye) follow it. */
int format_text_too_wide(size_t width);
void format_row(const struct sink *out, const struct layout *l, const struct row *r);
/*
 * Under a sequential plan's text table: the summary in words, risks and
 * lengths rounded up (nothing in the machine formats, whose rows repeat it).
 */
void format_sequential_words(const struct sink *out, const struct layout *l, const struct row *r);

#endif
