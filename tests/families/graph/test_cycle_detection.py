"""What ``rlvr/CycleDetection-v1`` must do beyond the generic family contract.

v0 (as first released) is checked in ``test_graph.py``.
"""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given

from rlvr_envs.families.graph.parsing import parse_nodes
from tests.families.graph.helpers import (
    _DIFF,
    _SEED,
    PERTURB,
    _gen,
    _is_topological,
    _node_perturbation,
    _perturb,
    _score,
    nx_graph,
)


# -- CycleDetection ------------------------------------------------------------------------
def _is_directed_cycle(graph: nx.DiGraph, cycle: list[int]) -> bool:
    if len(cycle) == 2:  # the documented syntax: a two-node cycle is written closed
        return False
    if len(cycle) > 1 and cycle[0] == cycle[-1]:
        cycle = cycle[:-1]
    return (
        len(cycle) >= 2
        and len(set(cycle)) == len(cycle)
        and all(graph.has_edge(u, v) for u, v in zip(cycle, cycle[1:] + cycle[:1]))
    )


def test_other_cycles_and_rotations_score_one():
    others = 0
    for seed in range(60):
        problem = _gen("rlvr/CycleDetection-v1", seed, 0.8)
        if problem.meta["acyclic"]:
            assert _score(problem, "None.").reason == "unparsable"  # the witness is required
            graph = nx_graph(problem)
            order = list(nx.lexicographical_topological_sort(graph, key=lambda u: -u))
            assert _score(problem, "none: " + " ".join(map(str, order))).correct
            assert not _score(problem, "none: " + ", ".join(map(str, order[::-1]))).correct
            continue
        assert not _score(
            problem, "none: " + ", ".join(map(str, range(problem.meta["nodes"])))
        ).correct
        assert _score(problem, "none").reason == "unparsable"
        oracle = parse_nodes(problem.answer)[:-1]
        rotated = oracle[1:] + oracle[:1]
        if len(rotated) > 2:
            assert _score(problem, " -> ".join(map(str, rotated))).correct  # no closing repeat
        assert not _score(problem, "none").correct
        for cycle in itertools.islice(nx.simple_cycles(nx_graph(problem)), 20):
            if sorted(cycle) != sorted(oracle):
                assert _score(problem, " -> ".join(map(str, [*cycle, cycle[0]]))).correct
                others += 1
    assert others >= 5


def test_an_edge_line_copied_from_the_prompt_is_not_a_two_node_cycle():
    found = 0
    for seed in range(200):
        problem = _gen("rlvr/CycleDetection-v1", seed, 0.5, encoding="edge_list")
        graph = nx_graph(problem)
        pairs = [(u, v) for u, v in graph.edges if graph.has_edge(v, u)]
        if not pairs:
            continue
        u, v = pairs[0]
        assert f"{u} -> {v}" in problem.prompt.splitlines()
        assert _score(problem, f"{u} -> {v}").reward == 0.0
        assert _score(problem, f"{u} -> {v} -> {u}").reward == 1.0
        found += 1
    assert found >= 10


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_cycles_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/CycleDetection-v1", seed, difficulty)
    graph = nx_graph(problem)
    if problem.meta["acyclic"]:
        # any cycle claimed in a DAG is invalid
        candidate = [0, *_perturb([1], ops, problem.meta["nodes"])]
    else:
        candidate = _perturb(parse_nodes(problem.answer)[:-1], ops, problem.meta["nodes"])
    verdict = _score(problem, " -> ".join(map(str, candidate)))
    assert verdict.correct == _is_directed_cycle(graph, candidate), (candidate, verdict)


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_acyclicity_witnesses_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/CycleDetection-v1", seed, difficulty)
    graph, n = nx_graph(problem), problem.meta["nodes"]
    order = _perturb(list(nx.topological_sort(graph)) if problem.meta["acyclic"] else [], ops, n)
    order = order or _perturb(list(range(n)), ops, n)
    verdict = _score(problem, "none: " + ", ".join(map(str, order)))
    valid = nx.is_directed_acyclic_graph(graph) and _is_topological(graph, order)
    assert verdict.correct == valid, (order, verdict)
