/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_fec.c - lib/fec.c: ser, cer and post-FEC BER against 60-digit sums
 * (tests/data/gen_fec_ref.py), the inverse ber_max against 60-digit roots,
 * and the histogram analysis on seeded draws from an independent-error
 * model (not flagged) and a bursty one (flagged), with GSL's generator and
 * chi-square tail as the outside referees.
 */
#include "testutil.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

static bercl_rs_code code_of(const char *n, const char *k, const char *m)
{
	bercl_rs_code c;
	assert_int_equal(bercl_rs_code_make(atoi(n), atoi(k), atoi(m), &c), BERCL_OK);
	return c;
}

static void test_codes(void **state)
{
	(void)state;
	bercl_rs_code c;
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &c), BERCL_OK);
	assert_int_equal(c.t, 15);
	assert_int_equal(bercl_rs_code_make(528, 514, 10, &c), BERCL_OK);
	assert_int_equal(c.t, 7);
	assert_int_equal(bercl_rs_code_make(255, 239, 8, &c), BERCL_OK);
	assert_int_equal(c.t, 8);
	assert_int_equal(bercl_rs_code_make(1026, 514, 10, &c), BERCL_EDOM); /* n > 2^m + 1 */
	assert_int_equal(bercl_rs_code_make(514, 514, 10, &c), BERCL_EDOM);
	assert_int_equal(bercl_rs_code_make(544, 0, 10, &c), BERCL_EDOM);
	assert_int_equal(bercl_rs_code_make(544, 514, 17, &c), BERCL_EDOM);
	bercl_fec_rates r;
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &c), BERCL_OK);
	assert_int_equal(bercl_fec_rates_from_ber(&c, 0.6, &r), BERCL_EDOM);
	assert_int_equal(bercl_fec_rates_from_ber(&c, 0.0, &r), BERCL_EDOM);
	assert_int_equal(bercl_fec_rates_from_ber(&c, NAN, &r), BERCL_EDOM);
	double b;
	assert_int_equal(bercl_fec_ber_max(&c, 0.0, &b), BERCL_EDOM);
	assert_int_equal(bercl_fec_ber_max(&c, 1.0, &b), BERCL_EDOM);
	/* t = 0: cer ~ 6 ber, so cer 1e-305 needs a BER below 1e-300 */
	assert_int_equal(bercl_rs_code_make(3, 2, 2, &c), BERCL_OK);
	assert_int_equal(c.t, 0);
	assert_int_equal(bercl_fec_ber_max(&c, 1e-305, &b), BERCL_ELIMIT);
}

static void test_rates_table(void **state)
{
	(void)state;
	FILE *fp = table_open("fec_ref.csv");
	char line[512];
	char *f[8];
	int rows = 0, below = 0;
	double worst_cer = 0, worst_post = 0, worst_ser = 0;
	while (table_next(fp, line, sizeof line, f, 8) == 8) {
		bercl_rs_code c = code_of(f[1], f[2], f[3]);
		double ber = strtod(f[4], NULL);
		bercl_fec_rates r;
		assert_int_equal(bercl_fec_rates_from_ber(&c, ber, &r), BERCL_OK);
		double ds = fabs(r.ser - strtod(f[5], NULL)) / strtod(f[5], NULL);
		double dc = rel_error_vs_decimal(r.ln_cer, f[6]);
		double dp = rel_error_vs_decimal(r.ln_post_fec_ber, f[7]);
		if (!(ds <= 1e-15 && dc <= 1e-14 && dp <= 1e-14))
			fail_msg("%s ber=%s: ser %.3g cer %.3g post_fec_ber %.3g relative error", f[0],
			         f[4], ds, dc, dp);
		/* the plain doubles where the values are in the double range, 0 below */
		double cer_ref = strtod(f[6], NULL), post_ref = strtod(f[7], NULL);
		if (cer_ref > 1e-300) {
			if (!(bercl_rel_diff(r.cer, cer_ref) <= 1e-14))
				fail_msg("%s ber=%s: cer %.17g vs %s", f[0], f[4], r.cer, f[6]);
		} else {
			assert_true(r.cer < 1e-290);
			below++;
		}
		if (post_ref > 1e-300 && !(bercl_rel_diff(r.post_fec_ber, post_ref) <= 1e-14))
			fail_msg("%s ber=%s: post_fec_ber %.17g vs %s", f[0], f[4], r.post_fec_ber, f[7]);
		worst_ser = fmax(worst_ser, ds);
		worst_cer = fmax(worst_cer, dc);
		worst_post = fmax(worst_post, dp);
		rows++;
	}
	fclose(fp);
	assert_true(rows >= 100);
	assert_true(below >= 4); /* rows far below the double range */
	print_message("fec_ref.csv: %d rows (%d below 1e-304), worst relative error ser %.3g, "
	              "cer %.3g, post_fec_ber %.3g\n",
	              rows, below, worst_ser, worst_cer, worst_post);
}

static void test_inverse_table(void **state)
{
	(void)state;
	FILE *fp = table_open("fec_inv_ref.csv");
	char line[512];
	char *f[6];
	int rows = 0;
	double worst_root = 0, worst_trip = 0;
	while (table_next(fp, line, sizeof line, f, 6) == 6) {
		bercl_rs_code c = code_of(f[1], f[2], f[3]);
		double x = strtod(f[4], NULL), ref = strtod(f[5], NULL), ber;
		assert_int_equal(bercl_fec_ber_max(&c, x, &ber), BERCL_OK);
		double d = fabs(ber - ref) / ref;
		/* round trip: cer(ber_max) = X */
		bercl_fec_rates r;
		assert_int_equal(bercl_fec_rates_from_ber(&c, ber, &r), BERCL_OK);
		double trip = x <= 0.5 ? fabs(expm1(r.ln_cer.hi + r.ln_cer.lo - log(x)))
		                       : fabs(expm1(r.ln_one_minus_cer.hi - log1p(-x)));
		if (!(d <= 1e-13 && trip <= 1e-13))
			fail_msg("%s cer=%s: ber_max %.17g vs %s (%.3g), round trip %.3g", f[0], f[4],
			         ber, f[5], d, trip);
		worst_root = fmax(worst_root, d);
		worst_trip = fmax(worst_trip, trip);
		rows++;
	}
	fclose(fp);
	assert_true(rows >= 40);
	print_message("fec_inv_ref.csv: %d rows, worst ber_max error %.3g, round trip %.3g\n", rows,
	              worst_root, worst_trip);
}

/* ---- histograms ---- */

/* A small histogram worked by hand: RS(15,9) over 4-bit symbols, t = 3. */
static void test_histogram_by_hand(void **state)
{
	(void)state;
	bercl_rs_code c;
	assert_int_equal(bercl_rs_code_make(15, 9, 4, &c), BERCL_OK);
	assert_int_equal(c.t, 3);
	double bins[5] = {700, 200, 80, 15, 5};
	bercl_fec_histogram_stats s;
	assert_int_equal(bercl_fec_histogram(&c, bins, BERCL_POISSON, 0.95, 0.05, &s), BERCL_OK);
	assert_true(s.codewords == 1000 && s.uncorrectable == 5);
	/* 200 + 160 + 45 + 5 * 4 (uncorrectable as t + 1) = 425 symbols in 15000 */
	assert_true(s.symbol_errors == 425);
	assert_true(bercl_rel_diff(s.ser_estimate, 425.0 / 15000.0) < 1e-16);
	/* the Poisson upper bound with the 5 uncorrectable as n = 15 symbols each:
	 * 425 + 5 * 11 = 480 errors, P(481, 15000 ser_upper) = 0.95 (GSL's inverse) */
	assert_true(bercl_rel_diff(s.ser_upper, gsl_cdf_gamma_Pinv(0.95, 481, 1) / 15000) < 1e-12);
	/* cer_predicted against GSL's binomial tail */
	double ref = gsl_cdf_binomial_Q(3, s.ser_estimate, 15);
	assert_true(bercl_rel_diff(s.cer_predicted, ref) < 1e-12);
	double model = gsl_cdf_binomial_Q(3, s.ser_upper, 15);
	assert_true(bercl_rel_diff(s.cer_model_upper, model) < 1e-12);
	/* Clopper-Pearson: the 0.95 quantile of Beta(U + 1, C - U) */
	assert_true(bercl_rel_diff(s.cer_count_upper, gsl_cdf_beta_Pinv(0.95, 6, 995)) < 1e-10);
	/* the fit test below rejects the model (burst), so cer_upper is the count's */
	assert_true(s.burst && s.model_contradicted);
	assert_true(s.cer_upper == s.cer_count_upper);
	/* the chi-square: expected counts all above 5 here except the top two,
	 * pooled into one group: four groups, df = 2, recomputed in full */
	double p = s.ser_estimate, e[5], pooled_o = bins[3] + bins[4];
	for (int i = 0; i <= 3; i++)
		e[i] = 1000 * gsl_ran_binomial_pdf(i, p, 15);
	e[4] = 1000 * gsl_cdf_binomial_Q(3, p, 15);
	assert_true(e[3] + e[4] >= 5 && e[4] < 5 && e[2] >= 5);
	double x2 = 0;
	for (int i = 0; i <= 2; i++)
		x2 += (bins[i] - e[i]) * (bins[i] - e[i]) / e[i];
	x2 += (pooled_o - e[3] - e[4]) * (pooled_o - e[3] - e[4]) / (e[3] + e[4]);
	assert_int_equal(s.gof_df, 2);
	assert_true(bercl_rel_diff(s.gof_stat, x2) < 1e-10);
	assert_true(bercl_rel_diff(s.gof_p, gsl_cdf_chisq_Q(x2, 2)) < 1e-10);
	/* the tail fit: bins 1 .. 3 (bin 0 left out) and the uncorrectable
	 * one, as bercl_fec_tail gives it (tests/test_fec_tail.c checks that) */
	assert_int_equal(s.tail_bins, 3);
	int lo[5] = {0, 1, 2, 3, 4}, hi[5] = {0, 1, 2, 3, 4};
	bercl_fec_tail_stats ts;
	assert_int_equal(bercl_fec_tail(&c, lo, hi, bins, 5, 0.95, 0.05, &ts), BERCL_OK);
	assert_true(s.cer_tail == ts.cer_tail && s.cer_tail_lower == ts.cer_tail_lower &&
	            s.cer_tail_upper == ts.cer_tail_upper && s.tail_r2 == ts.tail_r2);
	/* 5 uncorrectable of 1000: the fit's tail is near the count's 5e-3 */
	assert_true(s.cer_tail_lower < 5e-3 && 5e-3 < s.cer_tail_upper);
	print_message("RS(15,9) histogram: cer_tail %.4g [%.4g, %.4g], shape %.3f\n", s.cer_tail,
	              s.cer_tail_lower, s.cer_tail_upper, s.tail_shape);
}

/* Odd degrees of freedom and a far tail: the p-value against GSL. */
static void test_chisq_odd_df(void **state)
{
	(void)state;
	bercl_rs_code c;
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &c), BERCL_OK);
	double bins[17] = {0};
	/* a KP4 histogram at ser 2.4e-3 with a heavy burst tail */
	double cw = 1e8, p = 2.4e-3;
	for (int i = 0; i <= 15; i++)
		bins[i] = round(cw * gsl_ran_binomial_pdf(i, p, 544));
	bins[9] += 3000;
	bins[12] += 400;
	bercl_fec_histogram_stats s;
	assert_int_equal(bercl_fec_histogram(&c, bins, BERCL_POISSON, 0.95, 0.05, &s), BERCL_OK);
	assert_true(s.gof_df >= 3);
	assert_true(s.burst);
	assert_true(s.ln_gof_p.hi < -745); /* far below the double range */
	/* Q(a, y) lies between L = y^(a-1) e^-y / Gamma(a) and L y / (y - a + 1)
	 * for a > 1, y > a - 1 (the terms of its asymptotic series alternate) */
	double a = s.gof_df / 2.0, y = s.gof_stat / 2;
	double lead = (a - 1) * log(y) - y - gsl_sf_lngamma(a);
	assert_true(a > 1 && y > a);
	assert_true(s.ln_gof_p.hi > lead && s.ln_gof_p.hi < lead - log1p(-(a - 1) / y));
}

/*
 * Codeword-level probabilities of i = 0 .. t symbol errors and of more than
 * t. Independent: Binomial(n, s) (GSL). Bursty: bursts start at a symbol
 * with probability r, and each burst errs a geometric number of symbols
 * with mean 1 / (1 - rho) (the next symbol errs with probability rho, as
 * DFE error propagation does); r = s (1 - rho) keeps the same mean SER.
 * The number of bursts is Binomial(n, r); the sum of b geometric lengths is
 * negative binomial: P(i | b) = C(i-1, b-1) (1-rho)^b rho^(i-b).
 */
static void model_probs(int n, int t, double s, double rho, double *prob)
{
	double tot = 0;
	for (int i = 0; i <= t; i++) {
		if (rho == 0) {
			prob[i] = gsl_ran_binomial_pdf(i, s, n);
		} else {
			double r = s * (1 - rho), pi = i == 0 ? gsl_ran_binomial_pdf(0, r, n) : 0;
			for (int b = 1; b <= i; b++)
				pi += gsl_ran_binomial_pdf(b, r, n) *
				      exp(gsl_sf_lnchoose(i - 1, b - 1) + b * log1p(-rho) +
				          (i - b) * log(rho));
			prob[i] = pi;
		}
		tot += prob[i];
	}
	prob[t + 1] = rho == 0 ? gsl_cdf_binomial_Q(t, s, n) : fmax(0.0, 1 - tot);
}

/* Flag count in `draws` seeded multinomial histograms of `codewords`. */
static int flagged(double ber, double rho, unsigned codewords, int draws, unsigned long seed,
                   int *contradicted)
{
	bercl_rs_code c;
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &c), BERCL_OK);
	double s = -expm1(10 * log1p(-ber)), prob[17], bins[17];
	unsigned cnt[17];
	model_probs(544, 15, s, rho, prob);
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, seed);
	int flags = 0;
	for (int d = 0; d < draws; d++) {
		gsl_ran_multinomial(rng, 17, codewords, prob, cnt);
		for (int i = 0; i < 17; i++)
			bins[i] = cnt[i];
		bercl_fec_histogram_stats st;
		assert_int_equal(bercl_fec_histogram(&c, bins, BERCL_POISSON, 0.95, 0.05, &st),
		                 BERCL_OK);
		assert_true(st.gof_df >= 1);
		/* the p-value against GSL's chi-square tail, every df met */
		double ref = gsl_cdf_chisq_Q(st.gof_stat, st.gof_df);
		if (ref > 1e-300 && !(bercl_rel_diff(st.gof_p, ref) < 1e-9))
			fail_msg("chi-square %.17g df %d: p %.17g, GSL %.17g", st.gof_stat, st.gof_df,
			         st.gof_p, ref);
		flags += st.burst;
		*contradicted += st.model_contradicted;
		/* cer_upper is the model's bound exactly when the model stands */
		assert_true(st.cer_upper == (st.model_contradicted ? st.cer_count_upper
		                                                   : st.cer_model_upper));
	}
	gsl_rng_free(rng);
	return flags;
}

/*
 * Histograms drawn per case: BERCL_FEC_DRAWS (make check: 200, a sample;
 * make soak-fec: 1000, the full run). The bars scale with it: at most 1 %
 * of independent-error histograms flagged, at least 99 % of bursty ones.
 */
static int fec_draws(void)
{
	const char *e = getenv("BERCL_FEC_DRAWS");
	int n = e ? atoi(e) : 200;
	return n >= 100 ? n : 100;
}

static void test_independent_not_flagged(void **state)
{
	(void)state;
	int n = fec_draws();
	struct {
		double ber;
		unsigned codewords;
	} cases[] = {{2.4e-4, 10000}, {2.4e-4, 1000000}, {2.4e-4, 1000000000}, {1e-5, 1000000000},
	             {1e-3, 100000}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int k = 0, f = flagged(cases[i].ber, 0, cases[i].codewords, n, 1000 + i, &k);
		print_message("independent errors, BER %g, %u codewords: %d of %d flagged, model "
		              "bound dropped in %d\n",
		              cases[i].ber, cases[i].codewords, f, n, k);
		assert_true(f <= n / 100);
		assert_true(k <= n / 100);
	}
}

static void test_bursts_flagged(void **state)
{
	(void)state;
	int n = fec_draws();
	struct {
		double ber, rho;
		unsigned codewords;
	} cases[] = {{2.4e-4, 0.5, 100000}, {2.4e-4, 0.5, 10000000}, {1e-5, 0.5, 10000000},
	             {2.4e-4, 0.2, 1000000}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int k = 0, f = flagged(cases[i].ber, cases[i].rho, cases[i].codewords, n, 2000 + i, &k);
		print_message("bursts (rho %g), BER %g, %u codewords: %d of %d flagged, model "
		              "bound dropped in %d\n",
		              cases[i].rho, cases[i].ber, cases[i].codewords, f, n, k);
		assert_true(f >= n - n / 100 && k >= f);
	}
}


/* ---- the degraded-SER monitor ---- */

/*
 * degrade_p against 80-digit convolutions (tests/data/gen_degrade_ref.py):
 * both tails within 4e-16 relative, on every target (lib/fec_degrade.c
 * computes in double-double, never long double: 2.2e-16 measured, the
 * rounding of the logarithm's value; the long double powering it replaced
 * was within 1.8e-15).
 */
static void test_degrade_table(void **state)
{
	(void)state;
	FILE *fp = table_open("degrade_ref.csv");
	char line[512];
	char *f[9];
	int rows = 0;
	double worst = 0, tol = 4e-16;
	void *work = malloc(BERCL_FEC_DEGRADE_WORK_BYTES);
	assert_non_null(work);
	while (table_next(fp, line, sizeof line, f, 9) == 9) {
		if (strcmp(f[0], "code") == 0)
			continue;
		bercl_rs_code c = code_of(f[1], f[2], f[3]);
		bercl_tails t;
		assert_int_equal(bercl_fec_degrade_p(&c, strtod(f[4], NULL), strtod(f[5], NULL),
		                                     strtod(f[6], NULL), work, &t),
		                 BERCL_OK);
		double du = rel_error_vs_decimal(t.ln_cl, f[7]);
		double dl = rel_error_vs_decimal(t.ln_one_minus_cl, f[8]);
		double pu = fabs(t.cl - strtod(f[7], NULL)) / strtod(f[7], NULL);
		if (!(du <= tol && dl <= tol && pu <= tol))
			fail_msg("%s ser=%s K=%s S=%s: degrade_p %.17g vs %s (%.3g), complement %.3g",
			         f[0], f[4], f[5], f[6], t.cl, f[7], du, dl);
		worst = fmax(worst, fmax(du, fmax(dl, pu)));
		rows++;
	}
	fclose(fp);
	free(work);
	assert_true(rows >= 50);
	print_message("degrade_ref.csv: %d rows, worst relative error %.3g\n", rows, worst);
}

/*
 * Grouped bins (ethtool's ranges) against gen_fec_groups_ref.py's 60-digit
 * maximum likelihood, CER and pooled Pearson statistic; single bins through
 * bercl_fec_histogram_groups give bercl_fec_histogram's doubles.
 */
static void test_histogram_groups(void **state)
{
	(void)state;
	FILE *fp = table_open("fec_groups_ref.csv");
	char line[1024];
	char *f[9];
	int rows = 0;
	double worst_ser = 0, worst_cer = 0, worst_gof = 0;
	while (table_next(fp, line, sizeof line, f, 9) == 9) {
		if (strcmp(f[0], "name") == 0)
			continue;
		bercl_rs_code c = code_of(f[1], f[2], f[3]);
		int lo[64], hi[64], ng = 0;
		double count[64];
		for (char *tok = strtok(f[4], " "); tok; tok = strtok(NULL, " ")) {
			assert_true(ng < 64);
			if (tok[0] == 'u') {
				lo[ng] = hi[ng] = c.t + 1;
				count[ng++] = strtod(tok + 2, NULL);
			} else {
				char *end;
				lo[ng] = (int)strtol(tok, &end, 10);
				hi[ng] = (int)strtol(end + 1, &end, 10);
				count[ng++] = strtod(end + 1, NULL);
			}
		}
		bercl_fec_histogram_stats s;
		assert_int_equal(bercl_fec_histogram_groups(&c, lo, hi, count, ng, BERCL_POISSON, 0.95,
		                                            0.05, &s),
		                 BERCL_OK);
		double ser = strtod(f[5], NULL), cer = strtod(f[6], NULL);
		double es = fabs(s.ser_estimate - ser) / ser, ec = fabs(s.cer_predicted - cer) / cer;
		if (!(es < 1e-14 && ec < 1e-12 && s.gof_df == atoi(f[8])))
			fail_msg("%s: ser %.17g vs %s (%.3g), cer %.17g vs %s (%.3g), df %d vs %s", f[0],
			         s.ser_estimate, f[5], es, s.cer_predicted, f[6], ec, s.gof_df, f[8]);
		if (s.gof_df > 0) {
			double eg = fabs(s.gof_stat - strtod(f[7], NULL)) / strtod(f[7], NULL);
			if (!(eg < 1e-10))
				fail_msg("%s: gof_stat %.17g vs %s (%.3g)", f[0], s.gof_stat, f[7], eg);
			worst_gof = fmax(worst_gof, eg);
		}
		/* the counting bound: every group at its highest, n per lost codeword */
		double most = c.n * count[ng - 1], all = 0;
		for (int j = 0; j < ng; j++) {
			all += count[j];
			if (j < ng - 1)
				most += count[j] * hi[j];
		}
		double up;
		assert_int_equal(bercl_ber_upper(BERCL_POISSON, most, all * c.n, 0.95, 0.05, &up),
		                 BERCL_OK);
		assert_true(s.ser_upper == fmin(up, 1.0) && s.ser_upper >= s.ser_estimate);
		assert_true(s.codewords == all && s.uncorrectable == count[ng - 1]);
		worst_ser = fmax(worst_ser, es);
		worst_cer = fmax(worst_cer, ec);
		rows++;
	}
	fclose(fp);
	assert_true(rows >= 6);
	print_message("fec_groups_ref.csv: %d rows, worst relative error ser %.3g, cer %.3g, "
	              "gof %.3g\n", rows, worst_ser, worst_cer, worst_gof);
	/* single bins: the same doubles as bercl_fec_histogram */
	bercl_rs_code kp4;
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &kp4), BERCL_OK);
	double bins[17] = {77092897948028.0, 5529181, 85996, 217};
	int lo[17], hi[17];
	for (int i = 0; i < 17; i++)
		lo[i] = hi[i] = i;
	bercl_fec_histogram_stats a, b;
	assert_int_equal(bercl_fec_histogram(&kp4, bins, BERCL_POISSON, 0.95, 0.05, &a), BERCL_OK);
	assert_int_equal(bercl_fec_histogram_groups(&kp4, lo, hi, bins, 17, BERCL_POISSON, 0.95,
	                                            0.05, &b),
	                 BERCL_OK);
	assert_true(a.ser_estimate == b.ser_estimate && a.ser_upper == b.ser_upper &&
	            a.cer_tail == b.cer_tail && a.cer_tail_upper == b.cer_tail_upper &&
	            a.cer_upper == b.cer_upper);
	/* refused: overlapping, decreasing, beyond t, no uncorrectable group last */
	int blo[3] = {0, 0, 16}, bhi[3] = {2, 3, 16};
	double bc[3] = {5, 1, 0};
	assert_int_equal(bercl_fec_histogram_groups(&kp4, blo, bhi, bc, 3, BERCL_POISSON, 0.95,
	                                            0.05, &b),
	                 BERCL_EDOM);
	int clo[2] = {0, 3}, chi[2] = {16, 16};
	assert_int_equal(bercl_fec_histogram_groups(&kp4, clo, chi, bc, 2, BERCL_POISSON, 0.95,
	                                            0.05, &b),
	                 BERCL_EDOM);
	int dlo[2] = {0, 1}, dhi[2] = {0, 3};
	assert_int_equal(bercl_fec_histogram_groups(&kp4, dlo, dhi, bc, 2, BERCL_POISSON, 0.95,
	                                            0.05, &b),
	                 BERCL_EDOM);
}

/*
 * One codeword (K = 1) and S < t + 1: the alarm is P[B > S], GSL's
 * binomial tail; S >= K (t + 1): never; the inverse round trips; the mean
 * time is the interval's length over degrade_p.
 */
static void test_degrade_edges(void **state)
{
	(void)state;
	void *work = malloc(BERCL_FEC_DEGRADE_WORK_BYTES);
	assert_non_null(work);
	bercl_rs_code c;
	assert_int_equal(bercl_rs_code_make(544, 514, 10, &c), BERCL_OK);
	bercl_tails t;
	for (int s = 0; s <= 15; s += 3) {
		assert_int_equal(bercl_fec_degrade_p(&c, 2.4e-3, 1, s, work, &t), BERCL_OK);
		double ref = gsl_cdf_binomial_Q(s, 2.4e-3, 544);
		if (!(bercl_rel_diff(t.cl, ref) < 1e-12))
			fail_msg("K = 1, S = %d: %.17g vs GSL %.17g", s, t.cl, ref);
	}
	assert_int_equal(bercl_fec_degrade_p(&c, 2.4e-3, 4, 64, work, &t), BERCL_OK);
	assert_true(t.cl == 0 && t.one_minus_cl == 1);
	/* every codeword uncorrectable is the only way past S = 4 * 16 - 1 */
	assert_int_equal(bercl_fec_degrade_p(&c, 0.05, 4, 63, work, &t), BERCL_OK);
	double cer = gsl_cdf_binomial_Q(15, 0.05, 544);
	assert_true(bercl_rel_diff(t.cl, pow(cer, 4)) < 1e-12);
	assert_int_equal(bercl_fec_degrade_p(&c, 0.0, 4, 6, work, &t), BERCL_EDOM);
	assert_int_equal(bercl_fec_degrade_p(&c, 1e-4, 0, 6, work, &t), BERCL_EDOM);
	assert_int_equal(bercl_fec_degrade_p(&c, 1e-4, 4.5, 6, work, &t), BERCL_EDOM);
	assert_int_equal(bercl_fec_degrade_p(&c, 1e-4, 4, -1, work, &t), BERCL_EDOM);
	double probs[] = {1e-20, 1e-6, 0.5, 0.9, 1 - 1e-9};
	struct {
		double k, s;
	} mon[] = {{8192, 200}, {2048, 100}, {65534, 300}, {10, 3}};
	for (size_t m = 0; m < sizeof mon / sizeof mon[0]; m++)
		for (size_t i = 0; i < sizeof probs / sizeof probs[0]; i++) {
			double ser;
			assert_int_equal(bercl_fec_degrade_ser(&c, mon[m].k, mon[m].s, probs[i], work, &ser),
			                 BERCL_OK);
			assert_int_equal(bercl_fec_degrade_p(&c, ser, mon[m].k, mon[m].s, work, &t), BERCL_OK);
			double got = probs[i] <= 0.5 ? t.cl : t.one_minus_cl;
			double want = probs[i] <= 0.5 ? probs[i] : 1 - probs[i];
			/* d ln P / d ln ser is at most (t + 1) K-ish; 4 ulp of ser */
			if (!(bercl_rel_diff(got, want) < 1e-9))
				fail_msg("K %g S %g p %g: ser %.17g gives %.17g", mon[m].k, mon[m].s,
				         probs[i], ser, got);
		}
	double ser_half;
	assert_int_equal(bercl_fec_degrade_ser(&c, 8192, 200, 0.5, work, &ser_half), BERCL_OK);
	/* the median of Y is near its mean K n ser: S + 1/2 ~ 8192 * 544 * ser */
	assert_true(fabs(8192 * 544 * ser_half / 200.5 - 1) < 0.01);
	assert_int_equal(bercl_fec_degrade_ser(&c, 4, 64, 0.5, work, &ser_half), BERCL_EDOM);
	double sec;
	assert_int_equal(bercl_fec_degrade_mean_time(&c, 8192, 106.25e9, 0.01, &sec), BERCL_OK);
	assert_true(bercl_rel_diff(sec, 8192.0 * 5440 / 106.25e9 / 0.01) < 1e-15);
	assert_int_equal(bercl_fec_degrade_mean_time(&c, 8192, 106.25e9, 0, &sec), BERCL_ELIMIT);
	free(work);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_codes),
		cmocka_unit_test(test_rates_table),
		cmocka_unit_test(test_inverse_table),
		cmocka_unit_test(test_histogram_by_hand),
		cmocka_unit_test(test_chisq_odd_df),
		cmocka_unit_test(test_independent_not_flagged),
		cmocka_unit_test(test_bursts_flagged),
		cmocka_unit_test(test_degrade_table),
		cmocka_unit_test(test_degrade_edges),
		cmocka_unit_test(test_histogram_groups),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
