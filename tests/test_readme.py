"""The README's domain table and the gallery are generated and must match the registry; the
README opens with the two commands and its quickstart runs as written, on the newest ids."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_script():
    spec = importlib.util.spec_from_file_location(
        "update_readme", ROOT / "scripts" / "update_readme.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_readme_table_and_gallery_are_current():
    stale = load_script().stale()
    assert not stale, f"stale: {', '.join(stale)}: run python scripts/update_readme.py"


def test_gallery_shows_every_family_at_its_newest_version():
    from rlvr_envs.families import BUILTIN_FAMILIES

    newest: dict[str, int] = {}
    for env_id, name, _, _ in BUILTIN_FAMILIES:
        newest[name] = max(newest.get(name, -1), int(env_id.rsplit("-v", 1)[1]))
    shown = set()
    for page in (ROOT / "docs" / "gallery").glob("*.md"):
        shown |= set(re.findall(r"^## `(rlvr/[^`]+)`$", page.read_text(), flags=re.M))
    assert shown == {f"rlvr/{name}-v{version}" for name, version in newest.items()}


def test_readme_opens_with_the_two_commands_and_ci_calls_the_test_one():
    text = (ROOT / "README.md").read_text()
    block = text.split("```bash", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["bash scripts/main.sh", "bash scripts/test.sh"]
    assert "scripts/test.sh" in (ROOT / ".ci" / "run").read_text()


def test_readme_examples_use_the_newest_ids():
    import rlvr_envs

    ids = set(rlvr_envs.list_envs())
    for block in python_blocks((ROOT / "README.md").read_text()):
        for env_id in re.findall(r"\"(rlvr/[A-Za-z0-9_]+-v\d+)\"", block):
            assert env_id in ids, f"{env_id} is not registered"
            name, version = env_id.rsplit("-v", 1)
            assert f"{name}-v{int(version) + 1}" not in ids, f"{env_id} has a newer version"


def test_readme_quickstart_runs_as_written():
    text = (ROOT / "README.md").read_text()
    quickstart = python_blocks(text.split("## Quickstart", 1)[1])[0]
    run = subprocess.run(
        [sys.executable, "-c", quickstart],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert "Warning" not in run.stderr, run.stderr  # e.g. gymnasium's "out of date" id
    # what the comments promise: each verify(...).reward printed is the value its comment says
    promised = re.findall(r"verify\(.*\)\.reward\)\s+# (\d\.\d)", quickstart)
    printed = [line for line in run.stdout.splitlines() if re.fullmatch(r"\d\.\d", line)]
    assert promised and printed[-len(promised) :] == promised, run.stdout
