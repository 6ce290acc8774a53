"""Maximum clique: the size and the nodes of a largest clique of an undirected graph.

The graph is a random graph G(n, p) (edge probability ``density``) with a clique planted one
node larger than the random graph's typical clique number, and ``decoys`` cliques one node
smaller planted on random node sets, so that many near-maximum cliques compete and a greedy
pick usually stops short. A decoy that overlaps the planted clique (or chance) can make a
larger clique: the optimum is whatever an exact search finds, stored in ``meta``.

Reference: branch and bound over bitsets with a greedy-colouring bound (Tomita and Seki 2003,
"An efficient branch-and-bound algorithm for finding a maximum clique", MCQ): the vertices of
the candidate set are coloured greedily, and a branch stops when the clique so far plus the
number of colours left cannot beat the best clique found.

Answer syntax: the clique's size, a colon and its nodes separated by commas
(``4: 0, 3, 5, 7``), in any order. Any maximum clique scores 1: the nodes must be distinct,
in range, as many as the stated size, pairwise adjacent, and as many as in a maximum clique.
A smaller valid clique earns a partial score (never reward 1).

Knobs: ``nodes``, ``density`` (edge probability of the random part), ``decoys`` (cliques one
node smaller than the planted one) and ``encoding``. Difficulty raises the first three:
difficulty 0 is 8 nodes at density 0.25 with no decoy, difficulty 1 is 24 nodes at density
0.5 (about 140 edges) with four decoy cliques of the next size down.
"""

from __future__ import annotations

import math
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import finish, shuffle
from rlvr_envs.families.graph.knobs import encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, parse_int, parse_nodes


class MaximumClique(GraphFamily):
    """A maximum clique (its size and nodes) of a graph with a planted clique among decoys."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(5, 40, default=12, easy=8, hard=24),
        "density": Knob(
            "float", 0.1, 0.8, default=0.35, easy=0.25, hard=0.5,
            doc="edge probability of the random part of the graph",
        ),
        "decoys": Knob(
            "int", 0, 8, default=1, easy=0, hard=4,
            doc="cliques one node smaller than the planted one, on random node sets",
        ),
        "encoding": encoding_knob(),
    }  # fmt: skip
    answer_syntax = (
        "the size of the clique, a colon and its nodes separated by commas (e.g. 4: 0, 3, 5, 7)"
    )
    answer_form = "size and nodes"
    single_answer = False
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, p = knobs["nodes"], knobs["density"]
        k = min(max(4, typical_clique(n, p) + 1), max(2, n // 2))
        adj = [0] * n
        draw = rng.random
        for u in range(n):
            for v in range(u + 1, n):
                if draw() < p:
                    adj[u] |= 1 << v
                    adj[v] |= 1 << u
        order = list(range(n))
        shuffle(rng, order)
        _plant(adj, order[:k])
        for _ in range(knobs["decoys"]):
            shuffle(rng, order)
            _plant(adj, order[: k - 1])
        edges = [(u, v) for u in range(n) for v in range(u + 1, n) if adj[u] >> v & 1]
        graph, _ = finish(rng, n, edges, False)
        best = sorted(max_clique(bitsets(graph)))
        question = (
            "A clique is a set of nodes every two of which are joined by an edge. Find a "
            "maximum clique of this undirected graph (one with as many nodes as possible): "
            "give its size and its nodes, in any order.\n\n"
            f"{self.text(graph, knobs, rng)}"
        )
        answer = f"{len(best)}: {', '.join(map(str, best))}"
        return Draft(question, answer, {**graph.to_meta(), "size": len(best)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            claimed, nodes = parse_sized_nodes(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        n, best = problem.meta["nodes"], problem.meta["size"]
        if len(set(nodes)) != len(nodes):
            return Judgement.wrong(why="a node is listed twice")
        if max(nodes) >= n:
            return Judgement.wrong(why="a node that is not in the graph")
        if claimed != len(nodes):
            return Judgement.wrong(why="the size does not match the number of nodes listed")
        adj = bitsets(self.graph(problem))
        mask = 0
        for u in nodes:
            mask |= 1 << u
        if any(mask & ~adj[u] & ~(1 << u) for u in nodes):
            return Judgement.wrong(why="two of the nodes are not joined by an edge")
        if len(nodes) < best:
            return Judgement.wrong(score=0.5 * len(nodes) / best, why="a larger clique exists")
        return Judgement.right()


def parse_sized_nodes(answer: str) -> tuple[int, list[int]]:
    """``size: nodes`` (``4: 0, 3, 5, 7``): the stated size and the node list."""
    value, sep, rest = answer.partition(":")
    if not sep:
        raise AnswerError("expected the size, a colon and the nodes")
    return parse_int(value), parse_nodes(rest)


def typical_clique(n: int, p: float) -> int:
    """The largest k whose expected number of k-cliques in G(n, p) is at least 1."""
    k = 1
    while k < n and math.comb(n, k + 1) * p ** ((k + 1) * k / 2) >= 1:
        k += 1
    return k


def _plant(adj: list[int], nodes: list[int]) -> None:
    mask = 0
    for u in nodes:
        mask |= 1 << u
    for u in nodes:
        adj[u] |= mask & ~(1 << u)


def bitsets(graph: Graph) -> list[int]:
    """Each node's neighbours as a bitset."""
    adj = [0] * graph.n
    for edge in graph.edges:
        u, v = edge[0], edge[1]
        adj[u] |= 1 << v
        adj[v] |= 1 << u
    return adj


def max_clique(adj: list[int]) -> list[int]:
    """A maximum clique of the graph given by neighbour bitsets (Tomita-Seki MCQ branch and
    bound: greedy colouring of the candidates bounds each branch)."""
    best: list[int] = []
    clique: list[int] = []

    def expand(cand: int) -> None:
        order: list[int] = []
        colours: list[int] = []
        colour, left = 0, cand
        while left:  # greedy colouring: each class an independent set of the candidates
            colour += 1
            free = left
            while free:
                low = free & -free
                v = low.bit_length() - 1
                free &= ~low & ~adj[v]
                left &= ~low
                order.append(v)
                colours.append(colour)
        for i in range(len(order) - 1, -1, -1):
            if len(clique) + colours[i] <= len(best):
                return
            v = order[i]
            clique.append(v)
            nxt = cand & adj[v]
            if nxt:
                expand(nxt)
            elif len(clique) > len(best):
                best[:] = clique
            clique.pop()
            cand &= ~(1 << v)

    if adj:
        expand((1 << len(adj)) - 1)
    return best
