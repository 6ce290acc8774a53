"""ArticulationPoints: every cut vertex of a connected graph (:mod:`.cuts` makes the graph).

Answer: the nodes (``2, 5, 7``) in any order, compared as a set, or ``none``. Listing a
node twice is unparsable.
"""

from __future__ import annotations

import random

from rlvr_envs.core import Draft, Judgement, Problem
from rlvr_envs.families.graph.cuts import CutFamily, cut_structure
from rlvr_envs.families.graph.parsing import AnswerError, is_none, parse_nodes


class ArticulationPoints(CutFamily):
    """Which nodes of the connected graph are articulation points (cut vertices)?"""

    answer_syntax = "the articulation points as node numbers separated by commas (or the word none)"
    answer_form = "node set or none"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph = self._graph(rng, knobs)
        cuts, _ = cut_structure(graph)
        question = (
            "Find every articulation point of this connected graph: every node whose removal "
            "(with its edges) disconnects the graph. List them in any order, or answer none."
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        answer = ", ".join(map(str, cuts)) if cuts else "none"
        return Draft(question, answer, {**graph.to_meta(), "count": len(cuts)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        expected = [] if problem.answer == "none" else parse_nodes(problem.answer)
        if is_none(answer):
            return Judgement.right() if not expected else Judgement.wrong()
        try:
            given = parse_nodes(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(set(given)) != len(given):
            return Judgement.unparsable("a node is listed twice")
        return Judgement.right() if set(given) == set(expected) else Judgement.wrong()
