"""What ``rlvr/CountingShortestPaths-v0`` must do beyond the generic family contract.

networkx is the independent oracle: it enumerates every shortest path on instances up to
difficulty 0.6, and on larger ones its distances from both ends feed a count written
differently (a memoised recursion from the target back to the source). On tiny graphs a
brute force over all simple paths settles the count from first principles.
"""

from __future__ import annotations

import functools
import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlvr_envs.families.graph.counting_shortest_paths import count_shortest_paths
from tests.families.graph.helpers import _DIFF, _SEED, _gen, _score, nx_graph

ENV = "rlvr/CountingShortestPaths-v0"


def _nx_count(problem) -> int:
    graph, meta = nx_graph(problem), problem.meta
    s, t = meta["source"], meta["target"]
    to_target = nx.single_source_dijkstra_path_length(graph, t, weight="weight")
    best = to_target[s]

    @functools.cache
    def ways(u: int) -> int:  # shortest paths from u to the target
        if u == t:
            return 1
        return sum(
            ways(v)
            for v in graph[u]
            if v in to_target and graph[u][v]["weight"] + to_target[v] == to_target[u]
        )

    assert best == meta["distance"]
    return ways(s)


def test_counts_agree_with_networkx_enumeration():
    for seed, d in itertools.product(range(40), (0.0, 0.3, 0.6)):
        problem = _gen(ENV, seed, d)
        graph, meta = nx_graph(problem), problem.meta
        paths = list(nx.all_shortest_paths(graph, meta["source"], meta["target"], weight="weight"))
        assert len(paths) == len({tuple(p) for p in paths}) == int(problem.answer)
        assert _score(problem, problem.answer).reward == 1.0


def test_counts_agree_with_a_recursion_on_networkx_distances():
    for seed, d in itertools.product(range(40), (0.8, 1.0)):
        problem = _gen(ENV, seed, d)
        assert int(problem.answer) == _nx_count(problem)


def test_brute_force_over_simple_paths_on_tiny_graphs():
    for seed, weight in itertools.product(range(40), (1, 2)):
        problem = _gen(ENV, seed, nodes=8, width=3, max_weight=weight)
        graph, meta = nx_graph(problem), problem.meta
        lengths = [
            nx.path_weight(graph, path, "weight")
            for path in nx.all_simple_paths(graph, meta["source"], meta["target"])
        ]
        assert lengths.count(min(lengths)) == int(problem.answer)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 12), m=st.integers(0, 40), seed=st.integers(0, 2**32), w=st.integers(1, 3))
def test_the_counting_dijkstra_matches_networkx_on_random_graphs(n, m, seed, w):
    rng = random.Random(seed)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for _ in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            graph.add_edge(u, v, weight=rng.randint(1, w))
    adj = [{v: graph[u][v]["weight"] for v in graph[u]} for u in range(n)]
    count, dist = count_shortest_paths(adj, 0, n - 1)
    if not nx.has_path(graph, 0, n - 1):
        assert count == 0 and dist is None
    else:
        paths = list(nx.all_shortest_paths(graph, 0, n - 1, weight="weight"))
        assert count == len(paths)


def test_counts_range_widely_and_reach_thousands_at_difficulty_one():
    easy = {int(_gen(ENV, s, 0.0).answer) for s in range(100)}
    hard = [int(_gen(ENV, s, 1.0).answer) for s in range(100)]
    assert max(easy) <= 8 and len(easy) >= 3
    assert max(hard) >= 1000 and sorted(hard)[50] >= 100 and len(set(hard)) >= 60


def test_weights_only_when_asked():
    assert len(_gen(ENV, 0, 0.0).meta["edges"][0]) == 2
    problem = _gen(ENV, 0, 1.0)
    assert len(problem.meta["edges"][0]) == 3 and "sum of the weights" in problem.prompt


# -- the verifier --------------------------------------------------------------------------------
def test_numbers_written_differently_score_one():
    problem = next(p for s in range(50) if int((p := _gen(ENV, s, 1.0)).answer) >= 1000)
    value = int(problem.answer)
    for text in (f"{value:,}", f" {value}.", f"+{value}"):
        assert _score(problem, text).reward == 1.0, text


@pytest.mark.parametrize("text", ["0", "1", "-1", "none", "", "2 or 3", "12 paths", "1.5", "x"])
def test_constants_hedges_and_junk_do_not_pass_everywhere(text):
    rewards = [_score(_gen(ENV, s, 0.5), text).reward for s in range(40)]
    assert sum(rewards) <= 4


def test_the_prompt_echoed_earns_nothing():
    for seed in range(10):
        problem = _gen(ENV, seed, 0.5)
        assert _score(problem, problem.prompt).reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF, delta=st.integers(-5, 5))
def test_only_the_exact_count_scores(seed, difficulty, delta):
    problem = _gen(ENV, seed, difficulty)
    value = int(problem.answer)
    assert value >= 1
    if value + delta >= 0:
        expected = 1.0 if delta == 0 else 0.0
        assert _score(problem, str(value + delta)).reward == expected
    assert _score(problem, f"{value} or {value + 1}").reward == 0.0
