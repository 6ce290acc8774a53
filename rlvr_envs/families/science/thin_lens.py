"""ThinLens: where a thin lens (or two) forms an image, and how large.

The thin-lens equation 1/f = 1/d_o + 1/d_i with the real-is-positive convention: a
converging lens has f > 0, a diverging one f < 0; an image distance is positive for a real
image behind the lens and negative for a virtual one in front of it; the magnification is
m = -d_i / d_o. With two lenses a distance L apart, the first lens's image is the second
lens's object at L - d_i1 (negative: a virtual object behind it), and the total
magnification is the product. Object distances equal to the focal length (no image) are
never drawn.

Answer syntax: the value asked (image distance in cm, signed, or the magnification) as an
integer or a fraction in lowest terms (``-60/7``), without units.

Knobs: ``lenses`` (1 or 2), ``diverging`` (diverging lenses allowed) and ``ask``
(``distance`` or ``magnification``). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily


def image(f: Fraction, d_object: Fraction) -> Fraction:
    """The image distance of a thin lens of focal length ``f`` (real-is-positive)."""
    return 1 / (1 / f - 1 / d_object)


class ThinLens(MathFamily):
    """The image distance or the magnification of one or two thin lenses."""

    knobs: ClassVar[dict[str, Knob]] = {
        "lenses": Knob("int", 1, 2, default=1, doc="lenses in a row"),
        "diverging": Knob("bool", default=False, doc="diverging lenses allowed"),
        "ask": Knob("categorical", choices=("distance", "magnification"), doc="what is asked"),
    }
    answer_syntax = "the value as an integer or a fraction p/q in lowest terms, without units"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, diverging, ask = int(knobs["lenses"]), bool(knobs["diverging"]), knobs["ask"]
        while True:
            focals = [
                Fraction(rng.randint(5, 40)) * (-1 if diverging and rng.random() < 0.5 else 1)
                for _ in range(count)
            ]
            d_object = Fraction(rng.randint(3, 80))
            gap = Fraction(rng.randint(10, 90))
            d, magnification, ok = d_object, Fraction(1), True
            for k, f in enumerate(focals):
                if d == f or d == 0:
                    ok = False
                    break
                d_image = image(f, d)
                magnification *= -d_image / d
                if k + 1 < count:
                    d = gap - d_image
            if not ok:
                continue
            value = d_image if ask == "distance" else magnification
            kinds = [f"{'a converging' if f > 0 else 'a diverging'} lens of focal length "
                     f"{abs(f)} cm" for f in focals]  # fmt: skip
            if count == 1:
                setup = f"An object stands {d_object} cm in front of {kinds[0]}."
            else:
                setup = (
                    f"An object stands {d_object} cm in front of {kinds[0]}; {gap} cm behind it "
                    f"is {kinds[1]}."
                )
            if ask == "distance":
                last = "the second lens" if count == 2 else "the lens"
                tail = (
                    f"Where is the final image? Give its distance from {last} in cm, positive "
                    "for a real image on the far side, negative for a virtual image on the "
                    "object's side."
                )
            else:
                tail = "What is the total magnification (negative for an inverted image)?"
            question = (
                f"{setup} Use the thin-lens equation 1/f = 1/d_o + 1/d_i (real is positive). "
                f"{tail} Give the exact value."
            )
            if not states(question, value) and value != 1:
                break
        meta = {"focals": [ratio_text(f) for f in focals], "object": int(d_object), "ask": ask}
        return Draft(question, ratio_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Lenses, diverging ones counting twice, plus the answer's length."""
        focals = problem.meta["focals"]
        return len(focals) + sum(f.startswith("-") for f in focals) + len(problem.answer) / 10
