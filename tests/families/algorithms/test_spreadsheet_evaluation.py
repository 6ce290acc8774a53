"""What ``rlvr/SpreadsheetEvaluation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/SpreadsheetEvaluation-v0"
_CELL = re.compile(r"^([A-H][0-9]+): (.+)$", re.MULTILINE)


def _cells(prompt: str) -> dict[str, str]:
    return dict(_CELL.findall(prompt))


def _span(a: str, b: str) -> list[str]:
    if a[0] == b[0]:
        return [f"{a[0]}{r}" for r in range(int(a[1:]), int(b[1:]) + 1)]
    assert a[1:] == b[1:]
    return [f"{chr(c)}{a[1:]}" for c in range(ord(a[0]), ord(b[0]) + 1)]


def evaluate(prompt: str) -> dict[str, int]:
    """Every cell's value, by memoised recursion over the formulas read back from the prompt
    (turned into Python expressions over a lazily evaluating namespace; test-only)."""
    cells = _cells(prompt)
    done: dict[str, int] = {}

    class Scope(dict):
        def __missing__(self, key):
            if key in cells:
                if key not in done:
                    text = cells[key]
                    if not text.startswith("="):
                        done[key] = int(text)
                    else:
                        expr = re.sub(r"([A-H][0-9]+):([A-H][0-9]+)", r"R('\1','\2')", text[1:])
                        expr = re.sub(r"(?<![<>=])=(?!=)", "==", expr)
                        done[key] = eval(expr, {}, self)  # test-only: our own prompt
                return done[key]
            raise KeyError(key)

    def flat(args):
        out = []
        for a in args:
            out.extend(a if isinstance(a, list) else [a])
        return out

    scope = Scope()
    scope.update(
        R=lambda a, b: [scope[c] for c in _span(a, b)],
        SUM=lambda *a: sum(flat(a)),
        MIN=lambda *a: min(flat(a)),
        MAX=lambda *a: max(flat(a)),
        IF=lambda c, a, b: a if c else b,
    )
    return {cell: scope[cell] for cell in cells}


def _asked(prompt: str) -> list[str]:
    tail = prompt.rsplit("of ", 1)[1].split("?")[0]
    return re.findall(r"[A-H][0-9]+", tail)


@pytest.mark.parametrize("difficulty", [0.0, 0.3, 0.6, 1.0])
def test_the_reference_equals_an_independent_evaluation(difficulty):
    for seed in range(25):
        problem = _gen(ENV, seed, difficulty)
        values = evaluate(problem.prompt)
        asked = _asked(problem.prompt)
        assert asked == problem.meta["asked"]
        assert problem.answer == ", ".join(f"{c} = {values[c]}" for c in asked)


def test_difficulty_one_has_deep_chains_and_every_function():
    problems = [_gen(ENV, s, 1.0) for s in range(20)]
    assert all(p.meta["depth"] == 6 for p in problems)
    text = "".join(p.prompt for p in problems)
    for fn in ("SUM(", "MIN(", "MAX(", "IF(", " * "):
        assert fn in text


def test_the_formulas_are_acyclic_and_the_deepest_chain_is_asked():
    problem = _gen(ENV, 4, cells=20, depth=5, functions="conditionals", asked=3)
    cells = _cells(problem.prompt)
    level: dict[str, int] = {}

    def depth(cell, seen=()):
        assert cell not in seen, "cycle"
        if cell not in level:
            refs = set(re.findall(r"[A-H][0-9]+", cells[cell][1:] if cells[cell][0] == "=" else ""))
            for a, b in re.findall(r"([A-H][0-9]+):([A-H][0-9]+)", cells[cell]):
                refs |= set(_span(a, b))
            level[cell] = 1 + max((depth(r, (*seen, cell)) for r in refs), default=-1)
        return level[cell]

    deepest = max(depth(c) for c in cells)
    assert deepest == 5
    assert max(level[c] for c in problem.meta["asked"]) == deepest


def test_written_differently_still_scores_one():
    problem = _gen(ENV, 7, 0.6)
    pairs = list(zip(problem.meta["asked"], problem.meta["values"]))
    forms = [
        ", ".join(f"{c} = {v}" for c, v in pairs),
        "; ".join(f"{c}: {v}" for c, v in reversed(pairs)),
        "\n".join(f"{c.lower()}={v}" for c, v in pairs),
        "{" + ", ".join(f'"{c}": {v}' for c, v in pairs) + "}",
        ", ".join(f"{c} = {v}" for c, v in pairs[:-1]) + f" and {pairs[-1][0]} = {pairs[-1][1]}",
        ", ".join(f"{c} = {v}" for c, v in pairs) + ".",
        "`" + " ".join(f"{c}={v}" for c, v in pairs) + "`",
    ]
    for text in forms:
        assert _score(problem, text).reward == 1.0, text


def test_wrong_missing_extra_duplicate_and_hedged_answers_fail():
    problem = _gen(ENV, 7, 0.6)
    pairs = list(zip(problem.meta["asked"], problem.meta["values"]))
    assert len(pairs) >= 2
    right = ", ".join(f"{c} = {v}" for c, v in pairs)
    cells = _cells(problem.prompt)
    other = next(c for c in cells if c not in problem.meta["asked"])
    constant = next(c for c in cells if not cells[c].startswith("="))
    wrong = [
        ", ".join(f"{c} = {v + (i == 0)}" for i, (c, v) in enumerate(pairs)),
        ", ".join(f"{c} = {v}" for c, v in pairs[1:]),
        right + f", {other} = 0",
        right + f", {pairs[0][0]} = {pairs[0][1]}",
        right + " or " + str(pairs[0][1] + 1),
        right + " (I think)",
        "The answer is " + right,
        f"{constant}: {cells[constant]}",
        ", ".join(str(v) for _, v in pairs),
        "0",
        "none",
        cells[problem.meta["asked"][0]],
    ]
    for text in wrong:
        verdict = _score(problem, text)
        assert verdict.reward == 0.0 and not verdict.correct, text


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_verifier_property(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    values = evaluate(problem.prompt)
    asked = problem.meta["asked"]
    assert _score(problem, ", ".join(f"{c} = {values[c]}" for c in asked)).reward == 1.0
    off = ", ".join(f"{c} = {values[c] + (c == asked[-1])}" for c in asked)
    assert _score(problem, off).reward == 0.0


def test_list_markers_backticks_and_a_cell_given_twice():
    """Review: bullet or numbered lists of pairs and backticked cell names are fair ways to
    write the answer; numbers that disagree with the order written, or a cell given twice
    with different values (a hedge, in any syntax), never score."""
    problem = _gen(ENV, 7, 0.6)
    values = evaluate(problem.prompt)
    asked = _asked(problem.prompt)
    for text in (
        "\n".join(f"{i}. {c} = {values[c]}" for i, c in enumerate(asked, 1)),
        "\n".join(f"- {c} = {values[c]}" for c in asked),
        ", ".join(f"`{c}` = {values[c]}" for c in asked),
    ):
        assert _score(problem, text).reward == 1.0, text
    right = ", ".join(f'"{c}": {values[c]}' for c in asked)
    for text in (
        "\n".join(f"{i}. {c} = {values[c]}" for i, c in enumerate(asked, 2)),
        "{" + right + f', "{asked[0]}": {values[asked[0]] + 1}' + "}",
        "{" + f'"{asked[-1].lower()}": {values[asked[-1]] - 1}, ' + right + "}",
    ):
        assert _score(problem, text).reward == 0.0, text
