/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bits_ref.c - how many minimum-bits answers (Poisson) are exactly right on
 * tests/data/bits_ref.csv (errors,ber,cl,min_bits,lambda_star; min_bits =
 * ceil(lambda* / ber) from 60-digit roots): up to 2^53 the whole number
 * itself, above it the smallest double at or above the root (the smallest
 * double at or above min_bits). Targets are the table's doubles, 1 - cl
 * exact for cl >= 0.5, as in tests/test_solve.c. With a second argument,
 * lists the misses.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/bits_ref.csv";
	FILE *fp = fopen(path, "r");
	if (!fp) {
		perror(path);
		return 2;
	}
	char line[512];
	int n[3] = {0, 0, 0}, ok[3] = {0, 0, 0};
	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *f[5], *p = line;
		for (int i = 0; i < 5; i++) {
			f[i] = p;
			p += strcspn(p, ",\n");
			if (*p)
				*p++ = '\0';
		}
		double e = strtod(f[0], NULL), ber = strtod(f[1], NULL), cl = strtod(f[2], NULL);
		long double ref = strtold(f[3], NULL);
		double want = (double)ref, got;
		if ((long double)want < ref)
			want = nextafter(want, INFINITY);
		bercl_tails t;
		if (bercl_min_bits(BERCL_POISSON, e, ber, cl, 1.0 - cl, &got, &t) != BERCL_OK)
			got = NAN;
		int k = ref < 1e14L ? 0 : ref <= 9007199254740992.0L ? 1 : 2;
		n[k]++;
		ok[k] += got == want;
		if (got != want && argc > 2)
			printf("  %s,%s,%s: %.17g, want %.17g\n", f[0], f[1], f[2], got, want);
	}
	fclose(fp);
	printf("%s: below 1e14 %d of %d exact; 1e14 to 2^53 %d of %d exact; above 2^53 %d of %d "
	       "the smallest double at or above the root\n",
	       path, ok[0], n[0], ok[1], n[1], ok[2], n[2]);
	return 0;
}
