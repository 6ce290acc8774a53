"""Bridges: every bridge of a connected graph (:mod:`.cuts` makes the graph).

Answer: the edges (``0-3, 2-5``, either orientation) in any order, compared as a set, or
``none``. Listing an edge twice is unparsable.
"""

from __future__ import annotations

import random

from rlvr_envs.core import Draft, Judgement, Problem
from rlvr_envs.families.graph.cuts import CutFamily, cut_structure
from rlvr_envs.families.graph.parsing import AnswerError, is_none, parse_edges


class Bridges(CutFamily):
    """Which edges of the connected graph are bridges?"""

    answer_syntax = "the bridges as edges u-v separated by commas (e.g. 0-3, 2-5; or the word none)"
    answer_form = "edge set or none"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph = self._graph(rng, knobs)
        _, bridges = cut_structure(graph)
        question = (
            "Find every bridge of this connected graph: every edge whose removal disconnects "
            "the graph. List them in any order as u-v, or answer none."
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        answer = ", ".join(f"{u}-{v}" for u, v in bridges) if bridges else "none"
        return Draft(question, answer, {**graph.to_meta(), "count": len(bridges)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        expected = [] if problem.answer == "none" else parse_edges(problem.answer)
        if is_none(answer):
            return Judgement.right() if not expected else Judgement.wrong()
        try:
            given = [(min(u, v), max(u, v)) for u, v in parse_edges(answer)]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(set(given)) != len(given):
            return Judgement.unparsable("an edge is listed twice")
        return Judgement.right() if set(given) == set(expected) else Judgement.wrong()
