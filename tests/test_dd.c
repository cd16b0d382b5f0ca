/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_dd.c - double-double log and exp (arith/dd.h) against values from
 * mpmath at 50 digits: ln(x) and exp(x) of exact doubles, given as hi + lo;
 * and the software model of the x87 long double (lib/x87soft.h, the page's
 * wide type) against the processor's own long double, bit for bit (random
 * operands, and exact ties built on purpose).
 */
#include <float.h>

#include "testutil.h"

#include "dd.h"
#include "x87soft.h"

struct ref {
	double x, hi, lo;
};

static double dd_error(dd got, double hi, double lo)
{
	dd diff = dd_sub(got, dd_make(hi, lo));
	return fabs(diff.hi) / fmax(fabs(hi), 1.0);
}

static void test_log(void **state)
{
	(void)state;
	static const struct ref refs[] = {
		{3, 1.0986122886681098, -9.07129723500153e-17},
		{0.7, -0.35667494393873245, 4.82556379937662e-18},
		{1e-300, -690.7755278982137, -2.3670096176709832e-14},
		{1e300, 690.7755278982137, 2.3747660028800243e-14},
		{1.0000000000009095, 9.094947017725146e-13, 2.5077212817525026e-37},
		{0.50000000000000011, -0.6931471805599451, -2.319046813846302e-17},
	};
	for (size_t i = 0; i < sizeof refs / sizeof *refs; i++) {
		double err = dd_error(dd_log(dd_from(refs[i].x)), refs[i].hi, refs[i].lo);
		/* 1e-30 relative to max(|ln x|, 1): the absolute error is what
		 * k ln(x/k) multiplies */
		if (!(err <= 1e-30))
			fail_msg("ln(%.17g): error %.3g", refs[i].x, err);
	}
	/* exp(ln(x)) returns x to dd_exp's precision */
	for (double x = 1e-5; x < 1e5; x *= 7.3) {
		dd back = dd_exp(dd_log(dd_from(x)));
		assert_true(fabs(dd_sub(back, dd_from(x)).hi) <= 5e-30 * x); /* measured 2.7e-30 */
	}
}

/* exp loses ~5 bits to its five squarings: within 1e-30 relative. */
static void test_exp(void **state)
{
	(void)state;
	assert_true(dd_error(dd_exp(dd_from(0.5)), 1.6487212707001282, -4.731568479435833e-17) < 1e-30);
	assert_true(dd_error(dd_exp(dd_from(-0.69)), 0.5015760690660556, -2.5372576594990233e-18) <
	            1e-30);
}

/* x87soft.h against the x87 itself (x86-64): 400000 random sets of
 * operands, each a long double hi + lo with a 64-bit significand (lo of
 * random size, and a quarter of the pairs nearly equal so that the
 * differences cancel), through every operation the library uses. */
static uint64_t rng = 20261202;
static uint64_t next_u64(void)
{
	return splitmix64(&rng);
}
static double unit01(void) { return (double)(next_u64() >> 11) * 0x1p-53; }
static double any_double(void)
{
	int e = next_u64() % 8 == 0 ? (int)(next_u64() % 2000) - 1000 : (int)(next_u64() % 120) - 60;
	double v = ldexp(unit01() + 0.5, e);
	return next_u64() & 1 ? -v : v;
}
#if LDBL_MANT_DIG == 64
static long double as_ld(x87 x)
{
	long double v = ldexpl((long double)x.m, x.e);
	return x.s ? -v : v;
}
static int same_ld(x87 s, long double h)
{
	long double v = as_ld(s);
	return v == h && (v != 0 || signbit(v) == signbit(h));
}
#endif
static void test_x87soft(void **state)
{
	(void)state;
#if LDBL_MANT_DIG == 64
	long bad = 0;
	for (long i = 0; i < 400000; i++) {
		double ah = any_double(), bh = any_double();
		double al = ah * ldexp(unit01() - 0.5, -52 - (int)(next_u64() % 30));
		double bl = bh * ldexp(unit01() - 0.5, -52 - (int)(next_u64() % 30));
		if (next_u64() % 4 == 0) {
			bh = ah * (1 + ldexp((double)(next_u64() % 1000) - 500, -60));
			bl = -al;
		}
		long double A = (long double)ah + al, B = (long double)bh + bl;
		x87 a = x87_add(x87_from_d(ah), x87_from_d(al)), b = x87_add(x87_from_d(bh), x87_from_d(bl));
		bad += !same_ld(a, A) + !same_ld(b, B);
		bad += !same_ld(x87_add(a, b), A + B);
		bad += !same_ld(x87_sub(a, b), A - B);
		bad += !same_ld(x87_mul(a, b), A * B);
		bad += !same_ld(x87_div(a, b), A / B);
		bad += !same_ld(x87_sqrt((x87){a.m, a.e, 0}), sqrtl(fabsl(A)));
		bad += x87_to_d(a) != (double)A;
		bad += x87_to_d(x87_sub(a, x87_from_d(x87_to_d(a)))) != (double)(A - (double)A);
		bad += !same_ld(x87_mul(x87_from_d(ah), x87_from_d(bh)), (long double)ah * bh);
		int64_t v = (int64_t)next_u64() >> (next_u64() % 64);
		bad += !same_ld(x87_from_i64(v), (long double)v);
	}
	/* exact ties, which random operands almost never make: a sum and a
	 * product of 65 significant bits ending in 1, rounded to 64 bits (to
	 * even, up or down by the 64th bit) */
	for (long i = 0; i < 200000; i++) {
		double m = (double)((next_u64() >> 11) | (UINT64_C(1) << 52) | 1); /* odd, 53 bits */
		double big = ldexp(m, 12), one = next_u64() & 1 ? 1.0 : -1.0;
		bad += !same_ld(x87_add(x87_from_d(big), x87_from_d(one)), (long double)big + one);
		double k = (double)((next_u64() % 2048) | 2049); /* odd, 12 bits */
		bad += !same_ld(x87_mul(x87_from_d(m), x87_from_d(k)), (long double)m * k);
		bad += !same_ld(x87_div(x87_from_d(m), x87_from_d(k)), (long double)m / k);
	}
	assert_int_equal(bad, 0);
	/* signed zeros and exact cancellation */
	x87 one = x87_from_d(1.0), mz = x87_from_d(-0.0);
	assert_true(same_ld(x87_sub(one, one), 1.0L - 1.0L));
	assert_true(same_ld(x87_add(mz, mz), -0.0L + -0.0L));
	assert_true(same_ld(x87_mul(mz, one), -0.0L * 1.0L));
#else
	skip();
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_log),
		cmocka_unit_test(test_exp),
		cmocka_unit_test(test_x87soft),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
