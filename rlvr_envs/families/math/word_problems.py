"""Templated multi-step word problems with exact answers.

Six settings: shopping (costs and change), travel (time, distance, average speed), ages
(linked ages and a sum), work rates (pipes or workers together, drains included), percent
changes (successive increases and discounts) and mixtures (concentration of a blend). The
``steps`` knob sets how many quantities are chained (items bought, legs travelled, people,
pipes, percent changes, solutions mixed); every quantity is built so the answer exists and
is exact (computed with ``fractions.Fraction``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

_NAMES = (
    "Ana", "Ben", "Carla", "Dev", "Elif", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kemi",
    "Liam", "Mei", "Nora", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tara",
)  # fmt: skip
_ITEMS = (
    ("notebook", "notebooks"), ("pen", "pens"), ("apple", "apples"), ("ticket", "tickets"),
    ("candle", "candles"), ("mug", "mugs"), ("poster", "posters"), ("sandwich", "sandwiches"),
    ("battery", "batteries"), ("plant", "plants"), ("towel", "towels"), ("map", "maps"),
)  # fmt: skip

Template = Callable[[random.Random, int, int], tuple[str, Fraction]]


def number_text(value: Fraction) -> str:
    """``12``, ``12.5``, ``-0.125`` for terminating decimals (up to 4 places), else ``p/q``."""
    if value.denominator == 1:
        return str(value.numerator)
    den, twos, fives = value.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    places = max(twos, fives)
    if den != 1 or places > 4:
        return fraction_text(value)
    scaled = abs(value.numerator * 10**places // value.denominator)
    whole, frac = divmod(scaled, 10**places)
    text = f"{whole}.{frac:0{places}d}".rstrip("0")
    return f"-{text}" if value < 0 else text


def _money(value: Fraction) -> str:
    """``$12`` or ``$12.50`` (values are whole cents)."""
    if value.denominator == 1:
        return f"${value.numerator}"
    cents = int(value * 100)
    return f"${cents // 100}.{cents % 100:02d}"


def _names(rng: random.Random, count: int) -> list[str]:
    return rng.sample(_NAMES, count)


class WordProblems(MathFamily):
    """Multi-step word problems (shopping, travel, ages, work rates, percents, mixtures).

    Difficulty raises ``steps`` (how many quantities are chained, so how many operations the
    solution takes) and ``magnitude`` (the number of digits of the quantities). The setting
    is drawn at random from the six templates.

    Answer syntax: one exact number without units: an integer, a terminating decimal, or a
    fraction ``p/q`` (``12.5``, ``25/6``); a rounded decimal of a non-terminating value is
    wrong.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "steps": Knob("int", 1, 8, default=2, easy=1, hard=6, doc="quantities chained"),
        "magnitude": Knob("int", 1, 4, default=1, easy=1, hard=3, doc="digits of quantities"),
    }
    answer_syntax = (
        "the exact number without units (an integer, a decimal, or a fraction p/q if it does "
        "not terminate)"
    )
    answer_form = "number"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        name = rng.choice(list(_TEMPLATES))
        question, value = _TEMPLATES[name](rng, knobs["steps"], knobs["magnitude"])
        meta = {"template": name, "chain": knobs["steps"], "question": question}
        return Draft(question, number_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Five per chained quantity, plus half the digits given, plus the answer's length.

        ``chain`` counts the chained quantities in the text: items bought, legs travelled,
        relations between people, pipes beyond the first, percent changes, solutions
        beyond the first.
        """
        digits = sum(c.isdigit() for c in problem.meta["question"])
        return 5 * problem.meta["chain"] + digits / 2 + len(problem.answer)


def _shopping(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction]:
    who = _names(rng, 1)[0]
    lines, total = [], Fraction(0)
    for singular, plural in rng.sample(_ITEMS, min(steps, len(_ITEMS))):
        quantity = rng.randint(1, 3 + 3 * magnitude)
        if magnitude == 1:
            price = Fraction(rng.randint(1, 9))
        else:
            price = Fraction(rng.randint(4 * 10 ** (magnitude - 1), 4 * 10**magnitude), 4)
        total += quantity * price
        noun = singular if quantity == 1 else plural
        lines.append(f"{quantity} {noun} at {_money(price)} each")
    bought = lines[0] if len(lines) == 1 else ", ".join(lines[:-1]) + f" and {lines[-1]}"
    question = f"{who} buys {bought}."
    if steps > 1 and rng.random() < 0.5:
        unit = 10**magnitude
        paid = (total // unit + 1 + rng.randint(0, 2)) * unit
        question += (
            f" {who} pays with {_money(Fraction(paid))}. How much change, in dollars, "
            f"does {who} get?"
        )
        return question, paid - total
    return question + f" How much does {who} spend in total, in dollars?", total


def _travel(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction]:
    who = _names(rng, 1)[0]
    legs, distance, time = [], Fraction(0), Fraction(0)
    timed = False
    for i in range(steps):
        speed = 5 * rng.randint(2, 4 + 4 * magnitude)
        timed = rng.random() < 0.5
        if timed:
            hours = Fraction(rng.randint(1, 4 + 2 * magnitude), 2)
            unit = "hour" if hours == 1 else "hours"
            legs.append(f"drives for {number_text(hours)} {unit} at {speed} km/h")
            distance, time = distance + speed * hours, time + hours
        else:
            km = rng.randint(10, 10 ** (magnitude + 1) + 40)
            legs.append(f"drives {km} km at {speed} km/h")
            distance, time = distance + km, time + Fraction(km, speed)
        if i == 0 and steps > 1:
            legs[-1] = "first " + legs[-1]
    text = legs[0] if len(legs) == 1 else ", then ".join(legs)
    question = f"{who} {text}."
    if steps == 1:
        if timed:
            return question + " How many kilometres does the trip cover?", distance
        return question + " How many hours does the trip take?", time
    if rng.random() < 0.5:
        return question + " How many hours does the whole trip take?", time
    return question + " What is the average speed for the whole trip, in km/h?", distance / time


def _ages(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction]:
    people = _names(rng, steps + 1)
    base = rng.randint(3, 10 + 10 * magnitude)
    ages = [base]
    facts = []
    for i in range(1, steps + 1):
        j = rng.randrange(i)
        other = ages[j]
        choice = rng.random()
        if choice < 0.3 and other % 2 == 0 and other // 2 >= 1:
            m = next(m for m in (4, 3, 2) if other % m == 0)
            ages.append(other // m)
            facts.append(f"{people[j]} is {m} times as old as {people[i]}")
        elif choice < 0.5:
            m = rng.randint(2, 3)
            ages.append(other * m)
            facts.append(f"{people[i]} is {m} times as old as {people[j]}")
        elif choice < 0.75 and other > 2:
            gap = rng.randint(1, min(other - 1, 5 * magnitude + 5))
            ages.append(other - gap)
            facts.append(f"{people[i]} is {gap} years younger than {people[j]}")
        else:
            gap = rng.randint(1, 5 * magnitude + 5)
            ages.append(other + gap)
            facts.append(f"{people[i]} is {gap} years older than {people[j]}")
    later = rng.randint(0, 5 * magnitude)
    total = sum(ages) + later * len(ages)
    everyone = ", ".join(people[:-1]) + f" and {people[-1]}"
    if later:
        clue = f"In {later} years, the sum of the ages of {everyone} will be {total}."
    else:
        clue = f"The sum of the ages of {everyone} is {total}."
    asked = rng.randrange(len(people))
    question = ". ".join(facts) + f". {clue} How old is {people[asked]} now, in years?"
    return question, Fraction(ages[asked])


def _work(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction]:
    count = steps + 1
    hours = [rng.randint(2, 4 + 4 * magnitude) for _ in range(count)]
    drain = count >= 3 and rng.random() < 0.5
    fill = hours[:-1] if drain else hours
    rate = sum(Fraction(1, h) for h in fill)
    if drain:
        # A drain slower than the pipes together, so the tank still fills.
        hours[-1] = rng.randint(int(1 / rate) + 2, int(1 / rate) + 2 + 4 * magnitude)
        rate -= Fraction(1, hours[-1])
    letters = "ABCDEFGHI"
    parts = [f"pipe {letters[i]} fills it in {h} hours" for i, h in enumerate(fill)]
    if drain:
        parts.append(f"a drain empties a full tank in {hours[-1]} hours")
    listed = ", ".join(parts[:-1]) + f" and {parts[-1]}"
    question = (
        f"An empty tank is being filled. Alone, {listed}. If all of them are open at the "
        "same time, how many hours does it take to fill the empty tank?"
    )
    return question, 1 / rate


def _percent(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction]:
    price = Fraction(10**magnitude * rng.randint(2, 20))
    changes, value = [], price
    for _ in range(steps):
        percent = rng.choice((10, 20, 25, 30, 40, 50))
        if rng.random() < 0.5:
            changes.append(f"increased by {percent}%")
            value = value * (100 + percent) / 100
        else:
            changes.append(f"decreased by {percent}%")
            value = value * (100 - percent) / 100
    text = changes[0] if len(changes) == 1 else ", then ".join(changes)
    question = (
        f"A bicycle costs {_money(price)}. Its price is {text}. What is the final price, "
        "in dollars?"
    )
    return question, value


def _mixture(rng: random.Random, steps: int, magnitude: int) -> tuple[str, Fraction]:
    parts, volume, salt = [], 0, Fraction(0)
    for _ in range(steps + 1):
        litres = rng.randint(1, 5 * 10 ** (magnitude - 1) + 4)
        percent = 5 * rng.randint(1, 19)
        unit = "litre" if litres == 1 else "litres"
        parts.append(f"{litres} {unit} of a {percent}% salt solution")
        volume += litres
        salt += Fraction(litres * percent, 100)
    listed = ", ".join(parts[:-1]) + f" and {parts[-1]}"
    question = (
        f"A chemist mixes {listed}. What percentage of the mixture is salt? "
        "Give the percentage as a number (for 12.5% write 12.5)."
    )
    return question, salt * 100 / volume


_TEMPLATES: dict[str, Template] = {
    "shopping": _shopping,
    "travel": _travel,
    "ages": _ages,
    "work": _work,
    "percent": _percent,
    "mixture": _mixture,
}
