"""CuttingStock: cut the demanded pieces from as few stock rolls as possible.

Stock rolls all have one length ``L``; a few piece lengths are demanded, each some number of
times. A roll is cut into pieces whose lengths add up to at most ``L`` (the rest is waste).
Unlike ``BinPacking`` the pieces come in types with demands, and the answer names lengths
(cutting patterns), not item numbers. The instance is planted: ``rolls`` cutting patterns,
each wasting at most ``slack`` with ``rolls * slack < L``, are drawn from every pattern of the
drawn lengths, and their pieces are the demand. The total length then exceeds
``(rolls - 1) * L``, so no plan uses fewer than ``rolls`` rolls (the volume bound), and the
planted plan reaches it: the optimum is proved without a search (the tests confirm it with a
MILP). The check reads the rolls, refuses a roll cut beyond ``L`` or pieces that are not
exactly the demand, and grades the number of rolls against the baseline of first fit (the
pieces in the order listed, all of one length before the next, each into the first roll with
room; :mod:`.scoring`); instances that first fit already cuts optimally are redrawn.

Answer syntax: one roll per line or the rolls separated by ``|``, each the lengths of the
pieces cut from it (``7 7 5 | 9 5``).

Knobs: ``rolls`` (2 -> 6, the optimum), ``types`` (piece lengths demanded, 2 -> 5) and
``length`` (the roll length, 20 -> 60). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)
from rlvr_envs.families.shared.answer_parsing import scan, small_int

_LENGTH = re.compile(r"\d+\b")
_ROLLS = re.compile(r"\||\n")


def patterns(lengths: list[int], stock: int, slack: int) -> list[tuple[int, ...]]:
    """Every cutting pattern (pieces per length, in the order of ``lengths``) whose pieces add
    up to between ``stock - slack`` and ``stock``."""
    found: list[tuple[int, ...]] = []

    def extend(k: int, room: int, counts: tuple[int, ...]) -> None:
        if k == len(lengths):
            if room <= slack:
                found.append(counts)
            return
        for count in range(room // lengths[k] + 1):
            extend(k + 1, room - count * lengths[k], (*counts, count))

    extend(0, stock, ())
    return found


def first_fit(pieces: list[int], stock: int) -> int:
    """The rolls first fit uses: each piece, in order, into the first roll with room."""
    rooms: list[int] = []
    for piece in pieces:
        for k, room in enumerate(rooms):
            if piece <= room:
                rooms[k] -= piece
                break
        else:
            rooms.append(stock - piece)
    return len(rooms)


def read_rolls(text: str, most: int) -> list[list[int]]:
    """Rolls separated by ``|`` or new lines, each piece lengths separated by spaces or
    commas; at most ``most`` rolls and pieces."""
    parts = _ROLLS.split(text.strip())
    if len(parts) > most:
        raise AnswerError(f"more than {most} rolls")
    return [[small_int(m.group()) for m in scan(part, _LENGTH, most, "a length")] for part in parts]


class CuttingStock(GradedFamily):
    """A cutting plan for demanded pieces from the fewest rolls, graded against first fit."""

    knobs: ClassVar[dict[str, Knob]] = {
        "rolls": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="rolls the optimum uses"),
        "types": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="piece lengths demanded"),
        "length": Knob("int", 12, 80, default=30, easy=20, hard=60, doc="roll length"),
    }
    answer_syntax = (
        "the rolls separated by | (or one per line), each listing the lengths of the pieces "
        "cut from it (e.g. 7 7 5 | 9 5)"
    )
    answer_form = "rolls of piece lengths separated by |"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        rolls, stock = int(knobs["rolls"]), int(knobs["length"])
        sizes = range(stock // 6 + 1, stock * 3 // 5 + 1)
        types = min(int(knobs["types"]), len(sizes))
        slack = min((stock - 1) // rolls, stock // 6)
        while True:
            lengths = rng.sample(sizes, types)
            options = patterns(lengths, stock, slack)
            if not options:
                continue
            plan = [rng.choice(options) for _ in range(rolls)]
            demand = [sum(p[k] for p in plan) for k in range(types)]
            shown = [k for k in range(types) if demand[k]]
            pieces = [lengths[k] for k in shown for _ in range(demand[k])]
            baseline = first_fit(pieces, stock)
            if baseline > rolls:
                break
        lines = "\n".join(
            f"Length {lengths[k]}: {demand[k]} piece{'s' if demand[k] > 1 else ''}" for k in shown
        )
        question = (
            f"Stock rolls have length {stock}. Cut exactly the pieces demanded below from as "
            f"few rolls as possible; the pieces cut from one roll may add up to at most "
            f"{stock} (the rest of the roll is waste).\n\n{lines}\n\n"
            + reward_sentence(
                "first fit (the pieces in the order listed, every piece of a length before the "
                "next length, each into the first roll with room)",
                "fewer rolls are better",
            )
        )
        answer = " | ".join(
            " ".join(str(lengths[k]) for k in range(types) for _ in range(p[k])) for p in plan
        )
        meta = {
            "stock": stock,
            "demand": {str(lengths[k]): demand[k] for k in shown},
            "rolls": rolls,
            "baseline": baseline,
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        stock, demand = meta["stock"], {int(k): v for k, v in meta["demand"].items()}
        try:
            cut = read_rolls(answer, sum(demand.values()) + 1)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if any(sum(roll) > stock for roll in cut):
            return Judgement.wrong(why=f"a roll is cut into more than {stock}")
        if Counter(p for roll in cut for p in roll) != Counter(demand):
            return Judgement.wrong(why="the pieces cut are not exactly the pieces demanded")
        return judge_value(len(cut), meta["baseline"], meta["rolls"], "rolls")

    def complexity(self, problem: Problem) -> float:
        """Pieces to cut, with the roll length's size."""
        return sum(problem.meta["demand"].values()) + problem.meta["stock"] / 10
