# SPDX-License-Identifier: GPL-3.0-or-later
"""The command's syntax for numbers, SI quantities, rates, durations and
confidence levels: each function hands its string to the engine's reader
(engine/parse.c, the NUMBERS section of bercl(1)), so that a string gives
the double the command reads, and a bad one the command's message.
"""
from . import _core

__all__ = ["parse_real", "parse_quantity", "parse_count", "parse_rate", "parse_baud",
           "parse_time", "parse_cl", "parse_cl_exact"]


def _text(what, s):
    if not isinstance(s, str):
        raise TypeError("%s must be a string, not %s" % (what, type(s).__name__))
    return s


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
    return _core.parse("real", _text(what, s), what)


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

    Raises
    ------
    DomainError
        Not a number, an unknown suffix or trailing characters.

    Examples
    --------
    >>> parse_quantity("3T")
    3000000000000.0
    """
    return _core.parse("si", _text(what, s), what)


def parse_rate(s, what="rate"):
    """A line rate in bits per second, as --rate takes it.

    Parameters
    ----------
    s : str
        An SI number, then optionally ``bps``, ``b/s`` or ``bit/s``:
        ``"25.78125G"``, ``"10Gb/s"``. A symbol rate (``"26.5625GBd"``) is
        refused: give it as ``baud=``.
    what : str
        The argument's name, for the message.

    Returns
    -------
    float

    Raises
    ------
    DomainError
        Not a rate, or a unit that is not a bit rate.

    Examples
    --------
    >>> parse_rate("10Gb/s")
    10000000000.0
    """
    return _core.parse("rate", _text(what, s), what)


def parse_baud(s, what="baud"):
    """A symbol rate in baud, as --baud takes it.

    Parameters
    ----------
    s : str
        An SI number, then optionally ``Bd`` or ``baud``: ``"26.5625GBd"``.
    what : str
        The argument's name, for the message.

    Returns
    -------
    float

    Raises
    ------
    DomainError
        Not a symbol rate, or a bit rate's unit.

    Examples
    --------
    >>> parse_baud("26.5625GBd")
    26562500000.0
    """
    return _core.parse("baud", _text(what, s), what)


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
    return _core.parse("duration", _text(what, s), what)


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
    return int(_core.parse("count", _text(what, s), what))


def _cl_text(s, what):
    """A confidence level's text: a string as typed, a float by its shortest
    decimal (its repr), as if typed."""
    if isinstance(s, bool) or not isinstance(s, (str, int, float)):
        if hasattr(s, "dtype") and getattr(s, "ndim", 1) == 0:
            s = s.item()
        else:
            raise TypeError("%s must be a number or a string, not %s" % (what, type(s).__name__))
    return s if isinstance(s, str) else repr(float(s))


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
        cl, its rest, one_minus_cl (the double nearest the exact complement),
        its rest.

    Raises
    ------
    DomainError
        As `parse_cl`.

    Examples
    --------
    >>> parse_cl_exact("95%")[2:]
    (0.05, -2.7755575615628915e-18)
    """
    return _core.parse("probability", _cl_text(s, what), what)


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
        from its digits, so ``"0.99999999999999999999"`` gives ``(1.0, 1e-20)``.

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
    v, _, c, _ = parse_cl_exact(s, what)
    return v, c
