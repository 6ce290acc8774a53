"""UnitConversion: exact conversions through chains of defined unit factors.

Lengths, masses and times, then areas and volumes (squares and cubes of the length factors,
litres and US gallons), speeds, accelerations, densities, flow rates and fuel economy: a
quantity in one (compound) unit is converted to another. Every factor is exact: metric
prefixes and time units are universal; every other factor the problem needs is stated in
the prompt (``1 in = 2.54 cm``, ``1 ft = 12 in``, ``1 mi = 5280 ft``, ``1 gal = 231 in^3``,
``1 lb = 0.45359237 kg``, ``1 lb = 16 oz``, ``1 L = 1000 cm^3``), all of them exact by
definition. The answer is the value times the product of the factors, each to the power its
unit carries, computed with ``fractions.Fraction``.

Answer syntax: the exact number without units: an integer, a terminating decimal or a
fraction p/q (``12.7``, ``125/36``).

Knobs: ``level`` (1: length, mass, time; 2: area, speed; 3: volume, acceleration; 4:
density, flow rate; 5: fuel economy and cross-system compound units) and ``digits`` (the
size of the given value, and its decimal places). At difficulty 1 a density in lb/ft^3
becomes g/cm^3 through six stated factors, cubed.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.function_parts import stated_numbers
from rlvr_envs.families.math.word_problems import number_text
from rlvr_envs.families.shared.math_answers import MathFamily

_IN = Fraction(254, 10000)
_LB = Fraction(45359237, 10**8)
# name -> (factor in SI base units, facts stated when the unit is used, units it relies on)
_UNITS: dict[str, tuple[Fraction, str, tuple[str, ...]]] = {
    "mm": (Fraction(1, 1000), "", ()),
    "cm": (Fraction(1, 100), "", ()),
    "m": (Fraction(1), "", ()),
    "km": (Fraction(1000), "", ()),
    "in": (_IN, "1 in = 2.54 cm", ()),
    "ft": (12 * _IN, "1 ft = 12 in", ("in",)),
    "yd": (36 * _IN, "1 yd = 3 ft", ("ft",)),
    "mi": (63360 * _IN, "1 mi = 5280 ft", ("ft",)),
    "mg": (Fraction(1, 10**6), "", ()),
    "g": (Fraction(1, 1000), "", ()),
    "kg": (Fraction(1), "", ()),
    "t": (Fraction(1000), "1 t = 1000 kg", ()),
    "lb": (_LB, "1 lb = 0.45359237 kg", ()),
    "oz": (_LB / 16, "1 lb = 16 oz", ("lb",)),
    "s": (Fraction(1), "", ()),
    "min": (Fraction(60), "", ()),
    "h": (Fraction(3600), "", ()),
    "day": (Fraction(86400), "", ()),
    "L": (Fraction(1, 1000), "1 L = 1000 cm^3", ()),
    "mL": (Fraction(1, 10**6), "1 mL = 1 cm^3", ()),
    "gal": (231 * _IN**3, "1 gal = 231 in^3", ("in",)),
}
_LENGTH = ("mm", "cm", "m", "km", "in", "ft", "yd", "mi")
Unit = tuple[tuple[str, int], ...]


def _u(*parts: tuple[str, int]) -> Unit:
    return tuple(parts)


_KINDS: dict[str, tuple[int, list[Unit]]] = {
    "length": (1, [_u((n, 1)) for n in _LENGTH]),
    "mass": (1, [_u((n, 1)) for n in ("mg", "g", "kg", "t", "oz", "lb")]),
    "time": (1, [_u((n, 1)) for n in ("s", "min", "h", "day")]),
    "area": (2, [_u((n, 2)) for n in _LENGTH]),
    "speed": (2, [_u(("m", 1), ("s", -1)), _u(("km", 1), ("h", -1)), _u(("mi", 1), ("h", -1)),
                  _u(("ft", 1), ("s", -1)), _u(("cm", 1), ("s", -1)), _u(("m", 1), ("min", -1))]),
    "volume": (3, [*(_u((n, 3)) for n in ("mm", "cm", "m", "in", "ft", "yd")),
                   _u(("L", 1)), _u(("mL", 1)), _u(("gal", 1))]),
    "acceleration": (3, [_u(("m", 1), ("s", -2)), _u(("km", 1), ("h", -2)),
                         _u(("ft", 1), ("s", -2)), _u(("cm", 1), ("s", -2))]),
    "density": (4, [_u(("g", 1), ("cm", -3)), _u(("kg", 1), ("m", -3)),
                    _u(("lb", 1), ("ft", -3)), _u(("oz", 1), ("in", -3)),
                    _u(("g", 1), ("L", -1)), _u(("lb", 1), ("gal", -1))]),
    "flow": (4, [_u(("L", 1), ("min", -1)), _u(("gal", 1), ("h", -1)), _u(("m", 3), ("s", -1)),
                 _u(("mL", 1), ("s", -1)), _u(("ft", 3), ("min", -1))]),
    "fuel": (5, [_u(("mi", 1), ("gal", -1)), _u(("km", 1), ("L", -1)), _u(("m", 1), ("mL", -1))]),
    "pressure": (5, [_u(("lb", 1), ("in", -2)), _u(("kg", 1), ("cm", -2)), _u(("g", 1), ("mm", -2)),
                     _u(("t", 1), ("m", -2))]),
}  # fmt: skip


def _text(unit: Unit) -> str:
    top = [f"{n}^{p}" if p > 1 else n for n, p in unit if p > 0]
    bottom = [f"{n}^{-p}" if p < -1 else n for n, p in unit if p < 0]
    text = "*".join(top)
    return f"{text}/{'/'.join(bottom)}" if bottom else text


def _factor(unit: Unit) -> Fraction:
    value = Fraction(1)
    for name, power in unit:
        value *= _UNITS[name][0] ** power
    return value


def _facts(unit_names: set[str]) -> list[str]:
    seen: list[str] = []
    todo = sorted(unit_names)
    while todo:
        name = todo.pop()
        fact, needs = _UNITS[name][1], _UNITS[name][2]
        if fact and fact not in seen:
            seen.append(fact)
        todo.extend(needs)
    order = [u[1] for u in _UNITS.values()]
    return sorted(seen, key=order.index)


class UnitConversion(MathFamily):
    """Convert a quantity between (compound) units, exactly, through stated factors.

    Difficulty raises ``level`` (which quantities: 1 length/mass/time, 2 area/speed,
    3 volume/acceleration, 4 density/flow, 5 fuel economy/pressure; each level draws from
    its own and the one below) and ``digits`` (1 -> 4: the given value's size and decimals).

    Answer syntax (stated in the prompt): one exact number without units: an integer, a
    terminating decimal or a fraction p/q (form ``number``; a rounded decimal is wrong).
    Unique: a conversion has one value.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob("int", 1, 5, default=2, easy=1, hard=5, doc="kind of quantity"),
        "digits": Knob("int", 1, 5, default=2, easy=1, hard=4, doc="digits of the value"),
    }
    answer_syntax = (
        "the exact number without units (an integer, a terminating decimal, or a fraction "
        "p/q if it does not terminate)"
    )
    answer_form = "number"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        level, digits = knobs["level"], knobs["digits"]
        kinds = sorted(k for k, (lv, _) in _KINDS.items() if level - 1 <= lv <= level)
        for _ in range(100):
            kind = rng.choice(kinds)
            source, target = rng.sample(_KINDS[kind][1], 2)
            ratio = _factor(source) / _factor(target)
            if ratio == 1:
                continue
            value = Fraction(rng.randint(2, 10**digits - 1), 10 ** rng.randint(0, digits - 1))
            if value == 1:
                continue
            answer = value * ratio
            names = {n for n, _ in source} | {n for n, _ in target}
            facts = _facts(names)
            given = number_text(value)
            question = f"Convert {given} {_text(source)} to {_text(target)}."
            if facts:
                question += " Use these exact definitions: " + "; ".join(facts) + "."
            question += (
                " Give the exact value in the new unit, without units: an integer, a "
                "terminating decimal, or a fraction p/q if it does not terminate."
            )
            if answer in stated_numbers(question):
                continue
            steps = sum(abs(p) * (1 + len(_UNITS[n][2])) for n, p in (*source, *target))
            meta = {"kind": kind, "steps": steps, "facts": len(facts)}
            return Draft(question, number_text(answer), meta)
        raise RuntimeError("no conversion found")  # pragma: no cover

    def complexity(self, problem: Problem) -> float:
        """Three per factor applied (a unit's power, plus the definitions it relies on), two
        per stated definition, and half the answer's length."""
        meta = problem.meta
        return 3 * meta["steps"] + 2 * meta["facts"] + len(problem.answer) / 2
