/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * histogram.c - the --histogram file: one line per bin,
 *
 *     symbol_errors,codewords        (optional header)
 *     0,998877665
 *     1,1122334
 *     ...
 *     15,3
 *     uncorrectable,0
 *
 * The first cell is a bin, 0 .. t (the codewords in which the FEC corrected
 * that many symbols) or `uncorrectable`; the second a whole count. Cells are
 * separated by a comma or a tab, with optional blanks around them. Lines
 * starting with # and blank lines are skipped; a UTF-8 byte-order mark and
 * CR LF line ends are accepted. A bin absent from the file counts 0; the
 * uncorrectable line is required (a histogram without it says nothing of
 * the codewords the FEC lost), a bin may appear once, and a bin above t is
 * an error (such codewords are the uncorrectable ones). Lines are at most
 * 4 KiB; the total count at most 2^53.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "histogram.h"
#include "parse.h"

#define LINE_MAX_BYTES 4096


/* The bin a line's first cell names, 0 .. t or t + 1 for `uncorrectable`,
 * marked in seen; -1 with the message in err. */
static int bin_index(const char *bin, int t, char *seen, const char *name, long lineno,
                     char *err, size_t errlen)
{
	char q[64];
	int idx;
	if (strcmp(bin, "uncorrectable") == 0) {
		idx = t + 1;
	} else {
		double b;
		if (parse_count(bin, &b) != NULL)
			return csv_error(err, errlen, name, lineno,
			            "bin '%s': a whole number 0..%d or 'uncorrectable'",
			            shown_text(bin, q, sizeof q), t);
		if (b > t)
			return csv_error(err, errlen, name, lineno,
			            "bin %.0f is above t = %d: the code cannot correct it (count such "
			            "codewords as uncorrectable)", b, t);
		idx = (int)b;
	}
	if (seen[idx]) {
		if (idx == t + 1)
			return csv_error(err, errlen, name, lineno, "uncorrectable given twice");
		return csv_error(err, errlen, name, lineno, "bin %d given twice", idx);
	}
	seen[idx] = 1;
	return idx;
}

/* The lines of the file, into bins and seen; 0, or -1 with the message in err. */
static int histogram_records(struct csv *c, const char *name, int t, double *bins, char *seen,
                             char *err, size_t errlen)
{
	char q[64];
	int data = 0, rc;
	double total = 0;
	const char *bad;
	if (csv_skip_bom(c) != 0)
		return csv_error(err, errlen, name, 1, "not a CSV file (bad byte order mark)");
	while ((rc = csv_read(c, &bad)) == 1) {
		long lineno = c->record_line;
		if (bad)
			return csv_error(err, errlen, name, lineno, "%s", bad);
		char *bin = csv_trim(c->buf);
		if (c->blank || (c->ncells == 1 && bin[0] == '#'))
			continue;
		if (bin[0] == '#')
			continue;
		if (c->ncells < 2)
			return csv_error(err, errlen, name, lineno,
			            "'%s': expected two cells, bin and codewords, separated by a comma",
			            shown_text(bin, q, sizeof q));
		if (c->ncells > 2)
			return csv_error(err, errlen, name, lineno, "more than two cells");
		char *count = csv_trim(c->buf + c->cell[1]);
		if (!data && strcmp(bin, "symbol_errors") == 0) {
			if (strcmp(count, "codewords") != 0)
				return csv_error(err, errlen, name, lineno,
				            "header '%s': the second column is 'codewords'", shown_text(count, q, sizeof q));
			data = 1;
			continue;
		}
		data = 1;
		int idx = bin_index(bin, t, seen, name, lineno, err, errlen);
		if (idx < 0)
			return -1;
		double v;
		const char *why = parse_count(count, &v);
		if (why)
			return csv_error(err, errlen, name, lineno, "codewords '%s': %s", shown_text(count, q, sizeof q),
			            why);
		bins[idx] = v;
		total += v;
		if (total > 9007199254740992.0)
			return csv_error(err, errlen, name, lineno, "more than 2^53 codewords in all");
	}
	if (rc < 0)
		return csv_error(err, errlen, name, 0, "read error");
	if (!seen[t + 1])
		return 0; /* the caller says so */
	if (!(total > 0))
		return csv_error(err, errlen, name, 0, "no codewords counted");
	return 0;
}

int histogram_read(const struct source *src, const char *name, int t, double *bins, char *err, size_t errlen)
{
	char seen[1100];
	if (t < 0 || t + 2 > (int)sizeof seen)
		return csv_error(err, errlen, name, 0, "the code corrects too many symbols for a histogram");
	memset(seen, 0, (size_t)t + 2);
	for (int i = 0; i <= t + 1; i++)
		bins[i] = 0;
	struct csv_options opt = {.sep = ',', .sep2 = '\t', .max_record = LINE_MAX_BYTES,
	                          .max_text = "4096 bytes", .comments = 1, .stop_at_bad = 1};
	struct csv c;
	csv_init(&c, src, &opt);
	int rc = histogram_records(&c, name, t, bins, seen, err, errlen);
	csv_free(&c);
	if (rc)
		return rc;
	if (!seen[t + 1])
		return csv_error(err, errlen, name, 0,
		            "no 'uncorrectable' line (give it, with 0 if the FEC lost no codeword)");
	return 0;
}

const char *histogram_arrays(int t, long nbins, int ngroups, const long *glen, char *why,
                             size_t len)
{
	if (nbins >= 0 && ngroups >= 0) {
		snprintf(why, len, "bins and groups: give one, not both");
		return why;
	}
	if (nbins < 0 && ngroups < 0) {
		snprintf(why, len, "missing the histogram: bins (t + 2 = %d counts) or groups", t + 2);
		return why;
	}
	if (nbins >= 0) {
		if (nbins == (long)t + 2)
			return NULL;
		snprintf(why, len, "bins: %ld counts given, t + 2 = %d wanted", nbins, t + 2);
		return why;
	}
	if (ngroups == 3 && glen[0] >= 1 && glen[0] == glen[1] && glen[1] == glen[2])
		return NULL;
	snprintf(why, len, "groups: (lo, hi, count), three arrays of one length, at least one "
	                   "group");
	return why;
}
