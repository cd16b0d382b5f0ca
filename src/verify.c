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

/* A positive number m * 2^e with m a double-double in [0.5, 1). */
struct big {
	dd m;
	long e;
};

static struct big big_norm(dd m, long e)
{
	int k;
	frexp(m.hi, &k);
	struct big b = {dd_make(ldexp(m.hi, -k), ldexp(m.lo, -k)), e + k};
	return b;
}

/* a + b; a term more than 2^-1100 below the other does not count. */
static struct big big_add(struct big a, struct big b)
{
	if (a.m.hi == 0)
		return b;
	long d = b.e - a.e;
	if (d < -1100)
		return a;
	if (d > 1100)
		return b;
	dd bm = dd_make(ldexp(b.m.hi, (int)d), ldexp(b.m.lo, (int)d));
	return big_norm(dd_add(a.m, bm), a.e);
}

/* ln(b) - x as a bercl_log. */
static bercl_log big_log_minus(struct big b, dd x)
{
	const dd ln2 = {0.69314718055994529, 2.3190468138462996e-17};
	dd l = dd_sub(dd_add(dd_log(b.m), dd_mul_d(ln2, (double)b.e)), x);
	bercl_log out = {l.hi, l.lo};
	return out;
}

/*
 * Q = e^-x sum_{k=0..E} x^k / k!, the terms made one from the other by
 * T_k = T_{k-1} x / k in double-double with a separate binary exponent (so
 * nothing overflows or underflows), summed until they no longer count. P is
 * 1 - Q when Q <= 1/2; otherwise it is summed the same way from k = E + 1.
 */
int referee_tails(double errors, double lambda, bercl_log *ln_cl, bercl_log *ln_one_minus_cl)
{
	if (!(errors >= 0) || !(lambda > 0) || fmin(errors, lambda) > REFEREE_MAX_TERMS)
		return -1;
	dd x = dd_from(lambda);
	struct big term = big_norm(dd_from(1.0), 0), sum = term;
	for (double k = 1; k <= errors; k += 1) {
		term = big_norm(dd_div(dd_mul(term.m, x), dd_from(k)), term.e);
		sum = big_add(sum, term);
		if (k > lambda && term.e - sum.e < -140)
			break; /* the rest is below 2^-140 of the sum */
	}
	bercl_log lq = big_log_minus(sum, x), lp = {0, 0};
	if (bercl_log_value(lq) <= 0.5) {
		lp.hi = log(-expm1(lq.hi + lq.lo));
	} else {
		/* Restart from T_E, the last term of Q (recomputed if the loop broke). */
		term = big_norm(dd_from(1.0), 0);
		for (double k = 1; k <= errors; k += 1)
			term = big_norm(dd_div(dd_mul(term.m, x), dd_from(k)), term.e);
		struct big psum = {dd_from(0.0), 0};
		for (double k = errors + 1;; k += 1) {
			term = big_norm(dd_div(dd_mul(term.m, x), dd_from(k)), term.e);
			psum = big_add(psum, term);
			if (k > lambda && term.e - psum.e < -140)
				break;
		}
		lp = big_log_minus(psum, x);
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
