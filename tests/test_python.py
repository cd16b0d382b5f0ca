# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python package bercl against the bercl command: every elementwise
function gives the very doubles that `bercl ... -f csv` prints, on seeded
random points (BERCL_PY_POINTS per function and model, default 2000), the
elements the command refuses are the ones the package refuses; arrays
against scalar calls; Series in, Series out; errors that name the argument.

make check runs this with pytest under a clean /usr/bin/python3 -I against
the INSTALLED package (tests/test_install.sh); the command is ../bercl
beside this file, or BERCL_CLI."""
import csv
import io
import math
import os
import subprocess

import numpy as np
import pytest

import bercl

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CLI = os.environ.get("BERCL_CLI", os.path.join(ROOT, "bercl"))
POINTS = int(os.environ.get("BERCL_PY_POINTS", "2000"))
SEED = int(os.environ.get("BERCL_PY_SEED", "20261201"))
MODELS = ("poisson", "binomial")
DBL_MIN = 2.2250738585072014e-308


def run_cli(args, rows=None, header=None):
    """bercl ARGS -f csv (with rows as a batch on standard input): the rows as dicts."""
    stdin = None
    if rows is not None:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
        stdin = buf.getvalue()
        args = list(args) + ["-i", "-"]
    p = subprocess.run([CLI, *args, "-f", "csv"], input=stdin, capture_output=True, text=True)
    assert p.returncode in (0, 2), p.stderr
    out = list(csv.DictReader(io.StringIO(p.stdout)))
    if rows is not None:
        assert len(out) == len(rows)
    return out


def cli_value(cell):
    """A CSV cell as the double it reads back to; None for an empty cell."""
    if cell.startswith("10^"):  # below the double range, the mantissa unknowable
        return 0.0
    return None if cell == "" else float(cell)


def same(got, rows, column, what, tiny_ok=True):
    """Each element of got is the CLI's double (NaN where the row has an error)."""
    got = np.broadcast_to(np.asarray(got, dtype=np.float64), (len(rows),))
    bad = []
    for i, (g, r) in enumerate(zip(got, rows)):
        if r.get("error"):
            if not math.isnan(g):
                bad.append((i, g, "error: " + r["error"]))
            continue
        want = cli_value(r[column])
        if want is None:
            want = math.nan
        elif tiny_ok and abs(want) < DBL_MIN:
            # below the normal doubles the command prints from the logarithm
            continue
        if not (g == want or (math.isnan(g) and math.isnan(want))):
            bad.append((i, g, r[column]))
    assert not bad, "%s: %d of %d differ, first %s" % (what, len(bad), len(rows), bad[:5])


def rng(name):
    return np.random.default_rng([SEED, sum(map(ord, name))])


def short(x):
    """A double with 6 significant digits, as a lab writes it, and its text."""
    t = "%.6g" % x
    return float(t), t


def make_points(g, model, n=POINTS):
    """errors, bits, ber (floats) and their text, for cl, ber and their kin."""
    e = np.where(g.random(n) < 0.5, g.integers(0, 20, n),
                 np.floor(10 ** g.uniform(0, 6, n)))
    if model == "poisson":
        bits = [short(v) for v in 10 ** g.uniform(0, 18, n)]
        ber = [short(v) for v in 10 ** g.uniform(-18, -0.31, n)]
    else:
        bits = [short(math.floor(v)) for v in 10 ** g.uniform(1, 12, n)]
        ber = [short(v) for v in 10 ** g.uniform(-12, -0.31, n)]
    e = np.where(g.random(n) < 0.02, e + 0.5, e)  # a few refused: not whole
    return e, np.array([b[0] for b in bits]), np.array([p[0] for p in ber]), \
        ["%.17g" % v for v in e], [b[1] for b in bits], [p[1] for p in ber]


def cl_texts(g, n=POINTS):
    """Confidence levels as strings the way people give them."""
    out = []
    for _ in range(n):
        k = g.integers(0, 4)
        if k == 0:
            out.append("%g%%" % g.choice([50, 90, 95, 99, 99.9, 99.99, 63.2]))
        elif k == 1:
            out.append("0." + "9" * int(g.integers(1, 25)))
        elif k == 2:
            out.append("%.6g" % g.uniform(0.01, 0.999))
        else:
            out.append(repr(float(g.uniform(0.5, 1))))
    return out


# ---- cl, one_minus_cl, log10_one_minus_cl, tails ----

@pytest.mark.parametrize("model", MODELS)
def test_cl_digits(model):
    g = rng("cl" + model)
    e, n, p, et, nt, pt = make_points(g, model)
    rows = run_cli(["cl", "--model", model], list(zip(et, nt, pt)), ["errors", "bits", "ber"])
    t = bercl.tails(e, n, p, model=model, on_error="nan")
    same(t.cl, rows, "cl", "cl")
    same(t.one_minus_cl, rows, "one_minus_cl", "one_minus_cl")
    same(bercl.cl(e, n, p, model=model, on_error="nan"), rows, "cl", "cl()")
    same(bercl.one_minus_cl(e, n, p, model=model, on_error="nan"), rows, "one_minus_cl",
         "one_minus_cl()")
    same(bercl.log10_one_minus_cl(e, n, p, model=model, on_error="nan"), rows,
         "log10_one_minus_cl", "log10_one_minus_cl", tiny_ok=False)
    ok = sum(1 for r in rows if not r["error"])
    assert ok > len(rows) // 2  # most points are computed, not refused


def test_cl_time_rate_lanes():
    """bits = rate * time * lanes as the command makes it, with SI strings."""
    g = rng("time")
    times = ["%dmin" % v for v in g.integers(1, 300, 300)] + ["1h30m", "2.5h", "90", "1.1s"]
    rates = list(g.choice(["25.78125G", "10G", "53.125Gb/s", "106.25Gbps", "1G"], len(times)))
    lanes = list(g.integers(1, 9, len(times)))
    rows = run_cli(["cl", "--ber", "1e-12", "-e", "1"],
                   list(zip(times, rates, lanes)), ["time", "rate", "lanes"])
    got = bercl.cl(1, ber=1e-12, time=times, rate=rates, lanes=lanes)
    same(got, rows, "cl", "cl with time")
    for r, t in zip(rows, times):
        assert float(r["time_s"]) == bercl.parse_time(t)


def test_cl_baud():
    rows = run_cli(["cl", "-e", "0", "-t", "10min", "--baud", "26.5625G", "--bits-per-symbol",
                    "2", "-p", "1e-13"])
    assert bercl.cl(0, ber=1e-13, time="10min", baud="26.5625G", bits_per_symbol=2) == \
        float(rows[0]["cl"])


# ---- min_bits, min_time ----

@pytest.mark.parametrize("model", MODELS)
def test_min_bits_digits(model):
    g = rng("bits" + model)
    n = POINTS
    e = g.integers(0, 30 if model == "binomial" else 2000, n).astype(float)
    lo = -12 if model == "binomial" else -18
    p = [short(v) for v in 10 ** g.uniform(lo, -1, n)]
    c = cl_texts(g, n)
    rows = run_cli(["bits", "--model", model, "--rate", "25.78125G"],
                   [("%d" % a, b[1], x) for a, b, x in zip(e, p, c)], ["errors", "ber", "cl"])
    pv = np.array([b[0] for b in p])
    got = bercl.min_bits(e, pv, c, model=model, on_error="nan")
    same(got, rows, "bits", "min_bits")
    same(bercl.min_time(e, pv, c, rate="25.78125G", model=model, on_error="nan"), rows,
         "time_s", "min_time")
    assert sum(1 for r in rows if not r["error"]) > n // 2


def test_min_bits_integers():
    b = bercl.min_bits(np.arange(5), 1e-12, "95%")
    assert b.dtype == np.int64
    assert isinstance(bercl.min_bits(np.int64(2), 1e-12, 0.95), int)
    assert bercl.min_bits(0, 1e-12, "0.99999999999999999999") == \
        int(run_cli(["bits", "-e", "0", "-p", "1e-12", "-c", "0.99999999999999999999"])[0]["bits"])


def test_min_bits_kernel_refuses_an_inconsistent_pair():
    # the public functions pass parsed pairs; a direct kernel call can pass
    # any pair: (0.95, 0.95) gave 5.1e10 bits and tails (0.95, 0.95) by the
    # quick route, which took the pair as it came
    from bercl import _core
    a = [np.array([v]) for v in (0.0, 1e-12, 0.95, 0.0, 0.95, 0.0)]
    for k in ("min_bits_exact_poisson", "min_bits_exact_binomial"):
        with np.errstate(invalid="ignore"):
            got = getattr(_core, k)(*a)
        assert np.isnan(got[0]), k
    a[4] = np.array([0.05])
    assert _core.min_bits_exact_poisson(*a)[0] == bercl.min_bits(0, 1e-12, 0.95)


# ---- max_errors ----

@pytest.mark.parametrize("model", MODELS)
def test_max_errors_digits(model):
    g = rng("errors" + model)
    n = POINTS // 2
    if model == "poisson":
        bits = [short(v) for v in 10 ** g.uniform(3, 16, n)]
        ber = [short(v) for v in 10 ** g.uniform(-14, -2, n)]
    else:
        bits = [short(math.floor(v)) for v in 10 ** g.uniform(2, 9, n)]
        ber = [short(v) for v in 10 ** g.uniform(-8, -1, n)]
    c = cl_texts(g, n)
    rows = run_cli(["errors", "--model", model], [(a[1], b[1], x) for a, b, x in zip(bits, ber, c)],
                   ["bits", "ber", "cl"])
    got = bercl.max_errors(np.array([a[0] for a in bits]), np.array([b[0] for b in ber]), c,
                           model=model, on_error="nan")
    for r in rows:  # an unreachable target is an answer with a reason, not a refusal
        if r["error"].startswith("even 0 errors"):
            r["error"] = ""
    same(got, rows, "errors", "max_errors")


# ---- ber_upper, ber_lower, ber_interval ----

@pytest.mark.parametrize("model", MODELS)
def test_ber_bounds_digits(model):
    g = rng("ber" + model)
    e, n, p, et, nt, pt = make_points(g, model)
    c = cl_texts(g)
    one = run_cli(["ber", "--model", model], list(zip(et, nt, c)), ["errors", "bits", "cl"])
    two = run_cli(["ber", "--two-sided", "--model", model], list(zip(et, nt, c)),
                  ["errors", "bits", "cl"])
    same(bercl.ber_upper(e, n, c, model=model, on_error="nan"), one, "ber_upper", "ber_upper")
    lo, hi = bercl.ber_interval(e, n, c, model=model, on_error="nan")
    same(lo, two, "ber_lower", "ber_interval lower")
    same(hi, two, "ber_upper", "ber_interval upper")
    same(bercl.ber_lower(e, n, c, model=model, on_error="nan"), two, "ber_lower", "ber_lower")


# ---- FEC ----

@pytest.mark.parametrize("code", ["kp4", "kr4", "rs:15,9,4", "rs:255,239,8"])
def test_fec_digits(code):
    g = rng("fec" + code)
    n = POINTS // 4
    ber = [short(v) for v in 10 ** g.uniform(-12, -0.2, n)]
    rows = run_cli(["fec", "--code", code], [(b[1],) for b in ber], ["ber"])
    pv = np.array([b[0] for b in ber])
    r = bercl.fec_rates(code, pv, on_error="nan")
    same(r.ser, rows, "ser", "ser")
    same(bercl.fec_cer(code, pv, on_error="nan"), rows, "cer", "fec_cer")
    same(bercl.fec_post_ber(code, pv, on_error="nan"), rows, "post_fec_ber", "fec_post_ber")
    cer = ["%.3g" % v for v in 10 ** g.uniform(-30, -1, n)]
    rows = run_cli(["fec", "--code", code], [(x,) for x in cer], ["cer"])
    same(bercl.fec_ber_max(code, cer, on_error="nan"), rows, "ber_max", "fec_ber_max")
    same(bercl.fec_ber_max(code, np.array([float(x) for x in cer]), on_error="nan"), rows,
         "ber_max", "fec_ber_max (floats)")


# ---- arrays, scalars, Series, types ----

def test_arrays_equal_scalar_calls():
    g = rng("scalar")
    e, n, p, *_ = make_points(g, "poisson", 300)
    c = cl_texts(g, 300)
    arr = bercl.cl(e, n, p, on_error="nan")
    bits = bercl.min_bits(e, p, c, on_error="nan")
    for i in range(300):
        try:
            v = bercl.cl(e[i], n[i], p[i])
        except bercl.BerclError:
            v = math.nan
        assert v == arr[i] or (math.isnan(v) and math.isnan(arr[i]))
        try:
            b = bercl.min_bits(e[i], p[i], c[i])
        except bercl.BerclError:
            b = math.nan
        assert b == bits[i] or (math.isnan(b) and math.isnan(bits[i]))


def test_broadcasting():
    e = np.arange(4).reshape(4, 1)
    p = np.array([1e-12, 1e-11, 1e-10])
    got = bercl.cl(e, 3e12, p)
    assert got.shape == (4, 3)
    assert got[2, 1] == bercl.cl(2, 3e12, 1e-11)
    lo, hi = bercl.ber_interval(e, [1e12, 2e12, 3e12], "95%")
    assert lo.shape == hi.shape == (4, 3)


def test_input_types():
    want = bercl.cl(3, 3e12, 1e-12)
    for e in (3, 3.0, np.int64(3), np.int32(3), np.uint8(3), np.float32(3)):
        assert bercl.cl(e, 3e12, 1e-12) == want
    assert list(bercl.cl([3, 3], [3e12, 3e12], 1e-12)) == [want, want]
    assert bercl.cl(np.array([3], dtype=np.int16), "3T", 1e-12)[0] == want
    assert bercl.cl("3", "3T", "1e-12") == want  # strings in the command's syntax
    with pytest.raises(bercl.DomainError, match="errors 'x'"):
        bercl.cl("x", 3e12, 1e-12)
    with pytest.raises(TypeError, match="errors"):
        bercl.cl(None, 3e12, 1e-12)
    with pytest.raises(TypeError, match="bool"):
        bercl.cl(True, 3e12, 1e-12)
    with pytest.raises(bercl.DomainError, match="holds exactly"):
        bercl.cl(2 ** 53 + 1, 1e20, 1e-12)
    with pytest.raises(bercl.DomainError, match=r"errors\[1\]"):
        bercl.cl(np.array([0, 2 ** 53 + 1], dtype=np.int64), 1e20, 1e-12)


def test_series_index_kept():
    pd = pytest.importorskip("pandas")
    s = pd.Series([0, 1, 2], index=["lane3", "lane1", "lane7"])
    got = bercl.cl(s, 3e12, 1e-12)
    assert isinstance(got, pd.Series)
    assert list(got.index) == ["lane3", "lane1", "lane7"]
    assert got["lane1"] == bercl.cl(1, 3e12, 1e-12)
    b = bercl.min_bits(s, 1e-12, "95%")
    assert isinstance(b, pd.Series) and b.dtype == np.int64 and list(b.index) == list(s.index)
    t = bercl.tails(s, 3e12, 1e-12)
    assert list(t.one_minus_cl.index) == list(s.index)
    with pytest.raises(ValueError, match="index"):
        bercl.cl(s, pd.Series([1e12] * 3, index=[1, 2, 3]), 1e-12)


def test_gil_released_threads_agree():
    """The ufuncs run in threads at once (the GIL released in the loop) and agree."""
    import concurrent.futures
    e = np.arange(200000) % 50
    want = bercl.cl(e, 3e12, 1e-12)
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        got = list(ex.map(lambda _: bercl.cl(e, 3e12, 1e-12), range(2)))
    assert all(np.array_equal(g, want) for g in got)


def test_threads_do_not_change_answers():
    g = rng("threads")
    e, n, p, *_ = make_points(g, "poisson", 100000)
    c = cl_texts(g, 2000) * 50
    old = bercl.set_num_threads(1)
    try:
        one = bercl.tails(e, n, p, on_error="nan"), bercl.min_bits(e[:2000], p[:2000], c[:2000],
                                                                    on_error="nan")
        bercl.set_num_threads(4)
        four = bercl.tails(e, n, p, on_error="nan"), bercl.min_bits(e[:2000], p[:2000],
                                                                     c[:2000], on_error="nan")
    finally:
        bercl.set_num_threads(old)
    for a, b in ((one[0].cl, four[0].cl), (one[0].one_minus_cl, four[0].one_minus_cl),
                 (one[1], four[1])):
        assert np.array_equal(a, b, equal_nan=True)


# ---- errors ----

@pytest.mark.parametrize("call, cls, pattern", [
    (lambda: bercl.cl([0, 0.5], 3e12, 1e-12), bercl.DomainError,
     r"cl: errors\[1\] '0.5': must be a whole number"),
    (lambda: bercl.cl(0, 3e12, 1.5), bercl.DomainError,
     r"cl: ber '1.5': must be between 0 and 1"),
    (lambda: bercl.cl(0, [1, -3], 1e-12), bercl.DomainError, r"cl: bits\[1\] '-3': must be above 0"),
    (lambda: bercl.cl(5, 3, 1e-12), bercl.DomainError, r"cl: errors 5 exceed the bits tested, 3"),
    (lambda: bercl.cl(0, 1e3, 1e-310), bercl.DomainError, r"ber"),
    (lambda: bercl.cl(0, 1e-300, 1e-10), bercl.DomainError, r"bits \* ber"),
    (lambda: bercl.min_bits(0, 1e-12, "1.5"), bercl.DomainError, r"cl '1.5'"),
    (lambda: bercl.min_bits(0, 1e-12, [0.9, 1.0]), bercl.DomainError, r"min_bits: cl\[1\] '1': must be between 0 and 1"),
    (lambda: bercl.min_bits(0, 1e-12, "95"), bercl.DomainError, r"cl '95'"),
    (lambda: bercl.ber_upper(1, 1.5, "95%", model="binomial"), bercl.DomainError,
     r"whole number of bits"),
    (lambda: bercl.cl(5 * 10 ** 15, 10 ** 16, 0.5, model="binomial"), bercl.LimitError,
     r"binomial model's limits"),
    (lambda: bercl.cl(0, 10, 0.1, model="gauss"), bercl.DomainError, r"model"),
    (lambda: bercl.fec_cer("kp5", 1e-4), bercl.DomainError, r"kp5"),
    (lambda: bercl.fec_cer("rs:3,3", 1e-4), bercl.DomainError, r"rs:3,3"),
    (lambda: bercl.fec_cer("kp4", [1e-4, 0.7]), bercl.DomainError,
     r"fec_cer: element \[1\]: fec: ber must be in"),
    (lambda: bercl.fec_histogram("kp4", [1, 2, 3]), bercl.DomainError, r"t \+ 2 = 17"),
    (lambda: bercl.fec_histogram("kp4", [0.5] + [0] * 16), bercl.DomainError, r"bins\[0\]"),
    (lambda: bercl.cl(0, ber=1e-12, time="10 parsecs", rate="10G"), bercl.DomainError,
     r"time '10 parsecs'"),
    (lambda: bercl.cl(0, ber=1e-12, time="10min", rate="26GBd"), bercl.DomainError,
     r"symbol rate"),
    (lambda: bercl.cl(0, ber=1e-12, time="10min"), bercl.DomainError, r"needs a rate"),
    (lambda: bercl.cl(0, 3e12, 1e-12, on_error="ignore"), ValueError, r"on_error"),
])
def test_errors_name_the_argument(call, cls, pattern):
    with pytest.raises(cls, match=pattern):
        call()


def test_errors_are_the_cli_refusals():
    """on_error='nan' marks exactly the rows the command refuses (checked above
    per function); here the exception classes: DomainError is a ValueError."""
    assert issubclass(bercl.DomainError, ValueError)
    assert issubclass(bercl.LimitError, bercl.BerclError)
    assert math.isnan(bercl.cl(0.5, 3e12, 1e-12, on_error="nan"))


# ---- the command's parsers ----

@pytest.mark.parametrize("text", ["95%", "0.95", "0.99999999999999999999", "99.9%", "0.5",
                                  "63.2%", "1e-3", "0.000001", "+0.9", ".9", "100%", "1"])
def test_parse_cl_as_the_cli(text):
    rows = run_cli(["bits", "-e", "0", "-p", "1e-12", "-c", text]) if text not in ("100%", "1") \
        else None
    if rows is None:
        with pytest.raises(bercl.DomainError):
            bercl.parse_cl(text)
        return
    c, q = bercl.parse_cl(text)
    assert c == float(rows[0]["cl"]) and q == float(rows[0]["one_minus_cl"])


@pytest.mark.parametrize("text,decimal", [("99.9%", "0.999"), ("0.5%", "0.005"),
                                          ("12.345%", "0.12345"), ("70.7%", "0.707")])
def test_percent_read_in_one_rounding(text, decimal):
    """99.9% is the double nearest 0.999, not 99.9 / 100 (one ulp above)."""
    assert bercl.parse_cl(text)[0] == float(decimal)


@pytest.mark.parametrize("text", ["3T", "1e12", "2.5k", "1.5 G", "3E", "7"])
def test_parse_quantity_as_the_cli(text):
    rows = run_cli(["cl", "-e", "0", "-n", text, "-p", "1e-12"])
    assert bercl.parse_quantity(text) == float(rows[0]["bits"])


@pytest.mark.parametrize("text", ["25.78125G", "10Gb/s", "10Gbps", "1e9", "53.125 Gbit/s"])
def test_parse_rate_as_the_cli(text):
    rows = run_cli(["bits", "-e", "0", "-p", "1e-12", "-c", "95%", "-r", text])
    assert bercl.parse_rate(text) == float(rows[0]["rate_bps"])


# ---- not elementwise, against the command ----

def test_plan_as_the_cli():
    r = run_cli(["plan", "-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "4", "-r",
                 "10G"])[0]
    p = bercl.plan(1e-12, "95%", "5%", 4, rate="10G")
    assert (p.errors, p.bits, p.alpha, p.beta, p.time_s) == (
        int(r["errors"]), int(r["bits"]), float(r["alpha"]), float(r["beta"]),
        float(r["time_s"]))
    rows = run_cli(["plan", "-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "4",
                    "--sequential"])
    summary = run_cli(["plan", "-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "4",
                       "--sequential", "--true-ber", "3e-13"])[0]
    s = bercl.plan(1e-12, "95%", "5%", 4, sequential=True, true_ber=3e-13)
    assert len(s.pass_bits) == len(rows)
    for k, r in enumerate(rows):
        assert (k, s.pass_bits[k], s.fail_bits[k]) == (int(r["errors"]), int(r["pass_bits"]),
                                                       int(r["fail_bits"]))
        assert (s.alpha, s.beta, s.max_bits) == (float(r["alpha"]), float(r["beta"]),
                                                 int(r["max_bits"]))
        assert (s.expected_bits_good, s.expected_bits_bad) == (
            float(r["expected_bits_good"]), float(r["expected_bits_bad"]))
    assert (s.p_pass, s.expected_bits, s.fixed_bits) == (
        float(summary["p_pass"]), float(summary["expected_bits"]), int(summary["fixed_bits"]))
    r = run_cli(["plan", "-e", "3", "-n", "5e12", "-p", "1e-12", "--ratio", "4", "--true-ber",
                 "5e-13"])[0]
    g = bercl.plan(1e-12, errors=3, bits=5e12, ratio=4, true_ber=5e-13)
    assert (g.alpha, g.beta, g.p_pass) == (float(r["alpha"]), float(r["beta"]), float(r["p_pass"]))


def test_plan_to_frame():
    pytest.importorskip("pandas")
    s = bercl.plan(1e-12, "95%", "5%", 4, sequential=True)
    f = s.to_frame()
    assert list(f["pass_bits"]) == s.pass_bits and len(f) == s.errors + 1


def test_lanes_as_the_cli():
    rows = run_cli(["cl", "--lane-errors", "0,1,2", "-n", "1e12", "-p", "1e-12"])
    r = bercl.lanes_cl([0, 1, 2], 1e12, 1e-12)
    got = list(r.cl) + [r.combined_cl, r.all_cl]
    assert got == [float(x["cl"]) for x in rows]
    assert r.all_one_minus_cl == float(rows[-1]["one_minus_cl"])
    rows = run_cli(["cl", "--lane-errors", "0,1", "-t", "100", "-r", "10G", "-p", "1e-12"])
    r = bercl.lanes_cl([0, 1], ber=1e-12, time=100, rate="10G")
    assert [r.cl[0], r.cl[1], r.combined_cl, r.all_cl] == [float(x["cl"]) for x in rows]
    assert r.combined_bits == float(rows[2]["bits"])
    r = run_cli(["bits", "-e", "1", "-p", "1e-12", "-c", "95%", "--lanes", "8",
                 "--all-lanes"])[0]
    got = bercl.min_bits_all_lanes(1, 1e-12, "95%", 8)
    assert got == (int(r["bits_per_lane"]), float(r["cl_achieved"]))
    # named as the command's columns, not a bare tuple
    assert (got.bits_per_lane, got.cl_achieved) == (int(r["bits_per_lane"]), float(r["cl_achieved"]))
    assert int(r["bits"]) == 8 * int(r["bits_per_lane"])  # every lane's bits, as without the flag


def test_fec_bounds_as_the_cli():
    r = run_cli(["fec", "--code", "kp4", "-e", "3", "-n", "1e12", "-c", "95%"])[0]
    assert bercl.fec_test_bounds("kp4", 3, 1e12, "95%") == (float(r["ber_upper"]),
                                                           float(r["cer_upper"]))
    r = run_cli(["fec", "--code", "kp4", "--codewords", "1e9", "--uncorrectable", "2", "--cer",
                 "1e-8"])[0]
    assert bercl.fec_codeword_bounds(1e9, 2, cer=1e-8) == float(r["cl"])
    r = run_cli(["fec", "--code", "kp4", "--codewords", "1e9", "--uncorrectable", "2", "--cl",
                 "95%"])[0]
    assert bercl.fec_codeword_bounds(1e9, 2, cl="95%") == float(r["cer_upper"])


def histogram_file(path):
    bins = {}
    with open(path) as fp:
        for line in fp.read().split("\n")[1:]:
            if line:
                b, c = line.split(",")
                bins[b] = int(c)
    return [bins.get(str(i), 0) for i in range(16)] + [bins["uncorrectable"]]


@pytest.mark.parametrize("name", ["docs/examples/fec_independent.csv",
                                  "docs/examples/fec_burst.csv", "tests/data/fec_hist_lost.csv"])
def test_fec_histogram_as_the_cli(name):
    path = os.path.join(ROOT, name)
    row = run_cli(["fec", "--code", "kp4", "--histogram", path, "--cl", "95%"])[0]
    h = bercl.fec_histogram("kp4", histogram_file(path), "95%")
    for col in ("ser_estimate", "ser_upper", "cer_predicted", "cer_upper", "cer_tail",
                "tail_r2", "gof_p"):
        got = getattr(h, col)
        if row[col] == "":
            assert got is None, col
        elif float(row[col]) != 0:
            assert got == float(row[col]), col
    assert {True: "yes", False: "no", None: ""}[h.burst] == row["burst"]


@pytest.mark.parametrize("args, readings, kw", [
    (["-p", "1e-12", "-c", "95%"], [(1e11, 0), (5e11, 0), (1e12, 0), (3e12, 0)], {}),
    (["-p", "1e-12", "-c", "95%", "-e", "2"], [(1e12, 0), (2e12, 1), (3e12, 3), (4e12, 3)],
     {"errors": 2}),
    (["-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "4", "--plan"],
     [(1e12 * i, i // 3) for i in range(1, 30)], {"alpha": "5%", "ratio": 4}),
])
def test_watch_as_the_cli(args, readings, kw):
    text = "bits,errors\n" + "".join("%.17g,%d\n" % r for r in readings)
    p = subprocess.run([CLI, "watch", *args, "-f", "csv"], input=text, capture_output=True,
                       text=True)
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    w = bercl.Watch(1e-12, "95%", **kw)
    got = w.run(readings)
    assert len(got) == len(rows)
    for g, r in zip(got, rows):
        assert g.bits == float(r["bits"]) and g.errors == int(r["errors"])
        assert g.cl == cli_value(r["cl"])
        assert g.decision == r["decision"]
        assert (g.dispersion is None) == (r["dispersion"] == "")
    assert {"pass": 0, "fail": 1, "": 4}[w.decision] == p.returncode


def test_watch_lanes_as_the_cli():
    readings = [(1e12, 0, "a"), (1e12, 0, "b"), (3e12, 0, "a"), (5e12, 0, "b"), (6e12, 0, "a")]
    text = "bits,errors,lane\n" + "".join("%.17g,%d,%s\n" % r for r in readings)
    p = subprocess.run([CLI, "watch", "-p", "1e-12", "-c", "95%", "--lanes", "2", "-f", "csv"],
                       input=text, capture_output=True, text=True)
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    w = bercl.Watch(1e-12, "95%", lanes=2)
    got = w.run({"bits": b, "errors": e, "lane": ln} for b, e, ln in readings)
    assert [(g.lane, g.cl, g.decision) for g in got] == \
        [(r["lane"], cli_value(r["cl"]), r["decision"]) for r in rows]


def test_watch_backwards():
    w = bercl.Watch(1e-12, "95%", errors=3)
    w.feed(bits=1e12, errors=1)
    with pytest.raises(bercl.DomainError, match="backwards"):
        w.feed(bits=2e12, errors=0)


def test_simulate_agrees_with_the_cl():
    s = bercl.simulate(2, 3e12, 1e-12, trials=200000, seed=3)
    assert s.one_minus_cl == bercl.one_minus_cl(2, 3e12, 1e-12)
    assert abs(s.z) < 5
    assert bercl.simulate(2, 3e12, 1e-12, trials=1000, seed=3) == \
        bercl.simulate(2, 3e12, 1e-12, trials=1000, seed=3)
    r = run_cli(["simulate", "-e", "2", "-n", "3T", "-p", "1e-12", "--trials", "1000"])[0]
    assert float(r["one_minus_cl"]) == s.one_minus_cl
    s = bercl.simulate(1, 2e9, 1e-9, trials=100000, seed=4, model="binomial")
    assert abs(s.z) < 5 and s.one_minus_cl == bercl.one_minus_cl(1, 2e9, 1e-9, model="binomial")


@pytest.mark.parametrize("sequential", [False, True])
def test_simulate_plan(sequential):
    """The risks and mean lengths simulated agree with the plan's exact ones
    (within 5 standard errors), and the exact ones are the command's."""
    s = bercl.simulate(ber=1e-12, cl="95%", alpha="5%", ratio=4, sequential=sequential,
                       trials=40000, seed=11)
    args = ["simulate", "-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "4",
            "--trials", "100"] + (["--sequential"] if sequential else [])
    r = run_cli(args)[0]
    assert (s.alpha, s.beta, s.expected_bits_good, s.expected_bits_bad) == (
        float(r["alpha"]), float(r["beta"]), float(r["expected_bits_good"]),
        float(r["expected_bits_bad"]))
    assert abs(s.alpha_sim - s.alpha) < 5 * s.alpha_stderr
    assert abs(s.beta_sim - s.beta) < 5 * s.beta_stderr
    if sequential:
        assert abs(s.bits_good_sim - s.expected_bits_good) < 5 * s.bits_good_stderr
        assert abs(s.bits_bad_sim - s.expected_bits_bad) < 5 * s.bits_bad_stderr
    else:
        assert s.bits_good_sim == s.expected_bits_good == float(r["bits"])


# the simulated columns each kind of run prints
_SIM_COLUMNS = {
    "test": ("trials", "seed", "one_minus_cl", "one_minus_cl_sim", "sim_stderr"),
    "plan": ("trials", "seed", "alpha", "alpha_sim", "alpha_stderr", "beta", "beta_sim",
             "beta_stderr", "expected_bits_good", "bits_good_sim", "bits_good_stderr",
             "expected_bits_bad", "bits_bad_sim", "bits_bad_stderr"),
    "bursts": ("trials", "seed", "one_minus_cl", "one_minus_cl_sim", "sim_stderr",
               "one_minus_cl_clustered_sim"),
}


@pytest.mark.parametrize("kind, kw, flags", [
    ("test", dict(errors=0, bits=3e12, ber=1e-12), ["-e", "0", "-n", "3e12", "-p", "1e-12"]),
    ("test", dict(errors=30, bits=2.5e13, ber=1e-12),
     ["-e", "30", "-n", "2.5e13", "-p", "1e-12"]),
    ("test", dict(errors=2, bits=5e12, ber=1e-12, model="binomial"),
     ["-e", "2", "-n", "5e12", "-p", "1e-12", "--model", "binomial"]),
    ("test", dict(errors=40, bits=4e9, ber=1e-8, model="binomial"),
     ["-e", "40", "-n", "4e9", "-p", "1e-8", "--model", "binomial"]),
    ("plan", dict(ber=1e-12, cl="95%", alpha="5%", ratio=2),
     ["-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "2"]),
    ("plan", dict(ber=1e-12, cl="95%", alpha="5%", ratio=2, sequential=True),
     ["-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "2", "--sequential"]),
    ("bursts", dict(errors=5, bits=1e13, ber=1e-12, reading_interval=5e11, burst_length=2,
                    burst_share=0.3, burst_model="gilbert-elliott"),
     ["-e", "5", "-n", "1e13", "-p", "1e-12", "--reading-interval", "5e11", "--burst-length",
      "2", "--burst-share", "0.3", "--burst-model", "gilbert-elliott"]),
])
@pytest.mark.parametrize("seed", [0, 1, 20261205])
def test_simulate_seeds_give_the_commands_table(kind, kw, flags, seed):
    """One seed, one table: Python's simulate runs the engine's generator,
    so every simulated cell is the command's double, bit for bit."""
    trials = 3000 if kind == "bursts" else 20000
    r = cli_rows(["simulate", *flags, "--trials", str(trials), "--seed", str(seed)])[0]
    s = bercl.simulate(trials=trials, seed=seed, **kw)
    for col in _SIM_COLUMNS[kind]:
        same_cell(float(getattr(s, col)), r[col], col)


# ---- documentation ----

def test_version():
    with open(os.path.join(ROOT, "include", "bercl.h")) as fp:
        header = fp.read()
    assert '#define BERCL_VERSION_STRING "%s"' % bercl.__version__ in header
    assert bercl.library_version() == bercl.__version__


def test_docstrings_run():
    import doctest
    import bercl._eye
    import bercl._more
    import bercl._parse
    import bercl.ufunc
    for mod in (bercl, bercl._parse, bercl._more, bercl.ufunc, bercl._eye):
        r = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert r.failed == 0 and r.attempted > 0, mod.__name__


def test_every_public_function_documented():
    for name in bercl.__all__:
        obj = getattr(bercl, name)
        if callable(obj) and not isinstance(obj, type):
            assert obj.__doc__ and len(obj.__doc__) > 40, name
            for section in ("Returns", "Examples"):  # numpydoc, examples run above
                assert section in obj.__doc__, (name, section)


# ---- the parsers against the command on random strings ----

def random_number_text(g):
    d = lambda k: "".join(g.choice(list("0123456789"), k))  # noqa: E731
    form = g.integers(0, 6)
    s = [d(int(g.integers(1, 4))), d(int(g.integers(1, 3))) + "." + d(int(g.integers(1, 6))),
         "." + d(int(g.integers(1, 4))), "0." + "9" * int(g.integers(1, 22)),
         "0." + d(int(g.integers(1, 20))), d(1) + "e" + g.choice(["", "-", "+"]) +
         d(int(g.integers(1, 3)))][form]
    return (g.choice(["", "", "", "+", "-"])) + s


def random_texts(g, suffixes, n):
    """Numbers with the parser's suffixes, a third of them mangled by one character."""
    out = []
    while len(out) < n:
        s = random_number_text(g) + g.choice(suffixes)
        if g.random() < 0.15:  # a compound duration, or two numbers
            s += random_number_text(g).lstrip("+-") + g.choice(suffixes)
        if g.random() < 0.33:
            i = int(g.integers(0, len(s) + 1))
            c = g.choice(list("0123456789.eE%+- kMGTsmhBd/"))
            s = s[:i] + c + s[i + int(g.integers(0, 2)):]
        if ".." not in s and "," not in s and s.strip() == s and s:
            out.append(s)
    return out


PARSERS = [
    # (name, python parser, CLI args with the text, CSV column, suffixes)
    ("cl", lambda s: bercl.parse_cl(s)[0], lambda s: ["bits", "-e", "0", "-p", "1e-12",
                                                      "--cl=" + s], "cl", ["", "", "%"]),
    ("one_minus_cl", lambda s: bercl.parse_cl(s)[1], lambda s: ["bits", "-e", "0", "-p",
                                                                "1e-12", "--cl=" + s],
     "one_minus_cl", ["", "", "%"]),
    ("quantity", bercl.parse_quantity, lambda s: ["cl", "-e", "0", "-p", "1e-12", "--bits=" + s],
     "bits", ["", "k", "K", "M", "G", "T", "P", "E", " G", "x"]),
    ("time", bercl.parse_time, lambda s: ["cl", "-e", "0", "-p", "1e-12", "-r", "1G",
                                          "--time=" + s], "time_s",
     ["", "s", "min", "m", "h", "hr", "d", "w", "y", "years", "ms", "sec", " s", "h ", "q"]),
    ("rate", bercl.parse_rate, lambda s: ["bits", "-e", "0", "-p", "1e-12", "-c", "95%",
                                          "--rate=" + s], "rate_bps",
     ["", "G", "M", "k", "Gbps", "Gb/s", "Gbit/s", "bps", " G", "GBd", "Gbaud", "Gb"]),
]


@pytest.mark.parametrize("name, parse, args, column, suffixes", PARSERS,
                         ids=[p[0] for p in PARSERS])
def test_parsers_as_the_cli_on_random_strings(name, parse, args, column, suffixes):
    """The same strings accepted, with the same doubles, as the command's flags."""
    g = rng("parse" + name)
    bad = []
    accepted = 0
    for s in random_texts(g, suffixes, 200):
        p = subprocess.run([CLI, *args(s), "-f", "csv"], capture_output=True, text=True)
        try:
            got = parse(s)
        except bercl.DomainError:
            got = None
        if p.returncode == 0:
            accepted += 1
            want = float(list(csv.DictReader(io.StringIO(p.stdout)))[0][column])
            if got != want:
                bad.append((s, got, want))
        elif got is not None and got > 0 and "must be" not in p.stderr:
            bad.append((s, got, p.stderr.strip()))
    assert not bad, bad[:5]
    assert accepted >= 40  # the strings reach the parser's valid forms too


def test_watch_time_readings_and_clustering_as_the_cli():
    text = "time,errors\n60,0\n120,1\n200,1\n300,1\n400,2\n"
    p = subprocess.run([CLI, "watch", "-p", "1e-12", "-c", "95%", "-e", "2", "-r", "10G", "-f",
                        "csv"], input=text, capture_output=True, text=True)
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    w = bercl.Watch(1e-12, "95%", errors=2, rate="10G")
    got = w.run({"time": t, "errors": e} for t, e in ((60, 0), (120, 1), (200, 1), (300, 1),
                                                       (400, 2)))
    assert [(g.bits, g.cl, g.decision) for g in got] == \
        [(float(r["bits"]), float(r["cl"]), r["decision"]) for r in rows]
    assert [g.dispersion for g in got] == \
        [None if r["dispersion"] == "" else float(r["dispersion"]) for r in rows]
    assert p.returncode == 4 and w.decision == ""
    readings = [(1e11, 0), (2e11, 0), (3e11, 9), (4e11, 9), (5e11, 9), (6e11, 20)]
    text = "bits,errors\n" + "".join("%.17g,%d\n" % r for r in readings)
    p = subprocess.run([CLI, "watch", "-p", "1e-10", "-c", "95%", "-e", "100", "-f", "csv"],
                       input=text, capture_output=True, text=True)
    w = bercl.Watch(1e-10, "95%", errors=100)
    w.run(readings)
    cli_warnings = [ln for ln in p.stderr.splitlines() if "clustered" in ln]
    assert len(w.warnings) == len(cli_warnings) == 1
    assert "errors clustered (dispersion 9, 4 readings, P < 0.001)" in w.warnings[0]
    assert "errors clustered (dispersion 9, 4 readings, P < 0.001)" in cli_warnings[0]


# ---- the newer forms: --intervals, --clustered, --reading-interval, reports, --ser,
# the degraded-SER alarm ----

def cli_rows(args, stdin=None):
    p = subprocess.run([CLI, *args, "-f", "csv"], input=stdin, capture_output=True, text=True)
    assert p.returncode in (0, 1, 4), p.stderr  # watch: 1 fail, 4 undecided
    return list(csv.DictReader(io.StringIO(p.stdout)))


def same_cell(got, cell, what):
    """got is the double the CLI's cell reads back to (None for an empty cell)."""
    want = cli_value(cell)
    assert got == want or (want is not None and abs(want) < DBL_MIN and got is not None
                           and abs(got) < DBL_MIN), (what, got, cell)


def interval_sets(g, count):
    """(bits, errors) logs: per-interval counts, bursty or not, some cumulative."""
    for i in range(count):
        k = int(g.integers(1, 40))
        bits = np.array([short(v)[0] for v in 10 ** g.uniform(8, 13, k)])
        if g.random() < 0.5:
            errors = g.poisson(np.minimum(bits * 10 ** g.uniform(-12, -9), 1e6))
        else:  # bursts: a few intervals hold many errors
            errors = np.where(g.random(k) < 0.2, g.integers(1, 200, k), 0)
        errors = np.minimum(errors, np.floor(bits)).astype(float)
        cumulative = g.random() < 0.3
        if cumulative:
            bits, errors = np.cumsum(bits), np.cumsum(errors)
        yield bits, errors, cumulative


def test_clustered_as_the_cli(tmp_path):
    g = rng("clustered")
    bers = ["%.3g" % v for v in 10 ** g.uniform(-12, -8, 4)]
    checked = refused = 0
    for j, (bits, errors, cumulative) in enumerate(interval_sets(g, 60)):
        path = tmp_path / ("iv%d.csv" % j)
        path.write_text("bits,errors\n" + "".join("%.17g,%d\n" % (b, e)
                                                   for b, e in zip(bits, errors)))
        p = subprocess.run([CLI, "cl", "--intervals", str(path), "-p", ",".join(bers), "-f",
                            "csv"], capture_output=True, text=True)
        if p.returncode == 2:  # per-interval counts read as cumulative: both refuse them
            assert "went backwards" in p.stderr or "zero-length" in p.stderr, p.stderr
            with pytest.raises(bercl.DomainError, match="went backwards|zero-length"):
                bercl.read_intervals(str(path))
            refused += 1
            continue
        iv = bercl.read_intervals(str(path))
        assert iv.intervals == len(bits)
        if cumulative and len(bits) >= 3:
            assert iv.cumulative
        rows = list(csv.DictReader(io.StringIO(p.stdout)))
        for r, p in zip(rows, bers):
            got = bercl.cl_clustered(bits, errors, p)
            for col in ("errors", "bits", "cl", "one_minus_cl", "cl_clustered",
                        "dispersion_upper", "independent_events"):
                same_cell(getattr(got, col), r[col], col)
            assert got.dispersion == (None if r["dispersion"] == "" else
                                      float(r["dispersion"]))
            checked += 1
        for two in (False, True):
            r = cli_rows(["ber", "--intervals", str(path), "-c", "95%"] +
                         (["--two-sided"] if two else []))[0]
            got = iv.ber("95%", two_sided=two)
            cols = ["ber_estimate", "ber_upper", "ber_upper_clustered", "dispersion_upper"]
            if two:
                cols += ["ber_lower", "ber_lower_clustered"]
            for col in cols:
                same_cell(getattr(got, col), r[col], col)
    assert checked == 4 * (60 - refused) and refused < 20


def test_intervals_refusals():
    with pytest.raises(bercl.DomainError,
                       match=r"intervals: element \[1\]: bits 0: a zero-length interval"):
        bercl.intervals([1e9, 0, 1e9], [0, 0, 0])
    with pytest.raises(bercl.DomainError, match=r"intervals: element \[2\]: errors 3 is below "
                                                r"the reading before, 4: the counter went back"):
        bercl.intervals([1e9, 2e9, 3e9], [0, 4, 3], cumulative=True)
    with pytest.raises(bercl.DomainError,
                       match=r"intervals: element \[0\]: errors 20 exceed the interval's bits"):
        bercl.intervals([10, 20], [20, 0])
    with pytest.raises(bercl.DomainError, match=r"\(data\):3: errors 'x' not a number"):
        bercl.read_intervals(io.BytesIO(b"bits,errors\n1G,0\n1G,x\n"))


def test_watch_clustered_as_the_cli():
    g = rng("watchclustered")
    for _ in range(30):
        k = int(g.integers(3, 25))
        bits = np.cumsum(10 ** g.uniform(10, 12, k)).round()
        errors = np.cumsum(np.where(g.random(k) < 0.3, g.integers(0, 6, k), 0))
        allowed = int(g.integers(0, 6))
        text = "bits,errors\n" + "".join("%.17g,%d\n" % r for r in zip(bits, errors))
        rows = cli_rows(["watch", "-p", "1e-12", "-c", "95%", "-e", str(allowed), "--clustered"],
                        text)
        w = bercl.Watch(1e-12, "95%", allowed, clustered=True)
        got = w.run(zip(bits, errors))
        assert len(got) == len(rows)
        for gr, r in zip(got, rows):
            same_cell(gr.cl, r["cl"], "cl")
            same_cell(gr.cl_clustered, r["cl_clustered"], "cl_clustered")
            assert gr.decision == r["decision"]


def test_plan_reading_interval_as_the_cli():
    g = rng("readings")
    for _ in range(12):
        ber = short(10 ** g.uniform(-13, -9))
        ratio = short(g.uniform(2, 8))
        alpha = "%g%%" % g.choice([1, 5, 10])
        every = short(10 ** g.uniform(-1, 1) / ber[0])
        tb = short(ber[0] / g.uniform(0.5, 10))
        r = cli_rows(["plan", "-p", ber[1], "-c", "95%", "--alpha", alpha, "--ratio", ratio[1],
                      "--sequential", "--reading-interval", every[1], "--true-ber", tb[1]])[0]
        p = bercl.plan(ber[0], "95%", alpha, ratio[0], sequential=True, reading_interval=every[0],
                       true_ber=tb[0])
        for col in ("alpha_actual", "beta_actual", "p_pass", "reading_interval"):
            same_cell(getattr(p, col), r[col], col)
        assert p.expected_bits is None and r["expected_bits"] == ""
    with pytest.raises(bercl.DomainError, match="plan: reading-interval is for a sequential plan"):
        bercl.plan(1e-12, "95%", "5%", 4, reading_interval=1e11)


HIST_COLUMNS = ("codewords", "uncorrectable", "ser_estimate", "ser_upper", "cer_predicted",
                "cer_upper", "gof_p", "cer_tail", "cer_tail_lower", "cer_tail_upper", "tail_r2",
                "flr", "flr_upper", "flr_observed")


@pytest.mark.parametrize("name", sorted(os.listdir(os.path.join(HERE, "data", "telemetry"))))
@pytest.mark.parametrize("method, rate", [("likelihood", None), ("sonic", "400G"),
                                          ("likelihood", "800G")])
def test_fec_reports_as_the_cli(name, method, rate):
    import warnings
    path = os.path.join(HERE, "data", "telemetry", name)
    args = ["fec", "--code", "kp4", "--histogram", path, "-c", "95%", "--method", method]
    if rate:
        args += ["-r", rate]
    p = subprocess.run([CLI, *args, "-f", "csv"], capture_output=True, text=True)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        try:
            got = bercl.fec_histograms(path, "kp4", "95%", method=method, rate=rate)
        except bercl.DomainError as e:
            assert p.returncode == 2 and p.stdout == "", (e, p.stderr)
            assert str(e)[-40:] in p.stderr  # the same reason
            return
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    assert len(got) == len(rows)
    for h, r in zip(got, rows):
        assert h.port == r.get("port", "") and h.lane == r.get("lane", "")
        assert {True: "yes", False: "no", None: ""}[h.burst] == r["burst"]
        for col in HIST_COLUMNS:
            if col in r:
                same_cell(getattr(h, col), r[col], col)


def test_fec_report_formats_named():
    path = os.path.join(HERE, "data", "telemetry", "xena.txt")
    fmt, hs = bercl.read_fec_histograms(path, "kp4")
    assert fmt == "xena" and hs[0].port == "0/1" and len(hs[0].bins) == 17
    with pytest.raises(bercl.DomainError, match="ethtool"):
        bercl.read_fec_histograms(path, "kp4", format="ethtool")
    with open(path, "rb") as fp:
        assert bercl.read_fec_histograms(fp.read(), "kp4")[1] == hs


def test_fec_ser_and_degrade_as_the_cli():
    g = rng("fecser")
    sers = ["%.6g" % v for v in 10 ** g.uniform(-9, -1.5, 200)]
    rows = cli_rows(["fec", "--code", "kp4", "--ser", ",".join(sers)])
    got = bercl.fec_rates("kp4", ser=np.array([float(s) for s in sers]))
    for i, r in enumerate(rows):
        for col in ("ser", "cer", "post_fec_ber"):
            same_cell(float(getattr(got, col)[i]), r[col], col)
    for _ in range(15):
        interval = int(g.integers(500, 20000))
        threshold = int(g.integers(0, 600))
        ser = short(10 ** g.uniform(-6, -3))
        r = cli_rows(["fec", "--code", "kp4", "--ser", ser[1], "--degrade-interval", str(interval),
                      "--degrade-threshold", str(threshold), "-r", "106.25G"])[0]
        d = bercl.fec_degrade("kp4", interval, threshold, ser=ser[0], rate="106.25G")
        same_cell(d.degrade_p, r["degrade_p"], "degrade_p")
        same_cell(d.degrade_mean_time, r["degrade_mean_time"], "degrade_mean_time")
        r = cli_rows(["fec", "--code", "kp4", "--degrade-interval", str(interval),
                      "--degrade-threshold", str(threshold)])[0]
        d = bercl.fec_degrade("kp4", interval, threshold)
        same_cell(d.ser, r["ser"], "ser")
        same_cell(d.degrade_p, r["degrade_p"], "degrade_p")


@pytest.mark.parametrize("args", [
    dict(errors=0, bits=3e12, ber=1e-12, reading_interval=1e11),
    dict(errors=5, bits=1e13, ber=1e-12, reading_interval=5e11, burst_length=2,
         burst_share=0.3),
    dict(errors=20, bits=2e13, ber=1e-12, burst_length=1),
])
def test_simulate_bursts_agrees_with_the_cli(args):
    # other seeds (the command's default 1, Python's 3): the same statistics, within noise
    trials = 20000
    flags = ["simulate", "-e", str(args["errors"]), "-n", repr(args["bits"]), "-p",
             repr(args["ber"]), "--burst-model", "gilbert-elliott", "--trials", str(trials)]
    for k, f in (("reading_interval", "--reading-interval"), ("burst_length", "--burst-length"),
                 ("burst_share", "--burst-share")):
        if k in args:
            flags += [f, repr(args[k])]
    r = cli_rows(flags)[0]
    s = bercl.simulate(burst_model="gilbert-elliott", trials=trials, seed=3, **args)
    same_cell(s.one_minus_cl, r["one_minus_cl"], "one_minus_cl")
    for col in ("one_minus_cl_sim", "one_minus_cl_clustered_sim"):
        a, b = getattr(s, col), float(r[col])
        se = math.sqrt(max(a * (1 - a), b * (1 - b), 1 / trials) / trials)
        assert abs(a - b) < 6 * se, (col, a, b)
    assert s.one_minus_cl_clustered_sim <= s.one_minus_cl + 6 * s.sim_stderr


def test_min_bits_drift_case_is_the_least_whole_number():
    # at 50 digits the CL at 83115068219 bits is 4.27438000085e-15 and one
    # bit fewer falls short; the old doubling search in the package gave
    # 83115076410 (8,191 bits too many)
    args = (17, 1.5470520429205029e-11, "4.27438e-15")
    assert bercl.min_bits(*args, model="binomial") == 83115068219
    cli = run_cli(["bits", "-e", "17", "-p", "1.5470520429205029e-11", "-c", "4.27438e-15",
                   "--model", "binomial"])
    assert cli[0]["bits"] == "83115068219"


@pytest.mark.parametrize("model", MODELS)
def test_min_bits_least_whole_number_table(model):
    # tests/data/least_bits_ref.csv: mpmath's least whole number at 60 digits
    # (gen_least_bits_ref.py); the command and the package both give it
    with open(os.path.join(HERE, "data", "least_bits_ref.csv")) as fp:
        ref = [r for r in csv.DictReader(fp) if r["model"] == model]
    assert len(ref) >= 1000
    errors = np.array([float(r["errors"]) for r in ref])
    ber = np.array([float(r["ber"]) for r in ref])
    cls = [r["cl"] for r in ref]
    want = [int(r["bits"]) for r in ref]
    got = bercl.min_bits(errors, ber, cls, model=model)
    cli = run_cli(["bits", "--model", model], rows=[(r["errors"], r["ber"], r["cl"]) for r in ref],
                  header=("errors", "ber", "cl"))
    # the two faces agree everywhere, bit for bit
    assert [str(int(g)) for g in got] == [c["bits"] for c in cli]
    # and give mpmath's answer, above 2^53 bits too (the least double at or
    # above the least whole number; 330 binomial points of the table), where
    # 4 had once been one double off: N - k + 1 was not exact in the
    # double-double decision
    wrong = [(r, int(g)) for r, g, w in zip(ref, got, want) if int(g) != w]
    assert not wrong, wrong[:5]


def test_narrow_float_levels_are_read_as_printed():
    # a float32 0.95 holds 0.949999988...: read so, it needed 238,418 bits
    # fewer than 95 % at 1e-12; it is read as the decimal numpy prints, 0.95
    want = bercl.min_bits(0, 1e-12, "0.95")
    assert want == 2995732273554
    assert bercl.min_bits(0, 1e-12, np.float32(0.95)) == want
    assert bercl.min_bits(0, 1e-12, np.float16(0.95)) == want
    got = bercl.min_bits(0, 1e-12, np.array([0.95, 0.99], dtype=np.float32))
    assert list(got) == [want, bercl.min_bits(0, 1e-12, "0.99")]


def test_ufunc_narrow_loops_read_levels_as_printed():
    u = bercl.ufunc
    assert u.min_bits_poisson.types == ["dde->d", "ddf->d", "ddd->d", "fff->f"]
    assert u.cl_poisson.types == ["ddd->d", "fff->f"]
    assert u.fec_ber_max.types == ["ddde->d", "dddf->d", "dddd->d", "ffff->f"]
    typed = [0.95, 0.99, 0.6827, 0.999999, 1e-7]
    lv = np.array(typed, dtype=np.float32)
    assert lv[0] != 0.95  # 0.949999988...
    want = u.min_bits_poisson(0, 1e-12, typed)
    got = u.min_bits_poisson(0, 1e-12, lv)
    assert got.dtype == np.float64 and list(got) == list(want)
    assert got[0] == bercl.min_bits(0, 1e-12, "95%") == 2995732273554
    # read as if typed: not the 0.949999988... the float32 holds
    assert got[0] - u.min_bits_poisson(0, 1e-12, float(lv[0])) == 238418
    # all float32 in: doubles out, the other arguments their exact doubles
    e32, b32 = np.zeros(5, np.float32), np.float32(1e-12)
    assert list(u.min_bits_poisson(e32, b32, lv)) == list(u.min_bits_poisson(0, float(b32), typed))
    # a float16 level as numpy prints it (0.6826 for 0.6827)
    h = lv[[0, 1, 2, 4]].astype(np.float16)  # 0.999999 is 1.0 in float16
    assert str(h[2]) == "0.6826"
    assert list(u.min_bits_poisson(0, 1e-12, h)) == list(
        u.min_bits_poisson(0, 1e-12, [float(str(x)) for x in h]))
    # the bounds and the FEC target too
    lo, hi = u.ber_interval_poisson(2, 3e12, lv)
    lo_d, hi_d = u.ber_interval_poisson(2, 3e12, typed)
    assert list(lo) == list(lo_d) and list(hi) == list(hi_d)
    assert u.fec_ber_max(544, 514, 10, np.float32(1e-6)) == u.fec_ber_max(544, 514, 10, 1e-6)
    assert u.max_errors_binomial(1e13, 1e-12, np.float32(0.95)) == 4
    # dtype=np.float32: numpy casts the inputs to float32 (3e12 is
    # 2999999971328, 1e-12 9.9999998e-13), the level read as printed; the
    # answers rounded to float32
    n32, p32 = float(np.float32(3e12)), float(np.float32(1e-12))
    r = u.cl_poisson([0, 1], 3e12, 1e-12, dtype=np.float32)
    assert r.dtype == np.float32
    assert list(r) == list(u.cl_poisson([0, 1], n32, p32).astype(np.float32))
    r = u.min_bits_poisson(0, 1e-12, lv, dtype=np.float32)
    assert r.dtype == np.float32
    assert list(r) == list(u.min_bits_poisson(0, p32, typed).astype(np.float32))
    # out=, where= and numpy's warning on the narrow loops
    out = np.full(5, -1.0)
    u.min_bits_poisson(0, 1e-12, lv, out=out, where=[True, False, True, True, True])
    assert out[1] == -1.0 and out[0] == want[0]
    with pytest.warns(RuntimeWarning, match="invalid value encountered in min_bits_poisson"):
        bad = u.min_bits_poisson(0, 1e-12, np.array([0.5, 2, np.nan], np.float32))
    assert bad[0] == u.min_bits_poisson(0, 1e-12, 0.5) and np.isnan(bad[1:]).all()
    # long arrays run in blocks: every element as alone
    many = np.tile(lv, 300)
    assert list(u.min_bits_poisson(0, 1e-12, many)) == list(np.tile(want, 300))


def test_ufunc_bounds_found_once_per_count_and_level_are_each_elements_own():
    # a loop finds a Poisson bound's root once per (errors, level) and
    # divides by each element's bits (engine/element.c poisson_bound): the
    # same doubles as each element alone, over colliding cache slots too
    g = np.random.default_rng(40)
    n = 4000
    e = g.integers(0, 60, n).astype(float)
    bits = 10 ** g.uniform(2, 16, n)
    lv = g.choice([0.5, 0.9, 0.95, 0.99, 0.999, 0.999999, 1e-3, 0.6827], n)
    lv[::7] = g.uniform(0.01, 0.99, len(lv[::7]))
    up = bercl.ufunc.ber_upper_poisson(e, bits, lv)
    lo, hi = bercl.ufunc.ber_interval_poisson(e, bits, lv)
    for i in range(0, n, 7 if n > 1000 else 1):
        assert up[i] == bercl.ber_upper(float(e[i]), float(bits[i]), float(lv[i]))
        one = bercl.ufunc.ber_interval_poisson(e[i:i + 1], bits[i:i + 1], lv[i:i + 1])
        assert (lo[i], hi[i]) == (one[0][0], one[1][0])
    # min_bits keeps what depends on (errors, level) alone (lib/solve.c
    # bercl_min_bits_memo): each element's own answer and tails still
    ber = 10 ** g.uniform(-15, -6, n)
    for model in MODELS:
        m = 600 if model == "binomial" else n
        b, c1, c2 = getattr(bercl.ufunc, "min_bits_achieved_" + model)(e[:m], ber[:m], lv[:m])
        for i in range(0, m, 7):
            one = getattr(bercl.ufunc, "min_bits_achieved_" + model)(
                e[i:i + 1], ber[i:i + 1], lv[i:i + 1])
            assert (b[i], c1[i], c2[i]) == (one[0][0], one[1][0], one[2][0])
            assert b[i] == bercl.min_bits(float(e[i]), float(ber[i]), float(lv[i]), model=model)
    # and a bits value out of the domain is still refused, element by element
    with np.errstate(invalid="ignore"):
        bad = bercl.ufunc.ber_upper_poisson([1, 1, 1], [1e12, -5, 1e12], 0.95)
    assert bad[0] == bad[2] and np.isnan(bad[1])


def test_min_bits_alone_equals_min_bits_with_its_tails():
    # bercl.min_bits (the bits alone) skips the tails where the library
    # certifies that their doubles reach the target (bercl_min_bits_margin):
    # the same bits as min_bits_achieved, which evaluates them, over counts,
    # BERs and levels from one in 1e15 to the edges of the quick route
    # (160 errors, lambda 575, a target of 1e-250)
    g = np.random.default_rng(20261205)
    n = 60000
    e = np.concatenate([g.integers(0, 161, n // 2), g.integers(0, 400, n // 2)]).astype(float)
    ber = 10 ** g.uniform(-18, -1, n)
    cl = np.where(g.random(n) < 0.5, 1 - 10 ** g.uniform(-15, -0.31, n),
                  10 ** g.uniform(-12, -0.31, n))
    cl[::5] = g.uniform(0.5, 1 - 1e-6, len(cl[::5]))
    with np.errstate(invalid="ignore"):
        alone = bercl.ufunc.min_bits_poisson(e, ber, cl)
        both = bercl.ufunc.min_bits_achieved_poisson(e, ber, cl)[0]
    ok = ~np.isnan(both)
    assert ok.sum() > 0.99 * n
    assert np.array_equal(alone[ok], both[ok]) and np.isnan(alone[~ok]).all()
    # levels typed as text: test_faces' 20,000 points against the command


def test_bits_counters_above_2_53_are_read_as_the_command_reads_them():
    # a 400G lane passes 2^53 bits in 6.25 h: int64 and Python-int bits
    # counters above it are the nearest double, as --bits 9007199254740993
    pd = pytest.importorskip("pandas")
    got = bercl.cl(0, pd.Series([2 ** 53 + 1, 2 ** 53 + 2], dtype="int64"), 1e-16)
    cli = run_cli(["cl", "-e", "0", "-n", str(2 ** 53 + 1), "-p", "1e-16"])[0]
    assert list(got) == [float(cli["cl"])] * 2
    assert bercl.cl(0, 2 ** 53 + 1, 1e-16) == float(cli["cl"])
    assert bercl.cl(0, np.array([2 ** 64 - 1], dtype=np.uint64), 1e-20)[0] == \
        bercl.cl(0, 2.0 ** 64, 1e-20)


def test_missing_values_in_nullable_columns():
    # pd.NA in a nullable Int64/Float64 column: NaN there under
    # on_error="nan", with one warning counting the NaNs; else an error
    # naming the function and the argument (was a TypeError naming neither)
    pd = pytest.importorskip("pandas")
    s = pd.Series([0, 1, None], dtype="Int64")
    with pytest.warns(RuntimeWarning, match="cl: 1 of 3 results are NaN"):
        got = bercl.cl(s, 3e12, 1e-12, on_error="nan")
    assert np.isnan(got.iloc[2]) and got.iloc[0] == bercl.cl(0, 3e12, 1e-12)
    with pytest.raises(bercl.DomainError, match=r"cl: errors\[2\] is missing"):
        bercl.cl(s, 3e12, 1e-12)
    with pytest.warns(RuntimeWarning, match="1 of 2"):
        bercl.cl(0, pd.Series([3e12, None], dtype="Float64"), 1e-12, on_error="nan")


@pytest.mark.parametrize("kw, msg", [
    ({"trials": 1000.5}, "simulate: trials '1000.5': must be a whole number"),
    ({"seed": 0.5}, "simulate: seed '0.5': must be a whole number"),
    ({"trials": 0}, "simulate: trials '0': must be at least 1"),
    ({"seed": 2 ** 33}, "simulate: seed '8589934592': must be at most 4294967295"),
])
def test_simulate_counts_checked_by_the_engine(kw, msg):
    # taken silently before (1000.5 trials ran 1000); the messages are the
    # command's, for the flag of the same name
    with pytest.raises(bercl.DomainError) as e:
        bercl.simulate(0, 3e12, 1e-12, **kw)
    assert str(e.value) == msg
    cli = subprocess.run([CLI, "simulate", "-e", "0", "-n", "3T", "-p", "1e-12",
                          "--" + next(iter(kw)), msg.split("'")[1]], capture_output=True, text=True)
    assert cli.returncode == 2 and cli.stderr.strip().endswith(msg.split(": ", 1)[1])


@pytest.mark.parametrize("lanes", [2.5, 0])
def test_lanes_checked_by_the_engine(lanes):
    with pytest.raises(bercl.DomainError, match="min_bits_all_lanes: lanes"):
        bercl.min_bits_all_lanes(0, 1e-12, 0.95, lanes)


# ---- real ufuncs: bercl.ufunc, out=, where=, dask, xarray, labels ----

UFUNC_NAMES = ["cl", "one_minus_cl", "min_bits", "ber_upper", "ber_lower", "max_errors",
               "tails", "log10_one_minus_cl", "ber_interval", "min_bits_achieved"]


@pytest.mark.parametrize("name", UFUNC_NAMES)
def test_ufuncs_are_numpy_ufuncs(name):
    for model in MODELS:
        u = getattr(bercl.ufunc, "%s_%s" % (name, model))
        assert isinstance(u, np.ufunc)
        assert u.__name__ == "%s_%s" % (name, model)
        assert u.nin == 3 and "ddd->" + "d" * u.nout in u.types


def test_ufuncs_give_the_friendly_functions_values():
    e = np.array([0, 1, 2, 3])
    assert np.array_equal(bercl.ufunc.cl_poisson(e, 3e12, 1e-12), bercl.cl(e, 3e12, 1e-12))
    assert np.array_equal(bercl.ufunc.cl_binomial(e, 3e12, 1e-12),
                          bercl.cl(e, 3e12, 1e-12, model="binomial"))
    assert np.array_equal(bercl.ufunc.min_bits_poisson(e, 1e-12, 0.95),
                          bercl.min_bits(e, 1e-12, "95%"))
    assert np.array_equal(bercl.ufunc.ber_upper_binomial(e, 3e12, 0.9),
                          bercl.ber_upper(e, 3e12, "90%", model="binomial"))
    assert bercl.ufunc.max_errors_poisson(1e13, 1e-12, 0.95) == 4
    assert math.isnan(bercl.ufunc.max_errors_poisson(1e12, 1e-12, 0.95))
    assert bercl.ufunc.fec_cer(544, 514, 10, 1e-4) == bercl.fec_cer("kp4", 1e-4)


def test_ufunc_keywords_as_numpy_gives_them():
    u = bercl.ufunc.cl_poisson
    out = np.full(3, -1.0)
    r = u(0, 3e12, [1e-12, 2e-12, 3e-12], out=out, where=[True, False, True])
    assert r is out and out[1] == -1.0 and out[0] == bercl.cl(0, 3e12, 1e-12)
    assert u(0, 3e12, 1e-12, dtype=np.float64) == bercl.cl(0, 3e12, 1e-12)
    f32 = u(np.int32(0), np.float32(3e12), np.float32(1e-12), casting="same_kind")
    assert f32.dtype == np.float64
    with pytest.raises(TypeError):
        u(0, 3e12, 1e-12, dtype=np.int64)  # no loop: numpy says so
    # an element without an answer: NaN, and numpy's invalid flag
    with pytest.warns(RuntimeWarning, match="invalid value encountered in cl_poisson"):
        assert math.isnan(u(0.5, 3e12, 1e-12))
    with np.errstate(invalid="raise"), pytest.raises(FloatingPointError):
        u([0, 0.5], 3e12, 1e-12)
    with np.errstate(invalid="raise"):  # no answer is not an error for max_errors
        assert math.isnan(bercl.ufunc.max_errors_poisson(1e12, 1e-12, 0.95))
    # a level is read as its shortest decimal: 0.95 is 95 %, as "95%"
    assert bercl.ufunc.min_bits_poisson(0, 1e-12, 0.95) == bercl.min_bits(0, 1e-12, "95%")
    # accumulate-style methods do not apply (3 inputs), reduce neither
    with pytest.raises(ValueError):
        u.reduce([1.0, 2.0])


@pytest.mark.parametrize("call", [
    lambda **kw: bercl.cl([0, 1, 2], 3e12, 1e-12, **kw),
    lambda **kw: bercl.one_minus_cl([0, 1, 2], 3e12, 1e-12, **kw),
    lambda **kw: bercl.log10_one_minus_cl([0, 1, 2], 3e12, 1e-12, **kw),
    lambda **kw: bercl.min_bits([0, 1, 2], 1e-12, "95%", **kw),
    lambda **kw: bercl.min_bits([0, 1, 2], 1e-12, 0.95, **kw),
    lambda **kw: bercl.max_errors([1e13, 2e13, 3e13], 1e-12, 0.95, **kw),
    lambda **kw: bercl.ber_upper([0, 1, 2], 3e12, "95%", **kw),
    lambda **kw: bercl.ber_lower([0, 1, 2], 3e12, "95%", **kw),
    lambda **kw: bercl.ber_lower([0, 1, 2], 3e12, 0.95, model="binomial", **kw),
    lambda **kw: bercl.min_time([0, 1, 2], 1e-12, 0.95, rate="10G", **kw),
])
def test_out_and_where_on_the_friendly_functions(call):
    want = np.asarray(call(), dtype=np.float64)
    out = np.full(3, -7.0)
    got = call(out=out, where=np.array([True, False, True]))
    assert got is out
    assert out[1] == -7.0 and out[0] == want[0] and out[2] == want[2]
    # where False on a bad element: not computed, not an error
    out = np.zeros(3)
    bercl.cl([0, 0.5, 2], 3e12, 1e-12, out=out, where=[True, False, True])
    assert out[1] == 0.0


def test_bad_elements_named_by_label_or_index():
    import pandas as pd
    s = pd.Series([0, 0.5, 2], index=["lane-a", "lane-b", "lane-c"])
    with pytest.raises(bercl.DomainError, match=r"cl: errors\['lane-b'\] '0.5': must be a whole"):
        bercl.cl(s, 3e12, 1e-12)
    with pytest.raises(bercl.DomainError, match=r"cl: bits\[1, 0\] '-1': must be above 0"):
        bercl.cl(0, np.array([[1e12, 2e12], [-1, 3e12]]), 1e-12)
    with pytest.raises(bercl.DomainError, match=r"min_bits: cl\[0, 1\] '1.5'"):
        bercl.min_bits(0, 1e-12, np.array([[0.9, 1.5]]))
    with pytest.raises(bercl.DomainError, match=r"element \[1, 0\]: errors 5 exceed"):
        bercl.cl(np.array([[0], [5]]), 3, 1e-12)
    idx = pd.Series([0, 1, 7], index=[10, 20, 30])
    with pytest.raises(bercl.DomainError, match=r"errors\[30\] '7.5'"):
        bercl.min_bits(idx.astype(float) + 0.5 * (idx == 7), 1e-12, 0.95)


def test_dask_array_in_lazy_dask_array_out():
    da = pytest.importorskip("dask.array")
    e = da.from_array(np.arange(10, dtype=np.int64), chunks=4)
    for f, args in ((bercl.cl, (e, 3e12, 1e-12)), (bercl.min_bits, (e, 1e-12, 0.95)),
                    (bercl.ber_upper, (e, 3e12, "95%")),
                    (bercl.cl, (e, 3e12, 1e-12))):
        r = f(*args)
        assert isinstance(r, da.Array), f
        want = f(np.arange(10), *args[1:])
        assert np.array_equal(r.compute(), want)
    r = bercl.tails(e, 3e12, 1e-12, model="binomial")
    assert all(isinstance(x, da.Array) for x in r)
    assert np.array_equal(r.one_minus_cl.compute(),
                          bercl.one_minus_cl(np.arange(10), 3e12, 1e-12, model="binomial"))
    # a bad element raises when computed, named by its place in the whole array
    bad = da.from_array(np.array([0, 1, 2, 3, 4.5, 5]), chunks=2)
    r = bercl.cl(bad, 3e12, 1e-12)
    assert isinstance(r, da.Array)
    with pytest.raises(bercl.DomainError, match=r"cl: errors\[4\] '4.5': must be a whole number"):
        r.compute()
    with pytest.warns(RuntimeWarning):
        got = bercl.cl(bad, 3e12, 1e-12, on_error="nan").compute()
    assert math.isnan(got[4]) and got[0] == bercl.cl(0, 3e12, 1e-12)
    # a float32 level, as printed
    lv = da.from_array(np.array([0.95, 0.99], dtype=np.float32), chunks=1)
    assert np.array_equal(bercl.min_bits(0, 1e-12, lv).compute(),
                          bercl.min_bits(0, 1e-12, ["95%", "99%"]))


def test_xarray_keeps_coordinates():
    xr = pytest.importorskip("xarray")
    e = xr.DataArray(np.array([[0, 1], [2, 3]]), dims=("port", "lane"),
                     coords={"port": ["p1", "p2"], "lane": [0, 1]})
    r = bercl.cl(e, 3e12, 1e-12)
    assert isinstance(r, xr.DataArray)
    assert list(r.coords["port"].values) == ["p1", "p2"] and r.dims == ("port", "lane")
    assert np.array_equal(r.values, bercl.cl(e.values, 3e12, 1e-12))
    with pytest.raises(bercl.DomainError, match=r"errors\[1, 0\] '2.5'"):
        bercl.cl(e + 0.5 * (e == 2), 3e12, 1e-12)
    pytest.importorskip("dask.array")
    lazy = bercl.min_bits(e.chunk({"port": 1}), 1e-12, 0.95)
    assert isinstance(lazy, xr.DataArray) and lazy.chunks is not None
    assert np.array_equal(lazy.compute().values, bercl.min_bits(e.values, 1e-12, 0.95))


def test_counters_above_2_53_read_from_their_digits():
    big = 2 ** 53 + 1
    # bits: the nearest double, as --bits 9007199254740993
    assert bercl.cl(0, big, 1e-16) == bercl.cl(0, float(big), 1e-16)
    assert bercl.cl(0, np.array([big, big + 1], dtype=np.uint64), 1e-16)[0] == \
        bercl.cl(0, 2.0 ** 53, 1e-16)
    # errors: refused as --errors 9007199254740993 is
    with pytest.raises(bercl.DomainError, match=r"errors '9007199254740993': is not a whole number that bercl holds "
                                                r"exactly \(at most 2\^53\)"):
        bercl.cl(big, 1e17, 1e-16)
    with pytest.raises(bercl.DomainError, match=r"errors\[1\] '9007199254740994'"):
        bercl.cl(np.array([0, big + 1], dtype=np.int64), 1e17, 1e-16)


@pytest.mark.parametrize("call, cls, pattern", [
    (lambda: bercl.Watch(ber=1e-12, cl=0.95).feed(4e12, -1), bercl.DomainError,
     r"Watch.feed:2: errors '-1': must not be negative"),
    (lambda: bercl.Watch(ber=1e-12, cl=0.95).feed(1e11, 0.5), bercl.DomainError,
     r"Watch.feed:2: errors '0.5': must be a whole number"),
    (lambda: bercl.cl(0, ber=1e-12, time=10, rate="10G", lanes=2.5), bercl.DomainError,
     r"cl: lanes '2.5': must be a whole number"),
    (lambda: bercl.cl(0, ber=1e-12, time=10, rate="10G", lanes=[1, 0]), bercl.DomainError,
     r"cl: lanes\[1\] '0': must be at least 1"),
    (lambda: bercl.cl(0, ber=1e-12, time=10, rate=-1.0), bercl.DomainError,
     r"cl: rate '-1': must be above 0"),
    (lambda: bercl.read_fec_histograms(bytearray(b"symbol_errors,codewords\n"), "kp4"),
     TypeError, r"read_fec_histograms: source must be .* not bytearray"),
    (lambda: bercl.min_bits(0, 1e-12, None), bercl.DomainError, r"min_bits: missing cl"),
    (lambda: bercl.fec_histogram("kp4", groups=[]), bercl.DomainError,
     r"fec_histogram: groups: \(lo, hi, count\)"),
    (lambda: bercl.cl(["0", "x"], 3e12, 1e-12), bercl.DomainError,
     r"^cl: errors\[1\] 'x': not a number$"),
    (lambda: bercl.min_bits([0, 1], 1e-12, ["95%", "1.5"]), bercl.DomainError,
     r"^min_bits: cl\[1\] '1.5': "),
    (lambda: bercl.plan(errors=-1, bits=3e12, ber=1e-12, ratio=4), bercl.DomainError,
     r"plan: errors '-1': must not be negative"),
    (lambda: bercl.plan(errors=0, bits=3e12, ber=2.0, ratio=4), bercl.DomainError,
     r"plan: ber '2': must be between 0 and 1"),
    (lambda: bercl.fec_rates("kp4", ser=[1e-4, 2]), bercl.DomainError,
     r"fec_rates: ser\[1\] '2': must be between 0 and 1"),
])
def test_silent_acceptances_and_raw_exceptions_named(call, cls, pattern):
    with pytest.raises(cls, match=pattern):
        call()


@pytest.mark.parametrize("args, kw", [
    (["-e", "2", "-n", "3e12", "-p", "1e-12", "--trials", "20000", "--seed", "7"],
     dict(errors=2, bits=3e12, ber=1e-12, trials=20000, seed=7)),
    (["-e", "1", "-n", "3e6", "-p", "1e-6", "--trials", "20000", "--model", "binomial"],
     dict(errors=1, bits=3e6, ber=1e-6, trials=20000, model="binomial")),
    (["-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "4", "--sequential",
      "--trials", "5000", "--seed", "3"],
     dict(ber=1e-12, cl="95%", alpha="5%", ratio=4, sequential=True, trials=5000, seed=3)),
    (["-e", "0", "-n", "3e12", "-p", "1e-12", "--burst-model", "gilbert-elliott",
      "--reading-interval", "1e11", "--trials", "3000"],
     dict(errors=0, bits=3e12, ber=1e-12, burst_model="gilbert-elliott",
          reading_interval=1e11, trials=3000)),
])
def test_simulate_is_the_commands_table(args, kw):
    """The same seed, the command's stream: every column the same double."""
    row = run_cli(["simulate"] + args)[0]
    s = bercl.simulate(**kw)
    for col, v in row.items():
        if col == "model" or not hasattr(s, col):
            continue
        assert getattr(s, col) == float(v), (col, getattr(s, col), v)


def test_simulate_runs_in_constant_memory():
    import resource
    bercl.simulate(0, 3e12, 1e-12, trials=1000)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    s = bercl.simulate(0, 3e9, 1e-12, trials=20000000)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before  # kB
    assert s.trials == 20000000 and grown < 20000, grown  # 20e6 kept doubles would be 160 MB


def test_notebook_objects_short_repr_frame_html():
    pd = pytest.importorskip("pandas")
    p = bercl.plan(1e-12, "95%", "5%", 4, rate="10G")
    assert repr(p) == ("Plan(ber=1e-12, ratio=4, errors=6, bits=11842395652421, alpha=0.0315613, "
                       "beta=0.05, time_s=1184.24)")
    s = bercl.plan(1e-12, "95%", "5%", 4, sequential=True)
    assert repr(s).startswith("Plan(sequential, ber=1e-12, ratio=4, errors=7, ")
    assert "None" not in repr(s) and len(repr(s)) < 300
    assert len(s.to_frame()) == len(s.pass_bits)
    sim = bercl.simulate(0, 3e12, 1e-12, trials=1000)
    assert repr(sim) == ("Simulation(errors=0, bits=3000000000000, ber=1e-12, trials=1000, "
                         "seed=1, one_minus_cl=0.0497871, one_minus_cl_sim=0.056, "
                         "sim_stderr=0.0068781, z=0.903291)")
    f = sim.to_frame()
    assert isinstance(f, pd.DataFrame) and f.loc[0, "one_minus_cl_sim"] == 0.056
    ps = bercl.simulate(ber=1e-12, cl="95%", alpha="5%", ratio=4, trials=1000)
    f = ps.to_frame()
    assert f.loc[0, "errors"] == 6 and f.loc[0, "alpha_sim"] == ps.alpha_sim
    for obj in (p, sim, ps):
        assert obj._repr_html_().startswith("<table")
    w = bercl.Watch(ber=1e-12, cl="95%")
    w.feed(1e12, 0)
    w.feed(3.1e12, 0)
    assert repr(w) == "Watch(ber=1e-12, cl=0.95, errors=0, readings=2, decision='pass')"
    assert list(w.to_frame()["decision"]) == ["", "pass"]
    assert w._repr_html_().startswith("<table")


def test_fleet_on_a_local_cluster():
    """python/examples/fleet.py: a LocalCluster of 2 worker processes on the
    loopback interface computes the fleet's answers lazily; the table equals
    the one made in this process (make check: 40,000 rows; the example's
    default 1e6, and 1e7 by hand)."""
    pytest.importorskip("dask.distributed")
    import socket
    try:  # the Debian build runs the suite in a namespace without network
        with socket.socket() as server, socket.socket() as client:
            server.bind(("127.0.0.1", 0))
            server.listen()
            client.connect(server.getsockname())
    except OSError as e:
        pytest.skip("no loopback interface here (%s): the fleet needs one" % e)
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "fleet", os.path.join(ROOT, "python", "examples", "fleet.py"))
    fleet = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fleet)
    lazy = fleet.fleet(fleet.readings(1000, 2))
    assert type(lazy).__module__.startswith("dask.dataframe")  # nothing computed yet
    table, same = fleet.main(rows=40000, workers=2, partitions=4)
    assert same and len(table) == 40000
    assert list(table.columns) == ["cl", "ber_upper", "ser", "cer", "post_fec_ber"]
    assert table["cl"].between(0, 1).all() and table.notna().all().all()
    row = fleet.partition(0, 10000).iloc[3]  # partition 0 of 4, as main made it
    assert table["ber_upper"].iloc[3] == bercl.ber_upper(int(row.errors), row.bits, "95%")


def test_no_private_parameter_in_a_public_signature():
    import inspect
    import bercl._more
    for name in bercl.__all__:
        f = getattr(bercl, name)
        if callable(f) and not isinstance(f, type):
            try:
                params = inspect.signature(f).parameters
            except (TypeError, ValueError):
                continue
            assert not [p for p in params if p.startswith("_")], name


def _watch_cli(args, header, readings):
    text = header + "\n" + "".join(",".join(str(c) for c in r) + "\n" for r in readings)
    p = subprocess.run([CLI, "watch", *args, "-f", "csv"], input=text, capture_output=True,
                       text=True)
    return p, list(csv.DictReader(io.StringIO(p.stdout)))


@pytest.mark.parametrize("seed", range(12))
def test_watch_random_readings_as_the_cli(seed):
    """Random reading streams (fixed target or plan, lanes or not, clustered or
    not): the rows, the decision, the warnings and the refusals of `bercl watch`."""
    g = rng("watch%d" % seed)
    ber = float(10 ** g.uniform(-12, -9))
    kind = seed % 4
    args, kw = ["-p", repr(ber), "-c", "95%"], {}
    if kind == 1:
        args += ["--plan", "--alpha", "5%", "--ratio", "4"]
        kw = dict(alpha="5%", ratio=4)
    elif kind == 2:
        args += ["-e", "3", "--clustered"]
        kw = dict(errors=3, clustered=True)
    elif kind == 3:
        args += ["--lanes", "2"]
        kw = dict(lanes=2)
    readings, bits, errs = [], 0.0, 0
    for i in range(int(g.integers(3, 15))):
        bits += float(np.floor(10 ** g.uniform(-1.5, 0.5) / ber))
        errs += int(g.poisson(bits * ber * 0.05)) if g.random() < 0.8 else int(g.integers(0, 30))
        if seed % 6 == 5 and i == 2:
            errs -= 1  # a counter that goes backwards
        readings.append((repr(bits), errs) + (("l%d" % (i % 2),) if kind == 3 else ()))
    header = "bits,errors" + (",lane" if kind == 3 else "")
    p, rows = _watch_cli(args, header, readings)
    w = bercl.Watch(ber, "95%", **kw)
    got = []
    try:
        for r in readings:
            out = w.feed(float(r[0]), r[1], **({"lane": r[2]} if kind == 3 else {}))
            got.extend(out if isinstance(out, list) else [out])
            if w.decision:
                break
    except bercl.DomainError as e:
        # the command's message, its input named (stdin) there
        assert p.returncode == 2 and str(e).replace("Watch.feed", "(stdin)") in p.stderr, \
            (str(e), p.stderr)
    else:
        assert {"pass": 0, "fail": 1, "": 4}[w.decision] == p.returncode or \
            (p.returncode == 4 and w.decision == "")
    assert len(got) == len(rows)
    for g_, r in zip(got, rows):
        assert g_.bits == float(r["bits"]) and g_.errors == int(r["errors"])
        assert g_.cl == cli_value(r["cl"]) and g_.decision == r["decision"]
        if "cl_clustered" in r:
            assert g_.cl_clustered == cli_value(r["cl_clustered"])
    assert all(m.replace("Watch.feed", "(stdin)") in p.stderr for m in w.warnings)


# ---- bercl.eye: the command's rows ----

def _eye_cli(args):
    p = subprocess.run([CLI, "eye", *args, "-f", "csv"], capture_output=True, text=True)
    return p, list(csv.DictReader(io.StringIO(p.stdout)))


def _eye_same(e, rows):
    """Every cell of the command's CSV rows is the Python object's, exactly."""
    got = e.edges + e.rows
    assert len(got) == len(rows)
    for g_, r in zip(got, rows):
        for k, cell in r.items():
            if cell == "":
                assert k not in g_, (k, g_)
            elif k == "edge":
                assert g_[k] == cell
            else:
                assert float(g_[k]) == float(cell), (k, g_[k], cell)


@pytest.mark.parametrize("name,args,kw", [
    ("eye_bathtub.csv", ["--ber", "1e-12,1e-15"], {"ber": [1e-12, 1e-15]}),
    ("eye_bathtub.csv", ["--method", "regression"], {"method": "regression"}),
    ("eye_bathtub.csv", ["--transition-density", "fit", "--cl", "99%"],
     {"transition_density": "fit", "cl": "99%"}),
    ("eye_voltage.csv", ["--axis", "voltage"], {"axis": "voltage"}),
    ("eye_ibert.csv", [], {}),
])
def test_eye_file_as_the_cli(name, args, kw):
    path = os.path.join(ROOT, "docs", "examples", name)
    p, rows = _eye_cli(["-i", path, *args])
    assert p.returncode == 0, p.stderr
    e = bercl.eye(scan=path, **kw)
    _eye_same(e, rows)
    assert len(e.to_frame()) == len(rows)
    assert repr(e).startswith("Eye(")


def test_eye_points_as_the_cli(tmp_path):
    """Points given as sequences are the scan file's rows: the same fit."""
    path = os.path.join(ROOT, "docs", "examples", "eye_bathtub.csv")
    with open(path) as fp:
        pts = [r for r in csv.DictReader(line for line in fp if not line.startswith("#"))]
    off = [float(r["offset"]) for r in pts]
    bits = [int(r["bits"]) for r in pts]
    errs = [int(r["errors"]) for r in pts]
    p, rows = _eye_cli(["-i", path])
    e = bercl.eye(off, bits, errs)
    _eye_same(e, rows)
    assert e.offset == off and e.bits == bits and e.errors == errs
    # the fitted curve passes near the measured BER where the fit used it
    k = max(i for i, x in enumerate(off) if x < 0.3 and 0 < errs[i] < 1e-3 * bits[i])
    assert abs(e.curve([off[k]])[0] / (errs[k] / bits[k]) - 1) < 0.2


def test_eye_errors_are_the_commands(tmp_path):
    f = tmp_path / "bad.csv"
    f.write_text("offset,bits,errors\n0.1,1000,5\n0.2,1000,2000\n")
    p, _ = _eye_cli(["-i", str(f)])
    assert p.returncode == 2
    with pytest.raises(bercl.DomainError) as ex:
        bercl.eye(scan=str(f))
    assert str(ex.value) == as_functions(p.stderr.strip(), "eye")
    path = os.path.join(ROOT, "docs", "examples", "eye_bathtub.csv")
    p, _ = _eye_cli(["-i", path, "--cl", "2"])
    with pytest.raises(bercl.DomainError) as ex:
        bercl.eye(scan=path, cl=2)
    assert p.returncode == 2 and str(ex.value) == as_functions(p.stderr.strip(), "eye")
    # points one array lacks: the engine's reader of the scan says so
    with pytest.raises(bercl.DomainError, match=r"^eye: points:4: errors '': not a number$"):
        bercl.eye([0.1, 0.2, 0.3], [1e9] * 3, [5, 3])


def test_eye_plot():
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    e = bercl.eye(scan=os.path.join(ROOT, "docs", "examples", "eye_bathtub.csv"))
    ax = e.plot()
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["measured BER", "no errors (at 1 / bits)", "fitted", "eye opening",
                      "its interval"]
    assert ax.get_yscale() == "log"


@pytest.mark.parametrize("args,kw", [
    (["--sigma", "0.02", "--dj", "0.2", "--offsets", "0.15..0.25:9,0.75..0.85:9",
      "--half-width", "0.002", "--rate", "25.78125G"],
     {"sigma": 0.02, "dj": 0.2, "offsets": "0.15..0.25:9,0.75..0.85:9", "rate": "25.78125G"}),
    (["-i", os.path.join(ROOT, "docs", "examples", "eye_bathtub.csv"), "--half-width", "0.001"],
     {"scan": os.path.join(ROOT, "docs", "examples", "eye_bathtub.csv")}),
])
def test_eye_plan_as_the_cli(args, kw):
    p, rows = _eye_cli(["--plan", *args])
    assert p.returncode == 0, p.stderr
    hw = float(args[args.index("--half-width") + 1])
    plan = bercl.eye_plan(hw, **kw)
    assert len(plan.rows) == len(rows)
    for g_, r in zip(plan.rows, rows):
        assert set(g_) == set(r)
        for k, cell in r.items():
            assert float(g_[k]) == float(cell), (k, g_[k], cell)
    assert plan.bits == float(rows[0]["bits"]) and len(plan.to_frame()) == len(rows)


# ---- the rules of a call: the command's checks, its words -------------

def command_lines(args, stdin=None):
    """`bercl ARGS`'s message lines (standard error), exit status 2 or 0."""
    p = subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True)
    return p.returncode, p.stderr.splitlines()


# flags whose argument has another name in Python
ARG_NAMES = {"read_fec_histograms": {"histogram": "source", "histogram-format": "format"},
             "read_intervals": {"intervals": "source"}}


def as_functions(line, func, name=None):
    """A command's line as FUNC says it: "bercl: " is "FUNC: ", a flag
    "--bits-per-symbol" the argument bits_per_symbol, the input's name
    (stdin) or FILE the function's own (name)."""
    import re
    names = ARG_NAMES.get(func, {})
    text = line[len("bercl: "):]
    if text.startswith("warning: "):
        text = text[len("warning: "):]
    if name:
        text = re.sub(r"^[^:]*(:\d+)?: ", lambda m: name + (m.group(1) or "") + ": ", text, 1)
        return re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", "_"), text)
    return "%s: %s" % (func, re.sub(r"--([a-z][a-z-]*)", lambda m: names.get(
        m.group(1), m.group(1).replace("-", "_")), text))


HIST = "symbol_errors,codewords\n0,1000\n1,20\nuncorrectable,0\n"

# (the Python call, its function's name, the command's invocation of the same
# condition): each rule a call may break, once in __init__.py and _more.py,
# now the engine's (invoke_arguments)
RULES = [
    (lambda: bercl.cl(0, 1e12, 1e-12, time=10, rate="10G"), "cl",
     ["cl", "-e", "0", "-n", "1e12", "-t", "10", "-r", "10G", "-p", "1e-12"]),
    (lambda: bercl.cl(0, ber=1e-12, time=10), "cl", ["cl", "-e", "0", "-t", "10", "-p", "1e-12"]),
    (lambda: bercl.cl([0, 1], ber=1e-12, time=10), "cl",
     ["cl", "-e", "0", "-t", "10", "-p", "1e-12"]),
    (lambda: bercl.cl(0, ber=1e-12), "cl", ["cl", "-e", "0", "-p", "1e-12"]),
    (lambda: bercl.cl(0, 1e12), "cl", ["cl", "-e", "0", "-n", "1e12"]),
    (lambda: bercl.tails([0, 1], [1e12, 2e12]), "tails", ["cl", "-e", "0", "-n", "1e12"]),
    (lambda: bercl.cl(0, ber=1e-12, time=10, rate="10G", baud="5G"), "cl",
     ["cl", "-e", "0", "-t", "10", "-r", "10G", "--baud", "5G", "-p", "1e-12"]),
    (lambda: bercl.cl(0, 1e12, 1e-12, model="gauss"), "cl",
     ["cl", "-e", "0", "-n", "1e12", "-p", "1e-12", "--model", "gauss"]),
    (lambda: bercl.min_bits(0, 1e-12, None), "min_bits", ["bits", "-e", "0", "-p", "1e-12"]),
    (lambda: bercl.min_bits([0, 1], None, "95%"), "min_bits", ["bits", "-e", "0", "-c", "95%"]),
    (lambda: bercl.min_time(0, 1e-12, "95%"), "min_time",
     ["bits", "-e", "0", "-p", "1e-12", "-c", "95%", "--value", "time_s"]),
    (lambda: bercl.min_time(0, 1e-12, "95%", rate=1e-300), "min_time",
     ["bits", "-e", "0", "-p", "1e-12", "-c", "95%", "-r", "1e-300"]),
    (lambda: bercl.min_time([0, 1], 1e-12, "95%", rate=1e-300), "min_time",
     ["bits", "-e", "0", "-p", "1e-12", "-c", "95%", "-r", "1e-300"]),
    (lambda: bercl.max_errors(1e12, None, "95%"), "max_errors", ["errors", "-n", "1e12", "-c", "95%"]),
    (lambda: bercl.max_errors(1e12, 1e-12), "max_errors", ["errors", "-n", "1e12", "-p", "1e-12"]),
    (lambda: bercl.ber_upper(0, 1e12), "ber_upper", ["ber", "-e", "0", "-n", "1e12"]),
    (lambda: bercl.ber_interval([0, 2], [1e12, 2e12]), "ber_interval",
     ["ber", "-e", "0", "-n", "1e12", "--two-sided"]),
    (lambda: bercl.fec_rates("kp4", 1e-4, ser=1e-4), "fec_rates",
     ["fec", "--code", "kp4", "--ber", "1e-4", "--ser", "1e-4"]),
    (lambda: bercl.fec_rates("kp4"), "fec_rates", ["fec", "--code", "kp4"]),
    (lambda: bercl.simulate(0, 3e12), "simulate", ["simulate", "-e", "0", "-n", "3e12"]),
    (lambda: bercl.simulate(0, 3e12, 1e-12, burst_model="markov"), "simulate",
     ["simulate", "-e", "0", "-n", "3e12", "-p", "1e-12", "--burst-model", "markov"]),
    (lambda: bercl.simulate(0, 3e12, 1e-12, cl="95%"), "simulate",
     ["simulate", "-e", "0", "-n", "3e12", "-p", "1e-12", "-c", "95%"]),
    (lambda: bercl.simulate(0, 3e12, 1e-12, sequential=True), "simulate",
     ["simulate", "-e", "0", "-n", "3e12", "-p", "1e-12", "--sequential"]),
    (lambda: bercl.simulate(0, 3e12, 1e-12, trials=1000.5), "simulate",
     ["simulate", "-e", "0", "-n", "3e12", "-p", "1e-12", "--trials", "1000.5"]),
    (lambda: bercl.simulate(0, 3e12, 1e-12, burst_share=0.5), "simulate",
     ["simulate", "-e", "0", "-n", "3e12", "-p", "1e-12", "--burst-share", "0.5"]),
    (lambda: bercl.Watch(1e-12, "95%", alpha="5%"), "Watch",
     ["watch", "-p", "1e-12", "-c", "95%", "--plan", "--alpha", "5%"]),
    (lambda: bercl.Watch(1e-12, "95%", 2, alpha="5%", ratio=4), "Watch",
     ["watch", "-p", "1e-12", "-c", "95%", "-e", "2", "--plan", "--alpha", "5%",
      "--ratio", "4"]),
    (lambda: bercl.Watch(1e-12, "95%", clustered=True, alpha="5%", ratio=4), "Watch",
     ["watch", "-p", "1e-12", "-c", "95%", "--clustered", "--plan", "--alpha", "5%",
      "--ratio", "4"]),
    (lambda: bercl.fec_codeword_bounds(1e9, 2), "fec_codeword_bounds",
     ["fec", "--code", "kp4", "--codewords", "1e9", "--uncorrectable", "2"]),
    (lambda: bercl.fec_codeword_bounds(1e9, 2, cer=1e-8, cl="95%"), "fec_codeword_bounds",
     ["fec", "--code", "kp4", "--codewords", "1e9", "--uncorrectable", "2", "--cer", "1e-8",
      "--cl", "95%"]),
    (lambda: bercl.lanes_cl([], 1e12, 1e-12), "lanes_cl",
     ["cl", "--lane-errors", "", "-n", "1e12", "-p", "1e-12"]),
    (lambda: bercl.fec_histogram("kp4", [1000] + [0] * 15 + [5], method="ls"), "fec_histogram",
     ["fec", "--code", "kp4", "--histogram", "HIST", "--method", "ls"]),
    (lambda: bercl.fec_histogram("kp4", [1000] + [0] * 15 + [5], cl=2), "fec_histogram",
     ["fec", "--code", "kp4", "--histogram", "HIST", "--cl", "2"]),
    (lambda: bercl.read_fec_histograms(HIST, "kp4", format="json"), "read_fec_histograms",
     ["fec", "--code", "kp4", "--histogram", "HIST", "--histogram-format", "json"]),
    (lambda: bercl.read_fec_histograms("NIC statistics:\n", "kp4"), "read_fec_histograms",
     ["fec", "--code", "kp4", "--histogram", "HIST2"]),
    (lambda: bercl.read_intervals("bits,errors\n1e9,x\n"), "read_intervals",
     ["cl", "--intervals", "LOG2", "--ber", "1e-9"]),
    (lambda: bercl.min_bits(0, 1e-12, 10 ** 400), "min_bits",
     ["bits", "-e", "0", "-p", "1e-12", "-c", str(10 ** 400)]),
    (lambda: bercl.cl(0, 3 ** 700, 1e-12), "cl", ["cl", "-e", "0", "-n", str(3 ** 700), "-p", "1e-12"]),
    (lambda: bercl.plan(1e-12, "95%", "5%", 4, errors=3), "plan",
     ["plan", "-p", "1e-12", "-c", "95%", "--alpha", "5%", "--ratio", "4", "-e", "3"]),
    (lambda: bercl.plan(1e-12, "95%"), "plan", ["plan", "-p", "1e-12", "-c", "95%"]),
    (lambda: bercl.min_bits_all_lanes(0, 1e-12, "95%", 0), "min_bits_all_lanes",
     ["bits", "-e", "0", "-p", "1e-12", "-c", "95%", "--lanes", "0", "--all-lanes"]),
    (lambda: bercl.fec_test_bounds("kp4", 3, 1e12), "fec_test_bounds",
     ["fec", "--code", "kp4", "-e", "3", "-n", "1e12"]),
    (lambda: bercl.cl_clustered([1e9] * 3, [0, 3, 1], 1.5), "cl_clustered",
     ["cl", "--intervals", "LOG", "--ber", "1.5"]),
    (lambda: bercl.ber_upper_clustered([1e9] * 3, [0, 3, 1], "95"), "ber_upper_clustered",
     ["ber", "--intervals", "LOG", "--cl", "95"]),
]


@pytest.mark.parametrize("call, func, args", RULES)
def test_rule_is_the_commands(call, func, args, tmp_path):
    """A rule a Python call breaks raises DomainError with the command's
    message for the same flags, the function and the argument named."""
    files = {"HIST": HIST, "LOG": "bits,errors\n1e9,0\n1e9,3\n1e9,1\n",
             "HIST2": "NIC statistics:\n", "LOG2": "bits,errors\n1e9,x\n"}
    for k, text in files.items():
        if k in args:
            (tmp_path / k).write_text(text)
            args = [str(tmp_path / k) if a == k else a for a in args]
    status, lines = command_lines(args)
    assert status == 2 and len(lines) == 1, lines
    with pytest.raises(bercl.DomainError) as e:
        call()
    # the file's name: Python's for data given as text
    line = lines[0].replace(str(tmp_path / "HIST2"), "histogram").replace(str(tmp_path / "LOG2"),
                                                                          "(data)")
    assert str(e.value) == as_functions(line, func)


@pytest.mark.parametrize("call, func, args", [
    (lambda: bercl.cl(0, 1e12, 1e-12, bits_per_symbol=2), "cl",
     ["cl", "-e", "0", "-n", "1e12", "-p", "1e-12", "--bits-per-symbol", "2"]),
    (lambda: bercl.cl([0, 1], 1e12, 1e-12, lanes=4), "cl",
     ["cl", "-e", "0", "-n", "1e12", "-p", "1e-12", "--lanes", "4"]),
    (lambda: bercl.max_errors(1e12, 1e-12, "95%", rate="25"), "max_errors",
     ["errors", "-n", "1e12", "-p", "1e-12", "-c", "95%", "-r", "25"]),
])
def test_warning_is_the_commands(call, func, args):
    """What the command warns of (input ignored, a likely mistake), Python
    warns in the same words (UserWarning)."""
    status, lines = command_lines(args + ["-f", "csv"])
    assert status == 0 and lines
    with pytest.warns(UserWarning) as got:
        call()
    assert [str(w.message) for w in got] == [as_functions(x, func) for x in lines]


def test_fec_degrade_names_its_arguments():
    """fec_degrade's interval and threshold are --degrade-interval and
    --degrade-threshold: the command's message, the argument's name."""
    status, lines = command_lines(["fec", "--code", "kp4", "--degrade-interval", "0",
                                   "--degrade-threshold", "417", "--ser", "1e-4"])
    assert status == 2
    with pytest.raises(bercl.DomainError) as e:
        bercl.fec_degrade("kp4", 0, 417, ser=1e-4)
    assert str(e.value) == as_functions(lines[0], "fec_degrade").replace("degrade_interval",
                                                                        "interval")


def test_watch_header_is_the_commands():
    """A reading without bits or time: the command's header message, the
    input named Watch.feed."""
    status, lines = command_lines(["watch", "-p", "1e-12", "-c", "95%"], "errors\n0\n")
    assert status == 2
    with pytest.raises(bercl.DomainError) as e:
        bercl.Watch(1e-12, "95%").feed(errors=0)
    assert str(e.value) == as_functions(lines[0], "Watch", name="Watch.feed")


@pytest.mark.parametrize("kw, pattern", [
    (dict(bins=[1, 2, 3]), r"^fec_histogram: bins: 3 counts given, t \+ 2 = 17 wanted$"),
    (dict(), r"^fec_histogram: missing the histogram: bins \(t \+ 2 = 17 counts\) or groups$"),
    (dict(bins=[0] * 17, groups=([0], [0], [1])), r"^fec_histogram: bins and groups: give one"),
    (dict(groups=([0, 1], [0], [5, 1])), r"^fec_histogram: groups: \(lo, hi, count\), three"),
])
def test_histogram_arrays_are_the_engines(kw, pattern):
    """A histogram given as arrays has no flag of the command: the engine's
    histogram_arrays checks it, naming the function and the argument."""
    with pytest.raises(bercl.DomainError, match=pattern):
        bercl.fec_histogram("kp4", **kw)


def test_lazy_min_time_is_the_engines():
    """A dask min_time is the engine's test time block by block: a time
    beyond the doubles is the command's refusal (NaN under on_error="nan"),
    never inf (it was bits / rate in Python)."""
    da = pytest.importorskip("dask.array")
    rate = da.from_array(np.array([1e-300, 1e9]))
    lazy = bercl.min_time(3, 1e-12, 0.95, rate=rate)
    assert isinstance(lazy, da.Array)
    with pytest.raises(bercl.DomainError, match="^min_time: the test time, .* is above the "
                       "double range"):
        lazy.compute()
    with pytest.warns(RuntimeWarning):
        t = bercl.min_time(3, 1e-12, 0.95, rate=rate, on_error="nan").compute()
    assert math.isnan(t[0]) and t[1] == bercl.min_time(3, 1e-12, 0.95, rate=1e9)


@pytest.mark.parametrize("call", [
    lambda: bercl.fec_cer("foo", 1e-4), lambda: bercl.fec_post_ber("foo", 1e-4),
    lambda: bercl.fec_rates("foo", 1e-4), lambda: bercl.fec_histogram("foo", [1, 2]),
    lambda: bercl.fec_degrade("foo", 100, 3)])
def test_fec_functions_name_themselves_for_a_bad_code(call):
    """Every FEC function's bad code is the command's --code message, under
    the function's name and the argument's."""
    r = subprocess.run([os.path.join(os.path.dirname(__file__), "..", "bercl"), "fec", "--code",
                        "foo", "--ber", "1e-4"], capture_output=True, text=True)
    assert r.returncode == 2
    said = r.stderr.strip().replace("bercl: --code", "code")
    with pytest.raises(bercl.DomainError) as e:
        call()
    func = str(e.value).split(":", 1)[0]
    assert func.startswith("fec_") and str(e.value) == "%s: %s" % (func, said)


def test_parse_cl_reads_a_float32_as_printed():
    """parse_cl reads a float32 or float16 level as numpy prints it, as the
    friendly functions do: one rule for a narrow level."""
    for t in (np.float32, np.float16):
        assert bercl.parse_cl(t(0.95)) == bercl.parse_cl("0.95")
    assert bercl.min_bits(0, 1e-12, np.float32(0.95)) == bercl.min_bits(0, 1e-12, "0.95")
