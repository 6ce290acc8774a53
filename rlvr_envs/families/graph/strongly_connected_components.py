"""StronglyConnectedComponents: split a directed graph's nodes into its strongly connected
components.

The nodes are split into ``components`` groups (most of two or more nodes, a few single
nodes); each group of two or more is made strongly connected by a random directed cycle
through its nodes plus random chords inside it. The groups are then put in a random order
and edges between groups only ever point forward in that order, so no cycle crosses two
groups and the groups are exactly the strongly connected components. The reference
recomputes them with Tarjan's algorithm (Tarjan 1972, one depth-first search with low-link
values), written iteratively.

Answer syntax: the components as groups of nodes, each group in braces with its nodes
separated by commas, the groups separated by commas (``{1, 4, 5}, {2}, {3, 6}``); groups
separated by semicolons without braces (``1, 4, 5; 2; 3, 6``) are read the same. Any order of
groups and of nodes inside a group; the partition is unique, so it is compared as a set of
sets. Listing a node twice is unparsable; any other partition is wrong.

Knobs: ``nodes`` (6 -> 40), ``components`` (2 -> 8 groups), ``degree`` (average out-degree
inside a group, 1.3 -> 2.0), ``cross`` (edges between groups per node, 0.5 -> 1.5: more
one-way edges that look like they close cycles) and ``encoding``. Difficulty raises all but
encoding.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.connected_components import parse_partition
from rlvr_envs.families.graph.generators import add_random_edges, finish, shuffle
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import AnswerError, node_list, tokens


class StronglyConnectedComponents(GraphFamily):
    """What are the strongly connected components of the directed graph?"""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(2, 100, default=12, easy=6, hard=40),
        "components": Knob(
            "int", 2, 30, default=3, easy=2, hard=8, doc="number of strongly connected components"
        ),
        "degree": degree_knob(
            1.0, 4.0, default=1.5, easy=1.3, hard=2.0, doc="average out-degree inside a component"
        ),
        "cross": Knob(
            "float",
            0.0,
            4.0,
            default=0.8,
            easy=0.5,
            hard=1.5,
            doc="edges between components per node (all pointing one way)",
        ),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "the components, each in braces with its nodes separated by commas, in any order "
        "(e.g. {1, 4, 5}, {2}, {3, 6})"
    )
    answer_form = "node partition"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["nodes"]
        count = max(2, min(knobs["components"], n - 1))
        sizes = _sizes(rng, n, count)
        group: list[int] = []
        for index, size in enumerate(sizes):
            group.extend([index] * size)
        edges: list[tuple[int, int]] = []
        start = 0
        for size in sizes:
            if size >= 2:
                ring = list(range(start, start + size))
                shuffle(rng, ring)
                inner = [(ring[i - 1], ring[i]) for i in range(size)]
                extra = min(size * (size - 1) - size, round((knobs["degree"] - 1) * size))
                edges.extend(_shift(_chords(rng, size, inner, start, extra), start))
            start += size
        # groups are numbered in a random topological order: cross edges go low -> high
        cross = round(knobs["cross"] * n)
        edges = add_random_edges(
            rng, n, edges, cross, directed=True, allowed=lambda u, v: group[u] < group[v]
        )
        graph, _ = finish(rng, n, edges, True)
        components = strongly_connected_components(graph)
        answer = ", ".join("{" + ", ".join(map(str, c)) + "}" for c in components)
        question = (
            "Split the nodes of this directed graph into its strongly connected components (two "
            "nodes are in one component when each can reach the other along directed edges; a "
            "node on no cycle is a component of its own), in any order."
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        return Draft(question, answer, {**graph.to_meta(), "components": len(components)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = parse_groups(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        expected = parse_groups(problem.answer)
        if given == expected:
            return Judgement.right()
        return Judgement.wrong(why="not the strongly connected components")

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges plus the number of components."""
        meta = problem.meta
        return meta["nodes"] + len(meta["edges"]) + meta["components"]


def _sizes(rng: random.Random, n: int, count: int) -> list[int]:
    """``count`` group sizes summing to ``n``; at most a quarter of them single nodes."""
    singles = max(count // 4, 2 * count - n)
    big = count - singles
    sizes = [1] * singles + [2] * big
    for _ in range(n - sum(sizes)):
        sizes[singles + int(rng.random() * big)] += 1
    shuffle(rng, sizes)
    return sizes


def _chords(
    rng: random.Random, size: int, inner: list[tuple[int, int]], start: int, extra: int
) -> list[tuple[int, int]]:
    local = [(u - start, v - start) for u, v in inner]
    return add_random_edges(rng, size, local, extra, directed=True)


def _shift(edges: list[tuple[int, int]], start: int) -> list[tuple[int, int]]:
    return [(u + start, v + start) for u, v in edges]


def strongly_connected_components(graph: Graph) -> list[list[int]]:
    """Tarjan's algorithm, iterative: the components, each sorted, sorted by first node."""
    out = graph.neighbours()
    n = graph.n
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    found: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            u, i = work[-1]
            if i < len(out[u]):
                work[-1] = (u, i + 1)
                v = out[u][i]
                if index[v] < 0:
                    index[v] = low[v] = counter
                    counter += 1
                    stack.append(v)
                    on_stack[v] = True
                    work.append((v, 0))
                elif on_stack[v]:
                    low[u] = min(low[u], index[v])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[u])
            if low[u] == index[u]:
                component = []
                while True:
                    v = stack.pop()
                    on_stack[v] = False
                    component.append(v)
                    if v == u:
                        break
                found.append(sorted(component))
    return sorted(found)


def parse_groups(text: str) -> set[frozenset[int]]:
    """Groups in braces (``{1, 4}, {2}``; brackets or parentheses also work), separated by
    commas, semicolons or nothing, with one optional pair of brackets or braces around all
    (``{{1, 4}, {2}}``, a set of sets); or, without
    any braces, groups separated by semicolons or line breaks (:func:`parse_partition`).
    A node may appear only once."""
    toks = tokens(text)
    if toks and toks[-1] == ".":
        toks = toks[:-1]
    if not any(t in "{[(" for t in toks):
        return parse_partition(text)
    if (
        len(toks) >= 2
        and toks[0] in "[({"
        and toks[1] in "{[("
        and toks[-1] == ")]}"["([{".index(toks[0])]
        and toks[-2] in "}])"
    ):
        toks = toks[1:-1]  # brackets (or set braces) around the whole list of groups
    groups: list[list[int]] = []
    i = 0
    while i < len(toks):
        opener = toks[i]
        if opener not in "{[(" or len(opener) != 1:
            raise AnswerError("expected a group in braces")
        closer = "}])"["{[(".index(opener)]
        try:
            end = toks.index(closer, i + 1)
        except ValueError:
            raise AnswerError("a group is not closed") from None
        groups.append(node_list(toks[i + 1 : end]))
        i = end + 1
        if i < len(toks) and toks[i] in (",", ";"):
            i += 1
            if i == len(toks):
                raise AnswerError("the list ends with a separator")
        if len(groups) > 10_000:
            raise AnswerError("too many groups")
    if not groups:
        raise AnswerError("no groups given")
    seen = [node for group in groups for node in group]
    if len(set(seen)) != len(seen):
        raise AnswerError("a node is listed twice")
    return {frozenset(group) for group in groups}
