/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lanes.c - confidence for a multi-lane link: all lanes below the BER at
 * once, and the per-lane test length at which they get there together.
 *
 * SYNOPSIS
 *   bercl_lanes_all(lanes, count, &all)
 *   bercl_min_bits_all_lanes(model, errors, ber, cl, 1 - cl, lanes, &bits, &all)
 *
 * DESCRIPTION
 *   Lanes with independent errors, each tested with its own count: the
 *   events "lane j's BER is below p" are independent, so the confidence that
 *   all are is the product of the lane CLs,
 *     ln CL_all = sum_j ln CL_j                      (double-double sum),
 *     1 - CL_all = -expm1(sum_j ln CL_j),
 *   and, when every 1 - CL_j is below 1e-300, 1 - CL_all = sum_j (1 - CL_j)
 *   summed from their logarithms (the cross terms are below 1e-300 of it).
 *   Eight lanes at 95 % each give 0.95^8 = 66 %.
 *
 *   All lanes at the same BER, each allowed `errors` errors in N bits,
 *   reach CL together when CL(N)^L >= cl, that is when each lane reaches
 *   cl^(1/L). bercl_min_bits() at the per-lane target cl^(1/L) (with its
 *   complement -expm1(ln(cl) / L)) gives N; N is then checked on both
 *   sides with CL(N)^L formed as bercl_lanes_all() forms it and compared as
 *   bercl_min_bits() compares (the log of the smaller tail: ln CL_all >= ln
 *   cl when cl <= 1/2, else ln(1 - CL_all) <= ln(1 - cl)), and searched
 *   from there (search.c: two tests when the rounding of the per-lane target
 *   did not put it off, a gallop and a bisection when it did): the answer
 *   is the smallest whole N with CL(N)^L >= cl, and N - 1 falls short. For
 *   L = 1 it is bercl_min_bits()'s answer.
 */
#include <math.h>
#include <stddef.h>

#include "bercl.h"
#include "dd.h"
#include "internal.h"
#include "search.h"

/* Probabilities at most 1 and their logs at most 0 (a tail's log may
 * round to just above 0). */
static void clamp(bercl_tails *t)
{
	if (t->ln_cl.hi > 0 || (t->ln_cl.hi == 0 && t->ln_cl.lo > 0))
		t->ln_cl.hi = t->ln_cl.lo = 0.0;
	if (t->ln_one_minus_cl.hi > 0 || (t->ln_one_minus_cl.hi == 0 && t->ln_one_minus_cl.lo > 0))
		t->ln_one_minus_cl.hi = t->ln_one_minus_cl.lo = 0.0;
	t->cl = fmin(t->cl, 1.0);
	t->one_minus_cl = fmin(t->one_minus_cl, 1.0);
}

/* Accumulates the product of tails: sum of ln CL, and the 1 - CL logs. */
struct product {
	dd ln_all;
	dd cl;      /* the product of the lanes' cl doubles, times 2^-cl_exp */
	long cl_exp;
	int all_tiny; /* every 1 - CL_j below 1e-300 so far */
	dd ln_omc_max;     /* the largest ln(1 - CL_j) (+ ln times), double-double */
	double omc_scaled; /* sum of exp(ln_omc_j - ln_omc_max) */
};

static void product_add(struct product *p, const bercl_tails *t, double times)
{
	dd ln_cl = t->ln_cl.hi > 0 ? dd_from(0.0) : dd_make(t->ln_cl.hi, t->ln_cl.lo);
	p->ln_all = dd_add(p->ln_all, dd_mul_d(ln_cl, times));
	for (int j = 0; j < (int)times; j++) {
		int e;
		p->cl = dd_mul_d(p->cl, fmin(t->cl, 1.0));
		double m = frexp(p->cl.hi, &e);
		p->cl = dd_make(m, ldexp(p->cl.lo, -e));
		p->cl_exp += e;
	}
	dd l = t->ln_one_minus_cl.hi > 0 ? dd_from(0.0)
	                                 : dd_make(t->ln_one_minus_cl.hi, t->ln_one_minus_cl.lo);
	l = dd_add(l, dd_log(dd_from(times)));
	if (!(t->ln_one_minus_cl.hi < -690.0))
		p->all_tiny = 0;
	if (p->omc_scaled == 0.0) {
		p->ln_omc_max = l;
		p->omc_scaled = 1.0;
	} else if (l.hi > p->ln_omc_max.hi) {
		p->omc_scaled = p->omc_scaled * bercli_exp(dd_sub(p->ln_omc_max, l).hi) + 1.0;
		p->ln_omc_max = l;
	} else {
		p->omc_scaled += bercli_exp(dd_sub(l, p->ln_omc_max).hi);
	}
}

static void product_result(const struct product *p, bercl_tails *all)
{
	bercl_lnprob ln_cl = {p->ln_all.hi, p->ln_all.lo}, ln_omc;
	if (p->all_tiny) {
		dd s = dd_add(p->ln_omc_max, dd_log(dd_from(p->omc_scaled)));
		ln_omc.hi = s.hi;
		ln_omc.lo = s.lo;
	} else {
		ln_omc.hi = bercli_log(-bercli_expm1(p->ln_all.hi + p->ln_all.lo));
		ln_omc.lo = 0.0;
	}
	all->ln_cl = ln_cl;
	all->ln_one_minus_cl = ln_omc;
	/* The product of the lane doubles where it is a normal double (it is
	 * what a reader multiplies); below that, from the logarithm. */
	all->cl = p->cl.hi > 0 && p->cl_exp > -1020 ? ldexp(p->cl.hi + p->cl.lo, (int)p->cl_exp)
	                                            : bercl_lnprob_value(ln_cl);
	all->one_minus_cl = bercl_lnprob_value(ln_omc);
	clamp(all);
}

static void product_init(struct product *p)
{
	p->ln_all = dd_from(0.0);
	p->cl = dd_from(1.0);
	p->cl_exp = 0;
	p->all_tiny = 1;
	p->ln_omc_max = dd_from(0.0);
	p->omc_scaled = 0.0;
}

/*
 * Logs of probabilities: at most 0, allowing a rounding of 1e-15 above it,
 * and the values in [0, 1]; ln_cl may be -inf for a CL of exactly 0 (the
 * binomial CL at E = N, which was refused with BERCL_EDOM).
 */
static int valid_tails(const bercl_tails *t)
{
	return t->ln_cl.hi <= 1e-15 && t->ln_one_minus_cl.hi <= 1e-15 && isfinite(t->ln_cl.lo) &&
	       (isfinite(t->ln_cl.hi) || (t->ln_cl.hi == -INFINITY && t->cl == 0.0)) &&
	       isfinite(t->ln_one_minus_cl.hi) && isfinite(t->ln_one_minus_cl.lo) &&
	       t->cl >= 0 && t->cl <= 1 && t->one_minus_cl >= 0 && t->one_minus_cl <= 1;
}

/* All lanes below the BER at once is impossible when one lane's CL is 0. */
static void zero_tails(bercl_tails *all)
{
	all->cl = 0.0;
	all->one_minus_cl = 1.0;
	all->ln_cl.hi = -INFINITY;
	all->ln_cl.lo = 0.0;
	all->ln_one_minus_cl.hi = all->ln_one_minus_cl.lo = 0.0;
}

enum bercl_status bercl_lanes_all(const bercl_tails *lanes, int count, bercl_tails *all)
{
	if (count < 1)
		return BERCL_EDOM;
	if (count == 1) {
		if (!valid_tails(&lanes[0]))
			return BERCL_EDOM;
		*all = lanes[0];
		clamp(all);
		return BERCL_OK;
	}
	int zero = 0;
	for (int j = 0; j < count; j++) {
		if (!valid_tails(&lanes[j]))
			return BERCL_EDOM;
		zero |= lanes[j].ln_cl.hi == -INFINITY;
	}
	if (zero) {
		zero_tails(all);
		return BERCL_OK;
	}
	struct product p;
	product_init(&p);
	for (int j = 0; j < count; j++)
		product_add(&p, &lanes[j], 1.0);
	product_result(&p, all);
	return BERCL_OK;
}

/* The target, as bercl_min_bits() takes it: the log of the smaller tail. */
struct goal {
	int use_cl; /* compare ln CL_all >= ln cl (cl <= 1/2), else ln(1 - CL_all) <= ln(1 - cl) */
	dd ln;
};

/* The L-lane product of one lane's tails, as bercl_lanes_all() forms it. */
static void power_tails(const bercl_tails *t, int lanes, bercl_tails *all)
{
	if (lanes == 1) {
		*all = *t;
		clamp(all);
		return;
	}
	struct product p;
	product_init(&p);
	product_add(&p, t, lanes); /* lanes <= 1e6 multiplications */
	product_result(&p, all);
}

/* CL(n)^lanes reaches the goal? 1 yes, 0 no, -1 failure; *all gets CL(n)^lanes. */
static int all_reach(enum bercl_model model, double errors, double ber, int lanes, double n,
                     const struct goal *g, bercl_tails *all)
{
	bercl_tails t;
	if (n <= 0 || (model == BERCL_BINOMIAL && n <= errors))
		return 0;
	if (model == BERCL_POISSON && n * ber < BERCL_MIN_LAMBDA)
		return 0; /* below the Poisson range: CL ~ lambda, far below any target */
	if (bercl_cl(model, errors, n, ber, &t) != BERCL_OK)
		return -1;
	power_tails(&t, lanes, all);
	if (g->use_cl)
		return dd_sub(dd_make(all->ln_cl.hi, all->ln_cl.lo), g->ln).hi >= 0;
	return dd_sub(dd_make(all->ln_one_minus_cl.hi, all->ln_one_minus_cl.lo), g->ln).hi <= 0;
}

struct lanes_goal {
	enum bercl_model model;
	double errors, ber;
	int lanes;
	const struct goal *g;
};

/* all_reach() as the search's test (no gap: the search bisects). */
static enum bercl_status lanes_test(void *ctx, double n, bercl_tails *all, int *holds,
                                    double *gap)
{
	const struct lanes_goal *c = ctx;
	(void)gap;
	int k = all_reach(c->model, c->errors, c->ber, c->lanes, n, c->g, all);
	if (k < 0)
		return BERCL_ENOCONV;
	*holds = k;
	return BERCL_OK;
}

enum bercl_status bercl_min_bits_all_lanes(enum bercl_model model, double errors, double ber,
                                           double cl, double one_minus_cl, int lanes,
                                           double *bits, bercl_tails *achieved)
{
	if (lanes < 1 || lanes > 1000000)
		return BERCL_EDOM;
	enum bercl_status rc = bercl_target_check(cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	if (lanes == 1) /* one lane: bercl_min_bits' answer, exact where it is */
		return bercl_min_bits(model, errors, ber, cl, one_minus_cl, bits, achieved);
	struct goal g = {cl <= 0.5, dd_log(dd_from(cl <= 0.5 ? cl : one_minus_cl))};
	/* ln cl / L: for cl <= 1/2 from the goal's double-double logarithm, as
	 * a double log(cl) is off by up to 5.7e-14 near cl = 1e-308, which
	 * above 2^53 bits (one step a double's ulp, moving ln CL^L by L 2^-52)
	 * is dozens of steps from the answer (8 lanes, ber 1e-310, cl =
	 * DBL_MIN: BERCL_ENOCONV after the 8 steps allowed below) */
	double per = cl <= 0.5 ? dd_div(g.ln, dd_from((double)lanes)).hi
	                       : bercli_log1p(-one_minus_cl) / lanes;
	double n;
	rc = bercl_min_bits(model, errors, ber, bercli_exp(per), -bercli_expm1(per), &n, NULL);
	if (rc != BERCL_OK)
		return rc;
	/* the per-lane answer is at most a few bits off: the search's first two
	 * tests (n - 1 and n) usually bracket it */
	struct lanes_goal c = {model, errors, ber, lanes, &g};
	struct bercli_search s = {lanes_test, &c,
	                          model == BERCL_BINOMIAL ? BERCL_BINOMIAL_MAX_BITS : BERCL_MAX_LAMBDA,
	                          0.0};
	return bercli_first_whole(&s, bercli_prev_whole(n), n, bits, achieved);
}

enum bercl_status bercl_lane_target(double cl, double one_minus_cl, int lanes, bercl_tails *out)
{
	if (lanes < 1 || lanes > 1000000)
		return BERCL_EDOM;
	enum bercl_status rc = bercl_target_check(cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	dd per = cl <= 0.5 ? dd_div_d(dd_log(dd_from(cl)), lanes)
	                   : dd_from(bercli_log1p(-one_minus_cl) / lanes);
	out->cl = dd_exp(per).hi;
	out->one_minus_cl = -bercli_expm1(per.hi);
	out->ln_cl = (bercl_lnprob){bercli_log(out->cl), 0.0};
	out->ln_one_minus_cl = (bercl_lnprob){bercli_log(out->one_minus_cl), 0.0};
	return BERCL_OK;
}

/* A logarithm of a probability as bercl_lanes_meet() takes it: ln 0 is
 * -inf with lo 0. */
static int ln_prob_ok(bercl_lnprob l)
{
	return l.hi <= 0 && isfinite(l.lo) && (l.hi > -INFINITY || l.lo == 0);
}

enum bercl_status bercl_lanes_meet(const bercl_tails *all, double cl, double one_minus_cl,
                                   int *meets)
{
	if (!ln_prob_ok(all->ln_cl) || !ln_prob_ok(all->ln_one_minus_cl))
		return BERCL_EDOM;
	enum bercl_status rc = bercl_target_check(cl, one_minus_cl);
	if (rc != BERCL_OK)
		return rc;
	/* ln 0 decided directly (-inf - x is NaN in double-double): a CL of
	 * 0 meets no target, a 1 - CL of 0 every one */
	if (cl <= 0.5 && all->ln_cl.hi == -INFINITY)
		*meets = 0;
	else if (cl > 0.5 && all->ln_one_minus_cl.hi == -INFINITY)
		*meets = 1;
	else if (cl <= 0.5)
		*meets = dd_sub(dd_make(all->ln_cl.hi, all->ln_cl.lo), dd_log(dd_from(cl))).hi >= 0;
	else
		*meets = dd_sub(dd_make(all->ln_one_minus_cl.hi, all->ln_one_minus_cl.lo),
		                dd_log(dd_from(one_minus_cl))).hi <= 0;
	return BERCL_OK;
}
