/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_pipeline.c - libFuzzer harness for a batch as the program runs it:
 * the input goes through a pipe (written by a thread, as a shell pipe
 * would, in pieces) into the CSV tokenizer (engine/csv.c), the batch reader
 * (engine/rows.c) and the threaded pipeline (src/pipeline.c) with two workers,
 * each row computed as the command the first byte picks and written in the
 * format it picks. Records up to 2 MiB reach it (make fuzz gives
 * -max_len=2097152 for this harness): past the 1 MiB limit too. No input may
 * crash, hang or leak.
 */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compute.h"
#include "flags.h"
#include "format.h"
#include "io.h"
#include "pipeline.h"
#include "rows.h"

struct feed {
	int fd;
	const uint8_t *data;
	size_t size;
};

static void *writer(void *arg)
{
	struct feed *f = arg;
	size_t off = 0, piece = 1;
	while (off < f->size) {
		size_t n = f->size - off < piece ? f->size - off : piece;
		ssize_t w = write(f->fd, f->data + off, n);
		if (w <= 0)
			break;
		off += (size_t)w;
		piece = piece * 7 % 65521 + 1; /* uneven pieces */
	}
	close(f->fd);
	return NULL;
}

struct ctx {
	enum command cmd;
	const struct layout *l;
};

static int handle(struct row *r, FILE *out, FILE *err, const void *arg)
{
	const struct ctx *c = arg;
	(void)err;
	enum compute_status st = compute_row(c->cmd, r);
	struct sink so = sink_file(out);
	format_row(&so, c->l, r);
	return st == COMPUTE_OK ? 0 : 2;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	signal(SIGPIPE, SIG_IGN); /* the reader may stop before the writer has written all */
	static const enum command cmds[] = {CMD_CL, CMD_BITS, CMD_BER, CMD_ERRORS};
	int fds[2];
	if (pipe(fds) != 0)
		return 0;
	struct feed f = {fds[1], data + 1, size - 1};
	pthread_t t;
	if (pthread_create(&t, NULL, writer, &f) != 0) {
		close(fds[0]);
		close(fds[1]);
		return 0;
	}
	FILE *in = fdopen(fds[0], "r");
	FILE *out = tmpfile();
	if (!in || !out)
		abort();
	struct source src = source_file(in);
	struct batch b;
	char err[512];
	if (batch_open(&b, &src, "fuzz", ~0u, 0, err, sizeof err) == 0) {
		struct row_input base;
		row_input_init(&base, BERCL_POISSON, 0, 0);
		struct layout l;
		memset(&l, 0, sizeof l);
		l.format = (enum format)((data[0] >> 2) % 3); /* text, csv, tsv */
		l.extra_names = b.extra_names;
		l.nextra = b.nextra;
		l.col[l.ncol++] = COL_ERRORS;
		l.col[l.ncol++] = COL_CL;
		l.col[l.ncol++] = COL_ERROR;
		struct ctx c = {cmds[data[0] % 4], &l};
		pipeline_run(&b, &base, handle, &c, out, stderr, 2, NULL);
		batch_close(&b);
	}
	fclose(in);
	pthread_join(t, NULL);
	fclose(out);
	return 0;
}
