/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * clustered.c - confidence levels and BER bounds that hold when errors come
 * in bursts: the quasi-Poisson answer from per-interval error counts, with
 * the dispersion estimated from the intervals and its uncertainty carried.
 *
 * SYNOPSIS
 *   bercl_intervals s = {0};  bercl_intervals_add(&s, bits_i, errors_i) ...
 *   bercl_clustered_dispersion(&s, &d)
 *   bercl_clustered_cl(&s, ber, &tails)
 *   bercl_clustered_ber_bounds(&s, cl, 1 - cl, two_sided, &lower, &upper)
 *
 * DESCRIPTION
 *   A test logged as k intervals, interval i with n_i bits and x_i errors
 *   (N = sum n_i, X = sum x_i). Within an interval errors may depend on
 *   each other in any way (bursts, DFE error propagation, CDR slips);
 *   intervals are taken as independent of each other, and the errors of an
 *   interval as proportional in mean to its bits: E x_i = n_i p,
 *   Var x_i = phi n_i p, phi >= 1 the dispersion (quasi-Poisson; McCullagh
 *   and Nelder, Generalized Linear Models, 2nd ed. 1989, sections 4.5 and
 *   6.2). Independent errors have phi = 1; a compound Poisson process of
 *   bursts of S errors has phi = E[S^2] / E[S] (2L - 1 for a geometric
 *   burst of mean L, as in the Gilbert-Elliott channel with error
 *   probability 1 in the bad state).
 *
 *   Dispersion: Pearson's estimate phi^ = X2 / (k - 1) with
 *   X2 = sum (x_i - n_i r)^2 / (n_i r), r = X / N, from one pass over the
 *   intervals as X2 = N sum_i (x_i^2 / n_i) / X - X, the sums N and
 *   sum x_i^2 / n_i kept in double-double (each term x^2 exact by fma,
 *   divided in double-double), so no interval is stored and the difference
 *   loses only the digits by which X2 is below X: about 1e-32 X relative to
 *   X2, nothing at any count below 2^53. (A weighted running mean, as in
 *   Welford's update, loses the mean outright when one interval's bits
 *   outweigh the rest by 1e16: found by fuzzing.) Its uncertainty is carried by an upper confidence
 *   bound, phi_U = max(1, nu max(1, phi^) / chi2_nu(0.25)), the 75 % upper
 *   bound under X2 / phi ~ chi2_nu. The degrees of freedom are
 *   nu = min(k - 1, F min(J - 1, floor((sum a_i)^2 / sum a_i^2))), a_i =
 *   x_i^2 / n_i, J the intervals with errors, F = 2 where every errored
 *   interval holds one error (X = J) and 1 otherwise (under Poisson counts
 *   of small mean X2 has variance about 2k + k^2 / X, so the chi-square of
 *   its first two moments has about 2X degrees of freedom, not X - 1): with few errors the
 *   information on phi lies in the errored intervals, not in k (a burst or
 *   two in 10,000 intervals is two observations of a burst's size, not
 *   9,999). The last term is Satterthwaite's effective number of terms of
 *   X2 (Satterthwaite, Biometrics Bulletin 2 (1946) 110), its terms taken
 *   as a_i / r, which they are where errors per interval are few: about X
 *   for independent errors, about the number of bursts (weighted by size)
 *   for bursts, about k (Kish's effective number of intervals) where every
 *   interval holds many errors; one burst that outweighs all other errors
 *   leaves nu near 1 and a wide bound.
 *
 *   The answer: X / phi_U equivalent independent events in N / phi_U
 *   equivalent bits, the scaled Poisson (the quasi-Poisson likelihood is
 *   the Poisson one with counts and exposure divided by phi), with the
 *   events rounded up to a whole number e = ceil(X / phi_U) so that the
 *   library's exact Poisson tails and bounds apply (rounding up only lowers
 *   CL and raises the upper bound):
 *     cl_clustered       = P(e + 1, N ber / phi_U),
 *     ber_upper_clustered = phi_U P^-1(cl; e + 1) / N,
 *   and the two-sided interval from bercl_ber_interval() at N / phi_U bits
 *   (its lower end from floor(X / phi_U) events). phi_U = 1 gives the
 *   Poisson answer exactly, and no answer claims more than the Poisson one
 *   (cl_clustered is the smaller CL, the bounds the wider): below 50 % a
 *   wider distribution would move a CL up, towards 1/2.
 *
 *   With errors in fewer than two intervals (J <= 1: no errors at all, or
 *   one burst) nothing bounds the burst size, so no BER below 1 holds
 *   whatever the bursts: cl_clustered = 0, ber_upper_clustered = 1,
 *   ber_lower_clustered = 0, dispersion_upper unbounded. A clean run is
 *   no evidence against bursts; the Poisson answer stays what it is.
 *
 * VALIDITY (seeded simulation: tests/clustered_grid.sh, bercl itself;
 * tests/clustered_sim.py, an independent numpy model; the README)
 *   Gilbert-Elliott bursts of mean length 1 to 100 errors (all errors in
 *   bursts), 10 to 10,000 intervals, links at exactly the BER.
 *   clustered_grid.sh: tests at 95 % allowing 0 to 1,000 errors (3 to
 *   1,054 expected), 224 cells of 4,000 links (1,000 at 10,000
 *   intervals): cl_clustered >= C for at most 5.2 % of them, the Poisson
 *   CL for up to 97.5 % (F = 2 below moved 30 cells, all at 10 allowed
 *   errors, to at most 1.4 %). clustered_sim.py (3 to 10,000 expected errors,
 *   seed 20261201, 4,000 links a cell): at most 10.2 %, 6.0 % and 1.7 % at
 *   C = 0.9, 0.95 and 0.99, each within 1 - C + 0.01 (the same three with
 *   F = 2 below: its worst cells lie at 10,000 expected errors). Mixtures of
 *   independent errors and rare long bursts are outside this: with half
 *   the errors in bursts (clustered_grid.sh SHARE=0.5, 2,000 links a cell)
 *   62 of 224 cells pass more than 6 %, up to 78 % (100-error bursts, 41
 *   expected errors: 0.2 bursts a test, so most tests see none and look
 *   like independent errors at half the BER; the Poisson CL: 83 %). No
 *   answer from the counts can see a burst that did not happen; the claim
 *   needs the bursts to be frequent enough to show in the test (or all
 *   errors to come in them, when a clean test proves nothing).
 *   Under independent errors ber_upper_clustered is within 1.15x the
 *   Poisson bound (median) from about 10 expected errors with 100 or more
 *   intervals (400 links, seed 2323: 1.14 at 10 with 100 intervals, 1.12
 *   with 1,000, 1.10 at 20, 1.08 at 30, 1.03 at 100, 1.004 at 1,000:
 *   test_intervals; the 90th percentile within 1.15 from 30); with fewer
 *   errors the dispersion cannot be pinned down and the bound is wider (all
 *   single errors give nu = 2(X - 1) and phi_U = nu / chi2_nu(0.25)).
 *   F = 2 (clustered_sim_edge.py, short bursts of mean 1.5 to 3 errors, 8
 *   to 20 expected errors, 20,000 links a cell, seed 7) passes at most
 *   1.6 % at 95 % and 0.5 % at 99 %; F = 1 0.65 % at 95 %; nu = k - 1 for
 *   single errors (F = 1000), which would meet 1.15x from 3 expected
 *   errors, 6.5 % at 95 % and 3.0 % at 99 %, over the claim.
 *   The level 0.25 of the chi-square quantile was chosen by
 *   that simulation (0.10 is safe too but costs 1.32x at 10 errors; plain
 *   nu = min(k - 1, J - 1), without Satterthwaite's term, let mixtures
 *   pass up to 24 %). Bursts are taken to lie within one interval
 *   (intervals much longer than a burst); a burst split across two
 *   intervals only makes it look smaller.
 *   chi2_nu(0.25) is found by bisection on bercli_ln_chisq_upper() for
 *   nu <= 2000 and by the Wilson-Hilferty cube (Johnson, Kotz and
 *   Balakrishnan, Continuous Univariate Distributions 1, 2nd ed., 18.5,
 *   relative error below 1e-6 there) above.
 */
#include <float.h>
#include <math.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"

/* The chi-square probability below which phi_U lies: a 75 % upper bound. */
#define DISPERSION_TAIL 0.25
/* The factor on the degrees of freedom where every errored interval holds
 * one error (the header's VALIDITY). */
#define SINGLE_DF_FACTOR 2.0
/* Phi^-1(0.75), for Wilson-Hilferty. */
#define Z_75 0.6744897501960817

enum bercl_status bercl_intervals_add(bercl_intervals *s, double bits, double errors)
{
	if (!(bits > 0) || !isfinite(bits) || !(errors >= 0) || !isfinite(errors) ||
	    errors != floor(errors) || errors > bits)
		return BERCL_EDOM;
	if (s->errors + errors > BERCL_MAX_ERRORS || s->bits + bits > BERCL_MAX_LAMBDA ||
	    s->intervals + 1 > BERCL_MAX_ERRORS)
		return BERCL_ELIMIT;
	dd n = dd_add_d(dd_make(s->bits, s->bits_lo), bits);
	dd a = dd_div(dd_two_prod(errors, errors), dd_from(bits));
	dd sum = dd_add(dd_make(s->sum_a, s->sum_a_lo), a);
	/* Satterthwaite's sum a_i^2 / (sum a_i)^2 kept as that ratio, t' = t (S /
	 * S')^2 + (a / S')^2 with both terms in [0, 1]: a_i^2 itself leaves the
	 * doubles (below 1e-308 for a_i under 1e-154, i.e. few errors in 1e155
	 * bits or more; the sum then was 0 and the term dropped: found by the
	 * oracle), the ratio loses only terms below 1e-308 of it. */
	if (a.hi > 0) {
		double r = s->sum_a / sum.hi, q = a.hi / sum.hi;
		s->a2_ratio = s->a2_ratio * r * r + q * q;
	}
	s->bits = n.hi;
	s->bits_lo = n.lo;
	s->sum_a = sum.hi;
	s->sum_a_lo = sum.lo;
	s->errors += errors;
	s->intervals += 1;
	if (errors > 0)
		s->errored += 1;
	return BERCL_OK;
}

static int valid(const bercl_intervals *s)
{
	return isfinite(s->intervals) && isfinite(s->bits) && isfinite(s->errors) &&
	       isfinite(s->errored) && isfinite(s->bits_lo) && isfinite(s->sum_a_lo) &&
	       isfinite(s->sum_a) && isfinite(s->a2_ratio) && s->sum_a >= 0 && s->a2_ratio >= 0 &&
	       s->intervals >= 1 && s->bits > 0 && s->errors >= 0 && s->errored >= 0 &&
	       s->errored <= s->intervals && s->errors <= BERCL_MAX_ERRORS &&
	       (s->errored > 0) == (s->errors > 0);
}

/* The chi-square quantile x with P[chi2_nu <= x] = p, nu >= 1 whole. */
static double chisq_quantile(double nu, double p)
{
	if (nu > 2000) {
		double c = 2.0 / (9.0 * nu);
		double z = p < 0.5 ? -Z_75 : Z_75; /* only p = 0.25 is asked for */
		double t = 1.0 - c + z * sqrt(c);
		return nu * t * t * t;
	}
	/* ln Q decreases in x: Q(x) = 1 - p at the root. */
	double lo = 0.0, hi = nu + 20.0 * sqrt(nu) + 40.0, target = bercli_log1p(-p);
	for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
		double mid = 0.5 * (lo + hi);
		if (bercli_ln_chisq_upper((int)nu, mid) > target)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

enum bercl_status bercl_clustered_dispersion(const bercl_intervals *s, bercl_dispersion *out)
{
	if (!valid(s))
		return BERCL_EDOM;
	bercl_dispersion d = {0};
	d.intervals = s->intervals;
	d.errored = s->errored;
	d.has_estimate = s->intervals >= 2 && s->errors > 0;
	if (d.has_estimate) {
		/* X2 = N sum a / X - X (sum (x - n r)^2 / (n r) expanded, r = X / N),
		 * in double-double: the difference loses only what X2 is below X */
		dd x = dd_from(s->errors);
		dd t = dd_div(dd_mul(dd_make(s->bits, s->bits_lo), dd_make(s->sum_a, s->sum_a_lo)), x);
		double x2 = dd_sub(t, x).hi;
		d.dispersion = fmax(0.0, x2) / (s->intervals - 1);
		if (!isfinite(d.dispersion))
			return BERCL_ELIMIT;
	}
	/* nu = min(k - 1, F min(J - 1, floor(S^2 / S2))), F = 2 where every
	 * errored interval holds one error (the header) */
	double m = s->errored - 1;
	if (s->a2_ratio > 0)
		m = fmin(m, floor(1 / s->a2_ratio));
	d.df = fmin(s->intervals - 1, (s->errors == s->errored ? SINGLE_DF_FACTOR : 1.0) * m);
	d.bounded = d.df >= 1;
	if (d.bounded) {
		double q = chisq_quantile(d.df, DISPERSION_TAIL);
		d.dispersion_upper = fmax(1.0, d.df * fmax(1.0, d.dispersion) / q);
		if (!isfinite(d.dispersion_upper))
			return BERCL_ELIMIT;
		d.independent_events = s->errors / d.dispersion_upper;
	} else {
		d.df = 0;
	}
	*out = d;
	return BERCL_OK;
}

enum bercl_status bercl_clustered_cl(const bercl_intervals *s, double ber, bercl_tails *out)
{
	bercl_dispersion d;
	if (!(ber > 0 && ber < 1))
		return BERCL_EDOM;
	enum bercl_status rc = bercl_clustered_dispersion(s, &d);
	if (rc != BERCL_OK)
		return rc;
	if (!d.bounded) {
		out->cl = 0.0;
		out->one_minus_cl = 1.0;
		out->ln_cl.hi = -INFINITY;
		out->ln_cl.lo = 0.0;
		out->ln_one_minus_cl.hi = out->ln_one_minus_cl.lo = 0.0;
		return BERCL_OK;
	}
	double e = d.dispersion_upper == 1.0 ? s->errors : ceil(s->errors / d.dispersion_upper);
	double bits = s->bits / d.dispersion_upper;
	double lambda = bits * ber;
	if (!(lambda >= BERCL_MIN_LAMBDA && lambda <= BERCL_MAX_LAMBDA))
		return BERCL_ELIMIT;
	double lo = d.dispersion_upper == 1.0 ? fma(bits, ber, -lambda) : 0.0;
	/* both answers in locals: *out is written only on BERCL_OK (the header),
	 * and the Poisson call can still refuse (a struct made up with a
	 * fractional X passes the dispersion's checks) */
	bercl_tails c;
	rc = bercl_poisson_tails(e, lambda, lo, &c);
	if (rc != BERCL_OK)
		return rc;
	if (d.dispersion_upper != 1.0) {
		/* never more confidence than the Poisson answer (below 50 %, a wider
		 * distribution would move the CL up towards 1/2) */
		bercl_tails p;
		rc = bercl_cl(BERCL_POISSON, s->errors, s->bits, ber, &p);
		if (rc != BERCL_OK)
			return rc;
		if (p.ln_cl.hi < c.ln_cl.hi || (p.ln_cl.hi == c.ln_cl.hi && p.ln_cl.lo < c.ln_cl.lo))
			c = p;
	}
	*out = c;
	return BERCL_OK;
}

/*
 * The clustered upper end beside the Poisson one p (a normal double), of
 * which the answer is the larger: bercl_ber_upper() of e at bits, or p where
 * that end is below the doubles. BERCL_ELIMIT there comes from a bound below
 * DBL_MIN (then it is below p) or from a root lambda_e below 1e-300 (e is at
 * most the errors, so lambda_e is at most the Poisson root, which is in
 * range): then the end is below 1e-300 / bits, and p where that is below p.
 * (Found by the oracle: `ber --intervals -c 1e-100` refused a log whose
 * clustered end was below the doubles and whose answer was the Poisson
 * bound, 2.1e-290.)
 */
static enum bercl_status upper_or_poisson(double e, double bits, double cl, double one_minus_cl,
                                          double p, double *out)
{
	double up, lam;
	enum bercl_status rc = bercl_ber_upper(BERCL_POISSON, e, bits, cl, one_minus_cl, &up);
	if (rc == BERCL_OK) {
		*out = fmax(up, p);
		return BERCL_OK;
	}
	if (rc != BERCL_ELIMIT)
		return rc;
	if (bercl_poisson_lambda_for_cl(e, cl, one_minus_cl, &lam) != BERCL_OK)
		lam = 1e-300;
	if (!(lam / bits < p))
		return BERCL_ELIMIT;
	*out = p;
	return BERCL_OK;
}

enum bercl_status bercl_clustered_ber_bounds(const bercl_intervals *s, double cl,
                                             double one_minus_cl, int two_sided,
                                             double *lower, double *upper)
{
	bercl_dispersion d;
	enum bercl_status rc = bercl_target_check(cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	rc = bercl_clustered_dispersion(s, &d);
	if (rc != BERCL_OK)
		return rc;
	if (!d.bounded) {
		*lower = 0.0;
		*upper = 1.0;
		return BERCL_OK;
	}
	double phi = d.dispersion_upper;
	double bits = s->bits / phi;
	double e_up = phi == 1.0 ? s->errors : ceil(s->errors / phi);
	double e_lo = phi == 1.0 ? s->errors : floor(s->errors / phi);
	double lo = 0.0, up;
	if (!two_sided) {
		double p_up;
		rc = bercl_ber_upper(BERCL_POISSON, s->errors, s->bits, cl, one_minus_cl, &p_up);
		if (rc == BERCL_OK)
			rc = upper_or_poisson(e_up, bits, cl, one_minus_cl, p_up, &up);
		if (rc != BERCL_OK)
			return rc; /* *lower too is written only on BERCL_OK */
		*lower = 0.0;
		*upper = up;
		return BERCL_OK;
	}
	/* Each end alone, as bercl_ber_interval() computes it (Garwood: P[X <= e]
	 * = a/2 for the upper end, P[X > f - 1] = a/2 for the lower): the whole
	 * interval of e also computes a lower end that is no part of the answer
	 * and may lie below the doubles (e = 1 at 2e287 bits, a = 1e-22: 2e-310),
	 * which refused the row (found by the oracle's ber2-clustered). */
	double half = 0.5 * one_minus_cl;
	if (!(half >= DBL_MIN))
		return BERCL_ELIMIT;
	double p_lo, p_up;
	rc = bercl_ber_interval(BERCL_POISSON, s->errors, s->bits, cl, one_minus_cl, &p_lo, &p_up);
	if (rc != BERCL_OK)
		return rc;
	rc = upper_or_poisson(e_up, bits, 1.0 - half, half, p_up, &up);
	if (rc != BERCL_OK)
		return rc;
	if (e_lo > 0) {
		rc = bercl_ber_upper(BERCL_POISSON, e_lo - 1.0, bits, half, 1.0 - half, &lo);
		if (rc != BERCL_OK)
			return rc;
	}
	*lower = fmin(lo, p_lo);
	*upper = up;
	return BERCL_OK;
}
