"""FogMaze against a maze rebuilt with networkx, an exploring player that reads only the
observations, and random and constant walkers."""

from __future__ import annotations

import math
import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_text_worlds import (
    STEP,
    Explorer,
    clip,
    exits,
    map_lines,
    maze_graph,
    play,
    position,
    random_policy,
    render_maze,
)

TASK = rlvr_envs.make_task("rlvr/FogMaze-v0")


def test_the_maze_is_perfect_and_the_reference_is_a_shortest_way_out():
    for seed in range(12):
        problem = TASK.generate(seed=seed, difficulty=seed / 11)
        size = problem.knobs["size"]
        graph = maze_graph(problem.meta["grid"])
        assert nx.is_tree(graph) and graph.number_of_nodes() == size * size
        start, end = tuple(problem.meta["start"]), tuple(problem.meta["exit"])
        shortest = nx.shortest_path_length(graph, start, end)
        moves = problem.answer.split("; ")
        assert len(moves) == shortest
        spare = math.ceil(problem.knobs["spare"] * size * size)
        assert problem.meta["max_turns"] == shortest + spare
        assert f"You have {shortest + spare} turns" in problem.prompt
        assert f"the exit is at row {end[0] + 1}, column {end[1] + 1}" in problem.prompt


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), walk=st.lists(st.sampled_from(list(STEP)), max_size=12))
def test_what_the_player_sees_matches_the_map(seed, walk):
    problem = TASK.generate(seed=seed, difficulty=0.3)
    graph = maze_graph(problem.meta["grid"])
    size, sight = problem.knobs["size"], problem.knobs["sight"]
    art = render_maze(graph, size)
    here = tuple(problem.meta["start"])
    end = tuple(problem.meta["exit"])
    for k in range(1, len(walk) + 1):
        dr, dc = STEP[walk[k - 1]]
        nxt = (here[0] + dr, here[1] + dc)
        if graph.has_edge(here, nxt):
            here = nxt
        turn = play(problem, [f"go {d}" for d in walk[:k]])
        if turn.done:
            assert here == end and turn.verdict.reward == 1.0
            return
        assert position(turn.observation) == here
        expected = {
            d for d, (a, b) in STEP.items() if graph.has_edge(here, (here[0] + a, here[1] + b))
        }
        assert set(exits(turn.observation)) == expected
        if sight:
            drawn = art.copy()
            drawn[2 * end[0] + 1, 2 * end[1] + 1] = "E"
            drawn[2 * here[0] + 1, 2 * here[1] + 1] = "@"
            centre = (2 * here[0] + 1, 2 * here[1] + 1)
            assert map_lines(turn.observation) == clip(drawn, centre, 2 * sight + 1)
        else:
            assert map_lines(turn.observation) == []


def test_an_explorer_reading_only_what_it_sees_gets_out_with_two_turns_a_cell():
    for seed in range(8):
        problem = TASK.generate(seed=seed, knobs={"spare": 2.0, "sight": 0, "size": 4 + seed % 4})
        explorer = Explorer(problem)
        assert explorer.run(problem.meta["max_turns"]) == 1.0, seed


def test_random_and_constant_walkers_rarely_get_out():
    rewards = []
    for seed in range(20):
        problem = TASK.generate(seed=seed, difficulty=1.0)
        rewards.append(random_policy(problem, seed))
        for d in STEP:
            assert play(problem, [f"go {d}"] * problem.meta["max_turns"]).verdict.reward == 0.0
    assert sum(rewards) / len(rewards) < 0.3


def test_bumping_a_wall_costs_a_turn_and_a_non_move_is_illegal():
    problem = TASK.generate(seed=3, difficulty=0.5)
    graph = maze_graph(problem.meta["grid"])
    here = tuple(problem.meta["start"])
    wall = next(
        d for d, (a, b) in STEP.items() if not graph.has_edge(here, (here[0] + a, here[1] + b))
    )
    turn = play(problem, [f"go {wall}"])
    assert not turn.done and "wall" in turn.observation.split("\n")[0]
    left = problem.meta["max_turns"] - 1
    assert f"{left} turns left" in turn.observation
    for bad in ["go up", "take coin", "open north", "north east"]:
        turn = play(problem, [bad])
        assert turn.done and turn.verdict.details["status"] == "illegal"
    assert not play(problem, [f"  GO   {wall.upper()} "]).done  # case and spacing free


def test_difficulty_moves_the_knobs_the_documented_way():
    easy, hard = TASK.generate(seed=1, difficulty=0.0), TASK.generate(seed=1, difficulty=1.0)
    assert (easy.knobs["size"], easy.knobs["sight"], easy.knobs["spare"]) == (4, 2, 2.0)
    assert (hard.knobs["size"], hard.knobs["sight"], hard.knobs["spare"]) == (7, 0, 0.25)
    rng = random.Random(0)
    sizes = [TASK.generate(seed=rng.randrange(10**6), difficulty=d).knobs["size"] for d in (0, 1)]
    assert sizes[0] < sizes[1]
