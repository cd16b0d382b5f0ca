/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bercl.h - libbercl, confidence levels for bit-error-ratio tests: the one
 * public header of the library (see bercl(3)).
 *
 * Errors in `bits` bits at true BER `ber` are modelled as X ~ Poisson(lambda),
 * lambda = bits * ber, or exactly as X ~ Binomial(bits, ber). For E errors
 * seen (or allowed):
 *
 *     CL     = P[X > E]  = P(E + 1, lambda)   regularized lower incomplete gamma
 *     1 - CL = P[X <= E] = Q(E + 1, lambda)   regularized upper incomplete gamma
 *
 * Both tails are computed directly (never as 1 minus a number near 1), and
 * both are also returned as natural logarithms in double-double precision, so
 * that a value far below the double range (1 - CL = 1e-2331) keeps its digits.
 *
 * Contract of every function here:
 * - Pure: no I/O, no allocation, no global or static mutable state, so every
 *   function is safe to call from any number of threads at once.
 * - Floating point: IEEE 754 binary64 in round-to-nearest (the default
 *   environment); the library neither reads nor changes the floating-point
 *   environment's flags beyond what arithmetic raises. Arguments that are NaN
 *   or infinite are domain errors (BERCL_EDOM), never propagated.
 * - Status: functions that can fail return an enum bercl_status and write
 *   their results only on BERCL_OK (the arrays of the sequential plans,
 *   which are also their scratch space, aside); bercl_strerror() names each
 *   status. With BERCL_OK no result is NaN or infinite, and every
 *   probability (tails, BER bounds, risks, SER, CER) lies in [0, 1].
 * - Logarithms: a bercl_lnprob is finite, except ln 0 = -inf (hi = -inf,
 *   lo = 0) for a probability that is exactly 0 (the binomial CL at
 *   E = bits); every function that takes one accepts that.
 * - Targets: a target is given twice, as cl and as its exact complement
 *   one_minus_cl (see bercl_min_bits()). Both must be in (0, 1], add to 1
 *   within their roundings (|cl + one_minus_cl - 1| <= 4 DBL_EPSILON), and
 *   either may be 1 only when the other is below 1e-15; otherwise
 *   BERCL_EDOM. A side below DBL_MIN (a subnormal target, whose digits are
 *   lost) gives BERCL_ELIMIT.
 * - Pointers: result pointers must not be NULL unless the comment says
 *   "may be NULL"; the library does not check them.
 */
#ifndef BERCL_H
#define BERCL_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The version: the one place it is written (the Makefile reads it from here).
 * BERCL_VERSION_NUMBER is 0xMMmmpp, comparable with <.
 */
#define BERCL_VERSION_MAJOR 0
#define BERCL_VERSION_MINOR 5
#define BERCL_VERSION_PATCH 0
#define BERCL_VERSION_STRING "0.5.0"
#define BERCL_VERSION_NUMBER \
	((BERCL_VERSION_MAJOR << 16) | (BERCL_VERSION_MINOR << 8) | BERCL_VERSION_PATCH)

/*
 * BERCL_API marks the exported functions: the library is built with hidden
 * visibility, so only what this header declares is visible in libbercl.so.
 */
#if defined(BERCL_BUILDING) && defined(__GNUC__)
#define BERCL_API __attribute__((visibility("default")))
#else
#define BERCL_API
#endif

/* The version of the library actually linked: BERCL_VERSION_NUMBER and
 * BERCL_VERSION_STRING as they were when it was built. */
BERCL_API int bercl_version(void);
BERCL_API const char *bercl_version_string(void);

/* Largest error count accepted: every whole number up to 2^53 is a double. */
#define BERCL_MAX_ERRORS 9007199254740992.0
/* lambda = bits * ber must lie in [BERCL_MIN_LAMBDA, BERCL_MAX_LAMBDA]. */
#define BERCL_MIN_LAMBDA 1e-300
#define BERCL_MAX_LAMBDA 1e300

enum bercl_status {
	BERCL_OK = 0,
	BERCL_EDOM = 1,    /* an argument outside the mathematical domain */
	BERCL_ELIMIT = 2,  /* inside the domain, beyond a documented work or range limit */
	BERCL_ENOCONV = 3, /* a numerical method failed to converge (a bug: report it) */
};

/* A short English description of a status, for messages; never NULL. */
BERCL_API const char *bercl_strerror(enum bercl_status status);

/* The error model: X ~ Poisson(bits * ber), or exactly X ~ Binomial(bits, ber). */
enum bercl_model { BERCL_POISSON, BERCL_BINOMIAL };

/* A probability p > 0 as its natural logarithm ln p = hi + lo (double-double). */
typedef struct {
	double hi, lo;
} bercl_lnprob;

typedef struct {
	double cl;               /* P[X > E]; 0 if below the smallest double */
	double one_minus_cl;     /* P[X <= E]; likewise */
	bercl_lnprob ln_cl;         /* ln of cl, always exact to ~1e-16 relative */
	bercl_lnprob ln_one_minus_cl;
} bercl_tails;

/*
 * CL and 1 - CL for `errors` (a whole number in [0, 2^53]) and `lambda` in
 * [1e-300, 1e300]. lambda_lo extends lambda to double-double (lambda_hi +
 * lambda_lo); pass 0 for a plain double. The pair must be normalized:
 * lambda_hi + lambda_lo rounds to lambda_hi (|lambda_lo| at most half an
 * ulp of lambda_hi, as fma(bits, ber, -lambda_hi) gives it); a larger or
 * non-finite lambda_lo is BERCL_EDOM. Returns BERCL_OK or BERCL_EDOM.
 */
BERCL_API enum bercl_status
bercl_poisson_tails(double errors, double lambda_hi, double lambda_lo,
                    bercl_tails *out);

/*
 * CL = P[X > E] and 1 - CL = P[X <= E] for X ~ Binomial(bits, ber), the
 * exact model: errors whole in [0, bits] (E = bits gives CL = 0), bits
 * whole, ber in (0, 1); else BERCL_EDOM. Limits (BERCL_ELIMIT beyond them):
 * bits at most BERCL_BINOMIAL_MAX_BITS, and, because the cost grows with the
 * variance v = bits ber (1 - ber) as v / |errors + 1/2 - bits ber|, v at
 * most BERCL_BINOMIAL_MAX_SD^2 (1e10) unless errors + 1/2 is at least
 * v / BERCL_BINOMIAL_FAR from bits ber (at v = 1e10 that is 40 standard
 * deviations).
 */
#define BERCL_BINOMIAL_MAX_BITS 1e18
#define BERCL_BINOMIAL_MAX_SD 1e5
#define BERCL_BINOMIAL_FAR 2500.0
BERCL_API enum bercl_status
bercl_binomial_tails(double errors, double bits, double ber,
                     bercl_tails *out);

/*
 * CL and 1 - CL alone, the doubles bercl_binomial_tails() gives (the same
 * domain, limits and statuses), without their logarithms where the values
 * do not need them: the cheaper call when plain doubles are all you need.
 * Either pointer may be NULL: that tail is then not computed where it
 * would cost a sum of its own (half the work where the tail summed first
 * is above 1/2).
 */
BERCL_API enum bercl_status
bercl_binomial_values(double errors, double bits, double ber, double *cl,
                      double *one_minus_cl);

/*
 * The confidence level of a test of `bits` bits that saw `errors` errors,
 * at true BER `ber`, under either model: bercl_poisson_tails() at lambda =
 * bits * ber taken exactly (double-double), or bercl_binomial_tails().
 * bits > 0, ber in (0, 1).
 */
BERCL_API enum bercl_status
bercl_cl(enum bercl_model model, double errors, double bits, double ber, bercl_tails *out);

/*
 * CL and 1 - CL alone, as bercl_poisson_tails() gives them (the same
 * domain, lambda_lo included; the same accuracy) but without their logarithms: the cheaper call
 * when plain doubles are all you need. A tail below the smallest normal
 * double is returned as its nearest double (subnormal or 0).
 */
BERCL_API enum bercl_status
bercl_poisson_values(double errors, double lambda_hi, double lambda_lo, double *cl,
                     double *one_minus_cl);

/* Convenience forms of bercl_poisson_values(); NaN outside the domain. */
BERCL_API double bercl_poisson_cl(double errors, double lambda);
BERCL_API double bercl_poisson_one_minus_cl(double errors, double lambda);

/*
 * The smallest whole number of bits N with CL(N * ber) >= cl, for `errors`
 * allowed errors. The target is given twice, as cl and as one_minus_cl = 1 -
 * cl computed by the caller without rounding (so 1 - 1e-20 can be asked for).
 * Both must be in (0, 1], add to 1, either one 1 only when the other is
 * below 1e-15 (the target rules at the top of this file); ber in (0, 1).
 * Poisson: from Temme's uniform asymptotic inverse of the incomplete gamma
 * function, Halley's method over whole numbers, each step the same test
 * of CL(N) against the target, until N reaches it and N - 1 does not
 * (N - 1 either tested or certain from N's tails by Taylor's theorem);
 * where that does not settle in a few steps, and for the binomial model, a
 * bracketed search over whole numbers (Illinois regula falsi with bisection
 * steps) around the closed form N* = P^-1(cl; E+1) / ber. Either way
 * CL(N) >= cl > CL(N-1).
 * Above 2^53 bits, N is the smallest double with that property. For E = 0
 * (both models), and for E <= 400 with lambda = N ber in [1e-10, 575]
 * (binomial also N (-ln(1 - ber)) <= 700) and the compared target (1 - cl
 * for cl > 1/2, else cl) at least 1e-250, each comparison near the target is exact
 * (double-double), so N is exact against the target as given (the double
 * cl, or with bercl_min_bits_target() the decimal itself); otherwise
 * double-precision tails decide (a bit or two off is possible above about
 * 1e15 bits). `achieved` (may be NULL) receives the tails
 * at N (the target itself where N reaches it exactly but they round just
 * below: the side compared rounded towards meeting it, so that it reads
 * as met). Binomial: the smallest whole N with
 * P[X > E | N, ber] >= cl, by the same search around the Poisson
 * answer (they differ by O(ber) relative). Returns BERCL_OK, BERCL_EDOM when
 * the inputs are outside the domain, BERCL_ELIMIT when the answer would
 * exceed 1e300 bits (binomial: BERCL_BINOMIAL_MAX_BITS) or meet the
 * binomial work limit.
 */
BERCL_API enum bercl_status
bercl_min_bits(enum bercl_model model, double errors, double ber,
               double cl, double one_minus_cl, double *bits,
               bercl_tails *achieved);

/*
 * A target in double-double: cl + cl_lo and one_minus_cl + one_minus_cl_lo,
 * each low part normalized (cl + cl_lo rounds to cl) and finite. A decimal
 * target such as 0.95 lies between doubles; with its low parts computed
 * from the digits (bercl(1) does), the exact comparisons decide against the
 * decimal, not against its nearest double: near 1e15 bits the two answers
 * can differ by a bit. The side compared is one_minus_cl + one_minus_cl_lo
 * for cl > 1/2, else cl + cl_lo.
 */
typedef struct {
	double cl, cl_lo;
	double one_minus_cl, one_minus_cl_lo;
} bercl_target;

/*
 * bercl_min_bits() against a double-double target (low parts 0: the same
 * answer). BERCL_EDOM as bercl_min_bits(), and for a low part that is not
 * finite or not normalized. `achieved`, where N reaches the target but the
 * tails round to just below it, receives the target itself (rounded).
 */
BERCL_API enum bercl_status
bercl_min_bits_target(enum bercl_model model, double errors, double ber,
                      const bercl_target *target, double *bits, bercl_tails *achieved);

/*
 * A target pair checked against the target rules at the top of this file:
 * BERCL_OK; BERCL_EDOM outside (0, 1] (NaN included), not adding to 1, or
 * 1 with a complement of 1e-15 or more; BERCL_ELIMIT when a side is below
 * DBL_MIN. Every function that takes a target returns this status for it.
 */
BERCL_API enum bercl_status bercl_target_check(double cl, double one_minus_cl);

/*
 * bercl_min_bits_target() for many BERs at one model, count and target:
 * what its answer needs of the model, the count and the target alone (the
 * quick route's rough root, the tails' constant, the target's logarithm,
 * and from the memo's second use a certified bracket of the exact root,
 * from which most BERs take their bits by two exact products) is kept in
 * *memo. Zero it before the first call (bercl_bits_memo m =
 * {0};); a call with the model, count and target the memo was filled for
 * takes them from it, any other fills it anew. The answer and the status
 * are exactly bercl_min_bits_target()'s. memo may be NULL (then it is
 * bercl_min_bits_target()). The fields are the library's: read or write
 * none. Reentrant; one memo must not be used by two threads at once.
 */
typedef struct {
	int valid, model, quick_ok, bracket;
	double errors, target[4];
	double lam, rel_slope, pmf_c, ln_hi, ln_lo;
	double root_lo[2], root_hi[2];
} bercl_bits_memo;
BERCL_API enum bercl_status
bercl_min_bits_memo(enum bercl_model model, double errors, double ber,
                    const bercl_target *target, bercl_bits_memo *memo, double *bits,
                    bercl_tails *achieved);

/*
 * bercl_min_bits_memo()'s status and bits, with *margin: a lower bound,
 * certified, of the share by which the tail compared at *bits passes the
 * target (1 - Q / (1 - C) for cl > 1/2, where Q = 1 - CL(N); else CL(N) / C
 * - 1), or 0 where the route that found the bits gives none (it gives one
 * for the Poisson model, errors <= 160, on the x87 long double, where it
 * settles the bits without a search and they are the search's: at a memo's
 * first use for a target, not from the bracket of its later ones). The
 * doubles of bercl_poisson_tails() lie within 4e-15 relative of the truth
 * (certified on its fast path, measured on the other), and the target's
 * double within 2^-53 of its exact value, so where *margin is at least
 * BERCL_MARGIN_PRINTED (1e-14: the share beyond which the library's own
 * search lets the Poisson tails decide by their sign) they reach the
 * target too, and *bits is also the least whole number
 * whose printed tails reach it: there *achieved (if not NULL) is not
 * computed and holds NaNs; elsewhere it is bercl_min_bits_memo()'s. For a
 * caller that wants the bits alone as the printed tails decide them (the
 * engine's min_bits), without evaluating the tails where they cannot
 * matter. memo as bercl_min_bits_memo() takes it, or NULL.
 */
#define BERCL_MARGIN_PRINTED 1e-14
BERCL_API enum bercl_status
bercl_min_bits_margin(enum bercl_model model, double errors, double ber,
                      const bercl_target *target, bercl_bits_memo *memo, double *bits,
                      bercl_tails *achieved, double *margin);

/*
 * The BER a measurement of `errors` errors in `bits` bits supports at
 * confidence cl (with its exact complement one_minus_cl):
 * bercl_ber_upper, the one-sided upper bound (Poisson: P^-1(cl; E+1) / bits;
 * binomial: Clopper-Pearson, P[X <= E | upper] = 1 - cl);
 * bercl_ber_interval, the two-sided interval at confidence cl (Poisson: the
 * exact Garwood interval; binomial: Clopper-Pearson); lower is 0 when E = 0.
 * Binomial bits must be whole and at least errors (E = bits: upper 1, lower
 * (a/2)^(1/bits)); bits in (0, 1e300]. A Poisson bound is a rate, lambda /
 * bits, and is not a probability where it exceeds 1 (E = 0 in 1 bit at 95 %:
 * 3.0): the model is past its range there, and the bound returned is 1,
 * which every BER meets (the binomial model gives the exact bound below 1).
 * BERCL_ELIMIT when a bound falls below the normal doubles, when lambda
 * falls outside [1e-300, 1e300], when the interval's a/2 = one_minus_cl / 2
 * is below DBL_MIN, or when the binomial limits are met. Target pair as at
 * the top of this file.
 */
BERCL_API enum bercl_status
bercl_ber_upper(enum bercl_model model, double errors, double bits,
                double cl, double one_minus_cl, double *upper);
BERCL_API enum bercl_status
bercl_ber_interval(enum bercl_model model, double errors, double bits,
                   double cl, double one_minus_cl, double *lower,
                   double *upper);

/*
 * The Poisson BER bounds for many test lengths at one count and target.
 * bercl_ber_roots_find() finds what depends on the count and the target
 * alone: the root lambda of P[X > E | lambda] = cl (two_sided 0), or the
 * two roots of the interval (two_sided 1: at 1 - a/2 for E and at a/2 for
 * E - 1, a = one_minus_cl), each with its rest in double-double and its
 * status, and keeps them in *roots with the count and the target. Unlike
 * the rule at the top of this file, *roots is written whatever the status
 * returned (BERCL_OK, or the first root's failure): bercl_ber_bounds_at()
 * then gives that status for every bits.
 * bercl_ber_bounds_at() gives at `bits` exactly the doubles and the status
 * of bercl_ber_upper(BERCL_POISSON, ...) (*upper; *lower, which may be
 * NULL, 0) or, two_sided, of bercl_ber_interval(BERCL_POISSON, ...), each
 * bound rounded once from the root and bits.
 */
typedef struct {
	double errors, cl, one_minus_cl;
	int two_sided;
	int status[2]; /* each root's enum bercl_status */
	double lambda[2], lambda_lo[2];
} bercl_ber_roots;
BERCL_API enum bercl_status
bercl_ber_roots_find(double errors, double cl, double one_minus_cl, int two_sided,
                     bercl_ber_roots *roots);
BERCL_API enum bercl_status
bercl_ber_bounds_at(const bercl_ber_roots *roots, double bits, double *lower, double *upper);

/*
 * lambda = P^-1(cl; E+1): the Poisson mean at which CL reaches the target,
 * the continuous root behind bercl_min_bits() for the Poisson model. Same
 * target convention. BERCL_ELIMIT when the root lies outside [1e-300,
 * 1e300].
 */
BERCL_API enum bercl_status
bercl_poisson_lambda_for_cl(double errors, double cl, double one_minus_cl,
                            double *lambda);

/* exp(l) as a double: 0 below the double range and for ln 0 = -inf, never
 * inf for l <= 0 (so in [0, 1] there); NaN where either field is NaN or
 * their sum has no value (inf - inf). lo need not be hi's rounding error:
 * where |lo| > 2^-20 (an infinite lo included) the value is exp(hi + lo). */
BERCL_API double bercl_lnprob_value(bercl_lnprob l);

/*
 * Decimal form of exp(l) = mantissa * 10^exponent with 1 <= mantissa < 10,
 * for printing values below the double range. Returns 0, or -1 when the
 * decimal exponent exceeds 1e15 in magnitude and the mantissa is unknowable
 * in double-double: then *mantissa = log10 of the value and *exponent = 0.
 * ln 0 (hi = -inf) gives 0 with *mantissa = 0 and *exponent = 0: the value
 * 0. A NaN or +inf hi, or a non-finite lo, returns -2 and writes nothing.
 */
BERCL_API int bercl_lnprob_decimal(bercl_lnprob l, double *mantissa, long long *exponent);

/*
 * log10 of exp(l): l / ln 10 in double-double, rounded once to the nearest
 * double: the same rounding as the mantissa that bercl_lnprob_decimal()
 * gives beyond 1e15 decades, so a log10 column and a 10^x form of one value
 * agree to the last digit. -inf for l.hi = -inf (the value 0), NaN when l
 * is NaN or +inf (no logarithm of a probability).
 */
BERCL_API double bercl_lnprob_log10(bercl_lnprob l);

/* The relative difference |a - b| / max(|a|, |b|), 0 when both are 0, NaN
 * when either is NaN or infinite. */
BERCL_API double bercl_rel_diff(double a, double b);

/*
 * Test plans (lib/plan.c). A test accepts a link whose BER is at most
 * ber / ratio ("good") and rejects one at ber ("bad"): alpha = P[reject |
 * good] (producer's risk), beta = P[accept | bad] = 1 - CL (consumer's risk).
 * Risks are in (0, 1), ratio in (1, 1e6], ber in (0, 1).
 */
typedef struct {
	double errors; /* most errors allowed: accept with at most this many */
	double bits;   /* test length, whole bits */
	double alpha;  /* exact P[more than errors | lambda = bits ber / ratio] */
	double beta;   /* exact P[at most errors | lambda = bits ber] */
} bercl_plan;

/* The exact alpha and beta of a fixed test: `bits` whole, `errors` allowed. */
BERCL_API enum bercl_status
bercl_plan_risks(double errors, double bits, double ber, double ratio,
                 double *alpha, double *beta);

/*
 * The shortest fixed test (smallest whole number of bits, then the errors
 * it allows) with exact risks at most alpha and beta. BERCL_EDOM when the
 * inputs are outside the domain, BERCL_ELIMIT when the plan would exceed
 * 1e300 bits or 2^40 errors.
 */
BERCL_API enum bercl_status
bercl_plan_fixed(double ber, double alpha, double beta, double ratio,
                 bercl_plan *out);

/* Outcome of a plan at a true BER: pass and fail probabilities, mean length. */
typedef struct {
	double p_pass, p_fail;
	double expected_bits;
} bercl_plan_outcome;

typedef struct {
	double max_errors;         /* rows 0..max_errors; error max_errors + 1 fails */
	double max_bits;           /* truncation: at most this many bits */
	double wald_alpha, wald_beta; /* the risks that place Wald's lines (0: none) */
	double alpha, beta;        /* exact risks of the truncated plan */
	double expected_bits_good, expected_bits_bad; /* exact mean lengths */
} bercl_sequential_plan;

/*
 * Wald's SPRT lines for wald_alpha, wald_beta, truncated at the fixed plan
 * `trunc` (never longer than trunc->bits; error trunc->errors + 1 fails):
 * rows k = 0..trunc->errors of pass_bits (pass once this many bits show at
 * most k errors) and fail_bits (fail when error k + 1 arrives by this bit;
 * 0: never). Both columns non-decreasing, fail_bits[k] <= pass_bits[k].
 */
BERCL_API enum bercl_status
bercl_plan_sequential_table(double ber, double ratio, double wald_alpha,
                            double wald_beta, const bercl_plan *trunc,
                            double *pass_bits, double *fail_bits);

/*
 * The exact outcome of a sequential table (rows 0..max_errors, as above,
 * the last row closing with fail_bits = pass_bits) for errors arriving as a
 * Poisson process at ber_true per bit. `work` holds 2 (max_errors + 1)
 * doubles, scratch space.
 */
BERCL_API enum bercl_status
bercl_plan_sequential_outcome(const double *pass_bits, const double *fail_bits,
                              double max_errors, double ber_true, double *work,
                              bercl_plan_outcome *out);

/*
 * The same table checked only at readings every `interval` bits (at
 * interval, 2 interval, ...), as bercl watch runs it: at a reading of t
 * bits with k errors it fails when k > max_errors or k >= 1 and t <=
 * fail_bits[k - 1], else passes when t >= pass_bits[k], else goes on. The
 * exact probabilities that it passes and that it fails for errors arriving
 * as a Poisson process at ber_true per bit (a dynamic program over the error
 * count at the readings; lib/plan.c states the method): with ber_true the
 * good BER, *p_fail is alpha_actual; with the bad BER, *p_pass is
 * beta_actual. interval in [1, 1e300] bits with at most 2^52 readings up to
 * pass_bits[max_errors] (else BERCL_EDOM). `work` holds 2 (max_errors + 1)
 * doubles. Cost: that of bercl_plan_sequential_outcome(), whatever the
 * interval.
 */
BERCL_API enum bercl_status
bercl_plan_sequential_at_readings(const double *pass_bits, const double *fail_bits,
                                  double max_errors, double ber_true, double interval,
                                  double *work, double *p_pass, double *p_fail);

/*
 * The truncated sequential plan for the targets alpha, beta: Wald's lines,
 * truncated at a fixed plan at most 1.5 times as long as bercl_plan_fixed()'s
 * (lib/plan.c says which), lowered until the exact risks of the truncated
 * plan meet both targets. bercl_plan_sequential_rows() gives the number of
 * rows to provide (an upper bound); pass_bits and fail_bits receive
 * out->max_errors + 1 rows (they and work, 2 rows doubles, are scratch
 * space during the design, so their contents are unspecified unless the
 * call returns BERCL_OK; *out is written only then). BERCL_ELIMIT when
 * the design would take more than 2e7 Poisson terms per evaluation (rows x
 * the error counts between Wald's lines squared: D = 1.1 at 5 % is 6.6e6,
 * D = 1.05 is 9e7).
 */
BERCL_API enum bercl_status
bercl_plan_sequential_rows(double ber, double alpha, double beta, double ratio,
                           double *rows);
BERCL_API enum bercl_status
bercl_plan_sequential(double ber, double alpha, double beta, double ratio,
                      double rows, double *pass_bits, double *fail_bits,
                      double *work, bercl_sequential_plan *out);

/* ---- FEC: Reed-Solomon codeword error ratios (lib/fec.c) ---- */

/*
 * RS(n, k) over m-bit symbols, correcting t = floor((n - k) / 2) symbols per
 * codeword. IEEE 802.3 clause 91: KR4 = RS(528,514), KP4 = RS(544,514), m = 10.
 */
typedef struct {
	int n, k, m, t;
} bercl_rs_code;

/* Fill *code: 1 <= m <= 16, 1 <= k < n <= 2^m + 1. BERCL_OK or BERCL_EDOM. */
BERCL_API enum bercl_status
bercl_rs_code_make(int n, int k, int m, bercl_rs_code *code);

/* ser = 1 - (1 - ber)^m, ber in [1e-300, 1/2]. */
BERCL_API enum bercl_status
bercl_fec_ser(const bercl_rs_code *code, double ber, double *ser);

/* What a pre-FEC BER gives, with independent bit errors. */
typedef struct {
	double ser;              /* symbol error ratio */
	double cer;              /* codeword error ratio P[Binomial(n, ser) > t]; 0 below the double range */
	double post_fec_ber;     /* (ber / ser) E[i; i > t] / n; likewise */
	bercl_lnprob ln_cer;        /* ln cer, ~1e-15 relative in cer */
	bercl_lnprob ln_one_minus_cer;
	bercl_lnprob ln_post_fec_ber;
} bercl_fec_rates;

/* ser, cer and post_fec_ber at pre-FEC BER ber in [1e-300, 1/2]. */
BERCL_API enum bercl_status
bercl_fec_rates_from_ber(const bercl_rs_code *code, double ber, bercl_fec_rates *out);

/* ln cer for a symbol error ratio ser in (0, 1). */
BERCL_API enum bercl_status
bercl_fec_cer_from_ser(const bercl_rs_code *code, double ser, bercl_lnprob *ln_cer);

/*
 * ber_max: the pre-FEC BER at which cer equals the target cer in (0, 1) (the
 * largest BER with cer <= target), to a few units in the last place.
 * BERCL_ELIMIT when it lies outside [1e-300, 1/2].
 */
BERCL_API enum bercl_status
bercl_fec_ber_max(const bercl_rs_code *code, double cer, double *ber);

/* A histogram has t + 2 bins: codewords with 0 .. t corrected symbols, then
 * the uncorrectable ones; at most BERCL_FEC_MAX_BINS (else BERCL_ELIMIT). */
#define BERCL_FEC_MAX_BINS 1026
/* burst is set where the goodness-of-fit p-value is below this. */
#define BERCL_FEC_BURST_P 0.001

typedef struct {
	double codewords, uncorrectable;
	double symbol_errors;    /* an uncorrectable codeword counted as t + 1 */
	double ser_estimate;     /* symbol_errors / (n codewords): a lower bound when uncorrectable > 0 */
	double ser_upper;        /* upper bound on ser at the CL, an uncorrectable codeword counted
	                            as n errored symbols (the most it can hold) */
	int has_cer_predicted;   /* 0 when ser_estimate = 0 (then cer_predicted = 0) */
	double cer_predicted;
	bercl_lnprob ln_cer_predicted;
	double cer_model_upper;  /* cer at ser_upper (the independent-error model) */
	bercl_lnprob ln_cer_model_upper;
	double cer_count_upper;  /* Clopper-Pearson upper bound on uncorrectable / codewords */
	int model_contradicted;  /* burst, or P[Binomial(codewords, cer_model_upper) >=
	                            uncorrectable] < 1 - cl */
	double cer_upper;        /* cer_model_upper, or cer_count_upper when model_contradicted */
	bercl_lnprob ln_cer_upper;
	int gof_df;              /* 0: too few pooled bins for a test; gof fields unset */
	double gof_stat;         /* Pearson's chi-square */
	double gof_p;            /* its p-value against Binomial(n, ser_estimate) */
	bercl_lnprob ln_gof_p;
	int burst;               /* gof_p < BERCL_FEC_BURST_P */
	int tail_bins;           /* bins in the tail fit (bercl_fec_tail); 0: no fit, tail
	                            fields unset */
	double cer_tail, tail_r2;
	bercl_lnprob ln_cer_tail;
	double cer_tail_lower, cer_tail_upper; /* its interval at cl */
	bercl_lnprob ln_cer_tail_lower, ln_cer_tail_upper;
	double tail_shape, tail_dispersion;    /* bercl_fec_tail_stats' shape, dispersion */
} bercl_fec_histogram_stats;

/*
 * Analyse a FEC histogram: bins[0 .. t + 1] whole counts adding to at least
 * 1 and at most 2^53 codewords (see lib/fec.c for every formula), the ser
 * bound at confidence cl (with its exact complement one_minus_cl, the target
 * rules at the top of this file) under `model`.
 */
BERCL_API enum bercl_status
bercl_fec_histogram(const bercl_rs_code *code, const double *bins, enum bercl_model model,
                    double cl, double one_minus_cl, bercl_fec_histogram_stats *out);

/*
 * The same from grouped bins, as ethtool reports them: group j counts
 * count[j] codewords with lo[j] .. hi[j] corrected symbols, groups in
 * increasing order within 0 .. t (bins between them count 0), the last
 * group lo = t + 1 the uncorrectable codewords (as bercl_fec_tail takes
 * them). Single bins give bercl_fec_histogram's answer exactly; with a
 * group spanning several counts, ser_estimate is the maximum-likelihood
 * estimate from the groups (symbol_errors its expected count), ser_upper
 * counts each group at its highest, gof pools groups, and the tail is
 * bercl_fec_tail's on the groups (see lib/fec.c). ngroups in [1,
 * BERCL_FEC_MAX_BINS], counts whole, adding to at least 1 and at most 2^53,
 * and the groups as above (the uncorrectable group last), else BERCL_EDOM.
 */
BERCL_API enum bercl_status
bercl_fec_histogram_groups(const bercl_rs_code *code, const int *lo, const int *hi,
                           const double *count, int ngroups, enum bercl_model model, double cl,
                           double one_minus_cl, bercl_fec_histogram_stats *out);

/* ---- FEC: the histogram's tail (lib/fec_tail.c) ---- */

/* The tail fit keeps at most this many of the top bins with codewords. */
#define BERCL_FEC_TAIL_BINS 6

typedef struct {
	int bins;                 /* bins (groups) in the fit, the uncorrectable one
	                             not counted; 0: no fit, the rest unset */
	double cer_tail;          /* the predicted codeword error ratio */
	double cer_tail_lower, cer_tail_upper; /* its interval at cl (likelihood only) */
	double tail_r2;           /* how well the fitted curve passes through the bins */
	double shape;             /* likelihood: c in [0, 2] (1 binomial, 0 geometric) */
	double dispersion;        /* likelihood: max(1, deviance / (groups - 3)), which widens
	                             the interval where the curve misses the bins */
	double tail_p;            /* likelihood: the deviance's chi-square p-value (groups - 3
	                             degrees of freedom; 1 with none) */
	int counted;              /* likelihood: tail_p < BERCL_FEC_BURST_P with uncorrectable
	                             codewords counted: cer_tail is their ratio and the
	                             interval their Clopper-Pearson interval at cl */
	double sonic_slope, sonic_intercept;   /* SONiC: the log10 line */
	bercl_lnprob ln_cer_tail, ln_cer_tail_lower, ln_cer_tail_upper;
} bercl_fec_tail_stats;

/*
 * The tail beyond t by maximum likelihood, with its profile-likelihood
 * interval at confidence cl (two-sided; one_minus_cl its exact complement,
 * both in (0, 1], as bercl_min_bits takes them): see lib/fec_tail.c. Group j counts count[j] codewords with
 * lo[j] .. hi[j] corrected symbols (lo = hi for a plain bin); groups in
 * increasing order, not overlapping, within 0 .. t, and the last group,
 * lo = t + 1 (hi ignored), the uncorrectable codewords. Bins not covered
 * count 0. Counts whole in [0, 2^53] (their sum may pass 2^53), adding to
 * more than 0; ngroups in [1, BERCL_FEC_MAX_BINS]; else, and for groups
 * out of order or without the uncorrectable one last, BERCL_EDOM. No fit
 * (bins = 0) with fewer than 2 groups above bin 0 holding codewords;
 * `bins` counts the empty bins above the lowest kept one too, so it can
 * exceed BERCL_FEC_TAIL_BINS.
 */
BERCL_API enum bercl_status
bercl_fec_tail(const bercl_rs_code *code, const int *lo, const int *hi, const double *count,
               int ngroups, double cl, double one_minus_cl, bercl_fec_tail_stats *out);

/*
 * SONiC's prediction (sonic-swss orchagent/port_flr.lua): bins[0 .. t] as
 * bercl_fec_histogram's (the uncorrectable bin is not read), the
 * least-squares line through log10 of the shares of the bins 1 .. t with
 * more than 10 codewords, cer_tail its sum over x = t + 1 .. t + 6 and
 * tail_r2 its R^2; bins = 0 with fewer than 2 such bins. bins[0 .. t] whole
 * in [0, 2^53], else BERCL_EDOM (also for a code with t + 2 above
 * BERCL_FEC_MAX_BINS); cer_tail at most 1 (a rising line says nothing);
 * BERCL_ELIMIT where the line's sum is not finite.
 */
BERCL_API enum bercl_status
bercl_fec_tail_sonic(const bercl_rs_code *code, const double *bins, bercl_fec_tail_stats *out);

/* ---- FEC: frame loss (lib/fec_flr.c) ---- */

/* Frames per codeword by default: SONiC's mfc, minimum-size frames. */
#define BERCL_FEC_FRAMES_PER_CODEWORD 8.0

/*
 * flr = cer (1 + X F) / F, at most 1: X codewords interleaved (whole, 1 ..
 * 64), F frames per codeword (in (0, 1e6]); cer in [0, 1]; else BERCL_EDOM.
 * See lib/fec_flr.c.
 */
BERCL_API enum bercl_status
bercl_fec_flr(double cer, double interleave, double frames_per_codeword, double *flr);

/* The interleave of a port at rate_bps: 1 below 200G (and for NaN), 2 below
 * 800G, else 4. */
BERCL_API double bercl_fec_interleave_default(double rate_bps);

/* ---- FEC: the degraded-SER monitor (lib/fec_degrade.c) ---- */

/*
 * 802.3's FEC_degraded_SER: the alarm is raised when more than `threshold`
 * symbol errors are counted in an interval of `interval` codewords, an
 * uncorrectable codeword counting as t + 1. With independent symbol errors
 * at ratio ser, bercl_fec_degrade_p gives out->cl = degrade_p = P[Y > S]
 * (one interval raises the alarm) and out->one_minus_cl = P[Y <= S], both
 * with their logarithms, exactly (an exponentially tilted convolution power
 * in double-double, the same bits on every target: see lib/fec_degrade.c). interval whole in [1,
 * BERCL_FEC_DEGRADE_MAX_INTERVAL], threshold whole in [0, 2^53], ser in
 * (0, 1), else BERCL_EDOM;
 * work holds BERCL_FEC_DEGRADE_WORK_BYTES bytes (aligned as malloc's).
 * BERCL_ELIMIT when the distribution's window would exceed
 * BERCL_FEC_DEGRADE_MAX_WIDTH entries: about interval times the variance of
 * one codeword's count above 8e5 (KP4: 600,000 codewords at 1.3 symbol
 * errors per codeword, 150,000 at 5.4; any interval where most codewords
 * are uncorrectable).
 */
#define BERCL_FEC_DEGRADE_MAX_INTERVAL 4294967295.0
#define BERCL_FEC_DEGRADE_MAX_WIDTH 32768
#define BERCL_FEC_DEGRADE_WORK_BYTES (6 * BERCL_FEC_DEGRADE_MAX_WIDTH * sizeof(double))
BERCL_API enum bercl_status
bercl_fec_degrade_p(const bercl_rs_code *code, double ser, double interval, double threshold,
                    void *work, bercl_tails *out);

/*
 * The inverse: the SER in [1e-300, 1/2] at which degrade_p = p, p in (0, 1)
 * (p = 1/2: the SER the monitor is set to; for a mean time T between alarms
 * at a line rate, p = interval n m / (rate T)); interval and threshold as
 * bercl_fec_degrade_p() takes them. BERCL_EDOM outside these domains and
 * when threshold >= interval (t + 1) (the alarm can never fire),
 * BERCL_ELIMIT when the root lies outside the range.
 */
BERCL_API enum bercl_status
bercl_fec_degrade_ser(const bercl_rs_code *code, double interval, double threshold, double p,
                      void *work, double *ser);

/*
 * The mean time between alarms: an interval of `interval` codewords of n m
 * bits lasts interval n m / rate_bps seconds at the line rate (the FEC
 * stream's bit rate, all lanes), and intervals raise the alarm
 * independently with probability degrade_p, so the mean time is that
 * over degrade_p. interval >= 1 and rate_bps > 0, both finite (interval
 * need not be whole here), degrade_p in [0, 1], else BERCL_EDOM;
 * BERCL_ELIMIT when the time is not finite (degrade_p 0, or below ~1e-308
 * of the interval's length).
 */
BERCL_API enum bercl_status
bercl_fec_degrade_mean_time(const bercl_rs_code *code, double interval, double rate_bps,
                            double degrade_p, double *seconds);

/* ---- Lanes (lib/lanes.c) ---- */

/*
 * The confidence that every one of `count` independent lanes is below its
 * BER: CL_all = prod CL_j, with 1 - CL_all computed without cancellation.
 * count >= 1; each lane's tails as the library gives them (values in [0, 1],
 * logarithms at most 0 and finite, except ln_cl = -inf for a CL of 0, which
 * makes CL_all 0), else BERCL_EDOM.
 */
BERCL_API enum bercl_status
bercl_lanes_all(const bercl_tails *lanes, int count, bercl_tails *all);

/*
 * The smallest whole number of bits per lane N at which `lanes` lanes at BER
 * ber, each allowing `errors` errors, all reach cl together: CL(N)^lanes >=
 * cl > CL(N - 1)^lanes (each lane at cl^(1/lanes)). Target convention as
 * bercl_min_bits(); lanes in [1, 1e6]. `achieved` (may be NULL) receives
 * CL(N)^lanes.
 */
BERCL_API enum bercl_status
bercl_min_bits_all_lanes(enum bercl_model model, double errors, double ber, double cl,
                         double one_minus_cl, int lanes, double *bits, bercl_tails *achieved);

/*
 * Each lane's share of an all-lanes target, the target
 * bercl_min_bits_all_lanes() sets each of `lanes` lanes (in [1, 1e6]):
 * cl^(1/lanes) and its complement into *out, their logarithms as doubles
 * (lo 0). For cl <= 1/2 from double-double logarithms (ln(cl) / lanes in
 * doubles is off by |ln cl| ulps once exponentiated: 1e-200 over 2 lanes
 * gave 9.99999999999989e-101), else from log1p(-one_minus_cl). Target
 * convention as bercl_min_bits().
 */
BERCL_API enum bercl_status
bercl_lane_target(double cl, double one_minus_cl, int lanes, bercl_tails *out);

/*
 * Whether the all-lanes tails `all` (bercl_lanes_all()) reach the target
 * cl: *meets 1 or 0, decided as bercl_min_bits_all_lanes() decides, on the
 * double-double logarithm of the smaller side of the target (ln CL_all
 * against ln cl for cl <= 1/2, else ln(1 - CL_all) against
 * ln(one_minus_cl)), not on the product of the lane doubles, which is off
 * by up to a rounding a lane: the bits bercl_min_bits_all_lanes() gives
 * meet the target and one fewer does not. BERCL_EDOM for a bad target, or
 * a logarithm in `all` that is NaN, above 0, or with a lo that is not
 * finite (ln 0 = -inf, with lo 0, is accepted: a CL of 0 meets no target, a
 * 1 - CL of 0 every one).
 */
BERCL_API enum bercl_status
bercl_lanes_meet(const bercl_tails *all, double cl, double one_minus_cl, int *meets);

/* ---- Clustered errors (lib/clustered.c) ---- */

/*
 * A test logged as intervals (bits n_i, errors x_i each), accumulated in one
 * pass: counts and running moments, no interval stored. Start from an
 * all-zero struct (bercl_intervals s = {0};) and add each interval; the
 * fields are the library's, read them only through the functions below
 * (intervals, errored, bits and errors are the totals k, J, N and X).
 */
typedef struct {
	double intervals;  /* k: intervals added */
	double errored;    /* J: intervals with at least one error */
	double bits;       /* N = sum n_i (rounded; with bits_lo, double-double) */
	double errors;     /* X = sum x_i */
	double bits_lo;
	double sum_a, sum_a_lo; /* sum x_i^2 / n_i, double-double */
	double a2_ratio;   /* sum a_i^2 / (sum a_i)^2, a_i = x_i^2 / n_i */
} bercl_intervals;

/*
 * Add one interval: bits > 0 and finite, errors whole in [0, bits], else
 * BERCL_EDOM (s unchanged); BERCL_ELIMIT (s unchanged) when the total
 * errors would exceed 2^53, the total bits 1e300.
 */
BERCL_API enum bercl_status
bercl_intervals_add(bercl_intervals *s, double bits, double errors);

/*
 * The dispersion of the intervals' error counts (quasi-Poisson: Var x_i =
 * phi n_i p; 1 for independent errors, about 2L - 1 for bursts of mean L
 * errors). has_estimate: k >= 2 and X > 0, then `dispersion` is Pearson's
 * X2 / (k - 1) (below 1 where the counts are more even than Poisson's).
 * bounded: df >= 1, where df = min(k - 1, F min(J - 1, floor((sum a_i)^2 /
 * sum a_i^2))), a_i = x_i^2 / n_i (the effective number of intervals that
 * carry the estimate: about X for independent errors, about the bursts'
 * number, weighted by size, for bursts), F = 2 where every errored
 * interval holds one error (X = J), else 1; then dispersion_upper the 75 % upper confidence bound max(1, df
 * max(1, dispersion) / chi2_df(0.25)) that the clustered answers use, and
 * independent_events = X / dispersion_upper, the number of independent
 * errors the test is worth. Not bounded (no errors, all in one interval:
 * one burst of unknown size, or one burst dominating the rest): df, dispersion_upper and
 * independent_events are 0. BERCL_EDOM for a struct not built by
 * bercl_intervals_add() from zero as far as its fields show it: no
 * interval, a field that is not finite, a negative count, more errored
 * intervals than intervals, errors above 2^53, or errored intervals
 * without errors (or errors without them); fields made up otherwise give
 * an answer that keeps every promise of this file, or BERCL_EDOM.
 */
typedef struct {
	double intervals, errored;  /* k and J */
	int has_estimate;
	double dispersion;
	int bounded;
	double df;
	double dispersion_upper;
	double independent_events;
} bercl_dispersion;
BERCL_API enum bercl_status
bercl_clustered_dispersion(const bercl_intervals *s, bercl_dispersion *out);

/*
 * cl_clustered: the confidence that the BER is below `ber`, in (0, 1), that
 * holds when errors cluster within intervals: the Poisson tails of e =
 * ceil(X / dispersion_upper) events at lambda = N ber / dispersion_upper
 * (exactly bercl_cl(BERCL_POISSON, X, N, ber) where dispersion_upper is 1),
 * or the Poisson tails of X at N ber where those are the smaller CL.
 * Not bounded: cl 0, one_minus_cl 1 (ln_cl = -inf): no claim holds without
 * a bound on the burst size. BERCL_ELIMIT when lambda leaves [1e-300,
 * 1e300]. Method, validity and the simulation behind it: lib/clustered.c.
 */
BERCL_API enum bercl_status
bercl_clustered_cl(const bercl_intervals *s, double ber, bercl_tails *out);

/*
 * ber_upper_clustered (and with two_sided, the interval [lower, upper] at
 * confidence cl; one-sided, lower is 0): bercl_ber_upper() or
 * bercl_ber_interval() for the Poisson model at N / dispersion_upper bits,
 * with ceil(X / dispersion_upper) events for the upper end and floor(X /
 * dispersion_upper) for the lower, widened to the Poisson bounds of X in N
 * bits where those are wider. Not bounded: [0, 1]. Target pair as at
 * the top of this file; BERCL_ELIMIT as bercl_ber_upper().
 */
BERCL_API enum bercl_status
bercl_clustered_ber_bounds(const bercl_intervals *s, double cl, double one_minus_cl,
                           int two_sided, double *lower, double *upper);

/* ---- Eye and bathtub scans (lib/normal.c, lib/eye_fit.c) ---- */

/*
 * The Gaussian upper tail Q(x) = P[Z > x] = erfc(x / sqrt 2) / 2 (x not
 * NaN; Q(-inf) = 1, Q(inf) = 0), and its natural logarithm (x finite; ln Q
 * stays finite where Q underflows: ln Q(40) = -804.6...; BERCL_ELIMIT for x
 * above 1e154, where ln Q nears the end of the doubles); Q^-1(p) for 0 < p
 * < 1, and from ln p < 0 finite (p down to the smallest doubles and
 * below). BERCL_EDOM outside these domains. Methods, accuracy and sources:
 * lib/normal.c.
 */
BERCL_API enum bercl_status bercl_q(double x, double *q);
BERCL_API enum bercl_status bercl_ln_q(double x, double *ln_q);
BERCL_API enum bercl_status bercl_q_inv(double p, double *x);
BERCL_API enum bercl_status bercl_q_inv_ln(double ln_p, double *x);

/* A scan holds at most this many points (the fit keeps its mask on the stack). */
#define BERCL_EYE_MAX_POINTS 4096
/* The points fitted by default: observed BER below 1e-3, the tails. */
#define BERCL_EYE_FIT_BELOW 1e-3

enum bercl_eye_axis { BERCL_EYE_TIME, BERCL_EYE_VOLTAGE };
enum bercl_eye_method { BERCL_EYE_LIKELIHOOD, BERCL_EYE_REGRESSION };

/*
 * A scan: n points (1 .. BERCL_EYE_MAX_POINTS), each an offset (finite,
 * |offset| <= 1e12; UI on the time axis), the bits compared there (in [1,
 * 1e300]) and the errors counted (whole, 0 .. bits, at most 2^53). edge may
 * be NULL; else per point 0 (left, or lower rail), 1 (right, or upper), -1
 * (not said: the side follows from the offset, lib/eye_fit.c). A NULL
 * scan, options, offset, bits or errors is BERCL_EDOM, as is any point
 * outside these domains.
 */
typedef struct {
	const double *offset;
	const double *bits;
	const double *errors;
	const signed char *edge;
	int n;
} bercl_eye_scan;

/*
 * rho: the tails' amplitude in [1e-6, 1] (time: the transition density,
 * 0.5 for PRBS), or 0 to fit it per edge (time, likelihood only); the
 * voltage axis takes 0.5 (Bergano's model: any other rho is BERCL_EDOM). fit_below in (0, 1]: the
 * points whose observed BER is below it are fitted (BERCL_EYE_FIT_BELOW).
 * cl, one_minus_cl: the intervals' confidence, the target rules at the top
 * of this file.
 */
typedef struct {
	enum bercl_eye_axis axis;
	enum bercl_eye_method method;
	double rho;
	double fit_below;
	double cl, one_minus_cl;
} bercl_eye_options;

/* A value and its interval (likelihood; regression: lower = upper = value). */
typedef struct {
	double value, lower, upper;
} bercl_eye_estimate;

/* The scan's sides: fitted points per edge, distinct offsets with errors
 * per edge among them, the number each edge needs (2, or 3 with rho
 * fitted), and the offset that divides the sides. */
typedef struct {
	int points[2];
	int with_errors[2];
	int needed;
	double centre;
} bercl_eye_sides_count;

typedef struct {
	int points;                   /* fitted points on this side (regression: those
	                                 with errors, the line's points) */
	bercl_eye_estimate mu, sigma; /* the inner Dirac (rail mean) and the rms width */
	double rho;                   /* fitted, or as given */
	double r_squared;             /* this side's Q-space regression */
} bercl_eye_edge;

typedef struct {
	enum bercl_eye_axis axis;
	enum bercl_eye_method method;
	int intervals;                /* 1: the estimates carry intervals (likelihood) */
	bercl_eye_edge edge[2];
	bercl_eye_estimate rj, dj;    /* time: (sigma_0 + sigma_1) / 2, 1 - (mu_1 - mu_0) */
	bercl_eye_estimate q;         /* voltage: (mu_1 - mu_0) / (sigma_0 + sigma_1) */
	double threshold;             /* voltage: Bergano's threshold */
	double ber_at_threshold;      /* voltage: Q(q) */
	double deviance;              /* likelihood: -2 ln(L / L_saturated) */
	int df;                       /* pooled groups - parameters (a fitted rho on a bound
	                                 of [1e-6, 1] not counted); 0 or less: no test */
	double fit_p;                 /* Pearson's chi-square p-value of the groups of fitted
	                                 points, each expecting at least 5 errors (1 with df < 1) */
	double r_squared;             /* the smaller side's R^2 of the regression */
	double params[6];             /* mu, ln sigma, rho of each edge, for bercl_eye_at */
	double ln_likelihood;
} bercl_eye_stats;

typedef struct {
	double ber;
	bercl_eye_estimate eye_opening; /* offset units */
	bercl_eye_estimate tj;          /* time: 1 - eye_opening (UI) */
} bercl_eye_at_ber;

/*
 * The sides of a scan as the fit splits them (to say which edge lacks
 * points before fitting). BERCL_EDOM for a point or an option outside
 * the domains above.
 */
BERCL_API enum bercl_status
bercl_eye_sides(const bercl_eye_scan *scan, const bercl_eye_options *opt,
                bercl_eye_sides_count *out);

/*
 * The fit (model, rule of points, method, intervals: lib/eye_fit.c): each
 * edge, RJ and DJ (time) or Q (voltage), the goodness of fit. BERCL_EDOM
 * also where an edge has fewer distinct offsets with errors than it
 * needs, or where the regression's line of a side does not fall into the
 * eye; BERCL_ELIMIT where the fit needs more than its work limit (1e7
 * evaluations of a point's likelihood: a scan far from every eye);
 * BERCL_ENOCONV where the fit or an interval end was not found.
 */
BERCL_API enum bercl_status
bercl_eye_fit(const bercl_eye_scan *scan, const bercl_eye_options *opt, bercl_eye_stats *out);

/*
 * The eye opening and TJ at target BER ber (0 < ber < each edge's rho,
 * fit->params[2] and [5], else BERCL_EDOM), with profile-likelihood
 * intervals where the fit has them; scan and opt those of the fit (checked
 * as bercl_eye_fit() checks them); BERCL_ELIMIT and BERCL_ENOCONV as there.
 */
BERCL_API enum bercl_status
bercl_eye_at(const bercl_eye_scan *scan, const bercl_eye_options *opt, const bercl_eye_stats *fit,
             double ber, bercl_eye_at_ber *out);

/*
 * A scan plan: for n proposed offsets, a rough eye (params as
 * bercl_eye_stats' params: mu, ln sigma, rho of each edge) and opt, the
 * bits per offset (the same at each) at which the interval of the eye
 * opening at ber is expected to have half-width half_width (offset
 * units): the Wald approximation of lib/eye_fit.c, rounded up. offset
 * not NULL, n in [1, BERCL_EYE_MAX_POINTS], each |offset| <= 1e12; params
 * finite, each ln sigma in (-700, 700) and each rho in [1e-6, 1]; ber in
 * (0, 1) below both rho; half_width > 0 and finite; else BERCL_EDOM, as
 * where the offsets leave an edge's tail unscanned. BERCL_ELIMIT where
 * the answer would exceed 1e300 bits.
 */
BERCL_API enum bercl_status
bercl_eye_plan(const double *offset, int n, const bercl_eye_options *opt, const double params[6],
               double ber, double half_width, double *bits_per_offset);

#ifdef __cplusplus
}
#endif

#endif
