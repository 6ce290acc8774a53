"""What ``rlvr/TravellingSalesman-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given, settings

from rlvr_envs.families.graph.parsing import parse_nodes
from tests.families.graph.helpers import _DIFF, _SEED, _gen, _score, nx_graph
from tests.families.graph.test_hamiltonian_path import ENCODINGS, prompt_graph

ID = "rlvr/TravellingSalesman-v0"


def _tour_length(graph, tour):
    steps = list(zip(tour, tour[1:] + tour[:1]))
    if not all(graph.has_edge(u, v) for u, v in steps):
        return None
    return sum(graph[u][v]["weight"] for u, v in steps)


def _all_tours(graph):
    """Every tour starting at node 0, by brute force over the orders of the other nodes."""
    n = graph.number_of_nodes()
    for rest in itertools.permutations(range(1, n)):
        tour = [0, *rest]
        length = _tour_length(graph, tour)
        if length is not None:
            yield length, tour


def _answer(length, tour) -> str:
    return f"{length}: " + " -> ".join(map(str, tour))


@settings(max_examples=25, deadline=None)
@given(seed=_SEED, difficulty=_DIFF)
def test_the_reference_is_optimal_by_brute_force(seed, difficulty):
    problem = _gen(ID, seed, difficulty)
    graph = nx_graph(problem)
    best = min(length for length, _ in _all_tours(graph))
    value, tour = problem.answer.split(":")
    assert int(value) == best == problem.meta["length"]
    assert _tour_length(graph, parse_nodes(tour)) == best
    assert _score(problem, problem.answer).reward == 1.0


def test_every_optimal_tour_scores_one_and_every_other_tour_only_partially():
    alternatives = 0
    for seed in range(30):
        problem = _gen(ID, seed, nodes=6, max_weight=5, missing=0.2)
        tours = list(_all_tours(nx_graph(problem)))
        best = min(length for length, _ in tours)
        for length, tour in tours:
            verdict = _score(problem, _answer(length, tour))
            if length == best:
                assert verdict.reward == 1.0
                alternatives += _answer(length, tour) != problem.answer
            else:
                assert not verdict.correct and verdict.reward < 1.0
                assert abs(verdict.score - best / length) < 1e-9
    assert alternatives >= 20


@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF)
def test_rewritten_optimal_tours_score_one(seed, difficulty):
    problem = _gen(ID, seed, difficulty)
    value, text = problem.answer.split(":")
    tour = parse_nodes(text)
    rotated = tour[2:] + tour[:2]
    for answer in (
        f"{value}: " + ", ".join(map(str, tour[::-1])),
        f"{value} : [" + " ".join(map(str, rotated)) + "]",
        _answer(value, rotated + rotated[:1]),
        problem.answer + ".",
    ):
        assert _score(problem, answer).reward == 1.0, answer


@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF)
def test_wrong_answers_fail(seed, difficulty):
    problem = _gen(ID, seed, difficulty)
    value, text = problem.answer.split(":")
    best, tour = int(value), parse_nodes(text)
    n = problem.meta["nodes"]
    for answer in (
        _answer(best + 1, tour),  # the right tour with a wrong length
        _answer(best - 1, tour),
        _answer(best, tour[:-1]),  # a node missing
        _answer(best, [*tour, tour[1]]),  # a node repeated
        _answer(best, [*tour[:-1], n]),  # out of range
        str(best),  # the length alone
        " -> ".join(map(str, tour)),  # the tour alone
        f"{best} or {best + 1}: " + " -> ".join(map(str, tour)),
        problem.answer + " or something",
        "0",
        "none",
        "-1",
        "0: 0",
    ):
        assert _score(problem, answer).reward == 0.0, answer


def test_a_missing_edge_in_the_tour_fails():
    checked = 0
    for seed in range(80):
        problem = _gen(ID, seed, 1.0)
        graph = nx_graph(problem)
        n = problem.meta["nodes"]
        for rest in itertools.islice(itertools.permutations(range(1, n)), 0, 500, 13):
            tour = [0, *rest]
            if _tour_length(graph, tour) is None:
                true = sum(
                    graph[u][v]["weight"] if graph.has_edge(u, v) else 0
                    for u, v in zip(tour, tour[1:] + tour[:1])
                )
                assert _score(problem, _answer(true, tour)).reward == 0.0
                checked += 1
    assert checked >= 50


def test_the_graph_is_complete_at_difficulty_zero_and_near_complete_at_one():
    for seed in range(30):
        easy, hard = _gen(ID, seed, 0.0), _gen(ID, seed, 1.0)
        n = easy.meta["nodes"]
        assert len(easy.meta["edges"]) == n * (n - 1) // 2
        n = hard.meta["nodes"]
        assert n == 9 and len(hard.meta["edges"]) <= n * (n - 1) // 2


def test_the_prompt_text_gives_the_reference_length_in_every_encoding():
    """The graph read back from the prompt (every encoding, the knobs' extremes), not from
    meta, has the reference's optimum by brute force, and the reference tour has it."""
    knobs = [
        {},
        {"nodes": 4, "max_weight": 5, "missing": 0.5},
        {"nodes": 7, "max_weight": 99, "missing": 0.5},
        {"nodes": 4, "missing": 0.0},
    ]
    for seed in range(60):
        for extra in (knobs[seed % 4], {}):
            problem = _gen(ID, seed, (None, 0.0, 0.5, 1.0)[seed % 4] if not extra else None,
                           encoding=ENCODINGS[seed % 3], **extra)  # fmt: skip
            graph = prompt_graph(problem.prompt)
            assert sorted(graph.edges(data="weight")) == sorted(
                nx_graph(problem).edges(data="weight")
            )
            best = min(length for length, _ in _all_tours(graph))
            value, tour = problem.answer.split(":")
            assert int(value) == best == _tour_length(graph, parse_nodes(tour))
