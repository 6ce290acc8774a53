"""SteinerTree: the cheapest set of roads that connects every terminal of a weighted graph.

A connected graph on ``nodes`` nodes (a random spanning tree plus extra edges, weights 1 to
9) and ``terminals`` of its nodes. The least total weight of a set of edges joining all
terminals (a Steiner tree, which may pass through other nodes) is found at generation by the
Dreyfus-Wagner dynamic programme over subsets of terminals (numpy over the nodes), with the
tree rebuilt from its choices; the tests compare with every set of extra nodes and
networkx's minimum spanning trees. The check reads edges, requires each to be a road of the
graph and all terminals to be joined by them, and grades their total weight against the
baseline of the sum of the shortest distances from the first terminal to each other one
(joining each terminal to the first by its own shortest path, shared roads paid once per
path; :mod:`.scoring`). Extra edges cost their weight; instances where that baseline is
already optimal are redrawn.

Answer syntax: the chosen edges as pairs of node numbers (``1-4, 4-7, 7-2``).

Knobs: ``nodes`` (7 -> 12) and ``terminals`` (3 -> 5). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)
from rlvr_envs.families.shared.answer_parsing import scan, small_int

_EDGE = re.compile(r"(\d+)\s*-\s*(\d+)")


def shortest_paths(n: int, edges: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """All-pairs distances and next hops (Floyd-Warshall, vectorised over pairs)."""
    dist = np.full((n, n), 10**9, dtype=np.int64)
    np.fill_diagonal(dist, 0)
    hop = np.tile(np.arange(n), (n, 1))
    for a, b, w in edges:
        dist[a, b] = dist[b, a] = w
    for k in range(n):
        through = dist[:, k, None] + dist[None, k, :]
        better = through < dist
        dist = np.where(better, through, dist)
        hop = np.where(better, hop[:, k, None], hop)
    return dist, hop


def _path(hop: np.ndarray, a: int, b: int) -> set[tuple[int, int]]:
    edges = set()
    while a != b:
        step = int(hop[a, b])
        edges.add((min(a, step), max(a, step)))
        a = step
    return edges


def steiner_tree(
    n: int, edges: list[list[int]], terminals: list[int]
) -> tuple[int, set[tuple[int, int]]]:
    """The least weight joining ``terminals`` and a tree reaching it (Dreyfus-Wagner)."""
    dist, hop = shortest_paths(n, edges)
    k = len(terminals)
    cost = np.zeros((1 << k, n), dtype=np.int64)
    via, split = np.zeros((1 << k, n), dtype=np.int64), np.zeros((1 << k, n), dtype=np.int64)
    for i, t in enumerate(terminals):
        cost[1 << i] = dist[t]
    for subset in range(1, 1 << k):
        if subset & (subset - 1) == 0:
            continue
        low = subset & -subset
        merged = np.full(n, 10**12, dtype=np.int64)
        part = np.zeros(n, dtype=np.int64)
        sub = (subset - 1) & subset
        while sub:
            if sub & low:
                both = cost[sub] + cost[subset ^ sub]
                better = both < merged
                merged = np.where(better, both, merged)
                part = np.where(better, sub, part)
            sub = (sub - 1) & subset
        total = merged[:, None] + dist
        via[subset] = np.argmin(total, axis=0)
        cost[subset] = total.min(axis=0)
        split[subset] = part
    tree: set[tuple[int, int]] = set()
    stack = [((1 << k) - 1, terminals[0])]
    while stack:
        subset, v = stack.pop()
        if subset & (subset - 1) == 0:
            tree |= _path(hop, terminals[subset.bit_length() - 1], v)
            continue
        u = int(via[subset, v])
        tree |= _path(hop, u, v)
        part = int(split[subset, u])
        stack += [(part, u), (subset ^ part, u)]
    return int(cost[(1 << k) - 1, terminals[0]]), tree


def first_terminal_paths(n: int, edges: list[list[int]], terminals: list[int]) -> int:
    """The sum of the shortest distances from the first terminal to each other one."""
    dist, _ = shortest_paths(n, edges)
    return int(sum(dist[terminals[0], t] for t in terminals[1:]))


def joins(n: int, edges: set[tuple[int, int]], terminals: list[int]) -> bool:
    """Whether ``edges`` connect all ``terminals`` (union-find)."""
    root = list(range(n))

    def find(v: int) -> int:
        while root[v] != v:
            root[v] = root[root[v]]
            v = root[v]
        return v

    for a, b in edges:
        root[find(a)] = find(b)
    return len({find(t) for t in terminals}) == 1


class SteinerTree(GradedFamily):
    """A minimum Steiner tree of a small weighted graph, graded by its weight."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": Knob("int", 5, 14, default=9, easy=7, hard=12, doc="nodes"),
        "terminals": Knob("int", 3, 6, default=4, easy=3, hard=5, doc="nodes to connect"),
    }
    answer_syntax = "the chosen edges as pairs of node numbers (e.g. 1-4, 4-7, 7-2)"
    answer_form = "a list of edges"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = int(knobs["nodes"]), int(knobs["terminals"])
        k = min(k, n - 2)
        while True:
            edges, seen = [], set()
            for v in range(1, n):
                u = rng.randrange(v)
                edges.append([u, v, rng.randint(1, 9)])
                seen.add((u, v))
            for u in range(n):
                for v in range(u + 1, n):
                    if (u, v) not in seen and rng.random() < 0.3:
                        edges.append([u, v, rng.randint(1, 9)])
            edges.sort()
            terminals = sorted(rng.sample(range(n), k))
            baseline = first_terminal_paths(n, edges, terminals)
            best, tree = steiner_tree(n, edges, terminals)
            if best < baseline:
                break
        weight = {(a, b): w for a, b, w in edges}
        assert sum(weight[e] for e in tree) == best
        shown = ", ".join(f"{a + 1}-{b + 1} ({w})" for a, b, w in edges)
        names = ", ".join(str(t + 1) for t in terminals)
        question = (
            f"A graph has nodes 1 to {n} and these edges, each with its weight in brackets: "
            f"{shown}.\n\nChoose edges so that the terminals {names} are all connected through "
            "the chosen edges (they may pass through other nodes), with the least total "
            "weight. List the chosen edges.\n\n"
            + reward_sentence(
                f"the sum of the shortest-path distances from node {terminals[0] + 1} to each "
                "other terminal",
                "a lower total weight is better",
            )
        )
        meta = {"nodes": n, "edges": edges, "terminals": terminals, "best": best,
                "baseline": baseline}  # fmt: skip
        return Draft(question, ", ".join(f"{a + 1}-{b + 1}" for a, b in sorted(tree)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        weight = {(a, b): w for a, b, w in meta["edges"]}
        try:
            pairs = [
                (small_int(m[1]) - 1, small_int(m[2]) - 1)
                for m in scan(answer, _EDGE, len(weight), "edge")
            ]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        chosen = {(min(a, b), max(a, b)) for a, b in pairs}
        if len(chosen) != len(pairs):
            return Judgement.unparsable("an edge is listed twice")
        missing = [e for e in chosen if e not in weight]
        if missing:
            a, b = missing[0]
            return Judgement.wrong(why=f"{a + 1}-{b + 1} is not an edge of the graph")
        if not joins(meta["nodes"], chosen, meta["terminals"]):
            return Judgement.wrong(why="the chosen edges leave a terminal unconnected")
        total = sum(weight[e] for e in chosen)
        return judge_value(total, meta["baseline"], meta["best"], "total weight")

    def complexity(self, problem: Problem) -> float:
        """Edges times terminals."""
        return len(problem.meta["edges"]) * len(problem.meta["terminals"])
