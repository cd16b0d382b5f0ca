#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Seeded hostile run of the bercl command (issue 39's acceptance run).

Generates invocations over every channel (flags of every subcommand, sweeps,
batch files on -i, FEC histograms in every --histogram-format, interval logs,
watch streams, signals, memory) from one seed, runs each against the normal
build and (a deterministic sample) against a sanitizer build, and checks the
promises of SPEC.md and bercl(1):

  - exit status in {0,1,2,3,4} (signal cases: death by that signal), no
    sanitizer report, no timeout;
  - stdout holds no NaN/inf word; in csv/tsv/json no probability column
    outside [0, 1] and no log10 probability above 0; json lines parse;
  - exit 2 with nothing on stdout: exactly one stderr line 'bercl: ...';
    a single-row request that exits 2 prints nothing on stdout;
  - batch (-i) and sweeps: one output row per input row / combination;
  - signals: exit within 0.5 s of the signal, stdout ends in a whole line;
  - memory: the peak RSS (wait4) stays under a bound, also under ulimit -v.

Standard library only.  Usage:

  nice /usr/bin/python3 tools/hostile/run.py --bercl ./bercl \
      --san /tmp/san/bercl --seed 39 --out /tmp/hostile-out

  ... --case flags-17        rerun one case (prints the command and files)
"""

import argparse
import collections
import concurrent.futures
import csv
import io
import json
import math
import os
import random
import re
import shlex
import shutil
import signal
import sys
import tempfile
import threading
import time

csv.field_size_limit(1 << 30)

TIMEOUT = 10.0
MEMORY_TIMEOUT = 60.0     # the large inputs (reported with their time)
SIGNAL_TIMEOUT = 45.0     # a signal case that outlives its signal is timed, not cut
SIGNAL_LIMIT = 0.5
RSS_LIMIT_KB = 200 * 1024          # peak RSS allowed for the memory cases
ULIMIT_V_KB = 1000000              # ulimit -v of the memory cases (normal build)

SUBCOMMANDS = ["cl", "bits", "ber", "errors", "simulate", "plan", "watch", "fec"]

# Columns that hold probabilities (or BERs/ratios that must lie in [0, 1]).
PROB_COLUMNS = {
    "cl", "one_minus_cl", "cl_achieved", "ber", "ber_lower", "ber_upper", "ber_estimate",
    "ber_upper_clustered", "ber_lower_clustered", "cl_clustered", "p_pass", "alpha", "beta",
    "alpha_target", "alpha_actual", "beta_actual", "alpha_sim", "beta_sim",
    "one_minus_cl_sim", "one_minus_cl_clustered_sim", "gsl_cl", "gsl_one_minus_cl",
    "gsl_ber_lower", "gsl_ber_upper", "ser", "cer", "post_fec_ber", "ber_max", "cer_upper",
    "ser_estimate", "ser_upper", "cer_predicted", "gof_p", "cer_tail", "cer_tail_lower",
    "cer_tail_upper", "degrade_p", "flr", "flr_upper", "flr_observed", "true_ber", "lane_cl",
    "burst_share", "poisson_cl", "poisson_ber_upper", "fit_p", "ber_at_threshold", "r_squared",
}
# Columns that can never be negative (counts, lengths, times, dispersions),
# and tail_r2, which is at most 1.
NONNEG_COLUMNS = {
    "errors", "bits", "time_s", "rate_bps", "lanes", "max_bits", "expected_bits_good",
    "expected_bits_bad", "fixed_bits", "pass_bits", "fail_bits", "expected_bits",
    "bits_per_lane", "bits_good_sim", "bits_bad_sim", "sim_stderr", "alpha_stderr",
    "beta_stderr", "bits_good_stderr", "bits_bad_stderr", "dispersion", "dispersion_upper",
    "independent_events", "degrade_mean_time", "codewords", "uncorrectable", "gsl_bits",
    "poisson_bits", "reading_interval", "gsl_rel_diff", "points", "sigma", "sigma_lower",
    "sigma_upper", "rj", "rj_lower", "rj_upper", "total_bits", "half_width",
}
LOG_PROB_COLUMNS = {"log10_one_minus_cl"}
NANINF = re.compile(r"(?<![A-Za-z0-9_])(nan|inf|infinity)(?![A-Za-z0-9_])", re.I)
WARNING = re.compile(r"bercl: ([^ ]*: )?(warning|note):")
SAN_MARK = re.compile(r"(AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer|"
                      r"runtime error:|SUMMARY: \w+Sanitizer)")


# ---------------------------------------------------------------- value pools

def pools():
    """Per-quantity values: (valid, borderline, invalid)."""
    ctrl = ["1\n", "1\r", "\t1", "1\x01", "\x1b[31m1", "1\x7f"]
    uni = ["\u0661", "\uff13", "3\u00a0T", "3\u202fT", "1e\u221212", "\u221e", "95\uff05",
           "\U0001F4A9", "3\u0301", "\u200b1"]
    naninf = ["nan", "NaN", "-nan", "inf", "-inf", "Infinity", "INF", "nan(0x1)", "1e999",
              "-1e999", "0x1p-1074", "0x10"]
    long_vals = ["1" * 400, "0." + "0" * 5000 + "1", "1" + "0" * 320, "9" * 100000,
                 "1e" + "9" * 50, "0." + "9" * 400, "1," * 2000 + "1"]
    junk = ["", " ", "-", "--", "abc", "1e", "e5", ".", "1..", "..1", "1..2..3", "1,,2", ",",
            "1_000", "1'000", "0,5", "2,500", "3,000,000,000,000", "1.2.3", "+", "++1", "1e+",
            "1 2", "1;2", "%", "5%%", "-0", "+0"]
    p = {}
    p["errors"] = (["0", "1", "3", "10", "100", "1000", "1e6", "0..3", "0..10", "0..100:11",
                    "1k", "0,1,2", "9007199254740992", "3,10,100", "10..0"],
                   ["9007199254740993", "9007199254740991", "1e15", "0.0", "1e0", "2^53",
                    "4.5e15", "1..100:20log", "1..1e6:7log", "0..3:4", "1E3", " 3", "3 "],
                   ["-1", "1.5", "1e300", "0.5", "-0.5", "1e16", "1..1e16:3log"])
    p["bits"] = (["3T", "1e13", "3e12", "1000", "1", "2.5e12", "1e15..1e16:5log", "1e9,1e12",
                  "1P", "1E", "5G", "100M", "7k"],
                 ["1e300", "1e308", "1.7976931348623157e308", "1e-300", "2.2250738585072014e-308",
                  "4.9e-324", "0.5", "3t", "3 T", "3TB", "3Ti", "1e18", "9007199254740993",
                  "1e21", "1..1e300:4log", "3Tb"],
                 ["0", "-1", "1.8e308", "-3T", "1e-400", "3X", "T", "3TT"])
    p["ber"] = (["1e-12", "1e-15", "1e-9", "0.5", "1e-3", "2.4e-4", "1e-15..1e-9:7log",
                 "1e-12,1e-15", "0.1"],
                ["0.9999999999999999", "2.2250738585072014e-308", "2.2e-308", "1e-300",
                 "4.9e-324", "1e-320", "0.99", "1e-12%", "0.5000000000000001", "1e-308..0.5:3log"],
                ["0", "1", "-1e-12", "1.5", "1e-400", "2", "50%", "1e12"])
    p["cl"] = (["95%", "0.95", "99%", "0.9", "99.9999999999%", "0.5", "90%,95%,99%",
                "0.5..0.99:5"],
               ["0.99999999999999999999", "0.9999999999999999999999999999999999999999",
                "1e-300", "0.95%", "95 %", "99.99999999999999999999%", "1e-20", "50.0%",
                "0.000000000000000000001", "4.9e-324", "99.999999999999999%"],
               ["0", "1", "100%", "0%", "-5%", "95%%", "1.5", "95", "%95", "95%x", "nan%"])
    p["rate"] = (["25.78125G", "10Gb/s", "10Gbps", "53.125G", "100G", "1G", "25G,50G",
                  "100Gbit/s", "1e9"],
                 ["25.78125", "1", "1e-300", "1e300", "1e308", "0.001", "10 Gb/s", "10G b/s",
                  "10gb/s", "10GBps"],
                 ["0", "-1G", "26.5625GBd", "10Gbaud", "10Hz", "G", "1e-400"])
    p["time"] = (["90", "90s", "15min", "2.5h", "1h30m", "2d", "1y", "1w", "1h1m1s", "100ms",
                  "1s,1min,1h"],
                 ["1e-300", "1e300", "1e15y", "0.001ms", "1.5years", "1w2d3h4min5s6ms", "1e6y",
                  "59.999999999999s"],
                 ["0", "-1", "1h1h", "30m1h", "0,5h", "1hr", "h", "1x", "1 h", "--1s"])
    p["lanes"] = (["1", "4", "8", "2", "1..4"],
                  ["1024", "1e6", "1k", "65536", "4294967296", "1e15"],
                  ["0", "-1", "1.5", "1e300", "x"])
    p["trials"] = (["1", "100", "1000", "1e3", "2000"],
                   ["1e4", "5000", "1,2,3"],
                   ["0", "-1", "1.5", "1e11", "1e300"])
    p["seed"] = (["0", "1", "42", "4294967295", "1..3"],
                 ["4294967294", "1e9", "0x10"],
                 ["4294967296", "-1", "1.5", "1e300"])
    p["ratio"] = (["2", "1.5", "10", "3"],
                  ["1.0000001", "1e6", "1.01", "1.1", "999999.9"],
                  ["1", "0.5", "1e7", "0", "-2"])
    p["alpha"] = (["5%", "0.05", "10%", "0.01"],
                  ["1e-10", "50%", "0.5", "99%", "1e-300", "0.999999"],
                  ["0", "1", "100%", "-1%", "2"])
    p["true-ber"] = (["1e-12", "5e-13", "1e-13..1e-11:5log"],
                     ["1e-300", "0.5", "0.9999999"], ["0", "1", "-1"])
    p["reading-interval"] = (["1e10", "1e12", "5e12", "1T"],
                             ["1", "1e300", "1e18", "0.5"], ["0", "-1", "1e-400"])
    p["baud"] = (["26.5625G", "26.5625GBd", "53.125Gbaud", "10G"],
                 ["1e-300", "1e300", "1"], ["0", "-1", "10Gb/s"])
    p["bits-per-symbol"] = (["1", "2", "3"], ["64", "1e6", "4294967296"], ["0", "1.5", "-1"])
    p["cer"] = (["1e-12", "1e-15", "1e-6", "1e-3", "0.5"],
                ["1e-300", "0.9999999", "1e-308", "4.9e-324", "1e-100"],
                ["0", "1", "-1e-12", "1.5"])
    p["codewords"] = (["1e10", "1000000", "1", "1e15"], ["9007199254740992", "1e18", "1e300"],
                      ["0", "-1", "1.5"])
    p["uncorrectable"] = (["0", "1", "10", "1000"], ["1e10", "9007199254740992"],
                          ["-1", "1.5", "1e300"])
    p["ser"] = (["1e-3", "2.4e-3", "1e-6", "0.5"], ["1e-300", "0.9999999", "4.9e-324"],
                ["0", "1", "-0.1", "2"])
    p["interleave"] = (["1", "2", "4"], ["64", "63"], ["0", "65", "1.5"])
    p["frames-per-codeword"] = (["8", "1", "2.5"], ["1e6", "1e-300"], ["0", "1e7", "-1"])
    p["degrade-interval"] = (["8192", "1000", "1", "65536"], ["4294967295", "1e6"],
                             ["0", "4294967296", "-1", "1.5"])
    p["degrade-threshold"] = (["416", "0", "100", "5000"], ["1e9", "9007199254740992"],
                              ["-1", "1.5"])
    p["burst-length"] = (["10", "1", "2.5", "100"], ["1e6", "1.0000001"], ["0", "0.5", "1e7"])
    p["burst-share"] = (["1", "0.5", "0.1"], ["1e-300", "0.9999999"], ["0", "1.5", "-0.5"])
    p["require"] = p["cl"]
    p["_hostile"] = (ctrl, uni + naninf, long_vals + junk)
    return p


SHORT = {"errors": "-e", "bits": "-n", "ber": "-p", "cl": "-c", "rate": "-r", "lanes": "-l",
         "time": "-t", "format": "-f", "input": "-i"}

CODES_VALID = ["kp4", "kr4", "rs:544,514", "rs:528,514,10", "rs:255,239,8", "rs:15,9,4",
               "rs:3,2,2", "rs:15,13,4", "rs:1025,1000,10", "KP4"]
CODES_BAD = ["kp5", "rs:", "rs:10,10", "rs:10,12", "rs:544,514,17", "rs:2000,1000,10",
             "rs:544,514,0", "rs:5,4,1", "rs:-1,2", "rs:544,514,10,3", "rs:1e3,500", "",
             "rs:65537,65535,16", "rs:65537,1,16"]


# ------------------------------------------------------------------ the case

class Case:
    def __init__(self, channel, idx, argv, stdin=None, files=None, batch_rows=None,
                 sweep_rows=None, kind="run", sig=None, delay=None, feed=None, ulimit=None,
                 rss_limit=None, note=""):
        self.id = "%s-%d" % (channel, idx)
        self.channel = channel
        self.argv = argv            # without the program
        self.stdin = stdin          # bytes or None
        self.files = files or {}    # name -> bytes
        self.batch_rows = batch_rows
        self.sweep_rows = sweep_rows
        self.kind = kind            # run | signal | memory
        self.sig = sig
        self.delay = delay
        self.feed = feed            # watch: list of (seconds, bytes) written to an open pipe
        self.ulimit = ulimit
        self.rss_limit = rss_limit
        self.note = note


def q(s):
    return shlex.quote(s) if s != "" else "''"


def printf_quote(b):
    out = []
    for ch in b:
        c = chr(ch)
        if c == "'":
            out.append("'\\''")
        elif c == "\\":
            out.append("\\\\")
        elif c == "%":
            out.append("%%")
        elif 32 <= ch < 127:
            out.append(c)
        else:
            out.append("\\%03o" % ch)
    return "'" + "".join(out) + "'"


def reproducer(case, prog, seed):
    """A shell line reproducing the case, or the run.py line for large inputs."""
    big = (case.stdin is not None and len(case.stdin) > 600) or \
        any(len(v) > 600 for v in case.files.values()) or \
        sum(len(a) for a in case.argv) > 600 or case.kind != "run"
    if big:
        return "/usr/bin/python3 tools/hostile/run.py --seed %d --bercl %s --case %s" % (
            seed, prog, case.id)
    parts = []
    for name, data in case.files.items():
        parts.append("printf %s > %s" % (printf_quote(data), q(name)))
    cmd = " ".join([prog] + [q(a) for a in case.argv])
    if case.stdin is not None:
        cmd = "printf %s | %s" % (printf_quote(case.stdin), cmd)
    parts.append(cmd)
    return "; ".join(parts)


# ------------------------------------------------------------- the generator

class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.p = pools()

    def pick(self, name, tier=None):
        valid, border, bad = self.p[name]
        r = self.r
        if tier is None:
            x = r.random()
            tier = "valid" if x < 0.55 else "border" if x < 0.8 else "bad" if x < 0.95 else "hostile"
        if tier == "valid":
            return r.choice(valid)
        if tier == "border":
            return r.choice(border)
        if tier == "bad":
            return r.choice(bad)
        return r.choice(r.choice(self.p["_hostile"]))

    def flag(self, name):
        if name in SHORT and self.r.random() < 0.3:
            return SHORT[name]
        return "--" + name

    def emit(self, argv, name, value):
        if self.r.random() < 0.1 and value and not value.startswith("-"):
            argv.append("--%s=%s" % (name, value))
        else:
            argv += [self.flag(name), value]

    # one invocation of a subcommand, with mutations
    def base(self, sub, tiers):
        r = self.r
        a = [sub]
        qs = []
        if sub == "cl":
            qs = [("errors", 0.8)]
            qs += [("bits", 1)] if r.random() < 0.6 else [("time", 1), ("rate", 1), ("lanes", 0.4)]
            qs += [("ber", 1), ("require", 0.2)]
        elif sub == "bits":
            qs = [("errors", 0.7), ("ber", 1), ("cl", 1), ("rate", 0.4), ("lanes", 0.3)]
        elif sub == "ber":
            qs = [("errors", 0.8)]
            qs += [("bits", 1)] if r.random() < 0.6 else [("time", 1), ("rate", 1), ("lanes", 0.4)]
            qs += [("cl", 1)]
        elif sub == "errors":
            qs = [("bits", 1)] if r.random() < 0.6 else [("time", 1), ("rate", 1), ("lanes", 0.4)]
            qs += [("ber", 1), ("cl", 1)]
        elif sub == "simulate":
            if r.random() < 0.6:
                qs = [("errors", 0.7), ("bits", 1), ("ber", 1)]
            else:
                qs = [("ber", 1), ("cl", 1), ("alpha", 1), ("ratio", 1)]
            qs += [("trials", 1), ("seed", 0.5)]
        elif sub == "plan":
            if r.random() < 0.6:
                qs = [("ber", 1), ("cl", 1), ("alpha", 1), ("ratio", 1), ("rate", 0.3),
                      ("true-ber", 0.2)]
            else:
                qs = [("errors", 1), ("bits", 1), ("ber", 1), ("ratio", 1)]
        elif sub == "fec":
            form = r.choice(["ber", "ser", "cer", "test", "count", "degrade"])
            qs = {"ber": [("ber", 1), ("rate", 0.3)], "ser": [("ser", 1)],
                  "cer": [("cer", 1)], "test": [("errors", 1), ("bits", 1), ("cl", 1)],
                  "count": [("codewords", 1), ("uncorrectable", 1), ("cl", 0.5), ("cer", 0.5)],
                  "degrade": [("ser", 0.5), ("degrade-interval", 1), ("degrade-threshold", 1)]}[form]
            qs += [("interleave", 0.15), ("frames-per-codeword", 0.15)]
            code = r.choice(CODES_VALID) if r.random() < 0.85 else r.choice(CODES_BAD)
            a += ["--code", code]
        for name, prob in qs:
            if r.random() < prob:
                v = self.pick(name, tiers(name))
                # keep sweeps and runs short: whole-number lists on slow subcommands
                if sub in ("simulate", "plan") and name in ("errors", "bits", "ber", "cl") and \
                        (".." in v or "," in v) and r.random() < 0.7:
                    v = self.pick(name, "valid").split(",")[0]
                    if ".." in v:
                        v = {"errors": "1", "bits": "3T", "ber": "1e-12", "cl": "95%"}[name]
                self.emit(a, name, v)
        return a

    def mutate(self, sub, a):
        r = self.r
        n = r.choice([0, 0, 1, 1, 2, 3])
        allq = [k for k in self.p if not k.startswith("_")]
        for _ in range(n):
            m = r.random()
            if m < 0.25:      # an extra flag, maybe foreign to the subcommand
                name = r.choice(allq)
                self.emit(a, name, self.pick(name))
            elif m < 0.35:    # a switch
                a.append(r.choice(["--verify", "--two-sided", "--sequential", "--all-lanes",
                                   "--plan", "--clustered", "--model=binomial", "--help",
                                   "-V", "--version"]))
            elif m < 0.45:    # format / value
                if r.random() < 0.5:
                    a += [self.flag("format"), r.choice(["text", "csv", "tsv", "json", "CSV",
                                                         "xml", "", "json\n"])]
                else:
                    a += ["--value", r.choice(["cl", "bits", "one_minus_cl", "ber_upper",
                                               "time_s", "alpha", "nope", "", "cl,bits",
                                               "error", "cer", "errors"])]
            elif m < 0.5:
                a += ["--model", r.choice(["poisson", "binomial", "Binomial", "gauss", ""])]
            elif m < 0.6:     # drop an argument pair
                if len(a) > 3:
                    i = r.randrange(1, len(a) - 1)
                    del a[i:i + 2]
            elif m < 0.7:     # duplicate one
                if len(a) > 2:
                    i = r.randrange(1, len(a) - 1)
                    a += a[i:i + 2]
            elif m < 0.78:    # junk
                a.append(r.choice(["--bogus", "-x", "extra", "--", "-", "", "--errors",
                                   "-e", "--=", "---errors=1", "-e1", "-n3T", "-pfoo",
                                   "--ber=", "\u2013\u2013ber", "--BER"]))
            elif m < 0.85:    # delimiter or input without file
                a += r.choice([["--delimiter", r.choice([",", ";", "tab", "|", "", ",,"])],
                               ["-i", r.choice(["/nonexistent", "/", "/dev/null", ""])]])
            elif m < 0.9:     # lane errors (cl)
                a += ["--lane-errors", r.choice(["0,1,0,0,2,0,0,0", "0,0", "1", "0," * 1024 + "0",
                                                 "0,-1", "0,,1", "1e300,0", "0..7",
                                                 ",".join(str(r.randrange(5)) for _ in range(
                                                     r.randrange(2, 40)))])]
            else:
                name = r.choice(allq)
                self.emit(a, name, self.pick(name, "hostile"))
        return a

    def flags_case(self, idx):
        r = self.r
        sub = r.choice(SUBCOMMANDS[:6] + ["fec", "fec"])
        if r.random() < 0.05:
            sub = r.choice(["", "CL", "cls", "help", "--help", "-h", "--version", "eye", "bits\n"])
        clean = r.random() < 0.45
        if clean:   # valid and borderline values only: the numerics' edges
            tiers = lambda name: "valid" if r.random() < 0.6 else "border"
        else:
            tiers = lambda name: None
        a = self.base(sub, tiers)
        if clean:
            for _ in range(r.choice([0, 1, 2])):
                x = r.random()
                if x < 0.35:
                    a += ["-f", r.choice(["csv", "tsv", "json", "text"])]
                elif x < 0.55:
                    a += ["--model", "binomial"]
                elif x < 0.7 and sub in ("cl", "bits", "ber", "simulate"):
                    a.append("--verify")
                elif x < 0.8 and sub == "ber":
                    a.append("--two-sided")
                elif x < 0.9 and sub in ("plan", "simulate"):
                    a.append("--sequential")
                elif sub == "bits":
                    a += ["-l", r.choice(["4", "8"]), "-r", "53.125G", "--all-lanes"]
            if "-f" not in a and r.random() < 0.7:
                a += ["-f", r.choice(["csv", "tsv", "json"])]
        else:
            a = self.mutate(sub, a)
        return Case("flags", idx, a)

    def sweep_case(self, idx):
        """A sweep of valid lists on the cheap subcommands: rows = product."""
        r = self.r
        sub = r.choice(["cl", "bits", "ber", "errors", "fec"])
        lists = {
            "errors": ["0..3", "0,1,10", "0..100:11", "5", "10..0", "0..20"],
            "bits": ["1e9,1e12,1e15", "1e12..1e15:4log", "3T", "1e3..1e6:4"],
            "ber": ["1e-12,1e-15", "1e-15..1e-9:7log", "1e-12", "0.01..0.49:3"],
            "cl": ["90%,95%,99%", "0.5..0.99:5", "95%", "0.9,0.99,0.999,0.9999"],
            "rate": ["25G,50G", "10G"],
            "cer": ["1e-15..1e-3:5log", "1e-12"],
        }
        count = lambda s: sum(
            (int(e.split(":")[1].replace("log", "")) if ":" in e else
             abs(int(float(e.split("..")[1])) - int(float(e.split("..")[0]))) + 1 if ".." in e
             else 1) for e in s.split(","))
        want = {"cl": ["errors", "bits", "ber"], "bits": ["errors", "ber", "cl", "rate"],
                "ber": ["errors", "bits", "cl"], "errors": ["bits", "ber", "cl"],
                "fec": ["ber"] if r.random() < 0.5 else ["cer"]}[sub]
        a = [sub]
        if sub == "fec":
            a += ["--code", r.choice(["kp4", "kr4", "rs:255,239,8"])]
        n = 1
        for name in want:
            v = r.choice(lists[name])
            if sub == "fec" and name == "ber":
                v = r.choice(["1e-12,1e-15", "1e-15..1e-9:7log", "1e-5..1e-3:3log"])
            a += ["--" + name, v]
            n *= count(v)
        if r.random() < 0.3 and sub in ("cl", "ber", "bits"):
            a += ["--model", "binomial"]
        fmt = r.choice(["csv", "tsv", "json"])
        a += ["-f", fmt]
        if sub in ("cl", "bits", "ber") and r.random() < 0.2:
            a.append("--verify")
        return Case("sweep", idx, a, sweep_rows=n)

    # ------------------------------------------------------------ batch
    def cell(self, name, tier=None):
        if name in self.p:
            v = self.pick(name, tier)
        else:
            v = str(self.r.randrange(100))
        # a list or range is not a cell
        return v

    def batch_case(self, idx):
        r = self.r
        sub = r.choice(["cl", "bits", "ber", "errors", "plan", "fec", "simulate", "cl", "bits"])
        cols = {"cl": ["errors", "bits", "ber", "time", "rate", "lanes", "model", "require"],
                "bits": ["errors", "ber", "cl", "rate", "lanes", "model"],
                "ber": ["errors", "bits", "cl", "model", "time", "rate"],
                "errors": ["bits", "ber", "cl", "time", "rate"],
                "plan": ["errors", "bits", "ber", "ratio", "cl", "alpha"],
                "fec": ["ber", "cer", "errors", "bits", "cl", "codewords", "uncorrectable"],
                "simulate": ["errors", "bits", "ber", "trials", "seed"]}[sub]
        present = [c for c in cols if r.random() < 0.75]
        if not present:
            present = cols[:2]
        extra = []
        if r.random() < 0.7:
            extra.append(r.choice(["id", "name", "Lab Note", "\u00e9t\u00e9", "port",
                                   "x" * r.choice([1, 50, 3000]), "#id", "error", "model_2"]))
        if r.random() < 0.05:
            extra.append(r.choice(present))        # a duplicate name
        if r.random() < 0.1:
            extra += ["c%d" % i for i in range(r.choice([100, 2000, 20000]))]   # wide
        header = extra[:1] + present + extra[1:]
        # header spellings
        hdr = []
        for h in header:
            if h in cols and r.random() < 0.15:
                h = r.choice([h.upper(), " %s " % h, h.replace("-", "_"), '"%s"' % h,
                              '" %s"' % h, h.title()])
            hdr.append(h)
        delim = r.choice([",", ",", ",", ";", "\t"])
        nrows = r.choice([0, 1, 2, 5, 20, 100, 1000, r.randrange(1, 50)])
        if sub in ("plan", "simulate"):
            nrows = min(nrows, 20)
        if len(header) > 50:
            nrows = min(nrows, 5)
        eol = "\r\n" if r.random() < 0.2 else "\n"
        lines = []
        if r.random() < 0.1:
            lines.append(r.choice(["", "   ", "\t", "# a comment"]))
        lines.append(delim.join(hdr))
        data = 0
        badness = r.random()
        for i in range(nrows):
            if r.random() < 0.05:
                lines.append(r.choice(["", "  ", "# comment %d" % i, "\t"]))
            cells = []
            for h in header:
                if h in cols:
                    if h == "model":
                        v = r.choice(["poisson", "binomial", "", "gauss"])
                    elif badness < 0.5:
                        v = self.cell(h, "valid")
                    else:
                        v = self.cell(h)
                    # lists are flags' syntax, a cell is one value
                    if sub in ("plan", "simulate") and (".." in v or "," in v):
                        v = self.cell(h, "valid").split(",")[0].split("..")[0]
                    if h == "trials":
                        v = r.choice(["100", "1000", "1", "0", "x"])
                else:
                    v = r.choice(["r%d" % i, "", "a b", "\u00fc\u00f1\u00ee", "x" * 100,
                                  "1e-12", "row\"%d" % i])
                if delim in v or '"' in v or "\n" in v or "\r" in v or (
                        not cells and v.startswith("#")):
                    v = '"' + v.replace('"', '""') + '"'
                cells.append(v)
            if r.random() < 0.05:
                cells = cells[:-1] if len(cells) > 1 and r.random() < 0.5 else cells + ["9"]
            lines.append(delim.join(cells))
        text = eol.join(lines) + (eol if r.random() < 0.9 else "")
        if r.random() < 0.05:      # broken quoting at the end
            text += '"unterminated' + delim + "1" + eol
        if r.random() < 0.1:
            text = "\ufeff" + text
        if r.random() < 0.03:
            text += "binary\x00\x01\x02" + eol
        data_b = text.encode("utf-8", "surrogateescape")
        rows = count_records(data_b, delim)
        a = [sub, "-i", "in.csv" if r.random() < 0.7 else "-"]
        fmt = r.choice(["csv", "csv", "tsv", "json", "text"])
        a += ["-f", fmt]
        if r.random() < 0.5:                     # flags fill the missing columns
            for name in cols:
                if name not in present and name not in ("model", "trials", "ratio") and \
                        r.random() < 0.6:
                    v = self.cell(name, "valid").split(",")[0].split("..")[0]
                    a += ["--" + name, v]
        if sub == "fec":
            a += ["--code", r.choice(CODES_VALID[:4])]
        if sub == "plan" and "ratio" not in present:
            a += ["--ratio", "2"]
        if sub == "simulate" and "trials" not in present:
            a += ["--trials", "1000"]
        if r.random() < 0.1:
            forced = {",": ",", ";": ";", "\t": "tab"}[delim] if r.random() < 0.8 \
                else r.choice([",", ";", "tab"])
            a += ["--delimiter", forced]
            rows = count_records(data_b, "\t" if forced == "tab" else forced)
        files = {}
        stdin = None
        if a[2] == "-":
            stdin = data_b
        else:
            files["in.csv"] = data_b
        return Case("batch", idx, a, stdin=stdin, files=files,
                    batch_rows=rows if fmt != "text" else None)

    # -------------------------------------------------------- histograms
    def hist_counts(self, t):
        r = self.r
        kind = r.random()
        cw = 10 ** r.uniform(2, 14)
        if kind < 0.5:     # roughly binomial
            ser = 10 ** r.uniform(-7, -0.8)
            n = r.choice([544, 544, 255, 15])
            counts = []
            for i in range(t + 1):
                lp = (math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                      + i * math.log(ser) + (n - i) * math.log1p(-ser))
                counts.append(int(cw * math.exp(lp)))
            unc = int(cw * max(0.0, 1 - sum(counts) / cw)) if r.random() < 0.5 else 0
        elif kind < 0.7:   # geometric (bursty)
            rho = r.uniform(0.1, 0.9)
            counts = [int(cw * (1 - rho) * rho ** i) for i in range(t + 1)]
            unc = int(cw * rho ** (t + 1))
        elif kind < 0.85:  # random junk
            counts = [r.choice([0, 1, r.randrange(10 ** 6), 2 ** 63, 2 ** 64, 10 ** 20])
                      for _ in range(t + 1)]
            unc = r.choice([0, 1, 2 ** 63, 10 ** 19])
        else:              # all zero / single
            counts = [0] * (t + 1)
            counts[0] = r.choice([0, 1, 10 ** 12])
            unc = r.choice([0, 0, 5])
        return counts, unc

    def hist_text(self, fmt, t):
        r = self.r
        counts, unc = self.hist_counts(t)
        sep = lambda v: "{:,}".format(v) if r.random() < 0.3 else str(v)
        if fmt == "csv":
            lines = []
            if r.random() < 0.7:
                lines.append(r.choice(["symbol_errors,codewords", "symbol_errors\tcodewords",
                                       "Symbol_Errors,Codewords", "bin,count"]))
            if r.random() < 0.2:
                lines.append("# measured on port 1")
            bins = list(range(t + 1))
            if r.random() < 0.1:
                r.shuffle(bins)
            for i in bins:
                if r.random() < 0.03:
                    continue
                lines.append("%d%s%s" % (i, r.choice([",", "\t", ", "]), counts[i]))
            if r.random() < 0.1:
                lines.append("%d,%d" % (t + 1, r.choice([0, 5])))
            if r.random() < 0.95:
                lines.append("uncorrectable,%d" % unc)
            if r.random() < 0.05:
                lines.append(lines[-1])
            if r.random() < 0.1:
                lines.append(r.choice(["-1,5", "3,-2", "3,1.5", "x,y", "3,nan", "3,1e300",
                                       "3", "3,4,5", "", "  ", "\u00a0"]))
            eol = "\r\n" if r.random() < 0.2 else "\n"
            text = eol.join(lines) + eol
            if r.random() < 0.1:
                text = "\ufeff" + text
            return text
        if fmt == "ethtool-json":
            lanes = r.choice([0, 1, 4, 8])
            def split(v):
                return [v // lanes + (1 if k < v % lanes else 0) for k in range(lanes)] if lanes else None
            hist = []
            for i in range(t + 1):
                if r.random() < 0.03:
                    continue
                o = {"bin_low": i, "bin_high": i, "total": counts[i]}
                if lanes and r.random() < 0.95:
                    o["lanes"] = split(counts[i])
                hist.append(o)
            if r.random() < 0.1 and len(hist) > 3:     # grouped bins
                hist[2]["bin_high"] = min(t, hist[2]["bin_low"] + 2)
                del hist[3:5]
            unco = {"total": unc}
            if lanes:
                unco["lanes"] = split(unc)
            ports = [{"ifname": "eth%d" % k, "config": ["RS"], "active": ["RS"],
                      "statistics": {"corrected_blocks": {"total": sum(counts[1:])},
                                     "uncorrectable_blocks": unco, "hist": hist}}
                     for k in range(r.choice([1, 1, 2, 3]))]
            if r.random() < 0.1:
                del ports[0]["statistics"]["uncorrectable_blocks"]
            text = json.dumps(ports, indent=r.choice([None, 4]))
            m = r.random()
            if m < 0.05:
                text = text[: r.randrange(len(text))]
            elif m < 0.08:
                text = "[" * 100000 + "]" * 100000
            elif m < 0.11:
                text = text.replace("1", "1e400", 1)
            elif m < 0.14:
                text = text.replace('"total"', '"total": -1, "x"', 1)
            elif m < 0.17:
                text = '{"ifname": "\\u0000\\ud800", "statistics": {}}'
            return text
        if fmt == "ethtool-text":
            lanes = r.choice([0, 4])
            lines = ["FEC parameters for eth%d:" % r.randrange(9),
                     "Supported/Configured FEC encodings: RS", "Active FEC encoding: RS",
                     "Statistics:"]
            def pl(v):
                if not lanes:
                    return ""
                parts = [str(v // lanes + (1 if k < v % lanes else 0)) for k in range(lanes)]
                return " [ per_lane: %s ]" % ", ".join(parts)
            lines.append("  corrected_blocks: %d%s" % (sum(counts[1:]), pl(sum(counts[1:]))))
            if r.random() < 0.95:
                lines.append("  uncorrectable_blocks: %d%s" % (unc, pl(unc)))
            for i in range(t + 1):
                if r.random() < 0.03:
                    continue
                lines.append("  fec_symbol_err_%d: %d%s" % (i, counts[i], pl(counts[i])))
            if r.random() < 0.1:
                lines.append(r.choice(["  fec_symbol_err_99: 5", "  fec_symbol_err_3: x",
                                       "  fec_symbol_err_-1: 2", "  uncorrectable_blocks: 1e9"]))
            return "\n".join(lines) + "\n"
        if fmt == "sonic":
            lines = []
            ports = r.choice([1, 2, 3])
            if r.random() < 0.8:
                lines.append("admin@sonic:~$ show interfaces counters fec-stats")
                lines.append("     IFACE    STATE    FEC_CORR    FEC_UNCORR    FEC_SYMBOL_ERR")
                lines.append("----------  -------  ----------  ------------  ----------------")
                for k in range(ports):
                    lines.append("%10s  %7s  %10s  %12s  %16s" % (
                        "Ethernet%d" % (8 * k), "U", sep(sum(counts[1:])),
                        sep(unc) if r.random() < 0.9 else "N/A", sep(sum(counts[1:]))))
            lines.append("admin@sonic:~$ show interfaces counters fec-histogram")
            nb = 16
            w = [18] + [max(6, len(sep(c)) + 2) for c in counts] + [6] * (nb - len(counts))
            lines.append("     IFACE  " + "  ".join(("BIN%d" % i).rjust(w[i]) for i in range(nb)))
            lines.append("----------  " + "  ".join("-" * w[i] for i in range(nb)))
            for k in range(ports):
                cells = []
                for i in range(nb):
                    v = counts[i] if i < len(counts) else 0
                    cells.append(sep(v).rjust(w[i]))
                if r.random() < 0.05:
                    cells[3] = "N/A".rjust(w[3])
                if r.random() < 0.05:
                    cells = cells[:5]
                lines.append("%10s  " % ("Ethernet%d" % (8 * k)) + "  ".join(cells))
            return "\n".join(lines) + "\n"
        if fmt == "sonic-counters":
            lines = []
            k = 1
            fields = [("SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S%d" % i,
                       counts[i] if i < len(counts) else 0) for i in range(16)]
            fields.append(("SAI_PORT_STAT_IF_IN_FEC_NOT_CORRECTABLE_FRAMES", unc))
            r.shuffle(fields)
            if r.random() < 0.05:
                fields = fields[:-1]
            for f, v in fields:
                lines.append('%d) "%s"' % (k, f))
                lines.append('%d) "%s"' % (k + 1, v))
                k += 2
            return "\n".join(lines) + "\n"
        if fmt == "xena":
            tt = t if r.random() < 0.9 else t + 1
            cs = (counts + [0] * 20)[: tt + 1]
            s = sum(cs) if r.random() < 0.9 else sum(cs) + 1
            line = "0/1 PP_RXFECSTATS 0 %d %s %d %d" % (tt + 3, " ".join(map(str, cs)), unc, s)
            lines = ["0/1 PP_RXFECSTATS ?", line]
            if r.random() < 0.2:
                lines.append(line.replace(" 0 ", " 1 ", 1))
            if r.random() < 0.1:
                lines.append("0/1 PP_RXFECSTATS 0 3 5")
            return "\n".join(lines) + "\n"
        raise ValueError(fmt)

    def histogram_case(self, idx):
        r = self.r
        code = r.choice(["kp4", "kp4", "kr4", "rs:255,239,8", "rs:15,9,4", "rs:3,2,2",
                         "rs:528,514,10"])
        t = {"kp4": 15, "kr4": 7, "rs:255,239,8": 8, "rs:15,9,4": 3, "rs:3,2,2": 0,
             "rs:528,514,10": 7}[code]
        if r.random() < 0.1:
            t = r.choice([15, 7, 3])    # a histogram of another code
        fmt = r.choice(["csv", "ethtool-json", "ethtool-text", "sonic", "sonic-counters", "xena"])
        text = self.hist_text(fmt, t)
        flagfmt = {"csv": "csv", "ethtool-json": "ethtool", "ethtool-text": "ethtool",
                   "sonic": "sonic", "sonic-counters": "sonic", "xena": "xena"}[fmt]
        x = r.random()
        if x < 0.35:
            flagfmt = "auto"
        elif x < 0.42:
            flagfmt = r.choice(["csv", "ethtool", "sonic", "xena", "json", ""])
        a = ["fec", "--code", code, "--histogram", "h.txt" if r.random() < 0.85 else "-"]
        if flagfmt != "auto" or r.random() < 0.5:
            a += ["--histogram-format", flagfmt]
        if r.random() < 0.6:
            a += ["-c", self.pick("cl", "valid" if r.random() < 0.8 else None).split(",")[0]]
        if r.random() < 0.2:
            a += ["--method", r.choice(["sonic", "likelihood", "lsq"])]
        if r.random() < 0.2:
            a += ["-r", r.choice(["425G", "100G", "1.6T", "800G", "1"])]
        if r.random() < 0.1:
            a += ["--interleave", self.pick("interleave")]
        if r.random() < 0.1:
            a += ["--frames-per-codeword", self.pick("frames-per-codeword")]
        if r.random() < 0.1:
            a += ["--degrade-interval", r.choice(["8192", "1000", "100000"]),
                  "--degrade-threshold", r.choice(["416", "10", "0"])]
        if r.random() < 0.05:
            a += ["--model", "binomial"]
        a += ["-f", r.choice(["csv", "csv", "tsv", "json", "text"])]
        data = text.encode("utf-8", "surrogateescape")
        if a[4] == "-":
            return Case("histogram", idx, a, stdin=data, note=fmt)
        return Case("histogram", idx, a, files={"h.txt": data}, note=fmt)

    # --------------------------------------------------------- intervals
    def interval_text(self, r):
        cumulative = r.random() < 0.4
        n = r.choice([1, 2, 3, 10, 100, 1000, 20000])
        header = r.choice(["bits,errors", "errors,bits", "time,bits,errors", "", "Bits\tErrors",
                           "bits;errors", "bits,errors,note", "bits"])
        d = "\t" if "\t" in header else ";" if ";" in header else ","
        lines = [header] if header else []
        bits = 0
        errs = 0
        mode = r.random()
        for i in range(n):
            nb = r.choice([1e9, 1e10, 1e12, 2.5e10, 1e3])
            ne = 0
            if mode < 0.4:
                ne = 1 if r.random() < 0.05 else 0
            elif mode < 0.7:
                ne = r.choice([0] * 20 + [40, 3, 1])
            elif mode < 0.8:
                ne = 0
            else:
                ne = r.randrange(5)
            bits += nb
            errs += ne
            b, e = (bits, errs) if cumulative else (nb, ne)
            bs = "%g" % b if r.random() < 0.8 else r.choice(["%dG" % (b // 1e9), repr(b)])
            row = {"bits": bs, "errors": str(e), "time": str(i), "note": "n%d" % i}
            cols = header.replace("\t", ",").replace(";", ",").lower().split(",") if header else ["bits", "errors"]
            cells = [row.get(c, "0") for c in cols]
            if r.random() < 0.01:
                cells[r.randrange(len(cells))] = r.choice(["-1", "x", "", "1e400", "nan",
                                                           "1.5", "0"])
            if r.random() < 0.01:
                lines.append(r.choice(["# comment", "", "  "]))
            lines.append(d.join(cells))
        if r.random() < 0.05 and len(lines) > 3:
            lines[2], lines[3] = lines[3], lines[2]
        text = ("\r\n" if r.random() < 0.1 else "\n").join(lines) + "\n"
        if r.random() < 0.05:
            text = "\ufeff" + text
        if r.random() < 0.02:
            text = text + "9" * 5000 + ",0\n"
        return text

    def intervals_case(self, idx):
        r = self.r
        text = self.interval_text(r)
        sub = r.choice(["cl", "cl", "ber", "watch"])
        a = [sub, "--intervals", "iv.csv" if r.random() < 0.85 else "-"]
        if sub == "cl":
            a += ["-p", self.pick("ber", "valid").split(",")[0].split("..")[0]]
            if r.random() < 0.3:
                a += ["--require", r.choice(["95%", "99%", "0.5"])]
        elif sub == "ber":
            a += ["-c", r.choice(["95%", "99%", "0.9"])]
            if r.random() < 0.3:
                a.append("--two-sided")
        else:
            a += ["-p", r.choice(["1e-12", "1e-10", "1e-9"]), "-c", "95%"]
            if r.random() < 0.4:
                a.append("--clustered")
            if r.random() < 0.2:
                a += ["--plan", "--alpha", "5%", "--ratio", "2"]
        if sub != "watch" and r.random() < 0.3:
            a += ["--intervals-form", r.choice(["auto", "per-interval", "cumulative", "both"])]
        if r.random() < 0.1:
            a += ["-r", "25G"]
        if r.random() < 0.05:
            a += ["-n", "3T"]
        a += ["-f", r.choice(["csv", "tsv", "json", "text"])]
        data = text.encode()
        if a[2] == "-":
            return Case("intervals", idx, a, stdin=data)
        return Case("intervals", idx, a, files={"iv.csv": data})

    # ------------------------------------------------------------- watch
    def watch_case(self, idx):
        r = self.r
        lanes = r.random() < 0.3
        use_time = r.random() < 0.3
        both = r.random() < 0.15
        cols = (["lane"] if lanes else []) + (["time"] if use_time or both else []) + \
            (["bits"] if not use_time or both else []) + ["errors"]
        if r.random() < 0.2:
            r.shuffle(cols)
        if r.random() < 0.1:
            cols.append("stamp")
        d = r.choice([",", ",", ";", "\t"])
        lines = []
        if r.random() < 0.1:
            lines.append(r.choice(["# BERT log", "", "   "]))
        lines.append(d.join(cols))
        nl = r.choice([1, 2, 4]) if lanes else 1
        state = {k: [0.0, 0] for k in range(nl)}
        n = r.choice([1, 3, 10, 50, 500, 5000])
        rate = 25e9
        step = r.choice([1e10, 1e11, 1e12, 5e11])
        ber = r.choice([1e-12, 1e-13, 1e-11])
        for i in range(n):
            k = r.randrange(nl)
            s = state[k]
            s[0] += step
            lam = step * ber
            # Poisson draw (small lambda)
            e = 0
            L = math.exp(-min(lam, 50))
            pp = r.random()
            while pp > L and e < 100:
                e += 1
                pp *= r.random()
            if r.random() < 0.02:
                e += 30          # a burst
            s[1] += e
            row = {"lane": str(k + 1) if r.random() > 0.02 else "#%d" % (k + 1),
                   "time": "%g" % (s[0] / rate), "bits": "%g" % s[0], "errors": str(s[1]),
                   "stamp": "12:00:%02d" % (i % 60)}
            m = r.random()
            if m < 0.01:
                row["bits"] = "%g" % (s[0] - 2 * step)        # backwards
            elif m < 0.02:
                row["errors"] = str(max(0, s[1] - 5))
            elif m < 0.03:
                row[r.choice(cols)] = r.choice(["x", "", "-1", "nan", "1e400", "1,000", "\u0661"])
            if r.random() < 0.02:
                lines.append(r.choice(["# comment", "", "\t"]))
            lines.append(d.join(row.get(c, "0") for c in cols))
        text = "\n".join(lines) + ("\n" if r.random() < 0.95 else "")
        a = ["watch", "-p", r.choice(["1e-12", "1e-12", "1e-13", "1e-11", "1e-9"]),
             "-c", r.choice(["95%", "99%", "0.9", "99.9%"])]
        if r.random() < 0.3:
            a += ["-e", r.choice(["0", "1", "3", "10"])]
        if use_time or r.random() < 0.1:
            a += ["-r", r.choice(["25G", "25.78125G", "1", "53.125G"])]
        if lanes or r.random() < 0.1:
            a += ["-l", str(r.choice([1, nl, nl + 1, 4]))]
        if r.random() < 0.3:
            a += ["--plan", "--alpha", r.choice(["5%", "1%"]), "--ratio", r.choice(["2", "1.5"])]
            if r.random() < 0.3:
                a += ["--reading-interval", r.choice(["1e11", "1e12", "1"])]
        elif r.random() < 0.2:
            a.append("--clustered")
        if r.random() < 0.1:
            a += ["--value", r.choice(["cl", "decision", "bits", "dispersion"])]
        else:
            a += ["-f", r.choice(["csv", "tsv", "json", "text"])]
        return Case("watch", idx, a, stdin=text.encode())

    # ----------------------------------------------------------- eye scans
    def eye_scan_text(self, axis):
        """A bathtub (time) or threshold (voltage) scan drawn from a known
        dual-Dirac / two-Gaussian eye, then mutated: columns shuffled, a ber
        column, comments, blank lines, bad cells, too few rows."""
        r = self.r
        n = r.choice([1, 3, 16, 40, 65, 65, 65, 300])
        bits = r.choice([1e6, 1e9, 1e10, 1e10, 1e12, 1e15])
        sigma = r.choice([0.005, 0.02, 0.02, 0.03, 0.05, 0.2])
        dj = r.choice([0.0, 0.1, 0.3, 0.9])
        rho = r.choice([0.5, 0.25, 1.0])
        cols = ["offset", "bits", "errors"] if r.random() < 0.8 else ["offset", "bits", "ber"]
        if r.random() < 0.2:
            r.shuffle(cols)
        if r.random() < 0.1:
            cols.append("note")
        d = r.choice([",", ",", ";", "\t"])
        lines = []
        if r.random() < 0.2:
            lines.append(r.choice(["# scan", "", "   "]))
        lines.append(d.join(cols))
        for i in range(n):
            x = i / max(n - 1, 1)
            if axis == "time":
                left = rho * 0.5 * math.erfc((x - dj / 2) / sigma / math.sqrt(2))
                right = rho * 0.5 * math.erfc(((1 - dj / 2) - x) / sigma / math.sqrt(2))
                p = min(0.5, left + right)
                off = "%.6g" % x
            else:
                v = (x - 0.5) * 400
                p = 0.5 * (0.5 * math.erfc((v + 200) / 25 / math.sqrt(2))
                           + 0.5 * math.erfc((200 - v) / 25 / math.sqrt(2)))
                off = "%.6g" % v
            lam = bits * p
            e = int(round(lam + (r.gauss(0, 1) * math.sqrt(lam) if lam > 0 else 0)))
            e = max(0, min(int(bits), e))
            row = {"offset": off, "bits": "%.17g" % bits, "errors": str(e),
                   "ber": "%.6g" % (e / bits), "note": "x"}
            m = r.random()
            if m < 0.005:
                row[r.choice(cols)] = r.choice(["x", "", "-1", "nan", "inf", "1e400", "1,000",
                                                "\u0661", "0x10", "1e-400", "5e-324"])
            elif m < 0.008:
                row["errors"] = "%.17g" % (bits * 2)       # more errors than bits
            elif m < 0.01:
                row["offset"] = lines[-1].split(d)[0] if len(lines) > 1 else "0"   # duplicate
            if r.random() < 0.02:
                lines.append(r.choice(["# comment", "", "\t"]))
            lines.append(d.join(row.get(c, "0") for c in cols))
        return "\n".join(lines) + ("\n" if r.random() < 0.95 else "")

    def eye_ibert_text(self):
        """docs/examples/eye_ibert.csv (an IBERT 2-D export), mutated."""
        r = self.r
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                               "docs", "examples", "eye_ibert.csv"), "rb") as f:
            lines = f.read().decode().split("\n")
        for _ in range(r.choice([0, 0, 0, 0, 1, 3, 10])):
            i = r.randrange(len(lines))
            cells = lines[i].split(",")
            j = r.randrange(len(cells))
            cells[j] = r.choice(["", "x", "-1", "nan", "1e400", "0", "2", "9.31323e-10",
                                 "Scan Start", "2d statistical", "1e-400"])
            lines[i] = ",".join(cells)
        if r.random() < 0.1:
            del lines[r.randrange(len(lines)):]
        if r.random() < 0.05:
            lines = lines[: len(lines) // 2] + lines[len(lines) // 2:] * 3
        return "\n".join(lines)

    def eye_case(self, idx):
        r = self.r
        ibert = r.random() < 0.25
        axis = r.choice(["time", "time", "voltage"])
        a = ["eye"]
        stdin = None
        files = {}
        plan_only = r.random() < 0.1
        if not plan_only:
            text = (self.eye_ibert_text() if ibert else self.eye_scan_text(axis)).encode()
            if r.random() < 0.5:
                a += ["-i", "-"]
                stdin = text
            else:
                files["scan.csv"] = text
                a += ["-i", "scan.csv"]
            if r.random() < 0.3:
                a += ["--scan-format", r.choice(["auto", "csv", "ibert"] * 3 + ["IBERT", "xena", ""])]
        if r.random() < 0.5 or axis == "voltage":
            a += ["--axis", axis if r.random() < 0.95 else r.choice(["both", "", "Time"])]
        # (flag, usual values, hostile values): a hostile value one time in five
        opts = [("--ber", ["1e-12", "1e-12,1e-15", "1e-300", "0.5", "1e-9..1e-15:4"],
                 ["0", "1", "1e-400", "x", "nan"]),
                ("--cl", ["95%", "99%", "0.9", "50%", "99.9999999999%"],
                 ["100%", "0", "1e-17", "x"]),
                ("--transition-density", ["0.5", "fit", "1", "0.25"], ["0", "2", "-1", "x"]),
                ("--fit-below", ["1e-3", "1e-6", "0.5", "1"], ["0", "1e-300", "x"]),
                ("--method", ["likelihood", "regression"], ["sonic", ""]),
                ("--value", ["eye_opening", "tj", "q", "fit_p", "r_squared", "bits"], ["nope"])]
        for name, vals, bad in opts:
            if r.random() < 0.3:
                v = r.choice(vals if r.random() < 0.8 else bad)
                if r.random() < 0.1 and v:
                    a.append("%s=%s" % (name, v))
                else:
                    a += [name, v]
        if plan_only or r.random() < 0.15:
            a.append("--plan")
            if r.random() < 0.9:
                a += ["--half-width", r.choice(["0.01", "0.001", "0.1", "1e-9", "0", "-1", "x"])]
            if plan_only or r.random() < 0.5:
                a += ["--sigma", r.choice(["0.02", "0.01", "0.05", "0", "1e-300", "x"])]
                a += ["--dj", r.choice(["0.2", "0", "0.3", "1", "-0.1"])]
            if r.random() < 0.6:
                a += ["--offsets", r.choice(["0.05..0.3:11", "0.1,0.2,0.3", "0.05..0.3:100000",
                                             "0.3..0.05:5", "x", "0..1:2"])]
            if r.random() < 0.5:
                a += ["-r", r.choice(["25.78125G", "53.125G", "1", "1e-300", "x"])]
        if "--value" not in a and r.random() < 0.7:
            a += ["-f", r.choice(["csv", "tsv", "json", "text"])]
        return Case("eye", idx, a, stdin=stdin, files=files)

    # ----------------------------------------------------------- signals
    def signal_case(self, idx, bigfile):
        r = self.r
        sig = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP][idx % 3]
        kind = ["plan-seq", "sim-plan", "sim-sweep", "batch", "watch-pipe", "watch-slow",
                "sweep", "sim-seq-rd", "plan-true-ber", "batch-pipe", "intervals-pipe",
                "histogram-pipe", "fec-degrade", "batch-plan", "batch-fec-degrade"][(idx // 3) % 15]
        delay = r.uniform(0.25, 1.2)
        feed = None
        files = {}
        stdin = None
        if kind == "plan-seq":
            a = ["plan", "-p", "1e-12", "-c", r.choice(["99.9%", "99.99%"]), "--alpha",
                 r.choice(["0.1%", "0.01%"]), "--ratio", r.choice(["1.2", "1.3", "1.5"]),
                 "--sequential", "-f", "csv"]
        elif kind == "sim-plan":
            a = ["simulate", "-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "2",
                 "--sequential", "--trials", "1e8", "-f", "csv"]
        elif kind == "sim-sweep":
            a = ["simulate", "-e", "0..30", "-n", "3T", "-p", "1e-12", "--trials", "3e6",
                 "-f", r.choice(["csv", "text"])]
        elif kind == "batch":
            a = ["cl", "-i", "big.csv", "-f", r.choice(["csv", "json", "text"])]
            files["big.csv"] = bigfile
        elif kind == "watch-pipe":
            a = ["watch", "-p", "1e-12", "-c", "95%", "-f", "csv"]
            feed = [(0.0, b"bits,errors\n"), (0.1, b"1e11,0\n")]
        elif kind == "watch-slow":
            a = ["watch", "-p", "1e-12", "-c", "99.9999%", "-f", "csv"]
            feed = [(0.0, b"bits,errors\n")] + [(0.05, b"%d,0\n" % (k * 10 ** 9))
                                                  for k in range(1, 200)]
        elif kind == "batch-pipe":
            a = ["cl", "-i", "-", "-f", "csv"]
            feed = [(0.0, b"errors,bits,ber\n0,3T,1e-12\n")]
        elif kind == "intervals-pipe":
            a = ["cl", "--intervals", "-", "-p", "1e-12", "-f", "csv"]
            feed = [(0.0, b"bits,errors\n1e9,0\n")]
        elif kind == "histogram-pipe":
            a = ["fec", "--code", "kp4", "--histogram", "-", "-f", "csv"]
            feed = [(0.0, b"symbol_errors,codewords\n0,5\n")]
        elif kind == "fec-degrade":    # one row: the SER at which the alarm fires half the time
            a = ["fec", "--code", r.choice(["kp4", "rs:15,9,4"]), "--degrade-interval", "1e6",
                 "--degrade-threshold", "5000", "-f", "csv"]
        elif kind == "batch-plan":     # rows of hard sequential plans
            a = ["plan", "-i", "p.csv", "--sequential", "--true-ber", "1e-12", "-f", "csv"]
            files["p.csv"] = b"ber,cl,alpha,ratio\n" + b"".join(
                b"1e-12,99.9%%,0.1%%,1.2%d\n" % k for k in range(4))
        elif kind == "batch-fec-degrade":
            a = ["fec", "--code", "kp4", "-i", "f.csv", "--degrade-interval", "1e6",
                 "--degrade-threshold", "5000", "-f", "csv"]
            files["f.csv"] = b"id\n1\n2\n"
        elif kind == "sweep":
            a = ["bits", "-e", "0..100000000", "-p", "1e-15..1e-3:1000log", "-c", "95%",
                 "-f", "csv"]
        elif kind == "sim-seq-rd":
            a = ["simulate", "-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "2",
                 "--sequential", "--reading-interval", "1e11", "--trials", "1e8", "-f", "csv"]
        else:
            a = ["plan", "-p", "1e-12", "-c", "99.9%", "--alpha", "0.1%", "--ratio", "1.3",
                 "--sequential", "--true-ber", "1e-14..1e-11:100000log", "-f", "csv"]
        return Case("signals", idx, a, stdin=stdin, files=files, kind="signal", sig=sig,
                    delay=delay, feed=feed, note=kind)

    # ------------------------------------------------------------ memory
    def memory_cases(self):
        r = self.r
        cases = []
        def add(a, files=None, stdin=None, note="", ulimit=True, rows=None):
            cases.append(Case("memory", len(cases), a, files=files, stdin=stdin, kind="memory",
                              ulimit=ULIMIT_V_KB if ulimit else None, rss_limit=RSS_LIMIT_KB,
                              note=note, batch_rows=rows))
        # wide: 100,000 columns x 300 rows, and 120,000 x 3 (issue 39 item 2)
        for ncol, nrow in ((100000, 3), (120000, 300), (10000, 3000)):
            hdr = ",".join(["errors", "bits", "ber"] + ["c%d" % i for i in range(ncol)])
            row = ",".join(["0", "3T", "1e-12"] + ["1"] * ncol)
            data = (hdr + "\n" + (row + "\n") * nrow).encode()
            add(["cl", "-i", "wide.csv", "-f", "csv"], files={"wide.csv": data},
                note="wide %dx%d" % (ncol, nrow), rows=nrow)
        # many rows
        for n in (200000, 1000000):
            data = "errors,bits,ber\n" + "".join("%d,%dG,1e-12\n" % (i % 50, 1 + i % 7000)
                                                 for i in range(n))
            add(["cl", "-i", "rows.csv", "-f", "csv"], files={"rows.csv": data.encode()},
                note="rows %d" % n, rows=n)
        data = "errors,ber,cl\n" + "".join("%d,1e-%d,95%%\n" % (i % 20, 9 + i % 7)
                                           for i in range(100000))
        add(["bits", "-i", "-", "-f", "json"], stdin=data.encode(), note="bits rows 1e5 stdin",
            rows=100000)
        # one huge record (over 1 MiB) and a 1 MiB header
        data = "id,errors,bits,ber\n" + "x" * (3 << 20) + ",0,3T,1e-12\nok,0,3T,1e-12\n"
        add(["cl", "-i", "h.csv", "-f", "csv"], files={"h.csv": data.encode()},
            note="3 MiB record", rows=2)
        data = ",".join("n%d" % i for i in range(120000)) + ",errors,bits,ber\n" + \
            ",".join("" for _ in range(120000)) + ",0,3T,1e-12\n"
        add(["cl", "-i", "hh.csv", "-f", "csv"], files={"hh.csv": data.encode()},
            note="120,000 names header (0.9 MB)", rows=1)
        # a long interval log and a long watch stream
        data = "bits,errors\n" + "".join("1e9,%d\n" % (1 if i % 997 == 0 else 0)
                                         for i in range(1000000))
        add(["cl", "--intervals", "iv.csv", "-p", "1e-12", "-f", "csv"],
            files={"iv.csv": data.encode()}, note="intervals 1e6")
        data = "bits,errors\n" + "".join("%d,0\n" % (i * 1000) for i in range(1, 1000000))
        add(["watch", "-p", "1e-12", "-c", "99.99999%", "-f", "csv"], stdin=data.encode(),
            note="watch 1e6 readings")
        data = "lane,bits,errors\n" + "".join("%d,%d,0\n" % (i % 1000, (i // 1000 + 1) * 1000)
                                              for i in range(300000))
        add(["watch", "-p", "1e-12", "-c", "99.99999%", "-l", "1000", "-f", "csv"],
            stdin=data.encode(), note="watch 1000 lanes")
        data = "lane,bits,errors\n" + "".join("L%d,1000,0\n" % i for i in range(200000))
        add(["watch", "-p", "1e-12", "-c", "99.99999%", "-f", "csv"],
            stdin=data.encode(), note="watch 200,000 distinct lanes")
        # a 4 MiB and a 40 MiB histogram report
        line = "0/1 PP_RXFECSTATS 0 18 100 10 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 111\n"
        add(["fec", "--code", "kp4", "--histogram", "x.txt", "-f", "csv"],
            files={"x.txt": (line * ((4 << 20) // len(line) - 1)).encode()}, note="xena 4 MiB")
        add(["fec", "--code", "kp4", "--histogram", "x.txt", "-f", "csv"],
            files={"x.txt": (line * ((40 << 20) // len(line))).encode()}, note="xena 40 MiB")
        js = "[" + ",".join('{"ifname":"eth%d","statistics":{"uncorrectable_blocks":{"total":0},'
                            '"hist":[%s]}}' % (k, ",".join('{"bin_low":%d,"bin_high":%d,"total":%d}'
                                                           % (i, i, 10 ** (12 - i % 12))
                                                           for i in range(16)))
                            for k in range(4000)) + "]"
        add(["fec", "--code", "kp4", "--histogram", "e.json", "-f", "csv"],
            files={"e.json": js.encode()}, note="ethtool 4000 ports")
        # sweeps that must stream in constant memory
        add(["cl", "-e", "0..2000", "-n", "1e9..1e15:500log", "-p", "1e-12", "-f", "csv"],
            note="sweep 1,000,500 rows")
        add(["bits", "-e", "0..100", "-p", "1e-15..1e-9:2000log", "-c", "95%", "-f", "json"],
            note="sweep 202,000 bits rows")
        add(["cl", "--lane-errors", ",".join("0" for _ in range(1024)), "-n", "3T", "-p", "1e-12",
             "-f", "csv"], note="1024 lanes")
        # the sanitizer build runs these too, without ulimit -v (ASan reserves shadow memory)
        return cases


def count_records(data, delim):
    """Data records of a batch file as bercl(1) reads them: RFC 4180 quoting,
    blank lines (spaces and tabs only) and '#' lines skipped, the header not
    counted."""
    text = data.decode("utf-8", "replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    if '"' not in text:
        lines = [l.rstrip("\r") for l in text.split("\n")]
        good = [l for l in lines if l.strip(" \t") != "" and not l.startswith("#")]
        return max(0, len(good) - 1)
    i = 0
    n = len(text)
    records = 0
    header_seen = False
    while i < n:
        # start of a record
        j = text.find("\n", i)
        line_end = n if j < 0 else j
        line = text[i:line_end].rstrip("\r")
        if line.strip(" \t") == "" or line.startswith("#"):
            i = line_end + 1
            continue
        # walk the record honouring quotes
        k = i
        at_field_start = True
        inq = False
        while k < n:
            c = text[k]
            if inq:
                if c == '"':
                    if k + 1 < n and text[k + 1] == '"':
                        k += 2
                        continue
                    inq = False
                k += 1
                continue
            if c == "\n":
                break
            if c == '"' and at_field_start:
                inq = True
                at_field_start = False
            elif c == delim:
                at_field_start = True
            else:
                at_field_start = False
            k += 1
        if header_seen:
            records += 1
        header_seen = True
        i = k + 1
    return records


# ---------------------------------------------------------------- the runner

def run_case(case, prog, seed, workroot, san):
    d = tempfile.mkdtemp(prefix=case.id + "-", dir=workroot)
    try:
        return _run_case(case, prog, seed, d, san)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _run_case(case, prog, seed, d, san):
    for name, data in case.files.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
    env = dict(os.environ)
    env["LC_ALL"] = "C.UTF-8"
    env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=86"
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    env.pop("BERCL_PROGRESS_DELAY", None)
    argv = [prog] + case.argv
    rss_file = os.path.join(d, ".rss")
    if case.kind == "memory":
        # the peak RSS of bercl alone: wait4's ru_maxrss of a child forked from
        # this (large) Python process would count the parent's pages before exec
        argv = ["/usr/bin/time", "-o", rss_file, "-f", "%M"] + argv
        if case.ulimit and not san:
            argv = ["/bin/sh", "-c", 'ulimit -v %d; exec "$@"' % case.ulimit, "sh"] + argv
    stdin_f = None
    if case.stdin is not None and case.feed is None:
        p_in = os.path.join(d, ".stdin")
        with open(p_in, "wb") as f:
            f.write(case.stdin)
        stdin_f = open(p_in, "rb")
    out_p = os.path.join(d, ".stdout")
    err_p = os.path.join(d, ".stderr")
    fo = open(out_p, "wb")
    fe = open(err_p, "wb")
    import subprocess
    t0 = time.monotonic()
    p = subprocess.Popen(argv, cwd=d, env=env,
                         stdin=subprocess.PIPE if case.feed is not None else
                         (stdin_f if stdin_f else subprocess.DEVNULL),
                         stdout=fo, stderr=fe)
    feeder = None
    if case.feed is not None:
        def feed():
            try:
                for delay, data in case.feed:
                    time.sleep(delay)
                    p.stdin.write(data)
                    p.stdin.flush()
                # keep the pipe open: a BERT that sends nothing more
                time.sleep(30)
            except (BrokenPipeError, ValueError, OSError):
                pass
        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
    res = {"id": case.id, "channel": case.channel, "timeout": False, "elapsed": None}
    t_sig = None
    if case.kind == "signal":
        while time.monotonic() - t0 < case.delay:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.005)
        else:
            pid = 0
        if pid == 0:
            os.kill(p.pid, case.sig)
            t_sig = time.monotonic()
    else:
        pid = 0
    sleep = 0.001
    while not pid:
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - t0 > (MEMORY_TIMEOUT if case.kind == "memory" else
                                    SIGNAL_TIMEOUT if case.kind == "signal" else TIMEOUT):
            p.kill()
            pid, status, ru = os.wait4(p.pid, 0)
            res["timeout"] = True
            break
        time.sleep(sleep)
        sleep = min(sleep * 1.5, 0.003 if case.kind == "signal" else 0.02)
    t1 = time.monotonic()
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.stdin:
        try:
            p.stdin.close()
        except OSError:
            pass
    fo.close()
    fe.close()
    if stdin_f:
        stdin_f.close()
    res["rc"] = p.returncode
    res["maxrss_kb"] = ru.ru_maxrss
    if case.kind == "memory":
        try:
            with open(rss_file) as f:
                res["maxrss_kb"] = int(f.read().split()[-1])
                if res["rc"] == 0 or res["rc"] > 128:
                    pass
        except (OSError, ValueError, IndexError):
            res["maxrss_kb"] = -1
    res["wall"] = t1 - t0
    res["sig_latency"] = (t1 - t_sig) if t_sig is not None else None
    with open(out_p, "rb") as f:
        res["stdout"] = f.read()
    with open(err_p, "rb") as f:
        res["stderr"] = f.read()
    return res


# ------------------------------------------------------------------ checking

def parse_prob(v):
    v = v.strip()
    if v == "":
        return None
    m = re.fullmatch(r"10\^(.+)", v)
    if m:
        return ("log10", float(m.group(1)))
    return float(v)


def check(case, res, san):
    """A list of (category, detail) failures, and a list of notes."""
    fails = []
    notes = []
    out = res["stdout"]
    err = res["stderr"].decode("utf-8", "replace")
    rc = res["rc"]
    if res["timeout"]:
        fails.append(("timeout", "no exit within %g s%s" % (
            MEMORY_TIMEOUT if case.kind == "memory" else SIGNAL_TIMEOUT if case.kind == "signal"
            else TIMEOUT, " (%s)" % case.note if case.note else "")))
        return fails, notes
    if SAN_MARK.search(err):
        line = next((l for l in err.splitlines() if SAN_MARK.search(l)), "")
        fails.append(("sanitizer", line.strip()[:200]))
    if case.kind == "signal":
        if res["sig_latency"] is None:
            notes.append(("signal-not-sent", "exited (%s) before the signal at %.2f s" % (
                rc, case.delay)))
        else:
            notes.append(("signal-latency", "%s %s: %.0f ms, status %s, %d bytes out" % (
                case.note, signal.Signals(case.sig).name, res["sig_latency"] * 1000, rc,
                len(res["stdout"]))))
            if res["sig_latency"] > SIGNAL_LIMIT:
                fails.append(("signal-slow", "%s exit %.3f s after %s" % (
                    case.note, res["sig_latency"], signal.Signals(case.sig).name)))
            if rc == 0 and res["sig_latency"] < 0.01:
                # the run ended as the signal was sent (kill() succeeds on a
                # process that is exiting): a race of the harness, not a
                # signal ignored
                notes.append(("signal-at-exit", "%s: status 0 %.1f ms after %s" % (
                    case.note, res["sig_latency"] * 1000, signal.Signals(case.sig).name)))
            elif rc != -case.sig:
                fails.append(("signal-status", "%s: status %s, want death by %s" % (
                    case.note, rc, signal.Signals(case.sig).name)))
            if out and not out.endswith(b"\n"):
                fails.append(("signal-partial-line", "%s: stdout ends %r" % (
                    case.note, out[-40:])))
        return fails, notes
    if rc not in (0, 1, 2, 3, 4):
        fails.append(("exit-status", "status %s" % rc))
    if rc == 3:
        notes.append(("exit-3", (err.strip().splitlines() or [""])[-1][:200]))
    if case.kind == "memory":
        if not san and res["maxrss_kb"] > case.rss_limit:
            fails.append(("memory", "%s: peak RSS %d MB" % (case.note, res["maxrss_kb"] // 1024)))
        notes.append(("rss", "%s: %d MB, %.1f s, exit %s" % (case.note, res["maxrss_kb"] // 1024,
                                                              res["wall"], rc)))
        if rc == 3 and "memory" in err:
            fails.append(("memory", "%s: %s" % (case.note, err.strip()[:200])))
    text = out.decode("utf-8", "replace")
    # NaN / inf as a word, outside quoted echoes of the input
    stripped = re.sub(r"'[^'\n]*'", "''", text)
    inputs = " ".join(case.argv) + (case.stdin or b"").decode("utf-8", "replace") + \
        " ".join(v.decode("utf-8", "replace") for v in case.files.values())
    for m in NANINF.finditer(stripped):
        word = m.group(1)
        if NANINF.search(inputs) and re.search(r"(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" %
                                               re.escape(word), inputs, re.I):
            notes.append(("naninf-echo", word))
            continue
        line = stripped[: m.end()].rsplit("\n", 1)[-1][-120:]
        fails.append(("nan-inf", "stdout: ...%s" % line))
        break
    if out and not out.endswith(b"\n"):
        fails.append(("partial-line", "stdout ends %r" % out[-40:]))
    fmt = None
    for i, x in enumerate(case.argv):
        if x in ("-f", "--format") and i + 1 < len(case.argv):
            fmt = case.argv[i + 1]
        elif x.startswith("--format="):
            fmt = x.split("=", 1)[1]
    value = None
    for i, x in enumerate(case.argv):
        if x == "--value" and i + 1 < len(case.argv):
            value = case.argv[i + 1]
    # structured checks of the machine formats (--help and --version print none)
    if any(x in ("-h", "--help", "-V", "--version") for x in case.argv):
        fmt = value = None
    rows = None
    if out and rc in (0, 1, 2, 4) and value is None and fmt in ("csv", "tsv", "json"):
        rows = 0
        try:
            if fmt == "json":
                for line in text.splitlines():
                    try:
                        obj = json.loads(line, parse_constant=lambda c: (_ for _ in ()).throw(
                            ValueError("json constant " + c)))
                    except ValueError as e:
                        fails.append(("json", "line does not parse (%s): %s" % (e, line[:150])))
                        break
                    rows += 1
                    if not isinstance(obj, dict):
                        # --value with -f json: one bare value a line
                        if not isinstance(obj, (int, float, str)):
                            fails.append(("json", "a line is neither an object nor a value: %s"
                                          % line[:150]))
                        continue
                    for k, v in obj.items():
                        probe(k, v, fails)
            else:
                rd = csv.reader(io.StringIO(text, newline=""),
                                delimiter="," if fmt == "csv" else "\t")
                header = None
                for rec in rd:
                    if header is None or rec == header:
                        header = rec
                        continue
                    rows += 1
                    if len(rec) != len(header):
                        fails.append(("csv-shape", "%d fields under a header of %d" % (
                            len(rec), len(header))))
                        break
                    for k, v in zip(header, rec):
                        probe(k, v, fails)
        except (csv.Error, ValueError) as e:
            fails.append(("parse", str(e)[:200]))
    elif out and value in PROB_COLUMNS | LOG_PROB_COLUMNS and rc in (0, 1, 2, 4):
        for line in text.splitlines():
            probe(value, line, fails)
    # one line on stderr for a usage error
    errlines = [l for l in err.splitlines() if not SAN_MARK.search(l)]
    if rc == 2 and not out:
        real = [l for l in errlines if not WARNING.match(l)]
        if len(real) != 1:
            fails.append(("exit2-lines", "%d stderr lines (not warnings): %r" % (
                len(real), err[:300])))
        elif len(errlines) != 1:
            notes.append(("exit2-warning-too", err[:200]))
        if real and not real[0].startswith("bercl: "):
            fails.append(("exit2-prefix", real[0][:200]))
        if real and len(real[0]) > 400:
            fails.append(("exit2-long", "%d characters" % len(real[0])))
        if real and any(ord(c) < 32 and c != "\t" for c in real[0]):
            fails.append(("exit2-control", repr(real[0][:200])))
    if rc == 2 and out and case.batch_rows is None and case.sweep_rows is None and \
            case.channel in ("flags",) and not any(
                x in case.argv for x in ("-i", "--input", "--lane-errors")) and \
            not any(("," in x or ".." in x) for x in case.argv[1:]):
        fails.append(("exit2-stdout", "exit 2 with %d bytes on stdout" % len(out)))
    for l in errlines:
        if l and not l.startswith("bercl") and not l.startswith("usage:") and \
                not l.startswith(" ") and case.argv[-1:] != ["--help"]:
            notes.append(("stderr-unprefixed", l[:120]))
            break
    # rows
    if case.batch_rows is not None and rows is not None and rc in (0, 1, 2):
        if rows != case.batch_rows:
            fails.append(("lost-rows", "%d rows in, %d out (exit %d)" % (
                case.batch_rows, rows, rc)))
    if case.batch_rows is not None and rc == 2 and not out and case.batch_rows > 0:
        notes.append(("batch-refused", (errlines or [""])[0][:150]))
    if case.sweep_rows is not None and rows is not None and rc in (0, 1, 2):
        if rows != case.sweep_rows:
            fails.append(("sweep-rows", "%d combinations, %d rows (exit %d)" % (
                case.sweep_rows, rows, rc)))
    if case.kind == "memory" and case.batch_rows is not None and rows is not None:
        if rows != case.batch_rows:
            fails.append(("lost-rows", "%s: %d rows in, %d out (exit %d)" % (
                case.note, case.batch_rows, rows, rc)))
    return fails, notes


def probe(k, v, fails):
    if k in PROB_COLUMNS or k in LOG_PROB_COLUMNS:
        if isinstance(v, bool) or v is None:
            return
        if isinstance(v, (int, float)):
            x = float(v)
        else:
            try:
                x = parse_prob(str(v))
            except ValueError:
                fails.append(("not-a-number", "%s=%r" % (k, str(v)[:60])))
                return
        if x is None:
            return
        if isinstance(x, tuple):
            if x[1] > 0 or math.isnan(x[1]):
                fails.append(("prob-range", "%s=%s" % (k, v)))
            return
        if math.isnan(x) or math.isinf(x):
            fails.append(("nan-inf", "%s=%s" % (k, v)))
        elif k in LOG_PROB_COLUMNS:
            if x > 0:
                fails.append(("prob-range", "%s=%s" % (k, v)))
        elif not 0 <= x <= 1:
            fails.append(("prob-range", "%s=%s" % (k, v)))
    elif k in NONNEG_COLUMNS or k == "tail_r2":
        try:
            x = float(v) if isinstance(v, (int, float)) else parse_prob(str(v))
        except ValueError:
            return
        if x is None or isinstance(x, tuple) or isinstance(v, bool):
            return
        if math.isnan(x) or math.isinf(x):
            fails.append(("nan-inf", "%s=%s" % (k, v)))
        elif k == "tail_r2" and x > 1:
            fails.append(("range", "%s=%s above 1" % (k, v)))
        elif k in NONNEG_COLUMNS and x < 0:
            fails.append(("range", "%s=%s below 0" % (k, v)))
    elif isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        fails.append(("nan-inf", "%s=%s" % (k, v)))


# --------------------------------------------------------------------- main

def generate(seed, counts):
    g = Gen(seed)
    cases = collections.OrderedDict()
    for i in range(counts["flags"]):
        c = g.flags_case(i)
        cases[c.id] = c
    for i in range(counts["sweep"]):
        c = g.sweep_case(i)
        cases[c.id] = c
    for i in range(counts["batch"]):
        c = g.batch_case(i)
        cases[c.id] = c
    for i in range(counts["histogram"]):
        c = g.histogram_case(i)
        cases[c.id] = c
    for i in range(counts["intervals"]):
        c = g.intervals_case(i)
        cases[c.id] = c
    for i in range(counts["watch"]):
        c = g.watch_case(i)
        cases[c.id] = c
    for i in range(counts["eye"]):
        c = g.eye_case(i)
        cases[c.id] = c
    big = ("errors,bits,ber\n" + "".join("%d,%dG,1e-%d\n" % (i % 30, 1 + i % 9000, 9 + i % 6)
                                         for i in range(2000000))).encode()
    for i in range(counts["signals"]):
        c = g.signal_case(i, big)
        cases[c.id] = c
    for c in (g.memory_cases()[: counts["memory"]] if counts["memory"] else []):
        cases[c.id] = c
    return cases


DEFAULT_COUNTS = {"flags": 1300, "sweep": 150, "batch": 400, "histogram": 350, "intervals": 200,
                  "watch": 250, "eye": 300, "signals": 30, "memory": 99}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bercl", default="./bercl", help="the normal build")
    ap.add_argument("--san", default=None, help="the sanitizer build (ASan + UBSan)")
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--out", default=None, help="folder for summary.txt and results.json")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the case counts")
    ap.add_argument("--san-every", type=int, default=3,
                    help="the sanitizer build runs every N-th case of each channel")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--case", default=None, help="run one case and show it")
    ap.add_argument("--channels", default=None, help="comma-separated channels to run")
    args = ap.parse_args()

    # A shell without job control starts a background job with SIGINT and
    # SIGQUIT ignored, and bercl rightly keeps a signal ignored by whoever
    # started it: the cases must start with the default actions.
    for s in (signal.SIGINT, signal.SIGQUIT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)
    counts = {k: max(1, int(v * args.scale)) for k, v in DEFAULT_COUNTS.items()}
    if args.channels and "memory" not in args.channels.split(","):
        counts["memory"] = 0          # the last generated: the others are unchanged
    cases = generate(args.seed, counts)
    prog = os.path.abspath(args.bercl)
    san = os.path.abspath(args.san) if args.san else None
    workroot = tempfile.mkdtemp(prefix="bercl-hostile-")
    try:
        if args.case:
            c = cases[args.case]
            print("case", c.id, c.note)
            print("argv:", " ".join(q(a) for a in c.argv))
            for name, data in c.files.items():
                print("file %s: %d bytes: %r" % (name, len(data), data[:300]))
            if c.stdin is not None:
                print("stdin: %d bytes: %r" % (len(c.stdin), c.stdin[:300]))
            for build, p in (("normal", prog), ("sanitizer", san)):
                if not p:
                    continue
                res = run_case(c, p, args.seed, workroot, build == "sanitizer")
                fails, notes = check(c, res, build == "sanitizer")
                print("--- %s: exit %s, %.2f s, rss %d MB, signal latency %s" % (
                    build, res["rc"], res["wall"], res["maxrss_kb"] // 1024, res["sig_latency"]))
                print("stdout:", res["stdout"][:2000].decode("utf-8", "replace"))
                print("stderr:", res["stderr"][:2000].decode("utf-8", "replace"))
                print("fails:", fails)
                print("notes:", notes)
            return 0
        chans = args.channels.split(",") if args.channels else None
        plan = []
        per_chan_index = collections.Counter()
        for c in cases.values():
            if chans and c.channel not in chans:
                continue
            plan.append(("normal", prog, c))
            k = per_chan_index[c.channel]
            per_chan_index[c.channel] += 1
            # memory: the normal build only (ASan reserves terabytes of shadow
            # memory, so ulimit -v and the RSS bound do not apply to it)
            if san and c.channel != "memory" and k % args.san_every == 0:
                plan.append(("sanitizer", san, c))
        stats = collections.defaultdict(collections.Counter)
        failures = []
        notes_all = collections.defaultdict(list)
        t_start = time.monotonic()
        lock = threading.Lock()
        done = [0]

        def one(item):
            build, p, c = item
            res = run_case(c, p, args.seed, workroot, build == "sanitizer")
            fails, notes = check(c, res, build == "sanitizer")
            with lock:
                stats[(c.channel, build)]["runs"] += 1
                stats[(c.channel, build)]["exit%s" % res["rc"]] += 1
                if res["sig_latency"] is not None:
                    stats[(c.channel, build)]["max_latency_ms"] = max(
                        stats[(c.channel, build)]["max_latency_ms"],
                        int(res["sig_latency"] * 1000))
                if fails:
                    stats[(c.channel, build)]["failed"] += 1
                    for cat, detail in fails:
                        failures.append((build, c.id, cat, detail,
                                         reproducer(c, p, args.seed)))
                for cat, detail in notes:
                    notes_all[cat].append((build, c.id, detail))
                done[0] += 1
                if done[0] % 200 == 0:
                    print("%d/%d runs, %d failures, %.0f s" % (
                        done[0], len(plan), len(failures), time.monotonic() - t_start),
                        file=sys.stderr, flush=True)

        serial = [x for x in plan if x[2].kind in ("signal", "memory")]
        parallel = [x for x in plan if x[2].kind == "run"]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
            list(ex.map(one, parallel))
        for item in serial:      # timing and memory: one at a time
            one(item)
        elapsed = time.monotonic() - t_start

        lines = []
        lines.append("bercl hostile run: seed %d, %d invocations in %.0f s (load %s)" % (
            args.seed, len(plan), elapsed, " ".join("%.2f" % x for x in os.getloadavg())))
        lines.append("normal build: %s; sanitizer build: %s" % (prog, san))
        lines.append("")
        lines.append("%-10s %-10s %6s %6s  %s" % ("channel", "build", "runs", "failed", "exits"))
        tot = collections.Counter()
        for (ch, build), st in sorted(stats.items()):
            ex_ = " ".join("%s:%d" % (k[4:], v) for k, v in sorted(st.items())
                           if k.startswith("exit"))
            extra = (" max signal latency %d ms" % st["max_latency_ms"]) if "max_latency_ms" in st else ""
            lines.append("%-10s %-10s %6d %6d  %s%s" % (ch, build, st["runs"], st["failed"],
                                                     ex_, extra))
            tot[build] += st["runs"]
        lines.append("total: %s" % ", ".join("%s %d" % kv for kv in sorted(tot.items())))
        lines.append("")
        lines.append("failures: %d" % len(failures))
        bycat = collections.defaultdict(list)
        for f in failures:
            bycat[f[2]].append(f)
        for cat, fl in sorted(bycat.items()):
            lines.append("== %s: %d" % (cat, len(fl)))
            for build, cid, _, detail, rep in fl:
                lines.append("  [%s %s] %s" % (build, cid, detail))
                lines.append("    $ %s" % rep)
        lines.append("")
        lines.append("notes (not failures):")
        for cat, nl in sorted(notes_all.items()):
            lines.append("== %s: %d" % (cat, len(nl)))
            for build, cid, detail in nl[:40 if cat not in ("rss", "signal-latency") else 1000]:
                lines.append("  [%s %s] %s" % (build, cid, detail))
        summary = "\n".join(lines) + "\n"
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            with open(os.path.join(args.out, "summary.txt"), "w") as f:
                f.write(summary)
        sys.stdout.write(summary)
        return 1 if failures else 0
    finally:
        shutil.rmtree(workroot, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
