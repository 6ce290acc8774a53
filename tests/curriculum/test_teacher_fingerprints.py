"""Golden fingerprints of every teacher's decisions, so a refactor cannot change them silently.

Each teacher (with its defaults, and the option variants the leaderboard and CLI use) trains a
simulated student on a small task space for a fixed seed; the fingerprint is the first 64 bits
of a SHA-256 of every spec it proposed. The run mixes in what trainers do: batches of uneven
size, outcomes reported out of order, outcomes of specs the teacher did not propose, and a
checkpoint (``state_dict`` through JSON into a fresh teacher) halfway. A changed hash means
the teacher now makes different decisions, so the curriculum benchmark would give different
numbers. If that is intended (a fix), say so in the commit and update the hash.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from rlvr_envs.core import Knob
from rlvr_envs.curriculum import TEACHERS, TaskSpace, TaskSpec, Teacher, make_teacher
from rlvr_envs.curriculum.benchmark import parse_teacher
from rlvr_envs.curriculum.scenarios import SCENARIOS

SIZES = (16, 7, 1, 24)  # specs per batch, in turn
BATCHES = 80
CHECKPOINT_AT = 40

FINGERPRINTS = {
    "uniform": "4e917485ffe56950",
    "uniform:mode=knobs": "c573e5f70c3537fd",
    "schedule": "fef31f7649791f16",
    "schedule:budget=800": "af3055d240d45280",
    "threshold-ladder": "48979857938f243e",
    "adr": "19df9850cd24362c",
    "adr:mode=difficulty": "cd129e46c4c8a905",
    "sec": "c7a992a22b77f692",
    "dump": "476307feb290b8d9",
    "dump:window=4": "b9ae57d95940d5e9",
    "learning-progress": "b97e56a5bdb43179",
    "mopps": "5a2de9a0d9757fad",
    "balanced-filter": "bdab6963790aa85e",
    "balanced-filter:max_uses=2,replay=0.75": "f28d946357e17567",
    "variance": "f2387bea9bc34f40",
    "plr": "807fbdfdbabe58b2",
    "plr:min_pool=8,capacity=64": "bb2c64d657573a74",
    "alp-gmm": "c2e60ce896d0f5fd",
    "alp-gmm:mode=difficulty": "bf3b26d3dea271e6",
    "alp-gmm:random_share=0.5,fit_every=40": "5f86d665431e1b9b",
    "riac": "a8327f18c914c457",
    "riac:mode=difficulty": "020329beedac1a23",
    "riac:random_share=0.05,max_size=24": "cbe52b7a839fd712",
}


def fingerprint_space() -> TaskSpace:
    """Four unregistered envs: one, two and no knobs, a narrowed range, an uneven weight."""
    return TaskSpace(
        ["toy/A-v0", "toy/B-v0", "toy/C-v0", "toy/D-v0"],
        bins=5,
        knobs={
            "toy/A-v0": {"x": Knob("float", 0.0, 1.0)},
            "toy/B-v0": {"x": Knob("float", 0.0, 1.0), "n": Knob("int", 1, 6)},
            "toy/C-v0": {"n": Knob("int", 2, 9, easy=9, hard=2), "w": Knob("float", 0.0, 2.0)},
            "toy/D-v0": {},
        },
        difficulty={"toy/C-v0": (0.2, 0.9)},
        weights={"toy/A-v0": 2.0},
    )


def foreign_specs(space: TaskSpace, rng: np.random.Generator, n: int) -> list[TaskSpec]:
    """Specs a teacher did not propose (another teacher's, or a trainer's own)."""
    specs = []
    for _ in range(n):
        env_id = space.env_ids[int(rng.integers(len(space)))]
        if space.dims(env_id) and rng.random() < 0.5:
            specs.append(space.spec_at(env_id, rng.random(len(space.dims(env_id))), seed=7))
        else:
            specs.append(TaskSpec(env_id, difficulty=float(rng.random()), seed=11))
    return specs


def run_teacher(label: str, seed: int = 3) -> tuple[str, Teacher]:
    """The teacher's fingerprint on a simulated student, and the teacher at the end."""
    space = fingerprint_space()
    name, options = parse_teacher(label)
    teacher = make_teacher(name, space, seed=seed, **options)
    student = SCENARIOS["mixed"].make_student(space, seed)
    foreign_rng = np.random.default_rng(1234)
    digest = hashlib.sha256()
    for i in range(BATCHES):
        if i == CHECKPOINT_AT:
            state = json.loads(json.dumps(teacher.state_dict()))
            teacher = make_teacher(name, space, seed=seed + 1, **options)
            teacher.load_state_dict(state)
        specs = teacher.sample(SIZES[i % len(SIZES)])
        digest.update(json.dumps([s.to_dict() for s in specs], sort_keys=True).encode())
        if i % 5 == 4:
            specs = specs + foreign_specs(space, foreign_rng, 3)
        outcomes = student.train(specs)
        teacher.update(outcomes[::-1] if i % 3 == 2 else outcomes)
    digest.update(str(teacher.episodes).encode())
    return digest.hexdigest()[:16], teacher


def test_every_teacher_is_fingerprinted():
    assert {parse_teacher(label)[0] for label in FINGERPRINTS} == set(TEACHERS)


def test_teachers_register_in_a_stable_order():
    assert list(TEACHERS) == [
        "uniform", "sec", "dump", "learning-progress", "mopps", "balanced-filter", "variance",
        "plr", "alp-gmm", "riac", "schedule", "threshold-ladder", "adr",
    ]  # fmt: skip


@pytest.mark.parametrize("label", list(FINGERPRINTS))
def test_teacher_decisions_are_unchanged(label):
    digest, _ = run_teacher(label)
    assert digest == FINGERPRINTS[label], f"{label} now proposes different specs"


@pytest.mark.parametrize(
    "label", ["alp-gmm:random=0.5,fit_every=40", "riac:random=0.05,max_size=24"]
)
def test_the_old_name_of_random_share_still_works(label):
    with pytest.warns(FutureWarning, match="'random' is now called 'random_share'"):
        digest, teacher = run_teacher(label)
    assert digest == FINGERPRINTS[label.replace("random=", "random_share=")]
    assert teacher.random_share == parse_teacher(label)[1]["random"]
