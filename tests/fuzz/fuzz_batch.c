/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_batch.c - libFuzzer harness for the CSV/TSV row reader (engine/rows.c)
 * and what follows it: every row read is computed (as the command the first
 * byte picks, which also picks the delimiter: detected, ',', ';' or tab) and
 * formatted in all four formats and as --value of each column. No input
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
	/* not simulate; plan rows are fixed plans or given tests (no --sequential) */
	static const enum command cmds[] = {CMD_CL, CMD_BITS, CMD_BER, CMD_ERRORS, CMD_PLAN};
	enum command cmd = cmds[data[0] % 5];
	struct memory_source m;
	struct source in = source_memory(&m, data + 1, size - 1);
	struct memory_sink ms;
	struct sink out = sink_memory(&ms);
	struct batch b;
	char err[512];
	int d = data[0] / 4 % 4;
	char sep = d == 0 ? 0 : ",;\t"[d - 1];
	if (batch_open(&b, &in, "fuzz", ~0u, sep, err, sizeof err) == 0) {
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
				format_row(&out, &l, &r);
			}
			ms.len = 0; /* the text is not kept: only its making is tried */
			l.format = FMT_VALUE; /* --value: each column, and a copied one */
			l.value_extra = b.nextra ? 0 : -1;
			for (l.value_col = b.nextra ? -1 : 0; l.value_col < l.ncol; l.value_col++) {
				format_row(&out, &l, &r);
				ms.len = 0;
			}
		}
		batch_close(&b);
	}
	memory_sink_free(&ms);
	return 0;
}
