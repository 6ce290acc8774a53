"""Minimum spanning tree: the total weight of a minimum spanning tree of a weighted graph.

The graph is connected (a random tree plus random edges) with integer weights. Reference:
Kruskal (1956), "On the shortest spanning subtree of a graph", with a union-find forest.

Answer syntax: one integer, the total weight (every minimum spanning tree has the same).

Knobs: ``nodes``, ``degree`` (average degree), ``max_weight`` and ``encoding``. Difficulty
raises the first three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob
from rlvr_envs.families.graph.base import ValueFamily
from rlvr_envs.families.graph.generators import connected_edges, edge_count, finish, with_weights
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph


class MinimumSpanningTree(ValueFamily):
    """The total weight of a minimum spanning tree."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=8, easy=4, hard=20),
        "degree": degree_knob(1.0, 10.0, default=3.0, easy=2.5, hard=5.0),
        "max_weight": Knob("int", 1, 100, default=20, easy=9, hard=50, doc="largest weight"),
        "encoding": encoding_knob(),
    }
    answer_syntax = "the total weight as a single integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["nodes"]
        edges = connected_edges(rng, n, edge_count(n, knobs["degree"] / 2, n - 1))
        graph, _ = finish(rng, n, with_weights(rng, edges, knobs["max_weight"]), False)
        question = (
            "What is the total weight of a minimum spanning tree of this connected graph?"
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        return Draft(question, str(kruskal_weight(graph)), graph.to_meta())


def kruskal_weight(graph: Graph) -> int:
    """Kruskal's algorithm: take edges by increasing weight unless they close a cycle."""
    parent = list(range(graph.n))

    def root(u: int) -> int:
        while parent[u] != u:
            parent[u] = parent[parent[u]]  # path halving
            u = parent[u]
        return u

    total = 0
    for u, v, w in sorted(graph.edges, key=lambda e: e[2]):
        ru, rv = root(u), root(v)
        if ru != rv:
            parent[ru] = rv
            total += w
    return total
