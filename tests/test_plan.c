/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_plan.c - test plans (lib/plan.c) against tests/data/plan_*_ref.csv
 * (50-digit sums by gen_plan_ref.py), an independent brute search for the
 * shortest fixed plans, the MIL-HDBK-781A fixed-duration plans' quoted true
 * risks, and a simulation of the truncated sequential plans.
 */
#include <stdint.h>

#include "testutil.h"

static double rel(double a, double b)
{
	return bercl_rel_diff(a, b);
}

static void test_risks_table(void **state)
{
	(void)state;
	FILE *fp = table_open("plan_risks_ref.csv");
	char line[512];
	char *f[6];
	int rows = 0;
	double worst = 0;
	table_next(fp, line, sizeof line, f, 6); /* header */
	while (table_next(fp, line, sizeof line, f, 6) == 6) {
		double a, b;
		assert_int_equal(bercl_plan_risks(strtod(f[0], NULL), strtod(f[1], NULL),
		                                  strtod(f[2], NULL), strtod(f[3], NULL), &a, &b),
		                 BERCL_OK);
		double ra = strtod(f[4], NULL), rb = strtod(f[5], NULL);
		if (!(rel(a, ra) < 1e-12 && rel(b, rb) < 1e-12))
			fail_msg("errors=%s bits=%s ber=%s D=%s: alpha %.17g (ref %s), beta %.17g (ref %s)",
			         f[0], f[1], f[2], f[3], a, f[4], b, f[5]);
		worst = fmax(worst, fmax(rel(a, ra), rel(b, rb)));
		rows++;
	}
	fclose(fp);
	assert_int_equal(rows, 12);
	print_message("plan_risks_ref.csv: %d rows, worst relative difference %.3g\n", rows, worst);
}

/*
 * Independent brute search: for c = 0, 1, ... the smallest whole N with
 * beta(N) <= target by bisection on bercl_poisson_tails() directly, then
 * alpha at that N; the first c meeting alpha gives the shortest test, and
 * every other c up to c + 10 needs at least as many bits.
 */
static double beta_at(double c, double n, double ber)
{
	bercl_tails t;
	double lam = n * ber, lo = fma(n, ber, -lam);
	assert_int_equal(bercl_poisson_tails(c, lam, lo, &t), BERCL_OK);
	return t.one_minus_cl;
}

static double brute_min_bits(double c, double ber, double beta)
{
	double lo = 0, hi = 1;
	while (beta_at(c, hi, ber) > beta)
		hi *= 2;
	while (hi - lo > 1) {
		double mid = floor((lo + hi) / 2);
		if (mid > 0 && beta_at(c, mid, ber) > beta)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

static void brute_plan(double ber, double alpha, double beta, double ratio, double *c_out,
                       double *n_out)
{
	double best_n = INFINITY, best_c = -1;
	for (double c = 0; c < 200; c++) {
		double n = brute_min_bits(c, ber, beta);
		bercl_tails t;
		double lam = n * ber;
		assert_int_equal(bercl_poisson_tails(c, lam / ratio, 0, &t), BERCL_OK);
		if (t.cl <= alpha && n < best_n) {
			best_n = n;
			best_c = c;
		}
		if (best_c >= 0 && c > best_c + 10)
			break;
	}
	*c_out = best_c;
	*n_out = best_n;
}

static void test_fixed_plans(void **state)
{
	(void)state;
	FILE *fp = table_open("plan_fixed_ref.csv");
	char line[512];
	char *f[8];
	int rows = 0;
	double worst = 0;
	table_next(fp, line, sizeof line, f, 8);
	while (table_next(fp, line, sizeof line, f, 8) == 8) {
		double at = strtod(f[0], NULL), bt = strtod(f[1], NULL), d = strtod(f[2], NULL);
		double ber = strtod(f[3], NULL);
		bercl_plan p;
		assert_int_equal(bercl_plan_fixed(ber, at, bt, d, &p), BERCL_OK);
		if (p.errors != strtod(f[4], NULL) || p.bits != strtod(f[5], NULL))
			fail_msg("alpha=%s beta=%s D=%s: %g errors in %.17g bits, reference %s in %s", f[0],
			         f[1], f[2], p.errors, p.bits, f[4], f[5]);
		double ra = strtod(f[6], NULL), rb = strtod(f[7], NULL);
		if (!(rel(p.alpha, ra) < 1e-12 && rel(p.beta, rb) < 1e-12))
			fail_msg("alpha=%s beta=%s D=%s: risks %.17g %.17g, reference %s %s", f[0], f[1],
			         f[2], p.alpha, p.beta, f[6], f[7]);
		worst = fmax(worst, fmax(rel(p.alpha, ra), rel(p.beta, rb)));
		assert_true(p.alpha <= at && p.beta <= bt);
		double bc, bn;
		brute_plan(ber, at, bt, d, &bc, &bn);
		if (bc != p.errors || bn != p.bits)
			fail_msg("alpha=%s beta=%s D=%s: brute search %g errors in %.17g bits", f[0], f[1],
			         f[2], bc, bn);
		/* One bit fewer with the same errors misses beta. */
		assert_true(beta_at(p.errors, p.bits - 1, ber) > bt);
		rows++;
	}
	fclose(fp);
	assert_int_equal(rows, 27);
	print_message("plan_fixed_ref.csv: %d plans equal the reference and the brute search, risks "
	              "worst %.3g relative\n",
	              rows, worst);
}

/*
 * MIL-HDBK-781A fixed-duration test plans (test time in multiples of the
 * bad MTBF theta1, so bits = time x 1e12 at ber 1e-12; accept with at most
 * `accept` failures, reject number accept + 1) and the true risks the
 * handbook prints, in percent to one decimal.
 */
static const struct {
	const char *plan;
	double ratio, time, accept, alpha_pct, beta_pct;
} handbook[] = {
    {"IX-D", 1.5, 45.0, 36, 12.0, 9.9},  {"X-D", 1.5, 29.9, 25, 10.9, 21.4},
    {"XI-D", 1.5, 21.5, 17, 19.7, 19.6}, {"XII-D", 2, 18.8, 13, 9.6, 10.6},
    {"XIII-D", 2, 12.4, 9, 9.8, 20.9},   {"XIV-D", 2, 7.8, 5, 19.9, 21.0},
    {"XV-D", 3, 9.3, 5, 9.4, 9.9},       {"XVI-D", 3, 5.4, 3, 10.9, 21.3},
    {"XVII-D", 3, 4.3, 2, 17.5, 19.7},   {"XIX-D", 1.5, 8.1, 6, 29.8, 30.1},
    {"XX-D", 2, 3.7, 2, 28.3, 28.5},     {"XXI-D", 3, 1.1, 0, 30.7, 33.3},
};

static void test_mil_hdbk_781a(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof handbook / sizeof handbook[0]; i++) {
		double a, b;
		assert_int_equal(bercl_plan_risks(handbook[i].accept, handbook[i].time * 1e12, 1e-12,
		                                  handbook[i].ratio, &a, &b),
		                 BERCL_OK);
		double ap = round(a * 1000) / 10, bp = round(b * 1000) / 10;
		if (ap != handbook[i].alpha_pct || bp != handbook[i].beta_pct)
			fail_msg("plan %s: alpha %.4f %%, beta %.4f %%; handbook %.1f %%, %.1f %%",
			         handbook[i].plan, a * 100, b * 100, handbook[i].alpha_pct,
			         handbook[i].beta_pct);
	}
}

#define MAX_ROWS 64
static void test_sequential_tables(void **state)
{
	(void)state;
	FILE *fp = table_open("plan_seq_ref.csv");
	char line[1024];
	char *f[16];
	double ref_pass[MAX_ROWS], ref_fail[MAX_ROWS];
	double ref_out[6];
	double at = 0, bt = 0, d = 0, ber = 0;
	bercl_plan trunc = {0, 0, 0, 0};
	int cur = -1, nrows = 0, cases = 0, entries = 0, equal = 0;
	double worst = 0;
	table_next(fp, line, sizeof line, f, 16);
	for (;;) {
		int n = table_next(fp, line, sizeof line, f, 16);
		int c = n == 16 ? atoi(f[0]) : -2;
		if (c != cur && cur >= 0) {
			/* Compare the finished case. */
			double pass[MAX_ROWS], fail[MAX_ROWS], work[2 * MAX_ROWS];
			assert_int_equal(nrows, (int)trunc.errors + 1);
			assert_int_equal(bercl_plan_sequential_table(ber, d, at, bt, &trunc, pass, fail),
			                 BERCL_OK);
			for (int k = 0; k < nrows; k++) {
				/* Whole-bit rounding of a line may differ by one bit at most. */
				assert_true(fabs(pass[k] - ref_pass[k]) <= 1 && fabs(fail[k] - ref_fail[k]) <= 1);
				equal += (pass[k] == ref_pass[k]) + (fail[k] == ref_fail[k]);
				entries += 2;
			}
			bercl_plan_outcome good, bad;
			assert_int_equal(bercl_plan_sequential_outcome(ref_pass, ref_fail, trunc.errors,
			                                               ber / d, work, &good),
			                 BERCL_OK);
			assert_int_equal(bercl_plan_sequential_outcome(ref_pass, ref_fail, trunc.errors, ber,
			                                               work, &bad),
			                 BERCL_OK);
			double got[6] = {good.p_pass, good.p_fail, good.expected_bits,
			                 bad.p_pass,  bad.p_fail,  bad.expected_bits};
			for (int j = 0; j < 6; j++) {
				if (!(rel(got[j], ref_out[j]) < 1e-11))
					fail_msg("case %d quantity %d: %.17g, reference %.17g", cur, j, got[j],
					         ref_out[j]);
				worst = fmax(worst, rel(got[j], ref_out[j]));
			}
			cases++;
		}
		if (c == -2)
			break;
		if (c != cur) {
			cur = c;
			nrows = 0;
			at = strtod(f[1], NULL);
			bt = strtod(f[2], NULL);
			d = strtod(f[3], NULL);
			ber = strtod(f[4], NULL);
			trunc.errors = strtod(f[5], NULL);
			trunc.bits = strtod(f[6], NULL);
			for (int j = 0; j < 6; j++)
				ref_out[j] = strtod(f[10 + j], NULL);
		}
		assert_true(nrows < MAX_ROWS);
		ref_pass[nrows] = strtod(f[8], NULL);
		ref_fail[nrows] = strtod(f[9], NULL);
		nrows++;
	}
	fclose(fp);
	assert_int_equal(cases, 5);
	print_message("plan_seq_ref.csv: %d cases, %d of %d table entries equal (rest within 1 bit), "
	              "outcomes worst %.3g relative\n",
	              cases, equal, entries, worst);
	assert_true(equal >= entries - 2);
}

/* An exponential variate from splitmix64: independent of engine/simulate.c. */
static double rng_exp(uint64_t *s)
{
	double u = ((double)(splitmix64(s) >> 11) + 0.5) * 0x1.0p-53;
	return -log(u);
}

/* One run of the table's test with errors at rate ber per bit: 1 pass, 0 fail. */
static int run_plan(const double *pass, const double *fail, int c, double ber, uint64_t *s,
                    double *bits)
{
	double t = 0;
	for (int k = 0;; k++) {
		double arrival = t + rng_exp(s) / ber; /* error k + 1 */
		if (arrival > pass[k]) {
			*bits = pass[k];
			return 1;
		}
		if (k == c || arrival <= fail[k]) {
			*bits = arrival;
			return 0;
		}
		t = arrival;
	}
}

static void test_sequential_design(void **state)
{
	(void)state;
	const double risks[] = {0.05, 0.1, 0.2}, ratios[] = {1.5, 2, 3};
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			for (int k = 0; k < 3; k++) {
				double at = risks[i], bt = risks[j], d = ratios[k], rows;
				bercl_plan fixed;
				bercl_sequential_plan s;
				assert_int_equal(bercl_plan_fixed(1e-12, at, bt, d, &fixed), BERCL_OK);
				assert_int_equal(bercl_plan_sequential_rows(1e-12, at, bt, d, &rows), BERCL_OK);
				assert_true(rows <= 200);
				double pass[200], fail[200], work[400];
				assert_int_equal(
				    bercl_plan_sequential(1e-12, at, bt, d, rows, pass, fail, work, &s),
				    BERCL_OK);
				assert_true(s.alpha <= at && s.beta <= bt);
				assert_true(s.max_bits >= fixed.bits && s.max_bits <= 1.5 * fixed.bits);
				assert_true(s.expected_bits_good < fixed.bits);
				assert_true(s.expected_bits_bad < fixed.bits);
				int c = (int)s.max_errors;
				assert_true(pass[c] == s.max_bits && fail[c] == s.max_bits);
				for (int r = 0; r <= c; r++) {
					assert_true(fail[r] <= pass[r]);
					assert_true(r == 0 || (pass[r] >= pass[r - 1] && fail[r] >= fail[r - 1]));
				}
				bercl_plan_outcome good, bad;
				assert_int_equal(bercl_plan_sequential_outcome(pass, fail, s.max_errors,
				                                               1e-12 / d, work, &good),
				                 BERCL_OK);
				assert_int_equal(bercl_plan_sequential_outcome(pass, fail, s.max_errors, 1e-12,
				                                               work, &bad),
				                 BERCL_OK);
				assert_true(good.p_fail == s.alpha && bad.p_pass == s.beta);
				assert_true(fabs(good.p_pass + good.p_fail - 1) < 1e-12);
				assert_true(fabs(bad.p_pass + bad.p_fail - 1) < 1e-12);
				/* Far from the plan's BERs the outcome stays a probability. */
				const double far[] = {1e-16, 1e-15, 1e-9, 1e-6};
				for (int f = 0; f < 4; f++) {
					bercl_plan_outcome o;
					assert_int_equal(bercl_plan_sequential_outcome(pass, fail, s.max_errors,
					                                               far[f], work, &o),
					                 BERCL_OK);
					assert_true(o.p_pass >= 0 && o.p_pass <= 1 && o.p_fail >= 0 &&
					            o.p_fail <= 1);
					assert_true(fabs(o.p_pass + o.p_fail - 1) < 1e-12);
					assert_true(o.expected_bits > 0 && o.expected_bits <= s.max_bits);
				}
			}
}

/*
 * 1e6 simulated tests of the alpha = beta = 5 %, D = 2 sequential plan at
 * the good and at the bad BER: the exact risks and mean lengths lie within
 * 4 standard errors of the simulated ones.
 */
static void test_sequential_simulated(void **state)
{
	(void)state;
	double rows, pass[200], fail[200], work[400];
	bercl_sequential_plan s;
	assert_int_equal(bercl_plan_sequential_rows(1e-12, 0.05, 0.05, 2, &rows), BERCL_OK);
	assert_int_equal(bercl_plan_sequential(1e-12, 0.05, 0.05, 2, rows, pass, fail, work, &s),
	                 BERCL_OK);
	uint64_t seed = 12345;
	const int n = 1000000;
	for (int which = 0; which < 2; which++) {
		double ber = which ? 1e-12 : 0.5e-12;
		double sum = 0, sum2 = 0;
		long wrong = 0;
		for (int i = 0; i < n; i++) {
			double bits;
			int passed = run_plan(pass, fail, (int)s.max_errors, ber, &seed, &bits);
			wrong += which ? passed : !passed;
			sum += bits;
			sum2 += bits * bits;
		}
		double p = (double)wrong / n, exact = which ? s.beta : s.alpha;
		double se = sqrt(exact * (1 - exact) / n);
		double mean = sum / n, sd = sqrt(sum2 / n - mean * mean), se_mean = sd / sqrt(n);
		double exact_mean = which ? s.expected_bits_bad : s.expected_bits_good;
		print_message("%s BER: simulated risk %.5f (exact %.5f, %.2f se), mean bits %.5g (exact "
		              "%.5g, %.2f se)\n",
		              which ? "bad" : "good", p, exact, (p - exact) / se, mean, exact_mean,
		              (mean - exact_mean) / se_mean);
		assert_true(fabs(p - exact) < 4 * se);
		assert_true(fabs(mean - exact_mean) < 4 * se_mean);
	}
}

/*
 * The plan checked only at readings: bercl_plan_sequential_at_readings()
 * on plan_seq_ref.csv's tables against readings_ref.csv (gen_readings_ref.py
 * follows the plan reading by reading at 40 digits; lib/plan.c steps once per
 * change of the window), and the limits: a reading every bit is the
 * continuous plan, one reading at or past the end is a fixed test.
 */
static void test_readings_ref(void **state)
{
	(void)state;
	static double pass[5][MAX_ROWS], fail[5][MAX_ROWS], ber[5], ratio[5];
	int rows[5] = {0};
	char line[1024];
	char *f[16];
	FILE *fp = table_open("plan_seq_ref.csv");
	table_next(fp, line, sizeof line, f, 16);
	while (table_next(fp, line, sizeof line, f, 16) == 16) {
		int c = atoi(f[0]);
		assert_true(c >= 0 && c < 5 && rows[c] < MAX_ROWS);
		ber[c] = strtod(f[4], NULL);
		ratio[c] = strtod(f[3], NULL);
		pass[c][rows[c]] = strtod(f[8], NULL);
		fail[c][rows[c]] = strtod(f[9], NULL);
		rows[c]++;
	}
	fclose(fp);
	fp = table_open("readings_ref.csv");
	table_next(fp, line, sizeof line, f, 6);
	int n = 0;
	double worst = 0, work[2 * MAX_ROWS];
	while (table_next(fp, line, sizeof line, f, 6) == 6) {
		int c = atoi(f[0]);
		double b = strtod(f[1], NULL), got[4];
		assert_true(c >= 0 && c < 5 && rows[c] > 0);
		assert_int_equal(bercl_plan_sequential_at_readings(pass[c], fail[c], rows[c] - 1,
		                                                   ber[c] / ratio[c], b, work, &got[0],
		                                                   &got[1]),
		                 BERCL_OK);
		assert_int_equal(bercl_plan_sequential_at_readings(pass[c], fail[c], rows[c] - 1, ber[c],
		                                                   b, work, &got[2], &got[3]),
		                 BERCL_OK);
		for (int j = 0; j < 4; j++) {
			double ref = strtod(f[2 + j], NULL);
			/* relative, or absolute for the tiny risks of a reading past the end */
			double d = ref > 1e-6 ? rel(got[j], ref) : fabs(got[j] - ref) / 1e-6;
			if (!(d < 1e-12))
				fail_msg("case %d interval %s quantity %d: %.17g, reference %s", c, f[1], j,
				         got[j], f[2 + j]);
			worst = fmax(worst, d);
		}
		n++;
	}
	fclose(fp);
	assert_int_equal(n, 42);
	print_message("readings_ref.csv: %d intervals, worst relative difference %.3g\n", n, worst);

	/* every bit: the continuous plan's exact risks; one reading past the end:
	   the fixed test of that many bits allowing c errors */
	for (int c = 0; c < 5; c++) {
		bercl_plan_outcome o;
		double pp, pf, a, bb;
		size_t last = (size_t)rows[c] - 1;
		assert_int_equal(bercl_plan_sequential_outcome(pass[c], fail[c], (double)last, ber[c],
		                                               work, &o),
		                 BERCL_OK);
		assert_int_equal(bercl_plan_sequential_at_readings(pass[c], fail[c], (double)last,
		                                                   ber[c], 1, work, &pp, &pf),
		                 BERCL_OK);
		assert_true(rel(pp, o.p_pass) < 1e-9 && rel(pf, o.p_fail) < 1e-9);
		double end = 1.25 * pass[c][last];
		end = floor(end);
		assert_int_equal(bercl_plan_sequential_at_readings(pass[c], fail[c], (double)last,
		                                                   ber[c], end, work, &pp, &pf),
		                 BERCL_OK);
		assert_int_equal(bercl_plan_risks((double)last, end, ber[c], ratio[c], &a, &bb),
		                 BERCL_OK);
		assert_true(rel(pp, bb) < 1e-13);
	}
	/* the domain: an interval below 1 bit, more than 2^52 readings */
	double pp, pf;
	assert_int_equal(bercl_plan_sequential_at_readings(pass[0], fail[0], rows[0] - 1, ber[0],
	                                                   0.5, work, &pp, &pf),
	                 BERCL_EDOM);
	double p1[1] = {1e17}, f1[1] = {1e17};
	assert_int_equal(bercl_plan_sequential_at_readings(p1, f1, 0, 1e-17, 1, work, &pp, &pf),
	                 BERCL_EDOM);
	assert_int_equal(bercl_plan_sequential_at_readings(p1, f1, 0, 1e-17, 100, work, &pp, &pf),
	                 BERCL_OK);
	assert_true(rel(pp, exp(-1.0)) < 1e-15);
}

static void test_domain(void **state)
{
	(void)state;
	double a, b;
	bercl_plan p;
	assert_int_equal(bercl_plan_risks(0.5, 1e12, 1e-12, 2, &a, &b), BERCL_EDOM);
	assert_int_equal(bercl_plan_risks(0, 1e12, 1e-12, 1, &a, &b), BERCL_EDOM);
	assert_int_equal(bercl_plan_risks(0, 1.5, 1e-12, 2, &a, &b), BERCL_EDOM);
	assert_int_equal(bercl_plan_risks(0, 1e12, 0, 2, &a, &b), BERCL_EDOM);
	assert_int_equal(bercl_plan_fixed(1e-12, 0, 0.05, 2, &p), BERCL_EDOM);
	assert_int_equal(bercl_plan_fixed(1e-12, 0.05, 1, 2, &p), BERCL_EDOM);
	assert_int_equal(bercl_plan_fixed(1e-12, 0.05, 0.05, NAN, &p), BERCL_EDOM);
	/* The classic test: 0 errors in 3e12 bits at 1e-12 passes a link at half
	   the BER with probability e^-1.5 only. */
	assert_int_equal(bercl_plan_risks(0, 3e12, 1e-12, 2, &a, &b), BERCL_OK);
	assert_true(rel(a, -expm1(-1.5)) < 1e-15 && rel(b, exp(-3.0)) < 1e-15);
	/* A table that does not close (last row) or is not monotone. */
	double pass[2] = {10, 20}, fail[2] = {0, 15}, work[4];
	bercl_plan_outcome o;
	assert_int_equal(bercl_plan_sequential_outcome(pass, fail, 1, 0.1, work, &o), BERCL_EDOM);
	fail[1] = 20;
	pass[0] = 30;
	assert_int_equal(bercl_plan_sequential_outcome(pass, fail, 1, 0.1, work, &o), BERCL_EDOM);
	/* A closed table: pass at 10 bits with no error, fail on the first. */
	double p1[1] = {10}, f1[1] = {10};
	assert_int_equal(bercl_plan_sequential_outcome(p1, f1, 0, 0.1, work, &o), BERCL_OK);
	assert_true(rel(o.p_pass, exp(-1.0)) < 1e-15);
	assert_true(rel(o.expected_bits, -expm1(-1.0) / 0.1) < 1e-14);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_risks_table),       cmocka_unit_test(test_fixed_plans),
	    cmocka_unit_test(test_mil_hdbk_781a),     cmocka_unit_test(test_sequential_tables),
	    cmocka_unit_test(test_sequential_design), cmocka_unit_test(test_sequential_simulated),
	    cmocka_unit_test(test_readings_ref), cmocka_unit_test(test_domain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
