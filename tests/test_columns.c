/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_columns.c - the column table as data (engine/columns.c): a reset row
 * has no value in any data column (every result field it names starts
 * absent, so none prints as 0), each data column rounds to its side for
 * people and prints all digits for programs, every cell's writer returns
 * the length it wrote (put_csv_row takes it in place of strlen), and the
 * names are unique.
 */
#include "testutil.h"

#include <math.h>
#include <string.h>

#include "columns.h"
#include "flags.h"
#include "rows.h"

static void reset(struct row *r)
{
	struct row_input in;
	row_input_init(&in, BERCL_POISSON, 0, 0);
	row_reset(r, &in);
}

static void test_reset_row_has_no_values(void **state)
{
	(void)state;
	struct row r;
	reset(&r);
	r.gsl_ok = 1; /* every gate open: only the fields can keep a cell empty */
	r.has_hist = r.has_cer_upper = r.has_flr = r.has_flr_upper = r.has_flr_observed = 1;
	r.has_degrade = 1;
	int data = 0;
	for (int c = 0; c < NCOLUMNS; c++) {
		if (columns[c].kind == CELL_CUSTOM)
			continue;
		data++;
		for (int human = 0; human < 2; human++) {
			char buf[128];
			column_cell(buf, sizeof buf, (enum column)c, &r, human);
			if (buf[0] != '\0')
				fail_msg("column %s of a reset row prints '%s'", columns[c].name, buf);
		}
	}
	assert_true(data >= 40);
}

/* Column named name: its cell of r. */
static const char *cell(struct row *r, const char *name, int human)
{
	static char buf[128];
	for (int c = 0; c < NCOLUMNS; c++)
		if (strcmp(columns[c].name, name) == 0) {
			column_cell(buf, sizeof buf, (enum column)c, r, human);
			return buf;
		}
	fail_msg("no column %s", name);
	return "";
}

static void test_rounding_sides(void **state)
{
	(void)state;
	struct row r;
	reset(&r);
	r.ber_lower = r.ber_upper = r.ber_estimate = 1.2345645e-12;
	r.alpha = r.p_pass = 0.123456789;
	r.expected_bits = 1234567.2;
	r.max_bits = 123456789012345.0;
	/* people: a lower bound down, an upper bound up, an estimate to nearest */
	assert_string_equal(cell(&r, "ber_lower", 1), "1.23456e-12");
	assert_string_equal(cell(&r, "ber_upper", 1), "1.23457e-12");
	assert_string_equal(cell(&r, "ber_estimate", 1), "1.23456e-12");
	/* a risk up, a chance to nearest, as percentages */
	assert_string_equal(cell(&r, "alpha", 1), "12.3457 %");
	assert_string_equal(cell(&r, "p_pass", 1), "12.3457 %");
	r.alpha = 0.12345641;
	assert_string_equal(cell(&r, "alpha", 1), "12.3457 %");
	assert_string_equal(cell(&r, "expected_bits", 1), "1.23457e+06");
	/* a whole number in full for people too */
	assert_string_equal(cell(&r, "max_bits", 1), "123456789012345");
	/* programs: every digit */
	assert_string_equal(cell(&r, "ber_upper", 0), "1.2345645e-12");
	assert_string_equal(cell(&r, "alpha", 0), "0.12345641");
	/* an error row keeps its results empty */
	snprintf(r.error, sizeof r.error, "x");
	assert_string_equal(cell(&r, "ber_upper", 0), "");
	assert_string_equal(cell(&r, "alpha", 1), "");
}

/*
 * Every column's writer returns strlen of what it wrote: on rows whose
 * fields all hold one value (a probability, one below the double range with
 * its log, a whole number, a large one, a fraction), each gate open, with
 * and without a target CL and an error, for people and programs, in a
 * buffer that holds the cell and in one of 12 bytes that truncates it.
 */
static void test_lengths_returned(void **state)
{
	(void)state;
	static const double vals[] = {0.5, 1e-320, 3, 1e25, 123456.789, 9007199254740993.0};
	int checked = 0, written = 0;
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
		for (int variant = 0; variant < 4; variant++) {
			double v = vals[i];
			struct row r;
			reset(&r);
			r.gsl_ok = 1;
			r.has_hist = r.has_cer_upper = r.has_flr = r.has_flr_upper = r.has_flr_observed = 1;
			r.has_degrade = 1;
			bercl_lnprob ln = {v < 1e-300 ? -737.0 : log(v), 0.0};
			for (int c = 0; c < NCOLUMNS; c++) {
				const struct column_desc *d = &columns[c];
				if (d->kind == CELL_CUSTOM || d->kind == CELL_STRING || d->kind == CELL_INT)
					continue;
				*(double *)(void *)((char *)&r + d->field) = v;
				if (d->kind == CELL_LNPROB)
					*(bercl_lnprob *)(void *)((char *)&r + d->ln) = ln;
			}
			r.tails.cl = v < 1 ? v : 0.25;
			r.tails.one_minus_cl = 1 - r.tails.cl;
			r.tails.ln_cl = ln;
			r.bits = r.time_s = r.in.bits = r.in.errors = r.in.rate_bps = v;
			r.dispersion = r.fail_bits = v;
			if (variant & 1) {
				r.in.cl = 0.95;
				r.in.cl_complement = 0.05;
			}
			if (variant & 2)
				strcpy(r.error, "a reason, with a comma");
			for (int c = 0; c < NCOLUMNS; c++)
				for (int human = 0; human < 2; human++) {
					char buf[128], small[12];
					size_t n = column_cell(buf, sizeof buf, (enum column)c, &r, human);
					if (n != strlen(buf))
						fail_msg("column %s (human %d, value %g): returned %zu for '%s'",
						         columns[c].name, human, v, n, buf);
					n = column_cell(small, sizeof small, (enum column)c, &r, human);
					if (n != strlen(small))
						fail_msg("column %s in 12 bytes (human %d, value %g): returned %zu for '%s'",
						         columns[c].name, human, v, n, small);
					checked++;
					written += buf[0] != '\0';
				}
		}
	assert_int_equal(checked, 6 * 4 * NCOLUMNS * 2);
	assert_true(written > checked / 3); /* not a check of empty cells: 2004 of 4464 */
}

static void test_names_unique(void **state)
{
	(void)state;
	for (int a = 0; a < NCOLUMNS; a++)
		for (int b = a + 1; b < NCOLUMNS; b++)
			if (strcmp(columns[a].name, columns[b].name) == 0 &&
			    !(a == COL_CL && b == COL_CL_TARGET)) /* plan's cl is the target */
				fail_msg("columns %d and %d are both '%s'", a, b, columns[a].name);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reset_row_has_no_values),
		cmocka_unit_test(test_rounding_sides),
		cmocka_unit_test(test_lengths_returned),
		cmocka_unit_test(test_names_unique),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
