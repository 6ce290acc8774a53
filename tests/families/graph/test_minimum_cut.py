"""What ``rlvr/MinimumCut-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from tests.families.graph.helpers import _DIFF, _SEED, PERTURB, _gen, _score, nx_graph

ENV = "rlvr/MinimumCut-v0"


def _cut_weight(problem, side) -> int:
    members = set(side)
    return sum(w for u, v, w in problem.meta["edges"] if (u in members) != (v in members))


def _all_cuts(problem):
    """Every side that holds node 0 (each cut once), by brute force over subsets."""
    n = problem.meta["nodes"]
    for size in range(0, n - 1):
        for rest in itertools.combinations(range(1, n), size):
            yield [0, *rest]


def _text(value, side) -> str:
    return f"{value}: " + ", ".join(map(str, side))


# -- the reference is a minimum cut ---------------------------------------------------------
def test_reference_matches_networkx_and_brute_force():
    for seed in range(30):
        for difficulty in (0.0, 0.5, 1.0):
            problem = _gen(ENV, seed, difficulty)
            graph = nx_graph(problem)
            assert nx.is_connected(graph)
            value, _ = nx.stoer_wagner(graph)
            head, _, side = problem.answer.partition(":")
            side = [int(x) for x in side.split(",")]
            assert int(head) == value == problem.meta["cut"] == _cut_weight(problem, side)
            if problem.meta["nodes"] <= 10:
                assert min(_cut_weight(problem, s) for s in _all_cuts(problem)) == value


def test_every_minimum_cut_scores_one_on_either_side():
    checked = 0
    for seed in range(20):
        problem = _gen(ENV, seed, 0.0)
        n, best = problem.meta["nodes"], problem.meta["cut"]
        for side in _all_cuts(problem):
            if _cut_weight(problem, side) == best:
                other = [u for u in range(n) if u not in side]
                assert _score(problem, _text(best, side)).correct
                assert _score(problem, _text(best, other[::-1])).correct
                checked += 1
    assert checked >= 20


def test_non_minimum_and_malformed_cuts_fail():
    for seed in range(20):
        problem = _gen(ENV, seed, 0.5)
        n, best = problem.meta["nodes"], problem.meta["cut"]
        side = [int(x) for x in problem.answer.partition(":")[2].split(",")]
        for u in range(n):  # single-node cuts that are not minimum, with their true weight
            weight = _cut_weight(problem, [u])
            if weight != best:
                assert not _score(problem, _text(weight, [u])).correct
        assert not _score(problem, _text(best + 1, side)).correct  # wrong value, right side
        assert not _score(problem, _text(best, list(range(n)))).correct  # other side empty
        assert not _score(problem, _text(best, [*side, side[0]])).correct  # duplicate
        assert not _score(problem, _text(best, [*side, n])).correct  # out of range
        assert not _score(problem, f"{best}").correct  # no side
        assert not _score(problem, f"{best}: ").correct  # empty side
        assert not _score(problem, f"{best} or {best + 1}: " + ", ".join(map(str, side))).correct
        assert not _score(problem, problem.prompt).correct  # the prompt echoed
        for line in problem.prompt.splitlines():
            assert not _score(problem, line).correct


def test_reasonable_spellings_score_one():
    problem = _gen(ENV, 3, 0.5)
    best = problem.meta["cut"]
    side = [int(x) for x in problem.answer.partition(":")[2].split(",")]
    for text in (
        f"{best}: [{', '.join(map(str, side))}]",
        f"{best}: {{{', '.join(map(str, side))}}}",
        f"{best}:{' '.join(map(str, side))}",
        f" {best} : {', '.join(map(str, side))}.",
    ):
        assert _score(problem, text).correct, text
    assert not _score(problem, f"{best}: {', '.join(map(str, side))} because").correct


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, picks=st.lists(st.integers(0, 40), max_size=20),
       offset=st.integers(-2, 2))  # fmt: skip
def test_random_cuts_are_judged_by_their_weight(seed, difficulty, picks, offset):
    problem = _gen(ENV, seed, difficulty)
    n, best = problem.meta["nodes"], problem.meta["cut"]
    side = list(dict.fromkeys(p for p in picks if p < n + 2))
    if not side:
        return
    in_range = max(side) < n and len(side) < n
    weight = _cut_weight(problem, side) if in_range else 0
    claimed = max(0, weight + offset)
    verdict = _score(problem, _text(claimed, side))
    assert verdict.correct == (in_range and claimed == weight == best), (side, claimed)
