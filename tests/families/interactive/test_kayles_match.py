"""KaylesMatch against Kayles' theory: Grundy numbers of rows computed here by the mex rule
(Guy and Smith 1956; the sequence is periodic with period 12 from n = 71), the xor of the
groups deciding who wins, and the opponent's replies checked as legal knock-downs."""

from __future__ import annotations

import functools
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs

TASK = rlvr_envs.make_task("rlvr/KaylesMatch-v0")


@functools.cache
def grundy(n: int) -> int:
    """The Grundy number of a row of n pins: mex over knocking 1 or 2 pins anywhere."""
    options = set()
    for take in (1, 2):
        for left in range(n - take + 1):
            options.add(grundy(left) ^ grundy(n - take - left))
    return next(g for g in range(n + 2) if g not in options)


def groups(pins: list[int]) -> list[int]:
    return [len(run) for run in "".join(map(str, pins)).split("0") if run]


def wins(pins: list[int]) -> bool:
    """Whether the side to move wins (normal play): the groups' Grundy numbers xor to non-0."""
    return functools.reduce(lambda a, b: a ^ b, [grundy(g) for g in groups(pins)], 0) != 0


def play(problem, moves):
    return rlvr_envs.respond(problem, [f"<answer>{m}</answer>" for m in moves])


def knock(pins: list[int], move: str) -> list[int]:
    numbers = [int(x) - 1 for x in move.split()]
    assert all(pins[i] for i in numbers)
    assert len(numbers) == 1 or numbers[1] == numbers[0] + 1
    return [0 if i in numbers else p for i, p in enumerate(pins)]


def test_the_grundy_sequence_starts_as_published():
    assert [grundy(n) for n in range(12)] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]  # OEIS A002186


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_starts_are_won_and_the_reference_always_leaves_a_lost_row(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    pins = list(problem.meta["pins"])
    assert len(pins) == problem.knobs["pins"] and pins.count(0) == problem.knobs["down"]
    assert wins(pins)
    moves = problem.answer.split("; ")
    for k in range(1, len(moves) + 1):
        pins = knock(pins, moves[k - 1])
        assert not wins(pins)  # the player hands over a row lost for the side to move
        reply = re.search(r"opponent played ([\d ]+)\.", play(problem, moves[:k]).observation)
        if reply:
            pins = knock(pins, reply.group(1))
    assert not any(pins) and play(problem, moves).verdict.details["status"] == "won"


def test_a_perfect_opponent_beats_a_random_player_more_often_than_a_random_one():
    wins_by_skill = {}
    for skill in (0.0, 1.0):
        total = 0.0
        for seed in range(25):
            problem = TASK.generate(seed=seed, knobs={"skill": skill})
            rng, pins, moves = random.Random(seed), list(problem.meta["pins"]), []
            while True:
                up = [i for i, p in enumerate(pins) if p]
                pairs = [i for i in up if i + 1 < len(pins) and pins[i + 1]]
                if pairs and rng.random() < 0.5:
                    i = rng.choice(pairs)
                    move = f"{i + 1} {i + 2}"
                else:
                    move = str(rng.choice(up) + 1)
                moves.append(move)
                pins = knock(pins, move)
                turn = play(problem, moves)
                if turn.done:
                    total += turn.verdict.reward
                    break
                pins = knock(
                    pins, re.search(r"opponent played ([\d ]+)\.", turn.observation).group(1)
                )
        wins_by_skill[skill] = total
    assert wins_by_skill[1.0] < wins_by_skill[0.0], wins_by_skill


def test_knocking_what_is_down_or_pins_apart_is_illegal():
    problem = TASK.generate(seed=2, difficulty=0.5)
    pins = problem.meta["pins"]
    down = pins.index(0) + 1
    apart = next(i for i in range(len(pins) - 2) if pins[i] and pins[i + 2]) + 1
    for bad in [str(down), f"{apart} {apart + 2}", str(len(pins) + 1), "0", "1 2 3", "pin 1"]:
        assert play(problem, [bad]).verdict.details["status"] == "illegal", bad
    up = pins.index(1) + 1
    assert play(problem, [str(up)]).verdict.details["status"] != "illegal"
