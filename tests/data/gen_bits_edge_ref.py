#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference table of Poisson minimum bits at the edges a review found
(tests/data/bits_edge_ref.csv, read by tests/test_solve):
  - targets (cl, one_minus_cl) that bercl.h allows but that do not add to 1
    exactly (|cl + omc - 1| within 4 ulps: omc = 1 - 2^-53 beside a tiny
    cl), with answers near 1e291 bits, where the slope pmf(E) ber of the
    library's quick route is subnormal;
  - E = 0 at 1.3e16 bits, where the long-double e^-x was 1.6e-18 off,
    beyond its stated bound.
The answer: the smallest double N with CL(N) >= cl, compared on the side
the library compares (1 - CL <= one_minus_cl for cl > 1/2, else CL >= cl),
from the exact values of the doubles at 60 digits (mpmath's regularized
incomplete gamma), found by bisection over the doubles. Independent of
bercl's code.

Run:  /usr/bin/python3 tests/data/gen_bits_edge_ref.py > tests/data/bits_edge_ref.csv
"""
import math

import mpmath
from mpmath import mp, mpf

mp.dps = 60

CASES = [  # errors, ber, cl, one_minus_cl
    (44, 1.9400495224257872e-291, 2.786992822641433e-33, 0.99999999999999989),
    (26, 5.3838344026761944e-292, 2.6529188356453797e-34, 0.99999999999999989),
    (1, 3.3321074451745925e-290, 0.99999999999999989, 3.3242886325150072e-34),
    (21, 6.7206218252973173e-293, 6.0091212625980097e-34, 0.99999999999999989),
    (0, 2.5765893789411633e-15, 0.99999999999999734, 2.6645352591003757e-15),
]


def reaches(E, ber, cl, omc, n):
    lam = mpf(n) * mpf(ber)
    q = mpmath.gammainc(E + 1, lam, mpmath.inf, regularized=True)  # P[X <= E]
    return q <= mpf(omc) if cl > 0.5 else 1 - q >= mpf(cl)


def answer(E, ber, cl, omc):
    lo, hi = 1.0, 1.0
    while not reaches(E, ber, cl, omc, hi):
        lo, hi = hi, hi * 2
    while math.nextafter(lo, math.inf) < hi:  # lo fails, hi reaches
        mid = (lo + hi) / 2
        if mid == lo or mid == hi:
            mid = math.nextafter(lo, math.inf)
        if reaches(E, ber, cl, omc, mid):
            hi = mid
        else:
            lo = mid
    return hi


print("# errors,ber,cl,one_minus_cl,min_bits  (gen_bits_edge_ref.py, mpmath %s, 60 digits)"
      % mpmath.__version__)
for E, ber, cl, omc in CASES:
    print("%d,%r,%r,%r,%r" % (E, ber, cl, omc, answer(E, ber, cl, omc)))
