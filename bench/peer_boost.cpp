// SPDX-License-Identifier: GPL-3.0-or-later
// peer_boost.cpp - make bench's Boost.Math peer: gamma_p + gamma_q (both
// tails) per point, with the default policy (long double inside on x86-64)
// and with promote_double<false> (plain double). Reads "errors lambda" lines
// from the file given; prints "<policy> <median ns per evaluation> <failures>".
// Boost throws (overflow) at large shape and tiny lambda: counted, not timed.
#include <algorithm>
#include <boost/math/special_functions/gamma.hpp>
#include <chrono>
#include <cstdio>
#include <vector>

namespace bm = boost::math;
typedef bm::policies::policy<bm::policies::promote_double<false> > no_ld;

static volatile double sink;

template <class F> static void run(const char *name, const std::vector<double> &e,
                                   const std::vector<double> &lam, F f)
{
	std::vector<double> t;
	int fails = 0;
	for (int pass = 0; pass < 7; pass++) {
		auto t0 = std::chrono::steady_clock::now();
		long n = 0;
		double s = 0;
		fails = 0;
		do {
			for (size_t i = 0; i < e.size(); i++) {
				try {
					s += f(e[i] + 1, lam[i]);
				} catch (...) {
					fails++;
				}
			}
			n += (long)e.size();
		} while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 0.02);
		sink = s;
		t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / n * 1e9);
		fails = (int)((long)fails * (long)e.size() / n);
	}
	std::sort(t.begin(), t.end());
	std::printf("%s %.1f %d\n", name, t[t.size() / 2], fails);
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	FILE *fp = std::fopen(argv[1], "r");
	if (!fp)
		return 2;
	std::vector<double> e, lam;
	double a, b;
	while (std::fscanf(fp, "%lf %lf", &a, &b) == 2) {
		e.push_back(a);
		lam.push_back(b);
	}
	std::fclose(fp);
	run("boost", e, lam, [](double s, double x) { return bm::gamma_p(s, x) + bm::gamma_q(s, x); });
	run("boost_double", e, lam, [](double s, double x) {
		return bm::gamma_p(s, x, no_ld()) + bm::gamma_q(s, x, no_ld());
	});
	return 0;
}
