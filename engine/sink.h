/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sink.h - where the engine's output goes, and where its input comes from:
 * the face's own functions. The engine writes bytes to a sink and reads
 * bytes from a source; it never touches a FILE, a file descriptor or a
 * signal (the command's are in src/io.c; Python and the page hand it
 * memory).
 */
#ifndef BERCL_SINK_H
#define BERCL_SINK_H

#include <stddef.h>

struct sink {
	/* n bytes of output; a write error is the face's to notice and report */
	void (*write)(void *ctx, const char *s, size_t n);
	void *ctx;
	/* optional: nonzero once the face can write no more (a full disk), so
	 * that a long reading stops now rather than at the end of its input */
	int (*failed)(void *ctx);
};

struct source {
	/*
	 * Up to n bytes of input into buf: the count, 0 at the end of the input,
	 * or -1 with *err an errno value (EINTR: the face was asked to stop; the
	 * reading ends there as at the end of the input).
	 */
	long (*read)(void *ctx, unsigned char *buf, size_t n, int *err);
	void *ctx;
};

/* A source over memory: buf[0..len) is the whole input. */
struct memory_source {
	const unsigned char *buf;
	size_t len, pos;
};
struct source source_memory(struct memory_source *m, const void *buf, size_t len);

/* A sink into a growing buffer (malloc'd; *buf is NUL-terminated; an
 * allocation failure sets failed and keeps what was written). */
struct memory_sink {
	char *buf;
	size_t len, cap;
	int failed;
};
struct sink sink_memory(struct memory_sink *m);
void memory_sink_free(struct memory_sink *m);

/* printf to a sink (at most 4 KiB a call: a message, never a table). */
void sink_printf(const struct sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void sink_put(const struct sink *s, const char *str, size_t n)
{
	if (s && s->write && n > 0)
		s->write(s->ctx, str, n);
}

#endif
