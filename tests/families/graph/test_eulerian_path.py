"""What ``rlvr/EulerianPath-v1`` must do beyond the generic family contract.

v0 (as first released) is checked in ``test_graph.py``.
"""

from __future__ import annotations

import itertools
from collections import Counter

import networkx as nx
from hypothesis import given

from rlvr_envs.families.graph.parsing import parse_nodes
from tests.families.graph.helpers import (
    _DIFF,
    _SEED,
    PERTURB,
    _gen,
    _node_perturbation,
    _perturb,
    _score,
    nx_graph,
)


# -- EulerianPath ------------------------------------------------------------------------------
def _is_eulerian_path(graph: nx.Graph, path: list[int]) -> bool:
    used = Counter(frozenset(step) for step in itertools.pairwise(path))
    return used == Counter(frozenset(e) for e in graph.edges)


def test_other_eulerian_paths_score_one():
    different = 0
    for seed in range(60):
        problem = _gen("rlvr/EulerianPath-v1", seed, 0.6)
        graph = nx_graph(problem)
        if not problem.meta["eulerian"]:
            assert not _score(problem, " -> ".join(map(str, range(problem.meta["nodes"])))).correct
            odd = [u for u, d in graph.degree if d % 2]
            assert len(odd) > 2 and _score(problem, "none").reason == "unparsable"
            assert _score(problem, "none: " + ", ".join(map(str, odd[::-1]))).correct
            even = [u for u, d in graph.degree if d % 2 == 0]
            if even:
                assert not _score(problem, f"none: {', '.join(map(str, odd))}, {even[0]}").correct
            assert not _score(problem, "none: " + ", ".join(map(str, odd[:-1]))).correct
            assert not _score(problem, "none: " + ", ".join(map(str, [*odd, odd[0]]))).correct
            continue
        odd = [u for u, d in graph.degree if d % 2]
        assert not _score(problem, "none: " + ", ".join(map(str, [*odd, 0, 1, 2][:3]))).correct
        oracle = parse_nodes(problem.answer)
        assert _score(problem, " -> ".join(map(str, oracle[::-1]))).correct
        path = [u for u, _ in nx.eulerian_path(graph)] + [list(nx.eulerian_path(graph))[-1][1]]
        assert _score(problem, ", ".join(map(str, path))).correct
        different += path != oracle and path != oracle[::-1]
        assert not _score(problem, "none").correct
    assert different >= 10


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_eulerian_paths_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/EulerianPath-v1", seed, difficulty)
    graph, n = nx_graph(problem), problem.meta["nodes"]
    if problem.meta["eulerian"]:
        path = _perturb(parse_nodes(problem.answer), ops, n)
    else:  # a walk over some edges: never a valid answer when no Eulerian path exists
        path = _perturb([u for edge in nx.dfs_edges(graph, 0) for u in edge], ops, n)
    verdict = _score(problem, " -> ".join(map(str, path)))
    assert verdict.correct == _is_eulerian_path(graph, path), (path, verdict)
