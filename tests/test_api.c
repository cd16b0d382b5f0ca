/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_api.c - libbercl through its public surface only: this file includes
 * <bercl.h> and nothing else of the project, and links -lbercl (the shared
 * library). Expected values are from mpmath at 50 digits (quoted beside each)
 * or from closed forms, never from the library itself.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include <bercl.h>

static void assert_rel(double got, double want, double tol)
{
	double d = fabs(got - want) / fabs(want);
	if (!(d <= tol))
		fail_msg("got %.17g, want %.17g (rel %.3g > %.3g)", got, want, d, tol);
}

static void test_version(void **state)
{
	(void)state;
	assert_int_equal(bercl_version(), BERCL_VERSION_NUMBER);
	assert_string_equal(bercl_version_string(), BERCL_VERSION_STRING);
	assert_int_equal(BERCL_VERSION_NUMBER >> 16, BERCL_VERSION_MAJOR);
}

static void test_strerror(void **state)
{
	(void)state;
	const enum bercl_status all[] = {BERCL_OK, BERCL_EDOM, BERCL_ELIMIT, BERCL_ENOCONV};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		const char *s = bercl_strerror(all[i]);
		assert_non_null(s);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(s, bercl_strerror(all[j]));
	}
	assert_non_null(bercl_strerror((enum bercl_status)99));
}

static void test_poisson(void **state)
{
	(void)state;
	bercl_tails t;
	/* 0 errors in 3e12 bits at 1e-12: CL = 1 - e^-3 */
	assert_int_equal(bercl_poisson_tails(0, 3.0, 0.0, &t), BERCL_OK);
	assert_rel(t.one_minus_cl, exp(-3.0), 2e-16);
	assert_rel(t.cl, -expm1(-3.0), 2e-16);
	/* 1 - CL for E = 100, lambda = 2000, below the double range; mpmath:
	 * exp(-2000) sum_{k<=100} 2000^k/k! = 3.683803727904009417e-697 */
	assert_int_equal(bercl_poisson_tails(100, 2000.0, 0.0, &t), BERCL_OK);
	assert_true(t.one_minus_cl == 0.0);
	assert_true(t.cl == 1.0);
	double m;
	long long e10;
	assert_int_equal(bercl_lnprob_decimal(t.ln_one_minus_cl, &m, &e10), 0);
	assert_true(e10 == -697);
	assert_rel(m, 3.683803727904009417, 1e-14);
	assert_int_equal(bercl_poisson_tails(-1, 1.0, 0.0, &t), BERCL_EDOM);
	assert_int_equal(bercl_poisson_tails(0, NAN, 0.0, &t), BERCL_EDOM);
	assert_true(isnan(bercl_poisson_cl(0.5, 1.0)));
}

static void test_binomial(void **state)
{
	(void)state;
	bercl_tails t;
	/* E = 0: 1 - CL = (1 - p)^N exactly */
	assert_int_equal(bercl_binomial_tails(0, 1000, 1e-3, &t), BERCL_OK);
	assert_rel(t.one_minus_cl, exp(1000 * log1p(-1e-3)), 1e-14);
	/* E = 1, N = 2, p = 0.5: P[X > 1] = 0.25 */
	assert_int_equal(bercl_binomial_tails(1, 2, 0.5, &t), BERCL_OK);
	assert_rel(t.cl, 0.25, 1e-15);
	assert_int_equal(bercl_binomial_tails(0, 10, 1.5, &t), BERCL_EDOM);
}

static void test_min_bits_and_bounds(void **state)
{
	(void)state;
	double bits, lo, hi;
	bercl_tails t;
	/* E = 0, 95 %: N = ceil(-ln 0.05 / 1e-12) = 2995732273554 */
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0, 1e-12, 0.95, 0.05, &bits, &t),
	                 BERCL_OK);
	assert_true(bits == 2995732273554.0);
	assert_true(t.cl >= 0.95);
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0, 1e-12, 0.95, 0.05, &bits, NULL),
	                 BERCL_OK);
	/* E = 0: the upper bound is -ln(1 - CL) / N */
	assert_int_equal(bercl_ber_upper(BERCL_POISSON, 0, 1e12, 0.95, 0.05, &hi), BERCL_OK);
	assert_rel(hi, -log(0.05) / 1e12, 1e-14);
	/* binomial, E = 0: 1 - (1 - p)^N = 0.95, p = 1 - 0.05^(1/N) */
	assert_int_equal(bercl_ber_upper(BERCL_BINOMIAL, 0, 1000, 0.95, 0.05, &hi), BERCL_OK);
	assert_rel(hi, -expm1(log(0.05) / 1000), 1e-13);
	assert_int_equal(bercl_ber_interval(BERCL_POISSON, 0, 1e12, 0.95, 0.05, &lo, &hi),
	                 BERCL_OK);
	assert_true(lo == 0.0);
	assert_rel(hi, -log(0.025) / 1e12, 1e-14);
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0, 0.0, 0.95, 0.05, &bits, NULL),
	                 BERCL_EDOM);
}

static void test_lnprob(void **state)
{
	(void)state;
	bercl_lnprob l = {log(0.25), 0.0};
	assert_rel(bercl_lnprob_value(l), 0.25, 1e-16);
	double m;
	long long e;
	bercl_lnprob tiny = {-1000.0 * log(10.0), 0.0};
	assert_int_equal(bercl_lnprob_decimal(tiny, &m, &e), 0);
	assert_true(e == -1000 || e == -1001);
	assert_true(bercl_rel_diff(1.0, 1.0) == 0.0);
	assert_rel(bercl_rel_diff(1.0, 2.0), 0.5, 1e-16);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_strerror),
		cmocka_unit_test(test_poisson),
		cmocka_unit_test(test_binomial),
		cmocka_unit_test(test_min_bits_and_bounds),
		cmocka_unit_test(test_lnprob),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
