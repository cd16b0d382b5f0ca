/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * csv.c - the CSV tokenizer (RFC 4180) shared by the batch reader, watch,
 * the interval reader and the histogram reader.
 *
 * A record is read byte by byte from our own buffer, filled from the
 * face's source (sink.h): nothing is buffered beyond the record limit,
 * whatever the input (/dev/zero, a 1 GB line). Past the limit the bytes
 * are read but not kept, and quotes still count, so the next record starts
 * where RFC 4180 says it does; the record itself is bad ("line longer than
 * 1 MiB") and still yields its row. A source that says it was interrupted
 * (the command's, on a signal) ends the reading as the end of input does.
 *
 * Bytes: inside quotes anything but NUL; outside quotes, a control
 * character other than tab (or a lone CR) makes the record bad. A quote
 * opens a quoted field only as the first byte of a cell; after the closing
 * quote further bytes join the cell, as most readers do.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

#define IN_CHUNK 65536

void csv_init(struct csv *c, const struct source *src, const struct csv_options *opt)
{
	memset(c, 0, sizeof *c);
	c->opt = *opt;
	if (!c->opt.sep2)
		c->opt.sep2 = c->opt.sep;
	c->src = *src;
	c->line = 1;
	snprintf(c->too_long, sizeof c->too_long, "line longer than %s", opt->max_text);
	snprintf(c->header_too_long, sizeof c->header_too_long, "header line longer than %s",
	         opt->max_text);
}

void csv_free(struct csv *c)
{
	free(c->in);
	free(c->buf);
	free(c->cell);
	c->in = NULL;
	c->buf = NULL;
	c->cell = NULL;
}

/*
 * Append what the input has to in[len..cap) (growing in to hold at least
 * `want` bytes from pos). Returns the count read, 0 at the end of input.
 */
static size_t read_more(struct csv *c, size_t want)
{
	if (c->eof)
		return 0;
	if (c->pos > 0 && c->pos == c->len)
		c->pos = c->len = 0;
	if (c->len - c->pos + want > c->cap || c->len == c->cap) {
		if (c->pos > 0) {
			memmove(c->in, c->in + c->pos, c->len - c->pos);
			c->len -= c->pos;
			c->pos = 0;
		}
		size_t cap = c->cap ? c->cap : IN_CHUNK;
		while (cap < c->len + want)
			cap *= 2;
		if (cap > c->cap) {
			unsigned char *p = realloc(c->in, cap);
			if (!p) {
				c->error = ENOMEM;
				c->eof = 1;
				return 0;
			}
			c->in = p;
			c->cap = cap;
		}
	}
	int err = 0;
	long n = c->src.read(c->src.ctx, c->in + c->len, c->cap - c->len, &err);
	if (n > 0) {
		c->len += (size_t)n;
		return (size_t)n;
	}
	if (n < 0 && err == EINTR)
		c->interrupted = 1;
	else if (n < 0)
		c->error = err ? err : EIO;
	c->eof = 1;
	return 0;
}

static inline int next_byte(struct csv *c)
{
	if (c->pos < c->len || read_more(c, 1))
		return c->in[c->pos++];
	return EOF;
}

static inline int peek_byte(struct csv *c)
{
	if (c->pos < c->len || read_more(c, 1))
		return c->in[c->pos];
	return EOF;
}

static int grow_buf(struct csv *c)
{
	size_t cap = c->bufcap ? 2 * c->bufcap : 256;
	char *p = realloc(c->buf, cap);
	if (!p)
		return -1;
	c->buf = p;
	c->bufcap = cap;
	return 0;
}

static inline int push_char(struct csv *c, char ch)
{
	if (c->buflen + 1 >= c->bufcap && grow_buf(c))
		return -1;
	c->buf[c->buflen++] = ch;
	return 0;
}

static int push_cell(struct csv *c)
{
	if (c->ncells == c->cellcap) {
		size_t cap = c->cellcap ? 2 * c->cellcap : 16;
		size_t *p = realloc(c->cell, cap * sizeof *p);
		if (!p)
			return -1;
		c->cell = p;
		c->cellcap = cap;
	}
	c->cell[c->ncells++] = c->buflen;
	return 0;
}

/* 0 at a clean end of input, -1 after a read error or an interruption. */
static int end_status(const struct csv *c)
{
	return c->error || c->interrupted ? -1 : 0;
}

/* Skip the rest of a line (a comment); 1, or 0 at the end of input. */
static int skip_line(struct csv *c)
{
	int ch;
	while ((ch = next_byte(c)) != '\n')
		if (ch == EOF)
			return 0;
	c->line++;
	return 1;
}

static inline int is_sep(const struct csv *c, int ch)
{
	return ch == (unsigned char)c->opt.sep || ch == (unsigned char)c->opt.sep2;
}

/* The body of an unquoted cell while its bytes need no check, straight from in. */
static void plain_run(struct csv *c)
{
	size_t room = c->bufcap - 1 - c->buflen;
	size_t limit = c->opt.max_record - c->buflen;
	if (room > limit)
		room = limit;
	size_t end = c->len - c->pos < room ? c->len : c->pos + room;
	const unsigned char *in = c->in;
	size_t p = c->pos;
	char *out = c->buf + c->buflen;
	unsigned char s1 = (unsigned char)c->opt.sep, s2 = (unsigned char)c->opt.sep2;
	while (p < end) {
		unsigned char d = in[p];
		if (d == s1 || d == s2 || (d < 0x20 ? d != '\t' : d == 0x7f))
			break;
		*out++ = (char)d;
		p++;
	}
	c->buflen += p - c->pos;
	c->pos = p;
}

int csv_read(struct csv *c, const char **bad)
{
	*bad = NULL;
	c->buflen = 0;
	c->ncells = 0;
	if (push_cell(c))
		return -1;
	int ch;
	while (c->opt.comments && peek_byte(c) == '#')
		if (!skip_line(c))
			return end_status(c);
	if (peek_byte(c) == EOF)
		return end_status(c);
	c->record_line = c->line;
	long lines = 1;
	int quoted = 0, at_start = 1, full = 0, marked = 0; /* marked: a quote or a ',' ';' */
	for (;;) {
		ch = next_byte(c);
		if (ch == EOF) {
			if (c->error || c->interrupted)
				return -1;
			if (quoted && !*bad)
				*bad = "a quoted field is not closed";
			break;
		}
		if (quoted) {
			if (ch == '"') {
				int d = peek_byte(c);
				if (d != '"') {
					quoted = 0;
					continue;
				}
				c->pos++;
			} else if (ch == '\n') {
				lines++;
			} else if (ch == '\0' && !*bad) {
				*bad = "binary data (a NUL byte)";
			}
		} else if (ch == '"' && at_start) {
			quoted = 1;
			marked = 1;
			at_start = 0;
			continue;
		} else if (ch == '\n') {
			break;
		} else if (is_sep(c, ch)) {
			if (!full && (push_char(c, '\0') || push_cell(c)))
				return -1;
			marked |= ch != '\t';
			at_start = 1;
			continue;
		} else if (ch == '\r') {
			if (peek_byte(c) == '\n') {
				c->pos++;
				break;
			}
			if (!*bad)
				*bad = "a carriage return inside a field";
			goto checked;
		} else if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
			if (!*bad)
				*bad = "binary data (a control character)";
			goto checked;
		}
		at_start = 0;
		if (c->buflen >= c->opt.max_record) {
			full = 1;
			if (!*bad)
				*bad = c->too_long;
		}
		if (!full) {
			if (push_char(c, (char)ch))
				return -1;
			if (!quoted)
				plain_run(c);
		}
	checked:
		if (*bad && c->opt.stop_at_bad)
			break;
	}
	if (push_char(c, '\0'))
		return -1;
	c->line += lines;
	/* blank: spaces and tabs only (a tab may have split it into cells) */
	c->blank = !marked && !*bad;
	for (size_t i = 0; c->blank && i < c->buflen; i++)
		c->blank = c->buf[i] == ' ' || c->buf[i] == '\t' || c->buf[i] == '\0';
	return 1;
}

/*
 * Make in[pos..len) hold the whole line that starts there (up to its line
 * break outside quotes), or all that is left of the input; at most
 * max_record bytes. Returns its length, or -2 past the limit.
 */
static long whole_line(struct csv *c)
{
	size_t i = 0;
	int quoted = 0;
	for (;;) {
		for (; c->pos + i < c->len; i++) {
			unsigned char ch = c->in[c->pos + i];
			if (ch == '"')
				quoted = !quoted;
			else if (ch == '\n' && !quoted)
				return (long)i + 1;
			if (i >= c->opt.max_record)
				return -2;
		}
		if (!read_more(c, i + IN_CHUNK))
			return (long)i;
	}
}

/* The separator that occurs most often outside quotes: ',' on a tie or none. */
static char detect_separator(const unsigned char *s, size_t n)
{
	static const char cand[3] = {',', ';', '\t'};
	size_t count[3] = {0, 0, 0};
	int quoted = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			quoted = !quoted;
		for (int k = 0; k < 3 && !quoted; k++)
			count[k] += s[i] == (unsigned char)cand[k];
	}
	int best = 0;
	for (int k = 1; k < 3; k++)
		if (count[k] > count[best])
			best = k;
	return cand[best];
}

int csv_skip_bom(struct csv *c)
{
	if (peek_byte(c) != 0xEF)
		return 0;
	while (c->len - c->pos < 3 && read_more(c, 3))
		;
	if (c->len - c->pos < 3 || c->in[c->pos + 1] != 0xBB || c->in[c->pos + 2] != 0xBF)
		return -1;
	c->pos += 3;
	return 0;
}

int csv_read_header(struct csv *c, char sep, const char **bad)
{
	*bad = NULL;
	if (csv_skip_bom(c) != 0) {
		*bad = "not a CSV file (bad byte order mark)";
		return 1;
	}
	for (;;) { /* blank lines (spaces and tabs too) and comments before the header */
		int ch = peek_byte(c);
		if (ch == EOF)
			break;
		if (ch == '\n' || (c->opt.comments && ch == '#')) {
			if (!skip_line(c))
				break;
			continue;
		}
		if (ch == ' ' || ch == '\t') {
			long n = whole_line(c); /* (quotes cannot open in a blank line) */
			long k = 0;
			while (k < n && (c->in[c->pos + k] == ' ' || c->in[c->pos + k] == '\t'))
				k++;
			if (k < n && c->in[c->pos + k] == '\r')
				k++;
			if (n > 0 && (k == n || (k + 1 == n && c->in[c->pos + k] == '\n'))) {
				c->pos += (size_t)n; /* a blank line, or blanks up to the end */
				c->line += k < n;
				continue;
			}
			break;
		}
		if (ch == '\r') { /* CR LF: a blank line too */
			while (c->len - c->pos < 2 && read_more(c, 2))
				;
			if (c->len - c->pos >= 2 && c->in[c->pos + 1] == '\n') {
				c->pos += 2;
				c->line++;
				continue;
			}
		}
		break;
	}
	if (peek_byte(c) == EOF) {
		if (end_status(c) < 0)
			return -1;
		*bad = "empty file, expected a header row";
		return 0;
	}
	long n = whole_line(c);
	if (n == -2) {
		*bad = c->header_too_long;
		return 1;
	}
	if (c->error || c->interrupted)
		return -1;
	c->opt.sep = sep ? sep : detect_separator(c->in + c->pos, (size_t)n);
	c->opt.sep2 = c->opt.sep;
	return csv_read(c, bad);
}

char *csv_trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

void csv_loose_name(const char *s, char *out, size_t len)
{
	size_t k = 0;
	for (; *s && k + 1 < len; s++) {
		char c = *s;
		if (c == '"' || c == ' ' || c == '\t')
			continue;
		out[k++] = c == '_' ? '-' : (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
	}
	out[*s ? 0 : k] = '\0'; /* too long: matches nothing */
}

int csv_error(char *err, size_t errlen, const char *name, long line, const char *fmt, ...)
{
	va_list ap;
	int k = line > 0 ? snprintf(err, errlen, "%s:%ld: ", name, line)
	                 : snprintf(err, errlen, "%s: ", name);
	if (k < 0 || (size_t)k >= errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

