#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The table that checks the oracle itself (tests/oracle, make check).

oracle_ref.csv rows: kind,model,errors,bits,x,target,value
  tail_le / tail_gt: value = P[X <= E] / P[X > E] for X ~ Poisson(x), or
      X ~ Binomial(bits, x), at 60 digits;
  root_le / root_gt: value = the x at which that tail equals target.

Independent of the oracle's methods (which are MPFR sums of its own and
tanh-sinh quadrature of the incomplete gamma and beta integrals): here every
tail is a plain sum of its terms in mpmath at 60 digits, the terms taken
from loggamma, the tail on the far side of the mean summed directly and the
other as 1 minus it. Roots: x is drawn first and the target is the tail at
x, so a root row needs no root finding here. Points are drawn from a fixed
seed over E = 0 (N p far below 1), small and large E (far tails up to
E = 2^53), E near the mean with up to a few thousand terms, p near 1/2 and
near 1, N up to 1e18, and results far below the double range.

Run:  cd tests/data && /usr/bin/python3 gen_oracle_ref.py > oracle_ref.csv
"""
import random

from mpmath import mp, mpf, loggamma, log, log1p, exp, expm1, nstr

mp.dps = 60
CAP = 300000


def pois_ln_pmf(k, x):
    return -x + k * log(x) - loggamma(k + 1) if k > 0 else -x


def binom_ln_pmf(k, n, p):
    r = loggamma(n + 1) - loggamma(k + 1) - loggamma(n - k + 1)
    if k > 0:
        r += k * log(p)
    if n - k > 0:
        r += (n - k) * log1p(-p)
    return r


def tail_sum(first_ln, ratio, k0, step, stop):
    """exp(first_ln) * sum of terms from k0, each from the last by ratio(k)."""
    term, total, k = mpf(1), mpf(1), k0
    for _ in range(CAP):
        nk = k + step
        if stop(nk):
            break
        term *= ratio(k)
        total += term
        k = nk
        if term < total * mpf(10) ** -65:
            break
    else:
        raise RuntimeError("too many terms")
    return exp(first_ln) * total


def poisson_tails(E, x):
    E = mpf(E)
    x = mpf(x)
    if E == 0 and x < 1:
        return exp(-x), -expm1(-x)
    if x > E:  # P[X <= E] down from E
        le = tail_sum(pois_ln_pmf(E, x), lambda k: k / x, E, -1, lambda k: k < 0)
        if le > 0.5:
            gt = tail_sum(pois_ln_pmf(E + 1, x), lambda k: x / (k + 1), E + 1, 1,
                          lambda k: False)
            return le, gt
        return le, 1 - le
    gt = tail_sum(pois_ln_pmf(E + 1, x), lambda k: x / (k + 1), E + 1, 1, lambda k: False)
    return 1 - gt, gt


def binomial_tails(E, N, p):
    E, N, p = mpf(E), mpf(N), mpf(p)
    q = 1 - p
    if E >= N:
        return mpf(1), mpf(0)
    if E == 0:
        l0 = exp(N * log1p(-p))
        return l0, -expm1(N * log1p(-p))
    down = lambda k: k * q / ((N - k + 1) * p)  # b(k-1)/b(k)
    up = lambda k: (N - k) * p / ((k + 1) * q)  # b(k+1)/b(k)
    if E + 1 > N * p:
        gt = tail_sum(binom_ln_pmf(E + 1, N, p), up, E + 1, 1, lambda k: k > N)
        if gt > 0.5:
            le = tail_sum(binom_ln_pmf(E, N, p), down, E, -1, lambda k: k < 0)
            return le, gt
        return 1 - gt, gt
    le = tail_sum(binom_ln_pmf(E, N, p), down, E, -1, lambda k: k < 0)
    return le, 1 - le


def logu(rng, a, b):
    return float(exp(mpf(rng.uniform(float(log(a)), float(log(b))))))


def points(rng):
    """(model, E, N, x) tuples; x a double as a decimal string."""
    out = []
    for _ in range(40):  # E = 0, Poisson and binomial, tiny to moderate means
        out.append(("poisson", 0, 0, logu(rng, 1e-300, 700)))
        n = float(int(logu(rng, 1, 1e18)))
        out.append(("binomial", 0, n, logu(rng, 1e-300, min(0.5, 10 / n))))
    for _ in range(40):  # small E, any mean
        e = rng.randint(1, 40)
        out.append(("poisson", e, 0, logu(rng, 1e-300, 1e4)))
        n = float(int(logu(rng, e + 1, 1e18)))
        out.append(("binomial", e, n, logu(rng, 1e-300, 0.99)))
    for _ in range(40):  # near the mean, up to a few thousand terms
        e = int(logu(rng, 10, 2e6))
        sd = e ** 0.5
        out.append(("poisson", e, 0, max(1e-3, e + rng.uniform(-12, 12) * sd)))
        n = float(int(logu(rng, 100, 1e18)))
        p = logu(rng, max(1e-300, 30 / n), 0.5)
        mean = n * p
        sd = (mean * (1 - p)) ** 0.5
        if sd > 3e3:
            p = 1e6 / n
            mean = n * p
            sd = (mean * (1 - p)) ** 0.5
        e = max(0, min(n, int(mean + rng.uniform(-12, 12) * sd)))
        out.append(("binomial", e, n, p))
    for _ in range(25):  # far tails with huge E
        e = float(int(logu(rng, 1e6, 2 ** 53)))
        out.append(("poisson", e, 0, e * rng.choice([0.25, 0.5, 0.8, 1.25, 2, 5])))
        n = float(int(logu(rng, 2 * e, 1e18)))
        out.append(("binomial", e, n, min(0.9, e / n * rng.choice([0.3, 0.6, 1.5, 3]))))
    for _ in range(20):  # p near 1/2 and near 1
        n = float(rng.randint(2, 3000))
        p = 0.5 + rng.choice([-1, 1]) * logu(rng, 1e-17, 0.1)
        out.append(("binomial", rng.randint(0, int(n)), n, p))
        p = 1 - logu(rng, 1e-16, 0.1)
        out.append(("binomial", n - rng.randint(0, min(int(n), 30)), n, p))
    return out


def main():
    rng = random.Random(20261130)
    print("kind,model,errors,bits,x,target,value")
    for i, (model, e, n, x) in enumerate(points(rng)):
        x = float(x)
        xs = repr(x)
        if model == "poisson":
            le, gt = poisson_tails(e, mpf(xs))
        else:
            le, gt = binomial_tails(e, n, mpf(xs))
        es, ns = "%.0f" % e, "%.0f" % n
        print("tail_le,%s,%s,%s,%s,,%s" % (model, es, ns, xs, nstr(le, 45)))
        print("tail_gt,%s,%s,%s,%s,,%s" % (model, es, ns, xs, nstr(gt, 45)))
        if i % 3 == 0 and not (model == "binomial" and e >= n):
            side, t = ("root_gt", gt) if gt <= le else ("root_le", le)
            if t > 0 and t < 1:
                print("%s,%s,%s,%s,,%s,%s" % (side, model, es, ns, nstr(t, 45), xs))


main()
