#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""
gen_fec_groups_ref.py - reference values for FEC histograms with grouped
bins (tests/data/fec_groups_ref.csv), at 60 significant digits with mpmath.

A histogram of an RS(n, k) code correcting t symbols counts c_j codewords
with lo_j .. hi_j corrected symbols (groups covering 0 .. t) and U
uncorrectable ones. With B ~ Binomial(n, s) per codeword and the
uncorrectable codewords counted as t + 1 errored symbols (as bercl counts
them without groups), the log likelihood is
    sum_j c_j ln P[lo_j <= B <= hi_j] + U ln P[B = t + 1],
and its maximum, ser_estimate, solves the score equation
    sum_j c_j E[B | lo_j <= B <= hi_j] + (t + 1) U = n C s,
here by bisection on s in mpmath (60 digits, to a relative width of 1e-40).
cer_predicted = P[B > t] at that s, the sum of its terms. gof_stat is Pearson's chi-square of the
groups (and the uncorrectable count against C P[B > t]), pooled from the top
down until each pooled group expects at least 5 codewords (a remainder below
5 joins the group above), gof_df = pooled groups - 2. Nothing here is shared
with lib/fec.c (no logarithm tricks, no regula falsi, no double).

Run: cd tests/data && /usr/bin/python3 gen_fec_groups_ref.py > fec_groups_ref.csv
Columns: name, code (n k m), groups as lo-hi:count separated by spaces and
the uncorrectable count last as u:count, then ser_estimate, cer_predicted,
gof_stat, gof_df (0: no test).
"""
from mpmath import mp, mpf, binomial, nstr

mp.dps = 60

CASES = [
    # ethtool's netdevsim histogram: 0, 1..3, 4..7, the rest, 4 uncorrectable
    ("netdevsim", (544, 514, 10), [(0, 0, 445), (1, 3, 12), (4, 7, 2), (8, 15, 0)], 4),
    # the real SONiC histogram (telemetry/sonic_a.csv) with bins 1..3 and 4..15 grouped
    ("sonic_a_1to3", (544, 514, 10),
     [(0, 0, 77092897948028), (1, 3, 5529181 + 85996 + 217), (4, 15, 0)], 0),
    # the same with bins 2..3 grouped: bin 1 alone
    ("sonic_a_2to3", (544, 514, 10),
     [(0, 0, 77092897948028), (1, 1, 5529181), (2, 3, 85996 + 217), (4, 15, 0)], 0),
    # pairs of bins, a KP4 link near its limit: the counts 1e8 Binomial(544, 2e-3)
    # codewords would give per pair, rounded (kp4_pairs() below)
    ("kp4_pairs", (544, 514, 10), None, 0),
    # a group from 0, a small code, uncorrectable codewords
    ("rs15_from0", (15, 9, 4), [(0, 1, 900), (2, 3, 60)], 7),
    ("kr4_mixed", (528, 514, 10), [(0, 0, 5000000), (1, 2, 4000), (3, 3, 12), (4, 7, 1)], 1),
]


def pmf(n, s, i):
    return binomial(n, i) * s**i * (1 - s)**(n - i)


def kp4_pairs():
    s = mpf(2) / 1000
    return [(lo, lo + 1, int(mp.nint(10**8 * (pmf(544, s, lo) + pmf(544, s, lo + 1)))))
            for lo in range(0, 16, 2)]


def score(n, t, groups, u, c_total, s):
    total = (t + 1) * u
    for lo, hi, c in groups:
        if c == 0:
            continue
        w = [pmf(n, s, i) for i in range(lo, hi + 1)]
        total += c * sum(i * wi for i, wi in zip(range(lo, hi + 1), w)) / sum(w)
    return total - n * c_total * s


def mle(n, t, groups, u):
    c_total = sum(c for _, _, c in groups) + u
    a = mpf((t + 1) * u + sum(c * lo for lo, _, c in groups))
    b = mpf((t + 1) * u + sum(c * hi for _, hi, c in groups))
    lo, hi = a / (n * c_total), min(b / (n * c_total), mpf(1) / 2)
    if lo == hi:
        return lo
    while hi - lo > hi * mpf(10)**-40:
        mid = (lo + hi) / 2
        if score(n, t, groups, u, c_total, mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def pearson(obs, exp):
    stat, groups = mpf(0), 0
    last_obs = last_exp = mpf(0)
    pend_obs = pend_exp = mpf(0)
    for i in range(len(obs) - 1, -1, -1):
        pend_obs += obs[i]
        pend_exp += exp[i]
        if pend_exp >= 5 or i == 0:
            if pend_exp < 5 and groups > 0:
                pend_obs += last_obs
                pend_exp += last_exp
                stat -= (last_obs - last_exp)**2 / last_exp
                groups -= 1
            if pend_exp > 0:
                stat += (pend_obs - pend_exp)**2 / pend_exp
            groups += 1
            last_obs, last_exp = pend_obs, pend_exp
            pend_obs = pend_exp = mpf(0)
    return stat, max(groups - 2, 0)


def main():
    print("name,n,k,m,groups,ser_estimate,cer_predicted,gof_stat,gof_df")
    for name, (n, k, m), groups, u in CASES:
        groups = groups or kp4_pairs()
        t = (n - k) // 2
        c_total = sum(c for _, _, c in groups) + u
        s = mle(n, t, groups, u)
        cer = sum(pmf(n, s, i) for i in range(t + 1, n + 1))
        obs = [mpf(c) for _, _, c in groups] + [mpf(u)]
        exp = [c_total * sum(pmf(n, s, i) for i in range(lo, hi + 1)) for lo, hi, _ in groups]
        exp.append(c_total * cer)
        stat, df = pearson(obs, exp)
        spec = " ".join("%d-%d:%d" % g for g in groups) + " u:%d" % u
        print("%s,%d,%d,%d,%s,%s,%s,%s,%d" % (name, n, k, m, spec, nstr(s, 20), nstr(cer, 20),
                                                nstr(stat, 20) if df else "0", df))


main()
