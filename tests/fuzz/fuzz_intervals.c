/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_intervals.c - libFuzzer harness for the --intervals reader
 * (engine/intervals.c) and the clustered answers it feeds (lib/clustered.c).
 * The first byte picks the BER and the confidence; the rest is the file. A
 * refused file has a one-line message naming the file; an accepted one has
 * whole errors, at most the bits, errored intervals no more than intervals,
 * and answers that are probabilities (cl_clustered never above the Poisson
 * CL, the bounds in [0, 1] and never inside the Poisson ones), a dispersion
 * bound of at least 1 where it is bounded, and no NaN.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"
#include "intervals.h"

static void check(int cond)
{
	if (!cond)
		abort();
}

static int prob(double p)
{
	return p >= 0 && p <= 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	struct memory_source m;
	struct source src = source_memory(&m, data + 1, size - 1);
	bercl_intervals s;
	struct intervals_note note;
	char err[512];
	/* the first byte's low bits: the form (auto, per-interval, cumulative) */
	enum intervals_form form = (enum intervals_form)((data[0] & 3) % 3);
	int rc = intervals_read(&src, "fuzz", form, &s, &note, err, sizeof err);
	if (rc != 0) {
		check(strncmp(err, "fuzz", 4) == 0 && strchr(err, '\n') == NULL);
		return 0;
	}
	check(s.intervals >= 1 && s.intervals == note.rows && s.errored <= s.intervals);
	check(s.errors >= 0 && s.errors == floor(s.errors) && s.errors <= s.bits);
	char line[512];
	intervals_describe("fuzz", &note, &s, line, sizeof line);
	bercl_dispersion d;
	check(bercl_clustered_dispersion(&s, &d) == BERCL_OK);
	if (d.has_estimate)
		check(d.dispersion >= 0 && isfinite(d.dispersion));
	if (d.bounded)
		check(d.dispersion_upper >= 1 && isfinite(d.dispersion_upper) && d.df >= 1 &&
		      d.independent_events >= 0 && d.independent_events <= s.errors);
	double ber = pow(10, -1 - (data[0] % 16));
	double cl = (data[0] / 16) % 2 ? 0.99 : 0.9;
	bercl_tails t, p;
	enum bercl_status st = bercl_clustered_cl(&s, ber, &t);
	check(st == BERCL_OK || st == BERCL_ELIMIT);
	if (st == BERCL_OK) {
		check(prob(t.cl) && prob(t.one_minus_cl) && !isnan(t.ln_cl.hi) && t.ln_cl.hi <= 0);
		if (bercl_cl(BERCL_POISSON, s.errors, s.bits, ber, &p) == BERCL_OK)
			check(t.cl <= p.cl);
	}
	double lo, up, plo, pup;
	st = bercl_clustered_ber_bounds(&s, cl, 1 - cl, data[0] >= 128, &lo, &up);
	check(st == BERCL_OK || st == BERCL_ELIMIT);
	if (st == BERCL_OK) {
		check(prob(lo) && prob(up) && lo <= up);
		if (bercl_ber_interval(BERCL_POISSON, s.errors, s.bits, cl, 1 - cl, &plo, &pup) ==
		    BERCL_OK && data[0] >= 128)
			check(lo <= plo && up >= pup);
	}
	return 0;
}
