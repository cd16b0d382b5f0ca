/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ulp_poisson.c - how many units in the last place the plain doubles CL and
 * 1 - CL are from the reference values of a table (default
 * tests/data/poisson_ref.csv: 25 significant digits of mpmath sums, read
 * as long double, 64-bit significand), for bercl_poisson_tails() (fast path
 * and fallback) beside the double-double path alone. Reports per tail the
 * worst relative error, the 50th/99th percentile and worst in ulps, the
 * points where one path is more than 1/2 ulp worse than the other, and how
 * often the fast path falls back; then the same percentiles for
 * bercl_binomial_tails() on tests/data/binomial_ref.csv. Values below the
 * normal range are left out (their logarithms are tested by make check).
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"
#include "internal.h"

#define MAX_ROWS 20000

static double ulps(double v, long double r)
{
	int e;
	frexpl(r, &e); /* r = m 2^e, m in [1/2, 1): ulp = 2^(e - 53) */
	return (double)(fabsl((long double)v - r) / ldexpl(1.0L, e - 53));
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double pct(double *v, int n, double p)
{
	qsort(v, n, sizeof *v, cmp);
	return n ? v[(int)ceil(p * n) - 1 < 0 ? 0 : (int)ceil(p * n) - 1] : 0;
}

/* The first n comma-separated fields of a line, in place. */
static void split(char *line, char **f, int n)
{
	char *p = line;
	for (int i = 0; i < n; i++) {
		f[i] = p;
		p += strcspn(p, ",\n");
		if (*p)
			*p++ = '\0';
	}
}

static double fast_ulp[2][MAX_ROWS], dd_ulp[2][MAX_ROWS], fast_rel[2], dd_rel[2];

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/poisson_ref.csv";
	FILE *fp = fopen(path, "r");
	if (!fp) {
		perror(path);
		return 2;
	}
	char line[512];
	int n[2] = {0, 0}, rows = 0, fallbacks = 0, worse[2] = {0, 0}, better[2] = {0, 0};
	double wf[2] = {0, 0}, wd[2] = {0, 0};
	char where[2][128] = {"", ""};
	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *f[4];
		split(line, f, 4);
		double errors = strtod(f[0], NULL), lambda = strtod(f[1], NULL);
		bercl_tails t, d;
		if (bercl_poisson_tails(errors, lambda, 0, &t) != BERCL_OK ||
		    bercli_poisson_tails_dd(errors, lambda, 0, &d) != BERCL_OK) {
			fprintf(stderr, "%s: domain error at %s,%s\n", path, f[0], f[1]);
			return 1;
		}
		fallbacks += !bercli_poisson_fast(errors, lambda, 0, &t, 1);
		rows++;
		double tv[2] = {t.cl, t.one_minus_cl}, dv[2] = {d.cl, d.one_minus_cl};
		for (int k = 0; k < 2; k++) {
			long double r = strtold(f[2 + k], NULL);
			if (r < DBL_MIN || n[k] >= MAX_ROWS)
				continue;
			double uf = ulps(tv[k], r), ud = ulps(dv[k], r);
			fast_ulp[k][n[k]] = uf;
			dd_ulp[k][n[k]] = ud;
			n[k]++;
			worse[k] += uf > ud + 0.5;
			better[k] += ud > uf + 0.5;
			double rf = (double)(fabsl(tv[k] - r) / r), rd = (double)(fabsl(dv[k] - r) / r);
			if (rf > fast_rel[k])
				snprintf(where[k], sizeof where[k], "E = %s, lambda = %s", f[0], f[1]);
			fast_rel[k] = fmax(fast_rel[k], rf);
			dd_rel[k] = fmax(dd_rel[k], rd);
			wf[k] = fmax(wf[k], uf);
			wd[k] = fmax(wd[k], ud);
		}
	}
	fclose(fp);
	printf("%s: %d rows, fast path fell back on %d\n", path, rows, fallbacks);
	const char *name[2] = {"CL", "1 - CL"};
	for (int k = 0; k < 2; k++) {
		printf("%-7s %5d values  worst rel   p50 ulp  p99 ulp  worst ulp  >1/2 ulp worse\n",
		       name[k], n[k]);
		printf("  bercl               %9.3g %9.3f %8.3f %10.3f %6d  (worst at %s)\n",
		       fast_rel[k], pct(fast_ulp[k], n[k], 0.5), pct(fast_ulp[k], n[k], 0.99), wf[k],
		       worse[k], where[k]);
		printf("  double-double path  %9.3g %9.3f %8.3f %10.3f %6d\n", dd_rel[k],
		       pct(dd_ulp[k], n[k], 0.5), pct(dd_ulp[k], n[k], 0.99), wd[k], better[k]);
	}
	/* the binomial model on tests/data/binomial_ref.csv (80-digit sums) */
	fp = fopen("tests/data/binomial_ref.csv", "r");
	if (!fp)
		return 0;
	int nb[2] = {0, 0};
	double bw[2] = {0, 0};
	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *f[5];
		split(line, f, 5);
		bercl_tails t;
		if (bercl_binomial_tails(strtod(f[0], NULL), strtod(f[1], NULL), strtod(f[2], NULL),
		                         &t) != BERCL_OK)
			continue;
		double tv[2] = {t.cl, t.one_minus_cl};
		for (int k = 0; k < 2; k++) {
			long double r = strtold(f[3 + k], NULL);
			if (r < DBL_MIN || nb[k] >= MAX_ROWS)
				continue;
			fast_ulp[k][nb[k]++] = ulps(tv[k], r);
			bw[k] = fmax(bw[k], ulps(tv[k], r));
		}
	}
	fclose(fp);
	printf("tests/data/binomial_ref.csv (binomial model):\n");
	for (int k = 0; k < 2; k++)
		printf("  %-7s %5d values  p50 ulp %.3f  p99 ulp %.3f  worst ulp %.3f\n", name[k], nb[k],
		       pct(fast_ulp[k], nb[k], 0.5), pct(fast_ulp[k], nb[k], 0.99), bw[k]);
	return 0;
}
