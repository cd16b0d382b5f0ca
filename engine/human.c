/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * human.c - numbers for people, rounded to the safe side (human.h).
 *
 * Directed rounding without surprises: for a product x = a * m by an exact
 * power of ten m, fma(a, m, -x) is the exact rounding error of x, so the
 * ceiling or floor of the true product a * m is known exactly (exact_ceil
 * and exact_floor below). Decimal text that must read back on one side of
 * a value is checked by reading it back (strtod, in the C locale: bercl
 * never calls setlocale()).
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "human.h"
#include "xmath.h"

/* ceil(a * m) of the exact product, for an exact m and a * m below 2^53. */
static double exact_ceil(double a, double m)
{
	double x = a * m;
	double e = fma(a, m, -x);
	if (x != floor(x))
		return ceil(x); /* the error cannot cross an integer: see above */
	return e > 0 ? x + 1 : x;
}

static double exact_floor(double a, double m)
{
	double x = a * m;
	double e = fma(a, m, -x);
	if (x != floor(x))
		return floor(x);
	return e < 0 ? x - 1 : x;
}

double human_round_sig(double v, int sig, enum rounding dir)
{
	char b[64];
	snprintf(b, sizeof b, "%.*e", sig - 1, v);
	double r = strtod(b, NULL);
	if (dir == ROUND_NEAREST || (dir == ROUND_UP ? r >= v : r <= v))
		return r;
	/* One unit in the last digit the other way: k * 10^x, k the digits. */
	char *e = strchr(b, 'e');
	if (!e)
		return r;
	long long k = 0;
	int neg = 0;
	for (const char *p = b; p < e; p++) {
		if (*p == '-')
			neg = 1;
		else if (*p >= '0' && *p <= '9')
			k = k * 10 + (*p - '0');
	}
	int x = atoi(e + 1) - (sig - 1);
	k += (dir == ROUND_UP) != neg ? 1 : -1;
	snprintf(b, sizeof b, "%s%llde%d", neg ? "-" : "", k, x);
	return strtod(b, NULL);
}

#define DAY 86400.0
#define YEAR (365.25 * DAY)

void human_duration(char *buf, size_t len, double s, enum rounding dir)
{
	if (s < 60) {
		int sig = 4;
		double v = human_round_sig(s, sig, dir);
		if (v < 60) {
			snprintf(buf, len, "%.*g s", sig, v);
			return;
		}
		s = v; /* 59.99996 s up is 1 min */
	}
	if (s >= YEAR) {
		/* a year or more reads as years, 4 digits ("2.102 years", not "767 d
		 * 21 h 38 min 11 s"); read back as years * YEAR: nudge by more than
		 * that product's rounding */
		double y = s / YEAR * (1 + (dir == ROUND_UP ? 4 : dir == ROUND_DOWN ? -4 : 0) * DBL_EPSILON);
		double v = human_round_sig(y, 4, dir);
		snprintf(buf, len, "%.4g year%s", v, v == 1 ? "" : "s");
		return;
	}
	/* below a day in tenths of a second, from a day on in whole minutes
	 * (seconds of a test days long are noise to the reader; rounded in dir,
	 * so a required time still rounds up) */
	double unit = s < DAY ? 10 : 1;
	double k = dir == ROUND_UP ? exact_ceil(s, unit)
	           : dir == ROUND_DOWN ? exact_floor(s, unit) : nearbyint(s * unit);
	long long t = (long long)k;
	if (s >= DAY) /* whole seconds to whole minutes, in integers, the same way */
		t = 60 * (dir == ROUND_UP ? (t + 59) / 60 : dir == ROUND_DOWN ? t / 60 : (t + 30) / 60);
	long long per_min = 60 * (long long)unit;
	long long d = t / (per_min * 60 * 24);
	t -= d * per_min * 60 * 24;
	long long h = t / (per_min * 60);
	t -= h * per_min * 60;
	long long m = t / per_min;
	t -= m * per_min; /* seconds, in tenths below a day */
	size_t n = 0;
	buf[0] = '\0';
	if (d > 0)
		n += (size_t)snprintf(buf + n, len - n, "%lld d ", d);
	if (h > 0 && n < len)
		n += (size_t)snprintf(buf + n, len - n, "%lld h ", h);
	if (m > 0 && n < len)
		n += (size_t)snprintf(buf + n, len - n, "%lld min ", m);
	if (t > 0 && n < len) {
		if (unit == 1)
			n += (size_t)snprintf(buf + n, len - n, "%lld s ", t);
		else if (t % 10 == 0)
			n += (size_t)snprintf(buf + n, len - n, "%lld s ", t / 10);
		else
			n += (size_t)snprintf(buf + n, len - n, "%lld.%lld s ", t / 10, t % 10);
	}
	if (n > 0 && n <= len)
		buf[n - 1] = '\0';
}

/* Append zeros (and a point) so that the number in buf has at least `want` decimals. */
static void pad_decimals(char *buf, size_t len, size_t want)
{
	char *dot = strchr(buf, '.');
	size_t have = dot ? strlen(dot + 1) : 0;
	size_t n = strlen(buf);
	if (!dot && n + 1 < len) {
		buf[n++] = '.';
		buf[n] = '\0';
	}
	for (; have < want && n + 1 < len; have++) {
		buf[n++] = '0';
		buf[n] = '\0';
	}
}

#define MAX_DECIMALS 60

/*
 * "99.ddd %": 100 - x for a percentage 0 < x < 1 given in "%.Ne" form
 * (1.25e-11), computed on the decimal digits, so exact; at least 4
 * decimals (trailing zeros added). Where x has no digit in the first `cap`
 * decimals, "> 99.99...9 %" with cap nines.
 */
static void hundred_minus(char *buf, size_t len, const char *sci, int cap)
{
	const char *e = strchr(sci, 'e');
	int x = e ? atoi(e + 1) : 0; /* the first digit is at 10^x, x <= -1 */
	char sig[32];
	int ns = 0;
	for (const char *p = sci; p < e && ns < (int)sizeof sig; p++)
		if (*p >= '0' && *p <= '9')
			sig[ns++] = (char)(*p - '0');
	while (ns > 1 && sig[ns - 1] == 0)
		ns--;
	int nd = -x - 1 + ns; /* decimals of x */
	if (cap > MAX_DECIMALS)
		cap = MAX_DECIMALS;
	if (!e || x > -1 || -x - 1 >= cap) {
		/* x < 10^-cap: CL% > 100 - 10^-cap, said in `cap` nines */
		snprintf(buf, len, "> 99.%.*s %%", cap,
		         "999999999999999999999999999999999999999999999999999999999999");
		return;
	}
	if (nd > MAX_DECIMALS)
		nd = MAX_DECIMALS; /* a target's digits beyond 60 decimals */
	char digit[MAX_DECIMALS];
	memset(digit, 0, sizeof digit);
	for (int i = 0; i < ns; i++)
		digit[-x - 1 + i] = sig[i];
	size_t n = (size_t)snprintf(buf, len, "99.");
	for (int i = 0; i < nd && n + 1 < len; i++) /* the last digit is nonzero */
		buf[n++] = (char)('0' + (i + 1 == nd ? 10 - digit[i] : 9 - digit[i]));
	buf[n < len ? n : len - 1] = '\0';
	pad_decimals(buf, len > 2 ? len - 2 : len, 4);
	n = strlen(buf);
	snprintf(buf + n, len - n, " %%");
}

void human_target_percent(char *buf, size_t len, double cl, double c)
{
	char t[64];
	if (!(c > 0 && c <= 1e-4)) { /* below 99.99 %: from cl itself */
		snprintf(t, sizeof t, "%.15g", cl * 100);
		if (!strchr(t, 'e'))
			pad_decimals(t, sizeof t, 4);
		snprintf(buf, len, "%s %%", t);
		return;
	}
	/* 100 - 100 c from the 15 significant digits of 100 c */
	snprintf(t, sizeof t, "%.14e", c * 100);
	hundred_minus(buf, len, t, MAX_DECIMALS);
}

size_t human_decimals(const char *s)
{
	const char *dot = strchr(s, '.');
	return dot ? strspn(dot + 1, "0123456789") : 0;
}

void human_percent_down(char *buf, size_t len, double cl, double omc, size_t decimals)
{
	if (cl < 1e-6) { /* 0.0000 % would say nothing */
		snprintf(buf, len, "%.4g %%", human_round_sig(cl * 100, 4, ROUND_DOWN));
		return;
	}
	if (decimals < 4)
		decimals = 4;
	if (omc > 1e-4) {
		/* k = CL in units of 10^-d %, rounded down: from 1 - cl (rounded
		 * up) where that is the smaller and so the exact one */
		int d = decimals > 13 ? 13 : (int)decimals; /* 10^(d+2) below 2^53 */
		double scale = bercli_exp10(d + 2);
		long long k = cl < 0.5 ? (long long)exact_floor(cl, scale)
		                       : (long long)(scale - exact_ceil(omc, scale));
		long long unit = (long long)bercli_exp10(d);
		snprintf(buf, len, "%lld.%0*lld %%", k / unit, d, k % unit);
		return;
	}
	/*
	 * 100 - x, x = 100 (1 - CL) rounded up to 3 significant digits, or to as
	 * many decimals as the target shows (so that a CL that meets a target
	 * never reads below it); the rounding is of the exact product.
	 */
	double x = omc * 100;
	if (!(x >= DBL_MIN)) {
		hundred_minus(buf, len, "", decimals > 16 ? (int)decimals : 16); /* "> 99.9...9 %" */
		return;
	}
	double err = fma(omc, 100, -x);
	int first = (int)floor(-bercli_log10(x)) + 1; /* decimal place of x's first digit */
	int sig = (int)decimals - first + 1;
	if (sig < 3)
		sig = 3;
	if (sig > 17)
		sig = 17;
	double up = human_round_sig(x, sig, ROUND_UP);
	if (up == x && err > 0)
		up = human_round_sig(nextafter(x, INFINITY), sig, ROUND_UP);
	char t[64];
	snprintf(t, sizeof t, "%.*e", sig - 1, up);
	hundred_minus(buf, len, t, decimals > 16 ? (int)decimals : 16);
}

void human_probability(char *buf, size_t len, double value, bercl_lnprob ln, enum rounding dir)
{
	double m;
	long long e;
	if (value >= DBL_MIN || ln.hi == -INFINITY) /* -inf: exactly 0 (binomial E = N) */
		snprintf(buf, len, "%.6g", human_round_sig(value, 6, dir));
	else if (bercl_lnprob_decimal(ln, &m, &e) == 0)
		snprintf(buf, len, "%.6ge%lld", human_round_sig(m, 6, dir), e);
	else
		snprintf(buf, len, "10^%.6g", m);
}

void human_cl_percent(char *buf, size_t len, const bercl_tails *t, size_t decimals)
{
	if (t->cl >= DBL_MIN) {
		human_percent_down(buf, len, t->cl, t->one_minus_cl, decimals);
		return;
	}
	bercl_lnprob pct = {t->ln_cl.hi + 4.6051701859880914, t->ln_cl.lo}; /* times 100 */
	human_probability(buf, len, 0.0, pct, ROUND_DOWN);
	size_t k = strlen(buf);
	snprintf(buf + k, len - k, " %%");
}

void human_si(char *buf, size_t len, double v, const char *unit)
{
	static const char prefix[] = " kMGTPE";
	int p = 0;
	while (fabs(v) >= 1000 && p < 6) {
		v /= 1000;
		p++;
	}
	snprintf(buf, len, "%.10g %s%s", v, p ? (char[]){prefix[p], 0} : "", unit);
}

int utf8_decode(const unsigned char *s, size_t n, unsigned *cp)
{
	unsigned c = s[0];
	int k;
	unsigned min;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		k = 2;
		min = 0x80;
		c &= 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		k = 3;
		min = 0x800;
		c &= 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		k = 4;
		min = 0x10000;
		c &= 0x07;
	} else {
		return 0;
	}
	if (n < (size_t)k)
		return 0;
	for (int i = 1; i < k; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0; /* overlong, beyond Unicode, or a surrogate */
	*cp = c;
	return k;
}

/* Terminal columns of a code point (after Markus Kuhn's wcwidth, in brief). */
static int cp_width(unsigned c)
{
	if ((c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
	    (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
	    (c >= 0xFE20 && c <= 0xFE2F) || c == 0x200B || c == 0x200C || c == 0x200D ||
	    (c >= 0xFE00 && c <= 0xFE0F))
		return 0; /* combining marks, zero-width characters, variation selectors */
	if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
	    (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
	    (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
	    (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
	    (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
	    (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
	    (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD))
		return 2; /* East Asian wide and fullwidth, emoji */
	return 1;
}

size_t display_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), w = 0;
	while (n > 0) {
		unsigned c;
		int k = utf8_decode(p, n, &c);
		if (k == 0) {
			w++; /* a stray byte shows as one replacement character */
			p++;
			n--;
			continue;
		}
		w += (size_t)cp_width(c);
		p += k;
		n -= (size_t)k;
	}
	return w;
}
