"""What ``rlvr/MinimumBisection-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/MinimumBisection-v0"


def test_the_optimum_and_baseline_follow_from_every_balanced_split():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.5)
        n = problem.meta["nodes"]
        graph = nx.Graph(list(map(tuple, problem.meta["edges"])))
        graph.add_nodes_from(range(n))
        cuts = {s: nx.cut_size(graph, s) for s in itertools.combinations(range(n), n // 2)}
        ranked = sorted(c for s, c in cuts.items() if 0 in s)
        assert (ranked[0], ranked[max(1, len(ranked) // 10)]) == (
            problem.meta["best"], problem.meta["baseline"])  # fmt: skip
        for side, cut in itertools.islice(cuts.items(), 0, None, 17):
            want = gap(cut, problem.meta["baseline"], problem.meta["best"])
            assert _score(problem, " ".join(str(v + 1) for v in side)) == want


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), side=st.sets(st.integers(0, 13), min_size=1))
def test_only_balanced_splits_are_scored(seed, side):
    problem = _gen(ENV, seed, 0.5)
    n = problem.meta["nodes"]
    side = {v % n for v in side}
    graph = nx.Graph(list(map(tuple, problem.meta["edges"])))
    graph.add_nodes_from(range(n))
    want = 0.0
    if 2 * len(side) == n:
        want = gap(nx.cut_size(graph, side), problem.meta["baseline"], problem.meta["best"])
    assert _score(problem, " ".join(str(v + 1) for v in sorted(side))) == want


def test_the_other_half_is_right_too_and_copied_edges_are_refused():
    problem = _gen(ENV, 3, 0.5)
    n = problem.meta["nodes"]
    other = sorted(set(range(1, n + 1)) - {int(v) for v in problem.answer.split()})
    assert _score(problem, " ".join(map(str, other))) == 1.0
    a, b = problem.meta["edges"][0]
    assert _score(problem, f"{a + 1}-{b + 1}") == 0.0
