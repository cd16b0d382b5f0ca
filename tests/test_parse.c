/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_parse.c - the number, unit, probability, list and range syntax. */
#include "testutil.h"

#include "parse.h"
#include "shortest.h"

static void test_si_and_real(void **state)
{
	(void)state;
	double v;
	assert_null(parse_si("3T", &v));
	assert_true(v == 3e12);
	assert_null(parse_si("1.5k", &v));
	assert_true(v == 1500);
	assert_null(parse_si("2E", &v)); /* E alone is exa */
	assert_true(v == 2e18);
	assert_null(parse_si("2e3", &v));
	assert_true(v == 2000);
	assert_null(parse_real("1e-12", &v));
	assert_true(v == 1e-12);
	const char *bad[] = {"", "abc", "1e-12abc", "1.2.3", "nan", "inf", "0x10", "1e999",
	                     "3 T x", "--5", "1,5", " ", "3Q"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (parse_si(bad[i], &v) == NULL)
			fail_msg("'%s' was accepted as %g", bad[i], v);
}

static void test_rate(void **state)
{
	(void)state;
	double v;
	assert_null(parse_rate("25.78125G", &v));
	assert_true(v == 25.78125e9);
	assert_null(parse_rate("10Gb/s", &v));
	assert_true(v == 10e9);
	assert_null(parse_rate("10Gbps", &v));
	assert_true(v == 10e9);
	assert_null(parse_rate("53.125 Gbit/s", &v));
	assert_true(v == 53.125e9);
	assert_non_null(parse_rate("10GB/s/", &v));
	assert_non_null(parse_rate("10 furlongs", &v));
}

static void test_duration(void **state)
{
	(void)state;
	double v;
	assert_null(parse_duration("90", &v));
	assert_true(v == 90);
	assert_null(parse_duration("90s", &v));
	assert_true(v == 90);
	assert_null(parse_duration("15min", &v));
	assert_true(v == 900);
	assert_null(parse_duration("2.5h", &v));
	assert_true(v == 9000);
	assert_null(parse_duration("1h30m", &v));
	assert_true(v == 5400);
	assert_null(parse_duration("2d", &v));
	assert_true(v == 172800);
	assert_null(parse_duration("1h 30min 15s", &v));
	assert_true(v == 5415);
	assert_null(parse_duration("1d2h3min4s5ms", &v));
	assert_true(v == 93784.005);
	assert_string_equal(parse_duration("1h1h", &v),
	                    "repeats a unit or puts a larger one after a smaller (largest first: 1h30m)");
	const char *bad[] = {"", "h", "1x", "1h30", "-5s", "1h-30m", "s90", "1e999s",
	                     "1h1h", "30m1h", "1h 2hr", "1min 1m", "1s1ms1s"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (parse_duration(bad[i], &v) == NULL)
			fail_msg("'%s' was accepted as %g", bad[i], v);
}

static void test_count(void **state)
{
	(void)state;
	double v;
	assert_null(parse_count("0", &v));
	assert_true(v == 0);
	assert_null(parse_count("1e6", &v));
	assert_true(v == 1e6);
	assert_null(parse_count("9007199254740992", &v));
	assert_non_null(parse_count("9007199254740994", &v));
	assert_non_null(parse_count("-1", &v));
	assert_string_equal(parse_count("-0", &v), "has a minus sign (a count is 0 or more)");
	assert_string_equal(parse_count("-0.0e3", &v), "has a minus sign (a count is 0 or more)");
	assert_non_null(parse_count("1.5", &v));
	assert_non_null(parse_count("1e-3", &v));
}

static void test_probability(void **state)
{
	(void)state;
	double v, c;
	assert_null(parse_probability("0.95", &v, &c));
	assert_true(v == 0.95 && c == 0.05);
	assert_null(parse_probability("95%", &v, &c));
	assert_true(v == 0.95 && c == 0.05);
	assert_null(parse_probability("99.9999%", &v, &c));
	assert_true(c == 1e-6);
	assert_null(parse_probability("5%", &v, &c));
	assert_true(v == 0.05 && c == 0.95);
	/* 1 - 1e-20 is 1.0 as a double; the complement is kept exactly. */
	assert_null(parse_probability("0.99999999999999999999", &v, &c));
	assert_true(c == 1e-20);
	assert_null(parse_probability("+00.99999999999999999999", &v, &c));
	assert_true(c == 1e-20);
	assert_null(parse_probability("1e-9", &v, &c));
	assert_true(v == 1e-9 && c == 1 - 1e-9);
	const char *bad[] = {"0", "1", "1.0", "100%", "0%", "-0.5", "95", "1.5", "95%%", "%",
	                     "0.95x", "", "001.0000000000000000599", "1.00000000000000000001",
	                     "100.000000000000000001%"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (parse_probability(bad[i], &v, &c) == NULL)
			fail_msg("'%s' was accepted as %g", bad[i], v);
}

static void test_lists_and_ranges(void **state)
{
	(void)state;
	struct vlist l;
	const char *bad;
	assert_null(parse_vlist("1e-12,1e-15", parse_real, &l, &bad));
	assert_int_equal(l.count, 2);
	assert_true(vlist_value(&l, 1, NULL) == 1e-15);
	assert_true(vlist_min(&l) == 1e-15 && vlist_max(&l) == 1e-12);
	vlist_free(&l);

	assert_null(parse_vlist("0..10", parse_count, &l, &bad));
	assert_int_equal(l.count, 11);
	assert_true(vlist_value(&l, 10, NULL) == 10);
	vlist_free(&l);

	assert_null(parse_vlist("10..8,20", parse_count, &l, &bad));
	assert_int_equal(l.count, 4);
	assert_true(vlist_value(&l, 1, NULL) == 9 && vlist_value(&l, 3, NULL) == 20);
	vlist_free(&l);

	assert_null(parse_vlist("1e-15..1e-9:7log", parse_real, &l, &bad));
	assert_int_equal(l.count, 7);
	assert_true(vlist_value(&l, 0, NULL) == 1e-15 && vlist_value(&l, 6, NULL) == 1e-9);
	assert_true(fabs(vlist_value(&l, 3, NULL) - 1e-12) < 1e-26);
	vlist_free(&l);

	assert_null(parse_vlist("0..1:5", parse_real, &l, &bad));
	assert_true(vlist_value(&l, 2, NULL) == 0.5);
	vlist_free(&l);

	assert_null(parse_vlist("0..100000000", parse_count, &l, &bad));
	assert_int_equal(l.count, 100000001ULL);
	assert_int_equal(l.nitems, 1); /* constant memory */
	vlist_free(&l);

	double c;
	assert_null(parse_vlist("90%,0.999", NULL, &l, &bad));
	assert_true(vlist_value(&l, 1, &c) == 0.999 && c == 0.001);
	vlist_free(&l);

	assert_null(parse_vlist("1h..2h:3", parse_duration, &l, &bad));
	assert_true(vlist_value(&l, 1, NULL) == 5400);
	vlist_free(&l);

	const char *badlists[] = {"", ",", "1,", "1..", "..2", "1e-15..1e-9", "1..2:0", "1..2:x",
	                          "0..1:3log", "1,,2", "1..2:3lin"};
	for (size_t i = 0; i < sizeof badlists / sizeof *badlists; i++) {
		if (parse_vlist(badlists[i], parse_real, &l, &bad) == NULL)
			fail_msg("'%s' was accepted", badlists[i]);
		assert_null(l.items);
	}
}

/*
 * The rests of a probability beyond its doubles, from the digits, against
 * the table of ties (mpmath's double-double split of the decimal and of its
 * complement); and the percentage form moves the point.
 */
static void test_probability_exact(void **state)
{
	(void)state;
	FILE *fp = table_open("bits_tie_ref.csv");
	char line[512];
	char *f[11];
	int rows = 0;
	while (table_next(fp, line, sizeof line, f, 11) == 11) {
		double v, c, v_lo, c_lo;
		assert_null(parse_probability_exact(f[3], &v, &c, &v_lo, &c_lo));
		if (v != strtod(f[4], NULL) || v_lo != strtod(f[5], NULL) || c != strtod(f[6], NULL) ||
		    c_lo != strtod(f[7], NULL))
			fail_msg("%s: %.17g + %.17g, %.17g + %.17g; table %s + %s, %s + %s", f[3], v, v_lo,
			         c, c_lo, f[4], f[5], f[6], f[7]);
		rows++;
	}
	fclose(fp);
	assert_true(rows >= 50);
	double v, c, v_lo, c_lo, w, d, w_lo, d_lo;
	assert_null(parse_probability_exact("95%", &v, &c, &v_lo, &c_lo));
	assert_null(parse_probability_exact("0.95", &w, &d, &w_lo, &d_lo));
	assert_true(v == w && c == d && v_lo == w_lo && c_lo == d_lo);
	/* 0.05 = 0.05000000000000000277... - 2.77e-18 (mpmath) */
	assert_true(c == 0.05 && fabs(c_lo + 2.7755575615628915e-18) < 1e-33);
	/* an exponent: the complement of 9.5e-1 from its digits too */
	assert_null(parse_probability_exact("9.5e-1", &w, &d, &w_lo, &d_lo));
	assert_true(w == v && d == c && d_lo == c_lo);
	/* 1 - 1e-20: the complement exactly 1e-20, its rest 1e-20 - d(1e-20) = 5.48e-37 (mpmath) */
	assert_null(parse_probability_exact("0.99999999999999999999", &w, &d, &w_lo, &d_lo));
	assert_true(w == 1.0 && d == 1e-20 && fabs(d_lo - 5.484672854579043e-37) < 1e-50);
}

/*
 * A level given as a double (element.c): its shortest decimal through
 * parse_probability_shortest(), which does not read the double again,
 * gives the doubles and the message of parse_probability_exact() on the
 * same text: on the table of ties, on edges (0, 1, just below 1, the
 * smallest normal and a subnormal, negative, NaN, infinity, above 1), and
 * on 200,000 seeded doubles below 1 (uniform, near 1 and tiny).
 */
static int shortest_as_exact(double v)
{
	char text[40];
	double a[4] = {0, 0, 0, 0}, b[4] = {0, 0, 0, 0};
	shortest_double(text, v);
	const char *wa = parse_probability_exact(text, &a[0], &a[1], &a[2], &a[3]);
	const char *wb = parse_probability_shortest(text, v, &b[0], &b[1], &b[2], &b[3]);
	if ((wa == NULL) != (wb == NULL) || (wa && strcmp(wa, wb) != 0) ||
	    (!wa && memcmp(a, b, sizeof a) != 0)) {
		print_error("%s: '%s' beside '%s'\n", text, wa ? wa : "", wb ? wb : "");
		return 0;
	}
	return 1;
}

static void test_probability_shortest(void **state)
{
	(void)state;
	FILE *fp = table_open("bits_tie_ref.csv");
	char line[512];
	char *f[11];
	int rows = 0;
	while (table_next(fp, line, sizeof line, f, 11) == 11) {
		assert_true(shortest_as_exact(strtod(f[3], NULL)));
		rows++;
	}
	fclose(fp);
	assert_true(rows >= 50);
	static const double edge[] = {0.0, 1.0, 0x1.fffffffffffffp-1, 0.95, 0.5, 2.2250738585072014e-308,
	                              5e-324, -0.95, 1.5, 1e-300};
	for (size_t i = 0; i < sizeof edge / sizeof *edge; i++)
		assert_true(shortest_as_exact(edge[i]));
	assert_true(shortest_as_exact(NAN) && shortest_as_exact(INFINITY));
	uint64_t x = 20261205;
	for (int i = 0; i < 200000; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
		double u = (double)(x >> 11) * 0x1p-53;
		double v = i % 3 == 0 ? u : i % 3 == 1 ? 1.0 - ldexp(u, -(int)(x % 60)) : ldexp(u, -(int)(x % 1000));
		if (!shortest_as_exact(v))
			fail_msg("element %d", i);
	}
}

/* A percentage is its decimal shifted two places, read in one rounding. */
static void test_percent_one_rounding(void **state)
{
	(void)state;
	/* the double nearest each decimal (C's own strtod of the shifted text) */
	static const char *const pct[] = {"99.9%", "0.5%", "12.345%", "95%", "99.99999%",
	                                  "0.1%", "33.3%", "70.7%", "99.7%"};
	static const char *const dec[] = {"0.999", "0.005", "0.12345", "0.95", "0.9999999",
	                                  "0.001", "0.333", "0.707", "0.997"};
	for (size_t i = 0; i < sizeof pct / sizeof *pct; i++) {
		double v, c;
		assert_null(parse_probability(pct[i], &v, &c));
		if (v != strtod(dec[i], NULL))
			fail_msg("%s read as %.17g, not %s", pct[i], v, dec[i]);
	}
	/* 99.9 / 100 rounds twice and lands one ulp above 0.999 */
	assert_true(99.9 / 100.0 != 0.999);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_si_and_real),
		cmocka_unit_test(test_rate),
		cmocka_unit_test(test_duration),
		cmocka_unit_test(test_count),
		cmocka_unit_test(test_probability),
		cmocka_unit_test(test_probability_exact),
		cmocka_unit_test(test_probability_shortest),
		cmocka_unit_test(test_percent_one_rounding),
		cmocka_unit_test(test_lists_and_ranges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
