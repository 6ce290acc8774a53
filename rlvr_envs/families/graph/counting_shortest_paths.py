"""Counting shortest paths: how many different shortest paths join two nodes of a graph.

The graph is undirected and layered under its random labels: the source, layers of ``width``
or ``width - 1`` nodes (the last one what is left of ``nodes``), then the target. Every node
has an edge to some node of the layer before and of the layer after, and each other pair of
nodes in neighbouring layers is joined with probability one half, so the number of shortest
paths multiplies from layer to layer and reaches the hundreds or thousands at difficulty 1.
Edges inside a layer are distractors. With ``max_weight`` above 1 every node gets a height
that rises from layer to layer, an edge between layers weighs the difference of its end
heights (so many paths tie), a fifth of them one more (so many do not), and an edge inside a
layer a random 1..max_weight (it can then lie on a shortest path). Reference: Dijkstra's
algorithm (Dijkstra 1959) with path counting: when a node is settled its count is final, and
each edge that ties a neighbour's tentative distance adds the settled node's count to it.

Answer syntax: the number of shortest paths as a single integer (``12``). Two paths are
different when their sequences of nodes differ. The count is unique.

Knobs: ``nodes``, ``width`` (largest layer), ``max_weight`` (1: unweighted, else the height
step per layer; weights run 1..2*max_weight-1) and ``encoding``. Difficulty raises all but
encoding: at difficulty 1, 40 nodes in about 9 layers of 4 or 5, about 110 edges with
weights 1 to 5, and counts from tens to thousands (median about a thousand).

Versions: ``rlvr/CountingShortestPaths-v1`` (class :class:`CountingShortestPathsV1`) starts
its difficulty range at 12 nodes in layers of up to 3 (median count 18). Version 0 started at
6 nodes in layers of up to 2, where the count can only be 1 to 4 and the constant answer
``2`` was right on 64% of problems at difficulty 0; it stays registered unchanged (it is a
member of the frozen ``rlvr/Graph-v1``).
"""

from __future__ import annotations

import heapq
import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.graph.base import ValueFamily
from rlvr_envs.families.graph.generators import finish
from rlvr_envs.families.graph.knobs import encoding_knob, nodes_knob


class CountingShortestPaths(ValueFamily):
    """Count the different shortest paths from the source to the target."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(3, 60, default=14, easy=6, hard=40),
        "width": Knob("int", 1, 8, default=3, easy=2, hard=5, doc="most nodes in a layer"),
        "max_weight": Knob(
            "int", 1, 6, default=1, easy=1, hard=3,
            doc="height step per layer; 1 means unweighted, else weights 1..2*max_weight-1",
        ),
        "encoding": encoding_knob(),
    }  # fmt: skip
    answer_syntax = "the number of shortest paths as a single integer"
    answer_form = "integer count"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        step, width = knobs["max_weight"], knobs["width"]
        draw = rng.random
        total = knobs["nodes"]
        rows = [[0]]
        n = 1
        while n < total - 1:  # layers of width - 1 or width nodes, the last one what is left
            size = min(total - 1 - n, max(1, width - int(draw() * 2)))
            rows.append(list(range(n, n + size)))
            n += size
        rows.append([n])
        n += 1
        height = [0] * n
        for i, row in enumerate(rows):
            for u in row:
                height[u] = i * step + int(draw() * step)
        pairs: set[tuple[int, int]] = set()
        for upper, lower in itertools.pairwise(rows):
            for v in lower:  # a way in for every node
                pairs.add((upper[int(draw() * len(upper))], v))
            for u in upper:  # and a way on
                pairs.add((u, lower[int(draw() * len(lower))]))
            for u in upper:
                for v in lower:
                    if draw() < 0.5:
                        pairs.add((u, v))
        edges: list[tuple[int, ...]] = []
        for u, v in sorted(pairs):
            w = height[v] - height[u] + (1 if draw() < 0.2 else 0)
            edges.append((u, v, w) if step > 1 else (u, v))
        inner = [row for row in rows if len(row) > 1]
        seen: set[tuple[int, int]] = set()
        for _ in range(n // 5 if inner else 0):  # distractors inside a layer
            row = inner[int(draw() * len(inner))]
            u, v = rng.sample(row, 2)
            if (min(u, v), max(u, v)) not in seen:
                seen.add((min(u, v), max(u, v)))
                edges.append((u, v, 1 + int(draw() * step)) if step > 1 else (u, v))
        graph, label = finish(rng, n, edges, False)
        source, target = label[0], label[n - 1]
        count, dist = count_shortest_paths(graph.adjacency(), source, target)
        length = "sum of the weights of its edges" if step > 1 else "number of its edges"
        question = (
            f"How many different shortest paths lead from node {source} to node {target} in "
            f"this graph? The length of a path is the {length}; two paths are different when "
            f"their sequences of nodes differ.\n\n{self.text(graph, knobs, rng)}"
        )
        meta = {**graph.to_meta(), "source": source, "target": target, "distance": dist}
        return Draft(question, str(count), meta)

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges plus the digits of the count."""
        return super().complexity(problem) + len(problem.answer)


def count_shortest_paths(adj: list[dict[int, int]], source: int, target: int) -> tuple[int, int]:
    """The number of shortest source-target paths and their length (weights > 0).

    Dijkstra's algorithm with a binary heap; when a node is settled its count is final, and
    each relaxation that ties a distance adds the settled node's count.
    """
    n = len(adj)
    dist: list[int | None] = [None] * n
    count = [0] * n
    done = [False] * n
    dist[source], count[source] = 0, 1
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        if u == target:
            break
        for v, w in adj[u].items():
            nd = d + w
            dv = dist[v]
            if dv is None or nd < dv:
                dist[v], count[v] = nd, count[u]
                heapq.heappush(heap, (nd, v))
            elif nd == dv and not done[v]:
                count[v] += count[u]
    return count[target], dist[target]


class CountingShortestPathsV1(CountingShortestPaths):
    """Version 1: the easy end of the range has counts no constant answer can guess."""

    name = "CountingShortestPaths"
    knobs: ClassVar[dict[str, Knob]] = {
        **CountingShortestPaths.knobs,
        "nodes": nodes_knob(3, 60, default=14, easy=12, hard=40),
        "width": Knob("int", 1, 8, default=3, easy=3, hard=5, doc="most nodes in a layer"),
    }
