/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * target.c - what every face's answer rests on and the searches that meet a
 * printed target: the one message per library status, the tails of a row
 * at its bits, and the least whole number of bits whose tails, as the
 * doubles printed, reach the target as typed. No GSL: the page's
 * WebAssembly build links this file as the command and the package do.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bercl.h"
#include "search.h"
#include "compute.h"
#include "shortest.h"

enum compute_status compute_fail(struct row *r, enum compute_status st, const char *msg)
{
	snprintf(r->error, sizeof r->error, "%s", msg);
	return st;
}

/* The documented limits, one message each whichever subcommand meets them. */
static const char binomial_limit[] =
	"beyond the binomial model's limits (at most 1e18 bits; v = bits * ber * (1 - ber) at "
	"most 1e10 unless errors is at least v / 2500 away from bits * ber; a BER bound of at "
	"least 2.2e-308): use the Poisson model when ber is small";
static const char poisson_limit[] =
	"beyond the Poisson model's range (bits * ber from 1e-300 to 1e300, at most 1e300 bits, "
	"a BER bound of at least 2.2e-308)";

const char *compute_status_message(enum bercl_model model, enum bercl_status rc)
{
	if (rc == BERCL_ELIMIT)
		return model == BERCL_BINOMIAL ? binomial_limit : poisson_limit;
	if (rc == BERCL_EDOM)
		return "a value is outside the model's domain";
	if (rc == BERCL_ENOCONV)
		return "internal error: a numerical method did not converge (please report it)";
	return "internal error: unknown status";
}

/* A library status other than BERCL_OK as the row's error. */
enum compute_status compute_lib_fail(struct row *r, enum bercl_status rc)
{
	return compute_fail(r, rc == BERCL_ELIMIT || rc == BERCL_EDOM ? COMPUTE_INPUT : COMPUTE_NUMERIC,
	            compute_status_message(r->in.model, rc));
}

/* The tails at r->bits and the row's BER, under the row's model. */
enum compute_status compute_tails_at(struct row *r, enum bercl_model model, bercl_tails *t)
{
	enum bercl_status rc;
	if (model == BERCL_BINOMIAL) {
		rc = bercl_binomial_tails(r->in.errors, r->bits, r->in.ber, t);
	} else {
		/* lambda = bits * ber exactly, as hi + lo (fma gives the rounding error) */
		double lambda = r->bits * r->in.ber;
		double lambda_lo = fma(r->bits, r->in.ber, -lambda);
		if (!(lambda >= BERCL_MIN_LAMBDA && lambda <= BERCL_MAX_LAMBDA)) {
			snprintf(r->error, sizeof r->error,
			         "bits * ber = %.3g is outside [1e-300, 1e300] (--ber or %s)", lambda,
			         compute_bits_flags(!isnan(r->in.time_s), !isnan(r->in.baud)));
			return COMPUTE_INPUT;
		}
		rc = bercl_poisson_tails(r->in.errors, lambda, lambda_lo, t);
	}
	if (rc != BERCL_OK)
		return compute_lib_fail(r, rc);
	return COMPUTE_OK;
}


/* Both printed tails on the target's side at n bits: cl >= C, 1 - cl <= 1 - C. */
static enum bercl_status printed_reaches(void *ctx, double n, bercl_tails *t, int *holds,
                                         double *gap)
{
	struct row_goal *g = ctx;
	const struct row_input *in = &g->r->in;
	(void)gap;
	g->r->bits = n;
	if ((g->st = compute_tails_at(g->r, in->model, t)) != COMPUTE_OK)
		return BERCL_EDOM;
	*holds = t->cl >= in->cl && t->one_minus_cl <= in->cl_complement;
	return BERCL_OK;
}

/*
 * The library's minimum bits reach the target by its own comparison (in
 * double-double logarithms); the doubles printed must say so too, or the
 * row would show a cl_achieved 1 ulp below its own target (seen above 1e14
 * bits), or `bercl cl --require` at these bits could fail. Where they do
 * not, the answer is the smallest number of bits from the library's on
 * whose printed tails do (the one search, arith/search.c).
 */
static enum compute_status meet_target(struct row *r)
{
	const struct row_input *in = &r->in;
	/* the library's tails at its answer first: where it decided exactly
	 * and they round just below the target, they are the target itself
	 * (bercl_min_bits_target), and N is the exact answer */
	if (r->tails.cl >= in->cl && r->tails.one_minus_cl <= in->cl_complement)
		return COMPUTE_OK;
	/* the side the target is decided on (cl for C <= 1/2, else 1 - cl) on
	 * its side, the other one, near 1, past the target's complement by no
	 * more than its own rounding: it is that complement (CL(N) reaches C,
	 * so 1 - CL(N) is at most 1 - C). Searching for bits whose doubles
	 * round the other way took 6,660 bits too many (bits -e 17 -p
	 * 1.5470520429205029e-11 -c 4.27438e-15 --model binomial: 1 - cl came
	 * out 0.9999999999999958 beside the complement 0.9999999999999957). */
	bercl_tails *lt = &r->tails;
	if (in->cl <= 0.5 && lt->cl >= in->cl &&
	    lt->one_minus_cl - in->cl_complement <= 4 * DBL_EPSILON) {
		lt->one_minus_cl = in->cl_complement;
		return COMPUTE_OK;
	}
	if (in->cl > 0.5 && lt->one_minus_cl <= in->cl_complement && in->cl - lt->cl <= 4 * DBL_EPSILON) {
		lt->cl = in->cl;
		return COMPUTE_OK;
	}
	struct row_goal g = {r, COMPUTE_OK};
	double below = bercli_prev_whole(r->bits); /* the library's answer is the least */
	struct bercli_search s = {printed_reaches, &g, DBL_MAX, below};
	double n;
	bercl_tails t;
	enum bercl_status rc = bercli_first_whole(&s, below, r->bits, &n, &t);
	if (g.st != COMPUTE_OK)
		return g.st;
	if (rc != BERCL_OK)
		return compute_fail(r, COMPUTE_NUMERIC,
		            "numerical failure: the minimum bits do not reach the target");
	r->bits = n;
	r->tails = t;
	return COMPUTE_OK;
}

/*
 * The least whole number of bits whose printed tails reach the target as
 * typed (its rests from the digits, parse_probability_exact): the library's
 * exact answer, then meet_target(). Every face's min_bits is this.
 */
static enum compute_status least_bits_row(struct row *r, bercl_bits_memo *memo, int bits_only)
{
	const struct row_input *in = &r->in;
	bercl_target target = {in->cl, in->cl_lo, in->cl_complement, in->cl_complement_lo};
	/* memo NULL: bercl_min_bits_target() */
	double margin = 0;
	enum bercl_status rc =
	        bits_only ? bercl_min_bits_margin(in->model, in->errors, in->ber, &target, memo,
	                                          &r->bits, &r->tails, &margin)
	                  : bercl_min_bits_memo(in->model, in->errors, in->ber, &target, memo,
	                                        &r->bits, &r->tails);
	if (rc != BERCL_OK)
		return compute_lib_fail(r, rc);
	/* the tails' doubles reach the target by far more than their rounding
	 * (the library's certificate; the tails were not computed): the bits
	 * meet_target() would keep */
	if (margin >= BERCL_MARGIN_PRINTED)
		return COMPUTE_OK;
	return meet_target(r);
}

enum compute_status compute_least_bits_row(struct row *r)
{
	return least_bits_row(r, NULL, 0);
}

enum compute_status compute_least_bits(enum bercl_model model, double errors, double ber,
                                       const bercl_target *target, double *bits,
                                       bercl_tails *tails, char *why, size_t len)
{
	return compute_least_bits_memo(model, errors, ber, target, NULL, bits, tails, why, len);
}

enum compute_status compute_least_bits_memo(enum bercl_model model, double errors, double ber,
                                            const bercl_target *target,
                                            bercl_bits_memo *memo, double *bits,
                                            bercl_tails *tails, char *why, size_t len)
{
	/* least_bits_row() reads the inputs set here and writes bits, tails and
	 * error; the rest of the row (1,784 bytes on x86-64) is left unset: its
	 * memset was a twentieth of a Python element's time with a CL each */
	struct row r;
	r.in = (struct row_input){.model = model,
	                          .errors = errors,
	                          .ber = ber,
	                          .cl = target->cl,
	                          .cl_lo = target->cl_lo,
	                          .cl_complement = target->one_minus_cl,
	                          .cl_complement_lo = target->one_minus_cl_lo};
	r.bits = 0;
	r.tails = (bercl_tails){0};
	r.error[0] = '\0';
	enum compute_status st = least_bits_row(&r, memo, tails == NULL);
	if (st != COMPUTE_OK) {
		snprintf(why, len, "%s", r.error);
		return st;
	}
	*bits = r.bits;
	if (tails)
		*tails = r.tails;
	return COMPUTE_OK;
}

/*
 * The flags whose product is a row's bits, for a message that blames them:
 * a tiny or huge --rate is named, not only --bits or --time.
 */
const char *compute_bits_flags(int from_time, int from_baud)
{
	if (!from_time)
		return "--bits";
	return from_baud ? "--time x --baud x --bits-per-symbol x --lanes"
	                 : "--time x --rate x --lanes";
}

void compute_errors_exceed(char *buf, size_t len, double errors, double bits, int from_time,
                           int from_baud)
{
	/* the bits as they read back (shortest), not 17 digits */
	char b[32];
	shortest_double(b, bits);
	snprintf(buf, len, "errors %.0f exceed the bits tested, %s (--errors or %s)", errors, b,
	         compute_bits_flags(from_time, from_baud));
}
