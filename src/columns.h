/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * columns.h - every output column of bercl, described once (columns.c
 * holds the table): its CSV/TSV/JSON name, its text header and width, and
 * the getter that writes a row's cell.
 */
#ifndef BERCL_COLUMNS_H
#define BERCL_COLUMNS_H

#include <stddef.h>

#include "row.h"

enum column {
	COL_MODEL, COL_ERRORS, COL_BITS, COL_BER, COL_RATE, COL_LANES, COL_TIME,
	COL_CL, COL_ONE_MINUS_CL, COL_CL_ACHIEVED, COL_VERDICT,
	COL_BER_ESTIMATE, COL_BER_LOWER, COL_BER_UPPER,
	COL_TRIALS, COL_SEED, COL_ONE_MINUS_CL_SIM, COL_SIM_STDERR,
	COL_GSL_CL, COL_GSL_ONE_MINUS_CL, COL_GSL_BITS, COL_GSL_BER_LOWER, COL_GSL_BER_UPPER,
	COL_GSL_REL_DIFF,
	COL_POISSON_CL, COL_POISSON_BITS, COL_POISSON_BER_UPPER, /* text only */
	COL_RATIO, COL_ALPHA, COL_BETA, COL_MAX_BITS, COL_EXPECTED_BITS_GOOD, COL_EXPECTED_BITS_BAD,
	COL_PASS_BITS, COL_FAIL_BITS,
	COL_ALPHA_SIM, COL_ALPHA_STDERR, COL_BETA_SIM, COL_BETA_STDERR,
	COL_BITS_GOOD_SIM, COL_BITS_GOOD_STDERR, COL_BITS_BAD_SIM, COL_BITS_BAD_STDERR,
	COL_LANE, COL_DECISION, COL_DISPERSION, COL_TRUE_BER, COL_P_PASS, COL_EXPECTED_BITS,
	COL_READING_INTERVAL, COL_ALPHA_ACTUAL, COL_BETA_ACTUAL,
	COL_FIXED_BITS, COL_CL_TARGET, COL_ALPHA_TARGET,
	COL_LOG10_ONE_MINUS_CL,
	COL_LANE_CL,
	COL_CODE, COL_N, COL_K, COL_M, COL_T, COL_SER, COL_CER, COL_POST_FEC_BER, COL_BER_MAX,
	COL_CER_UPPER, COL_CODEWORDS, COL_UNCORRECTABLE, COL_SER_ESTIMATE, COL_SER_UPPER,
	COL_CER_PREDICTED, COL_GOF_P, COL_BURST, COL_CER_TAIL, COL_TAIL_R2, COL_CER_TAIL_LOWER,
	COL_CER_TAIL_UPPER, COL_FLR, COL_FLR_UPPER, COL_FLR_OBSERVED, COL_DEGRADE_P,
	COL_DEGRADE_MEAN_TIME, COL_PORT,
	COL_ERROR, NCOLUMNS
};

/*
 * Writes row r's cell into buf (len bytes, at least 32), or "" where the row
 * has no value: human = 1 for the text table (units, percentages, 6
 * digits), 0 for the machine formats (full precision).
 */
typedef void (*cell_getter)(char *buf, size_t len, const struct row *r, int human);

struct column_desc {
	const char *name;       /* CSV/TSV/JSON name (SPEC.md's column table) */
	const char *header;     /* text table header */
	int width;              /* text table width */
	int is_string;          /* JSON: a string, not a number */
	cell_getter cell;
};

extern const struct column_desc columns[NCOLUMNS];

#endif
