/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dd.h - double-double arithmetic, header-only, shared by the library
 * (lib/) and the engine (engine/: the exact decimals of parse.c) and never
 * installed; its constants are arith/dd_constants.inc.
 *
 * A value is hi + lo with |lo| <= ulp(hi)/2, about 106 bits. We need it for the
 * one quantity whose absolute error the results inherit: the exponent
 * -a*phi(lambda) of the Poisson prefactor, which reaches 1e7 and beyond while
 * the result must stay within 5e-14 relative. Algorithms: Dekker (1971) and
 * Knuth's two-sum; products use fma(). Reference: Hida, Li & Bailey, "Library
 * for double-double and quad-double arithmetic" (2007).
 */
#ifndef BERCL_DD_H
#define BERCL_DD_H

#include <math.h>

#include "dd_constants.inc"

typedef struct {
	double hi, lo;
} dd;

static inline dd dd_make(double hi, double lo)
{
	dd r = {hi, lo};
	return r;
}

static inline dd dd_from(double x)
{
	return dd_make(x, 0.0);
}

/* Exact sum a + b = s + e (Knuth). */
static inline dd dd_two_sum(double a, double b)
{
	double s = a + b;
	double bb = s - a;
	double e = (a - (s - bb)) + (b - bb);
	return dd_make(s, e);
}

static inline dd dd_fast_two_sum(double a, double b)
{
	double s = a + b;
	return dd_make(s, b - (s - a));
}

/* Exact product a * b = p + e. */
static inline dd dd_two_prod(double a, double b)
{
	double p = a * b;
	return dd_make(p, fma(a, b, -p));
}

static inline dd dd_add(dd a, dd b)
{
	dd s = dd_two_sum(a.hi, b.hi);
	dd t = dd_two_sum(a.lo, b.lo);
	s.lo += t.hi;
	s = dd_fast_two_sum(s.hi, s.lo);
	s.lo += t.lo;
	return dd_fast_two_sum(s.hi, s.lo);
}

static inline dd dd_neg(dd a)
{
	return dd_make(-a.hi, -a.lo);
}

static inline dd dd_sub(dd a, dd b)
{
	return dd_add(a, dd_neg(b));
}

static inline dd dd_add_d(dd a, double b)
{
	dd s = dd_two_sum(a.hi, b);
	s.lo += a.lo;
	return dd_fast_two_sum(s.hi, s.lo);
}

static inline dd dd_mul(dd a, dd b)
{
	dd p = dd_two_prod(a.hi, b.hi);
	p.lo += a.hi * b.lo + a.lo * b.hi;
	return dd_fast_two_sum(p.hi, p.lo);
}

static inline dd dd_mul_d(dd a, double b)
{
	dd p = dd_two_prod(a.hi, b);
	p.lo += a.lo * b;
	return dd_fast_two_sum(p.hi, p.lo);
}

/* a / b for a double b: one division, the remainder a - q b formed exactly
 * (an error-free product) and divided again; relative error a few u^2
 * (u = 2^-53). Cheaper than dd_div(a, dd_from(b)). */
static inline dd dd_div_d(dd a, double b)
{
	double q = a.hi / b;
	dd p = dd_two_prod(q, b);
	double r = ((a.hi - p.hi) - p.lo + a.lo) / b;
	return dd_fast_two_sum(q, r);
}

static inline dd dd_div(dd a, dd b)
{
	double q1 = a.hi / b.hi;
	dd r = dd_sub(a, dd_mul_d(b, q1));
	double q2 = r.hi / b.hi;
	r = dd_sub(r, dd_mul_d(b, q2));
	double q3 = r.hi / b.hi;
	dd q = dd_fast_two_sum(q1, q2);
	return dd_add_d(q, q3);
}

/*
 * exp(a) for |a| <= about 700: reduce a = k ln2 + r, take r / 32, sum the
 * Taylor series to 1e-35 (terms past r^6/6! in double, the rest in
 * double-double), then undo the halving with expm1(2y) = e(e + 2). The five
 * squarings cost about five bits: accurate to a few units in 1e-31
 * relative. Used by the --verify referee and by fec_degrade.c (the
 * same bits on every target: +, -, *, /, fma, ldexp and nearbyint only).
 */
static inline dd dd_exp(dd a)
{
	const dd ln2 = {0.69314718055994529, 2.3190468138462996e-17};
	double k = nearbyint(a.hi / ln2.hi);
	dd r = dd_sub(a, dd_mul_d(ln2, k));
	r.hi = ldexp(r.hi, -5);
	r.lo = ldexp(r.lo, -5);
	/* Horner: r (1 + r/2 (1 + r/3 (1 + ... ))) */
	double tail = 1.0;
	for (int n = 14; n >= 7; n--)
		tail = 1.0 + r.hi * tail / n;
	dd s = dd_from(tail);
	for (int n = 6; n >= 2; n--)
		s = dd_add_d(dd_div(dd_mul(r, s), dd_from((double)n)), 1.0);
	s = dd_mul(r, s);
	for (int i = 0; i < 5; i++)
		s = dd_mul(s, dd_add_d(s, 2.0));
	s = dd_add_d(s, 1.0);
	s.hi = ldexp(s.hi, (int)k);
	s.lo = ldexp(s.lo, (int)k);
	return s;
}

/*
 * ln(a) for a > 0 in double-double, a.hi a normal double. Scale a by a power
 * of two into m in [0.5, 1) (exact), pick the nearest of 64 table points
 * c_j = 1/2 + (j + 1/2)/128 with ln(c_j) stored in double-double
 * (tools/gen_coefficients.py), and add ln(m / c_j) = 2 atanh(t),
 * t = (m - c_j)/(m + c_j), |t| < 1/128: the series 2t (1 + t^2/3 + t^4/5 +
 * ...) reaches 1e-33 by its eighth term; the first three are summed in
 * double-double. Accurate to a few units in 1e-32 absolute for |ln a| < 1.
 */
static inline dd dd_log(dd a)
{
	int e;
	double m = frexp(a.hi, &e);
	dd am = dd_make(m, ldexp(a.lo, -e));
	int j = (int)((m - 0.5) * 128.0);
	if (j > 63)
		j = 63;
	double c = 0.5 + (j + 0.5) / 128.0; /* exact */
	dd t = dd_div(dd_add_d(am, -c), dd_add_d(am, c));
	dd u = dd_mul(t, t);
	double uh = u.hi;
	double rest = 1.0 / 7 + uh * (1.0 / 9 + uh * (1.0 / 11 + uh * (1.0 / 13 + uh * (1.0 / 15 + uh / 17))));
	dd s = dd_add(dd_make(ONE_FIFTH_HI, ONE_FIFTH_LO), dd_from(uh * rest));
	s = dd_add(dd_make(ONE_THIRD_HI, ONE_THIRD_LO), dd_mul(u, s));
	s = dd_add_d(dd_mul(u, s), 1.0);
	dd at = dd_mul(t, s); /* atanh(t) */
	dd r = dd_add(dd_make(LOG_TABLE[j][0], LOG_TABLE[j][1]), dd_mul_d(at, 2.0));
	return dd_add(r, dd_mul_d(dd_make(LN2_HI, LN2_LO), (double)e));
}

#endif
