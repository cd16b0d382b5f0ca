/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_dd.c - double-double log and exp (src/dd.h) against values from
 * mpmath at 50 digits: ln(x) and exp(x) of exact doubles, given as hi + lo.
 */
#include "testutil.h"

#include "dd.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_log),
		cmocka_unit_test(test_exp),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
