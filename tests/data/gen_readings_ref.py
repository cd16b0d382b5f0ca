#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference risks of sequential plans checked only at readings (tests/test_plan.c).

The tables are those of plan_seq_ref.csv (made by gen_plan_ref.py, itself
independent of bercl). For each table and reading interval B this script
follows the plan reading by reading, with no shortcut: at reading i (t = i B
bits) the error count has gained Poisson(B ber) errors since reading i - 1
(pmf summed term by term, 40 digits); then the rule of bercl watch applies
to each count k: fail when k > c or k >= 1 and t <= fail_bits[k - 1], else
pass when t >= pass_bits[k], else go on. The C code (lib/plan.c) takes one
step per change of the window of counts instead; this takes one per reading,
so the two agree only if that shortcut is right.

Writes readings_ref.csv in the current directory:
  case,interval,p_pass_good,p_fail_good,p_pass_bad,p_fail_bad
with good BER = ber / ratio and bad BER = ber; alpha_actual = p_fail_good,
beta_actual = p_pass_bad.

Run with Debian's /usr/bin/python3 and python3-mpmath (make reference).
"""
import csv
import sys
from mpmath import mp, mpf, exp, nstr

mp.dps = 40


def pmf_list(mu, n):
    """e^-mu mu^j / j!, j = 0..n, and P[Pois(mu) > j] for j = 0..n (summed upward)."""
    p = [exp(-mu)]
    for j in range(1, n + 1):
        p.append(p[-1] * mu / j)
    return p


def run(pass_bits, fail_bits, ber, interval):
    c = len(pass_bits) - 1
    mass = [mpf(0)] * (c + 1)
    mass[0] = mpf(1)
    passed = mpf(0)
    failed = mpf(0)
    pmf = pmf_list(mpf(ber) * interval, c)
    i = 0
    while any(m != 0 for m in mass):
        i += 1
        t = i * interval  # whole numbers: exact, as the double i * interval below 2^53
        new = [mpf(0)] * (c + 1)
        for a in range(c + 1):
            if mass[a] == 0:
                continue
            stay = mpf(0)
            for j in range(c - a + 1):
                w = mass[a] * pmf[j]
                new[a + j] += w
                stay += w
            failed += mass[a] - stay  # more than c errors
        for k in range(c + 1):
            if new[k] == 0:
                continue
            if k >= 1 and t <= fail_bits[k - 1]:
                failed += new[k]
                new[k] = mpf(0)
            elif t >= pass_bits[k]:
                passed += new[k]
                new[k] = mpf(0)
        mass = new
    return passed, failed


def s(x):
    return nstr(x, 30, min_fixed=0, max_fixed=0)


def main():
    cases = {}
    with open("plan_seq_ref.csv") as f:
        for row in csv.DictReader(f):
            c = cases.setdefault(int(row["case"]), {"row": row, "pass": [], "fail": []})
            c["pass"].append(int(row["pass_bits"]))
            c["fail"].append(int(row["fail_bits"]))
    with open("readings_ref.csv", "w") as out:
        out.write("case,interval,p_pass_good,p_fail_good,p_pass_bad,p_fail_bad\n")
        for case in sorted(cases):
            c = cases[case]
            ber = mpf(c["row"]["ber"])
            ratio = mpf(c["row"]["ratio"])
            n = c["pass"][-1]
            intervals = [10**12, 3 * 10**12, 7777777777777, n // 8, n // 3, n // 2, n, 2 * n]
            if case == 0:
                intervals = [10**10, 10**11] + intervals
            for b in intervals:
                pg, fg = run(c["pass"], c["fail"], ber / ratio, b)
                pb, fb = run(c["pass"], c["fail"], ber, b)
                out.write("%d,%d,%s,%s,%s,%s\n" % (case, b, s(pg), s(fg), s(pb), s(fb)))
                sys.stderr.write("case %d B %d: alpha_actual %s beta_actual %s\n"
                                 % (case, b, nstr(fg, 6), nstr(pb, 6)))


if __name__ == "__main__":
    main()
