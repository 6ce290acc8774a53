"""Interactive families (issue 28): episodes of several turns that the env answers, under the
multi-turn contract of docs/design.md ("Multi-turn episodes").

Games against a built-in opponent whose strength is a knob (:mod:`.games`: an exact solver
with noise, from a random player to a perfect one; every start is won for the player),
secrets found with feedback within a turn budget, and ``rlvr/Retry-v0``, which turns any
single-turn id into attempts with the verifier's reason as feedback. Each family's state is
a pure function of (problem, moves so far), so an episode is verified by replaying its
moves. ``rlvr/Interactive-v0`` mixes the first eleven families (all but DotsAndBoxes) and
``rlvr/Interactive-v1`` every family below; both are frozen.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    # -- games against a built-in opponent
    ("TicTacToeMatch", 0),
    ("ConnectFourMatch", 0),
    ("NimMatch", 0),
    ("DotsAndBoxes", 0),
    # -- hidden information found with feedback
    ("BattleshipShots", 0),
    ("CodeBreaker", 0),
    ("WordleGuess", 0),
    ("TwentyQuestions", 0),
    ("GuessTheNumber", 0),
    ("MinesweeperReveal", 0),
    ("HiddenFunction", 0),
    # -- any single-turn id, answered again on feedback
    ("Retry", 0),
    ("Retry", 1),  # level from 0: the inner family's easiest problems (the CPU demo's)
    # -- tools the env provides and runs, then one final answer (tools.py)
    ("CalculatorTool", 0),
    ("PythonDataTool", 0),
    ("SqlDatabaseTool", 0),
    ("UnitConverterTool", 0),
    ("DocumentSearchTool", 0),
    ("CatalogueLookupTool", 0),
    ("CalendarTool", 0),
    ("SearchCalculateTool", 0),
    ("LinkChaseTool", 0),
    # -- text worlds: commands under partial observation, planned by BFS (issue 28)
    ("FogMaze", 0),
    ("LockedRooms", 0),
    ("CollectItems", 0),
    # -- more games against a built-in opponent (issue 28)
    ("OthelloMatch", 0),
    ("KaylesMatch", 0),
    ("WythoffMatch", 0),
    ("TrickDuel", 0),
    ("HexMatch", 0),
    ("FourInARowMatch", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version, so each
# version's members are written out (DotsAndBoxes came after Interactive-v0 was frozen).
INTERACTIVE_V0 = [
    f"rlvr/{name}-v0"
    for name in (
        "TicTacToeMatch", "ConnectFourMatch", "NimMatch", "BattleshipShots", "CodeBreaker",
        "WordleGuess", "TwentyQuestions", "GuessTheNumber", "MinesweeperReveal",
        "HiddenFunction", "Retry",
    )
]  # fmt: skip
INTERACTIVE_V1 = [  # every family at its first version (Retry-v1 came after)
    "rlvr/TicTacToeMatch-v0",
    "rlvr/ConnectFourMatch-v0",
    "rlvr/NimMatch-v0",
    "rlvr/DotsAndBoxes-v0",
    "rlvr/BattleshipShots-v0",
    "rlvr/CodeBreaker-v0",
    "rlvr/WordleGuess-v0",
    "rlvr/TwentyQuestions-v0",
    "rlvr/GuessTheNumber-v0",
    "rlvr/MinesweeperReveal-v0",
    "rlvr/HiddenFunction-v0",
    "rlvr/Retry-v0",
    "rlvr/CalculatorTool-v0",
    "rlvr/PythonDataTool-v0",
    "rlvr/SqlDatabaseTool-v0",
    "rlvr/UnitConverterTool-v0",
    "rlvr/DocumentSearchTool-v0",
    "rlvr/CatalogueLookupTool-v0",
    "rlvr/CalendarTool-v0",
    "rlvr/SearchCalculateTool-v0",
    "rlvr/LinkChaseTool-v0",
    "rlvr/FogMaze-v0",
    "rlvr/LockedRooms-v0",
    "rlvr/CollectItems-v0",
    "rlvr/OthelloMatch-v0",
    "rlvr/KaylesMatch-v0",
    "rlvr/WythoffMatch-v0",
    "rlvr/TrickDuel-v0",
    "rlvr/HexMatch-v0",
    "rlvr/FourInARowMatch-v0",
]
MIXTURES: list[tuple[str, list[str]]] = [
    ("rlvr/Interactive-v0", INTERACTIVE_V0),
    ("rlvr/Interactive-v1", INTERACTIVE_V1),
]
