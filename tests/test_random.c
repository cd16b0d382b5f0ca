/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_random.c - the engine's random stream (engine/random.c) against
 * GSL, the independent implementation: MT19937's 32-bit outputs and the two
 * uniforms equal gsl_rng_mt19937's bit for bit over several seeds; each
 * sampler's draws fit the law's exact probabilities (libbercl's tails for
 * Poisson and binomial, closed forms for the geometric and exponential) by
 * a seeded chi-square test, which GSL's own sampler passes on the same
 * cells, and which rejects the sampler at a parameter moved by 1/20 of a
 * standard deviation (so the test can fail).
 */
#include "testutil.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "random.h"

#define DRAWS 200000
#define PASS_P 1e-4  /* a sampler fits its law: p-value above this */
#define FAIL_P 1e-6  /* the moved law is rejected: p-value below this */

static void test_stream_is_gsl(void **state)
{
	(void)state;
	static const unsigned long seeds[] = {0, 1, 2, 4357, 20261201, 123456789, 4294967295ul};
	gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
	static struct rng r;
	for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
		gsl_rng_set(g, seeds[s]);
		rng_seed(&r, seeds[s]);
		for (long i = 0; i < 1000000; i++) {
			uint32_t a = rng_get(&r);
			unsigned long b = gsl_rng_get(g);
			if (a != b)
				fail_msg("seed %lu, output %ld: %lu, GSL %lu", seeds[s], i, (unsigned long)a, b);
		}
		for (long i = 0; i < 100000; i++) {
			double a = rng_uniform(&r), b = gsl_rng_uniform(g);
			if (a != b)
				fail_msg("seed %lu, uniform %ld: %.17g, GSL %.17g", seeds[s], i, a, b);
			a = rng_uniform_pos(&r);
			b = gsl_rng_uniform_pos(g);
			if (a != b)
				fail_msg("seed %lu, uniform_pos %ld: %.17g, GSL %.17g", seeds[s], i, a, b);
		}
	}
	/* seed 0 is GSL's default, 4357; only the low 32 bits of a seed count */
	struct rng z;
	rng_seed(&z, 0);
	rng_seed(&r, 4357);
	assert_true(rng_get(&z) == rng_get(&r));
	gsl_rng_free(g);
}

/* ---- the laws ---- */

enum law { POISSON, BINOMIAL, GEOMETRIC, EXPONENTIAL };
struct spec {
	enum law law;
	double a, b; /* mu; p, n; p; mean */
};

/* P[X <= k] and P[X > k], from outside the code under test */
static void tails(const struct spec *s, double k, double *le, double *gt)
{
	bercl_tails t;
	switch (s->law) {
	case POISSON:
		assert_int_equal(bercl_poisson_tails(k, s->a, 0, &t), BERCL_OK);
		*le = t.one_minus_cl;
		*gt = t.cl;
		return;
	case BINOMIAL:
		assert_int_equal(bercl_binomial_tails(k, s->b, s->a, &t), BERCL_OK);
		*le = t.one_minus_cl;
		*gt = t.cl;
		return;
	case GEOMETRIC: /* on 1, 2, ...: P[X > k] = (1 - p)^k */
		*gt = k < 1 ? 1 : exp(k * log1p(-s->a));
		*le = k < 1 ? 0 : -expm1(k * log1p(-s->a));
		return;
	case EXPONENTIAL:
		*gt = exp(-k / s->a);
		*le = -expm1(-k / s->a);
		return;
	}
}

static void moments(const struct spec *s, double *mean, double *sd)
{
	switch (s->law) {
	case POISSON: *mean = s->a; *sd = sqrt(s->a); return;
	case BINOMIAL: *mean = s->a * s->b; *sd = sqrt(s->b * s->a * (1 - s->a)); return;
	case GEOMETRIC: *mean = 1 / s->a; *sd = sqrt(1 - s->a) / s->a; return;
	case EXPONENTIAL: *mean = s->a; *sd = s->a; return;
	}
}

/* the law with its mean moved up by 1/20 of a standard deviation */
static struct spec moved(struct spec s)
{
	double mean, sd;
	moments(&s, &mean, &sd);
	double m = mean + sd / 20;
	switch (s.law) {
	case POISSON: s.a = m; break;
	case BINOMIAL: s.a = m / s.b; break;
	case GEOMETRIC: s.a = 1 / m; break;
	case EXPONENTIAL: s.a = m; break;
	}
	return s;
}

static double draw_ours(struct rng *r, const struct spec *s)
{
	switch (s->law) {
	case POISSON: return rng_poisson(r, s->a);
	case BINOMIAL: return rng_binomial(r, s->a, s->b);
	case GEOMETRIC: return rng_geometric(r, s->a);
	case EXPONENTIAL: return rng_exponential(r, s->a);
	}
	return NAN;
}

static double draw_gsl(gsl_rng *g, const struct spec *s)
{
	switch (s->law) {
	case POISSON: return gsl_ran_poisson(g, s->a);
	case BINOMIAL: return gsl_ran_binomial(g, s->a, (unsigned int)s->b);
	case GEOMETRIC: return gsl_ran_geometric(g, s->a);
	case EXPONENTIAL: return gsl_ran_exponential(g, s->a);
	}
	return NAN;
}

/* The cells: (-inf, e[0]], (e[0], e[1]], ..., (e[n-1], inf), each expecting
 * at least 20 of the draws; for a count, e[] whole numbers. */
#define MAX_CELLS 200
struct cells {
	double e[MAX_CELLS], prob[MAX_CELLS + 1];
	int n;
};

static void make_cells(const struct spec *s, struct cells *c)
{
	double mean, sd;
	moments(s, &mean, &sd);
	double cand[MAX_CELLS];
	int m = 0;
	for (int j = 0; j < 120 && m < MAX_CELLS; j++) {
		double x = s->law == EXPONENTIAL ? -s->a * log1p(-(j + 0.5) / 120) /* equiprobable */
		                                 : floor(mean + sd * (-6 + 0.1 * j));
		if (x < 0 || (s->law == BINOMIAL && x >= s->b) || (m > 0 && x <= cand[m - 1]))
			continue;
		cand[m++] = x;
	}
	/* merge from the left while a cell expects too few */
	c->n = 0;
	double below = 0; /* P[X <= the last edge kept] */
	for (int j = 0; j < m; j++) {
		double le, gt;
		tails(s, cand[j], &le, &gt);
		if ((le - below) * DRAWS < 20 || gt * DRAWS < 20)
			continue;
		c->prob[c->n] = le - below;
		c->e[c->n++] = cand[j];
		below = le;
	}
	assert_true(c->n >= 1);
	double le, gt;
	tails(s, c->e[c->n - 1], &le, &gt);
	c->prob[c->n] = gt;
}

static int cell_of(const struct cells *c, double x)
{
	int lo = 0, hi = c->n; /* the first edge at or above x */
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (c->e[mid] >= x)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* the chi-square p-value of DRAWS draws against the cells */
static double p_value(const struct cells *c, const double *x)
{
	static double count[MAX_CELLS + 1];
	memset(count, 0, sizeof count);
	for (long i = 0; i < DRAWS; i++)
		count[cell_of(c, x[i])] += 1;
	double chi2 = 0;
	for (int j = 0; j <= c->n; j++) {
		double e = c->prob[j] * DRAWS;
		chi2 += (count[j] - e) * (count[j] - e) / e;
	}
	return gsl_cdf_chisq_Q(chi2, c->n);
}

static const char *const names[] = {"poisson", "binomial", "geometric", "exponential"};

static void check_law(struct spec s)
{
	static double x[DRAWS];
	struct cells c;
	make_cells(&s, &c);
	struct rng r;
	rng_seed(&r, 20261205);
	for (long i = 0; i < DRAWS; i++)
		x[i] = draw_ours(&r, &s);
	double ours = p_value(&c, x);
	gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(g, 20261205);
	for (long i = 0; i < DRAWS; i++)
		x[i] = draw_gsl(g, &s);
	gsl_rng_free(g);
	/* GSL's binomial is itself off at n = 2^32 - 1 (200,000 draws at p =
	 * 2.5e-8: mean 105.9 for 107.4; its n + 1 wraps around in unsigned
	 * arithmetic) and at a variance n p q of 1e8 (at n = 1e9, p = 1/4:
	 * variance 1.95e8 for 1.875e8), so there the exact tails alone judge */
	int gsl_valid = !(s.law == BINOMIAL && (s.b >= 4294967295.0 || s.b * s.a * (1 - s.a) > 1e6));
	double theirs = gsl_valid ? p_value(&c, x) : NAN;
	struct spec w = moved(s);
	for (long i = 0; i < DRAWS; i++)
		x[i] = draw_ours(&r, &w);
	double wrong = p_value(&c, x);
	print_message("%-11s %-9g %-11g %3d cells: p %.3g (GSL's sampler %.3g; moved 1/20 sd: %.3g)\n",
	              names[s.law], s.a, s.b, c.n + 1, ours, theirs, wrong);
	if (!(ours > PASS_P))
		fail_msg("%s(%g, %g): p-value %g", names[s.law], s.a, s.b, ours);
	if (gsl_valid && !(theirs > PASS_P))
		fail_msg("%s(%g, %g): GSL's sampler p-value %g: the test or the law is wrong",
		         names[s.law], s.a, s.b, theirs);
	if (!(wrong < FAIL_P))
		fail_msg("%s(%g, %g): the moved law passes (p-value %g): the test has no power",
		         names[s.law], s.a, s.b, wrong);
}

static void test_poisson(void **state)
{
	(void)state;
	/* inversion below 10, PTRS from 10 */
	static const double mus[] = {0.05, 0.5, 3, 9.99, 10, 37.5, 1000, 1e6, 1e9};
	for (size_t i = 0; i < sizeof mus / sizeof mus[0]; i++)
		check_law((struct spec){POISSON, mus[i], 0});
}

static void test_binomial(void **state)
{
	(void)state;
	/* inversion for n min(p, q) below 10, BTRS from 10; p above 1/2 by symmetry */
	static const double pn[][2] = {{0.3, 20}, {0.005, 1000}, {0.5, 1000}, {0.9, 100},
	                               {0.8, 30}, {0.6, 40}, {1e-9, 4294967295.0},
	                               {2.5e-8, 4294967294.0}, {2.5e-8, 4294967295.0},
	                               {0.25, 4294967294.0}, {0.999, 5000}, {0.3, 1e6}};
	for (size_t i = 0; i < sizeof pn / sizeof pn[0]; i++)
		check_law((struct spec){BINOMIAL, pn[i][0], pn[i][1]});
}

static void test_geometric(void **state)
{
	(void)state;
	static const double ps[] = {0.5, 0.1, 0.01, 1e-6};
	for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
		check_law((struct spec){GEOMETRIC, ps[i], 0});
}

static void test_exponential(void **state)
{
	(void)state;
	check_law((struct spec){EXPONENTIAL, 1, 0});
	check_law((struct spec){EXPONENTIAL, 1e12, 0});
}

static void test_edges(void **state)
{
	(void)state;
	struct rng r;
	rng_seed(&r, 7);
	for (int i = 0; i < 1000; i++) {
		assert_true(rng_poisson(&r, 0) == 0);
		assert_true(rng_binomial(&r, 0, 100) == 0);
		assert_true(rng_binomial(&r, 1, 100) == 100);
		assert_true(rng_binomial(&r, 0.5, 0) == 0);
		assert_true(rng_geometric(&r, 1) == 1);
		double b = rng_binomial(&r, 0.5, 3);
		assert_true(b >= 0 && b <= 3 && b == floor(b));
		double g = rng_geometric(&r, 0.999999);
		assert_true(g >= 1 && g == floor(g));
		double u = rng_uniform53(&r);
		assert_true(u > 0 && u < 1);
		double e = rng_exponential(&r, 2);
		assert_true(e > 0 && isfinite(e));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stream_is_gsl), cmocka_unit_test(test_poisson),
		cmocka_unit_test(test_binomial),      cmocka_unit_test(test_geometric),
		cmocka_unit_test(test_exponential),   cmocka_unit_test(test_edges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
