"""What ``rlvr/MaximumMatching-v1`` must do beyond the generic family contract.

v0 (as first released) is checked in ``test_graph.py``.
"""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.families.graph.maximum_matching import matching_size
from rlvr_envs.families.graph.parsing import parse_edges
from tests.families.graph.helpers import _DIFF, _SEED, PERTURB, _gen, _score, nx_graph


def test_the_blossom_matching_agrees_with_networkx_on_small_dense_graphs():
    # Small dense graphs are where blossoms (odd cycles) decide the answer.
    for seed, (n, m) in enumerate(itertools.product(range(2, 12), (3, 6, 10, 16, 25))):
        graph = nx.gnm_random_graph(n, min(m, n * (n - 1) // 2), seed=seed)
        neighbours = [sorted(graph[u]) for u in range(n)]
        expected = len(nx.max_weight_matching(graph, maxcardinality=True))
        assert matching_size(neighbours) == expected, (n, m, seed)


_MATCHING_OPS = st.lists(
    st.tuples(st.sampled_from(["drop", "replace", "add"]),
              st.integers(0, 10**6), st.integers(0, 10**6)),
    max_size=3,
)  # fmt: skip


def test_other_maximum_matchings_score_one():
    others = 0
    for seed in range(40):
        problem = _gen("rlvr/MaximumMatching-v1", seed, seed / 40)
        graph = nx_graph(problem)
        ours = {frozenset(e) for e in parse_edges(problem.answer)}
        for weight_seed in range(3):  # random weights: networkx finds other maximum matchings
            for u, v in graph.edges:
                graph[u][v]["weight"] = (hash((u, v, weight_seed)) % 7) + 1
            theirs = nx.max_weight_matching(graph, maxcardinality=True)
            text = ", ".join(f"{v}-{u}" if (u + v) % 2 else f"({u}, {v})" for u, v in theirs)
            assert _score(problem, text).correct, text
            others += {frozenset(e) for e in theirs} != ours
    assert others >= 10


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_MATCHING_OPS)
def test_perturbed_matchings_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/MaximumMatching-v1", seed, difficulty)
    graph, n = nx_graph(problem), problem.meta["nodes"]
    pairs = [tuple(e) for e in parse_edges(problem.answer)]
    for op, a, b in ops:
        if op == "drop" and len(pairs) > 1:
            pairs.pop(a % len(pairs))
        elif op == "replace":
            pairs[a % len(pairs)] = (a % n, b % n)
        elif op == "add":
            pairs.append((a % n, b % n))
    verdict = _score(problem, ", ".join(f"{u}-{v}" for u, v in pairs))
    best = len(nx.max_weight_matching(graph, maxcardinality=True))
    valid = (
        all(graph.has_edge(u, v) for u, v in pairs)
        and len({u for p in pairs for u in p}) == 2 * len(pairs)
        and len(pairs) == best
    )
    assert verdict.correct == valid and (verdict.reward == 1.0) == valid, (pairs, verdict)
