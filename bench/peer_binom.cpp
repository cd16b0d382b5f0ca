// SPDX-License-Identifier: GPL-3.0-or-later
// peer_binom.cpp - make bench's binomial figures: bercl_binomial_tails()
// (CL = P[X > E] and 1 - CL = P[X <= E], both in one call, X ~ Binomial(N,
// p)) beside Boost.Math's regularized incomplete beta function with
// promote_double<false> (plain double, no long double inside): ibeta(E + 1,
// N - E, p) = P[X > E] and ibetac(E + 1, N - E, p) = P[X <= E] (Abramowitz
// and Stegun 26.5.24), both of them as a user who wants CL and 1 - CL calls
// them, and ibeta alone, in one process (bench/peer_time.h: passes
// alternated, medians of 9 passes of at least 20 ms of CPU time).
//
// Point sets, one per N = 1e3, 1e6, 1e9, 1e12: for each mean N p in {0.1,
// 1, 10, 100, 1000} below N / 2 (so at N = 1e3 without 1000), p = (N p) / N,
// the error counts E = N p + z sqrt(N p (1 - p)) for z = -10, -9.5, ..., +10
// rounded to the nearest whole number (halves away from 0), clamped to
// 0..N, and E = 0, each E once per p (at these N no point reaches E = N,
// where Boost's second shape N - E would be 0). That gives 4 p at N = 1e3
// and 5 at the others.
//
// Prints one line per set: "N bercl_ns boost_both_ns boost_ibeta_ns ratio
// mismatches first_ns", ns per point (one call of bercl, two or one of
// Boost), ratio = bercl_ns / boost_both_ns, first_ns the cost of bercl's
// first term alone (ln b(k0; N, p) by the library's certified form, the one
// bercl_binomial_tails takes, and its value e^ln: a part of every call that
// no way of summing the terms removes), and mismatches the number of points where a
// tail that bercl gives above 1e-300 and Boost's double differ by more than
// 4 ulp of bercl's (a count, not a test: which of the two is nearer the
// truth is tests/data/binomial_ref.csv's and the oracle's to say; a Boost
// exception counts as a mismatch). With -v, also one line per (N, p):
// "# N Np points maxulp_cl maxulp_1-cl" (the largest differences seen).
// With -p N [reps], only bercl on that set, reps (default 2000) times over,
// untimed: for a profiler (callgrind, perf record).
#include <algorithm>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bercl.h"
#include "peer_time.h"

// the library's first term (lib/internal.h, arith/xmath.h: C, not installed)
extern "C" {
typedef struct {
	double hi, lo;
} bercl_dd;
int bercli_ln_binomial_pmf_fast(double k, double n, double p, bercl_dd q, bercl_dd *l);
bercl_dd bercli_ln_binomial_pmf(double k, bercl_dd n, double p, bercl_dd q);
double bercli_exp(double x);
}

namespace bm = boost::math;
typedef bm::policies::policy<bm::policies::promote_double<false>> no_ld;

struct point {
	double errors, bits, ber;
};

// the set at one N (the header comment); np_first[i] is where the i-th p starts
static std::vector<point> make_set(double n, std::vector<size_t> *np_first, std::vector<double> *nps)
{
	static const double means[] = {0.1, 1, 10, 100, 1000};
	std::vector<point> pts;
	for (double mu : means) {
		if (!(mu < n / 2))
			continue;
		double p = mu / n, sd = std::sqrt(mu * (1 - p));
		std::vector<double> es{0};
		for (int i = -20; i <= 20; i++) {
			double e = std::round(mu + i * 0.5 * sd);
			es.push_back(std::min(std::max(e, 0.0), n));
		}
		std::sort(es.begin(), es.end());
		es.erase(std::unique(es.begin(), es.end()), es.end());
		if (np_first) {
			np_first->push_back(pts.size());
			nps->push_back(mu);
		}
		for (double e : es)
			pts.push_back({e, n, p});
	}
	return pts;
}

// |a - b| in ulps of b (b > 0 normal)
static double ulps(double a, double b)
{
	return std::fabs(a - b) / std::ldexp(1.0, std::ilogb(b) - 52);
}

// method m at point p: 0 bercl (both tails), 1 Boost's ibeta + ibetac, 2 ibeta
static double method(int m, const point &p)
{
	double a = p.errors + 1, b = p.bits - p.errors;
	if (m == 0) {
		bercl_tails t;
		bercl_binomial_tails(p.errors, p.bits, p.ber, &t);
		return t.cl + t.one_minus_cl;
	}
	if (m == 1)
		return bm::ibeta(a, b, p.ber, no_ld()) + bm::ibetac(a, b, p.ber, no_ld());
	if (m == 2)
		return bm::ibeta(a, b, p.ber, no_ld());
	// the first term, where bercl_binomial_tails starts its sum: k0 = E + 1
	// above the mean, else E (q = 1 - p as an exact double-double)
	double k0 = p.errors + 1 > p.bits * p.ber ? p.errors + 1 : p.errors;
	double qh = 1 - p.ber;
	bercl_dd q = {qh, (1 - qh) - p.ber}, l;
	if (!bercli_ln_binomial_pmf_fast(k0, p.bits, p.ber, q, &l))
		l = bercli_ln_binomial_pmf(k0, bercl_dd{p.bits, 0}, p.ber, q);
	return bercli_exp(l.hi) * (1 + l.lo);
}

int main(int argc, char **argv)
{
	static const double ns[] = {1e3, 1e6, 1e9, 1e12};
	int verbose = argc == 2 && std::strcmp(argv[1], "-v") == 0;
	if (argc >= 3 && std::strcmp(argv[1], "-p") == 0) { // profiling: bercl alone
		std::vector<point> pts = make_set(std::atof(argv[2]), nullptr, nullptr);
		long reps = argc >= 4 ? std::atol(argv[3]) : 2000;
		double s = 0;
		for (long r = 0; r < reps; r++)
			for (const point &p : pts)
				s += method(0, p);
		peer_sink = s;
		std::printf("%zu points x %ld\n", pts.size(), reps);
		return 0;
	}
	if (argc != 1 && !verbose) {
		std::fprintf(stderr, "usage: peer_binom [-v | -p N [reps]]\n");
		return 2;
	}
	for (double n : ns) {
		std::vector<size_t> first;
		std::vector<double> nps;
		std::vector<point> pts = make_set(n, &first, &nps);
		int mismatches = 0;
		first.push_back(pts.size());
		for (size_t g = 0; g + 1 < first.size(); g++) {
			double worst[2] = {0, 0};
			for (size_t i = first[g]; i < first[g + 1]; i++) {
				const point &p = pts[i];
				bercl_tails t;
				int bad = bercl_binomial_tails(p.errors, p.bits, p.ber, &t) != BERCL_OK;
				double a = p.errors + 1, b = p.bits - p.errors, v[2];
				try {
					v[0] = bm::ibeta(a, b, p.ber, no_ld());
					v[1] = bm::ibetac(a, b, p.ber, no_ld());
				} catch (...) {
					bad = 1;
				}
				const double r[2] = {t.cl, t.one_minus_cl};
				for (int k = 0; k < 2 && !bad; k++) {
					if (!(r[k] > 1e-300))
						continue;
					double u = ulps(v[k], r[k]);
					worst[k] = std::max(worst[k], u);
					bad |= !(u <= 4);
				}
				mismatches += bad;
			}
			if (verbose)
				std::printf("# %g %g %zu %.3g %.3g\n", n, nps[g], first[g + 1] - first[g],
				            worst[0], worst[1]);
		}
		double med[4];
		peer_medians(4, pts, [](int m, const point &p) { return method(m, p); }, med);
		std::printf("%g %.1f %.1f %.1f %.2f %d %.1f\n", n, med[0], med[1], med[2], med[0] / med[1],
		            mismatches, med[3]);
	}
	return 0;
}
