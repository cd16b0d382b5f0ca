/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * compute.c - checks a row's quantities against each other, derives bits
 * from time (bits = rate * time * lanes) or time from bits, and calls the
 * library. The messages name the quantities as the flags and columns do.
 */
#include <math.h>
#include <stdio.h>

#include "bercl.h"
#include "commands.h"
#include "compute.h"
#include "simulate.h"

static enum compute_status fail(struct row *r, enum compute_status st, const char *msg)
{
	snprintf(r->error, sizeof r->error, "%s", msg);
	return st;
}

static int passes(double cl, double one_minus_cl, double req, double req_complement)
{
	/* Compare on the smaller side, so that 1 - 1e-20 is not rounded to 1. */
	return req <= 0.5 ? cl >= req : one_minus_cl <= req_complement;
}

static double lanes_of(const struct row_input *in)
{
	return isnan(in->lanes) ? 1 : in->lanes;
}

/* bits given, or rate * time * lanes; then errors and the model's demands. */
static enum compute_status derive_bits(struct row *r)
{
	const struct row_input *in = &r->in;
	if (!isnan(in->bits) && !isnan(in->time_s))
		return fail(r, COMPUTE_INPUT, "give bits or time, not both");
	if (!isnan(in->time_s)) {
		if (isnan(in->rate_bps))
			return fail(r, COMPUTE_INPUT, "time needs a rate");
		r->time_s = in->time_s;
		r->bits = in->rate_bps * in->time_s * lanes_of(in);
	} else if (!isnan(in->bits)) {
		r->bits = in->bits;
		if (!isnan(in->rate_bps))
			r->time_s = r->bits / (in->rate_bps * lanes_of(in));
	} else {
		return fail(r, COMPUTE_INPUT, "needs bits, or time and rate");
	}
	if (!isfinite(r->bits) || r->bits > 1e300)
		return fail(r, COMPUTE_INPUT, "bits above 1e300");
	if (in->errors > r->bits) {
		snprintf(r->error, sizeof r->error, "errors (%.0f) exceed bits (%.17g)", in->errors,
		         r->bits);
		return COMPUTE_INPUT;
	}
	if (in->model == BERCL_BINOMIAL) {
		if (r->bits != floor(r->bits)) {
			snprintf(r->error, sizeof r->error,
			         "the binomial model needs a whole number of bits, not %.17g", r->bits);
			return COMPUTE_INPUT;
		}
		if (in->errors >= r->bits)
			return fail(r, COMPUTE_INPUT, "the binomial model needs errors below bits");
	}
	return COMPUTE_OK;
}

/* The tails at r->bits and the row's BER, under the row's model. */
static enum compute_status tails_at(struct row *r, enum bercl_model model, bercl_tails *t)
{
	int rc;
	if (model == BERCL_BINOMIAL) {
		rc = bercl_binomial_tails(r->in.errors, r->bits, r->in.ber, t);
		if (rc == BERCL_EDOM)
			return fail(r, COMPUTE_INPUT,
			            "binomial model: bits * ber * (1 - ber) above 1e10 near the mean is "
			            "not supported (use the Poisson model)");
	} else {
		/* lambda = bits * ber exactly, as hi + lo (fma gives the rounding error) */
		double lambda = r->bits * r->in.ber;
		double lambda_lo = fma(r->bits, r->in.ber, -lambda);
		if (!(lambda >= BERCL_MIN_LAMBDA && lambda <= BERCL_MAX_LAMBDA)) {
			snprintf(r->error, sizeof r->error,
			         "bits * ber = %.3g is outside [1e-300, 1e300]", lambda);
			return COMPUTE_INPUT;
		}
		rc = bercl_poisson_tails(r->in.errors, lambda, lambda_lo, t);
	}
	if (rc != BERCL_OK)
		return fail(r, COMPUTE_NUMERIC, "numerical failure in the confidence level");
	return COMPUTE_OK;
}

/* cl and simulate rows: bits tested and the tails at the row's BER. */
static enum compute_status tested_tails(struct row *r)
{
	enum compute_status st = derive_bits(r);
	if (st != COMPUTE_OK)
		return st;
	if (isnan(r->in.ber))
		return fail(r, COMPUTE_INPUT, "needs ber");
	return tails_at(r, r->in.model, &r->tails);
}

enum compute_status compute_cl(struct row *r)
{
	const struct row_input *in = &r->in;
	enum compute_status st = tested_tails(r);
	if (st != COMPUTE_OK)
		return st;
	if (in->model == BERCL_BINOMIAL) {
		bercl_tails p;
		if (tails_at(r, BERCL_POISSON, &p) == COMPUTE_OK)
			r->poisson_alt = p.cl;
	}
	if (!isnan(in->require))
		r->verdict = passes(r->tails.cl, r->tails.one_minus_cl, in->require,
		                    in->require_complement);
	return COMPUTE_OK;
}

enum compute_status compute_bits(struct row *r)
{
	const struct row_input *in = &r->in;
	if (!isnan(in->bits) || !isnan(in->time_s))
		return fail(r, COMPUTE_INPUT, "bits computes bits: give ber and cl, not bits or time");
	if (isnan(in->ber))
		return fail(r, COMPUTE_INPUT, "needs ber");
	if (isnan(in->cl))
		return fail(r, COMPUTE_INPUT, "needs cl (the target confidence level)");
	int rc = bercl_min_bits(in->model, in->errors, in->ber, in->cl, in->cl_complement,
	                              &r->bits, &r->tails);
	if (rc == BERCL_EDOM)
		return fail(r, COMPUTE_INPUT, "the answer is above 1e300 bits");
	if (rc != BERCL_OK)
		return fail(r, COMPUTE_NUMERIC, "numerical failure in the minimum bits");
	if (in->model == BERCL_BINOMIAL) {
		double n;
		if (bercl_min_bits(BERCL_POISSON, in->errors, in->ber, in->cl, in->cl_complement, &n, NULL) ==
		    BERCL_OK)
			r->poisson_alt = n;
	}
	if (!isnan(in->rate_bps))
		r->time_s = r->bits / (in->rate_bps * lanes_of(in));
	return COMPUTE_OK;
}

enum compute_status compute_ber(struct row *r)
{
	const struct row_input *in = &r->in;
	enum compute_status st = derive_bits(r);
	if (st != COMPUTE_OK)
		return st;
	if (isnan(in->cl))
		return fail(r, COMPUTE_INPUT, "needs cl (the confidence level of the bound)");
	r->ber_estimate = in->errors / r->bits;
	int rc = in->two_sided
	                 ? bercl_ber_interval(in->model, in->errors, r->bits, in->cl,
	                                      in->cl_complement, &r->ber_lower, &r->ber_upper)
	                 : bercl_ber_upper(in->model, in->errors, r->bits, in->cl,
	                                   in->cl_complement, &r->ber_upper);
	if (rc == BERCL_EDOM)
		return fail(r, COMPUTE_INPUT, "no BER bound in range for these values");
	if (rc != BERCL_OK)
		return fail(r, COMPUTE_NUMERIC, "numerical failure in the BER bound");
	if (in->model == BERCL_BINOMIAL) { /* the Poisson upper bound, for comparison */
		double lo, up;
		rc = in->two_sided ? bercl_ber_interval(BERCL_POISSON, in->errors, r->bits, in->cl,
		                                        in->cl_complement, &lo, &up)
		                   : bercl_ber_upper(BERCL_POISSON, in->errors, r->bits, in->cl,
		                                     in->cl_complement, &up);
		if (rc == BERCL_OK)
			r->poisson_alt = up;
	}
	return COMPUTE_OK;
}

enum compute_status compute_simulate(struct row *r)
{
	enum compute_status st = tested_tails(r);
	if (st != COMPUTE_OK)
		return st;
	const char *why = simulate_row(r);
	return why ? fail(r, COMPUTE_INPUT, why) : COMPUTE_OK;
}

enum compute_status compute_row(enum command cmd, struct row *r)
{
	if (r->error[0])
		return COMPUTE_INPUT;
	if (isnan(r->in.errors))
		r->in.errors = 0;
	if ((unsigned)cmd >= NCOMMANDS)
		return fail(r, COMPUTE_NUMERIC, "unknown command");
	return commands[cmd].compute(r);
}
