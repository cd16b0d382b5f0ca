/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_edges.c - the command at the edges of its models' domains (E = 0
 * with N p << 1, the binomial limits, E = N, lambda near 2^53, inputs no
 * double holds), through the command line as a user runs it: the defects
 * once found there stay fixed. The numbers come from
 * tests/data/edges_ref.tsv (mpmath at 60 digits, gen_edges_ref.py); the
 * rest are exit statuses, messages and the absence of NaN, inf and
 * probabilities outside [0, 1].
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cliutil.h"

/* No "nan" or "inf" anywhere in the output (any format). */
static void no_nan(const char *what, const char *out)
{
	for (const char *p = out; *p; p++)
		if (strncmp(p, "nan", 3) == 0 || strncmp(p, "inf", 3) == 0)
			fail_msg("bercl %s printed '%.80s'", what, out);
}

/* Every value of a reference row, within its tolerance. */
/*
 * Relative difference of two decimal numbers whose exponent may lie beyond
 * the doubles (bercl prints 1.97e-30129259): mantissas compared as doubles
 * after aligning the whole exponents. NAN if either is not m e X.
 */
static double rel_err_wide(const char *got, const char *want)
{
	const char *eg = strpbrk(got, "eE"), *ew = strpbrk(want, "eE");
	if (!eg || !ew)
		return NAN;
	char m[64];
	snprintf(m, sizeof m, "%.*s", (int)(eg - got), got);
	double mg = strtod(m, NULL);
	snprintf(m, sizeof m, "%.*s", (int)(ew - want), want);
	double mw = strtod(m, NULL);
	if (mw == 0)
		return NAN;
	long xg = strtol(eg + 1, NULL, 10), xw = strtol(ew + 1, NULL, 10);
	if (labs(xg - xw) > 2)
		return INFINITY;
	return fabs(mg * pow(10.0, (double)(xg - xw)) - mw) / fabs(mw);
}

static void test_reference_values(void **state)
{
	(void)state;
	FILE *fp = fopen("tests/data/edges_ref.tsv", "r");
	assert_non_null(fp);
	static struct run r;
	char line[1024], args[512];
	int n = 0;
	double worst = 0;
	while (fgets(line, sizeof line, fp)) {
		char *f[6], *save;
		int k = 0;
		for (char *t = strtok_r(line, "\t\n", &save); t && k < 6; t = strtok_r(NULL, "\t\n", &save))
			f[k++] = t;
		if (k < 6 || strcmp(f[0], "item") == 0)
			continue;
		snprintf(args, sizeof args, "%s -f csv", f[1]);
		run(&r, NULL, args);
		if (r.status != 0)
			fail_msg("item %s: bercl %s: status %d: %s", f[0], args, r.status, r.err);
		no_nan(args, r.out);
		const char *cellv = csv_cell(r.out, f[2], atoi(f[3]));
		double got = *cellv ? strtod(cellv, NULL) : NAN;
		double want = strtod(f[4], NULL), tol = strtod(f[5], NULL);
		double err = want == 0 ? fabs(got) : fabs(got - want) / fabs(want);
		if (want == 0 && strchr(f[4], 'e'))
			err = rel_err_wide(cellv, f[4]); /* below the doubles */
		if (!(err <= tol))
			fail_msg("item %s: bercl %s: %s = %.17g, want %s (rel %.3g > %g)", f[0], args, f[2],
			         got, f[4], err, tol);
		if (tol > 0 && err > worst)
			worst = err;
		n++;
	}
	fclose(fp);
	assert_true(n >= 30);
	print_message("edges_ref.tsv: %d values, worst relative error %.3g\n", n, worst);
}

/* 1. E = 0 with N p << 1 in every format: a number, never NaN. */
static void test_binomial_small_np_formats(void **state)
{
	(void)state;
	static struct run r;
	static const char *const fmts[] = {"text", "csv", "tsv", "json"};
	for (size_t i = 0; i < sizeof fmts / sizeof *fmts; i++) {
		char args[128];
		snprintf(args, sizeof args, "cl -e 0 -n 2 -p 1e-17 --model binomial -f %s", fmts[i]);
		run(&r, NULL, args);
		assert_int_equal(r.status, 0);
		no_nan(args, r.out);
	}
}

/* 3 and 9: one message for the binomial limits, whichever subcommand. */
static void test_binomial_limits_one_message(void **state)
{
	(void)state;
	static const char *const beyond[] = {
		"cl -e 1 -n 1e30 -p 1.5e-30 --model binomial",
		"ber -e 1 -n 1e40 -c 95% --two-sided --model binomial",
		"bits -e 1 -p 1e-40 -c 95% --model binomial",
		"cl -e 2e12 -n 4e12 -p 0.5 --model binomial",
		"ber -e 2e12 -n 4e12 -c 0.5 --model binomial",
		"bits -e 2e12 -p 0.5 -c 0.5 --model binomial",
		"bits -e 2e10 -p 0.5 -c 0.5 --model binomial",
		"simulate -e 2e12 -n 4e12 -p 0.5 --model binomial",
		/* found by the oracle: 40 sd away but N p q = 7.2e15, d < v / 2500
		 * (answered 8e-13 off after seconds; bits took 4 s to refuse) */
		"cl -e 9007199254740992 -n 45142354523814264 -p 0.19950663146199199 --model binomial",
		"bits -e 9007199254740991 -p 0.15611586670908359 -c 0.446574 --model binomial",
	};
	static struct run r;
	static char first[sizeof r.err];
	for (size_t i = 0; i < sizeof beyond / sizeof *beyond; i++) {
		run(&r, NULL, beyond[i]);
		if (r.status != 2 || r.out[0] || count_lines(r.err) != 1)
			fail_msg("bercl %s: status %d, out '%.60s', err '%s'", beyond[i], r.status, r.out,
			         r.err);
		assert_non_null(strstr(r.err, "binomial model's limits"));
		if (i == 0)
			snprintf(first, sizeof first, "%s", r.err);
		else if (strcmp(first, r.err) != 0)
			fail_msg("bercl %s: '%s', not the same message as '%s'", beyond[i], r.err, first);
	}
}

/* 4. E = N is an answer; E > N an input error. */
static void test_errors_equal_bits(void **state)
{
	(void)state;
	static struct run r;
	static const char *const ok[] = {
		"cl -e 5 -n 5 -p 0.5 --model binomial",
		"ber -e 5 -n 5 -c 95% --two-sided --model binomial",
		"ber -e 5 -n 5 -c 95% --model binomial",
		"simulate -e 5 -n 5 -p 0.5 --model binomial --trials 1000",
		"cl -e 5 -n 5 -p 0.5 --model binomial --verify",
	};
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		run(&r, NULL, ok[i]);
		if (r.status != 0)
			fail_msg("bercl %s: status %d: %s", ok[i], r.status, r.err);
		no_nan(ok[i], r.out);
	}
	run(&r, NULL, "ber -e 6 -n 5 -c 95% --model binomial");
	assert_int_equal(r.status, 2);
}

/* 5. No probability above 1 over a sweep of 41 x 200 rows; simulate's
 * standard error is there. */
static void test_poisson_no_probability_above_one(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "cl -e 0..40 -n 1e13 -p 1e-18..1e-9:200log -f csv");
	assert_int_equal(r.status, 0);
	int rows = 0;
	for (const char *p = strchr(r.out, '\n'); p && p[1]; p = strchr(p + 1, '\n')) {
		/* model,errors,bits,ber,cl,one_minus_cl,... */
		const char *c = p + 1;
		for (int k = 0; k < 4; k++)
			c = strchr(c, ',') + 1;
		char *end;
		double cl = strtod(c, &end), omc = strtod(end + 1, NULL);
		if (!(cl >= 0 && cl <= 1 && omc >= 0 && omc <= 1))
			fail_msg("row %d: cl %.17g, one_minus_cl %.17g", rows + 1, cl, omc);
		rows++;
	}
	assert_int_equal(rows, 41 * 200);
	run(&r, NULL, "simulate -e 3 -n 1e13 -p 1e-18 --trials 1000 -f csv");
	assert_int_equal(r.status, 0);
	assert_false(isnan(csv_value(r.out, "sim_stderr", 1)));
}

/* 6 and 7: what the parser cannot hold exactly is refused. */
static void test_inexact_inputs_refused(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"cl -e 9007199254740993 -n 18014398509481984 -p 0.5",
		"cl -e 1.0000000000000000001 -n 100 -p 0.5",
		"cl -n 1e12 -p 1e-320",
		"bits -p 1e-12 -c 1e-310",
	};
	static struct run r;
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		run(&r, NULL, bad[i]);
		if (r.status != 2 || r.out[0] || count_lines(r.err) != 1)
			fail_msg("bercl %s: status %d, out '%.60s', err '%s'", bad[i], r.status, r.out,
			         r.err);
	}
	/* 2^53 itself, and 2^53 written with a suffix, are whole and held */
	run(&r, NULL, "cl -e 9.007199254740992P -n 18014398509481984 -p 0.5 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "errors", 1) == 9007199254740992.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reference_values),
		cmocka_unit_test(test_binomial_small_np_formats),
		cmocka_unit_test(test_binomial_limits_one_message),
		cmocka_unit_test(test_errors_equal_bits),
		cmocka_unit_test(test_poisson_no_probability_above_one),
		cmocka_unit_test(test_inexact_inputs_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
