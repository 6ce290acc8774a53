"""Number syntax, in one place: how an answer may write a number, for every parser we have.

The math verifier's tokeniser (:mod:`rlvr_envs.mathcheck.parse`) and every family that
reads numbers out of model output (Countdown, graph weights, compose steps) use these
definitions, so ``−5``, ``12 345`` and ``1,000`` mean the same thing everywhere.

:func:`normalise` (applied first, to the whole text):

* minus signs and dashes that stand for a minus become ASCII ``-``: U+2212 MINUS SIGN,
  U+2010 HYPHEN, U+2011 NON-BREAKING HYPHEN, U+2012 FIGURE DASH, U+2013 EN DASH,
  U+FE63 SMALL HYPHEN-MINUS, U+FF0D FULLWIDTH HYPHEN-MINUS (the em dash is punctuation and
  is left alone);
* a run of superscript digits and signs becomes a ``^`` exponent: ``x²`` -> ``x^2``,
  ``10⁻³`` -> ``10^-3``, ``2¹⁰`` -> ``2^10``, ``x⁺¹`` -> ``x^+1``;
* no-break, figure, thin, hair, narrow no-break and the other Unicode spaces (U+00A0,
  U+2000 to U+200A, U+202F, U+205F, U+3000) become a plain space; zero-width characters
  (U+200B to U+200D, U+2060, U+FEFF) are removed.

Literals (after :func:`normalise`; surrounding whitespace is ignored, nothing else is):

* an **integer** is an optional sign (``-`` or ``+``) directly followed by ASCII digits,
  either ungrouped (``1234567``, leading zeros allowed) or grouped in threes after a first
  group of one to three digits that does not start with 0, all groups separated by the same
  separator, ``,`` or a single space: ``1,234,567``, ``12 345 678``. Not ``1,23``,
  ``1,234 567``, ``- 5``, ``1_000``, ``1e3`` or ``٣``;
* a **decimal** is an integer part as above (or nothing), a ``.`` and at least one digit:
  ``-0.25``, ``.5``, ``1,234.5``; a trailing point (``5.``) is not a decimal;
* a **rational** is an integer, a decimal, or ``p/q`` with integer ``p`` and ``q``, an
  optional sign in front and ``q > 0`` (``-3/4``; not ``3/-4`` nor ``3/0``).

Every ``parse_*`` function takes the whole text, returns None when it is not exactly one
such literal (or longer than :data:`MAX_LITERAL_CHARS`), and never raises.
"""

from __future__ import annotations

import re
from fractions import Fraction

MAX_LITERAL_CHARS = 1_000
"""The longest text a ``parse_*`` function reads (well under Python's int-string limit)."""

_MINUS = "\u2212\u2010\u2011\u2012\u2013\ufe63\uff0d"
_SPACES = (
    "\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
)
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺"

_TRANSLATE = str.maketrans(
    {**dict.fromkeys(_MINUS, "-"), **dict.fromkeys(_SPACES, " "), **dict.fromkeys(_ZERO_WIDTH)}
)
_SUPERSCRIPT_RUN = re.compile(f"[{_SUPERSCRIPTS}]+")
_SUPERSCRIPT_TO_ASCII = str.maketrans(_SUPERSCRIPTS, "0123456789-+")
_NEEDS_WORK = re.compile(f"[{_MINUS}{_SPACES}{_ZERO_WIDTH}{_SUPERSCRIPTS}]")


def _exponent(match: re.Match[str]) -> str:
    return "^" + match.group().translate(_SUPERSCRIPT_TO_ASCII)


def normalise(text: str) -> str:
    """Unicode minus signs, superscript exponents and odd spaces in their ASCII spelling."""
    if not _NEEDS_WORK.search(text):  # the common case: plain ASCII
        return text
    return _SUPERSCRIPT_RUN.sub(_exponent, text.translate(_TRANSLATE))


# -- literal patterns (regular-expression sources, to be embedded in bigger patterns) --------
UNSIGNED_INTEGER = (
    r"(?:[1-9][0-9]{0,2}(?:,[0-9]{3})+(?![0-9]|,[0-9])"  # 1,234,567
    r"|[1-9][0-9]{0,2}(?:[ ][0-9]{3})+(?![0-9]|[ ][0-9])"  # 12 345 678
    r"|[0-9]+)"
)
"""An unsigned integer literal: grouped in threes by ``,`` or by one space, or plain digits.

A grouped literal must not be followed by a digit, nor by its separator and a digit, so
``1,2345`` is not ``1,234`` followed by ``5``, and ``1 000 0`` is not ``1 000`` and ``0``;
``1,000, 2`` is still ``1000`` followed by ``, 2``.
"""

UNSIGNED_DECIMAL = rf"(?:{UNSIGNED_INTEGER}?\.[0-9]+)"
"""An unsigned decimal literal with at least one digit after the point."""

INTEGER_RE = re.compile(rf"[-+]?{UNSIGNED_INTEGER}")
DECIMAL_RE = re.compile(rf"[-+]?{UNSIGNED_DECIMAL}")
RATIONAL_RE = re.compile(
    rf"(?P<sign>[-+]?)(?:(?P<decimal>{UNSIGNED_DECIMAL})"
    rf"|(?P<p>{UNSIGNED_INTEGER})(?:[ ]*/[ ]*(?P<q>{UNSIGNED_INTEGER}))?)"
)


def _clean(text: object) -> str | None:
    if not isinstance(text, str) or len(text) > MAX_LITERAL_CHARS:
        return None
    return normalise(text).strip()


def _int_value(literal: str) -> int:
    return int(literal.replace(",", "").replace(" ", ""))


def parse_integer(text: str) -> int | None:
    """The value of ``text`` when all of it is one integer literal, else None."""
    text = _clean(text)
    if text is None or not INTEGER_RE.fullmatch(text):
        return None
    return _int_value(text)


def parse_decimal(text: str) -> Fraction | None:
    """The exact value of ``text`` when all of it is one integer or decimal literal."""
    text = _clean(text)
    if text is None:
        return None
    if INTEGER_RE.fullmatch(text):
        return Fraction(_int_value(text))
    if not DECIMAL_RE.fullmatch(text):
        return None
    whole, _, digits = text.partition(".")
    sign = -1 if whole.startswith("-") else 1
    whole = whole.lstrip("+-")
    value = Fraction(_int_value(whole) if whole else 0) + Fraction(int(digits), 10 ** len(digits))
    return sign * value


def parse_rational(text: str) -> Fraction | None:
    """The exact value of ``text`` when all of it is an integer, a decimal or ``p/q``."""
    text = _clean(text)
    if text is None:
        return None
    match = RATIONAL_RE.fullmatch(text)
    if match is None:
        return None
    sign = -1 if match["sign"] == "-" else 1
    if match["decimal"] is not None:
        return sign * parse_decimal(match["decimal"])
    numerator = _int_value(match["p"])
    if match["q"] is None:
        return sign * Fraction(numerator)
    denominator = _int_value(match["q"])
    return None if denominator == 0 else sign * Fraction(numerator, denominator)
