#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Minimum bits near a tie: cases where the decimal target a user types and
the double nearest it give different answers, between 1e14 and 2^53 bits.

A decimal target D (such as 0.95) lies between doubles. bercl compares the
smaller side of the target: 1 - D for D > 1/2, else D. Let T be the value
that a comparison against doubles uses instead: 1 - d(1 - D) for D > 1/2
(d(x): the double nearest x), else d(D). Near 1e15 bits one bit moves CL by
about 1e-16 relative, the size of |D - T|, so the smallest whole N with
CL(N) >= D (the answer the man page promises) and the smallest with
CL(N) >= T can differ by a bit. This script draws (model, E, ber, D) with
the answer between 1e14 and 2^53 and keeps those where they differ.

CL(N) = P[X > E] is evaluated at whole N from its finite complement
  Poisson:  Q = e^-lambda sum_{k<=E} lambda^k / k!,  lambda = N p exactly;
  binomial: Q = sum_{k<=E} C(N, k) p^k (1 - p)^(N - k),
both at 60 significant digits (mpmath), p the exact value of the double
ber; N by bisection over whole numbers (CL rises with N). Independent of
bercl's code.

Columns: model, errors, ber (a double, %.17g), cl (the decimal as typed),
cl_hi, cl_lo, omc_hi, omc_lo (D and 1 - D as double-doubles, hi the nearest
double, lo the nearest double to the rest), bits (against D), bits_double
(against T), cl_at_bits (CL at bits, 25 digits).

Run:  /usr/bin/python3 tests/data/gen_bits_tie_ref.py > tests/data/bits_tie_ref.csv
"""
import random
import sys

import mpmath
from mpmath import mp, mpf

mp.dps = 60
SEED = 20261201
TWO53 = 2 ** 53


def q_tail(model, E, N, p):
    """P[X <= E] at whole N."""
    if model == "poisson":
        lam = N * p
        term, s = mpf(1), mpf(1)
        for k in range(1, E + 1):
            term = term * lam / k
            s += term
        return mp.exp(-lam) * s
    q = 1 - p
    term = mp.exp(N * mp.log1p(-p))
    s = term
    for k in range(1, E + 1):
        term = term * (N - k + 1) / k * p / q
        s += term
    return s


def reaches(model, E, N, p, target):
    return q_tail(model, E, N, p) <= 1 - target


def smallest(model, E, p, target, guess):
    lo, hi = max(int(guess * (1 - 1e-6)) - 2, E), int(guess * (1 + 1e-6)) + 2
    while reaches(model, E, lo, p, target):
        lo = max(E, lo - (hi - lo))
        if lo == E:
            break
    while not reaches(model, E, hi, p, target):
        hi += hi - lo
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if reaches(model, E, mid, p, target):
            hi = mid
        else:
            lo = mid
    return hi


def lambda_guess(E, target):
    """The Poisson mean with Q(E+1, lambda) = 1 - target, to ~1e-12."""
    with mp.workdps(25):
        lo, hi = mpf(0), mpf(E + 1)
        while q_tail("poisson", E, hi, 1) > 1 - target:
            lo, hi = hi, hi * 2
        for _ in range(60):
            mid = (lo + hi) / 2
            if q_tail("poisson", E, mid, 1) > 1 - target:
                lo = mid
            else:
                hi = mid
        return float(hi)


def dd_split(x):
    hi = float(x)
    return hi, float(x - mpf(hi))


TARGETS = ["0.95", "0.99", "0.999", "0.9", "0.5", "0.1", "0.01", "0.999999", "0.6827",
           "0.9973", "0.8", "0.3", "0.05"]


def main():
    rng = random.Random(SEED)
    print("# model,errors,ber,cl,cl_hi,cl_lo,omc_hi,omc_lo,bits,bits_double,cl_at_bits")
    print("# (gen_bits_tie_ref.py seed=%d, mpmath %s, %d digits)" % (SEED, mpmath.__version__,
                                                                    mp.dps))
    found = {"poisson": 0, "binomial": 0}
    want = 30
    tries = 0
    while min(found.values()) < want and tries < 20000:
        tries += 1
        model = "poisson" if found["poisson"] < want and (rng.random() < 0.5 or
                                                         found["binomial"] >= want) else "binomial"
        if found[model] >= want:
            continue
        E = 0 if rng.random() < 0.3 else rng.choice([1, 2, 3, 5, 10, 20, 50, 100, 200, 400])
        D = rng.choice(TARGETS)
        if rng.random() < 0.2:  # a target with more digits than a double holds
            D = "0." + "".join(rng.choice("0123456789") for _ in range(20))
            if D == "0." + "0" * 20:
                continue
        Dm = mpf(D)
        if Dm > mpf("0.5"):
            T = 1 - mpf(float(1 - Dm))
        else:
            T = mpf(float(Dm))
        lam = lambda_guess(E, Dm)
        if not lam <= 575:
            continue
        n_target = 10 ** rng.uniform(14, 15.95)
        ber = lam / n_target
        p = mpf(ber)
        guess = lam / ber
        n_dec = smallest(model, E, p, Dm, guess)
        n_dbl = smallest(model, E, p, T, guess)
        if n_dec == n_dbl or not (1e14 <= n_dec <= TWO53 and 1e14 <= n_dbl <= TWO53):
            continue
        found[model] += 1
        cl_hi, cl_lo = dd_split(Dm)
        omc_hi, omc_lo = dd_split(1 - Dm)
        cl_at = 1 - q_tail(model, E, n_dec, p)
        print("%s,%d,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%d,%d,%s" % (
            model, E, ber, D, cl_hi, cl_lo, omc_hi, omc_lo, n_dec, n_dbl,
            mpmath.nstr(cl_at, 25)))
        sys.stdout.flush()
    print("# %d draws" % tries)


if __name__ == "__main__":
    main()
