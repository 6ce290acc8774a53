"""Eulerian path: walk every edge of an undirected graph exactly once, or say it cannot be done.

The graph is the trace of a random trail (a walk that never reuses an edge) through the
complete graph on ``nodes`` nodes, so it is connected and has an Eulerian path by
construction; half of the problems then get extra edges between even-degree nodes until more
than two nodes have odd degree, which rules a path out. Reference: Euler (1736) and
Hierholzer (1873): a connected graph has an Eulerian path iff it has zero or two nodes of
odd degree.

Answer syntax: the path as node numbers joined by ``->`` (``0 -> 2 -> 1 -> 0 -> 3``), using
every edge exactly once; any Eulerian path, in either direction, is right. When there is
none:

* ``rlvr/EulerianPath-v0`` (as first released, easiest graphs on 4 nodes): the word
  ``none``. Half of the graphs have no path, so answering ``none`` to everything earns
  about 0.5: train on v1.
* ``rlvr/EulerianPath-v1`` (easiest graphs on 5 nodes): ``none:`` and every node of odd
  degree, which proves it (``none: 1, 4, 6, 7``; the graph is always connected, so parity is
  the only obstacle), in any order; a bare ``none`` is unparsable, so answering ``none`` to
  everything earns nothing. (``rlvr/Graph-v1`` and ``rlvr/Graph-v2`` froze this generator
  under the v0 id, before v0 was restored.)

Knobs: ``nodes``, ``degree`` (average degree) and ``encoding``. Difficulty raises the first
two.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import below, edge_count, finish, shuffle
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, is_none, none_witness, parse_nodes


class EulerianPath(GraphFamily):
    """Give a path that uses every edge exactly once, or none (v0, as released)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 40, default=6, easy=4, hard=12),
        "degree": degree_knob(1.0, 10.0, default=3.0, easy=2.5, hard=4.0),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "the path as node numbers joined by -> (e.g. 0 -> 2 -> 1 -> 0 -> 3; or the word none)"
    )
    answer_form = "node path, or none"
    unique_answer = False
    single_answer = False

    def draw(self, rng: random.Random, knobs: dict) -> tuple[Graph, list[int], bool, str]:
        """The graph, an Eulerian trail of it before extra edges, whether extra edges broke
        it, and the graph's text."""
        pool = knobs["nodes"]
        trail = _random_trail(rng, pool, edge_count(pool, knobs["degree"] / 2, 1))
        used = sorted(set(trail))  # the nodes the trail reached, renumbered 0..n-1
        index = {u: i for i, u in enumerate(used)}
        trail = [index[u] for u in trail]
        n = len(used)
        edges = [(min(a, b), max(a, b)) for a, b in itertools.pairwise(trail)]
        extra = _break_parity(rng, n, edges) if rng.random() < 0.5 else []
        graph, label = finish(rng, n, edges + extra, False)
        return graph, [label[u] for u in trail], bool(extra), self.text(graph, knobs, rng)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, path, broken, text = self.draw(rng, knobs)
        question = (
            "Find a path in this graph that uses every edge exactly once (nodes may repeat). "
            f"If there is no such path, answer none.\n\n{text}"
        )
        answer = "none" if broken else " -> ".join(map(str, path))
        return Draft(question, answer, {**graph.to_meta(), "eulerian": not broken})

    def check(self, problem: Problem, answer: str) -> Judgement:
        if is_none(answer):
            return Judgement.wrong() if problem.meta["eulerian"] else Judgement.right()
        try:
            path = parse_nodes(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return self.check_path(problem, path)

    def check_path(self, problem: Problem, path: list[int]) -> Judgement:
        edges = {(min(u, v), max(u, v)) for u, v in problem.meta["edges"]}
        if len(path) != len(edges) + 1:
            return Judgement.wrong(why=f"an Eulerian path has {len(edges)} edges")
        for u, v in itertools.pairwise(path):
            key = (min(u, v), max(u, v))
            if key not in edges:
                return Judgement.wrong(why=f"{u} -- {v} is not an unused edge")
            edges.remove(key)
        return Judgement.right()


class EulerianPathV1(EulerianPath):
    """Give a path that uses every edge exactly once, or none with every odd-degree node."""

    name = "EulerianPath"

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 40, default=6, easy=5, hard=12),  # 4: "none: 0, 1, 2, 3" wins 40%
        "degree": degree_knob(1.0, 10.0, default=3.0, easy=2.5, hard=4.0),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "the path as node numbers joined by -> (e.g. 0 -> 2 -> 1 -> 0 -> 3), or none: and "
        "every node of odd degree (e.g. none: 1, 4, 6, 7)"
    )
    answer_form = "node path, or none with the odd nodes"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, path, broken, text = self.draw(rng, knobs)
        question = (
            "Find a path in this graph that uses every edge exactly once (nodes may repeat). "
            "If there is no such path, answer none followed by every node of odd degree "
            "(the number of edges at a node), which proves it (e.g. none: 1, 4, 6, 7)."
            f"\n\n{text}"
        )
        if broken:
            answer = "none: " + ", ".join(map(str, odd_nodes(graph.n, graph.edges)))
        else:
            answer = " -> ".join(map(str, path))
        return Draft(question, answer, {**graph.to_meta(), "eulerian": not broken})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            witness = none_witness(answer)
            path = parse_nodes(answer) if witness is None else []
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if witness is None:
            return self.check_path(problem, path)
        odd = set(odd_nodes(problem.meta["nodes"], problem.meta["edges"]))
        if len(set(witness)) != len(witness):
            return Judgement.wrong(why="a node is named twice")
        even = [u for u in witness if u not in odd]
        if even:
            return Judgement.wrong(why=f"node {even[0]} does not have odd degree")
        if len(witness) < len(odd):
            return Judgement.wrong(why="name every node of odd degree")
        if len(odd) <= 2:
            return Judgement.wrong(why="with two or no odd nodes an Eulerian path exists")
        return Judgement.right()


def degrees(n: int, edges: list) -> list[int]:
    """How many edges meet each node."""
    degree = [0] * n
    for u, v, *_ in edges:
        degree[u] += 1
        degree[v] += 1
    return degree


def odd_nodes(n: int, edges: list) -> list[int]:
    """The nodes of odd degree, in order (Euler: a connected graph has an Eulerian path iff
    there are zero or two of them)."""
    return [u for u, d in enumerate(degrees(n, edges)) if d % 2]


def _random_trail(rng: random.Random, n: int, m: int) -> list[int]:
    """A walk of up to ``m`` steps through the complete graph K_n that never reuses an edge."""
    free = [list(range(n)) for _ in range(n)]
    for u in range(n):
        free[u].remove(u)
    trail = [below(rng, n)]
    for _ in range(m):
        options = free[trail[-1]]
        if not options:
            break
        v = options.pop(below(rng, len(options)))
        free[v].remove(trail[-1])
        trail.append(v)
    return trail


def _break_parity(
    rng: random.Random, n: int, edges: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """New edges between even-degree nodes until more than two nodes have odd degree.

    Returns [] when no such edges exist (the graph then keeps its Eulerian path).
    """
    degree = degrees(n, edges)
    present = set(edges)
    candidates = [
        (u, v)
        for u in range(n)
        for v in range(u + 1, n)
        if (u, v) not in present and degree[u] % 2 == 0 and degree[v] % 2 == 0
    ]
    shuffle(rng, candidates)
    extra: list[tuple[int, int]] = []
    odd = sum(d % 2 for d in degree)
    for u, v in candidates:
        if odd > 2:
            return extra
        if degree[u] % 2 == 0 and degree[v] % 2 == 0:
            extra.append((u, v))
            degree[u] += 1
            degree[v] += 1
            odd += 2
    return extra if odd > 2 else []
