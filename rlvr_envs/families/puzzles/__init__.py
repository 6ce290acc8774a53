"""Puzzle families: grid constraint puzzles, planning, games, simulation and spatial tasks,
everyday reasoning with exact answers and word puzzles; the registry rows of this domain and
its frozen mixture.

Deduction tasks (clues to a unique assignment) live in ``logic``. Modules are imported lazily.
"""

from __future__ import annotations

# One line per family: its class name and version. The env id (rlvr/<Name>-v<N>), the
# module (this package's <name in snake case>.py) and the domain follow from them; a test
# holds every line to its class.
FAMILIES: list[tuple[str, int]] = [
    # Latin-square grids
    ("LatinSquare", 0),
    ("Futoshiki", 0),
    ("Skyscrapers", 0),
    ("KenKen", 0),
    # shading and placement grids
    ("Binairo", 0),
    ("StarBattle", 0),
    ("Hitori", 0),
    ("Kakuro", 0),
    # mines, lamps, tents and weighted sums
    ("Minesweeper", 0),
    ("LightUp", 0),
    ("Tents", 0),
    ("Kakurasu", 0),
    # cages, fleets, magic squares and number paths
    ("KillerSudoku", 0),
    ("MagicSquare", 0),
    ("Hidato", 0),
    ("Battleships", 0),
    # planning: moving pieces
    ("SlidingPuzzle", 0),
    ("WaterJugs", 0),
    ("Sokoban", 0),
    ("RushHour", 0),
    # planning: state spaces and tours
    ("RiverCrossing", 0),
    ("BlocksWorld", 0),
    ("PegSolitaire", 0),
    ("KnightsTour", 0),
    # games and simulation
    ("TicTacToe", 0),
    ("ConnectFour", 0),
    ("Nim", 0),
    ("Mastermind", 0),
    ("GameOfLife", 0),
    ("CellularAutomaton", 0),
    ("LangtonsAnt", 0),
    ("ChessMate", 0),
    # spatial
    ("ShapeTransform", 0),
    ("PolyominoTiling", 0),
    ("GridTransform", 0),
    # everyday reasoning
    ("CalendarArithmetic", 0),
    ("ClockAngle", 0),
    ("RomanNumerals", 0),
    ("CipherDecode", 0),
    # word puzzles
    ("CrosswordFill", 0),
    ("WordLadder", 0),
    ("Anagram", 0),
    # issue 26: a uniqueness proof over every composition of up to two operations, and a
    # word list that keeps the prompt's promise
    ("GridTransform", 1),
    ("WordLadder", 1),
    ("Anagram", 1),
]

# Frozen: adding a family to the domain never changes an existing mixture version. ChessMate
# stays out: its rules engine (python-chess, GPL-3.0) is an optional extra (its `requires`),
# and a mixture must generate wherever the core installs.
PUZZLES_V0 = [
    "rlvr/LatinSquare-v0",
    "rlvr/Futoshiki-v0",
    "rlvr/Skyscrapers-v0",
    "rlvr/KenKen-v0",
    "rlvr/Binairo-v0",
    "rlvr/StarBattle-v0",
    "rlvr/Hitori-v0",
    "rlvr/Kakuro-v0",
    "rlvr/Minesweeper-v0",
    "rlvr/LightUp-v0",
    "rlvr/Tents-v0",
    "rlvr/Kakurasu-v0",
    "rlvr/KillerSudoku-v0",
    "rlvr/MagicSquare-v0",
    "rlvr/Hidato-v0",
    "rlvr/Battleships-v0",
    "rlvr/SlidingPuzzle-v0",
    "rlvr/WaterJugs-v0",
    "rlvr/Sokoban-v0",
    "rlvr/RushHour-v0",
    "rlvr/RiverCrossing-v0",
    "rlvr/BlocksWorld-v0",
    "rlvr/PegSolitaire-v0",
    "rlvr/KnightsTour-v0",
    "rlvr/TicTacToe-v0",
    "rlvr/ConnectFour-v0",
    "rlvr/Nim-v0",
    "rlvr/Mastermind-v0",
    "rlvr/GameOfLife-v0",
    "rlvr/CellularAutomaton-v0",
    "rlvr/LangtonsAnt-v0",
    "rlvr/ShapeTransform-v0",
    "rlvr/PolyominoTiling-v0",
    "rlvr/GridTransform-v0",
    "rlvr/CalendarArithmetic-v0",
    "rlvr/ClockAngle-v0",
    "rlvr/RomanNumerals-v0",
    "rlvr/CipherDecode-v0",
    "rlvr/CrosswordFill-v0",
    "rlvr/WordLadder-v0",
    "rlvr/Anagram-v0",
]
# v1 (issue 26): GridTransform, WordLadder and Anagram at v1, the rest as in v0.
_V1 = {f"rlvr/{name}-v0": f"rlvr/{name}-v1" for name in ("GridTransform", "WordLadder", "Anagram")}
PUZZLES_V1 = [_V1.get(env_id, env_id) for env_id in PUZZLES_V0]
MIXTURES: list[tuple[str, list[str]]] = [
    ("rlvr/Puzzles-v0", PUZZLES_V0),
    ("rlvr/Puzzles-v1", PUZZLES_V1),
]
