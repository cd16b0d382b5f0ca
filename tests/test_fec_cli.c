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
		double ser_up = csv_value(r.out, "ser_upper", 1);
		assert_true(ser_up > csv_value(r.out, "ser_estimate", 1));
		double cer = gsl_cdf_binomial_Q(15, ser_up, 544);
		assert_true(bercl_rel_diff(csv_value(r.out, "cer_upper", 1), cer) < 1e-9);
		/* the tail fit of independent errors finds the binomial's curve
		 * (lib/fec_tail.c): its prediction is near cer_predicted, and the
		 * curve passes through the bins */
		double tail = csv_value(r.out, "cer_tail", 1), pred = csv_value(r.out, "cer_predicted", 1);
		if (!(tail > pred / 3 && tail < pred * 3))
			fail_msg("cer_tail %.17g, cer_predicted %.17g", tail, pred);
		double r2 = csv_value(r.out, "tail_r2", 1);
		assert_true(r2 > 0.999 && r2 <= 1);
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
	assert_string_equal(r.err, "bercl: warning: bursts (burst = yes): cer_upper is the exact "
	                           "bound from the uncorrectable count\n");
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
		/* a person reads it as what it says: far below any p-value that matters */
		run(&r, NULL, "fec --code kp4 --histogram docs/examples/fec_burst.csv --cl 95%");
		assert_non_null(strstr(r.out, "\nfit p          < 1e-12\n"));
	}
	/* no fit test (too few groups), but 5 of 1005 lost: far more than the model
	 * allows, so the count's bound, P[X <= 5 | cer_upper] = 0.05 */
	run(&r, NULL, "fec --code kp4 --histogram - --cl 95% -f csv < tests/data/fec_hist_lost.csv");
	assert_int_equal(r.status, 0);
	up = csv_value(r.out, "cer_upper", 1);
	assert_true(fabs(gsl_cdf_beta_Q(up, 6, 1000) - 0.05) < 1e-12);
	assert_true(up > 5.0 / 1005);
	assert_int_equal(count_lines(r.err), 1);
	assert_string_equal(r.err, "bercl: warning: too many uncorrectable for independent errors: "
	                           "cer_upper is the count's exact bound\n");
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
	assert_string_equal(r.err, "bercl: note: row 2 (cer=0.99): cer 0.99 is at least the code's "
	                           "cer at BER 0.5, 0.984375: so ber_max is 0.5, the domain's end\n");
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

/* bits --all-lanes: N per lane reaches CL for all lanes; N - 1 (above 2^53 the
 * double below N) does not. */
static void test_all_lanes_bits_cli(void **state)
{
	(void)state;
	static const char *const cases[][4] = {
		{"0", "1e-12", "95%", "8"}, {"2", "1e-9", "99%", "4"}, {"0", "1e-6", "90%", "16"},
		{"5", "1e-10", "99.9%", "2"},
		/* the product of the lane doubles rounds below the target the library
		 * reached (exit 3 before): the achieved CL prints as the target */
		{"0", "1e-15", "50%", "22"}, {"0", "1e-15", "90%", "64"},
		/* the per-lane answer 1e-100 / ber is dozens of bits from the
		 * all-lanes one (internal error "did not converge" before the
		 * one search, arith/search.c) */
		{"0", "4.158576663008941e-249", "1e-200", "2"},
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
		double n = csv_value(r.out, "bits_per_lane", 1);
		assert_true(csv_value(r.out, "bits", 1) == n * lanes); /* every lane's bits */
		double target = csv_value(r.out, "cl", 1);
		if (!(csv_value(r.out, "cl_achieved", 1) >= target))
			fail_msg("%s: cl_achieved below the target: %s", args, r.out);
		/* the lanes' own target cl^(1/L), from double-double logarithms:
		 * 1e-200 over 2 lanes is 1e-100 (9.99999999999989e-101 before) */
		double lane_cl = csv_value(r.out, "lane_cl", 1);
		double want = pow(target, 1.0 / lanes);
		if (!(fabs(lane_cl - want) <= 4e-16 * want))
			fail_msg("%s: lane_cl %.17g, cl^(1/L) %.17g", args, lane_cl, want);
		snprintf(args, sizeof args, "cl --lane-errors %s -n %.17g -p %s --require %s -f csv",
		         lane_errors, n, cases[i][1], cases[i][2]);
		run(&a, NULL, args);
		snprintf(args, sizeof args, "cl --lane-errors %s -n %.17g -p %s --require %s -f csv",
		         lane_errors, n <= 0x1p53 ? n - 1 : nextafter(n, 0.0), cases[i][1], cases[i][2]);
		run(&b, NULL, args);
		/* the all row (lanes + 2) passes at N and fails at N - 1 */
		const char *all_a = strstr(a.out, "\nall,"), *all_b = strstr(b.out, "\nall,");
		assert_non_null(all_a);
		assert_non_null(all_b);
		if (!strstr(all_a, ",pass") || !strstr(all_b, ",fail"))
			fail_msg("%s: at %.17g bits: %s; one fewer: %s", args, n, all_a, all_b);
		/* and its printed CL reads as its verdict: at least the target on a
		 * pass, below it on a fail (22 lanes at 50 % printed 49.9999 % and
		 * pass before) */
		double ca = csv_value(a.out, "cl", lanes + 2), cb = csv_value(b.out, "cl", lanes + 2);
		double qa = csv_value(a.out, "one_minus_cl", lanes + 2);
		double qb = csv_value(b.out, "one_minus_cl", lanes + 2);
		if (!(ca >= target && qa <= 1 - target + 1e-16 * (1 - target)) || !(cb < target))
			fail_msg("%s: all rows print cl %.17g, 1 - cl %.17g (pass) and %.17g, %.17g (fail)",
			         args, ca, qa, cb, qb);
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

/* ---- FEC telemetry: the tail, frame loss and the degraded-SER alarm ---- */

/*
 * --method sonic on the three real histograms of tests/data/telemetry (written as the
 * CSV form): SONiC's CER and FLR, as gen_sonic_ref.py's reimplementation
 * prints them, character for character; --interleave X for its X.
 */
static void test_fec_sonic_cli(void **state)
{
	(void)state;
	FILE *fp = table_open("fec_sonic_ref.csv");
	char line[1024];
	char *f[24];
	int rows = 0;
	static struct run r;
	while (table_next(fp, line, sizeof line, f, 24) == 24) {
		if (strcmp(f[0], "name") == 0 || atoi(f[20]) == 0)
			continue;
		FILE *w = fopen(TMP "sonic.csv", "w");
		assert_non_null(w);
		for (int i = 0; i < 16; i++)
			fprintf(w, "%d,%s\n", i, f[1 + i]);
		fprintf(w, "uncorrectable,%s\n", f[17]);
		fclose(w);
		const char *x[3] = {"1", "2", "4"};
		for (int k = 0; k < 3; k++) {
			char args[256];
			snprintf(args, sizeof args,
			         "fec --code kp4 --histogram " TMP "sonic.csv --method sonic --interleave %s "
			         "-f csv",
			         x[k]);
			run(&r, NULL, args);
			assert_int_equal(r.status, 0);
			assert_string_equal(csv_cell(r.out, "cer_tail", 1), f[18]);
			assert_string_equal(csv_cell(r.out, "flr", 1), f[21 + k]);
			assert_null(strstr(r.out, "cer_tail_lower")); /* no interval without --cl */
		}
		rows++;
	}
	fclose(fp);
	assert_true(rows >= 3);
}

static void test_fec_flr_and_degrade_cli(void **state)
{
	(void)state;
	static struct run r;
	/* --ser: ser as given, cer from it */
	run(&r, NULL, "fec --code kp4 --ser 2.4e-3 --interleave 2 -f csv");
	assert_int_equal(r.status, 0);
	assert_string_equal(csv_cell(r.out, "ser", 1), "0.0024");
	bercl_rs_code c;
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &c), BERCL_OK);
	bercl_lnprob ln;
	assert_int_equal(bercl_fec_cer_from_ser(&c, 2.4e-3, &ln), BERCL_OK);
	double cer = csv_value(r.out, "cer", 1);
	assert_true(bercl_rel_diff(cer, exp(ln.hi + ln.lo)) < 1e-15);
	assert_true(bercl_rel_diff(csv_value(r.out, "flr", 1), cer * (1 + 2 * 8.0) / 8) < 1e-15);
	/* the histogram's observed FLR: U / C (X + 1 / F), X = 2 from 425G */
	run(&r, NULL, "fec --code kp4 --histogram docs/examples/fec_burst.csv --rate 425G -f csv");
	assert_int_equal(r.status, 0);
	double obs = 2616064 / 1e10 * (1 + 2 * 8.0) / 8;
	assert_true(bercl_rel_diff(csv_value(r.out, "flr_observed", 1), obs) < 1e-15);
	/* the alarm at a SER against the library, its mean time at the rate */
	run(&r, NULL,
	    "fec --code kp4 --ser 1.2e-4 --degrade-interval 8192 --degrade-threshold 600 --rate 425G "
	    "-f csv");
	assert_int_equal(r.status, 0);
	void *work = malloc(BERCL_FEC_DEGRADE_WORK_BYTES);
	assert_non_null(work);
	bercl_tails t;
	assert_int_equal(bercl_fec_degrade_p(&c, 1.2e-4, 8192, 600, work, &t), BERCL_OK);
	double p = csv_value(r.out, "degrade_p", 1);
	assert_true(p == t.cl);
	assert_true(bercl_rel_diff(csv_value(r.out, "degrade_mean_time", 1),
	                           8192.0 * 5440 / 425e9 / p) < 1e-15);
	/* alone: the SER at which it fires half the time */
	run(&r, NULL, "fec --code kp4 --degrade-interval 8192 --degrade-threshold 600 -f csv");
	assert_int_equal(r.status, 0);
	double ser = csv_value(r.out, "ser", 1);
	assert_int_equal(bercl_fec_degrade_p(&c, ser, 8192, 600, work, &t), BERCL_OK);
	assert_true(fabs(t.cl - 0.5) < 1e-9);
	assert_true(fabs(csv_value(r.out, "degrade_p", 1) - 0.5) < 1e-9);
	/* to the double: the half-alarm root lies between the SER printed and a
	 * neighbour (once the search in ln ser stopped 12 ulp short here) */
	run(&r, NULL, "fec --code kp4 --degrade-interval 26620 --degrade-threshold 11 -f csv");
	assert_int_equal(r.status, 0);
	ser = csv_value(r.out, "ser", 1);
	bercl_tails below, above;
	assert_int_equal(bercl_fec_degrade_p(&c, nextafter(ser, 0), 26620, 11, work, &below), BERCL_OK);
	assert_int_equal(bercl_fec_degrade_p(&c, nextafter(ser, 1), 26620, 11, work, &above), BERCL_OK);
	assert_true(below.cl <= 0.5 && above.cl >= 0.5);
	free(work);
	/* the histogram's SER */
	run(&r, NULL,
	    "fec --code kp4 --histogram docs/examples/fec_independent.csv --degrade-interval 8192 "
	    "--degrade-threshold 14000 -f csv");
	assert_int_equal(r.status, 0);
	p = csv_value(r.out, "degrade_p", 1);
	assert_true(p > 0 && p < 1);
	/* bad combinations: one line, status 2, nothing on stdout */
	const char *bad[][2] = {
		{"fec --code kp4 --ser 1e-4 --degrade-interval 8192", "go together"},
		{"fec --code kp4 --ber 1e-4 --method sonic", "--method is for the tail"},
		{"fec --code kp4 --histogram docs/examples/fec_burst.csv --method lsq", "likelihood or sonic"},
		{"fec --code kp4 --ber 1e-4 --interleave 0", "--interleave"},
		{"fec --code kp4 --ber 1e-4 --frames-per-codeword 0", "--frames-per-codeword"},
		{"fec --code kp4 --degrade-interval 4 --degrade-threshold 64", "cannot hold"},
		/* the half-alarm SER above the inverse's range of 0.5 (degrade_p
		 * is 0.11 there), once worded as the work limit */
		{"fec --code rs:7,6,3 --degrade-interval 1000 --degrade-threshold 995", "even at SER 0.5"},
		{"fec --code kp4 --ber 1e-4 --ser 1e-3", "fec"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		run(&r, NULL, bad[i][0]);
		if (!(r.status == 2 && r.out[0] == '\0' && count_lines(r.err) == 1 &&
		      strstr(r.err, bad[i][1])))
			fail_msg("%s: status %d, out '%s', err '%s'", bad[i][0], r.status, r.out, r.err);
	}
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
		cmocka_unit_test(test_fec_sonic_cli),
		cmocka_unit_test(test_fec_flr_and_degrade_cli),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
