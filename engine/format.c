/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * format.c - rows to text (aligned, with units), CSV, TSV and JSON lines.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "human.h"
#include "shortest.h"

/* The cell of column c of row r ("" if the row has none). */
static size_t cell_text(char *buf, size_t len, enum column c, const struct row *r, int human)
{
	return column_cell(buf, len, c, r, human);
}

/* An output line assembled in a buffer, written out whenever it fills. */
struct line {
	FILE *out;
	size_t n;
	char buf[8192];
};

static void line_flush(struct line *l)
{
	fwrite(l->buf, 1, l->n, l->out);
	l->n = 0;
}

static void line_put(struct line *l, const char *s, size_t n)
{
	if (n <= sizeof l->buf - l->n) { /* the usual case: it fits */
		memcpy(l->buf + l->n, s, n);
		l->n += n;
		return;
	}
	while (n > 0) {
		if (l->n == sizeof l->buf)
			line_flush(l);
		size_t k = sizeof l->buf - l->n;
		if (k > n)
			k = n;
		memcpy(l->buf + l->n, s, k);
		l->n += k;
		s += k;
		n -= k;
	}
}

static void line_putc(struct line *l, char c)
{
	if (l->n == sizeof l->buf)
		line_flush(l);
	l->buf[l->n++] = c;
}

/* A CSV/TSV cell, quoted (RFC 4180) only when it holds a special character. */
static void line_cell(struct line *l, const char *s, char sep)
{
	/* by hand, not strcspn: cells are short, and its set-up per call
	 * showed in a batch's profile */
	size_t n = 0;
	for (char c; (c = s[n]) != '\0' && c != sep && c != '"' && c != '\r' && c != '\n';)
		n++;
	if (s[n] == '\0') {
		line_put(l, s, n);
		return;
	}
	line_putc(l, '"');
	for (; *s; s++) {
		if (*s == '"')
			line_putc(l, '"');
		line_putc(l, *s);
	}
	line_putc(l, '"');
}

static void put_json_string(FILE *out, const char *s)
{
	putc('"', out);
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	while (n > 0) {
		unsigned c = *p, cp;
		int k = 1;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else if (c < 0x80)
			putc((int)c, out);
		else if ((k = utf8_decode(p, n, &cp)) > 0)
			fwrite(p, 1, (size_t)k, out);
		else {
			fputs("\\ufffd", out); /* not UTF-8: JSON text must be */
			k = 1;
		}
		p += k;
		n -= (size_t)k;
	}
	putc('"', out);
}

/*
 * A text table line. Each cell starts at its slot (the widths of the cells
 * before it, plus one space each), or one space after a cell that ran past
 * its width: a long value pushes only its own line's next cells, which
 * take up the slack where they can. Widths are display columns (UTF-8).
 */
struct text_line {
	FILE *out;
	size_t at;   /* display column after the last cell */
	size_t slot; /* where the next cell should start */
	int cells;
};

#define EXTRA_WIDTH 12 /* pass-through columns of a batch */

static void put_text_cell(struct text_line *t, const char *s, int width)
{
	if (*s) { /* an empty cell writes nothing: no trailing spaces */
		if (t->cells > 0) {
			size_t start = t->slot > t->at ? t->slot : t->at + 1;
			for (; t->at < start; t->at++)
				putc(' ', t->out);
		}
		/* a line break inside a cell (a pass-through cell read from a
		 * quoted CSV field) is written as a backslash and n or r, as --value
		 * writes it, so that one row stays one line */
		size_t breaks = 0;
		for (const char *c = s; *c; c++) {
			if (*c == '\n' || *c == '\r') {
				putc('\\', t->out);
				putc(*c == '\n' ? 'n' : 'r', t->out);
				breaks++;
			} else {
				putc(*c, t->out);
			}
		}
		t->at += display_width(s) + breaks;
	}
	t->cells++;
	t->slot += (size_t)width + 1;
}

/* Extra cells, then the layout's; the last is not padded. */
static void put_text_line(FILE *out, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	struct text_line t = {out, 0, 0, 0};
	for (size_t i = 0; i < l->nextra; i++) {
		const char *s = r ? (r->extra ? r->extra[i] : "") : l->extra_names[i];
		put_text_cell(&t, s, EXTRA_WIDTH);
	}
	for (int i = 0; i < l->ncol; i++) {
		const char *s = columns[l->col[i]].header;
		if (r) {
			cell_text(buf, sizeof buf, l->col[i], r, 1);
			s = buf;
		}
		put_text_cell(&t, s, columns[l->col[i]].width);
	}
	putc('\n', out);
}

/* A simulate row in words. */
static void put_sentence(FILE *out, const struct row *r)
{
	char bits[32]; /* a whole number of bits as an integer */
	format_double(bits, sizeof bits, r->bits);
	fprintf(out,
	        "  if the true BER were exactly %.6g, %.3g%% of such tests would still pass "
	        "(at most %.0f errors in %s bits); simulated: %.3g%% of %.0f (%+.1f standard "
	        "errors)\n",
	        r->in.ber, human_round_sig(100 * r->tails.one_minus_cl, 3, ROUND_UP), r->in.errors, bits,
	        100 * r->one_minus_cl_sim, r->in.trials,
	        r->sim_stderr > 0 ? (r->one_minus_cl_sim - r->tails.one_minus_cl) / r->sim_stderr : 0.0);
}

/* A CSV/TSV line begun with the batch's pass-through cells (NULL: empty ones). */
static void line_begin(struct line *line, FILE *out, const struct layout *l,
                       const char *const *extra, char sep)
{
	line->out = out;
	line->n = 0;
	for (size_t i = 0; i < l->nextra; i++) {
		line_cell(line, extra ? extra[i] : "", sep);
		line_putc(line, sep);
	}
}

void format_header(FILE *out, const struct layout *l)
{
	char sep = l->format == FMT_TSV ? '\t' : ',';
	switch (l->format) {
	case FMT_VALUE:
	case FMT_JSON:
		return; /* each object names its fields; a value has no header */
	case FMT_TEXT:
		put_text_line(out, l, NULL);
		return;
	case FMT_CSV:
	case FMT_TSV: {
		struct line line;
		line_begin(&line, out, l, l->extra_names, sep);
		for (int i = 0; i < l->ncol; i++) {
			line_cell(&line, columns[l->col[i]].name, sep);
			line_putc(&line, i + 1 < l->ncol ? sep : '\n');
		}
		line_flush(&line);
		return;
	}
	}
}

/*
 * --value: one line per row, so a value holding a line break is written
 * with \n and \r for its breaks and \\ for its backslashes; any other value
 * as it is.
 */
static void put_value(FILE *out, const char *s)
{
	if (!strpbrk(s, "\r\n")) {
		fputs(s, out);
	} else {
		for (; *s; s++) {
			if (*s == '\n' || *s == '\r' || *s == '\\') {
				putc('\\', out);
				putc(*s == '\n' ? 'n' : *s == '\r' ? 'r' : '\\', out);
			} else {
				putc(*s, out);
			}
		}
	}
	putc('\n', out);
}

/* A CSV or TSV row: the pass-through cells, then the layout's. */
static void put_csv_row(FILE *out, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	char sep = l->format == FMT_TSV ? '\t' : ',';
	struct line line;
	line_begin(&line, out, l, r->extra, sep);
	for (int i = 0; i < l->ncol; i++) {
		char *d = line.buf + line.n;
		if (sizeof line.buf - line.n > sizeof buf) {
			/* written in place, kept if it needs no quotes
			 * (most cells: a copy per cell saved) */
			size_t n = cell_text(d, sizeof buf, l->col[i], r, 0);
			if (columns[l->col[i]].is_string) /* a number needs no quotes (nor in JSON) */
				for (n = 0; d[n] != '\0' && d[n] != sep && d[n] != '"' && d[n] != '\r' &&
				            d[n] != '\n';)
					n++;
			if (d[n] == '\0')
				line.n += n;
			else
				line_cell(&line, strcpy(buf, d), sep);
		} else {
			cell_text(buf, sizeof buf, l->col[i], r, 0);
			line_cell(&line, buf, sep);
		}
		line_putc(&line, i + 1 < l->ncol ? sep : '\n');
	}
	line_flush(&line);
}

/* A JSON object per row: an empty cell is null, a number bare, text quoted. */
static void put_json_row(FILE *out, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	putc('{', out);
	for (size_t i = 0; i < l->nextra; i++) {
		put_json_string(out, l->extra_names[i]);
		putc(':', out);
		put_json_string(out, r->extra ? r->extra[i] : "");
		putc(',', out);
	}
	for (int i = 0; i < l->ncol; i++) {
		cell_text(buf, sizeof buf, l->col[i], r, 0);
		fprintf(out, "\"%s\":", columns[l->col[i]].name);
		if (buf[0] == '\0')
			fputs("null", out);
		else if (columns[l->col[i]].is_string || strncmp(buf, "10^", 3) == 0)
			put_json_string(out, buf); /* 10^x is not a JSON number */
		else
			fputs(buf, out);
		if (i + 1 < l->ncol)
			putc(',', out);
	}
	fputs("}\n", out);
}

void format_row(FILE *out, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	switch (l->format) {
	case FMT_VALUE:
		if (l->value_col >= 0) {
			cell_text(buf, sizeof buf, l->col[l->value_col], r, 0);
			put_value(out, buf);
		} else {
			put_value(out, r->extra ? r->extra[l->value_extra] : "");
		}
		return;
	case FMT_TEXT:
		put_text_line(out, l, r);
		if (l->sentence && r->error[0] == '\0')
			put_sentence(out, r);
		return;
	case FMT_CSV:
	case FMT_TSV:
		put_csv_row(out, l, r);
		return;
	case FMT_JSON:
		put_json_row(out, l, r);
		return;
	}
}
