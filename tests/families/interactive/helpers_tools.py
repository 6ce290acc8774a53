"""Shared helpers for the tool-use families' tests: writing calls in both formats and
driving an episode through ``rlvr_envs.respond`` with a policy written in the test.

A policy sees only the prompt and the tool results so far (never ``problem.answer`` or the
hidden meta), so a solved episode shows the tools give what the question needs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import rlvr_envs
from rlvr_envs.core import Problem, Turn

Call = tuple[str, dict[str, Any]]
# A policy: (prompt, results so far, one list per tool turn) -> calls for the next turn, or
# the final answer as a string.
Policy = Callable[[str, list[list[str]]], "list[Call] | str"]
FORMATS = ("tags", "openai", "openai_text")
_RESULT = re.compile(r"^\[([\w?]+)\] ", re.MULTILINE)


def tag_turn(calls: list[Call]) -> str:
    """Calls written in tags, the arguments as a JSON object."""
    return "Let me use the tools.\n" + "\n".join(
        f'<tool name="{name}">{json.dumps(args)}</tool>' for name, args in calls
    )


def openai_calls(calls: list[Call], turn: int) -> list[dict[str, Any]]:
    return [
        {
            "id": f"call_{turn}_{k}",
            "type": "function",
            "function": {"name": name, "arguments": json.dumps(args)},
        }
        for k, (name, args) in enumerate(calls)
    ]


def write_turn(calls: list[Call], fmt: str, turn: int) -> Any:
    """One tool turn in ``fmt``: tags, an OpenAI message dict, or its JSON as the text."""
    if fmt == "tags":
        return tag_turn(calls)
    message = {"role": "assistant", "content": None, "tool_calls": openai_calls(calls, turn)}
    return message if fmt == "openai" else json.dumps({"tool_calls": message["tool_calls"]})


def results_of(turn: Turn, fmt: str, count: int) -> list[str]:
    """The tool results of the latest turn: from the tool messages where the turn was an
    OpenAI message dict (checking their ids), else split from the observation text."""
    if fmt == "openai":
        assert len(turn.messages) == count
        assert all(m["role"] == "tool" and m["tool_call_id"] for m in turn.messages)
        return [m["content"] for m in turn.messages]
    assert turn.messages == []
    body = turn.observation.split("\n\n")[0] if count else ""
    starts = [m.start() for m in _RESULT.finditer(body)]
    parts = [body[a:b].strip() for a, b in zip(starts, [*starts[1:], len(body)], strict=True)]
    assert len(parts) == count, turn.observation
    return [_RESULT.sub("", part, count=1) for part in parts]


def play(problem: Problem, policy: Policy, fmt: str) -> tuple[Turn, list[Any]]:
    """Drive one episode with ``policy``; returns the last turn and the attempts."""
    attempts: list[Any] = []
    seen: list[list[str]] = []
    for k in range(int(problem.meta["max_turns"])):
        action = policy(problem.prompt, seen)
        if isinstance(action, str):
            attempts.append(f"I have it.\n<answer>{action}</answer>")
            return rlvr_envs.respond(problem, attempts), attempts
        attempts.append(write_turn(action, fmt, k))
        turn = rlvr_envs.respond(problem, attempts)
        assert not turn.done, turn.observation
        assert re.search(r"\d+ turns? left", turn.observation), turn.observation
        seen.append(results_of(turn, fmt, len(action)))
    raise AssertionError("the policy did not answer within the turn limit")


def transcript(problem: Problem, attempts: list[Any]) -> list[dict[str, Any]]:
    """The chat of an episode (assistant turns with the env's replies between them)."""
    chat: list[dict[str, Any]] = [{"role": "user", "content": problem.prompt}]
    for k, attempt in enumerate(attempts):
        turn = rlvr_envs.respond(problem, attempts[: k + 1])
        chat.append(
            attempt if isinstance(attempt, dict) else {"role": "assistant", "content": attempt}
        )
        chat.extend(turn.messages or [{"role": "user", "content": turn.observation}])
    return chat


def final(problem: Problem, answer: str) -> Turn:
    """The turn of answering ``answer`` at once."""
    return rlvr_envs.respond(problem, [f"<answer>{answer}</answer>"])


def numbers_in(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", text)]
