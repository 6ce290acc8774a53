"""What ``rlvr/LightUp-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/LightUp-v0"
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _seen(board, r, c):
    """White cells a lamp at (r, c) lights, itself excluded."""
    n = len(board)
    out = []
    for dr, dc in STEPS:
        rr, cc = r + dr, c + dc
        while 0 <= rr < n and 0 <= cc < n and board[rr][cc] == ".":
            out.append((rr, cc))
            rr, cc = rr + dr, cc + dc
    return out


def _near(board, r, c):
    n = len(board)
    return [
        (r + dr, c + dc)
        for dr, dc in STEPS
        if 0 <= r + dr < n and 0 <= c + dc < n and board[r + dr][c + dc] == "."
    ]


def _valid(board, lamps):
    """The Akari rules, checked here without the family's code."""
    n = len(board)
    if any(board[r][c] != "." for r, c in lamps):
        return False
    lit = set(lamps)
    for r, c in lamps:
        seen = _seen(board, r, c)
        if any(cell in lamps for cell in seen):
            return False
        lit.update(seen)
    for r in range(n):
        for c in range(n):
            ch = board[r][c]
            if ch == "." and (r, c) not in lit:
                return False
            if ch.isdigit() and sum(x in lamps for x in _near(board, r, c)) != int(ch):
                return False
    return True


def _solutions(board, limit=2):
    """Every lamp set the board allows (up to ``limit``), by backtracking over white cells."""
    n = len(board)
    white = [(r, c) for r in range(n) for c in range(n) if board[r][c] == "."]
    found, lamps = [], set()

    def walk(index):
        if len(found) >= limit:
            return
        if index == len(white):
            if _valid(board, lamps):
                found.append(frozenset(lamps))
            return
        r, c = white[index]
        for lamp in (False, True):
            if lamp:
                if any(x in lamps for x in _seen(board, r, c)):
                    continue
                lamps.add((r, c))
            ok = True
            for rr, cc in [(r + dr, c + dc) for dr, dc in STEPS]:
                if 0 <= rr < n and 0 <= cc < n and board[rr][cc].isdigit():
                    near = _near(board, rr, cc)
                    have = sum(x in lamps for x in near)
                    open_ = sum(x in white[index + 1 :] for x in near)
                    if have > int(board[rr][cc]) or have + open_ < int(board[rr][cc]):
                        ok = False
            if ok:
                walk(index + 1)
            lamps.discard((r, c))

    walk(0)
    return found


def _lamps(answer):
    rows = answer.split("\n")
    return {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"}


def _grid(n, lamps, board=None, mark="*", blank="."):
    return "\n".join(
        "".join(mark if (r, c) in lamps else (board[r][c] if board else blank) for c in range(n))
        for r in range(n)
    )


def test_the_lamps_are_unique_by_an_independent_search():
    for seed in range(15):
        problem = _gen(ENV, seed, size=5, walls=0.2, numbered=0.3)
        assert _solutions(problem.meta["board"]) == [frozenset(_lamps(problem.answer))], seed


def test_syntax_variants_parse():
    problem = _gen(ENV, 5)
    n, board = problem.meta["size"], problem.meta["board"]
    lamps = _lamps(problem.answer)
    assert _score(problem, _grid(n, lamps, board)).reward == 1.0
    assert _score(problem, _grid(n, lamps, None, "L", "_")).reward == 1.0
    assert _score(problem, _grid(n, lamps, None, "l", ".")).reward == 1.0
    spaced = "\n".join(" ".join(row) for row in problem.answer.split("\n"))
    assert _score(problem, spaced).reward == 1.0
    assert _score(problem, ", ".join(problem.answer.split("\n"))).reward == 1.0


def test_invalid_answers_fail():
    problem = _gen(ENV, 2, size=6)
    n, board = 6, problem.meta["board"]
    lamps = _lamps(problem.answer)
    wall = next((r, c) for r in range(n) for c in range(n) if board[r][c] != ".")
    assert _score(problem, _grid(n, lamps | {wall})).reward == 0.0
    assert _score(problem, _grid(n, lamps - {min(lamps)})).reward == 0.0
    r, c = min(lamps)
    seen = _seen(board, r, c)
    if seen:
        assert _score(problem, _grid(n, lamps | {seen[0]})).reward == 0.0
    assert _score(problem, "\n".join(board)).reward == 0.0
    assert _score(problem, "\n".join(problem.answer.split("\n")[1:])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("*", "Q")).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_answers_score_as_the_rules_say(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    lamps = set(_lamps(problem.answer))
    flips = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3))
    for cell in flips:
        lamps ^= {cell}
    verdict = _score(problem, _grid(n, lamps))
    assert verdict.correct == _valid(problem.meta["board"], lamps)
    assert verdict.correct == (lamps == _lamps(problem.answer))
