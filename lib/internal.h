/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * internal.h - the library's private declarations, shared by its files and
 * never installed: pmf.c (log probabilities) and lnprob.c (bercl_lnprob
 * helpers). Hidden from libbercl.so by -fvisibility=hidden; the bercli_
 * prefix keeps them apart from the public bercl_ names in libbercl.a.
 */
#ifndef BERCL_INTERNAL_H
#define BERCL_INTERNAL_H

#include "bercl.h"
#include "dd.h"
#include "xmath.h"

/* ln |Gamma(x)|, as lgamma() but without writing signgam (lgamma.c). */
double bercli_lgamma(double x);
/* ln(exp(a) + exp(b)) without overflow (chisq.c); shared by the tails and the eye fit */
double bercli_ln_add(double a, double b);
/* stirlerr(k) = ln k! - (k + 1/2) ln k + k - ln(2 pi)/2, whole k >= 1. */
double bercli_stirlerr(double k);

/* Loader's bd0(k, x) = k ln(k/x) + x - k in double-double, k >= 1, x > 0. */
dd bercli_bd0(dd k, dd x);

/* ln(exp(-x) x^k / k!) in double-double, whole k >= 0, x > 0. */
dd bercli_ln_poisson_pmf(double k, dd x);

/* ln(s) + l for a double s of moderate size. */
bercl_lnprob bercli_lnprob_times(dd l, double s);
/* ln(1 - exp(l)) for a tail exp(l) below about 0.6. */
bercl_lnprob bercli_lnprob_complement(bercl_lnprob l);
/* Fill both tails and their plain doubles from the two logs. */
void bercli_tails_set(bercl_tails *t, bercl_lnprob ln_cl, bercl_lnprob ln_omc);

/*
 * The certified fast path (poisson_fast.c): both tails in double arithmetic
 * with a running error bound; 1 when the bound certifies them (out filled),
 * 0 when the caller must take the double-double path. Arguments checked.
 * want_ln 0: the plain doubles alone (out's logarithms are then 0, except
 * for a tail below the normal range, which comes from its logarithm).
 */
int bercli_poisson_fast(double errors, double lambda_hi, double lambda_lo, bercl_tails *out,
                        int want_ln);
/* bercli_poisson_fast() with want_ln 1, and ln_err the running error
 * bounds (absolute; at most 4e-15) of ln CL and ln(1 - CL) when certified. */
int bercli_poisson_fast_err(double errors, double lambda_hi, double lambda_lo, bercl_tails *out,
                            double ln_err[2]);
/* ln t in double-double for a normal t > 0 (poisson_fast.c's ln_fast: a
 * 64-point table and 2 atanh of the rest; about 1e-27 absolute, and
 * cheaper than dd_log). */
dd bercli_ln_fast(dd t);
/* The double-double path alone (poisson.c), for arguments already checked. */
enum bercl_status bercli_poisson_tails_dd(double errors, double lambda_hi, double lambda_lo,
                                          bercl_tails *out);

/* -ln(1 - x) in double-double for 0 < x < 1 (solve.c: about 1e-30 relative). */
dd bercli_neg_log1m(dd x);

/*
 * The Poisson minimum bits by bits_quick.c's certified route (errors <=
 * 160, cl and its complement in (0, 1)): the answer of bercl_min_bits_target(),
 * or 0 where that route cannot settle it, and always where long double is
 * not the x87 format (the caller then searches).
 * need_tails 0: the bits alone (at_cl, at_q NaN where the long-double gap
 * decided); 1: every decision from the double tails or the exact sums, and
 * at_cl, at_q the double tails at the answer.
 */
double bercli_quick_min_bits(double errors, double ber, const bercl_target *tg, int need_tails,
                             double *at_cl, double *at_q);
/* The same in two parts: the rough root, which depends on the count and the
 * target alone (1, or 0 where the route does not apply), then the answer
 * at a BER from it: bercli_quick_min_bits() is the one after the other.
 * *margin: where a Halley step certified the answer, a lower bound of the
 * share by which the compared tail there passes its target (1 - Q / (1 - C)
 * for cl > 1/2, else P / C - 1); else 0. */
int bercli_quick_root(double errors, const bercl_target *tg, double *lam, double *rel_slope);
double bercli_quick_min_bits_from(double errors, double ber, const bercl_target *tg,
                                  int need_tails, double lam, double rel_slope, double *at_cl,
                                  double *at_q, double *margin);
/* The exact root bracketed from the rough one, for many BERs (1, or 0
 * where not certain), and the answer at a BER from it (0 where the root
 * lies within the bracket's width of a bit): bits_quick.c. */
int bercli_quick_bracket(double errors, const bercl_target *tg, double lam, double lo[2],
                         double hi[2]);
double bercli_quick_bits_bracketed(double ber, const double lo[2], const double hi[2]);

/*
 * bercl_min_bits_target() by its search alone, without bits_quick.c's route
 * (solve.c): the reference tests/bits_paths holds the quick route to, bits
 * and tails.
 */
enum bercl_status bercli_min_bits_searched(enum bercl_model model, double errors, double ber,
                                           const bercl_target *target, double *bits,
                                           bercl_tails *achieved);

/* ln(C(n,k) p^k q^(n-k)) in double-double; q = 1 - p exactly. */
dd bercli_ln_binomial_pmf(double k, dd n, double p, dd q);
/* The same for whole 0 <= k < n <= 2^53 by poisson_fast.c's cheaper pieces,
 * with a running error bound: 1 with *l when it is at most
 * BERCLI_BINOM_LN_MAX absolute, else 0 (then call bercli_ln_binomial_pmf).
 * 2^-60 = 8.7e-19: a tail e^(ln b) S moves by at most 8.7e-19 relative,
 * under 0.01 ulp of a double (binomial_ref.csv's p99 stays 0.524 and
 * 0.499 ulp). Of test_binomial's seeded points within 30 sd of the mean,
 * the cheap form answers 88 % at 2^-66 and 95 % at 2^-60. */
#define BERCLI_BINOM_LN_MAX 0x1p-60
int bercli_ln_binomial_pmf_fast(double k, double n, double p, dd q, dd *l);

/* ln Q(x) and the hazard phi(x) / Q(x) of the Gaussian, any finite x
 * (normal.c). */
void bercli_normal_tail(double x, double *ln_q, double *hazard);
/* Q^-1(exp(ln_p)) for finite ln_p < 0 (normal.c). */
double bercli_q_inv_ln(double ln_p);

/* ln Q(df/2, x/2), the chi-square upper tail at x, df >= 1 (fec.c). */
double bercli_ln_chisq_upper(int df, double x);

#endif
