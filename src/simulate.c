/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * simulate.c - bercl simulate: how often does a test of N bits at a true BER
 * of exactly p see at most E errors? That fraction estimates 1 - CL.
 *
 * Errors are drawn with GSL's Mersenne Twister (gsl_rng_mt19937) seeded with
 * --seed, so a seed gives the same output on every run:
 *   Poisson model:  gsl_ran_poisson(N p), for N p up to 1e9;
 *   binomial model: gsl_ran_binomial(p, N) for N up to 2^32 - 1; above that,
 *     the gaps between errors, which are independent geometric variables,
 *     G = ceil(ln U / ln(1 - p)) with U uniform on (0, 1], are added until
 *     they pass N: an exact method whose cost grows with N p, so it is
 *     limited to N p up to 1e4.
 * The standard error printed is the binomial one of the analytic value,
 * sqrt(q (1 - q) / trials), q = 1 - CL: the yardstick for the difference.
 */
#include <math.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "simulate.h"

/* Binomial(n, p) for n above 2^32 by geometric gaps; stops past limit. */
static double binomial_by_gaps(gsl_rng *rng, double n, double p, double limit)
{
	double pos = 0, count = 0;
	double ln_q = log1p(-p);
	for (;;) {
		double u = gsl_rng_uniform_pos(rng);
		pos += ceil(log(u) / ln_q);
		if (pos > n)
			return count;
		count += 1;
		if (count > limit)
			return count;
	}
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
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (!rng)
		return "out of memory";
	gsl_rng_set(rng, (unsigned long)seed);
	double pass = 0;
	for (double t = 0; t < trials; t += 1) {
		double x;
		if (!binomial)
			x = gsl_ran_poisson(rng, mean);
		else if (n <= 4294967295.0)
			x = gsl_ran_binomial(rng, p, (unsigned int)n);
		else
			x = binomial_by_gaps(rng, n, p, e);
		pass += x <= e;
	}
	gsl_rng_free(rng);
	r->in.trials = trials;
	r->in.seed = seed;
	r->one_minus_cl_sim = pass / trials;
	double q = r->tails.one_minus_cl;
	r->sim_stderr = sqrt(q * (1 - q) / trials);
	return NULL;
}
