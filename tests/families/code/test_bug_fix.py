"""What ``rlvr/BugFix-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.families.code import _programs
from tests.families.code.helpers import code, task


def test_bug_fix_rejects_the_unfixed_program_and_accepts_the_fix():
    for seed in range(10):
        problem = task("rlvr/BugFix-v0").generate(seed=seed, difficulty=0.5)
        faulty = _programs.Program.from_json(problem.meta["faulty"]).source()
        assert faulty in problem.prompt and faulty != problem.answer
        verdict = rlvr_envs.verify(problem, code(faulty))
        assert not verdict.correct and verdict.score < 1
        assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).correct
