/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * binomial.c - CL = P[X > E] and 1 - CL = P[X <= E] for X ~ Binomial(N, p).
 *
 * SYNOPSIS
 *   bercl_binomial_tails(errors, bits, ber, &tails)
 *
 * DESCRIPTION
 *   CL = I_p(E+1, N-E), the regularized incomplete beta function, and
 *   1 - CL, each computed directly (no result is 1 minus a number near 1),
 *   in the wide type of wide.h (long double, 64-bit significand, on
 *   x86-64; double-double where long double is software quad or plain
 *   double), each value rounded once to double. By region:
 *
 *   - N p <= 16 and E <= 64 (small_mean_tails): both tails from b(0) =
 *     q^N and the terms' ratios, as two sums of positive terms.
 *   - Else one tail is taken first: P[X > E] when E + 1 > N p, else
 *     P[X <= E] (the one on the far side of the mean, below 1/2 unless E
 *     is within one of N p), and the other directly too when the first
 *     exceeds 1/2, else as its complement. A tail is its first term b(k0)
 *     (k0 = E + 1 or E) times the sum of the terms over it, where that
 *     sum is
 *     - for N p q > 64 (binomial_cf), the continued fraction of I_x(a, b)
 *       (the even part of DLMF 8.17.22, Didonato and Morris's BFRAC),
 *       about 0.6 sd steps near the mean, a dozen 10 sd away, where the
 *       terms needed about 9 sd;
 *     - else (binomial_sum), the terms themselves, from k0 away from the
 *       mean, where they only shrink (ratio (N-k) p / ((k+1) q) upward,
 *       k q / ((N-k+1) p) downward), re-anchored to the exact form every
 *       RESYNC terms while the rounding of the ratios could still matter
 *       (anchor_needed), with Neumaier's compensated summation (long
 *       double).
 *   The first term is Loader's saddle-point form,
 *     ln b(k; N, p) = stirlerr(N) - stirlerr(k) - stirlerr(N-k)
 *                     - bd0(k, Np) - bd0(N-k, Nq) + ln(N / (2 pi k (N-k)))/2,
 *   with bd0 in double-double, so that it keeps full relative accuracy for N
 *   up to 1e18 and far below the double range; for N below 2^53 first by
 *   poisson_fast.c's cheaper pieces with a running error bound, taken when
 *   that is at most 2^-60 absolute (BERCLI_BINOM_LN_MAX: under 0.01 ulp of
 *   a tail), else pmf.c's double-double form; a tail's value is e^(ln b)
 *   (bercli_exp_neg_wf) times the sum, rounded once to double
 *   (binomial_ref.csv: 0.50 and 0.49 ulp at the 99th percentile, where the
 *   sums in double and e^ln gave 6.0 and 7.0; binomial_cf_ref.csv, the
 *   methods' borders: within 0.56 ulp). Measured with the MPFR oracle
 *   (tests/oracle): within 1e-14 relative over the whole domain below.
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
 *   DLMF 8.17.22 (NIST Digital Library of Mathematical Functions): the
 *     continued fraction of I_x(a, b).
 *   A. R. DiDonato, A. H. Morris, "Algorithm 708: significant digit
 *     computation of the incomplete beta function ratios", ACM TOMS 18
 *     (1992) 360-373 (BFRAC, the fraction's even part in closed form).
 *   W. J. Lentz, "Generating Bessel functions in Mie scattering
 *     calculations using continued fractions", Applied Optics 15 (1976)
 *     668-671; modified as in Thompson and Barnett, J. Comput. Phys. 64
 *     (1986) 490-509.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"
#include "wide.h"

#define SERIES_EPS 1e-17
#define RESYNC 64

/*
 * ln b(k; N, p): by poisson_fast.c's cheaper pieces where their bound
 * allows (BERCLI_BINOM_LN_MAX absolute), else by pmf.c's double-double
 * form. N = n.hi when n.lo is 0 (N below 2^53).
 */
static dd ln_pmf(double k, dd n, double ber, dd q)
{
	dd l;
	if (n.lo == 0 && bercli_ln_binomial_pmf_fast(k, n.hi, ber, q, &l))
		return l;
	return bercli_ln_binomial_pmf(k, n, ber, q);
}

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
/*
 * The ratio of two neighbouring terms, (a p) / (b q) upward, (a q) / (b p)
 * downward: in long double as written; in double-double as (a/b) pq, pq
 * = p/q upward, q/p downward (one DWDivFP and one DWTimesDW in place of
 * three products and a DWDivDW: fewer operations in the sums), while a and b
 * are below 2^53 (whole doubles).
 */
static inline wf step(int up, int64_t a, int64_t b, double ber, wf ql, wf pq)
{
#ifdef BERCL_WIDE_DD
	if (a < (INT64_C(1) << 53) && b < (INT64_C(1) << 53))
		return wf_mul(wf_div_d(wf_d((double)a), (double)b), pq);
#else
	(void)pq;
#endif
	return up ? wf_div(wf_mul_d(wf_int(a), ber), wf_mul(wf_int(b), ql))
	          : wf_div(wf_mul(wf_int(a), ql), wf_mul_d(wf_int(b), ber));
}

/*
 * Whether a re-anchoring at this step still matters. Each step carries at
 * most STEP_ERR relative error into the term (the ratio's three roundings,
 * the rounding of q in it, the product), so a term m steps after the last
 * anchor is within m STEP_ERR of its exact value. If no anchor came from
 * here on, the terms ahead, each at most term r^j (the ratios r only fall
 * away from the mean), would carry at most
 *   term [d r / (1 - r) + STEP_ERR r / (1 - r)^2],  d = m STEP_ERR,
 * into the sum: when that is below half of ANCHOR_SKIP (2^-61) of the
 * sum, no later anchor is taken either (the bound covers every term
 * ahead). The term in hand carries d term <= STEP_ERR s = 2^-61 s (m <= i
 * and s >= i term), the other half of 2^-60 (under 0.01 ulp). An anchor
 * itself carries ln_pmf's 2^-60, as before. Near the mean that leaves one
 * anchor in a sum of ~9 sd at sd 30 where there were four, and none in
 * sums of up to ~100 terms.
 */
#define STEP_ERR (8 * WF_U)
#define ANCHOR_SKIP 0x1p-60

static int anchor_needed(int64_t m, wf term, wf ratio, wf sum)
{
	double r = (double)WF_A(ratio), t = (double)WF_A(term), s = (double)WF_A(sum);
	if (!(r < 0.999))
		return 1;
	double g = r / (1.0 - r);
	double ahead = t * (g * (double)m * STEP_ERR + STEP_ERR * g / (1.0 - r));
	return !(ahead <= ANCHOR_SKIP * 0.5 * s); /* half: the term in hand has the other */
}

/*
 * The ratios are taken BLOCK at a time ahead of the terms: the divisions,
 * independent of each other, then overlap, where one per step on the
 * terms' chain left the loop waiting for each (the same operations on the
 * same values: the sums are the same to the bit).
 * At most BLOCK - 1 ratios past the sum's end are taken for nothing.
 */
#define BLOCK 8

static wf binomial_sum(int64_t k0, int up, double bits, double ber, dd n, dd q, dd ln_b0)
{
	wf ql = wf_sum(q.hi, q.lo);
#ifdef BERCL_WIDE_DD
	wf pq = up ? wf_div(wf_d(ber), ql) : wf_div(ql, wf_d(ber)); /* for step */
#else
	wf pq = ql; /* unused */
#endif
	int64_t nn = (int64_t)bits;
	wf term = wf_d(1.0), sum = wf_d(1.0), comp = wf_d(0.0), ratio, r[BLOCK];
	int64_t last = 0; /* the step of the last re-anchoring */
	int settled = 0;  /* the terms left no longer need one */
	for (int64_t i0 = 1;; i0 += BLOCK) {
		/* in the wide type: the rounding of a double ratio, carried by
		 * the terms up to RESYNC steps, was most of the sums' error */
		int nb = 0;
		if (up) { /* b(k)/b(k-1) = (N-k+1) p / (k q), k up to N */
			for (int64_t k = k0 + i0; nb < BLOCK && k <= nn; nb++, k++)
				r[nb] = step(1, nn - k + 1, k, ber, ql, pq);
		} else { /* b(k)/b(k+1) = (k+1) q / ((N-k) p), k down to 0 */
			for (int64_t k = k0 - i0; nb < BLOCK && k >= 0; nb++, k--)
				r[nb] = step(0, k + 1, nn - k, ber, ql, pq);
		}
		for (int j = 0; j < nb; j++) {
			int64_t i = i0 + j, k = up ? k0 + i : k0 - i;
			ratio = r[j];
			term = wf_mul(term, ratio);
			if (i % RESYNC == 0 && !settled && WF_A(term) > 0 &&
			    anchor_needed(i - last, term, ratio, sum)) {
				last = i;
				double kd = (double)k;
				dd d = dd_sub(ln_pmf(kd, n, ber, q), ln_b0);
				/* d <= 0 (the terms fall away from the mean); below
				 * e^-700 of the first term a term no longer counts */
				wf t = d.hi > -700.0 ? bercli_exp_neg_wf(-d.hi, -d.lo)
				                     : wf_d(bercli_exp(d.hi) * (1.0 + d.lo));
				/* from b(kd) to b(k): the steps between them */
				for (int64_t m = (int64_t)kd + 1; m <= k; m++)
					t = wf_mul(t, wf_div(wf_mul_d(wf_int(nn - m + 1), ber), wf_mul(wf_int(m), ql)));
				for (int64_t m = (int64_t)kd; m > k; m--)
					t = wf_mul(t, wf_div(wf_mul(wf_int(m), ql), wf_mul_d(wf_int(nn - m + 1), ber)));
				term = t;
			} else if (i % RESYNC == 0) {
				settled = 1;
			}
#ifdef BERCL_WIDE_DD
			/* double-double sums are accurate to 3u^2 each: nothing to compensate */
			sum = wf_add(sum, term);
#else
			wf t = wf_add(sum, term); /* Neumaier */
			comp = wf_add(comp, WF_A(sum) >= WF_A(term) ? wf_add(wf_sub(sum, t), term)
			                                           : wf_add(wf_sub(term, t), sum));
			sum = t;
#endif
			/* the terms fall at least geometrically from here: the rest
			 * is below term ratio / (1 - ratio), which near the mean is
			 * ~1e4 terms */
			wa ra = WF_A(ratio);
			if (ra < 1.0 && WF_A(term) * ra < SERIES_EPS * WF_A(sum) * (1 - ra))
				return wf_add(sum, comp);
		}
		if (nb < BLOCK) /* the end of the range: k = N or 0 */
			break;
	}
	return wf_add(sum, comp);
}

/* a whole number 0 <= v < 2^63 exactly in double-double */
static dd dd_of_int(int64_t v)
{
	double hi = (double)v;
	return dd_make(hi, (double)(v - (int64_t)hi));
}

/*
 * The same sums as binomial_sum, sum_{k >= k0} b(k) / b(k0) (up) or
 * sum_{k <= k0} b(k) / b(k0) (down), by a continued fraction: where the
 * sum would take many terms (near the mean, about 9 sd of them), this
 * takes about 0.6 sd steps there and a dozen 10 sd away.
 *
 * Method: the binomial tails are incomplete beta functions (A&S 26.5.24),
 *   P[X >= k0] = I_p(k0, N - k0 + 1),  P[X <= k0] = I_q(N - k0, k0 + 1),
 * and I_x(a, b) = x^a y^b / B(a, b) / F (y = 1 - x), F the continued
 * fraction beta_1 + alpha_2 / (beta_2 + alpha_3 / (beta_3 + ...)) with
 *   beta_1 = a c / (a + 1),  c = a + 1 - (a + b) x,
 *   alpha_{m+1} = (a+m-1) (a+b+m-1) m (b-m) x^2 / (a+2m-1)^2,
 *   beta_{m+1} = m + m (b-m) x / (a+2m-1) + (a+m) (c + m (1+y)) / (a+2m+1),
 * the even part of DLMF 8.17.22 (Didonato and Morris's BFRAC, TOMS 708).
 * Since x^a y^b / B(a, b) is a b(k0) times q (up) or p (down), the sum is
 *   up:   k0 (k0 + 1) q / F',  a = k0, b = N - k0 + 1, x = p,
 *                              c = k0 + 1 - (N + 1) p;
 *   down: a (a + 1) p / F',    a = N - k0, b = k0 + 1, x = q,
 *                              c = (N + 1) p - k0;
 * F' = (a + 1) F with every beta_{m+1} scaled by s_{m+1} = (a+2m-1)(a+2m+1)
 * (s_1 = a + 1) and alpha_{m+1} by s_m s_{m+1} (an equivalence
 * transformation), which leaves no division in the coefficients:
 *   beta'_1 = a c,  beta'_{m+1} = m w (u + (b-m) x) + (a+m) u (c + m (1+y)),
 *   alpha'_{m+1} = (a+m-1) (a+b+m-1) m (b-m) x^2 w u',
 * u = a+2m-1, w = a+2m+1, u' = a+2m-3 (1 for m = 1). One more equivalence
 * transformation, every beta' divided by x and every alpha' by x^2, gives
 * G = F' / x with coefficients
 *   beta''_1 = a c/x,  beta''_{m+1} = m w (u/x + b-m) + (a+m) u (c/x + m (1+y)/x),
 *   alpha''_{m+1} = (a+m-1) (a+b+m-1) m (b-m) w u',
 * alpha'' a whole number and beta'' from three wide constants (x is at
 * least 6.4e-17 here: N p q > 64 with N at most 1e18); the sum is then
 * num / (G x). G is evaluated forward by modified Lentz (C = beta'' +
 * alpha''/C, D = 1 / (beta'' + alpha'' D), G *= C D) until C D is within
 * CF_EPS of 1; its rounding is only multiplied in (Steed's form, a sum of
 * alternating corrections, lost 2e-15 at sd 8.6e4). Valid where c > 0 (the
 * side of the mean where the tail is the small one, and up to the
 * median on the other): then every alpha' and beta' is positive until
 * alpha' = 0 at m = b (the fraction ends: a finite sum), so nothing
 * cancels and each step rounds a few times in the wide type; c is taken
 * in double-double, exactly enough where it is small. Returns 0 where
 * c <= 0 (the caller sums instead).
 */
#define CF_EPS 0x1p-62
#define CF_MAX_STEPS 100000000

/* One step of modified Lentz (below); 1 when C D is within CF_EPS of 1. */
static inline int lentz_step(wf al, wf be, wf *f, wf *cc, wf *dv)
{
	*dv = wf_div(wf_d(1.0), wf_add(be, wf_mul(al, *dv)));
	*cc = wf_add(be, wf_div(al, *cc));
	wf cdv = wf_mul(*cc, *dv);
	*f = wf_mul(*f, cdv);
	wa r = WF_A(wf_add_d(cdv, -1.0));
	return r > -CF_EPS && r < CF_EPS;
}

static int binomial_cf(int64_t k0, int up, double bits, double ber, dd q, wf *s)
{
	int64_t nn = (int64_t)bits, ai = up ? k0 : nn - k0, bi = up ? nn - k0 + 1 : k0 + 1;
	dd np1 = dd_mul_d(dd_of_int(nn + 1), ber);
	dd cd = up ? dd_sub(dd_of_int(k0 + 1), np1) : dd_sub(np1, dd_of_int(k0));
	if (!(cd.hi > 0))
		return 0;
	wf x = up ? wf_d(ber) : wf_sum(q.hi, q.lo), y = up ? wf_sum(q.hi, q.lo) : wf_d(ber);
	/* G = F' / x (above): 1/x, c/x and (1 + y)/x are the only wide values
	 * besides Lentz's f = G so far, cc = A_n / A_{n-1} and dv = B_{n-1} /
	 * B_n that live across the loop (the x87 stack holds eight; with x,
	 * x^2, c and 1 + y there were more to spill). The whole numbers of the
	 * coefficients as integers, converted exactly where used */
	wf a = wf_int(ai), c = wf_sum(cd.hi, cd.lo), xi = wf_div(wf_d(1.0), x), cx = wf_div(c, x),
	   yx = wf_div(wf_add_d(y, 1.0), x);
	wf f = wf_mul(a, cx), cc = f, dv = wf_d(0.0);
	/* for a below 2^29 and b below 2^32 (and m below CF_MAX_STEPS, 1e8)
	 * each of (a+m-1) (a+b+m-1), m (b-m), w u', m w and (a+m) u is below
	 * 2^62: one exact 64-bit integer (wf_int takes up to 2^63) where the wide
	 * type rounded products */
	int small = ai < (INT64_C(1) << 29) && bi < (INT64_C(1) << 32);
	/* two loops, not a test inside one: the x87 stack then holds each
	 * loop's values with fewer of them spilled to memory */
	if (small) {
		for (int64_t i = 1; i < CF_MAX_STEPS && i < bi; i++) {
			int64_t ui = ai + 2 * i - 1, wi = ai + 2 * i + 1, u3i = i > 1 ? ai + 2 * i - 3 : 1;
			wf al = wf_mul(wf_mul(wf_int((ai + i - 1) * (ai + bi + i - 1)), wf_int(i * (bi - i))),
			               wf_int(wi * u3i));
			wf be = wf_add(wf_mul(wf_int(i * wi), wf_add(wf_mul(wf_int(ui), xi), wf_int(bi - i))),
			               wf_mul(wf_int((ai + i) * ui), wf_add(cx, wf_mul(wf_int(i), yx))));
			if (lentz_step(al, be, &f, &cc, &dv))
				break;
		}
	} else {
		for (int64_t i = 1; i < CF_MAX_STEPS && i < bi; i++) {
			int64_t ui = ai + 2 * i - 1, wi = ai + 2 * i + 1, u3i = i > 1 ? ai + 2 * i - 3 : 1;
			wf m = wf_int(i), w = wf_int(wi), u = wf_int(ui);
			wf al = wf_mul(wf_mul(wf_mul(wf_int(ai + i - 1), wf_int(ai + bi + i - 1)),
			                      wf_mul(m, wf_int(bi - i))),
			               wf_mul(w, wf_int(u3i)));
			wf be = wf_add(wf_mul(wf_mul(m, w), wf_add(wf_mul(u, xi), wf_int(bi - i))),
			               wf_mul(wf_mul(wf_int(ai + i), u), wf_add(cx, wf_mul(m, yx))));
			if (lentz_step(al, be, &f, &cc, &dv))
				break;
		}
	}
	wf num = up ? wf_mul(wf_mul(wf_int(k0), wf_int(k0 + 1)), wf_sum(q.hi, q.lo))
	            : wf_mul_d(wf_mul(a, wf_add_d(a, 1.0)), ber);
	*s = wf_div(num, wf_mul(f, x));
	return 1;
}

/*
 * A tail's sum over its first term: by the continued fraction where the
 * variance N p q exceeds CF_MIN_VAR (there it takes fewer steps than the
 * sum has terms, each step costing about two terms), else, or where it
 * does not apply, by the terms.
 */
#define CF_MIN_VAR 64.0

static wf tail_sum(int64_t k0, int up, double bits, double ber, dd n, dd q, dd ln_b0, double var)
{
	wf s;
	int64_t nn = (int64_t)bits;
	if (var > CF_MIN_VAR) {
		if (binomial_cf(k0, up, bits, ber, q, &s))
			return s;
		/* the other tail within about one of the median: one term, then
		 * the fraction from the next k, where c has grown by one */
		wf ql = wf_sum(q.hi, q.lo);
		if (up && k0 < nn && binomial_cf(k0 + 1, 1, bits, ber, q, &s))
			return wf_add_d(wf_mul(wf_div(wf_mul_d(wf_int(nn - k0), ber),
			                              wf_mul(wf_int(k0 + 1), ql)), s), 1.0);
		if (!up && k0 > 0 && binomial_cf(k0 - 1, 0, bits, ber, q, &s))
			return wf_add_d(wf_mul(wf_div(wf_mul(wf_int(k0), ql),
			                              wf_mul_d(wf_int(nn - k0 + 1), ber)), s), 1.0);
	}
	return binomial_sum(k0, up, bits, ber, n, q, ln_b0);
}

/*
 * One tail from its first term's logarithm l = ln b(k0) and the sum s of
 * the terms over the first: its value e^l s in the wide type (e^l by
 * bercli_exp_neg_wf) while e^l is above e^-700, so that it is rounded
 * once, else -1 (unknown: take it from the logarithm); and its logarithm
 * l + ln s (s = hi + lo, ln s = log(hi) + lo/hi).
 */
static wf tail_value(dd l, wf s)
{
	return l.hi > -700.0 ? wf_mul(bercli_exp_neg_wf(-l.hi, -l.lo), s) : wf_d(-1.0);
}

static bercl_lnprob tail_ln(dd l, wf s)
{
	double hi = wf_hi(s), lo = wf_lo(s);
	dd r = dd_add(l, dd_fast_two_sum(bercli_log(hi), lo / hi));
	return (bercl_lnprob){r.hi, r.lo};
}

/* ln v in double-double for a double v > 0, subnormal too (scaled by 2^200). */
static dd ln_double(double v)
{
	if (v >= DBL_MIN)
		return dd_log(dd_from(v));
	return dd_sub(dd_log(dd_from(v * 0x1p200)), dd_mul_d(dd_make(LN2_HI, LN2_LO), 200.0));
}

/*
 * ln b(E + 1) also when E + 1 is not a double (E = 2^53): ln b(E) plus the
 * log of the ratio (N - E) p / ((E + 1) q), taken as a sum of logarithms
 * (the ratio itself underflows to 0 for a subnormal p, and ln 0 = -inf
 * made the double-double sum NaN: bercl_binomial_tails(2^53, 2^53 + 2,
 * 4.9e-324) returned NaN with BERCL_OK), each in double-double: N - E and
 * E + 1 exactly as hi + lo. In double the four logarithms (each near 36)
 * carried 4e-15 absolute apiece into the answer's relative error: the
 * MPFR oracle found 1.02e-14 at cl -e 2^53 -n 10984175633080638
 * -p 0.57826443812778028 --model binomial.
 */
static dd ln_pmf_above(double errors, double bits, double ber, dd n, dd q)
{
	double k = errors + 1.0;
	if (k - 1.0 == errors)
		return ln_pmf(k, n, ber, q);
	dd up = dd_add(dd_log(dd_two_sum(bits, -errors)), ln_double(ber));
	dd down = dd_add(dd_log(dd_two_sum(errors, 1.0)), dd_log(q));
	return dd_add(ln_pmf(errors, n, ber, q), dd_sub(up, down));
}

/*
 * Both tails where the mean N p is at most SMALL_MEAN and E at most
 * SMALL_E, from b(0) = q^N: the terms t_k = b(k) / b(0) by their ratios
 * (N-k+1) p / (k q) (step), summed in two parts, k <= E and k > E, both
 * of positive terms, so that neither tail is a difference: 1 - CL =
 * q^N sum_{k <= E} t_k, CL = q^N sum_{k > E} t_k, the second sum ended as
 * binomial_sum ends. ln q^N = N ln(1 - p), for p below 2^-4, as
 * -N p (1 + p/2 + p^2 h), h = 1/3 + p/4 + ... + p^15/18 (the rest below
 * 2^-68 of it) in double (its rounding, 2^-53 of p^2 h, below 2^-61 of the
 * bracket); with N p <= SMALL_MEAN it is within 2^-58 absolute (a few
 * roundings of 2^-64 relative, at most 16.x times over), so q^N
 * (bercli_exp_neg_wf) is within about 2^-58 relative (0.01 ulp), and each
 * t_k within 3k roundings of the wide type (k <= SMALL_E). This takes no
 * saddle-point term (Loader's form costs more than all of these terms
 * when E and N p are small). Returns 0 (the caller goes the general way)
 * outside that range, for p at least 2^-4, or where a tail is below 2^-900 (its value would
 * leave the double-double range on the way, and its logarithm must then
 * come from the general form).
 */
/*
 * ln v for a wide v >= 2^-900 within about 3e-17 absolute however small v
 * is: v = m 2^k (m in [1/sqrt 2, sqrt 2), k whole), ln v = k ln 2
 * (double-double) + ln m + (the rest of v) / hi, ln m at most 0.35 in
 * magnitude, so its rounding is below 2^-55 (as good as the saddle-point
 * path's ln of its sum, and a third of the cost of a Newton step on it);
 * ln of the double alone would carry an ulp of a logarithm as large as 620
 * into the tail.
 */
static dd ln_wide(wf v)
{
	int k;
	double hi = wf_hi(v), m = frexp(hi, &k);
	if (m < 0.70710678118654752) {
		m *= 2;
		k--;
	}
	dd r = dd_mul_d(dd_make(LN2_HI, LN2_LO), (double)k);
	return dd_add(r, dd_two_sum(bercli_log(m), wf_lo(v) / hi));
}

#define SMALL_MEAN 16.0
#define SMALL_E 64

static int small_mean_tails(double errors, double bits, double ber, dd q, bercl_tails *out,
                            int want_ln)
{
	if (!(bits * ber <= SMALL_MEAN && errors <= SMALL_E))
		return 0;
	if (!(ber < 0x1p-4))
		return 0;
	/* -ln q^N = N p (1 + p/2 + p^2 h), h = 1/3 + p/4 + ... + p^15/18, to
	 * p^5/8 below p = 2^-10 (the rest below 2^-80 there) */
	static const double inv[16] = {1.0 / 3,  1.0 / 4,  1.0 / 5,  1.0 / 6,  1.0 / 7,  1.0 / 8,
	                               1.0 / 9,  1.0 / 10, 1.0 / 11, 1.0 / 12, 1.0 / 13, 1.0 / 14,
	                               1.0 / 15, 1.0 / 16, 1.0 / 17, 1.0 / 18};
	double p = ber, h = 0.0;
	for (int j = p < 0x1p-10 ? 5 : 15; j >= 0; j--)
		h = inv[j] + p * h;
	wf l = wf_mul(wf_prod(bits, ber), wf_add_d(wf_add_d(wf_d(1.0), 0.5 * p), p * p * h));
	wf e0 = bercli_exp_neg_wf(wf_hi(l), wf_lo(l));
	wf ql = wf_sum(q.hi, q.lo);
#ifdef BERCL_WIDE_DD
	wf pq = wf_div(wf_d(ber), ql); /* for step */
#else
	wf pq = ql; /* unused */
#endif
	int64_t nn = (int64_t)bits, e = (int64_t)errors;
	wf t = wf_d(1.0), le = wf_d(1.0), gt = wf_d(0.0);
	/* two loops, k <= E and k > E, not a test in one: the x87 stack then
	 * holds the second's values without a spill to memory each term */
	int64_t k = 1;
	for (; k <= nn && k <= e; k++) {
		t = wf_mul(t, step(1, nn - k + 1, k, ber, ql, pq));
		le = wf_add(le, t);
	}
	for (; k <= nn; k++) {
		wf r = step(1, nn - k + 1, k, ber, ql, pq);
		t = wf_mul(t, r);
		gt = wf_add(gt, t);
		wa ra = WF_A(r);
		if (!(WF_A(t) > 0) || (ra < 1.0 && WF_A(t) * ra < SERIES_EPS * WF_A(gt) * (1 - ra)))
			break; /* the rest negligible, or the terms underflowed (then 0 below) */
	}
	wf vle = wf_mul(e0, le), vgt = wf_mul(e0, gt);
	if (!(WF_A(vle) >= 0x1p-900 && WF_A(vgt) >= 0x1p-900))
		return 0;
	out->cl = wf_hi(vgt);
	out->one_minus_cl = wf_hi(vle);
	if (!want_ln)
		return 1;
	/* the small tail's logarithm from its value, the other's as log1p */
	int gt_small = WF_A(vgt) <= WF_A(vle);
	wf vs = gt_small ? vgt : vle;
	double hi = wf_hi(vs);
	dd ls = ln_wide(vs);
	bercl_lnprob small = {ls.hi, ls.lo}, big = {bercli_log1p(-hi), 0.0};
	out->ln_cl = gt_small ? small : big;
	out->ln_one_minus_cl = gt_small ? big : small;
	return 1;
}

/*
 * bercl_binomial_tails(), and with want_ln 0 its two doubles alone
 * (bercl_binomial_values()): the same wide values rounded the same way,
 * without the logarithms where they are not needed. The one decision the
 * logarithm makes, whether the first tail is above 1/2 (then the other is
 * summed, not taken as its complement), is made from the first tail's wide
 * value wherever that is more than 1e-9 relative from 1/2 (the logarithm,
 * within about 1e-16, is then on the same side of the double nearest -ln 2
 * as the value of 1/2), and from the logarithm as before inside that band.
 * Where a value would come from its logarithm (below 2^-1000, or a first
 * term below e^-700), 1 is returned with nothing set: the caller takes the
 * whole tails. Else 0 with out set (its logarithms only with want_ln).
 * want_gt, want_le (values only): the tails wanted, CL and 1 - CL; where
 * the one summed first is the only one wanted, the other is neither summed
 * nor taken as its complement (NaN), and where the other is the only one
 * wanted, the first is summed for it as before.
 */
static int binomial_core(double errors, double bits, double ber, bercl_tails *out, int want_ln,
                         int want_gt, int want_le, enum bercl_status *rc)
{
	if (want_ln)
		want_gt = want_le = 1;
	*rc = BERCL_OK;
	if (!(errors >= 0 && errors <= BERCL_MAX_ERRORS) || errors != floor(errors) ||
	    !(bits >= errors && bits >= 1) || bits != floor(bits) || !(bits < INFINITY) ||
	    !(ber > 0 && ber < 1)) {
		*rc = BERCL_EDOM;
		return 0;
	}
	if (bits > BERCL_BINOMIAL_MAX_BITS) {
		*rc = BERCL_ELIMIT;
		return 0;
	}
	if (errors == bits) { /* P[X > N] = 0 */
		bercl_lnprob zero = {-INFINITY, 0.0}, one = {0.0, 0.0};
		bercli_tails_set(out, zero, one);
		return 0;
	}
	dd n = dd_from(bits);
	dd q = dd_two_sum(1.0, -ber);
	if (small_mean_tails(errors, bits, ber, q, out, want_ln))
		return 0;
	double qd = q.hi + q.lo;
	/* Bound the work. Above v = N p q = 64 the continued fraction takes
	 * about 0.6 sqrt(v) steps near the mean and fewer farther out (about
	 * 50 at 3 sd, a dozen at 10 sd): with v at most 1e10 at most ~6e4
	 * steps; above it the row is answered only when the distance d from
	 * the mean is at least v / 2500 (40 sqrt(v) at v = 1e10), the bound
	 * the sums of terms needed (about 45 v / d terms from distance d, at
	 * most ~9 sqrt(v)) and which the fraction keeps (its rounding is only
	 * measured up to there). */
	double var = bits * ber * qd;
	if (var > BERCL_BINOMIAL_MAX_SD * BERCL_BINOMIAL_MAX_SD &&
	    fabs(errors + 0.5 - bits * ber) < var / BERCL_BINOMIAL_FAR) {
		*rc = BERCL_ELIMIT;
		return 0;
	}
	bercl_lnprob gt = {0, 0}, le = {0, 0};
	wf vgt = wf_d(-1.0), vle = wf_d(-1.0); /* values in the wide type, -1: from the logs */
	int gt_first = errors + 1.0 > bits * ber;
	dd l_first = gt_first ? ln_pmf_above(errors, bits, ber, n, q) : ln_pmf(errors, n, ber, q);
	wf s_first = gt_first ? tail_sum((int64_t)errors + 1, 1, bits, ber, n, q, l_first, var)
	                      : tail_sum((int64_t)errors, 0, bits, ber, n, q, l_first, var);
	wf v_first = tail_value(l_first, s_first);
	if (!want_ln && !(WF_A(v_first) >= 0x1p-1000))
		return 1;
	int above_half;
	if (!(gt_first ? want_le : want_gt)) {
		/* the other tail not wanted: neither its sum nor the decision */
		if (gt_first)
			vgt = v_first;
		else
			vle = v_first;
		out->cl = gt_first ? wf_hi(vgt) : NAN;
		out->one_minus_cl = gt_first ? NAN : wf_hi(vle);
		return 0;
	}
	if (!want_ln && (WF_A(v_first) > 0.5 * (1 + 1e-9) || WF_A(v_first) < 0.5 * (1 - 1e-9))) {
		above_half = WF_A(v_first) > 0.5;
	} else {
		bercl_lnprob first = tail_ln(l_first, s_first);
		above_half = first.hi > -0.6931471805599453;
		if (gt_first)
			gt = first;
		else
			le = first;
	}
	if (gt_first)
		vgt = v_first;
	else
		vle = v_first;
	if (above_half) { /* above 1/2: the other one directly */
		if (gt_first) {
			dd l0 = ln_pmf(errors, n, ber, q);
			wf s0 = tail_sum((int64_t)errors, 0, bits, ber, n, q, l0, var);
			vle = tail_value(l0, s0);
			if (want_ln)
				le = tail_ln(l0, s0);
		} else {
			dd l1 = ln_pmf_above(errors, bits, ber, n, q);
			wf s1 = tail_sum((int64_t)errors + 1, 1, bits, ber, n, q, l1, var);
			vgt = tail_value(l1, s1);
			if (want_ln)
				gt = tail_ln(l1, s1);
		}
	} else if (gt_first) {
		if (want_ln)
			le = bercli_lnprob_complement(gt);
		vle = WF_A(vgt) >= 0 ? wf_sub(wf_d(1.0), vgt) : wf_d(-1.0);
	} else {
		if (want_ln)
			gt = bercli_lnprob_complement(le);
		vgt = WF_A(vle) >= 0 ? wf_sub(wf_d(1.0), vle) : wf_d(-1.0);
	}
	if (!want_ln && !((!want_gt || WF_A(vgt) >= 0x1p-1000) && (!want_le || WF_A(vle) >= 0x1p-1000)))
		return 1;
	/* the values rounded once from the wide type where they are normal,
	 * else from the logarithms (not by bercli_tails_set, whose two
	 * exponentials would compute values that are then replaced) */
	if (want_ln) {
		out->ln_cl = gt;
		out->ln_one_minus_cl = le;
	}
	out->cl = !want_gt ? NAN : WF_A(vgt) >= 0x1p-1000 ? wf_hi(vgt) : bercl_lnprob_value(gt);
	out->one_minus_cl = !want_le                      ? NAN
	                    : WF_A(vle) >= 0x1p-1000 ? wf_hi(vle)
	                                             : bercl_lnprob_value(le);
	return 0;
}

enum bercl_status bercl_binomial_tails(double errors, double bits, double ber, bercl_tails *out)
{
	enum bercl_status rc;
	binomial_core(errors, bits, ber, out, 1, 1, 1, &rc);
	return rc;
}

enum bercl_status bercl_binomial_values(double errors, double bits, double ber, double *cl,
                                        double *one_minus_cl)
{
	enum bercl_status rc;
	bercl_tails t;
	if (binomial_core(errors, bits, ber, &t, 0, cl != NULL, one_minus_cl != NULL, &rc))
		binomial_core(errors, bits, ber, &t, 1, 1, 1, &rc); /* a value from its logarithm */
	if (rc == BERCL_OK) {
		if (cl)
			*cl = t.cl;
		if (one_minus_cl)
			*one_minus_cl = t.one_minus_cl;
	}
	return rc;
}
