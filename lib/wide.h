/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * wide.h - the library's wide arithmetic, chosen at compile time: the type
 * wf in which poisson_fast.c (small_wf, temme_wf, bercli_exp_neg_wf) and
 * binomial.c (the binomial sums) carry their values past double, and WF_U,
 * the relative error bound of one wf operation, which their certificates
 * use. Internal to the library, never installed.
 *
 *   BERCL_WIDE_LD  long double, where it is the x87 format (LDBL_MANT_DIG
 *                  64: x86-64, i386): one instruction per operation,
 *                  WF_U = 2^-64.
 *   BERCL_WIDE_DD  double-double (hi + lo, dd.h's representation), where
 *                  long double is IEEE quad in software (LDBL_MANT_DIG 113:
 *                  arm64, RISC-V, WebAssembly; tens of times slower than
 *                  double-double) or plain double (53: MSVC, x86-64 with
 *                  -mlong-double-64, 32-bit ARM): WF_U = 2^-100.
 *   BERCL_WIDE_D   plain double, WF_U = 2^-53: never chosen by itself; for
 *                  measuring the cost of the others (bench/xbench.c).
 * Define one of them (-DBERCL_WIDE_DD) to override the choice.
 *
 * The double-double operations are the algorithms whose relative errors
 * M. Joldes, J.-M. Muller and V. Popescu bound in "Tight and rigorous error
 * bounds for basic building blocks of double-word arithmetic", ACM TOMS 44
 * (2017), art. 15, with u = 2^-53: the sum AccurateDWPlusDW (Algorithm 6,
 * 3u^2 + 13u^3), DWPlusFP (Algorithm 4, 2u^2), DWTimesFP (Algorithm 7 or,
 * with an FMA instruction, 9: 2u^2), DWTimesDW (Algorithm 10, 7u^2 or,
 * with FMA, Algorithm 12, 5u^2), DWDivFP (Algorithm 15, 3u^2) and DWDivDW
 * (Algorithm 17, 15u^2 + 56u^3); the square root is Karp and Markstein's
 * one Newton step (sqrt(hi) corrected by the exact remainder, within 4u^2:
 * V. Lefevre, N. Louvet, J.-M. Muller, J. Picot, L. Rideau, "Accurate
 * calculation of Euclidean norms using double-word arithmetic", ACM TOMS
 * 49 (2023), art. 1, prove 25/8 u^2). WF_U = 2^-100 = 64u^2 bounds every
 * one of them with room; the operands stay far from overflow and
 * underflow (the callers keep values in [2^-1000, 2^60]), where the exact
 * products (2Prod) and sums (2Sum) are exact.
 * The products are exact by fma() where the target has an FMA instruction
 * (x86-64 with -mfma, arm64), else by Dekker's splitting, so that no
 * software fma() is on the path (WebAssembly has none). The error-free
 * transformations need a * b + c left uncontracted: -std=c11 gives GCC's
 * -ffp-contract=off (do not build the library with -std=gnu11 on arm64).
 */
#ifndef BERCL_WIDE_H
#define BERCL_WIDE_H

#include <float.h>
#include <math.h>
#include <stdint.h>

#include "dd.h"

#if !defined(BERCL_WIDE_LD) && !defined(BERCL_WIDE_DD) && !defined(BERCL_WIDE_D) && !defined(BERCL_WIDE_X87)
#if LDBL_MANT_DIG == 64
#define BERCL_WIDE_LD 1
#else
#define BERCL_WIDE_DD 1
#endif
#endif

#if defined(__FMA__) || defined(__ARM_FEATURE_FMA) || defined(__FP_FAST_FMA)
#define BERCL_HAVE_FMA 1
#endif

/* Veltkamp's splitting: x = hi + lo exactly, each of at most 26
 * significant bits, so that the products of halves are exact (|x| below
 * 2^996). */
static inline dd wide_split(double x)
{
	double c = 134217729.0 * x;
	double h = c - (c - x);
	return dd_make(h, x - h);
}

/* Exact a * b = hi + lo (2Prod) from a, b and their splits (wide_split):
 * fma where it is an instruction, else Dekker's product of the halves.
 * A caller that multiplies each value many times splits it once. */
static inline dd wide_two_prod_split(double a, dd as, double b, dd bs)
{
	double p = a * b;
#ifdef BERCL_HAVE_FMA
	(void)as;
	(void)bs;
	return dd_make(p, fma(a, b, -p));
#else
	return dd_make(p, ((as.hi * bs.hi - p) + as.hi * bs.lo + as.lo * bs.hi) + as.lo * bs.lo);
#endif
}

/* Exact a * b = hi + lo (2Prod): fma where it is an instruction, else
 * Dekker's splitting (exact for |a|, |b| below 2^996). */
static inline dd wide_two_prod(double a, double b)
{
#ifdef BERCL_HAVE_FMA
	double p = a * b;
	return dd_make(p, fma(a, b, -p));
#else
	return wide_two_prod_split(a, wide_split(a), b, wide_split(b));
#endif
}

/*
 * wf, and wa: the type of the bounds and of the decisions made on wf
 * values (long double with long double and with its software model, else
 * double: a bound needs no more than a double's precision). WF_A(x) is x
 * as a wa: exact for the long double and its model (in WebAssembly long
 * double is IEEE quad, which holds every x87 value), so that a decision
 * (which tail is smaller, where a sum stops) is the x87's; only the
 * bounds' own arithmetic, in quad there, may round differently, and it
 * moves a bound by a few parts in 10^19.
 */
#if defined(BERCL_WIDE_LD)
typedef long double wf;
typedef long double wa;
#define WF_U (LDBL_EPSILON / 2)
#define WF_NAME "long double"
/* A constant: its long double literal, or its double-double hi, lo. */
#define WF_CONST(ld, hi, lo) (ld)
static inline wf wf_sum(double hi, double lo) { return (long double)hi + lo; }
/* a b, exact when the product has at most 64 bits */
static inline wf wf_prod(double a, double b) { return (long double)a * b; }
static inline wf wf_int(int64_t v) { return (long double)v; }
static inline double wf_hi(wf x) { return (double)x; }
static inline double wf_lo(wf x) { return (double)(x - (double)x); }
static inline wf wf_sqrt(wf a) { return sqrtl(a); }
#elif defined(BERCL_WIDE_X87)
/* The x87 long double in software (x87soft.h): the WebAssembly page's, so
 * that it computes what the native x86-64 program computes, bit for bit. */
#include "x87soft.h"
typedef x87 wf;
typedef long double wa;
#define WF_U 0x1p-64
#define WF_NAME "x87 long double in software"
#define WF_CONST(ld, hi, lo) x87_add(x87_from_d(hi), x87_from_d(lo))
static inline wf wf_d(double x) { return x87_from_d(x); }
static inline wf wf_sum(double hi, double lo) { return x87_add(x87_from_d(hi), x87_from_d(lo)); }
static inline wf wf_prod(double a, double b) { return x87_mul(x87_from_d(a), x87_from_d(b)); }
static inline wf wf_int(int64_t v) { return x87_from_i64(v); }
static inline wa WF_A(wf x)
{
	long double v = ldexpl((long double)x.m, x.e);
	return x.s ? -v : v;
}
static inline double wf_hi(wf x) { return x87_to_d(x); }
static inline double wf_lo(wf x) { return x87_to_d(x87_sub(x, x87_from_d(x87_to_d(x)))); }
static inline wf wf_sqrt(wf a) { return x87_sqrt(a); }
static inline wf wf_add(wf a, wf b) { return x87_add(a, b); }
static inline wf wf_sub(wf a, wf b) { return x87_sub(a, b); }
static inline wf wf_add_d(wf a, double b) { return x87_add(a, x87_from_d(b)); }
static inline wf wf_mul(wf a, wf b) { return x87_mul(a, b); }
static inline wf wf_mul_d(wf a, double b) { return x87_mul(a, x87_from_d(b)); }
static inline wf wf_div(wf a, wf b) { return x87_div(a, b); }
static inline wf wf_div_d(wf a, double b) { return x87_div(a, x87_from_d(b)); }
static inline wf wf_neg(wf a) { return x87_neg(a); }
#elif defined(BERCL_WIDE_D)
typedef double wf;
typedef double wa;
#define WF_U (DBL_EPSILON / 2)
#define WF_NAME "double"
#define WF_CONST(ld, hi, lo) (hi)
static inline wf wf_sum(double hi, double lo) { return hi + lo; }
static inline wf wf_prod(double a, double b) { return a * b; }
static inline wf wf_int(int64_t v) { return (double)v; }
static inline double wf_hi(wf x) { return x; }
static inline double wf_lo(wf x) { (void)x; return 0.0; }
static inline wf wf_sqrt(wf a) { return sqrt(a); }
#else
typedef dd wf;
typedef double wa;
#define WF_U 0x1p-100
#define WF_NAME "double-double"
#define WF_CONST(ld, hi, lo) dd_make(hi, lo)
static inline wf wf_d(double x) { return dd_make(x, 0.0); }
static inline wf wf_sum(double hi, double lo) { return dd_two_sum(hi, lo); }
/* a b exactly (2Prod) */
static inline wf wf_prod(double a, double b) { return wide_two_prod(a, b); }
/* a whole number |v| < 2^63 exactly: its nearest double and the rest */
static inline wf wf_int(int64_t v)
{
	double hi = (double)v;
	return dd_make(hi, (double)(v - (int64_t)hi));
}
static inline wa WF_A(wf x) { return x.hi; }
/* hi is the nearest double to hi + lo: every result ends in Fast2Sum */
static inline double wf_hi(wf x) { return x.hi; }
static inline double wf_lo(wf x) { return x.lo; }
/* AccurateDWPlusDW */
static inline wf wf_add(wf a, wf b) { return dd_add(a, b); }
static inline wf wf_sub(wf a, wf b) { return dd_add(a, dd_neg(b)); }
/* DWPlusFP */
static inline wf wf_add_d(wf a, double b) { return dd_add_d(a, b); }
static inline wf wf_neg(wf a) { return dd_neg(a); }
/* DWTimesDW (Algorithm 12 with FMA, else 10) */
static inline wf wf_mul(wf a, wf b)
{
	dd c = wide_two_prod(a.hi, b.hi);
#ifdef BERCL_HAVE_FMA
	double tl0 = a.lo * b.lo;
	double tl1 = fma(a.hi, b.lo, tl0);
	double cl2 = fma(a.lo, b.hi, tl1);
	return dd_fast_two_sum(c.hi, c.lo + cl2);
#else
	double cl2 = a.hi * b.lo + a.lo * b.hi;
	return dd_fast_two_sum(c.hi, c.lo + cl2);
#endif
}
/* DWTimesFP (Algorithm 9 with FMA, else 7) */
static inline wf wf_mul_d(wf a, double b)
{
	dd c = wide_two_prod(a.hi, b);
#ifdef BERCL_HAVE_FMA
	return dd_fast_two_sum(c.hi, fma(a.lo, b, c.lo));
#else
	dd t = dd_fast_two_sum(c.hi, a.lo * b);
	return dd_fast_two_sum(t.hi, t.lo + c.lo);
#endif
}
/* DWDivFP (Algorithm 15) */
static inline wf wf_div_d(wf a, double b)
{
	double th = a.hi / b;
	dd p = wide_two_prod(th, b);
	double d = ((a.hi - p.hi) - p.lo) + a.lo;
	return dd_fast_two_sum(th, d / b);
}
/* DWDivDW (Algorithm 17) */
static inline wf wf_div(wf a, wf b)
{
	double th = a.hi / b.hi;
	wf r = wf_mul_d(b, th);
	dd pi = dd_two_sum(a.hi, -r.hi);
	double dl = a.lo - r.lo;
	double tl = (pi.hi + (pi.lo + dl)) / b.hi;
	return dd_fast_two_sum(th, tl);
}
/* sqrt(hi) and one Newton step on the exact remainder */
static inline wf wf_sqrt(wf a)
{
	double s = sqrt(a.hi);
	if (!(s > 0.0))
		return dd_make(s, 0.0);
	dd p = wide_two_prod(s, s);
	double r = ((a.hi - p.hi) - p.lo) + a.lo;
	return dd_fast_two_sum(s, r / (2.0 * s));
}
#endif

#if defined(BERCL_WIDE_LD) || defined(BERCL_WIDE_D)
/* A scalar wide type: the language's own arithmetic, exact or rounded once. */
static inline wf wf_d(double x) { return x; }
static inline wa WF_A(wf x) { return x; }
static inline wf wf_add(wf a, wf b) { return a + b; }
static inline wf wf_sub(wf a, wf b) { return a - b; }
static inline wf wf_add_d(wf a, double b) { return a + b; }
static inline wf wf_mul(wf a, wf b) { return a * b; }
static inline wf wf_mul_d(wf a, double b) { return a * b; }
static inline wf wf_div(wf a, wf b) { return a / b; }
static inline wf wf_div_d(wf a, double b) { return a / b; }
static inline wf wf_neg(wf a) { return -a; }
#endif

/*
 * e^-(x + xl) in the wide type for 0 <= x <= 700, |xl| <= u x
 * (poisson_fast.c), within bercli_exp_neg_err(x) relative.
 */
wf bercli_exp_neg_wf(double x, double xl);
double bercli_exp_neg_err(double x);

#endif
