/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_cli.c - drives the built ./bercl as a user would: good invocations
 * with their values, and bad ones, each of which must exit 2 with one line
 * "bercl: ..." on standard error and nothing on standard output.
 */
#include "testutil.h"
#include "cliutil.h"

#include <stdint.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void test_bad_invocations(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"",
		"frobnicate",
		"--frob",
		"cl",
		"cl -n 1e12",
		"cl -p 1e-12",
		"cl -n 1e12 -p 1e-12 -e -1",
		"cl -n 1e12 -p 1e-12 -e 1.5",
		"cl -n 1e12 -p 1e-12 -e 1e20",
		"cl -n 1e12 -p 1e-12 -e 99999999999999999999",
		"cl -n 10 -p 0.1 -e 20",
		"cl -n 0 -p 1e-12",
		"cl -n -5 -p 1e-12",
		"cl -n nan -p 1e-12",
		"cl -n inf -p 1e-12",
		"cl -n '' -p 1e-12",
		"cl -n 1e12x -p 1e-12",
		"cl -n 1e999 -p 1e-12",
		"cl -n 1e12 -p 0",
		"cl -n 1e12 -p 1",
		"cl -n 1e12 -p 1.5",
		"cl -n 1e12 -p -1e-12",
		"cl -n 1e12 -p 1e-12abc",
		"bits -p 1e-12 -c 0",
		"bits -p 1e-12 -c 1",
		"bits -p 1e-12 -c 101%",
		"bits -p 1e-12 -c 100%",
		"bits -p 1e-12 -c 95",
		"bits -p 1e-12 -c 0.95x",
		"bits -p 1e-12",
		"bits -c 0.95",
		"bits -p 1e-12 -c 0.9 -n 1e12",
		"cl -c 0.9 -n 1e12 -p 1e-12",
		"cl -n 1e12 -t 1h -r 10G -p 1e-12",
		"cl -t 1h -p 1e-12",
		"cl -t 5x -r 10G -p 1e-12",
		"cl -t 1h -r 10Q -p 1e-12",
		"cl -t 1h -r 0 -p 1e-12",
		"cl -t 0s -r 10G -p 1e-12",
		"cl -t 1h -r 10G -l 0 -p 1e-12",
		"cl -t 1h -r 10G -l 1.5 -p 1e-12",
		"cl -n 1e12 -p 1e-12 --frob",
		"cl -n 1e12 -p 1e-12 -x",
		"cl -n 1e12 -p 1e-12 --format xml",
		"cl -n 1e12 -p 1e-12 --model gaussian",
		"cl -n 1e12 --ber",
		"cl -n 1e12 -p 1e-12 -f",
		"cl -n 1e12 -p 1e-12 -p 1e-13",
		"cl -n 1e12 -p 1e-12 extra",
		"cl -n 1e-310 -p 1e-12",
		"cl -n 1e12 -p 1e-12 --require 2",
		"cl -n 1e12 -p 1e-12 --verify=3",
		"cl -n 1e12 -p 1e-15..1e-9",
		"cl -n 1e12 -p 1e-15..1e-9:0",
		"cl -n 1e12 -p 1e-12,,1e-13",
		"cl -n 1e12 -p 1e-12 --input /nonexistent/file.csv",
		"cl -n 1e12 -p 1e-12 --input tests",
		"cl -p 1e-12 --input /dev/null",
		"cl -p 1e-12,1e-13 --input tests/data/batch/bad_row.csv",
		"cl -n 1e12 -p 1e-12 --two-sided",
		"ber -n 1e12",
		"ber -n 1e12 -c 95% -p 1e-12",
		"ber -e 5 -n 3 -c 95%",
		"ber -e 4 -n 3 -c 95% --model binomial",
		"ber -e 3 -n 30.5 -c 95% --model binomial",
		"cl -e 1 -n 1e3 -p 1e-3 --model binomial --require",
		"simulate -n 1e12",
		"simulate -n 1e12 -p 1e-12 --trials 0",
		"simulate -n 1e12 -p 1e-12 --trials 1.5",
		"simulate -n 1e12 -p 1e-12 --seed -1",
		"simulate -n 1e12 -p 1e-12 --seed 99999999999",
		"simulate -n 1e12 -p 1e-12 -c 0.9",
		"simulate -n 1e20 -p 1e-9",
		"bits -p 1e-12 -c 0.9 --trials 10",
		"bits -p 1e-12 -c 0.9 --two-sided",
		"cl -n 99.9E120..6T -p 1e-12",
		"cl -n 1e12 -p 1e-12 -f csv -i tests/fuzz/corpus/batch/regress-bad-header-leak",
		"cl -e 1000000000000 -n 2e12 -p 0.5 --model binomial",
		"bits -p 1e-300 -c 0.999 -e 1000000",
	};
	expect_usage_errors(bad, sizeof bad / sizeof *bad, "");
	static struct run r;
	/* The message names the flag and the value at fault. */
	run(&r, NULL, "cl -n 1e12 -p 1e-12abc");
	assert_non_null(strstr(r.err, "--ber"));
	assert_non_null(strstr(r.err, "1e-12abc"));
	run(&r, NULL, "cl -n 10 -p 0.1 -e 20");
	assert_non_null(strstr(r.err, "--errors"));
}

static void test_cl(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "cl -e 0 -n 3T -p 1e-12 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(fabs(csv_value(r.out, "cl", 1) - 0.950212931632136) < 1e-15);
	assert_true(fabs(csv_value(r.out, "one_minus_cl", 1) - 0.049787068367863944) < 1e-17);
	/* --time with --rate and --lanes: bits = rate * time * lanes */
	run(&r, NULL, "cl -e 0 -t 1min -r 25G -l 2 -p 1e-12 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "bits", 1) == 3e12);
	assert_true(csv_value(r.out, "time_s", 1) == 60);
	assert_true(fabs(csv_value(r.out, "cl", 1) - 0.950212931632136) < 1e-15);
	/* Far below the double range: printed from the logarithm. */
	run(&r, NULL, "cl -e 1000000 -n 1.1e18 -p 1e-12 -f csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, ",7.57228928342897"));
	assert_non_null(strstr(r.out, "e-2040"));
	/* Text for people: a percentage. */
	run(&r, NULL, "cl -e 0 -n 3T -p 1e-12");
	assert_non_null(strstr(r.out, "95.0212 %")); /* 95.02129...: rounded down */
}

static void test_bits(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "bits -e 2 -p 1e-3 -c 95% -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "bits", 1) == 6296);
	assert_true(csv_value(r.out, "cl_achieved", 1) >= 0.95);
	run(&r, NULL, "bits -p 1e-12 -c 0.99999999999999999999 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "one_minus_cl", 1) == 1e-20);
	run(&r, NULL, "bits -e 0 -p 1e-12 -c 0.95 -r 10G -l 4 -f csv");
	assert_true(csv_value(r.out, "bits", 1) == 2995732273554);
	assert_true(fabs(csv_value(r.out, "time_s", 1) - 2995732273554 / 4e10) < 1e-9);
	run(&r, NULL, "bits -e 0 -p 1e-12 -c 0.95 -r 10G");
	assert_non_null(strstr(r.out, "4 min 59.6 s"));
	/* Exact near 2^53 (the first five rows of bits_exact_ref.csv,
	 * 60-digit truth by tests/data/gen_bits_exact_ref.py). The CLI reads 0.95
	 * with its decimal complement 0.05: ceil(-ln(0.05) / 1e-15) =
	 * 2995732273553991 (mpmath), one more than for the double 0.95. */
	run(&r, NULL, "bits -e 0 -p 3e-16 -c 0.5 --model binomial --value bits");
	assert_string_equal(r.out, "2310490601866485\n");
	run(&r, NULL, "bits -e 0 -p 1e-16 -c 0.5 --value bits");
	assert_string_equal(r.out, "6931471805599454\n");
	run(&r, NULL, "bits -e 0 -p 1e-16 -c 0.5 --model binomial --value bits");
	assert_string_equal(r.out, "6931471805599453\n");
	run(&r, NULL, "bits -e 0 -p 1e-17 -c 0.01 --value bits");
	assert_string_equal(r.out, "1005033585350145\n");
	run(&r, NULL, "bits -e 0 -p 1e-15 -c 0.95 --value bits");
	assert_string_equal(r.out, "2995732273553991\n");
}

static void test_sweeps_and_formats(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "cl -e 0..10 -p 1e-12,1e-15 -n 1e13 -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 23);
	/* errors vary slowest, then the BER */
	assert_true(csv_value(r.out, "errors", 2) == 0 && csv_value(r.out, "ber", 2) == 1e-15);
	assert_true(csv_value(r.out, "errors", 22) == 10);
	run(&r, NULL, "cl -e 0..2 -n 1e13 -p 1e-12 -f json");
	assert_int_equal(count_lines(r.out), 3);
	assert_true(r.out[0] == '{');
	assert_non_null(strstr(r.out, "\"model\":\"poisson\",\"errors\":0,"));
	run(&r, NULL, "cl -e 0 -n 1e13 -p 1e-12 -f tsv");
	assert_non_null(strstr(r.out, "model\terrors\tbits"));
	/* A row that fails later in a sweep keeps its place. */
	run(&r, NULL, "cl -e 0,1000000000000,1 -n 2e12 -p 0.5 --model binomial -f csv");
	assert_int_equal(r.status, 2);
	assert_int_equal(count_lines(r.out), 4);
	assert_non_null(strstr(r.out, "\nbinomial,1000000000000,2000000000000,0.5,,,\n"));
	assert_int_equal(count_lines(r.err), 1);
	/* A long sweep piped into head ends at once, quietly. */
	run(&r, NULL, "cl -e 0..100000000 -n 1e18 -p 1e-12 -f csv | head -n 3");
	assert_int_equal(count_lines(r.out), 3);
	assert_string_equal(r.err, "");
}

static void test_require(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "cl -e 0 -n 3T -p 1e-12 --require 95% -f csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, ",pass"));
	run(&r, NULL, "cl -e 1 -n 3T -p 1e-12 --require 95% -f csv");
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.out, ",fail"));
}

static void test_batch(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "cl -f csv --input tests/data/batch/bad_row.csv");
	assert_int_equal(r.status, 2);
	assert_int_equal(count_lines(r.out), 6);
	assert_non_null(strstr(r.out, "id,model,errors,bits,ber,cl,one_minus_cl,log10_one_minus_cl,error\n"));
	assert_non_null(strstr(r.out, "\nA,poisson,0,3000000000000,1e-12,0.950212931632136,"));
	assert_non_null(strstr(r.out, "\nC,poisson,2,,1e-12,,,,bits 'banana': not a number\n"));
	assert_non_null(strstr(r.out, "\n\"E, quoted\",poisson,3,"));
	assert_true(strstr(r.out, "\nB,") < strstr(r.out, "\nC,"));
	assert_true(strstr(r.out, "\nD,") < strstr(r.out, "\n\"E"));
	assert_non_null(strstr(r.err, "tests/data/batch/bad_row.csv:4: "));
	/* Flags fill missing columns; standard input as '-'. */
	run(&r, NULL, "cl -f csv -p 1e-12 --input - < tests/data/batch/bad_row.csv");
	assert_int_equal(r.status, 2);
	FILE *fp = fopen(TMP "in.csv", "w");
	assert_non_null(fp);
	fputs("\xEF\xBB\xBF" "errors,bits\r\n0,3T\r\n", fp); /* BOM and CRLF */
	fclose(fp);
	run(&r, NULL, "cl -f csv -p 1e-12 -i - < " TMP "in.csv");
	assert_int_equal(r.status, 0);
	assert_true(fabs(csv_value(r.out, "cl", 1) - 0.950212931632136) < 1e-15);
}

static void test_ber(void **state)
{
	(void)state;
	static struct run r;
	/* E = 0: the upper bound is -ln(1 - CL) / N, the lower bound 0. */
	run(&r, NULL, "ber -e 0 -n 3T -c 95% -f csv");
	assert_int_equal(r.status, 0);
	assert_true(fabs(csv_value(r.out, "ber_upper", 1) - 2.995732273553991 / 3e12) < 1e-26);
	assert_true(csv_value(r.out, "ber_estimate", 1) == 0);
	run(&r, NULL, "ber -e 0 -n 3T -c 95% --two-sided -f csv");
	assert_true(csv_value(r.out, "ber_lower", 1) == 0);
	assert_true(fabs(csv_value(r.out, "ber_upper", 1) - 3.6888794541139363 / 3e12) < 1e-26);
	/* Clopper-Pearson for 7 in 1000 at 95 %: the roots of the regularized
	 * incomplete beta, I_p(7, 994) = 0.025 and I_p(8, 993) = 0.975, found
	 * with mpmath's betainc at 30 digits: 0.00281885875962052566 and
	 * 0.0143691949789186333. */
	run(&r, NULL, "ber -e 7 -n 1000 -c 95% --two-sided --model binomial -f csv");
	assert_int_equal(r.status, 0);
	assert_true(fabs(csv_value(r.out, "ber_lower", 1) - 0.00281885875962052566) < 1e-17);
	assert_true(fabs(csv_value(r.out, "ber_upper", 1) - 0.0143691949789186333) < 1e-16);
	/* Time in place of bits; text shows the Poisson comparison for binomial. */
	run(&r, NULL, "ber -e 1 -t 100s -r 10G -c 0.9 -f csv");
	assert_true(csv_value(r.out, "bits", 1) == 1e12);
	run(&r, NULL, "ber -e 3 -n 1000 -c 95% --model binomial");
	assert_non_null(strstr(r.out, "Poisson upper"));
}

/*
 * A Poisson BER bound above 1 (a rate lambda / bits, past the model's
 * range: E = 0 in 1 bit at 95 % is 3.0) prints as 1 with a warning on
 * standard error naming the way out (--model binomial), and exit 0; the
 * binomial bound there is the exact one, below 1, without the warning.
 */
static void test_ber_above_one(void **state)
{
	(void)state;
	static struct run r;
	const char *capped[] = {
		"ber -e 0 -n 1 -c 95% -f csv",
		"ber -e 5 -n 5 -c 95% --two-sided -f csv",
		"ber -e 0 -n 1e-300 -c 95% -f csv",
	};
	for (size_t i = 0; i < sizeof capped / sizeof capped[0]; i++) {
		run(&r, NULL, capped[i]);
		assert_int_equal(r.status, 0);
		if (csv_value(r.out, "ber_upper", 1) != 1.0)
			fail_msg("%s: ber_upper %s", capped[i], csv_cell(r.out, "ber_upper", 1));
		assert_non_null(strstr(r.err, "bercl: warning: "));
		assert_non_null(strstr(r.err, "above 1"));
		assert_non_null(strstr(r.err, "--model binomial"));
		assert_int_equal(count_lines(r.err), 1);
	}
	run(&r, NULL, "ber -e 5 -n 5 -c 95% --two-sided -f csv");
	double lo = csv_value(r.out, "ber_lower", 1);
	assert_true(lo > 0 && lo < 1);
	/* binomial, E = 0, N = 1: P[X <= 0 | p] = 1 - p = 0.05, p = 0.95 */
	run(&r, NULL, "ber -e 0 -n 1 -c 95% --model binomial -f csv");
	assert_int_equal(r.status, 0);
	assert_true(fabs(csv_value(r.out, "ber_upper", 1) - 0.95) < 1e-15);
	assert_string_equal(r.err, "");
	/* in a sweep, the row is named */
	run(&r, NULL, "ber -e 0 -n 1..3 -c 95% -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.err), 2);
	assert_non_null(strstr(r.err, "row 2 (errors=0 bits=2"));
	assert_true(csv_value(r.out, "ber_upper", 3) < 1);
}

/* Field k (0 = first) of a CSV line, quotes honoured; "" past the end. */
static void csv_field(const char *line, int k, char *out, size_t len)
{
	size_t n = 0;
	int quoted = 0, field = 0;
	for (const char *p = line; *p && *p != '\n'; p++) {
		if (*p == '"') {
			quoted = !quoted;
		} else if (*p == ',' && !quoted) {
			if (field++ == k)
				break;
		} else if (field == k && n + 1 < len) {
			out[n++] = *p;
		}
	}
	out[n] = '\0';
}

/*
 * No output of `ber` holds a probability outside [0, 1], NaN or inf: a
 * seeded sweep over its whole input domain (errors 0 to 2^53, bits 1e-300
 * to 1e300, whole or not, cl from 1e-300 to 1 - 1e-20 as fractions and
 * percentages), one- and two-sided, both models, through batch files.
 * Every output row is either computed, with ber_estimate, ber_lower,
 * ber_upper, cl and one_minus_cl each a number in [0, 1], or an error row.
 */
static void test_ber_sweep_probabilities(void **state)
{
	(void)state;
	static struct run r;
	static const char *specials[] = {"0", "1", "2", "3", "1e-300", "1e300", "9007199254740992",
	                                 "0.5", "4.9e-324", "1e-310", "2.2250738585072014e-308"};
	static const char *cls[] = {"0.95", "95%", "1e-300", "0.99999999999999999999",
	                            "0.5", "1e-20", "2.2250738585072014e-308", "99.9999%"};
	uint64_t x = 20261201;
	int rows = 0, computed = 0, capped = 0;
	for (int pass = 0; pass < 4; pass++) {
		const char *model = pass & 1 ? "binomial" : "poisson";
		const char *sided = pass & 2 ? " --two-sided" : "";
		FILE *fp = fopen(TMP "sweep.csv", "w");
		assert_non_null(fp);
		fprintf(fp, "errors,bits,cl\n");
		const int n = 1500;
		for (int i = 0; i < n; i++) {
			char e[48], b[48], c[48];
			x = x * 6364136223846793005u + 1442695040888963407u;
			double u1 = (double)(x >> 11) * 0x1p-53;
			x = x * 6364136223846793005u + 1442695040888963407u;
			double u2 = (double)(x >> 11) * 0x1p-53;
			x = x * 6364136223846793005u + 1442695040888963407u;
			double u3 = (double)(x >> 11) * 0x1p-53;
			int kind = (int)(x >> 60);
			double bits = pow(10.0, -300 + 600 * u1);
			if (kind < 4)
				bits = floor(pow(10.0, 6 * u1)) + 1; /* small tests, where bounds near 1 live */
			if (kind & 1)
				bits = floor(bits) > 0 ? floor(bits) : 1;
			double err = floor(bits * u2 * (kind & 2 ? 1.0 : 1e-3));
			if (err > 9007199254740992.0)
				err = 9007199254740992.0 * u2;
			snprintf(b, sizeof b, "%.17g", bits);
			snprintf(e, sizeof e, "%.0f", floor(err));
			if (kind == 15)
				snprintf(e, sizeof e, "%s", specials[(x >> 8) % 11]);
			if (kind == 14)
				snprintf(b, sizeof b, "%s", specials[(x >> 8) % 11]);
			if (kind >= 12)
				snprintf(c, sizeof c, "%s", cls[(x >> 16) % 8]);
			else
				snprintf(c, sizeof c, "%.17g", u3 < 0.5 ? pow(10.0, -300 * u3) : 1 - pow(10.0, -16 * u3));
			fprintf(fp, "%s,%s,%s\n", e, b, c);
		}
		fclose(fp);
		char cmd[256];
		snprintf(cmd, sizeof cmd, "ber --model %s%s -i " TMP "sweep.csv -f csv", model, sided);
		run(&r, NULL, cmd);
		if (r.status != 0 && r.status != 2)
			fail_msg("%s: status %d", cmd, r.status);
		assert_int_equal(count_lines(r.out), n + 1);
		/* the header's columns */
		const char *names[] = {"ber_estimate", "ber_lower", "ber_upper", "cl", "one_minus_cl"};
		int col[5], err_col = -1;
		char f[256];
		for (int k = 0; k < 5; k++)
			col[k] = -1;
		for (int k = 0; k < 40; k++) {
			csv_field(r.out, k, f, sizeof f);
			for (int j = 0; j < 5; j++)
				if (strcmp(f, names[j]) == 0)
					col[j] = k;
			if (strcmp(f, "error") == 0)
				err_col = k;
		}
		assert_true(col[2] >= 0 && err_col >= 0);
		const char *line = strchr(r.out, '\n') + 1;
		for (; *line; line = strchr(line, '\n') + 1) {
			rows++;
			csv_field(line, err_col, f, sizeof f);
			if (f[0])
				continue; /* refused: the reason is in the row */
			computed++;
			for (int j = 0; j < 5; j++) {
				if (col[j] < 0)
					continue;
				csv_field(line, col[j], f, sizeof f);
				char *end;
				double v = strtod(f, &end);
				if (end == f || *end || !(v >= 0 && v <= 1))
					fail_msg("%s: %s = '%s' in row: %.200s", cmd, names[j], f, line);
				capped += j == 2 && v == 1;
			}
		}
	}
	print_message("ber sweep: %d rows, %d computed, every probability in [0, 1] (%d upper bounds "
	              "of 1)\n", rows, computed, capped);
	assert_true(computed > rows / 2);
}

/*
 * bits decides against the decimal target typed, not its nearest double:
 * the 60 ties of tests/data/bits_tie_ref.csv (mpmath, both models, 1e14 to
 * 2^53 bits) through a batch file, each row's bits the decimal's answer,
 * and cl_achieved the CL there (the exact CL at those bits meets the
 * decimal, so printing it as the target is true), within 1e-15.
 */
static void test_bits_ties_cli(void **state)
{
	(void)state;
	static struct run r;
	FILE *fp = table_open("bits_tie_ref.csv"), *in = fopen(TMP "ties.csv", "w");
	assert_non_null(in);
	char line[512];
	char *f[11];
	double want[100], at[100];
	int n = 0;
	fprintf(in, "model,errors,ber,cl\n");
	while (n < 100 && table_next(fp, line, sizeof line, f, 11) == 11) {
		fprintf(in, "%s,%s,%s,%s\n", f[0], f[1], f[2], f[3]);
		want[n] = strtod(f[8], NULL);
		at[n++] = strtod(f[10], NULL);
	}
	fclose(fp);
	fclose(in);
	assert_true(n >= 50);
	run(&r, NULL, "bits -i " TMP "ties.csv -f csv");
	assert_int_equal(r.status, 0);
	for (int i = 0; i < n; i++) {
		double bits = csv_value(r.out, "bits", i + 1), got = csv_value(r.out, "cl_achieved", i + 1);
		if (bits != want[i])
			fail_msg("row %d: %.17g bits, the decimal target's answer %.17g", i + 1, bits, want[i]);
		if (!(fabs(got - at[i]) <= 1e-15 * at[i]))
			fail_msg("row %d: cl_achieved %.17g, CL at those bits %.17g", i + 1, got, at[i]);
	}
}

static void test_binomial_cli(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "cl -e 3 -n 1000 -p 0.004 --model binomial -f csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "binomial,3,1000,0.004,"));
	/* sum_{k<=3} C(1000,k) 0.004^k 0.996^(1000-k) = 0.43307853766503... */
	assert_true(fabs(csv_value(r.out, "one_minus_cl", 1) - 0.433078537665031) < 1e-14);
	run(&r, NULL, "bits -e 3 -p 0.004 -c 0.95 --model binomial -f csv");
	assert_true(csv_value(r.out, "bits", 1) == 1937);
	run(&r, NULL, "cl -e 3 -n 1000 -p 0.004 --model binomial");
	assert_non_null(strstr(r.out, "Poisson CL"));
	assert_non_null(strstr(r.out, "binomial"));
}

static void test_simulate(void **state)
{
	(void)state;
	static struct run a, b;
	const char *cases[] = {
		"simulate -e 0 -n 3T -p 1e-12 --trials 200000 --seed 11 -f csv",
		"simulate -e 5 -n 5e12 -p 1e-12 --trials 200000 --seed 12 -f csv",
		"simulate -e 2 -n 1000 -p 0.003 --model binomial --trials 200000 --seed 13 -f csv",
		"simulate -e 2 -n 1e10 -p 3e-10 --model binomial --trials 200000 --seed 14 -f csv",
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		run(&a, NULL, cases[i]);
		assert_int_equal(a.status, 0);
		double q = csv_value(a.out, "one_minus_cl", 1);
		double sim = csv_value(a.out, "one_minus_cl_sim", 1);
		double se = csv_value(a.out, "sim_stderr", 1);
		assert_true(se > 0);
		if (!(fabs(sim - q) <= 5 * se))
			fail_msg("%s: simulated %g, analytic %g, %g standard errors", cases[i], sim, q,
			         (sim - q) / se);
		run(&b, NULL, cases[i]);
		assert_string_equal(a.out, b.out); /* same seed, same bytes */
	}
	run(&a, NULL, "simulate -e 0 -n 3T -p 1e-12 --trials 100000 --seed 1 -f csv");
	run(&b, NULL, "simulate -e 0 -n 3T -p 1e-12 --trials 100000 --seed 2 -f csv");
	assert_true(strcmp(a.out, b.out) != 0);
	run(&a, NULL, "simulate -e 0 -n 3T -p 1e-12 --trials 1000");
	assert_non_null(strstr(a.out, "if the true BER were exactly 1e-12, 4.98% of such tests would still pass"));
}

/* Several thousand rows cross the pipeline's chunks: order and ids kept. */
static void test_batch_order(void **state)
{
	(void)state;
	FILE *fp = fopen(TMP "many.csv", "w");
	assert_non_null(fp);
	fputs("id,errors,bits,ber,note\n", fp);
	for (int i = 0; i < 5000; i++) {
		if (i % 997 == 500)
			fprintf(fp, "row%d,%d,oops,1e-12,\"bad, on purpose\"\n", i, i % 7);
		else
			fprintf(fp, "row%d,%d,%de9,1e-12,\"n\"\"%d\"\n", i, i % 7, 1 + i % 50, i);
	}
	fclose(fp);
	static struct run r;
	run(&r, NULL, "cl -f csv -i " TMP "many.csv");
	assert_int_equal(r.status, 2);
	assert_int_equal(count_lines(r.out), 5001);
	char *line = strchr(r.out, '\n') + 1;
	for (int i = 0; i < 5000; i++) {
		char id[32];
		int n = snprintf(id, sizeof id, "row%d,", i);
		if (strncmp(line, id, (size_t)n) != 0)
			fail_msg("line %d: expected %s, got %.40s", i + 2, id, line);
		int bad = i % 997 == 500;
		char *eol = strchr(line, '\n');
		assert_non_null(eol);
		/* the bad rows, and only they, carry an error */
		assert_int_equal(eol[-1] != ',', bad);
		line = eol + 1;
	}
	assert_int_equal(count_lines(r.err), 5);
	assert_non_null(strstr(r.err, TMP "many.csv:502: bits 'oops': not a number"));
}

/* A small JSON checker: one object per line, values string/number/null. */
static const char *json_ws(const char *p)
{
	while (*p == ' ')
		p++;
	return p;
}

static const char *json_string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	for (; *p && *p != '"'; p++) {
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
						return NULL;
				p += 4;
			} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
				return NULL;
			}
		}
	}
	return *p == '"' ? p + 1 : NULL;
}

static const char *json_number(const char *p)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return NULL;
	if (*p == '.') {
		p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return p;
}

static int json_line_ok(const char *p, const char *end)
{
	if (*p++ != '{')
		return 0;
	for (;;) {
		p = json_string(json_ws(p));
		if (!p || *(p = json_ws(p)) != ':')
			return 0;
		p = json_ws(p + 1);
		if (*p == '"')
			p = json_string(p);
		else if (strncmp(p, "null", 4) == 0)
			p += 4;
		else
			p = json_number(p);
		if (!p)
			return 0;
		p = json_ws(p);
		if (*p == '}')
			return p + 1 == end;
		if (*p++ != ',')
			return 0;
	}
}

static void test_json_and_robustness(void **state)
{
	(void)state;
	static struct run r;
	/* Every JSON line parses, including a batch with odd cells. */
	FILE *fp = fopen(TMP "odd.csv", "w");
	assert_non_null(fp);
	fputs("id,errors,bits,ber\n\"a \"\"quoted\"\" id\",0,3e12,1e-12\n"
	      "back\\slash,1,x,1e-12\ntab\there,0,1e300,0.9\n", fp);
	fclose(fp);
	const char *cmds[] = {
		"cl -e 0..3 -n 1e12,1e18 -p 1e-12 -f json --verify --require 90%",
		"bits -e 0..2 -p 1e-12 -c 95% -r 10G -f json",
		"ber -e 0..2 -n 1e12 -c 95% --two-sided -f json",
		"cl -f json -i " TMP "odd.csv",
	};
	for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
		run(&r, NULL, cmds[i]);
		int lines = 0;
		for (char *p = r.out; *p; lines++) {
			char *eol = strchr(p, '\n');
			assert_non_null(eol);
			if (!json_line_ok(p, eol))
				fail_msg("%s: not JSON: %.*s", cmds[i], (int)(eol - p), p);
			p = eol + 1;
		}
		assert_true(lines >= 3);
	}
	/* A wide file (300 pass-through cells of 100 bytes) loses no cell. */
	fp = fopen(TMP "wide.csv", "w");
	assert_non_null(fp);
	for (int i = 0; i < 300; i++)
		fprintf(fp, "c%d,", i);
	fputs("errors,bits,ber\n", fp);
	for (int i = 0; i < 300; i++)
		fprintf(fp, "%0100d,", i);
	fputs("0,3e12,1e-12\n", fp);
	fclose(fp);
	run(&r, NULL, "cl -f csv -i " TMP "wide.csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "c299,model,errors"));
	char last[256];
	snprintf(last, sizeof last, "%0100d,poisson,0,3000000000000,1e-12,0.950212931632136,", 299);
	assert_non_null(strstr(r.out, last));
	/* An overlong line and binary data are row errors, not crashes. */
	fp = fopen(TMP "garbage.csv", "w");
	assert_non_null(fp);
	fputs("id,errors,bits,ber\nfirst,0,3e12,1e-12\nlong,\"", fp); /* 2 MiB in quotes */
	for (int i = 0; i < (1 << 21); i++)
		fputc(i % 64 ? '9' : '\n', fp);
	fputs("\",1,1\nbin,\x01\x02\xff,3e12,1e-12\nnul,0", fp);
	fputc('\0', fp);
	fputs(",3e12,1e-12\nlast,0,3e12,1e-12\n", fp);
	fclose(fp);
	run(&r, NULL, "cl -f csv -i " TMP "garbage.csv");
	assert_int_equal(r.status, 2);
	assert_int_equal(count_lines(r.out), 6);
	assert_non_null(strstr(r.out, "line longer than 1 MiB"));
	assert_non_null(strstr(r.out, "binary data"));
	assert_non_null(strstr(r.out, "\nlast,poisson,0,3000000000000,1e-12,0.950212931632136,"));
	assert_non_null(strstr(r.out, "\nbin,poisson,,,,,,,binary data (a control character)"));
	/* An unclosed quote takes the rest of the file (RFC 4180): one bad row. */
	fp = fopen(TMP "open.csv", "w");
	assert_non_null(fp);
	fputs("id,errors,bits,ber\nfirst,0,3e12,1e-12\nopen,\"0,3e12,1e-12\nx,0,3e12,1e-12\n", fp);
	fclose(fp);
	run(&r, NULL, "cl -f csv -i " TMP "open.csv");
	assert_int_equal(r.status, 2);
	assert_int_equal(count_lines(r.out), 3);
	assert_non_null(strstr(r.out, "a quoted field is not closed"));
	assert_non_null(strstr(r.err, "open.csv:3: a quoted field is not closed"));
	/* A closed pipe with SIGPIPE ignored is a write error: exit 3. */
	int st = system("trap '' PIPE; ./bercl cl -e 0..100000000 -n 1e18 -p 1e-12 -f csv "
	                "2>" TMP "err | head -n 1 >/dev/null; exit 0");
	(void)st;
	slurp(TMP "err", r.err, sizeof r.err);
	assert_non_null(strstr(r.err, "write error"));
}

/* The value of column `name` in the last CSV line of out. */
static double csv_last(const char *csv, const char *name)
{
	return csv_value(csv, name, count_lines(csv) - 1);
}

static void test_plan_cli(void **state)
{
	(void)state;
	static struct run r;
	/* The classic test's hidden alpha: 1 - e^-1.5 at half the BER. */
	run(&r, NULL, "plan --errors 0 --bits 3T --ber 1e-12 --ratio 2 -f csv");
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "ber,ratio,cl,alpha_target,errors,bits,alpha,beta\n"
	                           "1e-12,2,,,0,3000000000000,0.7768698398515702,0.049787068367863944\n");
	/* The shortest plan for 5 %, 5 %, D = 2 (tests/data/plan_fixed_ref.csv). */
	run(&r, NULL, "plan --ber 1e-12 --cl 95% --alpha 5% --ratio 2 --rate 100G -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "errors", 1) == 22);
	assert_true(csv_value(r.out, "bits", 1) == 31414810205705);
	assert_true(fabs(csv_value(r.out, "time_s", 1) - 314.14810205705) < 1e-9);
	/* A sweep of ratios: one row each. */
	run(&r, NULL, "plan --ber 1e-12 --cl 90% --alpha 10% --ratio 1.5,2,3 -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 4);
	assert_true(csv_value(r.out, "errors", 1) == 40 && csv_value(r.out, "errors", 3) == 5);
	/* Sequential: one row per error count, summary on every row. */
	run(&r, NULL, "plan --ber 1e-12 --cl 95% --alpha 5% --ratio 2 --sequential -f csv");
	assert_int_equal(r.status, 0);
	int rows = count_lines(r.out) - 1;
	double c = csv_last(r.out, "errors"), max = csv_last(r.out, "max_bits");
	assert_true(rows == c + 1);
	assert_true(csv_last(r.out, "pass_bits") == max && csv_last(r.out, "fail_bits") == max);
	assert_true(csv_value(r.out, "alpha", 1) <= 0.05 && csv_value(r.out, "beta", 1) <= 0.05);
	assert_true(csv_value(r.out, "expected_bits_good", 1) < 31414810205705);
	assert_true(csv_value(r.out, "fixed_bits", 1) == 31414810205705);
	assert_true(max <= 1.5 * 31414810205705);
	run(&r, NULL, "plan --ber 1e-12 --cl 95% --alpha 5% --ratio 2 --sequential --rate 10G");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "expected time:"));
	const char *bad[] = {
	    "plan --ber 1e-12 --cl 95% --alpha 5%",
	    "plan --ber 1e-12 --cl 95% --ratio 2",
	    "plan --ber 1e-12 --alpha 5% --ratio 2",
	    "plan --ber 1e-12 --cl 95% --alpha 5% --ratio 1",
	    "plan --ber 1e-12 --cl 95% --alpha 0 --ratio 2",
	    "plan --errors 2 --ber 1e-12 --cl 95% --alpha 5% --ratio 2",
	    "plan --bits 3T --ber 1e-12 --cl 95% --ratio 2",
	    "plan --bits 3T --ber 1e-12 --ratio 2 --sequential",
	    "plan --bits 3.5 --ber 1e-12 --ratio 2",
	    "plan --ber 1e-12 --cl 95% --alpha 5% --ratio 2 --model binomial",
	    "plan --ber 1e-12 --cl 95% --alpha 5% --ratio 2 --verify",
	    "cl --bits 3T --ber 1e-12 --ratio 2",
	    "simulate --bits 3T --ber 1e-12 --cl 95%",
	    "watch --ber 1e-12 < /dev/null",
	    "watch --plan --ber 1e-12 --cl 95% < /dev/null",
	    "watch -p 1e-12 -c 95% --alpha 5% < /dev/null",
	    "watch -p 1e-12,1e-13 -c 95% < /dev/null",
	    "watch -p 1e-12 -c 95% --input x",
	    "watch --plan -p 1e-12 -c 95% --alpha 5% --ratio 1.01 < /dev/null",
	    "watch -p 1e-12 -c 95% < /dev/null",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		run(&r, NULL, bad[i]);
		if (r.status != 2 || r.out[0] || strncmp(r.err, "bercl: ", 7) != 0 ||
		    count_lines(r.err) != 1)
			fail_msg("bercl %s: status %d, out '%s', err '%s'", bad[i], r.status, r.out, r.err);
	}
}

/* simulate runs a plan: the exact risks and lengths within 4 standard errors. */
static void test_simulate_plan(void **state)
{
	(void)state;
	static struct run r;
	const char *cases[] = {
	    "simulate --ber 1e-12 --cl 95% --alpha 5% --ratio 2 --sequential --trials 200000 -f csv",
	    "simulate --ber 1e-9 --cl 90% --alpha 20% --ratio 3 --sequential --trials 200000 "
	    "--seed 7 -f csv",
	    "simulate --ber 1e-12 --cl 95% --alpha 5% --ratio 2 --trials 200000 -f csv",
	    "simulate --errors 0 --bits 3T --ber 1e-12 --ratio 2 --trials 200000 -f csv",
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		run(&r, NULL, cases[i]);
		assert_int_equal(r.status, 0);
		const char *name[4][3] = {{"alpha", "alpha_sim", "alpha_stderr"},
		                          {"beta", "beta_sim", "beta_stderr"},
		                          {"expected_bits_good", "bits_good_sim", "bits_good_stderr"},
		                          {"expected_bits_bad", "bits_bad_sim", "bits_bad_stderr"}};
		for (int j = 0; j < 4; j++) {
			double exact = csv_value(r.out, name[j][0], 1);
			double sim = csv_value(r.out, name[j][1], 1);
			double se = csv_value(r.out, name[j][2], 1);
			if (!(fabs(sim - exact) <= 4 * se) && !(se == 0 && sim == exact))
				fail_msg("%s: %s %g, simulated %g, se %g", cases[i], name[j][0], exact, sim, se);
		}
	}
}

/* A stream of readings through sh: printf '...' | bercl watch ARGS. */
static void watch(struct run *r, const char *readings, const char *args)
{
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "watch %s < " TMP "readings", args);
	make_tmp();
	FILE *fp = fopen(TMP "readings", "w");
	assert_non_null(fp);
	fputs(readings, fp);
	fclose(fp);
	run(r, NULL, cmd);
}

static void test_watch_streams(void **state)
{
	(void)state;
	static struct run r;
	/* pass: CL 95 % is first reached at 3e12 bits (line 4); line 5 is not read */
	watch(&r, "bits,errors\n1e12,0\n2e12,0\n3e12,0\n4e12,0\n", "--ber 1e-12 --cl 95% -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 4);
	assert_non_null(strstr(r.out, "3000000000000,0,0.950212931632136,,pass\n"));
	/* fail: the second error (1 allowed) at line 4 */
	watch(&r, "bits,errors\n1e12,0\n2e12,1\n3e12,2\n4e12,2\n", "-p 1e-12 -c 95% -e 1 -f csv");
	assert_int_equal(r.status, 1);
	assert_int_equal(count_lines(r.out), 4);
	assert_true(strstr(r.out, ",fail\n") && count_lines(strstr(r.out, ",fail\n")) == 1);
	/* undecided: every reading printed, exit 4 */
	watch(&r, "bits,errors\n1e12,0\n2e12,0\n", "-p 1e-12 -c 95%");
	assert_int_equal(r.status, 4);
	assert_int_equal(count_lines(r.out), 3);
	assert_non_null(strstr(r.err, "input ended before a decision"));
	/* backwards: line 4 named, the rows before it printed */
	watch(&r, "bits,errors\n1e12,0\n2e12,3\n1.5e12,3\n", "-p 1e-12 -c 95% -e 5 -f csv");
	assert_int_equal(r.status, 2);
	assert_int_equal(count_lines(r.out), 3);
	assert_non_null(strstr(r.err, "bercl: (stdin):4: bits went backwards"));
	assert_int_equal(count_lines(r.err), 1);
	watch(&r, "bits,errors\n1e12,4\n2e12,3\n", "-p 1e-12 -c 95% -e 5");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "(stdin):3: errors went backwards"));
	/* bad cells and headers */
	watch(&r, "bits,errors\n1e12,0\n2e12,x\n", "-p 1e-12 -c 95%");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "(stdin):3: errors 'x'"));
	watch(&r, "bits,errs\n1e12,0\n", "-p 1e-12 -c 95%");
	assert_int_equal(r.status, 2);
	assert_true(r.out[0] == '\0' && strstr(r.err, "(stdin):1: header"));
	watch(&r, "time,errors\n10,0\n", "-p 1e-12 -c 95%");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "time needs a rate (--rate, --baud or a rate column)"));
	/* time with a rate, semicolons, extra columns */
	watch(&r, "when;time;errors\na;100;0\nb;200;0\nc;300;0\n", "-p 1e-12 -c 95% -r 10G -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 4);
	/* the plan: the deciding readings follow from its table (plan --sequential) */
	static struct run t;
	run(&t, NULL, "plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --sequential -f csv");
	assert_int_equal(t.status, 0);
	double pass0 = csv_value(t.out, "pass_bits", 1), fail4 = csv_value(t.out, "fail_bits", 5);
	assert_true(pass0 > 1e12 && fail4 > 1e9 && csv_value(t.out, "pass_bits", 6) > fail4 + 1);
	char readings[512];
	/* no error: line 4 (pass0 bits) passes, one bit less did not */
	snprintf(readings, sizeof readings, "bits,errors\n%.17g,0\n%.17g,0\n%.17g,0\n%.17g,0\n",
	         pass0 / 2, pass0 - 1, pass0, pass0 + 1);
	watch(&r, readings, "--plan -p 1e-12 -c 95% --alpha 5% --ratio 2 -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 4);
	assert_true(csv_last(r.out, "bits") == pass0);
	/* error 5 one bit after fail_bits of row 4 continues; by it, fails at once */
	snprintf(readings, sizeof readings, "bits,errors\n%.17g,1\n%.17g,5\n%.17g,5\n",
	         fail4 / 2, fail4 + 1, fail4 + 2);
	watch(&r, readings, "--plan -p 1e-12 -c 95% --alpha 5% --ratio 2 -f csv");
	assert_int_equal(r.status, 4);
	snprintf(readings, sizeof readings, "bits,errors\n%.17g,1\n%.17g,5\n%.17g,5\n",
	         fail4 / 2, fail4, fail4 + 2);
	watch(&r, readings, "--plan -p 1e-12 -c 95% --alpha 5% --ratio 2 -f csv");
	assert_int_equal(r.status, 1);
	assert_int_equal(count_lines(r.out), 3);
	/* lanes: each decides ("lane pass"); the all row after every reading
	   passes when the product of CLs reaches 95 % */
	watch(&r,
	      "lane,bits,errors\n0,3e12,0\n1,3e12,0\n0,4e12,0\n1,4e12,0\n0,5e12,0\n1,5e12,0\n",
	      "-p 1e-12 -c 95% -l 2 -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 9);
	assert_non_null(strstr(r.out, "\n0,3000000000000,0,0.950212931632136,,lane pass\nall,"
	                              "3000000000000,0,,,\n"));
	assert_non_null(strstr(r.out, "\nall,8000000000000,0,0.9637041848504342,,pass\n"));
	assert_null(strstr(r.out, "0,,pass")); /* no lane row says pass */
	watch(&r, "lane,bits,errors\na,1e12,0\nb,1e12,2\nc,1e12,0\n", "-p 1e-12 -c 95% -f csv");
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.out, "b,1000000000000,2,"));
	assert_non_null(strstr(r.out, "\nall,2000000000000,2,0.05076016399148361,,fail\n"));
	/*
	 * Lanes, E = 1: the product of the lanes' CLs at the allowed count decides.
	 * At 4e12 bits each, 0 errors, the CLs at the observed count multiply to
	 * 96.4 % but those at E = 1 to 82.5 %: undecided; at 6e12, 96.6 %: pass.
	 */
	watch(&r, "lane,bits,errors\na,4e12,0\nb,4e12,0\na,6e12,0\nb,6e12,0\n",
	      "-p 1e-12 -c 95% -e 1 -l 2 -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 9);
	assert_non_null(strstr(r.out, "\nb,4000000000000,0,0.9816843611112658,,\nall,"));
	assert_non_null(strstr(r.out, "\nall,12000000000000,0,"));
	/* bursty: 6 errors every 8th reading warns; the same errors spread do not */
	char bursty[4096] = "bits,errors\n", smooth[4096] = "bits,errors\n";
	for (int i = 1; i <= 40; i++) {
		char line[64];
		snprintf(line, sizeof line, "%de11,%d\n", i, 6 * (i / 8));
		strcat(bursty, line);
		snprintf(line, sizeof line, "%de11,%d\n", i, (3 * i) / 4);
		strcat(smooth, line);
	}
	watch(&r, bursty, "-p 1e-12 -c 95% -e 40 -f csv");
	assert_int_equal(r.status, 4);
	assert_non_null(strstr(r.err, "(stdin):9: warning: errors clustered"));
	assert_true(csv_last(r.out, "dispersion") > 4);
	watch(&r, smooth, "-p 1e-12 -c 95% -e 40 -f csv");
	assert_int_equal(r.status, 4);
	assert_null(strstr(r.err, "clustered"));
	assert_true(csv_last(r.out, "dispersion") < 0.5);
}

/*
 * A fixed target runs the fixed test it names (no optional stopping): with
 * E errors allowed it passes at the first reading of at least N_E bits, the
 * length bercl bits prints for E, whatever count 0..E it shows, and fails as
 * soon as the count exceeds E. The decision is a function of the bits and of
 * [X > E] only, so at BER = P, P[pass] = P[X <= E | N_E P] = 1 - cl_achieved
 * of bits, at most 1 - C: checked here without simulating.
 */
static void test_watch_fixed_test(void **state)
{
	(void)state;
	static struct run r, b;
	run(&b, NULL, "bits -e 3 -p 1e-12 -c 95% -f csv");
	assert_int_equal(b.status, 0);
	double n3 = csv_value(b.out, "bits", 1);
	double pass_p = 1 - csv_value(b.out, "cl_achieved", 1);
	/* N_3 = Q^-1(4, 0.05) / P = 7.7537e12 (tests/data/bits_ref.csv's method) */
	assert_true(n3 > 7.75e12 && n3 < 7.76e12);
	assert_true(pass_p <= 0.05 && pass_p > 0.05 - 1e-12);
	char readings[512];
	for (int k = 0; k <= 4; k++) {
		/* at 0.65 N_3 the CL at 1 error is 96.1 % (95 % reached): no pass yet */
		snprintf(readings, sizeof readings,
		         "bits,errors\n%.17g,%d\n%.17g,%d\n%.17g,%d\n%.17g,%d\n", floor(0.65 * n3),
		         k < 1 ? k : 1, n3 - 1, k < 3 ? k : 3, n3, k, n3 + 1, k);
		watch(&r, readings, "-p 1e-12 -c 95% -e 3 -f csv");
		assert_int_equal(r.status, k <= 3 ? 0 : 1);
		assert_int_equal(count_lines(r.out), 4); /* header, 3 readings; line 5 unread */
		assert_true(csv_last(r.out, "bits") == n3);
		assert_string_equal(strrchr(r.out, ',') + 1, k <= 3 ? "pass\n" : "fail\n");
		if (k >= 1)
			assert_true(csv_value(r.out, "cl", 1) >= 0.95);
	}
	/* the reviewer's stream: 1 error from 3e12 on; CL 95 % at 1 error by 4.8e12 */
	char stream[4096] = "bits,errors\n";
	for (int i = 1; i <= 80; i++) {
		char line[64];
		snprintf(line, sizeof line, "%de11,%d\n", i, i >= 30);
		strcat(stream, line);
	}
	watch(&r, stream, "--ber 1e-12 --cl 95% -e 3 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "cl", 48) >= 0.95);
	assert_true(csv_last(r.out, "bits") == 78e11); /* the first reading >= N_3 */
	assert_int_equal(count_lines(strstr(r.out, "pass")), 1);
	/* --value: one value per reading */
	watch(&r, stream, "--ber 1e-12 --cl 95% -e 3 --value decision");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 78);
	assert_string_equal(r.out + strlen(r.out) - 6, "\npass\n");
	assert_true(r.out[0] == '\n');
	watch(&r, stream, "--ber 1e-12 --cl 95% -e 3 --value bits");
	assert_true(strncmp(r.out, "100000000000\n200000000000\n", 26) == 0);
	watch(&r, stream, "--ber 1e-12 --cl 95% --value lane");
	assert_int_equal(r.status, 2);
	assert_true(r.out[0] == '\0' && strstr(r.err, "--value 'lane'"));
	watch(&r, "lane,bits,errors\na,3e12,0\n", "-p 1e-12 -c 95% --value lane");
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "a\nall\n");
	/* per-subcommand help lists only what the subcommand takes */
	run(&r, NULL, "watch --help");
	assert_int_equal(r.status, 0);
	assert_null(strstr(r.out, "--model"));
	assert_non_null(strstr(r.out, "--value"));
	run(&r, NULL, "plan --help");
	assert_null(strstr(r.out, "--model"));
	run(&r, NULL, "cl --help");
	assert_non_null(strstr(r.out, "--model"));
}

/* plan rows carry their targets: cl and alpha_target beside the achieved risks */
static void test_plan_targets(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "plan --ber 1e-12 --cl 95%,99.9% --alpha 5%,0.1% --ratio 2 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(strncmp(r.out, "ber,ratio,cl,alpha_target,errors,bits,alpha,beta\n", 49) == 0);
	const double cl[] = {0.95, 0.95, 0.999, 0.999}, a[] = {0.05, 0.001, 0.05, 0.001};
	for (int i = 0; i < 4; i++) {
		assert_true(fabs(csv_value(r.out, "cl", i + 1) - cl[i]) < 1e-15);
		assert_true(fabs(csv_value(r.out, "alpha_target", i + 1) - a[i]) < 1e-15);
		/* achieved risks within their targets */
		assert_true(csv_value(r.out, "alpha", i + 1) <= a[i]);
		assert_true(csv_value(r.out, "beta", i + 1) <= 1 - cl[i] + 1e-15);
	}
	run(&r, NULL, "plan --ber 1e-12 --cl 95% --alpha 5% --ratio 2 -f json");
	assert_non_null(strstr(r.out, "\"cl\":0.95,\"alpha_target\":0.05,"));
	/* the risks of a given test: no targets, empty cells; text leaves them out */
	run(&r, NULL, "plan --errors 0 --bits 3T --ber 1e-12 --ratio 2 -f tsv");
	assert_non_null(strstr(r.out, "\n1e-12\t2\t\t\t0\t3000000000000\t"));
	run(&r, NULL, "plan --errors 0 --bits 3T --ber 1e-12 --ratio 2");
	assert_null(strstr(r.out, "target"));
}

/*
 * Each row is flushed: a reader sees the row of a reading before the next
 * reading is written (a pipe pair; each read waits at most 20 s).
 */
static int read_line_fd(int fd, char *buf, size_t len)
{
	size_t n = 0;
	while (n + 1 < len) {
		fd_set set;
		FD_ZERO(&set);
		FD_SET(fd, &set);
		struct timeval tv = {20, 0};
		if (select(fd + 1, &set, NULL, NULL, &tv) <= 0)
			return -1;
		char c;
		if (read(fd, &c, 1) != 1)
			return -1;
		buf[n++] = c;
		if (c == '\n')
			break;
	}
	buf[n] = '\0';
	return (int)n;
}

static void watch_flush_check(const char *opt1, const char *opt2, const char *const want[4])
{
	int to[2], from[2];
	assert_int_equal(pipe(to), 0);
	assert_int_equal(pipe(from), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[1]);
		close(from[0]);
		execl("./bercl", "bercl", "watch", "--ber", "1e-12", "--cl", "95%", opt1, opt2,
		      (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	char line[256];
	const char *readings[] = {"bits,errors\n", "1e12,0\n", "2e12,0\n", "3e12,0\n"};
	for (int i = 0; i < 4; i++) {
		assert_true(write(to[1], readings[i], strlen(readings[i])) ==
		            (ssize_t)strlen(readings[i]));
		/* the row arrives while the writer still holds the pipe open */
		if (!want[i])
			continue; /* the header: --value prints none */
		if (read_line_fd(from[0], line, sizeof line) < 0)
			fail_msg("no row for reading %d within 20 s: not flushed", i);
		assert_string_equal(line, want[i]);
	}
	close(to[1]);
	int st;
	waitpid(pid, &st, 0);
	close(from[0]);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

static void test_watch_flushes(void **state)
{
	(void)state;
	const char *const csv[] = {"bits,errors,cl,dispersion,decision\n",
	                           "1000000000000,0,0.6321205588285577,,\n",
	                           "2000000000000,0,0.8646647167633873,,\n",
	                           "3000000000000,0,0.950212931632136,,pass\n"};
	watch_flush_check("-f", "csv", csv);
	const char *const value[] = {NULL, "0.6321205588285577\n", "0.8646647167633873\n",
	                             "0.950212931632136\n"};
	watch_flush_check("--value", "cl", value);
}

static void test_output_faults(void **state)
{
	(void)state;
	static struct run r;
	int st = system("./bercl cl -e 0 -n 3T -p 1e-12 >/dev/full 2>" TMP "err");
	slurp(TMP "err", r.err, sizeof r.err);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 3);
	assert_non_null(strstr(r.err, "write error"));
	static struct run c, de;
	run(&c, "LC_ALL=C", "cl -e 0..3 -n 3T -p 1e-12 -f csv --verify");
	run(&de, "LC_ALL=de_DE.UTF-8", "cl -e 0..3 -n 3T -p 1e-12 -f csv --verify");
	assert_string_equal(c.out, de.out);
	run(&r, NULL, "--help");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "--errors"));
	run(&r, NULL, "--version");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "bercl " BERCL_VERSION_STRING));
}

/*
 * One number, one rendering: the log10 column and the 10^x form of a value
 * beyond 1e15 decades below the double range agree to the last digit, and a
 * log10 is the nearest double to the double-double quotient (mpmath:
 * log10(e^-3) = -1.30288344570975548..., nearest double ...556, not ...553).
 */
static void test_one_rendering(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "cl -e 9007199254740992 -n 1e300 -p 1e-10 -f json");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "\"one_minus_cl\":\"10^-4.342944819032519e+289\","
	                              "\"log10_one_minus_cl\":-4.342944819032519e+289}"));
	run(&r, NULL, "cl -e 0 -n 3e12 -p 1e-12 --value log10_one_minus_cl");
	assert_string_equal(r.out, "-1.3028834457097556\n");
}

/*
 * bits stops at the exact answer when only the printed 1 - cl (near 1) is a
 * rounding past the target's complement: the oracle's soak (seed 20261203)
 * found 83115074879, 6,660 bits above it. Truth by mpmath at 50 digits:
 * CL(83115068219) = 4.2743800008507e-15 >= C, CL(83115068218) =
 * 4.2743799999874e-15 < C.
 */
static void test_bits_complement_rounding(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "bits -e 17 -p 1.5470520429205029e-11 -c 4.27438e-15 --model binomial -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "bits", 1) == 83115068219.0);
	assert_true(csv_value(r.out, "cl_achieved", 1) >= 4.27438e-15);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_invocations),
		cmocka_unit_test(test_cl),
		cmocka_unit_test(test_bits),
		cmocka_unit_test(test_sweeps_and_formats),
		cmocka_unit_test(test_require),
		cmocka_unit_test(test_batch),
		cmocka_unit_test(test_batch_order),
		cmocka_unit_test(test_json_and_robustness),
		cmocka_unit_test(test_one_rendering),
		cmocka_unit_test(test_ber),
		cmocka_unit_test(test_ber_above_one),
		cmocka_unit_test(test_ber_sweep_probabilities),
		cmocka_unit_test(test_bits_ties_cli),
		cmocka_unit_test(test_binomial_cli),
		cmocka_unit_test(test_simulate),
		cmocka_unit_test(test_plan_cli),
		cmocka_unit_test(test_simulate_plan),
		cmocka_unit_test(test_watch_streams),
		cmocka_unit_test(test_watch_flushes),
		cmocka_unit_test(test_watch_fixed_test),
		cmocka_unit_test(test_plan_targets),
		cmocka_unit_test(test_output_faults),
		cmocka_unit_test(test_bits_complement_rounding),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
