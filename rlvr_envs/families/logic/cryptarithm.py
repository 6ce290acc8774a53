"""Cryptarithms: letters stand for digits in an addition; find the digit of every letter.

The alphametic of H. E. Dudeney (SEND + MORE = MONEY, Strand Magazine, 1924): different
letters are different digits, equal letters equal digits, and no number starts with 0. The
generator draws random addends, writes their sum, and replaces each digit by a random
letter. Every puzzle has exactly one solution: an exact search (the addition as one linear
equation over the letters' digits, see :func:`solve`) counts the solutions up to two; while
there are two, the digit of a letter on which they differ is revealed as a hint.

Answer syntax: every letter with its digit, ``A=1, B=7, C=0`` (commas, semicolons or spaces
between items). The verifier checks the rules and the addition, so it judges constraints
rather than comparing strings; since the solution is unique, any change of a digit fails.

Knobs: ``addends`` (numbers added) and ``digits`` (length of the longest addend).
"""

from __future__ import annotations

import math
import random
import re
import string
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan

_ITEM = re.compile(r"([A-Za-z])\s*[=:]\s*(\d)(?!\d)")


class Cryptarithm(Family):
    """Solve a letter addition in which each letter is a distinct digit."""

    knobs: ClassVar[dict[str, Knob]] = {
        "addends": Knob("int", 2, 5, default=2, easy=2, hard=4, doc="numbers added"),
        "digits": Knob("int", 2, 7, default=3, easy=2, hard=5, doc="longest addend's digits"),
    }
    answer_syntax = "every letter with its digit (e.g. A=1, B=7, C=0)"
    answer_form = "digit of each letter"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        words, truth = _draw(rng, knobs["addends"], knobs["digits"])
        hints: dict[str, int] = {}
        while True:  # reveal a letter on which a rival solution differs, until none is left
            rival = next((s for s in solve(words, hints, 2) if s != truth), None)
            if rival is None:
                break
            letter = rng.choice(sorted(k for k in truth if rival[k] != truth[k]))
            hints[letter] = truth[letter]
        question = _question(words, hints)
        answer = ", ".join(f"{letter}={truth[letter]}" for letter in sorted(truth))
        return Draft(question, answer, {"words": words, "hints": hints})

    def check(self, problem: Problem, answer: str) -> Judgement:
        words, hints = problem.meta["words"], problem.meta["hints"]
        letters = sorted(set("".join(words)))
        try:
            values = parse_letters(answer, letters)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(set(values.values())) != len(values):
            return Judgement.wrong(why="two letters share a digit")
        if any(values[w[0]] == 0 for w in words if len(w) > 1):
            return Judgement.wrong(why="a number starts with 0")
        if any(values[k] != v for k, v in hints.items()):
            return Judgement.wrong(why="a given letter changed")
        numbers = [int("".join(str(values[c]) for c in w)) for w in words]
        if sum(numbers[:-1]) != numbers[-1]:
            return Judgement.wrong(why="the addition does not hold")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """log2 of the digit choices for the unknown letters, plus the letters in the sum."""
        words, hints = problem.meta["words"], problem.meta["hints"]
        free = len(set("".join(words))) - len(hints)
        return math.log2(math.perm(10 - len(hints), free)) + sum(len(w) for w in words)


def _draw(rng: random.Random, addends: int, digits: int) -> tuple[list[str], dict[str, int]]:
    """Random addends (the longest has ``digits`` digits), their sum, as letter words."""
    numbers = [_number(rng, digits)]
    numbers += [_number(rng, rng.randint(max(1, digits - 1), digits)) for _ in range(addends - 1)]
    rng.shuffle(numbers)
    numbers.append(sum(numbers))
    used = sorted(set("".join(map(str, numbers))))
    code = dict(zip(used, rng.sample(string.ascii_uppercase, len(used))))
    words = ["".join(code[d] for d in str(n)) for n in numbers]
    return words, {code[d]: int(d) for d in used}


def _number(rng: random.Random, digits: int) -> int:
    return rng.randint(10 ** (digits - 1) if digits > 1 else 1, 10**digits - 1)


def _question(words: list[str], hints: dict[str, int]) -> str:
    width = len(words[-1]) + 2
    lines = [w.rjust(width) for w in words[:-1]]
    lines[-1] = "+" + lines[-1][1:]
    lines += ["-" * width, words[-1].rjust(width)]
    given = ""
    if hints:
        given = (
            "\nYou are also told: " + ", ".join(f"{k}={v}" for k, v in sorted(hints.items())) + "."
        )
    return (
        "In this addition each letter stands for a digit: different letters are different "
        "digits, the same letter is always the same digit, and no number starts with 0.\n\n"
        + "\n".join(lines)
        + "\n"
        + given
        + "\nFind the digit of every letter."
    )


def solve(words: list[str], fixed: dict[str, int], limit: int = 2) -> list[dict[str, int]]:
    """Up to ``limit`` solutions of ``words[0] + ... + words[-2] = words[-1]``.

    The addition is one linear equation ``sum(coefficient[letter] * digit[letter]) = 0``
    (a letter's coefficient adds ``10**k`` for each place ``k`` it fills in an addend and
    subtracts it in the sum). Exact search assigns distinct digits to the letters in order
    of decreasing ``|coefficient|``, trying only the digits that leave a remainder the
    remaining letters can reach (even without the distinctness rule), so that the last
    letter's digit is solved for rather than searched.
    """
    coefficient: dict[str, int] = {}
    for sign, word in [(1, w) for w in words[:-1]] + [(-1, words[-1])]:
        for k, letter in enumerate(reversed(word)):
            coefficient[letter] = coefficient.get(letter, 0) + sign * 10**k
    leading = {w[0] for w in words if len(w) > 1}
    letters = sorted(
        (k for k in coefficient if k not in fixed), key=lambda k: (-abs(coefficient[k]), k)
    )
    if not letters:
        total = sum(coefficient[k] * v for k, v in fixed.items())
        return [dict(fixed)] if total == 0 else []
    coefficients = [coefficient[k] for k in letters]
    lowest = [1 if k in leading else 0 for k in letters]
    count = len(letters)
    reach_low, reach_high = [0] * (count + 1), [0] * (count + 1)  # suffix bounds
    for i in range(count - 1, -1, -1):
        ends = (coefficients[i] * lowest[i], coefficients[i] * 9)
        reach_low[i] = reach_low[i + 1] + min(ends)
        reach_high[i] = reach_high[i + 1] + max(ends)
    used = [False] * 10
    for digit in fixed.values():
        used[digit] = True
    digits = [0] * count
    found: list[dict[str, int]] = []

    def search(i: int, total: int) -> None:
        if len(found) >= limit:
            return
        c = coefficients[i]
        # digits d with reach_low[i + 1] <= -(total + c * d) <= reach_high[i + 1]
        low, high = -reach_high[i + 1] - total, -reach_low[i + 1] - total  # bounds on c * d
        if c > 0:
            first, last = -(-low // c), high // c
        elif c < 0:
            first, last = -(-high // c), low // c
        else:
            first, last = (0, 9) if low <= 0 <= high else (1, 0)
        for d in range(max(first, lowest[i]), min(last, 9) + 1):
            if used[d]:
                continue
            digits[i] = d
            if i == count - 1:
                found.append({**fixed, **dict(zip(letters, digits))})
                if len(found) >= limit:
                    return
                continue
            used[d] = True
            search(i + 1, total + c * d)
            used[d] = False

    search(0, sum(coefficient[k] * v for k, v in fixed.items()))
    return found


def parse_letters(text: str, letters: list[str]) -> dict[str, int]:
    """letter -> digit from ``A=1, B=7`` items; every letter of the puzzle exactly once."""
    values: dict[str, int] = {}
    for item in scan(text, _ITEM, len(letters) + 1, "an item like A=1"):
        letter = item.group(1).upper()
        if letter not in letters or letter in values:
            raise AnswerError(f"{letter} is not a new letter of this puzzle")
        values[letter] = int(item.group(2))
    if len(values) != len(letters):
        missing = [k for k in letters if k not in values]
        raise AnswerError(f"{missing[0]} has no digit")
    return values
