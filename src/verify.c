/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * verify.c - cross-checks against GSL, and a referee when they differ.
 *
 * GSL is an independent implementation (gsl_sf_gamma_inc_P_e / _Q_e and
 * gsl_sf_beta_inc_e for the tails, gsl_cdf_gamma_* and gsl_cdf_beta_*
 * quantiles for the minimum bits and the BER bounds), but not always an
 * accurate one: near the centre at shape 1e5 its tails are off by ~1e-7
 * relative, at shape 1e6 it stops with an iteration error, below the double
 * range it returns 0, and its quantiles return NaN far in the tails. When
 * GSL and bercl differ, the referee decides: the Poisson or binomial sum
 * itself, term by term in double-double arithmetic (dd.h), which shares no
 * formula with poisson.c or binomial.c. For a bound, the referee's tail at
 * each candidate bound is compared with the target.
 */
#include <float.h>
#include <math.h>
#include <pthread.h>
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

/* exp(l) as a big, for a double-double l. */
static struct big big_from_log(dd l)
{
	const dd ln2 = {0.69314718055994529, 2.3190468138462996e-17};
	double e = floor(l.hi / ln2.hi);
	dd frac = dd_sub(l, dd_mul_d(ln2, e));
	return big_norm(dd_exp(frac), (long)e);
}

/* T_k from T_{k-1}: times x / k (Poisson), (N-k+1) p / (k q) (binomial). */
static struct big next_term(int binomial, struct big t, double k, dd x, dd n, dd p, dd q)
{
	dd ratio = binomial ? dd_div(dd_mul(dd_add_d(n, 1.0 - k), p), dd_mul_d(q, k))
	                    : dd_div(x, dd_from(k));
	return big_norm(dd_mul(t.m, ratio), t.e);
}

/*
 * The referee. Poisson: Q = e^-x sum_{k<=E} x^k / k!, the terms made one
 * from the other by T_k = T_{k-1} x / k. Binomial: P[X <= E] = sum_{k<=E}
 * T_k, T_0 = q^N, T_k = T_{k-1} (N-k+1) p / (k q). Each term is a
 * double-double with its own binary exponent (so nothing overflows or
 * underflows), summed until the rest no longer counts. The upper tail is
 * 1 minus the lower when that is at most 1/2; otherwise it is summed the
 * same way from k = E + 1.
 */
int referee_tails_model(enum bercl_model model, double errors, double bits, double ber,
                        bercl_lnprob *ln_cl, bercl_lnprob *ln_one_minus_cl)
{
	double mean = bits * ber;
	if (!(errors >= 0) || !(mean > 0) || fmin(errors, mean) > REFEREE_MAX_TERMS)
		return -1;
	int binomial = model == BERCL_BINOMIAL;
	if (binomial && !(bits > errors))
		return -1;
	dd x = dd_from(mean), n = dd_from(bits), p = dd_from(ber), q = dd_two_sum(1.0, -ber);
	struct big term = binomial ? big_from_log(dd_mul(n, dd_log(q))) : big_norm(dd_from(1.0), 0);
	struct big sum = term, last = term;
	dd ln_scale = binomial ? dd_from(0.0) : dd_neg(x); /* e^-x for Poisson */
	double k_last = 0;
	for (double k = 1; k <= errors; k += 1) {
		term = next_term(binomial, term, k, x, n, p, q);
		sum = big_add(sum, term);
		k_last = k;
		if (k > mean && term.e - sum.e < -140)
			break; /* the rest is below 2^-140 of the sum */
	}
	last = term;
	const dd ln2 = {0.69314718055994529, 2.3190468138462996e-17};
	dd lqd = dd_add(dd_add(dd_log(sum.m), dd_mul_d(ln2, (double)sum.e)), ln_scale);
	bercl_lnprob lq = {lqd.hi, lqd.lo}, lp = {0, 0};
	if (bercl_lnprob_value(lq) <= 0.5) {
		lp.hi = log(-expm1(lq.hi + lq.lo));
	} else {
		/* Carry the last term on to k = E if the sum stopped early: one
		 * step per count, so a count far past the mean (1e15 errors at a
		 * mean of 6048) is beyond this referee, not a long wait. */
		if (errors - k_last > REFEREE_MAX_TERMS)
			return -1;
		term = last;
		for (double k = k_last + 1; k <= errors; k += 1) {
			term = next_term(binomial, term, k, x, n, p, q);
		}
		struct big psum = {dd_from(0.0), 0};
		for (double k = errors + 1;; k += 1) {
			if (binomial && k > bits)
				break;
			term = next_term(binomial, term, k, x, n, p, q);
			psum = big_add(psum, term);
			if (k > mean && term.e - psum.e < -140)
				break;
		}
		dd lpd = dd_add(dd_add(dd_log(psum.m), dd_mul_d(ln2, (double)psum.e)), ln_scale);
		lp.hi = lpd.hi;
		lp.lo = lpd.lo;
	}
	*ln_cl = lp;
	*ln_one_minus_cl = lq;
	return 0;
}

int referee_tails(double errors, double lambda, bercl_lnprob *ln_cl, bercl_lnprob *ln_one_minus_cl)
{
	return referee_tails_model(BERCL_POISSON, errors, lambda, 1.0, ln_cl, ln_one_minus_cl);
}

/*
 * Relative difference between our probability (as its logarithm) and
 * another's double: exact where ours is below the double range too. A 0
 * from the other side, for a positive probability, counts as 1.
 */
static double tail_diff(bercl_lnprob ours, double theirs)
{
	if (!(theirs > 0))
		return 1.0;
	return fabs(expm1(log(theirs) - ours.hi - ours.lo));
}

/* The same between two printed values: directly where ours is a normal double. */
static double printed_diff(double ours, bercl_lnprob ours_ln, double theirs)
{
	if (ours >= DBL_MIN)
		return fabs(theirs - ours) / ours;
	return tail_diff(ours_ln, theirs);
}

static double log_diff(bercl_lnprob a, bercl_lnprob b)
{
	return fabs(expm1((a.hi - b.hi) + (a.lo - b.lo)));
}

static int gsl_failed(struct row *r, char *note, size_t notelen, const char *what)
{
	r->gsl_ok = 0;
	snprintf(note, notelen, "GSL failed (%s)", what);
	return 1;
}

/* cl and simulate rows: GSL's tails at the same (double) lambda or p. */
static int verify_tails(struct row *r, bercl_tails *same, char *note, size_t notelen)
{
	double e = r->in.errors, n = r->bits, ber = r->in.ber;
	gsl_sf_result p, q;
	int sp, sq;
	if (r->in.model == BERCL_BINOMIAL && e == n) {
		/* E = N: P[X > N] = 0 exactly (the beta function has no b = 0) */
		r->gsl_ok = 1;
		r->gsl_cl = 0.0;
		r->gsl_one_minus_cl = 1.0;
		r->gsl_rel_diff = r->tails.cl == 0 && r->tails.one_minus_cl == 1 ? 0 : 1;
		if (r->gsl_rel_diff == 0)
			return 0;
		snprintf(note, notelen, "bercl's CL at errors = bits is not 0");
		return 1;
	} else if (r->in.model == BERCL_BINOMIAL) {
		/* P[X > E] = I_p(E+1, N-E), P[X <= E] = I_q(N-E, E+1) */
		sp = gsl_sf_beta_inc_e(e + 1, n - e, ber, &p);
		sq = gsl_sf_beta_inc_e(n - e, e + 1, 1.0 - ber, &q);
		*same = r->tails;
	} else {
		double lambda = n * ber;
		sp = gsl_sf_gamma_inc_P_e(e + 1, lambda, &p);
		sq = gsl_sf_gamma_inc_Q_e(e + 1, lambda, &q);
		/* GSL sees lambda rounded to a double: compare at that same lambda. */
		if (bercl_poisson_tails(e, lambda, 0.0, same) != BERCL_OK)
			return 0;
	}
	if (sp || sq || !isfinite(p.val) || !isfinite(q.val))
		return gsl_failed(r, note, notelen, gsl_strerror(sp ? sp : sq ? sq : GSL_EDOM));
	r->gsl_ok = 1;
	r->gsl_cl = p.val;
	r->gsl_one_minus_cl = q.val;
	/*
	 * The column compares like with like: the values printed side by side
	 * (bercl's at the exact lambda, GSL's). Whether GSL is wrong is judged
	 * at the lambda it was given, so that the rounding of lambda to a
	 * double, which is not GSL's error, raises no message.
	 */
	r->gsl_rel_diff = fmax(printed_diff(r->tails.cl, r->tails.ln_cl, p.val),
	                       printed_diff(r->tails.one_minus_cl, r->tails.ln_one_minus_cl, q.val));
	double own = fmax(tail_diff(same->ln_cl, p.val), tail_diff(same->ln_one_minus_cl, q.val));
	if (own <= VERIFY_TOLERANCE)
		return 0;
	snprintf(note, notelen, "GSL differs from bercl by %.2g", own);
	return 1;
}

static void referee_cl(struct row *r, const bercl_tails *same, char *note, size_t notelen)
{
	bercl_lnprob cl, omc;
	size_t n = strlen(note);
	if (referee_tails_model(r->in.model, r->in.errors, r->bits, r->in.ber, &cl, &omc) != 0) {
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

/* Gamma (Poisson) or beta (binomial) quantile at lower-tail p, upper-tail q. */
static double gsl_quantile(const struct row *r, double shape_e, double p, double q)
{
	double a = shape_e, n = r->bits;
	if (r->in.model == BERCL_BINOMIAL) /* Beta(a, N - a + 1) */
		return p <= 0.5 ? gsl_cdf_beta_Pinv(p, a, n - a + 1) : gsl_cdf_beta_Qinv(q, a, n - a + 1);
	return (p <= 0.5 ? gsl_cdf_gamma_Pinv(p, a, 1.0) : gsl_cdf_gamma_Qinv(q, a, 1.0)) / n;
}

static int verify_bits(struct row *r, char *note, size_t notelen)
{
	if (r->in.model == BERCL_BINOMIAL)
		return 0; /* GSL has no binomial counterpart; the tables check it */
	double a = r->in.errors + 1.0;
	double lambda = r->in.cl <= 0.5 ? gsl_cdf_gamma_Pinv(r->in.cl, a, 1.0)
	                                : gsl_cdf_gamma_Qinv(r->in.cl_complement, a, 1.0);
	if (!isfinite(lambda))
		return gsl_failed(r, note, notelen, "its gamma quantile returned NaN");
	r->gsl_ok = 1;
	r->gsl_bits = ceil(lambda / r->in.ber);
	r->gsl_rel_diff = bercl_rel_diff(r->bits, r->gsl_bits);
	if (r->gsl_rel_diff <= VERIFY_TOLERANCE)
		return 0;
	snprintf(note, notelen, "GSL's minimum bits %.17g differ from bercl's by %.2g",
	         r->gsl_bits, r->gsl_rel_diff);
	return 1;
}

/* Does the direct sum reach the target at n bits? */
static int referee_reaches(const struct row *r, double n, int *reach)
{
	bercl_lnprob cl, omc;
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

static int verify_ber(struct row *r, char *note, size_t notelen)
{
	double e = r->in.errors, c = r->in.cl, a = r->in.cl_complement;
	if (r->in.two_sided) {
		r->gsl_ber_upper = gsl_quantile(r, e + 1, 1 - a / 2, a / 2);
		r->gsl_ber_lower = e == 0 ? 0.0 : gsl_quantile(r, e, a / 2, 1 - a / 2);
	} else {
		r->gsl_ber_upper = gsl_quantile(r, e + 1, c, a);
	}
	if (!isfinite(r->gsl_ber_upper) || (r->in.two_sided && !isfinite(r->gsl_ber_lower)))
		return gsl_failed(r, note, notelen, "its quantile returned NaN");
	/* A Poisson bound above 1 is past the model, and bercl prints it as 1
	 * with a warning: GSL's quantile is held to the same BER, not printed
	 * as a probability above 1 (ber -e 1 -t 2.5h -r 0.001 gave 4.77). */
	r->gsl_ber_upper = fmin(r->gsl_ber_upper, 1.0);
	if (r->in.two_sided)
		r->gsl_ber_lower = fmin(r->gsl_ber_lower, 1.0);
	r->gsl_ok = 1;
	r->gsl_rel_diff = bercl_rel_diff(r->ber_upper, r->gsl_ber_upper);
	if (r->in.two_sided)
		r->gsl_rel_diff = fmax(r->gsl_rel_diff, bercl_rel_diff(r->ber_lower, r->gsl_ber_lower));
	if (r->gsl_rel_diff <= VERIFY_TOLERANCE)
		return 0;
	snprintf(note, notelen, "GSL's bound differs from bercl's by %.2g", r->gsl_rel_diff);
	return 1;
}

/* How far the direct-sum tail at the bound `ber` is from its target. */
static double bound_miss(const struct row *r, double errors, double ber, double cl, double omc)
{
	bercl_lnprob lcl, lomc;
	if (!(ber > 0 && ber < 1) ||
	    referee_tails_model(r->in.model, errors, r->bits, ber, &lcl, &lomc) != 0)
		return INFINITY;
	return cl <= 0.5 ? fabs(expm1(lcl.hi + lcl.lo - log(cl)))
	                 : fabs(expm1(lomc.hi + lomc.lo - log(omc)));
}

static void referee_ber(struct row *r, char *note, size_t notelen)
{
	size_t n = strlen(note);
	double e = r->in.errors, c = r->in.cl, a = r->in.cl_complement;
	double ours, gsl;
	if (r->in.two_sided) {
		ours = bound_miss(r, e, r->ber_upper, 1 - a / 2, a / 2);
		gsl = r->gsl_ok ? bound_miss(r, e, r->gsl_ber_upper, 1 - a / 2, a / 2) : INFINITY;
		if (e > 0) {
			ours = fmax(ours, bound_miss(r, e - 1, r->ber_lower, a / 2, 1 - a / 2));
			gsl = fmax(gsl, r->gsl_ok ? bound_miss(r, e - 1, r->gsl_ber_lower, a / 2, 1 - a / 2)
			                          : INFINITY);
		}
	} else {
		ours = bound_miss(r, e, r->ber_upper, c, a);
		gsl = r->gsl_ok ? bound_miss(r, e, r->gsl_ber_upper, c, a) : INFINITY;
	}
	if (isinf(ours) && isinf(gsl)) {
		snprintf(note + n, notelen - n, "; too large for the direct-sum referee");
		return;
	}
	snprintf(note + n, notelen - n,
	         "; at each bound a double-double direct sum misses the target by bercl %.2g, GSL "
	         "%.2g: it supports %s",
	         ours, gsl, ours <= gsl ? "bercl" : "GSL");
}

static void quiet_gsl(void)
{
	gsl_set_error_handler_off(); /* statuses are checked; GSL must not abort */
}

int verify_row(enum command cmd, struct row *r, char *note, size_t notelen)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, quiet_gsl);
	note[0] = '\0';
	if (r->error[0])
		return 0;
	switch (cmd) {
	case CMD_CL:
	case CMD_SIMULATE: {
		bercl_tails same;
		if (!verify_tails(r, &same, note, notelen))
			return 0;
		referee_cl(r, &same, note, notelen);
		return 1;
	}
	case CMD_BITS:
		if (!verify_bits(r, note, notelen))
			return 0;
		referee_bits(r, note, notelen);
		return 1;
	case CMD_BER:
		if (!verify_ber(r, note, notelen))
			return 0;
		referee_ber(r, note, notelen);
		return 1;
	default: /* a subcommand without a GSL cross-check */
		break;
	}
	return 0;
}
