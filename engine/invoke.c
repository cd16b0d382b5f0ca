/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * invoke.c - one invocation of bercl, whichever face makes it (invoke.h):
 * a flag and its value into struct options, the checks that need several
 * flags (the form table's rules, forms.c, and what only flags can get
 * wrong), the output columns (the subcommand's layout, commands.c, under the
 * conditions its flags and batch header give), the row loop of a sweep, and
 * the messages about each row. Every message is written here once; the face
 * only says where it goes (the command: standard error and exit status 2;
 * the page: its message line).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "compute.h"
#include "forms.h"
#include "intervals.h"
#include "invoke.h"

/* why, formatted; returned. */
static const char *msg(char *why, size_t len, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
static const char *msg(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return why;
}

/* A whole message of the face's (usage error, warning) with its kind. */
static void say(const struct invoke_sink *k, const char *kind, const char *text)
{
	k->say(k->ctx, kind, NULL, text);
}

const char *invoke_command_list(char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int c = 0; c < NCOMMANDS && n < len; c++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", c == 0 ? "" : ", ", commands[c].name);
	/* and eye, whose rows are engine/eye.c's own (its flags: the table's F_EYE_ rows) */
	if (n < len)
		snprintf(buf + n, len - n, " or eye");
	return buf;
}

int invoke_command(const char *s, enum command *cmd, char *why, size_t len)
{
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(s, commands[i].name) == 0) {
			*cmd = (enum command)i;
			return 0;
		}
	char list[256];
	msg(why, len, "unknown subcommand '%s' (%s)", s, invoke_command_list(list, sizeof list));
	return -1;
}

int invoke_flag_id(const char *name)
{
	for (int id = 0; id < NFLAGS; id++)
		if (strcmp(name, flags[id].name) == 0)
			return id;
	return -1;
}

const char *invoke_unknown_flag(const char *text, char *why, size_t len)
{
	return msg(why, len, "unknown or malformed flag '%s' (see bercl --help)", text);
}

/* "'bercl X'" for each subcommand that takes the flag: 'bercl ber'. */
static const char *commands_of(int id, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int c = 0; c < NCOMMANDS && n < len; c++)
		if (flags[id].commands & ON(c))
			n += (size_t)snprintf(buf + n, len - n, "%s'bercl %s'", n ? " or " : "",
			                      commands[c].name);
	return buf;
}

/* One flag that is not a quantity: counted, then its row's action on its
 * value (flags.c). */
static const char *take_flag(int id, const char *arg, struct options *o, char *why, size_t len)
{
	const char *bad = flag_admit(o, id, why, len);
	return bad ? bad : flag_act(o, id, arg, why, len);
}

const char *invoke_flag(struct options *o, int id, const char *arg, char *why, size_t len)
{
	char a[32], list[128];
	if (id < NQ) { /* a quantity: its values are read by invoke_quantities */
		if (o->text[id])
			return msg(why, len, "%s given twice", flag_name_in(id, a, sizeof a));
		if (!(flags[id].commands & ON(o->cmd)))
			return msg(why, len, "%s is not used by 'bercl %s'%s", flag_name_in(id, a, sizeof a),
			           commands[o->cmd].name,
			           id == Q_CL && o->cmd == CMD_CL ? " (for a verdict use --require)" : "");
		o->text[id] = arg ? arg : "";
		return NULL;
	}
	if (!(flags[id].commands & ON(o->cmd)))
		return msg(why, len, "%s is only for %s", flag_name_in(id, a, sizeof a),
		           commands_of(id, list, sizeof list));
	return take_flag(id, arg, o, why, len);
}

/*
 * A flag's value refused: the likely mistake that explains it, where there
 * is one (3,000,000,000,000 is the list 3, 0, 0, 0, 0), not the symptom.
 */
static const char *refuse_value(enum quantity q, const char *text, const char *reason, char *why,
                                size_t len)
{
	char a[32];
	if (!quantity_warning(q, text, why, len))
		value_message(why, len, flag_name_in(q, a, sizeof a), text, reason);
	return why;
}

const char *invoke_quantities(struct options *o, char *why, size_t len)
{
	for (int q = 0; q < NQ; q++) {
		if (!o->text[q])
			continue;
		const char *bad;
		if (o->nwarnings < 4 &&
		    quantity_warning((enum quantity)q, o->text[q], o->warnings[o->nwarnings],
		                     sizeof o->warnings[0]))
			o->nwarnings++;
		const char *reason = parse_vlist(o->text[q], flags[q].parse, &o->list[q], &bad);
		if (reason)
			return refuse_value((enum quantity)q, o->text[q], reason, why, len);
		struct row_input probe;
		double ends[2] = {vlist_min(&o->list[q]), vlist_max(&o->list[q])};
		for (int e = 0; e < 2; e++) {
			reason = row_set(&probe, (enum quantity)q, ends[e], 1.0 - ends[e]);
			if (reason)
				return refuse_value((enum quantity)q, o->text[q], reason, why, len);
		}
	}
	return NULL;
}

/* What the flags give, as the form table (forms.c) reads it. */
static qmask flag_presence(const struct options *o)
{
	qmask have = switch_presence(o->sequential, o->histogram != NULL, o->code_text != NULL,
	                             o->model == BERCL_BINOMIAL);
	for (int q = 0; q < NQ; q++)
		if (o->text[q])
			have |= HAS(q);
	if (o->seen[F_METHOD])
		have |= HAS(P_METHOD);
	if (o->plan)
		have |= HAS(P_PLAN);
	if (o->intervals && o->cmd != CMD_WATCH) /* the file gives them */
		have |= HAS(Q_BITS) | HAS(Q_ERRORS);
	if (o->burst_model)
		have |= HAS(P_BURSTS);
	return have;
}

/* The smallest and largest value of quantity q over a sweep (dflt if absent). */
static void sweep_range(const struct options *o, enum quantity q, double dflt, double *lo,
                        double *hi)
{
	*lo = o->text[q] ? vlist_min(&o->list[q]) : dflt;
	*hi = o->text[q] ? vlist_max(&o->list[q]) : dflt;
}

/*
 * A sweep whose every row is out of range is refused before anything is
 * printed: errors above the bits, bits * ber beyond the double range.
 */
static const char *check_sweep_range(const struct options *o, char *why, size_t len)
{
	double bmin, bmax, lmin, lmax, rmin, rmax, kmin, kmax, tmin, tmax;
	int from_baud = !o->text[Q_BITS] && !o->text[Q_RATE] && o->text[Q_BAUD];
	if (o->text[Q_BITS]) {
		sweep_range(o, Q_BITS, 0, &bmin, &bmax);
	} else {
		sweep_range(o, Q_LANES, 1, &lmin, &lmax);
		sweep_range(o, Q_TIME, 0, &tmin, &tmax);
		if (o->text[Q_RATE]) {
			sweep_range(o, Q_RATE, 0, &rmin, &rmax);
		} else {
			sweep_range(o, Q_BITS_PER_SYMBOL, 1, &kmin, &kmax);
			sweep_range(o, Q_BAUD, 0, &rmin, &rmax);
			rmin *= kmin;
			rmax *= kmax;
		}
		bmin = rmin * tmin * lmin;
		bmax = rmax * tmax * lmax;
	}
	double emin = o->text[Q_ERRORS] ? vlist_min(&o->list[Q_ERRORS]) : 0;
	if (o->cmd != CMD_ERRORS && emin > bmax) {
		compute_errors_exceed(why, len, emin, bmax, !o->text[Q_BITS], from_baud);
		return why;
	}
	if (o->cmd == CMD_BER)
		return NULL;
	lmin = bmin * vlist_min(&o->list[Q_BER]);
	lmax = bmax * vlist_max(&o->list[Q_BER]);
	/* the flags that made the bits are named: a tiny --rate too */
	const char *made_by = compute_bits_flags(!o->text[Q_BITS], from_baud);
	if (!(lmax >= BERCL_MIN_LAMBDA))
		return msg(why, len, "bits * ber = %.3g is below 1e-300 (--ber or %s)", lmax, made_by);
	if (!(lmin <= BERCL_MAX_LAMBDA) && isfinite(lmin))
		return msg(why, len, "bits * ber = %.3g is above 1e300 (--ber or %s)", lmin, made_by);
	if (!(lmin <= BERCL_MAX_LAMBDA)) /* no "inf" in a message */
		return msg(why, len, "bits * ber is above 1e300 (--ber or %s)", made_by);
	return NULL;
}

/*
 * Checks that need several flags, made before anything is printed: the
 * form table's rules for the flags (a batch file checks them row by row,
 * with its columns), then what only flags can get wrong. A sweep is refused
 * only where every row would fail; where some rows can be computed, the
 * others keep their place with the reason (invoke_sweep_next).
 */
const char *invoke_check(const struct options *o, char *why, size_t len)
{
	char a[32];
	if (o->intervals && o->cmd != CMD_WATCH &&
	    (o->input || o->text[Q_ERRORS] || o->text[Q_BITS] || o->text[Q_TIME] || o->lane_text))
		return msg(why, len, "--intervals gives the bits and errors: not with %s",
		           o->input ? "--input" : o->text[Q_ERRORS] ? "--errors" : o->text[Q_BITS] ? "--bits"
		           : o->text[Q_TIME] ? "--time" : "--lane-errors");
	if ((o->text[Q_BURST_LENGTH] || o->text[Q_BURST_SHARE]) && !o->burst_model)
		return msg(why, len, "%s needs --burst-model gilbert-elliott",
		           o->text[Q_BURST_LENGTH] ? "--burst-length" : "--burst-share");
	if (o->burst_model && (o->text[Q_RATIO] || o->sequential))
		return msg(why, len, "--burst-model simulates a fixed test: not with %s",
		           o->text[Q_RATIO] ? "--ratio" : "--sequential");
	if (o->burst_model && o->model == BERCL_BINOMIAL)
		return msg(why, len, "--burst-model: the bursts are drawn as Poisson processes; not "
		                     "with --model binomial");
	if (o->clustered && o->plan)
		return msg(why, len, "--clustered decides the fixed test (--ber --cl --errors): not "
		                     "with --plan");
	if (o->intervals && o->model == BERCL_BINOMIAL)
		return msg(why, len, "--intervals: the clustered answer is Poisson's; not with --model "
		                     "binomial");
	char rule[ROW_ERROR_MAX]; /* a form's rule: the message a row would have */
	if (!o->input && !form_resolve(o->cmd, flag_presence(o), rule, sizeof rule))
		return msg(why, len, "%s", rule);
	/* fec's code is a flag only: a batch without it fails as a row at a BER would */
	if (o->cmd == CMD_FEC && !o->code_text && !form_resolve(o->cmd, HAS(Q_BER), rule, sizeof rule))
		return msg(why, len, "%s", rule);
	if (o->lane_text && (o->text[Q_ERRORS] || o->text[Q_LANES] || o->input))
		return msg(why, len, "--lane-errors gives each lane's errors: not with %s",
		           o->text[Q_ERRORS] ? "--errors" : o->text[Q_LANES] ? "--lanes" : "--input");
	if (o->all_lanes && !o->text[Q_LANES] && !o->input)
		return msg(why, len, "--all-lanes needs --lanes (the number of lanes)");
	if (o->histogram && o->input)
		return msg(why, len, "--histogram and --input: give one, not both");
	if (o->seen[F_HISTOGRAM_FORMAT] && !o->histogram)
		return msg(why, len, "--histogram-format is for a --histogram");
	if (o->input) {
		if (o->sequential && o->cmd == CMD_PLAN && !o->text[Q_TRUE_BER])
			return msg(why, len, "--sequential prints a table per plan: with --input give "
			                     "--true-ber");
		for (int q = 0; q < NQ; q++)
			if (o->text[q] && o->list[q].count > 1)
				return msg(why, len, "%s '%s': lists and ranges cannot be used with --input",
				           flag_name_in(q, a, sizeof a), o->text[q]);
		return NULL; /* the rest is checked row by row */
	}
	if (o->cmd == CMD_WATCH) {
		for (int q = 0; q < NQ; q++)
			if (o->text[q] && o->list[q].count > 1)
				return msg(why, len, "%s '%s': watch takes one value", flag_name_in(q, a, sizeof a),
				           o->text[q]);
		return NULL;
	}
	if ((o->cmd == CMD_CL || o->cmd == CMD_BER || o->cmd == CMD_ERRORS ||
	     (o->cmd == CMD_SIMULATE && !o->text[Q_RATIO])) && !o->intervals && !o->elementwise)
		return check_sweep_range(o, why, len); /* --intervals: the file's bits, checked by its row */
	return NULL;
}

void invoke_flags_into(const struct options *o, struct row_input *in)
{
	in->two_sided = o->two_sided;
	in->sequential = o->sequential;
	in->all_lanes = o->all_lanes;
	if (o->code_text) {
		in->code_name = o->code_name;
		in->code = o->code;
	}
	in->tail_sonic = o->tail_sonic;
	in->burst_model = o->burst_model;
	in->clustered = o->clustered;
}

void invoke_base(const struct options *o, struct row_input *base)
{
	row_input_init(base, (enum bercl_model)o->model, o->two_sided, o->sequential);
	invoke_flags_into(o, base);
	if (o->telem)
		base->histogram = o->telem->h[0].bins;
	if (!o->input && o->cmd != CMD_WATCH)
		return; /* a sweep sets its rows' values itself */
	for (int q = 0; q < NQ; q++)
		if (o->text[q]) {
			double c = NAN;
			double v = vlist_value(&o->list[q], 0, &c);
			row_set(base, (enum quantity)q, v, c);
			if (q == Q_CL && o->input) {
				struct vlist_pos first = {0, 0};
				vlist_lo_at(&o->list[q], &first, &base->cl_lo, &base->cl_complement_lo);
			}
		}
}

void invoke_base_intervals(struct row_input *base, const bercl_intervals *sums)
{
	base->intervals = sums;
	base->errors = sums->errors;
	base->bits = sums->bits;
}

/* ---- the output columns ---- */

/* Is quantity q given, by a flag or by a column of the batch file? */
static int given(const struct options *o, const struct batch *b, enum quantity q)
{
	return o->text[q] || (b && batch_has(b, q));
}

void invoke_warn_ignored(const struct options *o, const struct batch *b,
                         const struct invoke_sink *k)
{
	char text[1024], a[32];
	int rate = given(o, b, Q_RATE) || given(o, b, Q_BAUD);
	if (given(o, b, Q_LANES) && !rate && !o->all_lanes && (flags[Q_LANES].commands & ON(o->cmd)))
		say(k, "warning: ", msg(text, sizeof text, "%s is ignored without a rate (--rate or --baud): "
		                                           "bits count every lane",
		                        o->text[Q_LANES] ? "--lanes" : "column 'lanes'"));
	if (given(o, b, Q_BITS_PER_SYMBOL) && !given(o, b, Q_BAUD))
		say(k, "warning: ", msg(text, sizeof text, "%s is ignored without --baud",
		                        o->text[Q_BITS_PER_SYMBOL] ? "--bits-per-symbol"
		                                                   : "column 'bits-per-symbol'"));
	if (o->delimiter && !o->input)
		say(k, "warning: ", "--delimiter is ignored without --input");
	if (o->seen[F_INTERVALS_FORM] && !o->intervals)
		say(k, "warning: ", "--intervals-form is ignored without --intervals");
	if (o->verify && o->cmd == CMD_BITS && o->model == BERCL_BINOMIAL && !(b && b->has_model_column))
		say(k, "warning: ", "--verify: binomial bits rows have no GSL counterpart; none is shown");
	if (!b)
		return;
	for (int q = 0; q < NQ; q++)
		if (o->text[q] && batch_has(b, q))
			say(k, "warning: ", msg(text, sizeof text, "%s '%s' fills only the empty cells of "
			                                           "column '%s' in %s",
			                        flag_name_in(q, a, sizeof a), o->text[q], flags[q].name,
			                        b->name));
	if (o->seen[F_MODEL] && b->has_model_column)
		say(k, "warning: ", msg(text, sizeof text, "--model fills only the empty cells of column "
		                                           "'model' in %s", b->name));
	for (size_t i = 0; i < b->ncols; i++)
		if (b->column_quantity[i] == COLUMN_UNUSED)
			say(k, "warning: ", msg(text, sizeof text, "%s: column '%s' is not used by 'bercl %s': "
			                                           "copied through as '%s'",
			                        b->name, b->header[i], commands[o->cmd].name, b->renamed[i]));
		else if (b->renamed[i])
			say(k, "warning: ", msg(text, sizeof text, "%s: column '%s' is also an output column: "
			                                           "copied through as '%s'",
			                        b->name, b->header[i], b->renamed[i]));
		else if (batch_loose_match(b, i))
			say(k, "warning: ", msg(text, sizeof text, "%s:%ld: column '%s' is not '%s' (a quote "
			                        "opens a cell only as its first byte): copied through",
			                        b->name, b->header_line, b->header[i], batch_loose_match(b, i)));
}

void invoke_warnings(const struct options *o, const struct invoke_sink *k)
{
	for (int i = 0; i < o->nwarnings; i++)
		say(k, "warning: ", o->warnings[i]);
}

const char *invoke_value(const struct options *o, struct layout *l, char *why, size_t len)
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
		return NULL;
	}
	char names[1024];
	size_t n = 0;
	names[0] = '\0';
	for (int i = 0; i < l->ncol && n < sizeof names; i++)
		n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
		                      columns[l->col[i]].name);
	return msg(why, len, "--value '%s': 'bercl %s' has no such column here (it has %s)", o->value,
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

void invoke_layout(const struct options *o, const struct batch *b, struct layout *l)
{
	int plan;
	unsigned have = conditions(o, b, &plan);
	memset(l, 0, sizeof *l);
	l->format = o->value ? FMT_CSV : o->format;
	l->value_col = -1;
	l->value_extra = -1;
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
}

const char *invoke_batch_start(const struct options *o, struct batch *b, struct layout *l,
                               const struct invoke_sink *k, char *why, size_t len)
{
	invoke_layout(o, b, l);
	if (o->value && invoke_value(o, l, why, len))
		return why;
	const char *taken[NCOLUMNS];
	for (int i = 0; i < l->ncol; i++)
		taken[i] = columns[l->col[i]].name;
	if (batch_rename_taken(b, taken, (size_t)l->ncol) < 0)
		return msg(why, len, "%s: out of memory", b->name);
	invoke_warn_ignored(o, b, k);
	const char *dup;
	long dups = batch_rename_duplicates(b, &dup);
	if (dups < 0)
		return msg(why, len, "%s: out of memory", b->name);
	if (dups > 0) {
		char text[1024];
		say(k, "warning: ", msg(text, sizeof text, "%s:%ld: %ld copied column%s repeat%s a name "
		                                           "('%s' first): printed as NAME_2, NAME_3, ...",
		                        b->name, b->header_line, dups, dups > 1 ? "s" : "",
		                        dups > 1 ? "" : "s", dup));
	}
	invoke_warnings(o, k);
	k->header(k->ctx, l);
	return NULL;
}

/* ---- rows and their messages ---- */

/* Rows in the sweep: the product of the lists' lengths (a double: no overflow). */
static double sweep_rows(const struct options *o)
{
	double n = 1;
	for (int q = 0; q < NQ; q++)
		if (o->text[q])
			n *= (double)o->list[q].count;
	return n;
}

/*
 * Where a message is about: "FILE:LINE: " for a batch row; in a sweep of
 * several rows "row N (errors=2 bits=1 ber=0.1): ", naming the values of
 * the flags that make the row; a report's histogram by its port and lane.
 */
static const char *where_of(char *buf, size_t len, const struct options *o, const char *file,
                            int sweep, const struct row *r)
{
	size_t n = 0;
#define PUT(...) (n += n < len ? (size_t)snprintf(buf + n, len - n, __VA_ARGS__) : 0)
	buf[0] = '\0';
	if (file) {
		PUT("%s:%ld: ", file, r->line);
		return buf;
	}
	if (r->port || (r->lane && o->cmd == CMD_FEC)) /* a report's histogram (telemetry.c) */
		PUT("%s%s%s%s: ", r->port ? r->port : "", r->port && r->lane ? " " : "",
		    r->lane ? "lane " : "", r->lane ? r->lane : "");
	if (!sweep || (o->telem && sweep_rows(o) == 1))
		return buf;
	PUT("row %ld (", r->line);
	int first = 1;
	for (int q = 0; q < NQ; q++) {
		if (!o->text[q])
			continue;
		double v = *(const double *)(const void *)((const char *)&r->in + flags[q].value);
		char b[32];
		format_double(b, sizeof b, v);
		PUT("%s%s=%s", first ? "" : " ", flags[q].name, b);
		first = 0;
	}
	PUT("): ");
#undef PUT
	return buf;
}

static int stopped(const struct invoke_sink *k)
{
	return k->stop && *k->stop;
}

int invoke_row(const struct options *o, struct row *r, const char *file, int sweep,
               const struct invoke_sink *k)
{
	char where[4608], text[1024];
	enum compute_status st = compute_row(o->cmd, r);
	if (st != COMPUTE_OK) {
		if (!stopped(k))
			k->say(k->ctx, "", where_of(where, sizeof where, o, file, sweep, r), r->error);
		return st == COMPUTE_INPUT ? INVOKE_USAGE : INVOKE_INTERNAL;
	}
	if (!isnan(r->cer_worst) && !stopped(k)) {
		char x[32], w[32];
		format_double(x, sizeof x, r->in.cer);
		format_double(w, sizeof w, r->cer_worst);
		k->say(k->ctx, "note: ", where_of(where, sizeof where, o, file, sweep, r),
		       msg(text, sizeof text, "cer %s is at least the code's cer at BER 0.5, %s: so "
		                              "ber_max is 0.5, the domain's end", x, w));
	}
	if (r->has_hist && r->hist.model_contradicted && !stopped(k)) {
		/* the counts are in the row's codewords and uncorrectable columns */
		k->say(k->ctx, "warning: ", where_of(where, sizeof where, o, file, sweep, r),
		       r->hist.burst ? "bursts (burst = yes): cer_upper is the exact bound from the "
		                       "uncorrectable count"
		                     : "too many uncorrectable for independent errors: cer_upper is "
		                       "the count's exact bound");
	}
	if (r->ber_capped && !stopped(k))
		k->say(k->ctx, "warning: ", where_of(where, sizeof where, o, file, sweep, r),
		       "Poisson BER bound above 1, past the model: printed as 1 (--model binomial is "
		       "exact)");
	if (o->verify && k->verify) {
		char note[512];
		if (k->verify(k->ctx, o->cmd, r, note, sizeof note)) {
			char bits[32], x[32];
			format_double(bits, sizeof bits, r->bits);
			format_double(x, sizeof x, o->cmd == CMD_BER ? r->in.cl : r->in.ber);
			k->say(k->ctx, "verify: ", where_of(where, sizeof where, o, file, sweep, r),
			       msg(text, sizeof text, "errors=%.0f bits=%s %s=%s: %s", r->in.errors, bits,
			           o->cmd == CMD_BER ? "cl" : "ber", x, note));
		}
	}
	return r->verdict == 0 ? INVOKE_VERDICT : 0;
}

static void raise_status(struct invoke_sweep *it, int st)
{
	if (st > it->status)
		it->status = st;
}

/*
 * The header once, after the first row's messages and the warnings (the
 * input ignored, the flags' likely mistakes): said only once a row is
 * printed, so that a usage error on the only row stays one line.
 */
static void first_header(struct invoke_sweep *it, const struct invoke_sink *k)
{
	if (it->index == 1) {
		invoke_warn_ignored(it->o, NULL, k);
		invoke_warnings(it->o, k);
		k->header(k->ctx, &it->l);
	}
}

/*
 * cl --lane-errors: the rows of one sweep point r0, one per lane, then
 * lane=combined (all bits and errors pooled) and lane=all (the same bits
 * and errors, and the product of the lane CLs: every lane below the BER at
 * once). -1 after a usage error on the first row.
 */
static int lane_rows(struct invoke_sweep *it, const struct row *r0, const struct invoke_sink *k)
{
	const struct options *o = it->o;
	int ok = 1;
	double total = 0, lane_bits = NAN;
	for (int i = 0; i <= o->nlanes + 1; i++) {
		struct row r = *r0;
		if (i < o->nlanes) {
			snprintf(r.lane_name, sizeof r.lane_name, "%d", i + 1);
			r.lane = r.lane_name;
			r.in.errors = o->lane_errors[i];
			total += o->lane_errors[i];
		} else if (i == o->nlanes) {
			r.lane = "combined";
			r.in.errors = total;
			if (!isnan(r.in.bits))
				r.in.bits = r.in.bits * o->nlanes;
			else
				r.in.lanes = o->nlanes; /* bits = rate * time * lanes */
		} else {
			/* every lane below the BER at once: the lanes' bits and errors
			   together (as combined, and as watch's all row), the product CL */
			r.lane = "all";
			r.in.errors = total;
			r.bits = lane_bits * o->nlanes;
			r.in.lanes = o->nlanes;
			if (!ok) {
				snprintf(r.error, sizeof r.error, "a lane has no CL");
			} else if (compute_lanes_all(&r, it->tails, o->nlanes) != COMPUTE_OK) {
				raise_status(it, INVOKE_INTERNAL);
				k->say(k->ctx, "", "", r.error);
			} else if (r.verdict == 0) {
				raise_status(it, INVOKE_VERDICT);
			}
		}
		r.line = ++it->index;
		if (i <= o->nlanes) {
			int st = invoke_row(o, &r, NULL, it->index > 1, k);
			raise_status(it, st);
			if (it->index == 1 && st >= INVOKE_USAGE)
				return -1; /* a usage error: nothing printed */
			if (i < o->nlanes) {
				if (r.error[0])
					ok = 0;
				else
					it->tails[i] = r.tails;
				lane_bits = r.bits;
			}
		}
		first_header(it, k);
		r.after_row = it->printed++ > 0;
		k->row(k->ctx, &it->l, &r);
	}
	return 1;
}

const char *invoke_sweep_start(struct invoke_sweep *it, const struct options *o,
                               const struct row_input *base, const struct invoke_sink *k,
                               char *why, size_t len)
{
	(void)k; /* the warnings wait for the first row (first_header) */
	it->o = o;
	it->base = base;
	for (int q = 0; q < NQ; q++)
		it->lists[q] = o->text[q] ? &o->list[q] : NULL;
	sweep_init(&it->s, it->lists);
	invoke_layout(o, NULL, &it->l);
	if (o->value && invoke_value(o, &it->l, why, len))
		return why;
	it->points = sweep_rows(o);
	it->several = it->points > 1 || (o->telem && o->telem->n > 1);
	it->hist = 0;
	it->undecided = 0;
	it->status = 0;
	it->index = 0;
	it->printed = 0;
	return NULL;
}

/*
 * The sweep's next row; with a report of several histograms (ports, lanes:
 * engine/telemetry.c) the whole sweep for each in turn, its port and lane set.
 */
static int next_point(struct invoke_sweep *it, struct row *r)
{
	const struct telemetry *tm = it->o->telem;
	for (;;) {
		if (sweep_next(&it->s, it->base, r)) {
			if (tm) {
				const struct telemetry_histogram *h = &tm->h[it->hist];
				r->in.histogram = h->bins;
				r->in.hist_groups = h->ngroups;
				r->in.hist_lo = h->lo;
				r->in.hist_hi = h->hi;
				r->in.hist_count = h->count;
				r->port = h->port[0] ? h->port : NULL;
				r->lane = h->lane[0] ? h->lane : NULL;
			}
			return 1;
		}
		if (!tm || ++it->hist >= tm->n)
			return 0;
		sweep_init(&it->s, it->lists);
	}
}

int invoke_sweep_next(struct invoke_sweep *it, const struct invoke_sink *k)
{
	const struct options *o = it->o;
	struct row r;
	if (stopped(k) || !next_point(it, &r))
		return 0;
	if (o->lane_text)
		return lane_rows(it, &r, k);
	r.line = ++it->index;
	/* a plan or simulation row may take seconds in one library call:
	 * with the lines before it written out, a signal ends it at once */
	/* a fec row may search the degraded-SER alarm for seconds (lib/fec_degrade.c) */
	int slow = o->cmd == CMD_PLAN || o->cmd == CMD_SIMULATE || o->cmd == CMD_FEC;
	if (slow && k->slow)
		k->slow(k->ctx, 1);
	int st = invoke_row(o, &r, NULL, it->several, k);
	if (slow && k->slow)
		k->slow(k->ctx, 0);
	if (stopped(k)) {
		plan_free(&r);
		return 0; /* this row was cut short: not printed */
	}
	raise_status(it, st);
	it->undecided |= r.verdict == VERDICT_UNDECIDED;
	if (!it->several && st >= INVOKE_USAGE) {
		plan_free(&r);
		return -1; /* a usage error: nothing printed */
	}
	first_header(it, k);
	/* A row that fails keeps its place, with empty results; the reason
	 * went to the messages, naming the row, and the exit status says so. */
	if (r.seq_table && isnan(r.in.true_ber)) {
		/* a sequential plan: one row per error count, the summary on each */
		size_t n = (size_t)r.seq_rows;
		double errors = r.in.errors;
		for (size_t e = 0; e < n; e++) {
			r.in.errors = (double)e;
			r.pass_bits = r.seq_table[e];
			r.fail_bits = r.seq_table[n + e];
			r.after_row = it->printed++ > 0;
			k->row(k->ctx, &it->l, &r);
		}
		r.in.errors = errors;
		if (k->sequential_words)
			k->sequential_words(k->ctx, &it->l, &r);
	} else {
		r.after_row = it->printed++ > 0;
		k->row(k->ctx, &it->l, &r);
	}
	plan_free(&r);
	return 1;
}

int invoke_sweep_end(struct invoke_sweep *it, const struct invoke_sink *k)
{
	if (it->undecided && it->status == 0 && !stopped(k)) {
		/* a --require verdict neither way (bercl(1)): exit 4, as watch */
		k->say(k->ctx, "", "", "no error in the test: the clustered answer cannot bound bursts "
		                       "without one, so --require is undecided (the Poisson CL is in "
		                       "the cl column)");
		return INVOKE_UNDECIDED;
	}
	return it->status;
}

size_t invoke_message_line(char *buf, size_t len, const char *kind, const char *where,
                           const char *text)
{
	int n;
	if (where) { /* a row's message: as computed */
		n = snprintf(buf, len, "bercl: %s%s%s", kind, where, text);
	} else {
		/* a usage error or warning: one line (line_safe), past 1 KiB cut with "..." */
		char line[1024];
		size_t t = strlen(text);
		if (t >= sizeof line) {
			memcpy(line, text, sizeof line - 4);
			memcpy(line + sizeof line - 4, "...", 4);
		} else {
			memcpy(line, text, t + 1);
		}
		n = snprintf(buf, len, "bercl: %s%s", kind, line_safe(line));
	}
	return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

const char *invoke_histogram(struct options *o, const struct source *src, const char *name, struct telemetry *t,
                             const struct invoke_sink *k, char *why, size_t len)
{
	char err[512];
	if (telemetry_read(src, name, (enum telemetry_format)o->histogram_format, o->code.t, t, err,
	                   sizeof err) != 0)
		return msg(why, len, "--histogram: %s", err);
	if (t->warning[0])
		say(k, "warning: ", t->warning);
	o->telem = t;
	return NULL;
}

const char *invoke_intervals(const struct options *o, const struct source *src, const char *name,
                             bercl_intervals *sums, struct row_input *base,
                             const struct invoke_sink *k, char *why, size_t len)
{
	char err[512];
	struct intervals_note note;
	if (intervals_read(src, name, (enum intervals_form)o->intervals_form, sums, &note, err,
	                   sizeof err) != 0)
		return msg(why, len, "--intervals: %s", err);
	intervals_describe(name, &note, sums, err, sizeof err);
	k->say(k->ctx, "note: ", "", err);
	invoke_base_intervals(base, sums);
	return NULL;
}
