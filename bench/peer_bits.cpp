// SPDX-License-Identifier: GPL-3.0-or-later
// peer_bits.cpp - make bench's minimum-bits figures: bercl_min_bits() and
// bercl_poisson_lambda_for_cl() beside Boost.Math's inverse incomplete gamma
// (gamma_p_inv for cl <= 1/2, gamma_q_inv of the exact complement above,
// with promote_double<false>: plain double, no long double inside) and
// ceil(lambda / ber), which is what a peer returns for the minimum bits
// without checking either side. The methods are timed in alternating passes
// in one process, so that their ratios compare like with like on a shared
// machine; each figure is the median of PASSES passes of at least 20 ms of
// CPU time (the process's, so time spent waiting for the CPU is not counted).
//
// Point sets (Poisson model, BER 1e-12 unless said), each at the six
// targets cl = 50 %, 90 %, 95 %, 99 %, 99.9 %, 1 - 1e-9:
//   e0..999  errors 0..999                     (6000 points)
//   e1e5     errors 1e5 .. 1e5 + 99            (600 points)
//   e1e7     errors 1e7 .. 1e7 + 99            (600 points)
// Prints one line per set: "set bits_ns lambda_ns boost_ns ratio mismatches"
// where ratio = bits_ns / boost_ns and mismatches counts the points where
// Boost's ceil(lambda / ber) is not bercl's exact answer.
#include <algorithm>
#include <boost/math/special_functions/gamma.hpp>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <vector>

#include "bercl.h"

namespace bm = boost::math;
typedef bm::policies::policy<bm::policies::promote_double<false>> no_ld;

static const int PASSES = 9;
static volatile double sink;

struct point {
	double errors, cl, omc;
};

// CPU time of this process: a pass that the scheduler interrupts on a loaded
// machine is not charged for the time it waits
static double now()
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const double BER = 1e-12;

// one timed pass of method m over the set; ns per call
static double pass(int m, const std::vector<point> &pts)
{
	double t0 = now(), s = 0;
	long n = 0;
	do {
		for (const point &p : pts) {
			double v = 0;
			if (m == 0) {
				bercl_min_bits(BERCL_POISSON, p.errors, BER, p.cl, p.omc, &v, nullptr);
			} else if (m == 1) {
				bercl_poisson_lambda_for_cl(p.errors, p.cl, p.omc, &v);
			} else {
				double lam = p.cl <= 0.5 ? bm::gamma_p_inv(p.errors + 1, p.cl, no_ld())
				                         : bm::gamma_q_inv(p.errors + 1, p.omc, no_ld());
				v = std::ceil(lam / BER);
			}
			s += v;
		}
		n += (long)pts.size();
	} while (now() - t0 < 0.02);
	sink = s;
	return (now() - t0) / n * 1e9;
}

int main()
{
	static const double cls[6][2] = {{0.5, 0.5},   {0.9, 0.1},     {0.95, 0.05},
	                                 {0.99, 0.01}, {0.999, 0.001}, {1 - 1e-9, 1e-9}};
	struct set {
		const char *name;
		double e0, count;
	} sets[3] = {{"e0..999", 0, 1000}, {"e1e5", 1e5, 100}, {"e1e7", 1e7, 100}};
	for (const set &s : sets) {
		std::vector<point> pts;
		for (double e = s.e0; e < s.e0 + s.count; e++)
			for (auto &c : cls)
				pts.push_back({e, c[0], c[1]});
		int mismatches = 0;
		for (const point &p : pts) {
			double v = 0;
			bercl_min_bits(BERCL_POISSON, p.errors, BER, p.cl, p.omc, &v, nullptr);
			double lam = p.cl <= 0.5 ? bm::gamma_p_inv(p.errors + 1, p.cl, no_ld())
			                         : bm::gamma_q_inv(p.errors + 1, p.omc, no_ld());
			mismatches += std::ceil(lam / BER) != v;
		}
		std::vector<double> t[3];
		for (int k = 0; k < PASSES; k++)
			for (int m = 0; m < 3; m++)
				t[m].push_back(pass(m, pts));
		double med[3];
		for (int m = 0; m < 3; m++) {
			std::sort(t[m].begin(), t[m].end());
			med[m] = t[m][PASSES / 2];
		}
		std::printf("%s %.1f %.1f %.1f %.2f %d\n", s.name, med[0], med[1], med[2],
		            med[0] / med[2], mismatches);
	}
	return 0;
}
