/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * layout.c - which output columns a run prints (the subcommand's layout,
 * commands.c, under the conditions its flags and batch header give), the
 * column --value picks, and the warnings about input that is ignored.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "layout.h"
#include "telemetry.h"

/* Is quantity q given, by a flag or by a column of the batch file? */
static int given(const struct options *o, const struct batch *b, enum quantity q)
{
	return o->text[q] || (b && batch_has(b, q));
}

/* Input that is ignored or overridden gets a warning, before any output. */
void warn_ignored(const struct options *o, const struct batch *b)
{
	int rate = given(o, b, Q_RATE) || given(o, b, Q_BAUD);
	if (given(o, b, Q_LANES) && !rate && !o->all_lanes && (flags[Q_LANES].commands & ON(o->cmd)))
		warning("%s is ignored without a rate (--rate or --baud): bits count every lane",
		        o->text[Q_LANES] ? "--lanes" : "column 'lanes'");
	if (given(o, b, Q_BITS_PER_SYMBOL) && !given(o, b, Q_BAUD))
		warning("%s is ignored without --baud", o->text[Q_BITS_PER_SYMBOL] ? "--bits-per-symbol"
		                                                               : "column 'bits-per-symbol'");
	if (o->delimiter && !o->input)
		warning("--delimiter is ignored without --input");
	if (o->seen[F_INTERVALS_FORM] && !o->intervals)
		warning("--intervals-form is ignored without --intervals");
	if (o->verify && o->cmd == CMD_BITS && o->model == BERCL_BINOMIAL && !(b && b->has_model_column))
		warning("--verify: binomial bits rows have no GSL counterpart; none is shown");
	if (!b)
		return;
	for (int q = 0; q < NQ; q++)
		if (o->text[q] && batch_has(b, q))
			warning("%s '%s' fills only the empty cells of column '%s' in %s", flag_name(q),
			        o->text[q], flags[q].name, b->name);
	if (o->seen[F_MODEL] && b->has_model_column)
		warning("--model fills only the empty cells of column 'model' in %s", b->name);
	for (size_t i = 0; i < b->ncols; i++)
		if (b->column_quantity[i] == COLUMN_UNUSED)
			warning("%s: column '%s' is not used by 'bercl %s': copied through as '%s'",
			        b->name, b->header[i], commands[o->cmd].name, b->renamed[i]);
		else if (b->renamed[i])
			warning("%s: column '%s' is also an output column: copied through as '%s'",
			        b->name, b->header[i], b->renamed[i]);
		else if (batch_loose_match(b, i))
			warning("%s:%ld: column '%s' is not recognised: without its quotes and blanks it "
			        "would be '%s' (a quote opens a cell only as its first byte); copied "
			        "through as it is",
			        b->name, b->header_line, b->header[i], batch_loose_match(b, i));
}

/* --value COLUMN: the layout's column of that name, or a batch pass-through one. */
void choose_value(const struct options *o, struct layout *l)
{
	l->value_col = -1;
	l->value_extra = -1;
	for (int i = 0; i < l->ncol; i++)
		if (strcmp(o->value, columns[l->col[i]].name) == 0)
			l->value_col = i;
	for (size_t i = 0; l->value_col < 0 && i < l->nextra; i++)
		if (strcmp(o->value, l->extra_names[i]) == 0)
			l->value_extra = (long)i;
	if (l->value_col >= 0 || l->value_extra >= 0) {
		l->format = FMT_VALUE;
		return;
	}
	char names[1024];
	size_t k = 0;
	names[0] = '\0';
	for (int i = 0; i < l->ncol && k < sizeof names; i++)
		k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "",
		                      columns[l->col[i]].name);
	usage_error("--value '%s': 'bercl %s' has no such column here (it has %s)", o->value,
	            commands[o->cmd].name, names);
}

/* The layout conditions of a fec row: its form's columns (forms.c). */
static unsigned fec_conditions(const struct options *o, const struct batch *b)
{
	unsigned have = 0;
#define GIVEN(q) (o->text[q] || (b && batch_has(b, q)))
	int counts = GIVEN(Q_CODEWORDS) || GIVEN(Q_UNCORRECTABLE);
	int test = GIVEN(Q_BITS) || GIVEN(Q_TIME);
	int degrade = GIVEN(Q_DEGRADE_INTERVAL) || GIVEN(Q_DEGRADE_THRESHOLD);
	int mode = GIVEN(Q_BER) || GIVEN(Q_SER) || GIVEN(Q_CER) || test || counts || o->histogram;
	if (GIVEN(Q_BER) || GIVEN(Q_SER))
		have |= WHEN_FEC_BER;
	if (GIVEN(Q_BER) || GIVEN(Q_SER) || GIVEN(Q_CER))
		have |= WHEN_FEC_CER;
	if (o->histogram || GIVEN(Q_INTERLEAVE) || GIVEN(Q_FRAMES_PER_CODEWORD))
		have |= WHEN_FEC_FLR;
	if (degrade)
		have |= WHEN_FEC_DEGRADE;
	if (degrade && GIVEN(Q_RATE))
		have |= WHEN_FEC_DEGRADE_TIME;
	if (degrade && !mode)
		have |= WHEN_FEC_BER | WHEN_FEC_CER; /* the inverse: at degrade_p = 1/2 */
	if (GIVEN(Q_CER) && (!counts || b))
		have |= WHEN_FEC_BER_MAX;
	if (test)
		have |= WHEN_FEC_TEST;
	if (counts || o->histogram)
		have |= WHEN_FEC_COUNTS;
	if (GIVEN(Q_CL) || (counts && GIVEN(Q_CER)))
		have |= WHEN_FEC_CL;
	if (GIVEN(Q_CL) && (test || counts || o->histogram))
		have |= WHEN_FEC_CER_UPPER;
	if (o->histogram)
		have |= WHEN_FEC_HIST;
#undef GIVEN
	return have;
}

/*
 * When each column of the subcommand's layout shows (enum show_when): from
 * the format, the flags and the batch header's columns; *plan: a plan's rows.
 */
static unsigned conditions(const struct options *o, const struct batch *b, int *plan)
{
	unsigned have = 0;
	int machine = o->format != FMT_TEXT || o->value;
	if (machine)
		have |= WHEN_MACHINE;
	if (machine || o->model == BERCL_BINOMIAL)
		have |= WHEN_MODEL_SHOWN;
	if (!machine && o->model == BERCL_BINOMIAL)
		have |= WHEN_BINOMIAL_TEXT;
	if (given(o, b, Q_TIME) || given(o, b, Q_RATE) || given(o, b, Q_BAUD))
		have |= WHEN_TIME;
	if (given(o, b, Q_REQUIRE))
		have |= WHEN_REQUIRE;
	if (o->verify)
		have |= WHEN_VERIFY;
	if (o->two_sided)
		have |= WHEN_TWO_SIDED;
	if (o->intervals || o->burst_model)
		have |= WHEN_CLUSTERED;
	int plan_ = o->cmd == CMD_PLAN || o->text[Q_RATIO] || o->plan ||
	           (b && batch_has(b, Q_RATIO));
	have |= plan_ ? WHEN_PLAN : WHEN_NOT_PLAN;
	if (o->cmd == CMD_PLAN && (machine || given(o, b, Q_ALPHA)))
		have |= WHEN_TARGETS;
	have |= o->sequential ? WHEN_SEQUENTIAL : WHEN_FIXED;
	if (o->text[Q_READING_INTERVAL] || (b && batch_has(b, Q_READING_INTERVAL)))
		have |= WHEN_READINGS;
	else
		have |= WHEN_CONTINUOUS;
	int true_ber = o->text[Q_TRUE_BER] || (b && batch_has(b, Q_TRUE_BER));
	if (true_ber)
		have |= WHEN_TRUE_BER;
	else if (o->sequential)
		have |= WHEN_TABLE;
	if (!(have & WHEN_TABLE) || o->format != FMT_TEXT)
		have |= WHEN_SUMMARY;
	if (o->lane_text || (o->telem && o->telem->has_lane))
		have |= WHEN_LANE;
	if ((have & WHEN_TIME) || o->all_lanes)
		have |= WHEN_LANES_SHOWN;
	if (o->all_lanes)
		have |= WHEN_ALL_LANES;
	if (o->cmd == CMD_FEC)
		have |= fec_conditions(o, b);
	*plan = plan_;
	return have;
}

/* The output columns, from the subcommand's layout (commands.c). */
void make_layout(const struct options *o, const struct batch *b, struct layout *l)
{
	int plan;
	unsigned have = conditions(o, b, &plan);
	memset(l, 0, sizeof *l);
	l->format = o->value ? FMT_CSV : o->format;
	if (b) {
		l->extra_names = b->extra_names;
		l->nextra = b->nextra;
	}
	build_layout(o->cmd, have, l);
	if (o->cmd == CMD_FEC && !(o->telem && o->telem->has_port)) {
		/* the port column only where the report names ports (the show_when
		   bits are all taken) */
		int n = 0;
		for (int i = 0; i < l->ncol; i++)
			if (l->col[i] != COL_PORT)
				l->col[n++] = l->col[i];
		l->ncol = n;
	}
	if (plan)
		l->sentence = 0;
	int has_error = 0;
	for (int i = 0; i < l->ncol; i++)
		has_error |= l->col[i] == COL_ERROR;
	if (b && !has_error) /* a batch row that cannot be computed says why */
		l->col[l->ncol++] = COL_ERROR;
	if (o->value)
		choose_value(o, l);
}

