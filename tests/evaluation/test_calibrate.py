"""The calibration sweep (:mod:`rlvr_envs.calibration.sweep`) and ``rlvr calibrate``: sweep
points, card building from a scorer, the logistic recovery, edge cases, suites, simulated
students and the command end to end."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from rlvr_envs.calibration.cards import EASIER, HARDER, NO_DATA
from rlvr_envs.calibration.sweep import (
    CALIBRATION_SEEDS,
    calibrate_env,
    calibrate_envs,
    sweep_points,
)
from rlvr_envs.core import EVAL_SEEDS, Problem
from rlvr_envs.curriculum.students import student_cards
from rlvr_envs.evaluation.calibrate import calibration_targets, format_table

# -- the sweep ---------------------------------------------------------------------------------


def test_sweep_points_spread_inside_their_bins_with_distinct_evaluation_seeds():
    points = sweep_points(5, 4, (0.2, 0.7), seed=0)
    assert len(points) == 20
    for p in points:
        lo = 0.2 + p.bin * 0.1
        assert lo < p.difficulty < lo + 0.1
    # evenly spread: (j + 1/2) / n of the bin
    assert [p.difficulty for p in points if p.bin == 0] == pytest.approx(
        [0.2125, 0.2375, 0.2625, 0.2875]
    )
    seeds = [p.seed for p in points]
    assert len(set(seeds)) == 20 and all(s in EVAL_SEEDS for s in seeds)
    # above every frozen evaluation set's EVAL_SEEDS.start + i
    assert min(seeds) >= CALIBRATION_SEEDS.start > EVAL_SEEDS.start + 10**9
    other = sweep_points(5, 4, (0.2, 0.7), seed=1)
    assert not set(seeds) & {p.seed for p in other}


@pytest.mark.parametrize(
    ("bins", "n", "rng", "seed", "match"),
    [(0, 4, (0, 1), 0, "--bins"), (4, 0, (0, 1), 0, "--n"), (4, 4, (0.5, 0.5), 0, "low < high"),
     (4, 4, (0, 1.5), 0, "low < high"), (4, 4, (0, 1), -1, "seed"), (4, 4, (0, 1), 2**50, "seed")],
)  # fmt: skip
def test_bad_sweeps_are_refused_with_a_message(bins, n, rng, seed, match):
    with pytest.raises(ValueError, match=match):
        sweep_points(bins, n, rng, seed)


def by_difficulty(curve, k: int = 1, rng_seed: int = 0):
    """A scorer whose item is the difficulty (``generate=``) and whose pass probability is
    ``curve(difficulty)``, ``k`` samples per problem."""
    rng = np.random.default_rng(rng_seed)

    def scorer(items):
        return [(int(rng.binomial(k, curve(d))), k) for d in items]

    return scorer


def difficulty_only(env_id, seed, difficulty):
    return difficulty


def logistic(d: float) -> float:
    return 1.0 / (1.0 + math.exp(12.0 * (d - 0.4)))


def test_thresholds_of_a_known_logistic_are_recovered_within_a_bin_width():
    card = calibrate_env(
        "rlvr/Toy-v0", by_difficulty(logistic, k=4), bins=10, n=100, k=4,
        generate=difficulty_only, model="synthetic",
    )  # fmt: skip
    for level in (0.9, 0.5, 0.1):
        truth = 0.4 + math.log(1 / level - 1) / 12
        assert card.thresholds[f"{level:g}"] == pytest.approx(truth, abs=0.1)
    assert sum(b.n for b in card.bins) == 4000 and card.settings["k"] == 4
    # each bin's interval covers the true mean pass rate over the bin (all 10 here)
    for b in card.bins:
        mean = np.mean([logistic(d) for d in np.linspace(b.lo, b.hi, 201)])
        assert b.ci_lo - 0.02 <= mean <= b.ci_hi + 0.02


def test_the_default_generator_makes_the_envs_problems_at_the_sweep_points():
    seen: list[Problem] = []

    def scorer(problems):
        seen.extend(problems)
        return [(1, 1)] * len(problems)

    card = calibrate_env("rlvr/Arithmetic-v0", scorer, bins=3, n=2, difficulty_range=(0.1, 0.4))
    points = sweep_points(3, 2, (0.1, 0.4))
    assert [(p.seed, p.difficulty) for p in seen] == [(q.seed, q.difficulty) for q in points]
    assert all(p.env_id == "rlvr/Arithmetic-v0" for p in seen)
    assert card.difficulty_range == (0.1, 0.4) and card.threshold_notes["0.1"] == HARDER


def test_all_pass_none_pass_and_a_bin_of_errors():
    everything = calibrate_env("rlvr/Toy-v0", by_difficulty(lambda d: 1.0), bins=4, n=5,
                               generate=difficulty_only)  # fmt: skip
    nothing = calibrate_env("rlvr/Toy-v0", by_difficulty(lambda d: 0.0), bins=4, n=5,
                            generate=difficulty_only)  # fmt: skip
    assert set(everything.threshold_notes.values()) == {HARDER}
    assert set(nothing.threshold_notes.values()) == {EASIER}
    assert format_table([everything, nothing]).splitlines()[2:] == [
        "| rlvr/Toy-v0 | 0-1 | >1 | >1 | >1 | 20 | 0 |",
        "| rlvr/Toy-v0 | 0-1 | <0 | <0 | <0 | 20 | 0 |",
    ]

    def failing_middle(items):  # the server fails every request for bin 2 of 4
        return [(0, 0) if 0.5 <= d < 0.75 else (2 if d < 0.5 else 0, 2) for d in items]

    card = calibrate_env("rlvr/Toy-v0", failing_middle, bins=4, n=5, k=2, generate=difficulty_only)
    assert [b.n for b in card.bins] == [10, 10, 0, 10]
    assert [b.errors for b in card.bins] == [0, 0, 10, 0]
    assert card.bins[2].rate is None and card.fit[2] is None
    assert card.fit[3] == 0.0 and card.thresholds["0.5"] == pytest.approx(0.625)

    dead = calibrate_env("rlvr/Toy-v0", lambda items: [(0, 0)] * len(items), bins=2, n=2,
                         generate=difficulty_only)  # fmt: skip
    assert set(dead.threshold_notes.values()) == {NO_DATA}
    assert "| n/a | n/a | n/a | 0 | 4 |" in format_table([dead])


@pytest.mark.parametrize(
    ("scorer", "k", "match"),
    [(lambda items: [(1, 1)], 1, "returned 1 results for 4"),
     (lambda items: [(2, 1)] * len(items), 2, "n_correct <= n_ok"),
     (lambda items: [(1, 3)] * len(items), 2, "n_ok <= k=2"),
     (lambda items: ["x"] * len(items), 1, r"\(n_correct, n_ok\)")],
)  # fmt: skip
def test_a_scorer_that_breaks_the_contract_is_named(scorer, k, match):
    with pytest.raises(ValueError, match=match):
        calibrate_env("rlvr/Toy-v0", scorer, bins=2, n=2, k=k, generate=difficulty_only)


def test_several_envs_go_to_the_scorer_in_one_call():
    calls = []

    def scorer(items):
        calls.append(len(items))
        return [(1, 1)] * len(items)

    cards = calibrate_envs(
        [("rlvr/A-v0", (0.0, 1.0)), ("rlvr/B-v0", (0.2, 0.6))], scorer, bins=3, n=2,
        generate=difficulty_only,
    )  # fmt: skip
    assert calls == [12]
    assert [c.env_id for c in cards] == ["rlvr/A-v0", "rlvr/B-v0"]
    assert cards[1].bins[0].lo == 0.2 and cards[1].bins[-1].hi == 0.6
    with pytest.raises(ValueError, match="no env ids"):
        calibrate_envs([], scorer)


def test_targets_of_an_env_id_and_of_a_suite():
    assert calibration_targets("rlvr/Arithmetic-v0") == (None, [("rlvr/Arithmetic-v0", (0.0, 1.0))])
    suite, targets = calibration_targets("math-v0")
    assert suite == "math-v0" and len(targets) == 13
    assert all(0.0 <= lo < hi <= 1.0 for _, (lo, hi) in targets)
    with pytest.raises(ValueError, match="rlvr list"):
        calibration_targets("no-such-suite-v9")
    with pytest.raises(ValueError):
        calibration_targets("rlvr/NoSuchEnv-v0")


# -- simulated students --------------------------------------------------------------------------


def test_cards_of_a_simulated_student_follow_its_true_pass_curve():
    from rlvr_envs.curriculum import TaskSpace, TaskSpec
    from rlvr_envs.curriculum.scenarios import SCENARIOS

    space = TaskSpace.from_suite("math-v0", bins=10)
    student = SCENARIOS["mixed"].make_student(space, 0)
    logits = student.logits.copy()
    cards = student_cards(student, bins=8, n=16, seed=0)
    assert np.array_equal(student.logits, logits) and student.steps == 0  # it did not learn
    assert [c.env_id for c in cards] == list(space.env_ids)
    for card in cards:
        low, high = space.difficulty_range(card.env_id)
        assert card.difficulty_range == (low, high) and card.model == "simulated student"
        sweep = sweep_points(8, 16, (low, high))
        for i, b in enumerate(card.bins):
            points = [p for p in sweep if p.bin == i]
            specs = [TaskSpec(card.env_id, difficulty=p.difficulty, seed=p.seed) for p in points]
            truth = float(student.success_probability(specs).mean())
            assert abs(b.rate - truth) < 0.15, (card.env_id, b, truth)


# -- the command end to end ----------------------------------------------------------------------


def sweep_problems(env_id: str, bins: int, n: int) -> list[Problem]:
    from rlvr_envs import make_task

    task = make_task(env_id)
    return [task.generate(p.seed, p.difficulty) for p in sweep_points(bins, n)]


def run_cli(*argv: str) -> int:
    from rlvr_envs.cli import main

    return main(list(argv))


def test_rlvr_calibrate_against_a_served_model(tmp_path, capsys):
    from tests.evaluation.fake_server import FakeServer, correct_if

    problems = sweep_problems("rlvr/Arithmetic-v0", 4, 3)
    out = tmp_path / "out"
    args = ["calibrate", "rlvr/Arithmetic-v0", "--model", "fake", "--bins", "4", "--n", "3",
            "--out", str(out), "--no-progress"]  # fmt: skip
    with FakeServer(problems, correct_if(lambda p: p.difficulty < 0.5)) as server:
        assert run_cli(*args, "--base-url", server.url) == 0
        assert server.requests == 12
        printed = capsys.readouterr().out
        assert "| rlvr/Arithmetic-v0 | 0-1 | 0.40 | 0.50 | 0.60 | 12 | 0 |" in printed
        # a rerun with the same settings is answered from the cache
        assert run_cli(*args, "--base-url", server.url) == 0
        assert server.requests == 12
    data = json.loads((out / "cards.json").read_text())
    assert (data["suite"], data["model"]) == (None, "fake")
    (card,) = data["cards"]
    assert [b["rate"] for b in card["bins"]] == [1.0, 1.0, 0.0, 0.0]
    assert card["thresholds"] == pytest.approx({"0.9": 0.4, "0.5": 0.5, "0.1": 0.6})
    assert card["settings"]["temperature"] == 0.0 and card["settings"]["n"] == 3
    assert (out / "cards.png").read_bytes()[:4] == b"\x89PNG"
    assert "d@50" in (out / "cards.md").read_text()


def test_rlvr_calibrate_reports_failed_requests_as_errors_not_wrong_answers(tmp_path, capsys):
    from tests.evaluation.fake_server import FakeServer, Reply, oracle

    problems = sweep_problems("rlvr/Arithmetic-v0", 2, 2)

    def last_bin_fails(request):
        if request.problem is not None and request.problem.difficulty >= 0.5:
            return Reply(status=500)
        return oracle(request)

    args = ["calibrate", "rlvr/Arithmetic-v0", "--model", "fake", "--bins", "2", "--n", "2",
            "--retries", "0", "--cache", "none", "--no-progress"]  # fmt: skip
    with FakeServer(problems, last_bin_fails) as server:
        out = tmp_path / "strict"
        assert run_cli(*args, "--base-url", server.url, "--out", str(out)) == 1
        assert "2 samples failed" in capsys.readouterr().err
        (card,) = json.loads((out / "cards.json").read_text())["cards"]
        assert [(b["n"], b["errors"], b["rate"]) for b in card["bins"]] == [
            (2, 0, 1.0),
            (0, 2, None),
        ]
        assert card["fit"] == [1.0, None]
        relaxed = tmp_path / "relaxed"
        assert (
            run_cli(*args, "--base-url", server.url, "--out", str(relaxed), "--allow-errors") == 0
        )


@pytest.mark.parametrize(
    ("extra", "message"),
    [(["--bins", "0"], "--bins must be >= 1"), (["--n", "0"], "--n (problems per bin)"),
     (["--k", "0"], "--k must be >= 1"), (["--confidence", "1.5"], "--confidence"),
     (["--model", ""], "--model")],
)  # fmt: skip
def test_rlvr_calibrate_refuses_bad_options_with_a_message(extra, message, capsys, tmp_path):
    argv = ["calibrate", "rlvr/Arithmetic-v0", "--base-url", "http://127.0.0.1:9/v1",
            "--model", "m", "--out", str(tmp_path), *extra]  # fmt: skip
    assert run_cli(*argv) == 2
    assert message in capsys.readouterr().err
