"""GraphColoring: colour a graph properly with k colours.

The nodes get a hidden colour each (all ``colours`` used), and edges are drawn only between
different colours, so a proper colouring with ``colours`` colours exists. Answer syntax:
``node: colour`` pairs for every node, colours numbered 1 to k (``0: 1, 1: 2, 2: 1``). Any
proper colouring is right.

Knobs: ``nodes``, ``degree`` (average degree), ``colours`` and ``encoding``. Difficulty
raises all but encoding.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import add_random_edges, edge_count, finish, shuffle
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.parsing import AnswerError, parse_mapping


class GraphColoring(GraphFamily):
    """Colour the nodes with colours 1..k so that adjacent nodes differ (any such colouring)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 60, default=10, easy=6, hard=24),
        "colours": Knob("int", 2, 8, default=3, easy=3, hard=4, doc="colours allowed (k)"),
        "degree": degree_knob(1.0, 10.0, default=3.0, easy=2.0, hard=5.0),
        "encoding": encoding_knob(),
    }
    answer_syntax = "the colour of every node as node: colour pairs (e.g. 0: 1, 1: 2, 2: 1)"
    answer_form = "colour of each node"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = knobs["nodes"], knobs["colours"]
        hidden = [i % k for i in range(n)]  # every colour used when n >= k
        shuffle(rng, hidden)
        m = edge_count(n, knobs["degree"] / 2)
        edges = add_random_edges(rng, n, [], m, allowed=lambda u, v: hidden[u] != hidden[v])
        graph, label = finish(rng, n, edges, False)
        colour = [0] * n
        for old, new in enumerate(label):
            colour[new] = hidden[old] + 1
        question = (
            f"Colour the nodes of this graph with colours 1 to {k} so that the two ends of "
            f"every edge have different colours.\n\n{self.text(graph, knobs, rng)}"
        )
        answer = ", ".join(f"{u}: {colour[u]}" for u in range(n))
        return Draft(question, answer, {**graph.to_meta(), "colours": k})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            pairs = parse_mapping(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        n, k = problem.meta["nodes"], problem.meta["colours"]
        colour = dict(pairs)
        if len(colour) != len(pairs) or sorted(colour) != list(range(n)):
            return Judgement.wrong(why="give every node exactly one colour")
        if any(not 1 <= c <= k for c in colour.values()):
            return Judgement.wrong(why=f"colours must be 1 to {k}")
        for u, v in problem.meta["edges"]:
            if colour[u] == colour[v]:
                return Judgement.wrong(why=f"{u} -- {v} has both ends coloured {colour[u]}")
        return Judgement.right()
