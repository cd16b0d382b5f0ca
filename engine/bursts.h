/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bursts.h - bercl simulate --burst-model gilbert-elliott: links whose
 * errors come in bursts, the generator that the clustered answer's tests use.
 */
#ifndef BERCL_BURSTS_H
#define BERCL_BURSTS_H

#include "bercl.h"
#include "random.h"
#include "row.h"

#define BURSTS_DEFAULT_LENGTH 10.0
#define BURSTS_DEFAULT_SHARE 1.0
#define BURSTS_MAX_INTERVALS 10000000.0
#define BURSTS_MAX_ERRORS 1e7

/* The parameters of one simulated test. */
struct bursts_test {
	double bits;          /* N */
	double interval_bits; /* B: interval i holds bits [i B, (i + 1) B) (the last one the rest) */
	double ber;           /* the true BER p */
	double length;        /* L: mean errors per burst (geometric on 1, 2, ...) */
	double share;         /* S: the share of errors that come in bursts */
};

/*
 * One test: errors of the Gilbert-Elliott channel with error probability 1
 * in the bad state (a burst: a geometric run of mean L errors) and (1 - S) p
 * in the good state, drawn as Poisson processes: independent errors at rate
 * (1 - S) p per bit, bursts at rate S p / L per bit (so the BER is p), each
 * at a uniform place and held within its interval. counts (k = ceil(N / B)
 * entries, scratch) receives the errors per interval, s (zeroed first) the
 * library's sums; returns the total errors.
 */
double bursts_draw(struct rng *rng, const struct bursts_test *t, double *counts, size_t k,
                   bercl_intervals *s);

/*
 * simulate --burst-model: r->in.trials tests of r->bits bits at r->in.ber
 * with readings every r->in.reading_interval bits (default: one interval):
 * r->one_minus_cl_sim, the fraction with at most r->in.errors errors (the
 * fixed test passes), and r->one_minus_cl_clustered_sim, the fraction with
 * cl_clustered at least the fixed test's CL, r->tails (both are at most 1 -
 * CL + noise when the answer holds). Returns NULL or why it cannot run.
 */
const char *bursts_simulate_row(struct row *r);

#endif
