/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * regions.h - where each method of the Poisson tails applies, as one table
 * read by the double-double path (poisson.c), the certified fast path
 * (poisson_fast.c) and the generator of the fast path's tables
 * (tools/gen_fast_tables.py reads this file, takes each band's |eta| bound
 * as a band edge of its degree tables and checks that the band's x/a range
 * lies within it).
 *
 * With the shape a = E + 1 and lambda = x / a:
 *   a < POISSON_A_SUMS     the finite sums and the series, no expansion;
 *   a >= POISSON_A_SUMS    Temme's uniform expansion where lambda lies in
 *                          the band of a (below: the series for P, above:
 *                          the sum for Q taken downward).
 * The double-double path keeps to the first band at every a; the fast
 * path takes the last band whose a_from is at most a (the wider band needs
 * at most 10 powers of 1/a from a = 200, and its certificate charges the
 * truncation). The bands' |eta| bounds follow from eta^2 / 2 = lambda - 1 -
 * ln lambda: 0.7 gives 0.337, 1.3 0.274, 0.52 0.590, 1.7 0.582.
 *
 * Source: N. M. Temme, Special Functions, Wiley 1996, section 11.2.4 (eta
 * and the expansion); the edges are this library's choice, measured against
 * tests/data/poisson_ref.csv.
 */
#ifndef BERCL_REGIONS_H
#define BERCL_REGIONS_H

#define POISSON_A_SUMS 25.0

struct poisson_band {
	double a_from;  /* the band applies from this a up */
	double lam_lo;  /* lambda from */
	double lam_hi;  /* lambda up to */
	double eta_max; /* |eta| at most over [lam_lo, lam_hi] */
};

#define POISSON_BAND_COUNT 2
static const struct poisson_band POISSON_BANDS[POISSON_BAND_COUNT] = {
	{25.0, 0.7, 1.3, 0.34},
	{200.0, 0.52, 1.7, 0.6},
};

/* The fast path's band at shape a (a >= POISSON_A_SUMS). */
static inline const struct poisson_band *poisson_band_at(double a)
{
	int b = 0;
	while (b + 1 < POISSON_BAND_COUNT && a >= POISSON_BANDS[b + 1].a_from)
		b++;
	return &POISSON_BANDS[b];
}

#endif
