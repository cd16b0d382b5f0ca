#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Expected values for tests/test_edges.c: the command at the edges of its
models' domains.

edges_ref.tsv rows (tab-separated): item, args, column, row, value, tol
  `bercl ARGS -f csv` must print, in `column` of data row `row`, a number
  within tol relative of `value` (tol 0: exactly; bits are whole numbers).

Every value is computed here by mpmath at 60 digits from the definitions,
with the inputs taken as the doubles bercl reads:
  binomial E = 0:  P[X > 0] = -expm1(N log1p(-p)); the upper bound solves
      it for p, -expm1(log1p(-c) / N); the minimum bits is the smallest N
      with P[X > 0] >= c, ceil(log1p(-c) / log1p(-p)), checked at N and N-1;
  binomial near the mean at p = 1/2, N = 2E: by symmetry P[X <= E] =
      (1 + b(E))/2, b(E) = C(N, E) / 2^N from loggamma;
  binomial E = 5e8, N = 1e18, p = 5e-10: the sum of its terms downward from
      E, each from the last by the exact ratio, until the rest is below
      1e-30;
  Poisson E = 3, lambda = 1e-5: P[X > 3] = e^-l sum_{k>=4} l^k / k!;
  Poisson lambda = 2^53, E = 2^53 - 1 and 2^53: Temme's uniform expansion
      Q(a, x) = erfc(eta sqrt(a/2))/2 + e^(-a eta^2/2) C0(eta) / sqrt(2 pi a),
      C0 = 1/(l - 1) - 1/eta; the next term is below 1e-24 relative there
      (N. M. Temme, Special Functions, 1996, 11.2.4);
  Poisson E = 0 bounds: -log1p(-c) / N.

Run:  cd tests/data && /usr/bin/python3 gen_edges_ref.py > edges_ref.tsv
"""
from mpmath import mp, mpf, exp, expm1, log, log1p, loggamma, erfc, sqrt, pi, ceil, nstr

mp.dps = 60


def d(s):
    """The double bercl reads for the decimal s, exactly."""
    return mpf(float(s))


rows = []


def row(item, args, column, value, tol=1e-14, r=1):
    rows.append((item, args, column, r, nstr(value, 40) if not isinstance(value, int)
                 else str(value), tol))


def binom_e0_cl(n, p):
    return -expm1(n * log1p(-p))


# 1. binomial, E = 0 and N p << 1
row("1", "cl -e 0 -n 10 -p 1e-12 --model binomial", "cl", binom_e0_cl(10, d("1e-12")))
row("1", "cl -e 0 -n 1000 -p 1e-15 --model binomial", "cl", binom_e0_cl(1000, d("1e-15")))
row("1", "cl -e 0 -n 2 -p 1e-17 --model binomial", "cl", binom_e0_cl(2, d("1e-17")))
row("1", "cl -e 0 -n 2 -p 1e-17 --model binomial", "one_minus_cl",
    exp(2 * log1p(-d("1e-17"))))


def min_bits_e0(p, c):
    n = int(ceil(log1p(-c) / log1p(-p)))
    while binom_e0_cl(n, p) < c:
        n += 1
    while n > 1 and binom_e0_cl(n - 1, p) >= c:
        n -= 1
    return n


n1 = min_bits_e0(d("1e-18"), d("1e-16"))
row("1", "bits -e 0 -p 1e-18 -c 1e-16 --model binomial", "bits", n1, 0)
row("1", "bits -e 0 -p 1e-18 -c 1e-16 --model binomial", "cl_achieved",
    binom_e0_cl(n1, d("1e-18")))
n2 = min_bits_e0(d("2.7e-18"), d("8.74e-6"))
row("1", "bits -e 0 -p 2.7e-18 -c 8.74e-6 --model binomial", "bits", n2, 0)
row("1", "bits -e 0 -p 2.7e-18 -c 8.74e-6 --model binomial", "cl_achieved",
    binom_e0_cl(n2, d("2.7e-18")))
for c in ("1e-10", "1e-17"):
    row("1", "ber -e 0 -n 1000 -c %s --model binomial" % c, "ber_upper",
        -expm1(log1p(-d(c)) / 1000))
# two-sided lower bound at E = 1: P[X >= 1 | p] = 1 - (1-p)^N = a/2, a = 1e-14
half = d("1e-14") / 2
row("1", "ber -e 1 -n 1000 -c 0.99999999999999 --two-sided --model binomial", "ber_lower",
    -expm1(log1p(-half) / 1000))

# 2. binomial near the mean with a large standard deviation
for e, n in ((500000000, 1000000000), (20000000000, 40000000000)):
    b = exp(loggamma(n + 1) - 2 * loggamma(e + 1) - n * log(2))
    args = "cl -e %d -n %d -p 0.5 --model binomial" % (e, n)
    row("2", args, "cl", (1 - b) / 2)
    row("2", args, "one_minus_cl", (1 + b) / 2)


def binom_le_sum(e, n, p):
    e, n = mpf(e), mpf(n)
    q = 1 - p
    lb = loggamma(n + 1) - loggamma(e + 1) - loggamma(n - e + 1) + e * log(p) + (n - e) * log1p(-p)
    term, total, k = mpf(1), mpf(1), e
    while k > 0:
        ratio = k * q / ((n - k + 1) * p)
        term *= ratio
        total += term
        k -= 1
        if term * ratio < total * (1 - ratio) * mpf(10) ** -30:
            break
    return exp(lb) * total


le = binom_le_sum(500000000, 10 ** 18, d("5e-10"))
row("2", "cl -e 500000000 -n 1e18 -p 5e-10 --model binomial", "cl", 1 - le)
row("2", "cl -e 500000000 -n 1e18 -p 5e-10 --model binomial", "one_minus_cl", le)

# 4. binomial E = N: cl 0, the two-sided interval [(a/2)^(1/N), 1]
row("4", "cl -e 5 -n 5 -p 0.5 --model binomial", "cl", mpf(0), 0)
row("4", "cl -e 5 -n 5 -p 0.5 --model binomial", "one_minus_cl", mpf(1), 0)
row("4", "ber -e 5 -n 5 -c 95% --two-sided --model binomial", "ber_lower",
    exp(log(d("0.05") / 2) / 5))
row("4", "ber -e 5 -n 5 -c 95% --two-sided --model binomial", "ber_upper", mpf(1), 0)
row("4", "ber -e 5 -n 5 -c 95% --model binomial", "ber_upper", mpf(1), 0)

# 5. Poisson, E = 3, lambda = 1e13 * 1e-18
lam = d("1e13") * d("1e-18")
gt = exp(-lam) * sum(lam ** k / mp.factorial(k) for k in range(4, 40))
row("5", "cl -e 3 -n 1e13 -p 1e-18", "cl", gt)
row("5", "cl -e 3 -n 1e13 -p 1e-18", "one_minus_cl", 1 - gt)


# 6. errors = 2^53 - 1 and 2^53 at lambda = 2^53
def temme_q(a, x):
    lam = x / a
    if lam == 1:
        eta, c0 = mpf(0), mpf(-1) / 3
    else:
        eta = sqrt(2 * (lam - 1 - log(lam)))
        if lam < 1:
            eta = -eta
        c0 = 1 / (lam - 1) - 1 / eta
    return erfc(eta * sqrt(a / 2)) / 2 + exp(-a * eta * eta / 2) * c0 / sqrt(2 * pi * a)


two53 = mpf(2) ** 53
for r, e in ((1, two53 - 1), (2, two53)):
    q = temme_q(e + 1, two53)
    args = "cl -e 9007199254740991,9007199254740992 -n 18014398509481984 -p 0.5"
    row("6", args, "cl", 1 - q, 1e-14, r)
    row("6", args, "one_minus_cl", q, 1e-14, r)

# 7. ber -e 0 -n 1 at tiny CL: lambda = -log1p(-c)
for c in ("1e-100", "1e-300"):
    row("7", "ber -e 0 -n 1 -c %s" % c, "ber_upper", -log1p(-d(c)))

# Beyond the list, found by the oracle (tests/oracle):
# binomial E = N - 1 bound, p^N = c: ln c rounded to a double was 1.7e-14 off
row("oracle", "ber -e 0 -n 1 -c 8.00788e-176 --model binomial", "ber_upper", d("8.00788e-176"))
row("oracle", "ber -e 5 -n 6 -c 2.11861e-280 --model binomial", "ber_upper",
    exp(log(d("2.11861e-280")) / 6))
# Poisson with lambda within 2 of E + 1 at E = 3e13..2.8e15 (the sign of
# lambda - a, and bd0's cancellation): 4e-9 and 8.7e-14 off
for e, n, p in (("2825257478285012", "2.0932574189104665e+221", "1.3496942386357575e-206"),
                ("31446992984677", "62913083537465.203", "0.49984822260302175"),
                ("1829142750415045", "1.3030313913420724e+220", "1.4037595429923597e-205")):
    q = temme_q(mpf(e) + 1, d(n) * d(p))
    row("oracle", "cl -e %s -n %s -p %s" % (e, n, p), "cl", 1 - q)


def binom_gt_sum(e, n, p):
    """P[X > e] for X ~ Binomial(n, p), e above the mean: the terms from
    k = e + 1 upward by their ratio, the first from loggamma."""
    e, n = mpf(e), mpf(n)
    q = 1 - p
    k = e + 1
    lb = loggamma(n + 1) - loggamma(k + 1) - loggamma(n - k + 1) + k * log(p) + (n - k) * log1p(-p)
    term, total = mpf(1), mpf(1)
    while k < n:
        ratio = (n - k) * p / ((k + 1) * q)
        term *= ratio
        total += term
        k += 1
        if term * ratio < total * (1 - ratio) * mpf(10) ** -30:
            break
    return exp(lb) * total


# E = 2^53 above the mean with N p q = 7.2e15 (the sum passes 2^53 + 1, where
# it was not re-anchored and E + 1 rounded: 8e-13 off); d = 4e12 >= v / 2500.
# The value lies below the doubles: compared by mantissa and exponent.
args = "cl -e 9007199254740992 -n 45015996273704960 -p 0.2 --model binomial"
mp.dps = 40
row("oracle", args, "cl", binom_gt_sum(2 ** 53, 45015996273704960, d("0.2")), 1e-14)
mp.dps = 60
# N - E = 9.9e17 against N q at v = 1.5e-3: the deviance bd0(N - E, N q) took
# ln of the rounded quotient, 1e-32 * 1e18 = 1e-14 absolute (1.02e-14 off)
args = "cl -e 5314471052870870 -n 9.9999999999993306e+17 -p 0.0023965435043214862 --model binomial"
row("oracle", args, "cl", binom_gt_sum(5314471052870870, d("9.9999999999993306e+17"),
                                       d("0.0023965435043214862")), 5e-15)

# Poisson, far below the mean with E = 2e12 and x/(E+1) = 8e-178: ln t's
# e ln 2 in the fast path rounded its second part (3.2e-27 in ln t at
# e = -589, times k = 2e12: 5.7e-15 in ln CL, over its 4e-15 bound)
mp.dps = 60
args = "cl -e 2085798336422 -n 4.1080153459482844e+27 -p 4.0529354204865128e-193"
x = d("4.1080153459482844e+27") * d("4.0529354204865128e-193")
a = mpf(2085798336422) + 1
lower = mp.exp(a * mp.log(x) - x - mp.loggamma(a + 1)) * (1 + x / (a + 1) + x * x / ((a + 1) * (a + 2)))
row("oracle", args, "cl", lower, 2e-15)

# binomial E = 0, N p = 29.8 with p = 4e-17: ln(1 - p) from dd_log near 1
# is exact only to ~1e-32 absolute, times N = 7e17: 6e-15 in (1 - p)^N
args = "cl -e 0 -n 7.165687586980969e+17 -p 4.164649726779685e-17 --model binomial"
n, p = d("7.165687586980969e+17"), d("4.164649726779685e-17")
row("oracle", args, "one_minus_cl", mp.exp(n * mp.log1p(-p)), 1e-15)

print("item\targs\tcolumn\trow\tvalue\ttol")
for item, args, column, r, value, tol in rows:
    print("%s\t%s\t%s\t%d\t%s\t%g" % (item, args, column, r, value, tol))
