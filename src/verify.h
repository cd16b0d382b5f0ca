/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * verify.h - --verify: the same result from GSL, and where the two differ by
 * more than 1e-9, a third opinion from a slow double-double direct sum.
 */
#ifndef BERCL_VERIFY_H
#define BERCL_VERIFY_H

#include <stddef.h>

#include "row.h"

#define VERIFY_TOLERANCE 1e-9

/*
 * Fill r->gsl_* for a computed row. Returns 1 if GSL disagrees by more than
 * VERIFY_TOLERANCE or fails, with a one-line explanation in note (which value
 * the direct sum supports), else 0.
 */
int verify_row(enum command cmd, struct row *r, char *note, size_t notelen);

/*
 * The referee: CL and 1 - CL by summing the Poisson terms one by one in
 * double-double arithmetic, with no approximation. Cost grows with errors
 * with min(errors, lambda); returns -1 (no opinion) when both exceed 1e7.
 */
int referee_tails(double errors, double lambda, bercl_lnprob *ln_cl, bercl_lnprob *ln_one_minus_cl);
/* The same for either model, X ~ Poisson(bits * ber) or Binomial(bits, ber). */
int referee_tails_model(enum bercl_model model, double errors, double bits, double ber,
                        bercl_lnprob *ln_cl, bercl_lnprob *ln_one_minus_cl);

#endif
