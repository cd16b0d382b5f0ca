/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * x87soft.h - the x87 80-bit long double's arithmetic in software: a
 * 64-bit significand, round to nearest with ties to even, after every
 * operation, as an x86-64 processor gives it (precision control at 64
 * bits, Linux's default). lib/wide.h takes it as the wide type of the
 * WebAssembly page (BERCL_WIDE_X87), so that the page computes every wide
 * value, and so prints every double, as the native x86-64 program does.
 * Internal to the library, never installed.
 *
 * A value is (-1)^s m 2^e with m normalized (bit 63 set) or m = 0 (zero).
 * The exponent is an int: the library keeps its wide values between 2^-1000
 * and 2^60 (wide.h), far inside the x87 exponent range, so that neither
 * the x87's overflow nor its denormals are reached, and none is modelled.
 * Each operation is the exact result rounded once to 64 bits:
 *   add, sub: the smaller operand shifted into a 128-bit window with the
 *     bits shifted out kept as a sticky bit (a difference that cancels
 *     more than one bit has no bits shifted out, and so is exact before
 *     its rounding);
 *   mul: the 128-bit product;
 *   div: the 64- or 65-bit quotient of m_a 2^64 / m_b, one more quotient
 *     bit from the remainder where it has 64, the rest as a sticky bit;
 *   sqrt: the 64-bit integer square root of a 128-bit significand and
 *     the rounding decided exactly (N > s^2 + s);
 *   to double: rounded to 53 bits (fewer below the normal range), ties to
 *     even.
 * tests/test_dd.c's test_x87soft compares every operation with the
 * processor's long double on x86-64 (random operands, bit for bit).
 * Needs unsigned __int128 (GCC, Clang, Emscripten).
 */
#ifndef BERCL_X87SOFT_H
#define BERCL_X87SOFT_H

#include <math.h>
#include <stdint.h>
#include <string.h>

__extension__ typedef unsigned __int128 x87_u128;

typedef struct {
	uint64_t m; /* normalized, or 0 */
	int32_t e;  /* value = m 2^e */
	int32_t s;  /* sign: 1 negative */
} x87;

static inline int x87_clz64(uint64_t v)
{
	return __builtin_clzll(v);
}

/* (m 2^e), m a 128-bit value with guard bits, rounded to 64 bits (ties to
 * even); sticky: nonzero bits below m's */
static inline x87 x87_round(int s, x87_u128 m, int32_t e, int sticky)
{
	x87 r = {0, 0, s};
	if (m == 0)
		return r;
	int hi = (uint64_t)(m >> 64) ? 127 - x87_clz64((uint64_t)(m >> 64)) : 63 - x87_clz64((uint64_t)m);
	if (hi < 63) { /* fewer than 64 bits: exact, shift up */
		r.m = (uint64_t)m << (63 - hi);
		r.e = e - (63 - hi);
		return r;
	}
	int sh = hi - 63; /* bits below the 64 kept; the callers leave at least
	                   * one whenever sticky is set */
	uint64_t q = (uint64_t)(m >> sh);
	if (sh > 0) {
		x87_u128 rest = m & (((x87_u128)1 << sh) - 1);
		x87_u128 half = (x87_u128)1 << (sh - 1);
		if (rest > half || (rest == half && (sticky || (q & 1))))
			q++;
	}
	r.e = e + sh;
	if (q == 0) { /* carried out of 64 bits */
		q = UINT64_C(1) << 63;
		r.e++;
	}
	r.m = q;
	return r;
}

static inline x87 x87_from_d(double x)
{
	x87 r = {0, 0, 0};
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	r.s = (int32_t)(u >> 63);
	int be = (int)((u >> 52) & 0x7ff);
	uint64_t f = u & 0x000fffffffffffffULL;
	if (be == 0) {
		if (f == 0)
			return r;
		int lz = x87_clz64(f);
		r.m = f << lz;
		r.e = -1074 - lz;
		return r;
	}
	f |= UINT64_C(1) << 52;
	r.m = f << 11;
	r.e = be - 1075 - 11;
	return r;
}

static inline x87 x87_from_i64(int64_t v)
{
	x87 r = {0, 0, v < 0};
	uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	if (a == 0)
		return r;
	int lz = x87_clz64(a);
	r.m = a << lz;
	r.e = -lz;
	return r;
}

static inline double x87_to_d(x87 x)
{
	if (x.m == 0)
		return x.s ? -0.0 : 0.0;
	int32_t top = x.e + 63; /* 2^top <= |x| < 2^(top + 1) */
	int sh = 11;
	if (top < -1022)
		sh += -1022 - top;
	double v;
	if (sh >= 64) { /* below 2^-1074: 2^-1074 only above half of it */
		v = sh == 64 && x.m > UINT64_C(1) << 63 ? 0x1p-1074 : 0.0;
	} else {
		uint64_t q = x.m >> sh, rest = x.m & ((UINT64_C(1) << sh) - 1);
		uint64_t half = UINT64_C(1) << (sh - 1);
		if (rest > half || (rest == half && (q & 1)))
			q++;
		v = ldexp((double)q, x.e + sh);
	}
	return x.s ? -v : v;
}

static inline x87 x87_neg(x87 a)
{
	a.s = !a.s;
	return a;
}

static inline x87 x87_add(x87 a, x87 b)
{
	if (a.m == 0)
		return b.m == 0 ? (x87){0, 0, a.s & b.s} : b;
	if (b.m == 0)
		return a;
	/* a the larger magnitude */
	if (b.e > a.e || (b.e == a.e && b.m > a.m)) {
		x87 t = a;
		a = b;
		b = t;
	}
	int32_t d = a.e - b.e;
	x87_u128 ma = (x87_u128)a.m << 63, mb = (x87_u128)b.m << 63;
	int sticky = 0;
	if (d >= 127) {
		sticky = 1;
		mb = 0;
	} else if (d > 0) {
		sticky = (mb & (((x87_u128)1 << d) - 1)) != 0;
		mb >>= d;
	}
	if (a.s == b.s) {
		return x87_round(a.s, ma + mb, a.e - 63, sticky);
	}
	/* a - b: the sticky bits lower the difference below ma - mb */
	x87_u128 diff = ma - mb;
	if (sticky) {
		diff -= 1; /* the exact value lies strictly between diff - 1 and diff */
		return x87_round(a.s, (diff << 1) | 1, a.e - 64, 0);
	}
	if (diff == 0)
		return (x87){0, 0, 0};
	return x87_round(a.s, diff, a.e - 63, 0);
}

static inline x87 x87_sub(x87 a, x87 b)
{
	return x87_add(a, x87_neg(b));
}

static inline x87 x87_mul(x87 a, x87 b)
{
	int s = a.s ^ b.s;
	if (a.m == 0 || b.m == 0)
		return (x87){0, 0, s};
	return x87_round(s, (x87_u128)a.m * b.m, a.e + b.e, 0);
}

static inline x87 x87_div(x87 a, x87 b)
{
	int s = a.s ^ b.s;
	if (b.m == 0) /* the library never divides by 0; as an x87, a value
	               * whose double is infinite */
		return (x87){UINT64_C(1) << 63, 1 << 20, s};
	if (a.m == 0)
		return (x87){0, 0, s};
	x87_u128 n = (x87_u128)a.m << 64;
	x87_u128 q = n / b.m, r = n % b.m;
	int32_t e = a.e - b.e - 64;
	if (!(q >> 64)) { /* 64 bits: one more quotient bit */
		r <<= 1;
		q <<= 1;
		if (r >= b.m) {
			q |= 1;
			r -= b.m;
		}
		e--;
	}
	return x87_round(s, q, e, r != 0);
}

static inline x87 x87_sqrt(x87 a)
{
	if (a.m == 0)
		return a;
	/* a = N 2^(e - k), N = m 2^k with e - k even and N of 127 or 128 bits */
	int k = 64;
	if ((a.e - k) & 1)
		k = 63;
	x87_u128 n = (x87_u128)a.m << k;
	/* 64-bit integer square root, bit by bit */
	uint64_t s = 0;
	x87_u128 rem = 0;
	for (int i = 63; i >= 0; i--) {
		rem = (rem << 2) | (uint64_t)((n >> (2 * i)) & 3);
		x87_u128 t = ((x87_u128)s << 2) | 1;
		s <<= 1;
		if (rem >= t) {
			rem -= t;
			s |= 1;
		}
	}
	/* n = s^2 + rem; round up iff n > s^2 + s */
	int32_t e = (a.e - k) / 2;
	x87 r = {s, e, 0};
	if (rem > s) {
		if (s == UINT64_MAX) {
			r.m = UINT64_C(1) << 63;
			r.e = e + 1;
		} else {
			r.m = s + 1;
		}
	}
	return r;
}

#endif
