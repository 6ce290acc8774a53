"""Per-episode caches of the multi-turn path (issue 28): ``TextEnv`` and ``Responder``.

``TextEnv.step`` answers through one :class:`~rlvr_envs.registry.Responder` per episode, which
carries the family's state forward from turn to turn instead of replaying the whole episode,
and ``TextEnv`` computes the problem's dict and JSON once per problem. None of it may show:

* an env reused for episode after episode (reset with a new seed, a new difficulty, or in the
  middle of an episode) gives every observation, reward and info that a fresh env gives;
* a Responder fed the attempts turn by turn (or out of order: fewer, an earlier one
  changed) answers what a replay from the start answers, the reference written here from the
  contract (``start``, ``move``, an illegal move or no move ends the episode, the turn limit
  truncates it), not with the family's own ``play``;
* each step's ``info`` is a fresh copy: a caller changing one leaves the next as it was;
* :func:`rlvr_envs.core.plain_copy` is ``dataclasses.asdict``'s copy, type for type.
"""

from __future__ import annotations

import dataclasses
import random
from collections import namedtuple
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.core import OUTCOME_REWARD, IllegalMove, canonical_json, plain_copy
from rlvr_envs.env import TextEnv
from rlvr_envs.registry import Responder, family_for, format_answer

IDS = [
    "rlvr/GuessTheNumber-v0",
    "rlvr/TicTacToeMatch-v0",
    "rlvr/BattleshipShots-v0",
    "rlvr/CalculatorTool-v0",
    "rlvr/Retry-v0",
    "rlvr/Interactive-v0",
    "rlvr/Arithmetic-v0",
]


def move_pool(env_id: str, difficulty: float) -> list[str]:
    """Completions worth trying: other problems' reference moves (mostly legal, sometimes
    not), an empty answer and a message without one."""
    task = rlvr_envs.make_task(env_id)
    pool = ["I am not sure.", "<answer></answer>"]
    for seed in range(50, 54):
        problem = task.generate(seed, difficulty)
        family = family_for(problem)
        if getattr(family, "raw_moves", False) or not family.interactive:
            pool.append(rlvr_envs.oracle_completion(problem))
        else:
            moves = family.transcript_moves(family.oracle_answer(problem))
            pool += [format_answer(m, problem.answer_format) for m in moves]
    return pool


def play(env: TextEnv, seed: int, moves: list[str], **options: Any) -> list[Any]:
    """Everything an episode shows: the reset, then each step until it ends or the moves do."""
    seen: list[Any] = [env.reset(seed=seed, options=options or None)]
    for move in moves:
        observation, reward, terminated, truncated, info = env.step(move)
        seen.append((observation, reward, terminated, truncated, info))
        if terminated or truncated:
            break
    return seen


@pytest.mark.parametrize("env_id", IDS)
def test_a_reused_env_shows_what_a_fresh_env_shows(env_id):
    pool = move_pool(env_id, 0.5)
    rng = random.Random(env_id)
    reused = TextEnv(env_id, difficulty=0.5)
    for episode in range(6):
        seed = rng.randrange(1000)
        moves = [rng.choice(pool) for _ in range(rng.randrange(1, 12))]
        options = {"difficulty": 1.0} if episode == 3 else {}
        if episode == 4:  # abandoned after one move: the next reset must forget it
            play(reused, seed + 1, moves[:1])
        assert play(reused, seed, moves, **options) == play(
            TextEnv(env_id, difficulty=0.5), seed, moves, **options
        ), (seed, moves)


def reference_play(family: Any, problem: Any, moves: list[str | None], limit: int) -> dict:
    """The episode after ``moves``, replayed from the start by the multi-turn contract."""
    state, status, feedback, played = family.start(problem), "playing", "", 0
    for text in moves:
        if status != "playing":
            break
        if text is None or not text.strip():
            status, feedback = "illegal", "No move was given: the episode is over."
            break
        played += 1
        try:
            state, feedback, status = family.move(problem, state, text.strip())
        except IllegalMove as exc:
            status, feedback = "illegal", f"Illegal move {text.strip()!r}: {exc}."
            break
        if status == "playing" and played >= limit:
            status = "out_of_turns"
    if status == "playing":
        return {"status": status, "turns": played, "reward": 0.0}
    return {"status": status, "turns": played, "feedback": feedback}


def move_of(problem: Any, text: str) -> str | None:
    """The move a completion carries: its final answer (None: none, or more than one)."""
    found = rlvr_envs.answers.extract(text, problem.answer_format)
    if found.answer is None or ";" in found.answer:
        return None
    return found.answer


@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_a_responder_answers_each_turn_as_a_replay_from_the_start(data):
    env_id = data.draw(st.sampled_from(["rlvr/GuessTheNumber-v0", "rlvr/TicTacToeMatch-v0"]))
    problem = rlvr_envs.make_task(env_id).generate(data.draw(st.integers(0, 99)), 0.5)
    family = family_for(problem)
    limit = family.turn_limit(problem)
    pool = move_pool(env_id, 0.5)
    responder = Responder(problem)
    attempts: list[str] = []
    for _ in range(data.draw(st.integers(1, 10))):
        action = data.draw(st.sampled_from(["next", "next", "next", "back", "change"]))
        if action == "back" and len(attempts) > 1:
            attempts = attempts[:-1]
        elif action == "change" and attempts:
            attempts = [data.draw(st.sampled_from(pool)), *attempts[1:]]
        else:
            attempts = [*attempts, data.draw(st.sampled_from(pool))]
        turn = responder.respond(list(attempts))
        expected = reference_play(family, problem, [move_of(problem, a) for a in attempts], limit)
        assert turn.verdict.details["status"] == expected["status"]
        assert turn.verdict.details["turns"] == expected["turns"]
        if expected["status"] == "playing":
            assert not turn.done and turn.verdict.reward == 0.0
        else:
            assert turn.done and turn.observation.startswith(expected["feedback"])
            if expected["status"] in ("won", "solved", "drawn", "lost"):
                assert turn.verdict.reward == OUTCOME_REWARD[expected["status"]]
        again = rlvr_envs.respond(problem, list(attempts))  # stateless: a fresh replay
        assert dataclasses.asdict(turn) == dataclasses.asdict(again)


def test_each_info_is_a_fresh_copy_of_the_problem_and_verdict():
    env = TextEnv("rlvr/GuessTheNumber-v0", difficulty=0.5)
    _, info = env.reset(seed=3)
    truth = env.problem.to_dict()
    info["problem"]["meta"]["max_turns"] = -1
    info["problem"]["knobs"].clear()
    _, _, _, _, first = env.step("<answer>1</answer>")
    assert first["problem"] == truth and first["problem_json"] == canonical_json(truth)
    first["verdict"]["details"]["status"] = "won"
    first["problem"]["meta"].clear()
    _, _, _, _, second = env.step("<answer>2</answer>")
    assert second["problem"] == truth and second["verdict"]["details"]["status"] == "playing"
    both = ["<answer>1</answer>", "<answer>2</answer>"]
    assert second["verdict"] == rlvr_envs.respond(env.problem, both).verdict.to_dict()
    env.problem = rlvr_envs.make_task("rlvr/GuessTheNumber-v0").generate(4, 0.5)
    _, _, _, _, third = env.step("<answer>3</answer>")  # a problem swapped in is noticed
    assert third["problem"] == env.problem.to_dict()
    assert third["verdict"]["details"]["turns"] == 3


@dataclasses.dataclass
class Inner:
    value: Any


@dataclasses.dataclass
class Holder:
    value: Any


Pair = namedtuple("Pair", "left right")


def leaves() -> st.SearchStrategy:
    return st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=4),
        st.binary(max_size=3), st.frozensets(st.integers(0, 5), max_size=3),
    )  # fmt: skip


values = st.recursive(
    leaves(),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=3), inner, max_size=3),
        st.builds(Inner, inner),
        st.builds(Pair, inner, inner),
    ),
    max_leaves=12,
)


def typed(value: Any) -> Any:
    """``value`` with the type of every part spelled out, for a comparison type for type."""
    if isinstance(value, dict):
        return ("dict", [(typed(k), typed(v)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [typed(v) for v in value])
    return (type(value).__name__, value)


@settings(max_examples=60, deadline=None)
@given(values)
def test_plain_copy_is_asdict_s_copy_type_for_type(value):
    copied = plain_copy(value)
    assert typed(copied) == typed(dataclasses.asdict(Holder(value))["value"])
    if isinstance(value, (list, dict)):
        assert copied is not value  # a copy, never the caller's container
