"""What ``rlvr/HamiltonianPath-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given, settings

from rlvr_envs.families.graph.parsing import parse_nodes
from tests.families.graph.helpers import _DIFF, _SEED, _gen, _score, nx_graph

ID = "rlvr/HamiltonianPath-v0"


def _is_route(graph: nx.Graph, route: list[int], cycle: bool) -> bool:
    """Independent check: a permutation of the nodes whose steps are all graph edges."""
    if sorted(route) != sorted(graph.nodes):
        return False
    steps = list(zip(route, route[1:] + route[:1])) if cycle else list(itertools.pairwise(route))
    return all(graph.has_edge(u, v) for u, v in steps)


def _all_routes(graph: nx.Graph, cycle: bool):
    """Every Hamiltonian path (or cycle) by brute force over all orders (small graphs only)."""
    for order in itertools.permutations(graph.nodes):
        if _is_route(graph, list(order), cycle):
            yield list(order)


@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF)
def test_the_reference_route_is_hamiltonian_and_scores_one(seed, difficulty):
    problem = _gen(ID, seed, difficulty)
    route = parse_nodes(problem.answer)
    assert _is_route(nx_graph(problem), route, problem.meta["cycle"])
    assert _score(problem, problem.answer).reward == 1.0


@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF)
def test_reversed_rotated_and_reformatted_routes(seed, difficulty):
    problem = _gen(ID, seed, difficulty)
    route = parse_nodes(problem.answer)
    assert _score(problem, ", ".join(map(str, route[::-1]))).reward == 1.0
    assert _score(problem, "[" + " ".join(map(str, route)) + "]").reward == 1.0
    if problem.meta["cycle"]:
        rotated = route[3:] + route[:3]
        assert _score(problem, " -> ".join(map(str, rotated))).reward == 1.0
        closed = rotated + rotated[:1]
        assert _score(problem, " -> ".join(map(str, closed))).reward == 1.0
    else:  # a path written back to its start is not a path
        closed = route + route[:1]
        assert _score(problem, " -> ".join(map(str, closed))).reward == 0.0


def test_other_routes_found_by_brute_force_score_one_and_non_routes_fail():
    others = 0
    for seed in range(40):
        for mode in ("path", "cycle"):
            problem = _gen(ID, seed, nodes=6, degree=3.5, mode=mode)
            graph, cycle = nx_graph(problem), mode == "cycle"
            routes = {tuple(r) for r in _all_routes(graph, cycle)}
            assert routes
            for order in itertools.permutations(range(6)):
                verdict = _score(problem, " -> ".join(map(str, order)))
                assert verdict.correct == (order in routes)
            others += len(routes) > 1 + (2 * 6 - 1 if cycle else 1)
    assert others >= 5


@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF)
def test_broken_routes_fail(seed, difficulty):
    problem = _gen(ID, seed, difficulty)
    route = parse_nodes(problem.answer)
    n = problem.meta["nodes"]
    bad = [
        route[:-1],  # a node missing
        [*route, route[1]],  # a node repeated
        [*route[:-1], route[0]],  # a duplicate in place of a node
        [*route[:-1], n],  # out of range
        [*route, n],
    ]
    for answer in bad:
        assert _score(problem, " -> ".join(map(str, answer))).reward == 0.0
    for constant in ("0", "1", "none", "-1", "0 -> 1", ""):
        assert _score(problem, constant).reward == 0.0


def test_a_non_edge_step_fails():
    checked = 0
    for seed in range(60):
        problem = _gen(ID, seed, 0.8)
        graph = nx_graph(problem)
        route = parse_nodes(problem.answer)
        for i in range(len(route) - 1):
            swapped = [*route[:i], route[i + 1], route[i], *route[i + 2 :]]
            if not _is_route(graph, swapped, problem.meta["cycle"]):
                assert not _score(problem, " -> ".join(map(str, swapped))).correct
                checked += 1
    assert checked >= 100


def test_hedges_and_trailing_text_are_not_rewarded():
    problem = _gen(ID, 3, 0.5)
    route = " -> ".join(map(str, parse_nodes(problem.answer)))
    assert _score(problem, f"{route} or {route}").reward == 0.0
    assert _score(problem, f"{route} and more").reward == 0.0
    assert _score(problem, route + ".").reward == 1.0


def test_decoys_make_the_graph_more_than_the_route():
    for seed in range(50):
        problem = _gen(ID, seed, 1.0)
        n = problem.meta["nodes"]
        assert len(problem.meta["edges"]) >= 2 * n - 1
        assert nx.is_connected(nx_graph(problem))


def test_difficulty_one_asks_for_a_cycle_and_zero_for_a_path():
    assert _gen(ID, 1, 1.0).meta["cycle"] and not _gen(ID, 1, 0.0).meta["cycle"]
