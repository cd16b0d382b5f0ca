/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * commands.c - the subcommand table: one row per subcommand.
 *
 * To add a subcommand: add its id to enum command (row.h, before
 * NCOMMANDS), write its compute function (compute.c, declared in
 * compute.h), list its output columns below (a layout: the columns in
 * order, each with the conditions under which it shows), and add its row to
 * the table at the end. Then mark the flags it takes in flags.c (the
 * `commands` bits of each flag's row), and, if it needs flags together,
 * say so in check_combinations() (main.c). main.c finds it by name, and
 * --help and the usage message list it from here.
 */
#include <string.h>

#include "commands.h"

static const struct layout_entry cl_layout[] = {
	{COL_MODEL, WHEN_MODEL_SHOWN},
	{COL_ERRORS, 0},
	{COL_BITS, 0},
	{COL_BER, 0},
	{COL_RATE, WHEN_TIME},
	{COL_LANES, WHEN_TIME},
	{COL_TIME, WHEN_TIME},
	{COL_CL, 0},
	{COL_ONE_MINUS_CL, 0},
	{COL_POISSON_CL, WHEN_BINOMIAL_TEXT},
	{COL_VERDICT, WHEN_REQUIRE},
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
	{COL_BITS, 0},
	{COL_RATE, WHEN_TIME},
	{COL_LANES, WHEN_TIME},
	{COL_TIME, WHEN_TIME},
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
	{COL_TRIALS, 0},
	{COL_SEED, 0},
	{COL_ONE_MINUS_CL, 0},
	{COL_ONE_MINUS_CL_SIM, 0},
	{COL_SIM_STDERR, 0},
	{COL_GSL_CL, WHEN_VERIFY},
	{COL_GSL_ONE_MINUS_CL, WHEN_VERIFY},
	{COL_GSL_REL_DIFF, WHEN_VERIFY},
	{NCOLUMNS, 0},
};

const struct command_desc commands[NCOMMANDS] = {
	[CMD_CL] = {
		"cl", "[-e E] (-n N | -t T -r R [-l L]) -p P [--require C] [options]",
		"  bercl cl   --errors E --bits N --ber P           confidence level that BER < P\n"
		"  bercl cl   --errors E --time T --rate R --ber P  the same, N = R * T * lanes\n",
		compute_cl, cl_layout, 0,
	},
	[CMD_BITS] = {
		"bits", "[-e E] -p P -c C [-r R [-l L]] [options]",
		"  bercl bits --errors E --ber P --cl C [--rate R]  minimum bits (and test time)\n",
		compute_bits, bits_layout, 0,
	},
	[CMD_BER] = {
		"ber", "[-e E] (-n N | -t T -r R [-l L]) -c C [--two-sided] [options]",
		"  bercl ber  --errors E --bits N --cl C            BER bound (--two-sided: interval)\n",
		compute_ber, ber_layout, 0,
	},
	[CMD_SIMULATE] = {
		"simulate", "[-e E] (-n N | -t T -r R [-l L]) -p P [--trials T] [--seed S]",
		"  bercl simulate --errors E --bits N --ber P       Monte Carlo check of 1 - CL\n",
		compute_simulate, simulate_layout, 1,
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
