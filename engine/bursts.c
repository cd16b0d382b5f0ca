/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bursts.c - links whose errors come in bursts (bercl simulate
 * --burst-model gilbert-elliott), and the clustered answer checked on them.
 *
 * The channel: Gilbert-Elliott (Gilbert, Bell Syst. Tech. J. 39 (1960)
 * 1253; Elliott, ibid. 42 (1963) 1977) with error probability 1 in the bad
 * state and h = (1 - S) p in the good one; a visit to the bad state lasts a
 * geometric number of bits of mean L (leaving it with probability 1 / L per
 * bit), so a burst is a run of L errors on average; visits start with
 * probability S p / L per good bit, so the BER is p and the share S of the
 * errors comes in bursts. For p L much below 1 this is the same as the two
 * Poisson processes drawn here: independent errors at (1 - S) p per bit and
 * bursts at S p / L per bit, each with a geometric size (rng_geometric,
 * mean L; L = 1: single errors, the independent case). The counts are drawn
 * as totals (rng_poisson) placed uniformly over the test (rng_uniform; the
 * engine's generator, random.c, as simulate.c's), which is exact for a Poisson process; a burst is put
 * whole into the interval where it starts (intervals much longer than a
 * burst; a split burst would only look smaller), and never holds more
 * errors than its interval has bits. The cost is the errors plus the
 * intervals per test, so both are limited (BURSTS_MAX_ERRORS expected
 * errors, BURSTS_MAX_INTERVALS intervals).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bursts.h"
#include "simulate.h"

static size_t interval_of(const struct bursts_test *t, size_t k, double u)
{
	double i = floor(u * t->bits / t->interval_bits);
	return i >= (double)k ? k - 1 : (size_t)i;
}

double bursts_draw(struct rng *rng, const struct bursts_test *t, double *counts, size_t k,
                   bercl_intervals *s)
{
	static const bercl_intervals zero;
	memset(counts, 0, k * sizeof *counts);
	double mean = t->ber * t->bits;
	double single = rng_poisson(rng, (1 - t->share) * mean);
	double bursts = rng_poisson(rng, t->share * mean / t->length);
	double total = 0;
	for (double j = 0; j < single; j++)
		counts[interval_of(t, k, rng_uniform(rng))] += 1;
	for (double j = 0; j < bursts; j++) {
		double size = t->length <= 1 ? 1 : rng_geometric(rng, 1 / t->length);
		counts[interval_of(t, k, rng_uniform(rng))] += size;
	}
	*s = zero;
	for (size_t i = 0; i < k; i++) {
		double n = i + 1 < k ? t->interval_bits : t->bits - (double)(k - 1) * t->interval_bits;
		if (counts[i] > floor(n))
			counts[i] = floor(n);
		total += counts[i];
		bercl_intervals_add(s, n, counts[i]);
	}
	return total;
}

/* trials draws of test t: how many pass the fixed test (*pass) and how many
 * pass the clustered answer at the fixed test's CL (*pass_clustered); NULL,
 * or why not. */
static const char *bursts_trials(struct rng *rng, const struct row *r, const struct bursts_test *t,
                                 double *counts, size_t k, double trials, double *pass,
                                 double *pass_clustered)
{
	const char *why = NULL;
	for (double i = 0; i < trials && !why; i += 1) {
		if (fmod(i, 256) == 0 && simulate_stopped(r))
			return "interrupted";
		bercl_intervals s;
		double x = bursts_draw(rng, t, counts, k, &s);
		bercl_tails c;
		enum bercl_status rc = bercl_clustered_cl(&s, t->ber, &c);
		if (rc != BERCL_OK)
			why = "the clustered answer is beyond the Poisson model's range";
		*pass += x <= r->in.errors;
		/* passes at the fixed test's CL, compared on its smaller side */
		*pass_clustered += r->tails.cl <= 0.5 ? c.cl >= r->tails.cl
		                                      : c.one_minus_cl <= r->tails.one_minus_cl;
	}
	return why;
}

const char *bursts_simulate_row(struct row *r)
{
	double trials = isnan(r->in.trials) ? SIMULATE_DEFAULT_TRIALS : r->in.trials;
	double seed = isnan(r->in.seed) ? SIMULATE_DEFAULT_SEED : r->in.seed;
	struct bursts_test t = {
		.bits = r->bits,
		.interval_bits = isnan(r->in.reading_interval) ? r->bits : r->in.reading_interval,
		.ber = r->in.ber,
		.length = isnan(r->in.burst_length) ? BURSTS_DEFAULT_LENGTH : r->in.burst_length,
		.share = isnan(r->in.burst_share) ? BURSTS_DEFAULT_SHARE : r->in.burst_share,
	};
	if (trials > 1e10)
		return "trials above 1e10";
	if (t.interval_bits > t.bits)
		t.interval_bits = t.bits;
	double k = ceil(t.bits / t.interval_bits);
	if (k > BURSTS_MAX_INTERVALS)
		return "simulate --burst-model supports at most 1e7 intervals (bits / reading-interval)";
	if (t.bits * t.ber > BURSTS_MAX_ERRORS)
		return "simulate --burst-model supports bits * ber up to 1e7";
	double *counts = malloc((size_t)k * sizeof *counts);
	struct rng *rng = malloc(sizeof *rng);
	if (!counts || !rng) {
		free(counts);
		free(rng);
		return "out of memory";
	}
	rng_seed(rng, (unsigned long)seed);
	double pass = 0, pass_clustered = 0;
	const char *why = bursts_trials(rng, r, &t, counts, (size_t)k, trials, &pass, &pass_clustered);
	free(counts);
	free(rng);
	if (why)
		return why;
	r->in.trials = trials;
	r->in.seed = seed;
	r->in.burst_length = t.length;
	r->in.burst_share = t.share;
	r->one_minus_cl_sim = pass / trials;
	r->one_minus_cl_clustered_sim = pass_clustered / trials;
	double q = r->tails.one_minus_cl;
	r->sim_stderr = sqrt(q * (1 - q) / trials);
	return NULL;
}
