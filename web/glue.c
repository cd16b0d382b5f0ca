/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * glue.c - the page's door into libbercl, compiled to WebAssembly with the
 * library (lib/) and three pure files of the program: engine/parse.c (the
 * flags' number syntax and its messages), engine/shortest.c (which parse.c
 * uses) and engine/human.c (the text format's safe rounding). The page's script writes a string into web_text() or numbers
 * into web_num(), calls one function, and reads the answer from the same
 * two buffers: no allocation crosses the boundary, no pointer is kept.
 *
 * Every number the page shows in data-value is formatted here exactly as
 * the command's machine formats do (format.c: a whole number up to 2^53 as
 * its digits, else the first of %.15g, %.16g, %.17g that reads back; a
 * probability below the double range from its logarithm as m e x).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"
#include "internal.h" /* bercli_lane_target, and xmath.h: the library's own log10 */
#include "compute.h"
#include "human.h"
#include "numbers.h" /* the engine's machine-format numbers */
#include "parse.h"

#define WEB_API __attribute__((used, visibility("default")))

static char text[4096];
/* numbers both ways; lanes: 6 per lane, up to the command's 1024 lanes */
static double num[6 * 1024 + 16];

WEB_API char *web_text(void) { return text; }
WEB_API double *web_num(void) { return num; }

static void put_tails(double *o, const bercl_tails *t);

/* num[0] -> text */
WEB_API void web_format_double(void) { format_double(text, sizeof text, num[0]); }
/* num[0] value, num[1], num[2] its ln (hi, lo) -> text */
WEB_API void web_format_probability(void)
{
	bercl_lnprob ln = {num[1], num[2]};
	format_probability(text, sizeof text, num[0], ln);
}
/* num[0] hi, num[1] lo -> num[0] mantissa, num[1] exponent, status */
WEB_API int web_lnprob_decimal(void)
{
	bercl_lnprob ln = {num[0], num[1]};
	double m;
	long long e;
	int rc = bercl_lnprob_decimal(ln, &m, &e);
	num[0] = m;
	num[1] = (double)e;
	return rc;
}
/* log10 as the command's log10_one_minus_cl of a target (lib/xmath.c) */
WEB_API double web_log10(double v) { return bercli_log10(v); }
/* ln v as the command's ln of a target or of a bound (lib/xmath.c) */
WEB_API double web_log(double v) { return bercli_log(v); }
/* num[0] hi, num[1] lo: log10 of that probability, as the command's
 * log10_one_minus_cl (bercl_lnprob_log10) */
WEB_API double web_lnprob_log10(void)
{
	bercl_lnprob l = {num[0], num[1]};
	return bercl_lnprob_log10(l);
}
/* the all-lanes verdict on the tails in num[0..5] (bercli_lanes_pass) */
WEB_API int web_lanes_pass(double req, double req_complement)
{
	bercl_tails t = {num[0], num[1], {num[2], num[3]}, {num[4], num[5]}};
	return bercli_lanes_pass(&t, req, req_complement);
}

/*
 * bits = rate * time * lanes: a product within 4 ulps of a whole number
 * below 2^53 is that number (engine/compute.c's whole_if_near, the same rule).
 */
WEB_API double web_whole_if_near(double bits)
{
	double w = nearbyint(bits);
	if (w != bits && w <= 9007199254740992.0 && fabs(bits - w) <= 4 * (nextafter(bits, INFINITY) - bits))
		return w;
	return bits;
}

/* bits --all-lanes: each lane's target cl^(1/lanes) as tails in num[0..5] */
WEB_API void web_lane_target(double cl, double cc, double lanes)
{
	bercl_tails t;
	bercli_lane_target(cl, cc, lanes, &t);
	put_tails(num, &t);
}


/* "%.{p}g" of num[0] -> text (the page's rounding checks its digits read back) */
WEB_API void web_format_g(int p) { snprintf(text, sizeof text, "%.*g", p, num[0]); }
/* text -> num[0] by strtod */
WEB_API void web_strtod(void) { num[0] = strtod(text, NULL); }

/* ---- the command's number syntax (engine/parse.c) ---- */

static struct vlist list;

/* kind: which parser the flag uses (flags.c's table) */
static scalar_parser parser_of(int kind)
{
	switch (kind) {
	case 0: return parse_count;
	case 1: return parse_si;
	case 2: return parse_real;
	case 3: return parse_rate;
	case 4: return parse_duration;
	case 5: return parse_baud;
	default: return NULL; /* a probability */
	}
}

/*
 * Parse text as a list or range for parser `kind`: the number of values,
 * or -1 with the reason in text. num[0], num[1] receive its min and max.
 */
WEB_API double web_parse_list(int kind)
{
	vlist_free(&list);
	const char *bad;
	const char *why = parse_vlist(text, parser_of(kind), &list, &bad);
	if (why) {
		snprintf(text, sizeof text, "%s", why);
		return -1;
	}
	num[0] = vlist_min(&list);
	num[1] = vlist_max(&list);
	return (double)list.count;
}
/*
 * The i-th value of the list parsed last: num[0] value, num[1] complement,
 * num[2] and num[3] their rests from the digits (a confidence level typed
 * as a decimal: the target bits decides against, as the command's).
 */
WEB_API void web_list_value(double i)
{
	double c = NAN;
	struct vlist_pos p = {0, 0};
	num[0] = vlist_at(&list, &p, (unsigned long long)i, &c);
	num[1] = c;
	num[2] = num[3] = 0;
	vlist_lo_at(&list, &p, &num[2], &num[3]);
}
/* Whether item of the last list is a spaced range (LIN/LOG): for lane-errors */
WEB_API int web_list_has_spaced(void)
{
	for (size_t i = 0; i < list.nitems; i++)
		if (list.items[i].kind == ITEM_LIN || list.items[i].kind == ITEM_LOG)
			return 1;
	return 0;
}

/* ---- the library ---- */

static void put_tails(double *o, const bercl_tails *t)
{
	o[0] = t->cl;
	o[1] = t->one_minus_cl;
	o[2] = t->ln_cl.hi;
	o[3] = t->ln_cl.lo;
	o[4] = t->ln_one_minus_cl.hi;
	o[5] = t->ln_one_minus_cl.lo;
}

/* The tails at bits and ber as engine/compute.c's tails_at (lambda exact). */
WEB_API int web_tails(int model, double errors, double bits, double ber)
{
	bercl_tails t;
	enum bercl_status rc;
	if (model) {
		rc = bercl_binomial_tails(errors, bits, ber, &t);
	} else {
		double lambda = bits * ber, lo = fma(bits, ber, -lambda);
		if (!(lambda >= BERCL_MIN_LAMBDA && lambda <= BERCL_MAX_LAMBDA))
			return -1;
		rc = bercl_poisson_tails(errors, lambda, lo, &t);
	}
	if (rc == BERCL_OK)
		put_tails(num, &t);
	return rc;
}

WEB_API int web_cl(int model, double errors, double bits, double ber)
{
	bercl_tails t;
	enum bercl_status rc = bercl_cl(model, errors, bits, ber, &t);
	if (rc == BERCL_OK)
		put_tails(num, &t);
	return rc;
}

/* num[0] bits, num[1..6] achieved tails: the engine's least whole number of
 * bits (engine/target.c compute_least_bits), the command's own; on failure
 * its message in text and a nonzero return */
WEB_API int web_min_bits(int model, double errors, double ber, double cl, double cc, double cl_lo,
                         double cc_lo)
{
	bercl_tails t;
	double bits;
	bercl_target target = {cl, cl_lo, cc, cc_lo};
	if (compute_least_bits(model, errors, ber, &target, &bits, &t, text, sizeof text) != COMPUTE_OK)
		return 1;
	num[0] = bits;
	put_tails(num + 1, &t);
	return 0;
}

/* text: "errors E exceed the bits tested, N (...)" (engine/target.c) */
WEB_API void web_errors_exceed(double errors, double bits, int from_time)
{
	compute_errors_exceed(text, sizeof text, errors, bits, from_time);
}

/* text: the engine's one message for a library status (engine/target.c) */
WEB_API void web_status_message(int model, int rc)
{
	snprintf(text, sizeof text, "%s", compute_status_message(model, rc));
}

WEB_API int web_min_bits_all_lanes(int model, double errors, double ber, double cl, double cc,
                                   int lanes)
{
	bercl_tails t;
	double bits;
	enum bercl_status rc = bercl_min_bits_all_lanes(model, errors, ber, cl, cc, lanes, &bits, &t);
	if (rc == BERCL_OK) {
		num[0] = bits;
		put_tails(num + 1, &t);
	}
	return rc;
}

/* num[0] upper, or num[0] lower and num[1] upper */
WEB_API int web_ber_upper(int model, double errors, double bits, double cl, double cc)
{
	return bercl_ber_upper(model, errors, bits, cl, cc, &num[0]);
}
WEB_API int web_ber_interval(int model, double errors, double bits, double cl, double cc)
{
	return bercl_ber_interval(model, errors, bits, cl, cc, &num[0], &num[1]);
}

/* lanes: num[6 j .. 6 j + 5] hold count lanes' tails in, the product out in num[0..5] */
WEB_API int web_lanes_all(int count)
{
	static bercl_tails t[1024];
	bercl_tails all;
	if (count < 1 || count > 1024)
		return BERCL_EDOM;
	for (int j = 0; j < count; j++) {
		const double *o = num + 6 * j;
		t[j].cl = o[0];
		t[j].one_minus_cl = o[1];
		t[j].ln_cl.hi = o[2];
		t[j].ln_cl.lo = o[3];
		t[j].ln_one_minus_cl.hi = o[4];
		t[j].ln_one_minus_cl.lo = o[5];
	}
	enum bercl_status rc = bercl_lanes_all(t, count, &all);
	if (rc == BERCL_OK)
		put_tails(num, &all);
	return rc;
}

/* ---- plans ---- */

WEB_API int web_plan_risks(double errors, double bits, double ber, double ratio)
{
	return bercl_plan_risks(errors, bits, ber, ratio, &num[0], &num[1]);
}

WEB_API int web_plan_fixed(double ber, double alpha, double beta, double ratio)
{
	bercl_plan p;
	enum bercl_status rc = bercl_plan_fixed(ber, alpha, beta, ratio, &p);
	if (rc == BERCL_OK) {
		num[0] = p.errors;
		num[1] = p.bits;
		num[2] = p.alpha;
		num[3] = p.beta;
	}
	return rc;
}

/*
 * The sequential plan (compute.c's compute_plan_design): its table stays here until
 * the next design; web_seq_row() reads it, web_seq_outcome() runs it.
 */
static double *seq;
static size_t seq_rows, seq_n;

/* num[0..9]: errors, bits of the fixed plan, then max_errors, max_bits,
 * alpha, beta, expected good, expected bad; -2 when too large to design */
WEB_API int web_plan_sequential(double ber, double alpha, double beta, double ratio)
{
	free(seq);
	seq = NULL;
	seq_rows = seq_n = 0;
	bercl_plan p;
	enum bercl_status rc = bercl_plan_fixed(ber, alpha, beta, ratio, &p);
	if (rc != BERCL_OK)
		return rc;
	double rows;
	rc = bercl_plan_sequential_rows(ber, alpha, beta, ratio, &rows);
	if (rc == BERCL_OK && rows > 1e6)
		return -2;
	if (rc == BERCL_ELIMIT)
		return -2;
	if (rc != BERCL_OK)
		return -3;
	double *t = malloc(4 * (size_t)rows * sizeof *t);
	if (!t)
		return -4;
	bercl_sequential_plan s;
	rc = bercl_plan_sequential(ber, alpha, beta, ratio, rows, t, t + (size_t)rows,
	                           t + 2 * (size_t)rows, &s);
	if (rc != BERCL_OK) {
		free(t);
		return rc == BERCL_ELIMIT ? -2 : -5;
	}
	size_t n = (size_t)s.max_errors + 1;
	for (size_t k = 0; k < n; k++)
		t[n + k] = t[(size_t)rows + k];
	seq = t;
	seq_rows = (size_t)rows;
	seq_n = n;
	num[0] = p.errors;
	num[1] = p.bits;
	num[2] = s.max_errors;
	num[3] = s.max_bits;
	num[4] = s.alpha;
	num[5] = s.beta;
	num[6] = s.expected_bits_good;
	num[7] = s.expected_bits_bad;
	return 0;
}

/* row k of the table: num[0] pass_bits, num[1] fail_bits */
WEB_API void web_seq_row(double k)
{
	size_t i = (size_t)k;
	num[0] = i < seq_n ? seq[i] : NAN;
	num[1] = i < seq_n ? seq[seq_n + i] : NAN;
}

/* the plan's outcome at a true BER: num[0] p_pass, num[1] p_fail, num[2] expected bits */
WEB_API int web_seq_outcome(double ber_true)
{
	if (!seq)
		return -1;
	double *work = malloc(2 * seq_n * sizeof *work);
	if (!work)
		return -4;
	bercl_plan_outcome o;
	enum bercl_status rc = bercl_plan_sequential_outcome(seq, seq + seq_n, (double)(seq_n - 1),
	                                                     ber_true, work, &o);
	free(work);
	if (rc == BERCL_OK) {
		num[0] = o.p_pass;
		num[1] = o.p_fail;
		num[2] = o.expected_bits;
	}
	return rc;
}

/* ---- FEC ---- */

static bercl_rs_code code;

/* n, k, m -> num[0..3] n k m t */
WEB_API int web_rs_code(int n, int k, int m)
{
	enum bercl_status rc = bercl_rs_code_make(n, k, m, &code);
	num[0] = code.n;
	num[1] = code.k;
	num[2] = code.m;
	num[3] = code.t;
	return rc;
}

/* num[0] ser, num[1] cer, num[2..3] ln cer, num[4] post_fec_ber, num[5..6] its ln */
WEB_API int web_fec_rates(double ber)
{
	bercl_fec_rates f;
	enum bercl_status rc = bercl_fec_rates_from_ber(&code, ber, &f);
	if (rc == BERCL_OK) {
		num[0] = f.ser;
		num[1] = f.cer;
		num[2] = f.ln_cer.hi;
		num[3] = f.ln_cer.lo;
		num[4] = f.post_fec_ber;
		num[5] = f.ln_post_fec_ber.hi;
		num[6] = f.ln_post_fec_ber.lo;
	}
	return rc;
}

WEB_API int web_fec_ber_max(double cer)
{
	return bercl_fec_ber_max(&code, cer, &num[0]);
}

/* ---- the text format's cells (engine/human.c, and engine/columns.c's rules) ---- */

static enum rounding dir_of(int d)
{
	return d > 0 ? ROUND_UP : d < 0 ? ROUND_DOWN : ROUND_NEAREST;
}

WEB_API double web_round_sig(double v, int sig, int dir) { return human_round_sig(v, sig, dir_of(dir)); }

/* a number for people: 6 digits in direction dir (columns.c's number_cell) */
WEB_API void web_human_number(double v, int dir)
{
	snprintf(text, sizeof text, "%.6g", human_round_sig(v, 6, dir_of(dir)));
}
WEB_API void web_human_duration(double s, int dir) { human_duration(text, sizeof text, s, dir_of(dir)); }
WEB_API void web_human_target_percent(double cl, double c) { human_target_percent(text, sizeof text, cl, c); }
WEB_API void web_human_percent_down(double cl, double omc, int decimals)
{
	human_percent_down(text, sizeof text, cl, omc, (size_t)decimals);
}
/* tails in num[0..5] as put_tails() */
WEB_API void web_human_cl_percent(int decimals)
{
	bercl_tails t = {num[0], num[1], {num[2], num[3]}, {num[4], num[5]}};
	human_cl_percent(text, sizeof text, &t, (size_t)decimals);
}
/* value num[0], ln num[1], num[2] */
WEB_API void web_human_probability(int dir)
{
	bercl_lnprob ln = {num[1], num[2]};
	human_probability(text, sizeof text, num[0], ln, dir_of(dir));
}
WEB_API void web_human_si(double v) { human_si(text, sizeof text, v, "b/s"); }

/* a risk or chance as a percentage (columns.c's percent_cell) */
WEB_API void web_human_percent(double v, int dir)
{
	double p = 100 * v;
	if (p >= 0.01) {
		int sig = (int)floor(bercli_log10(p)) + 5;
		snprintf(text, sizeof text, "%.4f %%", human_round_sig(p, sig, dir_of(dir)));
	} else if (p > 0) {
		snprintf(text, sizeof text, "%.4g %%", human_round_sig(p, 4, dir_of(dir)));
	} else {
		snprintf(text, sizeof text, "0 %%");
	}
}
