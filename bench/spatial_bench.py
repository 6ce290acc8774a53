"""Spatial families: generation and verification throughput, ours against reasoning-gym's, one core.

Run: ``python bench/spatial_bench.py`` (needs the ``bench`` extra: reasoning-gym). How rates are
measured and compared: ``bench/family_bench.py``. Writes ``bench/results/spatial.{json,md}``.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "rlvr/CubeRotation-v0",
        {"turns": 2, "axes": 2},
        "color_cube_rotation",
        "1-3 whole-cube rotations, one face's colour asked",
    ),
    (
        "rlvr/RectangleCount-v0",
        {"rectangles": 10, "size": 14},
        "rectangle_count",
        "up to 10 rectangles on an 80x80 canvas",
    ),
    (
        "rlvr/PocketCube-v0",
        {"depth": 8, "slack": 0},
        "rubiks_cube",
        "3x3x3, 3-10 scramble moves",
    ),
    (
        "rlvr/OneWayRoute-v0",
        {"size": 6, "one_way": 0.4},
        "shortest_path",
        "5x5 to 8x8 grid, 40% of cells blocked",
    ),
]
NOTES = {
    "color_cube_rotation": (
        "theirs asks the colour of one face (six possible answers), ours the colours of three "
        "faces (24 possible orientations), with half and three-quarter turns."
    ),
    "rectangle_count": (
        "both count the rectangles the overlaps make; theirs draws on a character canvas with "
        "its own glyph for overlaps, ours on a lattice with lines kept apart."
    ),
    "rubiks_cube": (
        "theirs is the 3x3x3 cube and accepts any sequence its simulator solves; ours is the "
        "2x2x2 cube at its hardest knobs (8 scramble turns, no slack: the move budget is the "
        "proved fewest moves), so the rates compare cost, not the same puzzle."
    ),
    "shortest_path": (
        "theirs is a grid maze of open and blocked cells; ours is a street grid with one-way "
        "and closed streets drawn as arrows. Both accept any shortest route."
    ),
}
NO_COUNTERPART = {
    "rlvr/DieRoll-v0": "none in reasoning-gym",
    "rlvr/CubeNet-v0": "none",
    "rlvr/CubeStackViews-v0": "none",
    "rlvr/MentalRotation-v0": "none",
    "rlvr/PlaneTransforms-v0": "none",
    "rlvr/PaperFolding-v0": "none",
    "rlvr/TetrisDrop-v0": "none",
    "rlvr/FollowDirections-v0": "none",
    "rlvr/Bearings-v0": "none",
    "rlvr/GridVisibility-v0": "none",
    "rlvr/LaserMirrors-v0": "none",
}


TABLE = Comparisons("spatial", "Spatial families", COMPARISONS, NOTES, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
