"""Hamiltonian path: visit every node of an undirected graph exactly once.

Every instance is built to contain one: a random ordering of the nodes is laid down as a path
(in ``cycle`` mode closed into a cycle), then decoy edges between random non-consecutive
pairs raise the average degree to ``degree``, so the hidden route is buried among
look-alike branches; :func:`~rlvr_envs.families.graph.generators.finish` relabels the nodes
and shuffles the edges so neither labels nor edge order give the route away. The reference
is that hidden route; the checker tests a proposed route against the graph's edges (the
problem is NP-complete in general, Karp 1972, but checking a route is linear), so any
Hamiltonian path (or cycle) is right.

Answer syntax: the route as node numbers joined by ``->``, every node exactly once
(``3 -> 0 -> 4 -> 1 -> 2``); commas or spaces between nodes also work. In ``cycle`` mode the
route must also return to its first node along an edge; writing the first node again at the
end (``3 -> 0 -> 4 -> 1 -> 2 -> 3``) is optional. A route that repeats or misses a node,
or uses a non-edge, is wrong.

Knobs: ``nodes`` (6 -> 14), ``degree`` (average degree with the decoys, 2.5 -> 4.0),
``mode`` (``path`` then ``cycle``, easiest first; cycle from difficulty 0.5) and
``encoding``. Difficulty raises all three: at difficulty 1 a 14-node graph with 28 edges
hides one of few Hamiltonian cycles among thousands of dead-end partial routes.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import add_random_edges, edge_count, finish, shuffle
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.parsing import AnswerError, parse_nodes

MODES = ("path", "cycle")


class HamiltonianPath(GraphFamily):
    """Give a route through the graph that visits every node exactly once (a path, or a
    cycle in ``cycle`` mode); any such route is right."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(4, 40, default=8, easy=6, hard=14),
        "degree": degree_knob(
            2.0, 8.0, default=3.0, easy=2.5, hard=4.0, doc="average degree, decoy edges included"
        ),
        "mode": Knob(
            "categorical",
            choices=MODES,
            default="path",
            easy="path",
            hard="cycle",
            doc="path: visit every node once; cycle: and return to the start",
        ),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "the route as node numbers joined by ->, every node exactly once "
        "(e.g. 3 -> 0 -> 4 -> 1 -> 2)"
    )
    answer_form = "node route"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, cycle = knobs["nodes"], knobs["mode"] == "cycle"
        route = list(range(n))
        shuffle(rng, route)
        edges = list(itertools.pairwise(route))
        if cycle and n >= 3:
            edges.append((route[-1], route[0]))
        edges = add_random_edges(rng, n, edges, edge_count(n, knobs["degree"] / 2) - len(edges))
        graph, label = finish(rng, n, edges, False)
        route = [label[u] for u in route]
        if cycle:
            task = (
                "Find a Hamiltonian cycle in this graph: a route along its edges that visits "
                "every node exactly once and then returns along an edge to the node it "
                "started from. Write each node once (repeating the start at the end is "
                "optional)."
            )
        else:
            task = (
                "Find a Hamiltonian path in this graph: a route along its edges that visits "
                "every node exactly once (it may start and end at any nodes)."
            )
        question = f"{task}\n\n{self.text(graph, knobs, rng)}"
        meta = {**graph.to_meta(), "cycle": cycle}
        return Draft(question, " -> ".join(map(str, route)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            route = parse_nodes(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        n, cycle = meta["nodes"], meta["cycle"]
        if cycle and len(route) == n + 1 and route[0] == route[-1]:
            route = route[:-1]
        if len(route) != n:
            return Judgement.wrong(why=f"the route must name each of the {n} nodes once")
        if sorted(route) != list(range(n)):
            return Judgement.wrong(why="the route repeats or misses a node")
        adj = self.graph(problem).adjacency()
        steps = list(itertools.pairwise(route))
        if cycle:
            steps.append((route[-1], route[0]))
        for u, v in steps:
            if v not in adj[u]:
                return Judgement.wrong(why=f"{u} -- {v} is not an edge")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges, plus the nodes again in cycle mode (the closing constraint)."""
        meta = problem.meta
        return meta["nodes"] * (2 if meta["cycle"] else 1) + len(meta["edges"])
