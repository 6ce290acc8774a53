"""CollectItems against a floor rebuilt with networkx and numpy: the fewest commands by a
shortest tour over the items (every order tried), the map the player sees, and an explorer
that reads only the observations."""

from __future__ import annotations

import itertools
import math
import re

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_text_worlds import (
    STEP,
    Explorer,
    clip,
    exits,
    map_lines,
    play,
    position,
    random_policy,
)

TASK = rlvr_envs.make_task("rlvr/CollectItems-v0")


def floor_graph(grid: list[str]) -> nx.Graph:
    graph = nx.grid_2d_graph(len(grid), len(grid[0]))
    graph.remove_nodes_from(
        [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "#"]
    )
    return graph


def fewest_commands(meta) -> int:
    """Walk + take: the shortest tour from the start through every item, over all orders."""
    graph = floor_graph(meta["grid"])
    spots = [(r, c) for r, c, _ in meta["items"]]
    start = tuple(meta["start"])
    far = {p: nx.single_source_shortest_path_length(graph, p) for p in [start, *spots]}
    tours = (
        sum(far[a][b] for a, b in itertools.pairwise([start, *order]))
        for order in itertools.permutations(spots)
    )
    return min(tours) + len(spots)


def test_the_reference_is_a_shortest_tour_and_the_floor_is_connected():
    for seed in range(12):
        problem = TASK.generate(seed=seed, difficulty=seed / 11)
        meta, size = problem.meta, problem.knobs["size"]
        assert nx.is_connected(floor_graph(meta["grid"]))
        best = fewest_commands(meta)
        assert len(problem.answer.split("; ")) == best
        assert meta["max_turns"] == best + math.ceil(problem.knobs["spare"] * size * size)
        names = [n for *_, n in meta["items"]]
        assert len(set(names)) == problem.knobs["items"] and all(n in problem.prompt for n in names)
        assert tuple(meta["start"]) not in {(r, c) for r, c, _ in meta["items"]}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), walk=st.lists(st.sampled_from(list(STEP)), max_size=10))
def test_the_map_shows_rocks_and_the_items_not_taken_around_the_player(seed, walk):
    problem = TASK.generate(seed=seed, difficulty=0.5)
    meta = problem.meta
    art = np.array([list(row) for row in meta["grid"]])
    graph = floor_graph(meta["grid"])
    here = tuple(meta["start"])
    left = {(r, c): name for r, c, name in meta["items"]}
    moves: list[str] = []
    for d in walk:
        nxt = (here[0] + STEP[d][0], here[1] + STEP[d][1])
        moves.append(f"go {d}")
        here = nxt if graph.has_edge(here, nxt) else here
        if here in left:
            moves.append(f"take {left.pop(here)}")
        turn = play(problem, moves)
        if turn.done:
            assert not left and turn.verdict.reward == 1.0
            return
        assert position(turn.observation) == here
        assert set(exits(turn.observation)) == {
            d for d, (a, b) in STEP.items() if graph.has_edge(here, (here[0] + a, here[1] + b))
        }
        drawn = art.copy()
        for (r, c), name in left.items():
            drawn[r, c] = name[0].upper()
        drawn[here] = "@"
        assert map_lines(turn.observation) == clip(drawn, here, problem.knobs["sight"])
        held = sorted(n for r, c, n in meta["items"] if (r, c) not in left)
        assert f"You hold: {', '.join(held) or 'nothing'}." in turn.observation


class Collector(Explorer):
    """Takes what lies on its square, else explores the floor square by square."""

    def want(self, here, observation):
        item = re.search(r"Here: a (\w+)\.", observation)
        return f"take {item.group(1)}" if item else None


def test_an_explorer_picks_everything_up_with_the_easy_budget():
    wins = 0
    for seed in range(10):
        problem = TASK.generate(seed=seed, knobs={"spare": 1.5, "sight": 1, "size": 5 + seed % 3})
        wins += Collector(problem).run(problem.meta["max_turns"])
    assert wins >= 9


def test_random_and_constant_players_earn_nothing_much():
    rewards = [random_policy(TASK.generate(seed=s, difficulty=0.5), s) for s in range(20)]
    assert sum(rewards) == 0.0  # random walks never take
    problem = TASK.generate(seed=1, difficulty=0.5)
    for move in ["go north", "go east", "go south", "go west", "take coin", "take apple"]:
        assert play(problem, [move] * problem.meta["max_turns"]).verdict.reward == 0.0


def test_taking_what_is_not_here_costs_a_turn_and_other_verbs_are_illegal():
    problem = TASK.generate(seed=4, difficulty=0.5)
    name = problem.meta["items"][0][2]
    turn = play(problem, [f"take {name}"])
    assert not turn.done and f"no {name} here" in turn.observation
    for bad in ["open north", "take", "go", "collect all"]:
        assert play(problem, [bad]).verdict.details["status"] == "illegal"
