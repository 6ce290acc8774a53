"""Minimum vertex cover, or (the ``ask`` knob) its complement, a maximum independent set.

A vertex cover is a set of nodes that touches every edge; an independent set is a set of
nodes no two of which are joined by an edge. A set is a cover exactly when the other nodes
are independent, so a minimum cover is the complement of a maximum independent set (Gallai
1959: their sizes add up to the number of nodes). The graph is a random graph with a given
average degree; isolated nodes are allowed (they belong to no minimum cover and to every
maximum independent set).

Reference: a maximum independent set is a maximum clique of the complement graph, found by
exact branch and bound over bitsets with a greedy-colouring bound (Tomita and Seki 2003,
see :func:`rlvr_envs.families.graph.maximum_clique.max_clique`); the minimum cover is the
rest of the nodes. The optimum size is stored in ``meta``.

Answer syntax: the set's size, a colon and its nodes separated by commas
(``3: 1, 4, 6``), in any order. Any optimal set scores 1: the nodes must be distinct, in
range, as many as the stated size, cover every edge (or contain no edge), and be as few
(or as many) as the optimum. A valid set that is not optimal earns a partial score (never
reward 1).

Knobs: ``nodes``, ``degree`` (average degree), ``ask`` (``cover``, ``independent`` or
``mixed``, one of the two per problem) and ``encoding``. Difficulty raises the nodes from 8
to 20 and the average degree from 1.5 to 3.5, and mixes the two questions at difficulty 1.

Versions: ``rlvr/MinimumVertexCover-v1`` (class :class:`MinimumVertexCoverV1`) redraws the
instance while the answer syntax's example ``3: 1, 4, 6`` or a line ``u: v1, v2`` of the
graph's adjacency list (the answer's own syntax; checked whatever the encoding, which only
presents the instance) would score 1. Version 0 did not: at difficulty 0 the example was
right on 2.8% of problems and some adjacency line on 5.4%; it stays registered unchanged (a
member of the frozen ``rlvr/Graph-v1``).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import add_random_edges, edge_count, finish
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.maximum_clique import bitsets, max_clique, parse_sized_nodes
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError

_QUESTIONS = {
    "cover": (
        "A vertex cover is a set of nodes such that every edge has at least one end in the "
        "set. Find a minimum vertex cover of this undirected graph (one with as few nodes as "
        "possible): give its size and its nodes, in any order."
    ),
    "independent": (
        "An independent set is a set of nodes no two of which are joined by an edge. Find a "
        "maximum independent set of this undirected graph (one with as many nodes as "
        "possible): give its size and its nodes, in any order."
    ),
}


class MinimumVertexCover(GraphFamily):
    """A minimum vertex cover or a maximum independent set (its size and nodes)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(3, 30, default=12, easy=8, hard=20),
        "degree": degree_knob(0.5, 8.0, default=2.5, easy=1.5, hard=3.5),
        "ask": Knob(
            "categorical", choices=("cover", "independent", "mixed"), default="cover",
            easy="cover", hard="mixed",
            doc="ask for a minimum vertex cover, a maximum independent set, or either",
        ),
        "encoding": encoding_knob(),
    }  # fmt: skip
    answer_syntax = (
        "the size of the set, a colon and its nodes separated by commas (e.g. 3: 1, 4, 6)"
    )
    answer_form = "size and nodes"
    single_answer = False
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, ask, best = self._instance(rng, knobs)
        question = f"{_QUESTIONS[ask]}\n\n{self.text(graph, knobs, rng)}"
        answer = f"{len(best)}: {', '.join(map(str, best))}"
        return Draft(question, answer, {**graph.to_meta(), "ask": ask, "size": len(best)})

    def _instance(self, rng: random.Random, knobs: dict) -> tuple[Graph, str, list[int]]:
        """The graph, the question (cover or independent) and an optimal set."""
        n = knobs["nodes"]
        ask = knobs["ask"]
        if ask == "mixed":
            ask = "cover" if rng.random() < 0.5 else "independent"
        edges = add_random_edges(rng, n, [], edge_count(n, knobs["degree"] / 2, 1))
        graph, _ = finish(rng, n, edges, False)
        adj = bitsets(graph)
        full = (1 << n) - 1
        independent = sorted(max_clique([full & ~a & ~(1 << u) for u, a in enumerate(adj)]))
        if ask == "cover":
            inside = set(independent)
            best = [u for u in range(n) if u not in inside]
        else:
            best = independent
        return graph, ask, best

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            claimed, nodes = parse_sized_nodes(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        n, best, ask = meta["nodes"], meta["size"], meta["ask"]
        if len(set(nodes)) != len(nodes):
            return Judgement.wrong(why="a node is listed twice")
        if max(nodes) >= n:
            return Judgement.wrong(why="a node that is not in the graph")
        if claimed != len(nodes):
            return Judgement.wrong(why="the size does not match the number of nodes listed")
        chosen = set(nodes)
        edges = [(e[0], e[1]) for e in meta["edges"]]
        if ask == "cover":
            if any(u not in chosen and v not in chosen for u, v in edges):
                return Judgement.wrong(why="an edge with neither end in the set")
            if len(nodes) > best:
                return Judgement.wrong(score=0.5 * best / len(nodes), why="a smaller cover exists")
            return Judgement.right()
        if any(u in chosen and v in chosen for u, v in edges):
            return Judgement.wrong(why="two nodes of the set are joined by an edge")
        if len(nodes) < best:
            return Judgement.wrong(score=0.5 * len(nodes) / best, why="a larger set exists")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges plus the optimum's size (the search must prove it)."""
        return problem.meta["nodes"] + len(problem.meta["edges"]) + problem.meta["size"]


# The example in ``answer_syntax``: copying it must never be right.
EXAMPLE_ANSWER = "3: 1, 4, 6"
_REDRAWS = 200


class MinimumVertexCoverV1(MinimumVertexCover):
    """Version 1: no copy of the example answer or of an adjacency-list line is right."""

    name = "MinimumVertexCover"

    def _instance(self, rng: random.Random, knobs: dict) -> tuple[Graph, str, list[int]]:
        """Redraw while the example answer or a line ``u: v1, v2`` of the graph's adjacency
        list (the answer's own syntax) would score 1, whatever the encoding asks for."""
        for _ in range(_REDRAWS):
            graph, ask, best = super()._instance(rng, knobs)
            if not copies_that_score(self, graph, ask, len(best)):
                break
        return graph, ask, best


def copies_that_score(family: MinimumVertexCover, graph: Graph, ask: str, size: int) -> list[str]:
    """The example answer and the adjacency-list lines of ``graph`` that would score 1."""
    meta = SimpleNamespace(meta={**graph.to_meta(), "ask": ask, "size": size})
    lines = [EXAMPLE_ANSWER] + [
        f"{u}: {', '.join(map(str, row))}" for u, row in enumerate(graph.neighbours()) if row
    ]
    return [line for line in lines if family.check(meta, line).correct]  # type: ignore[arg-type]
