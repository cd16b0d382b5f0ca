/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * poisson_fast.c - the certified fast path for CL = P(a, x) and
 * 1 - CL = Q(a, x), a = E + 1 whole, x = lambda a double.
 *
 * SYNOPSIS
 *   bercli_poisson_fast(errors, lambda_hi, lambda_lo, &tails)
 *
 * DESCRIPTION
 *   Ziv's strategy, as in correctly rounded libms: evaluate cheaply with a
 *   rigorous running error bound, and return the result only when the bound
 *   certifies it; otherwise return 0 and let bercl_poisson_tails() take the
 *   double-double path (poisson.c). The regions and formulas are those of
 *   poisson.c (finite sums, the two convergent series, Temme's expansion),
 *   each tail written as exp(-B) * f where B = bd0(k, x) + stirlerr(k) is
 *   carried as hi + lo and f is of order one. What makes it cheaper:
 *   - bd0 = k ln(k/x) + x - k without a double-double logarithm: near the
 *     centre (|w| <= 1/4 and 2k|w|^3 < 0.09, w = (k - x)/(k + x)) by
 *     Loader's series
 *     bd0 = (k - x) w + 2k sum_{j>=1} w^(2j+1)/(2j+1), whose leading term
 *     (k - x)^2/(k + x) is formed exactly (error-free product and division
 *     remainder) and whose tail is below |w|/3 of it; farther out by a
 *     64-point table of ln c_j (double-double) plus 2 atanh(tau),
 *     |tau| < 1/256, whose cubic and higher terms (below 4e-8) need only
 *     double precision;
 *   - the values are formed directly, exp(-B_hi) (1 - B_lo) f, not by
 *     exponentiating a logarithm, and the larger tail as 1 - smaller, so a
 *     result carries about three roundings;
 *   - Temme's sum evaluates only the degree in eta and the powers of 1/a
 *     that can count (poisson_fast.inc, tools/gen_fast_tables.py);
 *   - no fma() library call: products are split (Dekker) unless the target
 *     has FMA instructions.
 *   For a < 25 and x <= 700 both tails come from e^-x and the terms x^n/n!
 *   in the wide type of wide.h (small_wf: no logarithm, no bd0; the result
 *   is within a hair of 1/2 ulp); Temme's expansion assembles its values
 *   in the wide type (temme_wf: erfcx by piecewise polynomials, e^-B by a
 *   table-driven exp; a result carries little more than its own
 *   rounding) while B <= 700, and in double beyond (temme_fast). The wide
 *   type is chosen at compile time: long double where it is the x87
 *   format (x86-64), double-double elsewhere (where long double is
 *   software quad or plain double), and the certificates charge its own
 *   rounding, WF_U (2^-64 or 2^-100), and the truncations explicitly;
 *   elsewhere for a < 25 (or where the wide type cannot certify), near the
 *   centre both tails are summed and each is taken directly or as the
 *   complement of the other, whichever bound is smaller.
 *   Without the logarithms (want_ln 0, bercl_poisson_values()), a tail
 *   whose Chernoff bound is below half the smallest subnormal is 0 at once
 *   (tail_underflows), and a normal tail skips its logarithm.
 *   Every step adds its worst-case error to a running bound, in units of
 *   u = 2^-53 (one rounding), with the libm functions charged their
 *   documented or measured worst errors (EXP_ERR, LOG_ERR, ERFC_ERR below).
 *   A result is certified when each plain double is within REL_MAX
 *   relative (or below the normal range, where it comes from its logarithm
 *   as on the slow path) and each logarithm within LN_MAX absolute.
 *
 * NOTES
 *   Series truncation is bounded by the next term times r/(1-r) for a ratio
 *   r < 1 that no longer grows. Temme's expansion is used only where
 *   |eta| <= 0.6 (0.52 <= x/a <= 1.7 from a = 200; below, and on the
 *   double-double path, 0.7 <= x/a <= 1.3, |eta| <= 0.34), where the terms
 *   of the stored polynomials left out add below 1e-21 and the powers a^-k
 *   left out below 1e-20 / a (TEMME_TRUNC charges 1e-19); the stored
 *   polynomials are those of the double-double path, whose truncation
 *   tests/data/poisson_ref.csv measures.
 *
 * REFERENCES
 *   A. Ziv, "Fast evaluation of elementary mathematical functions with
 *     correctly rounded last bit", ACM TOMS 17 (1991) 410-423.
 *   C. Loader, "Fast and accurate computation of binomial probabilities",
 *     2000 (bd0 and its series).
 *   N. J. Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed.,
 *     SIAM 2002, section 5.1 (running error bound for Horner's rule).
 *   T. J. Dekker, "A floating-point technique for extending the available
 *     precision", Numer. Math. 18 (1971) 224-242.
 *   N. M. Temme, Special Functions, Wiley 1996, section 11.2.4.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "bercl.h"
#include "coefficients.inc" /* Temme's C_k, stirlerr */
#include "dd.h"
#include "internal.h"
#include "regions.h"
#include "wide.h"
#include "poisson_fast.inc"

#define U 0x1p-53 /* unit roundoff */
/* the worst errors of the functions called, in units of u: exp, log and
 * log1p are arith/xmath.c's, within 0.51 ulp by its error analysis (MPFR's
 * check, tests/oracle/xmath_check, measures 0.504 on 1.2e6 points), charged
 * 1 ulp; erfc is the C library's (glibc 2.36, measured below 1.6 ulp over
 * 60000 arguments in [-6, 27] against 40-digit mpmath), charged 4 ulp. One
 * ulp is at most 2u relative. */
#define EXP_ERR (2.0 * U)
#define LOG_ERR (2.0 * U)
#define LOG1P_ERR (2.0 * U)
#define ERFC_ERR (8.0 * U)
#define REL_MAX 4e-15
#define LN_MAX 4e-15
#define SERIES_EPS 1e-18
#define TEMME_TRUNC 1e-19

/*
 * fmax and fmin without a call: compilers call the C library for them (for
 * its NaN rule), a call and the spills around it several times a tail.
 * The same double as glibc's on x86-64 in every case: the larger (smaller)
 * where one is, else y, as maxsd and minsd give it, equal zeros included;
 * where one is NaN, the other.
 */
static inline double max_d(double x, double y)
{
	return x > y ? x : y == y ? y : x;
}

static inline double min_d(double x, double y)
{
	return x < y ? x : y == y ? y : x;
}

/* A probability p: its double, the relative error bound of that double,
 * ln p as hi + lo and the absolute error bound of the logarithm. */
typedef struct {
	double val, rel;
	dd ln;
	double ln_err;
} tail;

/* n / d as hi + lo (lo from the exact remainder); relative error ~2u^2. */
static inline dd div_dd(dd n, dd d)
{
	double q = n.hi / d.hi;
	dd p = wide_two_prod(q, d.hi);
	double r = ((n.hi - p.hi) - p.lo) + n.lo - q * d.lo;
	return dd_fast_two_sum(q, r / d.hi);
}

/*
 * ln t for a normal t = t.hi + t.lo > 0; *err receives an absolute error
 * bound. m = t.hi 2^-e in [1/2, 1), c the nearest of LOG_TABLE's points
 * 1/2 + (j + 1/2)/128 (so m - c is exact and |m - c| <= 1/256), and
 * ln(m/c) = 2 atanh(tau), tau = (m - c)/(m + c) in double-double, whose
 * terms past 2 tau (below 4e-8) are summed in double.
 */
static dd ln_fast(dd t, double *err)
{
	/* t.hi = m 2^e, m in [1/2, 1), by its bits (t.hi normal) */
	uint64_t bits;
	memcpy(&bits, &t.hi, sizeof bits);
	int e = (int)((bits >> 52) & 0x7ff) - 1022;
	bits = (bits & 0x800fffffffffffffULL) | 0x3fe0000000000000ULL;
	double m;
	memcpy(&m, &bits, sizeof m);
	int j = (int)((m - 0.5) * 128.0);
	if (j > 63)
		j = 63;
	double c = 0.5 + (j + 0.5) / 128.0;
	dd tau = div_dd(dd_from(m - c), dd_two_sum(m, c));
	double t2 = tau.hi * tau.hi;
	double rest = 2.0 * tau.hi * t2 * (1.0 / 3 + t2 * (1.0 / 5 + t2 * (1.0 / 7 + t2 / 9)));
	dd r = dd_add(dd_make(LOG_TABLE[j][0], LOG_TABLE[j][1]), dd_make(2.0 * tau.hi, 2.0 * tau.lo));
	/* e ln 2: ln 2 = L1 + L2 + L3 + 3e-44, L1 and L2 with 42 bits each, so
	 * that e L1 and e L2 are exact for |e| < 2^11. (With ln 2 as two
	 * doubles the second product was rounded: up to 3.2e-27 in ln t at
	 * e = -589, 6.8e-15 in bd0 at k = 2e12, where the bound said 4e-15;
	 * found by the oracle at cl -e 2085798336422 -n 4.1080153459482844e+27
	 * -p 4.0529354204865128e-193: ln CL 5.7e-15 off.) */
	double ed = (double)e;
	dd el = dd_two_sum(ed * 0x1.62e42fefa3800p-1, ed * 0x1.ef35793c76800p-45);
	el.lo += ed * -0x1.9ff0342542fc3p-90;
	r = dd_add(r, el);
	r = dd_add_d(r, rest + t.lo / t.hi);
	/* rest: 8u relative, 3e-28 truncation, tau.lo left out of it (6 tau^2
	 * tau.lo); tau: 2u^2; the table: 1e-33; ln 2: 3e-44 |e| and the
	 * rounding of e L3 and of el.lo (u^2 |el| each); t.lo / t.hi dropped
	 * its square (u^2/2); four double-double additions: 2u^2 of their
	 * sums each. */
	*err = 8.0 * U * fabs(rest) + 6.0 * t2 * fabs(tau.lo) + 1e-27 + 1e-43 * fabs(ed) +
	       12.0 * U * U * (fabs(r.hi) + fabs(el.hi) + 1.0);
	return r;
}

/* ln_fast for the library's other files (internal.h). */
dd bercli_ln_fast(dd t)
{
	double err;
	return ln_fast(t, &err);
}

/*
 * B = bd0(k, x) = k ln(k/x) + x - k for whole k >= 1, x > 0, as hi + lo;
 * *err receives an absolute error bound. Returns 0 when x/k is too far
 * out for the reduction (below 1e-290 or above 1e290). The series' first
 * tail term 2k w^3 / 3 is taken in double-double from t1 >= t1_dd (0.03
 * for the Poisson paths, whose certificates need no more; 0 for the
 * binomial first term, whose bound of 2^-60 the double tail's 9u of t1
 * would miss from t1 = 0.001). t1_dd = BD0_LOG_FORM skips the series for
 * the logarithm's form, (x - k) - k ln(x/k): slower, but absolute error
 * about k u^2 where the series' tail in double leaves 9u of that tail
 * (Loader's series at |w| = 0.1 .. 0.25, bd0 of 10 or more).
 */
#define BD0_LOG_FORM (-1.0)
static int bd0_at(double k, double x, dd *b, double *err, double t1_dd)
{
	if (t1_dd >= 0 && x >= 0.5 * k && x <= 2.0 * k) {
		double d = k - x; /* exact (Sterbenz) */
		dd s = dd_two_sum(k, x);
		dd wd = div_dd(dd_from(d), s);
		double w = wd.hi;
		/* Loader's series while its tail t1 = 2k|w|^3/3 (...) is below
		 * 0.03, so that its rounding (9u of it) stays below 3e-17; up to
		 * t1 w^2 < 0.03 with t1 itself in double-double */
		double w2 = w * w, t1 = 2.0 * k * fabs(w) * w2 / 3.0;
		if (fabs(w) <= 0.25 && (t1 < 0.03 || t1 * w2 < 0.03)) {
			/* lead = d^2 / s exactly up to 2u^2 */
			dd lead = div_dd(wide_two_prod(d, d), s);
			/* tail = 2k w^3 sum_j w^(2j) / (2j + 3); terms kept, and a
			 * bound on w^(2 terms) */
			int terms = w2 < 1e-4 ? 6 : w2 < 4e-3 ? 9 : 16;
			double wpow = w2 < 1e-4 ? 1e-24 : w2 < 4e-3 ? 2.7e-22 : 5.5e-20;
			double trunc = 2.0 * k * fabs(w) * w2 * wpow / ((2 * terms + 3) * (1.0 - w2));
			/* 1 / (2j + 3), each the double nearest, as the division
			 * gives it (a division per term was most of this loop) */
			static const double inv_odd[16] = {
				1.0 / 3, 1.0 / 5, 1.0 / 7, 1.0 / 9, 1.0 / 11, 1.0 / 13,
				1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23, 1.0 / 25,
				1.0 / 27, 1.0 / 29, 1.0 / 31, 1.0 / 33,
			};
			double p = 0.0;
			for (int jj = terms - 1; jj >= 1; jj--)
				p = p * w2 + inv_odd[jj];
			double tl, extra = 0.0;
			if (t1 < t1_dd || w == 0) {
				p = p * w2 + 1.0 / 3;
				tl = w == 0 ? 0.0 : (2.0 * k * w) * w2 * p * (1.0 + 3.0 * wd.lo / w);
				*b = dd_add_d(lead, tl);
			} else {
				/* 2k w^3 / 3 from w = wd.hi + wd.lo: error-free
				 * products, u^2 terms kept */
				dd q2 = wide_two_prod(w, w);
				q2.lo += 2.0 * w * wd.lo;
				dd q3 = wide_two_prod(q2.hi, w);
				q3.lo += q2.lo * w + q2.hi * wd.lo;
				dd c3 = wide_two_prod(2.0 * k, q3.hi);
				c3.lo += 2.0 * k * q3.lo;
				dd c = wide_two_prod(c3.hi, ONE_THIRD_HI);
				c.lo += c3.lo * ONE_THIRD_HI + c3.hi * ONE_THIRD_LO;
				tl = (2.0 * k * w) * w2 * w2 * p * (1.0 + 5.0 * wd.lo / w);
				*b = dd_add_d(dd_add(lead, c), tl);
				extra = 10.0 * U * U * fabs(c.hi);
			}
			/* w^3 from w = wd.hi + wd.lo (2u^2): 2u for 2 k w and w^2,
			 * 1u for the correction; p: 3u; three products: 3u; lead:
			 * 3u^2; the sums: 2u^2 each. */
			*err = 9.0 * U * fabs(tl) + trunc + extra + 7.0 * U * U * fabs(b->hi);
			return 1;
		}
	}
	dd t = div_dd(dd_from(x), dd_from(k));
	if (!(t.hi > 1e-290 && t.hi < 1e290))
		return 0;
	double eln;
	dd lt = ln_fast(t, &eln);
	/* bd0 = (x - k) - k ln t */
	dd klt = wide_two_prod(k, lt.hi);
	klt.lo += k * lt.lo;
	*b = dd_sub(dd_two_sum(x, -k), klt);
	*err = k * eln + 6.0 * U * U * (fabs(klt.hi) + fabs(x) + k);
	return 1;
}

/* bd0(k, x + xl) for a double-double x + xl, |xl| <= u x (t1_dd: bd0_at's). */
static int bd0_fast(double k, double x, double xl, dd *b, double *err, double t1_dd)
{
	if (!bd0_at(k, x, b, err, t1_dd))
		return 0;
	/* x + xl: bd0 moves by (1 - k/x) xl + k xl^2 / (2 x^2), to within
	 * k |xl/x|^3 / 3 (bd0'' = k/x^2, bd0''' = -2k/x^3); the square term
	 * is all there is at x = k (without it B = 0 +- k (xl/x)^2 left z
	 * uncertain by sqrt of that: 2e-15 in cl at E = 609, x = 610 + 6e-14).
	 * (1 - k/x) xl: near x = k as (x - k) xl / x, x - k exact (Sterbenz);
	 * 1 - k/x cancels (E = 3e13, x - k = 0.6: 0.6 % off, 9e-14 in cl) */
	double r = xl / x;
	double c = (x >= 0.5 * k && x <= 2.0 * k ? (x - k) / x * xl : (1.0 - k / x) * xl) +
	           0.5 * k * r * r;
	*b = dd_add_d(*b, c);
	*err += 4.0 * U * fabs(c) + k * fabs(r * r * r) + 2.0 * U * U * fabs(b->hi);
	return 1;
}

/*
 * ln b(k; N, p) = ln(C(N, k) p^k q^(N-k)), q = 1 - p = q.hi + q.lo, for
 * whole 0 <= k < N <= 2^53, by Loader's saddle-point form as pmf.c's
 * bercli_ln_binomial_pmf() writes it,
 *   ln b = stirlerr(N) - stirlerr(k) - stirlerr(N-k) - bd0(k, Np)
 *          - bd0(N-k, Nq) + ln(N / (2 pi k (N-k)))/2,
 * with this file's bd0_fast and ln_fast in place of the double-double
 * logarithms (which were most of the binomial tails' cost, in their first
 * terms and re-anchorings; make bench's binomial line measures it). k = 0 is
 * N ln(1 - p) = -N (p + p^2/2 + p^3 (1/3 + p/4 + ... + p^7/10)) for
 * p < 2^-10 (the first two in double-double, the rest in double,
 * truncation below p^11 / 10), else N ln_fast(q). The stirlerr sum is
 * the same double as pmf.c's. Returns 1 with *l when the running bound
 * on everything else is at most BERCLI_BINOM_LN_MAX (internal.h), else
 * 0, and the caller takes pmf.c's double-double form (about 1e-30
 * relative); so a tail moves by no more than that bound either way.
 */
int bercli_ln_binomial_pmf_fast(double k, double n, double p, dd q, dd *l)
{
	if (!(k >= 0 && k < n && n <= 0x1p53))
		return 0;
	double err;
	if (k == 0 && !(p < 0x1p-10)) {
		/* N ln q: ln_fast's bound times N, and the product's 2u^2 */
		double elq;
		dd lq = ln_fast(q, &elq);
		dd nl = wide_two_prod(n, lq.hi);
		nl.lo += n * lq.lo;
		*l = dd_fast_two_sum(nl.hi, nl.lo);
		err = n * elq + 2.0 * U * U * fabs(nl.hi);
		return err <= BERCLI_BINOM_LN_MAX;
	}
	if (k == 0) {
		double tl = 1.0 / 10;
		for (int j = 9; j >= 3; j--)
			tl = tl * p + 1.0 / j;
		double p3 = p * p * p * tl;
		dd p2 = wide_two_prod(p, p);
		dd s = dd_add_d(dd_add(dd_from(p), dd_make(0.5 * p2.hi, 0.5 * p2.lo)), p3);
		dd ns = wide_two_prod(n, s.hi);
		ns.lo += n * s.lo;
		*l = dd_neg(dd_fast_two_sum(ns.hi, ns.lo));
		/* the tail: 3 roundings of p^3 and 9 of Horner's rule (p < 2^-10),
		 * its truncation; two double-double sums and the product: 6u^2 */
		err = n * (12.0 * U * p3 + 2.0 * p3 * p * p * p * p * p * p * p / 11.0) +
		      8.0 * U * U * fabs(ns.hi);
		return err <= BERCLI_BINOM_LN_MAX;
	}
	double nk = n - k; /* exact: whole, below 2^53 */
	dd x1 = wide_two_prod(n, p); /* N p exactly */
	dd x2 = wide_two_prod(n, q.hi);
	x2.lo += n * q.lo;
	x2 = dd_fast_two_sum(x2.hi, x2.lo); /* N q to 2u^2 */
	dd b1, b2;
	double e1, e2;
	if (!bd0_fast(k, x1.hi, x1.lo, &b1, &e1, 0) || !bd0_fast(nk, x2.hi, x2.lo, &b2, &e2, 0))
		return 0;
	/* the series' tail left too much: the logarithm's form where it is
	 * better (bd0(k, N p) at k 10 to 25 % from N p) */
	if (e1 > BERCLI_BINOM_LN_MAX / 4) {
		dd bl;
		double el;
		if (bd0_fast(k, x1.hi, x1.lo, &bl, &el, BD0_LOG_FORM) && el < e1)
			b1 = bl, e1 = el;
	}
	if (e2 > BERCLI_BINOM_LN_MAX / 4) {
		dd bl;
		double el;
		if (bd0_fast(nk, x2.hi, x2.lo, &bl, &el, BD0_LOG_FORM) && el < e2)
			b2 = bl, e2 = el;
	}
	/* N / (k (N - k)): the product exact, the quotient to 2u^2 */
	dd t = div_dd(dd_from(n), wide_two_prod(k, nk));
	double elt;
	dd lt = ln_fast(t, &elt);
	dd c = dd_sub(dd_make(0.5 * lt.hi, 0.5 * lt.lo), dd_make(HALF_LN_2PI_HI, HALF_LN_2PI_LO));
	c = dd_add_d(c, bercli_stirlerr(n) - bercli_stirlerr(k) - bercli_stirlerr(nk));
	dd b = dd_add(b1, b2);
	*l = dd_add(dd_neg(b), c);
	/* bd0 moves by (1 - k/x) dx: N q's 2u^2 gives 2u^2 |N q - (N - k)|;
	 * t's 2u^2 is 2u^2 in its logarithm, halved; four double-double sums,
	 * 2u^2 of their operands each */
	err = e1 + e2 + 2.0 * U * U * fabs(x2.hi - nk) + 0.5 * (elt + 2.0 * U * U) +
	      8.0 * U * U * (fabs(b1.hi) + fabs(b2.hi) + fabs(c.hi) + 1.0);
	return err <= BERCLI_BINOM_LN_MAX;
}

/*
 * The tail exp(-b) * f, f > 0 of moderate size with relative error bound
 * f_rel, b with absolute error bound b_err.
 */
static tail make_tail(dd b, double b_err, double f, double f_rel, int want_ln)
{
	tail t;
	/* values only: exp(-B) f is normal while B < 680 (ln f > -20 here) */
	if (!want_ln && b.hi < 680.0) {
		t.val = bercli_exp(-b.hi) * (1.0 - b.lo) * f;
		t.rel = b_err + EXP_ERR + 3.0 * U + f_rel + b.lo * b.lo + 2.0 * U * U;
		t.ln = dd_from(0.0);
		t.ln_err = 0.0;
		return t;
	}
	/* ln f: the C library's log (as the double-double path takes it) when
	 * |ln f| < 8, where its error is below 16u; else ln_fast */
	double lf_err, l1 = bercli_log(f);
	dd lf;
	if (fabs(l1) < 8.0)
		lf = dd_from(l1), lf_err = LOG_ERR * fabs(l1);
	else
		lf = ln_fast(dd_from(f), &lf_err);
	t.ln = dd_add(dd_neg(b), lf);
	t.ln_err = b_err + f_rel + lf_err + 4.0 * U * U * (fabs(b.hi) + fabs(lf.hi));
	if (t.ln.hi > -708.0) {
		t.val = bercli_exp(-b.hi) * (1.0 - b.lo) * f;
		t.rel = b_err + EXP_ERR + 3.0 * U + f_rel + b.lo * b.lo + 2.0 * U * U;
	} else {
		t.val = bercl_lnprob_value((bercl_lnprob){t.ln.hi, t.ln.lo});
		t.rel = 0.0; /* below the normal range: from its logarithm */
	}
	if (t.val < DBL_MIN)
		t.rel = 0.0;
	return t;
}

/* 1 - s for a tail s below about 0.6. */
static tail complement(tail s, int want_ln)
{
	tail t;
	double ratio = s.val / (1.0 - s.val);
	t.val = 1.0 - s.val;
	t.rel = U + s.rel * ratio;
	if (!want_ln) {
		t.ln = dd_from(0.0);
		t.ln_err = 0.0;
		return t;
	}
	/* ln(1 - s): below s = 1e-4 its series to s^4 is exact to s^5/5 */
	double sv = s.val;
	t.ln = dd_from(sv < 1e-4 ? -sv * (1.0 + sv * (0.5 + sv * (1.0 / 3 + sv * 0.25)))
	                         : bercli_log1p(-sv));
	t.ln_err = LOG1P_ERR * fabs(t.ln.hi) + s.rel * ratio;
	if (s.rel == 0.0 && s.val > 0.0) /* s below the normal range */
		t.ln_err += ratio * 1e-16;
	return t;
}

/*
 * pois(m; x) = exp(-B) / sqrt(2 pi m) for whole m >= 0 (exp(-x) at m = 0):
 * B into *b, its bound into *b_err, the factor into *f and its relative
 * bound into *f_rel. Returns 0 when bd0_fast cannot.
 */
static int pmf_parts(double m, double x, double xl, dd *b, double *b_err, double *f,
                     double *f_rel)
{
	if (m == 0) {
		*b = dd_two_sum(x, xl);
		*b_err = 0.0;
		*f = 1.0;
		*f_rel = 0.0;
		return 1;
	}
	if (!bd0_fast(m, x, xl, b, b_err, 0.03))
		return 0;
	double st = bercli_stirlerr(m);
	*b = dd_add_d(*b, st);
	/* stirlerr: 4u relative (table or Stirling series); the sum: 2u^2 */
	*b_err += 4.0 * U * st + 2.0 * U * U * fabs(b->hi);
	*f = 1.0 / sqrt(6.283185307179586477 * m);
	*f_rel = 3.0 * U;
	return 1;
}

/*
 * A series sum_n t_n with t_0 = 1, t_n = t_(n-1) r_n, as in poisson.c:
 * lower (P): r_n = x / (a + n); down (Q): r_n = (a - n) / x, at most a - 1
 * terms; up (Q, x < a < 25): r_n = x / n, exactly a terms. *rel receives
 * a relative error bound (term n carries 2n roundings; the sum is
 * compensated (Fast2Sum), so it adds one rounding in all; truncation: the
 * next term times r/(1 - r)).
 */
enum series { LOWER, DOWN, UP };

static double series(enum series kind, double a, double x, double xl, double *rel)
{
	/* the ratios use x alone: |xl/x| more relative error each */
	double per = 2.0 + fabs(xl / x) / U;
	double term = 1.0, sum = 1.0, lo = 0.0, err = 0.0, ratio = 0.0;
	double n = 1.0;
	for (;; n += 1.0) {
		if (kind == LOWER)
			ratio = x / (a + n);
		else if (kind == DOWN) {
			if (a - n < 1.0) {
				ratio = 0.0;
				break;
			}
			ratio = (a - n) / x;
		} else {
			if (n >= a) {
				ratio = 0.0;
				break;
			}
			ratio = x / n;
		}
		term *= ratio;
		double t = sum + term; /* compensated: sum >= term for DOWN, LOWER */
		lo += kind == UP && term > sum ? (term - t) + sum : (sum - t) + term;
		sum = t;
		err += term * n * per;
		if (kind != UP && ratio < 1.0 && term < SERIES_EPS * sum)
			break;
		if (n > 2000.0) { /* slow convergence: leave it to the slow path */
			*rel = 1.0;
			return sum;
		}
	}
	double trunc = ratio < 1.0 ? term * ratio / (1.0 - ratio) : 0.0;
	if (ratio >= 1.0)
		trunc = INFINITY;
	sum += lo;
	*rel = (err * U * 1.01 + trunc) / sum + U;
	return sum;
}

/* exp(-b) f S for a series S: the tail, or a rel of 1 when uncertifiable. */
static int series_tail(double m, double x, double xl, enum series kind, double a, tail *out,
                       int want_ln)
{
	dd b;
	double b_err, f, f_rel, s_rel;
	if (!pmf_parts(m, x, xl, &b, &b_err, &f, &f_rel))
		return 0;
	double s = series(kind, a, x, xl, &s_rel);
	if (s_rel > REL_MAX)
		return 0;
	*out = make_tail(b, b_err, f * s, f_rel + s_rel + U, want_ln);
	return 1;
}

/* erfcx(z) = exp(z^2) erfc(z), z >= 0, as in poisson.c; *rel its bound. */
static double erfcx_fast(double z, double *rel)
{
	if (z < 12.0) {
		dd z2 = wide_two_prod(z, z);
		*rel = ERFC_ERR + EXP_ERR + 3.0 * U;
		return erfc(z) * bercli_exp(z2.hi) * (1.0 + z2.lo);
	}
	double t = 1.0 / (2.0 * z * z), term = 1.0, sum = 1.0;
	for (int n = 1; n <= 14; n++) {
		term *= -(2.0 * n - 1.0) * t;
		sum += term;
	}
	/* terms after the first are below t < 1/288 (their 2n roundings add
	 * under u/100); the last addition, z sqrt(pi) and the division: 4u;
	 * the first term left out is below 1e-21 */
	*rel = 5.0 * U + 1e-21;
	return sum / (z * 1.7724538509055160273);
}

/*
 * sum_k C_k(eta) a^-k as temme_sum in poisson.c, but only the terms that
 * can count: the degree in eta (by the band of |eta| and the range of a:
 * the larger a, the lower) and the number of a^-k terms come from
 * poisson_fast.inc (tools/gen_fast_tables.py), which also bounds the
 * rounding error of these Horner rules; *err receives an absolute bound
 * (that, the stored coefficients' own rounding, u/2 of |C_k| < 0.37, and
 * the terms left out).
 */
static double temme_sum_fast(double eta, double a, double *err)
{
	double ae = fabs(eta), inv_a = 1.0 / a, s = 0.0;
	int b = 0;
	while (b < TEMME_BANDS - 1 && ae > TEMME_BAND[b])
		b++;
	if (ae > TEMME_BAND[b]) {
		*err = INFINITY;
		return 0.0;
	}
	int terms = 2, ar = 0;
	while (a < TEMME_TERMS_A[terms])
		terms++;
	while (ar < TEMME_AS - 1 && a >= TEMME_A_EDGE[ar + 1])
		ar++;
	const unsigned char *deg = TEMME_DEG[b][ar];
	/* C_k and C_(k-1) by Horner's rule side by side (two chains, each in
	 * the order of one alone, so the same doubles): the coefficients of
	 * one polynomial wait on each other, not on the other's */
	int k = terms - 1;
	for (; k >= 1; k -= 2) {
		double c1 = 0.0, c0 = 0.0;
		int j1 = deg[k], j0 = deg[k - 1];
		for (; j1 > j0; j1--)
			c1 = c1 * eta + TEMME_C[k][j1];
		for (; j0 > j1; j0--)
			c0 = c0 * eta + TEMME_C[k - 1][j0];
		for (; j1 >= 0; j1--) {
			c1 = c1 * eta + TEMME_C[k][j1];
			c0 = c0 * eta + TEMME_C[k - 1][j1];
		}
		s = s * inv_a + c1;
		s = s * inv_a + c0;
	}
	if (k == 0) {
		double c = 0.0;
		for (int j = deg[0]; j >= 0; j--)
			c = c * eta + TEMME_C[0][j];
		s = s * inv_a + c;
	}
	*err = U * (TEMME_HORNER_ERR[b][ar] + 0.2) + TEMME_TRUNC;
	return s;
}

static int temme_fast(double a, double x, double xl, tail *p, tail *q, int want_ln)
{
	dd b;
	double b_err;
	if (!bd0_fast(a, x, xl, &b, &b_err, 0.03))
		return 0;
	/* z = +-sqrt(B): its error is taken as relative (half B's) while B is
	 * well above its error; within 4x of it (x + xl within ~1 of a: B =
	 * 2.5e-18 +- 1e-17 gave 1.8e-9 certified as 4e-15 when taken as
	 * relative) as absolute, |dz| <= sqrt(b_err) + roundings, which only
	 * the central case below (B < 1) can take */
	int near = !(b.hi > 4.0 * b_err);
	if (near && !(b.hi < 1.0))
		return 0;
	double phi = b.hi / a;
	double eta = sqrt(2.0 * max_d(phi, 0.0));
	/* the sign of x + xl - a: x - a is exact near a (Sterbenz), and x alone
	 * can round to a while x + xl < a (E = 1.8e15: 1.8e-9 off) */
	if ((x - a) + xl < 0)
		eta = -eta;
	double z = eta * sqrt(0.5 * a);
	/* z: B's relative error halved, the roundings of phi, 2 phi, sqrt,
	 * eta sqrt(a/2) and sqrt(a/2) */
	double z_rel = 0.5 * (b_err / max_d(b.hi, DBL_MIN) + 2.0 * U) + 4.0 * U;
	double dz = near ? sqrt(b_err) + 5.0 * U * fabs(z) : fabs(z) * z_rel;
	double s_err, s = temme_sum_fast(eta, a, &s_err);
	double g = 1.0 / sqrt(6.283185307179586477 * a);
	double ts = s * g;
	/* C_k' is below 0.12 for |eta| <= 0.6: the sum's sensitivity to eta */
	double ts_err = (s_err + 0.12 * dz * sqrt(2.0 / a)) * g + 4.0 * U * fabs(ts);
	if (b.hi < 1.0) {
		/* Both tails of order one. erfc(+-z) moves by 2/sqrt(pi) e^-z^2 dz. */
		double r = bercli_exp(-b.hi) * ts;
		double r_err = ts_err + fabs(r) * (b_err + EXP_ERR + 2.0 * U);
		double ez = 0.5 * 1.1283791670955126 * bercli_exp(-z * z) * dz;
		double hp = 0.5 * erfc(-z), hq = 0.5 * erfc(z);
		p->val = hp - r;
		q->val = hq + r;
		if (!(p->val > 0 && q->val > 0))
			return 0;
		p->rel = (hp * ERFC_ERR + r_err + ez) / p->val + U;
		q->rel = (hq * ERFC_ERR + r_err + ez) / q->val + U;
		p->ln = q->ln = dd_from(0.0);
		p->ln_err = q->ln_err = 0.0;
		if (want_ln) {
			p->ln = dd_from(bercli_log(p->val));
			q->ln = dd_from(bercli_log(q->val));
			p->ln_err = p->rel + LOG_ERR * fabs(p->ln.hi);
			q->ln_err = q->rel + LOG_ERR * fabs(q->ln.hi);
		}
		return 1;
	}
	/* The smaller tail exp(-B) (erfcx(|z|)/2 -+ ts). erfcx moves by at
	 * most |z dz| 2/(|z| + sqrt(z^2 + 2)) < |dz/z| relative, from the
	 * bounds 2/(sqrt(pi)(z + sqrt(z^2 + 2))) < erfcx(z) < 2/(sqrt(pi)(z +
	 * sqrt(z^2 + 4/pi))) (Abramowitz & Stegun 7.1.13). */
	double ex_rel, ex = erfcx_fast(fabs(z), &ex_rel);
	double h = 0.5 * ex, br = eta > 0 ? h + ts : h - ts;
	if (!(br > 0))
		return 0;
	double br_rel = (h * (ex_rel + z_rel) + ts_err) / br + U;
	tail sm = make_tail(b, b_err, br, br_rel, want_ln);
	if (eta > 0) {
		*q = sm;
		*p = complement(sm, want_ln);
	} else {
		*p = sm;
		*q = complement(sm, want_ln);
	}
	return 1;
}

/*
 * Values only: 1 when the tail exp(-bd0(k, x)) bounds from above lies below
 * e^-745.2 < 2^-1075, half the smallest subnormal, so that the tail's
 * nearest double is 0. The Chernoff bounds P[X >= k] <= exp(-bd0(k, x)) for
 * k > x and P[X <= k] <= exp(-bd0(k, x)) for k < x (bd0(0, x) = x) need no
 * series and no precise logarithm: bd0 = k ln(k/x) + x - k in plain double
 * is off by at most 8u (k |ln(k/x)| + k + x), x + xl included.
 * (H. Chernoff, Ann. Math. Statist. 23 (1952) 493-507; for the Poisson
 * law the bound is e^-x (e x / k)^k = exp(-bd0(k, x)) on either side.)
 */
static int tail_underflows(double k, double x)
{
	/* bd0 <= (k - x)^2 / min(k, x) (k phi(x/k), phi(t) = t - 1 - ln t
	 * <= (t - 1)^2 / min(1, t)): no logarithm where that is below 745 */
	double d = k - x;
	if (d * d < 745.0 * min_d(k, x))
		return 0;
	if (k == 0.0)
		return x * (1.0 - 8.0 * U) > 745.2;
	double t = k / x;
	if (!(t < DBL_MAX)) /* k/x beyond the range: k ln(k/x) > 708 k */
		return k >= 2.0;
	double l = bercli_log(t), b = k * l + (x - k);
	return b - 8.0 * U * (k * fabs(l) + k + x) > 745.2;
}

/* A tail from its wide value v with relative bound rel before the
 * rounding to double (one more u), its logarithm not yet known (0). */
static void tail_from_wf(tail *t, wf v, double rel)
{
	t->val = wf_hi(v);
	t->rel = rel + U;
	t->ln = dd_from(0.0);
	t->ln_err = 0.0;
}

#ifdef BERCL_WIDE_LD
/* 1/n in long double, n < 128 (the compiler rounds each once) */
static const long double INV_N[128] = {
	0.0L,
	1.0L / 1, 1.0L / 2, 1.0L / 3, 1.0L / 4, 1.0L / 5, 1.0L / 6, 1.0L / 7, 1.0L / 8,
	1.0L / 9, 1.0L / 10, 1.0L / 11, 1.0L / 12, 1.0L / 13, 1.0L / 14, 1.0L / 15, 1.0L / 16,
	1.0L / 17, 1.0L / 18, 1.0L / 19, 1.0L / 20, 1.0L / 21, 1.0L / 22, 1.0L / 23,
	1.0L / 24, 1.0L / 25, 1.0L / 26, 1.0L / 27, 1.0L / 28, 1.0L / 29, 1.0L / 30,
	1.0L / 31, 1.0L / 32, 1.0L / 33, 1.0L / 34, 1.0L / 35, 1.0L / 36, 1.0L / 37,
	1.0L / 38, 1.0L / 39, 1.0L / 40, 1.0L / 41, 1.0L / 42, 1.0L / 43, 1.0L / 44,
	1.0L / 45, 1.0L / 46, 1.0L / 47, 1.0L / 48, 1.0L / 49, 1.0L / 50, 1.0L / 51,
	1.0L / 52, 1.0L / 53, 1.0L / 54, 1.0L / 55, 1.0L / 56, 1.0L / 57, 1.0L / 58,
	1.0L / 59, 1.0L / 60, 1.0L / 61, 1.0L / 62, 1.0L / 63, 1.0L / 64, 1.0L / 65,
	1.0L / 66, 1.0L / 67, 1.0L / 68, 1.0L / 69, 1.0L / 70, 1.0L / 71, 1.0L / 72,
	1.0L / 73, 1.0L / 74, 1.0L / 75, 1.0L / 76, 1.0L / 77, 1.0L / 78, 1.0L / 79,
	1.0L / 80, 1.0L / 81, 1.0L / 82, 1.0L / 83, 1.0L / 84, 1.0L / 85, 1.0L / 86,
	1.0L / 87, 1.0L / 88, 1.0L / 89, 1.0L / 90, 1.0L / 91, 1.0L / 92, 1.0L / 93,
	1.0L / 94, 1.0L / 95, 1.0L / 96, 1.0L / 97, 1.0L / 98, 1.0L / 99, 1.0L / 100,
	1.0L / 101, 1.0L / 102, 1.0L / 103, 1.0L / 104, 1.0L / 105, 1.0L / 106, 1.0L / 107,
	1.0L / 108, 1.0L / 109, 1.0L / 110, 1.0L / 111, 1.0L / 112, 1.0L / 113, 1.0L / 114,
	1.0L / 115, 1.0L / 116, 1.0L / 117, 1.0L / 118, 1.0L / 119, 1.0L / 120, 1.0L / 121,
	1.0L / 122, 1.0L / 123, 1.0L / 124, 1.0L / 125, 1.0L / 126, 1.0L / 127
};
static inline wf inv_n(int n)
{
	return INV_N[n];
}
static const wf EXP_C[8] = {1.0L, 1.0L, 0.5L, 1.0L / 6, 1.0L / 24, 1.0L / 120, 1.0L / 720, 1.0L / 5040};
#define TWO_PI 6.283185307179586476925286766559L
#define SQRT_PI 1.772453850905516027298167483341145L
#define ERFCX_COEF(k) ERFCX_C[k]
#else
/* 1/n, 1/n!, 2 pi, sqrt(pi) and erfcx's coefficients as hi + lo
 * (poisson_fast.inc): one rounding each, as in long double */
static inline wf inv_n(int n)
{
	return WF_CONST(0, INV_N_DD[n][0], INV_N_DD[n][1]);
}
static inline wf exp_c(int n)
{
	return WF_CONST(0, EXP_C_DD[n][0], EXP_C_DD[n][1]);
}
#define WF_PAIR_(hi, lo) WF_CONST(0, hi, lo)
#define WF_PAIR(p) WF_PAIR_(p)
#define TWO_PI WF_PAIR(TWO_PI_DD)
#define SQRT_PI WF_PAIR(SQRT_PI_DD)
#define ERFCX_COEF(k) WF_CONST(0, ERFCX_CD[k][0], ERFCX_CD[k][1])
#endif

/*
 * e^-(x + xl) in the wide type for 0 <= x <= 700, |xl| <= u x: with n =
 * round(32 x / ln 2), r = n ln2/32 - (x + xl) (n LN2_32_HI exact: in long
 * double, 48 + 15 bits; in double-double, by an exact product; the
 * difference exact by Sterbenz), |r| <= ln2/64, e^-(x + xl) = 2^(-n/32) e^r;
 * 2^(-n/32) = 2^k 2^(j/32) from EXP2_TABLE (double-double, rounded once to
 * the wide type) and e^r by its Taylor polynomial of degree 7 (the rest is
 * below 5.1e-21 relative). Error below bercli_exp_neg_err(x) (with u_w =
 * WF_U, the wide type's rounding: table 1, reduction 1, polynomial 3,
 * products 2 u_w; truncation 5.1e-21, on x86-64 0.1 u_w; ln2/32's own
 * error, 3.1e-33 n < 1.1e-28; in plain double also the rounded n LN2_32_HI,
 * 2u x; in long double the rounding of x + xl to the wide type, u_w x),
 * where glibc's exp in double would leave its 1/2 ulp in the result.
 * (The table-driven reduction of P. T. P. Tang, ACM TOMS 15 (1989) 144-157.)
 */
wf bercli_exp_neg_wf(double x, double xl)
{
	long n = (long)(x * (32.0 / 0.69314718055994530942) + 0.5);
	wf X = wf_sum(x, xl);
	wf r = wf_add(wf_sub(wf_prod((double)n, LN2_32_HI), X), wf_prod((double)n, LN2_32_LO));
#ifdef BERCL_WIDE_LD
	wf p = EXP_C[7];
	for (int i = 6; i >= 0; i--)
		p = wf_add(EXP_C[i], wf_mul(r, p));
#else
	wf p = exp_c(7);
	for (int i = 6; i >= 0; i--)
		p = wf_add(exp_c(i), wf_mul(r, p));
#endif
	long m = -n, k = m >= 0 ? m / 32 : -((31 - m) / 32); /* floor(m / 32) */
	int j = (int)(m - 32 * k);
	uint64_t bits = (uint64_t)(1023 + k) << 52;
	double p2;
	memcpy(&p2, &bits, sizeof p2);
	return wf_mul_d(wf_mul(p, wf_sum(EXP2_TABLE[j][0], EXP2_TABLE[j][1])), p2);
}

double bercli_exp_neg_err(double x)
{
#if defined(BERCL_WIDE_LD) || defined(BERCL_WIDE_X87)
	/* 8 u_w on x86-64 (x87: 7 u_w + 5.1e-21 + 1.1e-28 is below it),
	 * the sum where long double is wider and is forced (bench/xbench);
	 * plus x u_w: X = x + xl is rounded to the wide type (in double-double
	 * it is exact), an error of up to u_w (x + |xl|) in the exponent and so
	 * in e^-X relative (without it, at E = 0, x = 33.56, ln(1 - CL) was
	 * 1.6e-18 off against a bound of 6.0e-19, and bercl_min_bits decided
	 * a bit the wrong way) */
	return max_d(8.0 * WF_U, 7.0 * WF_U + 5.1e-21 + 1.1e-28) + 1.01 * WF_U * x;
#elif defined(BERCL_WIDE_D)
	return 7.0 * WF_U + 5.1e-21 + 2.0 * U * x;
#else
	(void)x;
	return 7.0 * WF_U + 5.1e-21 + 1.1e-28;
#endif
}

/*
 * a = E + 1 < 25, x + xl at most 700: both tails from e^-x and the terms
 * x^n/n!, in the wide type (u_w = WF_U: 2^-64 in long double, 2^-100 in
 * double-double, so that the sums' roundings and e^-x (bercli_exp_neg_wf) stay
 * below u/20 and the result is all but correctly rounded):
 *   Q = P[X <= E] = e^-x sum_{n=0}^{E} x^n/n!  (positive terms, always),
 *   P = P[X >= a] = e^-x (x^a/a!) sum_{j>=0} prod_{i=1}^{j} x/(a + i)
 *       while Q >= 1/2 (then x < a + 1/2, and the ratios fall below
 *       a/(a + 1) and on), else 1 - Q (below 2u of P: P > 1/2).
 * The ratios are x times a stored 1/n (INV_N), so that no division waits
 * on the last; term n of the finite sum carries 3n + 1 roundings, the sum
 * n more; the series' term j 3j more, its truncation is bounded by the next term times
 * r/(1 - r). 0 (the caller goes on) when a term or a tail falls below
 * 2^-1000 (the terms are never below min(1, x^a/a!) / S), or when the
 * wide type is too short to certify (plain double, from E = 8 or so).
 */
static int small_wf(double errors, double x, double xl, int want_ln, tail *p, tail *q)
{
	const wa ul = WF_U;
	double a = errors + 1.0;
	if (!(x <= 700.0))
		return 0;
	wf X = wf_sum(x, xl), t = wf_d(1.0), qs = wf_d(1.0);
	for (int n = 1; n <= (int)errors; n++) {
		t = wf_mul(t, wf_mul(X, inv_n(n)));
		qs = wf_add(qs, t);
	}
	wf ex = bercli_exp_neg_wf(x, xl);
	wf ql = wf_mul(ex, qs), pl;
	double ex_rel = bercli_exp_neg_err(x);
	double q_rel = ex_rel + (4.0 * errors + 3.0) * ul * 1.01;
	double p_rel;
	if (WF_A(ql) >= 0.5) {
		/* P by its series: term j = prod x/(a + i) */
		int n = (int)a, j;
		wf r = wf_mul(wf_mul(t, X), inv_n(n)), term = wf_d(1.0), sum = wf_d(1.0);
		wf ratio = wf_d(0.0);
		wa err = 0;
		for (j = 1; n + j < 128; j++) {
			ratio = wf_mul(X, inv_n(n + j));
			term = wf_mul(term, ratio);
			sum = wf_add(sum, term);
			err += WF_A(term) * (3 * j);
			if (WF_A(term) < 0x1p-70 * WF_A(sum))
				break;
		}
		wa ra = WF_A(ratio);
		if (n + j >= 128 || !(ra < 1.0))
			return 0;
		pl = wf_mul(wf_mul(ex, r), sum);
		p_rel = ex_rel + ((3.0 * errors + 4.0) * ul + (double)((err * ul * (wa)1.01L +
		         WF_A(term) * ra / (1 - ra)) / WF_A(sum)) + 2.0 * ul) * 1.01;
	} else {
		pl = wf_sub(wf_d(1.0), ql);
		p_rel = (q_rel * wf_hi(ql) + ul) / wf_hi(pl);
	}
	if (!(WF_A(pl) >= 0x1p-1000 && WF_A(ql) >= 0x1p-1000))
		return 0;
	tail_from_wf(p, pl, p_rel);
	tail_from_wf(q, ql, q_rel);
	if (p->rel > REL_MAX || q->rel > REL_MAX)
		return 0;
	if (want_ln) {
		/* ln of the smaller tail from its wide value (hi + lo), of
		 * the larger as log1p of minus the smaller */
		int p_smaller = WF_A(pl) < WF_A(ql);
		tail *sm = p_smaller ? p : q, *lg = p_smaller ? q : p;
		wf sv = p_smaller ? pl : ql;
		double hi = wf_hi(sv), lo = wf_lo(sv), e;
		double sm_rel = sm->rel - U;
		sm->ln = ln_fast(dd_make(hi, lo), &e);
		sm->ln_err = e + sm_rel * 1.01;
		double l1 = bercli_log1p(-hi);
		lg->ln = dd_from(l1);
		lg->ln_err = LOG1P_ERR * fabs(l1) + (sm_rel + U) * hi / (1.0 - hi);
	}
	return 1;
}

/*
 * erfcx(z) = exp(z^2) erfc(z) for z >= 0 in the wide type; *rel receives
 * its relative error bound. Below 12 the polynomials of poisson_fast.inc
 * (tools/gen_fast_tables.py: fit error ERFCX_FIT, below 2e-21) in t = z -
 * ERFCX_MID, by Horner's rule in t^2 on the even and the odd coefficients
 * (two chains at once); each term carries at most 1.5 deg + 4 roundings
 * (its coefficient's included), so the sum is within (2 deg + 8) u_w
 * ERFCX_COND of the polynomial. From 12 the asymptotic series of
 * erfcx_fast, 14 terms (the next is below 1e-21), summed in the wide type.
 */
static wf erfcx_wf(wf z, double *rel)
{
	const double ul = WF_U;
	wa zr = WF_A(z);
	if (zr < 12.0) {
		/* the piece: [0, 2) by halves, [2, 4) by ones, [4, 8) by twos, then
		 * [8, 12); by comparisons, which give the index that truncating
		 * 2 zr, zr or (zr - 4) / 2 (each exact) would, without converting
		 * a long double to int: on x87 that loads the control word twice
		 * (fldcw), and each load stalls the pipeline (perf: the hottest
		 * instructions of fast_tails on make bench's Python tails) */
		int i = zr < 2   ? (zr < 1 ? (zr < 0.5 ? 0 : 1) : (zr < 1.5 ? 2 : 3))
		        : zr < 4 ? (zr < 3 ? 4 : 5)
		        : zr < 8 ? (zr < 6 ? 6 : 7)
		                 : 8;
		int c = ERFCX_OFF[i];
		int deg = ERFCX_OFF[i + 1] - ERFCX_OFF[i] - 1, ne = deg / 2, no = (deg - 1) / 2;
		wf t = wf_add_d(z, -ERFCX_MID[i]), t2 = wf_mul(t, t);
		wf ev = ERFCX_COEF(c + 2 * ne), od = ERFCX_COEF(c + 2 * no + 1);
		for (int k = ne - 1; k >= 0; k--)
			ev = wf_add(wf_mul(ev, t2), ERFCX_COEF(c + 2 * k));
		for (int k = no - 1; k >= 0; k--)
			od = wf_add(wf_mul(od, t2), ERFCX_COEF(c + 2 * k + 1));
		*rel = ERFCX_FIT[i] + (2.0 * deg + 8.0) * ul * ERFCX_COND[i];
		return wf_add(ev, wf_mul(t, od));
	}
	wf t = wf_div(wf_d(1.0), wf_mul(wf_mul_d(z, 2.0), z)), term = wf_d(1.0), sum = wf_d(1.0);
	for (int n = 1; n <= 14; n++) {
		term = wf_mul(term, wf_mul_d(t, -(2.0 * n - 1.0)));
		sum = wf_add(sum, term);
	}
	*rel = 8.0 * ul + 1e-21;
	return wf_div(sum, wf_mul(z, SQRT_PI)); /* z sqrt(pi) */
}

/*
 * ln of a tail from its wide value v (relative error rel before
 * rounding): v = hi + lo, ln v = log(hi) + lo/hi (to (lo/hi)^2/2 < u^2)
 * by the C library's log while |ln| < 8 (below 16u there, as make_tail
 * takes it), else ln_fast.
 */
static void ln_of_wf(tail *t, wf v, double rel)
{
	double hi = wf_hi(v), lo = wf_lo(v), e, l1 = bercli_log(hi);
	if (fabs(l1) < 8.0) {
		t->ln = dd_fast_two_sum(l1, lo / hi);
		t->ln_err = LOG_ERR * fabs(l1) + U * U + rel * 1.01;
		return;
	}
	t->ln = ln_fast(dd_make(hi, lo), &e);
	t->ln_err = e + rel * 1.01;
}

/*
 * Temme's expansion as in temme_fast, with its values in the wide type, so
 * that the result carries little more than its own rounding: z = +-sqrt(B)
 * by wf_sqrt, erfcx by erfcx_wf, e^-B by bercli_exp_neg_wf, 1/sqrt(2 pi a) by
 * wf_sqrt, the sums and products in the wide type; the sum of the C_k a^-k
 * is temme_sum_fast's (double; its error, s_err, is charged as before). The
 * central case (B < 1) takes erfc(|z|) = erfcx(|z|) e^-B and erfc(-|z|) =
 * 2 - erfc(|z|), so that no function is evaluated at a rounded z there
 * either; erfcx moves by at most min(sqrt 2, 1/z) dz relative (from the
 * bounds of A&S 7.1.13, as in temme_fast). 0 when B > 700 (exp_neg_wf's
 * range) or a tail falls below 2^-1000: temme_fast takes those.
 */
static int temme_wf(double a, double x, double xl, tail *p, tail *q, int want_ln)
{
	const double ul = WF_U;
	dd b;
	double b_err;
	if (!bd0_fast(a, x, xl, &b, &b_err, 0.03))
		return 0;
	int near = !(b.hi > 4.0 * b_err);
	if ((near && !(b.hi < 1.0)) || !(b.hi <= 700.0))
		return 0;
	double bx = max_d(b.hi, 0.0), bl = b.hi > 0.0 ? b.lo : 0.0;
	double eta = sqrt(2.0 * max_d(b.hi / a, 0.0));
	int below = (x - a) + xl < 0; /* the sign of x + xl - a, as in temme_fast */
	if (below)
		eta = -eta;
	wf az = wf_sqrt(wf_sum(bx, bl));
	double azd = wf_hi(az);
	double b_rel = b_err / max_d(b.hi, DBL_MIN);
	/* |z|'s error (the square root: 1 u_w); eta's, in double, as temme_fast's z */
	double dz = near ? sqrt(b_err) + 2.0 * ul * azd : azd * (0.5 * b_rel + 2.0 * ul);
	double deta = (near ? sqrt(b_err) + 5.0 * U * azd
	                    : azd * (0.5 * (b_rel + 2.0 * U) + 4.0 * U)) * sqrt(2.0 / a);
	double s_err, s = temme_sum_fast(eta, a, &s_err);
	wf g = wf_div(wf_d(1.0), wf_sqrt(wf_mul_d(TWO_PI, a)));
	wf ts = wf_mul_d(g, s);
	double ts_err = (s_err + 0.12 * deta) * wf_hi(g) + 4.0 * ul * fabs(wf_hi(ts));
	wf eb = bercli_exp_neg_wf(bx, bl);
	double eb_rel = b_err + bercli_exp_neg_err(bx);
	double ex_rel;
	wf ex = erfcx_wf(az, &ex_rel);
	ex_rel += dz * min_d(1.4143, 1.0 / azd);
	if (b.hi < 1.0) {
		/* both tails of order one: hs = erfc(|z|)/2, hb = erfc(-|z|)/2 */
		wf hs = wf_mul(wf_mul_d(ex, 0.5), eb), hb = wf_sub(wf_d(1.0), hs);
		double hs_err = wf_hi(hs) * (ex_rel + eb_rel + 2.0 * ul), hb_err = hs_err + ul;
		wf r = wf_mul(eb, ts);
		double r_err = ts_err * wf_hi(eb) + fabs(wf_hi(r)) * (eb_rel + ul);
		wf pv = wf_sub(below ? hs : hb, r), qv = wf_add(below ? hb : hs, r);
		if (!(WF_A(pv) > 0 && WF_A(qv) > 0))
			return 0;
		double p_rel = ((below ? hs_err : hb_err) + r_err) / wf_hi(pv) + ul;
		double q_rel = ((below ? hb_err : hs_err) + r_err) / wf_hi(qv) + ul;
		tail_from_wf(p, pv, p_rel);
		tail_from_wf(q, qv, q_rel);
		if (want_ln) {
			ln_of_wf(p, pv, p_rel);
			ln_of_wf(q, qv, q_rel);
		}
		return 1;
	}
	/* the smaller tail e^-B (erfcx(|z|)/2 -+ ts), the larger 1 - it */
	wf h = wf_mul_d(ex, 0.5), br = below ? wf_sub(h, ts) : wf_add(h, ts);
	if (!(WF_A(br) > 0))
		return 0;
	double br_rel = (wf_hi(h) * (ex_rel + ul) + ts_err) / wf_hi(br) + ul;
	wf sv = wf_mul(eb, br), lv = wf_sub(wf_d(1.0), sv);
	if (!(WF_A(sv) >= 0x1p-1000))
		return 0;
	double s_rel = eb_rel + br_rel + ul, l_rel = (s_rel * wf_hi(sv) + ul) / wf_hi(lv);
	tail *sm = below ? p : q, *lg = below ? q : p;
	tail_from_wf(sm, sv, s_rel);
	tail_from_wf(lg, lv, l_rel);
	if (want_ln) {
		/* ln = -B + ln br, as make_tail */
		tail lb;
		ln_of_wf(&lb, br, br_rel);
		sm->ln = dd_add(dd_neg(b), lb.ln);
		sm->ln_err = b_err + lb.ln_err + 4.0 * U * U * (fabs(b.hi) + fabs(lb.ln.hi));
		double l1 = bercli_log1p(-wf_hi(sv));
		lg->ln = dd_from(l1);
		lg->ln_err = LOG1P_ERR * fabs(l1) + (s_rel + U) * wf_hi(wf_div(sv, lv));
	}
	return 1;
}

static int certified(const tail *t)
{
	return t->rel <= REL_MAX && t->ln_err <= max_d(LN_MAX, 4.0 * U * U * fabs(t->ln.hi));
}

static int fast_tails(double errors, double x, double xl, bercl_tails *out, int want_ln,
                      double *ln_err);

int bercli_poisson_fast(double errors, double x, double xl, bercl_tails *out, int want_ln)
{
	return fast_tails(errors, x, xl, out, want_ln, NULL);
}

int bercli_poisson_fast_err(double errors, double x, double xl, bercl_tails *out, double ln_err[2])
{
	return fast_tails(errors, x, xl, out, 1, ln_err);
}

static int fast_tails(double errors, double x, double xl, bercl_tails *out, int want_ln,
                      double *ln_err)
{
	double a = errors + 1.0;
	tail p, q;
	if (!(errors < 0x1p52))
		return 0;
	if (!want_ln) {
		/* a tail that rounds to 0 leaves 1 to the other */
		int lower = x < a && tail_underflows(a, x);
		if (lower || (x > errors && tail_underflows(errors, x))) {
			out->cl = lower ? 0.0 : 1.0;
			out->one_minus_cl = lower ? 1.0 : 0.0;
			out->ln_cl = out->ln_one_minus_cl = (bercl_lnprob){0.0, 0.0};
			return 1;
		}
	}
	if (a < POISSON_A_SUMS && small_wf(errors, x, xl, want_ln, &p, &q)) {
		;
	} else if (a < POISSON_A_SUMS) {
		int down = x >= errors;
		if (!series_tail(down ? errors : 0.0, x, xl, down ? DOWN : UP, a, &q, want_ln))
			return 0;
		if (q.val <= 0.25) {
			p = complement(q, want_ln);
		} else {
			/* both tails directly, then each from the other where
			 * that has the smaller bound */
			tail pc = complement(q, want_ln);
			if (!series_tail(a, x, xl, LOWER, a, &p, want_ln))
				p = pc;
			tail qc = complement(p, want_ln);
			if (qc.rel < q.rel)
				q = qc;
			if (pc.rel < p.rel)
				p = pc;
		}
	} else {
		/* Temme's expansion in the band of a (regions.h: 0.7 <= x/a <=
		 * 1.3, and from a = 200, where it needs at most 10 powers of 1/a,
		 * out to |eta| <= 0.6, poisson_fast.inc's widest band); else the
		 * series, which then converge by a ratio of at most 0.77 (0.59
		 * from a = 200) */
		const struct poisson_band *band = poisson_band_at(a);
		double lam = x / a;
		if (!(lam >= band->lam_lo && lam <= band->lam_hi && (temme_wf(a, x, xl, &p, &q, want_ln) ||
		                                   temme_fast(a, x, xl, &p, &q, want_ln)))) {
			if (lam < 1.0) {
				if (!series_tail(a, x, xl, LOWER, a, &p, want_ln))
					return 0;
				q = complement(p, want_ln);
			} else {
				if (!series_tail(errors, x, xl, DOWN, a, &q, want_ln))
					return 0;
				p = complement(q, want_ln);
			}
		}
	}
	if (!certified(&p) || !certified(&q))
		return 0;
	if (!(p.val <= 1.0 && q.val <= 1.0))
		return 0; /* a tail rounded above 1: the double-double path takes it */
	/* a probability near 1 may round above it; 1 is then nearer */
	if (p.val > 1.0 || p.ln.hi > 0.0)
		p.val = 1.0, p.ln = dd_from(0.0);
	if (q.val > 1.0 || q.ln.hi > 0.0)
		q.val = 1.0, q.ln = dd_from(0.0);
	out->cl = p.val;
	out->one_minus_cl = q.val;
	out->ln_cl = (bercl_lnprob){p.ln.hi, p.ln.lo};
	out->ln_one_minus_cl = (bercl_lnprob){q.ln.hi, q.ln.lo};
	if (ln_err) { /* clamping a logarithm to 0 only brings it nearer */
		ln_err[0] = p.ln_err;
		ln_err[1] = q.ln_err;
	}
	return 1;
}
