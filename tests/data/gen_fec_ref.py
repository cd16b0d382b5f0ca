#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference tables for the Reed-Solomon FEC quantities (lib/fec.c).

Everything is a finite sum evaluated by mpmath at 60 digits, term by term,
with no special function of ours and no identity that bercl uses (bercl
computes post_fec_ber as p P[Binomial(n-1, ser) >= t]; here it is the sum
of i b(i) over i > t, as the definition reads):

  ser          = 1 - (1 - p)^m
  cer          = sum_{i=t+1}^{n} C(n,i) ser^i (1-ser)^(n-i)
  post_fec_ber = (p / ser) * sum_{i=t+1}^{n} i C(n,i) ser^i (1-ser)^(n-i) / n

p is the exact binary value of the double the decimal in the first column
reads as, so the table is the truth for what the C code receives.

  fec_ref.csv      code,n,k,m,ber,ser,cer,post_fec_ber
  fec_inv_ref.csv  code,n,k,m,cer,ber_max
      ber_max: the root of cer(p) = X (X the exact double), by bisection on
      ln p to 1e-40 relative.

Codes: KP4 = RS(544,514) and KR4 = RS(528,514) over 10-bit symbols (IEEE
802.3 clause 91), RS(255,239) over 8-bit symbols (ITU-T G.709, t = 8) and
RS(255,223) over 8-bit symbols (CCSDS 131.0-B, t = 16); in fec_ref.csv also
RS(15,13) over 4-bit symbols (t = 1) and RS(3,2) over 2-bit symbols (t = 0).

Run:  cd tests/data && /usr/bin/python3 gen_fec_ref.py
"""
import mpmath
from mpmath import mp, mpf

mp.dps = 60

CODES = [("kp4", 544, 514, 10), ("kr4", 528, 514, 10),
         ("g709", 255, 239, 8), ("ccsds", 255, 223, 8)]
# Corner cases of the code, in fec_ref.csv only: t = 1 and t = 0 (where
# P[Binomial > 0] is 1 - (1 - ser)^n, with no cancellation in C).
CORNER_CODES = [("rs15_13", 15, 13, 4), ("rs3_2", 3, 2, 2)]

BERS = [f"{d}e-{e}" for e in range(9, 2, -1) for d in (1, 2, 5)] + \
       ["1e-2", "2.4e-4", "1e-12", "1e-20", "1e-30", "1e-100"]
CERS = ["1e-300", "1e-100", "1e-15", "1e-12", "1e-9", "1e-6", "2.5e-5", "1e-3", "0.1", "0.5",
        "0.9"]


def exact(s):
    """The exact value of the double nearest to decimal s."""
    return mpf(float(s))


def rates(n, k, m, p):
    t = (n - k) // 2
    # 1 - (1-p)^m by the binomial theorem: exact, no cancellation at tiny p
    s = sum((-1) ** (j + 1) * mp.binomial(m, j) * p ** j for j in range(1, m + 1))
    q = 1 - s
    cer = mpf(0)
    ei = mpf(0)
    for i in range(t + 1, n + 1):
        b = mp.binomial(n, i) * s ** i * q ** (n - i)
        cer += b
        ei += i * b
    return s, cer, p / s * ei / n


def fmt(x):
    return mpmath.nstr(x, 25, min_fixed=1, max_fixed=0)


def ber_max(n, k, m, x):
    lo, hi = mp.log(mpf("1e-320")), mp.log(mpf("0.5"))
    lx = mp.log(x)
    while hi - lo > mpf("1e-40"):
        mid = (lo + hi) / 2
        if mp.log(rates(n, k, m, mp.exp(mid))[1]) > lx:
            hi = mid
        else:
            lo = mid
    return mp.exp((lo + hi) / 2)


def main():
    head = f"(gen_fec_ref.py, mpmath {mpmath.__version__}, {mp.dps} digits)"
    with open("fec_ref.csv", "w") as f:
        f.write(f"# code,n,k,m,ber,ser,cer,post_fec_ber  {head}\n")
        for name, n, k, m in CODES + CORNER_CODES:
            for b in BERS:
                s, cer, post = rates(n, k, m, exact(b))
                f.write(f"{name},{n},{k},{m},{b},{fmt(s)},{fmt(cer)},{fmt(post)}\n")
    with open("fec_inv_ref.csv", "w") as f:
        f.write(f"# code,n,k,m,cer,ber_max  {head}\n")
        for name, n, k, m in CODES:
            for x in CERS:
                f.write(f"{name},{n},{k},{m},{x},{fmt(ber_max(n, k, m, exact(x)))}\n")


if __name__ == "__main__":
    main()
