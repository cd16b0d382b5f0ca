#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The three faces held to one behaviour (issue 38, "one behaviour, held by
a test"): seeded random invocations of bercl, valid and invalid, typed as
users type them (SI suffixes, %, units, lists and ranges, batch CSVs, FEC
histograms, interval logs, watch readings), each run through

  - the command: tests/faces_cmd, src/main.c's main called once per argv in
    one process, standard output and error captured;
  - the page's module: web/faces-run.js, the WebAssembly the page loads,
    run by the page's worker code in node, loaded once;
  - the Python package: the call the table PYTHON below maps the
    invocation to, in this process; a batch row by row (each row's cells
    as a sweep's values), a FEC report through fec_histograms, an interval
    log through read_intervals, watch's readings through Watch.feed (KINDS);

asserting the same exit status, the same CSV byte for byte and the same
message lines (command and page), and the same values bit for bit, the
same integers and the same message (Python). The page takes no --format,
--value, --help, --version or --verify and runs no simulate or eye (it
says so, by design): those invocations meet the command and Python only.

Then the least-bits table (tests/data/least_bits_ref.csv, mpmath at 60
digits, tests/data/gen_least_bits_ref.py): 20,000 points of both models
with CLs typed as decimals from 1e-15 to 1 - 1e-12, as one batch through
the command and the page and as min_bits in Python, identical in the three
and equal to the least whole number; and the drift case of issue 38.
Then the degraded-SER alarm (lib/fec_degrade.c, double-double on every
target): tests/data/degrade_ref.csv's points (mpmath, 80 digits) and the
SER of each of its monitors' half alarm, and --degrade random monitors
(any code, interval up to 2^17), the same in the three faces bit for bit,
the table's within 4e-16 of mpmath.

usage: test_faces.py [--seed S] [--count N] [--degrade D] [--keep]   (make
check: the fixed seed, 20,000 invocations and 60 random degraded-SER
monitors; make soak-faces: more of both)
"""
import argparse
import csv
import io
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
import bercl  # noqa: E402

# ---- values as users type them ----------------------------------------

SHORT = {"errors": "-e", "bits": "-n", "ber": "-p", "cl": "-c", "rate": "-r",
         "lanes": "-l", "time": "-t", "input": "-i"}


def v_errors(r):
    return r.choice(["0", "1", "2", "3", str(r.randint(0, 60)), str(r.randint(0, 2000)),
                     "1e1", "5", "17", "1k"])


def v_bits(r):
    m = r.choice(["1", "2.5", "3", "7.25", "1.5470520429", str(r.randint(1, 999))])
    return r.choice([m + "e" + str(r.randint(6, 16)), m + r.choice("kMGTPE"),
                     str(r.randint(1, 10 ** r.randint(3, 17))), "1e12", "3T"])


def v_ber(r):
    return r.choice(["1e-12", "1e-15", "2.5e-11", "1e-9", "5e-5", "1e-4", "2.4e-4",
                     "%de-%d" % (r.randint(1, 9), r.randint(3, 16)),
                     "1.5470520429205029e-11", "0.001", "0.1"])


def v_cl(r):
    return r.choice(["0.95", "95%", "99%", "99.9%", "0.9", "0.5", "0.999999", "68.27%",
                     "0.%s" % str(r.randint(1, 10 ** 9)).rjust(9, "0"),
                     "%d%%" % r.randint(1, 99), "4.27438e-15", "0.999999999999"])


def v_time(r):
    return r.choice(["90", "90s", "15min", "2.5h", "1h30m", "2d", "%ds" % r.randint(1, 10 ** 5),
                     "%dmin" % r.randint(1, 600), "10m", "0.5h", "1h"])


def v_rate(r):
    return r.choice(["10G", "25.78125G", "10Gb/s", "10Gbps", "1e9", "53.125G", "106.25Gbps",
                     "%dM" % r.randint(1, 999), "100G", "1.25G"])


def v_lanes(r):
    return str(r.choice([1, 1, 2, 4, 8, r.randint(1, 16)]))


def v_code(r):
    return r.choice(["kp4", "kr4", "rs:544,514,10", "rs:528,514,10", "rs:255,239,8", "KP4"])


def v_alpha(r):
    return r.choice(["5%", "0.05", "1%", "0.1", "10%", "0.01"])


def v_ratio(r):
    return r.choice(["2", "1.5", "3", "10", "4", "2.5"])


def v_ser(r):
    return r.choice(["1e-4", "2.4e-4", "1e-3", "5e-5", "%de-%d" % (r.randint(1, 9), r.randint(3, 6))])


def v_cer(r):
    return r.choice(["1e-9", "1e-12", "2.4e-4", "1e-6", "%de-%d" % (r.randint(1, 9), r.randint(4, 15))])


def v_model(r):
    return r.choice(["poisson", "binomial"])


GOOD = {"errors": v_errors, "bits": v_bits, "ber": v_ber, "cl": v_cl, "time": v_time,
        "rate": v_rate, "lanes": v_lanes, "code": v_code, "alpha": v_alpha, "ratio": v_ratio,
        "ser": v_ser, "cer": v_cer, "model": v_model, "require": v_cl, "true-ber": v_ber,
        "codewords": lambda r: v_bits(r), "uncorrectable": lambda r: str(r.randint(0, 40)),
        "baud": lambda r: r.choice(["26.5625G", "26.5625GBd", "53.125G", "1e9"]),
        "bits-per-symbol": lambda r: r.choice(["1", "2", "3"]),
        "reading-interval": lambda r: r.choice(["1e9", "1e10", "5e11", "1T"]),
        "lane-errors": lambda r: ",".join(str(r.randint(0, 9)) for _ in range(r.randint(1, 4))),
        "interleave": lambda r: r.choice(["1", "2", "4"]),
        "frames-per-codeword": lambda r: r.choice(["1", "8", "2"]),
        "degrade-interval": lambda r: r.choice(["8192", "1e4", "100000"]),
        "degrade-threshold": lambda r: r.choice(["10", "5", "40"]),
        "trials": lambda r: r.choice(["100", "300", "200"]),
        "seed": lambda r: str(r.randint(1, 99999))}

# values a user may type by mistake: every quantity's syntax and domain
BAD = ["", "x", "-1", "0", "1", "1.5", "abc", "1e12x", "1e400", "nan", "inf", "-inf", "1e-400",
       "100%", "0%", "150%", "1..", "..3", "1,,2", "5parsecs", "10Gbit", "1e-12,", " 1e-12",
       "0x10", "2^53", "99999999999999999999", "1e-12:3", "1..10:0", "1..10:x", "-0", "1e12 ",
       "5 %", "1h30", "3T3", "1e9999999999", "rs:1,2", "rs:544,514", "gauss"]


def v_list(r, gen):
    return ",".join(gen(r) for _ in range(r.randint(2, 3)))


def v_range(r, name):
    if name == "errors":
        a = r.randint(0, 10)
        return r.choice(["%d..%d" % (a, a + r.randint(0, 5)), "0..10:3"])
    if name == "ber":
        return r.choice(["1e-15..1e-9:7log", "1e-12..1e-10:3log", "1e-6..1e-4:3"])
    if name == "bits":
        return r.choice(["1e12..1e13:4log", "1e12..3e12:3"])
    if name == "cl":
        return r.choice(["0.9..0.99:4", "90%..99%:3"])
    return GOOD[name](r)


# ---- invocations ------------------------------------------------------

# Each subcommand's forms: the flags every form needs, then optional ones.
FORMS = {
    "cl": [(["errors", "bits", "ber"], ["model", "require"]),
           (["errors", "time", "rate", "ber"], ["lanes", "model", "require"]),
           (["errors", "time", "baud", "ber"], ["bits-per-symbol", "lanes", "model"]),
           (["lane-errors", "bits", "ber"], ["model"])],
    "bits": [(["errors", "ber", "cl"], ["model", "rate", "lanes"]),
             (["ber", "cl"], ["model"])],
    "ber": [(["errors", "bits", "cl"], ["model", "two-sided"]),
            (["errors", "time", "rate", "cl"], ["lanes", "model", "two-sided"])],
    "errors": [(["bits", "ber", "cl"], ["model"]),
               (["time", "rate", "ber", "cl"], ["lanes", "model"])],
    "fec": [(["code", "ber"], []), (["code", "ser"], []), (["code", "cer"], []),
            (["code", "errors", "bits", "cl"], ["model"]),
            (["code", "codewords", "uncorrectable", "cer"], ["model"]),
            (["code", "codewords", "uncorrectable", "cl"], ["model"]),
            (["code", "ser", "degrade-interval", "degrade-threshold"], [])],
    "plan": [(["ber", "cl", "alpha", "ratio"], ["rate", "lanes", "true-ber"]),
             (["ber", "cl", "alpha", "ratio", "sequential"], ["reading-interval"]),
             (["errors", "bits", "ber", "ratio"], [])],
    "simulate": [(["errors", "bits", "ber", "trials"], ["seed", "model"])],
}
SWITCHES = {"two-sided", "sequential", "clustered", "all-lanes", "verify"}
# flags a subcommand refuses or ignores, given by mistake
STRAY = ["errors", "bits", "ber", "cl", "rate", "time", "code", "alpha", "ratio", "cer",
         "two-sided", "sequential", "lanes", "require"]


class Inv:
    """One invocation: cmd, items [(flag, value or None)], files
    [(flag, name, bytes)], command-only extras (--format text ...)."""

    def __init__(self, cmd, items, files=(), kind="sweep"):
        self.cmd, self.items, self.files, self.kind = cmd, list(items), list(files), kind
        self.spell = []      # each item's spelling in argv: "short", "long", "eq"
        self.page = True     # the page runs it


def spelled(r, inv):
    inv.spell = [r.choice(["long", "long", "eq", "short"]) for _ in inv.items]


def small_ber(r, bits):
    """A BER that expects at most about 1e4 errors in `bits` (max_errors'
    search costs in proportion: the page's wide type is software)."""
    try:
        e = math.floor(math.log10(bits))
    except ValueError:
        e = 12
    return "%de-%d" % (r.randint(1, 9), max(1, e - r.randint(-1, 4)) + 1)


def value(r, cmd, n, items):
    if cmd == "errors" and n == "ber":
        got = dict((k, v) for k, v in items if v is not None)
        try:
            bits = float(got.get("bits", "x"))
        except ValueError:
            bits = 1e16
        return small_ber(r, bits)
    if cmd == "errors" and n == "time":
        return "%ds" % r.randint(1, 3600)
    if cmd == "errors" and n == "rate":
        return r.choice(["1e9", "10G", "25.78125G"])
    return GOOD[n](r)


# seconds each: the page's software wide type (sequential plans), a root
# search over convolution powers (the degraded-SER alarm's half-alarm SER)
COSTLY = {"sequential", "degrade-interval"}


def gen_sweep(r, cmd):
    need, opt = r.choice(FORMS[cmd])
    while COSTLY & set(need) and r.random() < 0.9:
        need, opt = r.choice(FORMS[cmd])
    names = list(need) + [o for o in opt if r.random() < 0.3]
    items = []
    for n in names:
        if n in SWITCHES:
            items.append((n, None))
        else:
            items.append((n, value(r, cmd, n, items)))
    roll = r.random()
    if roll < 0.25 and items:               # one bad value
        i = r.randrange(len(items))
        if items[i][1] is not None:
            items[i] = (items[i][0], r.choice(BAD))
    elif roll < 0.33 and len(items) > 1:    # a flag forgotten
        items.pop(r.randrange(len(items)))
    elif roll < 0.40:                       # a stray flag
        n = r.choice(STRAY)
        items.insert(r.randrange(len(items) + 1), (n, None if n in SWITCHES else GOOD[n](r)))
    elif roll < 0.43:                       # a flag unknown
        items.insert(r.randrange(len(items) + 1), (r.choice(["bogus", "BER", "cl2", "errs"]), "1"))
    elif roll < 0.46 and items:             # a flag twice
        items.append(items[r.randrange(len(items))])
    elif roll < 0.60 and cmd != "errors" and "sequential" not in names:  # a list or a range
        ql = [i for i, (n, v) in enumerate(items) if n in ("errors", "ber", "bits", "cl")]
        if ql:
            i = r.choice(ql)
            n = items[i][0]
            items[i] = (n, v_list(r, GOOD[n]) if r.random() < 0.5 else v_range(r, n))
    inv = Inv(cmd, items)
    if cmd == "simulate":
        inv.page = False
    return inv


def batch_csv(r, cmd):
    need, opt = FORMS[cmd][0]
    cols = [c for c in need + opt if c not in SWITCHES and c != "require"
            and c in ("errors", "bits", "ber", "cl", "model", "rate", "lanes", "time")]
    if r.random() < 0.2:
        cols.append(r.choice(["note", "id", "ber", "cl_x"]))
    delim = r.choice([",", ",", ";", "\t"])
    lines = [delim.join(cols)]
    for _ in range(r.randint(1, 12)):
        row = []
        got = []
        for c in cols:
            v = value(r, cmd, c, got) if c in GOOD else r.choice(["a", "b", "12"])
            got.append((c, v))
            if r.random() < 0.08:
                v = r.choice(BAD)
            if delim in v or '"' in v:
                v = '"' + v.replace('"', '""') + '"'
            row.append(v)
        lines.append(delim.join(row))
    if r.random() < 0.1:
        lines.append("")
    text = "\n".join(lines) + ("\n" if r.random() < 0.9 else "")
    return text.encode()


def gen_batch(r, cmd):
    items = [("input", "rows.csv")]
    if r.random() < 0.3:
        items.append(("cl" if cmd in ("bits", "ber", "errors") else "ber", GOOD["cl" if cmd != "cl" else "ber"](r)))
    if r.random() < 0.2:
        items.append(("model", v_model(r)))
    inv = Inv(cmd, items, [("input", "rows.csv", batch_csv(r, cmd))], kind="batch")
    return inv


def histogram_text(r):
    fmt = r.random()
    if fmt < 0.6:
        lines = ["symbol_errors,codewords"]
        for s in range(r.randint(2, 16)):
            lines.append("%d,%d" % (s, max(0, int(1e9 / (10 ** s)) + r.randint(0, 50))))
        if r.random() < 0.85:  # the line a report needs (histogram.c), most of the time
            lines.append("uncorrectable,%d" % r.choice([0, 0, 1, 5, r.randint(0, 1000)]))
        if r.random() < 0.2:
            lines.append(r.choice(["x,1", "3,-1", "20,5", ""]))
        return "\n".join(lines) + "\n"
    # ethtool -S style counters
    lines = ["NIC statistics:"]
    for s in range(r.randint(2, 16)):
        lines.append("     rx_fec_symbol_error_bin_%d: %d" % (s, max(0, int(1e10 / (7 ** s)))))
    return "\n".join(lines) + "\n"


def gen_histogram(r):
    items = [("code", v_code(r)), ("histogram", "hist.csv")]
    if r.random() < 0.5:
        items.append(("cl", v_cl(r)))
    if r.random() < 0.2:
        items.append(("rate", v_rate(r)))
    return Inv("fec", items, [("histogram", "hist.csv", histogram_text(r).encode())], kind="hist")


def intervals_text(r):
    cum = r.random() < 0.3
    lines = [r.choice(["bits,errors", "errors,bits", "time,bits,errors"])]
    b = e = 0
    head = lines[0].split(",")
    for i in range(r.randint(1, 20)):
        nb, ne = r.choice([1e12, 5e11, 2e12]), r.choice([0, 0, 1, 2, 5, 30])
        b, e = (b + nb, e + ne) if cum else (nb, ne)
        vals = {"bits": "%d" % b, "errors": "%d" % e, "time": str(i)}
        lines.append(",".join(vals[h] for h in head))
    if r.random() < 0.15:
        lines.append(r.choice(["x,1", "1e12,-1", "1e12", ""]))
    return ("\n".join(lines) + "\n").encode()


def gen_intervals(r):
    cmd = r.choice(["cl", "ber"])
    items = [("intervals", "log.csv"), ("ber" if cmd == "cl" else "cl", v_ber(r) if cmd == "cl" else v_cl(r))]
    if r.random() < 0.2:
        items.append(("intervals-form", r.choice(["auto", "per-interval", "cumulative", "x"])))
    return Inv(cmd, items, [("intervals", "log.csv", intervals_text(r))], kind="intervals")


def gen_watch(r):
    items = [("ber", v_ber(r)), ("cl", v_cl(r))]
    if r.random() < 0.3:
        items.append(("errors", str(r.randint(0, 5))))
    if r.random() < 0.05:
        items += [("plan", None), ("alpha", v_alpha(r)), ("ratio", r.choice(["2", "3", "4", "10"]))]
    lines = [r.choice(["bits,errors", "time,bits,errors", "bits,errors,lane"])]
    head = lines[0].split(",")
    b = e = 0
    for i in range(r.randint(1, 12)):
        b += r.choice([1e11, 1e12, 5e12])
        e += r.choice([0, 0, 0, 1, 3])
        vals = {"bits": "%d" % b, "errors": "%d" % e, "time": str(i), "lane": "0"}
        lines.append(",".join(vals[h] for h in head))
    if r.random() < 0.1:
        lines.append(r.choice(["x,1", "1,-1", "", "5,5"]))
    return Inv("watch", items, [("stdin", "-", ("\n".join(lines) + "\n").encode())], kind="watch")


def gen_odd(r):
    """Invocations the page refuses or has not: --format, --value, --help,
    --version, eye; and words that are no subcommand."""
    k = r.random()
    if k < 0.3:
        inv = gen_sweep(r, r.choice(["cl", "bits", "ber", "errors", "fec", "plan"]))
        inv.items.append(("format", r.choice(["text", "tsv", "json", "csv", "xml"])))
    elif k < 0.5:
        inv = gen_sweep(r, r.choice(["cl", "bits", "ber", "errors"]))
        col = {"cl": "cl", "bits": "bits", "ber": "ber_upper", "errors": "errors"}[inv.cmd]
        inv.items.append(("value", r.choice([col, col, "nope"])))
    elif k < 0.6:
        inv = Inv(r.choice(["cl", "bits", "ber", "fec", "plan", "watch", "errors", "simulate"]),
                  [("help", None)])
    elif k < 0.8:
        inv = Inv(r.choice(["cll", "bit", "CL", "--errors", "help", "", "-e"]), [("errors", "1")])
        inv.page = True
        return inv
    else:
        inv = Inv("eye", [("input", r.choice(["scan.csv", "missing.csv"]))],
                  kind="eye")
        pts = ["offset,ber"] + ["%g,%g" % (x / 100.0, 10 ** -(12 - abs(x) / 5.0))
                                for x in range(-45, 46, 5)]
        inv.files.append(("input", "scan.csv", ("\n".join(pts) + "\n").encode()))
    inv.page = False
    return inv


def generate(seed, count):
    r = random.Random(seed)
    invs = []
    for _ in range(count):
        k = r.random()
        if k < 0.62:
            # simulate: one in 30 (its draws cost milliseconds)
            inv = gen_sweep(r, "simulate" if r.random() < 0.03 else
                            r.choice(["cl", "cl", "bits", "bits", "ber", "errors", "fec", "fec", "plan"]))
        elif k < 0.77:
            inv = gen_batch(r, r.choice(["cl", "bits", "ber", "errors"]))
        elif k < 0.82:
            inv = gen_histogram(r)
        elif k < 0.88:
            inv = gen_intervals(r)
        elif k < 0.93:
            inv = gen_watch(r)
        else:
            inv = gen_odd(r)
        spelled(r, inv)
        for k, (n, v) in enumerate(inv.items):
            if n in ("bogus", "BER", "cl2", "errs"):
                inv.spell[k] = "long"  # the page's form names a flag, no "=VALUE"
        if inv.cmd.startswith("-"):
            inv.page = False  # the page's subcommand is a choice, never a flag
        invs.append(inv)
    return invs


# ---- the command's and the page's words -------------------------------

def argv_of(inv):
    words = [inv.cmd]
    for (n, v), s in zip(inv.items, inv.spell):
        if v is None:
            words.append("--" + n)
        elif s == "short" and n in SHORT:
            words += [SHORT[n], v]
        elif s == "eq":
            words.append("--%s=%s" % (n, v))
        else:
            words += ["--" + n, v]
    # CSV where the page or Python reads the table (simulate runs on the
    # command and Python only)
    if (inv.page or inv.cmd == "simulate") and inv.cmd != "eye":
        words += ["-f", "csv"]
    return words


def encode_cmd(invs):
    out = io.BytesIO()
    for inv in invs:
        words = argv_of(inv)
        out.write(b"#%d %d\n" % (len(words), len(inv.files)))
        for w in words:
            out.write(w.encode() + b"\n")
        for flag, name, data in inv.files:
            out.write(b"%s\t%s\t%d\n" % (flag.encode(), name.encode(), len(data)))
            out.write(data)
    return out.getvalue()


def encode_page(invs):
    out = io.BytesIO()
    for inv in invs:
        out.write(b"#%d %d\n" % (len(inv.items), len(inv.files)))
        out.write(inv.cmd.encode() + b"\n")
        for n, v in inv.items:
            out.write(n.encode() + b"\n" + (b"1" if v is None else v.encode()) + b"\n")
        for flag, name, data in inv.files:
            out.write(b"%s\t%s\t%d\n" % (flag.encode(), name.encode(), len(data)))
            out.write(data)
    return out.getvalue()


def decode(data):
    res, i = [], 0
    while i < len(data):
        nl = data.index(b"\n", i)
        st, no, ne = data[i + 1:nl].split()
        i = nl + 1
        no, ne = int(no), int(ne)
        res.append((None if st == b"null" else int(st), data[i:i + no], data[i + no:i + no + ne]))
        i += no + ne
    return res


def run_faces(invs, scratch):
    """The command's and the page's results, one process each, side by side."""
    cmd_in, page_in = encode_cmd(invs), encode_page([i for i in invs if i.page])
    pc = subprocess.Popen([os.path.join(ROOT, "tests", "faces_cmd"), scratch],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          env=dict(os.environ, LC_ALL="C"))
    pp = subprocess.Popen([os.environ.get("NODE", "node"), os.path.join(ROOT, "web", "faces-run.js")],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    import threading
    got = {}

    def talk(name, p, data):
        got[name] = p.communicate(data)[0]
    ts = [threading.Thread(target=talk, args=("cmd", pc, cmd_in)),
          threading.Thread(target=talk, args=("page", pp, page_in))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if pc.returncode or pp.returncode:
        sys.exit("test_faces: a face's runner failed (command %s, page %s)"
                 % (pc.returncode, pp.returncode))
    return decode(got["cmd"]), decode(got["page"])


# ---- Python: the table from an invocation to the package's calls ------

def rows_of(out):
    return list(csv.DictReader(io.StringIO(out.decode())))


# (subcommand, the flags given) -> (function, its arguments from the values,
# the command's columns each output is compared with)
def _kw(vals, mapping):
    return {py: vals[fl] for fl, py in mapping.items() if fl in vals}


TIMEKW = {"time": "time", "rate": "rate", "lanes": "lanes", "baud": "baud",
          "bits-per-symbol": "bits_per_symbol", "model": "model"}


def py_cl(v):
    return bercl.cl(v.get("errors", "0"), v.get("bits"), v["ber"], **_kw(v, TIMEKW))


def py_min_bits(v):
    return bercl.min_bits(v.get("errors", "0"), v["ber"], v["cl"], **_kw(v, {"model": "model"}))


def py_min_time(v):
    return bercl.min_time(v.get("errors", "0"), v["ber"], v["cl"],
                          **_kw(v, {"rate": "rate", "lanes": "lanes", "model": "model"}))


def py_max_errors(v):
    return bercl.max_errors(v.get("bits"), v["ber"], v["cl"], **_kw(v, TIMEKW))


def py_ber_upper(v):
    return bercl.ber_upper(v.get("errors", "0"), v.get("bits"), v["cl"], **_kw(v, TIMEKW))


def py_ber_interval(v):
    return bercl.ber_interval(v.get("errors", "0"), v.get("bits"), v["cl"], **_kw(v, TIMEKW))


def py_fec_rates(v):
    if "ber" in v:
        return bercl.fec_rates(v["code"], v["ber"])
    return bercl.fec_rates(v["code"], ser=v["ser"])


def py_fec_ber_max(v):
    return bercl.fec_ber_max(v["code"], v["cer"])


def py_plan(v):
    kw = _kw(v, {"errors": "errors", "bits": "bits", "rate": "rate", "lanes": "lanes",
                 "true-ber": "true_ber", "reading-interval": "reading_interval"})
    if "sequential" in v:
        kw["sequential"] = True
    return bercl.plan(v["ber"], v.get("cl"), v.get("alpha"), v.get("ratio"), **kw)


def py_lanes(v):
    # lane_errors is a sequence of counts: the command's list as Python's list
    return bercl.lanes_cl([int(x) for x in v["lane-errors"].split(",")], v["bits"], v["ber"],
                          **_kw(v, {"model": "model"}))


def py_simulate(v):
    return bercl.simulate(v.get("errors"), v.get("bits"), v.get("ber"),
                          **_kw(v, {"trials": "trials", "seed": "seed", "model": "model"}))


def py_fec_test(v):
    return bercl.fec_test_bounds(v["code"], v.get("errors", "0"), v.get("bits"), v["cl"],
                                 **_kw(v, {"model": "model"}))


def py_fec_codewords(v):
    return bercl.fec_codeword_bounds(v["codewords"], v["uncorrectable"],
                                     **_kw(v, {"cer": "cer", "cl": "cl", "model": "model"}))


def attrs(*names):
    return lambda res: {c: getattr(res, c) for c in names}


def one(col):
    return lambda res: {col: res}


def pair(a, b):
    return lambda res: {a: res[0], b: res[1]}


def lanes_rows(res):
    """lanes_cl's answer as the command's rows: a row per lane, then the
    combined row and the "all" row."""
    rows = [{"errors": e, "bits": res.bits, "cl": c, "one_minus_cl": m,
             "log10_one_minus_cl": g}
            for e, c, m, g in zip(res.errors, res.cl, res.one_minus_cl, res.log10_one_minus_cl)]
    rows.append({"errors": res.combined_errors, "bits": res.combined_bits, "cl": res.combined_cl,
                 "one_minus_cl": res.combined_one_minus_cl})
    rows.append({"errors": res.combined_errors, "bits": res.combined_bits, "cl": res.all_cl,
                 "one_minus_cl": res.all_one_minus_cl,
                 "log10_one_minus_cl": res.all_log10_one_minus_cl})
    return rows


# (cmd, the set of flags, or a predicate) -> (call, outputs to columns)
PYTHON = [
    ("cl", lambda f: "lane-errors" not in f and "require" not in f, py_cl, one("cl")),
    ("cl", lambda f: "lane-errors" in f and f <= {"lane-errors", "bits", "ber", "model"},
     py_lanes, lanes_rows),
    ("bits", lambda f: f <= {"errors", "ber", "cl", "model"}, py_min_bits, one("bits")),
    ("bits", lambda f: "rate" in f, py_min_time, one("time_s")),
    ("ber", lambda f: "two-sided" not in f, py_ber_upper, one("ber_upper")),
    ("ber", lambda f: "two-sided" in f, py_ber_interval, pair("ber_lower", "ber_upper")),
    ("errors", lambda f: True, py_max_errors, one("errors")),
    ("fec", lambda f: f in ({"code", "ber"}, {"code", "ser"}), py_fec_rates,
     attrs("ser", "cer", "post_fec_ber")),
    ("fec", lambda f: f == {"code", "cer"}, py_fec_ber_max, one("ber_max")),
    ("plan", lambda f: not f & {"true-ber", "sequential"}, py_plan,
     attrs("errors", "bits", "alpha", "beta")),
    ("simulate", lambda f: True, py_simulate,
     attrs("one_minus_cl", "one_minus_cl_sim", "sim_stderr")),
    ("fec", lambda f: f >= {"code", "errors", "bits", "cl"} and f <= {"code", "errors", "bits", "cl", "model"},
     py_fec_test, attrs("ber_upper", "cer_upper")),
    # (Python's codeword bounds take no code: the command's valid ones only)
    ("fec", lambda f: {"code", "codewords", "uncorrectable", "cer"} <= f
     <= {"code", "codewords", "uncorrectable", "cer", "model"},
     py_fec_codewords, one("cl")),
]

ALLOWED = {"cl": {"errors", "bits", "ber", "time", "rate", "lanes", "baud", "bits-per-symbol",
                  "model", "require", "lane-errors"},
           "bits": {"errors", "ber", "cl", "model", "rate", "lanes"},
           "ber": {"errors", "bits", "cl", "time", "rate", "lanes", "model", "two-sided"},
           "errors": {"bits", "ber", "cl", "time", "rate", "lanes", "model"},
           "fec": {"code", "ber", "ser", "cer", "errors", "bits", "cl", "model", "codewords",
                   "uncorrectable"},
           "simulate": {"errors", "bits", "ber", "trials", "seed", "model"},
           "plan": {"ber", "cl", "alpha", "ratio", "errors", "bits", "rate", "lanes",
                    "sequential", "true-ber", "reading-interval"}}


def python_call(inv):
    """The Python call for an invocation of one point (every value single,
    no flag twice, no flag unknown), or None."""
    if inv.kind != "sweep" or inv.cmd not in ALLOWED or (not inv.page and inv.cmd != "simulate"):
        return None
    names = [n for n, _ in inv.items]
    if len(set(names)) != len(names) or not set(names) <= ALLOWED[inv.cmd]:
        return None
    vals = {n: v for n, v in inv.items}
    for n, v in vals.items():
        if v is not None and n != "lane-errors" and ("," in v or ".." in v):
            return None
    if "lane-errors" in vals and not all(x.isdigit() for x in vals["lane-errors"].split(",")):
        return None  # Python's lane_errors is a sequence of counts: no text to map
    if "codewords" in vals and vals.get("code") not in ("kp4", "kr4", "rs:544,514,10",
                                                        "rs:528,514,10", "rs:255,239,8"):
        return None
    for cmd, pred, call, outs in PYTHON:
        if cmd == inv.cmd and pred(set(names)):
            return call, vals, outs
    return None


PY_FUNCS = ("cl", "min_bits", "min_time", "max_errors", "ber_upper", "ber_interval",
            "fec_rates", "fec_ber_max", "plan", "lanes_cl", "simulate", "fec_test_bounds",
            "fec_codeword_bounds", "fec_histograms", "read_intervals", "cl_clustered",
            "ber_upper_clustered", "Watch")


def canonical_message(text, python=False, names=None):
    """A message without its face's prefix ("bercl: ", Python's "FUNC: ")
    and with a flag as Python names it ("--bits-per-symbol" ->
    "bits_per_symbol"; names: a flag whose argument has another name,
    {"histogram": "source"})."""
    import re
    names = names or {}
    text = re.sub(r"--([a-z][a-z-]*)",
                  lambda m: names.get(m.group(1), m.group(1).replace("-", "_")), text)
    if python:
        return re.sub(r"^(%s): " % "|".join(PY_FUNCS), "", text)
    return re.sub(r"^bercl: ", "", text)


def same_int(cell, n):
    """A whole number's cell: its digits, or (beyond the integers the command
    prints digit by digit) the shortest form of the same double."""
    if cell == str(n):
        return True
    try:
        return "e" in cell and float(cell) == float(n) and int(float(n)) == n
    except (ValueError, OverflowError):
        return False


def same_double(a, b):
    return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))


def run_python(call, *args):
    """(result, message or None, warnings) of a Python call."""
    import warnings
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        try:
            return call(*args), None, [str(w.message) for w in said]
        except bercl.BerclError as e:
            return None, str(e), [str(w.message) for w in said]
        except (TypeError, ValueError) as e:
            return None, "%s: %s" % (type(e).__name__, e), [str(w.message) for w in said]


def check_python(inv, cres, fails):
    """Python against the command's row: values bit for bit, or the message."""
    if inv.kind in KINDS:
        return KINDS[inv.kind](inv, cres, fails)
    m = python_call(inv)
    if m is None:
        return 0
    call, vals, outs = m
    st, out, err = cres
    try:
        res, perr, said = run_python(call, vals)
    except KeyError:
        return 0  # a flag the form needs is missing: the command's form rule, no call
    where = "python %s" % " ".join(argv_of(inv))
    if st == 0 or st == 1:
        if perr is not None:
            fails.append("%s: the command answers (status %d), Python raises: %s" % (where, st, perr))
            return 1
        rows = rows_of(out)
        got = outs(res)
        if isinstance(got, list):  # a row each, as the command prints them
            same_rows(where, rows, got, fails)
            return 1
        if len(rows) != 1:
            fails.append("%s: the command gives %d rows, Python one" % (where, len(rows)))
            return 1
        row = rows[0]
        for col, pv in got.items():
            cell = row.get(col, "")
            if not same_cell(cell, pv):
                fails.append("%s: column %s: command %r, Python %r" % (where, col, cell, pv))
        return 1
    if st == 2:
        if perr is None:
            fails.append("%s: the command refuses (%s), Python answers %r"
                         % (where, err.decode().strip(), res))
            return 1
        # Python raises once: the command's message lines, "; " between
        lines = [m for m in err.decode().splitlines()
                 if not m.startswith(("bercl: note: ", "bercl: warning: "))]
        cm = "; ".join(canonical_message(m) for m in lines)
        pm = canonical_message(perr, python=True)
        if cm != pm:
            fails.append("%s: messages differ:\n    command: %s\n    Python:  %s" % (where, cm, pm))
    return 1


def same_cell(cell, pv):
    """One cell of the command's CSV against Python's value: empty for None
    or NaN, whole numbers as integers, a value below the doubles (the
    command's "10^-x" beyond 1e-324) as Python's 0.0, other values bit for
    bit."""
    if cell == "" and (pv is None or (isinstance(pv, float) and math.isnan(pv))):
        return True
    if cell.startswith("10^-") and pv == 0.0 and float(cell[4:]) > 324:
        return True
    if isinstance(pv, str) or isinstance(pv, int) and not isinstance(pv, bool):
        return same_int(cell, pv)
    try:
        return same_double(float(cell), float(pv))
    except (TypeError, ValueError):
        return False


def same_rows(where, rows, got, fails):
    """The command's rows (CSV dicts) against Python's (dicts of the same
    columns): each value bit for bit, an empty cell None or NaN."""
    if len(rows) != len(got):
        fails.append("%s: the command gives %d rows, Python %d" % (where, len(rows), len(got)))
        return
    for k, (row, g) in enumerate(zip(rows, got)):
        for col, pv in g.items():
            if col not in row:
                continue
            cell = row[col]
            if not same_cell(cell, pv):
                fails.append("%s: row %d column %s: command %r, Python %r"
                             % (where, k + 1, col, cell, pv))


def same_refusal(where, st, err, res, perr, fails, names=None):
    """The command's message lines (status 2) and Python's one message."""
    if perr is None:
        fails.append("%s: the command refuses (%s), Python answers %r"
                     % (where, err.decode().strip(), res))
        return
    lines = [m for m in err.decode().splitlines()
             if not re.match(r"^bercl: ([^ ]*:\d+: )?(note|warning): ", m)]
    cm = "; ".join(canonical_message(m, names=names) for m in lines)
    pm = canonical_message(perr, python=True)
    if cm != pm:
        fails.append("%s: messages differ:\n    command: %s\n    Python:  %s" % (where, cm, pm))


class Named(io.BytesIO):
    """A file's bytes under its name, as an open file hands them to Python."""

    def __init__(self, data, name):
        super().__init__(data)
        self.name = name


HIST_FIELDS = ("codewords", "uncorrectable", "ser_estimate", "ser_upper", "cer_predicted",
               "cer_upper", "gof_p", "cer_tail", "cer_tail_lower", "cer_tail_upper", "tail_r2",
               "flr", "flr_upper", "flr_observed")
REPORT_NAMES = {"histogram": "source", "histogram-format": "format"}


def py_hist(inv, cres, fails):
    """fec --code C --histogram F [--cl] [--rate]: fec_histograms on the
    file's bytes under its name."""
    vals = dict(inv.items)
    if len(vals) != len(inv.items) or not set(vals) <= {"code", "histogram", "cl", "rate"}:
        return 0
    (_, name, data), = inv.files
    kw = {k: vals[k] for k in ("cl", "rate") if k in vals}
    res, perr, _ = run_python(lambda: bercl.fec_histograms(Named(data, name), vals["code"],
                                                           **kw))
    st, out, err = cres
    where = "python %s" % " ".join(argv_of(inv))
    if st in (0, 1):
        if perr is not None:
            fails.append("%s: the command answers, Python raises: %s" % (where, perr))
            return 1
        same_rows(where, rows_of(out),
                  [{f: getattr(h, f) for f in HIST_FIELDS} for h in res], fails)
    elif st == 2:
        same_refusal(where, st, err, res, perr, fails, REPORT_NAMES)
    return 1


FORMS_OF_LOG = {None: None, "auto": None, "per-interval": False, "cumulative": True}


def py_intervals(inv, cres, fails):
    """cl --intervals F --ber P, ber --intervals F --cl C: read_intervals on
    the file's bytes, then its cl or ber."""
    vals = dict(inv.items)
    if len(vals) != len(inv.items) or vals.get("intervals-form") not in FORMS_OF_LOG:
        return 0
    (_, name, data), = inv.files
    cum = FORMS_OF_LOG[vals.get("intervals-form")]

    def call():
        iv = bercl.read_intervals(Named(data, name), cumulative=cum)
        return iv.cl(vals["ber"]) if inv.cmd == "cl" else iv.ber(vals["cl"])
    res, perr, _ = run_python(call)
    st, out, err = cres
    where = "python %s" % " ".join(argv_of(inv))
    if st in (0, 1):
        if perr is not None:
            fails.append("%s: the command answers, Python raises: %s" % (where, perr))
            return 1
        same_rows(where, rows_of(out), [res._asdict()], fails)
    elif st == 2:
        same_refusal(where, st, err, res, perr, fails, {"intervals": "source"})
    return 1


def py_watch(inv, cres, fails):
    """watch --ber --cl [--errors] [--plan --alpha --ratio] < readings: a
    Watch, fed each reading of the input (its header's columns as feed's
    arguments, a cell the record lacks as ""), until its decision."""
    vals = dict(inv.items)
    if len(vals) != len(inv.items) or not set(vals) <= {"ber", "cl", "errors", "plan", "alpha",
                                                         "ratio"}:
        return 0
    (_, _, data), = inv.files
    lines = data.decode().split("\n")
    head = lines[0].split(",")
    if any(line and line.count(",") + 1 < len(head) for line in lines):
        return 0  # a record short of the header's cells: no call of feed gives it
    holder = []

    def call():
        w = bercl.Watch(vals["ber"], vals["cl"], vals.get("errors"), alpha=vals.get("alpha"),
                        ratio=vals.get("ratio"))
        holder.append(w)
        for line in lines[1:]:
            if line == "" or w.decision:
                continue
            cells = line.split(",")
            w.feed(**{k: cells[i] for i, k in enumerate(head)})
        return w
    res, perr, _ = run_python(call)
    st, out, err = cres
    where = "python %s" % " ".join(argv_of(inv))
    got = [r._asdict() for r in holder[0].rows] if holder else []
    if st in (0, 1, 4):
        if perr is not None:
            fails.append("%s: the command answers, Python raises: %s" % (where, perr))
            return 1
        if res.decision != {0: "pass", 1: "fail", 4: ""}[st]:
            fails.append("%s: the command's status %d, Python's decision %r"
                         % (where, st, res.decision))
    elif st == 2:
        same_refusal(where, st, err.replace(b"(stdin)", b"Watch.feed"), res, perr, fails)
    if holder:
        same_rows(where, rows_of(out), got, fails)
    return 1


BATCH_COLUMNS = {"errors", "bits", "ber", "cl", "model", "rate", "lanes", "time"}


def py_batch(inv, cres, fails):
    """cl, bits, ber, errors --input F: each row of the file as the sweep of
    its cells (a flag filling the empty ones) through the same Python call
    as a sweep's: the row's values bit for bit, a refusal where the row has
    an error."""
    st, out, err = cres
    flags = dict(inv.items)
    (_, _, data), = inv.files
    text = data.decode()
    head = text.split("\n", 1)[0]
    delim = next((d for d in (";", "\t", ",") if d in head), ",")
    recs = [r for r in csv.reader(io.StringIO(text), delimiter=delim)]
    cols = recs[0] if recs else []
    if st not in (0, 1, 2) or len(set(cols)) != len(cols) or '"' in text:
        return 0
    recs = [r for r in recs[1:] if r]
    rows = rows_of(out)
    if len(rows) != len(recs):
        return 0  # the file refused as a whole (its header), or its lines not one row each
    n = 0
    for k, (rec, row) in enumerate(zip(recs, rows)):
        # (a cell's blanks around it are not the value's: csv.c)
        vals = {c: v.strip(" \t") for c, v in zip(cols, rec)
                if c in BATCH_COLUMNS and v.strip(" \t") != ""}
        for f in ("cl", "ber", "model"):
            if f in flags and f not in vals:
                vals[f] = flags[f]
        one = Inv(inv.cmd, list(vals.items()))
        m = python_call(one)
        if m is None:
            continue
        call, v, outs = m
        try:
            res, perr, _ = run_python(call, v)
        except KeyError:
            continue
        n = 1
        where = "python %s row %d (%s)" % (" ".join(argv_of(inv)), k + 1, vals)
        if row.get("error", ""):
            if perr is None and not (inv.cmd == "errors" and res is None):
                # (max_errors' None: even 0 errors miss the target, the row's "error")
                fails.append("%s: the command's row has an error (%s), Python answers %r"
                             % (where, row["error"], res))
            continue
        if perr is not None:
            fails.append("%s: the command's row answers, Python raises: %s" % (where, perr))
            continue
        same_rows(where, [row], [outs(res)], fails)
    return n


KINDS = {"hist": py_hist, "intervals": py_intervals, "watch": py_watch, "batch": py_batch}


# ---- the comparison ---------------------------------------------------

def compare(invs, cmd_res, page_res, fails):
    counts = {}
    pi = iter(page_res)
    npy = 0
    for inv, c in zip(invs, cmd_res):
        key = inv.cmd if inv.kind in ("sweep", "eye") else "%s %s" % (inv.cmd, inv.kind)
        counts[key] = counts.get(key, 0) + 1
        if inv.page:
            p = next(pi)
            if p != c:
                fails.append("page vs command: %s\n    command: status %s out %r err %r\n"
                             "    page:    status %s out %r err %r"
                             % (" ".join(argv_of(inv)), c[0], c[1][:300], c[2][:300],
                                p[0], p[1][:300], p[2][:300]))
        npy += check_python(inv, c, fails)
    return counts, npy


def least_bits(scratch, fails):
    """tests/data/least_bits_ref.csv through the three faces, and the drift case."""
    ref = list(csv.DictReader(open(os.path.join(ROOT, "tests", "data", "least_bits_ref.csv"))))
    body = "model,errors,ber,cl\n" + "".join("%s,%s,%s,%s\n" % (r["model"], r["errors"], r["ber"], r["cl"])
                                             for r in ref)
    drift = Inv("bits", [("errors", "17"), ("ber", "1.5470520429205029e-11"),
                         ("cl", "4.27438e-15"), ("model", "binomial")])
    batch = Inv("bits", [("input", "least.csv")], [("input", "least.csv", body.encode())], "batch")
    for inv in (drift, batch):
        inv.spell = ["long"] * len(inv.items)
    (cd, cb), (pd, pb) = run_faces([drift, batch], scratch)
    py_drift = bercl.min_bits(17, 1.5470520429205029e-11, "4.27438e-15", model="binomial")
    for face, got in (("command", rows_of(cd[1])[0]["bits"]), ("page", rows_of(pd[1])[0]["bits"]),
                      ("Python", str(py_drift))):
        if got != "83115068219":
            fails.append("drift case: the %s gives %s, not 83115068219" % (face, got))
    if cb != pb:
        fails.append("least bits: the page's batch is not the command's")
    crow = rows_of(cb[1])
    exact = wrong = 0
    import numpy as np
    for model in ("poisson", "binomial"):
        idx = [i for i, r in enumerate(ref) if r["model"] == model]
        py = bercl.min_bits(np.array([float(ref[i]["errors"]) for i in idx]),
                            np.array([float(ref[i]["ber"]) for i in idx]),
                            np.array([ref[i]["cl"] for i in idx], dtype=object), model=model)
        for j, i in enumerate(idx):
            c = crow[i]["bits"]
            p = "%d" % py[j]
            if c != p:
                wrong += 1
                if wrong < 6:
                    fails.append("least bits point %d: command %s, Python %s" % (i + 1, c, p))
            exact += 1
            if c != ref[i]["bits"]:
                wrong += 1
                if wrong < 6:
                    fails.append("least bits point %d: command and page %s, mpmath %s"
                                 % (i + 1, c, ref[i]["bits"]))
    return len(ref), exact, wrong


DEGRADE_CODES = [("kp4", 544, 15), ("kr4", 528, 7), ("rs:255,239,8", 255, 8), ("rs:15,9,4", 15, 3),
                 ("rs:7,6,3", 7, 0), ("rs:1023,767,10", 1023, 128)]


def random_degrade(r):
    """A random degraded-SER monitor and SER: the interval log-uniform up
    to 2^17, the threshold around the expected count (0.3 to 2 times), the
    SER log-uniform; one in twenty without a SER (the half-alarm root)."""
    code, n, t = r.choice(DEGRADE_CODES)
    k = int(math.exp(r.uniform(0, math.log(2 ** 17))))
    ser = math.exp(r.uniform(math.log(1e-9), math.log(0.3)))
    mean = k * min(n * ser, t + 1)
    s = min(int(mean * r.uniform(0.3, 2.0)) + r.randint(0, 3), k * (t + 1) - 1)
    items = [("code", code), ("ser", repr(ser)), ("degrade-interval", str(k)),
             ("degrade-threshold", str(max(s, 0)))]
    if r.random() < 0.05:
        del items[1]
    return Inv("fec", items)


def degrade_points(scratch, fails, seed, nrandom):
    """fec --degrade-interval K --degrade-threshold S at the rows of
    tests/data/degrade_ref.csv (mpmath, 80-digit convolutions) and, for each
    of its monitors, without a SER (the SER of the half alarm: a root search
    over many degrade_p): the command and the page give the same CSV, byte
    for byte (lib/fec_degrade.c computes in double-double on every target),
    Python the same doubles, and degrade_p is within 4e-16 of mpmath's."""
    ref = list(csv.DictReader(open(os.path.join(ROOT, "tests", "data", "degrade_ref.csv"))))

    def code_of(r):
        return r["code"] if r["code"] in ("kp4", "kr4") else "rs:%s,%s,%s" % (r["n"], r["k"], r["m"])
    invs = [Inv("fec", [("code", code_of(r)), ("ser", r["ser"]), ("degrade-interval", r["interval"]),
                        ("degrade-threshold", r["threshold"])]) for r in ref]
    monitors = sorted({(code_of(r), r["interval"], r["threshold"]) for r in ref})
    invs += [Inv("fec", [("code", c), ("degrade-interval", k), ("degrade-threshold", t)])
             for c, k, t in monitors]
    r = random.Random(seed)
    invs += [random_degrade(r) for _ in range(nrandom)]
    for inv in invs:
        inv.spell = ["long"] * len(inv.items)
    cmd_res, page_res = run_faces(invs, scratch)
    worst = 0.0
    refused = 0
    for i, (inv, c, p) in enumerate(zip(invs, cmd_res, page_res)):
        argv = " ".join(argv_of(inv))
        if c != p:
            fails.append("degrade: page vs command: %s\n    command: %r\n    page:    %r"
                         % (argv, c[:3], p[:3]))
        if c[0] != 0 and i < len(ref) + len(monitors):
            fails.append("degrade: %s: status %s %r" % (argv, c[0], c[2][:200]))
        if c[0] != 0:
            refused += 1
            continue
        row = rows_of(c[1])[0]
        vals = dict(inv.items)
        d = bercl.fec_degrade(vals["code"], int(vals["degrade-interval"]), int(vals["degrade-threshold"]),
                              ser=float(vals["ser"]) if "ser" in vals else None)
        if float(row["degrade_p"]) != d.degrade_p or float(row["ser"]) != d.ser:
            fails.append("degrade: %s: command ser %s degrade_p %s, Python %r %r"
                         % (argv, row["ser"], row["degrade_p"], d.ser, d.degrade_p))
        if i < len(ref):
            truth = float(ref[i]["degrade_p"])
            worst = max(worst, abs(float(row["degrade_p"]) - truth) / truth)
    if worst > 4e-16:
        fails.append("degrade: degrade_p %.3g from mpmath's (above 4e-16)" % worst)
    return len(ref), len(monitors), nrandom, refused, worst


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20261205)
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--degrade", type=int, default=60,
                    help="random degraded-SER monitors besides degrade_ref.csv's")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    a = ap.parse_args()
    t0 = time.time()
    scratch = tempfile.mkdtemp(prefix="faces-", dir=os.path.join(ROOT, "tests", "tmp")
                               if os.path.isdir(os.path.join(ROOT, "tests", "tmp")) else None)
    fails = []
    try:
        invs = generate(a.seed, a.count)
        cmd_res, page_res = run_faces(invs, scratch)
        counts, npy = compare(invs, cmd_res, page_res, fails)
        npts, exact, wrong = least_bits(scratch, fails)
        ndeg, nmon, nrand, nref, worst_deg = degrade_points(scratch, fails, a.seed, a.degrade)
    finally:
        if not a.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    statuses = {}
    for c in cmd_res:
        statuses[c[0]] = statuses.get(c[0], 0) + 1
    print("three faces, seed %d: %d invocations (%s); %d through the page, %d through Python; "
          "statuses %s" % (a.seed, len(invs), ", ".join("%s %d" % kv for kv in sorted(counts.items())),
                           sum(i.page for i in invs), npy,
                           " ".join("%s:%d" % kv for kv in sorted(statuses.items()))))
    print("least bits: %d points through the three faces, %d of %d equal mpmath's least whole "
          "number; drift case 83115068219" % (npts, exact - wrong if wrong <= exact else 0, exact))
    print("degraded-SER alarm: %d points of degrade_ref.csv, %d half-alarm SERs and %d random "
          "monitors (%d refused, the same way), the command and the page byte for byte, Python "
          "bit for bit; degrade_p within %.2g of mpmath" % (ndeg, nmon, nrand, nref, worst_deg))
    print("%.1f s" % (time.time() - t0))
    for f in fails[:int(os.environ.get("FACES_SHOW", "40"))]:
        print("FAIL " + f)
    if fails:
        print("%d failures" % len(fails))
        sys.exit(1)


if __name__ == "__main__":
    main()
