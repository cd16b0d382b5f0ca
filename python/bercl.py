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
           "fec_code", "fec_rates", "fec_cer", "fec_ber_max", "fec_histogram", "FecRates",
           "FecHistogram",
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


class _RsCode(ctypes.Structure):
    _fields_ = [("n", ctypes.c_int), ("k", ctypes.c_int), ("m", ctypes.c_int),
                ("t", ctypes.c_int)]


class _FecRates(ctypes.Structure):
    _fields_ = [("ser", ctypes.c_double), ("cer", ctypes.c_double),
                ("post_fec_ber", ctypes.c_double), ("ln_cer", _LnProb),
                ("ln_one_minus_cer", _LnProb), ("ln_post_fec_ber", _LnProb)]


_FEC_MAX_BINS = 1026  # BERCL_FEC_MAX_BINS


class _FecHistogram(ctypes.Structure):
    _fields_ = [("codewords", ctypes.c_double), ("uncorrectable", ctypes.c_double),
                ("symbol_errors", ctypes.c_double), ("ser_estimate", ctypes.c_double),
                ("ser_upper", ctypes.c_double), ("has_cer_predicted", ctypes.c_int),
                ("cer_predicted", ctypes.c_double), ("ln_cer_predicted", _LnProb),
                ("cer_model_upper", ctypes.c_double), ("ln_cer_model_upper", _LnProb),
                ("cer_count_upper", ctypes.c_double), ("model_contradicted", ctypes.c_int),
                ("cer_upper", ctypes.c_double), ("ln_cer_upper", _LnProb),
                ("gof_df", ctypes.c_int), ("gof_stat", ctypes.c_double),
                ("gof_p", ctypes.c_double), ("ln_gof_p", _LnProb), ("burst", ctypes.c_int),
                ("tail_bins", ctypes.c_int), ("cer_tail", ctypes.c_double),
                ("tail_r2", ctypes.c_double), ("ln_cer_tail", _LnProb),
                ("cer_tail_lower", ctypes.c_double), ("cer_tail_upper", ctypes.c_double),
                ("ln_cer_tail_lower", _LnProb), ("ln_cer_tail_upper", _LnProb),
                ("tail_shape", ctypes.c_double), ("tail_dispersion", ctypes.c_double)]


Tails = namedtuple("Tails", "cl one_minus_cl ln_cl ln_one_minus_cl")
Tails.__doc__ = """Both tails of a test: cl = P[X > E], one_minus_cl = P[X <= E],
and their natural logarithms (exact even where the value underflows to 0.0)."""

FecRates = namedtuple("FecRates", "ser cer post_fec_ber ln_cer ln_one_minus_cer ln_post_fec_ber")
FecRates.__doc__ = """What a pre-FEC BER gives with independent bit errors: the symbol
and codeword error ratios and the post-FEC BER, with the natural logarithms
(cer and post_fec_ber are 0.0 below the double range; their logs are not)."""

FecHistogram = namedtuple(
    "FecHistogram", "codewords uncorrectable symbol_errors ser_estimate ser_upper "
    "cer_predicted cer_model_upper cer_count_upper model_contradicted cer_upper ln_cer_upper "
    "gof_df gof_stat gof_p ln_gof_p burst tail_bins cer_tail tail_r2")
FecHistogram.__doc__ = """The analysis of a FEC symbol-error histogram, as bercl(1)
describes it (FEC HISTOGRAMS); gof_* are None without a test (gof_df 0), and
cer_tail and tail_r2 None without a tail fit."""


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
        "bercl_poisson_lambda_for_cl": [_D, _D, _D, _PD],
        "bercl_rs_code_make": [ctypes.c_int, ctypes.c_int, ctypes.c_int,
                               ctypes.POINTER(_RsCode)],
        "bercl_fec_rates_from_ber": [ctypes.POINTER(_RsCode), _D, ctypes.POINTER(_FecRates)],
        "bercl_fec_ber_max": [ctypes.POINTER(_RsCode), _D, _PD],
        "bercl_fec_histogram": [ctypes.POINTER(_RsCode), _PD, ctypes.c_int, _D, _D,
                                ctypes.POINTER(_FecHistogram)]}.items():
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


_CODES = {"kp4": (544, 514, 10), "kr4": (528, 514, 10)}


def fec_code(code):
    """(n, k, m, t) of a Reed-Solomon code named as --code names it: "kp4"
    (RS(544,514)), "kr4" (RS(528,514)), "rs:N,K" or "rs:N,K,M" (M bits per
    symbol, default 10); or given as a tuple (n, k) or (n, k, m)."""
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
        nkm = tuple(code)
    if len(nkm) == 2:
        nkm = nkm + (10,)
    if len(nkm) != 3 or not all(isinstance(x, int) and not isinstance(x, bool) for x in nkm):
        raise DomainError("code %r: expected whole n, k[, m]" % (code,))
    if not all(-2 ** 31 <= x < 2 ** 31 for x in nkm):
        raise DomainError("code %r: n, k, m out of range" % (code,))
    c = _RsCode()
    _check(_lib.bercl_rs_code_make(nkm[0], nkm[1], nkm[2], ctypes.byref(c)), "fec_code")
    return c.n, c.k, c.m, c.t


def _code(code):
    n, k, m, t = fec_code(code)
    return _RsCode(n, k, m, t)


def _ln(lp):
    return lp.hi + lp.lo


def fec_rates(code, ber):
    """ser, cer and post_fec_ber (FecRates) at pre-FEC BER ber in [1e-300, 1/2],
    with independent bit errors."""
    r = _FecRates()
    _check(_lib.bercl_fec_rates_from_ber(ctypes.byref(_code(code)), _num("ber", ber),
                                         ctypes.byref(r)), "fec_rates")
    return FecRates(r.ser, r.cer, r.post_fec_ber, _ln(r.ln_cer), _ln(r.ln_one_minus_cer),
                    _ln(r.ln_post_fec_ber))


def fec_cer(code, ber):
    """The codeword error ratio after FEC at pre-FEC BER ber (0.0 below the
    double range: fec_rates(code, ber).ln_cer keeps its logarithm)."""
    return fec_rates(code, ber).cer


def fec_ber_max(code, cer):
    """The largest pre-FEC BER whose codeword error ratio is at most cer."""
    b = ctypes.c_double()
    _check(_lib.bercl_fec_ber_max(ctypes.byref(_code(code)), _num("cer", cer), ctypes.byref(b)),
           "fec_ber_max")
    return b.value


def fec_histogram(code, bins, cl="95%", one_minus_cl=None, model="poisson"):
    """Analyse a FEC histogram: bins[i] codewords with i corrected symbols,
    i = 0 .. t, then the uncorrectable ones (t + 2 whole counts)."""
    c = _code(code)
    if len(bins) != c.t + 2:
        raise DomainError("bins: %d counts given, t + 2 = %d wanted" % (len(bins), c.t + 2))
    arr = (ctypes.c_double * len(bins))(*(_num("bins[%d]" % i, b) for i, b in enumerate(bins)))
    p, q = _target(cl, one_minus_cl)
    h = _FecHistogram()
    _check(_lib.bercl_fec_histogram(ctypes.byref(c), arr, _model(model), p, q, ctypes.byref(h)),
           "fec_histogram")
    gof = h.gof_df > 0
    tail = h.tail_bins > 0
    return FecHistogram(
        h.codewords, h.uncorrectable, h.symbol_errors, h.ser_estimate, h.ser_upper,
        h.cer_predicted if h.has_cer_predicted else 0.0, h.cer_model_upper, h.cer_count_upper,
        bool(h.model_contradicted), h.cer_upper, _ln(h.ln_cer_upper), h.gof_df,
        h.gof_stat if gof else None, h.gof_p if gof else None, _ln(h.ln_gof_p) if gof else None,
        bool(h.burst) if gof else None, h.tail_bins, h.cer_tail if tail else None,
        h.tail_r2 if tail else None)


if __name__ == "__main__":
    import doctest
    doctest.testmod()
