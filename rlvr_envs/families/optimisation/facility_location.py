"""FacilityLocation: which facilities to open so that opening and serving cost least.

Uncapacitated facility location: each of ``facilities`` sites has an opening cost (12 to
40, more than any site number, so no cost copied from the prompt reads as a site), and
serving each of ``customers`` from each site has a cost (drawn at random, not a metric).
Every customer is served by the cheapest open facility; the total is the opening costs of
the open sites plus each customer's service cost. The least total is found at generation by
evaluating every non-empty set of open sites at once (numpy; the tests use scipy's MILP
solver). The check reads the open sites and grades the total against the baseline of greedy
opening (the best single site, then the site that lowers the total most while one does,
lowest number on ties; :mod:`.scoring`); instances where greedy is already optimal are
redrawn.

Answer syntax: the numbers of the facilities to open (``1 4``).

Knobs: ``facilities`` (5 -> 10) and ``customers`` (5 -> 12). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    read_indices,
    reward_sentence,
)

_LABEL = re.compile(r"\bF(?=\d)")


@cache
def _open_sets(m: int) -> np.ndarray:
    """Every non-empty set of ``m`` sites, as rows of booleans."""
    masks = np.arange(1, 1 << m, dtype=np.int64)
    return ((masks[:, None] >> np.arange(m)) & 1).astype(bool)


def total_cost(opening: list[int], serve: list[list[int]], sites: set[int] | list[int]) -> int:
    """Opening costs of ``sites`` plus each customer's cheapest service from one of them."""
    return sum(opening[f] for f in sites) + sum(min(row[f] for f in sites) for row in serve)


def every_total(opening: list[int], serve: list[list[int]]) -> np.ndarray:
    """The total cost of every non-empty set of sites, indexed by its bitmask minus one."""
    sets = _open_sets(len(opening))
    cost = np.array(serve, dtype=np.int64).T  # sites x customers
    high = int(cost.max()) + 1
    served = np.where(sets[:, :, None], cost[None, :, :], high).min(axis=1).sum(axis=1)
    return sets.astype(np.int64) @ np.array(opening, dtype=np.int64) + served


def greedy_opening(totals: np.ndarray, m: int) -> int:
    """The total of opening sites one at a time, each the one that lowers the total most
    (lowest number on ties), while one does; ``totals`` from :func:`every_total`."""
    mask, best = 0, None
    while True:
        trials = [(int(totals[(mask | 1 << f) - 1]), f) for f in range(m) if not mask >> f & 1]
        if not trials:
            return best
        cost, site = min(trials)
        if best is not None and cost >= best:
            return best
        mask, best = mask | 1 << site, cost


class FacilityLocation(GradedFamily):
    """Uncapacitated facility location, graded against greedy opening."""

    knobs: ClassVar[dict[str, Knob]] = {
        "facilities": Knob("int", 3, 11, default=7, easy=5, hard=10, doc="candidate sites"),
        "customers": Knob("int", 3, 14, default=8, easy=5, hard=12, doc="customers to serve"),
    }
    answer_syntax = "the numbers of the facilities to open (e.g. 1 4)"
    answer_form = "facility numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        m, n = int(knobs["facilities"]), int(knobs["customers"])
        while True:
            opening = [rng.randint(12, 40) for _ in range(m)]
            serve = [[rng.randint(1, 30) for _ in range(m)] for _ in range(n)]
            totals = every_total(opening, serve)
            baseline, row = greedy_opening(totals, m), int(np.argmin(totals))
            best = int(totals[row])
            if best < baseline:
                break
        sites = [f for f in range(m) if (row + 1) >> f & 1]
        rows = "\n".join(
            f"C{c}: " + " ".join(str(x) for x in row) for c, row in enumerate(serve, 1)
        )
        question = (
            f"A company may open any of {m} facilities F1 to F{m} to serve {n} customers. "
            "Opening costs: "
            + ", ".join(f"F{f} {x}" for f, x in enumerate(opening, 1))
            + ".\n\nThe cost of serving each customer from each facility (one row per "
            f"customer, the costs from F1 to F{m} in order):\n{rows}\n\n"
            "Each customer is served by the cheapest open facility. Open at least one facility "
            "so that the opening costs plus the service costs are as small as possible, and "
            "give the numbers of the facilities to open.\n\n"
            + reward_sentence(
                "greedy opening (first the single facility with the least total, then, while "
                "it lowers the total, the facility that lowers it most; lowest number on ties)",
                "a lower total is better",
            )
        )
        meta = {"opening": opening, "serve": serve, "best": best, "baseline": baseline}
        return Draft(question, " ".join(str(f + 1) for f in sites), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            sites = read_indices(_LABEL.sub("", answer), len(meta["opening"]), "facility")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        total = total_cost(meta["opening"], meta["serve"], sites)
        return judge_value(total, meta["baseline"], meta["best"], "total cost")

    def complexity(self, problem: Problem) -> float:
        """Sites times customers: the cost table."""
        return len(problem.meta["opening"]) * len(problem.meta["serve"])
