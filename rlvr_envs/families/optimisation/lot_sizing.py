"""LotSizing: plan how much to produce in each period so that set-up and holding costs are
least (uncapacitated lot sizing).

``periods`` periods, each with a demand (0 to ``demand``) that must be met from production of
that period or stock carried from earlier ones, and a set-up cost paid in every period that
produces anything; every unit in stock at the end of a period costs the holding cost. No
stock at the start, no backlog, no capacity limit. The least total cost is found at
generation by the Wagner-Whitin dynamic programme (an optimal plan produces only when the
stock is empty, each time the demand of a run of periods; ``O(T^2)``). The check reads one
quantity per period, refuses a plan that runs out of stock, and grades its cost against the
baseline of lot-for-lot (each period produces its own demand; :mod:`.scoring`); instances
where lot-for-lot is already optimal are redrawn.

Answer syntax: the quantities produced in periods 1..T in order (``30 0 25 0 0``).

Knobs: ``periods`` (4 -> 10) and ``demand`` (the largest demand, 20 -> 90; set-up costs
scale with it). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)
from rlvr_envs.families.shared.answer_parsing import scan, small_int

_QUANTITY = re.compile(r"\d+\b")


def plan_cost(
    quantities: list[int], demands: list[int], setups: list[int], holding: int
) -> int | None:
    """The set-up and holding cost of a production plan, or None where stock runs out."""
    stock, total = 0, 0
    for made, demand, setup in zip(quantities, demands, setups):
        stock += made - demand
        if stock < 0:
            return None
        total += (setup if made > 0 else 0) + holding * stock
    return total


def wagner_whitin(demands: list[int], setups: list[int], holding: int) -> tuple[int, list[int]]:
    """The least cost and one optimal plan: ``best[j]`` is the least cost of the first ``j``
    periods, the last production (in period ``i``) covering periods ``i..j-1``."""
    t = len(demands)
    best, last = [0] + [0] * t, [0] * (t + 1)
    for j in range(1, t + 1):
        options = []
        for i in range(j):
            carried = sum((k - i) * demands[k] for k in range(i, j))
            setup = setups[i] if any(demands[i:j]) else 0
            options.append((best[i] + setup + holding * carried, i))
        best[j], last[j] = min(options)
    plan, j = [0] * t, t
    while j > 0:
        i = last[j]
        plan[i] = sum(demands[i:j])
        j = i
    return best[t], plan


class LotSizing(GradedFamily):
    """An uncapacitated lot-sizing plan, graded against lot-for-lot."""

    knobs: ClassVar[dict[str, Knob]] = {
        "periods": Knob("int", 3, 12, default=6, easy=4, hard=10, doc="planning periods"),
        "demand": Knob("int", 10, 99, default=40, easy=20, hard=90, doc="largest demand"),
    }
    answer_syntax = "the quantity produced in each period, in period order (e.g. 30 0 25 0 0)"
    answer_form = "one quantity per period"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        t, most = int(knobs["periods"]), int(knobs["demand"])
        while True:
            holding = rng.randint(1, 3)
            demands = [rng.randint(0, most) for _ in range(t)]
            setups = [rng.randint(holding * most // 4 + 1, holding * most * 2) for _ in range(t)]
            best, plan = wagner_whitin(demands, setups, holding)
            baseline = sum(s for s, d in zip(setups, demands) if d > 0)
            if best < baseline:
                break
        lines = "\n".join(
            f"Period {k}: demand {d}, set-up cost {s}"
            for k, (d, s) in enumerate(zip(demands, setups), 1)
        )
        question = (
            f"Plan production over {t} periods. Each period's demand must be met from what is "
            "produced in that period or kept in stock from earlier periods (stock starts at "
            "0 and may never fall below 0; there is no limit on how much a period produces). "
            "A period that produces anything pays its set-up cost, and every unit in stock at "
            f"the end of a period costs {holding} to hold. Make the total of set-up and "
            f"holding costs as small as possible.\n\n{lines}\n\n"
            + reward_sentence(
                "lot-for-lot (each period produces exactly its own demand)",
                "a lower total cost is better",
            )
        )
        meta = {
            "demands": demands,
            "setups": setups,
            "holding": holding,
            "best": best,
            "baseline": baseline,
        }
        return Draft(question, " ".join(map(str, plan)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        t = len(meta["demands"])
        try:
            found = scan(answer, _QUANTITY, t + 1, "a quantity")
            quantities = [small_int(m.group()) for m in found]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(quantities) != t:
            return Judgement.unparsable(f"expected {t} quantities, one per period")
        total = plan_cost(quantities, meta["demands"], meta["setups"], meta["holding"])
        if total is None:
            return Judgement.wrong(why="stock runs out: a demand is not met")
        return judge_value(total, meta["baseline"], meta["best"], "total cost")

    def complexity(self, problem: Problem) -> float:
        """Periods, with the demands' size."""
        return len(problem.meta["demands"]) + max(problem.meta["demands"]) / 30
