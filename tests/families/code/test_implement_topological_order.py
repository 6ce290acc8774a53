"""What ``rlvr/ImplementTopologicalOrder-v0`` must do beyond the generic contract.

networkx is the independent oracle (acyclicity, cycles); the alternative program below (a
depth-first search, iterative, that emits reversed post-order and finds cycles on the
search's stack) returns other orders and other cycles than Kahn's and must score 1.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.code import implement_topological_order as module
from tests.families.code.helpers import (
    RULED_OUT_AT,
    accepts_against_reference,
    assert_only_the_efficient_program_finishes,
    assert_ruled_out,
    code,
    load_function,
    task,
)

ENV = "rlvr/ImplementTopologicalOrder-v0"

# Repeatedly scan the remaining nodes for one without an in-edge from a remaining node:
# O(n * m), fine on small graphs, far past the limit on the large one
NAIVE = """\
def topological_order(n, edges):
    left = set(range(n))
    order = []
    while left:
        has_in = {v for u, v in edges if u in left and v in left}
        ready = [u for u in sorted(left) if u not in has_in]
        if not ready:
            u = min(left)
            cycle, seen = [], set()
            while u not in seen:
                seen.add(u)
                cycle.append(u)
                u = min(a for a, b in edges if b == u and a in left)
            cycle = cycle[cycle.index(u):]
            return {"cycle": cycle[::-1]}
        order.append(ready[0])
        left.discard(ready[0])
    return {"order": order}
"""

DFS = """\
def topological_order(n, edges):
    out = [[] for _ in range(n)]
    for u, v in edges:
        out[u].append(v)
    state = [0] * n  # 0 new, 1 on the stack, 2 done
    post = []
    for root in range(n - 1, -1, -1):
        if state[root]:
            continue
        stack = [(root, 0)]
        state[root] = 1
        while stack:
            u, i = stack[-1]
            if i < len(out[u]):
                stack[-1] = (u, i + 1)
                v = out[u][i]
                if state[v] == 1:
                    nodes = [w for w, _ in stack]
                    return {"cycle": nodes[nodes.index(v):]}
                if state[v] == 0:
                    state[v] = 1
                    stack.append((v, 0))
            else:
                stack.pop()
                state[u] = 2
                post.append(u)
    return {"order": post[::-1]}
"""


def exec_solution(source: str):
    return load_function(source, "topological_order")


def family():
    return rlvr_envs.make_task(ENV).family


def nx_graph(n, edges):
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    return graph


def independently_valid(n, edges, output) -> bool:
    graph = nx_graph(n, edges)
    ((key, nodes),) = output.items()
    if key == "order":
        position = {u: i for i, u in enumerate(nodes)}
        return sorted(nodes) == list(range(n)) and all(position[u] < position[v] for u, v in edges)
    closed = list(zip(nodes, nodes[1:] + nodes[:1]))
    return len(set(nodes)) == len(nodes) >= 2 and all(graph.has_edge(u, v) for u, v in closed)


def accepts(args, output) -> bool:
    return accepts_against_reference(ENV, args, output)


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 8))
    pairs = [(u, v) for u in range(n) for v in range(n) if u != v]
    chosen = draw(
        st.lists(st.sampled_from(pairs), unique=True, max_size=12) if pairs else st.just([])
    )
    return [n, [list(e) for e in chosen]]


@settings(max_examples=200, deadline=None)
@given(graphs())
def test_solution_reference_and_alternative_agree_with_networkx(args):
    fam = family()
    acyclic = nx.is_directed_acyclic_graph(nx_graph(*args))
    expected = fam.reference(*args)
    assert list(expected) == (["order"] if acyclic else ["cycle"])
    assert independently_valid(*args, expected)
    for program in (exec_solution(module.SOLUTION), exec_solution(DFS)):
        output = program(*args)
        assert independently_valid(*args, output)
        assert fam.accepts({"args": args, "expected": expected}, output)


def test_the_solution_agrees_on_instances_the_source_family_draws_and_edge_cases():
    fam = family()
    source = fam.source_family()
    solution = exec_solution(module.SOLUTION)
    rng = random.Random(5)
    cases = [
        fam.arguments(source.generate(rng, source.knobs_for(rng.random())).meta) for _ in range(200)
    ]
    edge = fam.edge_arguments(rng)
    assert sum("cycle" in fam.reference(*a) for a in edge) >= 3
    for args in cases + edge:
        expected = fam.reference(*args)
        assert independently_valid(*args, expected)
        assert ("order" in expected) == nx.is_directed_acyclic_graph(nx_graph(*args))
        assert fam.accepts({"args": args, "expected": expected}, solution(*args))


def test_the_large_input_is_a_dag_with_one_order():
    fam = family()
    n, edges = fam.large_arguments(random.Random(3), 1)
    assert n == module.LARGE and len(edges) <= (module.EXTRA + 1) * n
    assert len({tuple(e) for e in edges}) == len(edges)
    order = fam.reference(n, edges)["order"]
    assert independently_valid(n, edges, {"order": order})
    assert nx.dag_longest_path_length(nx_graph(n, edges)) == n - 1


RECURSIVE_DFS = """\
{limit}
def topological_order(n, edges):
    out = [[] for _ in range(n)]
    for u, v in edges:
        out[u].append(v)
    state = [0] * n
    stack, where, post = [], {{}}, []
    found = []

    def visit(u):
        state[u] = 1
        where[u] = len(stack)
        stack.append(u)
        for v in out[u]:
            if found:
                return
            if state[v] == 0:
                visit(v)
            elif state[v] == 1:
                found.append(stack[where[v]:])
                return
        state[u] = 2
        stack.pop()
        post.append(u)

    for u in range(n):
        if state[u] == 0 and not found:
            visit(u)
    return {{"cycle": found[0]}} if found else {{"order": post[::-1]}}
"""


@pytest.mark.parametrize("scale", [1, 3])
def test_the_large_input_is_deeper_than_the_default_recursion_limit(scale):
    """The prompt says a recursive search needs more depth than Python's default limit:
    every path from the first node (label 0) to the last (label 1) has over 1,000 edges,
    so a search from node 0 along out-edges, or from node 1 along in-edges, goes that deep
    (random long forward edges once let a recursive search finish within the limit)."""
    n, edges = family().large_arguments(random.Random(scale), scale)
    graph = nx_graph(n, edges)
    assert nx.is_directed_acyclic_graph(graph)
    assert graph.in_degree(0) == 0 and graph.out_degree(1) == 0
    assert nx.shortest_path_length(graph, 0, 1) > 1_500 * scale


def test_a_recursive_search_needs_a_raised_recursion_limit():
    problem = task(ENV).generate(seed=4, difficulty=0.6, knobs={"scale": 1})
    plain = rlvr_envs.verify(problem, code(RECURSIVE_DFS.format(limit="")))
    assert not plain.correct and "RecursionError" in plain.details["failure"]["error"]
    raised = RECURSIVE_DFS.format(limit="import sys\nsys.setrecursionlimit(100_000)\n")
    assert rlvr_envs.verify(problem, code(raised)).correct
    heavy = task(ENV).generate(seed=4, difficulty=1.0, knobs={"scale": 3})
    assert rlvr_envs.verify(heavy, code(raised)).correct


@settings(max_examples=60, deadline=None)
@given(graphs(), st.data())
def test_accepts_refuses_corrupted_outputs(args, data):
    n, edges = args
    fam = family()
    right = fam.reference(*args)
    assert accepts(args, right)
    ((key, nodes),) = right.items()
    other = "cycle" if key == "order" else "order"
    corrupt = data.draw(
        st.sampled_from(["key", "drop", "bools", "one-based", "floats", "bare", "both"])
    )
    if corrupt == "key":
        bad = {other: nodes}
    elif corrupt == "drop":
        bad = {key: nodes[:-1]}
    elif corrupt == "bools":
        bad = {key: [bool(u) for u in nodes]}
        if all(type(u) is int for u in bad[key]):
            return
    elif corrupt == "one-based":
        bad = {key: [u + 1 for u in nodes]}
    elif corrupt == "floats":
        bad = {key: [float(u) for u in nodes]}
    elif corrupt == "bare":
        bad = nodes
    else:
        bad = {key: nodes, other: nodes}
    shifted = corrupt in ("key", "drop", "one-based")
    if shifted and max(bad[next(iter(bad))], default=0) < n and independently_valid(n, edges, bad):
        return  # a shorter cycle, or a shifted one, can be another right answer
    assert not accepts(args, bad)


@pytest.mark.parametrize(
    "output",
    [
        None,
        "0 1 2",
        {"order": "012"},
        {"order": [[0]]},
        {"order": [0, 1, 10**30]},
        [0, 1, 2],
        {"cycle": [0, 1]},
        {"order": [0, 1, 2, 2]},
        {"order": [2, 1, 0]},
        {1: [0, 1, 2]},
        {},
    ],
)
def test_accepts_refuses_hostile_values(output):
    assert not accepts([3, [[0, 1], [1, 2]]], output)


def test_a_cycle_must_be_closed_and_simple():
    args = [4, [[0, 1], [1, 2], [2, 0], [2, 3]]]
    assert accepts(args, {"cycle": [1, 2, 0]})
    for bad in ([0, 1, 2, 0], [0, 1], [0, 1, 2, 3], [2, 1, 0], [0, 1, 2, 0, 1, 2]):
        assert not accepts(args, {"cycle": bad}), bad
    assert not accepts(args, {"order": [0, 1, 2, 3]})


WRONG = {
    "constant": "def topological_order(n, edges):\n    return {'order': list(range(n))}\n",
    "always a cycle": "def topological_order(n, edges):\n    return {'cycle': [0, 1]}\n",
    "no cycle check": module.SOLUTION.replace("    if len(order) == n:\n", "    if True:\n"),
    "bare list": module.SOLUTION.replace('return {"order": order}', "return order"),
    "leftover as cycle": module.SOLUTION.replace(
        "    # every node left", '    return {"cycle": [u for u in range(n) if indegree[u]]}\n    #'
    ),
    "edges reversed": module.SOLUTION.replace(
        'return {"order": order}', 'return {"order": order[::-1]}'
    ),
}


def test_a_different_answer_scores_1_and_wrong_programs_fail():
    problem = task(ENV).generate(seed=11, difficulty=0.6)
    tests = task(ENV).family.hidden_tests(problem)
    oracle, other = exec_solution(module.SOLUTION), exec_solution(DFS)
    outputs = [(oracle(*t["args"]), other(*t["args"])) for t in tests]
    assert any(a != b for a, b in outputs if "order" in a)
    assert any(a != b for a, b in outputs if "cycle" in a)
    assert rlvr_envs.verify(problem, code(DFS)).correct
    for name, source in WRONG.items():
        assert not rlvr_envs.verify(problem, code(source)).correct, name


def test_hidden_tests_are_not_in_the_prompt():
    problem = task(ENV).generate(seed=4, difficulty=0.6)
    for test in task(ENV).family.hidden_tests(problem):
        if len(test["args"][1]) > 3:
            assert repr(test["args"][1]) not in problem.prompt


def test_the_naive_scan_passes_small_tests_and_times_out_on_the_large_one():
    assert_only_the_efficient_program_finishes(ENV, NAIVE, module.SOLUTION)


@pytest.mark.parametrize("difficulty", [0.0, 0.3, 0.6])
def test_a_cyclic_graph_is_tested_at_every_difficulty(difficulty):
    """The source draws DAGs only: the edge cases, in every problem, have cycles, or a
    program that never looks for a cycle would score 1."""
    problem = task(ENV).generate(seed=3, difficulty=difficulty, knobs={"scale": 0})
    tests = task(ENV).family.hidden_tests(problem)
    assert sum(not nx.is_directed_acyclic_graph(nx_graph(*t["args"])) for t in tests) >= 2
    assert not rlvr_envs.verify(problem, code(WRONG["no cycle check"])).correct
    assert rlvr_envs.verify(problem, code(DFS)).correct


# -- issue 26: every prompt states n <= 300 (or more) and the time limit -------------------
# Looks for a cycle along every path from every node, remembering only the current path.
EVERY_PATH = """\
import sys

sys.setrecursionlimit(100000)


def topological_order(n, edges):
    out = [[] for _ in range(n)]
    for u, v in edges:
        out[u].append(v)
    stack, on = [], set()

    def cycle_from(u):
        for v in out[u]:
            if v in on:
                return stack[stack.index(v):]
            on.add(v)
            stack.append(v)
            found = cycle_from(v)
            if found:
                return found
            on.discard(v)
            stack.pop()
        return None

    for s in range(n):
        on.add(s)
        stack.append(s)
        found = cycle_from(s)
        if found:
            return {"cycle": found}
        on.discard(s)
        stack.pop()
    depth = [0] * n  # longest path into each node, relaxed n times
    for _ in range(n):
        for u, v in edges:
            depth[v] = max(depth[v], depth[u] + 1)
    return {"order": sorted(range(n), key=depth.__getitem__)}
"""


@pytest.mark.parametrize("difficulty", RULED_OUT_AT)
def test_a_search_along_every_path_fails_at_every_difficulty(difficulty):
    assert_ruled_out(ENV, EVERY_PATH, module.SOLUTION, difficulty)
