"""Connectivity: find the connected components; find articulation points; find bridges.

* ``ConnectedComponents``: the nodes are split into a random number of groups (between half
  of ``components`` and ``components``), each a random connected graph; isolated nodes count
  as components. Answer: the partition itself, each component as its nodes separated by
  commas, components separated by semicolons (``0, 3; 1; 2, 4``), in any order. (A count
  alone took few values: one fixed guess earned 0.42 at difficulty 0.5.) Listing a node
  twice is unparsable; any other partition is wrong.
* ``ArticulationPoints`` and ``Bridges``: a connected graph made of a random tree plus
  *local* extra edges (each closes a cycle of at most five nodes), so some parts are
  2-connected and others hang on cut vertices and bridges. Reference: depth-first search
  with low points (Hopcroft and Tarjan 1973, "Efficient algorithms for graph manipulation").
  Answers are sets, compared as sets: the nodes (``2, 5, 7``) or the edges (``0-3, 2-5``,
  either orientation), in any order, or ``none``. Listing an item twice is unparsable.

Knobs: ``nodes``, ``degree`` (average degree; for components, inside each group),
``components`` (ConnectedComponents) and ``encoding``. Difficulty raises all but encoding.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph._graphs import (
    AnswerError,
    Graph,
    GraphFamily,
    add_random_edges,
    below,
    degree_knob,
    edge_count,
    encoding_knob,
    finish,
    is_none,
    nodes_knob,
    parse_edges,
    parse_nodes,
    random_tree,
)


class ConnectedComponents(GraphFamily):
    """What are the connected components of the undirected graph?"""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(1, 100, default=12, easy=6, hard=40),
        "components": Knob(
            "int", 1, 30, default=3, easy=2, hard=8, doc="most components (at least half)"
        ),
        "degree": degree_knob(0.0, 8.0, default=2.5, easy=2.0, hard=3.0),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "the components, each as its nodes separated by commas, the components separated by "
        "semicolons (e.g. 0, 3; 1; 2, 4)"
    )
    answer_form = "node partition"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
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
        question = (
            "Split the nodes of this graph into its connected components (a node without "
            "edges is a component of its own), in any order."
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        components = sorted(
            sorted(label[v] for v in range(start, stop)) for start, stop in itertools.pairwise(cuts)
        )
        groups = "; ".join(", ".join(map(str, nodes)) for nodes in components)
        return Draft(question, groups, {**graph.to_meta(), "components": count})

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


def local_cycle_graph(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    """A random tree plus up to ``m - (n - 1)`` extra edges, each between nodes at most four
    tree steps apart, so cycles stay short and cut vertices and bridges survive."""
    tree = random_tree(rng, n)
    around: list[list[int]] = [[] for _ in range(n)]
    for u, v in tree:
        around[u].append(v)
        around[v].append(u)
    present = {(u, v) for u, v in tree}
    edges = list(tree)
    want = m - len(tree)
    for _ in range(4 * want):
        if want <= 0:
            break
        u = v = below(rng, n)
        for _ in range(2 + below(rng, 3)):
            v = around[v][below(rng, len(around[v]))]
        key = (min(u, v), max(u, v))
        if u != v and key not in present:
            present.add(key)
            edges.append(key)
            want -= 1
    return edges


def cut_structure(graph: Graph) -> tuple[list[int], list[tuple[int, int]]]:
    """Articulation points and bridges of an undirected graph, both sorted.

    Iterative depth-first search with discovery times and low points (Hopcroft and Tarjan
    1973): a non-root u is a cut vertex when some child v has low[v] >= disc[u], the root
    when it has two or more children; u-v is a bridge when low[v] > disc[u].
    """
    neighbours = graph.neighbours()
    n = graph.n
    disc, low = [-1] * n, [0] * n
    cuts: set[int] = set()
    bridges: list[tuple[int, int]] = []
    clock = 0
    for root in range(n):
        if disc[root] >= 0:
            continue
        disc[root] = low[root] = clock
        clock += 1
        children = 0
        stack = [(root, -1, iter(neighbours[root]))]
        while stack:
            u, parent, rest = stack[-1]
            v = next(rest, None)
            if v is None:
                stack.pop()
                if parent >= 0:
                    low[parent] = min(low[parent], low[u])
                    if low[u] > disc[parent]:
                        bridges.append((min(parent, u), max(parent, u)))
                    if low[u] >= disc[parent] and parent != root:
                        cuts.add(parent)
                continue
            if v == parent:
                continue
            if disc[v] >= 0:
                low[u] = min(low[u], disc[v])
                continue
            disc[v] = low[v] = clock
            clock += 1
            if u == root:
                children += 1
            stack.append((v, u, iter(neighbours[v])))
        if children >= 2:
            cuts.add(root)
    return sorted(cuts), sorted(bridges)


class _CutFamily(GraphFamily):
    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=10, easy=6, hard=30),
        "degree": degree_knob(1.0, 6.0, default=2.4, easy=2.2, hard=3.0),
        "encoding": encoding_knob(),
    }
    single_answer = False

    def _graph(self, rng: random.Random, knobs: dict) -> Graph:
        n = knobs["nodes"]
        edges = local_cycle_graph(rng, n, edge_count(n, knobs["degree"] / 2, n - 1))
        return finish(rng, n, edges, False)[0]


class ArticulationPoints(_CutFamily):
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


class Bridges(_CutFamily):
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
