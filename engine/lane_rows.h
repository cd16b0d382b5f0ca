/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lane_rows.h - cl --lane-errors: a sweep point's rows, one per lane, then
 * lane=combined (every lane's bits and errors pooled) and lane=all (the
 * same bits and errors, and the product of the lanes' CLs: every lane below
 * the BER at once, as watch's all row).
 *
 * A face runs them so:
 *   for (i = 0; lane_row_next(&s, i, r0, &r); i++) {
 *       if (i < s.n + 1) { compute_row(CMD_CL, &r) and its messages;
 *                          lane_row_done(&s, i, &r); }
 *       else lane_row_all(&s, &r);
 *       print r;
 *   }
 */
#ifndef BERCL_LANE_ROWS_H
#define BERCL_LANE_ROWS_H

#include "compute.h"
#include "row.h"

struct lane_rows {
	const double *errors; /* each lane's errors (--lane-errors) */
	int n;                /* lanes */
	bercl_tails *tails;   /* n of them, the caller's: each lane's result */
	int ok;               /* every lane so far has a CL */
	double total, lane_bits;
};

/* Start: errors[0..n), tails room for n. */
void lane_rows_init(struct lane_rows *s, const double *errors, int n, bercl_tails *tails);
/* Row i (0..n + 1) of the point r0 into r, its inputs set; 0 past the last. */
int lane_row_next(struct lane_rows *s, int i, const struct row *r0, struct row *r);
/* Row i < n computed: keep its CL and bits for the all row. */
void lane_row_done(struct lane_rows *s, int i, const struct row *r);
/* The all row (i = n + 1): computed here; COMPUTE_OK or why not (r->error). */
enum compute_status lane_row_all(struct lane_rows *s, struct row *r);

#endif
