/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_clustered.c - lib/clustered.c: the dispersion, its bound and the
 * clustered answers against tests/data/clustered_ref.csv (mpmath at 50
 * digits, gen_clustered_ref.py), the bad intervals bercl_intervals_add()
 * refuses, the promises of the header (never more than the Poisson answer;
 * the bound is where cl_clustered reaches cl; the order of the intervals
 * does not matter).
 */
#include "testutil.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#define MAXK 4096

/* "NxV" repeats V N times; returns the count of values. */
static int expand(const char *text, double *out, int max)
{
	int k = 0;
	char buf[64];
	while (*text) {
		while (*text == ' ')
			text++;
		if (!*text)
			break;
		size_t n = strcspn(text, " ");
		assert_true(n < sizeof buf);
		memcpy(buf, text, n);
		buf[n] = '\0';
		text += n;
		char *x = strchr(buf, 'x');
		int rep = 1;
		double v;
		if (x) {
			*x = '\0';
			rep = atoi(buf);
			v = strtod(x + 1, NULL);
		} else {
			v = strtod(buf, NULL);
		}
		for (int i = 0; i < rep; i++) {
			assert_true(k < max);
			out[k++] = v;
		}
	}
	return k;
}

static void check_rel(const char *what, const char *name, double got, const char *ref, double tol)
{
	double want = strtod(ref, NULL);
	double d = bercl_rel_diff(got, want);
	if (!(d <= tol))
		fail_msg("%s %s: %.17g, reference %s (rel. diff %.3g)", name, what, got, ref, d);
}

static void test_reference(void **state)
{
	(void)state;
	static char line[1 << 16];
	static double bits[MAXK], errors[MAXK];
	char *f[13];
	FILE *fp = table_open("clustered_ref.csv");
	int cases = 0;
	table_next(fp, line, sizeof line, f, 13); /* header */
	while (table_next(fp, line, sizeof line, f, 13) == 13) {
		int k = expand(f[1], bits, MAXK);
		assert_int_equal(expand(f[2], errors, MAXK), k);
		bercl_intervals s = {0};
		for (int i = 0; i < k; i++)
			assert_int_equal(bercl_intervals_add(&s, bits[i], errors[i]), BERCL_OK);
		double ber = strtod(f[3], NULL), cl = strtod(f[4], NULL);
		bercl_dispersion d;
		assert_int_equal(bercl_clustered_dispersion(&s, &d), BERCL_OK);
		if (f[5][0]) {
			assert_true(d.has_estimate);
			check_rel("dispersion", f[0], d.dispersion, f[5], 1e-12);
		} else {
			assert_false(d.has_estimate);
		}
		assert_true(d.df == strtod(f[6], NULL));
		assert_int_equal(d.bounded, d.df >= 1);
		if (d.bounded)
			check_rel("dispersion_upper", f[0], d.dispersion_upper, f[7], 1e-11);
		bercl_tails t;
		assert_int_equal(bercl_clustered_cl(&s, ber, &t), BERCL_OK);
		check_rel("cl_clustered", f[0], t.cl, f[8], 1e-10);
		check_rel("one_minus_cl_clustered", f[0], t.one_minus_cl, f[9], 1e-10);
		double lo, up;
		assert_int_equal(bercl_clustered_ber_bounds(&s, cl, 1 - cl, 0, &lo, &up), BERCL_OK);
		assert_true(lo == 0);
		check_rel("ber_upper_clustered", f[0], up, f[10], 1e-10);
		assert_int_equal(bercl_clustered_ber_bounds(&s, cl, 1 - cl, 1, &lo, &up), BERCL_OK);
		check_rel("ber_lower_clustered (two-sided)", f[0], lo, f[11], 1e-10);
		check_rel("ber_upper_clustered (two-sided)", f[0], up, f[12], 1e-10);
		cases++;
	}
	fclose(fp);
	assert_true(cases >= 10);
	print_message("%d reference cases\n", cases);
}

static void test_bad_intervals(void **state)
{
	(void)state;
	bercl_intervals s = {0};
	assert_int_equal(bercl_intervals_add(&s, 1e9, 3), BERCL_OK);
	bercl_intervals before = s;
	const double bad[][2] = {{0, 0}, {-1, 0}, {NAN, 0}, {INFINITY, 0}, {1e9, -1}, {1e9, 1.5},
	                         {1e9, NAN}, {10, 11}};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(bercl_intervals_add(&s, bad[i][0], bad[i][1]), BERCL_EDOM);
		assert_memory_equal(&s, &before, sizeof s);
	}
	assert_int_equal(bercl_intervals_add(&s, 1e18, BERCL_MAX_ERRORS), BERCL_ELIMIT);
	assert_memory_equal(&s, &before, sizeof s);
	/* a struct not built from zero, or with no interval */
	bercl_intervals none = {0};
	bercl_dispersion d;
	bercl_tails t;
	double lo, up;
	assert_int_equal(bercl_clustered_dispersion(&none, &d), BERCL_EDOM);
	assert_int_equal(bercl_clustered_cl(&none, 1e-9, &t), BERCL_EDOM);
	assert_int_equal(bercl_clustered_ber_bounds(&none, 0.95, 0.05, 0, &lo, &up), BERCL_EDOM);
	bercl_intervals junk = s;
	junk.sum_a = -1;
	assert_int_equal(bercl_clustered_dispersion(&junk, &d), BERCL_EDOM);
	assert_int_equal(bercl_clustered_cl(&s, 0, &t), BERCL_EDOM);
	assert_int_equal(bercl_clustered_cl(&s, 1, &t), BERCL_EDOM);
	assert_int_equal(bercl_clustered_ber_bounds(&s, 0.95, 0.5, 0, &lo, &up), BERCL_EDOM);
}

/*
 * Random logs (bursty and not): cl_clustered never above the Poisson CL,
 * the bounds never inside the Poisson ones, cl_clustered at
 * ber_upper_clustered is cl, and the reversed order gives the same answers.
 */
static void test_promises(void **state)
{
	(void)state;
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 23);
	static double n[MAXK], x[MAXK];
	double worst_dual = 0;
	int bounded = 0;
	for (int trial = 0; trial < 400; trial++) {
		int k = 2 + (int)gsl_rng_uniform_int(rng, 500);
		double mean = pow(10, -2 + 4 * gsl_rng_uniform(rng));
		double len = 1 + floor(pow(10, 2 * gsl_rng_uniform(rng)));
		bercl_intervals s = {0}, r = {0};
		for (int i = 0; i < k; i++) {
			n[i] = floor(1e9 * (0.5 + gsl_rng_uniform(rng)));
			unsigned bursts = gsl_ran_poisson(rng, mean / len);
			x[i] = 0;
			for (unsigned j = 0; j < bursts; j++)
				x[i] += len == 1 ? 1 : gsl_ran_geometric(rng, 1 / len);
			assert_int_equal(bercl_intervals_add(&s, n[i], x[i]), BERCL_OK);
		}
		for (int i = k - 1; i >= 0; i--)
			assert_int_equal(bercl_intervals_add(&r, n[i], x[i]), BERCL_OK);
		double cl = 0.9 + 0.09 * gsl_rng_uniform(rng);
		double ber = s.errors > 0 ? 2 * s.errors / s.bits : 1e-9;
		bercl_tails c, cr, p;
		assert_int_equal(bercl_clustered_cl(&s, ber, &c), BERCL_OK);
		assert_int_equal(bercl_clustered_cl(&r, ber, &cr), BERCL_OK);
		assert_int_equal(bercl_cl(BERCL_POISSON, s.errors, s.bits, ber, &p), BERCL_OK);
		assert_true(c.cl <= p.cl && c.one_minus_cl >= p.one_minus_cl);
		assert_true(bercl_rel_diff(c.cl, cr.cl) <= 1e-9 || fabs(c.cl - cr.cl) < 1e-12);
		double lo, up, plo, pup;
		assert_int_equal(bercl_clustered_ber_bounds(&s, cl, 1 - cl, 1, &lo, &up), BERCL_OK);
		assert_int_equal(bercl_ber_interval(BERCL_POISSON, s.errors, s.bits, cl, 1 - cl, &plo,
		                                    &pup), BERCL_OK);
		assert_true(lo <= plo && up >= pup && lo >= 0 && up <= 1);
		assert_int_equal(bercl_clustered_ber_bounds(&s, cl, 1 - cl, 0, &lo, &up), BERCL_OK);
		bercl_dispersion d;
		assert_int_equal(bercl_clustered_dispersion(&s, &d), BERCL_OK);
		if (d.bounded && up < 1) {
			bounded++;
			assert_true(d.dispersion_upper >= 1 && d.independent_events <= s.errors);
			assert_int_equal(bercl_clustered_cl(&s, up, &c), BERCL_OK);
			double e = fabs(c.cl - cl) / (1 - cl);
			worst_dual = fmax(worst_dual, e);
			assert_true(e <= 1e-9);
		} else if (!d.bounded) {
			assert_true(up == 1 && lo == 0);
		}
	}
	gsl_rng_free(rng);
	assert_true(bounded >= 100);
	print_message("400 logs (%d bounded): cl_clustered at ber_upper_clustered within %.2g of cl "
	              "(relative to 1 - cl)\n", bounded, worst_dual);
}

/*
 * Satterthwaite's term does not depend on the scale of the bits: the same
 * counts in intervals of 1e10 and of 1e280 bits (a_i = x_i^2 / n_i near
 * 1e-277, a_i^2 below the doubles) have the same df and dispersion_upper.
 * Counts 1, 1, 1, 50 in four equal intervals: (sum a)^2 / sum a^2 =
 * 2503^2 / 6250003 = 1.0024, so df = min(3, 3, 1) = 1 (before the fix the
 * sum of a_i^2 underflowed to 0 at 1e280 bits and df was 3; the oracle's
 * cl-clustered found it).
 */
static void test_huge_bits(void **state)
{
	(void)state;
	static const double x[] = {1, 1, 1, 50};
	double scale[] = {1e10, 1e150, 1e200, 1e280, 2.4e299};
	bercl_dispersion d[5];
	for (int j = 0; j < 5; j++) {
		bercl_intervals s = {0};
		for (int i = 0; i < 4; i++)
			assert_int_equal(bercl_intervals_add(&s, scale[j], x[i]), BERCL_OK);
		assert_int_equal(bercl_clustered_dispersion(&s, &d[j]), BERCL_OK);
		assert_true(d[j].bounded);
		assert_true(d[j].df == 1);
		double rel = bercl_rel_diff(d[j].dispersion_upper, d[0].dispersion_upper);
		if (!(rel <= 1e-13))
			fail_msg("bits %g: dispersion_upper %.17g, at 1e10 bits %.17g", scale[j],
			         d[j].dispersion_upper, d[0].dispersion_upper);
	}
}

/*
 * Two-sided, where the interval of e = ceil(X / phi_U) has a lower end below
 * the doubles that is no part of the answer: counts 1 and 100 in two
 * intervals of 1e290 bits (phi_U 955.8, e = 1, f = 0, 2.09e287 equivalent
 * bits) at a = 1e-22: the interval of 1 event would end at 2.4e-310 below,
 * and the call returned BERCL_ELIMIT. The answer: lower 0 (f = 0), upper the
 * one-sided bound of 1 event at 1 - a/2, as bercl_ber_interval() gives it.
 */
static void test_two_sided_tiny_end(void **state)
{
	(void)state;
	bercl_intervals s = {0};
	assert_int_equal(bercl_intervals_add(&s, 1e290, 1), BERCL_OK);
	assert_int_equal(bercl_intervals_add(&s, 1e290, 100), BERCL_OK);
	bercl_dispersion d;
	assert_int_equal(bercl_clustered_dispersion(&s, &d), BERCL_OK);
	assert_true(d.bounded && ceil(s.errors / d.dispersion_upper) == 1);
	double a = 1e-22, lo = -1, up = -1, want;
	assert_int_equal(bercl_clustered_ber_bounds(&s, 1 - a, a, 1, &lo, &up), BERCL_OK);
	assert_int_equal(bercl_ber_upper(BERCL_POISSON, 1, s.bits / d.dispersion_upper, 1 - a / 2,
	                                 a / 2, &want), BERCL_OK);
	assert_true(lo == 0);
	assert_true(up == want && up > 1e-287 && up < 1e-284);
}

/*
 * A clustered end below the doubles beside a Poisson end that is not: 40
 * errors in two bursts of 20 among 100 intervals of 1e278 bits, at CL
 * 1e-100. phi_U = 195, so e = ceil(40 / 195) = 1, and lambda_1 at 1e-100
 * (1.4e-50) over 1e280 / 195 bits is 2.8e-328, below the doubles; the
 * answer, the larger end, is the Poisson bound of 40 errors, 5.9e-282.
 * bercl refused it (the oracle's ber-clustered found it).
 */
static void test_end_below_doubles(void **state)
{
	(void)state;
	bercl_intervals s = {0};
	for (int i = 0; i < 100; i++)
		assert_int_equal(bercl_intervals_add(&s, 1e278, i == 3 || i == 50 ? 20 : 0), BERCL_OK);
	bercl_dispersion d;
	assert_int_equal(bercl_clustered_dispersion(&s, &d), BERCL_OK);
	assert_true(d.bounded && ceil(s.errors / d.dispersion_upper) == 1);
	double c = 1e-100, clustered, lo = -1, up = -1, want, want_lo, want_up;
	assert_int_equal(bercl_ber_upper(BERCL_POISSON, 1, s.bits / d.dispersion_upper, c, 1 - c,
	                                 &clustered), BERCL_ELIMIT);
	assert_int_equal(bercl_clustered_ber_bounds(&s, c, 1 - c, 0, &lo, &up), BERCL_OK);
	assert_int_equal(bercl_ber_upper(BERCL_POISSON, 40, 1e280, c, 1 - c, &want), BERCL_OK);
	assert_true(lo == 0 && up == want && up > 5.8e-282 && up < 5.9e-282);
	/* two-sided at 1e-100: each end at a/2 = 0.5 - 5e-101, both in range */
	assert_int_equal(bercl_clustered_ber_bounds(&s, c, 1 - c, 1, &lo, &up), BERCL_OK);
	assert_int_equal(bercl_ber_interval(BERCL_POISSON, 40, 1e280, c, 1 - c, &want_lo, &want_up),
	                 BERCL_OK);
	assert_true(lo == 0 && up >= want_up && up > 3e-278 && up < 4e-278);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reference),
		cmocka_unit_test(test_bad_intervals),
		cmocka_unit_test(test_promises),
		cmocka_unit_test(test_huge_bits),
		cmocka_unit_test(test_two_sided_tiny_end),
		cmocka_unit_test(test_end_below_doubles),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
