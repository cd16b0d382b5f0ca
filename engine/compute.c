/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * compute.c - checks a row's quantities against each other, derives bits
 * from time (bits = rate * time * lanes) or time from bits, and calls the
 * library. The messages name the quantities as the flags and columns do.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"
#include "search.h"
#include "xmath.h"
#include "commands.h"
#include "bursts.h"
#include "compute.h"
#include "flags.h"
#include "forms.h"
#include "intervals.h"
#include "simulate.h"

static int passes(double cl, double one_minus_cl, double req, double req_complement)
{
	/* Compare on the smaller side, so that 1 - 1e-20 is not rounded to 1. */
	return req <= 0.5 ? cl >= req : one_minus_cl <= req_complement;
}

static double lanes_of(const struct row_input *in)
{
	return isnan(in->lanes) ? 1 : in->lanes;
}

/*
 * rate * time * lanes is made of decimal inputs (53.125G, 1.1 s) that are
 * not exact doubles, so a product that is whole in decimal can come out as
 * 233750000000.00003. Each factor is within half an ulp, each product adds
 * half an ulp: a result within 4 ulps of a whole number below 2^53 is
 * taken to be that whole number (the binomial model needs it, and a
 * count of bits is whole).
 */
static double whole_if_near(double bits)
{
	double w = nearbyint(bits);
	if (w != bits && w <= 9007199254740992.0 && fabs(bits - w) <= 4 * (nextafter(bits, INFINITY) - bits))
		return w;
	return bits;
}

/*
 * r->time_s = bits / (rate x lanes): the time a test of r->bits takes at
 * `rate` bits per second in all (the lanes' sum, or one lane's where they
 * run side by side), the nearest double; a required time (needed) is
 * rounded up where people read it (human_duration), not in the machine
 * formats (bercl(1), OUTPUT). A rate so small that the time leaves the
 * doubles is the input's fault: the flag is named, never inf printed.
 */
static enum compute_status set_time(struct row *r, double rate, int needed)
{
	double t = r->bits / rate;
	if (!isfinite(t)) {
		snprintf(r->error, sizeof r->error,
		         "the test time, %.3g bits at %.3g b/s, is above the double range "
		         "(--rate, --baud or --lanes too small)",
		         r->bits, rate);
		return COMPUTE_INPUT;
	}
	r->time_s = t;
	r->time_needed = needed;
	return COMPUTE_OK;
}

int compute_test_time(double bits, double rate, double *t, char *why, size_t len)
{
	struct row r;
	memset(&r, 0, sizeof r);
	r.bits = bits;
	if (set_time(&r, rate, 1) != COMPUTE_OK) {
		snprintf(why, len, "%s", r.error);
		return -1;
	}
	*t = r.time_s;
	return 0;
}

/* bits given, or rate * time * lanes; then errors and the model's demands. */
static enum compute_status derive_bits(struct row *r)
{
	const struct row_input *in = &r->in;
	if (!isnan(in->time_s)) { /* forms.c: with a rate, without bits */
		r->time_s = in->time_s;
		r->bits = whole_if_near(in->rate_bps * in->time_s * lanes_of(in));
	} else {
		r->bits = in->bits;
	}
	if (!isfinite(r->bits) || r->bits > 1e300)
	{
		const char *made_by = compute_bits_flags(!isnan(in->time_s), !isnan(in->baud));
		if (isfinite(r->bits))
			snprintf(r->error, sizeof r->error, "bits %.3g is above 1e300 (%s)", r->bits, made_by);
		else
			snprintf(r->error, sizeof r->error, "the bits are above 1e300 (%s)", made_by);
		return COMPUTE_INPUT;
	}
	if (isnan(in->time_s) && !isnan(in->rate_bps)) {
		enum compute_status st = set_time(r, in->rate_bps * lanes_of(in), 0);
		if (st != COMPUTE_OK)
			return st;
	}
	if (in->errors > r->bits) {
		compute_errors_exceed(r->error, sizeof r->error, in->errors, r->bits,
		                      !isnan(in->time_s), !isnan(in->baud));
		return COMPUTE_INPUT;
	}
	if (in->model == BERCL_BINOMIAL) {
		if (r->bits != floor(r->bits)) {
			snprintf(r->error, sizeof r->error,
			         "the binomial model needs a whole number of bits, not %.17g", r->bits);
			return COMPUTE_INPUT;
		}
	}
	return COMPUTE_OK;
}

/* cl and simulate rows: bits tested and the tails at the row's BER. */
static enum compute_status tested_tails(struct row *r)
{
	enum compute_status st = derive_bits(r);
	if (st != COMPUTE_OK)
		return st;
	return compute_tails_at(r, r->in.model, &r->tails);
}

enum compute_status compute_cl(struct row *r)
{
	const struct row_input *in = &r->in;
	enum compute_status st = tested_tails(r);
	if (st != COMPUTE_OK)
		return st;
	if (in->model == BERCL_BINOMIAL) { /* the Poisson CL, for comparison */
		bercl_tails p;
		if (bercl_cl(BERCL_POISSON, in->errors, r->bits, in->ber, &p) == BERCL_OK)
			r->poisson_alt = p.cl;
	}
	if (!isnan(in->require))
		r->verdict = passes(r->tails.cl, r->tails.one_minus_cl, in->require,
		                    in->require_complement);
	return COMPUTE_OK;
}

/*
 * bits --all-lanes: the all-lanes CL at the answer, as printed, must be on
 * the target's side (as meet_target() makes sure for one lane).
 */
static bercl_lnprob ln_of(double v)
{
	bercl_lnprob l = {bercli_log(v), 0.0};
	return l;
}

/*
 * An all-lanes CL is the product of L lane doubles, off by up to L
 * roundings from the log sum its decision reads, so at the target its
 * doubles may read as the other answer. onto_verdict_side() moves a double
 * on the wrong side of the target (req, its complement rc) onto the side
 * of the decision `pass`: the target itself for a pass, the double next to
 * it on the failing side for a fail. Returns 1 if it moved one, 0 if none
 * needed it, -1 (nothing moved) where one is farther off than (L + 8)
 * roundings: a failure.
 */
static int onto_verdict_side(bercl_tails *t, int pass, double req, double rc, double lanes)
{
	double slack = (lanes + 8) * DBL_EPSILON;
	int cl_wrong = pass ? t->cl < req : t->cl >= req;
	int q_wrong = pass ? t->one_minus_cl > rc : t->one_minus_cl <= rc;
	if ((cl_wrong && fabs(t->cl - req) > slack * req) ||
	    (q_wrong && fabs(t->one_minus_cl - rc) > slack * rc))
		return -1;
	if (cl_wrong)
		t->cl = pass ? req : nextafter(req, 0.0);
	if (q_wrong)
		t->one_minus_cl = pass ? rc : nextafter(rc, 1.0);
	return cl_wrong || q_wrong;
}

/*
 * The library decided CL(N)^L >= cl on the logarithm of the smaller tail
 * in double-double (lib/lanes.c); its achieved CL is the product of the L
 * lane doubles (what a reader multiplies), off by up to L rounding errors,
 * so it may land that far on the wrong side of the target. Then the
 * achieved CL is the target itself (as bercl_min_bits_target does for one
 * lane): printed, it never reads below what was asked. Farther off is a
 * failure.
 */
static enum compute_status all_lanes_printable(struct row *r)
{
	const struct row_input *in = &r->in;
	bercl_tails *t = &r->tails;
	int k = onto_verdict_side(t, 1, in->cl, in->cl_complement, lanes_of(in));
	if (k < 0)
		return compute_fail(r, COMPUTE_NUMERIC,
		            "numerical failure: the all-lanes bits do not reach the target");
	if (k) { /* the target itself, both sides and their logarithms */
		t->cl = in->cl;
		t->one_minus_cl = in->cl_complement;
		t->ln_cl = ln_of(in->cl);
		t->ln_one_minus_cl = ln_of(in->cl_complement);
	}
	return COMPUTE_OK;
}

enum compute_status compute_bits(struct row *r)
{
	const struct row_input *in = &r->in;
	enum bercl_status rc;
	if (in->all_lanes) {
		/* bits per lane; each lane's target is cl^(1/L) */
		double lanes = lanes_of(in);
		if (lanes > 1e6)
			return compute_fail(r, COMPUTE_INPUT, "--all-lanes: at most 1000000 lanes");
		/* on failure bercl_min_bits_all_lanes() fails too, for the same target */
		(void)bercl_lane_target(in->cl, in->cl_complement, (int)lanes, &r->lane_target);
		rc = bercl_min_bits_all_lanes(in->model, in->errors, in->ber, in->cl, in->cl_complement,
		                              (int)lanes, &r->bits, &r->tails);
		if (rc == BERCL_OK) {
			if (!isnan(in->rate_bps)) { /* the lanes run side by side */
				enum compute_status st = set_time(r, in->rate_bps, 1);
				if (st != COMPUTE_OK)
					return st;
			}
			return all_lanes_printable(r);
		}
		if (rc != BERCL_OK)
			return compute_lib_fail(r, rc);
	} else {
		enum compute_status st = compute_least_bits_row(r);
		if (st != COMPUTE_OK)
			return st;
	}
	if (in->model == BERCL_BINOMIAL) {
		double n;
		if (bercl_min_bits(BERCL_POISSON, in->errors, in->ber, in->cl, in->cl_complement, &n, NULL) ==
		    BERCL_OK)
			r->poisson_alt = n;
	}
	if (!isnan(in->rate_bps))
		return set_time(r, in->rate_bps * lanes_of(in), 1);
	return COMPUTE_OK;
}

enum compute_status compute_ber(struct row *r)
{
	const struct row_input *in = &r->in;
	enum compute_status st = derive_bits(r);
	if (st != COMPUTE_OK)
		return st;
	r->ber_estimate = in->errors / r->bits;
	enum bercl_status rc =
	        in->two_sided ? bercl_ber_interval(in->model, in->errors, r->bits, in->cl,
	                                           in->cl_complement, &r->ber_lower, &r->ber_upper)
	                      : bercl_ber_upper(in->model, in->errors, r->bits, in->cl,
	                                        in->cl_complement, &r->ber_upper);
	if (rc != BERCL_OK)
		return compute_lib_fail(r, rc);
	/* The library gives a Poisson bound above 1 (a rate, not a BER: E = 0
	 * in 1 bit at 95 % is 3.0) as 1, which every BER meets; the row says so
	 * on standard error (process() in main.c). */
	r->ber_capped = in->model == BERCL_POISSON && r->ber_upper >= 1;
	if (in->model == BERCL_BINOMIAL) { /* the Poisson upper bound, for comparison */
		double lo, up;
		rc = in->two_sided ? bercl_ber_interval(BERCL_POISSON, in->errors, r->bits, in->cl,
		                                        in->cl_complement, &lo, &up)
		                   : bercl_ber_upper(BERCL_POISSON, in->errors, r->bits, in->cl,
		                                     in->cl_complement, &up);
		if (rc == BERCL_OK)
			r->poisson_alt = up;
	}
	return COMPUTE_OK;
}

/* --true-ber: the chance to pass and the expected length at that BER. */
static enum compute_status plan_at_true_ber(struct row *r)
{
	double b = r->in.true_ber;
	if (isnan(b))
		return COMPUTE_OK;
	if (!r->seq_table) {
		bercl_tails t;
		if (bercl_cl(BERCL_POISSON, r->in.errors, r->bits, b, &t) != BERCL_OK)
			return compute_fail(r, COMPUTE_INPUT, "bits * true-ber is outside [1e-300, 1e300]");
		r->p_pass = t.one_minus_cl;
		r->expected_bits = r->bits;
		return COMPUTE_OK;
	}
	size_t n = (size_t)r->seq_rows;
	double *work = malloc(2 * n * sizeof *work);
	if (!work)
		return compute_fail(r, COMPUTE_NUMERIC, "out of memory");
	bercl_plan_outcome o;
	int rc;
	if (!isnan(r->in.reading_interval)) {
		/* looked at only at readings: the chance to pass as run; the mean length
		   at readings is not computed (simulate gives it) */
		double p_fail;
		rc = bercl_plan_sequential_at_readings(r->seq_table, r->seq_table + n, r->in.errors, b,
		                                       r->in.reading_interval, work, &o.p_pass, &p_fail);
		o.expected_bits = NAN;
	} else {
		rc = bercl_plan_sequential_outcome(r->seq_table, r->seq_table + n, r->in.errors, b, work,
		                                   &o);
	}
	free(work);
	if (rc != BERCL_OK)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the plan's outcome");
	r->p_pass = o.p_pass;
	r->expected_bits = o.expected_bits;
	return COMPUTE_OK;
}

/* --reading-interval: the sequential plan's risks when it is looked at only
   at readings that far apart (alpha_actual, beta_actual). */
static enum compute_status plan_at_readings(struct row *r)
{
	double b = r->in.reading_interval;
	if (isnan(b) || !r->seq_table)
		return COMPUTE_OK;
	size_t n = (size_t)r->seq_rows;
	double *work = malloc(2 * n * sizeof *work);
	if (!work)
		return compute_fail(r, COMPUTE_NUMERIC, "out of memory");
	double pass_good, fail_good, pass_bad, fail_bad;
	const double *pass = r->seq_table, *fails = r->seq_table + n;
	int rc = bercl_plan_sequential_at_readings(pass, fails, r->in.errors, r->in.ber / r->in.ratio,
	                                           b, work, &pass_good, &fail_good);
	if (rc == BERCL_OK)
		rc = bercl_plan_sequential_at_readings(pass, fails, r->in.errors, r->in.ber, b, work,
		                                       &pass_bad, &fail_bad);
	free(work);
	if (rc != BERCL_OK)
		return compute_fail(r, COMPUTE_INPUT, "reading-interval: more than 2^52 readings in the plan's "
		                              "longest run");
	r->alpha_actual = fail_good;
	r->beta_actual = pass_bad;
	return COMPUTE_OK;
}

/*
 * plan: a given test (bits or time given: errors allowed, default 0) gets
 * its exact alpha and beta; otherwise the shortest fixed test for cl (beta =
 * 1 - cl) and alpha, or with --sequential the truncated sequential test,
 * whose table goes to r->seq_table (released by plan_free()).
 */
enum compute_status compute_plan_given(struct row *r)
{
	struct row_input *in = &r->in;
	if (isnan(in->errors))
		in->errors = 0;
	enum compute_status st = derive_bits(r);
	if (st != COMPUTE_OK)
		return st;
	if (r->bits != floor(r->bits)) {
		snprintf(r->error, sizeof r->error,
		         "a plan needs a whole number of bits, not %.17g", r->bits);
		return COMPUTE_INPUT;
	}
	int rc = bercl_plan_risks(in->errors, r->bits, in->ber, in->ratio, &r->alpha, &r->beta);
	if (rc != BERCL_OK)
		return compute_fail(r, COMPUTE_INPUT, "bits * ber is outside [1e-300, 1e300]");
	return plan_at_true_ber(r);
}

/*
 * plan --sequential: the truncated sequential test for the row's risks,
 * its table into r->seq_table (pass_bits[0..c] then fail_bits[0..c]); p is
 * the fixed plan for the same risks.
 */
static enum compute_status design_sequential(struct row *r, const bercl_plan *p, double beta)
{
	struct row_input *in = &r->in;
	int rc;
	double rows;
	bercl_sequential_plan s;
	rc = bercl_plan_sequential_rows(in->ber, in->alpha, beta, in->ratio, &rows);
	if (rc == BERCL_OK && rows > 1e6)
		rc = BERCL_ELIMIT;
	if (rc == BERCL_ELIMIT)
		return compute_fail(r, COMPUTE_INPUT,
		            "this sequential plan is too large to design (ratio near 1 or tiny "
		            "risks): use the fixed plan");
	if (rc != BERCL_OK)
		return compute_fail(r, COMPUTE_INPUT, "no sequential plan for these values");
	double *t = malloc(4 * (size_t)rows * sizeof *t);
	if (!t)
		return compute_fail(r, COMPUTE_NUMERIC, "out of memory");
	rc = bercl_plan_sequential(in->ber, in->alpha, beta, in->ratio, rows, t,
	                           t + (size_t)rows, t + 2 * (size_t)rows, &s);
	if (rc != BERCL_OK) {
		free(t);
		if (rc == BERCL_ELIMIT)
			return compute_fail(r, COMPUTE_INPUT,
			            "this sequential plan is too large to design (ratio near 1 or "
			            "tiny risks): use the fixed plan");
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the sequential plan");
	}
	/* pass_bits[0..c] then fail_bits[0..c], packed */
	size_t n = (size_t)s.max_errors + 1;
	for (size_t k = 0; k < n; k++)
		t[n + k] = t[(size_t)rows + k];
	r->seq_table = t;
	r->seq_rows = (double)n;
	in->errors = s.max_errors;
	r->fixed_bits = p->bits;
	r->bits = r->max_bits = s.max_bits;
	r->alpha = s.alpha;
	r->beta = s.beta;
	r->expected_bits_good = s.expected_bits_good;
	r->expected_bits_bad = s.expected_bits_bad;
	return plan_at_readings(r);
}

enum compute_status compute_plan_design(struct row *r)
{
	struct row_input *in = &r->in;
	int rc;
	double beta = in->cl_complement;
	if (!(beta > 0 && beta < 1) || !(in->alpha > 0 && in->alpha < 1))
		return compute_fail(r, COMPUTE_INPUT, "cl and alpha must be between 0 and 1, exclusive");
	bercl_plan p;
	rc = bercl_plan_fixed(in->ber, in->alpha, beta, in->ratio, &p);
	if (rc != BERCL_OK)
		return compute_fail(r, COMPUTE_INPUT,
		            "no plan for these values within 2^40 errors and 1e300 bits");
	in->errors = p.errors;
	r->bits = p.bits;
	r->alpha = p.alpha;
	r->beta = p.beta;
	if (in->sequential) {
		enum compute_status st = design_sequential(r, &p, beta);
		if (st != COMPUTE_OK)
			return st;
	}
	if (!isnan(in->rate_bps)) { /* a required test time */
		enum compute_status st = set_time(r, in->rate_bps * lanes_of(in), 1);
		if (st != COMPUTE_OK)
			return st;
	}
	return plan_at_true_ber(r);
}

void plan_free(struct row *r)
{
	free(r->seq_table);
	r->seq_table = NULL;
}

/* simulate with a plan: its risks and lengths, simulated */
static enum compute_status simulated(struct row *r, enum compute_status st)
{
	if (st != COMPUTE_OK)
		return st;
	const char *why = simulate_plan(r);
	plan_free(r);
	return why ? compute_fail(r, COMPUTE_INPUT, why) : COMPUTE_OK;
}

enum compute_status simulate_plan_given(struct row *r)
{
	return simulated(r, compute_plan_given(r));
}

enum compute_status simulate_plan_design(struct row *r)
{
	return simulated(r, compute_plan_design(r));
}

enum compute_status compute_simulate(struct row *r)
{
	if (isnan(r->in.errors))
		r->in.errors = 0;
	enum compute_status st = tested_tails(r);
	if (st != COMPUTE_OK)
		return st;
	const char *why = r->in.burst_model ? bursts_simulate_row(r) : simulate_row(r);
	return why ? compute_fail(r, COMPUTE_INPUT, why) : COMPUTE_OK;
}

/*
 * bercl errors: the most errors E a test of these bits may show and still
 * reach the target, CL(E) = P[X > E] >= C. CL falls as E grows, so E is
 * found by doubling, then bisection over whole numbers, each step judged on
 * the printed tails as in meet_target(): `bercl cl -e E --require C` at
 * these bits passes, and at E + 1 it fails. Where even E = 0 misses, errors
 * stays empty and error says so: an answer, not a failure (status 0).
 */
static int reaches_with(struct row *r, double e, bercl_tails *t, enum compute_status *st)
{
	r->in.errors = e;
	*st = compute_tails_at(r, r->in.model, t);
	if (*st != COMPUTE_OK)
		return -1;
	return t->cl >= r->in.cl && t->one_minus_cl <= r->in.cl_complement;
}

/* E errors miss the target at the row's bits: the search's test. */
static enum bercl_status misses(void *ctx, double e, bercl_tails *t, int *holds, double *gap)
{
	struct row_goal *g = ctx;
	(void)gap;
	int k = reaches_with(g->r, e, t, &g->st);
	if (k < 0)
		return BERCL_EDOM;
	*holds = !k;
	return BERCL_OK;
}

enum compute_status compute_errors(struct row *r)
{
	struct row_input *in = &r->in;
	in->errors = 0;
	enum compute_status st = derive_bits(r);
	if (st != COMPUTE_OK)
		return st;
	bercl_tails t;
	int k = reaches_with(r, 0, &t, &st);
	if (k < 0)
		return st;
	if (!k) {
		in->errors = NAN;
		snprintf(r->error, sizeof r->error,
		         "even 0 errors do not reach the target CL at these bits");
		return COMPUTE_OK;
	}
	/* the largest E allowed: below bits (binomial), at most bits and 2^53 */
	double emax = fmin(floor(r->bits), 9007199254740992.0);
	if (in->model == BERCL_BINOMIAL)
		emax = fmin(emax, r->bits - 1);
	/* the first E that misses, by doubling from 1 and bisection (0
	 * reaches, as just seen); none up to emax: emax is the answer */
	struct row_goal g = {r, COMPUTE_OK};
	struct bercli_search s = {misses, &g, emax, 0.0};
	double first_miss;
	enum bercl_status rc = bercli_first_whole(&s, 0.0, 1.0, &first_miss, NULL);
	if (g.st != COMPUTE_OK)
		return g.st;
	if (rc != BERCL_OK && rc != BERCL_ELIMIT)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure: the errors search did not end");
	double e = rc == BERCL_ELIMIT ? emax : first_miss - 1.0;
	if (reaches_with(r, e, &t, &st) != 1)
		return st != COMPUTE_OK ? st
		                        : compute_fail(r, COMPUTE_NUMERIC, "numerical failure: the errors "
		                                                   "search is not monotone");
	r->tails = t;
	return COMPUTE_OK;
}

/* --baud B with --bits-per-symbol K: the bit rate is B * K. */
enum compute_status compute_line_rate(struct row *r)
{
	struct row_input *in = &r->in;
	if (isnan(in->baud))
		return COMPUTE_OK;
	in->rate_bps = in->baud * (isnan(in->bits_per_symbol) ? 1 : in->bits_per_symbol);
	if (!isfinite(in->rate_bps))
		return compute_fail(r, COMPUTE_INPUT, "baud * bits-per-symbol is out of range");
	return COMPUTE_OK;
}

/* ---- fec ---- */

/*
 * cer at an upper bound on the pre-FEC BER. cer increases with the BER up
 * to 1/2, where the bit errors are coin flips; a bound above 1/2 (a short
 * test) bounds the CER by cer(1/2), its largest value, and a bound below
 * 1e-300 by cer(1e-300).
 */
static enum compute_status cer_at_bound(struct row *r, double ber)
{
	bercl_fec_rates f;
	if (bercl_fec_rates_from_ber(&r->in.code, fmin(fmax(ber, 1e-300), 0.5), &f) != BERCL_OK)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the codeword error ratio");
	r->has_cer_upper = 1;
	r->cer_upper = f.cer;
	r->ln_cer_upper = f.ln_cer;
	return COMPUTE_OK;
}

/* ---- frame loss: flr = cer (1 + X F) / F (bercl_fec_flr) ---- */

static void flr_of(const struct row *r, double cer, int *has, double *flr)
{
	const struct row_input *in = &r->in;
	double x = !isnan(in->interleave) ? in->interleave
	                                   : bercl_fec_interleave_default(in->rate_bps);
	double f = !isnan(in->frames_per_codeword) ? in->frames_per_codeword
	                                            : BERCL_FEC_FRAMES_PER_CODEWORD;
	*has = bercl_fec_flr(fmin(fmax(cer, 0.0), 1.0), x, f, flr) == BERCL_OK;
}

/* The pre-FEC BER of a SER under independent bit errors: 1 - (1 - ser)^(1/m). */
static double ber_of_ser(const bercl_rs_code *c, double ser)
{
	return -bercli_expm1(bercli_log1p(-ser) / c->m);
}

/* ser, cer and post_fec_ber at ber; at a given ser, ser and cer exactly from it */
static enum compute_status fec_rates(struct row *r, double ser)
{
	struct row_input *in = &r->in;
	if (!isnan(ser)) {
		in->ber = ber_of_ser(&in->code, ser);
		r->ber_computed = 1;
	}
	if (!(in->ber >= 1e-300 && in->ber <= 0.5))
		return compute_fail(r, COMPUTE_INPUT,
		            !isnan(ser) ? "fec: ser must give a pre-FEC BER in [1e-300, 0.5]"
		                         : "fec: ber must be in [1e-300, 0.5]");
	if (bercl_fec_rates_from_ber(&in->code, in->ber, &r->fec) != BERCL_OK)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the codeword error ratio");
	if (!isnan(ser)) {
		bercl_lnprob ln;
		if (bercl_fec_cer_from_ser(&in->code, ser, &ln) != BERCL_OK)
			return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the codeword error ratio");
		r->fec.ser = ser;
		r->fec.ln_cer = ln;
		r->fec.cer = bercl_lnprob_value(ln);
	}
	flr_of(r, r->fec.cer, &r->has_flr, &r->flr);
	return COMPUTE_OK;
}

static enum compute_status fec_from_ber(struct row *r)
{
	return fec_rates(r, r->in.ser);
}

/*
 * The degraded-SER alarm at the row's SER (given, from the BER, or the
 * histogram's estimate), or without one the SER at which it fires half the
 * time; its mean time between alarms at --rate.
 */
static enum compute_status fec_degrade(struct row *r, int inverse)
{
	const struct row_input *in = &r->in;
	void *work = malloc(BERCL_FEC_DEGRADE_WORK_BYTES);
	if (!work)
		return compute_fail(r, COMPUTE_NUMERIC, "out of memory for the degraded-SER distribution");
	enum bercl_status rc = BERCL_OK;
	enum compute_status st = COMPUTE_OK;
	double ser = NAN;
	if (inverse) {
		rc = bercl_fec_degrade_ser(&in->code, in->degrade_interval, in->degrade_threshold, 0.5,
		                           work, &ser);
		bercl_tails top;
		if (rc == BERCL_EDOM)
			st = compute_fail(r, COMPUTE_INPUT, "fec: degrade_threshold: the interval cannot hold more "
			                            "than interval (t + 1) symbol errors");
		else if (rc == BERCL_ELIMIT &&
		         bercl_fec_degrade_p(&in->code, 0.5, in->degrade_interval, in->degrade_threshold,
		                             work, &top) == BERCL_OK &&
		         top.cl < 0.5)
			/* the root lies above the inverse's range, not beyond the work */
			st = compute_fail(r, COMPUTE_INPUT, "fec: degrade_threshold: even at SER 0.5 the alarm "
			                            "fires in fewer than half the intervals, so there is no "
			                            "half-alarm SER; give --ser");
		else if (rc == BERCL_OK)
			st = fec_rates(r, ser);
	} else {
		ser = r->has_hist ? r->hist.ser_estimate : r->fec.ser;
	}
	if (st == COMPUTE_OK && rc == BERCL_OK) {
		if (ser > 0) {
			rc = bercl_fec_degrade_p(&in->code, ser, in->degrade_interval,
			                         in->degrade_threshold, work, &r->degrade);
		} else { /* no symbol errors at all: never */
			bercl_lnprob zero = {-INFINITY, 0}, one = {0, 0};
			r->degrade.cl = 0;
			r->degrade.one_minus_cl = 1;
			r->degrade.ln_cl = zero;
			r->degrade.ln_one_minus_cl = one;
		}
	}
	free(work);
	if (st != COMPUTE_OK)
		return st;
	if (rc == BERCL_ELIMIT)
		return compute_fail(r, COMPUTE_INPUT, "fec: degrade_interval is beyond the work limit at this "
		                              "SER (interval times one codeword's variance above "
		                              "about 8e5)");
	if (rc != BERCL_OK)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the degraded-SER alarm");
	r->has_degrade = 1;
	if (!isnan(in->rate_bps)) {
		double s;
		if (bercl_fec_degrade_mean_time(&in->code, in->degrade_interval, in->rate_bps,
		                                r->degrade.cl, &s) == BERCL_OK) {
			r->has_degrade_time = 1;
			r->degrade_mean_time = s;
		}
	}
	return COMPUTE_OK;
}

/* cer(ber) < x, compared on the smaller tail (as bercl_fec_ber_max does). */
static int cer_below(const bercl_fec_rates *f, double x)
{
	if (x <= 0.5)
		return f->ln_cer.hi + f->ln_cer.lo < bercli_log(x);
	return f->ln_one_minus_cer.hi + f->ln_one_minus_cer.lo > bercli_log1p(-x);
}

/*
 * fec --cer: the largest pre-FEC BER in [1e-300, 0.5] with cer <= X. Above
 * the code's CER at 0.5 every BER of the domain meets X: ber_max is 0.5,
 * with a note (r->cer_worst); below its CER at 1e-300 none does, and the
 * message names the code's CER range.
 */
static enum compute_status fec_ber_max(struct row *r)
{
	enum bercl_status rc = bercl_fec_ber_max(&r->in.code, r->in.cer, &r->ber_max);
	if (rc == BERCL_ELIMIT) {
		bercl_fec_rates best, worst;
		if (bercl_fec_rates_from_ber(&r->in.code, 1e-300, &best) != BERCL_OK ||
		    bercl_fec_rates_from_ber(&r->in.code, 0.5, &worst) != BERCL_OK)
			return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in ber_max");
		if (cer_below(&worst, r->in.cer)) {
			r->ber_max = 0.5;
			r->cer_worst = worst.cer;
			return COMPUTE_OK;
		}
		char lo[40], hi[40], x[40];
		format_probability(lo, sizeof lo, best.cer, best.ln_cer);
		format_double(hi, sizeof hi, worst.cer);
		format_double(x, sizeof x, r->in.cer);
		snprintf(r->error, sizeof r->error,
		         "fec: no pre-FEC BER in [1e-300, 0.5] has cer at most %s: this code's cer runs "
		         "from %s (at BER 1e-300) to %s (at 0.5)",
		         x, lo, hi);
		return COMPUTE_INPUT;
	}
	if (rc == BERCL_EDOM)
		return compute_fail(r, COMPUTE_INPUT, "fec: no pre-FEC BER in [1e-300, 0.5] has this cer");
	if (rc != BERCL_OK)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in ber_max");
	return COMPUTE_OK;
}

/* A measured pre-FEC test: the BER bound and the CER at it. */
static enum compute_status fec_test(struct row *r)
{
	const struct row_input *in = &r->in;
	enum compute_status st = derive_bits(r);
	if (st != COMPUTE_OK)
		return st;
	int rc = bercl_ber_upper(in->model, in->errors, r->bits, in->cl, in->cl_complement,
	                         &r->ber_upper);
	if (rc != BERCL_OK)
		return compute_fail(r, rc == BERCL_ENOCONV ? COMPUTE_NUMERIC : COMPUTE_INPUT,
		            "no BER bound in range for these values");
	st = cer_at_bound(r, r->ber_upper);
	if (st == COMPUTE_OK)
		flr_of(r, r->cer_upper, &r->has_flr_upper, &r->flr_upper);
	return st;
}

/* A codeword count: the CL that CER < X, or the CER bound at CL. */
static enum compute_status fec_counts(struct row *r)
{
	const struct row_input *in = &r->in;
	if (in->uncorrectable > in->codewords)
		return compute_fail(r, COMPUTE_INPUT, "fec: uncorrectable exceeds codewords");
	if (in->model == BERCL_BINOMIAL && in->uncorrectable >= in->codewords)
		return compute_fail(r, COMPUTE_INPUT, "the binomial model needs uncorrectable below codewords");
	int rc;
	if (!isnan(in->cer)) {
		rc = bercl_cl(in->model, in->uncorrectable, in->codewords, in->cer, &r->tails);
		if (rc == BERCL_OK) {
			r->fec_cl = 1;
			return COMPUTE_OK;
		}
	} else {
		double up;
		rc = bercl_ber_upper(in->model, in->uncorrectable, in->codewords, in->cl,
		                     in->cl_complement, &up);
		if (rc == BERCL_OK) {
			r->has_cer_upper = 1;
			r->cer_upper = fmin(up, 1.0);
			r->ln_cer_upper = ln_of(r->cer_upper);
			flr_of(r, r->cer_upper, &r->has_flr_upper, &r->flr_upper);
			flr_of(r, in->uncorrectable / in->codewords, &r->has_flr_observed, &r->flr_observed);
			return COMPUTE_OK;
		}
	}
	if (rc == BERCL_ENOCONV)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the codeword bound");
	return compute_fail(r, COMPUTE_INPUT, "fec: codewords * cer outside the supported range");
}

static enum compute_status fec_histogram(struct row *r)
{
	const struct row_input *in = &r->in;
	int has_cl = !isnan(in->cl);
	if (in->hist_groups > 0 && in->tail_sonic) /* grouped bins (engine/telemetry.c) */
		return compute_fail(r, COMPUTE_INPUT, "--method sonic needs a count per bin, and the report "
		            "groups bins");
	int rc = in->hist_groups > 0
	             ? bercl_fec_histogram_groups(&in->code, in->hist_lo, in->hist_hi, in->hist_count,
	                                          in->hist_groups, in->model, has_cl ? in->cl : 0.95,
	                                          has_cl ? in->cl_complement : 0.05, &r->hist)
	             : bercl_fec_histogram(&in->code, in->histogram, in->model, has_cl ? in->cl : 0.95,
	                                   has_cl ? in->cl_complement : 0.05, &r->hist);
	if (rc == BERCL_ENOCONV)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the histogram analysis");
	if (rc != BERCL_OK) { /* name what is out of range */
		const double *bins = in->hist_groups > 0 ? in->hist_count : in->histogram;
		int nb = in->hist_groups > 0 ? in->hist_groups : in->code.t + 2;
		double total = 0;
		for (int i = 0; bins && i < nb; i++)
			total += bins[i];
		if (in->code.t + 2 > BERCL_FEC_MAX_BINS)
			snprintf(r->error, sizeof r->error,
			         "fec: the code's t = %d needs %d histogram bins, above the %d supported",
			         in->code.t, in->code.t + 2, BERCL_FEC_MAX_BINS);
		else
			snprintf(r->error, sizeof r->error,
			         "fec: the histogram counts %.17g codewords; the supported range is 1 to "
			         "2^53 codewords", total);
		return COMPUTE_INPUT;
	}
	r->has_hist = 1;
	r->tail_interval = 1;
	if (in->tail_sonic) {
		bercl_fec_tail_stats ts;
		if (bercl_fec_tail_sonic(&in->code, in->histogram, &ts) != BERCL_OK)
			return compute_fail(r, COMPUTE_INPUT, "fec: SONiC's tail is outside the double range");
		r->tail_interval = 0;
		r->hist.tail_bins = ts.bins;
		r->hist.cer_tail = ts.cer_tail;
		r->hist.ln_cer_tail = ts.ln_cer_tail;
		r->hist.tail_r2 = ts.tail_r2;
	}
	if (r->hist.tail_bins > 0) {
		flr_of(r, r->hist.cer_tail, &r->has_flr, &r->flr);
		if (r->tail_interval)
			flr_of(r, r->hist.cer_tail_upper, &r->has_flr_upper, &r->flr_upper);
	}
	flr_of(r, r->hist.uncorrectable / r->hist.codewords, &r->has_flr_observed,
	       &r->flr_observed);
	if (has_cl) {
		r->has_cer_upper = 1;
		r->cer_upper = r->hist.cer_upper;
		r->ln_cer_upper = r->hist.ln_cer_upper;
	}
	return COMPUTE_OK;
}

/*
 * One fec row does one thing, chosen by what it gives (forms.c): a pre-FEC
 * BER or SER, a CER target, a pre-FEC test (bits or time), a codeword count
 * or a histogram; with the degraded-SER alarm after a BER, SER or histogram,
 * or alone (its inverse).
 */
static enum compute_status then_degrade(struct row *r, enum compute_status st)
{
	if (st == COMPUTE_OK && !isnan(r->in.degrade_interval))
		st = fec_degrade(r, 0);
	return st;
}

enum compute_status compute_fec_rate(struct row *r)
{
	return then_degrade(r, fec_from_ber(r));
}

enum compute_status compute_fec_target(struct row *r)
{
	return fec_ber_max(r);
}

enum compute_status compute_fec_test(struct row *r)
{
	return fec_test(r);
}

enum compute_status compute_fec_counts(struct row *r)
{
	return fec_counts(r);
}

enum compute_status compute_fec_histogram(struct row *r)
{
	return then_degrade(r, fec_histogram(r));
}

enum compute_status compute_fec_degrade(struct row *r)
{
	return fec_degrade(r, 1);
}

/* The all row's printed doubles on the side of its verdict, which reads
 * the log sum (bercl_lanes_meet): 22 lanes at 50 % printed cl 0.49999999999999967
 * (49.9999 %) beside "pass" before. */
static enum compute_status lanes_all_printable(struct row *r, int count)
{
	if (onto_verdict_side(&r->tails, r->verdict == 1, r->in.require, r->in.require_complement,
	                      count) < 0)
		return compute_fail(r, COMPUTE_NUMERIC,
		            "numerical failure: the all-lanes CL disagrees with its verdict");
	return COMPUTE_OK;
}

/* The lane=all row of cl --lane-errors: the product of the lane CLs. */
enum compute_status compute_lanes_all(struct row *r, const bercl_tails *lanes, int count)
{
	if (bercl_lanes_all(lanes, count, &r->tails) != BERCL_OK)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the all-lanes CL");
	if (isnan(r->in.require))
		return COMPUTE_OK;
	int meets;
	if (bercl_lanes_meet(&r->tails, r->in.require, r->in.require_complement, &meets) != BERCL_OK)
		return compute_fail(r, COMPUTE_NUMERIC, "numerical failure in the all-lanes CL");
	r->verdict = meets;
	return lanes_all_printable(r, count);
}

static int is_prob(double p)
{
	return p >= 0 && p <= 1;
}

/*
 * What the row will print is finite, and a probability where it is one: a
 * NaN or an infinity is never printed (the row fails with exit status 3).
 */
static int results_sane(enum command cmd, const struct row *r)
{
	switch (cmd) {
	case CMD_SIMULATE:
		if (isnan(r->tails.cl) && isnan(r->tails.one_minus_cl))
			return 1; /* a simulation without computed tails */
		/* fall through */
	case CMD_CL:
	case CMD_BITS:
		if (!is_prob(r->tails.cl) || !is_prob(r->tails.one_minus_cl) || !(r->bits > 0) ||
		    !isfinite(r->bits))
			return 0;
		return isnan(r->time_s) || isfinite(r->time_s);
	case CMD_BER:
		if (!(r->ber_upper >= 0) || !isfinite(r->ber_upper) || !isfinite(r->ber_estimate))
			return 0;
		if (r->in.model == BERCL_BINOMIAL && !(r->ber_upper <= 1))
			return 0;
		return !r->in.two_sided || (r->ber_lower >= 0 && r->ber_lower <= r->ber_upper);
	default:
		return 1;
	}
}

enum compute_status compute_row(enum command cmd, struct row *r)
{
	if (r->error[0])
		return COMPUTE_INPUT;
	const struct form *f = form_of_row(cmd, &r->in, r->error, sizeof r->error);
	if (isnan(r->in.errors) && cmd != CMD_PLAN && cmd != CMD_SIMULATE)
		r->in.errors = 0;
	if (!f)
		return COMPUTE_INPUT;
	if (!f->compute)
		return compute_fail(r, COMPUTE_NUMERIC, "this form is not computed row by row");
	enum compute_status st = compute_line_rate(r);
	if (st != COMPUTE_OK)
		return st;
	st = f->compute(r);
	if (st == COMPUTE_OK && r->in.intervals && intervals_compute(r, cmd) != 0)
		st = COMPUTE_INPUT;
	/* with --intervals, --require passes only where the answer that holds
	 * under bursts reaches C too (cl_clustered never exceeds the CL) */
	if (st == COMPUTE_OK && cmd == CMD_CL && r->has_clustered && r->verdict == 1)
		r->verdict = r->in.errors == 0
		                     /* no error: no evidence of bursts, none against them */
		                     ? VERDICT_UNDECIDED
		                     : passes(r->cl_clustered.cl, r->cl_clustered.one_minus_cl,
		                              r->in.require, r->in.require_complement);
	if (st == COMPUTE_OK && !results_sane(cmd, r)) {
		char b[32], p[32], c[32];
		snprintf(b, sizeof b, "%.17g", r->bits);
		snprintf(p, sizeof p, "%.17g", r->in.ber);
		snprintf(c, sizeof c, "%.17g", r->in.cl);
		snprintf(r->error, sizeof r->error,
		         "internal error: a result is not a finite number or not a probability "
		         "(row errors=%.0f bits=%s ber=%s cl=%s); please report it",
		         r->in.errors, b, p, c);
		return COMPUTE_NUMERIC;
	}
	return st;
}
