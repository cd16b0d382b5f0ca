/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * shortest.h - a double as the shortest decimal that reads back to it.
 *
 * The result is what the first of printf's "%.15g", "%.16g", "%.17g" that
 * round-trips would print, computed without printf or strtod in all but a
 * few cases in a billion (see shortest.c).
 */
#ifndef BERCL_SHORTEST_H
#define BERCL_SHORTEST_H

#include <stddef.h>
#include <stdint.h>

/* Writes at most 32 bytes including the NUL; returns the length. */
size_t shortest_double(char *buf, double v);

/*
 * A float32 (shortest_float) or a float16 given by its bits (shortest_half)
 * as the shortest decimal that reads back to it, in printf's "%.*e" form
 * ("9.5e-01"): the value numpy prints for it (repr, str), so that a level
 * typed into a float32 array is read as typed. At most 32 bytes with the
 * NUL; returns the length.
 */
size_t shortest_float(char *buf, float v);
size_t shortest_half(char *buf, uint16_t h);

/* A float16 given by its bits, exactly, as a double. */
double half_to_double(uint16_t h);

/* The 17 decimal digits of d < 10^17, leading zeros included, no NUL. */
void digits17(char *out, uint64_t d);

/* The decimal digits of u, no leading zero, no NUL (at most 20); returns how many. */
size_t whole_digits(char *out, uint64_t u);

#endif
