/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * xmath.c - exp, expm1, log, log1p, log10 and 10^y from +, -, *, / alone,
 * so that every target gives the same double (xmath.h says why).
 *
 * METHODS
 *   exp: Tang's table-driven method (P. T. P. Tang, "Table-driven
 *   implementation of the exponential function in IEEE floating-point
 *   arithmetic", ACM TOMS 15 (1989) 144-157). x = (128 m + j) ln2/128 + r,
 *   n = 128 m + j the integer nearest x 128/ln 2 (the 1.5 * 2^52 shift),
 *   r = x - n ln2/128 with ln2/128 in two parts, the first of 33 bits so
 *   that n * part is exact for |n| < 2^18 and x - n * part is exact
 *   (Sterbenz); |r| <= ln2/256 (2^-8.5). e^r - 1 = r + q, q the Taylor
 *   terms r^2/2 .. r^6/720 (the first left out, r^7/5040, is below 2^-71.8).
 *   exp(x) = 2^m T_j (1 + r + q), T_j = 2^(j/128) stored as hi + lo
 *   (xmath.inc); the last operation adds a sum of order 2^-8 T_j to T_j's
 *   high part, so the result carries one rounding (1/2 ulp) plus products
 *   and sums of that small part (each below 2^-61 relative): within 0.51
 *   ulp. A result below the normal range is scaled in two steps, the last
 *   of which rounds (so once more, by at most half a subnormal ulp).
 *   expm1: for n = 0 the same sum r + q is the answer (one rounding); else
 *   2^m T_j (1 + r + q) is formed as a double-double (the product T_j r
 *   exact by Dekker's splitting), within about 2^-69 relative, and 1 is
 *   subtracted exactly (2Sum): the cancellation is at most a factor 2^8.5
 *   (|x| >= ln2/256 here), so the result keeps 2^-60 before its rounding.
 *   log: x = 2^e m, m in [1, 2); i = the top 7 bits of m's fraction;
 *   r = m c_i - 1 exactly (Dekker's product, then a subtraction Sterbenz
 *   makes exact), |r| <= 2^-7, c_i = 1 / (1 + (i + 1/2)/128) and 1 and 1/2
 *   at the two ends, so that near x = 1 no table term cancels the answer
 *   (xmath.inc); log x = (e + k_i) ln 2 + (-ln c_i - k_i ln 2) + log1p(r),
 *   k_i = 1 from m = 1.414 so that each term is at most about as large as
 *   the sum; log1p(r) by its Taylor series to r^10 (the first term left
 *   out is below 2^-73 relative). The large terms are added by 2Sum, the
 *   small ones (of order r^2/2) in double, then once to the high part:
 *   within 0.51 ulp. log1p: the same series directly for |x| < 2^-7, else
 *   log(1 + x) with 1 + x carried as hi + lo. log10 and 10^y: log x times
 *   1/ln 10, and e to the y ln 10, with the product in double-double.
 *
 * VALIDITY
 *   Every double (special values as C99 Annex F). The error bounds above
 *   are for results in the normal range; tests/oracle/xmath_check
 *   measures the largest error against MPFR, on 1e5 points a function in
 *   make check and 1e7 in make soak-xmath.
 *
 * The operations are written so that no compiler may fuse or reorder them:
 * the library is built with -std=c11 -ffp-contract=off (and the pragma
 * below for clang), and no target the library supports evaluates doubles
 * in a wider format (FLT_EVAL_METHOD 0 is checked below).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "xmath.h"

/* no fused multiply-add: clang fuses a product and a sum by default, even
 * under -std=c11 (62 FMA instructions on arm64, and exp differed on 53 of
 * 150,000 arguments); the Makefile also passes
 * -ffp-contract=off, which GCC, which does not know this pragma, needs */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif
#include "xmath.inc"

#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0
#error "xmath.c needs double arithmetic in double (FLT_EVAL_METHOD 0)"
#endif

static inline uint64_t bits_of(double x)
{
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	return u;
}

static inline double of_bits(uint64_t u)
{
	double x;
	memcpy(&x, &u, sizeof x);
	return x;
}

/* 2^k, -1022 <= k <= 1023 */
static inline double pow2(int k)
{
	return of_bits((uint64_t)(k + 1023) << 52);
}

/* v 2^k for v in [1/2, 2): exact where the result is normal; one rounding
 * below (the product first brought exactly to 2^-600 above the result) */
static inline double scale(double v, int k)
{
	if (k > 1023)
		return v * 0x1p1023 * pow2(k - 1023);
	if (k < -1022)
		return v * pow2(k + 600) * 0x1p-600;
	return v * pow2(k);
}

/* Exact a * b = hi + lo by Dekker's splitting (|a|, |b| < 2^996) */
static inline dd two_prod(double a, double b)
{
	double p = a * b;
	double ca = 134217729.0 * a, cb = 134217729.0 * b;
	double ah = ca - (ca - a), al = a - ah;
	double bh = cb - (cb - b), bl = b - bh;
	return dd_make(p, ((ah * bh - p) + ah * bl + al * bh) + al * bl);
}

/*
 * The reduction of exp(xh + xl), |xh| <= 746, |xl| <= ulp(xh): n (j and
 * m) and p = e^r - 1 as hi + lo.
 */
static inline dd exp_reduce(double xh, double xl, int *j, int *m)
{
	double kd = xh * XM_INV_LN2_128 + 0x1.8p52;
	kd -= 0x1.8p52;
	int64_t n = (int64_t)kd;
	double r1 = xh - kd * XM_LN2_128_HI; /* exact */
	dd r = dd_two_sum(r1, -(kd * XM_LN2_128_LO));
	if (xl != 0.0) {
		dd s = dd_two_sum(r.hi, xl);
		r = dd_fast_two_sum(s.hi, s.lo + r.lo);
	}
	double rh = r.hi;
	double q = rh * rh * (0.5 + rh * (0x1.5555555555555p-3 + rh * (0x1.5555555555555p-5 +
	                      rh * (0x1.1111111111111p-7 + rh * 0x1.6c16c16c16c17p-10))));
	*j = (int)(n & 127);
	*m = (int)((n - *j) / 128);
	return dd_two_sum(rh, r.lo + q);
}

/* T_j (1 + p) as a double (one rounding of a small part into T_j) */
static inline double exp_value(int j, dd p)
{
	double th = XM_EXP2[j][0], tl = XM_EXP2[j][1];
	return th + (th * p.hi + (tl + (th * p.lo + tl * p.hi)));
}

/* T_j (1 + p) as hi + lo, about 2^-69 relative */
static inline dd exp_value_dd(int j, dd p)
{
	double th = XM_EXP2[j][0], tl = XM_EXP2[j][1];
	dd a = two_prod(th, p.hi);
	dd s = dd_two_sum(th, a.hi);
	return dd_fast_two_sum(s.hi, s.lo + (a.lo + (tl + (th * p.lo + tl * p.hi))));
}

double bercli_exp(double x)
{
	if (!(x > -745.2))
		return x != x ? x + x : 0.0;
	if (!(x < 709.79))
		return x * 0x1p1023; /* inf (the overflow), or inf itself */
	int j, m;
	dd p = exp_reduce(x, 0.0, &j, &m);
	return scale(exp_value(j, p), m);
}

double bercli_exp10(double y)
{
	if (y != y)
		return y + y;
	if (!(y > -323.7))
		return 0.0;
	if (!(y < 308.3))
		return INFINITY;
	dd t = two_prod(y, XM_LN10_HI);
	t = dd_fast_two_sum(t.hi, t.lo + y * XM_LN10_LO);
	if (!(t.hi > -745.2))
		return 0.0;
	if (!(t.hi < 709.79))
		return INFINITY;
	int j, m;
	dd p = exp_reduce(t.hi, t.lo, &j, &m);
	return scale(exp_value(j, p), m);
}

double bercli_expm1(double x)
{
	if (x != x)
		return x + x;
	if (x < -38.0) /* e^x < 2^-54: -1 + e^x rounds to -1 */
		return -1.0;
	if (x > 709.0) /* e^x - 1 rounds to e^x (or overflows as it does) */
		return bercli_exp(x);
	if (fabs(x) < 0x1p-54) /* x + x^2/2 rounds to x; keeps -0 */
		return x;
	int j, m;
	dd p = exp_reduce(x, 0.0, &j, &m);
	if (j == 0 && m == 0)
		return p.hi; /* r + q, r = x */
	dd e = exp_value_dd(j, p);
	double sc = pow2(m); /* -56 <= m <= 1023 here: exact */
	dd t = dd_two_sum(e.hi * sc, -1.0);
	return t.hi + (t.lo + e.lo * sc);
}

/* log1p(r) - r + r^2/2 for |r| <= 2^-7 (Taylor to r^10), r = rh + rl:
 * the small part, of order r^3/3 */
static inline double log1p_tail(double rh, double rl)
{
	double q = 0x1.5555555555555p-2 -
	           rh * (0.25 - rh * (0.2 - rh * (0x1.5555555555555p-3 - rh * (0x1.2492492492492p-3 -
	           rh * (0.125 - rh * (0x1.c71c71c71c71cp-4 - rh * 0.1))))));
	return (rl - rh * rl) + rh * rh * rh * q;
}

/* ln(ah + al), ah positive and finite, |al| <= ulp(ah): hi + lo */
static dd log_core(double ah, double al)
{
	int e0 = 0;
	if (ah < 0x1p-1022) {
		ah *= 0x1p54;
		al *= 0x1p54;
		e0 = -54;
	}
	uint64_t u = bits_of(ah);
	int eb = (int)(u >> 52) - 1023; /* -1022 .. 1023 */
	int i = (int)((u >> 45) & 127);
	double mant = of_bits((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
	const struct xm_log_row *t = &XM_LOG[i];
	double alm = al == 0.0 ? 0.0 : eb == 1023 ? al * 0x1p-1023 : al * pow2(-eb);
	dd pr = two_prod(mant, t->c);
	dd r = dd_two_sum(pr.hi - 1.0, pr.lo + alm * t->c); /* pr.hi - 1 exact */
	double hz = 0.5 * (r.hi * r.hi);
	double small = log1p_tail(r.hi, r.lo);
	double k = (double)(eb + e0) + t->k;
	dd s = dd_two_sum(k * XM_LN2_HI, t->hi); /* k * XM_LN2_HI exact */
	dd w = dd_two_sum(s.hi, r.hi);
	double lo = (s.lo + w.lo) + ((small - hz) + (t->lo + k * XM_LN2_LO));
	return dd_two_sum(w.hi, lo);
}

dd bercli_log_dd(dd a)
{
	return log_core(a.hi, a.lo);
}

double bercli_log(double x)
{
	if (!(x > 0.0))
		return x == 0.0 ? -INFINITY : x != x ? x + x : NAN;
	if (x == INFINITY)
		return x;
	return log_core(x, 0.0).hi;
}

double bercli_log1p(double x)
{
	if (x != x)
		return x + x;
	if (!(x > -1.0))
		return x == -1.0 ? -INFINITY : NAN;
	if (x == INFINITY)
		return x;
	if (fabs(x) < 0x1p-7) {
		if (fabs(x) < 0x1p-54) /* x - x^2/2 rounds to x; keeps -0 */
			return x;
		double hz = 0.5 * (x * x);
		return x + (log1p_tail(x, 0.0) - hz);
	}
	dd u = dd_two_sum(1.0, x);
	return log_core(u.hi, u.lo).hi;
}

double bercli_log10(double x)
{
	if (!(x > 0.0))
		return x == 0.0 ? -INFINITY : x != x ? x + x : NAN;
	if (x == INFINITY)
		return x;
	dd l = log_core(x, 0.0);
	dd p = two_prod(l.hi, XM_INV_LN10_HI);
	return p.hi + (p.lo + (l.hi * XM_INV_LN10_LO + l.lo * XM_INV_LN10_HI));
}
