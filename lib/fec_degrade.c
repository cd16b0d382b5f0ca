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
 *   - Tilt: for theta real, p~_i = p_i e^(theta i) / M(theta), M = sum p_i
 *     e^(theta i). The K-fold convolution h of p and h~ of p~ satisfy
 *     h_y = M^K e^(-theta y) h~_y exactly. theta is chosen (bisection on
 *     the tilted mean, increasing in theta) so that K E~[X] = S + 1/2: h~ is
 *     then centred on the threshold, and the tail P[Y > S] = M^K e^(-theta S)
 *     sum_{y > S} e^(-theta (y - S)) h~_y is carried by the terms of h~
 *     nearest its centre (for theta <= 0, the lower tail P[Y <= S] likewise).
 *     This is the exact form of the saddle-point idea (Daniels 1954): no
 *     approximation, only a change of the weights.
 *   - Power: h~ = p~^(*K) by binary powering from the most significant bit
 *     of K (square, then convolve with p~ where the bit is 1), every sum of
 *     positive terms, in long double. After each step the entries below
 *     1e-36 of the largest are cut from both ends: the tilted distribution
 *     of a sum of k codewords is unimodal with standard deviation sqrt(k)
 *     sd~, so what is kept is a window of some 25 sd~ sqrt(k) entries, and
 *     what is cut is below 1e-30 of the tail. A window above
 *     BERCL_FEC_DEGRADE_MAX_WIDTH entries is BERCL_ELIMIT.
 *   - The smaller tail from its sum, ln P = K ln M - theta S + ln T; the
 *     other as 1 - P (no cancellation: the smaller tail is below ~0.6).
 *   Accuracy: every step adds positive terms, so rounding errors do not
 *   cancel into large relative errors; but an error e in the per-codeword
 *   probabilities becomes K e in the power, so they are formed in
 *   double-double (bercli_ln_binomial_pmf, and cer as a binomial tail) and
 *   the powering runs in long double (64-bit significand on x86-64): the
 *   relative error is about K (ln terms) LDBL_EPSILON, 1e-13 at K = 65536
 *   (the table of tests/data/gen_degrade_ref.py, 50-digit convolutions,
 *   is met within 1.8e-15 on its 55 rows). Where long double is double the
 *   error is about 2000 times larger.
 *   Cost: squarings of the window, (25 sd~ sqrt(K))^2 / 2 products at the
 *   last one: 2e7 at K = 65536 and 1.3 symbols per codeword.
 *
 *   bercl_fec_degrade_ser: P[Y > S] increases with ser (B_j, so X_j and Y,
 *   grow stochastically with ser). The root of ln P(ser) = ln p (or of the
 *   complements, p > 1/2) in ln ser on [1e-300, 1/2], by the Illinois
 *   variant of regula falsi with a bisection in ln ser whenever a step
 *   would not shrink the bracket by half; to 4 ulp of ser.
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
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "bercl.h"
#include "internal.h"

#define TRIM 1e-36L
#define SER_MIN 1e-300
#define SER_MAX 0.5

static int valid_code(const bercl_rs_code *c)
{
	bercl_rs_code check;
	return bercl_rs_code_make(c->n, c->k, c->m, &check) == BERCL_OK && check.t == c->t;
}

/* ln P[X = i], i = 0 .. t + 1, in long double from double-double. */
static enum bercl_status codeword_law(const bercl_rs_code *c, double ser, long double *lp)
{
	dd n = dd_from(c->n), q = dd_sub(dd_from(1.0), dd_from(ser));
	for (int i = 0; i <= c->t; i++) {
		dd l = bercli_ln_binomial_pmf(i, n, ser, q);
		lp[i] = (long double)l.hi + (long double)l.lo;
	}
	bercl_tails up;
	enum bercl_status rc = c->t > 0 ? bercl_binomial_tails(c->t, c->n, ser, &up)
	                                : BERCL_OK;
	if (rc != BERCL_OK)
		return rc;
	if (c->t == 0) {
		/* P[B > 0] = 1 - (1 - ser)^n */
		double l = bercli_log(-bercli_expm1(c->n * bercli_log1p(-ser)));
		lp[1] = l;
	} else {
		lp[c->t + 1] = (long double)up.ln_cl.hi + (long double)up.ln_cl.lo;
	}
	return BERCL_OK;
}

/* The tilted mean of X at theta. */
static double tilted_mean(const long double *lp, int d, double theta)
{
	long double mx = -INFINITY;
	for (int i = 0; i <= d; i++)
		if (lp[i] + theta * i > mx)
			mx = lp[i] + theta * i;
	long double s = 0, si = 0;
	for (int i = 0; i <= d; i++) {
		long double w = expl(lp[i] + theta * i - mx);
		s += w;
		si += i * w;
	}
	return (double)(si / s);
}

/* A window of a distribution: v[0 .. len-1] are the entries at off .. off+len-1. */
typedef struct {
	long double *v;
	long off, len;
} window;

static void trim(window *w)
{
	long double mx = 0;
	for (long i = 0; i < w->len; i++)
		if (w->v[i] > mx)
			mx = w->v[i];
	long lo = 0, hi = w->len;
	while (lo < hi && w->v[lo] < TRIM * mx)
		lo++;
	while (hi > lo && w->v[hi - 1] < TRIM * mx)
		hi--;
	if (lo > 0)
		memmove(w->v, w->v + lo, (size_t)(hi - lo) * sizeof *w->v);
	w->off += lo;
	w->len = hi - lo;
}

/* out = a * a (the convolution square), by symmetry. */
static int square(const window *a, window *out)
{
	long n = 2 * a->len - 1;
	if (n > BERCL_FEC_DEGRADE_MAX_WIDTH)
		return -1;
	for (long k = 0; k < n; k++) {
		long i0 = k - (a->len - 1) > 0 ? k - (a->len - 1) : 0;
		long double s = 0;
		long i = i0, j = k - i0;
		for (; i < j; i++, j--)
			s += a->v[i] * a->v[j];
		s *= 2;
		if (i == j)
			s += a->v[i] * a->v[i];
		out->v[k] = s;
	}
	out->off = 2 * a->off;
	out->len = n;
	return 0;
}

/* out = a * b with b short (the codeword law). */
static int convolve(const window *a, const window *b, window *out)
{
	long n = a->len + b->len - 1;
	if (n > BERCL_FEC_DEGRADE_MAX_WIDTH)
		return -1;
	for (long k = 0; k < n; k++) {
		long double s = 0;
		for (long j = 0; j < b->len; j++) {
			long i = k - j;
			if (i >= 0 && i < a->len)
				s += a->v[i] * b->v[j];
		}
		out->v[k] = s;
	}
	out->off = a->off + b->off;
	out->len = n;
	return 0;
}

static void set_ln(bercl_lnprob *l, long double x)
{
	l->hi = (double)x;
	l->lo = isfinite(l->hi) ? (double)(x - l->hi) : 0.0;
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
	long double lp[BERCL_FEC_MAX_BINS];
	enum bercl_status rc = codeword_law(code, ser, lp);
	if (rc != BERCL_OK)
		return rc;
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
	/* the tilted law, ln M = ln sum p_i e^(theta i) */
	long double mx = -INFINITY, s = 0;
	for (int i = 0; i <= d; i++)
		if (lp[i] + theta * i > mx)
			mx = lp[i] + theta * i;
	for (int i = 0; i <= d; i++)
		s += expl(lp[i] + theta * i - mx);
	long double ln_m = mx + logl(s);
	long double *buf = work;
	window base = {buf, 0, d + 1}, acc = {buf + BERCL_FEC_DEGRADE_MAX_WIDTH, 0, 0},
	       tmp = {buf + 2 * BERCL_FEC_DEGRADE_MAX_WIDTH, 0, 0};
	for (int i = 0; i <= d; i++)
		base.v[i] = expl(lp[i] + theta * i - ln_m);
	trim(&base);
	/* acc = base^(*K), from the top bit of K */
	unsigned long long k = (unsigned long long)interval;
	int top = 63;
	while (!((k >> top) & 1))
		top--;
	memcpy(acc.v, base.v, (size_t)base.len * sizeof *base.v);
	acc.off = base.off;
	acc.len = base.len;
	for (int b = top - 1; b >= 0; b--) {
		if (square(&acc, &tmp))
			return BERCL_ELIMIT;
		trim(&tmp);
		window sw = acc;
		acc = tmp;
		tmp = sw;
		if ((k >> b) & 1) {
			if (convolve(&acc, &base, &tmp))
				return BERCL_ELIMIT;
			trim(&tmp);
			sw = acc;
			acc = tmp;
			tmp = sw;
		}
	}
	/* the smaller tail: upper where theta > 0, lower otherwise */
	int upper = theta > 0;
	long double t = 0;
	for (long i = 0; i < acc.len; i++) {
		long y = acc.off + i;
		if ((y > threshold) == upper)
			t += expl(-theta * ((long double)y - threshold)) * acc.v[i];
	}
	bercl_lnprob ln_small, ln_big;
	if (!(t > 0)) {
		ln_small = zero;
	} else {
		set_ln(&ln_small, (long double)interval * ln_m - (long double)theta * threshold + logl(t));
		if (ln_small.hi > 0)
			ln_small = one;
	}
	ln_big = ln_small.hi > -INFINITY ? bercli_lnprob_complement(ln_small) : one;
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
	int side = 0;
	for (int it = 0; it < 300; it++) {
		double x;
		if (isfinite(ga) && isfinite(gb) && gb != ga)
			x = a - ga * (b - a) / (gb - ga);
		else
			x = 0.5 * (a + b);
		if (!(x > a && x < b))
			x = 0.5 * (a + b);
		double gx;
		if ((rc = degrade_gap(code, bercli_exp(x), interval, threshold, p, work, &gx)) != BERCL_OK)
			return rc;
		if (gx == 0) {
			a = b = x;
			break;
		}
		double width = b - a;
		if (gx < 0) {
			a = x;
			ga = gx;
			if (side == -1)
				gb *= 0.5;
			side = -1;
		} else {
			b = x;
			gb = gx;
			if (side == 1)
				ga *= 0.5;
			side = 1;
		}
		if (b - a > 0.5 * width) {
			/* a slow step: bisect as well */
			double m = 0.5 * (a + b), gm;
			if ((rc = degrade_gap(code, bercli_exp(m), interval, threshold, p, work, &gm)) != BERCL_OK)
				return rc;
			if (gm < 0)
				a = m, ga = gm;
			else
				b = m, gb = gm;
			side = 0;
		}
		if (bercli_exp(b) - bercli_exp(a) <= 4 * DBL_EPSILON * bercli_exp(b))
			break;
	}
	*ser = bercli_exp(0.5 * (a + b));
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
