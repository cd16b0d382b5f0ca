/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * shortest.c - fast shortest round-trip formatting of doubles.
 *
 * For n = 15, 16, 17 significant digits: D = round(v * 10^(n-1-E)),
 * E = floor(log10 v). One product of v's 53-bit significand m with a
 * 128-bit significand of 10^(16-E) (tools/gen_pow10.py: exact integers)
 * gives p17 = v 10^(16-E) in fixed point, its integer part D17' and 64
 * fractional bits, to within 2^-58 (ERR units of 2^-64); D for 17, 16 and
 * 15 digits and their rounding distances follow from D17' and the fraction
 * by integer division by 1, 10 and 100. The candidate D 10^(E-n+1) is
 * accepted when it lies inside v's rounding interval, that is when the
 * rounding distance |D - v 10^(n-1-E)| is below half of v's gap to its
 * neighbour times 10^(n-1-E) (p17 / (2m) on the 17-digit scale, p17 / (4m)
 * below a power of two): then strtod gives back v. 17 digits always do.
 * All of it in integers, so a decision is only in doubt when a quantity
 * lies within its error bound of the threshold (an exact tie, or a
 * candidate on the interval's edge, where strtod's round-half-even
 * decides); those cases and subnormals take the slow path of
 * snprintf("%.*g") checked with strtod (zero, infinities and NaN are
 * printf's %.17g). The digits are placed as printf's %g: exponent form when
 * E < -4 or E >= n, trailing zeros removed. It gives the digits of the
 * double-double product it replaced (1e8 doubles of make check's kinds,
 * byte for byte), in integer arithmetic, which costs less.
 *
 * References: G. L. Steele, J. L. White, "How to print floating-point
 * numbers accurately", PLDI 1990 (the round-trip criterion); U. Adams,
 * "Ryu: fast float-to-string conversion", PLDI 2018 (a double times a
 * 128-bit power of ten in fixed point, the exponent's estimate).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pow10.inc"
#include "shortest.h"

/*
 * 128-bit unsigned arithmetic in two 64-bit limbs: by the compiler's
 * unsigned __int128 where it has one (x86-64, arm64, WebAssembly's
 * clang), else (or with -DBERCL_NO_INT128: tests/test_shortest_limbs) by
 * 32-bit halves, so that every target runs the same algorithm on the same
 * integers.
 */
typedef struct {
	uint64_t hi, lo;
} u128;

#if defined(__SIZEOF_INT128__) && !defined(BERCL_NO_INT128)
#define HAVE_NATIVE_U128 1
__extension__ typedef unsigned __int128 native_u128;
#endif

/* a b exactly */
static inline u128 mul64(uint64_t a, uint64_t b)
{
#ifdef HAVE_NATIVE_U128
	native_u128 p = (native_u128)a * b;
	return (u128){(uint64_t)(p >> 64), (uint64_t)p};
#else
	uint64_t al = a & 0xffffffffULL, ah = a >> 32, bl = b & 0xffffffffULL, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffULL) + (hl & 0xffffffffULL);
	return (u128){hh + (lh >> 32) + (hl >> 32) + (mid >> 32), (mid << 32) | (ll & 0xffffffffULL)};
#endif
}

static inline u128 add128(u128 a, u128 b)
{
	uint64_t lo = a.lo + b.lo;
	return (u128){a.hi + b.hi + (lo < a.lo), lo};
}

static inline u128 sub128(u128 a, u128 b) /* a >= b */
{
	return (u128){a.hi - b.hi - (a.lo < b.lo), a.lo - b.lo};
}

static inline int less128(u128 a, u128 b)
{
	return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/* |a - b| <= m */
static inline int near128(u128 a, u128 b, u128 m)
{
	return !less128(m, less128(a, b) ? sub128(b, a) : sub128(a, b));
}

/* a k for a < 2^72, k < 2^56 (the product is below 2^128) */
static inline u128 mul128_small(u128 a, uint64_t k)
{
	u128 p = mul64(a.lo, k);
	p.hi += a.hi * k;
	return p;
}

/*
 * The error bound, in units of 2^-64 of p17 = v 10^s, of the fixed-point
 * p17 below: the table's rounding (half a unit of T, times m < 2^53, is
 * under 2^-11 of a unit of P >> 64), the truncation of P to P >> 64 (under
 * one unit), both shifted left by at most 5 bits (64 - sh): under 33. A
 * decision whose quantities lie within its margin (from ERR) of the
 * threshold is in doubt and goes to the slow path.
 */
#define ERR 64ULL

static size_t slow_path(char *buf, double v)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return strlen(buf);
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
static size_t place_digits(char *buf, int64_t d, int n, int e10)
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
 * E = floor(log10 v) for v in [DBL_MIN, DBL_MAX]. v in [2^(e2-1), 2^e2)
 * puts log10 v in [(e2-1) log10 2, e2 log10 2), so the estimate is E or
 * E - 1 (or E + 1 by the rounding of the product): settled against the
 * table's nearest doubles. That is floor(log10 v) except where v is the
 * double nearest 10^k and lies below it (1e23): then E is one too high
 * and p17 falls just under 1e16, which does no harm, since the 15-digit
 * candidate is 10^k itself (or, at an exact tie, the slow path's).
 */
static int decimal_exponent(double v)
{
	uint64_t vb;
	memcpy(&vb, &v, sizeof vb);
	int e2 = (int)((vb >> 52) & 0x7ff) - 1022;
	/* floor by truncation of a positive number (one conversion) */
	int e10 = (int)((e2 - 1) * 0.30102999566398120 + 1100.0) - 1100;
	if (v < POW10[e10 - POW10_MIN].near)
		e10--;
	else if (v >= POW10[e10 + 1 - POW10_MIN].near)
		e10++;
	return e10;
}

/* 10^n for n = 15, 16, 17 */
static const int64_t TEN_N[3] = {1000000000000000LL, 10000000000000000LL, 100000000000000000LL};

/*
 * n = 15, 16 or 17 digits from p17 = xi + f 2^-64 (xi whole, f the
 * fraction): p_n = p17 / s, s = 10^(17 - n), is q + w / (s 2^64) with q and
 * r xi's quotient and remainder by s and w = r 2^64 + f; p_n rounds up when
 * w >= s 2^63, and the candidate's distance from p17 (on the 17-digit scale,
 * units 2^-64) is w or s 2^64 - w. It reads back when that distance times
 * 2m (4m below a power of two: at DBL_MIN, whose lower gap is not halved,
 * that is stricter than needed, and its 15- and 16-digit candidates lie
 * far outside either way) is under p17 2^64 = xi 2^64 + f (check 0:
 * not asked, 17 digits always read back). Returns the placed digits' length, 0 if
 * n digits do not read back, or -1 if too close to call.
 */
static long try_length(char *buf, int n, uint64_t xi, uint64_t f, int e10, uint64_t m, int pow2,
                       int check)
{
	/* by constants, so that the compiler multiplies */
	uint64_t s = n == 15 ? 100 : n == 16 ? 10 : 1;
	uint64_t q = n == 15 ? xi / 100 : n == 16 ? xi / 10 : xi;
	u128 w = {xi - q * s, f}, half = {s >> 1, (s & 1) ? 1ULL << 63 : 0};
	if (near128(w, half, (u128){0, ERR}))
		return -1; /* a tie, or too near one */
	int up = !less128(w, half);
	if (check) {
		u128 dist = up ? sub128((u128){s, 0}, w) : w;
		u128 lhs = mul128_small(dist, (up || !pow2) ? 2 * m : 4 * m), p = {xi, f};
		/* dist's error ERR times 4m < 2^55, and p's own: within 2^62 */
		if (near128(lhs, p, (u128){0, 1ULL << 62}))
			return -1;
		if (!less128(lhs, p))
			return 0;
	}
	int64_t d = (int64_t)(q + (uint64_t)up);
	int e = e10;
	if (d >= TEN_N[n - 15]) { /* rounded up to 10^n */
		d /= 10;
		e++;
	}
	return (long)place_digits(buf, d, n, e);
}

size_t shortest_double(char *buf, double v)
{
	size_t k = 0;
	if (v < 0) {
		buf[k++] = '-';
		v = -v;
	}
	if (!(v >= DBL_MIN && v <= DBL_MAX)) /* zero, subnormal, infinite, NaN */
		return v == 0 || !isfinite(v) ? (size_t)snprintf(buf, 32, "%.17g", k ? -v : v)
		                             : k + slow_path(buf + k, v);
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	uint64_t m = (bits & 0xfffffffffffffULL) | (1ULL << 52);
	int q2 = (int)(bits >> 52) - 1075; /* v = m 2^q2 */
	int pow2 = m == 1ULL << 52;
	int e10 = decimal_exponent(v);
	/* p17 = v 10^(16 - E) = m T 2^(q2 + b): P = m T (< 2^181), P >> 64
	 * (< 2^117) has sh = -(q2 + b + 64) fractional bits, 59..63 since p17
	 * is in [1e16, 1e17); shifted left by 64 - sh it is xi 2^64 + f */
	const struct pow10_row *t = &POW10[16 - e10 - POW10_MIN];
	u128 ph = mul64(m, t->hi), pl = mul64(m, t->lo);
	u128 p = add128(ph, (u128){0, pl.hi});
	int sh = -(q2 + t->exp2 + 64);
	if (sh < 59 || sh > 63) /* not reached: p17's range fixes sh */
		return k + slow_path(buf + k, v);
	int l = 64 - sh;
	uint64_t xi = (p.hi << l) | (p.lo >> (64 - l)), f = p.lo << l;
	for (int n = 15; n <= 17; n++) {
		long len = try_length(buf + k, n, xi, f, e10, m, pow2, n < 17);
		if (len < 0)
			return k + slow_path(buf + k, v);
		if (len > 0)
			return k + (size_t)len;
	}
	return k + slow_path(buf + k, v); /* not reached */
}

/* ---- float32 and float16: the decimal numpy prints for them ---- */

/* Does the decimal text read back as the float v (strtof: one rounding)? */
static int reads_as_float(const char *text, double v)
{
	return strtof(text, NULL) == (float)v;
}

double half_to_double(uint16_t h)
{
	int e = (h >> 10) & 31, m = h & 1023;
	double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
	return h >> 15 ? -v : v;
}

/*
 * Does the decimal text read back as the float16 v (positive, finite,
 * nonzero)? x = strtod(text) lies in v's rounding interval: strictly
 * between the midpoints to its neighbours, or on one with v's last bit 0
 * (ties to even); the midpoints are exact doubles (a float16 has 11
 * bits), and so is x for the short decimals tried here unless it is far
 * from every midpoint (within 2^-53 relative of x). Above the largest
 * float16, 65504, the next step would be 65536 (65520 and up round to
 * infinity).
 */
static int reads_as_half(const char *text, double v)
{
	double x = strtod(text, NULL);
	int e;
	double f = frexp(v, &e); /* v = f 2^e, f in [0.5, 1) */
	int ex = e < -13 ? -13 : e; /* subnormals: a fixed step of 2^-24 */
	double up = ldexp(1.0, ex - 11), down = f == 0.5 && e > -13 ? up / 2 : up;
	double lo = v - down / 2, hi = v + up / 2;
	int even = fmod(v / up, 2.0) == 0;
	return (x > lo && x < hi) || (even && (x == lo || x == hi));
}

/*
 * The shortest decimal of 1 to maxp significant digits that reads back as
 * v (reads(text, v)), in printf's "%.*e" form: for each length the
 * correctly rounded one, and, where that one does not read back, the next
 * decimal above it (at a power of two the interval below v is half the
 * one above, so the nearest decimal may fall outside while its upper
 * neighbour does not).
 */
static size_t shortest_narrow(char *buf, double v, int maxp,
                              int (*reads)(const char *text, double v))
{
	size_t k = 0;
	if (v < 0) {
		buf[k++] = '-';
		v = -v;
	}
	if (!(v > 0 && isfinite(v)))
		return (size_t)snprintf(buf, 32, "%.17g", k ? -v : v);
	for (int p = 1; p <= maxp; p++) {
		int n = snprintf(buf + k, 32 - k, "%.*e", p - 1, v);
		if (reads(buf + k, v))
			return k + (size_t)n;
		/* the digits as a whole number M and exponent: try (M + 1) 10^E */
		char *ep = strchr(buf + k, 'e');
		long exp10 = strtol(ep + 1, NULL, 10);
		uint64_t m = 0;
		for (const char *c = buf + k; c < ep; c++)
			if (*c >= '0' && *c <= '9')
				m = m * 10 + (uint64_t)(*c - '0');
		char up[40];
		snprintf(up, sizeof up, "%llue%ld", (unsigned long long)(m + 1), exp10 - (p - 1));
		if (strtod(up, NULL) > v && reads(up, v)) {
			n = snprintf(buf + k, 32 - k, "%s", up);
			return k + (size_t)n;
		}
	}
	return k + (size_t)snprintf(buf + k, 32 - k, "%.*e", maxp + 8, v); /* not reached */
}

size_t shortest_float(char *buf, float v)
{
	return shortest_narrow(buf, (double)v, 9, reads_as_float);
}

size_t shortest_half(char *buf, uint16_t h)
{
	return shortest_narrow(buf, half_to_double(h), 5, reads_as_half);
}
