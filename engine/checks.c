/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * checks.c - the command line's rules, as every face applies them: a
 * flag's value taken into struct options (given twice, not for this
 * subcommand, one of a group, an enum's names, a custom reader), each
 * quantity's list read and its domain checked, and the checks that need
 * several flags (the form table's rules, forms.c, and what only flags can
 * get wrong). Each returns 0, or -1 with the one message (without the
 * program's name) in why; the face says it and stops (exit status 2).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "checks.h"
#include "commands.h"
#include "compute.h"
#include "forms.h"
#include "parse.h"

static int fail(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* "--name" of a flag, into buf. */
static const char *flag_text(int id, char *buf, size_t len)
{
	snprintf(buf, len, "--%s", flags[id].name);
	return buf;
}

/* "'bercl X'" for each subcommand that takes the flag: "'bercl ber'". */
static const char *commands_of(int id, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int c = 0; c < NCOMMANDS && k < len; c++)
		if (flags[id].commands & ON(c))
			k += (size_t)snprintf(buf + k, len - k, "%s'bercl %s'", k ? " or " : "",
			                      commands[c].name);
	return buf;
}

const char *request_command_list(char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int c = 0; c < NCOMMANDS && k < len; c++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", c == 0 ? "" :
		                      c + 1 == NCOMMANDS ? " or " : ", ", commands[c].name);
	return buf;
}

int request_subcommand(const char *sub, enum command *cmd, char *why, size_t len)
{
	char list[256];
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(sub, commands[i].name) == 0) {
			*cmd = (enum command)i;
			return 0;
		}
	if (sub[0] == '-')
		return fail(why, len, "missing subcommand before '%s': %s", sub,
		            request_command_list(list, sizeof list));
	return fail(why, len, "unknown subcommand '%s' (%s)", sub, request_command_list(list, sizeof list));
}

/* "poisson or binomial", from an enum flag's names. */
static const char *enum_names(const struct flag_desc *f, char *buf, size_t len)
{
	size_t k = 0, n = 0;
	while (f->values[n])
		n++;
	buf[0] = '\0';
	for (size_t i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
		                      f->values[i]);
	return buf;
}

int request_take(struct options *o, int id, const char *arg, char *why, size_t len)
{
	const struct flag_desc *f = &flags[id];
	char a[32], b[32], list[160];
	if (id < NQ) { /* a quantity: its values are read by request_read_quantities */
		if (o->text[id])
			return fail(why, len, "%s given twice", flag_text(id, a, sizeof a));
		if (!(f->commands & ON(o->cmd)))
			return fail(why, len, "%s is not used by 'bercl %s'%s", flag_text(id, a, sizeof a),
			            commands[o->cmd].name,
			            id == Q_CL && o->cmd == CMD_CL ? " (for a verdict use --require)" : "");
		o->text[id] = arg;
		return 0;
	}
	if (!(f->commands & ON(o->cmd)))
		return fail(why, len, "%s is only for %s", flag_text(id, a, sizeof a),
		            commands_of(id, list, sizeof list));
	if (f->once && o->seen[id])
		return fail(why, len, "%s given twice", flag_text(id, a, sizeof a));
	for (int other = NQ; f->group && other < NFLAGS; other++)
		if (other != id && flags[other].group == f->group && o->seen[other])
			return fail(why, len, "%s and %s: give one", flag_text(other < id ? other : id, a, sizeof a),
			            flag_text(other < id ? id : other, b, sizeof b));
	o->seen[id]++;
	void *field = f->option == NO_FIELD ? NULL : (char *)o + f->option;
	switch (f->action) {
	case ACT_SWITCH:
		*(int *)field = 1;
		break;
	case ACT_FILE:
		if (arg[0] == '\0')
			return fail(why, len, "%s: empty file name", flag_text(id, a, sizeof a));
		/* fall through */
	case ACT_STRING:
		*(const char **)field = arg;
		break;
	case ACT_ENUM: {
		int v = name_index(arg, f->values);
		if (v >= 0) {
			*(int *)field = v;
			return 0;
		}
		char reason[256];
		snprintf(reason, sizeof reason, "unknown %s (%s)", f->noun, enum_names(f, list, sizeof list));
		value_message(why, len, flag_text(id, a, sizeof a), arg, reason);
		return -1;
	}
	case ACT_CUSTOM:
		if (f->custom(arg, o, why, len))
			return -1;
		break;
	case ACT_HELP: /* the face carries them out once the whole line is read */
	case ACT_VERSION:
	case ACT_QUANTITY:
		break;
	}
	return 0;
}

/*
 * A flag's value refused: the likely mistake that explains it, where there
 * is one (3,000,000,000,000 is the list 3, 0, 0, 0, 0), not the symptom.
 */
static int refuse_value(enum quantity q, const char *text, const char *reason, char *why,
                        size_t len)
{
	char a[32];
	if (!quantity_warning(q, text, why, len))
		value_message(why, len, flag_text(q, a, sizeof a), text, reason);
	return -1;
}

int request_read_quantities(struct options *o, char *why, size_t len)
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
		for (int k = 0; k < 2; k++) {
			reason = row_set(&probe, (enum quantity)q, ends[k], 1.0 - ends[k]);
			if (reason)
				return refuse_value((enum quantity)q, o->text[q], reason, why, len);
		}
	}
	return 0;
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
static int check_sweep_range(const struct options *o, char *why, size_t len)
{
	double bmin, bmax, lmin, lmax, rmin, rmax, kmin, kmax, tmin, tmax;
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
		compute_errors_exceed(why, len, emin, bmax, !o->text[Q_BITS]);
		return -1;
	}
	if (o->cmd == CMD_BER)
		return 0;
	lmin = bmin * vlist_min(&o->list[Q_BER]);
	lmax = bmax * vlist_max(&o->list[Q_BER]);
	if (!(lmax >= BERCL_MIN_LAMBDA))
		return fail(why, len, "bits * ber = %.3g is below 1e-300 (--bits or --time, --ber)", lmax);
	if (!(lmin <= BERCL_MAX_LAMBDA) && isfinite(lmin))
		return fail(why, len, "bits * ber = %.3g is above 1e300 (--bits or --time, --ber)", lmin);
	if (!(lmin <= BERCL_MAX_LAMBDA)) /* no "inf" in a message */
		return fail(why, len, "bits * ber is above 1e300 (--bits or --time, --ber)");
	return 0;
}

/*
 * Checks that need several flags, made before anything is printed: the
 * form table's rules for the flags (a batch file checks them row by row,
 * with its columns), then what only flags can get wrong. A sweep is refused
 * only where every row would fail; where some rows can be computed, the
 * others keep their place with the reason (run_sweep).
 */
int request_check(const struct options *o, char *why, size_t len)
{
	char a[32];
	if (o->intervals && o->cmd != CMD_WATCH &&
	    (o->input || o->text[Q_ERRORS] || o->text[Q_BITS] || o->text[Q_TIME] || o->lane_text))
		return fail(why, len, "--intervals gives the bits and errors: not with %s",
		            o->input ? "--input" : o->text[Q_ERRORS] ? "--errors" : o->text[Q_BITS] ? "--bits"
		            : o->text[Q_TIME] ? "--time" : "--lane-errors");
	if ((o->text[Q_BURST_LENGTH] || o->text[Q_BURST_SHARE]) && !o->burst_model)
		return fail(why, len, "%s needs --burst-model gilbert-elliott",
		            o->text[Q_BURST_LENGTH] ? "--burst-length" : "--burst-share");
	if (o->burst_model && (o->text[Q_RATIO] || o->sequential))
		return fail(why, len, "--burst-model simulates a fixed test: not with %s",
		            o->text[Q_RATIO] ? "--ratio" : "--sequential");
	if (o->burst_model && o->model == BERCL_BINOMIAL)
		return fail(why, len, "--burst-model: the bursts are drawn as Poisson processes; not with --model "
		            "binomial");
	if (o->clustered && o->plan)
		return fail(why, len, "--clustered decides the fixed test (--ber --cl --errors): not with --plan");
	if (o->intervals && o->model == BERCL_BINOMIAL)
		return fail(why, len, "--intervals: the clustered answer is Poisson's; not with --model binomial");
	if (!o->input && !form_resolve(o->cmd, flag_presence(o), why, len))
		return -1;
	/* fec's code is a flag only: a batch without it fails as a row at a BER would */
	if (o->cmd == CMD_FEC && !o->code_text && !form_resolve(o->cmd, HAS(Q_BER), why, len))
		return -1;
	if (o->lane_text && (o->text[Q_ERRORS] || o->text[Q_LANES] || o->input))
		return fail(why, len, "--lane-errors gives each lane's errors: not with %s",
		            o->text[Q_ERRORS] ? "--errors" : o->text[Q_LANES] ? "--lanes" : "--input");
	if (o->all_lanes && !o->text[Q_LANES] && !o->input)
		return fail(why, len, "--all-lanes needs --lanes (the number of lanes)");
	if (o->histogram && o->input)
		return fail(why, len, "--histogram and --input: give one, not both");
	if (o->seen[F_HISTOGRAM_FORMAT] && !o->histogram)
		return fail(why, len, "--histogram-format is for a --histogram");
	if (o->input) {
		if (o->sequential && o->cmd == CMD_PLAN && !o->text[Q_TRUE_BER])
			return fail(why, len, "--sequential prints a table per plan: with --input give --true-ber");
		for (int q = 0; q < NQ; q++)
			if (o->text[q] && o->list[q].count > 1)
				return fail(why, len, "%s '%s': lists and ranges cannot be used with --input",
				            flag_text(q, a, sizeof a), o->text[q]);
		return 0; /* the rest is checked row by row */
	}
	if (o->cmd == CMD_WATCH) {
		for (int q = 0; q < NQ; q++)
			if (o->text[q] && o->list[q].count > 1)
				return fail(why, len, "%s '%s': watch takes one value", flag_text(q, a, sizeof a), o->text[q]);
		return 0;
	}
	if ((o->cmd == CMD_CL || o->cmd == CMD_BER || o->cmd == CMD_ERRORS ||
	     (o->cmd == CMD_SIMULATE && !o->text[Q_RATIO])) && !o->intervals)
		return check_sweep_range(o, why, len); /* --intervals: the file's bits, checked by its row */
	return 0;
}
