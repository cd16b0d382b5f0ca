/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_histogram.c - libFuzzer harness for the --histogram reader
 * (engine/histogram.c) and the analysis it feeds (bercl_fec_histogram). The
 * first byte picks the code; the rest is the file. An accepted histogram has
 * whole, non-negative bins summing to 1..2^53, and its analysis gives
 * probabilities in [0, 1], finite logarithms at most 0, and no NaN: the tail
 * and its interval (lower <= estimate <= upper), SONiC's tail, and the
 * degraded-SER alarm at the histogram's SER on a small monitor (bytes 1, 2).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bercl.h"
#include "histogram.h"

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
	static const int codes[][3] = {{544, 514, 10}, {528, 514, 10}, {15, 9, 4}, {3, 2, 2}};
	if (size < 1)
		return 0;
	bercl_rs_code code;
	const int *c = codes[data[0] % 4];
	check(bercl_rs_code_make(c[0], c[1], c[2], &code) == BERCL_OK);
	struct memory_source m;
	struct source src = source_memory(&m, data + 1, size - 1);
	double bins[BERCL_FEC_MAX_BINS];
	char err[512];
	int rc = histogram_read(&src, "fuzz", code.t, bins, err, sizeof err);
	if (rc != 0) {
		check(err[0] != '\0');
		return 0;
	}
	double total = 0;
	for (int i = 0; i <= code.t + 1; i++) {
		check(bins[i] >= 0 && bins[i] == floor(bins[i]));
		total += bins[i];
	}
	check(total > 0 && total <= 9007199254740992.0);
	enum bercl_model model = (data[0] / 4) % 2 ? BERCL_BINOMIAL : BERCL_POISSON;
	bercl_fec_histogram_stats s;
	if (bercl_fec_histogram(&code, bins, model, 0.95, 0.05, &s) != BERCL_OK)
		return 0;
	check(prob(s.ser_estimate) && prob(s.ser_upper) && s.ser_upper >= s.ser_estimate);
	check(prob(s.cer_upper) && s.ln_cer_upper.hi <= 0 && !isnan(s.ln_cer_upper.hi));
	check(prob(s.cer_model_upper) && prob(s.cer_count_upper));
	check(s.cer_upper == (s.model_contradicted ? s.cer_count_upper : s.cer_model_upper));
	check(!s.burst || s.model_contradicted);
	if (s.has_cer_predicted)
		check(prob(s.cer_predicted) && s.ln_cer_predicted.hi <= 0);
	if (s.gof_df > 0)
		check(prob(s.gof_p) && s.ln_gof_p.hi <= 0 && !isnan(s.ln_gof_p.hi) &&
		      s.gof_stat >= 0 && s.burst == (s.gof_p < BERCL_FEC_BURST_P));
	if (s.tail_bins > 0) {
		check(prob(s.cer_tail) && s.ln_cer_tail.hi <= 0 && s.tail_r2 >= 0 && s.tail_r2 <= 1);
		/* the interval (lib/fec_tail.c) holds the estimate, every end a probability */
		check(prob(s.cer_tail_lower) && prob(s.cer_tail_upper));
		check(!isnan(s.ln_cer_tail_lower.hi) && !isnan(s.ln_cer_tail_upper.hi));
		check(s.ln_cer_tail_lower.hi <= s.ln_cer_tail.hi + 1e-9 &&
		      s.ln_cer_tail.hi <= s.ln_cer_tail_upper.hi + 1e-9);
		check(s.tail_shape >= 0 && s.tail_shape <= 2 && s.tail_dispersion >= 1);
		double flr;
		check(bercl_fec_flr(s.cer_tail_upper, 4, 8, &flr) == BERCL_OK && prob(flr));
	}
	bercl_fec_tail_stats so;
	if (bercl_fec_tail_sonic(&code, bins, &so) == BERCL_OK && so.bins > 0)
		check(so.cer_tail >= 0 && !isnan(so.cer_tail) && so.tail_r2 >= 0 && so.tail_r2 <= 1);
	/* the degraded-SER alarm at the histogram's SER, a small monitor */
	if (s.ser_estimate > 0 && s.ser_estimate < 1 && size > 2) {
		static void *work;
		if (!work)
			work = malloc(BERCL_FEC_DEGRADE_WORK_BYTES);
		check(work != NULL);
		double k = 1 + data[1] % 64, thr = data[2] % 200;
		bercl_tails t;
		enum bercl_status drc = bercl_fec_degrade_p(&code, s.ser_estimate, k, thr, work, &t);
		check(drc == BERCL_OK || drc == BERCL_ELIMIT);
		if (drc == BERCL_OK)
			check(prob(t.cl) && prob(t.one_minus_cl) && t.ln_cl.hi <= 0 &&
			      t.ln_one_minus_cl.hi <= 0 && !isnan(t.ln_cl.hi) &&
			      !isnan(t.ln_one_minus_cl.hi) && fabs(t.cl + t.one_minus_cl - 1) < 1e-9);
	}
	return 0;
}
