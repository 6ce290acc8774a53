"""ManhattanTour: the shortest round trip through cities on a street grid.

``cities`` cities at distinct points of a ``grid x grid`` street plan, where the distance
between two cities is the Manhattan distance (blocks east-west plus blocks north-south),
which the solver works out itself (the graph domain's TravellingSalesman lists the weights
of at most 9 nodes; this one is larger and metric). The shortest tour is found at
generation by the Held-Karp dynamic programme (Held and Karp 1962; ``O(n^2 2^n)``), run one
layer of subset sizes at a time with numpy. The check reads a tour (every city once, back to
the first at the end), adds up its roads and grades the length against the baseline of the
nearest-neighbour tour (from city 1, always to the nearest city not yet visited, the lowest
number on ties; :mod:`.scoring`); instances where that tour is already shortest are redrawn.
Any rotation or reversal of a shortest tour is right.

Answer syntax: the cities in the order visited, each once (``1 4 2 3``).

Knobs: ``cities`` (5 -> 12) and ``grid`` (the plan's side in blocks, 8 -> 40). Difficulty
raises both.
"""

from __future__ import annotations

import random
from functools import cache
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    read_permutation,
    reward_sentence,
)


@cache
def _layers(m: int) -> list[np.ndarray]:
    """The bitmasks over ``m`` cities grouped by how many bits they hold."""
    masks = np.arange(1 << m, dtype=np.int64)
    counts = np.array([bin(x).count("1") for x in range(1 << m)])
    return [masks[counts == k] for k in range(m + 1)]


def shortest_tour(dist: list[list[int]]) -> tuple[int, list[int]]:
    """Held-Karp: the length of a shortest tour from city 0 and one tour reaching it."""
    n = len(dist)
    m = n - 1  # cities 1..n-1 as bits 0..m-1
    d = np.array(dist, dtype=np.int64)
    inner = d[1:, 1:]  # inner[i, j]: from city i+1 to city j+1
    big = np.int64(1) << 40
    cost = np.full((1 << m, m), big, dtype=np.int64)
    parent = np.full((1 << m, m), -1, dtype=np.int64)
    bits = np.int64(1) << np.arange(m, dtype=np.int64)
    cost[bits, np.arange(m)] = d[0, 1:]
    for layer in _layers(m)[2:]:
        inside = (layer[:, None] & bits[None, :]) != 0  # [mask, j]
        before = layer[:, None] ^ bits[None, :]  # mask without j
        # candidate[mask, j, i] = cost[mask - j, i] + inner[i, j]
        candidate = cost[before] + inner.T[None, :, :]
        choice = np.argmin(candidate, axis=2)
        value = np.take_along_axis(candidate, choice[:, :, None], axis=2)[:, :, 0]
        cost[layer] = np.where(inside, value, big)
        parent[layer] = np.where(inside, choice, -1)
    full = (1 << m) - 1
    ends = cost[full] + d[1:, 0]
    last = int(np.argmin(ends))
    tour, mask = [], full
    while last >= 0:
        tour.append(last + 1)
        last, mask = int(parent[mask, last]), mask ^ (1 << last)
    return int(ends.min()), [0, *tour[::-1]]


def tour_length(dist: list[list[int]], tour: list[int]) -> int:
    return sum(dist[a][b] for a, b in zip(tour, tour[1:] + tour[:1]))


def nearest_neighbour(dist: list[list[int]]) -> int:
    """The length of the nearest-neighbour tour from city 0 (lowest number on ties)."""
    tour, left = [0], set(range(1, len(dist)))
    while left:
        here = tour[-1]
        tour.append(min(left, key=lambda c: (dist[here][c], c)))
        left.remove(tour[-1])
    return tour_length(dist, tour)


class ManhattanTour(GradedFamily):
    """A shortest tour, proved by Held-Karp, graded against the cities in listed order."""

    knobs: ClassVar[dict[str, Knob]] = {
        "cities": Knob("int", 4, 13, default=8, easy=5, hard=12, doc="cities"),
        "grid": Knob("int", 6, 60, default=20, easy=8, hard=40, doc="side of the plan"),
    }
    answer_syntax = "the cities in the order you visit them, each once (e.g. 1 4 2 3)"
    answer_form = "a permutation of city numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, side = int(knobs["cities"]), int(knobs["grid"])
        points = [(x, y) for x in range(side + 1) for y in range(side + 1)]
        while True:
            at = rng.sample(points, n)
            dist = [[abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in at] for a in at]
            best, tour = shortest_tour(dist)
            baseline = nearest_neighbour(dist)
            if best < baseline:
                break
        places = "\n".join(f"City {c}: ({x}, {y})" for c, (x, y) in enumerate(at, 1))
        question = (
            f"{n} cities stand at these points (x, y) of a street grid, where the distance "
            "between two cities is the number of blocks east-west plus the number north-south "
            "(|x1 - x2| + |y1 - y2|). Find a shortest round trip that visits every city exactly "
            f"once and returns to where it started.\n\n{places}\n\n"
            + reward_sentence(
                "the nearest-neighbour tour (from city 1, always on to the nearest city not yet "
                "visited, the lowest-numbered on ties)",
                "a shorter trip is better",
            )
        )
        meta = {"points": [list(p) for p in at], "dist": dist, "best": best,
                "baseline": baseline}  # fmt: skip
        return Draft(question, " ".join(str(c + 1) for c in tour), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        dist = problem.meta["dist"]
        text = answer.strip()
        try:
            tour = read_permutation(text, len(dist), "city")
        except AnswerError as exc:
            # a tour written back to its start ("1 3 2 1") names the first city twice
            parts = text.replace(",", " ").split()
            if len(parts) != len(dist) + 1 or parts[0] != parts[-1]:
                return Judgement.unparsable(str(exc))
            try:
                tour = read_permutation(" ".join(parts[:-1]), len(dist), "city")
            except AnswerError:
                return Judgement.unparsable(str(exc))
        length = tour_length(dist, tour)
        return judge_value(length, problem.meta["baseline"], problem.meta["best"], "length")

    def complexity(self, problem: Problem) -> float:
        """Cities, with the size of the plan (the distances to work out and add)."""
        return len(problem.meta["dist"]) + problem.meta["best"] / 1000
