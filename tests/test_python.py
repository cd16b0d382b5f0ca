# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python module (python/bercl.py) against the bercl command: the same
digits for every answer, both models, and the exceptions for the statuses.
Run by make check under Debian's /usr/bin/python3 with the freshly built
library (LD_LIBRARY_PATH=., PYTHONPATH=python)."""
import csv
import doctest
import io
import subprocess
import sys

import bercl

failures = 0


def cli(*args):
    out = subprocess.run(["./bercl", *args, "-f", "csv"], check=True,
                         capture_output=True, text=True).stdout
    return list(csv.DictReader(io.StringIO(out)))


def same(what, got, want):
    global failures
    if repr(got) != repr(want):
        failures += 1
        print("FAIL %s: python %r, bercl %r" % (what, got, want))


for model in ("poisson", "binomial"):
    for row in cli("cl", "-e", "0,1,7,100", "-n", "1e6,3T,1e15", "-p", "1e-12,1e-6,0.3",
                   "--model", model):
        try:
            t = bercl.tails(float(row["errors"]), float(row["bits"]), float(row["ber"]), model)
        except bercl.BerclError:
            continue
        same("cl %s" % row, t.cl, float(row["cl"]))
        if "e" not in row["one_minus_cl"] or float(row["one_minus_cl"]) != 0:
            same("one_minus_cl %s" % row, t.one_minus_cl, float(row["one_minus_cl"]))
    for row in cli("bits", "-e", "0,3,50", "-p", "1e-12,1e-4", "-c", "0.5,95%,0.999999",
                   "--model", model):
        same("bits %s" % row, bercl.min_bits(float(row["errors"]), float(row["ber"]),
                                            row["cl"], model=model), float(row["bits"]))
    for row in cli("ber", "-e", "0,2,40", "-n", "1000,3T", "-c", "95%,0.9999",
                   "--two-sided", "--model", model):
        lo, hi = bercl.ber_interval(float(row["errors"]), float(row["bits"]), row["cl"],
                                    model=model)
        same("ber_lower %s" % row, lo, float(row["ber_lower"]))
        same("ber_upper %s" % row, hi, float(row["ber_upper"]))

# FEC: rates from a BER, the inverse, and histograms, digit for digit
for code in ("kp4", "kr4", "rs:15,9,4"):
    for row in cli("fec", "--code", code, "--ber", "1e-7,1e-5,2.4e-4,1e-3,1e-2"):
        r = bercl.fec_rates(code, float(row["ber"]))
        same("ser %s" % row, r.ser, float(row["ser"]))
        for name in ("cer", "post_fec_ber"):
            if float(row[name]) != 0:  # below the double range the CLI prints the log
                same("%s %s" % (name, row), getattr(r, name), float(row[name]))
        if float(row["cer"]) != 0:
            same("fec_cer %s" % row, bercl.fec_cer(code, float(row["ber"])), float(row["cer"]))
    for row in cli("fec", "--code", code, "--cer", "1e-15,1e-12,1e-6"):
        same("ber_max %s" % row, bercl.fec_ber_max(code, float(row["cer"])),
             float(row["ber_max"]))


def histogram_file(path):
    bins = {}
    with open(path) as fp:
        for line in fp.read().split("\n")[1:]:
            if line:
                b, c = line.split(",")
                bins[b] = int(c)
    return [bins.get(str(i), 0) for i in range(16)] + [bins["uncorrectable"]]


for path in ("docs/examples/fec_independent.csv", "docs/examples/fec_burst.csv",
             "tests/data/fec_hist_lost.csv"):
    row = cli("fec", "--code", "kp4", "--histogram", path, "--cl", "95%")[0]
    h = bercl.fec_histogram("kp4", histogram_file(path), "95%")
    for name in ("ser_estimate", "ser_upper", "cer_predicted", "cer_upper", "cer_tail",
                 "tail_r2", "gof_p"):
        got = getattr(h, name)
        if row[name] == "":
            same("%s %s: empty" % (name, path), got, None)
        elif float(row[name]) != 0:
            same("%s %s" % (name, path), got, float(row[name]))
    same("burst %s" % path, {True: "yes", False: "no", None: ""}[h.burst], row["burst"])
    same("model_contradicted %s" % path, h.model_contradicted, "independent" not in path)

# 95% as a percentage and as the decimal give the same exact complement
same("percent", bercl.min_bits(0, 1e-12, "95%"), bercl.min_bits(0, 1e-12, 0.95))
for bad, cls in ((lambda: bercl.min_bits(0, 0.0, 0.95), bercl.DomainError),
                 (lambda: bercl.tails(0.5, 10, 0.1), bercl.DomainError),
                 (lambda: bercl.tails(0, 10, 0.1, model="gauss"), ValueError),
                 (lambda: bercl.min_bits(0, 1e-12, "1.5"), bercl.DomainError),
                 (lambda: bercl.tails(2 ** 53 + 1, 1e20, 1e-12), bercl.DomainError),
                 (lambda: bercl.tails("1", 3e12, 1e-12), TypeError),
                 (lambda: bercl.fec_cer("kp5", 1e-4), bercl.DomainError),
                 (lambda: bercl.fec_cer("rs:3,3", 1e-4), bercl.DomainError),
                 (lambda: bercl.fec_cer("kp4", 0.7), bercl.DomainError),
                 (lambda: bercl.fec_histogram("kp4", [1, 2, 3]), bercl.DomainError),
                 (lambda: bercl.fec_histogram("kp4", [0.5] + [0] * 16), bercl.DomainError)):
    try:
        bad()
        failures += 1
        print("FAIL: no %s raised" % cls.__name__)
    except cls:
        pass

failures += doctest.testmod(bercl).failed
print("python: %d failures" % failures)
sys.exit(1 if failures else 0)
