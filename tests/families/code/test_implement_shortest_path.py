"""What ``rlvr/ImplementShortestPath-v0`` must do beyond the generic contract.

networkx is the independent oracle for distances; the alternative program below (Dijkstra
that walks back from the target choosing the LARGEST-labelled predecessor on a shortest
path) returns another shortest path on some tests and must score 1 all the same.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.code import implement_shortest_path as module
from tests.families.code.helpers import (
    RULED_OUT_AT,
    accepts_against_reference,
    assert_only_the_efficient_program_finishes,
    assert_ruled_out,
    code,
    load_function,
    task,
)

ENV = "rlvr/ImplementShortestPath-v0"

# Bellman-Ford with an early stop: fine on small graphs, thousands of rounds on the large one
NAIVE = """\
def shortest_path(n, edges, source, target):
    inf = float("inf")
    dist = [inf] * n
    prev = [-1] * n
    dist[source] = 0
    for _ in range(n - 1):
        changed = False
        for u, v, w in edges:
            if dist[u] + w < dist[v]:
                dist[v], prev[v], changed = dist[u] + w, u, True
            if dist[v] + w < dist[u]:
                dist[u], prev[u], changed = dist[v] + w, v, True
        if not changed:
            break
    if dist[target] == inf:
        return None
    path = [target]
    while path[-1] != source:
        path.append(prev[path[-1]])
    return path[::-1]
"""

# Distances from the source by Dijkstra, then a walk back from the target through the
# largest-labelled neighbour that lies on a shortest path: another witness than the oracle's
LAST_CHOICE = """\
import heapq


def shortest_path(n, edges, source, target):
    adj = [[] for _ in range(n)]
    for u, v, w in edges:
        adj[u].append((v, w))
        adj[v].append((u, w))
    dist = [None] * n
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if dist[u] is not None:
            continue
        dist[u] = d
        for v, w in adj[u]:
            if dist[v] is None:
                heapq.heappush(heap, (d + w, v))
    if dist[target] is None:
        return None
    path = [target]
    while path[-1] != source:
        u = path[-1]
        path.append(max(v for v, w in adj[u] if dist[v] is not None and dist[v] + w == dist[u]))
    return path[::-1]
"""


def exec_solution(source: str):
    return load_function(source, "shortest_path")


def family():
    return rlvr_envs.make_task(ENV).family


def nx_distance(n, edges, source, target):
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(edges)
    try:
        return nx.dijkstra_path_length(graph, source, target)
    except nx.NetworkXNoPath:
        return None


def weight_of(edges, path):
    weight = {}
    for u, v, w in edges:
        weight[u, v] = weight[v, u] = w
    return sum(weight[step] for step in itertools.pairwise(path))


def accepts(args, output) -> bool:
    return accepts_against_reference(ENV, args, output)


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 9))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    edges = [
        [v, u, draw(st.integers(1, 6))] if draw(st.booleans()) else [u, v, draw(st.integers(1, 6))]
        for u, v in chosen
    ]
    return [n, edges, draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))]


@settings(max_examples=200, deadline=None)
@given(graphs())
def test_solution_reference_and_alternative_agree_with_networkx(args):
    fam = family()
    best = nx_distance(*args)
    expected = fam.reference(*args)
    assert (expected is None) == (best is None)
    if best is not None:
        assert weight_of(args[1], expected) == best
    for program in (exec_solution(module.SOLUTION), exec_solution(LAST_CHOICE)):
        output = program(*args)
        assert fam.accepts({"args": args, "expected": expected}, output)


def test_the_solution_agrees_on_instances_the_source_family_draws_and_edge_cases():
    fam = family()
    source = fam.source_family()
    solution = exec_solution(module.SOLUTION)
    rng = random.Random(5)
    cases = [
        fam.arguments(source.generate(rng, source.knobs_for(rng.random())).meta) for _ in range(200)
    ]
    cases += fam.edge_arguments(rng)
    assert any(fam.reference(*a) is None for a in cases) and not all(
        fam.reference(*a) is None for a in cases
    )
    for args in cases:
        expected = fam.reference(*args)
        if expected is not None:
            assert weight_of(args[1], expected) == nx_distance(*args)
        assert fam.accepts({"args": args, "expected": expected}, solution(*args))


def test_the_large_input_has_one_long_shortest_path():
    fam = family()
    args = fam.large_arguments(random.Random(3), 1)
    n, edges = args[0], args[1]
    assert n == module.LARGE and len(edges) <= round((module.EXTRA + 1) * n)
    assert max(w for _, _, w in edges) <= module.MAX_WEIGHT
    path = fam.reference(*args)
    assert len(path) == n and weight_of(edges, path) == nx_distance(*args)


@settings(max_examples=60, deadline=None)
@given(graphs(), st.data())
def test_accepts_refuses_corrupted_outputs(args, data):
    fam = family()
    right = fam.reference(*args)
    assert accepts(args, right)
    if right is None:
        assert not accepts(args, [args[2], args[3]]) and not accepts(args, [])
        return
    corrupt = data.draw(
        st.sampled_from(["drop", "bools", "one-based", "reversed", "floats", "none"])
    )
    if corrupt == "drop":
        bad = right[:-1] if len(right) > 1 else right + right
    elif corrupt == "bools":
        bad = [bool(u) for u in right]
        if all(type(u) is int for u in bad):  # pragma: no cover
            return
    elif corrupt == "one-based":
        bad = [u + 1 for u in right]
    elif corrupt == "reversed":
        bad = right[::-1] if args[2] != args[3] else [args[2], args[2]]
    elif corrupt == "floats":
        bad = [float(u) for u in right]
    else:
        bad = None
    assert not accepts(args, bad)


@pytest.mark.parametrize(
    "output", [None, "0 1 2", {"0": 1}, [[0]], [10**30], [-1], 3, [True], [0, 2], [0, 0, 1, 2]]
)
def test_accepts_refuses_hostile_values(output):
    assert not accepts([3, [[0, 1, 1], [2, 1, 1]], 0, 2], output)


def test_a_non_shortest_path_fails():
    args = [3, [[0, 1, 1], [1, 2, 1], [0, 2, 5]], 0, 2]
    assert accepts(args, [0, 1, 2])
    assert not accepts(args, [0, 2])
    assert not accepts(args, [0, 1, 0, 1, 2])


WRONG = {
    "constant none": "def shortest_path(n, edges, source, target):\n    return None\n",
    "direct": "def shortest_path(n, edges, source, target):\n    return [source, target]\n",
    "fewest edges (BFS)": """\
from collections import deque


def shortest_path(n, edges, source, target):
    adj = [[] for _ in range(n)]
    for u, v, w in edges:
        adj[u].append(v)
        adj[v].append(u)
    prev = [-2] * n
    prev[source] = -1
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if prev[v] == -2:
                prev[v] = u
                queue.append(v)
    if prev[target] == -2:
        return None
    path = [target]
    while path[-1] != source:
        path.append(prev[path[-1]])
    return path[::-1]
""",
    "directed edges": module.SOLUTION.replace("        adj[v].append((u, w))\n", ""),
    "never None": module.SOLUTION.replace("        return None\n", "        return []\n"),
    "one-based": module.SOLUTION.replace("return path[::-1]", "return [u + 1 for u in path[::-1]]"),
}


def test_a_different_shortest_path_scores_1_and_wrong_programs_fail():
    problem = task(ENV).generate(seed=11, difficulty=0.6)
    tests = task(ENV).family.hidden_tests(problem)
    oracle, other = exec_solution(module.SOLUTION), exec_solution(LAST_CHOICE)
    assert any(oracle(*t["args"]) != other(*t["args"]) for t in tests)
    assert rlvr_envs.verify(problem, code(LAST_CHOICE)).correct
    for name, source in WRONG.items():
        assert not rlvr_envs.verify(problem, code(source)).correct, name


def test_hidden_tests_are_not_in_the_prompt():
    problem = task(ENV).generate(seed=4, difficulty=0.6)
    for test in task(ENV).family.hidden_tests(problem):
        if len(test["args"][1]) > 3:
            assert repr(test["args"][1]) not in problem.prompt


def test_the_naive_bellman_ford_passes_small_tests_and_times_out_on_the_large_one():
    assert_only_the_efficient_program_finishes(ENV, NAIVE, module.SOLUTION)


@pytest.mark.parametrize("difficulty", [0.0, 0.3, 0.6])
def test_an_unreachable_target_is_tested_at_every_difficulty(difficulty):
    """The source draws connected graphs only: the edge cases, in every problem, have
    unreachable targets, or a program that never returns None would score 1."""
    problem = task(ENV).generate(seed=3, difficulty=difficulty, knobs={"scale": 0})
    tests = task(ENV).family.hidden_tests(problem)
    assert sum(nx_distance(*t["args"]) is None for t in tests) >= 2
    assert not rlvr_envs.verify(problem, code(WRONG["never None"])).correct
    assert rlvr_envs.verify(problem, code(LAST_CHOICE)).correct


# -- issue 26: every prompt states n <= 100 (or more) and the time limit -------------------
# Every simple path from the source, by depth-first search: exponential.
ALL_PATHS = """\
def shortest_path(n, edges, source, target):
    adj = [[] for _ in range(n)]
    for u, v, w in edges:
        adj[u].append((v, w))
        adj[v].append((u, w))
    best = [None, None]
    on = [False] * n
    path = [source]

    def dfs(u, d):
        if u == target:
            if best[0] is None or d < best[0]:
                best[0], best[1] = d, list(path)
            return
        for v, w in adj[u]:
            if not on[v]:
                on[v] = True
                path.append(v)
                dfs(v, d + w)
                path.pop()
                on[v] = False

    on[source] = True
    dfs(source, 0)
    return best[1]
"""


@pytest.mark.parametrize("difficulty", RULED_OUT_AT)
def test_a_search_over_every_simple_path_fails_at_every_difficulty(difficulty):
    assert_ruled_out(ENV, ALL_PATHS, module.SOLUTION, difficulty)
