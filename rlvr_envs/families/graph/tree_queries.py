"""TreeQueries: one question about a tree: a lowest common ancestor, the diameter, or the
centroids.

Each problem draws one mode:

- ``lca``: the tree is rooted at a stated node; the answer is the lowest common ancestor of
  two stated nodes (unique). Instances where the ancestor is one of the two nodes or the
  root are redrawn, so copying a stated node earns nothing. Answer syntax: one node number
  (``7``). Reference: parent pointers and depths from a breadth-first search, then both
  nodes climb to equal depth and together until they meet.
- ``diameter``: the number of edges on a longest path, a colon, and such a path as nodes
  joined by ``->`` or commas (``5: 3 -> 0 -> 8 -> 2 -> 6 -> 1``); any longest path scores
  1; a valid shorter path with its own length earns partial score only. Reference: two
  breadth-first searches (the farthest node from any node ends a longest path).
- ``centroid``: every centroid (a node whose removal leaves no component with more than
  half of the nodes; a tree has one or two) as comma-separated node numbers (``4`` or
  ``4, 9``), in any order. Reference: subtree sizes from one search (Jordan, 1869).

Knobs: ``nodes`` (6 -> 40), ``stretch`` (0.0 -> 0.6: the chance that a node hangs from the
node built just before it, which makes long paths and deep ancestors), ``mode`` (``mixed``
draws one of the three per problem; a single mode can be chosen) and ``encoding``.
Difficulty raises ``nodes`` and ``stretch``: at difficulty 1 a 40-node tree, given as
shuffled, relabelled edges, must be rebuilt before any query can be answered.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import deque
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import below, finish
from rlvr_envs.families.graph.knobs import encoding_knob, nodes_knob
from rlvr_envs.families.graph.parsing import AnswerError, parse_int, parse_nodes

MODES = ("lca", "diameter", "centroid")
_NODE_WORD = re.compile(r"\s*nodes?\b", re.IGNORECASE)  # "node 7": the prompt's own word
_CENTROIDS = re.compile(r"[0-9]{1,6}(?:\s*(?:,|;|\s|and)\s*[0-9]{1,6})*")


class TreeQueries(GraphFamily):
    """A tree and one query: lowest common ancestor, diameter with a path, or centroids."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(5, 100, default=10, easy=6, hard=40),
        "stretch": Knob(
            "float", 0.0, 0.9, default=0.2, easy=0.0, hard=0.6,
            doc="chance that a node hangs from the node built just before it (longer paths)",
        ),
        "mode": Knob(
            "categorical", choices=("mixed", *MODES), default="mixed", easy="mixed",
            hard="mixed", doc="the query: one of the three drawn per problem, or a fixed one",
        ),
        "encoding": encoding_knob(),
    }  # fmt: skip
    answer_syntax = (
        "one node number for a lowest common ancestor (e.g. 7), the number of edges, a colon "
        "and a longest path for the diameter (e.g. 3: 4 -> 0 -> 2 -> 5), or every centroid "
        "separated by commas (e.g. 4, 9)"
    )
    answer_form = "node, length with a path, or node set"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, stretch = knobs["nodes"], knobs["stretch"]
        draw = rng.random
        tree = [(i - 1 if draw() < stretch else int(draw() * i), i) for i in range(1, n)]
        graph, _ = finish(rng, n, tree, False)
        mode = knobs["mode"] if knobs["mode"] != "mixed" else MODES[below(rng, 3)]
        neighbours = graph.neighbours()
        meta = graph.to_meta()
        text = self.text(graph, knobs, rng)
        if mode == "lca":
            query = _lca_query(rng, neighbours)
            if query is None:
                mode = "diameter"
            else:
                root, u, v, answer = query
                meta.update(mode="lca", root=root, u=u, v=v, lca=answer)
                question = (
                    f"This graph is a tree. Root it at node {root}. What is the lowest common "
                    f"ancestor of nodes {u} and {v}, that is, the deepest node that has both "
                    f"of them in its subtree? Give one node number.\n\n{text}"
                )
                return Draft(question, str(answer), meta)
        if mode == "diameter":
            path = longest_path(neighbours)
            meta.update(mode="diameter", diameter=len(path) - 1)
            question = (
                "This graph is a tree. What is its diameter, the number of edges on a longest "
                "path between two nodes? Give the number, a colon, and one longest path as "
                f"its nodes in order joined by ->.\n\n{text}"
            )
            return Draft(question, f"{len(path) - 1}: " + " -> ".join(map(str, path)), meta)
        found = centroids(neighbours)
        meta.update(mode="centroid", centroids=found)
        question = (
            "This graph is a tree. A centroid is a node whose removal leaves no component "
            "with more than half of the nodes. Give every centroid of the tree (a tree has "
            f"one or two), separated by commas.\n\n{text}"
        )
        return Draft(question, ", ".join(map(str, found)), meta)

    def complexity(self, problem: Problem) -> float:
        """Nodes and edges of the tree plus the longest path any query may walk."""
        return 2 * problem.meta["nodes"] - 1 + len(longest_path(self.graph(problem).neighbours()))

    def check(self, problem: Problem, answer: str) -> Judgement:
        mode, meta = problem.meta["mode"], problem.meta
        if mode != "diameter":
            label = _NODE_WORD.match(answer)
            answer = answer[label.end() :] if label else answer
        try:
            if mode == "lca":
                return Judgement.right() if parse_int(answer) == meta["lca"] else Judgement.wrong()
            if mode == "centroid":
                body = answer.strip().removesuffix(".").strip()
                if len(body) >= 2 and body[0] + body[-1] in ("{}", "[]", "()"):
                    body = body[1:-1].strip()
                if len(body) > 200 or not _CENTROIDS.fullmatch(body):
                    raise AnswerError("expected node numbers separated by commas")
                nodes = [int(t) for t in re.findall(r"[0-9]+", body)]
                if len(set(nodes)) != len(nodes):
                    return Judgement.wrong(why="a node is named twice")
                return (
                    Judgement.right() if sorted(nodes) == meta["centroids"] else Judgement.wrong()
                )
            value, sep, rest = answer.partition(":")
            if not sep:
                raise AnswerError("expected the diameter, a colon and a path")
            claimed, path = parse_int(value), parse_nodes(rest)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = _path_error(self.graph(problem).adjacency(), path)
        if why:
            return Judgement.wrong(why=why)
        if claimed != len(path) - 1:
            return Judgement.wrong(why="the number is not the length of the path")
        if claimed != meta["diameter"]:
            return Judgement.wrong(score=0.5 * claimed / meta["diameter"], why="not longest")
        return Judgement.right()


def _path_error(adj: list[dict[int, int]], path: list[int]) -> str | None:
    if len(set(path)) != len(path):
        return "a node appears twice on the path"
    for u, v in itertools.pairwise(path):
        if u >= len(adj) or v not in adj[u]:
            return f"{u} -- {v} is not an edge"
    if path[-1] >= len(adj):
        return f"no node {path[-1]}"
    return None


def _bfs(neighbours: list[list[int]], source: int) -> tuple[list[int], list[int], list[int]]:
    """Parents, depths and the visiting order of a breadth-first search from ``source``."""
    parent, depth = [-1] * len(neighbours), [-1] * len(neighbours)
    depth[source] = 0
    order, queue = [], deque([source])
    while queue:
        u = queue.popleft()
        order.append(u)
        for v in neighbours[u]:
            if depth[v] < 0:
                depth[v], parent[v] = depth[u] + 1, u
                queue.append(v)
    return parent, depth, order


def _lca_query(rng: random.Random, neighbours: list[list[int]]):
    """(root, u, v, lca) with the ancestor none of root, u, v; None after 40 failed draws."""
    n = len(neighbours)
    for _ in range(40):
        root, u, v = below(rng, n), below(rng, n), below(rng, n)
        if len({root, u, v}) < 3:
            continue
        parent, depth, _ = _bfs(neighbours, root)
        a, b = u, v
        while depth[a] > depth[b]:
            a = parent[a]
        while depth[b] > depth[a]:
            b = parent[b]
        while a != b:
            a, b = parent[a], parent[b]
        if a not in (root, u, v):
            return root, u, v, a
    return None


def longest_path(neighbours: list[list[int]]) -> list[int]:
    """A longest path: the farthest node ``a`` from node 0, then the farthest from ``a``."""
    _, depth, _ = _bfs(neighbours, 0)
    a = depth.index(max(depth))
    parent, depth, _ = _bfs(neighbours, a)
    b = depth.index(max(depth))
    path = [b]
    while path[-1] != a:
        path.append(parent[path[-1]])
    return path


def centroids(neighbours: list[list[int]]) -> list[int]:
    """Every node whose largest remaining component has at most n // 2 nodes, sorted."""
    n = len(neighbours)
    parent, _, order = _bfs(neighbours, 0)
    size, heaviest = [1] * n, [0] * n
    for u in reversed(order):
        p = parent[u]
        if p >= 0:
            size[p] += size[u]
            heaviest[p] = max(heaviest[p], size[u])
    return [u for u in range(n) if max(heaviest[u], n - size[u]) <= n // 2]
