"""Suites: loading, sampling from training seeds, and frozen evaluation sets."""

from __future__ import annotations

import random
import shutil

import pytest

import rlvr_envs
from rlvr_envs.suites import freeze, load_suite, tasks_dir
from tests.conftest import MATH_IDS

# Suites frozen while five graph generators ran changed in place under their v0 ids (later
# restored to their first release, the change released as v1): their sets hold problems of
# the changed generators, which Graph-v1 and Graph-v2 keep generating under the v0 ids.
FROZEN_WITH_REISSUED = {"graph-v1", "graph-v2"}


def _as_frozen(problem, regenerated):
    """The problem as the generator its suite froze made it: the id's own, or (in
    FROZEN_WITH_REISSUED) the later version's generator that a frozen mixture keeps."""
    if problem == regenerated:
        return regenerated
    from rlvr_envs.registry import _REISSUED, FamilyTask, _spec

    for later in _REISSUED.get(problem.env_id, ()):
        task = FamilyTask(_spec(problem.env_id), later)
        again = task.generate(problem.seed, problem.difficulty)
        if again == problem:
            return again
    return regenerated


def test_every_shipped_frozen_set_matches_its_hash_and_the_generators():
    for path in sorted(tasks_dir().glob("*.toml")):
        suite = load_suite(path)
        if not suite.eval_file:
            continue
        frozen = suite.load_eval_set()  # raises on a hash mismatch
        regenerated = suite.eval_problems()
        if suite.name in FROZEN_WITH_REISSUED:
            regenerated = [_as_frozen(p, q) for p, q in zip(frozen, regenerated)]
        assert frozen == regenerated, f"{suite.name}: generators drifted"
        assert all(p.seed in rlvr_envs.EVAL_SEEDS for p in frozen)
        for problem in frozen[:: max(1, len(frozen) // 40)]:  # and they verify
            verdict = rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem))
            assert verdict.correct, (suite.name, problem.env_id, problem.seed)


@pytest.mark.parametrize(
    ("name", "mixture"), [("math-v0", "rlvr/Math-v0"), ("math-v1", "rlvr/Math-v1")]
)
def test_math_suites_span_every_family_of_their_mixture_and_the_difficulty_range(name, mixture):
    suite = rlvr_envs.load_suite(name)
    problems = suite.load_eval_set()
    assert len(problems) >= 200
    members = {m.env_id for m in rlvr_envs.make_task(mixture).members}
    assert {p.env_id for p in problems} == members
    difficulties = [p.difficulty for p in problems]
    assert min(difficulties) == 0.0 and max(difficulties) == 1.0
    assert set(MATH_IDS) == members or name == "math-v0"


def test_training_samples_never_use_evaluation_seeds():
    suite = rlvr_envs.load_suite("math-v0")
    rng = random.Random(0)
    for _ in range(500):
        env_id, difficulty, _, seed = suite.sample(rng)
        assert seed not in rlvr_envs.EVAL_SEEDS and 0.0 <= difficulty <= 1.0
        assert env_id in rlvr_envs.list_envs("math")


def test_tampering_with_a_frozen_set_is_detected(tmp_path):
    for name in ("math-v0.toml", "math-v0.eval.jsonl"):
        shutil.copy(tasks_dir() / name, tmp_path / name)
    suite = load_suite(tmp_path / "math-v0.toml")
    path = suite.eval_path
    path.write_text(path.read_text().replace('"answer":"', '"answer":"1', 1))
    with pytest.raises(ValueError, match="SHA-256"):
        suite.load_eval_set()
    freeze(suite)  # re-freezing pins the regenerated set again
    assert load_suite(tmp_path / "math-v0.toml").load_eval_set() == suite.eval_problems()


def test_knob_ranges_and_bad_suites(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(
        'name = "tiny"\n[[envs]]\nid = "rlvr/Arithmetic-v0"\nknobs = { digits = [1, 3] }\n'
        '[eval]\nper_env = 3\nfile = "tiny.eval.jsonl"\n'
    )
    suite = load_suite(path)
    freeze(suite)
    problems = load_suite(path).load_eval_set()
    assert [p.knobs["digits"] for p in problems] == [1, 2, 3]
    path.write_text('name = "bad"\n[[envs]]\nid = "rlvr/Nope-v0"\n')
    with pytest.raises(ValueError, match="Nope"):
        load_suite(path)
    with pytest.raises(ValueError, match="known suites"):
        load_suite("no-such-suite")
