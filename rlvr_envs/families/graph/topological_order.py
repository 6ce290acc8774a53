"""TopologicalOrder: order the nodes of a DAG so that every edge points forward.

The DAG comes from :mod:`.dags`. Answer syntax: every node once, separated by commas
(``3, 0, 1, 2``); any order in which each edge u -> v has u before v is right. Reference:
Kahn (1962), "Topological sorting of large networks", which makes the canonical answer
(smallest available node first).

Knobs: ``nodes``, ``degree`` (edges per node) and ``encoding``; difficulty raises the
first two.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.dags import kahn_order, order_error, random_dag
from rlvr_envs.families.graph.generators import finish
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.parsing import AnswerError, parse_nodes


class TopologicalOrder(GraphFamily):
    """Order the nodes of a DAG so that every edge points forward (any such order)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(1, 100, default=8, easy=5, hard=25),
        "degree": degree_knob(0.5, 5.0, default=1.5, easy=1.0, hard=2.5, doc="edges per node"),
        "encoding": encoding_knob(),
    }
    answer_syntax = "all nodes in order, separated by commas (e.g. 3, 0, 1, 2)"
    answer_form = "node order"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["nodes"]
        edges = random_dag(rng, n, knobs["degree"]) if n > 1 else []
        graph, _ = finish(rng, n, edges, True)
        question = (
            "Give a topological order of this directed acyclic graph: list every node once so "
            f"that each edge goes from an earlier node to a later one.\n\n"
            f"{self.text(graph, knobs, rng)}"
        )
        return Draft(question, ", ".join(map(str, kahn_order(graph))), graph.to_meta())

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            order = parse_nodes(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = order_error(problem.meta, order)
        return Judgement.wrong(why=why) if why else Judgement.right()
