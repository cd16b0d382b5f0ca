/* SPDX-License-Identifier: GPL-3.0-or-later */
/* compute.h - a row of input quantities to its results, through the library. */
#ifndef BERCL_COMPUTE_H
#define BERCL_COMPUTE_H

#include "row.h"

enum compute_status { COMPUTE_OK = 0, COMPUTE_INPUT = 2, COMPUTE_NUMERIC = 3 };

/*
 * Fill r's results for the command. On an input problem (a missing or
 * inconsistent quantity) returns COMPUTE_INPUT with the reason in r->error;
 * on a numerical failure COMPUTE_NUMERIC.
 */
enum compute_status compute_row(enum command cmd, struct row *r);

/* One per form of a subcommand (forms.c names them); compute_row() calls them. */
enum compute_status compute_cl(struct row *r);
enum compute_status compute_bits(struct row *r);
enum compute_status compute_ber(struct row *r);
enum compute_status compute_errors(struct row *r);
enum compute_status compute_plan_given(struct row *r);
enum compute_status compute_plan_design(struct row *r);
/* Release a sequential plan's table (r->seq_table), if any. */
void plan_free(struct row *r);
enum compute_status compute_simulate(struct row *r);
enum compute_status simulate_plan_given(struct row *r);
enum compute_status simulate_plan_design(struct row *r);
enum compute_status compute_fec_rate(struct row *r);
enum compute_status compute_fec_target(struct row *r);
enum compute_status compute_fec_test(struct row *r);
enum compute_status compute_fec_counts(struct row *r);
enum compute_status compute_fec_histogram(struct row *r);
enum compute_status compute_fec_degrade(struct row *r);
/* cl --lane-errors: the lane=all row from the lanes' tails. */
enum compute_status compute_lanes_all(struct row *r, const bercl_tails *lanes, int count);

#endif
