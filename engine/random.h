/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * random.h - the engine's own random stream, for bercl simulate: the
 * Mersenne Twister MT19937 seeded as GSL seeds gsl_rng_mt19937 (its 32-bit
 * outputs are GSL's, bit for bit), GSL's two uniforms, and exact samplers
 * for the Poisson, binomial, exponential and geometric laws. No GSL, no
 * globals: the state is the caller's struct, so that the command, Python
 * and the page (WebAssembly) draw the same numbers for a seed.
 */
#ifndef BERCL_RANDOM_H
#define BERCL_RANDOM_H

#include <stdint.h>

#define RNG_MT_N 624

/* The generator's state; rng_seed() sets it. */
struct rng {
	uint32_t mt[RNG_MT_N];
	int next; /* the next word of mt to temper; RNG_MT_N: regenerate first */
};

/* Seed as gsl_rng_set(gsl_rng_mt19937, seed): seed 0 is GSL's default, 4357;
 * only the seed's low 32 bits count. */
void rng_seed(struct rng *r, unsigned long seed);

/* The next 32-bit output: gsl_rng_get()'s for the same seed. */
uint32_t rng_get(struct rng *r);

/* k / 2^32 from the next output, in [0, 1): gsl_rng_uniform(). */
double rng_uniform(struct rng *r);

/* rng_uniform() skipping 0, in (0, 1): gsl_rng_uniform_pos(). */
double rng_uniform_pos(struct rng *r);

/* (k + 1/2) / 2^53 from two outputs, in (0, 1): the 53-bit uniform the
 * inversion samplers use (no value of a double's precision is out of reach). */
double rng_uniform53(struct rng *r);

/* A Poisson(mu) count, mu in [0, 1e15]. */
double rng_poisson(struct rng *r, double mu);

/* A binomial(n, p) count, n whole in [0, 2^53], p in [0, 1]. */
double rng_binomial(struct rng *r, double p, double n);

/* An exponential variable of the given mean (> 0). */
double rng_exponential(struct rng *r, double mean);

/* A geometric count on 1, 2, ...: trials up to the first success of
 * probability p in (0, 1] (mean 1 / p). */
double rng_geometric(struct rng *r, double p);

#endif
