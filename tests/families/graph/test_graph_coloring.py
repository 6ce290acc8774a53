"""What ``rlvr/GraphColoring-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.families.graph.parsing import parse_mapping
from tests.families.graph.helpers import _DIFF, _SEED, PERTURB, _gen, _score, nx_graph


# -- GraphColoring ----------------------------------------------------------------------------
def _colouring_text(colour: dict[int, int]) -> str:
    return ", ".join(f"{u}: {c}" for u, c in sorted(colour.items()))


def test_other_colourings_score_one():
    greedy = 0
    for seed in range(40):
        problem = _gen("rlvr/GraphColoring-v0", seed, 0.5)
        graph, k = nx_graph(problem), problem.meta["colours"]
        planted = dict(parse_mapping(problem.answer))
        shifted = {u: c % k + 1 for u, c in planted.items()}  # rename the colours
        assert _score(problem, _colouring_text(shifted)).correct
        found = nx.greedy_color(graph, strategy="DSATUR")
        if max(found.values()) < k:
            answer = "\n".join(f"{u} = {c + 1}" for u, c in sorted(found.items()))
            assert _score(problem, answer).correct
            greedy += 1
    assert greedy >= 10


@PERTURB
@given(
    seed=_SEED,
    difficulty=_DIFF,
    changes=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 9)), min_size=1, max_size=3),
    drop=st.booleans(),
)
def test_perturbed_colourings_are_judged_as_networkx_judges_them(seed, difficulty, changes, drop):
    problem = _gen("rlvr/GraphColoring-v0", seed, difficulty)
    graph, n, k = nx_graph(problem), problem.meta["nodes"], problem.meta["colours"]
    colour = dict(parse_mapping(problem.answer))
    for node, value in changes:
        colour[node % n] = value
    if drop:
        del colour[changes[0][0] % n]
    valid = (
        len(colour) == n
        and all(1 <= c <= k for c in colour.values())
        and all(colour[u] != colour[v] for u, v in graph.edges)
    )
    verdict = _score(problem, _colouring_text(colour))
    assert verdict.correct == valid, (colour, verdict)
