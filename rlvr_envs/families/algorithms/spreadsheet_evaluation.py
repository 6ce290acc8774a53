"""SpreadsheetEvaluation: the values of some cells of a small spreadsheet of formulas.

A grid of cells named by column letter and row number (``A1``, ``C4``) holds whole numbers
and formulas over other cells: ``=A1 + B2 * 3`` (``*`` before ``+`` and ``-``),
``=SUM(A1:A4)``, ``=MIN(B1:D1)``, ``=MAX(A2, C3, 7)`` and ``=IF(A1 > B2, C3, D4 - 2)``. The
cells are acyclic; the reference evaluates them in a topological order (the order the
generator created them in, which is not the reading order the prompt lists them in), with
exact integer arithmetic. Asked: the values of one to several formula cells, always including
the end of the longest dependency chain.

Answer syntax: each asked cell with its value, ``cell = value``, separated by commas
(``C3 = 17, D1 = -4``); ``:`` for ``=``, semicolons or new lines for commas, any order and a
pair of brackets around the whole are accepted. Every asked cell exactly once, no others;
values are integer literals (:mod:`rlvr_envs.numbers`). The answer is unique.

Knobs: ``cells`` (filled cells, 6..40), ``depth`` (the longest chain of formulas depending
on formulas, 1..8, at most ``cells - 2``), ``functions`` (``plus_minus`` < ``arithmetic``
(adds ``*``) < ``ranges`` (adds SUM/MIN/MAX) < ``conditionals`` (adds IF)) and ``asked``
(cells asked, 1..5); difficulty raises all four. At difficulty 1: 30 cells listed out of
dependency order, chains six formulas deep, every function, four asked cells and negative
numbers: about a dozen dependent evaluations (ranges, comparisons, precedence) kept in order.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.records import AnswerError, read_pairs, unique_keys

LETTERS = "ABCDEFGH"
LIMIT = 5000
CMP = {
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "=": lambda a, b: a == b,
}


def name(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


@lru_cache(maxsize=64)
def segments(width: int, height: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every row or column run of 2..5 cells: (range text, its cell names)."""
    out = []
    for row in range(height):
        for start in range(width):
            for end in range(start + 1, min(width, start + 5)):
                cells = tuple(name(c, row) for c in range(start, end + 1))
                out.append((f"{cells[0]}:{cells[-1]}", cells))
    for col in range(width):
        for start in range(height):
            for end in range(start + 1, min(height, start + 5)):
                cells = tuple(name(col, r) for r in range(start, end + 1))
                out.append((f"{cells[0]}:{cells[-1]}", cells))
    return tuple(out)


class _Builder:
    """Random formulas over the cells defined so far (``values``), one template at a time."""

    def __init__(self, rng: random.Random, tier: int, segs) -> None:
        self.rng, self.tier, self.segs = rng, tier, segs

    def operand(self, pool: list[str], values: dict[str, int], ref: float = 0.75):
        if pool and self.rng.random() < ref:
            cell = self.rng.choice(pool)
            return cell, values[cell], [cell]
        c = self.rng.randint(1, 12)
        return str(c), c, []

    def build(self, pool: list[str], values: dict[str, int]):
        rng, tier = self.rng, self.tier
        kinds = ["sum2", "sum3"]
        if tier >= 1:
            kinds += ["mulc", "mul", "muladd", "parmul"]
        if tier >= 2:
            kinds += ["range", "range", "list", "rangeminus"]
        if tier >= 3:
            kinds += ["if", "if", "ifexpr"]
        kind = rng.choice(kinds)
        op = self.operand
        if kind in ("sum2", "sum3"):
            parts = [op(pool, values, 0.85) for _ in range(2 if kind == "sum2" else 3)]
            text, value, refs = parts[0]
            refs = list(refs)
            for t, v, r in parts[1:]:
                sign = rng.choice("+-")
                text += f" {sign} {t}"
                value = value + v if sign == "+" else value - v
                refs += r
            return text, value, refs
        if kind == "mulc":
            t, v, r = op(pool, values, 1.0)
            c = rng.randint(2, 6)
            return f"{t} * {c}", v * c, r
        if kind == "mul":
            (t1, v1, r1), (t2, v2, r2) = op(pool, values, 1.0), op(pool, values, 1.0)
            return f"{t1} * {t2}", v1 * v2, r1 + r2
        if kind == "muladd":
            (t1, v1, r1), (t2, v2, r2) = op(pool, values, 1.0), op(pool, values, 0.5)
            (t3, v3, r3) = op(pool, values, 1.0)
            sign = rng.choice("+-")
            value = v3 + v1 * v2 if sign == "+" else v3 - v1 * v2
            return f"{t3} {sign} {t1} * {t2}", value, r1 + r2 + r3
        if kind == "parmul":
            (t1, v1, r1), (t2, v2, r2) = op(pool, values, 1.0), op(pool, values, 0.8)
            c = rng.randint(2, 5)
            sign = rng.choice("+-")
            inner = v1 + v2 if sign == "+" else v1 - v2
            return f"({t1} {sign} {t2}) * {c}", inner * c, r1 + r2
        if kind in ("range", "rangeminus"):
            known = set(values) & set(pool)
            runs = [(text, cells) for text, cells in self.segs if all(c in known for c in cells)]
            if not runs:
                return None
            text, cells = rng.choice(runs)
            fn = rng.choice(("SUM", "SUM", "MIN", "MAX"))
            got = [values[c] for c in cells]
            value = sum(got) if fn == "SUM" else min(got) if fn == "MIN" else max(got)
            if kind == "range":
                return f"{fn}({text})", value, list(cells)
            t, v, r = op(pool, values, 0.9)
            return f"{fn}({text}) - {t}", value - v, list(cells) + r
        if kind == "list":
            parts = [op(pool, values, 0.85) for _ in range(rng.randint(2, 4))]
            fn = rng.choice(("MIN", "MAX"))
            got = [v for _, v, _ in parts]
            value = min(got) if fn == "MIN" else max(got)
            refs = [c for _, _, r in parts for c in r]
            return f"{fn}({', '.join(t for t, _, _ in parts)})", value, refs
        # IF(condition, a, b)
        (t1, v1, r1), (t2, v2, r2) = op(pool, values, 1.0), op(pool, values, 0.6)
        cmp = rng.choice(list(CMP))
        (ta, va, ra), (tb, vb, rb) = op(pool, values, 0.8), op(pool, values, 0.8)
        if kind == "ifexpr":
            (tc, vc, rc) = op(pool, values, 0.5)
            ta, va, ra = f"{ta} + {tc}", va + vc, ra + rc
        value = va if CMP[cmp](v1, v2) else vb
        text = f"IF({t1} {cmp} {t2}, {ta}, {tb})"
        return text, value, r1 + r2 + ra + rb


class SpreadsheetEvaluation(Family):
    """Evaluate asked cells of an acyclic spreadsheet of integer formulas."""

    knobs: ClassVar[dict[str, Knob]] = {
        "cells": Knob("int", 6, 40, default=10, easy=6, hard=30, doc="filled cells"),
        "depth": Knob("int", 1, 8, default=2, easy=1, hard=6, doc="longest formula chain"),
        "functions": Knob(
            "categorical",
            choices=("plus_minus", "arithmetic", "ranges", "conditionals"),
            default="arithmetic",
            doc="operators and functions the formulas use (each adds to the previous)",
        ),
        "asked": Knob("int", 1, 5, default=2, easy=1, hard=4, doc="cells asked"),
    }
    answer_syntax = (
        "each asked cell with its value as cell = value, separated by commas "
        "(e.g. C3 = 17, D1 = -4)"
    )
    answer_form = "cell = value pairs"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count = int(knobs["cells"])
        depth = min(int(knobs["depth"]), count - 2)
        tier = self.knobs["functions"].choices.index(knobs["functions"])
        asked_n = int(knobs["asked"])
        width = min(8, max(3, round((count * 1.3) ** 0.5)))
        height = -(-int(count * 1.3) // width)
        segs = segments(width, height)
        spots = [(c, r) for r in range(height) for c in range(width)]
        order = [name(c, r) for c, r in rng.sample(spots, count)]
        formulas_n = max(depth, min(count - 2, round(count * 0.55)), asked_n)
        formulas_n = min(formulas_n, count - 2)
        constants_n = count - formulas_n
        builder = _Builder(rng, tier, segs)
        values: dict[str, int] = {}
        level: dict[str, int] = {}
        content: dict[str, str] = {}
        deps: dict[str, list[str]] = {}
        low = -20 if tier >= 2 else 0
        for cell in order[:constants_n]:
            values[cell] = rng.randint(low, 30)
            level[cell] = 0
            content[cell] = str(values[cell])
            deps[cell] = []
        chain: list[str] = []
        for index, cell in enumerate(order[constants_n:]):
            pool = [c for c in order[: constants_n + index] if level[c] < depth]
            must = chain[-1] if len(chain) < depth and chain else None
            built = None
            for _ in range(30):
                got = builder.build(pool, values)
                if got is None or abs(got[1]) > LIMIT or len(set(got[2])) != len(got[2]):
                    continue
                if not got[2] or (must is not None and must not in got[2]):
                    continue
                built = got
                break
            if built is None:
                base = must or rng.choice(pool)
                c = rng.randint(1, 9)
                built = (f"{base} + {c}", values[base] + c, [base])
            text, value, refs = built
            values[cell] = value
            level[cell] = 1 + max(level[c] for c in refs)
            content[cell] = "=" + text
            deps[cell] = sorted(set(refs))
            if len(chain) < depth and (must is not None or not chain):
                chain.append(cell)
        formulas = order[constants_n:]
        others = [c for c in formulas if c != chain[-1]]
        others.sort(key=lambda c: (-level[c], order.index(c)))
        top = others[: 2 * asked_n]
        rng.shuffle(top)
        asked = [chain[-1], *top[: asked_n - 1]]
        asked.sort(key=lambda c: (int(c[1:]), c[0]))
        listing = sorted(order, key=lambda c: (int(c[1:]), c[0]))
        lines = "\n".join(f"{c}: {content[c]}" for c in listing)
        functions = ["+", "-"] + (["*"] if tier >= 1 else [])
        rules = (
            f"Formulas start with = and use {', '.join(functions)} on cells and whole numbers"
            + (", with * before + and - unless parentheses say otherwise" if tier >= 1 else "")
            + "."
        )
        if tier >= 2:
            rules += (
                " SUM(X:Y) adds the cells of a range X:Y (a run of cells in one row or one "
                "column, both ends included); MIN(...) and MAX(...) give the least and the "
                "greatest of their arguments (a range or values separated by commas)."
            )
        if tier >= 3:
            rules += (
                " IF(condition, a, b) is a when the condition (a comparison with >, <, >=, "
                "<= or =) holds and b otherwise."
            )
        wanted = " and ".join([", ".join(asked[:-1]), asked[-1]] if len(asked) > 1 else asked)
        question = (
            "A spreadsheet has the cells below, each a whole number or a formula; cells not "
            f"listed are empty and no formula uses them. {rules} All arithmetic is exact "
            "integer arithmetic, and no formula depends on itself.\n\n"
            f"{lines}\n\nWhat {'is the value' if len(asked) == 1 else 'are the values'} of "
            f"{wanted}?"
        )
        closure: set[str] = set()
        stack = list(asked)
        while stack:
            c = stack.pop()
            if c not in closure:
                closure.add(c)
                stack.extend(deps[c])
        answer = ", ".join(f"{c} = {values[c]}" for c in asked)
        meta = {
            "asked": asked,
            "values": [values[c] for c in asked],
            "depth": max(level[c] for c in asked),
            "evaluated": sum(1 for c in closure if level[c] > 0),
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = unique_keys(read_pairs(answer, r"[A-Za-z][0-9]{1,2}"), str.upper)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        asked = problem.meta["asked"]
        expected = dict(zip(asked, problem.meta["values"]))
        extra = sorted(set(given) - set(expected))
        if extra:
            return Judgement.wrong(why=f"cells not asked: {', '.join(extra)}")
        missing = [c for c in asked if c not in given]
        if missing:
            return Judgement.wrong(why=f"missing cells: {', '.join(missing)}")
        bad = [c for c in asked if given[c] != expected[c]]
        if bad:
            return Judgement.wrong(why=f"wrong values for {', '.join(bad)}")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Formula cells the asked values depend on, plus the longest chain among them."""
        return problem.meta["evaluated"] + problem.meta["depth"]
