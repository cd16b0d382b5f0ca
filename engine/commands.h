/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * commands.h - every subcommand of bercl, described once (commands.c holds
 * the table): its name, usage and help lines, and which output columns it
 * shows in which order. Its forms, and how each is computed: forms.c.
 */
#ifndef BERCL_COMMANDS_H
#define BERCL_COMMANDS_H

#include "columns.h"
#include "compute.h"
#include "format.h"
#include "row.h"

/*
 * When a column of a layout is shown: every condition named must hold
 * (0: always). A layout lists the columns in output order.
 */
enum show_when {
	WHEN_MACHINE = 1 << 0,      /* csv, tsv, json (not text) */
	WHEN_MODEL_SHOWN = 1 << 1,  /* a machine format, or the binomial model */
	WHEN_BINOMIAL_TEXT = 1 << 2, /* text with --model binomial */
	WHEN_TIME = 1 << 3,         /* a rate or a time was given (flag or column) */
	WHEN_REQUIRE = 1 << 4,      /* --require given (flag or column) */
	WHEN_VERIFY = 1 << 5,       /* --verify */
	WHEN_TWO_SIDED = 1 << 6,    /* --two-sided */
	WHEN_PLAN = 1 << 7,         /* simulate, watch: a plan (--ratio / --plan) */
	WHEN_NOT_PLAN = 1 << 8,     /* simulate, watch: no plan */
	WHEN_SEQUENTIAL = 1 << 9,   /* --sequential (plan, simulate) */
	WHEN_FIXED = 1 << 10,       /* no --sequential */
	WHEN_SUMMARY = 1 << 11,     /* plan: the plan's summary on every row (not
	                               a sequential table in text, which says it below) */
	WHEN_LANE = 1 << 12,        /* watch: the readings have a lane column; cl --lane-errors */
	WHEN_TRUE_BER = 1 << 13,    /* plan --true-ber */
	WHEN_TABLE = 1 << 14,       /* plan --sequential without --true-ber */
	WHEN_LANES_SHOWN = 1 << 15, /* bits: a rate or time given, or --all-lanes */
	WHEN_ALL_LANES = 1 << 16,   /* bits --all-lanes */
	WHEN_FEC_BER = 1 << 17,     /* fec --ber */
	WHEN_FEC_CER = 1 << 18,     /* fec: a cer column (--ber or --cer) */
	WHEN_FEC_BER_MAX = 1 << 19, /* fec --cer without --codewords */
	WHEN_FEC_TEST = 1 << 20,    /* fec: a measured pre-FEC test (errors, bits or time) */
	WHEN_FEC_COUNTS = 1 << 21,  /* fec: codewords counted (--codewords or --histogram) */
	WHEN_FEC_CL = 1 << 22,      /* fec: a cl column (--cl, or --codewords with --cer) */
	WHEN_FEC_CER_UPPER = 1 << 23, /* fec: --cl with a test, a count or a histogram */
	WHEN_FEC_HIST = 1 << 24,    /* fec --histogram */
	WHEN_TARGETS = 1 << 25,     /* plan: the targets cl, alpha_target (a machine
	                               format, or --alpha given) */
	WHEN_READINGS = 1 << 26,    /* plan --sequential, simulate: --reading-interval;
	                               watch --plan */
	WHEN_CONTINUOUS = 1 << 27,  /* no --reading-interval */
	WHEN_FEC_FLR = 1 << 28,     /* fec: frame loss (--histogram, --interleave or
	                               --frames-per-codeword) */
	WHEN_FEC_DEGRADE = 1 << 29, /* fec --degrade-interval --degrade-threshold */
	WHEN_FEC_DEGRADE_TIME = 1 << 30, /* ... with --rate */
};
/* cl, ber --intervals; simulate --burst-model (the enum's last bit, as unsigned) */
#define WHEN_CLUSTERED (1u << 31)

struct layout_entry {
	enum column col;
	unsigned when;              /* enum show_when bits; 0 = always */
};

struct command_desc {
	const char *name;
	const char *usage;          /* its usage line, after "bercl NAME " */
	const char *synopsis;       /* its lines at the top of --help */
	const struct layout_entry *layout; /* ends with {NCOLUMNS, 0} */
	int sentence;               /* text: each row also said in words */
};

extern const struct command_desc commands[NCOMMANDS];

/* The columns of cmd's output for the conditions `have` (enum show_when bits). */
void build_layout(enum command cmd, unsigned have, struct layout *l);

#endif
