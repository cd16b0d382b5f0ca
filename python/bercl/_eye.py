# SPDX-License-Identifier: GPL-3.0-or-later
"""bercl eye from Python: a bathtub (time) or threshold (voltage) scan fitted
by the command's engine (engine/eye.c, lib/eye_fit.c). The arguments go to
the engine as the text of the flags of the same names and the points as the
rows of a scan file, which it reads, checks, fits and writes as ``bercl eye
-f json`` does; the rows come back unchanged. No rule lives here."""
import itertools
import json
import os

from . import _core

__all__ = ["eye", "Eye", "eye_plan", "EyePlan"]


def _text(v):
    """A number as the text of a flag or a CSV cell, exactly: whole numbers
    as integers, others by repr (the shortest round trip); anything else as
    str, for the engine to judge."""
    if isinstance(v, bool):
        return str(v)
    try:
        f = float(v)
    except (TypeError, ValueError):
        return str(v)
    if f == f and abs(f) < 2 ** 63 and f.is_integer():
        return "%d" % f
    return repr(f)


def _run(func, data, name, args):
    """`bercl eye ARGS` on the scan's bytes (engine/eye.c); its refusal said
    as FUNC's, the flags named as the arguments."""
    from . import BerclError, _said
    try:
        return _core.eye(data, str(name), args)
    except BerclError as e:
        raise type(e)(_said(func, str(e))) from None


def _scan_bytes(offset, bits, errors, edge):
    """The points as the CSV that ``bercl eye -i`` reads."""
    columns = [("offset", offset), ("bits", bits), ("errors", errors)]
    if edge is not None:
        columns.append(("edge", edge))
    cols = [[_text(v) for v in c] for _, c in columns]
    lines = [",".join(name for name, _ in columns)]
    # a point one array lacks is an empty cell of its row: the engine's
    # reader says so (its line the point's + 2)
    lines += [",".join(row) for row in itertools.zip_longest(*cols, fillvalue="")]
    return ("\n".join(lines) + "\n").encode("utf-8")


class Eye:
    """A fitted eye (``bercl eye``): `edges`, the command's rows for the two
    edges (dicts of its columns: edge, points, mu, mu_lower, ...), `rows`,
    its rows ``eye`` (one per target BER: ber, eye_opening and its bounds,
    tj, rj, dj or q, fit_p, ...), `warnings`, the points read (`offset`,
    `bits`, `errors`) and `params` (mu, ln sigma, rho of each edge) for
    `curve`. A missing cell (a bound under --method regression) is absent
    from its dict, as in the command's JSON."""

    def __init__(self, rows, warnings, offset, bits, errors, params, axis, method):
        self.edges = [r for r in rows if r.get("edge") != "eye"]
        self.rows = [r for r in rows if r.get("edge") == "eye"]
        self.warnings = list(warnings)
        self.offset, self.bits, self.errors = list(offset), list(bits), list(errors)
        self.params = tuple(params)
        self.axis, self.method = axis, method

    def __getattr__(self, name):
        # eye.eye_opening, eye.tj_upper, ...: the first eye row's cell
        rows = self.__dict__.get("rows")
        if rows and name in rows[0]:
            return rows[0][name]
        raise AttributeError(name)

    def __repr__(self):
        def g(v):
            return "%d" % v if float(v).is_integer() and abs(v) < 2 ** 53 else "%.6g" % v
        r = self.rows[0]
        parts = []
        for k in ("eye_opening", "tj", "q"):
            if k in r:
                b = (" [%s, %s]" % (g(r[k + "_lower"]), g(r[k + "_upper"]))
                     if k + "_lower" in r else "")
                parts.append("%s=%s%s" % (k, g(r[k]), b))
        if "fit_p" in r:
            parts.append("fit_p=%s" % g(r["fit_p"]))
        more = " (+%d BER)" % (len(self.rows) - 1) if len(self.rows) > 1 else ""
        return "Eye(%s, %s, ber=%s%s: %s)" % (self.axis, self.method, g(r["ber"]), more,
                                             ", ".join(parts))

    def to_frame(self):
        """The rows as ``bercl eye -f csv`` prints them: the edges, then one
        row ``eye`` per target BER (pandas DataFrame; an empty cell is NaN)."""
        import pandas
        return pandas.DataFrame(self.edges + self.rows)

    def _repr_html_(self):
        try:
            return self.to_frame().to_html(index=False)
        except ImportError:  # no pandas: Jupyter shows the repr
            return None

    def curve(self, x):
        """The fitted BER at each offset of `x` (a sequence): rho_0 Q((x - mu_0) /
        sigma_0) + rho_1 Q((mu_1 - x) / sigma_1), by the library's Q."""
        return _core.eye_curve(self.params, [float(v) for v in x])

    def plot(self, ax=None, *, points=200):
        """Draw the bathtub on a matplotlib axes (a new figure's where `ax` is
        None; matplotlib is imported only here): the measured points (BER =
        errors / bits; an error-free point as a downward triangle at 1 /
        bits, an upper mark), the fitted curve at `points` offsets across the
        scan, and at each target BER a horizontal line across the fitted
        eye opening with, shaded at its ends, the opening's interval: the
        opening's lower and upper bounds drawn about the fitted opening's
        midpoint (the interval is of the opening's width, not of either
        edge's place). Returns the axes."""
        if ax is None:
            import matplotlib.pyplot as plt
            ax = plt.figure().add_subplot()
        seen = [(x, e / n) for x, n, e in zip(self.offset, self.bits, self.errors) if e > 0]
        zero = [(x, 1 / n) for x, n, e in zip(self.offset, self.bits, self.errors) if e == 0]
        if seen:
            ax.plot(*zip(*seen), "o", ms=3, color="C0", label="measured BER")
        if zero:
            ax.plot(*zip(*zero), "v", ms=3, color="C0", mfc="none",
                    label="no errors (at 1 / bits)")
        lo, hi = min(self.offset), max(self.offset)
        xs = [lo + (hi - lo) * i / (points - 1) for i in range(points)]
        ys = self.curve(xs)
        ax.plot(*zip(*[(x, y) for x, y in zip(xs, ys) if y > 0]), "-", color="C1",
                label="fitted")
        mid = 0.5 * (self.params[0] + self.params[3])
        for i, r in enumerate(self.rows):
            if "eye_opening" not in r:
                continue
            b, w = r["ber"], r["eye_opening"]
            ax.hlines(b, mid - w / 2, mid + w / 2, color="C2",
                      label="eye opening" if i == 0 else None)
            if "eye_opening_lower" in r:
                wl, wu = r["eye_opening_lower"], r["eye_opening_upper"]
                for s in (-1, 1):
                    ax.fill_betweenx([b / 3, b * 3], mid + s * wl / 2, mid + s * wu / 2,
                                     color="C2", alpha=0.4, lw=0,
                                     label="its interval" if i == 0 and s < 0 else None)
        ax.set_yscale("log")
        # down to a thousandth of the deepest target or point, not the
        # curve's 1e-80 at the eye's centre
        floor = min([r["ber"] for r in self.rows] + [1 / n for n in self.bits]) / 1e3
        ax.set_ylim(floor, 1)
        ax.set_xlabel("offset (UI)" if self.axis == "time" else "offset")
        ax.set_ylabel("BER")
        ax.legend(fontsize="small")
        return ax


def _scan_of(offset, bits, errors, edge, scan):
    """The scan's bytes and its name for messages: a file (name, bytes, str
    or open file) or the points as sequences."""
    if scan is not None:
        if offset is not None or bits is not None or errors is not None or edge is not None:
            raise TypeError("eye: give the points (offset, bits, errors) or scan, not both")
        name = "scan"
        if hasattr(scan, "read"):
            data = scan.read()
            name = getattr(scan, "name", name)
        elif isinstance(scan, bytes):
            data = scan
        elif isinstance(scan, str) and "\n" in scan:
            data = scan
        else:
            name = os.fspath(scan)
            with open(name, "rb") as fp:
                data = fp.read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        return data, name
    if offset is None or bits is None or errors is None:
        raise TypeError("eye: give offset, bits and errors (or scan)")
    return _scan_bytes(offset, bits, errors, edge), "points"


def eye(offset=None, bits=None, errors=None, *, edge=None, scan=None, scan_format=None,
        axis="time", ber=None, cl=None, transition_density=None, fit_below=None,
        method="likelihood"):
    """Fit a bathtub or threshold scan (``bercl eye``): each edge's mu and sigma,
    the eye opening and TJ at `ber`, RJ and DJ (time) or Q (voltage), with
    profile-likelihood intervals at `cl`, and a goodness-of-fit p-value.

    Parameters
    ----------
    offset, bits, errors : sequences of numbers, one per point
        Each point's offset (UI on the time axis, the file's unit on the
        voltage axis), the bits compared there and the errors counted.
    edge : sequence of str, optional
        Each point's side (``left``/``right``, or ``lower``/``upper``), as
        the scan's ``edge`` column; without it the side follows from the
        offset.
    scan : str, path, bytes or open file, optional
        A scan file instead of the three sequences (what ``-i`` reads:
        named columns, or a tool's export).
    scan_format : str, optional
        ``--scan-format``: ``auto`` (the command's default), ``csv`` or
        ``ibert``.
    axis : str
        ``--axis``: ``time`` (a bathtub) or ``voltage`` (a threshold scan).
    ber : float or sequence of floats, optional
        ``--ber``: the target BER(s) of the eye opening and TJ (the
        command's default, 1e-12).
    cl : float or str, optional
        ``--cl``: the confidence of the intervals (``95%`` or 0.95; the
        command's default, 95 %).
    transition_density : float or ``"fit"``, optional
        ``--transition-density`` (time axis): rho, the tails' amplitude (the
        command's default, 0.5), or ``"fit"`` to fit it.
    fit_below : float, optional
        ``--fit-below``: fit the points whose observed BER is below this
        (the command's default, 1e-3).
    method : str
        ``--method``: ``likelihood`` (intervals) or ``regression`` (the
        instruments' Q-space line, with R^2, no intervals).

    Returns
    -------
    Eye
        The command's rows. A bad value, scan or fit raises DomainError (or
        ConvergenceError) with the command's message; its warnings (a fit_p
        below 0.01) are issued as Python warnings and kept in ``.warnings``.

    Examples
    --------
    >>> import bercl
    >>> off = [0.171875, 0.1875, 0.203125, 0.21875, 0.25, 0.5, 0.75, 0.78125, 0.796875,
    ...        0.8125, 0.828125]
    >>> errors = [813913, 30458, 635, 9, 0, 0, 0, 5, 630, 30347, 816013]
    >>> e = bercl.eye(off, [10**10] * len(off), errors)
    >>> e
    Eye(time, likelihood, ber=1e-12: eye_opening=0.522461 [0.522176, 0.522746], tj=0.477539 [0.477254, 0.477824], fit_p=0.903642)
    >>> round(e.tj, 4), e.edges[0]["edge"], e.edges[0]["points"]
    (0.4775, 'left', 5)
    >>> r = bercl.eye(off, [10**10] * len(off), errors, method="regression")
    >>> round(r.eye_opening, 4), "eye_opening_lower" in r.rows[0]
    (0.523, False)

    A file: ``bercl.eye(scan="docs/examples/eye_bathtub.csv")`` (what ``bercl
    eye -i`` reads).
    """
    import warnings
    data, name = _scan_of(offset, bits, errors, edge, scan)
    # only the flags given: the defaults are the engine's
    args = ["-i", str(name), "--axis", str(axis), "--method", str(method)]
    if scan_format is not None:
        args += ["--scan-format", str(scan_format)]
    if ber is not None:
        bers = ber if isinstance(ber, (list, tuple)) or hasattr(ber, "__array__") else [ber]
        args += ["--ber", ",".join(_text(b) for b in bers)]
    if cl is not None:
        args += ["--cl", _text(cl)]
    if transition_density is not None:
        args += ["--transition-density", _text(transition_density)]
    if fit_below is not None:
        args += ["--fit-below", _text(fit_below)]
    text, warns, off, nb, ne, params = _run("eye", data, name, args)
    for w in warns:
        warnings.warn(w, stacklevel=2)
    rows = [json.loads(line) for line in text.splitlines() if line]
    return Eye(rows, warns, off, nb, ne, params, axis, method)


class EyePlan:
    """A scan plan (``bercl eye --plan``): `offsets`, the offsets to scan,
    `bits`, the bits at each (the same at every offset), `total_bits`,
    `half_width`, the eye opening's interval half-width it is expected to
    give, and `time_s` (with a rate: the time of the whole scan); `rows`, the
    command's rows (one per offset)."""

    def __init__(self, rows):
        self.rows = rows
        self.offsets = [r["offset"] for r in rows]
        first = rows[0]
        self.bits, self.total_bits = first["bits"], first["total_bits"]
        self.half_width = first["half_width"]
        self.time_s = first.get("time_s")

    def __repr__(self):
        t = "" if self.time_s is None else ", time_s=%.6g" % self.time_s
        return "EyePlan(%d offsets, bits=%d, total_bits=%d, half_width=%.6g%s)" % (
            len(self.offsets), self.bits, self.total_bits, self.half_width, t)

    def to_frame(self):
        """The rows as ``bercl eye --plan -f csv`` prints them (pandas DataFrame)."""
        import pandas
        return pandas.DataFrame(self.rows)

    def _repr_html_(self):
        try:
            return self.to_frame().to_html(index=False)
        except ImportError:  # no pandas: Jupyter shows the repr
            return None


def eye_plan(half_width, *, sigma=None, dj=None, offsets=None, offset=None, bits=None,
             errors=None, edge=None, scan=None, scan_format=None, axis="time", ber=None,
             cl=None, transition_density=None, fit_below=None, rate=None):
    """Plan a scan (``bercl eye --plan``): the bits per offset at which the eye
    opening's interval at `ber` is expected to have half-width `half_width`,
    for a rough eye given by `sigma` and `dj` or by a first scan.

    Parameters
    ----------
    half_width : float
        ``--half-width``: the interval half-width to reach (offset units).
    sigma, dj : float, optional
        ``--sigma``, ``--dj``: the rough eye's RJ (rms) and DJ (dual-Dirac),
        in UI, where there is no first scan.
    offsets : str or sequence of floats, optional
        ``--offsets``: the offsets to scan, a list or the command's range
        text (``"0.15..0.25:9,0.75..0.85:9"``); the first scan's without it.
    offset, bits, errors, edge, scan, scan_format, axis, ber, cl, transition_density, fit_below
        A first scan and its fit, as `eye` takes them.
    rate : float or str, optional
        ``--rate``: the line rate (``"25.78125G"``), for `time_s`.

    Returns
    -------
    EyePlan
        The command's rows. A bad value raises DomainError with the
        command's message.

    Examples
    --------
    >>> import bercl
    >>> p = bercl.eye_plan(0.002, sigma=0.02, dj=0.2, offsets="0.15..0.25:9,0.75..0.85:9")
    >>> p
    EyePlan(18 offsets, bits=31273809, total_bits=562928562, half_width=0.002)
    >>> p.offsets[:3]
    [0.15, 0.1625, 0.175]
    """
    args = ["--plan", "--half-width", _text(half_width), "--axis", str(axis)]
    data, name = b"", "plan"
    if scan is not None or offset is not None:
        data, name = _scan_of(offset, bits, errors, edge, scan)
        args += ["-i", str(name)]
    for flag, v in (("--sigma", sigma), ("--dj", dj), ("--scan-format", scan_format),
                    ("--cl", cl), ("--transition-density", transition_density),
                    ("--fit-below", fit_below), ("--rate", rate)):
        if v is not None:
            args += [flag, v if isinstance(v, str) else _text(v)]
    if ber is not None:
        bers = ber if isinstance(ber, (list, tuple)) or hasattr(ber, "__array__") else [ber]
        args += ["--ber", ",".join(_text(b) for b in bers)]
    if offsets is not None:
        args += ["--offsets", offsets if isinstance(offsets, str)
                 else ",".join(_text(v) for v in offsets)]
    text = _run("eye_plan", data, name, args)[0]
    return EyePlan([json.loads(line) for line in text.splitlines() if line])
