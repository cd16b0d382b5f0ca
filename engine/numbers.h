/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * numbers.h - one number as the machine formats print it: every number so
 * that it reads back to the same double (the shortest of %.15g, %.16g,
 * %.17g that does: shortest.c), '.' as the decimal point (bercl never
 * calls setlocale()); a probability below the double range from its
 * logarithm as mantissa e exponent (3.2564076750412156e-2331).
 */
#ifndef BERCL_NUMBERS_H
#define BERCL_NUMBERS_H

#include <stddef.h>

#include "bercl.h"

/*
 * Shortest "%.Ng" that reads back to v; a whole number up to 2^53 as its
 * digits (6295793621871990, not 6.29579362187199e+15). buf holds at least
 * 32 bytes. Returns the length written (so that no caller counts it again).
 */
size_t format_double(char *buf, size_t len, double v);
/* The length snprintf wrote into a buffer of len bytes (its return n). */
size_t clamped(int n, size_t len);
/* A probability from its tails' log form, as format_double or m e x. */
size_t format_probability(char *buf, size_t len, double value, bercl_lnprob ln);

#endif
