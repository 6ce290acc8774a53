"""Determinism: golden hashes pin 20 problems per id; identical across processes and hash seeds.

One golden file per domain in ``tests/data/golden/``. Regenerate a domain's file (only
together with a version bump of the changed ids!) with
``RLVR_UPDATE_GOLDEN=math pytest tests/test_determinism.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rlvr_envs
from rlvr_envs.families import BUILTIN_FAMILIES, BUILTIN_MIXTURES

GOLDEN = Path(__file__).parent / "data" / "golden"
PER_ID = 20
BY_DOMAIN: dict[str, list[str]] = {}
for _row in BUILTIN_FAMILIES:
    BY_DOMAIN.setdefault(_row[3], []).append(_row[0])
for _env_id, _domain, _ in BUILTIN_MIXTURES:
    BY_DOMAIN.setdefault(_domain, []).append(_env_id)
BUILTIN = sorted(env_id for ids in BY_DOMAIN.values() for env_id in ids)


def sample_hashes(env_ids: list[str]) -> dict[str, list[str]]:
    out = {}
    for env_id in env_ids:
        task = rlvr_envs.make_task(env_id)
        out[env_id] = [
            task.generate(seed=i, difficulty=i / (PER_ID - 1)).content_hash()[:16]
            for i in range(PER_ID)
        ]
    return out


@pytest.mark.parametrize("domain", sorted(BY_DOMAIN))
def test_golden_hashes(domain):
    path = GOLDEN / f"{domain}.json"
    current = sample_hashes(BY_DOMAIN[domain])
    if os.environ.get("RLVR_UPDATE_GOLDEN") in (domain, "all"):
        path.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n")
    assert path.exists(), f"no golden file for {domain}: run with RLVR_UPDATE_GOLDEN={domain}"
    golden = json.loads(path.read_text())
    missing = sorted(set(current) - set(golden))
    assert not missing, f"ids without golden hashes: {missing} (RLVR_UPDATE_GOLDEN={domain})"
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
    # test_golden_hashes checks this process's hashes against the golden files, so the other
    # process is checked against them too (instead of generating every id again here)
    golden = {}
    for path in sorted(GOLDEN.glob("*.json")):
        golden.update(json.loads(path.read_text()))
    other = json.loads(result.stdout)
    assert set(other) == set(BUILTIN)
    missing = sorted(set(other) - set(golden))
    assert not missing, f"ids without golden hashes: {missing}"
    assert other == {i: golden[i] for i in other}
