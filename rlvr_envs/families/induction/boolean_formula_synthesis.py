"""BooleanFormulaSynthesis: a boolean formula of bounded size that fits labelled assignments.

A hidden formula over x1..xn (``and``, ``or``, ``not`` of variables, with ``literals``
variable occurrences, different variables wherever there are enough) labels assignments;
the prompt lists some assignments with their labels and a size bound (the hidden formula's
number of variable occurrences). Any formula within the bound that gives every listed label
scores 1: the check parses it with its own grammar and evaluates it on each row. Rows are
added until no constant and no single literal fits, so a trivial answer never does.

Answer syntax: a formula in ``x1``.. ``xn`` with ``and``, ``or``, ``not`` and parentheses
(``&``, ``|``, ``~`` and ``!`` are read the same way); ``not`` binds tightest, then
``and``, then ``or``. ``score`` is the share of rows labelled right.

Knobs: ``variables`` (n, 3 -> 6), ``literals`` (variable occurrences in the hidden formula,
2 -> 6) and ``rows`` (assignments shown at least, 6 -> 12). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

_TOKEN = re.compile(r"\s*(x\d{1,2}|and|or|not|&&|\|\||[&|~!()])")
Formula = tuple  # ("var", i) | ("not", f) | ("and", f, g) | ("or", f, g)


class FormulaError(ValueError):
    """The text is not a formula of the stated syntax."""


def tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match:
            raise FormulaError(f"unexpected text at position {pos + 1}")
        out.append({"&": "and", "&&": "and", "|": "or", "||": "or", "~": "not", "!": "not"}
                   .get(match.group(1), match.group(1)))  # fmt: skip
        pos = match.end()
    return out


def parse(text: str, variables: int) -> Formula:
    items = tokens(text)
    if len(items) > 200:
        raise FormulaError("too long")
    formula, pos = _or(items, 0, variables, 0)
    if pos != len(items):
        raise FormulaError(f"unexpected {items[pos]!r}")
    return formula


def _or(items: list[str], pos: int, n: int, depth: int) -> tuple[Formula, int]:
    left, pos = _and(items, pos, n, depth)
    while pos < len(items) and items[pos] == "or":
        right, pos = _and(items, pos + 1, n, depth)
        left = ("or", left, right)
    return left, pos


def _and(items: list[str], pos: int, n: int, depth: int) -> tuple[Formula, int]:
    left, pos = _not(items, pos, n, depth)
    while pos < len(items) and items[pos] == "and":
        right, pos = _not(items, pos + 1, n, depth)
        left = ("and", left, right)
    return left, pos


def _not(items: list[str], pos: int, n: int, depth: int) -> tuple[Formula, int]:
    if depth > 60:
        raise FormulaError("nested too deeply")
    if pos >= len(items):
        raise FormulaError("the formula is cut off")
    item = items[pos]
    if item == "not":
        inner, pos = _not(items, pos + 1, n, depth + 1)
        return ("not", inner), pos
    if item == "(":
        inner, pos = _or(items, pos + 1, n, depth + 1)
        if pos >= len(items) or items[pos] != ")":
            raise FormulaError("a '(' is not closed")
        return inner, pos + 1
    if item.startswith("x") and 1 <= int(item[1:]) <= n and item == f"x{int(item[1:])}":
        return ("var", int(item[1:]) - 1), pos + 1
    raise FormulaError(f"unexpected {item!r}")


def evaluate(formula: Formula, row: tuple[int, ...]) -> bool:
    kind = formula[0]
    if kind == "var":
        return bool(row[formula[1]])
    if kind == "not":
        return not evaluate(formula[1], row)
    if kind == "and":
        return evaluate(formula[1], row) and evaluate(formula[2], row)
    return evaluate(formula[1], row) or evaluate(formula[2], row)


def occurrences(formula: Formula) -> int:
    if formula[0] == "var":
        return 1
    return sum(occurrences(f) for f in formula[1:])


def write(formula: Formula, parent: str = "or") -> str:
    kind = formula[0]
    if kind == "var":
        return f"x{formula[1] + 1}"
    if kind == "not":
        return "not " + write(formula[1], "not")
    text = f"{write(formula[1], kind)} {kind} {write(formula[2], kind)}"
    tight = {"or": 0, "and": 1, "not": 2}
    return f"({text})" if tight[parent] > tight[kind] else text


def _random(rng: random.Random, leaves: list[int]) -> Formula:
    """A random and/or tree over ``leaves`` (variable indices, in order), some negated."""
    if len(leaves) == 1:
        leaf = ("var", leaves[0])
        return ("not", leaf) if rng.random() < 0.35 else leaf
    left = rng.randint(1, len(leaves) - 1)
    kind = rng.choice(("and", "or"))
    return (kind, _random(rng, leaves[:left]), _random(rng, leaves[left:]))


class BooleanFormulaSynthesis(Family):
    """A size-bounded formula consistent with labelled truth-table rows."""

    knobs: ClassVar[dict[str, Knob]] = {
        "variables": Knob("int", 2, 8, default=4, easy=3, hard=6, doc="variables x1..xn"),
        "literals": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="occurrences in the formula"),
        "rows": Knob("int", 4, 20, default=8, easy=6, hard=12, doc="rows shown at least"),
    }  # fmt: skip
    answer_syntax = (
        "a formula in the variables with and, or, not and parentheses (e.g. x1 and not (x2 or x3))"
    )
    answer_form = "boolean formula"
    unique_answer = False
    single_answer = False  # "or" is an operator here, not a hedge

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, literals = int(knobs["variables"]), int(knobs["literals"])
        literals = max(2, literals)
        while True:
            leaves = rng.sample(range(n), min(n, literals))
            leaves += [rng.randrange(n) for _ in range(literals - len(leaves))]
            target = _random(rng, leaves)
            space = [tuple((r >> (n - 1 - i)) & 1 for i in range(n)) for r in range(2**n)]
            rng.shuffle(space)
            rows = space[: min(int(knobs["rows"]), len(space))]
            rest = space[len(rows) :]
            while _trivial_fits(target, rows, n) and rest:
                rows.append(rest.pop())
            labels = [evaluate(target, r) for r in rows]
            if not _trivial_fits(target, rows, n) and any(labels) and not all(labels):
                break
        rows.sort()
        names = " ".join(f"x{i + 1}" for i in range(n))
        table = "\n".join(
            "  "
            + " ".join(f"{v:>{len(str(i + 1)) + 1}}" for i, v in enumerate(r))
            + f"  | {int(evaluate(target, r))}"
            for r in rows
        )
        bound = occurrences(target)
        question = (
            f"A hidden boolean formula over {', '.join(f'x{i + 1}' for i in range(n))} gives "
            "these values (1 is true, 0 is false):\n"
            f"  {names}  | value\n{table}\n\n"
            "Write a formula that gives exactly these values on these rows, using the "
            "variables with and, or, not and parentheses, with at most "
            f"{bound} occurrences of variables (x1 and not x1 has two)."
        )
        meta = {
            "variables": n,
            "rows": [list(r) for r in rows],
            "labels": [int(evaluate(target, r)) for r in rows],
            "bound": bound,
        }
        return Draft(question, write(target), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        if len(answer) > 1_000:
            return Judgement.unparsable("the formula is too long")
        try:
            formula = parse(answer, meta["variables"])
        except FormulaError as exc:
            return Judgement.unparsable(str(exc))
        if occurrences(formula) > meta["bound"]:
            return Judgement.wrong(why="more variable occurrences than allowed")
        right = sum(
            evaluate(formula, tuple(r)) == bool(v) for r, v in zip(meta["rows"], meta["labels"])
        )
        if right < len(meta["rows"]):
            return Judgement.wrong(score=right / len(meta["rows"]))
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Rows times variables times the size bound."""
        meta = problem.meta
        return len(meta["rows"]) * meta["variables"] * meta["bound"]


def _trivial_fits(target: Formula, rows: list[tuple[int, ...]], n: int) -> bool:
    """Whether a constant or a single literal gives the target's labels on ``rows``."""
    labels = [evaluate(target, r) for r in rows]
    if all(labels) or not any(labels):
        return True
    for i in range(n):
        column = [bool(r[i]) for r in rows]
        if column == labels or [not c for c in column] == labels:
            return True
    return False
