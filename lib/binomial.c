/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * binomial.c - CL = P[X > E] and 1 - CL = P[X <= E] for X ~ Binomial(N, p).
 *
 * SYNOPSIS
 *   bercl_binomial_tails(errors, bits, ber, &tails)
 *
 * DESCRIPTION
 *   CL = I_p(E+1, N-E), the regularized incomplete beta function, computed as
 *   the sum of its binomial terms: the smaller tail directly, starting at its
 *   boundary term and moving away from the mean, where the terms only shrink
 *   (ratio k q / ((N-k+1) p) downward, (N-k) p / ((k+1) q) upward); the
 *   other tail as 1 minus it. The boundary term is Loader's saddle-point
 *   form,
 *     ln b(k; N, p) = stirlerr(N) - stirlerr(k) - stirlerr(N-k)
 *                     - bd0(k, Np) - bd0(N-k, Nq) + ln(N / (2 pi k (N-k)))/2,
 *   with bd0 in double-double, so that it keeps full relative accuracy for N
 *   up to 1e18 and far below the double range. The number of terms is
 *   bounded by the distance from the mean in standard deviations: about 40
 *   sqrt(N p q) terms when E is at the mean, far fewer in the tails. So that
 *   no input runs for long, a row within 40 standard deviations of the mean
 *   with N p q above 1e10 is refused (BERCL_EDOM); there the Poisson model
 *   differs from the binomial by O(p) relative.
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

enum bercl_status bercl_binomial_tails(double errors, double bits, double ber, bercl_tails *out)
{
	if (!(errors >= 0) || errors != floor(errors) || !(bits > errors) ||
	    bits != floor(bits) || !(bits <= 1e300) || !(ber > 0 && ber < 1))
		return BERCL_EDOM;
	dd n = dd_from(bits);
	dd q = dd_two_sum(1.0, -ber);
	double qd = q.hi + q.lo;
	/* Bound the work: near the mean the sum needs ~40 standard deviations
	 * of terms; above 1e5 of them (N p q > 1e10) the row is refused. */
	double sd = sqrt(bits * ber * qd);
	if (sd > BERCL_BINOMIAL_MAX_SD && fabs(errors + 0.5 - bits * ber) < 40.0 * sd)
		return BERCL_EDOM;
	if (errors < bits * ber) {
		/* P[X <= E], downward from k = E */
		double term = 1.0, sum = 1.0;
		for (double k = errors; k >= 1.0; k -= 1.0) {
			double ratio = k * qd / ((bits - k + 1.0) * ber);
			term *= ratio;
			sum += term;
			if (ratio < 1.0 && term < SERIES_EPS * sum)
				break;
		}
		bercl_lnprob lo = bercli_lnprob_times(bercli_ln_binomial_pmf(errors, n, ber, q), sum);
		bercli_tails_set(out, bercli_lnprob_complement(lo), lo);
	} else {
		/* P[X > E], upward from k = E + 1 */
		double term = 1.0, sum = 1.0;
		for (double k = errors + 1.0; k < bits; k += 1.0) {
			double ratio = (bits - k) * ber / ((k + 1.0) * qd);
			term *= ratio;
			sum += term;
			if (ratio < 1.0 && term < SERIES_EPS * sum)
				break;
		}
		bercl_lnprob up = bercli_lnprob_times(bercli_ln_binomial_pmf(errors + 1.0, n, ber, q), sum);
		bercli_tails_set(out, up, bercli_lnprob_complement(up));
	}
	return BERCL_OK;
}
