"""What ``rlvr/SteinerTree-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/SteinerTree-v0"


def _graph(meta):
    graph = nx.Graph()
    graph.add_weighted_edges_from(map(tuple, meta["edges"]))
    return graph


def _brute_force(meta):
    """The least weight of a minimum spanning tree over the terminals plus any extra nodes."""
    graph, terminals = _graph(meta), set(meta["terminals"])
    others = [v for v in graph if v not in terminals]
    best = None
    for size in range(len(others) + 1):
        for extra in itertools.combinations(others, size):
            sub = graph.subgraph(terminals | set(extra))
            if nx.is_connected(sub):
                weight = nx.minimum_spanning_tree(sub).size(weight="weight")
                best = weight if best is None else min(best, weight)
    return best


def test_the_optimum_matches_brute_force_and_the_baseline_the_stated_paths():
    for seed in range(6):
        problem = _gen(ENV, seed, 0.3)
        meta = problem.meta
        assert _brute_force(meta) == meta["best"]
        first, *rest = meta["terminals"]
        lengths = nx.single_source_dijkstra_path_length(_graph(meta), first)
        assert sum(lengths[t] for t in rest) == meta["baseline"]


def test_the_union_of_shortest_paths_and_networkx_approximation_are_graded():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.6)
        meta, graph = problem.meta, _graph(problem.meta)
        first, *rest = meta["terminals"]
        for tree in (
            nx.algorithms.approximation.steiner_tree(graph, meta["terminals"]),
            graph.edge_subgraph(e for t in rest
                                for e in nx.utils.pairwise(nx.dijkstra_path(graph, first, t))),
        ):  # fmt: skip
            text = ", ".join(f"{a + 1}-{b + 1}" for a, b in tree.edges)
            weight = tree.size(weight="weight")
            assert _score(problem, text) == gap(weight, meta["baseline"], meta["best"])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), keep=st.lists(st.booleans(), min_size=80, max_size=80))
def test_any_edge_set_scores_only_when_it_joins_every_terminal(seed, keep):
    problem = _gen(ENV, seed, 0.5)
    meta = problem.meta
    chosen = [e for e, k in zip(meta["edges"], keep) if k] or meta["edges"][:1]
    sub = nx.Graph()
    sub.add_weighted_edges_from(map(tuple, chosen))
    first = meta["terminals"][0]
    joined = all(t in sub and nx.has_path(sub, first, t) for t in meta["terminals"])
    weight = sum(w for _, _, w in chosen)
    want = gap(weight, meta["baseline"], meta["best"]) if joined else 0.0
    assert _score(problem, " ".join(f"{a + 1}-{b + 1}" for a, b, _ in chosen)) == want


def test_non_edges_and_repeated_edges_are_refused():
    problem = _gen(ENV, 1, 0.5)
    edges = {(a, b) for a, b, _ in problem.meta["edges"]}
    n = problem.meta["nodes"]
    missing = next((a, b) for a in range(n) for b in range(a + 1, n) if (a, b) not in edges)
    assert _score(problem, f"{problem.answer}, {missing[0] + 1}-{missing[1] + 1}") == 0.0
    first = problem.answer.split(",")[0]
    assert _score(problem, f"{problem.answer}, {first}") == 0.0
    reversed_pairs = ", ".join(
        "-".join(e.strip().split("-")[::-1]) for e in problem.answer.split(",")
    )
    assert _score(problem, reversed_pairs) == 1.0
