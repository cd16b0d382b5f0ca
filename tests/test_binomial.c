/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_binomial.c - the exact binomial model and the BER bounds of both
 * models, against tables from tests/data/gen_binomial_ref.py (exact sums at
 * 80 digits, roots by bisection to 1e-40).
 */
#include "testutil.h"
#include "internal.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

static double rel(double a, const char *ref)
{
	double r = strtod(ref, NULL);
	if (r == 0)
		return a == 0 ? 0 : INFINITY;
	return fabs(a - r) / fabs(r);
}

/*
 * rel() against a BER bound of a table: a Poisson rate above 1 (lambda /
 * bits, the model past its range: 5 rows of bounds_ref.csv and of
 * r_ref.csv) is returned as 1 (bercl.h), so that is what it must be.
 */
static double rel_bound(double a, const char *ref)
{
	double r = strtod(ref, NULL);
	if (r > 1)
		return a == 1 ? 0 : INFINITY;
	return rel(a, ref);
}

/*
 * A table of (errors, bits, ber, ln CL, ln(1 - CL)) at mpmath's digits:
 * each tail's logarithm within ln_tol relative, each double within ulp_tol
 * ulps (INFINITY: not checked), more than min_rows rows.
 */
static void tails_table(const char *name, double ln_tol, double ulp_tol, int min_rows)
{
	FILE *fp = table_open(name);
	char line[512];
	char *f[5];
	int rows = 0;
	double worst = 0, worst_ulp = 0;
	while (table_next(fp, line, sizeof line, f, 5) == 5) {
		double e = strtod(f[0], NULL), n = strtod(f[1], NULL), p = strtod(f[2], NULL);
		bercl_tails t;
		assert_int_equal(bercl_binomial_tails(e, n, p, &t), BERCL_OK);
		double d = fmax(rel_error_vs_decimal(t.ln_cl, f[3]),
		                rel_error_vs_decimal(t.ln_one_minus_cl, f[4]));
		double u = ulp_tol < INFINITY ? fmax(ulps_vs_decimal(t.cl, f[3]),
		                                     ulps_vs_decimal(t.one_minus_cl, f[4]))
		                              : 0;
		if (!(d <= ln_tol) || !(u <= ulp_tol))
			fail_msg("errors=%s bits=%s ber=%s: ln %.3g relative, %.3g ulp", f[0], f[1], f[2], d,
			         u);
		worst = fmax(worst, d);
		worst_ulp = fmax(worst_ulp, u);
		rows++;
	}
	fclose(fp);
	assert_true(rows > min_rows);
	print_message("%s: %d rows, worst %.3g (logarithms)", name, rows, worst);
	if (ulp_tol < INFINITY)
		print_message(", %.3f ulp", worst_ulp);
	print_message("\n");
}

static void test_tails_table(void **state)
{
	(void)state;
	tails_table("binomial_ref.csv", 1e-12, INFINITY, 400);
}

/*
 * E = 2^53, where E + 1 is not a double (tests/data/gen_binomial_e53_ref.py,
 * mpmath at 80 digits): the upper tail within 2e-15 relative. The log of
 * the ratio b(E + 1) / b(E) in double left up to 1.02e-14 (the oracle's
 * point, the table's first row).
 */
static void test_e53_table(void **state)
{
	(void)state;
	FILE *fp = table_open("binomial_e53_ref.csv");
	char line[512];
	char *f[4];
	int rows = 0;
	double worst = 0;
	while (table_next(fp, line, sizeof line, f, 4) == 4) {
		double e = strtod(f[0], NULL), n = strtod(f[1], NULL), p = strtod(f[2], NULL);
		bercl_tails t;
		assert_int_equal(bercl_binomial_tails(e, n, p, &t), BERCL_OK);
		double d = rel_error_vs_decimal(t.ln_cl, f[3]);
		if (!(d <= 2e-15))
			fail_msg("errors=%s bits=%s ber=%s: cl %.3g from the table", f[0], f[1], f[2], d);
		worst = fmax(worst, d);
		rows++;
	}
	fclose(fp);
	assert_int_equal(rows, 12);
	print_message("binomial_e53_ref.csv: %d rows, worst %.3g\n", rows, worst);
}

/*
 * The plain doubles, in ulps of the table (binomial_ref.csv, 80-digit
 * sums): at most 1 ulp at the 99th percentile on each tail, at most 1 at
 * worst (measured: 0.52 and 0.50 at the 99th percentile, 0.59 and 0.51 at
 * worst; 6.0 and 7.0 at the 99th percentile, 14.7 at worst, when the sums
 * were in double).
 */
static void test_tails_ulps(void **state)
{
	(void)state;
	FILE *fp = table_open("binomial_ref.csv");
	char line[512];
	char *f[5];
	static double u[2][1000];
	int n[2] = {0, 0};
	while (table_next(fp, line, sizeof line, f, 5) == 5) {
		double e = strtod(f[0], NULL), bits = strtod(f[1], NULL), p = strtod(f[2], NULL);
		bercl_tails t;
		assert_int_equal(bercl_binomial_tails(e, bits, p, &t), BERCL_OK);
		const double v[2] = {t.cl, t.one_minus_cl};
		for (int k = 0; k < 2; k++) {
			double x = ulps_vs_decimal(v[k], f[3 + k]);
			if (x >= 0 && n[k] < 1000)
				u[k][n[k]++] = x;
		}
	}
	fclose(fp);
	for (int k = 0; k < 2; k++) {
		assert_true(n[k] > 300);
		double p99 = quantile(u[k], n[k], 0.99), worst = u[k][n[k] - 1];
		print_message("binomial_ref.csv tail %d: %d values, p99 %.3f ulp, worst %.3f\n", k, n[k],
		              p99, worst);
		assert_true(p99 <= 1.0);
		assert_true(worst <= 1.0);
	}
}

/*
 * Where lib/binomial.c changes method, both sides of each switch
 * (tests/data/gen_binomial_cf_ref.py: each tail its own 60-digit sum):
 * the continued fraction (N p q above 64, up to 1e8; p near 0, 1/2 and
 * 1; E at the median), the sums from q^N (N p at most 16, E at most 64).
 * Each tail's logarithm within 1e-15 relative in its value, each double
 * within 1 ulp (measured: see the message).
 */
static void test_methods_table(void **state)
{
	(void)state;
	tails_table("binomial_cf_ref.csv", 1e-15, 1.0, 200);
}

static void test_bits_table(void **state)
{
	(void)state;
	FILE *fp = table_open("binomial_bits_ref.csv");
	char line[512];
	char *f[4];
	int rows = 0;
	while (table_next(fp, line, sizeof line, f, 4) == 4) {
		double e = strtod(f[0], NULL), p = strtod(f[1], NULL), c = strtod(f[2], NULL);
		double ref = strtod(f[3], NULL), bits;
		bercl_tails t;
		assert_int_equal(bercl_min_bits(BERCL_BINOMIAL, e, p, c, 1 - c, &bits, &t),
		                 BERCL_OK);
		if (bits != ref)
			fail_msg("errors=%s ber=%s cl=%s: %.17g bits, reference %s", f[0], f[1], f[2],
			         bits, f[3]);
		rows++;
	}
	fclose(fp);
	assert_true(rows > 150);
	print_message("binomial_bits_ref.csv: %d rows, all exact\n", rows);
}

/*
 * A table of model,errors,bits,cl,ber_upper,ber_lower2,ber_upper2: the
 * one-sided bound and the two-sided interval, each within 1e-12 relative.
 */
static void check_bounds_table(const char *name, const char *source)
{
	FILE *fp = table_open(name);
	char line[512];
	char *f[7];
	int rows = 0;
	double worst = 0;
	while (table_next(fp, line, sizeof line, f, 7) == 7) {
		enum bercl_model m = strcmp(f[0], "binomial") == 0 ? BERCL_BINOMIAL : BERCL_POISSON;
		double e = strtod(f[1], NULL), n = strtod(f[2], NULL), c = strtod(f[3], NULL);
		double up, lo2, up2;
		assert_int_equal(bercl_ber_upper(m, e, n, c, 1 - c, &up), BERCL_OK);
		assert_int_equal(bercl_ber_interval(m, e, n, c, 1 - c, &lo2, &up2), BERCL_OK);
		double d = fmax(rel_bound(up, f[4]), fmax(rel_bound(lo2, f[5]), rel_bound(up2, f[6])));
		if (!(d <= 1e-12))
			fail_msg("%s errors=%s bits=%s cl=%s: %.17g %.17g %.17g vs %s %s %s (%.3g)", f[0],
			         f[1], f[2], f[3], up, lo2, up2, f[4], f[5], f[6], d);
		worst = fmax(worst, d);
		rows++;
	}
	fclose(fp);
	assert_true(rows > 250);
	print_message("%s: %d rows (both models, %s), worst %.3g\n", name, rows, source, worst);
}

static void test_bounds_table(void **state)
{
	(void)state;
	check_bounds_table("bounds_ref.csv", "60-digit roots");
}

/*
 * The Poisson bounds are the nearest doubles to the table's roots on most
 * rows: ber = (lam + lam_lo) / bits rounds once (lib/solve.c). Measured on
 * the 150 Poisson rows: 146 of 150 each (upper, two-sided lower, two-sided
 * upper), against 110, 108 and 121 when ber was lam / bits; the rest are
 * 1 ulp off, where the tails' logarithms decide.
 */
static void test_bounds_nearest(void **state)
{
	(void)state;
	FILE *fp = table_open("bounds_ref.csv");
	char line[512];
	char *f[7];
	int rows = 0, near[3] = {0, 0, 0};
	while (table_next(fp, line, sizeof line, f, 7) == 7) {
		if (strcmp(f[0], "poisson") != 0)
			continue;
		double e = strtod(f[1], NULL), n = strtod(f[2], NULL), c = strtod(f[3], NULL);
		double v[3];
		assert_int_equal(bercl_ber_upper(BERCL_POISSON, e, n, c, 1 - c, &v[0]), BERCL_OK);
		assert_int_equal(bercl_ber_interval(BERCL_POISSON, e, n, c, 1 - c, &v[1], &v[2]),
		                 BERCL_OK);
		for (int k = 0; k < 3; k++) {
			double r = fmin(strtod(f[4 + k], NULL), 1.0); /* rel_bound() */
			near[k] += v[k] == r;
			if (!(fabs(v[k] - r) <= fabs(nextafter(r, 0) - r) * 1.0001))
				fail_msg("errors=%s bits=%s cl=%s: bound %d %.17g, table %s", f[1], f[2], f[3],
				         k, v[k], f[4 + k]);
		}
		rows++;
	}
	fclose(fp);
	print_message("bounds_ref.csv: nearest double on %d, %d, %d of %d Poisson rows\n", near[0],
	              near[1], near[2], rows);
	assert_true(rows == 150);
	for (int k = 0; k < 3; k++)
		assert_true(near[k] >= 140);
}

/*
 * R's poisson.test and binom.test intervals (tests/data/gen_r_ref.R, R 4.2.2;
 * qbeta as binom.test uses it above 1e6 bits) on the same points.
 */
static void test_bounds_vs_r(void **state)
{
	(void)state;
	check_bounds_table("r_ref.csv", "R's poisson.test, binom.test");
}

/* The Poisson and binomial bounds agree with GSL's quantiles where GSL works. */
static void test_bounds_vs_gsl(void **state)
{
	(void)state;
	gsl_set_error_handler_off();
	double up, lo, hi;
	assert_int_equal(bercl_ber_upper(BERCL_POISSON, 0, 3e12, 0.95, 0.05, &up), BERCL_OK);
	assert_true(fabs(up - gsl_cdf_gamma_Pinv(0.95, 1, 1) / 3e12) < 1e-14 * up);
	assert_int_equal(bercl_ber_interval(BERCL_BINOMIAL, 7, 1000, 0.95, 0.05, &lo, &hi), BERCL_OK);
	assert_true(fabs(lo - gsl_cdf_beta_Pinv(0.025, 7, 994)) < 1e-12 * lo);
	assert_true(fabs(hi - gsl_cdf_beta_Pinv(0.975, 8, 993)) < 1e-12 * hi);
}

static void test_domain(void **state)
{
	(void)state;
	bercl_tails t;
	double x, y;
	/* E = N is answered: CL = 0 exactly; E > N is outside the domain */
	assert_int_equal(bercl_binomial_tails(5, 5, 0.1, &t), BERCL_OK);
	assert_true(t.cl == 0 && t.one_minus_cl == 1);
	assert_int_equal(bercl_binomial_tails(6, 5, 0.1, &t), BERCL_EDOM);
	/* beyond the documented limits */
	assert_int_equal(bercl_binomial_tails(1, 2e18, 1e-18, &t), BERCL_ELIMIT);
	assert_int_equal(bercl_binomial_tails(2e12, 4e12, 0.5, &t), BERCL_ELIMIT);
	assert_int_equal(bercl_binomial_tails(1, 10.5, 0.1, &t), BERCL_EDOM);
	assert_int_equal(bercl_binomial_tails(1, 10, 1, &t), BERCL_EDOM);
	assert_int_equal(bercl_binomial_tails(-1, 10, 0.1, &t), BERCL_EDOM);
	/* E = N: the upper bound is 1, the two-sided lower (a/2)^(1/N) */
	assert_int_equal(bercl_ber_upper(BERCL_BINOMIAL, 3, 3, 0.9, 0.1, &x), BERCL_OK);
	assert_true(x == 1);
	assert_int_equal(bercl_ber_interval(BERCL_BINOMIAL, 5, 5, 0.95, 0.05, &x, &y), BERCL_OK);
	assert_true(y == 1 && fabs(x - 0.47817624989501851) < 1e-15);
	assert_int_equal(bercl_ber_upper(BERCL_BINOMIAL, 4, 3, 0.9, 0.1, &x), BERCL_EDOM);
	assert_int_equal(bercl_ber_upper(BERCL_BINOMIAL, 3, 30.5, 0.9, 0.1, &x), BERCL_EDOM);
	assert_int_equal(bercl_ber_interval(BERCL_POISSON, 3, 0, 0.9, 0.1, &x, &y), BERCL_EDOM);
	/* E = 0: the lower bound is 0. */
	assert_int_equal(bercl_ber_interval(BERCL_POISSON, 0, 1e12, 0.95, 0.05, &x, &y), BERCL_OK);
	assert_true(x == 0 && y > 0);
}

/*
 * The work limit above v = N p q = 1e10 (include/bercl.h): refused while
 * E + 1/2 is nearer than v / BERCL_BINOMIAL_FAR to N p, answered beyond, on
 * both sides, at v = 7.2e15. The oracle's soak found bits rows near 2^53
 * that took 4 s to be refused here (the old limit stopped at 40 sd).
 */
static void test_work_limit(void **state)
{
	(void)state;
	bercl_tails t;
	const double N = 45015996273704960.0, p = 0.2, np = N * p, v = np * (1 - p);
	const double band = v / BERCL_BINOMIAL_FAR;
	for (int side = -1; side <= 1; side += 2) {
		double in = floor(np + side * 0.99 * band), out = floor(np + side * 1.01 * band);
		assert_int_equal(bercl_binomial_tails(in, N, p, &t), BERCL_ELIMIT);
		assert_int_equal(bercl_binomial_tails(out, N, p, &t), BERCL_OK);
		/* 47 000 standard deviations out: the far tail is below 1e-308 */
		double far = side > 0 ? t.ln_cl.hi : t.ln_one_minus_cl.hi;
		assert_true(far < -1e8 && far > -1e10);
	}
	/* 40 sd from the mean at v = 7.2e15 was answered, slowly; now refused */
	assert_int_equal(bercl_binomial_tails(floor(np + 40 * sqrt(v)), N, p, &t), BERCL_ELIMIT);
	/* at v <= 1e10 the band is 40 sd and stays so */
	assert_int_equal(bercl_binomial_tails(floor(4e9 + 41 * sqrt(2e9)), 8e9, 0.5, &t), BERCL_OK);
}

/*
 * The first terms' cheap form (poisson_fast.c's
 * bercli_ln_binomial_pmf_fast) against pmf.c's double-double one at
 * 200,000 seeded points: N log-uniform over 10 .. 2^53, p log-uniform over
 * 1e-18 .. 1/2, k within 30 sd of N p, or anywhere below N, or 0. Where
 * the fast form answers, it is within its bound (BERCLI_BINOM_LN_MAX,
 * absolute) of the
 * double-double one, whose own error is about 1e-30 relative; it must
 * answer near all points near the mean (it is what makes the tails
 * cheap), and most at k = 0.
 */
static double unit(uint64_t *s)
{
	return (double)(splitmix64(s) >> 11) * 0x1p-53;
}

static void test_ln_pmf_fast(void **state)
{
	(void)state;
	uint64_t s = 20261203;
	int points = 0, fast = 0, fast_k0 = 0, k0 = 0, near = 0, fast_near = 0;
	double worst = 0;
	for (int i = 0; i < 200000; i++) {
		double n = floor(pow(10.0, 1.0 + unit(&s) * (log10(0x1p53) - 1.0)));
		double p = pow(10.0, -18.0 + unit(&s) * (18.0 - log10(2.0)));
		double mean = n * p, sd = sqrt(mean * (1 - p)), k;
		int how = (int)(splitmix64(&s) % 3);
		if (how == 0)
			k = floor(mean + (2 * unit(&s) - 1) * 30 * sd);
		else if (how == 1)
			k = floor(unit(&s) * n);
		else
			k = 0;
		if (k < 0)
			k = 0;
		if (k >= n)
			k = n - 1;
		dd q = dd_two_sum(1.0, -p), l;
		dd ref = bercli_ln_binomial_pmf(k, dd_from(n), p, q);
		points++;
		k0 += k == 0;
		near += how == 0;
		if (!bercli_ln_binomial_pmf_fast(k, n, p, q, &l))
			continue;
		fast++;
		fast_k0 += k == 0;
		fast_near += how == 0;
		double d = fabs((l.hi - ref.hi) + (l.lo - ref.lo));
		double allowed = BERCLI_BINOM_LN_MAX + 1e-29 * fabs(ref.hi);
		if (d > allowed)
			print_message("k %.17g N %.17g p %.17g: fast %.17g%+.17g, dd %.17g%+.17g\n", k, n, p,
			              l.hi, l.lo, ref.hi, ref.lo);
		assert_true(d <= allowed);
		if (d / allowed > worst)
			worst = d / allowed;
	}
	print_message("ln pmf fast: %d of %d points (%d of %d near the mean, %d of %d at k = 0), "
	              "worst %.3g of the bound\n",
	              fast, points, fast_near, near, fast_k0, k0, worst);
	/* 99.7 % and 89.7 % when written (lower them only with a reason) */
	assert_true(fast_near > near * 99 / 100);
	assert_true(fast_k0 > k0 * 85 / 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tails_table),
		cmocka_unit_test(test_e53_table),
		cmocka_unit_test(test_methods_table),
		cmocka_unit_test(test_tails_ulps),
		cmocka_unit_test(test_bits_table),
		cmocka_unit_test(test_bounds_table),
		cmocka_unit_test(test_bounds_nearest),
		cmocka_unit_test(test_bounds_vs_r),
		cmocka_unit_test(test_bounds_vs_gsl),
		cmocka_unit_test(test_domain),
		cmocka_unit_test(test_work_limit),
		cmocka_unit_test(test_ln_pmf_fast),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
