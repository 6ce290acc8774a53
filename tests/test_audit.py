"""The shortcut audits: the reward one fixed answer, or a copy from the prompt, earns."""

from __future__ import annotations

import json

import pytest

import rlvr_envs
from rlvr_envs.audit import ECHO_KINDS, best_constant_answer, best_echo_rule, prompt_spans
from rlvr_envs.cli import main
from rlvr_envs.core import Judgement
from rlvr_envs.families.graph.connected_components import ConnectedComponents
from rlvr_envs.families.math.arithmetic import Arithmetic
from rlvr_envs.mathcheck.compare import is_equivalent


@pytest.mark.parametrize(
    "env_id",
    ["rlvr/Bipartite-v0", "rlvr/CycleDetection-v1", "rlvr/EulerianPath-v1", "rlvr/Entailment-v1"],
)
def test_verdicts_with_witnesses_leave_constants_little(env_id):
    audit = best_constant_answer(env_id, problems=80)
    assert audit.reward <= 0.2, audit
    assert audit.problems == 80 and audit.distinct_answers > 10


class CountOnlyComponents(ConnectedComponents):
    """ConnectedComponents-v0, which asks for the count alone (v1 asks for the components): a
    count between 3 and 5 is right a third of the time by guessing."""

    name = "CountOnlyComponents"


@pytest.fixture(scope="module")
def count_only():
    return rlvr_envs.register(CountOnlyComponents, "rlvr/TestCountOnly", domain="graph")


def test_the_audit_finds_a_narrow_answer_distribution(count_only):
    audit = best_constant_answer(count_only, problems=60)
    assert audit.reward > 0.2 and audit.answer.isdigit() and audit.distinct_answers <= 5
    again = best_constant_answer(count_only, problems=60)
    assert again == audit  # deterministic: seeds 0..problems-1
    assert best_constant_answer("rlvr/ConnectedComponents-v1", problems=60).reward <= 1 / 60


class HalfForAnyCount(CountOnlyComponents):
    """A graded family: any wrong count still scores 0.5, the reward under partial credit."""

    name = "HalfForAnyCount"

    def check(self, problem, answer):
        judgement = super().check(problem, answer)
        return judgement if judgement.correct else Judgement.wrong(score=0.5)


def test_a_graded_familys_constant_is_audited_by_its_mean_reward_not_its_correct_rate():
    graded = rlvr_envs.register(
        HalfForAnyCount, "rlvr/TestHalfForAnyCount", domain="graph", partial_credit=True
    )
    audit = best_constant_answer(graded, problems=40)
    assert audit.correct < audit.reward == pytest.approx(0.5 + audit.correct / 2)
    plain = best_constant_answer("rlvr/ConnectedComponents-v1", problems=20)
    assert plain.reward == plain.correct


def test_audit_command_reports_and_fails_above_a_threshold(capsys, count_only):
    assert main(["audit", count_only, "rlvr/Bipartite-v0", "--problems",
                 "30", "--fail-above", "0.25"]) == 1  # fmt: skip
    captured = capsys.readouterr()
    assert f"FAIL {count_only}" in captured.err
    assert "FAIL rlvr/Bipartite" not in captured.err and "rlvr/Bipartite-v0" in captured.out
    assert main(["audit", "rlvr/Bipartite-v0", "--problems", "20", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["env_id"] == "rlvr/Bipartite-v0" and 0 <= rows[0]["reward"] <= 1
    assert main(["audit", "rlvr/Nope-v0"]) == 2
    assert main(["audit", "rlvr/Bipartite-v0", "--problems", "0"]) == 2


def test_a_code_envs_reference_program_is_labelled_not_failed(capsys):
    """Every ImplementKnapsack problem asks for the same function, so its reference program
    earns 1 as a "constant": the task's general solution, which --fail-above must not flag;
    --code-problems caps the sandboxed problems of code envs only."""
    args = ["audit", "rlvr/ImplementKnapsack-v0", "rlvr/Bipartite-v0", "--problems", "6",
            "--echo-problems", "0", "--code-problems", "2", "--fail-above", "0.5",
            "--json"]  # fmt: skip
    assert main(args) == 0
    rows = {r["env_id"]: r for r in json.loads(capsys.readouterr().out)}
    code, graph = rows["rlvr/ImplementKnapsack-v0"], rows["rlvr/Bipartite-v0"]
    assert code["reference_program"] and code["reward"] == 1.0 and code["problems"] == 2
    assert not graph["reference_program"] and graph["problems"] == 6
    assert main(args[:-1]) == 0
    assert "<ref. program>*" in capsys.readouterr().out
    assert main(["audit", "rlvr/Bipartite-v0", "--code-problems", "0"]) == 2


# -- copying from the prompt ------------------------------------------------------------------
def test_prompt_spans_finds_numbers_expressions_sides_quotes_code_and_lines():
    prompt = (
        'Solve for x: 3(x - 2) + 1 = -5x + 7/2\nLet s = "abc1". Then\n'
        "```python\ndef f(n):\n    return n + 1\n```\nGive x."
    )
    spans = prompt_spans(prompt)
    assert set(spans) == set(ECHO_KINDS)
    assert spans["number"] == ["3", "2", "1", "-5", "7/2", "1"]  # not the 1 of abc1
    assert "3(x - 2) + 1 = -5x + 7/2" in spans["expression"]
    assert spans["side"][:2] == ["3(x - 2) + 1", "-5x + 7/2"]
    assert spans["quoted"] == ["abc1"]
    assert spans["code"] == ["def f(n):\n    return n + 1\n"]
    assert spans["line"][0] == "Solve for x: 3(x - 2) + 1 = -5x + 7/2"
    assert spans["token"][:3] == ["Solve", "for", "x"]


class ValueOnlyArithmetic(Arithmetic):
    """Arithmetic judged by value alone: what every math family did before answer forms."""

    name = "ValueOnlyArithmetic"

    def check(self, problem, answer):
        return Judgement.right() if is_equivalent(problem.answer, answer) else Judgement.wrong()


def test_the_echo_audit_catches_a_checker_that_accepts_the_question_back():
    env_id = rlvr_envs.register(ValueOnlyArithmetic, "rlvr/TestValueOnly", domain="math")
    hacked = best_echo_rule(env_id, problems=20)
    assert hacked.rule == "expression[0]" and hacked.reward == 1.0 and hacked.copied == 1.0
    problem = rlvr_envs.make_task(env_id).generate(seed=0, difficulty=0.5)
    assert hacked.example == problem.meta["expression"]
    fixed = best_echo_rule("rlvr/Arithmetic-v0", problems=20)
    assert fixed.reward == 0.0 and fixed.copied == 0.0 and fixed.any_span == 0.0


_NON_CODE = [
    env_id
    for domain in rlvr_envs.DOMAINS
    if domain != "code"
    for env_id in rlvr_envs.list_envs(domain, mixtures=False)
]


@pytest.mark.parametrize("env_id", _NON_CODE)
def test_copying_from_the_prompt_earns_nothing_where_the_answer_is_computed(env_id):
    audit = best_echo_rule(env_id, problems=15)
    assert audit.copied == 0.0, audit
    assert audit.reward <= audit.stated, audit  # only where the prompt states the answer


@pytest.mark.parametrize("difficulty", [0.0, 1.0])
@pytest.mark.parametrize("env_id", rlvr_envs.list_envs("math", mixtures=False))
def test_math_echoes_earn_nothing_at_either_end_of_the_difficulty_range(env_id, difficulty):
    audit = best_echo_rule(env_id, problems=10, difficulty=difficulty)
    assert audit.copied == 0.0, audit


@pytest.mark.parametrize(
    "env_id", ["rlvr/InputPrediction-v1", "rlvr/OutputPrediction-v0", "rlvr/BugFix-v0"]
)
def test_copying_pays_no_more_than_guessing_on_code_envs(env_id):
    echo = best_echo_rule(env_id, problems=6, positions=2)
    constant = best_constant_answer(env_id, problems=6)
    assert echo.copied <= max(constant.reward, 1 / 6), (echo, constant)


def test_audit_command_reports_copying_and_fails_above_a_threshold(capsys):
    cls = type("ValueOnlyArithmeticCli", (ValueOnlyArithmetic,), {"name": "ValueOnlyCli"})
    env_id = rlvr_envs.register(cls, "rlvr/TestValueOnlyCli", domain="math")
    args = ["audit", env_id, "rlvr/Arithmetic-v0", "--problems", "10", "--echo-problems", "10"]
    assert main([*args, "--fail-copied-above", "0"]) == 1
    captured = capsys.readouterr()
    assert f"FAIL {env_id}: copying" in captured.err
    assert "FAIL rlvr/Arithmetic-v0" not in captured.err
    assert "expression[0]" in captured.out
    assert main(["audit", "rlvr/Arithmetic-v0", "--problems", "5", "--echo-problems", "5",
                 "--json"]) == 0  # fmt: skip
    (row,) = json.loads(capsys.readouterr().out)
    assert row["echo"]["copied"] == 0.0 and row["echo"]["problems"] == 5
    assert main(["audit", "rlvr/Arithmetic-v0", "--echo-problems", "-1"]) == 2
