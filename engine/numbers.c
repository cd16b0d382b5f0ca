/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * numbers.c - one number as a machine format prints it (numbers.h): the
 * shortest round-trip double, and a probability below the double range
 * from its logarithm.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numbers.h"
#include "shortest.h"

/* The length snprintf wrote into a buffer of len bytes. */
size_t clamped(int n, size_t len)
{
	if (n < 0 || len == 0)
		return 0;
	return (size_t)n < len ? (size_t)n : len - 1;
}

size_t format_double(char *buf, size_t len, double v)
{
	double a = fabs(v);
	if (a <= 9007199254740992.0 && (double)(int64_t)v == v) {
		/* a whole number up to 2^53 is exact: digits, never 1e+15
		 * (by hand: snprintf's %.0f costs a quarter of a batch) */
		char dig[24];
		char *d = len >= sizeof dig ? buf : dig; /* in place where it fits */
		size_t k = 0;
		if (v < 0)
			d[k++] = '-';
		k += whole_digits(d + k, (uint64_t)a);
		if (d == dig) {
			if (k >= len)
				k = len > 0 ? len - 1 : 0; /* truncated to the buffer */
			if (len > 0)
				memcpy(buf, dig, k);
		}
		if (len > 0)
			buf[k] = '\0';
		return k;
	}
	if (a > 9007199254740992.0 && a < 1e21) {
		/* every double from 2^53 up is whole: below 1e21 its digits too
		 * (its exact value; as JavaScript prints numbers), so a count of
		 * bits never switches to e-notation at 2^53 */
		return clamped(snprintf(buf, len, "%.0f", v), len);
	}
	if (len >= 32)
		return shortest_double(buf, v);
	char tmp[32];
	size_t n = shortest_double(tmp, v);
	if (n >= len)
		n = len - 1; /* truncated to the buffer */
	memcpy(buf, tmp, n);
	buf[n] = '\0';
	return n;
}


size_t format_probability(char *buf, size_t len, double value, bercl_lnprob ln)
{
	if (value >= DBL_MIN || ln.hi == -INFINITY) /* -inf: exactly 0 (binomial E = N) */
		return format_double(buf, len, value);
	double m;
	long long e;
	if (bercl_lnprob_decimal(ln, &m, &e) == 0) {
		char mb[32], eb[24];
		format_double(mb, sizeof mb, m);
		format_double(eb, sizeof eb, (double)e); /* |e| < 1e15: exact */
		char tmp[64];
		size_t nm = strlen(mb), ne = strlen(eb);
		memcpy(tmp, mb, nm);
		tmp[nm] = 'e';
		memcpy(tmp + nm + 1, eb, ne + 1);
		if (len == 0)
			return 0;
		size_t n = nm + 1 + ne < len ? nm + 1 + ne : len - 1;
		memcpy(buf, tmp, n);
		buf[n] = '\0';
		return n;
	}
	/* Beyond 1e15 decades only the power of ten is known: 10^x. */
	char xb[32];
	format_double(xb, sizeof xb, m);
	return clamped(snprintf(buf, len, "10^%s", xb), len);
}

