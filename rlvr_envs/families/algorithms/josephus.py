"""Josephus: who survives, or who is removed m-th, when every k-th person leaves a circle.

``n`` people numbered 1..n stand in a circle. Counting starts at person ``s`` (who counts 1)
and runs clockwise (1, 2, 3, ...) or, where the prompt says so, counterclockwise (s, s - 1,
...); every ``k``-th person counted leaves the circle and counting resumes with the next
person still there. One problem asks one of:

* ``survivor``: the number of the last person left;
* ``removed``: the number of the ``m``-th person to leave (``m`` beyond the first lap, so
  the removals that skip earlier gaps matter).

Reference: in counting order (position 0 is ``s``), the survivor's position follows the
Josephus recurrence ``J(1) = 0``, ``J(n) = (J(n - 1) + k) mod n``, evaluated in
``O(k log n)`` steps by skipping whole laps (each lap removes ``floor(n / k)`` people, the
usual speed-up of the recurrence for large ``n``), so that ``n`` can have nine digits; the
``m``-th removal follows ``R(n, 1) = (k - 1) mod n``, ``R(n, m) = (k + R(n - 1, m - 1)) mod
n``. Position ``j`` is person ``s + j`` (clockwise) or ``s - j`` (counterclockwise), modulo
``n``.

Answer syntax: a single integer, the person's number (``person 12``, the prompt's own
wording, and a full stop after it are accepted).

Knobs: ``digits`` (decimal digits of ``n``, 1..9; one digit means 10..40 people, so that no
survivor is common enough for a constant answer to pay at difficulty 0; the removal question
caps ``n`` at three digits), ``max_k`` (largest step ``k``, 2..12; 3 at difficulty
0), ``twist`` (``none``: start at person 1, clockwise; ``start``: another start;
``start_direction``: another start and either direction) and ``ask`` (``survivor`` or
``mixed``, which also asks for the m-th removal). Difficulty raises all four. At difficulty
1 ``n`` has nine digits and ``k`` up to 9: simulation is out of reach and the lap-skipping
recurrence is needed; removal questions have up to 999 people and ``m`` past the first lap.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.enumeration import AnswerError, numbers_in, read_integer

_PERSON = re.compile(r"^\s*person\s+", re.IGNORECASE)


def survivor_position(n: int, k: int) -> int:
    """0-based position (in counting order) of the last person left; O(k log n) steps."""
    # Iterative form of the lap recurrence: record the reductions, then unwind them.
    stack = []
    while n > 1 and k > 1 and n >= k:
        stack.append(n)
        n -= n // k
    # n < k here (or trivial): plain recurrence from 1 person up to n.
    if k == 1:
        pos = n - 1
    else:
        pos = 0
        for size in range(2, n + 1):
            pos = (pos + k) % size
    while stack:
        size = stack.pop()
        pos -= size % k
        if pos < 0:
            pos += size
        else:
            pos += pos // (k - 1)
    return pos


def removal_position(n: int, k: int, m: int) -> int:
    """0-based position (in counting order) of the ``m``-th person removed."""
    pos = (k - 1) % (n - m + 1)
    for size in range(n - m + 2, n + 1):
        pos = (pos + k) % size
    return pos


def label(n: int, start: int, clockwise: bool, position: int) -> int:
    step = position if clockwise else -position
    return (start - 1 + step) % n + 1


class Josephus(Family):
    """The survivor, or the m-th person removed, in the Josephus elimination."""

    knobs: ClassVar[dict[str, Knob]] = {
        "digits": Knob("int", 1, 9, default=3, easy=1, hard=9, doc="decimal digits of n"),
        "max_k": Knob("int", 2, 12, default=4, easy=3, hard=9, doc="largest step k"),
        "twist": Knob(
            "categorical",
            choices=("none", "start", "start_direction"),
            default="start",
            doc="start elsewhere than person 1, and count either way round",
        ),
        "ask": Knob(
            "categorical",
            choices=("survivor", "mixed"),
            default="mixed",
            doc="ask for the survivor only, or also for the m-th person removed",
        ),
    }
    answer_syntax = "a single integer: the person's number"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        digits, twist = int(knobs["digits"]), knobs["twist"]
        while True:
            ask = "survivor" if knobs["ask"] == "survivor" else rng.choice(["survivor", "removed"])
            d = min(digits, 3) if ask == "removed" else digits
            n = rng.randint(10 ** (d - 1), 10**d - 1) if d > 1 else rng.randint(10, 40)
            k = rng.randint(2, max(2, int(knobs["max_k"])))
            start = 1 if twist == "none" else rng.randint(2, n)
            clockwise = True if twist != "start_direction" else rng.random() < 0.5
            m = 0
            if ask == "survivor":
                pos = survivor_position(n, k)
            else:
                first_lap = n // k
                m = rng.randint(min(first_lap + 1, n - 1), n - 1)
                pos = removal_position(n, k, m)
            target = label(n, start, clockwise, pos)
            way = (
                f"clockwise, so person i is followed by person i + 1 (and person {n} by person 1)"
                if clockwise
                else "counterclockwise, so person i is followed by person i - 1 (and person 1 "
                f"by person {n})"
            )
            asked = (
                "Who is the last person left?"
                if ask == "survivor"
                else f"Who is the {_ordinal(m)} person to leave the circle?"
            )
            question = (
                f"{n} people, numbered 1 to {n}, stand in a circle. Counting starts at person "
                f"{start}, who counts 1, and goes {way}. Every {_ordinal(k)} person counted "
                "leaves the circle, and counting starts again at 1 with the next person still "
                f"in the circle. {asked}"
            )
            if target not in numbers_in(question):
                break
        meta = {
            "n": n,
            "k": k,
            "start": start,
            "clockwise": clockwise,
            "ask": ask,
            "m": m,
            "target": target,
        }
        return Draft(question, str(target), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            value = read_integer(_PERSON.sub("", answer, count=1))  # "person 12", as the prompt
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if value != problem.meta["target"]:
            return Judgement.wrong(why="not that person")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Digits of n plus the step and the asked removal's digits, plus the twists."""
        meta = problem.meta
        twists = (meta["start"] != 1) + (not meta["clockwise"])
        return len(str(meta["n"])) + meta["k"] / 2 + len(str(meta["m"])) * (meta["m"] > 0) + twists


def _ordinal(i: int) -> str:
    suffix = "th" if 10 <= i % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(i % 10, "th")
    return f"{i}{suffix}"
