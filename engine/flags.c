/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * flags.c - the flag table: one row per flag, every fact about it in one place.
 *
 * To add a flag:
 *   - a quantity (a number that can also be a batch column, varied by
 *     lists and ranges): add its id to enum quantity in flags.h (before NQ;
 *     its place is its place in a sweep's odometer), a field in struct
 *     row_input (row.h), and a row below with its parser, its check, where
 *     it goes and which subcommands take it. compute.c then reads the field.
 *   - any other flag: add its id to enum flag_id (flags.h) and a row below
 *     with its action (a switch, a string, a file name, an enum with its
 *     names, or a custom function in request.c) and the struct options
 *     field it sets (request.h).
 *   - a flag of bercl eye: its id after F_EYE_INPUT (flags.h), a row in
 *     its part of the table (ON_EYE) writing struct eye_request (eye.h).
 * getopt's option list, the short-option string, --help, the "not used by"
 * checks and the batch column names are all made from this table; eye's
 * argument reader, --help and the page's form from its rows.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "eye_request.h"
#include "flags.h"
#include "request.h"

static const char *above_zero(double v)
{
	return v > 0 ? NULL : "must be above 0";
}

static const char *open_unit_interval(double v)
{
	if (!(v > 0 && v < 1))
		return "must be between 0 and 1, exclusive";
	/* a subnormal keeps fewer digits than were given: refused, not changed */
	return v >= DBL_MIN ? NULL : "is below the smallest normal double, 2.2250738585072014e-308";
}

static const char *at_least_one(double v)
{
	return v >= 1 ? NULL : "must be at least 1";
}

static const char *above_one(double v)
{
	return v > 1 && v <= 1e6 ? NULL : "must be above 1 (at most 1e6)";
}

static const char *fits_32_bits(double v)
{
	return v <= 4294967295.0 ? NULL : "must be at most 4294967295";
}

static const char *interval_range(double v)
{
	return v >= 1 && v <= 4294967295.0 ? NULL : "must be from 1 to 4294967295 codewords";
}

static const char *interleave_range(double v)
{
	return v >= 1 && v <= 64 ? NULL : "must be from 1 to 64";
}

static const char *frames_range(double v)
{
	return v > 0 && v <= 1e6 ? NULL : "must be above 0 (at most 1e6)";
}

static const char *burst_length_range(double v)
{
	return v >= 1 && v <= 1e6 ? NULL : "must be from 1 to 1e6 errors";
}

static const char *burst_share_range(double v)
{
	return v > 0 && v <= 1 ? NULL : "must be above 0, at most 1";
}

#define IN(field) offsetof(struct row_input, field)
#define OPT(field) offsetof(struct options, field)
#define EOPT(field) offsetof(struct eye_request, field)

/* The names of the enum flags' values, in the order of their values. */
static const char *const model_names[] = {"poisson", "binomial", NULL};   /* enum bercl_model */
static const char *const format_names[] = {"text", "csv", "tsv", "json", NULL}; /* enum format */
static const char *const method_names[] = {"likelihood", "sonic", NULL};  /* tail_sonic 0, 1 */
/* eye's: enum eye_scan_format, enum bercl_eye_axis, enum bercl_eye_method, enum eye_format */
static const char *const eye_scan_names[] = {"auto", "csv", "ibert", NULL};
static const char *const eye_axis_names[] = {"time", "voltage", NULL};
static const char *const eye_method_names[] = {"likelihood", "regression", NULL};
static const char *const eye_format_names[] = {"text", "csv", "tsv", "json", NULL};

#define CL ON(CMD_CL)
#define BITS ON(CMD_BITS)
#define BER ON(CMD_BER)
#define SIM ON(CMD_SIMULATE)
#define PLAN ON(CMD_PLAN)
#define WATCH ON(CMD_WATCH)
#define FEC ON(CMD_FEC)
#define ERR ON(CMD_ERRORS)

const struct flag_desc flags[NFLAGS_ALL] = {
	/* quantities: name, letter, arg, subcommands, help; parser, check, field, complement */
	[Q_ERRORS] = {"errors", 'e', "E", ALL_COMMANDS & ~ERR,
	              "errors seen (cl, ber, fec) or allowed (bits, plan, watch); default 0",
	              parse_count, NULL, IN(errors), NO_FIELD},
	[Q_BITS] = {"bits", 'n', "N", CL | BER | SIM | PLAN | ERR | FEC,
	            "bits tested; SI suffixes k M G T P E (3T = 3e12)",
	            parse_si, above_zero, IN(bits), NO_FIELD},
	[Q_BER] = {"ber", 'p', "P", CL | BITS | SIM | PLAN | WATCH | ERR | FEC,
	           "specified bit error ratio, 0 < P < 1 (fec: pre-FEC BER, at most 0.5)",
	           parse_real, open_unit_interval, IN(ber), NO_FIELD},
	[Q_CL] = {"cl", 'c', "C", BITS | BER | PLAN | SIM | WATCH | ERR | FEC,
	          "confidence level (bits, errors, plan, watch: target; ber, fec: of the bound): 0.95, 95%",
	          NULL, NULL, IN(cl), IN(cl_complement)},
	[Q_RATE] = {"rate", 'r', "R", ALL_COMMANDS,
	            "line rate in bit/s: 25.78125G, 10Gb/s, 10Gbps",
	            parse_rate, above_zero, IN(rate_bps), NO_FIELD},
	[Q_LANES] = {"lanes", 'l', "L", ALL_COMMANDS,
	             "lanes tested in parallel; default 1",
	             parse_count, at_least_one, IN(lanes), NO_FIELD},
	[Q_TIME] = {"time", 't', "T", CL | BER | SIM | PLAN | ERR | FEC,
	            "test duration: 90, 90s, 15min, 2.5h, 1h30m, 2d",
	            parse_duration, above_zero, IN(time_s), NO_FIELD},
	[Q_REQUIRE] = {"require", 0, "C", CL,
	               "cl only: pass/fail verdict (and cl_clustered's), exit 1 on fail",
	               NULL, NULL, IN(require), IN(require_complement)},
	[Q_TRIALS] = {"trials", 0, "T", SIM,
	              "simulate only: simulated tests (default 1000000)",
	              parse_count, at_least_one, IN(trials), NO_FIELD},
	[Q_SEED] = {"seed", 0, "S", SIM,
	            "simulate only: seed of bercl's MT19937, GSL's stream (default 1)",
	            parse_count, fits_32_bits, IN(seed), NO_FIELD},
	[Q_ALPHA] = {"alpha", 0, "A", PLAN | SIM | WATCH,
	             "plan: producer's risk, P[fail] at BER P / D: 0.05, 5%",
	             NULL, NULL, IN(alpha), IN(alpha_complement)},
	[Q_RATIO] = {"ratio", 0, "D", PLAN | SIM | WATCH,
	             "plan: discrimination ratio, a good link has BER P / D (D > 1)",
	             parse_real, above_one, IN(ratio), NO_FIELD},
	[Q_TRUE_BER] = {"true-ber", 0, "B", PLAN,
	                "plan: the chance to pass and the expected bits at a true BER B",
	                parse_real, open_unit_interval, IN(true_ber), NO_FIELD},
	[Q_READING_INTERVAL] = {"reading-interval", 0, "B", PLAN | SIM | WATCH,
	                        "plan --sequential, simulate, watch --plan: bits between readings "
	                        "(alpha_actual, beta_actual)",
	                        parse_si, at_least_one, IN(reading_interval), NO_FIELD},
	[Q_BAUD] = {"baud", 0, "B", ALL_COMMANDS & ~WATCH,
	            "symbol rate in place of --rate: 26.5625G, 26.5625GBd",
	            parse_baud, above_zero, IN(baud), NO_FIELD},
	[Q_BITS_PER_SYMBOL] = {"bits-per-symbol", 0, "K", ALL_COMMANDS & ~WATCH,
	                       "with --baud: bits per symbol, rate = B * K; default 1 (PAM4: 2)",
	                       parse_count, at_least_one, IN(bits_per_symbol), NO_FIELD},
	[Q_CER] = {"cer", 0, "X", FEC,
	           "fec only: codeword error ratio target, 0 < X < 1",
	           NULL, NULL, IN(cer), IN(cer_complement)},
	[Q_CODEWORDS] = {"codewords", 0, "K", FEC,
	                 "fec only: codewords counted (with --uncorrectable)",
	                 parse_count, at_least_one, IN(codewords), NO_FIELD},
	[Q_UNCORRECTABLE] = {"uncorrectable", 0, "U", FEC,
	                     "fec only: uncorrectable codewords among them",
	                     parse_count, NULL, IN(uncorrectable), NO_FIELD},
	[Q_SER] = {"ser", 0, "S", FEC,
	           "fec only: symbol error ratio in place of --ber, 0 < S < 1",
	           parse_real, open_unit_interval, IN(ser), NO_FIELD},
	[Q_INTERLEAVE] = {"interleave", 0, "X", FEC,
	                  "fec only: codewords interleaved, for flr (default from --rate: 1; 2 "
	                  "from 200G; 4 from 800G)",
	                  parse_count, interleave_range, IN(interleave), NO_FIELD},
	[Q_FRAMES_PER_CODEWORD] = {"frames-per-codeword", 0, "F", FEC,
	                           "fec only: frames per codeword, for flr (default 8: "
	                           "minimum-size frames)",
	                           parse_real, frames_range, IN(frames_per_codeword), NO_FIELD},
	[Q_DEGRADE_INTERVAL] = {"degrade-interval", 0, "K", FEC,
	                        "fec only: degraded-SER alarm interval, codewords (with "
	                        "--degrade-threshold)",
	                        parse_count, interval_range, IN(degrade_interval), NO_FIELD},
	[Q_DEGRADE_THRESHOLD] = {"degrade-threshold", 0, "S", FEC,
	                         "fec only: the alarm: more than S symbol errors in the interval",
	                         parse_count, NULL, IN(degrade_threshold), NO_FIELD},
	[Q_BURST_LENGTH] = {"burst-length", 0, "L", SIM,
	                    "simulate --burst-model: mean errors per burst (default 10)",
	                    parse_real, burst_length_range, IN(burst_length), NO_FIELD},
	[Q_BURST_SHARE] = {"burst-share", 0, "S", SIM,
	                   "simulate --burst-model: the share of errors in bursts (default 1)",
	                   parse_real, burst_share_range, IN(burst_share), NO_FIELD},
	/* other flags: name, letter, arg, subcommands, help; then the action:
	   kind, the option it sets, an enum's names and noun, a custom action,
	   once only, exclusive group */
	[F_MODEL] = {"model", 0, "M", ALL_COMMANDS & ~(PLAN | WATCH),
	             "poisson (default) or binomial (exact)",
	             NULL, NULL, NO_FIELD, NO_FIELD,
	             ACT_ENUM, OPT(model), model_names, "model", NULL, 1, 0},
	[F_FORMAT] = {"format", 'f', "F", ALL_COMMANDS,
	              "text (default), csv, tsv, json (one object per line)",
	              NULL, NULL, NO_FIELD, NO_FIELD,
	              ACT_ENUM, OPT(format), format_names, "format", NULL, 1, 1},
	[F_INPUT] = {"input", 'i', "F", ALL_COMMANDS & ~WATCH,
	             "batch: one result row per CSV/TSV row; - is stdin",
	             NULL, NULL, NO_FIELD, NO_FIELD,
	             ACT_FILE, OPT(input), NULL, NULL, NULL, 1, 0},
	[F_DELIMITER] = {"delimiter", 0, "D", ALL_COMMANDS & ~WATCH,
	                 "batch: the input's delimiter, , ; or tab (default: from the header)",
	                 NULL, NULL, NO_FIELD, NO_FIELD,
	                 ACT_CUSTOM, NO_FIELD, NULL, NULL, option_delimiter, 1, 0},
	[F_VALUE] = {"value", 0, "COLUMN", ALL_COMMANDS,
	             "print only this column's values, one per line, no header",
	             NULL, NULL, NO_FIELD, NO_FIELD,
	             ACT_STRING, OPT(value), NULL, NULL, NULL, 1, 1},
	[F_VERIFY] = {"verify", 0, NULL, CL | BITS | BER | SIM,
	              "recompute with GSL and report the difference",
	              NULL, NULL, NO_FIELD, NO_FIELD,
	              ACT_SWITCH, OPT(verify), NULL, NULL, NULL, 0, 0},
	[F_TWO_SIDED] = {"two-sided", 0, NULL, BER,
	                 "ber only: the interval [ber_lower, ber_upper] at confidence C",
	                 NULL, NULL, NO_FIELD, NO_FIELD,
	                 ACT_SWITCH, OPT(two_sided), NULL, NULL, NULL, 0, 0},
	[F_SEQUENTIAL] = {"sequential", 0, NULL, PLAN | SIM,
	                  "plan: the truncated sequential test (table per error count)",
	                  NULL, NULL, NO_FIELD, NO_FIELD,
	                  ACT_SWITCH, OPT(sequential), NULL, NULL, NULL, 0, 0},
	[F_PLAN] = {"plan", 0, NULL, WATCH,
	            "watch: decide by the sequential plan of --ber --cl --alpha --ratio",
	            NULL, NULL, NO_FIELD, NO_FIELD,
	            ACT_SWITCH, OPT(plan), NULL, NULL, NULL, 0, 0},
	[F_CODE] = {"code", 0, "C", FEC, "fec only: kp4, kr4, or rs:N,K[,M] (M bits per symbol, default 10)",
	            NULL, NULL, NO_FIELD, NO_FIELD,
	            ACT_CUSTOM, NO_FIELD, NULL, NULL, option_code, 1, 0},
	[F_HISTOGRAM] = {"histogram", 0, "F", FEC,
	                 "fec only: symbol-error histogram (CSV, ethtool, SONiC, Xena; - is stdin)",
	                 NULL, NULL, NO_FIELD, NO_FIELD,
	                 ACT_FILE, OPT(histogram), NULL, NULL, NULL, 1, 0},
	[F_HISTOGRAM_FORMAT] = {"histogram-format", 0, "F", FEC,
	                        "fec --histogram: auto (default), csv, ethtool, sonic or xena",
	                        NULL, NULL, NO_FIELD, NO_FIELD,
	                        ACT_CUSTOM, NO_FIELD, NULL, NULL, option_histogram_format, 1, 0},
	[F_METHOD] = {"method", 0, "M", FEC,
	              "fec --histogram: tail fit, likelihood (default) or sonic (SONiC's least squares)",
	              NULL, NULL, NO_FIELD, NO_FIELD,
	              ACT_ENUM, OPT(tail_sonic), method_names, "method", NULL, 1, 0},
	[F_LANE_ERRORS] = {"lane-errors", 0, "E1,..", CL,
	                   "cl only: errors per lane; rows per lane, combined and all",
	                   NULL, NULL, NO_FIELD, NO_FIELD,
	                   ACT_CUSTOM, NO_FIELD, NULL, NULL, option_lane_errors, 1, 0},
	[F_ALL_LANES] = {"all-lanes", 0, NULL, BITS,
	                 "bits only: bits per lane (bits_per_lane) for all --lanes L to reach CL together",
	                 NULL, NULL, NO_FIELD, NO_FIELD,
	                 ACT_SWITCH, OPT(all_lanes), NULL, NULL, NULL, 0, 0},
	[F_INTERVALS] = {"intervals", 0, "FILE", CL | BER | WATCH,
	                 "cl, ber: bits,errors per interval (or cumulative readings): the clustered "
	                 "answers; watch: read the readings from FILE",
	                 NULL, NULL, NO_FIELD, NO_FIELD,
	                 ACT_FILE, OPT(intervals), NULL, NULL, NULL, 1, 0},
	[F_INTERVALS_FORM] = {"intervals-form", 0, "F", CL | BER,
	                      "--intervals rows: auto (default: from the first three rows), "
	                      "per-interval or cumulative",
	                      NULL, NULL, NO_FIELD, NO_FIELD,
	                      ACT_CUSTOM, NO_FIELD, NULL, NULL, option_intervals_form, 1, 0},
	[F_CLUSTERED] = {"clustered", 0, NULL, WATCH,
	                 "watch: decide by cl_clustered, which bursts cannot inflate",
	                 NULL, NULL, NO_FIELD, NO_FIELD,
	                 ACT_SWITCH, OPT(clustered), NULL, NULL, NULL, 0, 0},
	[F_BURST_MODEL] = {"burst-model", 0, "M", SIM,
	                   "simulate: gilbert-elliott (bursts; with --reading-interval, the clustered "
	                   "answer too) or none",
	                   NULL, NULL, NO_FIELD, NO_FIELD,
	                   ACT_CUSTOM, NO_FIELD, NULL, NULL, option_burst_model, 1, 0},
	[F_HELP] = {"help", 'h', NULL, ALL_COMMANDS, "this help (after a subcommand: its own)",
	            NULL, NULL, NO_FIELD, NO_FIELD,
	            ACT_HELP, NO_FIELD, NULL, NULL, NULL, 0, 0},
	[F_VERSION] = {"version", 'V', NULL, ALL_COMMANDS, "the version",
	               NULL, NULL, NO_FIELD, NO_FIELD,
	               ACT_VERSION, NO_FIELD, NULL, NULL, NULL, 0, 0},

	/* bercl eye (its --help lists them in this order) */
#define EYE(name, letter, arg, help, action, field, values, custom, once, group) \
	{name, letter, arg, ON_EYE, help, NULL, NULL, NO_FIELD, NO_FIELD, action, field, values, NULL, \
	 custom, once, group}
	[F_EYE_INPUT] = EYE("input", 'i', "FILE", "the scan (CSV or an IBERT export; - is stdin)",
	                    ACT_CUSTOM, NO_FIELD, NULL, option_eye_input, 1, 0),
	[F_EYE_SCAN_FORMAT] = EYE("scan-format", 0, "F", "auto (default), csv or ibert",
	                          ACT_ENUM, EOPT(scan_format), eye_scan_names, NULL, 1, 0),
	[F_EYE_AXIS] = EYE("axis", 0, "A", "time (default; offsets in UI) or voltage (the file's unit)",
	                   ACT_ENUM, EOPT(axis), eye_axis_names, NULL, 1, 0),
	[F_EYE_BER] = EYE("ber", 'p', "P", "the target BER (default 1e-12); a list gives a row each",
	                  ACT_CUSTOM, NO_FIELD, NULL, option_eye_ber, 1, 0),
	[F_EYE_CL] = EYE("cl", 'c', "C", "confidence of the intervals (default 95%)",
	                 ACT_CUSTOM, NO_FIELD, NULL, option_eye_cl, 1, 0),
	[F_EYE_RHO] = EYE("transition-density", 0, "R",
	                  "time: the tails' amplitude rho (default 0.5), or fit",
	                  ACT_CUSTOM, NO_FIELD, NULL, option_eye_rho, 1, 0),
	[F_EYE_FIT_BELOW] = EYE("fit-below", 0, "B",
	                        "fit the points whose observed BER is below B (default 1e-3)",
	                        ACT_CUSTOM, NO_FIELD, NULL, option_eye_fit_below, 1, 0),
	[F_EYE_METHOD] = EYE("method", 0, "M",
	                     "likelihood (default) or regression (Q-space least squares, R^2)",
	                     ACT_ENUM, EOPT(method), eye_method_names, NULL, 1, 0),
	[F_EYE_PLAN] = EYE("plan", 0, NULL,
	                   "plan a scan: the bits per offset that reach --half-width W",
	                   ACT_SWITCH, EOPT(plan), NULL, NULL, 1, 0),
	[F_EYE_HALF_WIDTH] = EYE("half-width", 0, "W",
	                         "--plan: the eye opening's interval half-width to reach",
	                         ACT_CUSTOM, NO_FIELD, NULL, option_eye_half_width, 1, 0),
	[F_EYE_SIGMA] = EYE("sigma", 0, "S", "--plan: the rough eye's RJ (rms, UI) without a scan",
	                    ACT_CUSTOM, NO_FIELD, NULL, option_eye_sigma, 1, 0),
	[F_EYE_DJ] = EYE("dj", 0, "D", "--plan: the rough eye's DJ (dual-Dirac, UI) without a scan",
	                 ACT_CUSTOM, NO_FIELD, NULL, option_eye_dj, 1, 0),
	[F_EYE_OFFSETS] = EYE("offsets", 0, "LIST",
	                      "--plan: the offsets, a list or range; default the scan's",
	                      ACT_CUSTOM, NO_FIELD, NULL, option_eye_offsets, 1, 0),
	[F_EYE_RATE] = EYE("rate", 'r', "R", "--plan: line rate, for the time (25.78125G)",
	                   ACT_CUSTOM, NO_FIELD, NULL, option_eye_rate, 1, 0),
	[F_EYE_FORMAT] = EYE("format", 'f', "F", "text (default), csv, tsv, json (one object per line)",
	                     ACT_ENUM, EOPT(format), eye_format_names, NULL, 1, 1),
	[F_EYE_VALUE] = EYE("value", 0, "COLUMN", "print only this column's values, one per line",
	                    ACT_CUSTOM, NO_FIELD, NULL, option_eye_value, 1, 1),
	[F_EYE_HELP] = EYE("help", 'h', NULL, "this help", ACT_SWITCH, EOPT(help), NULL, NULL, 0, 0),
#undef EYE
};

const char *flag_name_in(int id, char *buf, size_t len)
{
	snprintf(buf, len, "--%s", flags[id].name);
	return buf;
}

const char *flag_admit(struct options *o, int id, char *why, size_t len)
{
	const struct flag_desc *f = &flags[id];
	char a[32], b[32];
	if (f->once && o->seen[id]) {
		snprintf(why, len, "%s given twice", flag_name_in(id, a, sizeof a));
		return why;
	}
	for (int other = NQ; f->group && other < NFLAGS_ALL; other++)
		if (other != id && flags[other].group == f->group && o->seen[other]) {
			snprintf(why, len, "%s and %s: give one",
			         flag_name_in(other < id ? other : id, a, sizeof a),
			         flag_name_in(other < id ? id : other, b, sizeof b));
			return why;
		}
	o->seen[id]++;
	return NULL;
}

const char *flag_act(struct options *o, int id, const char *arg, char *why, size_t len)
{
	const struct flag_desc *f = &flags[id];
	char a[32];
	/* the field: in o, or for eye's rows in the request o->eye */
	char *base = id >= NFLAGS ? (char *)o->eye : (char *)o;
	void *field = f->option == NO_FIELD ? NULL : base + f->option;
	switch (f->action) {
	case ACT_SWITCH:
		*(int *)field = 1;
		break;
	case ACT_FILE:
		if (!arg || arg[0] == '\0') {
			snprintf(why, len, "%s: empty file name", flag_name_in(id, a, sizeof a));
			return why;
		}
		/* fall through */
	case ACT_STRING:
		*(const char **)field = arg;
		break;
	case ACT_ENUM: {
		int v = arg ? name_index(arg, f->values) : -1;
		if (v >= 0) {
			*(int *)field = v;
			break;
		}
		char names[128], reason[160];
		names_joined(f->values, names, sizeof names);
		if (f->noun)
			snprintf(reason, sizeof reason, "unknown %s (%s)", f->noun, names);
		else
			snprintf(reason, sizeof reason, "must be %s", names);
		value_message(why, len, flag_name_in(id, a, sizeof a), arg ? arg : "", reason);
		return why;
	}
	case ACT_CUSTOM:
		return f->custom(arg ? arg : "", o, why, len);
	case ACT_HELP: /* carried out by the face once the whole line is read */
	case ACT_VERSION:
	case ACT_QUANTITY:
		break;
	}
	return NULL;
}

const char *row_set(struct row_input *in, enum quantity q, double v, double complement)
{
	if ((unsigned)q >= NQ)
		return "is not a quantity";
	const struct flag_desc *f = &flags[q];
	const char *why = f->check ? f->check(v) : NULL;
	if (why)
		return why;
	*(double *)(void *)((char *)in + f->value) = v;
	if (f->complement != NO_FIELD)
		*(double *)(void *)((char *)in + f->complement) = complement;
	if (q == Q_CL) /* the caller sets the rests where it has them */
		in->cl_lo = in->cl_complement_lo = 0.0;
	return NULL;
}

void row_input_init(struct row_input *in, enum bercl_model model, int two_sided, int sequential)
{
	for (int q = 0; q < NQ; q++) {
		*(double *)(void *)((char *)in + flags[q].value) = NAN;
		if (flags[q].complement != NO_FIELD)
			*(double *)(void *)((char *)in + flags[q].complement) = NAN;
	}
	in->cl_lo = in->cl_complement_lo = 0.0;
	in->model = model;
	in->two_sided = two_sided;
	in->sequential = sequential;
	in->code_name = NULL;
	in->code.n = in->code.k = in->code.m = in->code.t = 0;
	in->histogram = NULL;
	in->hist_lo = in->hist_hi = NULL;
	in->hist_count = NULL;
	in->hist_groups = 0;
	in->tail_sonic = 0;
	in->all_lanes = 0;
	in->intervals = NULL;
	in->burst_model = 0;
	in->clustered = 0;
}

const char *quantity_parse(enum quantity q, const char *text, double *v, double *complement)
{
	*complement = NAN;
	if (*text == '\0')
		return "is empty"; /* as a flag's list says it (parse_vlist): one message */
	if (flags[q].parse)
		return flags[q].parse(text, v);
	return parse_probability(text, v, complement);
}

/* s is D{1,3}(,DDD)+: digits grouped in threes by commas */
static int thousands_grouped(const char *s)
{
	size_t n = strspn(s, "0123456789");
	if (n < 1 || n > 3 || s[n] != ',' || s[0] == '0') /* (0,100 is a list) */
		return 0;
	for (s += n; *s == ','; s += 4)
		if (strspn(s + 1, "0123456789") != 3)
			return 0;
	return *s == '\0';
}

const char *quantity_warning(enum quantity q, const char *text, char *buf, size_t len)
{
	const struct flag_desc *f = &flags[q];
	char name[32];
	snprintf(name, sizeof name, "--%s", f->name);
	if ((f->parse == parse_count || f->parse == parse_si) && thousands_grouped(text)) {
		/* a comma separates a list's values: 2,500 is two rows */
		char digits[64];
		size_t k = 0;
		for (const char *c = text; *c && k + 1 < sizeof digits; c++)
			if (*c != ',')
				digits[k++] = *c;
		digits[k] = '\0';
		char why[160];
		snprintf(why, sizeof why, "a list (commas separate values); for one number write %s",
		         digits);
		value_message(buf, len, name, text, why);
		return buf;
	}
	double v;
	if (q == Q_RATE && strpbrk(text, "eE") == NULL && parse_real(text, &v) == NULL && v > 0 &&
	    v < 1e6) {
		/* a plain decimal is bits per second: 25.78125 is not 25.78125G (a
		 * number with an exponent was written with care) */
		char why[160];
		snprintf(why, sizeof why, "is %s b/s (no SI suffix): for Gb/s write %sG", text, text);
		value_message(buf, len, name, text, why);
		return buf;
	}
	size_t n = strlen(text);
	char body[64];
	if ((q == Q_CL || q == Q_REQUIRE) && n > 2 && n < sizeof body && text[n - 1] == '%' &&
	    text[0] == '0' && text[1] == '.' && strpbrk(text, "eE") == NULL &&
	    (memcpy(body, text, n - 1), body[n - 1] = '\0', parse_real(body, &v) == NULL) && v > 0) {
		/* 0.95% is 0.0095: most likely 95% or 0.95 was meant */
		char why[160];
		snprintf(why, sizeof why, "is %.*s %% (%.*se-2): for 95 %% write 95%% or 0.95",
		         (int)(n - 1), text, (int)(n - 1), text);
		value_message(buf, len, name, text, why);
		return buf;
	}
	return NULL;
}
