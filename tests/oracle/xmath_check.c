/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * xmath_check - arith/xmath.c's functions against MPFR (200 bits, then the
 * exact error in units in the last place of the correctly rounded
 * double). For each function, COUNT points from a seeded generator
 * (splitmix64) over its whole domain: uniform arguments over the range
 * that gives normal results, log-uniform ones from 2^-60 to 1 of either
 * sign, arguments near the function's hard places (1 for log, -1 for
 * log1p, multiples of ln2/128 for exp), and random bit patterns.
 * It prints the largest error and the count of results that are not the
 * correctly rounded double (results below the normal range apart, in units
 * of the subnormal grid 2^-1074), and fails (status 1) when an error passes
 * the bounds xmath.h states (0.52 ulp; 1 unit of 2^-1074 below 2^-1022) or
 * a special value is wrong.
 *
 *   xmath_check [--seed S] [--count N]
 */
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmath.h"

static uint64_t state;
static uint64_t next(void)
{
	uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}
static double unit(void) { return (double)(next() >> 11) * 0x1p-53; }
static double uniform(double a, double b) { return a + (b - a) * unit(); }
static double loguni(double lo2, double hi2) { return exp2(uniform(lo2, hi2)); }
static double sgn(double v) { return (next() & 1) ? v : -v; }
static double bits(void)
{
	double x;
	uint64_t u = next();
	memcpy(&x, &u, sizeof x);
	return x;
}

typedef double (*fn)(double);
typedef int (*mfn)(mpfr_t, const mpfr_t, mpfr_rnd_t);

struct func {
	const char *name;
	fn ours;
	mfn ref;
	double (*arg)(void);
};

static double arg_exp(void)
{
	switch (next() % 5) {
	case 4: return uniform(-745.1, -708.4); /* results below the normal range */
	case 0: return uniform(-708.0, 709.78);
	case 1: return sgn(loguni(-60, 0));
	case 2: return (double)((int64_t)(next() % 262144) - 131072) * 0.005415212348111709 + sgn(loguni(-60, -10));
	default: return uniform(-20, 20);
	}
}
static double arg_expm1(void)
{
	switch (next() % 4) {
	case 0: return uniform(-40.0, 709.0);
	case 1: return sgn(loguni(-60, 0));
	case 2: return sgn(loguni(-9, -7));
	default: return uniform(-3, 3);
	}
}
static double arg_log(void)
{
	double x;
	switch (next() % 4) {
	case 0: return 1.0 + sgn(loguni(-60, -1));
	case 1: return loguni(-1074, 1023.9);
	case 2: do x = fabs(bits()); while (!(x > 0 && x < INFINITY)); return x;
	default: return uniform(0.5, 2.0);
	}
}
static double arg_log1p(void)
{
	switch (next() % 4) {
	case 0: return sgn(loguni(-60, -1));
	case 1: return -1.0 + loguni(-53, -1);
	case 2: return loguni(-7, 1023.9);
	default: return uniform(-0.5, 2.0);
	}
}
static double arg_exp10(void)
{
	switch (next() % 4) {
	case 3: return uniform(-323.6, -307.7); /* results below the normal range */
	case 0: return uniform(-307.0, 308.2);
	case 1: return sgn(loguni(-60, 0));
	default: return (double)((int)(next() % 600) - 300) + sgn(loguni(-50, -20));
	}
}

static const struct func funcs[] = {
	{"exp", bercli_exp, mpfr_exp, arg_exp},
	{"expm1", bercli_expm1, mpfr_expm1, arg_expm1},
	{"log", bercli_log, mpfr_log, arg_log},
	{"log1p", bercli_log1p, mpfr_log1p, arg_log1p},
	{"log10", bercli_log10, mpfr_log10, arg_log},
	{"exp10", bercli_exp10, mpfr_exp10, arg_exp10},
};

/* |got - exact| in ulps of the exact value (normal results) */
static double ulp_err(double got, const mpfr_t exact, mpfr_t t)
{
	long e;
	mpfr_get_d_2exp(&e, exact, MPFR_RNDN); /* exact = f 2^e, 1/2 <= |f| < 1 */
	mpfr_set_d(t, got, MPFR_RNDN);
	mpfr_sub(t, t, exact, MPFR_RNDN);
	mpfr_mul_2si(t, t, 53 - e, MPFR_RNDN);
	return fabs(mpfr_get_d(t, MPFR_RNDN));
}

static int specials(void)
{
	int bad = 0;
#define SPECIAL(expr, want)                                                                     \
	do {                                                                                    \
		double g = (expr), w = (want);                                                  \
		if (!(g == w || (g != g && w != w)) || (g == 0 && signbit(g) != signbit(w))) {   \
			printf("xmath_check: %s = %a, want %a\n", #expr, g, w);                   \
			bad = 1;                                                                \
		}                                                                               \
	} while (0)
	SPECIAL(bercli_exp(-INFINITY), 0.0);
	SPECIAL(bercli_exp(INFINITY), INFINITY);
	SPECIAL(bercli_exp(NAN), NAN);
	SPECIAL(bercli_exp(0.0), 1.0);
	SPECIAL(bercli_exp(-0.0), 1.0);
	SPECIAL(bercli_exp(710.0), INFINITY);
	SPECIAL(bercli_exp(-746.0), 0.0);
	SPECIAL(bercli_exp(1.0), 0x1.5bf0a8b145769p+1);
	SPECIAL(bercli_expm1(-0.0), -0.0);
	SPECIAL(bercli_expm1(0.0), 0.0);
	SPECIAL(bercli_expm1(-INFINITY), -1.0);
	SPECIAL(bercli_expm1(INFINITY), INFINITY);
	SPECIAL(bercli_expm1(NAN), NAN);
	SPECIAL(bercli_log(0.0), -INFINITY);
	SPECIAL(bercli_log(-0.0), -INFINITY);
	SPECIAL(bercli_log(-1.0), NAN);
	SPECIAL(bercli_log(1.0), 0.0);
	SPECIAL(bercli_log(INFINITY), INFINITY);
	SPECIAL(bercli_log(NAN), NAN);
	SPECIAL(bercli_log(0x1p-1074), -744.44007192138126);
	SPECIAL(bercli_log1p(-0.0), -0.0);
	SPECIAL(bercli_log1p(0.0), 0.0);
	SPECIAL(bercli_log1p(-1.0), -INFINITY);
	SPECIAL(bercli_log1p(-2.0), NAN);
	SPECIAL(bercli_log1p(INFINITY), INFINITY);
	SPECIAL(bercli_log1p(NAN), NAN);
	SPECIAL(bercli_log10(1000.0), 3.0);
	SPECIAL(bercli_log10(1e-300), -300.0);
	SPECIAL(bercli_log10(1.0), 0.0);
	SPECIAL(bercli_log10(0.0), -INFINITY);
	SPECIAL(bercli_exp10(3.0), 1000.0);
	SPECIAL(bercli_exp10(22.0), 1e22);
	SPECIAL(bercli_exp10(-5.0), 1e-5);
	SPECIAL(bercli_exp10(0.0), 1.0);
	SPECIAL(bercli_exp10(400.0), INFINITY);
	SPECIAL(bercli_exp10(-400.0), 0.0);
	for (int k = 0; k <= 22; k++) { /* the powers of ten that are doubles */
		char s[16];
		snprintf(s, sizeof s, "1e%d", k);
		SPECIAL(bercli_exp10((double)k), strtod(s, NULL));
		SPECIAL(bercli_log10(strtod(s, NULL)), (double)k);
	}
	return bad;
}

int main(int argc, char **argv)
{
	uint64_t seed = 20261202;
	long count = 1000000;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--count"))
			count = strtol(argv[i + 1], NULL, 10);
	}
	int bad = specials();
	mpfr_t x, y, t;
	mpfr_inits2(200, x, y, t, (mpfr_ptr)0);
	for (size_t f = 0; f < sizeof funcs / sizeof funcs[0]; f++) {
		state = seed + f;
		double worst = 0, worst_x = 0, worst_sub = 0, worst_sub_x = 0;
		long wrong = 0, checked = 0, sub = 0;
		for (long n = 0; n < count; n++) {
			double a = funcs[f].arg();
			double got = funcs[f].ours(a);
			mpfr_set_d(x, a, MPFR_RNDN);
			funcs[f].ref(y, x, MPFR_RNDN);
			if (!mpfr_number_p(y))
				continue;
			double rn = mpfr_get_d(y, MPFR_RNDN);
			if (fabs(rn) < 0x1p-1022 && rn != 0) {
				/* below the normal range: in units of the subnormal
				 * grid, 2^-1074 */
				mpfr_set_d(t, got, MPFR_RNDN);
				mpfr_sub(t, t, y, MPFR_RNDN);
				mpfr_mul_2si(t, t, 1074, MPFR_RNDN);
				double e = fabs(mpfr_get_d(t, MPFR_RNDN));
				sub++;
				if (e > worst_sub)
					worst_sub = e, worst_sub_x = a;
				continue;
			}
			if (!(fabs(rn) >= 0x1p-1022 && fabs(rn) <= 0x1.fffffffffffffp1023))
				continue;
			checked++;
			if (got != rn)
				wrong++;
			double err = ulp_err(got, y, t);
			if (err > worst)
				worst = err, worst_x = a;
		}
		printf("%-6s %ld checked, %ld not correctly rounded, worst %.4f ulp at %a", funcs[f].name,
		       checked, wrong, worst, worst_x);
		if (sub)
			printf("; %ld subnormal, worst %.4f ulp at %a", sub, worst_sub, worst_sub_x);
		printf("\n");
		if (worst > 0.52 || worst_sub > 1.0)
			bad = 1;
	}
	mpfr_clears(x, y, t, (mpfr_ptr)0);
	return bad;
}
