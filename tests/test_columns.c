/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_columns.c - the column table as data (src/columns.c): a reset row
 * has no value in any data column (every result field it names starts
 * absent, so none prints as 0), each data column rounds to its side for
 * people and prints all digits for programs, and the names are unique.
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
		cmocka_unit_test(test_names_unique),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
