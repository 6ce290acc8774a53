"""Optimisation families (issue 30): packing, selection, covering, cutting, routing,
assignment, scheduling and sequence merging, each with its optimum proved at generation.

Every answer is a witness (a packing, a selection, a tour, an order) that the check first
tests for feasibility and then grades: 1 at the optimum, below it the share of the gap closed
between a stated trivial baseline and the optimum, 0 when infeasible
(:mod:`rlvr_envs.families.optimisation.scoring`, ``docs/optimisation.md``). Modules are
imported lazily. ``rlvr/Optimisation-v0`` mixes the families below and is frozen.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    # -- packing and selection
    ("BinPacking", 0),
    ("MultiKnapsack", 0),
    ("SetCover", 0),
    # -- graphs and routes
    ("MaxCut", 0),
    ("ManhattanTour", 0),
    # -- assignment and scheduling
    ("Assignment", 0),
    ("FlowShop", 0),
    # -- sequences
    ("ShortestCommonSupersequence", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
OPTIMISATION_V0 = [f"rlvr/{name}-v{version}" for name, version in FAMILIES]
MIXTURES: list[tuple[str, list[str]]] = [("rlvr/Optimisation-v0", OPTIMISATION_V0)]
