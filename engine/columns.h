/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * columns.h - every output column of bercl, described once (columns.c
 * holds the table): its CSV/TSV/JSON name, its text header and width, and
 * how a row's cell is written: from its field by its kind (a count, a
 * probability, a percentage, a string ...) with its rounding side, or by a
 * getter for a composite cell.
 */
#ifndef BERCL_COLUMNS_H
#define BERCL_COLUMNS_H

#include <stddef.h>
#include <string.h>

#include "human.h"
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
	COL_BITS_PER_LANE,
	COL_CODE, COL_N, COL_K, COL_M, COL_T, COL_SER, COL_CER, COL_POST_FEC_BER, COL_BER_MAX,
	COL_CER_UPPER, COL_CODEWORDS, COL_UNCORRECTABLE, COL_SER_ESTIMATE, COL_SER_UPPER,
	COL_CER_PREDICTED, COL_GOF_P, COL_BURST, COL_CER_TAIL, COL_TAIL_R2, COL_CER_TAIL_LOWER,
	COL_CER_TAIL_UPPER, COL_FLR, COL_FLR_UPPER, COL_FLR_OBSERVED, COL_DEGRADE_P,
	COL_DEGRADE_MEAN_TIME, COL_PORT,
	COL_CL_CLUSTERED, COL_BER_UPPER_CLUSTERED, COL_BER_LOWER_CLUSTERED, COL_DISPERSION_UPPER,
	COL_INDEPENDENT_EVENTS, COL_BURST_LENGTH, COL_BURST_SHARE, COL_ONE_MINUS_CL_CLUSTERED_SIM,
	COL_ERROR, NCOLUMNS
};

/*
 * Writes row r's cell into buf (len bytes, at least 32), or "" where the row
 * has no value: human = 1 for the text table (units, percentages, 6
 * digits), 0 for the machine formats (full precision). Returns the length
 * written.
 */
typedef size_t (*cell_getter)(char *buf, size_t len, const struct row *r, int human);

/* How a cell is written from its field (column_cell); CELL_CUSTOM: its getter. */
enum cell_kind {
	CELL_CUSTOM,  /* a composite cell: cell() */
	CELL_INPUT,   /* an input as given (a double), all digits for people too */
	CELL_NUMBER,  /* a result (a double): 6 digits for people, rounded `round` */
	CELL_WHOLE,   /* a whole-number result (a double) in full for people too */
	CELL_PERCENT, /* a probability (a double): for people a percentage, 4 decimals,
	                 rounded `round` (a risk up, so it never reads below itself) */
	CELL_LNPROB,  /* a probability (a double) with its log (a bercl_lnprob at `ln`):
	                 below the double range its digits come from the log */
	CELL_STRING,  /* a const char * (NULL: none) */
	CELL_INT,     /* an int input (the code's n, k, m, t) */
};

/* When a data cell has a value (and its field is not NAN). */
enum cell_gate {
	GATE_ALWAYS,
	GATE_COMPUTED, /* the row was computed (no error) */
	GATE_GSL,      /* --verify: GSL returned a value */
	GATE_HIST,     /* computed from a --histogram */
	GATE_FLAG,     /* computed, and the int at `flag` is set */
	GATE_CODE,     /* the row has a FEC code (--code) */
};

#define NO_OFFSET ((size_t)-1)

struct column_desc {
	const char *name;       /* CSV/TSV/JSON name (SPEC.md's column table) */
	const char *header;     /* text table header */
	int width;              /* text table width */
	int is_string;          /* JSON: a string, not a number */
	cell_getter cell;       /* CELL_CUSTOM only */
	/* a data cell: */
	enum cell_kind kind;
	size_t field;           /* offsetof(struct row, ...) */
	enum rounding round;    /* CELL_NUMBER, CELL_PERCENT, CELL_LNPROB: for people */
	enum cell_gate gate;
	size_t flag;            /* GATE_FLAG: offsetof(struct row, an int) */
	size_t ln;              /* CELL_LNPROB: offsetof(struct row, a bercl_lnprob) */
};

extern const struct column_desc columns[NCOLUMNS];

/* A data column's cell (d->kind not CELL_CUSTOM) into buf, which holds "". */
size_t column_data_cell(char *buf, size_t len, const struct column_desc *d, const struct row *r,
                        int human);

/* Column c's cell of row r into buf ("" if the row has none), and its
 * length; inline, so that a composite cell costs one call. Every cell's
 * writer returns the length it wrote, so that no cell is scanned again by
 * strlen on the bytes just stored (a batch formats every cell of every
 * row; make bench measures it). */
static inline size_t column_cell(char *buf, size_t len, enum column c, const struct row *r,
                                 int human)
{
	const struct column_desc *d = &columns[c];
	buf[0] = '\0';
	if (d->kind != CELL_CUSTOM)
		return column_data_cell(buf, len, d, r, human);
	return d->cell(buf, len, r, human);
}
/* Every result field of a data column set absent (NAN) in r. */
void column_reset_results(struct row *r);

#endif
