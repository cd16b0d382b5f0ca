#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference table for the clustered answers (lib/clustered.c), at 50 digits.

clustered_ref.csv: one line per case,
  case,bits,errors,ber,cl,dispersion,df,dispersion_upper,cl_clustered,
  one_minus_cl_clustered,ber_upper_clustered,ber_lower2_clustered,ber_upper2_clustered
bits and errors are the intervals' counts, space-separated (a count written
NxV is V repeated N times). Everything is computed here from the definition
in mpmath, none of it from the library:

  r = X / N; X2 = sum (x_i - n_i r)^2 / (n_i r); dispersion = X2 / (k - 1);
  a_i = x_i^2 / n_i; df = min(k - 1, F min(J - 1, floor((sum a)^2 / sum a^2))),
  F = 2 where every errored interval holds one error (X = J), else 1;
  q = the chi-square quantile at 0.25 with df degrees of freedom (root of the
  regularized lower incomplete gamma, mpmath.gammainc, by findroot);
  dispersion_upper = max(1, df max(1, dispersion) / q);
  e = ceil(X / dispersion_upper), e_lo = floor(X / dispersion_upper);
  cl_clustered = the smaller of P(e + 1, N ber / dispersion_upper) and
  P(X + 1, N ber); ber_upper_clustered = the larger of dispersion_upper
  P^-1(cl; e + 1) / N and P^-1(cl; X + 1) / N; the two-sided interval the
  Garwood interval (P(E, lambda_l) = a/2, P(E + 1, lambda_u) = 1 - a/2,
  a = 1 - cl) the same way, widened to the Poisson one. df below 1: no bound
  (cl_clustered 0, bounds 0 and 1; df, dispersion_upper written as 0).

Run:  cd tests/data && /usr/bin/python3 gen_clustered_ref.py > clustered_ref.csv
"""
import random

import mpmath
from mpmath import mp, mpf

mp.dps = 50


def P(a, x):
    return mpmath.gammainc(a, 0, x, regularized=True)


def Pinv(a, p):
    """x with P(a, x) = p, by bisection in log x (monotone, to 1e-45)."""
    lo, hi = mpf("1e-300"), mpf(10) * (a + 10)
    while P(a, hi) < p:
        hi *= 4
    for _ in range(2000):
        mid = mpmath.sqrt(lo * hi)
        if P(a, mid) < p:
            lo = mid
        else:
            hi = mid
        if hi / lo - 1 < mpf("1e-45"):
            break
    return (lo + hi) / 2


def chisq_q(df, p):
    return 2 * Pinv(mpf(df) / 2, p)


def expand(text):
    out = []
    for tok in text.split():
        if "x" in tok:
            n, v = tok.split("x")
            out += [v] * int(n)
        else:
            out.append(tok)
    return out


def case(name, bits, errors, ber, cl):
    n = [mpf(b) for b in expand(bits)]
    x = [mpf(e) for e in expand(errors)]
    assert len(n) == len(x)
    k = len(n)
    N, X = sum(n), sum(x)
    J = sum(1 for v in x if v > 0)
    ber, cl = mpf(ber), mpf(cl)
    disp = ""
    bounded = False
    if k >= 2 and X > 0:
        r = X / N
        X2 = sum((xi - ni * r) ** 2 / (ni * r) for ni, xi in zip(n, x))
        d = X2 / (k - 1)
        disp = d
        a = [xi * xi / ni for ni, xi in zip(n, x)]
        F = 2 if X == J else 1
        df = min(k - 1, F * min(J - 1, int(mpmath.floor(sum(a) ** 2 / sum(v * v for v in a)))))
        bounded = df >= 1
    if not bounded:
        row = [name, bits, errors, mpmath.nstr(ber, 17), mpmath.nstr(cl, 17),
               "" if disp == "" else mpmath.nstr(disp, 40), 0, 0, 0, 1, 1, 0, 1]
        print(",".join(str(v) for v in row))
        return
    q = chisq_q(df, mpf("0.25"))
    phi = max(mpf(1), df * max(mpf(1), disp) / q)
    e = mpmath.ceil(X / phi)
    e_lo = mpmath.floor(X / phi)
    clc = min(P(e + 1, N * ber / phi), P(X + 1, N * ber))
    up = max(phi * Pinv(e + 1, cl) / N, Pinv(X + 1, cl) / N)
    alpha = 1 - cl
    up2 = max(phi * Pinv(e + 1, 1 - alpha / 2) / N, Pinv(X + 1, 1 - alpha / 2) / N)
    lo_c = phi * Pinv(e_lo, alpha / 2) / N if e_lo > 0 else mpf(0)
    lo_p = Pinv(X, alpha / 2) / N if X > 0 else mpf(0)
    lo2 = min(lo_c, lo_p)
    row = [name, bits, errors, mpmath.nstr(ber, 17), mpmath.nstr(cl, 17),
           mpmath.nstr(disp, 40), df, mpmath.nstr(phi, 40), mpmath.nstr(clc, 40),
           mpmath.nstr(1 - clc, 40), mpmath.nstr(min(up, 1), 40), mpmath.nstr(lo2, 40),
           mpmath.nstr(min(up2, 1), 40)]
    print(",".join(str(v) for v in row))


def poisson_counts(rng, k, mean):
    """Poisson draws by inversion (the table's own generator, seeded)."""
    out = []
    for _ in range(k):
        u, t, c = rng.random(), mpmath.e ** (-mean), 0
        s = t
        while u > s and c < 10000:
            c += 1
            t = t * mean / c
            s += t
        out.append(str(c))
    return " ".join(out)


def main():
    rng = random.Random(20261201)
    print("case,bits,errors,ber,cl,dispersion,df,dispersion_upper,cl_clustered,"
          "one_minus_cl_clustered,ber_upper_clustered,ber_lower2_clustered,ber_upper2_clustered")
    case("one-burst", "1000x1e9", "700x0 1x40 299x0", "1e-10", "0.95")
    case("no-errors", "100x1e9", "100x0", "1e-11", "0.95")
    case("one-interval", "1x1e12", "1x17", "1e-10", "0.95")
    case("two-bursts", "1000x1e9", "10x0 1x40 489x0 1x35 499x0", "1e-10", "0.95")
    case("independent-100", "100x1e9", poisson_counts(rng, 100, mpf("0.3")), "5e-10", "0.95")
    case("independent-1000", "1000x1e9", poisson_counts(rng, 1000, mpf("0.1")), "2e-10", "0.99")
    case("large-counts", "20x1e12", poisson_counts(rng, 20, mpf(30)), "4e-11", "0.9")
    case("mixed-lengths", "5e8 1e9 2e9 1e9 5e8 3e9 1e9 1e9", "1 3 2 0 4 9 1 2", "1e-9", "0.95")
    case("bursty-many", "200x1e9",
         " ".join(str(rng.choice([0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 8, 15, 1])) for _ in range(200)),
         "3e-9", "0.95")
    case("below-half", "100x1e9", poisson_counts(rng, 100, mpf(2)), "1e-9", "0.95")
    # every errored interval holds one error: F = 2 (equal intervals: df =
    # 2 (J - 1); unequal: Satterthwaite's term below J - 1 decides; few
    # intervals: k - 1 decides)
    case("single-errors", "100x1e9", "3x0 1x1 " * 10 + "60x0", "1e-9", "0.95")
    case("single-unequal", "1e8 1e9 2e9 5e9 1e10 4e9 3e9 2e9", "1 1 1 1 1 0 1 1", "5e-10", "0.9")
    case("single-few", "4x1e9", "1 1 1 1", "1e-9", "0.95")


if __name__ == "__main__":
    main()
