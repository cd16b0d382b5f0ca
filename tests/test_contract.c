/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_contract.c - the promises of <bercl.h>, as a grid: every public
 * function is called on the special values (NaN, +-inf, -1, +-0, the
 * smallest subnormal, a subnormal, DBL_MIN, 2^53 - 1, 2^53, 2^53 + 2 (2^53 + 1
 * is no double: it rounds to 2^53), 1e300, DBL_MAX
 * and the values near the documented limits) in every combination its
 * arguments allow, and on seeded random values, and each call is held to
 * the header's contract:
 *   - a result is written only on BERCL_OK (outputs are pre-filled with a
 *     byte pattern and compared after a failure);
 *   - no NaN or infinity comes back with BERCL_OK (a logarithm may be -inf
 *     only for a probability that is exactly 0, as the header says);
 *   - every probability is in [0, 1] (tails, BER bounds, risks, SER, CER);
 *   - every documented domain and limit gives its status (the expected
 *     status is worked out here from the header's text, not from lib/).
 * This file includes <bercl.h> and nothing else of the project, and links
 * -lbercl, as test_api does; `make check` runs it (in CI under ASan and
 * UBSan, where an out-of-bounds read or an overflow fails it too).
 *
 * A failure prints the call, the rule it broke and the values; the summary
 * gives the number of calls and of broken rules per function.
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <bercl.h>

#define TWO53 9007199254740992.0
#define MIN_SUB 4.9406564584124654e-324

/* The special values of every double argument. */
static const double special[] = {
	NAN, INFINITY, -INFINITY, -1.0, -0.0, 0.0, MIN_SUB, 1e-310, DBL_MIN, 1e-300,
	1e-12, 0.5, 1.0, 3.0, TWO53 - 1.0, TWO53, TWO53 + 2.0, 1e300, DBL_MAX,
};
#define NSPECIAL (sizeof special / sizeof special[0])

/* Target pairs (cl, one_minus_cl): consistent ones at the edges of the
 * documented domain, and inconsistent or invalid ones. */
static const double targets[][2] = {
	{0.95, 0.05},
	{0.5, 0.5},
	{1e-20, 1.0},
	{1.0, 1e-20},
	{1.0, 1e-300},
	{1.0, DBL_MIN},
	{DBL_MIN, 1.0},
	{1.0, 1e-310},         /* a subnormal complement */
	{1e-310, 1.0},
	{1.0, MIN_SUB},
	{MIN_SUB, MIN_SUB},    /* inconsistent: they do not add to 1 */
	{0.3, 0.3},            /* inconsistent */
	{0.95, 0.95},          /* inconsistent */
	{1.0, 1.0},
	{1.0, 0.001},          /* inconsistent: 1 with a complement above 1e-15 */
	{0.0, 1.0},
	{1.0, 0.0},
	{NAN, 0.05},
	{0.95, NAN},
	{INFINITY, -INFINITY},
	{-0.5, 1.5},
	{0.999999, 1e-6},
};
#define NTARGETS (sizeof targets / sizeof targets[0])

/* ---- bookkeeping ---- */

enum rule { R_WRITTEN, R_NONFINITE, R_RANGE, R_STATUS, R_OTHER, NRULES };
static const char *rule_name[NRULES] = {
	"result written on failure", "NaN or inf with BERCL_OK", "probability outside [0, 1]",
	"wrong status for a documented domain or limit", "other promise",
};

static long calls, broken[NRULES], total_broken;
static const char *current;
static char call_text[512];

static void set_call(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(call_text, sizeof call_text, fmt, ap);
	va_end(ap);
	calls++;
}

static void breaks(enum rule r, const char *fmt, ...)
{
	broken[r]++;
	if (total_broken++ < 40) {
		char what[256];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(what, sizeof what, fmt, ap);
		va_end(ap);
		printf("  %s: %s: %s (%s)\n", current, rule_name[r], call_text, what);
	}
}

static void begin(const char *name)
{
	current = name;
	calls = 0;
	total_broken = 0;
	memset(broken, 0, sizeof broken);
}

static void end(void)
{
	printf("  %s: %ld calls", current, calls);
	for (int r = 0; r < NRULES; r++)
		if (broken[r])
			printf(", %ld %s", broken[r], rule_name[r]);
	printf("\n");
	if (total_broken)
		fail_msg("%s: %ld promises broken in %ld calls", current, total_broken, calls);
}

/* ---- the output pattern ---- */

#define PATTERN 0xA5
static void poison(void *p, size_t n)
{
	memset(p, PATTERN, n);
}

static int untouched(const void *p, size_t n)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++)
		if (c[i] != PATTERN)
			return 0;
	return 1;
}

#define CHECK_UNTOUCHED(st, obj)                                                       \
	do {                                                                           \
		if ((st) != BERCL_OK && !untouched(&(obj), sizeof(obj)))              \
			breaks(R_WRITTEN, "status %d, %s changed", (int)(st), #obj);  \
	} while (0)

/* ---- what a result must be ---- */

static int is_prob(double x)
{
	return x >= 0.0 && x <= 1.0;
}

static void check_double(const char *name, double x)
{
	if (!isfinite(x))
		breaks(R_NONFINITE, "%s = %g", name, x);
}

static void check_prob(const char *name, double x)
{
	if (!isfinite(x))
		breaks(R_NONFINITE, "%s = %g", name, x);
	else if (!is_prob(x))
		breaks(R_RANGE, "%s = %.17g", name, x);
}

/* ln p of a probability p: finite and at most 0, or -inf for p = 0 exactly. */
static void check_ln(const char *name, bercl_lnprob l, double value)
{
	if (isnan(l.hi) || isnan(l.lo) || l.hi == INFINITY || isinf(l.lo) ||
	    (l.hi == -INFINITY && value != 0.0))
		breaks(R_NONFINITE, "%s = %g + %g (value %g)", name, l.hi, l.lo, value);
	else if (l.hi > 0)
		breaks(R_RANGE, "%s = %.17g above 0", name, l.hi);
}

static void check_tails(const char *name, const bercl_tails *t)
{
	char n[64];
	snprintf(n, sizeof n, "%s.cl", name);
	check_prob(n, t->cl);
	snprintf(n, sizeof n, "%s.one_minus_cl", name);
	check_prob(n, t->one_minus_cl);
	snprintf(n, sizeof n, "%s.ln_cl", name);
	check_ln(n, t->ln_cl, t->cl);
	snprintf(n, sizeof n, "%s.ln_one_minus_cl", name);
	check_ln(n, t->ln_one_minus_cl, t->one_minus_cl);
	/* the two tails add to 1, and each value is its logarithm's */
	if (isfinite(t->cl) && isfinite(t->one_minus_cl) &&
	    !(fabs(t->cl + t->one_minus_cl - 1.0) <= 4 * DBL_EPSILON))
		breaks(R_OTHER, "%s: cl + one_minus_cl = %.17g", name, t->cl + t->one_minus_cl);
	if (t->cl >= DBL_MIN && !(bercl_rel_diff(bercl_lnprob_value(t->ln_cl), t->cl) < 1e-13))
		breaks(R_OTHER, "%s: cl %.17g but exp(ln_cl) %.17g", name, t->cl,
		       bercl_lnprob_value(t->ln_cl));
	if (t->one_minus_cl >= DBL_MIN &&
	    !(bercl_rel_diff(bercl_lnprob_value(t->ln_one_minus_cl), t->one_minus_cl) < 1e-13))
		breaks(R_OTHER, "%s: one_minus_cl %.17g but exp(ln) %.17g", name, t->one_minus_cl,
		       bercl_lnprob_value(t->ln_one_minus_cl));
}

static void check_status(enum bercl_status st, enum bercl_status want)
{
	if (st != want)
		breaks(R_STATUS, "status %d, the header says %d", (int)st, (int)want);
}

/* Status in the domain: OK or one of the limits the header names; outside it: EDOM. */
static void check_domain_status(enum bercl_status st, int in_domain, int limit_allowed)
{
	if (!in_domain) {
		check_status(st, BERCL_EDOM);
	} else if (st == BERCL_EDOM || st == BERCL_ENOCONV ||
	           (st == BERCL_ELIMIT && !limit_allowed) ||
	           (st != BERCL_OK && st != BERCL_ELIMIT)) {
		breaks(R_STATUS, "status %d inside the domain", (int)st);
	}
}

/* ---- the header's domains, restated ---- */

static int whole(double x)
{
	return isfinite(x) && x == floor(x);
}

static int valid_errors(double e)
{
	return whole(e) && e >= 0 && e <= BERCL_MAX_ERRORS;
}

/* A normalized double-double: hi + lo rounds to hi. */
static int normalized(double hi, double lo)
{
	return isfinite(lo) && hi + lo == hi;
}

static int poisson_domain(double e, double hi, double lo)
{
	return valid_errors(e) && hi >= BERCL_MIN_LAMBDA && hi <= BERCL_MAX_LAMBDA &&
	       normalized(hi, lo);
}

/* Both in (0, 1], adding to 1 (each within its rounding), either one 1
 * only when the other is below 1e-15. */
static int target_domain(double cl, double omc)
{
	if (!(cl > 0 && cl <= 1 && omc > 0 && omc <= 1))
		return 0;
	if ((cl == 1 && !(omc < 1e-15)) || (omc == 1 && !(cl < 1e-15)))
		return 0;
	return fabs((cl - 1.0) + omc) <= 4 * DBL_EPSILON;
}

/* A target whose smaller side is below the normal doubles: ELIMIT. */
static int target_subnormal(double cl, double omc)
{
	return fmin(cl, omc) < DBL_MIN;
}

/* ---- random values ---- */

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t next_u64(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double uniform(void)
{
	return (double)(next_u64() >> 11) * 0x1p-53;
}

/* 10^u, u uniform in [lo, hi]. */
static double log_uniform(double lo, double hi)
{
	return pow(10.0, lo + (hi - lo) * uniform());
}

/* A special value half of the time, else a draw from `draw`. */
static double pick(double (*draw)(void))
{
	if (next_u64() & 1)
		return special[next_u64() % NSPECIAL];
	return draw();
}

static double draw_count(void)
{
	return floor(log_uniform(0, 16.5) - 1.0);
}

static double draw_bits(void)
{
	return next_u64() & 1 ? floor(log_uniform(0, 20)) : log_uniform(-2, 301);
}

static double draw_ber(void)
{
	return log_uniform(-310, 0);
}

static double draw_lambda(void)
{
	return log_uniform(-305, 305);
}

static double draw_any(void)
{
	double x = log_uniform(-320, 308);
	return next_u64() & 1 ? -x : x;
}

/* ---- the grid, one function at a time ---- */

static void poisson_call(double e, double hi, double lo)
{
	bercl_tails t;
	poison(&t, sizeof t);
	set_call("bercl_poisson_tails(%.17g, %.17g, %.17g)", e, hi, lo);
	enum bercl_status st = bercl_poisson_tails(e, hi, lo, &t);
	int dom = poisson_domain(e, hi, lo);
	check_status(st, dom ? BERCL_OK : BERCL_EDOM);
	CHECK_UNTOUCHED(st, t);
	if (st == BERCL_OK)
		check_tails("t", &t);

	double cl, omc;
	poison(&cl, sizeof cl);
	poison(&omc, sizeof omc);
	set_call("bercl_poisson_values(%.17g, %.17g, %.17g)", e, hi, lo);
	st = bercl_poisson_values(e, hi, lo, &cl, &omc);
	check_status(st, dom ? BERCL_OK : BERCL_EDOM);
	CHECK_UNTOUCHED(st, cl);
	CHECK_UNTOUCHED(st, omc);
	if (st == BERCL_OK) {
		check_prob("cl", cl);
		check_prob("one_minus_cl", omc);
	}
	if (lo == 0) {
		set_call("bercl_poisson_cl(%.17g, %.17g)", e, hi);
		double c = bercl_poisson_cl(e, hi), q = bercl_poisson_one_minus_cl(e, hi);
		if (dom) {
			check_prob("bercl_poisson_cl", c);
			check_prob("bercl_poisson_one_minus_cl", q);
		} else if (!isnan(c) || !isnan(q)) {
			breaks(R_STATUS, "outside the domain: %g, %g, not NaN", c, q);
		}
	}
}

static void test_poisson_tails(void **state)
{
	(void)state;
	begin("bercl_poisson_tails/values/cl");
	const double los[] = {0.0, -0.0, NAN, INFINITY, -INFINITY, -1.0, 1e-320, -1e-300,
	                      1e-17, DBL_MAX};
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < NSPECIAL; j++)
			for (size_t k = 0; k < sizeof los / sizeof los[0]; k++)
				poisson_call(special[i], special[j], los[k]);
	for (int i = 0; i < 20000; i++) {
		double hi = pick(draw_lambda);
		double lo = next_u64() % 4 ? 0.0 : (uniform() - 0.5) * hi * 0x1p-52;
		if (next_u64() % 8 == 0)
			lo = pick(draw_any);
		poisson_call(pick(draw_count), hi, lo);
	}
	end();
}

/* The binomial domain and limits of bercl_binomial_tails(). */
static enum bercl_status binomial_expected(double e, double n, double p)
{
	if (!valid_errors(e) || !whole(n) || !(n >= e && n >= 1) || !(p > 0 && p < 1))
		return BERCL_EDOM;
	if (n > BERCL_BINOMIAL_MAX_BITS)
		return BERCL_ELIMIT;
	if (e == n)
		return BERCL_OK;
	double v = n * p * (1 - p);
	if (v > BERCL_BINOMIAL_MAX_SD * BERCL_BINOMIAL_MAX_SD &&
	    fabs(e + 0.5 - n * p) < v / BERCL_BINOMIAL_FAR)
		return BERCL_ELIMIT;
	return BERCL_OK;
}

static void binomial_call(double e, double n, double p)
{
	bercl_tails t;
	poison(&t, sizeof t);
	set_call("bercl_binomial_tails(%.17g, %.17g, %.17g)", e, n, p);
	enum bercl_status st = bercl_binomial_tails(e, n, p, &t);
	enum bercl_status want = binomial_expected(e, n, p);
	/* at the work limit's edge the rounding of n p q is the library's */
	double v = n * p * (1 - p);
	int edge = want != BERCL_EDOM && v > 1e10 &&
	           fabs(fabs(e + 0.5 - n * p) - v / BERCL_BINOMIAL_FAR) < 1e-9 * v;
	if (!edge)
		check_status(st, want);
	CHECK_UNTOUCHED(st, t);
	if (st == BERCL_OK)
		check_tails("t", &t);

	/* bercl_binomial_values(): the same status, and the same doubles */
	{
		double cl, omc;
		poison(&cl, sizeof cl);
		poison(&omc, sizeof omc);
		set_call("bercl_binomial_values(%.17g, %.17g, %.17g)", e, n, p);
		enum bercl_status sv = bercl_binomial_values(e, n, p, &cl, &omc);
		if (sv != st)
			breaks(R_STATUS, "status %d, bercl_binomial_tails %d", (int)sv, (int)st);
		CHECK_UNTOUCHED(sv, cl);
		CHECK_UNTOUCHED(sv, omc);
		if (sv == BERCL_OK && st == BERCL_OK &&
		    (memcmp(&cl, &t.cl, sizeof cl) != 0 || memcmp(&omc, &t.one_minus_cl, sizeof omc) != 0))
			breaks(R_OTHER, "%a, %a; bercl_binomial_tails %a, %a", cl, omc, t.cl,
			       t.one_minus_cl);
		/* one tail alone (the other pointer NULL): the same double */
		double one;
		for (int k = 0; k < 2; k++) {
			poison(&one, sizeof one);
			set_call("bercl_binomial_values(%.17g, %.17g, %.17g, %s)", e, n, p,
			         k == 0 ? "cl alone" : "one_minus_cl alone");
			sv = bercl_binomial_values(e, n, p, k == 0 ? &one : NULL, k == 1 ? &one : NULL);
			if (sv != st)
				breaks(R_STATUS, "status %d, bercl_binomial_tails %d", (int)sv, (int)st);
			CHECK_UNTOUCHED(sv, one);
			if (sv == BERCL_OK && st == BERCL_OK &&
			    memcmp(&one, k == 0 ? &t.cl : &t.one_minus_cl, sizeof one) != 0)
				breaks(R_OTHER, "%a; bercl_binomial_tails %a", one,
				       k == 0 ? t.cl : t.one_minus_cl);
		}
	}

	poison(&t, sizeof t);
	set_call("bercl_cl(BINOMIAL, %.17g, %.17g, %.17g)", e, n, p);
	st = bercl_cl(BERCL_BINOMIAL, e, n, p, &t);
	if (!edge)
		check_status(st, want);
	CHECK_UNTOUCHED(st, t);
	if (st == BERCL_OK)
		check_tails("t", &t);

	/* the Poisson model through bercl_cl(): lambda = bits ber, exactly */
	poison(&t, sizeof t);
	set_call("bercl_cl(POISSON, %.17g, %.17g, %.17g)", e, n, p);
	st = bercl_cl(BERCL_POISSON, e, n, p, &t);
	double lam = n * p;
	int dom = valid_errors(e) && n > 0 && p > 0 && p < 1 && lam >= BERCL_MIN_LAMBDA &&
	          lam <= BERCL_MAX_LAMBDA;
	check_status(st, dom ? BERCL_OK : BERCL_EDOM);
	CHECK_UNTOUCHED(st, t);
	if (st == BERCL_OK)
		check_tails("t", &t);
}

static double draw_p(void)
{
	return next_u64() & 1 ? log_uniform(-320, 0) : uniform();
}

static void test_binomial_tails(void **state)
{
	(void)state;
	begin("bercl_binomial_tails/bercl_cl");
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < NSPECIAL; j++)
			for (size_t k = 0; k < NSPECIAL; k++)
				binomial_call(special[i], special[j], special[k]);
	for (int i = 0; i < 4000; i++) {
		double n = pick(draw_bits), p = pick(draw_p);
		double e = next_u64() & 1 ? pick(draw_count) : floor(n * p * (0.5 + uniform()));
		binomial_call(e, n, p);
	}
	set_call("bercl_cl(model 7, 0, 1e12, 1e-12)");
	bercl_tails t;
	poison(&t, sizeof t);
	enum bercl_status st = bercl_cl((enum bercl_model)7, 0, 1e12, 1e-12, &t);
	check_status(st, BERCL_EDOM);
	CHECK_UNTOUCHED(st, t);
	end();
}

static void lambda_call(double e, double cl, double omc)
{
	double lam;
	poison(&lam, sizeof lam);
	set_call("bercl_poisson_lambda_for_cl(%.17g, %.17g, %.17g)", e, cl, omc);
	enum bercl_status st = bercl_poisson_lambda_for_cl(e, cl, omc, &lam);
	int dom = valid_errors(e) && target_domain(cl, omc);
	check_domain_status(st, dom, 1);
	if (dom && target_subnormal(cl, omc))
		check_status(st, BERCL_ELIMIT);
	CHECK_UNTOUCHED(st, lam);
	if (st == BERCL_OK) {
		check_double("lambda", lam);
		if (!(lam >= BERCL_MIN_LAMBDA && lam <= BERCL_MAX_LAMBDA))
			breaks(R_OTHER, "lambda %.17g outside [1e-300, 1e300]", lam);
	}
}

static void test_lambda_for_cl(void **state)
{
	(void)state;
	begin("bercl_poisson_lambda_for_cl");
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < NTARGETS; j++)
			lambda_call(special[i], targets[j][0], targets[j][1]);
	for (int i = 0; i < 3000; i++) {
		double c = log_uniform(-300, 0);
		double e = pick(draw_count);
		if (next_u64() & 1)
			lambda_call(e, c, 1.0 - c);
		else
			lambda_call(e, 1.0 - c, c);
	}
	end();
}

/* The Poisson bounds in two parts: bercl_ber_roots_find()'s status, and
 * bercl_ber_bounds_at() giving bercl_ber_upper()'s and bercl_ber_interval()'s
 * statuses and doubles, bit for bit. */
static void roots_calls(double e, double n, double cl, double omc)
{
	int dom = valid_errors(e) && target_domain(cl, omc);
	for (int two = 0; two < 2; two++) {
		bercl_ber_roots roots;
		set_call("bercl_ber_roots_find(%.17g, %.17g, %.17g, %d)", e, cl, omc, two);
		enum bercl_status rs = bercl_ber_roots_find(e, cl, omc, two, &roots);
		check_domain_status(rs, dom, 1);
		if (dom && target_subnormal(cl, omc))
			check_status(rs, BERCL_ELIMIT);
		double up, lo, up1, lo1 = 0.0;
		poison(&up, sizeof up);
		poison(&lo, sizeof lo);
		set_call("bercl_ber_bounds_at(roots(%.17g, %.17g, %.17g, %d), %.17g)", e, cl, omc, two,
		         n);
		enum bercl_status st = bercl_ber_bounds_at(&roots, n, &lo, &up);
		CHECK_UNTOUCHED(st, up);
		CHECK_UNTOUCHED(st, lo);
		enum bercl_status want = two ? bercl_ber_interval(BERCL_POISSON, e, n, cl, omc, &lo1, &up1)
		                             : bercl_ber_upper(BERCL_POISSON, e, n, cl, omc, &up1);
		check_status(st, want);
		if (st == BERCL_OK && want == BERCL_OK &&
		    (memcmp(&up, &up1, sizeof up) != 0 || memcmp(&lo, &lo1, sizeof lo) != 0))
			breaks(R_OTHER, "[%.17g, %.17g], the one-call bounds [%.17g, %.17g]", lo, up, lo1,
			       up1);
		if (st == BERCL_OK) {
			poison(&up1, sizeof up1);
			set_call("bercl_ber_bounds_at(roots(%.17g, %.17g, %.17g, %d), %.17g, NULL)", e, cl,
			         omc, two, n);
			if (bercl_ber_bounds_at(&roots, n, NULL, &up1) != BERCL_OK || up1 != up)
				breaks(R_OTHER, "lower NULL: upper %.17g, not %.17g", up1, up);
		}
	}
}

static void bounds_call(enum bercl_model m, double e, double n, double cl, double omc)
{
	const char *mn = m == BERCL_POISSON ? "POISSON" : "BINOMIAL";
	int dom = valid_errors(e) && target_domain(cl, omc) && n > 0 && n <= 1e300 &&
	          (m == BERCL_POISSON || (whole(n) && n >= e));
	double up, lo;
	poison(&up, sizeof up);
	set_call("bercl_ber_upper(%s, %.17g, %.17g, %.17g, %.17g)", mn, e, n, cl, omc);
	enum bercl_status st = bercl_ber_upper(m, e, n, cl, omc, &up);
	check_domain_status(st, dom, 1);
	if (dom && target_subnormal(cl, omc))
		check_status(st, BERCL_ELIMIT);
	CHECK_UNTOUCHED(st, up);
	if (st == BERCL_OK) {
		check_prob("upper", up);
		if (!(up > 0))
			breaks(R_OTHER, "upper %.17g not above 0", up);
	}
	poison(&up, sizeof up);
	poison(&lo, sizeof lo);
	set_call("bercl_ber_interval(%s, %.17g, %.17g, %.17g, %.17g)", mn, e, n, cl, omc);
	st = bercl_ber_interval(m, e, n, cl, omc, &lo, &up);
	check_domain_status(st, dom, 1);
	if (dom && target_subnormal(cl, omc))
		check_status(st, BERCL_ELIMIT);
	CHECK_UNTOUCHED(st, up);
	CHECK_UNTOUCHED(st, lo);
	if (st == BERCL_OK) {
		check_prob("lower", lo);
		check_prob("upper", up);
		if (!(lo <= up))
			breaks(R_OTHER, "lower %.17g above upper %.17g", lo, up);
		if (e == 0 && lo != 0)
			breaks(R_OTHER, "lower %.17g for E = 0", lo);
	}
	if (m == BERCL_POISSON)
		roots_calls(e, n, cl, omc);
}

static void test_ber_bounds(void **state)
{
	(void)state;
	begin("bercl_ber_upper/interval");
	for (int m = 0; m < 2; m++)
		for (size_t i = 0; i < NSPECIAL; i++)
			for (size_t j = 0; j < NSPECIAL; j++)
				for (size_t k = 0; k < NTARGETS; k++)
					bounds_call((enum bercl_model)m, special[i], special[j],
					            targets[k][0], targets[k][1]);
	for (int i = 0; i < 3000; i++) {
		double n = pick(draw_bits);
		double e = next_u64() & 1 ? pick(draw_count) : floor(n * uniform());
		double c = log_uniform(-20, 0);
		enum bercl_model m = (enum bercl_model)(next_u64() & 1);
		if (next_u64() & 1)
			bounds_call(m, e, n, c, 1.0 - c);
		else
			bounds_call(m, e, n, 1.0 - c, c);
	}
	double up, lo;
	set_call("bercl_ber_upper(model 7, 0, 1e12, 0.95, 0.05)");
	poison(&up, sizeof up);
	enum bercl_status st = bercl_ber_upper((enum bercl_model)7, 0, 1e12, 0.95, 0.05, &up);
	check_status(st, BERCL_EDOM);
	CHECK_UNTOUCHED(st, up);
	set_call("bercl_ber_interval(model 7, 0, 1e12, 0.95, 0.05)");
	poison(&up, sizeof up);
	poison(&lo, sizeof lo);
	st = bercl_ber_interval((enum bercl_model)7, 0, 1e12, 0.95, 0.05, &lo, &up);
	check_status(st, BERCL_EDOM);
	CHECK_UNTOUCHED(st, up);
	end();
}

/*
 * bercl_min_bits_memo(): the status, bits and tails of bercl_min_bits_target()
 * with a fresh memo, with the memo just filled (the same arguments), and
 * with one memo kept across every call of the grid (filled for other
 * models, counts and targets).
 */
static bercl_bits_memo kept_memo;
/* callers allocate the memo: its size is part of the BERCL_0.5 ABI (four
 * ints and fourteen doubles), and a change to it is a new symbol version */
_Static_assert(sizeof(bercl_bits_memo) == 128, "bercl_bits_memo is 128 bytes in BERCL_0.5");
static void memo_calls(enum bercl_model m, double e, double p, const bercl_target *tg,
                       enum bercl_status want, double bits, const bercl_tails *t)
{
	const char *mn = m == BERCL_POISSON ? "POISSON" : "BINOMIAL";
	bercl_bits_memo fresh = {0};
	bercl_bits_memo *memos[3] = {&fresh, &fresh, &kept_memo};
	for (int k = 0; k < 3; k++) {
		double b;
		bercl_tails tt;
		poison(&b, sizeof b);
		poison(&tt, sizeof tt);
		set_call("bercl_min_bits_memo(%s, %.17g, %.17g, {%.17g, %.17g, %.17g, %.17g}, %s)", mn,
		         e, p, tg->cl, tg->cl_lo, tg->one_minus_cl, tg->one_minus_cl_lo,
		         k == 0 ? "zeroed" : k == 1 ? "filled" : "kept");
		enum bercl_status st = bercl_min_bits_memo(m, e, p, tg, memos[k], &b, &tt);
		check_status(st, want);
		CHECK_UNTOUCHED(st, b);
		CHECK_UNTOUCHED(st, tt);
		if (st == BERCL_OK && want == BERCL_OK &&
		    (b != bits || memcmp(&tt, t, sizeof tt) != 0))
			breaks(R_OTHER, "%.17g bits, bercl_min_bits_target %.17g", b, bits);
	}
	/* bercl_min_bits_margin(): the same status and bits; its margin a lower
	 * bound of the share the compared tail passes by (as the tails' doubles
	 * give it, within their 4e-15), and beyond BERCL_MARGIN_PRINTED the tails
	 * not computed (NaN) and their doubles on the target's side; below it,
	 * the same tails */
	for (int k = 0; k < 2; k++) {
		double b, margin;
		bercl_tails tt;
		bercl_bits_memo fresh2 = {0};
		poison(&b, sizeof b);
		poison(&tt, sizeof tt);
		poison(&margin, sizeof margin);
		set_call("bercl_min_bits_margin(%s, %.17g, %.17g, {%.17g, %.17g, %.17g, %.17g}, %s)", mn,
		         e, p, tg->cl, tg->cl_lo, tg->one_minus_cl, tg->one_minus_cl_lo,
		         k == 0 ? "zeroed" : "kept");
		enum bercl_status st =
		        bercl_min_bits_margin(m, e, p, tg, k == 0 ? &fresh2 : &kept_memo, &b, &tt, &margin);
		check_status(st, want);
		CHECK_UNTOUCHED(st, b);
		if (st != BERCL_OK || want != BERCL_OK)
			continue;
		if (b != bits)
			breaks(R_OTHER, "%.17g bits, bercl_min_bits_target %.17g", b, bits);
		if (!(margin >= 0 && margin < 1))
			breaks(R_OTHER, "margin %.17g", margin);
		int upper = tg->cl > 0.5;
		double share = upper ? 1 - t->one_minus_cl / tg->one_minus_cl : t->cl / tg->cl - 1;
		if (margin > 0 && !(share >= margin * (1 - 1e-9) - 1e-14))
			breaks(R_OTHER, "margin %.17g beyond the share %.17g the tails give", margin,
			       share);
		if (margin >= BERCL_MARGIN_PRINTED) {
			if (!(isnan(tt.cl) && isnan(tt.one_minus_cl)))
				breaks(R_OTHER, "tails computed at margin %.17g", margin);
			if (!(upper ? t->one_minus_cl <= tg->one_minus_cl : t->cl >= tg->cl))
				breaks(R_OTHER, "margin %.17g but the tails' double %.17g misses", margin,
				       upper ? t->one_minus_cl : t->cl);
		} else if (memcmp(&tt, t, sizeof tt) != 0) {
			breaks(R_OTHER, "margin %.17g: tails other than bercl_min_bits_target's", margin);
		}
	}
}

static void min_bits_call(enum bercl_model m, double e, double p, double cl, double omc)
{
	const char *mn = m == BERCL_POISSON ? "POISSON" : "BINOMIAL";
	int dom = valid_errors(e) && target_domain(cl, omc) && p > 0 && p < 1;
	double bits;
	bercl_tails t;
	poison(&bits, sizeof bits);
	poison(&t, sizeof t);
	set_call("bercl_min_bits(%s, %.17g, %.17g, %.17g, %.17g)", mn, e, p, cl, omc);
	enum bercl_status st = bercl_min_bits(m, e, p, cl, omc, &bits, &t);
	check_domain_status(st, dom, 1);
	if (dom && target_subnormal(cl, omc))
		check_status(st, BERCL_ELIMIT);
	CHECK_UNTOUCHED(st, bits);
	CHECK_UNTOUCHED(st, t);
	if (st == BERCL_OK) {
		check_double("bits", bits);
		double limit = m == BERCL_BINOMIAL ? BERCL_BINOMIAL_MAX_BITS : BERCL_MAX_LAMBDA;
		if (!(whole(bits) && bits >= 1 && bits <= limit))
			breaks(R_OTHER, "bits %.17g", bits);
		check_tails("achieved", &t);
		if (!(t.cl >= cl || t.one_minus_cl <= omc))
			breaks(R_OTHER, "achieved %.17g (1 - %.17g) below the target", t.cl,
			       t.one_minus_cl);
	}
	/* the same target in double-double: low parts 0, normalized, or bad */
	{
		const double los[] = {0.0, 0x1p-60, NAN, INFINITY, 1e-3};
		double lo = los[next_u64() % 5];
		bercl_target tg = {cl, lo * cl, omc, -lo * omc};
		int good = isfinite(lo) && cl + lo * cl == cl && omc - lo * omc == omc;
		double b3;
		bercl_tails t3;
		poison(&b3, sizeof b3);
		poison(&t3, sizeof t3);
		set_call("bercl_min_bits_target(%s, %.17g, %.17g, {%.17g, %.17g, %.17g, %.17g})", mn, e,
		         p, tg.cl, tg.cl_lo, tg.one_minus_cl, tg.one_minus_cl_lo);
		enum bercl_status st3 = bercl_min_bits_target(m, e, p, &tg, &b3, &t3);
		memo_calls(m, e, p, &tg, st3, b3, &t3);
		check_domain_status(st3, dom && good, 1);
		if (dom && good && target_subnormal(cl, omc))
			check_status(st3, BERCL_ELIMIT);
		CHECK_UNTOUCHED(st3, b3);
		CHECK_UNTOUCHED(st3, t3);
		if (st3 == BERCL_OK) {
			check_double("bits", b3);
			check_tails("achieved", &t3);
			if (lo == 0 && st == BERCL_OK && b3 != bits)
				breaks(R_OTHER, "%.17g bits, bercl_min_bits %.17g", b3, bits);
		}
	}
	if (dom && (next_u64() & 7) == 0) {
		/* lanes: one lane is bercl_min_bits; several compare the product */
		int lanes = next_u64() & 1 ? 1 : 8;
		double b2;
		bercl_tails t2;
		poison(&b2, sizeof b2);
		poison(&t2, sizeof t2);
		set_call("bercl_min_bits_all_lanes(%s, %.17g, %.17g, %.17g, %.17g, %d)", mn, e, p, cl,
		         omc, lanes);
		st = bercl_min_bits_all_lanes(m, e, p, cl, omc, lanes, &b2, &t2);
		check_domain_status(st, 1, 1);
		CHECK_UNTOUCHED(st, b2);
		CHECK_UNTOUCHED(st, t2);
		if (st == BERCL_OK) {
			check_double("bits", b2);
			check_tails("achieved", &t2);
		}
	}
}

static void test_min_bits(void **state)
{
	(void)state;
	begin("bercl_min_bits/_target/all_lanes");
	for (int m = 0; m < 2; m++)
		for (size_t i = 0; i < NSPECIAL; i++)
			for (size_t j = 0; j < NSPECIAL; j++)
				for (size_t k = 0; k < NTARGETS; k++)
					min_bits_call((enum bercl_model)m, special[i], special[j],
					              targets[k][0], targets[k][1]);
	for (int i = 0; i < 1500; i++) {
		double e = next_u64() & 1 ? pick(draw_count) : floor(log_uniform(0, 3));
		double p = pick(draw_ber);
		double c = log_uniform(-30, 0);
		enum bercl_model m = (enum bercl_model)(next_u64() & 1);
		if (next_u64() & 1)
			min_bits_call(m, e, p, c, 1.0 - c);
		else
			min_bits_call(m, e, p, 1.0 - c, c);
	}
	/* lanes outside [1, 1e6] and invalid targets: EDOM */
	const int bad_lanes[] = {0, -1, 1000001};
	for (size_t i = 0; i < 3; i++) {
		double b;
		bercl_tails t;
		poison(&b, sizeof b);
		poison(&t, sizeof t);
		set_call("bercl_min_bits_all_lanes(POISSON, 0, 1e-12, 0.95, 0.05, %d)", bad_lanes[i]);
		enum bercl_status st =
			bercl_min_bits_all_lanes(BERCL_POISSON, 0, 1e-12, 0.95, 0.05, bad_lanes[i], &b, &t);
		check_status(st, BERCL_EDOM);
		CHECK_UNTOUCHED(st, b);
		CHECK_UNTOUCHED(st, t);
	}
	for (size_t k = 0; k < NTARGETS; k++) {
		double b;
		bercl_tails t;
		poison(&b, sizeof b);
		poison(&t, sizeof t);
		set_call("bercl_min_bits_all_lanes(POISSON, 0, 1e-12, %.17g, %.17g, 4)", targets[k][0],
		         targets[k][1]);
		enum bercl_status st = bercl_min_bits_all_lanes(BERCL_POISSON, 0, 1e-12, targets[k][0],
		                                                targets[k][1], 4, &b, &t);
		int dom = target_domain(targets[k][0], targets[k][1]);
		check_domain_status(st, dom, 1);
		CHECK_UNTOUCHED(st, b);
		CHECK_UNTOUCHED(st, t);
	}
	end();
}

static void lnprob_call(double hi, double lo)
{
	bercl_lnprob l = {hi, lo};
	set_call("bercl_lnprob_decimal({%.17g, %.17g})", hi, lo);
	double m;
	long long e;
	poison(&m, sizeof m);
	poison(&e, sizeof e);
	int rc = bercl_lnprob_decimal(l, &m, &e);
	int finite = isfinite(hi) && isfinite(lo);
	if (rc == 0) {
		if (hi == -INFINITY && !isnan(lo)) {
			if (!(m == 0 && e == 0))
				breaks(R_OTHER, "ln = -inf gives %g e%lld, not 0", m, e);
		} else if (!finite) {
			breaks(R_STATUS, "0 for a non-finite logarithm (%g e%lld)", m, e);
		} else if (!(m >= 1 && m < 10)) {
			breaks(R_RANGE, "mantissa %.17g outside [1, 10)", m);
		} else if (e > 0 && hi <= 0) {
			breaks(R_RANGE, "exponent %lld for a probability", e);
		}
	} else if (rc == -1) {
		if (!finite || fabs(hi / 2.302585092994046) <= 1e15)
			breaks(R_STATUS, "-1 where the header says 0 or -2");
		check_double("log10 in mantissa", m);
		if (e != 0)
			breaks(R_OTHER, "exponent %lld with -1", e);
	} else if (rc == -2) {
		if (finite || (hi == -INFINITY && !isnan(lo)))
			breaks(R_STATUS, "-2 for a finite logarithm or -inf");
		if (!untouched(&m, sizeof m) || !untouched(&e, sizeof e))
			breaks(R_WRITTEN, "written with -2");
	} else {
		breaks(R_STATUS, "returned %d", rc);
	}
	set_call("bercl_lnprob_log10({%.17g, %.17g})", hi, lo);
	double lg = bercl_lnprob_log10(l);
	if (hi == -INFINITY && !isnan(lo)) {
		if (lg != -INFINITY)
			breaks(R_OTHER, "log10 %.17g for ln = -inf", lg);
	} else if (!finite) {
		if (!isnan(lg))
			breaks(R_OTHER, "log10 %.17g for a non-finite logarithm, not NaN", lg);
	} else if (!isfinite(lg) || (rc == -1 && lg != m)) {
		breaks(R_OTHER, "log10 %.17g (the decimal form's %.17g)", lg, m);
	}
	set_call("bercl_lnprob_value({%.17g, %.17g})", hi, lo);
	double v = bercl_lnprob_value(l);
	/* l <= 0: the sum of its fields (any lo, infinite ones too) at most 0 */
	double sum = hi + lo;
	int nonpositive = !isnan(sum) && sum <= 0;
	if (nonpositive && !is_prob(v))
		breaks(R_RANGE, "value %.17g for l <= 0", v);
	if (nonpositive && isinf(v))
		breaks(R_NONFINITE, "value inf for l <= 0");
	if ((isnan(hi) || isnan(lo)) && !isnan(v))
		breaks(R_OTHER, "value %.17g for a NaN field, not NaN", v);
}

static void test_lnprob(void **state)
{
	(void)state;
	begin("bercl_lnprob_decimal/log10/value, bercl_rel_diff");
	const double los[] = {0.0, -0.0, NAN, INFINITY, -INFINITY, 1e-17, -1e-300, MIN_SUB, -1.0};
	for (size_t i = 0; i < NSPECIAL; i++) {
		for (size_t j = 0; j < sizeof los / sizeof los[0]; j++) {
			lnprob_call(special[i], los[j]);
			lnprob_call(-special[i], los[j]);
		}
		for (size_t j = 0; j < NSPECIAL; j++) {
			set_call("bercl_rel_diff(%.17g, %.17g)", special[i], special[j]);
			double d = bercl_rel_diff(special[i], special[j]);
			int fin = isfinite(special[i]) && isfinite(special[j]);
			if (fin && !(d >= 0 && d <= 2))
				breaks(R_RANGE, "%.17g outside [0, 2]", d);
			if (!fin && !isnan(d))
				breaks(R_OTHER, "%.17g for a non-finite argument, not NaN", d);
		}
	}
	for (int i = 0; i < 20000; i++)
		lnprob_call(-log_uniform(-320, 18), (uniform() - 0.5) * 1e-16);
	/* a lo far from a rounding error: the value of hi + lo, in [0, 1] for l <= 0 */
	const double his[] = {-1.0, -0.0, 0.0, 1.0};
	for (size_t i = 0; i < 4; i++) {
		set_call("bercl_lnprob_value({%.17g, -1e300})", his[i]);
		double v = bercl_lnprob_value((bercl_lnprob){his[i], -1e300});
		if (v != 0.0)
			breaks(R_RANGE, "value %.17g, not 0", v);
		set_call("bercl_lnprob_value({%.17g, 1e300})", his[i]);
		if (!isinf(bercl_lnprob_value((bercl_lnprob){his[i], 1e300})))
			breaks(R_OTHER, "exp(1e300) not inf");
	}
	/* ln = -inf is what the binomial tails give for CL = 0 (E = N) */
	bercl_tails t;
	assert_int_equal(bercl_binomial_tails(5, 5, 0.1, &t), BERCL_OK);
	lnprob_call(t.ln_cl.hi, t.ln_cl.lo);
	end();
}

static void plan_calls(double p, double a, double b, double d)
{
	bercl_plan f;
	poison(&f, sizeof f);
	set_call("bercl_plan_fixed(%.17g, %.17g, %.17g, %.17g)", p, a, b, d);
	enum bercl_status st = bercl_plan_fixed(p, a, b, d, &f);
	int dom = p > 0 && p < 1 && a > 0 && a < 1 && b > 0 && b < 1 && d > 1 && d <= 1e6;
	check_domain_status(st, dom, 1);
	CHECK_UNTOUCHED(st, f);
	if (st != BERCL_OK)
		return;
	check_prob("alpha", f.alpha);
	check_prob("beta", f.beta);
	check_double("bits", f.bits);
	if (!(whole(f.bits) && f.bits >= 1 && whole(f.errors) && f.errors >= 0))
		breaks(R_OTHER, "plan %.17g errors in %.17g bits", f.errors, f.bits);
	if (!(f.alpha <= a && f.beta <= b))
		breaks(R_OTHER, "risks %.17g, %.17g above the targets", f.alpha, f.beta);

	double ra, rb;
	poison(&ra, sizeof ra);
	poison(&rb, sizeof rb);
	set_call("bercl_plan_risks(%.17g, %.17g, %.17g, %.17g)", f.errors, f.bits, p, d);
	st = bercl_plan_risks(f.errors, f.bits, p, d, &ra, &rb);
	check_status(st, BERCL_OK);
	if (st == BERCL_OK) {
		check_prob("alpha", ra);
		check_prob("beta", rb);
	}
	if (f.errors > 2000)
		return;
	size_t rows = (size_t)f.errors + 1;
	double *pass = malloc(rows * sizeof *pass), *fail = malloc(rows * sizeof *fail);
	double *work = malloc(2 * rows * sizeof *work);
	assert_non_null(pass);
	assert_non_null(fail);
	assert_non_null(work);
	set_call("bercl_plan_sequential_table(%.17g, %.17g, %.17g, %.17g, fixed)", p, d, a, b);
	st = bercl_plan_sequential_table(p, d, a, b, &f, pass, fail);
	check_domain_status(st, 1, 1);
	if (st == BERCL_OK) {
		fail[rows - 1] = pass[rows - 1];
		for (size_t k = 0; k < rows; k++) {
			check_double("pass_bits", pass[k]);
			check_double("fail_bits", fail[k]);
		}
		for (int j = 0; j < 3; j++) {
			double truth = j == 0 ? p : j == 1 ? p / d : special[next_u64() % NSPECIAL];
			bercl_plan_outcome o;
			poison(&o, sizeof o);
			set_call("bercl_plan_sequential_outcome(table, %.17g, %.17g)", f.errors, truth);
			st = bercl_plan_sequential_outcome(pass, fail, f.errors, truth, work, &o);
			check_domain_status(st, truth > 0 && truth < 1, 1);
			CHECK_UNTOUCHED(st, o);
			if (st == BERCL_OK) {
				check_prob("p_pass", o.p_pass);
				check_prob("p_fail", o.p_fail);
				check_double("expected_bits", o.expected_bits);
			}
			double iv = j == 2 ? special[next_u64() % NSPECIAL] : j ? 1e12 : 1;
			double r[2];
			poison(r, sizeof r);
			set_call("bercl_plan_sequential_at_readings(table, %.17g, %.17g, %.17g)", f.errors,
			         truth, iv);
			st = bercl_plan_sequential_at_readings(pass, fail, f.errors, truth, iv, work, &r[0],
			                                       &r[1]);
			check_domain_status(st, truth > 0 && truth < 1 && iv >= 1 && iv <= 1e300 &&
			                            pass[rows - 1] / iv <= 4503599627370496.0,
			                    0);
			CHECK_UNTOUCHED(st, r);
			if (st == BERCL_OK) {
				check_prob("p_pass", r[0]);
				check_prob("p_fail", r[1]);
			}
		}
	}
	free(pass);
	free(fail);
	free(work);

	double nrows;
	poison(&nrows, sizeof nrows);
	set_call("bercl_plan_sequential_rows(%.17g, %.17g, %.17g, %.17g)", p, a, b, d);
	st = bercl_plan_sequential_rows(p, a, b, d, &nrows);
	check_domain_status(st, 1, 1);
	CHECK_UNTOUCHED(st, nrows);
	if (st != BERCL_OK || !(nrows >= 1 && nrows <= 2000))
		return;
	size_t n = (size_t)nrows;
	pass = malloc(n * sizeof *pass);
	fail = malloc(n * sizeof *fail);
	work = malloc(2 * n * sizeof *work);
	assert_non_null(pass);
	assert_non_null(fail);
	assert_non_null(work);
	bercl_sequential_plan s;
	poison(&s, sizeof s);
	set_call("bercl_plan_sequential(%.17g, %.17g, %.17g, %.17g, %zu)", p, a, b, d, n);
	st = bercl_plan_sequential(p, a, b, d, nrows, pass, fail, work, &s);
	check_domain_status(st, 1, 1);
	CHECK_UNTOUCHED(st, s);
	if (st == BERCL_OK) {
		check_prob("alpha", s.alpha);
		check_prob("beta", s.beta);
		check_double("expected_bits_good", s.expected_bits_good);
		check_double("expected_bits_bad", s.expected_bits_bad);
		check_double("max_bits", s.max_bits);
	}
	free(pass);
	free(fail);
	free(work);
}

static void test_plans(void **state)
{
	(void)state;
	begin("bercl_plan_*");
	const double bers[] = {NAN, -1, 0, MIN_SUB, 1e-300, 1e-12, 0.5, 1, INFINITY};
	const double risks[] = {NAN, 0, 1e-300, 0.05, 0.5, 1, -0.1};
	const double ratios[] = {NAN, 1, 1.5, 2, 1e6, 1e7, INFINITY};
	for (size_t i = 0; i < sizeof bers / sizeof bers[0]; i++)
		for (size_t j = 0; j < sizeof risks / sizeof risks[0]; j++)
			for (size_t k = 0; k < sizeof risks / sizeof risks[0]; k++)
				for (size_t l = 0; l < sizeof ratios / sizeof ratios[0]; l++)
					plan_calls(bers[i], risks[j], risks[k], ratios[l]);
	for (int i = 0; i < 60; i++)
		plan_calls(log_uniform(-15, -1), log_uniform(-6, -0.5), log_uniform(-6, -0.5),
		           1.5 + 10 * uniform());
	/* the risks of a given test, over the special values */
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < NSPECIAL; j++)
			for (size_t k = 0; k < sizeof bers / sizeof bers[0]; k++) {
				double e = special[i], n = special[j], p = bers[k];
				double a, b;
				poison(&a, sizeof a);
				poison(&b, sizeof b);
				set_call("bercl_plan_risks(%.17g, %.17g, %.17g, 2)", e, n, p);
				enum bercl_status st = bercl_plan_risks(e, n, p, 2, &a, &b);
				int dom = valid_errors(e) && whole(n) && n > 0 && n <= 1e300 && p > 0 && p < 1;
				double lam = n * p;
				if (dom && lam / 2 >= BERCL_MIN_LAMBDA && lam <= BERCL_MAX_LAMBDA)
					check_status(st, BERCL_OK);
				else if (!dom)
					check_status(st, BERCL_EDOM);
				CHECK_UNTOUCHED(st, a);
				CHECK_UNTOUCHED(st, b);
				if (st == BERCL_OK) {
					check_prob("alpha", a);
					check_prob("beta", b);
				}
			}
	end();
}

static void fec_calls(const bercl_rs_code *c, int valid, double x)
{
	double ser;
	poison(&ser, sizeof ser);
	set_call("bercl_fec_ser(RS(%d,%d,%d,t=%d), %.17g)", c->n, c->k, c->m, c->t, x);
	enum bercl_status st = bercl_fec_ser(c, x, &ser);
	check_status(st, valid && x >= 1e-300 && x <= 0.5 ? BERCL_OK : BERCL_EDOM);
	CHECK_UNTOUCHED(st, ser);
	if (st == BERCL_OK)
		check_prob("ser", ser);

	bercl_fec_rates r;
	poison(&r, sizeof r);
	set_call("bercl_fec_rates_from_ber(RS(%d,%d,%d,t=%d), %.17g)", c->n, c->k, c->m, c->t, x);
	st = bercl_fec_rates_from_ber(c, x, &r);
	check_domain_status(st, valid && x >= 1e-300 && x <= 0.5, 0);
	CHECK_UNTOUCHED(st, r);
	if (st == BERCL_OK) {
		check_prob("ser", r.ser);
		check_prob("cer", r.cer);
		check_prob("post_fec_ber", r.post_fec_ber);
		check_ln("ln_cer", r.ln_cer, r.cer);
		check_ln("ln_post_fec_ber", r.ln_post_fec_ber, r.post_fec_ber);
	}

	bercl_lnprob l;
	poison(&l, sizeof l);
	set_call("bercl_fec_cer_from_ser(RS(%d,%d,%d,t=%d), %.17g)", c->n, c->k, c->m, c->t, x);
	st = bercl_fec_cer_from_ser(c, x, &l);
	check_domain_status(st, valid && x > 0 && x < 1, 1);
	CHECK_UNTOUCHED(st, l);
	if (st == BERCL_OK)
		check_ln("ln_cer", l, bercl_lnprob_value(l));

	double b;
	poison(&b, sizeof b);
	set_call("bercl_fec_ber_max(RS(%d,%d,%d,t=%d), %.17g)", c->n, c->k, c->m, c->t, x);
	st = bercl_fec_ber_max(c, x, &b);
	check_domain_status(st, valid && x > 0 && x < 1, 1);
	CHECK_UNTOUCHED(st, b);
	if (st == BERCL_OK) {
		check_prob("ber", b);
		if (!(b >= 1e-300 && b <= 0.5))
			breaks(R_OTHER, "ber_max %.17g outside [1e-300, 1/2]", b);
	}
}

static void histogram_call(const bercl_rs_code *c, int valid, const double *bins,
                           enum bercl_model m, double cl, double omc, int bins_valid)
{
	bercl_fec_histogram_stats s;
	poison(&s, sizeof s);
	set_call("bercl_fec_histogram(RS(%d,%d,%d,t=%d), [%g, %g, ..., %g], %d, %.17g, %.17g)", c->n,
	         c->k, c->m, c->t, bins[0], bins[1], bins[c->t + 1 >= 0 ? c->t + 1 : 0], (int)m, cl,
	         omc);
	enum bercl_status st = bercl_fec_histogram(c, bins, m, cl, omc, &s);
	int dom = valid && bins_valid && target_domain(cl, omc) &&
	          (m == BERCL_POISSON || m == BERCL_BINOMIAL);
	check_domain_status(st, dom, 1);
	CHECK_UNTOUCHED(st, s);
	if (st != BERCL_OK)
		return;
	check_prob("ser_estimate", s.ser_estimate);
	check_prob("ser_upper", s.ser_upper);
	check_prob("cer_model_upper", s.cer_model_upper);
	check_prob("cer_count_upper", s.cer_count_upper);
	check_prob("cer_upper", s.cer_upper);
	check_ln("ln_cer_upper", s.ln_cer_upper, s.cer_upper);
	if (s.has_cer_predicted)
		check_prob("cer_predicted", s.cer_predicted);
	if (s.gof_df > 0) {
		check_prob("gof_p", s.gof_p);
		check_double("gof_stat", s.gof_stat);
	}
	if (s.tail_bins > 0) {
		check_prob("cer_tail", s.cer_tail);
		check_double("tail_r2", s.tail_r2);
	}
}

static void test_fec(void **state)
{
	(void)state;
	begin("bercl_rs_code_make, bercl_fec_*");
	const int ns[] = {-1, 0, 1, 7, 255, 528, 544, 65537, 65538, 1 << 30};
	const int ks[] = {-1, 0, 1, 3, 239, 514, 543, 65536};
	const int ms[] = {-1, 0, 1, 3, 8, 10, 16, 17, 31};
	bercl_rs_code codes[8];
	int ncodes = 0;
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
		for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++)
			for (size_t k = 0; k < sizeof ms / sizeof ms[0]; k++) {
				bercl_rs_code c;
				poison(&c, sizeof c);
				set_call("bercl_rs_code_make(%d, %d, %d)", ns[i], ks[j], ms[k]);
				enum bercl_status st = bercl_rs_code_make(ns[i], ks[j], ms[k], &c);
				int dom = ms[k] >= 1 && ms[k] <= 16 && ks[j] >= 1 && ks[j] < ns[i] &&
				          (double)ns[i] <= ldexp(1, ms[k]) + 1;
				check_status(st, dom ? BERCL_OK : BERCL_EDOM);
				CHECK_UNTOUCHED(st, c);
				if (st == BERCL_OK && c.t != (c.n - c.k) / 2)
					breaks(R_OTHER, "t = %d", c.t);
				if (st == BERCL_OK && ncodes < 6 && (ns[i] == 544 || ns[i] == 7 ||
				                                     ns[i] == 255 || ns[i] == 65537))
					codes[ncodes++] = c;
			}
	/* codes a caller filled by hand: the functions check them */
	codes[ncodes++] = (bercl_rs_code){544, 514, 10, 99};
	codes[ncodes++] = (bercl_rs_code){-5, 514, 10, 15};
	for (int i = 0; i < ncodes; i++) {
		int valid = i < ncodes - 2;
		for (size_t j = 0; j < NSPECIAL; j++)
			fec_calls(&codes[i], valid, special[j]);
		for (int j = 0; j < 30; j++)
			fec_calls(&codes[i], valid, next_u64() & 1 ? log_uniform(-300, -0.3) : uniform());
	}
	/* histograms: each bin special, or random counts */
	double bins[BERCL_FEC_MAX_BINS + 2];
	for (int i = 0; i < ncodes; i++) {
		const bercl_rs_code *c = &codes[i];
		int valid = i < ncodes - 2;
		int nb = valid ? c->t + 2 : 2;
		if (nb > BERCL_FEC_MAX_BINS)
			continue;
		for (size_t j = 0; j < NSPECIAL; j++)
			for (size_t k = 0; k < NTARGETS; k += 3) {
				double total = 0;
				for (int b = 0; b < nb; b++) {
					bins[b] = b == 0 ? 1e9 : b == nb - 1 ? special[j] : floor(1e9 / (b * b * 100.0 + 1));
					total += bins[b];
				}
				/* whole counts adding to at most 2^53 */
				int bv = valid_errors(special[j]) && total <= BERCL_MAX_ERRORS;
				histogram_call(c, valid, bins, (enum bercl_model)(k & 1), targets[k][0],
				               targets[k][1], bv);
			}
		for (int r = 0; r < 40; r++) {
			for (int b = 0; b < nb; b++)
				bins[b] = floor(log_uniform(0, 12 - b) * (next_u64() & 3 ? 1 : 0));
			bins[0] += 1;
			double cl = 1 - log_uniform(-10, -0.5);
			histogram_call(c, valid, bins, (enum bercl_model)(r & 1), cl, 1 - cl, 1);
		}
	}
	end();
}

static void test_lanes(void **state)
{
	(void)state;
	begin("bercl_lanes_all");
	/* tails the library gives, and tails a caller may have made up */
	bercl_tails lib[6];
	assert_int_equal(bercl_poisson_tails(0, 3.0, 0.0, &lib[0]), BERCL_OK);
	assert_int_equal(bercl_poisson_tails(100, 2000.0, 0.0, &lib[1]), BERCL_OK);
	assert_int_equal(bercl_binomial_tails(5, 5, 0.1, &lib[2]), BERCL_OK); /* CL = 0 */
	assert_int_equal(bercl_poisson_tails(0, 1e-300, 0.0, &lib[3]), BERCL_OK);
	assert_int_equal(bercl_poisson_tails(3, 1e3, 0.0, &lib[4]), BERCL_OK);
	assert_int_equal(bercl_binomial_tails(0, 1, 0.5, &lib[5]), BERCL_OK);
	for (int a = 0; a < 6; a++)
		for (int b = 0; b < 6; b++)
			for (int count = 1; count <= 2; count++) {
				bercl_tails in[2] = {lib[a], lib[b]}, all;
				poison(&all, sizeof all);
				set_call("bercl_lanes_all(lib[%d], lib[%d], %d)", a, b, count);
				enum bercl_status st = bercl_lanes_all(in, count, &all);
				check_status(st, BERCL_OK);
				CHECK_UNTOUCHED(st, all);
				if (st == BERCL_OK)
					check_tails("all", &all);
			}
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < NSPECIAL; j++) {
			bercl_tails in[2] = {lib[0], lib[4]}, all;
			in[1].cl = special[i];
			in[1].ln_cl.hi = -special[j];
			in[1].ln_one_minus_cl.hi = special[i] == 0.5 ? log(0.5) : -special[j];
			int count = (int)(i % 3) - 1 + 1;
			poison(&all, sizeof all);
			set_call("bercl_lanes_all(made up: cl %.17g, ln_cl %.17g, %d)", special[i], -special[j],
			         count);
			enum bercl_status st = bercl_lanes_all(in, count, &all);
			if (count < 1)
				check_status(st, BERCL_EDOM);
			CHECK_UNTOUCHED(st, all);
			/* tails made up need not agree with themselves: ranges only */
			if (st == BERCL_OK) {
				check_prob("all.cl", all.cl);
				check_prob("all.one_minus_cl", all.one_minus_cl);
				check_ln("all.ln_cl", all.ln_cl, all.cl);
				check_ln("all.ln_one_minus_cl", all.ln_one_minus_cl, all.one_minus_cl);
			}
		}
	end();
}

/* A call whose whole domain is its target pair's (and dom the rest of it):
 * EDOM outside, ELIMIT for a side below DBL_MIN, else OK; its output (n
 * bytes at out, NULL: none) untouched unless OK. */
static void check_target_status(enum bercl_status st, int dom, double cl, double omc,
                                const void *out, size_t n)
{
	check_domain_status(st, dom, 1);
	if (dom)
		check_status(st, target_subnormal(cl, omc) ? BERCL_ELIMIT : BERCL_OK);
	if (out && st != BERCL_OK && !untouched(out, n))
		breaks(R_WRITTEN, "status %d, the output changed", (int)st);
}

static void test_target_check(void **state)
{
	(void)state;
	begin("bercl_target_check");
	for (size_t i = 0; i < NSPECIAL + NTARGETS; i++)
		for (size_t j = 0; j < NSPECIAL + NTARGETS; j++) {
			/* every pair of the special values, and the target pairs */
			double cl = i < NSPECIAL ? special[i] : targets[i - NSPECIAL][0];
			double omc = j < NSPECIAL ? special[j] : targets[i < NSPECIAL ? 0 : i - NSPECIAL][1];
			set_call("bercl_target_check(%.17g, %.17g)", cl, omc);
			check_target_status(bercl_target_check(cl, omc), target_domain(cl, omc), cl, omc,
			                    NULL, 0);
		}
	end();
}

static void lane_target_call(double cl, double omc, int lanes)
{
	int dom = target_domain(cl, omc) && lanes >= 1 && lanes <= 1000000;
	bercl_tails t;
	poison(&t, sizeof t);
	set_call("bercl_lane_target(%.17g, %.17g, %d)", cl, omc, lanes);
	enum bercl_status st = bercl_lane_target(cl, omc, lanes, &t);
	check_target_status(st, dom, cl, omc, &t, sizeof t);
	if (st != BERCL_OK)
		return;
	check_tails("lane", &t);
	/* cl^(1/lanes): lanes times its logarithm is ln cl (the smaller side
	 * read through its own logarithm, the larger through log1p) */
	double want = cl <= 0.5 ? log(cl) : log1p(-omc);
	double got = cl <= 0.5 ? lanes * log(t.cl) : lanes * log1p(-t.one_minus_cl);
	/* t.cl within half an ulp: its logarithm within about 2^-53, times lanes */
	if (!(fabs(got - want) <= lanes * 4 * DBL_EPSILON + 1e-13 * fabs(want)))
		breaks(R_OTHER, "lanes x ln(lane cl) %.17g, ln cl %.17g", got, want);
}

static void lanes_meet_call(const bercl_tails *all, const char *what, double cl, double omc,
                            int made_up)
{
	/* ln 0 is -inf with lo 0 */
	int ln_ok = !made_up || (all->ln_cl.hi <= 0 && all->ln_one_minus_cl.hi <= 0 &&
	                         isfinite(all->ln_cl.lo) && isfinite(all->ln_one_minus_cl.lo) &&
	                         (all->ln_cl.hi > -INFINITY || all->ln_cl.lo == 0) &&
	                         (all->ln_one_minus_cl.hi > -INFINITY ||
	                          all->ln_one_minus_cl.lo == 0));
	int dom = ln_ok && target_domain(cl, omc);
	int meets;
	poison(&meets, sizeof meets);
	set_call("bercl_lanes_meet(%s, %.17g, %.17g)", what, cl, omc);
	enum bercl_status st = bercl_lanes_meet(all, cl, omc, &meets);
	check_target_status(st, dom, cl, omc, &meets, sizeof meets);
	if (st != BERCL_OK)
		return;
	if (meets != 0 && meets != 1)
		breaks(R_OTHER, "meets %d", meets);
	/* a 1 - CL of 0 meets every target; a CL of 0 none */
	if (cl > 0.5 && all->ln_one_minus_cl.hi == -INFINITY && meets != 1)
		breaks(R_OTHER, "ln(1 - CL) = -inf against %.17g: meets %d", cl, meets);
	if (cl <= 0.5 && all->ln_cl.hi == -INFINITY && meets != 0)
		breaks(R_OTHER, "ln CL = -inf against %.17g: meets %d", cl, meets);
	/* plainly above or below the target: the doubles decide */
	if (!made_up && ((all->cl > cl * (1 + 1e-9) && meets != 1 && all->one_minus_cl < omc) ||
	                 (all->cl < cl * (1 - 1e-9) && meets != 0)))
		breaks(R_OTHER, "all.cl %.17g against %.17g: meets %d", all->cl, cl, meets);
}

static void test_lane_target_meet(void **state)
{
	(void)state;
	begin("bercl_lane_target/lanes_meet");
	const int lanes[] = {-1, 0, 1, 2, 8, 400, 1000000, 1000001};
	for (size_t k = 0; k < NTARGETS; k++)
		for (size_t l = 0; l < sizeof lanes / sizeof lanes[0]; l++)
			lane_target_call(targets[k][0], targets[k][1], lanes[l]);
	for (int i = 0; i < 2000; i++) {
		double c = log_uniform(-300, 0);
		int n = (int)log_uniform(0, 6);
		if (next_u64() & 1)
			lane_target_call(c, 1.0 - c, n);
		else
			lane_target_call(1.0 - c, c, n);
	}
	/* all-lanes tails the library gives, against every target */
	bercl_tails lane[4], all[3];
	assert_int_equal(bercl_poisson_tails(0, 3.0, 0.0, &lane[0]), BERCL_OK);
	assert_int_equal(bercl_poisson_tails(3, 1e3, 0.0, &lane[1]), BERCL_OK);
	assert_int_equal(bercl_binomial_tails(5, 5, 0.1, &lane[2]), BERCL_OK); /* CL = 0 */
	assert_int_equal(bercl_poisson_tails(100, 2000.0, 0.0, &lane[3]), BERCL_OK);
	assert_int_equal(bercl_lanes_all(lane, 2, &all[0]), BERCL_OK);
	assert_int_equal(bercl_lanes_all(lane + 2, 1, &all[1]), BERCL_OK);
	assert_int_equal(bercl_lanes_all(lane + 3, 1, &all[2]), BERCL_OK);
	for (int a = 0; a < 3; a++) {
		char what[32];
		snprintf(what, sizeof what, "all[%d]", a);
		for (size_t k = 0; k < NTARGETS; k++)
			lanes_meet_call(&all[a], what, targets[k][0], targets[k][1], 0);
		for (int i = 0; i < 300; i++) {
			double c = log_uniform(-30, 0);
			lanes_meet_call(&all[a], what, c, 1.0 - c, 0);
			lanes_meet_call(&all[a], what, 1.0 - c, c, 0);
		}
	}
	/* made-up logarithms: the special values in each field */
	for (size_t i = 0; i < NSPECIAL; i++)
		for (int f = 0; f < 4; f++) {
			bercl_tails t = all[0];
			double *field[4] = {&t.ln_cl.hi, &t.ln_cl.lo, &t.ln_one_minus_cl.hi,
			                    &t.ln_one_minus_cl.lo};
			*field[f] = f % 2 ? special[i] : -special[i];
			char what[64];
			snprintf(what, sizeof what, "made up: field %d = %.17g", f, *field[f]);
			lanes_meet_call(&t, what, 0.95, 0.05, 1);
		}
	/* ln 0 itself: 1 - CL of 0 (meets), CL of 0 (does not) */
	bercl_tails z = all[0];
	z.ln_one_minus_cl = (bercl_lnprob){-INFINITY, 0};
	lanes_meet_call(&z, "made up: ln(1 - CL) = -inf", 0.95, 0.05, 1);
	z = all[0];
	z.ln_cl = (bercl_lnprob){-INFINITY, 0};
	lanes_meet_call(&z, "made up: ln CL = -inf", 0.05, 0.95, 1);
	end();
}

static void test_misc(void **state)
{
	(void)state;
	begin("bercl_version/strerror");
	set_call("bercl_strerror(each)");
	for (int s = -3; s < 8; s++)
		if (bercl_strerror((enum bercl_status)s) == NULL)
			breaks(R_OTHER, "NULL for %d", s);
	set_call("bercl_version()");
	if (bercl_version() != BERCL_VERSION_NUMBER ||
	    strcmp(bercl_version_string(), BERCL_VERSION_STRING) != 0)
		breaks(R_OTHER, "version %d %s", bercl_version(), bercl_version_string());
	end();
}

/* ---- the Gaussian tail (lib/normal.c) ---- */

static void normal_calls(double x)
{
	double q;
	poison(&q, sizeof q);
	set_call("bercl_q(%.17g)", x);
	enum bercl_status st = bercl_q(x, &q);
	check_status(st, isnan(x) ? BERCL_EDOM : BERCL_OK);
	CHECK_UNTOUCHED(st, q);
	if (st == BERCL_OK) {
		check_prob("q", q);
		if ((x == -INFINITY && q != 1) || (x == INFINITY && q != 0) || (x == 0 && q != 0.5))
			breaks(R_OTHER, "Q(%g) = %.17g", x, q);
	}

	double l;
	poison(&l, sizeof l);
	set_call("bercl_ln_q(%.17g)", x);
	st = bercl_ln_q(x, &l);
	check_status(st, !isfinite(x) ? BERCL_EDOM : x > 1e154 ? BERCL_ELIMIT : BERCL_OK);
	CHECK_UNTOUCHED(st, l);
	if (st == BERCL_OK) {
		check_double("ln_q", l);
		if (!(l <= 0))
			breaks(R_RANGE, "ln Q = %.17g above 0", l);
		if (q >= DBL_MIN && !(bercl_rel_diff(exp(l), q) < 1e-13))
			breaks(R_OTHER, "Q %.17g but exp(ln Q) %.17g", q, exp(l));
	}

	double xi;
	poison(&xi, sizeof xi);
	set_call("bercl_q_inv(%.17g)", x);
	st = bercl_q_inv(x, &xi);
	check_status(st, x > 0 && x < 1 ? BERCL_OK : BERCL_EDOM);
	CHECK_UNTOUCHED(st, xi);
	if (st == BERCL_OK) {
		check_double("x", xi);
		double back;
		if (bercl_q(xi, &back) != BERCL_OK || !(bercl_rel_diff(back, x) < 1e-12))
			breaks(R_OTHER, "Q(Q^-1(p)) = %.17g", back);
	}

	poison(&xi, sizeof xi);
	set_call("bercl_q_inv_ln(%.17g)", x);
	st = bercl_q_inv_ln(x, &xi);
	check_status(st, x < 0 && isfinite(x) ? BERCL_OK : BERCL_EDOM);
	CHECK_UNTOUCHED(st, xi);
	if (st == BERCL_OK) {
		check_double("x", xi);
		double back;
		if (fabs(x) < 1e300 && (bercl_ln_q(xi, &back) != BERCL_OK ||
		                        !(fabs(back - x) <= 1e-12 * fmax(1.0, fabs(x)))))
			breaks(R_OTHER, "ln Q(Q^-1) = %.17g", back);
	}
}

static void test_normal(void **state)
{
	(void)state;
	begin("bercl_q/ln_q/q_inv/q_inv_ln");
	for (size_t i = 0; i < NSPECIAL; i++) {
		normal_calls(special[i]);
		normal_calls(-special[i]);
		normal_calls(1.0 - special[i]);
	}
	const double more[] = {38.5, -38.5, 40.0, 1e10, -1e10, 1e154, 2e154, -1e-300, -745.2,
	                       -DBL_MAX, 1.0 - DBL_EPSILON / 2, 0x1p-1074 * 3};
	for (size_t i = 0; i < sizeof more / sizeof more[0]; i++)
		normal_calls(more[i]);
	for (int i = 0; i < 20000; i++)
		normal_calls(next_u64() & 1 ? uniform() : pick(draw_any));
	end();
}

/* ---- FEC frame loss, the degraded-SER monitor (fec_flr.c, fec_degrade.c) ---- */

static void flr_call(double cer, double x, double f)
{
	double flr;
	poison(&flr, sizeof flr);
	set_call("bercl_fec_flr(%.17g, %.17g, %.17g)", cer, x, f);
	enum bercl_status st = bercl_fec_flr(cer, x, f, &flr);
	int dom = cer >= 0 && cer <= 1 && whole(x) && x >= 1 && x <= 64 && f > 0 && f <= 1e6;
	check_status(st, dom ? BERCL_OK : BERCL_EDOM);
	CHECK_UNTOUCHED(st, flr);
	if (st == BERCL_OK) {
		check_prob("flr", flr);
		if (cer == 0 && flr != 0)
			breaks(R_OTHER, "flr %.17g for cer 0", flr);
		if (!(flr >= fmin(cer, 1.0) * (1 - 1e-15) || flr == 1))
			breaks(R_OTHER, "flr %.17g below cer %.17g", flr, cer);
	}
}

static void degrade_calls(const bercl_rs_code *c, int valid, double ser, double iv, double s,
                          void *work)
{
	bercl_tails t;
	poison(&t, sizeof t);
	set_call("bercl_fec_degrade_p(RS(%d,%d,%d,t=%d), %.17g, %.17g, %.17g)", c->n, c->k, c->m,
	         c->t, ser, iv, s);
	enum bercl_status st = bercl_fec_degrade_p(c, ser, iv, s, work, &t);
	int dom = valid && ser > 0 && ser < 1 && whole(iv) && iv >= 1 &&
	          iv <= BERCL_FEC_DEGRADE_MAX_INTERVAL && whole(s) && s >= 0 && s <= TWO53;
	check_domain_status(st, dom, 1);
	CHECK_UNTOUCHED(st, t);
	if (st == BERCL_OK) {
		check_tails("t", &t);
		if (s >= iv * (c->t + 1.0) && t.cl != 0)
			breaks(R_OTHER, "degrade_p %.17g where the alarm cannot fire", t.cl);
	}

	/* the inverse, at p = ser where ser is a probability; a root takes some
	 * 0.3 s, so one in-domain call in 12, at most 30, and every refusal */
	static long inverses;
	int dom2 = valid && ser > 0 && ser < 1 && whole(iv) && iv >= 1 &&
	           iv <= BERCL_FEC_DEGRADE_MAX_INTERVAL && whole(s) && s >= 0 && s <= TWO53 &&
	           s < iv * (c->t + 1.0);
	if (dom2 && (inverses++ % 12 != 0 || inverses > 12 * 30))
		goto mean_time;
	double r;
	poison(&r, sizeof r);
	set_call("bercl_fec_degrade_ser(RS(%d,%d,%d,t=%d), %.17g, %.17g, %.17g)", c->n, c->k, c->m,
	         c->t, iv, s, ser);
	st = bercl_fec_degrade_ser(c, iv, s, ser, work, &r);
	check_domain_status(st, dom2, 1);
	CHECK_UNTOUCHED(st, r);
	if (st == BERCL_OK) {
		check_prob("ser", r);
		if (!(r >= 1e-300 && r <= 0.5))
			breaks(R_OTHER, "ser %.17g outside [1e-300, 1/2]", r);
	}

mean_time:;
	/* the mean time between alarms, at rate ser * 1e12 and degrade_p s / (s + 1) */
	double rate = ser * 1e12, dp = isfinite(s) ? s / (s + 1.0) : s;
	double sec;
	poison(&sec, sizeof sec);
	set_call("bercl_fec_degrade_mean_time(RS(%d,%d,%d,t=%d), %.17g, %.17g, %.17g)", c->n, c->k,
	         c->m, c->t, iv, rate, dp);
	st = bercl_fec_degrade_mean_time(c, iv, rate, dp, &sec);
	int dom3 = valid && iv >= 1 && iv < INFINITY && rate > 0 && rate < INFINITY && dp >= 0 && dp <= 1;
	check_domain_status(st, dom3, 1);
	if (dom3 && dp == 0)
		check_status(st, BERCL_ELIMIT);
	CHECK_UNTOUCHED(st, sec);
	if (st == BERCL_OK) {
		check_double("seconds", sec);
		if (!(sec >= 0))
			breaks(R_OTHER, "seconds %.17g", sec);
	}
}

static void test_fec_flr_degrade(void **state)
{
	(void)state;
	begin("bercl_fec_flr/interleave_default/degrade_*");
	for (size_t i = 0; i < NSPECIAL; i++) {
		for (size_t j = 0; j < NSPECIAL; j++)
			for (size_t k = 0; k < NSPECIAL; k++)
				flr_call(special[i], special[j], special[k]);
		for (int x = 0; x <= 65; x += 13)
			flr_call(special[i], x, BERCL_FEC_FRAMES_PER_CODEWORD);
		flr_call(special[i], 64, 1e6);
		flr_call(1.0, 64, special[i]);
		double r = special[i], xr;
		set_call("bercl_fec_interleave_default(%.17g)", r);
		xr = bercl_fec_interleave_default(r);
		if (!(xr == 1 || xr == 2 || xr == 4))
			breaks(R_OTHER, "interleave %.17g", xr);
		set_call("bercl_fec_interleave_default(%.17g)", -r);
		xr = bercl_fec_interleave_default(-r);
		if (!(xr == 1 || xr == 2 || xr == 4))
			breaks(R_OTHER, "interleave %.17g", xr);
	}
	for (int i = 0; i < 3000; i++)
		flr_call(next_u64() & 1 ? uniform() : pick(draw_p), floor(1 + 70 * uniform()),
		         pick(draw_any));
	const double rates[][2] = {{25e9, 1}, {100e9, 1}, {200e9, 2}, {400e9, 2}, {800e9, 4},
	                           {1.6e12, 4}};
	for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
		set_call("bercl_fec_interleave_default(%.17g)", rates[i][0]);
		if (bercl_fec_interleave_default(rates[i][0]) != rates[i][1])
			breaks(R_OTHER, "not %g", rates[i][1]);
	}

	void *work = malloc(BERCL_FEC_DEGRADE_WORK_BYTES);
	assert_non_null(work);
	bercl_rs_code codes[4];
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &codes[0]), BERCL_OK);
	assert_int_equal(bercl_rs_code_make(7, 3, 3, &codes[1]), BERCL_OK);
	codes[2] = (bercl_rs_code){544, 514, 10, 99};
	codes[3] = (bercl_rs_code){-5, 514, 10, 15};
	const double sers[] = {NAN, INFINITY, -1, 0, MIN_SUB, 1e-300, 1e-5, 0.5, 1};
	const double ivs[] = {NAN, INFINITY, -1, 0, 0.5, 1, 8192, 4294967295.0, 4294967296.0, 1e300};
	const double ths[] = {NAN, INFINITY, -1, 0, 0.5, 3, 417, TWO53, TWO53 + 2, 1e300};
	for (int c = 0; c < 4; c++)
		for (size_t i = 0; i < sizeof sers / sizeof sers[0]; i++)
			for (size_t j = 0; j < sizeof ivs / sizeof ivs[0]; j++)
				for (size_t k = 0; k < sizeof ths / sizeof ths[0]; k++)
					degrade_calls(&codes[c], c < 2, sers[i], ivs[j], ths[k], work);
	for (int i = 0; i < 150; i++) {
		int c = (int)(next_u64() % 4);
		double iv = floor(log_uniform(0, 6)), ser = log_uniform(-12, -1);
		double s = floor(iv * (codes[c].t + 1) * uniform() * 0.01);
		degrade_calls(&codes[c], c < 2, ser, iv, s, work);
	}
	free(work);
	end();
}

/* ---- clustered errors (lib/clustered.c) ---- */

static int made_up(const bercl_intervals *s)
{
	const double f[] = {s->intervals, s->errored, s->bits, s->errors, s->bits_lo,
	                    s->sum_a, s->sum_a_lo, s->a2_ratio};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (!isfinite(f[i]))
			return 2; /* not finite: EDOM */
	if (!(s->intervals >= 1) || s->errored < 0 || s->bits <= 0 || s->errors < 0 || s->sum_a < 0 ||
	    s->a2_ratio < 0 || s->errored > s->intervals || s->errors > BERCL_MAX_ERRORS)
		return 2; /* no interval, a negative count, more errored than intervals: EDOM */
	return 0;
}

/* built: from bercl_intervals_add(); else made up, where the header wants
 * EDOM for the impossible fields and, for the rest, promises kept. */
static void clustered_calls(const bercl_intervals *s, int built, double ber, double cl,
                            double omc, int two_sided)
{
	int bad = built ? 0 : made_up(s);
	bercl_dispersion d;
	poison(&d, sizeof d);
	set_call("bercl_clustered_dispersion({k %.17g, J %.17g, N %.17g, X %.17g, a %.17g, r %.17g}%s)",
	         s->intervals, s->errored, s->bits, s->errors, s->sum_a, s->a2_ratio,
	         built ? "" : " made up");
	enum bercl_status st = bercl_clustered_dispersion(s, &d);
	if (bad)
		check_status(st, BERCL_EDOM);
	else if (built)
		check_domain_status(st, 1, 1);
	CHECK_UNTOUCHED(st, d);
	if (st == BERCL_OK) {
		check_double("dispersion", d.dispersion);
		check_double("df", d.df);
		check_double("dispersion_upper", d.dispersion_upper);
		check_double("independent_events", d.independent_events);
		if (d.dispersion < 0 || d.df < 0 || (d.bounded && !(d.dispersion_upper >= 1 && d.df >= 1)) ||
		    (!d.bounded && (d.df != 0 || d.dispersion_upper != 0 || d.independent_events != 0)) ||
		    (d.bounded && !(d.independent_events >= 0 && d.independent_events <= s->errors)))
			breaks(R_OTHER, "dispersion %g df %g upper %g events %g bounded %d", d.dispersion,
			       d.df, d.dispersion_upper, d.independent_events, d.bounded);
		if (built && (d.intervals != s->intervals || d.errored != s->errored))
			breaks(R_OTHER, "k %g J %g", d.intervals, d.errored);
	}
	enum bercl_status dst = st;

	bercl_tails t;
	poison(&t, sizeof t);
	set_call("bercl_clustered_cl({k %.17g, J %.17g, N %.17g, X %.17g}%s, %.17g)", s->intervals,
	         s->errored, s->bits, s->errors, built ? "" : " made up", ber);
	st = bercl_clustered_cl(s, ber, &t);
	if (!(ber > 0 && ber < 1) || bad)
		check_status(st, BERCL_EDOM);
	else if (built)
		check_domain_status(st, 1, 1);
	CHECK_UNTOUCHED(st, t);
	if (st == BERCL_OK) {
		check_tails("t", &t);
		if (dst == BERCL_OK && !d.bounded && !(t.cl == 0 && t.one_minus_cl == 1))
			breaks(R_OTHER, "not bounded, cl %.17g", t.cl);
	}

	double lo, up;
	poison(&lo, sizeof lo);
	poison(&up, sizeof up);
	set_call("bercl_clustered_ber_bounds({k %.17g, J %.17g, N %.17g, X %.17g}%s, %.17g, %.17g, %d)",
	         s->intervals, s->errored, s->bits, s->errors, built ? "" : " made up", cl, omc,
	         two_sided);
	st = bercl_clustered_ber_bounds(s, cl, omc, two_sided, &lo, &up);
	if (!target_domain(cl, omc) || bad)
		check_status(st, BERCL_EDOM);
	else if (built) {
		check_domain_status(st, 1, 1);
		if (target_subnormal(cl, omc))
			check_status(st, BERCL_ELIMIT);
	}
	CHECK_UNTOUCHED(st, lo);
	CHECK_UNTOUCHED(st, up);
	if (st == BERCL_OK) {
		check_prob("lower", lo);
		check_prob("upper", up);
		if (!(lo <= up) || (!two_sided && lo != 0) || (s->errors == 0 && lo != 0))
			breaks(R_OTHER, "[%.17g, %.17g]", lo, up);
		if (dst == BERCL_OK && !d.bounded && !(lo == 0 && up == 1))
			breaks(R_OTHER, "not bounded: [%.17g, %.17g]", lo, up);
	}
}

static void add_call(bercl_intervals *s, double bits, double errors)
{
	bercl_intervals before = *s;
	set_call("bercl_intervals_add({k %.17g, N %.17g, X %.17g}, %.17g, %.17g)", s->intervals,
	         s->bits, s->errors, bits, errors);
	enum bercl_status st = bercl_intervals_add(s, bits, errors);
	int dom = bits > 0 && isfinite(bits) && whole(errors) && errors >= 0 && errors <= bits;
	if (!dom)
		check_status(st, BERCL_EDOM);
	else if (before.errors + errors > BERCL_MAX_ERRORS || before.bits + bits > 1e300)
		check_status(st, BERCL_ELIMIT);
	else
		check_status(st, BERCL_OK);
	if (st != BERCL_OK && memcmp(&before, s, sizeof before) != 0)
		breaks(R_WRITTEN, "status %d, s changed", (int)st);
	if (st == BERCL_OK && (s->intervals != before.intervals + 1 ||
	                       s->errors != before.errors + errors ||
	                       s->errored != before.errored + (errors > 0)))
		breaks(R_OTHER, "k %g X %g J %g", s->intervals, s->errors, s->errored);
}

static void test_clustered(void **state)
{
	(void)state;
	begin("bercl_intervals_add, bercl_clustered_*");
	const double bers[] = {NAN, -1, 0, MIN_SUB, 1e-300, 1e-12, 0.5, 1, INFINITY};
	const int sides[] = {0, 1, -1, 7};
	/* each special interval added to an empty test and to one with errors */
	bercl_intervals built[NSPECIAL * 3];
	int nbuilt = 0;
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < NSPECIAL; j++) {
			bercl_intervals s = {0};
			add_call(&s, special[i], special[j]);
			bercl_intervals s2 = {0};
			add_call(&s2, 1e12, 3);
			add_call(&s2, 1e12, 0);
			add_call(&s2, special[i], special[j]);
			if (s.intervals > 0 && nbuilt < (int)(NSPECIAL * 3))
				built[nbuilt++] = s;
			if (s2.intervals > 2 && nbuilt < (int)(NSPECIAL * 3))
				built[nbuilt++] = s2;
		}
	/* the totals' limits */
	{
		bercl_intervals s = {0};
		add_call(&s, 1e300, 1e15);
		add_call(&s, 1e300, 0);
		add_call(&s, 1e16, TWO53);
		add_call(&s, 1e16, 1);
	}
	/* seeded random tests: independent and bursty errors */
	for (int r = 0; r < 12; r++) {
		bercl_intervals s = {0};
		int k = 1 + (int)(next_u64() % 40);
		double n = floor(log_uniform(3, 15));
		for (int i = 0; i < k; i++) {
			double e = r % 3 == 0 ? 0 : floor(uniform() * uniform() * (r % 2 ? 50 : 3));
			add_call(&s, n, fmin(e, n));
		}
		if (nbuilt < (int)(NSPECIAL * 3))
			built[nbuilt++] = s;
	}
	for (int b = 0; b < nbuilt; b++) {
		for (size_t i = 0; i < sizeof bers / sizeof bers[0]; i++)
			for (size_t k = 0; k < NTARGETS; k++)
				clustered_calls(&built[b], 1, bers[i], targets[k][0], targets[k][1],
				                sides[(i + k) % 4]);
		for (int i = 0; i < 20; i++) {
			double c = log_uniform(-20, 0);
			clustered_calls(&built[b], 1, pick(draw_ber), 1 - c, c, (int)(next_u64() & 1));
		}
	}
	/* made up: a special value in each field of a test that was built */
	bercl_intervals base = {0};
	add_call(&base, 1e12, 3);
	add_call(&base, 1e12, 0);
	add_call(&base, 1e12, 7);
	double *fields[] = {&base.intervals, &base.errored, &base.bits, &base.errors,
	                    &base.bits_lo, &base.sum_a, &base.sum_a_lo, &base.a2_ratio};
	for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++)
		for (size_t i = 0; i < NSPECIAL; i++) {
			bercl_intervals m = base;
			size_t off = (size_t)((char *)fields[f] - (char *)&base);
			memcpy((char *)&m + off, &special[i], sizeof(double));
			clustered_calls(&m, 0, 1e-12, 0.95, 0.05, (int)(i & 1));
			clustered_calls(&m, 0, 1e-12, 0.95, 0.05, (int)!(i & 1));
		}
	bercl_intervals zero = {0};
	clustered_calls(&zero, 0, 1e-12, 0.95, 0.05, 1);
	end();
}

/* ---- FEC: grouped histograms and the tail (lib/fec.c, lib/fec_tail.c) ---- */

/* Group layouts over t: 0 single bins, 1 grouped, 2.. broken ones. */
enum { LAYOUT_BINS, LAYOUT_GROUPED, LAYOUT_NO_UNC, LAYOUT_UNC_FIRST, LAYOUT_OVERLAP,
       LAYOUT_BEYOND_T, LAYOUT_NEGATIVE, LAYOUT_EMPTY, NLAYOUTS };

static int layout(int kind, int t, int *lo, int *hi)
{
	int g = 0;
	switch (kind) {
	case LAYOUT_BINS:
	case LAYOUT_NO_UNC:
	case LAYOUT_UNC_FIRST:
		if (kind == LAYOUT_UNC_FIRST)
			lo[g] = hi[g] = t + 1, g++;
		for (int i = 0; i <= t; i++)
			lo[g] = hi[g] = i, g++;
		if (kind == LAYOUT_BINS)
			lo[g] = hi[g] = t + 1, g++;
		return g;
	case LAYOUT_GROUPED:
		lo[g] = hi[g] = 0, g++;
		for (int i = 1; i <= t; i = 2 * i + 1)
			lo[g] = i, hi[g] = 2 * i < t ? 2 * i : t, g++;
		lo[g] = t + 1, hi[g] = 0, g++;
		return g;
	case LAYOUT_OVERLAP:
		lo[g] = 0, hi[g] = t, g++;
		lo[g] = t, hi[g] = t, g++;
		lo[g] = t + 1, hi[g] = t + 1, g++;
		return g;
	case LAYOUT_BEYOND_T:
		lo[g] = 0, hi[g] = t + 1, g++;
		lo[g] = t + 1, hi[g] = t + 1, g++;
		return g;
	case LAYOUT_NEGATIVE:
		lo[g] = -1, hi[g] = 0, g++;
		lo[g] = t + 1, hi[g] = t + 1, g++;
		return g;
	default:
		return 0;
	}
}

static void groups_calls(const bercl_rs_code *c, int valid, int kind, const int *lo,
                         const int *hi, const double *count, int ng, enum bercl_model m,
                         double cl, double omc)
{
	int layout_ok = valid && (kind == LAYOUT_BINS || kind == LAYOUT_GROUPED);
	double total = 0;
	int counts_ok = 1;
	for (int j = 0; j < ng; j++) {
		counts_ok &= valid_errors(count[j]);
		total += count[j];
	}
	bercl_fec_tail_stats s;
	poison(&s, sizeof s);
	set_call("bercl_fec_tail(RS(%d,%d,%d,t=%d), layout %d, %d groups, [%g, %g, ..., %g], %.17g, "
	         "%.17g)",
	         c->n, c->k, c->m, c->t, kind, ng, count[0], ng > 1 ? count[1] : 0, count[ng > 0 ? ng - 1 : 0],
	         cl, omc);
	enum bercl_status st = bercl_fec_tail(c, lo, hi, count, ng, cl, omc, &s);
	int dom = layout_ok && counts_ok && total > 0 && target_domain(cl, omc);
	check_domain_status(st, dom, 1);
	if (dom && target_subnormal(cl, omc))
		check_status(st, BERCL_ELIMIT);
	CHECK_UNTOUCHED(st, s);
	if (st == BERCL_OK && s.bins > 0) {
		check_prob("cer_tail", s.cer_tail);
		check_prob("cer_tail_lower", s.cer_tail_lower);
		check_prob("cer_tail_upper", s.cer_tail_upper);
		check_double("tail_r2", s.tail_r2);
		check_prob("tail_p", s.tail_p);
		check_double("shape", s.shape);
		check_double("dispersion", s.dispersion);
		check_ln("ln_cer_tail", s.ln_cer_tail, s.cer_tail);
		check_ln("ln_cer_tail_lower", s.ln_cer_tail_lower, s.cer_tail_lower);
		check_ln("ln_cer_tail_upper", s.ln_cer_tail_upper, s.cer_tail_upper);
		if (!(s.cer_tail_lower <= s.cer_tail && s.cer_tail <= s.cer_tail_upper))
			breaks(R_OTHER, "cer_tail %.17g outside [%.17g, %.17g]", s.cer_tail,
			       s.cer_tail_lower, s.cer_tail_upper);
		if (!(s.shape >= 0 && s.shape <= 2) || !(s.dispersion >= 1))
			breaks(R_OTHER, "shape %g dispersion %g bins %d", s.shape, s.dispersion, s.bins);
	}

	bercl_fec_histogram_stats h;
	poison(&h, sizeof h);
	set_call("bercl_fec_histogram_groups(RS(%d,%d,%d,t=%d), layout %d, %d groups, [%g, %g, ..., "
	         "%g], %d, %.17g, %.17g)",
	         c->n, c->k, c->m, c->t, kind, ng, count[0], ng > 1 ? count[1] : 0, count[ng > 0 ? ng - 1 : 0],
	         (int)m, cl, omc);
	st = bercl_fec_histogram_groups(c, lo, hi, count, ng, m, cl, omc, &h);
	dom = layout_ok && counts_ok && total >= 1 && total <= BERCL_MAX_ERRORS &&
	      target_domain(cl, omc) && (m == BERCL_POISSON || m == BERCL_BINOMIAL);
	check_domain_status(st, dom, 1);
	CHECK_UNTOUCHED(st, h);
	if (st != BERCL_OK)
		return;
	check_prob("ser_estimate", h.ser_estimate);
	check_prob("ser_upper", h.ser_upper);
	check_prob("cer_model_upper", h.cer_model_upper);
	check_prob("cer_count_upper", h.cer_count_upper);
	check_prob("cer_upper", h.cer_upper);
	check_ln("ln_cer_upper", h.ln_cer_upper, h.cer_upper);
	check_double("codewords", h.codewords);
	check_double("symbol_errors", h.symbol_errors);
	if (h.has_cer_predicted)
		check_prob("cer_predicted", h.cer_predicted);
	if (h.gof_df > 0) {
		check_prob("gof_p", h.gof_p);
		check_double("gof_stat", h.gof_stat);
	}
	if (h.tail_bins > 0) {
		check_prob("cer_tail", h.cer_tail);
		check_prob("cer_tail_lower", h.cer_tail_lower);
		check_prob("cer_tail_upper", h.cer_tail_upper);
		check_double("tail_r2", h.tail_r2);
	}
	if (h.codewords != total)
		breaks(R_OTHER, "codewords %.17g, the groups hold %.17g", h.codewords, total);
}

static void sonic_call(const bercl_rs_code *c, int valid, const double *bins)
{
	bercl_fec_tail_stats s;
	poison(&s, sizeof s);
	set_call("bercl_fec_tail_sonic(RS(%d,%d,%d,t=%d), [%g, %g, %g, ...])", c->n, c->k, c->m, c->t,
	         bins[0], bins[1], bins[2]);
	enum bercl_status st = bercl_fec_tail_sonic(c, bins, &s);
	int ok = valid;
	for (int i = 0; valid && i <= c->t; i++)
		ok &= valid_errors(bins[i]);
	check_domain_status(st, ok, 1);
	CHECK_UNTOUCHED(st, s);
	if (st == BERCL_OK && s.bins > 0) {
		check_prob("cer_tail", s.cer_tail);
		check_double("tail_r2", s.tail_r2);
		check_double("sonic_slope", s.sonic_slope);
		check_double("sonic_intercept", s.sonic_intercept);
		check_ln("ln_cer_tail", s.ln_cer_tail, s.cer_tail);
	}
}

static void test_fec_groups_tail(void **state)
{
	(void)state;
	begin("bercl_fec_histogram_groups/tail/tail_sonic");
	bercl_rs_code codes[4];
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &codes[0]), BERCL_OK);
	assert_int_equal(bercl_rs_code_make(7, 3, 3, &codes[1]), BERCL_OK);
	codes[2] = (bercl_rs_code){544, 514, 10, 99};
	codes[3] = (bercl_rs_code){-5, 514, 10, 15};
	int lo[BERCL_FEC_MAX_BINS + 2], hi[BERCL_FEC_MAX_BINS + 2];
	double count[BERCL_FEC_MAX_BINS + 2];
	for (int c = 0; c < 4; c++) {
		int valid = c < 2, t = valid ? codes[c].t : 15;
		for (int kind = 0; kind < NLAYOUTS; kind++) {
			int ng = layout(kind, t, lo, hi);
			if (ng == 0) { /* no group at all */
				lo[0] = hi[0] = 0;
				count[0] = 1;
			}
			for (size_t i = 0; i < NSPECIAL; i++)
				for (int at = 0; at < (ng ? ng : 1); at += (ng > 4 ? ng / 4 : 1))
					for (size_t k = 0; k < NTARGETS; k += 4) {
						for (int j = 0; j < ng; j++)
							count[j] = floor(1e12 / pow(40.0, lo[j]));
						if (ng)
							count[at] = special[i];
						groups_calls(&codes[c], valid, kind, lo, hi, count, ng,
						             (enum bercl_model)(k & 1), targets[k][0],
						             targets[k][1]);
					}
		}
		/* sonic: each bin special in turn, and random histograms */
		double bins[BERCL_FEC_MAX_BINS + 2];
		for (size_t i = 0; i < NSPECIAL; i++)
			for (int at = 0; at <= t + 1; at += 3) {
				for (int b = 0; b <= t + 1; b++)
					bins[b] = floor(1e12 / pow(30.0, b));
				bins[at] = special[i];
				sonic_call(&codes[c], valid, bins);
			}
		for (int r = 0; r < 60; r++) {
			for (int b = 0; b <= t + 1; b++)
				bins[b] = next_u64() & 3 ? floor(log_uniform(0, 13 - b)) : 0;
			sonic_call(&codes[c], valid, bins);
			int ng = layout(r & 1 ? LAYOUT_GROUPED : LAYOUT_BINS, t, lo, hi);
			for (int j = 0; j < ng; j++)
				count[j] = bins[lo[j] <= t + 1 ? lo[j] : t + 1];
			double cl = 1 - log_uniform(-10, -0.5);
			groups_calls(&codes[c], valid, r & 1, lo, hi, count, ng,
			             (enum bercl_model)(r & 2 ? 1 : 0), cl, 1 - cl);
		}
	}
	/* ngroups beyond BERCL_FEC_MAX_BINS, and negative */
	const int ngs[] = {-1, BERCL_FEC_MAX_BINS + 1};
	for (int i = 0; i < 2; i++) {
		int ng = ngs[i];
		bercl_fec_tail_stats s;
		poison(&s, sizeof s);
		lo[0] = hi[0] = 0;
		count[0] = 5;
		set_call("bercl_fec_tail(KP4, %d groups)", ng);
		enum bercl_status st = bercl_fec_tail(&codes[0], lo, hi, count, ng, 0.95, 0.05, &s);
		check_status(st, BERCL_EDOM);
		CHECK_UNTOUCHED(st, s);
		bercl_fec_histogram_stats h;
		poison(&h, sizeof h);
		set_call("bercl_fec_histogram_groups(KP4, %d groups)", ng);
		st = bercl_fec_histogram_groups(&codes[0], lo, hi, count, ng, BERCL_POISSON, 0.95, 0.05,
		                                &h);
		check_status(st, BERCL_EDOM);
		CHECK_UNTOUCHED(st, h);
	}
	end();
}

/* ---- eye and bathtub scans (lib/eye_fit.c) ---- */

#define EYE_N 45

static int eye_options_ok(const bercl_eye_options *o)
{
	if (o->axis != BERCL_EYE_TIME && o->axis != BERCL_EYE_VOLTAGE)
		return 0;
	if (o->method != BERCL_EYE_LIKELIHOOD && o->method != BERCL_EYE_REGRESSION)
		return 0;
	if (!(o->fit_below > 0 && o->fit_below <= 1))
		return 0;
	if (!(o->rho == 0 || (o->rho >= 1e-6 && o->rho <= 1)))
		return 0;
	if (o->rho == 0 && (o->axis == BERCL_EYE_VOLTAGE || o->method == BERCL_EYE_REGRESSION))
		return 0;
	if (o->axis == BERCL_EYE_VOLTAGE && o->rho != 0.5)
		return 0;
	return target_domain(o->cl, o->one_minus_cl);
}

static int eye_scan_ok(const bercl_eye_scan *s)
{
	if (!s->offset || !s->bits || !s->errors || s->n < 1 || s->n > BERCL_EYE_MAX_POINTS)
		return 0;
	for (int i = 0; i < s->n; i++) {
		double n = s->bits[i], k = s->errors[i];
		if (!(isfinite(s->offset[i]) && fabs(s->offset[i]) <= 1e12 && n >= 1 && n <= 1e300 &&
		      valid_errors(k) && k <= n))
			return 0;
		if (s->edge && !(s->edge[i] >= -1 && s->edge[i] <= 1))
			return 0;
	}
	return 1;
}

static void check_estimate(const char *name, bercl_eye_estimate e)
{
	if (!isfinite(e.value) || !isfinite(e.lower) || !isfinite(e.upper))
		breaks(R_NONFINITE, "%s = %g [%g, %g]", name, e.value, e.lower, e.upper);
	else if (!(e.lower <= e.value && e.value <= e.upper))
		breaks(R_OTHER, "%s = %.17g outside [%.17g, %.17g]", name, e.value, e.lower, e.upper);
}

/* A dual-Dirac bathtub: edges at 0.1 and 0.9 UI, widths 0.02, rho 1/2. */
static void eye_base(double *off, double *bits, double *err, double scale)
{
	for (int i = 0; i < EYE_N; i++) {
		off[i] = -0.05 + 1.1 * i / (EYE_N - 1);
		double p0 = 0, p1 = 0;
		bercl_q((off[i] - 0.1) / 0.02, &p0);
		bercl_q((0.9 - off[i]) / 0.02, &p1);
		bits[i] = 1e10 * scale;
		err[i] = floor(bits[i] * 0.5 * (p0 + p1));
	}
}

static const char *eye_opt_text(const bercl_eye_options *o)
{
	static char text[160];
	snprintf(text, sizeof text, "{axis %d, method %d, rho %.17g, below %.17g, cl %.17g/%.17g}",
	         (int)o->axis, (int)o->method, o->rho, o->fit_below, o->cl, o->one_minus_cl);
	return text;
}

/* sides, fit and (with a fit) the eye at a few BERs, held to the header. */
static void eye_calls(const bercl_eye_scan *s, const bercl_eye_options *o, int do_fit,
                      const char *what, int must_fit)
{
	int dom = eye_scan_ok(s) && eye_options_ok(o);
	bercl_eye_sides_count c;
	poison(&c, sizeof c);
	set_call("bercl_eye_sides(%s, %s)", what, eye_opt_text(o));
	enum bercl_status st = bercl_eye_sides(s, o, &c);
	/* a subnormal side of the target: ELIMIT, the target rules */
	int sub = dom && target_subnormal(o->cl, o->one_minus_cl);
	check_status(st, !dom ? BERCL_EDOM : sub ? BERCL_ELIMIT : BERCL_OK);
	CHECK_UNTOUCHED(st, c);
	if (st == BERCL_OK) {
		check_double("centre", c.centre);
		for (int e = 0; e < 2; e++)
			if (c.points[e] < 0 || c.with_errors[e] < 0 || c.with_errors[e] > c.points[e] ||
			    c.points[e] > s->n)
				breaks(R_OTHER, "edge %d: %d points, %d with errors", e, c.points[e],
				       c.with_errors[e]);
		if (c.needed != (o->rho == 0 ? 3 : 2))
			breaks(R_OTHER, "needed %d", c.needed);
	}
	if (!do_fit)
		return;
	bercl_eye_stats f;
	poison(&f, sizeof f);
	set_call("bercl_eye_fit(%s, %s)", what, eye_opt_text(o));
	st = bercl_eye_fit(s, o, &f);
	if (!dom)
		check_status(st, BERCL_EDOM);
	else if (sub)
		check_status(st, BERCL_ELIMIT);
	else if (must_fit)
		check_status(st, BERCL_OK);
	CHECK_UNTOUCHED(st, f);
	if (st != BERCL_OK)
		return;
	for (int e = 0; e < 2; e++) {
		check_estimate("mu", f.edge[e].mu);
		check_estimate("sigma", f.edge[e].sigma);
		check_double("rho", f.edge[e].rho);
		if (f.method == BERCL_EYE_REGRESSION)
			check_double("edge r_squared", f.edge[e].r_squared);
		if (!(f.edge[e].sigma.value > 0 && f.edge[e].rho > 0 && f.edge[e].rho <= 1))
			breaks(R_OTHER, "sigma %g rho %g", f.edge[e].sigma.value, f.edge[e].rho);
	}
	if (o->axis == BERCL_EYE_TIME) {
		check_estimate("rj", f.rj);
		check_estimate("dj", f.dj);
	} else {
		check_estimate("q", f.q);
		check_double("threshold", f.threshold);
		check_prob("ber_at_threshold", f.ber_at_threshold);
	}
	if (o->method == BERCL_EYE_LIKELIHOOD) {
		check_double("deviance", f.deviance);
		check_double("ln_likelihood", f.ln_likelihood);
		if (!(f.deviance >= 0))
			breaks(R_OTHER, "deviance %.17g", f.deviance);
	} else {
		check_double("r_squared", f.r_squared);
	}
	check_prob("fit_p", f.fit_p);
	for (int a = 0; a < 6; a++)
		check_double("params", f.params[a]);
	const double bers[] = {NAN, -1, 0, MIN_SUB, 1e-300, 1e-12, 0.25, 0.5, 1, INFINITY};
	for (size_t i = 0; i < sizeof bers / sizeof bers[0]; i++) {
		if (o->method == BERCL_EYE_LIKELIHOOD && i % 3 != 0 && bers[i] > 0 && bers[i] < 0.5)
			continue; /* intervals are dear: one in three */
		bercl_eye_at_ber a;
		poison(&a, sizeof a);
		set_call("bercl_eye_at(%s, %s, fit, %.17g)", what, eye_opt_text(o), bers[i]);
		st = bercl_eye_at(s, o, &f, bers[i], &a);
		int bdom = bers[i] > 0 && bers[i] < f.params[2] && bers[i] < f.params[5];
		check_domain_status(st, bdom, 1);
		CHECK_UNTOUCHED(st, a);
		if (st == BERCL_OK) {
			check_estimate("eye_opening", a.eye_opening);
			check_estimate("tj", a.tj);
		}
	}
}

static void plan_call(const double *off, int n, const bercl_eye_options *o, const double *params,
                      double ber, double w)
{
	double bits;
	poison(&bits, sizeof bits);
	set_call("bercl_eye_plan(%d offsets, %s, {%g, %g, %g, %g, %g, %g}, %.17g, %.17g)", n,
	         eye_opt_text(o), params[0], params[1], params[2], params[3], params[4], params[5],
	         ber, w);
	enum bercl_status st = bercl_eye_plan(off, n, o, params, ber, w, &bits);
	int dom = off && n >= 1 && n <= BERCL_EYE_MAX_POINTS && eye_options_ok(o) && w > 0 &&
	          isfinite(w) && ber > 0 && ber < 1;
	for (int i = 0; dom && i < n; i++)
		dom = fabs(off[i]) <= 1e12;
	for (int a = 0; dom && a < 6; a++)
		dom = isfinite(params[a]);
	dom = dom && params[2] >= 1e-6 && params[2] <= 1 && params[5] >= 1e-6 && params[5] <= 1 &&
	      fabs(params[1]) < 700 && fabs(params[4]) < 700 && ber < params[2] && ber < params[5];
	/* inside the domain: OK, ELIMIT, or EDOM for offsets that leave a tail unscanned */
	if (!dom)
		check_status(st, BERCL_EDOM);
	else if (target_subnormal(o->cl, o->one_minus_cl))
		check_status(st, BERCL_ELIMIT);
	else if (st == BERCL_ENOCONV)
		breaks(R_STATUS, "ENOCONV");
	CHECK_UNTOUCHED(st, bits);
	if (st == BERCL_OK) {
		check_double("bits_per_offset", bits);
		if (!(whole(bits) && bits >= 1 && bits <= 1e300))
			breaks(R_OTHER, "bits %.17g", bits);
	}
}

static void test_eye(void **state)
{
	(void)state;
	begin("bercl_eye_sides/fit/at/plan");
	double off[EYE_N], bits[EYE_N], err[EYE_N];
	signed char edge[EYE_N];
	eye_base(off, bits, err, 1);
	for (int i = 0; i < EYE_N; i++)
		edge[i] = off[i] < 0.5 ? 0 : 1;
	bercl_eye_scan base = {off, bits, err, NULL, EYE_N};
	const bercl_eye_options good = {BERCL_EYE_TIME, BERCL_EYE_LIKELIHOOD, 0.5, BERCL_EYE_FIT_BELOW,
	                                0.95, 0.05};
	/* the options: every field special, every combination of the enums */
	const int axes[] = {BERCL_EYE_TIME, BERCL_EYE_VOLTAGE, 7};
	const int methods[] = {BERCL_EYE_LIKELIHOOD, BERCL_EYE_REGRESSION, -1};
	const double rhos[] = {0, 1e-7, 1e-6, 0.5, 1, NAN, -0.5, 2, INFINITY};
	const double belows[] = {NAN, 0, MIN_SUB, 1e-3, 1, 2};
	for (int a = 0; a < 3; a++)
		for (int m = 0; m < 3; m++)
			for (size_t r = 0; r < sizeof rhos / sizeof rhos[0]; r++)
				for (size_t b = 0; b < sizeof belows / sizeof belows[0]; b++)
					for (size_t k = 0; k < NTARGETS; k += 3) {
						bercl_eye_options o = {(enum bercl_eye_axis)axes[a],
						                       (enum bercl_eye_method)methods[m], rhos[r],
						                       belows[b], targets[k][0], targets[k][1]};
						/* fits where the options are valid, once per
						 * axis, method and rho (the fits are dear) */
						int fit = !eye_options_ok(&o) ||
						          (b == 3 && (k == 0 || k == 9));
						eye_calls(&base, &o, fit, "base", 0);
					}
	/* the base scan fits with the defaults and with the regression, edges given or not */
	eye_calls(&base, &good, 1, "base", 1);
	bercl_eye_options reg = good;
	reg.method = BERCL_EYE_REGRESSION;
	eye_calls(&base, &reg, 1, "base", 1);
	bercl_eye_scan with_edge = base;
	with_edge.edge = edge;
	eye_calls(&with_edge, &good, 1, "base with edges", 1);
	/* a special value in each field of a point: first, middle, last */
	const int at[] = {0, EYE_N / 2, EYE_N - 1, 3};
	for (size_t p = 0; p < 4; p++)
		for (int field = 0; field < 3; field++)
			for (size_t i = 0; i < NSPECIAL; i++) {
				double o2[EYE_N], b2[EYE_N], e2[EYE_N];
				memcpy(o2, off, sizeof o2);
				memcpy(b2, bits, sizeof b2);
				memcpy(e2, err, sizeof e2);
				double *f = field == 0 ? o2 : field == 1 ? b2 : e2;
				f[at[p]] = special[i];
				bercl_eye_scan s = {o2, b2, e2, NULL, EYE_N};
				char what[96];
				snprintf(what, sizeof what, "base, %s[%d] = %.17g",
				         field == 0 ? "offset" : field == 1 ? "bits" : "errors", at[p], special[i]);
				eye_calls(&s, &good, p == 3 || !eye_scan_ok(&s) || (i % 4 == 0), what, 0);
				eye_calls(&s, &reg, 1, what, 0);
			}
	/* edges: each value at one point, NULL arrays, and the point counts */
	const int edges[] = {-2, -1, 0, 1, 2, 127, -128};
	for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
		signed char e2[EYE_N];
		memcpy(e2, edge, sizeof e2);
		e2[5] = (signed char)edges[i];
		bercl_eye_scan s = base;
		s.edge = e2;
		char what[64];
		snprintf(what, sizeof what, "base, edge[5] = %d", edges[i]);
		eye_calls(&s, &reg, 1, what, 0);
	}
	const int ns[] = {-1, 0, 1, 2, EYE_N, BERCL_EYE_MAX_POINTS + 1};
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		bercl_eye_scan s = base;
		s.n = ns[i];
		char what[64];
		snprintf(what, sizeof what, "base, n = %d", ns[i]);
		eye_calls(&s, &reg, ns[i] <= EYE_N, what, 0);
	}
	for (int f = 0; f < 3; f++) {
		bercl_eye_scan s = base;
		if (f == 0)
			s.offset = NULL;
		else if (f == 1)
			s.bits = NULL;
		else
			s.errors = NULL;
		eye_calls(&s, &reg, 1, f == 0 ? "offset NULL" : f == 1 ? "bits NULL" : "errors NULL", 0);
	}
	{
		bercl_eye_sides_count c;
		bercl_eye_stats st;
		poison(&c, sizeof c);
		poison(&st, sizeof st);
		set_call("bercl_eye_sides/fit(NULL scan, NULL options)");
		enum bercl_status r1 = bercl_eye_sides(NULL, &good, &c), r2 = bercl_eye_sides(&base, NULL, &c);
		enum bercl_status r3 = bercl_eye_fit(NULL, &good, &st), r4 = bercl_eye_fit(&base, NULL, &st);
		check_status(r1, BERCL_EDOM);
		check_status(r2, BERCL_EDOM);
		check_status(r3, BERCL_EDOM);
		check_status(r4, BERCL_EDOM);
		CHECK_UNTOUCHED(BERCL_EDOM, c);
		CHECK_UNTOUCHED(BERCL_EDOM, st);
	}
	/* seeded random scans: noisy bathtubs of random eyes, some far from any eye */
	for (int r = 0; r < 24; r++) {
		double o2[EYE_N], b2[EYE_N], e2[EYE_N];
		double mu0 = 0.3 * uniform(), mu1 = 0.7 + 0.3 * uniform();
		double s0 = log_uniform(-3, -1), s1 = log_uniform(-3, -1);
		double n = floor(log_uniform(4, 13));
		for (int i = 0; i < EYE_N; i++) {
			o2[i] = -0.05 + 1.1 * i / (EYE_N - 1);
			double p0, p1;
			bercl_q((o2[i] - mu0) / s0, &p0);
			bercl_q((mu1 - o2[i]) / s1, &p1);
			b2[i] = n;
			e2[i] = r % 6 == 5 ? floor(n * uniform()) : floor(n * 0.5 * (p0 + p1) * (0.5 + uniform()));
		}
		bercl_eye_scan s = {o2, b2, e2, NULL, EYE_N};
		bercl_eye_options o = r & 1 ? reg : good;
		if (r % 4 == 2)
			o.rho = 0;
		if (r % 8 == 3) {
			o.axis = BERCL_EYE_VOLTAGE;
			o.rho = 0.5;
		}
		eye_calls(&s, &o, 1, "random", 0);
	}
	/* a fit made up: each parameter special, for bercl_eye_at */
	bercl_eye_stats fit;
	assert_int_equal(bercl_eye_fit(&base, &reg, &fit), BERCL_OK);
	for (int a = 0; a < 6; a++)
		for (size_t i = 0; i < NSPECIAL; i++) {
			bercl_eye_stats g = fit;
			g.params[a] = special[i];
			bercl_eye_at_ber out;
			poison(&out, sizeof out);
			set_call("bercl_eye_at(base, regression, params[%d] = %.17g, 1e-12)", a, special[i]);
			enum bercl_status st = bercl_eye_at(&base, &reg, &g, 1e-12, &out);
			if (!(1e-12 < g.params[2] && 1e-12 < g.params[5]))
				check_status(st, BERCL_EDOM);
			CHECK_UNTOUCHED(st, out);
			if (st == BERCL_OK) {
				check_estimate("eye_opening", out.eye_opening);
				check_estimate("tj", out.tj);
			}
		}
	/* plans: the fit's eye, each parameter and argument special */
	const double *p0 = fit.params;
	const double bers[] = {NAN, 0, MIN_SUB, 1e-300, 1e-12, 0.4, 0.5, 1};
	const double ws[] = {NAN, -1, 0, MIN_SUB, 1e-3, 0.01, 1, 1e300, INFINITY};
	for (size_t b = 0; b < sizeof bers / sizeof bers[0]; b++)
		for (size_t w = 0; w < sizeof ws / sizeof ws[0]; w++) {
			plan_call(off, EYE_N, &good, p0, bers[b], ws[w]);
			plan_call(off, EYE_N, &reg, p0, bers[b], ws[w]);
		}
	for (int a = 0; a < 6; a++)
		for (size_t i = 0; i < NSPECIAL; i++) {
			double pp[6];
			memcpy(pp, p0, sizeof pp);
			pp[a] = (a == 1 || a == 4) && isfinite(special[i]) ? log(fabs(special[i]) + 1e-300)
			                                                      : special[i];
			plan_call(off, EYE_N, &good, pp, 1e-12, 0.01);
			pp[a] = special[i];
			plan_call(off, EYE_N, &good, pp, 1e-12, 0.01);
		}
	for (size_t i = 0; i < NSPECIAL; i++) {
		double o2[EYE_N];
		memcpy(o2, off, sizeof o2);
		o2[i % EYE_N] = special[i];
		plan_call(o2, EYE_N, &good, p0, 1e-12, 0.01);
		o2[i % EYE_N] = -special[i];
		plan_call(o2, EYE_N, &good, p0, 1e-12, 0.01);
	}
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
		plan_call(off, ns[i], &good, p0, 1e-12, 0.01);
	plan_call(NULL, EYE_N, &good, p0, 1e-12, 0.01);
	for (int r = 0; r < 30; r++) {
		bercl_eye_options o = good;
		o.cl = 1 - log_uniform(-12, -0.5);
		o.one_minus_cl = 1 - o.cl;
		plan_call(off, EYE_N, &o, p0, log_uniform(-20, -1), log_uniform(-6, 0));
	}
	end();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_misc),
		cmocka_unit_test(test_poisson_tails),
		cmocka_unit_test(test_binomial_tails),
		cmocka_unit_test(test_lambda_for_cl),
		cmocka_unit_test(test_ber_bounds),
		cmocka_unit_test(test_min_bits),
		cmocka_unit_test(test_lnprob),
		cmocka_unit_test(test_plans),
		cmocka_unit_test(test_fec),
		cmocka_unit_test(test_lanes),
		cmocka_unit_test(test_target_check),
		cmocka_unit_test(test_lane_target_meet),
		cmocka_unit_test(test_normal),
		cmocka_unit_test(test_fec_flr_degrade),
		cmocka_unit_test(test_clustered),
		cmocka_unit_test(test_fec_groups_tail),
		cmocka_unit_test(test_eye),
	};
	/* CONTRACT_ONLY=test_eye (a glob) runs one part while iterating */
	if (getenv("CONTRACT_ONLY"))
		cmocka_set_test_filter(getenv("CONTRACT_ONLY"));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
