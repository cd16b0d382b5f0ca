/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rowcall.c - one row of a subcommand from named values (rowcall.h). */
#include <string.h>

#include "commands.h"
#include "flags.h"
#include "parse.h"
#include "request.h"
#include "rowcall.h"

int rowcall_command(const char *name)
{
	for (int i = 0; i < NCOMMANDS; i++)
		if (commands[i].name && strcmp(commands[i].name, name) == 0)
			return i;
	return -1;
}

int rowcall_column(const char *name)
{
	for (int i = 0; i < NCOLUMNS; i++)
		if (columns[i].name && strcmp(columns[i].name, name) == 0)
			return i;
	return -1;
}

void rowcall_init(struct rowcall *c, enum command cmd, enum bercl_model model)
{
	memset(c, 0, sizeof *c);
	c->cmd = cmd;
	row_input_init(&c->in, model, 0, 0);
}

static int refuse(char *msg, size_t len, const char *shown, const char *text, const char *why)
{
	value_message(msg, len, shown, text, why);
	return -1;
}

int rowcall_set(struct rowcall *c, const char *flag, const char *text, const char *shown,
                char *msg, size_t len)
{
	int on = strcmp(text, "1") == 0;
	if (strcmp(flag, "two-sided") == 0) {
		c->in.two_sided = on;
		return 0;
	}
	if (strcmp(flag, "sequential") == 0) {
		c->in.sequential = on;
		return 0;
	}
	if (strcmp(flag, "all-lanes") == 0) {
		c->in.all_lanes = on;
		return 0;
	}
	if (strcmp(flag, "clustered") == 0) {
		c->in.clustered = on;
		return 0;
	}
	if (strcmp(flag, "method") == 0) { /* fec --method: the histogram's tail fit */
		if (strcmp(text, "likelihood") != 0 && strcmp(text, "sonic") != 0)
			return refuse(msg, len, shown, text, "unknown method (likelihood or sonic)");
		c->in.tail_sonic = text[0] == 's';
		return 0;
	}
	if (strcmp(flag, "burst-model") == 0 || strcmp(flag, "code") == 0) {
		/* the command's own actions for these flags (request.c) */
		struct options o;
		char why[ROW_ERROR_MAX];
		memset(&o, 0, sizeof o);
		const char *bad = flag[0] == 'b' ? option_burst_model(text, &o, why, sizeof why)
		                                 : option_code(text, &o, why, sizeof why);
		if (bad) {
			/* its message names --FLAG; the face names the value its way */
			const char *reason = strstr(bad, "': ");
			return refuse(msg, len, shown, text, reason ? reason + 3 : bad);
		}
		if (flag[0] == 'b') {
			c->in.burst_model = o.burst_model;
		} else {
			c->in.code = o.code;
			memcpy(c->code_name, o.code_name, strlen(o.code_name) + 1);
			c->in.code_name = c->code_name;
		}
		return 0;
	}
	for (int q = 0; q < NQ; q++) {
		if (strcmp(flags[q].name, flag) != 0)
			continue;
		double v, complement;
		const char *why = quantity_parse((enum quantity)q, text, &v, &complement);
		if (!why && flags[q].parse == NULL && q == Q_CL) {
			double lo, clo;
			why = parse_probability_exact(text, &v, &complement, &lo, &clo);
			if (!why && !(why = row_set(&c->in, Q_CL, v, complement))) {
				c->in.cl_lo = lo;
				c->in.cl_complement_lo = clo;
			}
		} else if (!why) {
			why = row_set(&c->in, (enum quantity)q, v, complement);
		}
		return why ? refuse(msg, len, shown, text, why) : 0;
	}
	return refuse(msg, len, shown, text, "is not a value of this subcommand");
}

enum compute_status rowcall_compute(struct rowcall *c, struct row *r)
{
	/* code_name points into c: the row is used while c lives */
	row_reset(r, &c->in);
	return compute_row(c->cmd, r);
}
