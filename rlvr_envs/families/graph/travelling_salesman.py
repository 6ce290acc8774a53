"""Travelling salesman: the shortest tour of a small weighted undirected graph.

The graph has ``nodes`` nodes (5 -> 9) and integer weights in 1..``max_weight``. It is
complete, or near-complete: a fraction ``missing`` of the edges is removed, but never an
edge of a hidden random cycle through every node, so a tour always exists. The reference
is exact: the Held-Karp dynamic programme over (set of visited nodes, last node)
(Bellman 1962; Held and Karp 1962), O(2^n n^2), with the tour recovered from its
predecessor table.

Answer syntax: the minimum tour length, a colon, then an optimal tour as node numbers
joined by ``->``, every node once (``23: 0 -> 3 -> 1 -> 4 -> 2``); writing the first node
again at the end (``... -> 2 -> 0``) is optional; the tour may start anywhere and run in
either direction, and commas or spaces between nodes also work. Any optimal tour is right.
A valid tour that is not optimal, stated with its own length, is wrong with partial
credit ``score = best / length``; a stated length that is not the tour's length is wrong.

Knobs: ``nodes`` (5 -> 9), ``max_weight`` (9 -> 60), ``missing`` (fraction of edges
removed, 0.0 -> 0.3) and ``encoding``. Difficulty raises all three: at difficulty 1 there
are 20,160 tours of 9 nodes over two-digit weights, with missing edges to route around.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import finish, shuffle
from rlvr_envs.families.graph.knobs import encoding_knob, nodes_knob
from rlvr_envs.families.graph.parsing import AnswerError, parse_int, parse_nodes

INF = float("inf")


class TravellingSalesman(GraphFamily):
    """Give the minimum length of a tour visiting every node once and returning, and such a
    tour (any optimal tour is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(4, 10, default=6, easy=5, hard=9),
        "max_weight": Knob("int", 5, 99, default=20, easy=9, hard=60, doc="largest edge weight"),
        "missing": Knob(
            "float",
            0.0,
            0.5,
            default=0.1,
            easy=0.0,
            hard=0.3,
            doc="fraction of the non-tour edges removed from the complete graph",
        ),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "the minimum tour length, a colon, then an optimal tour as node numbers joined by -> "
        "(e.g. 23: 0 -> 3 -> 1 -> 4 -> 2)"
    )
    answer_form = "integer with a tour"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, high, missing = knobs["nodes"], knobs["max_weight"], knobs["missing"]
        order = list(range(n))
        shuffle(rng, order)
        keep = {(min(u, v), max(u, v)) for u, v in zip(order, order[1:] + order[:1])}
        draw = rng.random
        edges = [
            (u, v, 1 + int(draw() * high))
            for u in range(n)
            for v in range(u + 1, n)
            if (u, v) in keep or draw() >= missing
        ]
        graph, _ = finish(rng, n, edges, False)
        best, tour = held_karp(graph.n, graph.adjacency())
        question = (
            "A tour visits every node of this graph exactly once, travelling along edges, and "
            "returns to the node it started from; its length is the sum of the weights of the "
            "edges it uses (including the one back to the start). Find the minimum length of "
            "a tour and a tour of that length.\n\n"
            f"{self.text(graph, knobs, rng)}"
        )
        meta = {**graph.to_meta(), "length": best}
        return Draft(question, f"{best}: " + " -> ".join(map(str, tour)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        value, sep, rest = answer.partition(":")
        try:
            if not sep:
                raise AnswerError("expected the length, a colon and a tour")
            claimed, tour = parse_int(value), parse_nodes(rest)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        n, best = meta["nodes"], meta["length"]
        if len(tour) == n + 1 and tour[0] == tour[-1]:
            tour = tour[:-1]
        if len(tour) != n or sorted(tour) != list(range(n)):
            return Judgement.wrong(why=f"the tour must name each of the {n} nodes once")
        adj = self.graph(problem).adjacency()
        length = 0
        for u, v in zip(tour, tour[1:] + tour[:1]):
            if v not in adj[u]:
                return Judgement.wrong(why=f"{u} -- {v} is not an edge")
            length += adj[u][v]
        if claimed != length:
            return Judgement.wrong(why="the stated length is not the tour's length", length=length)
        if length == best:
            return Judgement.right()
        return Judgement.wrong(score=best / length, length=length, best=best)

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges plus the optimum's digits (the arithmetic a solver carries)."""
        meta = problem.meta
        return meta["nodes"] * 2 + len(meta["edges"]) + len(str(meta["length"]))


def held_karp(n: int, adj: list[dict[int, int]]) -> tuple[int, list[int]]:
    """The optimal tour length and a tour starting at node 0, by Held-Karp.

    ``cost[mask][j]``: the least weight of a path from node 0 through the nodes of ``mask``
    (a subset of 1..n-1, bit j-1 for node j) ending at ``j`` in ``mask``.
    """
    m = n - 1
    full = (1 << m) - 1
    cost = [[INF] * n for _ in range(1 << m)]
    pred = [[-1] * n for _ in range(1 << m)]
    for j in range(1, n):
        if j in adj[0]:
            cost[1 << (j - 1)][j] = adj[0][j]
            pred[1 << (j - 1)][j] = 0
    for mask in range(1, full + 1):
        row = cost[mask]
        members = [j for j in range(1, n) if mask >> (j - 1) & 1]
        for j in members:
            here = row[j]
            if here == INF:
                continue
            for k, w in adj[j].items():
                if k == 0 or mask >> (k - 1) & 1:
                    continue
                nxt = mask | 1 << (k - 1)
                if here + w < cost[nxt][k]:
                    cost[nxt][k] = here + w
                    pred[nxt][k] = j
    best, last = INF, -1
    for j in range(1, n):
        if 0 in adj[j] and cost[full][j] + adj[j][0] < best:
            best, last = cost[full][j] + adj[j][0], j
    tour, mask = [], full
    while last != 0:
        tour.append(last)
        last, mask = pred[mask][last], mask & ~(1 << (last - 1))
    tour.append(0)
    tour.reverse()
    return int(best), tour


__all__ = ["TravellingSalesman", "held_karp"]
