/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * format.c - rows to text (aligned, with units), CSV, TSV and JSON lines.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "shortest.h"

static const char *const csv_name[NCOLUMNS] = {
	"model", "errors", "bits", "ber", "rate_bps", "lanes", "time_s",
	"cl", "one_minus_cl", "cl_achieved", "verdict",
	"ber_estimate", "ber_lower", "ber_upper",
	"trials", "seed", "one_minus_cl_sim", "sim_stderr",
	"gsl_cl", "gsl_one_minus_cl", "gsl_bits", "gsl_ber_lower", "gsl_ber_upper",
	"gsl_rel_diff",
	"poisson_cl", "poisson_bits", "poisson_ber_upper",
	"error",
};

static const char *const text_name[NCOLUMNS] = {
	"model", "errors", "bits", "BER", "rate", "lanes", "test time",
	"CL", "1 - CL", "CL achieved", "verdict",
	"BER estimate", "BER lower", "BER upper",
	"trials", "seed", "simulated", "std. error",
	"GSL CL", "GSL 1 - CL", "GSL bits", "GSL lower", "GSL upper",
	"GSL rel. diff",
	"Poisson CL (rel. diff)", "Poisson bits (rel. diff)", "Poisson upper (rel. diff)",
	"error",
};

static const int text_width[NCOLUMNS] = {
	8, 9, 18, 10, 14, 5, 22,
	20, 13, 20, 7,
	12, 12, 12,
	9, 10, 13, 10,
	20, 13, 18, 12, 12,
	13,
	28, 28, 28,
	0,
};

int format_from_name(const char *name)
{
	static const char *const names[] = {"text", "csv", "tsv", "json"};
	for (int i = 0; i < 4; i++)
		if (strcmp(name, names[i]) == 0)
			return i;
	return -1;
}

/* Copy a string into a cell buffer, truncating if it must. */
static void put_str(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);
	if (n >= len)
		n = len - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

void format_double(char *buf, size_t len, double v)
{
	if (len >= 32) {
		shortest_double(buf, v);
		return;
	}
	char tmp[32];
	shortest_double(tmp, v);
	put_str(buf, len, tmp);
}


void format_probability(char *buf, size_t len, double value, bercl_log ln)
{
	if (value >= DBL_MIN) {
		format_double(buf, len, value);
		return;
	}
	double m;
	long long e;
	if (bercl_log_decimal(ln, &m, &e) == 0) {
		char mb[32];
		format_double(mb, sizeof mb, m);
		snprintf(buf, len, "%se%lld", mb, e);
	} else {
		/* Beyond 1e15 decades only the power of ten is known: 10^x. */
		char xb[32];
		format_double(xb, sizeof xb, m);
		snprintf(buf, len, "10^%s", xb);
	}
}

/* The same with 6 significant digits, for people. */
static void format_probability_short(char *buf, size_t len, double value, bercl_log ln)
{
	double m;
	long long e;
	if (value >= DBL_MIN)
		snprintf(buf, len, "%.6g", value);
	else if (bercl_log_decimal(ln, &m, &e) == 0)
		snprintf(buf, len, "%.6ge%lld", m, e);
	else
		snprintf(buf, len, "10^%.6g", m);
}

void format_duration(char *buf, size_t len, double s)
{
	if (s < 60) {
		snprintf(buf, len, s < 1 ? "%.3g s" : "%.4g s", s);
		return;
	}
	if (s >= 86400.0 * 365.25 * 100) {
		snprintf(buf, len, "%.4g years", s / (86400.0 * 365.25));
		return;
	}
	double t = nearbyint(s * 10) / 10; /* to 0.1 s */
	double d = floor(t / 86400);
	t -= d * 86400;
	double h = floor(t / 3600);
	t -= h * 3600;
	double m = floor(t / 60);
	t -= m * 60;
	size_t k = 0;
	buf[0] = '\0';
	if (d > 0)
		k += (size_t)snprintf(buf + k, len - k, "%.0f d ", d);
	if (h > 0 && k < len)
		k += (size_t)snprintf(buf + k, len - k, "%.0f h ", h);
	if (m > 0 && k < len)
		k += (size_t)snprintf(buf + k, len - k, "%.0f min ", m);
	if (t > 0.05 && d == 0 && k < len)
		k += (size_t)snprintf(buf + k, len - k, "%.3g s ", t);
	if (k > 0 && k <= len)
		buf[k - 1] = '\0';
}

/* 25.78125e9 -> "25.78125 G" */
static void format_si(char *buf, size_t len, double v, const char *unit)
{
	static const char prefix[] = " kMGTPE";
	int p = 0;
	while (fabs(v) >= 1000 && p < 6) {
		v /= 1000;
		p++;
	}
	snprintf(buf, len, "%.10g %s%s", v, p ? (char[]){prefix[p], 0} : "", unit);
}

/* CL as a percentage with enough digits to show how far it is from 100 %. */
static void format_percent(char *buf, size_t len, double cl, double omc)
{
	if (cl < 1e-4) { /* 0.0000 % would say nothing */
		snprintf(buf, len, "%.4g %%", cl * 100);
		return;
	}
	if (cl < 0.9999) {
		snprintf(buf, len, "%.4f %%", cl * 100);
		return;
	}
	if (omc < 1e-15) {
		snprintf(buf, len, "> 99.9999999999999 %%");
		return;
	}
	int digits = (int)ceil(-log10(omc * 100)) + 3;
	snprintf(buf, len, "%.*f %%", digits, cl * 100);
}

/* A computed CL as a percentage, from its logarithm below the double range. */
static void format_cl_percent(char *buf, size_t len, const bercl_tails *t)
{
	if (t->cl >= DBL_MIN) {
		format_percent(buf, len, t->cl, t->one_minus_cl);
		return;
	}
	bercl_log pct = {t->ln_cl.hi + 4.6051701859880914, t->ln_cl.lo}; /* times 100 */
	format_probability_short(buf, len, 0.0, pct);
	size_t k = strlen(buf);
	snprintf(buf + k, len - k, " %%");
}

static int present(double v)
{
	return !isnan(v);
}

/* Full precision for programs, 6 digits for people. */
static void snprintf_number(char *buf, size_t len, double v, int human)
{
	if (human)
		snprintf(buf, len, "%.6g", v);
	else
		format_double(buf, len, v);
}

/* A number cell, written only when the row has it (shown) and it is not NAN. */
static void number_cell(char *buf, size_t len, int shown, double v, int human)
{
	if (shown && present(v))
		snprintf_number(buf, len, v, human);
}

/* " (+1.2e-05)": how far the Poisson value is from the binomial one. */
static void append_rel_diff(char *buf, size_t len, double poisson, double exact)
{
	size_t k = strlen(buf);
	if (k < len && exact != 0)
		snprintf(buf + k, len - k, " (%+.2g)", (poisson - exact) / exact);
}

/* The cell of column c for a machine format; empty string if absent. */
static void cell_text(char *buf, size_t len, enum column c, const struct row *r, int human)
{
	const struct row_input *in = &r->in;
	const bercl_tails *t = &r->tails;
	int computed = r->error[0] == '\0';
	buf[0] = '\0';
	switch (c) {
	case COL_MODEL:
		put_str(buf, len, in->model == BERCL_BINOMIAL ? "binomial" : "poisson");
		break;
	case COL_ERRORS:
		if (present(in->errors))
			format_double(buf, len, in->errors);
		break;
	case COL_BITS:
		if (present(r->bits))
			format_double(buf, len, r->bits);
		else if (present(in->bits))
			format_double(buf, len, in->bits);
		break;
	case COL_BER:
		if (present(in->ber))
			format_double(buf, len, in->ber);
		break;
	case COL_RATE:
		if (present(in->rate_bps)) {
			if (human)
				format_si(buf, len, in->rate_bps, "b/s");
			else
				format_double(buf, len, in->rate_bps);
		}
		break;
	case COL_LANES:
		format_double(buf, len, present(in->lanes) ? in->lanes : 1);
		break;
	case COL_TIME: {
		double s = present(r->time_s) ? r->time_s : in->time_s;
		if (present(s)) {
			if (human)
				format_duration(buf, len, s);
			else
				format_double(buf, len, s);
		}
		break;
	}
	case COL_CL:
		if (present(in->cl)) { /* a target (bits rows) */
			if (human)
				format_percent(buf, len, in->cl, in->cl_complement);
			else
				format_double(buf, len, in->cl);
		} else if (computed) {
			if (human)
				format_cl_percent(buf, len, t);
			else
				format_probability(buf, len, t->cl, t->ln_cl);
		}
		break;
	case COL_ONE_MINUS_CL:
		if (present(in->cl))
			format_double(buf, len, in->cl_complement);
		else if (computed) {
			if (human)
				format_probability_short(buf, len, t->one_minus_cl, t->ln_one_minus_cl);
			else
				format_probability(buf, len, t->one_minus_cl, t->ln_one_minus_cl);
		}
		break;
	case COL_CL_ACHIEVED:
		if (computed) {
			if (human)
				format_cl_percent(buf, len, t);
			else
				format_probability(buf, len, t->cl, t->ln_cl);
		}
		break;
	case COL_VERDICT:
		if (computed && r->verdict >= 0)
			put_str(buf, len, r->verdict ? "pass" : "fail");
		break;
	case COL_BER_ESTIMATE:
		number_cell(buf, len, computed, r->ber_estimate, human);
		break;
	case COL_BER_LOWER:
		number_cell(buf, len, computed, r->ber_lower, human);
		break;
	case COL_BER_UPPER:
		number_cell(buf, len, computed, r->ber_upper, human);
		break;
	case COL_TRIALS:
		if (present(in->trials))
			snprintf(buf, len, "%.0f", in->trials);
		break;
	case COL_SEED:
		if (present(in->seed))
			snprintf(buf, len, "%.0f", in->seed);
		break;
	case COL_ONE_MINUS_CL_SIM:
		number_cell(buf, len, computed, r->one_minus_cl_sim, human);
		break;
	case COL_SIM_STDERR:
		number_cell(buf, len, computed, r->sim_stderr, human);
		break;
	case COL_GSL_BER_LOWER:
		number_cell(buf, len, r->gsl_ok, r->gsl_ber_lower, human);
		break;
	case COL_GSL_BER_UPPER:
		number_cell(buf, len, r->gsl_ok, r->gsl_ber_upper, human);
		break;
	case COL_POISSON_CL:
		if (computed && present(r->poisson_alt)) {
			format_percent(buf, len, r->poisson_alt, 1 - r->poisson_alt);
			append_rel_diff(buf, len, r->poisson_alt, t->cl);
		}
		break;
	case COL_POISSON_BITS:
		if (computed && present(r->poisson_alt)) {
			format_double(buf, len, r->poisson_alt);
			append_rel_diff(buf, len, r->poisson_alt, r->bits);
		}
		break;
	case COL_POISSON_BER_UPPER:
		if (computed && present(r->poisson_alt)) {
			snprintf(buf, len, "%.6g", r->poisson_alt);
			append_rel_diff(buf, len, r->poisson_alt, r->ber_upper);
		}
		break;
	case COL_GSL_CL:
		number_cell(buf, len, r->gsl_ok, r->gsl_cl, human);
		break;
	case COL_GSL_ONE_MINUS_CL:
		number_cell(buf, len, r->gsl_ok, r->gsl_one_minus_cl, human);
		break;
	case COL_GSL_BITS:
		if (r->gsl_ok && present(r->gsl_bits))
			format_double(buf, len, r->gsl_bits);
		break;
	case COL_GSL_REL_DIFF:
		if (r->gsl_ok && present(r->gsl_rel_diff))
			snprintf(buf, len, human ? "%.2g" : "%.3g", r->gsl_rel_diff);
		break;
	case COL_ERROR:
		put_str(buf, len, r->error);
		break;
	case NCOLUMNS:
		break;
	}
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
	line_put(l, &c, 1);
}

/* A CSV/TSV cell, quoted (RFC 4180) only when it holds a special character. */
static void line_cell(struct line *l, const char *s, char sep)
{
	size_t n = strcspn(s, sep == ',' ? ",\"\r\n" : "\t\"\r\n");
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
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			putc(c, out);
	}
	putc('"', out);
}

static int is_string_column(enum column c)
{
	return c == COL_MODEL || c == COL_VERDICT || c == COL_ERROR;
}

/* Column i of a text table: padded to its width, but the last. */
static void put_text_cell(FILE *out, const struct layout *l, int i, const char *s)
{
	if (i > 0)
		putc(' ', out);
	fprintf(out, "%-*s", i + 1 < l->ncol ? text_width[l->col[i]] : 0, s);
}

/* A simulate row in words. */
static void put_sentence(FILE *out, const struct row *r)
{
	fprintf(out,
	        "  if the true BER were exactly %.6g, %.3g%% of such tests would still pass "
	        "(at most %.0f errors in %.6g bits); simulated: %.3g%% of %.0f (%+.1f standard "
	        "errors)\n",
	        r->in.ber, 100 * r->tails.one_minus_cl, r->in.errors, r->bits,
	        100 * r->one_minus_cl_sim, r->in.trials,
	        r->sim_stderr > 0 ? (r->one_minus_cl_sim - r->tails.one_minus_cl) / r->sim_stderr : 0.0);
}

void format_header(FILE *out, const struct layout *l)
{
	char sep = l->format == FMT_TSV ? '\t' : ',';
	switch (l->format) {
	case FMT_JSON:
		return; /* each object names its fields */
	case FMT_TEXT:
		for (size_t i = 0; i < l->nextra; i++)
			fprintf(out, "%-12s ", l->extra_names[i]);
		for (int i = 0; i < l->ncol; i++)
			put_text_cell(out, l, i, text_name[l->col[i]]);
		putc('\n', out);
		return;
	case FMT_CSV:
	case FMT_TSV: {
		struct line line;
		line.out = out;
		line.n = 0;
		for (size_t i = 0; i < l->nextra; i++) {
			line_cell(&line, l->extra_names[i], sep);
			line_putc(&line, sep);
		}
		for (int i = 0; i < l->ncol; i++) {
			line_cell(&line, csv_name[l->col[i]], sep);
			line_putc(&line, i + 1 < l->ncol ? sep : '\n');
		}
		line_flush(&line);
		return;
	}
	}
}

void format_row(FILE *out, const struct layout *l, const struct row *r)
{
	char buf[ROW_ERROR_MAX + 64];
	char sep = l->format == FMT_TSV ? '\t' : ',';
	switch (l->format) {
	case FMT_TEXT:
		for (size_t i = 0; i < l->nextra; i++)
			fprintf(out, "%-12s ", r->extra ? r->extra[i] : "");
		for (int i = 0; i < l->ncol; i++) {
			cell_text(buf, sizeof buf, l->col[i], r, 1);
			put_text_cell(out, l, i, buf);
		}
		putc('\n', out);
		if (l->sentence && r->error[0] == '\0')
			put_sentence(out, r);
		return;
	case FMT_CSV:
	case FMT_TSV: {
		struct line line;
		line.out = out;
		line.n = 0;
		for (size_t i = 0; i < l->nextra; i++) {
			line_cell(&line, r->extra ? r->extra[i] : "", sep);
			line_putc(&line, sep);
		}
		for (int i = 0; i < l->ncol; i++) {
			cell_text(buf, sizeof buf, l->col[i], r, 0);
			line_cell(&line, buf, sep);
			line_putc(&line, i + 1 < l->ncol ? sep : '\n');
		}
		line_flush(&line);
		return;
	}
	case FMT_JSON:
		putc('{', out);
		for (size_t i = 0; i < l->nextra; i++) {
			put_json_string(out, l->extra_names[i]);
			putc(':', out);
			put_json_string(out, r->extra ? r->extra[i] : "");
			putc(',', out);
		}
		for (int i = 0; i < l->ncol; i++) {
			cell_text(buf, sizeof buf, l->col[i], r, 0);
			fprintf(out, "\"%s\":", csv_name[l->col[i]]);
			if (buf[0] == '\0')
				fputs("null", out);
			else if (is_string_column(l->col[i]) || strncmp(buf, "10^", 3) == 0)
				put_json_string(out, buf); /* 10^x is not a JSON number */
			else
				fputs(buf, out);
			if (i + 1 < l->ncol)
				putc(',', out);
		}
		fputs("}\n", out);
		return;
	}
}
