"""Teachers that start from difficulty cards (option ``cards``): what each does with a card,
that the first proposals move into the student's learnable zone, and that the curriculum
benchmark passes cards measured on its simulated students through (``cards=student``)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from rlvr_envs.calibration.cards import DifficultyCard, save_cards
from rlvr_envs.core import Knob
from rlvr_envs.curriculum import TaskSpace, TaskSpec, make_teacher
from rlvr_envs.curriculum.benchmark import BenchConfig, _auc, run_one
from rlvr_envs.curriculum.prior import expected_abs_advantage, prior_cards
from rlvr_envs.curriculum.scenarios import SCENARIOS
from rlvr_envs.curriculum.stats import first_crossing
from rlvr_envs.curriculum.students import student_cards

HONOUR_CARDS = ("schedule", "threshold-ladder", "sec", "dump", "mopps", "alp-gmm")


def toy_space() -> TaskSpace:
    return TaskSpace(
        ["toy/A-v0", "toy/B-v0"],
        bins=5,
        knobs={"toy/A-v0": {"x": Knob("float", 0.0, 1.0)}, "toy/B-v0": {"n": Knob("int", 1, 6)}},
    )


def toy_card(env_id: str = "toy/A-v0") -> DifficultyCard:
    """Pass rates 1, 1, 0.95, 0.5, 0.05, 0, 0, 0 over 8 bins of [0, 1]."""
    passes = [20, 20, 19, 10, 1, 0, 0, 0]
    return DifficultyCard.from_counts(env_id, "m", (0.0, 1.0), [(20, 20, p, 0) for p in passes])


def test_the_ladder_starts_above_the_levels_the_card_says_are_mastered():
    space = toy_space()
    card = toy_card()
    teacher = make_teacher("threshold-ladder", space, cards=card)
    # arms of A: centres 0.1, 0.3, 0.5, 0.7, 0.9 -> rates 1, ~0.97, 0.5, ... : two mastered
    assert [card.rate_at(a.centre) >= 0.9 for a in space.env_arms("toy/A-v0")][:3] == [
        True, True, False,
    ]  # fmt: skip
    assert teacher.level.tolist() == [2, 0]  # B has no card
    specs = teacher.sample(200)
    a_bins = {space.arms[space.arm_of(s)].bin for s in specs if s.env_id == "toy/A-v0"}
    assert a_bins == {0, 1, 2}  # the window of the last levels up to the start
    assert make_teacher("threshold-ladder", space).level.tolist() == [0, 0]


def test_the_schedule_starts_each_env_at_its_cards_d90():
    space = toy_space()
    card = toy_card()
    teacher = make_teacher("schedule", space, cards=card, window=0.1)
    d90 = card.difficulty_at(0.9)
    assert teacher.start.tolist() == pytest.approx([d90, 0.0])
    first = [s.difficulty for s in teacher.sample(200) if s.env_id == "toy/A-v0"]
    assert d90 - 0.1 <= min(first) and max(first) <= d90
    teacher.episodes = 8_000  # half of end * budget: halfway from d@90 to the hard end
    later = [s.difficulty for s in teacher.sample(200) if s.env_id == "toy/A-v0"]
    assert max(later) == pytest.approx(d90 + 0.5 * (1 - d90), abs=0.01)


def test_bandits_start_from_the_cards_predicted_pass_rates():
    space = toy_space()
    card = toy_card()
    arms_a = [a.index for a in space.env_arms("toy/A-v0")]
    arms_b = [a.index for a in space.env_arms("toy/B-v0")]
    p = np.array([card.rate_at(space.arms[i].centre) for i in arms_a])

    sec = make_teacher("sec", space, cards=card)
    assert sec.q[arms_a] == pytest.approx(2 * np.sqrt(p * (1 - p)))
    assert sec.q[arms_b].tolist() == [0.0] * 5

    dump = make_teacher("dump", space, cards=[card], cards_weight=3)
    assert dump.counts[arms_a].tolist() == [3] * 5 and dump.counts[arms_b].tolist() == [0] * 5
    assert list(dump.windows[arms_a[2]]) == pytest.approx([expected_abs_advantage(p[2])] * 3)

    mopps = make_teacher("mopps", space, cards={"toy/A-v0": card}, cards_weight=10)
    assert mopps.a[arms_a] == pytest.approx(1 + 10 * p)
    assert mopps.b[arms_a] == pytest.approx(1 + 10 * (1 - p))
    assert mopps.a[arms_b].tolist() == [1.0] * 5


@pytest.mark.parametrize("mode", ["knobs", "difficulty"])
def test_alp_gmm_draws_its_first_specs_from_the_cards_learnable_zone(mode):
    space = toy_space()
    card = toy_card("toy/B-v0")
    teacher = make_teacher("alp-gmm", space, cards=card, mode=mode, fit_every=20)
    lo, hi = card.difficulty_at(0.9), card.difficulty_at(0.1)
    assert teacher.zones == [None, pytest.approx((lo, hi))]
    specs = [s for s in teacher.sample(300) if s.env_id == "toy/B-v0"]
    dim = space.dims("toy/B-v0")[0]
    allowed = {dim.value(dim.coord_at(d)) for d in np.linspace(lo, hi, 200)}
    values = {s.knobs["n"] for s in specs} if mode == "knobs" else None
    if mode == "knobs":
        assert values <= allowed and len(values) > 1
    else:
        assert all(lo - 1e-9 <= s.difficulty <= hi + 1e-9 for s in specs)
    # once the env has a mixture, random draws cover the whole box again
    student = SCENARIOS["mixed"].make_student(space, 0)
    while teacher.gmms[1] is None:
        teacher.update(student.train(teacher.sample(20)))
    teacher.random_share = 1.0
    later = [space.difficulty_of(s) for s in teacher.sample(300) if s.env_id == "toy/B-v0"]
    assert min(later) < lo - 0.05 or max(later) > hi + 0.05


def test_cards_move_the_first_proposals_into_the_students_learnable_zone():
    space = TaskSpace.from_suite("math-v0", bins=10)
    student = SCENARIOS["trivial"].make_student(space, 0)
    cards = student_cards(student, bins=10, n=16, seed=0)
    for name in HONOUR_CARDS:
        shares = []
        for prior in (None, cards):
            p = student.success_probability(
                make_teacher(name, space, seed=1, cards=prior).sample(256)
            )
            shares.append(float(np.mean((p > 0.1) & (p < 0.9))))
        assert shares[1] >= shares[0] + 0.05, (name, shares)


def test_without_cards_nothing_changes_and_state_round_trips_with_them():
    space = toy_space()
    for name in HONOUR_CARDS:
        plain = make_teacher(name, space, seed=4).sample(32)
        assert make_teacher(name, space, seed=4, cards=None).sample(32) == plain
        with_cards = make_teacher(name, space, seed=4, cards=toy_card())
        state = json.loads(json.dumps(with_cards.state_dict()))
        restored = make_teacher(name, space, seed=9, cards=toy_card())
        restored.load_state_dict(state)
        assert restored.sample(16) == with_cards.sample(16)


def test_cards_are_read_from_a_file_and_wrong_cards_are_refused(tmp_path):
    space = toy_space()
    path = save_cards([toy_card(), toy_card("other/C-v0")], tmp_path / "cards.json",
                      suite=None, model="m")  # fmt: skip
    assert list(prior_cards(str(path), space)) == ["toy/A-v0"]
    assert make_teacher("sec", space, cards=path).q.max() > 0
    with pytest.raises(ValueError, match="none of which is in the task space"):
        make_teacher("sec", space, cards=toy_card("other/C-v0"))
    with pytest.raises(ValueError, match="resolved by the curriculum benchmark"):
        make_teacher("sec", space, cards="student")
    with pytest.raises(ValueError, match="not a difficulty card"):
        prior_cards([TaskSpec("toy/A-v0")], space)
    with pytest.raises(ValueError, match="cards_weight"):
        make_teacher("dump", space, cards=toy_card(), cards_weight=0)


def test_the_benchmark_passes_cards_of_its_students_and_they_shorten_time_to_target():
    config = BenchConfig(scenarios=("mixed",), teachers=("alp-gmm",), seeds=1, budget=1000,
                         evals=10)  # fmt: skip
    steps = config.eval_steps()
    for seed in range(3):
        plain = run_one(config, "mixed", "alp-gmm", seed)["success"]
        primed = run_one(config, "mixed", "alp-gmm:cards=student", seed)["success"]
        assert primed[0] == plain[0]  # the same untrained student
        assert _auc(steps, primed) > _auc(steps, plain)
        # it reaches the plain run's final test success in at most 60% of the budget
        assert first_crossing(steps, primed, plain[-1]) <= 0.6 * config.budget


def test_a_teacher_without_the_option_says_which_teachers_have_it():
    with pytest.raises(ValueError, match=r"no option 'cards'.*start from difficulty cards: sec"):
        make_teacher("uniform", toy_space(), cards=toy_card())
    with pytest.raises(ValueError, match="no option 'tmperature'; its options: alpha, cards"):
        make_teacher("sec", toy_space(), tmperature=0.3)
