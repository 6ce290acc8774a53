"""What ``rlvr/Bipartite-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.families.graph.parsing import AnswerError, parse_nodes
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


# -- Bipartite --------------------------------------------------------------------------------
def _bipartite_answer_valid(graph: nx.Graph, answer: str) -> bool:
    claim, _, witness = answer.partition(":")
    if claim == "yes":
        left_text, _, right_text = witness.partition("|")
        left = parse_nodes(left_text) if left_text.strip() else []
        right = parse_nodes(right_text) if right_text.strip() else []
        if sorted(left + right) != sorted(graph.nodes):
            return False
        return graph.subgraph(left).number_of_edges() == 0 == graph.subgraph(right).size()
    cycle = parse_nodes(witness)
    if len(cycle) > 1 and cycle[0] == cycle[-1]:
        cycle = cycle[:-1]
    return (
        len(cycle) % 2 == 1
        and len(cycle) >= 3
        and len(set(cycle)) == len(cycle)
        and all(graph.has_edge(u, v) for u, v in zip(cycle, cycle[1:] + cycle[:1]))
    )


def _sides_text(left, right) -> str:
    return "yes: " + ", ".join(map(str, left)) + " | " + ", ".join(map(str, right))


def test_other_partitions_and_odd_cycles_score_one():
    partitions = cycles = 0
    for seed in range(60):
        problem = _gen("rlvr/Bipartite-v0", seed, 0.7)
        graph = nx_graph(problem)
        if problem.meta["bipartite"]:
            # flip the sides of every component but the first: another valid partition
            left, right = [], []
            for i, component in enumerate(sorted(nx.connected_components(graph), key=min)):
                a, b = nx.bipartite.sets(graph.subgraph(component))
                if i:
                    a, b = b, a
                left, right = left + sorted(a), right + sorted(b)
            assert _score(problem, _sides_text(right, left)).correct
            assert not _score(problem, "no: 0 -> 1 -> 2").correct
            partitions += 1
        else:
            for cycle in nx.cycle_basis(graph):
                if len(cycle) % 2:
                    assert _score(problem, "NO " + ", ".join(map(str, cycle))).correct
                    cycles += 1
            assert not _score(problem, _sides_text(range(problem.meta["nodes"]), [])).correct
    assert partitions >= 10 and cycles >= 10


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation(), flip=st.booleans())
def test_perturbed_bipartite_witnesses_are_judged_as_networkx_judges_them(
    seed, difficulty, ops, flip
):
    problem = _gen("rlvr/Bipartite-v0", seed, difficulty)
    graph, n = nx_graph(problem), problem.meta["nodes"]
    claim, _, witness = problem.answer.partition(": ")
    if claim == "yes":
        left_text, _, right_text = witness.partition(" | ")
        left = parse_nodes(left_text) if left_text else []
        moved = {u % n for _, u, _ in ops}  # move these nodes to the other side
        side = dict.fromkeys(left, 0) | dict.fromkeys(parse_nodes(right_text), 1)
        for u in moved:
            side[u] = 1 - side[u]
        answer = _sides_text(
            [u for u in range(n) if side[u] == 0], [u for u in range(n) if side[u] == 1]
        )
    else:
        cycle = _perturb(parse_nodes(witness)[:-1], ops, n)
        answer = "no: " + " -> ".join(map(str, cycle))
    if flip:  # claim the opposite with the same witness
        answer = ("no" if answer.startswith("yes") else "yes") + answer[answer.index(":") :]
    try:
        valid = _bipartite_answer_valid(graph, answer)
    except AnswerError:
        valid = False
    verdict = _score(problem, answer)
    assert verdict.correct == valid, (answer, verdict)
