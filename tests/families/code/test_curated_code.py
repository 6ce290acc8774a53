"""What ``rlvr/CuratedCode-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs import sandbox
from rlvr_envs.families.code import curated_code
from tests.families.code.helpers import code, task


def test_every_curated_reference_solution_passes_its_tests():
    problems = curated_code.problems()
    assert len(problems) >= 60 and len({p["id"] for p in problems}) == len(problems)
    levels = [p["level"] for p in problems]
    assert all(levels.count(level) >= 15 for level in (1, 2, 3))
    for p in problems:
        assert len(p["tests"]) >= 5 and p["signature"].startswith(p["fn"] + "(")
        tests = [{"fn": p["fn"], **t} for t in p["tests"]]
        report = sandbox.run_tests(p["solution"], tests, timeout=10)
        assert report.all_passed, (p["id"], report.results)


def test_wrong_programs_fail_and_verdicts_are_stable():
    problem = task("rlvr/CuratedCode-v0").generate(seed=1, difficulty=0.0)
    fn = problem.meta["hidden_tests"][0]["fn"]
    for wrong in (
        f"def {fn}(*a):\n    return None\n",
        "def other():\n    pass\n",
        "1/0\n",
        f"def {fn}(*a):\n    raise SystemExit(0)\n",
    ):
        first = rlvr_envs.verify(problem, code(wrong))
        again = rlvr_envs.verify(problem, code(wrong))
        assert first.reward == 0.0 and first.to_dict() == again.to_dict()
    syntax = rlvr_envs.verify(problem, code("def broken(:\n"))
    assert syntax.reason == "wrong" and "SyntaxError" in syntax.details["failure"]["error"]
