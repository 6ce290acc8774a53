"""What ``rlvr/PolyominoTiling-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/PolyominoTiling-v0"
LETTERS = string.ascii_uppercase


def _pieces_from_prompt(prompt):
    """Each piece's cells, read back from its drawing in the prompt."""
    pieces, current = [], None
    for line in prompt.splitlines():
        if line.startswith("Piece "):
            current = set()
            pieces.append(current)
            row = 0
        elif current is not None and line and set(line) <= set(LETTERS + "."):
            current |= {(row, c) for c, ch in enumerate(line) if ch != "."}
            row += 1
        else:
            current = None
    return pieces


def _variants(cells, orientation):
    """Every allowed orientation, normalised so its first cell in reading order is (0, 0)."""
    found = []
    shapes = [list(cells)]
    if orientation != "fixed":
        for _ in range(3):
            shapes.append([(-c, r) for r, c in shapes[-1]])
        if orientation == "free":
            shapes += [[(r, -c) for r, c in s] for s in shapes]
    for shape in shapes:
        r0, c0 = min(shape)
        norm = sorted((r - r0, c - c0) for r, c in shape)
        if norm not in found:
            found.append(norm)
    return found


def _solve(region, pieces, orientation, avoid=None, limit=20000):
    """All tilings by backtracking (first empty cell, every unused piece and orientation);
    returns the first whose grid differs from ``avoid``, else the first found."""
    rows, cols = len(region), len(region[0])
    grid = [["." if ch == "." else None for ch in row] for row in region]
    variants = [_variants(p, orientation) for p in pieces]
    used = [False] * len(pieces)
    found = []
    budget = [limit]

    def rec():
        budget[0] -= 1
        if budget[0] < 0 or (found and "\n".join(found[-1]) != avoid):
            return
        empty = next(((r, c) for r in range(rows) for c in range(cols) if grid[r][c] is None), None)
        if empty is None:
            found.append(["".join(row) for row in grid])
            return
        r0, c0 = empty
        for i, options in enumerate(variants):
            if used[i]:
                continue
            for shape in options:
                cells = [(r0 + r, c0 + c) for r, c in shape]
                if all(0 <= r < rows and 0 <= c < cols and grid[r][c] is None for r, c in cells):
                    for r, c in cells:
                        grid[r][c] = LETTERS[i]
                    used[i] = True
                    rec()
                    used[i] = False
                    for r, c in cells:
                        grid[r][c] = None

    rec()
    for sol in found:
        if "\n".join(sol) != avoid:
            return sol
    return found[0] if found else None


@PERTURB
@given(seed=SEED, orientation=st.sampled_from(["fixed", "rotate", "free"]))
def test_an_independently_found_tiling_scores_one(seed, orientation):
    problem = _gen(ENV, seed, size=4, piece_size=4, orientation=orientation)
    pieces = _pieces_from_prompt(problem.prompt)
    assert len(pieces) == len(problem.meta["pieces"])
    solution = _solve(problem.meta["region"], pieces, orientation, avoid=problem.answer)
    assert solution is not None
    assert _score(problem, "\n".join(solution)).reward == 1.0


def test_alternative_tilings_differing_from_the_reference_score_one():
    different = 0
    for seed in range(40):
        problem = _gen(ENV, seed, size=4, piece_size=3, orientation="free")
        pieces = _pieces_from_prompt(problem.prompt)
        solution = _solve(problem.meta["region"], pieces, "free", avoid=problem.answer)
        assert _score(problem, "\n".join(solution)).reward == 1.0
        different += "\n".join(solution) != problem.answer
    assert different >= 10


def _valid(problem, rows):
    """An independent rule check: letters match the region, each piece's cells are one of
    its allowed orientations."""
    region = problem.meta["region"]
    pieces = _pieces_from_prompt(problem.prompt)
    if len(rows) != len(region) or any(len(a) != len(b) for a, b in zip(rows, region)):
        return False
    cells = {}
    for r, (row, reg) in enumerate(zip(rows, region)):
        for c, (ch, want) in enumerate(zip(row.upper(), reg)):
            if (ch == ".") != (want == "."):
                return False
            if ch != ".":
                if ch not in LETTERS[: len(pieces)]:
                    return False
                cells.setdefault(ch, []).append((r, c))
    for i, piece in enumerate(pieces):
        got = cells.get(LETTERS[i])
        if not got:
            return False
        r0, c0 = min(got)
        if sorted((r - r0, c - c0) for r, c in got) not in _variants(
            piece, problem.meta["orientation"]
        ):
            return False
    return True


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_perturbed_tiling_scores_as_an_independent_rule_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    rows = [list(row) for row in problem.answer.split("\n")]
    r = data.draw(st.integers(0, len(rows) - 1))
    c = data.draw(st.integers(0, len(rows[0]) - 1))
    rows[r][c] = data.draw(st.sampled_from([*LETTERS[:6], "."]))
    if data.draw(st.booleans()):  # swap two cells
        r2 = data.draw(st.integers(0, len(rows) - 1))
        c2 = data.draw(st.integers(0, len(rows[0]) - 1))
        rows[r][c], rows[r2][c2] = rows[r2][c2], rows[r][c]
    text = ["".join(row) for row in rows]
    assert (_score(problem, "\n".join(text)).reward == 1.0) == _valid(problem, text)


def test_rule_violations_and_bad_syntax_fail():
    problem = _gen(ENV, 5, size=5, piece_size=4, orientation="rotate")
    rows = problem.answer.split("\n")
    assert _score(problem, problem.answer.lower()).reward == 1.0
    assert _score(problem, "\n".join(" ".join(r) for r in rows)).reward == 1.0
    assert _score(problem, " / ".join(rows)).reward == 1.0
    # a missing piece: relabel every cell of the last piece with the first piece's letter
    last = LETTERS[len(problem.meta["pieces"]) - 1]
    assert _score(problem, problem.answer.replace(last, "A")).reward == 0.0
    # a letter with no piece, a hole where the region must be covered, wrong sizes
    assert _score(problem, problem.answer.replace(last, "Z")).reward == 0.0
    first = next(i for i, ch in enumerate(problem.answer) if ch.isalpha())
    hole = problem.answer[:first] + "." + problem.answer[first + 1 :]
    assert _score(problem, hole).reward == 0.0
    assert _score(problem, "\n".join(rows[:-1])).reward == 0.0
    assert _score(problem, "\n".join(r + "A" for r in rows)).reward == 0.0
    assert _score(problem, "\n".join(problem.meta["region"])).reward == 0.0
    assert _score(problem, problem.answer.replace("A", "*")).reason == "unparsable"


def test_mirrored_pieces_fail_unless_mirroring_is_allowed():
    hits = 0
    for seed in range(60):
        problem = _gen(ENV, seed, size=3, piece_size=4, orientation="rotate")
        pieces = _pieces_from_prompt(problem.prompt)
        rotate = _solve(problem.meta["region"], pieces, "rotate")
        free = _solve(problem.meta["region"], pieces, "free", avoid="")
        assert _score(problem, "\n".join(rotate)).reward == 1.0
        hits += _score(problem, "\n".join(free)).reward == float(_valid(problem, free))
    assert hits == 60
