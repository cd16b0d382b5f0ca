/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * xcheck.c - the library's reference tables (tests/data) on any target, in
 * plain C11 without cmocka, GSL or long double library calls, for make
 * check-ld64, check-arm64 and check-wasm (where neither cmocka nor GSL is
 * at hand, and where long double is double or software quad).
 *
 *   xcheck [DUMP]         check every table with the tolerances of the
 *                         cmocka suites (test_poisson, test_binomial,
 *                         test_solve, test_fec, test_plan); write every
 *                         double the library returned to DUMP (one line
 *                         each: table, row, field, its 64 bits in hex;
 *                         TABLE.ln: the leading doubles of the tails'
 *                         logarithms).
 *                         Exit 1 if a table fails.
 *   xcheck --compare BASE OTHER
 *   xcheck --same BASE OTHER   the same, and exit 1 if one double differs
 *                         (the page's build, BERCL_WIDE_X87, against x86-64)
 *                         per table, how many doubles of OTHER differ from
 *                         BASE's and by how many ulps at most (the distance
 *                         between two doubles counted in representable
 *                         doubles), and how many of the differing ones are
 *                         the nearest double to the table's value in BASE
 *                         and in OTHER (where the table has that value).
 *
 * The ulps against a table's decimal are taken from the decimal read as a
 * double-double (decimal_dd: about 1e-30 relative), not as a long double,
 * so that they mean the same where long double is double.
 */
#define TESTUTIL_NO_CMOCKA 1
#include <inttypes.h>
#include <stdint.h>

#define fail_msg(...) (fprintf(stderr, "xcheck: " __VA_ARGS__), fputc('\n', stderr), exit(2))
#include "testutil.h"
#include "dd.h"
#include "internal.h"
#include "wide.h"

static FILE *dump;
static int failures;

/* A check that fails the table (and the run) but goes on. */
#define CHECK(cond, ...)                                                               \
	do {                                                                           \
		if (!(cond)) {                                                         \
			if (fails++ < 5) {                                             \
				fprintf(stderr, "  FAIL: " __VA_ARGS__);               \
				fputc('\n', stderr);                                   \
			}                                                              \
		}                                                                      \
	} while (0)

/* One double into the dump, with a flag: n when it is the nearest double
 * to the table's decimal, x when it is not, - when the table has none. */
static void put_flag(const char *table, int row, int field, double v, char flag)
{
	uint64_t b;
	memcpy(&b, &v, sizeof b);
	if (dump)
		fprintf(dump, "%s %d %d %016" PRIx64 " %c\n", table, row, field, b, flag);
}

static void put(const char *table, int row, int field, double v)
{
	put_flag(table, row, field, v, '-');
}

static double ulps_dd(double v, const char *ref);

static void put_ref(const char *table, int row, int field, double v, const char *ref)
{
	double x = ulps_dd(v, ref);
	put_flag(table, row, field, v, x < 0 ? '-' : x <= 0.5 ? 'n' : 'x');
}

static void verdict(const char *table, int fails, const char *fmt, ...)
{
	va_list ap;
	printf("%-22s %s  ", table, fails ? "FAIL" : "pass");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (fails)
		failures++;
}

/* 10^k as a double-double times 2^*e (scaled so that it stays in range). */
static dd pow10_dd(int k, int *e)
{
	dd r = dd_from(1.0), b = dd_from(10.0);
	int er = 0, eb = 0, n = k < 0 ? -k : k;
	while (n) {
		if (n & 1) {
			int s;
			r = dd_mul(r, b);
			r.hi = frexp(r.hi, &s);
			r.lo = ldexp(r.lo, -s);
			er += s + eb;
		}
		n >>= 1;
		if (n) {
			int s;
			b = dd_mul(b, b);
			b.hi = frexp(b.hi, &s);
			b.lo = ldexp(b.lo, -s);
			eb = 2 * eb + s;
		}
	}
	*e = er;
	return r;
}

/*
 * A decimal "d.ddd...e-x" as a double-double hi + lo (the first 30 digits:
 * two whole numbers below 10^15, exact, then one product or quotient by
 * 10^k), or hi = -1 when it is below the normal doubles or above them.
 */
static dd decimal_dd(const char *s)
{
	char digits[32];
	int nd = 0, point = 0, exp10 = 0;
	const char *p = s;
	/* value = D 10^exp10, D the first 30 significant digits */
	for (; *p && *p != 'e' && *p != 'E'; p++) {
		if (*p == '.') {
			point = 1;
		} else if (*p >= '0' && *p <= '9') {
			if (nd == 0 && *p == '0') {
				exp10 -= point;
			} else if (nd < 30) {
				digits[nd++] = *p;
				exp10 -= point;
			} else {
				exp10 += !point;
			}
		}
	}
	if (*p) {
		long e = strtol(p + 1, NULL, 10);
		if (e < -400 || e > 400) /* far outside the doubles */
			return dd_from(-1.0);
		exp10 += (int)e;
	}
	if (nd == 0 || exp10 < -400 || exp10 > 400)
		return dd_from(-1.0);
	double d1 = 0, d2 = 0;
	int n1 = nd < 15 ? nd : 15;
	for (int i = 0; i < n1; i++)
		d1 = d1 * 10 + (digits[i] - '0');
	for (int i = n1; i < nd; i++)
		d2 = d2 * 10 + (digits[i] - '0');
	double scale = 1;
	for (int i = n1; i < nd; i++)
		scale *= 10;
	dd m = dd_add_d(dd_two_prod(d1, scale), d2);
	int e2;
	dd pw = pow10_dd(exp10, &e2);
	dd v = exp10 >= 0 ? dd_mul(m, pw) : dd_div(m, pw);
	int e = exp10 >= 0 ? e2 : -e2;
	/* the result 2^e v must be a normal double */
	int ev;
	frexp(v.hi, &ev);
	if (ev + e < -1021 || ev + e > 1024)
		return dd_from(-1.0);
	v.hi = ldexp(v.hi, e);
	v.lo = ldexp(v.lo, e);
	return v;
}

/* |v - ref| in ulps of ref (a double's ulp at ref), -1 outside the normal range. */
static double ulps_dd(double v, const char *ref)
{
	dd r = decimal_dd(ref);
	if (!(r.hi >= DBL_MIN))
		return -1;
	int e;
	frexp(r.hi, &e);
	dd d = dd_add_d(dd_neg(r), v);
	return fabs(d.hi + d.lo) / ldexp(1.0, e - 53);
}

/* ---- poisson_ref.csv: test_poisson.c's four table checks ---- */

static void poisson_table(void)
{
	FILE *fp = table_open("poisson_ref.csv");
	char line[512];
	char *f[4];
	int rows = 0, fast = 0, fails = 0, zeros = 0, nu[2] = {0, 0};
	double worst = 0, worst_fast = 0;
	static double u[2][4000];
	while (table_next(fp, line, sizeof line, f, 4) == 4) {
		double errors = strtod(f[0], NULL), lambda = strtod(f[1], NULL), pv, qv;
		bercl_tails t, ft;
		CHECK(bercl_poisson_tails(errors, lambda, 0.0, &t) == BERCL_OK, "row %d", rows);
		double ec = rel_error_vs_decimal(t.ln_cl, f[2]);
		double eq = rel_error_vs_decimal(t.ln_one_minus_cl, f[3]);
		CHECK(ec <= 5e-14 && eq <= 5e-14, "errors=%s lambda=%s: cl %.3g, 1-cl %.3g", f[0], f[1],
		      ec, eq);
		worst = fmax(worst, fmax(ec, eq));
		if (t.cl >= DBL_MIN)
			CHECK(fabs(t.cl - exp(t.ln_cl.hi)) <= 1e-13 * t.cl, "errors=%s lambda=%s: cl vs ln",
			      f[0], f[1]);
		/* the fast path: within its certificate when it answers */
		if (bercli_poisson_fast(errors, lambda, 0, &ft, 1)) {
			fast++;
			double e2 = fmax(rel_error_vs_decimal(ft.ln_cl, f[2]),
			                 rel_error_vs_decimal(ft.ln_one_minus_cl, f[3]));
			CHECK(e2 <= 4e-15, "errors=%s lambda=%s: fast ln error %.3g", f[0], f[1], e2);
			worst_fast = fmax(worst_fast, e2);
			const double fv[2] = {ft.cl, ft.one_minus_cl};
			for (int k = 0; k < 2; k++) {
				dd r = decimal_dd(f[2 + k]);
				if (r.hi >= DBL_MIN) {
					dd d = dd_add_d(dd_neg(r), fv[k]);
					CHECK(fabs(d.hi) <= 4e-15 * r.hi, "errors=%s lambda=%s: fast tail %d",
					      f[0], f[1], k);
				}
			}
		}
		/* bercl_poisson_values: the very doubles of the tails */
		CHECK(bercl_poisson_values(errors, lambda, 0, &pv, &qv) == BERCL_OK, "values");
		CHECK(pv == t.cl && qv == t.one_minus_cl, "errors=%s lambda=%s: values %.17g %.17g, "
		      "tails %.17g %.17g", f[0], f[1], pv, qv, t.cl, t.one_minus_cl);
		const double v[2] = {t.cl, t.one_minus_cl};
		for (int k = 0; k < 2; k++) {
			double x = ulps_dd(v[k], f[2 + k]);
			if (x >= 0 && nu[k] < 4000)
				u[k][nu[k]++] = x;
			zeros += v[k] == 0;
		}
		put_ref("poisson_ref", rows, 0, t.cl, f[2]);
		put_ref("poisson_ref", rows, 1, t.one_minus_cl, f[3]);
		put("poisson_ref.ln", rows, 0, t.ln_cl.hi);
		put("poisson_ref.ln", rows, 1, t.ln_one_minus_cl.hi);
		rows++;
	}
	fclose(fp);
	CHECK(rows > 1000 && fast > rows * 8 / 10 && zeros > 10, "rows %d fast %d zeros %d", rows,
	      fast, zeros);
	double p99[2], w[2];
	for (int k = 0; k < 2; k++) {
		p99[k] = quantile(u[k], nu[k], 0.99);
		w[k] = u[k][nu[k] - 1];
		CHECK(p99[k] <= 1.0 && w[k] <= 4.0, "tail %d: p99 %.3f ulp, worst %.3f", k, p99[k], w[k]);
	}
	verdict("poisson_ref.csv", fails,
	        "%d rows, ln worst %.3g (<= 5e-14); fast path %d rows, worst %.3g (<= 4e-15); "
	        "ulps p99 %.3f %.3f (<= 1), worst %.3f %.3f (<= 4)",
	        rows, worst, fast, worst_fast, p99[0], p99[1], w[0], w[1]);
}

/* ---- binomial_ref.csv, binomial_bits_ref.csv: test_binomial.c ---- */

static double rel_to(double a, const char *ref)
{
	double r = strtod(ref, NULL);
	if (r == 0)
		return a == 0 ? 0 : INFINITY;
	return fabs(a - r) / fabs(r);
}

/* binomial_ref.csv, or binomial_cf_ref.csv (the methods' borders: test_binomial.c) */
static void binomial_table(const char *file, const char *name, int min_rows)
{
	FILE *fp = table_open(file);
	char ln_name[64];
	snprintf(ln_name, sizeof ln_name, "%s.ln", name);
	char line[512];
	char *f[5];
	int rows = 0, fails = 0, nu[2] = {0, 0};
	double worst = 0;
	static double u[2][1000];
	while (table_next(fp, line, sizeof line, f, 5) == 5) {
		double e = strtod(f[0], NULL), n = strtod(f[1], NULL), p = strtod(f[2], NULL);
		bercl_tails t;
		CHECK(bercl_binomial_tails(e, n, p, &t) == BERCL_OK, "row %d", rows);
		double d = fmax(rel_error_vs_decimal(t.ln_cl, f[3]),
		                rel_error_vs_decimal(t.ln_one_minus_cl, f[4]));
		CHECK(d <= 1e-12, "errors=%s bits=%s ber=%s: error %.3g", f[0], f[1], f[2], d);
		worst = fmax(worst, d);
		const double v[2] = {t.cl, t.one_minus_cl};
		for (int k = 0; k < 2; k++) {
			double x = ulps_dd(v[k], f[3 + k]);
			if (x >= 0 && nu[k] < 1000)
				u[k][nu[k]++] = x;
		}
		put_ref(name, rows, 0, t.cl, f[3]);
		put_ref(name, rows, 1, t.one_minus_cl, f[4]);
		put(ln_name, rows, 0, t.ln_cl.hi);
		put(ln_name, rows, 1, t.ln_one_minus_cl.hi);
		rows++;
	}
	fclose(fp);
	CHECK(rows > min_rows, "rows %d", rows);
	double p99[2], w[2];
	for (int k = 0; k < 2; k++) {
		p99[k] = quantile(u[k], nu[k], 0.99);
		w[k] = u[k][nu[k] - 1];
		CHECK(p99[k] <= 1.0 && w[k] <= 1.0, "tail %d: p99 %.3f ulp, worst %.3f", k, p99[k], w[k]);
	}
	verdict(file, fails,
	        "%d rows, ln worst %.3g (<= 1e-12); ulps p99 %.3f %.3f (<= 1), worst %.3f %.3f (<= 1)",
	        rows, worst, p99[0], p99[1], w[0], w[1]);
}

static void binomial_bits_table(void)
{
	FILE *fp = table_open("binomial_bits_ref.csv");
	char line[512];
	char *f[4];
	int rows = 0, fails = 0;
	while (table_next(fp, line, sizeof line, f, 4) == 4) {
		double e = strtod(f[0], NULL), p = strtod(f[1], NULL), c = strtod(f[2], NULL);
		double bits = -1;
		bercl_tails t;
		CHECK(bercl_min_bits(BERCL_BINOMIAL, e, p, c, 1 - c, &bits, &t) == BERCL_OK, "row %d",
		      rows);
		CHECK(bits == strtod(f[3], NULL), "errors=%s ber=%s cl=%s: %.17g bits, reference %s",
		      f[0], f[1], f[2], bits, f[3]);
		put("binomial_bits_ref", rows, 0, bits);
		rows++;
	}
	fclose(fp);
	CHECK(rows > 150, "rows %d", rows);
	verdict("binomial_bits_ref.csv", fails, "%d rows exact", rows);
}

/* bounds_ref.csv and r_ref.csv: within 1e-12; bounds_ref's Poisson rows
 * within 1 ulp of the roots (1 above 1), the nearest double on >= 140 of
 * 150 each */
static void bounds_table(const char *name, const char *key, int nearest)
{
	FILE *fp = table_open(name);
	char line[512];
	char *f[7];
	int rows = 0, fails = 0, prow = 0, near[3] = {0, 0, 0};
	double worst = 0;
	while (table_next(fp, line, sizeof line, f, 7) == 7) {
		int poisson = strcmp(f[0], "binomial") != 0;
		enum bercl_model m = poisson ? BERCL_POISSON : BERCL_BINOMIAL;
		double e = strtod(f[1], NULL), n = strtod(f[2], NULL), c = strtod(f[3], NULL);
		double v[3] = {0, 0, 0};
		/* a Poisson root above 1 is no probability: the library gives 1 (bercl.h),
		 * as test_binomial.c's rel_bound takes it */
		for (int k = 0; k < 3 && poisson; k++)
			if (strtod(f[4 + k], NULL) > 1)
				f[4 + k] = "1";
		CHECK(bercl_ber_upper(m, e, n, c, 1 - c, &v[0]) == BERCL_OK, "row %d", rows);
		CHECK(bercl_ber_interval(m, e, n, c, 1 - c, &v[1], &v[2]) == BERCL_OK, "row %d", rows);
		double d = fmax(rel_to(v[0], f[4]), fmax(rel_to(v[1], f[5]), rel_to(v[2], f[6])));
		CHECK(d <= 1e-12, "%s errors=%s bits=%s cl=%s: %.3g", f[0], f[1], f[2], f[3], d);
		worst = fmax(worst, d);
		if (nearest && poisson) {
			for (int k = 0; k < 3; k++) {
				double r = fmin(strtod(f[4 + k], NULL), 1.0);
				near[k] += v[k] == r;
				CHECK(fabs(v[k] - r) <= fabs(nextafter(r, 0) - r) * 1.0001,
				      "errors=%s bits=%s cl=%s: bound %d %.17g, table %s", f[1], f[2], f[3], k,
				      v[k], f[4 + k]);
			}
			prow++;
		}
		for (int k = 0; k < 3; k++)
			put_flag(key, rows, k, v[k], v[k] == fmin(strtod(f[4 + k], NULL), 1.0) ? 'n' : 'x');
		rows++;
	}
	fclose(fp);
	CHECK(rows > 250, "rows %d", rows);
	if (nearest) {
		CHECK(prow == 150 && near[0] >= 140 && near[1] >= 140 && near[2] >= 140,
		      "nearest %d %d %d of %d", near[0], near[1], near[2], prow);
		verdict(name, fails,
		        "%d rows, worst %.3g (<= 1e-12); Poisson nearest double %d %d %d of %d (>= 140)",
		        rows, worst, near[0], near[1], near[2], prow);
	} else {
		verdict(name, fails, "%d rows, worst %.3g (<= 1e-12)", rows, worst);
	}
}

/* ---- bits_ref.csv, bits_exact_ref.csv: test_solve.c ---- */

static void bits_table(void)
{
	FILE *fp = table_open("bits_ref.csv");
	char line[512];
	char *f[5];
	int rows = 0, exact = 0, fails = 0;
	double worst_lambda = 0;
	while (table_next(fp, line, sizeof line, f, 5) == 5) {
		double e = strtod(f[0], NULL), ber = strtod(f[1], NULL), cl = strtod(f[2], NULL);
		double ref = strtod(f[3], NULL), ref_lambda = strtod(f[4], NULL), bits = -1, lambda = -1;
		dd ref_dd = decimal_dd(f[3]);
		bercl_tails t;
		CHECK(bercl_min_bits(BERCL_POISSON, e, ber, cl, 1.0 - cl, &bits, &t) == BERCL_OK,
		      "row %d", rows);
		if (ref <= 9007199254740992.0) {
			CHECK(bits == ref, "E=%s ber=%s cl=%s: %.17g bits, reference %s", f[0], f[1], f[2],
			      bits, f[3]);
			exact++;
		} else {
			/* the smallest double at or above the root */
			dd above = dd_add_d(dd_neg(ref_dd), bits);
			dd below = dd_add_d(dd_neg(ref_dd), nextafter(bits, 0));
			CHECK(above.hi + above.lo >= 0 && below.hi + below.lo < 0,
			      "E=%s ber=%s cl=%s: %.17g bits, reference %s", f[0], f[1], f[2], bits, f[3]);
		}
		CHECK(cl <= 0.5 ? t.cl >= cl : t.one_minus_cl <= 1.0 - cl, "E=%s: target", f[0]);
		if (bits > 1 && bits <= 1e14) {
			double lam = (bits - 1) * ber, lo = fma(bits - 1, ber, -lam);
			bercl_tails b;
			if (lam >= BERCL_MIN_LAMBDA) {
				CHECK(bercl_poisson_tails(e, lam, lo, &b) == BERCL_OK, "row %d", rows);
				CHECK(cl <= 0.5 ? b.cl < cl : b.one_minus_cl > 1.0 - cl,
				      "E=%s ber=%s cl=%s: %.17g - 1 bits also reach the target", f[0], f[1],
				      f[2], bits);
			}
		}
		CHECK(bercl_poisson_lambda_for_cl(e, cl, 1.0 - cl, &lambda) == BERCL_OK, "row %d", rows);
		worst_lambda = fmax(worst_lambda, fabs(lambda - ref_lambda) / ref_lambda);
		put("bits_ref", rows, 0, bits);
		put_flag("bits_ref", rows, 1, lambda, lambda == ref_lambda ? 'n' : 'x');
		put("bits_ref", rows, 2, t.cl);
		put("bits_ref", rows, 3, t.one_minus_cl);
		rows++;
	}
	fclose(fp);
	CHECK(rows > 500 && exact > 300 && worst_lambda < 1e-13, "rows %d exact %d lambda %.3g", rows,
	      exact, worst_lambda);
	verdict("bits_ref.csv", fails, "%d rows, %d exact whole numbers, lambda* worst %.3g (< 1e-13)",
	        rows, exact, worst_lambda);
}

static void bits_exact_table(void)
{
	FILE *fp = table_open("bits_exact_ref.csv");
	char line[512];
	char *f[5];
	int rows = 0, above = 0, fails = 0;
	while (table_next(fp, line, sizeof line, f, 5) == 5) {
		enum bercl_model model = strcmp(f[0], "binomial") == 0 ? BERCL_BINOMIAL : BERCL_POISSON;
		double e = strtod(f[1], NULL), ber = strtod(f[2], NULL), cl = strtod(f[3], NULL);
		dd ref = decimal_dd(f[4]);
		/* want: the smallest double at or above the whole number ref */
		double want = ref.hi;
		if (ref.lo > 0)
			want = nextafter(want, INFINITY);
		double bits = -1;
		bercl_tails t;
		CHECK(bercl_min_bits(model, e, ber, cl, 1.0 - cl, &bits, &t) == BERCL_OK, "row %d",
		      rows);
		CHECK(bits == want, "%s E=%s ber=%s cl=%s: %.17g bits, want %.17g (reference %s)", f[0],
		      f[1], f[2], f[3], bits, want, f[4]);
		above += ref.hi > 9007199254740992.0;
		put("bits_exact_ref", rows, 0, bits);
		rows++;
	}
	fclose(fp);
	CHECK(rows >= 287 && above > 140, "rows %d above %d", rows, above);
	verdict("bits_exact_ref.csv", fails, "%d rows exact (%d above 2^53)", rows, above);
}

/* ---- fec_ref.csv, fec_inv_ref.csv: test_fec.c ---- */

static int code_of(const char *n, const char *k, const char *m, bercl_rs_code *c)
{
	return bercl_rs_code_make(atoi(n), atoi(k), atoi(m), c) == BERCL_OK;
}

static void fec_table(void)
{
	FILE *fp = table_open("fec_ref.csv");
	char line[512];
	char *f[8];
	int rows = 0, below = 0, fails = 0;
	double worst_ser = 0, worst_cer = 0, worst_post = 0;
	while (table_next(fp, line, sizeof line, f, 8) == 8) {
		bercl_rs_code c;
		bercl_fec_rates r;
		CHECK(code_of(f[1], f[2], f[3], &c), "code");
		double ber = strtod(f[4], NULL);
		CHECK(bercl_fec_rates_from_ber(&c, ber, &r) == BERCL_OK, "row %d", rows);
		double ds = fabs(r.ser - strtod(f[5], NULL)) / strtod(f[5], NULL);
		double dc = rel_error_vs_decimal(r.ln_cer, f[6]);
		double dp = rel_error_vs_decimal(r.ln_post_fec_ber, f[7]);
		CHECK(ds <= 1e-15 && dc <= 1e-14 && dp <= 1e-14, "%s ber=%s: ser %.3g cer %.3g post %.3g",
		      f[0], f[4], ds, dc, dp);
		double cer_ref = strtod(f[6], NULL), post_ref = strtod(f[7], NULL);
		if (cer_ref > 1e-300)
			CHECK(bercl_rel_diff(r.cer, cer_ref) <= 1e-14, "%s ber=%s: cer %.17g", f[0], f[4],
			      r.cer);
		else {
			CHECK(r.cer < 1e-290, "%s ber=%s: cer %.17g", f[0], f[4], r.cer);
			below++;
		}
		if (post_ref > 1e-300)
			CHECK(bercl_rel_diff(r.post_fec_ber, post_ref) <= 1e-14, "%s ber=%s: post %.17g",
			      f[0], f[4], r.post_fec_ber);
		worst_ser = fmax(worst_ser, ds);
		worst_cer = fmax(worst_cer, dc);
		worst_post = fmax(worst_post, dp);
		put_ref("fec_ref", rows, 0, r.ser, f[5]);
		put_ref("fec_ref", rows, 1, r.cer, f[6]);
		put_ref("fec_ref", rows, 2, r.post_fec_ber, f[7]);
		put("fec_ref.ln", rows, 0, r.ln_cer.hi);
		put("fec_ref.ln", rows, 1, r.ln_post_fec_ber.hi);
		rows++;
	}
	fclose(fp);
	CHECK(rows >= 100 && below >= 4, "rows %d below %d", rows, below);
	verdict("fec_ref.csv", fails, "%d rows, worst ser %.3g (<= 1e-15), cer %.3g, post %.3g (<= 1e-14)",
	        rows, worst_ser, worst_cer, worst_post);
}

static void fec_inv_table(void)
{
	FILE *fp = table_open("fec_inv_ref.csv");
	char line[512];
	char *f[6];
	int rows = 0, fails = 0;
	double worst_root = 0, worst_trip = 0;
	while (table_next(fp, line, sizeof line, f, 6) == 6) {
		bercl_rs_code c;
		CHECK(code_of(f[1], f[2], f[3], &c), "code");
		double x = strtod(f[4], NULL), ref = strtod(f[5], NULL), ber = -1;
		CHECK(bercl_fec_ber_max(&c, x, &ber) == BERCL_OK, "row %d", rows);
		double d = fabs(ber - ref) / ref;
		bercl_fec_rates r;
		CHECK(bercl_fec_rates_from_ber(&c, ber, &r) == BERCL_OK, "row %d", rows);
		double trip = x <= 0.5 ? fabs(expm1(r.ln_cer.hi + r.ln_cer.lo - log(x)))
		                       : fabs(expm1(r.ln_one_minus_cer.hi - log1p(-x)));
		CHECK(d <= 1e-13 && trip <= 1e-13, "%s cer=%s: ber_max %.17g (%.3g), trip %.3g", f[0],
		      f[4], ber, d, trip);
		worst_root = fmax(worst_root, d);
		worst_trip = fmax(worst_trip, trip);
		put_flag("fec_inv_ref", rows, 0, ber, ber == ref ? 'n' : 'x');
		rows++;
	}
	fclose(fp);
	CHECK(rows >= 40, "rows %d", rows);
	verdict("fec_inv_ref.csv", fails, "%d rows, worst ber_max %.3g, round trip %.3g (<= 1e-13)",
	        rows, worst_root, worst_trip);
}

/* degrade_ref.csv: test_fec.c's degrade_p within 4e-16; the dump holds
 * both tails, both logarithms (hi and lo) and, at each monitor's first
 * row, the SER at which the alarm fires half the time (a root search, the
 * costly part under qemu): lib/fec_degrade.c computes in double-double on
 * every target, so --compare must find them equal. */
static void degrade_table(void)
{
	FILE *fp = table_open("degrade_ref.csv");
	char line[512];
	char *f[9];
	int rows = 0, fails = 0;
	double worst = 0, last_k = -1, last_s = -1, last_n = -1;
	void *work = malloc(BERCL_FEC_DEGRADE_WORK_BYTES);
	if (!work)
		fail_msg("out of memory");
	while (table_next(fp, line, sizeof line, f, 9) == 9) {
		if (strcmp(f[0], "code") == 0)
			continue;
		bercl_rs_code c;
		bercl_tails t;
		double ser = -1;
		CHECK(code_of(f[1], f[2], f[3], &c), "code");
		double k = strtod(f[5], NULL), s = strtod(f[6], NULL);
		CHECK(bercl_fec_degrade_p(&c, strtod(f[4], NULL), k, s, work, &t) == BERCL_OK,
		      "row %d", rows);
		double du = rel_error_vs_decimal(t.ln_cl, f[7]);
		double dl = rel_error_vs_decimal(t.ln_one_minus_cl, f[8]);
		CHECK(du <= 4e-16 && dl <= 4e-16, "%s ser=%s K=%s S=%s: degrade_p %.17g (%.3g), complement %.3g",
		      f[0], f[4], f[5], f[6], t.cl, du, dl);
		worst = fmax(worst, fmax(du, dl));
		put_ref("degrade_ref", rows, 0, t.cl, f[7]);
		put_ref("degrade_ref", rows, 1, t.one_minus_cl, f[8]);
		if (k != last_k || s != last_s || c.n != last_n) {
			CHECK(bercl_fec_degrade_ser(&c, k, s, 0.5, work, &ser) == BERCL_OK, "row %d: ser",
			      rows);
			put("degrade_ref", rows, 2, ser);
			last_k = k, last_s = s, last_n = c.n;
		}
		put("degrade_ref.ln", rows, 0, t.ln_cl.hi);
		put("degrade_ref.ln", rows, 1, t.ln_cl.lo);
		put("degrade_ref.ln", rows, 2, t.ln_one_minus_cl.hi);
		put("degrade_ref.ln", rows, 3, t.ln_one_minus_cl.lo);
		rows++;
	}
	fclose(fp);
	free(work);
	CHECK(rows >= 50, "rows %d", rows);
	verdict("degrade_ref.csv", fails, "%d rows, worst %.3g (<= 4e-16)", rows, worst);
}

/* ---- plan_*_ref.csv: test_plan.c's table checks ---- */

static void plan_risks_table(void)
{
	FILE *fp = table_open("plan_risks_ref.csv");
	char line[512];
	char *f[6];
	int rows = 0, fails = 0;
	double worst = 0;
	table_next(fp, line, sizeof line, f, 6); /* header */
	while (table_next(fp, line, sizeof line, f, 6) == 6) {
		double a = -1, b = -1;
		CHECK(bercl_plan_risks(strtod(f[0], NULL), strtod(f[1], NULL), strtod(f[2], NULL),
		                       strtod(f[3], NULL), &a, &b) == BERCL_OK, "row %d", rows);
		double d = fmax(bercl_rel_diff(a, strtod(f[4], NULL)), bercl_rel_diff(b, strtod(f[5], NULL)));
		CHECK(d < 1e-12, "errors=%s bits=%s: %.3g", f[0], f[1], d);
		worst = fmax(worst, d);
		put("plan_risks_ref", rows, 0, a);
		put("plan_risks_ref", rows, 1, b);
		rows++;
	}
	fclose(fp);
	CHECK(rows == 12, "rows %d", rows);
	verdict("plan_risks_ref.csv", fails, "%d rows, worst %.3g (< 1e-12)", rows, worst);
}

static void plan_fixed_table(void)
{
	FILE *fp = table_open("plan_fixed_ref.csv");
	char line[512];
	char *f[8];
	int rows = 0, fails = 0;
	double worst = 0;
	table_next(fp, line, sizeof line, f, 8);
	while (table_next(fp, line, sizeof line, f, 8) == 8) {
		double at = strtod(f[0], NULL), bt = strtod(f[1], NULL), d = strtod(f[2], NULL);
		bercl_plan p = {0, 0, 0, 0};
		CHECK(bercl_plan_fixed(strtod(f[3], NULL), at, bt, d, &p) == BERCL_OK, "row %d", rows);
		CHECK(p.errors == strtod(f[4], NULL) && p.bits == strtod(f[5], NULL),
		      "alpha=%s beta=%s D=%s: %g errors in %.17g bits", f[0], f[1], f[2], p.errors, p.bits);
		double r = fmax(bercl_rel_diff(p.alpha, strtod(f[6], NULL)),
		                bercl_rel_diff(p.beta, strtod(f[7], NULL)));
		CHECK(r < 1e-12 && p.alpha <= at && p.beta <= bt, "alpha=%s beta=%s D=%s: risks %.3g",
		      f[0], f[1], f[2], r);
		worst = fmax(worst, r);
		put("plan_fixed_ref", rows, 0, p.errors);
		put("plan_fixed_ref", rows, 1, p.bits);
		put("plan_fixed_ref", rows, 2, p.alpha);
		put("plan_fixed_ref", rows, 3, p.beta);
		rows++;
	}
	fclose(fp);
	CHECK(rows == 27, "rows %d", rows);
	verdict("plan_fixed_ref.csv", fails, "%d plans equal the reference, risks worst %.3g (< 1e-12)",
	        rows, worst);
}

#define MAX_ROWS 64
static void plan_seq_table(void)
{
	FILE *fp = table_open("plan_seq_ref.csv");
	char line[1024];
	char *f[16];
	double ref_pass[MAX_ROWS], ref_fail[MAX_ROWS], ref_out[6];
	double at = 0, bt = 0, d = 0, ber = 0;
	bercl_plan trunc = {0, 0, 0, 0};
	int cur = -1, nrows = 0, cases = 0, entries = 0, equal = 0, fails = 0, idx = 0;
	double worst = 0;
	table_next(fp, line, sizeof line, f, 16);
	for (;;) {
		int n = table_next(fp, line, sizeof line, f, 16);
		int c = n == 16 ? atoi(f[0]) : -2;
		if (c != cur && cur >= 0) {
			double pass[MAX_ROWS], fail[MAX_ROWS], work[2 * MAX_ROWS];
			CHECK(nrows == (int)trunc.errors + 1, "case %d rows", cur);
			CHECK(bercl_plan_sequential_table(ber, d, at, bt, &trunc, pass, fail) == BERCL_OK,
			      "case %d", cur);
			for (int k = 0; k < nrows; k++) {
				CHECK(fabs(pass[k] - ref_pass[k]) <= 1 && fabs(fail[k] - ref_fail[k]) <= 1,
				      "case %d line %d", cur, k);
				equal += (pass[k] == ref_pass[k]) + (fail[k] == ref_fail[k]);
				entries += 2;
				put("plan_seq_ref", idx, 0, pass[k]);
				put("plan_seq_ref", idx++, 1, fail[k]);
			}
			bercl_plan_outcome good, bad;
			CHECK(bercl_plan_sequential_outcome(ref_pass, ref_fail, trunc.errors, ber / d, work,
			                                    &good) == BERCL_OK, "case %d", cur);
			CHECK(bercl_plan_sequential_outcome(ref_pass, ref_fail, trunc.errors, ber, work,
			                                    &bad) == BERCL_OK, "case %d", cur);
			double got[6] = {good.p_pass, good.p_fail, good.expected_bits,
			                 bad.p_pass,  bad.p_fail,  bad.expected_bits};
			for (int j = 0; j < 6; j++) {
				CHECK(bercl_rel_diff(got[j], ref_out[j]) < 1e-11, "case %d quantity %d", cur, j);
				worst = fmax(worst, bercl_rel_diff(got[j], ref_out[j]));
				put("plan_seq_ref", idx, 2 + j, got[j]);
			}
			cases++;
		}
		if (c == -2)
			break;
		if (c != cur) {
			cur = c;
			nrows = 0;
			at = strtod(f[1], NULL);
			bt = strtod(f[2], NULL);
			d = strtod(f[3], NULL);
			ber = strtod(f[4], NULL);
			trunc.errors = strtod(f[5], NULL);
			trunc.bits = strtod(f[6], NULL);
			for (int j = 0; j < 6; j++)
				ref_out[j] = strtod(f[10 + j], NULL);
		}
		if (nrows >= MAX_ROWS)
			fail_msg("plan_seq_ref.csv: a case of more than %d lines", MAX_ROWS);
		ref_pass[nrows] = strtod(f[8], NULL);
		ref_fail[nrows] = strtod(f[9], NULL);
		nrows++;
	}
	fclose(fp);
	CHECK(cases == 5 && equal >= entries - 2, "cases %d equal %d of %d", cases, equal, entries);
	verdict("plan_seq_ref.csv", fails,
	        "%d cases, %d of %d entries equal (>= all but 2), outcomes worst %.3g (< 1e-11)", cases,
	        equal, entries, worst);
}

/* ---- --compare ---- */

/* The distance between two doubles in representable doubles. */
static uint64_t ulp_distance(uint64_t a, uint64_t b)
{
	/* map the sign-magnitude bits onto a line of integers */
	int64_t ia = (a >> 63) ? -(int64_t)(a & 0x7fffffffffffffffULL) : (int64_t)a;
	int64_t ib = (b >> 63) ? -(int64_t)(b & 0x7fffffffffffffffULL) : (int64_t)b;
	return ia > ib ? (uint64_t)ia - (uint64_t)ib : (uint64_t)ib - (uint64_t)ia;
}

static int compare(const char *base, const char *other, int same)
{
	FILE *fa = fopen(base, "r"), *fb = fopen(other, "r");
	if (!fa || !fb)
		fail_msg("cannot open %s or %s", base, other);
	/* per table, in the order first seen */
	struct {
		char name[64];
		int n, diff, base_near, other_near;
		uint64_t worst;
	} t[32];
	int nt = 0, total = 0, total_diff = 0;
	uint64_t worst_all = 0;
	char ta[64], tb[64], ca, cb;
	int ra, fa_, rb, fb_, base_near = 0, other_near = 0;
	uint64_t a, b;
	for (;;) {
		int ga = fscanf(fa, "%63s %d %d %" SCNx64 " %c", ta, &ra, &fa_, &a, &ca);
		int gb = fscanf(fb, "%63s %d %d %" SCNx64 " %c", tb, &rb, &fb_, &b, &cb);
		if (ga != 5 || gb != 5) {
			if (ga == 5 || gb == 5)
				fail_msg("%s and %s differ in length", base, other);
			break;
		}
		if (strcmp(ta, tb) != 0 || ra != rb || fa_ != fb_)
			fail_msg("%s and %s do not list the same values (%s %d %d, %s %d %d)", base, other,
			         ta, ra, fa_, tb, rb, fb_);
		int i = 0;
		while (i < nt && strcmp(t[i].name, ta) != 0)
			i++;
		if (i == nt) {
			if (nt == 32)
				fail_msg("more than 32 tables");
			strcpy(t[nt].name, ta);
			t[nt].n = t[nt].diff = t[nt].base_near = t[nt].other_near = 0;
			t[nt].worst = 0;
			nt++;
		}
		t[i].n++;
		total++;
		if (a != b) {
			uint64_t dist = ulp_distance(a, b);
			t[i].diff++;
			total_diff++;
			t[i].base_near += ca == 'n';
			t[i].other_near += cb == 'n';
			base_near += ca == 'n';
			other_near += cb == 'n';
			t[i].worst = dist > t[i].worst ? dist : t[i].worst;
			worst_all = dist > worst_all ? dist : worst_all;
		}
	}
	/* of the differing doubles: how many are the nearest to the table's
	 * value on the baseline, and how many on the other target */
	printf("%-20s %8s %7s %10s %12s %12s\n", "table", "doubles", "differ", "worst ulp",
	       "base nearest", "this nearest");
	for (int i = 0; i < nt; i++)
		printf("%-20s %8d %7d %10" PRIu64 " %12d %12d\n", t[i].name, t[i].n, t[i].diff,
		       t[i].worst, t[i].base_near, t[i].other_near);
	printf("%-20s %8d %7d %10" PRIu64 " %12d %12d\n", "all", total, total_diff, worst_all,
	       base_near, other_near);
	fclose(fa);
	fclose(fb);
	if (same && total_diff) {
		printf("xcheck: %d doubles differ from %s (--same)\n", total_diff, base);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "--compare") == 0)
		return compare(argv[2], argv[3], 0);
	if (argc == 4 && strcmp(argv[1], "--same") == 0)
		return compare(argv[2], argv[3], 1);
	if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
		fprintf(stderr, "usage: xcheck [DUMP] | xcheck --compare|--same BASE OTHER\n");
		return 2;
	}
	if (argc == 2 && !(dump = fopen(argv[1], "w")))
		fail_msg("cannot write %s", argv[1]);
	printf("xcheck: LDBL_MANT_DIG %d, FLT_EVAL_METHOD %d, the library's wide type %s\n",
	       LDBL_MANT_DIG, (int)FLT_EVAL_METHOD, WF_NAME);
	poisson_table();
	binomial_table("binomial_ref.csv", "binomial_ref", 400);
	binomial_table("binomial_cf_ref.csv", "binomial_cf_ref", 200);
	binomial_bits_table();
	bounds_table("bounds_ref.csv", "bounds_ref", 1);
	bounds_table("r_ref.csv", "r_ref", 0);
	bits_table();
	bits_exact_table();
	fec_table();
	fec_inv_table();
	degrade_table();
	plan_risks_table();
	plan_fixed_table();
	plan_seq_table();
	if (dump && fclose(dump) != 0)
		fail_msg("cannot write %s", argv[1]);
	printf("xcheck: %s\n", failures ? "FAILED" : "all tables pass");
	return failures ? 1 : 0;
}
