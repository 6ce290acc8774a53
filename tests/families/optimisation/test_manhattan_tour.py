"""What ``rlvr/ManhattanTour-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx

from tests.families.optimisation.helpers import _gen, _score, _verdict, gap

ENV = "rlvr/ManhattanTour-v0"


def _length(points, tour):
    return sum(abs(points[a][0] - points[b][0]) + abs(points[a][1] - points[b][1])
               for a, b in zip(tour, tour[1:] + tour[:1]))  # fmt: skip


def test_the_optimum_is_the_shortest_of_every_tour_and_rotations_count():
    for seed in range(6):
        problem = _gen(ENV, seed, 0.2)
        points = problem.meta["points"]
        n = len(points)
        tours = [(0, *rest) for rest in itertools.permutations(range(1, n))]
        lengths = {t: _length(points, list(t)) for t in tours}
        assert min(lengths.values()) == problem.meta["best"]
        for tour, length in itertools.islice(lengths.items(), 0, None, 5):
            want = gap(length, problem.meta["baseline"], problem.meta["best"])
            verdict = _verdict(problem, " ".join(str(c + 1) for c in tour))
            assert verdict.reward == want and verdict.correct == (length == min(lengths.values()))
        best = [c + 1 for c in min(lengths, key=lengths.get)]
        for k in range(n):
            rotated = best[k:] + best[:k]
            assert _score(problem, " ".join(map(str, rotated))) == 1.0
            assert _score(problem, " ".join(map(str, rotated[::-1]))) == 1.0
        closed = [*best, best[0]]
        assert _score(problem, ", ".join(map(str, closed))) == 1.0


def test_networkx_christofides_is_never_better_than_the_optimum():
    for seed in range(5):
        problem = _gen(ENV, seed, 0.6)
        dist = problem.meta["dist"]
        graph = nx.complete_graph(len(dist))
        for a, b in graph.edges:
            graph[a][b]["weight"] = dist[a][b]
        tour = nx.approximation.christofides(graph)[:-1]
        length = sum(dist[a][b] for a, b in zip(tour, tour[1:] + tour[:1]))
        assert length >= problem.meta["best"]
        want = gap(length, problem.meta["baseline"], problem.meta["best"])
        assert _score(problem, " ".join(str(c + 1) for c in tour)) == want


def test_tours_that_skip_or_repeat_a_city_are_refused():
    problem = _gen(ENV, 2, 0.5)
    cities = problem.answer.split()
    assert _score(problem, " ".join(cities[:-1])) == 0.0
    assert _score(problem, " ".join([*cities[:-1], cities[1]])) == 0.0
    assert _score(problem, " ".join([*cities, cities[1]])) == 0.0
