/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * human.h - numbers for people (the text format), rounded to the safe side.
 *
 * What a person reads must be safe to act on: a required test time is
 * rounded up, a tested one down; a computed confidence level is rounded
 * down, so that it never reads as meeting a target it misses; a target is
 * shown with exactly the digits it has. The machine formats do not use
 * these: they print every number in full (format.h).
 */
#ifndef BERCL_HUMAN_H
#define BERCL_HUMAN_H

#include <stddef.h>

#include "bercl.h"

enum rounding { ROUND_DOWN = -1, ROUND_NEAREST = 0, ROUND_UP = 1 };

/*
 * v with `sig` significant digits, rounded in direction dir, as a double
 * whose "%.{sig}g" text reads back to a value on that side of v.
 */
double human_round_sig(double v, int sig, enum rounding dir);
/* 5025.43 s, dir up -> "1 h 23 min 45.5 s"; a day or more in whole seconds. */
void human_duration(char *buf, size_t len, double seconds, enum rounding dir);
/* A target confidence level as given: 0.95 -> "95.0000 %", 1 - 1e-13 -> "99.99999999999 %". */
void human_target_percent(char *buf, size_t len, double cl, double complement);
/*
 * A computed confidence level, rounded down (from its logarithm when tiny),
 * with at least `decimals` decimals: those of the target it is read
 * against (human_decimals() of its text), so that a CL that meets the
 * target never reads below it, and one that misses never reads as it.
 */
void human_cl_percent(char *buf, size_t len, const bercl_tails *t, size_t decimals);
/* The same from cl and 1 - cl. */
void human_percent_down(char *buf, size_t len, double cl, double one_minus_cl,
                        size_t decimals);
/* The number of decimals of the number in s ("95.0000 %" -> 4). */
size_t human_decimals(const char *s);
/* A probability with 6 significant digits (from its logarithm below the double range). */
void human_probability(char *buf, size_t len, double value, bercl_lnprob ln, enum rounding dir);
/* 25.78125e9, "b/s" -> "25.78125 Gb/s" */
void human_si(char *buf, size_t len, double v, const char *unit);

/*
 * Columns a UTF-8 string takes on a terminal: 0 for combining marks, 2 for
 * East Asian wide and fullwidth characters, 1 for the rest (and for each
 * byte that is not valid UTF-8).
 */
size_t display_width(const char *s);
/*
 * The valid UTF-8 sequence at s (n bytes available): its length (1 to 4)
 * and code point, or 0 if s does not start one.
 */
int utf8_decode(const unsigned char *s, size_t n, unsigned *cp);

#endif
