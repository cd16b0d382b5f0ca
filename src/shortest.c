/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * shortest.c - fast shortest round-trip formatting of doubles.
 *
 * For n = 15, 16, 17 significant digits: D = round(v * 10^(n-1-E)),
 * E = floor(log10 v). One double-double product with a table of
 * double-double powers of ten (tools/gen_pow10.py) gives v * 10^(16-E) and
 * D for n = 17; D for 15 and 16 digits and their rounding distances follow
 * from D17's last two digits and the product's fraction. The candidate
 * D * 10^(E-n+1) is accepted when it lies inside v's rounding interval,
 * that is when the rounding distance |D - v 10^(n-1-E)| is below half of
 * v's gap to its neighbour times 10^(n-1-E): then strtod would give back
 * v. 17 digits always do.
 * Double-double carries ~106 bits, so a decision is only in doubt when a
 * rounding lands within ~1e-9 of a tie or of the interval's edge; those
 * cases, and values outside [DBL_MIN, 1e290] (subnormal, or too large for
 * the table), take the slow path of
 * snprintf("%.*g") checked with strtod. The layout follows printf's %g:
 * exponent form when E < -4 or E >= n, trailing zeros removed.
 *
 * References: G. L. Steele, J. L. White, "How to print floating-point
 * numbers accurately", PLDI 1990 (the round-trip criterion); D. M. Priest,
 * "Algorithms for arbitrary precision floating point arithmetic", 1991
 * (double-double).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dd.h"
#include "pow10.inc"
#include "shortest.h"

#define TIE_MARGIN 1e-9

static dd pow10_dd(int k)
{
	return dd_make(POW10[k - POW10_MIN][0], POW10[k - POW10_MIN][1]);
}

static size_t slow_path(char *buf, double v)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return strlen(buf);
}

/*
 * round(x) for a double-double x in [0, 2^62); *dist receives |x - round(x)|
 * (exact to ~1e-32 relative of x); sets *doubt when x is within TIE_MARGIN
 * of a half-integer.
 */
static int64_t round_dd(dd x, int *doubt, double *dist, int *down)
{
	int64_t n = (int64_t)x.hi; /* floor: x.hi >= 0 (a conversion, not a libm call) */
	double fh = (double)n;
	double frac = (x.hi - fh) + x.lo; /* exact: x.hi - fh is exact */
	int64_t f = (int64_t)frac;    /* |frac| < 16: truncation, then floor */
	if ((double)f > frac)
		f--;
	double fl = (double)f;
	n += f;
	frac -= fl;
	if (fabs(frac - 0.5) < TIE_MARGIN)
		*doubt = 1;
	*down = frac < 0.5; /* the candidate lies below x */
	*dist = frac < 0.5 ? frac : 1.0 - frac;
	return frac >= 0.5 ? n + 1 : n;
}

/*
 * 1 if the candidate round(x) * 10^-s, x = v 10^s, reads back to v, 0 if
 * not, -1 if too close to call: it does when |round(x) - x| is below half
 * the gap from v to its neighbour on that side, scaled by 10^s (the gap
 * below a power of two is half the gap above).
 */
static int reads_back(double dist, int down, double v, double p)
{
	/* v = m 2^ex, m in [1/2, 1) (v normal), by its bits: half the gap
	 * above v is 2^(ex - 54), so scaled by 10^s it is p 2^-54 / m with
	 * p = v 10^s; below a power of two (m = 1/2) the gap halves */
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	int power_of_two = (bits & 0xfffffffffffffULL) == 0;
	bits = (bits & 0x800fffffffffffffULL) | 0x3fe0000000000000ULL;
	double m;
	memcpy(&m, &bits, sizeof m);
	/* dist against half = p 2^-54 / m as dist m against p 2^-54: no
	 * division (a rounding apart, inside the margins either way) */
	double dm = dist * m, half = p * 0x1p-54;
	if (down && power_of_two)
		half *= 0.5;
	if (dm < half * (1 - TIE_MARGIN))
		return 1;
	if (dm > half * (1 + TIE_MARGIN))
		return 0;
	return -1;
}

/* "00" to "99": two digits per division */
static const char PAIRS[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* The 8 digits of x < 10^8, leading zeros included. */
static void digits8(char *out, uint32_t x)
{
	uint32_t a = x / 10000, b = x % 10000;
	memcpy(out, PAIRS + 2 * (a / 100), 2);
	memcpy(out + 2, PAIRS + 2 * (a % 100), 2);
	memcpy(out + 4, PAIRS + 2 * (b / 100), 2);
	memcpy(out + 6, PAIRS + 2 * (b % 100), 2);
}

void digits17(char *out, uint64_t d)
{
	/* in 32-bit parts below 10^8 (cheaper than 64-bit division by 10),
	 * two digits per division */
	uint64_t t = d / 100000000;
	out[0] = (char)('0' + t / 100000000);
	digits8(out + 1, (uint32_t)(t % 100000000));
	digits8(out + 9, (uint32_t)(d % 100000000));
}

size_t whole_digits(char *out, uint64_t u)
{
	static const uint64_t TEN[20] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL,
		100000000ULL, 1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL,
		10000000000000ULL, 100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
		100000000000000000ULL, 1000000000000000000ULL, 10000000000000000000ULL};
	/* the digit count from the bit length (log10 2 ~ 1233 / 4096), then
	 * the digits from the last one up, two per division (by a constant:
	 * the compiler multiplies), in place: no copy of a variable length */
	int t = ((64 - __builtin_clzll(u | 1)) * 1233) >> 12;
	size_t n = (size_t)(t + ((u | 1) >= TEN[t]));
	char *p = out + n;
	while (u >= 100) {
		uint64_t q = u / 100;
		p -= 2;
		memcpy(p, PAIRS + 2 * (u - 100 * q), 2);
		u = q;
	}
	if (u >= 10)
		memcpy(p - 2, PAIRS + 2 * u, 2);
	else
		p[-1] = (char)('0' + u);
	return n;
}

/*
 * Lay out n digits of d (as printf's %.ng would) with decimal exponent e10:
 * at most 24 bytes with the NUL. Digits are moved 8 or 16 at a time (more
 * than needed; the count kept is right), not one by one.
 */
static size_t layout(char *buf, int64_t d, int n, int e10)
{
	char d17[17 + 16] = {0}; /* 16 bytes to read past the last digit */
	digits17(d17, (uint64_t)d);
	const char *dig = d17 + 17 - n; /* d < 10^n: the leading 17 - n are zeros */
	int nd = n;
	while (nd > 1 && dig[nd - 1] == '0')
		nd--;
	size_t k;
	if (e10 < -4 || e10 >= n) { /* d.ddde-XX */
		buf[0] = dig[0];
		buf[1] = '.';
		memcpy(buf + 2, dig + 1, 16);
		k = nd > 1 ? (size_t)nd + 1 : 1;
		buf[k++] = 'e';
		buf[k++] = e10 < 0 ? '-' : '+';
		int ae = abs(e10);
		if (ae >= 100)
			buf[k++] = (char)('0' + ae / 100);
		memcpy(buf + k, PAIRS + 2 * (ae % 100), 2);
		k += 2;
	} else if (e10 < 0) { /* 0.000ddd */
		memcpy(buf, "0.000", 5);
		k = (size_t)(1 - e10);
		memcpy(buf + k, dig, 16);
		memcpy(buf + k + 16, dig + 16, 1);
		k += (size_t)nd;
	} else { /* ddd.ddd: the digits past nd are zeros */
		memcpy(buf, dig, 16);
		memcpy(buf + 16, dig + 16, 1);
		k = (size_t)e10 + 1;
		int frac = nd - e10 - 1;
		if (frac > 0) {
			buf[k++] = '.';
			memcpy(buf + k, dig + e10 + 1, 8);
			if (frac > 8)
				memcpy(buf + k + 8, dig + e10 + 9, 8);
			k += (size_t)frac;
		}
	}
	buf[k] = '\0';
	return k;
}

/*
 * E = floor(log10 v) for v in [DBL_MIN, 1e290]. v in [2^(e2-1), 2^e2)
 * puts log10 v in [(e2-1) log10 2, e2 log10 2), so the estimate is E or
 * E - 1 (or E + 1 by the rounding of the product): settled by the table.
 */
static int decimal_exponent(double v)
{
	uint64_t vb;
	memcpy(&vb, &v, sizeof vb);
	int e2 = (int)((vb >> 52) & 0x7ff) - 1022;
	/* floor by truncation of a positive number (one conversion) */
	int e10 = (int)((e2 - 1) * 0.30102999566398120 + 1100.0) - 1100;
	if (v < POW10[e10 - POW10_MIN][0])
		e10--;
	else if (e10 + 1 <= POW10_MAX && v >= POW10[e10 + 1 - POW10_MIN][0])
		e10++;
	return e10;
}

/*
 * n = 15 or 16 digits from D17 (d17) and g = p17 - D17: p_n = p17 / s
 * (s = 10^(17 - n)) = q + t / s, where q and r are D17's quotient and
 * remainder by s, exact integers, and t = r + g; the rounding of p_n
 * follows from t against s / 2, and its distance (times s, as the half gap
 * is compared: reads_back with p17) from t, whose double error (~1e-14 of
 * s) is far inside TIE_MARGIN. Returns the layout's length, 0 if n digits
 * do not read back, or -1 if too close to call.
 */
static long try_length(char *buf, int n, int64_t d17, double g, int e10, double v, double p17)
{
	/* by constants, so that the compiler multiplies */
	int64_t s = n == 15 ? 100 : 10, q = n == 15 ? d17 / 100 : d17 / 10;
	double t = (double)(d17 - q * s) + g, hs = 0.5 * (double)s; /* t in [-1/2, s - 1/2) */
	if (fabs(t - hs) < TIE_MARGIN * (double)s)
		return -1;
	int64_t d = q;
	int e = e10, below = t >= 0; /* the candidate lies below p_n */
	double ds = fabs(t);         /* |p_n - d| s */
	if (t >= hs) {
		d = q + 1;
		ds = (double)s - t;
		below = 0;
	}
	if (d >= (int64_t)POW10[n - POW10_MIN][0]) { /* rounded up to 10^n */
		d /= 10;
		e++;
	}
	int ok = reads_back(ds, below, v, p17);
	if (ok <= 0)
		return ok;
	return (long)layout(buf, d, n, e);
}

size_t shortest_double(char *buf, double v)
{
	if (v == 0 || !isfinite(v))
		return (size_t)snprintf(buf, 32, "%.17g", v);
	size_t k = 0;
	if (v < 0) {
		buf[k++] = '-';
		v = -v;
	}
	if (v < DBL_MIN || v > 1e290)
		return k + slow_path(buf + k, v);
	/* below 1e-270, v 10^300 first (in double-double), so that no power
	 * of ten used leaves the double range */
	int pre = v < 1e-270 ? 300 : 0;
	int e10 = decimal_exponent(v);
	dd ve = pre ? dd_mul(dd_from(v), pow10_dd(pre)) : dd_from(v);
	/*
	 * One product for all three lengths: p17 = v 10^(16 - E) = D17 + g, with
	 * D17 = round(p17) and g (|g| <= 1/2) from the double-double product;
	 * 15 and 16 digits follow from it (try_length). A product per length
	 * cost ~15 % more per CL-like value. D17 in doubt (p17 near a
	 * half-integer) matters only if 17 digits are needed.
	 */
	int doubt = 0, down;
	double dist;
	dd p17 = dd_mul(ve, pow10_dd(16 - e10 - pre));
	int64_t d17 = round_dd(p17, &doubt, &dist, &down);
	double g = down ? dist : -dist; /* p17 - D17 */
	for (int n = 15; n <= 16; n++) {
		long m = try_length(buf + k, n, d17, g, e10, v, p17.hi);
		if (m < 0)
			return k + slow_path(buf + k, v);
		if (m > 0)
			return k + (size_t)m;
	}
	if (doubt)
		return k + slow_path(buf + k, v);
	if (d17 >= (int64_t)POW10[17 - POW10_MIN][0]) { /* rounded up to 10^17 */
		d17 /= 10;
		e10++;
	}
	return k + layout(buf + k, d17, 17, e10); /* 17 digits always read back */
}
