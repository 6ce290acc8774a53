"""Writing numbers and terms the way the families print them in prompts and answers.

``fraction_text`` is the canonical text of a rational answer (``7``, ``-3/4``);
``signed_term`` renders one term of a sum (``+ 3x``, ``- x``). A change here changes
generated text, so it bumps the version of every family that uses it.
"""

from __future__ import annotations

from fractions import Fraction


def fraction_text(value: Fraction) -> str:
    """``7``, ``-3/4``: the canonical text of a rational answer."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def signed_term(coefficient: int, body: str, first: bool) -> str:
    """Render ``coefficient*body`` as a term of a sum: ``+ 3x``, ``- x``, ``2x`` (first)."""
    if coefficient == 0:
        return ""
    magnitude = abs(coefficient)
    text = (body if magnitude == 1 and body else f"{magnitude}{body}") or "1"
    if first:
        return f"-{text}" if coefficient < 0 else text
    return f" - {text}" if coefficient < 0 else f" + {text}"
