/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request.c - the flag table's actions that are more than a field write:
 * --delimiter, --code, --histogram-format, --lane-errors, --burst-model.
 * Each returns NULL or the one message for its value (request.h).
 */
#include <stdio.h>
#include <string.h>

#include "request.h"
#include "telemetry.h"

#define STR_(x) #x
#define STR(x) STR_(x)

int name_index(const char *arg, const char *const *names)
{
	for (int v = 0; names[v]; v++)
		if (strcmp(arg, names[v]) == 0)
			return v;
	return -1;
}

/* why, with "FLAG 'ARG': REASON" in it (value_message: ARG shown safely) */
static const char *say(char *why, size_t len, const char *flag, const char *arg, const char *reason)
{
	value_message(why, len, flag, arg, reason);
	return why;
}

const char *option_delimiter(const char *arg, struct options *o, char *why, size_t len)
{
	static const char *const names[] = {",", ";", "tab", "\t", NULL};
	int v = name_index(arg, names);
	if (v < 0)
		return say(why, len, "--delimiter", arg, "use ',', ';' or tab");
	o->delimiter = ",;\t\t"[v];
	return NULL;
}

/* A whole number in [lo, hi] from the text s..end (no sign, no blanks). */
static int code_number(const char *s, size_t n, int lo, int hi, int *out)
{
	if (n == 0 || n > 6)
		return -1;
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/*
 * --code: kp4 = RS(544,514) and kr4 = RS(528,514), 10-bit symbols (IEEE
 * 802.3 clause 91); rs:N,K or rs:N,K,M.
 */
const char *option_code(const char *text, struct options *o, char *why, size_t len)
{
	int n, k, m = 10;
	o->code_text = text;
	if (strcmp(text, "kp4") == 0) {
		n = 544, k = 514;
	} else if (strcmp(text, "kr4") == 0) {
		n = 528, k = 514;
	} else if (strncmp(text, "rs:", 3) == 0) {
		const char *a = text + 3, *c1 = strchr(a, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
		if (!c1 || code_number(a, (size_t)(c1 - a), 2, 65537, &n) ||
		    code_number(c1 + 1, c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1), 1, 65536, &k) ||
		    (c2 && code_number(c2 + 1, strlen(c2 + 1), 1, 16, &m)))
			return say(why, len, "--code", text,
			           "expected rs:N,K or rs:N,K,M with whole N > K >= 1 and M in 1..16");
	} else {
		return say(why, len, "--code", text, "unknown code (kp4, kr4, or rs:N,K[,M])");
	}
	if (bercl_rs_code_make(n, k, m, &o->code) != BERCL_OK)
		return say(why, len, "--code", text, "not a Reed-Solomon code (needs K < N <= 2^M + 1)");
	if (text[0] == 'r')
		snprintf(o->code_name_buf, sizeof o->code_name_buf, "rs:%d,%d,%d", n, k, m);
	else
		snprintf(o->code_name_buf, sizeof o->code_name_buf, "%s", text);
	o->code_name = o->code_name_buf;
	return NULL;
}

/* --histogram-format: its names (telemetry.c) are not a flag-table enum
 * so that --help's flag column keeps its width. */
const char *option_histogram_format(const char *arg, struct options *o, char *why, size_t len)
{
	enum telemetry_format f;
	if (telemetry_parse_format(arg, &f))
		return say(why, len, "--histogram-format", arg, "auto, csv, ethtool, sonic or xena");
	o->histogram_format = (int)f;
	return NULL;
}

/* --intervals-form (enum intervals_form): a custom action, so that its long
 * values do not widen --help's flag column (the completion knows them) */
const char *option_intervals_form(const char *arg, struct options *o, char *why, size_t len)
{
	static const char *const names[] = {"auto", "per-interval", "cumulative", NULL};
	int v = name_index(arg, names);
	if (v < 0)
		return say(why, len, "--intervals-form", arg,
		           "unknown form (auto, per-interval or cumulative)");
	o->intervals_form = v;
	return NULL;
}

/* simulate --burst-model: a custom action, so that its long value does not
 * widen every subcommand's --help (the completion knows its names) */
const char *option_burst_model(const char *arg, struct options *o, char *why, size_t len)
{
	static const char *const names[] = {"none", "gilbert-elliott", NULL}; /* 0, 1 */
	int v = name_index(arg, names);
	if (v < 0)
		return say(why, len, "--burst-model", arg, "unknown burst model (gilbert-elliott or none)");
	o->burst_model = v;
	return NULL;
}

/* --lane-errors E1,E2,...: whole counts, lists and A..B ranges. */
const char *option_lane_errors(const char *text, struct options *o, char *why, size_t len)
{
	struct vlist v;
	const char *bad;
	o->lane_text = text;
	const char *reason = parse_vlist(text, parse_count, &v, &bad);
	if (reason)
		return say(why, len, "--lane-errors", text, reason);
	for (size_t i = 0; i < v.nitems && !reason; i++)
		if (v.items[i].kind == ITEM_LIN || v.items[i].kind == ITEM_LOG)
			reason = "whole numbers only: use A..B";
	if (!reason && (v.count < 2 || v.count > MAX_LANES))
		reason = "give 2 to " STR(MAX_LANES) " lanes";
	struct vlist_pos pos = {0, 0};
	for (unsigned long long i = 0; !reason && i < v.count; i++) {
		double c;
		o->lane_errors[i] = vlist_at(&v, &pos, i, &c);
	}
	o->nlanes = reason ? 0 : (int)v.count;
	vlist_free(&v);
	return reason ? say(why, len, "--lane-errors", text, reason) : NULL;
}
