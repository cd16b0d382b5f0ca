/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gsl_loop.c - the peer for make bench: what a lab writes in twenty lines of
 * C around GSL. Reads "errors,bits,ber" rows with strtod, calls
 * gsl_sf_gamma_inc_P and _Q, prints the row and both values with %.17g.
 */
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

int main(void)
{
	char line[256];
	gsl_set_error_handler_off();
	if (!fgets(line, sizeof line, stdin))
		return 1;
	printf("errors,bits,ber,cl,one_minus_cl\n");
	while (fgets(line, sizeof line, stdin)) {
		char *p = line;
		double e = strtod(p, &p);
		double n = strtod(p + 1, &p);
		double ber = strtod(p + 1, &p);
		double lam = n * ber;
		printf("%.17g,%.17g,%.17g,%.17g,%.17g\n", e, n, ber, gsl_sf_gamma_inc_P(e + 1, lam),
		       gsl_sf_gamma_inc_Q(e + 1, lam));
	}
	return 0;
}
