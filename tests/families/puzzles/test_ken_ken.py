"""What ``rlvr/KenKen-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import dataclasses
import itertools
import math

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/KenKen-v0"


def _makes(cage, digits) -> bool:
    """Whether ``digits`` make the cage's target (written out here, not the family's code)."""
    op, target = cage["op"], cage["target"]
    if op == "":
        return digits == [target]
    if op == "+":
        return sum(digits) == target
    if op == "*":
        return math.prod(digits) == target
    a, b = sorted(digits)
    return b - a == target if op == "-" else b == a * target


def _solutions(n: int, cages: list[dict], limit: int = 2) -> list[list[tuple[int, ...]]]:
    """Solutions by row-by-row search over permutations (no SAT), checking each cage as soon
    as its last row is placed, up to ``limit``."""
    done_at: dict[int, list[dict]] = {}
    for cage in cages:
        done_at.setdefault(max(r for r, _ in cage["cells"]), []).append(cage)
    perms = list(itertools.permutations(range(1, n + 1)))
    found: list[list[tuple[int, ...]]] = []

    def place(rows: list[tuple[int, ...]]) -> None:
        if len(found) >= limit:
            return
        i = len(rows)
        if i == n:
            found.append(list(rows))
            return
        for p in perms:
            if any(p[c] == row[c] for row in rows for c in range(n)):
                continue
            grid = [*rows, p]
            if all(_makes(cage, [grid[r][c] for r, c in cage["cells"]])
                   for cage in done_at.get(i, [])):  # fmt: skip
                place(grid)

    place([])
    return found


def _valid(grid, meta) -> bool:
    n = meta["size"]
    digits = set(range(1, n + 1))
    if any(set(row) != digits for row in grid):
        return False
    if any({grid[r][c] for r in range(n)} != digits for c in range(n)):
        return False
    return all(_makes(cage, [grid[r][c] for r, c in cage["cells"]]) for cage in meta["cages"])


def _text(grid) -> str:
    return "\n".join("".join(map(str, row)) for row in grid)


def _connected(cells) -> bool:
    cells = {tuple(c) for c in cells}
    seen, stack = set(), [min(cells)]
    while stack:
        r, c = stack.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        stack += [nb for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if nb in cells]
    return seen == cells


def test_puzzles_have_exactly_one_solution_the_reference():
    for seed, size, cage in itertools.product(range(3), (3, 4, 5), (2, 4, 6)):
        problem = _gen(ENV, seed, size=size, cage=cage)
        found = _solutions(size, problem.meta["cages"])
        assert len(found) == 1
        assert _text(found[0]) == problem.answer


def test_cages_partition_the_grid_into_connected_cages_with_valid_operations():
    for seed in range(20):
        problem = _gen(ENV, seed, difficulty=seed / 19)
        n, cages = problem.meta["size"], problem.meta["cages"]
        cells = sorted(tuple(cell) for cage in cages for cell in cage["cells"])
        assert cells == [(r, c) for r in range(n) for c in range(n)]
        for cage in cages:
            assert _connected(cage["cells"])
            assert (cage["op"] == "") == (len(cage["cells"]) == 1)
            if cage["op"] in "-/" and cage["op"]:
                assert len(cage["cells"]) == 2
        assert _valid([list(map(int, row)) for row in problem.answer.split("\n")], problem.meta)


def test_the_prompt_shows_every_cage():
    problem = _gen(ENV, 2, size=5, cage=4)
    body = problem.prompt.split("\n\n")[1:]
    letters = [row.split() for row in body[0].split("\n")]
    rules = body[1].split("\n")
    for index, cage in enumerate(problem.meta["cages"]):
        label = {letters[r][c] for r, c in cage["cells"]}
        assert len(label) == 1
        (label,) = label
        assert sum(row.count(label) for row in letters) == len(cage["cells"])
        assert rules[index].startswith(f"{label}: {cage['target']}{cage['op']}")


def test_larger_cages_leave_fewer_cages():
    small = [len(_gen(ENV, s, size=6, cage=2).meta["cages"]) for s in range(10)]
    large = [len(_gen(ENV, s, size=6, cage=5).meta["cages"]) for s in range(10)]
    assert sum(large) < sum(small)


def test_any_grid_that_keeps_the_cages_scores():
    problem = _gen(ENV, 5, size=4)
    cages = [{"cells": [[r, c] for c in range(4)], "op": "+", "target": 10} for r in range(3)]
    cages.append({"cells": [[3, 0], [3, 1]], "op": "*", "target": 12})
    cages += [
        {"cells": [[3, 2]], "op": "", "target": 1},
        {"cells": [[3, 3]], "op": "", "target": 2},
    ]
    loose = dataclasses.replace(problem, meta={"size": 4, "cages": cages})
    several = _solutions(4, cages, limit=50)
    assert len(several) > 1
    assert all(_score(loose, _text(g)).reward == 1.0 for g in several)
    other = [[(r + c) % 4 + 1 for c in range(4)] for r in range(4)]  # row 4 is 4 1 2 3
    verdict = _score(loose, _text(other))
    assert verdict.reward == 0.0 and "cage" in verdict.details["why"]


def test_syntax_variants_and_broken_grids():
    problem = _gen(ENV, 1, size=5)
    rows = problem.answer.split("\n")
    assert _score(problem, " / ".join(rows)).reward == 1.0
    assert _score(problem, "".join(rows)).reward == 1.0
    assert _score(problem, "\n".join(" | ".join(row) for row in rows)).reward == 1.0
    assert _score(problem, "\n".join(rows[:4])).reason == "unparsable"
    assert _score(problem, "\n".join([*rows, rows[0]])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("5", "6")).reason == "unparsable"
    assert _score(problem, problem.answer.replace("3", "A")).reason == "unparsable"
    letters = problem.prompt.split("\n\n")[1]
    assert _score(problem, letters).reason == "unparsable"
    assert _score(problem, "12345" * 10_000).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_perturbed_grid_scores_as_an_independent_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    grid = [list(map(int, row)) for row in problem.answer.split("\n")]
    for _ in range(data.draw(st.integers(0, 3))):
        kind = data.draw(st.sampled_from(["cell", "rows", "digits"]))
        if kind == "cell":
            r, c = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
            grid[r][c] = data.draw(st.integers(1, n))
        elif kind == "rows":
            a, b = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
            grid[a], grid[b] = grid[b], grid[a]
        else:
            a, b = data.draw(st.integers(1, n)), data.draw(st.integers(1, n))
            grid = [[b if v == a else a if v == b else v for v in row] for row in grid]
    verdict = _score(problem, _text(grid))
    assert verdict.reward == (1.0 if _valid(grid, problem.meta) else 0.0)


def _cage_models(n: int, cells: list[tuple[int, int]], op: str, target: int) -> set[tuple]:
    """The digit tuples that ``encode_cage``'s clauses allow, by enumerating a solver's
    models over the cage's cells alone (each cell exactly one digit, no Latin rule, so
    ``+`` and ``*`` chains allow repeated digits; the Latin clauses exclude them later)."""
    from pysat.solvers import Solver

    from rlvr_envs.families.puzzles.ken_ken import encode_cage
    from rlvr_envs.families.puzzles.latin import cell_var

    clauses, selector = encode_cage(n, cells, op, target, n**3)
    solver = Solver(name="minisat22", bootstrap_with=clauses)
    for r, c in cells:
        lits = [cell_var(n, r, c, d) for d in range(1, n + 1)]
        solver.add_clause(lits)
        solver.append_formula([[-a, -b] for a, b in itertools.combinations(lits, 2)])
    found = set()
    while solver.solve(assumptions=[selector]):
        model = set(solver.get_model())
        digits = tuple(
            next(d for d in range(1, n + 1) if cell_var(n, r, c, d) in model) for r, c in cells
        )
        found.add(digits)
        solver.add_clause([-cell_var(n, r, c, d) for (r, c), d in zip(cells, digits)])
    solver.delete()
    return found


def test_the_cage_encoding_allows_exactly_the_digits_that_make_the_target():
    shapes = [
        [(0, 0), (0, 1)],
        [(0, 0), (1, 0), (1, 1)],
        [(0, 0), (0, 1), (0, 2), (1, 2)],
        [(2, 1), (2, 2), (3, 2), (3, 3), (4, 3)],
    ]
    for n, cells in itertools.product((4, 5), shapes):
        if any(max(cell) >= n for cell in cells):
            continue
        ops = ["+", "*"] + (["-", "/"] if len(cells) == 2 else [])
        for op in ops:
            values: dict[int, set] = {}
            for digits in itertools.product(range(1, n + 1), repeat=len(cells)):
                if op in "-/" and digits[0] == digits[1]:
                    continue  # pairs are listed distinct (the two cells share a line)
                low, high = min(digits), max(digits)
                value = {"+": sum(digits), "*": math.prod(digits), "-": high - low,
                         "/": high // low if high % low == 0 else None}[op]  # fmt: skip
                if value is not None:
                    assert _makes({"op": op, "target": value}, list(digits))
                    values.setdefault(value, set()).add(digits)
            for target, expected in sorted(values.items())[:: max(1, len(values) // 6)]:
                assert _cage_models(n, cells, op, target) == expected, (n, cells, op, target)
