"""What holds for the whole algorithms domain beyond the generic family contract: its frozen
mixture, the constant-answer bar of issue 15 (the best fixed answer earns at most 0.10 at
difficulty 0.5) and answers that never import sympy. Tests of one family are in
test_<family>.py beside this module."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import rlvr_envs
from rlvr_envs.audit import best_constant_answer
from rlvr_envs.families.algorithms import ALGORITHMS_V0

ALGORITHM_IDS = rlvr_envs.list_envs(domain="algorithms", mixtures=False)


def test_the_mixture_holds_every_family_and_is_frozen():
    assert len(ALGORITHMS_V0) >= 30 and len(set(ALGORITHMS_V0)) == len(ALGORITHMS_V0)
    assert sorted(ALGORITHMS_V0) == ALGORITHM_IDS
    task = rlvr_envs.make_task("rlvr/Algorithms-v0")
    assert [m.env_id for m in task.members] == ALGORITHMS_V0
    seen = {task.generate(seed=s).family for s in range(600)}
    assert seen == {rlvr_envs.make_task(i).family.name for i in ALGORITHMS_V0}


@pytest.mark.parametrize("env_id", ALGORITHM_IDS)
def test_no_constant_answer_earns_more_than_a_tenth(env_id):
    audit = best_constant_answer(env_id, difficulty=0.5, problems=60)
    assert audit.reward <= 0.10, audit


def test_generating_and_scoring_never_import_sympy():
    script = (
        "import json, sys, rlvr_envs\n"
        "for env_id in json.loads(sys.argv[1]):\n"
        "    task = rlvr_envs.make_task(env_id)\n"
        "    for seed in range(3):\n"
        "        p = task.generate(seed=seed, difficulty=seed / 2)\n"
        "        assert rlvr_envs.verify(p, rlvr_envs.oracle_completion(p)).reward == 1.0, p\n"
        "        rlvr_envs.verify(p, '<answer>3, 1</answer>')\n"
        "assert 'sympy' not in sys.modules, 'sympy imported'\n"
    )
    subprocess.run(
        [sys.executable, "-c", script, json.dumps(ALGORITHM_IDS)],
        check=True,
        timeout=300,
        cwd=Path(__file__).parents[3],
    )
