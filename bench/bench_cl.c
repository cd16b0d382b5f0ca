/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_cl.c - the cost of one CL evaluation (both tails) on each point set
 * given (files of "errors lambda" lines, written by bench/run.sh), beside
 * GSL's gsl_sf_gamma_inc_P_e + _Q_e on the same points, and how many points
 * the certified fast path (lib/poisson_fast.c) hands to the double-double
 * path. Each figure is the median of PASSES timed passes of at least 20 ms,
 * measured in the same run so the ratios compare like with like on a shared
 * machine. bercl is timed twice: bercl_poisson_tails() (the doubles and their
 * logarithms) and bercl_poisson_values() (the doubles alone, as the peers
 * give them). Prints "set tails_ns gsl_ns gsl_failures fallbacks points
 * values_ns values_fallbacks".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

#include "bercl.h"
#include "internal.h"

#define PASSES 7
#define MAX_POINTS 100000

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

static volatile double sink;
static double errs[MAX_POINTS], lams[MAX_POINTS];

/*
 * Median nanoseconds per evaluation of both tails over n points, by
 * bercl_poisson_tails() or (values) bercl_poisson_values().
 */
static double time_ours(int n, int values)
{
	double t[PASSES];
	for (int p = 0; p < PASSES; p++) {
		double t0 = now(), s = 0;
		long evals = 0;
		do {
			for (int i = 0; i < n; i++) {
				if (values) {
					double cl, omc;
					bercl_poisson_values(errs[i], lams[i], 0, &cl, &omc);
					s += cl + omc;
				} else {
					bercl_tails tails;
					bercl_poisson_tails(errs[i], lams[i], 0, &tails);
					s += tails.cl + tails.ln_one_minus_cl.hi;
				}
			}
			evals += n;
		} while (now() - t0 < 0.02);
		sink = s;
		t[p] = (now() - t0) / evals * 1e9;
	}
	qsort(t, PASSES, sizeof *t, cmp);
	return t[PASSES / 2];
}

static double time_gsl(int n, int *fails)
{
	double t[PASSES];
	for (int p = 0; p < PASSES; p++) {
		double t0 = now(), s = 0;
		long evals = 0;
		int f = 0;
		do {
			f = 0;
			for (int i = 0; i < n; i++) {
				gsl_sf_result P, Q;
				int bad = gsl_sf_gamma_inc_P_e(errs[i] + 1, lams[i], &P) != 0;
				bad |= gsl_sf_gamma_inc_Q_e(errs[i] + 1, lams[i], &Q) != 0;
				f += bad;
				s += P.val + Q.val;
			}
			evals += n;
		} while (now() - t0 < 0.02);
		sink = s;
		*fails = f;
		t[p] = (now() - t0) / evals * 1e9;
	}
	qsort(t, PASSES, sizeof *t, cmp);
	return t[PASSES / 2];
}

int main(int argc, char **argv)
{
	gsl_set_error_handler_off();
	for (int k = 1; k < argc; k++) {
		FILE *fp = fopen(argv[k], "r");
		if (!fp) {
			perror(argv[k]);
			return 2;
		}
		int n = 0;
		while (n < MAX_POINTS && fscanf(fp, "%lf %lf", &errs[n], &lams[n]) == 2)
			n++;
		fclose(fp);
		int fallbacks = 0, vfallbacks = 0;
		for (int i = 0; i < n; i++) {
			bercl_tails t;
			fallbacks += !bercli_poisson_fast(errs[i], lams[i], 0, &t, 1);
			vfallbacks += !bercli_poisson_fast(errs[i], lams[i], 0, &t, 0);
		}
		int fails;
		double ours = time_ours(n, 0);
		double values = time_ours(n, 1);
		double gsl = time_gsl(n, &fails);
		printf("%s %.1f %.1f %d %d %d %.1f %d\n", argv[k], ours, gsl, fails, fallbacks, n, values,
		       vfallbacks);
	}
	return 0;
}
