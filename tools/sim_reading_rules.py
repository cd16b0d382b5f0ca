#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Two rules for a sequential plan looked at only at readings, simulated.

The figure in bercl(1), "Plans run at readings": for the plan of
`bercl plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --sequential` read every
B bits, how often a good link (BER 5e-13) fails and a bad one (1e-12) passes
under
  table: the rule bercl watch uses (at a reading of t bits with k errors:
         fail when k > c or k >= 1 and t <= fail_bits[k - 1], else pass when
         t >= pass_bits[k]);
  proof: fail on the same condition (the reading proves the fail line was
         crossed), pass only when no crossing of the fail line between
         readings was possible (every new error's row had its fail_bits at
         or before the previous reading) and t >= pass_bits[k], or at the end
         of the plan.

Usage: sim_reading_rules.py RUNS SEED B [B ...]   (needs ./bercl and numpy)
sim_reading_rules.py 200000 1 1e13 5e12 printed: at 1e13 bits the good link
failed 16.26 % (se 0.08 %) under the proof rule, 10.59 % (se 0.07 %) under
the table rule (exact: 10.574 %); at 5e12 bits 6.86 % and 6.68 % (exact
6.632 %); the bad link passed 0.67 % and 1.44 % (exact 1.409 %) at 1e13.
"""
import csv
import io
import subprocess
import sys

import numpy as np


def table():
    out = subprocess.run(["./bercl", "plan", "-p", "1e-12", "-c", "95%", "--alpha", "5%",
                          "--ratio", "2", "--sequential", "-f", "csv"],
                         check=True, capture_output=True, text=True).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    return ([float(r["pass_bits"]) for r in rows], [float(r["fail_bits"]) for r in rows])


def run(pass_bits, fail_bits, ber, b, proof, rng):
    """One test: 1 pass, 0 fail."""
    c = len(pass_bits) - 1
    n = pass_bits[c]
    arrivals = np.cumsum(rng.exponential(1 / ber, c + 8))
    unproved = False
    k_prev, t_prev, i = 0, 0.0, 0
    while True:
        i += 1
        t = i * b
        k = int(np.searchsorted(arrivals, t, side="right"))
        if k > c or (k >= 1 and t <= fail_bits[k - 1]):
            return 0
        if proof and k > k_prev and t_prev < fail_bits[k - 1]:
            unproved = True
        if t >= pass_bits[k] and (not proof or not unproved or t >= n):
            return 1
        k_prev, t_prev = k, t


def main():
    runs, seed = int(sys.argv[1]), int(sys.argv[2])
    pass_bits, fail_bits = table()
    rng = np.random.default_rng(seed)
    for b in (float(x) for x in sys.argv[3:]):
        for proof in (False, True):
            alpha = 1 - np.mean([run(pass_bits, fail_bits, 5e-13, b, proof, rng)
                                 for _ in range(runs)])
            beta = np.mean([run(pass_bits, fail_bits, 1e-12, b, proof, rng)
                            for _ in range(runs)])
            se = (alpha * (1 - alpha) / runs) ** 0.5
            print("every %g bits, %s rule: good link fails %.4f (se %.4f), bad link passes %.4f"
                  % (b, "proof" if proof else "table", alpha, se, beta), flush=True)


if __name__ == "__main__":
    main()
