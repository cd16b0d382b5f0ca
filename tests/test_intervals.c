/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_intervals.c - cl and ber --intervals and simulate --burst-model as a
 * user runs them: the file's forms (per-interval counts and cumulative
 * readings give the same answers; the note says which it read), its bad
 * rows (one line naming the file, line and column, exit 2, nothing on
 * standard output), the clustered columns in every format, the one-burst
 * link, and the statistical claims by seeded simulation at a small count
 * (the full-size figures are in docs/bursts.md, from tests/clustered_grid.sh).
 */
#include "testutil.h"
#include "cliutil.h"

#include "bursts.h"

static void write_file(const char *path, const char *text)
{
	make_tmp();
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void test_bad_files(void **state)
{
	(void)state;
	static const struct {
		const char *text, *message;
	} bad[] = {
		{"bits,errors\n1e9,0\n1e9,x\n", "f.csv:3: errors 'x'"},
		{"bits,errors\n1e9,0\n0,0\n", "f.csv:3: bits 0: a zero-length interval (column bits)"},
		{"bits,errors\n1e9,1.5\n", "f.csv:2: errors '1.5' must be a whole number (column errors)"},
		{"bits,errors\n-1e9,0\n", "f.csv:2: bits '-1e9'"},
		{"bits,errors\n10,11\n", "f.csv:2: errors 11 exceed the interval's bits 10 (column errors)"},
		{"bits,errors\n1e9,0\n2e9,1\n3e9,2\n2e9,3\n", "f.csv:5: bits 2000000000 is below the "
		 "reading before, 3000000000: the counter went backwards (column bits"},
		{"bits,errors\n1e9,0\n2e9,1\n3e9,2\n3e9,2\n", "f.csv:5: bits 3000000000 again: a "
		 "zero-length interval (column bits"},
		{"bits,errors\n1e9,0\n2e9,4\n3e9,5\n4e9,3\n", "f.csv:5: errors 3 is below the reading "
		 "before, 5: the counter went backwards (column errors"},
		{"bits\n1e9\n", "f.csv:1: the header needs both columns, bits and errors"},
		{"bits,errors,bits\n1,0,1\n", "f.csv:1: column bits given twice"},
		{"bits,errors\n", "f.csv: no intervals"},
		{"1e9\n", "f.csv:1: expected two cells, bits and errors"},
		{"time,bits,errors\n1,1e9\n", "f.csv:2: 2 cells: the row has no errors column"},
	};
	struct run r;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		write_file(TMP "f.csv", bad[i].text);
		run(&r, NULL, "cl --intervals " TMP "f.csv --ber 1e-9");
		if (r.status != 2 || r.out[0] || !strstr(r.err, bad[i].message) || count_lines(r.err) != 1)
			fail_msg("file %zu: status %d, stdout '%s', stderr '%s' (wanted '%s')", i, r.status,
			         r.out, r.err, bad[i].message);
		assert_true(strncmp(r.err, "bercl: --intervals: " TMP "f.csv", 20) == 0);
	}
	static const char *const usage[] = {
		"cl --intervals " TMP "f.csv --ber 1e-9 --errors 3",
		"cl --intervals " TMP "f.csv --ber 1e-9 --bits 1e9",
		"ber --intervals " TMP "f.csv --cl 95% --model binomial",
		"cl --intervals /nonexistent/f.csv --ber 1e-9",
		"cl --intervals '' --ber 1e-9",
		"simulate --burst-length 3 --bits 1e12 --ber 1e-12",
		"simulate --burst-model gilbert --bits 1e12 --ber 1e-12",
		"simulate --burst-model gilbert-elliott --burst-length 0.5 --bits 1e12 --ber 1e-12",
		"simulate --burst-model gilbert-elliott --burst-share 0 --bits 1e12 --ber 1e-12",
		"simulate --burst-model gilbert-elliott --ratio 4 --bits 1e12 --ber 1e-12",
	};
	write_file(TMP "f.csv", "bits,errors\n1e9,0\n");
	for (size_t i = 0; i < sizeof usage / sizeof usage[0]; i++) {
		run(&r, NULL, usage[i]);
		if (r.status != 2 || r.out[0] || count_lines(r.err) != 1)
			fail_msg("'%s': status %d, stdout '%s', stderr '%s'", usage[i], r.status, r.out,
			         r.err);
	}
}

/* The same test as counts per interval and as cumulative readings. */
static void test_forms_agree(void **state)
{
	(void)state;
	static char counts[1 << 16], readings[1 << 16];
	size_t a = 0, b = 0;
	a += (size_t)snprintf(counts + a, sizeof counts - a, "# a BERT log\ntime,bits,errors\n");
	b += (size_t)snprintf(readings + b, sizeof readings - b, "\xef\xbb\xbf" "bits,errors\r\n");
	double total = 0, errors = 0;
	for (int i = 0; i < 300; i++) {
		int x = (i * 37 % 11 == 0) ? 3 + i % 5 : (i % 7 == 0);
		total += 1e9;
		errors += x;
		a += (size_t)snprintf(counts + a, sizeof counts - a, "%d,1G,%d\n", i, x);
		b += (size_t)snprintf(readings + b, sizeof readings - b, "%.0f,%.0f\r\n", total, errors);
	}
	write_file(TMP "counts.csv", counts);
	write_file(TMP "readings.csv", readings);
	struct run r;
	static char first[1 << 16];
	run(&r, NULL, "ber --intervals " TMP "counts.csv --cl 95% --two-sided -f csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.err, "300 per-interval counts"));
	size_t n = strlen(r.out); /* far below the buffer: a few rows */
	assert_true(n < sizeof first);
	memcpy(first, r.out, n + 1);
	run(&r, NULL, "ber --intervals " TMP "readings.csv --cl 95% --two-sided -f csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.err, "300 cumulative readings"));
	assert_string_equal(r.out, first);
	/* the values are the library's for the same sums */
	bercl_intervals s = {0};
	for (int i = 0; i < 300; i++)
		bercl_intervals_add(&s, 1e9, (i * 37 % 11 == 0) ? 3 + i % 5 : (i % 7 == 0));
	double lo, up;
	assert_int_equal(bercl_clustered_ber_bounds(&s, 0.95, 0.05, 1, &lo, &up), BERCL_OK);
	assert_true(strtod(csv_cell(r.out, "ber_upper_clustered", 1), NULL) == up);
	assert_true(strtod(csv_cell(r.out, "ber_lower_clustered", 1), NULL) == lo);
	assert_true(strtod(csv_cell(r.out, "errors", 1), NULL) == s.errors);
	assert_true(up > strtod(csv_cell(r.out, "ber_upper", 1), NULL));
}

/* One burst of 40 errors after a clean run: Poisson's confidence, and none clustered. */
static void test_one_burst(void **state)
{
	(void)state;
	static char text[1 << 16];
	size_t a = (size_t)snprintf(text, sizeof text, "bits,errors\n");
	for (int i = 0; i < 1000; i++)
		a += (size_t)snprintf(text + a, sizeof text - a, "1e9,%d\n", i == 700 ? 40 : 0);
	write_file(TMP "burst.csv", text);
	struct run r;
	run(&r, NULL, "cl --intervals " TMP "burst.csv --ber 1e-10 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(strtod(csv_cell(r.out, "cl", 1), NULL) > 0.99999999999);
	assert_string_equal(csv_cell(r.out, "cl_clustered", 1), "0");
	assert_string_equal(csv_cell(r.out, "dispersion", 1), "40");
	assert_string_equal(csv_cell(r.out, "dispersion_upper", 1), "");
	assert_string_equal(csv_cell(r.out, "independent_events", 1), "0");
	run(&r, NULL, "ber --intervals " TMP "burst.csv --cl 95%");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "unbounded"));
	run(&r, NULL, "ber --intervals " TMP "burst.csv --cl 95% --two-sided -f json");
	assert_non_null(strstr(r.out, "\"ber_upper_clustered\":1,"));
	assert_non_null(strstr(r.out, "\"ber_lower_clustered\":0,"));
	run(&r, NULL, "ber --intervals " TMP "burst.csv --cl 95% --value ber_upper_clustered");
	assert_string_equal(r.out, "1\n");
}

/*
 * The coverage claim, at a small count: links at exactly the BER under
 * Gilbert-Elliott bursts (mean 1, 10, 100 errors; 10 and 1000 intervals;
 * tests allowing 0, 10, 100 errors at 95 %) pass at cl_clustered >= CL at
 * most 1 - CL + 0.01 (+ 3 standard errors of 2000 trials); the Poisson rule
 * passes far more of them once bursts are long; with single errors it is
 * exact (the generator is right).
 */
static void test_simulated_risk(void **state)
{
	(void)state;
	static const int lengths[] = {1, 10, 100}, ks[] = {10, 1000}, es[] = {0, 10, 100};
	struct run r;
	double worst = 0, poisson_worst = 0;
	for (size_t ie = 0; ie < 3; ie++) {
		char cmd[512];
		snprintf(cmd, sizeof cmd, "bits --errors %d --ber 1e-12 --cl 95%% --value bits", es[ie]);
		run(&r, NULL, cmd);
		assert_int_equal(r.status, 0);
		double bits = strtod(r.out, NULL);
		for (size_t il = 0; il < 3; il++)
			for (size_t ik = 0; ik < 2; ik++) {
				snprintf(cmd, sizeof cmd,
				         "simulate --burst-model gilbert-elliott --burst-length %d --errors %d "
				         "--bits %.17g --ber 1e-12 --reading-interval %.17g --trials 2000 "
				         "--seed %zu -f csv",
				         lengths[il], es[ie], bits, bits / ks[ik], 1 + il + 3 * ik + 6 * ie);
				run(&r, NULL, cmd);
				assert_int_equal(r.status, 0);
				double q = strtod(csv_cell(r.out, "one_minus_cl", 1), NULL);
				double sim = strtod(csv_cell(r.out, "one_minus_cl_sim", 1), NULL);
				double clu = strtod(csv_cell(r.out, "one_minus_cl_clustered_sim", 1), NULL);
				double se = sqrt(0.06 * 0.94 / 2000);
				if (!(clu <= q + 0.01 + 3 * se))
					fail_msg("L=%d k=%d E=%d: cl_clustered passes %.4f of links at the BER",
					         lengths[il], ks[ik], es[ie], clu);
				worst = fmax(worst, clu);
				if (lengths[il] == 1 && fabs(sim - q) > 4 * sqrt(q * (1 - q) / 2000))
					fail_msg("E=%d k=%d single errors: simulated %.4f, Poisson %.4f", es[ie],
					         ks[ik], sim, q);
				if (lengths[il] == 100)
					assert_true(sim > 0.3);
				poisson_worst = fmax(poisson_worst, sim);
			}
	}
	print_message("18 cells of 2000 links: cl_clustered passes at most %.4f, the Poisson rule "
	              "%.4f\n", worst, poisson_worst);
}

/* --require with --intervals judges cl_clustered too: one burst of 40 errors in
 * 100 intervals reaches 99.9999999992 % by the Poisson CL, 0 clustered. */
static void test_require_clustered(void **state)
{
	(void)state;
	static struct run r;
	char text[4096] = "bits,errors\n";
	for (int i = 0; i < 100; i++)
		strcat(text, i == 37 ? "1e10,40\n" : "1e10,0\n");
	write_file(TMP "burst.csv", text);
	run(&r, NULL, "cl -e 40 -n 1e12 -p 1e-10 --require 95% -f csv");
	assert_int_equal(r.status, 0); /* the Poisson CL alone passes */
	run(&r, NULL, "cl --intervals " TMP "burst.csv -p 1e-10 --require 95% -f csv");
	assert_int_equal(r.status, 1);
	assert_true(csv_value(r.out, "cl", 1) > 0.9999999999);
	assert_true(csv_value(r.out, "cl_clustered", 1) == 0);
	assert_non_null(strstr(r.out, ",fail,"));
	/* independent errors spread over many intervals pass both ways */
	text[0] = '\0';
	strcat(text, "bits,errors\n");
	for (int i = 0; i < 100; i++)
		strcat(text, i % 3 == 0 ? "1e10,1\n" : "1e10,0\n");
	write_file(TMP "spread.csv", text);
	run(&r, NULL, "cl --intervals " TMP "spread.csv -p 1e-10 --require 95% -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "cl_clustered", 1) >= 0.95);
}

/* Independent errors, 100 and 1000 intervals: within 1.15 x the Poisson bound
 * (median) from 10 expected errors, the 90th percentile from 100. */
static void test_independent_cost(void **state)
{
	(void)state;
	static struct rng rng;
	rng_seed(&rng, 2323);
	static double counts[1000];
	double ratios[400];
	static const double lambdas[] = {10, 20, 30, 100, 1000};
	for (size_t il = 0; il < sizeof lambdas / sizeof lambdas[0]; il++)
		for (int k = 100; k <= 1000; k *= 10) {
			struct bursts_test t = {.bits = 1e12, .interval_bits = 1e12 / k,
			                        .ber = lambdas[il] / 1e12, .length = 1, .share = 1};
			for (int i = 0; i < 400; i++) {
				bercl_intervals s;
				double x = bursts_draw(&rng, &t, counts, (size_t)k, &s);
				double lo, up, pup;
				assert_int_equal(bercl_clustered_ber_bounds(&s, 0.95, 0.05, 0, &lo, &up),
				                 BERCL_OK);
				assert_int_equal(bercl_ber_upper(BERCL_POISSON, x, s.bits, 0.95, 0.05, &pup),
				                 BERCL_OK);
				ratios[i] = up / pup;
			}
			double med = quantile(ratios, 400, 0.5), p90 = quantile(ratios, 400, 0.9);
			print_message("independent, %g expected errors, %d intervals: ber_upper_clustered / "
			              "ber_upper median %.4f, 90th percentile %.4f\n", lambdas[il], k, med, p90);
			assert_true(med >= 1 && med <= 1.15);
			if (lambdas[il] >= 100)
				assert_true(p90 <= 1.15);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_files),
		cmocka_unit_test(test_require_clustered),
		cmocka_unit_test(test_forms_agree),
		cmocka_unit_test(test_one_burst),
		cmocka_unit_test(test_simulated_risk),
		cmocka_unit_test(test_independent_cost),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
