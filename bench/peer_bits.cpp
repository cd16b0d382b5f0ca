// SPDX-License-Identifier: GPL-3.0-or-later
// peer_bits.cpp - make bench's minimum-bits figures: bercl_min_bits() and
// bercl_poisson_lambda_for_cl() beside Boost.Math's inverse incomplete gamma
// (gamma_p_inv for cl <= 1/2, gamma_q_inv of the exact complement above,
// with promote_double<false>: plain double, no long double inside) and
// ceil(lambda / ber), which is what a peer returns for the minimum bits
// without checking either side, in one process (bench/peer_time.h: passes
// alternated, medians of 9 passes of at least 20 ms of CPU time).
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
#include <cmath>
#include <cstdio>
#include <vector>

#include "bercl.h"
#include "peer_time.h"

namespace bm = boost::math;
typedef bm::policies::policy<bm::policies::promote_double<false>> no_ld;

struct point {
	double errors, cl, omc;
};

static const double BER = 1e-12;

// method m at point p: 0 bercl_min_bits, 1 bercl_poisson_lambda_for_cl, 2 Boost
static double method(int m, const point &p)
{
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
	return v;
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
		for (const point &p : pts)
			mismatches += method(2, p) != method(0, p);
		double med[3];
		peer_medians(3, pts, [](int m, const point &p) { return method(m, p); }, med);
		std::printf("%s %.1f %.1f %.1f %.2f %d\n", s.name, med[0], med[1], med[2],
		            med[0] / med[2], mismatches);
	}
	return 0;
}
