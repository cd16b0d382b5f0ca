/* SPDX-License-Identifier: GPL-3.0-or-later */
/* simulate.h - Monte Carlo check of a confidence level (bercl simulate). */
#ifndef BERCL_SIMULATE_H
#define BERCL_SIMULATE_H

#include "row.h"

#define SIMULATE_DEFAULT_TRIALS 1000000.0
#define SIMULATE_DEFAULT_SEED 1.0

/*
 * Run r->in.trials simulated tests of r->bits bits at a true BER of exactly
 * r->in.ber and set r->one_minus_cl_sim (the fraction seeing at most
 * r->in.errors errors) and r->sim_stderr. Returns NULL or why it cannot.
 */
const char *simulate_row(struct row *r);

#endif
