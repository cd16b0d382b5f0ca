/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_watch.c - libFuzzer harness for the bercl watch reader (engine/watch.c)
 * and the CSV tokenizer under it (engine/csv.c): the input is read record by
 * record, as from a BERT script's pipe, by a watch
 * with a fixed target (first byte even) or with the sequential plan of
 * alpha = beta = 5 %, D = 2 at 1e-12 (odd), in the format the first byte
 * picks (tsv with the top bit: --value lane or cl), with --clustered when the
 * fixed target allows an odd number of errors. No input may crash or hang; a reading that is not an error yields
 * exactly one row, and after a decision or an error no line is read.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flags.h"
#include "watch.h"

static struct watch plan_template;
static int plan_ready;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	int plan = data[0] & 1;
	enum format fmt = (enum format)((data[0] >> 1) & 3);
	struct row_input in;
	row_input_init(&in, BERCL_POISSON, 0, 0);
	in.ber = 1e-12;
	in.cl = 0.95;
	in.cl_complement = 0.05;
	in.alpha = in.alpha_complement = 0.05;
	in.alpha_complement = 0.95;
	in.ratio = 2;
	in.rate_bps = 1e10;
	in.errors = (data[0] >> 3) & 7;
	in.lanes = (data[0] >> 6) + 1;
	in.clustered = !plan && ((data[0] >> 3) & 1); /* odd errors allowed: --clustered */
	struct watch w;
	char err[256];
	if (plan) {
		if (!plan_ready) { /* the plan costs 0.1 s: made once, shared */
			if (watch_open(&plan_template, &in, 1, FMT_CSV, "fuzz", err, sizeof err) != 0)
				abort();
			plan_ready = 1;
		}
		w = plan_template;
		w.layout.format = fmt;
		w.in.lanes = in.lanes;
	} else if (watch_open(&w, &in, 0, fmt, "fuzz", err, sizeof err) != 0) {
		abort();
	}
	if (fmt == FMT_TSV && (data[0] & 0x80)) { /* --value, a column of either layout */
		w.layout.format = FMT_VALUE;
		w.value = (data[0] & 0x40) ? "lane" : "cl";
	}
	struct sink out = {0}, msg = {0}; /* nowhere: only the making is tried */
	struct memory_source m;
	struct source fin = source_memory(&m, data + 1, size - 1);
	struct csv c;
	watch_reader_init(&c, &fin);
	while (watch_next(&w, &c, &out, &msg) == WATCH_UNDECIDED)
		;
	csv_free(&c);
	if (plan) {
		free(w.lanes); /* the table belongs to the template */
		free(w.cells);
	} else {
		watch_close(&w);
	}
	return 0;
}
