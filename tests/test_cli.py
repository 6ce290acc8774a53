"""The rlvr command."""

from __future__ import annotations

import json

from rlvr_envs.cli import main


def test_list_shows_ids_families_and_knob_ranges(capsys):
    assert main(["list", "--domain", "math"]) == 0
    out = capsys.readouterr().out
    assert "rlvr/Arithmetic-v0" in out and "digits (int 1..8)" in out and "mixture of" in out
    assert main(["list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"id", "domain", "family", "knobs"} <= set(rows[0])


def test_show_prints_prompt_answer_and_oracle_score(capsys):
    assert main(["show", "rlvr/Arithmetic-v0", "--seed", "3", "--difficulty", "0.5"]) == 0
    out = capsys.readouterr().out
    assert "reference answer:" in out and "reward=1.0" in out
    assert main(["show", "rlvr/Arithmetic-v0", "--knobs", '{"digits": 3}', "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["knobs"]["digits"] == 3


def test_errors_are_one_line_not_tracebacks(capsys):
    assert main(["show", "rlvr/Nope-v0"]) == 2
    assert "unknown env id" in capsys.readouterr().err
    assert main(["show", "rlvr/Arithmetic-v0", "--knobs", '{"digits": 99}']) == 2
    assert "int 1..8" in capsys.readouterr().err


def test_check_runs_checker_and_oracle(capsys):
    assert main(["check", "rlvr/Arithmetic-v0", "rlvr/Math-v0", "--seeds", "5"]) == 0
    assert "2 env ids checked, 0 failures" in capsys.readouterr().out


def test_check_and_audit_skip_families_whose_optional_module_is_missing(capsys, monkeypatch):
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "chess" else find_spec(name, *a),
    )
    assert main(["check", "rlvr/ChessMate-v0", "rlvr/Nim-v0", "--seeds", "2"]) == 0
    captured = capsys.readouterr()
    assert "1 env ids checked, 0 failures" in captured.out
    assert "skipped rlvr/ChessMate-v0: pip install 'rlvr-envs[chess]'" in captured.err
    assert main(["audit", "rlvr/ChessMate-v0", "--problems", "5", "--echo-problems", "0"]) == 0
    captured = capsys.readouterr()
    assert "ChessMate" not in captured.out and "skipped rlvr/ChessMate-v0" in captured.err
