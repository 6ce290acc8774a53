"""The graph record every graph family uses: ``n`` nodes numbered ``0..n-1`` and an edge list,
directed or not, weighted or not, carried in ``problem.meta`` as plain JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Edge = tuple[int, ...]  # (u, v) or (u, v, weight)


# -- the graph record -------------------------------------------------------------------------
@dataclass
class Graph:
    """``n`` nodes ``0..n-1`` and an edge list; edges are ``(u, v)`` or ``(u, v, weight)``."""

    n: int
    edges: list[Edge]
    directed: bool = False

    @property
    def weighted(self) -> bool:
        return bool(self.edges) and len(self.edges[0]) == 3

    def adjacency(self) -> list[dict[int, int]]:
        """``adj[u][v]`` = weight of the edge u-v (1 when unweighted); both ways if undirected."""
        adj: list[dict[int, int]] = [{} for _ in range(self.n)]
        weighted = self.weighted
        if self.directed:
            for edge in self.edges:
                adj[edge[0]][edge[1]] = edge[2] if weighted else 1
        elif weighted:
            for u, v, w in self.edges:
                adj[u][v] = adj[v][u] = w
        else:
            for u, v in self.edges:
                adj[u][v] = adj[v][u] = 1
        return adj

    def neighbours(self) -> list[list[int]]:
        """Sorted neighbour lists (out-neighbours when directed)."""
        return [sorted(row) for row in self.adjacency()]

    def to_meta(self) -> dict[str, Any]:
        return {"nodes": self.n, "edges": [list(e) for e in self.edges], "directed": self.directed}

    @classmethod
    def from_meta(cls, meta: dict[str, Any]) -> Graph:
        return cls(meta["nodes"], [tuple(e) for e in meta["edges"]], meta["directed"])
