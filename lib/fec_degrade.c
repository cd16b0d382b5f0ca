/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fec_degrade.c - the degraded-SER monitor of an RS-FEC decoder: how often
 * it raises its alarm at a given symbol error ratio, and the inverse.
 *
 * SYNOPSIS
 *   bercl_fec_degrade_p(&code, ser, K, S, work, &tails)   P[Y > S], P[Y <= S]
 *   bercl_fec_degrade_ser(&code, K, S, p, work, &ser)     the SER where P[Y > S] = p
 *   bercl_fec_degrade_mean_time(&code, K, rate, p, &s)    K n m / (rate p)
 *
 * DESCRIPTION
 *   IEEE 802.3 (clause 119's RS-FEC as amended by 802.3ck/df; the same rule
 *   in testers' "degraded SER" settings) raises FEC_degraded_SER when more
 *   than S symbol errors are counted in an interval of K codewords, a
 *   codeword the decoder cannot correct counting as t + 1 symbol errors.
 *   With independent symbol errors at ratio ser, codeword j holds
 *   X_j = min(B_j, t + 1) counted errors, B_j ~ Binomial(n, ser), so
 *     P[X = i] = b(i; n, ser) for i <= t,  P[X = t + 1] = P[B > t] = cer,
 *   and the monitor sees Y = X_1 + ... + X_K. degrade_p = P[Y > S] is the
 *   probability that one interval raises the alarm.
 *
 *   Method: the exact distribution of Y by powering, with an exponential
 *   tilt so that only the part of it that matters is kept.
 *   - The law of X (codeword_law): ln P[X = i] in double-double by the
 *     binomial recurrence from ln b(0) = n ln(1 - ser); the last bin, cer,
 *     as 1 - P[B <= t] or, where that would cancel, as the sum of the
 *     upper terms.
 *   - Tilt: for theta real, p~_i = p_i e^(theta i) / M(theta), M = sum p_i
 *     e^(theta i). The K-fold convolution h of p and h~ of p~ satisfy
 *     h_y = M^K e^(-theta y) h~_y exactly. theta is chosen (bisection on
 *     the tilted mean, increasing in theta) so that K E~[X] = S + 1/2: h~ is
 *     then centred on the threshold, and the tail P[Y > S] = M^K
 *     e^(-theta (S + 1)) sum_{y > S} e^(-theta (y - S - 1)) h~_y is carried
 *     by the terms of h~ nearest its centre (for theta <= 0, the lower tail
 *     P[Y <= S] likewise, from y0 = S); every weight is at most 1.
 *     This is the exact form of the saddle-point idea (Daniels 1954): no
 *     approximation, only a change of the weights. theta only places the
 *     window, so it is found in double (bercli_exp).
 *   - Power: h~ = p~^(*K) by binary powering from the most significant bit
 *     of K (square, then convolve with p~ where the bit is 1), every sum of
 *     positive terms. After each step the entries below 1e-36 of the
 *     largest are cut from both ends: the tilted distribution of a sum of k
 *     codewords is unimodal with standard deviation sqrt(k) sd~, so what is
 *     kept is a window of some 25 sd~ sqrt(k) entries, and what is cut is
 *     below 1e-30 of the tail. A window above BERCL_FEC_DEGRADE_MAX_WIDTH
 *     entries is BERCL_ELIMIT.
 *   - The smaller tail from its sum, ln P = K ln M - theta y0 + ln T; the
 *     other as 1 - P (no cancellation: the smaller tail is below ~0.6).
 *   Arithmetic: double-double (arith/dd.h) throughout, never long double:
 *   the exponentials and logarithms are dd_exp and dd_log (dd.h: some
 *   1e-31 relative and 1e-32 absolute), the window's entries hi + lo, and
 *   each sum of products (acc2_add) takes the heads' products exactly
 *   (wide_two_prod_split: fma where it is an instruction, else Dekker's
 *   product of the heads' halves, split once a step; exact either way)
 *   and adds them exactly (2Sum), the rounding errors and the cross terms
 *   (2^-53 of the sum) gathered in a double:
 *   every step's relative error is some n 2^-106 (n terms of a sum, at
 *   most 32768). Only +, -, *, / of doubles, each correctly rounded, and
 *   exact operations (fma's product error, ldexp, frexp, nearbyint), in a
 *   fixed order, so that every target gives the same bits: x86-64 (the
 *   command, Python), long double = double (make check-ld64), arm64 and
 *   the page's WebAssembly (tests/xcheck.c dumps degrade_ref.csv's doubles
 *   on each; tests/test_faces.py compares the page with the command).
 *   Accuracy: every step adds positive terms, so rounding errors do not
 *   cancel; an error e in the per-codeword law, and a step's rounding,
 *   becomes K e in the power: with the law to some 1e-30 and the steps
 *   below 1e-27, at most about K 1e-27 in ln P (4e-18 at the largest
 *   interval, 2^32). The logarithms of both tails meet the 80-digit
 *   convolutions of tests/data/gen_degrade_ref.py (84 cases) within 4e-27
 *   absolute up to K = 2^20 and 4e-24 at K = 2^32 - 1, and their values
 *   within 1.3 ulp, the rounding of bercl_lnprob_value; on 1e6 random
 *   monitors of the MPFR oracle (De Pril's recursion) the smaller tail is
 *   within 4.3e-16 relative and 3.1 ulp, 1.2 % of the values beyond 1.3
 *   ulp (most below DBL_MIN, where the command prints the decimal from the
 *   logarithm; the cause of the rest is not located) (the long double
 *   powering this replaces was 15 ulp off at K = 65534, 200 at 2^20 - 1
 *   and 1e6, 1.4e-10 relative, at 2^32 - 1).
 *   Cost: squarings of the window, (25 sd~ sqrt(K))^2 / 2 products at the
 *   last one: 2e7 at K = 65536 and 1.3 symbols per codeword.
 *
 *   bercl_fec_degrade_ser: P[Y > S] increases with ser (B_j, so X_j and Y,
 *   grow stochastically with ser). The root of ln P(ser) = ln p (or of the
 *   complements, p > 1/2) in ln ser on [1e-300, 1/2], by the Illinois
 *   variant of regula falsi with a bisection whenever a step would not
 *   shrink the bracket by half: in ln ser while the bracket is wide, in ser
 *   itself once it is within 2^-30 relative (doubles of ln ser are
 *   |ln ser| 2^-52 apart, too coarse to reach every double ser), until its
 *   ends are adjacent doubles; the end with the smaller gap is returned.
 *
 * REFERENCES
 *   IEEE Std 802.3 (clause 119's RS-FEC and the amendments 802.3ck/df:
 *     the FEC_degraded_SER signal, its activate threshold and its interval
 *     in codewords, an uncorrected codeword counted as T + 1 symbol errors;
 *     the subclause numbers are not checked here). Xena's PL1_DEGSER_THRESH
 *     documents the same rule (interval 2 .. 65534 codewords, threshold 1
 *     .. 65535, an uncorrectable codeword as 16 symbols for KP4).
 *   H. E. Daniels, "Saddlepoint approximations in statistics", Ann. Math.
 *     Statist. 25 (1954) 631-650 (the exponential tilt).
 *   M. Dowell, P. Jarratt, "A modified regula falsi method", BIT 11 (1971)
 *     168-174 (the Illinois step).
 *   T. J. Dekker, "A floating-point technique for extending the available
 *     precision", Numer. Math. 18 (1971) 224-242; T. Ogita, S. M. Rump,
 *     S. Oishi, "Accurate sum and dot product", SIAM J. Sci. Comput. 26
 *     (2005) 1955-1988 (Dot2: exact products, exact sums, errors gathered).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "bercl.h"
#include "internal.h"
#include "wide.h"

#define TRIM 1e-36
#define SER_MIN 1e-300
#define SER_MAX 0.5
/* below e^EXP_FLOOR a weight is taken as 0 (dd_exp's range is |a| <= 700) */
#define EXP_FLOOR -700.0

/* the work: four windows of heads and tails, the halves of a squared
 * window's heads and the base's four arrays (bercl_fec_degrade_p) */
_Static_assert((4 * BERCL_FEC_DEGRADE_MAX_WIDTH + 2 * (BERCL_FEC_DEGRADE_MAX_WIDTH / 2 + 1) +
                4 * BERCL_FEC_MAX_BINS) * sizeof(double) <= BERCL_FEC_DEGRADE_WORK_BYTES,
               "BERCL_FEC_DEGRADE_WORK_BYTES holds the windows");

static int valid_code(const bercl_rs_code *c)
{
	bercl_rs_code check;
	return bercl_rs_code_make(c->n, c->k, c->m, &check) == BERCL_OK && check.t == c->t;
}

/* e^a in double-double, 0 below e^EXP_FLOOR. */
static dd exp_or_zero(dd a)
{
	return a.hi < EXP_FLOOR ? dd_from(0.0) : dd_exp(a);
}

/*
 * ln P[X = i], i = 0 .. t + 1, in double-double: ln b(0) = n ln(1 - ser),
 * ln b(i) = ln b(i - 1) + ln(ser / (1 - ser)) + ln((n - i + 1) / i); the
 * last bin, cer = P[B > t], as 1 - P[B <= t] where that keeps its digits
 * (cer >= 1e-3), else as b(t + 1) (1 + r_(t+1) + r_(t+1) r_(t+2) + ...),
 * r_i = (n - i) / (i + 1) ser / (1 - ser), whose terms fall (t + 1 lies
 * above the mode) until the next one is below 1e-34 of the sum.
 */
static void codeword_law(const bercl_rs_code *c, double ser, dd *lp)
{
	int t = c->t;
	double n = c->n;
	dd neg_ln_q = bercli_neg_log1m(dd_from(ser)); /* -ln(1 - ser) */
	dd ln_odds = dd_add(dd_log(dd_from(ser)), neg_ln_q);
	lp[0] = dd_neg(dd_mul_d(neg_ln_q, n));
	for (int i = 1; i <= t + 1; i++)
		lp[i] = dd_add(dd_add(lp[i - 1], ln_odds), dd_log(dd_div_d(dd_from(n - i + 1), i)));
	dd below = dd_from(0.0); /* P[B <= t] */
	for (int i = 0; i <= t; i++)
		below = dd_add(below, exp_or_zero(lp[i]));
	if (below.hi < 0.999) {
		lp[t + 1] = dd_log(dd_sub(dd_from(1.0), below));
		return;
	}
	dd odds = dd_div(dd_from(ser), dd_two_sum(1.0, -ser)), term = dd_from(1.0), sum = term;
	for (double i = t + 1; i < n; i++) {
		term = dd_mul(term, dd_div_d(dd_mul_d(odds, n - i), i + 1));
		sum = dd_add(sum, term);
		if (!(term.hi >= 1e-34 * sum.hi))
			break;
	}
	lp[t + 1] = dd_add(lp[t + 1], dd_log(sum)); /* ln b(t + 1) + ln sum */
}

/* The tilted mean of X at theta (in double: it only places theta). */
static double tilted_mean(const dd *lp, int d, double theta)
{
	double mx = -INFINITY;
	for (int i = 0; i <= d; i++)
		if (lp[i].hi + theta * i > mx)
			mx = lp[i].hi + theta * i;
	double s = 0, si = 0;
	for (int i = 0; i <= d; i++) {
		double w = bercli_exp(lp[i].hi + theta * i - mx);
		s += w;
		si += i * w;
	}
	return si / s;
}

/* A window of a distribution: hi[i] + lo[i] (i = 0 .. len-1) are the
 * entries at off .. off+len-1. */
typedef struct {
	double *hi, *lo, *h1, *h2;
	long off, len;
} window;

static void trim(window *w)
{
	double mx = 0;
	for (long i = 0; i < w->len; i++)
		if (w->hi[i] > mx)
			mx = w->hi[i];
	long lo = 0, hi = w->len;
	while (lo < hi && w->hi[lo] < TRIM * mx)
		lo++;
	while (hi > lo && w->hi[hi - 1] < TRIM * mx)
		hi--;
	if (lo > 0) {
		memmove(w->hi, w->hi + lo, (size_t)(hi - lo) * sizeof *w->hi);
		memmove(w->lo, w->lo + lo, (size_t)(hi - lo) * sizeof *w->lo);
	}
	w->off += lo;
	w->len = hi - lo;
}

/* A sum of products of double-double entries: s + e, the heads' products
 * exact (Dekker's product of their halves, split once per step) and summed
 * exactly (2Sum) into s, every rounding error and the cross terms
 * (relatively 2^-53) added in e. */
typedef struct {
	double s, e;
} acc2;

static inline void acc2_add(acc2 *a, double xh, double xl, dd xs, double yh, double yl, dd ys)
{
	dd p = wide_two_prod_split(xh, xs, yh, ys);
	dd t = dd_two_sum(a->s, p.hi);
	a->s = t.hi;
	a->e += t.lo + (p.lo + (xh * yl + xl * yh));
}

static inline void acc2_store(acc2 a, window *out, long k)
{
	dd r = dd_fast_two_sum(a.s, a.e);
	out->hi[k] = r.hi;
	out->lo[k] = r.lo;
}

/* Each head's halves (wide_split), once a step. */
static void split(window *w)
{
	for (long i = 0; i < w->len; i++) {
		dd h = wide_split(w->hi[i]);
		w->h1[i] = h.hi;
		w->h2[i] = h.lo;
	}
}

/* out = a * a (the convolution square), by symmetry. */
static int square(window *a, window *out)
{
	long n = 2 * a->len - 1;
	if (n > BERCL_FEC_DEGRADE_MAX_WIDTH)
		return -1;
	split(a);
	const double *h = a->hi, *l = a->lo, *h1 = a->h1, *h2 = a->h2;
	for (long k = 0; k < n; k++) {
		long i0 = k - (a->len - 1) > 0 ? k - (a->len - 1) : 0;
		acc2 s = {0.0, 0.0};
		long i = i0, j = k - i0;
		for (; i < j; i++, j--)
			acc2_add(&s, h[i], l[i], dd_make(h1[i], h2[i]), h[j], l[j], dd_make(h1[j], h2[j]));
		s.s *= 2; /* exact */
		s.e *= 2;
		if (i == j)
			acc2_add(&s, h[i], l[i], dd_make(h1[i], h2[i]), h[i], l[i], dd_make(h1[i], h2[i]));
		acc2_store(s, out, k);
	}
	out->off = 2 * a->off;
	out->len = n;
	return 0;
}

/* out = a * b with b short (the codeword law, split already). */
static int convolve(window *a, const window *b, window *out)
{
	long n = a->len + b->len - 1;
	if (n > BERCL_FEC_DEGRADE_MAX_WIDTH)
		return -1;
	for (long k = 0; k < n; k++) {
		acc2 s = {0.0, 0.0};
		long j0 = k - (a->len - 1) > 0 ? k - (a->len - 1) : 0;
		long j1 = k < b->len - 1 ? k : b->len - 1;
		for (long j = j0; j <= j1; j++)
			acc2_add(&s, a->hi[k - j], a->lo[k - j], wide_split(a->hi[k - j]), b->hi[j],
			         b->lo[j], dd_make(b->h1[j], b->h2[j]));
		acc2_store(s, out, k);
	}
	out->off = a->off + b->off;
	out->len = n;
	return 0;
}

/* ln(1 - e^l), l < 0: from 1 - e^l in double-double where e^l > e^-20
 * (the absolute error of dd_log, some 1e-32, is then below 1e-23 of the
 * result: 1 - e^l, the other tail, to its last bit), else log1p(-e^l) in
 * double (the result then within 1 ulp, and 1 - e^l within 1e-24). */
static bercl_lnprob complement(bercl_lnprob l)
{
	if (!(l.hi > -20.0))
		return bercli_lnprob_complement(l);
	dd r = dd_log(dd_sub(dd_from(1.0), dd_exp(dd_make(l.hi, l.lo))));
	bercl_lnprob out = {r.hi, r.lo};
	return out;
}

static void swap(window *a, window *b)
{
	window t = *a;
	*a = *b;
	*b = t;
}

enum bercl_status bercl_fec_degrade_p(const bercl_rs_code *code, double ser, double interval,
                                      double threshold, void *work, bercl_tails *out)
{
	if (!valid_code(code) || !(ser > 0 && ser < 1) || !(interval >= 1) ||
	    interval > BERCL_FEC_DEGRADE_MAX_INTERVAL || interval != floor(interval) ||
	    !(threshold >= 0 && threshold <= BERCL_MAX_ERRORS) || threshold != floor(threshold))
		return BERCL_EDOM;
	if (code->t + 2 > BERCL_FEC_MAX_BINS)
		return BERCL_ELIMIT;
	int d = code->t + 1;
	bercl_lnprob zero = {-INFINITY, 0.0}, one = {0.0, 0.0};
	if (threshold >= interval * d) { /* Y <= K (t + 1) always */
		bercli_tails_set(out, zero, one);
		return BERCL_OK;
	}
	dd lp[BERCL_FEC_MAX_BINS];
	codeword_law(code, ser, lp);
	/* theta: K mean~(theta) = S + 1/2, by bisection (the mean increases) */
	double target = (threshold + 0.5) / interval, lo = -1.0, hi = 1.0;
	while (tilted_mean(lp, d, lo) > target && lo > -1e6)
		lo *= 2;
	while (tilted_mean(lp, d, hi) < target && hi < 1e6)
		hi *= 2;
	for (int it = 0; it < 200 && hi - lo > 1e-9 * (1 + fabs(lo)); it++) {
		double mid = 0.5 * (lo + hi);
		if (tilted_mean(lp, d, mid) < target)
			lo = mid;
		else
			hi = mid;
	}
	double theta = 0.5 * (lo + hi);
	/* the tilted law: a_i = ln p_i + theta i (theta i exact), ln M = ln sum e^a_i */
	dd *a = lp; /* in place */
	double mx = -INFINITY;
	for (int i = 0; i <= d; i++) {
		a[i] = dd_add(lp[i], wide_two_prod(theta, i));
		if (a[i].hi > mx)
			mx = a[i].hi;
	}
	dd s = dd_from(0.0);
	for (int i = 0; i <= d; i++)
		s = dd_add(s, exp_or_zero(dd_add_d(a[i], -mx)));
	dd ln_m = dd_add_d(dd_log(s), mx);
	double *buf = work;
	const long W = BERCL_FEC_DEGRADE_MAX_WIDTH;
	/* work: acc's and tmp's heads and tails, W each; the halves of the
	 * squared window's heads (at most (W + 1) / 2 entries); the base */
	const long H = W / 2 + 1, B = BERCL_FEC_MAX_BINS;
	double *halves = buf + 4 * W, *bw = halves + 2 * H;
	window acc = {buf, buf + W, halves, halves + H, 0, 0},
	       tmp = {buf + 2 * W, buf + 3 * W, halves, halves + H, 0, 0},
	       base = {bw, bw + B, bw + 2 * B, bw + 3 * B, 0, d + 1};
	for (int i = 0; i <= d; i++) {
		dd v = exp_or_zero(dd_sub(a[i], ln_m));
		base.hi[i] = v.hi;
		base.lo[i] = v.lo;
	}
	trim(&base);
	split(&base);
	/* acc = base^(*K), from the top bit of K */
	unsigned long long k = (unsigned long long)interval;
	int top = 63;
	while (!((k >> top) & 1))
		top--;
	memcpy(acc.hi, base.hi, (size_t)base.len * sizeof *base.hi);
	memcpy(acc.lo, base.lo, (size_t)base.len * sizeof *base.lo);
	acc.off = base.off;
	acc.len = base.len;
	for (int b = top - 1; b >= 0; b--) {
		if (square(&acc, &tmp))
			return BERCL_ELIMIT;
		trim(&tmp);
		swap(&acc, &tmp);
		if ((k >> b) & 1) {
			if (convolve(&acc, &base, &tmp))
				return BERCL_ELIMIT;
			trim(&tmp);
			swap(&acc, &tmp);
		}
	}
	/* the smaller tail: upper (y >= y0 = S + 1) where theta > 0, lower
	 * (y <= y0 = S) otherwise; P = M^K e^(-theta y0) T with
	 * T = sum e^(-theta (y - y0)) h~_y, every weight at most 1 */
	int upper = theta > 0;
	double y0 = upper ? threshold + 1 : threshold;
	dd t = dd_from(0.0);
	for (long i = 0; i < acc.len; i++) {
		double y = (double)(acc.off + i);
		if ((y > threshold) != upper)
			continue;
		dd w = exp_or_zero(wide_two_prod(-theta, y - y0));
		t = dd_add(t, dd_mul(w, dd_make(acc.hi[i], acc.lo[i])));
	}
	bercl_lnprob ln_small, ln_big;
	if (!(t.hi > 0)) {
		ln_small = zero;
	} else {
		dd l = dd_add(dd_sub(dd_mul_d(ln_m, interval), wide_two_prod(theta, y0)), dd_log(t));
		ln_small.hi = l.hi;
		ln_small.lo = isfinite(l.hi) ? l.lo : 0.0;
		if (ln_small.hi > 0)
			ln_small = one;
	}
	ln_big = ln_small.hi > -INFINITY ? complement(ln_small) : one;
	if (upper)
		bercli_tails_set(out, ln_small, ln_big);
	else
		bercli_tails_set(out, ln_big, ln_small);
	return BERCL_OK;
}

/* The gap g(ser), increasing: ln P[Y > S] - ln p, or ln(1 - p) - ln P[Y <= S]. */
static enum bercl_status degrade_gap(const bercl_rs_code *c, double ser, double k, double s,
                                     double p, void *work, double *g)
{
	bercl_tails t;
	enum bercl_status rc = bercl_fec_degrade_p(c, ser, k, s, work, &t);
	if (rc != BERCL_OK)
		return rc;
	if (p <= 0.5)
		*g = t.ln_cl.hi == -INFINITY ? -INFINITY : (t.ln_cl.hi - bercli_log(p)) + t.ln_cl.lo;
	else
		*g = t.ln_one_minus_cl.hi == -INFINITY
		             ? INFINITY
		             : (bercli_log1p(-p) - t.ln_one_minus_cl.hi) - t.ln_one_minus_cl.lo;
	return BERCL_OK;
}

enum bercl_status bercl_fec_degrade_ser(const bercl_rs_code *code, double interval,
                                        double threshold, double p, void *work, double *ser)
{
	if (!valid_code(code) || !(p > 0 && p < 1))
		return BERCL_EDOM;
	if (!(threshold >= 0) || threshold >= interval * (code->t + 1.0))
		return BERCL_EDOM; /* the alarm can never be raised */
	double a = bercli_log(SER_MIN), b = bercli_log(SER_MAX), ga, gb;
	enum bercl_status rc;
	if ((rc = degrade_gap(code, SER_MIN, interval, threshold, p, work, &ga)) != BERCL_OK ||
	    (rc = degrade_gap(code, SER_MAX, interval, threshold, p, work, &gb)) != BERCL_OK)
		return rc;
	if (ga > 0 || gb < 0)
		return BERCL_ELIMIT;
	/* sa, sb: the SERs at which ga < 0 < gb were found (a, b their logs);
	 * fa, fb their gaps as found (ga, gb are halved by the Illinois rule) */
	double sa = SER_MIN, sb = SER_MAX, fa = ga, fb = gb;
	int side = 0;
	for (int it = 0; it < 300; it++) {
		double sx, width = sb - sa;
		if (sb <= nextafter(sa, INFINITY))
			break; /* adjacent doubles */
		if (sb - sa <= 0x1p-30 * sb) {
			/* narrow: the step in ser itself, where doubles of ln ser
			 * (|ln ser| 2^-52 apart) no longer reach every double ser */
			sx = isfinite(ga) && isfinite(gb) && gb != ga ? sa - ga * (sb - sa) / (gb - ga)
			                                              : sa + 0.5 * (sb - sa);
		} else {
			double x = isfinite(ga) && isfinite(gb) && gb != ga ? a - ga * (b - a) / (gb - ga)
			                                                    : 0.5 * (a + b);
			sx = bercli_exp(x > a && x < b ? x : 0.5 * (a + b));
		}
		if (!(sx > sa && sx < sb))
			sx = sa + 0.5 * (sb - sa);
		double gx;
		if ((rc = degrade_gap(code, sx, interval, threshold, p, work, &gx)) != BERCL_OK)
			return rc;
		if (gx == 0) {
			sa = sb = sx;
			break;
		}
		if (gx < 0) {
			sa = sx, a = bercli_log(sx), ga = fa = gx;
			if (side == -1)
				gb *= 0.5;
			side = -1;
		} else {
			sb = sx, b = bercli_log(sx), gb = fb = gx;
			if (side == 1)
				ga *= 0.5;
			side = 1;
		}
		if (sb - sa > 0.5 * width && sb > nextafter(sa, INFINITY)) {
			/* a slow step: bisect as well (in ln ser while wide) */
			double sm = sb - sa <= 0x1p-30 * sb ? sa + 0.5 * (sb - sa)
			                                    : bercli_exp(0.5 * (a + b)), gm;
			if (!(sm > sa && sm < sb))
				sm = sa + 0.5 * (sb - sa);
			if ((rc = degrade_gap(code, sm, interval, threshold, p, work, &gm)) != BERCL_OK)
				return rc;
			if (gm < 0)
				sa = sm, a = bercli_log(sm), ga = fa = gm;
			else
				sb = sm, b = bercli_log(sm), gb = fb = gm;
			side = 0;
		}
	}
	/* of the last bracket's ends (adjacent doubles), the one of smaller gap */
	*ser = sa == sb || -fa > fb ? sb : sa;
	return BERCL_OK;
}

enum bercl_status bercl_fec_degrade_mean_time(const bercl_rs_code *code, double interval,
                                              double rate_bps, double degrade_p, double *seconds)
{
	if (!valid_code(code) || !(interval >= 1 && interval < INFINITY) ||
	    !(rate_bps > 0 && rate_bps < INFINITY) || !(degrade_p >= 0 && degrade_p <= 1))
		return BERCL_EDOM;
	double t = interval * code->n * code->m / rate_bps / degrade_p;
	if (!(t < INFINITY))
		return BERCL_ELIMIT; /* the alarm is never (or almost never) raised */
	*seconds = t;
	return BERCL_OK;
}
