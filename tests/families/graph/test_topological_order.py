"""What ``rlvr/TopologicalOrder-v0`` must do beyond the generic family contract."""

from __future__ import annotations

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


def test_a_different_topological_order_scores_one():
    different = 0
    for seed in range(40):
        problem = _gen("rlvr/TopologicalOrder-v0", seed, 0.5)
        graph = nx_graph(problem)
        order = list(nx.lexicographical_topological_sort(graph, key=lambda u: -u))
        assert _score(problem, " ".join(map(str, order))).correct
        different += ", ".join(map(str, order)) != problem.answer
    assert different >= 30


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_orders_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/TopologicalOrder-v0", seed, difficulty)
    graph = nx_graph(problem)
    order = _perturb(parse_nodes(problem.answer), ops, problem.meta["nodes"])
    verdict = _score(problem, ", ".join(map(str, order)))
    assert verdict.correct == _is_topological(graph, order), (order, verdict)
