"""What ``rlvr/NegativeWeightPaths-v0`` must do beyond the generic family contract.

networkx is the independent oracle: its Bellman-Ford distances and paths, its negative-cycle
search, and its cycle enumeration for the decoy cycles the source cannot reach.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlvr_envs.families.graph.negative_weight_paths import bellman_ford, parse_answer
from rlvr_envs.families.graph.parsing import AnswerError
from tests.families.graph.helpers import _DIFF, _SEED, _gen, _score, nx_graph

ENV = "rlvr/NegativeWeightPaths-v0"


def _problems(count=60, difficulties=(0.0, 0.5, 1.0)):
    for seed, d in itertools.product(range(count), difficulties):
        yield _gen(ENV, seed, d)


def _reachable_negative_cycle(graph, source) -> bool:
    reach = nx.descendants(graph, source) | {source}
    return nx.negative_edge_cycle(graph.subgraph(reach).copy())


def _cycle_weight(graph, cycle) -> int:
    return sum(graph[u][v]["weight"] for u, v in zip(cycle, [*cycle[1:], cycle[0]]))


def _path(nodes) -> str:
    return " -> ".join(map(str, nodes))


# -- the reference agrees with networkx --------------------------------------------------------
def test_reference_agrees_with_networkx():
    kinds = set()
    for problem in _problems():
        graph, meta = nx_graph(problem), problem.meta
        s, t = meta["source"], meta["target"]
        has_cycle = _reachable_negative_cycle(graph, s)
        assert has_cycle == meta["negative_cycle"]
        kinds.add(has_cycle)
        claim, nodes = parse_answer(problem.answer)
        if has_cycle:
            assert claim is None and nodes[0] == nodes[-1]
            cycle = nodes[:-1]
            assert len(set(cycle)) == len(cycle) and nx.is_path(graph, nodes)
            assert _cycle_weight(graph, cycle) < 0
            assert nx.has_path(graph, s, cycle[0])
        else:
            best = nx.bellman_ford_path_length(graph, s, t)
            assert claim == best == meta["distance"] == nx.path_weight(graph, nodes, "weight")
            assert nodes[0] == s and nodes[-1] == t
        assert _score(problem, problem.answer).reward == 1.0
    assert kinds == {True, False}


def test_a_third_of_hard_problems_have_a_negative_cycle_and_easy_ones_fewer():
    def share(d):
        return sum(_gen(ENV, s, d).meta["negative_cycle"] for s in range(300)) / 300

    easy, hard = share(0.0), share(1.0)
    assert 0.1 < easy < 0.3 and 0.25 < hard < 0.45, (easy, hard)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 12), m=st.integers(0, 40), seed=st.integers(0, 2**32))
def test_bellman_ford_matches_networkx(n, m, seed):
    rng = random.Random(seed)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    for _ in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            graph.add_edge(u, v, weight=rng.randint(-4, 9))
    adj = [{v: graph[u][v]["weight"] for v in graph[u]} for u in range(n)]
    dist, _, cycle = bellman_ford(adj, 0)
    assert bool(cycle) == _reachable_negative_cycle(graph, 0)
    if cycle:
        assert nx.is_path(graph, [*cycle, cycle[0]]) and _cycle_weight(graph, cycle) < 0
        assert len(set(cycle)) == len(cycle) and nx.has_path(graph, 0, cycle[0])
    else:
        lengths = nx.single_source_bellman_ford_path_length(graph, 0)
        assert dist == [lengths.get(v) for v in range(n)]


# -- other right answers ---------------------------------------------------------------------
def test_other_shortest_paths_and_other_negative_cycles_score_one():
    paths = cycles = 0
    for problem in _problems(80, (0.3, 0.7, 1.0)):
        graph, meta = nx_graph(problem), problem.meta
        s, t = meta["source"], meta["target"]
        if meta["negative_cycle"]:
            reach = graph.subgraph(nx.descendants(graph, s) | {s})
            negative = (
                c for c in nx.simple_cycles(reach, length_bound=6) if _cycle_weight(graph, c) < 0
            )
            for found in itertools.islice(negative, 3):
                text = "negative cycle: " + _path([*found, found[0]])
                assert _score(problem, text).reward == 1.0
                rotated = [*found[1:], found[0]]  # the same cycle from another node, not closed
                assert _score(problem, "Negative cycle " + ", ".join(map(str, rotated))).reward == 1
                cycles += _path(found) not in problem.answer
            continue
        for path in itertools.islice(
            nx.all_shortest_paths(graph, s, t, weight="weight", method="bellman-ford"), 4
        ):
            assert _score(problem, f"{meta['distance']}: {_path(path)}").reward == 1.0
            paths += _path(path) not in problem.answer
    assert paths >= 5 and cycles >= 5, (paths, cycles)


def test_answers_written_differently_score_one():
    done = 0
    for problem in _problems(40):
        if problem.meta["negative_cycle"]:
            continue
        d, path = problem.answer.split(": ")
        nodes = path.split(" -> ")
        for text in (
            f"{d}: [{', '.join(nodes)}]",
            f"distance = {d}; {' '.join(nodes)}",
            f"{d.replace('-', '−')} : {'->'.join(nodes)}.",
            f"  {d}:{' → '.join(nodes)}  ",
        ):
            assert _score(problem, text).reward == 1.0, text
        done += 1
    assert done >= 50


# -- wrong answers -----------------------------------------------------------------------------
def test_valid_but_longer_paths_and_wrong_distances_fail():
    longer = 0
    for problem in _problems(60, (0.5, 1.0)):
        graph, meta = nx_graph(problem), problem.meta
        if meta["negative_cycle"]:
            continue
        s, t, best = meta["source"], meta["target"], meta["distance"]
        _, path = problem.answer.split(": ")
        assert _score(problem, f"{best + 1}: {path}").reward == 0.0
        assert _score(problem, f"{best - 1}: {path}").reward == 0.0
        for simple in itertools.islice(nx.all_simple_paths(graph, s, t), 200):
            weight = nx.path_weight(graph, simple, "weight")
            if weight > best:
                assert _score(problem, f"{weight}: {_path(simple)}").reward == 0.0
                assert _score(problem, f"{best}: {_path(simple)}").reward == 0.0
                longer += 1
                break
    assert longer >= 20


def test_the_wrong_kind_of_answer_fails():
    for problem in _problems(40):
        graph, meta = nx_graph(problem), problem.meta
        s, t = meta["source"], meta["target"]
        if meta["negative_cycle"]:
            path = nx.shortest_path(graph, s, t)
            weight = nx.path_weight(graph, path, "weight")
            assert _score(problem, f"{weight}: {_path(path)}").reward == 0.0
        else:
            for cycle in itertools.islice(nx.simple_cycles(graph), 5):
                text = "negative cycle: " + _path(cycle)
                assert _score(problem, text).reward == 0.0


def test_unreachable_decoy_cycles_do_not_count():
    decoys = 0
    for problem in _problems(120, (1.0,)):
        graph, meta = nx_graph(problem), problem.meta
        s = meta["source"]
        unreachable = set(graph) - nx.descendants(graph, s) - {s}
        if not unreachable or meta["negative_cycle"]:
            continue
        for cycle in nx.simple_cycles(graph.subgraph(unreachable)):
            if _cycle_weight(graph, cycle) < 0:
                assert _score(problem, "negative cycle: " + _path(cycle)).reward == 0.0
                decoys += 1
    assert decoys >= 20


def test_malformed_cycles_fail():
    for problem in _problems(40):
        if not problem.meta["negative_cycle"]:
            continue
        _, cycle = parse_answer(problem.answer)
        cycle = cycle[:-1]
        n = problem.meta["nodes"]
        bad = [
            cycle + cycle,  # every node twice
            [*cycle, n + 3],  # out of range
            cycle[:1],  # a single node
            list(reversed(cycle)) if len(cycle) > 2 else [*cycle, cycle[0], cycle[1]],
        ]
        for nodes in bad:
            assert _score(problem, "negative cycle: " + _path(nodes)).reward == 0.0
        assert not _score(problem, "negative cycle").correct
        assert not _score(problem, "negative cycle: yes").correct


@pytest.mark.parametrize(
    "text",
    ["0", "1", "-1", "none", "negative cycle", "", "3 or 4", "-4", "no path", "-4: ", ": 1 -> 2"],
)
def test_constants_and_hedges_earn_nothing(text):
    for problem in _problems(10):
        assert _score(problem, text).reward == 0.0


def test_the_prompt_echoed_earns_nothing():
    for problem in _problems(10):
        assert _score(problem, problem.prompt).reward == 0.0
        assert _score(problem, problem.answer + " or 0: 1 -> 2").reward == 0.0


def test_parse_answer_is_strict():
    assert parse_answer("-4: 3 -> 0 -> 7") == (-4, [3, 0, 7])
    assert parse_answer("negative cycle: 2 -> 5 -> 2") == (None, [2, 5, 2])
    for text in ("4 3 -> 0", "-4: 3 -> x", "negative cycle:", "cycle: 1 -> 2", "4.5: 1 -> 2"):
        with pytest.raises(AnswerError):
            parse_answer(text)


# -- property tests ------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF, cut=st.integers(0, 50), node=st.integers(0, 60))
def test_the_verifier_agrees_with_networkx_on_perturbed_answers(seed, difficulty, cut, node):
    problem = _gen(ENV, seed, difficulty)
    assert _score(problem, problem.answer).reward == 1.0
    graph, meta = nx_graph(problem), problem.meta
    claim, nodes = parse_answer(problem.answer)
    nodes = list(nodes)
    nodes[cut % len(nodes)] = node % meta["nodes"]  # maybe the same node, maybe not
    if claim is None:
        ring = nodes[:-1] if cut % len(nodes) != len(nodes) - 1 else nodes[1:]
        valid = (
            len(set(ring)) == len(ring) >= 2
            and nx.is_path(graph, [*ring, ring[0]])
            and _cycle_weight(graph, ring) < 0
        )
        expected = 1.0 if valid else 0.0
        assert _score(problem, "negative cycle: " + _path([*ring, ring[0]])).reward == expected
    else:
        valid = (
            nx.is_path(graph, nodes)
            and nodes[0] == meta["source"]
            and nodes[-1] == meta["target"]
            and nx.path_weight(graph, nodes, "weight") == claim
        )
        assert _score(problem, f"{claim}: {_path(nodes)}").reward == (1.0 if valid else 0.0)
