/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lane_rows.c - cl --lane-errors' rows (lane_rows.h).
 */
#include <math.h>
#include <stdio.h>

#include "lane_rows.h"

void lane_rows_init(struct lane_rows *s, const double *errors, int n, bercl_tails *tails)
{
	s->errors = errors;
	s->n = n;
	s->tails = tails;
	s->ok = 1;
	s->total = 0;
	s->lane_bits = NAN;
}

int lane_row_next(struct lane_rows *s, int i, const struct row *r0, struct row *r)
{
	if (i > s->n + 1)
		return 0;
	*r = *r0;
	if (i < s->n) {
		snprintf(r->lane_name, sizeof r->lane_name, "%d", i + 1);
		r->lane = r->lane_name;
		r->in.errors = s->errors[i];
		s->total += s->errors[i];
	} else if (i == s->n) {
		r->lane = "combined";
		r->in.errors = s->total;
		if (!isnan(r->in.bits))
			r->in.bits = r->in.bits * s->n;
		else
			r->in.lanes = s->n; /* bits = rate * time * lanes */
	} else {
		/* every lane below the BER at once: the lanes' bits and errors
		   together (as combined, and as watch's all row), the product CL */
		r->lane = "all";
		r->in.errors = s->total;
		r->bits = s->lane_bits * s->n;
		r->in.lanes = s->n;
	}
	return 1;
}

void lane_row_done(struct lane_rows *s, int i, const struct row *r)
{
	if (i >= s->n)
		return;
	if (r->error[0])
		s->ok = 0;
	else
		s->tails[i] = r->tails;
	s->lane_bits = r->bits;
}

enum compute_status lane_row_all(struct lane_rows *s, struct row *r)
{
	if (!s->ok) {
		snprintf(r->error, sizeof r->error, "a lane has no CL");
		return COMPUTE_OK; /* said in its error cell, not as a failure */
	}
	return compute_lanes_all(r, s->tails, s->n);
}
