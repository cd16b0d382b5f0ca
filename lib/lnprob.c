/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lnprob.c - probabilities held as double-double logarithms (bercl_lnprob):
 * to a double, to decimal, scaled, complemented, and stored as a tails pair.
 *
 * bercl_lnprob_decimal splits exp(l) into mantissa * 10^exponent: log10 = l / ln 10
 * in double-double, exponent = floor(log10), mantissa = 10^(fraction). The
 * fraction keeps ~1e-31 * |log10| absolute accuracy, so the mantissa keeps
 * ~16 digits while |log10| < 1e15.
 */
#include <math.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"

/*
 * log10 p = l / ln 10 in double-double. Where 2^-900 <= |l| <= 2^20, as l
 * times 1/ln 10 (the constant to 106 bits, mpmath: 0.4342944819032518 +
 * 1.098319650216765e-17): one product where the quotient takes three
 * dependent divisions (6.6 % of a 1e6-row cl batch's time, perf). Both
 * are within ~1e-31 relative, so a result differs only where the exact
 * value lies that close to a rounding boundary: on 1e8 random l with
 * |l| from 1e-271 to 1e7, the log10's double and the decimal split's
 * fraction below were the same every time. Below 2^-900 the product's
 * low parts would underflow (a subnormal log10 came out a bit apart);
 * above 2^20 the fraction carries the error times |log10| (near 1e15
 * decades the two differ in 1 of 400): the quotient stays there.
 */
static dd log10_dd(bercl_lnprob l)
{
	static const dd INV_LN10 = {0.4342944819032518, 1.098319650216765e-17};
	dd x = dd_make(l.hi, l.lo);
	double a = fabs(l.hi);
	if (a == 0 && l.lo == 0) /* the value 1: the quotient's +0, without its divisions */
		return dd_from(0.0);
	if (a >= 0x1p-900 && a <= 0x1p20)
		return dd_mul(x, INV_LN10);
	return dd_div(x, dd_make(LN10_HI, LN10_LO));
}

double bercl_lnprob_log10(bercl_lnprob l)
{
	if (l.hi == -INFINITY && !isnan(l.lo))
		return -INFINITY; /* the value 0 */
	if (!isfinite(l.hi) || !isfinite(l.lo))
		return NAN;
	return log10_dd(l).hi;
}

int bercl_lnprob_decimal(bercl_lnprob l, double *mantissa, long long *exponent)
{
	/* ln 0 = -inf (the binomial CL at E = N) is 0 = 0 * 10^0; it gave a
	 * NaN mantissa and exponent INT64_MIN with success. NaN and +inf have
	 * no decimal form: -2, nothing written. */
	if (l.hi == -INFINITY && !isnan(l.lo)) {
		*mantissa = 0.0;
		*exponent = 0;
		return 0;
	}
	if (!isfinite(l.hi) || !isfinite(l.lo))
		return -2;
	dd log10v = log10_dd(l);
	if (fabs(log10v.hi) > 1e15) {
		*mantissa = log10v.hi; /* only the power of ten is known */
		*exponent = 0;
		return -1;
	}
	double e = floor(log10v.hi);
	dd frac = dd_add_d(log10v, -e);
	if (frac.hi < 0) { /* floor landed one too high because of lo */
		e -= 1.0;
		frac = dd_add_d(frac, 1.0);
	}
	/* 10^f = exp(f ln 10); for f > 1/2 use 10 * 10^(f - 1) so that the
	 * argument of exp stays small and its rounding does not grow. */
	double f = frac.hi + frac.lo, scale = 1.0;
	if (f > 0.5) {
		f = (frac.hi - 1.0) + frac.lo;
		scale = 10.0;
	}
	double m = scale * bercli_exp(f * LN10_HI + f * LN10_LO);
	if (m >= 10.0) {
		m /= 10.0;
		e += 1.0;
	}
	*mantissa = m;
	*exponent = (long long)e;
	return 0;
}

double bercl_rel_diff(double a, double b)
{
	if (!isfinite(a) || !isfinite(b))
		return NAN; /* fmax drops a NaN: (NaN, 0) gave 0 */
	double m = fmax(fabs(a), fabs(b));
	return m == 0.0 ? 0.0 : fabs(a - b) / m;
}

/* ln(s) + l, where s is a double of moderate size. */
bercl_lnprob bercli_lnprob_times(dd l, double s)
{
	dd r = dd_add_d(l, bercli_log(s));
	bercl_lnprob out = {r.hi, r.lo};
	return out;
}

/* ln(1 - exp(l)) for a tail exp(l) below about 0.6. */
bercl_lnprob bercli_lnprob_complement(bercl_lnprob l)
{
	bercl_lnprob out = {bercli_log1p(-bercl_lnprob_value(l)), 0.0};
	return out;
}

double bercl_lnprob_value(bercl_lnprob l)
{
	if (isnan(l.hi) || isnan(l.lo))
		return NAN;
	if (!(fabs(l.lo) <= 0x1p-20)) {
		/* not a rounding error of hi (the header allows any lo): the value
		 * of the sum, hi + lo, so that an infinite or large lo cannot
		 * carry the product 1 + lo below 0 or above 1 (-inf is ln 0) */
		double s = l.hi + l.lo;
		if (isnan(s)) /* inf - inf: no number */
			return NAN;
		return s < -746.0 ? 0.0 : bercli_exp(s);
	}
	if (l.hi < -746.0)
		return 0.0;
	if (l.hi < -700.0) {
		/* near the bottom of the range: 2^-200 exp(l + 200 ln 2), the sum in
		 * double-double (rounded to a double it would cost 1e-13 relative) */
		dd s = dd_add(dd_make(l.hi, l.lo), dd_mul_d(dd_make(LN2_HI, LN2_LO), 200.0));
		return ldexp(bercli_exp(s.hi) * (1.0 + s.lo), -200);
	}
	return bercli_exp(l.hi) * (1.0 + l.lo);
}

void bercli_tails_set(bercl_tails *t, bercl_lnprob ln_cl, bercl_lnprob ln_omc)
{
	t->ln_cl = ln_cl;
	t->ln_one_minus_cl = ln_omc;
	t->cl = bercl_lnprob_value(ln_cl);
	t->one_minus_cl = bercl_lnprob_value(ln_omc);
}
