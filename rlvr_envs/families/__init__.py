"""Built-in families, declared by name so that listing ids imports nothing heavy.

Each domain package (``families/math``, ``families/logic``, ...) lists its families in
``FAMILIES``, one ``(class name, version)`` line each, and its frozen mixtures in
``MIXTURES`` (env id, member ids). Everything else follows: the env id is
``rlvr/<Name>-v<N>``, the family's module is ``<domain package>.<name in snake case>``
(:func:`module_name`: ``CycleDetection`` lives in ``cycle_detection.py``) and the domain is
the package's. This module gathers the rows. A mixture's membership is frozen per version:
to change it, add a new version.

A family whose generated problems must change after it shipped gets a new version instead:
a second line ``(name, N)`` whose class is ``<Name>V<N>`` in the same module (a subclass
of the previous version that keeps ``name = "<Name>"`` and changes what it must), so that
``rlvr/<Name>-v<N-1>`` keeps generating exactly what it always did (:func:`class_name`).

A ``MIXTURES`` row may carry a third item, ``{member id: later id}``: where an id's generator
was once changed in place and later restored to its first release, a mixture frozen while
the changed generator ran keeps it, under the member's own id, family, version and seeds
(``BUILTIN_GENERATORS``); the changed generator is released as the later id, and
verification sends such a problem to that id's family (by the answer instruction its
prompt ends with).
"""

from __future__ import annotations

import importlib
import re

DOMAIN_PACKAGES = (
    "math",
    "logic",
    "graph",
    "code",
    "compose",
    "puzzles",
    "algorithms",
    "strings",
    "data",
    "induction",
    "spatial",
    "long_context",
    "interactive",
    "science",
    "optimisation",
    "formal",
)
_WORD_START = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def module_name(family: str) -> str:
    """A family's module name: its class name in snake case (``NQueens`` -> ``n_queens``)."""
    return _WORD_START.sub("_", family).lower()


def class_name(family: str, version: int) -> str:
    """The class of a family's version: ``Name`` for version 0, ``NameV<N>`` after it."""
    return family if version == 0 else f"{family}V{version}"


# (env id, family name, "module:Class", domain) and (env id, domain, member ids)
BUILTIN_FAMILIES: list[tuple[str, str, str, str]] = []
BUILTIN_MIXTURES: list[tuple[str, str, list[str]]] = []
BUILTIN_GENERATORS: dict[str, dict[str, str]] = {}  # mixture id -> {member id: later id}

for _domain in DOMAIN_PACKAGES:
    try:
        _package = importlib.import_module(f"{__name__}.{_domain}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{_domain}":
            raise
        continue
    for _name, _version in _package.FAMILIES:
        _loader = f"{_package.__name__}.{module_name(_name)}:{class_name(_name, _version)}"
        BUILTIN_FAMILIES.append((f"rlvr/{_name}-v{_version}", _name, _loader, _domain))
    for _env_id, _members, *_generators in _package.MIXTURES:
        BUILTIN_MIXTURES.append((_env_id, _domain, list(_members)))
        if _generators:
            BUILTIN_GENERATORS[_env_id] = dict(_generators[0])
