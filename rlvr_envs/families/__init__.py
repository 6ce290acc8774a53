"""Built-in families, declared by import path so that listing ids imports nothing heavy.

Each domain package (``families/math``, ``families/logic``, ...) declares ``FAMILIES``
rows (env id, family name, "module:Class", domain) and ``MIXTURES`` rows (env id, domain,
members) in its ``__init__``; this module gathers them. A mixture's membership is frozen
per version: to change it, add a new version.
"""

from __future__ import annotations

import importlib

DOMAIN_PACKAGES = ("math", "logic", "graph", "code", "compose")

BUILTIN_FAMILIES: list[tuple[str, str, str, str]] = []
BUILTIN_MIXTURES: list[tuple[str, str, list[str]]] = []

for _domain in DOMAIN_PACKAGES:
    try:
        _package = importlib.import_module(f"{__name__}.{_domain}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{_domain}":
            raise
        continue
    BUILTIN_FAMILIES.extend(_package.FAMILIES)
    BUILTIN_MIXTURES.extend(_package.MIXTURES)
