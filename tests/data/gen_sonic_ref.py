#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""
gen_sonic_ref.py - SONiC's predicted FEC frame loss ratio, reimplemented from
its description (sonic-swss orchagent/port_flr.lua, compute_predicted_flr),
as the reference for bercl fec --method sonic (tests/data/fec_sonic_ref.csv).

The facts reimplemented (our own code, in Python, whose floats are the same
IEEE doubles as Lua's numbers, and whose math.log10, ** and math.sqrt call the
same C library):
- the bins S0 .. S15 are the codewords with 0 .. 15 corrected symbols; their
  total T = S0 + ... + S15, summed in order (the uncorrectable codewords are
  not part of it); S0 is then dropped;
- of S1 .. S15 (x = 1 .. 15) a bin is kept when it holds more than 10
  codewords; fewer than 2 kept: no prediction;
- y = log10(S_x / T) for the kept bins; the sums n, sum x, sum y, sum x^2,
  sum x y, sum y^2 accumulated in the order of x;
- slope = (n Sxy - Sx Sy) / (n Sxx - Sx^2), intercept = (Sy - slope Sx) / n,
  R^2 = ((n Sxy - Sx Sy) / sqrt((n Sxx - Sx^2)(n Syy - Sy^2)))^2;
- CER = sum over x = 16 .. 21 of 10^(intercept + slope x), in order;
- FLR = CER (1 + X mfc) / mfc with mfc = 8 and the interleave X (1, 2, 4).
The digits are printed with repr (shortest round trip), so the C test can ask
for the very same doubles.

Run: cd tests/data && /usr/bin/python3 gen_sonic_ref.py > fec_sonic_ref.csv
"""
import math

HISTOGRAMS = [
    # the three real reports of tests/data/telemetry (bins 0..3, the rest 0)
    ("sonic_a", [77092897948028, 5529181, 85996, 217]),
    ("sonic_b", [78924019231, 118358, 279]),
    ("xena", [11585906049992, 460533565, 106553, 86]),
    # a KP4 link at BER 2.4e-4, 1e9 codewords, expected counts rounded
    ("kp4_binomial", [266021396, 354118718, 235256094, 104019066, 34431283, 9104137, 2004268,
                      377657, 62210, 9096, 1194, 142, 15, 1]),
    # bins at or below 10 among the kept ones, and a gap
    ("gaps", [10 ** 12, 10 ** 7, 10, 4000, 11, 9, 12]),
    # one bin above 10 only: no prediction
    ("one_bin", [10 ** 9, 5000, 10, 3]),
]


def predict(bins):
    s = (bins + [0] * 16)[:16]
    total = 0
    for v in s:
        total = total + v
    rest = s[1:]
    kept = sum(1 for v in rest if v > 10)
    if total == 0 or kept < 2:
        return None
    n = sx = sy = sxx = sxy = syy = 0.0
    for i, v in enumerate(rest, start=1):
        if v > 10:
            y = math.log10(v / total)
            n = n + 1
            sx = sx + i
            sy = sy + y
            sxx = sxx + i * i
            sxy = sxy + i * y
            syy = syy + y * y
    slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    intercept = (sy - slope * sx) / n
    num = n * sxy - sx * sy
    den = math.sqrt((n * sxx - sx * sx) * (n * syy - sy * sy))
    r2 = (num / den) * (num / den)
    cer = 0.0
    for x in range(16, 22):
        cer = cer + 10 ** (intercept + slope * x)
    return cer, r2, kept, [cer * (1 + x * 8) / 8 for x in (1, 2, 4)]


print("name," + ",".join(f"b{i}" for i in range(16)) + ",uncorrectable,cer,r2,kept,"
      "flr_x1,flr_x2,flr_x4")
for name, bins in HISTOGRAMS:
    cells = [str(v) for v in (bins + [0] * 16)[:16]] + ["0"]
    p = predict(bins)
    if p is None:
        cells += ["", "", "0", "", "", ""]
    else:
        cer, r2, kept, flr = p
        cells += [repr(cer), repr(r2), str(kept)] + [repr(f) for f in flr]
    print(name + "," + ",".join(cells))
