# SPDX-License-Identifier: GPL-3.0-or-later
"""bercl: confidence levels for bit-error-ratio tests (Python binding of libbercl).

A module on the standard library alone: ctypes over libbercl.so, so every
answer has the library's digits (the same as the bercl command's).

    >>> import bercl
    >>> bercl.tails(0, 3e12, 1e-12).cl          # 0 errors in 3e12 bits, BER 1e-12
    0.950212931632136
    >>> bercl.min_bits(0, 1e-12, 0.95)          # bits for 95 %, no errors allowed
    2995732273554.0

Models: "poisson" (default) or "binomial". A confidence level may be given as
a float or as a decimal string ("0.95", "95%"); its complement 1 - CL is taken
from the decimal digits exactly, as the command does, so cl="0.99999999999999999999"
means 1 - CL = 1e-20. Errors are reported as exceptions:
DomainError (an argument outside the domain; also a ValueError), LimitError
(beyond a documented limit of the method) and ConvergenceError (an internal
numerical failure), all subclasses of BerclError.

The library is found through the BERCL_LIBRARY environment variable (a path),
else beside the installed module (PREFIX/lib/libbercl.so.0), else on the
loader's path.
"""
import ctypes
import ctypes.util
import os
from collections import namedtuple
from decimal import Decimal, InvalidOperation

__all__ = ["tails", "poisson_tails", "binomial_tails", "min_bits", "ber_upper",
           "ber_interval", "poisson_lambda_for_cl", "version", "Tails",
           "BerclError", "DomainError", "LimitError", "ConvergenceError"]


class BerclError(Exception):
    """A status other than BERCL_OK from libbercl."""


class DomainError(BerclError, ValueError):
    """BERCL_EDOM: an argument outside the mathematical domain."""


class LimitError(BerclError):
    """BERCL_ELIMIT: inside the domain, beyond a documented limit of the method."""


class ConvergenceError(BerclError, ArithmeticError):
    """BERCL_ENOCONV: a numerical method did not converge (a bug: report it)."""


_ERRORS = {1: DomainError, 2: LimitError, 3: ConvergenceError}
_MODELS = {"poisson": 0, "binomial": 1}


class _LnProb(ctypes.Structure):
    _fields_ = [("hi", ctypes.c_double), ("lo", ctypes.c_double)]


class _Tails(ctypes.Structure):
    _fields_ = [("cl", ctypes.c_double), ("one_minus_cl", ctypes.c_double),
                ("ln_cl", _LnProb), ("ln_one_minus_cl", _LnProb)]


Tails = namedtuple("Tails", "cl one_minus_cl ln_cl ln_one_minus_cl")
Tails.__doc__ = """Both tails of a test: cl = P[X > E], one_minus_cl = P[X <= E],
and their natural logarithms (exact even where the value underflows to 0.0)."""


def _load():
    path = os.environ.get("BERCL_LIBRARY")
    if path:
        return ctypes.CDLL(path)
    # installed by make install: PREFIX/lib/python3/dist-packages/bercl.py
    # beside PREFIX/lib/libbercl.so.0
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                        "libbercl.so.0")
    for candidate in (here, "libbercl.so.0", ctypes.util.find_library("bercl")):
        if not candidate or (candidate is here and not os.path.exists(here)):
            continue
        try:
            return ctypes.CDLL(candidate)
        except OSError:
            pass
    raise OSError("libbercl.so.0 not found: set BERCL_LIBRARY or LD_LIBRARY_PATH")


_lib = _load()
_D = ctypes.c_double
_PD = ctypes.POINTER(ctypes.c_double)
for _name, _args in {
        "bercl_cl": [ctypes.c_int, _D, _D, _D, ctypes.POINTER(_Tails)],
        "bercl_poisson_tails": [_D, _D, _D, ctypes.POINTER(_Tails)],
        "bercl_binomial_tails": [_D, _D, _D, ctypes.POINTER(_Tails)],
        "bercl_min_bits": [ctypes.c_int, _D, _D, _D, _D, _PD, ctypes.POINTER(_Tails)],
        "bercl_ber_upper": [ctypes.c_int, _D, _D, _D, _D, _PD],
        "bercl_ber_interval": [ctypes.c_int, _D, _D, _D, _D, _PD, _PD],
        "bercl_poisson_lambda_for_cl": [_D, _D, _D, _PD]}.items():
    getattr(_lib, _name).argtypes = _args
    getattr(_lib, _name).restype = ctypes.c_int
_lib.bercl_strerror.argtypes = [ctypes.c_int]
_lib.bercl_strerror.restype = ctypes.c_char_p
_lib.bercl_version_string.restype = ctypes.c_char_p


def _check(status, what):
    if status != 0:
        cls = _ERRORS.get(status, BerclError)
        raise cls("%s: %s" % (what, _lib.bercl_strerror(status).decode()))


def _model(model):
    try:
        return _MODELS[model]
    except KeyError:
        raise DomainError("model must be 'poisson' or 'binomial', not %r" % (model,)) from None


def _target(cl, one_minus_cl):
    """(cl, 1 - cl) as doubles, the complement taken from cl's decimal digits."""
    if one_minus_cl is not None:
        return float(cl), float(one_minus_cl)
    text = cl.strip() if isinstance(cl, str) else repr(float(cl))
    scale = Decimal(1)
    if text.endswith("%"):
        text, scale = text[:-1].strip(), Decimal(100)
    try:
        d = Decimal(text) / scale
    except InvalidOperation:
        raise DomainError("confidence level %r is not a number" % (cl,)) from None
    if not d.is_finite() or not 0 < d < 1:
        raise DomainError("confidence level %r is not in (0, 1)" % (cl,))
    return float(d), float(1 - d)


def _num(name, x):
    """x as a double; a Python int must convert exactly (counts up to 2**53)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError("%s must be a number, not %s" % (name, type(x).__name__))
    if isinstance(x, int) and (abs(x) > 2 ** 1023 or int(float(x)) != x):
        raise DomainError("%s = %d is not a number that a double holds exactly" % (name, x))
    return float(x)


def _tails(t):
    return Tails(t.cl, t.one_minus_cl, t.ln_cl.hi + t.ln_cl.lo,
                 t.ln_one_minus_cl.hi + t.ln_one_minus_cl.lo)


def version():
    """The version of the libbercl actually loaded, as a string."""
    return _lib.bercl_version_string().decode()


def poisson_tails(errors, lam):
    """CL = P[X > errors] and 1 - CL for X ~ Poisson(lam)."""
    t = _Tails()
    _check(_lib.bercl_poisson_tails(_num("errors", errors), _num("lam", lam), 0.0,
                                   ctypes.byref(t)), "poisson_tails")
    return _tails(t)


def binomial_tails(errors, bits, ber):
    """CL = P[X > errors] and 1 - CL for X ~ Binomial(bits, ber)."""
    t = _Tails()
    _check(_lib.bercl_binomial_tails(_num("errors", errors), _num("bits", bits), _num("ber", ber),
                                    ctypes.byref(t)), "binomial_tails")
    return _tails(t)


def tails(errors, bits, ber, model="poisson"):
    """The confidence that BER < ber after `errors` errors in `bits` bits (Tails);
    for the Poisson model, lambda = bits * ber is taken exactly."""
    t = _Tails()
    _check(_lib.bercl_cl(_model(model), _num("errors", errors), _num("bits", bits), _num("ber", ber),
                         ctypes.byref(t)), "tails")
    return _tails(t)


def min_bits(errors, ber, cl, one_minus_cl=None, model="poisson"):
    """The smallest whole number of bits that reaches confidence cl, allowing
    `errors` errors, when the BER is `ber` (a float: whole up to 2**53)."""
    c, q = _target(cl, one_minus_cl)
    n = ctypes.c_double()
    _check(_lib.bercl_min_bits(_model(model), _num("errors", errors), _num("ber", ber), c, q,
                               ctypes.byref(n), None),
           "min_bits")
    return n.value


def ber_upper(errors, bits, cl, one_minus_cl=None, model="poisson"):
    """The one-sided upper bound on the BER at confidence cl."""
    c, q = _target(cl, one_minus_cl)
    u = ctypes.c_double()
    _check(_lib.bercl_ber_upper(_model(model), _num("errors", errors), _num("bits", bits), c, q,
                                ctypes.byref(u)),
           "ber_upper")
    return u.value


def ber_interval(errors, bits, cl, one_minus_cl=None, model="poisson"):
    """The two-sided interval (lower, upper) on the BER at confidence cl."""
    c, q = _target(cl, one_minus_cl)
    lo, hi = ctypes.c_double(), ctypes.c_double()
    _check(_lib.bercl_ber_interval(_model(model), _num("errors", errors), _num("bits", bits), c, q,
                                   ctypes.byref(lo), ctypes.byref(hi)), "ber_interval")
    return lo.value, hi.value


def poisson_lambda_for_cl(errors, cl, one_minus_cl=None):
    """The Poisson mean at which P[X > errors] reaches cl (P^-1(cl; errors + 1))."""
    c, q = _target(cl, one_minus_cl)
    lam = ctypes.c_double()
    _check(_lib.bercl_poisson_lambda_for_cl(_num("errors", errors), c, q, ctypes.byref(lam)),
           "poisson_lambda_for_cl")
    return lam.value


if __name__ == "__main__":
    import doctest
    doctest.testmod()
