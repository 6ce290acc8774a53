"""The learning study end to end on the tiny model: board schema, skipping, resuming."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")

from trainers.grpo import study
from trainers.grpo.study import interval, target
from trainers.grpo.train import train as real_train


def _argv(model_dir, tmp_path, steps):
    return [
        "learning", "--smoke", "--model", str(model_dir), "--seeds", "0", "1",
        "--steps", str(steps), "--out", str(tmp_path / "runs"),
        "--board", str(tmp_path / "board"), "--set", "threads=1", "progress=false",
    ]  # fmt: skip


def test_learning_study_writes_its_board_skips_finished_seeds_and_resumes(
    tiny_model_dir, tmp_path, monkeypatch
):
    board = tmp_path / "board"
    study.main(_argv(tiny_model_dir, tmp_path, steps=1))
    data = json.loads((board / "learning.json").read_text())
    assert data["suite"] == "starter-v0" and data["model"] == str(tiny_model_dir)
    assert set(data["untrained"]) >= {"n", "pass@1", "format", "ci95"}
    assert data["untrained"]["n"] == 6 and data["untrained_transfer"]["n"] == 4
    assert [run["seed"] for run in data["runs"]] == [0, 1]
    for run in data["runs"]:
        assert [e["step"] for e in run["evals"]] == [0, 1] and run["finished"]
        for e in run["evals"]:
            assert set(e) >= {"step", "n", "pass@1", "format"} and e["n"] == 6
            assert e["ci95"][0] <= e["pass@1"] <= e["ci95"][1]
        assert run["transfer"]["n"] == 4 and run["target"] is not None
    text = (board / "learning.md").read_text()
    assert text.startswith("# The learning study")
    # the training signal per window: accuracy / zero-variance share / entropy, per seed
    assert "## Training signal" in text and "| 1-1 | " in text
    assert all(len(run["entropy"]) == len(run["zero_variance"]) == 1 for run in data["runs"])
    assert (board / "learning.png").exists()
    assert (board / "learning" / "seed-1.metrics.jsonl").exists()

    def no_training(cfg):
        raise AssertionError("a finished seed was trained again")

    monkeypatch.setattr(study, "train", no_training)
    study.main(_argv(tiny_model_dir, tmp_path, steps=1))  # everything done: nothing trains

    calls = []
    monkeypatch.setattr(study, "train", lambda cfg: calls.append(cfg) or real_train(cfg))
    study.main(_argv(tiny_model_dir, tmp_path, steps=2))  # more steps: continue each seed
    assert [c.resume for c in calls] == ["auto", "auto"]
    spans = (tmp_path / "runs" / "seed-0" / "seconds.jsonl").read_text().splitlines()
    assert [(json.loads(s)["from"], json.loads(s)["to"]) for s in spans] == [(0, 1), (1, 2)]
    data = json.loads((board / "learning.json").read_text())
    for run in data["runs"]:
        assert [e["step"] for e in run["evals"]] == [0, 1, 2] and run["transfer"]["step"] == 2
    # a finished, evaluated seed keeps only its last checkpoint (the trainer kept two)
    for seed in (0, 1):
        kept = (tmp_path / "runs" / f"seed-{seed}" / "checkpoints").iterdir()
        assert [p.name for p in kept] == ["step-2"]


def test_target_needs_gain_format_and_separate_intervals():
    start = {"pass@1": 0.2, "format": 0.95, "ci95": interval(40, 200)}
    end = {"pass@1": 0.4, "format": 0.97, "ci95": interval(80, 200)}
    assert target(start, end)["met"]
    close = {"pass@1": 0.3, "format": 0.97, "ci95": interval(60, 200)}
    assert not target(start, close)["met"]  # +10 points, but the intervals overlap
    assert not target({**start, "format": 0.8}, end)["met"]


def test_windows_average_a_series_over_steps_ending_at_multiples_of_the_width():
    series = [[1, 0.0], [2, 1.0], [3, 0.5], [20, 1.0], [21, 0.25]]
    assert study.windows(series, 20) == {20: 0.625, 40: 0.25}
    assert study.windows(series, 1) == {1: 0.0, 2: 1.0, 3: 0.5, 20: 1.0, 21: 0.25}


def test_the_verdict_waits_for_every_seed_unless_a_finished_one_missed():
    met = {"finished": True, "target": {"met": True}}
    missed = {"finished": True, "target": {"met": False}}
    running = {"finished": False, "target": None}
    assert study.target_met([met, running, running], 3) is None  # not "not met" yet
    assert study.target_met([met, met, met], 3) is True
    assert study.target_met([missed, running, running], 3) is False
    assert study.target_met([met, met], 3) is None  # a seed not started
    assert study.target_met([], 3) is None


def test_a_line_cut_by_a_kill_is_dropped_before_resuming(tmp_path):
    path = tmp_path / "metrics.jsonl"
    path.write_text('{"step": 1}\n{"step": 2, "eval/pa')
    study._drop_cut_lines(path)
    assert path.read_text() == '{"step": 1}\n'
    assert study._read_json(tmp_path / "missing.json") is None


def test_checkpoints_are_as_frequent_as_asked_not_only_at_evaluations(tmp_path):
    # a 2-core session ends whatever it left running: the study resumes from the newest
    # checkpoint, so checkpoints must come more often than the (costly) evaluations
    args = study.build_parser().parse_args(["learning", "--eval-every", "20"])
    cfg = study.learning_study(args).config(0, tmp_path)
    assert (cfg.eval_every, cfg.save_every) == (20, 5)
    args = study.build_parser().parse_args(["learning", "--save-every", "0"])
    assert study.learning_study(args).config(0, tmp_path).save_every == 20  # the evaluations'


def test_the_retry_study_plays_whole_episodes_in_evaluation(tiny_model_dir, tmp_path, monkeypatch):
    import trainers.grpo.evaluate as evaluation

    calls = []
    real = evaluation.evaluate
    monkeypatch.setattr(evaluation, "evaluate", lambda *a, **k: calls.append(k) or real(*a, **k))
    argv = ["retry", *_argv(tiny_model_dir, tmp_path, steps=1)[1:]]
    argv[argv.index("--seeds") + 1 : argv.index("--seeds") + 3] = ["0"]
    study.main(argv)
    data = json.loads((tmp_path / "board" / "retry.json").read_text())
    assert data["study"] == "retry" and data["suite"] == "retry-starter-v0"
    assert data["transfer_suite"] is None and [r["seed"] for r in data["runs"]] == [0]
    untrained = json.loads((tmp_path / "runs" / "untrained.json").read_text())
    assert untrained["key"]["max_turns"] == 4 and untrained["heldout"]["n"] == 6
    # the untrained model's held-out episodes are played turn by turn, up to 4 attempts
    assert calls and all(k["episodes"] is not None and k["max_turns"] == 4 for k in calls)
    board = (tmp_path / "board" / "retry.md").read_text()
    assert board.startswith("# The interactive demo") and "retry.png" in board


def test_the_teachers_study_stops_every_run_at_the_budget_and_pools_seeds(
    tiny_model_dir, tmp_path, monkeypatch
):
    from trainers.grpo import teacher_study

    argv = [
        "--smoke", "--model", str(tiny_model_dir), "--seeds", "0",
        "--teachers", "uniform", "threshold-ladder", "--out", str(tmp_path / "runs"),
        "--board", str(tmp_path / "board"), "--set", "threads=1", "progress=false",
    ]  # fmt: skip
    teacher_study.main(argv)
    data = json.loads((tmp_path / "board" / "teachers.json").read_text())
    assert data["suite"] == "teachers-v0" and data["settings"]["token_budget"] == 40
    assert [(r["teacher"], r["seed"], r["finished"]) for r in data["runs"]] == [
        ("uniform", 0, True), ("threshold-ladder", 0, True),
    ]  # fmt: skip
    families = data["families"]
    assert len(families) == 3 and sum(data["untrained"]["families"][e][1] for e in families) == 6
    for run in data["runs"]:
        rows = (tmp_path / "runs" / f"{run['teacher']}-seed-0" / "metrics.jsonl").read_text()
        spent = [json.loads(x)["train/generated_tokens"] for x in rows.splitlines()
                 if "train/generated_tokens" in x]  # fmt: skip
        # stopped in the step that reached the budget, not before, not after
        assert spent[-1] >= 40 and all(s < 40 for s in spent[:-1])
        assert run["steps"] == len(spent) and run["generated_tokens"] == spent[-1]
        final = run["final"]
        assert sum(final["families"][e][1] for e in families) == final["n"] == 6
        assert final["ci95"][0] <= final["pass@1"] <= final["ci95"][1]
        assert set(run["share_by_env"]) <= set(families)
        assert abs(sum(run["share_by_env"].values()) - 1) < 1e-9
    # threshold-ladder started from the cards measured in the first stage
    cards = tmp_path / "runs" / "cards" / "cards.json"
    config = json.loads((tmp_path / "runs" / "threshold-ladder-seed-0" / "config.json").read_text())
    assert json.loads(config["teacher_options"]) == {"cards": str(cards)}
    assert {c["env_id"] for c in json.loads(cards.read_text())["cards"]} == set(families)
    assert (tmp_path / "board" / "teachers" / "cards.json").exists()
    pooled = data["pooled"]["threshold-ladder"]
    assert pooled["seeds"] == [0] and pooled["n"] == 6
    assert set(data["verdict"]) == {"threshold-ladder"}
    board = (tmp_path / "board" / "teachers.md").read_text()
    assert board.startswith("# The teachers study") and "Separation from uniform" in board

    def no_training(cfg):
        raise AssertionError("a finished run was trained again")

    def no_cards(argv):
        raise AssertionError("the cards were measured again")

    monkeypatch.setattr(study, "train", no_training)
    monkeypatch.setattr("rlvr_envs.cli.main", no_cards)
    teacher_study.main(argv)  # everything done: nothing trains, nothing is measured again
    assert teacher_study.TEACHERS["threshold-ladder"] == {"cards": "CARDS"}


def test_runs_at_once_in_their_own_processes_give_the_numbers_of_runs_one_by_one(
    tiny_model_dir, tmp_path
):
    def numbers(out):
        rows = []
        for seed in (0, 1):
            text = (out / f"seed-{seed}" / "metrics.jsonl").read_text()
            for row in map(json.loads, text.splitlines()):
                rows.append({k: v for k, v in row.items() if k.startswith(("train/", "eval/"))
                             and not k.endswith("seconds")})  # fmt: skip
        return rows

    alone, together = tmp_path / "alone", tmp_path / "together"
    study.main(_argv(tiny_model_dir, alone, steps=2))
    study.main([*_argv(tiny_model_dir, together, steps=2), "--jobs", "2"])
    assert numbers(together / "runs") == numbers(alone / "runs") != []
    for seed in (0, 1):  # each worker's output went to its run's own log
        log = (together / "runs" / f"seed-{seed}" / "run.log").read_text()
        assert f"seed {seed}: 2 runs at a time, 1 thread(s)" in log and "steps 0 -> 2" in log
        assert (together / "board" / "learning" / f"seed-{seed}.run.log").exists()
    assert not (alone / "runs" / "seed-0" / "run.log").exists()
    with pytest.raises(SystemExit):
        study.build_parser().parse_args(["learning", "--jobs", "0"])


def test_a_run_that_fails_in_its_worker_is_named_with_its_log(tiny_model_dir, tmp_path):
    argv = [*_argv(tiny_model_dir, tmp_path, steps=1), 'teacher="no-such"', "--jobs", "2"]
    with pytest.raises(SystemExit) as failure:
        study.main(argv)
    message = str(failure.value)
    for seed in (0, 1):
        assert f"seed {seed}: ValueError: unknown teacher 'no-such'" in message
        assert str(tmp_path / "runs" / f"seed-{seed}" / "run.log") in message


def test_a_teacher_separates_only_when_its_pooled_interval_and_every_seed_are_apart():
    from trainers.grpo import teacher_study as ts

    def run(teacher, seed, passes, n=192):
        final = {"pass@1": passes / n, "passes": passes, "n": n, "format": 1.0,
                 "families": {"A": [passes, n]}}  # fmt: skip
        return {"teacher": teacher, "seed": seed, "finished": True, "final": final,
                "steps": 10, "generated_tokens": 100}  # fmt: skip

    def verdict(uniform, sec):
        runs = [run("uniform", i, x) for i, x in enumerate(uniform)]
        runs += [run("sec", i, x) for i, x in enumerate(sec)]
        pooled = {t: ts._pool([r for r in runs if r["teacher"] == t]) for t in ("uniform", "sec")}
        return ts.verdict({"runs": runs, "pooled": pooled})["sec"]

    assert verdict([40, 42, 44], [90, 92, 94]) == {"overall": "above", "A": "above"}
    assert verdict([90, 92, 94], [40, 42, 44]) == {"overall": "below", "A": "below"}
    # pooled 28.1% against 38.7%: intervals apart, but one seed of sec is below one of uniform
    pooled = ts._pool([run("u", 0, 40), run("u", 1, 42), run("u", 2, 80)])
    assert ts._apart(ts._pool([run("s", 0, 90), run("s", 1, 92), run("s", 2, 41)])["ci95"],
                     pooled["ci95"]) == "above"  # fmt: skip
    assert verdict([40, 42, 80], [90, 92, 41]) == {"overall": "", "A": ""}
    assert verdict([40, 42, 44], [45, 46, 47]) == {"overall": "", "A": ""}  # seeds apart only


def test_the_board_says_when_a_run_used_dynamic_sampling():
    plain = {"drop_zero_variance": False, "refill_rounds": 3}
    assert study._sampling(plain) == ""
    words = study._sampling({"drop_zero_variance": True, "refill_rounds": 3})
    assert "all score the same left out" in words and "up to 3 more sampling rounds" in words
    assert "rounds" not in study._sampling({"drop_zero_variance": True, "refill_rounds": 0})
