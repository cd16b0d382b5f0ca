# SPDX-License-Identifier: GPL-3.0-or-later
"""bercl: confidence levels for bit-error-ratio tests, for numpy and pandas.

The answers of the ``bercl`` command as numpy ufuncs over libbercl, compiled
into this package's extension (nothing is loaded at run time): every value
is the double that ``bercl ... -f csv`` prints.

Elementwise (broadcasting like scipy.special, the GIL released while they
run; Python and numpy numbers, lists, arrays and pandas Series in, a Series
in gives a Series out with its index): `cl`, `one_minus_cl`, `tails`,
`log10_one_minus_cl`, `min_bits`, `min_time`, `max_errors`, `ber_upper`,
`ber_lower`, `ber_interval`, `fec_cer`, `fec_post_ber`, `fec_rates`,
`fec_ber_max`. Not elementwise: `plan`, `simulate`, `lanes_cl`,
`min_bits_all_lanes`, `fec_histogram`, `fec_test_bounds`,
`fec_codeword_bounds`, `Watch`, and the command's parsers `parse_quantity`,
`parse_time`, `parse_rate`, `parse_cl`.

Models: ``model="poisson"`` (default) or ``"binomial"``. Confidence levels
are floats or strings (``"95%"``, ``"0.99999999999999999999"``); the
complement 1 - CL is taken from the decimal digits, exactly, as the command
does, so a target of 1 - 1e-20 is not rounded to 1.

Errors. With ``on_error="raise"`` (the default) an element outside the
domain raises `DomainError` (a ValueError) naming the argument, the element
index and the reason; `LimitError` beyond a documented limit of the method;
`ConvergenceError` for an internal failure. With ``on_error="nan"`` such
elements are NaN and the rest are computed: the choice for a sweep with
holes. Raising is the default because a NaN in a lab's table is easily
missed, and the command, too, refuses a bad value. (The keyword is not
``errors=``: that is the error count, the first argument, as ``--errors``.)

>>> import bercl
>>> bercl.cl(0, 3e12, 1e-12)
0.950212931632136
>>> bercl.min_bits(0, 1e-12, "95%")
2995732273554
"""
import collections
import dataclasses
import math
import operator

import numpy as np

from . import _core
from ._parse import (parse_baud, parse_cl, parse_cl_exact, parse_count, parse_quantity,
                     parse_rate, parse_real, parse_time)

__version__ = _core.__version__

__all__ = ["cl", "one_minus_cl", "tails", "log10_one_minus_cl", "min_bits", "min_time",
           "max_errors", "ber_upper", "ber_lower", "ber_interval", "fec_cer", "fec_post_ber",
           "fec_rates", "fec_ber_max", "fec_code", "plan", "simulate", "lanes_cl",
           "min_bits_all_lanes", "fec_histogram", "fec_test_bounds", "fec_codeword_bounds",
           "Watch", "parse_quantity", "parse_time", "parse_rate", "parse_baud", "parse_cl",
           "parse_count", "parse_real", "parse_cl_exact", "library_version", "set_num_threads", "get_num_threads", "Tails", "BerInterval", "FecRates",
           "FecHistogram", "BerclError", "DomainError", "LimitError", "ConvergenceError",
           "read_fec_histograms", "FecReport", "fec_histograms", "fec_degrade", "FecDegrade",
           "intervals", "read_intervals", "Intervals", "cl_clustered", "ber_upper_clustered",
           "ClusteredCl", "ClusteredBer", "__version__"]


class BerclError(Exception):
    """A value bercl could not compute (the base of the three below)."""


class DomainError(BerclError, ValueError):
    """An argument outside the mathematical domain (the command's exit status 2)."""


class LimitError(BerclError):
    """Inside the domain, beyond a documented limit of the method."""


class ConvergenceError(BerclError, ArithmeticError):
    """A numerical method did not converge (a bug: please report it)."""


_STATUS = {1: DomainError, 2: LimitError, 3: ConvergenceError}
_MODELS = ("poisson", "binomial")

Tails = collections.namedtuple("Tails", "cl one_minus_cl")
Tails.__doc__ = """Both tails of a test: cl = P[X > E] and one_minus_cl = P[X <= E],
each computed directly (one_minus_cl is never 1 minus a rounded cl)."""
BerInterval = collections.namedtuple("BerInterval", "lower upper")
BerInterval.__doc__ = """The two-sided interval [lower, upper] on the BER at a confidence level."""
FecRates = collections.namedtuple("FecRates", "ser cer post_fec_ber")
FecRates.__doc__ = """What a pre-FEC BER gives with independent bit errors: the symbol
and codeword error ratios and the post-FEC BER (0.0 below the double range)."""


def set_num_threads(n):
    """Threads for one elementwise call of 16384 elements or more per thread
    (default: the CPUs this process may use, at most 8, or the environment
    variable BERCL_NUM_THREADS). Each element is computed alone: the answers
    do not depend on it.

    Parameters
    ----------
    n : int
        1 to 64.

    Returns
    -------
    int
        The previous number.

    Examples
    --------
    >>> old = set_num_threads(1)
    >>> set_num_threads(old)
    1
    """
    return _core.set_num_threads(operator.index(n))


def get_num_threads():
    """The threads of one large elementwise call (`set_num_threads`).

    Returns
    -------
    int

    Examples
    --------
    >>> get_num_threads() >= 1
    True
    """
    return _core.get_num_threads()


def _default_threads():
    import os
    env = os.environ.get("BERCL_NUM_THREADS", "")
    if env.isdigit() and 1 <= int(env) <= 64:
        return int(env)
    try:
        return max(1, min(8, len(os.sched_getaffinity(0))))
    except (AttributeError, OSError):
        return max(1, min(8, os.cpu_count() or 1))


def library_version():
    """The version of libbercl compiled into the extension (``__version__`` is the header's).

    Returns
    -------
    str

    Examples
    --------
    >>> library_version() == __version__
    True
    """
    return _core.library_version()


# ---- inputs ----

def _is_series(x):
    return type(x).__name__ == "Series" and type(x).__module__.startswith("pandas")


def _model(model):
    if model not in _MODELS:
        raise DomainError("model must be 'poisson' or 'binomial', not %r" % (model,))
    return model == "binomial"


def _on_error(on_error):
    if on_error not in ("raise", "nan"):
        raise ValueError("on_error must be 'raise' or 'nan', not %r" % (on_error,))
    return on_error == "raise"


class _Call:
    """One elementwise call: its inputs as arrays, the first Series' index."""

    def __init__(self, func, on_error):
        self.func = func
        self.raise_ = _on_error(on_error)
        self.index = None
        self.series_name = None
        self.scalar = True

    def _note(self, name, x):
        if _is_series(x):
            if self.index is None:
                self.index = x.index
            elif not x.index.equals(self.index):
                raise ValueError("%s: %s is a Series with another index than the first Series "
                                 "argument" % (self.func, name))
            return x.to_numpy()
        return x

    def number(self, name, x, parse=None):
        """x as a float64 array (0-d for a scalar); strings through parse."""
        x = self._note(name, x)
        if x is None:
            raise TypeError("%s: %s must be a number, not None" % (self.func, name))
        if isinstance(x, str):
            if parse is None:
                raise TypeError("%s: %s must be a number, not str" % (self.func, name))
            return np.float64(parse(x, name))
        if isinstance(x, (bool, np.bool_)):
            raise TypeError("%s: %s must be a number, not bool" % (self.func, name))
        if isinstance(x, int):
            # a bits counter above 2^53 (a 400G lane passes it in 6.25 h) is
            # read as the nearest double, as the command reads --bits; a
            # count (errors, lanes) must be held exactly, as --errors
            if abs(x) > 2 ** 1023 or (parse is parse_count and abs(x) > 2 ** 53 and
                                      int(float(x)) != x):
                raise DomainError("%s: %s = %d is not a number that a double holds exactly"
                                  % (self.func, name, x))
            return np.float64(x)
        if isinstance(x, float):
            return np.float64(x)
        a = np.asarray(x)
        if a.ndim:
            self.scalar = False
        if a.dtype.kind == "O":
            a = self._missing(name, a)
        if a.dtype.kind in "OU":
            if parse is None or not all(isinstance(v, str) for v in a.flat):
                if a.dtype.kind == "U" or any(isinstance(v, str) for v in a.flat):
                    raise TypeError("%s: %s must be numbers, not strings" % (self.func, name))
                a = a.astype(np.float64)
            else:
                return np.array([parse(v, "%s[%d]" % (name, i)) for i, v in enumerate(a.flat)],
                                dtype=np.float64).reshape(a.shape)
        if a.dtype.kind == "b":
            raise TypeError("%s: %s must be numbers, not bool" % (self.func, name))
        if a.dtype.kind in "iu":
            # int64 and uint64 bits counters above 2^53: the nearest double,
            # as the command reads --bits; counts (parse_count) exactly
            f = a.astype(np.float64)
            if parse is parse_count and a.size and a.dtype.itemsize >= 8 and \
                    np.any(np.abs(f) >= 2.0 ** 53):
                bad = np.flatnonzero((f.astype(a.dtype) != a).ravel() | (np.abs(f) > 2.0 ** 63))
                if bad.size:
                    i = int(bad[0])
                    raise DomainError("%s: %s[%d] = %d is not a number that a double holds "
                                      "exactly" % (self.func, name, i, a.flat[i]))
            return f
        if a.dtype.kind not in "f":
            raise TypeError("%s: %s must be numbers, not %s" % (self.func, name, a.dtype))
        return a.astype(np.float64, copy=False)

    def _missing(self, name, a):
        """An object array with None or pd.NA (a nullable Int64/Float64
        column): with on_error="raise" a DomainError naming the first, else
        NaN there (the function's NaNs are then counted in its warning)."""
        miss = np.array([v is None or type(v).__name__ == "NAType" for v in a.flat],
                        dtype=bool).reshape(a.shape)
        if not miss.any():
            return a
        if self.raise_:
            i = int(np.flatnonzero(miss.ravel())[0])
            raise DomainError("%s: %s is missing (None or NA): on_error=\"nan\" gives NaN there"
                              % (self.func, "%s[%d]" % (name, i) if a.ndim else name))
        out = a.copy()
        out[miss] = np.nan
        return out

    def target(self, name, x, exact=False):
        """A confidence level (or CER target): (value, complement) arrays, and
        with exact=True (value, value_lo, complement, complement_lo), the
        rests from the digits (`parse_cl_exact`). A float is read from its
        shortest decimal (repr), once per distinct value."""
        x = self._note(name, x)
        if isinstance(x, str):
            forms = tuple(np.float64(v) for v in parse_cl_exact(x, name))
        else:
            a = np.asarray(x)
            if a.ndim:
                self.scalar = False
            if a.dtype.kind in "OU":
                texts = list(a.flat)
                where = ["%s[%d]" % (name, i) for i in range(len(texts))] if a.ndim else [name]
            else:
                v = self.number(name, x)
                flat = np.ravel(v)
                uniq, inverse = _unique(flat)
                # a float32 or float16 level is read as the decimal numpy
                # prints for it (0.95, not 0.949999988079071: 238,418 bits
                # fewer at 1e-12), as if typed; a double by its repr
                narrow = a.dtype.kind == "f" and a.dtype.itemsize < 8
                rows = []
                for u in uniq:
                    try:
                        text = (np.format_float_positional(a.dtype.type(u), unique=True)
                                if narrow and np.isfinite(u) else repr(float(u)))
                        rows.append(parse_cl_exact(text, name))
                    except DomainError:
                        if self.raise_:
                            i = int(np.flatnonzero(flat == u)[0]) if not np.isnan(u) else \
                                int(np.flatnonzero(np.isnan(flat))[0])
                            raise DomainError("%s: %s: %s" % (
                                self.func, self._where(name, v, i, np.ndim(v)),
                                "must be between 0 and 1, exclusive (or a percentage: "
                                "95%)")) from None
                        rows.append((np.nan,) * 4)
                table = np.array(rows, dtype=np.float64).reshape(-1, 4)
                # one np.take per column (not a transposed fancy index, which
                # copies the whole table first)
                forms = tuple(np.take(table[:, j], inverse).reshape(np.shape(v))
                              for j in range(4))
                texts = None
            if texts is not None:  # once per distinct text
                seen = {}
                rows = []
                for t, w in zip(texts, where):
                    key = (type(t), t)
                    if key not in seen:
                        seen[key] = parse_cl_exact(t if isinstance(t, str) else float(t), w)
                    rows.append(seen[key])
                table = np.array(rows, dtype=np.float64).reshape(-1, 4)
                forms = tuple(table[:, j].reshape(a.shape) for j in range(4))
        if exact:
            return forms
        return forms[0], forms[2]

    @staticmethod
    def _where(name, arr, i, ndim):
        val = arr.flat[i] if ndim else arr
        return "%s = %r" % (name if not ndim else "%s[%d]" % (name, i), float(val))

    def check(self, kernel, names, inputs, outputs):
        """Raise for the first NaN of outputs[0] with explain()'s reason."""
        first = outputs[0] if isinstance(outputs, tuple) else outputs
        if not self.raise_:
            # on_error="nan": one warning that counts them, so that a NaN
            # column is never silent
            n = int(np.count_nonzero(np.isnan(first)))
            if n:
                import warnings
                warnings.warn("%s: %d of %d results are NaN (on_error=\"nan\": an argument "
                              "outside the domain or missing)" % (self.func, n, np.size(first)),
                              RuntimeWarning, stacklevel=4)
            return
        bad = np.isnan(first)
        if not bad.any():
            return
        shape = np.shape(first)
        flat = int(np.flatnonzero(np.ravel(bad))[0])
        values = [float(np.broadcast_to(a, shape).flat[flat]) for a in inputs]
        why = _core.explain(kernel, *values)
        where = "" if not shape else "element %d: " % flat
        if why is None:
            if any(math.isnan(v) for v in values):
                arg = next(i for i, v in enumerate(values) if math.isnan(v))
                why = (arg, 1, "is not a number")
            else:
                raise ConvergenceError("%s: %sno value for %s" % (self.func, where, values))
        arg, status, msg = why
        if arg >= 0:
            what = "%s = %r" % (names[arg] if not shape else "%s[%d]" % (names[arg], flat),
                                values[arg])
        else:
            what = where + ", ".join("%s = %r" % (n, v) for n, v in zip(names, values)
                                     if n != "")
        raise _STATUS[status]("%s: %s: %s" % (self.func, what, msg))

    def out(self, x, integer=False):
        """An output as the caller gave the inputs: a Python scalar, an array, a Series."""
        if self.scalar and np.ndim(x) == 0:
            v = float(x)
            if integer and not math.isnan(v):
                return int(v)
            return v
        if integer and self.raise_:
            x = _as_int64(x)
        if self.index is not None:
            import pandas
            return pandas.Series(x, index=self.index, name=self.func)
        return x


def _unique(flat, few=8):
    """(distinct values, inverse) of a float64 array, as np.unique gives them: for
    a few distinct values (a lab's handful of confidence levels) by one
    comparison pass each, which costs less than np.unique's sort of a large
    array; NaNs count as one value."""
    if flat.size > 64:
        inverse = np.zeros(flat.size, dtype=np.intp)
        values = []
        nan = np.isnan(flat)
        todo = ~nan
        while todo.any() and len(values) < few:
            u = flat[np.argmax(todo)]
            hit = flat == u
            if values:
                inverse += hit * len(values)
            values.append(u)
            todo &= ~hit
        if not todo.any():
            if nan.any():
                inverse += nan * len(values)
                values.append(np.nan)
            return np.array(values, dtype=np.float64), inverse
    return np.unique(flat, return_inverse=True)


def _as_int64(x):
    x = np.asarray(x)
    if x.size and not np.all(np.abs(x) < 2.0 ** 63):
        return x
    return x.astype(np.int64)


def _rate(call, rate, baud, bits_per_symbol):
    """rate, or baud * bits_per_symbol (the command's resolve_rate)."""
    if baud is not None:
        if rate is not None:
            raise DomainError("%s: give rate or baud, not both" % call.func)
        b = call.number("baud", baud, parse_baud)
        k = 1.0 if bits_per_symbol is None else call.number("bits_per_symbol",
                                                             bits_per_symbol, parse_count)
        _positive(call, "baud", b)
        _whole_at_least_one(call, "bits_per_symbol", k)
        return b * k
    if bits_per_symbol is not None:
        raise DomainError("%s: bits_per_symbol goes with baud" % call.func)
    if rate is None:
        return None
    r = call.number("rate", rate, parse_rate)
    _positive(call, "rate", r)
    return r


def _bad(call, name, arr, bad, msg):
    if call.raise_ and np.any(bad):
        i = int(np.flatnonzero(np.ravel(bad))[0])
        raise DomainError("%s: %s: %s" % (call.func, call._where(name, arr, i, np.ndim(arr)), msg))


def _positive(call, name, a):
    _bad(call, name, a, ~(a > 0) | ~np.isfinite(a), "must be above 0")


def _whole_at_least_one(call, name, a):
    _bad(call, name, a, ~(a >= 1) | (a != np.floor(a)) | (a > 2.0 ** 53),
         "must be a whole number at least 1")


def _whole_if_near(bits):
    """A product of decimal inputs within 4 ulps of a whole number below 2^53 is that
    number (engine/compute.c whole_if_near: rate * time * lanes of 53.125G and 1.1 s)."""
    w = np.rint(bits)
    near = (w != bits) & (w <= 2.0 ** 53) & \
        (np.abs(bits - w) <= 4 * (np.nextafter(bits, np.inf) - bits))
    return np.where(near, w, bits)


def _bits(call, bits, time, rate, lanes, baud, bits_per_symbol):
    """bits, or rate * time * lanes (the command's derive_bits)."""
    r = _rate(call, rate, baud, bits_per_symbol)
    n_lanes = 1.0
    if lanes is not None:
        n_lanes = call.number("lanes", lanes, parse_count)
        _whole_at_least_one(call, "lanes", n_lanes)
    if time is not None:
        if bits is not None:
            raise DomainError("%s: give bits or time, not both" % call.func)
        if r is None:
            raise DomainError("%s: time needs a rate (rate= or baud=)" % call.func)
        t = call.number("time", time, parse_time)
        _positive(call, "time", t)
        with np.errstate(invalid="ignore", over="ignore"):
            return _whole_if_near(r * t * n_lanes), "bits (rate * time * lanes)"
    if bits is None:
        raise DomainError("%s: needs bits, or time and rate" % call.func)
    return call.number("bits", bits, parse_quantity), "bits"


def _kernel(name, binomial):
    return name + ("_binomial" if binomial else "")


def _tails(func, errors, bits, ber, time, rate, lanes, baud, bits_per_symbol, model, on_error,
           kernel="tails"):
    call = _Call(func, on_error)
    b = _model(model)
    e = call.number("errors", errors, parse_count)
    n, bits_name = _bits(call, bits, time, rate, lanes, baud, bits_per_symbol)
    if ber is None:
        raise DomainError("%s: needs ber" % func)
    p = call.number("ber", ber, parse_real)
    k = _kernel(kernel, b)
    res = getattr(_core, k)(e, n, p)
    call.check(k, ("errors", bits_name, "ber"), (e, n, p), res)
    return call, res


_UNITS_DOC = """
    time : float or str or array_like, optional
        Test duration in seconds, or as --time takes it (``"1h30m"``): then
        bits = rate * time * lanes (a product within 4 ulps of a whole number
        below 2**53 is that number, as the command takes it).
    rate : float or str or array_like, optional
        Line rate in bit/s, or as --rate takes it (``"25.78125G"``).
    lanes : int or array_like, optional
        Lanes tested side by side (default 1).
    baud, bits_per_symbol : optional
        A symbol rate in place of rate: rate = baud * bits_per_symbol.
    model : {"poisson", "binomial"}
        The error model: Poisson(bits * ber) or exactly Binomial(bits, ber).
    on_error : {"raise", "nan"}
        An element outside the domain, or missing (None, pd.NA), raises
        (naming the argument and the element index), or gives NaN there
        with one RuntimeWarning that counts the NaNs."""

_RAISES_DOC = """
    Raises
    ------
    DomainError
        An element outside the domain (a ValueError), named with its index.
    LimitError
        Beyond a documented limit of the method (bercl(3)).
    TypeError
        An argument that is not a number (or a string where one is taken)."""


def cl(errors, bits=None, ber=None, *, time=None, rate=None, lanes=None, baud=None,
       bits_per_symbol=None, model="poisson", on_error="raise"):
    call, res = _tails("cl", errors, bits, ber, time, rate, lanes, baud, bits_per_symbol,
                       model, on_error)
    return call.out(res[0])


def one_minus_cl(errors, bits=None, ber=None, *, time=None, rate=None, lanes=None, baud=None,
                 bits_per_symbol=None, model="poisson", on_error="raise"):
    call, res = _tails("one_minus_cl", errors, bits, ber, time, rate, lanes, baud,
                       bits_per_symbol, model, on_error)
    return call.out(res[1])


def tails(errors, bits=None, ber=None, *, time=None, rate=None, lanes=None, baud=None,
          bits_per_symbol=None, model="poisson", on_error="raise"):
    call, res = _tails("tails", errors, bits, ber, time, rate, lanes, baud, bits_per_symbol,
                       model, on_error)
    return Tails(call.out(res[0]), call.out(res[1]))


def log10_one_minus_cl(errors, bits=None, ber=None, *, time=None, rate=None, lanes=None,
                       baud=None, bits_per_symbol=None, model="poisson", on_error="raise"):
    call, res = _tails("log10_one_minus_cl", errors, bits, ber, time, rate, lanes, baud,
                       bits_per_symbol, model, on_error, kernel="log10_tails")
    return call.out(res[0])


cl.__doc__ = """The confidence level reached: CL = P[X > errors], the chance that a link
    at BER `ber` would have shown more errors than seen (``bercl cl``).

    Parameters
    ----------
    errors : int or array_like
        Errors seen: whole numbers from 0 to 2**53.
    bits : float or str or array_like
        Bits tested, > 0 (``"3T"`` = 3e12 as --bits takes it). An integer
        counter above 2**53 (int, int64, uint64) is read as the nearest
        double, as the command reads its digits.
    ber : float or array_like
        The specified BER, 0 < ber < 1.{UNITS}

    Returns
    -------
    float or ndarray or Series
        CL, elementwise over the broadcast arguments (a Series for a Series in).
{RAISES}

    Examples
    --------
    >>> cl(0, 3e12, 1e-12)
    0.950212931632136
    >>> cl([0, 1, 2], "3T", 1e-12)
    array([0.95021293, 0.80085173, 0.57680992])
    >>> cl(0, ber=1e-12, time="5min", rate="10G")
    0.950212931632136
    """
one_minus_cl.__doc__ = """1 - CL = P[X <= errors], computed directly (never as 1 minus a
    rounded CL): the consumer's risk of a passing test (``one_minus_cl`` of ``bercl cl``);
    `tails` gives both in one pass.

    Parameters
    ----------
    errors : int or array_like
        Errors seen: whole numbers from 0 to 2**53.
    bits : float or str or array_like
        Bits tested, > 0 (``"3T"`` = 3e12 as --bits takes it). An integer
        counter above 2**53 (int, int64, uint64) is read as the nearest
        double, as the command reads its digits.
    ber : float or array_like
        The specified BER, 0 < ber < 1.{UNITS}

    Returns
    -------
    float or ndarray or Series
        1 - CL (0.0 below the double range: `log10_one_minus_cl` keeps it).
{RAISES}

    Examples
    --------
    >>> one_minus_cl(0, 3e12, 1e-12)
    0.049787068367863944
    >>> one_minus_cl(0, 1e15, 1e-12)  # CL rounds to 1.0; its complement does not
    0.0
    >>> one_minus_cl(0, 4e13, 1e-12)
    4.248354255291593e-18
    """
tails.__doc__ = """Both tails in one pass: ``Tails(cl, one_minus_cl)``, each elementwise,
    at the cost of one (the fast form for arrays).

    Parameters
    ----------
    errors : int or array_like
        Errors seen: whole numbers from 0 to 2**53.
    bits : float or str or array_like
        Bits tested, > 0 (``"3T"`` = 3e12 as --bits takes it). An integer
        counter above 2**53 (int, int64, uint64) is read as the nearest
        double, as the command reads its digits.
    ber : float or array_like
        The specified BER, 0 < ber < 1.{UNITS}

    Returns
    -------
    Tails(cl, one_minus_cl)
        Each a float, an ndarray or a Series.
{RAISES}

    Examples
    --------
    >>> t = tails(0, 3e12, 1e-12)
    >>> t.cl, t.one_minus_cl
    (0.950212931632136, 0.049787068367863944)
    """
log10_one_minus_cl.__doc__ = """log10(1 - CL): the double-double logarithm of the tail
    over ln 10, rounded once (bercl_lnprob_log10), finite where 1 - CL is
    below the double range (``log10_one_minus_cl`` of ``bercl cl``).

    Parameters
    ----------
    errors : int or array_like
        Errors seen: whole numbers from 0 to 2**53.
    bits : float or str or array_like
        Bits tested, > 0 (``"3T"`` = 3e12 as --bits takes it). An integer
        counter above 2**53 (int, int64, uint64) is read as the nearest
        double, as the command reads its digits.
    ber : float or array_like
        The specified BER, 0 < ber < 1.{UNITS}

    Returns
    -------
    float or ndarray or Series
        log10(1 - CL).
{RAISES}

    Examples
    --------
    >>> log10_one_minus_cl(0, 3e12, 1e-12)
    -1.3028834457097556
    >>> log10_one_minus_cl(0, 1e15, 1e-12)
    -434.29448190325184
    """


def _target_call(func, on_error, model):
    return _Call(func, on_error), _model(model)


def min_bits(errors, ber, cl, *, model="poisson", on_error="raise"):
    """The fewest whole bits a test must run, allowing `errors` errors, to
    claim BER < `ber` at confidence `cl` (``bits`` of ``bercl bits``).

    Parameters
    ----------
    errors : int or array_like
        Errors allowed: whole numbers from 0 to 2**53.
    ber : float or array_like
        The specified BER, 0 < ber < 1.
    cl : float or str or array_like
        The target confidence level, 0 < cl < 1, or a string as --cl takes
        it (``"95%"``, ``"0.99999999999999999999"``): the complement is
        taken from the decimal digits. A float is read as its shortest
        decimal, as if typed: a float32 or float16 ``0.95`` is 0.95 (the
        decimal numpy prints), not the 0.949999988... it holds.
    model : {"poisson", "binomial"}
    on_error : {"raise", "nan"}

    Returns
    -------
    int or ndarray or Series
        Bits: a Python int for scalars; an int64 array (float64 where a value
        is 2**63 or more, or with ``on_error="nan"``). The CL these bits
        reach, as doubles, is at least the target, as the command makes sure.
{RAISES}

    Examples
    --------
    >>> min_bits(0, 1e-12, "95%")
    2995732273554
    >>> min_bits([0, 1, 2], 1e-12, 0.95)
    array([2995732273554, 4743864518391, 6295793621872])
    """
    call, b = _target_call("min_bits", on_error, model)
    e = call.number("errors", errors, parse_count)
    p = call.number("ber", ber, parse_real)
    c, c_lo, q, q_lo = call.target("cl", cl, exact=True)
    k = _kernel("min_bits_only", b)
    res = getattr(_core, k)(e, p, c, c_lo, q, q_lo)
    call.check(k, ("errors", "ber", "cl", "", "", ""), (e, p, c, c_lo, q, q_lo), res)
    return call.out(res, integer=True)


def min_time(errors, ber, cl, *, rate=None, lanes=None, baud=None, bits_per_symbol=None,
             model="poisson", on_error="raise"):
    """The shortest test time in seconds: min_bits / (rate * lanes) (``time_s`` of
    ``bercl bits --rate``). People should round it up.

    Parameters
    ----------
    errors, ber, cl, model, on_error
        As `min_bits` takes them.
    rate : float or str or array_like
        Line rate in bit/s (``"25.78125G"``), or baud and bits_per_symbol.
    lanes : int or array_like, optional
        Lanes tested side by side (default 1).

    Returns
    -------
    float or ndarray or Series
        Seconds.

    Raises
    ------
    DomainError
        As `min_bits`, or no rate.

    Examples
    --------
    >>> min_time(0, 1e-12, "95%", rate="10G")
    299.5732273554
    """
    call, b = _target_call("min_time", on_error, model)
    r = _rate(call, rate, baud, bits_per_symbol)
    if r is None:
        raise DomainError("min_time: needs rate (or baud)")
    n_lanes = 1.0
    if lanes is not None:
        n_lanes = call.number("lanes", lanes, parse_count)
        _whole_at_least_one(call, "lanes", n_lanes)
    e = call.number("errors", errors, parse_count)
    p = call.number("ber", ber, parse_real)
    c, c_lo, q, q_lo = call.target("cl", cl, exact=True)
    k = _kernel("min_bits_only", b)
    res = getattr(_core, k)(e, p, c, c_lo, q, q_lo)
    call.check(k, ("errors", "ber", "cl", "", "", ""), (e, p, c, c_lo, q, q_lo), res)
    return call.out(res / (r * n_lanes))


def max_errors(bits=None, ber=None, cl=None, *, time=None, rate=None, lanes=None, baud=None,
               bits_per_symbol=None, model="poisson", on_error="raise"):
    """The most errors a test of `bits` bits may show and still reach `cl`
    (``errors`` of ``bercl errors``): cl(E) >= cl > cl(E + 1), judged on the
    doubles as the command judges them.

    Parameters
    ----------
    bits : float or str or array_like
        Bits tested (or time and rate, as `cl` takes them).
    ber : float or array_like
        The specified BER, 0 < ber < 1.
    cl : float or str or array_like
        The target confidence level (as `min_bits` takes it).{UNITS}

    Returns
    -------
    int or None, or ndarray or Series of float64
        The errors allowed: for scalars an int, or None where even 0 errors
        miss the target (the command's empty cell); for arrays float64, whole
        numbers, NaN there.
{RAISES}

    Examples
    --------
    >>> max_errors(1e13, 1e-12, "95%")
    4
    >>> print(max_errors(1e12, 1e-12, "95%"))
    None
    """
    call, b = _target_call("max_errors", on_error, model)
    n, bits_name = _bits(call, bits, time, rate, lanes, baud, bits_per_symbol)
    if ber is None or cl is None:
        raise DomainError("max_errors: needs ber and cl")
    p = call.number("ber", ber, parse_real)
    c, q = call.target("cl", cl)
    k = _kernel("max_errors", b)
    res = getattr(_core, k)(n, p, c, q)
    call.check(k, (bits_name, "ber", "cl", ""), (n, p, c, q), res)
    e = res[0]
    if call.scalar and np.ndim(e) == 0:
        return None if e < 0 else int(e)
    return call.out(np.where(e < 0, np.nan, e))


def _bound(func, kernel, errors, bits, cl, time, rate, lanes, baud, bits_per_symbol, model,
           on_error):
    call, b = _target_call(func, on_error, model)
    e = call.number("errors", errors, parse_count)
    n, bits_name = _bits(call, bits, time, rate, lanes, baud, bits_per_symbol)
    if cl is None:
        raise DomainError("%s: needs cl (the confidence level of the bound)" % func)
    c, q = call.target("cl", cl)
    k = _kernel(kernel, b)
    res = getattr(_core, k)(e, n, c, q)
    call.check(k, ("errors", bits_name, "cl", ""), (e, n, c, q), res)
    return call, res


def ber_upper(errors, bits=None, cl=None, *, time=None, rate=None, lanes=None, baud=None,
              bits_per_symbol=None, model="poisson", on_error="raise"):
    """The one-sided upper bound on the BER at confidence `cl` after `errors`
    errors in `bits` bits (``ber_upper`` of ``bercl ber``): Poisson
    P^-1(cl; E+1) / bits, binomial Clopper-Pearson.

    Parameters
    ----------
    errors : int or array_like
        Errors seen, whole, 0 to 2**53.
    bits : float or str or array_like
        Bits tested (or time and rate).
    cl : float or str or array_like
        Confidence level of the bound (as `min_bits` takes it).{UNITS}

    Returns
    -------
    float or ndarray or Series
{RAISES}

    Examples
    --------
    >>> ber_upper(0, 3e12, "95%")
    9.98577424517997e-13
    """
    call, res = _bound("ber_upper", "ber_upper", errors, bits, cl, time, rate, lanes, baud,
                       bits_per_symbol, model, on_error)
    return call.out(res)


def ber_interval(errors, bits=None, cl=None, *, time=None, rate=None, lanes=None, baud=None,
                 bits_per_symbol=None, model="poisson", on_error="raise"):
    """The two-sided interval on the BER at confidence `cl` (``bercl ber
    --two-sided``): Poisson the exact Garwood interval, binomial
    Clopper-Pearson; lower is 0 for 0 errors.

    Parameters
    ----------
    errors, bits, cl, time, rate, lanes, baud, bits_per_symbol, model, on_error
        As `ber_upper` takes them.

    Returns
    -------
    BerInterval(lower, upper)
        Each a float, an ndarray or a Series.

    Examples
    --------
    >>> ber_interval(2, 3e12, "95%")
    BerInterval(lower=8.073642618132164e-14, upper=2.4082292225746536e-12)
    """
    call, res = _bound("ber_interval", "ber_interval", errors, bits, cl, time, rate, lanes,
                       baud, bits_per_symbol, model, on_error)
    return BerInterval(call.out(res[0]), call.out(res[1]))


def ber_lower(errors, bits=None, cl=None, *, time=None, rate=None, lanes=None, baud=None,
              bits_per_symbol=None, model="poisson", on_error="raise"):
    """The lower end of the two-sided interval (`ber_interval`), ``ber_lower``
    of ``bercl ber --two-sided``.

    Parameters
    ----------
    errors, bits, cl, time, rate, lanes, baud, bits_per_symbol, model, on_error
        As `ber_upper` takes them.

    Returns
    -------
    float or ndarray or Series
        0 for 0 errors.

    Examples
    --------
    >>> ber_lower(2, 3e12, "95%")
    8.073642618132164e-14
    """
    call, res = _bound("ber_lower", "ber_interval", errors, bits, cl, time, rate, lanes, baud,
                       bits_per_symbol, model, on_error)
    return call.out(res[0])


# ---- FEC ----

_CODES = {"kp4": (544, 514, 10), "kr4": (528, 514, 10)}


def fec_code(code):
    """(n, k, m, t) of a Reed-Solomon code as --code names it.

    Parameters
    ----------
    code : str or tuple
        ``"kp4"`` (RS(544,514)), ``"kr4"`` (RS(528,514)), ``"rs:N,K"`` or
        ``"rs:N,K,M"`` (M bits per symbol, default 10), or a tuple (n, k[, m]).

    Returns
    -------
    (int, int, int, int)
        n, k, m and t = floor((n - k) / 2), the symbols corrected per codeword.

    Raises
    ------
    DomainError
        An unknown name, or not 1 <= m <= 16 and 1 <= k < n <= 2**m + 1.

    Examples
    --------
    >>> fec_code("kp4")
    (544, 514, 10, 15)
    """
    if isinstance(code, str):
        text = code.strip().lower()
        if text in _CODES:
            nkm = _CODES[text]
        elif text.startswith("rs:"):
            try:
                nkm = tuple(int(x) for x in text[3:].split(","))
            except ValueError:
                raise DomainError("code %r: expected rs:N,K or rs:N,K,M" % (code,)) from None
        else:
            raise DomainError("code %r: unknown (kp4, kr4, or rs:N,K[,M])" % (code,))
    else:
        nkm = tuple(operator.index(x) for x in code)
    if len(nkm) == 2:
        nkm = nkm + (10,)
    if len(nkm) != 3 or not all(-2 ** 31 <= x < 2 ** 31 for x in nkm):
        raise DomainError("code %r: expected whole n, k[, m]" % (code,))
    try:
        return _core.rs_code(*nkm)
    except DomainError:
        raise DomainError("code %r: needs 1 <= m <= 16 and 1 <= k < n <= 2^m + 1"
                          % (code,)) from None


def _fec(func, code, ber, on_error, ser=None):
    n, k, m, _ = fec_code(code)
    call = _Call(func, on_error)
    if ser is not None:
        if ber is not None:
            raise DomainError("%s: give ber or ser, not both" % func)
        s = call.number("ser", ser, parse_real)
        _bad(call, "ser", s, ~((s > 0) & (s < 1)), "must be between 0 and 1, exclusive")
        # the pre-FEC BER of the SER, 1 - (1 - ser)^(1/m), and the cer from the SER
        both = np.array([_core.fec_cer_from_ser(n, k, m, float(v)) if 0 < v < 1
                         else (np.nan, np.nan) for v in np.ravel(s)]).reshape(np.shape(s) + (2,))
        p, cer = both[..., 0], both[..., 1]
        _bad(call, "ser", s, ~((p >= 1e-300) & (p <= 0.5)),
             "must give a pre-FEC BER in [1e-300, 0.5]")
    else:
        p = call.number("ber", ber, parse_real)
    res = _core.fec_rates(n, k, m, p)
    call.check("fec_rates", ("code", "", "", "ber"), (np.float64(n), np.float64(k), np.float64(m), p),
               res)
    if ser is not None:
        # at a given SER, ser and cer exactly from it
        res = (np.where(np.isnan(res[0]), np.nan, s), np.where(np.isnan(res[1]), np.nan, cer),
               res[2])
    return call, res


def fec_rates(code, ber=None, *, ser=None, on_error="raise"):
    """ser, cer and post_fec_ber at pre-FEC BER `ber` with independent bit
    errors (``bercl fec --code C --ber P``), or at a symbol error ratio
    (``--ser S``: the BER 1 - (1 - ser)^(1/m) for post_fec_ber, ser and cer
    exactly from the SER).

    Parameters
    ----------
    code : str or tuple
        As `fec_code` takes it.
    ber : float or array_like
        Pre-FEC BER in [1e-300, 0.5].
    ser : float or array_like, optional
        In place of ber, the symbol error ratio, 0 < ser < 1 (elementwise,
        the cer a loop over bercl_fec_cer_from_ser).
    on_error : {"raise", "nan"}

    Returns
    -------
    FecRates(ser, cer, post_fec_ber)
        Each a float, an ndarray or a Series; cer and post_fec_ber are 0.0
        below the double range (the command prints them from their logarithm).

    Examples
    --------
    >>> fec_rates("kp4", 1e-4).ser
    0.0009995501199790025
    >>> fec_rates("kp4", ser=1e-4).cer
    2.1412060971147983e-34
    """
    call, res = _fec("fec_rates", code, ber, on_error, ser)
    return FecRates(*(call.out(r) for r in res))


def fec_cer(code, ber, *, on_error="raise"):
    """The codeword error ratio after FEC, P[Binomial(n, ser) > t] (``cer``
    of ``bercl fec --ber``).

    Parameters
    ----------
    code, ber, on_error
        As `fec_rates` takes them.

    Returns
    -------
    float or ndarray or Series
        0.0 below the double range.

    Examples
    --------
    >>> fec_cer("kp4", 1e-4)
    1.3598110647644306e-18
    """
    call, res = _fec("fec_cer", code, ber, on_error)
    return call.out(res[1])


def fec_post_ber(code, ber, *, on_error="raise"):
    """The post-FEC BER (``post_fec_ber`` of ``bercl fec --ber``).

    Parameters
    ----------
    code, ber, on_error
        As `fec_rates` takes them.

    Returns
    -------
    float or ndarray or Series
        0.0 below the double range.

    Examples
    --------
    >>> fec_post_ber("kp4", 1e-4)
    4.0092348999254104e-21
    """
    call, res = _fec("fec_post_ber", code, ber, on_error)
    return call.out(res[2])


def fec_ber_max(code, cer, *, on_error="raise"):
    """The largest pre-FEC BER whose codeword error ratio is at most `cer`
    (``ber_max`` of ``bercl fec --cer``).

    Parameters
    ----------
    code : str or tuple
        As `fec_code` takes it.
    cer : float or str or array_like
        Target codeword error ratio, 0 < cer < 1.
    on_error : {"raise", "nan"}

    Returns
    -------
    float or ndarray or Series

    Raises
    ------
    LimitError
        No pre-FEC BER in [1e-300, 0.5] has this cer.

    Examples
    --------
    >>> fec_ber_max("kp4", 1e-12)
    0.00024334014645766326
    """
    n, k, m, _ = fec_code(code)
    call = _Call("fec_ber_max", on_error)
    c, q = call.target("cer", cer)
    res = _core.fec_ber_max(n, k, m, c, q)
    call.check("fec_ber_max", ("code", "", "", "cer", ""),
               (np.float64(n), np.float64(k), np.float64(m), c, q), res)
    return call.out(res)


for _f in (cl, one_minus_cl, tails, log10_one_minus_cl, min_bits, max_errors, ber_upper):
    _f.__doc__ = _f.__doc__.replace("{UNITS}", _UNITS_DOC).replace("{RAISES}", _RAISES_DOC)

_core.set_num_threads(_default_threads())

from ._more import (ClusteredBer, ClusteredCl, FecDegrade, FecHistogram,  # noqa: E402
                    FecReport, Intervals, Watch, ber_upper_clustered, cl_clustered,
                    fec_codeword_bounds, fec_degrade, fec_histogram, fec_histograms,
                    fec_test_bounds, intervals, lanes_cl, min_bits_all_lanes, plan,
                    read_fec_histograms, read_intervals, simulate)
