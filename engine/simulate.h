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

/*
 * Run a plan (compute_plan_design() or compute_plan_given() has filled r: a fixed test of r->in.errors
 * errors in r->bits bits, or the sequential table r->seq_table) r->in.trials
 * times at the good BER (ber / ratio) and as often at the bad one (ber):
 * the simulated alpha, beta and mean lengths with their standard errors.
 */
const char *simulate_plan(struct row *r);

/* The row's face asks it to stop (r->in.hooks): a run returns "interrupted". */
int simulate_stopped(const struct row *r);

#endif
