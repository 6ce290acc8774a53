"""LinkChaseTool: follow a chain of hidden links one tool call at a time, within a budget.

A hidden store maps every four-letter key (``AAAA`` to ``ZZZZ``) to another key, a pure
function of (seed, key). The question gives a start key and asks for the key reached after
following the link ``hops`` times. The ``follow`` tool returns the key one key links to; each
call is one link, so answering without the calls is impossible (the chain is drawn so that
its keys are distinct: neither the start key nor a constant is the answer). The budget is
``hops`` + ``slack`` calls. Turns follow the protocol of
:mod:`~rlvr_envs.families.interactive.tools`; the right key is ``solved`` (reward 1), a wrong
one ``lost`` (0).

Answer syntax (final turn): one key of four capital letters.

Knobs: ``hops`` (3 -> 10) and ``slack`` (calls beyond the hops, 3 -> 0). Difficulty map: 0
is three links with three spare calls; 1 is ten links with none (every call must count).
"""

from __future__ import annotations

import random
import string
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.tools import Tool, ToolError, ToolFamily
from rlvr_envs.families.shared.answer_parsing import AnswerError

FOLLOW = Tool(
    "follow",
    "returns the key that a key links to",
    (("key", "string", "a key of four capital letters"),),
)
LETTERS = string.ascii_uppercase
KEYS = len(LETTERS) ** 4


def key_name(number: int) -> str:
    letters = []
    for _ in range(4):
        number, digit = divmod(number, len(LETTERS))
        letters.append(LETTERS[digit])
    return "".join(reversed(letters))


def key_number(key: str) -> int | None:
    if len(key) != 4 or any(ch not in LETTERS for ch in key):
        return None
    number = 0
    for ch in key:
        number = number * len(LETTERS) + LETTERS.index(ch)
    return number


def link(seed: int, number: int) -> int:
    """The key number that key ``number`` links to."""
    return random.Random(f"{seed}>{number}").randrange(KEYS)


class LinkChaseTool(ToolFamily):
    """Follow hidden links with a budgeted tool; the end key is the answer."""

    answer_syntax = "the key reached, four capital letters"
    answer_form = "a key of four letters"
    tools = (FOLLOW,)
    knobs: ClassVar[dict[str, Knob]] = {
        "hops": Knob("int", 3, 10, doc="links to follow"),
        "slack": Knob("int", 0, 3, easy=3, hard=0, doc="follow calls beyond the hops"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        while True:
            seed, start = rng.randrange(2**32), rng.randrange(KEYS)
            chain = [start]
            for _ in range(knobs["hops"]):
                chain.append(link(seed, chain[-1]))
            if len(set(chain)) == len(chain):
                break
        calls = knobs["hops"] + knobs["slack"]
        turns = calls + 1
        question = (
            f"A store links every key of four capital letters to another key; the links are "
            f"hidden. Start at {key_name(start)} and follow the link {knobs['hops']} times. "
            "Which key do you reach?\n\n" + self.tool_prompt(turns, calls)
        )
        meta = {**self.tool_meta(turns, calls), "seed": seed}
        return Draft(question, key_name(chain[-1]), meta)

    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        key = arguments["key"].strip().upper()
        number = key_number(key)
        if number is None:
            raise ToolError(f"{arguments['key']!r} is not a key of four capital letters")
        return f"{key} -> {key_name(link(problem.meta['seed'], number))}"

    def judge(self, problem: Problem, answer: str) -> bool:
        if key_number(answer.strip().upper()) is None:
            raise AnswerError("expected one key of four letters")
        return answer.strip().upper() == problem.answer

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return 2 * k["hops"] + 3 - k["slack"]
