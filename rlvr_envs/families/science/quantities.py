"""Exact quantities the science families share: rationals written as a prompt writes them,
and the numbers a prompt states (so that a computed answer never equals one of them).
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+|/\d+)?")


def ratio_text(value: Fraction) -> str:
    """``value`` in the ``rational`` answer form: ``7``, ``-3/4``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def decimal_text(value: Fraction) -> str:
    """A terminating decimal written out exactly (``Fraction(5, 4)`` -> ``1.25``)."""
    value = Fraction(value)
    places = 0
    while 10**places % value.denominator:
        places += 1
        if places > 12:
            raise ValueError(f"{value} is not a short terminating decimal")
    if places == 0:
        return str(value.numerator)
    scaled = value * 10**places
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    text = f"{sign}{digits[:-places]}.{digits[-places:]}"
    return text.rstrip("0").rstrip(".")


def stated_values(question: str) -> set[Fraction]:
    """Every number the prompt states, as a value (``2.5``, ``3/4``, ``-7``)."""
    values = set()
    for token in _NUMBER.findall(question):
        values.add(Fraction(token))
    return values


def states(question: str, answer: Fraction) -> bool:
    """Whether the prompt states ``answer`` as one of its numbers."""
    return Fraction(answer) in stated_values(question)


def pick(rng: random.Random, low: int, high: int, step: Fraction = Fraction(1)) -> Fraction:
    """A uniform multiple of ``step`` in [low, high]."""
    count = int((Fraction(high) - Fraction(low)) / step)
    return Fraction(low) + step * rng.randint(0, count)


def exact_text(value: Fraction) -> str:
    """``value`` as an exact decimal when it terminates within 12 places, else ``p/q``."""
    try:
        return decimal_text(value)
    except ValueError:
        return ratio_text(value)


def round_half_up(value: Fraction | float, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimal places, halves away from zero."""
    scaled = Fraction(value) * 10**places
    whole = int(abs(scaled) + Fraction(1, 2))
    return Fraction(whole if scaled >= 0 else -whole, 10**places)


def fixed_text(value: Fraction, places: int) -> str:
    """A rounded value shown with exactly ``places`` decimals (``2.50``)."""
    value = round_half_up(value, places)
    sign = "-" if value < 0 else ""
    scaled = abs(value.numerator * 10**places // value.denominator)
    if places == 0:
        return f"{sign}{scaled}"
    digits = str(scaled).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def near_tie(value: Fraction | float, places: int, margin: float = 0.02) -> bool:
    """Whether ``value`` lies within ``margin`` of a unit of its last kept place from a
    rounding boundary (so that floating-point work could round it either way)."""
    scaled = float(value) * 10**places
    return abs(scaled - math.floor(scaled) - 0.5) < margin


def states_near(question: str, value: Fraction | float, places: int) -> bool:
    """Whether the prompt states a number within half a unit of the ``places``-th decimal
    of ``value`` (a copied number would then pass a check at that precision)."""
    tolerance = Fraction(1, 2 * 10**places)
    return any(abs(v - Fraction(value)) <= tolerance for v in stated_values(question))
