/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * parse.c - numbers, SI suffixes, units and probabilities, exactly as the
 * man page's NUMBERS section describes them.
 *
 * Every number is first checked to have the C locale's shape (digits, one
 * '.', an optional exponent) and copied into a buffer, then converted with
 * strtod(); bercl never calls setlocale(), so strtod reads '.' whatever the
 * environment's LC_NUMERIC says.
 */
#include <ctype.h>
#include <float.h>
#include <stdio.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dd.h"
#include "parse.h"
#include "shortest.h"
#include "xmath.h"

#define MAX_NUMBER 64

/* '0' to '9' (isdigit's table lookup, in the C locale the same, cost more) */
static inline int is_digit(char c)
{
	return (unsigned char)(c - '0') < 10;
}

/* "e-12" at p: its value in *exp10 (held below 1e5), and the end; p if none. */
static const char *scan_exponent(const char *p, long *exp10)
{
	if (*p != 'e' && *p != 'E')
		return p;
	const char *q = p + 1;
	int eneg = 0;
	if (*q == '+' || *q == '-')
		eneg = *q++ == '-';
	if (!is_digit(*q))
		return p;
	long e = 0;
	for (; is_digit(*q); q++)
		if (e < 100000)
			e = e * 10 + (*q - '0');
	*exp10 = eneg ? -e : e;
	return q;
}

/*
 * Scan a decimal number at s: [+]digits[.digits][(e|E)[+-]digits]. Sets *end
 * past it and returns its value, or returns NAN with *end = s if there is no
 * number. An exponent letter not followed by digits is left unread (so "3E"
 * is 3 with the suffix E).
 */
static double scan_number(const char *s, const char **end)
{
	static const double exact_pow10[23] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
	};
	const char *p = s;
	char buf[MAX_NUMBER];
	int digits = 0, sig = 0, scale = 0, negative = 0;
	uint64_t m = 0;
	if (*p == '+' || *p == '-')
		negative = *p++ == '-';
	for (; is_digit(*p); p++, digits++)
		if (sig < 19 && (m || *p != '0')) {
			m = m * 10 + (uint64_t)(*p - '0');
			sig++;
		} else if (m) {
			scale++; /* a digit beyond 19: the fast path is off */
			sig = 99;
		}
	if (*p == '.') {
		for (p++; is_digit(*p); p++, digits++)
			if (sig < 19 && (m || *p != '0')) {
				m = m * 10 + (uint64_t)(*p - '0');
				sig++;
				scale--;
			} else if (!m) {
				scale--;
			} else {
				sig = 99;
			}
	}
	if (digits == 0) {
		*end = s;
		return NAN;
	}
	long exp10 = 0;
	p = scan_exponent(p, &exp10);
	/*
	 * Clinger's fast path: a mantissa below 2^53 and a power of ten up to
	 * 1e22 are both exact doubles, so one multiplication or division rounds
	 * correctly. Anything else goes to strtod.
	 */
	long e = exp10 + scale;
	if (sig <= 19 && m <= (1ULL << 53) && e >= -22 && e <= 22) {
		double v = e >= 0 ? (double)m * exact_pow10[e] : (double)m / exact_pow10[-e];
		*end = p;
		return negative ? -v : v;
	}
	size_t n = (size_t)(p - s);
	if (n >= sizeof buf) {
		*end = s;
		return NAN;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	double v = strtod(buf, NULL);
	*end = p;
	return v;
}

/* Does the number s..end have a nonzero digit before its exponent? */
static int nonzero_mantissa(const char *s, const char *end)
{
	for (; s < end && *s != 'e' && *s != 'E'; s++)
		if (*s >= '1' && *s <= '9')
			return 1;
	return 0;
}

/* v scanned from s..end: finite, and not a nonzero number that underflowed to 0 */
static const char *finish_scanned(double v, const char *s, const char *end, double *out)
{
	if (v == 0 && nonzero_mantissa(s, end))
		return "is below the smallest double, 4.9e-324 (it would be read as 0)";
	if (!isfinite(v))
		return "out of range";
	*out = v;
	return NULL;
}

static const char *finish(double v, double *out)
{
	if (!isfinite(v))
		return "out of range";
	*out = v;
	return NULL;
}

const char *parse_real(const char *s, double *out)
{
	const char *end;
	double v = scan_number(s, &end);
	if (end == s)
		return "not a number";
	if (*end)
		return "has trailing characters";
	return finish_scanned(v, s, end, out);
}

/* Multiplier of an SI prefix letter, 0 if none. */
static double si_multiplier(char c)
{
	switch (c) {
	case 'k': case 'K': return 1e3;
	case 'M': return 1e6;
	case 'G': return 1e9;
	case 'T': return 1e12;
	case 'P': return 1e15;
	case 'E': return 1e18;
	default: return 0;
	}
}

enum si_unit { UNIT_NONE, UNIT_BITS, UNIT_BAUD };

static const char *parse_si_unit(const char *s, double *out, enum si_unit unit)
{
	static const char *const bit_units[] = {"bps", "b/s", "bit/s", NULL};
	static const char *const baud_units[] = {"Bd", "baud", NULL};
	const char *end;
	double v = scan_number(s, &end);
	if (end == s)
		return "not a number";
	if (v == 0 && nonzero_mantissa(s, end))
		return finish_scanned(v, s, end, out);
	while (*end == ' ')
		end++;
	double m = si_multiplier(*end);
	if (m != 0) {
		v *= m;
		end++;
	}
	if (unit != UNIT_NONE && *end) {
		int ok = 0, baud = 0;
		for (int i = 0; bit_units[i]; i++)
			ok |= strcmp(end, bit_units[i]) == 0;
		for (int i = 0; baud_units[i]; i++)
			baud |= strcmp(end, baud_units[i]) == 0;
		if (unit == UNIT_BITS && baud)
			return "is a symbol rate: give it as --baud, with --bits-per-symbol "
			       "(2 for PAM4)";
		if (unit == UNIT_BAUD && ok)
			return "is a bit rate: give it as --rate";
		if (unit == UNIT_BITS && !ok)
			return "has an unknown unit (use e.g. 25.78125G, 10Gb/s, 10Gbps)";
		if (unit == UNIT_BAUD && !baud)
			return "has an unknown unit (use e.g. 26.5625G, 26.5625GBd)";
		end += strlen(end);
	}
	if (*end)
		return "has trailing characters (SI suffixes are k M G T P E)";
	return finish(v, out);
}

const char *parse_si(const char *s, double *out)
{
	return parse_si_unit(s, out, UNIT_NONE);
}

const char *parse_rate(const char *s, double *out)
{
	return parse_si_unit(s, out, UNIT_BITS);
}

const char *parse_baud(const char *s, double *out)
{
	return parse_si_unit(s, out, UNIT_BAUD);
}

const char *parse_duration(const char *s, double *out)
{
	static const struct {
		const char *name;
		double seconds;
	} units[] = {
		{"ms", 1e-3}, {"s", 1}, {"sec", 1}, {"min", 60}, {"m", 60},
		{"h", 3600}, {"hr", 3600}, {"d", 86400}, {"w", 604800},
		{"y", 31557600}, {"year", 31557600}, {"years", 31557600}, /* Julian years: as the
		                                                            text output prints */
	};
	const char *p = s;
	double total = 0, last = 0; /* last: the previous part's unit */
	int parts = 0;
	while (*p) {
		const char *end;
		double v = scan_number(p, &end);
		if (end == p)
			return parts ? "has trailing characters" : "not a duration";
		if (v == 0 && nonzero_mantissa(p, end))
			return finish_scanned(v, p, end, out);
		p = end;
		while (*p == ' ')
			p++;
		const char *u = p;
		while (isalpha((unsigned char)*p))
			p++;
		size_t n = (size_t)(p - u);
		double mult = 0;
		if (n == 0) {
			if (*p || parts)
				return "needs a unit (s, min, h, d)";
			mult = 1;
		}
		for (size_t i = 0; n && i < sizeof units / sizeof units[0]; i++)
			if (strlen(units[i].name) == n && strncmp(u, units[i].name, n) == 0)
				mult = units[i].seconds;
		if (mult == 0)
			return "has an unknown unit (use s, min, h, d: 90s, 1h30m)";
		if (v < 0)
			return "must not be negative";
		/* a sequence goes from the largest unit down, each unit once:
		 * 1h1h or 30m1h is more likely a typing slip than a sum */
		if (parts && !(mult < last))
			return "repeats a unit or puts a larger one after a smaller (largest first: 1h30m)";
		last = mult;
		total += v * mult;
		parts++;
		while (*p == ' ')
			p++;
	}
	if (parts == 0)
		return "not a duration";
	return finish(total, out);
}

/*
 * The exact decimal digits of the whole number that s (a number as
 * scan_number reads it, with an optional SI suffix) denotes, into out.
 * Returns 0, or -1 when s is not a whole number or has more than len - 1
 * digits. Works on the decimal text, so nothing is rounded: 2^53 + 1 and
 * 1.0000000000000000001 are told from 2^53 and 1.
 */
static int decimal_whole(const char *s, char *out, size_t len)
{
	char dig[48];
	size_t nd = 0;
	long exp10 = 0;
	int point = 0;
	const char *p = s;
	if (*p == '+')
		p++;
	for (; isdigit((unsigned char)*p) || (*p == '.' && !point); p++) {
		if (*p == '.') {
			point = 1;
		} else if (nd == 0 && *p == '0') {
			exp10 -= point; /* a leading zero */
		} else if (nd < sizeof dig) {
			dig[nd++] = *p;
			exp10 -= point;
		} else if (*p != '0') {
			return -1; /* more digits than any count we accept */
		} else {
			exp10 += !point; /* a trailing zero beyond the buffer */
		}
	}
	if ((*p == 'e' || *p == 'E') &&
	    (isdigit((unsigned char)p[1]) ||
	     ((p[1] == '+' || p[1] == '-') && isdigit((unsigned char)p[2])))) {
		char *end;
		long e = strtol(p + 1, &end, 10);
		if (e > 1000 || e < -1000)
			return -1;
		exp10 += e;
		p = end;
	}
	while (*p == ' ')
		p++;
	double m = si_multiplier(*p);
	if (m != 0) {
		exp10 += lround(bercli_log10(m));
		p++;
	}
	if (*p)
		return -1;
	while (nd > 0 && dig[nd - 1] == '0') {
		nd--;
		exp10++;
	}
	if (nd == 0) {
		snprintf(out, len, "0");
		return 0;
	}
	if (exp10 < 0 || nd + (size_t)exp10 + 1 > len)
		return -1;
	memcpy(out, dig, nd);
	memset(out + nd, '0', (size_t)exp10);
	out[nd + (size_t)exp10] = '\0';
	return 0;
}

const char *parse_count(const char *s, double *out)
{
	/* Plain digits, at most 15 (below 2^53): the whole number they say,
	 * as the checks below would find it, without them (a batch's errors) */
	uint64_t u = 0;
	size_t n = 0;
	for (; n < 16 && is_digit(s[n]); n++)
		u = u * 10 + (uint64_t)(s[n] - '0');
	if (n > 0 && n <= 15 && s[n] == '\0') {
		*out = (double)u;
		return NULL;
	}
	double v;
	const char *err = parse_si(s, &v);
	if (err)
		return err;
	if (v < 0)
		return "must not be negative";
	if (signbit(v)) /* -0: whole, but not what a counter prints */
		return "has a minus sign (a count is 0 or more)";
	if (v > 9007199254740992.0)
		return "is larger than 2^53";
	/* The decimal text itself must be that whole number: 9007199254740993
	 * would read as 2^53, 1.0000000000000000001 as 1. */
	char text[64], held[64];
	if (v != floor(v) || decimal_whole(s, text, sizeof text) != 0)
		return "must be a whole number";
	/* v's decimal digits: v is whole and at most 2^53 < 10^17, so exact in
	 * 64 bits (as printf's "%.0f" would give them, without its cost per
	 * cell), leading zeros dropped */
	digits17(held, (uint64_t)v);
	held[17] = '\0';
	const char *h = held;
	while (*h == '0' && h[1] != '\0')
		h++;
	if (strcmp(text, h) != 0)
		return "is not a whole number that bercl holds exactly (at most 2^53)";
	*out = v;
	return NULL;
}

/*
 * 1 - d for a decimal string d = "[0].digits" (the part after the point is
 * given): the digits of the complement are 9 - d_i, with the last nonzero
 * digit as 10 - d_n. Exact in decimal, so one rounding in strtod.
 */
static double decimal_complement(const char *frac, size_t n)
{
	char buf[MAX_NUMBER + 8];
	size_t last = n;
	while (last > 0 && frac[last - 1] == '0')
		last--;
	if (last == 0 || last + 4 > sizeof buf)
		return NAN;
	size_t k = 0;
	buf[k++] = '0';
	buf[k++] = '.';
	for (size_t i = 0; i < last; i++)
		buf[k++] = (char)('0' + (i + 1 == last ? 10 - (frac[i] - '0') : 9 - (frac[i] - '0')));
	buf[k] = '\0';
	double v;
	return parse_real(buf, &v) ? NAN : v;
}

/*
 * x 10^k in double-double, |k| up to ~700: by powers 10^j (j <= 200)
 * formed by squaring (10^j exact in a double to j = 22, then rounded to
 * ~1e-32 relative per step), dividing for k < 0 in steps of 10^200 so that
 * nothing overflows. A few units in 1e-31 relative.
 */
static dd dd_pow10_times(dd x, long k)
{
	/* 10^0 .. 10^22 are doubles: the squaring forms them exactly, low part
	 * +0, so the table gives the same double-double without the products */
	static const double exact_pow10[23] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
	};
	while (k != 0) {
		long j = k > 200 ? 200 : k < -200 ? -200 : k;
		long a = j < 0 ? -j : j;
		dd p = dd_from(1.0), b = dd_from(10.0);
		if (a <= 22) {
			p = dd_from(exact_pow10[a]);
			a = 0;
		}
		for (; a; a >>= 1) {
			if (a & 1)
				p = dd_mul(p, b);
			b = dd_mul(b, b);
		}
		x = j < 0 ? dd_div(x, p) : dd_mul(x, p);
		k -= j;
	}
	return x;
}

/*
 * 0.d1 d2 ... (the first n characters of digits) times 10^point in
 * double-double: the leading zeros skipped, then at most 40 significant
 * digits by Horner's rule (exact while below 2^106, ~31 digits, rounded to
 * ~1e-32 after), the rest below 1e-39 relative and dropped.
 */
static dd dd_decimal(const char *digits, size_t n, long point)
{
	size_t i = 0;
	while (i < n && digits[i] == '0')
		i++;
	/* the first 15 digits as a whole number (below 2^53: Horner's rule in
	 * double-double holds it exactly, low part +0, the same double-double) */
	uint64_t w = 0;
	size_t used = 0;
	for (; i < n && used < 15; i++, used++)
		w = w * 10 + (uint64_t)(digits[i] - '0');
	dd m = dd_from((double)w);
	for (; i < n && used < 40; i++, used++)
		m = dd_add_d(dd_mul_d(m, 10.0), (double)(digits[i] - '0'));
	/* m = 0.digits[0 .. i) x 10^i: the value is m 10^(point - i) */
	return dd_pow10_times(m, point - (long)i);
}

/*
 * The exact double-double forms of a probability's text (validated by
 * parse_real, without '%'; percent: the point moves two places): the value
 * and its complement 1 - value, the latter from its own decimal digits
 * (9 - d_i, the last nonzero one 10 - d_n), so that the complement of
 * 0.95 is 0.05 to ~1e-32 relative however small it is. 0 on success.
 */
static int probability_dd(const char *s, int percent, dd *value, dd *complement)
{
	char digits[MAX_NUMBER], frac[3 * MAX_NUMBER + 8];
	size_t n = 0;
	long point = 0, exp10 = 0;
	int seen_point = 0;
	const char *p = s + (*s == '+');
	for (; *p && *p != 'e' && *p != 'E'; p++) {
		if (*p == '.') {
			seen_point = 1;
		} else if (is_digit(*p)) {
			if (n == 0 && *p == '0') { /* a leading zero */
				if (seen_point)
					point--;
				continue;
			}
			digits[n++] = *p;
			if (!seen_point)
				point++;
		} else {
			return -1;
		}
	}
	if (*p == 'e' || *p == 'E') {
		char *end;
		long e = strtol(p + 1, &end, 10);
		if (*end || e > 400 || e < -400)
			return -1;
		exp10 = e;
	}
	point += exp10 - (percent ? 2 : 0); /* value = 0.digits x 10^point */
	if (n == 0)
		return -1;
	*value = dd_decimal(digits, n, point);
	if (point > 0 || (size_t)(-point) + n + 1 > sizeof frac) {
		*complement = dd_sub(dd_from(1.0), *value); /* value >= 1, or tiny */
		return 0;
	}
	/* 0.frac = value exactly; its complement digit by digit */
	size_t k = 0;
	for (long z = 0; z < -point; z++)
		frac[k++] = '0';
	memcpy(frac + k, digits, n);
	k += n;
	while (k > 0 && frac[k - 1] == '0')
		k--;
	for (size_t i = 0; i < k; i++)
		frac[i] = (char)('0' + (i + 1 == k ? 10 - (frac[i] - '0') : 9 - (frac[i] - '0')));
	*complement = dd_decimal(frac, k, 0);
	return 0;
}

const char *parse_probability(const char *s, double *out, double *complement)
{
	return parse_probability_exact(s, out, complement, NULL, NULL);
}

/*
 * The complement 1 - v of a plain decimal probability (no exponent) from
 * its digits, exactly rounded: below 1 every digit before the point is a
 * zero; a percentage has its point shifted two places to the left first.
 * NAN where the digits do not give it.
 */
static double complement_of_digits(const char *buf, size_t len, int percent)
{
	const char *dot = strchr(buf, '.');
	if (!percent) {
		if (dot && strspn(buf + (buf[0] == '+'), "0") == (size_t)(dot - buf) - (buf[0] == '+'))
			return decimal_complement(dot + 1, strlen(dot + 1));
		return NAN;
	}
	char frac[MAX_NUMBER + 4];
	size_t ip = dot ? (size_t)(dot - buf) : len;
	const char *fp = dot ? dot + 1 : "";
	if (ip > 2)
		return NAN;
	size_t k = 0;
	for (size_t i = ip; i < 2; i++)
		frac[k++] = '0';
	memcpy(frac + k, buf, ip);
	k += ip;
	strcpy(frac + k, fp);
	return decimal_complement(frac, strlen(frac));
}

/*
 * The rests of v and of its complement c beyond their doubles, from the
 * decimal's double-double; a complement that was 1 - v (with an exponent)
 * becomes the double nearest the exact one.
 */
static void probability_rests(const char *buf, int percent, double v, double *c, double *v_lo,
                              double *c_lo)
{
	dd vx, cx;
	*v_lo = *c_lo = 0.0;
	if (probability_dd(buf, percent, &vx, &cx) != 0)
		return;
	*v_lo = dd_sub(vx, dd_from(v)).hi;
	if (!(isfinite(*v_lo) && v + *v_lo == v))
		*v_lo = 0.0;
	*c_lo = dd_sub(cx, dd_from(*c)).hi;
	if (!(isfinite(*c_lo) && *c + *c_lo == *c) && cx.hi > 0 && cx.hi <= 1) {
		*c = cx.hi;
		*c_lo = cx.lo;
	}
	if (!(isfinite(*c_lo) && *c + *c_lo == *c))
		*c_lo = 0.0;
}

/*
 * A plain decimal fraction "[+][0...].d1...dk" (no exponent, no percent,
 * only zeros before the point) with 1 <= k <= 19 after its trailing zeros
 * are dropped: *w = d1...dk as a whole number (below 10^19, so within 64
 * bits) and *k; 0 for any other text. The forms the faces' levels mostly
 * take (shortest_double() of a CL in (1e-5, 1)).
 */
static int plain_fraction(const char *s, uint64_t *w, int *k)
{
	const char *p = s + (*s == '+');
	while (*p == '0')
		p++;
	if (*p != '.')
		return 0;
	p++;
	size_t n = strspn(p, "0123456789");
	if (p[n] != '\0')
		return 0;
	while (n > 0 && p[n - 1] == '0')
		n--;
	if (n == 0 || n > 19)
		return 0;
	uint64_t v = 0;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (uint64_t)(p[i] - '0');
	*w = v;
	*k = (int)n;
	return v > 0;
}

/* A whole number below 2^64 as an exact double-double. */
static dd dd_of_u64(uint64_t x)
{
	double hi = (double)x; /* x < 10^19 here: hi below 2^64, the difference within 2^11 */
	int64_t rest = (int64_t)(x - (uint64_t)hi);
	return dd_make(hi, (double)rest);
}

/*
 * (W - x 10^k) / 10^k for a whole number W (exact double-double) and a
 * double x within a few units of W / 10^k: x 10^k is an exact product
 * (two_prod), W's high part less its high part exact (Sterbenz: they are
 * within a factor 2), so the numerator is the sum of three doubles, taken in
 * double-double (within u^2 relative of itself, u = 2^-53), and the quotient
 * by the double 10^k too: the rest to within an ulp of its own.
 */
static double rest_over_pow10(dd w, double x, double p10)
{
	dd p = dd_two_prod(x, p10);
	dd num = dd_add_d(dd_two_sum(w.hi - p.hi, w.lo), -p.lo);
	return dd_div_d(num, p10).hi;
}

/*
 * The complement and the rests of probability_rests() for a plain fraction
 * W / 10^k (plain_fraction), in integer and double-double arithmetic: the
 * complement's digits are the whole number C = 10^k - W, exact, so 1 - value
 * = C / 10^k, with 10^k a double (k <= 19 < 23). The complement's double is
 * the quotient C / 10^k in double-double (dd_div_d, within 2 u^2 relative)
 * rounded, which is the correct rounding wherever its rest (computed
 * exactly, rest_over_pow10) is more than 2^-100 of it (far beyond both
 * errors) inside half the spacing of the doubles on its side; C / 10^k is
 * never exactly halfway (its denominator holds the factor 5^k), and a rest
 * that close sends the text to the digit-by-digit route. The value's double
 * v is the caller's (the text's correct rounding), its rest W / 10^k - v.
 * The same doubles as the digit-by-digit route, and rests within an ulp of
 * their own (that route's are within ~1e-32 of the value). 1 with *c,
 * *v_lo, *c_lo set; 0 where it does not apply.
 */
static int plain_fraction_rests(const char *buf, double v, double *c, double *v_lo,
                                double *c_lo)
{
	static const double pow10[20] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,
	                                 1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13,
	                                 1e14, 1e15, 1e16, 1e17, 1e18, 1e19};
	uint64_t w, whole = 1;
	int k;
	if (!plain_fraction(buf, &w, &k))
		return 0;
	for (int i = 0; i < k; i++)
		whole *= 10;
	if (w >= whole)
		return 0;
	dd cw = dd_of_u64(whole - w);
	double r = dd_div_d(cw, pow10[k]).hi;
	if (!(r > 0 && r < 1))
		return 0;
	double rr = rest_over_pow10(cw, r, pow10[k]);
	double side = rr < 0 ? r - nextafter(r, 0) : nextafter(r, 1) - r;
	if (!(fabs(rr) < 0.5 * side - 0x1p-100 * r))
		return 0;
	*c = r;
	*c_lo = rr;
	*v_lo = rest_over_pow10(dd_of_u64(w), v, pow10[k]);
	return 1;
}

/*
 * The rest of parse_probability_exact() for the text buf (len characters,
 * without its '%') read as v, 0 < v <= 1 and at least DBL_MIN: the
 * complement and the rests.
 */
static const char *probability_from(const char *buf, size_t len, int percent, int has_exponent,
                                    double v, double *out, double *complement, double *out_lo,
                                    double *complement_lo)
{
	const char *range = percent ? "must be between 0% and 100%, exclusive"
	                            : "must be between 0 and 1, exclusive (or a percentage: 95%)";
	double c, v_lo = 0.0, c_lo = 0.0;
	if (percent || has_exponent || !plain_fraction_rests(buf, v, &c, &v_lo, &c_lo)) {
		c = has_exponent ? NAN : complement_of_digits(buf, len, percent);
		if (isnan(c) || !(c > 0 && c < 1))
			c = 1.0 - v; /* exact for v >= 0.5 (Sterbenz) */
		/* 0.99999999999999999999 rounds to 1 but is below it: keep it. */
		if (!(c > 0))
			return range;
		if (out_lo || complement_lo)
			probability_rests(buf, percent, v, &c, &v_lo, &c_lo);
	} else {
		/* the checks probability_rests() makes of its rests */
		if (!(isfinite(v_lo) && v + v_lo == v))
			v_lo = 0.0;
		if (!(isfinite(c_lo) && c + c_lo == c))
			c_lo = 0.0;
	}
	*out = v;
	*complement = c;
	if (out_lo)
		*out_lo = v_lo;
	if (complement_lo)
		*complement_lo = c_lo;
	return NULL;
}

const char *parse_probability_exact(const char *s, double *out, double *complement,
                                    double *out_lo, double *complement_lo)
{
	size_t len = strlen(s);
	int percent = len > 0 && s[len - 1] == '%';
	char buf[MAX_NUMBER];
	if (len >= sizeof buf)
		return "is too long";
	memcpy(buf, s, len + 1);
	if (percent)
		buf[--len] = '\0';
	/* by hand, not strpbrk (strcspn's set-up per call is costly on short cells) */
	int has_exponent = 0;
	for (const char *p = buf; *p; p++)
		has_exponent |= *p == 'e' || *p == 'E';
	double v;
	const char *err = parse_real(buf, &v);
	if (err)
		return err;
	if (percent && !has_exponent) {
		/* 99.9% is the decimal 99.9e-2, read in one rounding (99.9 / 100
		 * would round twice: 0.9990000000000001) */
		char shifted[MAX_NUMBER + 4];
		snprintf(shifted, sizeof shifted, "%se-2", buf);
		if (parse_real(shifted, &v) != NULL)
			return "is not a number";
	} else if (percent) {
		v /= 100.0;
	}
	const char *range = percent ? "must be between 0% and 100%, exclusive"
	                            : "must be between 0 and 1, exclusive (or a percentage: 95%)";
	if (!(v > 0 && v <= 1))
		return range;
	if (v < DBL_MIN) /* a subnormal keeps fewer digits than given */
		return "is below the smallest normal double, 2.2250738585072014e-308";
	return probability_from(buf, len, percent, has_exponent, v, out, complement, out_lo,
	                        complement_lo);
}

const char *parse_probability_shortest(const char *s, double v, double *out, double *complement,
                                       double *out_lo, double *complement_lo)
{
	size_t len = strlen(s);
	if (!(v >= DBL_MIN && v < 1) || len >= MAX_NUMBER)
		return parse_probability_exact(s, out, complement, out_lo, complement_lo);
	/* s reads as v (the shortest decimal that does), a plain decimal
	 * probability: what parse_probability_exact() goes on with after
	 * reading it */
	int has_exponent = 0;
	for (const char *p = s; *p; p++)
		has_exponent |= *p == 'e' || *p == 'E';
	return probability_from(s, len, 0, has_exponent, v, out, complement, out_lo, complement_lo);
}

static const char *parse_scalar(scalar_parser parse, const char *s, double *v, double *c)
{
	if (parse)
		return parse(s, v);
	return parse_probability(s, v, c);
}

static double item_value(const struct item *it, unsigned long long i);

/*
 * Spaced points of whole numbers are rounded, and must stay distinct: at
 * most |B - A| + 1 points; evenly spaced ones then are (their spacing is at
 * least 1). Logarithmic spacing is narrowest at the small end, so the
 * pairs are checked from there until the spacing reaches 1.
 */
static const char *whole_points(struct item *it)
{
	it->whole = 1;
	if ((double)it->n > fabs(it->b - it->a) + 1)
		return "has more points than whole numbers between its ends";
	if (it->kind != ITEM_LOG || it->n < 2)
		return NULL;
	int up = it->b >= it->a;
	for (unsigned long long k = 0; k + 1 < it->n; k++) {
		unsigned long long i = up ? k : it->n - 1 - k, j = up ? k + 1 : it->n - 2 - k;
		double x = item_value(it, i), y = item_value(it, j);
		if (x == y)
			return "has points that round to the same whole number: give fewer points";
		struct item raw = *it;
		raw.whole = 0;
		if (fabs(item_value(&raw, j) - item_value(&raw, i)) >= 1)
			break;
		if (k > 10000000)
			return "has too many points (at most 10000000 below a spacing of 1)";
	}
	return NULL;
}

/* One comma-free element: a value or a range. */
static const char *parse_item(char *s, scalar_parser parse, struct item *it)
{
	char *dots = strstr(s, "..");
	it->whole = 0;
	if (!dots) {
		it->kind = ITEM_ONE;
		it->n = 1;
		it->b = NAN;
		it->a_lo = it->b_lo = 0.0;
		if (!parse)
			return parse_probability_exact(s, &it->a, &it->b, &it->a_lo, &it->b_lo);
		return parse_scalar(parse, s, &it->a, &it->b);
	}
	*dots = '\0';
	char *stop = dots + 2;
	char *colon = strchr(stop, ':');
	if (colon)
		*colon = '\0';
	double c;
	const char *err = parse_scalar(parse, s, &it->a, &c);
	if (!err)
		err = parse_scalar(parse, stop, &it->b, &c);
	if (err)
		return err;
	if (!colon) {
		if (it->a != floor(it->a) || it->b != floor(it->b))
			return "is a range of non-whole numbers: give a point count, A..B:N";
		if (!(fabs(it->b - it->a) < 9007199254740992.0))
			return "has more than 2^53 values";
		it->kind = ITEM_STEP;
		it->n = (unsigned long long)fabs(it->b - it->a) + 1;
		return NULL;
	}
	char *count = colon + 1;
	size_t len = strlen(count);
	it->kind = ITEM_LIN;
	if (len > 3 && strcmp(count + len - 3, "log") == 0) {
		it->kind = ITEM_LOG;
		count[len - 3] = '\0';
		if (!(it->a > 0 && it->b > 0))
			return "is a logarithmic range: both ends must be above 0";
	}
	double n;
	if (parse_real(count, &n) || n != floor(n) || n < 1 || n > 9007199254740992.0)
		return "has a bad point count (A..B:N or A..B:Nlog, N >= 1)";
	it->n = (unsigned long long)n;
	if (parse == parse_count)
		return whole_points(it);
	return NULL;
}

const char *parse_vlist(const char *s, scalar_parser parse, struct vlist *out,
                        const char **bad)
{
	memset(out, 0, sizeof *out);
	out->is_probability = parse == NULL;
	*bad = s;
	if (*s == '\0')
		return "is empty";
	size_t n = 1;
	for (const char *p = s; *p; p++)
		n += *p == ',';
	char *copy = strdup(s);
	out->items = calloc(n, sizeof *out->items);
	if (!copy || !out->items) {
		free(copy);
		vlist_free(out);
		return "is too long (out of memory)";
	}
	char *save = copy;
	const char *err = NULL;
	for (size_t i = 0; i < n && !err; i++) {
		char *comma = strchr(save, ',');
		if (comma)
			*comma = '\0';
		if (*save == '\0')
			err = "has an empty list element";
		else
			err = parse_item(save, parse, &out->items[i]);
		if (err && n > 1)
			*bad = s + (save - copy);
		if (!err) {
			out->count += out->items[i].n;
			out->nitems++;
			if (out->count > 9007199254740992ULL)
				err = "has more than 2^53 values";
		}
		save = comma ? comma + 1 : save + strlen(save);
	}
	free(copy);
	if (err)
		vlist_free(out);
	return err;
}

void vlist_free(struct vlist *v)
{
	free(v->items);
	v->items = NULL;
	v->nitems = 0;
	v->count = 0;
}

static double item_value_raw(const struct item *it, unsigned long long i);

static double item_value(const struct item *it, unsigned long long i)
{
	double v = item_value_raw(it, i);
	return it->whole ? nearbyint(v) : v;
}

static double item_value_raw(const struct item *it, unsigned long long i)
{
	double t;
	switch (it->kind) {
	case ITEM_ONE:
		return it->a;
	case ITEM_STEP:
		return it->b >= it->a ? it->a + (double)i : it->a - (double)i;
	case ITEM_LIN:
	case ITEM_LOG:
		if (i == 0 || it->n == 1)
			return it->a;
		if (i + 1 == it->n)
			return it->b;
		t = (double)i / (double)(it->n - 1);
		if (it->kind == ITEM_LIN)
			return it->a + (it->b - it->a) * t;
		/* In decades, so that 1e-15..1e-9:7log gives 1e-12 exactly. */
		return bercli_exp10(bercli_log10(it->a) + (bercli_log10(it->b) - bercli_log10(it->a)) * t);
	}
	return NAN;
}

double vlist_value(const struct vlist *v, unsigned long long i, double *complement)
{
	struct vlist_pos p = {0, 0};
	return vlist_at(v, &p, i, complement);
}

double vlist_at(const struct vlist *v, struct vlist_pos *p, unsigned long long i,
                double *complement)
{
	if (i < p->first) /* back to the start (an odometer wheel that wrapped) */
		p->item = 0, p->first = 0;
	while (p->item < v->nitems && i - p->first >= v->items[p->item].n)
		p->first += v->items[p->item++].n;
	if (p->item == v->nitems)
		return NAN;
	const struct item *it = &v->items[p->item];
	double x = item_value(it, i - p->first);
	if (complement)
		*complement = it->kind == ITEM_ONE && !isnan(it->b) ? it->b : 1.0 - x;
	return x;
}

void vlist_lo_at(const struct vlist *v, const struct vlist_pos *p, double *lo,
                 double *complement_lo)
{
	*lo = *complement_lo = 0.0;
	if (p->item < v->nitems && v->is_probability && v->items[p->item].kind == ITEM_ONE) {
		*lo = v->items[p->item].a_lo;
		*complement_lo = v->items[p->item].b_lo;
	}
}

/* Ranges are monotone, so their extremes are their ends. */
double vlist_min(const struct vlist *v)
{
	double m = INFINITY;
	for (size_t k = 0; k < v->nitems; k++)
		m = fmin(m, fmin(v->items[k].a, v->items[k].kind == ITEM_ONE ? v->items[k].a : v->items[k].b));
	return m;
}

double vlist_max(const struct vlist *v)
{
	double m = -INFINITY;
	for (size_t k = 0; k < v->nitems; k++)
		m = fmax(m, fmax(v->items[k].a, v->items[k].kind == ITEM_ONE ? v->items[k].a : v->items[k].b));
	return m;
}

const char *names_joined(const char *const *names, char *buf, size_t len)
{
	size_t k = 0, n = 0;
	while (names[n])
		n++;
	buf[0] = '\0';
	for (size_t i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
		                      names[i]);
	return buf;
}

const char *shown_text(const char *s, char *buf, size_t len)
{
	size_t k = 0;
	for (; *s && k + 4 < len && k < 40; s++)
		buf[k++] = *s >= 0x20 && *s < 0x7f ? *s : '?';
	if (*s)
		buf[k++] = '.', buf[k++] = '.', buf[k++] = '.';
	buf[k] = '\0';
	return buf;
}

char *line_safe(char *line)
{
	for (char *c = line; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	return line;
}

void value_message(char *buf, size_t len, const char *name, const char *text, const char *reason)
{
	char shown[48];
	snprintf(buf, len, "%s '%s': %s", name, shown_text(text, shown, sizeof shown), reason);
}

scalar_parser parse_syntax(const char *name)
{
	static const struct {
		const char *name;
		scalar_parser parse;
	} syntaxes[] = {
		{"real", parse_real}, {"si", parse_si}, {"count", parse_count}, {"rate", parse_rate},
		{"baud", parse_baud}, {"duration", parse_duration},
	};
	for (size_t i = 0; i < sizeof syntaxes / sizeof syntaxes[0]; i++)
		if (strcmp(name, syntaxes[i].name) == 0)
			return syntaxes[i].parse;
	return NULL;
}
