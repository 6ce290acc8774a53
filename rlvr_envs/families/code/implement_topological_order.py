"""ImplementTopologicalOrder: write a function that orders the nodes of a directed graph so
that every edge points forward, or proves that no such order exists with a directed cycle;
tested on DAGs drawn by ``rlvr/TopologicalOrder-v0``.

The task: ``topological_order(n, edges)`` gets ``n`` nodes numbered 0..n-1 and a list of
directed edges ``[u, v]`` (u -> v), and returns ``{"order": [...]}`` with every node once,
each edge going from an earlier node to a later one, or, when the graph has a directed
cycle, ``{"cycle": [c0, c1, ..., ck-1]}``: distinct nodes with the edges c0 -> c1 -> ... ->
ck-1 -> c0 (the first node is not repeated). The two answers cannot be confused, and a
cyclic graph has no order, so the contract is unambiguous; any valid order or cycle is
right, each checked against the graph. Reference: Kahn (1962) with the smallest available
node first (:func:`rlvr_envs.families.graph.dags.kahn_order`); where it stops short, a
walk backwards along in-edges among the nodes left finds a cycle. O(n + m); repeatedly
scanning the remaining nodes for one without in-edges passes the small tests and runs past
the limit on the large one (a DAG of 8,000 x ``scale`` nodes and two edges per node, with
a path through every node and only short forward edges, so a recursive search must not
lean on the default recursion limit, as the prompt says).

Hidden tests: source instances (DAGs), edge cases, in every problem (one node, no edges, a
two-node cycle, a path whose only order is its own, cycles inside larger graphs with nodes
after the cycle and an acyclic second component, so the "cycle" answer is always tested)
and the large input.

Answer syntax: the whole solution as the last fenced Python block (stdlib only).

Knobs: those of :mod:`rlvr_envs.families.code.implementations` (``instances``, ``scale``).
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.families.code.implementations import Implementation
from rlvr_envs.families.graph.cycle_detection import directed_cycle_error
from rlvr_envs.families.graph.dags import kahn_order, order_error, random_dag
from rlvr_envs.families.graph.generators import below, edge_count, finish, shuffle
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.topological_order import TopologicalOrder

LARGE = 8_000  # nodes of the large input per unit of scale
EXTRA = 1  # edges per node besides the path through every node
SPAN = 4  # an extra edge of the large input joins nodes at most this many steps apart
SMALL_NODES = 300  # the limits the prompt states without a large input
SMALL_EDGES = 1_000

SOLUTION = """\
from collections import deque


def topological_order(n, edges):
    out = [[] for _ in range(n)]
    indegree = [0] * n
    for u, v in edges:
        out[u].append(v)
        indegree[v] += 1
    queue = deque(u for u in range(n) if indegree[u] == 0)
    order = []
    while queue:
        u = queue.popleft()
        order.append(u)
        for v in out[u]:
            indegree[v] -= 1
            if indegree[v] == 0:
                queue.append(v)
    if len(order) == n:
        return {"order": order}
    # every node left has an in-edge from another node left: walk those edges backwards
    left = [indegree[u] > 0 for u in range(n)]
    into = [[] for _ in range(n)]
    for u, v in edges:
        if left[u] and left[v]:
            into[v].append(u)
    seen = {}
    walk = []
    u = left.index(True)
    while u not in seen:
        seen[u] = len(walk)
        walk.append(u)
        u = into[u][0]
    return {"cycle": walk[seen[u]:][::-1]}
"""


def a_cycle(n: int, edges: list[list[int]], done: list[int]) -> list[int]:
    """A directed cycle among the nodes that Kahn's order ``done`` left out: each of them
    keeps an in-edge from another one, so walking in-edges backwards must repeat a node."""
    left = [True] * n
    for u in done:
        left[u] = False
    into: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        if left[u] and left[v]:
            into[v].append(u)
    position: dict[int, int] = {}
    walk: list[int] = []
    node = left.index(True)
    while node not in position:
        position[node] = len(walk)
        walk.append(node)
        node = min(into[node])
    return walk[position[node] :][::-1]


class ImplementTopologicalOrder(Implementation):
    """Write ``topological_order(n, edges)``: an order of the nodes, or a directed cycle."""

    source = TopologicalOrder
    function = "topological_order"
    signature = "topological_order(n, edges)"
    solution = SOLUTION
    judges_outputs = True

    def statement(self, knobs: dict[str, Any]) -> str:
        scale = knobs["scale"]
        nodes = f"{LARGE * scale:,}" if scale else f"{SMALL_NODES}"
        edges = f"{(EXTRA + 1) * LARGE * scale:,}" if scale else f"{SMALL_EDGES:,}"
        return (
            "The graph is directed. `n` is the number of nodes, numbered 0 to n - 1. `edges` "
            "is a list of edges, each a list `[u, v]`: an edge from node `u` to node `v`. "
            "There are no self-loops (u != v) and no edge is listed twice (but `[u, v]` and "
            "`[v, u]` may both be there).\n\n"
            'If the graph has no directed cycle, return a dict `{"order": order}` where '
            "`order` is a list of all n nodes, each exactly once, such that for every edge "
            "`[u, v]` node `u` comes before node `v`; any such order is accepted.\n"
            'If the graph has a directed cycle, return a dict `{"cycle": cycle}` where '
            "`cycle` is a list of k >= 2 distinct nodes `[c0, c1, ..., c(k-1)]` such that "
            "every edge c0 -> c1, c1 -> c2, ..., c(k-2) -> c(k-1) and the closing edge "
            "c(k-1) -> c0 is in `edges` (do not repeat c0 at the end); any directed cycle "
            "of the graph is accepted.\n"
            "Return a dict with exactly one of these two keys; node numbers are ints.\n\n"
            f"Limits: 1 <= n <= {nodes}, at most {edges} edges. A directed path may run "
            "through all n nodes, so a recursive search needs more depth than Python's "
            "default recursion limit."
        )

    def arguments(self, meta: dict[str, Any]) -> list[Any]:
        return [int(meta["nodes"]), [[int(u), int(v)] for u, v in meta["edges"]]]

    def reference(self, n: int, edges: list[list[int]]) -> dict[str, list[int]]:
        order = kahn_order(Graph(n, edges, True))  # lists serve as well as tuples
        if len(order) == n:
            return {"order": order}
        return {"cycle": a_cycle(n, edges, order)}

    def edge_arguments(self, rng: random.Random) -> list[list[Any]]:
        tests = [[1, []], [rng.randint(3, 6), []], [2, [[1, 0], [0, 1]]]]
        k = rng.randint(4, 7)  # a path, given in a shuffled order: one order only
        path = list(range(k))
        shuffle(rng, path)
        chain = [[path[i], path[i + 1]] for i in range(k - 1)]
        shuffle(rng, chain)
        tests.append([k, chain])
        # a cycle reached from the rest, with nodes after it that are on no cycle
        tail = [[0, 1], [1, 2], [2, 3], [3, 1], [3, 4], [4, 5], [0, 5]]
        tests.append(self._relabelled(rng, 6, tail))
        for n, back in ((rng.randint(8, 14), True), (300, True), (rng.randint(8, 14), False)):
            tests.append(
                self._cyclic(rng, n) if back else self._relabelled(rng, n, random_dag(rng, n, 1.5))
            )
        # two components: an acyclic one and one with a three-node cycle
        tests.append(
            self._relabelled(rng, 7, [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (5, 3), (6, 3)])
        )
        return tests

    def _cyclic(self, rng: random.Random, n: int) -> list[Any]:
        """A random DAG with a path through every node, one of whose forward edges to the
        last node is turned into a back edge: one cycle, through a long stretch of path."""
        edges = [(i, i + 1) for i in range(n - 1)]
        present = set(edges)  # random forward edges, drawn one by one: a 300-node graph
        while len(present) < n - 1 + edge_count(n, 1.5):  # stays cheap to generate
            u, v = sorted((below(rng, n), below(rng, n)))
            if u != v and (u, v) not in present:
                present.add((u, v))
                edges.append((u, v))
        a = rng.randrange(n // 2)
        edges = [e for e in edges if e != (a, n - 1)]
        edges.append((n - 1, a))
        return self._relabelled(rng, n, edges)

    @staticmethod
    def _relabelled(rng: random.Random, n: int, edges: list) -> list[Any]:
        graph, _ = finish(rng, n, [tuple(e) for e in edges], True)
        return [n, [list(e) for e in graph.edges]]

    def limit_arguments(self, rng: random.Random) -> list[Any]:
        """The limits stated without a large input: 300 nodes and 1,000 edges, shaped like
        the large input (one path through every node, forward edges skipping at most three
        nodes of it): a search that walks every path without remembering finished nodes
        meets some 10^60 of them; Kahn's algorithm takes a millisecond."""
        return self.large_arguments(rng, 0, SMALL_NODES, SMALL_EDGES)

    def large_arguments(self, rng: random.Random, scale: int, n: int = 0, m: int = 0) -> list[Any]:
        """A DAG with a path through every node (one order only) and forward edges that
        skip at most SPAN - 1 nodes of it, so that every path from its first node to its
        last has at least (n - 1) / SPAN edges: a depth-first search that starts at the
        first node (labelled 0 or n - 1) or, along in-edges, at the last (labelled 1 or
        n - 2) goes far deeper than Python's default recursion limit, as the prompt says.
        (Random long edges would let the search reach every node in a few dozen steps.)"""
        n = n or LARGE * scale
        m = m or (EXTRA + 1) * n
        edges = [(i, i + 1) for i in range(n - 1)]
        present = set(edges)
        draw = rng.random
        while len(edges) < m:
            u = int(draw() * n)
            v = u + 2 + int(draw() * (SPAN - 1))
            if v < n and (u, v) not in present:
                present.add((u, v))
                edges.append((u, v))
        middle = list(range(2, n - 2))
        shuffle(rng, middle)
        label = [0, n - 1, *middle, n - 2, 1]
        out = [[label[u], label[v]] for u, v in edges]
        shuffle(rng, out)
        return [n, out]

    def accepts(self, test: dict[str, Any], output: Any) -> bool:
        n, edges = test["args"]
        if not isinstance(output, dict) or len(output) != 1:
            return False
        ((key, nodes),) = output.items()
        if key not in ("order", "cycle") or not isinstance(nodes, list) or len(nodes) > n:
            return False
        if any(type(u) is not int or not 0 <= u < n for u in nodes):
            return False
        if key == "order":
            return order_error({"nodes": n, "edges": edges}, nodes) is None
        return directed_cycle_error(Graph(n, [tuple(e) for e in edges], True), nodes) is None
