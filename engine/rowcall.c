/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rowcall.c - one row of a subcommand from named values (rowcall.h): the
 * command's machinery with one value a flag. A quantity is read as one
 * value of its flag's syntax and domain (flags.c); every other flag is
 * taken by invoke_flag() (the flag table's action, its checks and its
 * message) into an invocation's options, which give the row what they give
 * the command's rows (invoke_flags_into()); the row is computed by
 * compute_row(), the command's one path.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "flags.h"
#include "invoke.h"
#include "parse.h"
#include "request.h"
#include "rowcall.h"

void rowcall_init(struct rowcall *c, enum command cmd, enum bercl_model model)
{
	memset(c, 0, sizeof *c);
	c->cmd = cmd;
	c->o.cmd = cmd;
	c->o.model = (int)model;
	row_input_init(&c->in, model, 0, 0);
}

static int refuse(char *msg, size_t len, const char *shown, const char *text, const char *why)
{
	value_message(msg, len, shown, text, why);
	return -1;
}

/* A flag's message about its value ("--NAME 'TEXT': REASON") as the face
 * names the value: "SHOWN 'TEXT': REASON" (any other message as it is). */
static int refuse_as_shown(char *msg, size_t len, int id, const char *shown, const char *text,
                           const char *bad)
{
	char name[40], prefix[128];
	snprintf(name, sizeof name, "--%s", flags[id].name);
	value_message(prefix, sizeof prefix, name, text, "");
	size_t n = strlen(prefix);
	if (strncmp(bad, prefix, n) != 0) {
		snprintf(msg, len, "%s", bad);
		return -1;
	}
	return refuse(msg, len, shown, text, bad + n);
}

/* One value of quantity q, with a CL's rests from its digits. */
static int set_quantity(struct rowcall *c, enum quantity q, const char *text, const char *shown,
                        char *msg, size_t len)
{
	double v, complement;
	const char *why = quantity_parse(q, text, &v, &complement);
	if (!why && flags[q].parse == NULL && q == Q_CL) {
		double lo, clo;
		why = parse_probability_exact(text, &v, &complement, &lo, &clo);
		if (!why && !(why = row_set(&c->in, Q_CL, v, complement))) {
			c->in.cl_lo = lo;
			c->in.cl_complement_lo = clo;
		}
	} else if (!why) {
		why = row_set(&c->in, q, v, complement);
	}
	return why ? refuse(msg, len, shown, text, why) : 0;
}

int rowcall_set(struct rowcall *c, const char *flag, const char *text, const char *shown,
                char *msg, size_t len)
{
	int id = invoke_flag_id(flag);
	if (id < 0)
		return refuse(msg, len, shown, text, "is not a value of this subcommand");
	if (id < NQ)
		return set_quantity(c, (enum quantity)id, text, shown, msg, len);
	if (!flags[id].arg && strcmp(text, "1") != 0)
		return 0; /* a switch off ("0"): as not given */
	char why[ROW_ERROR_MAX];
	const char *bad = invoke_flag(&c->o, id, flags[id].arg ? text : NULL, why, sizeof why);
	if (bad)
		return refuse_as_shown(msg, len, id, shown, text, bad);
	invoke_flags_into(&c->o, &c->in);
	return 0;
}

enum compute_status rowcall_compute(struct rowcall *c, struct row *r)
{
	/* the code's name lives in c->o: the row is used while c lives */
	row_reset(r, &c->in);
	return compute_row(c->cmd, r);
}
