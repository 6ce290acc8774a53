"""Cut vertices and bridges: the graphs that have them, the search that finds them, and the
base class of :mod:`.articulation_points` and :mod:`.bridges`.

A connected graph made of a random tree plus *local* extra edges (each closes a cycle of at
most five nodes), so some parts are 2-connected and others hang on cut vertices and bridges.
Reference: depth-first search with low points (Hopcroft and Tarjan 1973, "Efficient
algorithms for graph manipulation").

Knobs: ``nodes``, ``degree`` (average degree) and ``encoding``. Difficulty raises all
but encoding.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Knob
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import below, edge_count, finish, random_tree
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph


def local_cycle_graph(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    """A random tree plus up to ``m - (n - 1)`` extra edges, each between nodes at most four
    tree steps apart, so cycles stay short and cut vertices and bridges survive."""
    tree = random_tree(rng, n)
    around: list[list[int]] = [[] for _ in range(n)]
    for u, v in tree:
        around[u].append(v)
        around[v].append(u)
    present = {(u, v) for u, v in tree}
    edges = list(tree)
    want = m - len(tree)
    for _ in range(4 * want):
        if want <= 0:
            break
        u = v = below(rng, n)
        for _ in range(2 + below(rng, 3)):
            v = around[v][below(rng, len(around[v]))]
        key = (min(u, v), max(u, v))
        if u != v and key not in present:
            present.add(key)
            edges.append(key)
            want -= 1
    return edges


def cut_structure(graph: Graph) -> tuple[list[int], list[tuple[int, int]]]:
    """Articulation points and bridges of an undirected graph, both sorted.

    Iterative depth-first search with discovery times and low points (Hopcroft and Tarjan
    1973): a non-root u is a cut vertex when some child v has low[v] >= disc[u], the root
    when it has two or more children; u-v is a bridge when low[v] > disc[u].
    """
    neighbours = graph.neighbours()
    n = graph.n
    disc, low = [-1] * n, [0] * n
    cuts: set[int] = set()
    bridges: list[tuple[int, int]] = []
    clock = 0
    for root in range(n):
        if disc[root] >= 0:
            continue
        disc[root] = low[root] = clock
        clock += 1
        children = 0
        stack = [(root, -1, iter(neighbours[root]))]
        while stack:
            u, parent, rest = stack[-1]
            v = next(rest, None)
            if v is None:
                stack.pop()
                if parent >= 0:
                    low[parent] = min(low[parent], low[u])
                    if low[u] > disc[parent]:
                        bridges.append((min(parent, u), max(parent, u)))
                    if low[u] >= disc[parent] and parent != root:
                        cuts.add(parent)
                continue
            if v == parent:
                continue
            if disc[v] >= 0:
                low[u] = min(low[u], disc[v])
                continue
            disc[v] = low[v] = clock
            clock += 1
            if u == root:
                children += 1
            stack.append((v, u, iter(neighbours[v])))
        if children >= 2:
            cuts.add(root)
    return sorted(cuts), sorted(bridges)


class CutFamily(GraphFamily):
    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=10, easy=6, hard=30),
        "degree": degree_knob(1.0, 6.0, default=2.4, easy=2.2, hard=3.0),
        "encoding": encoding_knob(),
    }
    single_answer = False

    def _graph(self, rng: random.Random, knobs: dict) -> Graph:
        n = knobs["nodes"]
        edges = local_cycle_graph(rng, n, edge_count(n, knobs["degree"] / 2, n - 1))
        return finish(rng, n, edges, False)[0]
