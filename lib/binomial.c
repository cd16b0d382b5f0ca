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
 *   compensated summation, all in long double (64-bit significand on
 *   x86-64); a tail's value is e^(ln b) (bercli_exp_neg_ld) times the sum,
 *   rounded once to double, and 1 minus a small tail is taken in long
 *   double too (binomial_ref.csv: 0.52 and 0.50 ulp at the 99th
 *   percentile, where the sums in double and e^ln gave 6.0 and 7.0). Measured with the MPFR oracle (tests/oracle):
 *   within 1e-14 relative over the whole domain below.
 *
 *   Limits (BERCL_ELIMIT beyond them): N at most BERCL_BINOMIAL_MAX_BITS
 *   (1e18; beyond it the double-double exponent and the ratio recurrence
 *   are not shown accurate), and, so that no input runs for long, N p q at
 *   most BERCL_BINOMIAL_MAX_SD^2 = 1e10 unless E is at least
 *   N p q / BERCL_BINOMIAL_FAR (2500) away from the mean N p (E + 1/2, as
 *   measured); where that refuses, the Poisson model can stand in when p
 *   is small: at z standard deviations its tail differs from the
 *   binomial's by a factor of about exp(p z^2 / 2). E = N is answered:
 *   CL = 0, 1 - CL = 1.
 *
 * REFERENCES
 *   C. Loader, "Fast and accurate computation of binomial probabilities",
 *     2000 (bd0, stirlerr, the saddle-point form).
 *   M. Abramowitz, I. Stegun, Handbook of Mathematical Functions, 26.5.24
 *     (the binomial sum as an incomplete beta function).
 */
#include <math.h>
#include <stdint.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"

#define SERIES_EPS 1e-17
#define RESYNC 64

/*
 * sum_{j >= 0} b(k0 +- j) / b(k0), upward (up = 1) to k = N or downward to
 * k = 0, until the rest (at most term r / (1 - r), the ratios r falling) is
 * below 1e-17 of the sum. ln_b0 = ln b(k0). k0 is passed exactly as an
 * integer (E + 1 is not a double when E = 2^53), and k runs as an exact
 * integer, so the ratios use the true k and the re-anchoring works above
 * 2^53 as well: ln b is taken at the double nearest k and carried to k by
 * the exact ratios of the steps between them (0 or 1 below 2^54, at most
 * 64 below 1e18).
 */
static long double binomial_sum(int64_t k0, int up, double bits, double ber, dd n, dd q,
                                dd ln_b0)
{
	long double ql = (long double)q.hi + q.lo, pl = ber;
	int64_t nn = (int64_t)bits;
	long double term = 1.0L, sum = 1.0L, comp = 0.0L, ratio;
	for (int64_t i = 1;; i++) {
		int64_t k = up ? k0 + i : k0 - i;
		/* in long double: the rounding of a double ratio, carried by
		 * the terms up to RESYNC steps, was most of the sums' error (a
		 * long double division costs this loop about 40 %) */
		if (up) { /* b(k)/b(k-1) = (N-k+1) p / (k q) */
			if (k > nn)
				break;
			ratio = (long double)(nn - k + 1) * pl / ((long double)k * ql);
		} else { /* b(k)/b(k+1) = (k+1) q / ((N-k) p) */
			if (k < 0)
				break;
			ratio = (long double)(k + 1) * ql / ((long double)(nn - k) * pl);
		}
		term *= ratio;
		if (i % RESYNC == 0 && term > 0) {
			double kd = (double)k;
			dd d = dd_sub(bercli_ln_binomial_pmf(kd, n, ber, q), ln_b0);
			/* d <= 0 (the terms fall away from the mean); below e^-700
			 * of the first term a term no longer counts */
			long double t = d.hi > -700.0 ? bercli_exp_neg_ld(-d.hi, -d.lo)
			                              : (long double)(exp(d.hi) * (1.0 + d.lo));
			/* from b(kd) to b(k): the steps between them */
			for (int64_t j = (int64_t)kd + 1; j <= k; j++)
				t *= (long double)(nn - j + 1) * pl / ((long double)j * ql);
			for (int64_t j = (int64_t)kd; j > k; j--)
				t *= (long double)j * ql / ((long double)(nn - j + 1) * pl);
			term = t;
		}
		long double t = sum + term; /* Neumaier */
		comp += sum >= term ? (sum - t) + term : (term - t) + sum;
		sum = t;
		/* the terms fall at least geometrically from here: the rest is
		 * below term ratio / (1 - ratio), which near the mean is ~1e4 terms */
		if (ratio < 1.0L && term * ratio < SERIES_EPS * sum * (1.0L - ratio))
			break;
	}
	return sum + comp;
}

/*
 * One tail from its first term's logarithm l = ln b(k0) and the sum s of
 * the terms over the first: ln = l + ln s (s = hi + lo, ln s = log(hi) +
 * lo/hi), and the value e^l s in long double (e^l by bercli_exp_neg_ld)
 * while e^l is above e^-700, so that it is rounded once; *val is -1
 * (unknown: take it from the logarithm) below that.
 */
static bercl_lnprob tail_of(dd l, long double s, long double *val)
{
	double hi = (double)s, lo = (double)(s - hi);
	dd r = dd_add(l, dd_fast_two_sum(log(hi), lo / hi));
	*val = l.hi > -700.0 ? bercli_exp_neg_ld(-l.hi, -l.lo) * s : -1.0L;
	return (bercl_lnprob){r.hi, r.lo};
}

/*
 * ln b(E + 1) also when E + 1 is not a double (E = 2^53): ln b(E) plus the
 * log of the ratio (N - E) p / ((E + 1) q), taken as a sum of logarithms
 * (the ratio itself underflows to 0 for a subnormal p, and ln 0 = -inf
 * made the double-double sum NaN: bercl_binomial_tails(2^53, 2^53 + 2,
 * 4.9e-324) returned NaN with BERCL_OK).
 */
static dd ln_pmf_above(double errors, double bits, double ber, dd n, dd q)
{
	double k = errors + 1.0;
	if (k - 1.0 == errors)
		return bercli_ln_binomial_pmf(k, n, ber, q);
	double ln_ratio = (log(bits - errors) + log(ber)) - (log(k) + log(q.hi + q.lo));
	return dd_add_d(bercli_ln_binomial_pmf(errors, n, ber, q), ln_ratio);
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
	/* Bound the work. A sum that starts at distance d from the mean, with
	 * variance v = N p q, has first ratio about 1 - d / v and needs about
	 * 45 v / d terms (at most ~9 sqrt(v) when d is small). With v at most
	 * 1e10 that is at most ~1e6 terms anywhere; above it the row is
	 * answered only when d >= v / 2500 (at most ~1.1e5 terms), which at
	 * v = 1e10 is the old boundary d = 40 sqrt(v). */
	double var = bits * ber * qd;
	if (var > BERCL_BINOMIAL_MAX_SD * BERCL_BINOMIAL_MAX_SD &&
	    fabs(errors + 0.5 - bits * ber) < var / BERCL_BINOMIAL_FAR)
		return BERCL_ELIMIT;
	bercl_lnprob gt, le;
	long double vgt = -1.0L, vle = -1.0L; /* values in long double, -1: from the logs */
	int gt_first = errors + 1.0 > bits * ber;
	if (gt_first) {
		dd l1 = ln_pmf_above(errors, bits, ber, n, q);
		gt = tail_of(l1, binomial_sum((int64_t)errors + 1, 1, bits, ber, n, q, l1), &vgt);
	} else {
		dd l0 = bercli_ln_binomial_pmf(errors, n, ber, q);
		le = tail_of(l0, binomial_sum((int64_t)errors, 0, bits, ber, n, q, l0), &vle);
	}
	bercl_lnprob first = gt_first ? gt : le;
	if (first.hi > -0.6931471805599453) { /* above 1/2: the other one directly */
		if (gt_first) {
			dd l0 = bercli_ln_binomial_pmf(errors, n, ber, q);
			le = tail_of(l0, binomial_sum((int64_t)errors, 0, bits, ber, n, q, l0), &vle);
		} else {
			dd l1 = ln_pmf_above(errors, bits, ber, n, q);
			gt = tail_of(l1, binomial_sum((int64_t)errors + 1, 1, bits, ber, n, q, l1), &vgt);
		}
	} else if (gt_first) {
		le = bercli_lnprob_complement(gt);
		vle = vgt >= 0 ? 1.0L - vgt : -1.0L;
	} else {
		gt = bercli_lnprob_complement(le);
		vgt = vle >= 0 ? 1.0L - vle : -1.0L;
	}
	bercli_tails_set(out, gt, le);
	/* the values rounded once from long double, where they are normal */
	if (vgt >= 0x1p-1000L)
		out->cl = (double)vgt;
	if (vle >= 0x1p-1000L)
		out->one_minus_cl = (double)vle;
	return BERCL_OK;
}
