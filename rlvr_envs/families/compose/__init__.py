"""Composition families: the registry rows of the compose domain.

Rows: (env id, family name, "module:Class", domain). Modules are imported lazily.
"""

from __future__ import annotations

_C = "rlvr_envs.families.compose"

# fmt: off
FAMILIES: list[tuple[str, str, str, str]] = [
    ("rlvr/StringCompose-v0", "StringCompose", f"{_C}.string_compose:StringCompose", "compose"),
    ("rlvr/Compose-v0", "Compose", f"{_C}.cross_family:Compose", "compose"),
    ("rlvr/ChainedMath-v0", "ChainedMath", f"{_C}.chained_math:ChainedMath", "compose"),
]
# fmt: on

MIXTURES: list[tuple[str, str, list[str]]] = []
