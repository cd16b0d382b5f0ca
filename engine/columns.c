/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * columns.c - the column table and the getters that write each cell.
 *
 * To add a column: add its id to enum column (columns.h) and its row to the
 * table at the end of this file. A value held in one field of struct row
 * is a data row, DATA(kind, field, rounding, gate, flag, ln): column_cell()
 * writes it (a count, a result to 6 digits, a percentage, a probability
 * with its log, a string) and row_reset() starts the field absent; only a
 * composite cell needs a getter below ("" where the row has no value).
 * Then name it in the layout of each subcommand that shows it
 * (commands.c). The CSV header, the JSON field name, the text header and
 * width, --help's column list and the bash completion all come from its
 * row.
 */
#include <float.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "columns.h"
#include "xmath.h"
#include "numbers.h"
#include "human.h"

/* Copy a string into a cell buffer, truncating if it must. */
static size_t put_str(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);
	if (n >= len)
		n = len - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return n;
}

/* A value a cell shows: a number, never NaN or an infinity (an error row's
 * bits from time x rate x lanes above the doubles is an empty cell). */
static int present(double v)
{
	return isfinite(v);
}

/*
 * A number cell: full precision for programs; for people 6 digits, rounded
 * in direction dir (a BER bound outward, so that it claims no more than it
 * may). "" if absent.
 */
static size_t number_cell(char *buf, size_t len, int shown, double v, int human,
                          enum rounding dir)
{
	if (!shown || !present(v))
		return 0;
	if (human)
		return clamped(snprintf(buf, len, "%.6g", human_round_sig(v, 6, dir)), len);
	return format_double(buf, len, v);
}

/* " (+1.2e-05)": how far the Poisson value is from the binomial one. */
static void append_rel_diff(char *buf, size_t len, double poisson, double exact)
{
	size_t k = strlen(buf);
	if (k < len && exact != 0)
		snprintf(buf + k, len - k, " (%+.2g)", (poisson - exact) / exact);
}

static int computed(const struct row *r)
{
	return r->error[0] == '\0';
}

/* The decimals of the target a computed CL is read against (bits: --cl; cl: --require). */
static size_t target_decimals(const struct row *r)
{
	char t[128];
	if (present(r->in.cl))
		human_target_percent(t, sizeof t, r->in.cl, r->in.cl_complement);
	else if (present(r->in.require))
		human_target_percent(t, sizeof t, r->in.require, r->in.require_complement);
	else
		return 0;
	return human_decimals(t);
}

/* ---- the getters, one per column, in table order ---- */

/*
 * ber: the BER given, as typed (its shortest round-trip digits); a BER
 * bercl worked out (fec --ser: the pre-FEC BER of that SER) is a result,
 * to 6 digits for people, as every other result.
 */
static size_t cell_ber(char *buf, size_t len, const struct row *r, int human)
{
	if (!present(r->in.ber))
		return 0;
	/* a BER made from a SER (given, or the degraded-SER alarm's) is rounded
	   for people, like the SER beside it; a given one is echoed whole */
	if (human && r->ber_computed)
		return number_cell(buf, len, 1, r->in.ber, human, ROUND_NEAREST);
	return format_double(buf, len, r->in.ber);
}

static size_t cell_model(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	return put_str(buf, len, r->in.model == BERCL_BINOMIAL ? "binomial" : "poisson");
}

static size_t cell_errors(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	/* fec: errors belong to a pre-FEC test only */
	if (r->in.code_name && !present(r->in.bits) && !present(r->in.time_s))
		return 0;
	if (present(r->in.errors))
		return format_double(buf, len, r->in.errors);
	return strlen(buf);
}

/*
 * bits is every lane's bits together in every form: with --all-lanes the
 * answer is per lane (bits_per_lane), and bits the lanes' sum, so that a
 * script reading the column gets one meaning whatever the flags.
 */
static size_t cell_bits(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (r->in.all_lanes && computed(r) && present(r->bits))
		return format_double(buf, len, r->bits * (isnan(r->in.lanes) ? 1 : r->in.lanes));
	if (present(r->bits))
		return format_double(buf, len, r->bits);
	else if (present(r->in.bits))
		return format_double(buf, len, r->in.bits);
	return strlen(buf);
}

static size_t cell_bits_per_lane(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (r->in.all_lanes && computed(r) && present(r->bits))
		return format_double(buf, len, r->bits);
	return 0;
}

static size_t cell_rate(char *buf, size_t len, const struct row *r, int human)
{
	if (!present(r->in.rate_bps))
		return 0;
	if (human)
		human_si(buf, len, r->in.rate_bps, "b/s");
	else
		return format_double(buf, len, r->in.rate_bps);
	return strlen(buf);
}

static size_t cell_lanes(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	return format_double(buf, len, present(r->in.lanes) ? r->in.lanes : 1);
}

static size_t cell_time(char *buf, size_t len, const struct row *r, int human)
{
	double s = present(r->time_s) ? r->time_s : r->in.time_s;
	if (!present(s))
		return 0;
	if (human) /* a required time rounded up */
		human_duration(buf, len, s, r->time_needed ? ROUND_UP : ROUND_NEAREST);
	else
		return format_double(buf, len, s);
	return strlen(buf);
}

/* cl: the target of a bits or ber row, or the computed CL of a cl row. */
static size_t cell_cl(char *buf, size_t len, const struct row *r, int human)
{
	const struct row_input *in = &r->in;
	if (present(in->cl)) {
		if (human)
			human_target_percent(buf, len, in->cl, in->cl_complement);
		else
			return format_double(buf, len, in->cl);
	} else if (computed(r) && (!in->code_name || r->fec_cl)) {
		if (human)
			human_cl_percent(buf, len, &r->tails, target_decimals(r));
		else
			return format_probability(buf, len, r->tails.cl, r->tails.ln_cl);
	}
	return strlen(buf);
}

static size_t cell_one_minus_cl(char *buf, size_t len, const struct row *r, int human)
{
	const bercl_tails *t = &r->tails;
	if (present(r->in.cl))
		return format_double(buf, len, r->in.cl_complement);
	else if (computed(r)) {
		if (human)
			human_probability(buf, len, t->one_minus_cl, t->ln_one_minus_cl, ROUND_UP);
		else
			return format_probability(buf, len, t->one_minus_cl, t->ln_one_minus_cl);
	}
	return strlen(buf);
}

static size_t cell_cl_achieved(char *buf, size_t len, const struct row *r, int human)
{
	if (!computed(r))
		return 0;
	const struct row_input *in = &r->in;
	/* achieved exactly the target (a decided tie, compute.c): the target as
	 * given, not its doubles, which may round either side of it */
	if (human && r->tails.cl == in->cl && r->tails.one_minus_cl == in->cl_complement)
		human_target_percent(buf, len, in->cl, in->cl_complement);
	else if (human)
		human_cl_percent(buf, len, &r->tails, target_decimals(r));
	else
		return format_probability(buf, len, r->tails.cl, r->tails.ln_cl);
	return strlen(buf);
}

static size_t cell_verdict(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (computed(r) && r->verdict >= 0)
		put_str(buf, len, r->verdict == VERDICT_UNDECIDED ? "undecided"
		                  : r->verdict                    ? "pass"
		                                                  : "fail");
	return strlen(buf);
}

static size_t cell_trials(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (present(r->in.trials))
		return clamped(snprintf(buf, len, "%.0f", r->in.trials), len);
	return strlen(buf);
}

static size_t cell_seed(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (present(r->in.seed))
		return clamped(snprintf(buf, len, "%.0f", r->in.seed), len);
	return strlen(buf);
}

static size_t cell_gsl_rel_diff(char *buf, size_t len, const struct row *r, int human)
{
	if (r->gsl_ok && present(r->gsl_rel_diff))
		return clamped(snprintf(buf, len, human ? "%.2g" : "%.3g", r->gsl_rel_diff), len);
	return strlen(buf);
}

static size_t cell_poisson_cl(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (computed(r) && present(r->poisson_alt)) {
		human_percent_down(buf, len, r->poisson_alt, 1 - r->poisson_alt, 0);
		append_rel_diff(buf, len, r->poisson_alt, r->tails.cl);
	}
	return strlen(buf);
}

static size_t cell_poisson_bits(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (computed(r) && present(r->poisson_alt)) {
		format_double(buf, len, r->poisson_alt);
		append_rel_diff(buf, len, r->poisson_alt, r->bits);
	}
	return strlen(buf);
}

static size_t cell_poisson_ber_upper(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (computed(r) && present(r->poisson_alt)) {
		snprintf(buf, len, "%.6g", r->poisson_alt);
		append_rel_diff(buf, len, r->poisson_alt, r->ber_upper);
	}
	return strlen(buf);
}

/*
 * A probability as a percentage for people, 4 decimals (4 digits below
 * 0.01 %), rounded in direction dir; full precision for programs.
 */
static size_t percent_cell(char *buf, size_t len, const struct row *r, double v, int human,
                           enum rounding dir)
{
	if (!computed(r) || !present(v))
		return 0;
	if (!human)
		return format_double(buf, len, v);
	double p = 100 * v;
	if (p >= 0.01) {
		int sig = (int)floor(bercli_log10(p)) + 5;
		return clamped(snprintf(buf, len, "%.4f %%", human_round_sig(p, sig, dir)), len);
	}
	if (p > 0)
		return clamped(snprintf(buf, len, "%.4g %%", human_round_sig(p, 4, dir)), len);
	return clamped(snprintf(buf, len, "0 %%"), len);
}

/* A target probability as given (never a computed one): "" when absent. */
static void target_cell(char *buf, size_t len, double p, double complement, int human)
{
	if (!present(p))
		return;
	if (human)
		human_target_percent(buf, len, p, complement);
	else
		format_double(buf, len, p);
}

/* plan: the CL asked for (--cl; the consumer's risk target is 1 - cl) */
static size_t cell_cl_target(char *buf, size_t len, const struct row *r, int human)
{
	target_cell(buf, len, r->in.cl, r->in.cl_complement, human);
	return strlen(buf);
}

/* plan: the producer's risk asked for (--alpha) */
static size_t cell_alpha_target(char *buf, size_t len, const struct row *r, int human)
{
	target_cell(buf, len, r->in.alpha, r->in.alpha_complement, human);
	return strlen(buf);
}

/* A whole number of bits, printed in full for people too. */
static void whole_cell(char *buf, size_t len, const struct row *r, double v)
{
	if (computed(r) && present(v))
		format_double(buf, len, v);
}

/* 0 bits: error k + 1 never fails at once (text says "never") */
static size_t cell_fail_bits(char *buf, size_t len, const struct row *r, int human)
{
	if (human && computed(r) && r->fail_bits == 0)
		put_str(buf, len, "never");
	else
		whole_cell(buf, len, r, r->fail_bits);
	return strlen(buf);
}

static size_t cell_dispersion(char *buf, size_t len, const struct row *r, int human)
{
	if (!present(r->dispersion))
		return strlen(buf);
	/* for programs the double itself, round-trip, as every other number */
	return human ? clamped(snprintf(buf, len, "%.3g", r->dispersion), len)
	             : format_double(buf, len, r->dispersion);
}

/* the bits between readings: given (plan, simulate) or measured (watch) */
static size_t cell_reading_interval(char *buf, size_t len, const struct row *r, int human)
{
	double b = r->in.reading_interval;
	if (b == floor(b) && b < 1e15)
		whole_cell(buf, len, r, b); /* whole bits in full */
	else
		return number_cell(buf, len, 1, b, human, ROUND_NEAREST);
	return strlen(buf);
}

/* log10(1 - cl): a number where one_minus_cl is below the double range. */
static size_t cell_log10_one_minus_cl(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (present(r->in.cl)) /* a target */
		return format_double(buf, len, bercli_log10(r->in.cl_complement));
	else if (computed(r) && present(r->tails.one_minus_cl))
		return format_double(buf, len, bercl_lnprob_log10(r->tails.ln_one_minus_cl));
	return strlen(buf);
}

/* ---- lanes ---- */

/* bits --all-lanes: the CL each lane must reach, CL^(1/L) */
static size_t cell_lane_cl(char *buf, size_t len, const struct row *r, int human)
{
	if (!computed(r) || !r->in.all_lanes)
		return 0;
	const bercl_tails *t = &r->lane_target;
	if (human)
		human_percent_down(buf, len, t->cl, t->one_minus_cl, target_decimals(r) + 2);
	else
		return format_probability(buf, len, t->cl, t->ln_cl);
	return strlen(buf);
}

/* ---- fec ---- */

static int has_code(const struct row *r)
{
	return r->in.code_name != NULL;
}

static size_t cell_code(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (has_code(r))
		put_str(buf, len, r->in.code_name);
	return strlen(buf);
}

/* A probability held with its logarithm: digits from the log below 1e-308. */
static size_t lnprob_cell(char *buf, size_t len, int shown, double v, bercl_lnprob ln, int human,
                          enum rounding dir)
{
	if (!shown)
		return 0;
	if (!human)
		return format_probability(buf, len, v, ln);
	human_probability(buf, len, v, ln, dir);
	return strlen(buf);
}

/* cer: computed from a BER, or the target given */
static size_t cell_cer(char *buf, size_t len, const struct row *r, int human)
{
	if (present(r->fec.ser))
		return lnprob_cell(buf, len, computed(r), r->fec.cer, r->fec.ln_cer, human, ROUND_NEAREST);
	else if (present(r->in.cer))
		return format_double(buf, len, r->in.cer);
	return strlen(buf);
}

static size_t cell_post_fec_ber(char *buf, size_t len, const struct row *r, int human)
{
	lnprob_cell(buf, len, computed(r) && present(r->fec.ser), r->fec.post_fec_ber,
	            r->fec.ln_post_fec_ber, human, ROUND_NEAREST);
	return strlen(buf);
}

static size_t cell_codewords(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (r->has_hist)
		return format_double(buf, len, r->hist.codewords);
	else if (present(r->in.codewords))
		return format_double(buf, len, r->in.codewords);
	return strlen(buf);
}

static size_t cell_uncorrectable(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (r->has_hist)
		return format_double(buf, len, r->hist.uncorrectable);
	else if (present(r->in.uncorrectable))
		return format_double(buf, len, r->in.uncorrectable);
	return strlen(buf);
}

static int hist(const struct row *r)
{
	return computed(r) && r->has_hist;
}

static size_t cell_ser_upper(char *buf, size_t len, const struct row *r, int human)
{
	return number_cell(buf, len, hist(r) && r->has_cer_upper, r->hist.ser_upper, human, ROUND_UP);
}

static size_t cell_cer_predicted(char *buf, size_t len, const struct row *r, int human)
{
	if (!hist(r))
		return 0;
	if (!r->hist.has_cer_predicted)
		put_str(buf, len, "0");
	else
		lnprob_cell(buf, len, 1, r->hist.cer_predicted, r->hist.ln_cer_predicted, human,
		            ROUND_NEAREST);
	return strlen(buf);
}

/*
 * gof_p: machine formats print it like every tail (below the double range
 * from its logarithm, full digits: they read back to the same log). A
 * person reads a p-value to two digits, and one below 1e-12 as what it
 * says, that the counts did not come from the model: "< 1e-12", not an
 * exponent of thirteen digits. With fewer than three groups after pooling
 * there is no test: text says "n/a", the machine formats leave it empty.
 */
static size_t cell_gof_p(char *buf, size_t len, const struct row *r, int human)
{
	if (!hist(r))
		return 0;
	if (r->hist.gof_df <= 0) /* too few groups to test: said, not left blank */
		return human ? put_str(buf, len, "n/a") : 0;
	if (!human)
		return format_probability(buf, len, r->hist.gof_p, r->hist.ln_gof_p);
	if (!(r->hist.gof_p >= 1e-12))
		return put_str(buf, len, "< 1e-12");
	return clamped(snprintf(buf, len, "%.2g", r->hist.gof_p), len);
}

static size_t cell_burst(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	if (hist(r) && r->hist.gof_df > 0)
		put_str(buf, len, r->hist.burst ? "yes" : "no");
	return strlen(buf);
}

static size_t cell_cer_tail(char *buf, size_t len, const struct row *r, int human)
{
	lnprob_cell(buf, len, hist(r) && r->hist.tail_bins > 0, r->hist.cer_tail,
	            r->hist.ln_cer_tail, human, ROUND_NEAREST);
	return strlen(buf);
}

static size_t cell_tail_r2(char *buf, size_t len, const struct row *r, int human)
{
	number_cell(buf, len, hist(r) && r->hist.tail_bins > 0, r->hist.tail_r2, human,
	            ROUND_NEAREST);
	return strlen(buf);
}

/* the interval of cer_tail, outward for people; empty for --method sonic */
static size_t cell_cer_tail_lower(char *buf, size_t len, const struct row *r, int human)
{
	lnprob_cell(buf, len, hist(r) && r->hist.tail_bins > 0 && r->tail_interval,
	            r->hist.cer_tail_lower, r->hist.ln_cer_tail_lower, human, ROUND_DOWN);
	return strlen(buf);
}

static size_t cell_cer_tail_upper(char *buf, size_t len, const struct row *r, int human)
{
	lnprob_cell(buf, len, hist(r) && r->hist.tail_bins > 0 && r->tail_interval,
	            r->hist.cer_tail_upper, r->hist.ln_cer_tail_upper, human, ROUND_UP);
	return strlen(buf);
}

/* seconds between alarms; for people as a duration */
static size_t cell_degrade_mean_time(char *buf, size_t len, const struct row *r, int human)
{
	if (!computed(r) || !r->has_degrade_time)
		return 0;
	if (human)
		human_duration(buf, len, r->degrade_mean_time, ROUND_NEAREST);
	else
		return format_double(buf, len, r->degrade_mean_time);
	return strlen(buf);
}

/* --intervals: the clustered answers (engine/intervals.c, lib/clustered.c) */
static size_t cell_cl_clustered(char *buf, size_t len, const struct row *r, int human)
{
	if (!computed(r) || !r->has_clustered)
		return 0;
	if (human)
		human_cl_percent(buf, len, &r->cl_clustered, target_decimals(r));
	else
		return format_probability(buf, len, r->cl_clustered.cl, r->cl_clustered.ln_cl);
	return strlen(buf);
}

/* "" (text: "unbounded") where errors in fewer than two intervals bound nothing */
static size_t cell_dispersion_upper(char *buf, size_t len, const struct row *r, int human)
{
	if (!computed(r) || !r->has_clustered)
		return 0;
	if (r->disp.bounded)
		return number_cell(buf, len, 1, r->disp.dispersion_upper, human, ROUND_UP);
	else if (human)
		put_str(buf, len, "unbounded");
	return strlen(buf);
}

static size_t cell_error(char *buf, size_t len, const struct row *r, int human)
{
	(void)human;
	return put_str(buf, len, r->error);
}

/* ---- the table: one row per column ---- */

#define NUMBER 0
#define STRING 1
#define R(f) offsetof(struct row, f)
/* a data column: its kind, field, rounding for people, gate, gate's flag, log */
#define DATA(kind, field, round, gate, flag, ln) NULL, kind, field, round, gate, flag, ln

const struct column_desc columns[NCOLUMNS] = {
	/*                          name            text header     width  JSON    getter */
	[COL_MODEL] =             {"model",         "model",          8, STRING, cell_model},
	[COL_ERRORS] =            {"errors",        "errors",         7, NUMBER, cell_errors},
	[COL_BITS] =              {"bits",          "bits",          15, NUMBER, cell_bits},
	[COL_BER] =               {"ber",           "BER",           10, NUMBER, cell_ber},
	[COL_RATE] =              {"rate_bps",      "rate",          13, NUMBER, cell_rate},
	[COL_LANES] =             {"lanes",         "lanes",          6, NUMBER, cell_lanes},
	[COL_TIME] =              {"time_s",        "test time",     14, NUMBER, cell_time},
	[COL_CL] =                {"cl",            "CL",            11, NUMBER, cell_cl},
	[COL_ONE_MINUS_CL] =      {"one_minus_cl",  "1 - CL",        12, NUMBER, cell_one_minus_cl},
	[COL_CL_ACHIEVED] =       {"cl_achieved",   "CL achieved",   12, NUMBER, cell_cl_achieved},
	[COL_VERDICT] =           {"verdict",       "verdict",        9, STRING, cell_verdict},
	[COL_BER_ESTIMATE] =      {"ber_estimate",  "BER estimate",  13, NUMBER, DATA(CELL_NUMBER, R(ber_estimate), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BER_LOWER] =         {"ber_lower",     "BER lower",     12, NUMBER, DATA(CELL_NUMBER, R(ber_lower), ROUND_DOWN, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BER_UPPER] =         {"ber_upper",     "BER upper",     12, NUMBER, DATA(CELL_NUMBER, R(ber_upper), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_TRIALS] =            {"trials",        "trials",         9, NUMBER, cell_trials},
	[COL_SEED] =              {"seed",          "seed",          10, NUMBER, cell_seed},
	[COL_ONE_MINUS_CL_SIM] =  {"one_minus_cl_sim", "simulated",  13, NUMBER, DATA(CELL_NUMBER, R(one_minus_cl_sim), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_SIM_STDERR] =        {"sim_stderr",    "std. error",    11, NUMBER, DATA(CELL_NUMBER, R(sim_stderr), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_GSL_CL] =            {"gsl_cl",        "GSL CL",        11, NUMBER, DATA(CELL_NUMBER, R(gsl_cl), ROUND_DOWN, GATE_GSL, NO_OFFSET, NO_OFFSET)},
	[COL_GSL_ONE_MINUS_CL] =  {"gsl_one_minus_cl", "GSL 1 - CL", 13, NUMBER, DATA(CELL_NUMBER, R(gsl_one_minus_cl), ROUND_UP, GATE_GSL, NO_OFFSET, NO_OFFSET)},
	[COL_GSL_BITS] =          {"gsl_bits",      "GSL bits",      15, NUMBER, DATA(CELL_WHOLE, R(gsl_bits), ROUND_NEAREST, GATE_GSL, NO_OFFSET, NO_OFFSET)},
	[COL_GSL_BER_LOWER] =     {"gsl_ber_lower", "GSL lower",     12, NUMBER, DATA(CELL_NUMBER, R(gsl_ber_lower), ROUND_DOWN, GATE_GSL, NO_OFFSET, NO_OFFSET)},
	[COL_GSL_BER_UPPER] =     {"gsl_ber_upper", "GSL upper",     12, NUMBER, DATA(CELL_NUMBER, R(gsl_ber_upper), ROUND_UP, GATE_GSL, NO_OFFSET, NO_OFFSET)},
	[COL_GSL_REL_DIFF] =      {"gsl_rel_diff",  "GSL rel. diff", 14, NUMBER, cell_gsl_rel_diff},
	/* text only: the Poisson answer beside a binomial one */
	[COL_POISSON_CL] =        {"poisson_cl",    "Poisson CL (rel. diff)",    28, STRING, cell_poisson_cl},
	[COL_POISSON_BITS] =      {"poisson_bits",  "Poisson bits (rel. diff)",  28, STRING, cell_poisson_bits},
	[COL_POISSON_BER_UPPER] = {"poisson_ber_upper", "Poisson upper (rel. diff)", 28, STRING,
	                           cell_poisson_ber_upper},
	/* plans (plan, simulate with a plan, watch) */
	[COL_RATIO] =             {"ratio",         "D",              5, NUMBER, DATA(CELL_INPUT, R(in.ratio), ROUND_NEAREST, GATE_ALWAYS, NO_OFFSET, NO_OFFSET)},
	[COL_ALPHA] =             {"alpha",         "alpha",         10, NUMBER, DATA(CELL_PERCENT, R(alpha), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BETA] =              {"beta",          "beta",          10, NUMBER, DATA(CELL_PERCENT, R(beta), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_CL_TARGET] =         {"cl",            "CL target",     11, NUMBER, cell_cl_target},
	[COL_ALPHA_TARGET] =      {"alpha_target",  "alpha target",  13, NUMBER, cell_alpha_target},
	[COL_MAX_BITS] =          {"max_bits",      "max bits",      15, NUMBER, DATA(CELL_WHOLE, R(max_bits), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_EXPECTED_BITS_GOOD] = {"expected_bits_good", "E[bits] good", 13, NUMBER,
	                            DATA(CELL_NUMBER, R(expected_bits_good), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_EXPECTED_BITS_BAD] = {"expected_bits_bad", "E[bits] bad", 12, NUMBER,
	                           DATA(CELL_NUMBER, R(expected_bits_bad), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_PASS_BITS] =         {"pass_bits",     "pass at bits",  15, NUMBER, DATA(CELL_WHOLE, R(pass_bits), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_FAIL_BITS] =         {"fail_bits",     "fail by bits",  15, NUMBER, cell_fail_bits},
	[COL_ALPHA_SIM] =         {"alpha_sim",     "alpha sim.",    11, NUMBER, DATA(CELL_PERCENT, R(alpha_sim), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_ALPHA_STDERR] =      {"alpha_stderr",  "alpha s.e.",    11, NUMBER, DATA(CELL_PERCENT, R(alpha_stderr), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BETA_SIM] =          {"beta_sim",      "beta sim.",     10, NUMBER, DATA(CELL_PERCENT, R(beta_sim), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BETA_STDERR] =       {"beta_stderr",   "beta s.e.",     10, NUMBER, DATA(CELL_PERCENT, R(beta_stderr), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BITS_GOOD_SIM] =     {"bits_good_sim", "bits good sim.", 15, NUMBER, DATA(CELL_NUMBER, R(bits_good_sim), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BITS_GOOD_STDERR] =  {"bits_good_stderr", "good s.e.", 10, NUMBER, DATA(CELL_NUMBER, R(bits_good_stderr), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BITS_BAD_SIM] =      {"bits_bad_sim",  "bits bad sim.", 14, NUMBER, DATA(CELL_NUMBER, R(bits_bad_sim), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BITS_BAD_STDERR] =   {"bits_bad_stderr", "bad s.e.",    10, NUMBER, DATA(CELL_NUMBER, R(bits_bad_stderr), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_LANE] =              {"lane",          "lane",           8, STRING, DATA(CELL_STRING, R(lane), ROUND_NEAREST, GATE_ALWAYS, NO_OFFSET, NO_OFFSET)},
	[COL_DECISION] =          {"decision",      "decision",       9, STRING, DATA(CELL_STRING, R(decision), ROUND_NEAREST, GATE_ALWAYS, NO_OFFSET, NO_OFFSET)},
	[COL_DISPERSION] =        {"dispersion",    "dispersion",    11, NUMBER, cell_dispersion},
	[COL_TRUE_BER] =          {"true_ber",      "true BER",      10, NUMBER, DATA(CELL_INPUT, R(in.true_ber), ROUND_NEAREST, GATE_ALWAYS, NO_OFFSET, NO_OFFSET)},
	[COL_P_PASS] =            {"p_pass",        "P(pass)",       10, NUMBER, DATA(CELL_PERCENT, R(p_pass), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_EXPECTED_BITS] =     {"expected_bits", "E[bits]",       12, NUMBER, DATA(CELL_NUMBER, R(expected_bits), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_READING_INTERVAL] =  {"reading_interval", "reading every", 14, NUMBER,
	                           cell_reading_interval},
	[COL_ALPHA_ACTUAL] =      {"alpha_actual",  "alpha actual",  13, NUMBER, DATA(CELL_PERCENT, R(alpha_actual), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_BETA_ACTUAL] =       {"beta_actual",   "beta actual",   12, NUMBER, DATA(CELL_PERCENT, R(beta_actual), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_LOG10_ONE_MINUS_CL] = {"log10_one_minus_cl", "log10(1 - CL)", 14, NUMBER,
	                            cell_log10_one_minus_cl},
	[COL_LANE_CL] =           {"lane_cl",       "CL per lane",   12, NUMBER, cell_lane_cl},
	[COL_BITS_PER_LANE] =     {"bits_per_lane", "bits per lane", 15, NUMBER, cell_bits_per_lane},
	[COL_CODE] =              {"code",          "code",          14, STRING, cell_code},
	[COL_N] =                 {"n",             "n",              6, NUMBER, DATA(CELL_INT, R(in.code.n), ROUND_NEAREST, GATE_CODE, NO_OFFSET, NO_OFFSET)},
	[COL_K] =                 {"k",             "k",              6, NUMBER, DATA(CELL_INT, R(in.code.k), ROUND_NEAREST, GATE_CODE, NO_OFFSET, NO_OFFSET)},
	[COL_M] =                 {"m",             "m",              3, NUMBER, DATA(CELL_INT, R(in.code.m), ROUND_NEAREST, GATE_CODE, NO_OFFSET, NO_OFFSET)},
	[COL_T] =                 {"t",             "t",              4, NUMBER, DATA(CELL_INT, R(in.code.t), ROUND_NEAREST, GATE_CODE, NO_OFFSET, NO_OFFSET)},
	[COL_SER] =               {"ser",           "SER",           12, NUMBER, DATA(CELL_NUMBER, R(fec.ser), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_CER] =               {"cer",           "CER",           12, NUMBER, cell_cer},
	[COL_POST_FEC_BER] =      {"post_fec_ber",  "post-FEC BER",  13, NUMBER, cell_post_fec_ber},
	[COL_BER_MAX] =           {"ber_max",       "BER max",       12, NUMBER, DATA(CELL_NUMBER, R(ber_max), ROUND_DOWN, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_CER_UPPER] =         {"cer_upper",     "CER upper",     12, NUMBER, DATA(CELL_LNPROB, R(cer_upper), ROUND_UP, GATE_FLAG, R(has_cer_upper), R(ln_cer_upper))},
	[COL_CODEWORDS] =         {"codewords",     "codewords",     15, NUMBER, cell_codewords},
	[COL_UNCORRECTABLE] =     {"uncorrectable", "uncorrectable", 14, NUMBER, cell_uncorrectable},
	[COL_SER_ESTIMATE] =      {"ser_estimate",  "SER estimate",  13, NUMBER, DATA(CELL_NUMBER, R(hist.ser_estimate), ROUND_NEAREST, GATE_HIST, NO_OFFSET, NO_OFFSET)},
	[COL_SER_UPPER] =         {"ser_upper",     "SER upper",     12, NUMBER, cell_ser_upper},
	[COL_CER_PREDICTED] =     {"cer_predicted", "CER predicted", 14, NUMBER, cell_cer_predicted},
	[COL_GOF_P] =             {"gof_p",         "fit p",         12, NUMBER, cell_gof_p},
	[COL_BURST] =             {"burst",         "burst",          6, STRING, cell_burst},
	[COL_CER_TAIL] =          {"cer_tail",      "CER tail",      12, NUMBER, cell_cer_tail},
	[COL_TAIL_R2] =           {"tail_r2",       "tail R2",        8, NUMBER, cell_tail_r2},
	[COL_CER_TAIL_LOWER] =    {"cer_tail_lower", "tail lower",   12, NUMBER, cell_cer_tail_lower},
	[COL_CER_TAIL_UPPER] =    {"cer_tail_upper", "tail upper",   12, NUMBER, cell_cer_tail_upper},
	[COL_FLR] =               {"flr",           "FLR",           12, NUMBER, DATA(CELL_NUMBER, R(flr), ROUND_NEAREST, GATE_FLAG, R(has_flr), NO_OFFSET)},
	[COL_FLR_UPPER] =         {"flr_upper",     "FLR upper",     12, NUMBER, DATA(CELL_NUMBER, R(flr_upper), ROUND_UP, GATE_FLAG, R(has_flr_upper), NO_OFFSET)},
	[COL_FLR_OBSERVED] =      {"flr_observed",  "FLR observed",  13, NUMBER, DATA(CELL_NUMBER, R(flr_observed), ROUND_NEAREST, GATE_FLAG, R(has_flr_observed), NO_OFFSET)},
	[COL_DEGRADE_P] =         {"degrade_p",     "alarm p",       12, NUMBER, DATA(CELL_LNPROB, R(degrade.cl), ROUND_NEAREST, GATE_FLAG, R(has_degrade), R(degrade.ln_cl))},
	[COL_DEGRADE_MEAN_TIME] = {"degrade_mean_time", "alarm every", 16, NUMBER, cell_degrade_mean_time},
	[COL_PORT] =              {"port",          "port",          12, STRING, DATA(CELL_STRING, R(port), ROUND_NEAREST, GATE_ALWAYS, NO_OFFSET, NO_OFFSET)},
	[COL_FIXED_BITS] =        {"fixed_bits",    "fixed bits",    15, NUMBER, DATA(CELL_WHOLE, R(fixed_bits), ROUND_NEAREST, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_CL_CLUSTERED] =      {"cl_clustered",  "CL clustered",  13, NUMBER, cell_cl_clustered},
	[COL_BER_UPPER_CLUSTERED] = {"ber_upper_clustered", "upper clustered", 16, NUMBER,
	                             DATA(CELL_NUMBER, R(ber_upper_clustered), ROUND_UP, GATE_FLAG, R(has_clustered), NO_OFFSET)},
	[COL_BER_LOWER_CLUSTERED] = {"ber_lower_clustered", "lower clustered", 16, NUMBER,
	                             DATA(CELL_NUMBER, R(ber_lower_clustered), ROUND_DOWN, GATE_FLAG, R(has_clustered), NO_OFFSET)},
	[COL_DISPERSION_UPPER] =  {"dispersion_upper", "disp. upper", 12, NUMBER, cell_dispersion_upper},
	[COL_INDEPENDENT_EVENTS] = {"independent_events", "indep. events", 14, NUMBER,
	                            DATA(CELL_NUMBER, R(disp.independent_events), ROUND_DOWN, GATE_FLAG, R(has_clustered), NO_OFFSET)},
	[COL_BURST_LENGTH] =      {"burst_length",  "burst length",  13, NUMBER, DATA(CELL_INPUT, R(in.burst_length), ROUND_NEAREST, GATE_ALWAYS, NO_OFFSET, NO_OFFSET)},
	[COL_BURST_SHARE] =       {"burst_share",   "burst share",   12, NUMBER, DATA(CELL_INPUT, R(in.burst_share), ROUND_NEAREST, GATE_ALWAYS, NO_OFFSET, NO_OFFSET)},
	[COL_ONE_MINUS_CL_CLUSTERED_SIM] = {"one_minus_cl_clustered_sim", "clustered sim.", 15, NUMBER,
	                                    DATA(CELL_NUMBER, R(one_minus_cl_clustered_sim), ROUND_UP, GATE_COMPUTED, NO_OFFSET, NO_OFFSET)},
	[COL_ERROR] =             {"error",         "error",          0, STRING, cell_error},
};

static int gate_open(const struct column_desc *d, const struct row *r)
{
	switch (d->gate) {
	case GATE_ALWAYS: return 1;
	case GATE_COMPUTED: return computed(r);
	case GATE_GSL: return r->gsl_ok;
	case GATE_HIST: return hist(r);
	case GATE_FLAG: return computed(r) && *(const int *)(const void *)((const char *)r + d->flag);
	case GATE_CODE: return has_code(r);
	}
	return 0;
}

size_t column_data_cell(char *buf, size_t len, const struct column_desc *d, const struct row *r,
                        int human)
{
	if (!gate_open(d, r))
		return 0;
	const void *at = (const char *)r + d->field;
	if (d->kind == CELL_INT)
		return clamped(snprintf(buf, len, "%d", *(const int *)at), len);
	if (d->kind == CELL_STRING) {
		const char *str = *(const char *const *)at;
		return str ? put_str(buf, len, str) : 0;
	}
	double v = *(const double *)at;
	switch (d->kind) {
	case CELL_INPUT:
	case CELL_WHOLE:
		return present(v) ? format_double(buf, len, v) : 0;
	case CELL_NUMBER:
		return number_cell(buf, len, 1, v, human, d->round);
	case CELL_PERCENT:
		return percent_cell(buf, len, r, v, human, d->round);
	case CELL_LNPROB:
		return lnprob_cell(buf, len, present(v), v,
		                   *(const bercl_lnprob *)(const void *)((const char *)r + d->ln), human,
		                   d->round);
	default:
		return 0;
	}
}

void column_reset_results(struct row *r)
{
	for (int c = 0; c < NCOLUMNS; c++) {
		const struct column_desc *d = &columns[c];
		if (d->kind == CELL_NUMBER || d->kind == CELL_WHOLE || d->kind == CELL_PERCENT ||
		    d->kind == CELL_LNPROB)
			*(double *)(void *)((char *)r + d->field) = NAN;
	}
}
