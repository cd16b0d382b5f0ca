/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_fec_cli.c - bercl fec, cl --lane-errors and bits --all-lanes driven
 * as a user would: values against the 60-digit tables (printed from their
 * logarithms below 1e-308), the inverse through the CLI, the lane rows
 * against their definitions, the --histogram file's errors, and the bad
 * invocations (exit 2, one line, nothing on standard output).
 */
#include "testutil.h"
#include "cliutil.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_fit.h>

static void test_fec_bad_invocations(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"fec --ber 1e-6",
		"fec --code kp5 --ber 1e-6",
		"fec --code rs:544 --ber 1e-6",
		"fec --code rs:544,544 --ber 1e-6",
		"fec --code rs:2000,1000,10 --ber 1e-6",
		"fec --code rs:544,514,17 --ber 1e-6",
		"fec --code rs:544,514,10,3 --ber 1e-6",
		"fec --code rs:-544,514 --ber 1e-6",
		"fec --code kp4 --code kr4 --ber 1e-6",
		"fec --code kp4",
		"fec --code kp4 --ber 1e-6 --cer 1e-12",
		"fec --code kp4 --ber 0.6",
		"fec --code kp4 --ber 1e-6x",
		"fec --code kp4 --cer 0",
		"fec --code kp4 --cer 1",
		"fec --code kp4 -e 3 -n 1e12",
		"fec --code kp4 -e 3 --cl 95%",
		"fec --code kp4 --codewords 1e9",
		"fec --code kp4 --codewords 1e9 --uncorrectable 2",
		"fec --code kp4 --codewords 1e9 --uncorrectable 2 --cer 1e-9 --cl 95%",
		"fec --code kp4 --codewords 1e9 --uncorrectable 2e9 --cl 95%",
		"fec --code kp4 --codewords 1.5 --uncorrectable 0 --cl 95%",
		"fec --code kp4 --histogram",
		"fec --code kp4 --histogram /nonexistent",
		"fec --code kp4 --histogram tests/data/fec_hist_above_t.csv",
		"fec --code kp4 --histogram tests/data/fec_hist_twice.csv",
		"fec --code kp4 --histogram tests/data/fec_hist_no_uncorrectable.csv",
		"fec --code kp4 --histogram tests/data/fec_hist_junk.csv",
		"fec --code kp4 --histogram docs/examples/fec_burst.csv --ber 1e-6",
		"fec --code kp4 --histogram docs/examples/fec_burst.csv --input /dev/null",
		"cl --ber 1e-6 --code kp4 -n 1e12",
		"cl --lane-errors 1 --bits 1e12 --ber 1e-12",
		"cl --lane-errors 1,2 --errors 3 --bits 1e12 --ber 1e-12",
		"cl --lane-errors 1,2 --lanes 2 --bits 1e12 --ber 1e-12",
		"cl --lane-errors 1,x --bits 1e12 --ber 1e-12",
		"cl --lane-errors 1,2.5 --bits 1e12 --ber 1e-12",
		"bits --all-lanes --ber 1e-12 --cl 95%",
		"ber --lane-errors 1,2 --bits 1e12 --cl 95%",
		"fec --code kp4 --ber 1e-6 --all-lanes",
	};
	expect_usage_errors(bad, sizeof bad / sizeof *bad, "fec/lane ");
	static struct run r;
	run(&r, NULL, "fec --code kp4 --histogram tests/data/fec_hist_above_t.csv");
	assert_non_null(strstr(r.err, "fec_hist_above_t.csv:4:"));
	assert_non_null(strstr(r.err, "bin 16"));
	run(&r, NULL, "fec --code rs:2000,1000,10 --ber 1e-6");
	assert_non_null(strstr(r.err, "--code 'rs:2000,1000,10'"));
}

/* The i-th TSV cell of a line (0-based), copied into buf. */
static const char *cell(const char *line, int i, char *buf, size_t len)
{
	const char *p = line;
	for (int k = 0; k < i && p; k++) {
		p = strchr(p, '\t');
		if (p)
			p++;
	}
	assert_non_null(p);
	size_t n = strcspn(p, "\t\n");
	if (n >= len)
		n = len - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return buf;
}

/* Relative difference of two printed decimals of any exponent. */
static double rel_decimal(const char *a, const char *b)
{
	double ma, mb;
	long long ea, eb;
	decimal_split(a, &ma, &ea);
	decimal_split(b, &mb, &eb);
	if (ea == eb + 1)
		ma *= 10;
	else if (ea == eb - 1)
		mb *= 10;
	else if (ea != eb)
		return INFINITY;
	return fabs(ma - mb) / mb;
}

/* Every row of fec_ref.csv through the CLI: cer and post_fec_ber as printed. */
static void test_fec_values_printed(void **state)
{
	(void)state;
	FILE *fp = table_open("fec_ref.csv");
	char line[512], *f[8];
	static struct run r;
	int rows = 0, below = 0;
	double worst = 0;
	while (table_next(fp, line, sizeof line, f, 8) == 8) {
		char args[256], c1[64], c2[64];
		snprintf(args, sizeof args, "fec --code rs:%s,%s,%s --ber %s -f tsv", f[1], f[2], f[3],
		         f[4]);
		run(&r, NULL, args);
		assert_int_equal(r.status, 0);
		const char *row = strchr(r.out, '\n') + 1;
		/* code,n,k,m,t,ber,ser,cer,post_fec_ber */
		double d = fmax(rel_decimal(cell(row, 7, c1, sizeof c1), f[6]),
		                rel_decimal(cell(row, 8, c2, sizeof c2), f[7]));
		if (!(d <= 1e-14))
			fail_msg("%s ber %s: printed %s %s, reference %s %s", f[0], f[4], c1, c2, f[6], f[7]);
		double m;
		long long e;
		decimal_split(c1, &m, &e);
		below += e < -308;
		worst = fmax(worst, d);
		rows++;
	}
	fclose(fp);
	assert_true(rows >= 100 && below >= 4);
	print_message("fec --ber: %d rows printed within %.3g of fec_ref.csv (%d below 1e-308)\n",
	              rows, worst, below);
}

static void test_fec_inverse_cli(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "fec --code kp4 --cer 1e-15,1e-12,1e-9 -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 4);
	for (int i = 1; i <= 3; i++) {
		char args[128];
		double x = csv_value(r.out, "cer", i), b = csv_value(r.out, "ber_max", i);
		snprintf(args, sizeof args, "fec --code kp4 --ber %.17g -f csv", b);
		static struct run back;
		run(&back, NULL, args);
		assert_true(bercl_rel_diff(csv_value(back.out, "cer", 1), x) < 1e-13);
	}
	/* the KP4 design point: CER 1e-12 at about BER 2.43e-4 */
	assert_true(fabs(csv_value(r.out, "ber_max", 2) - 2.433401464576633e-4) < 1e-16);
}

/* A measured test: ber_upper as bercl ber says, cer_upper = cer(ber_upper). */
static void test_fec_test_and_counts(void **state)
{
	(void)state;
	static struct run r, b, c;
	run(&r, NULL, "fec --code kp4 -e 10 -n 1e9 --cl 95% -f csv");
	run(&b, NULL, "ber -e 10 -n 1e9 --cl 95% -f csv");
	double up = csv_value(b.out, "ber_upper", 1);
	assert_true(csv_value(r.out, "ber_upper", 1) == up);
	char args[128];
	snprintf(args, sizeof args, "fec --code kp4 --ber %.17g -f csv", up);
	run(&c, NULL, args);
	assert_true(bercl_rel_diff(csv_value(r.out, "cer_upper", 1), csv_value(c.out, "cer", 1)) <
	            1e-15);
	/* a bound above BER 1/2 bounds the CER by cer(1/2): P[Binomial(3, 1/2) > 1] */
	run(&r, NULL, "fec --code rs:3,1,1 -e 2 -n 3 --cl 95% -f tsv");
	assert_int_equal(r.status, 0);
	const char *row = strchr(r.out, '\n') + 1;
	char cell_buf[64];
	assert_true(fabs(strtod(cell(row, 10, cell_buf, sizeof cell_buf), NULL) - 0.5) < 1e-15);
	/* codewords: the CL is bercl cl's on codewords; the bound is bercl ber's */
	run(&r, NULL, "fec --code kp4 --codewords 1e12 --uncorrectable 2 --cer 1e-11 -f csv");
	run(&b, NULL, "cl -e 2 -n 1e12 -p 1e-11 -f csv");
	assert_true(csv_value(r.out, "cl", 1) == csv_value(b.out, "cl", 1));
	run(&r, NULL, "fec --code kp4 --codewords 1e12 --uncorrectable 2 --cl 95% -f csv");
	run(&b, NULL, "ber -e 2 -n 1e12 -c 95% -f csv");
	assert_true(csv_value(r.out, "cer_upper", 1) == csv_value(b.out, "ber_upper", 1));
}

static void test_fec_histogram_cli(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "fec --code kp4 --histogram docs/examples/fec_independent.csv --cl 95% -f csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, ",no,"));
	assert_true(csv_value(r.out, "gof_p", 1) > 0.5);
	assert_string_equal(r.err, ""); /* the model stands: no warning */
	/* ... and cer_upper is cer at the printed ser_upper (GSL's binomial tail) */
	{
		static const double bins[16] = {2709674172, 3542424916, 2311293885, 1003501173,
		                                326166866,  84654155,   18275551,   3375510,
		                                544513,     77932,      10020,      1169,
		                                125,        12,         1,          0};
		double ys[6], xs[6], ser_up = csv_value(r.out, "ser_upper", 1);
		assert_true(ser_up > csv_value(r.out, "ser_estimate", 1));
		double cer = gsl_cdf_binomial_Q(15, ser_up, 544);
		assert_true(bercl_rel_diff(csv_value(r.out, "cer_upper", 1), cer) < 1e-9);
		/* tail_r2 at full precision: the fit over bins 8 .. 13 (above the mode 1,
		 * at least 10 codewords each) */
		for (int j = 0; j < 6; j++) {
			xs[j] = 8 + j;
			ys[j] = log(bins[8 + j]);
		}
		double c0, c1, v00, v01, v11, sumsq, my = 0, syy = 0;
		gsl_fit_linear(xs, 1, ys, 1, 6, &c0, &c1, &v00, &v01, &v11, &sumsq);
		for (int j = 0; j < 6; j++)
			my += ys[j] / 6;
		for (int j = 0; j < 6; j++)
			syy += (ys[j] - my) * (ys[j] - my);
		double r2 = csv_value(r.out, "tail_r2", 1);
		if (!(bercl_rel_diff(r2, 1 - sumsq / syy) < 1e-13))
			fail_msg("tail_r2 %.17g, least squares %.17g", r2, 1 - sumsq / syy);
	}
	/* bursts: the model is contradicted; cer_upper is the Clopper-Pearson bound
	 * on 2616064 of 1e10, P[X <= U | cer_upper] = 1 - I(cer_upper; U + 1, C - U) = 0.05,
	 * and a one-line warning says so */
	run(&r, NULL, "fec --code kp4 --histogram docs/examples/fec_burst.csv --cl 95% -f csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, ",yes,"));
	double up = csv_value(r.out, "cer_upper", 1);
	assert_true(up > 2616064 / 1e10);
	assert_true(fabs(gsl_cdf_beta_Q(up, 2616065, 1e10 - 2616064) - 0.05) < 1e-9);
	assert_int_equal(count_lines(r.err), 1);
	assert_non_null(strstr(r.err, "bercl: warning: the histogram contradicts the "
	                              "independent-error model (burst = yes"));
	/* gof_p far below the double range: csv prints its logarithm's full digits, text 2 */
	{
		const char *g = strstr(r.out, "e-2959612032867");
		assert_non_null(g);
		const char *start = g;
		while (start > r.out && start[-1] != ',')
			start--;
		int digits = 0;
		for (const char *q = start; q < g; q++)
			digits += *q >= '0' && *q <= '9';
		if (digits < 15)
			fail_msg("gof_p printed with %d digits: %.*s", digits, (int)(g - start), start);
		run(&r, NULL, "fec --code kp4 --histogram docs/examples/fec_burst.csv --cl 95%");
		assert_non_null(strstr(r.out, " 6.9e-2959612032867 "));
	}
	/* no fit test (too few groups), but 5 of 1005 lost: far more than the model
	 * allows, so the count's bound, P[X <= 5 | cer_upper] = 0.05 */
	run(&r, NULL, "fec --code kp4 --histogram - --cl 95% -f csv < tests/data/fec_hist_lost.csv");
	assert_int_equal(r.status, 0);
	up = csv_value(r.out, "cer_upper", 1);
	assert_true(fabs(gsl_cdf_beta_Q(up, 6, 1000) - 0.05) < 1e-12);
	assert_true(up > 5.0 / 1005);
	assert_int_equal(count_lines(r.err), 1);
	assert_non_null(strstr(r.err, "more uncorrectable than its bound allows; 5 of 1005"));
	/* every codeword lost: the bounds reach 1 (and say so, not an error) */
	static struct run a;
	run(&a, NULL, "fec --code kp4 --histogram tests/data/fec_hist_all_lost.csv --cl 95% -f csv");
	assert_int_equal(a.status, 0);
	assert_true(csv_value(a.out, "ser_upper", 1) == 1 && csv_value(a.out, "cer_upper", 1) == 1);
	/* ser_upper counts each lost codeword as n = 544 errored symbols: 2720 in 546720 */
	assert_true(bercl_rel_diff(csv_value(r.out, "ser_upper", 1),
	                           gsl_cdf_gamma_Pinv(0.95, 2721, 1) / 546720) < 1e-12);
	/* standard input, CR LF, a header and a comment */
	run(&r, NULL, "fec --code rs:15,9,4 --histogram - -f tsv < tests/data/fec_hist_small.csv");
	assert_int_equal(r.status, 0);
	/* code n k m t codewords uncorrectable ser_estimate */
	const char *row = strchr(r.out, '\n') + 1;
	char c[64];
	assert_string_equal(cell(row, 0, c, sizeof c), "rs:15,9,4");
	assert_true(strtod(cell(row, 5, c, sizeof c), NULL) == 1000);
	assert_true(bercl_rel_diff(strtod(cell(row, 7, c, sizeof c), NULL), 425.0 / 15000) < 1e-15);
}

/*
 * fec --cer beyond the code's worst case (rs:5,3,2 has cer 0.984375 at BER
 * 0.5): ber_max 0.5 and a note; a target below the code's CER at 1e-300
 * (rs:3,2,1, t = 0: 3e-300 there) is refused with the code's CER range.
 */
static void test_fec_cer_range(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "fec --code rs:5,3,2 --cer 0.98,0.99 --value ber_max");
	assert_int_equal(r.status, 0);
	double b = strtod(r.out, NULL);
	assert_true(b > 0.48 && b < 0.49);
	assert_non_null(strstr(r.out, "\n0.5\n"));
	assert_string_equal(r.err, "bercl: note: row 2 (cer=0.99): cer 0.99 is at least this code's "
	                           "cer at pre-FEC BER 0.5 (0.984375): every BER up to 0.5 meets "
	                           "it, and ber_max is 0.5, the end of the domain\n");
	run(&r, NULL, "fec --code rs:3,2,1 --cer 1e-305");
	assert_int_equal(r.status, 2);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, "bercl: fec: no pre-FEC BER in [1e-300, 0.5] has cer at most "
	                           "1e-305: this code's cer runs from 3e-300 (at BER 1e-300) to "
	                           "0.875 (at 0.5)\n");
	/* t = 2: the CER at 1e-300 is about 1e-897, below every double target */
	run(&r, NULL, "fec --code rs:7,3,3 --cer 1e-305");
	assert_int_equal(r.status, 0);
	assert_string_equal(r.err, "");
}

/* cl --lane-errors: rows per lane, combined = pooled, all = product. */
static void test_lane_rows(void **state)
{
	(void)state;
	static struct run r, p;
	run(&r, NULL, "cl --lane-errors 0,1,0,2,5,0,0,1 --bits 2e12 --ber 1e-12 -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 11);
	long double prod = 1;
	for (int i = 1; i <= 8; i++)
		prod *= csv_value(r.out, "cl", i);
	double all = csv_value(r.out, "cl", 10);
	assert_true(strstr(r.out, "\nall,") && strstr(r.out, "\ncombined,"));
	if (!(bercl_rel_diff(all, (double)prod) <= 1e-15))
		fail_msg("all %.17g, product %.17Lg", all, prod);
	run(&p, NULL, "cl -e 9 -n 16e12 -p 1e-12 -f csv");
	assert_true(csv_value(r.out, "cl", 9) == csv_value(p.out, "cl", 1));
	/* the all row: the lanes' bits and errors together, as combined (and as
	   watch's all row), lanes = L */
	assert_true(csv_value(r.out, "bits", 10) == 16e12 && csv_value(r.out, "errors", 10) == 9);
	/* with time: the combined row is the lanes' bits together */
	run(&r, NULL, "cl --lane-errors 0,0,0,0 --time 1min --rate 53.125G --ber 1e-12 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "bits", 5) == 4 * 53.125e9 * 60);
	assert_true(csv_value(r.out, "bits", 6) == 4 * 53.125e9 * 60);
	assert_true(csv_value(r.out, "lanes", 6) == 4 && csv_value(r.out, "lanes", 5) == 4);
	/* text: the lane column holds "combined", and every row stays in line */
	run(&r, NULL, "cl --lane-errors 0,1,2 --bits 1e12 --ber 1e-12");
	assert_int_equal(r.status, 0);
	{
		const char *line = r.out, *errors = strstr(r.out, "errors");
		assert_non_null(errors);
		long col = errors - r.out;
		for (int k = 0; k < 4; k++) { /* lanes 1 .. 3 and combined: 0, 1, 2, 3 errors */
			line = strchr(line, '\n') + 1;
			if (line[col - 1] != ' ' || line[col] != '0' + k)
				fail_msg("row %d: errors not under the header at %ld:\n%s", k + 1, col, r.out);
		}
	}
	/* --require judges every row, the all row too */
	run(&r, NULL, "cl --lane-errors 0,0 --bits 3e12 --ber 1e-12 --require 95%");
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.out, "fail"));
}

/* bits --all-lanes: N per lane reaches CL for all lanes; N - 1 does not. */
static void test_all_lanes_bits_cli(void **state)
{
	(void)state;
	static const char *const cases[][4] = {
		{"0", "1e-12", "95%", "8"}, {"2", "1e-9", "99%", "4"}, {"0", "1e-6", "90%", "16"},
		{"5", "1e-10", "99.9%", "2"},
	};
	static struct run r, a, b;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char args[256], lane_errors[128] = "";
		int lanes = atoi(cases[i][3]);
		for (int j = 0; j < lanes; j++)
			snprintf(lane_errors + strlen(lane_errors), sizeof lane_errors - strlen(lane_errors),
			         "%s%s", j ? "," : "", cases[i][0]);
		snprintf(args, sizeof args, "bits -e %s -p %s -c %s --lanes %s --all-lanes -f csv",
		         cases[i][0], cases[i][1], cases[i][2], cases[i][3]);
		run(&r, NULL, args);
		assert_int_equal(r.status, 0);
		double n = csv_value(r.out, "bits", 1);
		snprintf(args, sizeof args, "cl --lane-errors %s -n %.17g -p %s --require %s -f csv",
		         lane_errors, n, cases[i][1], cases[i][2]);
		run(&a, NULL, args);
		snprintf(args, sizeof args, "cl --lane-errors %s -n %.17g -p %s --require %s -f csv",
		         lane_errors, n - 1, cases[i][1], cases[i][2]);
		run(&b, NULL, args);
		/* the all row (lanes + 2) passes at N and fails at N - 1 */
		const char *all_a = strstr(a.out, "\nall,"), *all_b = strstr(b.out, "\nall,");
		assert_non_null(all_a);
		assert_non_null(all_b);
		if (!strstr(all_a, ",pass") || !strstr(all_b, ",fail"))
			fail_msg("%s: at %.17g bits: %s; one fewer: %s", args, n, all_a, all_b);
	}
}

static void test_fec_batch(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "fec --code kr4 --input tests/data/fec_batch.csv -f csv");
	assert_int_equal(r.status, 2); /* one row has a BER above 0.5 */
	assert_int_equal(count_lines(r.out), 5);
	assert_non_null(strstr(r.err, "fec_batch.csv:5:"));
	assert_true(csv_value(r.out, "ber_max", 3) > 0);
	assert_true(csv_value(r.out, "cer", 1) > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fec_bad_invocations),
		cmocka_unit_test(test_fec_values_printed),
		cmocka_unit_test(test_fec_inverse_cli),
		cmocka_unit_test(test_fec_test_and_counts),
		cmocka_unit_test(test_fec_histogram_cli),
		cmocka_unit_test(test_fec_cer_range),
		cmocka_unit_test(test_lane_rows),
		cmocka_unit_test(test_all_lanes_bits_cli),
		cmocka_unit_test(test_fec_batch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
