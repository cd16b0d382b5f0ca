/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_poisson.c - CL and 1 - CL against tests/data/poisson_ref.csv, a table
 * computed with mpmath at 80 digits by tests/data/gen_poisson_ref.py (direct
 * summation, no code of ours), and against GSL where GSL is reliable.
 */
#include "testutil.h"
#include "internal.h"

#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

#define TOLERANCE 5e-14

static void test_reference_table(void **state)
{
	(void)state;
	FILE *fp = table_open("poisson_ref.csv");
	char line[512];
	char *f[4];
	int rows = 0, below_range = 0, big = 0;
	double worst = 0;
	while (table_next(fp, line, sizeof line, f, 4) == 4) {
		double errors = strtod(f[0], NULL), lambda = strtod(f[1], NULL);
		bercl_tails t;
		assert_int_equal(bercl_poisson_tails(errors, lambda, 0.0, &t), BERCL_OK);
		double ec = rel_error_vs_decimal(t.ln_cl, f[2]);
		double eq = rel_error_vs_decimal(t.ln_one_minus_cl, f[3]);
		if (!(ec <= TOLERANCE && eq <= TOLERANCE))
			fail_msg("errors=%s lambda=%s: cl error %.3g, 1-cl error %.3g", f[0], f[1], ec, eq);
		worst = fmax(worst, fmax(ec, eq));
		/* The plain doubles agree with the log forms where representable. */
		if (t.cl >= DBL_MIN)
			assert_true(fabs(t.cl - exp(t.ln_cl.hi)) <= 1e-13 * t.cl);
		below_range += t.cl < DBL_MIN || t.one_minus_cl < DBL_MIN;
		big += errors >= 100000;
		rows++;
	}
	fclose(fp);
	assert_true(rows > 1000);
	assert_true(below_range > 20); /* the table reaches below 1e-308 */
	assert_true(big > 50);         /* and shapes of 1e5 to 1e6 */
	print_message("poisson_ref.csv: %d rows, worst relative error %.3g\n", rows, worst);
}

/*
 * The certified fast path (lib/poisson_fast.c) against the same table: it
 * answers most points itself (not the double-double path), every answer it
 * certifies is within its certificate (4e-15 relative for the doubles in
 * the normal range, 4e-15 on the logarithms; also with lambda given as
 * the double-double next-up + (lambda - next-up)), and its plain doubles are
 * never more than 1/2 ulp farther from the table than the double-double
 * path's on more than 10 % of the values (measured: 4 of 2599 values, 177
 * before the long double paths; on most of the others it is nearer).
 */
static void test_fast_path(void **state)
{
	(void)state;
	FILE *fp = table_open("poisson_ref.csv");
	char line[512];
	char *f[4];
	int rows = 0, fast = 0, values = 0, worse = 0;
	while (table_next(fp, line, sizeof line, f, 4) == 4) {
		double errors = strtod(f[0], NULL), lambda = strtod(f[1], NULL);
		bercl_tails t, d;
		rows++;
		assert_int_equal(bercli_poisson_tails_dd(errors, lambda, 0, &d), BERCL_OK);
		/* the same lambda as the double-double next-up + (lambda - next-up) */
		double up = nextafter(lambda, INFINITY), lambda_lo = lambda - up;
		bercl_tails two;
		if (up <= BERCL_MAX_LAMBDA && bercli_poisson_fast(errors, up, lambda_lo, &two, 1)) {
			double e2 = fmax(rel_error_vs_decimal(two.ln_cl, f[2]),
			                 rel_error_vs_decimal(two.ln_one_minus_cl, f[3]));
			if (!(e2 <= 4e-15))
				fail_msg("errors=%s lambda=%s as %.17g%+.3g: ln error %.3g", f[0], f[1], up,
				         lambda_lo, e2);
		}
		if (!bercli_poisson_fast(errors, lambda, 0, &t, 1))
			continue;
		fast++;
		double ec = rel_error_vs_decimal(t.ln_cl, f[2]);
		double eq = rel_error_vs_decimal(t.ln_one_minus_cl, f[3]);
		if (!(ec <= 4e-15 && eq <= 4e-15))
			fail_msg("errors=%s lambda=%s: ln cl error %.3g, ln 1-cl error %.3g", f[0], f[1], ec,
			         eq);
		const double tv[2] = {t.cl, t.one_minus_cl}, dv[2] = {d.cl, d.one_minus_cl};
		for (int k = 0; k < 2; k++) {
			long double r = strtold(f[2 + k], NULL);
			if (r < DBL_MIN)
				continue;
			long double ef = fabsl(tv[k] - r), ed = fabsl(dv[k] - r);
			if (!(ef <= 4e-15L * r))
				fail_msg("errors=%s lambda=%s: tail %d relative error %.3Lg", f[0], f[1], k,
				         ef / r);
			values++;
			worse += ef > ed + 0.5L * DBL_EPSILON / 2 * r;
		}
	}
	fclose(fp);
	print_message("fast path: %d of %d rows, %d of %d values > 1/2 ulp worse than double-double\n",
	              fast, rows, worse, values);
	assert_true(fast > rows * 8 / 10);
	assert_true(worse * 10 < values);
}

/*
 * bercl_poisson_values() gives the very doubles of bercl_poisson_tails()
 * (the same certified path, without the logarithms) on every row of the
 * table, each within 4e-15 of the table's value in the normal range; and
 * around the bottom of the range (tails from e^-700 to e^-760, where its
 * early exit says 0), again the same doubles, with 0 only where the table
 * says the tail is below 2^-1075.
 */
static void test_values(void **state)
{
	(void)state;
	FILE *fp = table_open("poisson_ref.csv");
	char line[512];
	char *f[4];
	int rows = 0, zeros = 0;
	while (table_next(fp, line, sizeof line, f, 4) == 4) {
		double errors = strtod(f[0], NULL), lambda = strtod(f[1], NULL), p, q;
		bercl_tails t;
		assert_int_equal(bercl_poisson_tails(errors, lambda, 0, &t), BERCL_OK);
		assert_int_equal(bercl_poisson_values(errors, lambda, 0, &p, &q), BERCL_OK);
		rows++;
		if (p != t.cl || q != t.one_minus_cl)
			fail_msg("errors=%s lambda=%s: values %.17g %.17g, tails %.17g %.17g", f[0], f[1],
			         p, q, t.cl, t.one_minus_cl);
		const double v[2] = {p, q};
		for (int k = 0; k < 2; k++) {
			long double r = strtold(f[2 + k], NULL);
			if (r >= DBL_MIN && !(fabsl(v[k] - r) <= 4e-15L * r))
				fail_msg("errors=%s lambda=%s: tail %d = %.17g, table %s", f[0], f[1], k, v[k],
				         f[2 + k]);
			if (v[k] == 0 && !(r < 0x1p-1075L))
				fail_msg("errors=%s lambda=%s: tail %d is 0, table %s", f[0], f[1], k, f[2 + k]);
			zeros += v[k] == 0;
		}
	}
	fclose(fp);
	assert_true(rows > 1000);
	assert_true(zeros > 10);
	/* E = 0: 1 - CL = e^-lambda, 0 from lambda = 745.14 (ln 2^-1075 =
	 * -745.133); E = 1..40 at lambda where one tail is near e^-745 */
	for (double lam = 700.0; lam <= 760.0; lam += 0.0625) {
		double p, q;
		bercl_tails t;
		assert_int_equal(bercl_poisson_values(0, lam, 0, &p, &q), BERCL_OK);
		assert_int_equal(bercl_poisson_tails(0, lam, 0, &t), BERCL_OK);
		assert_true(q == t.one_minus_cl && p == 1.0);
		assert_true((q == 0) == (lam > 745.1332));
	}
	for (double e = 1; e <= 40; e++)
		for (double lam = 1e-30; lam < 1e4; lam *= 1.07) {
			double p, q;
			bercl_tails t;
			assert_int_equal(bercl_poisson_values(e, lam, 0, &p, &q), BERCL_OK);
			assert_int_equal(bercl_poisson_tails(e, lam, 0, &t), BERCL_OK);
			if (p != t.cl || q != t.one_minus_cl)
				fail_msg("errors=%g lambda=%.17g: values %.17g %.17g, tails %.17g %.17g", e, lam,
				         p, q, t.cl, t.one_minus_cl);
		}
	print_message("values: %d rows, %d tails 0\n", rows, zeros);
}

/*
 * The plain doubles in ulps of poisson_ref.csv (25 digits): at most 1 ulp
 * at the 99th percentile on each tail, at most 4 at worst (measured: 0.96
 * and 0.63 at the 99th percentile, 2.97 and 1.9 at worst; before the long
 * double paths of poisson_fast.c, 2.36 and 2.32, 4.1 and 4.4).
 */
static void test_ulps(void **state)
{
	(void)state;
	FILE *fp = table_open("poisson_ref.csv");
	char line[512];
	char *f[4];
	static double u[2][4000];
	int n[2] = {0, 0};
	while (table_next(fp, line, sizeof line, f, 4) == 4) {
		double errors = strtod(f[0], NULL), lambda = strtod(f[1], NULL);
		bercl_tails t;
		assert_int_equal(bercl_poisson_tails(errors, lambda, 0, &t), BERCL_OK);
		const double v[2] = {t.cl, t.one_minus_cl};
		for (int k = 0; k < 2; k++) {
			double x = ulps_vs_decimal(v[k], f[2 + k]);
			if (x >= 0 && n[k] < 4000)
				u[k][n[k]++] = x;
		}
	}
	fclose(fp);
	for (int k = 0; k < 2; k++) {
		assert_true(n[k] > 1000);
		double p99 = quantile(u[k], n[k], 0.99), worst = u[k][n[k] - 1];
		print_message("poisson_ref.csv tail %d: %d values, p99 %.3f ulp, worst %.3f\n", k, n[k],
		              p99, worst);
		assert_true(p99 <= 1.0);
		assert_true(worst <= 4.0);
	}
}

/* The textbook snippet's failures, each with the value it should give. */
static void test_textbook_failures(void **state)
{
	(void)state;
	/* 1 - CL = e^-lambda for E = 0: no cancellation to 0 at 1e-17. */
	assert_true(fabs(bercl_poisson_cl(0, 1e-17) - 1e-17) < 1e-32);
	/* 800 errors: no overflow; CL(800 errors, lambda = 800) is near 1/2. */
	double cl = bercl_poisson_cl(800, 800);
	assert_true(cl > 0.49 && cl < 0.5);
	/* Both tails sum to one. */
	for (double e = 0; e < 2e6; e = e * 3 + 1) {
		double lam = e + 0.5 * sqrt(e + 1);
		double s = bercl_poisson_cl(e, lam) + bercl_poisson_one_minus_cl(e, lam);
		assert_true(fabs(s - 1) < 4e-16);
	}
}

static void test_domain(void **state)
{
	(void)state;
	bercl_tails t;
	assert_int_equal(bercl_poisson_tails(-1, 1, 0, &t), BERCL_EDOM);
	assert_int_equal(bercl_poisson_tails(1.5, 1, 0, &t), BERCL_EDOM);
	assert_int_equal(bercl_poisson_tails(NAN, 1, 0, &t), BERCL_EDOM);
	assert_int_equal(bercl_poisson_tails(BERCL_MAX_ERRORS * 2, 1, 0, &t), BERCL_EDOM);
	assert_int_equal(bercl_poisson_tails(0, 0, 0, &t), BERCL_EDOM);
	assert_int_equal(bercl_poisson_tails(0, 1e-301, 0, &t), BERCL_EDOM);
	assert_int_equal(bercl_poisson_tails(0, 2e300, 0, &t), BERCL_EDOM);
	assert_int_equal(bercl_poisson_tails(0, INFINITY, 0, &t), BERCL_EDOM);
	assert_int_equal(bercl_poisson_tails(0, NAN, 0, &t), BERCL_EDOM);
	assert_true(isnan(bercl_poisson_cl(-1, 1)));
	/* The ends of the domain give finite logs and no NaN. */
	double lams[] = {1e-300, 1e-20, 1, 1e10, 1e300};
	double errs[] = {0, 1, 24, 25, 1e6, BERCL_MAX_ERRORS};
	for (size_t i = 0; i < 5; i++)
		for (size_t j = 0; j < 6; j++) {
			assert_int_equal(bercl_poisson_tails(errs[j], lams[i], 0, &t), BERCL_OK);
			assert_true(isfinite(t.ln_cl.hi) && t.ln_cl.hi <= 0);
			assert_true(isfinite(t.ln_one_minus_cl.hi) && t.ln_one_minus_cl.hi <= 0);
			assert_false(isnan(t.cl) || isnan(t.one_minus_cl));
		}
}

/*
 * GSL where it is reliable enough (shape up to 1000, both tails above
 * 1e-300): an independent implementation agreeing to 1e-11 on 2000 points.
 * Measured worst 1.5e-12, at E = 973, lambda = 943.76, where the 80-digit
 * sum gives CL = 0.166404182763156204: bercl 0.16640418276315623, GSL
 * 0.16640418276291291, so the difference is GSL's.
 */
static void test_gsl_agreement(void **state)
{
	(void)state;
	gsl_set_error_handler_off();
	unsigned long s = 12345;
	double worst = 0;
	for (int i = 0; i < 2000; i++) {
		s = s * 6364136223846793005UL + 1442695040888963407UL;
		double e = (double)((s >> 33) % 1000);
		s = s * 6364136223846793005UL + 1442695040888963407UL;
		double u = (double)(s >> 11) / 9007199254740992.0;
		double lam = (e + 1) * exp((u - 0.5) * 3);
		gsl_sf_result p, q;
		if (gsl_sf_gamma_inc_P_e(e + 1, lam, &p) || gsl_sf_gamma_inc_Q_e(e + 1, lam, &q))
			continue;
		bercl_tails t;
		assert_int_equal(bercl_poisson_tails(e, lam, 0, &t), BERCL_OK);
		double d = fmax(p.val > 1e-300 ? bercl_rel_diff(t.cl, p.val) : 0,
		                q.val > 1e-300 ? bercl_rel_diff(t.one_minus_cl, q.val) : 0);
		if (d > worst && getenv("BERCL_TEST_VERBOSE"))
			print_message("  e=%.17g lam=%.17g diff %.3g\n", e, lam, d);
		worst = fmax(worst, d);
	}
	print_message("GSL agreement, shape <= 1000: worst %.3g\n", worst);
	assert_true(worst < 1e-11);
}

/* The decimal split used to print values below the double range. */
static void test_log_decimal(void **state)
{
	(void)state;
	double m;
	long long e;
	bercl_lnprob l = {-2331 * 2.302585092994046, 0};
	assert_int_equal(bercl_lnprob_decimal(l, &m, &e), 0);
	assert_true(e == -2331 || e == -2332);
	bercl_lnprob one = {-1e-300, 0};
	assert_int_equal(bercl_lnprob_decimal(one, &m, &e), 0);
	assert_true((e == -1 && fabs(m - 10) < 1e-14) || (e == 0 && m == 1));
	bercl_lnprob tiny = {-1e300, 0};
	assert_int_equal(bercl_lnprob_decimal(tiny, &m, &e), -1);
	bercl_lnprob half = {log(0.5), 0};
	assert_int_equal(bercl_lnprob_decimal(half, &m, &e), 0);
	assert_int_equal(e, -1);
	assert_true(fabs(m - 5) < 1e-15);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reference_table),
		cmocka_unit_test(test_fast_path),
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_ulps),
		cmocka_unit_test(test_textbook_failures),
		cmocka_unit_test(test_domain),
		cmocka_unit_test(test_gsl_agreement),
		cmocka_unit_test(test_log_decimal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
