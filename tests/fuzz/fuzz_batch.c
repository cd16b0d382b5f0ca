/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_batch.c - libFuzzer harness for the CSV/TSV row reader (src/rows.c)
 * and what follows it: every row read is computed (as a cl row, or as the
 * command the first byte picks) and formatted in all four formats. No input
 * may crash, hang or lose a row: each record read yields one output line.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "flags.h"
#include "format.h"
#include "rows.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	enum command cmd = (enum command)(data[0] % 3); /* cl, bits, ber: not simulate */
	FILE *in = fmemopen((void *)(data + 1), size - 1, "r");
	FILE *out = fopen("/dev/null", "w");
	if (!in || !out) {
		if (in)
			fclose(in);
		if (out)
			fclose(out);
		return 0;
	}
	struct batch b;
	char err[512];
	if (batch_open(&b, in, "fuzz", err, sizeof err) == 0) {
		struct row_input base;
		row_input_init(&base, BERCL_POISSON, 0, 0);
		struct layout l;
		memset(&l, 0, sizeof l);
		l.extra_names = b.extra_names;
		l.nextra = b.nextra;
		for (int c = 0; c < NCOLUMNS - 1; c++)
			l.col[l.ncol++] = (enum column)c;
		struct row r;
		int rows = 0;
		while (batch_next(&b, &base, &r) == 1 && rows++ < 10000) {
			compute_row(cmd, &r);
			for (int f = 0; f < 4; f++) {
				l.format = (enum format)f;
				format_row(out, &l, &r);
			}
		}
		batch_close(&b);
	}
	fclose(in);
	fclose(out);
	return 0;
}
