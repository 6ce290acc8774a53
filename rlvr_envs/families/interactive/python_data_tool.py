"""PythonDataTool: a question about a hidden list of numbers, answered with a Python tool run
in the project's sandbox.

A list ``data`` of ``size`` whole numbers is loaded in the ``python`` tool and never shown;
the question asks one statistic of it (values divisible by d but not by e, the sum of the
values larger than the one before, the largest sum of k consecutive values, the distinct
values, the alternating sum). The tool runs the call's code after ``data = [...]`` in
:func:`rlvr_envs.sandbox.run` (bubblewrap: no network, no host files; 2 s, 256 MB) and
replies with its stdout (cut at 2,000 characters), or the status and the last line of
stderr. An infinite loop is a ``timeout`` reply, costing its call. Turns follow the protocol
of :mod:`~rlvr_envs.families.interactive.tools`; a right value is ``solved`` (reward 1), a
wrong one ``lost`` (0). The values exist only in tool results: a constant or a copy earns 0.

Answer syntax (final turn): one integer, in the problem's answer format.

Knobs: ``size`` (values in data, 40 -> 4000), ``spread`` (values drawn from 1..spread,
100 -> 100000) and ``calls`` (python calls allowed, 4 -> 1). Difficulty map: 0 is 40 values
under 100 with four calls; 1 is 4,000 values under 100,000 with one call. Where the sandbox
cannot start, each call replies with the reason (SandboxUnavailable's message).
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any, ClassVar

from rlvr_envs import sandbox
from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.tools import Tool, ToolError, ToolFamily

PYTHON = Tool(
    "python",
    "runs a Python 3 program (the list `data` is already defined) and returns what it prints",
    (("code", "string", "the program; print the values you need"),),
)
TIMEOUT_S = 2.0
MEMORY_MB = 256
KINDS = ("divisible", "rises", "window", "distinct", "alternating")


def dataset(seed: int, size: int, spread: int) -> list[int]:
    """The hidden list of a problem: a pure function of its seed and knobs."""
    rng = random.Random(seed)
    return rng.choices(range(1, spread + 1), k=size)


def statistic(kind: str, data: list[int], a: int, b: int) -> int:
    """The value a question of ``kind`` asks for (parameters ``a``, ``b``)."""
    if kind == "divisible":
        return sum(1 for x in data if x % a == 0 and x % b != 0)
    if kind == "rises":
        return sum(right for left, right in itertools.pairwise(data) if right > left)
    if kind == "window":
        window = sum(data[:a])
        best = window
        for k in range(a, len(data)):
            window += data[k] - data[k - a]
            best = max(best, window)
        return best
    if kind == "distinct":
        return len(set(data))
    return sum(x if k % 2 == 0 else -x for k, x in enumerate(data))


def question_text(kind: str, a: int, b: int) -> str:
    return {
        "divisible": f"How many values in data are divisible by {a} but not by {b}?",
        "rises": "What is the sum of every value of data that is larger than the value "
        "just before it?",
        "window": f"What is the largest sum of {a} consecutive values of data?",
        "distinct": "How many distinct values does data hold?",
        "alternating": "What is data[0] - data[1] + data[2] - data[3] + ... over all of data?",
    }[kind]


@functools.lru_cache(maxsize=512)
def run_python(seed: int, size: int, spread: int, code: str) -> str:
    """The python tool's reply (cached: an episode is replayed on every turn)."""
    prelude = f"data = {dataset(seed, size, spread)!r}\n"
    try:
        result = sandbox.run(prelude + code, timeout=TIMEOUT_S, memory_mb=MEMORY_MB)
    except sandbox.SandboxUnavailable as exc:
        raise ToolError(f"the Python tool is unavailable here: {exc}") from None
    if result.status == "ok":
        return result.stdout if result.stdout.strip() else "(nothing printed)"
    lines = [line for line in result.stderr.strip().splitlines() if line.strip()]
    last = f": {lines[-1]}" if lines else ""
    return f"{result.status}{last}\n{result.stdout}".strip()


class PythonDataTool(ToolFamily):
    """A statistic of a hidden list, computed with a sandboxed Python tool."""

    answer_syntax = "the value, one integer"
    answer_form = "one integer"
    tools = (PYTHON,)
    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 40, 4000, doc="values in the hidden list"),
        "spread": Knob("int", 100, 100_000, doc="values are drawn from 1..spread"),
        "calls": Knob("int", 1, 4, easy=4, hard=1, doc="python calls allowed"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        seed, size, spread = rng.randrange(2**32), knobs["size"], knobs["spread"]
        kind = rng.choice(KINDS)
        a, b = rng.randint(2, 9), rng.randint(2, 9)
        if kind == "divisible":
            b = a * rng.randint(2, 4)
        data = dataset(seed, size, spread)
        value = statistic(kind, data, a, b)
        calls = knobs["calls"]
        turns = calls + 2
        question = (
            f"A list `data` of {size} whole numbers from 1 to {spread} is loaded in the "
            f"python tool; you cannot see it. {question_text(kind, a, b)}\n\n"
            + self.tool_prompt(turns, calls)
        )
        meta = {**self.tool_meta(turns, calls), "seed": seed, "kind": kind, "a": a, "b": b}
        return Draft(question, str(value), meta)

    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        k = problem.knobs
        return run_python(problem.meta["seed"], k["size"], k["spread"], arguments["code"])

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return k["size"] / 500 + len(str(k["spread"])) + 4 - k["calls"]
