/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rows.h - where rows come from: every combination of the flags' lists
 * (a sweep), or the lines of a CSV/TSV file (a batch). Both are streams:
 * one row at a time, in constant memory.
 */
#ifndef BERCL_ROWS_H
#define BERCL_ROWS_H

#include <signal.h>
#include "sink.h"

#include "csv.h"

#include "flags.h"
#include "parse.h"
#include "row.h"

/* Every combination of the given lists; the first quantity varies slowest. */
struct sweep {
	const struct vlist *list[NQ]; /* NULL where the flag was not given */
	unsigned long long index[NQ];
	struct vlist_pos pos[NQ];
	int active[NQ];               /* the quantities with a list, in order */
	int nactive;
	int started;
	struct row_input in;          /* the base with the current values: only the
	                                 quantities whose wheel moved are set again */
};

void sweep_init(struct sweep *s, const struct vlist *const list[NQ]);
/* Next row into *r (inputs start from *base); returns 0 when done. */
int sweep_next(struct sweep *s, const struct row_input *base, struct row *r);

#define COLUMN_UNUSED (-2)   /* a quantity the subcommand does not use: copied through */

/* A CSV (RFC 4180), semicolon-separated or TSV file with a header row. */
struct batch {
	struct csv csv;           /* the tokenizer, its record and its line numbers */
	const char *name;
	long header_line;         /* physical line of the header */
	char sep;                 /* ',', ';' or '\t' */
	size_t ncols;
	char **header;            /* column names */
	int *column_quantity;     /* quantity of each column (NQ: model), < 0 pass-through */
	int has_model_column;
	size_t model_column;
	size_t nextra;
	const char **extra_names; /* names of the pass-through columns */
	char **renamed;           /* input_NAME of each COLUMN_UNUSED column, else NULL */
	const char **extra;       /* this row's pass-through cells */
};

/*
 * Read the header; on failure returns -1 with a message in err. Header
 * names are matched to the flags' names case-insensitively, trimmed, with
 * '_' for '-'; a quantity not in `used` (bit q for quantity q) is copied
 * through (COLUMN_UNUSED) under the name input_NAME. sep: ',', ';' or '\t', or 0 to take the one the
 * header line holds most often outside quotes. Lines starting with '#' are
 * comments, and blank lines before the header are skipped. A read
 * interrupted (the source says so) is the end of the input.
 */
int batch_open(struct batch *b, const struct source *src, const char *name, unsigned used,
               char sep, char *err, size_t errlen);
/*
 * A header cell as every reader matches it against the names it knows:
 * without blanks around it, in lower case, '_' read as '-' ("Bits" ->
 * "bits"); "" when longer than len - 1.
 */
void batch_column_name(const char *s, char *out, size_t len);
/*
 * Rename to input_NAME every pass-through column named like one of the n
 * output columns `names`, so that no output has two columns of one name
 * (bercl's own CSV fed back to it). Returns how many, or -1 out of memory.
 */
int batch_rename_taken(struct batch *b, const char *const *names, size_t n);
/* 1 and a row (r->error set if the line is bad), 0 at the end, -1 on a read error. */
int batch_next(struct batch *b, const struct row_input *base, struct row *r);
/*
 * Copied columns that share a name (which would make two fields of one name
 * in every output, two keys of one JSON object) are renamed NAME_2, NAME_3,
 * ... in the order of the file, to a name no other column has. Returns how
 * many, with *first the first such name, or -1 out of memory.
 */
long batch_rename_duplicates(struct batch *b, const char **first);
/*
 * The flag name column i would match without its quotes and blanks, where
 * it matched nothing as written (a warning says so), else NULL.
 */
const char *batch_loose_match(const struct batch *b, size_t i);
/* Is quantity q a column of the file? */
int batch_has(const struct batch *b, enum quantity q);
void batch_close(struct batch *b);

#endif
