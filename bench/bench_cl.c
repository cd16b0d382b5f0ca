/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_cl.c - the cost of one CL evaluation (both tails) at 10 errors and at
 * 1e7 errors, beside GSL's gsl_sf_gamma_inc_P_e + _Q_e on the same points.
 * Each figure is the median of 15 timed passes over 41 points (lambda from
 * the far lower tail through the centre to the far upper tail), measured in
 * the same run so the ratios compare like with like on a shared machine.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

#include "bercl.h"

#define NPOINTS 41
#define PASSES 15

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void points(double errors, double *lam)
{
	double a = errors + 1;
	for (int i = 0; i < NPOINTS; i++) {
		/* z from -10 to 10 standard deviations, clamped above 0 */
		double z = -10.0 + 20.0 * i / (NPOINTS - 1);
		lam[i] = fmax(a + z * sqrt(a), a * 0.05);
	}
}

static volatile double sink;

/* Median nanoseconds per evaluation; *fails counts GSL errors. */
static double time_ours(double errors, const double *lam, int reps)
{
	double t[PASSES];
	for (int p = 0; p < PASSES; p++) {
		double t0 = now(), s = 0;
		for (int r = 0; r < reps; r++)
			for (int i = 0; i < NPOINTS; i++) {
				bercl_tails tails;
				bercl_poisson_tails(errors, lam[i], 0, &tails);
				s += tails.cl + tails.ln_one_minus_cl.hi;
			}
		sink = s;
		t[p] = (now() - t0) / ((double)reps * NPOINTS) * 1e9;
	}
	qsort(t, PASSES, sizeof *t, cmp);
	return t[PASSES / 2];
}

static double time_gsl(double errors, const double *lam, int reps, int *fails)
{
	double t[PASSES];
	*fails = 0;
	for (int p = 0; p < PASSES; p++) {
		double t0 = now(), s = 0;
		int f = 0;
		for (int r = 0; r < reps; r++)
			for (int i = 0; i < NPOINTS; i++) {
				gsl_sf_result P, Q;
				f += gsl_sf_gamma_inc_P_e(errors + 1, lam[i], &P) != 0;
				f += gsl_sf_gamma_inc_Q_e(errors + 1, lam[i], &Q) != 0;
				s += P.val + Q.val;
			}
		sink = s;
		*fails = f / reps;
		t[p] = (now() - t0) / ((double)reps * NPOINTS) * 1e9;
	}
	qsort(t, PASSES, sizeof *t, cmp);
	return t[PASSES / 2];
}

int main(void)
{
	gsl_set_error_handler_off();
	const double errs[] = {10, 1e3, 1e5, 1e7};
	double ours[4], gsl[4];
	int fails[4];
	printf("cost of one CL evaluation (both tails), median of %d passes over %d points\n",
	       PASSES, NPOINTS);
	printf("%10s %14s %14s %16s\n", "errors", "bercl ns", "GSL ns", "GSL failures");
	for (int k = 0; k < 4; k++) {
		double lam[NPOINTS];
		points(errs[k], lam);
		ours[k] = time_ours(errs[k], lam, 200);
		gsl[k] = time_gsl(errs[k], lam, errs[k] > 1e4 ? 2 : 200, &fails[k]);
		printf("%10.0f %14.1f %14.1f %10d of %d\n", errs[k], ours[k], gsl[k], fails[k],
		       2 * NPOINTS);
	}
	double ratio = ours[3] / ours[0];
	printf("bercl cost at 1e7 errors / cost at 10 errors: %.2f (target: within 3)\n", ratio);
	return ratio <= 3.0 ? 0 : 1;
}
