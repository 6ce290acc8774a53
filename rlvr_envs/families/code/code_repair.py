"""CodeRepair: FunctionSynthesis over several turns, with the failing test as feedback.

After a failing attempt, the next observation is the failing test's input, expected and
actual output (or the error). Knobs and grading are FunctionSynthesis's.
"""

from __future__ import annotations

from rlvr_envs.core import Problem, Verdict
from rlvr_envs.families.code._base import repair_feedback
from rlvr_envs.families.code.function_synthesis import FunctionSynthesis


class CodeRepair(FunctionSynthesis):
    """:class:`FunctionSynthesis` over several turns, with a failing test as feedback."""

    max_turns = 3

    def feedback(self, problem: Problem, verdict: Verdict) -> str:
        return repair_feedback(self, problem, verdict)
