/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * simulate.c - bercl simulate: how often does a test of N bits at a true BER
 * of exactly p see at most E errors? That fraction estimates 1 - CL.
 *
 * Errors are drawn with the engine's own generator (random.c): MT19937
 * seeded with --seed as GSL seeds gsl_rng_mt19937 (the same 32-bit
 * stream), with exact samplers, so a seed gives the same output on every
 * run and in every face (the command, Python, the page):
 *   Poisson model:  rng_poisson(N p) (inversion below 10, Hormann's PTRS
 *     from 10), for N p up to 1e9;
 *   binomial model: rng_binomial(p, N) (inversion for N min(p, 1 - p)
 *     below 10, Hormann's BTRS from 10) for N up to 2^32 - 1; above that,
 *     the gaps between errors, which are independent geometric variables
 *     (rng_geometric(p): inversion, ceil(ln U / ln(1 - p))), are added
 *     until they pass N: an exact method whose cost grows with N p, so it
 *     is limited to N p up to 1e4.
 * The standard error printed is the binomial one of the analytic value,
 * sqrt(q (1 - q) / trials), q = 1 - CL: the yardstick for the difference.
 *
 * A plan (--ratio): a fixed test draws Poisson(bits ber) errors as above;
 * a sequential test draws the gaps between errors of the Poisson process,
 * exponential with mean 1 / BER bits (rng_exponential: inversion), and applies the
 * table: error k + 1 at or before fail_bits[k] fails, none before
 * pass_bits[k] passes. Risks get the binomial standard error of the exact
 * value, mean lengths the sample standard deviation / sqrt(trials).
 *
 * With --reading-interval B the same arrivals are looked at only at the
 * readings i B (i = 1, 2, ...), as bercl watch does: while the count is k
 * (from error k's arrival to error k + 1's) the first reading fails when k
 * > c or k >= 1 and it comes at or before fail_bits[k - 1]; else the first
 * reading at or after pass_bits[k] passes, if it comes before error k + 1.
 * This follows each run's own arrivals, not the dynamic program of
 * bercl_plan_sequential_at_readings(), whose alpha_actual and beta_actual it
 * checks (their binomial standard errors are the ones printed).
 */
#include <math.h>

#include "random.h"
#include "simulate.h"

/* Binomial(n, p) for n above 2^32 by geometric gaps; stops past limit. */
static double binomial_by_gaps(struct rng *rng, double n, double p, double limit)
{
	double pos = 0, count = 0;
	for (;;) {
		pos += rng_geometric(rng, p);
		if (pos > n)
			return count;
		count += 1;
		if (count > limit)
			return count;
	}
}

int simulate_stopped(const struct row *r)
{
	const struct row_hooks *h = r->in.hooks;
	return h && h->stop && h->stop(h->ctx);
}

/* Tell the face how far the row is (done == trials: finished). */
static void progress(const struct row *r, double done, double trials)
{
	const struct row_hooks *h = r->in.hooks;
	if (h && h->progress)
		h->progress(h->ctx, done, trials);
}

const char *simulate_row(struct row *r)
{
	double trials = isnan(r->in.trials) ? SIMULATE_DEFAULT_TRIALS : r->in.trials;
	double seed = isnan(r->in.seed) ? SIMULATE_DEFAULT_SEED : r->in.seed;
	double n = r->bits, p = r->in.ber, e = r->in.errors;
	double mean = n * p;
	int binomial = r->in.model == BERCL_BINOMIAL;
	if (trials > 1e10)
		return "trials above 1e10";
	if (!binomial && mean > 1e9)
		return "simulate supports bits * ber up to 1e9";
	if (binomial && n > 4294967295.0 && mean > 1e4)
		return "binomial simulate above 2^32 bits supports bits * ber up to 1e4";
	struct rng rng;
	rng_seed(&rng, (unsigned long)seed);
	double pass = 0;
	/* every 65536 trials (a mark, not fmod: a library call in WebAssembly) */
	double check = 65536;
	for (double t = 0; t < trials; t += 1) {
		if (t == check) {
			check += 65536;
			if (simulate_stopped(r))
				return "interrupted";
			progress(r, t, trials);
		}
		double x;
		if (!binomial)
			x = rng_poisson(&rng, mean);
		else if (n <= 4294967295.0)
			x = rng_binomial(&rng, p, n);
		else
			x = binomial_by_gaps(&rng, n, p, e);
		pass += x <= e;
	}
	progress(r, trials, trials);
	r->in.trials = trials;
	r->in.seed = seed;
	r->one_minus_cl_sim = pass / trials;
	double q = r->tails.one_minus_cl;
	r->sim_stderr = sqrt(q * (1 - q) / trials);
	return NULL;
}

/* One sequential test: 1 pass, 0 fail; *bits its length. */
static int run_sequential(struct rng *rng, const double *pass, const double *fail, size_t c,
                          double ber, double *bits)
{
	double t = 0;
	for (size_t k = 0;; k++) {
		double arrival = t + rng_exponential(rng, 1 / ber); /* error k + 1 */
		if (arrival > pass[k]) {
			*bits = pass[k];
			return 1;
		}
		if (k == c || arrival <= fail[k]) {
			*bits = arrival;
			return 0;
		}
		t = arrival;
	}
}

/* The first reading i B at or after t (B >= 1, i B exact below 2^53). */
static double reading_at_or_after(double t, double b)
{
	double i = ceil(t / b);
	while (i * b < t)
		i++;
	while (i > 1 && (i - 1) * b >= t)
		i--;
	return fmax(i, 1) * b;
}

/* One sequential test looked at every b bits: 1 pass, 0 fail; *bits its length. */
static int run_at_readings(struct rng *rng, const double *pass, const double *fail, size_t c,
                           double ber, double b, double *bits)
{
	double t = 0; /* error k's arrival (0 for k = 0) */
	for (size_t k = 0;; k++) {
		double next = t + rng_exponential(rng, 1 / ber); /* error k + 1 */
		double first = reading_at_or_after(t, b);             /* the count is k there */
		if (first < next) {
			if (k > c || (k >= 1 && first <= fail[k - 1])) {
				*bits = first;
				return 0;
			}
			if (k <= c) {
				double p = reading_at_or_after(fmax(t, pass[k]), b);
				if (p < next) {
					*bits = p;
					return 1;
				}
			}
		}
		t = next;
	}
}

/* One side of the plan, run trials times: at the bad ber (bad) or the good
 * one (ber / ratio), the share of wrong verdicts, the mean test length and
 * its standard error; -1 if interrupted. */
static int simulate_side(struct rng *rng, const struct row *r, const double *pass,
                         const double *fail, size_t c, int bad, double trials, double *sim,
                         double *mean, double *se)
{
	double ber = bad ? r->in.ber : r->in.ber / r->in.ratio;
	double wrong = 0, sum = 0, sum2 = 0, check = 65536;
	for (double t = 0; t < trials; t += 1) {
		if (t == check) {
			check += 65536;
			if (simulate_stopped(r))
				return -1;
		}
		int passed;
		double bits = r->bits;
		if (pass && !isnan(r->in.reading_interval))
			passed = run_at_readings(rng, pass, fail, c, ber, r->in.reading_interval, &bits);
		else if (pass)
			passed = run_sequential(rng, pass, fail, c, ber, &bits);
		else
			passed = rng_poisson(rng, r->bits * ber) <= r->in.errors;
		wrong += bad ? passed : !passed;
		/* lengths less the longest run: small sums, exact when every run is the
		   same length */
		sum += bits - r->bits;
		sum2 += (bits - r->bits) * (bits - r->bits);
	}
	*sim = wrong / trials;
	double shift = sum / trials;
	*mean = pass ? r->bits + shift : r->bits; /* a fixed test: always its length */
	double var = sum2 / trials - shift * shift;
	*se = pass && var > 0 ? sqrt(var / trials) : 0;
	return 0;
}

const char *simulate_plan(struct row *r)
{
	double trials = isnan(r->in.trials) ? SIMULATE_DEFAULT_TRIALS : r->in.trials;
	double seed = isnan(r->in.seed) ? SIMULATE_DEFAULT_SEED : r->in.seed;
	if (trials > 1e10)
		return "trials above 1e10";
	if (r->in.errors > 1e6)
		return "simulate supports plans of up to 1e6 errors";
	struct rng rng;
	rng_seed(&rng, (unsigned long)seed);
	size_t c = (size_t)r->in.errors;
	const double *pass = r->seq_table, *fail = r->seq_table ? r->seq_table + c + 1 : NULL;
	double sim[2], mean[2], se[2];
	for (int bad = 0; bad < 2; bad++)
		if (simulate_side(&rng, r, pass, fail, c, bad, trials, &sim[bad], &mean[bad], &se[bad]))
			return "interrupted";
	r->in.trials = trials;
	r->in.seed = seed;
	if (!pass) /* a fixed test always runs its full length */
		r->expected_bits_good = r->expected_bits_bad = r->bits;
	r->alpha_sim = sim[0];
	r->beta_sim = sim[1];
	/* the standard errors of the exact values the simulation estimates */
	double a = isnan(r->alpha_actual) ? r->alpha : r->alpha_actual;
	double b = isnan(r->beta_actual) ? r->beta : r->beta_actual;
	r->alpha_stderr = sqrt(a * (1 - a) / trials);
	r->beta_stderr = sqrt(b * (1 - b) / trials);
	r->bits_good_sim = mean[0];
	r->bits_good_stderr = se[0];
	r->bits_bad_sim = mean[1];
	r->bits_bad_stderr = se[1];
	return NULL;
}
