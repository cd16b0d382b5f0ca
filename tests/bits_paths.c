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
 * Points (splitmix64 from SEED): errors 0 (15 %), 1..400 (55 %; the quick
 * route takes 0..160) or 401..1e7 (log-uniform); ber log-uniform in [1e-18,
 * 0.5], or for a tenth of them in [1e-300, 1e-18] (answers up to 1e300
 * bits); cl uniform in (1e-6, 1 - 1e-6), 1 - 10^-k (k 1..15), 10^-k (k
 * 1..300), 0.5 -+ a log-uniform offset, or one of the usual levels; the
 * complement 1 - cl, or for a fifth of them a pair that bercl.h allows but
 * that does not add to 1 exactly (1 - 2^-53 beside a cl below 1e-16, or 1
 * - cl moved by 1 to 4 ulps); for three in ten of them rests beyond the
 * doubles (bercl_min_bits_target(), as a decimal's digits give them). Also the quick route with the tails wanted
 * (need_tails 1, as the Python ufunc min_bits takes it) must give the same
 * bits where it answers. Prints the counts (points, answered by the quick
 * route, refused alike by both) and each mismatch; exit status 1 on any
 * mismatch. Where the route with tails is wrong, this reports it too: the
 * reference is the library, checked against the oracle and mpmath tables.
 * And bercl_min_bits() with its tails (which takes the quick route where it
 * is the search's own) against the search alone (bercli_min_bits_searched):
 * the same status, bits and tails, bit for bit, on every point. And
 * bercl_min_bits_memo() with a memo used twice before at another BER (so
 * that it holds the exact root's bracket, bercli_quick_bracket), with and
 * without the tails: the same status, bits and tails as
 * bercl_min_bits_target() with them and the bits alone, bit for bit.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	*ber = U() < 0.1 ? logu(1e-300, 1e-18) : logu(1e-18, 0.5);
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
	if (U() < 0.2) { /* a pair within bercl.h's 4 ulps of adding to 1 */
		if (*cl < 1e-16 && U() < 0.5) {
			*omc = 1 - 0x1p-53;
		} else {
			int k = 1 + (int)(U() * 4);
			double *side = *cl > 0.5 ? omc : cl;
			for (int i = 0; i < k; i++)
				*side = nextafter(*side, U() < 0.5 ? 0 : 1);
		}
	}
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: bits_paths SEED COUNT\n");
		return 2;
	}
	rng = strtoull(argv[1], NULL, 10);
	long count = (long)strtod(argv[2], NULL), quick = 0, refused = 0, bad = 0, outside = 0,
	     bracketed = 0;
	for (long i = 0; i < count; i++) {
		double e, ber, cl, omc;
		point(&e, &ber, &cl, &omc);
		enum bercl_model m = U() < 0.8 ? BERCL_POISSON : BERCL_BINOMIAL;
		if (m == BERCL_BINOMIAL && e > 400)
			e = floor(e / 1000); /* binomial searches sum long; keep them few */
		double a = NAN, b = NAN, at_cl, at_q;
		bercl_tails t;
		bercl_target tg = {cl, 0, omc, 0};
		if (U() < 0.3) {
			/* rests beyond the doubles, as a decimal's digits give them
			 * (parse_probability_exact): each within half an ulp */
			tg.cl_lo = (U() - 0.5) * (nextafter(cl, 2) - cl);
			tg.one_minus_cl_lo = (U() - 0.5) * (nextafter(omc, 2) - omc);
			if (cl + tg.cl_lo != cl)
				tg.cl_lo = 0;
			if (omc + tg.one_minus_cl_lo != omc)
				tg.one_minus_cl_lo = 0;
		}
		enum bercl_status ra = bercl_min_bits_target(m, e, ber, &tg, &a, NULL);
		enum bercl_status rb = bercl_min_bits_target(m, e, ber, &tg, &b, &t);
		/* bercl.h's exact domain of the route with tails: E = 0, or E <=
		 * 400 with the compared target at least 1e-250 and lambda = N ber
		 * in [1e-10, 575] (binomial also N (-ln(1 - ber)) <= 700); outside it the
		 * double tails decide and may place N a double off: counted,
		 * printed, not a failure (seed 20261207: E 116, cl 1e-274, 4 bits
		 * apart, mpmath siding with the quick route) */
		double lam_b = b * ber;
		int in_exact = e == 0 || (e <= 400 && (cl > 0.5 ? omc : cl) >= 1e-250 &&
		                          lam_b >= 1e-10 && lam_b <= 575 &&
		                          (m == BERCL_POISSON || b * -log1p(-ber) <= 700));
		if (m == BERCL_POISSON && bercli_quick_min_bits(e, ber, &tg, 0, &at_cl, &at_q) > 0)
			quick++;
		double q1 = m == BERCL_POISSON && rb == BERCL_OK
		                    ? bercli_quick_min_bits(e, ber, &tg, 1, &at_cl, &at_q)
		                    : 0;
		if (q1 > 0 && q1 != b && !in_exact) {
			outside++;
		} else if (q1 > 0 && q1 != b) {
			bad++;
			printf("mismatch: errors %.17g ber %.17g cl %.17g omc %.17g: quick with tails "
			       "%.17g, the route with tails %.17g\n",
			       e, ber, cl, omc, q1, b);
		}
		/* with the tails, bits_quick.c's route may answer where it is the
		 * search's own (lib/solve.c quick_is_search): the same bits and
		 * the same tails, bit for bit, as the search alone gives */
		double s = NAN;
		bercl_tails ts;
		enum bercl_status rs = bercli_min_bits_searched(m, e, ber, &tg, &s, &ts);
		if (rs != rb || (rs == BERCL_OK && (s != b || memcmp(&ts, &t, sizeof t) != 0))) {
			bad++;
			printf("mismatch: model %s errors %.17g ber %.17g cl %.17g omc %.17g: the search "
			       "alone %.17g (status %d, cl %.17g, 1 - cl %.17g), with the quick route "
			       "%.17g (status %d, cl %.17g, 1 - cl %.17g)\n",
			       m == BERCL_POISSON ? "poisson" : "binomial", e, ber, cl, omc, s, rs,
			       ts.cl, ts.one_minus_cl, b, rb, t.cl, t.one_minus_cl);
		}
		/* the memo's bracket, filled at another BER (its second use) */
		bercl_bits_memo memo = {0};
		double other = ber * (0.5 + U()), x, c = NAN, c0 = NAN, lo[2], hi[2], lam, slope;
		bercl_tails tc;
		bercl_min_bits_memo(m, e, other, &tg, &memo, &x, NULL);
		bercl_min_bits_memo(m, e, other, &tg, &memo, &x, NULL);
		enum bercl_status rc = bercl_min_bits_memo(m, e, ber, &tg, &memo, &c, &tc);
		enum bercl_status rc0 = bercl_min_bits_memo(m, e, ber, &tg, &memo, &c0, NULL);
		if (m == BERCL_POISSON && bercli_quick_root(e, &tg, &lam, &slope) &&
		    bercli_quick_bracket(e, &tg, lam, lo, hi) && bercli_quick_bits_bracketed(ber, lo, hi) > 0)
			bracketed++;
		if (rc != rb || rc0 != ra || (rc == BERCL_OK && (c != b || memcmp(&tc, &t, sizeof t) != 0)) ||
		    (rc0 == BERCL_OK && c0 != a)) {
			bad++;
			printf("mismatch: model %s errors %.17g ber %.17g cl %.17g omc %.17g: with a memo "
			       "used at ber %.17g, %.17g (status %d, cl %.17g, 1 - cl %.17g) and alone "
			       "%.17g (status %d); without, %.17g (status %d, cl %.17g, 1 - cl %.17g) "
			       "and alone %.17g (status %d)\n",
			       m == BERCL_POISSON ? "poisson" : "binomial", e, ber, cl, omc, other, c, rc,
			       tc.cl, tc.one_minus_cl, c0, rc0, b, rb, t.cl, t.one_minus_cl, a, ra);
		}
		if ((ra != rs || (ra == BERCL_OK && a != s)) && !in_exact) {
			outside++;
			printf("outside the exact domain: errors %.17g ber %.17g cl %.17g omc %.17g: "
			       "alone %.17g, the search %.17g\n",
			       e, ber, cl, omc, a, s);
		} else if (ra != rs || (ra == BERCL_OK && a != s)) {
			bad++;
			printf("mismatch: model %s errors %.17g ber %.17g cl %.17g omc %.17g: alone %.17g "
			       "(status %d), the search %.17g (status %d)\n",
			       m == BERCL_POISSON ? "poisson" : "binomial", e, ber, cl, omc, a, ra, s, rs);
		} else if (ra != BERCL_OK) {
			refused++;
		}
	}
	printf("bits_paths seed %s: %ld points, %ld by the quick route, %ld by a bracket, %ld "
	       "refused alike, %ld apart outside the exact domain, %ld mismatches\n",
	       argv[1], count, quick, bracketed, refused, outside, bad);
	return bad != 0;
}
