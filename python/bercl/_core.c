/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * _core.c - the C half of the Python package bercl: the conversion between
 * numpy's arrays and Python's objects and the engine's calls (engine/), which
 * hold every rule: the checks and their messages, the row computations and
 * the searches that meet a printed target. Nothing here checks or decides.
 *
 * The elementwise answers are numpy ufuncs (bercl.ufunc): one per answer and
 * model, with a loop over doubles that calls element_compute()
 * (engine/element.c) per element and writes NaN where an element has no
 * answer; a loop that met such an element raises the floating-point invalid
 * flag, so that numpy warns or raises as np.errstate says (as scipy.special
 * does). explain() gives the engine's reason for the first failing element,
 * for the friendly functions of bercl/__init__.py.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <numpy/ufuncobject.h>

#include <fenv.h>
#include <limits.h>
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"
#include "compute.h" /* the engine: the rules every face shares */
#include "element.h"
#include "rowcall.h"
#include "csv.h"
#include "sink.h" /* the engine reads sources and writes sinks: here, memory */
#include "watch.h" /* bercl watch: its decisions, fed one reading at a time */
#include "intervals.h" /* the --intervals reader */
#include "histogram.h" /* a histogram given as arrays */
#include "invoke.h" /* one invocation, as the command and the page run it */
#include "arguments.h" /* a call's arguments checked as the command checks its flags */
#include "flags.h"
#include "parse.h"
#include "telemetry.h" /* the FEC report readers (engine/telemetry.c) */
#include "eye.h" /* bercl eye: its flags, scan readers, fit and rows (engine/eye.c) */
#include "eye_plot.h" /* the fitted curve at an offset */

static double lnp(bercl_lnprob l)
{
	return l.hi + l.lo;
}

/* ---- the ufuncs ---- */

/*
 * One ufunc: an engine answer under a model, its outputs [first, first +
 * nout) of the answer's; exact: the target (the last argument) as the four
 * doubles of parse_probability_exact (for a level typed as a string), else
 * one double read from its shortest decimal.
 */
struct ufunc_def {
	const char *name;
	enum element_answer answer;
	int model;
	int exact;
	int first, nout;
	const char *doc;
};

#define PER_MODEL(name, answer, first, nout, doc)                                        \
	{name "_poisson", answer, BERCL_POISSON, 0, first, nout, doc " (Poisson model)"},  \
	{name "_binomial", answer, BERCL_BINOMIAL, 0, first, nout, doc " (binomial model)"}
#define EXACT(name, answer, first, nout)                                                 \
	{name "_exact_poisson", answer, BERCL_POISSON, 1, first, nout, NULL},              \
	{name "_exact_binomial", answer, BERCL_BINOMIAL, 1, first, nout, NULL}

static const struct ufunc_def ufuncs[] = {
	PER_MODEL("cl", EL_TAILS, 0, 1,
	          "cl(errors, bits, ber): CL = P[X > errors], the confidence level reached"),
	PER_MODEL("one_minus_cl", EL_TAILS, 1, 1,
	          "one_minus_cl(errors, bits, ber): 1 - CL = P[X <= errors], computed directly"),
	PER_MODEL("tails", EL_TAILS, 0, 2, "tails(errors, bits, ber) -> (cl, one_minus_cl)"),
	PER_MODEL("log10_one_minus_cl", EL_LOG10_TAILS, 0, 1,
	          "log10_one_minus_cl(errors, bits, ber): log10(1 - CL), finite below the "
	          "double range"),
	PER_MODEL("min_bits", EL_MIN_BITS, 0, 1,
	          "min_bits(errors, ber, cl): the least whole number of bits whose CL, as "
	          "doubles, reaches cl (read as its shortest decimal)"),
	PER_MODEL("min_bits_achieved", EL_MIN_BITS, 0, 3,
	          "min_bits_achieved(errors, ber, cl) -> (bits, cl_achieved, "
	          "one_minus_cl_achieved)"),
	PER_MODEL("max_errors", EL_MAX_ERRORS, 0, 1,
	          "max_errors(bits, ber, cl): the most errors a test of bits may show and still "
	          "reach cl; NaN (no warning) where even 0 errors miss"),
	PER_MODEL("ber_upper", EL_BER_UPPER, 0, 1,
	          "ber_upper(errors, bits, cl): the one-sided upper bound on the BER"),
	PER_MODEL("ber_lower", EL_BER_INTERVAL, 0, 1,
	          "ber_lower(errors, bits, cl): the lower end of the two-sided interval"),
	PER_MODEL("ber_interval", EL_BER_INTERVAL, 0, 2,
	          "ber_interval(errors, bits, cl) -> (ber_lower, ber_upper), two-sided"),
	{"fec_rates", EL_FEC_RATES, BERCL_POISSON, 0, 0, 3,
	 "fec_rates(n, k, m, ber) -> (ser, cer, post_fec_ber) of RS(n, k) over m-bit symbols"},
	{"fec_cer", EL_FEC_RATES, BERCL_POISSON, 0, 1, 1,
	 "fec_cer(n, k, m, ber): the codeword error ratio after FEC"},
	{"fec_post_ber", EL_FEC_RATES, BERCL_POISSON, 0, 2, 1,
	 "fec_post_ber(n, k, m, ber): the post-FEC BER"},
	{"fec_ber_max", EL_FEC_BER_MAX, BERCL_POISSON, 0, 0, 1,
	 "fec_ber_max(n, k, m, cer): the largest pre-FEC BER whose cer is at most cer"},
	EXACT("min_bits", EL_MIN_BITS, 0, 1),
	EXACT("max_errors", EL_MAX_ERRORS, 0, 1),
	EXACT("ber_upper", EL_BER_UPPER, 0, 1),
	EXACT("ber_interval", EL_BER_INTERVAL, 0, 2),
	{"fec_ber_max_exact", EL_FEC_BER_MAX, BERCL_POISSON, 1, 0, 1, NULL},
	{"fec_ser", EL_FEC_SER, BERCL_POISSON, 0, 0, 4,
	 "fec_ser(n, k, m, ser) -> (ser, cer, post_fec_ber, ber) at a symbol error ratio"},
	{"tested_bits", EL_TESTED_BITS, BERCL_POISSON, 0, 0, 1,
	 "tested_bits(rate, time, lanes): the bits of a test, rate * time * lanes as the command "
	 "derives them"},
	{"line_rate", EL_LINE_RATE, BERCL_POISSON, 0, 0, 1,
	 "line_rate(baud, bits_per_symbol): the bit rate, as --baud with --bits-per-symbol gives it"},
};
#define NUFUNCS (sizeof ufuncs / sizeof ufuncs[0])
#define MAXIO (ELEMENT_MAX_ARGS + 3 + ELEMENT_MAX_OUT)

static int nin_of(const struct ufunc_def *u)
{
	return element_answers[u->answer].nargs + (u->exact ? 3 : 0);
}

/* One stretch of a ufunc loop: elements [0, n) of args with steps. */
struct stretch {
	const struct ufunc_def *u;
	char *args[MAXIO];
	npy_intp n;
	const npy_intp *steps;
	npy_intp failed; /* elements without an answer (a failure, not max_errors' none) */
	struct element_target *cache; /* the caller's, kept across stretches, or NULL */
};

static void run_stretch(struct stretch *s)
{
	const struct ufunc_def *u = s->u;
	int nin = nin_of(u);
	double in[MAXIO], out[ELEMENT_MAX_OUT];
	if (u->answer == EL_TAILS) {
		ptrdiff_t ist[3] = {s->steps[0], s->steps[1], s->steps[2]};
		ptrdiff_t ost[2] = {s->steps[3], u->nout > 1 ? s->steps[4] : 0};
		const char *ia[3] = {s->args[0], s->args[1], s->args[2]};
		char *oa[2] = {s->args[3], u->nout > 1 ? s->args[4] : NULL};
		s->failed = (npy_intp)element_tails_strided(u->model, (size_t)s->n, ia, ist, oa, ost,
		                                            u->first, u->nout);
		return;
	}
	/* the levels read and the bounds' roots, kept from element to element
	 * (74 KiB: on the heap, not on a thread's stack; none where that
	 * fails, each element then alone) */
	struct element_target *own = s->cache || s->n < 2 ? NULL : malloc(sizeof *own);
	struct element_target *cache = s->cache ? s->cache : own;
	if (own)
		element_target_init(own);
	s->failed = 0;
	for (npy_intp i = 0; i < s->n; i++) {
		for (int j = 0; j < nin; j++)
			in[j] = *(const double *)(s->args[j] + i * s->steps[j]);
		s->failed += element_compute_some(u->answer, u->model, u->exact, in, out,
		                                  u->first + u->nout, NULL, cache);
		for (int j = 0; j < u->nout; j++)
			*(double *)(s->args[nin + j] + i * s->steps[nin + j]) = out[u->first + j];
	}
	free(own);
}

static void *stretch_thread(void *arg)
{
	run_stretch(arg);
	return NULL;
}

/*
 * Threads for one loop call: set_num_threads() (default: the CPUs this
 * process may use, at most 8). A call of at least MIN_PER_THREAD elements
 * per thread is cut into equal stretches, one per thread; each element is
 * computed alone, so the answers do not depend on the cut. The GIL is not
 * held here (numpy releases it around the loop). The setting is the one
 * mutable static of the package: an int written only by set_num_threads()
 * under the GIL.
 */
#define MAX_THREADS 64
#define MIN_PER_THREAD 16384
static int num_threads = 1;

static void ufunc_loop(char **args, npy_intp const *dims, npy_intp const *steps, void *data)
{
	const struct ufunc_def *u = data;
	npy_intp n = dims[0];
	int nt = num_threads;
	if (nt > 1 && n / nt < MIN_PER_THREAD)
		nt = (int)(n / MIN_PER_THREAD);
	if (nt < 1)
		nt = 1;
	struct stretch s[MAX_THREADS];
	pthread_t tid[MAX_THREADS];
	int started[MAX_THREADS] = {0};
	npy_intp at = 0;
	int nio = nin_of(u) + u->nout;
	for (int t = 0; t < nt; t++) {
		npy_intp len = n / nt + (t < n % nt);
		s[t].u = u;
		s[t].cache = NULL;
		s[t].n = len;
		s[t].steps = steps;
		for (int j = 0; j < nio; j++)
			s[t].args[j] = args[j] + at * steps[j];
		at += len;
	}
	for (int t = 1; t < nt; t++)
		started[t] = pthread_create(&tid[t], NULL, stretch_thread, &s[t]) == 0;
	run_stretch(&s[0]);
	npy_intp failed = s[0].failed;
	for (int t = 1; t < nt; t++) {
		if (started[t])
			pthread_join(tid[t], NULL);
		else
			run_stretch(&s[t]); /* no thread: this one does it */
		failed += s[t].failed;
	}
	/* the library's inner arithmetic raises flags (an underflow, a 0/0
	 * tested and discarded) that are not the caller's; an element without
	 * an answer is: numpy then says "invalid value encountered" */
	feclearexcept(FE_ALL_EXCEPT);
	if (failed)
		feraiseexcept(FE_INVALID);
}

static PyObject *py_set_num_threads(PyObject *self, PyObject *args)
{
	(void)self;
	int n;
	if (!PyArg_ParseTuple(args, "i", &n))
		return NULL;
	if (n < 1 || n > MAX_THREADS)
		return PyErr_Format(PyExc_ValueError, "set_num_threads: 1 to %d, not %d", MAX_THREADS, n);
	int old = num_threads;
	num_threads = n;
	return PyLong_FromLong(old);
}

static PyObject *py_get_num_threads(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	return PyLong_FromLong(num_threads);
}

/*
 * The loops of narrower types, each element through the double loop's path
 * in blocks: a level (the target, the last input of min_bits, max_errors,
 * the BER bounds and fec_ber_max) given as a float32 or a float16 is read
 * as the decimal numpy prints for it (element_level_float, _half: the
 * float32 0.95 is 95 %, not 94.9999988 %), every other float32 or float16
 * exactly as its double. The loops, in numpy's order of trial (the first
 * the inputs cast to safely): doubles with a float16 level, doubles with a
 * float32 level (so float32 arrays give doubles: min_bits' counts keep
 * their digits), all doubles, then all float32 (dtype=np.float32: the
 * answers rounded to float32). Without a level: all doubles, all float32.
 * On one thread.
 */
enum loop_kind { LOOP_DOUBLE, LOOP_LEVEL_HALF, LOOP_LEVEL_FLOAT, LOOP_FLOAT };
#define MAX_LOOPS 4
struct loop_def {
	const struct ufunc_def *u;
	enum loop_kind kind;
};
#define NARROW_BLOCK 128

static void narrow_loop(char **args, npy_intp const *dims, npy_intp const *steps, void *data)
{
	const struct loop_def *l = data;
	const struct ufunc_def *u = l->u;
	int nin = nin_of(u), nio = nin + u->nout, level = element_target_arg(u->answer);
	if (u->exact)
		level = -1;
	double buf[MAXIO][NARROW_BLOCK];
	npy_intp dsteps[MAXIO];
	/* the last level read, and its double: a column of a few levels reads
	 * each decimal once a run */
	uint32_t last_bits = 0;
	int have_last = 0;
	double last_level = 0;
	npy_intp failed = 0;
	struct element_target *cache = malloc(sizeof *cache); /* NULL: each element alone */
	if (cache)
		element_target_init(cache);
	for (int j = 0; j < nio; j++)
		dsteps[j] = sizeof(double);
	for (npy_intp at = 0; at < dims[0]; at += NARROW_BLOCK) {
		npy_intp n = dims[0] - at < NARROW_BLOCK ? dims[0] - at : NARROW_BLOCK;
		for (int j = 0; j < nin; j++) {
			const char *p = args[j] + at * steps[j];
			int narrow = l->kind == LOOP_FLOAT || (j == level && l->kind != LOOP_DOUBLE);
			for (npy_intp i = 0; i < n; i++, p += steps[j]) {
				if (!narrow) {
					buf[j][i] = *(const double *)p;
					continue;
				}
				uint32_t bits;
				if (l->kind == LOOP_LEVEL_HALF) {
					uint16_t h;
					memcpy(&h, p, sizeof h);
					bits = h;
				} else {
					memcpy(&bits, p, sizeof bits);
				}
				if (j != level) {
					float f;
					memcpy(&f, &bits, sizeof f);
					buf[j][i] = f;
					continue;
				}
				if (!have_last || bits != last_bits) {
					float f;
					memcpy(&f, &bits, sizeof f);
					last_level = l->kind == LOOP_LEVEL_HALF ? element_level_half((uint16_t)bits)
					                                        : element_level_float(f);
					last_bits = bits;
					have_last = 1;
				}
				buf[j][i] = last_level;
			}
		}
		struct stretch s;
		s.u = u;
		s.cache = cache;
		s.n = n;
		s.steps = dsteps;
		for (int j = 0; j < nio; j++)
			s.args[j] = (char *)buf[j];
		run_stretch(&s);
		failed += s.failed;
		for (int j = nin; j < nio; j++) {
			char *p = args[j] + at * steps[j];
			for (npy_intp i = 0; i < n; i++, p += steps[j]) {
				if (l->kind == LOOP_FLOAT)
					*(float *)p = (float)buf[j][i];
				else
					*(double *)p = buf[j][i];
			}
		}
	}
	free(cache);
	feclearexcept(FE_ALL_EXCEPT);
	if (failed)
		feraiseexcept(FE_INVALID);
}

static void double_loop(char **args, npy_intp const *dims, npy_intp const *steps, void *data)
{
	ufunc_loop(args, dims, steps, (void *)((const struct loop_def *)data)->u);
}

static PyUFuncGenericFunction loop_funcs[NUFUNCS][MAX_LOOPS];
static void *loop_data[NUFUNCS][MAX_LOOPS];
static struct loop_def loop_defs[NUFUNCS][MAX_LOOPS];
static char loop_types[NUFUNCS][MAX_LOOPS * MAXIO];

/* The class of an element's failure: 1 DomainError, 2 LimitError, 3 ConvergenceError. */
static int fail_class(const struct element_fail *f)
{
	if (f->st == COMPUTE_NUMERIC)
		return 3;
	return f->limit ? 2 : 1;
}

/*
 * explain(ufunc_name, names, columns) -> None, or (i, arg, class, message)
 * for the first element i of the columns (one 1-d float64 array per
 * argument, of one length: the candidate elements) that has no answer; the
 * engine's message, "NAME 'TEXT': REASON" with the face's name for the
 * argument at fault (names[arg]: its label), or the row's message.
 */
static PyObject *explain(PyObject *self, PyObject *args)
{
	(void)self;
	const char *name;
	PyObject *names, *cols;
	if (!PyArg_ParseTuple(args, "sO!O!", &name, &PyTuple_Type, &names, &PyTuple_Type, &cols))
		return NULL;
	const struct ufunc_def *u = NULL;
	for (size_t i = 0; i < NUFUNCS && !u; i++)
		if (strcmp(ufuncs[i].name, name) == 0)
			u = &ufuncs[i];
	if (!u)
		return PyErr_Format(PyExc_KeyError, "explain: no ufunc %s", name);
	int nin = nin_of(u);
	if (PyTuple_GET_SIZE(cols) != nin || PyTuple_GET_SIZE(names) < element_answers[u->answer].nargs)
		return PyErr_Format(PyExc_TypeError, "explain: %s takes %d columns", name, nin);
	PyArrayObject *a[MAXIO] = {NULL};
	struct element_target *cache = NULL;
	PyObject *res = NULL;
	npy_intp n = -1;
	for (int j = 0; j < nin; j++) {
		a[j] = (PyArrayObject *)PyArray_FROMANY(PyTuple_GET_ITEM(cols, j), NPY_DOUBLE, 1, 1,
		                                        NPY_ARRAY_IN_ARRAY);
		if (!a[j])
			goto done;
		if (n >= 0 && PyArray_SIZE(a[j]) != n) {
			PyErr_SetString(PyExc_ValueError, "explain: columns of one length");
			goto done;
		}
		n = PyArray_SIZE(a[j]);
	}
	cache = malloc(sizeof *cache); /* NULL: each element alone */
	if (cache)
		element_target_init(cache);
	for (npy_intp i = 0; i < n; i++) {
		double in[MAXIO], out[ELEMENT_MAX_OUT];
		struct element_fail f;
		for (int j = 0; j < nin; j++)
			in[j] = ((const double *)PyArray_DATA(a[j]))[i];
		if (!element_compute(u->answer, u->model, u->exact, in, out, &f, cache))
			continue;
		char msg[ROW_ERROR_MAX + 200];
		if (f.arg >= 0) {
			const char *label = PyUnicode_AsUTF8(PyTuple_GET_ITEM(names, f.arg));
			if (!label)
				goto done;
			value_message(msg, sizeof msg, label, f.text, f.why);
		} else {
			snprintf(msg, sizeof msg, "%s", f.why);
		}
		res = Py_BuildValue("(nii s)", i, f.arg, fail_class(&f), msg);
		goto done;
	}
	res = Py_None;
	Py_INCREF(res);
done:
	free(cache);
	for (int j = 0; j < nin; j++)
		Py_XDECREF(a[j]);
	feclearexcept(FE_ALL_EXCEPT);
	return res;
}

/*
 * scalar(i, *args) -> float (or a tuple of the ufunc's outputs), or None
 * where the element has no answer: ufunc i of the table on Python floats,
 * without numpy's machinery (one call to element_compute, as its loop
 * makes): the friendly functions' path for one value.
 */
static PyObject *py_scalar(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
	(void)self;
	if (nargs < 1)
		return PyErr_Format(PyExc_TypeError, "scalar(i, *args)");
	Py_ssize_t i = PyLong_AsSsize_t(args[0]);
	if (i == -1 && PyErr_Occurred())
		return NULL;
	if (i < 0 || (size_t)i >= NUFUNCS)
		return PyErr_Format(PyExc_IndexError, "scalar: no ufunc %zd", i);
	const struct ufunc_def *u = &ufuncs[i];
	int nin = nin_of(u);
	if (nargs - 1 != nin)
		return PyErr_Format(PyExc_TypeError, "scalar: %s takes %d values", u->name, nin);
	double in[MAXIO], out[ELEMENT_MAX_OUT];
	for (int j = 0; j < nin; j++) {
		in[j] = PyFloat_AsDouble(args[j + 1]);
		if (in[j] == -1.0 && PyErr_Occurred())
			return NULL;
	}
	int bad = element_compute_some(u->answer, u->model, u->exact, in, out, u->first + u->nout,
	                               NULL, NULL);
	feclearexcept(FE_ALL_EXCEPT);
	if (bad)
		Py_RETURN_NONE;
	if (u->nout == 1)
		return PyFloat_FromDouble(out[u->first]);
	PyObject *t = PyTuple_New(u->nout);
	for (int j = 0; t && j < u->nout; j++)
		PyTuple_SET_ITEM(t, j, PyFloat_FromDouble(out[u->first + j]));
	return t;
}

/* ufunc_index(name) -> the table index scalar() takes */
static PyObject *py_ufunc_index(PyObject *self, PyObject *args)
{
	(void)self;
	const char *name;
	if (!PyArg_ParseTuple(args, "s", &name))
		return NULL;
	for (size_t i = 0; i < NUFUNCS; i++)
		if (strcmp(ufuncs[i].name, name) == 0)
			return PyLong_FromSize_t(i);
	return PyErr_Format(PyExc_KeyError, "no ufunc %s", name);
}

/* ---- not elementwise ---- */

static PyObject *raise_message(enum bercl_status rc, const char *msg);
static PyObject *doubles_list(const double *v, size_t n);
static PyObject *histogram_dict(const bercl_fec_histogram_stats *hp, const bercl_rs_code *cp);

/* defined below */
static int intervals_from(PyObject *o, bercl_intervals *s);

/*
 * row(func, cmd, model, items[, bins, groups, intervals]) -> (cells, table,
 * extra): one row of subcommand cmd
 * (engine/rowcall.c: each (flag, text, shown) of items read as its flag
 * reads it, then compute_row, the command's one path); cells: {column:
 * cell} of every non-empty cell as the machine formats print it; table:
 * None, or (pass_bits, fail_bits) of a sequential plan; extra: None, the
 * histogram's statistics (fec with bins or groups), or with intervals (the
 * state of intervals_read: cl, ber --intervals, its totals the row's bits
 * and errors) {"one_minus_cl_clustered": ...}. A bad value or a
 * row without an answer raises DomainError (LimitError, ConvergenceError)
 * with "FUNC: " and the engine's message.
 */
static PyObject *py_row(PyObject *self, PyObject *args)
{
	(void)self;
	const char *func, *cmdname;
	int model;
	PyObject *items, *bins_seq = Py_None, *groups = Py_None, *iv = Py_None;
	if (!PyArg_ParseTuple(args, "ssiO!|OOO", &func, &cmdname, &model, &PyList_Type, &items,
	                      &bins_seq, &groups, &iv))
		return NULL;
	bercl_intervals sums;
	if (iv != Py_None && !intervals_from(iv, &sums))
		return NULL;
	PyArrayObject *hb = NULL, *glo = NULL, *ghi = NULL, *gcount = NULL;
	int *lo = NULL, *hi = NULL;
	double *zeros = NULL;
	enum command cmd;
	char nowhy[256];
	if (invoke_command(cmdname, &cmd, nowhy, sizeof nowhy) != 0)
		return PyErr_Format(PyExc_ValueError, "row: no subcommand %s", cmdname);
	struct rowcall *c = PyMem_Calloc(1, sizeof *c);
	struct row *r = PyMem_Calloc(1, sizeof *r);
	PyObject *res = NULL;
	char msg[ROW_ERROR_MAX + 300], full[ROW_ERROR_MAX + 400];
	if (!c || !r) {
		PyErr_NoMemory();
		goto done;
	}
	rowcall_init(c, cmd, model ? BERCL_BINOMIAL : BERCL_POISSON);
	if (iv != Py_None)
		invoke_base_intervals(&c->in, &sums);
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(items); i++) {
		const char *flag, *text, *shown;
		if (!PyArg_ParseTuple(PyList_GET_ITEM(items, i), "sss", &flag, &text, &shown))
			goto done;
		if (rowcall_set(c, flag, text, shown, msg, sizeof msg) != 0) {
			snprintf(full, sizeof full, "%s: %s", func, msg);
			raise_message(BERCL_EDOM, full);
			goto done;
		}
	}
	if (bins_seq != Py_None || groups != Py_None) {
		/* the histogram's bins (t + 2 counts), or the groups of a report that
		 * groups bins (lo, hi, count): the face checked their lengths */
		int nb = c->in.code.t + 2;
		if (nb < 2 || nb > BERCL_FEC_MAX_BINS + 2) {
			PyErr_SetString(PyExc_ValueError, "row: a histogram needs a code first");
			goto done;
		}
		if (bins_seq != Py_None) {
			hb = (PyArrayObject *)PyArray_FROMANY(bins_seq, NPY_DOUBLE, 1, 1,
			                                      NPY_ARRAY_IN_ARRAY);
			if (!hb)
				goto done;
			if (PyArray_SIZE(hb) != nb) {
				PyErr_Format(PyExc_ValueError, "row: t + 2 = %d bins wanted", nb);
				goto done;
			}
			c->in.histogram = PyArray_DATA(hb);
		} else {
			PyObject *l, *h, *k;
			if (!PyArg_ParseTuple(groups, "OOO", &l, &h, &k))
				goto done;
			glo = (PyArrayObject *)PyArray_FROMANY(l, NPY_INT64, 1, 1, NPY_ARRAY_IN_ARRAY);
			ghi = (PyArrayObject *)PyArray_FROMANY(h, NPY_INT64, 1, 1, NPY_ARRAY_IN_ARRAY);
			gcount = (PyArrayObject *)PyArray_FROMANY(k, NPY_DOUBLE, 1, 1, NPY_ARRAY_IN_ARRAY);
			if (!glo || !ghi || !gcount)
				goto done;
			npy_intp ng = PyArray_SIZE(gcount);
			if (ng < 1 || ng > BERCL_FEC_MAX_BINS || PyArray_SIZE(glo) != ng ||
			    PyArray_SIZE(ghi) != ng) {
				PyErr_SetString(PyExc_ValueError, "row: groups of one length, 1 or more");
				goto done;
			}
			lo = PyMem_Calloc((size_t)ng, sizeof *lo);
			hi = PyMem_Calloc((size_t)ng, sizeof *hi);
			zeros = PyMem_Calloc((size_t)nb, sizeof *zeros);
			if (!lo || !hi || !zeros) {
				PyErr_NoMemory();
				goto done;
			}
			for (npy_intp i = 0; i < ng; i++) {
				long long a = ((const long long *)PyArray_DATA(glo))[i];
				long long b = ((const long long *)PyArray_DATA(ghi))[i];
				lo[i] = a < INT_MIN ? INT_MIN : a > INT_MAX ? INT_MAX : (int)a;
				hi[i] = b < INT_MIN ? INT_MIN : b > INT_MAX ? INT_MAX : (int)b;
			}
			c->in.histogram = zeros;
			c->in.hist_lo = lo;
			c->in.hist_hi = hi;
			c->in.hist_count = PyArray_DATA(gcount);
			c->in.hist_groups = (int)ng;
		}
	}
	enum compute_status st;
	Py_BEGIN_ALLOW_THREADS
	st = rowcall_compute(c, r);
	Py_END_ALLOW_THREADS
	feclearexcept(FE_ALL_EXCEPT);
	if (st != COMPUTE_OK) {
		int limit = strcmp(r->error, compute_status_message(BERCL_POISSON, BERCL_ELIMIT)) == 0 ||
		            strcmp(r->error, compute_status_message(BERCL_BINOMIAL, BERCL_ELIMIT)) == 0;
		snprintf(full, sizeof full, "%s: %s", func, r->error);
		raise_message(st == COMPUTE_NUMERIC ? BERCL_ENOCONV : limit ? BERCL_ELIMIT : BERCL_EDOM,
		              full);
		goto done;
	}
	PyObject *cells = PyDict_New();
	for (int k = 0; cells && k < NCOLUMNS; k++) {
		char cell[512];
		if (column_cell(cell, sizeof cell, (enum column)k, r, 0) == 0)
			continue;
		PyObject *v = PyUnicode_FromString(cell);
		if (!v || PyDict_SetItemString(cells, columns[k].name, v) < 0) {
			Py_XDECREF(v);
			Py_CLEAR(cells);
			break;
		}
		Py_DECREF(v);
	}
	if (!cells)
		goto done;
	PyObject *table = Py_None;
	Py_INCREF(table);
	if (r->seq_table) {
		size_t n = (size_t)r->seq_rows;
		Py_DECREF(table);
		table = Py_BuildValue("(NN)", doubles_list(r->seq_table, n),
		                      doubles_list(r->seq_table + n, n));
	}
	PyObject *hist = Py_None;
	Py_INCREF(hist);
	if (r->has_clustered) {
		Py_DECREF(hist);
		hist = Py_BuildValue("{s:d}", "one_minus_cl_clustered", r->cl_clustered.one_minus_cl);
	} else if (r->has_hist) {
		Py_DECREF(hist);
		hist = histogram_dict(&r->hist, &r->in.code);
		if (hist) { /* the row's own: with --method sonic, its tail */
			PyObject *v = PyLong_FromLong(r->tail_interval);
			PyDict_SetItemString(hist, "tail_interval", v);
			Py_XDECREF(v);
		}
	}
	res = table && hist ? Py_BuildValue("(NNN)", cells, table, hist) : NULL;
	if (!res) {
		Py_DECREF(cells);
		Py_XDECREF(table);
		Py_XDECREF(hist);
	}
done:
	Py_XDECREF(hb);
	Py_XDECREF(glo);
	Py_XDECREF(ghi);
	Py_XDECREF(gcount);
	PyMem_Free(lo);
	PyMem_Free(hi);
	PyMem_Free(zeros);
	if (r)
		plan_free(r);
	PyMem_Free(c);
	PyMem_Free(r);
	return res;
}

/* DomainError (LimitError, ConvergenceError) with the message alone */
static PyObject *raise_message(enum bercl_status rc, const char *msg)
{
	PyObject *mod = PyImport_ImportModule("bercl");
	const char *cls = rc == BERCL_EDOM ? "DomainError" : rc == BERCL_ELIMIT ? "LimitError"
	                                                                        : "ConvergenceError";
	if (mod) {
		PyObject *exc = PyObject_GetAttrString(mod, cls);
		Py_DECREF(mod);
		if (exc) {
			PyErr_SetString(exc, msg);
			Py_DECREF(exc);
			return NULL;
		}
	}
	PyErr_Clear();
	PyErr_SetString(PyExc_ValueError, msg);
	return NULL;
}

static PyObject *raise_status(enum bercl_status rc, const char *what)
{
	char msg[600];
	snprintf(msg, sizeof msg, "%s: %s", what, bercl_strerror(rc));
	return raise_message(rc, msg);
}

/* (cl, one_minus_cl, ln_cl.hi, ln_cl.lo, ln_one_minus_cl.hi, ln_one_minus_cl.lo) */
static PyObject *tails_tuple(const bercl_tails *t)
{
	return Py_BuildValue("(dddddd)", t->cl, t->one_minus_cl, t->ln_cl.hi, t->ln_cl.lo,
	                     t->ln_one_minus_cl.hi, t->ln_one_minus_cl.lo);
}

/* tails(model, errors, bits, ber) -> (cl, one_minus_cl, ln_cl, ln_one_minus_cl),
 * by the engine's full path (element_tails); None where it has no answer
 * (explain() on the cl ufunc gives the reason) */
static PyObject *py_tails_full(PyObject *self, PyObject *args)
{
	(void)self;
	int model;
	double in[3];
	if (!PyArg_ParseTuple(args, "iddd", &model, &in[0], &in[1], &in[2]))
		return NULL;
	bercl_tails t;
	int bad = element_tails(model, in, &t, NULL);
	feclearexcept(FE_ALL_EXCEPT);
	if (bad)
		Py_RETURN_NONE;
	return tails_tuple(&t);
}




static PyObject *doubles_list(const double *v, size_t n)
{
	PyObject *l = PyList_New((Py_ssize_t)n);
	if (!l)
		return NULL;
	for (size_t i = 0; i < n; i++)
		PyList_SET_ITEM(l, (Py_ssize_t)i, PyFloat_FromDouble(v[i]));
	return l;
}

/* ---- clustered errors: bercl_intervals (lib/clustered.c) ---- */

static PyObject *intervals_tuple(const bercl_intervals *s)
{
	return Py_BuildValue("(dddddddd)", s->intervals, s->errored, s->bits, s->errors, s->bits_lo,
	                     s->sum_a, s->sum_a_lo, s->a2_ratio);
}

static int intervals_from(PyObject *o, bercl_intervals *s)
{
	return PyArg_ParseTuple(o, "dddddddd", &s->intervals, &s->errored, &s->bits, &s->errors,
	                        &s->bits_lo, &s->sum_a, &s->sum_a_lo, &s->a2_ratio);
}


/*
 * dispersion(state) -> dict: the intervals' counts and their dispersion
 * (bercl_clustered_dispersion), as cl, ber --intervals give them.
 */
static PyObject *py_dispersion(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *st;
	if (!PyArg_ParseTuple(args, "O", &st))
		return NULL;
	bercl_intervals s;
	if (!intervals_from(st, &s))
		return NULL;
	bercl_dispersion d;
	enum bercl_status rc = bercl_clustered_dispersion(&s, &d);
	if (rc != BERCL_OK)
		return raise_status(rc, "the clustered dispersion");
	return Py_BuildValue("{s:d,s:d,s:d,s:d,s:i,s:d,s:i,s:d,s:d,s:d}", "intervals", d.intervals,
	                     "errored", d.errored, "bits", s.bits, "errors", s.errors,
	                     "has_estimate", d.has_estimate, "dispersion", d.dispersion, "bounded",
	                     d.bounded, "df", d.df, "dispersion_upper", d.dispersion_upper,
	                     "independent_events", d.independent_events);
}

/* ---- FEC: frame loss and the degraded-SER alarm ---- */



/* A histogram's statistics (bercl_fec_histogram_stats) as a dict, with the code's n, k, m, t. */
static PyObject *histogram_dict(const bercl_fec_histogram_stats *hp, const bercl_rs_code *cp)
{
	bercl_fec_histogram_stats h = *hp;
	bercl_rs_code code = *cp;
	PyObject *d = PyDict_New();
	if (!d)
		return NULL;
#define SETD(key, v) do { PyObject *o_ = PyFloat_FromDouble(v); PyDict_SetItemString(d, key, o_); Py_XDECREF(o_); } while (0)
#define SETI(key, v) do { PyObject *o_ = PyLong_FromLong(v); PyDict_SetItemString(d, key, o_); Py_XDECREF(o_); } while (0)
	SETD("codewords", h.codewords);
	SETD("uncorrectable", h.uncorrectable);
	SETD("symbol_errors", h.symbol_errors);
	SETD("ser_estimate", h.ser_estimate);
	SETD("ser_upper", h.ser_upper);
	SETI("has_cer_predicted", h.has_cer_predicted);
	SETD("cer_predicted", h.cer_predicted);
	SETD("cer_model_upper", h.cer_model_upper);
	SETD("cer_count_upper", h.cer_count_upper);
	SETI("model_contradicted", h.model_contradicted);
	SETD("cer_upper", h.cer_upper);
	SETD("ln_cer_upper", lnp(h.ln_cer_upper));
	SETI("gof_df", h.gof_df);
	SETD("gof_stat", h.gof_stat);
	SETD("gof_p", h.gof_p);
	SETD("ln_gof_p", lnp(h.ln_gof_p));
	SETI("burst", h.burst);
	SETI("tail_bins", h.tail_bins);
	SETD("cer_tail", h.cer_tail);
	SETD("tail_r2", h.tail_r2);
	SETD("cer_tail_lower", h.cer_tail_lower);
	SETD("cer_tail_upper", h.cer_tail_upper);
	SETI("n", code.n);
	SETI("k", code.k);
	SETI("m", code.m);
	SETI("t", code.t);
#undef SETD
#undef SETI
	return d;
}

/* ---- watch: the command's state machine (engine/watch.c), one reading a call ---- */

static const char watch_capsule[] = "bercl.watch";

static void watch_free(PyObject *cap)
{
	struct watch *w = PyCapsule_GetPointer(cap, watch_capsule);
	if (w) {
		watch_close(w);
		PyMem_Free(w);
	}
}

/*
 * watch_open(items, plan) -> a capsule: the watch of `bercl watch` with the
 * values (flag, text, shown) of items read by their flags (rowcall_set),
 * its rows in CSV, its messages named "Watch.feed:LINE:" (LINE counts the
 * header and the readings fed). A bad value raises DomainError.
 */
static PyObject *py_watch_open(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *items;
	int plan;
	if (!PyArg_ParseTuple(args, "O!p", &PyList_Type, &items, &plan))
		return NULL;
	struct rowcall c;
	char msg[ROW_ERROR_MAX + 300], full[ROW_ERROR_MAX + 400];
	rowcall_init(&c, CMD_WATCH, BERCL_POISSON);
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(items); i++) {
		const char *flag, *text, *shown;
		if (!PyArg_ParseTuple(PyList_GET_ITEM(items, i), "sss", &flag, &text, &shown))
			return NULL;
		if (rowcall_set(&c, flag, text, shown, msg, sizeof msg) != 0) {
			snprintf(full, sizeof full, "Watch: %s", msg);
			return raise_message(BERCL_EDOM, full);
		}
	}
	struct watch *w = PyMem_Calloc(1, sizeof *w);
	if (!w)
		return PyErr_NoMemory();
	if (watch_open(w, &c.in, plan, FMT_CSV, "Watch.feed", msg, sizeof msg) != 0) {
		PyMem_Free(w);
		snprintf(full, sizeof full, "Watch: %s", msg);
		return raise_message(BERCL_EDOM, full);
	}
	PyObject *cap = PyCapsule_New(w, watch_capsule, watch_free);
	if (!cap) {
		watch_close(w);
		PyMem_Free(w);
	}
	return cap;
}

/*
 * watch_feed(capsule, line) -> (state, out, err): one CSV record (the
 * header first, then a reading) through watch_next(), as the command reads
 * it from standard input (a memory source): the state (enum watch_state),
 * the rows it wrote (CSV; the header row after the header) and its messages.
 */
static PyObject *py_watch_feed(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *cap;
	const char *line;
	Py_ssize_t len;
	if (!PyArg_ParseTuple(args, "Oy#", &cap, &line, &len))
		return NULL;
	struct watch *w = PyCapsule_GetPointer(cap, watch_capsule);
	if (!w)
		return NULL;
	if (len < 1)
		return PyErr_Format(PyExc_ValueError, "watch_feed: an empty record");
	/* the record as the command's standard input, the rows and the
	 * messages into memory (engine/sink.h) */
	struct memory_source ms;
	struct source src = source_memory(&ms, line, (size_t)len);
	struct memory_sink mo = {0}, me = {0};
	struct sink out = sink_memory(&mo), err = sink_memory(&me);
	struct csv c;
	watch_reader_init(&c, &src);
	c.line = w->line + 1; /* the records fed before: the messages' line numbers go on */
	enum watch_state st = watch_next(w, &c, &out, &err);
	csv_free(&c);
	feclearexcept(FE_ALL_EXCEPT);
	PyObject *res = mo.failed || me.failed
	                        ? PyErr_NoMemory()
	                        : Py_BuildValue("(is#s#)", (int)st, mo.buf ? mo.buf : "",
	                                        (Py_ssize_t)mo.len, me.buf ? me.buf : "",
	                                        (Py_ssize_t)me.len);
	memory_sink_free(&mo);
	memory_sink_free(&me);
	return res;
}

/* ---- invoke: the command's whole invocation (engine/invoke.c), as the page runs it ---- */

struct py_invoke {
	PyObject *columns; /* the header's names, a list */
	PyObject *rows;    /* each row's cells, a list of lists */
	PyObject *says;    /* the message lines, a list */
	int failed;        /* a Python error is set */
};

static void invoke_say(void *ctx, const char *kind, const char *where, const char *text)
{
	struct py_invoke *p = ctx;
	char line[6144];
	size_t n = invoke_message_line(line, sizeof line, kind, where, text);
	PyObject *v = PyUnicode_DecodeUTF8(line, (Py_ssize_t)n, "replace");
	if (!v || PyList_Append(p->says, v) < 0)
		p->failed = 1;
	Py_XDECREF(v);
}

static void invoke_header(void *ctx, const struct layout *l)
{
	struct py_invoke *p = ctx;
	for (int i = 0; i < l->ncol; i++) {
		PyObject *v = PyUnicode_FromString(columns[l->col[i]].name);
		if (!v || PyList_Append(p->columns, v) < 0)
			p->failed = 1;
		Py_XDECREF(v);
	}
}

static void invoke_got_row(void *ctx, const struct layout *l, const struct row *r)
{
	struct py_invoke *p = ctx;
	PyObject *cells = PyList_New(l->ncol);
	for (int i = 0; cells && i < l->ncol; i++) {
		char cell[512];
		size_t n = column_cell(cell, sizeof cell, l->col[i], r, 0);
		PyObject *v = PyUnicode_DecodeUTF8(cell, (Py_ssize_t)n, "replace");
		if (!v) {
			Py_CLEAR(cells);
			break;
		}
		PyList_SET_ITEM(cells, i, v);
	}
	if (!cells || PyList_Append(p->rows, cells) < 0)
		p->failed = 1;
	Py_XDECREF(cells);
}

/*
 * invoke(cmd, pairs) -> (status, columns, rows, messages): `bercl CMD
 * --FLAG VALUE ... -f csv` run by the engine's invocation (engine/invoke.c,
 * the page's own path): each (flag, value) of pairs read as the command
 * reads it (a switch: value "1"), the checks that need several flags, the
 * sweep's rows as the CSV's cells, and every message line ("bercl: ...").
 * No files: no --input, --histogram, --intervals or watch.
 */
static PyObject *py_invoke(PyObject *self, PyObject *args)
{
	(void)self;
	const char *cmd;
	PyObject *pairs;
	if (!PyArg_ParseTuple(args, "sO!", &cmd, &PyList_Type, &pairs))
		return NULL;
	struct py_invoke p = {PyList_New(0), PyList_New(0), PyList_New(0), 0};
	struct options *o = PyMem_Calloc(1, sizeof *o);
	struct invoke_sweep *it = PyMem_Calloc(1, sizeof *it);
	struct row_input base;
	PyObject *res = NULL;
	char why[1024];
	int status = INVOKE_USAGE;
	struct invoke_sink k = {&p, invoke_say, invoke_header, invoke_got_row, NULL, NULL, NULL,
	                        NULL};
	if (!p.columns || !p.rows || !p.says || !o || !it) {
		PyErr_NoMemory();
		goto done;
	}
	if (invoke_command(cmd, &o->cmd, why, sizeof why) != 0 || o->cmd == CMD_WATCH) {
		invoke_say(&p, "", NULL, o->cmd == CMD_WATCH ? "watch: use Watch" : why);
		goto answer;
	}
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(pairs); i++) {
		const char *name, *value;
		if (!PyArg_ParseTuple(PyList_GET_ITEM(pairs, i), "ss", &name, &value))
			goto done;
		int id = invoke_flag_id(name);
		char dashed[96];
		snprintf(dashed, sizeof dashed, "--%s", name);
		if (id < 0 || id == F_FORMAT || id == F_VALUE || id == F_HELP || id == F_VERSION ||
		    id == F_INPUT || id == F_HISTOGRAM || id == F_INTERVALS) {
			invoke_say(&p, "", NULL, invoke_unknown_flag(dashed, why, sizeof why));
			goto answer;
		}
		if (id >= NQ && !flags[id].arg) { /* a switch */
			if (strcmp(value, "1") != 0)
				continue;
			value = NULL;
		}
		if (invoke_flag(o, id, value, why, sizeof why)) {
			invoke_say(&p, "", NULL, why);
			goto answer;
		}
	}
	o->format = FMT_CSV;
	if (invoke_quantities(o, why, sizeof why) || invoke_check(o, why, sizeof why)) {
		invoke_say(&p, "", NULL, why);
		goto answer;
	}
	invoke_base(o, &base);
	if (invoke_sweep_start(it, o, &base, &k, why, sizeof why)) {
		invoke_say(&p, "", NULL, why);
		goto answer;
	}
	int more = 1; /* (the GIL held: the sink's callbacks make Python objects) */
	while (more > 0 && !p.failed)
		more = invoke_sweep_next(it, &k);
	status = more < 0 ? it->status : invoke_sweep_end(it, &k);
answer:
	feclearexcept(FE_ALL_EXCEPT);
	if (!p.failed)
		res = Py_BuildValue("(iOOO)", status, p.columns, p.rows, p.says);
done:
	if (o) {
		for (int q = 0; q < NQ; q++)
			vlist_free(&o->list[q]);
	}
	PyMem_Free(o);
	PyMem_Free(it);
	Py_XDECREF(p.columns);
	Py_XDECREF(p.rows);
	Py_XDECREF(p.says);
	return res;
}

/* the warnings of a check, as a list of their texts */
static void check_say(void *ctx, const char *kind, const char *where, const char *text)
{
	struct py_invoke *p = ctx;
	(void)kind;
	(void)where;
	PyObject *v = PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "replace");
	if (!v || PyList_Append(p->says, v) < 0)
		p->failed = 1;
	Py_XDECREF(v);
}

/*
 * check(cmd, pairs, value) -> (message or None, warnings): a call's
 * arguments checked by the command's checks of the same flags
 * (invoke_arguments, engine/arguments.c): each (flag, text) of pairs, text
 * None for an argument given as an array (its elements are checked by the
 * ufunc's loop); value: None, or the output column the call returns (as
 * --value COLUMN). The message and the warnings are the command's (no
 * "bercl: "), its flags named "--flag".
 */
static PyObject *py_check(PyObject *self, PyObject *args)
{
	(void)self;
	const char *cmdname, *value = NULL;
	PyObject *pairs;
	int elementwise = 0;
	if (!PyArg_ParseTuple(args, "sO!z|p", &cmdname, &PyList_Type, &pairs, &value, &elementwise))
		return NULL;
	enum command cmd;
	char why[1024];
	if (invoke_command(cmdname, &cmd, why, sizeof why) != 0)
		return PyErr_Format(PyExc_ValueError, "check: %s", why);
	Py_ssize_t n = PyList_GET_SIZE(pairs);
	if (n > 64)
		return PyErr_Format(PyExc_ValueError, "check: at most 64 arguments");
	struct call_arg a[64];
	for (Py_ssize_t i = 0; i < n; i++) {
		if (!PyArg_ParseTuple(PyList_GET_ITEM(pairs, i), "sz", &a[i].flag, &a[i].text))
			return NULL;
		int id = invoke_flag_id(a[i].flag);
		if (elementwise && id >= 0 && id < NQ)
			a[i].text = NULL;
	}
	struct py_invoke p = {NULL, NULL, PyList_New(0), 0};
	if (!p.says)
		return NULL;
	struct invoke_sink k = {&p, check_say, NULL, NULL, NULL, NULL, NULL, NULL};
	const char *bad = invoke_arguments(cmd, a, (int)n, value, &k, why, sizeof why);
	feclearexcept(FE_ALL_EXCEPT);
	if (p.failed) {
		Py_DECREF(p.says);
		return NULL;
	}
	return Py_BuildValue("(zN)", bad, p.says);
}

/*
 * read_histograms(data, name, code, format) -> (why, format, warnings,
 * [(port, lane, bins, groups)]): `bercl fec --code CODE --histogram NAME
 * --histogram-format FORMAT` reading the report's bytes (engine/invoke.c
 * invoke_histogram over engine/telemetry.c's readers: bercl's CSV,
 * ethtool's JSON, SONiC's tables, Xena's reply), so that a report reads
 * here exactly as the command reads it; why: None, or the command's
 * message for the code, the format or the report (the rest then empty);
 * groups is None or (lo, hi, count) lists for a report that groups bins.
 */
static PyObject *py_read_histograms(PyObject *self, PyObject *args)
{
	(void)self;
	const char *buf, *name, *code, *fname;
	Py_ssize_t len;
	if (!PyArg_ParseTuple(args, "y#sss", &buf, &len, &name, &code, &fname))
		return NULL;
	struct options *o = PyMem_Calloc(1, sizeof *o);
	struct telemetry *tm = PyMem_Calloc(1, sizeof *tm);
	struct py_invoke p = {NULL, NULL, PyList_New(0), 0};
	if (!o || !tm || !p.says) {
		PyMem_Free(o);
		PyMem_Free(tm);
		Py_XDECREF(p.says);
		return PyErr_NoMemory();
	}
	struct invoke_sink k = {&p, check_say, NULL, NULL, NULL, NULL, NULL, NULL};
	char why[1024];
	const char *bad;
	o->cmd = CMD_FEC;
	bad = invoke_flag(o, F_CODE, code, why, sizeof why);
	if (!bad)
		bad = invoke_flag(o, F_HISTOGRAM, name, why, sizeof why);
	if (!bad)
		bad = invoke_flag(o, F_HISTOGRAM_FORMAT, fname, why, sizeof why);
	if (!bad) {
		struct memory_source ms;
		struct source src = source_memory(&ms, buf, (size_t)len);
		Py_BEGIN_ALLOW_THREADS
		bad = invoke_histogram(o, &src, name, tm, &k, why, sizeof why);
		Py_END_ALLOW_THREADS
	}
	int t = o->code.t;
	PyMem_Free(o);
	if (bad || p.failed) {
		telemetry_free(tm);
		PyMem_Free(tm);
		PyObject *r = p.failed ? NULL : Py_BuildValue("(ssOO)", why, "", p.says, Py_None);
		Py_DECREF(p.says);
		return r;
	}
	PyObject *list = PyList_New(tm->n);
	for (int i = 0; list && i < tm->n; i++) {
		const struct telemetry_histogram *h = &tm->h[i];
		PyObject *groups;
		if (h->ngroups > 0) {
			PyObject *lo = PyList_New(h->ngroups), *hi = PyList_New(h->ngroups);
			for (int j = 0; lo && hi && j < h->ngroups; j++) {
				PyList_SET_ITEM(lo, j, PyLong_FromLong(h->lo[j]));
				PyList_SET_ITEM(hi, j, PyLong_FromLong(h->hi[j]));
			}
			groups = Py_BuildValue("(NNN)", lo, hi, doubles_list(h->count, (size_t)h->ngroups));
		} else {
			Py_INCREF(Py_None);
			groups = Py_None;
		}
		PyList_SET_ITEM(list, i, Py_BuildValue("(ssNN)", h->port, h->lane,
		                                       doubles_list(h->bins, (size_t)t + 2), groups));
	}
	PyObject *res = Py_BuildValue("(OsNN)", Py_None, telemetry_format_name(tm->format), p.says,
	                              list);
	telemetry_free(tm);
	PyMem_Free(tm);
	return res;
}

/*
 * intervals_read(data, name, form) -> (why, state, cumulative, rows): `bercl
 * cl --intervals NAME --intervals-form FORM` reading a log's bytes (engine/
 * invoke.c invoke_intervals over the --intervals reader, engine/
 * intervals.c); why: None, or the command's message for the form or the
 * log (the rest then None).
 */
static PyObject *py_intervals_read(PyObject *self, PyObject *args)
{
	(void)self;
	const char *data, *name, *form;
	Py_ssize_t len;
	if (!PyArg_ParseTuple(args, "y#ss", &data, &len, &name, &form))
		return NULL;
	struct options *o = PyMem_Calloc(1, sizeof *o);
	struct py_invoke p = {NULL, NULL, PyList_New(0), 0};
	if (!o || !p.says) {
		PyMem_Free(o);
		Py_XDECREF(p.says);
		return PyErr_NoMemory();
	}
	struct invoke_sink k = {&p, check_say, NULL, NULL, NULL, NULL, NULL, NULL};
	char why[1024];
	bercl_intervals s;
	struct row_input base;
	o->cmd = CMD_CL;
	const char *bad = invoke_flag(o, F_INTERVALS, name, why, sizeof why);
	if (!bad)
		bad = invoke_flag(o, F_INTERVALS_FORM, form, why, sizeof why);
	if (!bad) {
		struct memory_source ms;
		struct source src = source_memory(&ms, data, (size_t)len);
		invoke_base(o, &base);
		Py_BEGIN_ALLOW_THREADS
		bad = invoke_intervals(o, &src, name, &s, &base, &k, why, sizeof why);
		Py_END_ALLOW_THREADS
	}
	int form_id = o->intervals_form;
	PyMem_Free(o);
	Py_DECREF(p.says);
	feclearexcept(FE_ALL_EXCEPT);
	if (p.failed)
		return NULL;
	if (bad)
		return Py_BuildValue("(sOOO)", why, Py_None, Py_None, Py_None);
	/* the reader's form decision (cumulative readings have their
	 * differences taken), which invoke_intervals says only in words: the
	 * same reading again, for its note */
	struct intervals_note note;
	struct memory_source ms2;
	struct source src2 = source_memory(&ms2, data, (size_t)len);
	char err[512];
	bercl_intervals s2;
	if (intervals_read(&src2, name, (enum intervals_form)form_id, &s2, &note, err, sizeof err) != 0)
		note.cumulative = 0;
	return Py_BuildValue("(ONOl)", Py_None, intervals_tuple(&s),
	                     note.cumulative ? Py_True : Py_False, note.rows);
}

/*
 * histogram_arrays(func, t, nbins, glens): a histogram given as arrays
 * checked by the engine (histogram_arrays, engine/histogram.c): nbins the
 * length of bins or None, glens the lengths of the groups' arrays or None;
 * a bad one raises DomainError "FUNC: " and the engine's message.
 */
static PyObject *py_histogram_arrays(PyObject *self, PyObject *args)
{
	(void)self;
	const char *func;
	int t;
	PyObject *nb, *gl;
	if (!PyArg_ParseTuple(args, "siOO", &func, &t, &nb, &gl))
		return NULL;
	long nbins = -1, glen[3] = {0, 0, 0};
	int ngroups = -1;
	if (nb != Py_None && (nbins = PyLong_AsLong(nb)) == -1 && PyErr_Occurred())
		return NULL;
	if (gl != Py_None) {
		PyObject *seq = PySequence_Fast(gl, "histogram_arrays: glens is a sequence");
		if (!seq)
			return NULL;
		Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
		ngroups = n > 3 ? 4 : (int)n;
		for (Py_ssize_t i = 0; i < n && i < 3; i++)
			glen[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
		Py_DECREF(seq);
		if (PyErr_Occurred())
			return NULL;
	}
	char why[256], full[400];
	if (histogram_arrays(t, nbins, ngroups, glen, why, sizeof why)) {
		snprintf(full, sizeof full, "%s: %s", func, why);
		return raise_message(BERCL_EDOM, full);
	}
	Py_RETURN_NONE;
}

/*
 * test_time(bits, rate) -> (times, i, why): each element's test time, bits
 * over rate (all lanes), as a row's time_s is made (compute_test_time,
 * engine/compute.c); NaN where bits or rate is NaN (an element refused
 * before); i: the first element whose time the command refuses, with
 * why, or -1 and None (NaN there too).
 */
static PyObject *py_test_time(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *bo, *ro;
	if (!PyArg_ParseTuple(args, "OO", &bo, &ro))
		return NULL;
	PyArrayObject *b = (PyArrayObject *)PyArray_FROMANY(bo, NPY_DOUBLE, 1, 1, NPY_ARRAY_IN_ARRAY);
	PyArrayObject *r = (PyArrayObject *)PyArray_FROMANY(ro, NPY_DOUBLE, 1, 1, NPY_ARRAY_IN_ARRAY);
	PyArrayObject *t = NULL;
	PyObject *res = NULL;
	if (!b || !r)
		goto done;
	npy_intp n = PyArray_SIZE(b);
	if (PyArray_SIZE(r) != n) {
		PyErr_SetString(PyExc_ValueError, "test_time: arrays of one length");
		goto done;
	}
	t = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_DOUBLE);
	if (!t)
		goto done;
	const double *bv = PyArray_DATA(b), *rv = PyArray_DATA(r);
	double *tv = PyArray_DATA(t);
	npy_intp first = -1;
	char why[ROW_ERROR_MAX] = "";
	char one[ROW_ERROR_MAX];
	for (npy_intp i = 0; i < n; i++) {
		tv[i] = NAN;
		if (isnan(bv[i]) || isnan(rv[i]))
			continue;
		if (compute_test_time(bv[i], rv[i], &tv[i], one, sizeof one) != 0) {
			tv[i] = NAN;
			if (first < 0) {
				first = i;
				memcpy(why, one, sizeof why);
			}
		}
	}
	feclearexcept(FE_ALL_EXCEPT);
	res = first < 0 ? Py_BuildValue("(Onz)", t, first, NULL)
	                : Py_BuildValue("(Ons)", t, first, why);
done:
	Py_XDECREF(b);
	Py_XDECREF(r);
	Py_XDECREF(t);
	return res;
}

/* fec_code(text) -> (n, k, m, t): a code as --code names it (element_code) */
static PyObject *py_fec_code(PyObject *self, PyObject *args)
{
	(void)self;
	const char *text;
	if (!PyArg_ParseTuple(args, "s", &text))
		return NULL;
	bercl_rs_code code;
	char why[ROW_ERROR_MAX];
	if (element_code(text, &code, why, sizeof why) != 0)
		return raise_message(BERCL_EDOM, why);
	return Py_BuildValue("(iiii)", code.n, code.k, code.m, code.t);
}

static PyObject *py_library_version(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	return PyUnicode_FromString(bercl_version_string());
}

/*
 * parse(syntax, text, what): one value read by the engine's syntax (engine/
 * parse.c: real, si, count, rate, baud, duration) as a float, or for
 * "probability" (cl, value_lo, one_minus_cl, one_minus_cl_lo) from the
 * digits; a bad value raises DomainError with the engine's one message,
 * "WHAT 'TEXT': REASON" (value_message).
 */
static PyObject *py_parse(PyObject *self, PyObject *args)
{
	(void)self;
	const char *syntax, *text, *what;
	if (!PyArg_ParseTuple(args, "sss", &syntax, &text, &what))
		return NULL;
	double v = NAN, c = NAN, v_lo = 0, c_lo = 0;
	const char *why;
	if (strcmp(syntax, "probability") == 0) {
		why = parse_probability_exact(text, &v, &c, &v_lo, &c_lo);
	} else {
		scalar_parser parse = parse_syntax(syntax);
		if (!parse) {
			PyErr_Format(PyExc_ValueError, "no syntax named '%s'", syntax);
			return NULL;
		}
		why = parse(text, &v);
	}
	if (why) {
		char msg[ROW_ERROR_MAX];
		value_message(msg, sizeof msg, what, text, why);
		return raise_message(BERCL_EDOM, msg);
	}
	if (strcmp(syntax, "probability") == 0)
		return Py_BuildValue("(dddd)", v, v_lo, c, c_lo);
	return PyFloat_FromDouble(v);
}

/* ---- bercl eye (engine/eye.c) ---- */

/*
 * eye(scan, name, args) -> (json, warnings, offsets, bits, errors, params):
 * `bercl eye` on a scan's bytes (read as -i reads a file, messages named
 * NAME:LINE; with --plan and no -i in args, no scan) with the flags args
 * (a list of str, as after `bercl eye`; --plan gives the plan's rows):
 * the command's rows as its JSON lines, its warnings, the points read, and
 * the fit's parameters (mu, ln sigma, rho of each edge) for the curves.
 * A bad flag, scan or fit raises DomainError (ConvergenceError) with the
 * command's message.
 */
static PyObject *py_eye(PyObject *self, PyObject *args)
{
	(void)self;
	const char *buf, *name;
	Py_ssize_t len;
	PyObject *list;
	if (!PyArg_ParseTuple(args, "y#sO!", &buf, &len, &name, &PyList_Type, &list))
		return NULL;
	Py_ssize_t argc = PyList_GET_SIZE(list);
	if (argc > 64)
		return PyErr_Format(PyExc_ValueError, "eye: at most 64 flag words");
	char *argv[65];
	for (Py_ssize_t i = 0; i < argc; i++) {
		PyObject *o = PyList_GET_ITEM(list, i);
		if (!PyUnicode_Check(o))
			return PyErr_Format(PyExc_TypeError, "eye: flag words are str");
		argv[i] = (char *)PyUnicode_AsUTF8(o);
		if (!argv[i])
			return NULL;
	}
	argv[argc] = NULL;
	struct eye_request *rq = PyMem_Calloc(1, sizeof *rq);
	struct eye_points *pts = PyMem_Calloc(1, sizeof *pts);
	struct eye_result *res = PyMem_Calloc(1, sizeof *res);
	char *out = PyMem_Malloc(EYE_RENDER_BYTES);
	PyObject *ret = NULL;
	char err[512] = "";
	if (!rq || !pts || !res || !out) {
		PyErr_NoMemory();
		goto done;
	}
	if (eye_parse_args((int)argc, argv, rq, err, sizeof err)) {
		raise_message(BERCL_EDOM, err);
		goto done;
	}
	if (rq->value || rq->help) {
		raise_message(BERCL_EDOM, "eye: --value and --help are not for bercl.eye");
		goto done;
	}
	rq->format = EYE_JSON;
	int rc = 0;
	Py_BEGIN_ALLOW_THREADS
	/* a plan without a first scan (-i absent): from --sigma and --dj */
	if (rq->input)
		rc = eye_read(buf, (size_t)len, name, rq, pts, err, sizeof err);
	if (rc == 0)
		rc = eye_compute(rq, rq->input ? pts : NULL, res, err, sizeof err);
	Py_END_ALLOW_THREADS
	if (rc != 0) {
		raise_message(rc == 3 ? BERCL_ENOCONV : BERCL_EDOM, err);
		goto done;
	}
	size_t n = eye_render(rq, res, out, EYE_RENDER_BYTES, err, sizeof err);
	if (n == 0 || n >= EYE_RENDER_BYTES) {
		raise_message(BERCL_EDOM, n == 0 ? err : "eye: the rows outgrew their buffer");
		goto done;
	}
	PyObject *warn = PyList_New(0);
	for (int w = 0; warn && w < 2; w++)
		if (res->warning[w][0]) {
			PyObject *t = PyUnicode_FromString(res->warning[w]);
			if (t)
				PyList_Append(warn, t);
			Py_XDECREF(t);
		}
	ret = Py_BuildValue("(s#NNNNN)", out, (Py_ssize_t)n, warn,
	                    doubles_list(pts->offset, (size_t)pts->n),
	                    doubles_list(pts->bits, (size_t)pts->n),
	                    doubles_list(pts->errors, (size_t)pts->n),
	                    doubles_list(res->fit.params, 6));
done:
	PyMem_Free(rq);
	PyMem_Free(pts);
	PyMem_Free(res);
	PyMem_Free(out);
	return ret;
}

/*
 * eye_curve(params, x) -> list: the fitted BER at each offset x
 * (eye_curve_at, engine/eye_plot.c; params as eye()'s).
 */
static PyObject *py_eye_curve(PyObject *self, PyObject *args)
{
	(void)self;
	double p[6];
	PyObject *xs;
	if (!PyArg_ParseTuple(args, "(dddddd)O", &p[0], &p[1], &p[2], &p[3], &p[4], &p[5], &xs))
		return NULL;
	PyObject *seq = PySequence_Fast(xs, "eye_curve: x must be a sequence of numbers");
	if (!seq)
		return NULL;
	Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
	PyObject *outl = PyList_New(n);
	for (Py_ssize_t i = 0; outl && i < n; i++) {
		double x = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i)), y;
		if (x == -1 && PyErr_Occurred()) {
			Py_DECREF(outl);
			outl = NULL;
			break;
		}
		const char *why = eye_curve_at(p, x, &y);
		if (why) {
			char msg[200];
			snprintf(msg, sizeof msg, "Eye.curve: %s", why);
			Py_DECREF(outl);
			outl = NULL;
			raise_message(BERCL_EDOM, msg);
			break;
		}
		PyList_SET_ITEM(outl, i, PyFloat_FromDouble(y));
	}
	Py_DECREF(seq);
	return outl;
}

/*
 * quantity(name, text, what): one value of the command's quantity `name`
 * (a flag of the engine's table: trials, seed, lanes, ...) read by its
 * syntax and checked against its domain, as a batch cell is (engine/
 * flags.c); a bad value raises DomainError with "WHAT 'TEXT': REASON".
 */
static PyObject *py_quantity(PyObject *self, PyObject *args)
{
	(void)self;
	const char *name, *text, *what;
	if (!PyArg_ParseTuple(args, "sss", &name, &text, &what))
		return NULL;
	int q = 0;
	while (q < NQ && strcmp(flags[q].name, name) != 0)
		q++;
	if (q == NQ) {
		PyErr_Format(PyExc_ValueError, "no quantity named '%s'", name);
		return NULL;
	}
	double v, c;
	struct row_input probe;
	const char *why = quantity_parse((enum quantity)q, text, &v, &c);
	if (!why)
		why = row_set(&probe, (enum quantity)q, v, c);
	if (why) {
		char msg[ROW_ERROR_MAX];
		value_message(msg, sizeof msg, what, text, why);
		return raise_message(BERCL_EDOM, msg);
	}
	return PyFloat_FromDouble(v);
}

static PyMethodDef methods[] = {
	{"quantity", py_quantity, METH_VARARGS, "quantity(name, text, what): the engine's rule for one value"},
	{"parse", py_parse, METH_VARARGS, "parse(syntax, text, what): the engine's reading of one value"},
	{"watch_open", py_watch_open, METH_VARARGS, NULL},
	{"watch_feed", py_watch_feed, METH_VARARGS, NULL},
	{"invoke", py_invoke, METH_VARARGS, "invoke(cmd, pairs): the command's invocation"},
	{"check", py_check, METH_VARARGS, "check(cmd, pairs, value): a call's arguments checked as the command checks its flags"},
	{"row", py_row, METH_VARARGS, "row(func, cmd, model, items): one row of the command"},
	{"scalar", (PyCFunction)(void (*)(void))py_scalar, METH_FASTCALL, "scalar(i, *args): one element of ufunc i"},
	{"ufunc_index", py_ufunc_index, METH_VARARGS, NULL},
	{"explain", explain, METH_VARARGS, "explain(ufunc, names, columns): None or (i, arg, class, message)"},
	{"tails_full", py_tails_full, METH_VARARGS, NULL},
	{"intervals_read", py_intervals_read, METH_VARARGS, NULL},
	{"dispersion", py_dispersion, METH_VARARGS, NULL},
	{"read_histograms", py_read_histograms, METH_VARARGS, NULL},
	{"fec_code", py_fec_code, METH_VARARGS, NULL},
	{"test_time", py_test_time, METH_VARARGS, NULL},
	{"histogram_arrays", py_histogram_arrays, METH_VARARGS, NULL},
	{"eye", py_eye, METH_VARARGS, NULL},
	{"eye_curve", py_eye_curve, METH_VARARGS, NULL},
	{"library_version", py_library_version, METH_NOARGS, NULL},
	{"set_num_threads", py_set_num_threads, METH_VARARGS, NULL},
	{"get_num_threads", py_get_num_threads, METH_NOARGS, NULL},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT, "bercl._core",
	"The C half of bercl: ufuncs over libbercl (see bercl's docstrings).", -1, methods,
	NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void)
{
	import_array();
	import_umath();
	PyObject *m = PyModule_Create(&module);
	if (!m)
		return NULL;
	for (size_t i = 0; i < NUFUNCS; i++) {
		const struct ufunc_def *u = &ufuncs[i];
		int nin = nin_of(u);
		int nio = nin + u->nout, level = u->exact ? -1 : element_target_arg(u->answer);
		static const enum loop_kind with_level[] = {LOOP_LEVEL_HALF, LOOP_LEVEL_FLOAT,
		                                            LOOP_DOUBLE, LOOP_FLOAT};
		static const enum loop_kind without[] = {LOOP_DOUBLE, LOOP_FLOAT};
		const enum loop_kind *kinds = level >= 0 ? with_level : without;
		int nloops = level >= 0 ? 4 : 2;
		for (int k = 0; k < nloops; k++) {
			loop_defs[i][k].u = u;
			loop_defs[i][k].kind = kinds[k];
			loop_funcs[i][k] = kinds[k] == LOOP_DOUBLE ? double_loop : narrow_loop;
			loop_data[i][k] = &loop_defs[i][k];
			for (int j = 0; j < nio; j++) {
				char t = kinds[k] == LOOP_FLOAT ? NPY_FLOAT : NPY_DOUBLE;
				if (j == level && kinds[k] == LOOP_LEVEL_HALF)
					t = NPY_HALF;
				else if (j == level && kinds[k] == LOOP_LEVEL_FLOAT)
					t = NPY_FLOAT;
				loop_types[i][k * nio + j] = t;
			}
		}
		PyObject *f = PyUFunc_FromFuncAndData(loop_funcs[i], loop_data[i], loop_types[i], nloops,
		                                      nin, u->nout, PyUFunc_None, u->name,
		                                      u->doc ? u->doc : "", 0);
		if (!f || PyModule_AddObject(m, u->name, f) < 0) {
			Py_XDECREF(f);
			Py_DECREF(m);
			return NULL;
		}
	}
	if (PyModule_AddStringConstant(m, "__version__", BERCL_VERSION_STRING) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
