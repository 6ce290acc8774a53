"""What ``rlvr/StarBattle-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/StarBattle-v0"


def _valid(stars, regions, k):
    """The rules on a set of star cells, independently of the family's checker."""
    n = len(regions)
    for i in range(n):
        if sum(1 for r, _ in stars if r == i) != k or sum(1 for _, c in stars if c == i) != k:
            return False
    for letter in {ch for row in regions for ch in row}:
        if sum(1 for r, c in stars if regions[r][c] == letter) != k:
            return False
    return not any(
        a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
        for a, b in itertools.product(stars, repeat=2)
    )


def _solutions(regions, k, limit=2):
    """Placements keeping every rule, by brute force over each row's column choices."""
    n = len(regions)
    rows = list(itertools.combinations(range(n), k))
    found = []

    def extend(placed):
        if len(found) >= limit:
            return
        r = len(placed) // k
        if r == n:
            if _valid(set(placed), regions, k):
                found.append(sorted(placed))
            return
        for cols in rows:
            cells = [(r, c) for c in cols]
            if any(abs(a[1] - b[1]) <= 1 and abs(a[0] - b[0]) <= 1 for a in cells for b in placed):
                continue
            if any(b - a == 1 for a, b in itertools.pairwise(cols)):
                continue
            extend([*placed, *cells])

    extend([])
    return found


def _stars(answer):
    return sorted(
        (r, c) for r, row in enumerate(answer.split("\n")) for c, ch in enumerate(row) if ch == "*"
    )


def test_the_solution_is_unique_by_brute_force():
    for seed in range(8):
        for size, stars in ((5, 1), (6, 1), (7, 1), (8, 2)):
            problem = _gen(ENV, seed, size=size, stars=stars)
            meta = problem.meta
            assert meta["stars"] == stars
            assert _solutions(meta["regions"], meta["stars"]) == [_stars(problem.answer)]


def test_regions_are_connected_and_numbered_n():
    for seed in range(10):
        problem = _gen(ENV, seed, difficulty=seed / 9)
        regions, n = problem.meta["regions"], problem.meta["size"]
        letters = {ch for row in regions for ch in row}
        assert len(letters) == n
        for letter in letters:
            cells = {(r, c) for r in range(n) for c in range(n) if regions[r][c] == letter}
            seen, stack = set(), [min(cells)]
            while stack:
                r, c = stack.pop()
                if (r, c) in seen or (r, c) not in cells:
                    continue
                seen.add((r, c))
                stack += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
            assert seen == cells


def test_small_grids_place_one_star_whatever_the_knob_says():
    problem = _gen(ENV, 1, size=6, stars=2)
    assert problem.meta["stars"] == 1 and "exactly star" not in problem.prompt
    assert all(row.count("*") == 1 for row in problem.answer.split("\n"))


def test_syntax_variants_parse():
    problem = _gen(ENV, 2, size=6)
    rows = problem.answer.split("\n")
    regions = problem.meta["regions"]
    keep_letters = "\n".join(
        "".join("*" if ch == "*" else regions[r][c] for c, ch in enumerate(row))
        for r, row in enumerate(rows)
    )
    for text in (
        problem.answer.replace("*", "#"),
        problem.answer.replace("*", "1").replace(".", "0"),
        "\n".join(" ".join(row) for row in rows),
        " / ".join(rows),
        keep_letters,
    ):
        assert _score(problem, text).reward == 1.0, text


def test_invalid_grids_fail():
    problem = _gen(ENV, 4, size=6)
    rows = problem.answer.split("\n")
    regions = problem.meta["regions"]
    assert _score(problem, "\n".join(rows[:-1])).reason == "unparsable"
    assert _score(problem, "\n".join(row + "." for row in rows)).reason == "unparsable"
    assert _score(problem, problem.answer.replace("*", "S")).reason == "unparsable"
    wrong_letter = regions[0][0]
    other = next(ch for row in regions for ch in row if ch != wrong_letter)
    first = rows[0]
    c = first.index(".")
    bad = first[:c] + (other if regions[0][c] != other else wrong_letter) + first[c + 1 :]
    if regions[0][c] != bad[c]:
        assert _score(problem, "\n".join([bad, *rows[1:]])).reason == "unparsable"
    assert _score(problem, "\n".join(regions)).reward == 0.0  # the map itself: no stars
    assert _score(problem, "\n".join("." * 6 for _ in range(6))).reward == 0.0
    # shifting every row by one column keeps rows and columns but breaks regions or touch
    shifted = "\n".join(row[-1] + row[:-1] for row in rows)
    assert _score(problem, shifted).reward == 0.0
    # two touching stars: move the star of row 2 next to the star of row 1
    c1 = rows[0].index("*")
    moved = [rows[0], "." * 6, *rows[2:]]
    target = c1 + 1 if c1 + 1 < 6 else c1 - 1
    moved[1] = moved[1][:target] + "*" + moved[1][target + 1 :]
    verdict = _score(problem, "\n".join(moved))
    assert verdict.reward == 0.0


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_perturbed_grid_scores_as_an_independent_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n, k, regions = problem.meta["size"], problem.meta["stars"], problem.meta["regions"]
    stars = set(_stars(problem.answer))
    flips = data.draw(st.lists(st.integers(0, n * n - 1), min_size=1, max_size=4, unique=True))
    for i in flips:
        stars ^= {divmod(i, n)}
    text = "\n".join("".join("*" if (r, c) in stars else "." for c in range(n)) for r in range(n))
    expected = _valid(stars, regions, k)
    assert (_score(problem, text).reward == 1.0) == expected
    assert not expected


def test_a_repair_keeps_the_solution_and_connected_regions_and_rules_the_rival_out():
    import random

    from rlvr_envs.families.puzzles import star_battle as sb
    from rlvr_envs.families.puzzles.shading import connected

    moved_parts = repairs = 0
    for seed in range(40):
        rng = random.Random(seed)
        n, k = (7, 1) if seed % 2 else (8, 2)
        stars = sb.place_stars(rng, n, k)
        region = sb._grow(rng, n, sorted(stars))
        if k == 2:
            pair_of = sb._pair_up(rng, n, region, len(stars))
            if pair_of is None:
                continue
            region = [[pair_of[v] for v in row] for row in region]
        search = sb.Rivals(n, k, stars)
        try:
            for other in search.round(region, 6):
                before = [row[:] for row in region]
                if not sb._region_counts_ok(region, n, k, other):
                    continue
                if not sb._repair(rng, n, region, stars, other):
                    continue
                repairs += 1
                changed = sum(a != b for x, y in zip(before, region) for a, b in zip(x, y))
                moved_parts += changed > 1
                letters = ["".join(chr(65 + v) for v in row) for row in region]
                assert _valid(stars, letters, k)  # the solution still keeps every rule
                assert not _valid(other, letters, k)  # the rival does not
                assert len({v for row in region for v in row}) == n
                for v in range(n):
                    cells = [(r, c) for r in range(n) for c in range(n) if region[r][c] == v]
                    assert connected(cells)
        finally:
            search.close()
    assert repairs > 20 and moved_parts > 0
