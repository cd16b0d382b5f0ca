/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_shell.c - what a person reads and what a script parses (issue 8),
 * through the built ./bercl: safe rounding in text, whole numbers as
 * integers, alignment, valid JSON, tolerant batch files, one-value answers
 * and the other shell conveniences.
 */
#include "testutil.h"
#include "cliutil.h"

static void write_file(const char *path, const char *text)
{
	mkdir(TMP, 0755);
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

/* Line n (1 = first) of s, copied into buf. */
static const char *line_of(const char *s, int n, char *buf, size_t len)
{
	for (int i = 1; i < n && s; i++) {
		s = strchr(s, '\n');
		if (s)
			s++;
	}
	if (!s)
		return "";
	size_t k = strcspn(s, "\n");
	if (k >= len)
		k = len - 1;
	memcpy(buf, s, k);
	buf[k] = '\0';
	return buf;
}

/* Display column of position at in line (UTF-8; CJK as 2). */
static long display_col_at(const char *line, const char *at)
{
	long col = 0;
	for (const unsigned char *p = (const unsigned char *)line; p < (const unsigned char *)at; p++) {
		if ((*p & 0xC0) == 0x80)
			continue;
		col += (*p >= 0xE3 && *p <= 0xE9) ? 2 : 1; /* U+3000..U+9FFF: wide */
	}
	return col;
}

/* Display column of the first occurrence of needle in line. */
static long display_col(const char *line, const char *needle)
{
	const char *at = strstr(line, needle);
	return at ? display_col_at(line, at) : -1;
}

/* Found 1: a required test time is rounded up, to the precision shown. */
static void test_time_rounded_up(void **state)
{
	(void)state;
	static struct run r;
	/* 184.004 s, 244.2 s, 300.748 s */
	run(&r, NULL, "bits -e 0..3 -p 1e-12 -c 95% -r 25.78125G");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "3 min 4.1 s"));
	assert_non_null(strstr(r.out, "4 min 4.3 s"));
	assert_non_null(strstr(r.out, "5 min 0.8 s"));
	assert_null(strstr(r.out, "5 min 0.7 s"));
	/* a day or more keeps its seconds: 29957322.7355 s */
	run(&r, NULL, "bits -e 0 -p 1e-17 -c 95% -r 10G");
	assert_non_null(strstr(r.out, "346 d 17 h 28 min 43 s"));
	/* below a minute: 4 digits, up (2995732273554 / 1e11 = 29.95732... s) */
	run(&r, NULL, "bits -e 0 -p 1e-12 -c 95% -r 100G");
	assert_non_null(strstr(r.out, "29.96 s"));
	/* a tested time (an input) is shown as given */
	run(&r, NULL, "cl -e 3 -t 5min0.7s -r 25.78125G -p 1e-12");
	assert_non_null(strstr(r.out, "5 min 0.7 s"));
	/* the printed time, run through cl --require, passes */
	run(&r, NULL, "cl -e 3 -t 5min0.8s -r 25.78125G -p 1e-12 --require 95%");
	assert_int_equal(r.status, 0);
}

/* Found 2: a CL never reads as meeting a target it misses; targets as given. */
static void test_cl_never_reads_as_met(void **state)
{
	(void)state;
	static struct run r;
	char line[512];
	run(&r, NULL, "cl -e 0 -n 2995732273553 -p 1e-12 --require 95%");
	assert_int_equal(r.status, 1);
	line_of(r.out, 2, line, sizeof line);
	assert_non_null(strstr(line, "94.9999 %"));
	assert_null(strstr(line, "95.0000"));
	assert_non_null(strstr(line, "0.0500001")); /* 1 - CL rounded up */
	assert_non_null(strstr(line, "fail"));
	/* one bit more meets it, and reads so */
	run(&r, NULL, "cl -e 0 -n 2995732273554 -p 1e-12 --require 95%");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "95.0000 %"));
	/* a target shows its own digits, the achieved CL no noise digits */
	run(&r, NULL, "bits -c 0.9999999999999 -p 1e-12");
	line_of(r.out, 2, line, sizeof line);
	assert_non_null(strstr(line, "99.99999999999 %     29933606208923     99.99999999999 %"));
	/* a target with more digits than 4 decimals: the achieved CL shows as many */
	run(&r, NULL, "bits -c 0.95012345 -p 1e-12");
	assert_non_null(strstr(r.out, "95.012345 %          2998204326561      95.012345 %"));
	/* 1 - 1e-20: both sides in full */
	run(&r, NULL, "bits -c 0.99999999999999999999 -p 1e-12");
	line_of(r.out, 2, line, sizeof line);
	assert_non_null(strstr(line, "99.999999999999999999 %"));
	assert_null(strstr(line, "> "));
	/* a CL far above every digit shown says so */
	run(&r, NULL, "cl -e 0 -n 3e14 -p 1e-12");
	assert_non_null(strstr(r.out, "> 99.9999999999999999 %"));
	/* BER bounds round outward */
	run(&r, NULL, "ber -e 0 -n 3T -c 95%");
	assert_non_null(strstr(r.out, "9.98578e-13")); /* 9.985774245e-13 */
}

/* Found 3: whole numbers print as integers in every format. */
static void test_whole_numbers(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "bits -e 2 -p 1e-15 -c 95% -f tsv");
	assert_non_null(strstr(r.out, "\t6295793621871990\t"));
	run(&r, NULL, "bits -e 2 -p 1e-15 -c 95% -f json");
	assert_non_null(strstr(r.out, "\"bits\":6295793621871990,"));
	run(&r, NULL, "bits -e 0 -p 1e-15 -c 95% --model binomial");
	assert_non_null(strstr(r.out, "2995732273553990"));
	assert_null(strstr(r.out, "e+15"));
	run(&r, NULL, "cl -e 0 -n 1e15 -p 1e-15 -f csv");
	assert_non_null(strstr(r.out, ",1000000000000000,"));
	/* time x rate x lanes: whole in decimal, whole in the output */
	run(&r, NULL, "cl -e 0 -t 1.1s -r 53.125G -l 4 -p 1e-12 -f csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, ",233750000000,"));
	run(&r, NULL, "cl -e 0 -t 1.1s -r 53.125G -l 4 -p 1e-12 --model binomial -f csv");
	assert_int_equal(r.status, 0);
	/* above 2^53 a double is not every whole number: shortest form */
	run(&r, NULL, "cl -e 0 -n 1.1e18 -p 1e-18 -f csv");
	assert_non_null(strstr(r.out, ",1.1e+18,"));
}

/* Found 7: cl_achieved never below its target; --verify compares like with like. */
static void test_achieved_and_verify(void **state)
{
	(void)state;
	static struct run r;
	run(&r, NULL, "bits -e 9 -p 2.954e-15 -c 0.5501 -f csv");
	assert_int_equal(r.status, 0);
	assert_true(csv_value(r.out, "cl_achieved", 1) >= 0.5501);
	assert_true(csv_value(r.out, "one_minus_cl", 1) == 0.4499);
	/* and the bits it prints pass cl --require */
	char args[256];
	snprintf(args, sizeof args, "cl -e 9 -p 2.954e-15 -n %.17g --require 0.5501",
	         csv_value(r.out, "bits", 1));
	run(&r, NULL, args);
	assert_int_equal(r.status, 0);
	/* 1 - CL = 2.2444145171954208e-158 beside GSL's ...107e-158: 4.5e-15 */
	run(&r, NULL, "cl -e 0 -n 1.1e15 -p 3.3e-13 --verify -f csv");
	double ours = csv_value(r.out, "one_minus_cl", 1);
	double gsl = csv_value(r.out, "gsl_one_minus_cl", 1);
	double diff = csv_value(r.out, "gsl_rel_diff", 1);
	assert_true(ours != gsl);
	assert_true(fabs(diff - fabs(gsl - ours) / ours) < 1e-16);
	assert_string_equal(r.err, ""); /* lambda's rounding is not GSL's error */
}

/* Found 9: text columns align by display width, also after a long value. */
static void test_alignment(void **state)
{
	(void)state;
	static struct run r;
	char head[512], row[512];
	run(&r, NULL, "bits -e 0 -p 1e-17,1e-12 -c 95% -r 10G");
	line_of(r.out, 1, head, sizeof head);
	line_of(r.out, 2, row, sizeof row); /* bits 2.995732273553991e+17: 3 past its width */
	assert_int_equal(display_col(head, "lanes"), display_col(row, "1     346 d"));
	/* the achieved CL, the row's last cell, is back under its header */
	assert_int_equal(display_col(head, "CL achieved"), display_col_at(row, strrchr(row, '%') - 8));
	write_file(TMP "utf8.csv", "id,errors,bits,ber\nGr\xc3\xbc\xc3\x9f" "e,0,3e12,1e-12\n"
	                           "\xe6\x9d\xb1\xe4\xba\xac,1,3e12,1e-12\nplain,2,3e12,1e-12\n");
	run(&r, NULL, "cl -i " TMP "utf8.csv");
	char l2[512], l3[512], l4[512];
	line_of(r.out, 1, head, sizeof head);
	line_of(r.out, 2, l2, sizeof l2);
	line_of(r.out, 3, l3, sizeof l3);
	line_of(r.out, 4, l4, sizeof l4);
	long c = display_col(head, "errors");
	assert_true(c > 0);
	assert_int_equal(display_col(l2, "0 "), c);
	assert_int_equal(display_col(l3, "1 "), c);
	assert_int_equal(display_col(l4, "2 "), c);
	assert_int_equal(display_col(l2, "3000000000000"), display_col(l4, "3000000000000"));
}

/* Found 8: JSON stays UTF-8 whatever a copied cell holds. */
static void test_json_utf8(void **state)
{
	(void)state;
	static struct run r;
	write_file(TMP "bad_utf8.csv", "id,errors,bits,ber\n\xff\xfe" "x,0,3e12,1e-12\n"
	                               "ok\xc3\xa9,0,3e12,1e-12\n\xc0\xaf,0,3e12,1e-12\n");
	run(&r, NULL, "cl -f json -i " TMP "bad_utf8.csv");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "{\"id\":\"\\ufffd\\ufffdx\","));
	assert_non_null(strstr(r.out, "{\"id\":\"ok\xc3\xa9\","));
	assert_non_null(strstr(r.out, "{\"id\":\"\\ufffd\\ufffd\",")); /* an overlong '/' */
	/* every byte sequence of the output is valid UTF-8 */
	for (const unsigned char *p = (const unsigned char *)r.out; *p;) {
		int k = *p < 0x80 ? 1 : (*p & 0xE0) == 0xC0 ? 2 : (*p & 0xF0) == 0xE0 ? 3 : 4;
		assert_true(*p < 0x80 || (*p >= 0xC2 && *p <= 0xF4));
		for (int i = 1; i < k; i++)
			assert_true((p[i] & 0xC0) == 0x80);
		p += k;
	}
}

/* A small deterministic generator (Knuth's MMIX LCG), for random rows. */
static double uniform(unsigned long long *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*state >> 11) / 9007199254740992.0;
}

/*
 * Acceptance (issue 8): for every row of a 10,000-row random bits sweep,
 * the test time the text output prints, run through cl --require at the
 * same target, passes.
 */
static void test_printed_time_passes(void **state)
{
	(void)state;
	enum { ROWS = 10000 };
	unsigned long long seed = 20261130;
	mkdir(TMP, 0755);
	FILE *fp = fopen(TMP "sweep_in.csv", "w");
	assert_non_null(fp);
	fputs("id,errors,ber,cl,rate,lanes\n", fp);
	static double errors[ROWS], ber[ROWS], rate[ROWS], lanes[ROWS];
	static char cl[ROWS][40];
	for (int i = 0; i < ROWS; i++) {
		double u = uniform(&seed);
		errors[i] = u < 0.5 ? floor(uniform(&seed) * 10) : floor(pow(10, uniform(&seed) * 3.7));
		ber[i] = pow(10, -18 + 14 * uniform(&seed));
		u = uniform(&seed);
		if (u < 0.4)
			snprintf(cl[i], sizeof cl[i], "%.6g", 0.5 + 0.49999 * uniform(&seed));
		else if (u < 0.7)
			snprintf(cl[i], sizeof cl[i], "%.4g%%", 50 + 49.99 * uniform(&seed));
		else
			snprintf(cl[i], sizeof cl[i], "0.%.*s%d", 1 + (int)(uniform(&seed) * 12),
			         "9999999999999", 1 + (int)(uniform(&seed) * 8));
		rate[i] = pow(10, 6 + 5.5 * uniform(&seed));
		lanes[i] = 1 + floor(uniform(&seed) * 8);
		fprintf(fp, "r%d,%.17g,%.17g,%s,%.17g,%.17g\n", i, errors[i], ber[i], cl[i], rate[i],
		        lanes[i]);
	}
	fclose(fp);
	static struct run r;
	run(&r, NULL, "bits -i " TMP "sweep_in.csv > " TMP "sweep_text.txt; cat " TMP "sweep_text.txt");
	assert_int_equal(r.status, 0);
	/* Each row: id errors BER CL... bits rate(2) lanes TIME... CL achieved. */
	fp = fopen(TMP "sweep_text.txt", "r");
	FILE *cl_in = fopen(TMP "sweep_cl.csv", "w");
	assert_non_null(fp);
	assert_non_null(cl_in);
	fputs("id,errors,ber,require,rate,lanes,time\n", cl_in);
	static char line[4096];
	assert_non_null(fgets(line, sizeof line, fp)); /* the header */
	int rows = 0;
	while (fgets(line, sizeof line, fp)) {
		char *tok[64];
		int n = 0;
		for (char *t = strtok(line, " \n"); t && n < 64; t = strtok(NULL, " \n"))
			tok[n++] = t;
		int k = 3;
		while (k < n && strcmp(tok[k], "%") != 0)
			k++; /* the target CL */
		k += 1 + 1 + 2 + 1; /* "%", bits, rate and its unit, lanes */
		char time[128] = "";
		for (; k + 1 < n; k += 2) {
			const char *unit = tok[k + 1];
			if (strcmp(unit, "d") && strcmp(unit, "h") && strcmp(unit, "min") &&
			    strcmp(unit, "s") && strcmp(unit, "years"))
				break;
			size_t m = strlen(time);
			snprintf(time + m, sizeof time - m, "%s%s %s", m ? " " : "", tok[k], unit);
		}
		int i = atoi(tok[0] + 1);
		assert_true(time[0] != '\0');
		fprintf(cl_in, "%s,%.17g,%.17g,%s,%.17g,%.17g,%s\n", tok[0], errors[i], ber[i], cl[i],
		        rate[i], lanes[i], time);
		rows++;
	}
	fclose(fp);
	fclose(cl_in);
	assert_int_equal(rows, ROWS);
	run(&r, NULL, "cl -f csv -i " TMP "sweep_cl.csv | grep -c ',pass,$'");
	if (atoi(r.out) != ROWS) {
		run(&r, NULL, "cl -f csv -i " TMP "sweep_cl.csv | grep -v ',pass,$' | head -5");
		fail_msg("printed times that do not pass cl --require:\n%s", r.out);
	}
	print_message("%d random bits rows: each printed test time passes cl --require\n", ROWS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_time_rounded_up),
		cmocka_unit_test(test_cl_never_reads_as_met),
		cmocka_unit_test(test_whole_numbers),
		cmocka_unit_test(test_achieved_and_verify),
		cmocka_unit_test(test_alignment),
		cmocka_unit_test(test_json_utf8),
		cmocka_unit_test(test_printed_time_passes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
