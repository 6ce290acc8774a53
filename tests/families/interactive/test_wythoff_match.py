"""WythoffMatch against Wythoff's theorem (1907): the losing pairs are
(floor(k phi), floor(k phi^2)) for k = 0, 1, ..., computed here with exact integer
arithmetic, and the opponent's replies checked as legal takes."""

from __future__ import annotations

import math
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs

TASK = rlvr_envs.make_task("rlvr/WythoffMatch-v0")


def floor_k_phi(k: int) -> int:
    """floor(k * (1 + sqrt 5) / 2) exactly: (k + isqrt(5 k^2)) // 2."""
    return (k + math.isqrt(5 * k * k)) // 2


LOSING = {(floor_k_phi(k), floor_k_phi(k) + k) for k in range(60)}
LOSING |= {(b, a) for a, b in LOSING}


def play(problem, moves):
    return rlvr_envs.respond(problem, [f"<answer>{m}</answer>" for m in moves])


def take(heaps: tuple[int, int], move: str) -> tuple[int, int]:
    heap, n = move.split()
    n = int(n)
    a, b = heaps
    after = {"1": (a - n, b), "2": (a, b - n), "both": (a - n, b - n)}[heap]
    assert n >= 1 and min(after) >= 0, (heaps, move)
    return after


def test_the_losing_pairs_begin_as_wythoff_found():
    assert sorted(p for p in LOSING if p[0] <= p[1])[:5] == [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
    ]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_starts_are_won_and_the_reference_always_hands_over_a_losing_pair(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    heaps = tuple(problem.meta["heaps"])
    assert heaps not in LOSING and max(heaps) <= problem.knobs["max_heap"]
    moves = problem.answer.split("; ")
    for k in range(1, len(moves) + 1):
        heaps = take(heaps, moves[k - 1])
        assert heaps in LOSING
        reply = re.search(
            r"opponent played ((?:1|2|both) \d+)\.", play(problem, moves[:k]).observation
        )
        if reply:
            heaps = take(heaps, reply.group(1))
    assert heaps == (0, 0) and play(problem, moves).verdict.details["status"] == "won"


def test_a_perfect_opponent_never_leaves_a_losing_pair():
    for seed in range(15):
        problem = TASK.generate(seed=seed, knobs={"skill": 1.0})
        rng, heaps, moves = random.Random(seed), tuple(problem.meta["heaps"]), []
        while True:
            options = [f"1 {n}" for n in range(1, heaps[0] + 1)]
            options += [f"2 {n}" for n in range(1, heaps[1] + 1)]
            options += [f"both {n}" for n in range(1, min(heaps) + 1)]
            moves.append(rng.choice(options))
            heaps = take(heaps, moves[-1])
            turn = play(problem, moves)
            if turn.done:
                assert turn.verdict.reward == (1.0 if heaps == (0, 0) else 0.0)
                break
            was_losing = heaps in LOSING
            heaps = take(
                heaps, re.search(r"opponent played ((?:1|2|both) \d+)\.", turn.observation).group(1)
            )
            if not was_losing:
                assert heaps in LOSING  # a best reply hands a losing pair back


def test_taking_too_much_or_nothing_is_illegal():
    problem = TASK.generate(seed=1, difficulty=0.5)
    a, b = problem.meta["heaps"]
    for bad in [f"1 {a + 1}", f"2 {b + 1}", f"both {min(a, b) + 1}", "1 0", "3 1", "1", "both"]:
        assert play(problem, [bad]).verdict.details["status"] == "illegal", bad
    assert play(problem, ["BOTH 1"]).verdict.details["status"] != "illegal"
