"""Shortest path: a least-weight path between two nodes of a weighted undirected graph.

The graph is connected (a random tree plus random edges) with integer weights; the target is
a node whose shortest path from the source has the most hops. Reference: Dijkstra's
algorithm (Dijkstra 1959, "A note on two problems in connexion with graphs").

Answer syntax: the path as node numbers from the source to the target, joined by ``->``
(``3 -> 0 -> 7``); commas or spaces between nodes also work. Any path of least total weight
is right. A valid but longer path is wrong with partial credit ``score = best / length``
(reward only when the env enables partial credit); a walk that repeats nodes is allowed but
never shorter, so padding cannot raise the score.

Knobs: ``nodes``, ``degree`` (average degree), ``max_weight`` and ``encoding``. Difficulty
raises the first three.
"""

from __future__ import annotations

import itertools
import random
from functools import partial
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.algorithms import dijkstra, unit_shortest_path, walk_back
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import connected_edges, edge_count, finish, with_weights
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.parsing import AnswerError, parse_nodes


class ShortestPath(GraphFamily):
    """Find a least-weight path from the source to the target (any optimal path is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=10, easy=5, hard=30),
        "degree": degree_knob(1.0, 10.0, default=3.0, easy=2.5, hard=4.0),
        "max_weight": Knob("int", 1, 100, default=9, easy=5, hard=30, doc="largest edge weight"),
        "encoding": encoding_knob(),
    }
    answer_syntax = "the path as node numbers joined by -> (e.g. 3 -> 0 -> 7)"
    answer_form = "node path"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["nodes"]
        edges = connected_edges(rng, n, edge_count(n, knobs["degree"] / 2, n - 1))
        graph, _ = finish(rng, n, with_weights(rng, edges, knobs["max_weight"]), False)
        source = rng.randrange(n)
        adj = graph.adjacency()
        if knobs["max_weight"] == 1:  # every edge weighs 1: breadth-first search suffices
            hops, path_to = unit_shortest_path(adj, source)
            dist = hops
        else:
            dist, pred, hops = dijkstra(adj, source)
            path_to = partial(walk_back, pred)
        most = max(hops)
        target = rng.choice([v for v in range(n) if hops[v] == most and v != source])
        path = path_to(target)
        question = (
            f"Find a shortest path from node {source} to node {target} in this graph. "
            "The length of a path is the sum of the weights of its edges.\n\n"
            f"{self.text(graph, knobs, rng)}"
        )
        meta = {
            **graph.to_meta(),
            "source": source,
            "target": target,
            "distance": dist[target],
            "hops": len(path) - 1,
        }
        return Draft(question, " -> ".join(map(str, path)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            path = parse_nodes(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        if path[0] != meta["source"] or path[-1] != meta["target"]:
            return Judgement.wrong(why="the path must run from the source to the target")
        adj = self.graph(problem).adjacency()
        length = 0
        for u, v in itertools.pairwise(path):
            if u >= len(adj) or v not in adj[u]:
                return Judgement.wrong(why=f"{u} -- {v} is not an edge")
            length += adj[u][v]
        best = meta["distance"]
        if length == best:
            return Judgement.right(length=length)
        return Judgement.wrong(score=best / length, length=length, best=best)

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges plus the hops of the shortest path."""
        return super().complexity(problem) + problem.meta["hops"]
