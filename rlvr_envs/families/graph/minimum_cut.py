"""MinimumCut: the global minimum cut of a connected undirected weighted graph.

A cut splits the nodes into two non-empty sides; its weight is the total weight of the edges
between them. The graph hides two or three clusters: each is a random tree plus random
extra edges of higher weight, and a few lighter edges join the clusters, so the minimum cut
is sometimes a cluster and sometimes a single weakly attached node. Reference: Stoer and
Wagner (1997), "A simple min-cut algorithm": maximum-adjacency orderings, merging the last
two nodes of each phase.

Answer syntax: the weight of a minimum cut, a colon and the nodes of one side separated by
commas (``7: 0, 3, 5``); either side of any minimum cut scores 1. The checker recomputes the
weight of the cut the side defines; it must equal the stated weight and the minimum.

Knobs: ``nodes``, ``degree`` (average degree), ``max_weight`` and ``encoding``. Difficulty
raises the first three: at difficulty 1 sixteen nodes and some thirty weighted edges, where
only a systematic search finds the lightest of the many near-minimal cuts.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import below, edge_count, finish, random_tree
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, parse_int, parse_nodes


class MinimumCut(GraphFamily):
    """The weight of a minimum cut of a weighted undirected graph, with one side of it."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(4, 30, default=10, easy=6, hard=16),
        "degree": degree_knob(2.0, 8.0, default=3.0, easy=2.5, hard=4.0),
        "max_weight": Knob("int", 2, 50, default=9, easy=5, hard=20, doc="largest edge weight"),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "the weight of a minimum cut, a colon and the nodes of one side separated by commas "
        "(e.g. 7: 0, 3, 5)"
    )
    answer_form = "cut weight with one side"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, high = knobs["nodes"], knobs["max_weight"]
        edges = clustered_graph(rng, n, edge_count(n, knobs["degree"] / 2, n - 1), high)
        graph, _ = finish(rng, n, edges, False)
        question = (
            "A cut of this graph splits its nodes into two non-empty sides; its weight is the "
            "total weight of the edges with one end on each side. Find a cut of minimum weight "
            "and give its weight and the nodes of one side."
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        value, side = minimum_cut(graph)
        answer = f"{value}: " + ", ".join(map(str, side))
        return Draft(question, answer, {**graph.to_meta(), "cut": value})

    def check(self, problem: Problem, answer: str) -> Judgement:
        value, sep, rest = answer.partition(":")
        try:
            if not sep:
                raise AnswerError("expected the cut weight, a colon and the nodes of one side")
            claimed, side = parse_int(value), parse_nodes(rest)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        n = problem.meta["nodes"]
        if len(set(side)) != len(side):
            return Judgement.wrong(why="a node is listed twice")
        if max(side) >= n:
            return Judgement.wrong(why="a node that is not in the graph")
        if len(side) >= n:
            return Judgement.wrong(why="the other side of the cut is empty")
        members = set(side)
        weight = sum(w for u, v, w in problem.meta["edges"] if (u in members) != (v in members))
        if weight != claimed:
            return Judgement.wrong(why=f"the edges across that cut weigh {weight}")
        if weight != problem.meta["cut"]:
            return Judgement.wrong(why="a lighter cut exists")
        return Judgement.right()


def clustered_graph(rng: random.Random, n: int, m: int, high: int) -> list[tuple[int, int, int]]:
    """Two or three clusters (random trees plus extra edges, weights in the upper part of
    1..high) chained by one to three light edges (weights in the lower half); ``m`` edges
    in all where the clusters have room."""
    groups = 3 if n >= 9 and rng.random() < 0.5 else 2
    bounds = [0]
    for g in range(groups - 1, 0, -1):  # sizes at least 2 (3 when there is room)
        least = 3 if n >= 3 * groups else 2
        room = n - bounds[-1] - least * (g + 1)
        bounds.append(bounds[-1] + least + below(rng, room // 2 + 1))
    bounds.append(n)
    heavy_low = max(1, high // 3)
    light_high = max(1, high // 2)
    edges: list[tuple[int, int, int]] = []
    present: set[tuple[int, int]] = set()

    def add(u: int, v: int, w: int) -> None:
        key = (min(u, v), max(u, v))
        if u != v and key not in present:
            present.add(key)
            edges.append((key[0], key[1], w))

    for a, b in itertools.pairwise(bounds):
        for u, v in random_tree(rng, b - a):
            add(a + u, a + v, heavy_low + below(rng, high - heavy_low + 1))
    for a, b, c in zip(bounds, bounds[1:], bounds[2:]):  # chain [a, b) to [b, c)
        for _ in range(1 + below(rng, 3)):
            add(a + below(rng, b - a), b + below(rng, c - b), 1 + below(rng, light_high))
    attempts = 0
    while len(edges) < m and attempts < 20 * m:
        attempts += 1
        g = below(rng, groups)
        a, b = bounds[g], bounds[g + 1]
        add(
            a + below(rng, b - a),
            a + below(rng, b - a),
            heavy_low + below(rng, high - heavy_low + 1),
        )
    return edges


def minimum_cut(graph: Graph) -> tuple[int, list[int]]:
    """Stoer-Wagner: the minimum cut weight and the sorted side that does not hold the
    largest node (so the answer never lists every node).

    Each phase grows a maximum-adjacency ordering from one super-node; the cut separating
    the last super-node from the rest is a candidate; the last two are then merged.
    """
    n = graph.n
    weight = [[0] * n for _ in range(n)]
    for u, v, w in graph.edges:
        weight[u][v] += w
        weight[v][u] += w
    members = [[u] for u in range(n)]
    alive = list(range(n))
    best, best_side = -1, [0]
    while len(alive) > 1:
        conn = {u: 0 for u in alive}
        order = []
        remaining = set(alive)
        prev = -1
        while remaining:
            if prev < 0:
                nxt = alive[0]
            else:
                row = weight[prev]
                for u in remaining:
                    conn[u] += row[u]
                nxt = max(remaining, key=lambda u: (conn[u], -u))
            remaining.discard(nxt)
            order.append(nxt)
            prev = nxt
        s, t = order[-2], order[-1]
        if best < 0 or conn[t] < best:
            best, best_side = conn[t], list(members[t])
        members[s].extend(members[t])
        for u in alive:
            weight[s][u] += weight[t][u]
            weight[u][s] = weight[s][u]
        weight[s][s] = 0
        alive.remove(t)
    if n - 1 in best_side:
        chosen = set(best_side)
        best_side = [u for u in range(n) if u not in chosen]
    return best, sorted(best_side)
