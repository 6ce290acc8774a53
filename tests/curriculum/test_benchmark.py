"""The curriculum benchmark: determinism, analysis, leaderboard files and the command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rlvr_envs.cli import main
from rlvr_envs.curriculum.benchmark import (
    BenchConfig,
    parse_teacher,
    run_benchmark,
    run_curriculum,
    run_one,
)
from rlvr_envs.curriculum.leaderboard import record_lm_run, render_markdown, write_leaderboard

TINY = BenchConfig(
    scenarios=("mixed", "infeasible"),
    teachers=("uniform", "sec", "plr"),
    seeds=2,
    budget=320,
    batch=16,
    evals=4,
    test_per_env=6,
)


@pytest.fixture(scope="module")
def results():
    return run_benchmark(TINY, workers=1, progress=False)


def test_results_do_not_depend_on_worker_count(results):
    again = run_benchmark(TINY, workers=2, progress=False)
    assert json.dumps(again, sort_keys=True) == json.dumps(results, sort_keys=True)


def test_a_run_is_a_pure_function_of_its_configuration():
    assert run_one(TINY, "mixed", "sec", 1) == run_one(TINY, "mixed", "sec", 1)
    assert run_one(TINY, "mixed", "sec", 1) != run_one(TINY, "mixed", "sec", 0)


def test_summary_has_every_metric_for_every_teacher_and_scenario(results):
    assert len(results["runs"]) == 2 * 3 * 2
    assert results["eval_steps"] == [0, 80, 160, 240, 320]
    for scenario in TINY.scenarios:
        rows = results["summary"]["scenarios"][scenario]["teachers"]
        assert set(rows) == set(TINY.teachers)
        for row in rows.values():
            for metric in ("auc", "final", "steps_to_80", "delta_auc"):
                assert row[metric]["low"] <= row[metric]["iqm"] <= row[metric]["high"]
            assert 0.0 <= row["flat_groups"] <= 1.0
        assert rows["uniform"]["delta_auc"] == {"iqm": 0.0, "low": 0.0, "high": 0.0}
    targets = results["summary"]["targets"]
    assert [t["scenario"] for t in targets] == ["mixed", "infeasible"]


def test_loop_needs_only_the_teacher_and_student_interfaces():
    class Constant:
        """A stand-in for a language-model student: always half right."""

        def train(self, specs):
            from rlvr_envs.curriculum import Outcome

            return [Outcome(s, [1.0, 0.0]) for s in specs]

        def evaluate(self, specs):
            return 0.5

    from rlvr_envs.curriculum import TaskSpace, make_teacher

    space = TaskSpace(["rlvr/Arithmetic-v0"])
    run = run_curriculum(make_teacher("dump", space), Constant(), [], [0, 10, 25], batch=4)
    assert run == {"steps": [0, 10, 25], "success": [0.5, 0.5, 0.5], "flat_groups": 0.0}


def test_teacher_labels_carry_options():
    assert parse_teacher("alp-gmm:mode=difficulty,random_share=0.3") == (
        "alp-gmm",
        {"mode": "difficulty", "random_share": 0.3},
    )
    with pytest.raises(ValueError, match="unknown teacher"):
        parse_teacher("nope")
    with pytest.raises(ValueError, match="unknown scenario"):
        BenchConfig(scenarios=("nope",))


def test_leaderboard_files_and_lm_rows(results, tmp_path):
    paths = write_leaderboard(dict(results), tmp_path, "board", command=["rlvr", "x"], plots=False)
    assert sorted(p.name for p in paths) == ["board.json", "board.md"]
    md = (tmp_path / "board.md").read_text()
    for heading in ("## Headline targets", "## Overall", "## Scenario `mixed`",
                    "## Language-model students", "## Teachers"):  # fmt: skip
        assert heading in md
    assert "_no runs recorded yet_" in md
    row = {"model": "tiny-lm", "suite": "math-v0", "teacher": "sec", "steps": 10,
           "test_success": 0.25, "baseline_test_success": 0.2}  # fmt: skip
    record_lm_run(row, tmp_path / "board.json")
    assert (
        "| tiny-lm | math-v0 | `sec` | 10 | 0.250 | 0.200 |" in (tmp_path / "board.md").read_text()
    )
    with pytest.raises(ValueError, match="missing"):
        record_lm_run({"model": "x"}, tmp_path / "board.json")
    # re-running the benchmark keeps the recorded LM rows
    write_leaderboard(dict(results, lm_students=[]), tmp_path, "board", plots=False)
    assert json.loads((tmp_path / "board.json").read_text())["lm_students"][0]["model"] == "tiny-lm"


def test_markdown_is_deterministic(results):
    assert render_markdown(results) == render_markdown(json.loads(json.dumps(results)))


def test_plots_are_written(results, tmp_path):
    pytest.importorskip("matplotlib")
    paths = write_leaderboard(dict(results), tmp_path, "board")
    assert {p.name for p in paths} >= {"board-mixed.png", "board-infeasible.png"}
    assert "![test success on mixed](board-mixed.png)" in (tmp_path / "board.md").read_text()


def test_command_line(tmp_path, capsys):
    argv = ["bench", "curricula", "--scenario", "trivial", "--teachers", "uniform,mopps",
            "--seeds", "1", "--budget", "64", "--evals", "2", "--workers", "1",
            "--out", str(tmp_path), "--no-plots", "--no-progress"]  # fmt: skip
    assert main(argv) == 0
    assert "wrote" in capsys.readouterr().out
    data = json.loads((tmp_path / "curricula.json").read_text())
    assert data["command"] == (
        "rlvr bench curricula --seeds 1 --budget 64 --evals 2 --scenario trivial "
        "--teachers uniform mopps"
    )
    assert main(["bench", "curricula", "--teachers", "nope", "--out", str(tmp_path)]) == 2


def test_quick_preset_is_small():
    quick = BenchConfig.quick()
    assert quick.seeds * quick.budget * len(quick.teachers) * len(quick.scenarios) <= 500_000


def test_importing_the_package_pulls_in_no_plotting_or_statistics_libraries():
    code = (
        "import sys, rlvr_envs.curriculum, rlvr_envs.curriculum.benchmark; "
        "bad = [m for m in ('matplotlib', 'sklearn', 'rliable', 'scipy', 'torch') "
        "if m in sys.modules]; print(bad); sys.exit(bool(bad))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
