"""OddOneOut: the number that does not belong, with the rule the others share as witness.

The prompt lists numbers; all but one share a property from a stated list (even, odd, a
multiple of k for k from 3 to 9, prime, a perfect square, ending in the digit d, a digit
sum that is even or odd, digits in increasing order) and the odd one does not. The answer
names a number and a property: it scores 1 when every other listed number has the property
and the named one does not, whichever pair that is (several can be right; the check judges
the pair against the list). A number alone, or a property alone, earns nothing.

Answer syntax: ``number; property``, the property written as in the prompt's list
(``42; multiple of 7``, ``9; prime``).

Knobs: ``items`` (numbers listed, 5 -> 10) and ``digits`` (digits per number, 2 -> 4).
Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, read_integer


def _prime(n: int) -> bool:
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True


def _square(n: int) -> bool:
    root = int(n**0.5)
    return any((root + d) ** 2 == n for d in (-1, 0, 1))


def _multiple(k: int) -> Callable[[int], bool]:
    return lambda n: n % k == 0


def _ends(d: int) -> Callable[[int], bool]:
    return lambda n: n % 10 == d


PROPERTIES: dict[str, Callable[[int], bool]] = {
    "even": lambda n: n % 2 == 0,
    "odd": lambda n: n % 2 == 1,
    **{f"multiple of {k}": _multiple(k) for k in range(3, 10)},
    "prime": _prime,
    "square": _square,
    **{f"ends in {d}": _ends(d) for d in range(10)},
    "even digit sum": lambda n: sum(map(int, str(n))) % 2 == 0,
    "odd digit sum": lambda n: sum(map(int, str(n))) % 2 == 1,
    "increasing digits": lambda n: list(str(n)) == sorted(set(str(n))),
}
_ANSWER = re.compile(r"(.+?)\s*[;:,]\s*(?:the others are (?:all )?)?([a-z][a-z0-9 ]*?)\s*")


class OddOneOut(Family):
    """The odd number out, with the property every other number has."""

    knobs: ClassVar[dict[str, Knob]] = {
        "items": Knob("int", 4, 14, default=6, easy=5, hard=10, doc="numbers listed"),
        "digits": Knob("int", 2, 5, default=2, easy=2, hard=4, doc="digits per number"),
    }
    answer_syntax = (
        "the odd number, a semicolon and the property all the others share, as written in "
        "the list (e.g. 42; multiple of 7)"
    )
    answer_form = "number; property"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, digits = int(knobs["items"]), int(knobs["digits"])
        low, high = 10 ** (digits - 1), 10**digits - 1
        names = list(PROPERTIES)
        while True:
            name = rng.choice(names)
            prop = PROPERTIES[name]
            sharing, other = [], None
            for _ in range(400):
                n = rng.randint(low, high)
                if prop(n):
                    if n not in sharing and len(sharing) < count - 1:
                        sharing.append(n)
                elif other is None:
                    other = n
                if other is not None and len(sharing) == count - 1:
                    break
            if other is None or len(sharing) < count - 1:
                continue
            items = [*sharing, other]
            rng.shuffle(items)
            break
        listed = (
            "  even, odd, prime, square,\n  multiple of 3, multiple of 4, ... up to multiple "
            "of 9,\n  ends in 0, ends in 1, ... up to ends in 9,\n  even digit sum, odd digit "
            "sum, increasing digits"
        )
        question = (
            f"Numbers: {', '.join(map(str, items))}\n\nAll of these numbers but one share a "
            f"property from this list, and the remaining one does not have it:\n{listed}\n\n"
            "Which number is the odd one out, and what property do all the others have? "
            "(digit sum: the sum of the digits; increasing digits: each digit larger than "
            "the one before; square: the square of a whole number)"
        )
        return Draft(question, f"{other}; {name}", {"items": items})

    def check(self, problem: Problem, answer: str) -> Judgement:
        if len(answer) > 200:
            return Judgement.unparsable("the answer is too long")
        match = _ANSWER.fullmatch(answer.strip())
        if not match:
            return Judgement.unparsable("expected 'number; property'")
        try:
            odd = read_integer(match.group(1))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        name = re.sub(r"\s+", " ", match.group(2).strip().lower())
        name = re.sub(r"^(?:a |an )", "", name)
        name = re.sub(r"^multiples of ", "multiple of ", name)  # "the others are multiples"
        name = re.sub(r"^end in ", "ends in ", name)
        name = {"perfect square": "square", "squares": "square", "primes": "prime"}.get(name, name)
        if name not in PROPERTIES:
            return Judgement.unparsable(f"{name[:40]!r} is not a property of the list")
        items = problem.meta["items"]
        if odd not in items:
            return Judgement.wrong(why="that number is not in the list")
        prop = PROPERTIES[name]
        if prop(odd):
            return Judgement.wrong(why="the named number has the property")
        if not all(prop(n) for n in items if n != odd):
            return Judgement.wrong(why="another number lacks the property")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Numbers times their digits (the properties to test on each)."""
        items = problem.meta["items"]
        return len(items) * len(str(max(items)))
