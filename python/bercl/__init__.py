# SPDX-License-Identifier: GPL-3.0-or-later
"""bercl: confidence levels for bit-error-ratio tests, for numpy and pandas.

The answers of the ``bercl`` command for Python: every value is the double
that ``bercl ... -f csv`` prints, made by the same engine (engine/, compiled
into this package's extension; nothing is loaded at run time).

Elementwise: `cl`, `one_minus_cl`, `tails`, `log10_one_minus_cl`,
`min_bits`, `min_time`, `max_errors`, `ber_upper`, `ber_lower`,
`ber_interval`, `fec_cer`, `fec_post_ber`, `fec_rates`, `fec_ber_max`. Each
calls a numpy ufunc of `bercl.ufunc` (``cl_poisson``, ``min_bits_binomial``,
...), so they broadcast like scipy.special, release the GIL, take ``out=``
and ``where=``, and keep what came in: a pandas Series gives a Series with
its index, an xarray DataArray keeps its coordinates, a dask array gives a
lazy dask array (checked as it is computed). Not elementwise: `plan`,
`simulate`, `lanes_cl`, `min_bits_all_lanes`, `fec_histogram`,
`fec_test_bounds`, `fec_codeword_bounds`, `Watch`, and the command's parsers
`parse_quantity`, `parse_time`, `parse_rate`, `parse_cl`.

Models: ``model="poisson"`` (default) or ``"binomial"``. Confidence levels
are floats or strings (``"95%"``, ``"0.99999999999999999999"``); the
complement 1 - CL is taken from the decimal digits, exactly, as the command
does, so a target of 1 - 1e-20 is not rounded to 1.

Errors. With ``on_error="raise"`` (the default) an element outside the
domain raises `DomainError` (a ValueError) with the command's message, naming
the argument, the element (its pandas label, or its N-d index) and the
reason; `LimitError` beyond a documented limit of the method;
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
import math
import operator
import re

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
           "ClusteredCl", "ClusteredBer", "AllLanesBits", "eye", "Eye", "eye_plan", "EyePlan",
           "__version__"]


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
    """The model's name to the extension's flag (the engine checked the name: _check)."""
    return model == "binomial"


def _on_error(func, on_error):
    """Python's own keyword (the command has no such flag: it refuses)."""
    if on_error not in ("raise", "nan"):
        raise ValueError("%s: on_error must be 'raise' or 'nan', not %r" % (func, on_error))
    return on_error == "raise"


def _caller_level():
    """The stacklevel of the first frame outside this package: a warning
    names the caller's line, however deep in bercl it was raised."""
    import sys
    f, level = sys._getframe(1), 1
    while f is not None and f.f_globals.get("__name__", "").split(".")[0] == "bercl":
        f, level = f.f_back, level + 1
    return level


def _lazy(x):
    """A dask array or an xarray object: handed to the ufunc as it is, so that
    numpy's __array_ufunc__ protocol keeps it lazy, or keeps its coordinates."""
    return type(x).__module__.split(".")[0] in ("dask", "xarray")


class _Call:
    """One elementwise call: its inputs converted for the ufuncs, the first
    Series' index, whether any input is lazy (dask, xarray)."""

    def __init__(self, func, on_error):
        self.func = func
        self.raise_ = _on_error(func, on_error)
        self.index = None
        self.series_name = None
        self.scalar = True
        self.lazy = False
        self.origin = None

    def _note(self, name, x):
        if _is_series(x):
            if self.index is None:
                self.index = x.index
            elif not x.index.equals(self.index):
                raise ValueError("%s: %s is a Series with another index than the first Series "
                                 "argument" % (self.func, name))
            return x.to_numpy()
        return x

    def _lazy_number(self, name, x):
        self.lazy = True
        self.scalar = False
        kind = getattr(x, "dtype", np.dtype("O")).kind
        if kind == "b" or kind not in "iuf":
            raise TypeError("%s: %s must be numbers, not %s" % (self.func, name,
                                                               getattr(x, "dtype", type(x))))
        return x

    def number(self, name, x, parse=None):
        """x as a float64 array (0-d for a scalar); strings through parse; a
        dask or xarray input as it is."""
        x = self._note(name, x)
        if _lazy(x):
            return self._lazy_number(name, x)
        if x is None:
            raise TypeError("%s: %s must be a number, not None" % (self.func, name))
        if isinstance(x, str):
            if parse is None:
                raise TypeError("%s: %s must be a number, not str" % (self.func, name))
            return np.float64(parse(x, self._what(name)))
        if isinstance(x, (bool, np.bool_)):
            raise TypeError("%s: %s must be a number, not bool" % (self.func, name))
        if isinstance(x, (bytes, bytearray, memoryview)):
            raise TypeError("%s: %s must be a number, not %s" % (self.func, name,
                                                               type(x).__name__))
        if isinstance(x, int):
            # a counter above 2^53 (a 400G lane passes it in 6.25 h) is read
            # from its digits as the command reads them: bits as the nearest
            # double, errors refused ("is larger than 2^53"), beyond the
            # doubles refused
            if abs(x) > 2 ** 53:
                return np.float64((parse or parse_real)(str(x), self._what(name)))
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
                try:
                    a = a.astype(np.float64)
                except (TypeError, ValueError, OverflowError):
                    raise TypeError("%s: %s must be numbers" % (self.func, name)) from None
            else:
                return np.array([parse(v, self._what(self._label(name, i, a.shape)))
                                 for i, v in enumerate(a.flat)],
                                dtype=np.float64).reshape(a.shape)
        if a.dtype.kind == "b":
            raise TypeError("%s: %s must be numbers, not bool" % (self.func, name))
        if a.dtype.kind not in "iuf":
            raise TypeError("%s: %s must be numbers, not %s" % (self.func, name, a.dtype))
        f = a.astype(np.float64, copy=False)
        if a.dtype.kind in "iu" and a.dtype.itemsize >= 8 and parse is not None:
            # int64 and uint64 counters above 2^53: read from their digits as
            # the command reads them (bits: the nearest double; errors:
            # refused, "is larger than 2^53")
            big = np.flatnonzero(((a > 2 ** 53) | (a < -2 ** 53)).ravel())
            if big.size:
                f = f.copy()
                for i in big:
                    f.flat[i] = parse(str(a.flat[i]),
                                      self._what(self._label(name, int(i), a.shape)))
        return f

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
                              % (self.func, self._label(name, i, a.shape)))
        out = a.copy()
        out[miss] = np.nan
        return out

    def _what(self, label):
        """An argument (or its element) as a message names it: "FUNC: LABEL"."""
        return "%s: %s" % (self.func, label)

    def _label(self, name, flat, shape):
        """An element's name: the argument and the pandas label, or the N-d index."""
        if not shape:
            return name
        if self.index is not None and len(shape) == 1 and len(self.index) == shape[0]:
            return "%s[%r]" % (name, self.index[flat])
        idx = np.unravel_index(flat, shape)
        if self.origin is not None:  # a block of a dask array: its place in the whole
            idx = tuple(int(i) + o for i, o in zip(idx, self.origin))
        return "%s[%s]" % (name, ", ".join(str(int(i)) for i in idx))

    def level(self, name, x):
        """A confidence level (or CER target) for the ufuncs: (args, exact).
        A float is given as it is (the engine reads its shortest decimal, as
        if typed); a float32 or float16 as the decimal numpy prints for it;
        strings are read here by the engine, their four doubles (value, its
        rest, complement, its rest: `parse_cl_exact`) for the exact ufunc."""
        x = self._note(name, x)
        if _lazy(x):
            self._lazy_number(name, x)
            if x.dtype.kind == "f" and x.dtype.itemsize < 8:
                x = x.astype(str).astype(np.float64)
            return (x,), False
        if isinstance(x, int) and not isinstance(x, bool) and abs(x) > 2 ** 53:
            x = str(x)  # its digits, as typed (a level is read as its decimal)
        if isinstance(x, str):
            return tuple(np.float64(v) for v in parse_cl_exact(x, self._what(name))), True
        a = np.asarray(x)
        if a.ndim:
            self.scalar = False
        if a.dtype.kind in "OU" and any(isinstance(v, str) for v in a.flat):
            seen = {}
            rows = []
            for i, t in enumerate(a.flat):
                key = (type(t), t)
                if key not in seen:
                    if t is None or type(t).__name__ == "NAType":
                        if self.raise_:
                            self._missing(name, a)
                        seen[key] = (np.nan,) * 4
                    else:
                        seen[key] = parse_cl_exact(t if isinstance(t, str) else float(t),
                                                   self._what(self._label(name, i, a.shape)))
                rows.append(seen[key])
            table = np.array(rows, dtype=np.float64).reshape(-1, 4)
            return tuple(table[:, j].reshape(a.shape) for j in range(4)), True
        if a.dtype.kind == "f" and a.dtype.itemsize < 8:
            # a float32 or float16 level is read as the decimal numpy prints
            # for it (0.95, not 0.949999988079071: 238,418 bits fewer at
            # 1e-12), as if typed
            return (a.astype(str).astype(np.float64),), False
        return (self.number(name, x, parse_real),), False

    def check(self, uf, names, inputs, res, where=True):
        """For the first element without an answer, the engine's reason
        (explain()): raised with on_error="raise", else the NaNs counted in
        one RuntimeWarning. A lazy result is checked as it is computed."""
        outs = res if isinstance(res, tuple) else (res,)
        if self.lazy:
            return res if not self.raise_ else self._lazy_check(uf, names, inputs, res,
                                                                where)
        first = np.asarray(outs[0])
        bad = np.isnan(first)
        if where is not True:
            bad &= np.broadcast_to(np.asarray(where, dtype=bool), first.shape)
        if not bad.any():
            return res
        shape = first.shape
        cols = tuple(np.broadcast_to(np.asarray(a, dtype=np.float64), shape)[bad]
                     for a in inputs)
        why = _core.explain(uf.__name__, names, cols)
        if not self.raise_:
            # on_error="nan": one warning that counts them, so that a NaN
            # column is never silent
            n = int(np.count_nonzero(bad)) if why is not None else 0
            if n:
                import warnings
                warnings.warn("%s: %d of %d results are NaN (on_error=\"nan\": an argument "
                              "outside the domain or missing)" % (self.func, n, first.size),
                              RuntimeWarning, stacklevel=_caller_level())
            return res
        if why is None:
            return res  # max_errors' NaN where even 0 errors miss: an answer
        i, arg, cls, msg = why
        flat = int(np.flatnonzero(bad.ravel())[i])
        if arg >= 0:  # again, with the element's label
            one = tuple(np.array([c[i]]) for c in cols)
            labelled = tuple(self._label(n, flat, shape) if k == arg else n
                             for k, n in enumerate(names))
            msg = _core.explain(uf.__name__, labelled, one)[3]
        elif shape:
            msg = "element %s: %s" % (self._label("", flat, shape).lstrip(), msg)
        raise _STATUS[cls]("%s: %s" % (self.func, msg))

    def _lazy_check(self, uf, names, inputs, res, where):
        """A dask result (or a DataArray over one) that raises as it is
        computed, naming the element by its N-d index in the whole array."""
        import dask.array as da
        outs = res if isinstance(res, tuple) else (res,)

        def data(x):
            return getattr(x, "data", x)

        first = data(outs[0])
        if not isinstance(first, da.Array):
            # an xarray object over numpy: checked now
            plain = _Call(self.func, "raise")
            plain.check(uf, names, [np.asarray(data(a)) for a in inputs],
                        np.asarray(first), where)
            return res
        shape, chunks = first.shape, first.chunks
        ins = [da.broadcast_to(da.asarray(data(a), dtype=np.float64), shape).rechunk(chunks)
               for a in inputs]
        func = self.func

        def block_check(block, *cols, block_info=None):
            if np.isnan(block).any():
                plain = _Call(func, "raise")
                plain.origin = tuple(lo for lo, _ in block_info[0]["array-location"])
                plain.check(uf, names, cols, block)
            return block

        def wrap(o):
            checked = da.map_blocks(block_check, data(o), *ins, dtype=first.dtype)
            return o.copy(data=checked) if hasattr(o, "coords") else checked

        return tuple(wrap(o) for o in outs) if isinstance(res, tuple) else wrap(res)

    def out(self, x, integer=False, given=None):
        """An output as the caller gave the inputs: a Python scalar, an array,
        a Series; a lazy one as the ufunc gave it; out= as given."""
        if given is not None or self.lazy:
            return x
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


def _ufunc(name, binomial, exact=False):
    """The ufunc of an answer: bercl.ufunc.NAME_MODEL (or its exact twin)."""
    return getattr(_core, "%s%s_%s" % (name, "_exact" if exact else "",
                                       "binomial" if binomial else "poisson"))


def _apply(call, uf, names, inputs, out=None, where=True):
    """uf(*inputs, out=, where=), the NaNs of numpy inputs quiet (the
    check that follows names them), then checked."""
    kw = {}
    if out is not None:
        kw["out"] = out
    if where is not True:
        kw["where"] = where
    if call.lazy and uf.nout > 1:
        res = _lazy_multi(uf, inputs, kw)
    else:
        with np.errstate(invalid="ignore"):
            res = uf(*inputs, **kw)
    return call.check(uf, names, inputs, res, where)


_TWO53 = 2 ** 53
_ON_ERROR = ("raise", "nan")


def _plain(x):
    """A Python float, or an int a double holds exactly: the scalar path's argument."""
    t = type(x)
    return t is float or (t is int and -_TWO53 <= x <= _TWO53)


def _indices(name):
    return {m: _core.ufunc_index("%s_%s" % (name, m)) for m in _MODELS}


# the scalar path: one element of a ufunc straight to the engine
# (_core.scalar), for plain Python numbers and the default keywords; any
# other call, and an element without an answer (for its message), takes the
# general path
_SCALAR = {name: _indices(name) for name in ("cl", "one_minus_cl", "tails",
                                             "log10_one_minus_cl", "min_bits", "ber_upper")}
_SCALAR["min_bits_exact"] = _indices("min_bits_exact")
_SCALAR["ber_upper_exact"] = _indices("ber_upper_exact")


def _lazy_multi(uf, inputs, kw):
    """A uf of several outputs over dask or xarray inputs (dask's
    __array_ufunc__ takes one output only): as a generalized uf of scalar
    core dimensions, lazily."""
    if kw:
        raise TypeError("out= and where= need numpy arrays, not dask or xarray inputs")
    if any(type(a).__module__.startswith("xarray") for a in inputs):
        import xarray
        return xarray.apply_ufunc(uf, *inputs, dask="parallelized",
                                  output_core_dims=[[]] * uf.nout,
                                  output_dtypes=[np.float64] * uf.nout)
    import dask.array as da
    sig = ",".join(["()"] * uf.nin) + "->" + ",".join(["()"] * uf.nout)
    return tuple(da.apply_gufunc(uf, sig, *inputs, output_dtypes=[np.float64] * uf.nout))


def _as_int64(x):
    x = np.asarray(x)
    if x.size and not np.all(np.abs(x) < 2.0 ** 63):
        return x
    return x.astype(np.int64)


def _rate(call, rate, baud, bits_per_symbol):
    """rate, or baud * bits_per_symbol, as arrays (the command's resolve_rate;
    which of them go together, the engine checked: _check)."""
    if baud is None:
        if rate is None:
            return None
        return _engine_check(call, "rate", "rate", call.number("rate", rate, parse_rate))
    b = _engine_check(call, "baud", "baud", call.number("baud", baud, parse_baud))
    if bits_per_symbol is None:
        return b
    k = call.number("bits_per_symbol", bits_per_symbol, parse_count)
    k = _engine_check(call, "bits-per-symbol", "bits_per_symbol", k)
    # the rate as the command derives it (engine/compute.c compute_line_rate)
    return _apply(call, _core.line_rate, ("baud", "bits_per_symbol"), (b, k))


def _engine_check(call, flag, name, arr):
    """Each distinct value of arr read by the engine as the flag `flag` reads
    its text (its syntax and domain: engine/flags.c), so that a bad rate,
    time or lanes gives the command's message, named by its label."""
    if _lazy(arr):
        return arr  # the ufunc's loop checks what it can as it is computed
    a = np.asarray(arr, dtype=np.float64)
    flat = a.ravel()
    for v in np.unique(flat):
        text = str(int(v)) if np.isfinite(v) and v == np.floor(v) and abs(v) < 2 ** 63 \
            else repr(float(v))
        i = int(np.flatnonzero((flat == v) | (np.isnan(flat) & np.isnan(v)))[0])
        try:
            _core.quantity(flag, text, "%s: %s" % (call.func, call._label(name, i, a.shape)))
        except DomainError:
            if call.raise_:
                raise
            a = np.where(a == v, np.nan, a) if not np.isnan(v) else a
    return a if a.ndim else np.float64(a)


def _bits(call, bits, time, rate, lanes, baud, bits_per_symbol):
    """bits, or rate * time * lanes (the command's derive_bits), as arrays,
    with the name a bad element of them is given; which of them go together,
    the engine checked (_check)."""
    if time is None:
        return call.number("bits", bits, parse_quantity), "bits"
    r = _rate(call, rate, baud, bits_per_symbol)
    n_lanes = 1.0
    if lanes is not None:
        n_lanes = _engine_check(call, "lanes", "lanes", call.number("lanes", lanes, parse_count))
    t = call.number("time", time, parse_time)
    # the command's derivation (engine/element.c EL_TESTED_BITS: its
    # checks, and a product within 4 ulps of a whole number is that number)
    return (_apply(call, _core.tested_bits, ("rate", "time", "lanes"), (r, t, n_lanes)),
            "bits (rate * time * lanes)")


def _said(func, text, names=None):
    """The engine's message or warning as FUNC's: its flags named as Python
    names the arguments ("--bits-per-symbol" is bits_per_symbol; names: a
    flag whose argument has another name, {"histogram": "source"})."""
    names = names or {}
    return "%s: %s" % (func, re.sub(r"--([a-z][a-z-]*)", lambda g: names.get(
        g.group(1), g.group(1).replace("-", "_")), text))


def _check(func, cmd, named, value=None, elementwise=False, names=None):
    """The arguments of FUNC checked as `bercl CMD` checks the flags of those
    names (the engine's invoke_arguments, in the command's order and words):
    named [(flag, value)], a value None not given, True a switch given, an
    array (or any value without a flag's text) given elementwise, its
    elements checked by the ufunc's loop; value: the output column FUNC
    returns (as --value); elementwise: every value checked by the ufunc's
    loop (on_error="nan"); names: a flag whose argument has another name
    ({"degrade-interval": "interval"}). Raises DomainError with the command's message;
    the command's warnings (input ignored) are warned (UserWarning)."""
    pairs = []
    for flag, v in named:
        if v is None or v is False:
            continue
        pairs.append((flag, "1" if v is True else _flag_text(v)))
    why, said = _core.check(cmd, pairs, value, elementwise)
    if said:
        import warnings
        for w in said:
            warnings.warn(_said(func, w, names), UserWarning, stacklevel=_caller_level())
    if why is not None:
        raise DomainError(_said(func, why, names))


def _time_args(time, rate, lanes, baud, bits_per_symbol):
    return [("time", time), ("rate", rate), ("lanes", lanes), ("baud", baud),
            ("bits-per-symbol", bits_per_symbol)]


# ---- a refusal in the command's words --------------------------------
#
# A scalar call that Python refuses is given again to the engine as the
# command's invocation (_core.invoke: each value as its flag's text, a
# number as its shortest decimal), so that its message is the command's
# for the same input, the first bad value or combination in the command's
# order; "--flag" is named as Python names the argument. Arrays keep the
# message that names the element.

def _flag_text(v):
    """A scalar argument as the text of its flag, or None (not a scalar)."""
    if isinstance(v, str):
        return v
    if isinstance(v, (bool, np.bool_)):
        return None
    if isinstance(v, (int, np.integer)):
        # a counter above 2^53 keeps the message that says so
        return str(int(v)) if abs(int(v)) <= 2 ** 53 else None
    if isinstance(v, (float, np.floating)):
        text = repr(float(v))  # the shortest decimal, as the engine names a double
        return text[:-2] if text.endswith(".0") else text
    return None


def _engine_refusal(func, cmd, pairs):
    """The command's message for the invocation pairs [(flag, text)], as
    FUNC's, or None where the command does not refuse it."""
    try:
        status, _cols, _rows, says = _core.invoke(cmd, pairs)
    except (TypeError, ValueError):
        return None
    if status != 2:
        return None
    for m in says:
        if m.startswith("bercl: ") and not m.startswith(("bercl: note: ", "bercl: warning: ")):
            text = m[len("bercl: "):]
            return _said(func, re.sub(r"^row 1 \([^)]*\): ", "", text))
    return None


def _command_words(cmd, flags_of=None, switches=(), extra=()):
    """A decorator: FUNC's DomainError on scalar arguments said as the
    command `bercl CMD` says it (_engine_refusal). flags_of: the argument
    names that are not their flag's name (bits_per_symbol is
    bits-per-symbol unless given here); switches: arguments that are a
    flag without a value when true; extra: pairs the function implies
    (ber_interval: two-sided)."""
    import functools
    import inspect

    def wrap(f):
        sig = inspect.signature(f)

        @functools.wraps(f)
        def call(*args, **kw):
            try:
                return f(*args, **kw)
            except DomainError as e:
                bound = sig.bind_partial(*args, **kw)
                pairs = list(extra)
                c = cmd
                for name, v in bound.arguments.items():
                    if name in ("on_error", "out", "where") or v is None:
                        continue
                    flag = (flags_of or {}).get(name, name.replace("_", "-"))
                    if flag is None:
                        continue
                    if name in switches:
                        if v:
                            pairs.append((flag, "1"))
                        continue
                    text = _flag_text(v)
                    if text is None:
                        raise
                    pairs.append((flag, text))
                msg = _engine_refusal(f.__name__, c, pairs)
                if msg is None or msg == str(e):
                    raise
                raise DomainError(msg) from None
        return call
    return wrap


def _tails(func, errors, bits, ber, time, rate, lanes, baud, bits_per_symbol, model, on_error,
           answer, out=None, where=True):
    call = _Call(func, on_error)
    _check(func, "cl", [("errors", errors), ("bits", bits), ("ber", ber)]
           + _time_args(time, rate, lanes, baud, bits_per_symbol) + [("model", model)],
           elementwise=not call.raise_)
    b = _model(model)
    e = call.number("errors", errors, parse_count)
    n, bits_name = _bits(call, bits, time, rate, lanes, baud, bits_per_symbol)
    p = call.number("ber", ber, parse_real)
    res = _apply(call, _ufunc(answer, b), ("errors", bits_name, "ber"), (e, n, p), out, where)
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
        An element outside the domain (a ValueError), named with its index;
        arguments the command refuses together (bits and time, rate and
        baud, a model it does not know), in the command's words.
    LimitError
        Beyond a documented limit of the method (bercl(3)).
    TypeError
        An argument that is not a number (or a string where one is taken).
    UserWarning
        What the command warns of (an argument it ignores, a likely
        mistake), in its words."""


@_command_words("cl")
def cl(errors, bits=None, ber=None, *, time=None, rate=None, lanes=None, baud=None,
       bits_per_symbol=None, model="poisson", on_error="raise", out=None, where=True):
    if time is rate is lanes is baud is bits_per_symbol is out is None and where is True \
            and _plain(errors) and _plain(bits) and type(ber) is float \
            and on_error in _ON_ERROR:
        i = _SCALAR["cl"].get(model)
        v = None if i is None else _core.scalar(i, errors, bits, ber)
        if v is not None:
            return v
    call, res = _tails("cl", errors, bits, ber, time, rate, lanes, baud, bits_per_symbol,
                       model, on_error, "cl", out, where)
    return call.out(res, given=out)


@_command_words("cl")
def one_minus_cl(errors, bits=None, ber=None, *, time=None, rate=None, lanes=None, baud=None,
                 bits_per_symbol=None, model="poisson", on_error="raise", out=None, where=True):
    if time is rate is lanes is baud is bits_per_symbol is out is None and where is True \
            and _plain(errors) and _plain(bits) and type(ber) is float \
            and on_error in _ON_ERROR:
        i = _SCALAR["one_minus_cl"].get(model)
        v = None if i is None else _core.scalar(i, errors, bits, ber)
        if v is not None:
            return v
    call, res = _tails("one_minus_cl", errors, bits, ber, time, rate, lanes, baud,
                       bits_per_symbol, model, on_error, "one_minus_cl", out, where)
    return call.out(res, given=out)


@_command_words("cl")
def tails(errors, bits=None, ber=None, *, time=None, rate=None, lanes=None, baud=None,
          bits_per_symbol=None, model="poisson", on_error="raise", out=None, where=True):
    if time is rate is lanes is baud is bits_per_symbol is out is None and where is True \
            and _plain(errors) and _plain(bits) and type(ber) is float \
            and on_error in _ON_ERROR:
        i = _SCALAR["tails"].get(model)
        v = None if i is None else _core.scalar(i, errors, bits, ber)
        if v is not None:
            return Tails(*v)
    call, res = _tails("tails", errors, bits, ber, time, rate, lanes, baud, bits_per_symbol,
                       model, on_error, "tails", out, where)
    return Tails(*(call.out(r, given=out) for r in res))


@_command_words("cl")
def log10_one_minus_cl(errors, bits=None, ber=None, *, time=None, rate=None, lanes=None,
                       baud=None, bits_per_symbol=None, model="poisson", on_error="raise",
                       out=None, where=True):
    if time is rate is lanes is baud is bits_per_symbol is out is None and where is True \
            and _plain(errors) and _plain(bits) and type(ber) is float \
            and on_error in _ON_ERROR:
        i = _SCALAR["log10_one_minus_cl"].get(model)
        v = None if i is None else _core.scalar(i, errors, bits, ber)
        if v is not None:
            return v
    call, res = _tails("log10_one_minus_cl", errors, bits, ber, time, rate, lanes, baud,
                       bits_per_symbol, model, on_error, "log10_one_minus_cl", out, where)
    return call.out(res, given=out)


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


def _target_call(func, on_error, model, cmd, named, value=None):
    """FUNC's call: its arguments checked by the engine as `bercl CMD`'s (_check)."""
    call = _Call(func, on_error)
    _check(func, cmd, named + [("model", model)], value, not call.raise_)
    return call, _model(model)


@_command_words("bits")
def min_bits(errors, ber, cl, *, model="poisson", on_error="raise", out=None,
             where=True):
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
    if out is None and where is True and _plain(errors) and type(ber) is float \
            and on_error in _ON_ERROR:
        v = None
        if type(cl) is float:
            i = _SCALAR["min_bits"].get(model)
            v = None if i is None else _core.scalar(i, errors, ber, cl)
        elif type(cl) is str and model in _MODELS:
            v = _core.scalar(_SCALAR["min_bits_exact"][model], errors, ber,
                             *parse_cl_exact(cl, "cl"))
        if v is not None:
            return int(v)
    call, b = _target_call("min_bits", on_error, model, "bits",
                           [("errors", errors), ("ber", ber), ("cl", cl)])
    e = call.number("errors", errors, parse_count)
    p = call.number("ber", ber, parse_real)
    level, exact = call.level("cl", cl)
    res = _apply(call, _ufunc("min_bits", b, exact), ("errors", "ber", "cl"), (e, p) + level,
                 out, where)
    return call.out(res, integer=True, given=out)


@_command_words("bits")
def min_time(errors, ber, cl, *, rate=None, lanes=None, baud=None, bits_per_symbol=None,
             model="poisson", on_error="raise", out=None, where=True):
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
    # time_s: the column of `bercl bits` with a rate (--value time_s)
    call, b = _target_call("min_time", on_error, model, "bits",
                           [("errors", errors), ("ber", ber), ("cl", cl), ("rate", rate),
                            ("lanes", lanes), ("baud", baud),
                            ("bits-per-symbol", bits_per_symbol)], "time_s")
    r = _rate(call, rate, baud, bits_per_symbol)
    n_lanes = 1.0
    if lanes is not None:
        n_lanes = _engine_check(call, "lanes", "lanes", call.number("lanes", lanes, parse_count))
    e = call.number("errors", errors, parse_count)
    p = call.number("ber", ber, parse_real)
    level, exact = call.level("cl", cl)
    res = _apply(call, _ufunc("min_bits", b, exact), ("errors", "ber", "cl"), (e, p) + level,
                 None, where)
    rate_all = r * n_lanes  # the lanes' sum, as the command's rate x lanes
    if call.lazy:  # dask or xarray: each block's time as the engine makes it
        return call.out(_lazy_test_time(call, res, rate_all), given=out)
    res = _test_time(call, res, rate_all, where)
    if out is not None:
        np.copyto(out, res, where=where)
        res = out
    return call.out(res, given=out)


def _lazy_test_time(call, bits, rate):
    """_test_time over a lazy bits array (dask, or xarray over dask), block
    by block as it is computed; an xarray object over numpy now."""
    import dask.array as da
    data, rdata = getattr(bits, "data", bits), getattr(rate, "data", rate)
    if not isinstance(data, da.Array) and not isinstance(rdata, da.Array):
        t = _test_time(call, np.asarray(data), np.asarray(rdata))
        return bits.copy(data=t) if hasattr(bits, "coords") else t
    b, q = (da.asarray(x, dtype=np.float64) for x in (data, rdata))
    b, q = da.broadcast_arrays(b, q)
    q = q.rechunk(b.chunks)
    t = da.map_blocks(lambda x, r: _test_time(call, x, r), b, q, dtype=np.float64)
    return bits.copy(data=t) if hasattr(bits, "coords") and bits.shape == t.shape else t


def _test_time(call, bits, rate, where=True):
    """Each element's test time as the command makes a row's time_s
    (engine/compute.c compute_test_time): a time beyond the doubles refused
    with the command's message (on_error="nan": NaN there), never inf."""
    b, q = np.broadcast_arrays(np.asarray(bits, dtype=np.float64),
                               np.asarray(rate, dtype=np.float64))
    t, i, why = _core.test_time(b.ravel(), q.ravel())
    if why is not None:
        bad = np.isnan(t) & ~np.isnan(b.ravel()) & ~np.isnan(q.ravel())
        if where is not True:
            bad &= np.broadcast_to(np.asarray(where, dtype=bool), b.shape).ravel()
        if bad.any() and call.raise_:
            raise DomainError(_said(call.func, why))
        if bad.any():
            import warnings
            warnings.warn("%s: %d of %d results are NaN (on_error=\"nan\": an argument "
                          "outside the domain or missing)" % (call.func, int(bad.sum()), bad.size),
                          RuntimeWarning, stacklevel=_caller_level())
    return t.reshape(b.shape) if b.shape else np.float64(t[0])


@_command_words("errors")
def max_errors(bits=None, ber=None, cl=None, *, time=None, rate=None, lanes=None, baud=None,
               bits_per_symbol=None, model="poisson", on_error="raise", out=None, where=True):
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
    call, b = _target_call("max_errors", on_error, model, "errors",
                           [("bits", bits), ("ber", ber), ("cl", cl)]
                           + _time_args(time, rate, lanes, baud, bits_per_symbol))
    n, bits_name = _bits(call, bits, time, rate, lanes, baud, bits_per_symbol)
    p = call.number("ber", ber, parse_real)
    level, exact = call.level("cl", cl)
    res = _apply(call, _ufunc("max_errors", b, exact), (bits_name, "ber", "cl"), (n, p) + level,
                 out, where)
    if call.scalar and np.ndim(res) == 0 and out is None:
        return None if math.isnan(res) else int(res)
    return call.out(res, given=out)


def _bound(func, answer, errors, bits, cl, time, rate, lanes, baud, bits_per_symbol, model,
           on_error, out, where):
    call, b = _target_call(func, on_error, model, "ber",
                           [("errors", errors), ("bits", bits), ("cl", cl),
                            ("two-sided", answer != "ber_upper")]
                           + _time_args(time, rate, lanes, baud, bits_per_symbol))
    e = call.number("errors", errors, parse_count)
    n, bits_name = _bits(call, bits, time, rate, lanes, baud, bits_per_symbol)
    level, exact = call.level("cl", cl)
    if exact and answer == "ber_lower":
        answer, pick = "ber_interval", 0
    else:
        pick = None
    if pick is not None:  # the exact twin gives both ends
        res = _apply(call, _ufunc(answer, b, exact), ("errors", bits_name, "cl"),
                     (e, n) + level, None, where)[pick]
        if out is not None:
            np.copyto(out, res, where=where)
            res = out
    else:
        res = _apply(call, _ufunc(answer, b, exact), ("errors", bits_name, "cl"),
                     (e, n) + level, out, where)
    return call, res


@_command_words("ber")
def ber_upper(errors, bits=None, cl=None, *, time=None, rate=None, lanes=None, baud=None,
              bits_per_symbol=None, model="poisson", on_error="raise", out=None, where=True):
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
    if time is rate is lanes is baud is bits_per_symbol is out is None and where is True \
            and _plain(errors) and _plain(bits) and on_error in _ON_ERROR:
        v = None
        if type(cl) is float:
            i = _SCALAR["ber_upper"].get(model)
            v = None if i is None else _core.scalar(i, errors, bits, cl)
        elif type(cl) is str and model in _MODELS:
            v = _core.scalar(_SCALAR["ber_upper_exact"][model], errors, bits,
                             *parse_cl_exact(cl, "cl"))
        if v is not None:
            return v
    call, res = _bound("ber_upper", "ber_upper", errors, bits, cl, time, rate, lanes, baud,
                       bits_per_symbol, model, on_error, out, where)
    return call.out(res, given=out)


@_command_words("ber", extra=(("two-sided", "1"),))
def ber_interval(errors, bits=None, cl=None, *, time=None, rate=None, lanes=None, baud=None,
                 bits_per_symbol=None, model="poisson", on_error="raise", out=None, where=True):
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
    call, res = _bound("ber_interval", "ber_interval", errors, bits, cl, time, rate, lanes, baud,
                       bits_per_symbol, model, on_error, out, where)
    return BerInterval(*(call.out(r, given=out) for r in res))


@_command_words("ber")
def ber_lower(errors, bits=None, cl=None, *, time=None, rate=None, lanes=None, baud=None,
              bits_per_symbol=None, model="poisson", on_error="raise", out=None, where=True):
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
    call, res = _bound("ber_lower", "ber_lower", errors, bits, cl, time, rate, lanes, baud,
                       bits_per_symbol, model, on_error, out, where)
    return call.out(res, given=out)


# ---- FEC ----

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
        return _core.fec_code(code)
    if isinstance(code, (bytes, bytearray)) or not hasattr(code, "__len__"):
        raise TypeError("code must be a name (kp4, kr4, rs:N,K[,M]) or a tuple (n, k[, m]), "
                        "not %s" % type(code).__name__)
    # a tuple as its --code text: the engine's reading and checks
    return _core.fec_code(_code_text(code))


def _code_text(code):
    """A code as --code takes it: a name as it is, a tuple as rs:N,K[,M]."""
    if isinstance(code, str):
        return code
    return "rs:" + ",".join(str(operator.index(x)) for x in code)


def _fec(func, code, ber, on_error, ser=None):
    call = _Call(func, on_error)
    # the command's checks first: a bad code is FUNC's message, as --code's
    _check(func, "fec", [("code", _code_text(code)), ("ber", ber), ("ser", ser)],
           elementwise=not call.raise_)
    n, k, m, _ = fec_code(code)
    nkm = (np.float64(n), np.float64(k), np.float64(m))
    if ser is not None:
        # fec --ser: the SER's pre-FEC BER, cer and post_fec_ber as the command's row has them
        s = call.number("ser", ser, parse_real)
        return call, _apply(call, _core.fec_ser, ("n", "k", "m", "ser"), nkm + (s,))[:3]
    p = call.number("ber", ber, parse_real)
    return call, _apply(call, _core.fec_rates, ("n", "k", "m", "ber"), nkm + (p,))


@_command_words("fec")
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
        as ``bercl fec --ser`` computes it).
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


@_command_words("fec")
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
    _check("fec_ber_max", "fec", [("code", _code_text(code)), ("cer", cer)],
           elementwise=not call.raise_)
    level, exact = call.level("cer", cer)
    res = _apply(call, _core.fec_ber_max_exact if exact else _core.fec_ber_max,
                 ("n", "k", "m", "cer"), (np.float64(n), np.float64(k), np.float64(m)) + level)
    return call.out(res)


_OUT_DOC = """
    out : ndarray (a tuple of them for two results), optional
        Where the result goes, as a ufunc's ``out=``; it is returned.
    where : array_like of bool, optional
        Compute only where True, as a ufunc's ``where=``: elsewhere `out`
        keeps its values (and an element there is not checked).

    Returns"""

for _f in (cl, one_minus_cl, tails, log10_one_minus_cl, min_bits, max_errors, ber_upper):
    _f.__doc__ = _f.__doc__.replace("{UNITS}", _UNITS_DOC).replace("{RAISES}", _RAISES_DOC)
for _f in (cl, one_minus_cl, tails, log10_one_minus_cl, min_bits, min_time, max_errors,
           ber_upper, ber_lower, ber_interval):
    _f.__doc__ = _f.__doc__.replace("\n\n    Returns", _OUT_DOC, 1)

_core.set_num_threads(_default_threads())

from . import ufunc  # noqa: E402,F401  (bercl.ufunc: the ufuncs themselves)
from ._more import (AllLanesBits, ClusteredBer, ClusteredCl, FecDegrade, FecHistogram,  # noqa: E402
                    FecReport, Intervals, Watch, ber_upper_clustered, cl_clustered,
                    fec_codeword_bounds, fec_degrade, fec_histogram, fec_histograms,
                    fec_test_bounds, intervals, lanes_cl, min_bits_all_lanes, plan,
                    read_fec_histograms, read_intervals, simulate)
from ._eye import Eye, EyePlan, eye, eye_plan  # noqa: E402,F401  (bercl eye, engine/eye.c)
