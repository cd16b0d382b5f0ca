/* SPDX-License-Identifier: GPL-3.0-or-later */
/* run.h - a sweep or a batch, computed and printed (run.c). */
#ifndef BERCL_RUN_H
#define BERCL_RUN_H

#include <stdio.h>

#include "invoke.h"
#include "options.h"
#include "row.h"

/* The command's sink (invoke.h): messages to stderr, rows to stdout. */
void command_sink(struct invoke_sink *k);
/*
 * The batch input, opened before the signals are caught: an open that
 * blocks (a FIFO with no writer yet) dies of a signal at once.
 */
FILE *open_input(const char *path);
/* Every row of the batch file fp, base filled from the flags; the exit status. */
int run_batch(const struct options *o, FILE *fp, const struct row_input *base);
/* Every row of the flags' sweep; the exit status. */
int run_sweep(const struct options *o, const struct row_input *base);

#endif
