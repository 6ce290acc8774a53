"""What ``rlvr/RegexMatch-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import rlvr_envs
from tests.families.code.helpers import tags, task


# -- regular expressions -------------------------------------------------------------------
def test_regex_alternatives_pass_and_degenerate_patterns_score_zero():
    for seed in range(10):
        problem = task("rlvr/RegexMatch-v0").generate(seed=seed, difficulty=0.5)
        assert rlvr_envs.verify(problem, tags(f"(?:{problem.answer})")).correct
        for degenerate in (".*", "(?!)", "x{999}"):
            verdict = rlvr_envs.verify(problem, tags(degenerate))
            assert verdict.reward == 0.0 and verdict.score == 0.0, verdict
    too_long = rlvr_envs.verify(problem, tags("a" * (problem.meta["max_length"] + 1)))
    assert too_long.reason == "unparsable"


def test_a_backtracking_regex_is_stopped_by_the_time_limit():
    problem = task("rlvr/RegexMatch-v0").generate(seed=2, difficulty=1.0)
    limit = problem.meta["max_length"]
    evil = "(a|a?)+(a|a?)+b"[:limit] if limit >= 15 else "(a*)*b"
    verdict = rlvr_envs.verify(problem, tags(evil), timeout=1.0)
    assert not verdict.correct
