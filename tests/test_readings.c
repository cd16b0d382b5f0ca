/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_readings.c - a sequential plan run at readings, through the binary:
 * plan --sequential --reading-interval against the library's dynamic
 * program on the table the binary prints; simulate --reading-interval (each
 * run's own arrivals, engine/simulate.c) against alpha_actual and beta_actual
 * at intervals from 1e10 bits to the plan's longest run; bercl watch --plan
 * fed reading streams drawn here (splitmix64, independent of GSL): each
 * run's exit status against this file's own rule, the failure and pass
 * rates against alpha_actual, beta_actual; the warning; bad invocations.
 */
#include <stdint.h>

#include "testutil.h"
#include "cliutil.h"

#define PLAN "--ber 1e-12 --cl 95% --alpha 5% --ratio 2"
#define MAX_ROWS 64

/* The plan's table as the binary prints it (csv); returns the rows. */
static int plan_table(double *pass, double *fail, double *alpha, double *beta)
{
	static struct run r;
	run(&r, NULL, "plan " PLAN " --sequential -f csv");
	assert_int_equal(r.status, 0);
	int n = count_lines(r.out) - 1;
	assert_true(n > 0 && n <= MAX_ROWS);
	for (int k = 0; k < n; k++) {
		assert_true(csv_value(r.out, "errors", k + 1) == k);
		pass[k] = csv_value(r.out, "pass_bits", k + 1);
		fail[k] = csv_value(r.out, "fail_bits", k + 1);
	}
	*alpha = csv_value(r.out, "alpha", 1);
	*beta = csv_value(r.out, "beta", 1);
	return n;
}

static void test_plan_reading_interval(void **state)
{
	(void)state;
	double pass[MAX_ROWS], fail[MAX_ROWS], work[2 * MAX_ROWS], alpha, beta;
	int n = plan_table(pass, fail, &alpha, &beta);
	static struct run r;
	run(&r, NULL, "plan " PLAN " --sequential --reading-interval 1e10,1e12,5e12 -f csv");
	assert_int_equal(r.status, 0);
	/* one row per error count per interval, the summary on each */
	assert_int_equal(count_lines(r.out), 1 + 3 * n);
	const double b[3] = {1e10, 1e12, 5e12};
	for (int i = 0; i < 3; i++) {
		double pg, fg, pb, fb;
		assert_int_equal(bercl_plan_sequential_at_readings(pass, fail, n - 1, 5e-13, b[i], work,
		                                                   &pg, &fg),
		                 BERCL_OK);
		assert_int_equal(bercl_plan_sequential_at_readings(pass, fail, n - 1, 1e-12, b[i], work,
		                                                   &pb, &fb),
		                 BERCL_OK);
		int row = 1 + i * n;
		assert_true(csv_value(r.out, "reading_interval", row) == b[i]);
		assert_true(csv_value(r.out, "alpha_actual", row) == fg);
		assert_true(csv_value(r.out, "beta_actual", row) == pb);
		assert_true(csv_value(r.out, "alpha", row) == alpha);
	}
	/* docs/plans.md's case: 5e12 bits between readings, 6.63 % and 2.21 % */
	assert_true(fabs(csv_value(r.out, "alpha_actual", 1 + 2 * n) - 0.0663) < 5e-5);
	assert_true(fabs(csv_value(r.out, "beta_actual", 1 + 2 * n) - 0.0221) < 5e-5);
	/* text: a paragraph under the table, wrapped at 100 columns */
	run(&r, NULL, "plan " PLAN " --sequential --reading-interval 5e12");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "  looked at only at readings every 5000000000000 bits (as "
	                              "bercl watch decides):\n  alpha_actual 6.6324 %, beta_actual "
	                              "2.2092 % (exact)\n"));
	assert_true(longest_line(r.out) <= 100);
	/* --true-ber: the chance to pass as run at the readings */
	run(&r, NULL, "plan " PLAN " --sequential --reading-interval 5e12 --true-ber 1e-12 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "p_pass", 1) == csv_value(r.out, "beta_actual", 1));
	assert_string_equal(csv_cell(r.out, "expected_bits", 1), "");
}

/*
 * simulate --reading-interval: 20000 runs per BER at seven intervals from
 * 1e10 bits to the longest run (and half of it, exactly). The bar: the good link's failure rate at most alpha + 2 s.e., or within
 * 2 s.e. of alpha_actual (the same for beta); and every simulated risk
 * within 3 s.e. of the exact one at the readings.
 */
static void test_simulate_reading_interval(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "simulate " PLAN " --sequential --reading-interval "
	              "1e10,1e11,1e12,5e12,1e13,20556271944212.5,41112543888425 --trials 20000 "
	              "--seed 20261201 -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 8);
	double worst = 0;
	for (int row = 1; row <= 7; row++) {
		const char *names[2][4] = {{"alpha", "alpha_actual", "alpha_sim", "alpha_stderr"},
		                           {"beta", "beta_actual", "beta_sim", "beta_stderr"}};
		for (int j = 0; j < 2; j++) {
			double stated = csv_value(r.out, names[j][0], row);
			double actual = csv_value(r.out, names[j][1], row);
			double sim = csv_value(r.out, names[j][2], row);
			double se = csv_value(r.out, names[j][3], row);
			assert_true(se == sqrt(actual * (1 - actual) / 20000));
			double z = (sim - actual) / se;
			print_message("every %s bits: %s_sim %.5f, %s_actual %.5f (%+.2f se), stated %.5f\n",
			              csv_cell(r.out, "reading_interval", row), j ? "beta" : "alpha", sim,
			              j ? "beta" : "alpha", actual, z, stated);
			assert_true(sim <= stated + 2 * se || fabs(z) <= 2);
			assert_true(fabs(z) <= 3);
			worst = fmax(worst, fabs(z));
		}
	}
	print_message("worst |z| %.2f over 14 risks\n", worst);
}

/* An exponential variate (mean 1). */
static double rng_exp(uint64_t *s)
{
	return -log(((double)(splitmix64(s) >> 11) + 0.5) * 0x1.0p-53);
}

/*
 * One run: errors arriving at rate ber, read every b bits, written as a
 * readings file; returns the decision this file's rule takes (0 pass, 1
 * fail): at reading t with k errors, fail when k > c or k >= 1 and t <=
 * fail[k - 1], else pass when t >= pass[k].
 */
static int write_run(const char *path, const double *pass, const double *fail, int c,
                     double ber, double b, uint64_t *s)
{
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	fputs("bits,errors\n", fp);
	double next = rng_exp(s) / ber; /* the next error's arrival */
	int k = 0, decision = -1;
	for (double i = 1; decision < 0; i++) {
		double t = i * b;
		while (next <= t) {
			k++;
			next += rng_exp(s) / ber;
		}
		fprintf(fp, "%.17g,%d\n", t, k);
		if (k > c || (k >= 1 && t <= fail[k - 1]))
			decision = 1;
		else if (t >= pass[k])
			decision = 0;
	}
	fclose(fp);
	return decision;
}

/*
 * bercl watch --plan itself: 150 runs per BER at readings every 5e12 and
 * 1e12 bits. Every exit status is the decision of the rule above on the
 * same readings; the rates lie within 3 s.e. of alpha_actual, beta_actual
 * as watch prints them.
 */
static void test_watch_runs(void **state)
{
	(void)state;
	double pass[MAX_ROWS], fail[MAX_ROWS], alpha, beta;
	int n = plan_table(pass, fail, &alpha, &beta);
	const double intervals[2] = {5e12, 1e12};
	const int runs = 150;
	uint64_t seed = 20261201;
	static struct run r;
	for (int i = 0; i < 2; i++) {
		for (int bad = 0; bad < 2; bad++) {
			double ber = bad ? 1e-12 : 5e-13, actual = NAN;
			int wrong = 0;
			for (int j = 0; j < runs; j++) {
				int want = write_run(TMP "run.csv", pass, fail, n - 1, ber, intervals[i], &seed);
				run(&r, NULL, "watch --plan " PLAN " -f csv < " TMP "run.csv");
				if (r.status != want)
					fail_msg("run %d at %g bits: watch exit %d, the rule says %d", j,
					         intervals[i], r.status, want);
				int rows = count_lines(r.out) - 1;
				double a = csv_value(r.out, bad ? "beta_actual" : "alpha_actual", rows);
				assert_true(isnan(actual) || a == actual);
				actual = a;
				assert_true(csv_value(r.out, "reading_interval", rows) == intervals[i]);
				wrong += bad ? want == 0 : want == 1;
			}
			double rate = (double)wrong / runs, se = sqrt(actual * (1 - actual) / runs);
			print_message("watch every %g bits, %s BER: %s %.4f over %d runs, %s_actual %.4f "
			              "(%+.2f se)\n",
			              intervals[i], bad ? "bad" : "good", bad ? "passed" : "failed", rate,
			              runs, bad ? "beta" : "alpha", actual, (rate - actual) / se);
			assert_true(fabs(rate - actual) <= 3 * se);
		}
	}
}

/* The warning: once, when a risk moves by more than a tenth; none at 1e10. */
static void test_watch_warning(void **state)
{
	(void)state;
	static struct run r;
	FILE *fp = fopen(TMP "sparse.csv", "w");
	assert_non_null(fp);
	fputs("bits,errors\n5e12,0\n1e13,0\n", fp);
	fclose(fp);
	run(&r, NULL, "watch --plan " PLAN " < " TMP "sparse.csv");
	assert_int_equal(r.status, 0); /* no error in 1e13 bits passes */
	assert_int_equal(count_lines(r.err), 1);
	assert_non_null(strstr(r.err, "bercl: (stdin):2: warning: readings every 5e+12 bits: "
	                              "alpha 6.632 %, beta 2.209 % (the plan's "));
	fp = fopen(TMP "dense.csv", "w");
	assert_non_null(fp);
	fputs("bits,errors\n", fp);
	for (int i = 1; i <= 700; i++)
		fprintf(fp, "%d0000000000,0\n", i);
	fclose(fp);
	run(&r, NULL, "watch --plan " PLAN " -f csv < " TMP "dense.csv");
	assert_int_equal(r.status, 0);
	assert_string_equal(r.err, "");
	assert_true(csv_value(r.out, "reading_interval", 634) == 1e10);
	/* --reading-interval replaces the measured spacing */
	run(&r, NULL, "watch --plan " PLAN " --reading-interval 1e10 -f csv < " TMP "sparse.csv");
	assert_string_equal(r.err, "");
	assert_true(csv_value(r.out, "reading_interval", 1) == 1e10);
}

/* Text: where a row has no fail boundary, 'never', not 0 (csv keeps 0). */
static void test_plan_text_never(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "plan " PLAN " --sequential");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "\n0       6338012245789   never\n"));
	assert_non_null(strstr(r.out, "\n4       11883189690269  1021532702746\n"));
	assert_non_null(strstr(r.out, "('never': that error alone does not fail it)"));
	run(&r, NULL, "plan " PLAN " --sequential -f csv");
	assert_true(csv_value(r.out, "fail_bits", 1) == 0);
}

static void test_bad_invocations(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"plan " PLAN " --reading-interval 5e12",
		"plan " PLAN " --sequential --reading-interval 0.5",
		"plan " PLAN " --sequential --reading-interval 0",
		"plan " PLAN " --sequential --reading-interval 1e12x",
		"plan --ber 1e-16 --cl 95% --alpha 5% --ratio 2 --sequential --reading-interval 1",
		"simulate -n 3e12 -p 1e-12 --reading-interval 1e12",
		"simulate " PLAN " --reading-interval 1e12",
		"watch -p 1e-12 -c 95% --reading-interval 1e12 < /dev/null",
		"cl -n 3e12 -p 1e-12 --reading-interval 1e12",
	};
	static struct run r;
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		run(&r, NULL, bad[i]);
		if (r.status != 2 || r.out[0] != '\0' || count_lines(r.err) != 1 ||
		    strncmp(r.err, "bercl: ", 7) != 0 || !strstr(r.err, "reading-interval"))
			fail_msg("%s: status %d, stdout '%s', stderr '%s'", bad[i], r.status, r.out, r.err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_plan_reading_interval),
	    cmocka_unit_test(test_simulate_reading_interval),
	    cmocka_unit_test(test_watch_runs),
	    cmocka_unit_test(test_watch_warning),
	    cmocka_unit_test(test_plan_text_never),
	    cmocka_unit_test(test_bad_invocations),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
