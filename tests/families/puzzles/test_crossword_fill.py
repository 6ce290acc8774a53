"""What ``rlvr/CrosswordFill-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/CrosswordFill-v0"


def _runs(grid: list[str]) -> list[list[tuple[int, int]]]:
    """The cells of every run of 2+ non-# cells, across then down (own code)."""
    out = []
    for lines, cell in ((grid, lambda i, j: (i, j)),
                        (["".join(col) for col in zip(*grid)], lambda i, j: (j, i))):  # fmt: skip
        for i, line in enumerate(lines):
            run: list[tuple[int, int]] = []
            for j, ch in enumerate(line + "#"):
                if ch != "#":
                    run.append(cell(i, j))
                    continue
                if len(run) >= 2:
                    out.append(run)
                run = []
    return out


def _valid(meta, grid: list[str]) -> bool:
    """The rules, independently: same shape, # where blocked and letters elsewhere, every run
    a bank word, no bank word twice."""
    blank, bank = meta["grid"], {w.upper() for w in meta["bank"]}
    if len(grid) != len(blank) or any(len(a) != len(b) for a, b in zip(grid, blank)):
        return False
    for row, pattern in zip(grid, blank):
        for ch, p in zip(row, pattern):
            if (p == "#") != (ch == "#") or (ch != "#" and not ch.isalpha()):
                return False
    words = ["".join(grid[r][c] for r, c in run) for run in _runs(grid)]
    return all(w in bank for w in words) and len(words) == len(set(words))


def _fills(meta, limit: int = 50) -> list[list[str]]:
    """Every fill (up to ``limit``) by backtracking over the runs with the bank words."""
    blank, bank = meta["grid"], sorted(w.upper() for w in meta["bank"])
    runs = _runs(blank)
    found: list[list[str]] = []
    cells: dict[tuple[int, int], str] = {}

    def go(k: int, used: set[str]) -> None:
        if len(found) >= limit:
            return
        if k == len(runs):
            found.append(["".join(cells.get((r, c), "#") for c in range(len(blank[0])))
                          for r in range(len(blank))])  # fmt: skip
            return
        run = runs[k]
        for word in bank:
            if word in used or len(word) != len(run):
                continue
            if any(cells.get(cell, ch) != ch for cell, ch in zip(run, word)):
                continue
            added = [cell for cell in run if cell not in cells]
            for cell, ch in zip(run, word):
                cells[cell] = ch
            go(k + 1, used | {word})
            for cell in added:
                del cells[cell]

    go(0, set())
    return found


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY)
def test_every_fill_a_solver_finds_scores_one(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    fills = _fills(problem.meta)
    assert problem.answer.split("\n") in fills
    for fill in fills[:10]:
        assert _valid(problem.meta, fill)
        assert _score(problem, "\n".join(fill)).reward == 1.0
        assert _score(problem, " / ".join(" ".join(row.lower()) for row in fill)).reward == 1.0


def test_alternative_fills_exist_and_score_one():
    alternatives = 0
    for seed in range(60):
        problem = _gen(ENV, seed, words=3, decoys=6, size=6)
        for fill in _fills(problem.meta):
            if fill != problem.answer.split("\n"):
                alternatives += 1
                assert _score(problem, "\n".join(fill)).reward == 1.0
    assert alternatives > 0


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_changed_cell_scores_as_the_independent_rules_say(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    grid = problem.answer.split("\n")
    r = data.draw(st.integers(0, len(grid) - 1))
    c = data.draw(st.integers(0, len(grid[0]) - 1))
    ch = data.draw(st.sampled_from("ABEST#"))
    grid[r] = grid[r][:c] + ch + grid[r][c + 1 :]
    verdict = _score(problem, "\n".join(grid))
    assert (verdict.reward == 1.0) == _valid(problem.meta, grid)


def test_wrong_shapes_missing_rows_and_strange_symbols_fail():
    problem = _gen(ENV, 5)
    grid = problem.answer.split("\n")
    assert _score(problem, "\n".join(grid[:-1])).reason == "unparsable"
    assert _score(problem, "\n".join([*grid, grid[0]])).reason == "unparsable"
    assert _score(problem, "\n".join(row + "#" for row in grid)).reason == "unparsable"
    assert _score(problem, "\n".join(grid).replace("#", ".")).reason == "unparsable"
    assert _score(problem, "\n".join(grid).replace("#", "1")).reason == "unparsable"
    assert _score(problem, "\n".join(problem.meta["grid"])).reason == "unparsable"


def test_a_word_used_twice_or_a_word_outside_the_bank_fails():
    base = _gen(ENV, 0)
    meta = {"grid": ["...", "###", "..."], "bank": ["cat", "dog"],
            "slots": [[0, 0, "across", 3], [2, 0, "across", 3]]}  # fmt: skip
    problem = dataclasses.replace(base, meta=meta, answer="CAT\n###\nDOG")
    assert _score(problem, "CAT\n###\nDOG").reward == 1.0
    assert _score(problem, "dog/###/cat").reward == 1.0
    assert _score(problem, "CAT\n###\nCAT").reason == "wrong"
    assert _score(problem, "CAT\n###\nCOG").reason == "wrong"
    assert _score(problem, "CAT\nA##\nDOG").reason == "wrong"
