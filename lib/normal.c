/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * normal.c - the Gaussian upper tail Q(x) = P[Z > x], its logarithm, the
 * hazard phi(x) / Q(x) and the inverse Q^-1(p), for the eye and bathtub
 * fits (eye_fit.c), where BER(x) = rho Q(u) and a bathtub is read down to
 * BER 1e-300.
 *
 * SYNOPSIS
 *   bercl_q(x, &q), bercl_ln_q(x, &ln_q)        Q and ln Q
 *   bercl_q_inv(p, &x), bercl_q_inv_ln(ln_p, &x) x with Q(x) = p, 0 < p < 1
 *   bercli_q_inv_ln(ln_p)                        the same, argument checked
 *   bercli_normal_tail(x, &ln_q, &hazard) both at once (eye_fit.c)
 *
 * DESCRIPTION
 *   phi(x) = exp(-x^2 / 2) / sqrt(2 pi) and, for x >= 0,
 *   - 0 <= x < 1: Q(x) = 1/2 - phi(x) sum_{n >= 0} x^(2n+1) / (1 3 5 ...
 *     (2n+1)) (Abramowitz & Stegun 26.2.11): positive terms, and 1/2 - the
 *     sum loses at most a factor 3 (Q(1) = 0.159);
 *   - x >= 1: Q(x) = phi(x) R(x), Mills' ratio R from its continued
 *     fraction R = 1/(x+ 1/(x+ 2/(x+ 3/(x+ ...)))) (A&S 26.2.14),
 *     evaluated from a fixed depth inward: it needs about 640 terms at x =
 *     1, 160 at 2, 40 at 5, 10 at 37 for full precision (measured against
 *     mpmath), and takes 40 + 700 / x^2;
 *   - x^2 is carried as an exact double-double (Dekker's product), so that
 *     exp(-x^2 / 2) keeps its digits where x^2 / 2 is 700: ln Q is the sum
 *     of -hi/2 and the small rest, and Q = exp(-hi/2) exp(rest) R.
 *   For x < 0, Q(x) = 1 - Q(-x) (at least 1/2: no cancellation) and ln Q =
 *   log1p(-Q(-x)).
 *   Only +, -, *, / and the library's own exp and log (xmath.c) are used:
 *   the same double on every target, as the rest of the library.
 *
 *   Q^-1: Newton's method on f(x) = ln Q(x) - ln p, f'(x) = -phi/Q (ln Q is
 *   concave, so the iteration cannot overshoot into divergence), from A&S
 *   26.2.23's rational start (error below 4.5e-4); 3 to 5 steps. Working in
 *   logarithms keeps it exact to the smallest doubles: Q^-1(1e-300) =
 *   37.0471...; bercl_q_inv_ln takes ln p directly (p below the double
 *   range, or a ratio BER / rho kept in logarithms). For p > 1/2, Q^-1(p) =
 *   -Q^-1(1 - p).
 *
 * ACCURACY (tests/test_eye.c against tests/data/eye_q_ref.csv, mpmath at
 *   50 digits): Q and Q^-1 to a few units in the last place over x in
 *   [-10, 40] and p in [1e-300, 0.999]; near p = 1/2 Q^-1's absolute error
 *   stays about 1e-16 (its relative error grows as x goes to 0).
 *
 * REFERENCES
 *   M. Abramowitz, I. A. Stegun, Handbook of Mathematical Functions (1964),
 *     26.2.11, 26.2.14, 26.2.23.
 *   T. J. Dekker, "A floating-point technique for extending the available
 *     precision", Numer. Math. 18 (1971) 224-242.
 */
#include <math.h>
#include <float.h>

#include "bercl.h"
#include "internal.h"

#define LN_SQRT_2PI 0.91893853320467274178032973640562
#define INV_SQRT_2PI 0.39894228040143267793994605993438
/* Above this x, upper_tail() takes ln Q's asymptotic leading terms. */
#define NORMAL_X_HUGE 1e150
/* bercl_ln_q's limit (bercl.h): ln Q(1e154) = -5e307 is still a double. */
#define LN_Q_X_MAX 1e154

/* ln Q and phi / Q for x >= 0 (their definitions above). */
static void upper_tail(double x, double *ln_q, double *q, double *hazard)
{
	if (x > NORMAL_X_HUGE) {
		/* x^2 nears the double range (Dekker's product overflows to NaN
		 * above 1.3e154): Q underflowed long ago, and the leading terms of
		 * ln Q = -x^2/2 - ln x - ln sqrt(2 pi) - 1/x^2 + ... (A&S 26.2.12)
		 * are ln Q to the last digit (the rest is below 1e-300 relative);
		 * -inf beyond sqrt(2 DBL_MAX) = 1.9e154, where ln Q has no double. */
		*q = 0;
		*ln_q = -(0.5 * x) * x - (bercli_log(x) + LN_SQRT_2PI);
		*hazard = x;
		return;
	}
	dd x2 = dd_two_prod(x, x);
	double rest = -0.5 * x2.lo - LN_SQRT_2PI;
	if (x < 1) {
		double term = x, sum = x, x2d = x * x;
		for (int n = 1; n < 60 && term > 1e-18 * sum; n++) {
			term *= x2d / (2 * n + 1);
			sum += term;
		}
		double phi = bercli_exp(-0.5 * x2.hi + rest);
		double v = 0.5 - phi * sum;
		*q = v;
		*ln_q = bercli_log(v);
		*hazard = phi / v;
		return;
	}
	/* the fraction from its tail inward (backward recurrence: each step
	 * damps the error of the one before, where Lentz's forward product
	 * gathered 6 ulps over the 600 terms at x = 1); terms enough for full
	 * precision by the counts above, 40 + 700 / x^2 */
	int terms = 40 + (int)(700 / (x * x));
	double t = 0;
	for (int k = terms; k >= 1; k--)
		t = k / (x + t);
	double f = x + t;
	/* f = 1 / R */
	*ln_q = -0.5 * x2.hi + (rest - bercli_log(f));
	/* Q(40) = 3.6e-350 rounds to 0; from there on exp(rest) alone can
	 * overflow (|x2.lo| passes 1400 above x = 3.6e9), and 0 inf is NaN */
	*q = x >= 40 ? 0 : bercli_exp(-0.5 * x2.hi) * bercli_exp(rest) / f;
	*hazard = f;
}

void bercli_normal_tail(double x, double *ln_q, double *hazard)
{
	double q;
	if (x >= 0) {
		upper_tail(x, ln_q, &q, hazard);
		return;
	}
	double lm, qm, hm;
	upper_tail(-x, &lm, &qm, &hm);
	/* Q(x) = 1 - Q(-x) >= 1/2; phi(x) = phi(-x) = hm Q(-x) */
	double v = 1 - qm;
	*ln_q = bercli_log1p(-qm);
	*hazard = hm * qm / v;
}

/* Q(x) for x >= 0 or x < 0, and ln Q. */
static void tail_any(double x, double *q, double *ln_q)
{
	double l, v, h;
	if (x >= 0) {
		upper_tail(x, &l, &v, &h);
		*q = v;
		*ln_q = l;
		return;
	}
	upper_tail(-x, &l, &v, &h);
	*q = 1 - v;
	*ln_q = bercli_log1p(-v);
}

enum bercl_status bercl_q(double x, double *q)
{
	double l;
	if (isnan(x))
		return BERCL_EDOM;
	if (isinf(x)) {
		*q = x > 0 ? 0 : 1;
		return BERCL_OK;
	}
	tail_any(x, q, &l);
	return BERCL_OK;
}

enum bercl_status bercl_ln_q(double x, double *ln_q)
{
	double v;
	if (!isfinite(x))
		return BERCL_EDOM;
	if (x > LN_Q_X_MAX)
		return BERCL_ELIMIT;
	tail_any(x, &v, ln_q);
	return BERCL_OK;
}

/* x > 0 with ln Q(x) = ln_p, ln_p < ln(1/2). */
static double upper_inverse(double ln_p)
{
	/* far below the double range (ln p < -1e300, x > 1.4e150): x = sqrt(-2
	 * ln p) is Q^-1 to the last digit, ln x / x^2 < 1e-298 being all that
	 * the next terms of ln Q's expansion (A&S 26.2.12) change; sqrt(2)
	 * sqrt(-ln p) (within an ulp) where -2 ln p overflows */
	if (ln_p < -1e300)
		return ln_p >= -0.5 * DBL_MAX ? sqrt(-2 * ln_p) : sqrt(2.0) * sqrt(-ln_p);
	/* A&S 26.2.23: t = sqrt(-2 ln p) */
	double t = sqrt(-2 * ln_p);
	double x = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
	                   (1 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
	if (!(x > 0))
		x = 1e-3;
	for (int it = 0; it < 60; it++) {
		double l, h;
		bercli_normal_tail(x, &l, &h);
		double step = (l - ln_p) / h;
		double nx = x + step;
		if (!(nx > 0))
			nx = 0.5 * x;
		int done = fabs(nx - x) <= 4e-16 * nx;
		x = nx;
		if (done)
			break;
	}
	return x;
}

double bercli_q_inv_ln(double ln_p)
{
	const double ln_half = -0.69314718055994530942;
	if (ln_p == ln_half)
		return 0;
	if (ln_p < ln_half)
		return upper_inverse(ln_p);
	/* p > 1/2: -Q^-1(1 - p), 1 - p = -expm1(ln_p) */
	return -upper_inverse(bercli_log(-bercli_expm1(ln_p)));
}

enum bercl_status bercl_q_inv_ln(double ln_p, double *x)
{
	if (!(ln_p < 0) || !isfinite(ln_p))
		return BERCL_EDOM;
	*x = bercli_q_inv_ln(ln_p);
	return BERCL_OK;
}

enum bercl_status bercl_q_inv(double p, double *x)
{
	if (!(p > 0 && p < 1))
		return BERCL_EDOM;
	if (p == 0.5)
		*x = 0;
	else if (p < 0.5)
		*x = upper_inverse(bercli_log(p));
	else
		*x = -upper_inverse(bercli_log(1 - p)); /* 1 - p exact: p >= 1/2 (Sterbenz) */
	return BERCL_OK;
}
