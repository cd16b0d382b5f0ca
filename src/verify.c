/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * verify.c - cross-checks against GSL, and a referee when they differ.
 *
 * GSL is an independent implementation (gsl_sf_gamma_inc_P_e / _Q_e for the
 * tails, gsl_cdf_gamma_Pinv / _Qinv for the quantile behind the minimum
 * bits), but not always an accurate one: near the centre at shape 1e5 its
 * tails are off by ~1e-7 relative, at shape 1e6 it stops with an iteration
 * error, and its quantile returns NaN far in the tails. When GSL and bercl
 * differ, the referee decides: the Poisson sum itself, term by term in
 * double-double arithmetic (dd.h), which shares no formula with poisson.c.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

#include "bercl.h"
#include "dd.h"
#include "verify.h"

#define REFEREE_MAX_TERMS 1e7

/*
 * Sum T_k = x^k / k! for k = 0..E (Q = e^-x * sum) with T and the sum kept
 * as double-double mantissas over a shared power of two, rescaled whenever T
 * leaves [2^-500, 2^500]. P is 1 - Q when Q <= 1/2, otherwise the terms
 * beyond E are summed the same way until they no longer count.
 */
int referee_tails(double errors, double lambda, bercl_log *ln_cl, bercl_log *ln_one_minus_cl)
{
	if (!(errors >= 0) || !(lambda > 0) || fmin(errors, lambda) > REFEREE_MAX_TERMS)
		return -1;
	dd x = dd_from(lambda);
	dd term = dd_from(1.0), sum = dd_from(1.0);
	long scale = 0; /* the true values are term * 2^scale, sum * 2^scale */
	for (double k = 1; k <= errors; k += 1) {
		term = dd_div(dd_mul(term, x), dd_from(k));
		sum = dd_add(sum, term);
		int e;
		frexp(term.hi, &e);
		if (e > 500 || e < -500) {
			/* Rescale both by 2^-e (exact), unless the sum would vanish. */
			int se;
			frexp(sum.hi, &se);
			int shift = e > 500 ? e : (se < -500 ? se : 0);
			term = dd_make(ldexp(term.hi, -shift), ldexp(term.lo, -shift));
			sum = dd_make(ldexp(sum.hi, -shift), ldexp(sum.lo, -shift));
			scale += shift;
		}
		if (k > lambda && term.hi < 1e-40 * sum.hi)
			break;
	}
	/* ln Q = ln(sum) + scale ln 2 - x */
	dd ln2 = dd_make(0.69314718055994529, 2.3190468138462996e-17);
	dd lnq = dd_sub(dd_add(dd_log(sum), dd_mul_d(ln2, (double)scale)), x);
	bercl_log lq = {lnq.hi, lnq.lo}, lp = {0, 0};
	if (bercl_log_value(lq) <= 0.5) {
		lp.hi = log(-expm1(lnq.hi + lnq.lo));
	} else {
		dd psum = dd_from(0.0);
		for (double k = errors + 1;; k += 1) {
			term = dd_div(dd_mul(term, x), dd_from(k));
			psum = dd_add(psum, term);
			if (k > lambda && term.hi < 1e-40 * psum.hi)
				break;
		}
		dd lnp = dd_sub(dd_add(dd_log(psum), dd_mul_d(ln2, (double)scale)), x);
		lp.hi = lnp.hi;
		lp.lo = lnp.lo;
	}
	*ln_cl = lp;
	*ln_one_minus_cl = lq;
	return 0;
}

/*
 * Relative difference between our probability (as its logarithm) and
 * another's double: exact where ours is below the double range too. A 0
 * from the other side, for a positive probability, counts as 1.
 */
static double tail_diff(bercl_log ours, double theirs)
{
	if (!(theirs > 0))
		return 1.0;
	return fabs(expm1(log(theirs) - ours.hi - ours.lo));
}

static double log_diff(bercl_log a, bercl_log b)
{
	return fabs(expm1((a.hi - b.hi) + (a.lo - b.lo)));
}

static int verify_cl(struct row *r, bercl_tails *same, char *note, size_t notelen)
{
	double a = r->in.errors + 1.0;
	double lambda = r->bits * r->in.ber;
	gsl_sf_result p, q;
	int sp = gsl_sf_gamma_inc_P_e(a, lambda, &p);
	int sq = gsl_sf_gamma_inc_Q_e(a, lambda, &q);
	if (sp || sq || !isfinite(p.val) || !isfinite(q.val)) {
		r->gsl_ok = 0;
		snprintf(note, notelen, "GSL failed (%s)", gsl_strerror(sp ? sp : sq ? sq : GSL_EDOM));
		return 1;
	}
	r->gsl_ok = 1;
	r->gsl_cl = p.val;
	r->gsl_one_minus_cl = q.val;
	/* GSL sees lambda rounded to a double: compare at that same lambda. */
	if (bercl_poisson_tails(r->in.errors, lambda, 0.0, same) != BERCL_OK)
		return 0;
	r->gsl_rel_diff = fmax(tail_diff(same->ln_cl, p.val),
	                       tail_diff(same->ln_one_minus_cl, q.val));
	if (r->gsl_rel_diff <= VERIFY_TOLERANCE)
		return 0;
	snprintf(note, notelen, "GSL differs from bercl by %.2g", r->gsl_rel_diff);
	return 1;
}

static int verify_bits(struct row *r, char *note, size_t notelen)
{
	double a = r->in.errors + 1.0;
	double lambda = r->in.cl <= 0.5 ? gsl_cdf_gamma_Pinv(r->in.cl, a, 1.0)
	                                : gsl_cdf_gamma_Qinv(r->in.cl_complement, a, 1.0);
	if (!isfinite(lambda)) {
		r->gsl_ok = 0;
		snprintf(note, notelen, "GSL's gamma quantile failed (NaN)");
		return 1;
	}
	r->gsl_ok = 1;
	r->gsl_bits = ceil(lambda / r->in.ber);
	r->gsl_rel_diff = bercl_rel_diff(r->bits, r->gsl_bits);
	if (r->gsl_rel_diff <= VERIFY_TOLERANCE)
		return 0;
	snprintf(note, notelen, "GSL's minimum bits %.17g differ from bercl's by %.2g",
	         r->gsl_bits, r->gsl_rel_diff);
	return 1;
}

/* Which side does the direct sum take? Appends its verdict to note. */
static void referee_cl(struct row *r, const bercl_tails *same, char *note, size_t notelen)
{
	bercl_log cl, omc;
	size_t n = strlen(note);
	if (referee_tails(r->in.errors, r->bits * r->in.ber, &cl, &omc) != 0) {
		snprintf(note + n, notelen - n, "; too large for the direct-sum referee");
		return;
	}
	double ours = fmax(log_diff(same->ln_cl, cl), log_diff(same->ln_one_minus_cl, omc));
	double gsl = r->gsl_ok ? fmax(tail_diff(cl, r->gsl_cl), tail_diff(omc, r->gsl_one_minus_cl))
	                       : INFINITY;
	snprintf(note + n, notelen - n,
	         "; a double-double direct sum supports %s (differences from it: bercl %.2g, GSL %.2g)",
	         ours <= gsl ? "bercl" : "GSL", ours, gsl);
}

/* Does the direct sum reach the target at n bits? */
static int referee_reaches(const struct row *r, double n, int *reach)
{
	bercl_log cl, omc;
	if (n < 1) {
		*reach = 0;
		return 0;
	}
	if (referee_tails(r->in.errors, n * r->in.ber, &cl, &omc) != 0)
		return -1;
	*reach = r->in.cl <= 0.5 ? cl.hi + cl.lo >= log(r->in.cl)
	                         : omc.hi + omc.lo <= log(r->in.cl_complement);
	return 0;
}

static void referee_bits(struct row *r, char *note, size_t notelen)
{
	size_t n = strlen(note);
	int reach_n, reach_m;
	if (referee_reaches(r, r->bits, &reach_n) || referee_reaches(r, r->bits - 1, &reach_m)) {
		snprintf(note + n, notelen - n, "; too large for the direct-sum referee");
		return;
	}
	snprintf(note + n, notelen - n, "; a double-double direct sum %s bercl's answer",
	         reach_n && !reach_m ? "confirms" : "does not confirm");
}

int verify_row(enum command cmd, struct row *r, char *note, size_t notelen)
{
	gsl_set_error_handler_off();
	note[0] = '\0';
	if (r->error[0])
		return 0;
	if (cmd == CMD_CL) {
		bercl_tails same = r->tails;
		if (!verify_cl(r, &same, note, notelen))
			return 0;
		referee_cl(r, &same, note, notelen);
	} else {
		if (!verify_bits(r, note, notelen))
			return 0;
		referee_bits(r, note, notelen);
	}
	return 1;
}
