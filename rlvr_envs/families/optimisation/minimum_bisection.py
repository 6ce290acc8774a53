"""MinimumBisection: split a graph into two equal halves with as few edges across as possible.

A random graph on ``2 * half`` nodes (each pair an edge with probability ``density``). The
fewest edges that any split into two halves of ``half`` nodes cuts is found at generation
by evaluating every such split at once (numpy; the tests use networkx's cut sizes). The
check reads one half and grades its cut against the baseline of the top tenth of all
balanced splits (the cut that one split in ten reaches or beats; with six nodes, the second
best of the ten splits), so a random split earns nothing nine times in ten (:mod:`.scoring`);
instances where that is already the optimum are redrawn.

Answer syntax: the ``half`` node numbers of one half (``1 4 5``); the other half is the rest.

Knobs: ``half`` (nodes per half, 3 -> 7) and ``density`` (edge chance, 0.3 -> 0.5).
Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
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


@cache
def _halves(half: int) -> np.ndarray:
    """Every half that holds node 0, as rows of booleans over ``2 * half`` nodes."""
    n = 2 * half
    rows = [(0, *rest) for rest in itertools.combinations(range(1, n), half - 1)]
    sides = np.zeros((len(rows), n), dtype=bool)
    for r, nodes in enumerate(rows):
        sides[r, list(nodes)] = True
    return sides


class MinimumBisection(GradedFamily):
    """A minimum bisection of a random graph, graded against the top tenth of splits."""

    knobs: ClassVar[dict[str, Knob]] = {
        "half": Knob("int", 3, 7, default=5, easy=3, hard=7, doc="nodes on each side"),
        "density": Knob("float", 0.2, 0.7, default=0.4, easy=0.3, hard=0.5, doc="edge chance"),
    }
    answer_syntax = "the node numbers of one half (e.g. 1 4 5)"
    answer_form = "node numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        half, p = int(knobs["half"]), float(knobs["density"])
        n = 2 * half
        sides = _halves(half)
        while True:
            edges = [[a, b] for a in range(n) for b in range(a + 1, n) if rng.random() < p]
            if len(edges) < half:
                continue
            a, b = np.array(edges).T
            cuts = (sides[:, a] != sides[:, b]).sum(axis=1)
            ranked = np.sort(cuts)
            tenth = max(1, len(ranked) // 10)
            best, baseline = int(ranked[0]), int(ranked[tenth])
            if best < baseline:
                break
        side = np.flatnonzero(sides[int(np.argmin(cuts))]).tolist()
        shown = ", ".join(f"{a + 1}-{b + 1}" for a, b in edges)
        question = (
            f"A graph has nodes 1 to {n} and these {len(edges)} edges: {shown}.\n\n"
            f"Split the nodes into two halves of {half} nodes each so that as few edges as "
            "possible join nodes in different halves. Give the nodes of one half.\n\n"
            + reward_sentence(
                f"the number of edges across of the split ranked {tenth + 1} from "
                f"the best among all {len(ranked)} splits into halves (the best tenth)",
                "fewer edges across are better",
            )
        )
        meta = {"nodes": n, "edges": edges, "best": best, "baseline": baseline}
        return Draft(question, " ".join(str(v + 1) for v in side), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            side = set(read_indices(answer, meta["nodes"], "node"))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if 2 * len(side) != meta["nodes"]:
            return Judgement.unparsable(f"a half has exactly {meta['nodes'] // 2} nodes")
        cut = sum((a in side) != (b in side) for a, b in meta["edges"])
        return judge_value(cut, meta["baseline"], meta["best"], "edges across")

    def complexity(self, problem: Problem) -> float:
        """Edges, and nodes (the splits to weigh)."""
        return len(problem.meta["edges"]) + problem.meta["nodes"]
