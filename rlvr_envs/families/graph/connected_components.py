"""ConnectedComponents: count a graph's connected components (v0), or list them (v1).

The nodes are split into a random number of groups (between half of ``components`` and
``components``), each a random connected graph; isolated nodes count as components.

* ``rlvr/ConnectedComponents-v0`` (as first released): answer syntax: one integer, the
  number of components. The count takes few values, so one fixed guess earns about 0.4 of
  the reward at difficulty 0.5 (``rlvr audit``): train on v1.
* ``rlvr/ConnectedComponents-v1``: the same graphs, but the answer is the partition itself,
  each component as its nodes separated by commas, components separated by semicolons
  (``0, 3; 1; 2, 4``), in any order. Listing a node twice is unparsable; any other
  partition is wrong. (``rlvr/Graph-v1`` and ``rlvr/Graph-v2`` froze this generator under
  the v0 id, before v0 was restored.)

Knobs: ``nodes``, ``degree`` (average degree inside each group), ``components`` and
``encoding``. Difficulty raises all but encoding.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import ValueFamily
from rlvr_envs.families.graph.generators import add_random_edges, edge_count, finish, random_tree
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, parse_nodes


class ConnectedComponents(ValueFamily):
    """How many connected components does the undirected graph have? (v0, as released)"""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(1, 100, default=12, easy=6, hard=40),
        "components": Knob(
            "int", 1, 30, default=3, easy=2, hard=8, doc="most components (at least half)"
        ),
        "degree": degree_knob(0.0, 8.0, default=2.5, easy=2.0, hard=3.0),
        "encoding": encoding_knob(),
    }
    answer_syntax = "the number of connected components as an integer"

    def draw(self, rng: random.Random, knobs: dict) -> tuple[Graph, list[list[int]], str]:
        """The graph, its components (sorted node lists) and the graph's text."""
        n, most = knobs["nodes"], min(knobs["components"], knobs["nodes"])
        count = rng.randint(max(1, (most + 1) // 2), most)
        cuts = [0, *sorted(rng.sample(range(1, n), count - 1)), n]
        edges: list[tuple[int, int]] = []
        for start, stop in itertools.pairwise(cuts):
            size = stop - start
            group = random_tree(rng, size)
            group = add_random_edges(
                rng, size, group, edge_count(size, knobs["degree"] / 2, size - 1) - len(group)
            )
            edges.extend((u + start, v + start) for u, v in group)
        graph, label = finish(rng, n, edges, False)
        text = self.text(graph, knobs, rng)
        components = sorted(
            sorted(label[v] for v in range(start, stop)) for start, stop in itertools.pairwise(cuts)
        )
        return graph, components, text

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, components, text = self.draw(rng, knobs)
        question = (
            "How many connected components does this graph have? A node without edges is a "
            f"component of its own.\n\n{text}"
        )
        return Draft(question, str(len(components)), graph.to_meta())


class ConnectedComponentsV1(ConnectedComponents):
    """What are the connected components of the undirected graph?"""

    name = "ConnectedComponents"

    answer_syntax = (
        "the components, each as its nodes separated by commas, the components separated by "
        "semicolons (e.g. 0, 3; 1; 2, 4)"
    )
    answer_form = "node partition"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, components, text = self.draw(rng, knobs)
        question = (
            "Split the nodes of this graph into its connected components (a node without "
            f"edges is a component of its own), in any order.\n\n{text}"
        )
        groups = "; ".join(", ".join(map(str, nodes)) for nodes in components)
        return Draft(question, groups, {**graph.to_meta(), "components": len(components)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = parse_partition(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        expected = parse_partition(problem.answer)
        return Judgement.right() if given == expected else Judgement.wrong()


def parse_partition(text: str) -> set[frozenset[int]]:
    """Groups of nodes separated by semicolons (or line breaks), the nodes of a group by
    commas or spaces (:func:`parse_nodes`); a node may appear only once."""
    parts = [part for part in text.replace("\n", ";").split(";")]
    while parts and not parts[-1].strip(" \t.{}[]()"):
        parts.pop()  # a trailing separator or full stop
    if len(parts) > 10_000:
        raise AnswerError("too many groups")
    groups = [parse_nodes(part) for part in parts]
    seen = [node for group in groups for node in group]
    if len(set(seen)) != len(seen):
        raise AnswerError("a node is listed twice")
    return {frozenset(group) for group in groups}
