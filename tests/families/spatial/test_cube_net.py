"""What ``rlvr/CubeNet-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from tests.families.spatial.helpers import NORMALS, _gen, _score, rotate

ENV = "rlvr/CubeNet-v0"
_ROLL = {(0, 1): ("y", 1), (0, -1): ("y", -1), (1, 0): ("x", 1), (-1, 0): ("x", -1)}


def _opposites(prompt):
    """Fold the drawn net with rotation matrices: roll a cube from square to square and note
    which of its faces (as it started) touches each square."""
    rows = prompt.split("letters outside:\n\n")[1].split("\n\n")[0].splitlines()
    letter = {
        (r, c // 2): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if c % 2 == 0
    }
    letter = {cell: ch for cell, ch in letter.items() if ch not in ". "}
    first = min(letter)
    # rotation so far as a function on vectors; the face at the bottom started at R^-1 (0,0,-1)
    placed = {first: (0, 0, -1)}
    stack = [(first, [])]
    while stack:
        (r, c), turns = stack.pop()
        for (dr, dc), turn in _ROLL.items():
            cell = (r + dr, c + dc)
            if cell in letter and cell not in placed:
                done = [*turns, turn]
                bottom = (0, 0, -1)
                for axis, sign in reversed(done):  # undo the rolls to find where it started
                    bottom = rotate(bottom, axis, -sign)
                placed[cell] = bottom
                stack.append((cell, done))
    face = {v: letter[cell] for cell, v in placed.items()}
    assert len(face) == 6
    pairs = {"".join(sorted((face[n], face[tuple(-x for x in n)]))) for n in NORMALS.values()}
    return sorted(pairs)


def test_the_pairs_follow_an_independent_fold_and_other_pairings_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 30)
        pairs = _opposites(problem.prompt)
        assert _score(problem, ", ".join(f"{a}-{b}" for a, b in pairs)) == 1.0
        assert _score(problem, ", ".join(f"{b}{a}" for a, b in reversed(pairs))) == 1.0
        (a, b), (c, d), third = pairs
        assert _score(problem, f"{a}-{c}, {b}-{d}, {third[0]}-{third[1]}") == 0.0
        assert _score(problem, f"{a}-{b}, {c}-{d}") == 0.0
