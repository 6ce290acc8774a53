"""The shortcut audit: the reward one fixed answer earns on an env."""

from __future__ import annotations

import json

import pytest

from rlvr_envs.audit import best_constant_answer
from rlvr_envs.cli import main


@pytest.mark.parametrize(
    "env_id",
    ["rlvr/Bipartite-v0", "rlvr/CycleDetection-v0", "rlvr/EulerianPath-v0", "rlvr/Entailment-v0"],
)
def test_verdicts_with_witnesses_leave_constants_little(env_id):
    audit = best_constant_answer(env_id, problems=80)
    assert audit.reward <= 0.2, audit
    assert audit.problems == 80 and audit.distinct_answers > 10


def test_the_audit_finds_a_narrow_answer_distribution():
    # a component count between 3 and 5 is right a third of the time by guessing
    audit = best_constant_answer("rlvr/ConnectedComponents-v0", problems=60)
    assert audit.reward > 0.2 and audit.answer.isdigit() and audit.distinct_answers <= 5
    again = best_constant_answer("rlvr/ConnectedComponents-v0", problems=60)
    assert again == audit  # deterministic: seeds 0..problems-1


def test_audit_command_reports_and_fails_above_a_threshold(capsys):
    assert main(["audit", "rlvr/ConnectedComponents-v0", "rlvr/Bipartite-v0", "--problems",
                 "30", "--fail-above", "0.25"]) == 1  # fmt: skip
    captured = capsys.readouterr()
    assert "FAIL rlvr/ConnectedComponents-v0" in captured.err
    assert "Bipartite" not in captured.err and "rlvr/Bipartite-v0" in captured.out
    assert main(["audit", "rlvr/Bipartite-v0", "--problems", "20", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["env_id"] == "rlvr/Bipartite-v0" and 0 <= rows[0]["reward"] <= 1
    assert main(["audit", "rlvr/Nope-v0"]) == 2
    assert main(["audit", "rlvr/Bipartite-v0", "--problems", "0"]) == 2
