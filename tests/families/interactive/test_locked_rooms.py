"""LockedRooms against the prompt's rules written here: a BFS over (room, keys, doors opened)
with networkx, a house rebuilt from the layout, and an explorer that reads only the rooms
it stands in."""

from __future__ import annotations

import itertools
import math
import re

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_text_worlds import (
    STEP,
    Explorer,
    direction,
    exits,
    maze_graph,
    play,
    position,
    random_policy,
)

TASK = rlvr_envs.make_task("rlvr/LockedRooms-v0")


def doors_of(meta) -> dict[frozenset, str]:
    return {frozenset(((a, b), (c, d))): colour for a, b, c, d, colour in meta["doors"]}


def fewest_commands(meta) -> int:
    """The fewest commands to the treasure, by BFS over every (room, keys, opened) state."""
    graph, doors = maze_graph(meta["grid"]), doors_of(meta)
    keys = {(r, c, colour) for r, c, colour in meta["keys"]}
    start = (tuple(meta["start"]), frozenset(), frozenset())
    states, edges, todo = {start}, nx.DiGraph(), [start]
    while todo:
        room, held, opened = state = todo.pop()
        nexts = []
        for r, c, colour in keys:
            if (r, c) == room and colour not in held:
                nexts.append((room, held | {colour}, opened))
        for other in graph.neighbors(room):
            colour = doors.get(frozenset((room, other)))
            if colour is None or colour in opened:
                nexts.append((other, held, opened))
            elif colour in held:
                nexts.append((room, held, opened | {colour}))
        for nxt in nexts:
            edges.add_edge(state, nxt)
            if nxt not in states:
                states.add(nxt)
                todo.append(nxt)
    goal = tuple(meta["goal"])
    lengths = nx.single_source_shortest_path_length(edges, start)
    return min(n for s, n in lengths.items() if s[0] == goal)


def test_the_reference_is_a_fewest_command_line_and_every_lock_is_needed():
    for seed in range(12):
        problem = TASK.generate(seed=seed, difficulty=seed / 11)
        meta, size = problem.meta, problem.knobs["size"]
        best = fewest_commands(meta)
        assert len(problem.answer.split("; ")) == best
        assert meta["max_turns"] == best + math.ceil(problem.knobs["spare"] * size * size)
        graph = maze_graph(meta["grid"])
        assert nx.is_tree(graph) and len(meta["doors"]) == problem.knobs["keys"]
        way = nx.shortest_path(graph, tuple(meta["start"]), tuple(meta["goal"]))
        on_way = {frozenset(p) for p in itertools.pairwise(way)}
        assert set(doors_of(meta)) <= on_way  # each door blocks the only way
        assert sorted(c for *_, c in meta["keys"]) == sorted(c for *_, c in meta["doors"])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_each_room_is_described_as_the_house_is_built(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    meta = problem.meta
    graph, doors = maze_graph(meta["grid"]), doors_of(meta)
    moves = problem.answer.split("; ")
    held: set[str] = set()
    opened: set[str] = set()
    for k in range(len(moves)):
        turn = play(problem, moves[:k]) if k else None
        text = turn.observation if turn else problem.prompt
        here = position(text)
        lying = [f"a {c} key" for r, k, c in meta["keys"] if (r, k) == here and c not in held]
        assert f"Here: {' and '.join(lying) or 'nothing'}." in text
        seen = exits(text)
        assert set(seen) == {direction(here, n) for n in graph.neighbors(here)}
        for n in graph.neighbors(here):
            door = doors.get(frozenset((here, n)))
            note = (
                "" if door is None else f"{'an open' if door in opened else 'a locked'} {door} door"
            )
            assert seen[direction(here, n)] == note
        move = moves[k]
        if move.startswith("take"):
            held.add(move.split()[1])
        if move.startswith("open"):
            opened.add(doors[frozenset((here, _step(here, move.split()[1])))])


def _step(cell, d):
    return cell[0] + STEP[d][0], cell[1] + STEP[d][1]


class KeyExplorer(Explorer):
    """Takes every key it sees, opens a locked door it has the key of, else explores; when
    nothing is left to explore it walks back to a locked door it can now open."""

    def __init__(self, problem) -> None:
        super().__init__(problem)
        self.locks: dict[tuple, str] = {}

    def want(self, here, observation):
        key = re.search(r"Here: a (\w+) key", observation)
        if key:
            return f"take {key.group(1)} key"
        carried = re.search(r"You carry: (.*)\.", observation).group(1)
        for d, note in exits(observation).items():
            lock = re.fullmatch(r"a locked (\w+) door", note)
            if lock:
                self.locks[(here, d)] = lock.group(1)
                if f"{lock.group(1)} key" in carried:
                    del self.locks[(here, d)]
                    return f"open {d}"
        step = self.target(here)
        if step is None and self.locks:
            paths = nx.single_source_shortest_path(self.known, here)
            room = min((r for r, _ in self.locks if r in paths), key=lambda r: len(paths[r]))
            if room != here:
                return f"go {direction(here, paths[room][1])}"
        return None


def test_an_explorer_that_sees_one_room_at_a_time_reaches_the_treasure():
    wins = 0
    for seed in range(10):
        problem = TASK.generate(seed=seed, knobs={"spare": 3.0, "size": 3 + seed % 3})
        wins += KeyExplorer(problem).run(problem.meta["max_turns"])
    assert wins >= 9


def test_random_walkers_and_constant_commands_earn_nothing_much():
    rewards = []
    for seed in range(20):
        problem = TASK.generate(seed=seed, difficulty=0.5)
        rewards.append(random_policy(problem, seed))
        for move in ["go north", "go east", "go south", "go west", "take key", "open north"]:
            assert play(problem, [move] * problem.meta["max_turns"]).verdict.reward == 0.0
    assert sum(rewards) / len(rewards) < 0.1  # a locked door stands on every way


def test_a_locked_door_stops_the_player_until_opened_with_its_key():
    problem = TASK.generate(seed=2, knobs={"keys": 1})
    moves = problem.answer.split("; ")
    opening = next(i for i, m in enumerate(moves) if m.startswith("open"))
    through = moves[opening].replace("open", "go")
    blocked = play(problem, [*moves[:opening], through])
    assert not blocked.done and "is locked" in blocked.observation.split("\n")[0]
    assert position(blocked.observation) == position(play(problem, moves[:opening]).observation)
    no_key = play(
        problem, [m for m in moves[:opening] if not m.startswith("take")] + [moves[opening]]
    )
    assert not no_key.done and "no" in no_key.observation.split("\n")[0]
    for bad in ["unlock", "take", "go up", "open door"]:
        assert play(problem, [bad]).verdict.details["status"] == "illegal"
