/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bercl.h - the bercl library: confidence levels for bit-error-ratio tests.
 *
 * Pure functions on numbers: no I/O, no globals, no allocation. Errors in
 * `bits` bits at true BER `ber` are modelled as X ~ Poisson(lambda), with
 * lambda = bits * ber. For E errors seen (or allowed):
 *
 *     CL     = P[X > E]  = P(E + 1, lambda)   regularized lower incomplete gamma
 *     1 - CL = P[X <= E] = Q(E + 1, lambda)   regularized upper incomplete gamma
 *
 * Both tails are computed directly (never as 1 minus a number near 1), and
 * both are also returned as natural logarithms in double-double precision, so
 * that a value far below the double range (1 - CL = 1e-2331) keeps its digits.
 */
#ifndef BERCL_H
#define BERCL_H

#define BERCL_VERSION "0.1.0"

/* Largest error count accepted: every whole number up to 2^53 is a double. */
#define BERCL_MAX_ERRORS 9007199254740992.0
/* lambda = bits * ber must lie in [BERCL_MIN_LAMBDA, BERCL_MAX_LAMBDA]. */
#define BERCL_MIN_LAMBDA 1e-300
#define BERCL_MAX_LAMBDA 1e300

enum bercl_status {
	BERCL_OK = 0,
	BERCL_EDOM = 1,    /* an argument outside the domain documented here */
	BERCL_ENOCONV = 2, /* a numerical method failed to converge (a bug) */
};

/* The error model: X ~ Poisson(bits * ber), or exactly X ~ Binomial(bits, ber). */
enum bercl_model { BERCL_POISSON, BERCL_BINOMIAL };

/* A probability p > 0 as its natural logarithm, hi + lo (double-double). */
typedef struct {
	double hi, lo;
} bercl_log;

typedef struct {
	double cl;               /* P[X > E]; 0 if below the smallest double */
	double one_minus_cl;     /* P[X <= E]; likewise */
	bercl_log ln_cl;         /* ln of cl, always exact to ~1e-16 relative */
	bercl_log ln_one_minus_cl;
} bercl_tails;

/*
 * CL and 1 - CL for `errors` (a whole number in [0, 2^53]) and `lambda` in
 * [1e-300, 1e300]. lambda_lo extends lambda to double-double (lambda_hi +
 * lambda_lo); pass 0 for a plain double. Returns BERCL_OK or BERCL_EDOM.
 */
int bercl_poisson_tails(double errors, double lambda_hi, double lambda_lo,
                        bercl_tails *out);

/*
 * CL = P[X > E] and 1 - CL = P[X <= E] for X ~ Binomial(bits, ber), the
 * exact model: errors whole and below bits, bits whole (up to 1e300),
 * ber in (0, 1). Cost grows with the standard deviation s = sqrt(bits ber
 * (1 - ber)) only when errors is near the mean; within 40 s of the mean,
 * s must be at most BERCL_BINOMIAL_MAX_SD (else BERCL_EDOM).
 */
#define BERCL_BINOMIAL_MAX_SD 1e5
int bercl_binomial_tails(double errors, double bits, double ber, bercl_tails *out);

/* Convenience forms of bercl_poisson_tails(); NaN outside the domain. */
double bercl_poisson_cl(double errors, double lambda);
double bercl_poisson_one_minus_cl(double errors, double lambda);

/*
 * The smallest whole number of bits N with CL(N * ber) >= cl, for `errors`
 * allowed errors. The target is given twice, as cl and as one_minus_cl = 1 -
 * cl computed by the caller without rounding (so 1 - 1e-20 can be asked for).
 * Both must be in (0, 1], either one 1 only when the other is below 1e-15;
 * ber in (0, 1). Found by bisection over whole numbers,
 * bracketed by the closed form
 * N* = P^-1(cl; E+1) / ber, and checked on both sides: CL(N) >= cl > CL(N-1).
 * Above 2^53 bits, N is the smallest double with that property. `achieved`,
 * if not NULL, receives the tails at N. Returns BERCL_OK, BERCL_EDOM when
 * the answer would exceed 1e300 bits or the inputs are outside the domain.
 */
int bercl_min_bits(double errors, double ber, double cl, double one_minus_cl,
                   double *bits, bercl_tails *achieved);

/*
 * The same for either model. Binomial: the smallest whole N with
 * P[X > E | N, ber] >= cl, by bisection over whole numbers around the
 * Poisson answer (they differ by O(ber) relative).
 */
int bercl_min_bits_model(enum bercl_model model, double errors, double ber, double cl,
                         double one_minus_cl, double *bits, bercl_tails *achieved);

/*
 * The BER a measurement of `errors` errors in `bits` bits supports at
 * confidence cl (with its exact complement one_minus_cl):
 * bercl_ber_upper, the one-sided upper bound (Poisson: P^-1(cl; E+1) / bits;
 * binomial: Clopper-Pearson, P[X <= E | upper] = 1 - cl);
 * bercl_ber_interval, the two-sided interval at confidence cl (Poisson: the
 * exact Garwood interval; binomial: Clopper-Pearson); lower is 0 when E = 0.
 * Binomial bits must be whole and above errors.
 */
int bercl_ber_upper(enum bercl_model model, double errors, double bits, double cl,
                    double one_minus_cl, double *upper);
int bercl_ber_interval(enum bercl_model model, double errors, double bits, double cl,
                       double one_minus_cl, double *lower, double *upper);

/*
 * lambda = P^-1(cl; E+1): the Poisson mean at which CL reaches the target,
 * the continuous root behind bercl_min_bits(). Same target convention.
 */
int bercl_poisson_lambda_for_cl(double errors, double cl, double one_minus_cl,
                                double *lambda);

/* exp(l) as a double: 0 below the double range, never inf for l <= 0. */
double bercl_log_value(bercl_log l);

/*
 * Decimal form of exp(l) = mantissa * 10^exponent with 1 <= mantissa < 10,
 * for printing values below the double range. Returns 0, or -1 when the
 * decimal exponent exceeds 1e15 in magnitude and the mantissa is unknowable
 * in double-double: then *mantissa = log10 of the value and *exponent = 0.
 */
int bercl_log_decimal(bercl_log l, double *mantissa, long long *exponent);

/* The relative difference |a - b| / max(|a|, |b|), 0 when both are 0. */
double bercl_rel_diff(double a, double b);

#endif
