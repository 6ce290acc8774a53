"""What holds for the whole puzzles domain beyond the generic family contract: its frozen
mixture, verification without the generators' solver, and the constant-answer bar of issue 13
(the best fixed answer earns at most 0.10 at difficulty 0.5), for the new logic deduction
families too. Tests of one family are in test_<family>.py beside this module."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import rlvr_envs
from rlvr_envs.audit import best_constant_answer
from rlvr_envs.families.puzzles import PUZZLES_V0, PUZZLES_V1
from tests.families.puzzles.helpers import _gen

PUZZLE_IDS = rlvr_envs.list_envs(domain="puzzles", mixtures=False)
DEDUCTION_IDS = [
    "rlvr/OrderingChain-v0",
    "rlvr/SeatingArrangement-v0",
    "rlvr/Syllogism-v0",
    "rlvr/FamilyTree-v0",
]


def test_the_mixture_holds_every_family_but_the_optional_ones_and_is_frozen():
    assert len(PUZZLES_V0) == 41
    # the families left out are exactly those that need a module beyond the core install
    optional = {i for i in PUZZLE_IDS if rlvr_envs.make_task(i).family.requires}
    first = [i for i in PUZZLE_IDS if i.endswith("-v0")]
    assert sorted([*PUZZLES_V0, *optional]) == first
    newest = {i.rsplit("-v", 1)[0]: i for i in PUZZLE_IDS}  # sorted ids: the last version wins
    assert sorted([*PUZZLES_V1, *optional]) == sorted(newest.values())
    for mixture, ids in (("rlvr/Puzzles-v0", PUZZLES_V0), ("rlvr/Puzzles-v1", PUZZLES_V1)):
        task = rlvr_envs.make_task(mixture)
        seen = {task.generate(seed=s).family for s in range(600)}
        assert seen == {rlvr_envs.make_task(i).family.name for i in ids}


@pytest.mark.parametrize("env_id", [*PUZZLE_IDS, *DEDUCTION_IDS])
def test_no_constant_answer_earns_more_than_a_tenth(env_id):
    audit = best_constant_answer(env_id, difficulty=0.5, problems=60)
    assert audit.reward <= 0.10, audit


def test_verification_never_needs_pysat():
    """pysat proves the grids unique when they are made; scoring must work without it."""
    ids = ["rlvr/Futoshiki-v0", "rlvr/Minesweeper-v0", "rlvr/Kakuro-v0", "rlvr/Tents-v0"]
    problems = [_gen(env_id, 3).to_dict() for env_id in ids]
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
