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
 *   Poisson root (the BER bounds' and the minimum bits') comes first from
 *   Temme's uniform asymptotic inverse and Halley's steps on the same log
 *   tail (poisson_root_start, poisson_halley: two tail evaluations
 *   typically); only where those do not settle does the Newton iteration
 *   run, from the Wilson-Hilferty approximation.
 *
 *   BER bounds: Poisson, p_upper = P^-1(cl; E+1) / N and the Garwood
 *   interval [P^-1(a/2; E) / N, P^-1(1 - a/2; E+1) / N], a = 1 - cl;
 *   binomial, the Clopper-Pearson bounds: P[X <= E | p_upper] = 1 - cl, and
 *   P[X >= E | p_lower] = a/2, P[X <= E | p_upper] = a/2 for the interval.
 *
 *   Minimum bits: the smallest whole N with CL(N) >= cl. Poisson, E <= 160:
 *   first bits_quick.c's certified route (finite sums; taken with the tails
 *   of reaches() at its answer where that is the search's own answer,
 *   quick_is_search; with a memo used again, from its bracket of the
 *   exact root, bercli_quick_bracket, where that settles the BER's bits). Poisson: Halley's
 *   method over whole numbers from Temme's start (bits_by_halley), each step
 *   the search's own test, ending on a one-bit bracket; elsewhere, and where
 *   that does not settle, a bracketed search over whole numbers (Illinois
 *   regula falsi with bisection steps) inside a bracket that is checked
 *   (CL(lo) < cl <= CL(hi)) before it is narrowed. For the Poisson model the bracket comes from
 *   N* = lambda / ber and the answer is checked to lie within 1e-9 (or 2
 *   bits) of it; each comparison uses lambda = N * ber exactly, as a
 *   double-double product. Where one bit moves CL by less than the tails'
 *   rounding (N near 1e15 and above), a comparison within 1e-12 of the
 *   target for E <= 400 (Poisson lambda <= 575; binomial
 *   -n ln(1 - p) <= 700) is made again in double-double
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
 *     (the normal quantile used for the starting value), 7.1.23.
 *   N. M. Temme, "Asymptotic inversion of the incomplete gamma function",
 *     Math. Comp. 58 (1992) 755-764.
 *   A. Gil, J. Segura, N. M. Temme, "Efficient and accurate algorithms for
 *     the computation and inversion of the incomplete gamma function
 *     ratios", SIAM J. Sci. Comput. 34 (2012) A2965-A2981.
 *   A. R. DiDonato, A. H. Morris, "Computation of the incomplete gamma
 *     function ratios and their inverse", ACM TOMS 12 (1986) 377-393
 *     (Halley's iteration on the ratios from asymptotic starts).
 */
#include <float.h>
#include <math.h>
#include <string.h>
#include <stddef.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"
#include "search.h"

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
enum bercl_status bercl_target_check(double cl, double one_minus_cl)
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
	double t = sqrt(-2.0 * bercli_log(t_p));
	double z = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
	                   (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
	return p < q ? -z : z;
}

/* What a root problem needs: the target and a function giving the tails. */
struct target {
	double errors, bits; /* bits: binomial only */
	int use_lower;       /* compare P[X > E] (cl <= 1/2) or P[X <= E] */
	dd ln_target;
	double pmf_c; /* -stirlerr(E) - ln(2 pi E)/2 (0 for E = 0): ln_pmf_fast's constant */
};

static void target_init(struct target *t, double errors, double bits, double cl,
                        double one_minus_cl)
{
	t->errors = errors;
	t->bits = bits;
	t->use_lower = cl <= 0.5;
	t->ln_target = dd_log(dd_from(t->use_lower ? cl : one_minus_cl));
	t->pmf_c = 0.0; /* find_root's gaps do not use it */
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
	*dh = bercli_exp(ln_d.hi);
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
	dd ln_deriv = dd_add_d(bercli_ln_poisson_pmf(t->errors, dd_from(lam)), bercli_log(lam));
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
	dd ln_deriv = dd_add_d(ln_b, bercli_log(p) + bercli_log(t->bits));
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
		if ((rc = f(t, bercli_exp(u), &h, &dh)) != BERCL_OK)
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
	double x = bercli_exp(u);
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

/* ---- the Poisson root by asymptotic inversion, then Halley steps ---- */

/*
 * z >= 0 with erfc(z) / 2 = t, for 0 < t <= 1/2 (t normal), from ln_t =
 * ln t. Start: the
 * normal quantile of A&S 26.2.23 (|error| < 4.5e-4 in the deviate),
 * divided by sqrt 2; then a Halley step on g(z) = ln erfc(z) - ln 2t,
 * g' = -2/sqrt(pi) exp(-z^2) / erfc(z), g'' = g' (-2z - g'), which about
 * triples the correct digits (4e-4 to about 1e-9; a second step where
 * the first exceeded 1e-3). That is more than the start of the Poisson
 * root needs: its error in x is sqrt(2/a) times this (4.5e-13 at a = 1e7,
 * 4.5e-11 at 1000, where Temme's own error is 1.7e-8), and Halley's steps
 * on the tails follow. Beyond z = 26, where erfc nears the bottom of the
 * doubles, ln erfc(z) comes from its asymptotic series (A&S 7.1.23),
 * -z^2 - ln(z sqrt(pi)) + ln(1 - 1/(2z^2) + 3/(4z^4) - 15/(8z^6)), whose
 * next term is below 1e-9 there.
 */
static double half_erfc_inv(double ln_t)
{
	double s = sqrt(-2.0 * ln_t);
	double z = (s - (2.515517 + s * (0.802853 + s * 0.010328)) /
	                    (1.0 + s * (1.432788 + s * (0.189269 + s * 0.001308)))) *
	           0.70710678118654752440;
	if (z < 0)
		z = 0;
	double l2t = ln_t + 0.69314718055994530942;
	for (int i = 0; i < 2; i++) {
		double le;
		if (z > 26.0) {
			double r = 1.0 / (z * z);
			le = -z * z - bercli_log(z * 1.7724538509055160273) +
			     bercli_log1p(r * (-0.5 + r * (0.75 - r * 1.875)));
		} else {
			le = bercli_log(erfc(z));
		}
		double g = le - l2t;
		double gp = -1.1283791670955125739 * bercli_exp(-z * z - le);
		double gpp = gp * (-2.0 * z - gp);
		double newton = -g / gp, den = 1.0 + newton * gpp / (2.0 * gp);
		double step = den > 0.5 && den < 2.0 ? newton / den : newton;
		z += step;
		if (fabs(step) <= 1e-3 * fmax(1.0, z))
			break; /* z now within about 1e-9 */
	}
	return z;
}

/*
 * lambda > 0 with lambda - 1 - ln lambda = eta^2 / 2 and sign(lambda - 1)
 * = sign(eta), the map of Temme's uniform expansion; *dm1 receives lambda -
 * 1 to full relative accuracy. For |eta| < 1 the series lambda = 1 + eta +
 * eta^2/3 + eta^3/36 - eta^4/270 + eta^5/4320 + eta^6/17010 -
 * 139 eta^7/5443200 + eta^8/204120 (Temme 1992, section 2; checked against
 * mpmath: 2.5e-15 relative at |eta| = 0.1, 2e-23 at 0.01) is the answer
 * below |eta| = 0.03 (error below 1e-19) and the start of Newton's
 * iteration on d - log1p(d) = eta^2/2, d = lambda - 1 (rounding u |d|
 * absolute, so d keeps its relative accuracy), above; for eta > 1 the
 * start is s + 1 + ln(s + 1), s = eta^2/2, and for eta < -1 Newton runs on
 * w = -ln lambda, w - 1 + e^-w = s, from w = s + 1 (above the root: the
 * function is convex and increasing there, so the iterates fall to it).
 * Newton's iteration converges quadratically: it stops after a step below
 * 1e-10 relative (the next would be below 1e-20, under the rounding).
 */
static double eta_lambda(double eta, double *dm1)
{
	double s = 0.5 * eta * eta;
	if (eta < -1.0) {
		double w = s + 1.0;
		for (int i = 0; i < 40; i++) {
			double e = bercli_exp(-w);
			double step = (w - 1.0 + e - s) / (1.0 - e);
			w -= step;
			if (fabs(step) <= 1e-10 * w)
				break;
		}
		*dm1 = bercli_expm1(-w);
		return bercli_exp(-w);
	}
	double d;
	if (eta <= 1.0) {
		d = eta * (1.0 + eta * (1.0 / 3 + eta * (1.0 / 36 + eta * (-1.0 / 270 +
		    eta * (1.0 / 4320 + eta * (1.0 / 17010 + eta * (-139.0 / 5443200 +
		    eta / 204120)))))));
	} else {
		d = s + bercli_log(s + 1.0);
	}
	if (fabs(eta) >= 0.03) {
		for (int i = 0; i < 40; i++) {
			double step = (d - bercli_log1p(d) - s) * (1.0 + d) / d;
			d -= step;
			if (fabs(step) <= 1e-10 * fabs(d))
				break;
		}
	}
	*dm1 = d;
	return 1.0 + d;
}

/*
 * A start for the root x of P(a, x) = t (lower) or Q(a, x) = t (upper), t
 * <= 1/2 (ln_t its logarithm), a = E + 1: Temme's uniform asymptotic inversion (N. M. Temme,
 * "Asymptotic inversion of the incomplete gamma function", Math. Comp. 58
 * (1992) 755-764; A. Gil, J. Segura, N. M. Temme, SIAM J. Sci. Comput. 34
 * (2012) A2965-A2981): eta0 = +-sqrt(2/a) erfc^-1(2t) (the sign of x - a:
 * + for the upper tail), eta = eta0 + eps1(eta0) / a with eps1(eta) =
 * ln(eta / (lambda - 1)) / eta, and x =
 * a lambda(eta); below |eta0| = 0.5, eps1 by its series -1/3 + eta/36 +
 * eta^2/1620 - 7 eta^3/6480 + 5 eta^4/18144 - 11 eta^5/382725 -
 * 101 eta^6/16329600 (from lambda's series; next term below 1e-7 there,
 * 1e-7 / a in eta). Against 40-digit mpmath roots the relative error is about
 * 0.017 / a^2 (1.7e-8 at a = 1000, 1.7e-12 at 1e5) for t from 1e-100 to
 * 1/2, and a few per cent at a = 1 and 2 (where E = 0 has its closed form:
 * -ln t or -log1p(-t)). Halley's steps (poisson_halley) take it from there.
 */
static double poisson_root_start(double a, double t, double ln_t, int lower)
{
	if (a == 1.0)
		return lower ? -bercli_log1p(-t) : -ln_t;
	double z = half_erfc_inv(ln_t);
	double eta0 = (lower ? -z : z) * sqrt(2.0 / a), d0, e = eta0;
	double e1 = -1.0 / 3 + e * (1.0 / 36 + e * (1.0 / 1620 + e * (-7.0 / 6480 +
	            e * (5.0 / 18144 + e * (-11.0 / 382725 + e * (-101.0 / 16329600))))));
	if (fabs(eta0) >= 0.5) {
		eta_lambda(eta0, &d0);
		e1 = bercli_log(eta0 / d0) / eta0;
	}
	double d;
	return a * eta_lambda(eta0 + e1 / a, &d);
}

/* ln pois(E; x) = -bd0(E, x) - stirlerr(E) - ln(2 pi E)/2 in double (E >= 1),
 * bd0 = E phi(x/E), phi(r) = (r - 1) - log1p(r - 1) for |x - E| < E/2
 * (rounding about u |x - E| absolute), E ln(E/x) + x - E beyond (there
 * (x - E)/E would lose x/E's digits when x << E: the oracle found the root
 * 1e-13 off at E = 9, x = 5e-14, where that made Halley's steps crawl);
 * -x for E = 0 (Loader 2000). For the derivative in Halley's steps only:
 * its error slows their convergence but does not move the root. */
static double ln_pmf_fast(const struct target *t, double x)
{
	double e = t->errors;
	if (e == 0)
		return -x;
	double d = (x - e) / e;
	double bd0 = fabs(d) < 0.5 ? e * (d - bercli_log1p(d)) : e * bercli_log(e / x) + x - e;
	return t->pmf_c - bd0;
}

static double pmf_const(double e)
{
	return e == 0 ? 0.0 : -bercli_stirlerr(e) - 0.5 * bercli_log(6.283185307179586477 * e);
}

/*
 * The root x of ln T(x) = ln t, T the smaller tail the target names (P(a,
 * x) = CL for cl <= 1/2, else Q(a, x) = 1 - CL), by Halley's method in x
 * from x0: f = ln T - ln t from the library's tails (bercl_poisson_tails:
 * ln T to 4e-15 absolute), f' = +-pois(E; x) / T, f'' = f' ((a-1)/x - 1 -
 * f'). A step that the Halley correction would more than double or halve
 * is a Newton step; steps are kept within a factor of 8 of x. Stops once a
 * step is below tol relative, after applying it (Halley's error then is
 * of order that step cubed: 1e-36 for the tol of 1e-12 used here, so
 * that x + step in double-double is the root to the accuracy of the tails,
 * *root its double and *root_lo the rest). Returns 1 with *root,
 * or 0 (the caller falls back to find_root): no convergence within 12
 * steps, an iterate outside [1e-300, 1e300], or a tail status not OK.
 */
static int poisson_halley(const struct target *t, double x0, double tol, double *root,
                          double *root_lo)
{
	double x = x0, a = t->errors + 1.0, prev = INFINITY;
	for (int i = 0; i < 12; i++) {
		if (!(x >= BERCL_MIN_LAMBDA && x <= BERCL_MAX_LAMBDA))
			return 0;
		bercl_tails tails;
		if (bercl_poisson_tails(t->errors, x, 0.0, &tails) != BERCL_OK)
			return 0;
		bercl_lnprob l = t->use_lower ? tails.ln_cl : tails.ln_one_minus_cl;
		double f = dd_sub(dd_make(l.hi, l.lo), t->ln_target).hi;
		if (!isfinite(f))
			return 0;
		double fp = bercli_exp(ln_pmf_fast(t, x) - l.hi);
		if (!t->use_lower)
			fp = -fp;
		if (!(fp != 0 && isfinite(fp)))
			return 0;
		double fpp = fp * ((a - 1.0) / x - 1.0 - fp);
		double newton = -f / fp, den = 1.0 + newton * fpp / (2.0 * fp);
		double step = den > 0.5 && den < 2.0 ? newton / den : newton;
		double next = fmin(fmax(x + step, 0.125 * x), 8.0 * x);
		/* converged: a step below tol, and (after the first) below 1e-3 of
		 * the step before, so that a derivative off by some factor (linear
		 * convergence at rate rho) leaves at most rho/(1 - rho) of it */
		int done = fabs(step) <= tol * x && (i == 0 || fabs(step) <= 1e-3 * prev);
		prev = fabs(step);
		if (done) {
			dd r = dd_two_sum(x, step);
			if (!(r.hi >= BERCL_MIN_LAMBDA && r.hi <= BERCL_MAX_LAMBDA))
				return 0;
			*root = r.hi;
			*root_lo = r.lo;
			return 1;
		}
		x = next;
	}
	return 0;
}

/*
 * The Poisson root for a checked target: Temme's start and Halley's steps
 * (poisson_halley, to 1e-12; *lambda_lo the rest of the root in
 * double-double), and where they do not settle, the safeguarded Newton
 * iteration of find_root from the Wilson-Hilferty start (*lambda_lo NaN),
 * which also decides a root beyond [1e-300, 1e300] (BERCL_ELIMIT).
 */
static enum bercl_status poisson_lambda(double errors, double cl, double one_minus_cl,
                                        double *lambda, double *lambda_lo)
{
	struct target t = {errors, 0, cl <= 0.5, dd_from(0.0), pmf_const(errors)};
	/* ln of the target by ln_fast (1e-27 absolute, as dd_log for this) */
	t.ln_target = bercli_ln_fast(dd_from(t.use_lower ? cl : one_minus_cl));
	double a = errors + 1.0;
	double x0 = poisson_root_start(a, t.use_lower ? cl : one_minus_cl, t.ln_target.hi,
	                               t.use_lower);
	*lambda_lo = NAN;
	if (x0 > 0 && isfinite(x0) && poisson_halley(&t, x0, 1e-12, lambda, lambda_lo))
		return BERCL_OK;
	*lambda_lo = NAN;
	double z = normal_quantile_rough(cl, one_minus_cl);
	double w = 1.0 - 1.0 / (9.0 * a) + z / (3.0 * sqrt(a));
	double u0 = w > 0 ? bercli_log(a) + 3.0 * bercli_log(w) : bercli_log(a) - 1.0;
	return find_root(poisson_gap, &t, bercli_log(BERCL_MIN_LAMBDA), bercli_log(BERCL_MAX_LAMBDA), u0,
	                 BERCL_MIN_LAMBDA, BERCL_MAX_LAMBDA, lambda);
}

enum bercl_status bercl_poisson_lambda_for_cl(double errors, double cl, double one_minus_cl,
                                              double *lambda)
{
	if (!valid_errors(errors))
		return BERCL_EDOM;
	enum bercl_status rc = bercl_target_check(cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	double lo;
	return poisson_lambda(errors, cl, one_minus_cl, lambda, &lo);
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
		double root = bercli_exp(q.hi) * (1.0 + q.lo);
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
		u0 = fmin(bercli_log(lam / bits), -1e-3);
	/* The largest p below 1 is 1 - 2^-53; a root above it rounds to 1. */
	const double top = 1.0 - DBL_EPSILON / 2;
	enum bercl_status rc = find_root(binomial_gap, &t, bercli_log(DBL_MIN), bercli_log1p(-DBL_EPSILON / 2), u0,
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
 * The Poisson root of ber_for_cl, which depends on the count and the
 * target alone (not on the bits): lambda and its rest in double-double.
 * lam is the root's double; lam / bits would round it twice (ber -e 2
 * -n 3e12 -c 95% --two-sided gave ber_lower 8.073642618132163e-14, the
 * neighbour of the nearest double 8.073642618132164e-14). Halley's last
 * step gives the rest in double-double (lam_lo); after find_root, one
 * Newton step in u = ln lambda from lam gives it, lam_lo = -lam h/dh (h:
 * the gap of the logarithms, known to ~1e-17), so that (lam + lam_lo) /
 * bits, in double-double, rounds once.
 */
struct bound_root {
	enum bercl_status rc;
	double lam, lam_lo;
};
static struct bound_root bound_lambda(double errors, double cl, double one_minus_cl)
{
	struct bound_root l = {BERCL_EDOM, NAN, NAN};
	double lam, lam_lo;
	if (!valid_errors(errors))
		return l;
	if ((l.rc = bercl_target_check(cl, one_minus_cl)) != BERCL_OK)
		return l;
	if ((l.rc = poisson_lambda(errors, cl, one_minus_cl, &lam, &lam_lo)) != BERCL_OK)
		return l;
	if (!isfinite(lam_lo)) {
		struct target t;
		target_init(&t, errors, 0, cl, one_minus_cl);
		double h, dh;
		lam_lo = 0.0;
		if (poisson_gap(&t, lam, &h, &dh) == BERCL_OK && dh > 0 && fabs(h) < 1e-13 * dh)
			lam_lo = -lam * (h / dh);
	}
	l.lam = lam;
	l.lam_lo = lam_lo;
	return l;
}

/* The Poisson BER from the root: (lam + lam_lo) / bits, rounded once. */
static enum bercl_status ber_of_lambda(struct bound_root l, double bits, double *ber)
{
	if (l.rc != BERCL_OK)
		return l.rc;
	double b = dd_div(dd_two_sum(l.lam, l.lam_lo), dd_from(bits)).hi;
	/* a bound below the normal doubles would lose its digits */
	if (!(b >= DBL_MIN))
		return BERCL_ELIMIT;
	*ber = fmin(b, 1.0);
	return BERCL_OK;
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
	return ber_of_lambda(bound_lambda(errors, cl, one_minus_cl), bits, ber);
}

/* The BER bounds' arguments: a model, a count, bits for it and a target. */
static enum bercl_status bound_args(enum bercl_model model, double errors, double bits, double cl,
                                    double one_minus_cl)
{
	if (!valid_errors(errors) || !valid_bits(model, errors, bits) ||
	    (model != BERCL_POISSON && model != BERCL_BINOMIAL))
		return BERCL_EDOM;
	return bercl_target_check(cl, one_minus_cl);
}

enum bercl_status bercl_ber_roots_find(double errors, double cl, double one_minus_cl,
                                       int two_sided, bercl_ber_roots *roots)
{
	double half = 0.5 * one_minus_cl; /* a/2, exact while a/2 is normal */
	struct bound_root r[2] = {{BERCL_OK, 0.0, 0.0}, {BERCL_OK, 0.0, 0.0}};
	/* the target as given (the interval's roots are at others) */
	enum bercl_status rc = valid_errors(errors) ? bercl_target_check(cl, one_minus_cl) : BERCL_EDOM;
	if (rc != BERCL_OK) {
		r[0].rc = r[1].rc = rc;
		r[0].lam = r[0].lam_lo = r[1].lam = r[1].lam_lo = NAN;
	} else if (!two_sided) {
		r[0] = bound_lambda(errors, cl, one_minus_cl);
	} else {
		/* P[X > E | upper] = 1 - a/2; P[X >= E | lower] = P[X > E - 1] = a/2 */
		r[0] = bound_lambda(errors, 1.0 - half, half);
		if (errors > 0)
			r[1] = bound_lambda(errors - 1.0, half, 1.0 - half);
	}
	roots->errors = errors;
	roots->cl = cl;
	roots->one_minus_cl = one_minus_cl;
	roots->two_sided = two_sided != 0;
	for (int k = 0; k < 2; k++) {
		roots->status[k] = (int)r[k].rc;
		roots->lambda[k] = r[k].lam;
		roots->lambda_lo[k] = r[k].lam_lo;
	}
	return r[0].rc != BERCL_OK ? r[0].rc : r[1].rc;
}

/* A root as kept in bercl_ber_roots. */
static struct bound_root root_at(const bercl_ber_roots *roots, int k)
{
	struct bound_root r = {(enum bercl_status)roots->status[k], roots->lambda[k],
	                       roots->lambda_lo[k]};
	return r;
}

enum bercl_status bercl_ber_bounds_at(const bercl_ber_roots *roots, double bits, double *lower,
                                      double *upper)
{
	double errors = roots->errors, one_minus_cl = roots->one_minus_cl;
	enum bercl_status rc = bound_args(BERCL_POISSON, errors, bits, roots->cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	double u, lo = 0.0;
	if (!roots->two_sided) {
		if ((rc = ber_of_lambda(root_at(roots, 0), bits, &u)) != BERCL_OK)
			return rc;
	} else {
		if (!(0.5 * one_minus_cl >= DBL_MIN))
			return BERCL_ELIMIT;
		if ((rc = ber_of_lambda(root_at(roots, 0), bits, &u)) != BERCL_OK)
			return rc;
		if (errors > 0 && (rc = ber_of_lambda(root_at(roots, 1), bits, &lo)) != BERCL_OK)
			return rc;
	}
	if (lower)
		*lower = lo;
	*upper = u;
	return BERCL_OK;
}

enum bercl_status bercl_ber_upper(enum bercl_model model, double errors, double bits, double cl,
                    double one_minus_cl, double *upper)
{
	enum bercl_status rc = bound_args(model, errors, bits, cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	return ber_for_cl(model, errors, bits, cl, one_minus_cl, upper);
}

enum bercl_status bercl_ber_interval(enum bercl_model model, double errors, double bits, double cl,
                       double one_minus_cl, double *lower, double *upper)
{
	enum bercl_status rc = bound_args(model, errors, bits, cl, one_minus_cl);
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
dd bercli_neg_log1m(dd x)
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
 *    an exact double-double product, -ln(1 - C) from bercli_neg_log1m (1e-30).
 *  - E = 0, binomial: CL = 1 - (1 - p)^n >= C iff n (-ln(1 - p)) >=
 *    -ln(1 - C), both logs by bercli_neg_log1m (1e-30 relative).
 *  - 1 <= E <= 400, Poisson, 1e-10 <= lambda <= 575, the compared target
 *    (1 - C or C) at least 1e-250 (so that no low part is subnormal): with
 *    lambda = n p
 *    (exact double-double), the terms t_k = lambda^k / k! in double-double;
 *    for cl > 1/2 compare Q = e^-lambda sum_{k<=E} t_k with 1 - C, else
 *    P = e^-lambda sum_{k>E} t_k (summed until a term is below 1e-34 of the
 *    sum) with C. All terms are positive, so each sum is accurate to about
 *    1e-30 relative, and e^-lambda (dd_exp) to a few units in 1e-31.
 *  - 1 <= E <= 400, binomial, lambda = n p as above and
 *    n (-ln(1 - p)) <= 700: the same sums with the terms
 *    t_k = t_{k-1} (n - k + 1) / k * p / (1 - p) (p / (1 - p) and
 *    n - k + 1 in double-double, the latter exact also above 2^53 where it
 *    is not a double) and (1 - p)^n = exp(-n (-ln(1 - p))) in place of
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
	if (r->errors > 400)
		return -1;
	dd c = r->c_exact, omc = r->omc_exact;
	dd lam = dd_two_prod(n, r->ber);
	if (r->errors == 0) {
		dd need = r->cl > 0.5 ? dd_neg(dd_log(omc)) : bercli_neg_log1m(c);
		dd have = r->model == BERCL_BINOMIAL ? dd_mul_d(bercli_neg_log1m(dd_from(r->ber)), n) : lam;
		dd gap = dd_sub(have, need);
		return gap.hi >= 0;
	}
	if (!(lam.hi >= 1e-10 && lam.hi <= 575) || (r->cl > 0.5 ? omc.hi : c.hi) < 1e-250)
		return -1;
	/* the step from t_{k-1} to t_k is x / k: x = lambda, or (n - k + 1) p/q */
	dd x = lam, pq = dd_from(0.0), e;
	if (binomial) {
		dd nl = dd_mul_d(bercli_neg_log1m(dd_from(r->ber)), n); /* -ln (1 - p)^n */
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
			x = dd_mul(pq, dd_two_sum(n, 1.0 - (double)k));
		term = dd_div_d(dd_mul(term, x), (double)k);
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
			x = dd_mul(pq, dd_two_sum(n, 1.0 - (double)k));
		}
		term = dd_div_d(dd_mul(term, x), (double)k);
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
 * Where reaches_exact() decides a Poisson comparison (it returns -1
 * elsewhere): E = 0, or E <= 400 with 1e-10 <= lambda <= 575 and the
 * compared target at least 1e-250 (its upper sum then ends long before
 * its 2000 terms: by k = 1000 at lambda = 575). The sign shortcut of
 * reaches() keeps to these points, so that elsewhere the tails decide
 * as before, their values unchanged.
 */
static int poisson_exact_applies(const struct reach *r, double n)
{
	if (r->errors > 400)
		return 0;
	if (r->errors == 0)
		return 1;
	double lam = n * r->ber;
	return lam >= 1e-10 && lam <= 575 && (r->cl > 0.5 ? r->omc_exact.hi : r->c_exact.hi) >= 1e-250;
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

/*
 * The log gaps the Poisson tails decide by sign alone before the exact
 * comparison: beyond 1e-12 (as for both models), and for Poisson beyond
 * 1e-14, since the logarithms of bercl_poisson_tails() are within 4e-15
 * absolute (LN_MAX of poisson_fast.c; the double-double path within 2e-15),
 * so that reaches_exact() would give the same answer (its sums are good to
 * 1e-29) and is only needed inside that band; where the certified fast path
 * gave the tails, beyond twice its own running bound on the logarithm
 * compared if that is smaller (typically 1e-18 to 1e-15).
 */
#define POISSON_LN_DECIDES 1e-14

/* Does n bits reach the target? 1 yes, 0 no; *rc the status of the tails;
 * *gap (may be NULL) z_gap (its sign follows the answer; -inf where no
 * tails); *lngap
 * (may be NULL) the log gap h, increasing in n (ln P - ln C for cl <= 1/2,
 * ln(1 - C) - ln Q above; -inf where no tails). */
static int reaches_known(const struct reach *r, double n, bercl_tails *tails,
                         enum bercl_status *rc, double *gap, double *lngap, int known);

static int reaches(const struct reach *r, double n, bercl_tails *tails, enum bercl_status *rc,
                   double *gap, double *lngap)
{
	return reaches_known(r, n, tails, rc, gap, lngap, -1);
}

/* reaches() where the exact decision may be known already (known 1 or 0:
 * certified by bits_quick.c where quick_is_search() holds, so that
 * reaches_exact() would give the same; -1: not known). The tails' own sign
 * still decides beyond their error, as in reaches(). */
static int reaches_known(const struct reach *r, double n, bercl_tails *tails,
                         enum bercl_status *rc, double *gap, double *lngap, int known)
{
	*rc = BERCL_OK;
	if (gap)
		*gap = -INFINITY;
	if (lngap)
		*lngap = -INFINITY;
	double decides = POISSON_LN_DECIDES;
	if (r->model == BERCL_BINOMIAL) {
		if (n <= r->errors)
			return 0; /* P[X > E] = 0 */
		*rc = bercl_binomial_tails(r->errors, n, r->ber, tails);
	} else {
		dd lam = dd_two_prod(n, r->ber);
		if (lam.hi < BERCL_MIN_LAMBDA)
			return 0;
		double ln_err[2];
		if (lam.hi <= BERCL_MAX_LAMBDA &&
		    bercli_poisson_fast_err(r->errors, lam.hi, lam.lo, tails, ln_err))
			decides = fmin(decides, 2.0 * ln_err[r->t.use_lower ? 0 : 1]);
		else
			*rc = bercl_poisson_tails(r->errors, lam.hi, lam.lo, tails);
	}
	if (*rc != BERCL_OK)
		return 0;
	const bercl_lnprob *lt = r->t.use_lower ? &tails->ln_cl : &tails->ln_one_minus_cl;
	double h = dd_sub(dd_make(lt->hi, lt->lo), r->t.ln_target).hi;
	if (!r->t.use_lower)
		h = -h;
	if (lngap)
		*lngap = h;
	if (gap) {
		*gap = z_gap(r, tails);
		if ((h >= 0) != (*gap >= 0))
			*gap = h >= 0 ? 0.0 : -1e-300;
	}
	/* The tails are within 1e-14 relative (Poisson 2e-15, binomial 1e-14),
	 * so a log gap beyond 1e-12 is decided by them. */
	if (fabs(h) > 1e-12)
		return h >= 0;
	int exact;
	if (r->model == BERCL_POISSON && fabs(h) > decides)
		exact = poisson_exact_applies(r, n) ? h >= 0 : -1;
	else
		exact = known >= 0 ? known : reaches_exact(r, n);
	if (exact < 0)
		return h >= 0;
	if (gap && exact != (*gap >= 0))
		*gap = exact ? 0.0 : -1e-300;
	dd c = r->c_exact, omc = r->omc_exact;
	/* the side compared (1 - cl for cl > 1/2, else cl) beyond the exact
	 * target, or it beyond the caller's double (99.9 % is 99.9 / 100 =
	 * 0.9990000000000001, above the double nearest 0.999) */
	int upper = r->cl > 0.5;
	int beyond = upper ? dd_sub(dd_from(tails->one_minus_cl), omc).hi > 0 ||
	                             !(tails->one_minus_cl <= r->one_minus_cl)
	                   : dd_sub(dd_from(tails->cl), c).hi < 0 || !(tails->cl >= r->cl);
	if (exact && (h < 0 || beyond)) {
		/* n reaches C, but the double tails round to just below it (or
		 * to just beyond a decimal target that CL(n) meets): CL(n) lies in
		 * [C, C + their rounding], so report C itself rather than a value
		 * that reads as missing the target: the side compared rounded
		 * towards meeting it (1 - cl down for cl > 1/2, cl up otherwise:
		 * the double nearest 1 - 0.999 is above 0.001 and read as
		 * 99.8999 %), the other to nearest, and neither beyond the
		 * caller's doubles. */
		dd ln_c = upper ? dd_neg(bercli_neg_log1m(omc)) : dd_log(c);
		dd ln_omc = upper ? dd_log(omc) : dd_neg(bercli_neg_log1m(c));
		bercl_lnprob a = {ln_c.hi, ln_c.lo}, b = {ln_omc.hi, ln_omc.lo};
		bercli_tails_set(tails, a, b);
		double cl_v = !upper && c.lo > 0 ? nextafter(c.hi, INFINITY) : c.hi;
		double omc_v = upper && omc.lo < 0 ? nextafter(omc.hi, 0.0) : omc.hi;
		tails->cl = fmax(cl_v, r->cl);
		tails->one_minus_cl = fmin(omc_v, r->one_minus_cl);
	} else if (exact) {
		/* the side compared meets the target, but the other side's double
		 * may round a unit beyond the caller's (CL(n) 5.8e-14 above a C
		 * of 6.35197e-8, 1 - CL(n) rounding to the double above 1 - C):
		 * that side alone is brought to the caller's double (within its
		 * unit of the truth), the compared side's value kept */
		tails->cl = fmax(tails->cl, r->cl);
		tails->one_minus_cl = fmin(tails->one_minus_cl, r->one_minus_cl);
	}
	return exact;
}

/*
 * Smallest whole n in (lo, hi] that reaches: the library's one search
 * (search.c: the bracket widened, then narrowed by the Illinois variant of
 * regula falsi on z_gap(n) with bisection steps). Wherever the decision is
 * exact or monotone in n the answer is the one bisection would give; where
 * the double-precision tails decide (above about 1e15 bits, binomial E >= 1
 * or Poisson E > 400) it can flip back and forth within a bit or two of the
 * root, and the search may stop at another of those crossings than
 * bisection would. The interpolation saves probes (each a tail evaluation:
 * a binomial one near the mean sums ~1e5 terms). Answers above `limit` are
 * beyond the model's range (BERCL_ELIMIT).
 */
static enum bercl_status reach_test(void *ctx, double n, bercl_tails *t, int *holds, double *gap)
{
	enum bercl_status rc;
	*holds = reaches(ctx, n, t, &rc, gap, NULL);
	return rc;
}

static enum bercl_status bisect_bits(const struct reach *r, double lo, double hi, double limit,
                                     double *bits, bercl_tails *achieved)
{
	struct bercli_search s = {reach_test, (void *)r, limit, 0.0};
	return bercli_first_whole(&s, lo, hi, bits, achieved);
}

/*
 * The Poisson minimum bits by Halley's method over whole numbers, from the
 * start x0 (poisson_root_start): each step evaluates reaches(n), the very
 * test of the search, at a whole n, and takes Halley's step on the log gap
 * h(x) (reaches' lngap; x = n ber) with h' = pois(E; x) / T and h'' = h'
 * ((a - 1)/x - 1 -+ h') (T the tail compared: P for cl <= 1/2, -+ its
 * sign), to the next whole number, inside the bracket of the largest n
 * known not to reach (0 never does) and the smallest known to reach. It
 * ends when that bracket is one bit wide. A bit below an n that reaches is
 * certain not to reach without its own evaluation when n >= 1e6 and
 *   h(n - 1) <= h(n) - ber h'(x) (1 - e) + ber^2 |h''(x)| + 4e-15
 * is below -4e-15 (Taylor's theorem: h'' changes by far less than a
 * factor 2 over one bit there; e bounds the relative error of h', 1e-15
 * (|x - E| + 50) + 1e-14 from ln_pmf_fast and the 4e-15 of ln T; the first
 * 4e-15 is the error of h(n) itself): the true gap at n - 1 is then below
 * -4e-15, so its own tails (within 4e-15) give a negative gap, which
 * reaches() takes as "no" whichever way it decides it (by sign, or by
 * reaches_exact, which sees the true gap's sign). Where the decision is monotone in n (every
 * answer exact, as reaches_exact() makes it) the answer is the one the
 * bracketed search gives. Returns 1 with *bits and *achieved (the tails at
 * the answer, from reaches), or 0 where it cannot decide: above
 * `limit`, a tail status not OK, or 8 evaluations without a one-bit
 * bracket; the caller then searches (bisect_bits). Above 2^53 "one bit"
 * is one double: the answer is then the smallest double that reaches, as
 * bisect_bits gives it.
 */
/*
 * One of poisson_halley's steps from x for the start of bits_by_halley,
 * from the plain doubles of the certified fast path (bercli_poisson_fast
 * without logarithms, the cheaper call): ln T = log(T) while T is normal.
 * Returns x itself where that is not at hand (the search then takes one
 * step more); its result is only a start, the search checks every answer.
 */
static double halley_values_step(const struct target *t, double x)
{
	bercl_tails tails;
	if (!(x >= 1e-290 && x <= 1e290) || !bercli_poisson_fast(t->errors, x, 0.0, &tails, 0))
		return x;
	double tv = t->use_lower ? tails.cl : tails.one_minus_cl;
	if (!(tv >= DBL_MIN))
		return x;
	double lt = bercli_log(tv), f = lt - t->ln_target.hi - t->ln_target.lo;
	double fp = bercli_exp(ln_pmf_fast(t, x) - lt);
	if (!t->use_lower)
		fp = -fp;
	double fpp = fp * (t->errors / x - 1.0 - fp);
	double newton = -f / fp, den = 1.0 + newton * fpp / (2.0 * fp);
	double step = den > 0.5 && den < 2.0 ? newton / den : newton;
	double next = fmin(fmax(x + step, 0.125 * x), 8.0 * x);
	return isfinite(next) && next > 0 ? next : x;
}

/* The whole numbers next to a whole n >= 0 among the doubles (n - 1 and n +
 * 1 up to 2^53, the neighbouring doubles beyond). */
static double bit_below(double n)
{
	return n <= 0x1p53 ? n - 1.0 : nextafter(n, 0.0);
}

static double bit_above(double n)
{
	return n < 0x1p53 ? n + 1.0 : nextafter(n, INFINITY);
}

static int bits_by_halley(const struct reach *r, double x0, double limit, double *bits,
                          bercl_tails *achieved)
{
	double ber = r->ber, a = r->errors + 1.0, sign = r->t.use_lower ? 1.0 : -1.0;
	double lo = 0.0, hi = INFINITY, n = fmax(1.0, ceil(x0 / ber));
	bercl_tails t_hi;
	for (int i = 0; i < 8; i++) {
		if (!(n <= limit))
			return 0;
		bercl_tails t;
		enum bercl_status rc;
		double h;
		int k = reaches(r, n, &t, &rc, NULL, &h);
		if (rc != BERCL_OK || !isfinite(h))
			return 0;
		double x = n * ber;
		double ln_t = r->t.ln_target.hi + sign * h;
		double gp = bercli_exp(ln_pmf_fast(&r->t, x) - ln_t);
		double gpp = gp * ((a - 1.0) / x - 1.0 - sign * gp);
		if (!(gp > 0 && isfinite(gp) && isfinite(gpp)))
			return 0;
		if (k) {
			hi = n;
			t_hi = t;
			double below = bit_below(n);
			if (below <= lo)
				break;
			double step = (n - below) * ber;
			double e = 1e-15 * (fabs(x - r->errors) + 50.0) + 1e-14;
			double h_below = h - step * gp * (1.0 - e) + step * step * fabs(gpp) + 4e-15;
			if (n >= 1e6 && h_below < -4e-15) {
				lo = below;
				break;
			}
		} else {
			lo = n;
			if (bit_above(lo) >= hi)
				break;
		}
		double newton = -h / gp, den = 1.0 - h * gpp / (2.0 * gp * gp);
		double dx = den > 0.5 && den < 2.0 ? newton / den : newton;
		double m = ceil(n + dx / ber);
		if (!(m > lo))
			m = bit_above(lo);
		if (!(m < hi))
			m = bit_below(hi);
		n = m;
	}
	if (!(bit_above(lo) >= hi))
		return 0;
	*bits = hi;
	if (achieved)
		*achieved = t_hi;
	return 1;
}

/*
 * Where bits_quick.c's answer is the search's own, so that with the tails
 * wanted the search may start and end there: the Poisson model, E = 0, or
 * E <= 400 with the compared target (1 - C for cl > 1/2, else C) at least
 * 1e-250 and lambda = N ber inside [1e-10, 575] with room to spare (2e-10
 * to 570: the few bits below N that the search compares lie there too).
 * There every decision of reaches() is exact (its comment), as each of the
 * quick route's is (certified, or exact), and both are monotone in N: both
 * give the least whole N that reaches the exact target. Outside, the double
 * tails decide for the search and may place N a double off
 * (tests/bits_paths counts those apart).
 */
static int quick_search_domain(double errors, double ber, double compared, double n)
{
	if (errors == 0)
		return 1;
	double lam = n * ber;
	return errors <= 400 && compared >= 1e-250 && lam >= 2e-10 && lam <= 570;
}

static int quick_is_search(const struct reach *r, double n)
{
	return r->model == BERCL_POISSON &&
	       quick_search_domain(r->errors, r->ber,
	                           r->cl > 0.5 ? r->omc_exact.hi : r->c_exact.hi, n);
}

/* Is the memo filled for this model, count and target (bit for bit)? */
static int memo_holds(const bercl_bits_memo *m, enum bercl_model model, double errors,
                      const bercl_target *target)
{
	double t[4] = {target->cl, target->cl_lo, target->one_minus_cl, target->one_minus_cl_lo};
	return m->valid == 1 && m->model == (int)model && memcmp(&m->errors, &errors, sizeof errors) == 0 &&
	       memcmp(m->target, t, sizeof t) == 0;
}

/* bits_quick.c's route at one BER from the memo's rough root (0: not
 * settled); *margin its certified share past the target (0: none). */
static double quick_route(double errors, double ber, const bercl_target *target,
                          const bercl_bits_memo *memo, double *margin)
{
	double at_cl, at_q;
	return bercli_quick_min_bits_from(errors, ber, target, 0, memo->lam, memo->rel_slope, &at_cl,
	                                  &at_q, margin);
}

/* quick_is_search() for the Poisson model from the target itself, before
 * the search's struct reach is made (its omc_exact.hi is one_minus_cl
 * where cl > 1/2, its c_exact.hi cl elsewhere). */
static int quick_is_search_at(double errors, double ber, const bercl_target *target, double n)
{
	return quick_search_domain(errors, ber, target->cl > 0.5 ? target->one_minus_cl : target->cl,
	                           n);
}

/* The search for both entry points; the target's low parts checked; quick:
 * whether bits_quick.c's certified route may give the bits (0: the search
 * alone, tests/bits_paths' reference); margin (may be NULL): the route's
 * certified share past the target, bercl_min_bits_margin()'s, with
 * achieved left uncomputed (NaN) where it is at least BERCL_MARGIN_PRINTED. */
static enum bercl_status min_bits(enum bercl_model model, double errors, double ber,
                                  const bercl_target *target, double *bits,
                                  bercl_tails *achieved, int quick,
                                  bercl_bits_memo *memo, double *margin)
{
	double route_margin = 0;
	if (margin)
		*margin = 0;
	double cl = target->cl, one_minus_cl = target->one_minus_cl;
	if (!(ber > 0 && ber < 1) || (model != BERCL_POISSON && model != BERCL_BINOMIAL) ||
	    !isfinite(target->cl_lo) || cl + target->cl_lo != cl ||
	    !isfinite(target->one_minus_cl_lo) ||
	    one_minus_cl + target->one_minus_cl_lo != one_minus_cl)
		return BERCL_EDOM;
	if (!valid_errors(errors))
		return BERCL_EDOM;
	enum bercl_status rc = bercl_target_check(cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	double quick_n = 0, bracketed = 0;
	bercl_bits_memo own;
	if (!memo) { /* zeroed only where used: every element of the engine's loops brings one */
		own = (bercl_bits_memo){0};
		memo = &own;
	}
	int again = memo_holds(memo, model, errors, target);
	if (!again) {
		/* what depends on the model, the count and the target alone */
		memo->valid = 1;
		memo->bracket = 0; /* the exact root's bracket: at the memo's second use */
		memo->model = (int)model;
		memo->errors = errors;
		memo->target[0] = target->cl;
		memo->target[1] = target->cl_lo;
		memo->target[2] = target->one_minus_cl;
		memo->target[3] = target->one_minus_cl_lo;
		memo->quick_ok = model == BERCL_POISSON && quick &&
		                 bercli_quick_root(errors, target, &memo->lam, &memo->rel_slope);
		memo->pmf_c = pmf_const(errors);
		dd ce = cl > 0.5 ? dd_make(one_minus_cl, target->one_minus_cl_lo)
		                 : dd_make(cl, target->cl_lo);
		dd ln = bercli_ln_fast(ce);
		memo->ln_hi = ln.hi;
		memo->ln_lo = ln.lo;
	}
	if (model == BERCL_POISSON && quick && memo->quick_ok) {
		/* bits_quick.c's certified route first: the bits alone, or with
		 * the tails the search would give there (below); from the exact
		 * root's bracket where the memo has one (its second use on: one
		 * count and target at many BERs), where that settles them and
		 * they are the search's own (below), else per BER */
		if (again && memo->bracket == 0)
			memo->bracket = bercli_quick_bracket(errors, target, memo->lam, memo->root_lo,
			                                     memo->root_hi) ? 1 : -1;
		if (memo->bracket == 1)
			bracketed = bercli_quick_bits_bracketed(ber, memo->root_lo, memo->root_hi);
		if (bracketed == 0)
			quick_n = quick_route(errors, ber, target, memo, &route_margin);
		/* the certified share is the printed tails' too only where they
		 * would be the search's at quick_n (quick_is_search) */
		if (margin && quick_n > 0 && quick_is_search_at(errors, ber, target, quick_n))
			*margin = route_margin;
		if (quick_n > 0 && (!achieved || (margin && *margin >= BERCL_MARGIN_PRINTED))) {
			*bits = quick_n;
			if (achieved) /* not computed: bercl_min_bits_margin() */
				*achieved = (bercl_tails){NAN, NAN, {NAN, NAN}, {NAN, NAN}};
			return BERCL_OK;
		}
	}
	double limit = model == BERCL_BINOMIAL ? BERCL_BINOMIAL_MAX_BITS : BERCL_MAX_LAMBDA;
	struct reach r;
	r.model = model;
	r.errors = errors;
	r.ber = ber;
	r.cl = cl;
	r.one_minus_cl = one_minus_cl;
	/* the side compared exactly, and the other from it */
	if (cl > 0.5) {
		r.omc_exact = dd_make(one_minus_cl, target->one_minus_cl_lo);
		r.c_exact = dd_sub(dd_from(1.0), r.omc_exact);
	} else {
		r.c_exact = dd_make(cl, target->cl_lo);
		r.omc_exact = dd_sub(dd_from(1.0), r.c_exact);
	}
	r.t.errors = errors;
	r.t.bits = 0;
	r.t.use_lower = cl <= 0.5;
	r.t.pmf_c = memo->pmf_c; /* pmf_const(errors) */
	r.t.ln_target = dd_make(memo->ln_hi, memo->ln_lo); /* bercli_ln_fast of the side compared */
	if (bracketed > 0) {
		/* the bracket's answer is the truth, as the route's: taken where
		 * the search's answer is too (quick_is_search), else the route's
		 * as before */
		quick_n = quick_is_search(&r, bracketed)
		                  ? bracketed
		                  : quick_route(errors, ber, target, memo, &route_margin);
		if (quick_n > 0 && !achieved) {
			*bits = quick_n;
			return BERCL_OK;
		}
	}
	if (quick_n > 0 && quick_is_search(&r, quick_n)) {
		/* the search's answer: its tails there are reaches()' at it, as the
		 * search's last test of that N gives them (the exact target where
		 * the doubles round just short of it); a "no" there (none seen:
		 * the quick route certified "yes") leaves it to the search */
		enum bercl_status trc;
		if (reaches_known(&r, quick_n, achieved, &trc, NULL, NULL, 1) && trc == BERCL_OK) {
			*bits = quick_n;
			return BERCL_OK;
		}
	}
	if (model == BERCL_POISSON) {
		double x0 = poisson_root_start(errors + 1.0, r.t.use_lower ? cl : one_minus_cl,
		                               r.t.ln_target.hi, r.t.use_lower);
		x0 = halley_values_step(&r.t, x0);
		if (x0 >= 1e-290 && x0 <= 1e290 && bits_by_halley(&r, x0, limit, bits, achieved))
			return BERCL_OK;
	}
	double lam;
	double lam_lo;
	if ((rc = poisson_lambda(errors, cl, one_minus_cl, &lam, &lam_lo)) != BERCL_OK)
		return rc;
	r.u_target = sqrt(-2.0 * bercli_log(one_minus_cl)) - sqrt(-2.0 * bercli_log(cl));
	double n_star = lam / ber;
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
	return min_bits(model, errors, ber, &t, bits, achieved, 1, NULL, NULL);
}

enum bercl_status bercli_min_bits_searched(enum bercl_model model, double errors, double ber,
                                           const bercl_target *target, double *bits,
                                           bercl_tails *achieved)
{
	return min_bits(model, errors, ber, target, bits, achieved, 0, NULL, NULL);
}

enum bercl_status bercl_min_bits_target(enum bercl_model model, double errors, double ber,
                                        const bercl_target *target, double *bits,
                                        bercl_tails *achieved)
{
	return min_bits(model, errors, ber, target, bits, achieved, 1, NULL, NULL);
}

enum bercl_status bercl_min_bits_memo(enum bercl_model model, double errors, double ber,
                                      const bercl_target *target, bercl_bits_memo *memo,
                                       double *bits, bercl_tails *achieved)
{
	return min_bits(model, errors, ber, target, bits, achieved, 1, memo, NULL);
}

enum bercl_status bercl_min_bits_margin(enum bercl_model model, double errors, double ber,
                                        const bercl_target *target, bercl_bits_memo *memo,
                                        double *bits, bercl_tails *achieved, double *margin)
{
	return min_bits(model, errors, ber, target, bits, achieved, 1, memo, margin);
}
