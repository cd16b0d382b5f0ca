/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * forms.c - the table of command forms and the rules between quantities.
 *
 * To add a form: a row in forms[] (its command, what it answers, the
 * quantities that choose it, its rules, its compute function). To add a
 * rule: an id in enum rule_id and its row in rules[]; a message names
 * quantities by their bare names (the flag is --NAME, the batch column
 * NAME), so it reads right for a flag, a column and a cell. "%s" in a
 * message is the name of the first quantity of the rule's mask `a` that
 * the row has.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "forms.h"

enum rule_kind {
	MISSING,   /* none of a */
	FORBID,    /* one of a (%s: the first) */
	NEEDS,     /* one of a without one of b */
	EXCLUSIVE, /* two or more of a */
	TOGETHER,  /* some of a but not all */
	CUSTOM,    /* broken(have), which reads the quantities of a */
};

struct rule {
	enum rule_kind kind;
	qmask a, b;
	int (*broken)(qmask have);
	const char *message;
};

#define Q(x) HAS(Q_##x)
#define TEST (Q(BITS) | Q(TIME))
#define COUNTS (Q(CODEWORDS) | Q(UNCORRECTABLE))
#define DEGRADE (Q(DEGRADE_INTERVAL) | Q(DEGRADE_THRESHOLD))
#define FEC_MODES (Q(BER) | Q(SER) | Q(CER) | TEST | COUNTS | HAS(P_HISTOGRAM))

/* fec does one thing per row: how many of its modes a row asks for. */
static int fec_modes(qmask h)
{
	return !!(h & Q(BER)) + !!(h & Q(SER)) + !!((h & Q(CER)) && !(h & COUNTS)) +
	       !!(h & TEST) + !!(h & COUNTS) + !!(h & HAS(P_HISTOGRAM));
}

static int fec_not_one_mode(qmask h)
{
	int m = fec_modes(h);
	return m > 1 || (m == 0 && !(h & DEGRADE));
}

/* The degraded-SER alarm reads a SER: from ber, ser, a histogram, or alone. */
static int degrade_without_ser(qmask h)
{
	return (h & DEGRADE) && fec_modes(h) == 1 &&
	       !(h & (Q(BER) | Q(SER) | HAS(P_HISTOGRAM)));
}

/* With a codeword count, cer (the CL that CER < cer) or cl (the CER bound). */
static int counts_not_cer_or_cl(qmask h)
{
	return (h & COUNTS) && !(h & Q(CER)) == !(h & Q(CL));
}

static int readings_incomplete(qmask h)
{
	return !(h & Q(ERRORS)) || !(h & TEST);
}

enum rule_id {
	R_END,
	R_CODE, R_BITS_OR_TIME, R_RATE_OR_BAUD, R_TIME_RATE, R_NEED_BITS, R_NEED_BER, R_NEED_CL,
	R_PLAN_POISSON, R_NEED_RATIO, R_READINGS_SEQUENTIAL,
	R_GIVEN_SEQUENTIAL, R_GIVEN_RISKS, R_DESIGN_ERRORS, R_NEED_BETA, R_NEED_ALPHA,
	R_SIM_PLAN, R_WATCH_PLAN, R_WATCH_PLAN_ERRORS, R_READINGS,
	R_FEC_MODE, R_DEGRADE_TOGETHER, R_DEGRADE_SER, R_METHOD, R_FEC_ERRORS, R_COUNTS_TOGETHER,
	R_COUNTS_CER_CL, R_FEC_CL, R_SIM_BURSTS,
	NRULES
};

static const struct rule rules[NRULES] = {
	[R_CODE] = {MISSING, HAS(P_CODE), 0, NULL, "missing --code (kp4, kr4, or rs:N,K[,M])"},
	[R_BITS_OR_TIME] = {EXCLUSIVE, TEST, 0, NULL, "bits and time: give one, not both"},
	[R_RATE_OR_BAUD] = {EXCLUSIVE, Q(RATE) | Q(BAUD), 0, NULL,
	                    "rate and baud: give one, not both"},
	[R_TIME_RATE] = {NEEDS, Q(TIME), Q(RATE) | Q(BAUD), NULL,
	                 "time needs a rate (--rate, --baud or a rate column)"},
	[R_NEED_BITS] = {MISSING, TEST, 0, NULL,
	                 "missing bits (--bits, or --time with --rate, or their columns)"},
	[R_NEED_BER] = {MISSING, Q(BER), 0, NULL, "missing ber (--ber or a ber column)"},
	[R_NEED_CL] = {MISSING, Q(CL), 0, NULL,
	               "missing cl, the confidence level (--cl 95% or a cl column)"},
	[R_PLAN_POISSON] = {FORBID, HAS(P_BINOMIAL), 0, NULL, "plans use the Poisson model only"},
	[R_NEED_RATIO] = {MISSING, Q(RATIO), 0, NULL,
	                  "missing ratio (a good link has BER ber / ratio, ratio > 1)"},
	[R_READINGS_SEQUENTIAL] = {NEEDS, Q(READING_INTERVAL), HAS(P_SEQUENTIAL), NULL,
	                           "reading-interval is for a sequential plan (--sequential): a "
	                           "fixed test is judged at its end"},
	[R_GIVEN_SEQUENTIAL] = {FORBID, HAS(P_SEQUENTIAL), 0, NULL,
	                        "--sequential designs a plan: give cl and alpha, not bits or time"},
	[R_GIVEN_RISKS] = {FORBID, Q(CL) | Q(ALPHA), 0, NULL,
	                   "%s: a given test (bits or time) has its risks computed, not set"},
	[R_DESIGN_ERRORS] = {FORBID, Q(ERRORS), 0, NULL,
	                     "errors: a plan computes the errors allowed (give errors with bits "
	                     "or time)"},
	[R_NEED_BETA] = {MISSING, Q(CL), 0, NULL,
	                 "missing cl (1 - beta, the consumer's risk), or bits for a given test"},
	[R_NEED_ALPHA] = {MISSING, Q(ALPHA), 0, NULL, "missing alpha (the producer's risk)"},
	[R_SIM_PLAN] = {FORBID, Q(CL) | Q(ALPHA) | HAS(P_SEQUENTIAL) | Q(READING_INTERVAL), 0, NULL,
	                "%s simulates a plan: it needs ratio"},
	[R_WATCH_PLAN] = {FORBID, Q(ALPHA) | Q(RATIO) | Q(READING_INTERVAL), 0, NULL,
	                  "%s is for a plan: add --plan"},
	[R_WATCH_PLAN_ERRORS] = {FORBID, Q(ERRORS), 0, NULL,
	                         "errors: with --plan the plan says how many errors are allowed"},
	[R_READINGS] = {CUSTOM, Q(ERRORS) | TEST, 0, readings_incomplete,
	                "the readings need columns 'errors' and 'bits' (or 'time')"},
	[R_FEC_MODE] = {CUSTOM, FEC_MODES | DEGRADE, 0, fec_not_one_mode,
	                "fec: give one of ber, ser, cer, a pre-FEC test (errors with bits or time), "
	                "codewords with uncorrectable, --histogram, or degrade-interval with "
	                "degrade-threshold"},
	[R_DEGRADE_TOGETHER] = {TOGETHER, DEGRADE, 0, NULL,
	                        "degrade-interval and degrade-threshold go together"},
	[R_DEGRADE_SER] = {CUSTOM, FEC_MODES | DEGRADE, 0, degrade_without_ser,
	                   "degrade-interval: the alarm at ber, ser or a --histogram's SER (or "
	                   "alone: the SER at which it fires half the time)"},
	[R_METHOD] = {NEEDS, HAS(P_METHOD), HAS(P_HISTOGRAM), NULL,
	              "--method is for the tail of a --histogram"},
	[R_FEC_ERRORS] = {NEEDS, Q(ERRORS), TEST, NULL, "errors needs bits or time (a pre-FEC test)"},
	[R_COUNTS_TOGETHER] = {TOGETHER, COUNTS, 0, NULL, "codewords and uncorrectable go together"},
	[R_COUNTS_CER_CL] = {CUSTOM, COUNTS | Q(CER) | Q(CL), 0, counts_not_cer_or_cl,
	                     "with codewords give cer (the CL that CER < cer) or cl (the CER "
	                     "bound), one of them"},
	[R_FEC_CL] = {FORBID, Q(CL), 0, NULL,
	              "cl is for a pre-FEC test, a codeword count or a histogram"},
	[R_SIM_BURSTS] = {FORBID, Q(CL) | Q(ALPHA) | HAS(P_SEQUENTIAL), 0, NULL,
	                  "%s simulates a plan: --burst-model simulates a fixed test"},
};

/* The rules every row that tests bits keeps: bits given, or time at a rate. */
#define TESTED R_BITS_OR_TIME, R_RATE_OR_BAUD, R_TIME_RATE, R_NEED_BITS
#define PLAN_COMMON R_PLAN_POISSON, R_NEED_BER, R_NEED_RATIO
#define FEC_COMMON R_CODE, R_FEC_MODE, R_DEGRADE_TOGETHER, R_DEGRADE_SER, R_METHOD, R_RATE_OR_BAUD

static const unsigned char cl_rules[] = {TESTED, R_NEED_BER, R_END};
static const unsigned char bits_rules[] = {R_RATE_OR_BAUD, R_NEED_BER, R_NEED_CL,
                                           R_END};
static const unsigned char ber_rules[] = {TESTED, R_NEED_CL, R_END};
static const unsigned char errors_rules[] = {TESTED, R_NEED_CL, R_NEED_BER, R_END};
static const unsigned char given_rules[] = {PLAN_COMMON, TESTED, R_GIVEN_SEQUENTIAL,
                                            R_READINGS_SEQUENTIAL, R_GIVEN_RISKS, R_END};
static const unsigned char design_rules[] = {PLAN_COMMON, R_RATE_OR_BAUD, R_READINGS_SEQUENTIAL,
                                             R_DESIGN_ERRORS, R_NEED_BETA, R_NEED_ALPHA, R_END};
static const unsigned char sim_rules[] = {R_SIM_PLAN, TESTED, R_NEED_BER, R_END};
static const unsigned char sim_bursts_rules[] = {R_SIM_BURSTS, TESTED, R_NEED_BER, R_END};
static const unsigned char watch_rules[] = {R_NEED_BER, R_NEED_CL, R_WATCH_PLAN, R_END};
static const unsigned char watch_plan_rules[] = {R_NEED_BER, R_NEED_CL, R_WATCH_PLAN_ERRORS,
                                                 R_NEED_ALPHA, R_NEED_RATIO, R_END};
static const unsigned char readings_rules[] = {R_READINGS, R_BITS_OR_TIME, R_TIME_RATE, R_END};
static const unsigned char fec_rate_rules[] = {FEC_COMMON, R_FEC_ERRORS, R_FEC_CL, R_END};
static const unsigned char fec_test_rules[] = {FEC_COMMON, TESTED, R_NEED_CL, R_END};
static const unsigned char fec_counts_rules[] = {FEC_COMMON, R_FEC_ERRORS, R_COUNTS_TOGETHER,
                                                 R_COUNTS_CER_CL, R_END};
static const unsigned char fec_hist_rules[] = {FEC_COMMON, R_FEC_ERRORS, R_END};

#define PLANNED Q(RATIO)

const struct form forms[] = {
	{CMD_CL, "the confidence level of a test", 0, 0, 0, cl_rules, compute_cl},
	{CMD_BITS, "the bits a test needs", 0, 0, 0, bits_rules, compute_bits},
	{CMD_BER, "the BER bound of a test", 0, 0, 0, ber_rules, compute_ber},
	{CMD_ERRORS, "the errors a test may show", 0, 0, 0, errors_rules, compute_errors},
	{CMD_PLAN, "the risks of a given test", 0, TEST, 0, given_rules, compute_plan_given},
	{CMD_PLAN, "plan a test", 0, 0, TEST, design_rules, compute_plan_design},
	{CMD_SIMULATE, "simulate a given test's risks", PLANNED, TEST, 0, given_rules,
	 simulate_plan_given},
	{CMD_SIMULATE, "simulate a planned test", PLANNED, 0, TEST, design_rules,
	 simulate_plan_design},
	{CMD_SIMULATE, "simulate a test under bursts (--burst-model)", HAS(P_BURSTS), 0, PLANNED,
	 sim_bursts_rules, compute_simulate},
	{CMD_SIMULATE, "simulate a test's confidence level", 0, 0, PLANNED, sim_rules,
	 compute_simulate},
	{CMD_WATCH, "watch a sequential plan", HAS(P_PLAN), 0, 0, watch_plan_rules, NULL},
	{CMD_WATCH, "watch a fixed test", 0, 0, HAS(P_PLAN), watch_rules, NULL},
	/* fec: the first form whose quantities the row has; R_FEC_MODE refuses two */
	{CMD_FEC, "fec at a pre-FEC BER", 0, Q(BER), 0, fec_rate_rules, compute_fec_rate},
	{CMD_FEC, "fec at a SER", 0, Q(SER), 0, fec_rate_rules, compute_fec_rate},
	{CMD_FEC, "fec from a pre-FEC test", 0, TEST, 0, fec_test_rules, compute_fec_test},
	{CMD_FEC, "fec from a codeword count", 0, COUNTS, 0, fec_counts_rules, compute_fec_counts},
	{CMD_FEC, "the BER that meets a CER target", Q(CER), 0, 0, fec_rate_rules, compute_fec_target},
	{CMD_FEC, "fec from a histogram", HAS(P_HISTOGRAM), 0, 0, fec_hist_rules, compute_fec_histogram},
	{CMD_FEC, "the SER at which the degraded-SER alarm fires", 0, 0, 0, fec_rate_rules,
	 compute_fec_degrade},
};

const int nforms = (int)(sizeof forms / sizeof *forms);

/* The quantities and switches the forms of cmd and their rules read, and
 * those quantities as a list with their fields' offsets in struct row_input. */
static qmask relevant[NCOMMANDS];
static unsigned char relevant_q[NCOMMANDS][NQ];
static size_t relevant_at[NCOMMANDS][NQ];
static int nrelevant[NCOMMANDS];
static pthread_once_t relevant_once = PTHREAD_ONCE_INIT;
static atomic_int relevant_found; /* read first: an atomic load per row, not pthread_once */

static void find_relevant(void)
{
	for (int i = 0; i < nforms; i++) {
		const struct form *f = &forms[i];
		qmask m = f->all | f->any | f->none;
		for (const unsigned char *k = f->rules; *k != R_END; k++)
			m |= rules[*k].a | rules[*k].b;
		relevant[f->cmd] |= m;
	}
	for (int cmd = 0; cmd < NCOMMANDS; cmd++)
		for (int q = 0; q < NQ; q++)
			if (relevant[cmd] & HAS(q)) {
				relevant_q[cmd][nrelevant[cmd]] = (unsigned char)q;
				relevant_at[cmd][nrelevant[cmd]++] = flags[q].value;
			}
	atomic_store_explicit(&relevant_found, 1, memory_order_release);
}

/*
 * A batch row's form: the presence of only the quantities its command's
 * forms read, and the last answer kept per thread (the rows of a batch
 * mostly have the same cells: a tenth of a 1e6-row cl batch otherwise).
 */
const struct form *form_of_row(enum command cmd, const struct row_input *in, char *why, size_t len)
{
	if (!atomic_load_explicit(&relevant_found, memory_order_acquire))
		pthread_once(&relevant_once, find_relevant);
	qmask have = switch_presence(in->sequential, in->histogram != NULL, in->code_name != NULL,
	                             in->model == BERCL_BINOMIAL);
	const char *at = (const char *)in;
	for (int i = 0; i < nrelevant[cmd]; i++) {
		double v;
		memcpy(&v, at + relevant_at[cmd][i], sizeof v);
		have |= (qmask)(v == v) << relevant_q[cmd][i]; /* not NAN */
	}
	if (in->burst_model)
		have |= HAS(P_BURSTS);
	static _Thread_local enum command last_cmd;
	static _Thread_local qmask last_have;
	static _Thread_local const struct form *last;
	if (last && last_cmd == cmd && last_have == have)
		return last;
	const struct form *f = form_resolve(cmd, have, why, len);
	if (f) {
		last_cmd = cmd;
		last_have = have;
		last = f;
	}
	return f;
}

qmask switch_presence(int sequential, int histogram, int code, int binomial)
{
	return (sequential ? HAS(P_SEQUENTIAL) : 0) | (histogram ? HAS(P_HISTOGRAM) : 0) |
	       (code ? HAS(P_CODE) : 0) | (binomial ? HAS(P_BINOMIAL) : 0);
}

static const char *presence_name(int bit)
{
	static const char *const names[NPRESENCE - NQ] = {
		[P_SEQUENTIAL - NQ] = "--sequential", [P_HISTOGRAM - NQ] = "--histogram",
		[P_CODE - NQ] = "--code",             [P_METHOD - NQ] = "--method",
		[P_BINOMIAL - NQ] = "the binomial model", [P_PLAN - NQ] = "--plan",
		[P_BURSTS - NQ] = "--burst-model",
	};
	return bit < NQ ? flags[bit].name : names[bit - NQ];
}

static int count_bits(qmask m)
{
	int n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
}

static int rule_broken(const struct rule *r, qmask have)
{
	switch (r->kind) {
	case MISSING: return !(have & r->a);
	case FORBID: return (have & r->a) != 0;
	case NEEDS: return (have & r->a) && !(have & r->b);
	case EXCLUSIVE: return count_bits(have & r->a) > 1;
	case TOGETHER: return (have & r->a) && (have & r->a) != r->a;
	case CUSTOM: return r->broken(have);
	}
	return 0;
}

/* The first broken rule of the list: its message in why. */
static int check_rules(const unsigned char *list, qmask have, char *why, size_t len)
{
	for (; *list != R_END; list++) {
		const struct rule *r = &rules[*list];
		if (!rule_broken(r, have))
			continue;
		int first = 0;
		while (first < NPRESENCE && !(have & r->a & HAS(first)))
			first++;
		if (strstr(r->message, "%s"))
			snprintf(why, len, r->message, first < NPRESENCE ? presence_name(first) : "");
		else
			snprintf(why, len, "%s", r->message);
		return -1;
	}
	return 0;
}

const struct form *form_resolve(enum command cmd, qmask have, char *why, size_t len)
{
	for (int i = 0; i < nforms; i++) {
		const struct form *f = &forms[i];
		if (f->cmd != cmd || (have & f->all) != f->all || (f->any && !(have & f->any)) ||
		    (have & f->none))
			continue;
		return check_rules(f->rules, have, why, len) ? NULL : f;
	}
	snprintf(why, len, "no form of this subcommand takes these quantities");
	return NULL;
}

int form_check_readings(qmask columns, char *why, size_t len)
{
	return check_rules(readings_rules, columns, why, len);
}
