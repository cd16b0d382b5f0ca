/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * io.h - the command's files as the engine's sinks and sources (sink.h).
 */
#ifndef BERCL_IO_H
#define BERCL_IO_H

#include <stdio.h>

#include "sink.h"

/* Writes to fp (stdio's buffer; check_output() notices a write error). */
struct sink sink_file(FILE *fp);
/* The same, flushed after every write: a live decision reaches a pipe at once. */
struct sink sink_file_flushed(FILE *fp);

/*
 * Reads fp (not read from before by stdio) with read(2), blocking in
 * poll(2) on it and on the signal handler's wake-up pipe: a signal ends
 * the reading at once, even on a pipe that sends nothing (-1, EINTR).
 */
struct source source_file(FILE *fp);

/*
 * The read end of the wake-up pipe (-1: none), set by catch_signals();
 * the handler writes a byte to its other end.
 */
extern int wake_fd;

#endif
