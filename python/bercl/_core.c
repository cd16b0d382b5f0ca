/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * _core.c - the C half of the Python package bercl: numpy ufuncs over
 * libbercl's public API (include/bercl.h) and the few row rules of the
 * bercl command (engine/compute.c, engine/parse.c) that make its answers, written
 * again here so that every double is the one `bercl ... -f csv` prints.
 *
 * Each answer is a kernel: a pure function of a few doubles that fills its
 * outputs, or returns nonzero with the argument at fault, a status and a
 * message. A ufunc loop calls the kernel per element and writes NaN where it
 * fails (numpy runs these loops without the GIL); bercl/__init__.py then
 * asks explain() for the first failing element's reason when errors="raise".
 * No kernel allocates, does I/O or keeps state.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <numpy/ufuncobject.h>

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"
#include "dd.h" /* the library's header-only double-double (src/ uses it too) */
#include "internal.h" /* bercli_quick_min_bits (lib/bits_quick.c) */
#include "compute.h" /* the engine: the rules every face shares */
#include "flags.h"
#include "parse.h"
#include "telemetry.h" /* the FEC report readers (engine/telemetry.c) */

/* ---- errors ---- */

enum { ST_DOMAIN = 1, ST_LIMIT = 2, ST_NOCONV = 3 };

struct kerr {
	int arg;         /* index of the argument at fault, -1 for a combination */
	int status;      /* ST_* */
	char msg[ROW_ERROR_MAX]; /* the message (the engine's text) */
};

static int fail(struct kerr *e, int arg, int status, const char *msg)
{
	e->arg = arg;
	e->status = status;
	snprintf(e->msg, sizeof e->msg, "%s", msg);
	return 1;
}

/* A library status as the command reports it (engine/compute.c lib_fail). */
static int lib_fail(struct kerr *e, int model, enum bercl_status rc)
{
	int st = rc == BERCL_ELIMIT ? ST_LIMIT : rc == BERCL_EDOM ? ST_DOMAIN : ST_NOCONV;
	return fail(e, -1, st, compute_status_message(model, rc));
}

/* ---- argument checks, with the command's messages (engine/flags.c, parse.c) ---- */

static int check_count(double v, int arg, struct kerr *e)
{
	if (isnan(v))
		return fail(e, arg, ST_DOMAIN, "is not a number");
	if (v < 0)
		return fail(e, arg, ST_DOMAIN, "must not be negative");
	if (v > BERCL_MAX_ERRORS)
		return fail(e, arg, ST_DOMAIN, "is larger than 2^53");
	if (v != floor(v))
		return fail(e, arg, ST_DOMAIN, "must be a whole number");
	return 0;
}

static int check_bits(double v, int arg, struct kerr *e)
{
	if (!(v > 0))
		return fail(e, arg, ST_DOMAIN, isnan(v) ? "is not a number" : "must be above 0");
	if (!(v <= 1e300))
		return fail(e, arg, ST_DOMAIN, "bits above 1e300");
	return 0;
}

static int check_open_unit(double v, int arg, struct kerr *e)
{
	if (!(v > 0 && v < 1))
		return fail(e, arg, ST_DOMAIN,
		            isnan(v) ? "is not a number" : "must be between 0 and 1, exclusive");
	if (v < DBL_MIN)
		return fail(e, arg, ST_DOMAIN,
		            "is below the smallest normal double, 2.2250738585072014e-308");
	return 0;
}

/* A target given as cl and its exact complement c (both from parse_cl). */
static int check_target(double cl, double c, int arg, struct kerr *e)
{
	if (!(cl > 0 && cl <= 1) || !(c > 0 && c <= 1))
		return fail(e, arg, ST_DOMAIN,
		            isnan(cl) || isnan(c) ? "is not a number"
		                                  : "must be between 0 and 1, exclusive (or a "
		                                    "percentage: 95%)");
	if (cl < DBL_MIN)
		return fail(e, arg, ST_DOMAIN,
		            "is below the smallest normal double, 2.2250738585072014e-308");
	return 0;
}

/* errors against bits, and the binomial model's whole bits (derive_bits). */
static int check_tested(int model, double errors, double bits, struct kerr *e)
{
	if (errors > bits)
		return fail(e, 0, ST_DOMAIN, "exceeds bits");
	if (model == BERCL_BINOMIAL && bits != floor(bits))
		return fail(e, 1, ST_DOMAIN, "the binomial model needs a whole number of bits");
	return 0;
}

/* The tails at bits and ber (engine/compute.c tails_at): Poisson at lambda =
 * bits * ber exactly (hi + lo by fma), or the binomial. full = 0 asks only
 * for the two values (bercl_poisson_values: the same doubles, cheaper). */
static int tails_at(int model, double errors, double bits, double ber, bercl_tails *t, int full,
                    struct kerr *e)
{
	enum bercl_status rc;
	if (model == BERCL_BINOMIAL) {
		rc = bercl_binomial_tails(errors, bits, ber, t);
	} else {
		double lambda = bits * ber;
		double lambda_lo = fma(bits, ber, -lambda);
		if (!(lambda >= BERCL_MIN_LAMBDA && lambda <= BERCL_MAX_LAMBDA))
			return fail(e, -1, ST_DOMAIN, "bits * ber is outside [1e-300, 1e300]");
		if (full)
			rc = bercl_poisson_tails(errors, lambda, lambda_lo, t);
		else
			rc = bercl_poisson_values(errors, lambda, lambda_lo, &t->cl, &t->one_minus_cl);
	}
	if (rc != BERCL_OK)
		return lib_fail(e, model, rc);
	return 0;
}

static double lnp(bercl_lnprob l)
{
	return l.hi + l.lo;
}

/* ---- kernels: in[] -> out[], model given ---- */

typedef int (*kernel_fn)(int model, const double *in, double *out, struct kerr *e);

/* cl, one_minus_cl: (errors, bits, ber) -> (cl, one_minus_cl) */
static int k_tails(int model, const double *in, double *out, struct kerr *e)
{
	bercl_tails t;
	if (check_count(in[0], 0, e) || check_bits(in[1], 1, e) || check_open_unit(in[2], 2, e) ||
	    check_tested(model, in[0], in[1], e) || tails_at(model, in[0], in[1], in[2], &t, 0, e))
		return 1;
	out[0] = t.cl;
	out[1] = t.one_minus_cl;
	return 0;
}

/* log10_one_minus_cl (engine/columns.c): bercl_lnprob_log10 of ln(1 - cl), one rounding */
static int k_log10q(int model, const double *in, double *out, struct kerr *e)
{
	bercl_tails t;
	if (check_count(in[0], 0, e) || check_bits(in[1], 1, e) || check_open_unit(in[2], 2, e) ||
	    check_tested(model, in[0], in[1], e) || tails_at(model, in[0], in[1], in[2], &t, 1, e))
		return 1;
	out[0] = bercl_lnprob_log10(t.ln_one_minus_cl);
	out[1] = bercl_lnprob_log10(t.ln_cl);
	return 0;
}

/*
 * min_bits: (errors, ber, cl, cl_lo, one_minus_cl, one_minus_cl_lo) ->
 * (bits, cl_achieved, one_minus_cl_achieved): the engine's least whole
 * number of bits (engine/compute.c compute_least_bits), the command's own.
 */
static int min_bits_at(int model, const double *in, double *out, struct kerr *e, int need_tails)
{
	double bits;
	bercl_tails t;
	char why[ROW_ERROR_MAX];
	(void)need_tails;
	bercl_target target = {in[2], in[3], in[4], in[5]};
	if (check_count(in[0], 0, e) || check_open_unit(in[1], 1, e) ||
	    check_target(in[2], in[4], 2, e))
		return 1;
	if (!(isfinite(in[3]) && isfinite(in[5])))
		return fail(e, 2, ST_DOMAIN, "is not a number");
	/* the pair's own check, as bercl_min_bits_target makes it (a direct
	 * _core call can pass any pair) */
	enum bercl_status rc = bercli_target_status(in[2], in[4]);
	if (rc != BERCL_OK)
		return lib_fail(e, model, rc);
	enum compute_status st = compute_least_bits(model, in[0], in[1], &target, &bits, &t, why,
	                                            sizeof why);
	if (st == COMPUTE_INPUT) /* the engine's text says which: the domain, or a limit */
		return fail(e, -1,
		            strcmp(why, compute_status_message(model, BERCL_EDOM)) == 0 ? ST_DOMAIN
		                                                                       : ST_LIMIT,
		            why);
	if (st != COMPUTE_OK)
		return fail(e, -1, ST_NOCONV, why);
	out[0] = bits;
	out[1] = t.cl;
	out[2] = t.one_minus_cl;
	return 0;
}

static int k_min_bits(int model, const double *in, double *out, struct kerr *e)
{
	return min_bits_at(model, in, out, e, 1);
}

/* min_bits_only: (errors, ber, cl, cl_complement) -> bits, the same whole
 * number as k_min_bits without the tails there (min_bits() returns only the
 * bits: the decisions may then come from the long-double gaps alone) */
static int k_min_bits_only(int model, const double *in, double *out, struct kerr *e)
{
	double o[3];
	if (min_bits_at(model, in, o, e, 0))
		return 1;
	out[0] = o[0];
	return 0;
}

/*
 * max_errors (bercl errors): (bits, ber, cl, cl_complement) -> (errors,
 * cl_achieved, one_minus_cl_achieved); errors -1 where even 0 errors miss
 * the target. Doubling, then bisection over whole numbers, each step judged
 * on the tails as doubles (engine/compute.c compute_errors).
 */
static int reaches(int model, double e_, const double *in, bercl_tails *t, struct kerr *e)
{
	if (tails_at(model, e_, in[0], in[1], t, 1, e))
		return -1;
	return t->cl >= in[2] && t->one_minus_cl <= in[3];
}

static int k_max_errors(int model, const double *in, double *out, struct kerr *e)
{
	bercl_tails t, at_lo;
	if (check_bits(in[0], 0, e) || check_open_unit(in[1], 1, e) ||
	    check_target(in[2], in[3], 2, e) || check_tested(model, 0, in[0], e))
		return 1;
	int k = reaches(model, 0, in, &t, e);
	if (k < 0)
		return 1;
	if (!k) {
		out[0] = -1;
		out[1] = t.cl;
		out[2] = t.one_minus_cl;
		return 0;
	}
	double emax = fmin(floor(in[0]), BERCL_MAX_ERRORS);
	if (model == BERCL_BINOMIAL)
		emax = fmin(emax, in[0] - 1);
	double lo = 0, hi = 1;
	at_lo = t;
	for (;;) {
		if (hi >= emax) {
			hi = emax;
			k = reaches(model, hi, in, &t, e);
			if (k < 0)
				return 1;
			if (k) {
				lo = hi;
				at_lo = t;
			}
			break;
		}
		k = reaches(model, hi, in, &t, e);
		if (k < 0)
			return 1;
		if (!k)
			break;
		lo = hi;
		at_lo = t;
		hi *= 2;
	}
	while (hi - lo > 1) {
		double mid = lo + floor((hi - lo) / 2);
		k = reaches(model, mid, in, &t, e);
		if (k < 0)
			return 1;
		if (k) {
			lo = mid;
			at_lo = t;
		} else {
			hi = mid;
		}
	}
	out[0] = lo;
	out[1] = at_lo.cl;
	out[2] = at_lo.one_minus_cl;
	return 0;
}

/* ber_upper: (errors, bits, cl, cl_complement) -> (one-sided upper bound) */
static int k_ber_upper(int model, const double *in, double *out, struct kerr *e)
{
	if (check_count(in[0], 0, e) || check_bits(in[1], 1, e) ||
	    check_target(in[2], in[3], 2, e) || check_tested(model, in[0], in[1], e))
		return 1;
	enum bercl_status rc = bercl_ber_upper(model, in[0], in[1], in[2], in[3], &out[0]);
	if (rc != BERCL_OK)
		return lib_fail(e, model, rc);
	return 0;
}

/* ber_interval: (errors, bits, cl, cl_complement) -> (lower, upper), two-sided */
static int k_ber_interval(int model, const double *in, double *out, struct kerr *e)
{
	if (check_count(in[0], 0, e) || check_bits(in[1], 1, e) ||
	    check_target(in[2], in[3], 2, e) || check_tested(model, in[0], in[1], e))
		return 1;
	enum bercl_status rc = bercl_ber_interval(model, in[0], in[1], in[2], in[3], &out[0], &out[1]);
	if (rc != BERCL_OK)
		return lib_fail(e, model, rc);
	return 0;
}

static int make_code(const double *in, bercl_rs_code *code, struct kerr *e)
{
	for (int i = 0; i < 3; i++)
		if (!(in[i] == floor(in[i]) && fabs(in[i]) < 65536))
			return fail(e, 0, ST_DOMAIN, "n, k and m must be whole numbers");
	if (bercl_rs_code_make((int)in[0], (int)in[1], (int)in[2], code) != BERCL_OK)
		return fail(e, 0, ST_DOMAIN, "needs 1 <= m <= 16 and 1 <= k < n <= 2^m + 1");
	return 0;
}

/* fec rates: (n, k, m, ber) -> (ser, cer, post_fec_ber) */
static int k_fec_rates(int model, const double *in, double *out, struct kerr *e)
{
	(void)model;
	bercl_rs_code code;
	bercl_fec_rates f;
	if (make_code(in, &code, e) || check_open_unit(in[3], 3, e))
		return 1;
	if (!(in[3] >= 1e-300 && in[3] <= 0.5))
		return fail(e, 3, ST_DOMAIN, "fec: ber must be in [1e-300, 0.5]");
	if (bercl_fec_rates_from_ber(&code, in[3], &f) != BERCL_OK)
		return fail(e, -1, ST_NOCONV, "numerical failure in the codeword error ratio");
	out[0] = f.ser;
	out[1] = f.cer;
	out[2] = f.post_fec_ber;
	return 0;
}

/* fec ber_max: (n, k, m, cer, cer_complement) -> ber_max */
static int k_fec_ber_max(int model, const double *in, double *out, struct kerr *e)
{
	(void)model;
	bercl_rs_code code;
	if (make_code(in, &code, e) || check_target(in[3], in[4], 3, e))
		return 1;
	enum bercl_status rc = bercl_fec_ber_max(&code, in[3], &out[0]);
	if (rc == BERCL_ELIMIT || rc == BERCL_EDOM)
		return fail(e, 3, ST_LIMIT, "fec: no pre-FEC BER in [1e-300, 0.5] has this cer");
	if (rc != BERCL_OK)
		return fail(e, -1, ST_NOCONV, "numerical failure in ber_max");
	return 0;
}

/* ---- the kernel table ---- */

struct kernel {
	const char *name;
	kernel_fn fn;
	int nin, nout;
	int model;
};

enum {
	K_TAILS, K_LOG10Q, K_MIN_BITS, K_MIN_BITS_ONLY, K_MAX_ERRORS, K_BER_UPPER, K_BER_INTERVAL,
	NMODEL_KERNELS
};

/* per-model kernels twice (Poisson, then binomial), then the model-free ones */
static struct kernel kernels[] = {
	{"tails", k_tails, 3, 2, BERCL_POISSON},
	{"log10_tails", k_log10q, 3, 2, BERCL_POISSON},
	{"min_bits", k_min_bits, 6, 3, BERCL_POISSON},
	{"min_bits_only", k_min_bits_only, 6, 1, BERCL_POISSON},
	{"max_errors", k_max_errors, 4, 3, BERCL_POISSON},
	{"ber_upper", k_ber_upper, 4, 1, BERCL_POISSON},
	{"ber_interval", k_ber_interval, 4, 2, BERCL_POISSON},
	{"tails_binomial", k_tails, 3, 2, BERCL_BINOMIAL},
	{"log10_tails_binomial", k_log10q, 3, 2, BERCL_BINOMIAL},
	{"min_bits_binomial", k_min_bits, 6, 3, BERCL_BINOMIAL},
	{"min_bits_only_binomial", k_min_bits_only, 6, 1, BERCL_BINOMIAL},
	{"max_errors_binomial", k_max_errors, 4, 3, BERCL_BINOMIAL},
	{"ber_upper_binomial", k_ber_upper, 4, 1, BERCL_BINOMIAL},
	{"ber_interval_binomial", k_ber_interval, 4, 2, BERCL_BINOMIAL},
	{"fec_rates", k_fec_rates, 4, 3, BERCL_POISSON},
	{"fec_ber_max", k_fec_ber_max, 5, 1, BERCL_POISSON},
};
#define NKERNELS (sizeof kernels / sizeof kernels[0])
#define MAXARGS 8

/* One stretch of a ufunc loop: elements [0, n) of args with steps. */
struct stretch {
	const struct kernel *k;
	char *args[MAXARGS * 2];
	npy_intp n;
	const npy_intp *steps;
};

/*
 * The Poisson tails' stretch without the general loop: each element whose
 * arguments pass k_tails' checks (a whole count in [0, 2^53] at most the
 * bits, bits in (0, 1e300], ber a normal double below 1, bits * ber in the
 * library's range) goes straight to bercl_poisson_values() at lambda = bits
 * ber (hi + lo by fma, as tails_at), the same call k_tails makes; any other
 * element, and a status not OK, goes through k_tails for its NaN and
 * message. (The general loop and checks were 10 % of the time per element:
 * 176 of 1,739 instructions.)
 */
static void tails_stretch(const struct stretch *s)
{
	const char *pe = s->args[0], *pn = s->args[1], *pp = s->args[2];
	char *pc = s->args[3], *pq = s->args[4];
	const npy_intp *st = s->steps;
	for (npy_intp i = 0; i < s->n; i++) {
		double e = *(const double *)(pe + i * st[0]), n = *(const double *)(pn + i * st[1]);
		double p = *(const double *)(pp + i * st[2]), lam = n * p, out[2];
		int done = e >= 0 && e <= BERCL_MAX_ERRORS && e == floor(e) && e <= n && n <= 1e300 &&
		           p >= DBL_MIN && p < 1 && lam >= BERCL_MIN_LAMBDA &&
		           lam <= BERCL_MAX_LAMBDA &&
		           bercl_poisson_values(e, lam, fma(n, p, -lam), &out[0], &out[1]) == BERCL_OK;
		if (!done) {
			double in[3] = {e, n, p};
			struct kerr err;
			if (k_tails(BERCL_POISSON, in, out, &err))
				out[0] = out[1] = NAN;
		}
		*(double *)(pc + i * st[3]) = out[0];
		*(double *)(pq + i * st[4]) = out[1];
	}
	feclearexcept(FE_ALL_EXCEPT);
}

static void run_stretch(const struct stretch *s)
{
	const struct kernel *k = s->k;
	if (k->fn == k_tails && k->model == BERCL_POISSON) {
		tails_stretch(s);
		return;
	}
	int nin = k->nin, nout = k->nout;
	double in[MAXARGS], out[MAXARGS];
	struct kerr e;
	for (npy_intp i = 0; i < s->n; i++) {
		for (int j = 0; j < nin; j++)
			in[j] = *(const double *)(s->args[j] + i * s->steps[j]);
		if (k->fn(k->model, in, out, &e))
			for (int j = 0; j < nout; j++)
				out[j] = NAN;
		for (int j = 0; j < nout; j++)
			*(double *)(s->args[nin + j] + i * s->steps[nin + j]) = out[j];
	}
	/* the library's inner arithmetic raises flags (an underflow, a 0/0
	 * tested and discarded) that are not the caller's: numpy would warn */
	feclearexcept(FE_ALL_EXCEPT);
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
 * held here (numpy releases it around the loop).
 */
#define MAX_THREADS 64
#define MIN_PER_THREAD 16384
static int num_threads = 1;

static void kernel_loop(char **args, npy_intp const *dims, npy_intp const *steps, void *data)
{
	const struct kernel *k = data;
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
	for (int t = 0; t < nt; t++) {
		npy_intp len = n / nt + (t < n % nt);
		s[t].k = k;
		s[t].n = len;
		s[t].steps = steps;
		for (int j = 0; j < k->nin + k->nout; j++)
			s[t].args[j] = args[j] + at * steps[j];
		at += len;
	}
	for (int t = 1; t < nt; t++)
		started[t] = pthread_create(&tid[t], NULL, stretch_thread, &s[t]) == 0;
	run_stretch(&s[0]);
	for (int t = 1; t < nt; t++) {
		if (started[t])
			pthread_join(tid[t], NULL);
		else
			run_stretch(&s[t]); /* no thread: this one does it */
	}
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

static PyUFuncGenericFunction loop_funcs[NKERNELS][1];
static void *loop_data[NKERNELS][1];
static char loop_types[NKERNELS][MAXARGS * 2];

/* explain(name, *values) -> None, or (arg, status, message) */
static PyObject *explain(PyObject *self, PyObject *args)
{
	(void)self;
	Py_ssize_t n = PyTuple_Size(args);
	if (n < 1)
		return PyErr_Format(PyExc_TypeError, "explain(name, *values)");
	const char *name = PyUnicode_AsUTF8(PyTuple_GetItem(args, 0));
	if (!name)
		return NULL;
	for (size_t i = 0; i < NKERNELS; i++) {
		const struct kernel *k = &kernels[i];
		if (strcmp(k->name, name) != 0)
			continue;
		if (n - 1 != k->nin)
			return PyErr_Format(PyExc_TypeError, "explain: %s takes %d values", name, k->nin);
		double in[MAXARGS], out[MAXARGS];
		for (int j = 0; j < k->nin; j++) {
			in[j] = PyFloat_AsDouble(PyTuple_GetItem(args, j + 1));
			if (in[j] == -1.0 && PyErr_Occurred())
				return NULL;
		}
		struct kerr e;
		if (!k->fn(k->model, in, out, &e))
			Py_RETURN_NONE;
		return Py_BuildValue("(iis)", e.arg, e.status, e.msg);
	}
	return PyErr_Format(PyExc_KeyError, "explain: no kernel %s", name);
}

/* ---- not elementwise ---- */

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
 * through the command's rules; raises with explain()'s reason left to Python */
static PyObject *py_tails_full(PyObject *self, PyObject *args)
{
	(void)self;
	int model;
	double errors, bits, ber;
	if (!PyArg_ParseTuple(args, "iddd", &model, &errors, &bits, &ber))
		return NULL;
	bercl_tails t;
	struct kerr e;
	if (tails_at(model, errors, bits, ber, &t, 1, &e))
		Py_RETURN_NONE;
	return tails_tuple(&t);
}

/* lanes_all(list of tails tuples as tails_full gives them) -> tails */
static PyObject *py_lanes_all(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *seq;
	if (!PyArg_ParseTuple(args, "O", &seq))
		return NULL;
	PyObject *fast = PySequence_Fast(seq, "lanes_all: a sequence of tails");
	if (!fast)
		return NULL;
	Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
	if (n < 1 || n > 1000000) {
		Py_DECREF(fast);
		return PyErr_Format(PyExc_ValueError, "lanes_all: 1 to 1000000 lanes");
	}
	bercl_tails *lanes = PyMem_Calloc((size_t)n, sizeof *lanes);
	if (!lanes) {
		Py_DECREF(fast);
		return PyErr_NoMemory();
	}
	for (Py_ssize_t i = 0; i < n; i++) {
		bercl_tails *l = &lanes[i];
		if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "dddddd", &l->cl,
		                      &l->one_minus_cl, &l->ln_cl.hi, &l->ln_cl.lo,
		                      &l->ln_one_minus_cl.hi, &l->ln_one_minus_cl.lo)) {
			PyMem_Free(lanes);
			Py_DECREF(fast);
			return NULL;
		}
	}
	Py_DECREF(fast);
	bercl_tails all;
	enum bercl_status rc = bercl_lanes_all(lanes, (int)n, &all);
	PyMem_Free(lanes);
	if (rc != BERCL_OK)
		return raise_status(rc, "lanes_cl");
	return tails_tuple(&all);
}

/* min_bits_all_lanes(model, errors, ber, cl, c, lanes) -> (bits, tails) */
static PyObject *py_min_bits_all_lanes(PyObject *self, PyObject *args)
{
	(void)self;
	int model, lanes;
	double errors, ber, cl, c, bits;
	if (!PyArg_ParseTuple(args, "iddddi", &model, &errors, &ber, &cl, &c, &lanes))
		return NULL;
	bercl_tails t;
	enum bercl_status rc;
	Py_BEGIN_ALLOW_THREADS
	rc = bercl_min_bits_all_lanes(model, errors, ber, cl, c, lanes, &bits, &t);
	Py_END_ALLOW_THREADS
	if (rc != BERCL_OK)
		return raise_status(rc, "min_bits_all_lanes");
	return Py_BuildValue("(dN)", bits, tails_tuple(&t));
}

/* min_bits_raw(model, errors, ber, cl, c) -> bits, bercl_min_bits() alone
 * (engine/watch.c's fixed test; min_bits adds the command's meet_target) */
static PyObject *py_min_bits_raw(PyObject *self, PyObject *args)
{
	(void)self;
	int model;
	double errors, ber, cl, c, bits;
	if (!PyArg_ParseTuple(args, "idddd", &model, &errors, &ber, &cl, &c))
		return NULL;
	enum bercl_status rc = bercl_min_bits(model, errors, ber, cl, c, &bits, NULL);
	if (rc != BERCL_OK)
		return raise_status(rc, "min_bits");
	return PyFloat_FromDouble(bits);
}

static PyObject *plan_tuple(const bercl_plan *p)
{
	return Py_BuildValue("(dddd)", p->errors, p->bits, p->alpha, p->beta);
}

/* plan_risks(errors, bits, ber, ratio) -> (alpha, beta) */
static PyObject *py_plan_risks(PyObject *self, PyObject *args)
{
	(void)self;
	double e, n, p, d, a, b;
	if (!PyArg_ParseTuple(args, "dddd", &e, &n, &p, &d))
		return NULL;
	enum bercl_status rc = bercl_plan_risks(e, n, p, d, &a, &b);
	if (rc != BERCL_OK)
		return raise_status(rc, "plan: bits * ber is outside [1e-300, 1e300]");
	return Py_BuildValue("(dd)", a, b);
}

/* plan_fixed(ber, alpha, beta, ratio) -> (errors, bits, alpha, beta) */
static PyObject *py_plan_fixed(PyObject *self, PyObject *args)
{
	(void)self;
	double p, a, b, d;
	if (!PyArg_ParseTuple(args, "dddd", &p, &a, &b, &d))
		return NULL;
	bercl_plan out;
	enum bercl_status rc;
	Py_BEGIN_ALLOW_THREADS
	rc = bercl_plan_fixed(p, a, b, d, &out);
	Py_END_ALLOW_THREADS
	if (rc != BERCL_OK)
		return raise_status(rc, "plan: no plan for these values within 2^40 errors and 1e300 bits");
	return plan_tuple(&out);
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

/*
 * plan_sequential(ber, alpha, beta, ratio) -> (max_errors, max_bits,
 * alpha, beta, expected_bits_good, expected_bits_bad, pass_bits, fail_bits)
 * with the command's limit of 1e6 rows (engine/compute.c compute_plan_design).
 */
static PyObject *py_plan_sequential(PyObject *self, PyObject *args)
{
	(void)self;
	double p, a, b, d, rows;
	if (!PyArg_ParseTuple(args, "dddd", &p, &a, &b, &d))
		return NULL;
	enum bercl_status rc = bercl_plan_sequential_rows(p, a, b, d, &rows);
	if (rc == BERCL_OK && rows > 1e6)
		rc = BERCL_ELIMIT;
	if (rc != BERCL_OK)
		return raise_status(rc, rc == BERCL_ELIMIT ? "plan: this sequential plan is too large to "
		                                             "design (ratio near 1 or tiny risks): use "
		                                             "the fixed plan"
		                                           : "plan: no sequential plan for these values");
	size_t r = (size_t)rows;
	double *t = PyMem_Malloc(4 * r * sizeof *t);
	if (!t)
		return PyErr_NoMemory();
	bercl_sequential_plan s;
	Py_BEGIN_ALLOW_THREADS
	rc = bercl_plan_sequential(p, a, b, d, rows, t, t + r, t + 2 * r, &s);
	Py_END_ALLOW_THREADS
	if (rc != BERCL_OK) {
		PyMem_Free(t);
		return raise_status(rc, "plan: sequential design");
	}
	size_t n = (size_t)s.max_errors + 1;
	PyObject *res = Py_BuildValue("(ddddddNN)", s.max_errors, s.max_bits, s.alpha, s.beta,
	                              s.expected_bits_good, s.expected_bits_bad,
	                              doubles_list(t, n), doubles_list(t + r, n));
	PyMem_Free(t);
	return res;
}

/* A sequential plan's pass and fail tables (sequences of one length n >= 1)
 * as 4 n doubles: pass, fail, then 2 n of scratch space; NULL with an error set. */
static double *plan_tables(PyObject *ps, PyObject *fs, Py_ssize_t *np_)
{
	Py_ssize_t n = PySequence_Size(ps);
	if (n < 1 || PySequence_Size(fs) != n) {
		PyErr_Format(PyExc_ValueError, "plan: pass and fail tables of one length");
		return NULL;
	}
	double *t = PyMem_Malloc(4 * (size_t)n * sizeof *t);
	if (!t) {
		PyErr_NoMemory();
		return NULL;
	}
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *x = PySequence_GetItem(ps, i), *y = PySequence_GetItem(fs, i);
		t[i] = x ? PyFloat_AsDouble(x) : -1;
		t[n + i] = y ? PyFloat_AsDouble(y) : -1;
		Py_XDECREF(x);
		Py_XDECREF(y);
	}
	if (PyErr_Occurred()) {
		PyMem_Free(t);
		return NULL;
	}
	*np_ = n;
	return t;
}

/* sequential_outcome(pass_bits, fail_bits, ber_true) -> (p_pass, p_fail, expected_bits) */
static PyObject *py_sequential_outcome(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *ps, *fs;
	double b;
	if (!PyArg_ParseTuple(args, "OOd", &ps, &fs, &b))
		return NULL;
	Py_ssize_t n;
	double *t = plan_tables(ps, fs, &n);
	if (!t)
		return NULL;
	bercl_plan_outcome o;
	enum bercl_status rc =
	        bercl_plan_sequential_outcome(t, t + n, (double)(n - 1), b, t + 2 * n, &o);
	PyMem_Free(t);
	if (rc != BERCL_OK)
		return raise_status(rc, "plan: the plan's outcome at true_ber");
	return Py_BuildValue("(ddd)", o.p_pass, o.p_fail, o.expected_bits);
}

/* plan_at_readings(pass_bits, fail_bits, ber_true, interval) -> (p_pass, p_fail):
 * the sequential table looked at only every `interval` bits
 * (bercl_plan_sequential_at_readings, as plan --reading-interval) */
static PyObject *py_plan_at_readings(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *ps, *fs;
	double b, interval;
	if (!PyArg_ParseTuple(args, "OOdd", &ps, &fs, &b, &interval))
		return NULL;
	Py_ssize_t n;
	double *t = plan_tables(ps, fs, &n);
	if (!t)
		return NULL;
	double p_pass, p_fail;
	enum bercl_status rc;
	Py_BEGIN_ALLOW_THREADS
	rc = bercl_plan_sequential_at_readings(t, t + n, (double)(n - 1), b, interval, t + 2 * n,
	                                       &p_pass, &p_fail);
	Py_END_ALLOW_THREADS
	PyMem_Free(t);
	if (rc != BERCL_OK)
		return raise_status(rc, "plan: reading_interval (1 to 1e300 bits, at most 2^52 "
		                        "readings in the plan)");
	return Py_BuildValue("(dd)", p_pass, p_fail);
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
 * intervals_add(state or None, bits, errors) -> (state, None) or (state before
 * the bad element, (index, status)): bercl_intervals_add over two float64
 * arrays of per-interval counts (the library's running sums, one pass).
 */
static PyObject *py_intervals_add(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *st, *bo, *eo;
	if (!PyArg_ParseTuple(args, "OOO", &st, &bo, &eo))
		return NULL;
	bercl_intervals s;
	memset(&s, 0, sizeof s);
	if (st != Py_None && !intervals_from(st, &s))
		return NULL;
	PyArrayObject *b = (PyArrayObject *)PyArray_FROMANY(bo, NPY_DOUBLE, 1, 1, NPY_ARRAY_IN_ARRAY);
	if (!b)
		return NULL;
	PyArrayObject *e = (PyArrayObject *)PyArray_FROMANY(eo, NPY_DOUBLE, 1, 1, NPY_ARRAY_IN_ARRAY);
	if (!e) {
		Py_DECREF(b);
		return NULL;
	}
	npy_intp n = PyArray_SIZE(b);
	if (PyArray_SIZE(e) != n) {
		Py_DECREF(b);
		Py_DECREF(e);
		return PyErr_Format(PyExc_ValueError, "bits and errors: arrays of one length");
	}
	const double *bv = PyArray_DATA(b), *ev = PyArray_DATA(e);
	npy_intp bad = -1;
	enum bercl_status rc = BERCL_OK;
	for (npy_intp i = 0; i < n; i++) {
		rc = bercl_intervals_add(&s, bv[i], ev[i]);
		if (rc != BERCL_OK) {
			bad = i;
			break;
		}
	}
	Py_DECREF(b);
	Py_DECREF(e);
	if (bad < 0)
		return Py_BuildValue("(NO)", intervals_tuple(&s), Py_None);
	return Py_BuildValue("(N(ni))", intervals_tuple(&s), (Py_ssize_t)bad, (int)rc);
}

/*
 * clustered(state, ber, cl, one_minus_cl, two_sided) -> dict: the
 * dispersion (bercl_clustered_dispersion), and cl_clustered at ber
 * (bercl_clustered_cl; ber NaN: not asked) and the clustered BER bounds at
 * cl (bercl_clustered_ber_bounds; cl NaN: not asked), as cl/ber --intervals.
 */
static PyObject *py_clustered(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *st;
	double ber, cl, c;
	int two_sided;
	if (!PyArg_ParseTuple(args, "Odddp", &st, &ber, &cl, &c, &two_sided))
		return NULL;
	bercl_intervals s;
	if (!intervals_from(st, &s))
		return NULL;
	bercl_dispersion d;
	bercl_tails t = {0};
	double lo = NAN, up = NAN;
	enum bercl_status rc = bercl_clustered_dispersion(&s, &d);
	if (rc == BERCL_OK && !isnan(ber))
		rc = bercl_clustered_cl(&s, ber, &t);
	if (rc == BERCL_OK && !isnan(cl))
		rc = bercl_clustered_ber_bounds(&s, cl, c, two_sided, &lo, &up);
	if (rc == BERCL_ELIMIT)
		return raise_status(rc, "the clustered answer is beyond the Poisson model's range "
		                        "(bits * ber / dispersion_upper from 1e-300 to 1e300)");
	if (rc != BERCL_OK)
		return raise_status(rc, "the clustered answer");
	return Py_BuildValue("{s:d,s:d,s:d,s:d,s:i,s:d,s:i,s:d,s:d,s:d,s:d,s:d,s:d,s:d}",
	                     "intervals", d.intervals, "errored", d.errored, "bits", s.bits,
	                     "errors", s.errors, "has_estimate", d.has_estimate, "dispersion",
	                     d.dispersion, "bounded", d.bounded, "df", d.df, "dispersion_upper",
	                     d.dispersion_upper, "independent_events", d.independent_events,
	                     "cl_clustered", t.cl, "one_minus_cl_clustered", t.one_minus_cl,
	                     "ber_lower_clustered", lo, "ber_upper_clustered", up);
}

/*
 * bursts_pass(counts, interval_bits, bits, errors, ber, cl, one_minus_cl) ->
 * (passes, clustered passes, total errors): simulated tests as rows of a 2-D
 * float64 array of errors per interval (simulate --burst-model: each
 * interval interval_bits long, the last the rest of bits). As engine/bursts.c
 * takes a test: a count above its interval's bits is cut to them, the
 * intervals go into the library's sums, the test passes with at most
 * `errors` errors, and its clustered answer passes where cl_clustered
 * reaches the fixed test's CL (cl, one_minus_cl), compared on the smaller
 * side. The counts are cut in place.
 */
static PyObject *py_bursts_pass(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *co;
	double b, bits, allowed, ber, cl, q;
	if (!PyArg_ParseTuple(args, "Odddddd", &co, &b, &bits, &allowed, &ber, &cl, &q))
		return NULL;
	PyArrayObject *c = (PyArrayObject *)PyArray_FROMANY(co, NPY_DOUBLE, 2, 2,
	                                                   NPY_ARRAY_INOUT_ARRAY2);
	if (!c)
		return NULL;
	npy_intp rows = PyArray_DIM(c, 0), k = PyArray_DIM(c, 1);
	double *v = PyArray_DATA(c), pass = 0, pass_cl = 0, total_all = 0;
	enum bercl_status rc = BERCL_OK;
	Py_BEGIN_ALLOW_THREADS
	for (npy_intp t = 0; t < rows && rc == BERCL_OK; t++) {
		bercl_intervals s;
		memset(&s, 0, sizeof s);
		double total = 0, *row = v + t * k;
		for (npy_intp i = 0; i < k; i++) {
			double n = i + 1 < k ? b : bits - (double)(k - 1) * b;
			if (row[i] > floor(n))
				row[i] = floor(n);
			total += row[i];
			bercl_intervals_add(&s, n, row[i]);
		}
		bercl_tails ct;
		rc = bercl_clustered_cl(&s, ber, &ct);
		pass += total <= allowed;
		pass_cl += cl <= 0.5 ? ct.cl >= cl : ct.one_minus_cl <= q;
		total_all += total;
	}
	Py_END_ALLOW_THREADS
	PyArray_ResolveWritebackIfCopy(c);
	Py_DECREF(c);
	if (rc != BERCL_OK)
		return raise_status(rc, "simulate: the clustered answer is beyond the Poisson model's "
		                        "range");
	return Py_BuildValue("(ddd)", pass, pass_cl, total_all);
}

/* ---- FEC: frame loss and the degraded-SER alarm ---- */

/* fec_flr(cer, interleave or NaN, frames_per_codeword or NaN, rate or NaN) -> flr or None
 * (the command's flr_of: the interleave from the rate where not given) */
static PyObject *py_fec_flr(PyObject *self, PyObject *args)
{
	(void)self;
	double cer, x, f, rate, flr;
	if (!PyArg_ParseTuple(args, "dddd", &cer, &x, &f, &rate))
		return NULL;
	if (isnan(x))
		x = bercl_fec_interleave_default(rate);
	if (isnan(f))
		f = BERCL_FEC_FRAMES_PER_CODEWORD;
	if (bercl_fec_flr(fmin(fmax(cer, 0.0), 1.0), x, f, &flr) != BERCL_OK)
		Py_RETURN_NONE;
	return PyFloat_FromDouble(flr);
}

/* fec_cer_from_ser(n, k, m, ser) -> (ber, cer): the pre-FEC BER of the SER
 * under independent bit errors, 1 - (1 - ser)^(1/m) (engine/compute.c
 * ber_of_ser, with the same libm calls), and bercl_fec_cer_from_ser (fec --ser) */
static PyObject *py_fec_cer_from_ser(PyObject *self, PyObject *args)
{
	(void)self;
	int n, k, m;
	double ser;
	if (!PyArg_ParseTuple(args, "iiid", &n, &k, &m, &ser))
		return NULL;
	bercl_rs_code code;
	if (bercl_rs_code_make(n, k, m, &code) != BERCL_OK)
		return raise_status(BERCL_EDOM, "code");
	bercl_lnprob ln;
	enum bercl_status rc = bercl_fec_cer_from_ser(&code, ser, &ln);
	if (rc != BERCL_OK)
		return raise_status(rc, "fec: numerical failure in the codeword error ratio");
	return Py_BuildValue("(dd)", -bercli_expm1(bercli_log1p(-ser) / code.m), bercl_lnprob_value(ln));
}

/*
 * fec_degrade(n, k, m, ser, interval, threshold, rate) -> (degrade_p,
 * mean_time or None); ser NaN: the SER at which the alarm fires half the
 * time first (bercl_fec_degrade_ser), returned as a third item (the
 * command's fec_degrade).
 */
static PyObject *py_fec_degrade(PyObject *self, PyObject *args)
{
	(void)self;
	int n, k, m;
	double ser, interval, threshold, rate;
	if (!PyArg_ParseTuple(args, "iiidddd", &n, &k, &m, &ser, &interval, &threshold, &rate))
		return NULL;
	bercl_rs_code code;
	if (bercl_rs_code_make(n, k, m, &code) != BERCL_OK)
		return raise_status(BERCL_EDOM, "code");
	void *work = PyMem_Malloc(BERCL_FEC_DEGRADE_WORK_BYTES);
	if (!work)
		return PyErr_NoMemory();
	enum bercl_status rc = BERCL_OK;
	bercl_tails t;
	int inverse = isnan(ser);
	Py_BEGIN_ALLOW_THREADS
	if (inverse)
		rc = bercl_fec_degrade_ser(&code, interval, threshold, 0.5, work, &ser);
	if (rc == BERCL_OK) {
		if (ser > 0) {
			rc = bercl_fec_degrade_p(&code, ser, interval, threshold, work, &t);
		} else { /* no symbol errors at all: never */
			t.cl = 0;
			t.one_minus_cl = 1;
		}
	}
	Py_END_ALLOW_THREADS
	PyMem_Free(work);
	if (rc == BERCL_EDOM)
		return raise_status(rc, inverse ? "fec: degrade_threshold: the interval cannot hold "
		                                  "more than interval (t + 1) symbol errors"
		                                : "fec: degrade_interval, degrade_threshold");
	if (rc == BERCL_ELIMIT)
		return raise_status(rc, "fec: degrade_interval is beyond the work limit at this SER "
		                        "(interval times one codeword's variance above about 8e5)");
	if (rc != BERCL_OK)
		return raise_status(rc, "fec: numerical failure in the degraded-SER alarm");
	double secs;
	PyObject *mt;
	if (!isnan(rate) &&
	    bercl_fec_degrade_mean_time(&code, interval, rate, t.cl, &secs) == BERCL_OK)
		mt = PyFloat_FromDouble(secs);
	else {
		Py_INCREF(Py_None);
		mt = Py_None;
	}
	return Py_BuildValue("(dNd)", t.cl, mt, ser);
}

/* fec_tail_sonic(n, k, m, bins) -> (bins in the fit, cer_tail, tail_r2) (bercl_fec_tail_sonic) */
static PyObject *py_fec_tail_sonic(PyObject *self, PyObject *args)
{
	(void)self;
	int n, k, m;
	PyObject *seq;
	if (!PyArg_ParseTuple(args, "iiiO", &n, &k, &m, &seq))
		return NULL;
	bercl_rs_code code;
	if (bercl_rs_code_make(n, k, m, &code) != BERCL_OK)
		return raise_status(BERCL_EDOM, "code");
	PyArrayObject *b = (PyArrayObject *)PyArray_FROMANY(seq, NPY_DOUBLE, 1, 1, NPY_ARRAY_IN_ARRAY);
	if (!b)
		return NULL;
	if (PyArray_SIZE(b) != code.t + 2) {
		Py_DECREF(b);
		return PyErr_Format(PyExc_ValueError, "bins: t + 2 = %d counts wanted", code.t + 2);
	}
	bercl_fec_tail_stats ts;
	enum bercl_status rc = bercl_fec_tail_sonic(&code, PyArray_DATA(b), &ts);
	Py_DECREF(b);
	if (rc != BERCL_OK)
		return raise_status(rc, "fec: SONiC's tail is outside the double range");
	return Py_BuildValue("(idd)", ts.bins, ts.cer_tail, ts.tail_r2);
}

static PyObject *histogram_dict(const bercl_fec_histogram_stats *hp, const bercl_rs_code *cp);

/* fec_histogram(n, k, m, bins, model, cl, c[, lo, hi, count]) -> dict of the
 * stats: bercl_fec_histogram, or with the groups of a report that groups
 * bins (ethtool's bin_low .. bin_high; engine/telemetry.c) bercl_fec_histogram_groups */
static int int_list(PyObject *seq, int *out, Py_ssize_t n)
{
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *x = PySequence_GetItem(seq, i);
		long v = x ? PyLong_AsLong(x) : -1;
		Py_XDECREF(x);
		if (v == -1 && PyErr_Occurred())
			return -1;
		out[i] = (int)v;
	}
	return 0;
}

static PyObject *py_fec_histogram(PyObject *self, PyObject *args)
{
	(void)self;
	int n, k, m, model;
	PyObject *seq, *glo = NULL, *ghi = NULL, *gcount = NULL;
	double cl, c;
	if (!PyArg_ParseTuple(args, "iiiOidd|OOO", &n, &k, &m, &seq, &model, &cl, &c, &glo, &ghi,
	                      &gcount))
		return NULL;
	if (glo && glo != Py_None) {
		bercl_rs_code gcode;
		if (bercl_rs_code_make(n, k, m, &gcode) != BERCL_OK)
			return raise_status(BERCL_EDOM, "fec_histogram: code");
		Py_ssize_t ng = PySequence_Size(glo);
		if (ng < 1 || ng > BERCL_FEC_MAX_BINS || PySequence_Size(ghi) != ng ||
		    PySequence_Size(gcount) != ng)
			return PyErr_Format(PyExc_ValueError, "groups: lo, hi and count of one length");
		int *lo = PyMem_Calloc((size_t)ng, sizeof *lo), *hi = PyMem_Calloc((size_t)ng, sizeof *hi);
		double *cnt = PyMem_Calloc((size_t)ng, sizeof *cnt);
		bercl_fec_histogram_stats gh;
		enum bercl_status grc = BERCL_EDOM;
		if (lo && hi && cnt && int_list(glo, lo, ng) == 0 && int_list(ghi, hi, ng) == 0) {
			for (Py_ssize_t i = 0; i < ng && !PyErr_Occurred(); i++) {
				PyObject *x = PySequence_GetItem(gcount, i);
				cnt[i] = x ? PyFloat_AsDouble(x) : -1;
				Py_XDECREF(x);
			}
			if (!PyErr_Occurred())
				grc = bercl_fec_histogram_groups(&gcode, lo, hi, cnt, (int)ng, model, cl, c,
				                                 &gh);
		}
		PyMem_Free(lo);
		PyMem_Free(hi);
		PyMem_Free(cnt);
		if (PyErr_Occurred())
			return NULL;
		if (grc != BERCL_OK)
			return raise_status(grc, "fec_histogram: the histogram is outside the supported "
			                         "range");
		return histogram_dict(&gh, &gcode);
	}
	bercl_rs_code code;
	enum bercl_status rc = bercl_rs_code_make(n, k, m, &code);
	if (rc != BERCL_OK)
		return raise_status(rc, "fec_histogram: code");
	Py_ssize_t nb = PySequence_Size(seq);
	if (nb != code.t + 2)
		return PyErr_Format(PyExc_ValueError, "bins: %zd counts given, t + 2 = %d wanted", nb,
		                    code.t + 2);
	double *bins = PyMem_Malloc((size_t)nb * sizeof *bins);
	if (!bins)
		return PyErr_NoMemory();
	for (Py_ssize_t i = 0; i < nb; i++) {
		PyObject *x = PySequence_GetItem(seq, i);
		bins[i] = x ? PyFloat_AsDouble(x) : -1;
		Py_XDECREF(x);
	}
	if (PyErr_Occurred()) {
		PyMem_Free(bins);
		return NULL;
	}
	bercl_fec_histogram_stats h;
	rc = bercl_fec_histogram(&code, bins, model, cl, c, &h);
	PyMem_Free(bins);
	if (rc != BERCL_OK)
		return raise_status(rc, "fec_histogram: the histogram is outside the supported range");
	return histogram_dict(&h, &code);
}

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

/*
 * read_histograms(data, name, format, t) -> (format, warning, [(port, lane,
 * bins, groups)]): the command's own readers of FEC reports (bercl's CSV,
 * ethtool's JSON, SONiC's tables, Xena's reply: engine/telemetry.c, compiled
 * into this extension, so that a report reads here exactly as `bercl fec
 * --histogram F --histogram-format FORMAT` reads it); groups is None or
 * (lo, hi, count) lists for a report that groups bins. A bad report raises
 * DomainError with the reader's one-line message.
 */
static PyObject *py_read_histograms(PyObject *self, PyObject *args)
{
	(void)self;
	const char *buf, *name, *fname;
	Py_ssize_t len;
	int t;
	if (!PyArg_ParseTuple(args, "y#ssi", &buf, &len, &name, &fname, &t))
		return NULL;
	enum telemetry_format fmt;
	if (telemetry_parse_format(fname, &fmt) != 0)
		return PyErr_Format(PyExc_ValueError, "format %s: auto, csv, ethtool, sonic or xena",
		                    fname);
	struct telemetry *tm = PyMem_Calloc(1, sizeof *tm);
	if (!tm)
		return PyErr_NoMemory();
	char err[512];
	int rc;
	Py_BEGIN_ALLOW_THREADS
	rc = telemetry_read_buffer(buf, (size_t)len, name, fmt, t, tm, err, sizeof err);
	Py_END_ALLOW_THREADS
	if (rc != 0) {
		telemetry_free(tm);
		PyMem_Free(tm);
		return raise_message(BERCL_EDOM, err);
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
	PyObject *res = Py_BuildValue("(ssN)", telemetry_format_name(tm->format), tm->warning, list);
	telemetry_free(tm);
	PyMem_Free(tm);
	return res;
}

/* rs_code(n, k, m) -> (n, k, m, t) */
static PyObject *py_rs_code(PyObject *self, PyObject *args)
{
	(void)self;
	int n, k, m;
	if (!PyArg_ParseTuple(args, "iii", &n, &k, &m))
		return NULL;
	bercl_rs_code code;
	enum bercl_status rc = bercl_rs_code_make(n, k, m, &code);
	if (rc != BERCL_OK)
		return raise_status(rc, "code: needs 1 <= m <= 16 and 1 <= k < n <= 2^m + 1");
	return Py_BuildValue("(iiii)", code.n, code.k, code.m, code.t);
}

/* lnprob_decimal(ln) -> (mantissa, exponent) of exp(ln), for values below the double range */
static PyObject *py_lnprob_decimal(PyObject *self, PyObject *args)
{
	(void)self;
	bercl_lnprob l = {0, 0};
	if (!PyArg_ParseTuple(args, "d|d", &l.hi, &l.lo))
		return NULL;
	double mant;
	long long ex;
	if (bercl_lnprob_decimal(l, &mant, &ex) != 0)
		return Py_BuildValue("(dL)", mant, 0LL);
	return Py_BuildValue("(dL)", mant, ex);
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
	{"explain", explain, METH_VARARGS, "explain(kernel, *values): None or (arg, status, message)"},
	{"tails_full", py_tails_full, METH_VARARGS, NULL},
	{"lanes_all", py_lanes_all, METH_VARARGS, NULL},
	{"min_bits_all_lanes", py_min_bits_all_lanes, METH_VARARGS, NULL},
	{"min_bits_raw", py_min_bits_raw, METH_VARARGS, NULL},
	{"plan_risks", py_plan_risks, METH_VARARGS, NULL},
	{"plan_fixed", py_plan_fixed, METH_VARARGS, NULL},
	{"plan_sequential", py_plan_sequential, METH_VARARGS, NULL},
	{"sequential_outcome", py_sequential_outcome, METH_VARARGS, NULL},
	{"fec_histogram", py_fec_histogram, METH_VARARGS, NULL},
	{"plan_at_readings", py_plan_at_readings, METH_VARARGS, NULL},
	{"intervals_add", py_intervals_add, METH_VARARGS, NULL},
	{"clustered", py_clustered, METH_VARARGS, NULL},
	{"fec_flr", py_fec_flr, METH_VARARGS, NULL},
	{"fec_cer_from_ser", py_fec_cer_from_ser, METH_VARARGS, NULL},
	{"fec_degrade", py_fec_degrade, METH_VARARGS, NULL},
	{"fec_tail_sonic", py_fec_tail_sonic, METH_VARARGS, NULL},
	{"read_histograms", py_read_histograms, METH_VARARGS, NULL},
	{"bursts_pass", py_bursts_pass, METH_VARARGS, NULL},
	{"rs_code", py_rs_code, METH_VARARGS, NULL},
	{"lnprob_decimal", py_lnprob_decimal, METH_VARARGS, NULL},
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
	for (size_t i = 0; i < NKERNELS; i++) {
		struct kernel *k = &kernels[i];
		loop_funcs[i][0] = kernel_loop;
		loop_data[i][0] = k;
		for (int j = 0; j < k->nin + k->nout; j++)
			loop_types[i][j] = NPY_DOUBLE;
		PyObject *u = PyUFunc_FromFuncAndData(loop_funcs[i], loop_data[i], loop_types[i], 1,
		                                      k->nin, k->nout, PyUFunc_None, k->name,
		                                      "a bercl kernel (see the bercl package)", 0);
		if (!u || PyModule_AddObject(m, k->name, u) < 0) {
			Py_XDECREF(u);
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
