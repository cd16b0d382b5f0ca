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
#include <string.h>

#include "histogram.h"
#include "parse.h"

#define LINE_MAX_BYTES 4096

static int fail(char *err, size_t errlen, const char *name, long line, const char *fmt, ...)
{
	va_list ap;
	int k = line > 0 ? snprintf(err, errlen, "%s:%ld: ", name, line) : snprintf(err, errlen, "%s: ", name);
	if (k < 0 || (size_t)k >= errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

/* Cut blanks from both ends, in place. */
static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

/* A cell quoted in a message: printable ASCII only, at most 40 bytes. */
static const char *shown(const char *s, char *buf, size_t len)
{
	size_t k = 0;
	for (; *s && k + 4 < len && k < 40; s++)
		buf[k++] = isprint((unsigned char)*s) ? *s : '?';
	if (*s)
		buf[k++] = '.', buf[k++] = '.', buf[k++] = '.';
	buf[k] = '\0';
	return buf;
}

/*
 * One line without its CR LF or LF: 1, or 0 at the end of input, -1 for a
 * line above LINE_MAX_BYTES, -2 for a NUL byte (the rest of the line is
 * read either way).
 */
static int read_line(FILE *fp, char *buf, size_t len)
{
	size_t n = 0;
	int c, status = 1, any = 0;
	while ((c = getc(fp)) != EOF) {
		any = 1;
		if (c == '\n')
			break;
		if (c == '\0' && status == 1)
			status = -2;
		if (n + 1 < len)
			buf[n++] = (char)c;
		else if (status == 1)
			status = -1;
	}
	if (!any)
		return 0;
	if (n > 0 && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	return status;
}

int histogram_read(FILE *fp, const char *name, int t, double *bins, char *err, size_t errlen)
{
	char line[LINE_MAX_BYTES + 1], q[64];
	char seen[1100];
	if (t < 0 || t + 2 > (int)sizeof seen)
		return fail(err, errlen, name, 0, "the code corrects too many symbols for a histogram");
	memset(seen, 0, (size_t)t + 2);
	for (int i = 0; i <= t + 1; i++)
		bins[i] = 0;
	long lineno = 0;
	int data = 0;
	double total = 0;
	for (;;) {
		int r = read_line(fp, line, sizeof line);
		if (r == 0)
			break;
		lineno++;
		if (r == -1)
			return fail(err, errlen, name, lineno, "line longer than %d bytes", LINE_MAX_BYTES);
		if (r == -2)
			return fail(err, errlen, name, lineno, "a NUL byte in the line");
		char *s = line;
		if (lineno == 1 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB &&
		    (unsigned char)s[2] == 0xBF)
			s += 3;
		s = trim(s);
		if (s[0] == '\0' || s[0] == '#')
			continue;
		char *sep = strpbrk(s, ",\t");
		if (!sep)
			return fail(err, errlen, name, lineno,
			            "'%s': expected two cells, bin and codewords, separated by a comma",
			            shown(s, q, sizeof q));
		*sep = '\0';
		char *bin = trim(s), *count = trim(sep + 1);
		if (strpbrk(count, ",\t"))
			return fail(err, errlen, name, lineno, "more than two cells");
		if (!data && strcmp(bin, "symbol_errors") == 0) {
			if (strcmp(count, "codewords") != 0)
				return fail(err, errlen, name, lineno,
				            "header '%s': the second column is 'codewords'", shown(count, q, sizeof q));
			data = 1;
			continue;
		}
		data = 1;
		int idx;
		if (strcmp(bin, "uncorrectable") == 0) {
			idx = t + 1;
		} else {
			double b;
			if (parse_count(bin, &b) != NULL)
				return fail(err, errlen, name, lineno,
				            "bin '%s': a whole number 0..%d or 'uncorrectable'",
				            shown(bin, q, sizeof q), t);
			if (b > t)
				return fail(err, errlen, name, lineno,
				            "bin %.0f is above t = %d: the code cannot correct it (count such "
				            "codewords as uncorrectable)", b, t);
			idx = (int)b;
		}
		if (seen[idx]) {
			if (idx == t + 1)
				return fail(err, errlen, name, lineno, "uncorrectable given twice");
			return fail(err, errlen, name, lineno, "bin %d given twice", idx);
		}
		seen[idx] = 1;
		double v;
		const char *why = parse_count(count, &v);
		if (why)
			return fail(err, errlen, name, lineno, "codewords '%s': %s", shown(count, q, sizeof q),
			            why);
		bins[idx] = v;
		total += v;
		if (total > 9007199254740992.0)
			return fail(err, errlen, name, lineno, "more than 2^53 codewords in all");
	}
	if (ferror(fp))
		return fail(err, errlen, name, 0, "read error");
	if (!seen[t + 1])
		return fail(err, errlen, name, 0,
		            "no 'uncorrectable' line (give it, with 0 if the FEC lost no codeword)");
	if (!(total > 0))
		return fail(err, errlen, name, 0, "no codewords counted");
	return 0;
}
