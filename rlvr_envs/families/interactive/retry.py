"""Retry: any single-turn id answered again on feedback, the reward discounted per attempt.

``rlvr/Retry-v0`` wraps an inner single-turn id, ``rlvr/Arithmetic-v0`` unless the env is
made with another: ``gym.make("rlvr/Retry-v0", inner="rlvr/Sudoku-v0")``, or
``rlvr_envs.make_task("rlvr/Retry-v0", inner=...)`` (family options, see ``make_task``).
The prompt is the inner problem's, with the number of attempts said; each turn is one whole
attempt (a completion in the inner problem's answer format), scored by the inner family's
verifier. A right attempt is ``solved`` with reward ``discount ** (attempt - 1)`` (1, 0.5,
0.25, ... at the default discount 0.5: a first-try answer is always worth most); a wrong
one gets the verifier's reason, and the inner family's own feedback where it has one, as
the next observation; after the last wrong attempt the episode is ``out_of_turns`` (reward
0). A problem carries the inner problem whole in ``meta["inner"]``, so it verifies without
knowing which inner id made it.

Answer syntax per turn: the inner problem's. A whole episode written as one completion is
a single attempt (attempts are whole completions, never split).

Knobs: ``attempts`` (4 -> 2) and ``level`` (the inner problem's difficulty, 0.25 -> 1: the
easiest inner problems have so few answers that a constant would earn more than a tenth).

Versions: ``rlvr/Retry-v1`` (:class:`RetryV1`) lets ``level`` reach the inner family's
easiest problems (0 -> 1), which is where a small model can start to learn (the CPU demo in
``leaderboards/interactive_learning.md`` trains on the easy end of Arithmetic); at the audit's
difficulty (0.5) its level is 0.5, so a constant still earns at most a tenth there. ``v0``
is unchanged.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, InteractiveFamily, Knob, Problem, registry_function

DISCOUNT = 0.5
"""The reward of a right answer at attempt k is ``DISCOUNT ** (k - 1)``."""


class Retry(InteractiveFamily):
    """An inner single-turn id, attempted up to ``attempts`` times with its verdict as feedback."""

    raw_moves = True
    max_turns = 4
    knobs: ClassVar[dict[str, Knob]] = {
        "attempts": Knob("int", 2, 4, easy=4, hard=2, doc="attempts allowed"),
        "level": Knob("float", 0.25, 1.0, doc="the inner problem's difficulty"),
    }

    def __init__(
        self,
        *,
        inner: str = "rlvr/Arithmetic-v0",
        answer_format: str | None = None,
        partial_credit: bool = True,
    ) -> None:
        task = registry_function("make_task")(inner)
        family = getattr(task, "family", None)
        if family is None or getattr(family, "interactive", False) or task.max_turns != 1:
            raise ValueError(f"Retry wraps a single-turn family id, got {inner!r}")
        super().__init__(answer_format=family.answer_format, partial_credit=partial_credit)
        self.inner, self._task, self._family = inner, task, family
        self.answer_syntax = family.answer_syntax
        self.answer_form = family.answer_form or "the inner family's answer"
        self.unique_answer = family.unique_answer
        self.max_answer_chars = family.max_answer_chars
        self.verbatim_answer = True  # the inner verifier reads each attempt whole

    def instruction(self) -> str:
        return self._family.instruction()

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        inner = self._task.generate(rng.randrange(2**40), difficulty=knobs["level"])
        attempts = knobs["attempts"]
        body = inner.prompt.removesuffix(self._family.instruction()).rstrip()
        question = (
            f"{body}\n\nYou have {attempts} attempts. After a wrong one you are told why; a "
            f"right answer at attempt k scores {DISCOUNT:g}^(k-1) (1 at the first)."
        )
        meta = {"inner": inner.to_dict(), "max_turns": attempts}
        return Draft(question, self._family.oracle_answer(inner), meta)

    def oracle_answer(self, problem: Problem) -> str:
        return problem.answer

    def inner_problem(self, problem: Problem) -> Problem:
        return Problem.from_dict(problem.meta["inner"])

    def transcript_moves(self, answer: str) -> list[str]:
        return [answer]

    def start(self, problem: Problem) -> int:
        return 0

    def move(self, problem: Problem, state: Any, move: str) -> tuple[Any, str, str]:
        inner = self.inner_problem(problem)
        verdict = registry_function("verify")(inner, move if isinstance(move, str) else "")
        if verdict.correct:
            return state + 1, f"Attempt {state + 1} is right.", "solved"
        feedback = registry_function("family_for")(inner).feedback(inner, verdict)
        return state + 1, f"Attempt {state + 1}: {feedback}", "playing"

    def outcome_reward(self, problem: Problem, status: str, turns: int) -> float:
        if status == "solved":
            return DISCOUNT ** (turns - 1)
        return 0.0

    def complexity(self, problem: Problem) -> float:
        inner = self.inner_problem(problem)
        try:
            base = self._family.complexity(inner)
        except NotImplementedError:
            base = 0.0
        return base + 4 - problem.knobs["attempts"]


class RetryV1(Retry):
    """``Retry`` whose ``level`` knob starts at the inner family's easiest problems (0)."""

    name = "Retry"
    knobs: ClassVar[dict[str, Knob]] = {
        "attempts": Knob("int", 2, 4, easy=4, hard=2, doc="attempts allowed"),
        "level": Knob("float", 0.0, 1.0, doc="the inner problem's difficulty"),
    }
