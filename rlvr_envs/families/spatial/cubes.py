"""An oriented cube: which label shows on each of its six faces, and the quarter turns that
move the labels around.

Faces are named from the viewer's side: ``front`` faces the viewer (south), ``back`` away
(north), ``left`` west, ``right`` east, ``top`` up and ``bottom`` down. A turn is a cycle of
four faces (the two faces on its axis stay): each label moves one place along the cycle.
"""

from __future__ import annotations

FACES = ("top", "bottom", "front", "back", "left", "right")

# Each turn moves the label on the first face of the cycle to the second, and so on.
TURNS: dict[str, tuple[str, str, str, str]] = {
    # Rolling over an edge on the table (the die moves one square that way).
    "north": ("top", "back", "bottom", "front"),
    "south": ("top", "front", "bottom", "back"),
    "east": ("top", "right", "bottom", "left"),
    "west": ("top", "left", "bottom", "right"),
    # A quarter turn about the vertical axis, seen from above.
    "clockwise": ("front", "left", "back", "right"),
    "anticlockwise": ("front", "right", "back", "left"),
}


def turn(faces: dict[str, str], move: str, times: int = 1) -> dict[str, str]:
    """The labels after ``move`` (a key of :data:`TURNS`) done ``times`` times."""
    cycle = TURNS[move]
    out = dict(faces)
    for _ in range(times % 4):
        current = dict(out)
        for i, face in enumerate(cycle):
            out[cycle[(i + 1) % 4]] = current[face]
    return out


def orientations(faces: dict[str, str]) -> list[dict[str, str]]:
    """The 24 orientations of a cube labelled ``faces`` (each once)."""
    seen: dict[tuple[str, ...], dict[str, str]] = {}
    frontier = [faces]
    while frontier:
        current = frontier.pop()
        key = tuple(current[f] for f in FACES)
        if key in seen:
            continue
        seen[key] = current
        frontier += [turn(current, m) for m in ("north", "east", "clockwise")]
    return list(seen.values())
