/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * plan.c - test plans that control both risks: fixed-length tests and
 * truncated sequential tests (Wald's SPRT) for a Poisson error process.
 *
 * SYNOPSIS
 *   A test accepts a link whose BER is at most ber / ratio ("good") and
 *   rejects one whose BER is ber ("bad"). alpha = P[reject | good] is the
 *   producer's risk, beta = P[accept | bad] = 1 - CL the consumer's risk.
 *
 * DESCRIPTION
 *   Fixed length: a test of N bits that accepts with at most c errors has
 *       alpha = P[X > c | lambda = N ber / ratio],
 *       beta  = P[X <= c | lambda = N ber],
 *   both from bercl_poisson_tails() (each tail directly, never 1 - other),
 *   with lambda a double-double product. The shortest plan: for each c the
 *   lengths meeting beta form [N_beta(c), inf) (beta falls with N), with
 *   N_beta(c) = bercl_min_bits(BERCL_POISSON, c, ber, 1 - beta); the
 *   lengths meeting alpha form [0, N_alpha(c)] (alpha rises with N). c is feasible when
 *   alpha(N_beta(c), c) <= alpha, and since N_beta(c) rises with c the first
 *   feasible c gives the smallest N. c values that cannot be feasible are
 *   skipped by a screen on the continuous root lambda_c = P^-1(1-beta; c+1)
 *   (N_beta(c) >= lambda_c / ber, so alpha(lambda_c / ratio) > alpha rules c
 *   out); the screen falls with c, so the first c passing it is found by
 *   doubling and bisection, and whole-bit candidates are checked from there.
 *
 *   Sequential (Wald 1947, ch. 5; MIL-HDBK-781A, sequential test plans):
 *   after t bits with k errors the log likelihood ratio of bad against good
 *   is k ln D - t s, s = ber (1 - 1/D). The test passes when it falls to
 *   B = ln(beta' / (1 - alpha')) and fails when it rises to A = ln((1 -
 *   beta') / alpha'):
 *       pass_bits(k) = ceil((k ln D - B) / s)   pass once this many bits
 *                                               show at most k errors,
 *       fail_bits(k) = floor(((k+1) ln D - A) / s)   fail when error k + 1
 *                                               arrives by this bit (0: never).
 *   Truncation (our design): the plan is cut at a fixed plan (c, N): it
 *   never runs longer than N bits, error c + 1 fails at once, and at N bits
 *   with at most c errors it passes. Truncation changes the risks, so Wald's
 *   alpha', beta' start at the targets and are lowered (each, while its
 *   exact risk exceeds its target, by 0.98 target / risk, within [0.2,
 *   0.95]: the risk is about proportional to it) until the exact risks of
 *   the truncated plan meet both targets; as they fall the lines leave the
 *   rectangle and the plan tends to the fixed plan, whose risks meet the
 *   targets (the fallback after 40 rounds). The rectangle is the fixed plan
 *   for q alpha, q beta with q in {1, 0.9, 0.8, 0.7, 0.6, 0.5}, keeping only
 *   those at most 1.5 times as long as the fixed plan for alpha, beta (q = 1
 *   always qualifies): of these, the one whose calibrated plan has the
 *   smallest sum of expected lengths at the good and the bad BER. A tight
 *   rectangle (q = 1) spends the risks on truncation and leaves Wald's lines
 *   little room; a loose one lets the lines work at the cost of a longer
 *   worst case (at alpha = beta = 5 %, D = 2 the plan chosen, q = 0.6, has
 *   expected lengths 0.58 and 0.47 of the fixed plan's and a maximum of
 *   1.31 times it).
 *
 *   Exact operating characteristic (no Wald approximations): the error
 *   count of a Poisson process at rate lambda per bit. Between consecutive
 *   boundary points (the pass_bits and fail_bits values) the set of counts
 *   that continue is a fixed window [lo, hi]; counts only rise, so over an
 *   interval of length d a path at count i moves to i + j with probability
 *   pois(j; lambda d) while i + j <= hi, and fails with P[Pois(lambda d) >
 *   hi - i]; at each pass_bits(k) the mass at count k passes. The time spent
 *   alive in the interval has the exact mean
 *       integral_0^d P[Pois(lambda u) <= m] du
 *           = sum_{j=0..m} P[Pois(lambda d) > j] / lambda,
 *   which sums to the expected test length. Every probability is a sum of
 *   positive terms; cost O(intervals * window^2) Poisson terms.
 *
 * REFERENCES
 *   A. Wald, Sequential Analysis, Wiley 1947 (SPRT boundaries, ch. 3 and 5).
 *   MIL-HDBK-781A, Handbook for reliability test methods, plans and
 *     environments, 1996: fixed-duration plans IX-D..XXI-D and truncated
 *     sequential plans I-D..VIII-D (time in multiples of the bad MTBF
 *     theta1 = 1/ber, reject number = c + 1).
 *   B. Epstein, M. Sobel, "Sequential life tests in the exponential case",
 *     Ann. Math. Statist. 26 (1955) 82-93 (the SPRT for a Poisson process).
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"

static int valid_risk(double r)
{
	return r > 0 && r < 1;
}

static int valid_ratio(double d)
{
	return d > 1 && d <= 1e6;
}

static int valid_whole(double x, double max)
{
	return x >= 0 && x <= max && x == floor(x);
}

/* lambda = bits * ber / ratio as a double-double. */
static dd mean_errors(double bits, double ber, double ratio)
{
	dd l = dd_two_prod(bits, ber);
	return ratio == 1 ? l : dd_div(l, dd_from(ratio));
}

static int tails_at(double errors, dd lambda, bercl_tails *t)
{
	if (!(lambda.hi >= BERCL_MIN_LAMBDA && lambda.hi <= BERCL_MAX_LAMBDA))
		return BERCL_EDOM;
	return bercl_poisson_tails(errors, lambda.hi, lambda.lo, t);
}

enum bercl_status bercl_plan_risks(double errors, double bits, double ber, double ratio,
                                   double *alpha, double *beta)
{
	if (!valid_whole(errors, BERCL_MAX_ERRORS) || !(bits > 0 && bits <= 1e300) ||
	    bits != floor(bits) || !valid_risk(ber) || !valid_ratio(ratio))
		return BERCL_EDOM;
	bercl_tails good, bad;
	if (tails_at(errors, mean_errors(bits, ber, ratio), &good) ||
	    tails_at(errors, mean_errors(bits, ber, 1), &bad))
		return BERCL_EDOM;
	*alpha = good.cl;
	*beta = bad.one_minus_cl;
	return BERCL_OK;
}

/*
 * The continuous screen: alpha at lambda_c / ratio, where lambda_c is the
 * Poisson mean at which beta is met with c errors. 2 when it cannot be
 * computed (treated as infeasible).
 */
static double screen(double c, double beta, double ratio)
{
	double lambda;
	bercl_tails t;
	if (bercl_poisson_lambda_for_cl(c, 1 - beta, beta, &lambda) != BERCL_OK)
		return 2;
	if (bercl_poisson_tails(c, lambda / ratio, 0, &t) != BERCL_OK)
		return 2;
	return t.cl;
}

/* Largest c the search visits: 2^40 errors is far beyond any BERT. */
#define MAX_PLAN_ERRORS 1099511627776.0
/* Calibration rounds before the fallback (each lowers a line risk by 5 % at least). */
#define MAX_ROUNDS 40

enum bercl_status bercl_plan_fixed(double ber, double alpha, double beta, double ratio,
                                   bercl_plan *out)
{
	if (!valid_risk(ber) || !valid_risk(alpha) || !valid_risk(beta) || !valid_ratio(ratio))
		return BERCL_EDOM;
	/* First c passing the screen: doubling, then bisection. */
	double lo = -1, hi = 0;
	while (screen(hi, beta, ratio) > alpha) {
		lo = hi;
		hi = hi == 0 ? 1 : 2 * hi;
		if (hi > MAX_PLAN_ERRORS)
			return BERCL_ELIMIT;
	}
	while (hi - lo > 1) {
		double mid = floor((lo + hi) / 2);
		if (screen(mid, beta, ratio) > alpha)
			lo = mid;
		else
			hi = mid;
	}
	for (double c = hi; c <= MAX_PLAN_ERRORS; c++) {
		double bits, a, b;
		bercl_tails t;
		int st = bercl_min_bits(BERCL_POISSON, c, ber, 1 - beta, beta, &bits, &t);
		if (st != BERCL_OK)
			return st;
		st = bercl_plan_risks(c, bits, ber, ratio, &a, &b);
		if (st != BERCL_OK)
			return st;
		if (a <= alpha && b <= beta) {
			out->errors = c;
			out->bits = bits;
			out->alpha = a;
			out->beta = b;
			return BERCL_OK;
		}
	}
	return BERCL_ELIMIT;
}

enum bercl_status bercl_plan_sequential_table(double ber, double ratio, double wald_alpha,
                                              double wald_beta, const bercl_plan *trunc,
                                              double *pass_bits, double *fail_bits)
{
	if (!valid_risk(ber) || !valid_ratio(ratio) || !valid_risk(wald_alpha) ||
	    !valid_risk(wald_beta) || !valid_whole(trunc->errors, 1e9) ||
	    !(trunc->bits >= 1 && trunc->bits <= 1e300) || trunc->bits != floor(trunc->bits))
		return BERCL_EDOM;
	double lnd = bercli_log(ratio);
	double s = ber * (1 - 1 / ratio);
	double a = bercli_log((1 - wald_beta) / wald_alpha); /* > 0: fail line */
	double b = bercli_log(wald_beta / (1 - wald_alpha)); /* < 0 when the risks sum below 1 */
	double n = trunc->bits;
	double prev_pass = 0, prev_fail = 0;
	for (double k = 0; k <= trunc->errors; k++) {
		size_t i = (size_t)k;
		double p = ceil((k * lnd - b) / s);
		double f = floor(((k + 1) * lnd - a) / s);
		p = fmin(fmax(p, 1), n);
		f = fmin(fmax(f, 0), p);
		if (k == trunc->errors)
			f = p = n;
		/* Keep both columns non-decreasing (rounding at huge lengths). */
		p = fmax(p, prev_pass);
		f = fmax(f, prev_fail);
		pass_bits[i] = prev_pass = p;
		fail_bits[i] = prev_fail = f;
	}
	return BERCL_OK;
}

/* The exact pmf e^-mu mu^j / j!, 0 below the double range. */
static double pois_pmf(double j, double mu)
{
	dd l = bercli_ln_poisson_pmf(j, dd_from(mu));
	if (l.hi < -745.0)
		return 0;
	return bercli_exp(l.hi) * (1 + l.lo);
}

/* P[Pois(mu) > j] for mu in the library's domain; exact limits outside. */
static double pois_above(double j, double mu)
{
	bercl_tails t;
	if (mu < BERCL_MIN_LAMBDA)
		return 0;
	if (mu > BERCL_MAX_LAMBDA)
		return 1;
	bercl_poisson_tails(j, mu, 0, &t);
	return t.cl;
}

/*
 * Propagate the alive mass over an interval of length d bits with counts
 * lo..hi continuing: the failed mass, the alive time (bits), the new mass.
 */
static void propagate(double *mass, double *pmf, size_t lo, size_t hi, double lambda, double d,
                      double *failed, double *alive_bits)
{
	double mu = lambda * d;
	size_t w = hi - lo;
	/*
	 * pmf[0..w] by the recurrence pmf(j + 1) = pmf(j) mu / (j + 1) both ways
	 * from the mode (or w), started from the exact log pmf there: w ulps at
	 * most. The tails P[N > j] = P[N > w] + sum_{i=j+1..w} pmf(i) are sums of
	 * positive terms, from one library tail: no cancellation.
	 */
	size_t k0 = mu < (double)w ? (size_t)mu : w;
	pmf[k0] = pois_pmf((double)k0, mu);
	for (size_t j = k0 + 1; j <= w; j++)
		pmf[j] = pmf[j - 1] * mu / (double)j;
	for (size_t j = k0; j-- > 0;)
		pmf[j] = pmf[j + 1] * (double)(j + 1) / mu;
	/*
	 * j runs down so that prefix = sum of mass[lo .. hi - j] is a growing
	 * sum: counts up to hi - j are still alive after at most j arrivals, so
	 * by the integral identity above their alive time is prefix * g / lambda.
	 */
	double prefix = 0, fail = 0, time = 0, g = 0;
	for (size_t j = w + 1; j-- > 0;) {
		prefix += mass[hi - j];
		g = j == w ? pois_above((double)w, mu) : g + pmf[j + 1]; /* P[N > j] */
		fail += mass[hi - j] * g; /* from count hi - j, more than j arrivals fail */
		time += prefix * g;       /* counts <= hi - j alive while arrivals <= j */
	}
	*failed += fail;
	*alive_bits += time / lambda;
	/* In place, from the top: new[k] = sum_{i=lo..k} mass[i] pmf[k - i]. */
	for (size_t k = hi + 1; k-- > lo;) {
		double sum = 0;
		for (size_t i = lo; i <= k; i++)
			sum += mass[i] * pmf[k - i];
		mass[k] = sum;
	}
}

/* A table as bercl_plan_sequential_outcome() takes it: rows 0..c whole and
   non-decreasing, fail_bits[k] <= pass_bits[k], the last row closing. */
static int valid_table(const double *pass_bits, const double *fail_bits, size_t c)
{
	for (size_t k = 0; k <= c; k++) {
		if (!(pass_bits[k] >= 1 && pass_bits[k] <= 1e300) || pass_bits[k] != floor(pass_bits[k]) ||
		    !(fail_bits[k] >= 0 && fail_bits[k] <= pass_bits[k]) ||
		    fail_bits[k] != floor(fail_bits[k]) ||
		    (k > 0 && (pass_bits[k] < pass_bits[k - 1] || fail_bits[k] < fail_bits[k - 1])))
			return 0;
	}
	return fail_bits[c] == pass_bits[c]; /* the last row closes the plan: error c + 1 fails */
}

enum bercl_status bercl_plan_sequential_outcome(const double *pass_bits, const double *fail_bits,
                                                double max_errors, double ber_true, double *work,
                                                bercl_plan_outcome *out)
{
	if (!valid_risk(ber_true) || !valid_whole(max_errors, 1e9))
		return BERCL_EDOM;
	size_t c = (size_t)max_errors;
	if (!valid_table(pass_bits, fail_bits, c))
		return BERCL_EDOM;
	double *mass = work, *pmf = work + c + 1;
	for (size_t k = 0; k <= c; k++)
		mass[k] = 0;
	mass[0] = 1;
	double passed = 0, failed = 0, bits = 0, t = 0;
	size_t lo = 0, hi = 0; /* counts alive: lo..hi */
	/* Counts whose arrival fails up to time 0 (fail_bits 0) continue from 0. */
	while (hi < c && fail_bits[hi] <= t)
		hi++;
	for (;;) {
		double next = pass_bits[lo];
		if (hi < c && fail_bits[hi] < next)
			next = fail_bits[hi];
		if (next > t) {
			propagate(mass, pmf, lo, hi, ber_true, next - t, &failed, &bits);
			t = next;
		}
		while (hi < c && fail_bits[hi] <= t)
			hi++;
		while (lo <= c && pass_bits[lo] <= t) {
			passed += mass[lo];
			mass[lo] = 0;
			lo++;
		}
		if (lo > c || lo > hi)
			break;
	}
	/* Sums of positive terms; rounding (a few ulps per interval) may carry a
	   total a hair past 1: a probability stays in [0, 1]. */
	out->p_pass = fmin(passed, 1.0);
	out->p_fail = fmin(failed, 1.0);
	out->expected_bits = bits;
	return BERCL_OK;
}

/*
 * The plan checked only at readings (bercl_plan_sequential_at_readings).
 *
 * Method: readings at t_i = i B, i = 1, 2, ... (B = interval bits); at a
 * reading of t bits with k errors the table decides as bercl watch does:
 * fail when k > c or k >= 1 and t <= fail_bits[k - 1], else pass when t >=
 * pass_bits[k], else go on. Between readings the count of a Poisson process
 * gains Poisson(B ber) errors, independently of the past, so the error count
 * at the readings is a Markov chain and a dynamic program over the count
 * (mass[k] = P[alive at this reading with k errors]) gives the exact risks.
 * At reading time t the counts that go on form a window [lo(t), hi(t)]:
 *     lo(t) = #{k : pass_bits[k] <= t}   (counts below it pass),
 *     hi(t) = min(c, #{j : fail_bits[j] < t})   (counts above it fail),
 * both non-decreasing in t. A run of readings t_a < ... < t_b with the same
 * window needs no step per reading: counts only rise, so no count falls
 * below lo after t_a, and a path is at most hi at every one of these
 * readings exactly when it is at most hi at t_b; the readings after t_a are
 * therefore one step of Poisson((t_b - t_a) ber) with the mass above hi
 * failing (the chain's transition is a truncated convolution, and m
 * truncated convolutions with Poisson(mu) are one with Poisson(m mu)). So
 * the program takes two steps per change of the window, at most 2 (c + 1)
 * changes, each step O(window^2) Poisson terms from propagate(): the cost
 * of bercl_plan_sequential_outcome(), whatever the number of readings.
 * Every probability is a sum of positive terms (no cancellation).
 *
 * Validity: errors a Poisson process (independent errors at a constant
 * rate), readings exactly every B bits from the start; B >= 1 bit with at
 * most 2^52 readings up to the plan's last row (so that every i B is a
 * distinct double). Readings past pass_bits[c] decide every count, so the
 * program ends there: with B >= pass_bits[c] it is the fixed test of B bits
 * allowing c errors.
 */
enum bercl_status bercl_plan_sequential_at_readings(const double *pass_bits,
                                                    const double *fail_bits, double max_errors,
                                                    double ber_true, double interval,
                                                    double *work, double *p_pass, double *p_fail)
{
	if (!valid_risk(ber_true) || !valid_whole(max_errors, 1e9) ||
	    !(interval >= 1 && interval <= 1e300))
		return BERCL_EDOM;
	size_t c = (size_t)max_errors;
	if (!valid_table(pass_bits, fail_bits, c) || pass_bits[c] / interval > 4503599627370496.0)
		return BERCL_EDOM;
	double *mass = work, *pmf = work + c + 1;
	for (size_t k = 0; k <= c; k++)
		mass[k] = 0;
	mass[0] = 1;
	double passed = 0, failed = 0, unused = 0;
	double i = 0;          /* the last reading's index: t = i interval */
	size_t lo = 0, hi = 0; /* counts alive after it */
	for (;;) {
		/* the next reading: its window, one step of Poisson(interval ber) */
		double ia = i + 1, ta = ia * interval;
		while (hi < c && fail_bits[hi] < ta)
			hi++;
		propagate(mass, pmf, lo, hi, ber_true, interval, &failed, &unused);
		while (lo <= hi && pass_bits[lo] <= ta) {
			passed += mass[lo];
			mass[lo] = 0;
			lo++;
		}
		/* counts above hi failed first: at a reading where both rules hold
		   (the boundary rows meet) fail comes first, as in watch */
		if (lo > hi)
			break;
		/* the last reading before the window changes: i b < pass_bits[lo]
		   and, below c, i b <= fail_bits[hi] */
		double ib = ceil(pass_bits[lo] / interval) - 1;
		while (ib * interval >= pass_bits[lo])
			ib--;
		while ((ib + 1) * interval < pass_bits[lo])
			ib++;
		if (hi < c) {
			double jb = floor(fail_bits[hi] / interval);
			while (jb * interval > fail_bits[hi])
				jb--;
			while ((jb + 1) * interval <= fail_bits[hi])
				jb++;
			ib = fmin(ib, jb);
		}
		if (ib > ia)
			propagate(mass, pmf, lo, hi, ber_true, (ib - ia) * interval, &failed, &unused);
		i = fmax(ia, ib);
	}
	*p_pass = fmin(passed, 1.0);
	*p_fail = fmin(failed, 1.0);
	return BERCL_OK;
}

/*
 * Wald's lines for the targets, truncated at `trunc`, lowered until the
 * exact risks of the truncated plan meet both targets (see the top).
 */
static enum bercl_status calibrate(double ber, double alpha, double beta, double ratio,
                                   const bercl_plan *trunc, double *pass_bits, double *fail_bits,
                                   double *work, bercl_sequential_plan *out)
{
	double wa = alpha, wb = beta;
	bercl_plan_outcome good, bad;
	int st;
	for (int round = 0;; round++) {
		if (round == MAX_ROUNDS) {
			/* Fallback: the truncation plan itself, a fixed plan. */
			size_t c = (size_t)trunc->errors;
			for (size_t k = 0; k <= c; k++) {
				pass_bits[k] = trunc->bits;
				fail_bits[k] = k == c ? trunc->bits : 0;
			}
			wa = wb = 0;
		} else {
			st = bercl_plan_sequential_table(ber, ratio, wa, wb, trunc, pass_bits, fail_bits);
			if (st != BERCL_OK)
				return st;
		}
		st = bercl_plan_sequential_outcome(pass_bits, fail_bits, trunc->errors, ber / ratio,
		                                   work, &good);
		if (st == BERCL_OK)
			st = bercl_plan_sequential_outcome(pass_bits, fail_bits, trunc->errors, ber, work,
			                                   &bad);
		if (st != BERCL_OK)
			return st;
		int alpha_ok = good.p_fail <= alpha, beta_ok = bad.p_pass <= beta;
		if ((alpha_ok && beta_ok) || round == MAX_ROUNDS)
			break;
		/* the exact risk moves about in proportion to Wald's: step by the
		   ratio, at least 5 % and at most a factor 5 */
		if (!alpha_ok)
			wa *= fmin(0.95, fmax(0.2, 0.98 * alpha / good.p_fail));
		if (!beta_ok)
			wb *= fmin(0.95, fmax(0.2, 0.98 * beta / bad.p_pass));
	}
	out->max_errors = trunc->errors;
	out->max_bits = trunc->bits;
	out->wald_alpha = wa;
	out->wald_beta = wb;
	out->alpha = good.p_fail;
	out->beta = bad.p_pass;
	out->expected_bits_good = good.expected_bits;
	out->expected_bits_bad = bad.expected_bits;
	return BERCL_OK;
}

/* The truncation candidates: the fixed plan for q alpha, q beta. */
static const double trunc_q[] = {1.0, 0.9, 0.8, 0.7, 0.6, 0.5};
#define N_TRUNC (sizeof trunc_q / sizeof trunc_q[0])
/*
 * The largest sequential design, counted as rows x window^2 (D = 1.1 at
 * alpha = beta = 5 % is 6.6e6, D = 1.05 is 9e7): a bound on the work of
 * one plan that is the same on every machine.
 */
#define MAX_SEQUENTIAL_WORK 2e7
/* A candidate may run at most this many times the fixed plan's length. */
#define MAX_STRETCH 1.5

enum bercl_status bercl_plan_sequential_rows(double ber, double alpha, double beta, double ratio,
                                             double *rows)
{
	double most = 0;
	for (size_t i = 0; i < N_TRUNC; i++) {
		bercl_plan f;
		int st = bercl_plan_fixed(ber, trunc_q[i] * alpha, trunc_q[i] * beta, ratio, &f);
		if (st != BERCL_OK)
			return st;
		most = fmax(most, f.errors + 1);
	}
	*rows = most;
	return BERCL_OK;
}

enum bercl_status bercl_plan_sequential(double ber, double alpha, double beta, double ratio,
                                        double rows, double *pass_bits, double *fail_bits,
                                        double *work, bercl_sequential_plan *out)
{
	bercl_plan fixed, best_trunc;
	bercl_sequential_plan best, s;
	if (!valid_risk(alpha) || !valid_risk(beta) || !valid_ratio(ratio) || !(rows >= 1))
		return BERCL_EDOM;
	/* Work: rows x window^2 Poisson terms per evaluation, the window being
	   the error counts between Wald's lines. */
	double window = (bercli_log((1 - beta) / alpha) + bercli_log((1 - alpha) / beta)) / bercli_log(ratio) + 2;
	if (rows * window * window > MAX_SEQUENTIAL_WORK)
		return BERCL_ELIMIT;
	int st = bercl_plan_fixed(ber, alpha, beta, ratio, &fixed);
	if (st != BERCL_OK)
		return st;
	int have = 0;
	for (size_t i = 0; i < N_TRUNC; i++) {
		bercl_plan t;
		st = bercl_plan_fixed(ber, trunc_q[i] * alpha, trunc_q[i] * beta, ratio, &t);
		if (st != BERCL_OK)
			return st;
		if (t.errors + 1 > rows)
			return BERCL_EDOM;
		if (i > 0 && t.bits > MAX_STRETCH * fixed.bits)
			continue;
		st = calibrate(ber, alpha, beta, ratio, &t, pass_bits, fail_bits, work, &s);
		if (st != BERCL_OK)
			return st;
		if (!have || s.expected_bits_good + s.expected_bits_bad <
		                 best.expected_bits_good + best.expected_bits_bad) {
			best = s;
			best_trunc = t;
			have = 1;
		}
	}
	/* Refill the table of the plan chosen. */
	st = calibrate(ber, alpha, beta, ratio, &best_trunc, pass_bits, fail_bits, work, out);
	return st;
}
