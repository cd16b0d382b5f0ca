/* SPDX-License-Identifier: GPL-3.0-or-later */
/* compute.h - a row of input quantities to its results, through the library. */
#ifndef BERCL_COMPUTE_H
#define BERCL_COMPUTE_H

#include <stddef.h>

#include "row.h"

enum compute_status { COMPUTE_OK = 0, COMPUTE_INPUT = 2, COMPUTE_NUMERIC = 3 };

/*
 * Fill r's results for the command. On an input problem (a missing or
 * inconsistent quantity) returns COMPUTE_INPUT with the reason in r->error;
 * on a numerical failure COMPUTE_NUMERIC.
 */
enum compute_status compute_row(enum command cmd, struct row *r);
/* The row's bit rate from --baud and --bits-per-symbol where the baud is
 * given (rate_bps = baud * bits_per_symbol, 1 where that is NaN); the
 * first step of compute_row(). */
enum compute_status compute_line_rate(struct row *r);

/* One per form of a subcommand (forms.c names them); compute_row() calls them. */
enum compute_status compute_cl(struct row *r);
enum compute_status compute_bits(struct row *r);
enum compute_status compute_ber(struct row *r);
enum compute_status compute_errors(struct row *r);
enum compute_status compute_plan_given(struct row *r);
enum compute_status compute_plan_design(struct row *r);
/*
 * bits -e E -p P -c C for one point, as every face asks it: the least whole
 * number of bits whose tails, as doubles, reach the target (the target's
 * rests from its digits, parse_probability_exact); its tails in *tails (may
 * be NULL). On failure the status and the row's message in why.
 */
enum compute_status compute_least_bits(enum bercl_model model, double errors, double ber,
                                       const bercl_target *target, double *bits,
                                       bercl_tails *tails, char *why, size_t len);
/* The same with the caller's memo of what depends on the model, count and
 * target alone (bercl.h's bercl_min_bits_memo(): zeroed before its first
 * use): the same answer. With tails NULL the bits alone: the same bits,
 * where the library certifies that the tails' doubles reach the target
 * (bercl_min_bits_margin()) without evaluating them. */
enum compute_status compute_least_bits_memo(enum bercl_model model, double errors, double ber,
                                            const bercl_target *target,
                                            bercl_bits_memo *memo, double *bits,
                                            bercl_tails *tails, char *why, size_t len);
/* A search's test over a row (arith/search.h): the row moved to n, and the
 * status of its tails kept for the caller (any failure ends the search). */
struct row_goal {
	struct row *r;
	enum compute_status st;
};

/* engine/target.c: r->error set to msg (or the library status's message);
 * st returned. */
enum compute_status compute_fail(struct row *r, enum compute_status st, const char *msg);
enum compute_status compute_lib_fail(struct row *r, enum bercl_status rc);
/* The tails at r->bits and the row's BER, under model. */
enum compute_status compute_tails_at(struct row *r, enum bercl_model model, bercl_tails *t);
/* compute_least_bits() on a row: r->bits and r->tails from r->in (model,
 * errors, ber, cl and its rests). */
enum compute_status compute_least_bits_row(struct row *r);
/* The flags that made a row's bits: "--bits", or (from_time) time x rate
 * (from_baud: baud x bits-per-symbol) x lanes. */
const char *compute_bits_flags(int from_time, int from_baud);
/*
 * The time a test of `bits` takes at `rate` bits per second in all (rate x
 * lanes), as a row's time_s is made: 0 and *t, or -1 with the command's
 * message (a time beyond the doubles names the flags that made it small).
 */
int compute_test_time(double bits, double rate, double *t, char *why, size_t len);
/* "errors E exceed the bits tested, N (the flags that made them)". */
void compute_errors_exceed(char *buf, size_t len, double errors, double bits, int from_time,
                           int from_baud);
/* The one message for a library status other than BERCL_OK (its model's
 * limits for BERCL_ELIMIT). */
const char *compute_status_message(enum bercl_model model, enum bercl_status rc);
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
