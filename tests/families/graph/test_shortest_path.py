"""What ``rlvr/ShortestPath-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import parse_nodes
from tests.families.graph.helpers import (
    _DIFF,
    _SEED,
    PERTURB,
    _gen,
    _node_perturbation,
    _nx_answer_agrees,
    _perturb,
    _score,
    nx_graph,
)


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(2, 30), extra=st.integers(0, 40), seed=st.integers(0, 2**32), weight=st.booleans()
)
def test_breadth_first_paths_are_the_paths_dijkstra_picks_on_unit_weights(n, extra, seed, weight):
    """ShortestPath uses BFS when every edge weighs 1; the reference path must not change."""
    import random

    from rlvr_envs.families.graph.algorithms import dijkstra, unit_shortest_path, walk_back
    from rlvr_envs.families.graph.generators import connected_edges

    rng = random.Random(seed)
    edges = connected_edges(rng, n, n - 1 + extra)
    graph = Graph(n, [(u, v, 1) for u, v in edges] if weight else edges)
    adj = graph.adjacency()
    source = rng.randrange(n)
    dist, pred, hops = dijkstra(adj, source)
    bfs_dist, path_to = unit_shortest_path(adj, source)
    assert bfs_dist == hops == dist
    for target in range(n):
        assert path_to(target) == walk_back(pred, target)


def test_unit_weight_problems_match_networkx():
    for seed in range(60):
        problem = _gen("rlvr/ShortestPath-v0", seed, nodes=25, degree=2.06, max_weight=1)
        assert _nx_answer_agrees(problem)
        assert _score(problem, problem.answer).correct


# -- ShortestPath: alternatives, partial credit and perturbations -----------------------------
def test_a_different_shortest_path_scores_one():
    found = 0
    for seed in range(300):
        problem = _gen("rlvr/ShortestPath-v0", seed, 0.3)
        graph, meta = nx_graph(problem), problem.meta
        paths = itertools.islice(
            nx.all_shortest_paths(graph, meta["source"], meta["target"], weight="weight"), 5
        )
        for path in paths:
            if " -> ".join(map(str, path)) != problem.answer:
                assert _score(problem, ", ".join(map(str, path))).reward == 1.0
                found += 1
    assert found >= 5


def test_a_longer_valid_path_gets_partial_credit_only_in_score():
    checked = 0
    for seed in range(40):
        problem = _gen("rlvr/ShortestPath-v0", seed, 0.5)
        graph, meta = nx_graph(problem), problem.meta
        for path in itertools.islice(
            nx.shortest_simple_paths(graph, meta["source"], meta["target"], weight="weight"), 6
        ):
            length = nx.path_weight(graph, path, "weight")
            if length == meta["distance"]:
                continue
            verdict = _score(problem, " -> ".join(map(str, path)))
            assert verdict.reward == 0.0 and verdict.reason == "partial"
            assert verdict.score == pytest.approx(meta["distance"] / length)
            problem.meta["partial_credit"] = True
            assert _score(problem, " -> ".join(map(str, path))).reward == verdict.score
            checked += 1
            break
    assert checked >= 20


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_paths_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/ShortestPath-v0", seed, difficulty)
    graph, meta = nx_graph(problem), problem.meta
    path = _perturb(parse_nodes(problem.answer), ops, meta["nodes"])
    valid = (
        path[0] == meta["source"]
        and path[-1] == meta["target"]
        and nx.is_path(graph, path)
        and nx.path_weight(graph, path, "weight")
        == nx.dijkstra_path_length(graph, meta["source"], meta["target"])
    )
    verdict = _score(problem, " -> ".join(map(str, path)))
    assert verdict.correct == valid and (verdict.reward == 1.0) == valid, (path, verdict)
