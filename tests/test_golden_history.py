"""Released problems never change: each id's golden hashes equal those it was first committed with.

``tests/test_determinism.py`` holds the generators to ``tests/data/golden/*.json``, but a
regenerated golden file satisfies it whatever the generators now make. This test reads the
golden files' git history and holds every id's hashes in the working tree to the hashes of
the first commit that added the id's key (``git log --reverse -- tests/data/golden``), so a
changed generator needs a new version of the id, never new hashes for an old one. Ids not
yet committed are new and are checked by the determinism test alone.

What it needs from the checkout: ``git`` on the PATH and the full history of
``tests/data/golden`` (a plain ``git clone``, which CI's clean clone of main is). It skips,
saying why, outside a git checkout (an unpacked sdist), without git, or on a shallow clone
(``git clone --depth N``; ``git fetch --unshallow`` fixes that).

:data:`AMENDED_BEFORE_RELEASE` is a closed list: two ids whose generators were changed in the
session that added them, minutes later and before that session landed on main, so no
release ever generated their first hashes. Their baseline is the amending commit. Never add
to it: an id that changes after it lands gets a new version.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
GOLDEN = "tests/data/golden"

# id -> the commit whose golden hashes are the released ones (see the module docstring)
AMENDED_BEFORE_RELEASE = {
    # Math-v1 session (landed together, stop 21): the centre knob made to run easy to hard
    "rlvr/CircleThroughPoints-v0": "e9682833e96bdef8c0e8fba15778da90017da76a",
    # Graph-v2 session (landed together, stop 22): ChromaticNumber-v1, MinimumVertexCover-v1 added
    "rlvr/Graph-v2": "30c35bf016a777d41cb8f3db9d55fb6c95eed7d7",
}


def _git(*args: str) -> str:
    result = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode:
        raise RuntimeError(f"git {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


def _history_or_skip() -> None:
    if shutil.which("git") is None:
        pytest.skip("needs git on the PATH to read the golden files' history")
    try:
        inside = _git("rev-parse", "--is-inside-work-tree").strip()
        shallow = _git("rev-parse", "--is-shallow-repository").strip()
    except RuntimeError:
        pytest.skip("needs a git checkout of the repository (this is not one)")
    if inside != "true":
        pytest.skip("needs a git checkout of the repository (this is not one)")
    if shallow == "true":
        pytest.skip(
            "needs the full git history of tests/data/golden, and this clone is shallow: "
            "run `git fetch --unshallow` (or clone without --depth)"
        )


def first_committed() -> dict[str, tuple[str, list[str]]]:
    """Each id's hashes as first committed: id -> (commit, hashes), over every golden file."""
    log = _git("log", "--reverse", "--format=commit %H", "--name-only", "--", GOLDEN)
    first: dict[str, tuple[str, list[str]]] = {}
    commit = ""
    for line in log.splitlines():
        if line.startswith("commit "):
            commit = line.split()[1]
        elif line.endswith(".json") and line.startswith(GOLDEN):
            try:
                data = json.loads(_git("show", f"{commit}:{line}"))
            except RuntimeError:  # the commit deleted the file
                continue
            for env_id, hashes in data.items():
                first.setdefault(env_id, (commit, hashes))
    return first


def released(env_id: str, first: dict[str, tuple[str, list[str]]]) -> tuple[str, list[str]]:
    commit = AMENDED_BEFORE_RELEASE.get(env_id)
    if commit is None:
        return first[env_id]
    for path in _git("ls-tree", "--name-only", commit, f"{GOLDEN}/").split():
        data = json.loads(_git("show", f"{commit}:{path}"))
        if env_id in data:
            return commit, data[env_id]
    raise AssertionError(f"{env_id} is not in the golden files of {commit}")


def test_every_id_keeps_the_hashes_it_was_first_committed_with():
    _history_or_skip()
    first = first_committed()
    assert len(first) > 100, "the golden files' history looks truncated"
    changed = {}
    for path in sorted((ROOT / GOLDEN).glob("*.json")):
        for env_id, hashes in json.loads(path.read_text()).items():
            if env_id not in first:
                continue  # new: not committed yet
            commit, before = released(env_id, first)
            if hashes != before:
                seeds = [i for i, (a, b) in enumerate(zip(before, hashes)) if a != b]
                changed[env_id] = f"seeds {seeds} differ from {commit[:9]}"
    assert not changed, (
        f"golden hashes differ from those each id was released with: {changed}. A released "
        "id never changes what it generates: restore its generator and release the change "
        "as a new version of the id (docs/adding_a_family.md)"
    )


def test_the_list_of_pre_release_amendments_is_closed():
    _history_or_skip()
    first = first_committed()
    for env_id, commit in AMENDED_BEFORE_RELEASE.items():
        added, _ = first[env_id]
        # the amendment followed the id's first commit within the hour, in the same session
        gap = int(_git("show", "-s", "--format=%ct", commit)) - int(
            _git("show", "-s", "--format=%ct", added)
        )
        assert 0 < gap < 3600, (env_id, gap)
    assert sorted(AMENDED_BEFORE_RELEASE) == ["rlvr/CircleThroughPoints-v0", "rlvr/Graph-v2"]
