/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * oracle.c - an independent check of every public answer of bercl.
 *
 * SYNOPSIS
 *   oracle [--bercl PATH] [--seed S] [--count N] [--clustered-count N]
 *          [--degrade-count N] [--degrade-ser-count N]
 *          [--only ANSWER] [--tol T] [--dir DIR] [--batch ROWS] [--jobs J]
 *          [--per-point] [--skip K] [--progress] [--max-print K]
 *   oracle --selfcheck tests/data/oracle_ref.csv
 *   oracle --selfcheck-degrade tests/data/degrade_ref.csv
 *   oracle --quantile-check K [--seed S]
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
 *   The clustered answers of an interval log (cl-clustered, ber-clustered,
 *   ber2-clustered: `bercl cl|ber --intervals FILE`, see "the clustered
 *   answers" below) are checked too, one bercl run a random log on a list
 *   of 1 to 4 queries; --clustered-count N points of each (default: --count);
 *   --batch, --jobs and --per-point do not apply to them. A failing log is
 *   kept in DIR beside the command that reproduces it (and the worst and
 *   the first ambiguous ones); ORACLE_DEBUG=1 in the environment says on
 *   standard error why each ambiguous or doubtful point is. bercl runs
 *   without a shell (fork and exec), ended after 600 s as by timeout(1).
 *
 *   The degraded-SER answers (degrade-p, degrade-ser: `bercl fec --code C
 *   [--ser S] --degrade-interval K --degrade-threshold T`, one bercl run a
 *   code and batch; see "the degraded-SER answers" below for the domain and
 *   the checks) take --degrade-count N points each (default: --count),
 *   degrade-ser --degrade-ser-count if given (a half-alarm SER costs the
 *   library some 50 to 80 degrade_p); --selfcheck-degrade compares the
 *   degrade truth (truth_degrade.c) with tests/data/degrade_ref.csv.
 *
 *   --selfcheck compares the oracle's own tails and roots with a table made
 *   by tests/data/gen_oracle_ref.py (mpmath, 50 digits). --quantile-check K
 *   compares the clustered answers' chi-square quantile (a series) with the
 *   same root from MPFR's mpfr_gamma_inc on K random degrees of freedom.
 *
 * EXIT STATUS
 *   0 every check passed, 1 a check failed, 2 usage or set-up error.
 */
#include <fcntl.h>
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
	char worst_cmd[1024], worst_what[64];
	/* an answer's own counts and second measure (the degraded-SER answers) */
	long cnt[7];
	double worst2;
	char worst2_cmd[512];
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
 * fn(ctx, 0, n) for n rows, in opt.jobs processes (--jobs): worker w takes
 * rows [w n / J, (w + 1) n / J), the same checks and the same truth as one
 * process, and sends back its counts in *s, its worst error and the text
 * of its failures, which are added here in the order of the workers. The
 * points and the verdicts do not depend on J; only the order of printed
 * failures within a batch can (each worker prints up to --max-print).
 */
static void forked(struct stats *s, const char *label, int n, void (*fn)(void *, int, int),
                   void *ctx)
{
	int jobs = opt.jobs;
	if (jobs > n)
		jobs = n;
	if (jobs <= 1) {
		fn(ctx, 0, n);
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
			fn(ctx, (int)((long)n * w / jobs), (int)((long)n * (w + 1) / jobs));
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
			printf("FAIL %s: check worker %d of %d did not report\n", label, w, jobs);
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
		for (int k = 0; k < 7; k++)
			s->cnt[k] += r.cnt[k] - base.cnt[k];
		if (r.worst2 > s->worst2) {
			s->worst2 = r.worst2;
			memcpy(s->worst2_cmd, r.worst2_cmd, sizeof s->worst2_cmd);
		}
		if (r.worst > s->worst || (isnan(r.worst) && !isnan(s->worst))) {
			s->worst = r.worst;
			memcpy(s->worst_cmd, r.worst_cmd, sizeof s->worst_cmd);
			memcpy(s->worst_what, r.worst_what, sizeof s->worst_what);
		}
	}
}

struct rows_ctx {
	enum answer a;
	int binomial;
	const struct point *pts;
	char **rowv;
	const struct cols *c;
};

static void rows_range(void *ctx, int lo, int hi)
{
	struct rows_ctx *x = ctx;
	check_range(x->a, x->binomial, x->pts, x->rowv, lo, hi, x->c);
}

/* The checks of one batch's rows (forked: in opt.jobs processes). */
static void check_rows(enum answer a, int binomial, const struct point *pts, char **rowv, int n,
                       const struct cols *c)
{
	char label[64];
	snprintf(label, sizeof label, "%s %s", answer_name[a], binomial ? "binomial" : "poisson");
	struct rows_ctx x = {a, binomial, pts, rowv, c};
	forked(&st[a][binomial], label, n, rows_range, &x);
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

/* ---- the clustered answers: bercl cl|ber --intervals FILE ---- */

/*
 * cl-clustered, ber-clustered, ber2-clustered: the quasi-Poisson answers of
 * an interval log (lib/clustered.c's header, bercl(1) CLUSTERED ERRORS),
 * computed here from that definition alone, at PREC bits:
 *   N = sum n_i, X = sum x_i, r = X / N, J the intervals with errors,
 *   X2 = sum (x_i - n_i r)^2 / (n_i r) (the direct form: no cancellation),
 *   phi^ = X2 / (k - 1) (k >= 2, X > 0),
 *   nu = min(k - 1, F min(J - 1, floor(S^2 / S2))), S, S2 the sums of
 *   a_i = x_i^2 / n_i and of a_i^2, F = 2 where every errored interval holds
 *   one error (X = J), else 1; nu < 1 (J <= 1): unbounded, cl_clustered 0,
 *   bounds 0 and 1;
 *   q = chi2_nu(0.25): the root of Q(nu/2, q/2) = 3/4, Q = Gamma(a, y) / Gamma(a),
 *   as P(nu/2, q/2) = 1/4 from its series (chisq_q25), by Newton kept inside
 *   a bisection bracket, for nu <= 2000; above, the documented Wilson-Hilferty cube nu (1 - c - z sqrt c)^3,
 *   c = 2 / (9 nu), z = Phi^-1(3/4) (the exact quantile is computed too,
 *   and how far the cube moves phi_U is reported, not judged);
 *   phi_U = max(1, nu max(1, phi^) / q), e = ceil(X / phi_U), f = floor(X / phi_U);
 *   cl_clustered = min(P[Pois(N ber / phi_U) > e], P[Pois(N ber) > X]);
 *   ber_upper_clustered = max(phi_U lam_e / N, lam_X / N), lam the Poisson
 *   upper bound at CL (P[Pois(lam) <= E] = 1 - CL), each at most 1;
 *   two-sided: Garwood at CL (tails (1 - CL) / 2) of e at N / phi_U bits for
 *   the upper end and of f for the lower end (0 when f = 0), widened to the
 *   Poisson interval of X at N bits.
 * Each point is one interval log, written as a file (per-interval rows, or
 * cumulative readings), and bercl runs once a log on all its queries (a
 * -p or -c list). Also checked on every row: errors (exactly), bits,
 * dispersion (the bound allows the 6 digits it once had; it prints every
 * digit now), dispersion_upper, independent_events.
 *
 * Rounding the program cannot avoid: phi_U in doubles (the bisection to
 * 1e-15, the division), N rounded to a double, N ber / phi_U: DELTA_PHI
 * relative in phi_U and DELTA_N in each Poisson mean. An answer within
 * TOL of the truth is checked; one outside TOL but inside the truths at
 * the ends of those errors is checked too ("envelope", counted); when the
 * ends have different e or f (X / phi_U within DELTA_PHI of a whole
 * number), or S^2 / S2 lies within DELTA_S of a whole number that decides
 * nu, and the answer matches the other whole number's, the point is
 * ambiguous. Anything else is a FAIL.
 */
#define DELTA_PHI 1e-13
#define DELTA_N 4e-16
#define DELTA_S 1e-11

enum clus { C_CL, C_BER, C_BER2, NCLUS };
static const char *clus_name[NCLUS] = {"cl-clustered", "ber-clustered", "ber2-clustered"};
static struct stats cst[NCLUS];
static struct {
	long envelope, unbounded, wh, logs, cumulative;
	double worst_phi, worst_disp, worst_wh;
	char worst_phi_cmd[512];
} cx[NCLUS];

#define MAXQ 4
struct ilog {
	long k;
	double *n, *x;
	char **ns; /* the bits as written */
	int cumulative, header;
	int nq;
	char q[MAXQ][96]; /* ber (cl) or cl (ber) as written */
};

/* The definition's pieces for one log. */
struct disp {
	double k, J, X;
	mpfr_t N, X2, ratio, phihat, phiU, phiU_exact;
	int has_est, bounded, wh;
	double nu, nu_alt; /* nu_alt: the other floor when S^2/S2 is that close to it, else nu */
};

static double gauss(void)
{
	double u = U(), v = U();
	return sqrt(-2 * log(1 - u)) * cos(6.283185307179586 * v);
}
static double poisson_draw(double m)
{
	if (m <= 0)
		return 0;
	if (m < 40) {
		double L = exp(-m), p = U(), k = 0;
		while (p > L && k < 1000) {
			p *= U();
			k++;
		}
		return k;
	}
	return fmax(0, floor(m + sqrt(m) * gauss() + 0.5));
}
static double geom_sum(double b, double L) /* sum of b geometric bursts of mean L >= 1 */
{
	if (b <= 0)
		return 0;
	if (L <= 1)
		return b;
	if (b < 30) { /* P[S = s] = (1 - 1/L)^(s-1) / L, s >= 1 */
		double s = 0;
		for (int i = 0; i < (int)b; i++)
			s += 1 + floor(log(1 - U()) / log1p(-1 / L));
		return s;
	}
	return fmax(b, floor(b * L + sqrt(b * L * (L - 1) + 1) * gauss()));
}

static void write_bits(char *buf, size_t len, double v)
{
	if (v == floor(v) && v <= MAX_ERRORS)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.17g", v);
}

/* A random interval log: few and many intervals, 0, 1, 2 or more errored
 * ones, independent and bursty counts, tiny and huge bits. */
static void gen_ilog(struct ilog *L)
{
	double r = U();
	int many = r >= 0.94; /* df above 2000: thousands of intervals, independent errors */
	long k = r < 0.03 ? 1 : r < 0.15 ? irand(2, 5) : r < 0.7 ? (long)logu(2, 400)
	       : r < 0.94 ? (long)logu(400, 5000) : (long)logu(2500, 30000);
	L->k = k;
	L->n = malloc(sizeof(double) * (size_t)k);
	L->x = malloc(sizeof(double) * (size_t)k);
	L->ns = malloc(sizeof(char *) * (size_t)k);
	/* bits per interval */
	double s = U(), B;
	if (s < 0.12)
		B = logu(0.5, 1e3); /* tiny */
	else if (s < 0.7)
		B = logu(1e5, 1e13);
	else if (s < 0.88)
		B = logu(1e13, 1e200 / (double)k);
	else
		B = logu(1e155, 0.9e300 / (double)k); /* a_i^2 below the doubles */
	double shape = U(), spread = logu(1, 1e4), N = 0;
	int whole = U() < 0.7;
	long big = irand(0, k - 1);
	for (long i = 0; i < k; i++) {
		double b = shape < 0.5 ? B : shape < 0.85 ? B * logu(1 / spread, spread) : B;
		if (shape >= 0.85 && i == big)
			b *= logu(1e2, 1e16);
		if (whole && b < 9e15)
			b = fmax(1, floor(b + 0.5));
		L->n[i] = b;
		N += b;
	}
	double scale = 1;
	for (long i = 0; i < k; i++)
		N += L->n[i];
	if (N > 0.9e300)
		scale = 0.8e300 / N;
	N = 0;
	for (long i = 0; i < k; i++) {
		L->n[i] *= scale;
		if (!(L->n[i] > 0))
			L->n[i] = DBL_MIN;
		N += L->n[i];
	}
	/* errors */
	double m = many ? logu(3 * (double)k, 1e10) : U() < 0.85 ? logu(0.5, 3e4) : logu(3e4, 1e13);
	double p = fmin(0.5, m / N), X = 0, burstL = logu(1, 1000); /* m: expected errors in all */
	double e = many ? 0 : U();
	for (long i = 0; i < k; i++)
		L->x[i] = 0;
	if (e < 0.45) { /* independent */
		for (long i = 0; i < k; i++)
			L->x[i] = poisson_draw(L->n[i] * p);
	} else if (e < 0.9) { /* bursts of geometric size, mean burstL */
		double share = U() < 0.6 ? 1 : U();
		for (long i = 0; i < k; i++)
			L->x[i] = poisson_draw(L->n[i] * p * (1 - share)) +
			          geom_sum(poisson_draw(L->n[i] * p * share / burstL), burstL);
	} else { /* 0, 1, 2 or 3 errored intervals, and sometimes a few singles */
		int J = (int)irand(0, 3);
		for (int j = 0; j < J; j++)
			L->x[irand(0, k - 1)] += floor(logu(1, U() < 0.8 ? 1e4 : 1e12));
		if (U() < 0.3)
			for (long i = 0; i < k; i++)
				if (U() < 0.05)
					L->x[i] += 1;
	}
	for (long i = 0; i < k; i++) {
		L->x[i] = fmin(L->x[i], floor(L->n[i]));
		X += L->x[i];
	}
	if (X > MAX_ERRORS) /* keep the total below 2^53 */
		for (long i = 0; i < k; i++)
			L->x[i] = floor(L->x[i] / 4);
	int allwhole = 1;
	N = 0;
	for (long i = 0; i < k; i++) {
		allwhole &= L->n[i] == floor(L->n[i]);
		N += L->n[i];
	}
	L->cumulative = k >= 3 && allwhole && N < 4e15 && U() < 0.25;
	L->header = U() < 0.7;
	char buf[48];
	for (long i = 0; i < k; i++) {
		write_bits(buf, sizeof buf, L->n[i]);
		L->ns[i] = strdup(buf);
		L->n[i] = strtod(buf, NULL);
	}
	if (!L->cumulative && k >= 3 && L->n[1] > L->n[0] && L->n[2] > L->n[1] &&
	    L->x[1] >= L->x[0] && L->x[2] >= L->x[1]) { /* would read as cumulative: reverse */
		double t;
		char *ts;
		t = L->n[0], L->n[0] = L->n[2], L->n[2] = t;
		t = L->x[0], L->x[0] = L->x[2], L->x[2] = t;
		ts = L->ns[0], L->ns[0] = L->ns[2], L->ns[2] = ts;
	}
}

static void free_ilog(struct ilog *L)
{
	for (long i = 0; i < L->k; i++)
		free(L->ns[i]);
	free(L->ns);
	free(L->n);
	free(L->x);
}

static int write_ilog(const struct ilog *L, const char *path)
{
	FILE *fp = fopen(path, "w");
	if (!fp)
		return -1;
	if (L->header)
		fprintf(fp, "bits,errors\n");
	double cb = 0, ce = 0;
	for (long i = 0; i < L->k; i++) {
		if (L->cumulative) {
			cb += L->n[i];
			ce += L->x[i];
			fprintf(fp, "%.0f,%.0f\n", cb, ce);
		} else {
			fprintf(fp, "%s,%.0f\n", L->ns[i], L->x[i]);
		}
	}
	return fclose(fp);
}

static mpfr_t z75; /* Phi^-1(3/4) */

/* z75 by bisection on erf(z / sqrt 2) = 1/2. */
static void clus_init(void)
{
	mpfr_t lo, hi, m, t;
	mpfr_init2(z75, PREC);
	mpfr_inits2(PREC, lo, hi, m, t, (mpfr_ptr)0);
	mpfr_set_d(lo, 0.5, MPFR_RNDN);
	mpfr_set_d(hi, 1.0, MPFR_RNDN);
	for (int i = 0; i < PREC + 4; i++) {
		mpfr_add(m, lo, hi, MPFR_RNDN);
		mpfr_div_2ui(m, m, 1, MPFR_RNDN);
		mpfr_sqrt_ui(t, 2, MPFR_RNDN);
		mpfr_div(t, m, t, MPFR_RNDN);
		mpfr_erf(t, t, MPFR_RNDN);
		if (mpfr_cmp_d(t, 0.5) < 0)
			mpfr_set(lo, m, MPFR_RNDN);
		else
			mpfr_set(hi, m, MPFR_RNDN);
	}
	mpfr_set(z75, lo, MPFR_RNDN);
	mpfr_clears(lo, hi, m, t, (mpfr_ptr)0);
}

/* y = t, or the middle of (lo, hi) if t is not inside; 1 once that moved y
 * by less than 2^-200 relative (d: scratch). The quantiles' Newton step. */
static int bracketed_step(mpfr_t y, mpfr_t t, const mpfr_t lo, const mpfr_t hi, mpfr_t d)
{
	if (!(mpfr_cmp(t, lo) > 0 && mpfr_cmp(t, hi) < 0)) {
		mpfr_add(t, lo, hi, MPFR_RNDN);
		mpfr_div_2ui(t, t, 1, MPFR_RNDN);
	}
	mpfr_sub(d, t, y, MPFR_RNDN);
	mpfr_div(d, d, t, MPFR_RNDN);
	mpfr_set(y, t, MPFR_RNDN);
	return mpfr_zero_p(d) || mpfr_get_exp(d) < -200;
}

/* The reference for chisq_q25 (--quantile-check only): Q(nu/2, q/2) = 3/4
 * from mpfr_gamma_inc, Newton inside a bisection bracket. Slow for large
 * nu (mpfr_gamma_inc), so the checks use the series below. */
static void chisq_q25_ref(mpfr_t q, double nu)
{
	mpfr_t a, y, lo, hi, f, d, lg, t, ga;
	mpfr_inits2(PREC, a, y, lo, hi, f, d, lg, t, ga, (mpfr_ptr)0);
	mpfr_set_d(a, nu / 2, MPFR_RNDN);
	mpfr_lngamma(lg, a, MPFR_RNDN);
	mpfr_exp(ga, lg, MPFR_RNDN); /* Gamma(a) */
	double c = 2 / (9 * nu), w = 1 - c - 0.6744897501960817 * sqrt(c);
	mpfr_set_d(y, fmax(1e-30, nu * w * w * w / 2), MPFR_RNDN);
	mpfr_set_zero(lo, 1);
	mpfr_set_d(hi, nu + 40 * sqrt(nu) + 100, MPFR_RNDN);
	for (int it = 0; it < 400; it++) {
		mpfr_gamma_inc(f, a, y, MPFR_RNDN); /* Q(a, y) = Gamma(a, y) / Gamma(a) */
		mpfr_div(f, f, ga, MPFR_RNDN);
		mpfr_sub_d(f, f, 0.75, MPFR_RNDN); /* decreasing in y */
		if (mpfr_zero_p(f))
			break;
		mpfr_set(mpfr_sgn(f) > 0 ? lo : hi, y, MPFR_RNDN); /* the bracket */
		/* dQ/dy = -y^(a-1) e^-y / Gamma(a) */
		mpfr_log(d, y, MPFR_RNDN);
		mpfr_sub_ui(t, a, 1, MPFR_RNDN);
		mpfr_mul(d, d, t, MPFR_RNDN);
		mpfr_sub(d, d, y, MPFR_RNDN);
		mpfr_sub(d, d, lg, MPFR_RNDN);
		mpfr_exp(d, d, MPFR_RNDN);
		mpfr_div(t, f, d, MPFR_RNDN); /* y_new = y + f / |dQ/dy| */
		mpfr_add(t, y, t, MPFR_RNDN);
		if (bracketed_step(y, t, lo, hi, d))
			break;
	}
	mpfr_mul_2ui(q, y, 1, MPFR_RNDN);
	mpfr_clears(a, y, lo, hi, f, d, lg, t, ga, (mpfr_ptr)0);
}

/*
 * ln P(a, y) and the series sum S, for a > 0, y > 0: P the regularised
 * lower incomplete gamma, by the series (Abramowitz & Stegun 6.5.29 with
 * 6.5.4; DLMF 8.7.1)
 *   P(a, y) = y^a e^-y / Gamma(a + 1) * S,  S = sum_{n>=0} t_n,
 *   t_0 = 1, t_n = t_{n-1} y / (a + n),
 * valid for every y > 0 (an entire series of positive terms: no
 * cancellation). Once r = y / (a + n + 1) < 1 the ratios only fall, so the
 * rest after t_n is below t_n r / (1 - r); the sum stops when that is below
 * 2^-(PREC + 8) S. Each term carries at most 2n roundings of 2^-PREC, so S
 * is good to (3n + 1) 2^-PREC relative (n about sqrt(360 a) + 3 sqrt a near
 * the quantile: 2600 terms at a = 15000, 13 of the 256 bits); the
 * prefactor's exponent a ln y - y - lnGamma(a + 1), three terms each good
 * to 2^-PREC relative, is good to 2^-230 absolute for a < 1e6. Returns the
 * number of terms, or -1 past 10^6 of them (y far above a: not reached from
 * the quantile's bracket).
 */
static long gamma_p_series(mpfr_t lnP, mpfr_t S, const mpfr_t a, const mpfr_t y)
{
	mpfr_t t, r, den, lim;
	mpfr_inits2(PREC, t, r, den, lim, (mpfr_ptr)0);
	mpfr_set_ui(t, 1, MPFR_RNDN);
	mpfr_set_ui(S, 1, MPFR_RNDN);
	long n = 0;
	for (;;) {
		if (++n > 1000000) {
			n = -1;
			break;
		}
		mpfr_add_ui(den, a, (unsigned long)n, MPFR_RNDN);
		mpfr_mul(t, t, y, MPFR_RNDN);
		mpfr_div(t, t, den, MPFR_RNDN); /* t_n */
		mpfr_add(S, S, t, MPFR_RNDN);
		mpfr_add_ui(den, den, 1, MPFR_RNDN);
		if (mpfr_cmp(y, den) >= 0)
			continue; /* the ratios still at or above 1 */
		mpfr_div(r, y, den, MPFR_RNDN); /* r = y / (a + n + 1) */
		mpfr_ui_sub(lim, 1, r, MPFR_RNDN);
		mpfr_div(r, r, lim, MPFR_RNDN); /* r / (1 - r) */
		mpfr_mul(r, r, t, MPFR_RNDN);   /* the rest's bound */
		mpfr_mul_2si(lim, S, -(PREC + 8), MPFR_RNDN);
		if (mpfr_cmp(r, lim) < 0)
			break;
	}
	/* ln P = a ln y - y - lnGamma(a + 1) + ln S */
	mpfr_log(lnP, y, MPFR_RNDN);
	mpfr_mul(lnP, lnP, a, MPFR_RNDN);
	mpfr_sub(lnP, lnP, y, MPFR_RNDN);
	mpfr_add_ui(den, a, 1, MPFR_RNDN);
	mpfr_lngamma(t, den, MPFR_RNDN);
	mpfr_sub(lnP, lnP, t, MPFR_RNDN);
	mpfr_log(t, S, MPFR_RNDN);
	mpfr_add(lnP, lnP, t, MPFR_RNDN);
	mpfr_clears(t, r, den, lim, (mpfr_ptr)0);
	return n;
}

/*
 * chi2_nu(0.25): the q with P(nu/2, q/2) = 1/4 (Q = 3/4), P from
 * gamma_p_series. Newton on F(y) = ln P(a, y) - ln(1/4), a = nu/2, with
 * F'(y) = a / (y S) (dP/dy = y^(a-1) e^-y / Gamma(a) = P a / (y S)), kept
 * inside the bisection bracket [0, nu + 40 sqrt nu + 100]; from the
 * Wilson-Hilferty start it takes a few steps and stops when a step is
 * below 2^-200 relative (F smooth and increasing: the root is then far
 * closer than the series' 2^-240). Checked against chisq_q25_ref
 * (mpfr_gamma_inc) by --quantile-check. The value depends on nu alone, so
 * it is kept per whole nu below QCACHE. If the series did not end (never
 * seen) the oracle stops (exit status 2).
 */
#define QCACHE 200000
static mpfr_t *qcache;
static unsigned char *qcached;
static int qcache_off; /* --quantile-check times the series itself */
static void chisq_q25(mpfr_t q, double nu)
{
	long key = nu == floor(nu) && nu >= 1 && nu < QCACHE && !qcache_off ? (long)nu : -1;
	if (key >= 0 && !qcache) {
		qcache = malloc(sizeof *qcache * QCACHE);
		qcached = calloc(QCACHE, 1);
		if (!qcache || !qcached)
			key = -1;
	}
	if (key >= 0 && qcached[key]) {
		mpfr_set(q, qcache[key], MPFR_RNDN);
		return;
	}
	mpfr_t a, y, lo, hi, F, S, t, l4;
	mpfr_inits2(PREC, a, y, lo, hi, F, S, t, l4, (mpfr_ptr)0);
	int rc = 0;
	mpfr_set_d(a, nu / 2, MPFR_RNDN);
	mpfr_set_ui(l4, 4, MPFR_RNDN);
	mpfr_log(l4, l4, MPFR_RNDN);
	mpfr_neg(l4, l4, MPFR_RNDN); /* ln(1/4) */
	double c = 2 / (9 * nu), w = 1 - c - 0.6744897501960817 * sqrt(c);
	mpfr_set_d(y, fmax(1e-30, nu * w * w * w / 2), MPFR_RNDN);
	mpfr_set_zero(lo, 1);
	mpfr_set_d(hi, nu + 40 * sqrt(nu) + 100, MPFR_RNDN);
	for (int it = 0; it < 400; it++) {
		if (gamma_p_series(F, S, a, y) < 0) {
			rc = -1;
			break;
		}
		mpfr_sub(F, F, l4, MPFR_RNDN); /* increasing in y */
		if (mpfr_zero_p(F))
			break;
		mpfr_set(mpfr_sgn(F) < 0 ? lo : hi, y, MPFR_RNDN); /* the bracket */
		mpfr_mul(t, F, y, MPFR_RNDN); /* y_new = y - F y S / a */
		mpfr_mul(t, t, S, MPFR_RNDN);
		mpfr_div(t, t, a, MPFR_RNDN);
		mpfr_sub(t, y, t, MPFR_RNDN);
		if (bracketed_step(y, t, lo, hi, S))
			break;
	}
	mpfr_mul_2ui(q, y, 1, MPFR_RNDN);
	if (key >= 0 && rc == 0) {
		mpfr_init2(qcache[key], PREC);
		mpfr_set(qcache[key], q, MPFR_RNDN);
		qcached[key] = 1;
	}
	mpfr_clears(a, y, lo, hi, F, S, t, l4, (mpfr_ptr)0);
	if (rc != 0) {
		fprintf(stderr, "oracle: the series of P(%g, y) did not end\n", nu / 2);
		exit(2);
	}
}

static void wilson_hilferty(mpfr_t q, double nu)
{
	mpfr_t c, t;
	mpfr_inits2(PREC, c, t, (mpfr_ptr)0);
	mpfr_set_ui(c, 2, MPFR_RNDN);
	mpfr_div_d(c, c, 9 * nu, MPFR_RNDN); /* 9 nu exact */
	mpfr_sqrt(t, c, MPFR_RNDN);
	mpfr_mul(t, t, z75, MPFR_RNDN);
	mpfr_add(t, t, c, MPFR_RNDN);
	mpfr_ui_sub(t, 1, t, MPFR_RNDN);
	mpfr_pow_ui(t, t, 3, MPFR_RNDN);
	mpfr_mul_d(q, t, nu, MPFR_RNDN);
	mpfr_clears(c, t, (mpfr_ptr)0);
}

/*
 * --quantile-check K: chisq_q25 (the series) against chisq_q25_ref
 * (mpfr_gamma_inc) on K random whole nu (a third in 1..100, a third
 * log-uniform in 1..2000, a third log-uniform in 2000..40000; the seed is
 * --seed's); prints the largest relative difference, where, and the time
 * of each (the series not kept). Exit status 1 if it is above 1e-40.
 */
static int quantile_check(long count, uint64_t seed)
{
	seed_rng(seed * 16 + 12);
	qcache_off = 1;
	mpfr_t q1, q2, t;
	mpfr_inits2(PREC, q1, q2, t, (mpfr_ptr)0);
	double worst = 0, worst_nu = 0, t_new = 0, t_ref = 0;
	for (long i = 0; i < count; i++) {
		long r = i % 3;
		double nu = r == 0 ? (double)irand(1, 100) : r == 1 ? floor(logu(1, 2000.999))
		                                                    : floor(logu(2000, 40000));
		clock_t c0 = clock();
		chisq_q25(q1, nu);
		clock_t c1 = clock();
		chisq_q25_ref(q2, nu);
		clock_t c2 = clock();
		t_new += (double)(c1 - c0) / CLOCKS_PER_SEC;
		t_ref += (double)(c2 - c1) / CLOCKS_PER_SEC;
		mpfr_div(t, q1, q2, MPFR_RNDN);
		mpfr_sub_ui(t, t, 1, MPFR_RNDN);
		double v = fabs(mpfr_get_d(t, MPFR_RNDN));
		if (v > worst || i == 0) {
			worst = v;
			worst_nu = nu;
		}
	}
	printf("quantile-check: %ld nu, largest relative difference %.3g (nu %.0f); %.3g s series, "
	       "%.3g s mpfr_gamma_inc\n",
	       count, worst, worst_nu, t_new, t_ref);
	mpfr_clears(q1, q2, t, (mpfr_ptr)0);
	return worst <= 1e-40 ? 0 : 1;
}

static void phi_upper(mpfr_t out, mpfr_t q, const struct disp *d, double nu)
{
	mpfr_set_d(out, nu, MPFR_RNDN);
	if (mpfr_cmp_ui(d->phihat, 1) > 0)
		mpfr_mul(out, out, d->phihat, MPFR_RNDN);
	mpfr_div(out, out, q, MPFR_RNDN);
	if (mpfr_cmp_ui(out, 1) < 0)
		mpfr_set_ui(out, 1, MPFR_RNDN);
}

static void disp_init(struct disp *d)
{
	mpfr_inits2(PREC, d->N, d->X2, d->ratio, d->phihat, d->phiU, d->phiU_exact, (mpfr_ptr)0);
}
static void disp_clear(struct disp *d)
{
	mpfr_clears(d->N, d->X2, d->ratio, d->phihat, d->phiU, d->phiU_exact, (mpfr_ptr)0);
}

/* phi_U for a given nu: the documented quantile (the cube above 2000). */
static void phiU_at(mpfr_t out, const struct disp *d, double nu)
{
	mpfr_t q;
	mpfr_init2(q, PREC);
	if (nu > 2000)
		wilson_hilferty(q, nu);
	else
		chisq_q25(q, nu);
	phi_upper(out, q, d, nu);
	mpfr_clear(q);
}

static void disp_truth(struct disp *d, const struct ilog *L, int exact_wh)
{
	mpfr_t r, t, u, S, S2, a;
	mpfr_inits2(PREC, r, t, u, S, S2, a, (mpfr_ptr)0);
	d->k = (double)L->k;
	d->J = 0;
	d->X = 0;
	mpfr_set_zero(d->N, 1);
	mpfr_set_zero(S, 1);
	mpfr_set_zero(S2, 1);
	for (long i = 0; i < L->k; i++) {
		mpfr_add_d(d->N, d->N, L->n[i], MPFR_RNDN);
		d->X += L->x[i];
		if (L->x[i] > 0) {
			d->J++;
			mpfr_set_d(a, L->x[i], MPFR_RNDN);
			mpfr_sqr(a, a, MPFR_RNDN);
			mpfr_div_d(a, a, L->n[i], MPFR_RNDN);
			mpfr_add(S, S, a, MPFR_RNDN);
			mpfr_sqr(a, a, MPFR_RNDN);
			mpfr_add(S2, S2, a, MPFR_RNDN);
		}
	}
	d->has_est = L->k >= 2 && d->X > 0;
	mpfr_set_zero(d->X2, 1);
	mpfr_set_zero(d->phihat, 1);
	if (d->has_est) {
		mpfr_set_d(r, d->X, MPFR_RNDN);
		mpfr_div(r, r, d->N, MPFR_RNDN);
		for (long i = 0; i < L->k; i++) {
			mpfr_mul_d(u, r, L->n[i], MPFR_RNDN); /* n r */
			mpfr_d_sub(t, L->x[i], u, MPFR_RNDN);
			mpfr_sqr(t, t, MPFR_RNDN);
			mpfr_div(t, t, u, MPFR_RNDN);
			mpfr_add(d->X2, d->X2, t, MPFR_RNDN);
		}
		mpfr_div_d(d->phihat, d->X2, d->k - 1, MPFR_RNDN);
	}
	/* nu = min(k - 1, F min(J - 1, floor(S^2 / S2))), F = 2 where every
	 * errored interval holds one error (X = J), else 1 */
	double F = d->X == d->J ? 2 : 1;
	double nu = d->J - 1, alt = nu;
	if (d->J >= 1) {
		mpfr_sqr(d->ratio, S, MPFR_RNDN);
		mpfr_div(d->ratio, d->ratio, S2, MPFR_RNDN);
		double lo = floor(mpfr_get_d(d->ratio, MPFR_RNDD) * (1 - DELTA_S));
		double hi = floor(mpfr_get_d(d->ratio, MPFR_RNDU) * (1 + DELTA_S));
		mpfr_floor(t, d->ratio);
		double f = mpfr_get_d(t, MPFR_RNDN);
		/* within rounding of a whole number m (two intervals of the same a_i,
		 * say): S^2 >= m S2 decided in rationals, the n_i being exact doubles */
		mpfr_round(u, d->ratio);
		mpfr_sub(a, d->ratio, u, MPFR_RNDN);
		if (mpfr_zero_p(a) || mpfr_get_exp(a) - mpfr_get_exp(u) < -150) {
			mpq_t qa, qs, qs2, qt;
			mpq_inits(qa, qs, qs2, qt, (mpq_ptr)0);
			for (long i = 0; i < L->k; i++)
				if (L->x[i] > 0) {
					mpq_set_d(qt, L->n[i]);
					mpq_set_d(qa, L->x[i]);
					mpq_mul(qa, qa, qa);
					mpq_div(qa, qa, qt);
					mpq_add(qs, qs, qa);
					mpq_mul(qa, qa, qa);
					mpq_add(qs2, qs2, qa);
				}
			mpq_mul(qs, qs, qs);
			double m = mpfr_get_d(u, MPFR_RNDN);
			mpq_set_d(qt, m);
			mpq_mul(qs2, qs2, qt);
			f = mpq_cmp(qs, qs2) >= 0 ? m : m - 1;
			mpq_clears(qa, qs, qs2, qt, (mpq_ptr)0);
		}
		alt = fmin(nu, f == lo ? hi : lo);
		nu = fmin(nu, f);
	}
	nu = fmin(d->k - 1, F * nu);
	alt = fmin(d->k - 1, F * alt);
	d->nu = nu;
	d->nu_alt = alt;
	d->bounded = nu >= 1;
	d->wh = nu > 2000;
	if (d->bounded) {
		phiU_at(d->phiU, d, nu);
		if (d->wh && exact_wh) {
			mpfr_t q;
			mpfr_init2(q, PREC);
			chisq_q25(q, nu);
			phi_upper(d->phiU_exact, q, d, nu);
			mpfr_clear(q);
		}
	}
	mpfr_clears(r, t, u, S, S2, a, (mpfr_ptr)0);
}

/* ln of a printed number (0 -> -inf; "10^x" -> x ln 10); -1 if not a number. */
static int ln_of(mpfr_t out, const char *s)
{
	if (!s || !*s)
		return -1;
	if (!strncmp(s, "10^", 3)) {
		char *end;
		double x = strtod(s + 3, &end);
		if (*end)
			return -1;
		mpfr_set_ui(out, 10, MPFR_RNDN);
		mpfr_log(out, out, MPFR_RNDN);
		mpfr_mul_d(out, out, x, MPFR_RNDN);
		return 0;
	}
	if (mpfr_set_str(out, s, 10, MPFR_RNDN) != 0 || mpfr_sgn(out) < 0)
		return -1;
	if (mpfr_zero_p(out))
		mpfr_set_inf(out, -1);
	else
		mpfr_log(out, out, MPFR_RNDN);
	return 0;
}

/*
 * The answer's truth as logs: v[0] cl_clustered or ber_upper_clustered,
 * v[1] ber_lower_clustered; *e_out the e used. sp = 0: at phi_U. sp = +1
 * or -1: a corner of the rounding envelope, where the program's phi_U
 * (off by up to DELTA_PHI) and its means (DELTA_N) could put the answer,
 * taking e and f, and the bits N / phi_U, each at its own end (the answer
 * moves the same way with a smaller e and more events per bit; the ceil
 * and the means need not come from the same rounding): +1 e and f from
 * phi_U (1 + DELTA_PHI), the means from phi_U (1 - DELTA_PHI) and
 * (1 + DELTA_N) (the larger cl, the smaller bounds); -1 the other way.
 * guess[0], guess[1]: the program's Poisson ber_upper and ber_lower of the
 * row (0 if absent), where the Poisson roots' searches start; guess[2],
 * guess[3]: its ber_upper_clustered and ber_lower_clustered (0 if absent),
 * where the clustered roots' start when they are the clustered bound's
 * (above the Poisson bound, or below it: the max or min took them), else
 * the Poisson ones scaled by the events. The roots are bracketed from
 * there: a start only saves Newton steps, never moves the root.
 * Returns 0, -1 for an oracle doubt, 1 if beyond the model's range.
 */
static int answer_truth(mpfr_t v0, mpfr_t v1, enum clus w, const struct disp *d, const mpfr_t phiU,
                        const char *q, int sp, double *e_out, const double *guess)
{
	mpfr_t phi, lam, le, gt, g2, ln_t, cv, b;
	mpfr_inits2(PREC, phi, lam, le, gt, g2, ln_t, cv, b, (mpfr_ptr)0);
	int rc = 0, sn = sp;
	mpfr_mul_d(phi, phiU, 1 + sp * DELTA_PHI, MPFR_RNDN);
	mpfr_d_div(lam, d->X, phi, MPFR_RNDN);
	mpfr_mul_d(phi, phiU, 1 - sp * DELTA_PHI, MPFR_RNDN); /* for the means */
	mpfr_ceil(b, lam);
	double e = mpfr_get_d(b, MPFR_RNDN);
	mpfr_floor(b, lam);
	double f = mpfr_get_d(b, MPFR_RNDN); /* flips with e: one check of e covers both */
	*e_out = e;
	if (w == C_CL) {
		mpfr_set_str(b, q, 10, MPFR_RNDN);
		mpfr_mul(lam, b, d->N, MPFR_RNDN);
		mpfr_mul_d(lam, lam, 1 + sn * DELTA_N, MPFR_RNDN);
		if (mpfr_cmp_d(lam, MIN_LAMBDA) < 0 || mpfr_cmp_d(lam, MAX_LAMBDA) > 0)
			rc = 1;
		if (truth_tails(le, g2, 0, d->X, 0, lam) != 0)
			rc = rc ? rc : -1;
		mpfr_div(lam, lam, phi, MPFR_RNDN);
		if (mpfr_cmp_d(lam, MIN_LAMBDA * 1.000001) < 0 || mpfr_cmp_d(lam, MAX_LAMBDA) > 0)
			rc = 1;
		if (truth_tails(le, gt, 0, e, 0, lam) != 0)
			rc = rc ? rc : -1;
		mpfr_min(v0, gt, g2, MPFR_RNDN);
		goto out;
	}
	/* bounds: side/target as check_ber's */
	int side;
	if (w == C_BER2) {
		mpfr_set_prec(cv, PREC + 64);
		mpfr_set_str(cv, q, 10, MPFR_RNDN);
		mpfr_ui_sub(cv, 1, cv, MPFR_RNDN);
		mpfr_div_2ui(cv, cv, 1, MPFR_RNDN);
		mpfr_log(ln_t, cv, MPFR_RNDN);
		side = 0;
	} else {
		side = target_of(q, ln_t);
	}
	double Nd = mpfr_get_d(d->N, MPFR_RNDN);
	double Nc = mpfr_get_d(d->N, MPFR_RNDN) / mpfr_get_d(phi, MPFR_RNDN);
	/* upper: clustered (e at N / phi) and Poisson (X at N) */
	double gu = guess[0] > 0 ? guess[0] * Nd : d->X + 1, gl = guess[1] > 0 ? guess[1] * Nd : d->X;
	double gc = gu * (e + 1) / (d->X + 1), lt = mpfr_get_d(ln_t, MPFR_RNDN);
	if (side && lt < -10) /* P[X > e] = c small: lam^(e+1) / (e+1)! about c */
		gc = fmin(gc, exp((lgamma(e + 2) + lt) / (e + 1)));
	if (guess[2] > guess[0] * (1 + 1e-9) && guess[2] < 1) /* the clustered bound's */
		gc = guess[2] * Nc;
	if (truth_root(lam, 0, e, 0, side, ln_t, gc) != 0)
		rc = -1;
	mpfr_mul(lam, lam, phi, MPFR_RNDN);
	mpfr_div(lam, lam, d->N, MPFR_RNDN);
	mpfr_mul_d(lam, lam, 1 - sn * DELTA_N, MPFR_RNDN);
	if (bound_beyond(0, e, Nc, lam))
		rc = 1;
	if (mpfr_cmp_ui(lam, 1) > 0)
		mpfr_set_ui(lam, 1, MPFR_RNDN);
	if (truth_root(b, 0, d->X, 0, side, ln_t, gu) != 0)
		rc = rc ? rc : -1;
	mpfr_div(b, b, d->N, MPFR_RNDN);
	mpfr_mul_d(b, b, 1 - sn * DELTA_N, MPFR_RNDN);
	if (bound_beyond(0, d->X, Nd, b))
		rc = 1;
	if (mpfr_cmp_ui(b, 1) > 0)
		mpfr_set_ui(b, 1, MPFR_RNDN);
	mpfr_max(lam, lam, b, MPFR_RNDN);
	mpfr_log(v0, lam, MPFR_RNDN);
	mpfr_set_inf(v1, -1);
	if (w == C_BER2) {
		mpfr_set_inf(gt, -1); /* clustered lower: 0 when f = 0 */
		if (f > 0) {
			double gf = d->X > 0 ? gl * f / d->X : f;
			if (guess[3] > 0 && guess[3] < guess[1] * (1 - 1e-9))
				gf = guess[3] * Nc;
			if (truth_root(lam, 0, f - 1, 0, 1, ln_t, gf) != 0)
				rc = rc ? rc : -1;
			mpfr_mul(lam, lam, phi, MPFR_RNDN);
			mpfr_div(lam, lam, d->N, MPFR_RNDN);
			mpfr_mul_d(lam, lam, 1 - sn * DELTA_N, MPFR_RNDN);
			if (bound_beyond(0, f - 1, Nc, lam))
				rc = 1;
			if (mpfr_cmp_ui(lam, 1) > 0)
				mpfr_set_ui(lam, 1, MPFR_RNDN);
			mpfr_log(gt, lam, MPFR_RNDN);
		}
		mpfr_set_inf(g2, -1);
		if (d->X > 0) {
			if (truth_root(lam, 0, d->X - 1, 0, 1, ln_t, gl) != 0)
				rc = rc ? rc : -1;
			mpfr_div(lam, lam, d->N, MPFR_RNDN);
			mpfr_mul_d(lam, lam, 1 - sn * DELTA_N, MPFR_RNDN);
			if (bound_beyond(0, d->X - 1, Nd, lam))
				rc = 1;
			if (mpfr_cmp_ui(lam, 1) > 0)
				mpfr_set_ui(lam, 1, MPFR_RNDN);
			mpfr_log(g2, lam, MPFR_RNDN);
		}
		mpfr_min(v1, gt, g2, MPFR_RNDN);
	}
out:
	mpfr_clears(phi, lam, le, gt, g2, ln_t, cv, b, (mpfr_ptr)0);
	return rc;
}

/* |got - truth| in logs; +inf when one is -inf and the other not. */
static double ln_diff(const mpfr_t g, const mpfr_t t)
{
	if (mpfr_inf_p(g) || mpfr_inf_p(t))
		return mpfr_equal_p(g, t) ? 0 : INFINITY;
	mpfr_t x;
	mpfr_init2(x, PREC);
	mpfr_sub(x, g, t, MPFR_RNDN);
	double r = fabs(mpfr_get_d(x, MPFR_RNDN));
	mpfr_clear(x);
	return r;
}
/* g within [min(a, b) - tol, max(a, b) + tol], in logs */
static int ln_between(const mpfr_t g, const mpfr_t a, const mpfr_t b, double tol)
{
	if (ln_diff(g, a) <= tol || ln_diff(g, b) <= tol)
		return 1;
	int lo = mpfr_cmp(g, a) >= 0 || mpfr_cmp(g, b) >= 0;
	int hi = mpfr_cmp(g, a) <= 0 || mpfr_cmp(g, b) <= 0;
	return lo && hi && !mpfr_nan_p(g);
}

/* Find a column by name in a header, -1 if absent. */
static int col_of(char **h, int nh, const char *name)
{
	for (int i = 0; i < nh; i++)
		if (!strcmp(h[i], name))
			return i;
	return -1;
}

static void check_clustered_row(enum clus w, const struct ilog *L, const struct disp *d, int qi,
                                char **f, int nf, char **h, int nh, const char *cmd)
{
	struct stats *s = &cst[w];
	const char *main_col = w == C_CL ? "cl_clustered" : "ber_upper_clustered";
	const char *got0 = cell(f, nf, col_of(h, nh, main_col));
	const char *got1 = cell(f, nf, col_of(h, nh, "ber_lower_clustered"));
	char msg[1024];
	double Nd = mpfr_get_d(d->N, MPFR_RNDN);
	/* the columns every answered row has */
	if (!*got0)
		goto answer;
	double gx = strtod(cell(f, nf, col_of(h, nh, "errors")), NULL);
	double gn = strtod(cell(f, nf, col_of(h, nh, "bits")), NULL);
	if (gx != d->X || !(fabs(gn - Nd) <= 2e-16 * Nd))
		fail(s, cmd, "%s: errors %s bits %s, the log holds %.17g errors in %.17g bits%s",
		     clus_name[w], cell(f, nf, col_of(h, nh, "errors")),
		     cell(f, nf, col_of(h, nh, "bits")), d->X, Nd,
		     L->cumulative ? " (cumulative readings)" : "");
	const char *gd = cell(f, nf, col_of(h, nh, "dispersion"));
	const char *gdu = cell(f, nf, col_of(h, nh, "dispersion_upper"));
	const char *gie = cell(f, nf, col_of(h, nh, "independent_events"));
	if (d->has_est) {
		double td = mpfr_get_d(d->phihat, MPFR_RNDN), vd = strtod(gd, NULL);
		double ed = fabs(vd - td), allow = 5.01e-6 * td + 1e-28 * d->X / (d->k - 1);
		if (!*gd || !(ed <= allow))
			fail(s, cmd, "dispersion: got '%s' truth %.17g", gd, td);
		if (td > 0 && ed / td > cx[w].worst_disp && *gd)
			cx[w].worst_disp = ed / td;
	} else if (*gd) {
		fail(s, cmd, "dispersion: got '%s' with no estimate (k = %.0f, X = %.0f)", gd, d->k, d->X);
	}
	if (d->bounded) {
		double tu = mpfr_get_d(d->phiU, MPFR_RNDN), vu = strtod(gdu, NULL);
		double eu = fabs(vu - tu) / tu, ti = d->X / tu, vi = strtod(gie, NULL);
		if (d->nu_alt == d->nu && (!*gdu || !(eu <= DELTA_PHI)))
			fail(s, cmd, "dispersion_upper: got '%s' truth %.17g (rel %.3g, nu %.0f)", gdu, tu, eu,
			     d->nu);
		if (d->nu_alt == d->nu && !(fabs(vi - ti) <= (DELTA_PHI + 4e-16) * ti))
			fail(s, cmd, "independent_events: got '%s' truth %.17g", gie, ti);
		if (eu > cx[w].worst_phi && d->nu_alt == d->nu) {
			cx[w].worst_phi = eu;
			snprintf(cx[w].worst_phi_cmd, sizeof cx[w].worst_phi_cmd, "%s", cmd);
		}
	} else {
		if (*gdu || strtod(gie, NULL) != 0)
			fail(s, cmd, "unbounded (nu %.0f): got dispersion_upper '%s' independent_events '%s'",
			     d->nu, gdu, gie);
	}
answer:;
	/* the answer */
	double guess[4] = {strtod(cell(f, nf, col_of(h, nh, "ber_upper")), NULL),
	                   strtod(cell(f, nf, col_of(h, nh, "ber_lower")), NULL), 0, 0};
	if (w != C_CL && strncmp(got0, "10^", 3)) /* a printed log is no start */
		guess[2] = strtod(got0, NULL);
	if (w == C_BER2 && strncmp(got1, "10^", 3))
		guess[3] = strtod(got1, NULL);
	mpfr_t g0, g1, t0, t1, a0, a1, b0, b1;
	mpfr_inits2(PREC, g0, g1, t0, t1, a0, a1, b0, b1, (mpfr_ptr)0);
	int bad = ln_of(g0, got0) != 0 || (w == C_BER2 && ln_of(g1, got1) != 0);
	if (!d->bounded) {
		cx[w].unbounded++;
		int ok = !bad && (w == C_CL ? mpfr_inf_p(g0) && mpfr_sgn(g0) < 0 : mpfr_zero_p(g0)) &&
		         (w != C_BER2 || (mpfr_inf_p(g1) && mpfr_sgn(g1) < 0));
		if (!*got0 && w != C_CL) { /* refused: right only if a Poisson bound is beyond */
			mpfr_t ln_t, b;
			mpfr_inits2(PREC, ln_t, b, (mpfr_ptr)0);
			int side = target_of(L->q[qi], ln_t), beyond = 0;
			if (w == C_BER2) { /* the tails (1 - cl) / 2 */
				mpfr_set_prec(b, PREC + 64);
				mpfr_set_str(b, L->q[qi], 10, MPFR_RNDN);
				mpfr_ui_sub(b, 1, b, MPFR_RNDN);
				mpfr_div_2ui(b, b, 1, MPFR_RNDN);
				mpfr_log(ln_t, b, MPFR_RNDN);
				mpfr_set_prec(b, PREC);
				side = 0;
			}
			beyond |= bound_truth(b, 0, d->X, Nd, side, ln_t, (d->X + 1) / Nd) != 0 ||
			          bound_beyond(0, d->X, Nd, b);
			if (w == C_BER2 && d->X > 0)
				beyond |= bound_truth(b, 0, d->X - 1, Nd, 1, ln_t, d->X / Nd) != 0 ||
				          bound_beyond(0, d->X - 1, Nd, b);
			mpfr_clears(ln_t, b, (mpfr_ptr)0);
			if (beyond) {
				s->refused_ok++;
				goto out;
			}
		}
		if (!*got0 && w == C_CL) { /* refused: right only if N ber is beyond */
			mpfr_t lam;
			mpfr_init2(lam, PREC);
			mpfr_set_str(lam, L->q[qi], 10, MPFR_RNDN);
			mpfr_mul(lam, lam, d->N, MPFR_RNDN);
			int beyond = mpfr_cmp_d(lam, MIN_LAMBDA) < 0 || mpfr_cmp_d(lam, MAX_LAMBDA) > 0;
			mpfr_clear(lam);
			if (beyond) {
				s->refused_ok++;
				goto out;
			}
		}
		s->n++;
		if (!ok)
			fail(s, cmd, "%s: unbounded (J = %.0f): got %s %s%s%s", clus_name[w], d->J, main_col,
			     got0, w == C_BER2 ? " ber_lower_clustered " : "", w == C_BER2 ? got1 : "");
		goto out;
	}
	double e0, ea, eb;
	int rc = answer_truth(t0, t1, w, d, d->phiU, L->q[qi], 0, &e0, guess);
	if (!*got0) {
		int rc1 = answer_truth(a0, a1, w, d, d->phiU, L->q[qi], 1, &ea, guess);
		int rc2 = answer_truth(b0, b1, w, d, d->phiU, L->q[qi], -1, &eb, guess);
		if (rc || rc1 || rc2)
			s->refused_ok++;
		else
			fail(s, cmd, "%s: refused inside the domain: %s", clus_name[w],
			     cell(f, nf, col_of(h, nh, "error")));
		goto out;
	}
	s->n++;
	if (rc < 0) {
		s->oracle_doubt++;
		if (getenv("ORACLE_DEBUG"))
			fprintf(stderr, "doubt: q %s e %.0f X %.0f: %s\n", L->q[qi], e0, d->X, cmd);
	}
	double tol = opt.tol;
	double d0 = bad ? INFINITY : ln_diff(g0, t0), d1 = w == C_BER2 && !bad ? ln_diff(g1, t1) : 0;
	if (!strncmp(got0, "10^", 3)) /* only the log is printed: compared relatively, as rel_err_prob */
		d0 /= fabs(mpfr_get_d(t0, MPFR_RNDN));
	if (d0 <= tol && d1 <= tol) {
		note(s, fmax(d0, d1), w == C_BER2 && d1 > d0 ? "ber_lower_clustered" : main_col, cmd);
		goto out;
	}
	/* the envelope of the rounding: phi_U and the means at their ends */
	int r1 = answer_truth(a0, a1, w, d, d->phiU, L->q[qi], 1, &ea, guess);
	int r2 = answer_truth(b0, b1, w, d, d->phiU, L->q[qi], -1, &eb, guess);
	(void)r1, (void)r2;
	int in = !bad && ln_between(g0, a0, b0, tol) && (w != C_BER2 || ln_between(g1, a1, b1, tol));
	/* the other end's e with this end's means: the whole number flips */
	if (in) {
		if (ea != eb || ea != e0) {
			s->ambiguous++;
			if (getenv("ORACLE_DEBUG"))
				fprintf(stderr, "ambiguous e %.0f %.0f %.0f d0 %.3g: %s\n", e0, ea, eb, d0, cmd);
		}
		else
			cx[w].envelope++;
		goto out;
	}
	if (d->nu_alt != d->nu) { /* the floor in nu, the other side */
		mpfr_t pu;
		mpfr_init2(pu, PREC);
		phiU_at(pu, d, d->nu_alt);
		answer_truth(a0, a1, w, d, pu, L->q[qi], 1, &ea, guess);
		answer_truth(b0, b1, w, d, pu, L->q[qi], -1, &eb, guess);
		mpfr_clear(pu);
		if (!bad && ln_between(g0, a0, b0, tol) && (w != C_BER2 || ln_between(g1, a1, b1, tol))) {
			s->ambiguous++;
			if (getenv("ORACLE_DEBUG"))
				fprintf(stderr, "ambiguous nu %.0f %.0f: %s\n", d->nu, d->nu_alt, cmd);
			goto out;
		}
	}
	mpfr_exp(t0, t0, MPFR_RNDN);
	mpfr_exp(t1, t1, MPFR_RNDN);
	mpfr_snprintf(msg, sizeof msg,
	              "%s: got %s %s%s%s, truth %.17Rg%s%.17Rg (ln diff %.3g %.3g; nu %.0f, phi_U "
	              "%.17g, e %.0f)",
	              clus_name[w], main_col, got0, w == C_BER2 ? " ber_lower_clustered " : "",
	              w == C_BER2 ? got1 : "", t0, w == C_BER2 ? " " : "", t1, d0, d1, d->nu,
	              mpfr_get_d(d->phiU, MPFR_RNDN), e0);
	fail(s, cmd, "%s", msg);
out:
	mpfr_clears(g0, g1, t0, t1, a0, a1, b0, b1, (mpfr_ptr)0);
}

/*
 * Runs argv (argv[0] looked up in PATH, as the shell would) with standard
 * output to out and standard error to err, with no shell between; after
 * secs seconds SIGALRM ends it (alarm survives exec), where timeout(1)
 * would. Returns its exit status, 128 + the signal that ended it, or 127
 * if it could not start.
 */
static int run_argv(char *const argv[], const char *out, const char *err, unsigned secs)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 127;
	if (pid == 0) {
		int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		int fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
			_exit(127);
		close(fo);
		close(fe);
		alarm(secs);
		execvp(argv[0], argv);
		_exit(127);
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* One answer's stream of logs: count points (queries), each log one bercl run. */
static int run_clustered(enum clus w, long count, long skip, uint64_t seed)
{
	char path[600], out[700], errf[700], rcmd[1024];
	snprintf(path, sizeof path, "%s/%s.csv", opt.dir, clus_name[w]);
	snprintf(out, sizeof out, "%s.out", path);
	snprintf(errf, sizeof errf, "%s.err", path);
	seed_rng(seed * 16 + 8 + (uint64_t)w);
	struct stats *s = &cst[w];
	s->worst = 0;
	long done = -skip, saved = 0, saved_amb = 0;
	char *line = NULL, *hf[64], *rf[64], *hdr = NULL;
	size_t cap = 0;
	while (done < count) {
		struct ilog L;
		memset(&L, 0, sizeof L);
		gen_ilog(&L);
		struct disp d;
		disp_init(&d);
		int live = done >= 0;
		disp_truth(&d, &L, live);
		L.nq = (int)irand(1, MAXQ);
		for (int j = 0; j < L.nq; j++) {
			if (w == C_CL) {
				double Nd = mpfr_get_d(d.N, MPFR_RNDN), ber, r = U();
				double ph = d.bounded ? mpfr_get_d(d.phiU, MPFR_RNDN) : 1;
				double e = d.bounded ? ceil(d.X / ph) : d.X, lam;
				if (r < 0.55)
					lam = fmax(1e-3, e + 1 + uni(-8, 8) * sqrt(e + 1));
				else if (r < 0.85)
					lam = (e + 1) * logu(1e-4, 1e3);
				else
					lam = Nd * logu(1e-300, 0.99) / ph;
				ber = fmin(lam * ph / Nd, 0.999);
				if (!(ber > 1e-307))
					ber = 1e-307;
				snprintf(L.q[j], sizeof L.q[j], U() < 0.8 ? "%.17g" : "%.4g", ber);
			} else {
				struct point pt;
				gen_cl(&pt);
				snprintf(L.q[j], sizeof L.q[j], "%s", pt.c);
			}
		}
		if (!live) { /* --skip: drawn, not run */
			done += L.nq;
			free_ilog(&L);
			disp_clear(&d);
			continue;
		}
		if (write_ilog(&L, path) != 0)
			return -1;
		char qs[MAXQ * 100] = "";
		for (int j = 0; j < L.nq; j++) {
			if (j)
				strcat(qs, ",");
			strcat(qs, L.q[j]);
		}
		char *argv[] = {(char *)opt.bercl, w == C_CL ? "cl" : "ber", "--intervals", path,
		                w == C_CL ? "-p" : "-c", qs, "-f", "csv",
		                w == C_BER2 ? "--two-sided" : NULL, NULL};
		int code = run_argv(argv, out, errf, 600);
		/* a failing log is kept beside the command that reproduces it */
		char keep[700];
		snprintf(keep, sizeof keep, "%s/%s-fail%ld.csv", opt.dir, clus_name[w], saved);
		snprintf(rcmd, sizeof rcmd, "bercl %s --intervals %s %s %s -f csv%s", w == C_CL ? "cl" : "ber",
		         keep, w == C_CL ? "-p" : "-c", qs, w == C_BER2 ? " --two-sided" : "");
		long fails0 = s->fails;
		double worst0 = s->worst;
		long amb0 = s->ambiguous;
		FILE *fp = fopen(out, "r");
		int rows = 0;
		free(hdr);
		hdr = NULL;
		int nh = 0;
		while (fp && getline(&line, &cap, fp) >= 0) {
			if (!hdr) {
				hdr = strdup(line);
				nh = split_csv(hdr, hf, 64);
				continue;
			}
			if (rows < L.nq) {
				int nf = split_csv(line, rf, 64);
				check_clustered_row(w, &L, &d, rows, rf, nf, hf, nh, rcmd);
			}
			rows++;
		}
		if (fp)
			fclose(fp);
		if (rows == 0 && !hdr && code == 2 && L.nq == 1) { /* one query, refused */
			check_clustered_row(w, &L, &d, 0, rf, 0, hf, 0, rcmd);
			rows = 1;
		}
		if (rows != L.nq || (code != 0 && code != 2)) {
			fail(s, rcmd, "%s: exit status %d, %d rows for %d queries", clus_name[w], code, rows,
			     L.nq);
		}
		if (s->fails > fails0 && saved < opt.max_print) {
			rename(path, keep);
			saved++;
		} else if (s->ambiguous > amb0 && saved_amb < opt.max_print) { /* and the ambiguous */
			char apath[700];
			snprintf(apath, sizeof apath, "%s/%s-ambiguous%ld.csv", opt.dir, clus_name[w],
			         saved_amb++);
			rename(path, apath);
		} else if (s->worst != worst0) { /* the worst log so far, kept too */
			char wpath[700];
			snprintf(wpath, sizeof wpath, "%s/%s-worst.csv", opt.dir, clus_name[w]);
			rename(path, wpath);
			snprintf(s->worst_cmd, sizeof s->worst_cmd, "bercl %s --intervals %s %s %s -f csv%s",
			         w == C_CL ? "cl" : "ber", wpath, w == C_CL ? "-p" : "-c", qs,
			         w == C_BER2 ? " --two-sided" : "");
		}
		cx[w].logs++;
		cx[w].cumulative += L.cumulative;
		if (d.wh) {
			cx[w].wh++;
			mpfr_t t;
			mpfr_init2(t, PREC);
			mpfr_div(t, d.phiU, d.phiU_exact, MPFR_RNDN);
			mpfr_sub_ui(t, t, 1, MPFR_RNDN);
			double v = fabs(mpfr_get_d(t, MPFR_RNDN));
			if (v > cx[w].worst_wh)
				cx[w].worst_wh = v;
			mpfr_clear(t);
		}
		long before = done;
		done += L.nq;
		free_ilog(&L);
		disp_clear(&d);
		if (opt.progress && done / 1000 != before / 1000)
			printf("progress %s: %ld done, %ld checked, %ld failures, worst %.3g\n", clus_name[w],
			       done, s->n, s->fails, s->worst);
		fflush(stdout);
	}
	free(line);
	free(hdr);
	return 0;
}

/* ---- the degraded-SER answers (bercl fec --degrade-interval) ---- */

/*
 * degrade-p: `bercl fec --code C --ser S --degrade-interval K
 * --degrade-threshold T` (batch: columns ser, degrade_interval,
 * degrade_threshold; one bercl run a code): degrade_p = P[Y > T] against
 * truth_degrade (truth_degrade.c: De Pril's recursion in MPFR).
 * degrade-ser: the same without --ser, the SER at which degrade_p = 1/2.
 *
 * The domain drawn (a fixed share each):
 *   codes: kp4 (35 %), kr4 (20 %), else one of DEG_POOL RS(n, k) over m-bit
 *     symbols drawn once from the seed (m 1 to 16, mostly 8 and 10; n up to
 *     2^m + 1 log-uniformly; t = (n - k)/2 mostly 0 to 20, some to 200 and
 *     a few to 1024, the most the library's bins hold: BERCL_FEC_MAX_BINS),
 *     written rs:N,K,M or, at M = 10, also rs:N,K;
 *   K: 1, 2, 2^32 - 1, Xena's 2 .. 65534, 2^j and 2^j - 1, else
 *     log-uniform on [1, 2^32 - 1];
 *   T: 0; 1 to 20; log-uniform to 400 (most); 400 to 3000 (10 %): the
 *     truth costs about (t + 2) T operations, so T stays small; 3 % at or
 *     above K (t + 1) (the alarm cannot fire: degrade_p 0, the inverse
 *     refused) and 3 % just below it where that is at most 3000;
 *   ser (degrade-p): the expected count K E[X] from 1e-6 to 1e3 times
 *     T + 1/2 (log-uniform; 40 % within a factor 2), so degrade_p runs
 *     from far below 1e-300 to within 1e-300 of 1; 10 % log-uniform on
 *     [1e-298, 0.5] and 2 % at 0.5; never above 0.5 (where the library's
 *     inverse stops searching; the command takes up to 1 - 2^-m, pre-FEC
 *     BER 0.5) nor below 1e-298.
 * Checks (the promises of bercl(1), FEC DEGRADED SER, and of
 * lib/fec_degrade.c's header comment):
 *   degrade_p: the smaller tail within DEG_TOL = 4.3e-16 relative (bercl(1):
 *     "within 4.3e-16" on 1e6 random monitors; the header's K 1e-27 in ln P is far
 *     below it); above 1/2 only degrade_p is printed, so 1 - degrade_p is
 *     allowed the double's rounding as well, DEG_TOL_ULP = 1.3 ulp (the
 *     header: "values within 1.3 ulp"). The worst reported is in ulps of
 *     the value (of its decimal mantissa below DBL_MIN), with a count of
 *     the values more than 1.3 ulp off; where degrade_p <= 1/2 the worst
 *     relative error of that smaller tail as well;
 *   the inverse: the root within DEG_ROOT_ULP of the printed SER
 *     (bercl(1): between it and a neighbouring double): the truth's
 *     P[Y > T] at ser - 1 ulp is at most 1/2 and at ser + 1 ulp at least
 *     1/2 (the worst reported is the distance to the root in ulps of ser,
 *     by linear interpolation); the row's degrade_p as
 *     above.
 *   A refusal is right when T >= K (t + 1), when the root lies above ser
 *     0.5 (the library's search ends there; counted apart), or when K
 *     times one codeword's variance is above 4e5 (the documented limit is
 *     "about 8e5"; none of those is drawn, T being small); else a failure.
 */
#define DEG_POOL 128
/* bercl(1), FEC DEGRADED SER: within 4.3e-16 on the oracle's 1e6 monitors
 * (seed 20261212; 4e-16 on the 80-digit table) */
#define DEG_TOL 4.3e-16
#define DEG_TOL_ULP 1.3 /* lib/fec_degrade.c: values within 1.3 ulp on the table */
#define DEG_ROOT_ULP 1.0
enum { D_P, D_SER, NDEG };
static const char *deg_name[NDEG] = {"degrade-p", "degrade-ser"};
static struct stats dst[NDEG];
/* dst[w].cnt[]: */
enum { C_SMALL, C_BIG, C_SUB, C_ABOVE, C_NEG, C_ULP };

struct rscode {
	int n, k, m, t;
	char name[40];
};
static struct rscode deg_pool[DEG_POOL + 2];

struct dpoint {
	int code; /* index into deg_pool */
	double ser, K, S;
	char s[32], ks[24], ts[24];
};

static void deg_make_pool(uint64_t seed)
{
	seed_rng(seed * 16 + 12);
	deg_pool[0] = (struct rscode){544, 514, 10, 15, "kp4"};
	deg_pool[1] = (struct rscode){528, 514, 10, 7, "kr4"};
	for (int j = 2; j < DEG_POOL + 2; j++) {
		struct rscode *c = &deg_pool[j];
		double r = U();
		c->m = r < 0.2 ? 8 : r < 0.4 ? 10 : (int)irand(1, 16);
		long nmax = (1L << c->m) + 1;
		c->n = (int)floor(logu(2, (double)nmax + 1));
		if (c->n > nmax)
			c->n = (int)nmax;
		if (c->n < 2)
			c->n = 2;
		double q = U();
		long t = q < 0.6 ? irand(0, 20) : q < 0.9 ? irand(21, 200) : irand(201, 1024);
		if (t > (c->n - 1) / 2)
			t = (c->n - 1) / 2;
		c->t = (int)t;
		c->k = c->n - 2 * c->t;
		if (c->k > 1 && (c->t == 0 || U() < 0.5))
			c->k--; /* n - k odd: the same t */
		if (c->m == 10 && U() < 0.5)
			snprintf(c->name, sizeof c->name, "rs:%d,%d", c->n, c->k);
		else
			snprintf(c->name, sizeof c->name, "rs:%d,%d,%d", c->n, c->k, c->m);
	}
}

/* E[X] and Var[X] for X = min(B, t + 1), in double (for drawing and limits). */
static void deg_moments(const struct rscode *c, double ser, double *mean, double *var)
{
	double lq = log1p(-ser), lo = log(ser) - lq, lb = c->n * lq, s = 0, s1 = 0, s2 = 0;
	for (int i = 0; i <= c->t; i++) {
		if (i > 0)
			lb += lo + log((double)(c->n - i + 1) / i);
		double b = exp(lb);
		s += b;
		s1 += i * b;
		s2 += (double)i * i * b;
	}
	double cer = fmax(0.0, 1 - s), d = c->t + 1;
	*mean = s1 + d * cer;
	*var = fmax(0.0, s2 + d * d * cer - *mean * *mean);
}

static void gen_dpoint(struct dpoint *pt, int inverse)
{
	double r = U();
	pt->code = r < 0.35 ? 0 : r < 0.55 ? 1 : (int)irand(2, DEG_POOL + 1);
	const struct rscode *c = &deg_pool[pt->code];
	double d = c->t + 1;
	r = U();
	if (r < 0.05)
		pt->K = 1;
	else if (r < 0.1)
		pt->K = 2;
	else if (r < 0.15)
		pt->K = 4294967295.0;
	else if (r < 0.25)
		pt->K = (double)irand(2, 65534);
	else if (r < 0.35)
		pt->K = ldexp(1.0, (int)irand(1, 31)) - (double)irand(0, 1);
	else
		pt->K = fmin(4294967295.0, floor(logu(1, 4294967296.0)));
	r = U();
	if (r < 0.08)
		pt->S = 0;
	else if (r < 0.3)
		pt->S = (double)irand(1, 20);
	else if (r < 0.9)
		pt->S = floor(logu(1, 401));
	else
		pt->S = floor(logu(400, 3001));
	r = U();
	if (r < 0.03)
		pt->S = pt->K * d + (double)irand(0, 3); /* the alarm cannot fire */
	else if (r < 0.06 && pt->K * d <= 3000)
		pt->S = fmax(0, pt->K * d - 1 - (double)irand(0, 3));
	if (pt->S >= pt->K * d && pt->S > 3000 && U() < 0.5)
		pt->S = pt->K * d; /* just at it */
	double smax = 0.5, ser; /* 1 - 2^-m >= 1/2: pre-FEC BER at most 1/2 */
	r = U();
	if (r < 0.1)
		ser = logu(1e-298, 0.5);
	else if (r < 0.12)
		ser = 0.5;
	else {
		double f = U() < 0.4 ? logu(0.5, 2) : logu(1e-6, 1e3);
		ser = f * (pt->S + 0.5) / (pt->K * c->n);
		/* past the truncation E[X] saturates: a few steps of the true mean */
		for (int it = 0; it < 4 && ser < smax; it++) {
			double mean, var;
			deg_moments(c, fmin(ser, smax), &mean, &var);
			if (!(mean > 0) || mean * pt->K > 0.999 * pt->K * d)
				break;
			ser *= f * (pt->S + 0.5) / (pt->K * mean);
		}
	}
	if (!(ser >= 1e-298))
		ser = 1e-298;
	if (ser > smax)
		ser = smax;
	snprintf(pt->s, sizeof pt->s, "%.17g", ser);
	pt->ser = strtod(pt->s, NULL);
	snprintf(pt->ks, sizeof pt->ks, "%.0f", pt->K);
	snprintf(pt->ts, sizeof pt->ts, "%.0f", pt->S);
	(void)inverse;
}

static void deg_repro(char *buf, size_t len, int inverse, const struct dpoint *pt)
{
	if (inverse)
		snprintf(buf, len, "bercl fec --code %s --degrade-interval %s --degrade-threshold %s -f csv",
		         deg_pool[pt->code].name, pt->ks, pt->ts);
	else
		snprintf(buf, len,
		         "bercl fec --code %s --ser %s --degrade-interval %s --degrade-threshold %s -f csv",
		         deg_pool[pt->code].name, pt->s, pt->ks, pt->ts);
}

/* ulp of the double nearest x > 0 (of its decimal mantissa below DBL_MIN). */
static void deg_ulp(mpfr_t u, const mpfr_t x)
{
	if (mpfr_cmp_d(x, DBL_MIN) >= 0) {
		mpfr_set_ui(u, 1, MPFR_RNDN);
		mpfr_mul_2si(u, u, mpfr_get_exp(x) - 1 - 52, MPFR_RNDN);
		return;
	}
	/* x = m 10^e, m in [1, 10): ulp(m) 10^e */
	mpfr_t e, m;
	mpfr_inits2(PREC, e, m, (mpfr_ptr)0);
	mpfr_log10(e, x, MPFR_RNDN);
	mpfr_floor(e, e);
	mpfr_ui_pow(u, 10, e, MPFR_RNDN);
	mpfr_div(m, x, u, MPFR_RNDN);
	mpfr_mul_2si(u, u, mpfr_get_exp(m) - 1 - 52, MPFR_RNDN);
	mpfr_clears(e, m, (mpfr_ptr)0);
}

/*
 * The printed degrade_p v against the truth (ln_gt, ln_le): 0 or -1 (a
 * failure, printed). *ulps gets |v - P| / ulp(P).
 */
static int deg_check_value(int w, const char *v, const mpfr_t ln_gt,
                           const mpfr_t ln_le, const char *cmd, double *ulps)
{
	struct stats *s = &dst[w];
	*ulps = 0;
	mpfr_t x, P, q, u, err, allow;
	mpfr_inits2(PREC, x, P, q, u, err, allow, (mpfr_ptr)0);
	int rc = 0;
	if (!v || !*v || mpfr_set_str(x, v, 10, MPFR_RNDN) != 0 || mpfr_sgn(x) < 0 ||
	    mpfr_cmp_ui(x, 1) > 0) {
		fail(s, cmd, "%s: degrade_p '%s' is not a probability", deg_name[w], v ? v : "");
		rc = -1;
		goto out;
	}
	if (mpfr_inf_p(ln_gt)) { /* exactly 0 */
		if (!mpfr_zero_p(x)) {
			fail(s, cmd, "%s: degrade_p %s, truth 0", deg_name[w], v);
			*ulps = INFINITY;
			rc = -1;
		}
		goto out;
	}
	mpfr_exp(P, ln_gt, MPFR_RNDN);
	int small = mpfr_cmp_d(P, 0.5) <= 0;
	if (small)
		mpfr_set(q, P, MPFR_RNDN);
	else
		mpfr_exp(q, ln_le, MPFR_RNDN);
	deg_ulp(u, P);
	mpfr_sub(err, x, P, MPFR_RNDN);
	mpfr_abs(err, err, MPFR_RNDN);
	mpfr_div(allow, err, u, MPFR_RNDN);
	*ulps = mpfr_get_d(allow, MPFR_RNDU);
	/* DEG_TOL of the smaller tail; above 1/2 the double's own rounding too */
	mpfr_mul_d(allow, q, DEG_TOL, MPFR_RNDN);
	if (!small) {
		mpfr_mul_d(q, u, DEG_TOL_ULP, MPFR_RNDN);
		mpfr_add(allow, allow, q, MPFR_RNDN);
	}
	if (*ulps > DEG_TOL_ULP)
		s->cnt[C_ULP]++;
	if (mpfr_cmp_d(P, DBL_MIN) < 0)
		s->cnt[C_SUB]++;
	if (small) {
		s->cnt[C_SMALL]++;
		mpfr_div(q, err, P, MPFR_RNDN);
		double rel = mpfr_get_d(q, MPFR_RNDU);
		if (rel > s->worst2) {
			s->worst2 = rel;
			snprintf(s->worst2_cmd, sizeof s->worst2_cmd, "%s", cmd);
		}
	} else {
		s->cnt[C_BIG]++;
	}
	if (mpfr_cmp(err, allow) > 0) {
		char *tv = NULL;
		if (mpfr_asprintf(&tv, "%.20Rg", P) < 0)
			tv = NULL;
		fail(s, cmd, "%s: degrade_p %s, truth %s (%.3g ulp)", deg_name[w], v, tv ? tv : "?",
		     *ulps);
		mpfr_free_str(tv);
		rc = -1;
	}
out:
	mpfr_clears(x, P, q, u, err, allow, (mpfr_ptr)0);
	return rc;
}

static int deg_col(char **h, int nh, const char *name)
{
	for (int i = 0; i < nh; i++)
		if (!strcmp(h[i], name))
			return i;
	return -1;
}

/* e^l - 1/2 in double */
static double deg_minus_half(const mpfr_t l)
{
	mpfr_t v;
	mpfr_init2(v, PREC);
	mpfr_exp(v, l, MPFR_RNDN);
	mpfr_sub_d(v, v, 0.5, MPFR_RNDN);
	double r = mpfr_get_d(v, MPFR_RNDN);
	mpfr_clear(v);
	return r;
}

/* A refusal: right where T >= K (t + 1), the root above ser 0.5 (inverse) or
 * K Var[X] above 4e5; else a failure. */
static void deg_refused(int w, const struct dpoint *pt, const char *msg, const char *cmd)
{
	struct stats *s = &dst[w];
	const struct rscode *c = &deg_pool[pt->code];
	if (pt->S >= pt->K * (c->t + 1)) {
		if (w == D_SER)
			s->refused_ok++;
		else
			fail(s, cmd, "%s: refused (%s); the alarm cannot fire: degrade_p is 0", deg_name[w],
			     msg);
		return;
	}
	double ser = w == D_SER ? 0.5 : pt->ser, mean, var;
	if (w == D_SER) {
		mpfr_t le, gt;
		mpfr_inits2(PREC, le, gt, (mpfr_ptr)0);
		int rc = truth_degrade(le, gt, c->n, c->t, 0.5, pt->K, pt->S);
		int above = rc == 0 && mpfr_cmp_d(gt, -0.69314718055994531) < 0;
		mpfr_clears(le, gt, (mpfr_ptr)0);
		if (rc != 0) {
			s->oracle_doubt++;
			return;
		}
		if (above) {
			s->refused_ok++;
			s->cnt[C_ABOVE]++;
			return;
		}
	}
	deg_moments(c, ser, &mean, &var);
	if (pt->K * var > 4e5) {
		s->refused_ok++;
		return;
	}
	fail(s, cmd, "%s: refused inside the domain (K Var[X] = %.3g): %s", deg_name[w], pt->K * var,
	     msg);
}

struct deg_ctx {
	int w;
	const struct dpoint *pts;
	char **rowv; /* one output row a point, NULL where already failed */
	char **hdrv; /* its header */
};

static void deg_check_one(int w, const struct dpoint *pt, char *hdr, char *row)
{
	struct stats *s = &dst[w];
	const struct rscode *c = &deg_pool[pt->code];
	char cmd[512], hb[4096], *hf[64], *rf[64];
	deg_repro(cmd, sizeof cmd, w == D_SER, pt);
	snprintf(hb, sizeof hb, "%s", hdr);
	int nh = split_csv(hb, hf, 64), nr = split_csv(row, rf, 64);
	const char *err = cell(rf, nr, deg_col(hf, nh, "error"));
	const char *pv = cell(rf, nr, deg_col(hf, nh, "degrade_p"));
	const char *sv = cell(rf, nr, deg_col(hf, nh, "ser"));
	if (pt->S + 1 > pt->K + 1 && pt->S < pt->K * (c->t + 1))
		s->cnt[C_NEG]++;
	if (*err) {
		deg_refused(w, pt, err, cmd);
		return;
	}
	mpfr_t le, gt;
	mpfr_inits2(PREC, le, gt, (mpfr_ptr)0);
	double ulps = 0;
	if (w == D_P) {
		if (truth_degrade(le, gt, c->n, c->t, pt->ser, pt->K, pt->S) != 0) {
			s->oracle_doubt++;
			if (getenv("ORACLE_DEBUG"))
				fprintf(stderr, "doubt: the truth did not settle: %s\n", cmd);
			goto out;
		}
		s->n++;
		if (deg_check_value(w, pv, gt, le, cmd, &ulps) == 0)
			note(s, ulps, "degrade_p ulp", cmd);
		goto out;
	}
	/* the inverse: the printed SER x, the truth at x and x -+ 4 ulp */
	double x = strtod(sv, NULL);
	if (!*sv || !(x > 0 && x <= 0.5)) {
		fail(s, cmd, "%s: ser '%s' is not a SER of the domain", deg_name[w], sv);
		goto out;
	}
	if (pt->S >= pt->K * (c->t + 1)) {
		fail(s, cmd, "%s: ser %s where the alarm cannot fire", deg_name[w], sv);
		goto out;
	}
	double u = ldexp(1.0, ilogb(x) - 52), xl = x - DEG_ROOT_ULP * u, xh = x + DEG_ROOT_ULP * u;
	mpfr_t le1, gt1, le2, gt2, half, a, b;
	mpfr_inits2(PREC, le1, gt1, le2, gt2, half, a, b, (mpfr_ptr)0);
	int rc = truth_degrade(le, gt, c->n, c->t, x, pt->K, pt->S) |
	         truth_degrade(le1, gt1, c->n, c->t, xl, pt->K, pt->S) |
	         truth_degrade(le2, gt2, c->n, c->t, fmin(xh, 0.5), pt->K, pt->S);
	if (rc != 0) {
		s->oracle_doubt++;
		if (getenv("ORACLE_DEBUG"))
			fprintf(stderr, "doubt: the truth did not settle: %s\n", cmd);
	} else {
		s->n++;
		/* distance to the root in ulps: 8 (P(x) - 1/2) / (P(x+4u) - P(x-4u)) */
		mpfr_exp(a, gt2, MPFR_RNDN);
		mpfr_exp(b, gt1, MPFR_RNDN);
		mpfr_sub(b, a, b, MPFR_RNDN);
		mpfr_exp(a, gt, MPFR_RNDN);
		mpfr_sub_d(a, a, 0.5, MPFR_RNDN);
		mpfr_div(a, a, b, MPFR_RNDN);
		mpfr_mul_d(a, a, 2 * DEG_ROOT_ULP, MPFR_RNDN);
		double off = fabs(mpfr_get_d(a, MPFR_RNDN));
		mpfr_log_ui(half, 2, MPFR_RNDN);
		mpfr_neg(half, half, MPFR_RNDN);
		/* ambiguous: the bracket's two ends within 1e-25 of 1/2 */
		mpfr_sub(b, gt2, gt1, MPFR_RNDN);
		if (mpfr_cmp_d(b, 1e-25) < 0) {
			s->ambiguous++;
		} else if (mpfr_cmp(gt1, half) > 0 || mpfr_cmp(gt2, half) < 0) {
			fail(s, cmd, "%s: ser %s is %.3g ulp from the root (P[Y > T] - 1/2 %.3g at ser - %g ulp, "
			             "%.3g at ser + %g ulp)",
			     deg_name[w], sv, off, deg_minus_half(gt1), DEG_ROOT_ULP,
			     deg_minus_half(gt2), DEG_ROOT_ULP);
		} else {
			note(s, off, "ser ulp from root", cmd);
		}
		if (deg_check_value(w, pv, gt, le, cmd, &ulps) == 0)
			note(s, ulps, "degrade_p ulp", cmd);
	}
	mpfr_clears(le1, gt1, le2, gt2, half, a, b, (mpfr_ptr)0);
out:
	mpfr_clears(le, gt, (mpfr_ptr)0);
}

static void deg_range(void *ctx, int lo, int hi)
{
	struct deg_ctx *x = ctx;
	for (int i = lo; i < hi; i++)
		if (x->rowv[i])
			deg_check_one(x->w, &x->pts[i], x->hdrv[i], x->rowv[i]);
}

/*
 * One batch: a bercl run a code (--code applies to a whole run), rows
 * id,[ser,]degrade_interval,degrade_threshold; or, --per-point, a run a
 * point on its flags (the command a failure prints). Every output row is
 * held against its point by id; a lost or added row is a failure.
 */
static int run_degrade(int w, const struct dpoint *pts, int n)
{
	struct stats *s = &dst[w];
	char **rowv = calloc((size_t)n + 1, sizeof *rowv), **hdrv = calloc((size_t)n + 1, sizeof *hdrv);
	char in[600], out[700], errf[700], cmd[512];
	snprintf(in, sizeof in, "%s/%s.csv", opt.dir, deg_name[w]);
	snprintf(out, sizeof out, "%s.out", in);
	snprintf(errf, sizeof errf, "%s.err", in);
	if (!rowv || !hdrv)
		return -1;
	char *line = NULL, *f[64];
	size_t cap = 0;
	char **hdrs = calloc(DEG_POOL + 2, sizeof *hdrs);
	if (!hdrs)
		return -1;
	for (int code = 0; code < DEG_POOL + 2; code++) {
		int any = 0;
		for (int i = 0; i < n && !any; i++)
			any = pts[i].code == code;
		if (!any)
			continue;
		for (int i = 0; i < n && opt.per_point; i++) {
			if (pts[i].code != code)
				continue;
			const struct dpoint *pt = &pts[i];
			char *argv[16];
			int k = 0;
			argv[k++] = (char *)opt.bercl;
			argv[k++] = "fec";
			argv[k++] = "--code";
			argv[k++] = deg_pool[code].name;
			if (w == D_P) {
				argv[k++] = "--ser";
				argv[k++] = (char *)pt->s;
			}
			argv[k++] = "--degrade-interval";
			argv[k++] = (char *)pt->ks;
			argv[k++] = "--degrade-threshold";
			argv[k++] = (char *)pt->ts;
			argv[k++] = "-f";
			argv[k++] = "csv";
			argv[k] = NULL;
			int code_rc = run_argv(argv, out, errf, 600);
			deg_repro(cmd, sizeof cmd, w == D_SER, pt);
			FILE *fp = fopen(out, "r");
			char *h = NULL, *r = NULL;
			int rows = 0;
			while (fp && getline(&line, &cap, fp) >= 0) {
				if (!h)
					h = strdup(line);
				else if (rows++ == 0)
					r = strdup(line);
			}
			if (fp)
				fclose(fp);
			char em[1024] = "";
			int nerr = 0;
			fp = fopen(errf, "r");
			while (fp && getline(&line, &cap, fp) >= 0)
				if (strncmp(line, "bercl: warning: ", 16) != 0 && nerr++ == 0) {
					snprintf(em, sizeof em, "%s", line);
					em[strcspn(em, "\r\n")] = '\0';
				}
			if (fp)
				fclose(fp);
			if (code_rc == 0 && h && rows == 1 && nerr == 0) {
				hdrv[i] = h;
				rowv[i] = r;
				continue;
			}
			if (code_rc == 2 && !h && nerr == 1 && !strncmp(em, "bercl: ", 7)) {
				/* a refusal: a row of its message alone */
				hdrv[i] = strdup("error\n");
				size_t L = strlen(em) + 8;
				rowv[i] = malloc(L);
				char *wp = rowv[i];
				put_field(&wp, rowv[i] + L - 1, em + 7, 1);
				free(h);
				free(r);
				continue;
			}
			printf("FAIL %s: exit status %d, %d rows on stdout, %d messages%s%s\n     %s\n",
			       deg_name[w], code_rc, rows, nerr, *em ? ": " : "", em, cmd);
			s->fails++;
			free(h);
			free(r);
		}
		if (opt.per_point)
			continue;
		FILE *fp = fopen(in, "w");
		if (!fp)
			return -1;
		fprintf(fp, w == D_P ? "id,ser,degrade_interval,degrade_threshold\n"
		                     : "id,degrade_interval,degrade_threshold\n");
		int rows_in = 0;
		for (int i = 0; i < n; i++) {
			if (pts[i].code != code)
				continue;
			rows_in++;
			if (w == D_P)
				fprintf(fp, "%d,%s,%s,%s\n", i, pts[i].s, pts[i].ks, pts[i].ts);
			else
				fprintf(fp, "%d,%s,%s\n", i, pts[i].ks, pts[i].ts);
		}
		fclose(fp);
		char *argv[] = {(char *)opt.bercl, "fec", "--code", deg_pool[code].name, "-i", in, "-f",
		                "csv", NULL};
		int rc = run_argv(argv, out, errf, 3600);
		char bcmd[1024];
		snprintf(bcmd, sizeof bcmd, "bercl fec --code %s -i %s -f csv", deg_pool[code].name, in);
		if (rc != 0 && rc != 2) {
			printf("FAIL %s: bercl exited with status %d (%s)\n", deg_name[w], rc, bcmd);
			s->fails++;
		}
		fp = fopen(out, "r");
		if (!fp || getline(&line, &cap, fp) < 0) {
			printf("FAIL %s: no output (%s)\n", deg_name[w], bcmd);
			s->fails++;
			if (fp)
				fclose(fp);
			continue;
		}
		hdrs[code] = strdup(line);
		char hb[4096];
		snprintf(hb, sizeof hb, "%s", line);
		int nh = split_csv(hb, f, 64), idc = deg_col(f, nh, "id");
		int rows = 0, extra = 0, expect = 0;
		while (getline(&line, &cap, fp) >= 0) {
			while (expect < n && pts[expect].code != code)
				expect++;
			if (expect >= n) {
				extra++;
				continue;
			}
			char *copy = strdup(line);
			int nf = split_csv(line, f, 64);
			int id = atoi(cell(f, nf, idc));
			if (id != expect) {
				printf("FAIL %s: row for point %d came out as %d (%s)\n", deg_name[w], expect, id,
				       bcmd);
				s->fails++;
				free(copy);
				break;
			}
			rowv[id] = copy;
			hdrv[id] = hdrs[code];
			rows++;
			expect++;
		}
		fclose(fp);
		if (rows != rows_in || extra) {
			printf("FAIL %s: %d rows in, %d out (%s)\n", deg_name[w], rows_in, rows + extra, bcmd);
			s->fails++;
		}
	}
	free(line);
	struct deg_ctx x = {w, pts, rowv, hdrv};
	forked(s, deg_name[w], n, deg_range, &x);
	for (int i = 0; i < n; i++) {
		free(rowv[i]);
		if (opt.per_point)
			free(hdrv[i]);
	}
	for (int code = 0; code < DEG_POOL + 2; code++)
		free(hdrs[code]);
	free(hdrs);
	free(rowv);
	free(hdrv);
	return 0;
}

static int run_degrade_answer(int w, long count, long skip, long batch, uint64_t seed)
{
	struct dpoint *pts = malloc(sizeof *pts * (size_t)batch);
	if (!pts)
		return -1;
	seed_rng(seed * 16 + 13 + (uint64_t)w);
	for (long k = 0; k < skip; k++)
		gen_dpoint(&pts[0], w == D_SER);
	dst[w].worst = 0;
	for (long done = 0; done < count;) {
		int n = (int)(count - done < batch ? count - done : batch);
		for (int i = 0; i < n; i++)
			gen_dpoint(&pts[i], w == D_SER);
		if (run_degrade(w, pts, n) != 0) {
			free(pts);
			return -1;
		}
		done += n;
		if (opt.progress)
			printf("progress %s: %ld done, %ld checked, %ld failures, worst %.3g\n", deg_name[w],
			       done, dst[w].n, dst[w].fails, dst[w].worst);
		fflush(stdout);
	}
	free(pts);
	return 0;
}

/*
 * The degrade truth against tests/data/degrade_ref.csv (mpmath, 80 digits:
 * code,n,k,m,ser,interval,threshold,degrade_p,one_minus_degrade_p): both
 * tails within 1e-25 relative (the table prints 30 digits).
 */
static int selfcheck_degrade(const char *path)
{
	FILE *fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "oracle: cannot open %s\n", path);
		return 2;
	}
	char *line = NULL, *f[16];
	size_t cap = 0;
	int rows = 0, bad = 0;
	double worst = 0;
	mpfr_t le, gt, v, t;
	mpfr_inits2(PREC, le, gt, v, t, (mpfr_ptr)0);
	while (getline(&line, &cap, fp) >= 0) {
		if (rows++ == 0)
			continue; /* the header */
		int nf = split_csv(line, f, 16);
		if (nf < 9)
			continue;
		int n = atoi(f[1]), k = atoi(f[2]);
		double ser = strtod(f[4], NULL), K = strtod(f[5], NULL), S = strtod(f[6], NULL);
		if (truth_degrade(le, gt, n, (n - k) / 2, ser, K, S) != 0) {
			printf("selfcheck-degrade: doubtful truth on line %d\n", rows);
			bad++;
			continue;
		}
		for (int side = 0; side < 2; side++) {
			mpfr_set_str(v, f[7 + side], 10, MPFR_RNDN);
			mpfr_exp(t, side ? le : gt, MPFR_RNDN);
			mpfr_sub(t, t, v, MPFR_RNDN);
			mpfr_div(t, t, v, MPFR_RNDN);
			double e = fabs(mpfr_get_d(t, MPFR_RNDN));
			if (e > worst)
				worst = e;
			if (!(e <= 1e-25)) {
				printf("selfcheck-degrade: line %d (%s K=%s T=%s ser=%s): %s %.3g relative\n",
				       rows, f[0], f[5], f[6], f[4], side ? "P[Y <= T]" : "P[Y > T]", e);
				bad++;
			}
		}
	}
	mpfr_clears(le, gt, v, t, (mpfr_ptr)0);
	free(line);
	fclose(fp);
	printf("selfcheck-degrade: %d rows of %s, worst relative %.3g, %d bad\n", rows - 1, path, worst,
	       bad);
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 20);
	long count = 200, batch = 4000, skip = 0, ccount = -1, dcount = -1, scount = -1, qcheck = 0;
	const char *only = NULL;
	opt.out = stdout;
	truth_init();
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--selfcheck") && v)
			return selfcheck(v);
		else if (!strcmp(a, "--selfcheck-degrade") && v)
			return selfcheck_degrade(v);
		else if (!strcmp(a, "--quantile-check") && v && atol(v) >= 1)
			qcheck = atol(v), i++;
		else if (!strcmp(a, "--bercl") && v)
			opt.bercl = v, i++;
		else if (!strcmp(a, "--seed") && v)
			seed = strtoull(v, NULL, 10), i++;
		else if (!strcmp(a, "--count") && v)
			count = atol(v), i++;
		else if (!strcmp(a, "--clustered-count") && v)
			ccount = atol(v), i++;
		else if (!strcmp(a, "--degrade-count") && v)
			dcount = atol(v), i++;
		else if (!strcmp(a, "--degrade-ser-count") && v)
			scount = atol(v), i++;
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
			                "cl-poisson|...] [--clustered-count N] [--degrade-count N]\n"
			                "       [--degrade-ser-count N]\n"
			                "       [--tol T] [--dir DIR] [--batch N] [--jobs J]\n"
			                "       [--per-point] [--skip K] [--progress] [--max-print K]\n"
			                "       oracle --selfcheck FILE\n"
			                "       oracle --selfcheck-degrade FILE\n"
			                "       oracle --quantile-check K [--seed S]\n");
			return 2;
		}
	}
	if (qcheck)
		return quantile_check(qcheck, seed);
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
	clus_init();
	for (int w = 0; w < NCLUS; w++) {
		if (only && !strstr(clus_name[w], only))
			continue;
		if (run_clustered((enum clus)w, ccount >= 0 ? ccount : count, skip, seed) != 0) {
			fprintf(stderr, "oracle: cannot write or read in %s\n", opt.dir);
			return 2;
		}
	}
	deg_make_pool(seed);
	for (int w = 0; w < NDEG; w++) {
		if (only && !strstr(deg_name[w], only))
			continue;
		long n = w == D_SER && scount >= 0 ? scount : dcount >= 0 ? dcount : count;
		if (run_degrade_answer(w, n, skip, batch, seed) != 0) {
			fprintf(stderr, "oracle: cannot write or read in %s\n", opt.dir);
			return 2;
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
	for (int w = 0; w < NCLUS; w++) {
		struct stats *s = &cst[w];
		if (only && !strstr(clus_name[w], only))
			continue;
		printf("%-14s %8ld %8ld %6ld %6ld %6ld %11.3g  %s %s\n", clus_name[w], s->n, s->refused_ok,
		       s->ambiguous, s->oracle_doubt, s->fails, s->worst, s->worst_what, s->worst_cmd);
		printf("  %ld logs (%ld cumulative), %ld points unbounded, %ld in the rounding envelope; "
		       "dispersion_upper worst rel %.3g, dispersion %.3g; %ld logs with df > 2000, "
		       "Wilson-Hilferty moves dispersion_upper by at most %.3g\n",
		       cx[w].logs, cx[w].cumulative, cx[w].unbounded, cx[w].envelope, cx[w].worst_phi,
		       cx[w].worst_disp, cx[w].wh, cx[w].worst_wh);
		fails += s->fails;
	}
	for (int w = 0; w < NDEG; w++) {
		struct stats *s = &dst[w];
		if (only && !strstr(deg_name[w], only))
			continue;
		printf("%-14s %8ld %8ld %6ld %6ld %6ld %11.3g  %s %s\n", deg_name[w], s->n, s->refused_ok,
		       s->ambiguous, s->oracle_doubt, s->fails, s->worst, s->worst_what, s->worst_cmd);
		printf("  degrade_p <= 1/2 on %ld points (worst relative error %.3g: %s), above 1/2 on "
		       "%ld, below DBL_MIN on %ld; %ld with T > K (the truth's cancelling terms); "
		       "%ld values more than %.3g ulp off\n",
		       s->cnt[C_SMALL], s->worst2, s->worst2_cmd, s->cnt[C_BIG], s->cnt[C_SUB],
		       s->cnt[C_NEG], s->cnt[C_ULP], DEG_TOL_ULP);
		if (w == D_SER)
			printf("  %ld refused with the root above ser 0.5 (the library's search ends there)\n",
			       s->cnt[C_ABOVE]);
		fails += s->fails;
	}
	printf("oracle: seed %llu, %ld failures, %ld s\n", (unsigned long long)seed, fails,
	       (long)(time(NULL) - t0));
	free(pts);
	return fails ? 1 : 0;
}
