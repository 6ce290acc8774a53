"""The library's modules import each other without cycles (lazy imports inside functions
count too), so every layer can be read, and imported, on its own."""

from __future__ import annotations

from pathlib import Path

import rlvr_envs
from tests.curriculum.test_imports import find_cycle, imports_of

ROOT = Path(rlvr_envs.__file__).parent


def _modules() -> dict[str, Path]:
    modules = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = ["rlvr_envs", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def test_no_module_of_the_library_is_part_of_an_import_cycle():
    modules = _modules()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert len(graph) > 100 and "rlvr_envs.sandbox.grading" in graph
    assert find_cycle(graph) is None


def test_the_cycle_finder_finds_one():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    cycle = find_cycle(graph)
    assert cycle is not None and cycle[0] == cycle[-1] and set(cycle) == {"a", "b", "c"}
