/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pmf.c - logarithms of Poisson and binomial probabilities in double-double,
 * shared by poisson.c, binomial.c and solve.c (declared in internal.h).
 *
 * Loader's saddle-point form: ln k! is split into Stirling's approximation
 * and its remainder stirlerr(k), and k ln(k/x) + x - k is the deviance
 * bd0(k, x), so that neither k ln x against ln k! nor the binomial
 * equivalent cancels.
 *
 * REFERENCES
 *   C. Loader, "Fast and accurate computation of binomial probabilities",
 *     2000.
 */
#include <math.h>

#include "coefficients.inc" /* stirlerr's tables */
#include "internal.h"

/* stirlerr(k) = ln k! - (k + 1/2) ln k + k - ln(2 pi)/2 for whole k >= 1. */
double bercli_stirlerr(double k)
{
	if (k <= 30)
		return STIRLERR_SMALL[(int)k];
	double r = 1.0 / k, r2 = r * r, s = 0.0;
	for (int j = 7; j >= 0; j--)
		s = s * r2 + STIRLING[j];
	return s * r;
}

/*
 * bd0(k, x) = k ln(k/x) + x - k = k phi(x/k), Loader's deviance term, in
 * double-double for k >= 1 and x > 0 (both double-double). Near x = k the
 * two terms cancel to about (k-x)^2 / (2k), and x/k rounded to double-double
 * leaves an absolute error of 1e-32 k in k ln(k/x) (6e-17 at k = 6e15,
 * against a result of 1e-19: the Temme expansion then took the wrong side).
 * There, for |k - x| < 1e-3 (k + x), Loader's series in v = (k-x)/(k+x),
 *   bd0 = (k - x) v + 2k sum_{j>=1} v^(2j+1) / (2j+1),
 * whose k - x is exact; its terms fall by v^2 < 1e-6 each.
 * Above 2^53 (binomial only: N - E, and N - k or k when the sums re-anchor
 * there; N up to 1e18) that 1e-32 k is up
 * to 1e-14 absolute in a log probability, 1e-14 relative in the answer
 * (the MPFR oracle found 1.02e-14 at N - E = 9.9e17, v = 1.5e-3). There
 * the series runs out to |v| < 0.1, as in Loader (terms fall by 1e-2,
 * at most 17 of them), and beyond it ln(x/k) is corrected for the rounding
 * of x/k: ln(x/k) = ln(lam) + (x - lam k)/x to first order, with the
 * residual x - lam k from exact products (div_residual).
 */
static double div_residual(dd x, dd lam, dd k)
{
	dd p1 = dd_two_prod(lam.hi, k.hi), p2 = dd_two_prod(lam.hi, k.lo);
	dd p3 = dd_two_prod(lam.lo, k.hi);
	dd r = dd_two_sum(x.hi, -p1.hi); /* nearly equal: exact */
	r = dd_add_d(r, x.lo);
	r = dd_add_d(r, -p1.lo);
	r = dd_add_d(r, -p2.hi);
	r = dd_add_d(r, -p3.hi);
	r = dd_add_d(r, -(p2.lo + p3.lo + lam.lo * k.lo));
	return r.hi + r.lo;
}

dd bercli_bd0(dd k, dd x)
{
	int wide = k.hi > 0x1p53;
	dd d = dd_sub(k, x), s = dd_add(k, x);
	if (fabs(d.hi) < (wide ? 0.1 : 1e-3) * s.hi) {
		dd v = dd_div(d, s), v2 = dd_mul(v, v);
		dd sum = dd_mul(d, v), ej = dd_mul(dd_mul_d(k, 2.0), v);
		for (int j = 1; j < 40; j++) {
			ej = dd_mul(ej, v2);
			/* by the whole number 2j + 1 as a double: one division and
			 * an exact remainder (dd_div_d), where dd_div takes three
			 * (dd_div in all, this one of its callers, was 27 % of a
			 * binomial tail's time, perf) */
			dd term = dd_div_d(ej, 2.0 * j + 1.0);
			sum = dd_add(sum, term);
			if (!(fabs(term.hi) > 1e-34 * fabs(sum.hi)))
				break;
		}
		return sum;
	}
	dd lam = dd_div(x, k);
	dd ln_lam;
	if (lam.hi > 1e-290 && lam.hi < 1e290) {
		ln_lam = dd_log(lam);
		if (wide)
			ln_lam = dd_add_d(ln_lam, div_residual(x, lam, k) / x.hi);
	} else {
		ln_lam = dd_sub(dd_log(x), dd_log(k));
	}
	return dd_sub(dd_sub(x, k), dd_mul(ln_lam, k));
}

dd bercli_ln_poisson_pmf(double k, dd x)
{
	if (k == 0)
		return dd_neg(x);
	double c = 0.5 * bercli_log(k) + bercli_stirlerr(k);
	dd l = dd_neg(bercli_bd0(dd_from(k), x));
	l = dd_add(l, dd_make(-HALF_LN_2PI_HI, -HALF_LN_2PI_LO));
	return dd_add_d(l, -c);
}

/*
 * ln(1 - x) for a double-double 0 < x, 1 - x = y given too. Below x = 1e-3
 * by its series -sum x^j / j (terms fall by 1e-3; to 1e-34 of the sum):
 * dd_log(y) near 1 is exact only to ~1e-32 absolute, which times N = 7e17
 * left 6e-15 in (1 - p)^N (the oracle's worst binomial cl at E = 0:
 * cl -e 0 -n 7.165687586980969e+17 -p 4.164649726779685e-17).
 */
static dd ln_one_minus(dd x, dd y)
{
	if (!(x.hi < 1e-3))
		return dd_log(y);
	dd s = x, pj = x;
	for (int j = 2; j < 40; j++) {
		pj = dd_mul(pj, x);
		dd t = dd_div(pj, dd_from((double)j));
		s = dd_add(s, t);
		if (!(t.hi > 1e-34 * s.hi))
			break;
	}
	return dd_neg(s);
}

/* ln b(k; n, p) in double-double; 0 <= k <= n whole; q = 1 - p exactly. */
dd bercli_ln_binomial_pmf(double k, dd n, double p, dd q)
{
	if (k == 0)
		return dd_mul(n, ln_one_minus(dd_from(p), q));
	dd nk = dd_sub(n, dd_from(k));
	if (nk.hi == 0)
		return dd_mul(n, ln_one_minus(q, dd_from(p)));
	dd l = dd_neg(dd_add(bercli_bd0(dd_from(k), dd_mul_d(n, p)), bercli_bd0(nk, dd_mul(n, q))));
	/* ln(N / (2 pi k (N - k)))/2 in double-double: in double its rounding
	 * (u times a logarithm as large as 40 in magnitude) was most of the
	 * error left in the tails (binomial_ref.csv, with the long double
	 * sums: 3.1 and 3.3 ulp at the 99th percentile, now 0.52 and 0.50) */
	dd t = dd_div(n, dd_mul(dd_from(k), nk));
	dd c = dd_sub(dd_mul_d(dd_log(t), 0.5), dd_make(HALF_LN_2PI_HI, HALF_LN_2PI_LO));
	c = dd_add_d(c, bercli_stirlerr(n.hi) - bercli_stirlerr(k) - bercli_stirlerr(nk.hi));
	return dd_add(l, c);
}
