/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * search.h - the first whole number at which a monotone test holds: the
 * one search behind the library's minimum bits (lib/solve.c) and all-lanes
 * bits (lib/lanes.c), and the engine's `errors` and printed-target
 * searches (engine/compute.c, engine/target.c). A numerical method, not the
 * library's subject, so it sits in arith/ beside the arithmetic both use:
 * compiled into libbercl.a (hidden from libbercl.so), never installed.
 */
#ifndef BERCL_SEARCH_H
#define BERCL_SEARCH_H

#include "bercl.h"

/*
 * The test at the whole number n: *holds 1 or 0, *t what the caller keeps
 * of the answer (the tails there), *gap a measure of how far the test is
 * from holding, negative where it does not hold and increasing in n (or
 * left NAN: the search then bisects). Any status but BERCL_OK ends the
 * search with that status.
 */
typedef enum bercl_status (*bercli_test_fn)(void *ctx, double n, bercl_tails *t, int *holds,
                                            double *gap);

struct bercli_search {
	bercli_test_fn test;
	void *ctx;
	double limit;    /* the answer is at most this (else BERCL_ELIMIT) */
	double known_no; /* n at most this is known not to hold, untested (0: none) */
};

/*
 * The smallest whole n (above 2^53 the smallest double) at which the test
 * holds, from a guess lo below it and a guess hi at or above it: returns
 * BERCL_OK with *n and *at_n (the test's tails at *n; may be NULL),
 * BERCL_ELIMIT when it does not hold at the limit, BERCL_ENOCONV past the
 * iteration caps (80 widenings each way, 400 narrowing steps), or the
 * test's own status. See search.c for the method.
 */
enum bercl_status bercli_first_whole(const struct bercli_search *s, double lo, double hi,
                                     double *n, bercl_tails *at_n);

/* The whole number after n, and before it (above 2^53: the next double). */
double bercli_next_whole(double n);
double bercli_prev_whole(double n);

#endif
