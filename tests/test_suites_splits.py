"""Held-out splits in suites: ``[[eval.envs]]`` rows, the ``[split]`` table and its checks.

The shipped composition suites hold out depth, horizon and skill pairs: training draws never
produce a held-out value and the frozen evaluation sets contain only held-out values. Suites
without the extension behave exactly as before.
"""

from __future__ import annotations

import random

import pytest

import rlvr_envs
from rlvr_envs.families.compose.skills import held_out_pair
from rlvr_envs.suites import freeze, load_suite

SPLITS = {
    "compose-depth-v0": ("depth", {1, 2, 3}, {4, 5, 6}),
    "compose-horizon-v0": ("horizon", {1, 2, 3}, {4, 5, 6, 7, 8}),
    "compose-pairs-v0": ("pair_split", {"train"}, {"heldout"}),
}


@pytest.mark.parametrize("name", sorted(SPLITS))
def test_shipped_splits_never_train_on_held_out_values(name):
    knob, train_values, eval_values = SPLITS[name]
    suite = load_suite(name)
    assert suite.held_out == [knob] and suite.split["kind"]
    rng = random.Random(0)
    for _ in range(300):
        env_id, difficulty, knobs, seed = suite.sample(rng)
        assert knobs[knob] in train_values and seed not in rlvr_envs.EVAL_SEEDS
        problem = rlvr_envs.make_task(env_id).generate(seed % 1000, difficulty, knobs)
        assert problem.knobs[knob] in train_values
    frozen = suite.load_eval_set()
    assert {p.knobs[knob] for p in frozen} == eval_values
    assert all(p.seed in rlvr_envs.EVAL_SEEDS for p in frozen)


def test_pairs_split_trains_and_evaluates_on_disjoint_skill_pairs():
    suite = load_suite("compose-pairs-v0")
    rng = random.Random(1)
    train_pairs = set()
    for _ in range(150):
        env_id, difficulty, knobs, seed = suite.sample(rng)
        problem = rlvr_envs.make_task(env_id).generate(seed, difficulty, knobs)
        train_pairs |= {tuple(p) for p in problem.meta["pairs"]}
    eval_pairs = {tuple(p) for problem in suite.load_eval_set() for p in problem.meta["pairs"]}
    assert eval_pairs and train_pairs and not train_pairs & eval_pairs
    assert all(held_out_pair(*p) for p in eval_pairs)
    assert not any(held_out_pair(*p) for p in train_pairs)


def test_the_depth_split_evaluates_only_unseen_depths_at_a_fixed_difficulty():
    suite = load_suite("compose-depth-v0")
    problems = suite.load_eval_set()
    by_env = {}
    for problem in problems:
        by_env.setdefault(problem.env_id, []).append(problem)
    assert set(by_env) == {"rlvr/StringCompose-v0", "rlvr/Compose-v0"}
    for env_problems in by_env.values():
        assert len(env_problems) == suite.eval_per_env
        lengths = {p.knobs.get("length") for p in env_problems}
        levels = {p.knobs.get("link_level") for p in env_problems}
        assert len(lengths) == 1 and len(levels) == 1  # only the depth varies


def _write(tmp_path, body: str, name: str = "split"):
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\n' + body)
    return path


TRAIN = '[[envs]]\nid = "rlvr/StringCompose-v0"\nknobs = {{ depth = {train} }}\n'
EVAL = (
    '[eval]\nper_env = 4\nfile = "split.eval.jsonl"\n'
    '[[eval.envs]]\nid = "rlvr/StringCompose-v0"\nknobs = {{ depth = {held} }}\n'
)
SPLIT = '[split]\nkind = "depth"\nheld_out = ["depth"]\n'


def test_eval_rows_freeze_into_the_eval_table(tmp_path):
    path = _write(tmp_path, SPLIT + TRAIN.format(train="[1, 2]") + EVAL.format(held="[5, 6]"))
    suite = load_suite(path)
    assert [e.knobs for e in suite.envs] == [{"depth": [1, 2]}]
    assert [e.knobs for e in suite.evaluation_envs] == [{"depth": [5, 6]}]
    freeze(suite)
    text = path.read_text()
    assert text.index("sha256 =") < text.index("[[eval.envs]]")  # pinned in [eval], not a row
    reloaded = load_suite(path)
    problems = reloaded.load_eval_set()
    assert [p.knobs["depth"] for p in problems] == [5, 5, 6, 6]
    assert problems == reloaded.eval_problems()
    freeze(reloaded)  # re-freezing replaces the pin in place
    assert path.read_text().count("sha256 =") == 1


@pytest.mark.parametrize(
    ("train", "held", "message"),
    [
        ("[1, 4]", "[4, 6]", "overlap"),
        ("[1, 2, 3]", "[3]", "overlap"),
        ("[1, 2]", "[2, 3, 4]", "overlap"),
    ],
)
def test_overlapping_held_out_values_are_refused(tmp_path, train, held, message):
    path = _write(tmp_path, SPLIT + TRAIN.format(train=train) + EVAL.format(held=held))
    with pytest.raises(ValueError, match=message):
        load_suite(path)


def test_overlapping_choice_lists_are_refused(tmp_path):
    body = (
        '[split]\nkind = "pairs"\nheld_out = ["pair_split"]\n'
        '[[envs]]\nid = "rlvr/Compose-v0"\nknobs = { pair_split = ["train", "any"] }\n'
        '[eval]\nper_env = 2\nfile = "split.eval.jsonl"\n'
        '[[eval.envs]]\nid = "rlvr/Compose-v0"\nknobs = { pair_split = ["heldout", "any"] }\n'
    )
    with pytest.raises(ValueError, match="overlap"):
        load_suite(_write(tmp_path, body))


def test_held_out_knobs_must_be_explicit_in_both_splits(tmp_path):
    body = SPLIT + '[[envs]]\nid = "rlvr/StringCompose-v0"\n' + EVAL.format(held="[4, 6]")
    with pytest.raises(ValueError, match="does not set it"):
        load_suite(_write(tmp_path, body))
    no_rows = SPLIT + TRAIN.format(train="[1, 2]") + '[eval]\nper_env = 2\nfile = "x.jsonl"\n'
    with pytest.raises(ValueError, match=r"no \[\[eval.envs\]\]"):
        load_suite(_write(tmp_path, no_rows))


def test_a_whole_env_may_be_held_out(tmp_path):
    body = (
        '[[envs]]\nid = "rlvr/StringCompose-v0"\n'
        '[eval]\nper_env = 2\nfile = "split.eval.jsonl"\n'
        '[[eval.envs]]\nid = "rlvr/ChainedMath-v0"\n'
    )
    suite = load_suite(_write(tmp_path, body))
    assert {p.env_id for p in suite.eval_problems()} == {"rlvr/ChainedMath-v0"}
    assert all(suite.sample(random.Random(i))[0] == "rlvr/StringCompose-v0" for i in range(20))


def test_knob_names_and_values_are_validated_on_load(tmp_path):
    with pytest.raises(ValueError, match="no knob 'colour'"):
        load_suite(_write(tmp_path, '[[envs]]\nid = "rlvr/Compose-v0"\nknobs = { colour = [1] }\n'))
    with pytest.raises(ValueError, match="depth"):
        load_suite(_write(tmp_path, TRAIN.format(train="[1, 9]")))
    with pytest.raises(ValueError, match="pair_split"):
        bad = '[[envs]]\nid = "rlvr/Compose-v0"\nknobs = { pair_split = ["seen"] }\n'
        load_suite(_write(tmp_path, bad))


def test_bool_knob_values_are_choices_not_a_numeric_range(tmp_path):
    body = (
        '[[envs]]\nid = "rlvr/Compose-v0"\nknobs = { intermediates = [false, true] }\n'
        '[eval]\nper_env = 4\nfile = "split.eval.jsonl"\n'
    )
    suite = load_suite(_write(tmp_path, body))
    values = [p.knobs["intermediates"] for p in suite.eval_problems()]
    assert values == [False, False, True, True]
    assert all(isinstance(v, bool) for v in values)
