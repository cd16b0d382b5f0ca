/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * io.c - the command's files as the engine's sinks and sources.
 */
#include <errno.h>
#include <poll.h>
#include <unistd.h>

#include "io.h"
#include "signals.h"

int wake_fd = -1;

static void file_write(void *ctx, const char *s, size_t n)
{
	fwrite(s, 1, n, ctx);
}

static void file_write_flushed(void *ctx, const char *s, size_t n)
{
	fwrite(s, 1, n, ctx);
	fflush(ctx);
}

struct sink sink_file(FILE *fp)
{
	return (struct sink){file_write, fp, NULL};
}

struct sink sink_file_flushed(FILE *fp)
{
	return (struct sink){file_write_flushed, fp, NULL};
}

/* Wait until fd can be read: 0, or -1 when a signal asks us to stop. */
static int wait_readable(int fd)
{
	for (;;) {
		if (interrupted)
			return -1;
		struct pollfd p[2] = {{fd, POLLIN, 0}, {wake_fd, POLLIN, 0}};
		int n = poll(p, wake_fd >= 0 ? 2 : 1, -1);
		if (n < 0 && errno != EINTR)
			return 0; /* let read(2) report it */
		if (n > 0 && wake_fd >= 0 && p[1].revents)
			return -1;
		if (n > 0)
			return 0;
	}
}

static long file_read(void *ctx, unsigned char *buf, size_t n, int *err)
{
	int fd = fileno(ctx);
	for (;;) {
		if (wait_readable(fd) < 0) {
			*err = EINTR;
			return -1;
		}
		ssize_t k = read(fd, buf, n);
		if (k >= 0)
			return (long)k;
		if (errno == EINTR && !interrupted)
			continue;
		*err = errno;
		return -1;
	}
}

struct source source_file(FILE *fp)
{
	return (struct source){file_read, fp};
}
