# SPDX-License-Identifier: GPL-3.0-or-later
"""The command's syntax for numbers, SI quantities, rates, durations and
confidence levels, written again in Python from engine/parse.c (the NUMBERS
section of bercl(1)), so that a string gives the double the command reads.

Every number has the C locale's shape, [+-]digits[.digits][(e|E)[+-]digits],
and is read with one correct rounding (Python's float(), as the command's
strtod and Clinger fast path). A confidence level's complement 1 - C is
taken from its decimal digits, exactly, then rounded once.
"""
import math
import re
import sys

__all__ = ["parse_real", "parse_quantity", "parse_count", "parse_rate", "parse_baud",
           "parse_time", "parse_cl", "parse_cl_exact"]

_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_SI = {"k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18}
_BIT_UNITS = ("bps", "b/s", "bit/s")
_BAUD_UNITS = ("Bd", "baud")
_DURATION = {"ms": 1e-3, "s": 1, "sec": 1, "min": 60, "m": 60, "h": 3600, "hr": 3600,
             "d": 86400, "w": 604800, "y": 31557600, "years": 31557600}
_MAX_NUMBER = 64


def _err():
    from . import DomainError
    return DomainError


def _text(what, s):
    if not isinstance(s, str):
        raise TypeError("%s must be a string, not %s" % (what, type(s).__name__))
    return s


def _scan(s, pos=0):
    """(value, end) of the number at s[pos:], or (None, pos)."""
    m = _NUMBER.match(s, pos)
    if not m:
        return None, pos
    return float(m.group(0)), m.end()


def _finish(what, s, v):
    if not math.isfinite(v):
        raise _err()("%s %r: out of range" % (what, s))
    return v


def parse_real(s, what="value"):
    """A plain decimal number, as the command reads --ber.

    Parameters
    ----------
    s : str
        ``[+-]digits[.digits][e[+-]digits]``.
    what : str
        The argument's name, for the message.

    Returns
    -------
    float

    Raises
    ------
    DomainError
        Not a number, trailing characters, or out of the double range.

    Examples
    --------
    >>> parse_real("1e-12")
    1e-12
    """
    s = _text(what, s)
    v, end = _scan(s)
    if v is None:
        raise _err()("%s %r: not a number" % (what, s))
    if end != len(s):
        raise _err()("%s %r: has trailing characters" % (what, s))
    return _finish(what, s, v)


def _si_unit(s, what, unit):
    s = _text(what, s)
    v, end = _scan(s)
    if v is None:
        raise _err()("%s %r: not a number" % (what, s))
    while end < len(s) and s[end] == " ":
        end += 1
    if end < len(s) and s[end] in _SI:
        v *= _SI[s[end]]
        end += 1
    rest = s[end:]
    if unit and rest:
        if unit == "bits" and rest in _BAUD_UNITS:
            raise _err()("%s %r: is a symbol rate: give it as baud=, with bits_per_symbol= "
                         "(2 for PAM4)" % (what, s))
        if unit == "baud" and rest in _BIT_UNITS:
            raise _err()("%s %r: is a bit rate: give it as rate=" % (what, s))
        if unit == "bits" and rest not in _BIT_UNITS:
            raise _err()("%s %r: has an unknown unit (use e.g. 25.78125G, 10Gb/s, 10Gbps)"
                         % (what, s))
        if unit == "baud" and rest not in _BAUD_UNITS:
            raise _err()("%s %r: has an unknown unit (use e.g. 26.5625G, 26.5625GBd)"
                         % (what, s))
        rest = ""
    if rest:
        raise _err()("%s %r: has trailing characters (SI suffixes are k M G T P E)" % (what, s))
    return _finish(what, s, v)


def parse_quantity(s, what="quantity"):
    """A number with an optional SI suffix (k K M G T P E), as --bits takes it.

    Parameters
    ----------
    s : str
        For example ``"3T"`` (3e12), ``"1.5 G"``, ``"1e15"``.
    what : str
        The argument's name, for the message.

    Returns
    -------
    float
        The number times the suffix's power of ten (one rounding each).

    Raises
    ------
    DomainError
        Not a number, or an unknown suffix.

    Examples
    --------
    >>> parse_quantity("3T")
    3000000000000.0
    >>> parse_quantity("2.5k")
    2500.0
    """
    return _si_unit(s, what, None)


def parse_rate(s, what="rate"):
    """A line rate in bit/s, as --rate takes it: SI suffix, ``bps``, ``b/s``, ``bit/s``.

    Parameters
    ----------
    s : str
        For example ``"25.78125G"``, ``"10Gb/s"``, ``"10Gbps"``.
    what : str
        The argument's name, for the message.

    Returns
    -------
    float
        Bits per second.

    Raises
    ------
    DomainError
        Not a rate (a symbol rate such as ``"26.5625GBd"`` is refused: use ``baud=``).

    Examples
    --------
    >>> parse_rate("25.78125G")
    25781250000.0
    >>> parse_rate("10Gb/s")
    10000000000.0
    """
    return _si_unit(s, what, "bits")


def parse_baud(s, what="baud"):
    """A symbol rate in baud, as --baud takes it.

    Parameters
    ----------
    s : str
        ``"26.5625G"``, ``"26.5625GBd"``, ``"26.5625 Gbaud"``.
    what : str
        The argument's name, for the message.

    Returns
    -------
    float
        Symbols per second.

    Raises
    ------
    DomainError
        Not a symbol rate (a bit rate such as ``"10Gbps"`` is refused: use ``rate=``).

    Examples
    --------
    >>> parse_baud("26.5625GBd")
    26562500000.0
    """
    return _si_unit(s, what, "baud")


def parse_time(s, what="time"):
    """A test duration in seconds, as --time takes it.

    Parameters
    ----------
    s : str
        A number of seconds (``"90"``) or parts with units ms, s, sec, min, m,
        h, hr, d, w, y, years (Julian years): ``"90s"``, ``"15min"``, ``"2.5h"``,
        ``"1h30m"``, ``"2d"``; parts from the largest unit down, each unit
        once (``"1h1h"`` and ``"30m1h"`` are refused).
    what : str
        The argument's name, for the message.

    Returns
    -------
    float
        Seconds (the parts' sum).

    Raises
    ------
    DomainError
        Not a duration, an unknown unit, a negative part, or units repeated
        or out of order.

    Examples
    --------
    >>> parse_time("1h30m")
    5400.0
    >>> parse_time("15min")
    900.0
    """
    s = _text(what, s)
    pos, total, parts, last = 0, 0.0, 0, 0.0
    while pos < len(s):
        v, end = _scan(s, pos)
        if v is None:
            raise _err()("%s %r: %s" % (what, s, "has trailing characters" if parts
                                        else "not a duration"))
        pos = end
        while pos < len(s) and s[pos] == " ":
            pos += 1
        u = pos
        while pos < len(s) and s[pos].isascii() and s[pos].isalpha():
            pos += 1
        unit = s[u:pos]
        if not unit:
            if pos < len(s) or parts:
                raise _err()("%s %r: needs a unit (s, min, h, d)" % (what, s))
            mult = 1
        else:
            mult = _DURATION.get(unit)
            if mult is None:
                raise _err()("%s %r: has an unknown unit (use s, min, h, d: 90s, 1h30m)"
                             % (what, s))
        if v < 0:
            raise _err()("%s %r: must not be negative" % (what, s))
        # a sequence goes from the largest unit down, each unit once
        if parts and not mult < last:
            raise _err()("%s %r: repeats a unit or puts a larger one after a smaller "
                         "(largest first: 1h30m)" % (what, s))
        last = mult
        total += v * mult
        parts += 1
        while pos < len(s) and s[pos] == " ":
            pos += 1
    if parts == 0:
        raise _err()("%s %r: not a duration" % (what, s))
    return _finish(what, s, total)


def parse_count(s, what="count"):
    """A whole number at most 2**53, as --errors takes it (SI suffix allowed: ``"2k"``).

    The decimal text itself must be that whole number: ``"9007199254740993"``
    (2**53 + 1, which reads as 2**53) and ``"1.0000000000000000001"`` are refused.

    Parameters
    ----------
    s : str
    what : str
        The argument's name, for the message.

    Returns
    -------
    int

    Raises
    ------
    DomainError
        Negative (or -0), not whole, above 2**53, or not held exactly.

    Examples
    --------
    >>> parse_count("2k")
    2000
    """
    v = parse_quantity(s, what)
    if v < 0:
        raise _err()("%s %r: must not be negative" % (what, s))
    if math.copysign(1.0, v) < 0:  # -0: whole, but not what a counter prints
        raise _err()("%s %r: has a minus sign (a count is 0 or more)" % (what, s))
    if v > 2.0 ** 53:
        raise _err()("%s %r: is larger than 2^53" % (what, s))
    if v != math.floor(v):
        raise _err()("%s %r: must be a whole number" % (what, s))
    from decimal import Decimal, InvalidOperation
    text = s.strip().replace(" ", "")
    mult = 1
    if text and text[-1] in _SI:
        mult = int(_SI[text[-1]])
        text = text[:-1]
    try:
        exact = Decimal(text) * mult
    except InvalidOperation:
        raise _err()("%s %r: must be a whole number" % (what, s)) from None
    if exact != int(v):
        raise _err()("%s %r: is not a whole number that bercl holds exactly (at most 2^53)"
                     % (what, s))
    return int(v)


def _decimal_complement(frac):
    """1 - 0.frac from the digits (9 - d_i, the last nonzero 10 - d_n), one rounding."""
    last = len(frac.rstrip("0"))
    if last == 0 or last + 4 > _MAX_NUMBER + 8 or not frac[:last].isdigit() or \
            not frac.isascii():
        return math.nan  # (a sign among the digits: the command's text is no number)
    digits = [9 - int(d) for d in frac[:last]]
    digits[-1] += 1
    return float("0." + "".join(map(str, digits)))


def _digits_fraction(digits, point):
    """0.digits x 10^point as a Fraction, leading zeros skipped and at most 40
    significant digits kept, as the command's dd_decimal takes them."""
    from fractions import Fraction
    d = digits.lstrip("0")
    lead = len(digits) - len(d)
    d = d[:40]
    if not d:
        return Fraction(0)
    return Fraction(int(d)) * Fraction(10) ** (point - lead - len(d))


def _exact_forms(body, percent):
    """(value, complement) of a probability's text as exact Fractions, the way
    the command forms them in double-double (engine/parse.c probability_dd), or
    None where it does not."""
    from fractions import Fraction
    t = body[1:] if body.startswith("+") else body
    mant, _, ex = t.replace("E", "e").partition("e")
    if ex:
        try:
            e = int(ex)
        except ValueError:
            return None
        if e > 400 or e < -400:
            return None
    else:
        e = 0
    digits, point = "", 0
    seen_point = False
    for ch in mant:
        if ch == ".":
            seen_point = True
        elif ch.isdigit() and ch.isascii():
            if not digits and ch == "0":
                if seen_point:
                    point -= 1
                continue
            digits += ch
            if not seen_point:
                point += 1
        else:
            return None
    point += e - (2 if percent else 0)
    if not digits:
        return None
    value = _digits_fraction(digits, point)
    if point > 0 or -point + len(digits) + 1 > 3 * _MAX_NUMBER + 8:
        return value, 1 - value
    frac = ("0" * -point + digits).rstrip("0")
    comp = [9 - int(d) for d in frac]
    comp[-1] += 1
    return value, _digits_fraction("".join(map(str, comp)), 0)


def parse_cl_exact(s, what="cl"):
    """`parse_cl` with the rests from the digits: ``(cl, cl_lo, one_minus_cl,
    one_minus_cl_lo)``, each pair a double-double within ~1e-32 of the decimal
    (``cl + cl_lo`` rounds to ``cl``), as the command gives them to
    bercl_min_bits_target(): near 1e15 bits the decimal 0.95 and its nearest
    double can need different whole numbers of bits.

    Parameters
    ----------
    s : str or float
        As `parse_cl` takes it.
    what : str
        The argument's name, for the message.

    Returns
    -------
    (float, float, float, float)
        cl, its rest, one_minus_cl (the command's: where it was 1 - cl, the
        double nearest the exact complement), its rest.

    Raises
    ------
    DomainError
        As `parse_cl`.

    Examples
    --------
    >>> parse_cl_exact("95%")[2:]
    (0.05, -2.7755575615628915e-18)
    """
    return _parse_cl(s, what)


def parse_cl(s, what="cl"):
    """A confidence level (or any probability the command takes as --cl) and
    its complement, exactly as the command reads it.

    Parameters
    ----------
    s : str or float
        A decimal in (0, 1] (``"0.95"``, ``"0.99999999999999999999"``) or a
        percentage (``"95%"``). A float is read from its shortest decimal
        form (its repr), as if typed.
    what : str
        The argument's name, for the message.

    Returns
    -------
    (float, float)
        ``(cl, one_minus_cl)``: the complement of a plain decimal is taken
        from its digits, so ``"0.99999999999999999999"`` gives ``(1.0, 1e-20)``;
        with an exponent it is ``1 - cl``.

    Raises
    ------
    DomainError
        Not a number, or not in (0, 1) (a level that rounds to 1 is kept when
        its complement is above 0).

    Examples
    --------
    >>> parse_cl("95%")
    (0.95, 0.05)
    >>> parse_cl("0.99999999999999999999")
    (1.0, 1e-20)
    """
    v, _, c, _ = _parse_cl(s, what)
    return v, c


def _parse_cl(s, what):
    if isinstance(s, bool) or not isinstance(s, (str, int, float)):
        if hasattr(s, "dtype") and getattr(s, "ndim", 1) == 0:
            s = s.item()
        else:
            raise TypeError("%s must be a number or a string, not %s" % (what, type(s).__name__))
    if not isinstance(s, str):
        s = repr(float(s))
    if len(s) >= _MAX_NUMBER:
        raise _err()("%s %r: is too long" % (what, s))
    percent = s.endswith("%")
    body = s[:-1] if percent else s
    v = parse_real(body, what)
    has_exp = "e" in body or "E" in body
    if percent and not has_exp:
        # 99.9% is the decimal 99.9e-2, read in one rounding (as bercl's parser)
        v = parse_real(body + "e-2", what)
    elif percent:
        v /= 100.0
    rng = ("must be between 0% and 100%, exclusive" if percent
           else "must be between 0 and 1, exclusive (or a percentage: 95%)")
    if not (0 < v <= 1):
        raise _err()("%s %r: %s" % (what, s, rng))
    if v < sys.float_info.min:
        raise _err()("%s %r: is below the smallest normal double, 2.2250738585072014e-308"
                     % (what, s))
    c = math.nan
    if not has_exp:
        dot = body.find(".")
        sign = 1 if body.startswith("+") else 0
        if not percent and dot >= 0 and set(body[sign:dot]) <= {"0"}:
            c = _decimal_complement(body[dot + 1:])
        if percent and math.isnan(c):
            ip = dot if dot >= 0 else len(body)
            fp = body[dot + 1:] if dot >= 0 else ""
            if ip <= 2:
                c = _decimal_complement("0" * (2 - ip) + body[:ip] + fp)
    if math.isnan(c) or not (0 < c < 1):
        c = 1.0 - v
    if not c > 0:
        raise _err()("%s %r: %s" % (what, s, rng))
    v_lo = c_lo = 0.0
    forms = _exact_forms(body, percent)
    if forms is not None:
        from fractions import Fraction
        xv, xc = forms
        v_lo = float(xv - Fraction(v))
        if not (math.isfinite(v_lo) and v + v_lo == v):
            v_lo = 0.0
        c_lo = float(xc - Fraction(c))
        if not (math.isfinite(c_lo) and c + c_lo == c) and 0 < xc <= 1:
            # a complement that was 1 - v becomes the double nearest the exact one
            c = float(xc)
            c_lo = float(xc - Fraction(c))
        if not (math.isfinite(c_lo) and c + c_lo == c):
            c_lo = 0.0
    return v, v_lo, c, c_lo
