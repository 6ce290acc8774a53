"""Bipartite: decide bipartiteness, with the two sides or an odd cycle as the witness.

A random tree 2-coloured by depth parity, plus extra edges between the two colours; half of
the problems then get one edge inside a colour class, which closes an odd cycle. Answer
syntax: ``yes: A | B`` with the two sides as comma-separated node lists
(``yes: 0, 2, 5 | 1, 3, 4``), every node on exactly one side and no edge inside a side; or
``no: C`` with an odd cycle as node numbers joined by ``->`` (``no: 0 -> 1 -> 2 -> 0``, the
first node repeated at the end or not). Reference: König (1936): a graph is bipartite iff it
has no odd cycle; breadth-first 2-colouring finds either witness.

Knobs: ``nodes``, ``degree`` (average degree) and ``encoding``. Difficulty raises all but
encoding.
"""

from __future__ import annotations

import random
from collections import deque
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import add_random_edges, edge_count, finish, random_tree
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, node_list, tokens


class Bipartite(GraphFamily):
    """Is the graph bipartite? Prove it with a partition, or disprove it with an odd cycle."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=10, easy=5, hard=30),
        "degree": degree_knob(1.0, 8.0, default=2.5, easy=2.2, hard=3.5),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "either yes: and the two sides separated by | (e.g. yes: 0, 2, 5 | 1, 3, 4) or no: and "
        "an odd cycle joined by -> (e.g. no: 0 -> 1 -> 2 -> 0)"
    )
    answer_form = "verdict with a witness"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["nodes"]
        tree = random_tree(rng, n)
        side = [0] * n
        for parent, child in tree:  # parents come first in a recursive tree
            side[child] = 1 - side[parent]
        m = edge_count(n, knobs["degree"] / 2, n - 1)
        edges = add_random_edges(
            rng, n, tree, m - len(tree), allowed=lambda u, v: side[u] != side[v]
        )
        if n >= 3 and rng.random() < 0.5:
            edges = add_random_edges(rng, n, edges, 1, allowed=lambda u, v: side[u] == side[v])
        graph, _ = finish(rng, n, edges, False)
        question = (
            "Is this graph bipartite, that is, can its nodes be split into two sides so that "
            "every edge joins the two sides? If yes, give the two sides; if no, give a cycle "
            f"with an odd number of edges.\n\n{self.text(graph, knobs, rng)}"
        )
        colour, cycle = two_colouring(graph)
        if cycle:
            answer = "no: " + " -> ".join(map(str, [*cycle, cycle[0]]))
        else:
            sides = [[u for u in range(n) if colour[u] == c] for c in (0, 1)]
            answer = "yes: " + " | ".join(", ".join(map(str, s)) for s in sides)
        return Draft(question, answer, {**graph.to_meta(), "bipartite": not cycle})

    def check(self, problem: Problem, answer: str) -> Judgement:
        toks = tokens(answer)
        if not toks or toks[0] not in ("yes", "no"):
            return Judgement.unparsable("the answer must start with yes or no")
        claim, rest = toks[0], toks[1:]
        if rest and rest[0] in (":", ",", ";", "."):
            rest = rest[1:]
        if not rest:
            return Judgement.unparsable(f"a {claim} answer needs its witness")
        graph = self.graph(problem)
        try:
            if claim == "yes":
                why = _partition_error(graph, rest)
            else:
                why = _odd_cycle_error(graph, node_list(rest))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.wrong(why=why) if why else Judgement.right()


def _partition_error(graph: Graph, toks: list[str]) -> str | None:
    if toks.count("|") != 1:
        raise AnswerError("separate the two sides with one |")
    cut = toks.index("|")
    left = node_list(toks[:cut]) if cut else []
    right = node_list(toks[cut + 1 :]) if cut + 1 < len(toks) else []
    if sorted(left + right) != list(range(graph.n)):
        return "every node must be on exactly one side"
    side = [0] * graph.n
    for u in right:
        side[u] = 1
    for u, v in graph.edges:
        if side[u] == side[v]:
            return f"{u} -- {v} joins two nodes of one side"
    return None


def _odd_cycle_error(graph: Graph, cycle: list[int]) -> str | None:
    if len(cycle) > 1 and cycle[0] == cycle[-1]:
        cycle = cycle[:-1]
    if len(cycle) < 3 or len(cycle) % 2 == 0:
        return "the cycle must have an odd number (at least 3) of edges"
    if len(set(cycle)) != len(cycle):
        return "a node appears twice in the cycle"
    adj = graph.adjacency()
    for u, v in zip(cycle, [*cycle[1:], cycle[0]]):
        if u >= graph.n or v not in adj[u]:
            return f"{u} -- {v} is not an edge"
    return None


def two_colouring(graph: Graph) -> tuple[list[int], list[int]]:
    """Breadth-first 2-colouring: (colours, []) or, on a conflict, ([], an odd cycle).

    A conflict edge u-v between nodes of equal depth parity closes the odd cycle u .. lca ..
    v through the search tree.
    """
    neighbours = graph.neighbours()
    colour, parent, depth = [-1] * graph.n, [-1] * graph.n, [0] * graph.n
    for start in range(graph.n):
        if colour[start] >= 0:
            continue
        colour[start] = 0
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v in neighbours[u]:
                if colour[v] < 0:
                    colour[v], parent[v], depth[v] = 1 - colour[u], u, depth[u] + 1
                    queue.append(v)
                elif colour[v] == colour[u]:
                    return [], _tree_cycle(parent, depth, u, v)
    return colour, []


def _tree_cycle(parent: list[int], depth: list[int], u: int, v: int) -> list[int]:
    up, down = [u], [v]
    while depth[up[-1]] > depth[down[-1]]:
        up.append(parent[up[-1]])
    while depth[down[-1]] > depth[up[-1]]:
        down.append(parent[down[-1]])
    while up[-1] != down[-1]:
        up.append(parent[up[-1]])
        down.append(parent[down[-1]])
    return up + down[-2::-1]
