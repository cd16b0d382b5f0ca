/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rows.c - rows from flag lists (sweep) and from CSV/TSV files (batch).
 *
 * The sweep is an odometer over the lists' indices: nothing is stored but
 * one index per flag, so a sweep of any length runs in constant memory.
 * The batch reader takes its records from the CSV tokenizer (csv.c: RFC
 * 4180, quoted fields, line breaks inside quotes, CRLF or LF, a UTF-8 byte
 * order mark, '#' comment lines). A record longer than 1 MiB, or one holding
 * a NUL or another control character, becomes a row error: the row is
 * still produced, with its reason, so no row is lost or reordered; past
 * 1 MiB its bytes are not kept but its quotes still count, so the next
 * record starts where RFC 4180 says.
 */
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "columns.h"
#include "rows.h"

#define MAX_RECORD (1L << 20)

/*
 * A reset row, every result absent: the result fields of the data columns
 * (columns.c) and the results no column prints by itself, NAN; the rest
 * zero (NULL). row_reset copies it around the inputs (which come from the
 * base) and up to the error text, which needs only its first byte cleared
 * (memset of all 1280 bytes and forty stores per row cost a twentieth of a
 * 1e6-row batch).
 */
static struct row blank;
static pthread_once_t blank_once = PTHREAD_ONCE_INIT;
static atomic_int blank_built; /* read first: an atomic load per row, not pthread_once */

static void build_blank(void)
{
	memset(&blank, 0, sizeof blank);
	column_reset_results(&blank);
	blank.bits = blank.time_s = blank.poisson_alt = blank.gsl_rel_diff = NAN;
	blank.fail_bits = blank.seq_rows = blank.dispersion = blank.cer_worst = NAN;
	blank.verdict = -1;
	blank.decision = "";
	atomic_store_explicit(&blank_built, 1, memory_order_release);
}

#define IN_END (offsetof(struct row, in) + sizeof(struct row_input))

/*
 * The bytes row_reset copies after the inputs, read at run time: with the
 * size a constant gcc -O2 inlines the copy as rep movsq, which cost more
 * than a call to the C library's memcpy (vector moves) for these 1128 bytes
 * (a thirtieth of a 1e6-row batch).
 */
static volatile size_t blank_len = offsetof(struct row, error) - IN_END;

void row_reset(struct row *r, const struct row_input *base)
{
	if (!atomic_load_explicit(&blank_built, memory_order_acquire))
		pthread_once(&blank_once, build_blank);
	memcpy(r, &blank, offsetof(struct row, in));
	r->in = *base;
	memcpy((char *)r + IN_END, (const char *)&blank + IN_END, blank_len);
	r->error[0] = '\0';
}

void sweep_init(struct sweep *s, const struct vlist *const list[NQ])
{
	memset(s, 0, sizeof *s);
	for (int q = 0; q < NQ; q++) {
		s->list[q] = list[q];
		if (list[q])
			s->active[s->nactive++] = q;
	}
}

int sweep_next(struct sweep *s, const struct row_input *base, struct row *r)
{
	/* an odometer, the last quantity the fastest wheel: wheels k.. moved */
	int k = 0;
	if (s->started) {
		for (k = s->nactive - 1; k >= 0; k--) {
			int q = s->active[k];
			if (++s->index[q] < s->list[q]->count)
				break;
			s->index[q] = 0;
		}
		if (k < 0)
			return 0;
	} else {
		s->in = *base;
	}
	s->started = 1;
	for (; k < s->nactive; k++) {
		int q = s->active[k];
		double c = NAN;
		double v = vlist_at(s->list[q], &s->pos[q], s->index[q], &c);
		/* Values were checked when the flags were read. */
		row_set(&s->in, (enum quantity)q, v, c);
		if (q == Q_CL)
			vlist_lo_at(s->list[q], &s->pos[q], &s->in.cl_lo, &s->in.cl_complement_lo);
	}
	row_reset(r, &s->in);
	return 1;
}

/* ---- batch ---- */

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

void batch_column_name(const char *s, char *out, size_t len)
{
	normalize_name(s, out, len);
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

/*
 * Each header name against the flags: its quantity, "model", or copied
 * through (also a quantity this subcommand does not use, as input_NAME); a
 * recognised name seen twice is an error.
 */
static int classify_columns(struct batch *b, unsigned used, long line, char *err, size_t errlen)
{
	const char *name = b->name;
	size_t ncols = b->ncols;
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

static int batch_open_inner(struct batch *b, const struct source *src, const char *name,
                            unsigned used, char sep, char *err, size_t errlen)
{
	memset(b, 0, sizeof *b);
	b->name = name;
	struct csv_options opt = {.max_record = MAX_RECORD, .max_text = "1 MiB", .comments = 1};
	csv_init(&b->csv, src, &opt);
	const char *bad;
	int r = csv_read_header(&b->csv, sep, &bad);
	long line = b->csv.record_line ? b->csv.record_line : b->csv.line;
	if (r < 0 || bad) {
		snprintf(err, errlen, "%s:%ld: %s", name, line,
		         r < 0 ? (b->csv.interrupted ? "interrupted" : "cannot read") : bad);
		return -1;
	}
	b->sep = b->csv.opt.sep;
	b->header_line = line;
	struct csv *c = &b->csv;
	size_t ncols = c->ncells;
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
		b->header[i] = strdup(csv_cell(c, i));
		if (!b->header[i]) {
			snprintf(err, errlen, "%s: out of memory", name);
			return -1;
		}
	}
	return classify_columns(b, used, line, err, errlen);
}

int batch_open(struct batch *b, const struct source *src, const char *name, unsigned used,
               char sep, char *err, size_t errlen)
{
	if (batch_open_inner(b, src, name, used, sep, err, errlen) == 0)
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

/* Cell i of the record, a recognised column, into r (its error if bad). */
static void read_cell(struct batch *b, struct row *r, size_t i, int q)
{
	struct csv *c = &b->csv;
	/* A recognised cell is read without the spaces around it. Its
	 * length from the next cell's offset (cells are NUL-separated and
	 * hold no NUL in a good record), not strlen. */
	char *text = c->buf + c->cell[i];
	size_t len = csv_cell_len(c, i);
	while (*text == ' ' || *text == '\t') {
		text++;
		len--;
	}
	while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		text[--len] = '\0';
	if (*text == '\0')
		return; /* empty: the flag's value stays */
	if (q == NQ) { /* the names of --model (flags.c) */
		for (int m = 0; flags[F_MODEL].values[m]; m++)
			if (strcmp(text, flags[F_MODEL].values[m]) == 0) {
				r->in.model = (enum bercl_model)m;
				return;
			}
		if (!r->error[0])
			snprintf(r->error, sizeof r->error,
			         "model '%.40s': not poisson or binomial", text);
		return;
	}
	double v, cmp, v_lo = 0.0, c_lo = 0.0;
	const char *why = q == Q_CL ? parse_probability_exact(text, &v, &cmp, &v_lo, &c_lo)
	                            : quantity_parse((enum quantity)q, text, &v, &cmp);
	if (!why)
		why = row_set(&r->in, (enum quantity)q, v, cmp);
	if (!why && q == Q_CL) {
		r->in.cl_lo = v_lo;
		r->in.cl_complement_lo = c_lo;
	}
	/* a comma between digits (0,5h or 1,000 in a ';' file): say so, not what
	 * the comma broke */
	const char *comma = why ? strchr(text, ',') : NULL;
	if (comma && comma > text && isdigit((unsigned char)comma[-1]) &&
	    isdigit((unsigned char)comma[1]))
		why = "has a comma: write the number without separators, '.' its decimal point "
		      "(0.5, not 0,5; 1000, not 1,000)";
	/* Keep reading the other columns, so the row shows what it can. */
	if (why && !r->error[0])
		value_message(r->error, sizeof r->error, flags[q].name, text, why);
}

int batch_next(struct batch *b, const struct row_input *base, struct row *r)
{
	struct csv *c = &b->csv;
	const char *bad;
	int rc;
	do {
		rc = csv_read(c, &bad);
		if (rc <= 0)
			return rc;
		/* A blank line is not a row. */
	} while (!bad && c->blank); /* blank lines are skipped */

	row_reset(r, base);
	r->line = c->record_line;
	size_t k = 0;
	for (size_t i = 0; i < b->ncols; i++)
		if (b->column_quantity[i] < 0)
			b->extra[k++] = csv_cell(c, i);
	r->extra = b->extra;
	if (bad) {
		snprintf(r->error, sizeof r->error, "%s", bad);
		return 1;
	}
	if (c->ncells != b->ncols) {
		snprintf(r->error, sizeof r->error, "has %zu fields, the header has %zu",
		         c->ncells, b->ncols);
		return 1;
	}
	for (size_t i = 0; i < b->ncols; i++)
		if (b->column_quantity[i] >= 0) /* else pass-through */
			read_cell(b, r, i, b->column_quantity[i]);
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

struct named {
	const char *name;
	size_t k; /* index among the copied columns */
};

static int compare_named(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->k > y->k) - (x->k < y->k);
}

static int has_name(const struct named *v, size_t n, const char *name)
{
	struct named key = {name, 0};
	size_t lo = 0, hi = n;
	while (lo < hi) { /* the first entry not below name */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(v[mid].name, key.name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && strcmp(v[lo].name, name) == 0;
}

long batch_rename_duplicates(struct batch *b, const char **first)
{
	*first = NULL;
	if (b->nextra < 2)
		return 0;
	struct named *v = malloc(b->nextra * sizeof *v);
	size_t *column = malloc(b->nextra * sizeof *column); /* copied column k's column */
	if (!v || !column) {
		free(v);
		free(column);
		return -1;
	}
	for (size_t i = 0, k = 0; i < b->ncols; i++)
		if (b->column_quantity[i] < 0)
			column[k++] = i;
	for (size_t k = 0; k < b->nextra; k++)
		v[k] = (struct named){b->extra_names[k], k};
	qsort(v, b->nextra, sizeof *v, compare_named); /* n log n: 260,000 names */
	long renamed = 0;
	for (size_t i = 1; i < b->nextra; i++) {
		if (strcmp(v[i - 1].name, v[i].name) != 0)
			continue;
		size_t g = i; /* v[g - 1] keeps the name; v[g..] of the same name get _2, _3, ... */
		for (long n = 2; i < b->nextra && strcmp(v[g - 1].name, v[i].name) == 0; i++) {
			size_t len = strlen(v[i].name) + 24;
			char *name = malloc(len);
			if (!name) {
				free(v);
				free(column);
				return -1;
			}
			do
				snprintf(name, len, "%s_%ld", v[i].name, n++);
			while (has_name(v, b->nextra, name));
			size_t col = column[v[i].k];
			if (!*first)
				*first = b->header[col];
			free(b->renamed[col]);
			b->renamed[col] = name;
			b->extra_names[v[i].k] = name;
			renamed++;
		}
		i--;
	}
	free(v);
	free(column);
	return renamed;
}

const char *batch_loose_match(const struct batch *b, size_t i)
{
	if (b->column_quantity[i] != -1)
		return NULL; /* recognised, or a quantity of another subcommand */
	char loose[32];
	csv_loose_name(b->header[i], loose, sizeof loose);
	for (int q = 0; q < NQ; q++)
		if (strcmp(loose, flags[q].name) == 0)
			return flags[q].name;
	return strcmp(loose, "model") == 0 ? "model" : NULL;
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
	csv_free(&b->csv);
	memset(b, 0, sizeof *b);
}
