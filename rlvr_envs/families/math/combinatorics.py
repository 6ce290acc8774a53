"""Counting problems from templates, answered with closed forms (``math.comb``, ``math.perm``).

Templates come in five levels; the ``level`` knob picks one level and a template of it is
drawn at random:

* ``basic``: arranging n distinct objects in a row, ordered selections, unordered selections;
* ``repetition``: arrangements of letters with repeats (multinomials), codes of symbols;
* ``distribution``: identical objects into distinct boxes (stars and bars), with a minimum
  per box, and shortest grid paths;
* ``constrained``: committees with "at least one" or exact-split conditions, two people
  together or apart in a row, round tables;
* ``inclusion_exclusion``: integers divisible by some of two or three numbers,
  derangements, and boxes with a maximum per box.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import comb, factorial, lcm, perm
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.shared.math_answers import MathFamily

_LETTERS = "ABCDEFGHIJKLMNOPRSTUVWXYZ"

Template = Callable[[random.Random, int], tuple[str, int, int]]  # (question, answer, steps)


class Combinatorics(MathFamily):
    """Count arrangements, selections and distributions exactly.

    Difficulty moves ``level`` through ``basic``, ``repetition``, ``distribution``,
    ``constrained`` and ``inclusion_exclusion`` (see the module docstring for the templates)
    and raises ``n`` (the number of objects or people).

    Answer syntax: one non-negative integer (the count), written out in full.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob(
            "categorical",
            choices=("basic", "repetition", "distribution", "constrained", "inclusion_exclusion"),
            default="basic",
            doc="template group",
        ),
        "n": Knob("int", 3, 30, default=6, easy=4, hard=20, doc="objects or people"),
    }
    answer_syntax = "the count as an integer (written out in full)"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        template = rng.choice(_LEVELS[knobs["level"]])
        question, answer, steps = template(rng, knobs["n"])
        meta = {"template": template.__name__[1:], "steps": steps, "question": question}
        return Draft(question, str(answer), meta)

    def complexity(self, problem: Problem) -> float:
        """Digits given and digits of the count, plus the counting steps combined."""
        given = sum(c.isdigit() for c in problem.meta["question"])
        return given + len(problem.answer) + 2 * problem.meta["steps"]


# -- basic ---------------------------------------------------------------------------------
def _row(rng: random.Random, n: int) -> tuple[str, int, int]:
    things = rng.choice(("different books", "distinct paintings", "people", "different flags"))
    place = {"people": "stand in a line"}.get(things, "be arranged in a row")
    return f"In how many ways can {n} {things} {place}?", factorial(n), 1


def _ordered(rng: random.Random, n: int) -> tuple[str, int, int]:
    k = rng.randint(2, max(2, n - 1))
    question = (
        f"A club has {n} members. In how many ways can it choose {_ordinal_roles(k)}, "
        "if no member holds two roles?"
    )
    return question, perm(n, k), 1


def _ordinal_roles(k: int) -> str:
    roles = ["a president", "a vice-president", "a secretary", "a treasurer", "a historian"]
    if k <= len(roles):
        return ", ".join(roles[: k - 1]) + f" and {roles[k - 1]}"
    return f"{k} officers for {k} different numbered posts"


def _choose(rng: random.Random, n: int) -> tuple[str, int, int]:
    k = rng.randint(2, max(2, n - 2))
    question = (
        f"In how many ways can a team of {k} be chosen from {n} people "
        "(the order of choosing does not matter)?"
    )
    return question, comb(n, k), 1


# -- repetition ----------------------------------------------------------------------------
def _word(rng: random.Random, n: int) -> tuple[str, int, int]:
    kinds = rng.randint(2, max(2, min(5, n - 1)))
    letters = rng.sample(_LETTERS, kinds)
    counts = [1] * kinds
    for _ in range(n - kinds):
        counts[rng.randrange(kinds)] += 1
    if max(counts) == 1:
        counts[0] += 1
    pool = [c for letter, count in zip(letters, counts) for c in letter * count]
    rng.shuffle(pool)
    word = "".join(pool)
    answer = factorial(len(word))
    for count in counts:
        answer //= factorial(count)
    question = (
        f"How many distinct strings can be formed by rearranging all the letters of {word} "
        "(the string itself counts)?"
    )
    return question, answer, 1 + sum(1 for c in counts if c > 1)


def _stars_bars(rng: random.Random, n: int) -> tuple[str, int, int]:
    boxes = rng.randint(2, max(2, min(6, n // 2 + 1)))
    question = (
        f"In how many ways can {n} identical balls be placed into {boxes} distinct boxes, "
        "if boxes may be left empty?"
    )
    return question, comb(n + boxes - 1, boxes - 1), 2


def _grid(rng: random.Random, n: int) -> tuple[str, int, int]:
    right = rng.randint(1, n)
    up = rng.randint(1, n)
    question = (
        f"How many shortest paths along grid lines lead from (0, 0) to ({right}, {up}), "
        "each step moving one unit right or one unit up?"
    )
    return question, comb(right + up, up), 2


def _codes(rng: random.Random, n: int) -> tuple[str, int, int]:
    symbols = rng.randint(2, 10)
    length = rng.randint(2, max(2, n // 2 + 1))
    if rng.random() < 0.5:
        question = (
            f"How many codes of length {length} can be made from {symbols} different symbols "
            "if symbols may repeat?"
        )
        return question, symbols**length, 1
    length = min(length, symbols)
    question = (
        f"How many codes of length {length} can be made from {symbols} different symbols "
        "if no symbol is used twice?"
    )
    return question, perm(symbols, length), 1


# -- constrained ---------------------------------------------------------------------------
def _committee(rng: random.Random, n: int) -> tuple[str, int, int]:
    women = rng.randint(2, max(2, n - 2))
    men = max(2, n - women)
    size = rng.randint(2, min(women + men - 1, max(3, n // 2 + 1)))
    if rng.random() < 0.5:
        question = (
            f"A group has {men} men and {women} women. How many committees of {size} "
            "contain at least one woman?"
        )
        return question, comb(men + women, size) - comb(men, size), 3
    w = rng.randint(max(1, size - men), min(women, size))
    question = (
        f"A group has {men} men and {women} women. How many committees of {size} contain "
        f"exactly {w} {'woman' if w == 1 else 'women'}?"
    )
    return question, comb(women, w) * comb(men, size - w), 3


def _together(rng: random.Random, n: int) -> tuple[str, int, int]:
    if rng.random() < 0.5:
        question = (
            f"In how many ways can {n} people stand in a row if two particular people, "
            "Ann and Bob, must stand next to each other?"
        )
        return question, 2 * factorial(n - 1), 3
    question = (
        f"In how many ways can {n} people stand in a row if two particular people, "
        "Ann and Bob, must not stand next to each other?"
    )
    return question, factorial(n) - 2 * factorial(n - 1), 4


def _round_table(rng: random.Random, n: int) -> tuple[str, int, int]:
    question = (
        f"In how many ways can {n} people sit around a round table, if two seatings are the "
        "same when one is a rotation of the other?"
    )
    return question, factorial(n - 1), 2


def _minimum_each(rng: random.Random, n: int) -> tuple[str, int, int]:
    boxes = rng.randint(2, max(2, min(6, n // 2)))
    least = rng.randint(1, max(1, n // (2 * boxes)))
    balls = n + boxes * least
    question = (
        f"In how many ways can {balls} identical coins be given to {boxes} children if each "
        f"child gets at least {least}?"
    )
    free = balls - boxes * least
    return question, comb(free + boxes - 1, boxes - 1), 3


def _divisible(rng: random.Random, n: int) -> tuple[str, int, int]:
    limit = rng.randint(10 * n, 100 * n)
    if rng.random() < 0.5:
        a, b = rng.sample((2, 3, 4, 5, 6, 7, 9, 10, 11, 12), 2)
        either = limit // a + limit // b - limit // lcm(a, b)
        if rng.random() < 0.5:
            question = f"How many integers from 1 to {limit} are divisible by {a} or by {b}?"
            return question, either, 4
        question = f"How many integers from 1 to {limit} are divisible by neither {a} nor {b}?"
        return question, limit - either, 5
    a, b, c = rng.sample((2, 3, 4, 5, 6, 7, 9, 10, 11), 3)
    some = (
        limit // a
        + limit // b
        + limit // c
        - limit // lcm(a, b)
        - limit // lcm(a, c)
        - limit // lcm(b, c)
        + limit // lcm(a, b, c)
    )
    question = (
        f"How many integers from 1 to {limit} are divisible by at least one of {a}, {b} and {c}?"
    )
    return question, some, 7


def _derangement(rng: random.Random, n: int) -> tuple[str, int, int]:
    count = rng.randint(max(3, n // 2), n)
    previous, current = 1, 0  # D(0), D(1)
    for k in range(2, count + 1):
        previous, current = current, (k - 1) * (previous + current)
    question = (
        f"{count} letters are put into their {count} addressed envelopes, one letter per "
        "envelope. In how many ways can this be done so that no letter is in its own envelope?"
    )
    return question, current, 5


def _at_most(rng: random.Random, n: int) -> tuple[str, int, int]:
    boxes = rng.randint(3, max(3, min(6, n // 2)))
    cap = rng.randint(2, max(2, n // 3))
    total = rng.randint(cap + 1, boxes * cap - 1)
    ways = sum(
        (-1) ** j * comb(boxes, j) * comb(total - j * (cap + 1) + boxes - 1, boxes - 1)
        for j in range(boxes + 1)
        if total - j * (cap + 1) >= 0
    )
    question = (
        f"In how many ways can {total} identical sweets be shared among {boxes} children "
        f"if no child gets more than {cap} (a child may get none)?"
    )
    return question, ways, 6


_LEVELS: dict[str, list[Template]] = {
    "basic": [_row, _ordered, _choose],
    "repetition": [_word, _codes],
    "distribution": [_stars_bars, _grid, _minimum_each],
    "constrained": [_committee, _together, _round_table],
    "inclusion_exclusion": [_divisible, _derangement, _at_most],
}
