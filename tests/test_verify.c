/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_verify.c - the GSL cross-check and the direct-sum referee, on points
 * where GSL is right, where it is off by 1e-7 (shape 1e5), and where it fails
 * (shape 1e6); the referee itself against the 80-digit table.
 */
#include "testutil.h"

#include <float.h>

#include "compute.h"
#include "verify.h"

static struct row cl_row(double errors, double bits, double ber)
{
	struct row r;
	memset(&r, 0, sizeof r);
	r.in.errors = errors;
	r.in.bits = bits;
	r.in.ber = ber;
	r.in.cl = r.in.cl_complement = r.in.rate_bps = r.in.lanes = r.in.time_s = NAN;
	r.in.require = r.in.require_complement = NAN;
	r.in.baud = r.in.bits_per_symbol = NAN; /* absent, as rows.c leaves them */
	r.bits = r.time_s = NAN;
	r.verdict = -1;
	assert_int_equal(compute_row(CMD_CL, &r), COMPUTE_OK);
	return r;
}

static void test_referee_vs_table(void **state)
{
	(void)state;
	FILE *fp = table_open("poisson_ref.csv");
	char line[512];
	char *f[4];
	int rows = 0;
	double worst = 0;
	while (table_next(fp, line, sizeof line, f, 4) == 4) {
		double e = strtod(f[0], NULL), lam = strtod(f[1], NULL);
		if (fmin(e, lam) > 2e5)
			continue;
		bercl_lnprob cl, omc;
		assert_int_equal(referee_tails(e, lam, &cl, &omc), 0);
		double d = fmax(rel_error_vs_decimal(cl, f[2]), rel_error_vs_decimal(omc, f[3]));
		if (!(d < 1e-13))
			fail_msg("referee at errors=%s lambda=%s: error %.3g", f[0], f[1], d);
		worst = fmax(worst, d);
		rows++;
	}
	fclose(fp);
	assert_true(rows > 500);
	print_message("referee: %d rows, worst %.3g\n", rows, worst);
}

static void test_gsl_agrees(void **state)
{
	(void)state;
	char note[512];
	struct row r = cl_row(3, 1e12, 1e-12);
	assert_int_equal(verify_row(CMD_CL, &r, note, sizeof note), 0);
	assert_true(r.gsl_ok);
	assert_true(r.gsl_rel_diff < 1e-14);
	assert_true(fabs(r.gsl_cl - r.tails.cl) < 1e-15);
}

/* Shape 1e5: GSL's P is 1.4e-7 off; the 80-digit value is 0.15865484973790811597. */
static void test_gsl_inaccurate(void **state)
{
	(void)state;
	char note[512];
	struct row r = cl_row(99999, 199367.54446796633, 0.5);
	assert_true(fabs(r.tails.cl - 0.15865484973790811597) < 1e-15);
	assert_int_equal(verify_row(CMD_CL, &r, note, sizeof note), 1);
	assert_true(r.gsl_rel_diff > 1e-8);
	assert_non_null(strstr(note, "supports bercl"));
}

/* Shape 1e6: GSL stops with "exceeded max number of iterations". */
static void test_gsl_fails(void **state)
{
	(void)state;
	char note[512];
	struct row r = cl_row(999999, 2002000, 0.5);
	assert_true(fabs(r.tails.cl - 0.841344786368340292) < 1e-15);
	assert_int_equal(verify_row(CMD_CL, &r, note, sizeof note), 1);
	assert_false(r.gsl_ok);
	assert_non_null(strstr(note, "GSL failed"));
	assert_non_null(strstr(note, "supports bercl"));
}

/* Below the double range GSL returns 0; the referee sides with bercl. */
static void test_gsl_underflow(void **state)
{
	(void)state;
	char note[512];
	struct row r = cl_row(1000000, 1.1e18, 1e-12);
	assert_true(r.tails.one_minus_cl < DBL_MIN && r.tails.ln_one_minus_cl.hi > -5000);
	assert_int_equal(verify_row(CMD_CL, &r, note, sizeof note), 1);
	assert_true(r.gsl_one_minus_cl == 0);
	assert_non_null(strstr(note, "supports bercl"));
}

static void test_bits_verify(void **state)
{
	(void)state;
	char note[512];
	struct row r;
	memset(&r, 0, sizeof r);
	r.in.errors = 2;
	r.in.ber = 1e-3;
	r.in.cl = 0.95;
	r.in.cl_complement = 0.05;
	r.in.bits = r.in.rate_bps = r.in.lanes = r.in.time_s = NAN;
	r.in.require = r.in.require_complement = NAN;
	r.in.baud = r.in.bits_per_symbol = NAN; /* absent, as rows.c leaves them */
	r.verdict = -1;
	assert_int_equal(compute_row(CMD_BITS, &r), COMPUTE_OK);
	assert_true(r.bits == 6296);
	assert_int_equal(verify_row(CMD_BITS, &r, note, sizeof note), 0);
	assert_true(r.gsl_bits == 6296);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_referee_vs_table),
		cmocka_unit_test(test_gsl_agrees),
		cmocka_unit_test(test_gsl_inaccurate),
		cmocka_unit_test(test_gsl_fails),
		cmocka_unit_test(test_gsl_underflow),
		cmocka_unit_test(test_bits_verify),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
