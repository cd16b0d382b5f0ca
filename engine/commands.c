/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * commands.c - the subcommand table: one row per subcommand.
 *
 * To add a subcommand: add its id to enum command (row.h, before
 * NCOMMANDS), list its output columns below (a layout: the columns in
 * order, each with the conditions under which it shows), and add its row to
 * the table at the end. Then add its forms to forms.c (what each needs and
 * forbids, and its compute function in compute.c), and mark the flags it
 * takes in flags.c (the `commands` bits of each flag's row). main.c finds
 * it by name, and --help and the usage message list it from here.
 */
#include <string.h>

#include "commands.h"

static const struct layout_entry cl_layout[] = {
	{COL_LANE, WHEN_LANE},
	{COL_MODEL, WHEN_MODEL_SHOWN},
	{COL_ERRORS, 0},
	{COL_BITS, 0},
	{COL_BER, 0},
	{COL_RATE, WHEN_TIME},
	{COL_LANES, WHEN_TIME},
	{COL_TIME, WHEN_TIME},
	{COL_CL, 0},
	{COL_ONE_MINUS_CL, 0},
	{COL_LOG10_ONE_MINUS_CL, WHEN_MACHINE},
	{COL_POISSON_CL, WHEN_BINOMIAL_TEXT},
	{COL_VERDICT, WHEN_REQUIRE},
	{COL_CL_CLUSTERED, WHEN_CLUSTERED},
	{COL_DISPERSION, WHEN_CLUSTERED},
	{COL_DISPERSION_UPPER, WHEN_CLUSTERED},
	{COL_INDEPENDENT_EVENTS, WHEN_CLUSTERED},
	{COL_GSL_CL, WHEN_VERIFY},
	{COL_GSL_ONE_MINUS_CL, WHEN_VERIFY},
	{COL_GSL_REL_DIFF, WHEN_VERIFY},
	{NCOLUMNS, 0},
};

static const struct layout_entry bits_layout[] = {
	{COL_MODEL, WHEN_MODEL_SHOWN},
	{COL_ERRORS, 0},
	{COL_BER, 0},
	{COL_CL, 0},
	{COL_ONE_MINUS_CL, WHEN_MACHINE},
	{COL_LOG10_ONE_MINUS_CL, WHEN_MACHINE},
	{COL_BITS, 0},
	{COL_BITS_PER_LANE, WHEN_ALL_LANES},
	{COL_RATE, WHEN_TIME},
	{COL_LANES, WHEN_LANES_SHOWN},
	{COL_TIME, WHEN_TIME},
	{COL_LANE_CL, WHEN_ALL_LANES},
	{COL_CL_ACHIEVED, 0},
	{COL_POISSON_BITS, WHEN_BINOMIAL_TEXT},
	{COL_GSL_BITS, WHEN_VERIFY},
	{COL_GSL_REL_DIFF, WHEN_VERIFY},
	{NCOLUMNS, 0},
};

static const struct layout_entry ber_layout[] = {
	{COL_MODEL, WHEN_MODEL_SHOWN},
	{COL_ERRORS, 0},
	{COL_BITS, 0},
	{COL_RATE, WHEN_TIME},
	{COL_LANES, WHEN_TIME},
	{COL_TIME, WHEN_TIME},
	{COL_CL, 0},
	{COL_ONE_MINUS_CL, WHEN_MACHINE},
	{COL_BER_ESTIMATE, 0},
	{COL_BER_LOWER, WHEN_TWO_SIDED},
	{COL_BER_UPPER, 0},
	{COL_POISSON_BER_UPPER, WHEN_BINOMIAL_TEXT},
	{COL_BER_LOWER_CLUSTERED, WHEN_CLUSTERED | WHEN_TWO_SIDED},
	{COL_BER_UPPER_CLUSTERED, WHEN_CLUSTERED},
	{COL_DISPERSION, WHEN_CLUSTERED},
	{COL_DISPERSION_UPPER, WHEN_CLUSTERED},
	{COL_INDEPENDENT_EVENTS, WHEN_CLUSTERED},
	{COL_GSL_BER_LOWER, WHEN_VERIFY | WHEN_TWO_SIDED},
	{COL_GSL_BER_UPPER, WHEN_VERIFY},
	{COL_GSL_REL_DIFF, WHEN_VERIFY},
	{NCOLUMNS, 0},
};

static const struct layout_entry simulate_layout[] = {
	{COL_MODEL, WHEN_MODEL_SHOWN},
	{COL_ERRORS, 0},
	{COL_BITS, 0},
	{COL_BER, 0},
	{COL_RATE, WHEN_TIME},
	{COL_LANES, WHEN_TIME},
	{COL_TIME, WHEN_TIME},
	{COL_RATIO, WHEN_PLAN},
	{COL_READING_INTERVAL, WHEN_PLAN | WHEN_READINGS},
	{COL_BURST_LENGTH, WHEN_CLUSTERED},
	{COL_BURST_SHARE, WHEN_CLUSTERED},
	{COL_READING_INTERVAL, WHEN_CLUSTERED | WHEN_READINGS},
	{COL_TRIALS, 0},
	{COL_SEED, 0},
	{COL_ONE_MINUS_CL, WHEN_NOT_PLAN},
	{COL_ONE_MINUS_CL_SIM, WHEN_NOT_PLAN},
	{COL_SIM_STDERR, WHEN_NOT_PLAN},
	{COL_ONE_MINUS_CL_CLUSTERED_SIM, WHEN_CLUSTERED},
	{COL_ALPHA, WHEN_PLAN},
	{COL_ALPHA_ACTUAL, WHEN_PLAN | WHEN_READINGS},
	{COL_ALPHA_SIM, WHEN_PLAN},
	{COL_ALPHA_STDERR, WHEN_PLAN},
	{COL_BETA, WHEN_PLAN},
	{COL_BETA_ACTUAL, WHEN_PLAN | WHEN_READINGS},
	{COL_BETA_SIM, WHEN_PLAN},
	{COL_BETA_STDERR, WHEN_PLAN},
	{COL_EXPECTED_BITS_GOOD, WHEN_PLAN | WHEN_CONTINUOUS}, /* at readings: simulated only */
	{COL_BITS_GOOD_SIM, WHEN_PLAN},
	{COL_BITS_GOOD_STDERR, WHEN_PLAN},
	{COL_EXPECTED_BITS_BAD, WHEN_PLAN | WHEN_CONTINUOUS},
	{COL_BITS_BAD_SIM, WHEN_PLAN},
	{COL_BITS_BAD_STDERR, WHEN_PLAN},
	{COL_GSL_CL, WHEN_VERIFY},
	{COL_GSL_ONE_MINUS_CL, WHEN_VERIFY},
	{COL_GSL_REL_DIFF, WHEN_VERIFY},
	{NCOLUMNS, 0},
};

static const struct layout_entry plan_layout[] = {
	{COL_BER, WHEN_SUMMARY},
	{COL_RATIO, WHEN_SUMMARY},
	{COL_CL_TARGET, WHEN_SUMMARY | WHEN_TARGETS},    /* given: beta's target is 1 - cl */
	{COL_ALPHA_TARGET, WHEN_SUMMARY | WHEN_TARGETS}, /* given; alpha, beta: achieved */
	{COL_ERRORS, WHEN_FIXED},
	{COL_BITS, WHEN_FIXED},
	{COL_RATE, WHEN_FIXED | WHEN_TIME},
	{COL_LANES, WHEN_FIXED | WHEN_TIME},
	{COL_TIME, WHEN_FIXED | WHEN_TIME},
	{COL_ALPHA, WHEN_SUMMARY},
	{COL_BETA, WHEN_SUMMARY},
	{COL_MAX_BITS, WHEN_SEQUENTIAL | WHEN_SUMMARY},
	{COL_EXPECTED_BITS_GOOD, WHEN_SEQUENTIAL | WHEN_SUMMARY},
	{COL_EXPECTED_BITS_BAD, WHEN_SEQUENTIAL | WHEN_SUMMARY},
	{COL_FIXED_BITS, WHEN_SEQUENTIAL | WHEN_SUMMARY},
	{COL_READING_INTERVAL, WHEN_READINGS | WHEN_SUMMARY},
	{COL_ALPHA_ACTUAL, WHEN_READINGS | WHEN_SUMMARY},
	{COL_BETA_ACTUAL, WHEN_READINGS | WHEN_SUMMARY},
	{COL_ERRORS, WHEN_TABLE},
	{COL_PASS_BITS, WHEN_TABLE},
	{COL_FAIL_BITS, WHEN_TABLE},
	{COL_TRUE_BER, WHEN_TRUE_BER},
	{COL_P_PASS, WHEN_TRUE_BER},
	{COL_EXPECTED_BITS, WHEN_TRUE_BER},
	{NCOLUMNS, 0},
};

static const struct layout_entry watch_layout[] = {
	{COL_LANE, WHEN_LANE},
	{COL_BITS, 0},
	{COL_ERRORS, 0},
	{COL_CL, 0},
	{COL_DISPERSION, 0},
	{COL_CL_CLUSTERED, WHEN_CLUSTERED},
	{COL_READING_INTERVAL, WHEN_PLAN}, /* measured, or --reading-interval */
	{COL_ALPHA_ACTUAL, WHEN_PLAN},
	{COL_BETA_ACTUAL, WHEN_PLAN},
	{COL_DECISION, 0},
	{NCOLUMNS, 0},
};

static const struct layout_entry errors_layout[] = {
	{COL_MODEL, WHEN_MODEL_SHOWN},
	{COL_BITS, 0},
	{COL_BER, 0},
	{COL_RATE, WHEN_TIME},
	{COL_LANES, WHEN_TIME},
	{COL_TIME, WHEN_TIME},
	{COL_CL, 0},
	{COL_ONE_MINUS_CL, WHEN_MACHINE},
	{COL_LOG10_ONE_MINUS_CL, WHEN_MACHINE},
	{COL_ERRORS, 0},
	{COL_CL_ACHIEVED, 0},
	{COL_ERROR, 0}, /* where even 0 errors cannot reach the target: why */
	{NCOLUMNS, 0},
};

static const struct layout_entry fec_layout[] = {
	{COL_PORT, WHEN_FEC_HIST},  /* kept where the report names ports (invoke.c) */
	{COL_LANE, WHEN_LANE},
	{COL_MODEL, WHEN_MODEL_SHOWN | WHEN_FEC_CER_UPPER},
	{COL_CODE, 0},
	{COL_N, WHEN_MACHINE},
	{COL_K, WHEN_MACHINE},
	{COL_M, WHEN_MACHINE},
	{COL_T, 0},
	{COL_BER, WHEN_FEC_BER},
	{COL_SER, WHEN_FEC_BER},
	{COL_CER, WHEN_FEC_CER},
	{COL_POST_FEC_BER, WHEN_FEC_BER},
	{COL_BER_MAX, WHEN_FEC_BER_MAX},
	{COL_ERRORS, WHEN_FEC_TEST},
	{COL_BITS, WHEN_FEC_TEST},
	{COL_RATE, WHEN_FEC_TEST | WHEN_TIME},
	{COL_TIME, WHEN_FEC_TEST | WHEN_TIME},
	{COL_CODEWORDS, WHEN_FEC_COUNTS},
	{COL_UNCORRECTABLE, WHEN_FEC_COUNTS},
	{COL_CL, WHEN_FEC_CL},
	{COL_BER_UPPER, WHEN_FEC_TEST},
	{COL_SER_ESTIMATE, WHEN_FEC_HIST},
	{COL_SER_UPPER, WHEN_FEC_HIST | WHEN_FEC_CER_UPPER},
	{COL_CER_PREDICTED, WHEN_FEC_HIST},
	{COL_CER_UPPER, WHEN_FEC_CER_UPPER},
	{COL_GOF_P, WHEN_FEC_HIST},
	{COL_BURST, WHEN_FEC_HIST},
	{COL_CER_TAIL, WHEN_FEC_HIST},
	{COL_CER_TAIL_LOWER, WHEN_FEC_HIST | WHEN_FEC_CER_UPPER},
	{COL_CER_TAIL_UPPER, WHEN_FEC_HIST | WHEN_FEC_CER_UPPER},
	{COL_TAIL_R2, WHEN_FEC_HIST},
	{COL_FLR, WHEN_FEC_FLR},
	{COL_FLR_UPPER, WHEN_FEC_FLR | WHEN_FEC_CER_UPPER},
	{COL_FLR_OBSERVED, WHEN_FEC_FLR},
	{COL_DEGRADE_P, WHEN_FEC_DEGRADE},
	{COL_DEGRADE_MEAN_TIME, WHEN_FEC_DEGRADE_TIME},
	{NCOLUMNS, 0},
};

const struct command_desc commands[NCOMMANDS] = {
	[CMD_CL] = {
		"cl", "[-e E] (-n N | -t T -r R [-l L] | --intervals F) -p P [--require C] [options]",
		"  bercl cl   --errors E --bits N --ber P           confidence level that BER < P\n"
		"  bercl cl   --errors E --time T --rate R --ber P  the same, N = R * T * lanes\n"
		"  bercl cl   --intervals F --ber P                 ... and cl_clustered, which holds under bursts\n",
		cl_layout, 0,
	},
	[CMD_BITS] = {
		"bits", "[-e E] -p P -c C [-r R [-l L]] [options]",
		"  bercl bits --errors E --ber P --cl C [--rate R]  minimum bits (and test time)\n",
		bits_layout, 0,
	},
	[CMD_BER] = {
		"ber", "[-e E] (-n N | -t T -r R [-l L] | --intervals F) -c C [--two-sided] [options]",
		"  bercl ber  --errors E --bits N --cl C            BER bound (--two-sided: interval)\n"
		"  bercl ber  --intervals F --cl C                  ... and ber_upper_clustered (bursts)\n",
		ber_layout, 0,
	},
	[CMD_SIMULATE] = {
		"simulate", "[-e E] (-n N | -t T -r R [-l L]) -p P [--ratio D] [--trials T] [--seed S] | "
		"-p P -c C --alpha A --ratio D [--sequential] | "
		"... --burst-model gilbert-elliott [--burst-length L] [--burst-share S] [--reading-interval B]",
		"  bercl simulate --errors E --bits N --ber P       Monte Carlo check of 1 - CL\n"
		"  bercl simulate ... --burst-model gilbert-elliott  ... when errors come in bursts\n"
		"  bercl simulate --ber P --cl C --alpha A --ratio D [--sequential]  ... of a plan\n",
		simulate_layout, 1,
	},
	[CMD_PLAN] = {
		"plan", "-p P -c C --alpha A --ratio D [--sequential] [-r R [-l L]] | "
		"-e E (-n N | -t T -r R) -p P --ratio D",
		"  bercl plan --ber P --cl C --alpha A --ratio D    shortest test meeting both risks\n"
		"  bercl plan --errors E --bits N --ber P --ratio D the risks of a given test\n"
		"  bercl plan ... --sequential                      truncated sequential test\n",
		plan_layout, 0,
	},
	[CMD_WATCH] = {
		"watch", "-p P -c C [-e E] [--clustered] | --plan -p P -c C --alpha A --ratio D  [-r R] "
		"(< readings | --intervals F)",
		"  bercl watch --ber P --cl C [--plan ...] < readings  decide live from counter readings\n",
		watch_layout, 0,
	},
	[CMD_ERRORS] = {
		"errors", "(-n N | -t T -r R [-l L]) -p P -c C [options]",
		"  bercl errors --bits N --ber P --cl C             most errors a test may show and pass\n",
		errors_layout, 0,
	},
	[CMD_FEC] = {
		"fec", "--code C (-p P | --ser S | --cer X | -e E (-n N | -t T -r R) -c C |\n"
		"                --codewords K --uncorrectable U (--cer X | -c C) | --histogram F [-c C])\n"
		"                [--degrade-interval K --degrade-threshold S]",
		"  bercl fec  --code kp4 --ber P                    SER, CER and post-FEC BER (pre-FEC BER P)\n"
		"  bercl fec  --code kp4 --cer X                    ber_max: the largest pre-FEC BER with CER <= X\n"
		"  bercl fec  --code kp4 --errors E --bits N --cl C BER and CER bounds after a pre-FEC test\n"
		"  bercl fec  --code kp4 --codewords K --uncorrectable U --cer X | --cl C\n"
		"                                                   CL that CER < X, or the CER bound\n"
		"  bercl fec  --code kp4 --histogram F [--cl C]     SER, CER, bursts, tail and FLR of a histogram\n"
		"  bercl fec  --code kp4 --ser S --degrade-interval K --degrade-threshold T\n"
		"                                                   how often the degraded-SER alarm fires\n",
		fec_layout, 0,
	},
};

void build_layout(enum command cmd, unsigned have, struct layout *l)
{
	int n = 0;
	for (const struct layout_entry *e = commands[cmd].layout; e->col != NCOLUMNS; e++)
		if ((e->when & have) == e->when)
			l->col[n++] = e->col;
	l->ncol = n;
	l->sentence = l->format == FMT_TEXT && commands[cmd].sentence;
}
