/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * random.c - the engine's random stream (random.h).
 *
 * The generator: MT19937, Matsumoto and Nishimura, "Mersenne Twister: a
 * 623-dimensionally equidistributed uniform pseudo-random number
 * generator", ACM TOMACS 8 (1998) 3-30: a twisted GFSR over 624 words of
 * 32 bits (recurrence offset 397, twist matrix 0x9908b0df), each output
 * tempered. It is seeded by the paper's 2002 initialization (Knuth's
 * multiplier 1812433253 applied to x ^ (x >> 30), plus the index), with the
 * default seed 4357 for a seed of 0: the GSL manual's description of
 * gsl_rng_mt19937, so that the stream equals GSL's bit for bit
 * (tests/test_random.c checks that against GSL itself).
 *
 * The samplers are exact: each gives the law's own probabilities, up to the
 * rounding of doubles and the uniforms' resolution (2^-53 for the inversions,
 * 2^-32 in the rejection steps, where it only moves the boundary of an
 * acceptance region).
 */
#include <math.h>

#include "random.h"

#define MT_M 397
#define MT_MATRIX_A 0x9908b0dfu
#define MT_UPPER 0x80000000u
#define MT_LOWER 0x7fffffffu

void rng_seed(struct rng *r, unsigned long seed)
{
	if (seed == 0)
		seed = 4357;
	r->mt[0] = (uint32_t)(seed & 0xffffffffu);
	for (int i = 1; i < RNG_MT_N; i++) {
		uint32_t x = r->mt[i - 1];
		r->mt[i] = 1812433253u * (x ^ (x >> 30)) + (uint32_t)i;
	}
	r->next = RNG_MT_N;
}

/* word i's twist with its successor j and the word m places on */
static uint32_t twist(uint32_t i, uint32_t j, uint32_t m)
{
	uint32_t y = (i & MT_UPPER) | (j & MT_LOWER);
	return m ^ (y >> 1) ^ ((y & 1u) ? MT_MATRIX_A : 0u);
}

/* The next 624 words of the recurrence, in place. */
static void regenerate(uint32_t *mt)
{
	int k = 0;
	for (; k < RNG_MT_N - MT_M; k++)
		mt[k] = twist(mt[k], mt[k + 1], mt[k + MT_M]);
	for (; k < RNG_MT_N - 1; k++)
		mt[k] = twist(mt[k], mt[k + 1], mt[k + MT_M - RNG_MT_N]);
	mt[RNG_MT_N - 1] = twist(mt[RNG_MT_N - 1], mt[0], mt[MT_M - 1]);
}

uint32_t rng_get(struct rng *r)
{
	if (r->next >= RNG_MT_N) {
		regenerate(r->mt);
		r->next = 0;
	}
	uint32_t y = r->mt[r->next++];
	y ^= y >> 11;
	y ^= (y << 7) & 0x9d2c5680u;
	y ^= (y << 15) & 0xefc60000u;
	y ^= y >> 18;
	return y;
}

double rng_uniform(struct rng *r)
{
	return rng_get(r) / 4294967296.0;
}

double rng_uniform_pos(struct rng *r)
{
	uint32_t k;
	do
		k = rng_get(r);
	while (k == 0);
	return k / 4294967296.0;
}

double rng_uniform53(struct rng *r)
{
	double hi = (double)(rng_get(r) >> 5), lo = (double)(rng_get(r) >> 6);
	return (hi * 67108864.0 + lo + 0.5) / 9007199254740992.0;
}

/* ---- logarithms of the probabilities, for the rejection steps ----
 * Loader, "Fast and accurate computation of binomial probabilities" (2000):
 * the pmfs as Stirling's error and the deviance bd0, which keeps their
 * logarithms accurate to ~1e-15 absolute where ln k! itself is 1e10 (a
 * difference of ln-gamma values would lose 1e-5 there). */

/* ln sqrt(2 pi) */
#define LN_SQRT_2PI 0.91893853320467274178

/* Stirling's error ln n! - ((n + 1/2) ln n - n + ln sqrt(2 pi)), n whole >= 1:
 * below 16 from n! itself (exact in a double up to 18!); above, the
 * asymptotic series to 1/n^9, whose next term is under 2e-16 there. */
static double stirlerr(double n)
{
	if (n < 16) {
		double f = 1;
		for (double i = 2; i <= n; i++)
			f *= i;
		return log(f) - (n + 0.5) * log(n) + n - LN_SQRT_2PI;
	}
	double s = 1 / (n * n);
	return (1.0 / 12 - s * (1.0 / 360 - s * (1.0 / 1260 - s * (1.0 / 1680 - s / 1188)))) / n;
}

/* The deviance x ln(x / m) + m - x, x >= 0, m > 0: near x = m by the series
 * in v = (x - m) / (x + m), which avoids the cancellation, else directly. */
static double bd0(double x, double m)
{
	if (fabs(x - m) < 0.1 * (x + m)) {
		double v = (x - m) / (x + m), s = (x - m) * v, ej = 2 * x * v;
		v *= v;
		for (int j = 1; j < 1000; j++) {
			ej *= v;
			double s1 = s + ej / (2 * j + 1);
			if (s1 == s)
				break;
			s = s1;
		}
		return s;
	}
	return x * log(x / m) + m - x;
}

/* ln P[X = k], X ~ Poisson(mu), k whole >= 0, mu > 0 */
static double ln_poisson_pmf(double k, double mu)
{
	if (k == 0)
		return -mu;
	return -stirlerr(k) - bd0(k, mu) - LN_SQRT_2PI - 0.5 * log(k);
}

/* ln P[X = k], X ~ binomial(n, p), 0 <= k <= n, 0 < p < 1 */
static double ln_binomial_pmf(double k, double n, double p)
{
	double q = 1 - p;
	if (k == 0)
		return n * log1p(-p);
	if (k == n)
		return n * log(p);
	return stirlerr(n) - stirlerr(k) - stirlerr(n - k) - bd0(k, n * p) - bd0(n - k, n * q) -
	       LN_SQRT_2PI + 0.5 * log(n / (k * (n - k)));
}

/* ---- the samplers ---- */

/* Inversion by sequential search (Devroye, Non-Uniform Random Variate
 * Generation, 1986, III.2): the least k whose cdf passes u, the terms by
 * the ratio f(k) / f(k - 1) = ratio(k). Exact for a 53-bit u; the search
 * also stops when a term no longer moves the sum (a tail below 2^-53 of it).
 * Cost: about the mean plus one steps, so it serves means below 10. */
static double inversion(double u, double f0, double mu_or_n, double pq, int binomial)
{
	double k = 0, f = f0, cdf = f0;
	while (u >= cdf) {
		f *= binomial ? pq * (mu_or_n - k) / (k + 1) : mu_or_n / (k + 1);
		k += 1;
		if (cdf + f == cdf || (binomial && k >= mu_or_n))
			break;
		cdf += f;
	}
	return k;
}

/* Poisson: mu below 10 by inversion; from 10 by PTRS, Hormann's transformed
 * rejection with squeeze ("The transformed rejection method for generating
 * Poisson random variables", Insurance: Mathematics and Economics 12 (1993)
 * 39-45), whose constants the paper gives for mu >= 10: two uniforms per
 * try, accepted about 9 times in 10 by the squeeze alone, the rest against
 * the pmf (Loader's form above). */
double rng_poisson(struct rng *r, double mu)
{
	if (!(mu > 0))
		return 0;
	if (mu < 10)
		return inversion(rng_uniform53(r), exp(-mu), mu, 0, 0);
	double smu = sqrt(mu);
	double b = 0.931 + 2.53 * smu;
	double a = -0.059 + 0.02483 * b;
	double inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
	double v_r = 0.9277 - 3.6224 / (b - 2);
	for (;;) {
		double u = rng_uniform(r) - 0.5;
		double v = rng_uniform(r);
		double us = 0.5 - fabs(u);
		double k = floor((2 * a / us + b) * u + mu + 0.43);
		if (us >= 0.07 && v <= v_r)
			return k;
		if (k < 0 || (us < 0.013 && v > us))
			continue;
		if (log(v * inv_alpha / (a / (us * us) + b)) <= ln_poisson_pmf(k, mu))
			return k;
	}
}

/* Binomial, p at most 1/2 (the other half by symmetry, n - X(n, 1 - p)):
 * n p below 10 by inversion from q^n; from 10 by BTRS, Hormann's
 * transformed rejection with squeeze ("The generation of binomial random
 * variates", J. Statist. Comput. Simul. 46 (1993) 101-110), valid there,
 * accepting against f(k) / f(m), m the mode, in Loader's form. */
double rng_binomial(struct rng *r, double p, double n)
{
	if (!(p > 0) || !(n > 0))
		return 0;
	if (p >= 1)
		return n;
	if (p > 0.5)
		return n - rng_binomial(r, 1 - p, n);
	double q = 1 - p;
	if (n * p < 10)
		return inversion(rng_uniform53(r), exp(n * log1p(-p)), n, p / q, 1);
	double spq = sqrt(n * p * q);
	double b = 1.15 + 2.53 * spq;
	double a = -0.0873 + 0.0248 * b + 0.01 * p;
	double c = n * p + 0.5;
	double alpha = (2.83 + 5.1 / b) * spq;
	double v_r = 0.92 - 4.2 / b;
	double m = floor((n + 1) * p);
	double ln_fm = NAN; /* ln f(m), when first needed */
	for (;;) {
		double u = rng_uniform(r) - 0.5;
		double v = rng_uniform(r);
		double us = 0.5 - fabs(u);
		double k = floor((2 * a / us + b) * u + c);
		if (k < 0 || k > n)
			continue;
		if (us >= 0.07 && v <= v_r)
			return k;
		if (isnan(ln_fm))
			ln_fm = ln_binomial_pmf(m, n, p);
		if (log(v * alpha / (a / (us * us) + b)) <= ln_binomial_pmf(k, n, p) - ln_fm)
			return k;
	}
}

/* Inversion, -mean ln U (Devroye 1986, II.2), U uniform on (0, 1). */
double rng_exponential(struct rng *r, double mean)
{
	return -mean * log(rng_uniform53(r));
}

/* Inversion, ceil(ln U / ln(1 - p)) (Devroye 1986, X.2), U on (0, 1). */
double rng_geometric(struct rng *r, double p)
{
	if (p >= 1)
		return 1;
	double g = ceil(log(rng_uniform53(r)) / log1p(-p));
	return g < 1 ? 1 : g;
}
