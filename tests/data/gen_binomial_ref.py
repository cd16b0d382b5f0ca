#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference tables for the binomial model and for the BER bounds.

Everything is an exact finite sum evaluated by mpmath at 80 digits, with no
special function of ours:

  binomial_ref.csv  errors,bits,ber,cl,one_minus_cl
      P[X <= E] = sum_{k<=E} C(N,k) p^k q^(N-k); the tail on the far side of
      the mean is summed directly, the other is 1 minus it.
  binomial_bits_ref.csv  errors,ber,cl,min_bits
      the smallest whole N with P[X > E] >= cl, by bisection over whole N.
  bounds_ref.csv  model,errors,bits,cl,ber_upper,ber_lower2,ber_upper2
      one-sided upper bound at cl, and the two-sided interval at cl:
      Poisson (Garwood): P(E+1, N p_u) = cl; P(E, N p_l) = a/2,
      P(E+1, N p_u2) = 1 - a/2, a = 1 - cl (regularized gamma sums);
      binomial (Clopper-Pearson): P[X <= E | p_u] = 1 - cl;
      P[X >= E | p_l] = a/2; P[X <= E | p_u2] = a/2. Roots by bisection in
      log p to 1e-40 relative.

Run:  cd tests/data && /usr/bin/python3 gen_binomial_ref.py
"""
import random
import sys
from multiprocessing import Pool

import mpmath
from mpmath import mp, mpf

mp.dps = 80
TINY = mpf("1e-75")

def binom_lower(E, N, p):
    """P[X <= E] by the direct sum; N, E ints, p mpf."""
    q = 1 - p
    t = q ** N                     # k = 0
    s = t
    for k in range(1, E + 1):
        t = t * (N - k + 1) * p / (k * q)
        s += t
    return s

def binom_upper(E, N, p):
    """P[X > E] summed upward from E + 1 (for E at or above the mean)."""
    q = 1 - p
    k = E + 1
    t = mp.binomial(N, k) * p ** k * q ** (N - k)
    s = t
    while k < N:
        t = t * (N - k) * p / ((k + 1) * q)
        k += 1
        s += t
        if t < s * TINY:
            break
    return s

def binom_tails(E, N, p):
    if E < N * p:
        lo = binom_lower(E, N, p)
        return 1 - lo, lo
    up = binom_upper(E, N, p)
    return up, 1 - up

def poisson_lower(a, lam):
    """P(a, lam) = P[Y >= a], Y ~ Poisson(lam), for whole a >= 1."""
    return 1 - mp.exp(-lam) * mp.fsum(lam ** k / mp.factorial(k) for k in range(a))

def root(f, target, lo=mpf("1e-300"), hi=mpf(1)):
    """Increasing f: the x in (lo, hi) with f(x) = target, by bisection."""
    for _ in range(2000):
        mid = mp.sqrt(lo * hi) if hi / lo > 4 else (lo + hi) / 2
        if f(mid) < target:
            lo = mid
        else:
            hi = mid
        if hi - lo < hi * mpf("1e-40"):
            break
    return (lo + hi) / 2

def nstr(x):
    return mpmath.nstr(x, 25, min_fixed=1, max_fixed=0)

def tails_row(pt):
    E, N, p = pt
    cl, omc = binom_tails(E, N, mpf(p))
    return "%d,%d,%s,%s,%s" % (E, N, repr(p), nstr(cl), nstr(omc))

def bits_row(pt):
    E, p, c = pt
    pm, cm = mpf(p), mpf(c)
    reach = lambda n: n > E and binom_tails(E, n, pm)[0] >= cm
    lo, hi = E, max(E + 1, 2)
    while not reach(hi):
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if reach(mid):
            hi = mid
        else:
            lo = mid
    return "%d,%s,%s,%d" % (E, repr(p), repr(c), hi)

def bounds_row(pt):
    model, E, N, c = pt
    cm = mpf(c)
    a = 1 - cm
    if model == "poisson":
        up = root(lambda p: poisson_lower(E + 1, N * p), cm, hi=mpf(10) ** 6)
        lo2 = 0 if E == 0 else root(lambda p: poisson_lower(E, N * p), a / 2, hi=mpf(10) ** 6)
        up2 = root(lambda p: poisson_lower(E + 1, N * p), 1 - a / 2, hi=mpf(10) ** 6)
    else:
        up = root(lambda p: -binom_lower(E, N, p), -(1 - cm))
        lo2 = 0 if E == 0 else root(lambda p: 1 - binom_lower(E - 1, N, p), a / 2)
        up2 = root(lambda p: -binom_lower(E, N, p), -(a / 2))
    return "%s,%d,%d,%s,%s,%s,%s" % (model, E, N, repr(c), nstr(up), nstr(lo2), nstr(up2))

def main():
    rnd = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 20261129)
    tails_pts = [(0, 10, 0.3), (200, 2 ** 40, 1e-12), (5, 10 ** 18, 1e-18), (0, 10 ** 18, 1e-12),
                 (3, 1000, 0.3), (1000, 3000, 0.3), (10000, 10 ** 9, 1e-5)]
    for _ in range(400):
        E = rnd.randrange(0, 201) if rnd.random() < 0.8 else int(10 ** rnd.uniform(2, 4))
        N = int(10 ** rnd.uniform(1, 12.05))
        if N <= E:
            N = E + 1 + rnd.randrange(0, 1000)
        kind = rnd.random()
        if kind < 0.5:      # near the mean
            p = (E + 1 + rnd.gauss(0, 3) * (E + 1) ** 0.5) / N
        else:
            p = 10 ** rnd.uniform(-12, -0.52)
        p = float("%.10g" % min(max(p, 1e-13), 0.3))
        tails_pts.append((E, N, p))
    bits_pts = [(0, 1e-12, 0.95), (2, 1e-3, 0.95), (0, 0.3, 0.9)]
    for _ in range(150):
        E = rnd.randrange(0, 21) if rnd.random() < 0.8 else rnd.randrange(21, 101)
        p = float("%.6g" % 10 ** rnd.uniform(-12, -0.52))
        c = rnd.choice([0.5, 0.9, 0.95, 0.99, 0.999, 1 - 1e-6, 1 - 1e-9, 0.1])
        bits_pts.append((E, p, c))
    bound_pts = []
    for _ in range(150):
        E = rnd.randrange(0, 201)
        N = int(10 ** rnd.uniform(1, 12.04))
        if N <= E:
            N = E + 1 + rnd.randrange(0, 100)
        c = float("%.4g" % rnd.uniform(0.9, 0.99))
        for model in ("poisson", "binomial"):
            bound_pts.append((model, E, N, c))
    with Pool(2) as pool:
        with open("binomial_ref.csv", "w") as f:
            f.write("# errors,bits,ber,cl,one_minus_cl  (gen_binomial_ref.py, mpmath %s, %d digits)\n"
                    % (mpmath.__version__, mp.dps))
            for line in pool.imap(tails_row, tails_pts, chunksize=4):
                f.write(line + "\n")
        with open("binomial_bits_ref.csv", "w") as f:
            f.write("# errors,ber,cl,min_bits  (gen_binomial_ref.py)\n")
            for line in pool.imap(bits_row, bits_pts, chunksize=2):
                f.write(line + "\n")
        with open("bounds_ref.csv", "w") as f:
            f.write("# model,errors,bits,cl,ber_upper,ber_lower2,ber_upper2  (gen_binomial_ref.py)\n")
            for line in pool.imap(bounds_row, bound_pts, chunksize=2):
                f.write(line + "\n")

if __name__ == "__main__":
    main()
