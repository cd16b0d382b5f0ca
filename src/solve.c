/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * solve.c - the Poisson mean and the minimum whole number of bits that reach
 * a target confidence level.
 *
 * DESCRIPTION
 *   bercl_poisson_lambda_for_cl solves P(E+1, lambda) = cl (the gamma
 *   quantile, "P^-1(cl; E+1)") by safeguarded Newton iteration on
 *   u = ln(lambda): the function is the log of whichever tail the target
 *   names as the smaller one (ln P when cl <= 1/2, ln Q otherwise), so that a
 *   target of 1 - 1e-20 is met as Q = 1e-20, not as P = 1 - 1e-20. Its
 *   derivative is d ln P / du = lambda pois(E; lambda) / P. A bracket
 *   [ln 1e-300, ln 1e300] is kept; a step leaving it is replaced by
 *   bisection. The start is the Wilson-Hilferty approximation.
 *
 *   bercl_min_bits then brackets the smallest whole N with CL(N ber) >= cl
 *   around N* = lambda / ber, bisects over whole numbers, and checks that
 *   the answer is within 1e-9 relative (or 2 bits) of N*. Each comparison
 *   uses lambda = N * ber exactly, as a double-double product.
 *
 * REFERENCES
 *   E. B. Wilson, M. M. Hilferty, "The distribution of chi-square",
 *     PNAS 17 (1931) 684-688.
 *   M. Abramowitz, I. Stegun, Handbook of Mathematical Functions, 26.2.23
 *     (the normal quantile used for the starting value).
 */
#include <float.h>
#include <math.h>

#include "bercl.h"
#include "dd.h"
#include "poisson_internal.h"

/* cl may round to 1.0 (1 - 1e-20) as long as its exact complement is above 0. */
static int valid_target(double cl, double one_minus_cl)
{
	return cl > 0 && cl <= 1 && one_minus_cl > 0 && one_minus_cl < 1 &&
	       (cl < 1 || one_minus_cl < 1e-15);
}

/* Normal quantile at lower-tail probability p (A&S 26.2.23, |error| < 5e-4). */
static double normal_quantile_rough(double p, double q)
{
	double t_p = p < q ? p : q;
	double t = sqrt(-2.0 * log(t_p));
	double z = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
	                   (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
	return p < q ? -z : z;
}

/* h(u) for the root and its derivative in u; increasing in u. */
static int target_gap(double a, double u, int use_lower, dd ln_target,
                      double *h, double *dh)
{
	double lam = exp(u);
	bercl_tails t;
	if (bercl_poisson_tails(a - 1.0, lam, 0.0, &t) != BERCL_OK)
		return -1;
	dd ln_tail = use_lower ? dd_make(t.ln_cl.hi, t.ln_cl.lo)
	                       : dd_make(t.ln_one_minus_cl.hi, t.ln_one_minus_cl.lo);
	dd gap = dd_sub(ln_tail, ln_target);
	/* d ln(tail)/du = +- lambda * pois(a-1; lambda) / tail */
	dd ln_d = dd_sub(bercl_ln_poisson_pmf(a - 1.0, dd_from(lam)), ln_tail);
	double d = exp(ln_d.hi + u);
	*h = use_lower ? gap.hi : -gap.hi;
	*dh = d;
	return 0;
}

int bercl_poisson_lambda_for_cl(double errors, double cl, double one_minus_cl,
                                double *lambda)
{
	if (!(errors >= 0 && errors <= BERCL_MAX_ERRORS) || errors != floor(errors) ||
	    !valid_target(cl, one_minus_cl))
		return BERCL_EDOM;
	double a = errors + 1.0;
	int use_lower = cl <= 0.5;
	dd ln_target = dd_log(dd_from(use_lower ? cl : one_minus_cl));

	double lo = log(BERCL_MIN_LAMBDA), hi = log(BERCL_MAX_LAMBDA);
	double z = normal_quantile_rough(cl, one_minus_cl);
	double w = 1.0 - 1.0 / (9.0 * a) + z / (3.0 * sqrt(a));
	double u = w > 0 ? log(a) + 3.0 * log(w) : log(a) - 1.0;
	if (!(u > lo && u < hi))
		u = 0.5 * (lo + hi);

	for (int iter = 0; iter < 400; iter++) {
		double h, dh;
		if (target_gap(a, u, use_lower, ln_target, &h, &dh) != 0)
			return BERCL_EDOM;
		if (h == 0)
			break;
		if (h > 0)
			hi = u;
		else
			lo = u;
		double next = u - h / dh;
		if (!(next > lo && next < hi) || !isfinite(next))
			next = 0.5 * (lo + hi);
		if (fabs(next - u) <= 4.0 * DBL_EPSILON * fmax(1.0, fabs(u)) ||
		    hi - lo <= 4.0 * DBL_EPSILON * fmax(1.0, fabs(u))) {
			u = next;
			break;
		}
		u = next;
		if (iter == 399)
			return BERCL_ENOCONV;
	}
	*lambda = exp(u);
	if (!(*lambda >= BERCL_MIN_LAMBDA && *lambda <= BERCL_MAX_LAMBDA))
		return BERCL_EDOM;
	return BERCL_OK;
}

/* Does N bits reach the target? Compares the target's smaller tail in logs. */
static int reaches(double n, double ber, double a, int use_lower, dd ln_target,
                   bercl_tails *t)
{
	dd lam = dd_two_prod(n, ber);
	if (lam.hi < BERCL_MIN_LAMBDA)
		return 0;
	if (bercl_poisson_tails(a - 1.0, lam.hi, lam.lo, t) != BERCL_OK)
		return -1;
	if (use_lower) { /* P(N) >= cl */
		dd g = dd_sub(dd_make(t->ln_cl.hi, t->ln_cl.lo), ln_target);
		return g.hi >= 0;
	}
	/* Q(N) <= 1 - cl */
	dd g = dd_sub(dd_make(t->ln_one_minus_cl.hi, t->ln_one_minus_cl.lo), ln_target);
	return g.hi <= 0;
}

int bercl_min_bits(double errors, double ber, double cl, double one_minus_cl,
                   double *bits, bercl_tails *achieved)
{
	if (!(ber > 0 && ber < 1))
		return BERCL_EDOM;
	double lam;
	int rc = bercl_poisson_lambda_for_cl(errors, cl, one_minus_cl, &lam);
	if (rc != BERCL_OK)
		return rc;
	double n_star = lam / ber;
	if (!(n_star <= BERCL_MAX_LAMBDA))
		return BERCL_EDOM;
	double a = errors + 1.0;
	int use_lower = cl <= 0.5;
	dd ln_target = dd_log(dd_from(use_lower ? cl : one_minus_cl));
	bercl_tails t, t_hi;

	double lo = floor(n_star * (1.0 - 1e-9)) - 1.0;
	double hi = ceil(n_star * (1.0 + 1e-9)) + 1.0;
	if (lo < 0)
		lo = 0;
	/* Widen until lo misses the target and hi reaches it. */
	for (int i = 0; lo > 0; i++) {
		int r = reaches(lo, ber, a, use_lower, ln_target, &t);
		if (r < 0 || i > 60)
			return BERCL_ENOCONV;
		if (!r)
			break;
		lo = floor(lo / 2.0);
	}
	for (int i = 0;; i++) {
		int r = reaches(hi, ber, a, use_lower, ln_target, &t_hi);
		if (r < 0 || i > 60 || hi > BERCL_MAX_LAMBDA)
			return r < 0 ? BERCL_ENOCONV : BERCL_EDOM;
		if (r)
			break;
		lo = hi;
		hi = ceil(hi * 2.0);
	}
	/* Bisection over whole numbers: invariant !reaches(lo), reaches(hi). */
	while (hi - lo > 1.0) {
		double mid = lo + floor((hi - lo) / 2.0);
		if (mid <= lo || mid >= hi)
			break; /* above 2^53: lo and hi are adjacent doubles */
		int r = reaches(mid, ber, a, use_lower, ln_target, &t);
		if (r < 0)
			return BERCL_ENOCONV;
		if (r) {
			hi = mid;
			t_hi = t;
		} else {
			lo = mid;
		}
	}
	if (fabs(hi - n_star) > fmax(2.0, 1e-9 * n_star))
		return BERCL_ENOCONV;
	*bits = hi;
	if (achieved)
		*achieved = t_hi;
	return BERCL_OK;
}
