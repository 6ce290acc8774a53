"""Composition families: the registry rows of the compose domain.

Modules are imported lazily.
"""

from __future__ import annotations

# One line per family: its class name and version. The env id (rlvr/<Name>-v<N>), the
# module (this package's <name in snake case>.py) and the domain follow from them; a test
# holds every line to its class.
FAMILIES: list[tuple[str, int]] = [
    ("StringCompose", 0),
    ("Compose", 0),
    ("ChainedMath", 0),
]

MIXTURES: list[tuple[str, list[str]]] = []
