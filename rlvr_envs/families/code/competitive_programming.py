"""CompetitiveProgramming: contest-style problems, a program that reads stdin and writes stdout.

Each problem has a statement, an exact **Input format**, an exact **Output format**, the
constraints (the largest sizes included) and two sample inputs with their outputs. The
answer is a whole program; it is graded on hidden stdio tests (one sandbox run per test,
stdout compared after trimming trailing whitespace; every output is unique, so no judge).

Templates (``tier`` 0-2, easiest first), their instances drawn with the algorithms and
graph domains' generators and their expected outputs computed by those domains' solvers:

* tier 0: range sums over a static array (prefix sums, ``range_queries.static_answers``),
  merging closed intervals (sort and sweep, ``intervals.merge``), the Josephus survivor
  (``josephus.survivor_position``);
* tier 1: fewest coins, -1 when impossible (``coin_change.fewest``), the length of a
  longest strictly increasing subsequence (``longest_increasing_subsequence.longest``);
* tier 2: a shortest path's length in a weighted undirected graph, -1 when unreachable
  (``graph.algorithms.dijkstra``), the weight of a minimum spanning tree, -1 when the
  graph is disconnected (``minimum_spanning_tree.kruskal_weight``).

Hidden tests: small instances, edge cases when ``edge_cases`` is on (one element, no
queries, extreme values, unreachable, disconnected, ties) and one large input, sized so
that the intended algorithm takes tens of milliseconds and the obvious quadratic (or
exponential) one runs far past the limit of :data:`TIME_LIMIT` seconds per run (or the
caller's verify timeout if shorter). At ``scale`` 0 the constraints the prompt states are
those of scale 1, so the large input is one of scale 1, seeded from a hash of the stored
tests when grading (the problem keeps ``meta["large"] = None`` as released). Timings never enter a
verdict; only pass/fail does. As in the Implement families
(:mod:`rlvr_envs.families.code.implementations`), the problem keeps the large input as a
seed (``meta["large"]``) and it is built when the problem is graded.

Answer syntax: the whole program as the last fenced Python block (stdlib only).

Knobs: ``tier`` (0-2), ``scale`` (0-3; 0: no large input) and ``edge_cases``.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem, stable_seed, verify_timeout
from rlvr_envs.families.algorithms.coin_change import fewest
from rlvr_envs.families.algorithms.intervals import merge
from rlvr_envs.families.algorithms.josephus import survivor_position
from rlvr_envs.families.algorithms.longest_increasing_subsequence import longest
from rlvr_envs.families.algorithms.range_queries import static_answers
from rlvr_envs.families.code._base import CodeFamily
from rlvr_envs.families.graph.algorithms import dijkstra, is_connected
from rlvr_envs.families.graph.generators import (
    add_random_edges,
    connected_edges,
    finish,
    random_tree,
    with_weights,
)
from rlvr_envs.families.graph.minimum_spanning_tree import kruskal_weight
from rlvr_envs.families.graph.model import Graph

TIME_LIMIT = 2.0
SHOWN = 2  # sample tests in the prompt
DRAWN = 5  # small hidden tests

Instance = dict[str, Any]


@dataclass(frozen=True)
class Template:
    name: str
    tier: int
    title: str
    statement: str
    input_format: str
    output_format: str
    constraints: Callable[[int], str]  # by scale (the largest sizes)
    small: Callable[[random.Random], Instance]
    edges: Callable[[random.Random], list[Instance]]
    large: Callable[[random.Random, int], Instance]
    write: Callable[[Instance], str]  # the instance as stdin text
    answer: Callable[[Instance], str]  # the expected stdout, by the domain's solvers
    solution: str  # the oracle program


def _n(base: int, scale: int) -> int:
    return base * max(scale, 1)


def _lines(*rows: Any) -> str:
    return "\n".join(" ".join(map(str, row)) for row in rows) + "\n"


def _pairs(rows: list[list[int]]) -> str:
    """Rows of two integers, one a line (faster than :func:`_lines` on large inputs)."""
    return "".join([f"{a} {b}\n" for a, b in rows])


def _triples(rows: list[list[int]], shift: int) -> str:
    """Edges ``u v w`` one a line, the nodes shifted by ``shift``."""
    return "".join([f"{u + shift} {v + shift} {w}\n" for u, v, w in rows])


# -- tier 0: range sums -------------------------------------------------------------------
SUM_N = 20_000
SUM_V = 10**18


def _sum_small(rng: random.Random) -> Instance:
    n = rng.randint(1, 12)
    values = [rng.randint(-50, 50) for _ in range(n)]
    queries = []
    for _ in range(rng.randint(1, 8)):
        left, right = sorted((rng.randint(1, n), rng.randint(1, n)))
        queries.append([left, right])
    return {"values": values, "queries": queries}


def _sum_edges(rng: random.Random) -> list[Instance]:
    n = rng.randint(3, 8)
    return [
        {"values": [rng.randint(-SUM_V, SUM_V)], "queries": [[1, 1]]},
        {"values": [rng.randint(-9, 9) for _ in range(n)], "queries": []},
        {"values": [SUM_V] * n, "queries": [[1, n], [n, n], [1, 1]]},
        {"values": [-SUM_V] * n, "queries": [[1, n], [2, n - 1]]},
    ]


def _sum_large(rng: random.Random, scale: int) -> Instance:
    n = _n(SUM_N, scale)
    draw, span = rng.random, 2 * SUM_V + 1
    values = [int(draw() * span) - SUM_V for _ in range(n)]
    quarter = n // 4
    queries = [
        [1 + int(draw() * quarter), n - int(draw() * quarter)] for _ in range(n)
    ]  # long ranges: summing each one element by element is quadratic
    return {"values": values, "queries": queries}


def _sum_write(inst: Instance) -> str:
    return _lines([len(inst["values"]), len(inst["queries"])], inst["values"]) + _pairs(
        inst["queries"]
    )


def _sum_answer(inst: Instance) -> str:
    values, queries = inst["values"], inst["queries"]
    if len(values) <= 1000:
        answers = static_answers(values, [["sum", a, b] for a, b in queries])
    else:  # static_answers also builds min/max tables: too slow for the large input
        prefix = [0, *itertools.accumulate(values)]
        answers = [prefix[b] - prefix[a - 1] for a, b in queries]
    return "\n".join(map(str, answers))


SUM_SOLUTION = """\
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, q = int(data[0]), int(data[1])
    prefix = [0] * (n + 1)
    total = 0
    for i in range(n):
        total += int(data[2 + i])
        prefix[i + 1] = total
    out = []
    pos = 2 + n
    for _ in range(q):
        left, right = int(data[pos]), int(data[pos + 1])
        pos += 2
        out.append(prefix[right] - prefix[left - 1])
    sys.stdout.write("\\n".join(map(str, out)) + "\\n")


main()
"""


# -- tier 0: merge intervals --------------------------------------------------------------
MERGE_N = 15_000
MERGE_V = 10**9


def _merge_small(rng: random.Random) -> Instance:
    hi = rng.randint(10, 40)
    spans = []
    for _ in range(rng.randint(1, 10)):
        start = rng.randint(0, hi)
        spans.append([start, start + rng.randint(0, 6)])
    return {"intervals": spans}


def _merge_edges(rng: random.Random) -> list[Instance]:
    a = rng.randint(0, 100)
    return [
        {"intervals": [[a, a]]},
        {"intervals": [[0, MERGE_V], [0, 0], [MERGE_V, MERGE_V]]},
        {"intervals": [[a + 4, a + 6], [a, a + 2], [a + 2, a + 4]]},  # touching: one
        {"intervals": [[a + 3, a + 5], [a, a + 2], [a + 6, a + 6]]},  # adjacent, apart
        {"intervals": [[a, a + 3]] * 3},
    ]


def _merge_large(rng: random.Random, scale: int) -> Instance:
    n = _n(MERGE_N, scale)
    draw = rng.random
    spans: list[list[int]] = []
    for _ in range(n):
        roll = draw()
        if spans and roll < 0.2:  # starts where an earlier one ends (joins it) or just after
            start = min(spans[int(draw() * len(spans))][1] + (roll < 0.1), MERGE_V - 20)
        else:
            start = int(draw() * (MERGE_V - 40))
        spans.append([start, start + int(draw() * 20)])
    return {"intervals": spans}


def _merge_write(inst: Instance) -> str:
    return _lines([len(inst["intervals"])]) + _pairs(inst["intervals"])


def _merge_answer(inst: Instance) -> str:
    merged = merge(inst["intervals"])
    return (_lines([len(merged)]) + _pairs(merged)).rstrip("\n")


MERGE_SOLUTION = """\
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    spans = sorted(zip(map(int, data[1 : 2 * n + 1 : 2]), map(int, data[2 : 2 * n + 2 : 2])))
    merged = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1][1] = end
        else:
            merged.append([start, end])
    out = [str(len(merged))]
    out.extend(f"{a} {b}" for a, b in merged)
    sys.stdout.write("\\n".join(out) + "\\n")


main()
"""


# -- tier 0: Josephus -----------------------------------------------------------------------
JOSEPHUS_N = 400_000


def _josephus_n(scale: int) -> int:
    """The largest n: 800 000 at scale 1 (the list-removal simulation, quadratic with a tiny
    constant, needs about 13 s there) up to 1 600 000 at scale 3 (the linear recurrence,
    about 0.4 s)."""
    return JOSEPHUS_N * (1 + max(scale, 1))


JOSEPHUS_K = 10**9


def _josephus_small(rng: random.Random) -> Instance:
    return {"n": rng.randint(2, 15), "k": rng.randint(2, 9)}


def _josephus_edges(rng: random.Random) -> list[Instance]:
    return [
        {"n": 1, "k": rng.randint(1, 9)},
        {"n": rng.randint(2, 20), "k": 1},
        {"n": rng.randint(2, 9), "k": JOSEPHUS_K},
        {"n": 2, "k": 2},
    ]


def _josephus_large(rng: random.Random, scale: int) -> Instance:
    return {"n": _josephus_n(scale) - rng.randint(0, 999), "k": rng.randint(2, 50)}


def _josephus_answer(inst: Instance) -> str:
    return str(survivor_position(inst["n"], inst["k"]) + 1)


JOSEPHUS_SOLUTION = """\
import sys


def main():
    n, k = map(int, sys.stdin.buffer.read().split()[:2])
    pos = 0  # 0-based position of the survivor among `size` people, counting from the first
    for size in range(2, n + 1):
        pos = (pos + k) % size
    print(pos + 1)


main()
"""


# -- tier 1: coin change --------------------------------------------------------------------
COIN_A = 3_000
COIN_M = 10
COIN_D = 10_000


def _coin_small(rng: random.Random) -> Instance:
    m = rng.randint(1, 4)
    denoms = sorted(rng.sample(range(2 if rng.random() < 0.3 else 1, 16), m))
    return {"denominations": denoms, "amount": rng.randint(1, 40)}


def _coin_edges(rng: random.Random) -> list[Instance]:
    return [
        {"denominations": [rng.randint(2, 9)], "amount": 0},
        {"denominations": [4, 6, 10], "amount": 2 * rng.randint(1, 8) + 1},  # impossible
        {"denominations": [1, 3, 4], "amount": 6},  # greedy takes 4+1+1, best 3+3
        {"denominations": [COIN_A, COIN_D], "amount": COIN_A},  # extreme values
        {"denominations": [1], "amount": rng.randint(1, 30)},
    ]


def _coin_large(rng: random.Random, scale: int) -> Instance:
    denoms = sorted(rng.sample(range(7, 400), COIN_M))
    return {"denominations": denoms, "amount": _n(COIN_A, scale) - rng.randint(0, 50)}


def _coin_write(inst: Instance) -> str:
    return _lines([len(inst["denominations"]), inst["amount"]], inst["denominations"])


def _coin_answer(inst: Instance) -> str:
    count, _ = fewest(inst["denominations"], inst["amount"])
    return "-1" if count is None else str(count)


COIN_SOLUTION = """\
import sys


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    m, amount = data[0], data[1]
    coins = data[2 : 2 + m]
    big = amount + 1
    best = [0] + [big] * amount
    for a in range(1, amount + 1):
        least = big
        for d in coins:
            if d <= a and best[a - d] < least:
                least = best[a - d]
        best[a] = least + 1 if least < big else big
    print(best[amount] if best[amount] < big else -1)


main()
"""


# -- tier 1: longest increasing subsequence ---------------------------------------------------
LIS_N = 15_000
LIS_V = 10**9


def _lis_small(rng: random.Random) -> Instance:
    return {"values": [rng.randint(-9, 9) for _ in range(rng.randint(1, 12))]}


def _lis_edges(rng: random.Random) -> list[Instance]:
    run = sorted(rng.sample(range(-100, 100), rng.randint(3, 8)))
    return [
        {"values": [rng.choice([-LIS_V, LIS_V])]},
        {"values": [rng.randint(-5, 5)] * 5},  # equal values do not increase
        {"values": run[::-1]},
        {"values": [-LIS_V, *run, LIS_V]},
    ]


def _lis_large(rng: random.Random, scale: int) -> Instance:
    draw, span = rng.random, 2 * LIS_V + 1
    values: list[int] = []
    for _ in range(_n(LIS_N, scale)):  # a third repeat an earlier value: equal is no increase
        if values and draw() < 1 / 3:
            values.append(values[int(draw() * len(values))])
        else:
            values.append(int(draw() * span) - LIS_V)
    return {"values": values}


def _lis_write(inst: Instance) -> str:
    return _lines([len(inst["values"])], inst["values"])


def _lis_answer(inst: Instance) -> str:
    return str(len(longest(inst["values"], "increasing")))


LIS_SOLUTION = """\
import sys
from bisect import bisect_left


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    tails = []  # tails[k]: smallest last value of a strictly increasing run of length k + 1
    for x in map(int, data[1 : n + 1]):
        k = bisect_left(tails, x)
        if k == len(tails):
            tails.append(x)
        else:
            tails[k] = x
    print(len(tails))


main()
"""


# -- tier 2: shortest path ------------------------------------------------------------------
PATH_N = 10_000
PATH_W = 10**6


def _graph(rng: random.Random, n: int, m: int, high: int, connected: bool) -> list[list[int]]:
    if connected:
        edges = connected_edges(rng, n, m)
    else:  # two or more pieces: a forest of random trees plus edges inside the pieces
        cut = rng.randint(1, n - 1)
        tree = random_tree(rng, cut) + [(cut + u, cut + v) for u, v in random_tree(rng, n - cut)]
        edges = add_random_edges(
            rng, n, tree, m - len(tree), allowed=lambda u, v: (u < cut) == (v < cut)
        )
    graph, _ = finish(rng, n, with_weights(rng, edges, high), False)
    return [list(e) for e in graph.edges]


def _sparse_graph(rng: random.Random, n: int, m: int, high: int) -> list[list[int]]:
    """A large connected graph: a random tree plus random extra edges (rejection sampling
    without the dense fallback of ``add_random_edges``, which would list all n^2 pairs)."""
    edges = random_tree(rng, n)
    present = {(u, v) for u, v in edges}
    draw = rng.random
    while len(edges) < m:
        u, v = int(draw() * n), int(draw() * n)
        key = (u, v) if u < v else (v, u)
        if u != v and key not in present:
            present.add(key)
            edges.append(key)
    graph, _ = finish(rng, n, with_weights(rng, edges, high), False)
    return [list(e) for e in graph.edges]


def _path_small(rng: random.Random) -> Instance:
    n = rng.randint(2, 9)
    m = rng.randint(n - 1, min(n * (n - 1) // 2, 2 * n))
    edges = _graph(rng, n, m, 20, rng.random() < 0.8)
    s, t = rng.sample(range(n), 2)
    return {"n": n, "edges": edges, "s": s, "t": t}


def _path_edges(rng: random.Random) -> list[Instance]:
    n = rng.randint(4, 8)
    split = _graph(rng, n, n, 9, False)  # disconnected: find a pair in different pieces
    adj = Graph(n, [tuple(e) for e in split]).adjacency()
    dist = dijkstra(adj, 0)[0]
    far = next(v for v in range(n) if dist[v] == math.inf)
    return [
        {"n": 1, "edges": [], "s": 0, "t": 0},
        {"n": 2, "edges": [], "s": 0, "t": 1},
        {"n": n, "edges": split, "s": 0, "t": far},
        {"n": 3, "edges": [[0, 1, PATH_W], [1, 2, PATH_W], [0, 2, PATH_W]], "s": 2, "t": 0},
        {"n": 4, "edges": [[0, 1, 1], [1, 3, 5], [0, 2, 5], [2, 3, 1], [0, 3, 7]], "s": 0, "t": 3},
    ]


PATH_CHAIN_W = 20  # the light chain's edges weigh 1..20, the other edges over PATH_W / 2


def _path_large(rng: random.Random, scale: int) -> Instance:
    """A light chain through every node plus heavy random edges, s near one end of the chain
    and t near the other: the shortest route follows the chain for most of its n nodes, so
    Bellman-Ford with an early exit needs about as many rounds as that route has edges
    (quadratic), while on a random graph its shortest routes have few edges and it passes."""
    n = _n(PATH_N, scale)
    draw = rng.random
    edges = [(i, i + 1, 1 + int(draw() * PATH_CHAIN_W)) for i in range(n - 1)]
    present = {(i, i + 1) for i in range(n - 1)}
    heavy = PATH_W // 2
    while len(edges) < 2 * n:
        u, v = int(draw() * n), int(draw() * n)
        key = (u, v) if u < v else (v, u)
        if u != v and key not in present:
            present.add(key)
            edges.append((*key, heavy + 1 + int(draw() * (PATH_W - heavy))))
    graph, label = finish(rng, n, edges, False)
    tenth = max(n // 10, 1)
    s, t = label[int(draw() * tenth)], label[n - 1 - int(draw() * tenth)]
    return {"n": n, "edges": [list(e) for e in graph.edges], "s": s, "t": t}


def _path_write(inst: Instance) -> str:
    head = [inst["n"], len(inst["edges"]), inst["s"] + 1, inst["t"] + 1]
    return _lines(head) + _triples(inst["edges"], 1)


def _path_answer(inst: Instance) -> str:
    adj = Graph(inst["n"], [tuple(e) for e in inst["edges"]]).adjacency()
    d = dijkstra(adj, inst["s"])[0][inst["t"]]
    return "-1" if d == math.inf else str(d)


PATH_SOLUTION = """\
import sys
from heapq import heappop, heappush


def main():
    data = sys.stdin.buffer.read().split()
    n, m, s, t = int(data[0]), int(data[1]), int(data[2]), int(data[3])
    adj = [[] for _ in range(n + 1)]
    pos = 4
    for _ in range(m):
        u, v, w = int(data[pos]), int(data[pos + 1]), int(data[pos + 2])
        pos += 3
        adj[u].append((v, w))
        adj[v].append((u, w))
    inf = float("inf")
    dist = [inf] * (n + 1)
    dist[s] = 0
    heap = [(0, s)]
    while heap:
        d, u = heappop(heap)
        if d > dist[u]:
            continue
        if u == t:
            break
        for v, w in adj[u]:
            nd = d + w
            if nd < dist[v]:
                dist[v] = nd
                heappush(heap, (nd, v))
    print(dist[t] if dist[t] < inf else -1)


main()
"""


# -- tier 2: minimum spanning tree ----------------------------------------------------------
MST_N = 8_000
MST_W = 10**6


def _mst_small(rng: random.Random) -> Instance:
    n = rng.randint(2, 9)
    m = rng.randint(n - 1, min(n * (n - 1) // 2, 2 * n))
    return {"n": n, "edges": _graph(rng, n, m, rng.choice([5, 30]), rng.random() < 0.8)}


def _mst_edges(rng: random.Random) -> list[Instance]:
    n = rng.randint(4, 8)
    return [
        {"n": 1, "edges": []},
        {"n": 2, "edges": []},
        {"n": n, "edges": _graph(rng, n, n, 9, False)},
        {"n": 4, "edges": [[0, 1, 7], [1, 2, 7], [2, 3, 7], [3, 0, 7], [0, 2, 7]]},  # ties
        {"n": 3, "edges": [[0, 1, MST_W], [1, 2, MST_W], [2, 0, MST_W]]},
    ]


def _mst_large(rng: random.Random, scale: int) -> Instance:
    n = _n(MST_N, scale)
    return {"n": n, "edges": _sparse_graph(rng, n, 2 * n, MST_W)}


def _mst_write(inst: Instance) -> str:
    return _lines([inst["n"], len(inst["edges"])]) + _triples(inst["edges"], 1)


def _mst_answer(inst: Instance) -> str:
    graph = Graph(inst["n"], [tuple(e) for e in inst["edges"]])
    if not is_connected(graph.neighbours()):
        return "-1"
    return str(kruskal_weight(graph))


MST_SOLUTION = """\
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    us = list(map(int, data[2 : 2 + 3 * m : 3]))
    vs = list(map(int, data[3 : 3 + 3 * m : 3]))
    ws = list(map(int, data[4 : 4 + 3 * m : 3]))
    parent = list(range(n + 1))

    def root(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    total = 0
    joined = 0
    for i in sorted(range(m), key=ws.__getitem__):
        a, b = root(us[i]), root(vs[i])
        if a != b:
            parent[a] = b
            total += ws[i]
            joined += 1
    print(total if joined == n - 1 else -1)


main()
"""


def _graph_format(extra: str) -> str:
    return (
        f"The first line holds {extra}. Each of the next m lines holds three integers "
        "u v w: an undirected edge between nodes u and v (1-based, u != v) of weight w. "
        "No pair of nodes is joined by more than one edge."
    )


TEMPLATES = [
    Template(
        "range_sum",
        0,
        "Range sums",
        "You are given an array a_1, ..., a_n of integers and q queries. Each query names "
        "two positions l and r and asks for the sum a_l + a_(l+1) + ... + a_r.",
        "The first line holds two integers n and q. The second line holds n integers "
        "a_1 ... a_n separated by spaces. Each of the next q lines holds two integers l and "
        "r (1-based positions).",
        "Print q lines: the i-th line holds the answer to the i-th query, in the order the "
        "queries are given (print nothing when q = 0).",
        lambda s: (
            f"1 <= n <= {_n(SUM_N, s)}; 0 <= q <= {_n(SUM_N, s)}; "
            f"-10^18 <= a_i <= 10^18; 1 <= l <= r <= n."
        ),
        _sum_small,
        _sum_edges,
        _sum_large,
        _sum_write,
        _sum_answer,
        SUM_SOLUTION,
    ),
    Template(
        "merge_intervals",
        0,
        "Merging intervals",
        "You are given n closed intervals [l, r] of integers, in no particular order. Two "
        "intervals that share at least one point (they overlap, or one ends exactly where "
        "the other starts) belong to one block; so do intervals joined by a chain of such "
        "pairs. Replace each block by one interval from its smallest start to its largest "
        "end. Intervals like [1, 2] and [3, 4] share no point and stay apart.",
        "The first line holds an integer n. Each of the next n lines holds two integers l "
        "and r, an interval [l, r].",
        "On the first line print k, the number of merged intervals. Then print k lines, "
        'each with the two endpoints "l r" of one merged interval, sorted by l from the '
        "smallest.",
        lambda s: f"1 <= n <= {_n(MERGE_N, s)}; 0 <= l <= r <= 10^9.",
        _merge_small,
        _merge_edges,
        _merge_large,
        _merge_write,
        _merge_answer,
        MERGE_SOLUTION,
    ),
    Template(
        "josephus",
        0,
        "The last one standing",
        "n people, numbered 1 to n, stand in a circle in the order of their numbers. "
        "Starting with person 1, they count 1, 2, ..., k around the circle; the person who "
        "says k leaves the circle, and counting starts again at 1 with the next person still "
        "in the circle. This repeats until one person is left. Which number does that "
        "person have? (With n = 5 and k = 2 people leave in the order 2, 4, 1, 5: person 3 "
        "is left.)",
        "One line with two integers n and k.",
        "One line with the number of the person who is left.",
        lambda s: f"1 <= n <= {_josephus_n(s)}; 1 <= k <= 10^9.",
        _josephus_small,
        _josephus_edges,
        _josephus_large,
        lambda inst: _lines([inst["n"], inst["k"]]),
        _josephus_answer,
        JOSEPHUS_SOLUTION,
    ),
    Template(
        "coin_change",
        1,
        "Fewest coins",
        "You have an unlimited number of coins of each of m different values. What is the "
        "smallest number of coins whose values add up to exactly A? (A = 0 needs 0 coins.) "
        "Taking the largest coin first is not always best.",
        "The first line holds two integers m and A. The second line holds m distinct "
        "integers d_1 ... d_m, the coin values.",
        "One line with the smallest number of coins, or -1 if no combination of coins "
        "adds up to exactly A.",
        lambda s: f"1 <= m <= {COIN_M}; 0 <= A <= {_n(COIN_A, s)}; 1 <= d_i <= {COIN_D}.",
        _coin_small,
        _coin_edges,
        _coin_large,
        _coin_write,
        _coin_answer,
        COIN_SOLUTION,
    ),
    Template(
        "longest_increasing",
        1,
        "Longest increasing subsequence",
        "You are given a sequence of n integers. Choose as many of its elements as possible, "
        "keeping their order, so that each chosen element is strictly larger than the chosen "
        "element before it (the chosen elements need not be next to each other). How many "
        "elements can you choose?",
        "The first line holds an integer n. The second line holds n integers separated by spaces.",
        "One line with the largest number of elements of a strictly increasing subsequence.",
        lambda s: f"1 <= n <= {_n(LIS_N, s)}; every element is between -10^9 and 10^9.",
        _lis_small,
        _lis_edges,
        _lis_large,
        _lis_write,
        _lis_answer,
        LIS_SOLUTION,
    ),
    Template(
        "shortest_path",
        2,
        "Shortest route",
        "A road network has n junctions (nodes 1 to n) and m two-way roads, each with a "
        "positive length. What is the length of a shortest route from junction s to "
        "junction t? (From s to itself the length is 0.)",
        _graph_format("four integers n, m, s and t"),
        "One line with the length of a shortest route from s to t, or -1 if no route "
        "leads from s to t.",
        lambda s: (
            f"1 <= n <= {_n(PATH_N, s)}; 0 <= m <= {2 * _n(PATH_N, s)}; "
            f"1 <= s, t <= n; 1 <= w <= 10^6."
        ),
        _path_small,
        _path_edges,
        _path_large,
        _path_write,
        _path_answer,
        PATH_SOLUTION,
    ),
    Template(
        "minimum_spanning_tree",
        2,
        "Cheapest network",
        "n towns (nodes 1 to n) can be linked by m possible cables, each with a cost. Choose "
        "cables so that every town can reach every other town through chosen cables, at the "
        "smallest total cost. What is that cost?",
        _graph_format("two integers n and m"),
        "One line with the smallest total cost (0 when n = 1), or -1 if the possible cables "
        "cannot link all towns.",
        lambda s: f"1 <= n <= {_n(MST_N, s)}; 0 <= m <= {2 * _n(MST_N, s)}; 1 <= w <= 10^6.",
        _mst_small,
        _mst_edges,
        _mst_large,
        _mst_write,
        _mst_answer,
        MST_SOLUTION,
    ),
]
BY_NAME = {t.name: t for t in TEMPLATES}


class CompetitiveProgramming(CodeFamily):
    """A contest problem: a program reads the input from stdin and prints the answer."""

    answer_form = "python program"
    answer_syntax = "your complete program"

    knobs: ClassVar[dict[str, Knob]] = {
        "tier": Knob("int", 0, 2, default=0, doc="template group, easiest first"),
        "scale": Knob(
            "int",
            0,
            3,
            default=1,
            easy=1,
            hard=3,
            doc="size of the large hidden input (0: none); the obvious slow algorithm runs "
            "past the time limit on it",
        ),
        "edge_cases": Knob(
            "bool", doc="hidden tests include one-element, empty and degenerate inputs"
        ),
    }

    def time_limit(self, problem: Problem) -> float:
        return min(verify_timeout(), TIME_LIMIT)

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        template = rng.choice([t for t in TEMPLATES if t.tier == knobs["tier"]])
        scale = int(knobs["scale"])
        instances: list[Instance] = []
        seen: set[str] = set()
        while len(instances) < SHOWN + DRAWN:
            inst = template.small(rng)
            text = template.write(inst)
            if text not in seen:
                seen.add(text)
                instances.append(inst)
        if knobs["edge_cases"]:
            instances += template.edges(rng)
        tests = [
            {"stdin": template.write(inst), "expected_stdout": template.answer(inst)}
            for inst in instances
        ]
        samples = "\n\n".join(
            f"Sample input {i}:\n```\n{t['stdin'].rstrip()}\n```\n"
            f"Sample output {i}:\n```\n{t['expected_stdout']}\n```"
            for i, t in enumerate(tests[:SHOWN], 1)
        )
        question = (
            f"{template.title}\n\n{template.statement}\n\n"
            f"Input format\n{template.input_format}\n\n"
            f"Output format\n{template.output_format}\n\n"
            f"Constraints\n{template.constraints(scale)}\n\n{samples}\n\n"
            "Write a Python program that reads the input from standard input and writes the "
            "answer to standard output, exactly in the output format. Use only the standard "
            "library. It is run once per hidden test"
            + (
                ", including inputs as large as the constraints allow, with a time limit "
                f"of {TIME_LIMIT:g} seconds per run, so choose an efficient algorithm."
                if scale
                else "."
            )
        )
        hidden = tests[SHOWN:]
        meta = {
            "template": template.name,
            "hidden_tests": hidden,
            "large": {"seed": rng.getrandbits(63), "scale": scale} if scale else None,
            "complexity": template.tier
            + scale
            + sum(math.log2(2 + len(t["stdin"])) for t in hidden) / 20,
        }
        return Draft(question, template.solution, meta)

    def hidden_tests(self, problem: Problem) -> list[dict[str, Any]]:
        """The stored tests, then the large test built from its seed; at ``scale`` 0, whose
        constraints are those of scale 1 (``n <= 800000`` for the Josephus problem), a large
        test at scale 1 built from a hash of the stored tests: the constraints a prompt
        states are enforced, so an O(n^2) program fails there too (issue 26)."""
        large = problem.meta.get("large")
        tests = problem.meta["hidden_tests"]
        template = problem.meta["template"]
        if large:
            return [*tests, large_test(template, large["seed"], large["scale"])]
        seed = stable_seed("stated limits", self.name, template, tests)
        return [*tests, large_test(template, seed, 1)]


@functools.lru_cache(maxsize=8)
def large_test(template: str, seed: int, scale: int) -> dict[str, Any]:
    """The large stdio test of a problem: a pure function of (template, seed, scale)."""
    chosen = BY_NAME[template]
    instance = chosen.large(random.Random(seed), scale)
    return {"stdin": chosen.write(instance), "expected_stdout": chosen.answer(instance)}
