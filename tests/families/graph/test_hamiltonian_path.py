"""What ``rlvr/HamiltonianPath-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import re

import networkx as nx
from hypothesis import given, settings

from rlvr_envs.families.graph.parsing import parse_nodes
from tests.families.graph.helpers import _DIFF, _SEED, _gen, _score, nx_graph

ID = "rlvr/HamiltonianPath-v0"


def _is_route(graph: nx.Graph, route: list[int], cycle: bool) -> bool:
    """Independent check: a permutation of the nodes whose steps are all graph edges."""
    if sorted(route) != sorted(graph.nodes):
        return False
    steps = list(zip(route, route[1:] + route[:1])) if cycle else list(itertools.pairwise(route))
    return all(graph.has_edge(u, v) for u, v in steps)


def _all_routes(graph: nx.Graph, cycle: bool):
    """Every Hamiltonian path (or cycle) by brute force over all orders (small graphs only)."""
    for order in itertools.permutations(graph.nodes):
        if _is_route(graph, list(order), cycle):
            yield list(order)


@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF)
def test_the_reference_route_is_hamiltonian_and_scores_one(seed, difficulty):
    problem = _gen(ID, seed, difficulty)
    route = parse_nodes(problem.answer)
    assert _is_route(nx_graph(problem), route, problem.meta["cycle"])
    assert _score(problem, problem.answer).reward == 1.0


@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF)
def test_reversed_rotated_and_reformatted_routes(seed, difficulty):
    problem = _gen(ID, seed, difficulty)
    route = parse_nodes(problem.answer)
    assert _score(problem, ", ".join(map(str, route[::-1]))).reward == 1.0
    assert _score(problem, "[" + " ".join(map(str, route)) + "]").reward == 1.0
    if problem.meta["cycle"]:
        rotated = route[3:] + route[:3]
        assert _score(problem, " -> ".join(map(str, rotated))).reward == 1.0
        closed = rotated + rotated[:1]
        assert _score(problem, " -> ".join(map(str, closed))).reward == 1.0
    else:  # a path written back to its start is not a path
        closed = route + route[:1]
        assert _score(problem, " -> ".join(map(str, closed))).reward == 0.0


def test_other_routes_found_by_brute_force_score_one_and_non_routes_fail():
    others = 0
    for seed in range(40):
        for mode in ("path", "cycle"):
            problem = _gen(ID, seed, nodes=6, degree=3.5, mode=mode)
            graph, cycle = nx_graph(problem), mode == "cycle"
            routes = {tuple(r) for r in _all_routes(graph, cycle)}
            assert routes
            for order in itertools.permutations(range(6)):
                verdict = _score(problem, " -> ".join(map(str, order)))
                assert verdict.correct == (order in routes)
            others += len(routes) > 1 + (2 * 6 - 1 if cycle else 1)
    assert others >= 5


@settings(max_examples=30, deadline=None)
@given(seed=_SEED, difficulty=_DIFF)
def test_broken_routes_fail(seed, difficulty):
    problem = _gen(ID, seed, difficulty)
    route = parse_nodes(problem.answer)
    n = problem.meta["nodes"]
    bad = [
        route[:-1],  # a node missing
        [*route, route[1]],  # a node repeated
        [*route[:-1], route[0]],  # a duplicate in place of a node
        [*route[:-1], n],  # out of range
        [*route, n],
    ]
    for answer in bad:
        assert _score(problem, " -> ".join(map(str, answer))).reward == 0.0
    for constant in ("0", "1", "none", "-1", "0 -> 1", ""):
        assert _score(problem, constant).reward == 0.0


def test_a_non_edge_step_fails():
    checked = 0
    for seed in range(60):
        problem = _gen(ID, seed, 0.8)
        graph = nx_graph(problem)
        route = parse_nodes(problem.answer)
        for i in range(len(route) - 1):
            swapped = [*route[:i], route[i + 1], route[i], *route[i + 2 :]]
            if not _is_route(graph, swapped, problem.meta["cycle"]):
                assert not _score(problem, " -> ".join(map(str, swapped))).correct
                checked += 1
    assert checked >= 100


def test_hedges_and_trailing_text_are_not_rewarded():
    problem = _gen(ID, 3, 0.5)
    route = " -> ".join(map(str, parse_nodes(problem.answer)))
    assert _score(problem, f"{route} or {route}").reward == 0.0
    assert _score(problem, f"{route} and more").reward == 0.0
    assert _score(problem, route + ".").reward == 1.0


def test_decoys_make_the_graph_more_than_the_route():
    for seed in range(50):
        problem = _gen(ID, seed, 1.0)
        n = problem.meta["nodes"]
        assert len(problem.meta["edges"]) >= 2 * n - 1
        assert nx.is_connected(nx_graph(problem))


def test_difficulty_one_asks_for_a_cycle_and_zero_for_a_path():
    assert _gen(ID, 1, 1.0).meta["cycle"] and not _gen(ID, 1, 0.0).meta["cycle"]


# -- the graph and the question read back from the prompt text, not from meta ---------------
_SENTENCE = re.compile(
    r"(?:Node (\d+) is connected to node (\d+)"
    r"|There is an edge between node (\d+) and node (\d+)"
    r"|Nodes (\d+) and (\d+) are adjacent"
    r"|Node (\d+) and node (\d+) are joined by an edge of weight (\d+)"
    r"|The edge between node (\d+) and node (\d+) has weight (\d+)"
    r"|There is an edge of weight (\d+) between node (\d+) and node (\d+))\."
)


def prompt_graph(prompt: str) -> nx.Graph:
    """The undirected (possibly weighted) graph as a reader of the prompt sees it, in any of
    the three encodings; written from the prompt's wording, independently of ``meta``."""
    body = prompt.split("\n\nGive ")[0]
    n = int(re.search(r"graph has (\d+) nodes, numbered 0 to (\d+)", body)[1])
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    if "one per line as" in body:
        for u, v, w in re.findall(r"^(\d+) -- (\d+)(?: \(weight (\d+)\))?$", body, re.M):
            assert not graph.has_edge(int(u), int(v))
            graph.add_edge(int(u), int(v), weight=int(w or 1))
    elif "Each line lists a node" in body:
        for u, items in re.findall(r"^(\d+): (.*)$", body, re.M):
            for item in [] if items == "(none)" else items.split(", "):
                v, w = re.fullmatch(r"(\d+)(?: \((\d+)\))?", item).groups()
                if graph.has_edge(int(u), int(v)):
                    assert graph[int(u)][int(v)]["weight"] == int(w or 1)
                graph.add_edge(int(u), int(v), weight=int(w or 1))
    else:
        sentences = body.split("numbered 0 to", 1)[1].split(". ", 1)[1]
        found = _SENTENCE.findall(sentences)
        assert len(found) == sentences.count("."), "a sentence the reader cannot parse"
        for groups in found:
            nums = [int(x) for x in groups if x]
            if len(nums) == 3 and groups[12]:  # weight first
                nums = [nums[1], nums[2], nums[0]]
            graph.add_edge(nums[0], nums[1], weight=nums[2] if len(nums) == 3 else 1)
    assert all(0 <= u < n for u in graph.nodes)
    return graph


ENCODINGS = ("edge_list", "adjacency_list", "sentences")


def _has_route(graph: nx.Graph, cycle: bool) -> bool:
    """Held-Karp-free reachability over (visited set, end node), written for this test."""
    n, full = graph.number_of_nodes(), (1 << graph.number_of_nodes()) - 1
    starts = [0] if cycle else range(n)
    seen = {(1 << s, s) for s in starts}
    stack = list(seen)
    while stack:
        mask, end = stack.pop()
        if mask == full and (not cycle or graph.has_edge(end, 0)):
            return True
        for nxt in graph[end]:
            state = (mask | 1 << nxt, nxt)
            if not mask >> nxt & 1 and state not in seen:
                seen.add(state)
                stack.append(state)
    return False


def test_the_prompt_text_has_the_route_the_reference_gives_in_every_encoding():
    knobs = [{}, {"nodes": 4, "degree": 2.0, "mode": "cycle"}, {"nodes": 5, "mode": "path"},
             {"nodes": 12, "degree": 2.0, "mode": "cycle"}]  # fmt: skip
    for seed in range(60):
        for extra in (knobs[seed % 4], {}):
            problem = _gen(ID, seed, (None, 0.0, 0.5, 1.0)[seed % 4] if not extra else None,
                           encoding=ENCODINGS[seed % 3], **extra)  # fmt: skip
            graph = prompt_graph(problem.prompt)
            cycle = "Find a Hamiltonian cycle" in problem.prompt
            assert cycle == problem.meta["cycle"]
            assert cycle != ("Find a Hamiltonian path" in problem.prompt)
            assert _has_route(graph, cycle)
            assert _is_route(graph, parse_nodes(problem.answer), cycle)
