"""SeatingArrangement: seat people in a row of chairs or around a round table from clues.

In a row the chairs are numbered 1 to ``people`` from left to right; clues say who sits in a
given chair or at an end, who sits directly left of whom, next to or not next to whom,
somewhere left of whom, and how many people sit between two people. Around a round table
the chairs are evenly spaced; clues say who sits directly clockwise of whom, next to or not
next to whom, opposite whom (even tables), and how many people one passes going clockwise
from one person to another. A round table has no first chair, so its answer starts with a
person the prompt names, and any rotation of the right clockwise order is accepted too.

Every puzzle has exactly one solution, proved by exhaustive search: each clue is a bit mask
over all ``people!`` rows (or ``(people - 1)!`` tables, rotations counted once; see
:mod:`rlvr_envs.families.logic.clue_puzzles`), the generator adds clues that rule out the
first remaining rival until only the solution is left, then drops every clue the others
imply.

Answer syntax: every name once, separated by commas, from chair 1 to the last chair in a
row, or clockwise starting with the named person around a table, e.g. ``Bob, Alice, Carol``.
The verifier checks that the list names everyone once and that every clue holds.

Knobs: ``people`` (3..8, 4 at difficulty 0 and 8 at 1), ``table`` (``round`` below
difficulty 0.5, ``row`` from 0.5 on) and ``clue_kinds`` (``direct`` below 0.5: chairs, ends
and direct neighbours, or clockwise neighbours; ``all`` from 0.5 on: also somewhere left,
not next to, gaps and opposite, which are weaker, so a row needs more of them). A round
table comes first: fixing one person leaves ``(people - 1)!`` seatings, and its puzzles
need fewer clues, so measured by candidates and clues a round table of n people is about
as hard as a row of n - 1 (row first made difficulty 0.5 easier than 0.4).
"""

from __future__ import annotations

import math
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.logic.clue_puzzles import (
    NAMES,
    parse_names,
    true_clues,
    unique_clue_set,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

KINDS = {
    ("row", "direct"): {"chair": 1.0, "end": 1.0, "left": 3.0, "next": 3.0},
    ("row", "all"): {
        "chair": 0.5, "end": 0.5, "left": 1.5, "next": 1.5,
        "before": 2.0, "apart": 2.0, "gap": 2.0,
    },
    ("round", "direct"): {"cw": 3.0, "next": 3.0},
    ("round", "all"): {"cw": 1.5, "next": 1.5, "apart": 2.0, "opposite": 1.0, "gap": 2.0},
}  # fmt: skip


def holds(clue: tuple, pos, n: int):
    """Whether ``clue`` holds when person i sits in chair pos[i]; works on ints and on numpy
    columns. ``round`` clues carry n as their table size (the masks never mix layouts)."""
    kind, a = clue[0], pos[clue[1]]
    if kind == "chair":
        return a == clue[2]
    if kind == "end":
        return (a == 0) | (a == n - 1)
    b = pos[clue[2]]
    if kind == "left":
        return b == a + 1
    if kind == "before":
        return a < b
    if kind == "cw":  # clue[1] sits directly clockwise of clue[2]
        return a == (b + 1) % n
    if kind == "opposite":
        return (a - b) % n == n // 2
    if kind == "gap":  # row: exactly clue[3] people between; round: passed going clockwise
        if clue[4]:
            return (b - a) % n == clue[3] + 1
        return abs(a - b) == clue[3] + 1
    diff, circular = abs(a - b), bool(clue[3])
    if kind == "next":
        return (diff == 1) | ((diff == n - 1) & circular)
    return (diff != 1) & ((diff != n - 1) | (not circular))  # "apart": not next to


def every_clue(n: int, kind: str, circular: bool) -> list[tuple]:
    """Every clue of ``kind`` about n people at a row (or round table)."""
    pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
    c = int(circular)
    if kind == "chair":
        return [("chair", a, k) for a in range(n) for k in range(n)]
    if kind == "end":
        return [("end", a) for a in range(n)]
    if kind in ("left", "before", "cw"):
        return [(kind, a, b) for a, b in pairs]
    if kind in ("next", "apart"):
        return [(kind, a, b, c) for a, b in pairs if a < b]
    if kind == "opposite":
        return [("opposite", a, b) for a, b in pairs if a < b] if n % 2 == 0 else []
    if circular:
        return [("gap", a, b, k, 1) for a, b in pairs for k in range(1, n - 1)]
    return [("gap", a, b, k, 0) for a, b in pairs if a < b for k in range(1, n - 1)]


def _every_row(n: int, kind: str) -> list[tuple]:
    return every_clue(n, kind, False)


def _every_round(n: int, kind: str) -> list[tuple]:
    return every_clue(n, kind, True)


class SeatingArrangement(Family):
    """Seat people in a row or around a table from clues (unique seating)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "people": Knob("int", 3, 8, default=6, easy=4, hard=8, doc="people to seat"),
        "table": Knob(
            "categorical",
            choices=("round", "row"),
            default="row",
            doc="a round table (easier: rotations are one seating) or a row",
        ),
        "clue_kinds": Knob(
            "categorical", choices=("direct", "all"), default="all", doc="kinds of clue"
        ),
    }
    answer_syntax = "every name once, in seating order, separated by commas (e.g. Ann, Ben, Cy)"
    answer_form = "list of names in seating order"
    unique_answer = False  # around a table every rotation of the seating is right

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, table = int(knobs["people"]), knobs["table"]
        circular = table == "round"
        weights = KINDS[(table, knobs["clue_kinds"])]
        every = _every_round if circular else _every_row
        kinds = tuple(k for k in weights if every(n, k))
        candidates = true_clues(n, circular, kinds, holds, every)
        clues = unique_clue_set(rng, candidates, weights)
        names = rng.sample(NAMES, n)  # names[i] sits in chair i: the solution is the identity
        meta = {"names": names, "table": table, "clues": [list(c) for c in clues]}
        return Draft(_question(rng, meta), ", ".join(names), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        names, n = meta["names"], len(meta["names"])
        try:
            order = parse_names(answer, names, "people")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if meta["table"] == "round":  # any rotation: turn the list to start with names[0]
            start = order.index(0)
            order = order[start:] + order[:start]
        pos = [0] * n
        for chair, person in enumerate(order):
            pos[person] = chair
        for index, clue in enumerate(meta["clues"]):
            if not holds(tuple(clue), pos, n):
                return Judgement.wrong(why=f"clue {index + 1} does not hold")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """log2 of the candidate seatings plus the number of clues."""
        meta = problem.meta
        n = len(meta["names"])
        seatings = math.factorial(n - 1 if meta["table"] == "round" else n)
        return math.log2(seatings) + len(meta["clues"])


def _question(rng: random.Random, meta: dict) -> str:
    names, circular = meta["names"], meta["table"] == "round"
    n = len(names)
    lines = []
    for clue in meta["clues"]:
        kind, a = clue[0], names[clue[1]]
        b = names[clue[2]] if kind not in ("chair", "end") else ""
        if kind == "chair":
            lines.append(f"{a} sits in chair {clue[2] + 1}.")
        elif kind == "end":
            lines.append(f"{a} sits at one end of the row.")
        elif kind == "left":
            lines.append(f"{a} sits directly to the left of {b}.")
        elif kind == "before":
            lines.append(f"{a} sits somewhere to the left of {b}.")
        elif kind == "cw":
            lines.append(f"{a} sits directly clockwise of {b}.")
        elif kind == "opposite":
            lines.append(f"{a} sits directly opposite {b}.")
        elif kind == "gap":
            k = clue[3]
            people = "person" if k == 1 else "people"
            if circular:
                lines.append(f"Going clockwise from {a} to {b}, one passes exactly {k} {people}.")
            else:
                sits = "sits" if k == 1 else "sit"
                lines.append(f"Exactly {k} {people} {sits} between {a} and {b}.")
        else:
            if rng.random() < 0.5:
                a, b = b, a
            lines.append(
                f"{a} sits next to {b}." if kind == "next" else f"{a} does not sit next to {b}."
            )
    listed = ", ".join(sorted(names)[:-1]) + " and " + sorted(names)[-1]
    numbered = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
    if circular:
        setting = (
            f"{n} people ({listed}) sit around a round table with {n} evenly spaced chairs, "
            f'one person per chair. "Directly clockwise of X" means the next chair after X\'s '
            f'going clockwise; "next to" means in one of the two neighbouring chairs.'
        )
        ask = (
            f"List all {n} people in clockwise order, starting with {names[0]} (any rotation "
            f"of the right clockwise order is accepted)."
        )
    else:
        setting = (
            f"{n} people ({listed}) sit in a row of {n} chairs numbered 1 to {n} from left "
            f'to right, one person per chair. "Directly to the left of X" means the chair '
            f'just before X\'s; "next to" means in a neighbouring chair.'
        )
        ask = f"List all {n} people from chair 1 to chair {n}."
    return f"{setting}\n\n{numbered}\n\n{ask}"
