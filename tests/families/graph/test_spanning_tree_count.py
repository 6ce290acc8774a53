"""What ``rlvr/SpanningTreeCount-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import random

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.families.graph.parsing import parse_edges
from tests.families.graph.helpers import (
    _DIFF,
    _SEED,
    PERTURB,
    _gen,
    _laplacian_minor_det,
    _score,
    nx_graph,
)

ENV = "rlvr/SpanningTreeCount-v0"


def _brute_count(graph: nx.Graph) -> int:
    n = graph.number_of_nodes()
    return sum(
        nx.is_tree(nx.Graph(list(subset))) and len({x for e in subset for x in e}) == n
        for subset in itertools.combinations(graph.edges, n - 1)
    )


def _search_graphical(degrees: list[int]) -> bool:
    """Exhaustive search over the node pairs, in order, with a counting prune."""
    n = len(degrees)
    pairs = list(itertools.combinations(range(n), 2))
    later = [[0] * n for _ in range(len(pairs) + 1)]  # pairs at index >= i touching node u
    for i in range(len(pairs) - 1, -1, -1):
        later[i] = list(later[i + 1])
        for u in pairs[i]:
            later[i][u] += 1
    need = list(degrees)

    def go(i: int) -> bool:
        if any(need[u] > later[i][u] for u in range(n)):
            return False
        if i == len(pairs):
            return True
        u, v = pairs[i]
        if need[u] and need[v]:
            need[u] -= 1
            need[v] -= 1
            if go(i + 1):
                return True
            need[u] += 1
            need[v] += 1
        return go(i + 1)

    return go(0)


def _eg_fails_at(degrees: list[int], k: int) -> bool:
    d = sorted(degrees, reverse=True)
    return sum(d[:k]) > k * (k - 1) + sum(min(x, k) for x in d[k:])


def test_counts_agree_with_brute_force_and_bareiss():
    counts = set()
    for seed in range(40):
        problem = _gen(ENV, seed, seed / 40, sequences=0.0)
        graph = nx_graph(problem)
        count = int(problem.answer)
        assert count == _laplacian_minor_det(graph)
        if graph.number_of_nodes() <= 7:
            assert count == _brute_count(graph)
        assert count > 1 and not nx.is_tree(graph) and nx.is_connected(graph)
        assert not _score(problem, str(count + 1)).correct
        assert _score(problem, f"{count} or {count + 1}").reason == "unparsable"
        counts.add(count)
    assert len(counts) >= 25 and max(counts) > 10_000


def test_the_count_is_never_a_number_of_the_prompt():
    import re

    for seed in range(60):
        problem = _gen(ENV, seed, 0.5, sequences=0.0)
        assert problem.answer not in re.findall(r"\d+", problem.prompt)


def test_sequence_verdicts_agree_with_brute_force_and_havel_hakimi():
    seen = {True: 0, False: 0}
    for seed in range(60):
        problem = _gen(ENV, seed, 0.0, sequences=1.0)  # 10 nodes: brute force is cheap
        degrees = problem.meta["degrees"]
        graphical = nx.is_graphical(degrees)
        assert graphical == problem.meta["graphical"]
        seen[graphical] += 1
        assert _search_graphical(degrees) == graphical
        assert _score(problem, problem.answer).correct
        if graphical:
            edges = parse_edges(problem.answer.split(":")[1])
            graph = nx.Graph(edges)
            assert all(graph.degree(u) == d for u, d in enumerate(degrees) if d)
            assert not any(_score(problem, f"no: {k}").correct for k in range(0, 25))
        else:
            for k in range(1, len(degrees) + 1):
                assert _score(problem, f"no: {k}").correct == _eg_fails_at(degrees, k)
            assert _score(problem, "no").reason == "unparsable"
            assert not _score(problem, f"no: {len(degrees) + 1}").correct
    assert seen[True] >= 10 and seen[False] >= 10


def test_other_realisations_score_one_and_broken_ones_fail():
    checked = 0
    for seed in range(40):
        problem = _gen(ENV, seed, 1.0, sequences=1.0)
        degrees = problem.meta["degrees"]
        if not problem.meta["graphical"]:
            assert not _score(problem, "yes: 0-1").correct
            continue
        # another realisation: double-edge swaps of the reference graph
        graph = nx.Graph(parse_edges(problem.answer.split(":")[1]))
        nx.double_edge_swap(graph, nswap=5, max_tries=500, seed=random.Random(seed))
        edges = list(graph.edges)
        assert _score(problem, "yes: " + ", ".join(f"({u}, {v})" for u, v in edges)).correct
        assert _score(problem, "YES: " + " ".join(f"{v}-{u}" for u, v in edges)).correct
        assert not _score(problem, "yes: " + ", ".join(f"{u}-{v}" for u, v in edges[1:])).correct
        dup = [*edges, edges[0][::-1]]
        assert not _score(problem, "yes: " + ", ".join(f"{u}-{v}" for u, v in dup)).correct
        u = edges[0][0]
        loop = [(u, u), *edges[1:]]
        assert not _score(problem, "yes: " + ", ".join(f"{a}-{b}" for a, b in loop)).correct
        far = [(u, len(degrees)), *edges[1:]]
        assert not _score(problem, "yes: " + ", ".join(f"{a}-{b}" for a, b in far)).correct
        assert _score(problem, ", ".join(f"{a}-{b}" for a, b in edges)).reason == "unparsable"
        assert not _score(problem, ", ".join(map(str, degrees))).correct
        checked += 1
    assert checked >= 10


@PERTURB
@given(_SEED, _DIFF, st.sampled_from([0.0, 0.5, 1.0]))
def test_the_oracle_scores_one_and_agrees(seed, difficulty, share):
    problem = _gen(ENV, seed, difficulty, sequences=share)
    assert _score(problem, problem.answer).correct
    if problem.meta["mode"] == "count":
        assert int(problem.answer) == _laplacian_minor_det(nx_graph(problem))
    else:
        assert nx.is_graphical(problem.meta["degrees"]) == problem.meta["graphical"]
    for constant in ("0", "1", "no: 1", "yes: 0-1"):
        assert not _score(problem, constant).correct or problem.answer == constant
    assert not _score(problem, problem.answer + " or 3").correct
    assert not _score(problem, problem.answer + " is the answer").correct


def test_the_index_may_carry_the_prompts_own_label_k():
    """Review: ``no: k = 3`` names the index as the prompt does ("give an index k") and
    scores like ``no: 3``; the label does not rescue an index where the inequality holds."""
    checked = 0
    for seed in range(60):
        problem = _gen(ENV, seed, 1.0, sequences=1.0)
        degrees = problem.meta["degrees"]
        if problem.meta["graphical"]:
            continue
        for k in range(1, len(degrees) + 1):
            for form in (f"no: k = {k}", f"No: K={k}.", f"no:k ={k}"):
                assert _score(problem, form).correct == _eg_fails_at(degrees, k), form
        assert _score(problem, "no: k =").reason == "unparsable"
        assert _score(problem, "no: k").reason == "unparsable"
        checked += 1
    assert checked >= 10
