"""VehicleRouting: routes from a depot that serve every customer within a truck's capacity.

Capacitated vehicle routing on a street grid: a depot and ``customers`` customers at
integer points (distance ``|dx| + |dy|``), each with a demand from 1 to ``max_demand``; every
route starts and ends at the depot and carries at most 10 units; there is no limit on the
number of routes. The least total distance is found at generation exactly: Held-Karp gives
the shortest tour through every set of customers (numpy, layer by layer), then a dynamic
programme over sets of customers splits them into routes that fit (the tests compare with
every set partition and itertools over the orders). The check reads the routes, requires
each customer exactly once and every route within capacity, and grades the total distance
against the baseline of nearest-neighbour routing (from the depot, always on to the nearest
unserved customer whose demand still fits, lowest number on ties; back to the depot when
none fits; :mod:`.scoring`); instances where that is already optimal are redrawn.

Answer syntax: the routes separated by ``|``, each its customer numbers in visiting order
(``3 1 | 2 5 4``).

Knobs: ``customers`` (4 -> 8) and ``max_demand`` (3 -> 6). Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
import re
from functools import cache
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    read_groups,
    reward_sentence,
)

CAPACITY = 10
_LABEL = re.compile(r"\bC(?=\d)")
INF = 10**9


@cache
def _layers(n: int) -> list[np.ndarray]:
    """The masks over ``n`` customers grouped by how many they hold."""
    masks = np.arange(1 << n, dtype=np.int64)
    counts = np.array([bin(m).count("1") for m in range(1 << n)])
    return [masks[counts == size] for size in range(n + 1)]


def route_length(dist: list[list[int]], route: list[int]) -> int:
    """The length of depot -> route -> depot; ``dist`` has the depot at index 0."""
    stops = [0, *(c + 1 for c in route), 0]
    return sum(dist[a][b] for a, b in itertools.pairwise(stops))


def shortest_tours(dist: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Held-Karp: ``ends[mask, j]``, the shortest path from the depot through ``mask``
    ending at customer ``j``, and ``parent[mask, j]``, the customer before ``j``."""
    ends = np.full((1 << n, n), INF, dtype=np.int64)
    parent = np.full((1 << n, n), -1, dtype=np.int64)
    for j in range(n):
        ends[1 << j, j] = dist[0, j + 1]
    legs = dist[1:, 1:]
    for layer in _layers(n)[2:]:
        for j in range(n):
            masks = layer[(layer >> j) & 1 == 1]
            before = ends[masks ^ (1 << j)] + legs[:, j]
            parent[masks, j] = np.argmin(before, axis=1)
            ends[masks, j] = before.min(axis=1)
    return ends, parent


def best_routes(dist: list[list[int]], demand: list[int]) -> tuple[int, list[list[int]]]:
    """The least total distance of routes within capacity, and routes reaching it."""
    n = len(demand)
    d = np.array(dist, dtype=np.int64)
    ends, parent = shortest_tours(d, n)
    closed = ends + d[1:, 0]
    tour = closed.min(axis=1).tolist()
    loads = _layers_load(demand)
    by_low: dict[int, list[int]] = {}  # the routes that fit, by their lowest customer
    for m in range(1, 1 << n):
        if loads[m] <= CAPACITY:
            by_low.setdefault(m & -m, []).append(m)
    best, choice = [0] + [INF] * ((1 << n) - 1), [0] * (1 << n)
    for mask in range(1, 1 << n):
        for sub in by_low[mask & -mask]:
            if sub & ~mask == 0 and tour[sub] + best[mask ^ sub] < best[mask]:
                best[mask], choice[mask] = tour[sub] + best[mask ^ sub], sub
    routes, mask = [], (1 << n) - 1
    while mask:
        sub = choice[mask]
        j = int(np.argmin(closed[sub]))
        route, rest = [], sub
        while j >= 0:
            route.append(j)
            rest, j = rest ^ (1 << j), int(parent[rest, j]) if rest != 1 << j else -1
        routes.append(route[::-1])
        mask ^= sub
    return best[-1], routes


def _layers_load(demand: list[int]) -> list[int]:
    """The total demand of every set of customers, indexed by its bitmask."""
    loads = [0]
    for d in demand:
        loads += [load + d for load in loads]
    return loads


def nearest_neighbour(dist: list[list[int]], demand: list[int]) -> int:
    """The total distance of nearest-neighbour routing within capacity."""
    left, total, here, load = set(range(len(demand))), 0, 0, 0
    while left:
        fitting = [c for c in sorted(left) if load + demand[c] <= CAPACITY]
        if not fitting:
            total, here, load = total + dist[here][0], 0, 0
            continue
        c = min(fitting, key=lambda c: dist[here][c + 1])
        total, here, load = total + dist[here][c + 1], c + 1, load + demand[c]
        left.remove(c)
    return total + dist[here][0]


class VehicleRouting(GradedFamily):
    """Capacitated vehicle routing on a grid, graded against nearest-neighbour routes."""

    knobs: ClassVar[dict[str, Knob]] = {
        "customers": Knob("int", 3, 9, default=6, easy=4, hard=8, doc="customers"),
        "max_demand": Knob("int", 2, 8, default=4, easy=3, hard=6, doc="largest demand"),
    }
    answer_syntax = (
        "the routes separated by |, each its customers in visiting order (e.g. 3 1 | 2 5 4)"
    )
    answer_form = "routes of customer numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = int(knobs["customers"]), int(knobs["max_demand"])
        grid = [[x, y] for x in range(11) for y in range(11)]
        while True:
            places = rng.sample(grid, n + 1)
            demand = [rng.randint(1, top) for _ in range(n)]
            dist = [[abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in places] for a in places]
            baseline = nearest_neighbour(dist, demand)
            best, routes = best_routes(dist, demand)
            if best < baseline:
                break
        assert sum(route_length(dist, r) for r in routes) == best
        rows = "\n".join(
            f"C{c}: at ({x}, {y}), demand {demand[c - 1]}" for c, (x, y) in enumerate(places[1:], 1)
        )
        question = (
            f"Trucks start and end at a depot at ({places[0][0]}, {places[0][1]}) and deliver "
            f"to these {n} customers:\n{rows}\n\nThe distance between two places is |x1 - x2| "
            f"+ |y1 - y2|. Each truck carries at most {CAPACITY} units, so the demands of the "
            "customers on one route add up to at most "
            f"{CAPACITY}; any number of routes may be used, and each customer is served by "
            "exactly one route. Plan the routes with the least total distance. Write each "
            "route as its customer numbers in visiting order (the depot is not written), and "
            "separate the routes with |.\n\n"
            + reward_sentence(
                "nearest-neighbour routing (from the depot, always on to the nearest unserved "
                "customer whose demand still fits, lowest number on ties; back to the depot "
                "when none fits)",
                "a shorter total distance is better",
            )
        )
        meta = {"places": places, "demand": demand, "best": best, "baseline": baseline}
        answer = " | ".join(" ".join(str(c + 1) for c in r) for r in routes)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        demand, places = meta["demand"], meta["places"]
        try:
            routes = read_groups(_LABEL.sub("", answer), len(demand), "customer")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if sum(map(len, routes)) != len(demand):
            return Judgement.wrong(why="a customer is not served")
        if any(sum(demand[c] for c in r) > CAPACITY for r in routes):
            return Judgement.wrong(why=f"a route carries more than {CAPACITY} units")
        dist = [[abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in places] for a in places]
        total = sum(route_length(dist, r) for r in routes)
        return judge_value(total, meta["baseline"], meta["best"], "total distance")

    def complexity(self, problem: Problem) -> float:
        """Customers, and the routes the demands need."""
        demand = problem.meta["demand"]
        return len(demand) + sum(demand) / CAPACITY
