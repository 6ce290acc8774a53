"""ListFunctionOutput: the output of a hidden list function on a new input, from examples.

The prompt states a library of 18 operations on lists of integers (reverse, sort, keep the
evens, add 2 to every element, running sums, ...) and says the hidden function applies at
most ``depth`` of them in order. It shows input -> output examples and asks for the
output on a new input. Unique by proof: examples are added until *every* composition of at
most ``depth`` library operations that fits them gives the same output on the test input
(:mod:`rlvr_envs.families.induction.compositions` enumerates them all). That output is
never a list the prompt shows, so no copy is right; the check compares lists.

Answer syntax: a list of integers in square brackets (``[4, 1, 3]``; ``[]`` for the empty
list); commas or spaces between the elements, the brackets required.

Knobs: ``depth`` (operations in the hidden function, 1 -> 3), ``length`` (the longest list,
4 -> 8) and ``examples`` (examples shown at least, 4 -> 2; more are added where needed for
a unique answer). Difficulty raises the depth and the length and lowers the examples.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.compositions import run
from rlvr_envs.families.induction.list_operations import (
    LIBRARY,
    OPS,
    draw_list_problem,
    library_text,
    show,
)
from rlvr_envs.families.induction.readers import AnswerError, read_int_list


class ListFunctionOutput(Family):
    """The output of a composition of library list operations, pinned by examples."""

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="operations composed"),
        "length": Knob("int", 3, 10, default=6, easy=4, hard=8, doc="longest list"),
        "examples": Knob("int", 1, 6, default=3, easy=4, hard=2, doc="examples shown at least"),
    }
    answer_syntax = "a list of integers in square brackets (e.g. [4, 1, 3])"
    answer_form = "list of integers"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        depth, length = int(knobs["depth"]), int(knobs["length"])
        target, examples, queries, programs = draw_list_problem(
            rng, depth, length, int(knobs["examples"])
        )
        lines = "\n".join(f"  {show(x)} -> {show(y)}" for x, y in examples)
        at_most = "one operation" if depth == 1 else f"a sequence of at most {depth} operations"
        question = (
            f"A hidden function turns a list of integers into a list of integers. It is "
            f"{at_most} from this library, applied in order (an operation may repeat):\n"
            f"{library_text()}\n\nExamples:\n{lines}\n\n"
            f"What does the function give for {show(queries[0])}?"
        )
        answer = show(run(OPS, target, queries[0]))
        meta = {
            "program": [LIBRARY[i][0] for i in target],
            "examples": [[list(x), list(y)] for x, y in examples],
            "query": list(queries[0]),
            "fitting": len(programs),
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            values = read_int_list(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        expected = read_int_list(problem.answer)
        return Judgement.right() if values == expected else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Operations composed times the list length, over the examples shown."""
        meta = problem.meta
        return len(meta["program"]) * (len(meta["query"]) + 1) * 4 / len(meta["examples"])
