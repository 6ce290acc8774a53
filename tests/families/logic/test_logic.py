"""What is specific to the logic families beyond the generic family contract.

For every family with several right answers: answers computed independently of the
generator (another solver, another search order, brute force) score 1, and perturbed oracle
answers score exactly as an independent re-check of the puzzle's rules says (so broken ones
fail). For the families whose answer is unique (Sudoku, zebra, cryptarithms, knights and
knaves, nonograms), uniqueness is re-proved here by a different method than the generator's.
Nothing here imports the families' own solvers: each check is written from the puzzle's rules.

Tests of one family are in test_<family>.py beside this module.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.logic.helpers import _gen, _score

LOGIC_IDS = rlvr_envs.list_envs(domain="logic", mixtures=False)


def test_the_newest_mixture_holds_every_logic_family_and_older_ones_stay_frozen():
    from rlvr_envs.families.logic import LOGIC_V0, LOGIC_V1, LOGIC_V2

    assert len(LOGIC_IDS) >= 16
    assert sorted(LOGIC_V1) == [i for i in LOGIC_IDS if i.endswith("-v0")]  # first versions
    newest = {i.rsplit("-v", 1)[0]: i for i in LOGIC_IDS}  # sorted ids: the last version wins
    assert sorted(LOGIC_V2) == sorted(newest.values())
    assert len(LOGIC_V0) == 12 and LOGIC_V1[:12] == LOGIC_V0
    mixtures = {"rlvr/Logic-v0": LOGIC_V0, "rlvr/Logic-v1": LOGIC_V1, "rlvr/Logic-v2": LOGIC_V2}
    for mixture, ids in mixtures.items():
        task = rlvr_envs.make_task(mixture)
        seen = {task.generate(seed=s).family for s in range(400)}
        assert seen == {rlvr_envs.make_task(i).family.name for i in ids}


# -- all families -------------------------------------------------------------------------------
def test_verification_never_needs_pysat():
    """pysat generates puzzles; scoring them must work where it is missing."""
    problems = [
        _gen(env_id, 3).to_dict()
        for env_id in ("rlvr/Sudoku-v0", "rlvr/Zebra-v0", "rlvr/Satisfiability-v0")
    ]
    script = (
        "import json, sys; sys.modules['pysat'] = None; import rlvr_envs; "
        "problems = json.loads(sys.argv[1]); "
        "print(all(rlvr_envs.verify(p, rlvr_envs.oracle_completion(p)).correct for p in problems))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, json.dumps(problems)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[3],
    )
    assert result.stdout.strip() == "True"


ANSWER_ALPHABET = (
    "0123456789 ,;:=()[]\n#.-+*/>xXABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz|"
)


@pytest.mark.parametrize("env_id", LOGIC_IDS)
@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet=ANSWER_ALPHABET, max_size=300), cut=st.integers(0, 400))
def test_garbled_answers_never_break_the_verifier(env_id, text, cut):
    problem = _gen(env_id, 1)
    for answer in (text, problem.answer[:cut] + text, problem.answer + text):
        verdict = _score(problem, answer)
        assert verdict.reason in ("ok", "wrong", "partial", "unparsable", "no_answer")


@pytest.mark.parametrize("env_id", LOGIC_IDS)
def test_meta_is_plain_json_and_answers_within_the_cap(env_id):
    for difficulty in (0.0, 1.0):
        problem = _gen(env_id, 11, difficulty)
        assert rlvr_envs.Problem.from_dict(problem.to_dict()) == problem
        assert len(problem.answer) <= rlvr_envs.make_task(env_id).family.max_answer_chars
        assert not _score(problem, "").correct


@pytest.mark.parametrize("env_id", LOGIC_IDS)
def test_largest_knob_values_generate_quickly(env_id):
    task = rlvr_envs.make_task(env_id)
    hardest = {}
    for name, knob in task.knob_space.items():
        if knob.type in ("int", "float"):
            hardest[name] = knob.high if knob.hard >= knob.easy else knob.low
        else:
            hardest[name] = knob.choices[-1]
    problem = task.generate(seed=0, knobs=hardest)
    assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).reward == 1.0
