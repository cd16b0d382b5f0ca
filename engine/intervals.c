/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * intervals.c - the --intervals file of cl, ber and watch, and the
 * clustered answers of a row.
 *
 * The file: error counts per interval, as BERTs log them per second or per
 * gate and switches per poll,
 *
 *     bits,errors              (header: optional; other columns are ignored)
 *     1e9,0
 *     1e9,3
 *     ...
 *
 * or cumulative readings, as `bercl watch` takes them (counters from the
 * start of the test: the first interval is the first reading, each later
 * one the difference from the reading before). The form is decided from
 * the first three data rows: bits strictly increasing and errors never
 * decreasing there means cumulative readings, anything else per-interval
 * counts (--intervals-form says which instead: a log whose gate lengths
 * grow looks cumulative); the caller says which on standard error. Then, cumulative: bits
 * that do not increase (a zero-length interval, or a counter going
 * backwards) and errors that decrease are errors naming the line and
 * column; per-interval: bits must be above 0 and errors at most bits.
 *
 * Cells are separated by a comma or a tab (blanks around them allowed);
 * lines starting with # and blank lines are skipped; a UTF-8 byte-order
 * mark and CR LF line ends are accepted; a line is at most 4 KiB. bits take
 * SI suffixes (1G = 1e9) as --bits does, errors are whole numbers. Memory
 * is bounded whatever the file's length: the library's running sums
 * (bercl_intervals_add) are all that is kept.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "format.h"
#include "intervals.h"
#include "parse.h"

#define LINE_MAX_BYTES 4096
#define DETECT_ROWS 3


struct reader {
	const char *name;
	char *err;
	size_t errlen;
	bercl_intervals *s;
	int has_header;
	int bits_col, errors_col;       /* -1 until known */
	int cumulative;                 /* decided after DETECT_ROWS rows, or given */
	enum intervals_form form;
	long held;                      /* rows held while deciding */
	double held_bits[DETECT_ROWS], held_errors[DETECT_ROWS];
	long held_line[DETECT_ROWS];
	double prev_bits, prev_errors;  /* cumulative: the reading before */
	long rows;
};

/* One interval into the sums; a library refusal as a message. */
static int add(struct reader *rd, long line, double bits, double errors)
{
	enum bercl_status rc = bercl_intervals_add(rd->s, bits, errors);
	if (rc == BERCL_OK)
		return 0;
	if (rc == BERCL_ELIMIT)
		return csv_error(rd->err, rd->errlen, rd->name, line,
		            "more than 2^53 errors or 1e300 bits in all");
	return csv_error(rd->err, rd->errlen, rd->name, line,
	            "errors %.17g exceed the interval's bits %.17g (column errors)", errors, bits);
}

/* A cumulative reading of column col below the one before: the message. */
static int backwards(struct reader *rd, long line, const char *col, double v, double prev)
{
	char a[40], b[40];
	format_double(a, sizeof a, v);
	format_double(b, sizeof b, prev);
	return csv_error(rd->err, rd->errlen, rd->name, line,
	            "%s %s is below the reading before, %s: the counter went backwards "
	            "(column %s; the file holds cumulative readings)", col, a, b, col);
}

/* A data row, after the form is known. */
static int take(struct reader *rd, long line, double bits, double errors)
{
	char a[40];
	if (!rd->cumulative) {
		if (!(bits > 0))
			return csv_error(rd->err, rd->errlen, rd->name, line,
			            "bits 0: a zero-length interval (column bits)");
		return add(rd, line, bits, errors);
	}
	if (bits < rd->prev_bits)
		return backwards(rd, line, "bits", bits, rd->prev_bits);
	if (bits == rd->prev_bits) {
		format_double(a, sizeof a, bits);
		return csv_error(rd->err, rd->errlen, rd->name, line,
		            "bits %s again: a zero-length interval (column bits; the file holds "
		            "cumulative readings)", a);
	}
	if (errors < rd->prev_errors)
		return backwards(rd, line, "errors", errors, rd->prev_errors);
	/* the differences of two doubles: exact for whole numbers below 2^53 */
	double n = bits - rd->prev_bits, x = errors - rd->prev_errors;
	rd->prev_bits = bits;
	rd->prev_errors = errors;
	return add(rd, line, n, x);
}

/* The held rows decide the form, then go in. */
static int decide(struct reader *rd)
{
	int cum = rd->held == DETECT_ROWS;
	for (long i = 1; cum && i < rd->held; i++)
		if (!(rd->held_bits[i] > rd->held_bits[i - 1]) ||
		    rd->held_errors[i] < rd->held_errors[i - 1])
			cum = 0;
	if (rd->form != FORM_AUTO) /* said by --intervals-form: no guess */
		cum = rd->form == FORM_CUMULATIVE;
	rd->cumulative = cum;
	rd->prev_bits = rd->prev_errors = 0;
	for (long i = 0; i < rd->held; i++)
		if (take(rd, rd->held_line[i], rd->held_bits[i], rd->held_errors[i]) != 0)
			return -1;
	rd->held = -1; /* decided */
	return 0;
}

/* Is this record a header? Then note its columns. */
static int header(struct reader *rd, struct csv *c)
{
	char loose[32];
	int is_header = 0;
	for (size_t i = 0; i < c->ncells; i++) {
		csv_loose_name(csv_cell(c, i), loose, sizeof loose);
		if (strcmp(loose, "bits") == 0 || strcmp(loose, "errors") == 0)
			is_header = 1;
	}
	if (!is_header)
		return 0;
	rd->has_header = 1;
	for (size_t i = 0; i < c->ncells; i++) {
		csv_loose_name(csv_cell(c, i), loose, sizeof loose);
		int *col = strcmp(loose, "bits") == 0 ? &rd->bits_col
		           : strcmp(loose, "errors") == 0 ? &rd->errors_col : NULL;
		if (!col)
			continue;
		if (*col >= 0)
			return csv_error(rd->err, rd->errlen, rd->name, c->record_line, "column %s given twice",
			            loose);
		*col = (int)i;
	}
	if (rd->bits_col < 0 || rd->errors_col < 0)
		return csv_error(rd->err, rd->errlen, rd->name, c->record_line,
		            "the header needs both columns, bits and errors");
	return 1;
}

/* One interval row's bits and errors; 0, or -1 with the message. */
static int row_counts(struct reader *rd, struct csv *c, long line, double *bits, double *errors)
{
	char q[64];
	if (!rd->has_header && c->ncells != 2)
		return csv_error(rd->err, rd->errlen, rd->name, line,
		            "expected two cells, bits and errors, separated by a comma");
	if ((size_t)rd->bits_col >= c->ncells || (size_t)rd->errors_col >= c->ncells)
		return csv_error(rd->err, rd->errlen, rd->name, line,
		            "%zu cells: the row has no %s column", c->ncells,
		            (size_t)rd->bits_col >= c->ncells ? "bits" : "errors");
	const char *bt = csv_cell(c, (size_t)rd->bits_col);
	const char *et = csv_cell(c, (size_t)rd->errors_col);
	const char *why = parse_si(bt, bits);
	if (!why && !(*bits >= 0))
		why = "must not be negative";
	if (!why && *bits > 1e300)
		why = "is above 1e300";
	if (why)
		return csv_error(rd->err, rd->errlen, rd->name, line, "bits '%s' %s (column bits)",
		            shown_text(bt, q, sizeof q), why);
	why = parse_count(et, errors);
	if (why)
		return csv_error(rd->err, rd->errlen, rd->name, line, "errors '%s' %s (column errors)",
		            shown_text(et, q, sizeof q), why);
	return 0;
}

static int records(struct reader *rd, struct csv *c)
{
	const char *bad;
	int rc, first = 1;
	if (csv_skip_bom(c) != 0)
		return csv_error(rd->err, rd->errlen, rd->name, 1, "not a CSV file (bad byte order mark)");
	while ((rc = csv_read(c, &bad)) == 1) {
		long line = c->record_line;
		if (bad)
			return csv_error(rd->err, rd->errlen, rd->name, line, "%s", bad);
		char *cell0 = csv_trim(c->buf);
		if (c->blank)
			continue;
		if (cell0[0] == '#')
			continue;
		for (size_t i = 1; i < c->ncells; i++)
			csv_trim(c->buf + c->cell[i]);
		if (first) {
			first = 0;
			int h = header(rd, c);
			if (h < 0)
				return -1;
			if (h > 0)
				continue;
			rd->bits_col = 0; /* no header: bits,errors */
			rd->errors_col = 1;
		}
		double bits, errors;
		if (row_counts(rd, c, line, &bits, &errors) != 0)
			return -1;
		rd->rows++;
		if (rd->held >= 0) {
			rd->held_bits[rd->held] = bits;
			rd->held_errors[rd->held] = errors;
			rd->held_line[rd->held] = line;
			if (++rd->held == DETECT_ROWS && decide(rd) != 0)
				return -1;
			continue;
		}
		if (take(rd, line, bits, errors) != 0)
			return -1;
	}
	if (rc < 0)
		return csv_error(rd->err, rd->errlen, rd->name, 0, "read error");
	if (rd->held > 0 && decide(rd) != 0)
		return -1;
	if (rd->rows == 0)
		return csv_error(rd->err, rd->errlen, rd->name, 0, "no intervals (bits,errors rows)");
	return 0;
}

int intervals_read(const struct source *src, const char *name, enum intervals_form form, bercl_intervals *s,
                   struct intervals_note *note, char *err, size_t errlen)
{
	static const bercl_intervals zero;
	*s = zero;
	struct reader rd = {.name = name, .err = err, .errlen = errlen, .s = s,
	                    .bits_col = -1, .errors_col = -1, .form = form};
	struct csv_options opt = {.sep = ',', .sep2 = '\t', .max_record = LINE_MAX_BYTES,
	                          .max_text = "4096 bytes", .comments = 1, .stop_at_bad = 1};
	struct csv c;
	csv_init(&c, src, &opt);
	int rc = records(&rd, &c);
	csv_free(&c);
	note->cumulative = rd.cumulative;
	note->rows = rd.rows;
	return rc;
}

void intervals_describe(const char *name, const struct intervals_note *note,
                        const bercl_intervals *s, char *buf, size_t len)
{
	char bits[40], errors[40];
	format_double(bits, sizeof bits, s->bits);
	format_double(errors, sizeof errors, s->errors);
	if (note->cumulative)
		snprintf(buf, len,
		         "%s: %ld cumulative readings (bits grow): %ld intervals, %s error%s in %s bits",
		         name, note->rows, note->rows, errors, s->errors == 1 ? "" : "s", bits);
	else
		snprintf(buf, len, "%s: %ld per-interval counts: %s error%s in %s bits", name,
		         note->rows, errors, s->errors == 1 ? "" : "s", bits);
}

int intervals_compute(struct row *r, enum command cmd)
{
	const bercl_intervals *s = r->in.intervals;
	enum bercl_status rc = bercl_clustered_dispersion(s, &r->disp);
	if (rc == BERCL_OK && r->disp.has_estimate)
		r->dispersion = r->disp.dispersion;
	if (rc == BERCL_OK && cmd == CMD_CL)
		rc = bercl_clustered_cl(s, r->in.ber, &r->cl_clustered);
	if (rc == BERCL_OK && cmd == CMD_BER)
		rc = bercl_clustered_ber_bounds(s, r->in.cl, r->in.cl_complement, r->in.two_sided,
		                                &r->ber_lower_clustered, &r->ber_upper_clustered);
	if (rc == BERCL_ELIMIT) {
		snprintf(r->error, sizeof r->error, "the clustered answer is beyond the Poisson "
		         "model's range (bits * ber / dispersion_upper from 1e-300 to 1e300)");
		return -1;
	}
	if (rc != BERCL_OK) {
		snprintf(r->error, sizeof r->error, "internal error in the clustered answer: %s",
		         bercl_strerror(rc));
		return -1;
	}
	r->has_clustered = 1;
	return 0;
}
