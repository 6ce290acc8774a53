"""Logic families: generation and verification throughput, ours against reasoning-gym's, one core.

Run: ``python bench/logic_bench.py`` (needs the ``bench`` extra: reasoning-gym). How rates are
measured and compared: ``bench/family_bench.py``. Writes ``bench/results/logic.{json,md}``.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    ("rlvr/Sudoku-v0", {"size": 9, "clues": 41 / 81}, "sudoku", "9x9, 31-51 clues"),
    ("rlvr/Sudoku-v0", {"size": 4, "clues": 6 / 16}, "mini_sudoku", "4x4, 4-8 clues"),
    (
        "rlvr/Zebra-v0",
        {"houses": 4, "attributes": 4, "clue_kinds": "all"},
        "zebra_puzzles",
        "4 people x 4 attributes",
    ),
    ("rlvr/KnightsKnaves-v0", {"people": 2, "depth": 2}, "knights_knaves", "2 people, depth 2"),
    (
        "rlvr/Entailment-v0",
        {"atoms": 3, "premises": 3, "depth": 2},
        "propositional_logic",
        "2-4 atoms, 2-4 premises, depth 1-3",
    ),
    ("rlvr/Countdown-v0", {"numbers": 5, "largest": 100}, "countdown", "4-6 numbers to 100"),
    ("rlvr/Countdown-v0", {"numbers": 4, "largest": 10}, "puzzle24", "4 numbers to 10"),
    (
        "rlvr/Cryptarithm-v0",
        {"addends": 3, "digits": 4},
        "cryptarithm",
        "2-3 addends of 3-5 digits; theirs may have several solutions, ours never",
    ),
    ("rlvr/TowerOfHanoi-v0", {"disks": 5, "start": "tower"}, "tower_of_hanoi", "3-7 disks"),
    ("rlvr/NQueens-v0", {"size": 8, "placed": 0.5}, "n_queens", "8x8, 1-7 queens given"),
    ("rlvr/Maze-v0", {"size": 8, "walls": 0.25}, "maze", "5x5 to 10x10, distance 5-10"),
    (
        "rlvr/FamilyTree-v0",
        {"generations": 3, "children": 2},
        "family_relationships",
        "4-8 people, one relation asked",
    ),
    ("rlvr/Syllogism-v0", {"groups": 3, "distractors": 0}, "syllogism", "3 terms, 2 premises"),
]
NOTES = {
    "cryptarithm": (
        "reasoning-gym draws a random addition and stops (96 of its first 100 default puzzles "
        "have several solutions; its scorer accepts any); ours are proved to have exactly one by "
        "an exhaustive search (revealing a letter's digit while a rival solution exists), "
        "which is nearly all of our cost, so the two are not the same task."
    ),
}
NO_COUNTERPART = {
    "rlvr/Satisfiability-v0": "reasoning-gym has no SAT task",
    "rlvr/LightsOut-v0": "reasoning-gym has no Lights Out task",
    "rlvr/Nonogram-v0": "reasoning-gym has no nonogram task",
    "rlvr/OrderingChain-v0": "reasoning-gym has no ordering task",
    "rlvr/SeatingArrangement-v0": "reasoning-gym has no seating task",
}


TABLE = Comparisons("logic", "Logic families", COMPARISONS, NOTES, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
