/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * binomial.c - CL = P[X > E] and 1 - CL = P[X <= E] for X ~ Binomial(N, p).
 *
 * SYNOPSIS
 *   bercl_binomial_tails(errors, bits, ber, &tails)
 *
 * DESCRIPTION
 *   CL = I_p(E+1, N-E), the regularized incomplete beta function, computed as
 *   the sum of its binomial terms. The tail that is small is summed
 *   directly: P[X > E] upward from k = E + 1 when E + 1 > N p, else P[X <= E]
 *   downward from k = E; both move away from the mean, where the terms only
 *   shrink (ratio (N-k) p / ((k+1) q) upward, k q / ((N-k+1) p) downward).
 *   If that tail still exceeds 1/2 (E within one of N p, or N p < 1 with p
 *   near 1) the other one is summed directly too, so that no result is 1
 *   minus a number near 1: with N p << 1 and E = 0, CL = 1 - (1-p)^N is the
 *   sum N p q^(N-1) (1 + ...), never a difference. The first term is
 *   Loader's saddle-point form,
 *     ln b(k; N, p) = stirlerr(N) - stirlerr(k) - stirlerr(N-k)
 *                     - bd0(k, Np) - bd0(N-k, Nq) + ln(N / (2 pi k (N-k)))/2,
 *   with bd0 in double-double, so that it keeps full relative accuracy for N
 *   up to 1e18 and far below the double range. The terms follow by their
 *   ratio, re-anchored to the exact form every RESYNC terms so that the
 *   rounding of the ratios cannot accumulate over the ~40 sqrt(N p q) terms
 *   of a sum that starts at the mean, and are added with Neumaier's
 *   compensated summation. Measured with the MPFR oracle (tests/oracle):
 *   within 1e-14 relative over the whole domain below.
 *
 *   Limits (BERCL_ELIMIT beyond them): N at most BERCL_BINOMIAL_MAX_BITS
 *   (1e18; beyond it the double-double exponent and the ratio recurrence
 *   are not shown accurate), and, so that no input runs for long, N p q at
 *   most BERCL_BINOMIAL_MAX_SD^2 = 1e10 when E is within 40 standard
 *   deviations of the mean; there the Poisson model differs from the
 *   binomial by O(p) relative. E = N is answered: CL = 0, 1 - CL = 1.
 *
 * REFERENCES
 *   C. Loader, "Fast and accurate computation of binomial probabilities",
 *     2000 (bd0, stirlerr, the saddle-point form).
 *   M. Abramowitz, I. Stegun, Handbook of Mathematical Functions, 26.5.24
 *     (the binomial sum as an incomplete beta function).
 */
#include <math.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"

#define SERIES_EPS 1e-17
#define RESYNC 64

/*
 * sum_{j >= 0} b(k0 +- j) / b(k0), upward (up = 1) to k = N or downward to
 * k = 0, until the rest (at most term r / (1 - r), the ratios r falling) is below 1e-17 of the sum. ln_b0 = ln b(k0).
 */
static double binomial_sum(double k0, int up, double bits, double ber, dd n, dd q, dd ln_b0)
{
	double qd = q.hi + q.lo;
	double nk0 = bits - k0; /* N - k0, for the ratios (relative 1e-16) */
	double term = 1.0, sum = 1.0, comp = 0.0;
	for (double i = 1.0;; i += 1.0) {
		double k, ratio;
		if (up) { /* b(k)/b(k-1) = (N-k+1) p / (k q), k = k0 + i */
			k = k0 + i;
			if (nk0 - i < 0)
				break;
			ratio = (nk0 - i + 1.0) * ber / (k * qd);
		} else { /* b(k)/b(k+1) = (k+1) q / ((N-k) p), k = k0 - i */
			k = k0 - i;
			if (k < 0)
				break;
			ratio = (k + 1.0) * qd / ((nk0 + i) * ber);
		}
		term *= ratio;
		if (fmod(i, RESYNC) == 0 && k <= BERCL_MAX_ERRORS && term > 0) {
			dd d = dd_sub(bercli_ln_binomial_pmf(k, n, ber, q), ln_b0);
			term = exp(d.hi) * (1.0 + d.lo);
		}
		double t = sum + term; /* Neumaier */
		comp += sum >= term ? (sum - t) + term : (term - t) + sum;
		sum = t;
		/* the terms fall at least geometrically from here: the rest is
		 * below term ratio / (1 - ratio), which near the mean is ~1e4 terms */
		if (ratio < 1.0 && term * ratio < SERIES_EPS * sum * (1.0 - ratio))
			break;
	}
	return sum + comp;
}

/* ln b(E + 1) also when E + 1 is not a double (E = 2^53). */
static dd ln_pmf_above(double errors, double bits, double ber, dd n, dd q)
{
	double k = errors + 1.0;
	if (k - 1.0 == errors)
		return bercli_ln_binomial_pmf(k, n, ber, q);
	double ratio = (bits - errors) * ber / (k * (q.hi + q.lo));
	return dd_add_d(bercli_ln_binomial_pmf(errors, n, ber, q), log(ratio));
}

enum bercl_status bercl_binomial_tails(double errors, double bits, double ber, bercl_tails *out)
{
	if (!(errors >= 0 && errors <= BERCL_MAX_ERRORS) || errors != floor(errors) ||
	    !(bits >= errors && bits >= 1) || bits != floor(bits) || !(bits < INFINITY) ||
	    !(ber > 0 && ber < 1))
		return BERCL_EDOM;
	if (bits > BERCL_BINOMIAL_MAX_BITS)
		return BERCL_ELIMIT;
	if (errors == bits) { /* P[X > N] = 0 */
		bercl_lnprob zero = {-INFINITY, 0.0}, one = {0.0, 0.0};
		bercli_tails_set(out, zero, one);
		return BERCL_OK;
	}
	dd n = dd_from(bits);
	dd q = dd_two_sum(1.0, -ber);
	double qd = q.hi + q.lo;
	/* Bound the work: near the mean the sum needs ~40 standard deviations
	 * of terms; above 1e5 of them (N p q > 1e10) the row is refused. */
	double sd = sqrt(bits * ber * qd);
	if (sd > BERCL_BINOMIAL_MAX_SD && fabs(errors + 0.5 - bits * ber) < 40.0 * sd)
		return BERCL_ELIMIT;
	bercl_lnprob gt, le;
	int gt_first = errors + 1.0 > bits * ber;
	if (gt_first) {
		dd l1 = ln_pmf_above(errors, bits, ber, n, q);
		gt = bercli_lnprob_times(l1, binomial_sum(errors + 1.0, 1, bits, ber, n, q, l1));
	} else {
		dd l0 = bercli_ln_binomial_pmf(errors, n, ber, q);
		le = bercli_lnprob_times(l0, binomial_sum(errors, 0, bits, ber, n, q, l0));
	}
	bercl_lnprob first = gt_first ? gt : le;
	if (first.hi > -0.6931471805599453) { /* above 1/2: the other one directly */
		if (gt_first) {
			dd l0 = bercli_ln_binomial_pmf(errors, n, ber, q);
			le = bercli_lnprob_times(l0, binomial_sum(errors, 0, bits, ber, n, q, l0));
		} else {
			dd l1 = ln_pmf_above(errors, bits, ber, n, q);
			gt = bercli_lnprob_times(l1, binomial_sum(errors + 1.0, 1, bits, ber, n, q, l1));
		}
	} else if (gt_first) {
		le = bercli_lnprob_complement(gt);
	} else {
		gt = bercli_lnprob_complement(le);
	}
	bercli_tails_set(out, gt, le);
	return BERCL_OK;
}
