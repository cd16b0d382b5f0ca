#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent model of the clustered answer (lib/clustered.c), in numpy.

It shares no code with bercl: its own Gilbert-Elliott generator (bursts at
S lambda / L per test, geometric sizes of mean L, independent errors at
(1 - S) lambda, all placed per interval as Poisson counts) and the method
written from its definition, to check the choice of the dispersion bound's
level (0.25) over a grid of burst lengths, interval counts and expected
errors at three confidence levels. Not run by make check (it needs
python3-scipy and minutes); the figures it printed are in lib/clustered.c.

Each row: the fraction of links at exactly the BER that the Poisson CL and
cl_clustered pass at C (without the clamp to the Poisson CL, which only
lowers cl_clustered); with single errors (L = 1) at C = 95 %, the median,
90th percentile and largest ratio ber_upper_clustered / ber_upper.

Run:  /usr/bin/python3 tests/clustered_sim.py SEED TRIALS [SHARES]
      (the figures: 20261201 4000; SHARES default 1.0,0.5,0.2)

SINGLE_DF_FACTOR=F in the environment tries other rules: where every
errored interval holds one error (no sign of clustering), nu = min(k - 1,
floor(F (J - 1))) in place of J - 1 (F = 2, the default, is the library's
rule; F = 1 its rule before 2026-12). Under Poisson counts with small
means Pearson's X2 has variance about 2k + k^2 / X, so the chi-square
matching its first two moments has about 2 X degrees of freedom, not X - 1.
"""
import os
import sys

import numpy as np
from scipy.special import gammainc, gammaincinv
from scipy.stats import chi2

LEVEL = 0.25  # the chi-square probability of the dispersion's bound
SINGLE_DF_FACTOR = float(os.environ.get("SINGLE_DF_FACTOR", "2"))


def generate(rng, lam, k, L, S, T):
    """T tests of k equal intervals: per-interval error counts."""
    good = rng.poisson((1 - S) * lam / k, size=(T, k)).astype(np.int64)
    bursts = rng.poisson(S * lam / (k * L), size=(T, k))
    sizes = rng.negative_binomial(np.maximum(bursts, 1), 1.0 / L) + bursts
    return good + np.where(bursts > 0, sizes, 0)


def clustered(x, lam, C):
    """Pass (cl_clustered >= C) and ber_upper_clustered x N, per test."""
    k = x.shape[1]
    xf = x.astype(float)
    X = xf.sum(1)
    J = (x > 0).sum(1)
    s2 = (xf ** 2).sum(1)
    s4 = (xf ** 4).sum(1)
    X2 = np.where(X > 0, k * s2 / np.where(X > 0, X, 1) - X, 0.0)
    phi = np.maximum(1.0, X2 / (k - 1))
    nu = np.minimum(np.minimum(k - 1, J - 1).astype(float),
                    np.floor(s2 ** 2 / np.where(s4 > 0, s4, 1)))
    if SINGLE_DF_FACTOR != 1:
        single = (x.max(1) <= 1) & (J >= 2)
        nu = np.where(single, np.minimum(k - 1, np.floor(SINGLE_DF_FACTOR * (J - 1))), nu)
    ok = nu >= 1
    q = chi2.ppf(LEVEL, np.maximum(nu, 1))
    phi_u = np.where(ok, np.maximum(1.0, nu * phi / q), 1.0)
    e = np.ceil(X / phi_u)
    cl = np.where(ok, gammainc(e + 1, lam / phi_u), 0.0)
    upper = np.where(ok, phi_u * gammaincinv(e + 1, C), np.inf)
    return cl >= C, upper, X


def main():
    seed = int(sys.argv[1])
    trials = int(sys.argv[2])
    shares = [float(s) for s in (sys.argv[3] if len(sys.argv) > 3 else "1,0.5,0.2").split(",")]
    rng = np.random.default_rng(seed)
    worst = {}
    for S in shares:
        for L in [1, 2, 5, 10, 20, 50, 100]:
            if S < 1 and L == 1:
                continue
            for k in [10, 100, 1000, 10000]:
                for lam in [3, 10, 30, 100, 300, 1000, 3000, 10000]:
                    n = trials if k < 10000 else max(1, trials // 4)
                    x = np.concatenate([generate(rng, lam, k, L, S, min(n, 200))
                                        for _ in range((n + 199) // 200)])
                    row = "S=%g L=%d k=%d lambda=%g n=%d" % (S, L, k, lam, len(x))
                    for C in [0.9, 0.95, 0.99]:
                        X = x.sum(1)
                        poisson = (gammainc(X + 1, lam) >= C).mean()
                        passed, upper, X = clustered(x, lam, C)
                        f = passed.mean()
                        key = (S, C)
                        if f > worst.get(key, (0,))[0]:
                            worst[key] = (f, L, k, lam)
                        row += " | C=%g poisson %.3f clustered %.3f" % (C, poisson, f)
                        if L == 1 and C == 0.95:
                            r = upper / gammaincinv(X + 1, C)
                            row += " (ratio median %.3f p90 %.3f max %.3f)" % (
                                np.median(r), np.quantile(r, 0.9), r.max())
                    print(row, flush=True)
    for (S, C), v in sorted(worst.items()):
        print("worst at S=%g C=%g: %.3f (L=%d k=%d lambda=%g)" % ((S, C) + v))


if __name__ == "__main__":
    main()
