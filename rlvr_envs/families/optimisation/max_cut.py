"""MaxCut: split a graph's nodes into two sides so that as many edges as possible cross.

A random graph on ``nodes`` nodes (each pair an edge with probability ``density``, redrawn
until connected enough that the task is not trivial). The largest cut is found at generation
by evaluating every split at once (all ``2^(n-1)`` sides holding node 1, with numpy). The
check counts the edges the answer's side cuts and grades the count against the baseline of
the greedy split (nodes 1, 2, ... in turn, each on the side with fewer of its neighbours
placed so far, the first side on ties; it cuts at least half the edges; :mod:`.scoring`);
instances where greedy is already optimal are redrawn.

Answer syntax: the node numbers on one side (``1 4 5``); the other side is the rest.

Knobs: ``nodes`` (6 -> 14) and ``density`` (edge probability, 0.3 -> 0.6). Difficulty raises
both.
"""

from __future__ import annotations

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
def _sides(n: int) -> np.ndarray:
    """Every side that holds node 0, as rows of 0/1 (``2^(n-1)`` rows)."""
    masks = np.arange(1 << (n - 1), dtype=np.int64) * 2 + 1
    return ((masks[:, None] >> np.arange(n)) & 1).astype(np.int8)


def largest_cut(n: int, edges: list[list[int]]) -> tuple[int, list[int]]:
    """The most edges any split cuts, and one side reaching it (exhaustive, vectorised)."""
    sides = _sides(n)
    a, b = np.array(edges).T
    cut = (sides[:, a] != sides[:, b]).sum(axis=1)
    row = int(np.argmax(cut))
    return int(cut[row]), [v for v in range(n) if sides[row, v]]


def greedy_cut(n: int, edges: list[list[int]]) -> int:
    """The edges cut by placing nodes in order, each opposite most of its placed neighbours."""
    side: dict[int, bool] = {}
    for v in range(n):
        placed = [side[u] for a, b in edges if v in (a, b) for u in (a + b - v,) if u in side]
        side[v] = placed.count(False) > placed.count(True)
    return sum(side[a] != side[b] for a, b in edges)


class MaxCut(GradedFamily):
    """A maximum cut of a random graph, graded against half the edges."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": Knob("int", 4, 16, default=9, easy=6, hard=14, doc="nodes"),
        "density": Knob("float", 0.2, 0.8, default=0.4, easy=0.3, hard=0.6, doc="edge chance"),
    }
    answer_syntax = "the node numbers on one side (e.g. 1 4 5)"
    answer_form = "node numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, p = int(knobs["nodes"]), float(knobs["density"])
        while True:
            edges = [[a, b] for a in range(n) for b in range(a + 1, n) if rng.random() < p]
            if len(edges) < n:
                continue
            baseline = greedy_cut(n, edges)
            best, side = largest_cut(n, edges)
            if best > baseline:
                break
        shown = ", ".join(f"{a + 1}-{b + 1}" for a, b in edges)
        question = (
            f"A graph has nodes 1 to {n} and these {len(edges)} edges: {shown}.\n\n"
            "Split the nodes into two sides so that as many edges as possible join nodes on "
            "different sides. Give the nodes of one side.\n\n"
            + reward_sentence(
                "the greedy split (nodes 1, 2, ... in turn, each on the side holding fewer of "
                "its neighbours placed so far, the first side on ties)",
                "more edges across are better",
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
        cut = sum((a in side) != (b in side) for a, b in meta["edges"])
        return judge_value(cut, meta["baseline"], meta["best"], "cut")

    def complexity(self, problem: Problem) -> float:
        """Edges, and nodes (the splits to weigh)."""
        return len(problem.meta["edges"]) + problem.meta["nodes"]
