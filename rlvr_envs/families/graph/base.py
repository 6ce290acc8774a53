"""The base classes of the graph families: the graph lives in ``meta``, the prompt encodes it."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Family, Judgement, Problem
from rlvr_envs.families.graph.encodings import describe
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, parse_int


# -- the base class ---------------------------------------------------------------------------
class GraphFamily(Family):
    """A graph family: the graph lives in ``meta`` (see :class:`Graph`), the prompt encodes it.

    Subclasses implement ``generate``/``check``; ``complexity`` defaults to nodes + edges.
    """

    weight_word: ClassVar[str] = "weight"

    def graph(self, problem: Problem) -> Graph:
        return Graph.from_meta(problem.meta)

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges: the size of the input every solution must read."""
        return problem.meta["nodes"] + len(problem.meta["edges"])

    def text(self, graph: Graph, knobs: dict[str, Any], rng: random.Random) -> str:
        # The encoding draws from its own stream (one draw from ``rng`` whatever the
        # encoding), so every encoding of a seed shows the same instance.
        # Only sentences draw phrasings, so only they pay for seeding that stream.
        bits = rng.getrandbits(64)
        encoding = knobs["encoding"]
        phrasing = random.Random(bits) if encoding == "sentences" else None
        return describe(graph, encoding, phrasing, self.weight_word)


class ValueFamily(GraphFamily):
    """A graph family whose answer is one integer (a count, a weight, a flow value)."""

    answer_syntax = "the answer as a single integer"
    answer_form = "integer"

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            value = parse_int(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if value == int(problem.answer):
            return Judgement.right()
        return Judgement.wrong()
