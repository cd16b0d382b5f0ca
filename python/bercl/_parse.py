# SPDX-License-Identifier: GPL-3.0-or-later
"""The command's readers of numbers, SI quantities, rates, durations and
confidence levels (engine/parse.c, the NUMBERS section of bercl(1)) for
Python's strings: each function hands its string to the engine's reader
and gives back what the command reads, or raises DomainError with the
command's message, "WHAT 'TEXT': REASON". Nothing is read here.
"""
from . import _core

__all__ = ["parse_real", "parse_quantity", "parse_count", "parse_rate", "parse_baud",
           "parse_time", "parse_cl", "parse_cl_exact"]

_DOC = """{summary}

    Parameters
    ----------
    s : {types}
        {form}
    what : str
        The argument's name, for the message.

    Returns
    -------
    {returns}

    Raises
    ------
    DomainError
        The command's message for that text (engine/parse.c).

    Examples
    --------
    {examples}
    """


def _reader(name, syntax, what, convert=float, text=None, **doc):
    """A function of this module: its string through the engine's `syntax`."""
    def read(s, what=what):
        if text is not None:
            s = text(s, what)
        elif not isinstance(s, str):
            raise TypeError("%s must be a string, not %s" % (what, type(s).__name__))
        return convert(_core.parse(syntax, s, what))
    read.__name__ = read.__qualname__ = name
    read.__doc__ = _DOC.format(types=doc.pop("types", "str"), **doc)
    return read


def _cl_text(s, what):
    """A confidence level's text: a string as typed, a number by its shortest
    decimal (its repr), as if typed; a float32 or float16 as the decimal
    numpy prints for it (as the friendly functions read a level)."""
    if isinstance(s, bool) or not isinstance(s, (str, int, float)):
        if hasattr(s, "dtype") and getattr(s, "ndim", 1) == 0:
            if s.dtype.kind == "f" and s.dtype.itemsize < 8:
                return str(s)
            s = s.item()
        else:
            raise TypeError("%s must be a number or a string, not %s" % (what, type(s).__name__))
    return s if isinstance(s, str) else repr(float(s))


parse_real = _reader(
    "parse_real", "real", "value", summary="A plain decimal number, as the command reads --ber.",
    form="``[+-]digits[.digits][e[+-]digits]``.", returns="float",
    examples='>>> parse_real("1e-12")\n    1e-12')
parse_quantity = _reader(
    "parse_quantity", "si", "quantity",
    summary="A number with an optional SI suffix (k K M G T P E), as --bits takes it.",
    form='For example ``"3T"`` (3e12), ``"1.5 G"``, ``"1e15"``.', returns="float",
    examples='>>> parse_quantity("3T")\n    3000000000000.0')
parse_rate = _reader(
    "parse_rate", "rate", "rate", summary="A line rate in bits per second, as --rate takes it.",
    form='An SI number, then optionally ``bps``, ``b/s`` or ``bit/s``: ``"25.78125G"``,\n'
         '        ``"10Gb/s"``. A symbol rate (``"26.5625GBd"``) is refused: give it as\n'
         '        ``baud=``.', returns="float",
    examples='>>> parse_rate("10Gb/s")\n    10000000000.0')
parse_baud = _reader(
    "parse_baud", "baud", "baud", summary="A symbol rate in baud, as --baud takes it.",
    form='An SI number, then optionally ``Bd`` or ``baud``: ``"26.5625GBd"``.',
    returns="float", examples='>>> parse_baud("26.5625GBd")\n    26562500000.0')
parse_time = _reader(
    "parse_time", "duration", "time", summary="A test duration in seconds, as --time takes it.",
    form='A number of seconds (``"90"``) or parts with units ms, s, sec, min, m,\n'
         '        h, hr, d, w, y, years (Julian years): ``"90s"``, ``"15min"``, ``"2.5h"``,\n'
         '        ``"1h30m"``, ``"2d"``; parts from the largest unit down, each unit\n'
         '        once (``"1h1h"`` and ``"30m1h"`` are refused).',
    returns="float\n        Seconds (the parts' sum).",
    examples='>>> parse_time("1h30m")\n    5400.0\n    >>> parse_time("15min")\n    900.0')
parse_count = _reader(
    "parse_count", "count", "count", convert=int,
    summary='A whole number at most 2**53, as --errors takes it (SI suffix allowed: ``"2k"``):\n'
            '    the decimal text itself must be that whole number (``"9007199254740993"``,\n'
            '    2**53 + 1, is refused).',
    form='For example ``"17"``, ``"2k"``.', returns="int",
    examples='>>> parse_count("2k")\n    2000')
parse_cl_exact = _reader(
    "parse_cl_exact", "probability", "cl", convert=tuple, text=_cl_text, types="str or float",
    summary="`parse_cl` with the rests from the digits: ``(cl, cl_lo, one_minus_cl,\n"
            "    one_minus_cl_lo)``, each pair a double-double within ~1e-32 of the decimal\n"
            "    (``cl + cl_lo`` rounds to ``cl``), as the command gives them to\n"
            "    bercl_min_bits_target(): near 1e15 bits the decimal 0.95 and its nearest\n"
            "    double can need different whole numbers of bits.",
    form="As `parse_cl` takes it.", returns="(float, float, float, float)",
    examples='>>> parse_cl_exact("95%")[2:]\n    (0.05, -2.7755575615628915e-18)')


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
        The command's message for that text (engine/parse.c).

    Examples
    --------
    >>> parse_cl("95%")
    (0.95, 0.05)
    >>> parse_cl("0.99999999999999999999")
    (1.0, 1e-20)
    """
    v, _, c, _ = parse_cl_exact(s, what)
    return v, c
