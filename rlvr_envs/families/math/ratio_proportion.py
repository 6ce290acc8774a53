"""RatioProportion: ratios and proportion, with exact answers.

Five settings: sharing an amount in a ratio ``a:b:c``; chaining ratios (``x:y = 3:4`` and
``y:z = 6:5``, one quantity given, another asked); direct, inverse and joint variation
(``y`` proportional to ``x^2/z``: scale each factor by its power); map scales (lengths scale
by the scale factor, areas by its square); and ratios that change when amounts are added or
removed (one linear equation in the unknown multiplier). Every quantity is built from the
answer backwards with ``fractions.Fraction``, so the answer exists and is exact.

Answer syntax: one exact number without units: an integer, a terminating decimal or a
fraction p/q.

Knobs: ``steps`` (parts in a ratio, ratios chained, variables in a joint variation, changes
applied: 1 -> 4) and ``magnitude`` (digits of the quantities, 1 -> 3).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from fractions import Fraction
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.function_parts import stated_numbers
from rlvr_envs.families.math.word_problems import number_text
from rlvr_envs.families.shared.math_answers import MathFamily

_NAMES = ("Ana", "Ben", "Carla", "Dev", "Elif", "Farid", "Grace", "Hugo", "Ines", "Jonas")
_LETTERS = "pqrstuvw"


def _ratio_text(parts: list[int]) -> str:
    return ":".join(str(p) for p in parts)


def _share(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction, int]:
    count = steps + 1
    parts = [rng.randint(1, 3 + 3 * magnitude) for _ in range(count)]
    unit = Fraction(rng.randint(2, 4 * 10 ** (magnitude - 1) + 6), rng.choice((1, 1, 2, 4)))
    total = unit * sum(parts)
    names = rng.sample(_NAMES, count)
    asked = rng.randrange(count)
    who = ", ".join(names[:-1]) + f" and {names[-1]}"
    question = (
        f"{who} share {number_text(total)} dollars in the ratio {_ratio_text(parts)}. "
        f"How many dollars does {names[asked]} get?"
    )
    if rng.random() < 0.5 and count > 1:
        other = (asked + 1) % count
        question = (
            f"{who} share some money in the ratio {_ratio_text(parts)}. {names[other]} gets "
            f"{number_text(unit * parts[other])} dollars. How many dollars do they share in "
            "total?"
        )
        return question, total, count
    return question, unit * parts[asked], count


def _chain(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction, int]:
    count = steps + 2
    values = [Fraction(rng.randint(2, 6 + 6 * magnitude)) for _ in range(count)]
    facts = []
    for i in range(count - 1):
        a, b = values[i], values[i + 1]
        k = rng.randint(1, 3)
        g = gcd(int(a), int(b))
        facts.append(f"{_LETTERS[i]}:{_LETTERS[i + 1]} = {int(a) // g * k}:{int(b) // g * k}")
    scale = Fraction(rng.randint(1, 3 * magnitude), rng.choice((1, 2, 3)))
    values = [v * scale for v in values]
    given = rng.choice((0, count - 1))
    asked = count - 1 - given
    question = (
        "; ".join(facts) + f". If {_LETTERS[given]} = {number_text(values[given])}, what is "
        f"{_LETTERS[asked]}?"
    )
    return question, values[asked], count


def _variation(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction, int]:
    count = min(steps, 3)
    names = ["x", "z", "w"][:count]
    powers = [rng.choice((1, 2, -1, -2, 3)) if steps > 1 else rng.choice((1, -1))
              for _ in range(count)]  # fmt: skip
    k = Fraction(rng.randint(1, 9), rng.randint(1, 4))
    first = [Fraction(rng.randint(1, 4 + 4 * magnitude)) for _ in range(count)]
    second = [Fraction(rng.randint(1, 4 + 4 * magnitude)) for _ in range(count)]

    def y(values: list[Fraction]) -> Fraction:
        out = k
        for v, p in zip(values, powers):
            out *= v**p
        return out

    words = []
    for name, p in zip(names, powers):
        kind = "directly" if p > 0 else "inversely"
        power = {1: "", 2: " the square of", 3: " the cube of"}[abs(p)]
        words.append(f"{kind} as{power} {name}")
    relation = "y varies " + " and ".join(words)
    at = lambda values: ", ".join(f"{n} = {number_text(v)}" for n, v in zip(names, values))  # noqa: E731
    question = (
        f"{relation}. When {at(first)}, y = {number_text(y(first))}. Find y when {at(second)}."
    )
    return question, y(second), count + sum(abs(p) for p in powers)


def _scale(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction, int]:
    scale = rng.choice((500, 1000, 2000, 2500, 5000, 10000, 20000, 25000, 50000, 100000))
    if steps >= 3 and rng.random() < 0.5:
        area = Fraction(rng.randint(1, 10**magnitude * 4), 4)
        real = area * scale * scale / 10**10  # cm^2 -> km^2
        question = (
            f"A map has scale 1:{scale}. A park covers {number_text(area)} cm^2 on the map. "
            "What is its real area in km^2?"
        )
        return question, real, 4
    length = Fraction(rng.randint(1, 10**magnitude * 4), 4)
    if rng.random() < 0.5 or steps == 1:
        question = (
            f"A map has scale 1:{scale}. Two towns are {number_text(length)} cm apart on the "
            "map. How far apart are they in reality, in km?"
        )
        return question, length * scale / 100000, 2
    real = length * scale / 100000
    question = (
        f"A map has scale 1:{scale}. Two towns are {number_text(real)} km apart. How far "
        "apart are they on the map, in cm?"
    )
    return question, length, 2


def _change(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction, int]:
    while True:
        a, b = rng.randint(1, 4 + magnitude), rng.randint(1, 4 + magnitude)
        if gcd(a, b) == 1 and a != b:
            break
    k = rng.randint(2, 3 + 3 * magnitude)
    red, blue = a * k, b * k
    changes = []
    for _ in range(min(steps, 3)):
        colour = rng.choice(("red", "blue"))
        amount = rng.randint(1, 5 * magnitude)
        if colour == "red":
            if rng.random() < 0.5 and red - amount > 0:
                red -= amount
                changes.append(f"{amount} red marbles are removed")
            else:
                red += amount
                changes.append(f"{amount} red marbles are added")
        elif rng.random() < 0.5 and blue - amount > 0:
            blue -= amount
            changes.append(f"{amount} blue marbles are removed")
        else:
            blue += amount
            changes.append(f"{amount} blue marbles are added")
    g = gcd(red, blue)
    if red / g == a and blue / g == b:
        red += 1
        changes.append("1 red marble is added")
        g = gcd(red, blue)
    ask = rng.choice(("red", "blue", "total"))
    answer = {"red": a * k, "blue": b * k, "total": (a + b) * k}[ask]
    what = "marbles were in the bag at first" if ask == "total" else f"{ask} marbles were there"
    question = (
        f"A bag holds red and blue marbles in the ratio {a}:{b}. Then "
        + ", then ".join(changes)
        + f"; now the ratio of red to blue is {red // g}:{blue // g}. How many {what} "
        + ("" if ask == "total" else "at first")
    ).rstrip() + "?"
    return question, Fraction(answer), 2 + 2 * len(changes)


_TEMPLATES: dict[str, Callable[[random.Random, int, int], tuple[str, Fraction, int]]] = {
    "share": _share,
    "chain": _chain,
    "variation": _variation,
    "scale": _scale,
    "change": _change,
}


class RatioProportion(MathFamily):
    """Ratio and proportion problems: shares, chained ratios, variation, scales, changes.

    Difficulty raises ``steps`` (1 -> 4: ratio parts, ratios chained, variables and powers
    in a variation, changes to a mixture; areas on maps from 3) and ``magnitude`` (1 -> 3:
    digits of the quantities). The setting is drawn at random.

    Answer syntax (stated in the prompt): one exact number without units (form ``number``:
    an integer, a terminating decimal or a fraction p/q). Unique: each problem determines
    one value (the changed-ratio setting is one linear equation in the multiplier, whose
    coefficient is non-zero because the ratio changes).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "steps": Knob("int", 1, 6, default=2, easy=1, hard=4, doc="quantities chained"),
        "magnitude": Knob("int", 1, 4, default=1, easy=1, hard=3, doc="digits of quantities"),
    }
    answer_syntax = (
        "the exact number without units (an integer, a decimal, or a fraction p/q if it does "
        "not terminate)"
    )
    answer_form = "number"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        for _ in range(100):
            name = rng.choice(list(_TEMPLATES))
            question, value, work = _TEMPLATES[name](rng, knobs["steps"], knobs["magnitude"])
            if value in stated_numbers(question):
                continue
            meta = {"template": name, "work": work, "question": question}
            # where the question names the unknown ("what is r?", "Find y"), r = 9/2 is fine
            asked = re.search(r"(?:what is|Find) ([a-z])(?: when|\?)", question)
            meta["variable"] = asked.group(1) if asked else ""
            return Draft(question, number_text(value), meta)

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        variable = problem.meta.get("variable")
        return (variable,) if variable else ()
        raise RuntimeError("no ratio problem found")  # pragma: no cover

    def complexity(self, problem: Problem) -> float:
        """Four per step of work (parts, ratios, powers, changes), plus half the digits
        given and the answer's length."""
        digits = sum(c.isdigit() for c in problem.meta["question"])
        return 4 * problem.meta["work"] + digits / 2 + len(problem.answer)
