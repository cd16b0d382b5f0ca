/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * compute.c - checks a row's quantities against each other, derives bits
 * from time (bits = rate * time * lanes) or time from bits, and calls the
 * library. The messages name the quantities as the flags and columns do.
 */
#include <math.h>
#include <stdio.h>

#include "bercl.h"
#include "compute.h"

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

static enum compute_status compute_cl(struct row *r)
{
	const struct row_input *in = &r->in;
	double lanes = isnan(in->lanes) ? 1 : in->lanes;
	if (!isnan(in->bits) && !isnan(in->time_s))
		return fail(r, COMPUTE_INPUT, "give bits or time, not both");
	if (!isnan(in->time_s)) {
		if (isnan(in->rate_bps))
			return fail(r, COMPUTE_INPUT, "time needs a rate");
		r->time_s = in->time_s;
		r->bits = in->rate_bps * in->time_s * lanes;
	} else if (!isnan(in->bits)) {
		r->bits = in->bits;
		if (!isnan(in->rate_bps))
			r->time_s = r->bits / (in->rate_bps * lanes);
	} else {
		return fail(r, COMPUTE_INPUT, "needs bits, or time and rate");
	}
	if (isnan(in->ber))
		return fail(r, COMPUTE_INPUT, "needs ber");
	if (!isfinite(r->bits))
		return fail(r, COMPUTE_INPUT, "bits overflow");
	if (in->errors > r->bits) {
		snprintf(r->error, sizeof r->error, "errors (%.0f) exceed bits (%.17g)",
		         in->errors, r->bits);
		return COMPUTE_INPUT;
	}
	/* lambda = bits * ber exactly, as hi + lo (fma gives the rounding error) */
	double lambda = r->bits * in->ber;
	double lambda_lo = fma(r->bits, in->ber, -lambda);
	if (!(lambda >= BERCL_MIN_LAMBDA && lambda <= BERCL_MAX_LAMBDA)) {
		snprintf(r->error, sizeof r->error,
		         "bits * ber = %.3g is outside [1e-300, 1e300]", lambda);
		return COMPUTE_INPUT;
	}
	if (bercl_poisson_tails(in->errors, lambda, lambda_lo, &r->tails) != BERCL_OK)
		return fail(r, COMPUTE_NUMERIC, "numerical failure in the confidence level");
	if (!isnan(in->require))
		r->verdict = passes(r->tails.cl, r->tails.one_minus_cl, in->require,
		                    in->require_complement);
	return COMPUTE_OK;
}

static enum compute_status compute_bits(struct row *r)
{
	const struct row_input *in = &r->in;
	if (!isnan(in->bits) || !isnan(in->time_s))
		return fail(r, COMPUTE_INPUT, "bits computes bits: give ber and cl, not bits or time");
	if (isnan(in->ber))
		return fail(r, COMPUTE_INPUT, "needs ber");
	if (isnan(in->cl))
		return fail(r, COMPUTE_INPUT, "needs cl (the target confidence level)");
	int rc = bercl_min_bits(in->errors, in->ber, in->cl, in->cl_complement, &r->bits,
	                        &r->tails);
	if (rc == BERCL_EDOM)
		return fail(r, COMPUTE_INPUT, "the answer is above 1e300 bits");
	if (rc != BERCL_OK)
		return fail(r, COMPUTE_NUMERIC, "numerical failure in the minimum bits");
	if (!isnan(in->rate_bps))
		r->time_s = r->bits / (in->rate_bps * (isnan(in->lanes) ? 1 : in->lanes));
	return COMPUTE_OK;
}

enum compute_status compute_row(enum command cmd, struct row *r)
{
	if (r->error[0])
		return COMPUTE_INPUT;
	if (r->in.model == MODEL_BINOMIAL)
		return fail(r, COMPUTE_INPUT, "the binomial model is not implemented yet");
	if (isnan(r->in.errors))
		r->in.errors = 0;
	return cmd == CMD_CL ? compute_cl(r) : compute_bits(r);
}
