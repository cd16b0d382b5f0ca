#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference table for the minimum number of bits (Poisson model).

For E allowed errors, BER p and target CL c, the answer is the smallest whole
N with P[X > E] >= c, X ~ Poisson(N p). Since P[X > E] increases with N, it is
N = ceil(lambda* / p) where P(E+1, lambda*) = c. lambda* is found here by
bisection to 60 digits (mpmath), with the tails summed term by term by
gen_poisson_ref.tails(); p is the exact double the program reads.

Run:  /usr/bin/python3 tests/data/gen_bits_ref.py > tests/data/bits_ref.csv
"""
import random
import sys
from multiprocessing import Pool

import mpmath
from mpmath import mp, mpf

from gen_poisson_ref import tails

def lambda_star(E, c):
    c = mpf(c)
    lo, hi = mpf("1e-300"), mpf(E + 1)
    while tails(E, hi)[0] < c:
        lo, hi = hi, hi * 2
    # bisection in log space, then in linear space, to 1e-60 relative
    for _ in range(400):
        mid = mp.sqrt(lo * hi) if hi / lo > 2 else (lo + hi) / 2
        if tails(E, mid)[0] < c:
            lo = mid
        else:
            hi = mid
        if hi - lo < hi * mpf("1e-60"):
            break
    return hi

def row(p):
    E, ber, c = p
    lam = lambda_star(E, c)
    n = mp.ceil(lam / mpf(ber))
    return "%d,%s,%s,%s,%s" % (E, repr(ber), repr(c), mpmath.nstr(n, 40, min_fixed=1, max_fixed=60),
                               mpmath.nstr(lam, 30))

def points(seed, count):
    rnd = random.Random(seed)
    cls = [0.01, 0.1, 0.5, 0.6827, 0.9, 0.95, 0.99, 0.999, 1 - 1e-6, 1 - 1e-9]
    pts = []
    for _ in range(count):
        r = rnd.random()
        E = rnd.randrange(0, 20) if r < 0.4 else int(10 ** rnd.uniform(0, 5))
        ber = float("%.6g" % 10 ** rnd.uniform(-18, math_log10(0.4)))
        c = rnd.choice(cls) if rnd.random() < 0.6 else float("%.6g" % rnd.uniform(0.01, 0.999))
        pts.append((E, ber, c))
    return pts

def math_log10(x):
    return float(mpmath.log10(x))

if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 20261129
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    mp.dps = 80
    fixed = [(0, 1e-12, 0.95), (2, 1e-3, 0.95), (0, 0.4, 0.01), (100000, 1e-18, 1 - 1e-9),
             (0, 1e-18, 1 - 1e-9), (100000, 0.4, 0.01), (5, 1e-15, 0.5)]
    print("# errors,ber,cl,min_bits,lambda_star  (gen_bits_ref.py seed=%d count=%d, mpmath %s)"
          % (seed, count, mpmath.__version__))
    with Pool(2) as pool:
        for line in pool.imap(row, fixed + points(seed, count), chunksize=2):
            print(line, flush=True)
