/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * csv.h - the one CSV tokenizer of the program: batch files, watch
 * readings and FEC histograms all read their records through it, and differ
 * only in its options (the separators, the record limit, comment lines,
 * whether a bad record ends the reading at once).
 */
#ifndef BERCL_CSV_H
#define BERCL_CSV_H

#include <stddef.h>

#include "sink.h"

struct csv_options {
	char sep, sep2;            /* cell separators (sep2 = sep for one) */
	size_t max_record;         /* bytes a record may hold; more is a bad record */
	const char *max_text;      /* the limit in words, for the message: "1 MiB" */
	int comments;              /* a line starting with '#' is skipped (and counted) */
	int stop_at_bad;           /* return a bad record at once (its reader stops) */
};

struct csv {
	struct csv_options opt;
	struct source src;         /* the input */
	unsigned char *in;         /* bytes read and not yet consumed: in[pos..len) */
	size_t pos, len, cap;
	int eof;                   /* the input has ended (or was interrupted) */
	int error;                 /* errno of a read error, else 0 */
	int interrupted;           /* the source said it was interrupted (EINTR) */
	char *buf;                 /* the record's cells, NUL-separated */
	size_t buflen, bufcap;
	size_t *cell;              /* offset of each cell in buf */
	size_t ncells, cellcap;
	long line;                 /* physical line of the next record */
	long record_line;          /* physical line of the record just read */
	int blank;                 /* the record just read is a blank line: spaces and
	                              tabs only, no quote, no ',' or ';' (every reader
	                              skips it, as an empty line) */
	char too_long[48], header_too_long[48]; /* the limit's messages */
};

/* Start reading src (copied: its ctx must live until csv_free). */
void csv_init(struct csv *c, const struct source *src, const struct csv_options *opt);
void csv_free(struct csv *c);

/*
 * One record (RFC 4180: "" for a quote inside quotes, line breaks inside
 * quotes, CR LF or LF, separators opt.sep and opt.sep2) into c->buf and
 * c->cell. Returns 1 with *bad NULL or the reason the record is bad (its
 * bytes past the limit are read but not kept; with opt.stop_at_bad the
 * reading stops there), 0 at the end of input, -1 on a read error
 * (c->error) or an interrupted read (c->interrupted).
 */
int csv_read(struct csv *c, const char **bad);

/*
 * The header: a UTF-8 byte order mark, blank lines and (with opt.comments)
 * comment lines are skipped; with sep 0 the separator is the one of ',' ';'
 * and tab that the header line holds most often outside quotes (',' on a
 * tie), else sep. Returns 1 with the header record, 0 if the input holds no
 * header (*bad says so), -1 on a read error, or 1 with *bad for a bad line.
 */
int csv_read_header(struct csv *c, char sep, const char **bad);

/* Skip a UTF-8 byte order mark at the start: 0, or -1 for a bad one. */
int csv_skip_bom(struct csv *c);

/* Cell i of the record just read ("" past its last cell), and its length. */
static inline const char *csv_cell(const struct csv *c, size_t i)
{
	return i < c->ncells ? c->buf + c->cell[i] : "";
}
static inline size_t csv_cell_len(const struct csv *c, size_t i)
{
	if (i >= c->ncells)
		return 0;
	return (i + 1 < c->ncells ? c->cell[i + 1] : c->buflen) - 1 - c->cell[i];
}

/*
 * A header name without any quote or blank, lower case, '_' as '-': what a
 * name that matched nothing would have matched had it been written plainly
 * ("\" Bits \"" -> "bits"); "" when longer than len - 1.
 */
void csv_loose_name(const char *s, char *out, size_t len);

/* "NAME:LINE: message" (line 0: "NAME: message") into err; returns -1. */
int csv_error(char *err, size_t errlen, const char *name, long line, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));

/* Cut blanks (space, tab) from both ends of s, in place. */
char *csv_trim(char *s);

#endif
