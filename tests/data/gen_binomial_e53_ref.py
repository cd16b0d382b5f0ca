#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference table for the binomial tails at E = 2^53, where E + 1 is not a
double (lib/binomial.c's ln_pmf_above takes ln b(E) and the log of the
ratio to b(E + 1)).

  binomial_e53_ref.csv  errors,bits,ber,cl
      cl = P[X > E] = sum_{k > E} C(N,k) p^k q^(N-k), E = 2^53, every point
      with E + 1 above the mean N p (1.02 to 1.5 times it) so that the sum
      falls from its first term, and cl above 10^-1e15 (the decimal split's
      range): that term from mpmath's loggamma at 80 digits, the rest by the
      exact ratios (N - k) p / ((k + 1) q) until they add below 1e-75 of
      the sum. The first row is the MPFR oracle's point (seed 20261210)
      where the double logarithms left 1.02e-14.

Run:  cd tests/data && /usr/bin/python3 gen_binomial_e53_ref.py
"""
import random

import mpmath
from mpmath import mp, mpf

mp.dps = 80
E = 2 ** 53


def upper(N, p):
    q = 1 - p
    k = E + 1
    ln_t = (mp.loggamma(N + 1) - mp.loggamma(k + 1) - mp.loggamma(N - k + 1)
            + k * mp.log(p) + (N - k) * mp.log(q))
    s, r = mpf(1), mpf(1)
    while k < N:
        r = r * (N - k) * p / ((k + 1) * q)
        k += 1
        s += r
        if r < s * mpf("1e-75"):
            break
    return ln_t + mp.log(s)


def main():
    rng = random.Random(20261202)
    pts = [(10984175633080638, 0.57826443812778028)]
    while len(pts) < 12:
        N = int(float(int(10 ** rng.uniform(15.96, 18))))  # a double, as the C side reads it
        if N <= E + 2:
            continue
        # E + 1 from 1.02 to 1.5 times the mean
        p = float(E / N / rng.uniform(1.02, 1.5))
        # within the 1e15 decades that bercl_lnprob_decimal splits
        if 0 < p < 1 and abs(upper(N, mpf(p))) < mpf(10) ** 15 * mp.log(10):
            pts.append((N, p))
    print("# errors,bits,ber,cl  (gen_binomial_e53_ref.py, mpmath %s, 80 digits)" % mpmath.__version__)
    for N, p in pts:
        ln_cl = upper(N, mpf(p))
        print("%d,%d,%s,%s" % (E, N, repr(p), mp.nstr(mp.exp(ln_cl), 25)))


main()
