/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lgamma.c - ln |Gamma(x)| without a global write. C's lgamma() stores the
 * sign of Gamma(x) in the global `signgam` (POSIX), a data race when two
 * threads call the library; lgamma_r() is the same function (glibc, musl
 * and the BSDs compute both with one code path) with the sign returned
 * through a pointer, so the values are those lgamma() gave.
 */
#define _DEFAULT_SOURCE /* lgamma_r, outside ISO C */
#include <math.h>

#include "internal.h"

double bercli_lgamma(double x)
{
	int sign;
	return lgamma_r(x, &sign);
}
