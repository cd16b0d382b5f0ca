/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * format.c - rows to text (aligned, with units), CSV, TSV and JSON lines,
 * written to a sink a line at a time.
 *
 * Text is for a person: a table whose columns fit TEXT_WIDTH display
 * columns is printed as a table, one line a row; a wider one (the FEC
 * telemetry's 19 columns, a simulated plan's 15) as one block a row, a
 * labelled line a cell, each block ended by an empty line, as lspci -v and
 * ethtool print records. The choice is made from the layout alone, so every
 * row of one output has the same shape, and rows still stream.
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "human.h"
#include "shortest.h"
#include "xmath.h"

#define TEXT_WIDTH 100 /* a terminal's width, and what a person reads on one line */
#define EXTRA_WIDTH 12 /* pass-through columns of a batch */

/* The cell of column c of row r ("" if the row has none). */
static size_t cell_text(char *buf, size_t len, enum column c, const struct row *r, int human)
{
	return column_cell(buf, len, c, r, human);
}

/* An output line assembled in a buffer, handed to the sink whenever it fills. */
struct line {
	const struct sink *out;
	size_t n;
	char buf[8192];
};

static void line_flush(struct line *l)
{
	sink_put(l->out, l->buf, l->n);
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

static void line_puts(struct line *l, const char *s)
{
	line_put(l, s, strlen(s));
}

static void line_putc(struct line *l, char c)
{
	if (l->n == sizeof l->buf)
		line_flush(l);
	l->buf[l->n++] = c;
}

static void line_spaces(struct line *l, size_t n)
{
	while (n-- > 0)
		line_putc(l, ' ');
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

static void line_json_string(struct line *l, const char *s)
{
	line_putc(l, '"');
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	while (n > 0) {
		unsigned c = *p, cp;
		int k = 1;
		char esc[8];
		if (c == '"' || c == '\\') {
			line_putc(l, '\\');
			line_putc(l, (char)c);
		} else if (c < 0x20) {
			snprintf(esc, sizeof esc, "\\u%04x", c);
			line_puts(l, esc);
		} else if (c < 0x80) {
			line_putc(l, (char)c);
		} else if ((k = utf8_decode(p, n, &cp)) > 0) {
			line_put(l, (const char *)p, (size_t)k);
		} else {
			line_puts(l, "\\ufffd"); /* not UTF-8: JSON text must be */
			k = 1;
		}
		p += k;
		n -= (size_t)k;
	}
	line_putc(l, '"');
}

/*
 * A text cell's characters; a line break inside a cell (a pass-through
 * cell read from a quoted CSV field) is written as a backslash and n or r,
 * as --value writes it, so that one row stays one line. Returns the display
 * columns written.
 */
static size_t line_text(struct line *l, const char *s)
{
	size_t breaks = 0;
	for (const char *c = s; *c; c++) {
		if (*c == '\n' || *c == '\r') {
			line_putc(l, '\\');
			line_putc(l, *c == '\n' ? 'n' : 'r');
			breaks++;
		} else {
			line_putc(l, *c);
		}
	}
	return display_width(s) + breaks;
}

/* The display columns line_text() takes for s (a line break is two). */
static size_t text_width(const char *s)
{
	size_t breaks = 0;
	for (const char *c = s; *c; c++)
		breaks += *c == '\n' || *c == '\r';
	return display_width(s) + breaks;
}

/*
 * A text table line. Each cell starts at its slot (the widths of the cells
 * before it, plus one space each), or one space after a cell that ran past
 * its width: a long value pushes only its own line's next cells, which
 * take up the slack where they can. Widths are display columns (UTF-8).
 */
struct text_line {
	struct line *l;
	size_t at;   /* display column after the last cell */
	size_t slot; /* where the next cell should start */
	int cells;
};

static void put_text_cell(struct text_line *t, const char *s, int width)
{
	if (*s) { /* an empty cell writes nothing: no trailing spaces */
		if (t->cells > 0) {
			size_t start = t->slot > t->at ? t->slot : t->at + 1;
			line_spaces(t->l, start - t->at);
			t->at = start;
		}
		t->at += line_text(t->l, s);
	}
	t->cells++;
	t->slot += (size_t)width + 1;
}

/* The display width of the layout's table: the slots of its cells and the
 * spaces between, the last cell as wide as its header (it is not padded). */
static size_t table_width(const struct layout *l)
{
	size_t w = l->nextra * (EXTRA_WIDTH + 1);
	for (int i = 0; i + 1 < l->ncol; i++)
		w += (size_t)columns[l->col[i]].width + 1;
	if (l->ncol > 0)
		w += display_width(columns[l->col[l->ncol - 1]].header);
	return w;
}

int format_text_too_wide(size_t width)
{
	return width > TEXT_WIDTH;
}

static int as_records(const struct layout *l)
{
	return l->format == FMT_TEXT && format_text_too_wide(table_width(l));
}

/* Extra cells, then the layout's; the last is not padded. */
static void put_text_line(struct line *line, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	struct text_line t = {line, 0, 0, 0};
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
	line_putc(line, '\n');
}

/* A record line: the label padded to the widest label of the layout, the value. */
static void put_record_cell(struct line *line, const char *label, size_t label_width,
                            const char *value)
{
	if (!*value)
		return; /* as in a table, an empty cell says nothing */
	size_t w = line_text(line, label);
	line_spaces(line, w < label_width + 2 ? label_width + 2 - w : 1);
	line_text(line, value);
	line_putc(line, '\n');
}

/* A row as a block: a line a cell that has a value; an empty line before
 * it parts it from the row before (none ends the output). */
static void put_text_record(struct line *line, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	size_t width = 0;
	if (r->after_row)
		line_putc(line, '\n');
	for (size_t i = 0; i < l->nextra; i++) {
		size_t w = text_width(l->extra_names[i]);
		width = w > width ? w : width;
	}
	for (int i = 0; i < l->ncol; i++) {
		size_t w = display_width(columns[l->col[i]].header);
		width = w > width ? w : width;
	}
	for (size_t i = 0; i < l->nextra; i++)
		put_record_cell(line, l->extra_names[i], width, r->extra ? r->extra[i] : "");
	for (int i = 0; i < l->ncol; i++) {
		cell_text(buf, sizeof buf, l->col[i], r, 1);
		put_record_cell(line, columns[l->col[i]].header, width, buf);
	}
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Where to break s, at most `room` bytes in: the last space that parts
 * neither a number from its unit ("14 bits") nor a name or a time from its
 * number ("BER 5e-13", "5 min 14.2 s") unless punctuation ends the words
 * before it ("plan: 5 min"); else the last space; else after the first
 * word (longer than the line: it has the line). */
static size_t wrap_at(const char *s, size_t room)
{
	size_t any = 0;
	for (size_t i = room; i > 0; i--)
		if (s[i] == ' ') {
			char before = s[i - 1], after = s[i + 1];
			if (!is_digit(before) && (!is_digit(after) || strchr(",;:(", before)))
				return i;
			if (!any)
				any = i;
		}
	return any ? any : strcspn(s, " ");
}

/* Text wrapped at TEXT_WIDTH at spaces, each line indented by two spaces. */
static void put_wrapped(struct line *line, const char *s)
{
	const size_t indent = 2;
	while (*s) {
		size_t n = strlen(s), cut = n;
		if (indent + n > TEXT_WIDTH)
			cut = wrap_at(s, TEXT_WIDTH - indent);
		line_spaces(line, indent);
		line_put(line, s, cut);
		line_putc(line, '\n');
		s += cut;
		while (*s == ' ')
			s++;
	}
}

/*
 * The significant digits that show a percentage below 100 as below 100: 3,
 * or more where 3 would round it to 100 (99.9001 % is not "100 %", every
 * test; 0 and 100 themselves keep 3).
 */
static int percent_digits(double pct, enum rounding dir)
{
	int sig = 3;
	while (sig < 17 && pct < 100 && human_round_sig(pct, sig, dir) >= 100)
		sig++;
	return sig;
}

/* A simulate row in words. */
static void put_sentence(struct line *line, const struct row *r)
{
	char bits[32]; /* a whole number of bits as an integer */
	char text[512];
	format_double(bits, sizeof bits, r->bits);
	double exact = 100 * r->tails.one_minus_cl, sim = 100 * r->one_minus_cl_sim;
	double z = r->sim_stderr > 0 ? (r->one_minus_cl_sim - r->tails.one_minus_cl) / r->sim_stderr : 0.0;
	if (fabs(z) < 0.05)
		z = 0.0; /* "+0.0", not "-0.0", for a difference that rounds to none */
	int exact_sig = percent_digits(exact, ROUND_UP), sim_sig = percent_digits(sim, ROUND_NEAREST);
	snprintf(text, sizeof text,
	         "if the true BER were exactly %.6g, %.*g%% of such tests would still pass "
	         "(at most %.0f errors in %s bits); simulated: %.*g%% of %.0f (%+.1f standard "
	         "errors)",
	         r->in.ber, exact_sig, human_round_sig(exact, exact_sig, ROUND_UP), r->in.errors, bits,
	         sim_sig, human_round_sig(sim, sim_sig, ROUND_NEAREST), r->in.trials,
	         z);
	put_wrapped(line, text);
}

/* A CSV/TSV line begun with the batch's pass-through cells (NULL: empty ones). */
static void line_begin(struct line *line, const struct sink *out, const struct layout *l,
                       const char *const *extra, char sep)
{
	line->out = out;
	line->n = 0;
	for (size_t i = 0; i < l->nextra; i++) {
		line_cell(line, extra ? extra[i] : "", sep);
		line_putc(line, sep);
	}
}

void format_header(const struct sink *out, const struct layout *l)
{
	char sep = l->format == FMT_TSV ? '\t' : ',';
	struct line line;
	line.out = out;
	line.n = 0;
	switch (l->format) {
	case FMT_VALUE:
	case FMT_JSON:
		return; /* each object names its fields; a value has no header */
	case FMT_TEXT:
		if (as_records(l))
			return; /* each block labels its cells */
		put_text_line(&line, l, NULL);
		break;
	case FMT_CSV:
	case FMT_TSV:
		line_begin(&line, out, l, l->extra_names, sep);
		for (int i = 0; i < l->ncol; i++) {
			line_cell(&line, columns[l->col[i]].name, sep);
			line_putc(&line, i + 1 < l->ncol ? sep : '\n');
		}
		break;
	}
	line_flush(&line);
}

/*
 * --value: one line per row, so a value holding a line break is written
 * with \n and \r for its breaks and \\ for its backslashes; any other value
 * as it is.
 */
static void put_value(struct line *line, const char *s)
{
	if (!strpbrk(s, "\r\n")) {
		line_puts(line, s);
	} else {
		for (; *s; s++) {
			if (*s == '\n' || *s == '\r' || *s == '\\') {
				line_putc(line, '\\');
				line_putc(line, *s == '\n' ? 'n' : *s == '\r' ? 'r' : '\\');
			} else {
				line_putc(line, *s);
			}
		}
	}
	line_putc(line, '\n');
}

/* A CSV or TSV row: the pass-through cells, then the layout's. */
static void put_csv_row(struct line *line, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	char sep = l->format == FMT_TSV ? '\t' : ',';
	line_begin(line, line->out, l, r->extra, sep);
	for (int i = 0; i < l->ncol; i++) {
		char *d = line->buf + line->n;
		if (sizeof line->buf - line->n > sizeof buf) {
			/* written in place, kept if it needs no quotes
			 * (most cells: a copy per cell saved) */
			size_t n = cell_text(d, sizeof buf, l->col[i], r, 0);
			if (columns[l->col[i]].is_string) /* a number needs no quotes (nor in JSON) */
				for (n = 0; d[n] != '\0' && d[n] != sep && d[n] != '"' && d[n] != '\r' &&
				            d[n] != '\n';)
					n++;
			if (d[n] == '\0')
				line->n += n;
			else
				line_cell(line, strcpy(buf, d), sep);
		} else {
			cell_text(buf, sizeof buf, l->col[i], r, 0);
			line_cell(line, buf, sep);
		}
		line_putc(line, i + 1 < l->ncol ? sep : '\n');
	}
}

/* A JSON object per row: an empty cell is null, a number bare, text quoted. */
static void put_json_row(struct line *line, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	line_putc(line, '{');
	for (size_t i = 0; i < l->nextra; i++) {
		line_json_string(line, l->extra_names[i]);
		line_putc(line, ':');
		line_json_string(line, r->extra ? r->extra[i] : "");
		line_putc(line, ',');
	}
	for (int i = 0; i < l->ncol; i++) {
		cell_text(buf, sizeof buf, l->col[i], r, 0);
		line_putc(line, '"');
		line_puts(line, columns[l->col[i]].name);
		line_puts(line, "\":");
		if (buf[0] == '\0')
			line_puts(line, "null");
		else if (columns[l->col[i]].is_string || strncmp(buf, "10^", 3) == 0)
			line_json_string(line, buf); /* 10^x is not a JSON number */
		else
			line_puts(line, buf);
		if (i + 1 < l->ncol)
			line_putc(line, ',');
	}
	line_puts(line, "}\n");
}

void format_row(const struct sink *out, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	struct line line;
	line.out = out;
	line.n = 0;
	switch (l->format) {
	case FMT_VALUE:
		if (l->value_col >= 0) {
			cell_text(buf, sizeof buf, l->col[l->value_col], r, 0);
			put_value(&line, buf);
		} else {
			put_value(&line, r->extra ? r->extra[l->value_extra] : "");
		}
		break;
	case FMT_TEXT:
		if (as_records(l))
			put_text_record(&line, l, r);
		else
			put_text_line(&line, l, r);
		if (l->sentence && r->error[0] == '\0') {
			if (as_records(l))
				line_putc(&line, '\n'); /* the words apart from the block */
			put_sentence(&line, r);
		}
		break;
	case FMT_CSV:
	case FMT_TSV:
		put_csv_row(&line, l, r);
		break;
	case FMT_JSON:
		put_json_row(&line, l, r);
		break;
	}
	line_flush(&line);
}

/* A percentage above 0.01 rounded up to its 4th decimal: a risk never
 * shown smaller than it is. */
static double risk_up(double pct)
{
	return pct > 0 ? human_round_sig(pct, (int)floor(bercli_log10(pct)) + 5, ROUND_UP) : 0;
}

/* A paragraph of the text summary, wrapped (at most 512 bytes). */
static void put_paragraph(struct line *line, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));
static void put_paragraph(struct line *line, const char *fmt, ...)
{
	char text[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	put_wrapped(line, text);
}

void format_sequential_words(const struct sink *out, const struct layout *l, const struct row *r)
{
	double errors = r->in.errors;
	if (l->format != FMT_TEXT)
		return;
	struct line line;
	line.out = out;
	line.n = 0;
	put_paragraph(&line, "the test passes once 'pass at bits' bits show at most 'errors' errors, "
	                     "and fails when error 'errors' + 1 comes by 'fail by bits' bits ('never': "
	                     "that error alone does not fail it)");
	/* risks rounded up, lengths and times up: never better than they are */
	put_paragraph(&line, "at most %.0f bits, %.0f errors: error %.0f fails; risks alpha %.4f %%, "
	                     "beta %.4f %% (exact)",
	              r->max_bits, errors, errors + 1, risk_up(100 * r->alpha), risk_up(100 * r->beta));
	if (!isnan(r->alpha_actual)) {
		double b = r->in.reading_interval;
		put_paragraph(&line, "looked at only at readings every %.*g bits (as bercl watch "
		                     "decides): alpha_actual %.4f %%, beta_actual %.4f %% (exact)",
		              b == floor(b) && b < 1e15 ? 15 : 6, b, risk_up(100 * r->alpha_actual),
		              risk_up(100 * r->beta_actual));
	}
	put_paragraph(&line, "expected length: %.6g bits at BER %.6g (good), %.6g bits at BER %.6g "
	                     "(bad); the fixed plan: %.0f bits",
	              human_round_sig(r->expected_bits_good, 6, ROUND_UP), r->in.ber / r->in.ratio,
	              human_round_sig(r->expected_bits_bad, 6, ROUND_UP), r->in.ber, r->fixed_bits);
	if (!isnan(r->in.rate_bps)) {
		char good[64], bad[64], most[64], fixed[64];
		double rate = r->in.rate_bps * (isnan(r->in.lanes) ? 1 : r->in.lanes);
		human_duration(good, sizeof good, r->expected_bits_good / rate, ROUND_UP);
		human_duration(bad, sizeof bad, r->expected_bits_bad / rate, ROUND_UP);
		human_duration(most, sizeof most, r->max_bits / rate, ROUND_UP);
		human_duration(fixed, sizeof fixed, r->fixed_bits / rate, ROUND_UP);
		put_paragraph(&line, "expected time: %s (good), %s (bad); at most %s; the fixed plan: %s",
		              good, bad, most, fixed);
	}
	line_flush(&line);
}
