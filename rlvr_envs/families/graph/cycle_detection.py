"""CycleDetection: find a directed cycle, or say there is none (with a topological order in v1).

Half of the problems get one back edge in a random DAG (:mod:`.dags`) that closes a cycle
through a random forward walk; the others stay acyclic. Answer syntax: a directed cycle as
node numbers joined by ``->``, the first node repeated at the end or not
(``2 -> 5 -> 7 -> 2``), except that a two-node cycle is written closed (``4 -> 9 -> 4``),
since ``4 -> 9`` is how the prompt writes an edge and copying an edge line must not pass
for a cycle. Any directed cycle of the graph is right. When there is none:

* ``rlvr/CycleDetection-v0`` (as first released): the word ``none``. Half of the graphs are
  acyclic, so answering ``none`` to everything earns about 0.5: train on v1.
* ``rlvr/CycleDetection-v1``: ``none:`` and a topological order of all nodes, which proves
  it (``none: 3, 0, 1, 2``); any topological order is right, and a bare ``none`` is
  unparsable, so answering ``none`` to everything earns nothing (a witness both ways, as
  for bipartiteness). (``rlvr/Graph-v1`` and ``rlvr/Graph-v2`` froze this generator under
  the v0 id, before v0 was restored.)

Knobs: ``nodes``, ``degree`` (edges per node) and ``encoding``; difficulty raises the
first two.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.dags import kahn_order, order_error, random_dag
from rlvr_envs.families.graph.generators import below, finish
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, is_none, none_witness, parse_nodes


class CycleDetection(GraphFamily):
    """Find a directed cycle, or say there is none (v0, as released)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=10, easy=5, hard=30),
        "degree": degree_knob(0.5, 5.0, default=1.5, easy=1.0, hard=2.0, doc="edges per node"),
        "encoding": encoding_knob(),
    }
    answer_syntax = "a cycle as node numbers joined by -> (e.g. 2 -> 5 -> 7 -> 2; or the word none)"
    answer_form = "cycle, or none"
    unique_answer = False
    single_answer = False

    def draw(self, rng: random.Random, knobs: dict) -> tuple[Graph, list[int], str]:
        """The graph, its planted cycle (empty when acyclic) and the graph's text."""
        n = knobs["nodes"]
        edges = random_dag(rng, n, knobs["degree"])
        cycle: list[int] = []
        if rng.random() < 0.5:
            cycle = _forward_walk(rng, n, edges)
            edges.append((cycle[-1], cycle[0]))
        graph, label = finish(rng, n, edges, True)
        return graph, [label[u] for u in cycle], self.text(graph, knobs, rng)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, cycle, text = self.draw(rng, knobs)
        question = (
            "Does this directed graph contain a directed cycle? If it does, give one cycle; "
            f"if it does not, answer none.\n\n{text}"
        )
        answer = " -> ".join(map(str, [*cycle, cycle[0]])) if cycle else "none"
        return Draft(question, answer, {**graph.to_meta(), "acyclic": not cycle})

    def check(self, problem: Problem, answer: str) -> Judgement:
        if is_none(answer):
            return Judgement.right() if problem.meta["acyclic"] else Judgement.wrong()
        try:
            cycle = parse_nodes(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return self.check_cycle(problem, cycle)

    def check_cycle(self, problem: Problem, cycle: list[int]) -> Judgement:
        if len(cycle) == 2:  # "u -> v" is how the prompt writes an edge, not a cycle
            return Judgement.unparsable("write a cycle of two nodes closed: u -> v -> u")
        if len(cycle) > 1 and cycle[0] == cycle[-1]:
            cycle = cycle[:-1]
        why = directed_cycle_error(self.graph(problem), cycle)
        return Judgement.wrong(why=why) if why else Judgement.right(length=len(cycle))


class CycleDetectionV1(CycleDetection):
    """Find a directed cycle, or say there is none with a topological order."""

    name = "CycleDetection"

    answer_syntax = (
        "a cycle as node numbers joined by -> (e.g. 2 -> 5 -> 7 -> 2), or none: and a "
        "topological order of all nodes (e.g. none: 3, 0, 1, 2)"
    )
    answer_form = "cycle, or none with a topological order"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        graph, cycle, text = self.draw(rng, knobs)
        question = (
            "Does this directed graph contain a directed cycle? If it does, give one cycle. "
            "If it does not, answer none followed by a topological order that proves it: "
            "every node once, each edge going from an earlier node to a later one (e.g. "
            f"none: 3, 0, 1, 2).\n\n{text}"
        )
        if cycle:
            answer = " -> ".join(map(str, [*cycle, cycle[0]]))
        else:
            answer = "none: " + ", ".join(map(str, kahn_order(graph)))
        return Draft(question, answer, {**graph.to_meta(), "acyclic": not cycle})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            order = none_witness(answer)
            cycle = parse_nodes(answer) if order is None else []
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if order is not None:
            why = order_error(problem.meta, order)
            return Judgement.wrong(why=why) if why else Judgement.right()
        return self.check_cycle(problem, cycle)


def _forward_walk(rng: random.Random, n: int, edges: list[tuple[int, int]]) -> list[int]:
    """A walk along forward edges of 1 to n/2 steps, from a node with an out-edge."""
    out: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        out[u].append(v)
    node = rng.choice(sorted({u for u, _ in edges}))
    walk = [node]
    for _ in range(rng.randint(1, max(1, n // 2))):
        if not out[walk[-1]]:
            break
        options = out[walk[-1]]
        walk.append(options[below(rng, len(options))])
    return walk


def directed_cycle_error(graph: Graph, cycle: list[int]) -> str | None:
    """Why ``cycle`` (nodes, not repeating the first) is not a directed cycle, or None."""
    if len(cycle) < 2:
        return "a cycle needs at least two nodes"
    if len(set(cycle)) != len(cycle):
        return "a node appears twice in the cycle"
    adj = graph.adjacency()
    for u, v in zip(cycle, [*cycle[1:], cycle[0]]):
        if u >= graph.n or v not in adj[u]:
            return f"{u} -> {v} is not an edge"
    return None
