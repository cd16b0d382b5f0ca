/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rowcall.h - one row of a subcommand from named values, for a face whose
 * caller names its arguments (the Python package's plan, simulate, ...).
 *
 * Each value is given as the text of its flag (a face converts its number
 * to its shortest decimal first): a quantity read by the flag table's
 * syntax and domain (flags.c), any other flag taken as the command takes it
 * (invoke.c's invoke_flag), each message naming the value as the face
 * names it; the row is computed by compute_row(), the command's one path,
 * so that the face gets the command's row: its cells as the machine
 * formats print them (columns.c) and, for a sequential plan, its table. The
 * subcommand a face names is found by invoke_command(). No I/O, no state.
 */
#ifndef BERCL_ROWCALL_H
#define BERCL_ROWCALL_H

#include <stddef.h>

#include "columns.h"
#include "compute.h"
#include "request.h"
#include "row.h"

struct rowcall {
	enum command cmd;
	struct row_input in;
	struct options o;          /* the flags that are not quantities, as invoke_flag() takes them */
};

void rowcall_init(struct rowcall *c, enum command cmd, enum bercl_model model);
/*
 * One value: flag is a flag's name (errors, bits, reading-interval, ...,
 * code with kp4, kr4, rs:N,K[,M]; burst-model, method with their names); a
 * switch (two-sided, sequential, all-lanes, clustered) takes "1" (any other
 * text: not given). A histogram's bins (fec) are set in c->in by the face:
 * its own arrays, which must outlive rowcall_compute().
 * Returns 0, or -1 with the message "SHOWN 'TEXT': REASON" in msg.
 */
int rowcall_set(struct rowcall *c, const char *flag, const char *text, const char *shown,
                char *msg, size_t len);
/* The row: COMPUTE_OK, or the status with the reason in r->error. A
 * sequential plan's table stays in r->seq_table: plan_free(r) releases it. */
enum compute_status rowcall_compute(struct rowcall *c, struct row *r);

#endif
