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
 *   Minimum bits: the smallest whole N with CL(N) >= cl, by bisection over
 *   whole numbers inside a bracket that is checked (CL(lo) < cl <= CL(hi))
 *   before it is narrowed. For the Poisson model the bracket comes from
 *   N* = lambda / ber and the answer is checked to lie within 1e-9 (or 2
 *   bits) of it; each comparison uses lambda = N * ber exactly, as a
 *   double-double product.
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
 * cl may round to 1.0 (1 - 1e-20) as long as its exact complement is above
 * 0, and the complement to 1.0 when cl is below 1e-15.
 */
static int valid_target(double cl, double one_minus_cl)
{
	return cl > 0 && cl <= 1 && one_minus_cl > 0 && one_minus_cl <= 1 &&
	       (cl < 1 || one_minus_cl < 1e-15) && (one_minus_cl < 1 || cl < 1e-15);
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

typedef int (*gap_fn)(const struct target *t, double u, double *h, double *dh);

static int poisson_gap(const struct target *t, double u, double *h, double *dh)
{
	double lam = exp(u);
	bercl_tails tails;
	if (bercl_poisson_tails(t->errors, lam, 0.0, &tails) != BERCL_OK)
		return -1;
	/* d P / du = lambda pois(E; lambda) */
	dd ln_deriv = dd_add_d(bercli_ln_poisson_pmf(t->errors, dd_from(lam)), u);
	gap_from_tails(t, &tails, ln_deriv, h, dh);
	return 0;
}

static int binomial_gap(const struct target *t, double u, double *h, double *dh)
{
	double p = exp(u);
	bercl_tails tails;
	if (bercl_binomial_tails(t->errors, t->bits, p, &tails) != BERCL_OK)
		return -1;
	/* d P[X > E] / du = p N b(E; N-1, p) */
	dd n1 = dd_add_d(dd_from(t->bits), -1.0);
	dd ln_b = bercli_ln_binomial_pmf(t->errors, n1, p, dd_two_sum(1.0, -p));
	dd ln_deriv = dd_add_d(ln_b, u + log(t->bits));
	gap_from_tails(t, &tails, ln_deriv, h, dh);
	return 0;
}

/* Safeguarded Newton on an increasing h(u) with a sign change in [lo, hi]. */
static int find_root(gap_fn f, const struct target *t, double lo, double hi, double u,
                     double *root)
{
	if (!(u > lo && u < hi))
		u = 0.5 * (lo + hi);
	for (int iter = 0; iter < 400; iter++) {
		double h, dh;
		if (f(t, u, &h, &dh) != 0)
			return BERCL_EDOM;
		if (h == 0)
			break;
		if (h > 0)
			hi = u;
		else
			lo = u;
		double next = u - h / dh;
		if (!(next > lo && next < hi) || !isfinite(next))
			next = 0.5 * (lo + hi);
		double tol = 4.0 * DBL_EPSILON * fmax(1.0, fabs(u));
		if (fabs(next - u) <= tol || hi - lo <= tol) {
			u = next;
			*root = u;
			return BERCL_OK;
		}
		u = next;
	}
	*root = u;
	return BERCL_OK;
}

enum bercl_status bercl_poisson_lambda_for_cl(double errors, double cl, double one_minus_cl,
                                double *lambda)
{
	if (!valid_errors(errors) || !valid_target(cl, one_minus_cl))
		return BERCL_EDOM;
	struct target t;
	target_init(&t, errors, 0, cl, one_minus_cl);
	double a = errors + 1.0;
	double z = normal_quantile_rough(cl, one_minus_cl);
	double w = 1.0 - 1.0 / (9.0 * a) + z / (3.0 * sqrt(a));
	double u0 = w > 0 ? log(a) + 3.0 * log(w) : log(a) - 1.0;
	double u;
	int rc = find_root(poisson_gap, &t, log(BERCL_MIN_LAMBDA), log(BERCL_MAX_LAMBDA), u0, &u);
	if (rc != BERCL_OK)
		return rc;
	*lambda = exp(u);
	if (!(*lambda >= BERCL_MIN_LAMBDA && *lambda <= BERCL_MAX_LAMBDA))
		return BERCL_EDOM;
	return BERCL_OK;
}

/* The binomial p with P[X > E | bits, p] = cl. */
static int binomial_p_for_cl(double errors, double bits, double cl, double one_minus_cl,
                             double *p)
{
	struct target t;
	target_init(&t, errors, bits, cl, one_minus_cl);
	/* Start from the Poisson answer, clamped into (0, 1). */
	double lam, u0 = -1.0;
	if (bercl_poisson_lambda_for_cl(errors, cl, one_minus_cl, &lam) == BERCL_OK)
		u0 = fmin(log(lam / bits), -1e-3);
	double u;
	int rc = find_root(binomial_gap, &t, log(1e-300), log1p(-DBL_EPSILON), u0, &u);
	if (rc != BERCL_OK)
		return rc;
	*p = exp(u);
	return BERCL_OK;
}

static int valid_bits(enum bercl_model model, double errors, double bits)
{
	if (!(bits > 0) || !(bits <= BERCL_MAX_LAMBDA))
		return 0;
	if (model == BERCL_BINOMIAL)
		return bits == floor(bits) && bits > errors;
	return 1;
}

/* The BER at which P[X > E] = cl after `bits` bits. */
static int ber_for_cl(enum bercl_model model, double errors, double bits, double cl,
                      double one_minus_cl, double *ber)
{
	if (model == BERCL_BINOMIAL)
		return binomial_p_for_cl(errors, bits, cl, one_minus_cl, ber);
	double lam;
	int rc = bercl_poisson_lambda_for_cl(errors, cl, one_minus_cl, &lam);
	if (rc == BERCL_OK)
		*ber = lam / bits;
	return rc;
}

enum bercl_status bercl_ber_upper(enum bercl_model model, double errors, double bits, double cl,
                    double one_minus_cl, double *upper)
{
	if (!valid_errors(errors) || !valid_target(cl, one_minus_cl) ||
	    !valid_bits(model, errors, bits))
		return BERCL_EDOM;
	return ber_for_cl(model, errors, bits, cl, one_minus_cl, upper);
}

enum bercl_status bercl_ber_interval(enum bercl_model model, double errors, double bits, double cl,
                       double one_minus_cl, double *lower, double *upper)
{
	if (!valid_errors(errors) || !valid_target(cl, one_minus_cl) ||
	    !valid_bits(model, errors, bits))
		return BERCL_EDOM;
	double half = 0.5 * one_minus_cl; /* a/2, exact */
	int rc = ber_for_cl(model, errors, bits, 1.0 - half, half, upper);
	if (rc != BERCL_OK)
		return rc;
	if (errors == 0) {
		*lower = 0.0;
		return BERCL_OK;
	}
	/* P[X >= E | p_lower] = P[X > E - 1] = a/2 */
	return ber_for_cl(model, errors - 1.0, bits, half, 1.0 - half, lower);
}

/* ---- minimum bits ---- */

struct reach {
	enum bercl_model model;
	double errors, ber;
	struct target t;
};

/* Does n bits reach the target? 1 yes, 0 no, -1 failure. */
static int reaches(const struct reach *r, double n, bercl_tails *tails)
{
	int rc;
	if (r->model == BERCL_BINOMIAL) {
		if (n <= r->errors)
			return 0; /* P[X > E] = 0 */
		rc = bercl_binomial_tails(r->errors, n, r->ber, tails);
	} else {
		dd lam = dd_two_prod(n, r->ber);
		if (lam.hi < BERCL_MIN_LAMBDA)
			return 0;
		rc = bercl_poisson_tails(r->errors, lam.hi, lam.lo, tails);
	}
	if (rc != BERCL_OK)
		return -1;
	double h, dh;
	gap_from_tails(&r->t, tails, dd_from(0.0), &h, &dh);
	return h >= 0;
}

/*
 * Smallest whole n in (lo, hi] that reaches, widening the bracket first
 * until lo does not reach and hi does, then bisecting over whole numbers.
 */
static int bisect_bits(const struct reach *r, double lo, double hi, double *bits,
                       bercl_tails *achieved)
{
	bercl_tails t, t_hi;
	for (int i = 0; lo > 0; i++) {
		int k = reaches(r, lo, &t);
		if (k < 0 || i > 80)
			return BERCL_ENOCONV;
		if (!k)
			break;
		lo = floor(lo / 2.0);
	}
	for (int i = 0;; i++) {
		int k = reaches(r, hi, &t_hi);
		if (k < 0 || i > 80 || hi > BERCL_MAX_LAMBDA)
			return k < 0 ? BERCL_ENOCONV : BERCL_EDOM;
		if (k)
			break;
		lo = hi;
		hi = ceil(hi * 2.0);
	}
	while (hi - lo > 1.0) {
		double mid = lo + floor((hi - lo) / 2.0);
		if (mid <= lo || mid >= hi)
			break; /* above 2^53: lo and hi are adjacent doubles */
		int k = reaches(r, mid, &t);
		if (k < 0)
			return BERCL_ENOCONV;
		if (k) {
			hi = mid;
			t_hi = t;
		} else {
			lo = mid;
		}
	}
	*bits = hi;
	if (achieved)
		*achieved = t_hi;
	return BERCL_OK;
}

enum bercl_status bercl_min_bits(enum bercl_model model, double errors, double ber, double cl,
                         double one_minus_cl, double *bits, bercl_tails *achieved)
{
	if (!(ber > 0 && ber < 1))
		return BERCL_EDOM;
	double lam;
	int rc = bercl_poisson_lambda_for_cl(errors, cl, one_minus_cl, &lam);
	if (rc != BERCL_OK)
		return rc;
	double n_star = lam / ber;
	if (!(n_star <= BERCL_MAX_LAMBDA))
		return BERCL_EDOM;
	struct reach r;
	r.model = model;
	r.errors = errors;
	r.ber = ber;
	target_init(&r.t, errors, 0, cl, one_minus_cl);
	if (model == BERCL_BINOMIAL) {
		/* Around the Poisson answer: the binomial one differs by O(ber). */
		double lo = fmax(errors, floor(n_star * (1.0 - 2.0 * ber)) - 1.0);
		return bisect_bits(&r, lo, ceil(n_star * (1.0 + ber)) + 1.0, bits, achieved);
	}
	double lo = fmax(0.0, floor(n_star * (1.0 - 1e-9)) - 1.0);
	double n;
	rc = bisect_bits(&r, lo, ceil(n_star * (1.0 + 1e-9)) + 1.0, &n, achieved);
	if (rc != BERCL_OK)
		return rc;
	if (fabs(n - n_star) > fmax(2.0, 1e-9 * n_star))
		return BERCL_ENOCONV; /* bisection and closed form disagree: a bug */
	*bits = n;
	return BERCL_OK;
}
