/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bits_paths.c - the soak of bercl_min_bits() without its tails (achieved
 * NULL: lib/bits_quick.c's certified route, which the command's own `bits`
 * does not take) against bercl_min_bits() with them (the route the MPFR
 * oracle soaks through `bercl bits`): both must give the same bits on every
 * point, both models.
 *
 *   tests/bits_paths SEED COUNT
 *
 * Points (splitmix64 from SEED): errors 0 (15 %), 1..400 (55 %, where the
 * quick route applies) or 401..1e7 (log-uniform); ber log-uniform in
 * [1e-18, 0.5]; cl uniform in (1e-6, 1 - 1e-6), 1 - 10^-k (k 1..15), 10^-k
 * (k 1..300), 0.5 -+ a log-uniform offset, or one of the usual levels.
 * Prints the counts (points, answered by the quick route, skipped where
 * both refuse alike) and each mismatch; exit status 1 on any mismatch.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bercl.h"
#include "internal.h"

static uint64_t rng;

static double U(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return (double)(z >> 11) * 0x1p-53;
}

static double logu(double lo, double hi)
{
	return exp(log(lo) + U() * (log(hi) - log(lo)));
}

static void point(double *e, double *ber, double *cl, double *omc)
{
	static const double usual[] = {0.95, 0.99, 0.5, 0.9, 0.999, 0.6827, 0.999999, 0.01, 0.1};
	double r = U();
	*e = r < 0.15 ? 0 : r < 0.7 ? floor(1 + 400 * U()) : floor(logu(401, 1e7));
	*ber = logu(1e-18, 0.5);
	r = U();
	if (r < 0.25)
		*cl = 1e-6 + U() * (1 - 2e-6);
	else if (r < 0.45)
		*cl = 1 - pow(10, -floor(1 + 15 * U()));
	else if (r < 0.65)
		*cl = pow(10, -floor(1 + 300 * U()));
	else if (r < 0.85)
		*cl = 0.5 + (U() < 0.5 ? -1 : 1) * logu(1e-16, 0.49);
	else
		*cl = usual[(int)(U() * 9)];
	*omc = 1 - *cl; /* exact for cl >= 1/2 (Sterbenz), rounded below */
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: bits_paths SEED COUNT\n");
		return 2;
	}
	rng = strtoull(argv[1], NULL, 10);
	long count = (long)strtod(argv[2], NULL), quick = 0, refused = 0, bad = 0;
	for (long i = 0; i < count; i++) {
		double e, ber, cl, omc;
		point(&e, &ber, &cl, &omc);
		enum bercl_model m = U() < 0.8 ? BERCL_POISSON : BERCL_BINOMIAL;
		if (m == BERCL_BINOMIAL && e > 400)
			e = floor(e / 1000); /* binomial searches sum long; keep them few */
		double a = NAN, b = NAN, at_cl, at_q;
		bercl_tails t;
		enum bercl_status ra = bercl_min_bits(m, e, ber, cl, omc, &a, NULL);
		enum bercl_status rb = bercl_min_bits(m, e, ber, cl, omc, &b, &t);
		bercl_target tg = {cl, 0, omc, 0};
		if (m == BERCL_POISSON && bercli_quick_min_bits(e, ber, &tg, 0, &at_cl, &at_q) > 0)
			quick++;
		if (ra != rb || (ra == BERCL_OK && a != b)) {
			bad++;
			printf("mismatch: model %s errors %.17g ber %.17g cl %.17g omc %.17g: alone %.17g "
			       "(status %d), with tails %.17g (status %d)\n",
			       m == BERCL_POISSON ? "poisson" : "binomial", e, ber, cl, omc, a, ra, b, rb);
		} else if (ra != BERCL_OK) {
			refused++;
		}
	}
	printf("bits_paths seed %s: %ld points, %ld by the quick route, %ld refused alike, %ld "
	       "mismatches\n",
	       argv[1], count, quick, refused, bad);
	return bad != 0;
}
