/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * xbench.c - per-evaluation cost of the library's wide-type paths on any
 * target (bench/cross.sh builds it once per wide type of lib/wide.h and
 * runs the builds alternately, under qemu or node, so that their times are
 * ratios of one run). Plain C11, no GSL.
 *
 *   xbench [ROUNDS]   for each point set, the median over ROUNDS (5) of
 *                     the time per evaluation in ns, one line per set:
 *                     set name, ns, checksum (equal between builds that
 *                     agree on every double).
 *
 * Point sets (fixed, 2000 points each; the same on every target):
 *   small    bercl_poisson_values, errors 0..23, lambda within +-10 sd
 *            (small_wf: e^-x x^n/n! in the wide type)
 *   temme    bercl_poisson_values, errors 25..100000 (log-uniform),
 *            lambda within +-10 sd (temme_wf or the series)
 *   tails    bercl_poisson_tails (with the logarithms), the temme points
 *   binomial bercl_binomial_tails, N 1e3..1e9 (log-uniform), p 1e-6..0.1,
 *            E within +-6 sd of N p (the sums in the wide type), 200
 *            points
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bercl.h"

#define NPTS 2000
#define NBIN 200

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static double u01(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) * 0x1p-53;
}

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

static double se[NPTS], sl[NPTS], te[NPTS], tl[NPTS];
static double be[NBIN], bn[NBIN], bp[NBIN];

/* one pass over a set; returns the sum of the results (checksum) */
static double pass(int set)
{
	double sum = 0, p, q;
	bercl_tails t;
	switch (set) {
	case 0:
		for (int i = 0; i < NPTS; i++) {
			bercl_poisson_values(se[i], sl[i], 0, &p, &q);
			sum += p + 2 * q;
		}
		break;
	case 1:
		for (int i = 0; i < NPTS; i++) {
			bercl_poisson_values(te[i], tl[i], 0, &p, &q);
			sum += p + 2 * q;
		}
		break;
	case 2:
		for (int i = 0; i < NPTS; i++) {
			bercl_poisson_tails(te[i], tl[i], 0, &t);
			sum += t.cl + 2 * t.one_minus_cl + t.ln_cl.hi;
		}
		break;
	default:
		for (int i = 0; i < NBIN; i++) {
			bercl_binomial_tails(be[i], bn[i], bp[i], &t);
			sum += t.cl + 2 * t.one_minus_cl;
		}
	}
	return sum;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 5;
	if (rounds < 1 || rounds > 99)
		rounds = 5;
	for (int i = 0; i < NPTS; i++) {
		se[i] = floor(u01() * 24);
		sl[i] = fmax(1e-3, se[i] + 1 + (u01() * 20 - 10) * sqrt(se[i] + 1));
		te[i] = floor(exp(log(25) + u01() * (log(1e5) - log(25))));
		tl[i] = te[i] + 1 + (u01() * 20 - 10) * sqrt(te[i] + 1);
	}
	for (int i = 0; i < NBIN; i++) {
		bn[i] = floor(exp(log(1e3) + u01() * (log(1e9) - log(1e3))));
		bp[i] = exp(log(1e-6) + u01() * (log(0.1) - log(1e-6)));
		double m = bn[i] * bp[i], sd = sqrt(m * (1 - bp[i]));
		be[i] = fmin(bn[i], fmax(0, floor(m + (u01() * 12 - 6) * sd)));
	}
	static const char *names[4] = {"small", "temme", "tails", "binomial"};
	static const int count[4] = {NPTS, NPTS, NPTS, NBIN};
	for (int set = 0; set < 4; set++) {
		double check = pass(set), t0 = now();
		int reps = 1;
		/* repetitions for about 0.1 s a round */
		while (now() - t0 < 0.1 && reps < 1 << 20) {
			pass(set);
			reps++;
		}
		double per = (now() - t0) / reps;
		int r = (int)(0.1 / per) + 1;
		double ns[99];
		for (int k = 0; k < rounds; k++) {
			double s = now();
			for (int j = 0; j < r; j++)
				pass(set);
			ns[k] = (now() - s) / r / count[set] * 1e9;
		}
		qsort(ns, (size_t)rounds, sizeof ns[0], cmp);
		printf("%s %.1f %.17g\n", names[set], ns[rounds / 2], check);
	}
	return 0;
}
