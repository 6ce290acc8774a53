"""NumberFormat: write numbers in a stated format.

One to four numbers, all to be written in one style: ``thousands`` (an integer with commas
between groups of three digits), ``padded`` (an integer padded with zeros to a stated
width), ``fixed`` (a decimal rounded to d places, halves rounded up, trailing zeros kept),
``percent`` (a fraction as a percentage with d decimals and a ``%`` sign) or ``scientific``
(``d.dde+XX``: one nonzero digit before the point, d after it, rounded half up, then ``e``,
the exponent's sign and at least two digits). Rounding is exact (``decimal``), and halves
are drawn on purpose. The formatted text never appears in the prompt.

Answer syntax: the formatted numbers in the given order, separated by semicolons.

Knobs: ``numbers`` (1 -> 4) and ``style`` (``thousands``, ``padded``, ``fixed``,
``percent``, ``scientific``; easiest first). Difficulty raises both.
"""

from __future__ import annotations

import random
from decimal import ROUND_HALF_UP, Decimal
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

STYLES = ("thousands", "padded", "fixed", "percent", "scientific")


def _decimal(rng: random.Random, whole: int, places: int, round_at: int) -> Decimal:
    digits = [str(rng.randint(0, 9)) for _ in range(places)]
    if rng.random() < 0.4 and round_at < places:  # a half at the rounding place
        digits[round_at] = "5"
        digits = digits[: round_at + 1]
    text = f"{whole}." + "".join(digits).rstrip("0")
    return Decimal(text if not text.endswith(".") else text + "1")


def scientific(x: Decimal, places: int) -> str:
    exponent = x.adjusted()
    mantissa = (x.scaleb(-exponent)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
    if mantissa >= 10:
        exponent += 1
        mantissa = (x.scaleb(-exponent)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
    sign = "-" if exponent < 0 else "+"
    return f"{mantissa}e{sign}{abs(exponent):02d}"


class NumberFormat(Family):
    """Numbers written with thousands separators, padding, rounding or exponents."""

    knobs: ClassVar[dict[str, Knob]] = {
        "numbers": Knob("int", 1, 6, default=2, easy=1, hard=4, doc="numbers to format"),
        "style": Knob("categorical", choices=STYLES, default="thousands", doc="format"),
    }
    answer_syntax = "the formatted numbers in the given order, separated by semicolons"
    answer_form = "formatted numbers separated by semicolons"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, style = int(knobs["numbers"]), knobs["style"]
        places = rng.randint(1, 3)
        width = rng.randint(6, 9)
        shown, done = [], []
        for _ in range(n):
            if style == "thousands":
                x = rng.randint(10_000, 9_999_999_999)
                shown.append(str(x))
                done.append(f"{x:,}")
            elif style == "padded":
                x = rng.randint(1, 10 ** (width - 2))
                shown.append(str(x))
                done.append(str(x).zfill(width))
            elif style == "fixed":
                x = _decimal(rng, rng.randint(0, 9999), places + 3, places)
                shown.append(str(x))
                done.append(str(x.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)))
            elif style == "percent":
                x = _decimal(rng, 0, places + 5, places + 2)
                shown.append(str(x))
                pct = (x * 100).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
                done.append(f"{pct}%")
            else:
                x = _decimal(rng, rng.randint(1, 999_999), 4, 3) * Decimal(10) ** rng.randint(-9, 6)
                x = x.normalize()
                shown.append(f"{x:f}")
                done.append(scientific(x, places))
        spec = {
            "thousands": "with a comma between every group of three digits, counted from the "
            "right (1234567 is written 1,234,567)",
            "padded": f"padded on the left with zeros to exactly {width} digits",
            "fixed": f"rounded to exactly {places} decimal places (a half rounds up; keep "
            "trailing zeros)",
            "percent": f"as a percentage rounded to exactly {places} decimal places, followed "
            "by % (a half rounds up; keep trailing zeros; 0.25 is 25." + "0" * places + "%)",
            "scientific": f"in scientific notation with exactly {places} digits after the "
            "decimal point: one nonzero digit, the point, the digits (a half rounds up), then "
            "e, the exponent's sign and at least two exponent digits (12345 with 2 digits is "
            "1.23e+04, 0.000567 is 5.67e-04)",
        }[style]
        question = (
            f"Numbers: {'; '.join(shown)}\n\nWrite each number {spec}. Keep the numbers in "
            "the given order."
        )
        return Draft(question, "; ".join(done), {"numbers": shown, "style": style})

    def check(self, problem: Problem, answer: str) -> Judgement:
        items = [x.strip() for x in answer.split(";")]
        if not all(items) or any(len(x) > 40 for x in items):
            return Judgement.unparsable("expected formatted numbers separated by semicolons")
        return Judgement.right() if "; ".join(items) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Numbers times the style's rank."""
        meta = problem.meta
        return len(meta["numbers"]) * (1 + STYLES.index(meta["style"]))
