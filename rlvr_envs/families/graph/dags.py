"""Directed acyclic graphs: random ones, Kahn's topological order, and the check of an order.

A random DAG is a hidden order of the nodes and ``degree * nodes`` random edges that go
forward in it.
"""

from __future__ import annotations

import heapq
import random

from rlvr_envs.families.graph.generators import add_random_edges, edge_count
from rlvr_envs.families.graph.model import Graph


def random_dag(rng: random.Random, n: int, per_node: float) -> list[tuple[int, int]]:
    """Edges u -> v with u < v (the hidden order is the labels, before relabelling)."""
    # undirected sampling returns each pair as (smaller, larger): a forward edge
    return add_random_edges(rng, n, [], max(1, edge_count(n, per_node)))


def order_error(meta: dict, order: list[int]) -> str | None:
    """Why ``order`` is not a topological order of the graph in ``meta``, or None."""
    n = meta["nodes"]
    if sorted(order) != list(range(n)):
        return "the order must list every node exactly once"
    position = [0] * n
    for i, u in enumerate(order):
        position[u] = i
    for u, v in meta["edges"]:
        if position[u] > position[v]:
            return f"{u} -> {v} points backwards"
    return None


def kahn_order(graph: Graph) -> list[int]:
    """Kahn's algorithm, always taking the smallest node with no remaining in-edges."""
    out = graph.neighbours()
    indegree = [0] * graph.n
    for _, v in graph.edges:
        indegree[v] += 1
    ready = [u for u in range(graph.n) if indegree[u] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        u = heapq.heappop(ready)
        order.append(u)
        for v in out[u]:
            indegree[v] -= 1
            if indegree[v] == 0:
                heapq.heappush(ready, v)
    return order
