/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pipeline.h - batch rows computed on every core, written in input order.
 */
#ifndef BERCL_PIPELINE_H
#define BERCL_PIPELINE_H

#include <signal.h>
#include <stdio.h>

#include "rows.h"

/*
 * Handle one row: compute it, print its output line to out and any message
 * to err; return an exit status (0 to 3). Called from worker threads, so it
 * must touch no shared state but ctx, which it may only read.
 */
typedef int (*row_handler)(struct row *r, FILE *out, FILE *err, const void *ctx);

/*
 * Read every row of b (inputs from base), hand chunks of rows to `workers`
 * threads and handle chunks in this thread too whenever it has nothing to
 * read or write (so workers = cores - 1 keeps every core busy; 0: all in
 * this thread), and write each chunk's output and
 * messages to out and err in input order. Returns the highest status (2
 * after a read error), or 3 after a memory error (with a message on err) or
 * a write error (without: ferror(out) stays set for the caller to report).
 * Once *stop is set (by a signal handler), no more rows are read or
 * begun: the chunks done in sequence are written, whole lines only, and it
 * returns PIPELINE_INTERRUPTED at once (a row this thread is computing
 * dies with the signal, its lines before it flushed): the caller dies of
 * the signal before freeing anything the workers still use.
 */
#define PIPELINE_INTERRUPTED (-1)

int pipeline_run(struct batch *b, const struct row_input *base, row_handler handle,
                 const void *ctx, FILE *out, FILE *err, int workers,
                 const volatile sig_atomic_t *stop);

/* The CPUs this process may run on (its affinity mask, e.g. under taskset). */
int pipeline_cpus(void);

#endif
