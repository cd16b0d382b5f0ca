/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * forms.h - the forms of bercl's subcommands, one table (forms.c).
 *
 * A form is one question a subcommand answers: "plan a test" and "the risks
 * of a given test" are two forms of plan; fec has seven. Which form a row
 * takes, and whether it has what that form needs, depends only on which
 * quantities it has: its flags, the columns of a batch header, the
 * non-empty cells of a batch row, or the columns of a watch header. One
 * resolver (form_resolve) decides it wherever quantities arrive, and each
 * condition has one rule with one message: only the location prefix
 * (FILE:LINE:) differs between a flag, a column and a cell.
 */
#ifndef BERCL_FORMS_H
#define BERCL_FORMS_H

#include <stdint.h>

#include "compute.h"
#include "flags.h"
#include "row.h"

/* What a row has: bit q for each quantity q < NQ, then the switches below. */
typedef uint64_t qmask;
#define HAS(q) ((qmask)1 << (q))

enum presence_switch {
	P_SEQUENTIAL = NQ, /* --sequential */
	P_HISTOGRAM,       /* fec --histogram */
	P_CODE,            /* fec --code */
	P_METHOD,          /* fec --method */
	P_BINOMIAL,        /* the binomial model (--model, or a model cell) */
	P_PLAN,            /* watch --plan */
	P_BURSTS,          /* simulate --burst-model gilbert-elliott */
	NPRESENCE
};

struct form {
	enum command cmd;
	const char *name;            /* what it answers, for the man page and tests */
	qmask all, any, none;        /* chosen when it has all of `all`, one of `any`
	                                (0: no need) and none of `none` */
	const unsigned char *rules;  /* its rules (enum rule_id), in the order checked; 0 ends */
	enum compute_status (*compute)(struct row *r); /* NULL: watch (watch.c decides) */
};

extern const struct form forms[];
extern const int nforms;

/* The switches' bits: --sequential, --histogram, --code, the binomial model. */
qmask switch_presence(int sequential, int histogram, int code, int binomial);

/* The form of a row of cmd (form_resolve on its quantities), or NULL with why. */
const struct form *form_of_row(enum command cmd, const struct row_input *in, char *why,
                               size_t len);

/*
 * The form of cmd for a row that has `have`: the form, or NULL with the
 * broken rule's message in why (len bytes).
 */
const struct form *form_resolve(enum command cmd, qmask have, char *why, size_t len);

/*
 * A watch header: errors and bits (or time) columns, and a rate for a time
 * column. Returns 0, or -1 with the message in why.
 */
int form_check_readings(qmask columns, char *why, size_t len);

#endif
