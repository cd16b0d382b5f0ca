#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""
gen_eye_ref.py - references for bercl eye at 50 digits (mpmath), and the
Q-space regression by an independent numpy fit; tests/test_eye.c reads
them.

eye_q_ref.csv, rows `kind,arg,value`:
  q,x,Q(x)            the Gaussian upper tail, x from -10 to 40
  lnq,x,ln Q(x)       its logarithm, x to 1000 (Q far below the doubles)
  qinv,p,Q^-1(p)      p from 0.999 down to 1e-300
  qinvln,l,Q^-1(e^l)  from ln p, down to l = -1e5
  eo,"mu0 s0 r0 mu1 s1 r1 b",eye opening at BER b (the fitted curves'
                      inverse: (mu1 - s1 Q^-1(b/r1)) - (mu0 + s0 Q^-1(b/r0))),
                      b from 1e-3 down to 1e-300
  curve,"mu0 s0 r0 mu1 s1 r1 x",ln BER(x), BER(x) = r0 Q((x - mu0)/s0)
                      + r1 Q((mu1 - x)/s1), down to BER 1e-300 and below
Each value is printed with 20 significant digits (mpmath at 50), the
arguments exactly as doubles (repr), so the C test reads the same doubles.

eye_regression_ref.csv: docs/examples/eye_bathtub.csv fitted the
instruments' way, independently of bercl's code: sides split at the
midpoint of the lowest and highest offsets with observed BER below 1e-3
(lib/eye_fit.c's rule), the points with
errors and observed BER below 1e-3, y = Q^-1(k / (n rho)) (mpmath, rho
0.5), numpy.polyfit(x, y, 1) per side; mu = -a/b, sigma = 1/|b|, R^2 =
1 - SS_res/SS_tot (numpy), and the eye opening at 1e-12.

Run: /usr/bin/python3 tests/data/gen_eye_ref.py   (from the top folder)
"""
import csv
import mpmath as mp
import numpy as np

mp.mp.dps = 50


def Q(x):
    return mp.erfc(mp.mpf(x) / mp.sqrt(2)) / 2


def Qinv(p):
    p = mp.mpf(p)
    return mp.sqrt(2) * mp.erfinv(1 - 2 * p) if p > mp.mpf('1e-10') else \
        mp.findroot(lambda x: mp.log(Q(x)) - mp.log(p), mp.sqrt(-2 * mp.log(p)))


def Qinv_ln(l):
    l = mp.mpf(l)
    x0 = mp.sqrt(-2 * l)
    return mp.findroot(lambda x: mp.log(Q(x)) - l, x0)


def s(v):
    return mp.nstr(v, 20, min_fixed=-1, max_fixed=-1)


def qref():
    rows = []
    xs = [-10.0, -5.0, -2.5, -1.0, -0.5, -1e-5, 0.0, 1e-8, 0.1, 0.5, 0.999, 1.0, 1.001, 1.5,
          2.0, 2.5, 3.0, 4.0, 5.0, 7.034483825301132, 10.0, 15.0, 20.0, 26.0, 30.0, 37.0,
          37.5, 38.0]
    for x in xs:
        rows.append(('q', repr(x), s(Q(x))))
    for x in xs + [40.0, 50.0, 100.0, 300.0, 1000.0]:
        rows.append(('lnq', repr(x), s(mp.log(Q(x)))))
    ps = [0.999, 0.9, 0.6, 0.5000001, 0.4999, 0.4, 0.25, 0.1, 0.01, 1e-3, 1e-6, 1e-9, 1e-12,
          2e-12, 1e-15, 1e-20, 1e-30, 1e-50, 1e-100, 1e-150, 1e-200, 1e-250, 1e-300]
    for p in ps:
        rows.append(('qinv', repr(p), s(Qinv(mp.mpf(p)))))
    for l in [-0.75, -1.0, -10.0, -100.0, -690.0, -700.0, -745.0, -1000.0, -1e4, -1e5]:
        rows.append(('qinvln', repr(l), s(Qinv_ln(l))))
    params = [(0.1, 0.02, 0.5, 0.9, 0.02, 0.5), (-0.4, 0.013, 0.5, 0.35, 0.031, 0.25),
              (-200.0, 25.0, 0.5, 200.0, 25.0, 0.5)]
    for mu0, s0, r0, mu1, s1, r1 in params:
        for b in [1e-3, 1e-6, 1e-9, 1e-12, 1e-15, 1e-20, 1e-50, 1e-100, 1e-200, 1e-300]:
            eo = (mp.mpf(mu1) - mp.mpf(s1) * Qinv(mp.mpf(b) / mp.mpf(r1))) - \
                 (mp.mpf(mu0) + mp.mpf(s0) * Qinv(mp.mpf(b) / mp.mpf(r0)))
            arg = ' '.join(repr(v) for v in (mu0, s0, r0, mu1, s1, r1, b))
            rows.append(('eo', arg, s(eo)))
        span = mu1 - mu0
        for k in range(0, 21):
            x = mu0 + span * k / 20.0
            ber = mp.mpf(r0) * Q((mp.mpf(x) - mp.mpf(mu0)) / mp.mpf(s0)) + \
                mp.mpf(r1) * Q((mp.mpf(mu1) - mp.mpf(x)) / mp.mpf(s1))
            arg = ' '.join(repr(v) for v in (mu0, s0, r0, mu1, s1, r1, x))
            rows.append(('curve', arg, s(mp.log(ber))))
    with open('tests/data/eye_q_ref.csv', 'w') as f:
        f.write('kind,arg,value\n')
        for r in rows:
            f.write(f'{r[0]},{r[1]},{r[2]}\n')


def regression():
    pts = []
    with open('docs/examples/eye_bathtub.csv') as f:
        rows = [l for l in f if not l.startswith('#')]
    for r in csv.DictReader(rows):
        pts.append((float(r['offset']), float(r['bits']), float(r['errors'])))
    fit = [x for x, n, k in pts if k < 1e-3 * n]
    centre = (min(fit) + max(fit)) / 2
    rho = mp.mpf('0.5')
    out = []
    fitted = {}
    for side, name in ((0, 'left'), (1, 'right')):
        xs, ys = [], []
        for x, n, k in pts:
            s_ = 0 if x < centre else 1
            if s_ != side or k <= 0 or not (k < 1e-3 * n):
                continue
            xs.append(x)
            ys.append(float(Qinv(mp.mpf(k) / mp.mpf(n) / rho)))
        xs, ys = np.array(xs), np.array(ys)
        b, a = np.polyfit(xs, ys, 1)
        res = ys - (a + b * xs)
        r2 = 1 - np.sum(res**2) / np.sum((ys - ys.mean())**2)
        mu, sigma = -a / b, 1 / abs(b)
        fitted[side] = (mu, sigma)
        out.append((name, len(xs), repr(float(mu)), repr(float(sigma)), repr(float(r2))))
    z = float(Qinv(mp.mpf('1e-12') / rho))
    eo = (fitted[1][0] - fitted[1][1] * z) - (fitted[0][0] + fitted[0][1] * z)
    with open('tests/data/eye_regression_ref.csv', 'w') as f:
        f.write('edge,points,mu,sigma,r_squared\n')
        for r in out:
            f.write(','.join(str(v) for v in r) + '\n')
        f.write(f'eye_opening_1e-12,,{eo!r},,\n')


qref()
regression()
