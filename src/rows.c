/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rows.c - rows from flag lists (sweep) and from CSV/TSV files (batch).
 *
 * The sweep is an odometer over the lists' indices: nothing is stored but
 * one index per flag, so a sweep of any length runs in constant memory.
 * The batch reader follows RFC 4180: quoted fields with "" for a quote,
 * fields and records may contain line breaks inside quotes, CRLF or LF line
 * ends, an optional UTF-8 byte order mark. A record longer than 1 MiB, or one
 * holding a NUL or another control character, becomes a row error: the row
 * is still produced, with its reason, so no row is lost or reordered. Past
 * 1 MiB a record ends at the next line break even inside quotes.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"

#define MAX_RECORD (1L << 20)

/*
 * A reset row, every result absent: row_reset copies it up to the error text,
 * which needs only its first byte cleared (memset of all 1280 bytes and
 * forty stores per row cost a twentieth of a 1e6-row batch). Fields not
 * named here are zero (NULL).
 */
static const struct row blank = {
	.bits = NAN, .time_s = NAN,
	.ber_estimate = NAN, .ber_lower = NAN, .ber_upper = NAN, .poisson_alt = NAN,
	.one_minus_cl_sim = NAN, .sim_stderr = NAN,
	.verdict = -1,
	.gsl_cl = NAN, .gsl_one_minus_cl = NAN, .gsl_bits = NAN, .gsl_rel_diff = NAN,
	.gsl_ber_lower = NAN, .gsl_ber_upper = NAN,
	.alpha = NAN, .beta = NAN, .max_bits = NAN, .expected_bits_good = NAN,
	.expected_bits_bad = NAN,
	.pass_bits = NAN, .fail_bits = NAN, .seq_rows = NAN, .fixed_bits = NAN,
	.p_pass = NAN, .expected_bits = NAN,
	.alpha_sim = NAN, .alpha_stderr = NAN, .beta_sim = NAN, .beta_stderr = NAN,
	.bits_good_sim = NAN, .bits_good_stderr = NAN, .bits_bad_sim = NAN,
	.bits_bad_stderr = NAN,
	.dispersion = NAN,
	.fec.ser = NAN, .ber_max = NAN, .cer_upper = NAN,
	.decision = "",
};

/*
 * The bytes row_reset copies, read at run time: with the size a constant
 * gcc -O2 inlines the copy as rep movsq, which cost more than a call to the
 * C library's memcpy (vector moves) for these 1024 bytes (a thirtieth of a
 * 1e6-row batch).
 */
static volatile size_t blank_len = offsetof(struct row, error);

void row_reset(struct row *r, const struct row_input *base)
{
	memcpy(r, &blank, blank_len);
	r->error[0] = '\0';
	r->in = *base;
}

void sweep_init(struct sweep *s, const struct vlist *const list[NQ])
{
	memset(s, 0, sizeof *s);
	for (int q = 0; q < NQ; q++)
		s->list[q] = list[q];
}

int sweep_next(struct sweep *s, const struct row_input *base, struct row *r)
{
	if (s->started) {
		int q;
		for (q = NQ - 1; q >= 0; q--) {
			if (!s->list[q])
				continue;
			if (++s->index[q] < s->list[q]->count)
				break;
			s->index[q] = 0;
		}
		if (q < 0)
			return 0;
	}
	s->started = 1;
	row_reset(r, base);
	for (int q = 0; q < NQ; q++) {
		if (!s->list[q])
			continue;
		double c = NAN;
		double v = vlist_value(s->list[q], s->index[q], &c);
		/* Values were checked when the flags were read. */
		row_set(&r->in, (enum quantity)q, v, c);
	}
	return 1;
}

/* ---- batch ---- */

static int grow_buf(struct batch *b)
{
	size_t cap = b->bufcap ? 2 * b->bufcap : 256;
	char *p = realloc(b->buf, cap);
	if (!p)
		return -1;
	b->buf = p;
	b->bufcap = cap;
	return 0;
}

/* One character into the record buffer (inline: it runs for every byte). */
static inline int push_char(struct batch *b, char c)
{
	if (b->buflen + 1 >= b->bufcap && grow_buf(b))
		return -1;
	b->buf[b->buflen++] = c;
	return 0;
}

static int push_cell(struct batch *b)
{
	if (b->ncells == b->cellcap) {
		size_t cap = b->cellcap ? 2 * b->cellcap : 16;
		size_t *p = realloc(b->cell, cap * sizeof *p);
		if (!p)
			return -1;
		b->cell = p;
		b->cellcap = cap;
	}
	b->cell[b->ncells++] = b->buflen;
	return 0;
}

/*
 * Read one record into b->buf / b->cell. Returns 1 with *bad = NULL or a
 * reason, 0 at the end of input, -1 on a read or memory error.
 */
static int read_record(struct batch *b, const char **bad)
{
	int c, quoted = 0, at_start = 1, any = 0;
	long lines = 1;
	*bad = NULL;
	b->buflen = 0;
	b->ncells = 0;
	if (push_cell(b))
		return -1;
	/* A line that starts with '#' is a comment: skipped, but counted. */
	while ((c = getc_unlocked(b->fp)) == '#') {
		while ((c = getc_unlocked(b->fp)) != '\n' && c != EOF)
			;
		if (c == EOF)
			return ferror(b->fp) ? -1 : 0;
		b->line++;
	}
	if (c != EOF)
		ungetc(c, b->fp);
	b->record_line = b->line;
	int sep = (unsigned char)b->sep, pending = -2; /* -2: none */
	for (;;) {
		if (pending != -2) {
			c = pending;
			pending = -2;
		} else {
			c = getc_unlocked(b->fp);
		}
		if (c == EOF) {
			if (ferror(b->fp))
				return -1;
			if (quoted && !*bad)
				*bad = "a quoted field is not closed";
			break;
		}
		any = 1;
		if ((long)b->buflen > MAX_RECORD) {
			/* Past 1 MiB quotes no longer count: the record ends at the
			 * next line break, so an unclosed quote cannot swallow the
			 * rows after it. */
			if (!*bad)
				*bad = "line longer than 1 MiB";
			if (c == '\n')
				break;
			continue;
		}
		if (quoted) {
			if (c == '"') {
				int d = getc_unlocked(b->fp);
				if (d == '"') {
					if (push_char(b, '"'))
						return -1;
					continue;
				}
				quoted = 0;
				if (d == EOF)
					continue;
				c = d;
			} else {
				if (c == '\n')
					lines++;
				if (c == '\0' && !*bad)
					*bad = "binary data (a NUL byte)";
				if (push_char(b, (char)c))
					return -1;
				continue;
			}
		}
		if (c == '"' && at_start) {
			quoted = 1;
			at_start = 0;
			continue;
		}
		at_start = 0;
		if (c == '\n')
			break;
		if (c == (unsigned char)b->sep) {
			if (push_char(b, '\0') || push_cell(b))
				return -1;
			at_start = 1;
			continue;
		}
		if (c == '\r') {
			int d = getc_unlocked(b->fp);
			if (d == '\n')
				break;
			if (d != EOF)
				ungetc(d, b->fp);
			if (!*bad)
				*bad = "a carriage return inside a field";
			continue;
		}
		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			if (!*bad)
				*bad = "binary data (a control character)";
			continue;
		}
		if (push_char(b, (char)c))
			return -1;
		/* The rest of an unquoted field in a tight loop, while its bytes
		 * need none of the checks above (not a line break, separator,
		 * control character or EOF; a quote inside a field is plain) and
		 * fit without growing the buffer or passing MAX_RECORD; the first
		 * other byte is handled above. A byte at a time with all the
		 * checks, reading was 8 % of a 1e6-row batch, now 7 %. */
		size_t lim = b->bufcap - 1 < (size_t)MAX_RECORD + 1 ? b->bufcap - 1
		                                                     : (size_t)MAX_RECORD + 1;
		while (b->buflen < lim) {
			int d = getc_unlocked(b->fp);
			if (d == sep || (d < 0x20 ? d != '\t' : d == 0x7f)) {
				pending = d;
				break;
			}
			b->buf[b->buflen++] = (char)d;
		}
	}
	if (push_char(b, '\0'))
		return -1;
	b->line += lines;
	return any ? 1 : 0;
}

static const char *cell(const struct batch *b, size_t i)
{
	return i < b->ncells ? b->buf + b->cell[i] : "";
}

/* Header names match flags case-insensitively, trimmed, with '_' for '-'. */
static void normalize_name(const char *s, char *out, size_t len)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n >= len) {
		out[0] = '\0'; /* too long to be a flag's name */
		return;
	}
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		out[i] = c == '_' ? '-' : (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
	}
	out[n] = '\0';
}

/*
 * The header line's raw bytes (after a byte order mark and comment lines),
 * up to its end outside quotes, into b->buf; returns its length, 0 at the
 * end of input, -1 on a read or memory error, -2 if longer than 1 MiB.
 */
static long read_raw_header(struct batch *b)
{
	int c, quoted = 0;
	b->buflen = 0;
	while ((c = getc_unlocked(b->fp)) == '#') { /* comment lines */
		while ((c = getc_unlocked(b->fp)) != '\n' && c != EOF)
			;
		if (c == EOF)
			return ferror(b->fp) ? -1 : 0;
		b->line++;
	}
	for (; c != EOF; c = getc_unlocked(b->fp)) {
		if ((long)b->buflen > MAX_RECORD)
			return -2;
		if (push_char(b, (char)c))
			return -1;
		if (c == '"')
			quoted = !quoted;
		else if (c == '\n' && !quoted)
			break;
	}
	if (ferror(b->fp))
		return -1;
	return (long)b->buflen;
}

/* The delimiter that occurs most often outside quotes: ',' on a tie or none. */
static char detect_delimiter(const char *s, size_t n)
{
	size_t count[3] = {0, 0, 0};
	static const char cand[3] = {',', ';', '\t'};
	int quoted = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			quoted = !quoted;
		for (int k = 0; k < 3 && !quoted; k++)
			count[k] += s[i] == cand[k];
	}
	int best = 0;
	for (int k = 1; k < 3; k++)
		if (count[k] > count[best])
			best = k;
	return cand[best];
}

/* The copy's name input_NAME for column i. */
static int rename_input(struct batch *b, size_t i)
{
	b->renamed[i] = malloc(strlen(b->header[i]) + sizeof "input_");
	if (!b->renamed[i])
		return -1;
	strcpy(b->renamed[i], "input_");
	strcat(b->renamed[i], b->header[i]);
	return 0;
}

static int batch_open_inner(struct batch *b, FILE *fp, const char *name, unsigned used,
                            char sep, char *err, size_t errlen)
{
	memset(b, 0, sizeof *b);
	b->fp = fp;
	b->name = name;
	b->line = 1;
	/* Skip a UTF-8 byte order mark. */
	int c = getc(fp);
	if (c == 0xEF) {
		if (getc(fp) != 0xBB || getc(fp) != 0xBF) {
			snprintf(err, errlen, "%s:1: not a CSV file (bad byte order mark)", name);
			return -1;
		}
	} else if (c != EOF) {
		ungetc(c, fp);
	}
	/* The header: its raw line decides the delimiter, unless one is forced. */
	long n = read_raw_header(b);
	if (n <= 0) {
		snprintf(err, errlen, "%s:%ld: %s", name, b->line,
		         n == -2 ? "header line longer than 1 MiB"
		         : n < 0 ? "cannot read" : "empty file, expected a header row");
		return -1;
	}
	b->sep = sep ? sep : detect_delimiter(b->buf, b->buflen);
	FILE *mem = fmemopen(b->buf, b->buflen, "r");
	char *raw = b->buf;
	if (!mem) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	b->buf = NULL; /* read_record fills a new buffer from the copy */
	b->bufcap = b->buflen = 0;
	b->fp = mem;
	long line = b->line;
	const char *bad;
	int r = read_record(b, &bad);
	fclose(mem);
	free(raw);
	b->fp = fp;
	b->line = line + 1;
	if (r <= 0 || bad) {
		snprintf(err, errlen, "%s:%ld: %s", name, line,
		         r < 0 ? "cannot read" : r == 0 ? "empty file, expected a header row" : bad);
		return -1;
	}
	size_t ncols = b->ncells;
	b->ncols = ncols;
	b->header = calloc(ncols, sizeof *b->header);
	b->column_quantity = calloc(ncols, sizeof *b->column_quantity);
	b->extra_names = calloc(ncols + 1, sizeof *b->extra_names);
	b->extra = calloc(ncols + 1, sizeof *b->extra);
	b->renamed = calloc(ncols + 1, sizeof *b->renamed);
	if (!b->header || !b->column_quantity || !b->extra_names || !b->extra || !b->renamed) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	for (size_t i = 0; i < ncols; i++) {
		b->header[i] = strdup(cell(b, i));
		if (!b->header[i]) {
			snprintf(err, errlen, "%s: out of memory", name);
			return -1;
		}
	}
	/* One pass: each name against the flags; a recognised name seen twice is an error. */
	long seen[NQ + 1];
	for (int q = 0; q <= NQ; q++)
		seen[q] = -1;
	for (size_t i = 0; i < ncols; i++) {
		char norm[32];
		normalize_name(b->header[i], norm, sizeof norm);
		int q = -1;
		for (int k = 0; k < NQ && q < 0; k++)
			if (strcmp(norm, flags[k].name) == 0)
				q = k;
		if (q < 0 && strcmp(norm, "model") == 0)
			q = NQ; /* not numeric, not pass-through */
		b->column_quantity[i] = q;
		if (q >= 0 && seen[q] >= 0) {
			snprintf(err, errlen, "%s:%ld: column '%s' appears twice", name, line,
			         q == NQ ? "model" : flags[q].name);
			return -1;
		}
		if (q >= 0)
			seen[q] = (long)i;
		if (q == NQ) {
			b->has_model_column = 1;
			b->model_column = i;
		} else if (q >= 0 && !(used & (1u << q))) {
			/* copied through, as input_NAME: the subcommand may print a
			 * column NAME of its own (bercl errors, an input errors column) */
			b->column_quantity[i] = COLUMN_UNUSED;
			if (rename_input(b, i) != 0) {
				snprintf(err, errlen, "%s: out of memory", name);
				return -1;
			}
		}
		if (b->column_quantity[i] < 0)
			b->extra_names[b->nextra++] = b->renamed[i] ? b->renamed[i] : b->header[i];
	}
	return 0;
}

int batch_open(struct batch *b, FILE *fp, const char *name, unsigned used, char sep,
               char *err, size_t errlen)
{
	if (batch_open_inner(b, fp, name, used, sep, err, errlen) == 0)
		return 0;
	batch_close(b); /* nothing is kept from a failed open */
	return -1;
}

int batch_has(const struct batch *b, enum quantity q)
{
	for (size_t i = 0; i < b->ncols; i++)
		if (b->column_quantity[i] == (int)q)
			return 1;
	return 0;
}

int batch_next(struct batch *b, const struct row_input *base, struct row *r)
{
	const char *bad;
	long line;
	int rc;
	do {
		rc = read_record(b, &bad);
		if (rc <= 0)
			return rc;
		line = b->record_line;
		/* A blank line is not a row. */
	} while (!bad && b->ncells == 1 && b->buf[0] == '\0');

	row_reset(r, base);
	r->line = line;
	size_t k = 0;
	for (size_t i = 0; i < b->ncols; i++)
		if (b->column_quantity[i] < 0)
			b->extra[k++] = cell(b, i);
	r->extra = b->extra;
	if (bad) {
		snprintf(r->error, sizeof r->error, "%s", bad);
		return 1;
	}
	if (b->ncells != b->ncols) {
		snprintf(r->error, sizeof r->error, "has %zu fields, the header has %zu",
		         b->ncells, b->ncols);
		return 1;
	}
	for (size_t i = 0; i < b->ncols; i++) {
		int q = b->column_quantity[i];
		if (q < 0)
			continue; /* pass-through */
		/* A recognised cell is read without the spaces around it. Its
		 * length from the next cell's offset (cells are NUL-separated and
		 * hold no NUL in a good record), not strlen. */
		char *text = b->buf + b->cell[i];
		size_t len = (i + 1 < b->ncells ? b->cell[i + 1] : b->buflen) - 1 - b->cell[i];
		while (*text == ' ' || *text == '\t') {
			text++;
			len--;
		}
		while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
			text[--len] = '\0';
		if (*text == '\0')
			continue; /* empty: the flag's value stays */
		if (q == NQ) {
			if (strcmp(text, "poisson") == 0)
				r->in.model = BERCL_POISSON;
			else if (strcmp(text, "binomial") == 0)
				r->in.model = BERCL_BINOMIAL;
			else if (!r->error[0])
				snprintf(r->error, sizeof r->error,
				         "model '%.40s': not poisson or binomial", text);
			continue;
		}
		double v, c;
		const char *why = quantity_parse((enum quantity)q, text, &v, &c);
		if (!why)
			why = row_set(&r->in, (enum quantity)q, v, c);
		/* Keep reading the other columns, so the row shows what it can. */
		if (why && !r->error[0])
			snprintf(r->error, sizeof r->error, "%s '%.40s': %s", flags[q].name, text, why);
	}
	return 1;
}

int batch_rename_taken(struct batch *b, const char *const *names, size_t n)
{
	int count = 0;
	for (size_t i = 0, k = 0; i < b->ncols; i++) {
		if (b->column_quantity[i] >= 0)
			continue;
		for (size_t j = 0; j < n && !b->renamed[i]; j++) {
			if (strcmp(b->header[i], names[j]) != 0)
				continue;
			if (rename_input(b, i) != 0)
				return -1;
			b->extra_names[k] = b->renamed[i];
			count++;
		}
		k++;
	}
	return count;
}

void batch_close(struct batch *b)
{
	for (size_t i = 0; i < b->ncols && b->header; i++)
		free(b->header[i]);
	for (size_t i = 0; i < b->ncols && b->renamed; i++)
		free(b->renamed[i]);
	free(b->renamed);
	free(b->header);
	free(b->column_quantity);
	free(b->extra_names);
	free(b->extra);
	free(b->buf);
	free(b->cell);
	memset(b, 0, sizeof *b);
}
