/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * telemetry.c - the FEC histogram as the systems that count it print it.
 *
 * Every format gives, per port (and lane), the codewords the decoder saw
 * with 0, 1, ..., t corrected symbols and the uncorrectable ones; bercl
 * needs every count 0 .. t (a bin the report lacks is unknown, not 0) and
 * the uncorrectable count (without it nothing can be said of what the FEC
 * lost).
 *
 *   csv      bercl's own: symbol_errors,codewords lines (engine/histogram.c).
 *   ethtool  `ethtool --json -I --show-fec DEV` (Linux 6.18 and ethtool's
 *            netlink FEC statistics): an array of objects, each with
 *            "ifname" and "statistics": "uncorrectable_blocks" {"total",
 *            "lanes"} and "hist", a list of {"bin_low", "bin_high",
 *            "total", "lanes"}; or the same command's text, lines
 *            "FEC parameters for DEV:", "uncorrectable_blocks: N" and
 *            "fec_symbol_err_LOW[_to_HIGH]: N [ per_lane: a, b, ... ]".
 *            One row per lane where every bin and the uncorrectable count
 *            have per-lane values, and the row `combined` of the totals.
 *            A bin spanning several counts (bin_low < bin_high) is kept as
 *            a group, for bercl_fec_histogram_groups' exact likelihood.
 *   sonic    `show interfaces counters fec-histogram` (sonic-utilities'
 *            portstat): a table IFACE, BIN0 .. BIN15 (one row per port), or
 *            for one port the listing "Symbol Errors Per Codeword /
 *            Codewords" of BIN0 .. BIN15; neither holds the uncorrectable
 *            count, which comes from `show interfaces counters fec-stats`
 *            (column FEC_UNCORR) in the same input. The tables are read by
 *            the columns their dashed rule marks; counts may carry
 *            thousands separators; a port whose cells say N/A is left out
 *            with a warning.
 *   xena     the reply to `M/P PP_RXFECSTATS ?`: "M/P PP_RXFECSTATS type
 *            count c_0 ... c_n c_>n sum", count = n + 3, c_>n the
 *            uncorrectable codewords and sum the sum of c_0 .. c_n (checked).
 *
 * Several readings of one port (and lane), as a log of repeated commands
 * holds: the counters are cumulative since they were cleared, so the last
 * reading is the histogram, and a count below its earlier value (counters
 * cleared or wrapped in between) is an error naming both lines.
 *
 * Tables and lines are read through the program's CSV tokenizer (engine/csv.c:
 * bounded records, byte checks); the JSON by a small recursive reader with
 * a depth limit. The whole input is held in memory, at most
 * TELEMETRY_MAX_BYTES.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"
#include "csv.h"
#include "histogram.h"
#include "telemetry.h"

#define LINE_BYTES 65536
#define MAX_LANES 16
#define MAX_COUNT 9007199254740992.0 /* 2^53 */

struct reader {
	const char *name;
	int t;
	struct telemetry *tm;
	char *err;
	size_t errlen;
	int warnings;
};

static int fail(struct reader *rd, long line, const char *fmt, ...)
{
	va_list ap;
	int k = line > 0 ? snprintf(rd->err, rd->errlen, "%s:%ld: ", rd->name, line)
	                 : snprintf(rd->err, rd->errlen, "%s: ", rd->name);
	if (k < 0 || (size_t)k >= rd->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(rd->err + k, rd->errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

/* A warning for standard error: the first is kept, the others counted. */
static void warn(struct reader *rd, long line, const char *fmt, ...)
{
	if (rd->warnings++ > 0)
		return;
	char *w = rd->tm->warning;
	size_t len = sizeof rd->tm->warning;
	int k = snprintf(w, len, "%s:%ld: ", rd->name, line);
	if (k < 0 || (size_t)k >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w + k, len - (size_t)k, fmt, ap);
	va_end(ap);
}

/* Text quoted in a message: printable ASCII, at most 40 bytes of n. */
static const char *shown(const char *s, size_t n, char *buf, size_t len)
{
	size_t k = 0, i = 0;
	for (; i < n && s[i] && k + 4 < len && k < 40; i++)
		buf[k++] = isprint((unsigned char)s[i]) ? s[i] : '?';
	if (i < n && s[i])
		buf[k++] = '.', buf[k++] = '.', buf[k++] = '.';
	buf[k] = '\0';
	return buf;
}

/* A name as a row shows it: printable ASCII, no blanks; 0, or -1 if not. */
static int copy_name(char *out, size_t len, const char *s, size_t n)
{
	if (n == 0 || n >= len)
		return -1;
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (!isgraph(ch) || ch == '"' || ch == ',' || ch == '\\')
			return -1;
		out[i] = (char)ch;
	}
	out[n] = '\0';
	return 0;
}

/*
 * A counter: n decimal digits (with commas between groups of three where
 * commas is set), at most 2^53. NULL, or why not.
 */
static const char *counter(const char *s, size_t n, int commas, double *v)
{
	uint64_t u = 0;
	size_t digits = 0, group = 0;
	int seen_comma = 0;
	if (n == 0)
		return "is empty";
	for (size_t i = 0; i < n; i++) {
		char ch = s[i];
		if (ch == ',' && commas && digits > 0 && (seen_comma ? group == 3 : group <= 3)) {
			seen_comma = 1;
			group = 0;
			continue;
		}
		if (ch < '0' || ch > '9')
			return ch == '-' ? "is negative" : "is not a whole count";
		if (++digits > 16)
			return "is larger than 2^53";
		u = u * 10 + (uint64_t)(ch - '0');
		group++;
	}
	if (seen_comma && group != 3)
		return "is not a whole count";
	if (u > (uint64_t)1 << 53)
		return "is larger than 2^53";
	*v = (double)u;
	return NULL;
}

/* "eth0", "eth0 lane 2", "the histogram": the reading a message names. */
static const char *label(const char *port, const char *lane, char *buf, size_t len)
{
	if (!port[0] && !lane[0])
		snprintf(buf, len, "the histogram");
	else if (!lane[0])
		snprintf(buf, len, "%s", port);
	else if (strcmp(lane, "combined") == 0)
		snprintf(buf, len, "%s%s(combined)", port, port[0] ? " " : "");
	else
		snprintf(buf, len, "%s%slane %s", port, port[0] ? " " : "", lane);
	return buf;
}

/*
 * One reading: bins[0 .. t + 1]. A port and lane read before: the counters
 * must not have gone backwards; the new reading replaces the old one.
 */
static int add_histogram_groups(struct reader *rd, const char *port, const char *lane,
                                const double *bins, const int *glo, const int *ghi,
                                const double *gcount, int ngroups, long line);

static int add_histogram(struct reader *rd, const char *port, const char *lane,
                         const double *bins, long line)
{
	return add_histogram_groups(rd, port, lane, bins, NULL, NULL, NULL, 0, line);
}

/* Its groups into h (ngroups 0: single bins). */
static void set_groups(struct telemetry *tm, struct telemetry_histogram *h, const int *glo,
                       const int *ghi, const double *gcount, int ngroups)
{
	size_t k = (size_t)(h - tm->h), per = (size_t)(tm->t + 2);
	h->ngroups = ngroups;
	h->lo = tm->group_bounds + 2 * k * per;
	h->hi = h->lo + per;
	h->count = tm->group_counts + k * per;
	for (int j = 0; j < ngroups; j++) {
		h->lo[j] = glo[j];
		h->hi[j] = ghi[j];
		h->count[j] = gcount[j];
	}
}

static int add_histogram_groups(struct reader *rd, const char *port, const char *lane,
                                const double *bins, const int *glo, const int *ghi,
                                const double *gcount, int ngroups, long line)
{
	struct telemetry *tm = rd->tm;
	int t = rd->t;
	char who[96];
	double total = 0;
	for (int i = 0; i <= t + 1; i++)
		total += bins[i];
	if (total > MAX_COUNT)
		return fail(rd, line, "%s: more than 2^53 codewords in all",
		            label(port, lane, who, sizeof who));
	if (!(total > 0))
		return fail(rd, line, "%s: no codewords counted", label(port, lane, who, sizeof who));
	for (int k = 0; k < tm->n; k++) {
		struct telemetry_histogram *h = &tm->h[k];
		if (strcmp(h->port, port) != 0 || strcmp(h->lane, lane) != 0)
			continue;
		for (int i = 0; i <= t + 1; i++) {
			if (bins[i] >= h->bins[i])
				continue;
			char bin[32];
			if (i == t + 1)
				snprintf(bin, sizeof bin, "the uncorrectable count");
			else
				snprintf(bin, sizeof bin, "bin %d", i);
			return fail(rd, line,
			            "%s: %s went backwards, from %.0f (line %ld) to %.0f: the counters "
			            "were cleared or wrapped between the readings (give those after it)",
			            label(port, lane, who, sizeof who), bin, h->bins[i], h->line, bins[i]);
		}
		memcpy(h->bins, bins, (size_t)(t + 2) * sizeof *bins);
		set_groups(tm, h, glo, ghi, gcount, ngroups);
		h->line = line;
		return 0;
	}
	if (tm->n == TELEMETRY_MAX_HISTOGRAMS)
		return fail(rd, line, "more than %d histograms (ports and lanes) in one input: "
		            "split the report", TELEMETRY_MAX_HISTOGRAMS);
	struct telemetry_histogram *h = &tm->h[tm->n];
	h->bins = tm->storage + (size_t)tm->n * (size_t)(t + 2);
	memcpy(h->bins, bins, (size_t)(t + 2) * sizeof *bins);
	snprintf(h->port, sizeof h->port, "%s", port);
	snprintf(h->lane, sizeof h->lane, "%s", lane);
	h->line = line;
	set_groups(tm, h, glo, ghi, gcount, ngroups);
	tm->n++;
	tm->has_port |= port[0] != '\0';
	tm->has_lane |= lane[0] != '\0';
	return 0;
}

/* ---- ethtool: one device's bins, from its JSON or its text ---- */

struct device {
	char port[64];
	long line;
	int ngroups;
	struct group {
		unsigned lo, hi;
		double total;
		int nlanes;
		double lanes[MAX_LANES];
		long line;
	} *g;                      /* at most t + 2 + 64 groups */
	int maxgroups;
	int has_unc, unc_nlanes;
	double unc, unc_lanes[MAX_LANES];
	long unc_line;
	/* device_cover's findings */
	int nlanes, lanes_ok, grouped;
	long partial_line;
};

static void device_start(struct device *d, long line)
{
	d->port[0] = '\0';
	d->line = line;
	d->ngroups = 0;
	d->has_unc = 0;
	d->unc_nlanes = 0;
}

static struct group *device_group(struct reader *rd, struct device *d, long line)
{
	if (d->ngroups == d->maxgroups) {
		fail(rd, line, "more histogram bins than the code has (t = %d)", rd->t);
		return NULL;
	}
	struct group *g = &d->g[d->ngroups++];
	memset(g, 0, sizeof *g);
	g->line = line;
	return g;
}

/* The device's groups checked and laid on bins (each group's count at its
 * first bin) and cover; d->nlanes, lanes_ok, grouped and partial_line said. */
static int device_cover(struct reader *rd, struct device *d, const char *who, double *bins,
                        char *cover)
{
	int t = rd->t;
	memset(cover, 0, (size_t)t + 1);
	for (int i = 0; i <= t + 1; i++)
		bins[i] = 0; /* a group's bins after its first hold none of its count */
	d->nlanes = -1;
	d->lanes_ok = 1;
	d->grouped = 0;
	d->partial_line = 0;
	for (int k = 0; k < d->ngroups; k++) {
		struct group *g = &d->g[k];
		if (g->lo > g->hi)
			return fail(rd, g->line, "%s: bin_low %u is above bin_high %u", who, g->lo, g->hi);
		if (g->hi > (unsigned)t) {
			int empty = g->total == 0;
			for (int l = 0; l < g->nlanes; l++)
				empty &= g->lanes[l] == 0;
			if (empty)
				continue; /* a bin the code cannot reach, with nothing in it */
			return fail(rd, g->line,
			            "%s: bin %u..%u is above t = %d: the code corrects at most t symbols "
			            "(is --code right?)", who, g->lo, g->hi, t);
		}
		for (unsigned i = g->lo; i <= g->hi; i++) {
			if (cover[i])
				return fail(rd, g->line, "%s: bin %u counted twice", who, i);
			cover[i] = 1;
		}
		d->grouped |= g->lo != g->hi;
		bins[g->lo] = g->total;
		if (d->nlanes < 0)
			d->nlanes = g->nlanes;
		if (g->nlanes != d->nlanes) {
			d->lanes_ok = 0;
			d->partial_line = g->line;
		}
	}
	return 0;
}

/* The first bin 0..t that no group covers, as an error; 0 if none. */
static int device_missing(struct reader *rd, const struct device *d, const char *who,
                          const char *cover)
{
	int t = rd->t;
	for (int i = 0; i <= t; i++)
		if (!cover[i]) {
			int j = i;
			while (j < t && !cover[j + 1])
				j++;
			if (j > i)
				return fail(rd, d->line, "%s: bins %d..%d missing: the histogram must count "
				            "every 0..t = %d (is --code right?)", who, i, j, t);
			return fail(rd, d->line, "%s: bin %d missing: the histogram must count every "
			            "0..t = %d (is --code right?)", who, i, t);
		}
	return 0;
}

/* The groups in bin order, then the uncorrectable count as the group t + 1
 * (bercl_fec_histogram_groups' form): how many. */
static int device_groups(const struct device *d, int t, int *glo, int *ghi, double *gcount)
{
	int order[BERCL_FEC_MAX_BINS + 64];
	int ng = 0;
	for (int i = 0; i <= t; i++)
		order[i] = -1;
	for (int k = 0; k < d->ngroups; k++)
		if (d->g[k].hi <= (unsigned)t)
			order[d->g[k].lo] = k;
	for (int i = 0; i <= t; i++)
		if (order[i] >= 0) {
			glo[ng] = (int)d->g[order[i]].lo;
			ghi[ng] = (int)d->g[order[i]].hi;
			gcount[ng++] = d->g[order[i]].total;
		}
	glo[ng] = ghi[ng] = t + 1;
	gcount[ng++] = d->unc;
	return ng;
}

/* A row per lane 0 .. d->nlanes - 1 (ng groups glo..ghi, 0: single bins). */
static int device_lanes(struct reader *rd, const struct device *d, const int *glo,
                        const int *ghi, int ng)
{
	int t = rd->t;
	for (int l = 0; l < d->nlanes; l++) {
		double lane_bins[BERCL_FEC_MAX_BINS];
		for (int i = 0; i <= t + 1; i++)
			lane_bins[i] = 0;
		for (int k = 0; k < d->ngroups; k++)
			if (d->g[k].hi <= (unsigned)t)
				lane_bins[d->g[k].lo] = d->g[k].lanes[l];
		lane_bins[t + 1] = d->unc_lanes[l];
		char lane[16];
		snprintf(lane, sizeof lane, "%d", l);
		double lane_count[BERCL_FEC_MAX_BINS];
		for (int j = 0; j < ng; j++)
			lane_count[j] = lane_bins[glo[j]];
		if (add_histogram_groups(rd, d->port, lane, lane_bins, glo, ghi, lane_count, ng,
		                         d->line))
			return -1;
	}
	return 0;
}

/* The device's rows: each lane where all its counts are given, and combined. */
static int device_finish(struct reader *rd, struct device *d, double *bins, char *cover)
{
	int t = rd->t;
	char who[96];
	label(d->port, "", who, sizeof who);
	if (d->ngroups == 0)
		return fail(rd, d->line, "%s: no FEC histogram (no \"hist\" bins: does the device "
		            "and the kernel report one? Linux 6.18 and later)", who);
	if (!d->has_unc)
		return fail(rd, d->line, "%s: no uncorrectable_blocks count (the codewords the FEC "
		            "lost)", who);
	if (device_cover(rd, d, who, bins, cover) || device_missing(rd, d, who, cover))
		return -1;
	bins[t + 1] = d->unc;
	int ng = 0;
	int glo[BERCL_FEC_MAX_BINS], ghi[BERCL_FEC_MAX_BINS];
	double gcount[BERCL_FEC_MAX_BINS];
	if (d->grouped)
		ng = device_groups(d, t, glo, ghi, gcount);
	if (d->nlanes > 0 && d->unc_nlanes != d->nlanes) {
		d->lanes_ok = 0;
		d->partial_line = d->unc_line;
	}
	if (d->nlanes > 0 && !d->lanes_ok)
		warn(rd, d->partial_line, "%s: per-lane counts are not given for every bin and the "
		     "uncorrectable count: the combined row only", who);
	if (d->nlanes > 0 && d->lanes_ok) {
		if (device_lanes(rd, d, glo, ghi, ng))
			return -1;
		return add_histogram_groups(rd, d->port, "combined", bins, glo, ghi, gcount, ng,
		                            d->line);
	}
	return add_histogram_groups(rd, d->port, "", bins, glo, ghi, gcount, ng, d->line);
}

/* ---- ethtool --json ---- */

struct json {
	const char *s;
	size_t n, i;
	long line;
	int depth;
	struct reader *rd;
};

#define JSON_MAX_DEPTH 32

static void jws(struct json *j)
{
	while (j->i < j->n) {
		char c = j->s[j->i];
		if (c == '\n')
			j->line++;
		else if (c != ' ' && c != '\t' && c != '\r')
			return;
		j->i++;
	}
}

static int jpeek(struct json *j)
{
	jws(j);
	return j->i < j->n ? (unsigned char)j->s[j->i] : EOF;
}

static int jfail_at(struct json *j, const char *what)
{
	char q[64];
	if (j->i >= j->n)
		return fail(j->rd, j->line, "ethtool JSON: %s, found the end of the input", what);
	return fail(j->rd, j->line, "ethtool JSON: %s, found '%s'", what,
	            shown(j->s + j->i, j->n - j->i < 12 ? j->n - j->i : 12, q, sizeof q));
}

static int jexpect(struct json *j, char c, const char *what)
{
	if (jpeek(j) != (unsigned char)c)
		return jfail_at(j, what);
	j->i++;
	return 0;
}

/* A string into out (len bytes, cut there; out NULL: skipped). */
static int jstring(struct json *j, char *out, size_t len)
{
	if (jexpect(j, '"', "expected a string"))
		return -1;
	size_t k = 0;
	while (j->i < j->n) {
		unsigned char c = (unsigned char)j->s[j->i++];
		if (c == '"') {
			if (out)
				out[k < len ? k : len - 1] = '\0';
			return 0;
		}
		if (c < 0x20)
			return fail(j->rd, j->line, "ethtool JSON: a control character inside a string");
		if (c == '\\') {
			if (j->i >= j->n)
				break;
			c = (unsigned char)j->s[j->i++];
			if (c == 'u') {
				for (int h = 0; h < 4; h++)
					if (j->i >= j->n || !isxdigit((unsigned char)j->s[j->i++]))
						return fail(j->rd, j->line, "ethtool JSON: a bad \\u escape");
				c = '?';
			} else if (!strchr("\"\\/bfnrt", c)) {
				return fail(j->rd, j->line, "ethtool JSON: a bad escape '\\%c'",
				            isprint(c) ? c : '?');
			} else if (c != '"' && c != '\\' && c != '/') {
				c = '?';
			}
		}
		if (out && k + 1 < len)
			out[k++] = (char)c;
	}
	return fail(j->rd, j->line, "ethtool JSON: a string is not closed");
}

/* A number's text: [-+.eE0-9]+ */
static int jnumber_text(struct json *j, const char **s, size_t *n)
{
	jws(j);
	size_t start = j->i;
	while (j->i < j->n && strchr("-+.eE0123456789", j->s[j->i]) && j->s[j->i])
		j->i++;
	if (j->i == start)
		return jfail_at(j, "expected a value");
	*s = j->s + start;
	*n = j->i - start;
	return 0;
}

/* A whole counter (the field named in messages). */
static int jcount(struct json *j, const char *field, double *v)
{
	long line = j->line;
	if (jpeek(j) == '"')
		return fail(j->rd, line, "ethtool JSON: \"%s\" is a string, expected a count", field);
	const char *s;
	size_t n;
	if (jnumber_text(j, &s, &n))
		return -1;
	const char *why = counter(s, n, 0, v);
	if (why) {
		char q[64];
		return fail(j->rd, line, "ethtool JSON: \"%s\" %s %s", field, shown(s, n, q, sizeof q),
		            why);
	}
	return 0;
}

static int jskip(struct json *j);

/* The next element of an object or array closed by close: 1 before an
 * element (past the ',' between two), 0 past close, -1 with the message. */
static int jnext(struct json *j, char close, const char *what, int *first)
{
	if (jpeek(j) == close) {
		j->i++;
		j->depth--;
		return 0;
	}
	if (!*first && jexpect(j, ',', what))
		return -1;
	*first = 0;
	return 1;
}

/* Iterate an object: *key gets each key; returns 1 with a key, 0 at '}'. */
static int jobject_next(struct json *j, char *key, size_t keylen, int *first)
{
	int r = jnext(j, '}', "expected ',' or '}' in an object", first);
	if (r <= 0)
		return r;
	if (jstring(j, key, keylen) || jexpect(j, ':', "expected ':' after a key"))
		return -1;
	return 1;
}

/* An object ('{') or an array ('[') opens: one level deeper. */
static int jopen(struct json *j, char open, const char *what)
{
	if (jexpect(j, open, what))
		return -1;
	if (++j->depth > JSON_MAX_DEPTH)
		return fail(j->rd, j->line, "ethtool JSON: nested deeper than %d", JSON_MAX_DEPTH);
	return 0;
}

static int jobject_open(struct json *j, const char *what)
{
	return jopen(j, '{', what);
}

static int jarray_open(struct json *j, const char *what)
{
	return jopen(j, '[', what);
}

/* Iterate an array: 1 before an element, 0 at ']'. */
static int jarray_next(struct json *j, int *first)
{
	return jnext(j, ']', "expected ',' or ']' in an array", first);
}

static int jskip(struct json *j)
{
	int c = jpeek(j), first = 1, r;
	char key[8];
	switch (c) {
	case '{':
		if (jobject_open(j, "expected an object"))
			return -1;
		while ((r = jobject_next(j, key, sizeof key, &first)) == 1)
			if (jskip(j))
				return -1;
		return r;
	case '[':
		if (jarray_open(j, "expected an array"))
			return -1;
		while ((r = jarray_next(j, &first)) == 1)
			if (jskip(j))
				return -1;
		return r;
	case '"':
		return jstring(j, NULL, 0);
	default:
		if (j->i + 4 <= j->n && (memcmp(j->s + j->i, "true", 4) == 0 ||
		                         memcmp(j->s + j->i, "null", 4) == 0)) {
			j->i += 4;
			return 0;
		}
		if (j->i + 5 <= j->n && memcmp(j->s + j->i, "false", 5) == 0) {
			j->i += 5;
			return 0;
		}
		const char *s;
		size_t n;
		return jnumber_text(j, &s, &n);
	}
}

/* "lanes": [a, b, ...] */
static int jlanes(struct json *j, double *lanes, int *nlanes)
{
	int first = 1, r;
	*nlanes = 0;
	if (jarray_open(j, "\"lanes\": expected an array"))
		return -1;
	while ((r = jarray_next(j, &first)) == 1) {
		if (*nlanes == MAX_LANES)
			return fail(j->rd, j->line, "ethtool JSON: more than %d lanes", MAX_LANES);
		if (jcount(j, "lanes", &lanes[(*nlanes)++]))
			return -1;
	}
	return r;
}

/* {"total": N, "lanes": [...]} */
static int jtotal_lanes(struct json *j, const char *field, double *total, double *lanes,
                        int *nlanes)
{
	char key[32];
	int first = 1, r, has_total = 0;
	long line = j->line;
	*nlanes = 0;
	if (jobject_open(j, "expected an object"))
		return -1;
	while ((r = jobject_next(j, key, sizeof key, &first)) == 1) {
		if (strcmp(key, "total") == 0) {
			if (jcount(j, "total", total))
				return -1;
			has_total = 1;
		} else if (strcmp(key, "lanes") == 0) {
			if (jlanes(j, lanes, nlanes))
				return -1;
		} else if (jskip(j)) {
			return -1;
		}
	}
	if (r < 0)
		return -1;
	if (!has_total)
		return fail(j->rd, line, "ethtool JSON: \"%s\" has no \"total\"", field);
	return 0;
}

/* One "hist" bin. */
static int jbin(struct json *j, struct device *d)
{
	char key[32];
	int first = 1, r, has_lo = 0, has_hi = 0, has_total = 0;
	jws(j); /* the bin's line is where it starts */
	struct group *g = device_group(j->rd, d, j->line);
	if (!g || jobject_open(j, "\"hist\": expected an object per bin"))
		return -1;
	while ((r = jobject_next(j, key, sizeof key, &first)) == 1) {
		double v;
		if (strcmp(key, "bin_low") == 0 || strcmp(key, "bin_high") == 0) {
			if (jcount(j, key, &v))
				return -1;
			if (v > 1000000)
				return fail(j->rd, j->line, "ethtool JSON: \"%s\" %.0f: no code corrects so "
				            "many symbols", key, v);
			if (key[4] == 'l') {
				g->lo = (unsigned)v;
				has_lo = 1;
			} else {
				g->hi = (unsigned)v;
				has_hi = 1;
			}
		} else if (strcmp(key, "total") == 0) {
			if (jcount(j, "total", &g->total))
				return -1;
			has_total = 1;
		} else if (strcmp(key, "lanes") == 0) {
			if (jlanes(j, g->lanes, &g->nlanes))
				return -1;
		} else if (jskip(j)) {
			return -1;
		}
	}
	if (r < 0)
		return -1;
	if (!has_lo || !has_hi || !has_total)
		return fail(j->rd, g->line, "ethtool JSON: a \"hist\" bin without \"%s\"",
		            !has_lo ? "bin_low" : !has_hi ? "bin_high" : "total");
	return 0;
}

static int jstatistics(struct json *j, struct device *d)
{
	char key[32];
	int first = 1, r;
	if (jobject_open(j, "\"statistics\": expected an object"))
		return -1;
	while ((r = jobject_next(j, key, sizeof key, &first)) == 1) {
		if (strcmp(key, "uncorrectable_blocks") == 0) {
			d->unc_line = j->line;
			if (jtotal_lanes(j, key, &d->unc, d->unc_lanes, &d->unc_nlanes))
				return -1;
			d->has_unc = 1;
		} else if (strcmp(key, "hist") == 0) {
			int afirst = 1, ar;
			if (jarray_open(j, "\"hist\": expected an array"))
				return -1;
			while ((ar = jarray_next(j, &afirst)) == 1)
				if (jbin(j, d))
					return -1;
			if (ar < 0)
				return -1;
		} else if (jskip(j)) {
			return -1;
		}
	}
	return r;
}

static int jdevice(struct json *j, struct device *d, double *bins, char *cover)
{
	char key[32];
	int first = 1, r, has_name = 0;
	jws(j);
	device_start(d, j->line);
	if (jobject_open(j, "expected an object per device"))
		return -1;
	while ((r = jobject_next(j, key, sizeof key, &first)) == 1) {
		if (strcmp(key, "ifname") == 0) {
			long line = j->line;
			char name[80];
			if (jstring(j, name, sizeof name))
				return -1;
			if (copy_name(d->port, sizeof d->port, name, strlen(name)))
				return fail(j->rd, line, "ethtool JSON: \"ifname\" '%s' is not a device name",
				            shown(name, strlen(name), key, sizeof key));
			has_name = 1;
		} else if (strcmp(key, "statistics") == 0) {
			if (jstatistics(j, d))
				return -1;
		} else if (jskip(j)) {
			return -1;
		}
	}
	if (r < 0)
		return -1;
	if (!has_name)
		snprintf(d->port, sizeof d->port, "%s", "");
	return device_finish(j->rd, d, bins, cover);
}

static int read_ethtool_json(struct reader *rd, const char *s, size_t n, struct device *d,
                             double *bins, char *cover)
{
	struct json j = {s, n, 0, 1, 0, rd};
	int docs = 0;
	while (jpeek(&j) != EOF) {
		int c = jpeek(&j);
		if (c == '{') {
			if (jdevice(&j, d, bins, cover))
				return -1;
		} else if (c == '[') {
			int first = 1, r;
			if (jarray_open(&j, "expected an array"))
				return -1;
			while ((r = jarray_next(&j, &first)) == 1)
				if (jdevice(&j, d, bins, cover))
					return -1;
			if (r < 0)
				return -1;
		} else {
			return jfail_at(&j, docs ? "expected the end or another '[' reading"
			                         : "expected '[' (ethtool --json output)");
		}
		docs++;
	}
	if (rd->tm->n == 0)
		return fail(rd, 0, "ethtool JSON: no device in the input");
	return 0;
}

/* ---- lines through the CSV tokenizer ---- */

struct lines {
	struct csv c;
	struct memory_source m;
};

static void lines_open(struct lines *l, const char *buf, size_t len, char sep, char sep2)
{
	struct csv_options opt = {.sep = sep, .sep2 = sep2, .max_record = LINE_BYTES,
	                          .max_text = "64 KiB", .comments = 0, .stop_at_bad = 1};
	struct source src = source_memory(&l->m, buf, len);
	csv_init(&l->c, &src, &opt);
}

/* The next line (its cells in l->c): 1, 0 at the end, -1 with the message. */
static int lines_next(struct reader *rd, struct lines *l)
{
	const char *bad;
	int rc = csv_read(&l->c, &bad);
	if (rc < 0)
		return fail(rd, 0, "read error");
	if (rc == 1 && bad)
		return fail(rd, l->c.record_line, "%s", bad);
	return rc;
}

static void lines_close(struct lines *l)
{
	csv_free(&l->c);
}

/* ---- ethtool's text ---- */

static int is_prefix(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

/* " [ per_lane: a, b, c ]" after a count, or "" */
static int text_lanes(struct reader *rd, long line, const char *s, double *lanes, int *nlanes)
{
	*nlanes = 0;
	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return 0;
	char q[64];
	if (*s != '[')
		return fail(rd, line, "ethtool: '%s' after the count", shown(s, strlen(s), q, sizeof q));
	s++;
	while (*s == ' ')
		s++;
	if (!is_prefix(s, "per_lane:"))
		return fail(rd, line, "ethtool: expected 'per_lane:' in '[ ... ]'");
	s += strlen("per_lane:");
	for (;;) {
		while (*s == ' ')
			s++;
		if (*s == ']')
			break;
		size_t n = strspn(s, "0123456789");
		if (*nlanes == MAX_LANES)
			return fail(rd, line, "ethtool: more than %d lanes", MAX_LANES);
		const char *why = counter(s, n, 0, &lanes[*nlanes]);
		if (why)
			return fail(rd, line, "ethtool: a per-lane count %s", why);
		(*nlanes)++;
		s += n;
		while (*s == ' ')
			s++;
		if (*s == ',')
			s++;
		else if (*s != ']')
			return fail(rd, line, "ethtool: expected ',' or ']' in the per-lane counts");
	}
	s++;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s)
		return fail(rd, line, "ethtool: '%s' after the per-lane counts",
		            shown(s, strlen(s), q, sizeof q));
	return 0;
}

/* "NAME: N [ per_lane: ... ]": the count and lanes after the colon */
static int text_count(struct reader *rd, long line, const char *s, const char *field, double *v,
                      double *lanes, int *nlanes)
{
	while (*s == ' ')
		s++;
	size_t n = strcspn(s, " \t[");
	const char *why = counter(s, n, 0, v);
	if (why) {
		char q[64];
		return fail(rd, line, "ethtool: %s '%s' %s", field, shown(s, n, q, sizeof q), why);
	}
	return text_lanes(rd, line, s + n, lanes, nlanes);
}

/* "FEC parameters for DEV:": d's name */
static int text_device(struct reader *rd, struct device *d, const char *s, long line)
{
	const char *name = s + strlen("FEC parameters for ");
	size_t n = strlen(name);
	if (n > 0 && name[n - 1] == ':')
		n--;
	char q[64];
	if (copy_name(d->port, sizeof d->port, name, n))
		return fail(rd, line, "ethtool: '%s' is not a device name", shown(name, n, q, sizeof q));
	return 0;
}

/* "Lane N: C", the older layout: per-lane counts on lines of their own,
 * after the count they belong to; only the uncorrectable count's matter. */
static int text_lane(struct reader *rd, struct device *d, const char *s, long line)
{
	if (d->has_unc != 2)
		return 0;
	const char *colon = strchr(s, ':');
	double v, none[MAX_LANES];
	int nl;
	if (!colon)
		return 0;
	if (d->unc_nlanes == MAX_LANES)
		return fail(rd, line, "ethtool: more than %d lanes", MAX_LANES);
	if (text_count(rd, line, colon + 1, "a lane count", &v, none, &nl))
		return -1;
	d->unc_lanes[d->unc_nlanes++] = v;
	return 0;
}

/* A bin number at *p (moved past it), at most 10^6: 0, or -1 if none. */
static int text_bin_number(const char **p, unsigned long *v)
{
	char *end;
	*v = strtoul(*p, &end, 10);
	if (end == *p || **p == '-' || **p == '+' || *v > 1000000)
		return -1;
	*p = end;
	return 0;
}

/* "fec_symbol_err_LOW[_to_HIGH]: N [ per_lane: ... ]", the name's prefix
 * sym bytes long: a group of d */
static int text_bin(struct reader *rd, struct device *d, const char *s, int sym, long line)
{
	const char *p = s + sym;
	char q[64];
	unsigned long lo, hi;
	if (text_bin_number(&p, &lo))
		return fail(rd, line, "ethtool: '%s': expected a bin number",
		            shown(s, strlen(s), q, sizeof q));
	hi = lo;
	if (is_prefix(p, "_to_")) {
		p += 4;
		if (text_bin_number(&p, &hi))
			return fail(rd, line, "ethtool: '%s': expected a bin number after _to_",
			            shown(s, strlen(s), q, sizeof q));
	}
	if (*p != ':')
		return fail(rd, line, "ethtool: '%s': expected ':' after the bin",
		            shown(s, strlen(s), q, sizeof q));
	struct group *g = device_group(rd, d, line);
	if (!g)
		return -1;
	g->lo = (unsigned)lo;
	g->hi = (unsigned)hi;
	return text_count(rd, line, p + 1, "the bin's count", &g->total, g->lanes, &g->nlanes);
}

/* One line of the text: *open says whether a device is being read. */
static int text_line(struct reader *rd, struct device *d, char *s, long line, int *open,
                     double *bins, char *cover)
{
	if (is_prefix(s, "FEC parameters for ")) {
		if (*open && device_finish(rd, d, bins, cover))
			return -1;
		device_start(d, line);
		*open = 1;
		return text_device(rd, d, s, line);
	}
	int sym = is_prefix(s, "fec_symbol_err_") ? 15 : is_prefix(s, "fec_symbols_err_") ? 16 : 0;
	if (*open && d->has_unc == 2 && !is_prefix(s, "Lane "))
		d->has_unc = 1; /* the uncorrectable count's lane lines have ended */
	if (!sym && !is_prefix(s, "uncorrectable_blocks:") && !is_prefix(s, "Lane "))
		return 0; /* the other lines of the report */
	if (!*open) {
		device_start(d, line);
		*open = 1;
	}
	if (is_prefix(s, "uncorrectable_blocks:")) {
		d->unc_line = line;
		if (text_count(rd, line, s + strlen("uncorrectable_blocks:"), "uncorrectable_blocks",
		               &d->unc, d->unc_lanes, &d->unc_nlanes))
			return -1;
		d->has_unc = 2; /* "Lane N:" lines after it are its lanes */
		return 0;
	}
	if (is_prefix(s, "Lane "))
		return text_lane(rd, d, s, line);
	return text_bin(rd, d, s, sym, line);
}

static int read_ethtool_text(struct reader *rd, const char *buf, size_t len, struct device *d,
                             double *bins, char *cover)
{
	struct lines l;
	lines_open(&l, buf, len, '\n', '\n');
	int rc, open = 0, ret = 0;
	while ((rc = lines_next(rd, &l)) == 1)
		if ((ret = text_line(rd, d, csv_trim(l.c.buf), l.c.record_line, &open, bins,
		                     cover)) != 0)
			break;
	if (rc < 0)
		ret = -1;
	if (!ret && open)
		ret = device_finish(rd, d, bins, cover);
	lines_close(&l);
	if (!ret && rd->tm->n == 0)
		ret = fail(rd, 0, "ethtool: no FEC statistics (fec_symbol_err_ lines) in the input");
	return ret;
}

static int contains(const char *s, size_t n, const char *what);

/* ---- SONiC's COUNTERS_DB fields, port_flr.lua's inputs ---- */

#define SAI_BIN "SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S"
#define SAI_UNCORR "SAI_PORT_STAT_IF_IN_FEC_NOT_CORRECTABLE_FRAMES"

/* A word without the quotes, braces, commas and colons of a dict's print. */
static const char *bare_word(const char *s, size_t *n)
{
	static const char junk[] = "{}'\",:";
	size_t len = strlen(s);
	while (len > 0 && strchr(junk, *s)) {
		s++;
		len--;
	}
	while (len > 0 && strchr(junk, s[len - 1]))
		len--;
	*n = len;
	return s;
}

/* The counters read so far: pending, the field whose value comes next (-2
 * none, -1 the uncorrectable count, else a bin). */
struct counters {
	int t, pending;
	double bins[BERCL_FEC_MAX_BINS];
	char seen[BERCL_FEC_MAX_BINS];
	long first, pending_line;
};

/* A field's value, w (n bytes), for the pending field. */
static int counters_value(struct reader *rd, struct counters *cn, const char *w, size_t n,
                          long line)
{
	double v;
	char q[64];
	const char *why = counter(w, n, 0, &v);
	int k = cn->pending, t = cn->t;
	cn->pending = -2;
	if (why && k < 0)
		return fail(rd, line, "sonic: %s '%s' %s", SAI_UNCORR, shown(w, n, q, sizeof q), why);
	if (why)
		return fail(rd, line, "sonic: %s%d '%s' %s", SAI_BIN, k, shown(w, n, q, sizeof q), why);
	if (k > t) {
		if (v != 0)
			return fail(rd, line, "sonic: %s%d holds %.0f codewords, above t = %d (is "
			            "--code right?)", SAI_BIN, k, v, t);
		return 0;
	}
	cn->bins[k < 0 ? t + 1 : k] = v;
	return 0;
}

/* A word w (n bytes) where a field may stand: a counter of ours is pending. */
static int counters_field(struct reader *rd, struct counters *cn, const char *w, size_t n,
                          long line)
{
	int k = -2, t = cn->t;
	char q[64];
	if (n > strlen(SAI_BIN) && memcmp(w, SAI_BIN, strlen(SAI_BIN)) == 0) {
		size_t d = n - strlen(SAI_BIN);
		const char *num = w + strlen(SAI_BIN);
		if (d <= 4 && strspn(num, "0123456789") >= d)
			k = atoi(num);
	} else if (n == strlen(SAI_UNCORR) && memcmp(w, SAI_UNCORR, n) == 0) {
		k = -1;
	}
	if (k == -2)
		return 0; /* another field, or its value */
	int slot = k < 0 ? t + 1 : k;
	if (k > t && k > BERCL_FEC_MAX_BINS - 2)
		return fail(rd, line, "sonic: %s%d: no code corrects so many symbols", SAI_BIN, k);
	if (k <= t && cn->seen[slot])
		return fail(rd, line, "sonic: %s given twice (one port's counters per input)",
		            shown(w, n, q, sizeof q));
	if (k <= t)
		cn->seen[slot] = 1;
	if (!cn->first)
		cn->first = line;
	cn->pending = k;
	cn->pending_line = line;
	return 0;
}

/* The counters complete: one unnamed histogram. */
static int counters_finish(struct reader *rd, struct counters *cn)
{
	int t = cn->t;
	if (cn->pending != -2)
		return fail(rd, cn->pending_line, "sonic: a counter field without its value");
	for (int i = 0; i <= t; i++)
		if (!cn->seen[i])
			return fail(rd, cn->first, "sonic: no %s%d: the histogram must count every 0..t = "
			            "%d (is --code right?)", SAI_BIN, i, t);
	if (!cn->seen[t + 1])
		return fail(rd, cn->first, "sonic: no %s (the uncorrectable codewords)", SAI_UNCORR);
	return add_histogram(rd, "", "", cn->bins, cn->first);
}

/*
 * One port's counters as `redis-cli -n 2 HGETALL COUNTERS:oid:...` (a field
 * and its value on lines of their own, or numbered "1) ...") or
 * `sonic-db-cli COUNTERS_DB HGETALL ...` (a dict) print them: each field a
 * word, its value the next word.
 */
static int read_sonic_counters(struct reader *rd, const char *buf, size_t len)
{
	struct lines l;
	int rc, ret = 0;
	struct counters cn;
	memset(&cn, 0, sizeof cn);
	cn.t = rd->t;
	cn.pending = -2;
	lines_open(&l, buf, len, ' ', '\t');
	while (!ret && (rc = lines_next(rd, &l)) == 1) {
		long line = l.c.record_line;
		for (size_t i = 0; i < l.c.ncells && !ret; i++) {
			size_t n;
			const char *w = bare_word(csv_cell(&l.c, i), &n);
			if (n == 0 || (w[n - 1] == ')' && strspn(w, "0123456789") == n - 1))
				continue; /* redis-cli's numbering */
			ret = cn.pending != -2 ? counters_value(rd, &cn, w, n, line)
			                       : counters_field(rd, &cn, w, n, line);
		}
	}
	if (!ret && rc < 0)
		ret = -1;
	lines_close(&l);
	return ret ? ret : counters_finish(rd, &cn);
}

/* ---- SONiC ---- */

#define SONIC_MAX_COLUMNS 64

enum table_kind { TABLE_OTHER, TABLE_HIST, TABLE_STATS, TABLE_LIST };

struct sonic_reading {
	char port[64];
	long line;
	double value;          /* stats: FEC_UNCORR (NAN: N/A) */
	int used;
};

struct sonic {
	struct reader *rd;
	int t;
	/* the table being read */
	enum table_kind kind;
	int ncol;
	size_t col_start[SONIC_MAX_COLUMNS], col_end[SONIC_MAX_COLUMNS];
	int iface_col, uncorr_col, bin_col[BERCL_FEC_MAX_BINS + 64], nbins;
	long table_line;
	/* the histograms read (t + 1 bins each, uncorrectable to come) */
	int nhist;
	struct sonic_reading hist[TELEMETRY_MAX_HISTOGRAMS];
	double *hist_bins;
	int nstats;
	struct sonic_reading stats[TELEMETRY_MAX_HISTOGRAMS];
	/* the listing being read */
	int list_open;
	double *list_bins;
	char *list_seen;
	/* the line before (a table's header if a rule follows) */
	int in_table, have_prev;
	char *prev;
	long prev_line;
};

static int is_rule(const char *s)
{
	int dashes = 0;
	for (; *s; s++) {
		if (*s == '-')
			dashes++;
		else if (*s != ' ')
			return 0;
	}
	return dashes > 0;
}

/* Cell [start, end) of a line of length n, blanks cut. */
static const char *cell_at(const char *line, size_t n, size_t start, size_t end, size_t *len)
{
	if (start >= n) {
		*len = 0;
		return line + n;
	}
	if (end > n)
		end = n;
	while (start < end && line[start] == ' ')
		start++;
	while (end > start && line[end - 1] == ' ')
		end--;
	*len = end - start;
	return line + start;
}

static int cell_is(const char *c, size_t n, const char *name)
{
	return n == strlen(name) && memcmp(c, name, n) == 0;
}

/* "BIN12" -> 12, else -1 */
static int bin_name(const char *c, size_t n)
{
	if (n < 4 || n > 8 || memcmp(c, "BIN", 3) != 0)
		return -1;
	int v = 0;
	for (size_t i = 3; i < n; i++) {
		if (!isdigit((unsigned char)c[i]) || (i == 3 && c[i] == '0' && n > 4))
			return -1;
		v = v * 10 + (c[i] - '0');
	}
	return v;
}

static int sonic_list_finish(struct sonic *so, long line);

/* The columns a dashed rule marks: 0, or -1 if more than a table of ours has. */
static int sonic_rule(struct sonic *so, const char *rule)
{
	for (size_t i = 0; rule[i];) {
		if (rule[i] != '-') {
			i++;
			continue;
		}
		size_t s = i;
		while (rule[i] == '-')
			i++;
		if (so->ncol == SONIC_MAX_COLUMNS)
			return -1;
		so->col_start[so->ncol] = s;
		so->col_end[so->ncol] = i;
		so->ncol++;
	}
	return 0;
}

/* The header's IFACE, FEC_UNCORR and BINn columns: the highest n (-1: none). */
static int sonic_names(struct sonic *so, const char *header, long line, int *seen_bin,
                       int *maxbin)
{
	size_t hn = strlen(header);
	*maxbin = -1;
	for (int k = 0; k < so->ncol; k++) {
		size_t n;
		const char *c = cell_at(header, hn, so->col_start[k], so->col_end[k], &n);
		int b = bin_name(c, n);
		if (cell_is(c, n, "IFACE"))
			so->iface_col = k;
		else if (cell_is(c, n, "FEC_UNCORR"))
			so->uncorr_col = k;
		else if (b >= 0 && b < BERCL_FEC_MAX_BINS + 64) {
			if (seen_bin[b])
				return fail(so->rd, line, "sonic: column BIN%d twice", b);
			seen_bin[b] = 1;
			so->bin_col[b] = k;
			if (b > *maxbin)
				*maxbin = b;
		}
	}
	return 0;
}

/* A two-column header: the one-port listing's opens it (1), another 0, -1
 * with the message of the listing before it. */
static int sonic_listing(struct sonic *so, const char *header, long line)
{
	size_t hn = strlen(header), n0, n1;
	const char *c0 = cell_at(header, hn, so->col_start[0], so->col_end[0], &n0);
	const char *c1 = cell_at(header, hn, so->col_start[1], so->col_end[1], &n1);
	if (!cell_is(c0, n0, "Symbol Errors Per Codeword") || !cell_is(c1, n1, "Codewords"))
		return 0;
	if (so->list_open && sonic_list_finish(so, line))
		return -1;
	so->kind = TABLE_LIST;
	so->list_open = 1;
	memset(so->list_seen, 0, (size_t)so->t + 1);
	for (int i = 0; i <= so->t; i++)
		so->list_bins[i] = 0;
	return 1;
}

/* A dashed rule under header: the columns of a new table. */
static int sonic_table(struct sonic *so, const char *header, const char *rule, long line)
{
	struct reader *rd = so->rd;
	so->ncol = 0;
	so->kind = TABLE_OTHER;
	so->iface_col = so->uncorr_col = -1;
	so->nbins = 0;
	so->table_line = line - 1; /* the header */
	if (sonic_rule(so, rule))
		return 0; /* not a table of ours */
	int seen_bin[BERCL_FEC_MAX_BINS + 64], maxbin, r;
	memset(seen_bin, 0, sizeof seen_bin);
	if (sonic_names(so, header, line - 1, seen_bin, &maxbin))
		return -1;
	if (so->ncol == 2 && (r = sonic_listing(so, header, line)) != 0)
		return r < 0 ? -1 : 0;
	if (so->iface_col >= 0 && maxbin >= 0) {
		for (int b = 0; b <= maxbin; b++)
			if (!seen_bin[b])
				return fail(rd, line - 1, "sonic: column BIN%d missing (the table has "
				            "BIN0..BIN%d)", b, maxbin);
		if (maxbin < so->t)
			return fail(rd, line - 1, "sonic: columns BIN0..BIN%d: the code corrects t = %d, "
			            "bins %d..%d missing (is --code right?)", maxbin, so->t, maxbin + 1,
			            so->t);
		so->kind = TABLE_HIST;
		so->nbins = maxbin + 1;
	} else if (so->iface_col >= 0 && so->uncorr_col >= 0) {
		so->kind = TABLE_STATS;
	}
	return 0;
}

static int sonic_port(struct sonic *so, const char *line, size_t n, long lineno, char *port)
{
	size_t len;
	char q[64];
	const char *c = cell_at(line, n, so->col_start[so->iface_col], so->col_end[so->iface_col], &len);
	if (copy_name(port, 64, c, len))
		return fail(so->rd, lineno, "sonic: IFACE '%s' is not a port name",
		            shown(c, len, q, sizeof q));
	return 0;
}

/* A count cell: 1 with *v, 0 for N/A, -1 with the message. */
static int sonic_count(struct sonic *so, const char *c, size_t len, long lineno, const char *col,
                       const char *port, double *v)
{
	if (cell_is(c, len, "N/A"))
		return 0;
	const char *why = counter(c, len, 1, v);
	if (why) {
		char q[64];
		return fail(so->rd, lineno, "sonic: %s%s%s '%s' %s", port, port[0] ? " " : "", col,
		            shown(c, len, q, sizeof q), why);
	}
	return 1;
}

/* A line of the table: nothing past its rule, blanks between its columns. */
static int sonic_fits(const struct sonic *so, const char *line)
{
	size_t n = strlen(line);
	if (so->ncol == 0 || n > so->col_end[so->ncol - 1])
		return 0;
	for (int k = 0; k + 1 < so->ncol; k++)
		for (size_t i = so->col_end[k]; i < so->col_start[k + 1] && i < n; i++)
			if (line[i] != ' ')
				return 0;
	return n > 0;
}

/* A row of the one-port listing: BINn and its count. */
static int sonic_list_row(struct sonic *so, const char *line, long lineno)
{
	struct reader *rd = so->rd;
	size_t n = strlen(line), len, n1;
	char col[16], q[64];
	const char *c0 = cell_at(line, n, so->col_start[0], so->col_end[0], &len);
	const char *c1 = cell_at(line, n, so->col_start[1], so->col_end[1], &n1);
	int b = bin_name(c0, len);
	if (b < 0)
		return fail(rd, lineno, "sonic: '%s': expected BIN0, BIN1, ...",
		            shown(c0, len, q, sizeof q));
	double v;
	snprintf(col, sizeof col, "BIN%d", b);
	int r = sonic_count(so, c1, n1, lineno, col, "", &v);
	if (r < 0)
		return -1;
	if (r == 0)
		return fail(rd, lineno, "sonic: BIN%d is N/A: the port has no histogram", b);
	if (b > so->t) {
		if (v != 0)
			return fail(rd, lineno, "sonic: BIN%d holds %.0f codewords, above t = %d (is "
			            "--code right?)", b, v, so->t);
		return 0;
	}
	if (so->list_seen[b])
		return fail(rd, lineno, "sonic: BIN%d given twice", b);
	so->list_seen[b] = 1;
	so->list_bins[b] = v;
	return 0;
}

/* A row of the fec-stats table: port's FEC_UNCORR. */
static int sonic_stats_row(struct sonic *so, const char *line, long lineno, const char *port)
{
	size_t n = strlen(line), len;
	if (so->nstats == TELEMETRY_MAX_HISTOGRAMS)
		return fail(so->rd, lineno, "sonic: more than %d FEC_UNCORR readings (ports) in one "
		            "input: split the report", TELEMETRY_MAX_HISTOGRAMS);
	const char *c = cell_at(line, n, so->col_start[so->uncorr_col], so->col_end[so->uncorr_col],
	                        &len);
	struct sonic_reading *s = &so->stats[so->nstats];
	int r = sonic_count(so, c, len, lineno, "FEC_UNCORR", port, &s->value);
	if (r < 0)
		return -1;
	if (r == 0)
		s->value = NAN;
	snprintf(s->port, sizeof s->port, "%s", port);
	s->line = lineno;
	s->used = 0;
	so->nstats++;
	return 0;
}

/* A row of the fec-histogram table: port's BIN0 .. BINn. */
static int sonic_hist_row(struct sonic *so, const char *line, long lineno, const char *port)
{
	struct reader *rd = so->rd;
	size_t n = strlen(line), len;
	char col[16];
	if (so->nhist == TELEMETRY_MAX_HISTOGRAMS)
		return fail(rd, lineno, "more than %d histograms in one input", TELEMETRY_MAX_HISTOGRAMS);
	double *bins = so->hist_bins + (size_t)so->nhist * (size_t)(so->t + 1);
	for (int b = 0; b < so->nbins; b++) {
		int k = so->bin_col[b];
		const char *c = cell_at(line, n, so->col_start[k], so->col_end[k], &len);
		double v;
		snprintf(col, sizeof col, "BIN%d", b);
		int r = sonic_count(so, c, len, lineno, col, port, &v);
		if (r < 0)
			return -1;
		if (r == 0) {
			warn(rd, lineno, "%s: no FEC histogram (N/A): left out", port);
			return 0;
		}
		if (b > so->t) {
			if (v != 0)
				return fail(rd, lineno, "sonic: %s BIN%d holds %.0f codewords, above t = %d "
				            "(is --code right?)", port, b, v, so->t);
			continue;
		}
		bins[b] = v;
	}
	struct sonic_reading *h = &so->hist[so->nhist++];
	snprintf(h->port, sizeof h->port, "%s", port);
	h->line = lineno;
	return 0;
}

static int sonic_row(struct sonic *so, const char *line, long lineno)
{
	char port[64];
	if (so->kind == TABLE_LIST)
		return sonic_list_row(so, line, lineno);
	if (so->kind == TABLE_OTHER)
		return 0;
	if (sonic_port(so, line, strlen(line), lineno, port))
		return -1;
	if (so->kind == TABLE_STATS)
		return sonic_stats_row(so, line, lineno, port);
	return sonic_hist_row(so, line, lineno, port);
}

/* The end of a "Symbol Errors Per Codeword" listing: one unnamed histogram. */
static int sonic_list_finish(struct sonic *so, long line)
{
	so->list_open = 0;
	for (int b = 0; b <= so->t; b++)
		if (!so->list_seen[b])
			return fail(so->rd, so->table_line, "sonic: BIN%d missing: the histogram must count "
			            "every 0..t = %d (is --code right?)", b, so->t);
	if (so->nhist == TELEMETRY_MAX_HISTOGRAMS)
		return fail(so->rd, line, "more than %d histograms (ports and lanes) in one input: "
		            "split the report", TELEMETRY_MAX_HISTOGRAMS);
	memcpy(so->hist_bins + (size_t)so->nhist * (size_t)(so->t + 1), so->list_bins,
	       (size_t)(so->t + 1) * sizeof(double));
	struct sonic_reading *h = &so->hist[so->nhist++];
	h->port[0] = '\0';
	h->line = so->table_line;
	return 0;
}

/* Each histogram with its uncorrectable count: the k-th reading of a port
 * with the port's k-th FEC_UNCORR; an unnamed listing with the one port of
 * the fec-stats table. */
static int sonic_pair(struct sonic *so)
{
	struct reader *rd = so->rd;
	int t = so->t;
	double bins[BERCL_FEC_MAX_BINS];
	for (int k = 0; k < so->nhist; k++) {
		struct sonic_reading *h = &so->hist[k];
		struct sonic_reading *s = NULL;
		if (!h->port[0]) {
			if (so->nstats == 1 && !so->stats[0].used)
				s = &so->stats[0];
			else if (so->nstats > 1)
				return fail(rd, h->line, "sonic: the 'Symbol Errors Per Codeword' listing names "
				            "no port, and the fec-stats table has %d: give the one port's",
				            so->nstats);
		} else {
			for (int i = 0; i < so->nstats && !s; i++)
				if (!so->stats[i].used && strcmp(so->stats[i].port, h->port) == 0)
					s = &so->stats[i];
		}
		if (!s)
			return fail(rd, h->line, "sonic: %s%sno uncorrectable count: add the output of "
			            "'show interfaces counters fec-stats' (its FEC_UNCORR column) to the input",
			            h->port, h->port[0] ? ": " : "");
		s->used = 1;
		if (isnan(s->value)) {
			warn(rd, s->line, "%s: FEC_UNCORR is N/A: left out", s->port);
			continue;
		}
		memcpy(bins, so->hist_bins + (size_t)k * (size_t)(t + 1), (size_t)(t + 1) * sizeof *bins);
		bins[t + 1] = s->value;
		if (add_histogram(rd, h->port[0] ? h->port : s->port, "", bins, h->line))
			return -1;
	}
	return 0;
}

static void sonic_free(struct sonic *so)
{
	if (so) {
		free(so->hist_bins);
		free(so->list_bins);
		free(so->list_seen);
		free(so->prev);
	}
	free(so);
}

static struct sonic *sonic_new(struct reader *rd)
{
	struct sonic *so = calloc(1, sizeof *so);
	if (!so)
		return NULL;
	so->prev = malloc(LINE_BYTES + 1);
	so->hist_bins = malloc((size_t)TELEMETRY_MAX_HISTOGRAMS * (size_t)(rd->t + 1) *
	                       sizeof(double));
	so->list_bins = malloc((size_t)(rd->t + 1) * sizeof(double));
	so->list_seen = malloc((size_t)rd->t + 1);
	if (!so->prev || !so->hist_bins || !so->list_bins || !so->list_seen) {
		sonic_free(so);
		return NULL;
	}
	so->rd = rd;
	so->t = rd->t;
	so->kind = TABLE_OTHER;
	return so;
}

/* A listing being read ends here. */
static int sonic_list_end(struct sonic *so, long line)
{
	if (so->in_table && so->kind == TABLE_LIST && so->list_open)
		return sonic_list_finish(so, line);
	return 0;
}

/* One line of the input, its trailing blanks cut and its tabs blanks. */
static int sonic_line(struct sonic *so, char *s, long line)
{
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	for (char *p = s; *p; p++)
		if (*p == '\t')
			*p = ' ';
	int ret = 0;
	if (n == 0) {
		ret = sonic_list_end(so, line);
		so->in_table = 0;
		so->have_prev = 0;
		return ret;
	}
	if (is_rule(s) && so->have_prev && so->prev_line == line - 1) {
		if (sonic_list_end(so, line))
			return -1;
		ret = sonic_table(so, so->prev, s, line);
		so->in_table = 1;
		so->have_prev = 0;
		return ret;
	}
	if (so->in_table && !sonic_fits(so, s)) { /* the table ended: a line of text */
		if (sonic_list_end(so, line))
			return -1;
		so->in_table = 0;
	}
	if (so->in_table)
		ret = sonic_row(so, s, line);
	memcpy(so->prev, s, n + 1);
	so->have_prev = 1;
	so->prev_line = line;
	return ret;
}

static int read_sonic(struct reader *rd, const char *buf, size_t len)
{
	if (contains(buf, len, SAI_BIN))
		return read_sonic_counters(rd, buf, len);
	struct sonic *so = sonic_new(rd);
	if (!so)
		return fail(rd, 0, "out of memory");
	int ret = 0, rc;
	struct lines l;
	lines_open(&l, buf, len, '\n', '\n');
	while (!ret && (rc = lines_next(rd, &l)) == 1)
		ret = sonic_line(so, l.c.buf, l.c.record_line);
	if (!ret && rc < 0)
		ret = -1;
	if (!ret && so->list_open)
		ret = sonic_list_finish(so, 0);
	if (!ret && so->nhist == 0)
		ret = fail(rd, 0, "sonic: no FEC histogram (a table with IFACE and BIN0..BIN%d, or the "
		           "'Symbol Errors Per Codeword' listing)", rd->t);
	if (!ret)
		ret = sonic_pair(so);
	if (!ret && rd->tm->n == 0)
		ret = fail(rd, 0, "sonic: every port's histogram is N/A");
	lines_close(&l);
	sonic_free(so);
	return ret;
}

/* ---- Xena ---- */

static int is_port_token(const char *s)
{
	size_t a = strspn(s, "0123456789");
	if (a == 0 || s[a] != '/')
		return 0;
	size_t b = strspn(s + a + 1, "0123456789");
	return b > 0 && s[a + 1 + b] == '\0';
}

/* Xena's commands are case-insensitive. */
static int same_word(const char *s, const char *upper)
{
	for (; *s && *upper; s++, upper++)
		if (toupper((unsigned char)*s) != *upper)
			return 0;
	return *s == *upper;
}

#define XENA_MAX_WORDS (BERCL_FEC_MAX_BINS + 16)

/* The line's non-empty cells, its words, into w: how many (*too_many set
 * where more did not fit). */
static size_t xena_words(const struct csv *c, const char **w, int *too_many)
{
	size_t nw = 0;
	*too_many = 0;
	for (size_t i = 0; i < c->ncells; i++) {
		const char *cell = csv_cell(c, i);
		if (!cell[0])
			continue;
		if (nw == XENA_MAX_WORDS) {
			*too_many = 1;
			break;
		}
		w[nw++] = cell;
	}
	return nw;
}

/* The reply's "type count": type 0, count n + 3 values with n = t. */
static int xena_counts(struct reader *rd, long line, const char *const *v, size_t nv)
{
	double type, count;
	char q[64];
	if (nv < 2)
		return fail(rd, line, "xena: PP_RXFECSTATS without its stats type and value count");
	if (counter(v[0], strlen(v[0]), 0, &type) != NULL || type != 0)
		return fail(rd, line, "xena: stats type '%s': bercl reads type 0 (the codewords per "
		            "number of symbol errors)", shown(v[0], strlen(v[0]), q, sizeof q));
	if (counter(v[1], strlen(v[1]), 0, &count) != NULL || count < 3)
		return fail(rd, line, "xena: value count '%s': expected n + 3 (n the symbols the code "
		            "corrects)", shown(v[1], strlen(v[1]), q, sizeof q));
	if (count != (double)(nv - 2))
		return fail(rd, line, "xena: the reply says %.0f values and holds %zu", count, nv - 2);
	if (count - 3 != rd->t)
		return fail(rd, line, "xena: the reply counts 0..%.0f symbol errors, the code corrects "
		            "t = %d (is --code right?)", count - 3, rd->t);
	return 0;
}

/* The reply's values after "type count": bins 0..t, the uncorrectable count
 * and the sum of the bins, checked. */
static int xena_bins(struct reader *rd, long line, const char *const *v, double *bins)
{
	int t = rd->t;
	double sum = 0, stated;
	const char *why;
	char q[64];
	for (int i = 0; i <= t + 1; i++) {
		const char *c = v[i];
		if ((why = counter(c, strlen(c), 0, &bins[i])) != NULL)
			return i <= t ? fail(rd, line, "xena: bin %d '%s' %s", i,
			                     shown(c, strlen(c), q, sizeof q), why)
			              : fail(rd, line, "xena: the uncorrectable count (>%d) '%s' %s", t,
			                     shown(c, strlen(c), q, sizeof q), why);
		if (i <= t)
			sum += bins[i];
	}
	const char *last = v[t + 2];
	if ((why = counter(last, strlen(last), 0, &stated)) != NULL)
		return fail(rd, line, "xena: the sum of the correctable bins '%s' %s",
		            shown(last, strlen(last), q, sizeof q), why);
	if (sum > MAX_COUNT)
		return fail(rd, line, "xena: more than 2^53 codewords in all");
	if (sum != stated)
		return fail(rd, line, "xena: bins 0..%d add up to %.0f, the reply's sum says %.0f (a "
		            "damaged reply?)", t, sum, stated);
	return 0;
}

/* One line: a PP_RXFECSTATS reply is a histogram, other lines are passed over. */
static int xena_line(struct reader *rd, const struct csv *c, long line)
{
	const char *w[XENA_MAX_WORDS];
	double bins[BERCL_FEC_MAX_BINS];
	char q[64];
	int too_many;
	size_t nw = xena_words(c, w, &too_many), cmd = nw;
	for (size_t i = 0; i < nw && i < 3; i++)
		if (same_word(w[i], "PP_RXFECSTATS")) {
			cmd = i;
			break;
		}
	if (cmd == nw)
		return 0; /* another command's reply, or text around them */
	if (cmd + 1 < nw && strcmp(w[cmd + 1], "?") == 0)
		return 0; /* the query itself */
	if (too_many)
		return fail(rd, line, "xena: more values than any code's histogram holds");
	char port[64] = "";
	if (cmd > 0 && is_port_token(w[cmd - 1]) &&
	    copy_name(port, sizeof port, w[cmd - 1], strlen(w[cmd - 1])))
		return fail(rd, line, "xena: port '%s' is too long", shown(w[cmd - 1], 40, q, sizeof q));
	size_t nv = nw - cmd - 1;
	const char *const *v = w + cmd + 1;
	if (xena_counts(rd, line, v, nv) || xena_bins(rd, line, v + 2, bins))
		return -1;
	return add_histogram(rd, port, "", bins, line);
}

static int read_xena(struct reader *rd, const char *buf, size_t len)
{
	struct lines l;
	int rc, ret = 0;
	lines_open(&l, buf, len, ' ', '\t');
	while (!ret && (rc = lines_next(rd, &l)) == 1)
		ret = xena_line(rd, &l.c, l.c.record_line);
	if (!ret && rc < 0)
		ret = -1;
	lines_close(&l);
	if (!ret && rd->tm->n == 0)
		ret = fail(rd, 0, "xena: no PP_RXFECSTATS reply in the input");
	return ret;
}

/* ---- the formats together ---- */

static const char *const format_names[] = {"auto", "csv", "ethtool", "sonic", "xena"};

int telemetry_parse_format(const char *s, enum telemetry_format *f)
{
	for (int i = 0; i < 5; i++)
		if (strcmp(s, format_names[i]) == 0) {
			*f = (enum telemetry_format)i;
			return 0;
		}
	return -1;
}

const char *telemetry_format_name(enum telemetry_format f)
{
	return (unsigned)f < 5 ? format_names[f] : "?";
}

static int contains(const char *s, size_t n, const char *what)
{
	size_t w = strlen(what);
	for (size_t i = 0; i + w <= n; i++)
		if (s[i] == what[0] && memcmp(s + i, what, w) == 0)
			return 1;
	return 0;
}

/* What the content looks like: JSON or ethtool's text, a Xena reply, SONiC's tables. */
static enum telemetry_format detect(const char *s, size_t n)
{
	size_t i = 0;
	if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
		i++;
	if (contains(s, n, SAI_BIN)) /* before JSON: sonic-db-cli prints a dict */
		return TELEM_SONIC;
	if (i < n && (s[i] == '[' || s[i] == '{'))
		return TELEM_ETHTOOL;
	if (contains(s, n, "PP_RXFECSTATS") || contains(s, n, "pp_rxfecstats"))
		return TELEM_XENA;
	if (contains(s, n, "fec_symbol_err_") || contains(s, n, "fec_symbols_err_") ||
	    contains(s, n, "FEC parameters for "))
		return TELEM_ETHTOOL;
	if ((contains(s, n, "BIN0") && contains(s, n, "--")) || contains(s, n, SAI_BIN))
		return TELEM_SONIC;
	return TELEM_CSV;
}

static int read_csv(struct reader *rd, const char *buf, size_t len)
{
	struct memory_source m;
	struct source src = source_memory(&m, buf, len);
	double bins[BERCL_FEC_MAX_BINS];
	int rc = histogram_read(&src, rd->name, rd->t, bins, rd->err, rd->errlen);
	if (rc)
		return -1;
	return add_histogram(rd, "", "", bins, 0);
}

/* ethtool's JSON or its text, whichever the input starts with. */
static int read_ethtool(struct reader *rd, const char *buf, size_t len)
{
	int rc, t = rd->t;
	struct device d;
	memset(&d, 0, sizeof d);
	d.maxgroups = t + 2 + 64;
	d.g = malloc((size_t)d.maxgroups * sizeof *d.g);
	char *cover = malloc((size_t)t + 1);
	double *bins = malloc((size_t)(t + 2) * sizeof *bins);
	if (!d.g || !cover || !bins) {
		rc = fail(rd, 0, "out of memory");
	} else {
		size_t i = 0;
		while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
			i++;
		if (i < len && (buf[i] == '[' || buf[i] == '{'))
			rc = read_ethtool_json(rd, buf, len, &d, bins, cover);
		else
			rc = read_ethtool_text(rd, buf, len, &d, bins, cover);
	}
	free(d.g);
	free(cover);
	free(bins);
	return rc;
}

void telemetry_free(struct telemetry *tm)
{
	free(tm->storage);
	free(tm->group_counts);
	free(tm->group_bounds);
	tm->storage = tm->group_counts = NULL;
	tm->group_bounds = NULL;
	tm->n = 0;
}

int telemetry_read_buffer(const char *buf, size_t len, const char *name,
                          enum telemetry_format fmt, int t, struct telemetry *out, char *err,
                          size_t errlen)
{
	struct reader rd = {name, t, out, err, errlen, 0};
	memset(out, 0, sizeof *out);
	out->t = t;
	err[0] = '\0';
	if (t < 0 || t + 2 > BERCL_FEC_MAX_BINS)
		return fail(&rd, 0, "the code corrects too many symbols for a histogram");
	size_t per = (size_t)TELEMETRY_MAX_HISTOGRAMS * (size_t)(t + 2);
	out->storage = malloc(per * sizeof(double));
	out->group_counts = malloc(per * sizeof(double));
	out->group_bounds = malloc(2 * per * sizeof(int));
	if (!out->storage || !out->group_counts || !out->group_bounds) {
		telemetry_free(out);
		return fail(&rd, 0, "out of memory");
	}
	if (fmt == TELEM_AUTO)
		fmt = detect(buf, len);
	out->format = fmt;
	int rc;
	if (fmt == TELEM_CSV) {
		rc = read_csv(&rd, buf, len);
	} else if (fmt == TELEM_SONIC) {
		rc = read_sonic(&rd, buf, len);
	} else if (fmt == TELEM_XENA) {
		rc = read_xena(&rd, buf, len);
	} else {
		rc = read_ethtool(&rd, buf, len);
	}
	if (rc) {
		telemetry_free(out);
		out->warning[0] = '\0';
		return -1;
	}
	if (rd.warnings > 1) {
		size_t k = strlen(out->warning);
		snprintf(out->warning + k, sizeof out->warning - k, " (and %d more like it)",
		         rd.warnings - 1);
	}
	return 0;
}

int telemetry_read(const struct source *src, const char *name, enum telemetry_format fmt, int t,
                   struct telemetry *out, char *err, size_t errlen)
{
	size_t cap = 65536, len = 0;
	char *buf = malloc(cap);
	memset(out, 0, sizeof *out);
	if (!buf) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	for (;;) {
		if (len == cap) {
			if (cap >= TELEMETRY_MAX_BYTES + 1) {
				free(buf);
				snprintf(err, errlen, "%s: more than %u MiB: not a FEC histogram report", name,
				         TELEMETRY_MAX_BYTES >> 20);
				return -1;
			}
			size_t ncap = cap * 2 > TELEMETRY_MAX_BYTES + 1 ? TELEMETRY_MAX_BYTES + 1 : cap * 2;
			char *p = realloc(buf, ncap);
			if (!p) {
				free(buf);
				snprintf(err, errlen, "%s: out of memory", name);
				return -1;
			}
			buf = p;
			cap = ncap;
		}
		int e = 0;
		long got = src->read(src->ctx, (unsigned char *)buf + len, cap - len, &e);
		if (got < 0) {
			free(buf);
			snprintf(err, errlen, "%s: %s", name, e == EINTR ? "interrupted" : "read error");
			return -1;
		}
		len += (size_t)got;
		if (got == 0)
			break;
	}
	if (len > TELEMETRY_MAX_BYTES) {
		free(buf);
		snprintf(err, errlen, "%s: more than %u MiB: not a FEC histogram report", name,
		         TELEMETRY_MAX_BYTES >> 20);
		return -1;
	}
	int rc = telemetry_read_buffer(buf, len, name, fmt, t, out, err, errlen);
	free(buf);
	return rc;
}
