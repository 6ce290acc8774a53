"""What is specific to the graph families beyond the generic family contract.

networkx is the reference oracle here: every answer our generators compute with their own
textbook algorithms is recomputed with networkx on the problem's graph. For each family with
several right answers, an alternative valid answer found independently (with networkx)
scores 1, and hypothesis-generated perturbations of the oracle answer are judged exactly as
an independent networkx-based validity check says: valid ones score 1, invalid ones below 1.
The prompt encodes the graph faithfully in each of the three encodings.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.graph import GRAPH_V0
from rlvr_envs.families.graph._graphs import (
    ENCODINGS,
    AnswerError,
    Graph,
    parse_edges,
    parse_int,
    parse_mapping,
    parse_nodes,
)
from rlvr_envs.families.graph.maximum_matching import matching_size
from rlvr_envs.registry import format_answer

GRAPH_IDS = rlvr_envs.list_envs(domain="graph", mixtures=False)
CROSS_DIFFICULTIES = (0.0, 0.5, 1.0)


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    return rlvr_envs.make_task(env_id).generate(seed, difficulty, knobs or None)


def _score(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def nx_graph(problem) -> nx.Graph:
    meta = problem.meta
    graph = nx.DiGraph() if meta["directed"] else nx.Graph()
    graph.add_nodes_from(range(meta["nodes"]))
    for edge in meta["edges"]:
        graph.add_edge(edge[0], edge[1], weight=edge[2] if len(edge) == 3 else 1)
    return graph


def _problems(env_id: str, seeds: int = 40):
    for seed, difficulty in itertools.product(range(seeds), CROSS_DIFFICULTIES):
        yield _gen(env_id, seed, difficulty)


def test_the_mixture_is_frozen_and_holds_every_graph_family():
    assert set(GRAPH_V0) <= set(GRAPH_IDS) and len(set(GRAPH_V0)) == len(GRAPH_V0) >= 12
    task = rlvr_envs.make_task("rlvr/Graph-v0")
    assert [m.env_id for m in task.members] == GRAPH_V0
    assert all(rlvr_envs.make_task(e).domain == "graph" for e in GRAPH_V0)


def test_every_family_has_the_encoding_knob_outside_the_difficulty_map():
    for env_id in GRAPH_IDS:
        task = rlvr_envs.make_task(env_id)
        knob = task.knob_space["encoding"]
        assert knob.choices == ENCODINGS
        assert {task.family.knobs_for(d)["encoding"] for d in (0, 0.5, 1)} == {"edge_list"}
        moving = [
            name
            for name in task.knob_space
            if task.family.knobs_for(0)[name] != task.family.knobs_for(1)[name]
        ]
        assert len(moving) >= 2, (env_id, moving)


# -- the oracle agrees with networkx ---------------------------------------------------------
def _nx_answer_agrees(problem) -> bool:
    graph, meta, family = nx_graph(problem), problem.meta, problem.family
    if family == "ShortestPath":
        best = nx.dijkstra_path_length(graph, meta["source"], meta["target"])
        path = parse_nodes(problem.answer)
        return best == meta["distance"] and nx.path_weight(graph, path, "weight") == best
    if family == "ConnectedComponents":
        groups = {frozenset(parse_nodes(part)) for part in problem.answer.split(";")}
        return groups == {frozenset(c) for c in nx.connected_components(graph)}
    if family == "CycleDetection":
        if not meta["acyclic"]:
            return not nx.is_directed_acyclic_graph(graph)
        order = parse_nodes(problem.answer.removeprefix("none:"))
        return nx.is_directed_acyclic_graph(graph) and _is_topological(graph, order)
    if family == "TopologicalOrder":
        return nx.is_directed_acyclic_graph(graph)
    if family == "MinimumSpanningTree":
        return int(problem.answer) == nx.minimum_spanning_tree(graph).size(weight="weight")
    if family == "MaxFlow":
        for _, _, data in graph.edges(data=True):
            data["capacity"] = data["weight"]
        return int(problem.answer) == nx.maximum_flow_value(graph, meta["source"], meta["sink"])
    if family == "Bipartite":
        return meta["bipartite"] == nx.is_bipartite(graph)
    if family == "GraphColoring":
        return True  # the oracle colouring itself is checked by the generic oracle test
    if family == "EulerianPath":
        if not meta["eulerian"]:
            odd = sorted(u for u, d in graph.degree if d % 2)
            witness = parse_nodes(problem.answer.removeprefix("none:"))
            if witness != odd or len(odd) <= 2:
                return False
        return meta["eulerian"] == nx.has_eulerian_path(graph) and nx.is_connected(graph)
    if family == "Diameter":
        value, pair = problem.answer.split(":")
        u, v = parse_nodes(pair)
        best = nx.diameter(graph, weight="weight")
        length = nx.shortest_path_length(graph, u, v, weight="weight")
        return int(value) == best == length == meta["diameter"] and nx.is_connected(graph)
    if family == "MaximumMatching":
        pairs = {tuple(edge) for edge in parse_edges(problem.answer)}
        best = len(nx.max_weight_matching(graph, maxcardinality=True))
        return nx.is_matching(graph, pairs) and len(pairs) == best == meta["size"]
    if family == "ArticulationPoints":
        found = [] if problem.answer == "none" else parse_nodes(problem.answer)
        return nx.is_connected(graph) and set(found) == set(nx.articulation_points(graph))
    if family == "Bridges":
        found = [] if problem.answer == "none" else parse_edges(problem.answer)
        expected = {frozenset(e) for e in nx.bridges(graph)}
        return nx.is_connected(graph) and {frozenset(e) for e in found} == expected
    raise AssertionError(f"no networkx cross-check for {family}")


@pytest.mark.parametrize("env_id", GRAPH_IDS)
def test_reference_answers_agree_with_networkx(env_id):
    for problem in _problems(env_id):
        assert _nx_answer_agrees(problem), (problem.seed, problem.knobs, problem.answer)


@pytest.mark.parametrize("env_id", GRAPH_IDS)
def test_reference_answers_agree_with_networkx_at_the_knob_limits(env_id):
    task = rlvr_envs.make_task(env_id)
    for name, knob in task.knob_space.items():
        if knob.type in ("int", "float"):
            for value, seed in itertools.product((knob.low, knob.high), range(2)):
                value = int(value) if knob.type == "int" else value
                problem = task.generate(seed, knobs={name: value})
                assert _nx_answer_agrees(problem), (name, value, seed)


def test_yes_no_families_are_balanced():
    for env_id, key in [
        ("rlvr/CycleDetection-v0", "acyclic"),
        ("rlvr/Bipartite-v0", "bipartite"),
        ("rlvr/EulerianPath-v0", "eulerian"),
    ]:
        share = sum(_gen(env_id, s, 0.5).meta[key] for s in range(200)) / 200
        assert 0.35 < share < 0.65, (env_id, share)


def test_the_blossom_matching_agrees_with_networkx_on_small_dense_graphs():
    # Small dense graphs are where blossoms (odd cycles) decide the answer.
    for seed, (n, m) in enumerate(itertools.product(range(2, 12), (3, 6, 10, 16, 25))):
        graph = nx.gnm_random_graph(n, min(m, n * (n - 1) // 2), seed=seed)
        neighbours = [sorted(graph[u]) for u in range(n)]
        expected = len(nx.max_weight_matching(graph, maxcardinality=True))
        assert matching_size(neighbours) == expected, (n, m, seed)


# -- the prompt encodes the graph faithfully ----------------------------------------------
_NUMBERS = re.compile(r"\d+")


def _edges_from_prompt(problem) -> Counter:
    """Recover the edge multiset from the prompt text alone."""
    meta, encoding = problem.meta, problem.knobs["encoding"]
    body = problem.prompt.split("\n\n")[1]
    found: Counter = Counter()
    if encoding == "edge_list":
        for line in body.splitlines()[1:]:
            found[tuple(int(x) for x in _NUMBERS.findall(line))] += 1
    elif encoding == "adjacency_list":
        for line in body.splitlines()[1:]:
            head, _, rest = line.partition(":")
            for item in rest.split(","):
                numbers = [int(x) for x in _NUMBERS.findall(item)]
                if numbers:
                    found[(int(head), *numbers)] += 1
    else:
        sentences = body.split(". ")[1:]
        for sentence in sentences:
            weight = re.search(r"(?:weight|capacity) (\d+)", sentence)
            ends = _NUMBERS.findall(re.sub(r"(?:weight|capacity) \d+", "", sentence))
            key = tuple(int(x) for x in ends) + ((int(weight.group(1)),) if weight else ())
            found[key] += 1
    if not meta["directed"]:
        merged: Counter = Counter()
        for key, count in found.items():
            merged[(*sorted(key[:2]), *key[2:])] += count
        found = merged
        if encoding == "adjacency_list":  # each undirected edge is listed at both ends
            found = Counter({k: c // 2 for k, c in found.items()})
    return found


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("env_id", GRAPH_IDS)
def test_each_encoding_states_exactly_the_graph(env_id, encoding):
    for seed in range(4):
        problem = _gen(env_id, seed, 0.6, encoding=encoding)
        graph = Graph.from_meta(problem.meta)
        expected = Counter(
            (e[0], e[1], *e[2:]) if graph.directed else (*sorted(e[:2]), *e[2:])
            for e in graph.edges
        )
        assert _edges_from_prompt(problem) == expected, (env_id, encoding, seed)
        assert f"{graph.n} nodes, numbered 0 to {graph.n - 1}" in problem.prompt


def test_sentences_vary_their_phrasing():
    prompt = _gen("rlvr/ShortestPath-v0", 0, 1.0, encoding="sentences").prompt
    assert "joined by an edge of weight" in prompt and "has weight" in prompt


# -- answer syntax ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["0 -> 3 -> 5", "0, 3, 5", "[0, 3, 5]", "0 3 5", "0-3-5", "0 → 3 → 5", "(0,3,5)."]
)
def test_node_lists_accept_the_documented_separators(text):
    assert parse_nodes(text) == [0, 3, 5]


@pytest.mark.parametrize(
    "text",
    ["", "0 -> -> 3", "0, 3,", "-1, 3", "path: 0 -> 3", "0.5", "1e3", "٣", "1234567", "0 -> x"],
)
def test_malformed_node_lists_are_rejected(text):
    with pytest.raises(AnswerError):
        parse_nodes(text)


def test_other_answer_parsers():
    assert parse_mapping("{0: 1; 1 = 2\n2: 3}") == [(0, 1), (1, 2), (2, 3)]
    assert parse_edges("(0, 3), (2, 5)") == parse_edges("0-3, 2 -- 5") == [(0, 3), (2, 5)]
    assert parse_int(" 42. ") == parse_int("+42") == parse_int("42") == 42
    assert parse_int("1,000") == parse_int("1 000") == parse_int("1\u202f000") == 1000
    for bad in ("0: 1, 1", "0: 1,", ": 1"):
        with pytest.raises(AnswerError):
            parse_mapping(bad)
    for bad in ("0, 3, 2, 5", "(0, 3", "0-3,", "0-"):
        with pytest.raises(AnswerError):
            parse_edges(bad)
    for bad in ("-3", "\u22123", "4.5", "42.0", "1,00", "٤٢", "4²", "9" * 16, "four", "40 + 2"):
        with pytest.raises(AnswerError):
            parse_int(bad)


def test_set_answers_accept_any_order_and_orientation_and_reject_repeats():
    for seed in range(30):
        points = _gen("rlvr/ArticulationPoints-v0", seed)
        if points.answer != "none":
            nodes = parse_nodes(points.answer)
            assert _score(points, " ".join(map(str, reversed(nodes)))).correct
            assert _score(points, ", ".join(map(str, nodes + nodes[:1]))).reason == "unparsable"
            assert not _score(points, "none").correct
        bridges = _gen("rlvr/Bridges-v0", seed)
        if bridges.answer != "none":
            edges = parse_edges(bridges.answer)
            flipped = ", ".join(f"({v}, {u})" for u, v in reversed(edges))
            assert _score(bridges, flipped).correct
            assert not _score(bridges, ", ".join(f"{u}-{v}" for u, v in edges[1:])).correct


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(2, 30), extra=st.integers(0, 40), seed=st.integers(0, 2**32), weight=st.booleans()
)
def test_breadth_first_paths_are_the_paths_dijkstra_picks_on_unit_weights(n, extra, seed, weight):
    """ShortestPath uses BFS when every edge weighs 1; the reference path must not change."""
    import random

    from rlvr_envs.families.graph._graphs import (
        connected_edges,
        dijkstra,
        unit_shortest_path,
        walk_back,
    )

    rng = random.Random(seed)
    edges = connected_edges(rng, n, n - 1 + extra)
    graph = Graph(n, [(u, v, 1) for u, v in edges] if weight else edges)
    adj = graph.adjacency()
    source = rng.randrange(n)
    dist, pred, hops = dijkstra(adj, source)
    bfs_dist, path_to = unit_shortest_path(adj, source)
    assert bfs_dist == hops == dist
    for target in range(n):
        assert path_to(target) == walk_back(pred, target)


def test_unit_weight_problems_match_networkx():
    for seed in range(60):
        problem = _gen("rlvr/ShortestPath-v0", seed, nodes=25, degree=2.06, max_weight=1)
        assert _nx_answer_agrees(problem)
        assert _score(problem, problem.answer).correct


# -- ShortestPath: alternatives, partial credit and perturbations -----------------------------
def test_a_different_shortest_path_scores_one():
    found = 0
    for seed in range(300):
        problem = _gen("rlvr/ShortestPath-v0", seed, 0.3)
        graph, meta = nx_graph(problem), problem.meta
        paths = itertools.islice(
            nx.all_shortest_paths(graph, meta["source"], meta["target"], weight="weight"), 5
        )
        for path in paths:
            if " -> ".join(map(str, path)) != problem.answer:
                assert _score(problem, ", ".join(map(str, path))).reward == 1.0
                found += 1
    assert found >= 5


def test_a_longer_valid_path_gets_partial_credit_only_in_score():
    checked = 0
    for seed in range(40):
        problem = _gen("rlvr/ShortestPath-v0", seed, 0.5)
        graph, meta = nx_graph(problem), problem.meta
        for path in itertools.islice(
            nx.shortest_simple_paths(graph, meta["source"], meta["target"], weight="weight"), 6
        ):
            length = nx.path_weight(graph, path, "weight")
            if length == meta["distance"]:
                continue
            verdict = _score(problem, " -> ".join(map(str, path)))
            assert verdict.reward == 0.0 and verdict.reason == "partial"
            assert verdict.score == pytest.approx(meta["distance"] / length)
            problem.meta["partial_credit"] = True
            assert _score(problem, " -> ".join(map(str, path))).reward == verdict.score
            checked += 1
            break
    assert checked >= 20


def _node_perturbation():
    return st.lists(
        st.tuples(st.sampled_from(["replace", "delete", "insert", "swap", "reverse"]),
                  st.integers(0, 10**6), st.integers(0, 10**6)),
        min_size=1, max_size=2,
    )  # fmt: skip


def _perturb(nodes: list[int], ops, n: int) -> list[int]:
    nodes = list(nodes)
    for op, a, b in ops:
        if not nodes:
            break
        i, j = a % len(nodes), b % len(nodes)
        if op == "replace":
            nodes[i] = b % n
        elif op == "delete" and len(nodes) > 1:
            del nodes[i]
        elif op == "insert":
            nodes.insert(i, b % n)
        elif op == "swap":
            nodes[i], nodes[j] = nodes[j], nodes[i]
        elif op == "reverse":
            nodes.reverse()
    return nodes


PERTURB = settings(max_examples=40, deadline=None)
_SEED, _DIFF = st.integers(0, 10**6), st.floats(0, 1)


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_paths_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/ShortestPath-v0", seed, difficulty)
    graph, meta = nx_graph(problem), problem.meta
    path = _perturb(parse_nodes(problem.answer), ops, meta["nodes"])
    valid = (
        path[0] == meta["source"]
        and path[-1] == meta["target"]
        and nx.is_path(graph, path)
        and nx.path_weight(graph, path, "weight")
        == nx.dijkstra_path_length(graph, meta["source"], meta["target"])
    )
    verdict = _score(problem, " -> ".join(map(str, path)))
    assert verdict.correct == valid and (verdict.reward == 1.0) == valid, (path, verdict)


# -- CycleDetection ------------------------------------------------------------------------
def _is_directed_cycle(graph: nx.DiGraph, cycle: list[int]) -> bool:
    if len(cycle) == 2:  # the documented syntax: a two-node cycle is written closed
        return False
    if len(cycle) > 1 and cycle[0] == cycle[-1]:
        cycle = cycle[:-1]
    return (
        len(cycle) >= 2
        and len(set(cycle)) == len(cycle)
        and all(graph.has_edge(u, v) for u, v in zip(cycle, cycle[1:] + cycle[:1]))
    )


def test_other_cycles_and_rotations_score_one():
    others = 0
    for seed in range(60):
        problem = _gen("rlvr/CycleDetection-v0", seed, 0.8)
        if problem.meta["acyclic"]:
            assert _score(problem, "None.").reason == "unparsable"  # the witness is required
            graph = nx_graph(problem)
            order = list(nx.lexicographical_topological_sort(graph, key=lambda u: -u))
            assert _score(problem, "none: " + " ".join(map(str, order))).correct
            assert not _score(problem, "none: " + ", ".join(map(str, order[::-1]))).correct
            continue
        assert not _score(
            problem, "none: " + ", ".join(map(str, range(problem.meta["nodes"])))
        ).correct
        assert _score(problem, "none").reason == "unparsable"
        oracle = parse_nodes(problem.answer)[:-1]
        rotated = oracle[1:] + oracle[:1]
        if len(rotated) > 2:
            assert _score(problem, " -> ".join(map(str, rotated))).correct  # no closing repeat
        assert not _score(problem, "none").correct
        for cycle in itertools.islice(nx.simple_cycles(nx_graph(problem)), 20):
            if sorted(cycle) != sorted(oracle):
                assert _score(problem, " -> ".join(map(str, [*cycle, cycle[0]]))).correct
                others += 1
    assert others >= 5


def test_an_edge_line_copied_from_the_prompt_is_not_a_two_node_cycle():
    found = 0
    for seed in range(200):
        problem = _gen("rlvr/CycleDetection-v0", seed, 0.5, encoding="edge_list")
        graph = nx_graph(problem)
        pairs = [(u, v) for u, v in graph.edges if graph.has_edge(v, u)]
        if not pairs:
            continue
        u, v = pairs[0]
        assert f"{u} -> {v}" in problem.prompt.splitlines()
        assert _score(problem, f"{u} -> {v}").reward == 0.0
        assert _score(problem, f"{u} -> {v} -> {u}").reward == 1.0
        found += 1
    assert found >= 10


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_cycles_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/CycleDetection-v0", seed, difficulty)
    graph = nx_graph(problem)
    if problem.meta["acyclic"]:
        # any cycle claimed in a DAG is invalid
        candidate = [0, *_perturb([1], ops, problem.meta["nodes"])]
    else:
        candidate = _perturb(parse_nodes(problem.answer)[:-1], ops, problem.meta["nodes"])
    verdict = _score(problem, " -> ".join(map(str, candidate)))
    assert verdict.correct == _is_directed_cycle(graph, candidate), (candidate, verdict)


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_acyclicity_witnesses_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/CycleDetection-v0", seed, difficulty)
    graph, n = nx_graph(problem), problem.meta["nodes"]
    order = _perturb(list(nx.topological_sort(graph)) if problem.meta["acyclic"] else [], ops, n)
    order = order or _perturb(list(range(n)), ops, n)
    verdict = _score(problem, "none: " + ", ".join(map(str, order)))
    valid = nx.is_directed_acyclic_graph(graph) and _is_topological(graph, order)
    assert verdict.correct == valid, (order, verdict)


def test_constant_answers_earn_nothing_on_problems_with_a_none_case():
    for env_id in ("rlvr/CycleDetection-v0", "rlvr/EulerianPath-v0"):
        for constant in ("none", "None.", "none: 0, 1, 2"):
            rewards = [_score(_gen(env_id, s, 0.5), constant).reward for s in range(100)]
            assert sum(rewards) <= 10, (env_id, constant, sum(rewards))


# -- TopologicalOrder ------------------------------------------------------------------------
def _is_topological(graph: nx.DiGraph, order: list[int]) -> bool:
    if sorted(order) != sorted(graph.nodes):
        return False
    position = {u: i for i, u in enumerate(order)}
    return all(position[u] < position[v] for u, v in graph.edges)


def test_a_different_topological_order_scores_one():
    different = 0
    for seed in range(40):
        problem = _gen("rlvr/TopologicalOrder-v0", seed, 0.5)
        graph = nx_graph(problem)
        order = list(nx.lexicographical_topological_sort(graph, key=lambda u: -u))
        assert _score(problem, " ".join(map(str, order))).correct
        different += ", ".join(map(str, order)) != problem.answer
    assert different >= 30


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_orders_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/TopologicalOrder-v0", seed, difficulty)
    graph = nx_graph(problem)
    order = _perturb(parse_nodes(problem.answer), ops, problem.meta["nodes"])
    verdict = _score(problem, ", ".join(map(str, order)))
    assert verdict.correct == _is_topological(graph, order), (order, verdict)


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


# -- EulerianPath ------------------------------------------------------------------------------
def _is_eulerian_path(graph: nx.Graph, path: list[int]) -> bool:
    used = Counter(frozenset(step) for step in itertools.pairwise(path))
    return used == Counter(frozenset(e) for e in graph.edges)


def test_other_eulerian_paths_score_one():
    different = 0
    for seed in range(60):
        problem = _gen("rlvr/EulerianPath-v0", seed, 0.6)
        graph = nx_graph(problem)
        if not problem.meta["eulerian"]:
            assert not _score(problem, " -> ".join(map(str, range(problem.meta["nodes"])))).correct
            odd = [u for u, d in graph.degree if d % 2]
            assert len(odd) > 2 and _score(problem, "none").reason == "unparsable"
            assert _score(problem, "none: " + ", ".join(map(str, odd[::-1]))).correct
            even = [u for u, d in graph.degree if d % 2 == 0]
            if even:
                assert not _score(problem, f"none: {', '.join(map(str, odd))}, {even[0]}").correct
            assert not _score(problem, "none: " + ", ".join(map(str, odd[:-1]))).correct
            assert not _score(problem, "none: " + ", ".join(map(str, [*odd, odd[0]]))).correct
            continue
        odd = [u for u, d in graph.degree if d % 2]
        assert not _score(problem, "none: " + ", ".join(map(str, [*odd, 0, 1, 2][:3]))).correct
        oracle = parse_nodes(problem.answer)
        assert _score(problem, " -> ".join(map(str, oracle[::-1]))).correct
        path = [u for u, _ in nx.eulerian_path(graph)] + [list(nx.eulerian_path(graph))[-1][1]]
        assert _score(problem, ", ".join(map(str, path))).correct
        different += path != oracle and path != oracle[::-1]
        assert not _score(problem, "none").correct
    assert different >= 10


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_node_perturbation())
def test_perturbed_eulerian_paths_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/EulerianPath-v0", seed, difficulty)
    graph, n = nx_graph(problem), problem.meta["nodes"]
    if problem.meta["eulerian"]:
        path = _perturb(parse_nodes(problem.answer), ops, n)
    else:  # a walk over some edges: never a valid answer when no Eulerian path exists
        path = _perturb([u for edge in nx.dfs_edges(graph, 0) for u in edge], ops, n)
    verdict = _score(problem, " -> ".join(map(str, path)))
    assert verdict.correct == _is_eulerian_path(graph, path), (path, verdict)


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
        problem = _gen("rlvr/ConnectedComponents-v0", seed, seed / 40)
        components = list(nx.connected_components(nx_graph(problem)))
        assert _score(problem, _partition_text(components, rng)).correct
        assert _score(problem, _partition_text(components, rng) + ";").correct


_PARTITION_MOVES = st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(0, 10**6),
              st.sampled_from(["move", "drop", "dup", "merge"])),
    max_size=3,
)  # fmt: skip
_MATCHING_OPS = st.lists(
    st.tuples(st.sampled_from(["drop", "replace", "add"]),
              st.integers(0, 10**6), st.integers(0, 10**6)),
    max_size=3,
)  # fmt: skip


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, moves=_PARTITION_MOVES)
def test_perturbed_partitions_are_judged_as_networkx_judges_them(seed, difficulty, moves):
    problem = _gen("rlvr/ConnectedComponents-v0", seed, difficulty)
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


COUNTS = [
    ("rlvr/ConnectedComponents-v0", "components"),
    ("rlvr/MaximumMatching-v0", "size"),
    ("rlvr/Diameter-v0", "diameter"),
]


def test_a_count_alone_is_no_answer_to_components_matching_or_diameter():
    for seed in range(20):
        for env_id, key in COUNTS:
            problem = _gen(env_id, seed, 0.5)
            assert _score(problem, str(problem.meta[key])).reward == 0.0


def test_every_pair_at_the_diameter_scores_one_and_others_do_not():
    pairs = 0
    for seed in range(30):
        problem = _gen("rlvr/Diameter-v0", seed, seed / 30)
        graph = nx_graph(problem)
        best = nx.diameter(graph, weight="weight")
        lengths = dict(nx.all_pairs_dijkstra_path_length(graph))
        for u, v in itertools.islice(itertools.permutations(graph.nodes, 2), 200):
            verdict = _score(problem, f"{best}: {u} {v}" if u % 2 else f"{best}: ({u}, {v})")
            assert verdict.correct == (lengths[u][v] == best), (u, v, verdict)
            pairs += lengths[u][v] == best
        u, v = parse_nodes(problem.answer.split(":")[1])
        assert not _score(problem, f"{best + 1}: {u}, {v}").correct
        assert _score(problem, str(best)).reason == "unparsable"  # the witness is required
        assert _score(problem, f"{best}: {u}").reason == "unparsable"
    assert pairs >= 40


def test_other_maximum_matchings_score_one():
    others = 0
    for seed in range(40):
        problem = _gen("rlvr/MaximumMatching-v0", seed, seed / 40)
        graph = nx_graph(problem)
        ours = {frozenset(e) for e in parse_edges(problem.answer)}
        for weight_seed in range(3):  # random weights: networkx finds other maximum matchings
            for u, v in graph.edges:
                graph[u][v]["weight"] = (hash((u, v, weight_seed)) % 7) + 1
            theirs = nx.max_weight_matching(graph, maxcardinality=True)
            text = ", ".join(f"{v}-{u}" if (u + v) % 2 else f"({u}, {v})" for u, v in theirs)
            assert _score(problem, text).correct, text
            others += {frozenset(e) for e in theirs} != ours
    assert others >= 10


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, ops=_MATCHING_OPS)
def test_perturbed_matchings_are_judged_as_networkx_judges_them(seed, difficulty, ops):
    problem = _gen("rlvr/MaximumMatching-v0", seed, difficulty)
    graph, n = nx_graph(problem), problem.meta["nodes"]
    pairs = [tuple(e) for e in parse_edges(problem.answer)]
    for op, a, b in ops:
        if op == "drop" and len(pairs) > 1:
            pairs.pop(a % len(pairs))
        elif op == "replace":
            pairs[a % len(pairs)] = (a % n, b % n)
        elif op == "add":
            pairs.append((a % n, b % n))
    verdict = _score(problem, ", ".join(f"{u}-{v}" for u, v in pairs))
    best = len(nx.max_weight_matching(graph, maxcardinality=True))
    valid = (
        all(graph.has_edge(u, v) for u, v in pairs)
        and len({u for p in pairs for u in p}) == 2 * len(pairs)
        and len(pairs) == best
    )
    assert verdict.correct == valid and (verdict.reward == 1.0) == valid, (pairs, verdict)


# -- everything else -------------------------------------------------------------------------
@pytest.mark.parametrize("env_id", GRAPH_IDS)
def test_answers_naming_missing_nodes_are_wrong_not_errors(env_id):
    problem = _gen(env_id, 3, 0.5)
    n = problem.meta["nodes"]
    for answer in (f"{n} -> {n + 1}", f"{n}: 1", f"yes: {n} | 0", f"{n}-{n + 1}", "999999"):
        verdict = _score(problem, answer)
        assert verdict.reward == 0.0 and verdict.reason in ("wrong", "unparsable"), verdict


def test_importing_the_package_and_using_graph_families_never_imports_networkx():
    script = (
        "import sys, rlvr_envs\n"
        "for env_id in rlvr_envs.list_envs(domain='graph'):\n"
        "    p = rlvr_envs.make_task(env_id).generate(1, 0.5)\n"
        "    assert rlvr_envs.verify(p, rlvr_envs.oracle_completion(p)).reward == 1.0\n"
        "print(json.dumps('networkx' in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", "import json\n" + script],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout) is False


def test_networkx_is_a_test_dependency_not_a_core_one():
    from pathlib import Path

    import tomllib

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]
    assert not any(d.startswith("networkx") for d in project["dependencies"])
    assert any(d.startswith("networkx") for d in project["optional-dependencies"]["dev"])


@pytest.mark.parametrize("env_id", rlvr_envs.list_envs("graph", mixtures=False))
def test_every_encoding_of_a_seed_shows_the_same_instance(env_id):
    task = rlvr_envs.make_task(env_id)
    for seed in range(10):
        problems = [
            task.generate(seed=seed, knobs={"encoding": enc, "nodes": 8})
            for enc in task.knob_space["encoding"].choices
        ]
        assert len({p.prompt for p in problems}) == len(problems)
        assert all(p.meta == problems[0].meta for p in problems)
        assert all(p.answer == problems[0].answer for p in problems)
