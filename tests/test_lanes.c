/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_lanes.c - lib/lanes.c: the all-lanes confidence is the product of the
 * lane CLs (against a long double product and, below the double range, the
 * sum of the complements), and bits --all-lanes reaches CL for all lanes
 * together while one bit fewer does not (checked with GSL's incomplete
 * gamma where its precision resolves one bit, and with bercl_cl everywhere).
 */
#include "testutil.h"

#include "dd.h"

#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>

static void test_all_is_product(void **state)
{
	(void)state;
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 10);
	double worst = 0, worst_omc = 0;
	for (int trial = 0; trial < 2000; trial++) {
		int lanes = 1 + (int)gsl_rng_uniform_int(rng, 16);
		bercl_tails t[16], all;
		long double prod = 1, prod_c = 1; /* prod_c from 1 - CL where CL > 1/2 */
		for (int j = 0; j < lanes; j++) {
			double errors = (double)gsl_rng_uniform_int(rng, 20);
			double bits = floor(pow(10, 9 + 4 * gsl_rng_uniform(rng)));
			assert_int_equal(bercl_cl(BERCL_POISSON, errors, bits, 1e-11, &t[j]), BERCL_OK);
			prod *= t[j].cl;
			prod_c *= t[j].cl < 0.5 ? (long double)t[j].cl : 1 - (long double)t[j].one_minus_cl;
		}
		assert_int_equal(bercl_lanes_all(t, lanes, &all), BERCL_OK);
		double d = bercl_rel_diff(all.cl, (double)prod);
		if (!(d <= 1e-15))
			fail_msg("%d lanes: all %.17g, product %.17Lg", lanes, all.cl, prod);
		worst = fmax(worst, d);
		if (1 - prod_c > 1e-3L) {
			double e = bercl_rel_diff(all.one_minus_cl, (double)(1 - prod_c));
			assert_true(e <= 1e-15);
			worst_omc = fmax(worst_omc, e);
		}
		assert_true(all.cl >= 0 && all.cl <= 1 && all.one_minus_cl >= 0 &&
		            all.one_minus_cl <= 1);
	}
	gsl_rng_free(rng);
	print_message("2000 lane sets: all vs product worst %.3g, 1 - all %.3g\n", worst, worst_omc);
}

/* Complements below the double range: 1 - CL_all is their sum. */
static void test_all_far_tail(void **state)
{
	(void)state;
	bercl_tails t[3], all;
	/* 0 errors in 1e15 bits at 1e-12: 1 - CL = e^-1000 */
	for (int j = 0; j < 3; j++)
		assert_int_equal(bercl_cl(BERCL_POISSON, 0, 1e15, 1e-12, &t[j]), BERCL_OK);
	assert_int_equal(bercl_lanes_all(t, 3, &all), BERCL_OK);
	assert_true(fabs(all.ln_one_minus_cl.hi - (-1000 + log(3.0))) < 1e-12);
	assert_true(all.cl == 1.0);
	/* eight lanes at 95 %: 0.95^8 */
	bercl_tails l8[8];
	double bits = 2995732273554.0; /* the bits for 95 % at 1e-12, 0 errors */
	for (int j = 0; j < 8; j++)
		assert_int_equal(bercl_cl(BERCL_POISSON, 0, bits, 1e-12, &l8[j]), BERCL_OK);
	assert_int_equal(bercl_lanes_all(l8, 8, &all), BERCL_OK);
	assert_true(fabs(all.cl - pow(l8[0].cl, 8)) < 1e-15);
	assert_true(fabs(all.cl - 0.6634) < 1e-4);
	assert_int_equal(bercl_lanes_all(l8, 0, &all), BERCL_EDOM);
}

static double ln_cl_at(enum bercl_model model, double errors, double bits, double ber)
{
	bercl_tails t;
	assert_int_equal(bercl_cl(model, errors, bits, ber, &t), BERCL_OK);
	return t.ln_cl.hi + t.ln_cl.lo;
}

/* L lanes of n bits each reach cl, compared on the smaller tail. */
static int reaches(enum bercl_model model, double e, double n, double ber, int lanes, double cl)
{
	bercl_tails t[16], all;
	for (int j = 0; j < lanes; j++)
		assert_int_equal(bercl_cl(model, e, n, ber, &t[j]), BERCL_OK);
	assert_int_equal(bercl_lanes_all(t, lanes, &all), BERCL_OK);
	/* in double-double, as bercl_min_bits compares: one bit at BER 1e-15
	 * moves CL by about 1e-16 of itself */
	if (cl <= 0.5)
		return dd_sub(dd_make(all.ln_cl.hi, all.ln_cl.lo), dd_log(dd_from(cl))).hi >= 0;
	return dd_sub(dd_make(all.ln_one_minus_cl.hi, all.ln_one_minus_cl.lo),
	              dd_log(dd_from(1 - cl))).hi <= 0;
}

static void test_all_lanes_bits(void **state)
{
	(void)state;
	double errs[] = {0, 1, 3, 10, 100};
	double bers[] = {1e-6, 1e-9, 1e-12, 1e-15};
	double cls[] = {0.5, 0.9, 0.95, 0.99, 0.999999};
	int lanes_list[] = {1, 2, 4, 8, 16};
	int rows = 0, gsl_rows = 0;
	for (int m = 0; m < 2; m++)
		for (size_t a = 0; a < 5; a++)
			for (size_t b = 0; b < 4; b++)
				for (size_t c = 0; c < 5; c++)
					for (size_t d = 0; d < 5; d++) {
						enum bercl_model model = m ? BERCL_BINOMIAL : BERCL_POISSON;
						double e = errs[a], ber = bers[b], cl = cls[c];
						int lanes = lanes_list[d];
						double n;
						bercl_tails all;
						assert_int_equal(bercl_min_bits_all_lanes(model, e, ber, cl, 1 - cl,
						                                          lanes, &n, &all),
						                 BERCL_OK);
						/* reaches at n, misses at n - 1, by the lanes product;
						 * one lane above 1e14 bits is bercl_min_bits' exact
						 * decision, finer than these double tails and checked
						 * against 60-digit truth in test_solve.c */
						double n1 = n > 9007199254740992.0 ? nextafter(n, 0) : n - 1;
						if ((lanes > 1 || n < 1e14) &&
						    !(reaches(model, e, n, ber, lanes, cl) &&
						      (n1 <= e || !reaches(model, e, n1, ber, lanes, cl))))
							fail_msg("E=%g ber=%g cl=%g L=%d: %.17g bits", e, ber, cl,
							         lanes, n);
						/* and by a long double product where one bit is resolved */
						if (ber >= 1e-9) {
							long double at = lanes * (long double)ln_cl_at(model, e, n, ber);
							long double below =
								n1 > e ? lanes * (long double)ln_cl_at(model, e, n1, ber)
								       : -INFINITY;
							assert_true(at >= logl(cl) && below < logl(cl));
						}
						/* the per-lane answer for L = 1 is bercl_min_bits' */
						if (lanes == 1) {
							double single;
							assert_int_equal(bercl_min_bits(model, e, ber, cl, 1 - cl,
							                                &single, NULL),
							                 BERCL_OK);
							if (single != n)
								fail_msg("E=%g ber=%g cl=%g model %d: %.17g vs %.17g", e, ber, cl, m, n, single);
						}
						/* GSL resolves one bit where ber is 1e-6 */
						if (model == BERCL_POISSON && ber == 1e-6 && e <= 10) {
							double p_at = gsl_sf_gamma_inc_P(e + 1, n * ber);
							double p_below = gsl_sf_gamma_inc_P(e + 1, (n - 1) * ber);
							assert_true(pow(p_at, lanes) >= cl * (1 - 1e-13));
							assert_true(pow(p_below, lanes) < cl * (1 + 1e-13));
							gsl_rows++;
						}
						assert_true(bercl_rel_diff(all.cl, pow(exp(ln_cl_at(model, e, n, ber)),
						                                       lanes)) < 1e-14);
						rows++;
					}
	print_message("bits --all-lanes: %d cases reach CL at N and miss at N - 1 (%d also by "
	              "GSL)\n",
	              rows, gsl_rows);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_is_product),
		cmocka_unit_test(test_all_far_tail),
		cmocka_unit_test(test_all_lanes_bits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
