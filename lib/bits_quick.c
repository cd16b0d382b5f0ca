/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bits_quick.c - the Poisson minimum bits by a quick certified route, for
 * bercl_min_bits() without its tails (achieved NULL), and with them where
 * its answer is the search's own (lib/solve.c quick_is_search: every face's
 * min_bits, through the engine); and, for one count and target at many
 * BERs (a memo used again), a certified bracket of the exact root from
 * which each BER's bits follow (bercli_quick_bracket). Moved here from the
 * binding so that the numerics live in the library once.
 */
#include <float.h>
#include <math.h>

#include "internal.h"

/*
 * Only where long double is the x87 format (LDBL_MANT_DIG 64: x86-64,
 * i386), as lib/wide.h chooses its wide type: in software quad (arm64,
 * RISC-V, WebAssembly) the long-double sums cost tens of times more than
 * the library's Halley route, and where long double is double
 * (-mlong-double-64, MSVC) they certify next to nothing and the C
 * library's expl would be called with the wrong format. Elsewhere
 * bercli_quick_min_bits() answers 0 and the callers search as before.
 */
#if LDBL_MANT_DIG == 64

/*
 * The Poisson minimum bits for errors E <= QUICK_MAX_ERRORS, by finite sums
 * (their cost grows with E, so above that bercl_min_bits()' Halley route on
 * the certified fast path is the quicker, as measured on x86-64 when the
 * bound was set).
 * Method: lambda* with P[X > E | lambda*] = cl by Halley's method on the
 * logarithm of the smaller tail (d P / d lambda is the Poisson pmf), from the
 * Wilson-Hilferty approximation of the gamma quantile (Johnson, Kotz &
 * Balakrishnan, Continuous Univariate Distributions 1, ch. 17-18); then the
 * whole number N = ceil(lambda* / ber), moved a bit at a time until N reaches
 * the target and N - 1 does not. Each such decision is the library's own
 * rule (lib/solve.c reaches()): the double-precision tails decide where they
 * are more than QUICK_MARGIN (relative, on the smaller tail) from the target,
 * far beyond their error (the soaks' worst is 4e-15); closer, the same sums
 * in long double where their error bound settles it (quick_ld_gap()), else
 * the exact decision in double-double (quick_exact_gap(): for E = 0
 * n ber >= -ln(1 - C); for 1 <= E and 1e-10 <= lambda <= 575 the finite sum
 * of Abramowitz & Stegun 6.5.13 with each term in double-double, as bercl.h
 * calls that comparison exact). Where neither applies, or nothing settles
 * in a few steps, it gives 0 and the caller searches. With need_tails 0
 * the long-double gap alone may decide, without the library's tails.
 * Callers: bercl_min_bits() (lib/solve.c), without its tails (achieved
 * NULL), and with them where the answer is the search's own (then the
 * tails are the search's at that answer, and the engine, as for the
 * search's, moves on until their doubles meet the target too).
 */
#define QUICK_MAX_ERRORS 160
#define QUICK_MARGIN 1e-14

/* 1/k for the sums below (multiplications in place of divisions, which
 * made most of their time), k < QUICK_INV_N, as constants the compiler
 * rounds (each the double, or long double, nearest 1/k), 1 <= k <=
 * QUICK_INV_N; past the table a division. */
#define QUICK_INV_N 1024
#define QI1(k) 1.0 / (k),
#define QI4(k) QI1(k) QI1((k) + 1) QI1((k) + 2) QI1((k) + 3)
#define QI16(k) QI4(k) QI4((k) + 4) QI4((k) + 8) QI4((k) + 12)
#define QI64(k) QI16(k) QI16((k) + 16) QI16((k) + 32) QI16((k) + 48)
#define QI256(k) QI64(k) QI64((k) + 64) QI64((k) + 128) QI64((k) + 192)
#define QL1(k) 1.0L / (k),
#define QL4(k) QL1(k) QL1((k) + 1) QL1((k) + 2) QL1((k) + 3)
#define QL16(k) QL4(k) QL4((k) + 4) QL4((k) + 8) QL4((k) + 12)
#define QL64(k) QL16(k) QL16((k) + 16) QL16((k) + 32) QL16((k) + 48)
#define QL256(k) QL64(k) QL64((k) + 64) QL64((k) + 128) QL64((k) + 192)
/* entry k - 1 holds 1/k */
static const double quick_inv[QUICK_INV_N] = {QI256(1) QI256(257) QI256(513) QI256(769)};
static const long double quick_inv_ld[QUICK_INV_N] = {QL256(1) QL256(257) QL256(513) QL256(769)};

static inline double inv_k(int k)
{
	return k <= QUICK_INV_N ? quick_inv[k - 1] : 1.0 / k;
}

static inline long double inv_k_ld(int k)
{
	return k <= QUICK_INV_N ? quick_inv_ld[k - 1] : 1.0L / k;
}

/*
 * The Poisson sums of the long-double gap and the rough tail, t_k =
 * lambda^k / k!, on two chains: the even terms from each other (t_k =
 * t_(k-2) (lambda^2 (1/(k-1)) (1/k))), each odd one hanging off the even
 * one before it (t_k = t_(k-1) (lambda (1/k))), so that a multiplication
 * waits on the one before it only every second term, half the latency of
 * one chain (these loops were most of the time). Rounding, u = epsilon/2
 * of the type: an even term's multiplier holds five roundings (lambda^2,
 * two table entries, two products) and its product one, six for two steps;
 * an odd term three more; so term k is within (3k + 3) u = (3k/2 + 3/2)
 * epsilon relative, as one chain of three roundings a term has it; two
 * partial sums of positive terms add at most e/2 + 1 epsilon.
 * SUM_LOW(T): sum_{k=0..e} t_k, *last t_e. SUM_UP(T): sum_{k=from+1..}
 * from t_from = t (k < cap), until past lambda a term is below rel of the
 * sum, checked every second term; *end the last k (cap: not ended).
 */
#define QUICK_SUMS(T, NAME, INV)                                                       \
	static T NAME##_low(T lam, int e, T *last)                                      \
	{                                                                              \
		T lam2 = lam * lam, even = 1, odd = 0, s_even = 1, s_odd = 0;           \
		int k;                                                                  \
		for (k = 2; k <= e; k += 2) {                                           \
			T i1 = INV(k - 1);                                              \
			odd = even * (lam * i1);                                        \
			even = even * (lam2 * (i1 * INV(k)));                           \
			s_odd += odd;                                                   \
			s_even += even;                                                 \
		}                                                                       \
		*last = even;                                                           \
		if (k == e + 1) { /* e odd: t_e off the last even term */               \
			*last = even * (lam * INV(e));                                  \
			s_odd += *last;                                                 \
		}                                                                       \
		return s_even + s_odd;                                                  \
	}                                                                              \
	static T NAME##_up(T lam, int from, T t, int cap, T rel, int *end)              \
	{                                                                              \
		T lam2 = lam * lam, s_a = 0, s_b = 0;                                   \
		int k;                                                                  \
		for (k = from + 2; k < cap; k += 2) {                                   \
			T i1 = INV(k - 1);                                              \
			s_a += t * (lam * i1);                                          \
			t = t * (lam2 * (i1 * INV(k)));                                 \
			s_b += t;                                                       \
			if (k > lam && t < rel * (s_a + s_b))                           \
				break;                                                  \
		}                                                                       \
		*end = k < cap ? k : cap;                                               \
		return s_a + s_b;                                                       \
	}
QUICK_SUMS(long double, sums_ld, inv_k_ld)
QUICK_SUMS(double, sums_d, inv_k)

/*
 * The reach gap at lambda (double-double) in double-double, G = 1 - C -
 * Q(lambda) (cl > 1/2) or P(lambda) - C: G >= 0 exactly when n bits with
 * n ber = lambda reach the target, increasing in lambda; *g its value,
 * *err a bound on g's error (for E = 0 in lambda units: lambda - (-ln(1 -
 * C))). Returns 0, or -1 where it does not apply.
 */
static int exact_gap_at(double errors, dd lam, const bercl_target *tg, double *g, double *err)
{
	double cl = tg->cl;
	/* the side compared exactly, as lib/solve.c takes it: 1 - C or C in double-double */
	dd omc = dd_make(tg->one_minus_cl, tg->one_minus_cl_lo), cx = dd_make(cl, tg->cl_lo);
	if (errors == 0) {
		dd need = cl > 0.5 ? dd_neg(dd_log(omc)) : bercli_neg_log1m(cx);
		dd gap = dd_sub(lam, need);
		*g = gap.hi + gap.lo;
		*err = 1e-27 * need.hi + 0x1p-52 * fabs(*g);
		return 0;
	}
	if (!(lam.hi >= 1e-10 && lam.hi <= 575) || (cl > 0.5 ? omc.hi : cl) < 1e-250)
		return -1;
	dd term = dd_from(1.0), low = dd_from(1.0), up = dd_from(0.0);
	int k;
	for (k = 1; k <= (int)errors; k++) {
		term = dd_div_d(dd_mul(term, lam), (double)k);
		low = dd_add(low, term);
	}
	dd e = dd_exp(dd_neg(lam));
	dd gap;
	if (cl > 0.5) {
		gap = dd_sub(omc, dd_mul(e, low));
	} else {
		for (; k < 2000; k++) {
			term = dd_div_d(dd_mul(term, lam), (double)k);
			up = dd_add(up, term);
			if (k > lam.hi && term.hi < 1e-34 * up.hi)
				break;
		}
		if (k == 2000)
			return -1;
		gap = dd_sub(dd_mul(e, up), cx);
	}
	*g = gap.hi + gap.lo;
	/* the sums' 1e-29 relative (above), charged 1e-27, and g's rounding */
	*err = 1e-27 * (cl > 0.5 ? omc.hi : cl) + 0x1p-52 * fabs(*g);
	return 0;
}

/* exact_gap_at() at lambda = n ber (exact, double-double), with its slope
 * in n: ber for E = 0, pmf(E; lambda) ber above. */
static int quick_exact_gap(double errors, double n, double ber, const bercl_target *tg, double *g,
                           double *err, double *slope)
{
	dd lam = dd_two_prod(n, ber);
	if (exact_gap_at(errors, lam, tg, g, err) != 0)
		return -1;
	*slope = errors == 0 ? ber
	                     : bercli_exp(errors * bercli_log(lam.hi) - lam.hi - bercli_lgamma(errors + 1)) *
	                               ber; /* pmf ber */
	return 0;
}

/*
 * The reach gap of quick_exact_gap() in long double (quick_ld_gap), or in
 * double (quick_d_gap, tried first where one bit moves the tail by far more
 * than its error: about half the Python bench's points), where that is
 * enough: the same finite sums (sums_*_low, sums_*_up: term k within (3k/2
 * + 3/2) epsilon of the type), so the sum is within (2E + 3) epsilon
 * relative and e^-lambda (expl, exp) within a few more, plus lambda
 * epsilon / 2 from lambda = n ber rounded to the type, and in double the
 * target's low part dropped (epsilon / 2 of it); a gap beyond (8 (E + 10) +
 * lambda) epsilon of the target decides (1 or 0), else -1 and the
 * double-double sums decide. In double the compared target must be at
 * least 1e-250, so that a term below the normal doubles is far below that
 * margin. On x86-64 the long double settles most of the cases the doubles
 * cannot; with long double = double, next to none (then the double-double
 * decides, as before).
 */
#define QUICK_GAP(T, NAME, EPS, EXPF, LOGF, LOG1PF, SUMS, TOL, MIN_TARGET)                    \
	static int NAME##_at(double errors, T lam, double ber, const bercl_target *tg, double *g, \
	                     double *err, double *slope)                                          \
	{                                                                                        \
		double cl = tg->cl;                                                               \
		T c_t = (T)tg->one_minus_cl + (T)tg->one_minus_cl_lo;                             \
		T cl_t = (T)cl + (T)tg->cl_lo;                                                    \
		T margin = (8 * (errors + 10) + lam) * EPS;                                       \
		T gap, scale;                                                                     \
		if (!((cl > 0.5 ? c_t : cl_t) >= MIN_TARGET))                                     \
			return -1;                                                                \
		if (errors == 0) {                                                                \
			T need = cl > 0.5 ? -LOGF(c_t) : -LOG1PF(-cl_t);                          \
			gap = lam - need;                                                         \
			scale = need;                                                             \
			*slope = ber;                                                             \
		} else {                                                                          \
			if (!(lam >= 1e-10 && lam <= 575))                                        \
				return -1;                                                        \
			T term;                                                                   \
			T low = SUMS##_low(lam, (int)errors, &term);                              \
			int k;                                                                    \
			T e = EXPF(-lam);                                                         \
			/* pmf(E; lambda) ber from the sum's last term: its relative error   \
			 * (3E/2 + 3) epsilon, far below the 1e-12 the slope needs */        \
			*slope = (double)(term * e) * ber;                                        \
			if (cl > 0.5) {                                                           \
				gap = c_t - e * low;                                              \
				scale = c_t;                                                      \
			} else {                                                                  \
				T up = SUMS##_up(lam, (int)errors, term, 2000, TOL, &k);          \
				if (k == 2000)                                                    \
					return -1;                                                \
				gap = e * up - cl_t;                                              \
				scale = cl_t;                                                     \
			}                                                                         \
		}                                                                                 \
		*g = (double)gap;                                                                 \
		*err = (double)(margin * scale) + 0x1p-52 * fabs(*g);                             \
		if (gap > margin * scale)                                                         \
			return 1;                                                                 \
		if (gap < -margin * scale)                                                        \
			return 0;                                                                 \
		return -1;                                                                        \
	}                                                                                        \
	static int NAME(double errors, double n, double ber, const bercl_target *tg, double *g,  \
	                double *err, double *slope)                                               \
	{                                                                                        \
		return NAME##_at(errors, (T)n * ber, ber, tg, g, err, slope);                    \
	}
QUICK_GAP(long double, quick_ld_gap, LDBL_EPSILON, expl, logl, log1pl, sums_ld, 1e-25L, 0.0L)
QUICK_GAP(double, quick_d_gap, DBL_EPSILON, bercli_exp, bercli_log, bercli_log1p, sums_d, 1e-17, 1e-250)

/*
 * Does n reach the target? 1 yes, 0 no, -1 undecided (the library then
 * answers). q: the reach gap g (>= 0 where n reaches; cl > 1/2: 1 - C -
 * Q(n), else P(n) - C; for E = 0 past the doubles, in lambda units), a bound
 * err on its error, its slope dg/dn, and the tails' doubles at n; from the
 * doubles where they decide (err QUICK_MARGIN of the target, above their
 * 4e-15), else from quick_ld_gap() or quick_exact_gap() with their bounds.
 */
struct quick_gap {
	double g, err, slope, at_cl, at_q;
};

static int quick_reaches(double errors, double n, double ber, const bercl_target *tg,
                         int ld_tried, struct quick_gap *q)
{
	double cl = tg->cl, c = tg->one_minus_cl;
	q->at_cl = q->at_q = NAN;
	q->slope = 0;
	if (n < 1)
		return 0;
	double lam = n * ber, lam_lo = fma(n, ber, -lam), v_cl, v_q;
	if (!(lam >= BERCL_MIN_LAMBDA && lam <= BERCL_MAX_LAMBDA))
		return -1;
	if (bercl_poisson_values(errors, lam, lam_lo, &v_cl, &v_q) != BERCL_OK)
		return -1;
	q->at_cl = v_cl;
	q->at_q = v_q;
	double r = cl > 0.5 ? v_q / c : v_cl / cl;
	q->slope = (errors == 0 ? bercli_exp(-lam) : bercli_exp(errors * bercli_log(lam) - lam - bercli_lgamma(errors + 1))) * ber;
	q->g = cl > 0.5 ? c - v_q : v_cl - cl;
	q->err = QUICK_MARGIN * (cl > 0.5 ? c : cl);
	if (cl > 0.5 ? r < 1 - QUICK_MARGIN : r > 1 + QUICK_MARGIN)
		return 1;
	if (cl > 0.5 ? r > 1 + QUICK_MARGIN : r < 1 - QUICK_MARGIN)
		return 0;
	/* the long-double gap, unless the caller has just found it undecided
	 * (the same inputs give the same -1) */
	int ld = ld_tried ? -1 : quick_ld_gap(errors, n, ber, tg, &q->g, &q->err, &q->slope);
	if (ld >= 0)
		return ld;
	if (quick_exact_gap(errors, n, ber, tg, &q->g, &q->err, &q->slope) != 0)
		return -1;
	return q->g >= 0;
}

/*
 * Is the whole number `down` below n certain not to reach, from n's gap
 * alone? g(down) = g(n) - (n - down) g' somewhere between them; over that
 * stretch lambda moves by (n - down) ber and g' = pmf(E; lambda) ber by at
 * most a factor 1 + (E / lambda + 1) (n - down) ber (d ln pmf / d lambda =
 * E / lambda - 1), so where that is below 1e-9 and g(n) + err < (n - down)
 * g' (1 - 1e-8) (the slope's own rounding, exp of a sum of logarithms, is
 * below 1e-12 here), g(down) < 0: Taylor's theorem, as lib/solve.c spares
 * the test of N - 1. (For E = 0 past the doubles g is in lambda units and
 * g' = ber exactly.)
 */
static int quick_below_fails(double errors, double n, double down, double ber,
                             const struct quick_gap *q)
{
	double d = n - down, lam = n * ber;
	/* a slope below the normal doubles has lost its relative accuracy
	 * (a slope of 4.9e-324 certified a wrong N near 1e291 bits) */
	if (!(q->slope >= DBL_MIN) || !((errors / lam + 1) * d * ber <= 1e-9))
		return 0;
	return q->g + q->err < d * q->slope * (1 - 1e-8);
}

/*
 * The standard normal upper quantile, for a starting point only: P. J.
 * Acklam's rational approximation of the normal quantile (relative error
 * below 1.2e-9), taken from the smaller tail p.
 */
static double normal_upper_quantile(double p)
{
	static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
	                           -2.759285104469687e+02, 1.383577518672690e+02,
	                           -3.066479806614716e+01, 2.506628277459239e+00};
	static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
	                           -1.556989798598866e+02, 6.680131188771972e+01,
	                           -1.328068155288572e+01};
	static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
	                           -2.400758277161838e+00, -2.549732539343734e+00,
	                           4.374664141464968e+00, 2.938163982698783e+00};
	static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
	                           2.445134137142996e+00, 3.754408661907416e+00};
	if (p > 0.5)
		return -normal_upper_quantile(1 - p);
	double q, r, x; /* x: the lower-tail quantile of p */
	if (p < 0.02425) {
		q = sqrt(-2 * bercli_log(p));
		x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
	} else {
		q = p - 0.5;
		r = q * q;
		x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
		    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
	}
	return -x;
}

/* The next whole number below and above n: n -+ 1, or above 2^53 the next double. */
static double quick_down(double n)
{
	return n > BERCL_MAX_ERRORS ? nextafter(n, 0) : n - 1;
}

static double quick_up(double n)
{
	return n >= BERCL_MAX_ERRORS ? nextafter(n, INFINITY) : n + 1;
}

/*
 * The smaller tail at lambda in plain double arithmetic, to place the root
 * only (every decision is made by quick_reaches()): Q = P[X <= E] = e^-lambda
 * sum_{k <= E} lambda^k / k! (Abramowitz & Stegun 6.5.13), a sum of positive
 * terms, so within about (E + 2) u relative; for the lower tail P[X > E],
 * 1 - Q where Q < 1/2, else the series sum_{k > E} of the same terms until
 * one is below 1e-17 of the sum past the mode; *pmf the term k = E, the
 * Poisson pmf(E; lambda), which Halley's steps need. 1e-10 <= lambda <= 575 (so
 * that e^-lambda is a normal double and no term overflows); -1 elsewhere,
 * and for a tail that is not a positive normal double (then the library's
 * tails are taken).
 */
static int quick_rough_tail(double errors, double lam, int upper, double *tail, double *pmf)
{
	if (!(lam >= 1e-10 && lam <= 575))
		return -1;
	double t, w = bercli_exp(-lam);
	int e = (int)errors, k;
	double q = w * sums_d_low(lam, e, &t);
	double v = q;
	*pmf = w * t; /* the last term: pmf(E; lambda) (0 where it fell below the doubles) */
	if (!upper) {
		if (q < 0.5) {
			v = 1 - q;
		} else {
			v = w * sums_d_up(lam, e, t, 4000, 1e-17, &k);
			if (k == 4000)
				return -1;
		}
	}
	if (!(v >= DBL_MIN && v <= 1))
		return -1;
	*tail = v;
	return 0;
}

/*
 * A decision for bercli_quick_min_bits(): with need_tails 0 (the bits alone are
 * wanted: min_bits_only), from the long-double gap where that settles it
 * (quick_ld_gap(): certified by its error bound, so the same answer as
 * every other certified decision, the truth), without the library's tails;
 * else quick_reaches().
 */
static int quick_decide(double errors, double n, double ber, const bercl_target *tg, int need_tails,
                        struct quick_gap *q)
{
	int tried = !need_tails && n >= 1;
	if (tried) {
		double g = NAN, err = 0, slope = 0;
		int ld = quick_ld_gap(errors, n, ber, tg, &g, &err, &slope);
		if (ld >= 0) {
			q->g = g;
			q->err = err;
			q->slope = slope;
			q->at_cl = q->at_q = NAN;
			return ld;
		}
	}
	return quick_reaches(errors, n, ber, tg, tried, q);
}

/*
 * One Halley step in n on a reach gap (quick_d_gap or quick_ld_gap) from n
 * to *to, the whole number (or above 2^53 the double) it points at: 1 where
 * the gap at n certifies *to as the answer (certify set), 0 with *to the
 * next n where it does not, -1 where the gap gives no step.
 * The certificate: between n and m, g(m) = g(n) + (m - n) g'(xi), and g' =
 * pmf(E; lambda) ber moves by a factor within 1 +- 2 x, x = (E /
 * lambda_min + 1) |m - n| ber (|d ln pmf / d lambda| = |E / lambda - 1|; for
 * E = 0 past the doubles g' = ber exactly), plus 1e-8 for the slope's
 * rounding (below 1e-12): so *to reaches where the lower bound of g(*to) is
 * >= 0 and the one below does not where the upper bound of its g is < 0
 * (Taylor's theorem, as quick_below_fails()); *low that lower bound of
 * g(*to), in the gap's units. Above 2^53 *to is a double
 * and "*to - 1" the double below it (quick_down), as the answer is the
 * smallest double that reaches there.
 */
typedef int (*quick_gap_fn)(double errors, double n, double ber, const bercl_target *tg,
                            double *g, double *err, double *slope);

static int halley_in_n(double errors, double n, double ber, const bercl_target *tg,
                       quick_gap_fn gap_at, int certify, double *to, double *low)
{
	double g = NAN, err = 0, slope = 0;
	gap_at(errors, n, ber, tg, &g, &err, &slope);
	if (!(slope >= DBL_MIN && isfinite(g))) /* subnormal: see quick_below_fails */
		return -1;
	double newton = -g / slope, curv = ber * (errors / (n * ber) - 1);
	double den = 1 + newton * curv / 2; /* Halley: newton / (1 + newton g'' / (2 g')) */
	double m = ceil(n + (den > 0.5 && den < 2 ? newton / den : newton));
	if (!(m >= 1 && m <= 1e300))
		return -1;
	*to = m;
	if (!certify)
		return 0;
	double below = quick_down(m), span = fmax(fabs(m - n), fabs(below - n));
	double lam_min = fmin(below, n) * ber;
	double x = (errors / lam_min + 1) * span * ber, d = 2 * x + 1e-8;
	if (!(lam_min > 0 && x <= 1e-6))
		return 0;
	double s_lo = slope * (1 - d), s_hi = slope * (1 + d);
	double at_to = m >= n ? g - err + (m - n) * s_lo : g - err - (n - m) * s_hi;
	double at_below = below >= n ? g + err + (below - n) * s_hi : g + err - (n - below) * s_lo;
	*low = at_to;
	return at_to >= 0 && at_below < 0;
}

/*
 * The narrower bracket of bercli_quick_bracket() from the double-double gap
 * (exact_gap_at) at one point X near the root, by Taylor's theorem as
 * halley_in_n() certifies: the root r = X - g / s (s = pmf(E; X), 1 for E =
 * 0), lo and hi r -+ w, w = 4 err / s + 1e-6 |r - X|; over D = lo - X or
 * hi - X the slope moves by a factor within 1 +- d, d = 2 (E / lambda_min +
 * 1) |D| + 1e-8 (|d ln pmf / d lambda| = |E / lambda - 1|; 1e-8 for s's own
 * rounding, below 1e-12), so G(hi) >= g - err + D s (1 -+ d) and G(lo) <=
 * g + err + D s (1 +- d). Kept where those bounds are beyond err (the
 * exact decisions' own error) on their sides. 1 with lo, hi; 0 where not
 * certain.
 */
static int exact_bracket(double errors, const bercl_target *tg, long double x, double lo[2],
                         double hi[2])
{
	double xh = (double)x;
	dd at = dd_make(xh, (double)(x - xh));
	double g, err;
	if (exact_gap_at(errors, at, tg, &g, &err) != 0)
		return 0;
	double s = errors == 0 ? 1
	                       : bercli_exp(errors * bercli_log(xh) - xh - bercli_lgamma(errors + 1));
	if (!(s >= DBL_MIN && isfinite(g)))
		return 0;
	double c = -g / s, w = 4 * err / s + 1e-6 * fabs(c);
	dd root = dd_add_d(at, c), a = dd_add_d(root, -w), b = dd_add_d(root, w);
	double d_a = dd_sub(a, at).hi, d_b = dd_sub(b, at).hi;
	double span = fmax(fabs(d_a), fabs(d_b)), lam_min = fmin(a.hi, xh);
	double dev = (errors / lam_min + 1) * span, d = 2 * dev + 1e-8;
	if (!(lam_min > 0 && dev <= 1e-6))
		return 0;
	double at_b = g - err + d_b * s * (d_b >= 0 ? 1 - d : 1 + d);
	double at_a = g + err + d_a * s * (d_a >= 0 ? 1 + d : 1 - d);
	if (!(at_b >= err && at_a <= -err))
		return 0;
	lo[0] = a.hi;
	lo[1] = a.lo;
	hi[0] = b.hi;
	hi[1] = b.lo;
	return 1;
}

/*
 * The root of the reach gap in lambda, bracketed, for many BERs at one
 * count and target (bercl_min_bits_memo() from a memo's second use): the
 * least whole n (above 2^53 the least double) that reaches is then the least
 * with n ber >= hi, wherever (n - 1) ber < lo, so that each BER costs a few
 * exact products and no sum.
 * Method: from the rough root lam (bercli_quick_root), Newton's steps in
 * lambda on the long-double gap (quick_ld_gap_at with ber 1: g in the
 * tail's units, its slope pmf(E; lambda); for E = 0 in lambda units,
 * slope 1), to a point x; then lo and hi from the double-double gap at x
 * (exact_bracket: a bracket some 1e-27 relative wide) where that applies
 * and certifies them, else either side of x by 2 (|g| + 3 err) / slope
 * (about 1e-17 relative), kept only where the long-double gap at them is
 * beyond twice its error bound err, below at lo and above at hi. G increases in lambda,
 * so the true gap is below -err for every lambda <= lo and above err for
 * every lambda >= hi, where err ((8 (E + 10) + lambda) LDBL_EPSILON of the
 * target, quick_ld_gap) is far above the double-double sums' error (1e-27
 * of it): there every decision (certified, or exact: exact_gap_at here,
 * lib/solve.c reaches_exact) gives the truth, and so the same answer as
 * bercli_quick_min_bits_from() and the search. lo and hi are long doubles,
 * kept as double-doubles (hi part, and the rest, exact in a double).
 * Returns 1, or 0 where the bracket is not certain (the caller takes the
 * route per BER).
 */
int bercli_quick_bracket(double errors, const bercl_target *tg, double lam, double lo[2],
                         double hi[2])
{
	long double x = lam;
	double g = NAN, err = 0, slope = 0;
	for (int i = 0; i < 4; i++) {
		g = NAN;
		quick_ld_gap_at(errors, x, 1.0, tg, &g, &err, &slope);
		if (!(slope >= DBL_MIN && isfinite(g)))
			return 0;
		if (i == 3)
			break;
		long double next = x - (long double)g / slope;
		if (!(next > 0.5L * x && next < 2 * x))
			return 0;
		x = next;
	}
	if (exact_bracket(errors, tg, x, lo, hi))
		return 1;
	long double w = 2 * ((long double)fabs(g) + 3 * (long double)err) / slope;
	long double a = x - w, b = x + w;
	double g_a = NAN, err_a = 0, g_b = NAN, err_b = 0, s_a, s_b;
	quick_ld_gap_at(errors, a, 1.0, tg, &g_a, &err_a, &s_a);
	quick_ld_gap_at(errors, b, 1.0, tg, &g_b, &err_b, &s_b);
	if (!(a > 0 && g_a < -2 * err_a && g_b > 2 * err_b))
		return 0;
	lo[0] = (double)a;
	lo[1] = (double)(a - lo[0]);
	hi[0] = (double)b;
	hi[1] = (double)(b - hi[0]);
	return 1;
}

/* n ber >= r (r a double-double): the exact product against r, its sign
 * good to 1e-30 relative, far inside the bracket's margins above. */
static int product_at_least(double n, double ber, const double r[2])
{
	return dd_sub(dd_two_prod(n, ber), dd_make(r[0], r[1])).hi >= 0;
}

double bercli_quick_bits_bracketed(double ber, const double lo[2], const double hi[2])
{
	double n = fmax(1, ceil(hi[0] / ber));
	if (!(n <= 1e300))
		return 0;
	/* the quotient is within an ulp or two: a few steps to the least */
	for (int i = 0; i < 4 && !product_at_least(n, ber, hi); i++)
		n = quick_up(n);
	for (int i = 0; i < 4 && n > 1 && product_at_least(quick_down(n), ber, hi); i++)
		n = quick_down(n);
	if (!product_at_least(n, ber, hi) || (n > 1 && product_at_least(quick_down(n), ber, lo)))
		return 0; /* not settled, or the root within the bracket's width of a bit */
	return n;
}

/*
 * The rough root of bercli_quick_min_bits(), which depends on the count and
 * the target alone (not on the BER): lambda near the root of the smaller
 * tail = its target, and d ln(tail) / d lambda there (1 for E = 0).
 * Returns 1, or 0 where the route does not apply.
 */
int bercli_quick_root(double errors, const bercl_target *tg, double *lam_out,
                      double *rel_slope_out)
{
	double cl = tg->cl, c = tg->one_minus_cl;
	/* the long-double margins assume the x87 significand of 64 bits; an
	 * emulator that computes it in double (valgrind does) would break them
	 * (under valgrind 1,097 of 5,000 answers differed) */
	volatile long double one = 1.0L;
	if (!(errors <= QUICK_MAX_ERRORS && cl > 0 && cl < 1 && c > 0 && c < 1) ||
	    one + LDBL_EPSILON == one)
		return 0;
	int upper = cl > 0.5; /* solve on the smaller tail: 1 - CL, or CL */
	double target = upper ? c : cl;
	double a = errors + 1, lam, rel_slope = 1; /* d ln(tail) / d lambda at the root */
	if (errors == 0) {
		lam = upper ? -bercli_log(c) : -bercli_log1p(-cl);
	} else {
		double z = upper ? normal_upper_quantile(c) : -normal_upper_quantile(cl);
		double h = 1 - 1 / (9 * a) + z / (3 * sqrt(a));
		lam = h > 0.05 ? a * h * h * h : a * 1e-3;
		double ln_target = bercli_log(target);
		int done = 0;
		for (int i = 0; i < 40 && !done; i++) {
			double v_cl, v_q, tail, pmf = 0;
			if (!(lam >= 1e-10 && lam <= 1e4))
				return 0;
			if (quick_rough_tail(errors, lam, upper, &tail, &pmf) != 0) {
				if (bercl_poisson_values(errors, lam, 0, &v_cl, &v_q) != BERCL_OK)
					return 0;
				tail = upper ? v_q : v_cl;
				pmf = 0;
			}
			if (!(pmf >= DBL_MIN))
				pmf = bercli_exp(errors * bercli_log(lam) - lam - bercli_lgamma(errors + 1));
			double u = pmf / tail;
			rel_slope = u;
			if (!(tail > 0) || !(u > 0) || !isfinite(u))
				return 0;
			/* Halley's method on f = ln(tail) - ln(target): f' = -u (upper
			 * tail) or u, f'' from d(pmf)/d(lambda) = pmf (E / lambda - 1) */
			double f = bercli_log(tail) - ln_target;
			double d1 = upper ? -u : u;
			double d2 = upper ? -u * (errors / lam - 1) - u * u : u * (errors / lam - 1) - u * u;
			double newton = f / d1;
			double den = 1 - newton * d2 / (2 * d1);
			double step = den > 0.5 && den < 2 ? newton / den : newton;
			double next = fmin(fmax(lam - step, 0.5 * lam), 2 * lam);
			/* cubic convergence: after a step below 1e-3 the root is within
			 * about 1e-9 relative (the rough tails' own error is about 1e-14),
			 * which the Halley step in n on the long-double gap below
			 * takes to the bit; the answer is decided there, not here (a
			 * bound of 1e-5 cost one rough sum more a call: 10 % of the
			 * time on the Python bench's points) */
			done = fabs(next - lam) <= 1e-3 * lam;
			lam = next;
		}
		if (!done)
			return 0;
	}
	if (!(lam > 0 && lam <= 575))
		return 0;
	*lam_out = lam;
	*rel_slope_out = rel_slope;
	return 1;
}

double bercli_quick_min_bits(double errors, double ber, const bercl_target *tg, int need_tails,
                             double *at_cl, double *at_q)
{
	double lam, rel_slope, margin;
	if (!bercli_quick_root(errors, tg, &lam, &rel_slope))
		return 0;
	return bercli_quick_min_bits_from(errors, ber, tg, need_tails, lam, rel_slope, at_cl, at_q,
	                                  &margin);
}

/*
 * A lower bound `low` of the reach gap g at the answer as a share of the
 * target the compared tail passes. E >= 1: g is in the tail's units (1 - C
 * - Q, or P - C), and the share is g over the compared target. E = 0: g =
 * lambda - need in lambda units, need = -ln(1 - C); for cl > 1/2, Q = (1 -
 * C) e^-g, so 1 - Q / (1 - C) = 1 - e^-g; for cl <= 1/2, (P - C) / C =
 * e^-need (1 - e^-g) / (1 - e^-need) >= 1 - e^-g, as need <= ln 2 there.
 * 0 where low is not positive.
 */
static double gap_share(double errors, const bercl_target *tg, double low)
{
	if (!(low > 0))
		return 0;
	if (errors == 0)
		return -bercli_expm1(-low);
	return low / (tg->cl > 0.5 ? tg->one_minus_cl : tg->cl);
}

double bercli_quick_min_bits_from(double errors, double ber, const bercl_target *tg,
                                  int need_tails, double lam, double rel_slope, double *at_cl,
                                  double *at_q, double *margin)
{
	double n = ceil(lam / ber), low = 0;
	*margin = 0;
	if (!(n >= 1 && n <= 1e300))
		return 0;
	/* one Halley step in n on the gap in double where that certifies the
	 * answer, else on the long-double gap (1e-18 relative, where it
	 * applies), before any evaluation of the library's tails: from the rough
	 * root, a few thousand bits off near 1e16 bits, to within a bit or so */
	double to;
	/* the double gap first where one bit moves the tail by 10 times its
	 * margin or more (then it certifies the answer unless the root lies
	 * within a tenth of a bit of a whole number); else the long double's
	 * evaluation alone (the factor 10: on the Python bench's points a
	 * larger one cost more a call, and a smaller one no less) */
	if (!need_tails && rel_slope * ber > 10 * (8 * (errors + 10) + lam) * DBL_EPSILON &&
	    halley_in_n(errors, n, ber, tg, quick_d_gap, 1, &to, &low) == 1) {
		*at_cl = *at_q = NAN;
		*margin = gap_share(errors, tg, low);
		return to;
	}
	int h = halley_in_n(errors, n, ber, tg, quick_ld_gap, !need_tails, &to, &low);
	if (h == 1) {
		*at_cl = *at_q = NAN;
		*margin = gap_share(errors, tg, low);
		return to;
	}
	if (h == 0)
		n = to;
	/* n reaches the target and n - 1 does not (tested, or certain from n's
	 * gap: quick_below_fails); moves by a Halley step on the gap in n (g'' =
	 * g' ber (E / lambda - 1)), at least one whole number, where that is
	 * not so yet */
	for (int i = 0; i < 12; i++) {
		struct quick_gap q, below_q;
		int now = quick_decide(errors, n, ber, tg, need_tails, &q);
		if (now < 0)
			return 0;
		*at_cl = q.at_cl;
		*at_q = q.at_q;
		double jump = 0;
		if (q.slope > 0) {
			double newton = -q.g / q.slope, curv = ber * (errors / (n * ber) - 1);
			double den = 1 + newton * curv / 2; /* Halley: newton / (1 + newton g'' / (2 g')) */
			jump = den > 0.5 && den < 2 ? newton / den : newton;
		}
		if (now) {
			double down = quick_down(n);
			if (quick_below_fails(errors, n, down, ber, &q))
				return n;
			int below = quick_decide(errors, down, ber, tg, need_tails, &below_q);
			if (below < 0)
				return 0;
			if (!below)
				return n;
			double next = ceil(n + jump);
			n = next < down ? fmax(next, 1) : down;
		} else {
			double next = ceil(n + jump);
			double up = quick_up(n);
			n = next > up ? next : up;
		}
		if (!(n >= 1 && n <= 1e300))
			return 0;
	}
	return 0;
}

#else

int bercli_quick_bracket(double errors, const bercl_target *tg, double lam, double lo[2],
                         double hi[2])
{
	(void)errors;
	(void)tg;
	(void)lam;
	(void)lo;
	(void)hi;
	return 0;
}

double bercli_quick_bits_bracketed(double ber, const double lo[2], const double hi[2])
{
	(void)ber;
	(void)lo;
	(void)hi;
	return 0;
}

int bercli_quick_root(double errors, const bercl_target *tg, double *lam, double *rel_slope)
{
	(void)errors;
	(void)tg;
	(void)lam;
	(void)rel_slope;
	return 0;
}

double bercli_quick_min_bits_from(double errors, double ber, const bercl_target *tg,
                                  int need_tails, double lam, double rel_slope, double *at_cl,
                                  double *at_q, double *margin)
{
	(void)errors;
	(void)ber;
	(void)tg;
	(void)need_tails;
	(void)lam;
	(void)rel_slope;
	*at_cl = *at_q = NAN;
	*margin = 0;
	return 0;
}

double bercli_quick_min_bits(double errors, double ber, const bercl_target *tg, int need_tails,
                             double *at_cl, double *at_q)
{
	(void)errors;
	(void)ber;
	(void)tg;
	(void)need_tails;
	*at_cl = *at_q = NAN;
	return 0;
}

#endif
