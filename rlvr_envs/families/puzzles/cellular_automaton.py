"""Elementary cellular automaton: the row after k steps of Wolfram rule N.

An elementary cellular automaton (Wolfram, "Statistical mechanics of cellular automata",
Rev. Mod. Phys. 55, 1983) is a row of cells that are 0 or 1; at each step every cell
becomes the bit of the rule number N (0..255) at position 4*left + 2*self + right, read
from its neighbourhood. The row's ends see a ``fixed`` 0 beyond the edge, or the row is
``cyclic`` (the ends are neighbours).

The rule and the start are random; a pair is drawn again when the row after k steps is
all 0s, all 1s or the start itself, so neither a constant row nor a copy of the start is
right. The prompt gives the rule number and its table. The answer is unique and compared
cell by cell.

Answer syntax: the row after k steps as a string of 0s and 1s (``0110100111``); spaces or
commas between the cells are ignored.

Knobs: ``width`` (cells), ``steps`` (k) and ``boundary`` (fixed, then cyclic). Difficulty
raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

NEIGHBOURHOODS = ("111", "110", "101", "100", "011", "010", "001", "000")


def ca_step(row: list[int], rule: int, cyclic: bool) -> list[int]:
    """One step of elementary rule ``rule``."""
    n = len(row)
    out = []
    for i in range(n):
        left = row[i - 1] if i > 0 else (row[-1] if cyclic else 0)
        right = row[i + 1] if i < n - 1 else (row[0] if cyclic else 0)
        out.append(rule >> (4 * left + 2 * row[i] + right) & 1)
    return out


class CellularAutomaton(Family):
    """Run an elementary cellular automaton for k steps."""

    knobs: ClassVar[dict[str, Knob]] = {
        "width": Knob("int", 10, 64, default=16, easy=10, hard=32, doc="cells in the row"),
        "steps": Knob("int", 1, 16, default=3, easy=1, hard=8, doc="steps to run"),
        "boundary": Knob(
            "categorical",
            choices=("fixed", "cyclic"),
            default="fixed",
            doc="0 beyond both ends, or the ends are neighbours",
        ),
    }
    answer_syntax = "the row as a string of 0s and 1s (e.g. 0110100111)"
    answer_form = "row of bits"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        width, steps = int(knobs["width"]), int(knobs["steps"])
        cyclic = knobs["boundary"] == "cyclic"
        while True:
            rule = rng.randrange(1, 255)
            start = [rng.randrange(2) for _ in range(width)]
            row = start
            for _ in range(steps):
                row = ca_step(row, rule, cyclic)
            if 0 < sum(row) < width and row != start:
                break
        table = "\n".join(
            f"{hood} -> {rule >> (7 - i) & 1}" for i, hood in enumerate(NEIGHBOURHOODS)
        )
        edge = (
            "the row is cyclic: the first and last cells are neighbours"
            if cyclic
            else "beyond both ends of the row every cell is 0"
        )
        plural = "step" if steps == 1 else "steps"
        question = (
            f"An elementary cellular automaton with Wolfram rule {rule}: at each step every "
            "cell becomes the value the table gives for its neighbourhood (left cell, "
            f"itself, right cell), all cells at once; {edge}.\n\n{table}\n\n"
            f"Start row ({width} cells):\n{''.join(map(str, start))}\n\n"
            f"What is the row after {steps} {plural}?"
        )
        meta = {
            "rule": rule,
            "cyclic": cyclic,
            "steps": steps,
            "start": "".join(map(str, start)),
            "final": "".join(map(str, row)),
        }
        return Draft(question, meta["final"], meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        final = problem.meta["final"]
        if len(answer) > 4 * len(final) + 40:
            return Judgement.unparsable("far longer than the row")
        bits = re.sub(r"[\s,;]+", "", answer)
        if not bits or set(bits) - {"0", "1"}:
            return Judgement.unparsable("the row is written with 0s and 1s only")
        if len(bits) != len(final):
            return Judgement.unparsable(f"the row has {len(final)} cells, got {len(bits)}")
        wrong = sum(a != b for a, b in zip(bits, final))
        if wrong == 0:
            return Judgement.right()
        return Judgement.wrong(score=1 - wrong / len(final), wrong_cells=wrong)

    def complexity(self, problem: Problem) -> float:
        """Cell updates: width times steps (a cyclic row counts 1.1 times)."""
        meta = problem.meta
        return len(meta["start"]) * meta["steps"] * (1.1 if meta["cyclic"] else 1.0)
