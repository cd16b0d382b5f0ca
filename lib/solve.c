/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * solve.c - inverse problems: the Poisson mean or the BER at which CL
 * reaches a target, the BER bounds built on them, and the minimum whole
 * number of bits.
 *
 * DESCRIPTION
 *   Every continuous root is found by safeguarded Newton iteration on
 *   u = ln(lambda) or u = ln(p): the function is the log of whichever tail
 *   the target names as the smaller one (ln P[X > E] when cl <= 1/2, ln P[X
 *   <= E] otherwise), so that a target of 1 - 1e-20 is met as 1e-20, not as
 *   1 - 1e-20. The derivatives are exact: d P(E+1, lambda) / d lambda =
 *   pois(E; lambda), and d P[X > E] / dp = N b(E; N-1, p) for the binomial.
 *   A bracket is kept; a step leaving it is replaced by bisection. The
 *   Poisson start is the Wilson-Hilferty approximation.
 *
 *   BER bounds: Poisson, p_upper = P^-1(cl; E+1) / N and the Garwood
 *   interval [P^-1(a/2; E) / N, P^-1(1 - a/2; E+1) / N], a = 1 - cl;
 *   binomial, the Clopper-Pearson bounds: P[X <= E | p_upper] = 1 - cl, and
 *   P[X >= E | p_lower] = a/2, P[X <= E | p_upper] = a/2 for the interval.
 *
 *   Minimum bits: the smallest whole N with CL(N) >= cl, by a bracketed
 *   search over whole numbers (Illinois regula falsi with bisection steps)
 *   inside a bracket that is checked (CL(lo) < cl <= CL(hi)) before it is
 *   narrowed. For the Poisson model the bracket comes from
 *   N* = lambda / ber and the answer is checked to lie within 1e-9 (or 2
 *   bits) of it; each comparison uses lambda = N * ber exactly, as a
 *   double-double product. Where one bit moves CL by less than the tails'
 *   rounding (N near 1e15 and above), a comparison within 1e-12 of the
 *   target for E = 0 (both models) and for Poisson E <= 400 (lambda <= 575)
 *   is made again in double-double
 *   (reaches_exact()), so those answers are the exact whole number up to
 *   2^53 and the smallest double at or above the root beyond; for larger E
 *   the double-precision tails decide (within a few bits above 1e15).
 *
 * REFERENCES
 *   E. B. Wilson, M. M. Hilferty, "The distribution of chi-square",
 *     PNAS 17 (1931) 684-688.
 *   F. Garwood, "Fiducial limits for the Poisson distribution", Biometrika
 *     28 (1936) 437-442.
 *   C. J. Clopper, E. S. Pearson, "The use of confidence or fiducial limits
 *     illustrated in the case of the binomial", Biometrika 26 (1934) 404-413.
 *   M. Abramowitz, I. Stegun, Handbook of Mathematical Functions, 26.2.23
 *     (the normal quantile used for the starting value).
 */
#include <float.h>
#include <math.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"

/*
 * The target pair (internal.h): cl may round to 1.0 (1 - 1e-20) as long as
 * its exact complement is above 0, and the complement to 1.0 when cl is
 * below 1e-15; the two must add to 1 within their roundings (each is the
 * double nearest its exact value: |cl + one_minus_cl - 1| is at most
 * 2^-53; 4 DBL_EPSILON leaves room for a complement formed as -expm1()).
 * An inconsistent pair was taken as it came: (4.9e-324, 4.9e-324) reached
 * dd_log(0) through the interval's a/2 and read LOG_TABLE[-64]. A side
 * below the normal doubles is a target whose digits are lost (its
 * logarithm and a/2 no longer exact): BERCL_ELIMIT.
 */
enum bercl_status bercli_target_status(double cl, double one_minus_cl)
{
	if (!(cl > 0 && cl <= 1 && one_minus_cl > 0 && one_minus_cl <= 1) ||
	    !(cl < 1 || one_minus_cl < 1e-15) || !(one_minus_cl < 1 || cl < 1e-15) ||
	    !(fabs((cl - 1.0) + one_minus_cl) <= 4.0 * DBL_EPSILON))
		return BERCL_EDOM;
	return fmin(cl, one_minus_cl) >= DBL_MIN ? BERCL_OK : BERCL_ELIMIT;
}

static int valid_errors(double errors)
{
	return errors >= 0 && errors <= BERCL_MAX_ERRORS && errors == floor(errors);
}

/* Normal quantile at lower-tail probability p (A&S 26.2.23, |error| < 5e-4). */
static double normal_quantile_rough(double p, double q)
{
	double t_p = p < q ? p : q;
	double t = sqrt(-2.0 * log(t_p));
	double z = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
	                   (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
	return p < q ? -z : z;
}

/* What a root problem needs: the target and a function giving the tails. */
struct target {
	double errors, bits; /* bits: binomial only */
	int use_lower;       /* compare P[X > E] (cl <= 1/2) or P[X <= E] */
	dd ln_target;
};

static void target_init(struct target *t, double errors, double bits, double cl,
                        double one_minus_cl)
{
	t->errors = errors;
	t->bits = bits;
	t->use_lower = cl <= 0.5;
	t->ln_target = dd_log(dd_from(t->use_lower ? cl : one_minus_cl));
}

/*
 * h(u), increasing in u, and dh/du from the tails and the log of the
 * derivative of P[X > E] with respect to u.
 */
static void gap_from_tails(const struct target *t, const bercl_tails *tails, dd ln_deriv,
                           double *h, double *dh)
{
	dd ln_tail = t->use_lower ? dd_make(tails->ln_cl.hi, tails->ln_cl.lo)
	                          : dd_make(tails->ln_one_minus_cl.hi, tails->ln_one_minus_cl.lo);
	dd gap = dd_sub(ln_tail, t->ln_target);
	*h = t->use_lower ? gap.hi : -gap.hi;
	dd ln_d = dd_sub(ln_deriv, ln_tail);
	*dh = exp(ln_d.hi);
}

/* h and dh/du at x = exp(u), from the tails at x; a library status. */
typedef enum bercl_status (*gap_fn)(const struct target *t, double x, double *h, double *dh);

static enum bercl_status poisson_gap(const struct target *t, double lam, double *h, double *dh)
{
	bercl_tails tails;
	enum bercl_status rc = bercl_poisson_tails(t->errors, lam, 0.0, &tails);
	if (rc != BERCL_OK)
		return rc;
	/* d P / du = lambda pois(E; lambda) */
	dd ln_deriv = dd_add_d(bercli_ln_poisson_pmf(t->errors, dd_from(lam)), log(lam));
	gap_from_tails(t, &tails, ln_deriv, h, dh);
	return BERCL_OK;
}

static enum bercl_status binomial_gap(const struct target *t, double p, double *h, double *dh)
{
	bercl_tails tails;
	enum bercl_status rc = bercl_binomial_tails(t->errors, t->bits, p, &tails);
	if (rc != BERCL_OK)
		return rc;
	/* d P[X > E] / du = p N b(E; N-1, p) */
	dd n1 = dd_add_d(dd_from(t->bits), -1.0);
	dd ln_b = bercli_ln_binomial_pmf(t->errors, n1, p, dd_two_sum(1.0, -p));
	dd ln_deriv = dd_add_d(ln_b, log(p) + log(t->bits));
	gap_from_tails(t, &tails, ln_deriv, h, dh);
	return BERCL_OK;
}

/*
 * The root x of an increasing h(ln x) with ln x in [lo, hi]. First the ends
 * are checked: a root outside them is beyond the range (BERCL_ELIMIT).
 * Then safeguarded Newton on u = ln x: a step that leaves the bracket, or
 * that did not halve |h| last time, is replaced by bisection; converged
 * when the Newton step is below the resolution of u. Because u = ln x
 * cannot resolve x better than |u| ulp (1.5e-13 relative at x = 1e-300),
 * the root is then polished by Newton steps on x itself, x (1 - h / dh),
 * until the step is below 1e-17. More than 300 iterations: BERCL_ENOCONV.
 */
static enum bercl_status find_root(gap_fn f, const struct target *t, double lo, double hi,
                                   double u, double xmin, double xmax, double *root)
{
	double h, dh, prev = INFINITY;
	enum bercl_status rc;
	/* A root within rounding of an end (|h / dh| below 4 ulps) is that end. */
	if ((rc = f(t, xmin, &h, &dh)) != BERCL_OK)
		return rc;
	if (h > 0) {
		if (h / dh > 4.0 * DBL_EPSILON)
			return BERCL_ELIMIT; /* root below the range */
		*root = xmin;
		return BERCL_OK;
	}
	if ((rc = f(t, xmax, &h, &dh)) != BERCL_OK)
		return rc;
	if (h < 0) {
		if (-h / dh > 4.0 * DBL_EPSILON)
			return BERCL_ELIMIT; /* root above it */
		*root = xmax;
		return BERCL_OK;
	}
	if (!(u > lo && u < hi))
		u = 0.5 * (lo + hi);
	int iter;
	for (iter = 0; iter < 300; iter++) {
		if ((rc = f(t, exp(u), &h, &dh)) != BERCL_OK)
			return rc;
		if (h == 0)
			break;
		double step = h / dh;
		if (fabs(step) <= 4.0 * DBL_EPSILON * fmax(1.0, fabs(u)) && fabs(h) < 1.0)
			break;
		if (h > 0)
			hi = u;
		else
			lo = u;
		double next = u - step;
		if (!(next > lo && next < hi) || !isfinite(next) || fabs(h) > 0.5 * prev)
			next = 0.5 * (lo + hi);
		prev = fabs(h);
		if (next == u || hi - lo <= 4.0 * DBL_EPSILON * fmax(1.0, fabs(u)))
			break;
		u = next;
	}
	if (iter == 300)
		return BERCL_ENOCONV;
	double x = exp(u);
	for (int i = 0; i < 6; i++) {
		if ((rc = f(t, x, &h, &dh)) != BERCL_OK)
			return rc;
		double d = h / dh;
		if (!isfinite(d) || fabs(d) > 1e-6)
			return BERCL_ENOCONV;
		double next = fmin(fmax(x - x * d, xmin), xmax);
		if (next == x)
			break;
		x = next;
		if (fabs(d) < 1e-17)
			break;
	}
	*root = x;
	return BERCL_OK;
}

enum bercl_status bercl_poisson_lambda_for_cl(double errors, double cl, double one_minus_cl,
                                              double *lambda)
{
	if (!valid_errors(errors))
		return BERCL_EDOM;
	enum bercl_status rc = bercli_target_status(cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	struct target t;
	target_init(&t, errors, 0, cl, one_minus_cl);
	double a = errors + 1.0;
	double z = normal_quantile_rough(cl, one_minus_cl);
	double w = 1.0 - 1.0 / (9.0 * a) + z / (3.0 * sqrt(a));
	double u0 = w > 0 ? log(a) + 3.0 * log(w) : log(a) - 1.0;
	return find_root(poisson_gap, &t, log(BERCL_MIN_LAMBDA), log(BERCL_MAX_LAMBDA), u0,
	                 BERCL_MIN_LAMBDA, BERCL_MAX_LAMBDA, lambda);
}

/* The binomial p with P[X > E | bits, p] = cl. */
static enum bercl_status binomial_p_for_cl(double errors, double bits, double cl,
                                           double one_minus_cl, double *p)
{
	if (errors >= bits) { /* P[X > N] = 0 < cl for every p: the bound is 1 */
		*p = 1.0;
		return BERCL_OK;
	}
	if (errors == bits - 1.0) {
		/* P[X > N-1] = p^N = cl: p = exp(ln(cl) / N), the logarithm and
		 * the quotient in double-double (ln cl = -400 rounded to a double
		 * is 6e-14 off; N = 1 gives cl itself) */
		dd ln_cl = cl <= 0.5 ? dd_log(dd_from(cl)) : dd_log(dd_two_sum(1.0, -one_minus_cl));
		dd q = dd_div(ln_cl, dd_from(bits));
		double root = exp(q.hi) * (1.0 + q.lo);
		if (!(root >= DBL_MIN))
			return BERCL_ELIMIT;
		*p = root;
		return BERCL_OK;
	}
	struct target t;
	target_init(&t, errors, bits, cl, one_minus_cl);
	/* Start from the Poisson answer, clamped into (0, 1). */
	double lam, u0 = -1.0;
	if (bercl_poisson_lambda_for_cl(errors, cl, one_minus_cl, &lam) == BERCL_OK)
		u0 = fmin(log(lam / bits), -1e-3);
	/* The largest p below 1 is 1 - 2^-53; a root above it rounds to 1. */
	const double top = 1.0 - DBL_EPSILON / 2;
	enum bercl_status rc = find_root(binomial_gap, &t, log(DBL_MIN), log1p(-DBL_EPSILON / 2), u0,
	                                 DBL_MIN, top, p);
	if (rc == BERCL_ELIMIT) {
		double h, dh;
		if (binomial_gap(&t, top, &h, &dh) == BERCL_OK && h < 0) {
			*p = 1.0;
			return BERCL_OK;
		}
	}
	return rc;
}

static int valid_bits(enum bercl_model model, double errors, double bits)
{
	if (!(bits > 0) || !(bits <= BERCL_MAX_LAMBDA))
		return 0;
	if (model == BERCL_BINOMIAL)
		return bits == floor(bits) && bits >= errors;
	return 1;
}

/*
 * The BER at which P[X > E] = cl after `bits` bits; *ber written only on
 * BERCL_OK (it was written before the range check: bercl_ber_upper(POISSON,
 * 0, 1e300, 1e-12, 1 - 1e-12) returned BERCL_ELIMIT with 1e-312 in it).
 * Poisson: lambda / bits is a rate, not a probability, and exceeds 1 where
 * the model is past its range (E = 0 in 1 bit at 95 %: 3.0); the bound is
 * then 1, which every BER meets (the binomial bound is below 1 there).
 */
static enum bercl_status ber_for_cl(enum bercl_model model, double errors, double bits,
                                    double cl, double one_minus_cl, double *ber)
{
	if (model == BERCL_BINOMIAL) {
		if (bits > BERCL_BINOMIAL_MAX_BITS)
			return BERCL_ELIMIT;
		return binomial_p_for_cl(errors, bits, cl, one_minus_cl, ber);
	}
	double lam;
	enum bercl_status rc = bercl_poisson_lambda_for_cl(errors, cl, one_minus_cl, &lam);
	if (rc != BERCL_OK)
		return rc;
	/* lam is the root's double; lam / bits would round it twice (ber -e 2
	 * -n 3e12 -c 95% --two-sided gave ber_lower 8.073642618132163e-14, the
	 * neighbour of the nearest double 8.073642618132164e-14). One Newton
	 * step in u = ln lambda from lam gives the rest, lam_lo = -lam h/dh
	 * (h: the gap of the logarithms, known to ~1e-17), so that (lam +
	 * lam_lo) / bits, in double-double, rounds once. */
	struct target t;
	target_init(&t, errors, 0, cl, one_minus_cl);
	double h, dh, lam_lo = 0.0;
	if (poisson_gap(&t, lam, &h, &dh) == BERCL_OK && dh > 0 && fabs(h) < 1e-13 * dh)
		lam_lo = -lam * (h / dh);
	double b = dd_div(dd_two_sum(lam, lam_lo), dd_from(bits)).hi;
	/* a bound below the normal doubles would lose its digits */
	if (!(b >= DBL_MIN))
		return BERCL_ELIMIT;
	*ber = fmin(b, 1.0);
	return BERCL_OK;
}

enum bercl_status bercl_ber_upper(enum bercl_model model, double errors, double bits, double cl,
                    double one_minus_cl, double *upper)
{
	if (!valid_errors(errors) || !valid_bits(model, errors, bits) ||
	    (model != BERCL_POISSON && model != BERCL_BINOMIAL))
		return BERCL_EDOM;
	enum bercl_status rc = bercli_target_status(cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	return ber_for_cl(model, errors, bits, cl, one_minus_cl, upper);
}

enum bercl_status bercl_ber_interval(enum bercl_model model, double errors, double bits, double cl,
                       double one_minus_cl, double *lower, double *upper)
{
	if (!valid_errors(errors) || !valid_bits(model, errors, bits) ||
	    (model != BERCL_POISSON && model != BERCL_BINOMIAL))
		return BERCL_EDOM;
	enum bercl_status rc = bercli_target_status(cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	double half = 0.5 * one_minus_cl; /* a/2, exact while a/2 is normal */
	if (!(half >= DBL_MIN))
		return BERCL_ELIMIT;
	double up, lo = 0.0;
	rc = ber_for_cl(model, errors, bits, 1.0 - half, half, &up);
	if (rc != BERCL_OK)
		return rc;
	/* P[X >= E | p_lower] = P[X > E - 1] = a/2 */
	if (errors > 0 && (rc = ber_for_cl(model, errors - 1.0, bits, half, 1.0 - half, &lo)) !=
	                          BERCL_OK)
		return rc;
	*lower = lo;
	*upper = up;
	return BERCL_OK;
}

/* ---- minimum bits ---- */

struct reach {
	enum bercl_model model;
	double errors, ber, cl, one_minus_cl, u_target;
	dd c_exact, omc_exact; /* the target and its complement in double-double */
	struct target t;
};

/*
 * -ln(1 - x) in double-double for a double-double 0 < x < 1. Below 1/64 the
 * series x + x^2/2 + x^3/3 + ..., summed in double-double until a term is
 * below 1e-34 of the sum (at most 19 terms), so it keeps its relative
 * accuracy however small x is; above, dd_log of 1 - x (1 - x computed in
 * double-double, exact for a double x), accurate to a few units in 1e-32
 * absolute, i.e. 1e-30 relative since the value exceeds 0.0157.
 */
static dd neg_log1m(dd x)
{
	if (x.hi < 1.0 / 64) {
		dd pw = x, s = x;
		for (int k = 2; k < 40; k++) {
			pw = dd_mul(pw, x);
			dd term = dd_div(pw, dd_from((double)k));
			s = dd_add(s, term);
			if (term.hi < 1e-34 * s.hi)
				break;
		}
		return s;
	}
	return dd_neg(dd_log(dd_sub(dd_from(1.0), x)));
}

/*
 * The exact decision "does n reach the target?" where double precision
 * cannot make it: near n = 1e15 one bit moves CL by about 1e-16 relative,
 * the size of the tails' own rounding. Returns 1 or 0, or -1 where it does
 * not apply (then the double-precision tails decide). The target C is the
 * caller's in double-double (bercl_min_bits_target(): from the decimal
 * digits, so that a root between the decimal and its nearest double is
 * decided against the decimal): its complement as given for cl > 1/2,
 * else 1 - C formed in double-double.
 *  - E = 0, Poisson: CL = 1 - e^-lambda >= C iff n p >= -ln(1 - C); n p is
 *    an exact double-double product, -ln(1 - C) from neg_log1m (1e-30).
 *  - E = 0, binomial: CL = 1 - (1 - p)^n >= C iff n (-ln(1 - p)) >=
 *    -ln(1 - C), both logs by neg_log1m (1e-30 relative).
 *  - 1 <= E <= 400, Poisson, 1e-10 <= lambda <= 575, the compared target
 *    (1 - C or C) at least 1e-250 (so that no low part is subnormal): with
 *    lambda = n p
 *    (exact double-double), the terms t_k = lambda^k / k! in double-double;
 *    for cl > 1/2 compare Q = e^-lambda sum_{k<=E} t_k with 1 - C, else
 *    P = e^-lambda sum_{k>E} t_k (summed until a term is below 1e-34 of the
 *    sum) with C. All terms are positive, so each sum is accurate to about
 *    1e-30 relative, and e^-lambda (dd_exp) to a few units in 1e-31.
 *  - 1 <= E <= 400, binomial, n <= 2^53 (n - k + 1 exact), lambda = n p as
 *    above and n (-ln(1 - p)) <= 700: the same sums with the terms
 *    t_k = t_{k-1} (n - k + 1) / k * p / (1 - p) (p / (1 - p) in
 *    double-double) and (1 - p)^n = exp(-n (-ln(1 - p))) in place of
 *    e^-lambda, the upper sum ending at k = n.
 * A relative error of 1e-29 in the compared quantities moves the decision
 * only for n within about 1e-10 bits of the true root (one bit moves them
 * by 1e-19 relative at least for n <= 1e18 and E <= 400): every answer
 * is the smallest whole number (above 2^53 the smallest double) with CL(n)
 * >= C unless the root lies that close to a whole number.
 * Source: the Poisson and binomial distribution functions, and
 * Abramowitz & Stegun 6.5.13 (Q(E+1, lambda) as the finite sum).
 */
static int reaches_exact(const struct reach *r, double n)
{
	int binomial = r->model == BERCL_BINOMIAL;
	if (r->errors > 400 || (binomial && r->errors > 0 && !(n <= 0x1p53)))
		return -1;
	dd c = r->c_exact, omc = r->omc_exact;
	dd lam = dd_two_prod(n, r->ber);
	if (r->errors == 0) {
		dd need = r->cl > 0.5 ? dd_neg(dd_log(omc)) : neg_log1m(c);
		dd have = r->model == BERCL_BINOMIAL ? dd_mul_d(neg_log1m(dd_from(r->ber)), n) : lam;
		dd gap = dd_sub(have, need);
		return gap.hi >= 0;
	}
	if (!(lam.hi >= 1e-10 && lam.hi <= 575) || (r->cl > 0.5 ? omc.hi : c.hi) < 1e-250)
		return -1;
	/* the step from t_{k-1} to t_k is x / k: x = lambda, or (n - k + 1) p/q */
	dd x = lam, pq = dd_from(0.0), e;
	if (binomial) {
		dd nl = dd_mul_d(neg_log1m(dd_from(r->ber)), n); /* -ln (1 - p)^n */
		if (!(nl.hi <= 700))
			return -1;
		pq = dd_div(dd_from(r->ber), dd_two_sum(1.0, -r->ber));
		e = dd_exp(dd_neg(nl));
	} else {
		e = dd_exp(dd_neg(lam));
	}
	dd term = dd_from(1.0), low = dd_from(1.0), up = dd_from(0.0);
	int k;
	for (k = 1; k <= (int)r->errors; k++) {
		if (binomial)
			x = dd_mul_d(pq, n - (double)k + 1.0);
		term = dd_div(dd_mul(term, x), dd_from((double)k));
		low = dd_add(low, term);
	}
	if (r->cl > 0.5) {
		dd q = dd_mul(e, low);
		return dd_sub(q, omc).hi <= 0;
	}
	for (; k < 2000; k++) {
		if (binomial) {
			if ((double)k > n)
				break; /* the binomial sum ends at k = n */
			x = dd_mul_d(pq, n - (double)k + 1.0);
		}
		term = dd_div(dd_mul(term, x), dd_from((double)k));
		up = dd_add(up, term);
		if (k > lam.hi && term.hi < 1e-34 * up.hi)
			break;
	}
	if (k == 2000)
		return -1;
	dd p = dd_mul(e, up);
	return dd_sub(p, c).hi >= 0;
}

/*
 * A gap for interpolation only: u = sqrt(-2 ln(1 - CL)) - sqrt(-2 ln CL)
 * behaves like the normal deviate of E (nearly linear in n across many
 * standard deviations, where the log gap is far from linear), minus the
 * same for the target. Increasing in n.
 */
static double z_gap(const struct reach *r, const bercl_tails *tails)
{
	double u = sqrt(-2.0 * fmin(tails->ln_one_minus_cl.hi, 0.0)) -
	           sqrt(-2.0 * fmin(tails->ln_cl.hi, 0.0));
	return u - r->u_target;
}

/* Does n bits reach the target? 1 yes, 0 no; *rc the status of the tails;
 * *gap z_gap (its sign follows the answer; -inf where no tails). */
static int reaches(const struct reach *r, double n, bercl_tails *tails, enum bercl_status *rc,
                   double *gap)
{
	*rc = BERCL_OK;
	*gap = -INFINITY;
	if (r->model == BERCL_BINOMIAL) {
		if (n <= r->errors)
			return 0; /* P[X > E] = 0 */
		*rc = bercl_binomial_tails(r->errors, n, r->ber, tails);
	} else {
		dd lam = dd_two_prod(n, r->ber);
		if (lam.hi < BERCL_MIN_LAMBDA)
			return 0;
		*rc = bercl_poisson_tails(r->errors, lam.hi, lam.lo, tails);
	}
	if (*rc != BERCL_OK)
		return 0;
	double h, dh;
	gap_from_tails(&r->t, tails, dd_from(0.0), &h, &dh);
	*gap = z_gap(r, tails);
	if ((h >= 0) != (*gap >= 0))
		*gap = h >= 0 ? 0.0 : -1e-300;
	/* The tails are within 1e-14 relative (Poisson 2e-15, binomial 1e-14),
	 * so a log gap beyond 1e-12 is decided by them. */
	if (fabs(h) > 1e-12)
		return h >= 0;
	int exact = reaches_exact(r, n);
	if (exact < 0)
		return h >= 0;
	if (exact != (*gap >= 0))
		*gap = exact ? 0.0 : -1e-300;
	if (exact && (h < 0 || !(tails->cl >= r->cl && tails->one_minus_cl <= r->one_minus_cl))) {
		/* n reaches C, but the double tails round to just below it (or
		 * below the doubles of a decimal target that CL(n) meets): CL(n)
		 * lies in [C, C + their rounding], so report C itself, its doubles
		 * as given, rather than a value that reads as missing the target. */
		dd c = r->c_exact, omc = r->omc_exact;
		dd ln_c = r->cl > 0.5 ? dd_neg(neg_log1m(omc)) : dd_log(c);
		dd ln_omc = r->cl > 0.5 ? dd_log(omc) : dd_neg(neg_log1m(c));
		bercl_lnprob a = {ln_c.hi, ln_c.lo}, b = {ln_omc.hi, ln_omc.lo};
		bercli_tails_set(tails, a, b);
		tails->cl = r->cl;
		tails->one_minus_cl = r->one_minus_cl;
	}
	return exact;
}

/*
 * Smallest whole n in (lo, hi] that reaches, widening the bracket first
 * until lo does not reach and hi does, then narrowing it over whole
 * numbers: the Illinois variant of regula falsi on z_gap(n)
 * (Dowell & Jarratt, BIT 11, 1971), which near the root converges
 * superlinearly, with a bisection step whenever an interpolation step has
 * not halved the bracket. The bracket only ever keeps a point that does not
 * reach and one that does, so wherever the decision is exact or monotone in
 * n the answer is the one bisection would give; where the double-precision
 * tails decide (above about 1e15 bits, binomial E >= 1 or Poisson E > 400)
 * it can flip back and forth within a bit or two of the root, and the search
 * may stop at another of those crossings than bisection would. The
 * interpolation saves probes (each a tail evaluation: a binomial one near
 * the mean sums ~1e5 terms). Answers above `limit` are beyond the
 * model's range (BERCL_ELIMIT).
 */
static enum bercl_status bisect_bits(const struct reach *r, double lo, double hi, double limit,
                                     double *bits, bercl_tails *achieved)
{
	bercl_tails t, t_hi;
	enum bercl_status rc;
	double h_lo = -INFINITY, h_hi = INFINITY, h;
	for (int i = 0; lo > 0; i++) {
		int k = reaches(r, lo, &t, &rc, &h);
		if (rc != BERCL_OK)
			return rc;
		if (i > 80)
			return BERCL_ENOCONV;
		if (!k) {
			h_lo = h;
			break;
		}
		lo = floor(lo / 2.0);
	}
	for (int i = 0;; i++) {
		if (hi > limit)
			hi = limit;
		int k = reaches(r, hi, &t_hi, &rc, &h);
		if (rc != BERCL_OK)
			return rc;
		if (k) {
			h_hi = h;
			break;
		}
		if (hi >= limit)
			return BERCL_ELIMIT;
		if (i > 80)
			return BERCL_ENOCONV;
		lo = hi;
		h_lo = h;
		hi = ceil(hi * 2.0);
	}
	int last = 0, bisect = 0;
	while (hi - lo > 1.0) {
		double width = hi - lo, mid = lo + floor(width / 2.0);
		if (!bisect && width > 4.0 && h_lo < 0 && h_hi >= 0 && isfinite(h_lo) &&
		    isfinite(h_hi)) {
			double f = h_lo / (h_lo - h_hi); /* in (0, 1] */
			double m = fmin(fmax(lo + floor(width * f), lo + 1.0), hi - 1.0);
			if (m > lo && m < hi) /* above 2^53 lo + 1 may be lo */
				mid = m;
		}
		if (mid <= lo || mid >= hi)
			break; /* above 2^53: lo and hi are adjacent doubles */
		int k = reaches(r, mid, &t, &rc, &h);
		if (rc != BERCL_OK)
			return rc;
		if (k) {
			hi = mid;
			h_hi = h;
			t_hi = t;
			if (last == 1)
				h_lo /= 2.0; /* Illinois: the kept end pulls less */
			last = 1;
		} else {
			lo = mid;
			h_lo = h;
			if (last == -1)
				h_hi /= 2.0;
			last = -1;
		}
		bisect = !bisect && hi - lo > width / 2.0;
	}
	*bits = hi;
	if (achieved)
		*achieved = t_hi;
	return BERCL_OK;
}

/* The search for both entry points; the target's low parts checked. */
static enum bercl_status min_bits(enum bercl_model model, double errors, double ber,
                                  const bercl_target *target, double *bits,
                                  bercl_tails *achieved)
{
	double cl = target->cl, one_minus_cl = target->one_minus_cl;
	if (!(ber > 0 && ber < 1) || (model != BERCL_POISSON && model != BERCL_BINOMIAL) ||
	    !isfinite(target->cl_lo) || cl + target->cl_lo != cl ||
	    !isfinite(target->one_minus_cl_lo) ||
	    one_minus_cl + target->one_minus_cl_lo != one_minus_cl)
		return BERCL_EDOM;
	double lam;
	enum bercl_status rc = bercl_poisson_lambda_for_cl(errors, cl, one_minus_cl, &lam);
	if (rc != BERCL_OK)
		return rc;
	double n_star = lam / ber;
	double limit = model == BERCL_BINOMIAL ? BERCL_BINOMIAL_MAX_BITS : BERCL_MAX_LAMBDA;
	struct reach r;
	r.model = model;
	r.errors = errors;
	r.ber = ber;
	r.cl = cl;
	r.one_minus_cl = one_minus_cl;
	r.u_target = sqrt(-2.0 * log(one_minus_cl)) - sqrt(-2.0 * log(cl));
	/* the side compared exactly, and the other from it */
	if (cl > 0.5) {
		r.omc_exact = dd_make(one_minus_cl, target->one_minus_cl_lo);
		r.c_exact = dd_sub(dd_from(1.0), r.omc_exact);
	} else {
		r.c_exact = dd_make(cl, target->cl_lo);
		r.omc_exact = dd_sub(dd_from(1.0), r.c_exact);
	}
	target_init(&r.t, errors, 0, cl, one_minus_cl);
	r.t.ln_target = dd_log(cl > 0.5 ? r.omc_exact : r.c_exact);
	if (model == BERCL_BINOMIAL) {
		/* Around the Poisson answer: the binomial one differs by O(ber). */
		if (n_star * (1.0 - 2.0 * ber) > 2.0 * limit)
			return BERCL_ELIMIT;
		double lo = fmax(errors, floor(n_star * (1.0 - 2.0 * ber)) - 1.0);
		return bisect_bits(&r, fmin(lo, limit), ceil(n_star * (1.0 + ber)) + 1.0, limit, bits,
		                   achieved);
	}
	if (!(n_star <= limit))
		return BERCL_ELIMIT;
	double lo = fmax(0.0, floor(n_star * (1.0 - 1e-9)) - 1.0);
	double n;
	bercl_tails at_n;
	rc = bisect_bits(&r, lo, ceil(n_star * (1.0 + 1e-9)) + 1.0, limit, &n, &at_n);
	if (rc != BERCL_OK)
		return rc;
	if (fabs(n - n_star) > fmax(2.0, 1e-9 * n_star))
		return BERCL_ENOCONV; /* bisection and closed form disagree: a bug */
	*bits = n;
	if (achieved)
		*achieved = at_n;
	return BERCL_OK;
}

enum bercl_status bercl_min_bits(enum bercl_model model, double errors, double ber, double cl,
                                 double one_minus_cl, double *bits, bercl_tails *achieved)
{
	bercl_target t = {cl, 0.0, one_minus_cl, 0.0};
	return min_bits(model, errors, ber, &t, bits, achieved);
}

enum bercl_status bercl_min_bits_target(enum bercl_model model, double errors, double ber,
                                        const bercl_target *target, double *bits,
                                        bercl_tails *achieved)
{
	return min_bits(model, errors, ber, target, bits, achieved);
}
