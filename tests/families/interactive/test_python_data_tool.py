"""PythonDataTool: the policy writes its own program for the question it reads, runs it in
the sandboxed python tool and answers what it prints; hostile programs are bounded. Skipped
where bubblewrap cannot start (as the code domain's tests)."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs import sandbox
from rlvr_envs.families.interactive.python_data_tool import dataset
from tests.families.interactive.helpers_tools import FORMATS, final, play

ID = "rlvr/PythonDataTool-v0"

try:
    sandbox.require()
    JAIL = True
except sandbox.SandboxUnavailable:
    JAIL = False
needs_jail = pytest.mark.skipif(not JAIL, reason="bubblewrap is not available here")

PROGRAMS = {  # the test's own programs, keyed by words of the question
    "divisible by": "print(sum(1 for x in data if x % {a} == 0 and x % {b} != 0))",
    "larger than the value": "print(sum(data[i] for i in range(1, len(data)) "
    "if data[i] > data[i - 1]))",
    "consecutive values": "print(max(sum(data[i:i + {a}]) for i in range(len(data) - {a} + 1)))",
    "distinct": "print(len(set(data)))",
    "data[0] - data[1]": "print(sum(data[0::2]) - sum(data[1::2]))",
}


def program_for(prompt: str) -> str:
    question = prompt.split("you cannot see it.")[1]
    numbers = [int(n) for n in re.findall(r"(?:by|of) (\d+)", question)]
    for words, program in PROGRAMS.items():
        if words in prompt:
            a, b = [*numbers, 0, 0][:2]
            return program.format(a=a, b=b)
    raise AssertionError(prompt)


def policy(prompt, seen):
    if not seen:
        return [("python", {"code": program_for(prompt)})]
    return seen[-1][0].strip()


def expected(problem) -> int:
    """The statistic computed here, on the list rebuilt from the problem's seed."""
    data = dataset(problem.meta["seed"], problem.knobs["size"], problem.knobs["spread"])
    scope = {"data": data}
    program = program_for(problem.prompt).replace("print(", "result = (", 1)
    exec(program, scope)  # the test's own program, run here
    return scope["result"]


@needs_jail
@pytest.mark.parametrize("fmt", FORMATS)
def test_the_python_policy_solves_in_each_format(fmt):
    for seed in range(5):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
        turn, attempts = play(problem, policy, fmt)
        assert turn.verdict.correct, turn.observation
        assert attempts[-1].count(str(expected(problem))) == 1


def test_a_wrong_value_loses_and_the_right_one_wins_without_the_tool():
    for seed in range(8):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
        value = expected(problem)
        assert final(problem, str(value)).verdict.correct
        assert final(problem, str(value + 1)).verdict.details["status"] == "lost"


@needs_jail
@pytest.mark.parametrize(
    ("code", "status"),
    [
        ("while True:\n    pass", "timeout"),
        ("x = bytearray(1 << 34)", "memory_exceeded"),
        ("import socket\nsocket.create_connection(('8.8.8.8', 53), timeout=1)", "runtime_error"),
        ("print('y' * 10**6)", "cut at"),
    ],
)
def test_hostile_programs_are_bounded(code, status):
    problem = rlvr_envs.make_task(ID).generate(7, difficulty=0.0)
    started = time.monotonic()
    turn = rlvr_envs.respond(problem, [f'<tool name="python">{code}</tool>'])
    assert time.monotonic() - started < 8
    assert status in turn.observation or "error" in turn.observation, turn.observation[:300]
    assert not turn.done and len(turn.observation) < 3000


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 30), st.integers(-(10**9), 10**9))
def test_only_the_statistic_is_right(seed, guess):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.2)
    verdict = rlvr_envs.verify(problem, f"<answer>{guess}</answer>")
    assert verdict.correct == (guess == expected(problem))
