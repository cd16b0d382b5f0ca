#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""
gen_eye_samples.py - the sample scans of bercl eye, drawn from known eyes
with a fixed seed (numpy's PCG64), the probabilities at 50 digits (mpmath):

- docs/examples/eye_bathtub.csv: a bathtub (time axis), offsets 0 .. 1 UI
  step 1/64, 1e10 bits per offset, dual-Dirac edges BER(x) = rho Q((x -
  mu_0)/sigma) + rho Q((mu_1 - x)/sigma), rho 0.5, sigma 0.02 UI,
  mu_0 = 0.1, mu_1 = 0.9 (DJ 0.2 UI). True eye opening at 1e-12:
  0.8 - 2 sigma Q^-1(2e-12) = 0.52251..., TJ 0.47749....
- docs/examples/eye_voltage.csv: a threshold scan (voltage axis, mV),
  rails 0 +- 40 mV... mu_0 = -200 mV, mu_1 = 200 mV, sigma 25 mV each,
  thresholds -200 .. 200 step 10 mV, 1e9 bits each: Q = 8.
- docs/examples/eye_ibert.csv: the same eye as the bathtub, written as
  Vivado's IBERT eye-scan export (write_hw_sio_scan: key,value lines, Scan
  Start, "2d statistical" with horizontal codes -32 .. 32 (step 1) over -0.5 .. 0.5
  UI, rows of vertical codes with a BER per code, Scan End), 5 rows of
  vertical codes, the row at code 0 the bathtub above shifted by -0.5 UI,
  the others wider and noisier; zero-error points written as the floor
  1/samples (2^30 samples a point), as the export does.

Run: /usr/bin/python3 tests/data/gen_eye_samples.py   (from the top folder)
"""
import mpmath as mp
import numpy as np

mp.mp.dps = 50
rng = np.random.Generator(np.random.PCG64(20261205))


def q(x):
    return mp.erfc(x / mp.sqrt(2)) / 2


def ber_time(x, mu0, mu1, s, rho=0.5):
    return rho * q((x - mu0) / s) + rho * q((mu1 - x) / s)


def draw(n, p):
    return int(rng.binomial(int(n), float(p)))


def bathtub():
    rows = []
    for i in range(65):
        x = mp.mpf(i) / 64
        p = ber_time(x, mp.mpf('0.1'), mp.mpf('0.9'), mp.mpf('0.02'))
        rows.append((i / 64, 10**10, draw(10**10, p)))
    with open('docs/examples/eye_bathtub.csv', 'w') as f:
        f.write('# a bathtub scan: offset in UI, bits compared, errors counted\n')
        f.write('offset,bits,errors\n')
        for x, n, k in rows:
            f.write(f'{x!r},{n},{k}\n')


def voltage():
    with open('docs/examples/eye_voltage.csv', 'w') as f:
        f.write('# a threshold scan: offset in mV, rails at -200 and 200 mV, sigma 25 mV\n')
        f.write('offset,bits,errors\n')
        for v in range(-200, 201, 10):
            p = mp.mpf('0.5') * q((v + 200) / mp.mpf(25)) + mp.mpf('0.5') * q((200 - v) / mp.mpf(25))
            f.write(f'{v},{10**9},{draw(10**9, p)}\n')


def ibert():
    samples = 2**30
    floor = 1.0 / samples
    codes = list(range(-32, 33))
    vcodes = [24, 12, 0, -12, -24]
    with open('docs/examples/eye_ibert.csv', 'w') as f:
        for k, v in [('SW Version', '2023.2'), ('GT Type', 'GTY'),
                     ('Date and Time Started', '2026-Dec-05 01:00:00'),
                     ('Date and Time Ended', '2026-Dec-05 01:03:10'),
                     ('Scan Name', 'Scan 0'), ('Dwell', 'BER'), ('Dwell BER', '1e-9'),
                     ('Horizontal Increment', '1'), ('Horizontal Range', '-0.500 UI to 0.500 UI'),
                     ('Vertical Increment', '12'), ('Vertical Range', '100%'), ('Misc Info', '')]:
            f.write(f'{k},{v}\n')
        f.write('Scan Start\n')
        f.write('2d statistical,' + ','.join(str(c) for c in codes) + '\n')
        for vc in vcodes:
            s = mp.mpf('0.02') * (1 + mp.mpf(abs(vc)) / 24)
            vals = []
            for c in codes:
                x = mp.mpf(c) / 64  # -0.5 .. 0.5 UI
                p = ber_time(x, mp.mpf('-0.4'), mp.mpf('0.4'), s)
                e = draw(samples, p)
                vals.append(floor if e == 0 else e / samples)
            f.write(str(vc) + ',' + ','.join(f'{b:.6g}' for b in vals) + '\n')
        f.write('Scan End\n')


bathtub()
voltage()
ibert()
