/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cl.c - the confidence level of a test under either model, the one-call
 * form of bercl_poisson_tails() and bercl_binomial_tails().
 */
#include <math.h>

#include "bercl.h"

enum bercl_status bercl_cl(enum bercl_model model, double errors, double bits, double ber,
                           bercl_tails *out)
{
	if (model == BERCL_BINOMIAL)
		return bercl_binomial_tails(errors, bits, ber, out);
	if (model != BERCL_POISSON || !(bits > 0) || !(ber > 0 && ber < 1))
		return BERCL_EDOM;
	/* lambda = bits * ber exactly, as hi + lo: fma gives the product's
	 * rounding error, so no digit of the inputs is lost. */
	double lambda = bits * ber;
	return bercl_poisson_tails(errors, lambda, fma(bits, ber, -lambda), out);
}
