#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference table for the minimum number of bits where double precision is
not enough: answers from 1e14 to 1e18 bits (one bit moves CL by about 1e-16
relative there), E = 0..24 and 25..400 (7 values) for the Poisson model and
E = 0 for the binomial.

The answer is the smallest whole N with CL(N) >= C, computed from the exact
values of the doubles p (ber) and C (cl), with 1 - C exact:
  Poisson, E = 0:   N = ceil(-ln(1 - C) / p)
  binomial, E = 0:  N = ceil(ln(1 - C) / ln(1 - p))
  Poisson, E >= 1:  N = ceil(lambda* / p) where Q(E+1, lambda*) =
                    e^-lambda* sum_{k<=E} lambda*^k / k! = 1 - C, the finite
                    sum evaluated term by term and lambda* found by bisection
                    to 1e-55 relative.
Above 2^53 the program's answer must be the smallest double at or above N.
Everything at 60 significant digits (mpmath); independent of bercl's code.

Run:  /usr/bin/python3 tests/data/gen_bits_exact_ref.py > tests/data/bits_exact_ref.csv
"""
import random
import sys

import mpmath
from mpmath import mp, mpf

mp.dps = 60


def q_sum(E, lam):
    """Q(E+1, lam) = P[X <= E], X ~ Poisson(lam), as the finite sum."""
    term, s = mpf(1), mpf(1)
    for k in range(1, E + 1):
        term = term * lam / k
        s += term
    return mp.exp(-lam) * s


def lambda_star(E, c):
    target = 1 - mpf(c)  # exact: c is a double
    lo, hi = mpf(0), mpf(E + 1)
    while q_sum(E, hi) > target:
        lo, hi = hi, hi * 2
    while hi - lo > hi * mpf("1e-55"):
        mid = (lo + hi) / 2
        if q_sum(E, mid) > target:
            lo = mid
        else:
            hi = mid
    return hi


def min_bits(model, E, p, c):
    p, c = mpf(p), mpf(c)
    if E == 0:
        if model == "binomial":
            return mp.ceil(mp.log(1 - c) / mp.log(1 - p))
        return mp.ceil(-mp.log(1 - c) / p)
    return mp.ceil(lambda_star(E, c) / p)


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 20261130
    rnd = random.Random(seed)
    cls = [1e-6, 0.01, 0.1, 0.5, 0.6827, 0.9, 0.95, 0.99, 0.999999999]
    # the cases a review raised
    pts = [("binomial", 0, 3e-16, 0.5), ("poisson", 0, 1e-16, 0.5), ("binomial", 0, 1e-16, 0.5),
           ("poisson", 0, 1e-17, 0.01), ("poisson", 0, 1e-15, 0.95)]
    jobs = [("poisson", E) for E in range(25) for _ in range(8)] + [("binomial", 0)] * 40
    jobs += [("poisson", E) for E in (25, 40, 60, 100, 186, 300, 400) for _ in range(6)]
    for model, E in jobs:
        c = rnd.choice(cls) if rnd.random() < 0.6 else float("%.6g" % rnd.uniform(0.01, 0.999))
        n = 10 ** rnd.uniform(14, 18)
        lam = float(lambda_star(E, c)) if E else float(-mp.log(1 - mpf(c)))
        pts.append((model, E, float("%.6g" % (lam / n)), c))
    print("# model,errors,ber,cl,min_bits  (gen_bits_exact_ref.py seed=%d, mpmath %s, 60 digits)"
          % (seed, mpmath.__version__))
    for model, E, p, c in pts:
        n = min_bits(model, E, p, c)
        print("%s,%d,%s,%s,%s" % (model, E, repr(p), repr(c), int(n)))


if __name__ == "__main__":
    main()
