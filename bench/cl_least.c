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
 * by the program's own formatters (engine/format.c: format_double,
 * format_probability), into a buffer that is not written (-o: written,
 * for comparing the cells with `bercl cl --input F --format csv`). Prints
 * its CPU time in seconds.
 * bercl's batch can cost no less than this; against bench/floor.cpp it
 * says how much of the floor ratio is left for everything else.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bercl.h"
#include "format.h"

#define ROWS 1000000

static double E[ROWS], BER[ROWS];
static char out[1 << 16];

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
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
		size_t k = format_double(b, 32, E[i]);
		b[k++] = ',';
		k += format_double(b + k, 32, 1e12);
		b[k++] = ',';
		k += format_double(b + k, 32, BER[i]);
		b[k++] = ',';
		k += format_probability(b + k, 64, t.cl, t.ln_cl);
		b[k++] = ',';
		k += format_probability(b + k, 64, t.one_minus_cl, t.ln_one_minus_cl);
		b[k++] = ',';
		k += format_double(b + k, 32, l10);
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
