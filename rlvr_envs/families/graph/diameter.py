"""Diameter: the largest shortest-path distance between two nodes of a connected graph.

Unweighted (distances count edges) while ``max_weight`` is 1, weighted above. Reference:
breadth-first search from every node (unweighted) or Dijkstra (1959) from every node.

* ``rlvr/Diameter-v0`` (as first released): answer syntax: one integer, the diameter. It
  takes few values: one fixed guess, or the prompt's node count, earns about 0.20 of the
  reward at difficulty 0.5 (``rlvr audit``): train on v1.
* ``rlvr/Diameter-v1``: the same graphs; answer syntax: the diameter, a colon, and two nodes
  that far apart (``6: 2, 9``); any such pair scores 1. (``rlvr/Graph-v1`` and
  ``rlvr/Graph-v2`` froze this generator under the v0 id, before v0 was restored.)

Knobs: ``nodes``, ``degree`` (average degree), ``max_weight`` and ``encoding``. Difficulty
raises the first three (so harder problems are weighted).
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.algorithms import bfs_hops, dijkstra
from rlvr_envs.families.graph.base import ValueFamily
from rlvr_envs.families.graph.generators import connected_edges, edge_count, finish, with_weights
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, parse_int, parse_nodes


class Diameter(ValueFamily):
    """The diameter of a connected graph (weighted once max_weight exceeds 1); v0 as released."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=8, easy=5, hard=20),
        "degree": degree_knob(1.0, 10.0, default=2.5, easy=2.2, hard=3.5),
        "max_weight": Knob(
            "int", 1, 50, default=1, easy=1, hard=9, doc="largest weight (1: unweighted)"
        ),
        "encoding": encoding_knob(),
    }
    answer_syntax = "the diameter as a single integer"

    def draw(self, rng: random.Random, knobs: dict) -> tuple[Graph, str, str]:
        """The graph, what its diameter means in words, and the graph's text."""
        n, high = knobs["nodes"], knobs["max_weight"]
        edges = connected_edges(rng, n, edge_count(n, knobs["degree"] / 2, n - 1))
        graph, _ = finish(rng, n, with_weights(rng, edges, high if high > 1 else 0), False)
        if graph.weighted:
            what = "the largest total weight of a shortest path between any two nodes"
        else:
            what = "the largest number of edges on a shortest path between any two nodes"
        return graph, what, self.text(graph, knobs, rng)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, what, text = self.draw(rng, knobs)
        question = f"What is the diameter of this connected graph, that is, {what}?\n\n{text}"
        return Draft(question, str(farthest_pair(graph)[0]), graph.to_meta())


class DiameterV1(Diameter):
    """The diameter with two nodes that far apart."""

    name = "Diameter"

    answer_syntax = "the diameter, a colon and two nodes that far apart (e.g. 6: 2, 9)"
    answer_form = "integer with a witness pair"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, what, text = self.draw(rng, knobs)
        question = (
            f"What is the diameter of this connected graph, that is, {what}? Give it with two "
            f"nodes that are that far apart.\n\n{text}"
        )
        value, u, v = farthest_pair(graph)
        return Draft(question, f"{value}: {u}, {v}", {**graph.to_meta(), "diameter": value})

    def check(self, problem: Problem, answer: str) -> Judgement:
        value, sep, pair = answer.partition(":")
        try:
            if not sep:
                raise AnswerError("expected the diameter, a colon and two nodes")
            claimed, nodes = parse_int(value), parse_nodes(pair)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(nodes) != 2:
            return Judgement.unparsable("expected exactly two nodes after the colon")
        graph, (u, v) = self.graph(problem), nodes
        if claimed != problem.meta["diameter"] or max(u, v) >= graph.n:
            return Judgement.wrong()
        if distances(graph, u)[v] != claimed:
            return Judgement.wrong(why="the two nodes are not that far apart")
        return Judgement.right()


def distances(graph: Graph, source: int) -> list[int]:
    """Shortest-path distance from ``source`` to every node (BFS, or Dijkstra when weighted)."""
    if not graph.weighted:
        return bfs_hops(graph.neighbours(), source)
    return [int(d) for d in dijkstra(graph.adjacency(), source)[0]]


def farthest_pair(graph: Graph) -> tuple[int, int, int]:
    """The diameter (largest eccentricity, a search from every node) and the first pair of
    nodes ``u < v`` that far apart."""
    if graph.weighted:
        adj = graph.adjacency()
        rows = [[int(d) for d in dijkstra(adj, s)[0]] for s in range(graph.n)]
    else:
        neighbours = graph.neighbours()
        rows = [bfs_hops(neighbours, s) for s in range(graph.n)]
    value = max(max(row) for row in rows)
    u = next(s for s, row in enumerate(rows) if max(row) == value)
    v = rows[u].index(value)
    return value, min(u, v), max(u, v)
