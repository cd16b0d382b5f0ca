#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values for test plans (tests/test_plan.c), at 50 digits.

Independent of bercl: Poisson sums are summed term by term here with mpmath
(no incomplete gamma), plans are searched by this script's own bisection.

Writes three CSV files in the current directory:
  plan_risks_ref.csv   errors,bits,ber,ratio,alpha,beta for given fixed tests
  plan_fixed_ref.csv   alpha_target,beta_target,ratio,ber,errors,bits,alpha,beta:
                       the shortest whole-bit test meeting both targets
  plan_seq_ref.csv     one row per (case, k): the Wald table of a truncated
                       sequential plan and, per case, the exact outcome at the
                       good and the bad BER (pass/fail probability, mean bits)

Run with Debian's /usr/bin/python3 and python3-mpmath (make reference).
"""
import sys
from mpmath import mp, mpf, exp, log, ceil, floor, nstr

mp.dps = 60


def pois_cdf(c, lam):
    """P[X <= c], X ~ Poisson(lam), by summing the terms."""
    term = exp(-lam)
    total = term
    for k in range(1, c + 1):
        term = term * lam / k
        total += term
    return total


def pois_sf(c, lam):
    """P[X > c] summed upward from c + 1 until the terms vanish."""
    if c < 0:
        return mpf(1)
    # the pmf at c+1, then terms until negligible
    term = exp(-lam)
    for k in range(1, c + 2):
        term = term * lam / k
    total = mpf(0)
    k = c + 1
    while True:
        total += term
        k += 1
        term = term * lam / k
        if term < total * mpf(10) ** (-mp.dps) and k > lam:
            break
    return total


def pois_pmf(j, mu):
    term = exp(-mu)
    for k in range(1, j + 1):
        term = term * mu / k
    return term


def risks(c, n, p, d):
    n, p, d = mpf(n), mpf(p), mpf(d)
    return pois_sf(c, n * p / d), pois_cdf(c, n * p)


def min_bits_beta(c, p, beta):
    """Smallest whole N with P[X <= c | N p] <= beta, by bisection."""
    p = mpf(p)
    hi = mpf(1)
    while pois_cdf(c, hi * p) > beta:
        hi *= 2
    lo = mpf(0)
    while hi - lo > 1:
        mid = floor((lo + hi) / 2)
        if pois_cdf(c, mid * p) > beta:
            lo = mid
        else:
            hi = mid
    return int(hi)


def fixed_plan(alpha, beta, d, p):
    c = 0
    while True:
        n = min_bits_beta(c, p, mpf(beta))
        a, b = risks(c, n, p, d)
        if a <= mpf(alpha) and b <= mpf(beta):
            return c, n, a, b
        c += 1


def wald_table(p, d, wa, wb, c, n):
    """Rows k = 0..c: pass_bits, fail_bits of Wald's lines cut at (c, n)."""
    p, d, wa, wb = mpf(p), mpf(d), mpf(wa), mpf(wb)
    lnd = log(d)
    s = p * (1 - 1 / d)
    a = log((1 - wb) / wa)
    b = log(wb / (1 - wa))
    rows = []
    for k in range(c + 1):
        pb = min(max(int(ceil((k * lnd - b) / s)), 1), n)
        fb = min(max(int(floor(((k + 1) * lnd - a) / s)), 0), pb)
        if k == c:
            pb = fb = n
        rows.append((pb, fb))
    return rows


def outcome(rows, lam):
    """Exact pass/fail probabilities and mean length, by walking the
    Poisson process through the boundary points: between two points the
    counts that continue are those whose arrival was allowed (k == 0 or
    fail_bits[k-1] <= start) and that have not passed (pass_bits[k] > start)."""
    lam = mpf(lam)
    c = len(rows) - 1
    points = sorted(set([r[0] for r in rows] + [r[1] for r in rows if r[1] > 0]))
    mass = [mpf(0)] * (c + 1)
    mass[0] = mpf(1)
    passed = failed = bits = mpf(0)
    t = mpf(0)
    for nxt in points:
        nxt = mpf(nxt)
        allowed = [k for k in range(c + 1) if (k == 0 or rows[k - 1][1] <= t) and rows[k][0] > t]
        if allowed and nxt > t:
            hi = max(allowed)
            mu = lam * (nxt - t)
            new = [mpf(0)] * (c + 1)
            for i in allowed:
                if mass[i] == 0:
                    continue
                for k in range(i, hi + 1):
                    new[k] += mass[i] * pois_pmf(k - i, mu)
                failed += mass[i] * pois_sf(hi - i, mu)
                # mean time alive: integral_0^d P[N(u) <= hi - i] du
                bits += mass[i] * sum(pois_sf(j, mu) for j in range(hi - i + 1)) / lam
            mass = new
        t = nxt
        for k in range(c + 1):
            if rows[k][0] <= t and mass[k] != 0:
                passed += mass[k]
                mass[k] = mpf(0)
    return passed, failed, bits


def s(x):
    return nstr(x, 50, min_fixed=-5, max_fixed=0) if x != 0 else "0"


def main():
    # Risks of given fixed tests: the classic zero-error test, the handbook
    # plans (time in multiples of theta1 -> bits at ber 1e-12), and others.
    tests = [(0, 3e12, 1e-12, 2), (0, 3e12, 1e-12, 10), (0, 2995732273554, 1e-12, 2),
             (17, 21.5e12, 1e-12, 1.5), (13, 18.8e12, 1e-12, 2), (2, 4.3e12, 1e-12, 3),
             (22, 31414814045035, 1e-12, 2), (5, 1e15, 1e-14, 3), (100, 1e17, 1e-15, 1.25),
             (0, 1e3, 1e-3, 2), (3, 4e9, 1e-9, 4), (1000, 1.1e18, 1e-15, 1.2)]
    with open("plan_risks_ref.csv", "w") as f:
        f.write("errors,bits,ber,ratio,alpha,beta\n")
        for c, n, p, d in tests:
            a, b = risks(c, n, p, d)
            f.write("%d,%d,%r,%r,%s,%s\n" % (c, n, p, d, s(a), s(b)))

    p = 1e-12
    risks_set = [0.05, 0.1, 0.2]
    with open("plan_fixed_ref.csv", "w") as f:
        f.write("alpha_target,beta_target,ratio,ber,errors,bits,alpha,beta\n")
        for at in risks_set:
            for bt in risks_set:
                for d in [1.5, 2, 3]:
                    c, n, a, b = fixed_plan(at, bt, d, p)
                    f.write("%r,%r,%r,%r,%d,%d,%s,%s\n" % (at, bt, d, p, c, n, s(a), s(b)))
                    sys.stderr.write("fixed %g %g %g: %d %d\n" % (at, bt, d, c, n))

    # Sequential tables: Wald's lines for the targets, cut at the fixed plan
    # for q * targets (q = 1 and 0.7).
    cases = [(0.05, 0.05, 2, 1.0), (0.05, 0.05, 2, 0.7), (0.1, 0.1, 3, 1.0),
             (0.2, 0.2, 1.5, 0.7), (0.05, 0.2, 3, 0.7)]
    with open("plan_seq_ref.csv", "w") as f:
        f.write("case,alpha_target,beta_target,ratio,ber,trunc_errors,trunc_bits,k,pass_bits,"
                "fail_bits,p_pass_good,p_fail_good,bits_good,p_pass_bad,p_fail_bad,bits_bad\n")
        for i, (at, bt, d, q) in enumerate(cases):
            c, n, _, _ = fixed_plan(q * at, q * bt, d, p)
            rows = wald_table(p, d, at, bt, c, n)
            good = outcome(rows, mpf(p) / d)
            bad = outcome(rows, mpf(p))
            sys.stderr.write("seq %d: c=%d n=%d good %s bad %s\n"
                             % (i, c, n, nstr(good[1], 6), nstr(bad[0], 6)))
            for k, (pb, fb) in enumerate(rows):
                f.write("%d,%r,%r,%r,%r,%d,%d,%d,%d,%d,%s,%s,%s,%s,%s,%s\n"
                        % (i, at, bt, d, p, c, n, k, pb, fb, s(good[0]), s(good[1]), s(good[2]),
                           s(bad[0]), s(bad[1]), s(bad[2])))


main()
