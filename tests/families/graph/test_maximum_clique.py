"""What ``rlvr/MaximumClique-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.families.graph.maximum_clique import max_clique
from tests.families.graph.helpers import _DIFF, _SEED, PERTURB, _gen, _score, nx_graph
from tests.families.graph.test_hamiltonian_path import ENCODINGS, prompt_graph

ENV = "rlvr/MaximumClique-v0"


def _text(nodes) -> str:
    return f"{len(nodes)}: {', '.join(map(str, nodes))}"


def _brute_clique_number(graph: nx.Graph) -> int:
    nodes = list(graph.nodes)
    for k in range(len(nodes), 0, -1):
        for subset in itertools.combinations(nodes, k):
            if all(graph.has_edge(u, v) for u, v in itertools.combinations(subset, 2)):
                return k
    return 0


def test_the_branch_and_bound_agrees_with_brute_force_on_small_graphs():
    for seed, (n, p) in enumerate(itertools.product(range(1, 11), (0.2, 0.5, 0.8, 1.0))):
        graph = nx.gnp_random_graph(n, p, seed=seed)
        adj = [sum(1 << v for v in graph[u]) for u in range(n)]
        found = max_clique(adj)
        assert len(found) == _brute_clique_number(graph), (n, p, seed)
        assert all(graph.has_edge(u, v) for u, v in itertools.combinations(found, 2))


def test_the_reference_is_a_maximum_clique_by_networkx():
    for seed in range(60):
        problem = _gen(ENV, seed, seed / 59)
        graph = nx_graph(problem)
        size, nodes = problem.answer.split(":")
        nodes = [int(x) for x in nodes.split(",")]
        best = max(len(c) for c in nx.find_cliques(graph))
        assert int(size) == len(nodes) == best == problem.meta["size"]
        assert all(graph.has_edge(u, v) for u, v in itertools.combinations(nodes, 2))


def test_other_maximum_cliques_score_one_and_smaller_ones_do_not():
    others = 0
    for seed in range(40):
        problem = _gen(ENV, seed, seed / 39)
        graph = nx_graph(problem)
        best = problem.meta["size"]
        for clique in nx.find_cliques(graph):
            verdict = _score(problem, f"{len(clique)}: [{' '.join(map(str, clique[::-1]))}]")
            assert verdict.correct == (len(clique) == best), (clique, verdict)
            if len(clique) == best:
                others += sorted(clique) != sorted(
                    int(x) for x in problem.answer.split(":")[1].split(",")
                )
            else:
                assert verdict.reward == 0 and 0 < verdict.score < 1
    assert others >= 5


def test_invalid_answers_fail():
    problem = _gen(ENV, 3, 1.0)
    graph, n = nx_graph(problem), problem.meta["nodes"]
    size, rest = problem.answer.split(":")
    nodes = [int(x) for x in rest.split(",")]
    outsider = next(u for u in range(n) if not all(graph.has_edge(u, v) for v in nodes))
    bad = [
        _text([*nodes[:-1], outsider]),  # not a clique
        _text([*nodes, outsider]),  # one node too many
        _text([*nodes, nodes[0]]),  # duplicate
        _text([*nodes[:-1], n]),  # out of range
        f"{len(nodes) + 1}: {', '.join(map(str, nodes))}",  # size does not match
        ", ".join(map(str, nodes)),  # no size
        size,  # size alone
        f"{size} or {len(nodes) + 1}: {rest}",  # hedge
        f"{problem.answer} and more",  # trailing text
        "0", "1", "none", "-1", "1: 0", problem.prompt,
    ]  # fmt: skip
    for text in bad:
        assert not _score(problem, text).correct, text
    for text in (f"{size}: {{{rest}}}", f"{size} : {' '.join(map(str, nodes[::-1]))}",
                 f"{size}:{','.join(map(str, nodes))}."):  # fmt: skip
        assert _score(problem, text).correct, text


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, drop=st.integers(0, 10**6), add=st.integers(0, 10**6))
def test_perturbed_cliques_are_judged_by_their_validity_and_size(seed, difficulty, drop, add):
    problem = _gen(ENV, seed, difficulty)
    graph, n = nx_graph(problem), problem.meta["nodes"]
    nodes = [int(x) for x in problem.answer.split(":")[1].split(",")]
    nodes[drop % len(nodes)] = add % n
    verdict = _score(problem, _text(nodes))
    valid = len(set(nodes)) == len(nodes) and all(
        graph.has_edge(u, v) for u, v in itertools.combinations(nodes, 2)
    )
    best = max(len(c) for c in nx.find_cliques(graph))
    assert verdict.correct == (valid and len(nodes) == best), (nodes, verdict)


def test_the_prompt_text_gives_the_reference_size_in_every_encoding():
    """The graph read back from the prompt (every encoding, the knobs' extremes), not from
    meta, has the reference's clique number by brute force."""
    knobs = [{}, {"nodes": 5, "density": 0.1, "decoys": 8}, {"nodes": 5, "density": 0.8},
             {"nodes": 14, "density": 0.8, "decoys": 8}]  # fmt: skip
    for seed in range(60):
        for extra in (knobs[seed % 4], {}):
            problem = _gen(ENV, seed, (None, 0.0, 0.5, 1.0)[seed % 4] if not extra else None,
                           encoding=ENCODINGS[seed % 3], **extra)  # fmt: skip
            graph = prompt_graph(problem.prompt)
            assert "Find a maximum clique" in problem.prompt
            size, rest = problem.answer.split(":")
            nodes = [int(x) for x in rest.split(",")]
            if graph.number_of_nodes() <= 12:
                best = _brute_clique_number(graph)
            else:
                best = max(len(c) for c in nx.find_cliques(graph))
            assert int(size) == len(nodes) == best
            assert all(graph.has_edge(u, v) for u, v in itertools.combinations(nodes, 2))
