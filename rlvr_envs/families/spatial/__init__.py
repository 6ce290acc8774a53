"""Spatial families (issue 29): dice and cubes turned and folded, the 2x2x2 cube solved,
figures counted, stacks of cubes read from their views, shapes rotated and reflected, routes
walked, turned and found on maps and grids, lasers bounced off mirrors, points moved by turns
and reflections, paper folded and punched, answered with values and, where several answers are right, witnesses
checked against the instance by simulation.

Code that several families share: :mod:`.cubes` (an oriented cube and its turns),
:mod:`.shapes` (polyomino cells and their symmetries) and :mod:`.reading` (strict answer
parsers). Modules are imported lazily. ``rlvr/Spatial-v0`` mixes the families below and is
frozen.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    # -- dice and cubes
    ("DieRoll", 0),
    ("CubeRotation", 0),
    ("CubeNet", 0),
    ("PocketCube", 0),
    ("CubeStackViews", 0),
    # -- figures and shapes
    ("RectangleCount", 0),
    ("MentalRotation", 0),
    ("PlaneTransforms", 0),
    ("PaperFolding", 0),
    ("TetrisDrop", 0),
    # -- maps, directions and grids
    ("FollowDirections", 0),
    ("Bearings", 0),
    ("OneWayRoute", 0),
    ("GridVisibility", 0),
    ("LaserMirrors", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
SPATIAL_V0 = [f"rlvr/{name}-v{version}" for name, version in FAMILIES]
MIXTURES: list[tuple[str, list[str]]] = [("rlvr/Spatial-v0", SPATIAL_V0)]
