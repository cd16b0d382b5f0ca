/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_telemetry.c - bercl fec --histogram on the reports of switches, NICs
 * and testers (engine/telemetry.c), driven as a user would: the three real
 * histograms of tests/data/telemetry in ethtool's, SONiC's and Xena's own formats give
 * the CSV form's row digit for digit; the per-lane rows of an ethtool report
 * hold the lanes' own counts (sums checked by hand below) and their SER;
 * repeated readings, N/A ports, --value port, the machine formats' port and
 * lane; and every bad report is one line naming FILE:LINE, exit 2, nothing
 * on standard output.
 */
#include "testutil.h"
#include "cliutil.h"

#define D "tests/data/telemetry/"
#define OPTS " --cl 95% --rate 425G -f csv"

static void write_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

/* Data row `row` (1 = first) of CSV text, without its first `skip` cells. */
static const char *row_tail(const char *csv, int row, int skip, char *buf, size_t len)
{
	const char *p = csv;
	for (int k = 0; k < row && p; k++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p)
		fail_msg("no row %d in: %s", row, csv);
	for (int k = 0; k < skip; k++) {
		p = strchr(p, ',');
		assert_non_null(p);
		p++;
	}
	size_t n = strcspn(p, "\n");
	assert_true(n < len);
	memcpy(buf, p, n);
	buf[n] = '\0';
	return buf;
}

/* The report's row (after its port and lane cells) is the CSV form's row. */
static void expect_same_row(const char *report, const char *extra, int row, int skip,
                            const char *csv_form)
{
	static struct run a, b;
	char args[512], x[4096], y[4096];
	snprintf(args, sizeof args, "fec --code kp4 --histogram " D "%s%s%s", report, extra, OPTS);
	run(&a, NULL, args);
	snprintf(args, sizeof args, "fec --code kp4 --histogram " D "%s%s%s", csv_form, extra, OPTS);
	run(&b, NULL, args);
	assert_int_equal(a.status, 0);
	assert_int_equal(b.status, 0);
	row_tail(a.out, row, skip, x, sizeof x);
	row_tail(b.out, 1, 0, y, sizeof y);
	if (strcmp(x, y) != 0)
		fail_msg("%s row %d:\n  %s\nthe CSV form %s:\n  %s", report, row, x, csv_form, y);
}

static void test_formats_give_the_csv_row(void **state)
{
	(void)state;
	const char *methods[] = {"", " --method sonic"};
	for (int m = 0; m < 2; m++) {
		/* SONiC: Ethernet0 and Ethernet8 (Ethernet16 is N/A), column port */
		expect_same_row("sonic.txt", methods[m], 1, 1, "sonic_a.csv");
		expect_same_row("sonic.txt", methods[m], 2, 1, "sonic_b.csv");
		/* Xena: port 0/1 */
		expect_same_row("xena.txt", methods[m], 1, 1, "xena.csv");
		/* ethtool's JSON: four lanes, then combined (columns port, lane) */
		expect_same_row("ethtool.json", methods[m], 5, 2, "sonic_a.csv");
		/* ethtool's text, no lanes: column port */
		expect_same_row("ethtool.txt", methods[m], 1, 1, "sonic_b.csv");
		/* SONiC's COUNTERS_DB fields (port_flr.lua's inputs): redis-cli, sonic-db-cli */
		expect_same_row("sonic_counters.txt", methods[m], 1, 0, "sonic_a.csv");
		expect_same_row("sonic_counters_dict.txt", methods[m], 1, 0, "sonic_a.csv");
	}
	/* the format named rather than told from the content: the same */
	static struct run a, b;
	run(&a, NULL, "fec --code kp4 --histogram " D "xena.txt --histogram-format xena" OPTS);
	run(&b, NULL, "fec --code kp4 --histogram " D "xena.txt" OPTS);
	assert_int_equal(a.status, 0);
	assert_string_equal(a.out, b.out);
	/* SONiC's digits, as gen_sonic_ref.py reimplements port_flr.lua */
	run(&a, NULL, "fec --code kp4 --histogram " D "sonic.txt --method sonic -f csv");
	assert_string_equal(csv_cell(a.out, "cer_tail", 1), "8.780251582303124e-41");
	assert_string_equal(csv_cell(a.out, "port", 1), "Ethernet0");
	assert_string_equal(csv_cell(a.out, "port", 2), "Ethernet8");
	assert_int_equal(count_lines(a.out), 3);
	assert_non_null(strstr(a.err, "sonic.txt:12: Ethernet16: no FEC histogram (N/A): left out"));
}

/*
 * ethtool.json splits the real histogram 77092897948028 / 5529181 / 85996 /
 * 217 over four lanes, v // 4 each and the rest on lane 0:
 *   lane 0: 19273224487007 + 1382296 + 21499 + 55 = 19273225890857
 *   lanes 1..3: 19273224487007 + 1382295 + 21499 + 54 = 19273225890855
 * and combined is the whole histogram, 77092903563422 codewords.
 */
static void test_ethtool_lanes(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "fec --code kp4 --histogram " D "ethtool.json -f csv");
	assert_int_equal(r.status, 0);
	assert_int_equal(count_lines(r.out), 6);
	const char *lanes[] = {"0", "1", "2", "3", "combined"};
	const double cw[] = {19273225890857.0, 19273225890855.0, 19273225890855.0,
	                     19273225890855.0, 77092903563422.0};
	const double sym[] = {1382296 + 2 * 21499 + 3 * 55.0, 1382295 + 2 * 21499 + 3 * 54.0,
	                      1382295 + 2 * 21499 + 3 * 54.0, 1382295 + 2 * 21499 + 3 * 54.0,
	                      5529181 + 2 * 85996 + 3 * 217.0};
	for (int i = 0; i < 5; i++) {
		assert_string_equal(csv_cell(r.out, "port", i + 1), "eth2");
		assert_string_equal(csv_cell(r.out, "lane", i + 1), lanes[i]);
		assert_true(csv_value(r.out, "codewords", i + 1) == cw[i]);
		assert_true(csv_value(r.out, "uncorrectable", i + 1) == 0);
		double ser = csv_value(r.out, "ser_estimate", i + 1);
		assert_true(bercl_rel_diff(ser, sym[i] / (544 * cw[i])) < 1e-15);
	}
	/* JSON and TSV carry them too; --value port */
	run(&r, NULL, "fec --code kp4 --histogram " D "ethtool.json -f json");
	assert_non_null(strstr(r.out, "{\"port\":\"eth2\",\"lane\":\"0\","));
	assert_non_null(strstr(r.out, "{\"port\":\"eth2\",\"lane\":\"combined\","));
	run(&r, NULL, "fec --code kp4 --histogram " D "ethtool.json -f tsv");
	assert_true(strncmp(r.out, "port\tlane\tcode\t", 15) == 0);
	run(&r, NULL, "fec --code kp4 --histogram " D "ethtool.json --value lane");
	assert_string_equal(r.out, "0\n1\n2\n3\ncombined\n");
	/* text: 19 columns are too wide for a table: a block per row, each
	 * cell on its labelled line, every line within 100 columns */
	run(&r, NULL, "fec --code kp4 --histogram " D "ethtool.json");
	assert_true(strncmp(r.out, "port           eth2\nlane           0\ncode           kp4\n", 51) == 0);
	assert_non_null(strstr(r.out, "\n\nport           eth2\nlane           combined\n"));
	assert_true(longest_line(r.out) <= 100);
}

/*
 * ethtool's older text: each count's lanes on "Lane N:" lines of their own;
 * the uncorrectable count's are its lanes, corrected_bits' after it are not.
 */
static void test_ethtool_text_lane_lines(void **state)
{
	(void)state;
	static struct run r;
	write_file(TMP "old.txt", "FEC parameters for eth1:\nStatistics:\n"
	                          "  corrected_blocks: 3\n    Lane 0: 2\n    Lane 1: 1\n"
	                          "  uncorrectable_blocks: 1\n    Lane 0: 1\n    Lane 1: 0\n"
	                          "  corrected_bits: 30\n    Lane 0: 20\n    Lane 1: 10\n"
	                          "  fec_symbol_err_0: 9 [ per_lane: 4, 5 ]\n"
	                          "  fec_symbol_err_1: 2 [ per_lane: 1, 1 ]\n"
	                          "  fec_symbol_err_2: 1 [ per_lane: 1, 0 ]\n"
	                          "  fec_symbol_err_3: 0 [ per_lane: 0, 0 ]\n"
	                          "  fec_symbol_err_4: 0 [ per_lane: 0, 0 ]\n"
	                          "  fec_symbol_err_5: 0 [ per_lane: 0, 0 ]\n"
	                          "  fec_symbol_err_6: 0 [ per_lane: 0, 0 ]\n"
	                          "  fec_symbol_err_7: 0 [ per_lane: 0, 0 ]\n");
	run(&r, NULL, "fec --code kr4 --histogram " TMP "old.txt -f csv");
	assert_int_equal(r.status, 0);
	assert_string_equal(r.err, "");
	assert_int_equal(count_lines(r.out), 4);
	/* lane 0: 4 + 1 + 1 + 1 uncorrectable; lane 1: 5 + 1; combined: 9 + 2 + 1 + 1 */
	assert_string_equal(csv_cell(r.out, "lane", 1), "0");
	assert_true(csv_value(r.out, "codewords", 1) == 7 && csv_value(r.out, "uncorrectable", 1) == 1);
	assert_string_equal(csv_cell(r.out, "lane", 2), "1");
	assert_true(csv_value(r.out, "codewords", 2) == 6 && csv_value(r.out, "uncorrectable", 2) == 0);
	assert_string_equal(csv_cell(r.out, "lane", 3), "combined");
	assert_true(csv_value(r.out, "codewords", 3) == 13);
}

/*
 * Grouped bins, as ethtool's netdevsim reports them (0, 1..3, 4..7, 8..15, 4
 * uncorrectable): ser_estimate is the grouped likelihood's maximum, as
 * gen_fec_groups_ref.py computes it at 60 digits; SONiC's method refuses.
 */
static void test_grouped_bins(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "fec --code kp4 --histogram " D "ethtool_grouped.json --cl 95% -f csv");
	assert_int_equal(r.status, 0);
	FILE *fp = table_open("fec_groups_ref.csv");
	char line[1024];
	char *f[9];
	double ser = NAN, cer = NAN;
	while (table_next(fp, line, sizeof line, f, 9) == 9)
		if (strcmp(f[0], "netdevsim") == 0) {
			ser = strtod(f[5], NULL);
			cer = strtod(f[6], NULL);
		}
	fclose(fp);
	assert_true(bercl_rel_diff(csv_value(r.out, "ser_estimate", 1), ser) < 1e-14);
	assert_true(bercl_rel_diff(csv_value(r.out, "cer_predicted", 1), cer) < 1e-12);
	assert_true(csv_value(r.out, "codewords", 1) == 445 + 12 + 2 + 4);
	assert_true(csv_value(r.out, "uncorrectable", 1) == 4);
	run(&r, NULL, "fec --code kp4 --histogram " D "ethtool_grouped.json --method sonic");
	assert_int_equal(r.status, 2);
	assert_string_equal(r.out, "");
	assert_non_null(strstr(r.err, "bercl: eni8np1: --method sonic needs a count per bin, and "
	                              "the report groups bins\n"));
}

/* Readings of one port: the last one counts; a counter may not go back. */
static void test_readings(void **state)
{
	(void)state;
	static struct run r;
	write_file(TMP "x2.txt", "0/1 PP_RXFECSTATS 0 10 100 20 3 0 0 0 0 0 1 123\n"
	                         "1/0 PP_RXFECSTATS 0 10 50 5 0 0 0 0 0 0 0 55\n"
	                         "0/1 PP_RXFECSTATS 0 10 150 30 3 0 0 0 0 0 2 183\n");
	run(&r, NULL, "fec --code kr4 --histogram " TMP "x2.txt -f csv");
	assert_int_equal(r.status, 0);
	assert_string_equal(csv_cell(r.out, "port", 1), "0/1");
	assert_true(csv_value(r.out, "codewords", 1) == 150 + 30 + 3 + 2);
	assert_true(csv_value(r.out, "uncorrectable", 1) == 2);
	assert_string_equal(csv_cell(r.out, "port", 2), "1/0");
	assert_true(csv_value(r.out, "codewords", 2) == 55);
	write_file(TMP "x3.txt", "0/1 PP_RXFECSTATS 0 10 100 20 3 0 0 0 0 0 1 123\n"
	                         "0/1 PP_RXFECSTATS 0 10 150 19 3 0 0 0 0 0 1 172\n");
	run(&r, NULL, "fec --code kr4 --histogram " TMP "x3.txt");
	assert_int_equal(r.status, 2);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, "bercl: --histogram: " TMP "x3.txt:2: 0/1: bin 1 went "
	                           "backwards, from 20 (line 1) to 19: the counters were cleared or "
	                           "wrapped between the readings (give those after it)\n");
}

struct bad {
	const char *code;
	const char *text;
	const char *format;
	const char *message; /* after "bercl: --histogram: " TMP "bad.txt" */
};

static void test_bad_reports(void **state)
{
	(void)state;
	static const struct bad bad[] = {
		{"kr4", "0/1 PP_RXFECSTATS 0 10 1 2 3 4 0 0 0 0 0 11\n", "",
		 ":1: xena: bins 0..7 add up to 10, the reply's sum says 11 (a damaged reply?)"},
		{"kp4", "0/1 PP_RXFECSTATS 0 10 1 2 3 4 0 0 0 0 0 10\n", "",
		 ":1: xena: the reply counts 0..7 symbol errors, the code corrects t = 15 (is --code "
		 "right?)"},
		{"kr4", "0/1 PP_RXFECSTATS 0 10 1 2 3 4 0 0 0 0 0\n", "",
		 ":1: xena: the reply says 10 values and holds 9"},
		{"kr4", "0/1 PP_RXFECSTATS 0 10 1 2 3 4 0 0 0 0 -1 10\n", "",
		 ":1: xena: the uncorrectable count (>7) '-1' is negative"},
		{"kr4", "hello\n", "xena", ": xena: no PP_RXFECSTATS reply in the input"},
		{"rs:15,9,4", "[ {\"ifname\": \"e0\", \"statistics\": {\"hist\": [\n"
		              "{\"bin_low\": 0, \"bin_high\": 0, \"total\": 5}]}} ]\n", "",
		 ":1: e0: no uncorrectable_blocks count (the codewords the FEC lost)"},
		{"rs:15,9,4", "[ {\"ifname\": \"e0\", \"statistics\": {\"uncorrectable_blocks\": "
		              "{\"total\": 0},\n \"hist\": [{\"bin_low\": 0, \"bin_high\": 1, \"total\": "
		              "5},\n {\"bin_low\": 1, \"bin_high\": 3, \"total\": 2}]}} ]\n", "",
		 ":3: e0: bin 1 counted twice"},
		{"rs:15,9,4", "[ {\"ifname\": \"e0\", \"statistics\": {\"uncorrectable_blocks\": "
		              "{\"total\": 0},\n \"hist\": [{\"bin_low\": 0, \"bin_high\": 0, \"total\": "
		              "5},\n {\"bin_low\": 2, \"bin_high\": 2, \"total\": 2}]}} ]\n", "",
		 ":1: e0: bin 1 missing: the histogram must count every 0..t = 3 (is --code right?)"},
		{"rs:15,9,4", "[ {\"ifname\": \"e0\", \"statistics\": {\"uncorrectable_blocks\": "
		              "{\"total\": 0},\n \"hist\": [{\"bin_low\": 0, \"bin_high\": 0,\n \"total\": "
		              "5.5}]}} ]\n", "",
		 ":3: ethtool JSON: \"total\" 5.5 is not a whole count"},
		{"rs:15,9,4", "[ {\"ifname\": \"e0\",\n \"statistics\": {\"uncorrectable_blocks\": "
		              "{\"total\": 0}, \"hist\": [{\"bin_low\": 5, \"bin_high\": 5, \"total\": 1}]}} ]",
		 "",
		 ":2: e0: bin 5..5 is above t = 3: the code corrects at most t symbols (is --code "
		 "right?)"},
		{"rs:15,9,4", "[ {\"ifname\": \"e0\"\n \"statistics\": 1} ]\n", "",
		 ":2: ethtool JSON: expected ',' or '}' in an object, found '\"statistics\"'"},
		{"rs:15,9,4", "[ {\"ifname\": \"e0\", \"statistics\": {\"uncorrectable_blocks\": "
		              "{\"total\": 0}, \"hist\": [", "",
		 ":1: ethtool JSON: \"hist\": expected an object per bin, found the end of the input"},
		{"kp4", "FEC parameters for eth0:\n  uncorrectable_blocks: 3\n  fec_symbol_err_0: x\n",
		 "", ":3: ethtool: the bin's count 'x' is not a whole count"},
		{"kp4", "     IFACE  BIN0  BIN1\n----------  ----  ----\n Ethernet0    10     2\n", "",
		 ":1: sonic: columns BIN0..BIN1: the code corrects t = 15, bins 2..15 missing (is "
		 "--code right?)"},
		{"rs:15,9,4", "    IFACE  BIN0  BIN1  BIN2  BIN3\n---------  ----  ----  ----  ----\n"
		              "Ethernet0    10   2,0     0     0\n", "",
		 ":3: sonic: Ethernet0 BIN1 '2,0' is not a whole count"},
		{"rs:15,9,4", "    IFACE  BIN0  BIN1  BIN2  BIN3\n---------  ----  ----  ----  ----\n"
		              "Ethernet0    10     2     0     0\n", "",
		 ":3: sonic: Ethernet0: no uncorrectable count: add the output of 'show interfaces "
		 "counters fec-stats' (its FEC_UNCORR column) to the input"},
		{"rs:15,9,4", "hello\n", "sonic",
		 ": sonic: no FEC histogram (a table with IFACE and BIN0..BIN3, or the 'Symbol Errors "
		 "Per Codeword' listing)"},
		{"rs:15,9,4", "1) \"SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S0\"\n2) \"10\"\n"
		              "3) \"SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S1\"\n4) \"1\"\n", "",
		 ":1: sonic: no SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S2: the histogram must count "
		 "every 0..t = 3 (is --code right?)"},
		{"rs:15,9,4", "{'SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S0': '10', "
		              "'SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S1': '1.5'}\n", "",
		 ":1: sonic: SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S1 '1.5' is not a whole count"},
		{"rs:15,9,4", "0/1 PP_RXFECSTATS 0 6 1 2 3 4 0 10\n", "csv",
		 ":1: '0/1 PP_RXFECSTATS 0 6 1 2 3 4 0 10': expected two cells, bin and codewords, "
		 "separated by a comma"},
	};
	static struct run r;
	char args[512], want[1024];
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		write_file(TMP "bad.txt", bad[i].text);
		snprintf(args, sizeof args, "fec --code %s --histogram " TMP "bad.txt%s%s", bad[i].code,
		         bad[i].format[0] ? " --histogram-format " : "", bad[i].format);
		run(&r, NULL, args);
		snprintf(want, sizeof want, "bercl: --histogram: " TMP "bad.txt%s\n", bad[i].message);
		if (r.status != 2 || r.out[0] || strcmp(r.err, want) != 0)
			fail_msg("case %zu: status %d, stdout '%.80s', stderr\n  '%s'\nwanted\n  '%s'", i,
			         r.status, r.out, r.err, want);
	}
	static const char *const usage[] = {
		"fec --code kp4 --ber 1e-6 --histogram-format sonic",
		"fec --code kp4 --histogram " D "xena.txt --histogram-format tabular",
		"fec --code kp4 --histogram " D "xena.txt --histogram-format xena --histogram-format xena",
		"fec --code kp4 --histogram /dev/zero",
	};
	expect_usage_errors(usage, sizeof usage / sizeof *usage, "telemetry ");
	print_message("%zu bad reports: each its one message, exit 2, empty stdout\n",
	              sizeof bad / sizeof *bad);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formats_give_the_csv_row),
		cmocka_unit_test(test_ethtool_lanes),
		cmocka_unit_test(test_ethtool_text_lane_lines),
		cmocka_unit_test(test_grouped_bins),
		cmocka_unit_test(test_readings),
		cmocka_unit_test(test_bad_reports),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
