# SPDX-License-Identifier: GPL-3.0-or-later
"""The answers of bercl that are not elementwise: plans, lanes, FEC
histograms and bounds, simulation, interval logs, and Watch (live
decisions). Most are the command's own rows: the arguments go to the engine
as the text of the flag of that name (engine/rowcall.c), which reads,
checks and computes them as ``bercl`` does, and the row's cells come back;
Watch feeds the command's watch (engine/watch.c) one reading at a time, and
the interval logs go through its --intervals reader. Objects have a short
repr, to_frame() (pandas) and an HTML table for Jupyter."""
import collections
import csv
import dataclasses
import io
import itertools
import math
import re
from typing import List, Optional

import numpy as np

from . import (ConvergenceError, DomainError, _check, _code_text, _command_words,
               _caller_level, _core, _model, _said, fec_code, parse_cl)

__all__ = ["plan", "Plan", "simulate", "Simulation", "PlanSimulation", "BurstSimulation",
           "lanes_cl", "LanesCl", "min_bits_all_lanes", "AllLanesBits", "fec_histogram", "FecHistogram", "fec_test_bounds",
           "fec_codeword_bounds", "Watch", "WatchRow", "read_fec_histograms", "FecReport",
           "fec_histograms", "fec_degrade", "FecDegrade", "intervals", "read_intervals",
           "Intervals", "cl_clustered", "ber_upper_clustered", "ClusteredCl", "ClusteredBer"]

def _frame(rows):
    import pandas
    return pandas.DataFrame(rows)


def _short(v):
    """A value as a short repr shows it: whole numbers as integers, others
    to 6 significant digits, a list by its length."""
    if isinstance(v, (list, tuple)):
        if len(v) <= 6:
            return "[%s]" % ", ".join(_short(x) for x in v)
        return "[%d values]" % len(v)
    if isinstance(v, float):
        if v.is_integer() and abs(v) < 2 ** 53:
            return "%d" % v
        return "%.6g" % v
    return repr(v)


class _Notebook:
    """A short repr (the fields that have a value), `to_frame` (one row of the
    command's columns) and an HTML table for Jupyter."""

    def _fields(self):
        return [(f.name, getattr(self, f.name)) for f in dataclasses.fields(self)
                if getattr(self, f.name) is not None]

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__,
                           ", ".join("%s=%s" % (k, _short(v)) for k, v in self._fields()))

    def to_frame(self):
        """One row, the command's columns (pandas DataFrame)."""
        return _frame([{k: v for k, v in self._fields()
                        if not isinstance(v, (list, tuple, _Notebook))}])

    def _repr_html_(self):
        try:
            return self.to_frame().to_html(index=False)
        except ImportError:  # no pandas: Jupyter shows the repr
            return None


# ---- plan ----

@dataclasses.dataclass(repr=False)
class Plan(_Notebook):
    """A test plan (``bercl plan``): a test accepts a link at BER <= ber / ratio
    (good) and rejects one at ber (bad); alpha = P[reject | good], beta =
    P[accept | bad] = 1 - CL. For a sequential plan, `pass_bits` and
    `fail_bits` hold its table (row k: pass once pass_bits[k] bits show at
    most k errors; fail when error k + 1 comes by fail_bits[k], 0 never)."""
    ber: float
    ratio: float
    errors: int
    bits: int
    alpha: float
    beta: float
    time_s: Optional[float] = None
    sequential: bool = False
    max_bits: Optional[int] = None
    fixed_bits: Optional[int] = None
    expected_bits_good: Optional[float] = None
    expected_bits_bad: Optional[float] = None
    pass_bits: Optional[List[int]] = None
    fail_bits: Optional[List[int]] = None
    reading_interval: Optional[float] = None
    alpha_actual: Optional[float] = None
    beta_actual: Optional[float] = None
    true_ber: Optional[float] = None
    p_pass: Optional[float] = None
    expected_bits: Optional[float] = None

    def __repr__(self):
        head = "sequential, " if self.sequential else ""
        rest = [(k, v) for k, v in self._fields() if k not in ("sequential", "ber", "ratio")]
        return "Plan(%sber=%s, ratio=%s, %s)" % (
            head, _short(self.ber), _short(self.ratio),
            ", ".join("%s=%s" % (k, _short(v)) for k, v in rest))

    def to_frame(self):
        """The plan as ``bercl plan -f csv`` prints it: one row, or one per error
        count for a sequential plan (pandas DataFrame)."""
        base = {k: v for k, v in dataclasses.asdict(self).items()
                if v is not None and k not in ("pass_bits", "fail_bits", "sequential")}
        if not self.sequential:
            return _frame([base])
        return _frame([dict(base, errors=k, pass_bits=p, fail_bits=f)
                       for k, (p, f) in enumerate(zip(self.pass_bits, self.fail_bits))])


def plan(ber, cl=None, alpha=None, ratio=None, *, errors=None, bits=None, time=None, rate=None,
         lanes=None, baud=None, bits_per_symbol=None, sequential=False, true_ber=None,
         reading_interval=None):
    """A test plan with both risks (``bercl plan``).

    Two forms, as the command has them: with `cl` (1 - beta) and `alpha`, the
    shortest fixed test meeting both risks (or with ``sequential=True`` the
    truncated sequential test, Wald's SPRT); with `bits` (or time and rate)
    and `errors` (default 0), the exact risks of that given test.

    Parameters
    ----------
    ber : float or str
        The BER a bad link has, 0 < ber < 1.
    cl : float or str, optional
        1 - beta, the confidence that a passing link is good (``"95%"``).
    alpha : float or str, optional
        The producer's risk: P[fail] for a link at ber / ratio.
    ratio : float
        Discrimination ratio D > 1 (at most 1e6): a good link has BER ber / D.
    errors, bits, time, rate, lanes, baud, bits_per_symbol : optional
        A given test, as `cl` takes them; rate (or baud) alone gives the
        designed plan's time_s.
    sequential : bool
        Design the truncated sequential test.
    true_ber : float, optional
        The chance to pass (p_pass) and the expected bits at that true BER.
    reading_interval : float or str, optional
        Sequential plans: bits between readings (``"1e11"``, ``"100G"``), as
        ``--reading-interval``: the plan looked at only at readings, its
        exact risks alpha_actual and beta_actual (and with true_ber, p_pass
        as run; expected_bits is then None, as the command leaves it out).

    Returns
    -------
    Plan

    Raises
    ------
    DomainError
        A missing or bad argument.
    LimitError
        No plan within 2^40 errors and 1e300 bits, or a sequential plan too
        large to design.

    Examples
    --------
    >>> p = plan(1e-12, "95%", "5%", 4, rate="10G")
    >>> p.errors, p.bits, p.time_s
    (6, 11842395652421, 1184.2395652421)
    >>> plan(1e-12, errors=3, bits=5e12, ratio=4).alpha
    0.03826905428962229
    >>> s = plan(1e-12, "95%", "5%", 4, sequential=True, reading_interval="100G")
    >>> s.alpha_actual, s.beta_actual
    (0.040854552433424944, 0.04905076348524468)
    """
    named = [("ber", ber), ("cl", cl), ("alpha", alpha), ("ratio", ratio), ("errors", errors),
             ("bits", bits), ("time", time), ("rate", rate), ("lanes", lanes), ("baud", baud),
             ("bits_per_symbol", bits_per_symbol), ("true_ber", true_ber),
             ("reading_interval", reading_interval)]
    # `bercl plan` with these flags: the command's checks (its forms)
    _check("plan", "plan", [(k.replace("_", "-"), v) for k, v in named]
           + [("sequential", bool(sequential))])
    items = [(k.replace("_", "-"), _typed("plan", k, v), k) for k, v in named if v is not None]
    if sequential:
        items.append(("sequential", "1", "sequential"))
    # the command's row (engine/compute.c: its forms, checks and messages)
    cells, table, _ = _core.row("plan", "plan", 0, items)
    f = {k: _cell(v) for k, v in cells.items()}
    out = Plan(f["ber"], f["ratio"], int(f["errors"]), int(f["bits"]), f["alpha"], f["beta"])
    if bits is None and time is None and (rate is not None or baud is not None):
        out.time_s = f.get("time_s")
    if table is not None:
        out.sequential = True
        out.max_bits = int(f["max_bits"])
        out.fixed_bits = int(f["fixed_bits"])
        out.expected_bits_good = f["expected_bits_good"]
        out.expected_bits_bad = f["expected_bits_bad"]
        out.pass_bits = [int(v) for v in table[0]]
        out.fail_bits = [int(v) for v in table[1]]
        if reading_interval is not None:
            out.reading_interval = f["reading_interval"]
            out.alpha_actual, out.beta_actual = f["alpha_actual"], f["beta_actual"]
    if true_ber is not None:
        out.true_ber, out.p_pass = f["true_ber"], f["p_pass"]
        out.expected_bits = f.get("expected_bits")
    return out


# ---- lanes ----

@dataclasses.dataclass(repr=False)
class LanesCl(_Notebook):
    """``bercl cl --lane-errors``: per lane (`errors`, `cl`, `one_minus_cl`,
    `log10_one_minus_cl`, one entry per lane), the pooled test
    (`combined_*`: all bits and errors), and `all_cl` (the CL that every lane
    is below the BER: the product of the lane CLs, independent lanes)."""
    errors: List[int]
    bits: float
    ber: float
    cl: List[float]
    one_minus_cl: List[float]
    log10_one_minus_cl: List[float]
    combined_errors: int
    combined_bits: float
    combined_cl: float
    combined_one_minus_cl: float
    all_cl: float
    all_one_minus_cl: float
    all_log10_one_minus_cl: float

    def to_frame(self):
        """The rows of ``bercl cl --lane-errors -f csv``: lanes 1.., combined, all."""
        rows = [dict(lane=str(i + 1), errors=e, bits=self.bits, ber=self.ber, cl=c,
                     one_minus_cl=q, log10_one_minus_cl=g)
                for i, (e, c, q, g) in enumerate(zip(self.errors, self.cl, self.one_minus_cl,
                                                     self.log10_one_minus_cl))]
        rows.append(dict(lane="combined", errors=self.combined_errors, bits=self.combined_bits,
                         ber=self.ber, cl=self.combined_cl,
                         one_minus_cl=self.combined_one_minus_cl))
        rows.append(dict(lane="all", errors=None, bits=self.bits, ber=self.ber, cl=self.all_cl,
                         one_minus_cl=self.all_one_minus_cl,
                         log10_one_minus_cl=self.all_log10_one_minus_cl))
        return _frame(rows)


def lanes_cl(lane_errors, bits=None, ber=None, *, time=None, rate=None, baud=None,
             bits_per_symbol=None, model="poisson"):
    """The CL of each lane, of the pooled lanes, and that every lane is below
    the BER (``bercl cl --lane-errors E1,E2,...``).

    Parameters
    ----------
    lane_errors : sequence of int
        Errors seen on each lane.
    bits : float or str
        Bits tested per lane (or time and rate, per lane).
    ber : float
        The specified BER.
    model : {"poisson", "binomial"}

    Returns
    -------
    LanesCl

    Examples
    --------
    >>> r = lanes_cl([0, 1, 2], 1e12, 1e-12)
    >>> r.cl[0], r.all_cl
    (0.6321205588285577, 0.013412922465568087)
    """
    if isinstance(lane_errors, (str, bytes)) or not hasattr(lane_errors, "__len__"):
        raise TypeError("lanes_cl: lane_errors must be a sequence of counts")
    pairs = [("lane-errors", ",".join(_typed("lanes_cl", "lane_errors", e)
                                      for e in lane_errors))]
    pairs += [(k.replace("_", "-"), _typed("lanes_cl", k, v)) for k, v in
              (("bits", bits), ("ber", ber), ("time", time), ("rate", rate), ("baud", baud),
               ("bits_per_symbol", bits_per_symbol)) if v is not None]
    pairs.append(("model", str(model)))
    # the command's invocation (cl --lane-errors): rows per lane, combined, all
    cols, rows = _invoked("lanes_cl", "cl", pairs)
    get = [dict(zip(cols, r)) for r in rows]
    lanes = [r for r in get if r["lane"] not in ("combined", "all")]
    comb = next(r for r in get if r["lane"] == "combined")
    alls = next(r for r in get if r["lane"] == "all")

    def f(r, k):
        return _cell(r[k]) if r.get(k, "") != "" else None

    return LanesCl([int(f(r, "errors")) for r in lanes], f(lanes[0], "bits"), f(lanes[0], "ber"),
                   [f(r, "cl") for r in lanes], [f(r, "one_minus_cl") for r in lanes],
                   [f(r, "log10_one_minus_cl") for r in lanes], int(f(comb, "errors")),
                   f(comb, "bits"), f(comb, "cl"), f(comb, "one_minus_cl"), f(alls, "cl"),
                   f(alls, "one_minus_cl"), f(alls, "log10_one_minus_cl"))


def _invoked(func, cmd, pairs):
    """`bercl CMD --FLAG VALUE ... -f csv` through the engine's invocation
    (_core.invoke): (columns, rows of cells); a refusal raises with the
    command's message, FUNC: in place of bercl:."""
    status, cols, rows, says = _core.invoke(cmd, pairs)
    errors = [m[len("bercl: "):] for m in says if not m.startswith(("bercl: note: ",
                                                                     "bercl: warning: "))]
    if status in (2, 3) or not rows:
        raise (ConvergenceError if status == 3 else DomainError)(
            _said(func, "; ".join(errors) or "no row"))
    return cols, rows


# min_bits_all_lanes' result, named as the command's columns (bits_per_lane,
# cl_achieved): a bare tuple left the reader to guess which was which
AllLanesBits = collections.namedtuple("AllLanesBits", "bits_per_lane cl_achieved")


def min_bits_all_lanes(errors, ber, cl, lanes, *, model="poisson"):
    """The bits per lane at which `lanes` lanes, each allowing `errors`
    errors, all reach `cl` together: CL(N)^lanes >= cl (``bercl bits
    --lanes L --all-lanes``).

    Parameters
    ----------
    errors : int
    ber : float
    cl : float or str
        The target for all lanes together.
    lanes : int
        1 to 1e6.
    model : {"poisson", "binomial"}

    Returns
    -------
    AllLanesBits
        ``bits_per_lane`` (int), the bits each lane runs, and
        ``cl_achieved`` (float), the all-lanes CL they reach; a named tuple,
        so ``n, c = min_bits_all_lanes(...)`` unpacks it too.

    Examples
    --------
    >>> min_bits_all_lanes(0, 1e-12, "95%", 4)
    AllLanesBits(bits_per_lane=4362894420403, cl_achieved=0.9500000000000467)
    """
    named = [("errors", errors), ("ber", ber), ("cl", cl), ("lanes", lanes)]
    # `bercl bits --lanes L --all-lanes` with these flags: the command's checks
    _check("min_bits_all_lanes", "bits", named + [("all-lanes", True), ("model", model)])
    items = [(k, _typed("min_bits_all_lanes", k, v), k) for k, v in named]
    items.append(("all-lanes", "1", "all_lanes"))
    # the command's row (bits --lanes L --all-lanes): its checks, its search
    cells, _, _ = _core.row("min_bits_all_lanes", "bits", int(_model(model)), items)
    return AllLanesBits(int(float(cells["bits_per_lane"])), float(cells["cl_achieved"]))


# ---- FEC ----

FecHistogram = collections.namedtuple(
    "FecHistogram", "codewords uncorrectable symbol_errors ser_estimate ser_upper "
    "cer_predicted cer_model_upper cer_count_upper model_contradicted cer_upper ln_cer_upper "
    "gof_df gof_stat gof_p ln_gof_p burst tail_bins cer_tail tail_r2 cer_tail_lower "
    "cer_tail_upper flr flr_upper flr_observed port lane",
    defaults=(None,) * 7)
FecHistogram.__doc__ = """The analysis of a FEC symbol-error histogram, as bercl(1)
describes it (FEC HISTOGRAMS): gof_* and burst are None without a test
(gof_df 0); cer_tail, tail_r2 and flr None without a tail fit, and
cer_tail_lower, cer_tail_upper and flr_upper also with ``method="sonic"``
(a least-squares line has no interval); flr_observed is the frame loss of
the uncorrectable count itself. port and lane name the histogram of a
report (`fec_histograms`), else None."""


def fec_histogram(code, bins=None, cl="95%", *, model="poisson", groups=None,
                  method="likelihood", rate=None, interleave=None, frames_per_codeword=None):
    """Analyse a FEC symbol-error histogram (``bercl fec --histogram``).

    Parameters
    ----------
    code : str or tuple
        As `fec_code` takes it.
    bins : sequence of int
        t + 2 whole counts: codewords with 0 .. t corrected symbols, then the
        uncorrectable ones.
    cl : float or str
        Confidence level of the bounds.
    model : {"poisson", "binomial"}
    groups : (lo, hi, count), optional
        In place of bins, a report that groups bins (ethtool's bin_low ..
        bin_high): group j counts count[j] codewords with lo[j] .. hi[j]
        corrected symbols, the last group (lo = t + 1) the uncorrectable ones
        (bercl_fec_histogram_groups); `read_fec_histograms` gives them.
    method : {"likelihood", "sonic"}
        The tail fit (``--method``): the likelihood fit with its interval, or
        SONiC's least-squares line (bins only).
    rate : float or str, optional
        The port's line rate (``--rate``), for the interleave of flr (1
        below 200G, 2 below 800G, else 4).
    interleave, frames_per_codeword : float, optional
        ``--interleave`` and ``--frames-per-codeword`` (default 8) for flr.

    Returns
    -------
    FecHistogram

    Raises
    ------
    DomainError
        A wrong number of bins or a count that is not whole.

    Examples
    --------
    >>> h = fec_histogram("kp4", [1000] + [0] * 15 + [5], "95%")
    >>> h.cer_upper, h.model_contradicted
    (0.010432060572634195, True)
    >>> h.flr_observed
    0.005597014925373134
    """
    return _histogram(code, bins, cl, model, groups, method, rate, interleave,
                      frames_per_codeword, (None, None))


def _histogram(code, bins, cl, model, groups, method, rate, interleave, frames_per_codeword,
               where):
    """`fec_histogram`, and the port and lane of a report's histogram."""
    named = [("code", _code_text(code)), ("cl", cl), ("rate", rate),
             ("interleave", interleave), ("frames_per_codeword", frames_per_codeword),
             ("method", method)]
    # `bercl fec --histogram F` with these flags: the command's checks (the
    # method's names, each value's domain); the histogram's arrays, the
    # engine's (histogram_arrays)
    _check("fec_histogram", "fec", [(key.replace("_", "-"), v) for key, v in named]
           + [("model", model), ("histogram", "bins")])
    n, k, m, t = fec_code(code)
    items = [(key.replace("_", "-"), _typed("fec_histogram", key, v), key)
             for key, v in named if v is not None]
    if groups is not None and (isinstance(groups, (str, bytes)) or not all(
            hasattr(g, "__len__") for g in groups)):
        raise TypeError("fec_histogram: groups must be (lo, hi, count), three sequences")
    if bins is not None and (isinstance(bins, (str, bytes)) or not hasattr(bins, "__len__")):
        raise TypeError("fec_histogram: bins must be a sequence of counts")
    _core.histogram_arrays("fec_histogram", t, None if bins is None else len(bins),
                           None if groups is None else [len(g) for g in groups])
    counts = grouped = None
    if groups is not None:
        grouped = ([int(v) for v in groups[0]], [int(v) for v in groups[1]],
                   [_core.quantity("errors", _typed("fec_histogram", "count", v),
                                   "fec_histogram: groups count[%d]" % i)
                    for i, v in enumerate(groups[2])])
    else:
        # each bin a count, as a report's cell is read
        counts = [_core.quantity("errors", _typed("fec_histogram", "bins", v),
                                 "fec_histogram: bins[%d]" % i) for i, v in enumerate(bins)]
    # the command's row (fec --histogram): the analysis, the tail fit, the frame loss
    cells, _, h = _core.row("fec_histogram", "fec", int(_model(model)), items, counts, grouped)
    gof = h["gof_df"] > 0
    tail = h["tail_bins"] > 0
    interval = tail and h["tail_interval"]

    def cell(name):
        v = cells.get(name)
        return None if v is None else _cell(v)

    return FecHistogram(
        h["codewords"], h["uncorrectable"], h["symbol_errors"], h["ser_estimate"],
        h["ser_upper"], h["cer_predicted"] if h["has_cer_predicted"] else 0.0,
        h["cer_model_upper"], h["cer_count_upper"], bool(h["model_contradicted"]),
        h["cer_upper"], h["ln_cer_upper"], h["gof_df"], h["gof_stat"] if gof else None,
        h["gof_p"] if gof else None, h["ln_gof_p"] if gof else None,
        bool(h["burst"]) if gof else None, h["tail_bins"], h["cer_tail"] if tail else None,
        h["tail_r2"] if tail else None, h["cer_tail_lower"] if interval else None,
        h["cer_tail_upper"] if interval else None, cell("flr"), cell("flr_upper"),
        cell("flr_observed"), *where)


FecReport = collections.namedtuple("FecReport", "port lane bins groups")
FecReport.__doc__ = """One histogram of a FEC report: the port and lane it names ("" where
it names none; lane "combined" for a port's sum), bins (t + 2 counts) and,
for a report that groups bins, groups = (lo, hi, count), else None."""

def read_fec_histograms(source, code, *, format="auto"):
    """The histograms of a FEC report, read by the command's own readers
    (engine/telemetry.c, compiled into this package), as ``bercl fec
    --histogram F --histogram-format FORMAT`` reads them: bercl's CSV,
    ethtool's JSON (``ethtool --json -I --show-fec``), SONiC's counter
    tables (``show interfaces counters fec-histogram``, the COUNTERS_DB
    dump) and Xena's PP_RXFECSTATS reply. The reader's notes (a port left
    out, lanes combined) are given as warnings (UserWarning), as the command
    prints them on standard error.

    Parameters
    ----------
    source : str or bytes or path or file
        A file name, an open file, or the report itself (bytes, or a str
        holding a newline).
    code : str or tuple
        As `fec_code` takes it (t = floor((n - k) / 2) symbols corrected).
    format : {"auto", "csv", "ethtool", "sonic", "xena"}
        ``auto`` tells the format from the content.

    Returns
    -------
    (str, list of FecReport)
        The format read, and the histograms in the report's order.

    Raises
    ------
    DomainError
        A report the reader refuses, a code or format the command refuses:
        the command's one-line message, ``read_fec_histograms: source:
        FILE:LINE: ...`` (its --histogram named as the argument source).

    Examples
    --------
    >>> fmt, hs = read_fec_histograms(
    ...     "symbol_errors,codewords\\n0,1000\\n1,20\\nuncorrectable,0\\n", "kp4")
    >>> fmt, hs[0].bins[:3], hs[0].bins[-1]
    ('csv', [1000, 20, 0], 0)
    """
    return _read_histograms("read_fec_histograms", source, code, format)


# the flags of a report's reading, as the functions name them
_REPORT_NAMES = {"histogram": "source", "histogram-format": "format"}


def _read_histograms(func, source, code, format):
    if isinstance(source, (bytearray, memoryview)):
        raise TypeError("%s: source must be a file name, an open file, or the report as bytes "
                        "or str, not %s" % (func, type(source).__name__))
    import os
    import warnings
    name = "histogram"
    if hasattr(source, "read"):
        data = source.read()
        name = getattr(source, "name", name)
    elif isinstance(source, bytes):
        data = source
    elif isinstance(source, str) and "\n" in source:
        data = source
    else:
        name = os.fspath(source)
        with open(name, "rb") as fp:
            data = fp.read()
    if isinstance(data, str):
        data = data.encode("utf-8")
    # `bercl fec --code C --histogram F --histogram-format FORMAT`: the
    # command's reading (the code's and the format's checks, the report's)
    why, fmt, said, rows = _core.read_histograms(data, str(name), _code_text(code), str(format))
    if why is not None:
        raise DomainError(_said(func, why, _REPORT_NAMES))
    for w in said:
        warnings.warn(_said(func, w, _REPORT_NAMES), stacklevel=_caller_level())
    return fmt, [FecReport(port, lane, [int(v) for v in bins],
                           None if g is None else (g[0], g[1], [int(v) for v in g[2]]))
                 for port, lane, bins, g in rows]


def fec_histograms(source, code, cl="95%", *, format="auto", model="poisson",
                   method="likelihood", rate=None, interleave=None, frames_per_codeword=None):
    """Every histogram of a FEC report analysed (``bercl fec --code C --histogram
    F``): `read_fec_histograms`, then `fec_histogram` of each.

    Parameters
    ----------
    source, code, format
        As `read_fec_histograms` takes them.
    cl, model, method, rate, interleave, frames_per_codeword
        As `fec_histogram` takes them.

    Returns
    -------
    list of FecHistogram
        One per histogram, port and lane set; ``pandas.DataFrame(result)``
        makes the table.

    Examples
    --------
    >>> hs = fec_histograms("symbol_errors,codewords\\n0,1000\\n1,20\\nuncorrectable,0\\n", "kp4")
    >>> hs[0].ser_estimate
    3.604382929642445e-05
    """
    _, reports = _read_histograms("fec_histograms", source, code, format)
    return [_histogram(code, None if r.groups else r.bins, cl, model, r.groups, method, rate,
                       interleave, frames_per_codeword, (r.port, r.lane))
            for r in reports]


FecDegrade = collections.namedtuple("FecDegrade", "ser degrade_p degrade_mean_time")
FecDegrade.__doc__ = """The degraded-SER alarm: the SER, the chance that one interval
raises the alarm, and the mean time between alarms in seconds (None
without a rate)."""


def fec_degrade(code, interval, threshold, *, ser=None, ber=None, rate=None):
    """802.3's FEC_degraded_SER alarm (``bercl fec --degrade-interval K
    --degrade-threshold S``): more than `threshold` symbol errors in an
    interval of `interval` codewords, an uncorrectable codeword counting as
    t + 1. With `ser` (or `ber`: ser = 1 - (1 - ber)^m), how often it fires
    (bercl_fec_degrade_p, exact); with neither, the SER at which one interval
    fires half the time (bercl_fec_degrade_ser).

    Parameters
    ----------
    code : str or tuple
        As `fec_code` takes it.
    interval : int
        Codewords per interval, 1 to 4294967295.
    threshold : int
        Symbol errors allowed per interval, whole, at least 0.
    ser, ber : float, optional
        The symbol error ratio, or the pre-FEC BER.
    rate : float or str, optional
        The FEC stream's line rate (all lanes), for degrade_mean_time.

    Returns
    -------
    FecDegrade

    Raises
    ------
    DomainError
        A threshold the interval cannot exceed, a bad argument.
    LimitError
        Beyond the method's work limit (bercl(3)).

    Examples
    --------
    >>> fec_degrade("kp4", 8192, 417, ser=1e-4).degrade_p
    0.9098328328724904
    >>> d = fec_degrade("kp4", 8192, 417, rate="106.25G")
    >>> d.ser, d.degrade_p
    (9.372187955997529e-05, 0.4999999999999998)
    """
    named = [("code", _code_text(code)),
             ("degrade-interval", interval), ("degrade-threshold", threshold), ("ser", ser),
             ("ber", ber), ("rate", rate)]
    # `bercl fec --degrade-interval K --degrade-threshold S` with these
    # flags: the command's checks (the flags named as the arguments)
    _check("fec_degrade", "fec", named, names={"degrade-interval": "interval",
                                               "degrade-threshold": "threshold"})
    items = [(k, _typed("fec_degrade", k, v), k.replace("degrade-", ""))
             for k, v in named if v is not None]
    # the command's row (fec --degrade-interval K --degrade-threshold S)
    cells, _, _ = _core.row("fec_degrade", "fec", 0, items)
    f = {k: _cell(v) for k, v in cells.items()}
    return FecDegrade(f["ser"], f["degrade_p"], f.get("degrade_mean_time"))


FecTestBounds = collections.namedtuple("FecTestBounds", "ber_upper cer_upper")
FecTestBounds.__doc__ = """A measured pre-FEC test: the BER bound at the CL and the CER at it."""


@_command_words("fec")
def fec_test_bounds(code, errors, bits=None, cl=None, *, time=None, rate=None, lanes=None,
                    baud=None, bits_per_symbol=None, model="poisson"):
    """The pre-FEC BER bound of a measured test and the CER at that bound
    (``bercl fec --code C --errors E --bits N --cl C``): cer_upper =
    cer(ber_upper), with a bound above 1/2 taken as 1/2 (the CER's largest
    value) and one below 1e-300 as 1e-300.

    Parameters
    ----------
    code : str or tuple
        As `fec_code` takes it.
    errors, bits, cl, time, rate, lanes, baud, bits_per_symbol, model
        The pre-FEC test, as `ber_upper` takes them (one test).

    Returns
    -------
    FecTestBounds(ber_upper, cer_upper)

    Examples
    --------
    >>> fec_test_bounds("kp4", 3, 1e12, "95%")
    FecTestBounds(ber_upper=7.753656527932728e-12, cer_upper=3.8401167502423286e-132)
    """
    named = [("code", code if isinstance(code, str) else "rs:%d,%d,%d" % fec_code(code)[:3]),
             ("errors", errors), ("bits", bits), ("cl", cl), ("time", time), ("rate", rate),
             ("lanes", lanes), ("baud", baud), ("bits_per_symbol", bits_per_symbol)]
    # `bercl fec --code C --errors E --bits N --cl C`: the command's checks
    _check("fec_test_bounds", "fec", [(k.replace("_", "-"), v) for k, v in named]
           + [("model", model)])
    items = [(k.replace("_", "-"), _typed("fec_test_bounds", k, v), k)
             for k, v in named if v is not None]
    # the command's row (fec --code C --errors E --bits N --cl C)
    cells, _, _ = _core.row("fec_test_bounds", "fec", int(_model(model)), items)
    return FecTestBounds(_cell(cells["ber_upper"]), _cell(cells["cer_upper"]))


@_command_words("fec", extra=(("code", "kp4"),))
def fec_codeword_bounds(codewords, uncorrectable, *, cer=None, cl=None, model="poisson"):
    """From a count of codewords and uncorrectable ones (``bercl fec
    --codewords K --uncorrectable U``): with `cer`, the CL that the true CER
    is below it; with `cl`, the upper bound cer_upper at that CL.

    Parameters
    ----------
    codewords : int
        Codewords counted, at least 1.
    uncorrectable : int
        Uncorrectable codewords among them.
    cer : float or str, optional
    cl : float or str, optional
        One of the two.
    model : {"poisson", "binomial"}

    Returns
    -------
    float
        The CL (with cer) or cer_upper (with cl).

    Examples
    --------
    >>> fec_codeword_bounds(1e9, 2, cer=1e-8)
    0.9972306042844884
    >>> fec_codeword_bounds(1e9, 2, cl="95%")
    6.29579362187199e-09
    """
    named = [("codewords", codewords), ("uncorrectable", uncorrectable), ("cer", cer),
             ("cl", cl)]
    # the command's checks of `bercl fec --codewords K --uncorrectable U`
    # (cer or cl, one of them); its form needs a code, on which a count of
    # codewords does not depend
    _check("fec_codeword_bounds", "fec", named + [("code", "kp4"), ("model", model)])
    items = [(k, _typed("fec_codeword_bounds", k, v), k) for k, v in named if v is not None]
    # the command's row (fec --codewords K --uncorrectable U): its form needs a
    # code, which a count of codewords does not depend on
    items.append(("code", "kp4", "code"))
    cells, _, _ = _core.row("fec_codeword_bounds", "fec", int(_model(model)), items)
    return _cell(cells["cl"] if cer is not None else cells["cer_upper"])


# ---- simulate ----

@dataclasses.dataclass(repr=False)
class Simulation(_Notebook):
    """A Monte Carlo check of a CL (``bercl simulate``): of `trials` simulated
    tests of `bits` bits at a true BER of exactly `ber`, the fraction with at
    most `errors` errors (`one_minus_cl_sim`), against the exact
    `one_minus_cl`; `sim_stderr` is the binomial standard error of the exact
    value, sqrt(q (1 - q) / trials), and `z` the difference in those units."""
    errors: int
    bits: float
    ber: float
    trials: int
    seed: int
    one_minus_cl: float
    one_minus_cl_sim: float
    sim_stderr: float
    z: float


@dataclasses.dataclass(repr=False)
class BurstSimulation(_Notebook):
    """``bercl simulate --burst-model gilbert-elliott``: of `trials` simulated
    tests of `bits` bits on a link whose errors come in bursts (true BER
    `ber`, bursts of mean `burst_length` errors carrying the share
    `burst_share` of them, read every `reading_interval` bits), the fraction
    that pass the fixed test (at most `errors` errors: `one_minus_cl_sim`,
    far above the exact Poisson `one_minus_cl` when bursts inflate the CL)
    and the fraction whose cl_clustered reaches the fixed test's CL
    (`one_minus_cl_clustered_sim`: at most one_minus_cl plus noise where the
    clustered answer holds); `sim_stderr` as in `Simulation`."""
    errors: int
    bits: float
    ber: float
    burst_length: float
    burst_share: float
    reading_interval: float
    trials: int
    seed: int
    one_minus_cl: float
    one_minus_cl_sim: float
    sim_stderr: float
    one_minus_cl_clustered_sim: float


@dataclasses.dataclass(repr=False)
class PlanSimulation(_Notebook):
    """A Monte Carlo check of a plan (``bercl simulate --ratio``): links at
    ber / ratio (good) and at ber (bad), `trials` of each; the risks
    simulated (`alpha_sim`, `beta_sim`) beside the exact ones with the
    binomial standard error of the exact value, and the mean test lengths
    (`bits_good_sim`, `bits_bad_sim`) beside the exact expectations with the
    sample standard deviation / sqrt(trials)."""
    plan: Plan
    trials: int
    seed: int
    alpha: float
    alpha_sim: float
    alpha_stderr: float
    beta: float
    beta_sim: float
    beta_stderr: float
    expected_bits_good: float
    bits_good_sim: float
    bits_good_stderr: float
    expected_bits_bad: float
    bits_bad_sim: float
    bits_bad_stderr: float

    def to_frame(self):
        """One row, as ``bercl simulate --ratio -f csv`` prints it (pandas DataFrame)."""
        p = self.plan
        row = dict(errors=p.errors, bits=p.bits, ber=p.ber, ratio=p.ratio)
        row.update((k, v) for k, v in self._fields() if k != "plan")
        return _frame([row])


@_command_words("simulate", switches=("sequential",))
def simulate(errors=None, bits=None, ber=None, *, cl=None, alpha=None, ratio=None,
             sequential=False, trials=1000000, seed=1, time=None, rate=None, lanes=None,
             model="poisson", burst_model=None, burst_length=None, burst_share=None,
             reading_interval=None):
    """Simulate tests to check a CL, or a plan's risks (``bercl simulate``).

    The command's own run (engine/simulate.c, engine/bursts.c): its random
    stream (engine/random.c: bercl's MT19937, seeded as GSL seeds it, with
    exact Poisson, binomial, exponential and geometric samplers) seeded with
    `seed`, so that a seed gives the command's table, digit for digit, and
    the page's, in constant memory (the trials are drawn and counted, not
    kept).

    Parameters
    ----------
    errors : int, optional
        Errors allowed (the test form; default 0).
    bits : float or str, optional
        Bits tested (or time and rate, as `cl` takes them).
    ber : float
        The true BER of the test form, or the plan's bad BER.
    cl, alpha, ratio, sequential : optional
        With ratio: simulate the plan of `plan` (cl and alpha: the designed
        fixed plan, or with sequential=True the truncated sequential one;
        errors and bits: the given test).
    trials : int
        Simulated tests (default 1e6; for a plan, that many good and bad).
    seed : int
    model : {"poisson", "binomial"}
        The test form's draws: Poisson(bits * ber), or Binomial(bits, ber)
        (bits below 2^63). Plans are Poisson.
    burst_model : {None, "gilbert-elliott"}
        The test form on a link whose errors come in bursts (``--burst-model
        gilbert-elliott``): the Gilbert-Elliott channel drawn as two Poisson
        processes (engine/bursts.c), each test also judged by cl_clustered.
    burst_length : float
        Mean errors per burst, 1 to 1e6 (default 10), with burst_model only.
    burst_share : float
        The share of the errors in bursts, above 0, at most 1 (default 1), with burst_model only.
    reading_interval : float or str, optional
        Bits between readings, the intervals cl_clustered sees (default: the
        whole test, one interval).

    Returns
    -------
    Simulation or PlanSimulation or BurstSimulation

    Raises
    ------
    DomainError
        A missing or bad argument.
    LimitError
        Beyond the command's limits for the draws.

    Examples
    --------
    >>> s = simulate(0, 3e12, 1e-12, trials=100000, seed=7)
    >>> abs(s.z) < 5
    True
    >>> s = simulate(ber=1e-12, cl="95%", alpha="5%", ratio=4, sequential=True, trials=20000)
    >>> abs(s.alpha_sim - s.alpha) < 5 * s.alpha_stderr
    True
    >>> s = simulate(0, 3e12, 1e-12, burst_model="gilbert-elliott", reading_interval=1e11,
    ...              trials=10000)
    >>> s.one_minus_cl_sim > 0.7, s.one_minus_cl_clustered_sim <= s.one_minus_cl
    (True, True)
    """
    bursts = burst_model == "gilbert-elliott"
    named = [("errors", errors), ("bits", bits), ("ber", ber), ("cl", cl), ("alpha", alpha),
             ("ratio", ratio), ("trials", trials), ("seed", seed), ("time", time),
             ("rate", rate), ("lanes", lanes), ("reading_interval", reading_interval),
             ("burst_length", burst_length), ("burst_share", burst_share)]
    # the command's checks of `bercl simulate` with these flags (their
    # domains, which go together, the burst model's names)
    _check("simulate", "simulate", [(k.replace("_", "-"), v) for k, v in named]
           + [("sequential", bool(sequential)), ("model", model),
              ("burst-model", burst_model)])
    b = _model(model)
    items = [(k.replace("_", "-"), _typed("simulate", k, v), k)
             for k, v in named if v is not None]
    if sequential:
        items.append(("sequential", "1", "sequential"))
    if bursts:
        items.append(("burst-model", "gilbert-elliott", "burst_model"))
    # the command's own row (engine/simulate.c, engine/bursts.c): its random
    # stream, in constant memory, the same table for the same seed
    cells, _, _ = _core.row("simulate", "simulate", int(b), items)
    f = {k: _cell(v) for k, v in cells.items()}
    trials, seed = int(f["trials"]), int(f["seed"])
    if ratio is not None:
        p = plan(ber, cl, alpha, ratio, errors=errors, bits=bits, time=time, rate=rate,
                 lanes=lanes, sequential=sequential)
        return PlanSimulation(
            p, trials, seed, f["alpha"], f["alpha_sim"], f["alpha_stderr"], f["beta"],
            f["beta_sim"], f["beta_stderr"], f["expected_bits_good"], f["bits_good_sim"],
            f["bits_good_stderr"], f["expected_bits_bad"], f["bits_bad_sim"],
            f["bits_bad_stderr"])
    q, sim, se = f["one_minus_cl"], f["one_minus_cl_sim"], f["sim_stderr"]
    if bursts:
        return BurstSimulation(int(f["errors"]), f["bits"], f["ber"], f["burst_length"],
                               f["burst_share"], f.get("reading_interval", f["bits"]), trials,
                               seed, q, sim, se, f["one_minus_cl_clustered_sim"])
    z = (sim - q) / se if se > 0 else (0.0 if sim == q else math.inf)
    return Simulation(int(f["errors"]), f["bits"], f["ber"], trials, seed, q, sim, se, z)


def _typed(func, name, v):
    """A value as the text its flag reads: a string as it is, a number as its
    shortest decimal (a whole number as its digits), as if typed."""
    if isinstance(v, str):
        return v
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, np.integer,
                                                              np.floating)):
        raise TypeError("%s: %s must be a number or a string, not %s"
                        % (func, name, type(v).__name__))
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    v = float(v)
    return str(int(v)) if v.is_integer() and abs(v) < 2 ** 63 else repr(v)


def _cell(text):
    """A machine cell as Python reads it: a number as its double (a
    probability below the double range, printed 10^-X from its logarithm,
    as 0.0), else the text."""
    try:
        return float(text)
    except ValueError:
        return 0.0 if text.startswith("10^-") else text


# ---- watch ----

WatchRow = collections.namedtuple("WatchRow", "lane bits errors cl dispersion decision "
                                  "cl_clustered", defaults=(None,))
WatchRow.__doc__ = """One reading's row, as ``bercl watch -f csv`` prints it: cl at the
observed errors (None where there is none), the index of dispersion of the
increments so far (None before two), the decision ("pass", "fail" or ""),
and with ``clustered=True`` cl_clustered of the increments so far (else
None)."""


class Watch:
    """Live pass/fail decisions from cumulative counter readings (``bercl watch``).

    Feed readings one at a time with `feed` (or many with `run`); each gives
    the row the command prints. The fixed target (``ber``, ``cl``, ``errors``
    allowed, default 0): fail as soon as errors exceed the allowance, pass
    once the bits reach min_bits of that allowance; with ``alpha`` and
    ``ratio``, the sequential plan of `plan` decides. A decision ends it
    (`decision` is then "pass" or "fail"; further readings raise). With
    lanes (``lane=`` in each reading), each lane decides on its own and a
    row lane="all" ends the test: fail when a lane fails; pass when every
    lane has passed (plan) or the product of the lanes' CLs at the allowed
    count reaches cl (fixed target), once `lanes` lanes were seen; a row
    lane="all" follows every lane reading, as the command prints it.

    Parameters
    ----------
    ber : float
        The specified BER.
    cl : float or str
        The target confidence (plan: 1 - beta).
    errors : int
        Errors allowed (fixed target; default 0, none with a plan).
    alpha, ratio : optional
        Both given: decide by the sequential plan.
    rate : float or str, optional
        For readings given as time (seconds): bits = time * rate * lanes.
    lanes : int, optional
        Lanes that must be seen before an all-lanes pass (default 1).
    clustered : bool
        ``--clustered`` (fixed target): each row gives cl_clustered of the
        increments so far (`cl_clustered`), and the reading that ends the
        test passes only if cl_clustered reaches cl as well, else fails
        there (reading on for a later pass would be optional stopping).

    Each reading goes through the command's own watch (engine/watch.c: its
    checks, decisions, dispersion and warnings), as if it were the next line
    of ``bercl watch``'s standard input, whose header the first reading
    makes: ``bits`` or ``time``, ``errors``, and ``lane`` where the reading
    names one. A bad reading raises DomainError with the command's message,
    "Watch.feed:LINE: ..." (LINE counts the header as line 1); the warnings
    the command prints (errors clustered beyond what independent errors
    allow) are kept in `warnings`.

    Examples
    --------
    >>> w = Watch(1e-12, "95%")
    >>> w.feed(bits=1e12, errors=0).decision
    ''
    >>> w.feed(bits=3e12, errors=0)
    WatchRow(lane=None, bits=3000000000000.0, errors=0, cl=0.950212931632136, dispersion=None, decision='pass', cl_clustered=None)
    """

    def __init__(self, ber, cl, errors=None, *, alpha=None, ratio=None, rate=None, lanes=None,
                 clustered=False):
        named = [("ber", ber), ("cl", cl), ("errors", errors), ("alpha", alpha),
                 ("ratio", ratio), ("rate", rate), ("lanes", lanes)]
        # `bercl watch` with these flags, --plan where alpha or ratio is
        # given: the command's checks (a plan needs both)
        plan_given = alpha is not None or ratio is not None
        _check("Watch", "watch", named + [("plan", plan_given), ("clustered", bool(clustered))])
        items = [(k, _typed("Watch", k, v), k) for k, v in named if v is not None]
        if clustered:
            items.append(("clustered", "1", "clustered"))
        self._w = _core.watch_open(items, plan_given)
        self.ber = float(_typed("Watch", "ber", ber)) if not isinstance(ber, str) else \
            _core.quantity("ber", ber, "Watch: ber")
        self.cl, self.cl_complement = parse_cl(cl, "cl")
        self.allowed = int(_core.quantity("errors", _typed("Watch", "errors", errors or 0),
                                          "Watch: errors"))
        self.clustered = bool(clustered)
        self.plan = None if alpha is None else plan(ber, cl, alpha, ratio, sequential=True)
        self._columns = None  # the header's columns, once the first reading made it
        self._kind = None     # ("bits" or "time", lane or not), fixed by the first reading
        self.decision = ""
        self.warnings = []
        self.rows = []  # the rows fed so far (to_frame)

    def _send(self, record):
        state, out, err = _core.watch_feed(self._w, record.encode())
        messages = [ln[len("bercl: "):] if ln.startswith("bercl: ") else ln
                    for ln in err.splitlines()]
        if state in (2, 3):  # WATCH_INPUT, WATCH_INTERNAL
            raise (DomainError if state == 2 else ConvergenceError)(
                "; ".join(messages) or "Watch.feed: the reading has no answer")
        self.warnings.extend(messages)
        return state, list(csv.reader(io.StringIO(out)))

    def feed(self, bits=None, errors=0, *, time=None, lane=None):
        """One cumulative reading: bits tested (or time in seconds, with the
        Watch's rate) and errors seen since the start; `lane` names its lane.

        Returns
        -------
        WatchRow, or with lanes a list of two: the lane's row, then the row
        lane="all" (the whole test's decision), as the command prints them.

        Raises
        ------
        DomainError
            A bad value, a counter that went backwards, or a reading after the
            decision: the command's message.
        """
        if self.decision:
            raise DomainError("Watch: the test is decided (%s)" % self.decision)
        given = {"bits": bits, "time": time, "errors": errors, "lane": lane}
        kind = tuple(k for k in ("bits", "time", "errors", "lane") if given[k] is not None)
        if self._kind is None:
            # the first reading's columns make the header of the command's
            # input: the engine checks it (bits or time, and errors)
            self._kind = kind
            _, rows = self._send(",".join(kind) + "\n")
            self._columns = rows[0]
        elif kind != self._kind:
            # a reading is a record of that header: a value without its
            # column (or a column without its value) has no place in it
            raise DomainError("Watch.feed: every reading gives %s, as the first did"
                              % ", ".join(self._kind))
        cells = [str(lane) if k == "lane" else _typed("Watch.feed", k, given[k]) for k in kind]
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerow(cells)
        state, rows = self._send(buf.getvalue())
        got = [self._row(r) for r in rows]
        self.rows.extend(got)
        if state in (0, 1):  # WATCH_PASS, WATCH_FAIL
            self.decision = "pass" if state == 0 else "fail"
        return got if lane is not None else got[0]

    def _row(self, cells):
        r = dict(zip(self._columns, cells))

        def number(k):
            v = r.get(k, "")
            return None if v == "" else float(v)

        return WatchRow(r.get("lane"), float(r["bits"]), int(float(r["errors"])), number("cl"),
                        number("dispersion"), r.get("decision", ""), number("cl_clustered"))

    def __repr__(self):
        how = ("plan, alpha=%s, ratio=%s" % (_short(self.plan.alpha), _short(self.plan.ratio))
               if self.plan is not None else "errors=%d" % self.allowed)
        return "Watch(ber=%s, cl=%s, %s, readings=%d, decision=%r)" % (
            _short(self.ber), _short(self.cl), how,
            sum(1 for r in self.rows if r.lane != "all"), self.decision)

    def to_frame(self):
        """The rows fed so far, as ``bercl watch -f csv`` prints them (pandas DataFrame)."""
        return _frame([r._asdict() for r in self.rows])

    def _repr_html_(self):
        try:
            return self.to_frame().to_html(index=False)
        except ImportError:
            return None

    def run(self, readings):
        """Feed an iterable of readings (dicts with keys bits or time, errors,
        lane; or (bits, errors) pairs) until a decision; the rows, as a list."""
        rows = []
        for r in readings:
            got = self.feed(**r) if isinstance(r, dict) else self.feed(*r)
            rows.extend(got if isinstance(got, list) else [got])
            if self.decision:
                break
        return rows


# ---- clustered errors: cl, ber --intervals (lib/clustered.c) ----

ClusteredCl = collections.namedtuple(
    "ClusteredCl", "errors bits ber cl one_minus_cl cl_clustered one_minus_cl_clustered "
    "dispersion dispersion_upper independent_events")
ClusteredCl.__doc__ = """The row of ``bercl cl --intervals F``: the totals, the Poisson CL
of them, and cl_clustered, which holds when errors come in bursts; dispersion
is None without an estimate (fewer than 2 intervals or no error), and
dispersion_upper is None where no bound holds (no errors, all in one
interval, or one burst dominating: then independent_events is 0,
cl_clustered 0 and the clustered BER bounds [0, 1])."""
ClusteredBer = collections.namedtuple(
    "ClusteredBer", "errors bits cl ber_estimate ber_lower ber_upper ber_lower_clustered "
    "ber_upper_clustered dispersion dispersion_upper independent_events")
ClusteredBer.__doc__ = """The row of ``bercl ber --intervals F`` (``--two-sided``: the lower
ends too, else ber_lower and ber_lower_clustered are None)."""


class Intervals:
    """A test logged as intervals, accumulated as the library does
    (bercl_intervals_add: totals and running moments, nothing stored), for
    the answers that hold when errors cluster (``bercl cl`` and ``bercl ber``
    with ``--intervals``). Build it with `intervals` or `read_intervals`.

    Attributes
    ----------
    intervals, errored : int
        Intervals, and those with at least one error.
    bits, errors : float
        The totals N and X.
    cumulative : bool
        The counts were cumulative readings (their differences taken).
    """

    def __init__(self, state, cumulative):
        self._state = state
        self.cumulative = cumulative
        d = _core.dispersion(state)
        self.intervals, self.errored = int(d["intervals"]), int(d["errored"])
        self.bits, self.errors = d["bits"], d["errors"]

    def __repr__(self):
        return "Intervals(intervals=%d, errored=%d, bits=%r, errors=%r, cumulative=%r)" % (
            self.intervals, self.errored, self.bits, self.errors, self.cumulative)

    def _row(self, func, cmd, named):
        """The command's row of `bercl CMD --intervals F` with the flags
        named (engine/rowcall.c on the log's totals, engine/intervals.c
        intervals_compute): {column: value}, None for an empty cell."""
        _check(func, cmd, named + [("intervals", "intervals")])
        items = [(k, _typed(func, k, v), k) for k, v in named if not isinstance(v, bool)]
        items += [(k, "1", k) for k, v in named if v is True]
        cells, _, extra = _core.row(func, cmd, 0, items, None, None, self._state)
        row = {k: _cell(v) for k, v in cells.items()}
        return lambda k: row.get(k), extra

    def cl(self, ber):
        """cl_clustered at `ber` and the Poisson CL of the totals (``bercl cl
        --intervals F --ber P``): see `cl_clustered`.

        Parameters
        ----------
        ber : float or str
            The specified BER, 0 < ber < 1.

        Returns
        -------
        ClusteredCl
        """
        # `bercl cl --intervals F --ber P`: the command's checks and row
        f, extra = self._row("cl_clustered", "cl", [("ber", ber)])
        return ClusteredCl(f("errors"), f("bits"), f("ber"), f("cl"), f("one_minus_cl"),
                           f("cl_clustered"), extra["one_minus_cl_clustered"], f("dispersion"),
                           f("dispersion_upper"), f("independent_events"))

    def ber(self, cl, two_sided=False):
        """ber_upper_clustered at confidence `cl` and the Poisson bound of the
        totals (``bercl ber --intervals F --cl C``): see `ber_upper_clustered`.

        Parameters
        ----------
        cl : float or str
            Confidence level of the bound (``"95%"``).
        two_sided : bool
            The two-sided interval (``--two-sided``).

        Returns
        -------
        ClusteredBer
        """
        # `bercl ber --intervals F --cl C [--two-sided]`: the command's checks and row
        f, _ = self._row("ber_upper_clustered", "ber", [("cl", cl),
                                                        ("two-sided", bool(two_sided))])
        return ClusteredBer(f("errors"), f("bits"), f("cl"), f("ber_estimate"), f("ber_lower"),
                            f("ber_upper"), f("ber_lower_clustered"), f("ber_upper_clustered"),
                            f("dispersion"), f("dispersion_upper"), f("independent_events"))


def intervals(bits, errors, *, cumulative=None):
    """Intervals from per-interval counts, or from cumulative readings (a
    counter's values from the start of the test), as ``--intervals`` reads
    them.

    Parameters
    ----------
    bits, errors : array_like
        One value per interval (or per reading); bits take the --bits syntax
        (``"1G"``), errors are whole numbers. A pandas column will do.
    cumulative : bool, optional
        The form. Default: decided as the command decides it, from the first
        three rows: bits strictly increasing and errors never decreasing
        there means cumulative readings, anything else per-interval counts.

    Returns
    -------
    Intervals

    Raises
    ------
    DomainError
        A zero-length interval, errors above an interval's bits, a counter
        going backwards (cumulative): the command's message, the element
        named by its index.

    Examples
    --------
    >>> iv = intervals([1e9] * 7, [0, 3, 0, 5, 1, 0, 2])
    >>> iv.cl(1e-8).cl_clustered
    0.992352550821368
    >>> iv.ber("95%").ber_upper_clustered
    7.200112744115854e-09
    """
    b = [v if isinstance(v, str) else _typed("intervals", "bits", v)
         for v in np.ravel(np.asarray(bits, dtype=object))]
    e = [v if isinstance(v, str) else _typed("intervals", "errors", v)
         for v in np.ravel(np.asarray(errors, dtype=object))]
    # the log as the command reads it (--intervals): the engine's reader, its
    # checks and its form decision (an element one array lacks, an empty
    # cell); a message's line is the element's + 2
    text = "bits,errors\n" + "".join("%s,%s\n" % (x, y) for x, y in
                                     itertools.zip_longest(b, e, fillvalue=""))
    why, state, cum, _ = _core.intervals_read(text.encode(), "intervals", _form(cumulative))
    if why is not None:
        # the log's line named as the element it holds
        why = re.sub(r"^--intervals: intervals:(\d+): ",
                     lambda m: "element [%d]: " % (int(m.group(1)) - 2), why)
        raise DomainError(_said("intervals", why))
    return Intervals(state, cum)


def _form(cumulative):
    """--intervals-form: auto (None), per-interval (False), cumulative (True)."""
    return "auto" if cumulative is None else "cumulative" if cumulative else "per-interval"


def read_intervals(source, *, cumulative=None):
    """Intervals from a file as ``--intervals FILE`` takes it: ``bits,errors``
    rows (a header naming the two columns optional, other columns ignored),
    cells separated by a comma or a tab, ``#`` lines and blank lines skipped,
    bits with SI suffixes.

    Parameters
    ----------
    source : str or path or file
        A file name, an open text file, or the text itself (a str holding a
        newline).
    cumulative : bool, optional
        As `intervals` takes it.

    Returns
    -------
    Intervals

    Examples
    --------
    >>> read_intervals("bits,errors\\n1G,0\\n1G,3\\n1G,0\\n").errors
    3.0
    """
    name = "(data)"
    if hasattr(source, "read"):
        data = source.read()
        name = getattr(source, "name", name)
    elif isinstance(source, (str, bytes)) and ("\n" in source if isinstance(source, str)
                                              else b"\n" in source):
        data = source
    else:
        name = str(source)
        with open(source, "rb") as fp:
            data = fp.read()
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not isinstance(data, bytes):
        raise TypeError("read_intervals: source must be a file name, a file, or the log as "
                        "str or bytes, not %s" % type(data).__name__)
    # the command's --intervals reader (engine/intervals.c)
    why, state, cum, _ = _core.intervals_read(data, str(name), _form(cumulative))
    if why is not None:
        raise DomainError(_said("read_intervals", why, {"intervals": "source"}))
    return Intervals(state, cum)


def cl_clustered(bits, errors, ber, *, cumulative=None):
    """The confidence that the BER is below `ber` that holds when errors come
    in bursts (``cl_clustered`` of ``bercl cl --intervals F``), from the
    intervals' counts: the Poisson tails of ceil(X / dispersion_upper)
    events at N ber / dispersion_upper, dispersion_upper the 75 % upper
    bound of the counts' dispersion (lib/clustered.c gives the method and
    its validity), or the plain Poisson CL where that is smaller.

    Parameters
    ----------
    bits, errors : array_like
        Per-interval counts or cumulative readings (see `intervals`).
    ber : float or str
        The specified BER.
    cumulative : bool, optional
        As `intervals` takes it.

    Returns
    -------
    ClusteredCl

    Examples
    --------
    >>> r = cl_clustered([1e9] * 7, [0, 3, 0, 5, 1, 0, 2], 1e-8)
    >>> r.cl, r.cl_clustered, r.dispersion_upper
    (1.0, 0.992352550821368, 8.00547035622569)
    """
    return intervals(bits, errors, cumulative=cumulative).cl(ber)


def ber_upper_clustered(bits, errors, cl, *, two_sided=False, cumulative=None):
    """The BER bound that holds when errors come in bursts
    (``ber_upper_clustered`` of ``bercl ber --intervals F``; ``two_sided``
    the interval, ber_lower_clustered too): the Poisson bounds at N /
    dispersion_upper bits with ceil (upper) or floor (lower) of X /
    dispersion_upper events, widened to the plain Poisson bounds.

    Parameters
    ----------
    bits, errors : array_like
        Per-interval counts or cumulative readings (see `intervals`).
    cl : float or str
        Confidence level of the bound.
    two_sided : bool
    cumulative : bool, optional

    Returns
    -------
    ClusteredBer

    Examples
    --------
    >>> r = ber_upper_clustered([1e9] * 7, [0, 3, 0, 5, 1, 0, 2], "95%", two_sided=True)
    >>> r.ber_lower_clustered, r.ber_upper_clustered
    (2.8954423043263813e-11, 8.262431850993354e-09)
    """
    return intervals(bits, errors, cumulative=cumulative).ber(cl, two_sided)
