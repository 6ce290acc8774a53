"""What ``rlvr/OneWayRoute-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/OneWayRoute-v0"
_LETTER = {(-1, 0): "N", (0, 1): "E", (1, 0): "S", (0, -1): "W"}


def _graph(prompt):
    """The street network read from the drawn map, as a networkx digraph."""
    lines = prompt.split("closed street.\n\n")[1].split("\n\n")[0].splitlines()
    graph, ends = nx.DiGraph(), {}
    for i, line in enumerate(lines):
        if i % 2 == 0:  # a row of intersections and the streets between them
            r = i // 2
            for c in range(0, len(line), 4):
                graph.add_node((r, c // 4))
                if line[c] in "AB":
                    ends[line[c]] = (r, c // 4)
                street = line[c + 1 : c + 4]
                if street in ("---", "-->"):
                    graph.add_edge((r, c // 4), (r, c // 4 + 1))
                if street in ("---", "<--"):
                    graph.add_edge((r, c // 4 + 1), (r, c // 4))
        else:  # the streets down to the next row
            r = i // 2
            for c, ch in enumerate(line):
                if c % 4 == 0 and ch in "|v":
                    graph.add_edge((r, c // 4), (r + 1, c // 4))
                if c % 4 == 0 and ch in "|^":
                    graph.add_edge((r + 1, c // 4), (r, c // 4))
    return graph, ends["A"], ends["B"]


def _moves(path):
    return " ".join(_LETTER[(b[0] - a[0], b[1] - a[1])] for a, b in itertools.pairwise(path))


def test_every_shortest_route_scores_one_and_invalid_routes_fail():
    several = 0
    for seed in range(25):
        problem = _gen(ENV, seed, seed / 25)
        graph, start, goal = _graph(problem.prompt)
        paths = list(itertools.islice(nx.all_shortest_paths(graph, start, goal), 6))
        several += len(paths) > 1
        for path in paths:
            assert _score(problem, _moves(path)) == 1.0
            assert _score(problem, _moves(path).replace(" ", "").lower()) == 1.0
        path = paths[0]
        # against a one-way street or through a closed one: some step is not an edge
        for a, b in itertools.pairwise(path):
            if not graph.has_edge(b, a):
                detour = [*path[: path.index(b) + 1], a, b, *path[path.index(b) + 1 :]]
                assert _score(problem, _moves(detour)) == 0.0
                break
        # a valid route that is longer: go somewhere and come straight back
        for a, b in itertools.pairwise(path):
            if graph.has_edge(b, a):
                longer = [*path[: path.index(b) + 1], a, *path[path.index(b) :]]
                assert _score(problem, _moves(longer)) == 0.0
                break
        assert _score(problem, _moves(path[:-1])) == 0.0
    assert several >= 5


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), moves=st.lists(st.sampled_from("NESW"), min_size=1, max_size=14))
def test_a_route_scores_one_exactly_when_networkx_calls_it_a_shortest_path(seed, moves):
    problem = _gen(ENV, seed, 0.5)
    graph, start, goal = _graph(problem.prompt)
    step = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
    path = [start]
    for move in moves:
        path.append((path[-1][0] + step[move][0], path[-1][1] + step[move][1]))
    valid = all(graph.has_edge(a, b) for a, b in itertools.pairwise(path)) and path[-1] == goal
    shortest = valid and len(moves) == nx.shortest_path_length(graph, start, goal)
    assert _score(problem, " ".join(moves)) == float(shortest)
    # the oracle's route made longer by a detour there and back (valid or not) scores 0
    back = {"N": "S", "S": "N", "E": "W", "W": "E"}
    detour = problem.answer.split() + moves + [back[m] for m in reversed(moves)]
    assert _score(problem, " ".join(detour)) == 0.0
