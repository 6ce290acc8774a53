"""Diameter: the largest shortest-path distance between two nodes of a connected graph.

Unweighted (distances count edges) while ``max_weight`` is 1, weighted above. Reference:
breadth-first search from every node (unweighted) or Dijkstra (1959) from every node.

Answer syntax: one integer.

Knobs: ``nodes``, ``degree`` (average degree), ``max_weight`` and ``encoding``. Difficulty
raises the first three (so harder problems are weighted).
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob
from rlvr_envs.families.graph._graphs import (
    Graph,
    ValueFamily,
    bfs_hops,
    connected_edges,
    degree_knob,
    dijkstra,
    edge_count,
    encoding_knob,
    finish,
    nodes_knob,
    with_weights,
)


class Diameter(ValueFamily):
    """The diameter of a connected graph (weighted once max_weight exceeds 1)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=8, easy=5, hard=20),
        "degree": degree_knob(1.0, 10.0, default=2.5, easy=2.2, hard=3.5),
        "max_weight": Knob(
            "int", 1, 50, default=1, easy=1, hard=9, doc="largest weight (1: unweighted)"
        ),
        "encoding": encoding_knob(),
    }
    answer_syntax = "the diameter as a single integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, high = knobs["nodes"], knobs["max_weight"]
        edges = connected_edges(rng, n, edge_count(n, knobs["degree"] / 2, n - 1))
        graph, _ = finish(rng, n, with_weights(rng, edges, high if high > 1 else 0), False)
        if graph.weighted:
            what = "the largest total weight of a shortest path between any two nodes"
        else:
            what = "the largest number of edges on a shortest path between any two nodes"
        question = (
            f"What is the diameter of this connected graph, that is, {what}?"
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        return Draft(question, str(diameter(graph)), graph.to_meta())


def diameter(graph: Graph) -> int:
    """Largest eccentricity: a search from every node (BFS, or Dijkstra when weighted)."""
    if not graph.weighted:
        neighbours = graph.neighbours()
        return max(max(bfs_hops(neighbours, s)) for s in range(graph.n))
    adj = graph.adjacency()
    return int(max(max(dijkstra(adj, s)[0]) for s in range(graph.n)))
