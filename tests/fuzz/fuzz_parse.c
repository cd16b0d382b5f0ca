/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_parse.c - libFuzzer harness for the number, unit, probability, list
 * and range parsers (engine/parse.c). Every parser must return, without reading
 * past the string, and every accepted value must be finite and in range.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

static void check(int cond)
{
	if (!cond)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	double v, c;
	if (!parse_real(s, &v))
		check(isfinite(v));
	if (!parse_si(s, &v))
		check(isfinite(v));
	if (!parse_rate(s, &v))
		check(isfinite(v));
	if (!parse_baud(s, &v))
		check(isfinite(v));
	if (!parse_duration(s, &v))
		check(isfinite(v) && v >= 0);
	if (!parse_count(s, &v))
		check(v >= 0 && v <= 9007199254740992.0 && v == floor(v));
	if (!parse_probability(s, &v, &c))
		check(v > 0 && v <= 1 && c > 0 && c <= 1 && (v < 1 || c < 1e-15) && (c < 1 || v < 1e-15));
	/* the exact form: the same value, each rest finite and below half an ulp,
	 * the two adding to 1 within the doubles' roundings */
	double w, d, w_lo, d_lo;
	const char *e1 = parse_probability(s, &v, &c), *e2 = parse_probability_exact(s, &w, &d, &w_lo, &d_lo);
	check(!e1 == !e2);
	if (!e2) {
		check(w == v && d > 0 && d <= 1 && isfinite(w_lo) && isfinite(d_lo));
		check(w + w_lo == w && d + d_lo == d);
		check(fabs((w - 1.0) + d) <= 4 * 2.220446049250313e-16);
	}
	static const scalar_parser parsers[] = {parse_real, parse_si, parse_count,
	                                        parse_duration, NULL};
	for (size_t i = 0; i < sizeof parsers / sizeof *parsers; i++) {
		struct vlist l;
		const char *bad;
		if (parse_vlist(s, parsers[i], &l, &bad))
			continue;
		check(l.count >= 1);
		/* the first, last and a middle value are finite and within the ends */
		unsigned long long idx[3] = {0, l.count - 1, l.count / 2};
		for (int k = 0; k < 3; k++) {
			double x = vlist_value(&l, idx[k], &c);
			check(!isnan(x));
			check(x >= vlist_min(&l) - fabs(vlist_min(&l)) * 1e-12 &&
			      x <= vlist_max(&l) + fabs(vlist_max(&l)) * 1e-12);
			if (parsers[i] == parse_count) /* whole-number lists stay whole */
				check(x == floor(x));
		}
		vlist_free(&l);
	}
	free(s);
	return 0;
}
