/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fec.c - Reed-Solomon FEC: symbol and codeword error ratios, the post-FEC
 * BER, their inverse, and the analysis of a FEC symbol-error histogram.
 *
 * SYNOPSIS
 *   bercl_rs_code_make(n, k, m, &code)
 *   bercl_fec_rates_from_ber(&code, ber, &rates)  ser, cer, post_fec_ber
 *   bercl_fec_cer_from_ser(&code, ser, &ln_cer)
 *   bercl_fec_ber_max(&code, cer, &ber)        the inverse of cer(ber)
 *   bercl_fec_histogram(&code, bins, model, cl, 1 - cl, &stats)
 *
 * DESCRIPTION
 *   An RS(n, k) code over m-bit symbols corrects t = floor((n - k) / 2)
 *   symbol errors per codeword (IEEE 802.3 clause 91: RS(528,514) "KR4",
 *   t = 7, and RS(544,514) "KP4", t = 15, both with m = 10; clause 119 uses
 *   KP4). With independent bit errors at BER p, a symbol is in error with
 *   probability
 *     ser = 1 - (1 - p)^m = -expm1(m log1p(-p))       (exact for tiny p),
 *   the number of errored symbols in a codeword is i ~ Binomial(n, ser), and
 *     cer = P[i > t]
 *   is bercl_binomial_tails' upper tail (its first term in double-double,
 *   never 1 minus the other tail), so that its logarithm keeps full
 *   precision far below the double range. An errored
 *   symbol carries m p / ser bit errors on average, and an uncorrectable
 *   codeword passes its errored symbols through, so
 *     post_fec_ber = (p / ser) E[i; i > t] / n = p P[Binomial(n-1, ser) >= t],
 *   by i C(n, i) = n C(n-1, i-1): again one binomial tail, no cancellation.
 *   The relative error of cer is about (t + 1) times that of ser, 2e-15 for
 *   KP4.
 *
 *   bercl_fec_ber_max: cer(p) increases with p; the root of ln cer(p) =
 *   ln X (or of ln(1 - cer(p)) = ln(1 - X) when X > 1/2, where the smaller
 *   tail carries the precision) is found on a bracket [1e-300, 1/2] by
 *   secant steps on ln p (ln cer is nearly linear in ln p, with slope t + 1
 *   for small p), each step kept inside the bracket and replaced by a
 *   geometric bisection when it is not, until the bracket or the step is
 *   within 4 units in the last place of p.
 *
 *   bercl_fec_histogram: bins[i] codewords with i corrected symbols, i = 0
 *   .. t, and bins[t + 1] uncorrectable codewords.
 *   - ser_estimate = S / (n C), C all codewords, S all symbol errors, an
 *     uncorrectable codeword counted as t + 1 symbol errors (the fewest it
 *     can have): a lower bound on the observed symbol errors whenever there
 *     are uncorrectable codewords, exact otherwise.
 *   - ser_upper: the upper confidence bound for S + (n - t - 1) U errors
 *     in n C symbols, U the uncorrectable codewords, each now counted as n
 *     errored symbols, the most it can hold (bercl_ber_upper, Poisson or
 *     Clopper-Pearson): a bound on the SER whatever those codewords held.
 *     cer_predicted: cer at ser_estimate; cer_model_upper: cer at
 *     ser_upper, a bound only while independent errors describe the link.
 *   - cer_upper: cer_model_upper unless the model is contradicted: burst
 *     (below), or cer_model_upper below the exact (Clopper-Pearson) lower
 *     confidence bound at cl of the counted ratio U / C. Then cer_upper is
 *     the Clopper-Pearson upper bound on U of C (cer_count_upper), which
 *     assumes nothing about how errors fall in a codeword.
 *   - gof: Pearson's chi-square of the t + 2 bins against C Binomial(n,
 *     ser_estimate) probabilities (the last bin P[i > t]); adjacent bins are
 *     pooled from the top down until each pooled group expects at least 5
 *     codewords (Cochran's rule; a remainder below 5 joins the group below),
 *     so the uncorrectable and high bins form the tail group. Degrees of
 *     freedom: groups - 2 (one parameter estimated). The p-value is the
 *     chi-square upper tail Q(df/2, X^2/2), from erfc and the recurrence
 *     Q(a + 1, x) = Q(a, x) + x^a e^-x / Gamma(a + 1) (Abramowitz and Stegun
 *     6.5.21, 26.4.4), in logarithms. Fewer than 3 groups: no test.
 *     Bursts and error propagation put more codewords in the high bins than
 *     the binomial allows; a small p-value says the independent-error model,
 *     and cer_predicted with it, does not describe the link.
 *   - tail: cer_tail and its interval cer_tail_lower .. cer_tail_upper at
 *     cl, by bercl_fec_tail (lib/fec_tail.c): a Poisson likelihood fit of
 *     the top bins (the uncorrectable one among them) by a curve between a
 *     binomial and a geometric tail, its profile-likelihood interval;
 *     tail_r2 how well the curve passes through the bins.
 *
 * REFERENCES
 *   IEEE Std 802.3-2022, clauses 91 (RS-FEC, RS(528,514) and RS(544,514)
 *     over GF(2^10)) and 119 (200GBASE-R/400GBASE-R RS(544,514)).
 *   K. Pearson (1900), W. G. Cochran, "Some methods for strengthening the
 *     common chi-square tests", Biometrics 10 (1954) 417-451.
 *   M. Abramowitz, I. Stegun, Handbook of Mathematical Functions, 6.5.21,
 *     26.4.4 (the chi-square tail).
 */
#include <float.h>
#include <math.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"

#define BER_MIN 1e-300
#define BER_MAX 0.5

static int valid_code(const bercl_rs_code *c)
{
	bercl_rs_code check;
	return bercl_rs_code_make(c->n, c->k, c->m, &check) == BERCL_OK && check.t == c->t;
}

enum bercl_status bercl_fec_ser(const bercl_rs_code *code, double ber, double *ser)
{
	if (!valid_code(code) || !(ber >= BER_MIN && ber <= BER_MAX))
		return BERCL_EDOM;
	*ser = -bercli_expm1(code->m * bercli_log1p(-ber));
	return BERCL_OK;
}

static bercl_lnprob ln_of(double x)
{
	bercl_lnprob l = {bercli_log(x), 0.0};
	return l;
}

/*
 * P[Binomial(n, s) > e] and its complement. At e = 0 directly: P[X > 0] =
 * -expm1(n log1p(-s)), exact for any small n s (bercl_binomial_tails takes
 * it as 1 - P[X = 0], which loses digits when n s < 1).
 */
static enum bercl_status binomial_upper(double e, double n, double s, bercl_tails *tails)
{
	if (!(s > 0 && s < 1))
		return BERCL_EDOM;
	if (e > 0)
		return bercl_binomial_tails(e, n, s, tails);
	double ln_q = n * bercli_log1p(-s), up = -bercli_expm1(ln_q);
	/* the log in double-double: a double log of 1e-294 is off by 6e-14 */
	dd ln_up = dd_log(dd_from(up));
	tails->ln_cl.hi = ln_up.hi;
	tails->ln_cl.lo = ln_up.lo;
	tails->ln_one_minus_cl = ln_of(1.0);
	tails->ln_one_minus_cl.hi = ln_q;
	tails->cl = up;
	tails->one_minus_cl = bercli_exp(ln_q);
	return BERCL_OK;
}

/* The tails of Binomial(n, ser) at t: cl = P[i > t] = cer. */
static enum bercl_status cer_tails(const bercl_rs_code *c, double ser, bercl_tails *tails)
{
	return binomial_upper(c->t, c->n, ser, tails);
}

enum bercl_status bercl_fec_cer_from_ser(const bercl_rs_code *code, double ser, bercl_lnprob *ln_cer)
{
	if (!valid_code(code))
		return BERCL_EDOM;
	bercl_tails tails;
	enum bercl_status rc = cer_tails(code, ser, &tails);
	if (rc == BERCL_OK)
		*ln_cer = tails.ln_cl;
	return rc;
}

enum bercl_status bercl_fec_rates_from_ber(const bercl_rs_code *code, double ber, bercl_fec_rates *out)
{
	double ser;
	enum bercl_status rc = bercl_fec_ser(code, ber, &ser);
	if (rc != BERCL_OK)
		return rc;
	bercl_tails cer, pass;
	rc = cer_tails(code, ser, &cer);
	if (rc != BERCL_OK)
		return rc;
	/* post_fec_ber = p P[Binomial(n - 1, ser) > t - 1]; = p when t = 0 */
	dd ln_p = dd_log(dd_from(ber));
	if (code->t > 0) {
		rc = binomial_upper(code->t - 1, code->n - 1, ser, &pass);
		if (rc != BERCL_OK)
			return rc;
		ln_p = dd_add(ln_p, dd_make(pass.ln_cl.hi, pass.ln_cl.lo));
	}
	bercl_lnprob ln_post = {ln_p.hi, ln_p.lo};
	out->ser = ser;
	out->ln_cer = cer.ln_cl;
	out->ln_one_minus_cer = cer.ln_one_minus_cl;
	out->cer = cer.cl;
	out->ln_post_fec_ber = ln_post;
	out->post_fec_ber = bercl_lnprob_value(ln_post);
	return BERCL_OK;
}

/* ---- the inverse ---- */

/*
 * The gap g(p), increasing in p: ln cer(p) - ln X when X <= 1/2, else
 * ln(1 - X) - ln(1 - cer(p)). Nonzero return: p outside the domain.
 */
static int cer_gap(const bercl_rs_code *c, double p, double target, double *g)
{
	bercl_fec_rates r;
	if (bercl_fec_rates_from_ber(c, p, &r) != BERCL_OK)
		return -1;
	if (target <= 0.5)
		*g = (r.ln_cer.hi - bercli_log(target)) + r.ln_cer.lo;
	else
		*g = (bercli_log1p(-target) - r.ln_one_minus_cer.hi) - r.ln_one_minus_cer.lo;
	return 0;
}

enum bercl_status bercl_fec_ber_max(const bercl_rs_code *code, double cer, double *ber)
{
	if (!valid_code(code) || !(cer > 0 && cer < 1))
		return BERCL_EDOM;
	double lo = BER_MIN, hi = BER_MAX, g_lo, g_hi;
	if (cer_gap(code, lo, cer, &g_lo) || cer_gap(code, hi, cer, &g_hi))
		return BERCL_ENOCONV;
	if (g_lo > 0 || g_hi < 0)
		return BERCL_ELIMIT; /* the root lies below 1e-300 or above 1/2 */
	/* Start: cer ~ C(n, t+1) (m p)^(t+1) for small p. */
	double t1 = code->t + 1.0, ln_binom = 0.0;
	for (int j = 1; j <= code->t + 1; j++)
		ln_binom += bercli_log((double)(code->n - j + 1) / j);
	double p = bercli_exp((bercli_log(cer) - ln_binom) / t1) / code->m;
	if (!(p > lo && p < hi))
		p = sqrt(lo * hi);
	double slope = t1, p_prev = 0.0, g_prev = 0.0;
	for (int iter = 0; iter < 200; iter++) {
		double g;
		if (cer_gap(code, p, cer, &g))
			return BERCL_ENOCONV;
		if (g == 0) {
			*ber = p;
			return BERCL_OK;
		}
		if (g > 0)
			hi = p;
		else
			lo = p;
		if (p_prev > 0 && g != g_prev) {
			double s = (g - g_prev) / bercli_log(p / p_prev);
			if (s > 0 && isfinite(s))
				slope = s;
		}
		double next = p * bercli_exp(-g / slope);
		if (!(next > lo && next < hi))
			next = sqrt(lo) * sqrt(hi);
		if (fabs(next - p) <= 4.0 * DBL_EPSILON * p || hi - lo <= 4.0 * DBL_EPSILON * hi) {
			*ber = next > lo && next < hi ? next : p;
			return BERCL_OK;
		}
		p_prev = p;
		g_prev = g;
		p = next;
	}
	return BERCL_ENOCONV;
}

/* ---- the histogram ---- */

static void pearson_pooled(const double *bins, const double *expect, int nb,
                           bercl_fec_histogram_stats *out);

/* Pearson's chi-square with pooled tail groups; 0 and no test below 3 groups. */
static void goodness_of_fit(const bercl_rs_code *c, const double *bins, double codewords,
                            double ser, double cer, bercl_fec_histogram_stats *out)
{
	int nb = c->t + 2;
	double expect[BERCL_FEC_MAX_BINS];
	/* ln b(i; n, ser) by ln C(n, i) summed term by term */
	double ln_s = bercli_log(ser), ln_q = bercli_log1p(-ser), ln_c = 0.0;
	for (int i = 0; i <= c->t; i++) {
		if (i > 0)
			ln_c += bercli_log((double)(c->n - i + 1) / i);
		expect[i] = codewords * bercli_exp(ln_c + i * ln_s + (c->n - i) * ln_q);
	}
	expect[nb - 1] = codewords * cer;
	pearson_pooled(bins, expect, nb, out);
}

/*
 * Pearson's chi-square of nb observed counts against their expectations,
 * pooled from the top down until each pooled group expects at least 5 (a
 * remainder below 5 joins the group above it); df = groups - 2.
 */
static void pearson_pooled(const double *bins, const double *expect, int nb,
                           bercl_fec_histogram_stats *out)
{
	double stat = 0.0, obs = 0.0, exp_sum = 0.0;
	int groups = 0;
	double pend_obs = 0.0, pend_exp = 0.0;
	for (int i = nb - 1; i >= 0; i--) {
		pend_obs += bins[i];
		pend_exp += expect[i];
		if (pend_exp >= 5.0 || i == 0) {
			if (pend_exp < 5.0 && groups > 0) {
				/* remainder at the bottom: join the group above it */
				pend_obs += obs;
				pend_exp += exp_sum;
				stat -= (obs - exp_sum) * (obs - exp_sum) / exp_sum;
				groups--;
			}
			if (pend_exp > 0)
				stat += (pend_obs - pend_exp) * (pend_obs - pend_exp) / pend_exp;
			groups++;
			obs = pend_obs;
			exp_sum = pend_exp;
			pend_obs = pend_exp = 0.0;
		}
	}
	out->gof_df = groups - 2;
	out->gof_stat = stat;
	if (out->gof_df >= 1) {
		out->ln_gof_p = ln_of(1.0);
		out->ln_gof_p.hi = bercli_ln_chisq_upper(out->gof_df, stat);
		out->gof_p = bercli_exp(out->ln_gof_p.hi);
		out->burst = out->gof_p < BERCL_FEC_BURST_P;
	} else {
		out->gof_df = 0;
	}
}

/* The tail beyond t: bercl_fec_tail (lib/fec_tail.c) on the bins as they are. */
static enum bercl_status tail_fit(const bercl_rs_code *c, const double *bins, double cl,
                                  double one_minus_cl, bercl_fec_histogram_stats *out)
{
	int lo[BERCL_FEC_MAX_BINS], hi[BERCL_FEC_MAX_BINS];
	for (int i = 0; i <= c->t + 1; i++)
		lo[i] = hi[i] = i;
	bercl_fec_tail_stats t;
	enum bercl_status rc = bercl_fec_tail(c, lo, hi, bins, c->t + 2, cl, one_minus_cl, &t);
	if (rc != BERCL_OK || t.bins == 0)
		return rc;
	out->tail_bins = t.bins;
	out->cer_tail = t.cer_tail;
	out->ln_cer_tail = t.ln_cer_tail;
	out->cer_tail_lower = t.cer_tail_lower;
	out->ln_cer_tail_lower = t.ln_cer_tail_lower;
	out->cer_tail_upper = t.cer_tail_upper;
	out->ln_cer_tail_upper = t.ln_cer_tail_upper;
	out->tail_r2 = t.tail_r2;
	out->tail_shape = t.shape;
	out->tail_dispersion = t.dispersion;
	return BERCL_OK;
}

/*
 * Is the model bound contradicted by the uncorrectable count U of C? The
 * model bound m lies below the exact (Clopper-Pearson) lower confidence
 * bound of U / C at cl exactly when P[Binomial(C, m) >= U] < 1 - cl (the
 * tail increases with m, and the lower bound solves P[X >= U] = 1 - cl).
 * The tail is bercl_cl's P[X > U - 1], binomial (Poisson where the
 * binomial's limits are met); when m is below the normal doubles, its
 * bound (C m)^U / U! (every term of the tail below the first times a
 * geometric factor far below 1) decides.
 */
static enum bercl_status count_rejects(double u, double c, bercl_lnprob ln_m, double m,
                                       double one_minus_cl, int *rejects)
{
	*rejects = 0;
	if (u <= 0)
		return BERCL_OK;
	double ln_tail;
	if (m >= DBL_MIN && m < 1) {
		bercl_tails t;
		enum bercl_status rc = bercl_cl(BERCL_BINOMIAL, u - 1, c, m, &t);
		if (rc == BERCL_ELIMIT)
			rc = bercl_cl(BERCL_POISSON, u - 1, c, m, &t);
		if (rc != BERCL_OK)
			return rc;
		ln_tail = t.ln_cl.hi + t.ln_cl.lo;
	} else if (m >= 1) {
		return BERCL_OK;
	} else {
		ln_tail = u * (bercli_log(c) + ln_m.hi + ln_m.lo) - bercli_lgamma(u + 1);
	}
	*rejects = ln_tail < bercli_log(one_minus_cl);
	return BERCL_OK;
}

/*
 * cer_upper: the model bound while the model stands; else the
 * Clopper-Pearson upper bound on the uncorrectable codewords counted.
 */
static enum bercl_status choose_cer_upper(bercl_fec_histogram_stats *s, double cl,
                                          double one_minus_cl)
{
	enum bercl_status rc = bercl_ber_upper(BERCL_BINOMIAL, s->uncorrectable, s->codewords, cl,
	                                       one_minus_cl, &s->cer_count_upper);
	if (rc != BERCL_OK)
		return rc;
	s->cer_count_upper = fmin(s->cer_count_upper, 1.0);
	int rejects;
	rc = count_rejects(s->uncorrectable, s->codewords, s->ln_cer_model_upper,
	                   s->cer_model_upper, one_minus_cl, &rejects);
	if (rc != BERCL_OK)
		return rc;
	s->model_contradicted = s->burst || rejects;
	if (s->model_contradicted) {
		s->cer_upper = s->cer_count_upper;
		s->ln_cer_upper = ln_of(s->cer_upper);
	} else {
		s->cer_upper = s->cer_model_upper;
		s->ln_cer_upper = s->ln_cer_model_upper;
	}
	return BERCL_OK;
}

/* The CER the model predicts at the estimated SER, where errors were seen. */
static enum bercl_status predict_cer(const bercl_rs_code *code, bercl_fec_histogram_stats *s)
{
	bercl_tails pred;
	enum bercl_status rc = cer_tails(code, s->ser_estimate, &pred);
	if (rc != BERCL_OK)
		return rc;
	s->has_cer_predicted = 1;
	s->ln_cer_predicted = pred.ln_cl;
	s->cer_predicted = pred.cl;
	return BERCL_OK;
}

/*
 * The SER bound from the most symbols in error the bins allow (the BER
 * bound of that count in these symbols, at cl), and the CER at it; a bound
 * at or above 1 bounds nothing: the SER and the CER at most 1.
 */
static enum bercl_status ser_upper_bound(const bercl_rs_code *code, enum bercl_model model,
                                         double most_in_error, double symbols, double cl,
                                         double one_minus_cl, bercl_fec_histogram_stats *s)
{
	enum bercl_status rc =
		bercl_ber_upper(model, most_in_error, symbols, cl, one_minus_cl, &s->ser_upper);
	if (rc != BERCL_OK)
		return rc;
	if (!(s->ser_upper < 1)) {
		s->ser_upper = 1;
		s->cer_model_upper = 1;
		s->ln_cer_model_upper = ln_of(1.0);
		return BERCL_OK;
	}
	bercl_tails up;
	rc = cer_tails(code, s->ser_upper, &up);
	if (rc != BERCL_OK)
		return rc;
	s->ln_cer_model_upper = up.ln_cl;
	s->cer_model_upper = up.cl;
	return BERCL_OK;
}

enum bercl_status bercl_fec_histogram(const bercl_rs_code *code, const double *bins,
                                      enum bercl_model model, double cl, double one_minus_cl,
                                      bercl_fec_histogram_stats *out)
{
	if (!valid_code(code))
		return BERCL_EDOM;
	if (code->t + 2 > BERCL_FEC_MAX_BINS)
		return BERCL_ELIMIT;
	double codewords = 0.0, symbols_in_error = 0.0;
	for (int i = 0; i <= code->t + 1; i++) {
		if (!(bins[i] >= 0 && bins[i] <= BERCL_MAX_ERRORS) || bins[i] != floor(bins[i]))
			return BERCL_EDOM;
		codewords += bins[i];
		symbols_in_error += (double)i * bins[i];
	}
	if (!(codewords > 0) || codewords > BERCL_MAX_ERRORS)
		return BERCL_EDOM;
	bercl_fec_histogram_stats s = {0};
	s.codewords = codewords;
	s.uncorrectable = bins[code->t + 1];
	s.symbol_errors = symbols_in_error;
	double symbols = codewords * code->n;
	s.ser_estimate = symbols_in_error / symbols;
	/* the most errored symbols the bins allow: n in each uncorrectable codeword */
	double most_in_error = symbols_in_error + (double)(code->n - code->t - 1) * s.uncorrectable;
	enum bercl_status rc =
		ser_upper_bound(code, model, most_in_error, symbols, cl, one_minus_cl, &s);
	if (rc != BERCL_OK)
		return rc;
	if (symbols_in_error > 0) {
		if ((rc = predict_cer(code, &s)) != BERCL_OK)
			return rc;
		goodness_of_fit(code, bins, codewords, s.ser_estimate, s.cer_predicted, &s);
		rc = tail_fit(code, bins, cl, one_minus_cl, &s);
		if (rc != BERCL_OK)
			return rc;
	}
	rc = choose_cer_upper(&s, cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	*out = s;
	return BERCL_OK;
}

/* ---- grouped histograms ---- */

/* The partition of 0 .. t that groups lo[j] .. hi[j] make, bins between them single. */
struct partition {
	int n;
	int lo[BERCL_FEC_MAX_BINS], hi[BERCL_FEC_MAX_BINS];
	double count[BERCL_FEC_MAX_BINS];
};

/*
 * The score of the grouped likelihood at ser s: sum_j c_j E_s[B | lo_j <= B
 * <= hi_j] + (t + 1) U - n C s, B ~ Binomial(n, s); it decreases from
 * positive to negative across the root (the MLE). The conditional mean is
 * a ratio of sums of C(n, i) r^i, r = s / (1 - s), taken in logarithms
 * from the group's largest term.
 */
static double grouped_score(const bercl_rs_code *c, const struct partition *p, double u,
                            double codewords, double s)
{
	double ln_r = bercli_log(s) - bercli_log1p(-s), sum = (double)(c->t + 1) * u;
	double ln_c[BERCL_FEC_MAX_BINS];
	ln_c[0] = 0.0;
	for (int i = 1; i <= c->t; i++)
		ln_c[i] = ln_c[i - 1] + bercli_log((double)(c->n - i + 1) / i);
	for (int j = 0; j < p->n; j++) {
		if (p->count[j] == 0)
			continue;
		if (p->lo[j] == p->hi[j]) {
			sum += p->count[j] * p->lo[j];
			continue;
		}
		double top = -INFINITY;
		for (int i = p->lo[j]; i <= p->hi[j]; i++)
			top = fmax(top, ln_c[i] + i * ln_r);
		double w = 0.0, wi = 0.0;
		for (int i = p->lo[j]; i <= p->hi[j]; i++) {
			double e = bercli_exp(ln_c[i] + i * ln_r - top);
			w += e;
			wi += e * i;
		}
		sum += p->count[j] * (wi / w);
	}
	return sum - (double)c->n * codewords * s;
}

/*
 * The SER's maximum-likelihood estimate from grouped bins, the uncorrectable
 * codewords counted as t + 1 errored symbols as bercl_fec_histogram counts
 * them (with single bins this is its estimate, S / (n C), exactly). The
 * root lies between the estimates that put every group at its lowest and at
 * its highest count (the score is >= 0 at the one, <= 0 at the other):
 * regula falsi (Illinois) on ln s, then bisection, to 2 ulp.
 */
static double grouped_ser(const bercl_rs_code *c, const struct partition *p, double u,
                          double codewords)
{
	double a = (double)(c->t + 1) * u, b = a, nc = (double)c->n * codewords;
	for (int j = 0; j < p->n; j++) {
		a += p->count[j] * p->lo[j];
		b += p->count[j] * p->hi[j];
	}
	if (!(a > 0))
		return 0.0; /* nothing says a symbol was in error */
	double lo = a / nc, hi = fmin(b / nc, 0.5);
	if (!(lo < hi))
		return lo;
	double flo = grouped_score(c, p, u, codewords, lo);
	double fhi = grouped_score(c, p, u, codewords, hi);
	if (!(flo > 0))
		return lo;
	if (!(fhi < 0))
		return hi;
	double x0 = bercli_log(lo), x1 = bercli_log(hi);
	int side = 0;
	for (int k = 0; k < 200 && hi - lo > 4 * DBL_EPSILON * hi; k++) {
		double x = k < 100 ? (x0 * fhi - x1 * flo) / (fhi - flo) : 0.5 * (x0 + x1);
		if (!(x > x0 && x < x1))
			x = 0.5 * (x0 + x1);
		double s = bercli_exp(x), f = grouped_score(c, p, u, codewords, s);
		if (f == 0)
			return s;
		if (f > 0) {
			x0 = x;
			lo = s;
			flo = f;
			if (side == 1)
				fhi *= 0.5;
			side = 1;
		} else {
			x1 = x;
			hi = s;
			fhi = f;
			if (side == -1)
				flo *= 0.5;
			side = -1;
		}
	}
	return 0.5 * (lo + hi);
}

enum bercl_status bercl_fec_histogram_groups(const bercl_rs_code *code, const int *lo,
                                             const int *hi, const double *count, int ngroups,
                                             enum bercl_model model, double cl,
                                             double one_minus_cl, bercl_fec_histogram_stats *out)
{
	if (!valid_code(code) || ngroups < 1 || ngroups > BERCL_FEC_MAX_BINS)
		return BERCL_EDOM;
	if (code->t + 2 > BERCL_FEC_MAX_BINS)
		return BERCL_ELIMIT;
	int t = code->t, grouped = 0, next = 0;
	double bins[BERCL_FEC_MAX_BINS], u = 0.0, codewords = 0.0;
	for (int i = 0; i <= t + 1; i++)
		bins[i] = 0.0;
	struct partition p;
	p.n = 0;
	if (lo[ngroups - 1] != t + 1)
		return BERCL_EDOM; /* the uncorrectable group ends the list */
	for (int j = 0; j < ngroups; j++) {
		if (!(count[j] >= 0 && count[j] <= BERCL_MAX_ERRORS) || count[j] != floor(count[j]))
			return BERCL_EDOM;
		codewords += count[j];
		if (lo[j] == t + 1 && j == ngroups - 1) {
			u = count[j];
			continue;
		}
		if (lo[j] < next || hi[j] < lo[j] || hi[j] > t)
			return BERCL_EDOM; /* not increasing, overlapping, or beyond t */
		for (; next < lo[j]; next++) { /* a bin no group holds: 0 codewords */
			p.lo[p.n] = p.hi[p.n] = next;
			p.count[p.n++] = 0.0;
		}
		p.lo[p.n] = lo[j];
		p.hi[p.n] = hi[j];
		p.count[p.n++] = count[j];
		grouped |= hi[j] > lo[j];
		bins[lo[j]] = count[j];
		next = hi[j] + 1;
	}
	for (; next <= t; next++) {
		p.lo[p.n] = p.hi[p.n] = next;
		p.count[p.n++] = 0.0;
	}
	bins[t + 1] = u;
	if (!grouped)
		return bercl_fec_histogram(code, bins, model, cl, one_minus_cl, out);
	if (!(codewords > 0) || codewords > BERCL_MAX_ERRORS)
		return BERCL_EDOM;
	bercl_fec_histogram_stats s = {0};
	s.codewords = codewords;
	s.uncorrectable = u;
	double symbols = codewords * code->n, most_in_error = (double)code->n * u;
	for (int j = 0; j < p.n; j++)
		most_in_error += p.count[j] * p.hi[j];
	s.ser_estimate = grouped_ser(code, &p, u, codewords);
	s.symbol_errors = s.ser_estimate * symbols; /* expected, not counted: the bins group them */
	enum bercl_status rc =
		ser_upper_bound(code, model, most_in_error, symbols, cl, one_minus_cl, &s);
	if (rc != BERCL_OK)
		return rc;
	if (s.ser_estimate > 0) {
		if ((rc = predict_cer(code, &s)) != BERCL_OK)
			return rc;
		/* Pearson over the groups: each group's expectation its bins' sum */
		double expect[BERCL_FEC_MAX_BINS], gobs[BERCL_FEC_MAX_BINS], gexp[BERCL_FEC_MAX_BINS];
		double ln_s = bercli_log(s.ser_estimate), ln_q = bercli_log1p(-s.ser_estimate), ln_c = 0.0;
		for (int i = 0; i <= t; i++) {
			if (i > 0)
				ln_c += bercli_log((double)(code->n - i + 1) / i);
			expect[i] = codewords * bercli_exp(ln_c + i * ln_s + (code->n - i) * ln_q);
		}
		for (int j = 0; j < p.n; j++) {
			gobs[j] = p.count[j];
			gexp[j] = 0.0;
			for (int i = p.lo[j]; i <= p.hi[j]; i++)
				gexp[j] += expect[i];
		}
		gobs[p.n] = u;
		gexp[p.n] = codewords * s.cer_predicted;
		pearson_pooled(gobs, gexp, p.n + 1, &s);
		/* the tail: bercl_fec_tail takes the groups as they are */
		bercl_fec_tail_stats tl;
		rc = bercl_fec_tail(code, lo, hi, count, ngroups, cl, one_minus_cl, &tl);
		if (rc != BERCL_OK)
			return rc;
		if (tl.bins > 0) {
			s.tail_bins = tl.bins;
			s.cer_tail = tl.cer_tail;
			s.ln_cer_tail = tl.ln_cer_tail;
			s.cer_tail_lower = tl.cer_tail_lower;
			s.ln_cer_tail_lower = tl.ln_cer_tail_lower;
			s.cer_tail_upper = tl.cer_tail_upper;
			s.ln_cer_tail_upper = tl.ln_cer_tail_upper;
			s.tail_r2 = tl.tail_r2;
			s.tail_shape = tl.shape;
			s.tail_dispersion = tl.dispersion;
		}
	}
	rc = choose_cer_upper(&s, cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	*out = s;
	return BERCL_OK;
}
