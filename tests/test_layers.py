"""Imports point one way (issue 27): no import circle between modules, no import from a lower
layer to a higher one, no module importing another package's private module.

The layers are stated once, in docs/design.md ("Layers"), and read from there. A module's
imports are read with ``ast`` from its source (nothing is imported): ``import`` and ``from ...
import`` statements wherever they stand (module level, inside functions, under
``TYPE_CHECKING``: those count for the layers but close no circle, as they never run), and
modules named in strings, since a string names a module for
``importlib.import_module("pkg.mod")``, an entry point or a worker target
(``"pkg.mod:function"``): any string literal that is exactly the dotted name of a scanned
module, with an optional ``:attribute``, counts as an import of that module.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rlvr_envs", "trainers")
DESIGN = ROOT / "docs" / "design.md"

# Imports of another package's private module that are known and have an issue that removes
# them: (importer, imported) -> the issue. An entry that no longer occurs fails the test, so
# the list only shrinks. Empty: issue 27 moved logic's _sat/_syntax and math's _base, which
# the puzzles imported, to public modules in rlvr_envs/families/shared/.
ALLOWED_PRIVATE: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Import:
    """``importer`` imports ``imported`` at ``line`` of its file; ``typing_only`` when the
    import sits under ``if TYPE_CHECKING:`` (it names types and never runs)."""

    importer: str
    imported: str
    line: int
    typing_only: bool = False


@dataclass(frozen=True)
class Layer:
    """One row of the layers table: its number (1 is the lowest), name and modules."""

    number: int
    name: str
    modules: tuple[str, ...]


# -- reading imports ------------------------------------------------------------------------------


def module_files(root: Path, packages: Sequence[str]) -> dict[str, Path]:
    """Dotted module name -> file, for every module of ``packages`` under ``root``."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _statements(node: ast.AST, typing_only: bool = False) -> Iterator[tuple[ast.stmt, bool]]:
    """Every statement under ``node`` (an import is always one; expressions are skipped),
    and whether it sits under ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.stmt):
            yield child, typing_only
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for inner in child.body:  # for type checkers only; the else branch runs
                    yield inner, True
                    yield from _statements(inner, True)
                for inner in child.orelse:
                    yield inner, typing_only
                    yield from _statements(inner, typing_only)
            else:
                yield from _statements(child, typing_only)
        elif isinstance(child, (ast.excepthandler, ast.match_case)):
            yield from _statements(child, typing_only)


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING``."""
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)
    return name == "TYPE_CHECKING"


def _imported_names(node: ast.stmt, module: str, is_package: bool, modules: set[str]) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:  # relative: from the importer's package, one level up per extra dot
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, base] if base else package)
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]


def _owner(name: str, modules: set[str]) -> str | None:
    """The scanned module ``name`` refers to: itself, or the module it is an attribute of."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def read_imports(root: Path, packages: Sequence[str]) -> tuple[set[str], list[Import]]:
    """The modules of ``packages`` under ``root`` and every import between them."""
    files = module_files(root, packages)
    modules = set(files)
    roots = "|".join(map(re.escape, packages))
    named = re.compile(rf"""['"]((?:{roots})(?:\.\w+)+(?::\w+)?)['"]""")
    imports = []
    for module, path in files.items():
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, str(path))
        is_package = path.name == "__init__.py"
        found = [
            (name, node.lineno, typing_only)
            for node, typing_only in _statements(tree)
            for name in _imported_names(node, module, is_package, modules)
        ]
        if named.search(source):  # only then is a walk over every expression worth it
            found += [  # a string names a module only when it is exactly one (+ ":attr")
                (node.value.partition(":")[0], node.lineno, False)
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and named.fullmatch(f'"{node.value}"')
                and node.value.partition(":")[0] in modules
            ]
        for name, line, typing_only in found:
            target = _owner(name, modules) if name.split(".")[0] in packages else None
            if target is not None and target != module:
                imports.append(Import(module, target, line, typing_only))
    return modules, list(dict.fromkeys(imports))  # `from m import a, b`: m once per line


# -- the rules ------------------------------------------------------------------------------------


def circles(modules: set[str], imports: Sequence[Import]) -> list[list[str]]:
    """Each set of modules that import one another in a circle, sorted. Imports under ``if
    TYPE_CHECKING:`` never run, so they close no circle (the layer rule still sees them)."""
    graph = nx.DiGraph((i.importer, i.imported) for i in imports if not i.typing_only)
    graph.add_nodes_from(modules)
    return sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)


def layer_of(module: str, layers: Sequence[Layer]) -> Layer | None:
    """The layer whose most specific name covers ``module``: a dotted name covers itself and
    everything under it, a top-level name (``rlvr_envs``: ``import rlvr_envs``) only itself."""
    best: tuple[int, Layer] | None = None
    for layer in layers:
        for name in layer.modules:
            covers = module == name or ("." in name and module.startswith(name + "."))
            if covers and (best is None or len(name) > best[0]):
                best = (len(name), layer)
    return best[1] if best else None


def upward(imports: Sequence[Import], layers: Sequence[Layer]) -> list[str]:
    """Imports from a lower layer into a higher one, as messages."""
    found = []
    for i in imports:
        low, high = layer_of(i.importer, layers), layer_of(i.imported, layers)
        if low is not None and high is not None and high.number > low.number:
            found.append(
                f"{i.importer}:{i.line} (layer {low.number}, {low.name}) imports {i.imported} "
                f"(layer {high.number}, {high.name})"
            )
    return found


def private_imports(imports: Sequence[Import]) -> dict[tuple[str, str], int]:
    """(importer, imported) -> line, where ``imported`` is a private module (a ``_name``
    part) of a package the importer is not in."""
    found = {}
    for i in imports:
        parts = i.imported.split(".")
        for k, part in enumerate(parts):
            if part.startswith("_") and not part.startswith("__"):
                package = ".".join(parts[:k])
                if not i.importer.startswith(package + "."):
                    found.setdefault((i.importer, i.imported), i.line)
                break
    return found


def read_layers(text: str) -> list[Layer]:
    """The table under the heading "Layers": ``| <n>. <name> | `module`, ... | ... |``."""
    section = re.search(r"^##+ Layers\b.*?$(.*?)(?=^##? |\Z)", text, re.M | re.S)
    if section is None:
        raise AssertionError("docs/design.md has no 'Layers' section")
    layers = []
    for row in re.finditer(r"^\|\s*(\d+)\.\s*([^|]+?)\s*\|([^|]*)\|", section.group(1), re.M):
        names = tuple(re.findall(r"`([\w.]+)`", row.group(3)))
        layers.append(Layer(int(row.group(1)), row.group(2).strip("* "), names))
    return layers


# -- the checks on this project -------------------------------------------------------------------


@pytest.fixture(scope="module")
def project() -> tuple[set[str], list[Import], list[Layer]]:
    modules, imports = read_imports(ROOT, PACKAGES)
    return modules, imports, read_layers(DESIGN.read_text(encoding="utf-8"))


def test_the_layers_are_numbered_lowest_first_and_name_real_modules(project):
    modules, _, layers = project
    assert [layer.number for layer in layers] == list(range(1, len(layers) + 1)), layers
    named = [name for layer in layers for name in layer.modules]
    assert len(named) == len(set(named)), "a module is named in two layers"
    stale = [name for name in named if name not in modules]
    assert not stale, f"docs/design.md's layers name what is no module: {stale}"


def test_every_module_has_a_layer(project):
    modules, _, layers = project
    missing = sorted(m for m in modules if layer_of(m, layers) is None)
    assert not missing, f"give these a layer in docs/design.md ('Layers'): {missing}"


def test_no_import_circle(project):
    modules, imports, _ = project
    assert circles(modules, imports) == []


def test_no_import_from_a_lower_layer_to_a_higher_one(project):
    _, imports, layers = project
    assert upward(imports, layers) == []


def test_no_module_imports_another_packages_private_module(project):
    _, imports, _ = project
    found = private_imports(imports)
    new = {pair: line for pair, line in found.items() if pair not in ALLOWED_PRIVATE}
    gone = sorted(pair for pair in ALLOWED_PRIVATE if pair not in found)
    assert not new, f"make these modules public, or import what they offer publicly: {new}"
    assert not gone, f"no longer imported: remove from ALLOWED_PRIVATE: {gone}"


# -- the checks catch what they are for -----------------------------------------------------------

PLANTED = {
    "pkg/__init__.py": "",
    "pkg/low/__init__.py": "",
    "pkg/low/base.py": (
        "import importlib\n\n\n"
        "def backend():\n"
        '    return importlib.import_module("pkg.high.plugin")  # a lower layer naming a higher\n'
    ),
    "pkg/low/helpers.py": "from . import base, typed  # relative, within the layer\n",
    "pkg/low/typed.py": (
        "from typing import TYPE_CHECKING\n\n"
        "if TYPE_CHECKING:  # names a type and never runs: no circle with helpers\n"
        "    from pkg.low.helpers import base\n"
    ),
    "pkg/low/_secret.py": "X = 1\n",
    "pkg/high/__init__.py": "",
    "pkg/high/plugin.py": "",
    "pkg/high/tool.py": (
        "from pkg.low import helpers\n"
        "from pkg.low._secret import X  # another package's private module\n"
        "ENTRY = 'pkg.high.loop:run'  # an entry point: a reference to loop\n"
    ),
    "pkg/high/loop.py": (
        "def run():\n"
        "    from pkg.high import tool  # inside a function: still an import\n"
        "    return tool\n"
    ),
}
PLANTED_LAYERS = """# design

## Layers

| layer | modules | holds |
| --- | --- | --- |
| 1. low | `pkg.low` | the base; `pkg.high` in prose is not a layer's module |
| 2. high | `pkg.high`, `pkg` | the tools |

## Next section
| 3. not a layer | `pkg.low.base` | |
"""


def _plant(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_each_rule_fails_on_a_planted_violation(tmp_path):
    _plant(tmp_path, PLANTED)
    layers = read_layers(PLANTED_LAYERS)
    assert [(layer.number, layer.name, layer.modules) for layer in layers] == [
        (1, "low", ("pkg.low",)),
        (2, "high", ("pkg.high", "pkg")),
    ]
    modules, imports = read_imports(tmp_path, ["pkg"])
    assert "pkg.low._secret" in modules and len(modules) == 10
    assert Import("pkg.low.typed", "pkg.low.helpers", 4, True) in imports
    assert circles(modules, imports) == [["pkg.high.loop", "pkg.high.tool"]]
    assert upward(imports, layers) == [
        "pkg.low.base:5 (layer 1, low) imports pkg.high.plugin (layer 2, high)"
    ]
    assert private_imports(imports) == {("pkg.high.tool", "pkg.low._secret"): 2}
    assert layer_of("pkg", layers).name == "high"  # a top-level name covers only itself
    assert layer_of("pkg.other", layers) is None


def test_a_clean_tree_passes_every_rule(tmp_path):
    clean = dict(PLANTED)
    clean["pkg/low/base.py"] = "def backend():\n    return None\n"
    clean["pkg/high/tool.py"] = "from pkg.low import helpers\n"
    clean["pkg/high/loop.py"] = "from pkg.high.tool import helpers\n"
    clean["pkg/low/helpers.py"] = "from pkg.low import _secret  # its own package's: fine\n"
    _plant(tmp_path, clean)
    modules, imports = read_imports(tmp_path, ["pkg"])
    layers = read_layers(PLANTED_LAYERS)
    assert ("pkg.high.loop", "pkg.high.tool") in {(i.importer, i.imported) for i in imports}
    assert circles(modules, imports) == []
    assert upward(imports, layers) == []
    assert private_imports(imports) == {}
