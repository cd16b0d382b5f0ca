// SPDX-License-Identifier: GPL-3.0-or-later
// peer_time.h - the timing that bench/peer_bits.cpp and bench/peer_binom.cpp
// share: methods timed in alternating passes in one process, so that their
// ratios compare like with like on a shared machine; each figure the median
// of PEER_PASSES passes of at least 20 ms of CPU time (the process's, so
// time spent waiting for the CPU is not counted).
#ifndef BERCL_PEER_TIME_H
#define BERCL_PEER_TIME_H

#include <algorithm>
#include <ctime>
#include <vector>

static const int PEER_PASSES = 9;
static volatile double peer_sink;

// CPU time of this process: a pass that the scheduler interrupts on a loaded
// machine is not charged for the time it waits
static double peer_cpu_now()
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// med[m] = the median ns per point of method m (0 <= m < methods), f(m, p)
// giving method m's result at point p (summed into peer_sink, so that no
// call is optimized away); the methods take turns, pass by pass
template <class P, class F>
static void peer_medians(int methods, const std::vector<P> &pts, F f, double *med)
{
	std::vector<std::vector<double>> t(methods);
	for (int k = 0; k < PEER_PASSES; k++)
		for (int m = 0; m < methods; m++) {
			double t0 = peer_cpu_now(), s = 0;
			long n = 0;
			do {
				for (const P &p : pts)
					s += f(m, p);
				n += (long)pts.size();
			} while (peer_cpu_now() - t0 < 0.02);
			peer_sink = s;
			t[m].push_back((peer_cpu_now() - t0) / n * 1e9);
		}
	for (int m = 0; m < methods; m++) {
		std::sort(t[m].begin(), t[m].end());
		med[m] = t[m][PEER_PASSES / 2];
	}
}

#endif
