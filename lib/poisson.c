/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * poisson.c - CL = P(a, x) and 1 - CL = Q(a, x) for whole shape a = E + 1.
 *
 * SYNOPSIS
 *   bercl_poisson_tails(errors, lambda_hi, lambda_lo, &tails)
 *
 * DESCRIPTION
 *   With X ~ Poisson(x), P(a, x) = P[X >= a] and Q(a, x) = P[X <= a - 1] are
 *   sums of Poisson probabilities because a is a whole number. The smaller
 *   tail is always computed directly, as a prefactor exp(L) times a sum of
 *   order one; the larger tail is then 1 - smaller, which loses nothing
 *   because the smaller tail is below about 0.6. The exponent L is carried
 *   in double-double (dd.h) because its absolute error becomes the result's
 *   relative error, and L reaches -6e7 at E = 1e6, lambda = 1e-20.
 *
 *   Regions, with lambda = x / a (the edges are regions.h's table):
 *     a < 25            Q by the finite sum of its a terms, P by the
 *                       convergent series when Q > 1/2 (x is then below ~25).
 *     lambda < 0.7      P by the series sum_n x^n / ((a+1)...(a+n)): ratio
 *                       below 0.7, at most ~110 terms whatever a is.
 *     lambda > 1.3      Q by the finite sum taken downward from k = a - 1:
 *                       ratio below 1/1.3, at most ~150 terms whatever a is.
 *     otherwise         Temme's uniform asymptotic expansion with 16 terms
 *                       C_k(eta) a^-k (coefficients from
 *                       tools/gen_coefficients.py); its truncation error
 *                       falls with a: at a = 25 to 1e6 in this band the
 *                       results are within 2e-15 of the 80-digit table
 *                       (tests/data/poisson_ref.csv, the region edges
 *                       included).
 *   No region loops over the E terms of the textbook sum, so the cost does
 *   not grow with the number of errors.
 *
 * NOTES
 *   The Poisson probability is written as in Loader's saddle-point form,
 *   ln pois(k; x) = -(x - k - k ln(x/k)) - ln(2 pi k)/2 - stirlerr(k),
 *   which avoids the cancellation of k ln x against ln k!.
 *
 * REFERENCES
 *   N. M. Temme, Special Functions, Wiley 1996, section 11.2.4.
 *   A. Gil, J. Segura, N. M. Temme, "Efficient and accurate algorithms for
 *     the computation and inversion of the incomplete gamma function
 *     ratios", SIAM J. Sci. Comput. 34 (2012) A2965-A2981.
 *   A. R. DiDonato, A. H. Morris, "Computation of the incomplete gamma
 *     function ratios and their inverse", ACM TOMS 12 (1986) 377-393.
 *   C. Loader, "Fast and accurate computation of binomial probabilities",
 *     2000 (the stirlerr / saddle-point form).
 */
#include <float.h>
#include <math.h>

#include "bercl.h"
#include "coefficients.inc" /* Temme's C_k */
#include "dd.h"
#include "internal.h"
#include "regions.h"

#define SERIES_EPS 1e-17

static bercl_lnprob log_of(double p)
{
	bercl_lnprob out = {bercli_log(p), 0.0};
	return out;
}

/*
 * erfcx(z) = exp(z^2) erfc(z) for z >= 0. Below 12: the C library's erfc,
 * which is accurate to about an ulp, times exp(z^2) with z^2 split exactly
 * into hi + lo (fma) so that the large exponent adds no error. From 12 up:
 * the asymptotic series 1/(z sqrt(pi)) sum (-1)^n (2n-1)!! / (2z^2)^n, whose
 * terms fall below 1e-17 before they start to grow (Abramowitz & Stegun
 * 7.1.23).
 */
static double erfcx(double z)
{
	if (z < 12.0) {
		double hi = z * z, lo = fma(z, z, -hi);
		return erfc(z) * bercli_exp(hi) * (1.0 + lo);
	}
	double t = 1.0 / (2.0 * z * z), term = 1.0, sum = 1.0;
	for (int n = 1; n <= 14; n++) {
		term *= -(2.0 * n - 1.0) * t;
		sum += term;
	}
	return sum / (z * 1.7724538509055160273);
}

/*
 * sum_k C_k(eta) a^-k, each C_k a Taylor polynomial in eta. Terms past
 * a^-k < 1e-20 cannot count (|C_k| < 1 for k < 16 in this band), so large a
 * needs few of them: 16 at a = 25, 4 at a = 1e7.
 */
static double temme_sum(double eta, double a)
{
	double inv_a = 1.0 / a, s = 0.0;
	int terms = (int)ceil(20.0 / bercli_log10(a)) + 1;
	if (terms > TEMME_K)
		terms = TEMME_K;
	for (int k = terms - 1; k >= 0; k--) {
		double c = 0.0;
		for (int j = TEMME_D; j >= 0; j--)
			c = c * eta + TEMME_C[k][j];
		s = s * inv_a + c;
	}
	return s;
}

/*
 * ln pois(E + 1; x) in double-double, also when E + 1 is not a double
 * (E = 2^53): then from pois(E; x) times x / (E + 1).
 */
static dd ln_pmf_above(double errors, dd x)
{
	double a = errors + 1.0;
	if (a - 1.0 == errors)
		return bercli_ln_poisson_pmf(a, x);
	return dd_add(bercli_ln_poisson_pmf(errors, x), dd_log(dd_div(x, dd_two_sum(errors, 1.0))));
}

/*
 * The one sum of the three regions below: 1 + sum_{n=first}^{last} t_n
 * with t_n = t_{n-1} r_n, r_n = c / k_n (or k_n / c with k_over_c), k_n =
 * base + step n, every k_n a whole number computed exactly from n (no
 * running k that could stick above 2^53). It stops early, once the ratio
 * is below 1 and a term below eps of the sum (eps 0: never; the terms then
 * shrink geometrically, so what is left is of that order), else at `last`.
 */
struct ratio_run {
	double c, base, step, first, last;
	int k_over_c;
	double eps;
};

static double ratio_sum(struct ratio_run s)
{
	double term = 1.0, sum = 1.0;
	for (double n = s.first; n <= s.last; n += 1.0) {
		double k = s.base + s.step * n;
		double ratio = s.k_over_c ? k / s.c : s.c / k;
		term *= ratio;
		sum += term;
		if (ratio < 1.0 && term < s.eps * sum)
			break;
	}
	return sum;
}

/* P(a, x) = pois(a; x) * sum_n x^n / ((a+1)...(a+n)), a = E + 1; fast for x < a. */
static bercl_lnprob lower_series(double errors, dd x)
{
	struct ratio_run s = {x.hi, errors + 1.0, 1.0, 1.0, INFINITY, 0, SERIES_EPS};
	return bercli_lnprob_times(ln_pmf_above(errors, x), ratio_sum(s));
}

/* Q(a, x) = pois(E; x) * sum_j E (E-1)...(E-j+1) / x^j, downward from k = E. */
static bercl_lnprob upper_sum_down(double errors, dd x)
{
	struct ratio_run s = {x.hi, errors, -1.0, 0.0, errors - 1.0, 1, SERIES_EPS};
	return bercli_lnprob_times(bercli_ln_poisson_pmf(errors, x), ratio_sum(s));
}

/* Q(a, x) = exp(-x) sum_{k<a} x^k / k!, upward from k = 0; for x < a < 25. */
static bercl_lnprob upper_sum_up(double a, dd x)
{
	struct ratio_run s = {x.hi, 0.0, 1.0, 1.0, a - 1.0, 0, 0.0};
	return bercli_lnprob_times(dd_neg(x), ratio_sum(s));
}

static void temme(double errors, dd x, bercl_tails *t)
{
	double a = errors + 1.0;
	dd a_dd = dd_two_sum(errors, 1.0); /* a exact, also at E = 2^53 */
	dd aphi = bercli_bd0(a_dd, x);     /* a phi(x / a) */
	double phi = aphi.hi / a;
	double eta = sqrt(2.0 * fmax(phi, 0.0));
	/* the sign of x - a in double-double: x.hi alone rounds (at x = 2.8e15,
	 * x.hi = a while x < a gave the wrong sign and a 4e-9 error) */
	if (dd_sub(x, a_dd).hi < 0)
		eta = -eta;
	double z = eta * sqrt(0.5 * a);
	double sum = temme_sum(eta, a) / sqrt(6.283185307179586477 * a);
	if (aphi.hi < 1.0) {
		/* Both tails are of order one: evaluate each directly. */
		double r = bercli_exp(-aphi.hi) * sum;
		bercli_tails_set(t, log_of(0.5 * erfc(-z) - r), log_of(0.5 * erfc(z) + r));
		return;
	}
	dd neg = dd_neg(aphi);
	if (eta > 0) {
		bercl_lnprob lq = bercli_lnprob_times(neg, 0.5 * erfcx(z) + sum);
		bercli_tails_set(t, bercli_lnprob_complement(lq), lq);
	} else {
		bercl_lnprob lp = bercli_lnprob_times(neg, 0.5 * erfcx(-z) - sum);
		bercli_tails_set(t, lp, bercli_lnprob_complement(lp));
	}
}

/*
 * The public domain: errors whole in [0, 2^53], lambda_hi in [1e-300,
 * 1e300], and lambda_lo the low part of a normalized double-double, i.e.
 * lambda_hi + lambda_lo rounds to lambda_hi (|lambda_lo| at most half an
 * ulp of lambda_hi, as fma(bits, ber, -lambda_hi) gives it). A larger low
 * part was once taken as it came: lambda_lo = -1 at lambda_hi = 1e-300 made
 * x negative and read LOG_TABLE[-128] (dd_log through pmf.c), and
 * lambda_lo = DBL_MAX made x infinite and the lower series never ended.
 */
static int in_domain(double errors, double lambda_hi, double lambda_lo)
{
	return errors >= 0 && errors <= BERCL_MAX_ERRORS && errors == floor(errors) &&
	       lambda_hi >= BERCL_MIN_LAMBDA && lambda_hi <= BERCL_MAX_LAMBDA &&
	       isfinite(lambda_lo) && lambda_hi + lambda_lo == lambda_hi;
}

enum bercl_status bercl_poisson_tails(double errors, double lambda_hi, double lambda_lo,
                        bercl_tails *out)
{
	if (!in_domain(errors, lambda_hi, lambda_lo))
		return BERCL_EDOM;
	if (bercli_poisson_fast(errors, lambda_hi, lambda_lo, out, 1))
		return BERCL_OK;
	return bercli_poisson_tails_dd(errors, lambda_hi, lambda_lo, out);
}

enum bercl_status bercl_poisson_values(double errors, double lambda_hi, double lambda_lo,
                                       double *cl, double *one_minus_cl)
{
	bercl_tails t;
	if (!in_domain(errors, lambda_hi, lambda_lo))
		return BERCL_EDOM;
	if (!bercli_poisson_fast(errors, lambda_hi, lambda_lo, &t, 0))
		bercli_poisson_tails_dd(errors, lambda_hi, lambda_lo, &t);
	*cl = t.cl;
	*one_minus_cl = t.one_minus_cl;
	return BERCL_OK;
}

/* The double-double path: every region, any lambda_lo. */
enum bercl_status bercli_poisson_tails_dd(double errors, double lambda_hi, double lambda_lo,
                                          bercl_tails *out)
{
	dd x = dd_fast_two_sum(lambda_hi, lambda_lo);
	double a = errors + 1.0;

	if (a < POISSON_A_SUMS) {
		bercl_lnprob lq = x.hi >= errors ? upper_sum_down(errors, x) : upper_sum_up(a, x);
		if (bercl_lnprob_value(lq) <= 0.5) {
			bercli_tails_set(out, bercli_lnprob_complement(lq), lq);
		} else {
			/* Q near 1: P directly, and Q as 1 - P, so Q never exceeds 1 */
			bercl_lnprob lp = lower_series(errors, x);
			bercli_tails_set(out, lp, bercli_lnprob_complement(lp));
		}
		return BERCL_OK;
	}
	/* the first band at every a: this path has no certificate to charge
	 * the wider band's truncation */
	double lam = x.hi / a;
	if (lam < POISSON_BANDS[0].lam_lo) {
		bercl_lnprob lp = lower_series(errors, x);
		bercli_tails_set(out, lp, bercli_lnprob_complement(lp));
	} else if (lam > POISSON_BANDS[0].lam_hi) {
		bercl_lnprob lq = upper_sum_down(errors, x);
		bercli_tails_set(out, bercli_lnprob_complement(lq), lq);
	} else {
		temme(errors, x, out);
	}
	return BERCL_OK;
}

double bercl_poisson_cl(double errors, double lambda)
{
	double p, q;
	return bercl_poisson_values(errors, lambda, 0.0, &p, &q) ? NAN : p;
}

double bercl_poisson_one_minus_cl(double errors, double lambda)
{
	double p, q;
	return bercl_poisson_values(errors, lambda, 0.0, &p, &q) ? NAN : q;
}
