"""Logic families: the registry rows of this domain and its frozen mixture.

Rows: (env id, family name, "module:Class", domain). Modules are imported lazily.
"""

from __future__ import annotations

_L = "rlvr_envs.families.logic"

# fmt: off
FAMILIES: list[tuple[str, str, str, str]] = [
    ("rlvr/Sudoku-v0", "Sudoku", f"{_L}.sudoku:Sudoku", "logic"),
    ("rlvr/Zebra-v0", "Zebra", f"{_L}.zebra:Zebra", "logic"),
    ("rlvr/KnightsKnaves-v0", "KnightsKnaves", f"{_L}.knights_knaves:KnightsKnaves", "logic"),
    ("rlvr/Entailment-v0", "Entailment", f"{_L}.propositional:Entailment", "logic"),
    ("rlvr/Satisfiability-v0", "Satisfiability", f"{_L}.satisfiability:Satisfiability", "logic"),
    ("rlvr/Countdown-v0", "Countdown", f"{_L}.countdown:Countdown", "logic"),
    ("rlvr/Cryptarithm-v0", "Cryptarithm", f"{_L}.cryptarithm:Cryptarithm", "logic"),
    ("rlvr/TowerOfHanoi-v0", "TowerOfHanoi", f"{_L}.hanoi:TowerOfHanoi", "logic"),
    ("rlvr/NQueens-v0", "NQueens", f"{_L}.n_queens:NQueens", "logic"),
    ("rlvr/LightsOut-v0", "LightsOut", f"{_L}.lights_out:LightsOut", "logic"),
    ("rlvr/Maze-v0", "Maze", f"{_L}.maze:Maze", "logic"),
    ("rlvr/Nonogram-v0", "Nonogram", f"{_L}.nonogram:Nonogram", "logic"),
]
# fmt: on

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
MIXTURES: list[tuple[str, str, list[str]]] = [("rlvr/Logic-v0", "logic", LOGIC_V0)]
