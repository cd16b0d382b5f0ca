/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_shortest.c - shortest_double(), digits17() and whole_digits()
 * against their definitions: the first of printf's %.15g, %.16g, %.17g
 * that strtod reads back, on a million doubles (random bit patterns, short
 * decimals as input files hold them, CL-like values near 1 and near 0,
 * subnormals, neighbours of powers of ten, of powers of two and of 16- and
 * 17-digit halfway cases, whole numbers) and on tests/data/shortest_hard.txt
 * (near-ties and near-edges found by exact arithmetic); %017llu and %llu.
 */
#include "testutil.h"

#include <stdint.h>

#include "shortest.h"

static void reference(char *buf, double v)
{
	if (v == 0 || !isfinite(v)) {
		snprintf(buf, 32, "%.17g", v);
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

static uint64_t rng_state = 88172645463325252ULL;
static uint64_t rng(void) /* xorshift64 */
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Move v by k units in the last place. */
static double ulps(double v, int k)
{
	uint64_t b;
	memcpy(&b, &v, sizeof b);
	b += (uint64_t)(int64_t)k;
	memcpy(&v, &b, sizeof v);
	return v;
}

static double sample(int i)
{
	char t[64];
	double v;
	uint64_t b;
	switch (i % 9) {
	case 0: /* any bit pattern but NaN and infinity */
		b = rng();
		memcpy(&v, &b, sizeof v);
		return isfinite(v) ? v : 1.5;
	case 1: /* a short decimal, d.ddddde-XX */
		snprintf(t, sizeof t, "%.*fe%d", (int)(rng() % 8), (double)(rng() % 1000000000) / 1e8,
		         (int)(rng() % 620) - 310);
		return strtod(t, NULL);
	case 2: /* a CL near 1 */
		return 1.0 - ldexp((double)(rng() >> 11), -53 - (int)(rng() % 60));
	case 3: /* a 1 - CL near 0, subnormals included */
		return ldexp((double)(rng() >> 11) + 1, -53 - (int)(rng() % 1100));
	case 4: /* a neighbour of a power of ten */
		return ulps(pow(10, (int)(rng() % 640) - 320), (int)(rng() % 9) - 4);
	case 5: /* a neighbour of a 16- or 17-digit decimal ending in 5 */
		snprintf(t, sizeof t, "%llu5e%d", (unsigned long long)(rng() % 10000000000000000ULL),
		         (int)(rng() % 600) - 300);
		return ulps(strtod(t, NULL), (int)(rng() % 5) - 2);
	case 6: /* up to 17 digits times a small power of ten */
		return (double)(rng() % 100000000000000000ULL) * pow(10, (int)(rng() % 40) - 20);
	case 7: /* a power of two or its neighbour (the gap below it is half) */
		return ulps(ldexp(1, (int)(rng() % 2100) - 1070), (int)(rng() % 3) - 1);
	default: /* whole numbers and halves, either sign */
		v = (double)(int64_t)(rng() >> (rng() % 64)) + ((rng() & 1) ? 0.5 : 0);
		return (rng() & 1) ? -v : v;
	}
}

static void test_shortest(void **state)
{
	(void)state;
	char got[40], want[40];
	for (int i = 0; i < 1000000; i++) {
		double v = sample(i);
		size_t n = shortest_double(got, v);
		reference(want, v);
		if (strcmp(got, want) != 0 || n != strlen(got))
			fail_msg("%a: '%s' (length %zu), printf says '%s'", v, got, n, want);
	}
	const double fixed[] = {0.1, 1e-15, 1.01627e-15, 0.9995001666250085, 5e-324, DBL_MIN,
	                        DBL_MAX, 1e290, 1.0000000000000002e290, -0.0, 1e23, 9007199254740993.0};
	for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++) {
		shortest_double(got, fixed[i]);
		reference(want, fixed[i]);
		assert_string_equal(got, want);
	}
}

/*
 * The doubles of tests/data/shortest_hard.txt (gen_shortest_hard.py: 15-,
 * 16- and 17-digit roundings within 2^-56 of a tie, 15- and 16-digit
 * candidates within 2^-56 of the rounding interval's edge, exact ones, and
 * their neighbours), both signs, against printf and strtod.
 */
static void test_shortest_hard(void **state)
{
	(void)state;
	FILE *fp = table_open("shortest_hard.txt");
	char line[64], got[40], want[40];
	long n = 0;
	while (fgets(line, sizeof line, fp)) {
		double v = strtod(line, NULL);
		assert_true(isfinite(v) && v != 0);
		for (int sign = 0; sign < 2; sign++, v = -v) {
			shortest_double(got, v);
			reference(want, v);
			if (strcmp(got, want) != 0)
				fail_msg("%a: '%s', printf says '%s'", v, got, want);
		}
		n++;
	}
	fclose(fp);
	assert_true(n >= 8000); /* the table's 8,627 doubles, read whole */
}

static void test_digits17(void **state)
{
	(void)state;
	char got[18], want[24];
	for (int i = 0; i < 100000; i++) {
		uint64_t d = i < 10 ? (uint64_t)i : rng() % (i % 2 ? 100000000000000000ULL : 1000000000ULL);
		digits17(got, d);
		got[17] = '\0';
		snprintf(want, sizeof want, "%017llu", (unsigned long long)d);
		assert_string_equal(got, want);
	}
	digits17(got, 99999999999999999ULL);
	got[17] = '\0';
	assert_string_equal(got, "99999999999999999");
}

/* whole_digits: every digit count (0, each 10^k - 1, 10^k, 10^k + 1, up
 * to 2^64 - 1) and random values of every bit length, against %llu. */
static void test_whole_digits(void **state)
{
	(void)state;
	char got[24], want[24];
	uint64_t edge[64], p = 1;
	int ne = 0;
	edge[ne++] = 0;
	for (int k = 0; k < 20; k++, p *= 10) {
		edge[ne++] = p - 1;
		edge[ne++] = p;
		edge[ne++] = p + 1;
	}
	edge[ne++] = UINT64_MAX;
	for (int i = 0; i < ne + 200000; i++) {
		uint64_t u = i < ne ? edge[i] : rng() >> (i % 64);
		size_t n = whole_digits(got, u);
		got[n] = '\0';
		snprintf(want, sizeof want, "%llu", (unsigned long long)u);
		assert_string_equal(got, want);
	}
}

/* float32 and float16: the shortest decimal that reads back, as numpy prints
 * them (repr: 0.95 for the float32 0.949999988079071) */
static void test_shortest_narrow(void **state)
{
	(void)state;
	char buf[40];
	shortest_float(buf, 0.95f);
	assert_string_equal(buf, "9.5e-01");
	shortest_float(buf, 1e-7f);
	assert_string_equal(buf, "1e-07");
	shortest_float(buf, 0.6827f);
	assert_string_equal(buf, "6.827e-01");
	shortest_float(buf, 0x1p-20f); /* a power of two: 9.536743e-07 as numpy */
	assert_string_equal(buf, "9.536743e-07");
	shortest_half(buf, 0x3b9a); /* float16 0.95: 0.9501953125 */
	assert_string_equal(buf, "9.5e-01");
	shortest_half(buf, 0x3976); /* float16 0.6827 is 0.6826171875, printed 0.6826 */
	assert_string_equal(buf, "6.826e-01");
	assert_true(half_to_double(0x7bff) == 65504.0);
	assert_true(half_to_double(0x0001) == 0x1p-24);
	assert_true(half_to_double(0xbc00) == -1.0);
	/* every positive finite float16: the text reads back as its value
	 * (within half a step of it, the step below at a power of two) */
	for (unsigned h = 1; h < 0x7c00; h++) {
		double v = half_to_double((uint16_t)h);
		shortest_half(buf, (uint16_t)h);
		double x = strtod(buf, NULL);
		double up = half_to_double((uint16_t)(h + 1)) - v;
		double down = v - half_to_double((uint16_t)(h - 1));
		assert_true(x >= v ? x - v <= up / 2 : v - x <= down / 2);
	}
	/* float32: reads back by strtof, for a sweep of the levels' range */
	for (uint32_t b = 0x30000000; b < 0x3f800000; b += 4099) {
		float f;
		memcpy(&f, &b, sizeof f);
		shortest_float(buf, f);
		assert_true(strtof(buf, NULL) == f);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shortest),
		cmocka_unit_test(test_shortest_hard),
		cmocka_unit_test(test_digits17),
		cmocka_unit_test(test_whole_digits),
		cmocka_unit_test(test_shortest_narrow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
