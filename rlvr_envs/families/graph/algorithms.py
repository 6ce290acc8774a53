"""Graph algorithms several families use (BFS, Dijkstra, connectivity); each family module
holds its own. They are textbook algorithms in plain Python because building a networkx
graph costs more than solving these small instances; the tests check every one of them
against networkx, the reference oracle, on hundreds of random instances.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable


# -- shared algorithms ----------------------------------------------------------------------------
def bfs_hops(neighbours: list[list[int]], source: int) -> list[int]:
    """Hop distance from ``source`` to every node (-1 where unreachable); breadth-first search."""
    dist = [-1] * len(neighbours)
    dist[source] = 0
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in neighbours[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def dijkstra(adj: list[dict[int, int]], source: int) -> tuple[list[float], list[int], list[int]]:
    """Dijkstra (1959) with a binary heap: distances, predecessors and hop counts.

    Among equally short paths the predecessor chosen gives the fewest hops, then the smallest
    label, so the result never depends on dict or heap order. Unreachable nodes get ``inf``.
    """
    inf = float("inf")
    n = len(adj)
    dist, pred, hops = [inf] * n, [-1] * n, [0] * n
    dist[source] = 0
    heap = [(0, 0, source)]
    done = [False] * n
    while heap:
        d, h, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        for v, w in adj[u].items():
            nd = d + w
            better = nd < dist[v] or (nd == dist[v] and (h + 1, u) < (hops[v], pred[v]))
            if not done[v] and better:
                dist[v], pred[v], hops[v] = nd, u, h + 1
                heapq.heappush(heap, (nd, h + 1, v))
    return dist, pred, hops


def unit_shortest_path(
    adj: list[dict[int, int]], source: int
) -> tuple[list[int], Callable[[int], list[int]]]:
    """Breadth-first search for graphs whose every edge weighs 1: the hop distances from
    ``source`` (-1 where unreachable) and a function of the target.

    Returns ``(dist, path_to)`` where ``path_to(t)``, for a reachable ``t``, is the path
    :func:`dijkstra` and :func:`walk_back` would give (each node's predecessor is its
    smallest-labelled neighbour one hop nearer), found in time linear in the graph instead
    of a heap's.
    """
    dist = [-1] * len(adj)
    dist[source] = 0
    order = [source]
    for u in order:  # the list grows while it is read: a queue without a deque
        du = dist[u] + 1
        for v in adj[u]:
            if dist[v] < 0:
                dist[v] = du
                order.append(v)

    def path_to(target: int) -> list[int]:
        path = [target]
        while (v := path[-1]) != source:
            path.append(min(u for u in adj[v] if dist[u] == dist[v] - 1))
        return path[::-1]

    return dist, path_to


def walk_back(pred: list[int], target: int) -> list[int]:
    """The path from the search's source to ``target`` along predecessor links."""
    path = [target]
    while pred[path[-1]] != -1:
        path.append(pred[path[-1]])
    return path[::-1]


def is_connected(neighbours: list[list[int]]) -> bool:
    return not neighbours or min(bfs_hops(neighbours, 0)) >= 0
