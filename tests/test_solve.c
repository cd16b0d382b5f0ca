/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_solve.c - minimum bits against tests/data/bits_ref.csv (smallest whole
 * N with CL >= target, from 60-digit roots by gen_bits_ref.py), and the
 * continuous root lambda* against the same table.
 */
#include "testutil.h"
#include "internal.h"

static void test_bits_table(void **state)
{
	(void)state;
	FILE *fp = table_open("bits_ref.csv");
	char line[512];
	char *f[5];
	int rows = 0, exact = 0;
	double worst_lambda = 0;
	while (table_next(fp, line, sizeof line, f, 5) == 5) {
		double e = strtod(f[0], NULL), ber = strtod(f[1], NULL), cl = strtod(f[2], NULL);
		double ref = strtod(f[3], NULL), ref_lambda = strtod(f[4], NULL);
		long double ref_l = strtold(f[3], NULL);
		double bits, lambda;
		bercl_tails t;
		/* The table's targets are doubles; 1 - cl is exact for cl >= 0.5. */
		assert_int_equal(bercl_min_bits(BERCL_POISSON, e, ber, cl, 1.0 - cl, &bits, &t), BERCL_OK);
		/* the bits alone (achieved NULL: lib/bits_quick.c's route) give the same */
		double alone;
		assert_int_equal(bercl_min_bits(BERCL_POISSON, e, ber, cl, 1.0 - cl, &alone, NULL),
		                 BERCL_OK);
		if (alone != bits)
			fail_msg("E=%s ber=%s cl=%s: %.17g bits alone, %.17g with tails", f[0], f[1], f[2],
			         alone, bits);
		if (ref <= 9007199254740992.0) { /* exact to 2^53 */
			if (bits != ref)
				fail_msg("E=%s ber=%s cl=%s: %.17g bits, reference %s", f[0], f[1], f[2], bits, f[3]);
			exact++;
		} else if (!(bits >= ref_l && (long double)nextafter(bits, 0) < ref_l)) {
			/* above 2^53: the smallest double at or above the root */
			fail_msg("E=%s ber=%s cl=%s: %.17g bits, reference %s", f[0], f[1], f[2], bits, f[3]);
		}
		/* cl_achieved >= cl, and one bit fewer would not do. */
		assert_true(cl <= 0.5 ? t.cl >= cl : t.one_minus_cl <= 1.0 - cl);
		if (bits > 1 && bits <= 1e14) { /* N - 1 does not reach, in double precision */
			double lam = (bits - 1) * ber, lo = fma(bits - 1, ber, -lam);
			bercl_tails below;
			if (lam >= BERCL_MIN_LAMBDA) {
				assert_int_equal(bercl_poisson_tails(e, lam, lo, &below), BERCL_OK);
				if (!(cl <= 0.5 ? below.cl < cl : below.one_minus_cl > 1.0 - cl))
					fail_msg("E=%s ber=%s cl=%s: %.17g - 1 bits also reach the target",
					         f[0], f[1], f[2], bits);
			}
		}
		assert_int_equal(bercl_poisson_lambda_for_cl(e, cl, 1.0 - cl, &lambda), BERCL_OK);
		worst_lambda = fmax(worst_lambda, fabs(lambda - ref_lambda) / ref_lambda);
		rows++;
	}
	fclose(fp);
	assert_true(rows > 500);
	assert_true(exact > 300);
	print_message("bits_ref.csv: %d rows, %d exact whole numbers, lambda* worst %.3g\n", rows,
	              exact, worst_lambda);
	assert_true(worst_lambda < 1e-15);
}

/*
 * Minimum bits from 1e14 to 1e18 (tests/data/bits_exact_ref.csv, 60-digit
 * truth by gen_bits_exact_ref.py): E = 0..400 Poisson and E = 0 binomial, where
 * one bit moves CL by about 1e-16 and the double-precision tails alone cannot
 * decide. Every answer must be the whole number itself up to 2^53, and the
 * smallest double at or above it beyond.
 */
static void test_bits_exact_table(void **state)
{
	(void)state;
	FILE *fp = table_open("bits_exact_ref.csv");
	char line[512];
	char *f[5];
	int rows = 0, above = 0;
	while (table_next(fp, line, sizeof line, f, 5) == 5) {
		enum bercl_model model = strcmp(f[0], "binomial") == 0 ? BERCL_BINOMIAL : BERCL_POISSON;
		double e = strtod(f[1], NULL), ber = strtod(f[2], NULL), cl = strtod(f[3], NULL);
		long double ref = strtold(f[4], NULL);
		double want = (double)ref, bits;
		if ((long double)want < ref)
			want = nextafter(want, INFINITY);
		bercl_tails t;
		assert_int_equal(bercl_min_bits(model, e, ber, cl, 1.0 - cl, &bits, &t), BERCL_OK);
		if (bits != want)
			fail_msg("%s E=%s ber=%s cl=%s: %.17g bits, want %.17g (reference %s)", f[0], f[1],
			         f[2], f[3], bits, want, f[4]);
		/* the bits alone (achieved NULL: lib/bits_quick.c's route for Poisson) */
		assert_int_equal(bercl_min_bits(model, e, ber, cl, 1.0 - cl, &bits, NULL), BERCL_OK);
		if (bits != want)
			fail_msg("%s E=%s ber=%s cl=%s: %.17g bits alone, want %.17g (reference %s)", f[0],
			         f[1], f[2], f[3], bits, want, f[4]);
		above += ref > 9007199254740992.0L;
		rows++;
	}
	fclose(fp);
	print_message("bits_exact_ref.csv: %d rows exact (%d above 2^53)\n", rows, above);
	assert_true(rows >= 287 && above > 140);
}

/*
 * tests/data/bits_edge_ref.csv (gen_bits_edge_ref.py, mpmath): targets that
 * do not add to 1 exactly (allowed within 4 ulps) with answers near 1e291
 * bits, where the quick route's slope is subnormal (it certified wrong
 * answers, 2615 doubles off), and E = 0 at 1.3e16 bits, where the long-double
 * e^-x was beyond its stated bound (the route with tails answered 2 bits,
 * one double, high). Both routes must give the table's answer.
 */
static void test_bits_edge_table(void **state)
{
	(void)state;
	FILE *fp = table_open("bits_edge_ref.csv");
	char line[512];
	char *f[5];
	int rows = 0;
	while (table_next(fp, line, sizeof line, f, 5) == 5) {
		double e = strtod(f[0], NULL), ber = strtod(f[1], NULL), cl = strtod(f[2], NULL);
		double omc = strtod(f[3], NULL), want = strtod(f[4], NULL), alone, with;
		bercl_tails t;
		assert_int_equal(bercl_min_bits(BERCL_POISSON, e, ber, cl, omc, &alone, NULL), BERCL_OK);
		assert_int_equal(bercl_min_bits(BERCL_POISSON, e, ber, cl, omc, &with, &t), BERCL_OK);
		if (alone != want || with != want)
			fail_msg("E=%s ber=%s cl=%s omc=%s: %.17g alone, %.17g with tails, want %s", f[0],
			         f[1], f[2], f[3], alone, with, f[4]);
		rows++;
	}
	fclose(fp);
	assert_int_equal(rows, 5);
}

static void test_known_answers(void **state)
{
	(void)state;
	double bits;
	/* The textbook bound of 100,000 bits gave 100,195 here; 6,296 suffice. */
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 2, 1e-3, 0.95, 0.05, &bits, NULL), BERCL_OK);
	assert_true(bits == 6296);
	/* ln(20) / 1e-12 = 2.99573e12, rounded up. */
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0, 1e-12, 0.95, 0.05, &bits, NULL), BERCL_OK);
	assert_true(bits == 2995732273554);
	/* A target of 1 - 1e-20, which is 1.0 as a double, given by its complement. */
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0, 1e-12, 1.0 - 1e-20, 1e-20, &bits, NULL), BERCL_OK);
	assert_true(fabs(bits - 46.051701859880914e12) <= 1);
}

/*
 * The Poisson root over a grid of error counts (0 to 1e15) and targets
 * (1e-300 to 1 - 1e-15, both sides), by its residual: at lambda the log of
 * the tail compared (CL for cl <= 1/2, else 1 - CL) must equal the log of
 * the target within the tails' own error (4e-15) plus what one unit in the
 * last place of lambda moves it (lambda d ln T / d lambda 2^-52, the slope
 * from the double-double pmf of pmf.c, not from the root's own code). The
 * oracle found E = 9 at cl = 1.6e-140 converged to only 1e-13 relative.
 */
static void test_root_residual(void **state)
{
	(void)state;
	static const double errs[] = {0, 1, 2, 5, 9, 24, 25, 30, 100, 400, 1000, 1e5, 1e7, 1e10, 1e15};
	static const double tails[] = {1e-300, 1e-140, 1e-40, 1e-9, 1e-3, 0.05, 0.3, 0.5};
	int points = 0;
	double worst = 0;
	for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++)
		for (size_t j = 0; j < sizeof tails / sizeof tails[0]; j++)
			for (int side = 0; side < 2; side++) {
				double e = errs[i], t = tails[j];
				double cl = side ? 1.0 - t : t, omc = side ? t : 1.0 - t, lam;
				if (bercl_poisson_lambda_for_cl(e, cl, omc, &lam) != BERCL_OK)
					continue; /* the root beyond [1e-300, 1e300] */
				bercl_tails tl;
				assert_int_equal(bercl_poisson_tails(e, lam, 0, &tl), BERCL_OK);
				double ln_t = side ? tl.ln_one_minus_cl.hi + tl.ln_one_minus_cl.lo
				                   : tl.ln_cl.hi + tl.ln_cl.lo;
				double gap = fabs(ln_t - log(t));
				dd pmf = bercli_ln_poisson_pmf(e, dd_from(lam));
				double slope = exp(pmf.hi + log(lam) - ln_t);
				double allowed = 4e-15 + slope * 0x1p-52 + 2e-16 * fabs(log(t));
				if (!(gap <= allowed))
					fail_msg("E=%.17g t=%g side %d: lambda %.17g, ln gap %.3g > %.3g", e, t,
					         side, lam, gap, allowed);
				worst = fmax(worst, gap / allowed);
				points++;
			}
	print_message("root residuals: %d points, worst %.3g of the allowance\n", points, worst);
	assert_true(points > 150);
}

static void test_domain(void **state)
{
	(void)state;
	double bits, lambda;
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0, 0, 0.95, 0.05, &bits, NULL), BERCL_EDOM);
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0, 1, 0.95, 0.05, &bits, NULL), BERCL_EDOM);
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0, 1e-12, 1, 0, &bits, NULL), BERCL_EDOM);
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0, 1e-12, 0, 1, &bits, NULL), BERCL_EDOM);
	assert_int_equal(bercl_min_bits(BERCL_POISSON, -1, 1e-12, 0.9, 0.1, &bits, NULL), BERCL_EDOM);
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 0.5, 1e-12, 0.9, 0.1, &bits, NULL), BERCL_EDOM);
	assert_int_equal(bercl_min_bits(BERCL_POISSON, NAN, 1e-12, 0.9, 0.1, &bits, NULL), BERCL_EDOM);
	assert_int_equal(bercl_poisson_lambda_for_cl(0, NAN, 0.1, &lambda), BERCL_EDOM);
	/* More than 1e300 bits is beyond the range: refused, not returned as inf;
	 * the binomial model stops at 1e18 bits. */
	assert_int_equal(bercl_min_bits(BERCL_POISSON, 1e6, 1e-299, 0.9, 0.1, &bits, NULL),
	                 BERCL_ELIMIT);
	assert_int_equal(bercl_min_bits(BERCL_BINOMIAL, 1, 1e-40, 0.95, 0.05, &bits, NULL),
	                 BERCL_ELIMIT);
}

/*
 * Ties: tests/data/bits_tie_ref.csv (gen_bits_tie_ref.py, mpmath at 60
 * digits) holds 60 cases between 1e14 and 2^53 bits, both models, E = 0 and
 * 1..400, where the decimal target and its nearest double give answers one
 * bit apart. bercl_min_bits_target() with the decimal's double-double
 * (the table's cl_hi + cl_lo, omc_hi + omc_lo) gives the decimal's answer;
 * bercl_min_bits() with the doubles alone gives the double's, so both
 * decisions are exact. The tails at the answer are on the target's side.
 */
static void test_bits_ties(void **state)
{
	(void)state;
	FILE *fp = table_open("bits_tie_ref.csv");
	char line[512];
	char *f[11];
	int rows = 0, models[2] = {0, 0};
	while (table_next(fp, line, sizeof line, f, 11) == 11) {
		enum bercl_model m = strcmp(f[0], "binomial") == 0 ? BERCL_BINOMIAL : BERCL_POISSON;
		double e = strtod(f[1], NULL), ber = strtod(f[2], NULL);
		bercl_target t = {strtod(f[4], NULL), strtod(f[5], NULL), strtod(f[6], NULL),
		                  strtod(f[7], NULL)};
		double want = strtod(f[8], NULL), want_double = strtod(f[9], NULL), bits;
		bercl_tails a;
		assert_int_equal(bercl_min_bits_target(m, e, ber, &t, &bits, &a), BERCL_OK);
		if (bits != want)
			fail_msg("%s E=%s ber=%s cl=%s: %.17g bits, the decimal's answer %s", f[0], f[1],
			         f[2], f[3], bits, f[8]);
		if (!(a.cl >= t.cl && a.one_minus_cl <= t.one_minus_cl))
			fail_msg("%s E=%s ber=%s cl=%s: achieved %.17g below the target", f[0], f[1], f[2],
			         f[3], a.cl);
		/* the doubles alone: the double's answer */
		assert_int_equal(bercl_min_bits(m, e, ber, t.cl, t.one_minus_cl, &bits, NULL), BERCL_OK);
		if (bits != want_double)
			fail_msg("%s E=%s ber=%s cl=%s: %.17g bits, the double's answer %s", f[0], f[1],
			         f[2], f[3], bits, f[9]);
		models[m]++;
		rows++;
	}
	fclose(fp);
	print_message("bits_tie_ref.csv: %d ties (%d Poisson, %d binomial), each answer exact\n", rows,
	              models[0], models[1]);
	assert_true(models[0] >= 25 && models[1] >= 25);
}

/*
 * The tails at the answer where the side compared meets the target but
 * the other side's double rounds a unit beyond the caller's (the MPFR
 * oracle's soak, seed 20261213): binomial E = 29, ber 5.1645102951244621e-13,
 * cl 6.35197e-8 (1 - cl the double nearest it). mpmath at 60 digits: N =
 * 18122844234241, CL(N) = 6.351970000000367036933e-8, CL(N - 1) below
 * cl. cl_achieved had been reported as the target itself, 5.8e-14 low.
 */
static void test_bits_other_side_rounds(void **state)
{
	(void)state;
	double bits, cl = 6.35197e-8;
	bercl_tails a;
	assert_int_equal(bercl_min_bits(BERCL_BINOMIAL, 29, 5.1645102951244621e-13, cl, 1.0 - cl,
	                                &bits, &a),
	                 BERCL_OK);
	assert_true(bits == 18122844234241.0);
	assert_true(fabs(a.cl / 6.351970000000367036933e-8 - 1) < 1e-15);
	assert_true(a.cl >= cl && a.one_minus_cl <= 1.0 - cl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bits_other_side_rounds),
		cmocka_unit_test(test_bits_table),
		cmocka_unit_test(test_bits_exact_table),
		cmocka_unit_test(test_bits_ties),
		cmocka_unit_test(test_bits_edge_table),
		cmocka_unit_test(test_known_answers),
		cmocka_unit_test(test_root_residual),
		cmocka_unit_test(test_domain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
