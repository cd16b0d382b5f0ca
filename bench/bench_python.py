# SPDX-License-Identifier: GPL-3.0-or-later
"""make bench, the Python package against scipy on the same arrays, in one
run with the two timed alternately (the order rotating each round; medians
of RUNS rounds, and the median of the per-round ratios, which a load that
drifts during the run moves less; the load average printed before and
after, since the machine may be shared):

1. CL and 1 - CL on 1e6 elements against scipy.special.pdtrc + pdtr
   (pdtrc(k, m) = P[X > k] = CL, pdtr(k, m) = 1 - CL for X ~ Poisson(m)):
   bercl.tails (both in one pass), and bercl.cl + bercl.one_minus_cl called
   apart, on 1 thread and on the default threads; and each alone, bercl.cl
   against pdtrc, bercl.one_minus_cl against pdtr. Errors 0..1000 and
   lambda within +-10 sd of errors + 1 (log-uniform elsewhere for a third
   of them); bercl gets bits = lambda * 1e12 and ber = 1e-12.
   The target: CL and 1 - CL from bercl at most 0.7x the time of
   pdtr + pdtrc, by the one call that gives both (bercl.tails). The
   others are printed beside it without a target: bercl.cl and
   bercl.one_minus_cl each compute both tails (the certified fast path
   gets them together), so called apart they cost twice.
2. min_bits on 1e5 elements against scipy's closed form
   ceil(gammaincinv(E + 1, CL) / ber) (the root of P(E + 1, lambda) = CL,
   i.e. CL = P[X > E]), and its complement form
   ceil(gammainccinv(E + 1, 1 - CL) / ber), neither exact: how often each
   differs from the exact whole number, by one bit and by more. Target: at
   most 1.0x the time of the gammaincinv form.

3. min_bits on 1e5 elements with a different CL per element (uniform in
   [0.5, 1 - 1e-6], 16 digits each) against the same closed form. Target:
   at most 1.5x.
4. ber_upper on 1e5 elements (a lab's six CLs) against gammaincinv(E + 1,
   CL) / N. Target: at most 1.0x.
5. ber_interval on 1e5 elements against scipy's two calls (the Garwood
   interval: gammaincinv(E, (1 - CL) / 2) / N and gammaincinv(E + 1,
   (1 + CL) / 2) / N). Target: at most 1.5x.
6. The binomial cl on 1e5 elements against bdtrc where bdtrc answers
   (N below 2^31). Target: at most 1.0x.
7. One scalar: bercl.cl against pdtrc, 1e4 calls a round, target at most
   1.5x; bercl.min_bits, target under 3 us a call. And bercl.ufunc.cl_poisson
   called directly beside them.

Every bercl call runs on one thread where a target is stated (the issue's
bars are for one thread). Usage: python3 bench/bench_python.py [RUNS]
(default 9), with the package built in python/ (make) or installed."""
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

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 9


def load():
    return "%.2f %.2f %.2f" % os.getloadavg()


def timed(f):
    t0 = time.perf_counter()
    f()
    return time.perf_counter() - t0


def alternate(named, runs=RUNS):
    """Each function once per round, the order rotating; the seconds of every round."""
    times = {name: [] for name, _ in named}
    for r in range(runs):
        order = named[r % len(named):] + named[:r % len(named)]
        for name, f in order:
            times[name].append(timed(f))
    return times


def report(times, base, targets=()):
    """Median seconds, ratio of medians and median of the per-round ratios against base;
    targets: (name, peer, at most) lines saying met or missed."""
    b = np.array(times[base])
    med = {name: float(np.median(v)) for name, v in times.items()}
    for name, v in times.items():
        print("  %-34s %7.3f s  %.2fx %s (per-round median %.2fx)"
              % (name, med[name], med[name] / med[base], base,
                 float(np.median(np.array(v) / b))))
    for name, peer, most in targets:
        r = med[name] / med[peer]
        print("  target: %s at most %.1fx %s: %.2fx, %s"
              % (name, most, peer, r, "met" if r <= most else "MISSED"))


def one_thread(f, *args, **kw):
    old = bercl.set_num_threads(1)
    try:
        return f(*args, **kw)
    finally:
        bercl.set_num_threads(old)


def tails_points(n, g):
    e = g.integers(0, 1001, n).astype(np.float64)
    a = e + 1
    lam = np.maximum(a + g.uniform(-10, 10, n) * np.sqrt(a), 0.05 * a)
    far = g.random(n) < 1 / 3
    lam[far] = 10 ** g.uniform(-3, 4, far.sum())
    return e, lam


def off_by(approx, exact, what):
    diff = approx - exact
    off = np.count_nonzero(diff)
    one = np.count_nonzero(np.abs(diff) == 1)
    print("  %s: off in %d of %d (%.1f %%): %d by one bit, %d by more (up to %d bits); "
          "%d too few bits (the target missed), %d too many"
          % (what, off, diff.size, 100.0 * off / diff.size, one, off - one,
             int(np.abs(diff).max()), np.count_nonzero(diff < 0), np.count_nonzero(diff > 0)))


def main():
    g = np.random.default_rng(20261201)
    threads = bercl.get_num_threads()
    print("bench_python: numpy %s, scipy %s, bercl %s, %d threads by default, %d CPUs; "
          "load average %s" % (np.__version__, __import__("scipy").__version__,
                               bercl.__version__, threads, os.cpu_count(), load()))

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
    both = "scipy pdtrc + pdtr"
    m = alternate([
        (both, lambda: (sc.pdtrc(e, lam), sc.pdtr(e, lam))),
        ("scipy pdtrc", lambda: sc.pdtrc(e, lam)),
        ("scipy pdtr", lambda: sc.pdtr(e, lam)),
        ("bercl.tails, 1 thread", lambda: one_thread(bercl.tails, e, bits, ber)),
        ("bercl.tails, %d threads" % threads, lambda: bercl.tails(e, bits, ber)),
        ("bercl.cl + one_minus_cl, 1 thread", lambda: (one_thread(bercl.cl, e, bits, ber),
                                                        one_thread(bercl.one_minus_cl, e, bits,
                                                                   ber))),
        ("bercl.cl + one_minus_cl, %d thr" % threads, lambda: (bercl.cl(e, bits, ber),
                                                               bercl.one_minus_cl(e, bits, ber))),
        ("bercl.cl, 1 thread", lambda: one_thread(bercl.cl, e, bits, ber)),
        ("bercl.one_minus_cl, 1 thread", lambda: one_thread(bercl.one_minus_cl, e, bits, ber)),
    ])
    report(m, both, [("bercl.tails, 1 thread", both, 0.7),
                     ("bercl.tails, %d threads" % threads, both, 0.7)])

    n = 100000
    e = g.integers(0, 101, n).astype(np.float64)
    ber = 10 ** g.uniform(-15, -9, n)
    cl = g.choice([0.5, 0.9, 0.95, 0.99, 0.999, 0.999999], n)

    def scipy_bits():
        return np.ceil(sc.gammaincinv(e + 1, cl) / ber)

    exact = bercl.min_bits(e, ber, cl)
    print("  1e5 min_bits (errors 0..100, ber 1e-15..1e-9, CL 50 % to 1 - 1e-6):")
    off_by(scipy_bits(), exact, "ceil(gammaincinv(E + 1, CL) / ber)")
    off_by(np.ceil(sc.gammainccinv(e + 1, 1 - cl) / ber), exact,
           "ceil(gammainccinv(E + 1, 1 - CL) / ber)")
    peer = "scipy gammaincinv"
    m = alternate([(peer, scipy_bits),
                   ("bercl.min_bits, 1 thread", lambda: one_thread(bercl.min_bits, e, ber, cl)),
                   ("bercl.min_bits, %d threads" % threads, lambda: bercl.min_bits(e, ber, cl))])
    report(m, peer, [("bercl.min_bits, 1 thread", peer, 1.0),
                     ("bercl.min_bits, %d threads" % threads, peer, 1.0)])

    cl_each = g.uniform(0.5, 1 - 1e-6, n)
    print("  1e5 min_bits with a different CL per element:")
    peer = "scipy gammaincinv, CL each"
    m = alternate([(peer, lambda: np.ceil(sc.gammaincinv(e + 1, cl_each) / ber)),
                   ("bercl.min_bits, 1 thread", lambda: one_thread(bercl.min_bits, e, ber,
                                                                   cl_each))])
    report(m, peer, [("bercl.min_bits, 1 thread", peer, 1.5)])

    bits = 10 ** g.uniform(9, 15, n)
    eb = np.minimum(e, np.floor(bits))
    print("  1e5 ber_upper (six CLs):")
    peer = "scipy gammaincinv / N"
    m = alternate([(peer, lambda: sc.gammaincinv(eb + 1, cl) / bits),
                   ("bercl.ber_upper, 1 thread", lambda: one_thread(bercl.ber_upper, eb, bits,
                                                                    cl)),
                   ("ufunc ber_upper_poisson, 1 thr", lambda: one_thread(
                       bercl.ufunc.ber_upper_poisson, eb, bits, cl))])
    report(m, peer, [("bercl.ber_upper, 1 thread", peer, 1.0)])

    print("  1e5 ber_interval (six CLs):")
    peer = "scipy two gammaincinv / N"

    def scipy_interval():
        with np.errstate(all="ignore"):
            lo = np.where(eb > 0, sc.gammaincinv(np.maximum(eb, 1), (1 - cl) / 2) / bits, 0.0)
        return lo, sc.gammaincinv(eb + 1, (1 + cl) / 2) / bits

    m = alternate([(peer, scipy_interval),
                   ("bercl.ber_interval, 1 thread", lambda: one_thread(bercl.ber_interval, eb,
                                                                       bits, cl))])
    report(m, peer, [("bercl.ber_interval, 1 thread", peer, 1.5)])

    print("  1e5 binomial cl (N below 2^31, where bdtrc answers):")
    nb = np.floor(10 ** g.uniform(3, 9, n))
    pb = 10 ** g.uniform(-9, -3, n)
    kb = np.minimum(g.poisson(nb * pb), nb - 1).astype(np.float64)
    peer = "scipy bdtrc"
    m = alternate([(peer, lambda: sc.bdtrc(kb, nb.astype(np.int64), pb)),
                   ("bercl.cl binomial, 1 thread", lambda: one_thread(bercl.cl, kb, nb, pb,
                                                                      model="binomial"))])
    report(m, peer, [("bercl.cl binomial, 1 thread", peer, 1.0)])

    print("  one scalar, 1e4 calls a round:")
    calls = range(10000)

    def scalar(f, *args):
        def run():
            for _ in calls:
                f(*args)
        return run

    peer = "scipy pdtrc(3, 3.0)"
    old = bercl.set_num_threads(1)
    try:
        m = alternate([(peer, scalar(sc.pdtrc, 3, 3.0)),
                       ("bercl.cl(3, 3e12, 1e-12)", scalar(bercl.cl, 3, 3e12, 1e-12)),
                       ("ufunc cl_poisson(3, 3e12, 1e-12)", scalar(bercl.ufunc.cl_poisson, 3,
                                                                   3e12, 1e-12)),
                       ("bercl.min_bits(0, 1e-12, 0.95)", scalar(bercl.min_bits, 0, 1e-12,
                                                                 0.95))])
    finally:
        bercl.set_num_threads(old)
    report(m, peer, [("bercl.cl(3, 3e12, 1e-12)", peer, 1.5)])
    per_call = float(np.median(m["bercl.min_bits(0, 1e-12, 0.95)"])) / len(calls) * 1e6
    print("  target: one scalar min_bits under 3 us: %.2f us, %s"
          % (per_call, "met" if per_call < 3 else "MISSED"))
    print("bench_python: load average after %s" % load())


if __name__ == "__main__":
    main()
