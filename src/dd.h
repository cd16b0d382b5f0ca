/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dd.h - double-double arithmetic, internal to the bercl library.
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
 * exp(a) for |a| <= about 700: reduce a = k ln2 + r, take r / 512, sum the
 * Taylor series to 1e-33, then undo the halving with expm1(2y) = e(e + 2).
 * Accurate to a few units in 1e-31 relative.
 */
static inline dd dd_exp(dd a)
{
	const dd ln2 = {0.69314718055994529, 2.3190468138462996e-17};
	double k = nearbyint(a.hi / ln2.hi);
	dd r = dd_sub(a, dd_mul_d(ln2, k));
	r.hi = ldexp(r.hi, -9);
	r.lo = ldexp(r.lo, -9);
	/* Horner: r (1 + r/2 (1 + r/3 (1 + ... ))); past r^4/4! the terms are
	 * below 1e-17 and need only double precision. */
	double tail = 1.0;
	for (int n = 11; n >= 5; n--)
		tail = 1.0 + r.hi * tail / n;
	dd s = dd_from(tail);
	s = dd_add_d(dd_mul_d(dd_mul(r, s), 0.25), 1.0);
	s = dd_add_d(dd_div(dd_mul(r, s), dd_from(3.0)), 1.0);
	s = dd_add_d(dd_mul_d(dd_mul(r, s), 0.5), 1.0);
	s = dd_mul(r, s);
	for (int i = 0; i < 9; i++)
		s = dd_mul(s, dd_add_d(s, 2.0));
	s = dd_add_d(s, 1.0);
	s.hi = ldexp(s.hi, (int)k);
	s.lo = ldexp(s.lo, (int)k);
	return s;
}

/*
 * ln(a) for a > 0 in double-double. Scale a by a power of two into [0.5, 1)
 * (exact), take one Newton step y + m exp(-y) - 1 from y = log(m), which
 * doubles the 53 correct bits, and add e ln 2. a.hi must be a normal double.
 */
static inline dd dd_log(dd a)
{
	const dd ln2 = {0.69314718055994529, 2.3190468138462996e-17};
	int e;
	double m = frexp(a.hi, &e);
	dd am = dd_make(m, ldexp(a.lo, -e));
	double y = log(m);
	dd t = dd_mul(am, dd_exp(dd_from(-y)));
	dd r = dd_add_d(dd_add_d(t, -1.0), y);
	return dd_add(r, dd_mul_d(ln2, (double)e));
}

#endif
