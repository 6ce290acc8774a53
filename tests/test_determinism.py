"""Determinism: golden hashes pin 20 problems per id; identical across processes and hash seeds.

Regenerate the golden file (only with a version bump of the changed ids!) with
``RLVR_UPDATE_GOLDEN=1 pytest tests/test_determinism.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rlvr_envs
from tests.conftest import ALL_IDS

GOLDEN = Path(__file__).parent / "data" / "golden_hashes.json"
PER_ID = 20
BUILTIN = [i for i in ALL_IDS if not i.startswith("rlvr/Test")]


def sample_hashes(env_ids: list[str]) -> dict[str, list[str]]:
    out = {}
    for env_id in env_ids:
        task = rlvr_envs.make_task(env_id)
        out[env_id] = [
            task.generate(seed=i, difficulty=i / (PER_ID - 1)).content_hash()[:16]
            for i in range(PER_ID)
        ]
    return out


def test_golden_hashes():
    current = sample_hashes(BUILTIN)
    if os.environ.get("RLVR_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n")
    golden = json.loads(GOLDEN.read_text())
    missing = sorted(set(current) - set(golden))
    assert not missing, f"ids without golden hashes: {missing} (run with RLVR_UPDATE_GOLDEN=1)"
    changed = {
        env_id: [i for i, (a, b) in enumerate(zip(golden[env_id], hashes)) if a != b]
        for env_id, hashes in current.items()
        if golden[env_id] != hashes
    }
    assert not changed, (
        f"generated problems changed for {changed} (id: seeds); a change to a generator "
        "must register a new version of the id and keep the old one"
    )


SCRIPT = (
    "import json, sys; from tests.test_determinism import sample_hashes; "
    "print(json.dumps(sample_hashes(json.loads(sys.argv[1]))))"
)


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_identical_across_processes_and_hash_seeds(hash_seed):
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(BUILTIN)],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).parents[1],
        check=True,
    )
    assert json.loads(result.stdout) == sample_hashes(BUILTIN)
