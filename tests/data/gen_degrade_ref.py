#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""
gen_degrade_ref.py - reference values of the degraded-SER alarm probability
(tests/data/degrade_ref.csv) at 80 significant digits with mpmath.

A codeword of an RS(n, k) code correcting t symbols holds B ~ Binomial(n, ser)
errored symbols and counts X = min(B, t + 1) (an uncorrectable codeword counts
as t + 1). The monitor sums K codewords, Y = X_1 + ... + X_K, and the alarm is
P[Y > S]. Here the law of Y up to S is the K-fold convolution power of the
law of X, by binary powering, keeping the entries y <= S only (exact: every
entry adds nonnegative terms, so entries above S never reach those below).
P[Y <= S] is their sum and degrade_p = 1 - P[Y <= S]; at 80 digits that
difference keeps 50 digits for degrade_p >= 1e-30 (the first cases are
chosen so). The second set (MORE, added when lib/fec_degrade.c moved to
double-double) reaches further: intervals whose every bit is 1 (a
convolution at each step), K up to 2^32 - 1, a code correcting no symbol
(RS(7,6), t = 0) and one correcting 128, and alarms as rare as 1e-181;
where degrade_p is below 1e-30 the case is computed again at twice the
digits until the difference keeps 50.
This shares nothing with lib/fec_degrade.c (no tilt, no window, no long
double). ser is written as Python's repr of the double, which C's strtod reads
back to the same double; mpmath takes that double exactly.

Run: cd tests/data && /usr/bin/python3 gen_degrade_ref.py > degrade_ref.csv
"""
import sys
from mpmath import mp, mpf, binomial, fdot, nstr

mp.dps = 80

CODES = {"kp4": (544, 514, 10), "kr4": (528, 514, 10), "rs255": (255, 239, 8),
         "rs15": (15, 9, 4), "rs7": (7, 6, 3), "rs1023": (1023, 767, 10)}


def law(n, t, ser):
    s = mpf(ser)
    q = 1 - s
    p = [binomial(n, i) * s**i * q**(n - i) for i in range(t + 1)]
    p.append(1 - sum(p))  # P[B > t]; 80 digits leave ample room
    return p


def conv(a, b, top):
    out = []
    for y in range(min(len(a) + len(b) - 2, top) + 1):
        lo = max(0, y - len(b) + 1)
        hi = min(y, len(a) - 1)
        out.append(fdot(a[lo:hi + 1], b[y - lo:y - hi - 1 if y - hi - 1 >= 0 else None:-1]))
    return out


def lower_tail(n, t, ser, k, s):
    base = law(n, t, ser)
    acc = base[:s + 1]
    for bit in bin(k)[3:]:
        acc = conv(acc, acc, s)
        if bit == "1":
            acc = conv(acc, base, s)
    return sum(acc[:s + 1])


# (code, K, S, ser): realistic monitors (Xena: K even 2..65534, S 1..65535),
# at SERs from well below to above the threshold's S / (K n).
CASES = []
for code, k, s in [("kp4", 8192, 200), ("kp4", 2048, 100), ("kp4", 65534, 300),
                   ("kp4", 1024, 600), ("kp4", 64, 400), ("kp4", 2, 20), ("kr4", 4096, 150),
                   ("kr4", 1000, 60), ("rs255", 512, 120), ("rs15", 300, 150),
                   ("rs15", 10, 35), ("kp4", 1, 10)]:
    n = CODES[code][0]
    for f in (0.35, 0.6, 0.85, 1.0, 1.25):
        CASES.append((code, k, s, float(s / (k * n) * f)))

print("code,n,k,m,ser,interval,threshold,degrade_p,one_minus_degrade_p")
rows = 0
for code, k, s, ser in CASES:
    n, kk, m = CODES[code]
    t = (n - kk) // 2
    lo = lower_tail(n, t, ser, k, s)
    up = 1 - lo
    if up < mpf("1e-30") or lo < mpf("1e-60"):
        continue
    print(f"{code},{n},{kk},{m},{ser!r},{k},{s},{nstr(up, 30, min_fixed=1, max_fixed=0)},"
          f"{nstr(lo, 30, min_fixed=1, max_fixed=0)}")
    sys.stdout.flush()
    rows += 1
MORE = []
for code, k, s, fs in [("kp4", 65535, 40, (0.35, 0.7, 1.0, 1.3)),
                       ("kp4", 1048575, 60, (0.5, 1.0, 1.4)),
                       ("kp4", 3, 47, (0.2, 0.6, 1.0)),
                       ("kp4", 8192, 200, (0.05, 0.15)),
                       ("rs255", 511, 120, (0.1, 0.5, 1.0)),
                       ("rs7", 100, 3, (0.2, 1.0, 3.0)),
                       ("rs7", 1000, 40, (0.5, 1.0, 1.5)),
                       ("rs1023", 4, 300, (0.6, 1.0, 1.2)),
                       ("kr4", 16385, 100, (0.4, 1.0, 1.3)),
                       ("kp4", 4294967295, 10, (0.3, 1.0))]:
    n = CODES[code][0]
    for f in fs:
        MORE.append((code, k, s, float(s / (k * n) * f)))

for code, k, s, ser in MORE:
    n, kk, m = CODES[code]
    t = (n - kk) // 2
    dps = 80
    while True:  # until 1 - P[Y <= S] keeps 50 digits
        mp.dps = dps
        lo = lower_tail(n, t, ser, k, s)
        up = 1 - lo
        if up > mpf(10) ** (50 - dps):
            break
        dps *= 2
    print(f"{code},{n},{kk},{m},{ser!r},{k},{s},{nstr(up, 30, min_fixed=1, max_fixed=0)},"
          f"{nstr(lo, 30, min_fixed=1, max_fixed=0)}")
    sys.stdout.flush()
    rows += 1
print(f"# {rows} rows", file=sys.stderr)
