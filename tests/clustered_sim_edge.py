#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Short bursts at few errors: where the 1.15x bar meets the coverage bar.

Uses the independent numpy model of tests/clustered_sim.py (its generator
and its method, with SINGLE_DF_FACTOR=F: where every errored interval holds
one error, nu = min(k - 1, floor(F (J - 1)))). For mean burst lengths 1.5,
2 and 3 errors (all errors in bursts), 100 and 1,000 intervals and 8 to 20
expected errors, 20,000 links a cell at exactly the BER, it prints the
fraction that cl_clustered passes at C = 95 % and 99 % (the claim: at most
1 - C + 0.01), and at the end the worst cell of each.
F = 1000 (nu = k - 1 for single errors) is what the 1.15x bar below 10
expected errors would need (median ratio 1.11 at 100 intervals, 1.03 at
1,000, from 3 expected errors); it passes up to 3.0 % at 99 % and 6.5 % at
95 % here (seed 7), over the claim; F = 1, 2 and 4 stay within it, and
F = 2 is the library's rule.

Run:  SINGLE_DF_FACTOR is set from the first argument:
      /usr/bin/python3 tests/clustered_sim_edge.py F SEED
"""
import os
import re
import sys

os.environ["SINGLE_DF_FACTOR"] = sys.argv[1]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402

import clustered_sim as cs  # noqa: E402


def main():
    rng = np.random.default_rng(int(sys.argv[2]))
    worst = {}
    for L in [1.5, 2, 3]:
        for k in [100, 1000]:
            for lam in [8, 10, 12, 15, 20]:
                x = np.concatenate([cs.generate(rng, lam, k, L, 1.0, 500) for _ in range(40)])
                for C, lim in [(0.95, 0.06), (0.99, 0.02)]:
                    passed, _, _ = cs.clustered(x, lam, C)
                    f = passed.mean()
                    row = "F=%s L=%g k=%d lambda=%g C=%g pass %.4f (limit %.2f, n %d)" % (
                        sys.argv[1], L, k, lam, C, f, lim, len(x))
                    print(row, flush=True)
                    if f > worst.get(C, (-1, ""))[0]:
                        worst[C] = (f, row)
    for C in sorted(worst):
        print("worst at C=%g: %s" % (C, re.sub(r"^F=\S+ ", "", worst[C][1])))


if __name__ == "__main__":
    main()
