#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""binomial_cf_ref.csv: the binomial tails where lib/binomial.c changes
method, on both sides of each switch: the continued fraction (N p q above
CF_MIN_VAR = 64: rows at 40 to 100, and up to 1e8 with p near 0, 1/2 and
1), its shifted start at the median (E = floor and ceil of N p), and the
sums from b(0) = q^N (N p at most 16 and E at most 64: rows at N p = 3.9,
15.9 and 16.1, E = 63, 64, 65, p on both sides of 2^-10 and 2^-4).

Columns errors,bits,ber,cl,one_minus_cl; cl = P[X > E], one_minus_cl =
P[X <= E] for X ~ Binomial(N, p), p the double written. Each tail is its
own exact sum of terms at 60 digits (mpmath, no special function of
ours): C(N, k) p^k q^(N-k) from k = E + 1 upward and from k = E downward,
each until the terms fall below 1e-70 of the sum; neither tail is 1 minus
the other. Printed to 25 significant digits.

Run:  cd tests/data && /usr/bin/python3 gen_binomial_cf_ref.py > binomial_cf_ref.csv
"""
import math

from mpmath import mp, mpf

mp.dps = 60
TINY = mpf("1e-70")


def first_term(k, N, p):
    return mp.binomial(N, k) * p ** k * (1 - p) ** (N - k)


def upper(E, N, p):
    """P[X > E], summed from k = E + 1 upward."""
    q = 1 - p
    k = E + 1
    t = first_term(k, N, p)
    s = t
    while k < N:
        t = t * (N - k) * p / ((k + 1) * q)
        k += 1
        s += t
        if t < s * TINY and (N - k) * p < (k + 1) * q:
            break
    return s


def lower(E, N, p):
    """P[X <= E], summed from k = E downward."""
    q = 1 - p
    k = E
    t = first_term(k, N, p)
    s = t
    while k > 0:
        t = t * k * q / ((N - k + 1) * p)
        k -= 1
        s += t
        if t < s * TINY and k * q < (N - k + 1) * p:
            break
    return s


def points():
    pts = []
    # the continued fraction's threshold, N p q = 64, both sides
    for var in (40, 60, 63, 65, 70, 100):
        for N in (10 ** 4, 10 ** 9):
            p = float(mpf(var) / N)
            sd = math.sqrt(var)
            for z in (-6, -2, -0.5, 0, 0.5, 2, 6):
                pts.append((max(0, round(N * p + z * sd)), N, p))
    # large sd: p small, near 1/2 and near 1
    for N, p in ((10 ** 8, 1e-4), (10 ** 12, 1e-6), (10 ** 12, 1e-4), (4 * 10 ** 6, 0.5),
                 (10 ** 7, 0.3), (10 ** 9, 1 - 1e-6), (10 ** 15, 1e-7)):
        m = N * p
        sd = math.sqrt(m * (1 - p))
        for z in (-8, -1.5, -0.3, 0.3, 1.5, 8):
            pts.append((int(round(m + z * sd)), N, p))
        pts.append((int(math.floor(m)), N, p))  # the median's two sides
        pts.append((int(math.ceil(m)), N, p))
    # the sums from q^N: N p = 3.9, 15.9 and 16.1, E up to 65, p both sides
    # of 2^-10
    for N, mean in ((10 ** 18, 3.9), (10 ** 18, 15.9), (10 ** 18, 16.1), (16000, 15.9),
                    (16000, 16.1), (15900, 15.9), (16100, 16.1), (4000, 3.9), (10 ** 6, 1e-9)):
        p = mean / N
        for E in (0, 1, 3, 4, 8, 16, 20, 30, 63, 64, 65):
            pts.append((E, N, p))
    for N, p in ((4, 0.99), (4, 0.5), (3, 1 - 2 ** -40), (1000, 2 ** -10 * 1.01),
                 (1000, 2 ** -10 * 0.99), (200, 2 ** -4 * 0.99), (200, 2 ** -4 * 1.01),
                 (10 ** 15, 3e-300)):
        for E in range(0, min(N, 6)):
            pts.append((E, N, p))
    return pts


def main():
    print("# errors,bits,ber,cl,one_minus_cl  (gen_binomial_cf_ref.py, mpmath %s, 60 digits)"
          % __import__("mpmath").__version__)
    for E, N, p in points():
        if not (0 <= E < N):
            continue
        pm = mpf(p)
        print("%d,%d,%s,%s,%s" % (E, N, repr(p), mp.nstr(upper(E, N, pm), 25, min_fixed=1,
                                                            max_fixed=0),
                                  mp.nstr(lower(E, N, pm), 25, min_fixed=1, max_fixed=0)))


if __name__ == "__main__":
    main()
