"""What ``rlvr/Hitori-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Hitori-v0"


def _valid(dark, numbers):
    """The three rules on a set of shaded cells, independently of the family's checker."""
    h, w = len(numbers), len(numbers[0])
    light = [(r, c) for r in range(h) for c in range(w) if (r, c) not in dark]
    for r in range(h):
        shown = [numbers[r][c] for c in range(w) if (r, c) not in dark]
        if len(shown) != len(set(shown)):
            return False
    for c in range(w):
        shown = [numbers[r][c] for r in range(h) if (r, c) not in dark]
        if len(shown) != len(set(shown)):
            return False
    if any((r + 1, c) in dark or (r, c + 1) in dark for r, c in dark):
        return False
    reach, stack = set(), light[:1]
    while stack:
        cell = stack.pop()
        if cell in reach or cell in dark or not (0 <= cell[0] < h and 0 <= cell[1] < w):
            continue
        reach.add(cell)
        r, c = cell
        stack += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
    return len(reach) == len(light)


def _solutions(numbers, limit=2):
    """Every valid shading (up to ``limit``), by backtracking over each row's shading."""
    h, w = len(numbers), len(numbers[0])
    masks = [
        {c for c in range(w) if bits[c]}
        for bits in itertools.product((0, 1), repeat=w)
        if not any(bits[c] and bits[c + 1] for c in range(w - 1))
    ]
    found = []

    def extend(dark, r):
        if len(found) >= limit:
            return
        if r == h:
            if _valid(dark, numbers):
                found.append(sorted(dark))
            return
        for mask in masks:
            if any((r - 1, c) in dark for c in mask):
                continue
            shown = [numbers[r][c] for c in range(w) if c not in mask]
            if len(shown) != len(set(shown)):
                continue
            extend(dark | {(r, c) for c in mask}, r + 1)

    extend(frozenset(), 0)
    return found


def _dark(answer):
    return sorted(
        (r, c) for r, row in enumerate(answer.split("\n")) for c, ch in enumerate(row) if ch == "#"
    )


def test_the_solution_is_unique_by_brute_force():
    for seed in range(10):
        for rows, cols in ((4, 4), (4, 5), (5, 5)):
            problem = _gen(ENV, seed, rows=rows, cols=cols)
            assert _solutions(problem.meta["numbers"]) == [_dark(problem.answer)]


def test_syntax_variants_parse():
    problem = _gen(ENV, 2)
    rows = problem.answer.split("\n")
    numbers = problem.meta["numbers"]
    with_numbers = "\n".join(
        " ".join("#" if ch == "#" else numbers[r][c] for c, ch in enumerate(row))
        for r, row in enumerate(rows)
    )
    for text in (
        problem.answer.replace("#", "X").replace(".", "o"),
        "\n".join(" ".join(row) for row in rows),
        " / ".join(rows),
        with_numbers,
        problem.answer.replace("#", "■"),
    ):
        assert _score(problem, text).reward == 1.0, text


def test_invalid_grids_fail():
    problem = _gen(ENV, 6, rows=5, cols=6)
    rows = problem.answer.split("\n")
    numbers = problem.meta["numbers"]
    assert _score(problem, "\n".join(rows[:-1])).reason == "unparsable"
    assert _score(problem, "\n".join(row + "." for row in rows)).reason == "unparsable"
    assert _score(problem, problem.answer.replace("#", "1").replace(".", "0")).reward == 0.0
    # a number written where the cell holds another number is not a mark
    r, c = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")
    digit = "9" if numbers[r][c] != "9" else "8"
    bad = rows[r][:c] + digit + rows[r][c + 1 :]
    assert _score(problem, "\n".join([*rows[:r], bad, *rows[r + 1 :]])).reason == "unparsable"
    # the numbers themselves (nothing shaded) repeat somewhere
    assert _score(problem, "\n".join(numbers)).reward == 0.0
    assert _score(problem, "\n".join("." * 6 for _ in range(5))).reward == 0.0
    # shading an extra cell: it touches a shaded cell or cuts the unshaded cells apart
    for r, c in [(r, c) for r in range(5) for c in range(6) if rows[r][c] == "."][:8]:
        extra = rows[r][:c] + "#" + rows[r][c + 1 :]
        grid = "\n".join([*rows[:r], extra, *rows[r + 1 :]])
        assert _score(problem, grid).reward == 0.0


def test_a_disconnected_shading_fails_even_without_repeats():
    problem = _gen(ENV, 0, rows=4, cols=4)
    problem.meta["numbers"] = ["1234", "2341", "3412", "4123"]
    assert _score(problem, "....\n....\n....\n....").reward == 1.0
    assert _score(problem, ".#..\n#...\n....\n....").reward == 0.0  # corner cut off
    assert _score(problem, "##..\n....\n....\n....").reason == "wrong"  # touching


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_perturbed_grid_scores_as_an_independent_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    h, w, numbers = problem.meta["rows"], problem.meta["cols"], problem.meta["numbers"]
    dark = set(_dark(problem.answer))
    flips = data.draw(st.lists(st.integers(0, h * w - 1), min_size=1, max_size=4, unique=True))
    for i in flips:
        dark ^= {divmod(i, w)}
    text = "\n".join("".join("#" if (r, c) in dark else "." for c in range(w)) for r in range(h))
    expected = _valid(dark, numbers)
    assert (_score(problem, text).reward == 1.0) == expected
    assert not expected
