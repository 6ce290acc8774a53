"""What ``rlvr/FunctionSynthesis-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.families.code import _programs
from tests.families.code.helpers import code, task


def test_a_solution_written_differently_passes():
    for seed in range(5):
        problem = task("rlvr/FunctionSynthesis-v0").generate(seed=seed, difficulty=0.6)
        program = _programs.Program.from_json(problem.meta["program"])
        arg, helpers, chain = program.arg, [], program.arg
        for i, (name, params) in enumerate(program.steps):  # one helper function per step
            op = _programs.OPS[name]
            tail = "" if op.final else f"\n    return {arg}"
            helpers.append(f"def step_{i}({arg}):\n    {op.code(*params)}{tail}\n")
            chain = f"step_{i}({chain})"
        answer = (
            "import math\nimport re\n\n"
            + "\n".join(helpers)
            + f"\ndef {program.function}({arg}):\n    return {chain}\n"
        )
        verdict = rlvr_envs.verify(problem, code(answer))
        assert verdict.correct, (answer, verdict)
