"""What ``rlvr/MaxCut-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/MaxCut-v0"


def test_the_optimum_is_the_best_of_every_split_and_each_split_is_graded():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.3)
        n, edges = problem.meta["nodes"], problem.meta["edges"]
        graph = nx.Graph()
        graph.add_nodes_from(range(n))
        graph.add_edges_from(map(tuple, edges))
        best = 0
        for size in range(1, n):
            for side in itertools.combinations(range(n), size):
                cut = nx.cut_size(graph, side)
                best = max(best, cut)
                if size <= 2:
                    want = gap(cut, problem.meta["baseline"], problem.meta["best"])
                    assert _score(problem, " ".join(str(v + 1) for v in side)) == want
        assert best == problem.meta["best"]
        other = sorted(set(range(1, n + 1)) - {int(v) for v in problem.answer.split()})
        assert _score(problem, " ".join(map(str, other))) == 1.0  # the other side


def test_edges_copied_from_the_prompt_and_unknown_nodes_are_refused():
    problem = _gen(ENV, 0, 0.5)
    a, b = problem.meta["edges"][0]
    assert _score(problem, f"{a + 1}-{b + 1}") == 0.0
    assert _score(problem, f"{problem.answer} {problem.meta['nodes'] + 1}") == 0.0
