"""Maximum matching: a maximum matching of a general undirected graph.

The graph hides a Tutte-Berge barrier, so that the answer is often well below half the
nodes and guessing it from the node count fails: a few *hub* nodes, and the other nodes split
into small blocks (mostly of odd size: 1, 3 or 5 nodes, each connected) that attach only to
hubs; the extra edges all touch a hub. With more odd blocks than hubs, some block nodes must
stay unmatched (Tutte 1947, Berge 1958). Odd blocks also make blossoms.

Reference: Edmonds (1965), "Paths, trees, and flowers": grow alternating trees by
breadth-first search and contract odd cycles (blossoms) into their base until an augmenting
path is found.

* ``rlvr/MaximumMatching-v0`` (as first released): answer syntax: one integer, the number
  of edges in a maximum matching. The size takes few values: one fixed guess earns about
  0.45 of the reward at difficulty 0.5 (``rlvr audit``): train on v1.
* ``rlvr/MaximumMatching-v1``: the same graphs; answer syntax: the matching's edges, ``u-v``
  separated by commas (``0-4, 2-7``), in any order and orientation. Any maximum matching
  scores 1: every pair must be an edge of the graph, no node may be in two of them, and
  there must be as many as in a maximum matching. (``rlvr/Graph-v1`` and ``rlvr/Graph-v2``
  froze this generator under the v0 id, before v0 was restored.)

Knobs: ``nodes``, ``degree`` (average degree) and ``encoding``. Difficulty raises the first
two.
"""

from __future__ import annotations

import random
from collections import deque
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import ValueFamily
from rlvr_envs.families.graph.generators import (
    add_random_edges,
    below,
    edge_count,
    finish,
    random_tree,
)
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, is_none, parse_edges


class MaximumMatching(ValueFamily):
    """How many edges has a maximum matching (pairwise disjoint edges)? (v0, as released)"""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=10, easy=6, hard=24),
        "degree": degree_knob(0.5, 8.0, default=2.0, easy=1.5, hard=3.0),
        "encoding": encoding_knob(),
    }
    answer_syntax = "the size of a maximum matching as a single integer"

    def draw(self, rng: random.Random, knobs: dict) -> tuple[Graph, str]:
        """The graph and its text."""
        n = knobs["nodes"]
        edges = barrier_graph(rng, n, edge_count(n, knobs["degree"] / 2))
        graph, _ = finish(rng, n, edges, False)
        return graph, self.text(graph, knobs, rng)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, text = self.draw(rng, knobs)
        question = (
            "A matching is a set of edges no two of which share a node. How many edges does a "
            f"maximum matching of this graph have?\n\n{text}"
        )
        return Draft(question, str(matching_size(graph.neighbours())), graph.to_meta())


class MaximumMatchingV1(MaximumMatching):
    """A maximum matching: as many pairwise disjoint edges as possible."""

    name = "MaximumMatching"

    answer_syntax = "the edges of the matching as u-v separated by commas (e.g. 0-4, 2-7)"
    answer_form = "edge set"
    single_answer = False
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, text = self.draw(rng, knobs)
        question = (
            "A matching is a set of edges no two of which share a node. Find a maximum "
            "matching of this graph (one with as many edges as possible) and list its edges "
            f"in any order.\n\n{text}"
        )
        match = maximum_matching(graph.neighbours())
        pairs = [(u, v) for u, v in enumerate(match) if u < v]
        answer = ", ".join(f"{u}-{v}" for u, v in pairs) if pairs else "none"
        return Draft(question, answer, {**graph.to_meta(), "size": len(pairs)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        size = problem.meta["size"]
        if is_none(answer):
            return Judgement.right() if size == 0 else Judgement.wrong()
        try:
            pairs = parse_edges(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        present = {(min(u, v), max(u, v)) for u, v in problem.meta["edges"]}
        if any((min(u, v), max(u, v)) not in present for u, v in pairs):
            return Judgement.wrong(why="a pair that is not an edge of the graph")
        ends = [node for pair in pairs for node in pair]
        if len(set(ends)) != len(ends):
            return Judgement.wrong(why="two edges share a node")
        if len(pairs) < size:
            return Judgement.wrong(why=f"{len(pairs)} edges; a maximum matching has more")
        return Judgement.right()


BLOCK_SIZES = (1, 1, 1, 2, 3, 3, 5)


def barrier_graph(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    """Hubs 0..h-1; the other nodes in small connected blocks, each joined to one or two
    hubs; then random edges that touch a hub, up to ``m`` edges in all."""
    hubs = max(1, round(n * (0.05 + 0.25 * rng.random())))
    edges: list[tuple[int, int]] = []
    start = hubs
    while start < n:
        size = min(n - start, BLOCK_SIZES[below(rng, len(BLOCK_SIZES))])
        edges.extend((start + a, start + b) for a, b in random_tree(rng, size))
        if size >= 3 and rng.random() < 0.5:  # close an odd cycle inside the block
            edges.append((start, start + size - 1))
        for hub in sorted({below(rng, hubs) for _ in range(1 + below(rng, 2))}):
            edges.append((hub, start + below(rng, size)))
        start += size
    if n == 1:
        return edges
    edges = list(dict.fromkeys((min(u, v), max(u, v)) for u, v in edges if u != v))
    return add_random_edges(rng, n, edges, m - len(edges), allowed=lambda u, v: min(u, v) < hubs)


def matching_size(neighbours: list[list[int]]) -> int:
    """The number of edges of a maximum matching (:func:`maximum_matching`)."""
    return sum(1 for u, v in enumerate(maximum_matching(neighbours)) if u < v)


def maximum_matching(neighbours: list[list[int]]) -> list[int]:
    """Edmonds' blossom algorithm for maximum cardinality matching, O(V^3): each node's
    partner, or -1.

    Starts from a greedy matching, then searches an augmenting path from every exposed
    node; blossoms are contracted implicitly through ``base``.
    """
    n = len(neighbours)
    match = [-1] * n
    for u in range(n):  # greedy start
        if match[u] < 0:
            for v in neighbours[u]:
                if match[v] < 0:
                    match[u], match[v] = v, u
                    break
    for root in range(n):
        if match[root] < 0:
            _augment(neighbours, match, root)
    return match


def _augment(neighbours: list[list[int]], match: list[int], root: int) -> bool:
    """One search for an augmenting path from the exposed node ``root``; flips it if found."""
    n = len(neighbours)
    base = list(range(n))
    parent = [-1] * n
    used = [False] * n  # in the tree at an even (outer) position
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] < 0:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for to in neighbours[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] >= 0 and parent[match[to]] >= 0):
                b = lca(v, to)
                blossom = [False] * n
                mark(v, b, to, blossom)
                mark(to, b, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = b
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] < 0:
                parent[to] = v
                if match[to] < 0:  # augmenting path root ... v - to: flip it
                    while to >= 0:
                        prev = parent[to]
                        nxt = match[prev]
                        match[to], match[prev] = prev, to
                        to = nxt
                    return True
                used[match[to]] = True
                queue.append(match[to])
    return False
