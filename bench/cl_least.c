/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cl_least.c - make bench's lower bound for the 1e6-row cl batch: the part
 * of bercl's work that no reading, writing or row machinery can remove.
 * For the batch's rows (errors 0..999 x 1000 BER points, bits 1e12: the
 * inputs made here, as bench/run.sh's awk writes them, so nothing is
 * parsed) it computes the tails (bercl_poisson_tails) and the log10
 * column, and formats every number of bercl's row as bercl does: errors
 * and bits as whole numbers, ber, cl and 1 - cl as shortest doubles (the
 * decimal form of the logarithm below the double range), log10(1 - CL),
 * into a buffer that is not written (-o: written, for comparing the cells
 * with `bercl cl --input F --format csv`). Prints its CPU time in seconds.
 * bercl's batch can cost no less than this; against bench/floor.cpp it
 * says how much of the floor ratio is left for everything else.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bercl.h"
#include "shortest.h"

#define ROWS 1000000

static double E[ROWS], BER[ROWS];
static char out[1 << 16];

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* a probability as bercl prints it: the double, or m e X below DBL_MIN */
static size_t put_probability(char *b, double v, bercl_lnprob ln)
{
	if (v >= 2.2250738585072014e-308 || ln.hi == -INFINITY)
		return v == 0 ? (b[0] = '0', 1) : shortest_double(b, v);
	double m;
	long long e;
	if (bercl_lnprob_decimal(ln, &m, &e) != 0)
		return 0;
	size_t k = (m == 1 || m == floor(m)) ? whole_digits(b, (uint64_t)m) : shortest_double(b, m);
	b[k++] = 'e';
	if (e < 0) {
		b[k++] = '-';
		e = -e;
	}
	return k + whole_digits(b + k, (uint64_t)e);
}

static size_t put_number(char *b, double v)
{
	if (v == floor(v) && fabs(v) < 9007199254740992.0) {
		size_t k = 0;
		if (v < 0)
			b[k++] = '-';
		return k + whole_digits(b + k, (uint64_t)fabs(v));
	}
	return shortest_double(b, v);
}

int main(int argc, char **argv)
{
	int print = argc > 1 && strcmp(argv[1], "-o") == 0;
	int n = 0;
	for (int e = 0; e < 1000; e++)
		for (int i = 0; i < 1000; i++) {
			char b[32];
			snprintf(b, sizeof b, "%.6g", pow(10, -15 + 7.0 * i / 999));
			E[n] = e;
			BER[n++] = strtod(b, NULL);
		}
	double t0 = cpu_now();
	size_t used = 0, total = 0;
	for (int i = 0; i < n; i++) {
		double lam = 1e12 * BER[i], lo = fma(1e12, BER[i], -lam);
		bercl_tails t;
		if (bercl_poisson_tails(E[i], lam, lo, &t) != BERCL_OK)
			return 1;
		double l10 = bercl_lnprob_log10(t.ln_one_minus_cl);
		if (used > sizeof out - 256) {
			if (print)
				fwrite(out, 1, used, stdout);
			total += used;
			used = 0;
		}
		char *b = out + used;
		size_t k = whole_digits(b, (uint64_t)E[i]);
		b[k++] = ',';
		k += whole_digits(b + k, 1000000000000ULL);
		b[k++] = ',';
		k += shortest_double(b + k, BER[i]);
		b[k++] = ',';
		k += put_probability(b + k, t.cl, t.ln_cl);
		b[k++] = ',';
		k += put_probability(b + k, t.one_minus_cl, t.ln_one_minus_cl);
		b[k++] = ',';
		k += put_number(b + k, l10);
		b[k++] = '\n';
		used += k;
	}
	if (print)
		fwrite(out, 1, used, stdout);
	total += used;
	double t1 = cpu_now();
	fprintf(print ? stderr : stdout, "%.3f\n", t1 - t0);
	return total == 0;
}
