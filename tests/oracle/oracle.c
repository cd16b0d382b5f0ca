/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * oracle.c - an independent check of every public answer of bercl.
 *
 * SYNOPSIS
 *   oracle [--bercl PATH] [--seed S] [--count N] [--only ANSWER] [--tol T]
 *          [--dir DIR] [--batch ROWS] [--jobs J] [--per-point] [--skip K]
 *          [--progress] [--max-print K]
 *   oracle --selfcheck tests/data/oracle_ref.csv
 *
 * DESCRIPTION
 *   Draws N random points for each public answer (cl, bits, ber, ber
 *   --two-sided, each under the Poisson and the binomial model), weighted to
 *   the edges of the domain (E = 0, N p << 1, E = N, E near N p with a large
 *   standard deviation, p near 1/2, N near the documented limits, CL within
 *   1e-15 of 0 or 1, results below 1e-308), runs the built program on them
 *   as a black box in batch mode (`bercl CMD -i FILE -f csv`), and compares
 *   what it prints with the truth computed in MPFR (truth.c, no code shared
 *   with lib/). A failure prints the bercl command that reproduces it.
 *
 *   Checks: cl and one_minus_cl to TOL relative; bits exact (CL(N) >= target
 *   > CL(N - 1), N - 1 being the next double down above 2^53; a call closer
 *   than TOL to the target is "ambiguous", not a failure) and cl_achieved to
 *   TOL; ber_upper, ber_lower to TOL (a Poisson rate above 1 as 1). A point
 *   inside the documented domain that bercl refuses is a failure; outside
 *   it, refusing is right and an answer must still be right.
 *
 *   --skip K leaves out the first K points of each answer's stream (a
 *   stopped soak goes on with --skip at its last progress line).
 *   --per-point runs bercl once a point instead, on its flags (the command
 *   a failure prints), and checks the same fields: the command-line path.
 *   --batch ROWS points go to one bercl run (4000 by default); --jobs J
 *   checks each run's rows in J processes (1 by default): the points, the
 *   truth and every verdict are the same for any ROWS and J.
 *
 *   --selfcheck compares the oracle's own tails and roots with a table made
 *   by tests/data/gen_oracle_ref.py (mpmath, 50 digits).
 *
 * EXIT STATUS
 *   0 every check passed, 1 a check failed, 2 usage or set-up error.
 */
#include <float.h>
#include <stdarg.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "truth.h"

/* The documented limits (man/bercl.1, include/bercl.h), restated here. */
#define MAX_ERRORS 9007199254740992.0
#define MIN_LAMBDA 1e-300
#define MAX_LAMBDA 1e300
#define BINOM_MAX_N 1e18
#define BINOM_MAX_SD 1e5
#define BINOM_FAR 2500.0 /* v = N p q above 1e10: E at least v / 2500 from N p */

enum answer { A_CL, A_BITS, A_BER, A_BER2, NANSWER };
static const char *answer_name[NANSWER] = {"cl", "bits", "ber", "ber2"};

struct point {
	char e[32], n[48], p[48], c[96];
	double E, N, P;
};

struct stats {
	long n, refused_ok, ambiguous, fails, oracle_doubt;
	double worst;
	char worst_cmd[512], worst_what[64];
};

static struct {
	const char *bercl, *dir;
	double tol;
	int quiet, progress, jobs, per_point;
	long max_print;
	FILE *out; /* where failures go: stdout, or a worker's buffer */
} opt = {"./bercl", "tests/tmp/oracle", 1e-14, 0, 0, 1, 0, 10, NULL};

static struct stats st[NANSWER][2];

/* ---- random numbers: xoshiro256** seeded by splitmix64 ---- */
static uint64_t rs[4];
static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}
static void seed_rng(uint64_t s)
{
	for (int i = 0; i < 4; i++)
		rs[i] = splitmix(&s);
}
static uint64_t next_u64(void)
{
	uint64_t r = rs[1] * 5;
	r = ((r << 7) | (r >> 57)) * 9;
	uint64_t t = rs[1] << 17;
	rs[2] ^= rs[0];
	rs[3] ^= rs[1];
	rs[1] ^= rs[2];
	rs[0] ^= rs[3];
	rs[2] ^= t;
	rs[3] = (rs[3] << 45) | (rs[3] >> 19);
	return r;
}
static double U(void) /* [0, 1) */
{
	return (double)(next_u64() >> 11) * 0x1p-53;
}
static double uni(double a, double b)
{
	return a + (b - a) * U();
}
static double logu(double a, double b)
{
	return exp(uni(log(a), log(b)));
}
static long irand(long a, long b) /* [a, b] */
{
	return a + (long)(next_u64() % (uint64_t)(b - a + 1));
}

/* ---- point generation ---- */

static void set_e(struct point *pt, double E)
{
	if (E < 0)
		E = 0;
	if (E > MAX_ERRORS)
		E = MAX_ERRORS;
	E = floor(E);
	pt->E = E;
	snprintf(pt->e, sizeof pt->e, "%.0f", E);
}
static void set_n(struct point *pt, double N, int whole)
{
	if (whole)
		N = floor(N + 0.5);
	if (whole && N <= MAX_ERRORS)
		snprintf(pt->n, sizeof pt->n, "%.0f", N);
	else
		snprintf(pt->n, sizeof pt->n, "%.17g", N);
	pt->N = strtod(pt->n, NULL);
}
static void set_p(struct point *pt, double p)
{
	if (p < DBL_MIN)
		p = DBL_MIN;
	if (p >= 1)
		p = nextafter(1.0, 0.0);
	snprintf(pt->p, sizeof pt->p, "%.17g", p);
	pt->P = strtod(pt->p, NULL);
}

/* A confidence level as a decimal string, weighted to 0, 1 and the usual. */
static void gen_cl(struct point *pt)
{
	double r = U();
	static const char *usual[] = {"0.95", "0.99", "0.5", "0.9", "0.999", "0.6827",
	                              "0.999999", "0.01", "0.9999999999", "0.1"};
	if (r < 0.25) {
		snprintf(pt->c, sizeof pt->c, "%.6g", uni(1e-6, 1 - 1e-6));
	} else if (r < 0.45) { /* 1 - 10^-k, k up to 30 */
		int k = (int)irand(1, 30);
		char *s = pt->c;
		s += sprintf(s, "0.");
		for (int i = 0; i < k; i++)
			*s++ = '9';
		sprintf(s, "%ld", irand(0, 999));
	} else if (r < 0.65) { /* down to 1e-300 */
		snprintf(pt->c, sizeof pt->c, "%.6ge-%d", uni(1, 9.99), (int)irand(1, 300));
	} else if (r < 0.75) { /* within 1e-15 of 1 */
		int k = (int)irand(15, 30);
		char *s = pt->c;
		s += sprintf(s, "0.");
		for (int i = 0; i < k; i++)
			*s++ = '9';
		sprintf(s, "%ld", irand(1, 9));
	} else if (r < 0.85) {
		snprintf(pt->c, sizeof pt->c, "%s", usual[irand(0, 9)]);
	} else {
		snprintf(pt->c, sizeof pt->c, "%.17g", 0.5 + (U() < 0.5 ? -1 : 1) * logu(1e-16, 0.49));
	}
}

/* E, lambda for the Poisson model. */
static void gen_poisson_el(double *E, double *lam)
{
	double r = U();
	if (r < 0.15) {
		*E = 0;
		*lam = logu(MIN_LAMBDA, 3e4);
	} else if (r < 0.3) {
		*E = (double)irand(1, 40);
		/* half of them where both tails are of order one or a little
		 * less (poisson_fast.c's long double path for E < 24) */
		*lam = U() < 0.5 ? logu(MIN_LAMBDA, 1e3) : logu(1e-2, 800);
	} else if (r < 0.5) { /* near the mean, large standard deviation */
		*E = floor(logu(1, MAX_ERRORS));
		*lam = *E + uni(-40, 40) * sqrt(*E + 1);
		if (*lam <= 0)
			*lam = 0.5 * (*E + 1);
	} else if (r < 0.58) { /* lambda within 2 of E + 1: the sign of lambda - a decides */
		*E = floor(logu(1, MAX_ERRORS));
		*lam = *E + 1 + uni(-2, 2);
	} else if (r < 0.65) {
		*E = floor(logu(1, MAX_ERRORS));
		*lam = *E * exp(uni(-6, 6)) + 1e-3;
	} else if (r < 0.72) { /* at the errors limit */
		*E = MAX_ERRORS - (double)irand(0, 3);
		*lam = *E * (1 + uni(-1e-6, 1e-6));
	} else if (r < 0.8) { /* lambda at its limits */
		*E = floor(logu(1, 1e6)) - 1;
		*lam = U() < 0.5 ? logu(MIN_LAMBDA, 1e-250) : logu(1e250, MAX_LAMBDA);
	} else if (r < 0.9) { /* E next to lambda */
		*lam = logu(0.5, 1e6);
		*E = fmax(0, floor(*lam) + (double)irand(-2, 2));
	} else {
		*E = floor(logu(1, 1e15)) - 1;
		*lam = logu(MIN_LAMBDA, MAX_LAMBDA);
	}
}

static int gen_cl_poisson(struct point *pt)
{
	double E, lam;
	gen_poisson_el(&E, &lam);
	set_e(pt, E);
	/* p with N = lam / p >= E, N <= 1e300, p >= DBL_MIN */
	double plo = fmax(DBL_MIN, lam / MAX_LAMBDA), phi = fmin(0.999, lam / fmax(pt->E, 1e-300));
	if (!(plo < phi))
		return -1;
	double p = U() < 0.15 ? fmin(phi, 0.5 * (1 + uni(-1e-3, 1e-3))) : logu(plo, phi);
	set_p(pt, p);
	double N = lam / pt->P;
	set_n(pt, N, U() < 0.5 && N > 1);
	return pt->N >= pt->E && pt->N > 0 ? 0 : -1;
}

static int gen_cl_binomial(struct point *pt)
{
	double r = U(), N, p, E;
	if (r < 0.15) { /* E = 0, N p << 1 */
		N = floor(logu(1, 1e18));
		p = logu(DBL_MIN, fmin(0.5, 1 / N));
		E = 0;
	} else if (r < 0.25) { /* E = N */
		N = floor(logu(1, 1e18));
		p = U() < 0.5 ? U() : logu(1e-300, 1);
		E = N;
	} else if (r < 0.45) { /* near the mean, large sd (up to and past the limit) */
		N = floor(logu(1e3, 1e18));
		p = U() < 0.8 ? logu(fmax(1e-300, 1 / N), 0.5) : 1 - logu(1e-12, 0.5);
		double sd = sqrt(N * p * (1 - p));
		if (sd > 2e5 && U() < 0.8) { /* mostly inside the limit */
			p = 1e10 * exp(uni(-20, 0.2)) / N;
			sd = sqrt(N * p * (1 - p));
		}
		E = floor(N * p + (U() < 0.2 ? uni(-2, 2) : uni(-40, 40) * sd));
		if (sd > BINOM_MAX_SD && U() < 0.3) /* the answered side of the band */
			E = floor(N * p + (U() < 0.5 ? -1 : 1) * sd * sd / BINOM_FAR *
			                      (1 + logu(1e-3, 10)));
	} else if (r < 0.55) { /* p near 1/2 */
		N = floor(logu(1, 1e12));
		p = 0.5 + (U() < 0.5 ? -1 : 1) * logu(1e-17, 0.1);
		E = floor(N * p + uni(-10, 10) * sqrt(N) / 2);
	} else if (r < 0.65) { /* N near its limit, and beyond it */
		N = U() < 0.6 ? 1e18 - (double)irand(0, 1000) * 128 : logu(1e18, 1e30);
		p = logu(1e-300, 0.5);
		E = U() < 0.5 ? floor(logu(1, 1e4)) - 1 : floor(N * p * exp(uni(-1, 1)));
	} else if (r < 0.8) {
		N = floor(logu(1, 1e18));
		p = logu(1e-300, 0.999);
		E = floor(logu(1, N + 1)) - 1;
	} else if (r < 0.9) { /* p near 1 */
		N = floor(logu(1, 1e15));
		p = 1 - logu(1e-16, 0.1);
		E = N - floor(logu(1, N + 1)) + 1;
	} else { /* small N */
		N = (double)irand(1, 60);
		p = U();
		E = (double)irand(0, (long)N);
	}
	if (E > N)
		E = N;
	set_e(pt, E);
	set_n(pt, N, 1);
	set_p(pt, p);
	if (pt->E > pt->N)
		return -1;
	return 0;
}

static void gen_bits(struct point *pt, int binomial)
{
	double r = U(), E, p;
	if (r < 0.25)
		E = 0;
	else if (r < 0.5)
		E = (double)irand(1, 40);
	else if (r < 0.6)
		E = MAX_ERRORS - (double)irand(0, 3);
	else
		E = floor(logu(1, binomial ? 1e12 : MAX_ERRORS));
	double s = U();
	if (binomial && E > 1e9 && U() < 0.9)
		E = floor(logu(1, 1e9));
	if (s < 0.15)
		p = 0.5 + (U() < 0.5 ? -1 : 1) * logu(1e-17, 0.1);
	else if (s < 0.3 && !binomial)
		p = logu(DBL_MIN, 1e-250);
	else if (binomial && s < 0.9) /* answers mostly within 1e18 bits */
		p = logu(fmin(0.5, (E + 3) / 1e17), 0.9);
	else
		p = logu(1e-300, 0.9);
	set_e(pt, E);
	set_p(pt, p);
	gen_cl(pt);
}

static int gen_ber(struct point *pt, int binomial)
{
	double r = U(), E, N;
	if (r < 0.25) {
		E = 0;
		N = logu(1, binomial ? 1e18 : 1e300);
	} else if (r < 0.45) {
		E = (double)irand(1, 40);
		N = E + logu(1, binomial ? 1e18 : 1e300);
	} else if (r < 0.55 && binomial) { /* E = N */
		N = floor(logu(1, 1e18));
		E = N;
	} else if (r < 0.62) { /* N at its limit */
		N = binomial ? 1e18 - (double)irand(0, 1000) * 128 : logu(1e299, 1e300);
		E = floor(logu(1, 1e6)) - 1;
	} else if (r < 0.7) {
		E = MAX_ERRORS - (double)irand(0, 3);
		N = binomial ? E * logu(1, 100) : E * logu(1, 1e10);
	} else if (r < 0.8 && binomial) { /* E close to N */
		N = floor(logu(2, 1e15));
		E = N - floor(logu(1, N));
	} else if (r < 0.85) {
		E = (double)irand(1, 40);
		N = E + logu(0.1, 10);
	} else {
		E = floor(logu(1, binomial ? 1e12 : MAX_ERRORS));
		N = E * logu(1, binomial ? 1e18 / (E + 1) : 1e20);
	}
	set_e(pt, E);
	set_n(pt, fmax(N, pt->E), binomial || U() < 0.7);
	gen_cl(pt);
	if (pt->N < pt->E || !(pt->N > 0) || (binomial && pt->N > 1e30))
		return -1;
	return 0;
}

static int gen_point(enum answer a, int binomial, struct point *pt)
{
	memset(pt, 0, sizeof *pt);
	for (int tries = 0; tries < 100; tries++) {
		int rc;
		switch (a) {
		case A_CL:
			rc = binomial ? gen_cl_binomial(pt) : gen_cl_poisson(pt);
			break;
		case A_BITS:
			gen_bits(pt, binomial);
			rc = 0;
			break;
		default:
			rc = gen_ber(pt, binomial);
		}
		if (rc == 0)
			return 0;
	}
	return -1;
}

/* ---- the program under test ---- */

static const char *cmd_name(enum answer a)
{
	return a == A_CL ? "cl" : a == A_BITS ? "bits" : "ber";
}

static void repro(char *buf, size_t len, enum answer a, int binomial, const struct point *pt)
{
	switch (a) {
	case A_CL:
		snprintf(buf, len, "bercl cl -e %s -n %s -p %s --model %s -f csv", pt->e, pt->n, pt->p,
		         binomial ? "binomial" : "poisson");
		break;
	case A_BITS:
		snprintf(buf, len, "bercl bits -e %s -p %s -c %s --model %s -f csv", pt->e, pt->p, pt->c,
		         binomial ? "binomial" : "poisson");
		break;
	default:
		snprintf(buf, len, "bercl ber -e %s -n %s -c %s --model %s%s -f csv", pt->e, pt->n, pt->c,
		         binomial ? "binomial" : "poisson", a == A_BER2 ? " --two-sided" : "");
	}
}

/* Split a CSV line into at most max fields (RFC 4180 quotes), in place. */
static int split_csv(char *line, char **f, int max)
{
	int n = 0;
	char *p = line;
	while (n < max) {
		if (*p == '"') {
			char *w = ++p;
			f[n++] = w;
			for (;;) {
				if (*p == '"' && p[1] == '"') {
					*w++ = '"';
					p += 2;
				} else if (*p == '"' || !*p) {
					if (*p)
						p++;
					break;
				} else {
					*w++ = *p++;
				}
			}
			*w = '\0';
		} else {
			f[n++] = p;
			while (*p && *p != ',' && *p != '\n' && *p != '\r')
				p++;
		}
		if (*p == ',') {
			*p++ = '\0';
			continue;
		}
		*p = '\0';
		break;
	}
	return n;
}

/* ---- comparison ---- */

/*
 * Relative error of a printed probability against exp(ln_t); +inf if empty.
 * Sets *bad if the printed value is not a probability.
 */
static double rel_err_prob(const char *s, const mpfr_t ln_t, int *bad)
{
	*bad = 0;
	if (!s || !*s)
		return INFINITY;
	mpfr_t v, t;
	mpfr_inits2(PREC, v, t, (mpfr_ptr)0);
	double err;
	if (strncmp(s, "10^", 3) == 0) { /* only the power of ten is known */
		double x = strtod(s + 3, NULL);
		mpfr_const_log2(t, MPFR_RNDN);
		mpfr_set_ui(v, 10, MPFR_RNDN);
		mpfr_log(v, v, MPFR_RNDN);
		mpfr_div(t, ln_t, v, MPFR_RNDN);
		double xt = mpfr_get_d(t, MPFR_RNDN);
		err = fabs(x - xt) / fabs(xt);
		if (!(x <= 0))
			*bad = 1;
	} else if (mpfr_set_str(v, s, 10, MPFR_RNDN) != 0) {
		err = INFINITY;
		*bad = 1;
	} else {
		if (mpfr_sgn(v) < 0 || mpfr_cmp_ui(v, 1) > 0 || mpfr_nan_p(v))
			*bad = 1;
		if (mpfr_inf_p(ln_t) && mpfr_sgn(ln_t) < 0) {
			err = mpfr_zero_p(v) ? 0 : 1;
		} else {
			mpfr_exp(t, ln_t, MPFR_RNDN);
			mpfr_sub(v, v, t, MPFR_RNDN);
			mpfr_div(v, v, t, MPFR_RNDN);
			mpfr_abs(v, v, MPFR_RNDN);
			err = mpfr_get_d(v, MPFR_RNDU);
		}
	}
	mpfr_clears(v, t, (mpfr_ptr)0);
	return err;
}

/* Relative error of a printed positive number against t. */
static double rel_err_num(const char *s, const mpfr_t t)
{
	if (!s || !*s)
		return INFINITY;
	mpfr_t v;
	mpfr_init2(v, PREC);
	double err;
	if (mpfr_set_str(v, s, 10, MPFR_RNDN) != 0) {
		err = INFINITY;
	} else if (mpfr_zero_p(t)) {
		err = mpfr_zero_p(v) ? 0 : INFINITY;
	} else {
		mpfr_sub(v, v, t, MPFR_RNDN);
		mpfr_div(v, v, t, MPFR_RNDN);
		mpfr_abs(v, v, MPFR_RNDN);
		err = mpfr_get_d(v, MPFR_RNDU);
	}
	mpfr_clear(v);
	return err;
}

static void note(struct stats *s, double err, const char *what, const char *cmd)
{
	if (err > s->worst || (isnan(err) && !isnan(s->worst))) {
		s->worst = err;
		snprintf(s->worst_cmd, sizeof s->worst_cmd, "%s", cmd);
		snprintf(s->worst_what, sizeof s->worst_what, "%s", what);
	}
}

static void fail(struct stats *s, const char *cmd, const char *fmt, ...)
{
	s->fails++;
	if (s->fails > opt.max_print)
		return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(opt.out, "FAIL ");
	vfprintf(opt.out, fmt, ap);
	va_end(ap);
	fprintf(opt.out, "\n     %s\n", cmd);
}

/* The target on its smaller side: side 1 (ln cl) or 0 (ln(1 - cl)). */
static int target_of(const char *c, mpfr_t ln_t)
{
	mpfr_t v;
	mpfr_init2(v, PREC + 64);
	mpfr_set_str(v, c, 10, MPFR_RNDN);
	int side = mpfr_cmp_d(v, 0.5) <= 0;
	if (!side)
		mpfr_ui_sub(v, 1, v, MPFR_RNDN);
	mpfr_log(ln_t, v, MPFR_RNDN);
	mpfr_clear(v);
	return side;
}

/* Poisson mean N * P exactly, or p for the binomial. */
static void law_x(mpfr_t x, int binomial, double N, double P)
{
	mpfr_set_d(x, P, MPFR_RNDN);
	if (!binomial)
		mpfr_mul_d(x, x, N, MPFR_RNDN); /* exact at PREC bits */
}

/* Is (E, N, p) outside the binomial limits? */
static int binom_beyond(double E, double N, double p)
{
	if (N > BINOM_MAX_N)
		return 1;
	double v = N * p * (1 - p);
	return v > BINOM_MAX_SD * BINOM_MAX_SD * 0.98 && fabs(E + 0.5 - N * p) < v / BINOM_FAR * 1.02 + 1;
}

/* ---- the checks, one row at a time ---- */

struct cols {
	int cl, omc, bits, achieved, upper, lower, error;
};

static const char *cell(char **f, int n, int i)
{
	return i >= 0 && i < n ? f[i] : "";
}

static void check_cl(int binomial, const struct point *pt, char **f, int nf, const struct cols *c,
                     const char *cmd)
{
	struct stats *s = &st[A_CL][binomial];
	const char *err = cell(f, nf, c->error);
	double lam = pt->N * pt->P;
	int beyond = binomial ? binom_beyond(pt->E, pt->N, pt->P)
	                      : !(lam >= MIN_LAMBDA && lam <= MAX_LAMBDA) || pt->N > MAX_LAMBDA;
	if (*err) {
		if (beyond)
			s->refused_ok++;
		else
			fail(s, cmd, "cl: refused inside the domain: %s", err);
		return;
	}
	s->n++;
	mpfr_t x, le, gt;
	mpfr_inits2(PREC, x, le, gt, (mpfr_ptr)0);
	law_x(x, binomial, pt->N, pt->P);
	if (truth_tails(le, gt, binomial, pt->E, pt->N, x) != 0)
		s->oracle_doubt++;
	int bad1, bad2;
	double e1 = rel_err_prob(cell(f, nf, c->cl), gt, &bad1);
	double e2 = rel_err_prob(cell(f, nf, c->omc), le, &bad2);
	note(s, e1, "cl", cmd);
	note(s, e2, "one_minus_cl", cmd);
	if (bad1 || bad2 || !(e1 <= opt.tol) || !(e2 <= opt.tol)) {
		mpfr_exp(gt, gt, MPFR_RNDN);
		mpfr_exp(le, le, MPFR_RNDN);
		char msg[512];
		mpfr_snprintf(msg, sizeof msg,
		              "cl: got cl=%s one_minus_cl=%s, truth %.17Rg %.17Rg (rel %.2g %.2g)%s",
		              cell(f, nf, c->cl), cell(f, nf, c->omc), gt, le, e1, e2,
		              bad1 || bad2 ? " NOT A PROBABILITY" : "");
		fail(s, cmd, "%s", msg);
	}
	mpfr_clears(x, le, gt, (mpfr_ptr)0);
}

static double below(double N)
{
	return N <= MAX_ERRORS ? N - 1 : nextafter(N, 0);
}

/* Does N bits reach the target? 1 yes, 0 no; *margin = |ln tail - ln target|;
 * ln_cl, ln_omc (either may be NULL) the logs of both tails at N. */
static int reaches(int binomial, double E, double N, double P, int side, const mpfr_t ln_t,
                   double *margin, mpfr_t ln_cl, mpfr_t ln_omc)
{
	mpfr_t x, le, gt, d;
	mpfr_inits2(PREC, x, le, gt, d, (mpfr_ptr)0);
	int r;
	if (binomial && N <= E) {
		r = 0;
		*margin = INFINITY;
		if (ln_cl)
			mpfr_set_inf(ln_cl, -1);
	} else if (!binomial && N * P == 0) {
		r = 0;
		*margin = INFINITY;
		if (ln_cl)
			mpfr_set_inf(ln_cl, -1);
	} else {
		law_x(x, binomial, N, P);
		truth_tails(le, gt, binomial, E, N, x);
		if (side)
			mpfr_sub(d, gt, ln_t, MPFR_RNDN);
		else
			mpfr_sub(d, ln_t, le, MPFR_RNDN);
		r = mpfr_sgn(d) >= 0;
		*margin = fabs(mpfr_get_d(d, MPFR_RNDN));
		if (ln_cl)
			mpfr_set(ln_cl, gt, MPFR_RNDN);
		if (ln_omc)
			mpfr_set(ln_omc, le, MPFR_RNDN);
	}
	mpfr_clears(x, le, gt, d, (mpfr_ptr)0);
	return r;
}

/*
 * Does the whole number below N (N - 1; the next double down above 2^53)
 * reach the target, given both tails at N (ln_cl = ln P[X > E], ln_omc)?
 * Going from N to N' = below(N) moves P[X > E] down by D (and P[X <= E] up
 * by D):
 *   binomial, N' = N - 1: D = p b(E; N - 1, p) exactly (the N-th trial
 *     decides only when the first N - 1 hold exactly E errors); between
 *     2^53 and 2^54, where N - 1 rounds to N' = N - 2 for every other N,
 *     p b(E; N - 2, p) is still at most the drop (the first of two steps);
 *   Poisson: D = int_{N'p}^{Np} pois(E; t) dt, at least (N - N') p times
 *     the smaller of pois(E; N'p) and pois(E; Np) (pois(E; t) is unimodal
 *     in t).
 * When even that least drop leaves N' short of the target, the answer is
 * no, without a second tail; otherwise both tails at N' are computed as
 * for N. Saves about half the cost of a bits check.
 */
static int reaches_below(int binomial, double E, double N, double P, int side,
                         const mpfr_t ln_t, const mpfr_t ln_cl, const mpfr_t ln_omc,
                         double *margin)
{
	double Nb = below(N);
	int shortcut = binomial ? Nb == N - 1 && Nb > E : N * P > 0 && Nb * P > 0;
	if (shortcut) {
		mpfr_t x, a, dmin, tail, t;
		mpfr_inits2(PREC, x, a, dmin, tail, t, (mpfr_ptr)0);
		if (binomial) {
			mpfr_set_d(x, P, MPFR_RNDN);
			truth_ln_pmf(a, 1, E, Nb, x);
			mpfr_exp(dmin, a, MPFR_RNDN);
			mpfr_mul_d(dmin, dmin, P, MPFR_RNDD);
		} else {
			mpfr_set_d(x, N, MPFR_RNDN);
			mpfr_mul_d(x, x, P, MPFR_RNDN);
			truth_ln_pmf(a, 0, E, 0, x);
			mpfr_set_d(x, Nb, MPFR_RNDN);
			mpfr_mul_d(x, x, P, MPFR_RNDN);
			truth_ln_pmf(t, 0, E, 0, x);
			mpfr_min(a, a, t, MPFR_RNDN);
			mpfr_exp(dmin, a, MPFR_RNDN);
			mpfr_mul_d(dmin, dmin, (N - Nb) * P, MPFR_RNDD); /* N - Nb exact */
			mpfr_mul_d(dmin, dmin, 0.999999, MPFR_RNDD);
		}
		int no;
		mpfr_exp(t, ln_t, MPFR_RNDN);
		if (side) { /* P[X > E] at N' at most exp(ln_cl) - dmin < target? */
			mpfr_exp(tail, ln_cl, MPFR_RNDN);
			mpfr_sub(tail, tail, dmin, MPFR_RNDN);
			no = mpfr_cmp(tail, t) < 0;
		} else { /* P[X <= E] at N' at least exp(ln_omc) + dmin > target? */
			mpfr_exp(tail, ln_omc, MPFR_RNDN);
			mpfr_add(tail, tail, dmin, MPFR_RNDN);
			no = mpfr_cmp(tail, t) > 0;
		}
		mpfr_clears(x, a, dmin, tail, t, (mpfr_ptr)0);
		if (no) {
			*margin = INFINITY; /* only read when N' reaches */
			return 0;
		}
	}
	return reaches(binomial, E, Nb, P, side, ln_t, margin, NULL, NULL);
}

/* The true minimum bits, by bisection over whole numbers (doubles above 2^53). */
static double true_bits(int binomial, double E, double P, int side, const mpfr_t ln_t, double guess)
{
	double m, lo = fmax(binomial ? E : 0, floor(guess / 2)), hi = ceil(guess * 2 + 2);
	while (reaches(binomial, E, lo, P, side, ln_t, &m, NULL, NULL) && lo > 0)
		lo = floor(lo / 4);
	while (!reaches(binomial, E, hi, P, side, ln_t, &m, NULL, NULL) && hi < 1e305)
		hi = ceil(hi * 4);
	while (hi - lo > 1) {
		double mid = lo + floor((hi - lo) / 2);
		if (mid <= lo || mid >= hi)
			break;
		if (reaches(binomial, E, mid, P, side, ln_t, &m, NULL, NULL))
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

static void check_bits(int binomial, const struct point *pt, char **f, int nf,
                       const struct cols *c, const char *cmd)
{
	struct stats *s = &st[A_BITS][binomial];
	const char *err = cell(f, nf, c->error);
	mpfr_t ln_t, ln_cl, ln_omc, x;
	mpfr_inits2(PREC, ln_t, ln_cl, ln_omc, x, (mpfr_ptr)0);
	int side = target_of(pt->c, ln_t);
	const char *nb = cell(f, nf, c->bits);
	double N = *err ? NAN : strtod(nb, NULL);
	if (*err || !(N > 0)) {
		/* refused: right only if the answer is beyond a limit */
		mpfr_t lam;
		mpfr_init2(lam, PREC);
		double guess = pt->E + 1;
		int beyond = 1;
		if (truth_root(lam, 0, pt->E, 0, side, ln_t, guess) == 0) {
			double l = mpfr_get_d(lam, MPFR_RNDN), nstar = l / pt->P;
			beyond = !(nstar <= MAX_LAMBDA * 0.999);
			/* binomial: the same tail sits about as many of its own
			 * standard deviations from E as the Poisson one does */
			double z = fabs(pt->E + 0.5 - l) / sqrt(l), v = l * (1 - pt->P);
			/* the binomial root lies about as many of its own standard
			 * deviations sqrt(v) from E as the Poisson one does of its
			 * sqrt(lambda) (not as far: q < 1) */
			double d = z * sqrt(v);
			if (binomial)
				beyond = beyond || nstar > BINOM_MAX_N * 0.999 ||
				         (v > 0.98 * BINOM_MAX_SD * BINOM_MAX_SD &&
				          d < v / BINOM_FAR * 1.05 + 2 * sqrt(v));
		}
		mpfr_clear(lam);
		if (beyond)
			s->refused_ok++;
		else
			fail(s, cmd, "bits: refused inside the domain: %s", *err ? err : "(no bits)");
		mpfr_clears(ln_t, ln_cl, ln_omc, x, (mpfr_ptr)0);
		return;
	}
	s->n++;
	double m1, m0;
	int r1 = reaches(binomial, pt->E, N, pt->P, side, ln_t, &m1, ln_cl, ln_omc);
	int r0 = r1 ? reaches_below(binomial, pt->E, N, pt->P, side, ln_t, ln_cl, ln_omc, &m0)
	            : reaches(binomial, pt->E, below(N), pt->P, side, ln_t, &m0, NULL, NULL);
	int bad;
	double ea = rel_err_prob(cell(f, nf, c->achieved), ln_cl, &bad);
	note(s, ea, "cl_achieved", cmd);
	if (bad || !(ea <= opt.tol))
		fail(s, cmd, "bits: cl_achieved=%s, rel err %.3g", cell(f, nf, c->achieved), ea);
	if (r1 && !r0) {
		note(s, 0, "bits", cmd);
	} else if ((!r1 && m1 < opt.tol) || (r0 && m0 < opt.tol)) {
		s->ambiguous++;
	} else {
		double t = true_bits(binomial, pt->E, pt->P, side, ln_t, N);
		double e = fabs(N - t) / t;
		note(s, e, "bits", cmd);
		fail(s, cmd, "bits: got %s, truth %.17g (rel %.3g)", nb, t, e);
	}
	mpfr_clears(ln_t, ln_cl, ln_omc, x, (mpfr_ptr)0);
}

/* One bound: the p where the tail of side meets ln_t (E errors). */
static int bound_truth(mpfr_t p, int binomial, double E, double N, int side, const mpfr_t ln_t,
                       double guess)
{
	int rc = truth_root(p, binomial, E, N, side, ln_t, binomial ? guess : guess * N);
	if (!binomial)
		mpfr_div_d(p, p, N, MPFR_RNDN);
	return rc;
}

static int bound_beyond(int binomial, double E, double N, const mpfr_t p)
{
	double pd = mpfr_get_d(p, MPFR_RNDN);
	if (!(pd >= DBL_MIN * 1.01)) /* a bound below the normal doubles */
		return 1;
	if (!binomial) {
		double lam = pd * N;
		return !(lam >= MIN_LAMBDA * 1.01 && lam <= MAX_LAMBDA * 0.99);
	}
	return binom_beyond(E, N, pd);
}

static void check_ber(int binomial, int two, const struct point *pt, char **f, int nf,
                      const struct cols *c, const char *cmd)
{
	struct stats *s = &st[two ? A_BER2 : A_BER][binomial];
	const char *err = cell(f, nf, c->error);
	mpfr_t ln_t, cv, up, lo;
	mpfr_inits2(PREC, ln_t, cv, up, lo, (mpfr_ptr)0);
	int side;
	if (two) { /* upper: P[X <= E] = a/2; lower: P[X > E-1] = a/2 */
		mpfr_set_prec(cv, PREC + 64);
		mpfr_set_str(cv, pt->c, 10, MPFR_RNDN);
		mpfr_ui_sub(cv, 1, cv, MPFR_RNDN);
		mpfr_div_2ui(cv, cv, 1, MPFR_RNDN);
		mpfr_log(ln_t, cv, MPFR_RNDN);
		side = 0;
	} else {
		side = target_of(pt->c, ln_t);
	}
	if (*err && binomial) {
		/* Refused: beyond the limits when N is, or when the standard
		 * deviation at E/N is (the bounds lie within 40 of them). Decided
		 * without the costly roots. */
		double ph = (pt->E + 0.5) / pt->N;
		if (pt->N > BINOM_MAX_N || sqrt(pt->N * ph * (1 - ph)) > 0.9 * BINOM_MAX_SD) {
			s->refused_ok++;
			goto out;
		}
	}
	double gu = strtod(cell(f, nf, c->upper), NULL);
	double gl = strtod(cell(f, nf, c->lower), NULL);
	int doubt = 0, at_n = binomial && pt->E >= pt->N;
	/* upper bound: 1 when E = N (binomial) */
	if (at_n)
		mpfr_set_ui(up, 1, MPFR_RNDN);
	else
		doubt |= bound_truth(up, binomial, pt->E, pt->N, side, ln_t,
		                     *err || !(gu > 0) ? (pt->E + 1) / pt->N : gu);
	int beyond = at_n ? 0 : bound_beyond(binomial, pt->E, pt->N, up);
	if (two && pt->E > 0) {
		doubt |= bound_truth(lo, binomial, pt->E - 1, pt->N, 1, ln_t,
		                     *err || !(gl > 0) ? pt->E / pt->N : gl);
		beyond |= bound_beyond(binomial, pt->E - 1, pt->N, lo);
	} else {
		mpfr_set_zero(lo, 1);
	}
	/* A Poisson bound is the rate lambda / N; above 1 the model is past its
	 * range and bercl gives 1, which every BER meets (bercl.h, bercl(1)). */
	if (!binomial) {
		if (mpfr_cmp_ui(up, 1) > 0)
			mpfr_set_ui(up, 1, MPFR_RNDN);
		if (mpfr_cmp_ui(lo, 1) > 0)
			mpfr_set_ui(lo, 1, MPFR_RNDN);
	}
	if (*err) {
		if (beyond || doubt)
			s->refused_ok++;
		else
			fail(s, cmd, "ber: refused inside the domain: %s", err);
		goto out;
	}
	s->n++;
	if (doubt)
		s->oracle_doubt++;
	double eu = rel_err_num(cell(f, nf, c->upper), up);
	note(s, eu, "ber_upper", cmd);
	char msg[512];
	if (!(eu <= opt.tol)) {
		mpfr_snprintf(msg, sizeof msg, "ber_upper: got %s truth %.17Rg (rel %.3g)",
		              cell(f, nf, c->upper), up, eu);
		fail(s, cmd, "%s", msg);
	}
	if (two) {
		double el = rel_err_num(cell(f, nf, c->lower), lo);
		note(s, el, "ber_lower", cmd);
		if (!(el <= opt.tol)) {
			mpfr_snprintf(msg, sizeof msg, "ber_lower: got %s truth %.17Rg (rel %.3g)",
			              cell(f, nf, c->lower), lo, el);
			fail(s, cmd, "%s", msg);
		}
		if (gl > gu)
			fail(s, cmd, "ber: lower %s above upper %s", cell(f, nf, c->lower),
			     cell(f, nf, c->upper));
	}
out:
	mpfr_clears(ln_t, cv, up, lo, (mpfr_ptr)0);
}

/* ---- one batch ---- */

static void check_rows(enum answer a, int binomial, const struct point *pts, char **rowv, int n,
                       const struct cols *c);

static int run_batch(enum answer a, int binomial, struct point *pts, int n)
{
	char in[512], out[600], errf[600], cmd[2048];
	snprintf(in, sizeof in, "%s/%s-%s.csv", opt.dir, answer_name[a], binomial ? "b" : "p");
	snprintf(out, sizeof out, "%s.out", in);
	snprintf(errf, sizeof errf, "%s.err", in);
	FILE *fp = fopen(in, "w");
	if (!fp)
		return -1;
	fprintf(fp, a == A_CL ? "id,errors,bits,ber\n" : a == A_BITS ? "id,errors,ber,cl\n"
	                                                            : "id,errors,bits,cl\n");
	for (int i = 0; i < n; i++) {
		const struct point *pt = &pts[i];
		if (a == A_CL)
			fprintf(fp, "%d,%s,%s,%s\n", i, pt->e, pt->n, pt->p);
		else if (a == A_BITS)
			fprintf(fp, "%d,%s,%s,%s\n", i, pt->e, pt->p, pt->c);
		else
			fprintf(fp, "%d,%s,%s,%s\n", i, pt->e, pt->n, pt->c);
	}
	fclose(fp);
	snprintf(cmd, sizeof cmd, "timeout 3600 %s %s -i %s -f csv --model %s%s > %s 2> %s",
	         opt.bercl, cmd_name(a), in, binomial ? "binomial" : "poisson",
	         a == A_BER2 ? " --two-sided" : "", out, errf);
	int status = system(cmd);
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
	struct stats *s = &st[a][binomial];
	if (code != 0 && code != 2) {
		printf("FAIL %s %s: bercl exited with status %d (%s); its messages:\n",
		       answer_name[a], binomial ? "binomial" : "poisson", code, cmd);
		char line[1024];
		FILE *ef = fopen(errf, "r");
		for (int k = 0; ef && k < 5 && fgets(line, sizeof line, ef); k++)
			printf("     %s", line);
		if (ef)
			fclose(ef);
		s->fails++;
	}
	fp = fopen(out, "r");
	if (!fp)
		return -1;
	char *line = NULL, *f[64];
	size_t cap = 0;
	struct cols c = {-1, -1, -1, -1, -1, -1, -1};
	int id_col = -1;
	if (getline(&line, &cap, fp) < 0) {
		fclose(fp);
		free(line);
		printf("FAIL %s: no output\n", answer_name[a]);
		s->fails++;
		return 0;
	}
	int nh = split_csv(line, f, 64);
	for (int i = 0; i < nh; i++) {
		if (!strcmp(f[i], "id"))
			id_col = i;
		else if (!strcmp(f[i], "cl"))
			c.cl = i;
		else if (!strcmp(f[i], "one_minus_cl"))
			c.omc = i;
		else if (!strcmp(f[i], "bits"))
			c.bits = i;
		else if (!strcmp(f[i], "cl_achieved"))
			c.achieved = i;
		else if (!strcmp(f[i], "ber_upper"))
			c.upper = i;
		else if (!strcmp(f[i], "ber_lower"))
			c.lower = i;
		else if (!strcmp(f[i], "error"))
			c.error = i;
	}
	/* Every output row, held: row i must be input row i (its id), one
	 * output row per input row, none lost, none added. */
	char **rowv = calloc((size_t)n + 1, sizeof *rowv);
	if (!rowv) {
		fclose(fp);
		free(line);
		return -1;
	}
	int rows = 0, extra = 0;
	while (getline(&line, &cap, fp) >= 0) {
		if (rows >= n) {
			extra++;
			continue;
		}
		rowv[rows] = strdup(line);
		int nf = split_csv(line, f, 64);
		int id = atoi(cell(f, nf, id_col));
		if (!rowv[rows] || id != rows) {
			printf("FAIL %s: row %d came out as row %d\n", answer_name[a], rows, id);
			s->fails++;
			free(rowv[rows]);
			rowv[rows] = NULL;
			break;
		}
		rows++;
	}
	fclose(fp);
	free(line);
	if (rows != n || extra) {
		printf("FAIL %s %s: %d rows in, %d out\n", answer_name[a], binomial ? "binomial" : "poisson",
		       n, rows + extra);
		s->fails++;
	}
	check_rows(a, binomial, pts, rowv, rows, &c);
	for (int i = 0; i < rows; i++)
		free(rowv[i]);
	free(rowv);
	return 0;
}

/* Check output rows [lo, hi) against their points, into st. */
static void check_range(enum answer a, int binomial, const struct point *pts, char **rowv, int lo,
                        int hi, const struct cols *c)
{
	char *f[64], rcmd[512];
	for (int id = lo; id < hi; id++) {
		if (!rowv[id]) /* a point already failed (--per-point) */
			continue;
		int nf = split_csv(rowv[id], f, 64);
		repro(rcmd, sizeof rcmd, a, binomial, &pts[id]);
		if (a == A_CL)
			check_cl(binomial, &pts[id], f, nf, c, rcmd);
		else if (a == A_BITS)
			check_bits(binomial, &pts[id], f, nf, c, rcmd);
		else
			check_ber(binomial, a == A_BER2, &pts[id], f, nf, c, rcmd);
	}
}

static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	while (len > 0) {
		ssize_t w = write(fd, p, len);
		if (w <= 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

static int read_all(int fd, void *buf, size_t len)
{
	char *p = buf;
	while (len > 0) {
		ssize_t r = read(fd, p, len);
		if (r <= 0)
			return -1;
		p += r;
		len -= (size_t)r;
	}
	return 0;
}

/*
 * The checks of one batch's rows, in opt.jobs processes (--jobs): worker w
 * takes rows [w n / J, (w + 1) n / J), the same checks and the same truth
 * as one process, and sends back its counts, its worst error and the text
 * of its failures, which are added here in the order of the workers. The
 * points and the verdicts do not depend on J; only the order of printed
 * failures within a batch can (each worker prints up to --max-print).
 */
static void check_rows(enum answer a, int binomial, const struct point *pts, char **rowv, int n,
                       const struct cols *c)
{
	struct stats *s = &st[a][binomial];
	int jobs = opt.jobs;
	if (jobs > n)
		jobs = n;
	if (jobs <= 1) {
		check_range(a, binomial, pts, rowv, 0, n, c);
		return;
	}
	int fds[64];
	pid_t pids[64];
	struct stats base = *s;
	fflush(stdout);
	for (int w = 0; w < jobs; w++) {
		int p[2];
		pids[w] = -1;
		fds[w] = -1;
		if (pipe(p) != 0)
			continue;
		pid_t pid = fork();
		if (pid == 0) {
			close(p[0]);
			char *buf = NULL;
			size_t len = 0;
			opt.out = open_memstream(&buf, &len);
			if (!opt.out)
				_exit(2);
			check_range(a, binomial, pts, rowv, (int)((long)n * w / jobs),
			            (int)((long)n * (w + 1) / jobs), c);
			fclose(opt.out);
			if (write_all(p[1], s, sizeof *s) || write_all(p[1], &len, sizeof len) ||
			    write_all(p[1], buf, len))
				_exit(2);
			_exit(0);
		}
		close(p[1]);
		if (pid < 0) {
			close(p[0]);
			continue;
		}
		pids[w] = pid;
		fds[w] = p[0];
	}
	for (int w = 0; w < jobs; w++) {
		struct stats r;
		size_t len = 0;
		char *buf = NULL;
		int ok = fds[w] >= 0 && read_all(fds[w], &r, sizeof r) == 0 &&
		         read_all(fds[w], &len, sizeof len) == 0 && (buf = malloc(len + 1)) &&
		         read_all(fds[w], buf, len) == 0;
		if (fds[w] >= 0)
			close(fds[w]);
		int status = 0;
		if (pids[w] > 0)
			waitpid(pids[w], &status, 0);
		if (!ok || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			printf("FAIL %s %s: check worker %d of %d did not report\n", answer_name[a],
			       binomial ? "binomial" : "poisson", w, jobs);
			s->fails++;
			free(buf);
			continue;
		}
		fwrite(buf, 1, len, stdout);
		free(buf);
		s->n += r.n - base.n;
		s->refused_ok += r.refused_ok - base.refused_ok;
		s->ambiguous += r.ambiguous - base.ambiguous;
		s->fails += r.fails - base.fails;
		s->oracle_doubt += r.oracle_doubt - base.oracle_doubt;
		if (r.worst > s->worst || (isnan(r.worst) && !isnan(s->worst))) {
			s->worst = r.worst;
			memcpy(s->worst_cmd, r.worst_cmd, sizeof s->worst_cmd);
			memcpy(s->worst_what, r.worst_what, sizeof s->worst_what);
		}
	}
}

/* ---- one process a point (--per-point): the flags' path ---- */

/* Append s to the row at *w as one CSV field (quoted where it must be). */
static void put_field(char **w, const char *end, const char *s, int first)
{
	char *p = *w;
	if (!first && p < end)
		*p++ = ',';
	int quote = strpbrk(s, ",\"\r\n") != NULL;
	if (quote && p < end)
		*p++ = '"';
	for (; *s && p < end; s++) {
		if (*s == '"' && p + 1 < end)
			*p++ = '"';
		*p++ = *s;
	}
	if (quote && p < end)
		*p++ = '"';
	*p = '\0';
	*w = p;
}

/*
 * Each point as its own command line, exactly the command a failure
 * prints (`bercl cl -e E -n N -p P --model M -f csv`, ...): the flag
 * parsers in front of the same numerics. An answer is one header and one
 * row on stdout with exit status 0; a refusal exit status 2, nothing on
 * stdout and one line `bercl: ...` on stderr, which becomes the row's
 * error. Anything else is a failure of that point. The rows go to the
 * same checks as a batch's, as id,cl,one_minus_cl,bits,cl_achieved,
 * ber_upper,ber_lower,error.
 */
static const char *pp_names[] = {"cl", "one_minus_cl", "bits", "cl_achieved", "ber_upper",
                                 "ber_lower", "error"};
#define PP_NF 7

static int run_points(enum answer a, int binomial, struct point *pts, int n)
{
	char out[600], errf[600], cmd[2048], rcmd[512];
	snprintf(out, sizeof out, "%s/%s-%s.point.out", opt.dir, answer_name[a], binomial ? "b" : "p");
	snprintf(errf, sizeof errf, "%s/%s-%s.point.err", opt.dir, answer_name[a],
	         binomial ? "b" : "p");
	struct stats *s = &st[a][binomial];
	char **rowv = calloc((size_t)n + 1, sizeof *rowv);
	if (!rowv)
		return -1;
	char *line = NULL, *hf[64], *rf[64];
	size_t cap = 0;
	for (int i = 0; i < n; i++) {
		repro(rcmd, sizeof rcmd, a, binomial, &pts[i]);
		snprintf(cmd, sizeof cmd, "timeout 600 %s%s > %s 2> %s", opt.bercl,
		         rcmd + strlen("bercl"), out, errf);
		int status = system(cmd);
		int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
		const char *val[PP_NF] = {"", "", "", "", "", "", ""};
		char *hdr = NULL, *row = NULL, err[1024] = "";
		int nrows = 0, nerr = 0, nh = 0, nr = 0;
		FILE *fp = fopen(out, "r");
		while (fp && getline(&line, &cap, fp) >= 0) {
			if (!hdr)
				hdr = strdup(line);
			else if (!row)
				row = strdup(line), nrows++;
			else
				nrows++;
		}
		if (fp)
			fclose(fp);
		fp = fopen(errf, "r");
		while (fp && getline(&line, &cap, fp) >= 0)
			if (strncmp(line, "bercl: warning: ", 16) != 0 && nerr++ == 0) {
				snprintf(err, sizeof err, "%s", line);
				err[strcspn(err, "\r\n")] = '\0';
			}
		if (fp)
			fclose(fp);
		int ok;
		if (code == 0) {
			ok = hdr && row && nrows == 1 && nerr == 0;
			if (ok) {
				nh = split_csv(hdr, hf, 64);
				nr = split_csv(row, rf, 64);
				for (int k = 0; k < nh && k < nr; k++)
					for (int j = 0; j < PP_NF; j++)
						if (!strcmp(hf[k], pp_names[j]))
							val[j] = rf[k];
			}
		} else if (code == 2) {
			ok = !hdr && nerr == 1 && !strncmp(err, "bercl: ", 7);
			val[PP_NF - 1] = ok ? err + 7 : "";
		} else {
			ok = 0;
		}
		if (!ok) {
			printf("FAIL %s %s: exit status %d, %d rows on stdout, %d messages%s%s\n     %s\n",
			       answer_name[a], binomial ? "binomial" : "poisson", code, nrows, nerr,
			       *err ? ": " : "", err, rcmd);
			s->fails++;
		} else {
			size_t len = 64;
			for (int j = 0; j < PP_NF; j++)
				len += strlen(val[j]) * 2 + 3;
			char *r = malloc(len), *w = r;
			if (r) {
				w += sprintf(w, "%d", i);
				for (int j = 0; j < PP_NF; j++)
					put_field(&w, r + len - 1, val[j], 0);
			}
			rowv[i] = r;
		}
		free(hdr);
		free(row);
	}
	free(line);
	struct cols c = {1, 2, 3, 4, 5, 6, 7}; /* after the id */
	check_rows(a, binomial, pts, rowv, n, &c);
	for (int i = 0; i < n; i++)
		free(rowv[i]);
	free(rowv);
	return 0;
}

/* ---- self-check against the mpmath table ---- */

/*
 * Rows: kind,model,errors,bits,x,target,value
 *   kind tail_le / tail_gt: value = P[X <= E] / P[X > E] at x (Poisson mean,
 *   or binomial p), as a decimal; kind root_gt / root_le: value = the x at
 *   which that tail equals target.
 */
static int selfcheck(const char *path)
{
	FILE *fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "oracle: cannot open %s\n", path);
		return 2;
	}
	char line[4096], *f[16];
	long n = 0, bad = 0;
	double worst = 0;
	mpfr_t x, le, gt, v, t;
	mpfr_inits2(PREC, x, le, gt, v, t, (mpfr_ptr)0);
	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || !strncmp(line, "kind", 4))
			continue;
		int nf = split_csv(line, f, 16);
		if (nf < 7)
			continue;
		int binomial = !strcmp(f[1], "binomial");
		double E = strtod(f[2], NULL), N = strtod(f[3], NULL);
		mpfr_set_str(x, f[4], 10, MPFR_RNDN);
		mpfr_set_str(v, f[6], 10, MPFR_RNDN);
		double e;
		if (!strncmp(f[0], "tail", 4)) {
			truth_tails(le, gt, binomial, E, N, x);
			mpfr_exp(t, strcmp(f[0], "tail_le") ? gt : le, MPFR_RNDN);
		} else {
			int side = !strcmp(f[0], "root_gt");
			mpfr_set_str(t, f[5], 10, MPFR_RNDN);
			mpfr_log(t, t, MPFR_RNDN);
			mpfr_set(le, t, MPFR_RNDN);
			truth_root(t, binomial, E, N, side, le, mpfr_get_d(v, MPFR_RNDN) * (1 + 1e-3));
		}
		if (mpfr_zero_p(v)) {
			e = mpfr_zero_p(t) ? 0 : 1;
		} else {
			mpfr_sub(t, t, v, MPFR_RNDN);
			mpfr_div(t, t, v, MPFR_RNDN);
			e = fabs(mpfr_get_d(t, MPFR_RNDN));
		}
		n++;
		if (e > worst)
			worst = e;
		if (!(e < 1e-25)) {
			bad++;
			printf("SELFCHECK FAIL %s %s E=%s N=%s x=%s: rel %.3g\n", f[0], f[1], f[2], f[3], f[4],
			       e);
		}
	}
	fclose(fp);
	mpfr_clears(x, le, gt, v, t, (mpfr_ptr)0);
	printf("oracle self-check: %ld points against %s, worst relative difference %.3g, %ld "
	       "failures\n",
	       n, path, worst, bad);
	return bad || n == 0 ? 1 : 0;
}

int main(int argc, char **argv)
{
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 20);
	long count = 200, batch = 4000, skip = 0;
	const char *only = NULL;
	opt.out = stdout;
	truth_init();
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--selfcheck") && v)
			return selfcheck(v);
		else if (!strcmp(a, "--bercl") && v)
			opt.bercl = v, i++;
		else if (!strcmp(a, "--seed") && v)
			seed = strtoull(v, NULL, 10), i++;
		else if (!strcmp(a, "--count") && v)
			count = atol(v), i++;
		else if (!strcmp(a, "--batch") && v && atol(v) >= 1)
			batch = atol(v), i++;
		else if (!strcmp(a, "--only") && v)
			only = v, i++;
		else if (!strcmp(a, "--tol") && v)
			opt.tol = strtod(v, NULL), i++;
		else if (!strcmp(a, "--dir") && v)
			opt.dir = v, i++;
		else if (!strcmp(a, "--jobs") && v && atoi(v) >= 1 && atoi(v) <= 64)
			opt.jobs = atoi(v), i++;
		else if (!strcmp(a, "--skip") && v && atol(v) >= 0)
			skip = atol(v), i++;
		else if (!strcmp(a, "--per-point"))
			opt.per_point = 1;
		else if (!strcmp(a, "--progress"))
			opt.progress = 1;
		else if (!strcmp(a, "--max-print") && v)
			opt.max_print = atol(v), i++;
		else {
			fprintf(stderr, "usage: oracle [--bercl PATH] [--seed S] [--count N] [--only "
			                "cl-poisson|...] [--tol T] [--dir DIR] [--batch N] [--jobs J] [--per-point] [--skip K]\n"
			                "       oracle --selfcheck FILE\n");
			return 2;
		}
	}
	char mk[600];
	snprintf(mk, sizeof mk, "mkdir -p '%s'", opt.dir);
	if (system(mk) != 0) {
		fprintf(stderr, "oracle: cannot create %s\n", opt.dir);
		return 2;
	}
	if (skip)
		printf("oracle: points %ld to %ld of each answer's stream\n", skip + 1, skip + count);
	if (opt.per_point)
		printf("oracle: seed %llu, %ld points per answer, tolerance %.3g, program %s, one run a "
		       "point (its flags), %d checking process%s\n",
		       (unsigned long long)seed, count, opt.tol, opt.bercl, opt.jobs,
		       opt.jobs > 1 ? "es" : "");
	else
		printf("oracle: seed %llu, %ld points per answer, tolerance %.3g, program %s, %ld rows a "
		       "run, %d checking process%s\n",
		       (unsigned long long)seed, count, opt.tol, opt.bercl, batch, opt.jobs,
		       opt.jobs > 1 ? "es" : "");
	fflush(stdout);
	struct point *pts = malloc(sizeof *pts * (size_t)batch);
	if (!pts)
		return 2;
	time_t t0 = time(NULL);
	for (int a = 0; a < NANSWER; a++)
		for (int b = 0; b < 2; b++) {
			char name[64];
			snprintf(name, sizeof name, "%s-%s", answer_name[a], b ? "binomial" : "poisson");
			if (only && !strstr(name, only))
				continue;
			/* each answer its own stream, so --only reproduces the same points */
			seed_rng(seed * 16 + (uint64_t)(a * 2 + b));
			/* --skip K: the stream's first K points drawn and left out,
			 * so that a stopped soak goes on where it stopped */
			for (long k = 0; k < skip; k++)
				if (gen_point((enum answer)a, b, &pts[0]) != 0)
					return 2;
			st[a][b].worst = 0;
			for (long done = 0; done < count;) {
				int n = (int)(count - done < batch ? count - done : batch);
				for (int i = 0; i < n; i++)
					if (gen_point((enum answer)a, b, &pts[i]) != 0)
						return 2;
				if ((opt.per_point ? run_points : run_batch)((enum answer)a, b, pts, n) != 0) {
					fprintf(stderr, "oracle: cannot write or read in %s\n", opt.dir);
					return 2;
				}
				done += n;
				if (opt.progress)
					printf("progress %s: %ld done, %ld checked, %ld failures, worst %.3g\n",
					       name, done, st[a][b].n, st[a][b].fails, st[a][b].worst);
				fflush(stdout);
			}
		}
	long fails = 0;
	printf("%-14s %8s %8s %6s %6s %6s %11s  %s\n", "answer", "checked", "refused", "ambig",
	       "doubt", "FAILS", "worst rel", "worst at");
	for (int a = 0; a < NANSWER; a++)
		for (int b = 0; b < 2; b++) {
			struct stats *s = &st[a][b];
			char name[64];
			snprintf(name, sizeof name, "%s-%s", answer_name[a], b ? "binomial" : "poisson");
			if (only && !strstr(name, only))
				continue;
			printf("%-14s %8ld %8ld %6ld %6ld %6ld %11.3g  %s %s\n", name, s->n, s->refused_ok,
			       s->ambiguous, s->oracle_doubt, s->fails, s->worst, s->worst_what,
			       s->worst_cmd);
			fails += s->fails;
		}
	printf("oracle: seed %llu, %ld failures, %ld s\n", (unsigned long long)seed, fails,
	       (long)(time(NULL) - t0));
	free(pts);
	return fails ? 1 : 0;
}
