# SPDX-License-Identifier: GPL-3.0-or-later
"""make bench's scipy peer: scipy.special.gammainc + gammaincc (both tails)
over the points of the file given ("errors lambda" lines), vectorized as a
scipy user calls them; prints "scipy <median ns per evaluation>"."""
import sys
import time

import numpy as np
from scipy.special import gammainc, gammaincc

e, lam = np.loadtxt(sys.argv[1], unpack=True, ndmin=2)
a = e + 1.0
reps = max(1, 20000 // len(a))
times = []
for _ in range(7):
    t0 = time.perf_counter()
    n = 0
    while True:
        for _ in range(reps):
            gammainc(a, lam)
            gammaincc(a, lam)
        n += reps * len(a)
        if time.perf_counter() - t0 > 0.02:
            break
    times.append((time.perf_counter() - t0) / n * 1e9)
times.sort()
print("scipy %.1f" % times[len(times) // 2])
