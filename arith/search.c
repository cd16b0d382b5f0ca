/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * search.c - the first whole number at which a monotone test holds.
 *
 * METHOD
 *   1. Widen the guesses into a bracket by galloping: while lo holds, step
 *      it down by w, then 2w, 4w, ... (w = hi - lo, at least 1; 0 is taken
 *      as not holding, as every caller's test is false there, and so is
 *      any n at most known_no, untested); while hi does not hold, step it
 *      up the same way (to `limit` at most, where not holding is
 *      BERCL_ELIMIT). The callers' guesses are close (a closed form, a
 *      rounding away, or 0 and 1 for a count), so the first test usually
 *      brackets the answer, and a guess off by d costs log2(d / w) steps;
 *      at most 80 each way (2^80 w).
 *   2. Narrow the bracket (lo does not hold, hi holds) over whole numbers
 *      to two adjacent ones (above 2^53, two adjacent doubles: their
 *      midpoint rounds to one of them): the Illinois variant of regula
 *      falsi on the test's gap where both ends have a finite one (Dowell &
 *      Jarratt, BIT 11, 1971; superlinear near the root), with a bisection
 *      step whenever an interpolation step has not halved the bracket,
 *      plain bisection otherwise. The bracket only ever keeps a point that
 *      does not hold and one that does, so for a test monotone in n the
 *      answer is the smallest n that holds, whichever steps were taken;
 *      where a test is monotone only up to its rounding, the answer is a
 *      crossing within that rounding. At most 400 narrowing steps (each
 *      pair of steps at least halves a bracket of at most 2^1024).
 *
 * Source: the bracketed search of minimum bits in solve.c (its first
 * version), made one function for every "smallest whole number" search.
 */
#include <math.h>

#include "search.h"

#define WIDEN_MAX 80
#define NARROW_MAX 400

double bercli_next_whole(double n)
{
	return n < 0x1p53 ? n + 1.0 : nextafter(n, INFINITY);
}

double bercli_prev_whole(double n)
{
	return n <= 0x1p53 ? n - 1.0 : nextafter(n, 0.0);
}

/* Step 1 downward: lo moved down until it does not hold; *g_lo its gap. */
static enum bercl_status widen_down(const struct bercli_search *s, double w, double *lo,
                                    double *g_lo)
{
	bercl_tails t;
	*g_lo = -INFINITY;
	for (int i = 0; *lo > 0 && *lo > s->known_no; i++) {
		int holds;
		double g = NAN;
		enum bercl_status rc = s->test(s->ctx, *lo, &t, &holds, &g);
		if (rc != BERCL_OK)
			return rc;
		if (i > WIDEN_MAX)
			return BERCL_ENOCONV;
		if (!holds) {
			*g_lo = g;
			return BERCL_OK;
		}
		*lo = fmax(0.0, *lo - w);
		w *= 2.0;
	}
	return BERCL_OK;
}

/* Step 1 upward: hi moved up until it holds; lo follows each hi that does
 * not. *at_hi the tails at the hi that holds, *g_hi its gap. */
static enum bercl_status widen_up(const struct bercli_search *s, double w, double *lo,
                                  double *g_lo, double *hi, double *g_hi, bercl_tails *at_hi)
{
	for (int i = 0;; i++) {
		if (*hi > s->limit)
			*hi = s->limit;
		int holds;
		double g = NAN;
		enum bercl_status rc = s->test(s->ctx, *hi, at_hi, &holds, &g);
		if (rc != BERCL_OK)
			return rc;
		if (holds) {
			*g_hi = g;
			return BERCL_OK;
		}
		if (*hi >= s->limit)
			return BERCL_ELIMIT;
		if (i > WIDEN_MAX)
			return BERCL_ENOCONV;
		*lo = *hi;
		*g_lo = g;
		*hi = fmax(*hi + w, bercli_next_whole(*hi));
		w *= 2.0;
	}
}

/* Step 2: the next point to test inside (lo, hi), or lo where none is left. */
static double next_probe(double lo, double hi, double g_lo, double g_hi, int bisect)
{
	double width = hi - lo, mid = lo + floor(width / 2.0);
	if (!bisect && width > 4.0 && g_lo < 0 && g_hi >= 0 && isfinite(g_lo) && isfinite(g_hi)) {
		double f = g_lo / (g_lo - g_hi); /* in (0, 1] */
		double m = fmin(fmax(lo + floor(width * f), lo + 1.0), hi - 1.0);
		if (m > lo && m < hi) /* above 2^53 lo + 1 may be lo */
			mid = m;
	}
	return mid > lo && mid < hi ? mid : lo;
}

enum bercl_status bercli_first_whole(const struct bercli_search *s, double lo, double hi,
                                     double *n, bercl_tails *at_n)
{
	bercl_tails t, t_hi;
	double g_lo, g_hi = INFINITY;
	double w = fmax(1.0, hi - lo);
	enum bercl_status rc = widen_down(s, w, &lo, &g_lo);
	if (rc == BERCL_OK)
		rc = widen_up(s, w, &lo, &g_lo, &hi, &g_hi, &t_hi);
	if (rc != BERCL_OK)
		return rc;
	int last = 0, bisect = 0;
	for (int i = 0; hi - lo > 1.0; i++) {
		double width = hi - lo, mid = next_probe(lo, hi, g_lo, g_hi, bisect);
		if (mid == lo)
			break; /* above 2^53: lo and hi are adjacent doubles */
		if (i >= NARROW_MAX)
			return BERCL_ENOCONV;
		int holds;
		double g = NAN;
		if ((rc = s->test(s->ctx, mid, &t, &holds, &g)) != BERCL_OK)
			return rc;
		if (holds) {
			hi = mid;
			g_hi = g;
			t_hi = t;
			if (last == 1)
				g_lo /= 2.0; /* Illinois: the kept end pulls less */
			last = 1;
		} else {
			lo = mid;
			g_lo = g;
			if (last == -1)
				g_hi /= 2.0;
			last = -1;
		}
		bisect = !bisect && hi - lo > width / 2.0;
	}
	*n = hi;
	if (at_n)
		*at_n = t_hi;
	return BERCL_OK;
}
