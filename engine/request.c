/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request.c - the flag table's actions that are more than a field write:
 * --delimiter, --code, --histogram-format, --lane-errors, --burst-model,
 * and bercl eye's numbers, lists and names (into its request, o->eye).
 * Each returns NULL or the one message for its value (request.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "eye_request.h"
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

/* ---- bercl eye's flags (their rows: flags.c; the request: eye.h) ---- */

const char *option_eye_input(const char *arg, struct options *o, char *why, size_t len)
{
	if (!arg[0])
		return say(why, len, "--input", arg, "must name a file (- is standard input)");
	o->eye->input = arg;
	return NULL;
}

const char *option_eye_value(const char *arg, struct options *o, char *why, size_t len)
{
	if (!arg[0])
		return say(why, len, "--value", arg, "must name a column");
	o->eye->value = arg;
	return NULL;
}

/* A list of at most max values (parse_vlist, each by parse; NULL: a
 * probability), into out[] by keep (NULL when it refuses one: its
 * reason): 0, or the reason in reason. */
static const char *eye_list(const char *arg, scalar_parser parse, int max, const char *what,
                            double *out, int *n, const char *(*keep)(double), char *reason,
                            size_t rlen)
{
	struct vlist l;
	const char *bad;
	const char *e = parse_vlist(arg, parse, &l, &bad);
	if (e) {
		snprintf(reason, rlen, "%s", e);
		return reason;
	}
	if (l.count > (unsigned long long)max) {
		snprintf(reason, rlen, "gives %llu %s; at most %d", l.count, what, max);
		vlist_free(&l);
		return reason;
	}
	*n = 0;
	for (unsigned long long i = 0; i < l.count; i++) {
		double c, x = vlist_value(&l, i, &c);
		if ((e = keep(x)) != NULL) {
			vlist_free(&l);
			return e;
		}
		out[(*n)++] = x;
	}
	vlist_free(&l);
	return NULL;
}

static const char *eye_ber_ok(double b)
{
	return !(b > 0 && b < 1) || b < 2.2250738585072014e-308 ? "must be between 0 and 1, exclusive"
	                                                        : NULL;
}

static const char *eye_offset_ok(double x)
{
	return fabs(x) <= 1e12 ? NULL : "offsets must be within +-1e12";
}

const char *option_eye_ber(const char *arg, struct options *o, char *why, size_t len)
{
	char reason[160];
	const char *e = eye_list(arg, NULL, EYE_MAX_BERS, "values", o->eye->ber, &o->eye->nber,
	                         eye_ber_ok, reason, sizeof reason);
	return e ? say(why, len, "--ber", arg, e) : NULL;
}

const char *option_eye_offsets(const char *arg, struct options *o, char *why, size_t len)
{
	char reason[160];
	const char *e = eye_list(arg, parse_real, BERCL_EYE_MAX_POINTS, "offsets", o->eye->offsets,
	                         &o->eye->noffsets, eye_offset_ok, reason, sizeof reason);
	return e ? say(why, len, "--offsets", arg, e) : NULL;
}

const char *option_eye_cl(const char *arg, struct options *o, char *why, size_t len)
{
	double c, omc;
	const char *e = parse_probability(arg, &c, &omc);
	if (!e && !(c > 0 && c < 1 && omc > 0))
		e = "must be between 0 and 1, exclusive (or a percentage: 95%)";
	/* the profile interval's chi-square quantile at a CL whose complement
	 * is 1 as a double (below about 1.1e-16) is 0: no interval to find */
	if (!e && !(omc < 1))
		e = "is too close to 0 for an interval (at least 1e-16)";
	if (e)
		return say(why, len, "--cl", arg, e);
	o->eye->cl = c;
	o->eye->one_minus_cl = omc;
	return NULL;
}

const char *option_eye_rho(const char *arg, struct options *o, char *why, size_t len)
{
	o->eye->rho_given = 1;
	if (strcmp(arg, "fit") == 0) {
		o->eye->rho = 0;
		return NULL;
	}
	double r;
	if (parse_real(arg, &r))
		return say(why, len, "--transition-density", arg, "must be a number in [1e-6, 1] or fit");
	if (!(r >= 1e-6 && r <= 1))
		return say(why, len, "--transition-density", arg, "must be from 1e-6 to 1 (or fit)");
	o->eye->rho = r;
	return NULL;
}

/* A plain number x of the flag with lo < x <= hi (lo_in: lo <= x; hi_in 0:
 * x < hi), or the reason given. */
static const char *eye_real(const char *arg, const char *flag, double lo, int lo_in, double hi, int hi_in,
                            const char *reason, double *out, int *have, char *why, size_t len)
{
	double x;
	if (parse_real(arg, &x))
		return say(why, len, flag, arg, "not a number");
	if (!((lo_in ? x >= lo : x > lo) && (hi_in ? x <= hi : x < hi)))
		return say(why, len, flag, arg, reason);
	*out = x;
	if (have)
		*have = 1;
	return NULL;
}

const char *option_eye_fit_below(const char *arg, struct options *o, char *why, size_t len)
{
	return eye_real(arg, "--fit-below", 0, 0, 1, 1, "must be above 0, at most 1",
	                &o->eye->fit_below, NULL, why, len);
}

const char *option_eye_half_width(const char *arg, struct options *o, char *why, size_t len)
{
	return eye_real(arg, "--half-width", 0, 0, 1e12, 1, "must be above 0 (at most 1e12)",
	                &o->eye->half_width, &o->eye->have_half_width, why, len);
}

const char *option_eye_sigma(const char *arg, struct options *o, char *why, size_t len)
{
	return eye_real(arg, "--sigma", 0, 0, 1e12, 1, "must be above 0 (at most 1e12)",
	                &o->eye->sigma, &o->eye->have_sigma, why, len);
}

const char *option_eye_dj(const char *arg, struct options *o, char *why, size_t len)
{
	return eye_real(arg, "--dj", 0, 1, 1, 0, "must be from 0 to 1 UI, 1 excluded",
	                &o->eye->dj, &o->eye->have_dj, why, len);
}

const char *option_eye_rate(const char *arg, struct options *o, char *why, size_t len)
{
	double x;
	const char *e = parse_rate(arg, &x);
	if (!e && !(x > 0 && x <= 1e300))
		e = "must be above 0";
	if (e)
		return say(why, len, "--rate", arg, e);
	o->eye->rate = x;
	o->eye->have_rate = 1;
	return NULL;
}
