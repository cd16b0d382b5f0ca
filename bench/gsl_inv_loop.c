/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gsl_inv_loop.c - make bench's peer for the bits and ber batches: what a
 * lab writes around GSL's inverse incomplete gamma. Reads CSV rows with
 * strtod and prints each row and its answer with %.17g:
 *   gsl_inv_loop bits  < errors,ber,cl rows: lambda = gsl_cdf_gamma_Pinv(cl,
 *                        E + 1, 1) (Qinv of 1 - cl above 1/2), bits =
 *                        ceil(lambda / ber), unchecked;
 *   gsl_inv_loop ber   < errors,bits,cl rows: the upper bound lambda / bits.
 * The cl column is a fraction (0.95); bercl reads the same files.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>

int main(int argc, char **argv)
{
	if (argc != 2 || (strcmp(argv[1], "bits") != 0 && strcmp(argv[1], "ber") != 0))
		return 2;
	int bits = strcmp(argv[1], "bits") == 0;
	char line[256];
	gsl_set_error_handler_off();
	if (!fgets(line, sizeof line, stdin))
		return 1;
	printf(bits ? "errors,ber,cl,bits\n" : "errors,bits,cl,ber_upper\n");
	while (fgets(line, sizeof line, stdin)) {
		char *p = line;
		double e = strtod(p, &p);
		double x = strtod(p + 1, &p);
		double cl = strtod(p + 1, &p);
		double lam = cl <= 0.5 ? gsl_cdf_gamma_Pinv(cl, e + 1, 1.0)
		                       : gsl_cdf_gamma_Qinv(1.0 - cl, e + 1, 1.0);
		printf("%.17g,%.17g,%.17g,%.17g\n", e, x, cl, bits ? ceil(lam / x) : lam / x);
	}
	return 0;
}
