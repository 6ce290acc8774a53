"""The README's env table is generated; it must match the registry."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_script():
    spec = importlib.util.spec_from_file_location(
        "update_readme", ROOT / "scripts" / "update_readme.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_env_table_is_current():
    script = load_script()
    text = (ROOT / "README.md").read_text()
    assert script.render(text) == text, "README.md is stale: run python scripts/update_readme.py"


def test_readme_opens_with_the_two_commands_and_ci_calls_the_test_one():
    text = (ROOT / "README.md").read_text()
    block = text.split("```bash", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["bash scripts/main.sh", "bash scripts/test.sh"]
    assert "scripts/test.sh" in (ROOT / ".ci" / "run").read_text()
