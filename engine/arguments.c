/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * arguments.c - a face's call by named arguments, checked by the command's
 * checks (arguments.h): the flag table's reading and domains, the forms'
 * rules and the checks that need several flags, all in invoke.c; nothing is
 * decided here but which of them apply to a quantity given as an array.
 */
#include <stdio.h>
#include <string.h>

#include "arguments.h"
#include "flags.h"

const char *invoke_arguments(enum command cmd, const struct call_arg *args, int n,
                             const char *value, const struct invoke_sink *k, char *why,
                             size_t len)
{
	struct options o;
	const char *bad = NULL;
	unsigned char elementwise[NQ] = {0};
	memset(&o, 0, sizeof o);
	o.cmd = cmd;
	o.format = FMT_CSV;
	for (int i = 0; i < n && !bad; i++) {
		int id = invoke_flag_id(args[i].flag);
		char dashed[64];
		if (id < 0 || (!args[i].text && id >= NQ)) {
			snprintf(dashed, sizeof dashed, "--%s", args[i].flag);
			bad = invoke_unknown_flag(dashed, why, len);
			break;
		}
		if (id >= NQ && !flags[id].arg) { /* a switch: on, or not given */
			if (strcmp(args[i].text, "1") != 0)
				continue;
			bad = invoke_flag(&o, id, NULL, why, len);
			continue;
		}
		bad = invoke_flag(&o, id, args[i].text ? args[i].text : "", why, len);
		if (!bad && !args[i].text) {
			elementwise[id] = 1;
			o.elementwise = 1;
		}
	}
	/* the values given as one text each; an array's, element by element */
	const char *hidden[NQ] = {NULL};
	for (int q = 0; q < NQ; q++)
		if (elementwise[q]) {
			hidden[q] = o.text[q];
			o.text[q] = NULL;
		}
	if (!bad)
		bad = invoke_quantities(&o, why, len);
	for (int q = 0; q < NQ; q++)
		if (elementwise[q])
			o.text[q] = hidden[q];
	if (!bad)
		bad = invoke_check(&o, why, len);
	if (!bad && value) {
		struct layout l;
		invoke_layout(&o, NULL, &l);
		o.value = value;
		bad = invoke_value(&o, &l, why, len);
	}
	if (!bad && k) {
		invoke_warn_ignored(&o, NULL, k);
		invoke_warnings(&o, k);
	}
	for (int q = 0; q < NQ; q++)
		vlist_free(&o.list[q]);
	return bad;
}
