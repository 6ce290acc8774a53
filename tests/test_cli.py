"""The rlvr command."""

from __future__ import annotations

import json

from rlvr_envs.cli import main


def test_list_shows_ids_families_and_knob_ranges(capsys):
    assert main(["list", "--domain", "math", "--long"]) == 0
    out = capsys.readouterr().out
    assert "rlvr/Arithmetic-v0" in out and "digits (int 1..8)" in out and "mixture of" in out
    assert main(["list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"id", "domain", "family", "knobs"} <= set(rows[0])


def test_list_is_one_line_per_id_grouped_by_domain(capsys):
    from rlvr_envs import list_envs, make_task
    from rlvr_envs.registry import DOMAINS, MixtureTask

    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    ids = list_envs()
    listed = [line.split()[0] for line in lines if line.startswith("  rlvr/")]
    assert sorted(listed) == sorted(ids)  # each id once, on one line
    headers = [line.split()[0] for line in lines if line and not line.startswith(" ")]
    domains = [d for d in DOMAINS if list_envs(d)]
    assert headers[: len(domains)] == domains
    for domain in domains:  # an id sits under its own domain's header
        start = lines.index(next(line for line in lines if line.startswith(f"{domain} (")))
        block = lines[start + 1 :]
        block = block[
            : next((i for i, line in enumerate(block) if not line.startswith("  ")), None)
        ]
        assert sorted(line.split()[0] for line in block) == sorted(list_envs(domain))
    for env_id in ids:
        task = make_task(env_id)
        line = next(line for line in lines if line.split()[:1] == [env_id])
        if isinstance(task, MixtureTask):
            assert f"{len(task.members)} families" in line and len(line) < 120
        else:
            assert task.family.name in line and all(k in line for k in task.knob_space)


def test_show_prints_prompt_answer_and_oracle_score(capsys):
    assert main(["show", "rlvr/Arithmetic-v0", "--seed", "3", "--difficulty", "0.5"]) == 0
    out = capsys.readouterr().out
    assert "reference answer:" in out and "reward=1.0" in out
    assert main(["show", "rlvr/Arithmetic-v0", "--knobs", '{"digits": 3}', "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["knobs"]["digits"] == 3


def test_show_says_which_setting_it_used(capsys):
    from rlvr_envs import make_task

    assert main(["show", "rlvr/Arithmetic-v0", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "None" not in out.split("\n\n", 1)[0] and "default" in out
    defaults = {n: k.default for n, k in make_task("rlvr/Arithmetic-v0").knob_space.items()}
    assert f"knobs={json.dumps(defaults)}" in out
    assert main(["show", "rlvr/Arithmetic-v0", "--difficulty", "0.25"]) == 0
    assert "difficulty=0.25" in capsys.readouterr().out


def test_show_keeps_a_multi_line_answer_commented(capsys):
    from rlvr_envs import make_task

    problem = make_task("rlvr/Sudoku-v0").generate(seed=0, difficulty=0.0)
    assert "\n" in problem.answer  # a grid: one row a line
    assert main(["show", "rlvr/Sudoku-v0", "--difficulty", "0"]) == 0
    out = capsys.readouterr().out
    tail = out[out.index("# reference answer") :].splitlines()
    assert all(line.startswith("# ") for line in tail)
    rows = [line.removeprefix("#").strip() for line in tail[1 : 1 + len(problem.answer.split())]]
    assert rows == problem.answer.split()


def test_help_has_no_rest_markup(capsys):
    import argparse

    from rlvr_envs.cli import build_parser

    parsers = [build_parser()]
    for parser in parsers:  # every subcommand's help, recursively
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                parsers.extend(action.choices.values())
        text = parser.format_help()
        assert "``" not in text and ":func:" not in text and ":class:" not in text, text


def test_errors_are_one_line_not_tracebacks(capsys):
    assert main(["show", "rlvr/Nope-v0"]) == 2
    err = capsys.readouterr().err
    assert "unknown env id" in err and "rlvr list" in err and "list_envs" not in err
    assert main(["show", "rlvr/Arithmetic-v0", "--knobs", '{"digits": 99}']) == 2
    assert "int 1..8" in capsys.readouterr().err


def test_check_runs_checker_and_oracle(capsys):
    assert main(["check", "rlvr/Arithmetic-v0", "rlvr/Math-v0", "--seeds", "5"]) == 0
    captured = capsys.readouterr()
    assert "2 env ids checked, 0 failures" in captured.out
    # gymnasium's warning that Math-v0 has a newer version: once, after the progress bar
    err = captured.err.replace("\r", "\n")
    assert err.count("rlvr/Math-v0") == 1 and "DeprecationWarning" not in err
    assert err.rindex("checking envs") < err.index("rlvr/Math-v0")


def test_audit_table_keeps_its_columns():
    import contextlib
    import io

    from rlvr_envs.audit import ConstantAudit, EchoAudit
    from rlvr_envs.cli import _print_audit

    def row(env_id, answer, program=False):
        constant = ConstantAudit(env_id, answer, 0.5, 10, 3, reference_program=program)
        echo = EchoAudit(env_id, "number[0]", 0.25, 0.0, 0.5, 0.0, 10, "3")
        return constant, echo

    rows = [
        row("rlvr/ImplementKnapsack-v0", "def f(x):\n    return x\n", program=True),
        row("rlvr/Sudoku-v0", "12\n21\n" * 20),
        row("rlvr/A-v0", "x"),
        row("rlvr/B-v0", "a\tb c|d" * 9),
    ]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        _print_audit(rows)
    lines = out.getvalue().splitlines()
    table = lines[: 1 + len(rows)]
    column = table[0].index("echo")
    for line in table[1:]:  # every row's echo reward starts under the header's "echo"
        assert line[column : column + 4] == "0.25", table


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
