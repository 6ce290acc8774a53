"""The curriculum's modules import each other without cycles, and each imports on its own."""

from __future__ import annotations

import ast
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import rlvr_envs.curriculum

PACKAGE = "rlvr_envs.curriculum"
ROOT = Path(rlvr_envs.curriculum.__file__).parent


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the curriculum package by dotted name (packages by their own name)."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = [PACKAGE, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The curriculum modules ``name`` imports anywhere in its source (in functions too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            # ``from a import b`` imports module ``a.b`` when there is one, else names of ``a``
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_curriculum_modules_import_each_other_without_cycles():
    modules = module_files()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert f"{PACKAGE}.teachers.base" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_check_sees_imports_inside_functions(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "a.py").write_text("from rlvr_envs.curriculum import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from rlvr_envs.curriculum.a import x\n")
    modules = module_files(tmp_path)
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert find_cycle(graph) == [f"{PACKAGE}.a", f"{PACKAGE}.b", f"{PACKAGE}.a"]


def test_every_curriculum_module_imports_first_in_a_fresh_interpreter():
    names = sorted(module_files())
    script = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"

    def import_first(name: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-c", script, name, *reversed(names)]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    with ThreadPoolExecutor(max_workers=2) as pool:
        for name, run in zip(names, pool.map(import_first, names)):
            assert run.returncode == 0, f"importing {name} first fails:\n{run.stderr}"
