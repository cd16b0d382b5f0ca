#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The two FEC histograms of docs/fec.md (docs/examples/*.csv).

Expected counts (rounded to whole codewords) of C = 1e10 KP4 codewords,
RS(544,514) over 10-bit symbols, t = 15, at pre-FEC BER 2.4e-4:

  fec_independent.csv  independent bit errors: i ~ Binomial(544, ser),
                       ser = 1 - (1 - 2.4e-4)^10
  fec_burst.csv        the same mean SER in bursts: a burst starts at a
                       symbol with probability r = ser (1 - rho), and errs a
                       geometric number of symbols with mean 1 / (1 - rho),
                       rho = 0.5 (each errored symbol drags the next one
                       with probability 1/2, as DFE error propagation does):
                       P(i) = sum_b Binomial(b; 544, r) C(i-1, b-1)
                       (1-rho)^b rho^(i-b).

Run:  /usr/bin/python3 tools/gen_fec_examples.py
"""
from mpmath import mp, mpf, binomial, nint

mp.dps = 40
N, T, C = 544, 15, mpf(10) ** 10
SER = 1 - (1 - mpf(float("2.4e-4"))) ** 10


def independent(i):
    return binomial(N, i) * SER ** i * (1 - SER) ** (N - i)


def bursty(i, rho=mpf("0.5")):
    r = SER * (1 - rho)
    if i == 0:
        return (1 - r) ** N
    return sum(binomial(N, b) * r ** b * (1 - r) ** (N - b) *
               binomial(i - 1, b - 1) * (1 - rho) ** b * rho ** (i - b)
               for b in range(1, i + 1))


def write(name, pmf, total_tail):
    with open(name, "w") as f:
        f.write("symbol_errors,codewords\n")
        for i in range(T + 1):
            f.write(f"{i},{int(nint(C * pmf(i)))}\n")
        f.write(f"uncorrectable,{int(nint(C * total_tail))}\n")


def main():
    ind_tail = sum(independent(i) for i in range(T + 1, N + 1))
    write("docs/examples/fec_independent.csv", independent, ind_tail)
    # the bursty tail: 1 minus the bins, at 40 digits
    write("docs/examples/fec_burst.csv", bursty, 1 - sum(bursty(i) for i in range(T + 1)))


if __name__ == "__main__":
    main()
