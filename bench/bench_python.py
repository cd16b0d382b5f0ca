# SPDX-License-Identifier: GPL-3.0-or-later
"""make bench, the Python package against scipy on the same arrays, in one
run with the two timed alternately (ratios of medians; the load average
printed before and after):

1. CL and 1 - CL on 1e6 elements: bercl.tails (both in one pass), and
   bercl.cl + bercl.one_minus_cl, against scipy.special.pdtrc + pdtr
   (pdtrc(k, m) = P[X > k] = CL, pdtr(k, m) = 1 - CL for X ~ Poisson(m)).
   Errors 0..1000 and lambda within +-10 sd of errors + 1 (log-uniform
   elsewhere for a third of them); bercl gets bits = lambda * 1e12 and
   ber = 1e-12.
2. min_bits on 1e5 elements against scipy's closed form
   ceil(gammaincinv(E + 1, CL) / ber), which is not exact: how often its
   answer differs from the exact whole number, and by how much.

Usage: python3 bench/bench_python.py [RUNS] (default 7), with the package
built in python/ (make) or installed."""
import os
import sys
import time

import numpy as np

try:
    import scipy.special as sc
except ImportError:
    print("bench_python: scipy is not installed (sh tools/deps.sh --dev): skipped")
    sys.exit(0)

import bercl

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 7


def load():
    return "%.2f %.2f %.2f" % os.getloadavg()


def timed(f):
    t0 = time.perf_counter()
    f()
    return time.perf_counter() - t0


def alternate(named, runs=RUNS):
    """Each function once per round, the order rotating; median seconds per function."""
    times = {name: [] for name, _ in named}
    for r in range(runs):
        order = named[r % len(named):] + named[:r % len(named)]
        for name, f in order:
            times[name].append(timed(f))
    return {name: float(np.median(v)) for name, v in times.items()}


def one_thread(f, *args):
    old = bercl.set_num_threads(1)
    try:
        return f(*args)
    finally:
        bercl.set_num_threads(old)


def tails_points(n, g):
    e = g.integers(0, 1001, n).astype(np.float64)
    a = e + 1
    lam = np.maximum(a + g.uniform(-10, 10, n) * np.sqrt(a), 0.05 * a)
    far = g.random(n) < 1 / 3
    lam[far] = 10 ** g.uniform(-3, 4, far.sum())
    return e, lam


def main():
    g = np.random.default_rng(20261201)
    print("bench_python: numpy %s, scipy %s, bercl %s; load average %s"
          % (np.__version__, __import__("scipy").__version__, bercl.__version__, load()))

    n = 1000000
    e, lam = tails_points(n, g)
    bits = lam * 1e12
    ber = 1e-12
    # the same values, so that the comparison is of like with like
    t = bercl.tails(e, bits, ber)
    ok = np.isfinite(t.cl)
    rel = np.abs(t.cl[ok] - sc.pdtrc(e[ok], lam[ok])) / np.maximum(t.cl[ok], 1e-300)
    print("  1e6 tails: %d computed; scipy's pdtrc differs from bercl by up to %.2g relative "
          "(median %.2g) where CL > 1e-300" % (ok.sum(), rel[t.cl[ok] > 1e-300].max(),
                                              np.median(rel[t.cl[ok] > 1e-300])))
    threads = bercl.get_num_threads()
    m = alternate([
        ("scipy pdtrc + pdtr", lambda: (sc.pdtrc(e, lam), sc.pdtr(e, lam))),
        ("bercl.tails, 1 thread", lambda: one_thread(bercl.tails, e, bits, ber)),
        ("bercl.tails, %d threads" % threads, lambda: bercl.tails(e, bits, ber)),
        ("bercl.cl + one_minus_cl", lambda: (one_thread(bercl.cl, e, bits, ber),
                                             one_thread(bercl.one_minus_cl, e, bits, ber))),
    ])
    base = m["scipy pdtrc + pdtr"]
    for name, s in m.items():
        print("  %-26s %7.3f s  %.2fx scipy" % (name, s, s / base))

    n = 100000
    e = g.integers(0, 101, n).astype(np.float64)
    ber = 10 ** g.uniform(-15, -9, n)
    cl = g.choice([0.5, 0.9, 0.95, 0.99, 0.999, 0.999999], n)

    def scipy_bits():
        return np.ceil(sc.gammaincinv(e + 1, cl) / ber)

    exact = bercl.min_bits(e, ber, cl)
    approx = scipy_bits()
    diff = approx - exact
    off = np.count_nonzero(diff)
    print("  1e5 min_bits (errors 0..100, ber 1e-15..1e-9, CL 50 %% to 1 - 1e-6): scipy's ceil(gammaincinv(E + 1, CL) / ber) is off in %d (%.1f %%): "
          "%d too few bits (the target missed), %d too many; up to %d bits off"
          % (off, 100.0 * off / n, np.count_nonzero(diff < 0), np.count_nonzero(diff > 0),
             int(np.abs(diff).max())))
    m = alternate([("scipy gammaincinv", scipy_bits),
                   ("bercl.min_bits, 1 thread", lambda: one_thread(bercl.min_bits, e, ber, cl)),
                   ("bercl.min_bits, %d threads" % threads, lambda: bercl.min_bits(e, ber, cl))])
    base = m["scipy gammaincinv"]
    for name, s in m.items():
        print("  %-26s %7.3f s  %.2fx scipy" % (name, s, s / base))
    print("bench_python: load average after %s" % load())


if __name__ == "__main__":
    main()
