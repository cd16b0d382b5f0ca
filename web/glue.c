/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * glue.c - the page's door into the engine, compiled to WebAssembly with
 * the library (lib/) and the engine (engine/). The page hands over what the
 * command line would hold (a subcommand, then flag names and values, and
 * the bytes of the files that -i, --histogram and --intervals name, or
 * watch's standard input) and reads back what the command would print with
 * -f csv: its header and rows as CSV lines and as cells (each cell also as
 * the text format writes it, for people), every message line of standard
 * error, and the exit status. Nothing here decides, checks or formats: the
 * engine does (engine/invoke.c, the same calls src/ makes); this file only
 * moves bytes between the page and those calls.
 *
 * A run is a handle (web_start) stepped by web_next, so that a long batch
 * streams its rows and a Web Worker can report progress between steps.
 * Output goes to the run's buffer as records: a type byte ('H' header, 'R'
 * row, 'M' message line), a 4-byte little-endian field count, then each
 * field as a 4-byte length and its bytes.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "commands.h"
#include "csv.h"
#include "eye.h"
#include "eye_plot.h"
#include "format.h"
#include "invoke.h"
#include "watch.h"

#define WEB_API __attribute__((used, visibility("default")))
#define MAX_EYE_COLUMNS 64

enum kind { RUN_DONE, RUN_SWEEP, RUN_BATCH, RUN_WATCH };

/* A file the page holds for a flag: its name as the command would say it, and its bytes. */
struct web_file {
	char *name;
	char *bytes;
	size_t len;
};

struct web_run {
	/* the request: what argv would hold */
	char *req;
	size_t nreq;
	struct web_file input, histogram, intervals, stdin_;
	/* the engine's state */
	struct options o;
	struct row_input base;
	struct telemetry telem;
	bercl_intervals sums;
	struct invoke_sink k;
	volatile sig_atomic_t stop;
	enum kind kind;
	int status;
	struct invoke_sweep *it;
	struct memory_source mem; /* the batch or the readings, over their bytes */
	struct source src;       /* the engine's view of them */
	int reading;             /* mem holds a file being read */
	struct batch b;
	int batch_open;
	struct layout l, text_layout;
	struct watch w;
	struct csv c;
	int watch_open;
	int watch_header;        /* watch's header line has been passed on */
	long rows;
	/* output records, not yet taken by the page */
	unsigned char *out;
	size_t n, cap;
	int failed;              /* out of memory: the run ends with status 3 */
};

/* ---- output records ---- */

static int reserve(struct web_run *w, size_t more)
{
	if (w->n + more <= w->cap)
		return 0;
	size_t cap = w->cap ? w->cap : 65536;
	while (cap < w->n + more)
		cap *= 2;
	unsigned char *p = realloc(w->out, cap);
	if (!p) {
		w->failed = 1;
		return -1;
	}
	w->out = p;
	w->cap = cap;
	return 0;
}

static void put_u32(struct web_run *w, size_t v)
{
	if (reserve(w, 4))
		return;
	for (int i = 0; i < 4; i++)
		w->out[w->n++] = (unsigned char)(v >> (8 * i));
}

static void put_field(struct web_run *w, const char *s, size_t len)
{
	put_u32(w, len);
	if (reserve(w, len))
		return;
	memcpy(w->out + w->n, s, len);
	w->n += len;
}

static void put_record(struct web_run *w, char type, size_t nfields)
{
	if (reserve(w, 1))
		return;
	w->out[w->n++] = (unsigned char)type;
	put_u32(w, nfields);
}

static void message(struct web_run *w, const char *kind, const char *where, const char *text)
{
	char line[6144];
	size_t n = invoke_message_line(line, sizeof line, kind, where, text);
	put_record(w, 'M', 1);
	put_field(w, line, n);
}

/* A usage error of the request: its message, status 2, the run over. */
static int refuse(struct web_run *w, const char *why)
{
	message(w, "", NULL, why);
	w->kind = RUN_DONE;
	w->status = INVOKE_USAGE;
	return w->status;
}

/* One CSV line as format_header or format_row writes it (malloc'd). */
static char *csv_line(const struct layout *l, const struct row *r, size_t *len)
{
	struct memory_sink m = {0};
	struct sink out = sink_memory(&m);
	if (r)
		format_row(&out, l, r);
	else
		format_header(&out, l);
	*len = m.len;
	return m.buf;
}

/* ---- the sink: the engine's messages, header and rows into records ---- */

static void sink_say(void *ctx, const char *kind, const char *where, const char *text)
{
	message(ctx, kind, where, text);
}

/* Is column c in the text format's table (what a person reads first)? */
static int in_text(const struct layout *t, enum column c)
{
	for (int i = 0; i < t->ncol; i++)
		if (t->col[i] == c)
			return 1;
	return 0;
}

static void sink_header(void *ctx, const struct layout *l)
{
	struct web_run *w = ctx;
	size_t len;
	char *line = csv_line(l, NULL, &len);
	size_t ncol = l->nextra + (size_t)l->ncol;
	put_record(w, 'H', 2 + ncol);
	put_field(w, line ? line : "", line ? len : 0);
	free(line);
	char shown[NCOLUMNS + 4096];
	size_t k = 0;
	for (size_t i = 0; i < l->nextra && k < sizeof shown; i++)
		shown[k++] = '1';
	for (int i = 0; i < l->ncol && k < sizeof shown; i++)
		shown[k++] = in_text(&w->text_layout, l->col[i]) ? '1' : '0';
	put_field(w, shown, k);
	for (size_t i = 0; i < l->nextra; i++)
		put_field(w, l->extra_names[i], strlen(l->extra_names[i]));
	for (int i = 0; i < l->ncol; i++)
		put_field(w, columns[l->col[i]].name, strlen(columns[l->col[i]].name));
}

static void sink_row(void *ctx, const struct layout *l, const struct row *r)
{
	struct web_run *w = ctx;
	size_t len;
	char *line = csv_line(l, r, &len);
	size_t ncol = l->nextra + (size_t)l->ncol;
	char cell[ROW_ERROR_MAX + 64];
	put_record(w, 'R', 1 + 2 * ncol);
	put_field(w, line ? line : "", line ? len : 0);
	free(line);
	for (int human = 0; human < 2; human++) {
		for (size_t i = 0; i < l->nextra; i++) {
			const char *e = r->extra ? r->extra[i] : "";
			put_field(w, e, strlen(e));
		}
		for (int i = 0; i < l->ncol; i++) {
			size_t n = column_cell(cell, sizeof cell, l->col[i], r, human);
			put_field(w, cell, n);
		}
	}
	w->rows++;
}

/* ---- the request ---- */

/* A buffer the page fills (the request, a file's bytes): freed by web_free. */
WEB_API void *web_alloc(size_t n) { return malloc(n ? n : 1); }
WEB_API void web_free(void *p) { free(p); }

/* The output records so far: their address and length; web_taken() clears them. */
WEB_API unsigned char *web_out(struct web_run *w) { return w->out; }
WEB_API size_t web_out_len(struct web_run *w) { return w->n; }
WEB_API void web_taken(struct web_run *w) { w->n = 0; }

/* A run of nothing yet: the request's strings follow (web_start). */
WEB_API struct web_run *web_new(void)
{
	struct web_run *w = calloc(1, sizeof *w);
	if (w)
		w->kind = RUN_DONE;
	return w;
}

/*
 * A file's bytes (taken over: freed with the run) for flag "input",
 * "histogram", "intervals" or "stdin" (watch's readings), named `name` in
 * messages as the command names it.
 */
WEB_API int web_file(struct web_run *w, const char *flag, const char *name, char *bytes, size_t len)
{
	struct web_file *f = strcmp(flag, "input") == 0 ? &w->input
	                     : strcmp(flag, "histogram") == 0 ? &w->histogram
	                     : strcmp(flag, "intervals") == 0 ? &w->intervals
	                     : strcmp(flag, "stdin") == 0 ? &w->stdin_ : NULL;
	if (!f)
		return -1;
	free(f->name);
	free(f->bytes);
	f->name = strdup(name);
	f->bytes = bytes;
	f->len = len;
	return 0;
}

/* A source over a file flag's bytes into *m, or 0 when the page has none. */
static int open_file(struct web_file *f, struct memory_source *m, struct source *src)
{
	if (!f->bytes)
		return 0;
	*src = source_memory(m, f->bytes, f->len);
	return 1;
}

/* The name the command would give a file flag's input: "(stdin)" for "-". */
static const char *file_name(const char *value)
{
	return strcmp(value, "-") == 0 ? "(stdin)" : value;
}

static int start_watch(struct web_run *w)
{
	struct web_file *f = w->o.intervals ? &w->intervals : &w->stdin_;
	const char *name = w->o.intervals ? file_name(w->o.intervals) : "(stdin)";
	if (!f->bytes) {
		char why[512];
		snprintf(why, sizeof why, "%s: the readings: drop, paste or choose a counter log",
		         name);
		return refuse(w, why);
	}
	w->reading = open_file(f, &w->mem, &w->src);
	invoke_warnings(&w->o, &w->k);
	char err[256];
	if (watch_open(&w->w, &w->base, w->o.plan, FMT_CSV, name, err, sizeof err) != 0) {
		message(w, "", "", err);
		w->kind = RUN_DONE;
		w->status = WATCH_INPUT;
		return w->status;
	}
	w->watch_open = 1;
	w->w.row_hook = sink_row;
	w->w.row_ctx = w;
	watch_reader_init(&w->c, &w->src);
	w->kind = RUN_WATCH;
	return -1;
}

static int start_batch(struct web_run *w)
{
	char why[1024];
	const char *name = file_name(w->o.input);
	if (!w->input.bytes) {
		snprintf(why, sizeof why, "--input '%s': drop, paste or choose the file", w->o.input);
		return refuse(w, why);
	}
	w->reading = open_file(&w->input, &w->mem, &w->src);
	unsigned used = 0;
	for (int q = 0; q < NQ; q++)
		if (flags[q].commands & ON(w->o.cmd))
			used |= 1u << q;
	if (batch_open(&w->b, &w->src, name, used, w->o.delimiter, why, sizeof why) != 0)
		return refuse(w, why);
	w->batch_open = 1;
	struct options text = w->o;
	text.format = FMT_TEXT;
	invoke_layout(&text, &w->b, &w->text_layout);
	if (invoke_batch_start(&w->o, &w->b, &w->l, &w->k, why, sizeof why))
		return refuse(w, why);
	w->kind = RUN_BATCH;
	return -1;
}

/* ---- bercl eye: its own flags and rows (engine/eye.c), as src/eye_cmd.c runs them ---- */

/* A number as a plot record's field: the shortest round trip is not needed to draw. */
static void put_number(struct web_run *w, double v)
{
	char b[40];
	int n = snprintf(b, sizeof b, "%.17g", v);
	put_field(w, b, n > 0 ? (size_t)n : 0);
}

/* The rendered CSV as records: the header, then each row's cells (the
 * engine's CSV reader splits them). */
static void eye_records(struct web_run *w, const char *csv, size_t len)
{
	struct memory_source m;
	struct source src = source_memory(&m, csv, len);
	struct csv c;
	struct csv_options opt = {.sep = ',', .sep2 = ',', .max_record = EYE_RENDER_BYTES,
	                          .max_text = "256 KiB"};
	csv_init(&c, &src, &opt);
	const char *line = csv;
	const char *end = csv + len;
	const char *bad;
	for (int k = 0; line < end && csv_read(&c, &bad) == 1; k++) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t ll = nl ? (size_t)(nl - line) + 1 : (size_t)(end - line);
		if (k == 0) {
			put_record(w, 'H', 2 + c.ncells);
			put_field(w, line, ll);
			char shown[MAX_EYE_COLUMNS];
			size_t n = c.ncells < sizeof shown ? c.ncells : sizeof shown;
			memset(shown, '1', n);
			put_field(w, shown, n);
			for (size_t i = 0; i < c.ncells; i++)
				put_field(w, csv_cell(&c, i), strlen(csv_cell(&c, i)));
		} else {
			put_record(w, 'R', 1 + 2 * c.ncells);
			put_field(w, line, ll);
			for (size_t i = 0; i < c.ncells; i++)
				put_field(w, csv_cell(&c, i), strlen(csv_cell(&c, i)));
			/* the cells as the text format writes them: a number's 6 digits */
			for (size_t i = 0; i < c.ncells; i++) {
				const char *v = csv_cell(&c, i);
				char *endp, b[40];
				double x = *v ? strtod(v, &endp) : 0;
				if (*v && *endp == '\0' && isfinite(x)) {
					eye_text_number(x, b, sizeof b);
					v = b;
				}
				put_field(w, v, strlen(v));
			}
			w->rows++;
		}
		line += ll;
	}
	csv_free(&c);
}

/* The bathtub's numbers (engine/eye_plot.c) as 'P' records: "point" x
 * log10(BER) zero, "curve" edge x log10(BER), "target" ber left right
 * opening lower upper, "floor" ymin. */
static void eye_plot_records(struct web_run *w, const struct eye_request *rq,
                             const struct eye_points *pts, const struct eye_result *res)
{
	struct eye_plot *p = malloc(sizeof *p);
	if (!p || eye_plot_make(rq, pts, res, p) != 0) {
		free(p);
		return;
	}
	put_record(w, 'P', 2);
	put_field(w, "floor", 5);
	put_number(w, p->ymin);
	for (int i = 0; i < p->npoints; i++) {
		put_record(w, 'P', 4);
		put_field(w, "point", 5);
		put_number(w, p->px[i]);
		put_number(w, p->py[i]);
		put_number(w, p->zero[i]);
	}
	for (int e = 0; e < 2; e++)
		for (int j = 0; j < EYE_PLOT_SAMPLES; j++) {
			if (!isfinite(p->y[e][j]))
				continue;
			put_record(w, 'P', 4);
			put_field(w, "curve", 5);
			put_number(w, e);
			put_number(w, p->x[j]);
			put_number(w, p->y[e][j]);
		}
	for (int k = 0; k < p->ntarget; k++) {
		put_record(w, 'P', 7);
		put_field(w, "target", 6);
		put_number(w, p->ber[k]);
		put_number(w, p->left[k]);
		put_number(w, p->right[k]);
		put_number(w, p->opening[k]);
		put_number(w, p->lower[k]);
		put_number(w, p->upper[k]);
	}
	free(p);
}

struct eye_run {
	struct eye_request rq;
	struct eye_points pts;
	struct eye_result res;
	char out[EYE_RENDER_BYTES];
};

/* eye's request: argv as the command line holds it after `eye`, then -f csv. */
static int start_eye(struct web_run *w, const char *s, const char *end)
{
	char why[1024] = "";
	char *argv[2 * 64 + 3];
	int argc = 0;
	char dashed[64][96];
	int nd = 0;
	while (s < end) {
		const char *name = s;
		s += strlen(s) + 1;
		const char *value = s < end ? s : "";
		s += strlen(value) + 1;
		const char *fname, *arg, *help;
		char letter;
		int known = 0;
		for (int i = 0; eye_flag_info(i, &fname, &letter, &arg, &help); i++)
			if (strcmp(fname, name) == 0)
				known = 1 + (arg != NULL);
		if (nd >= 64)
			return refuse(w, "too many flags");
		snprintf(dashed[nd], sizeof dashed[nd], "--%s", name);
		if (!known || strcmp(name, "format") == 0 || strcmp(name, "value") == 0 ||
		    strcmp(name, "help") == 0)
			return refuse(w, invoke_unknown_flag(dashed[nd], why, sizeof why));
		if (known == 1 && (value[0] == '\0' || strcmp(value, "0") == 0))
			continue; /* a switch left out */
		argv[argc++] = dashed[nd++];
		if (known == 2)
			argv[argc++] = (char *)value;
	}
	argv[argc++] = "--format";
	argv[argc++] = "csv";
	argv[argc] = NULL;
	struct eye_run *e = malloc(sizeof *e);
	if (!e)
		return refuse(w, "out of memory");
	int st = 0;
	if (eye_parse_args(argc, argv, &e->rq, why, sizeof why)) {
		st = refuse(w, why);
		goto done;
	}
	if (e->rq.input) {
		if (!w->input.bytes) {
			snprintf(why, sizeof why, "--input '%s': drop, paste or choose the scan",
			         e->rq.input);
			st = refuse(w, why);
			goto done;
		}
		if (eye_read(w->input.bytes, w->input.len, file_name(e->rq.input), &e->rq, &e->pts, why,
		             sizeof why)) {
			st = refuse(w, why);
			goto done;
		}
		if (e->pts.note[0])
			message(w, "note: ", "", e->pts.note);
	}
	st = eye_compute(&e->rq, e->rq.input ? &e->pts : NULL, &e->res, why, sizeof why);
	if (st != 0) {
		message(w, "", "", why);
		goto done;
	}
	size_t n = eye_render(&e->rq, &e->res, e->out, sizeof e->out, why, sizeof why);
	if (n == 0) {
		st = refuse(w, why);
		goto done;
	}
	for (int k = 0; k < 2; k++)
		if (e->res.warning[k][0])
			message(w, "warning: ", "", e->res.warning[k]);
	eye_records(w, e->out, n < sizeof e->out ? n : sizeof e->out - 1);
	/* the text format too: what the command prints without -f */
	e->rq.format = EYE_TEXT;
	n = eye_render(&e->rq, &e->res, e->out, sizeof e->out, why, sizeof why);
	put_record(w, 'T', 1);
	put_field(w, e->out, n < sizeof e->out ? n : sizeof e->out - 1);
	if (e->rq.input)
		eye_plot_records(w, &e->rq, &e->pts, &e->res);
done:
	free(e);
	w->kind = RUN_DONE;
	w->status = st;
	if (w->failed) {
		w->n = 0;
		message(w, "", "", "out of memory");
		w->status = INVOKE_INTERNAL;
	}
	return w->status;
}

/*
 * Start the run of the request in req (n bytes: NUL-ended strings, the
 * subcommand, then flag names and values in pairs; a switch's value "1"
 * gives it, "" or "0" leaves it out). Returns -1 while rows remain
 * (web_next), else the exit status (messages in the output).
 */
WEB_API int web_start(struct web_run *w, char *req, size_t n)
{
	char why[1024];
	w->req = req;
	w->nreq = n;
	w->k = (struct invoke_sink){w, sink_say, sink_header, sink_row, NULL, NULL, NULL, &w->stop};
	const char *s = req, *end = req + n;
	const char *cmd = s;
	s += strlen(s) + 1;
	memset(&w->o, 0, sizeof w->o);
	if (strcmp(cmd, "eye") == 0)
		return start_eye(w, s, end);
	if (invoke_command(cmd, &w->o.cmd, why, sizeof why) != 0)
		return refuse(w, why);
	while (s < end) {
		const char *name = s;
		s += strlen(s) + 1;
		const char *value = s < end ? s : "";
		s += strlen(value) + 1;
		int id = invoke_flag_id(name);
		char dashed[96];
		snprintf(dashed, sizeof dashed, "--%s", name);
		if (id < 0 || id == F_FORMAT || id == F_VALUE || id == F_HELP || id == F_VERSION)
			return refuse(w, invoke_unknown_flag(dashed, why, sizeof why));
		if (id == F_VERIFY)
			return refuse(w, "--verify recomputes with GSL: the command only (bercl --verify)");
		if (id >= NQ && !flags[id].arg) { /* a switch */
			if (value[0] == '\0' || strcmp(value, "0") == 0)
				continue;
			value = NULL;
		}
		if (invoke_flag(&w->o, id, value, why, sizeof why))
			return refuse(w, why);
	}
	w->o.format = FMT_CSV; /* what the page shows and downloads: -f csv */
	if (invoke_quantities(&w->o, why, sizeof why))
		return refuse(w, why);
	if (invoke_check(&w->o, why, sizeof why))
		return refuse(w, why);
	if (w->o.histogram) {
		struct memory_source m;
		struct source src;
		if (!open_file(&w->histogram, &m, &src)) {
			snprintf(why, sizeof why, "--histogram '%s': drop, paste or choose the report",
			         w->o.histogram);
			return refuse(w, why);
		}
		const char *bad = invoke_histogram(&w->o, &src, file_name(w->o.histogram), &w->telem,
		                                   &w->k, why, sizeof why);
		if (bad)
			return refuse(w, bad);
	}
	invoke_base(&w->o, &w->base);
	if (w->o.intervals && w->o.cmd != CMD_WATCH) {
		struct memory_source m;
		struct source src;
		if (!open_file(&w->intervals, &m, &src)) {
			snprintf(why, sizeof why, "--intervals '%s': drop, paste or choose the log",
			         w->o.intervals);
			return refuse(w, why);
		}
		const char *bad = invoke_intervals(&w->o, &src, file_name(w->o.intervals), &w->sums,
		                                   &w->base, &w->k, why, sizeof why);
		if (bad)
			return refuse(w, bad);
	}
	if (w->o.cmd == CMD_WATCH)
		return start_watch(w);
	if (w->o.input)
		return start_batch(w);
	/* the text format's columns, to show people those first */
	struct options text = w->o;
	text.format = FMT_TEXT;
	invoke_layout(&text, NULL, &w->text_layout);
	w->it = malloc(sizeof *w->it);
	if (!w->it)
		return refuse(w, "out of memory");
	if (invoke_sweep_start(w->it, &w->o, &w->base, &w->k, why, sizeof why))
		return refuse(w, why);
	w->kind = RUN_SWEEP;
	return -1;
}

/* Message lines written to a stream, one record each. */
static void message_lines(struct web_run *w, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);
		put_record(w, 'M', 1);
		put_field(w, p, ll);
		p += ll + (nl ? 1 : 0);
	}
}

static int watch_step(struct web_run *w)
{
	/* rows come by row_hook; the header line and messages by these sinks */
	struct memory_sink out = {0}, err = {0};
	struct sink so = sink_memory(&out), se = sink_memory(&err);
	enum watch_state st = watch_next(&w->w, &w->c, &so, &se);
	if (out.failed || err.failed) {
		memory_sink_free(&out);
		memory_sink_free(&err);
		w->failed = 1;
		return INVOKE_INTERNAL;
	}
	if (!w->watch_header && w->w.have_header) { /* the header line just read */
		w->text_layout = w->w.layout; /* watch's columns are the same in text */
		sink_header(w, &w->w.layout);
		w->watch_header = 1;
	}
	message_lines(w, err.buf, err.len);
	memory_sink_free(&out);
	memory_sink_free(&err);
	if (st == WATCH_UNDECIDED)
		return -1;
	char end[512];
	st = watch_end(&w->w, st, end, sizeof end);
	if (end[0])
		message(w, "", "", end);
	return st;
}

/*
 * Compute up to `rows` more output rows (a sequential plan's table or a
 * lane group counts as its rows). Returns -1 while more remain, else the
 * exit status; the records are in the output.
 */
WEB_API int web_next(struct web_run *w, int rows)
{
	long goal = w->rows + rows;
	while (w->kind != RUN_DONE && w->rows < goal && !w->failed) {
		int st = -1;
		if (w->kind == RUN_SWEEP) {
			int more = invoke_sweep_next(w->it, &w->k);
			if (more <= 0)
				st = more < 0 ? w->it->status : invoke_sweep_end(w->it, &w->k);
		} else if (w->kind == RUN_BATCH) {
			struct row r;
			int got = batch_next(&w->b, &w->base, &r);
			if (got <= 0) {
				if (got < 0)
					message(w, "", "", "read error");
				st = w->status;
			} else {
				int rs = invoke_row(&w->o, &r, w->b.name, 0, &w->k);
				if (rs > w->status)
					w->status = rs;
				sink_row(w, &w->l, &r);
				plan_free(&r);
			}
		} else {
			st = watch_step(w);
		}
		if (st >= 0) {
			w->status = st;
			w->kind = RUN_DONE;
		}
	}
	if (w->failed) {
		w->n = 0;
		message(w, "", "", "out of memory");
		w->kind = RUN_DONE;
		w->status = INVOKE_INTERNAL;
	}
	return w->kind == RUN_DONE ? w->status : -1;
}

/* How far the run is, 0 to 1: rows of the sweep, bytes of the file read. */
WEB_API double web_progress(const struct web_run *w)
{
	if (w->kind == RUN_DONE)
		return 1;
	if (w->kind == RUN_SWEEP)
		return w->it->points > 0 ? fmin(1, (double)w->it->index / w->it->points) : 0;
	if (!w->reading || !w->mem.len)
		return 0;
	const struct csv *c = w->kind == RUN_BATCH ? &w->b.csv : &w->c;
	double done = (double)w->mem.pos - (double)(c->len - c->pos);
	return fmax(0, fmin(1, done / (double)w->mem.len));
}

/* Rows of the sweep (lanes and tables aside), for the page's progress. */
WEB_API double web_rows(const struct web_run *w) { return w->rows; }

static void free_file(struct web_file *f)
{
	free(f->name);
	free(f->bytes);
}

WEB_API void web_end(struct web_run *w)
{
	if (!w)
		return;
	if (w->batch_open)
		batch_close(&w->b);
	if (w->watch_open) {
		csv_free(&w->c);
		watch_close(&w->w);
	}
	for (int q = 0; q < NQ; q++)
		vlist_free(&w->o.list[q]);
	if (w->o.telem)
		telemetry_free(&w->telem);
	free(w->it);
	free_file(&w->input);
	free_file(&w->histogram);
	free_file(&w->intervals);
	free_file(&w->stdin_);
	free(w->req);
	free(w->out);
	free(w);
}

/* Append text to a growing string; NULL once out of memory. */
static char *append(char *s, size_t *n, size_t *cap, const char *t)
{
	size_t k = strlen(t);
	if (!s)
		return NULL;
	if (*n + k + 1 > *cap) {
		size_t c = (*n + k + 1) * 2;
		char *p = realloc(s, c);
		if (!p) {
			free(s);
			return NULL;
		}
		s = p;
		*cap = c;
	}
	memcpy(s + *n, t, k + 1);
	*n += k;
	return s;
}

/*
 * The engine's tables for the page's forms (freed with web_free): per flag
 * a line "name TAB arg TAB subcommands (a bit each) TAB enum values (|) TAB
 * help TAB letter TAB 0 a quantity, 1 another flag, 2 a file's", then per subcommand "=name TAB usage TAB synopsis" (their
 * line breaks as US), then eye's own flags (engine/eye.c) as "!name TAB arg
 * TAB help TAB letter".
 */
WEB_API char *web_tables(void)
{
	size_t n = 0, cap = 4096;
	char *s = malloc(cap), line[1024];
	if (s)
		s[0] = '\0';
	for (int id = 0; id < NFLAGS; id++) {
		const struct flag_desc *f = &flags[id];
		char values[256] = "";
		for (int v = 0; f->action == ACT_ENUM && f->values[v]; v++) {
			strncat(values, v ? "|" : "", sizeof values - strlen(values) - 1);
			strncat(values, f->values[v], sizeof values - strlen(values) - 1);
		}
		snprintf(line, sizeof line, "%s\t%s\t%u\t%s\t%s\t%c\t%d\n", f->name, f->arg ? f->arg : "",
		         f->commands, values, f->help ? f->help : "", f->letter ? f->letter : ' ',
		         id < NQ ? 0 : f->action == ACT_FILE ? 2 : 1);
		s = append(s, &n, &cap, line);
	}
	for (int c = 0; c < NCOMMANDS; c++) {
		s = append(s, &n, &cap, "=");
		s = append(s, &n, &cap, commands[c].name);
		const char *parts[2] = {commands[c].usage, commands[c].synopsis};
		for (int k = 0; k < 2; k++) {
			s = append(s, &n, &cap, "\t");
			for (const char *p = parts[k]; *p && s; p++) {
				char ch[2] = {*p == '\n' ? '\x1f' : *p, 0};
				s = append(s, &n, &cap, ch);
			}
		}
		s = append(s, &n, &cap, "\n");
	}
	const char *name, *arg, *help;
	char letter;
	for (int i = 0; eye_flag_info(i, &name, &letter, &arg, &help); i++) {
		snprintf(line, sizeof line, "!%s\t%s\t%s\t%c\n", name, arg ? arg : "", help,
		         letter ? letter : ' ');
		s = append(s, &n, &cap, line);
	}
	return s;
}
