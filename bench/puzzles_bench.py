"""Puzzle families: generation and verification throughput, ours against reasoning-gym's, one core.

Run: ``python bench/puzzles_bench.py`` (needs the ``bench`` extra: reasoning-gym). How rates are
measured and compared: ``bench/family_bench.py``. Writes ``bench/results/puzzles.{json,md}``.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "rlvr/Futoshiki-v0",
        {"size": 6, "givens": 0.1, "signs": 0.2},
        "futoshiki",
        "4x4 to 9x9, sign density 0.03-0.24",
    ),
    ("rlvr/Kakurasu-v0", {"size": 5, "fill": 0.3}, "kakurasu", "4x4 to 5x5, 30% shaded"),
    (
        "rlvr/Sokoban-v0",
        {"size": 6, "boxes": 4, "pulls": 14},
        "sokoban",
        "6x6 to 10x10 with walls, 4-10 boxes",
    ),
    ("rlvr/RushHour-v0", {"size": 6}, "rush_hour", "6x6 positions from a stored bank"),
    (
        "rlvr/WaterJugs-v0",
        {"jugs": 3, "max_capacity": 13, "steps": 10},
        "jugs",
        "3 jugs of 3-13 litres, 10 moves",
    ),
    (
        "rlvr/GameOfLife-v0",
        {"size": 10, "steps": 1, "boundary": "toroidal"},
        "game_of_life",
        "10x10 torus, 1 step",
    ),
    (
        "rlvr/CipherDecode-v0",
        {"cipher": "caesar", "words": 11, "grouping": "words"},
        "caesar_cipher",
        "Caesar, 3-20 words",
    ),
    (
        "rlvr/CalendarArithmetic-v0",
        {"span": 100},
        "calendar_arithmetic",
        "7 question kinds, offsets up to 100 days",
    ),
    ("rlvr/WordLadder-v0", {"letters": 4}, "word_ladder", "4-letter words"),
    (
        "rlvr/ShapeTransform-v0",
        {"size": 6, "operations": 5},
        "manipulate_matrix",
        "2x2 to 10x10, 1-10 operations",
    ),
]
NOTES = {
    "futoshiki": (
        "both prove the solution unique (ours with a SAT solver, theirs by backtracking); ours "
        "removes every clue it can, theirs keeps about 10% of the cells given."
    ),
    "sokoban": (
        "ours has at most 4 boxes and any valid plan scores 1; theirs accepts a plan its own "
        "simulator completes."
    ),
    "rush_hour": (
        "theirs draws positions from a bank of hard puzzles (1-50 moves) shipped with the "
        "package, ours generates positions backwards from the goal (2-10 moves): the rates "
        "compare cost, not difficulty."
    ),
    "calendar_arithmetic": (
        "question kinds differ: theirs counts weekdays and business days, ours asks weekday, "
        "offset date or days between."
    ),
}
NO_COUNTERPART = {
    "rlvr/LatinSquare-v0": "none in reasoning-gym",
    "rlvr/KenKen-v0": "none",
    "rlvr/Skyscrapers-v0": "none",
    "rlvr/Binairo-v0": "none",
    "rlvr/Hitori-v0": "none",
    "rlvr/StarBattle-v0": "none",
    "rlvr/Kakuro-v0": "none",
    "rlvr/Minesweeper-v0": "none",
    "rlvr/LightUp-v0": "none",
    "rlvr/Tents-v0": "none",
    "rlvr/KillerSudoku-v0": "none",
    "rlvr/Battleships-v0": "none",
    "rlvr/MagicSquare-v0": "none",
    "rlvr/Hidato-v0": "none",
    "rlvr/SlidingPuzzle-v0": "none",
    "rlvr/RiverCrossing-v0": "none",
    "rlvr/BlocksWorld-v0": "none",
    "rlvr/PegSolitaire-v0": "none",
    "rlvr/KnightsTour-v0": "knight_swap is a different puzzle",
    "rlvr/TicTacToe-v0": "none",
    "rlvr/ConnectFour-v0": "none",
    "rlvr/Nim-v0": "none",
    "rlvr/Mastermind-v0": "none",
    "rlvr/ChessMate-v0": "none",
    "rlvr/CellularAutomaton-v0": "none",
    "rlvr/LangtonsAnt-v0": "none",
    "rlvr/GridTransform-v0": "rearc/arc_1d differ in rule library and format",
    "rlvr/PolyominoTiling-v0": "none",
    "rlvr/ClockAngle-v0": "none",
    "rlvr/RomanNumerals-v0": "none",
    "rlvr/CrosswordFill-v0": "none",
    "rlvr/Anagram-v0": "letter_jumble scrambles inside words of a sentence",
}


TABLE = Comparisons("puzzles", "Puzzle families", COMPARISONS, NOTES, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
