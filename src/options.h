/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * options.h - bercl's command line, read by one loop over the flag table
 * (flags.c), and the checks that need several flags (options.c).
 */
#ifndef BERCL_OPTIONS_H
#define BERCL_OPTIONS_H

#include "bercl.h"
#include "flags.h"
#include "parse.h"
#include "request.h"
#include "row.h"

enum { EXIT_VERDICT = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3, EXIT_UNDECIDED = 4 };

extern const char *const prog; /* "bercl", before every message */
/*
 * How the command line ends the program (a usage error, --help, --version):
 * exit(3); a fuzzing harness replaces it with one that does not return
 * (longjmp).
 */
extern void (*options_exit)(int status);

/* A usage error: "bercl: MESSAGE" on standard error, exit status 2. */
_Noreturn void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "bercl: warning: MESSAGE" on standard error. */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A write error on standard output, said once: exit 3. */
void check_output(void);
/* The flags' warnings held by parse_options: said once, when the line has
 * passed every check and the first row is about to be printed (each run
 * calls it at that point: run_sweep, run_batch, run_watch). */
void say_warnings(const struct options *o);
/* "--name" of a flag. */
const char *flag_name(int id);

/* argv into o; --help and --version print and exit; a bad flag exits 2. */
void parse_options(int argc, char **argv, struct options *o);
/* The checks that need several flags, before anything is printed. */
void check_combinations(const struct options *o);

#endif
