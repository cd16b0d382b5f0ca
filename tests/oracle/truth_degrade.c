/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * truth_degrade.c - the oracle's truth for 802.3's degraded-SER alarm: both
 * tails of Y = X_1 + ... + X_K, X = min(B, t + 1), B ~ Binomial(n, ser), in
 * MPFR. Shares no code with lib/ (lib/fec_degrade.c tilts and powers a
 * window in double-double; nothing of that here): written from the
 * definitions and De Pril's recursion only.
 *
 * METHOD
 *   The law of X, p_i = P[X = i], i = 0 .. d = t + 1: p_0 = (1 - ser)^n as
 *   exp(n log1p(-ser)), p_i = p_(i-1) (n - i + 1)/i ser/(1 - ser) for
 *   i <= t, and p_d = P[B > t] as 1 - sum_(i<=t) p_i where that keeps all
 *   but 64 of the bits, else as the sum of b(i), i > t, until the next
 *   term, with the ratios falling below 1/2, is below 2^-(bits+10) of the
 *   sum (the rest is then at most that term).
 *   The K-fold convolution h = p^(*K) by De Pril's recursion: from the
 *   generating function H = P^K, P H' = K P' H, whose coefficient of
 *   z^(y-1) gives
 *     h_0 = p_0^K,
 *     h_y = (1 / (y p_0)) sum_(i=1)^(min(y,d)) ((K + 1) i - y) p_i h_(y-i),
 *   O(d) operations an entry (N. De Pril, "On the exact computation of the
 *   aggregate claims distribution in the individual life model", ASTIN
 *   Bulletin 16 (1986) 109-112; the same identity is J. C. P. Miller's
 *   formula for the powers of a power series, D. E. Knuth, TAOCP vol. 2,
 *   4.7). h_0 = exp(K n log1p(-ser)) directly.
 *   Rounding: for y <= K + 1 every coefficient (K + 1) i - y is >= 0, so
 *   every h_y is a sum of positive terms and its relative error is at most
 *   about (d + 3) 2^-bits more than the largest of the h it reads: about
 *   y d 2^-bits at y, nothing cancels. Above K + 1 (intervals shorter than
 *   the threshold) the coefficients of the small i are negative and terms
 *   cancel, and the loss grows with y / K; such a case is computed again at
 *   twice the bits and accepted only if the two agree to 2^-100 relative
 *   in both tails (else at twice again, up to 8192 bits; else doubtful).
 *   Where S is above half of K d, the recursion runs on the mirror image,
 *   Y' = K d - Y (the law of d - X, h'_0 = P[X = d]^K), to S' = K d - S - 1
 *   < S, and P[Y > S] = P[Y' <= S']: fewer cancelling steps (none where
 *   S' <= K + 1).
 *   Tails: P[Y <= S] = sum_(y<=S) h_y. P[Y > S] = 1 - that where it is at
 *   least 2^-40 (40 bits lost of BITS); else, a tail that small, directly
 *   as sum_(y>S) h_y, the recursion carried on past S until the rest is
 *   below 2^-110 of the sum by Chernoff's bound: for any theta > 0,
 *   P[Y > Y1] <= e^(-theta (Y1 + 1)) M(theta)^K, M(theta) = sum p_i
 *   e^(theta i), with theta where K M'/M = Y1 + 1 (the bound's best), or
 *   exactly 0 once Y1 = K d; at most TAIL_CAP entries past S, else
 *   doubtful. Y <= K d always: S >= K d gives P[Y > S] = 0 exactly.
 *   Cost: about d (S + tail) multiplications a case, twice where y > K + 1
 *   occurs.
 */
#include <math.h>
#include <stdlib.h>

#include "truth.h"

#define DEG_BITS 128
#define DEG_ROUNDS 6 /* the bits doubled up to 6 times: 8192 */
#define TAIL_CAP 50000
#define UPPER_DIRECT_BELOW -40 /* log2 of the upper tail below which it is summed */

/* The law of X at prec bits: p[0..d]; lp[i] = ln p_i in double (for the bound). */
static void law(mpfr_t *p, double *lp, int n, int t, double ser, mpfr_prec_t prec)
{
	int d = t + 1;
	mpfr_t s, odds, l, below, term, sum;
	mpfr_inits2(prec + 64, s, odds, l, below, term, sum, (mpfr_ptr)0);
	mpfr_set_d(s, ser, MPFR_RNDN); /* exact */
	mpfr_ui_sub(odds, 1, s, MPFR_RNDN);
	mpfr_div(odds, s, odds, MPFR_RNDN); /* ser / (1 - ser) */
	mpfr_neg(l, s, MPFR_RNDN);
	mpfr_log1p(l, l, MPFR_RNDN);
	mpfr_mul_ui(l, l, (unsigned long)n, MPFR_RNDN);
	mpfr_exp(term, l, MPFR_RNDN); /* b(0) */
	mpfr_set(below, term, MPFR_RNDN);
	mpfr_set(p[0], term, MPFR_RNDN);
	for (int i = 1; i <= t; i++) {
		mpfr_mul_ui(term, term, (unsigned long)(n - i + 1), MPFR_RNDN);
		mpfr_div_ui(term, term, (unsigned long)i, MPFR_RNDN);
		mpfr_mul(term, term, odds, MPFR_RNDN);
		mpfr_set(p[i], term, MPFR_RNDN);
		mpfr_add(below, below, term, MPFR_RNDN);
	}
	mpfr_ui_sub(sum, 1, below, MPFR_RNDN);
	if (mpfr_zero_p(sum) || mpfr_get_exp(sum) < -60) {
		/* P[B > t] small: its terms b(t+1), b(t+2), ... directly */
		mpfr_set_ui(sum, 0, MPFR_RNDN);
		double od = mpfr_get_d(odds, MPFR_RNDN);
		for (int i = t + 1; i <= n; i++) {
			mpfr_mul_ui(term, term, (unsigned long)(n - i + 1), MPFR_RNDN);
			mpfr_div_ui(term, term, (unsigned long)i, MPFR_RNDN);
			mpfr_mul(term, term, odds, MPFR_RNDN);
			mpfr_add(sum, sum, term, MPFR_RNDN);
			double ratio = (double)(n - i) / (i + 1) * od; /* b(i+1) / b(i) */
			if (ratio < 0.5 && (mpfr_zero_p(term) ||
			                    mpfr_get_exp(term) < mpfr_get_exp(sum) - (long)prec - 10))
				break;
		}
	}
	mpfr_set(p[d], sum, MPFR_RNDN);
	for (int i = 0; i <= d; i++) {
		if (mpfr_zero_p(p[i])) {
			lp[i] = -INFINITY;
		} else {
			mpfr_log(l, p[i], MPFR_RNDN);
			lp[i] = mpfr_get_d(l, MPFR_RNDN);
		}
	}
	mpfr_clears(s, odds, l, below, term, sum, (mpfr_ptr)0);
}

/* ln of Chernoff's bound on P[Y > y1]: min over theta > 0 of
 * K ln M(theta) - theta (y1 + 1), theta by bisection on the tilted mean. */
static double ln_chernoff(const double *lp, int d, double K, double y1)
{
	double target = (y1 + 1) / K, lo = 0, hi = 1;
	double mx, s, si;
#define TILT(th)                                                                \
	do {                                                                        \
		mx = -INFINITY;                                                         \
		for (int i = 0; i <= d; i++)                                            \
			if (lp[i] + (th) * i > mx)                                          \
				mx = lp[i] + (th) * i;                                          \
		s = 0, si = 0;                                                          \
		for (int i = 0; i <= d; i++) {                                          \
			double w = exp(lp[i] + (th) * i - mx);                              \
			s += w;                                                             \
			si += i * w;                                                        \
		}                                                                       \
	} while (0)
	if (target >= d)
		return -INFINITY;
	for (;;) {
		TILT(hi);
		if (si / s >= target || hi > 1e7)
			break;
		hi *= 2;
	}
	for (int it = 0; it < 200; it++) {
		double mid = 0.5 * (lo + hi);
		TILT(mid);
		if (si / s < target)
			lo = mid;
		else
			hi = mid;
	}
	double th = lo > 0 ? lo : hi;
	TILT(th);
#undef TILT
	return K * (mx + log(s)) - th * (y1 + 1);
}

/*
 * One computation at prec bits. Returns 0, or -1 if the upper tail's sum
 * did not settle within TAIL_CAP entries; *neg says whether a negative
 * coefficient occurred.
 */
static int depril(mpfr_t le, mpfr_t gt, int n, int t, double ser, double K, double S, int refl,
                  mpfr_prec_t prec, int *neg)
{
	int d = t + 1, rc = 0;
	mpfr_t *p = malloc(sizeof *p * (size_t)(d + 1));
	double *lp = malloc(sizeof *lp * (size_t)(d + 1));
	long cap = (long)S + 1 + TAIL_CAP;
	if ((double)cap > K * d + 1)
		cap = (long)(K * d) + 1;
	mpfr_t *h = malloc(sizeof *h * (size_t)(cap + 1));
	if (!p || !lp || !h)
		abort();
	for (int i = 0; i <= d; i++)
		mpfr_init2(p[i], prec);
	law(p, lp, n, t, ser, prec);
	mpfr_t l, pos, ng, term, sum, up;
	mpfr_inits2(prec, l, pos, ng, term, sum, up, (mpfr_ptr)0);
	mpfr_init2(h[0], prec);
	if (refl) { /* the law of d - X */
		for (int i = 0; i < d - i; i++) {
			mpfr_swap(p[i], p[d - i]);
			double x = lp[i];
			lp[i] = lp[d - i];
			lp[d - i] = x;
		}
		mpfr_pow_ui(h[0], p[0], (unsigned long)K, MPFR_RNDN);
	} else {
		mpfr_set_d(l, ser, MPFR_RNDN);
		mpfr_neg(l, l, MPFR_RNDN);
		mpfr_log1p(l, l, MPFR_RNDN);
		mpfr_mul_d(l, l, (double)n * K, MPFR_RNDN); /* n K < 2^53: exact */
		mpfr_exp(h[0], l, MPFR_RNDN);
	}
	/* r_i = p_i / p_0 */
	for (int i = 1; i <= d; i++)
		mpfr_div(p[i], p[i], p[0], MPFR_RNDN);
	*neg = 0;
	long y = 0, ns = (long)S;
	mpfr_set(sum, h[0], MPFR_RNDN);
	mpfr_set_ui(up, 0, MPFR_RNDN);
	int upper_direct = 0;
	long inited = 1;
	for (;;) {
		if (y == ns) { /* the lower tail is complete */
			mpfr_set(le, sum, MPFR_RNDN);
			mpfr_ui_sub(gt, 1, sum, MPFR_RNDN);
			if ((double)ns >= K * d) {
				mpfr_set_ui(gt, 0, MPFR_RNDN);
				break;
			}
			if (!(mpfr_zero_p(gt) || mpfr_get_exp(gt) < UPPER_DIRECT_BELOW))
				break;
			upper_direct = 1;
		}
		if (upper_direct && y > ns) {
			if ((double)y >= K * d)
				break; /* nothing above K d */
			if ((y - ns) % 16 == 0 && !mpfr_zero_p(up)) {
				mpfr_log(l, up, MPFR_RNDN);
				double lu = mpfr_get_d(l, MPFR_RNDN);
				if (ln_chernoff(lp, d, K, (double)y) < lu - 110 * 0.69314718055994531)
					break;
			}
		}
		if (y + 1 >= cap) {
			rc = -1;
			break;
		}
		y++;
		mpfr_init2(h[y], prec);
		inited++;
		mpfr_set_ui(pos, 0, MPFR_RNDN);
		mpfr_set_ui(ng, 0, MPFR_RNDN);
		for (long i = 1; i <= d && i <= y; i++) {
			double c = (K + 1) * (double)i - (double)y; /* exact: below 2^53 */
			if (c == 0 || mpfr_zero_p(h[y - i]))
				continue;
			mpfr_mul(term, p[i], h[y - i], MPFR_RNDN);
			if (c > 0) {
				mpfr_mul_d(term, term, c, MPFR_RNDN);
				mpfr_add(pos, pos, term, MPFR_RNDN);
			} else {
				mpfr_mul_d(term, term, -c, MPFR_RNDN);
				mpfr_add(ng, ng, term, MPFR_RNDN);
				*neg = 1;
			}
		}
		mpfr_sub(h[y], pos, ng, MPFR_RNDN);
		mpfr_div_ui(h[y], h[y], (unsigned long)y, MPFR_RNDN);
		if (y <= ns)
			mpfr_add(sum, sum, h[y], MPFR_RNDN);
		else
			mpfr_add(up, up, h[y], MPFR_RNDN);
	}
	if (upper_direct && rc == 0)
		mpfr_set(gt, up, MPFR_RNDN);
	for (long i = 0; i < inited; i++)
		mpfr_clear(h[i]);
	for (int i = 0; i <= d; i++)
		mpfr_clear(p[i]);
	mpfr_clears(l, pos, ng, term, sum, up, (mpfr_ptr)0);
	free(h);
	free(p);
	free(lp);
	return rc;
}

static int agree(const mpfr_t a, const mpfr_t b, int bits)
{
	if (mpfr_zero_p(a) || mpfr_zero_p(b))
		return mpfr_zero_p(a) && mpfr_zero_p(b);
	mpfr_t r;
	mpfr_init2(r, 64);
	mpfr_div(r, a, b, MPFR_RNDN);
	mpfr_sub_ui(r, r, 1, MPFR_RNDN);
	int ok = mpfr_zero_p(r) || mpfr_get_exp(r) < -bits;
	mpfr_clear(r);
	return ok;
}

static void set_ln(mpfr_t out, const mpfr_t v)
{
	if (mpfr_zero_p(v))
		mpfr_set_inf(out, -1);
	else
		mpfr_log(out, v, MPFR_RNDN);
}

int truth_degrade(mpfr_t ln_le, mpfr_t ln_gt, int n, int t, double ser, double K, double S)
{
	if (S >= K * (t + 1)) { /* Y <= K (t + 1) always */
		mpfr_set_ui(ln_le, 0, MPFR_RNDN);
		mpfr_set_inf(ln_gt, -1);
		return 0;
	}
	/* P[Y > S] = P[Y' <= S'] for Y' = K d - Y, S' = K d - S - 1: the
	 * shorter recursion, the fewer cancelling steps */
	double d = t + 1, S2 = K * d - S - 1;
	int refl = S2 < S;
	mpfr_prec_t prec = DEG_BITS;
	mpfr_t le, gt, le2, gt2;
	mpfr_inits2(DEG_BITS << DEG_ROUNDS, le, gt, le2, gt2, (mpfr_ptr)0);
	int neg, rc = depril(le, gt, n, t, ser, K, refl ? S2 : S, refl, prec, &neg);
	for (int round = 0; rc == 0 && neg && round < DEG_ROUNDS; round++) {
		prec *= 2;
		int neg2;
		rc = depril(le2, gt2, n, t, ser, K, refl ? S2 : S, refl, prec, &neg2);
		if (rc != 0)
			break;
		int same = agree(le, le2, 100) && agree(gt, gt2, 100);
		mpfr_set(le, le2, MPFR_RNDN);
		mpfr_set(gt, gt2, MPFR_RNDN);
		if (same) {
			neg = 0;
			break;
		}
	}
	if (refl)
		mpfr_swap(le, gt);
	if (rc == 0 && (neg || mpfr_sgn(le) < 0 || mpfr_sgn(gt) < 0))
		rc = -1; /* did not settle, or cancelled to a negative value */
	set_ln(ln_le, le);
	set_ln(ln_gt, gt);
	mpfr_clears(le, gt, le2, gt2, (mpfr_ptr)0);
	return rc;
}
