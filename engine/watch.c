/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * watch.c - bercl watch: decide pass or fail while the BERT runs.
 *
 * Input: CSV (',' ';' or tab, from the header line) with a header naming
 * `bits` (or `time`, with --rate: bits = time x rate, x lanes without a lane
 * column), `errors` and optionally `lane`; other columns are ignored. Each
 * line is a cumulative reading: bits tested and errors seen since the test
 * started. Records come from the CSV tokenizer (csv.c: quotes as RFC 4180,
 * lines of at most 4095 bytes, the first bad line ends the watch); a cell is
 * read without blanks and quotes around it; blank lines are skipped.
 *
 * Decision at each reading (n bits, k errors) of a lane:
 *   fixed target (--ber P --cl C, --errors E allowed, default 0): the
 *     fixed test of N_E bits allowing E errors, N_E = bercl_min_bits(E, P,
 *     C) (as bercl bits prints it): fail as soon as k > E; pass once
 *     n >= N_E (then k <= E). The decision depends on the readings' bits
 *     and on whether k has passed E, never on k itself, so at BER = P
 *     P[pass] = P[X <= E | N P] <= 1 - CL(N_E) <= 1 - C for the first
 *     reading N >= N_E (equality when a reading falls on N_E). Passing
 *     instead at the first reading whose CL at the observed k reaches C
 *     is optional stopping: it looks at the evidence after every reading
 *     and stops when it happens to look good: at BER = P, C = 95 % and a
 *     reading every 0.1 / P bits it passes with 7.4 % (E = 1), 10.6 %
 *     (E = 3), 15.8 % (E = 10), more with denser readings (10.7 % for E = 3
 *     at every 0.01 / P; exact sums over the Poisson increments, mpmath).
 *     For E = 0 both rules are the same (any error fails). The column `cl`
 *     is the CL at the observed k, P[X > k | n P]: what the reading shows.
 *   --plan (the sequential plan of --ber --cl --alpha --ratio, as
 *   bercl plan --sequential prints it): fail when k exceeds the plan's
 *   errors, or when k >= 1 and n <= fail_bits[k - 1] (error k came by
 *   then); pass when n >= pass_bits[k]. Readings are the only times the plan
 *   is looked at, so a coarse reading decides at the first reading past a
 *   boundary.
 * With lanes, each lane decides on its own readings; the test fails when a
 * lane fails and passes when every lane has passed (and at least --lanes
 * lanes were seen): then a row lane=all says so (its cl, fixed target: the
 * product of the lanes' CLs, the CL that every lane is below P).
 *
 * Clustering: the per-reading increments (d_i errors in b_i bits) of
 * independent errors are Poisson(rate b_i). The dispersion statistic
 *   X^2 = sum (d_i - r b_i)^2 / (r b_i),  r = K / N (all errors / all bits)
 *       = (N / K) sum d_i^2 / b_i - K,
 * is about chi-square with m - 1 degrees of freedom over m increments
 * (Cochran 1954; the index of dispersion for unequal exposures). The
 * column `dispersion` is X^2 / (m - 1) (about 1 for independent errors);
 * a warning goes to standard error, once per lane, when X^2 exceeds the
 * 0.999 quantile of chi-square(m - 1) by the Wilson-Hilferty approximation
 * (good to a few percent of the quantile from 3 degrees of freedom): bursts
 * make every Poisson CL overstate the confidence.
 *
 * REFERENCES
 *   W. G. Cochran, "Some methods for strengthening the common chi-square
 *     tests", Biometrics 10 (1954) 417-451 (the dispersion test).
 *   E. B. Wilson, M. M. Hilferty, PNAS 17 (1931) 684-688.
 */
#include <errno.h>
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "bercl.h"
#include "columns.h"
#include "csv.h"
#include "commands.h"
#include "parse.h"
#include "forms.h"
#include "rows.h"
#include "watch.h"

#define MAX_LANES 4096
#define MAX_LANE_NAME 64

struct watch_lane {
	char name[MAX_LANE_NAME];
	double bits, errors;       /* last reading */
	int seen;                  /* a reading was taken */
	int state;                 /* WATCH_UNDECIDED, WATCH_PASS or WATCH_FAIL */
	double cl, one_minus_cl;   /* at the last reading, at its error count (shown) */
	double ln_cl_allowed;      /* ln CL at the allowed count E (fixed target: decides) */
	/* dispersion: increments with bits, their sums, sum d^2 / b */
	double m, sum_k, sum_n, sum_k2n, pending;
	int warned;
	/* --clustered: the increments as the library's sums (sums_bad: one it refused) */
	bercl_intervals sums;
	int sums_bad;
	/* plan: the risks at the reading spacing (bits / m, or --reading-interval) */
	double spacing, alpha_actual, beta_actual;
};

/* One line on err: "bercl: NAME:LINE: ...", a control character of a cell
 * quoted in it as '?' (a CR or a newline inside quotes cannot break or hide
 * the line); the cells themselves are shown by shown_text (40 bytes). */
static void message(const struct watch *w, const struct sink *err, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	sink_printf(err, "bercl: %s:%ld: %s\n", w->name, w->line, line_safe(line));
}

int watch_open(struct watch *w, const struct row_input *in, int plan, enum format format,
               const char *name, char *err, size_t errlen)
{
	memset(w, 0, sizeof *w);
	w->in = *in;
	w->plan = plan;
	w->name = name;
	w->col_bits = w->col_time = w->col_errors = w->col_lane = -1;
	if (isnan(w->in.errors))
		w->in.errors = 0;
	if (!plan) {
		/* the fixed test the flags name: N_E bits, at most E errors */
		int st = bercl_min_bits(BERCL_POISSON, w->in.errors, in->ber, in->cl, in->cl_complement,
		                        &w->pass_bits, NULL);
		if (st != BERCL_OK) {
			snprintf(err, errlen, "--errors %.0f: %s", w->in.errors,
			         st == BERCL_ELIMIT
			             ? "the fixed test at this --ber and --cl would exceed 1e300 bits"
			             : "no fixed test at this --ber and --cl");
			return -1;
		}
	}
	if (plan) {
		double rows;
		bercl_sequential_plan s;
		double beta = in->cl_complement;
		if (bercl_plan_sequential_rows(in->ber, in->alpha, beta, in->ratio, &rows) != BERCL_OK ||
		    rows > 1e6) {
			snprintf(err, errlen, "no sequential plan for these values (too large to design, "
		         "or outside the domain)");
			return -1;
		}
		w->table = malloc(4 * (size_t)rows * sizeof *w->table);
		if (!w->table) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		int st = bercl_plan_sequential(in->ber, in->alpha, beta, in->ratio, rows, w->table,
		                               w->table + (size_t)rows, w->table + 2 * (size_t)rows, &s);
		if (st != BERCL_OK) {
			snprintf(err, errlen, st == BERCL_ELIMIT
			                          ? "this sequential plan is too large to design (ratio "
			                            "near 1 or tiny risks): use --ber --cl --errors"
			                          : "numerical failure in the sequential plan");
			free(w->table);
			w->table = NULL;
			return -1;
		}
		w->rows = (size_t)s.max_errors + 1;
		w->alpha = s.alpha;
		w->beta = s.beta;
		for (size_t k = 0; k < w->rows; k++)
			w->table[w->rows + k] = w->table[(size_t)rows + k];
	}
	w->layout.format = format;
	return 0;
}

/* The watch's memory; w is not used after. */
void watch_close(struct watch *w)
{
	free(w->table);
	free(w->lanes);
	free(w->cells);
}

/* A cell without the blanks around it, and without quotes around what is left. */
static char *bare(char *s)
{
	s = csv_trim(s);
	size_t len = strlen(s);
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
		s[len - 1] = '\0';
		s++;
	}
	return s;
}

static enum watch_state read_header(struct watch *w, char **cell, size_t n, const struct sink *err)
{
	for (size_t i = 0; i < n; i++) {
		/* names as -i and --intervals match them: "Bits", " errors " */
		char name[16];
		batch_column_name(cell[i], name, sizeof name);
		int *col = strcmp(name, "bits") == 0     ? &w->col_bits
		           : strcmp(name, "time") == 0   ? &w->col_time
		           : strcmp(name, "errors") == 0 ? &w->col_errors
		           : strcmp(name, "lane") == 0   ? &w->col_lane
		                                         : NULL;
		if (!col) {
			char loose[16];
			csv_loose_name(cell[i], loose, sizeof loose);
			if (strcmp(loose, "bits") == 0 || strcmp(loose, "time") == 0 ||
			    strcmp(loose, "errors") == 0 || strcmp(loose, "lane") == 0)
				message(w, err, "warning: header: column '%s' is not recognised: in lower "
				                "case without quotes and blanks it would be '%s'",
				        cell[i], loose);
			continue;
		}
		if (*col >= 0) {
			message(w, err, "header: column '%s' twice", cell[i]);
			return WATCH_INPUT;
		}
		*col = (int)i;
	}
	/* a BERT log with both: the bits counted are the reading; the time is
	 * ignored as the other columns are (its bits would need the rate) */
	if (w->col_bits >= 0 && w->col_time >= 0) {
		message(w, err, "note: header: both bits and time: the bits are the readings, "
		                "time is ignored");
		w->col_time = -1;
	}
	/* the readings' own rules, from the form table (forms.c) */
	qmask cols = (w->col_errors >= 0 ? HAS(Q_ERRORS) : 0) |
	                (w->col_bits >= 0 ? HAS(Q_BITS) : 0) | (w->col_time >= 0 ? HAS(Q_TIME) : 0) |
	                (isnan(w->in.rate_bps) ? 0 : HAS(Q_RATE));
	char why[ROW_ERROR_MAX];
	if (form_check_readings(cols, why, sizeof why)) {
		message(w, err, "header: %s", why);
		return WATCH_INPUT;
	}
	w->have_header = 1;
	unsigned have = (w->layout.format != FMT_TEXT ? WHEN_MACHINE : 0) |
	                (w->plan ? WHEN_PLAN : WHEN_NOT_PLAN) | (w->col_lane >= 0 ? WHEN_LANE : 0) |
	                (w->in.clustered ? WHEN_CLUSTERED : 0);
	enum format f = w->layout.format;
	memset(&w->layout, 0, sizeof w->layout);
	w->layout.format = f;
	build_layout(CMD_WATCH, have, &w->layout);
	if (f == FMT_VALUE && w->value) { /* --value: that column only, one value per reading */
		w->layout.value_col = -1;
		w->layout.value_extra = -1;
		for (int i = 0; i < w->layout.ncol; i++)
			if (strcmp(w->value, columns[w->layout.col[i]].name) == 0)
				w->layout.value_col = i;
		if (w->layout.value_col < 0) {
			message(w, err, "--value '%s': the readings have no such column", w->value);
			return WATCH_INPUT;
		}
	}
	return WATCH_UNDECIDED;
}

static struct watch_lane *find_lane(struct watch *w, const char *name, const struct sink *err)
{
	for (size_t i = 0; i < w->nlanes; i++)
		if (strcmp(w->lanes[i].name, name) == 0)
			return &w->lanes[i];
	if (strlen(name) >= MAX_LANE_NAME) {
		message(w, err, "lane name '%.40s...' is longer than 63 bytes", name);
		return NULL;
	}
	if (strcmp(name, "all") == 0) {
		message(w, err, "lane name 'all' is reserved for the row of all lanes");
		return NULL;
	}
	if (w->nlanes == MAX_LANES) {
		message(w, err, "more than 4096 lanes");
		return NULL;
	}
	if (w->nlanes == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 8;
		struct watch_lane *l = realloc(w->lanes, cap * sizeof *l);
		if (!l) {
			message(w, err, "out of memory");
			return NULL;
		}
		w->lanes = l;
		w->cap = cap;
	}
	struct watch_lane *l = &w->lanes[w->nlanes++];
	memset(l, 0, sizeof *l);
	snprintf(l->name, sizeof l->name, "%s", name);
	l->state = WATCH_UNDECIDED;
	l->one_minus_cl = 1; /* no CL yet */
	l->ln_cl_allowed = -INFINITY;
	l->spacing = l->alpha_actual = l->beta_actual = NAN;
	return l;
}

/* "lane X: " in messages when the readings have lanes, into buf (the
 * caller's: two watches on two threads never share it). */
struct lane_prefix {
	char text[MAX_LANE_NAME + 8];
};

static const char *r_lane_prefix(const struct watch *w, const struct watch_lane *l,
                                 struct lane_prefix *buf)
{
	if (w->col_lane < 0)
		return "";
	snprintf(buf->text, sizeof buf->text, "lane %s: ", l->name);
	return buf->text;
}

/* 0.999 quantile of chi-square(nu), Wilson-Hilferty. */
static double chi2_999(double nu)
{
	double h = 2 / (9 * nu);
	double c = 1 - h + 3.090232306167814 * sqrt(h);
	return nu * c * c * c;
}

/* Add the increment of this reading; returns the index of dispersion or NAN. */
static double dispersion(struct watch_lane *l, double d_bits, double d_errors, double *x2)
{
	*x2 = NAN;
	if (d_bits > 0) {
		double k = d_errors + l->pending;
		l->pending = 0;
		l->m += 1;
		l->sum_k += k;
		l->sum_n += d_bits;
		l->sum_k2n += k * k / d_bits;
		if (bercl_intervals_add(&l->sums, d_bits, k) != BERCL_OK)
			l->sums_bad = 1;
	} else {
		l->pending += d_errors; /* no bits: counted with the next increment */
	}
	if (l->m < 2 || l->sum_k <= 0)
		return NAN;
	double s = l->sum_n / l->sum_k * l->sum_k2n - l->sum_k;
	*x2 = s > 0 ? s : 0;
	return *x2 / (l->m - 1);
}

/*
 * --clustered, at the reading that ends the fixed test (n >= N_E, k <= E):
 * pass only if cl_clustered of the increments so far reaches C as well,
 * else fail there (reading on for a later pass would be optional stopping).
 */
static int clustered_verdict(struct watch *w, struct watch_lane *l)
{
	bercl_tails t;
	/* no error: no evidence of bursts, none against them (the clustered
	 * answer cannot bound them): undecided, never a fail (bercl(1)) */
	if (!l->sums_bad && l->sums.errors == 0)
		return WATCH_NO_DECISION;
	if (l->sums_bad || bercl_clustered_cl(&l->sums, w->in.ber, &t) != BERCL_OK)
		return WATCH_FAIL;
	int pass = w->in.cl <= 0.5 ? t.cl >= w->in.cl : t.one_minus_cl <= w->in.cl_complement;
	return pass ? WATCH_PASS : WATCH_FAIL;
}

/* The lane's decision at (bits, errors); fills its CL. */
static int decide(struct watch *w, struct watch_lane *l, double bits, double errors,
                  bercl_tails *t, int *have_cl)
{
	*have_cl = 0;
	if (bits > 0 && bits * w->in.ber >= BERCL_MIN_LAMBDA &&
	    bercl_cl(BERCL_POISSON, errors, bits, w->in.ber, t) == BERCL_OK) {
		*have_cl = 1;
		l->cl = t->cl;
		l->one_minus_cl = t->one_minus_cl;
	}
	if (w->plan) {
		size_t c = w->rows - 1;
		const double *pass = w->table, *fail = w->table + w->rows;
		if (errors > (double)c)
			return WATCH_FAIL;
		size_t k = (size_t)errors;
		if (k >= 1 && bits <= fail[k - 1])
			return WATCH_FAIL;
		if (bits >= pass[k])
			return WATCH_PASS;
		return WATCH_UNDECIDED;
	}
	/* the fixed test: the CL at the allowed count E decides (lanes: their product) */
	if (w->col_lane >= 0 && bits > 0 && bits * w->in.ber >= BERCL_MIN_LAMBDA) {
		bercl_tails at_e;
		if (bercl_cl(BERCL_POISSON, w->in.errors, bits, w->in.ber, &at_e) == BERCL_OK)
			l->ln_cl_allowed = at_e.cl > 0.5 ? log1p(-at_e.one_minus_cl) : log(at_e.cl);
	}
	if (errors > w->in.errors)
		return WATCH_FAIL;
	if (bits >= w->pass_bits)
		return w->in.clustered ? clustered_verdict(w, l) : WATCH_PASS;
	return WATCH_UNDECIDED;
}

/*
 * --plan: the plan's risks when it is looked at only at readings as far
 * apart as this lane's (--reading-interval, or the mean spacing so far:
 * bits / readings with new bits), into r; recomputed when the spacing moves
 * (the cost of bercl_plan_sequential_outcome() twice). A warning, once,
 * when they differ from the plan's by more than a tenth.
 */
static void risks_at_readings(struct watch *w, struct watch_lane *l, struct row *r, const struct sink *err)
{
	double b = !isnan(w->in.reading_interval) ? w->in.reading_interval
	           : l->m > 0                      ? l->bits / l->m
	                                           : NAN;
	if (!(b >= 1))
		return;
	if (!(fabs(b - l->spacing) <= 1e-12 * b)) {
		const double *pass = w->table, *fail = w->table + w->rows;
		double *work = w->table + 2 * w->rows, c = (double)(w->rows - 1);
		double pass_good, fail_good, pass_bad, fail_bad;
		l->spacing = b;
		l->alpha_actual = l->beta_actual = NAN;
		if (bercl_plan_sequential_at_readings(pass, fail, c, w->in.ber / w->in.ratio, b, work,
		                                      &pass_good, &fail_good) == BERCL_OK &&
		    bercl_plan_sequential_at_readings(pass, fail, c, w->in.ber, b, work, &pass_bad,
		                                      &fail_bad) == BERCL_OK) {
			l->alpha_actual = fail_good;
			l->beta_actual = pass_bad;
		}
	}
	r->in.reading_interval = b;
	r->alpha_actual = l->alpha_actual;
	r->beta_actual = l->beta_actual;
	if (!w->warned_readings && !isnan(l->alpha_actual) &&
	    (fabs(l->alpha_actual - w->alpha) > 0.1 * w->alpha ||
	     fabs(l->beta_actual - w->beta) > 0.1 * w->beta)) {
		w->warned_readings = 1;
		struct lane_prefix prefix;
		message(w, err,
		        "warning: %sreadings every %.6g bits: alpha %.4g %%, beta %.4g %% (the "
		        "plan's %.4g %%, %.4g %%)",
		        r_lane_prefix(w, l, &prefix), b, 100 * l->alpha_actual, 100 * l->beta_actual,
		        100 * w->alpha, 100 * w->beta);
	}
}

static void put_row(struct watch *w, const struct sink *out, struct row *r)
{
	r->after_row = w->printed++ > 0;
	if (w->row_hook)
		w->row_hook(w->row_ctx, &w->layout, r);
	else
		format_row(out, &w->layout, r);
}

/*
 * With lanes: is the whole test decided? It fails when a lane fails. It
 * passes, once at least --lanes lanes were seen, when every lane passed its
 * plan, or (fixed target) when the product of the lanes' CLs at the allowed
 * count E (every lane's fixed test of its bits; not the CL at the observed
 * counts, which would be optional stopping) reaches the target. Writes the
 * lane=all row after every reading, as cl --lane-errors does: the lanes'
 * bits and errors summed, its cl the product of the lanes' CLs at the
 * observed counts (once --lanes lanes were seen), and the module's decision
 * (empty while undecided).
 */
static enum watch_state overall(struct watch *w, const struct sink *out)
{
	if (w->col_lane < 0)
		return WATCH_UNDECIDED;
	int fail = 0, all_pass = 1, all_done = 1;
	double bits = 0, errors = 0, ln_cl = 0; /* ln of the product of the lanes' CLs */
	double ln_cl_allowed = 0;               /* the same at the allowed count E */
	for (size_t i = 0; i < w->nlanes; i++) {
		fail |= w->lanes[i].state == WATCH_FAIL;
		all_pass &= w->lanes[i].state == WATCH_PASS;
		all_done &= w->lanes[i].state == WATCH_PASS || w->lanes[i].state == WATCH_NO_DECISION;
		bits += w->lanes[i].bits;
		errors += w->lanes[i].errors;
		const struct watch_lane *l = &w->lanes[i];
		ln_cl += l->cl > 0.5 ? log1p(-l->one_minus_cl) : log(l->cl);
		ln_cl_allowed += l->ln_cl_allowed;
	}
	double want = isnan(w->in.lanes) ? 1 : w->in.lanes;
	int pass = 0;
	if (!fail && (double)w->nlanes >= want) {
		if (w->plan)
			pass = all_pass;
		else
			pass = w->in.cl <= 0.5 ? exp(ln_cl_allowed) >= w->in.cl
			                       : -expm1(ln_cl_allowed) <= w->in.cl_complement;
	}
	struct row r;
	row_reset(&r, &w->in);
	r.in.cl = r.in.cl_complement = NAN;
	r.lane = "all";
	r.bits = bits;
	r.in.errors = errors;
	if ((double)w->nlanes >= want) { /* every lane below P, independent lanes */
		r.tails.cl = exp(ln_cl);
		r.tails.ln_cl.hi = ln_cl;
		r.tails.ln_cl.lo = 0;
		r.tails.one_minus_cl = -expm1(ln_cl);
		r.tails.ln_one_minus_cl.hi = log(r.tails.one_minus_cl);
		r.tails.ln_one_minus_cl.lo = 0;
	} else {
		snprintf(r.error, sizeof r.error, "no CL"); /* leaves cl empty */
	}
	/* every lane at the end of its test, some undecided (--clustered, no
	 * error): the module is undecided too */
	int none = !fail && !all_pass && all_done && (double)w->nlanes >= want;
	r.decision = fail ? "fail" : none ? "undecided" : pass ? "pass" : "";
	put_row(w, out, &r);
	return fail ? WATCH_FAIL : none ? WATCH_NO_DECISION : pass ? WATCH_PASS : WATCH_UNDECIDED;
}

/* One reading (the cells of a record after the header). */
/*
 * A reading's bits (or time at the rate) and errors, from its cells; 0, or
 * -1 after a message.
 */
static int read_counts(struct watch *w, char **cell, size_t n, double *bits_out,
                       double *errors_out, const struct sink *err)
{
	int need = w->col_errors;
	if (w->col_bits > need)
		need = w->col_bits;
	if (w->col_time > need)
		need = w->col_time;
	if (w->col_lane > need)
		need = w->col_lane;
	if (n <= (size_t)need) {
		message(w, err, "expected at least %d cells, found %zu", need + 1, n);
		return -1;
	}
	double bits, errors;
	const char *why;
	char shown[48], shown2[48];
	const char *bits_cell = w->col_bits >= 0 ? cell[w->col_bits] : cell[w->col_time];
	if (w->col_bits >= 0) {
		why = parse_si(bits_cell, &bits);
	} else {
		why = parse_duration(bits_cell, &bits);
		if (!why) {
			double lanes = w->col_lane < 0 && !isnan(w->in.lanes) ? w->in.lanes : 1;
			bits = bits * w->in.rate_bps * lanes;
		}
	}
	if (!why && !(bits >= 0 && bits <= 1e300))
		why = "is outside [0, 1e300]";
	if (why) {
		message(w, err, "%s '%s': %s", w->col_bits >= 0 ? "bits" : "time",
		        shown_text(bits_cell, shown, sizeof shown), why);
		return -1;
	}
	why = parse_count(cell[w->col_errors], &errors);
	if (why) {
		message(w, err, "errors '%s': %s", shown_text(cell[w->col_errors], shown, sizeof shown),
		        why);
		return -1;
	}
	if (errors > bits) {
		message(w, err, "errors '%s' exceed bits '%s'",
		        shown_text(cell[w->col_errors], shown, sizeof shown),
		        shown_text(bits_cell, shown2, sizeof shown2));
		return -1;
	}
	*bits_out = bits;
	*errors_out = errors;
	return 0;
}

/* Once per lane: errors clustered beyond chance (chi-square, P < 0.001). */
static void warn_clustered(struct watch *w, struct watch_lane *l, const struct row *r, double d,
                           double x2, const struct sink *err)
{
	if (!isnan(x2) && !l->warned && l->m >= 4 && x2 > chi2_999(l->m - 1)) {
		l->warned = 1;
		char idx[64];
		snprintf(idx, sizeof idx, "%.3g, %.0f readings", d, l->m);
		sink_printf(err, "bercl: %s:%ld: warning: %s%serrors clustered (dispersion %s, "
		             "P < 0.001): the CL overstates confidence\n",
		        w->name, w->line, r->lane ? "lane " : "", r->lane ? r->lane : "", idx);
	}
}

static enum watch_state reading(struct watch *w, char **cell, size_t n, const struct sink *out, const struct sink *err)
{
	double bits, errors;
	if (read_counts(w, cell, n, &bits, &errors, err) != 0)
		return WATCH_INPUT;
	const char *bits_cell = w->col_bits >= 0 ? cell[w->col_bits] : cell[w->col_time];
	const char *lane_name = w->col_lane >= 0 ? cell[w->col_lane] : "";
	if (w->col_lane >= 0 && lane_name[0] == '\0') {
		message(w, err, "empty lane");
		return WATCH_INPUT;
	}
	struct watch_lane *l = find_lane(w, lane_name, err);
	if (!l)
		return WATCH_INPUT;
	if (l->seen && (bits < l->bits || errors < l->errors)) {
		int b = bits < l->bits;
		struct lane_prefix prefix;
		message(w, err, "%s%s%s went backwards (%s after %.17g): a counter reset?",
		        r_lane_prefix(w, l, &prefix), b ? "bits" : "errors", "",
		        b ? bits_cell : cell[w->col_errors], b ? l->bits : l->errors);
		return WATCH_INPUT;
	}
	double x2;
	double d = dispersion(l, bits - (l->seen ? l->bits : 0), errors - (l->seen ? l->errors : 0),
	                      &x2);
	l->seen = 1;
	l->bits = bits;
	l->errors = errors;

	struct row r;
	row_reset(&r, &w->in);
	r.in.cl = r.in.cl_complement = NAN; /* the cl column is the CL reached */
	r.lane = w->col_lane >= 0 ? l->name : NULL;
	r.bits = bits;
	r.in.errors = errors;
	r.dispersion = d;
	if (w->in.clustered && l->m >= 1 && !l->sums_bad &&
	    bercl_clustered_cl(&l->sums, w->in.ber, &r.cl_clustered) == BERCL_OK)
		r.has_clustered = 1;
	int have_cl;
	if (l->state == WATCH_UNDECIDED)
		l->state = decide(w, l, bits, errors, &r.tails, &have_cl);
	else
		decide(w, l, bits, errors, &r.tails, &have_cl);
	if (!have_cl)
		snprintf(r.error, sizeof r.error, "no CL"); /* leaves cl empty */
	/* with lanes a lane's own pass is "lane pass": only the all row says
	   "pass", when the module has passed; a lane that fails fails the module */
	r.decision = l->state == WATCH_PASS          ? (w->col_lane >= 0 ? "lane pass" : "pass")
	             : l->state == WATCH_FAIL        ? "fail"
	             : l->state == WATCH_NO_DECISION ? "undecided"
	                                             : "";
	if (w->plan)
		risks_at_readings(w, l, &r, err);
	put_row(w, out, &r);
	warn_clustered(w, l, &r, d, x2, err);
	if (w->col_lane >= 0)
		return overall(w, out);
	return (enum watch_state)l->state;
}

enum watch_state watch_next(struct watch *w, struct csv *c, const struct sink *out, const struct sink *err)
{
	const char *bad;
	int rc;
	if (!w->have_header) {
		rc = csv_read_header(c, 0, &bad);
		w->line = c->record_line ? c->record_line : c->line;
	} else {
		do { /* blank lines are skipped */
			rc = csv_read(c, &bad);
			w->line = c->record_line;
		} while (rc == 1 && !bad && c->blank);
	}
	if (rc < 0 && c->interrupted)
		return WATCH_INTERNAL; /* the face was asked to stop: it says so */
	if (rc < 0) {
		message(w, err, "read error: %s", strerror(c->error));
		return WATCH_INPUT;
	}
	if (rc == 0)
		return WATCH_END; /* (before the header: no header, watch_run says so) */
	if (bad) {
		message(w, err, "%s%s", w->have_header || strncmp(bad, "header", 6) == 0 ? "" : "header: ",
		        bad);
		return WATCH_INPUT;
	}
	char **cell = w->cells;
	if (c->ncells > w->cells_cap) {
		cell = realloc(w->cells, c->ncells * sizeof *cell);
		if (!cell) {
			message(w, err, "out of memory");
			return WATCH_INPUT;
		}
		w->cells = cell;
		w->cells_cap = c->ncells;
	}
	for (size_t i = 0; i < c->ncells; i++)
		cell[i] = bare(c->buf + c->cell[i]);
	if (w->have_header)
		return reading(w, cell, c->ncells, out, err);
	enum watch_state st = read_header(w, cell, c->ncells, err);
	/* '#' lines are comments, as in -i and --intervals files, unless the
	 * first column is the lane, whose names may start with '#' */
	c->opt.comments = w->col_lane != 0;
	if (st == WATCH_UNDECIDED) {
		format_header(out, &w->layout);
	}
	return st;
}

void watch_reader_init(struct csv *c, const struct source *src)
{
	/* a reading is a line of a few cells; '#' lines are comments (but see
	 * watch_next: not when the lane is the first column) */
	struct csv_options opt = {.sep = ',', .max_record = 4096, .max_text = "4096 bytes",
	                          .comments = 1, .stop_at_bad = 1};
	csv_init(c, src, &opt);
}

static int out_failed(const struct sink *out)
{
	return out->failed && out->failed(out->ctx);
}

enum watch_state watch_end(const struct watch *w, enum watch_state st, char *msg, size_t len)
{
	msg[0] = '\0';
	if (st == WATCH_NO_DECISION) {
		snprintf(msg, len, "%s: no error in the test: the clustered answer cannot bound bursts "
		                   "without one, so it decides neither way (the Poisson CL, for "
		                   "independent errors, is in the cl column)", w->name);
		return WATCH_END;
	}
	if (st == WATCH_END) {
		if (!w->have_header) {
			snprintf(msg, len, "%s: no header line (bits or time, errors)", w->name);
			return WATCH_INPUT;
		}
		snprintf(msg, len, "%s: input ended before a decision", w->name);
	}
	return st;
}

int watch_run(const struct row_input *in, enum format format, int plan, const char *value,
              const struct source *src, const char *name, const struct sink *out,
              const struct sink *err)
{
	struct watch w;
	char why[256];
	if (watch_open(&w, in, plan, value ? FMT_VALUE : format, name, why, sizeof why) != 0) {
		sink_printf(err, "bercl: %s\n", why);
		return WATCH_INPUT;
	}
	w.value = value;
	struct csv c;
	watch_reader_init(&c, src);
	enum watch_state st = WATCH_UNDECIDED;
	while (st == WATCH_UNDECIDED && !out_failed(out))
		st = watch_next(&w, &c, out, err);
	int interrupted = c.interrupted;
	csv_free(&c);
	if (out_failed(out) || interrupted) {
		watch_close(&w);
		return WATCH_INTERNAL; /* the face says why */
	}
	char end[512];
	st = watch_end(&w, st, end, sizeof end);
	if (end[0])
		sink_printf(err, "bercl: %s\n", end);
	watch_close(&w);
	return st;
}
