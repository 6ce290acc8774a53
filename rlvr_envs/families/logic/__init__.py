"""Logic families: the registry rows of this domain and its frozen mixture.

Modules are imported lazily.
"""

from __future__ import annotations

# One line per family: its class name and version. The env id (rlvr/<Name>-v<N>), the
# module (this package's <name in snake case>.py) and the domain follow from them; a test
# holds every line to its class.
FAMILIES: list[tuple[str, int]] = [
    ("Sudoku", 0),
    ("Zebra", 0),
    ("KnightsKnaves", 0),
    ("Entailment", 0),
    ("Satisfiability", 0),
    ("Countdown", 0),
    ("Cryptarithm", 0),
    ("TowerOfHanoi", 0),
    ("NQueens", 0),
    ("LightsOut", 0),
    ("Maze", 0),
    ("Nonogram", 0),
    # deduction, issue 13
    ("OrderingChain", 0),
    ("SeatingArrangement", 0),
    ("Syllogism", 0),
    ("FamilyTree", 0),
    # -- later versions (the version before stays registered and in its mixtures)
    ("Entailment", 1),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
LOGIC_V0 = [
    "rlvr/Sudoku-v0",
    "rlvr/Zebra-v0",
    "rlvr/KnightsKnaves-v0",
    "rlvr/Entailment-v0",
    "rlvr/Satisfiability-v0",
    "rlvr/Countdown-v0",
    "rlvr/Cryptarithm-v0",
    "rlvr/TowerOfHanoi-v0",
    "rlvr/NQueens-v0",
    "rlvr/LightsOut-v0",
    "rlvr/Maze-v0",
    "rlvr/Nonogram-v0",
]
# v1 adds the deduction families of issue 13 (ordering, seating, syllogisms, family trees).
LOGIC_V1 = [
    *LOGIC_V0,
    "rlvr/OrderingChain-v0",
    "rlvr/SeatingArrangement-v0",
    "rlvr/Syllogism-v0",
    "rlvr/FamilyTree-v0",
]
# Entailment-v0's generator was changed in place after Logic-v0 shipped (a yes names the
# premises it needs) and later restored to its first release; the changed one is
# Entailment-v1. Logic-v1 shipped while it ran, so keeps it under the v0 id; v2 takes v1.
_REISSUED = {"rlvr/Entailment-v0": "rlvr/Entailment-v1"}
LOGIC_V2 = [_REISSUED.get(i, i) for i in LOGIC_V1]
MIXTURES: list[tuple] = [
    ("rlvr/Logic-v0", LOGIC_V0),
    ("rlvr/Logic-v1", LOGIC_V1, _REISSUED),
    ("rlvr/Logic-v2", LOGIC_V2),
]
