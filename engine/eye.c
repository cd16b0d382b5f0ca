/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eye.c - bercl eye: the flags, the scan readers, the rows and their cells
 * (eye.h). The numerics are libbercl's (lib/eye_fit.c, lib/normal.c).
 *
 * SCAN FORMATS
 *   csv: a header naming the columns (any order, any case; others are
 *     ignored): `offset`, `bits`, and `errors` or `ber` (errors =
 *     ber x bits rounded to a whole number; with both, errors are used),
 *     optionally `edge` (left/right on the time axis, lower/upper on the
 *     voltage axis, empty: from the offset). Separator ',' ';' or tab, the
 *     one the header holds most; lines starting with '#' and blank lines
 *     skipped; a UTF-8 byte-order mark and CR LF accepted; a cell may be
 *     quoted ("..."). Offsets in UI (time) or the file's unit (voltage);
 *     bits with an SI suffix allowed (1G).
 *   ibert: the eye-scan CSV that Vivado's hardware manager writes
 *     (write_hw_sio_scan) for AMD/Xilinx IBERT: `key,value` lines
 *     (`Horizontal Range,-0.500 UI to 0.500 UI`, `Dwell BER`, ...), then
 *     `Scan Start`, a row `2d statistical` or `1d bathtub` followed by the
 *     horizontal codes, one row per vertical code (the code, then a BER per
 *     horizontal code), and `Scan End` (the layout read by open tools such
 *     as pylinx's ScanStructure, and its test export from Vivado 2017.4).
 *     The time axis takes the row of the vertical code nearest 0, its
 *     codes mapped linearly onto the Horizontal Range (default -0.5 to 0.5
 *     UI); the voltage axis takes the column of the horizontal code
 *     nearest 0, offsets the vertical codes. The export holds a BER per
 *     point, not counts: the least BER above 0 in the scan is the floor it
 *     writes where no error was counted (ChipScoPy's ber_floor_value), so
 *     the bits per point are 1 / floor, a point at the floor counts 0
 *     errors and another BER / floor rounded. The note printed says so.
 *   auto: ibert where a line starts `Scan Start` or the first starts `SW
 *     Version`, else csv.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "eye.h"
#include "flags.h"
#include "format.h"
#include "human.h"
#include "numbers.h"
#include "parse.h"
#include "request.h"

#define LINE_MAX_BYTES 4096
#define MAX_CELLS 1100

/* ---- messages ---- */

static int fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	line_safe(err);
	return -1;
}

/* ---- flags (their rows: flags.c, from F_EYE_INPUT; their actions: request.c) ---- */

void eye_request_init(struct eye_request *rq)
{
	memset(rq, 0, sizeof *rq);
	rq->scan_format = EYE_SCAN_AUTO;
	rq->axis = BERCL_EYE_TIME;
	rq->method = BERCL_EYE_LIKELIHOOD;
	rq->ber[0] = 1e-12;
	rq->nber = 1;
	rq->cl = 0.95;
	rq->one_minus_cl = 0.05;
	rq->rho = 0.5;
	rq->fit_below = BERCL_EYE_FIT_BELOW;
	rq->format = EYE_TEXT;
}

/* The flag an argument names: --name, --name=value, -x; -1 if none. */
static int flag_of(const char *a, const char **inline_value)
{
	*inline_value = NULL;
	if (a[0] == '-' && a[1] == '-') {
		const char *eq = strchr(a + 2, '=');
		size_t n = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
		for (int f = F_EYE_INPUT; f < NFLAGS_ALL; f++)
			if (strlen(flags[f].name) == n && strncmp(a + 2, flags[f].name, n) == 0) {
				if (eq)
					*inline_value = eq + 1;
				return f;
			}
		return -1;
	}
	if (a[0] == '-' && a[1] && a[2] == '\0')
		for (int f = F_EYE_INPUT; f < NFLAGS_ALL; f++)
			if (flags[f].letter == a[1])
				return f;
	return -1;
}

const char *eye_request_check(const struct eye_request *rq, char *err, size_t len)
{
	if (rq->plan) {
		if (!rq->have_half_width) {
			snprintf(err, len, "--plan needs --half-width W (the interval's half-width to reach)");
			return err;
		}
		if (!rq->input && !(rq->have_sigma && rq->have_dj)) {
			snprintf(err, len, "--plan needs a rough eye: --sigma S and --dj D, or a first scan "
			                   "by -i FILE");
			return err;
		}
		if (rq->input && (rq->have_sigma || rq->have_dj)) {
			snprintf(err, len, "--plan takes the rough eye from -i FILE or from --sigma and --dj, "
			                   "not both");
			return err;
		}
		if (!rq->input && rq->noffsets == 0) {
			snprintf(err, len, "--plan needs the offsets to scan: --offsets LIST (or a first "
			                   "scan by -i FILE)");
			return err;
		}
		if (!rq->input && rq->axis != BERCL_EYE_TIME) {
			snprintf(err, len, "--sigma and --dj describe a time-axis eye: plan a voltage scan "
			                   "from a first scan by -i FILE");
			return err;
		}
		if (rq->nber != 1) {
			snprintf(err, len, "--plan takes one --ber");
			return err;
		}
		if (rq->method != BERCL_EYE_LIKELIHOOD) {
			snprintf(err, len, "--plan is for --method likelihood (the regression has no "
			                   "interval)");
			return err;
		}
		if (!rq->input && rq->rho == 0) {
			snprintf(err, len, "--plan with --sigma and --dj takes rho as given, not fit");
			return err;
		}
	} else {
		const int given[] = {rq->have_half_width, rq->have_sigma, rq->have_dj,
		                     rq->noffsets > 0, rq->have_rate};
		static const enum flag_id plan_only[] = {F_EYE_HALF_WIDTH, F_EYE_SIGMA, F_EYE_DJ,
		                                         F_EYE_OFFSETS, F_EYE_RATE};
		for (size_t k = 0; k < sizeof plan_only / sizeof plan_only[0]; k++)
			if (given[k]) {
				snprintf(err, len, "--%s is for --plan", flags[plan_only[k]].name);
				return err;
			}
	}
	if (!rq->input && !rq->plan) {
		snprintf(err, len, "eye: the scan is required: -i FILE (bercl eye --help)");
		return err;
	}
	if (rq->axis == BERCL_EYE_VOLTAGE && rq->rho_given) {
		snprintf(err, len, "--transition-density is for the time axis (the voltage model's "
		                   "rails each weigh 1/2)");
		return err;
	}
	if (rq->method == BERCL_EYE_REGRESSION && rq->rho_given && rq->rho == 0) {
		snprintf(err, len, "--transition-density fit needs --method likelihood (the "
		                   "regression takes rho as given)");
		return err;
	}
	return NULL;
}

const char *eye_parse_args(int argc, char *const argv[], struct eye_request *rq, char *err,
                           size_t len)
{
	/* the flag table's machinery (flags.c) counts each flag, refuses one
	 * given twice or beside its group's other, and acts on its value */
	struct options o;
	memset(&o, 0, sizeof o);
	o.eye = rq;
	eye_request_init(rq);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v;
		char q[64];
		int f = flag_of(a, &v);
		if (f < 0) {
			if (a[0] == '-' && a[1])
				snprintf(err, len, "eye: unknown flag '%s' (bercl eye --help)",
				         shown_text(a, q, sizeof q));
			else
				snprintf(err, len, "eye: unexpected argument '%s' (the scan is -i FILE)",
				         shown_text(a, q, sizeof q));
			return line_safe(err);
		}
		char name[40];
		flag_name_in(f, name, sizeof name);
		if (flag_admit(&o, f, err, len))
			return err;
		if (flags[f].arg && !v) {
			if (i + 1 >= argc) {
				snprintf(err, len, "%s needs a value (%s)", name, flags[f].arg);
				return err;
			}
			v = argv[++i];
		} else if (!flags[f].arg && v) {
			snprintf(err, len, "%s takes no value", name);
			return err;
		}
		if (flag_act(&o, f, v, err, len))
			return line_safe(err);
	}
	if (rq->help)
		return NULL;
	return eye_request_check(rq, err, len);
}

/* ---- the columns ---- */

enum col_when {
	W_EDGE = 1,       /* on the edge rows */
	W_EYE = 2,        /* on the eye rows */
	W_TIME = 4,
	W_VOLTAGE = 8,
	W_INTERVAL = 16,  /* likelihood only */
	W_REGRESSION = 32,
};

enum col_id {
	C_EDGE, C_POINTS, C_MU, C_MU_LO, C_MU_HI, C_SIGMA, C_SIGMA_LO, C_SIGMA_HI, C_RHO,
	C_BER, C_EO, C_EO_LO, C_EO_HI, C_TJ, C_TJ_LO, C_TJ_HI, C_RJ, C_RJ_LO, C_RJ_HI, C_DJ,
	C_DJ_LO, C_DJ_HI, C_Q, C_Q_LO, C_Q_HI, C_THRESHOLD, C_BER_AT_THRESHOLD, C_FIT_P,
	C_R_SQUARED, NCOLS
};

struct col_desc {
	const char *name;    /* machine formats and --value (SPEC) */
	const char *title;   /* text */
	unsigned when;
};

static const struct col_desc cols[NCOLS] = {
	[C_EDGE] = {"edge", "edge", W_EDGE | W_EYE},
	[C_POINTS] = {"points", "points", W_EDGE},
	[C_MU] = {"mu", "mu", W_EDGE},
	[C_MU_LO] = {"mu_lower", "mu lower", W_EDGE | W_INTERVAL},
	[C_MU_HI] = {"mu_upper", "mu upper", W_EDGE | W_INTERVAL},
	[C_SIGMA] = {"sigma", "sigma", W_EDGE},
	[C_SIGMA_LO] = {"sigma_lower", "sigma lower", W_EDGE | W_INTERVAL},
	[C_SIGMA_HI] = {"sigma_upper", "sigma upper", W_EDGE | W_INTERVAL},
	[C_RHO] = {"rho", "rho", W_EDGE},
	[C_BER] = {"ber", "BER", W_EYE},
	[C_EO] = {"eye_opening", "eye opening", W_EYE},
	[C_EO_LO] = {"eye_opening_lower", "lower", W_EYE | W_INTERVAL},
	[C_EO_HI] = {"eye_opening_upper", "upper", W_EYE | W_INTERVAL},
	[C_TJ] = {"tj", "TJ", W_EYE | W_TIME},
	[C_TJ_LO] = {"tj_lower", "lower", W_EYE | W_TIME | W_INTERVAL},
	[C_TJ_HI] = {"tj_upper", "upper", W_EYE | W_TIME | W_INTERVAL},
	[C_RJ] = {"rj", "RJ", W_EYE | W_TIME},
	[C_RJ_LO] = {"rj_lower", "lower", W_EYE | W_TIME | W_INTERVAL},
	[C_RJ_HI] = {"rj_upper", "upper", W_EYE | W_TIME | W_INTERVAL},
	[C_DJ] = {"dj", "DJ", W_EYE | W_TIME},
	[C_DJ_LO] = {"dj_lower", "lower", W_EYE | W_TIME | W_INTERVAL},
	[C_DJ_HI] = {"dj_upper", "upper", W_EYE | W_TIME | W_INTERVAL},
	[C_Q] = {"q", "Q", W_EYE | W_VOLTAGE},
	[C_Q_LO] = {"q_lower", "lower", W_EYE | W_VOLTAGE | W_INTERVAL},
	[C_Q_HI] = {"q_upper", "upper", W_EYE | W_VOLTAGE | W_INTERVAL},
	[C_THRESHOLD] = {"threshold", "threshold", W_EYE | W_VOLTAGE},
	[C_BER_AT_THRESHOLD] = {"ber_at_threshold", "BER there", W_EYE | W_VOLTAGE},
	[C_FIT_P] = {"fit_p", "fit p", W_EYE | W_INTERVAL},
	[C_R_SQUARED] = {"r_squared", "R^2", W_EDGE | W_EYE | W_REGRESSION},
};

static int col_shown(const struct eye_request *rq, int c)
{
	unsigned w = cols[c].when;
	if ((w & W_TIME) && rq->axis != BERCL_EYE_TIME)
		return 0;
	if ((w & W_VOLTAGE) && rq->axis != BERCL_EYE_VOLTAGE)
		return 0;
	if ((w & W_INTERVAL) && rq->method != BERCL_EYE_LIKELIHOOD)
		return 0;
	if ((w & W_REGRESSION) && rq->method != BERCL_EYE_REGRESSION)
		return 0;
	return 1;
}

static const char *edge_name(enum bercl_eye_axis axis, int e)
{
	if (axis == BERCL_EYE_TIME)
		return e == 0 ? "left" : "right";
	return e == 0 ? "lower" : "upper";
}

/*
 * Row r (0, 1 the edges, 2 + j the eye at ber[j]) and column c: its
 * value in *v, or its text; 0 where the cell is blank.
 */
static int cell(const struct eye_request *rq, const struct eye_result *res, int r, int c,
                double *v, const char **text)
{
	*text = NULL;
	int is_edge = r < 2;
	if (!(cols[c].when & (is_edge ? W_EDGE : W_EYE)))
		return 0;
	const bercl_eye_stats *f = &res->fit;
	if (c == C_EDGE) {
		*text = is_edge ? edge_name(rq->axis, r) : "eye";
		return 1;
	}
	if (is_edge) {
		const bercl_eye_edge *e = &f->edge[r];
		switch (c) {
		case C_POINTS: *v = e->points; return 1;
		case C_MU: *v = e->mu.value; return 1;
		case C_MU_LO: *v = e->mu.lower; return 1;
		case C_MU_HI: *v = e->mu.upper; return 1;
		case C_SIGMA: *v = e->sigma.value; return 1;
		case C_SIGMA_LO: *v = e->sigma.lower; return 1;
		case C_SIGMA_HI: *v = e->sigma.upper; return 1;
		case C_RHO: *v = e->rho; return 1;
		case C_R_SQUARED: *v = e->r_squared; return 1;
		default: return 0;
		}
	}
	const bercl_eye_at_ber *a = &res->at[r - 2];
	switch (c) {
	case C_BER: *v = a->ber; return 1;
	case C_EO: *v = a->eye_opening.value; return 1;
	case C_EO_LO: *v = a->eye_opening.lower; return 1;
	case C_EO_HI: *v = a->eye_opening.upper; return 1;
	case C_TJ: *v = a->tj.value; return 1;
	case C_TJ_LO: *v = a->tj.lower; return 1;
	case C_TJ_HI: *v = a->tj.upper; return 1;
	case C_RJ: *v = f->rj.value; return 1;
	case C_RJ_LO: *v = f->rj.lower; return 1;
	case C_RJ_HI: *v = f->rj.upper; return 1;
	case C_DJ: *v = f->dj.value; return 1;
	case C_DJ_LO: *v = f->dj.lower; return 1;
	case C_DJ_HI: *v = f->dj.upper; return 1;
	case C_Q: *v = f->q.value; return 1;
	case C_Q_LO: *v = f->q.lower; return 1;
	case C_Q_HI: *v = f->q.upper; return 1;
	case C_THRESHOLD: *v = f->threshold; return 1;
	case C_BER_AT_THRESHOLD: *v = f->ber_at_threshold; return 1;
	case C_FIT_P:
		if (f->df < 1)
			return 0; /* no degree of freedom: no test */
		*v = f->fit_p;
		return 1;
	case C_R_SQUARED: *v = f->r_squared; return 1;
	default: return 0;
	}
}

/* ---- the plan's columns ---- */

enum plan_col { P_OFFSET, P_BITS, P_TIME, P_TOTAL, P_HALF_WIDTH, NPCOLS };

static const struct col_desc pcols[NPCOLS] = {
	[P_OFFSET] = {"offset", "offset", 0},
	[P_BITS] = {"bits", "bits", 0},
	[P_TIME] = {"time_s", "test time", 0},
	[P_TOTAL] = {"total_bits", "total bits", 0},
	[P_HALF_WIDTH] = {"half_width", "half-width", 0},
};

static int pcol_shown(const struct eye_result *res, int c)
{
	return c != P_TIME || res->has_time;
}

static double pcell(const struct eye_result *res, int r, int c)
{
	switch (c) {
	case P_OFFSET: return res->plan_offset[r];
	case P_BITS: return res->plan_bits;
	case P_TIME: return res->time_s;
	case P_TOTAL: return res->total_bits;
	default: return res->half_width;
	}
}

/* ---- rendering ---- */

struct out {
	char *buf;
	size_t len, pos;
};

static void put(struct out *o, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	size_t k = clamped(n, sizeof tmp);
	if (o->pos + k < o->len)
		memcpy(o->buf + o->pos, tmp, k);
	o->pos += k;
}

/* A number for a machine format (shortest round trip; whole numbers as
 * integers); for text, 6 significant digits (whole numbers as integers). */
static void number(char *b, size_t len, double v, int text)
{
	if (!text || (fabs(v) < 1e15 && v == floor(v))) {
		format_double(b, len, v);
		return;
	}
	snprintf(b, len, "%.6g", v);
}

void eye_text_number(double v, char *b, size_t len)
{
	number(b, len, v, 1);
}

static void render_value(const struct eye_request *rq, const struct eye_result *res, int c,
                         struct out *o)
{
	for (int r = 0; r < 2 + res->nber; r++) {
		double v;
		const char *t;
		char b[40];
		if (!cell(rq, res, r, c, &v, &t))
			continue;
		if (!t) {
			number(b, sizeof b, v, 0);
			t = b;
		}
		put(o, "%s\n", t);
	}
}

static void render_machine(const struct eye_request *rq, const struct eye_result *res,
                           struct out *o)
{
	char sep = rq->format == EYE_TSV ? '\t' : ',';
	if (rq->format != EYE_JSON) {
		int first = 1;
		for (int c = 0; c < NCOLS; c++)
			if (col_shown(rq, c)) {
				put(o, "%s%s", first ? "" : (sep == ',' ? "," : "\t"), cols[c].name);
				first = 0;
			}
		put(o, "\n");
	}
	for (int r = 0; r < 2 + res->nber; r++) {
		int first = 1;
		if (rq->format == EYE_JSON)
			put(o, "{");
		for (int c = 0; c < NCOLS; c++) {
			if (!col_shown(rq, c))
				continue;
			double v;
			const char *t;
			char b[40];
			int has = cell(rq, res, r, c, &v, &t);
			if (!has && rq->format == EYE_JSON)
				continue;
			if (has && !t) {
				number(b, sizeof b, v, 0);
			}
			if (rq->format == EYE_JSON)
				put(o, t ? "%s\"%s\":\"%s\"" : "%s\"%s\":%s", first ? "" : ",", cols[c].name,
				    t ? t : b);
			else
				put(o, "%s%s", first ? "" : (sep == ',' ? "," : "\t"),
				    has ? (t ? t : b) : "");
			first = 0;
		}
		put(o, rq->format == EYE_JSON ? "}\n" : "\n");
	}
}

/* A text cell: its value to 6 digits, its text, or "-" where blank. */
static void text_cell(const struct eye_request *rq, const struct eye_result *res, int r, int c,
                      char *b, size_t len)
{
	double v;
	const char *t;
	if (!cell(rq, res, r, c, &v, &t))
		snprintf(b, len, "-");
	else if (t)
		snprintf(b, len, "%s", t);
	else
		number(b, len, v, 1);
}

/* A column's label in a block: its title, or for a bound ("lower",
 * "upper") the title of the value it bounds before it ("TJ lower"). */
static void text_label(int c, char *b, size_t len)
{
	const char *t = cols[c].title;
	if (strcmp(t, "lower") != 0 && strcmp(t, "upper") != 0) {
		snprintf(b, len, "%s", t);
		return;
	}
	int base = c;
	while (base > 0 && (strcmp(cols[base].title, "lower") == 0 ||
	                    strcmp(cols[base].title, "upper") == 0))
		base--;
	snprintf(b, len, "%s %s", cols[base].title, t);
}

/*
 * Text: the edges' rows, then the eye's, each as a table whose columns are
 * as wide as their widest cell, or, where that table is wider than the
 * engine's text width (format_text_too_wide, engine/format.c: the rule of
 * every subcommand's text), as a block per row, a line "label  value" a
 * cell that has a value, then an empty line. Two passes over the cells:
 * no table kept, so that the stack stays small for WebAssembly.
 */
static void render_text_table(const struct eye_request *rq, const struct eye_result *res,
                              struct out *o, int eye_rows)
{
	int shown[NCOLS], n = 0;
	for (int c = 0; c < NCOLS; c++)
		if (col_shown(rq, c) && (cols[c].when & (eye_rows ? W_EYE : W_EDGE)))
			shown[n++] = c;
	int r0 = eye_rows ? 2 : 0, r1 = eye_rows ? 2 + res->nber : 2;
	size_t width[NCOLS], total = 0, label_width = 0;
	char b[40], lab[64];
	for (int k = 0; k < n; k++) {
		width[k] = strlen(cols[shown[k]].title);
		for (int r = r0; r < r1; r++) {
			text_cell(rq, res, r, shown[k], b, sizeof b);
			if (strlen(b) > width[k])
				width[k] = strlen(b);
		}
		total += width[k] + (k + 1 < n ? 2 : 0);
		text_label(shown[k], lab, sizeof lab);
		if (strlen(lab) > label_width)
			label_width = strlen(lab);
	}
	if (format_text_too_wide(total)) {
		for (int r = r0; r < r1; r++) {
			for (int k = 0; k < n; k++) {
				double v;
				const char *t;
				if (!cell(rq, res, r, shown[k], &v, &t))
					continue; /* as in a table, a blank cell says nothing */
				text_cell(rq, res, r, shown[k], b, sizeof b);
				text_label(shown[k], lab, sizeof lab);
				put(o, "%-*s  %s\n", (int)label_width, lab, b);
			}
			if (r + 1 < r1)
				put(o, "\n");
		}
		return;
	}
	for (int r = r0 - 1; r < r1; r++)
		for (int k = 0; k < n; k++) {
			if (r < r0)
				snprintf(b, sizeof b, "%s", cols[shown[k]].title);
			else
				text_cell(rq, res, r, shown[k], b, sizeof b);
			if (k + 1 < n)
				put(o, "%-*s  ", (int)width[k], b);
			else
				put(o, "%s\n", b);
		}
}

/* The plan: one row per offset; text gives the time to the second, up. */
static int render_plan(const struct eye_request *rq, const struct eye_result *res,
                       struct out *o, char *err, size_t errlen)
{
	int only = -1;
	if (rq->value) {
		for (int c = 0; c < NPCOLS; c++)
			if (strcmp(pcols[c].name, rq->value) == 0 && pcol_shown(res, c))
				only = c;
		if (only < 0) {
			char q[64];
			snprintf(err, errlen, "--value '%s': not a column of the plan (offset, bits, "
			                      "%stotal_bits, half_width)",
			         shown_text(rq->value, q, sizeof q), res->has_time ? "time_s, " : "");
			line_safe(err);
			return -1;
		}
		/* a whole-plan value once, the per-offset ones per row */
		int rows = only == P_OFFSET ? res->nplan : 1;
		for (int r = 0; r < rows; r++) {
			char b[40];
			format_double(b, sizeof b, pcell(res, r, only));
			put(o, "%s\n", b);
		}
		return 0;
	}
	char sep = rq->format == EYE_TSV ? '\t' : ',';
	if (rq->format == EYE_CSV || rq->format == EYE_TSV) {
		int first = 1;
		for (int c = 0; c < NPCOLS; c++)
			if (pcol_shown(res, c)) {
				put(o, first ? "%s" : (sep == ',' ? ",%s" : "\t%s"), pcols[c].name);
				first = 0;
			}
		put(o, "\n");
	} else if (rq->format == EYE_TEXT) {
		put(o, "%-12s  %-16s  %-18s  %-12s%s\n", "offset", "bits", "total bits", "half-width",
		    res->has_time ? "  test time" : "");
	}
	for (int r = 0; r < res->nplan; r++) {
		char b[NPCOLS][48];
		for (int c = 0; c < NPCOLS; c++)
			format_double(b[c], sizeof b[c], pcell(res, r, c));
		if (rq->format == EYE_TEXT) {
			char t[64] = "";
			if (res->has_time)
				human_duration(t, sizeof t, res->time_s, ROUND_UP);
			char off[40];
			number(off, sizeof off, res->plan_offset[r], 1);
			put(o, "%-12s  %-16s  %-18s  %-12s%s%s\n", off, b[P_BITS], b[P_TOTAL],
			    b[P_HALF_WIDTH], res->has_time ? "  " : "", t);
			continue;
		}
		int first = 1;
		if (rq->format == EYE_JSON)
			put(o, "{");
		for (int c = 0; c < NPCOLS; c++) {
			if (!pcol_shown(res, c))
				continue;
			if (rq->format == EYE_JSON)
				put(o, "%s\"%s\":%s", first ? "" : ",", pcols[c].name, b[c]);
			else
				put(o, first ? "%s" : (sep == ',' ? ",%s" : "\t%s"), b[c]);
			first = 0;
		}
		put(o, rq->format == EYE_JSON ? "}\n" : "\n");
	}
	return 0;
}

size_t eye_render(const struct eye_request *rq, const struct eye_result *res, char *buf,
                  size_t len, char *err, size_t errlen)
{
	struct out o = {buf, len, 0};
	if (res->plan) {
		if (render_plan(rq, res, &o, err, errlen) != 0)
			return 0;
	} else if (rq->value) {
		int c = -1;
		for (int k = 0; k < NCOLS; k++)
			if (strcmp(cols[k].name, rq->value) == 0 && col_shown(rq, k))
				c = k;
		if (c < 0) {
			char q[64];
			snprintf(err, errlen, "--value '%s': not a column of these rows (bercl eye --help "
			                      "lists them)", shown_text(rq->value, q, sizeof q));
			line_safe(err);
			return 0;
		}
		render_value(rq, res, c, &o);
	} else if (rq->format == EYE_TEXT) {
		render_text_table(rq, res, &o, 0);
		put(&o, "\n");
		render_text_table(rq, res, &o, 1);
	} else {
		render_machine(rq, res, &o);
	}
	if (len > 0)
		buf[o.pos < len ? o.pos : len - 1] = '\0';
	return o.pos;
}

int eye_flag_info(int i, const char **name, char *letter, const char **arg, const char **help)
{
	if (i < 0 || i >= NFLAGS_ALL - F_EYE_INPUT)
		return 0;
	const struct flag_desc *f = &flags[F_EYE_INPUT + i];
	*name = f->name;
	*letter = f->letter;
	*arg = f->arg;
	*help = f->help;
	return 1;
}

size_t eye_help(char *buf, size_t len)
{
	struct out o = {buf, len, 0};
	put(&o, "usage: bercl eye -i SCAN [--axis time|voltage] [--ber P] [--cl C] "
	        "[--method likelihood|regression]\n\n"
	        "bercl eye - the eye opening and TJ at a target BER from a bathtub or eye scan,\n"
	        "with confidence intervals (dual-Dirac or Q-factor fit by likelihood)\n\n");
	for (int f = F_EYE_INPUT; f < NFLAGS_ALL; f++) {
		char left[48];
		snprintf(left, sizeof left, "--%s%s%s", flags[f].name, flags[f].arg ? " " : "",
		         flags[f].arg ? flags[f].arg : "");
		if (flags[f].letter)
			put(&o, "  -%c, %-26s %s\n", flags[f].letter, left, flags[f].help);
		else
			put(&o, "      %-26s %s\n", left, flags[f].help);
	}
	put(&o, "\nColumns:");
	int col = 9;
	for (int c = 0; c < NCOLS + NPCOLS; c++) {
		const char *nm = c < NCOLS ? cols[c].name : pcols[c - NCOLS].name;
		int w = (int)strlen(nm) + 1;
		if (col + w > 80) {
			put(&o, "\n        ");
			col = 8;
		}
		put(&o, " %s", nm);
		col += w;
	}
	put(&o, "\n\nThe last five are the columns of --plan.");
	put(&o, "\n\nExit status: 0 ok, 2 usage or input error, 3 numerical failure. See bercl(1).\n");
	if (len > 0)
		buf[o.pos < len ? o.pos : len - 1] = '\0';
	return o.pos;
}

/* ---- reading ---- */

/* One line of the input: [*pos, end) without its CR LF; 0 at the end. */
struct lines {
	const char *p;
	size_t len, pos;
	long lineno;
};

static int next_line(struct lines *L, const char **s, size_t *n)
{
	if (L->pos >= L->len)
		return 0;
	const char *start = L->p + L->pos;
	const char *nl = memchr(start, '\n', L->len - L->pos);
	size_t k = nl ? (size_t)(nl - start) : L->len - L->pos;
	L->pos += k + (nl ? 1 : 0);
	L->lineno++;
	if (k > 0 && start[k - 1] == '\r')
		k--;
	*s = start;
	*n = k;
	return 1;
}

/* Split a line at sep into NUL-terminated trimmed cells in buf (quotes
 * around a cell removed); the count, or -1 past MAX_CELLS. */
static int split(const char *s, size_t n, char sep, char *buf, char **cell_out)
{
	int nc = 0;
	size_t b = 0, i = 0;
	for (;;) {
		if (nc >= MAX_CELLS)
			return -1;
		while (i < n && (s[i] == ' ' || s[i] == '\t') && s[i] != sep)
			i++;
		char *start = buf + b;
		if (i < n && s[i] == '"') {
			i++;
			while (i < n && !(s[i] == '"' && (i + 1 >= n || s[i + 1] != '"'))) {
				if (s[i] == '"')
					i++;
				buf[b++] = s[i++];
			}
			if (i < n)
				i++; /* the closing quote */
			while (i < n && s[i] != sep)
				i++;
		} else {
			while (i < n && s[i] != sep)
				buf[b++] = s[i++];
		}
		buf[b] = '\0';
		/* trim trailing blanks */
		while (buf + b > start && (buf[b - 1] == ' ' || buf[b - 1] == '\t'))
			buf[--b] = '\0';
		b++;
		cell_out[nc++] = start;
		if (i >= n)
			break;
		i++; /* the separator */
	}
	return nc;
}

static int lower_eq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? (char)(*a + 32) : *a;
		if (x != *b)
			return 0;
	}
	return *a == *b;
}

static int starts_with(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);
	return n >= k && memcmp(s, prefix, k) == 0;
}

static size_t skip_bom(const char *b, size_t len)
{
	return len >= 3 && (unsigned char)b[0] == 0xEF && (unsigned char)b[1] == 0xBB &&
	               (unsigned char)b[2] == 0xBF
	           ? 3
	           : 0;
}

static enum eye_scan_format detect(const char *b, size_t len)
{
	struct lines L = {b, len, skip_bom(b, len), 0};
	const char *s;
	size_t n;
	int first = 1;
	while (next_line(&L, &s, &n)) {
		if (first && starts_with(s, n, "SW Version"))
			return EYE_SCAN_IBERT;
		first = 0;
		if (starts_with(s, n, "Scan Start"))
			return EYE_SCAN_IBERT;
	}
	return EYE_SCAN_CSV;
}

static int blank_line(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/* The side a cell names: 0, 1, -1 (empty); -2 for a bad name. */
static int edge_of(const char *t, enum bercl_eye_axis axis)
{
	if (!t[0])
		return -1;
	if (axis == BERCL_EYE_TIME)
		return lower_eq(t, "left") ? 0 : lower_eq(t, "right") ? 1 : -2;
	return lower_eq(t, "lower") ? 0 : lower_eq(t, "upper") ? 1 : -2;
}

static int read_csv(const char *b, size_t len, const char *name, const struct eye_request *rq,
                    struct eye_points *pts, char *err, size_t errlen)
{
	struct lines L = {b, len, skip_bom(b, len), 0};
	const char *s;
	size_t n;
	char buf[LINE_MAX_BYTES + 8], q[64];
	char *cellv[MAX_CELLS];
	int have_header = 0, c_off = -1, c_bits = -1, c_err = -1, c_ber = -1, c_edge = -1, ncol = 0;
	char sep = ',';
	pts->n = 0;
	pts->has_edge = 0;
	pts->note[0] = '\0';
	while (next_line(&L, &s, &n)) {
		if (n > LINE_MAX_BYTES)
			return fail(err, errlen, "%s:%ld: line longer than %d bytes", name, L.lineno,
			            LINE_MAX_BYTES);
		if (blank_line(s, n) || s[0] == '#')
			continue;
		if (memchr(s, '\0', n))
			return fail(err, errlen, "%s:%ld: a NUL byte (not a text file)", name, L.lineno);
		if (!have_header) {
			int nc = 0, ns = 0, nt = 0;
			for (size_t i = 0; i < n; i++)
				nc += s[i] == ',', ns += s[i] == ';', nt += s[i] == '\t';
			sep = ns > nc && ns >= nt ? ';' : nt > nc && nt > ns ? '\t' : ',';
			ncol = split(s, n, sep, buf, cellv);
			if (ncol < 0)
				return fail(err, errlen, "%s:%ld: more than %d columns", name, L.lineno, MAX_CELLS);
			for (int c = 0; c < ncol; c++) {
				int *slot = lower_eq(cellv[c], "offset")   ? &c_off
				            : lower_eq(cellv[c], "bits")   ? &c_bits
				            : lower_eq(cellv[c], "errors") ? &c_err
				            : lower_eq(cellv[c], "ber")    ? &c_ber
				            : lower_eq(cellv[c], "edge")   ? &c_edge
				                                           : NULL;
				if (slot && *slot >= 0)
					return fail(err, errlen, "%s:%ld: column '%s' named twice", name, L.lineno,
					            shown_text(cellv[c], q, sizeof q));
				if (slot)
					*slot = c;
			}
			if (c_off < 0 || c_bits < 0 || (c_err < 0 && c_ber < 0)) {
				/* the line is not NUL-terminated: a copy of its start */
				char head[48];
				size_t k = n < sizeof head - 1 ? n : sizeof head - 1;
				memcpy(head, s, k);
				head[k] = '\0';
				return fail(err, errlen,
				            "%s:%ld: the header needs the columns offset, bits and errors (or ber); "
				            "it has '%s'",
				            name, L.lineno, shown_text(head, q, sizeof q));
			}
			have_header = 1;
			pts->has_edge = c_edge >= 0;
			continue;
		}
		int nc = split(s, n, sep, buf, cellv);
		if (nc < 0 || nc != ncol)
			return fail(err, errlen, "%s:%ld: %d cells where the header has %d", name, L.lineno,
			            nc < 0 ? MAX_CELLS : nc, ncol);
		if (pts->n >= BERCL_EYE_MAX_POINTS)
			return fail(err, errlen, "%s:%ld: more than %d points", name, L.lineno,
			            BERCL_EYE_MAX_POINTS);
		int i = pts->n;
		double off, bits, e;
		const char *why;
		if ((why = parse_real(cellv[c_off], &off)) != NULL || !(fabs(off) <= 1e12))
			return fail(err, errlen, "%s:%ld: offset '%s': %s", name, L.lineno,
			            shown_text(cellv[c_off], q, sizeof q), why ? why : "must be within +-1e12");
		if ((why = parse_si(cellv[c_bits], &bits)) != NULL || !(bits >= 1 && bits <= 1e300) ||
		    bits != floor(bits))
			return fail(err, errlen, "%s:%ld: bits '%s': %s", name, L.lineno,
			            shown_text(cellv[c_bits], q, sizeof q),
			            why ? why : "must be a whole number from 1 to 1e300");
		if (c_err >= 0) {
			if ((why = parse_count(cellv[c_err], &e)) != NULL)
				return fail(err, errlen, "%s:%ld: errors '%s': %s", name, L.lineno,
				            shown_text(cellv[c_err], q, sizeof q), why);
			if (e > bits)
				return fail(err, errlen, "%s:%ld: errors '%s': more than the bits (%s)", name,
				            L.lineno, shown_text(cellv[c_err], q, sizeof q), cellv[c_bits]);
		} else {
			double r;
			if ((why = parse_real(cellv[c_ber], &r)) != NULL || !(r >= 0 && r <= 1))
				return fail(err, errlen, "%s:%ld: ber '%s': %s", name, L.lineno,
				            shown_text(cellv[c_ber], q, sizeof q),
				            why ? why : "must be from 0 to 1");
			e = floor(r * bits + 0.5);
			if (e > bits)
				e = bits;
			if (e > BERCL_MAX_ERRORS)
				return fail(err, errlen, "%s:%ld: ber '%s' x bits: more than 2^53 errors", name,
				            L.lineno, shown_text(cellv[c_ber], q, sizeof q));
		}
		int edge = -1;
		if (c_edge >= 0) {
			edge = edge_of(cellv[c_edge], rq->axis);
			if (edge == -2)
				return fail(err, errlen, "%s:%ld: edge '%s': %s", name, L.lineno,
				            shown_text(cellv[c_edge], q, sizeof q),
				            rq->axis == BERCL_EYE_TIME ? "left, right or empty (time axis)"
				                                       : "lower, upper or empty (voltage axis)");
		}
		pts->offset[i] = off;
		pts->bits[i] = bits;
		pts->errors[i] = e;
		pts->edge[i] = (signed char)edge;
		pts->n++;
	}
	if (!have_header)
		return fail(err, errlen, "%s: no header line (offset,bits,errors)", name);
	if (pts->n == 0)
		return fail(err, errlen, "%s: no points after the header", name);
	return 0;
}

/* "-0.500 UI to 0.500 UI": its two ends; 0 if it does not read so. */
static int ui_range(const char *t, double *lo, double *hi)
{
	const char *to = strstr(t, " to ");
	char a[64], b[64];
	if (!to || (size_t)(to - t) >= sizeof a || strlen(to + 4) >= sizeof b)
		return 0;
	memcpy(a, t, (size_t)(to - t));
	a[to - t] = '\0';
	strcpy(b, to + 4);
	for (char *p = a; *p; p++)
		if (*p == ' ' || *p == 'U' || *p == 'I')
			*p = '\0';
	for (char *p = b; *p; p++)
		if (*p == ' ' || *p == 'U' || *p == 'I')
			*p = '\0';
	return parse_real(a, lo) == NULL && parse_real(b, hi) == NULL && *hi > *lo;
}

/*
 * The IBERT reader keeps no table of its own (the stack stays small for
 * WebAssembly): the horizontal codes go into pts->offset (time) while
 * read, the slice's BERs into pts->errors, and both are turned into
 * offsets and counts at the end.
 */
static int read_ibert(const char *b, size_t len, const char *name, const struct eye_request *rq,
                      struct eye_points *pts, char *err, size_t errlen)
{
	struct lines L = {b, len, skip_bom(b, len), 0};
	const char *s;
	size_t n;
	char buf[LINE_MAX_BYTES + 8], q[64];
	char *cellv[MAX_CELLS];
	double lo = -0.5, hi = 0.5, cmin = 0, cmax = 0, hpick_code = 0;
	int state = 0, nh = 0, hpick = -1, ended = 0, nslice = 0;
	double best_v = INFINITY, floor_ber = INFINITY;
	int time_axis = rq->axis == BERCL_EYE_TIME;
	pts->n = 0;
	pts->has_edge = 0;
	while (next_line(&L, &s, &n)) {
		if (n > LINE_MAX_BYTES)
			return fail(err, errlen, "%s:%ld: line longer than %d bytes", name, L.lineno,
			            LINE_MAX_BYTES);
		if (blank_line(s, n))
			continue;
		int nc = split(s, n, ',', buf, cellv);
		if (nc < 0)
			return fail(err, errlen, "%s:%ld: more than %d cells", name, L.lineno, MAX_CELLS - 1);
		if (state == 0) { /* key,value */
			if (strcmp(cellv[0], "Scan Start") == 0) {
				state = 1;
			} else if (strcmp(cellv[0], "Horizontal Range") == 0 && nc >= 2) {
				if (!ui_range(cellv[1], &lo, &hi))
					return fail(err, errlen, "%s:%ld: Horizontal Range '%s': not 'A UI to B UI'",
					            name, L.lineno, shown_text(cellv[1], q, sizeof q));
			}
			continue;
		}
		if (state == 1) { /* the scan type and the horizontal codes */
			if (!lower_eq(cellv[0], "2d statistical") && !lower_eq(cellv[0], "1d bathtub"))
				return fail(err, errlen,
				            "%s:%ld: scan type '%s': bercl reads '2d statistical' and '1d bathtub'",
				            name, L.lineno, shown_text(cellv[0], q, sizeof q));
			nh = nc - 1;
			if (nh < 1)
				return fail(err, errlen, "%s:%ld: no horizontal codes after the scan type", name,
				            L.lineno);
			for (int k = 0; k < nh; k++) {
				double c;
				if (parse_real(cellv[k + 1], &c) || !(fabs(c) <= 1e12))
					return fail(err, errlen, "%s:%ld: horizontal code '%s': not a number", name,
					            L.lineno, shown_text(cellv[k + 1], q, sizeof q));
				if (hpick < 0 || fabs(c) < fabs(hpick_code))
					hpick = k, hpick_code = c;
				cmin = k == 0 ? c : fmin(cmin, c);
				cmax = k == 0 ? c : fmax(cmax, c);
				if (time_axis)
					pts->offset[k] = c; /* the codes, mapped to UI at the end */
			}
			state = 2;
			continue;
		}
		if (state == 3)
			return fail(err, errlen, "%s:%ld: a line after 'Scan End'", name, L.lineno);
		if (strcmp(cellv[0], "Scan End") == 0) {
			state = 3;
			ended = 1;
			continue;
		}
		if (nc != nh + 1)
			return fail(err, errlen, "%s:%ld: %d BER values where the scan has %d horizontal codes",
			            name, L.lineno, nc - 1, nh);
		double v;
		if (parse_real(cellv[0], &v) || !(fabs(v) <= 1e12))
			return fail(err, errlen, "%s:%ld: vertical code '%s': not a number", name, L.lineno,
			            shown_text(cellv[0], q, sizeof q));
		int keep_row = time_axis && fabs(v) < fabs(best_v);
		if (keep_row)
			best_v = v;
		if (!time_axis && nslice >= BERCL_EYE_MAX_POINTS)
			return fail(err, errlen, "%s:%ld: more than %d vertical codes", name, L.lineno,
			            BERCL_EYE_MAX_POINTS);
		for (int k = 0; k < nh; k++) {
			double r;
			if (parse_real(cellv[k + 1], &r) || !(r >= 0 && r <= 1))
				return fail(err, errlen, "%s:%ld: BER '%s': must be a number from 0 to 1", name,
				            L.lineno, shown_text(cellv[k + 1], q, sizeof q));
			if (r > 0 && r < floor_ber)
				floor_ber = r;
			if (keep_row)
				pts->errors[k] = r; /* the BER, turned into a count at the end */
			else if (!time_axis && k == hpick)
				pts->errors[nslice] = r;
		}
		if (keep_row)
			nslice = nh;
		if (!time_axis) {
			pts->offset[nslice] = v;
			nslice++;
		}
	}
	if (state == 0)
		return fail(err, errlen, "%s: no 'Scan Start' line (not an IBERT eye-scan export)", name);
	if (!ended)
		return fail(err, errlen, "%s: no 'Scan End' line (the export is cut short)", name);
	if (nslice == 0)
		return fail(err, errlen, "%s: no scan rows between 'Scan Start' and 'Scan End'", name);
	if (!(floor_ber < INFINITY))
		return fail(err, errlen, "%s: every BER is 0: the export's floor (its bits per point) "
		                         "is unknown", name);
	double bits = floor(1 / floor_ber + 0.5);
	for (int k = 0; k < nslice; k++) {
		if (time_axis)
			pts->offset[k] = cmax > cmin ? lo + (pts->offset[k] - cmin) / (cmax - cmin) * (hi - lo)
			                             : 0;
		double r = pts->errors[k];
		double e = r <= floor_ber ? 0 : floor(r / floor_ber + 0.5);
		pts->bits[k] = bits;
		pts->errors[k] = fmin(e, bits);
		pts->edge[k] = -1;
	}
	pts->n = nslice;
	char fb[40], cb[40];
	format_double(fb, sizeof fb, bits);
	format_double(cb, sizeof cb, time_axis ? best_v : hpick_code);
	snprintf(pts->note, sizeof pts->note,
	         "%s: IBERT export: the %s at %s code %s; %s bits per point from the BER floor %.6g "
	         "(the export holds BERs, not counts)",
	         name, time_axis ? "row" : "column", time_axis ? "vertical" : "horizontal", cb, fb,
	         floor_ber);
	line_safe(pts->note);
	return 0;
}

int eye_read(const char *bytes, size_t len, const char *name, const struct eye_request *rq,
             struct eye_points *pts, char *err, size_t errlen)
{
	enum eye_scan_format f = rq->scan_format;
	if (f == EYE_SCAN_AUTO)
		f = detect(bytes, len);
	pts->note[0] = '\0';
	if (f == EYE_SCAN_IBERT)
		return read_ibert(bytes, len, name, rq, pts, err, errlen);
	return read_csv(bytes, len, name, rq, pts, err, errlen);
}

/* ---- computing ---- */

/* --plan: the rough eye (the scan's fit, or --sigma and --dj), then the
 * bits per offset (bercl_eye_plan). */
static int compute_plan(const struct eye_request *rq, const struct eye_points *pts,
                        struct eye_result *res, char *err, size_t errlen)
{
	bercl_eye_options opt = {rq->axis, BERCL_EYE_LIKELIHOOD,
	                         rq->axis == BERCL_EYE_VOLTAGE ? 0.5 : rq->rho, rq->fit_below, rq->cl,
	                         rq->one_minus_cl};
	double params[6];
	if (pts) {
		for (int k = 0; k < 6; k++)
			params[k] = res->fit.params[k];
	} else {
		double ls = log(rq->sigma);
		params[0] = rq->dj / 2;
		params[1] = ls;
		params[2] = rq->rho;
		params[3] = 1 - rq->dj / 2;
		params[4] = ls;
		params[5] = rq->rho;
	}
	res->plan = 1;
	res->nplan = rq->noffsets ? rq->noffsets : pts->n;
	for (int i = 0; i < res->nplan; i++)
		res->plan_offset[i] = rq->noffsets ? rq->offsets[i] : pts->offset[i];
	enum bercl_status rc = bercl_eye_plan(res->plan_offset, res->nplan, &opt, params, rq->ber[0],
	                                      rq->half_width, &res->plan_bits);
	if (rc == BERCL_EDOM) {
		fail(err, errlen, "--plan: the offsets leave an edge's tail unscanned (no offset with "
		                  "an expected BER below --fit-below on each edge, or the target --ber "
		                  "is not below rho)");
		return 2;
	}
	if (rc != BERCL_OK) {
		fail(err, errlen, "--plan: --half-width is too small for any scan (%s)",
		     bercl_strerror(rc));
		return 2;
	}
	res->total_bits = res->plan_bits * res->nplan;
	res->half_width = rq->half_width;
	if (rq->have_rate) {
		res->has_time = 1;
		res->time_s = res->total_bits / rq->rate;
	}
	return 0;
}

int eye_compute(const struct eye_request *rq, const struct eye_points *pts,
                struct eye_result *res, char *err, size_t errlen)
{
	memset(res, 0, sizeof *res);
	if (rq->plan && !pts)
		return compute_plan(rq, NULL, res, err, errlen);
	bercl_eye_scan scan = {pts->offset, pts->bits, pts->errors, pts->has_edge ? pts->edge : NULL,
	                       pts->n};
	bercl_eye_options opt = {rq->axis, rq->method, rq->axis == BERCL_EYE_VOLTAGE ? 0.5 : rq->rho,
	                         rq->fit_below, rq->cl, rq->one_minus_cl};
	bercl_eye_sides_count sides;
	char fb[40];
	format_double(fb, sizeof fb, rq->fit_below);
	if (bercl_eye_sides(&scan, &opt, &sides) != BERCL_OK) {
		fail(err, errlen, "eye: the scan's points are outside the model's domain");
		return 2;
	}
	for (int e = 0; e < 2; e++)
		if (sides.with_errors[e] < sides.needed) {
			fail(err, errlen,
			     "eye: the %s edge has %d offset%s with errors and an observed BER below "
			     "--fit-below %s; the fit needs %d%s (scan deeper into that edge's tail)",
			     edge_name(rq->axis, e), sides.with_errors[e], sides.with_errors[e] == 1 ? "" : "s",
			     fb, sides.needed, opt.rho == 0 ? " with --transition-density fit" : "");
			return 2;
		}
	for (int j = 0; j < rq->nber; j++)
		if (opt.rho != 0 && !(rq->ber[j] < opt.rho)) {
			char b[40], r[40];
			format_double(b, sizeof b, rq->ber[j]);
			format_double(r, sizeof r, opt.rho);
			fail(err, errlen, "--ber '%s': must be below the tails' amplitude rho = %s", b, r);
			return 2;
		}
	enum bercl_status rc = bercl_eye_fit(&scan, &opt, &res->fit);
	if (rc == BERCL_EDOM) {
		fail(err, errlen,
		     "eye: a side's points with errors do not fall into the eye (the Q-space line of "
		     "an edge slopes the wrong way): is --axis right, and are the offsets in order?");
		return 2;
	}
	if (rc == BERCL_ELIMIT) {
		fail(err, errlen, "eye: the fit did not settle within its work limit: the scan is far "
		                  "from every dual-Dirac eye (is --axis right, are the offsets in UI, is "
		                  "--fit-below too high?)");
		return 2;
	}
	if (rc != BERCL_OK) {
		fail(err, errlen, "eye: the fit did not converge (%s)", bercl_strerror(rc));
		return 3;
	}
	for (int j = 0; j < rq->nber; j++) {
		rc = bercl_eye_at(&scan, &opt, &res->fit, rq->ber[j], &res->at[j]);
		if (rc == BERCL_EDOM) {
			char b[40], r0[40], r1[40];
			format_double(b, sizeof b, rq->ber[j]);
			format_double(r0, sizeof r0, res->fit.edge[0].rho);
			format_double(r1, sizeof r1, res->fit.edge[1].rho);
			fail(err, errlen, "--ber '%s': must be below each edge's fitted rho (%s, %s)", b, r0,
			     r1);
			return 2;
		}
		if (rc == BERCL_ELIMIT) {
			fail(err, errlen, "eye: the interval at --ber did not settle within the fit's work "
			                  "limit: the scan is far from every dual-Dirac eye");
			return 2;
		}
		if (rc != BERCL_OK) {
			fail(err, errlen, "eye: an interval at --ber did not converge (%s)",
			     bercl_strerror(rc));
			return 3;
		}
	}
	res->nber = rq->nber;
	if (rq->plan)
		return compute_plan(rq, pts, res, err, errlen);
	if (rq->method == BERCL_EYE_LIKELIHOOD && res->fit.df >= 1 && res->fit.fit_p < 0.01) {
		char p[40];
		snprintf(p, sizeof p, "%.3g", res->fit.fit_p);
		snprintf(res->warning[0], sizeof res->warning[0],
		         "the Gaussian tails do not describe the scan (fit_p = %s < 0.01): bounded "
		         "jitter, crosstalk or a BER floor? The intervals assume the model",
		         p);
	}
	if (rq->method == BERCL_EYE_REGRESSION && res->fit.r_squared < 0.75)
		snprintf(res->warning[1], sizeof res->warning[1],
		         "R^2 = %.3g is below 0.75, where instruments withhold the Q-space result",
		         res->fit.r_squared);
	return 0;
}
