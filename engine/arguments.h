/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * arguments.h - the checks of one call of a face whose caller names its
 * arguments and may give some of them as arrays (the Python package's
 * functions: bercl.cl(errors, bits, ber, rate=..., model=...)), made by the
 * command's own checks of the same flags (invoke.c), in the command's order
 * and with its messages: the face says them with its own names for the
 * flags. No I/O, no state.
 */
#ifndef BERCL_ARGUMENTS_H
#define BERCL_ARGUMENTS_H

#include <stddef.h>

#include "invoke.h"

struct call_arg {
	const char *flag;  /* the flag's long name: "bits-per-symbol", "model", "sequential" */
	const char *text;  /* its value as typed (a switch: "1"); NULL: a quantity given
	                      elementwise (an array), each element then checked by
	                      element_compute() */
};

/*
 * The n arguments of a call of subcommand cmd checked as `bercl CMD --FLAG
 * TEXT ...` checks them: each flag (invoke_flag: an enum's names, a flag
 * given twice or not for cmd), each value's syntax and domain
 * (invoke_quantities), the checks that need several flags (invoke_check;
 * a sweep's range only where no argument is elementwise), and, where value
 * is not NULL, that the output has that column (invoke_value, as --value
 * COLUMN). Returns NULL, or the first message as the command says it (no
 * "bercl: "); the warnings the command would print (input ignored, likely
 * mistakes) go to k->say with kind "warning: " (k may be NULL).
 */
const char *invoke_arguments(enum command cmd, const struct call_arg *args, int n,
                             const char *value, const struct invoke_sink *k, char *why,
                             size_t len);

#endif
