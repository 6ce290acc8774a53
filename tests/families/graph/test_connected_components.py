"""What ``rlvr/ConnectedComponents-v1`` must do beyond the generic family contract.

v0 (as first released) is checked in ``test_graph.py``.
"""

from __future__ import annotations

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from tests.families.graph.helpers import _DIFF, _SEED, PERTURB, _gen, _score, nx_graph


# -- ConnectedComponents and MaximumMatching: the witness, not a count ------------------------
def _partition_text(groups, rng) -> str:
    """Components written in another order, with shuffled nodes and mixed separators."""
    groups = [sorted(g) for g in groups]
    rng.shuffle(groups)
    parts = []
    for group in groups:
        rng.shuffle(group)
        sep = rng.choice([", ", " ", ","])
        text = sep.join(map(str, group))
        parts.append(f"{{{text}}}" if rng.random() < 0.3 else text)
    return rng.choice(["; ", ";", "\n"]).join(parts)


def test_components_in_any_order_and_writing_score_one():
    import random

    rng = random.Random(0)
    for seed in range(40):
        problem = _gen("rlvr/ConnectedComponents-v1", seed, seed / 40)
        components = list(nx.connected_components(nx_graph(problem)))
        assert _score(problem, _partition_text(components, rng)).correct
        assert _score(problem, _partition_text(components, rng) + ";").correct


_PARTITION_MOVES = st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(0, 10**6),
              st.sampled_from(["move", "drop", "dup", "merge"])),
    max_size=3,
)  # fmt: skip


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, moves=_PARTITION_MOVES)
def test_perturbed_partitions_are_judged_as_networkx_judges_them(seed, difficulty, moves):
    problem = _gen("rlvr/ConnectedComponents-v1", seed, difficulty)
    graph = nx_graph(problem)
    groups = [sorted(c) for c in nx.connected_components(graph)]
    for a, b, op in moves:
        i, j = a % len(groups), b % len(groups)
        if op == "move" and len(groups[i]) > 1:
            groups[j].append(groups[i].pop(b % len(groups[i])))
        elif op == "drop" and len(groups[i]) > 1:
            groups[i].pop()
        elif op == "dup":
            groups[j].append(groups[i][0])
        elif op == "merge" and i != j:
            groups[i] = groups[i] + groups[j]
            del groups[j]
    verdict = _score(problem, "; ".join(", ".join(map(str, g)) for g in groups))
    nodes = [u for g in groups for u in g]
    repeated = len(set(nodes)) < len(nodes)
    valid = not repeated and {frozenset(g) for g in groups} == {
        frozenset(c) for c in nx.connected_components(graph)
    }
    assert verdict.correct == valid, (groups, verdict)
    assert (verdict.reason == "unparsable") == repeated, (groups, verdict)
