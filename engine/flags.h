/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * flags.h - every flag of bercl, described once (flags.c holds the table).
 *
 * A numeric quantity (errors, bits, ber, ...) is a flag and a batch column
 * at once: its row in the table says how one value is read, which values
 * are allowed, where it goes in struct row_input, and which subcommands take
 * it. The other flags (--model, --format, ...) have a row for their name,
 * letter, value, help line and action: parse_options() (options.c) is one
 * loop over the table.
 */
#ifndef BERCL_FLAGS_H
#define BERCL_FLAGS_H

#include <stddef.h>

#include "parse.h"
#include "row.h"

/*
 * Flag ids, in table order. The quantities come first: a sweep varies the
 * first quantity slowest, and ids below NQ index the per-quantity arrays.
 */
enum quantity {
	Q_ERRORS, Q_BITS, Q_BER, Q_CL, Q_RATE, Q_LANES, Q_TIME, Q_REQUIRE, Q_TRIALS, Q_SEED,
	Q_ALPHA, Q_RATIO, Q_TRUE_BER, Q_READING_INTERVAL, Q_BAUD, Q_BITS_PER_SYMBOL, Q_CER, Q_CODEWORDS, Q_UNCORRECTABLE,
	Q_SER, Q_INTERLEAVE, Q_FRAMES_PER_CODEWORD, Q_DEGRADE_INTERVAL, Q_DEGRADE_THRESHOLD,
	Q_BURST_LENGTH, Q_BURST_SHARE,
	NQ
};
enum flag_id {
	F_MODEL = NQ, F_FORMAT, F_INPUT, F_DELIMITER, F_VALUE, F_VERIFY, F_TWO_SIDED, F_SEQUENTIAL,
	F_PLAN, F_CODE, F_HISTOGRAM, F_HISTOGRAM_FORMAT, F_METHOD, F_LANE_ERRORS, F_ALL_LANES, F_INTERVALS, F_INTERVALS_FORM, F_CLUSTERED, F_BURST_MODEL,
	F_HELP,
	F_VERSION,
	NFLAGS,
	/* bercl eye's flags (engine/eye.c reads its arguments by them), after
	 * the other subcommands' (a loop up to NFLAGS is theirs alone): their
	 * fields are those of the struct eye_request that o->eye points to */
	F_EYE_INPUT = NFLAGS, F_EYE_SCAN_FORMAT, F_EYE_AXIS, F_EYE_BER, F_EYE_CL, F_EYE_RHO,
	F_EYE_FIT_BELOW, F_EYE_METHOD, F_EYE_PLAN, F_EYE_HALF_WIDTH, F_EYE_SIGMA, F_EYE_DJ,
	F_EYE_OFFSETS, F_EYE_RATE, F_EYE_FORMAT, F_EYE_VALUE, F_EYE_HELP,
	NFLAGS_ALL
};

/* The subcommands a flag is for, as a bit set: ON(CMD_CL) | ON(CMD_BER). */
#define ON(cmd) (1u << (cmd))
#define ALL_COMMANDS ((1u << NCOMMANDS) - 1)
/* bercl eye's rows (not a subcommand of the command table: engine/eye.c) */
#define ON_EYE (1u << NCOMMANDS)

#define NO_FIELD ((size_t)-1)

/* What a flag that is not a quantity does with its value (parse_options). */
enum flag_action {
	ACT_QUANTITY,   /* ids below NQ: a list of values, read after the loop */
	ACT_SWITCH,     /* sets an int option to 1 */
	ACT_STRING,     /* keeps its value (a const char * option) */
	ACT_FILE,       /* a string that names a file: not empty */
	ACT_ENUM,       /* one of `values`: its index into an int option (a bad
	                 * one: "unknown NOUN (a or b)", without a noun "must be a or b") */
	ACT_CUSTOM,     /* custom(value, options, why, len): NULL or the message */
	ACT_HELP,       /* --help: the face prints it */
	ACT_VERSION,    /* --version: the face prints it */
};

struct options;

struct flag_desc {
	const char *name;       /* --name; for a quantity also its batch column */
	char letter;            /* -x, or 0 */
	const char *arg;        /* the value's name in --help, NULL for a switch */
	unsigned commands;      /* subcommands that take it (ON(...)) */
	const char *help;       /* its --help line, after "--name ARG" */
	/* Quantities only (ids below NQ): */
	scalar_parser parse;    /* one value; NULL: a probability (0.95 or 95%) */
	const char *(*check)(double v); /* the domain; NULL: any value parse gives */
	size_t value;           /* offsetof(struct row_input, ...) */
	size_t complement;      /* probabilities: where 1 - value goes, else NO_FIELD */
	/* Other flags (ids from NQ): */
	enum flag_action action;
	size_t option;          /* offsetof(struct options, ...): the field it sets (eye's
	                         * rows: offsetof(struct eye_request, ...)) */
	const char *const *values; /* ACT_ENUM: the names, in the order of their values */
	const char *noun;       /* ACT_ENUM: "model" in "unknown model (poisson or binomial)" */
	const char *(*custom)(const char *value, struct options *o, char *why, size_t len); /* ACT_CUSTOM */
	int once;               /* given twice is an error */
	int group;              /* flags of one nonzero group exclude each other */
};

extern const struct flag_desc flags[NFLAGS_ALL];

/*
 * A flag given, before its value is read: "--x given twice" for a flag
 * given once already, "--x and --y: give one" for two of one group; NULL
 * once it is counted in o->seen. Then flag_act(): the row's action on
 * its value (NULL for a switch), NULL or the message naming the flag and
 * the value. The command's flags (invoke.c) and eye's (eye.c) are taken so.
 */
const char *flag_admit(struct options *o, int id, char *why, size_t len);
/* "--name" of flag id into buf (returned). */
const char *flag_name_in(int id, char *buf, size_t len);
const char *flag_act(struct options *o, int id, const char *arg, char *why, size_t len);

/* Fill one input quantity; the value is checked against its domain. */
const char *row_set(struct row_input *in, enum quantity q, double v, double complement);
/* Every quantity absent (NAN), with the given model and --two-sided. */
void row_input_init(struct row_input *in, enum bercl_model model, int two_sided, int sequential);
/*
 * A likely mistake in a flag's text that still reads (the command warns,
 * then runs): digits grouped by commas (2,500 is the list 2, 500), a rate
 * without an SI suffix below 1 Mb/s, a level such as 0.95%. NULL, or the
 * warning in buf.
 */
const char *quantity_warning(enum quantity q, const char *text, char *buf, size_t len);
/* Read one value of quantity q from text (with its complement for probabilities). */
const char *quantity_parse(enum quantity q, const char *text, double *v, double *complement);

#endif
