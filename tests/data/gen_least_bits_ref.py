#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""least_bits_ref.csv: the least whole number of bits N at which a test
with at most E errors reaches a confidence level C typed as a decimal, for
random points of both models, decided at 60 digits by mpmath (outside the
code under test):

  Poisson:  CL(N) = 1 - sum_{k<=E} exp(-N p) (N p)^k / k!
  binomial: CL(N) = 1 - sum_{k<=E} C(N, k) p^k (1 - p)^(N - k)

N is the answer when CL(N) >= C > CL(N - 1), both sums taken term by term
at 60 digits (E <= 60 here, so the sums are short and exact to far more
than the 17 digits a double carries). The search starts from the Poisson
quantile found by bisection on lambda, then steps to the least N. Above
2^53 not every whole number is a double: the column `bits` is then the
least double at or above N (CL there reaches C, and the double below it is
below N, where CL falls short).

Usage: gen_least_bits_ref.py [COUNT] [SEED] > least_bits_ref.csv
"""
import math
import random
import sys
from decimal import Decimal

import mpmath as mp

mp.mp.dps = 60


def cl_poisson(e, n, p):
    lam = mp.mpf(n) * p
    term = mp.exp(-lam)
    s = term
    for k in range(1, e + 1):
        term = term * lam / k
        s += term
    return 1 - s


def cl_binomial(e, n, p):
    q = 1 - p
    term = q ** n  # k = 0
    s = term
    for k in range(1, e + 1):
        term = term * (n - k + 1) / k * p / q
        s += term
    return 1 - s


def poisson_lambda(e, c):
    """lambda with P[X > e] = c, by bisection in log space."""
    lo, hi = mp.mpf("1e-30"), mp.mpf(10) * (e + 10) + 100
    for _ in range(200):
        mid = mp.sqrt(lo * hi)
        if cl_poisson(e, mid, 1) >= c:
            hi = mid
        else:
            lo = mid
        if hi / lo - 1 < mp.mpf("1e-25"):
            break
    return hi


def least(cl, e, p, c, n):
    """the least whole N >= 1 with cl(e, N, p) >= c, from a guess n"""
    n = max(1, int(n))
    step = 1
    if cl(e, n, p) >= c:
        while n > 1 and cl(e, n - step, p) >= c:  # gallop down
            n -= step
            step *= 2
            if n - step < 1:
                step = max(1, (n - 1) // 2) or 1
        while step > 1:  # then back up to the edge
            step //= 2
            if n - step >= 1 and cl(e, n - step, p) >= c:
                n -= step
        while n > 1 and cl(e, n - 1, p) >= c:
            n -= 1
        return n
    while cl(e, n + step, p) < c:  # gallop up
        n += step
        step *= 2
    lo, hi = n, n + step  # cl(lo) < c <= cl(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if cl(e, mid, p) >= c:
            hi = mid
        else:
            lo = mid
    return hi


def typed_cl(rng):
    """a confidence level as a lab types it: 1e-15 .. 1 - 1e-12"""
    if rng.random() < 0.5:
        x = Decimal(f"{10 ** rng.uniform(-15, 0):.6g}")
        return str(x).lower() if x < 1 else "0.5"
    q = Decimal(f"{10 ** rng.uniform(-12, -0.31):.4g}")
    return str(1 - q)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261204
    rng = random.Random(seed)
    print("model,errors,ber,cl,bits")
    for i in range(count):
        model = "poisson" if i % 2 == 0 else "binomial"
        e = rng.choice([0, 0, 1, 2, 3, 5, 7, 10, 17, 30, 60]) if rng.random() < 0.5 else rng.randint(0, 60)
        ber = float(f"{10 ** rng.uniform(-15, -4):.17g}")
        c_text = typed_cl(rng)
        c = mp.mpf(c_text)
        p = mp.mpf(ber)  # the double itself, exactly
        lam = poisson_lambda(e, c)
        guess = mp.ceil(lam / p)
        n = least(cl_poisson if model == "poisson" else cl_binomial, e, p, c, guess)
        d = float(n)
        if int(d) < n:
            d = math.nextafter(d, math.inf)
        print(f"{model},{e},{ber!r},{c_text},{int(d)}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
