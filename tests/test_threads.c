/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_threads.c - the library and the engine called from 8 threads at
 * once give, bit for bit, what one thread gives: min_bits (both models, the
 * engine's least-bits search), cl, the FEC histogram with its tail fit, the
 * CL syntax, and the later families: Q, the degraded-SER monitor, the
 * clustered CL, the eye's regression fit and a grouped histogram (whose
 * tail is bercl_fec_tail's). Under ThreadSanitizer (make check-tsan) it also shows that no
 * call writes shared state (lgamma()'s signgam, a global counter).
 */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bercl.h"
#include "compute.h"
#include "parse.h"

#define NTHREADS 8
#define NPOINTS 64
#define NOUT 18

static const char *const cls[] = {"95%", "0.99", "4.27438e-15", "0.999999999999", "60%", "1e-9"};

/* One point's answers, every double of them, from the seed i. */
static void answers(int i, double *out)
{
	double errors = (i * 7) % 40, ber = pow(10.0, -4.0 - (i % 11));
	double cl, omc, cl_lo, omc_lo, bits;
	bercl_tails t;
	memset(out, 0, NOUT * sizeof *out);
	assert_null(parse_probability_exact(cls[i % 6], &cl, &omc, &cl_lo, &omc_lo));
	bercl_target target = {cl, cl_lo, omc, omc_lo};
	char why[256];
	for (int m = 0; m < 2; m++) {
		if (bercl_min_bits(m, errors, ber, cl, omc, &out[m], NULL) != BERCL_OK)
			out[m] = -1;
		if (compute_least_bits(m, errors, ber, &target, &bits, &t, why, sizeof why) ==
		    COMPUTE_OK) {
			out[2 + 2 * m] = bits;
			out[3 + 2 * m] = t.one_minus_cl;
		}
	}
	if (bercl_cl(BERCL_POISSON, errors, 1e12, ber, &t) == BERCL_OK)
		out[6] = t.cl;
	/* a kp4 histogram with a tail that the fit takes */
	bercl_rs_code code;
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &code), BERCL_OK);
	double bins[17] = {0};
	double x = 1e10;
	for (int k = 0; k < 9; k++, x *= 0.02 + 0.001 * (i % 5))
		bins[k] = floor(x);
	bercl_fec_histogram_stats h;
	if (bercl_fec_histogram(&code, bins, BERCL_POISSON, cl, omc, &h) == BERCL_OK) {
		out[7] = h.ser_estimate;
		out[8] = h.ser_upper;
		out[9] = h.gof_p;
		out[10] = h.tail_bins > 0 ? h.cer_tail : -1;
		out[11] = h.tail_bins > 0 ? h.cer_tail_upper : -1;
	}
	if (bercl_q(0.25 * i - 4, &out[12]) != BERCL_OK)
		out[12] = -1;
	long double *mine = malloc(BERCL_FEC_DEGRADE_WORK_BYTES);
	assert_non_null(mine);
	if (bercl_fec_degrade_p(&code, 1e-4 * (1 + i % 7), 8192, 417, mine, &t) == BERCL_OK)
		out[13] = t.cl;
	free(mine);
	bercl_intervals s = {0};
	for (int k = 0; k < 6; k++)
		assert_int_equal(bercl_intervals_add(&s, 1e11, (double)((k * i) % 9)), BERCL_OK);
	if (bercl_clustered_cl(&s, ber, &t) == BERCL_OK)
		out[14] = 1 - t.ln_one_minus_cl.hi; /* at least 1: 1 - CL underflows at ber 1e-5 */
	/* a bathtub, edges at 0.1 and 0.9 UI, fitted by the regression */
	double off[51], nb[51], ne[51];
	for (int k = 0; k < 51; k++) {
		double p0, p1;
		off[k] = 0.02 * k;
		bercl_q((off[k] - 0.1) / (0.02 + 0.001 * (i % 4)), &p0);
		bercl_q((0.9 - off[k]) / 0.02, &p1);
		nb[k] = 1e10;
		ne[k] = floor(1e10 * 0.5 * (p0 + p1));
	}
	bercl_eye_scan scan = {off, nb, ne, NULL, 51};
	bercl_eye_options opt = {BERCL_EYE_TIME, BERCL_EYE_REGRESSION, 0.5, BERCL_EYE_FIT_BELOW, 0.95,
	                         0.05};
	bercl_eye_stats fit;
	if (bercl_eye_fit(&scan, &opt, &fit) == BERCL_OK)
		out[15] = fit.rj.value;
	/* the same histogram grouped as ethtool gives it: the tail by groups */
	int lo[] = {0, 1, 2, 4, 8, 16}, hi[] = {0, 1, 3, 7, 15, 16};
	double count[6] = {bins[0], bins[1], bins[2] + bins[3], bins[4] + bins[5] + bins[6] + bins[7],
	                   bins[8], 0};
	if (bercl_fec_histogram_groups(&code, lo, hi, count, 6, BERCL_POISSON, cl, omc, &h) ==
	    BERCL_OK) {
		out[16] = h.ser_estimate;
		out[17] = h.tail_bins > 0 ? h.cer_tail : -1;
	}
}

struct job {
	const double (*want)[NOUT];
	int mismatches;
};

static void *run(void *arg)
{
	struct job *j = arg;
	for (int round = 0; round < 3; round++)
		for (int i = 0; i < NPOINTS; i++) {
			double got[NOUT];
			answers(i, got);
			if (memcmp(got, j->want[i], sizeof got) != 0)
				j->mismatches++;
		}
	return NULL;
}

static void test_eight_threads_give_one_threads_answers(void **state)
{
	(void)state;
	static double want[NPOINTS][NOUT];
	int fitted = 0;
	for (int i = 0; i < NPOINTS; i++) {
		answers(i, want[i]);
		fitted += want[i][10] > 0;
		assert_true(want[i][2] > 0 && want[i][4] > 0); /* both models answered */
		/* the later families answered too */
		for (int k = 12; k < 17; k++)
			if (!(want[i][k] > 0))
				fail_msg("point %d: answer %d is %g", i, k, want[i][k]);
	}
	assert_true(fitted >= NPOINTS / 2); /* the tail fit ran */
	pthread_t th[NTHREADS];
	struct job jobs[NTHREADS];
	for (int k = 0; k < NTHREADS; k++) {
		jobs[k] = (struct job){(const double (*)[NOUT])want, 0};
		assert_int_equal(pthread_create(&th[k], NULL, run, &jobs[k]), 0);
	}
	int mismatches = 0;
	for (int k = 0; k < NTHREADS; k++) {
		pthread_join(th[k], NULL);
		mismatches += jobs[k].mismatches;
	}
	assert_int_equal(mismatches, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eight_threads_give_one_threads_answers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
