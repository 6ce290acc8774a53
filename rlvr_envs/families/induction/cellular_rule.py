"""CellularRule: an elementary cellular-automaton rule that produces the generations shown.

A row of cells, each ``#`` (alive) or ``.`` (dead), evolves by one of the 256 elementary
rules (Wolfram, "Statistical mechanics of cellular automata", Rev. Mod. Phys. 55, 1983):
each cell's next state depends on its left neighbour, itself and its right neighbour. The
prompt shows consecutive generations and asks for a rule number that turns each shown
generation into the next. Any rule that does scores 1: the check simulates every shown
step with the answer's rule (neighbourhoods that never occur leave bits free). The rows
show at least two neighbourhoods that become alive and two that die, so no rule with one
or no live bit fits (the numbers the prompt states, 1 to 128, are such rules), and five or
more of the eight neighbourhoods occur.

Answer syntax: one integer from 0 to 255, the rule's number: the sum, over the
neighbourhoods whose centre becomes ``#``, of their values ``###`` 128, ``##.`` 64,
``#.#`` 32, ``#..`` 16, ``.##`` 8, ``.#.`` 4, ``..#`` 2, ``...`` 1.

Knobs: ``width`` (cells, 8 -> 20), ``generations`` (rows shown, 3 -> 6) and ``boundary``
(``cyclic``: the ends are neighbours; ``fixed``: a dead cell lies beyond each end).
Difficulty raises all three.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, read_integer

_NEIGHBOURHOODS = ["###", "##.", "#.#", "#..", ".##", ".#.", "..#", "..."]


def step(row: str, rule: int, cyclic: bool) -> str:
    """The next generation of ``row`` (``#``/``.``) under elementary rule ``rule``."""
    cells = [c == "#" for c in row]
    n = len(cells)
    out = []
    for i in range(n):
        left = cells[i - 1] if (i > 0 or cyclic) else False
        right = cells[(i + 1) % n] if (i < n - 1 or cyclic) else False
        index = 4 * left + 2 * cells[i] + right
        out.append("#" if rule >> index & 1 else ".")
    return "".join(out)


def seen(rows: list[str], cyclic: bool) -> dict[int, int]:
    """Neighbourhood index -> the state it led to, over every shown step."""
    out: dict[int, int] = {}
    for row, after in itertools.pairwise(rows):
        n = len(row)
        for i in range(n):
            left = row[i - 1] == "#" if (i > 0 or cyclic) else False
            right = row[(i + 1) % n] == "#" if (i < n - 1 or cyclic) else False
            out[4 * left + 2 * (row[i] == "#") + right] = after[i] == "#"
    return out


class CellularRule(Family):
    """Any elementary CA rule consistent with the generations shown."""

    knobs: ClassVar[dict[str, Knob]] = {
        "width": Knob("int", 6, 32, default=12, easy=8, hard=20, doc="cells per row"),
        "generations": Knob("int", 2, 8, default=4, easy=3, hard=6, doc="rows shown"),
        "boundary": Knob("categorical", choices=("cyclic", "fixed"), doc="what lies past the ends"),
    }  # fmt: skip
    answer_syntax = "a single integer from 0 to 255, the rule number"
    answer_form = "integer"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        width, count = int(knobs["width"]), int(knobs["generations"])
        cyclic = knobs["boundary"] == "cyclic"
        while True:
            rule = rng.randrange(256)
            rows = ["".join(rng.choice("#.") for _ in range(width))]
            for _ in range(count - 1):
                rows.append(step(rows[-1], rule, cyclic))
            outcome = seen(rows, cyclic)
            alive = sum(outcome.values())
            varied = len(outcome) >= 5 and alive >= 2 and len(outcome) - alive >= 2
            if varied and len(set(rows)) == len(rows):
                break
        table = ", ".join(f"{n} {1 << (7 - k)}" for k, n in enumerate(_NEIGHBOURHOODS))
        edge = (
            "The row wraps around: the first and the last cell are neighbours."
            if cyclic
            else "A dead cell (.) lies beyond each end of the row."
        )
        lines = "\n".join(f"  {r}" for r in rows)
        question = (
            "A row of cells, each alive (#) or dead (.), changes in steps: at each step every "
            "cell's new state depends only on the old states of its left neighbour, itself "
            f"and its right neighbour (its neighbourhood), by a fixed rule. {edge} These are "
            f"consecutive generations, first to last:\n{lines}\n\nGive the number of a rule "
            "that turns each generation into the next. A rule's number is the sum of the "
            f"values of the neighbourhoods whose centre cell becomes alive: {table}."
        )
        meta = {"rows": rows, "cyclic": cyclic, "rule": rule, "seen": len(outcome)}
        return Draft(question, str(rule), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            rule = read_integer(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if not 0 <= rule <= 255:
            return Judgement.wrong(why="a rule number is from 0 to 255")
        rows, cyclic = problem.meta["rows"], problem.meta["cyclic"]
        bad = sum(step(a, rule, cyclic) != b for a, b in itertools.pairwise(rows))
        if bad:
            return Judgement.wrong(score=1 - bad / (len(rows) - 1), steps_wrong=bad)
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Cells to check, more where the ends are fixed."""
        rows = problem.meta["rows"]
        return len(rows[0]) * (len(rows) - 1) * (1 if problem.meta["cyclic"] else 1.3)
