"""Negative weight paths: a shortest path in a directed graph whose edges may weigh less than 0.

Every node is reachable from the source (a random out-tree from it plus random extra edges
both ways). Weights come from node potentials: an edge u -> v weighs ``b + p(u) - p(v)``
with ``b >= 0``, so every cycle weighs the sum of its ``b`` and none is negative, while many
single edges are. Some problems then get a cycle through nodes reachable from the source
whose weights add up to less than 0: there the answer is that negative cycle. With the
``decoy`` knob on, half the problems also get a small group of nodes that the source cannot
reach, holding a negative cycle of their own with edges into the rest of the graph: it does
not count, since no walk from the source meets it. Reference: the Bellman-Ford algorithm
(Bellman 1958, Ford 1956), which relaxes every edge n - 1 times and finds a reachable negative
cycle by walking predecessor links back from a node that still improves in round n.

Answer syntax: the distance, a colon and a shortest path joined by ``->``
(``-4: 3 -> 0 -> 7``; commas or spaces between the nodes also work), or ``negative cycle:``
and the nodes of a cycle of negative total weight that the source reaches, in order along
its edges (``negative cycle: 2 -> 5 -> 1 -> 2``; the first node repeated at the end or
not). The path must use edges of the graph, run from the source to the target and weigh
the stated distance, which must be the least; any such path is right. A cycle must be a
simple directed cycle of the graph, with negative total weight, with a node the source
reaches. A valid path that is not shortest scores 0.

Knobs: ``nodes``, ``degree`` (average out-degree), ``spread`` (range of the node
potentials: the wider, the more and the more negative edges), ``cycle_rate`` (the share of
problems with a reachable negative cycle), ``decoy`` (unreachable negative cycles) and
``encoding``. Difficulty raises all but encoding: at difficulty 1 a 24-node graph of about 85
edges, about a quarter of them negative, a third of the problems with a negative cycle and half
with an unreachable one to tell apart from it.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs import numbers
from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import add_random_edges, edge_count, finish, random_tree
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.parsing import AnswerError, parse_nodes

MAX_WEIGHT = 9  # the largest base weight b of an edge
_CYCLE_WORDS = re.compile(r"\s*negative\s+cycle\s*[:=,;]?", re.IGNORECASE)
_HEAD = re.compile(r"\s*(?:(?:distance|d|length)\s*[:=]?\s*)?([-+−]?\s*[0-9][0-9,]*)\s*[:;]")


class NegativeWeightPaths(GraphFamily):
    """Distance and shortest path with negative weights, or a reachable negative cycle."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(3, 60, default=10, easy=5, hard=24),
        "degree": degree_knob(1.0, 6.0, default=2.5, easy=1.8, hard=3.5, doc="average out-degree"),
        "spread": Knob(
            "int", 0, 40, default=6, easy=3, hard=16, doc="range of the node potentials"
        ),
        "cycle_rate": Knob(
            "float", 0.0, 1.0, default=0.3, easy=0.2, hard=0.36,
            doc="share of problems with a negative cycle the source reaches",
        ),
        "decoy": Knob(
            "bool", default=False, easy=False, hard=True,
            doc="half the problems get a negative cycle the source cannot reach",
        ),
        "encoding": encoding_knob(),
    }  # fmt: skip
    answer_syntax = (
        "the distance, a colon and a shortest path joined by -> (e.g. -4: 3 -> 0 -> 7), or "
        "negative cycle: and the cycle's nodes joined by -> (e.g. negative cycle: 2 -> 5 -> 1 "
        "-> 2)"
    )
    answer_form = "distance and path, or negative cycle"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, spread = knobs["nodes"], knobs["spread"]
        draw = rng.random
        decoys = 3 + int(draw() * 2) if knobs["decoy"] and n >= 8 and draw() < 0.5 else 0
        main = n - decoys  # nodes 0..main-1 hold the source (node 0); the rest are decoys
        pot = [int(draw() * (spread + 1)) for _ in range(n)]

        def weigh(u: int, v: int) -> int:
            return int(draw() * (MAX_WEIGHT + 1)) + pot[u] - pot[v]

        tree = random_tree(rng, main)
        m = edge_count(main, knobs["degree"], main - 1, directed=True)
        arcs = add_random_edges(rng, main, tree, m - len(tree), directed=True)
        weighted = {(u, v): weigh(u, v) for u, v in arcs}
        if main >= 3 and draw() < knobs["cycle_rate"]:
            _plant_cycle(rng, list(range(main)), weighted, weigh)
        if decoys:
            group = list(range(main, n))
            _plant_cycle(rng, group, weighted, weigh)
            for u in group:  # edges from the decoys into the reachable part only
                for _ in range(1 + int(draw() * 2)):
                    v = int(draw() * main)
                    weighted.setdefault((u, v), weigh(u, v))
        edges = [(u, v, w) for (u, v), w in weighted.items()]
        graph, label = finish(rng, n, edges, True)
        source = label[0]
        adj = graph.adjacency()
        dist, pred, cycle = bellman_ford(adj, source)
        meta = {**graph.to_meta(), "source": source}
        if cycle:
            # the target: a node far from the source in hops, as in the other problems
            hops = _hops(adj, source)
            target = _far(rng, hops, source)
            answer = "negative cycle: " + " -> ".join(map(str, [*cycle, cycle[0]]))
            meta.update(target=target, negative_cycle=True, distance=None, size=len(cycle))
        else:
            hops = [0] * n
            for v in range(n):
                if dist[v] is not None:
                    hops[v] = len(_walk(pred, v)) - 1
            target = _far(rng, hops, source)
            path = _walk(pred, target)
            answer = f"{dist[target]}: " + " -> ".join(map(str, path))
            meta.update(target=target, negative_cycle=False, distance=dist[target], size=len(path))
        question = (
            f"Find the shortest distance from node {source} to node {target} in this directed "
            "graph, and a path that achieves it. The length of a path is the sum of the "
            "weights of its edges; some weights are negative. If a cycle of negative total "
            f"weight can be reached from node {source}, answer that instead, giving such a "
            "cycle (a cycle the source cannot reach does not count).\n\n"
            f"{self.text(graph, knobs, rng)}"
        )
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            claim, nodes = parse_answer(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        adj = self.graph(problem).adjacency()
        if claim is None:
            why = _cycle_error(adj, meta["source"], nodes)
            return Judgement.wrong(why=why) if why else Judgement.right()
        if meta["negative_cycle"]:
            return Judgement.wrong(why="a negative cycle is reachable from the source")
        if nodes[0] != meta["source"] or nodes[-1] != meta["target"]:
            return Judgement.wrong(why="the path must run from the source to the target")
        length = 0
        for u, v in itertools.pairwise(nodes):
            if u >= len(adj) or v not in adj[u]:
                return Judgement.wrong(why=f"{u} -> {v} is not an edge")
            length += adj[u][v]
        if length != claim:
            return Judgement.wrong(why=f"the path weighs {length}, not {claim}")
        if length != meta["distance"]:
            return Judgement.wrong(why="the path is not a shortest one", length=length)
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges plus the nodes of the answer's path or cycle."""
        return super().complexity(problem) + problem.meta["size"]


# -- answers -----------------------------------------------------------------------------------
def parse_answer(text: str) -> tuple[int | None, list[int]]:
    """``(distance, path)``, or ``(None, cycle)`` for a ``negative cycle:`` answer."""
    if len(text) > 20_000:
        raise AnswerError("the answer is too long")
    head = _CYCLE_WORDS.match(text)
    if head:
        rest = text[head.end() :]
        if not rest.strip():
            raise AnswerError("a negative cycle answer needs the cycle's nodes")
        return None, parse_nodes(rest)
    head = _HEAD.match(text)
    if not head:
        raise AnswerError("expected the distance, a colon and the path, or negative cycle:")
    literal = head.group(1).replace("−", "-").replace(" ", "")
    value = numbers.parse_integer(literal) if len(literal) <= 24 else None
    if value is None:
        raise AnswerError("the distance must be an integer")
    return value, parse_nodes(text[head.end() :])


def _cycle_error(adj: list[dict[int, int]], source: int, cycle: list[int]) -> str | None:
    if len(cycle) > 1 and cycle[0] == cycle[-1]:
        cycle = cycle[:-1]
    if len(cycle) < 2:
        return "a cycle needs at least two nodes"
    if len(set(cycle)) != len(cycle):
        return "a node appears twice in the cycle"
    total = 0
    for u, v in zip(cycle, [*cycle[1:], cycle[0]]):
        if u >= len(adj) or v not in adj[u]:
            return f"{u} -> {v} is not an edge"
        total += adj[u][v]
    if total >= 0:
        return f"the cycle weighs {total}, which is not negative"
    hops = _hops(adj, source)
    if all(hops[u] < 0 for u in cycle):
        return "the source cannot reach the cycle"
    return None


# -- generation --------------------------------------------------------------------------------
def _plant_cycle(rng: random.Random, pool: list[int], weighted: dict, weigh) -> None:
    """A cycle through 2-5 nodes of ``pool`` with total weight -1 to -4 (edges replaced)."""
    draw = rng.random
    k = min(len(pool), 2 + int(draw() * 4))
    nodes = rng.sample(pool, k)
    ring = list(zip(nodes, [*nodes[1:], nodes[0]]))
    total = 0
    for u, v in ring[:-1]:
        weighted[(u, v)] = weigh(u, v)
        total += weighted[(u, v)]
    weighted[ring[-1]] = -(1 + int(draw() * 4)) - total


def _far(rng: random.Random, hops: list[int], source: int) -> int:
    most = max(hops)
    if most <= 0:
        return (source + 1) % len(hops)
    return rng.choice([v for v in range(len(hops)) if hops[v] == most and v != source])


def _hops(adj: list[dict[int, int]], source: int) -> list[int]:
    """Breadth-first hop counts from ``source`` (-1 where unreachable)."""
    hops = [-1] * len(adj)
    hops[source] = 0
    order = [source]
    for u in order:
        for v in adj[u]:
            if hops[v] < 0:
                hops[v] = hops[u] + 1
                order.append(v)
    return hops


def _walk(pred: list[int], target: int) -> list[int]:
    path = [target]
    while pred[path[-1]] >= 0:
        path.append(pred[path[-1]])
    return path[::-1]


def bellman_ford(
    adj: list[dict[int, int]], source: int
) -> tuple[list[int | None], list[int], list[int]]:
    """Bellman-Ford from ``source``: distances (None where unreachable), predecessors and a
    negative cycle reachable from the source ([] when there is none, else its nodes in order).

    Rounds stop early once nothing improves; a node that improves in round n lies behind a
    negative cycle, and n predecessor steps back from it land on that cycle.
    """
    n = len(adj)
    dist: list[int | None] = [None] * n
    pred = [-1] * n
    dist[source] = 0
    arcs = [(u, v, w) for u in range(n) for v, w in sorted(adj[u].items())]
    changed = -1
    for _ in range(n):
        changed = -1
        for u, v, w in arcs:
            du = dist[u]
            if du is not None and (dist[v] is None or du + w < dist[v]):
                dist[v], pred[v] = du + w, u
                changed = v
        if changed < 0:
            return dist, pred, []
    v = changed
    for _ in range(n):
        v = pred[v]
    cycle = [v]
    u = pred[v]
    while u != v:
        cycle.append(u)
        u = pred[u]
    cycle.reverse()
    start = cycle.index(min(cycle))
    return dist, pred, cycle[start:] + cycle[:start]
