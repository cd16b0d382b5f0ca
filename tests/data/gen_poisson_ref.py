#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference table for CL = P[X > E] and 1 - CL = P[X <= E], X ~ Poisson(lambda).

Computed outside the code under test, with mpmath at 80 digits and no special
function but loggamma: the smaller tail is summed term by term outward from
the boundary (where its terms only shrink) until a term is 1e-75 of the sum,
the larger tail is 1 minus it. Values are written with 25 significant digits,
far below the double range where need be (mpmath's exponents are unbounded).

Run:  /usr/bin/python3 tests/data/gen_poisson_ref.py > tests/data/poisson_ref.csv
(Debian 12: apt-get install python3-mpmath python3-gmpy2; about two minutes.)
"""
import random
import sys
from multiprocessing import Pool

import mpmath
from mpmath import mp, mpf

mp.dps = 80

def tails(E, lam):
    a = E + 1
    x = mpf(lam)           # the exact double
    if x < a:
        # P = sum_{k>=a} pois(k): terms shrink by x/(k+1) < 1
        t = mp.exp(-x + a * mp.log(x) - mp.loggamma(a + 1))
        s, k = t, a
        while True:
            k += 1
            t = t * x / k
            s += t
            if t < s * mpf("1e-75"):
                break
        return s, 1 - s
    # Q = sum_{k<a} pois(k): terms shrink by k/x <= 1 going down from a-1
    k = a - 1
    t = mp.exp(-x + k * mp.log(x) - mp.loggamma(k + 1))
    s = t
    while k > 0:
        t = t * k / x
        k -= 1
        s += t
        if t < s * mpf("1e-75"):
            break
    return 1 - s, s

def row(p):
    E, lam = p
    cl, omc = tails(E, lam)
    return "%d,%s,%s,%s" % (E, repr(lam), mpmath.nstr(cl, 25, min_fixed=1, max_fixed=0),
                             mpmath.nstr(omc, 25, min_fixed=1, max_fixed=0))

def points(seed, n):
    rnd = random.Random(seed)
    pts = []
    for i in range(n):
        r = rnd.random()
        if r < 0.15:
            E = rnd.randrange(0, 30)
        elif r < 0.3:
            E = rnd.randrange(0, 1000001)
        else:
            E = int(10 ** rnd.uniform(0, 6))
        kind = rnd.random()
        if kind < 0.35 or E > 2000000:
            lam = 10 ** rnd.uniform(-20, 10)
        elif kind < 0.7:   # the centre, in standard deviations
            lam = (E + 1) + rnd.gauss(0, 4) * (E + 1) ** 0.5
        else:              # the Temme band and its edges
            lam = (E + 1) * rnd.uniform(0.5, 1.5)
        lam = float("%.15g" % max(lam, 1e-20))
        if lam > 5e6 and abs(lam - E) < 20 * lam ** 0.5:
            lam = (E + 1) * 0.9     # keep direct summation affordable
        pts.append((E, lam))
    return pts

if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 20261129
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1500
    fixed = [(0, 1.0), (0, 1e-20), (0, 1e-300), (0, 700.0), (0, 1000.0), (3, 1e-300),
             (1000000, 1000000.0), (1000000, 1100000.0), (1000000, 900000.0),
             (1000000, 1e-20), (1000000, 1e10), (100000, 100000.0), (100000, 101000.0),
             (700, 700.0), (24, 24.0), (25, 25.0), (10, 1e10), (200, 1e-3)]
    # the edges of poisson.c's regions: shape 24/25, lambda/shape 0.7 and 1.3
    for a in (24, 25, 26, 40, 1000, 10 ** 6):
        for r in (0.69999, 0.7, 0.70001, 0.999999, 1.0, 1.000001, 1.29999, 1.3, 1.30001):
            fixed.append((a - 1, float("%.15g" % (a * r))))
    pts = fixed + points(seed, n)
    print("# errors,lambda,cl,one_minus_cl  (gen_poisson_ref.py seed=%d n=%d, mpmath %s, %d digits)"
          % (seed, n, mpmath.__version__, mp.dps))
    with Pool(2) as pool:
        for line in pool.imap(row, pts, chunksize=4):
            print(line, flush=True)
