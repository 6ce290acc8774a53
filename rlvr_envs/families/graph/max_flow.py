"""Maximum flow: the value of a maximum flow from a source to a sink in a capacitated digraph.

Every node is reachable from the source and reaches the sink (each node gets an in-edge from
an earlier node and an out-edge to a later one in a hidden order), plus random extra edges,
one in five pointing backwards. Reference: Edmonds and Karp (1972), "Theoretical
improvements in algorithmic efficiency for network flow problems": shortest augmenting
paths found by breadth-first search.

Answer syntax: one integer, the value of the maximum flow (equal to the minimum cut).

Knobs: ``nodes``, ``degree`` (edges per node), ``max_capacity`` and ``encoding``.
Difficulty raises the first three.
"""

from __future__ import annotations

import random
from collections import deque
from typing import ClassVar

from rlvr_envs.core import Draft, Knob
from rlvr_envs.families.graph.base import ValueFamily
from rlvr_envs.families.graph.generators import (
    add_random_edges,
    below,
    edge_count,
    finish,
    with_weights,
)
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph


class MaxFlow(ValueFamily):
    """The value of a maximum flow from the source to the sink."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 60, default=8, easy=4, hard=16),
        "degree": degree_knob(1.0, 6.0, default=2.0, easy=1.5, hard=3.0, doc="edges per node"),
        "max_capacity": Knob("int", 1, 100, default=20, easy=9, hard=50, doc="largest capacity"),
        "encoding": encoding_knob(),
    }
    answer_syntax = "the maximum flow value as a single integer"
    weight_word = "capacity"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["nodes"]
        edges = _flow_network(rng, n, edge_count(n, knobs["degree"], directed=True))
        graph, label = finish(rng, n, with_weights(rng, edges, knobs["max_capacity"]), True)
        source, sink = label[0], label[n - 1]
        question = (
            f"Each edge of this directed graph can carry at most its capacity. What is the "
            f"value of a maximum flow from node {source} to node {sink}?"
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        value = max_flow_value(graph, source, sink)
        return Draft(question, str(value), {**graph.to_meta(), "source": source, "sink": sink})


def _flow_network(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    """Source 0, sink n-1: every node has an in-edge from an earlier and an out-edge to a
    later node, then extra edges (four in five forward) up to ``m``."""
    edges = [(below(rng, v), v) for v in range(1, n)]
    present = set(edges)
    for u in range(n - 1):
        v = u + 1 + below(rng, n - u - 1)
        if (u, v) not in present:
            present.add((u, v))
            edges.append((u, v))

    def allowed(u: int, v: int) -> bool:
        return u != n - 1 and v != 0 and (u < v or rng.random() < 0.25)

    return add_random_edges(rng, n, edges, m - len(edges), directed=True, allowed=allowed)


def max_flow_value(graph: Graph, source: int, sink: int) -> int:
    """Edmonds-Karp: augment along shortest residual paths until none is left."""
    residual: list[dict[int, int]] = [{} for _ in range(graph.n)]
    for u, v, c in graph.edges:
        residual[u][v] = residual[u].get(v, 0) + c
        residual[v].setdefault(u, 0)
    total = 0
    while True:
        parent = {source: source}
        queue = deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v, c in residual[u].items():
                if c > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return total
        push, v = float("inf"), sink
        while v != source:
            push = min(push, residual[parent[v]][v])
            v = parent[v]
        v = sink
        while v != source:
            residual[parent[v]][v] -= push
            residual[v][parent[v]] += push
            v = parent[v]
        total += int(push)
