/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * truth.c - the oracle's arithmetic: both tails of the Poisson and binomial
 * laws, and the roots behind the BER bounds, in MPFR at PREC bits. Shares no
 * code with lib/: written from the definitions only.
 *
 * TAILS
 *   le = P[X <= E], gt = P[X > E]. The tail on the far side of the mode is
 *   computed directly; if it is above 1/2 (mass piled at the boundary: E = 0
 *   with N p << 1) the other one is computed directly too, so neither tail is
 *   ever 1 minus a number near 1.
 *   Each directly computed tail is, in order of preference:
 *   1. a sum of its terms away from the mode, each term from the previous by
 *      the exact term ratio, the first from lgamma (at most SUM_CAP terms;
 *      the terms then fall geometrically);
 *   2. otherwise (E near the mean with a large standard deviation) the
 *      integral form,
 *        Poisson   P[X > E] = int_0^x t^E e^-t dt / E!,  P[X <= E] = int_x^inf
 *        binomial  P[X > E] = int_0^p t^E (1-t)^(N-E-1) dt / B(E+1, N-E),
 *                  P[X <= E] = int_p^1 (same),
 *      (Abramowitz & Stegun 6.5.2, 26.4.21; 26.5.24) by tanh-sinh
 *      (double-exponential) quadrature on pieces where the integrand is
 *      monotone, cut where it has fallen by e^-80, refined until two levels
 *      agree to 1e-12 (the error then is about the square of that); the
 *      integrand is taken relative to its value at the piece's start, in a
 *      form without cancellation, at 128 bits.
 *   The integrands are entire for whole E, N, so the quadrature converges
 *   geometrically in the number of levels.
 *
 * ROOTS
 *   The BER bounds and the Poisson mean at a target are found by bracketing
 *   from the program's own answer (expanding from 1.5 Newton steps until
 *   the sign changes) and then safeguarded Newton in ln x with the exact
 *   derivative (the pmf), falling back to bisection; stop when the step is
 *   below 1e-30 relative.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "truth.h"

#define SUM_CAP 4000
#define NODE_PREC 128
#define TS_LEVELS 10
#define TS_TMAX 4.0

static mpfr_t ts_v[TS_LEVELS + 1][4200], ts_w[TS_LEVELS + 1][4200];
static int ts_n[TS_LEVELS + 1];

/* tanh-sinh nodes on [0, 1]: v = 1 / (1 + exp(-2y)), y = pi/2 sinh(tau),
 * weight dv/dtau = pi cosh(tau) / (2 cosh^2 y) = pi cosh(tau) v (1 - v).
 * Level 0 has tau = k (k in -4..4); level L adds the odd multiples of 2^-L. */
void truth_init(void)
{
	mpfr_set_emin(mpfr_get_emin_min());
	mpfr_set_emax(mpfr_get_emax_max());
	mpfr_t tau, y, e, one, pi;
	mpfr_inits2(PREC, tau, y, e, one, pi, (mpfr_ptr)0);
	mpfr_set_ui(one, 1, MPFR_RNDN);
	mpfr_const_pi(pi, MPFR_RNDN);
	for (int L = 0; L <= TS_LEVELS; L++) {
		double h = ldexp(1.0, -L);
		int n = 0;
		for (double t = -TS_TMAX; t <= TS_TMAX + 1e-12; t += h) {
			long k = lround(t / h);
			if (L > 0 && (k % 2) == 0)
				continue;
			mpfr_init2(ts_v[L][n], PREC);
			mpfr_init2(ts_w[L][n], PREC);
			mpfr_set_d(tau, t, MPFR_RNDN);
			mpfr_sinh(y, tau, MPFR_RNDN);
			mpfr_mul(y, y, pi, MPFR_RNDN);
			mpfr_div_2ui(y, y, 1, MPFR_RNDN);
			mpfr_mul_2ui(e, y, 1, MPFR_RNDN);
			mpfr_neg(e, e, MPFR_RNDN);
			mpfr_exp(e, e, MPFR_RNDN);
			mpfr_add(e, e, one, MPFR_RNDN);
			mpfr_ui_div(ts_v[L][n], 1, e, MPFR_RNDN); /* v */
			mpfr_sub(e, one, ts_v[L][n], MPFR_RNDN);  /* 1 - v */
			mpfr_mul(e, e, ts_v[L][n], MPFR_RNDN);
			mpfr_cosh(y, tau, MPFR_RNDN);
			mpfr_mul(e, e, y, MPFR_RNDN);
			mpfr_mul(ts_w[L][n], e, pi, MPFR_RNDN);
			n++;
		}
		ts_n[L] = n;
	}
	mpfr_clears(tau, y, e, one, pi, (mpfr_ptr)0);
}

/* ---- the log-integrand g(t) ---- */

struct law {
	int binomial;
	double E, N;   /* as doubles (N: binomial only), for scales and tests */
	mpfr_t Ex, Nx; /* the same, exact: E + 1 or N - E need not be doubles */
};

static void law_init(struct law *w, int binomial, double E, double N)
{
	w->binomial = binomial;
	w->E = E;
	w->N = N;
	mpfr_inits2(PREC, w->Ex, w->Nx, (mpfr_ptr)0);
	mpfr_set_d(w->Ex, E, MPFR_RNDN);
	mpfr_set_d(w->Nx, N, MPFR_RNDN);
}

static void law_clear(struct law *w)
{
	mpfr_clears(w->Ex, w->Nx, (mpfr_ptr)0);
}

/* g(t) = E ln t - t (Poisson) or E ln t + (N-E-1) ln(1-t) (binomial). */
static void g_eval(mpfr_t out, const struct law *w, const mpfr_t t)
{
	mpfr_t a;
	mpfr_init2(a, PREC);
	mpfr_set_zero(out, 1);
	if (w->E > 0) {
		mpfr_log(a, t, MPFR_RNDN);
		mpfr_mul(out, a, w->Ex, MPFR_RNDN);
	}
	if (!w->binomial) {
		mpfr_sub(out, out, t, MPFR_RNDN);
	} else if (w->N - w->E >= 2) {
		mpfr_t m;
		mpfr_init2(m, PREC);
		mpfr_sub(m, w->Nx, w->Ex, MPFR_RNDN);
		mpfr_sub_ui(m, m, 1, MPFR_RNDN);
		mpfr_neg(a, t, MPFR_RNDN);
		mpfr_log1p(a, a, MPFR_RNDN);
		mpfr_mul(a, a, m, MPFR_RNDN);
		mpfr_add(out, out, a, MPFR_RNDN);
		mpfr_clear(m);
	}
	mpfr_clear(a);
}

/* g'(t), g''(t) as doubles, for the scale of a piece. */
static void g_slopes(const struct law *w, const mpfr_t t, double *d1, double *d2)
{
	double td = mpfr_get_d(t, MPFR_RNDN);
	if (!w->binomial) {
		*d1 = w->E / td - 1.0;
		*d2 = -w->E / (td * td);
		return;
	}
	mpfr_t u;
	mpfr_init2(u, PREC);
	mpfr_ui_sub(u, 1, t, MPFR_RNDN);
	double qd = mpfr_get_d(u, MPFR_RNDN);
	mpfr_clear(u);
	double m = w->N - w->E - 1;
	*d1 = (w->E > 0 ? w->E / td : 0) - (m > 0 ? m / qd : 0);
	*d2 = -(w->E > 0 ? w->E / (td * td) : 0) - (m > 0 ? m / (qd * qd) : 0);
}

/*
 * g(t0 + du) - g(t0) without cancellation, at NODE_PREC bits: E log1p(du/t0)
 * - du (Poisson) or E log1p(du/t0) + (N-E-1) log1p(-du/(1-t0)) (binomial).
 * Its magnitude stays below a few hundred on a piece, so 128 bits leave an
 * absolute error near 1e-36. c0 = 1/t0 and c1 = 1/(1-t0), prepared by the
 * caller (0 where the term is absent).
 */
static void g_diff(mpfr_t out, const struct law *w, const mpfr_t du, const mpfr_t c0,
                   const mpfr_t c1, const mpfr_t m, mpfr_t tmp)
{
	mpfr_set_zero(out, 1);
	if (w->E > 0) {
		mpfr_mul(tmp, du, c0, MPFR_RNDN);
		mpfr_log1p(tmp, tmp, MPFR_RNDN);
		mpfr_mul(out, tmp, w->Ex, MPFR_RNDN);
	}
	if (!w->binomial) {
		mpfr_sub(out, out, du, MPFR_RNDN);
	} else if (mpfr_sgn(m) > 0) {
		mpfr_mul(tmp, du, c1, MPFR_RNDN);
		mpfr_neg(tmp, tmp, MPFR_RNDN);
		mpfr_log1p(tmp, tmp, MPFR_RNDN);
		mpfr_mul(tmp, tmp, m, MPFR_RNDN);
		mpfr_add(out, out, tmp, MPFR_RNDN);
	}
}

/*
 * ln of int_0^Rmax exp(g(t0 + dir u)) du, where g decreases in u (t0 is the
 * mode or beyond it). Rmax may be +inf. Returns 0, or -1 if the quadrature
 * does not settle. Tanh-sinh converges quadratically once it has started:
 * two levels that agree to 1e-12 leave an error near 1e-24.
 */
static int piece(mpfr_t out, const struct law *w, const mpfr_t t0, int dir, const mpfr_t Rmax)
{
	mpfr_t g0, R, du, gv, sum, prev, term, tmp, c0, c1, m;
	mpfr_inits2(PREC, g0, R, (mpfr_ptr)0);
	mpfr_inits2(NODE_PREC, du, gv, sum, prev, term, tmp, c0, c1, m, (mpfr_ptr)0);
	int rc = 0;
	g_eval(g0, w, t0);
	/* c0 = 1/t0, c1 = 1/(1 - t0), m = N - E - 1 */
	if (w->E > 0)
		mpfr_ui_div(c0, 1, t0, MPFR_RNDN);
	else
		mpfr_set_zero(c0, 1);
	mpfr_set_zero(m, 1);
	mpfr_set_zero(c1, 1);
	if (w->binomial) {
		mpfr_t q;
		mpfr_init2(q, PREC);
		mpfr_ui_sub(q, 1, t0, MPFR_RNDN);
		mpfr_sub(m, w->Nx, w->Ex, MPFR_RNDN);
		mpfr_sub_ui(m, m, 1, MPFR_RNDN);
		if (mpfr_sgn(m) > 0)
			mpfr_ui_div(c1, 1, q, MPFR_RNDN);
		mpfr_clear(q);
	}
	double d1, d2;
	g_slopes(w, t0, &d1, &d2);
	double s = INFINITY;
	if (d1 != 0)
		s = fmin(s, 1.0 / fabs(d1));
	if (d2 != 0)
		s = fmin(s, 1.0 / sqrt(fabs(d2)));
	if (!isfinite(s))
		s = 1.0;
	mpfr_set_d(R, s, MPFR_RNDN);
	for (int i = 0; i < 4000; i++) {
		if (mpfr_cmp(R, Rmax) >= 0) {
			mpfr_set(R, Rmax, MPFR_RNDN);
			break;
		}
		mpfr_mul_si(du, R, dir, MPFR_RNDN);
		g_diff(gv, w, du, c0, c1, m, tmp);
		if (mpfr_cmp_si(gv, -80) < 0) /* e^-80 = 2e-35 */
			break;
		mpfr_mul_2ui(R, R, 1, MPFR_RNDN);
	}
	mpfr_set_zero(sum, 1);
	mpfr_set_zero(prev, 1);
	int settled = 0;
	for (int L = 0; L <= TS_LEVELS && !settled; L++) {
		for (int k = 0; k < ts_n[L]; k++) {
			mpfr_mul(du, R, ts_v[L][k], MPFR_RNDN);
			if (dir < 0)
				mpfr_neg(du, du, MPFR_RNDN);
			g_diff(gv, w, du, c0, c1, m, tmp);
			mpfr_exp(term, gv, MPFR_RNDN);
			mpfr_mul(term, term, ts_w[L][k], MPFR_RNDN);
			mpfr_add(sum, sum, term, MPFR_RNDN);
		}
		/* estimate = h * sum, h = 2^-L */
		mpfr_div_2ui(tmp, sum, (unsigned long)L, MPFR_RNDN);
		if (L >= 3) {
			mpfr_sub(term, tmp, prev, MPFR_RNDN);
			mpfr_abs(term, term, MPFR_RNDN);
			mpfr_mul_d(gv, tmp, 1e-12, MPFR_RNDN);
			if (mpfr_cmp(term, gv) <= 0)
				settled = 1;
		}
		mpfr_set(prev, tmp, MPFR_RNDN);
	}
	if (!settled)
		rc = -1;
	/* ln(R * estimate) + g0 */
	mpfr_t lnv;
	mpfr_init2(lnv, PREC);
	mpfr_mul(lnv, prev, R, MPFR_RNDN);
	mpfr_log(lnv, lnv, MPFR_RNDN);
	mpfr_add(out, lnv, g0, MPFR_RNDN);
	mpfr_clear(lnv);
	mpfr_clears(g0, R, du, gv, sum, prev, term, tmp, c0, c1, m, (mpfr_ptr)0);
	return rc;
}

/* ln(exp(a) + exp(b)) into a. */
static void log_add(mpfr_t a, const mpfr_t b)
{
	if (mpfr_inf_p(b) && mpfr_sgn(b) < 0)
		return;
	if (mpfr_inf_p(a) && mpfr_sgn(a) < 0) {
		mpfr_set(a, b, MPFR_RNDN);
		return;
	}
	mpfr_t m, d;
	mpfr_inits2(PREC, m, d, (mpfr_ptr)0);
	mpfr_max(m, a, b, MPFR_RNDN);
	mpfr_min(d, a, b, MPFR_RNDN);
	mpfr_sub(d, d, m, MPFR_RNDN);
	mpfr_exp(d, d, MPFR_RNDN);
	mpfr_log1p(d, d, MPFR_RNDN);
	mpfr_add(a, m, d, MPFR_RNDN);
	mpfr_clears(m, d, (mpfr_ptr)0);
}

/* ln of the normalising constant: ln E! (Poisson), ln B(E+1, N-E) (binomial). */
static void ln_norm(mpfr_t out, const struct law *w)
{
	mpfr_t a, b;
	mpfr_inits2(PREC, a, b, (mpfr_ptr)0);
	mpfr_add_ui(a, w->Ex, 1, MPFR_RNDN);
	mpfr_lngamma(out, a, MPFR_RNDN);
	if (w->binomial) {
		mpfr_sub(a, w->Nx, w->Ex, MPFR_RNDN);
		mpfr_lngamma(b, a, MPFR_RNDN);
		mpfr_add(out, out, b, MPFR_RNDN);
		mpfr_add_ui(a, w->Nx, 1, MPFR_RNDN);
		mpfr_lngamma(b, a, MPFR_RNDN);
		mpfr_sub(out, out, b, MPFR_RNDN);
	}
	mpfr_clears(a, b, (mpfr_ptr)0);
}

/* ln of int_L^U exp(g) / norm, U may be +inf; splits at the mode. */
static int integral(mpfr_t out, const struct law *w, const mpfr_t L, const mpfr_t U)
{
	mpfr_t mode, len, part;
	mpfr_inits2(PREC, mode, len, part, (mpfr_ptr)0);
	/* mode of g: E (Poisson), E / (N - 1) (binomial) */
	if (!w->binomial)
		mpfr_set_d(mode, w->E, MPFR_RNDN);
	else if (w->N > 1)
		mpfr_set_d(mode, w->E / (w->N - 1), MPFR_RNDN);
	else
		mpfr_set_zero(mode, 1);
	if (mpfr_cmp(mode, L) < 0)
		mpfr_set(mode, L, MPFR_RNDN);
	if (mpfr_cmp(mode, U) > 0)
		mpfr_set(mode, U, MPFR_RNDN);
	int rc = 0;
	mpfr_set_inf(out, -1);
	if (mpfr_cmp(mode, U) < 0) {
		mpfr_sub(len, U, mode, MPFR_RNDN);
		rc |= piece(part, w, mode, +1, len);
		log_add(out, part);
	}
	if (mpfr_cmp(mode, L) > 0) {
		mpfr_sub(len, mode, L, MPFR_RNDN);
		rc |= piece(part, w, mode, -1, len);
		log_add(out, part);
	}
	ln_norm(part, w);
	mpfr_sub(out, out, part, MPFR_RNDN);
	mpfr_clears(mode, len, part, (mpfr_ptr)0);
	return rc;
}

/* ---- terms and sums ---- */

/* ln of the probability of k: Poisson at x, or binomial (N, p). */
static void ln_pmf(mpfr_t out, const struct law *w, const mpfr_t k, const mpfr_t x)
{
	mpfr_t a, b;
	mpfr_inits2(PREC, a, b, (mpfr_ptr)0);
	mpfr_add_ui(a, k, 1, MPFR_RNDN);
	mpfr_lngamma(out, a, MPFR_RNDN);
	mpfr_neg(out, out, MPFR_RNDN);
	if (mpfr_sgn(k) > 0) {
		mpfr_log(a, x, MPFR_RNDN);
		mpfr_mul(a, a, k, MPFR_RNDN);
		mpfr_add(out, out, a, MPFR_RNDN);
	}
	if (!w->binomial) {
		mpfr_sub(out, out, x, MPFR_RNDN);
	} else {
		mpfr_add_ui(a, w->Nx, 1, MPFR_RNDN);
		mpfr_lngamma(b, a, MPFR_RNDN);
		mpfr_add(out, out, b, MPFR_RNDN);
		mpfr_sub(a, a, k, MPFR_RNDN); /* N - k + 1 */
		mpfr_lngamma(b, a, MPFR_RNDN);
		mpfr_sub(out, out, b, MPFR_RNDN);
		mpfr_sub_ui(b, a, 1, MPFR_RNDN); /* N - k */
		if (mpfr_sgn(b) > 0) {
			mpfr_neg(a, x, MPFR_RNDN);
			mpfr_log1p(a, a, MPFR_RNDN);
			mpfr_mul(a, a, b, MPFR_RNDN);
			mpfr_add(out, out, a, MPFR_RNDN);
		}
	}
	mpfr_clears(a, b, (mpfr_ptr)0);
}

void truth_ln_pmf(mpfr_t out, int binomial, double E, double N, const mpfr_t x)
{
	struct law w;
	law_init(&w, binomial, E, N);
	ln_pmf(out, &w, w.Ex, x);
	law_clear(&w);
}

/*
 * ln P[X <= E] (down = 1, summed from k = E downward) or ln P[X > E]
 * (down = 0, from k = E + 1 upward). Returns 0, or -1 if SUM_CAP terms did
 * not reach a term below 2^-120 of the sum.
 */
/*
 * 1 if tail_sum cannot succeed: every ratio of its SUM_CAP steps is at most
 * 1 (so the terms stay below 1 and the sum below SUM_CAP + 1) and the
 * smallest of them, r_min, still has r_min^SUM_CAP above 2^-120 (SUM_CAP +
 * 1) with room to spare, so no term falls below 2^-120 of the sum. The
 * ratios are monotone in k, so the first and last steps bound them. Only
 * decides which method runs, never a value: a doubtful case is summed.
 */
static int sum_cannot_settle(const struct law *w, const mpfr_t x, int down)
{
	double E = w->E, N = w->N, p = mpfr_get_d(x, MPFR_RNDN), c = SUM_CAP;
	mpfr_t qx; /* q = 1 - x from x itself: x may lie within 1e-13 of 1 */
	mpfr_init2(qx, PREC);
	mpfr_ui_sub(qx, 1, x, MPFR_RNDN);
	double q = mpfr_get_d(qx, MPFR_RNDN);
	mpfr_clear(qx);
	double r_first, r_min;
	if (down && E < c)
		return 0; /* ends at k = 0 */
	if (!down && w->binomial && N - E - 1 < c + 1)
		return 0; /* ends at k = N */
	if (!w->binomial) {
		r_first = down ? E / p : p / (E + 2);
		r_min = down ? (E - c + 1) / p : p / (E + 1 + c);
	} else if (down) {
		r_first = E * q / ((N - E + 1) * p);
		r_min = (E - c + 1) * q / ((N - E + c) * p);
	} else {
		r_first = (N - E - 1) * p / ((E + 2) * q);
		r_min = (N - E - c) * p / ((E + c + 1) * q);
	}
	if (!(r_first <= 1) || !(r_min > 0))
		return 0;
	return c * log(r_min) > -83.2 + log(c + 1) + 2;
}

static int tail_sum(mpfr_t out, const struct law *w, const mpfr_t x, int down)
{
	if (sum_cannot_settle(w, x, down))
		return -1;
	mpfr_t q, term, sum, r, k, k0, c;
	/* the terms at 128 bits: SUM_CAP roundings of 3e-39 stay below 1e-35 */
	mpfr_inits2(PREC, q, k, k0, (mpfr_ptr)0);
	mpfr_inits2(NODE_PREC, term, sum, r, c, (mpfr_ptr)0);
	mpfr_ui_sub(q, 1, x, MPFR_RNDN);
	mpfr_set_ui(term, 1, MPFR_RNDN);
	mpfr_set_ui(sum, 1, MPFR_RNDN);
	int rc = -1;
	if (down)
		mpfr_set(k, w->Ex, MPFR_RNDN);
	else
		mpfr_add_ui(k, w->Ex, 1, MPFR_RNDN);
	mpfr_set(k0, k, MPFR_RNDN);
	for (int i = 0; i < SUM_CAP; i++) {
		/* the finite sums end at k = 0 (down) and k = N (binomial, up) */
		if (down ? mpfr_zero_p(k) : (w->binomial && mpfr_cmp(k, w->Nx) >= 0)) {
			rc = 0;
			break;
		}
		if (!w->binomial) {
			if (down) { /* pois(k-1)/pois(k) = k / x */
				mpfr_mul(term, term, k, MPFR_RNDN);
				mpfr_div(term, term, x, MPFR_RNDN);
			} else { /* pois(k+1)/pois(k) = x / (k+1) */
				mpfr_mul(term, term, x, MPFR_RNDN);
				mpfr_add_ui(c, k, 1, MPFR_RNDN);
				mpfr_div(term, term, c, MPFR_RNDN);
			}
		} else if (down) { /* b(k-1)/b(k) = k q / ((N-k+1) p) */
			mpfr_mul(term, term, q, MPFR_RNDN);
			mpfr_mul(term, term, k, MPFR_RNDN);
			mpfr_div(term, term, x, MPFR_RNDN);
			mpfr_sub(c, w->Nx, k, MPFR_RNDN);
			mpfr_add_ui(c, c, 1, MPFR_RNDN);
			mpfr_div(term, term, c, MPFR_RNDN);
		} else { /* b(k+1)/b(k) = (N-k) p / ((k+1) q) */
			mpfr_mul(term, term, x, MPFR_RNDN);
			mpfr_sub(c, w->Nx, k, MPFR_RNDN);
			mpfr_mul(term, term, c, MPFR_RNDN);
			mpfr_div(term, term, q, MPFR_RNDN);
			mpfr_add_ui(c, k, 1, MPFR_RNDN);
			mpfr_div(term, term, c, MPFR_RNDN);
		}
		if (down)
			mpfr_sub_ui(k, k, 1, MPFR_RNDN);
		else
			mpfr_add_ui(k, k, 1, MPFR_RNDN);
		mpfr_add(sum, sum, term, MPFR_RNDN);
		mpfr_mul_2si(r, sum, -120, MPFR_RNDN);
		if (mpfr_cmp(term, r) < 0) {
			rc = 0;
			break;
		}
	}
	if (rc == 0) {
		ln_pmf(out, w, k0, x);
		mpfr_log(r, sum, MPFR_RNDN);
		mpfr_add(out, out, r, MPFR_RNDN);
	}
	mpfr_clears(q, term, sum, r, k, k0, c, (mpfr_ptr)0);
	return rc;
}

/* One tail directly: sum, else integral. */
static int tail_direct(mpfr_t out, const struct law *w, const mpfr_t x, int le)
{
	if (tail_sum(out, w, x, le) == 0)
		return 0;
	mpfr_t L, U;
	mpfr_inits2(PREC, L, U, (mpfr_ptr)0);
	int rc;
	if (le) { /* [x, end) */
		mpfr_set(L, x, MPFR_RNDN);
		if (w->binomial)
			mpfr_set_ui(U, 1, MPFR_RNDN);
		else
			mpfr_set_inf(U, 1);
	} else {
		mpfr_set_zero(L, 1);
		mpfr_set(U, x, MPFR_RNDN);
	}
	rc = integral(out, w, L, U);
	mpfr_clears(L, U, (mpfr_ptr)0);
	return rc;
}

/* ln(1 - exp(l)) */
static void log_complement(mpfr_t out, const mpfr_t l)
{
	mpfr_t a;
	mpfr_init2(a, PREC);
	mpfr_exp(a, l, MPFR_RNDN);
	mpfr_neg(a, a, MPFR_RNDN);
	mpfr_log1p(out, a, MPFR_RNDN);
	mpfr_clear(a);
}

int truth_tails(mpfr_t ln_le, mpfr_t ln_gt, int binomial, double E, double N, const mpfr_t x)
{
	if (binomial && E >= N) {
		mpfr_set_zero(ln_le, 1);
		mpfr_set_inf(ln_gt, -1);
		return 0;
	}
	struct law w;
	law_init(&w, binomial, E, N);
	/* far side of the mode: gt if x is below the mode */
	mpfr_t mode, v;
	mpfr_inits2(PREC, mode, v, (mpfr_ptr)0);
	if (binomial)
		mpfr_set_d(mode, N > 1 ? E / (N - 1) : 0.5, MPFR_RNDN);
	else
		mpfr_set_d(mode, E, MPFR_RNDN);
	int le_first = mpfr_cmp(x, mode) > 0;
	int rc = 0;
	mpfr_ptr first = le_first ? ln_le : ln_gt, second = le_first ? ln_gt : ln_le;
	rc |= tail_direct(first, &w, x, le_first);
	mpfr_exp(v, first, MPFR_RNDN);
	if (mpfr_cmp_d(v, 0.5) > 0)
		rc |= tail_direct(second, &w, x, !le_first);
	else
		log_complement(second, first);
	mpfr_clears(mode, v, (mpfr_ptr)0);
	law_clear(&w);
	return rc;
}

/* ---- roots ---- */

/*
 * h(s) = ln(gt) - ln(target) when the target is on the gt side (ln_t_gt
 * given, side = 1), or ln(target_le) - ln(le) (side = 0); increasing in s =
 * ln x. dh/ds = x f(x) / tail, f the density of gt in x: pois(E; x), or
 * N b(E; N-1, p).
 */
static int h_eval(double *h, double *dh, int binomial, double E, double N, const mpfr_t s,
                  int side, const mpfr_t ln_target, mpfr_t hx)
{
	mpfr_t x, le, gt, d, tmp;
	mpfr_inits2(PREC, x, le, gt, d, tmp, (mpfr_ptr)0);
	mpfr_exp(x, s, MPFR_RNDN);
	int rc = truth_tails(le, gt, binomial, E, N, x);
	mpfr_ptr tail = side ? gt : le;
	if (side)
		mpfr_sub(hx, gt, ln_target, MPFR_RNDN);
	else
		mpfr_sub(hx, ln_target, le, MPFR_RNDN);
	/* density */
	struct law w;
	law_init(&w, binomial, E, N);
	if (binomial) /* the law of N - 1 trials */
		mpfr_sub_ui(w.Nx, w.Nx, 1, MPFR_RNDN);
	ln_pmf(d, &w, w.Ex, x);
	law_clear(&w);
	if (binomial) {
		mpfr_set_d(tmp, N, MPFR_RNDN);
		mpfr_log(tmp, tmp, MPFR_RNDN);
		mpfr_add(d, d, tmp, MPFR_RNDN);
	}
	mpfr_add(d, d, s, MPFR_RNDN);
	mpfr_sub(d, d, tail, MPFR_RNDN);
	*h = mpfr_get_d(hx, MPFR_RNDN);
	*dh = exp(mpfr_get_d(d, MPFR_RNDN));
	mpfr_clears(x, le, gt, d, tmp, (mpfr_ptr)0);
	return rc;
}

int truth_root(mpfr_t root, int binomial, double E, double N, int side, const mpfr_t ln_target,
               double guess)
{
	mpfr_t s, lo, hi, hx, step, smax;
	mpfr_inits2(PREC, s, lo, hi, hx, step, smax, (mpfr_ptr)0);
	int rc = 0;
	double h, dh;
	if (!(guess > 0) || !isfinite(guess))
		guess = binomial ? 0.5 : E + 1;
	if (binomial && guess >= 1)
		guess = 0.5;
	mpfr_set_d(s, guess, MPFR_RNDN);
	mpfr_log(s, s, MPFR_RNDN);
	/* From a good guess (the program's answer) plain Newton takes two or
	 * three steps; anything else goes to the bracketed search below. */
	for (int i = 0; i < 8; i++) {
		rc |= h_eval(&h, &dh, binomial, E, N, s, side, ln_target, hx);
		if (!(dh > 0) || !isfinite(dh) || fabs(h) > 1e-3)
			break;
		mpfr_div_d(step, hx, dh, MPFR_RNDN);
		mpfr_sub(s, s, step, MPFR_RNDN);
		if (binomial && mpfr_sgn(s) >= 0)
			break;
		mpfr_abs(step, step, MPFR_RNDN);
		/* the derivative is good to 1e-15: after a step below 1e-15 the
		 * root is within 1e-30 */
		if (mpfr_cmp_d(step, 1e-15) < 0) {
			mpfr_exp(root, s, MPFR_RNDN);
			mpfr_clears(s, lo, hi, hx, step, smax, (mpfr_ptr)0);
			return rc;
		}
	}
	rc = 0;
	mpfr_set_d(s, guess, MPFR_RNDN);
	mpfr_log(s, s, MPFR_RNDN);
	/* smax: ln of the largest x (binomial: just below 1) */
	if (binomial) {
		mpfr_set_si(smax, -1, MPFR_RNDN);
		mpfr_mul_2si(smax, smax, -(PREC - 8), MPFR_RNDN);
	} else {
		mpfr_set_d(smax, 1e6, MPFR_RNDN);
	}
	/* bracket: the first probe 1.5 Newton steps (|h| / dh) away, at least
	 * 1e-12 and at most 1, then each 4 times as far (only how soon the
	 * bracket closes, never where the root is) */
	rc |= h_eval(&h, &dh, binomial, E, N, s, side, ln_target, hx);
	mpfr_set(lo, s, MPFR_RNDN);
	mpfr_set(hi, s, MPFR_RNDN);
	double width = 1.5 * fabs(h) / dh;
	width = dh > 0 && isfinite(width) ? fmin(1, fmax(1e-12, width)) : 1e-12;
	int sign = mpfr_sgn(hx);
	for (int i = 0; sign != 0 && i < 200; i++) {
		double hh, dd;
		mpfr_t probe;
		mpfr_init2(probe, PREC);
		if (sign > 0) { /* root below */
			mpfr_sub_d(probe, lo, width, MPFR_RNDN);
			rc |= h_eval(&hh, &dd, binomial, E, N, probe, side, ln_target, hx);
			mpfr_set(hi, lo, MPFR_RNDN);
			mpfr_set(lo, probe, MPFR_RNDN);
			if (mpfr_sgn(hx) <= 0) {
				mpfr_clear(probe);
				break;
			}
		} else {
			mpfr_add_d(probe, hi, width, MPFR_RNDN);
			if (mpfr_cmp(probe, smax) > 0)
				mpfr_set(probe, smax, MPFR_RNDN);
			rc |= h_eval(&hh, &dd, binomial, E, N, probe, side, ln_target, hx);
			mpfr_set(lo, hi, MPFR_RNDN);
			mpfr_set(hi, probe, MPFR_RNDN);
			if (mpfr_sgn(hx) >= 0 || mpfr_equal_p(probe, smax)) {
				mpfr_clear(probe);
				break;
			}
		}
		mpfr_clear(probe);
		width *= 4;
	}
	/* safeguarded Newton inside [lo, hi] */
	mpfr_set(s, lo, MPFR_RNDN);
	mpfr_add(s, lo, hi, MPFR_RNDN);
	mpfr_div_2ui(s, s, 1, MPFR_RNDN);
	if (sign == 0)
		mpfr_set_d(s, log(guess), MPFR_RNDN);
	int done = sign == 0;
	for (int i = 0; i < 400 && !done; i++) {
		rc |= h_eval(&h, &dh, binomial, E, N, s, side, ln_target, hx);
		if (mpfr_zero_p(hx))
			break;
		if (mpfr_sgn(hx) > 0)
			mpfr_set(hi, s, MPFR_RNDN);
		else
			mpfr_set(lo, s, MPFR_RNDN);
		mpfr_div_d(step, hx, dh, MPFR_RNDN);
		mpfr_sub(step, s, step, MPFR_RNDN);
		if (!(dh > 0) || !isfinite(dh) || mpfr_cmp(step, lo) <= 0 || mpfr_cmp(step, hi) >= 0) {
			mpfr_add(step, lo, hi, MPFR_RNDN);
			mpfr_div_2ui(step, step, 1, MPFR_RNDN);
		}
		mpfr_sub(hx, step, s, MPFR_RNDN);
		mpfr_abs(hx, hx, MPFR_RNDN);
		mpfr_set(s, step, MPFR_RNDN);
		if (mpfr_cmp_d(hx, 1e-32) < 0)
			done = 1;
		mpfr_sub(hx, hi, lo, MPFR_RNDN);
		if (mpfr_cmp_d(hx, 1e-32) < 0)
			done = 1;
	}
	if (!done)
		rc = -1;
	mpfr_exp(root, s, MPFR_RNDN);
	mpfr_clears(s, lo, hi, hx, step, smax, (mpfr_ptr)0);
	return rc;
}
