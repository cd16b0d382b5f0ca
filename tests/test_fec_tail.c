/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_fec_tail.c - lib/fec_tail.c: SONiC's prediction against the
 * reference reimplementation's digits (tests/data/gen_sonic_ref.py), the
 * likelihood fit's interval against an independent optimizer (GSL's
 * one-dimensional minimizer over a grid of shapes), and the interval's
 * coverage of the true CER in seeded histograms of independent errors and
 * of the burst models of tests/test_fec.c.
 *
 * BERCL_COVERAGE_DRAWS=1000 runs the full simulation (the suite draws 100
 * histograms per case, 1,500 in all).
 */
#include "testutil.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>

static bercl_rs_code kp4(void)
{
	bercl_rs_code c;
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &c), BERCL_OK);
	return c;
}

/* singleton groups 0 .. t and the uncorrectable group */
static int tail_of_bins(const bercl_rs_code *c, const double *bins, double cl,
                        bercl_fec_tail_stats *s)
{
	int lo[BERCL_FEC_MAX_BINS], hi[BERCL_FEC_MAX_BINS];
	for (int i = 0; i <= c->t + 1; i++)
		lo[i] = hi[i] = i;
	return bercl_fec_tail(c, lo, hi, bins, c->t + 2, cl, 1 - cl, s);
}

/* ---- SONiC ---- */

static void test_sonic_table(void **state)
{
	(void)state;
	FILE *fp = table_open("fec_sonic_ref.csv");
	char line[1024];
	char *f[24];
	int rows = 0;
	bercl_rs_code c = kp4();
	while (table_next(fp, line, sizeof line, f, 24) == 24) {
		if (strcmp(f[0], "name") == 0)
			continue;
		double bins[17];
		for (int i = 0; i < 17; i++)
			bins[i] = strtod(f[1 + i], NULL);
		bercl_fec_tail_stats s;
		assert_int_equal(bercl_fec_tail_sonic(&c, bins, &s), BERCL_OK);
		double cer = strtod(f[18], NULL), r2 = strtod(f[19], NULL);
		int kept = atoi(f[20]);
		assert_int_equal(s.bins, kept);
		if (kept == 0)
			continue;
		/* the same doubles: the reimplementation runs SONiC's operations in
		 * SONiC's order, and so does the library */
		if (!(s.cer_tail == cer && s.tail_r2 == fmin(r2, 1.0)))
			fail_msg("%s: cer %.17g vs %s, r2 %.17g vs %s", f[0], s.cer_tail, f[18], s.tail_r2,
			         f[19]);
		double x[3] = {1, 2, 4};
		for (int k = 0; k < 3; k++) {
			double flr;
			assert_int_equal(bercl_fec_flr(s.cer_tail, x[k], BERCL_FEC_FRAMES_PER_CODEWORD, &flr),
			                 BERCL_OK);
			if (!(flr == strtod(f[21 + k], NULL)))
				fail_msg("%s: flr at X = %g %.17g vs %s", f[0], x[k], flr, f[21 + k]);
		}
		rows++;
	}
	fclose(fp);
	assert_true(rows >= 3);
	print_message("fec_sonic_ref.csv: %d histograms, CER, R^2 and FLR (X = 1, 2, 4) identical\n", rows);
}

/* ---- the likelihood, recomputed independently ---- */

struct lik {
	const double *bins;
	int first, t, n;
	double total, x, c;
};

/* ln C(n, i) by GSL, once per i */
static double lnc(int n, int i)
{
	static double cache[545];
	static int have;
	if (!have) {
		for (int k = 0; k <= 544; k++)
			cache[k] = gsl_sf_lnchoose(544, (unsigned)k);
		have = 1;
	}
	return n == 544 ? cache[i] : gsl_sf_lnchoose((unsigned)n, (unsigned)i);
}

/* minus the log likelihood at ln cer_tail = x, shape c, slope b */
static double negll(double b, void *p)
{
	const struct lik *L = p;
	double lu = -INFINITY;
	for (int i = L->t + 1; i <= L->n; i++) {
		double e = b * i + L->c * lnc(L->n, i);
		lu = lu > e ? lu + log1p(exp(e - lu)) : e + log1p(exp(lu - e));
	}
	double ll = 0;
	for (int i = L->first; i <= L->t + 1; i++) {
		double ln_mu = i <= L->t ? log(L->total) + L->x - lu + b * i + L->c * lnc(L->n, i)
		                         : log(L->total) + L->x;
		double nb = L->bins[i];
		ll += (nb > 0 ? nb * ln_mu : 0) - exp(ln_mu);
	}
	return -ll;
}

/* the maximum over b at c = k / 200, by a scan and GSL's Brent minimizer */
static double best_at(struct lik *L, gsl_min_fminimizer *m, int k)
{
	L->c = k / 200.0;
	gsl_function F = {negll, L};
	/* a bracket: scan b */
	double bl = -60, bu = 20, bb = bl, fb = INFINITY;
	for (double b = bl; b <= bu; b += 0.5) {
		double v = negll(b, L);
		if (v < fb)
			fb = v, bb = b;
	}
	if (bb <= bl || bb >= bu || gsl_min_fminimizer_set(m, &F, bb, bb - 0.5, bb + 0.5) != 0)
		return fb;
	for (int it = 0; it < 100; it++) {
		gsl_min_fminimizer_iterate(m);
		double a = gsl_min_fminimizer_x_lower(m), b = gsl_min_fminimizer_x_upper(m);
		if (b - a < 1e-10)
			break;
	}
	return gsl_min_fminimizer_f_minimum(m);
}

/*
 * max over c in [0, 2] on the grid k / 200, k = 0..400: every 10th point,
 * then every point within 20 of the best of those (the profile in c is
 * smooth and single-peaked on these histograms; the whole grid gave the
 * same deviances to 4 decimals)
 */
static double profile_ref(const double *bins, int first, double x)
{
	struct lik L = {bins, first, 15, 544, 0, x, 0};
	for (int i = 0; i <= 16; i++)
		L.total += bins[i];
	double best = INFINITY;
	int k_best = 0;
	gsl_min_fminimizer *m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
	for (int k = 0; k <= 400; k += 10) {
		double v = best_at(&L, m, k);
		if (v < best)
			best = v, k_best = k;
	}
	for (int k = k_best - 20; k <= k_best + 20; k++)
		if (k >= 0 && k <= 400 && k % 10 != 0)
			best = fmin(best, best_at(&L, m, k));
	gsl_min_fminimizer_free(m);
	return -best;
}

/* the whole grid (BERCL_TAIL_FULL_GRID=1, make soak-fec): the same deviances
 * to the last bit on test_interval_by_reference's six profiles */
static double profile_ref_full(const double *bins, int first, double x)
{
	struct lik L = {bins, first, 15, 544, 0, x, 0};
	for (int i = 0; i <= 16; i++)
		L.total += bins[i];
	double best = INFINITY;
	gsl_min_fminimizer *m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
	for (int k = 0; k <= 400; k++)
		best = fmin(best, best_at(&L, m, k));
	gsl_min_fminimizer_free(m);
	return -best;
}

static void test_interval_by_reference(void **state)
{
	(void)state;
	bercl_rs_code c = kp4();
	/* a histogram of independent errors at BER 2.4e-4 with 1e9 codewords
	 * (expected counts, rounded), and one with a burst tail */
	double h[2][17] = {{0}};
	double s = -expm1(10 * log1p(-2.4e-4));
	for (int i = 0; i <= 15; i++)
		h[0][i] = round(1e9 * gsl_ran_binomial_pdf(i, s, 544));
	double burst[17] = {1e9, 3e6, 4e5, 6e4, 9000, 1400, 230, 40, 7, 1, 0};
	memcpy(h[1], burst, sizeof burst);
	for (int k = 0; k < 2; k++) {
		bercl_fec_tail_stats st;
		assert_int_equal(tail_of_bins(&c, h[k], 0.95, &st), BERCL_OK);
		assert_true(st.bins > 0);
		int first = 15 - st.bins + 1;
		double x[3] = {st.ln_cer_tail.hi, st.ln_cer_tail_lower.hi, st.ln_cer_tail_upper.hi};
		double p[3];
		double (*profile)(const double *, int, double) =
		        getenv("BERCL_TAIL_FULL_GRID") ? profile_ref_full : profile_ref;
		for (int j = 0; j < 3; j++)
			p[j] = profile(h[k], first, x[j]);
		/* the maximum is the maximum; the bounds sit at 3.84 below it */
		double d = 2 * (p[0] - profile(h[k], first, x[0] + 0.05));
		double e = 2 * (p[0] - profile(h[k], first, x[0] - 0.05));
		print_message("histogram %d: cer_tail %.4g [%.4g, %.4g], shape %.3f; reference "
		              "deviance at the bounds %.4f %.4f, beside the estimate %.2g %.2g\n",
		              k, st.cer_tail, st.cer_tail_lower, st.cer_tail_upper, st.shape,
		              2 * (p[0] - p[1]), 2 * (p[0] - p[2]), d, e);
		assert_true(d > 0 && e > 0);
		assert_true(fabs(2 * (p[0] - p[1]) - 3.8415) < 0.02);
		assert_true(fabs(2 * (p[0] - p[2]) - 3.8415) < 0.02);
		assert_true(st.cer_tail_lower < st.cer_tail && st.cer_tail < st.cer_tail_upper);
	}
}

/*
 * A histogram no curve of the family fits (fuzz_histogram's find: one bin
 * of 4.2e14 among bins of 1e8 and 1e9, nothing above it, 2616064
 * uncorrectable): the start is kept decaying and the tail below 1, the fit
 * is rejected, and the count's Clopper-Pearson interval is given.
 */
static void test_unfittable(void **state)
{
	(void)state;
	bercl_rs_code c = kp4();
	double bins[17] = {5207492836, 1699928845, 1126915934, 731958855, 467679269, 294790594,
	                   183696943,  113348588,  69343835,   421035951869956, 0, 0, 0, 0, 0, 0,
	                   2616064};
	bercl_fec_tail_stats st;
	assert_int_equal(tail_of_bins(&c, bins, 0.95, &st), BERCL_OK);
	assert_true(st.bins > 0 && st.counted);
	double total = 0;
	for (int i = 0; i < 17; i++)
		total += bins[i];
	assert_true(st.cer_tail == 2616064 / total);
	double lo, hi;
	assert_int_equal(bercl_ber_interval(BERCL_BINOMIAL, 2616064, total, 0.95, 0.05, &lo, &hi),
	                 BERCL_OK);
	assert_true(st.cer_tail_lower == lo && st.cer_tail_upper == hi);
}

/* ---- coverage ---- */

/*
 * Codeword probabilities as tests/test_fec.c draws them: independent
 * (Binomial(n, s)) or bursts (Binomial(n, r) burst starts, each burst a
 * geometric number of symbols with mean 1 / (1 - rho), r = s (1 - rho)).
 * The true CER is summed over i > t directly (not 1 - the rest).
 */
static double burst_pmf(int n, double s, double rho, int i)
{
	if (rho == 0)
		return i <= n ? gsl_ran_binomial_pdf(i, s, n) : 0;
	double r = s * (1 - rho), pi = i == 0 ? gsl_ran_binomial_pdf(0, r, n) : 0;
	for (int b = 1; b <= i && b <= n; b++)
		pi += gsl_ran_binomial_pdf(b, r, n) *
		      exp(gsl_sf_lnchoose(i - 1, b - 1) + b * log1p(-rho) + (i - b) * log(rho));
	return pi;
}

static double model(int n, int t, double s, double rho, double *prob)
{
	for (int i = 0; i <= t; i++)
		prob[i] = burst_pmf(n, s, rho, i);
	double cer = 0, term;
	for (int i = t + 1; i < 4000; i++) {
		term = burst_pmf(n, s, rho, i);
		cer += term;
		if (i > t + 20 && term < 1e-18 * cer)
			break;
	}
	prob[t + 1] = cer;
	return cer;
}

/* A multinomial draw of N codewords (N up to 1e13) by conditional binomials. */
static void draw(gsl_rng *rng, double total, const double *prob, int nb, double *bins)
{
	double left = total, pleft = 0;
	for (int i = 0; i < nb; i++)
		pleft += prob[i];
	for (int i = nb - 1; i >= 0; i--) {
		double p = fmin(prob[i] / pleft, 1.0), x;
		if (i == 0 || p >= 1) {
			x = left;
		} else if (left < 4e9) {
			x = gsl_ran_binomial(rng, p, (unsigned)left);
		} else if (left * p * (1 - p) > 1e6) {
			x = round(left * p + gsl_ran_gaussian(rng, sqrt(left * p * (1 - p))));
		} else {
			x = gsl_ran_poisson(rng, left * p); /* p tiny here */
		}
		x = fmin(fmax(x, 0), left);
		bins[i] = x;
		left -= x;
		pleft -= prob[i];
		if (pleft <= 0)
			pleft = 1e-300;
	}
}

static int draws_wanted(void)
{
	const char *e = getenv("BERCL_COVERAGE_DRAWS");
	return e ? atoi(e) : 100;
}

static void coverage_case(double ber, double rho, double codewords, unsigned long seed,
                          int *covered, int *below, int *above, int *fits, double *width)
{
	bercl_rs_code c = kp4();
	double s = -expm1(10 * log1p(-ber)), prob[17], bins[17];
	double cer = model(544, 15, s, rho, prob);
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, seed);
	int draws = draws_wanted();
	*covered = *below = *above = *fits = 0;
	double wsum = 0;
	for (int d = 0; d < draws; d++) {
		draw(rng, codewords, prob, 17, bins);
		bercl_fec_tail_stats st;
		assert_int_equal(tail_of_bins(&c, bins, 0.95, &st), BERCL_OK);
		if (st.bins == 0)
			continue;
		(*fits)++;
		if (getenv("BERCL_TAIL_DEBUG") && (cer < st.cer_tail_lower || cer > st.cer_tail_upper)) {
			int first = 15 - st.bins + 1;
			double pmax = profile_ref(bins, first, st.ln_cer_tail.hi);
			print_message("miss: cer_tail %.4g [%.4g, %.4g] c %.3f; reference deviance at the "
			              "truth %.3f, at the bounds %.3f %.3f; U %g\n",
			              st.cer_tail, st.cer_tail_lower, st.cer_tail_upper, st.shape,
			              2 * (pmax - profile_ref(bins, first, log(cer))),
			              2 * (pmax - profile_ref(bins, first, st.ln_cer_tail_lower.hi)),
			              2 * (pmax - profile_ref(bins, first, st.ln_cer_tail_upper.hi)), bins[16]);
		}
		if (cer < st.cer_tail_lower)
			(*below)++;
		else if (cer > st.cer_tail_upper)
			(*above)++;
		else
			(*covered)++;
		wsum += log10(st.cer_tail_upper / st.cer_tail_lower);
	}
	*width = *fits ? wsum / *fits : 0;
	gsl_rng_free(rng);
	print_message("BER %g rho %g, %.0e codewords (true CER %.3g): %d of %d fits cover, %d "
	              "above the upper bound, %d below the lower; mean width %.2f decades\n",
	              ber, rho, codewords, cer, *covered, *fits, *above, *below, *width);
}

static void test_coverage(void **state)
{
	(void)state;
	struct {
		double ber, rho;
	} models[] = {{2.4e-4, 0}, {1e-4, 0}, {2.4e-4, 0.5}, {1e-5, 0.5}, {2.4e-4, 0.2}};
	double sizes[] = {1e8, 1e10, 1e13};
	unsigned long seed = 4200;
	int draws = draws_wanted(), all_cov = 0, all_fits = 0;
	for (size_t m = 0; m < sizeof models / sizeof models[0]; m++)
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
			int cov, below, above, fits;
			double width;
			coverage_case(models[m].ber, models[m].rho, sizes[k], seed++, &cov, &below, &above,
			              &fits, &width);
			assert_true(fits >= draws * 9 / 10);
			/* each case: at least 94 % at full size; at 100 draws the
			 * sampling error (2.2 % at 95 %) allows 90 % */
			assert_true(cov >= (draws >= 1000 ? 0.94 : 0.90) * fits);
			all_cov += cov;
			all_fits += fits;
		}
	print_message("all cases: %d of %d intervals cover the true CER (%.2f %%)\n", all_cov,
	              all_fits, 100.0 * all_cov / all_fits);
	assert_true(all_cov >= 0.94 * all_fits);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sonic_table),
		cmocka_unit_test(test_interval_by_reference),
		cmocka_unit_test(test_unfittable),
		cmocka_unit_test(test_coverage),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
