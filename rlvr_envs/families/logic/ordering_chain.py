"""OrderingChain: put people in order (tallest to shortest, oldest to youngest, ...) from clues.

``people`` people differ in one quantity (height, age, weight or speed; no two equal). Clues
compare them: who is taller than whom, who is directly next in the order, who holds a given
rank, how many people lie between two of them, who is neither first nor last, and "A is
taller than B but shorter than C".

Every puzzle has exactly one solution, proved by exhaustive search: each clue is a bit mask
over all ``people!`` orders (:mod:`rlvr_envs.families.logic.clue_puzzles`), the generator adds
clues that rule out the first remaining rival order until only the solution is left, then
drops every clue the others imply.

Answer syntax: every name once, from the tallest (oldest, heaviest, fastest) to the shortest,
separated by commas (``>`` and spaces are allowed too; case is ignored), e.g. ``Bob, Alice,
Carol``. The verifier checks that the list names everyone once and that every clue holds.

Knobs: ``people`` (3..8 people, 4 at difficulty 0 and 8 at 1) and ``clue_kinds``
(``compare`` below difficulty 1/3: only "taller than" clues; ``positional`` below 2/3: also
"directly taller" and rank clues; ``all`` from 2/3 on: also gaps, "neither first nor last"
and between clues, which are weaker, so more of them are needed).
"""

from __future__ import annotations

import math
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.logic.clue_puzzles import (
    NAMES,
    ordinal,
    parse_names,
    true_clues,
    unique_clue_set,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

# quantity -> (more, most, less, least)
THEMES = {
    "height": ("taller", "tallest", "shorter", "shortest"),
    "age": ("older", "oldest", "younger", "youngest"),
    "weight": ("heavier", "heaviest", "lighter", "lightest"),
    "speed": ("faster", "fastest", "slower", "slowest"),
}
KINDS = {
    "compare": {"gt": 1.0},
    "positional": {"gt": 3.0, "just": 2.0, "rank": 1.0},
    "all": {"gt": 2.0, "just": 1.5, "rank": 0.5, "gap": 2.0, "middle": 1.0, "between": 2.0},
}


def holds(clue: tuple, pos, n: int):
    """Whether ``clue`` holds when person i has rank pos[i] (0 = the most); works on ints and
    on numpy columns of ranks."""
    kind = clue[0]
    if kind == "gt":
        return pos[clue[1]] < pos[clue[2]]
    if kind == "just":
        return pos[clue[2]] == pos[clue[1]] + 1
    if kind == "rank":
        return pos[clue[1]] == clue[2]
    if kind == "gap":
        return abs(pos[clue[1]] - pos[clue[2]]) == clue[3] + 1
    if kind == "middle":
        return (pos[clue[1]] > 0) & (pos[clue[1]] < n - 1)
    # between: clue[2] is less than clue[1] and more than clue[3]
    return (pos[clue[1]] < pos[clue[2]]) & (pos[clue[2]] < pos[clue[3]])


def every_clue(n: int, kind: str) -> list[tuple]:
    """Every clue of ``kind`` about n people."""
    pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
    if kind in ("gt", "just"):
        return [(kind, a, b) for a, b in pairs]
    if kind == "rank":
        return [("rank", a, k) for a in range(n) for k in range(n)]
    if kind == "gap":
        return [("gap", a, b, k) for a, b in pairs if a < b for k in range(n - 2)]
    if kind == "middle":
        return [("middle", a) for a in range(n)] if n > 3 else []
    return [("between", a, b, c) for a, b in pairs for c in range(n) if c not in (a, b)]


class OrderingChain(Family):
    """Order people by one quantity from comparison clues (unique order)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "people": Knob("int", 3, 8, default=6, easy=4, hard=8, doc="people to order"),
        "clue_kinds": Knob(
            "categorical",
            choices=("compare", "positional", "all"),
            default="all",
            doc="which kinds of clue appear",
        ),
    }
    answer_syntax = "every name once, from the first to the last in the order (e.g. Ann, Ben, Cy)"
    answer_form = "list of names in order"
    unique_answer = True

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["people"])
        weights = KINDS[knobs["clue_kinds"]]
        kinds = tuple(k for k in weights if every_clue(n, k))
        candidates = true_clues(n, False, kinds, holds, every_clue)
        clues = unique_clue_set(rng, candidates, weights)
        theme = rng.choice(sorted(THEMES))
        names = rng.sample(NAMES, n)  # names[i] has rank i: the solution is the identity
        meta = {"names": names, "theme": theme, "clues": [list(c) for c in clues]}
        answer = ", ".join(names)
        return Draft(_question(rng, meta), answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        names = meta["names"]
        try:
            order = parse_names(answer, names, "people")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        pos = [0] * len(names)
        for rank, person in enumerate(order):
            pos[person] = rank
        for index, clue in enumerate(meta["clues"]):
            if not holds(tuple(clue), pos, len(names)):
                return Judgement.wrong(why=f"clue {index + 1} does not hold")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """log2 of the candidate orders (people!) plus the number of clues."""
        meta = problem.meta
        return math.log2(math.factorial(len(meta["names"]))) + len(meta["clues"])


def _question(rng: random.Random, meta: dict) -> str:
    names, (more, most, less, least) = meta["names"], THEMES[meta["theme"]]
    n = len(names)
    lines = []
    for clue in meta["clues"]:
        kind, a = clue[0], names[clue[1]]
        if kind == "gt":
            b = names[clue[2]]
            flip = rng.random() < 0.5
            lines.append(f"{b} is {less} than {a}." if flip else f"{a} is {more} than {b}.")
        elif kind == "just":
            b = names[clue[2]]
            lines.append(
                f"{a} is {more} than {b}, and nobody is between them."
                if rng.random() < 0.5
                else f"{b} is {less} than {a}, and nobody is between them."
            )
        elif kind == "rank":
            k = clue[2]
            if k == 0:
                lines.append(f"{a} is the {most}.")
            elif k == n - 1:
                lines.append(f"{a} is the {least}.")
            elif k < n - 1 - k or (k == n - 1 - k and rng.random() < 0.5):
                lines.append(f"{a} is the {ordinal(k + 1)} {most}.")
            else:
                lines.append(f"{a} is the {ordinal(n - k)} {least}.")
        elif kind == "gap":
            b, k = names[clue[2]], clue[3]
            people = "person is" if k == 1 else "people are"
            lines.append(f"Exactly {k} {people} between {a} and {b} in the order.")
        elif kind == "middle":
            lines.append(f"{a} is neither the {most} nor the {least}.")
        else:
            b, c = names[clue[2]], names[clue[3]]
            lines.append(f"{b} is {less} than {a} but {more} than {c}.")
    listed = ", ".join(sorted(names)[:-1]) + " and " + sorted(names)[-1]
    numbered = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
    return (
        f"{n} people ({listed}) all differ in {meta['theme']}; no two are the same. "
        f'"Between" counts the people whose {meta["theme"]} lies between the two named.\n\n'
        f"{numbered}\n\n"
        f"Order all {n} people from the {most} to the {least}, the {most} first."
    )
