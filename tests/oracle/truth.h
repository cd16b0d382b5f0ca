/* SPDX-License-Identifier: GPL-3.0-or-later */
/* truth.h - the oracle's MPFR arithmetic (truth.c); no code shared with lib/. */
#ifndef ORACLE_TRUTH_H
#define ORACLE_TRUTH_H

#include <mpfr.h>

#define PREC 256

/* Once, before anything else: widens the exponent range, builds the nodes. */
void truth_init(void);

/*
 * ln P[X <= E] and ln P[X > E] for X ~ Poisson(x) (binomial = 0; N unused)
 * or X ~ Binomial(N, x) (binomial = 1, whole N >= E). Returns 0, or -1 if a
 * quadrature did not settle (the values are then doubtful).
 */
int truth_tails(mpfr_t ln_le, mpfr_t ln_gt, int binomial, double E, double N, const mpfr_t x);

/* ln P[X = E] for X ~ Poisson(x) (binomial = 0; N unused) or Binomial(N, x). */
void truth_ln_pmf(mpfr_t out, int binomial, double E, double N, const mpfr_t x);

/*
 * The x (Poisson mean, or binomial p) at which ln P[X > E] (side = 1) or
 * ln P[X <= E] (side = 0) equals ln_target, starting from guess.
 * Returns 0, or -1 if it did not converge.
 */
int truth_root(mpfr_t root, int binomial, double E, double N, int side, const mpfr_t ln_target,
               double guess);

/*
 * 802.3's degraded-SER alarm (truth_degrade.c): ln P[Y <= S] and ln P[Y > S]
 * for Y the sum of K codewords' counted symbol errors, each min(B, t + 1),
 * B ~ Binomial(n, ser). Returns 0, or -1 if the values are doubtful.
 */
int truth_degrade(mpfr_t ln_le, mpfr_t ln_gt, int n, int t, double ser, double K, double S);

#endif
