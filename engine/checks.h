/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * checks.h - the command line's rules, the same in every face: each call
 * returns 0, or -1 with the one message (no program name) in why.
 */
#ifndef BERCL_CHECKS_H
#define BERCL_CHECKS_H

#include <stddef.h>

#include "request.h"

/* "cl, bits, ..., fec" from the subcommand table, into buf. */
const char *request_command_list(char *buf, size_t len);
/* A subcommand's name (argv[1]): *cmd, or why it is none. */
int request_subcommand(const char *sub, enum command *cmd, char *why, size_t len);
/*
 * Flag id with its value arg (NULL for a switch) into o, whose cmd is set:
 * a quantity's text is kept for request_read_quantities; anything else
 * takes its table row's action (a switch, a file, an enum, a custom
 * reader). Refused: a flag given twice, not for o->cmd, or one of a group
 * with another.
 */
int request_take(struct options *o, int id, const char *arg, char *why, size_t len);
/*
 * Each quantity's list read and its ends checked against the quantity's
 * domain; likely mistakes are held in o->warnings (said once every check
 * has passed, so that an error stays one line).
 */
int request_read_quantities(struct options *o, char *why, size_t len);
/* The checks that need several flags, before anything is printed. */
int request_check(const struct options *o, char *why, size_t len);

#endif
