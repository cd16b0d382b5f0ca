/* SPDX-License-Identifier: GPL-3.0-or-later */
/* testutil.h - helpers shared by the cmocka suites: reference tables, decimals. */
#ifndef BERCL_TESTUTIL_H
#define BERCL_TESTUTIL_H

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* tests/xcheck.c (the cross-target driver) has no cmocka: it defines
 * TESTUTIL_NO_CMOCKA and its own fail_msg. */
#ifndef TESTUTIL_NO_CMOCKA
#include <setjmp.h>
#include <cmocka.h>
#endif

#include "bercl.h"

#ifndef DATA_DIR
#define DATA_DIR "tests/data/"
#endif

/* Read the next non-comment line of a table into fields (split on ','). */
static inline int table_next(FILE *fp, char *line, size_t len, char **field, int nfield)
{
	while (fgets(line, (int)len, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\r\n")] = '\0';
		int n = 0;
		char *p = line;
		while (n < nfield) {
			field[n++] = p;
			p = strchr(p, ',');
			if (!p)
				break;
			*p++ = '\0';
		}
		return n;
	}
	return 0;
}

static inline FILE *table_open(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s%s", DATA_DIR, name);
	FILE *fp = fopen(path, "r");
	if (!fp)
		fail_msg("cannot open reference table %s", path);
	return fp;
}

/*
 * Split a decimal "m.mmmme-eeee" (any exponent) into mantissa in [1, 10) and
 * exponent, without converting the whole to a double (which underflows).
 */
static inline void decimal_split(const char *s, double *m, long long *e)
{
	char *end;
	double mant = strtod(s, &end); /* strtod stops at 'e' only if we cut it */
	const char *ep = strpbrk(s, "eE");
	char buf[64];
	size_t n = ep ? (size_t)(ep - s) : strlen(s);
	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	mant = strtod(buf, &end);
	long long ex = ep ? strtoll(ep + 1, NULL, 10) : 0;
	while (mant >= 10) {
		mant /= 10;
		ex++;
	}
	while (mant > 0 && mant < 1) {
		mant *= 10;
		ex--;
	}
	*m = mant;
	*e = ex;
}

/* Relative difference between exp(ln) and a decimal reference string. */
static inline double rel_error_vs_decimal(bercl_lnprob ln, const char *ref)
{
	double m1, m2;
	long long e1, e2;
	if (bercl_lnprob_decimal(ln, &m1, &e1) != 0)
		return INFINITY;
	decimal_split(ref, &m2, &e2);
	if (m2 == 0)
		return INFINITY;
	if (e1 == e2 + 1)
		m1 *= 10;
	else if (e1 == e2 - 1)
		m1 /= 10;
	else if (e1 != e2)
		return INFINITY;
	return fabs(m1 - m2) / m2;
}

/*
 * |v - r| in units in the last place of r, r the table's decimal read as a
 * long double (64-bit significand: the decimal's own rounding is below
 * 1/1000 ulp); -1 when r is below the normal doubles.
 */
static inline double ulps_vs_decimal(double v, const char *ref)
{
	long double r = strtold(ref, NULL);
	if (!(r >= DBL_MIN))
		return -1;
	int e;
	frexpl(r, &e); /* r = m 2^e, m in [1/2, 1): one ulp is 2^(e - 53) */
	return (double)(fabsl((long double)v - r) / ldexpl(1.0L, e - 53));
}

/* splitmix64 (Steele, Lea and Flood, 2014): the tests' seeded draws,
 * independent of the library's and the program's generators. */
static inline uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The q-quantile (0 < q <= 1) of v[0..n-1], n > 0, by the nearest rank; sorts v. */
static inline double quantile(double *v, int n, double q)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	int k = (int)ceil(q * n) - 1;
	return v[k < 0 ? 0 : k];
}

#endif
