/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sink.c - the memory source and sink, and printf to a sink.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numbers.h"
#include "sink.h"

static long memory_read(void *ctx, unsigned char *buf, size_t n, int *err)
{
	struct memory_source *m = ctx;
	(void)err;
	size_t k = m->len - m->pos;
	if (k > n)
		k = n;
	if (k > 0)
		memcpy(buf, m->buf + m->pos, k);
	m->pos += k;
	return (long)k;
}

struct source source_memory(struct memory_source *m, const void *buf, size_t len)
{
	m->buf = buf;
	m->len = len;
	m->pos = 0;
	return (struct source){memory_read, m};
}

static void memory_write(void *ctx, const char *s, size_t n)
{
	struct memory_sink *m = ctx;
	if (m->failed)
		return;
	if (m->len + n + 1 > m->cap) {
		size_t cap = m->cap ? m->cap : 256;
		while (cap < m->len + n + 1)
			cap *= 2;
		char *p = realloc(m->buf, cap);
		if (!p) {
			m->failed = 1;
			return;
		}
		m->buf = p;
		m->cap = cap;
	}
	memcpy(m->buf + m->len, s, n);
	m->len += n;
	m->buf[m->len] = '\0';
}

struct sink sink_memory(struct memory_sink *m)
{
	memset(m, 0, sizeof *m);
	return (struct sink){memory_write, m, NULL};
}

void memory_sink_free(struct memory_sink *m)
{
	free(m->buf);
	memset(m, 0, sizeof *m);
}

void sink_printf(const struct sink *s, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	va_start(ap, fmt);
	size_t n = clamped(vsnprintf(buf, sizeof buf, fmt, ap), sizeof buf);
	va_end(ap);
	sink_put(s, buf, n);
}
