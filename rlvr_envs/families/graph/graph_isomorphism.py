"""GraphIsomorphism: decide whether two undirected graphs are isomorphic, with a witness.

Graph A is a random connected graph; graph B is A relabelled (isomorphic, about half of the
problems) or A changed and relabelled (not isomorphic). Both always have the same number of
nodes and edges, so those counts never decide. A non-isomorphic B is made either by moving
one edge (the degree sequences then usually differ) or, with probability ``disguise``, by
random double-edge swaps (u-v, x-y -> u-y, x-v), which keep every degree, so only a finer
invariant (triangles, connected components) tells the graphs apart. A changed B is kept only
when one of the three invariants below really differs, which proves non-isomorphism.

Answer syntax: ``yes:`` and a mapping from every node of A to a node of B, as pairs
``a -> b`` separated by commas (``yes: 0 -> 3, 1 -> 0, 2 -> 1, 3 -> 2``; ``a: b`` and
``a = b`` also work); it is checked edge by edge (a bijection that carries the edges of A
onto the edges of B), so any valid mapping scores 1. Or ``no:`` and one invariant that
differs, with its value in A then in B, in this strict syntax, recomputed by the checker:
``no: degree sequence 3, 2, 2, 1 vs 2, 2, 2, 2`` (each graph's node degrees, any order),
``no: triangles 3 vs 4`` or ``no: components 1 vs 2`` (``vs.``, ``versus`` and the
question's wording, ``the number of connected components``, also work). A stated value that
is not the graph's, or values that do not differ, are wrong. The reference maps by construction and
computes the invariants directly (degrees, triangles by counting common neighbours of each
edge's ends, components by depth-first search).

Knobs: ``nodes`` (5 -> 13), ``degree`` (average degree, 2.5 -> 4.5), ``disguise`` (share of
non-isomorphic pairs with equal degree sequences, 0 -> 1) and ``encoding``. Difficulty
raises all but encoding.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import below, connected_edges, edge_count, finish
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import (
    _ARROWS,
    AnswerError,
    node_list,
    read_pairs,
    tokens,
)

_INVARIANTS = ("degree sequence", "triangles", "components")


class GraphIsomorphism(GraphFamily):
    """Are the two graphs isomorphic? A node mapping if so, a differing invariant if not."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(4, 30, default=8, easy=5, hard=13),
        "degree": degree_knob(1.5, 6.0, default=3.0, easy=2.5, hard=4.5),
        "disguise": Knob(
            "float",
            0.0,
            1.0,
            default=0.5,
            easy=0.0,
            hard=1.0,
            doc="share of non-isomorphic pairs whose degree sequences agree",
        ),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "either yes: and a mapping from each node of graph A to a node of graph B "
        "(e.g. yes: 0 -> 2, 1 -> 0, 2 -> 1) or no: and one invariant that differs, with its "
        "value in A then in B, written as degree sequence <degrees of A> vs <degrees of B>, "
        "triangles <count in A> vs <count in B> or components <count in A> vs <count in B> "
        "(e.g. no: degree sequence 2, 2, 1, 1 vs 3, 1, 1, 1)"
    )
    answer_form = "verdict with a witness"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["nodes"]
        pairs = n * (n - 1) // 2
        m = min(pairs - 1, edge_count(n, knobs["degree"] / 2, n - 1))
        base = connected_edges(rng, n, m)
        second = base
        witness: str | None = None
        if rng.random() < 0.5:
            disguise = rng.random() < knobs["disguise"]
            for _ in range(60):
                candidate = _swapped(rng, n, base) if disguise else _moved(rng, n, base)
                witness = differing_invariant(n, base, candidate)
                if witness is not None:
                    second = candidate
                    break
            # after 60 failed tries (rare) the pair stays isomorphic
        graph_a, label_a = finish(rng, n, base, False)
        graph_b, label_b = finish(rng, n, second, False)
        if witness is None:  # base node x is label_a[x] in A and label_b[x] in B
            mapping = [0] * n
            for x in range(n):
                mapping[label_a[x]] = label_b[x]
            answer = "yes: " + ", ".join(f"{a} -> {b}" for a, b in enumerate(mapping))
        else:
            answer = "no: " + differing_invariant(n, graph_a.edges, graph_b.edges, text=True)
        question = (
            "Are graphs A and B below isomorphic, that is, is there a one-to-one mapping of the "
            "nodes of A onto the nodes of B that carries the edges of A exactly onto the edges "
            "of B? If yes, give such a mapping; if no, give one invariant that differs between "
            "them (the degree sequence, the number of triangles or the number of connected "
            "components), with its value in A and in B."
            f"\n\n{self._named(graph_a, 'A', knobs, rng)}"
            f"\n\n{self._named(graph_b, 'B', knobs, rng)}"
        )
        meta = {
            "nodes": n,
            "edges": [list(e) for e in graph_a.edges],
            "edges_b": [list(e) for e in graph_b.edges],
            "directed": False,
            "isomorphic": witness is None,
        }
        return Draft(question, answer, meta)

    def _named(self, graph: Graph, name: str, knobs: dict, rng: random.Random) -> str:
        return self.text(graph, knobs, rng).replace("The undirected graph", f"Graph {name}", 1)

    def check(self, problem: Problem, answer: str) -> Judgement:
        toks = tokens(answer)
        if toks and toks[-1] == ".":
            toks = toks[:-1]
        if not toks or toks[0] not in ("yes", "no"):
            return Judgement.unparsable("the answer must start with yes or no")
        claim, rest = toks[0], toks[1:]
        if rest and rest[0] in (":", ",", ";", "-"):
            rest = rest[1:]
        if not rest:
            return Judgement.unparsable(f"a {claim} answer needs its witness")
        meta = problem.meta
        n = meta["nodes"]
        edges_a = [tuple(e) for e in meta["edges"]]
        edges_b = [tuple(e) for e in meta["edges_b"]]
        try:
            if claim == "yes":
                why = _mapping_error(n, edges_a, edges_b, parse_node_mapping(rest))
            else:
                name, left, right = parse_invariant(rest)
                why = _invariant_error(n, edges_a, edges_b, name, left, right)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.wrong(why=why) if why else Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Nodes plus the edges of both graphs, plus the nodes again when a finer invariant
        than degrees is needed (a disguised non-isomorphic pair)."""
        meta = problem.meta
        size = meta["nodes"] + len(meta["edges"]) + len(meta["edges_b"])
        if problem.answer.startswith("no: degree"):
            return size
        return size + meta["nodes"]


def _swapped(rng: random.Random, n: int, edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``edges`` after 1-3 random double-edge swaps (every degree kept, no loops, no repeats)."""
    out = list(edges)
    present = {(min(u, v), max(u, v)) for u, v in out}
    for _ in range(1 + below(rng, 3)):
        for _ in range(20):
            i, j = below(rng, len(out)), below(rng, len(out))
            (a, b), (c, d) = out[i], out[j]
            if rng.random() < 0.5:
                c, d = d, c
            new1, new2 = (min(a, d), max(a, d)), (min(c, b), max(c, b))
            if len({a, b, c, d}) < 4 or new1 in present or new2 in present:
                continue
            present -= {(min(a, b), max(a, b)), (min(c, d), max(c, d))}
            present |= {new1, new2}
            out[i], out[j] = new1, new2
            break
    return out


def _moved(rng: random.Random, n: int, edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``edges`` with one random edge moved to a random free pair."""
    out = list(edges)
    present = {(min(u, v), max(u, v)) for u, v in out}
    while True:
        u, v = below(rng, n), below(rng, n)
        if u != v and (min(u, v), max(u, v)) not in present:
            break
    out[below(rng, len(out))] = (u, v)
    return out


# -- invariants ---------------------------------------------------------------------------------
def _adjacency(n: int, edges: list) -> list[set[int]]:
    adj: list[set[int]] = [set() for _ in range(n)]
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)
    return adj


def degrees(n: int, edges: list) -> list[int]:
    """The degree sequence, largest first."""
    return sorted((len(row) for row in _adjacency(n, edges)), reverse=True)


def triangles(n: int, edges: list) -> int:
    """Triangles: for each edge, the common neighbours of its ends, each triangle seen thrice."""
    adj = _adjacency(n, edges)
    return sum(len(adj[u] & adj[v]) for u, v in edges) // 3


def components(n: int, edges: list) -> int:
    """Connected components, by depth-first search."""
    adj = _adjacency(n, edges)
    seen = [False] * n
    count = 0
    for start in range(n):
        if seen[start]:
            continue
        count += 1
        seen[start] = True
        stack = [start]
        while stack:
            for v in adj[stack.pop()]:
                if not seen[v]:
                    seen[v] = True
                    stack.append(v)
    return count


def _values(n: int, edges: list, name: str):
    if name == "degree sequence":
        return degrees(n, edges)
    return triangles(n, edges) if name == "triangles" else components(n, edges)


def differing_invariant(n: int, edges_a: list, edges_b: list, text: bool = False):
    """The first of degree sequence, triangles, components that differs (None if none); with
    ``text``, written in the answer syntax with both values."""
    for name in _INVARIANTS:
        left, right = _values(n, edges_a, name), _values(n, edges_b, name)
        if left != right:
            if not text:
                return name
            if name == "degree sequence":
                return f"{name} {', '.join(map(str, left))} vs {', '.join(map(str, right))}"
            return f"{name} {left} vs {right}"
    return None


# -- parsing and checking ---------------------------------------------------------------------
def parse_node_mapping(toks: list[str]) -> list[tuple[int, int]]:
    """Pairs ``a -> b`` (or ``a: b``, ``a = b``) separated by commas or semicolons, with one
    optional pair of brackets around them all."""
    if len(toks) >= 2 and toks[0] in "([{" and toks[-1] == ")]}"["([{".index(toks[0])]:
        toks = toks[1:-1]
    links = (*_ARROWS, ":", "=")
    return read_pairs(toks, links, "expected the mapping as pairs written a -> b")


def parse_invariant(toks: list[str]) -> tuple[str, list[int], list[int]]:
    """``degree sequence <list> vs <list>``, ``triangles <n> vs <n>`` or
    ``components <n> vs <n>``. The names as the question words them also work (``the
    degree sequence``, ``the number of triangles``, ``the number of connected components``),
    and ``vs.`` or ``versus`` for ``vs``."""
    if toks[:1] == ["the"]:
        toks = toks[1:]
    if toks[:2] == ["number", "of"] and toks[2:3] in (["triangles"], ["connected"], ["components"]):
        toks = toks[2:]
    if toks[:2] == ["connected", "components"]:
        toks = toks[1:]
    toks = _plain_vs(toks)
    if toks[:2] == ["degree", "sequence"]:
        name, rest = "degree sequence", toks[2:]
    elif toks[:1] in (["triangles"], ["components"]):
        name, rest = toks[0], toks[1:]
    else:
        raise AnswerError("name the invariant: degree sequence, triangles or components")
    if rest and rest[0] == ":":
        rest = rest[1:]
    if rest.count("vs") != 1:
        raise AnswerError("give the value in A, then vs, then the value in B")
    cut = rest.index("vs")
    left, right = node_list(rest[:cut]), node_list(rest[cut + 1 :])
    if name != "degree sequence" and (len(left) != 1 or len(right) != 1):
        raise AnswerError(f"{name}: one number for each graph")
    return name, left, right


def _plain_vs(toks: list[str]) -> list[str]:
    """``vs.`` and ``versus`` written as ``vs``."""
    out: list[str] = []
    for tok in toks:
        if tok == "." and out and out[-1] == "vs":
            continue
        out.append("vs" if tok == "versus" else tok)
    return out


def _invariant_error(
    n: int, edges_a: list, edges_b: list, name: str, left: list[int], right: list[int]
) -> str | None:
    true_a, true_b = _values(n, edges_a, name), _values(n, edges_b, name)
    if name == "degree sequence":
        given_a, given_b = sorted(left, reverse=True), sorted(right, reverse=True)
    else:
        given_a, given_b, true_a, true_b = left, right, [true_a], [true_b]
    if given_a != true_a:
        return f"graph A's {name} is not {left}"
    if given_b != true_b:
        return f"graph B's {name} is not {right}"
    if true_a == true_b:
        return f"the {name} is the same in both graphs"
    return None


def _mapping_error(n: int, edges_a: list, edges_b: list, pairs: list) -> str | None:
    sources = [a for a, _ in pairs]
    images = [b for _, b in pairs]
    if sorted(sources) != list(range(n)):
        return "map every node of A exactly once"
    if sorted(images) != list(range(n)):
        return "the images must be every node of B exactly once"
    image = dict(pairs)
    target = {frozenset(e) for e in edges_b}
    for u, v in edges_a:
        if frozenset((image[u], image[v])) not in target:
            return f"{u} -- {v} maps to {image[u]} -- {image[v]}, not an edge of B"
    return None
