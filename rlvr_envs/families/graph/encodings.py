"""A graph written into a prompt: an edge list (one edge per line), an adjacency list (one
node per line with its neighbours) or sentences (one natural-language sentence per edge, in
several phrasings).
"""

from __future__ import annotations

import random

from rlvr_envs.families.graph.generators import below
from rlvr_envs.families.graph.model import Graph

# -- encodings ----------------------------------------------------------------------------------
_UNDIRECTED_SENTENCES = (
    "Node {u} is connected to node {v}.",
    "There is an edge between node {u} and node {v}.",
    "Nodes {u} and {v} are adjacent.",
)


_UNDIRECTED_WEIGHTED = (
    "Node {u} and node {v} are joined by an edge of {word} {w}.",
    "The edge between node {u} and node {v} has {word} {w}.",
    "There is an edge of {word} {w} between node {u} and node {v}.",
)


_DIRECTED_SENTENCES = (
    "There is an edge from node {u} to node {v}.",
    "Node {u} points to node {v}.",
    "An edge leads from node {u} to node {v}.",
)


_DIRECTED_WEIGHTED = (
    "There is an edge from node {u} to node {v} with {word} {w}.",
    "Node {u} points to node {v} with {word} {w}.",
    "An edge of {word} {w} leads from node {u} to node {v}.",
)


def describe(graph: Graph, encoding: str, rng: random.Random | None, word: str = "weight") -> str:
    """The graph as prompt text in ``encoding``; ``word`` names edge weights (capacity, ...).

    ``rng`` draws the phrasing of each sentence; only the ``sentences`` encoding needs it.
    """
    kind = "directed" if graph.directed else "undirected"
    weighted = " weighted" if graph.weighted else ""
    head = f"The{weighted} {kind} graph has {graph.n} nodes, numbered 0 to {graph.n - 1}"
    if encoding == "edge_list":
        arrow = "->" if graph.directed else "--"
        form = f"u {arrow} v ({word} w)" if graph.weighted else f"u {arrow} v"
        if graph.weighted:
            lines = [f"{u} {arrow} {v} ({word} {w})" for u, v, w in graph.edges]
        else:
            lines = [f"{u} {arrow} {v}" for u, v in graph.edges]
        return f"{head}, and {len(graph.edges)} edges, one per line as {form}:\n" + "\n".join(lines)
    if encoding == "adjacency_list":
        return head + _adjacency_text(graph, word)
    if encoding == "sentences":
        if rng is None:
            raise ValueError("the sentences encoding draws its phrasings from an rng")
        return f"{head}. {_sentences(graph, rng, word)}"
    raise ValueError(f"unknown encoding {encoding!r}")


def _adjacency_text(graph: Graph, word: str) -> str:
    adj = graph.adjacency()
    if graph.directed:
        intro = ". Each line lists a node and the nodes its edges point to"
    else:
        intro = ". Each line lists a node and its neighbours"
    intro += f", with the {word} of each edge in parentheses:\n" if graph.weighted else ":\n"
    lines = []
    for u in range(graph.n):
        if graph.weighted:
            items = [f"{v} ({adj[u][v]})" for v in sorted(adj[u])]
        else:
            items = [str(v) for v in sorted(adj[u])]
        lines.append(f"{u}: {', '.join(items) if items else '(none)'}")
    return intro + "\n".join(lines)


def _sentences(graph: Graph, rng: random.Random, word: str) -> str:
    if graph.directed:
        pool = _DIRECTED_WEIGHTED if graph.weighted else _DIRECTED_SENTENCES
    else:
        pool = _UNDIRECTED_WEIGHTED if graph.weighted else _UNDIRECTED_SENTENCES
    out = []
    for edge in graph.edges:
        w = edge[2] if len(edge) == 3 else None
        out.append(pool[below(rng, len(pool))].format(u=edge[0], v=edge[1], w=w, word=word))
    return " ".join(out) if out else "It has no edges."
