#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate tests/data/shortest_hard.txt: normal doubles (as C99 hex floats,
one a line) on which engine/shortest.c's decisions are hardest, for
tests/test_shortest.c. For every binade and decade: doubles whose 15-, 16-
or 17-digit rounding lies within 2^-56 of a decimal tie (p_n = v 10^(n-1-E)
near a half-integer), and doubles whose 15- or 16-digit candidate lies
within 2^-56 (in units of the candidate's last digit) of the edge of the
double's rounding interval (the midpoint to a neighbour); exact ties and
exact edges every 25th; each with its neighbours one ulp away. Found by
exact rational arithmetic (Python's fractions) and a two-dimensional
lattice search (Gauss reduction, then enumeration of the lattice points in
the box), so they come from outside the code under test.

Run as: /usr/bin/python3 tests/data/gen_shortest_hard.py 50 1 56 25 > tests/data/shortest_hard.txt
(arguments: the search's box 2^-50, every binade, the kept limit 2^-56,
every 25th exact case)."""
import math
import sys
from fractions import Fraction as F
from math import isqrt

def gauss(b1, b2):
    def dot(u, v): return u[0]*v[0] + u[1]*v[1]
    if dot(b1, b1) > dot(b2, b2): b1, b2 = b2, b1
    while True:
        n1 = dot(b1, b1)
        mu = dot(b1, b2)
        k = (2*mu + n1) // (2*n1)   # round(mu/n1)
        b2 = (b2[0] - k*b1[0], b2[1] - k*b1[1])
        if dot(b2, b2) >= n1:
            return b1, b2
        b1, b2 = b2, b1

def near_half(A, B, X0, X1, Q, cap=64):
    """x in [X0, X1) with |x*A/B - (z + 1/2)| < 1/Q, as (x, signed_err*Q approx)."""
    if X1 - X0 < 2: return []
    H = (X1 - X0 + 1) // 2
    XC = X0 + H
    # lattice points (x, 2xA - 2zB); want second ~ B (i.e. 2xA-(2z+1)B ~ 0)
    # scale x by 2B, y by Q*H  -> box half-width r = 2BH in both
    sx, sy = 2*B, Q*H
    b1 = (sx, 2*A*sy); b2 = (0, 2*B*sy)
    t = (XC*sx, B*sy)
    r = 2*B*H
    b1, b2 = gauss(b1, b2)
    det = abs(b1[0]*b2[1] - b1[1]*b2[0])
    # coefficients of t in (b1, b2)
    c1t = F(t[0]*b2[1] - t[1]*b2[0], det) * (1 if b1[0]*b2[1]-b1[1]*b2[0] > 0 else -1)
    c2t = F(b1[0]*t[1] - b1[1]*t[0], det) * (1 if b1[0]*b2[1]-b1[1]*b2[0] > 0 else -1)
    n1 = isqrt(b1[0]**2 + b1[1]**2) + 1
    R2 = (2 * r * n1) // det + 2
    if R2 > cap: R2 = cap
    out = []
    c2c = round(c2t)
    for c2 in range(c2c - R2, c2c + R2 + 1):
        # remaining: t - c2 b2, project on b1
        px = t[0] - c2*b2[0]; py = t[1] - c2*b2[1]
        nb1 = b1[0]**2 + b1[1]**2
        c1c = round(F(px*b1[0] + py*b1[1], nb1))
        R1 = min(cap, (2 * r) // max(1, isqrt(nb1)) + 2)
        for c1 in range(c1c - R1, c1c + R1 + 1):
            X = c1*b1[0] + c2*b2[0]; Y = c1*b1[1] + c2*b2[1]
            if X % sx: continue
            x = X // sx
            if not (X0 <= x < X1): continue
            # exact error: x*A/B - nearest half-integer
            num = 2*x*A  # 2 x A / (2B) vs odd
            k = num // B
            if k % 2 == 0:
                # nearest odd: k+1 or k-1
                cand = [k-1, k+1]
            else:
                cand = [k]
            e = min((abs(F(num, B) - c) for c in cand + [k+2, k-2] if c % 2), default=None)
            e = e / 2
            if e < F(1, Q):
                out.append((x, float(e)))
    return sorted(set(out), key=lambda t: t[1])

def frac_pow(q2, s):
    """2^q2 * 10^s as (A, B) integers."""
    A, B = 1, 1
    if q2 >= 0: A <<= q2
    else: B <<= -q2
    if s >= 0: A *= 10**s
    else: B *= 10**(-s)
    return A, B

Q = 1 << int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 50
qstep = int(sys.argv[2]) if len(sys.argv) > 2 else 1
best = []
for q2 in range(-1074, 972, qstep):
    lo, hi = 1 << 52, 1 << 53
    if q2 + 52 < -1022: continue   # normals only
    # decades overlapping [2^(q2+52), 2^(q2+53))
    vlo = F(lo) * F(2)**q2; vhi = F(hi) * F(2)**q2
    # floor log10 vlo
    E = int(math.floor((q2 + 52) * 0.30102999566398120)) - 1
    while F(10)**(E+1) <= vlo: E += 1
    while F(10)**E <= vhi:
        # m range with v in [10^E, 10^(E+1))
        a = F(10)**E / F(2)**q2; b = F(10)**(E+1) / F(2)**q2
        m0 = max(lo, -(-a.numerator // a.denominator)); m1 = min(hi, -(-b.numerator // b.denominator))
        if m0 < m1:
            # ties: p_n = m 2^q2 10^(n-1-E) near half-integer
            for n in (15, 16, 17):
                A, B = frac_pow(q2, n - 1 - E)
                for m, e in near_half(A, B, m0, m1, Q):
                    best.append((e, 'tie%d' % n, m, q2))
            # edges: candidate D 10^(E-n+1) near midpoint (2m+1) 2^(q2-1):
            # D * 10^(E-n+1) / 2^q2 near half-integer (mid/2^q2 = m + 1/2)
            for n in (15, 16):
                A, B = frac_pow(-q2, E - n + 1)
                # D range: candidate in [max(10^E, m0 2^q2), min(10^(E+1), m1 2^q2))
                c0 = max(F(10)**E, F(m0) * F(2)**q2); c1 = min(F(10)**(E+1), F(m1) * F(2)**q2)
                u = F(10)**(E - n + 1)
                D0 = max(10**(n-1), -(-(c0 / u).numerator // (c0 / u).denominator))
                D1 = min(10**n, -(-(c1 / u).numerator // (c1 / u).denominator))
                for D, e in near_half(A, B, D0, D1, Q):
                    c = F(D) * u / F(2)**q2   # ~ m + 1/2
                    m = int(c)  # floor (m + 1 is kept as its neighbour)
                    best.append((e, 'edge%d' % n, m, q2))
        E += 1
best.sort()
# keep the cases within LIMIT of a tie or of an interval's edge (exact ones
# included), each with its neighbours one ulp away
STRIDE = int(sys.argv[4]) if len(sys.argv) > 4 else 1
LIMIT = 2.0 ** -int(sys.argv[3]) if len(sys.argv) > 3 else 2.0 ** -58
exact = sorted({(m, q2) for e, kind, m, q2 in best if e == 0})
near = sorted({(m, q2) for e, kind, m, q2 in best if 0 < abs(e) < LIMIT})
print("# %d exact, %d near" % (len(exact), len(near)), file=sys.stderr)
keep = near + exact[::STRIDE]
print("# %d cases within 2^%d" % (len(keep), round(math.log2(LIMIT))), file=sys.stderr)
lines = set()
for m, q2 in keep:
    for dm in (-1, 0, 1):
        mm = m + dm
        if (1 << 52) <= mm < (1 << 53):
            lines.add(math.ldexp(float(mm), q2))
for v in sorted(lines):
    print(v.hex())
