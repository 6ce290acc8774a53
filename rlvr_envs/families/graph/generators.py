"""Random graphs: trees, extra edges, weights, and :func:`finish`, which hides how they were built.

Generators build a structure on internal labels, then :func:`finish` relabels the nodes with
a random permutation, shuffles the edge order and (undirected) the orientation of each edge,
so that neither labels nor order leak how the graph was built.
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.families.graph.model import Edge, Graph


def edge_count(n: int, per_node: float, lowest: int = 0, directed: bool = False) -> int:
    """Edges for ``n`` nodes at ``per_node`` edges per node, within [lowest, all pairs]."""
    pairs = n * (n - 1) if directed else n * (n - 1) // 2
    return max(min(lowest, pairs), min(pairs, round(per_node * n)))


# -- generation ---------------------------------------------------------------------------------
# ``int(random() * k)`` is uniform on 0..k-1 up to a relative bias of k / 2**53 and
# costs a tenth of ``randrange``; generation draws hundreds of these per problem.
def below(rng: random.Random, k: int) -> int:
    """A uniform integer in 0..k-1 (k >= 1), from ``rng.random()``."""
    return int(rng.random() * k)


def shuffle(rng: random.Random, items: list) -> None:
    """Fisher-Yates shuffle in place, drawing from ``rng.random()``."""
    draw = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(draw() * (i + 1))
        items[i], items[j] = items[j], items[i]


def random_tree(rng: random.Random, n: int) -> list[tuple[int, int]]:
    """A random recursive tree on 0..n-1: node i hangs from a uniform earlier node."""
    draw = rng.random
    return [(int(draw() * i), i) for i in range(1, n)]


def add_random_edges(
    rng: random.Random,
    n: int,
    edges: list[tuple[int, int]],
    count: int,
    *,
    directed: bool = False,
    allowed: Any = None,
) -> list[tuple[int, int]]:
    """Add up to ``count`` new edges chosen uniformly among the pairs ``allowed(u, v)`` accepts.

    No self-loops or duplicates (for undirected graphs ``(u, v)`` and ``(v, u)`` are one
    pair). Rejection sampling while the graph is sparse, else an explicit list of the free
    pairs in a fixed order; either way randomness comes from ``rng`` only.
    """
    present = {(u, v) if directed or u < v else (v, u) for u, v in edges}
    out = list(edges)
    attempts = 0
    draw = rng.random
    while count > 0 and attempts < 8 * count + 32:
        attempts += 1
        u, v = int(draw() * n), int(draw() * n)
        key = (u, v) if directed or u < v else (v, u)
        if u == v or key in present or (allowed is not None and not allowed(u, v)):
            continue
        present.add(key)
        out.append(key)
        count -= 1
    if count > 0:  # dense: enumerate the free pairs and sample among them
        free = [
            (u, v)
            for u in range(n)
            for v in range(n)
            if u != v
            and (directed or u < v)
            and (u, v) not in present
            and (allowed is None or allowed(u, v))
        ]
        out.extend(rng.sample(free, min(count, len(free))))
    return out


def connected_edges(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    """A connected simple graph on 0..n-1 with ``m`` edges: a random tree plus random edges."""
    tree = random_tree(rng, n)
    return add_random_edges(rng, n, tree, m - len(tree))


def with_weights(rng: random.Random, edges: list[tuple[int, int]], high: int) -> list[Edge]:
    """Each edge with a uniform integer weight in 1..high (no weight when high is 0)."""
    if high <= 0:
        return list(edges)
    draw = rng.random
    return [(u, v, 1 + int(draw() * high)) for u, v in edges]


def finish(
    rng: random.Random, n: int, edges: list[Edge], directed: bool
) -> tuple[Graph, list[int]]:
    """Relabel nodes randomly, shuffle edge order and (undirected) orientation.

    Returns the graph and the permutation ``label[old] = new`` for mapping special nodes.
    """
    label = list(range(n))
    shuffle(rng, label)
    draw = rng.random
    # One comprehension per edge shape (the hottest loop of generation); the draws, and so
    # the graphs, are those of a plain loop over the edges.
    if directed:
        out: list[Edge] = [(label[e[0]], label[e[1]], *e[2:]) for e in edges]
    elif edges and len(edges[0]) == 3:
        out = [
            (label[v], label[u], w) if draw() < 0.5 else (label[u], label[v], w)
            for u, v, w in edges
        ]
    else:
        out = [(label[v], label[u]) if draw() < 0.5 else (label[u], label[v]) for u, v in edges]
    shuffle(rng, out)
    return Graph(n, out, directed), label
