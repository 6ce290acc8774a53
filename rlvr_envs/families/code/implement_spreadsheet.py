"""ImplementSpreadsheet: write a function that evaluates every cell of a spreadsheet of
integer formulas, tested on spreadsheets drawn by ``rlvr/SpreadsheetEvaluation-v0``.

The task: ``evaluate_spreadsheet(cells)`` takes a dict from cell name (``"C12"``: a column
letter A-Z and a row number) to its content (an int, or a formula: a string starting with
``=``, over ``+ - *``, parentheses, cell references, ``SUM``/``MIN``/``MAX`` of ranges or
argument lists and ``IF(comparison, a, b)``, with exact integer arithmetic and no division)
and returns a dict with the value of every cell. The answer is unique. The source family
lists the cells in its question (its ``meta`` holds only the asked values), so the drawn
instances are read back from the question's listing; a test holds the reference to the
source's own values. Reference: formulas compiled to postfix by the shunting-yard method
and evaluated in a topological order from :mod:`graphlib`; the oracle program parses by
recursive descent and orders the cells by Kahn's algorithm. Evaluating references
recursively without memoisation is exponential on the large input (``800 x scale`` cells,
almost all on one chain of formulas that refer to the previous two), and a memoised
recursion needs a raised recursion limit: the prompt states how deep chains go.

Answer syntax: the whole solution as the last fenced Python block (stdlib only).

Knobs: those of :mod:`rlvr_envs.families.code.implementations` (``instances``, ``scale``).
"""

from __future__ import annotations

import random
import re
from graphlib import TopologicalSorter
from typing import Any

from rlvr_envs.core import Draft
from rlvr_envs.families.algorithms.spreadsheet_evaluation import SpreadsheetEvaluation
from rlvr_envs.families.code.implementations import Implementation

LARGE = 800
SMALL = 100  # the most cells the prompt allows without a large input
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LISTED = re.compile(r"^([A-Z][1-9][0-9]*): (.+)$", re.MULTILINE)
_TOKEN = re.compile(
    r"\s*(>=|<=|[A-Z][1-9][0-9]*:[A-Z][1-9][0-9]*|[A-Z]+(?=\()|[A-Z][1-9][0-9]*|"
    r"[0-9]+|[-+*(),<>=])"
)
_PREC = {"+": 1, "-": 1, "*": 2}
_CMP = {
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "=": lambda a, b: a == b,
}


class ListedSpreadsheet(SpreadsheetEvaluation):
    """The source family, with the listed cells kept in ``meta["cells"]`` (read back from
    its question: the ``cell: content`` lines)."""

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        draft = super().generate(rng, knobs)
        cells: dict[str, Any] = {}
        for cell, content in _LISTED.findall(draft.question):
            cells[cell] = content if content.startswith("=") else int(content)
        meta = dict(draft.meta, cells=cells)
        return Draft(draft.question, draft.answer, meta)


def _range_cells(text: str) -> list[str]:
    first, last = text.split(":")
    c1, r1, c2, r2 = first[0], int(first[1:]), last[0], int(last[1:])
    if c1 == c2:
        return [f"{c1}{r}" for r in range(r1, r2 + 1)]
    return [f"{LETTERS[c]}{r1}" for c in range(LETTERS.index(c1), LETTERS.index(c2) + 1)]


def _postfix(formula: str) -> list[tuple[str, Any]]:
    """Shunting-yard: the formula (without its ``=``) as postfix steps."""
    tokens = _TOKEN.findall(formula)
    out: list[tuple[str, Any]] = []
    stack: list[list[Any]] = []  # operators and open calls: [kind, payload, argument count]
    for tok in tokens:
        if tok.isdigit():
            out.append(("num", int(tok)))
        elif ":" in tok:
            out.append(("range", _range_cells(tok)))
        elif tok in ("SUM", "MIN", "MAX", "IF"):
            stack.append(["call", tok, 1])
        elif tok[0] in LETTERS:
            out.append(("ref", tok))
        elif tok == "(":
            if stack and stack[-1][0] == "call" and stack[-1][2] == 1 and stack[-1][1] != "(":
                stack[-1][0] = "open"  # the call's own parenthesis
            else:
                stack.append(["open", "(", 1])
        elif tok in (",", ")"):
            while stack[-1][0] == "op":
                out.append(("op", stack.pop()[1]))
            if tok == ",":
                stack[-1][2] += 1
            else:
                _, what, count = stack.pop()
                if what != "(":
                    out.append(("call", (what, count)))
        else:  # a binary operator or a comparison
            prec = _PREC.get(tok, 0)
            while stack and stack[-1][0] == "op" and _PREC.get(stack[-1][1], 0) >= prec:
                out.append(("op", stack.pop()[1]))
            stack.append(["op", tok, 0])
    while stack:
        out.append(("op", stack.pop()[1]))
    return out


def _run(steps: list[tuple[str, Any]], values: dict[str, int]) -> int:
    stack: list[Any] = []
    for kind, what in steps:
        if kind == "num":
            stack.append(what)
        elif kind == "ref":
            stack.append(values[what])
        elif kind == "range":
            stack.append([values[c] for c in what])
        elif kind == "op":
            b, a = stack.pop(), stack.pop()
            if what in _CMP:
                stack.append(_CMP[what](a, b))
            else:
                stack.append(a + b if what == "+" else a - b if what == "-" else a * b)
        else:
            name, count = what
            args = stack[len(stack) - count :]
            del stack[len(stack) - count :]
            if name == "IF":
                stack.append(args[1] if args[0] else args[2])
                continue
            flat = args[0] if isinstance(args[0], list) else args
            stack.append(sum(flat) if name == "SUM" else min(flat) if name == "MIN" else max(flat))
    (result,) = stack
    return result


def evaluate(cells: dict[str, Any]) -> dict[str, int]:
    """Every cell's value: postfix programs run in a topological order."""
    programs = {c: _postfix(v[1:]) for c, v in cells.items() if isinstance(v, str)}
    graph: dict[str, set[str]] = {c: set() for c in cells}
    for cell, steps in programs.items():
        for kind, what in steps:
            if kind == "ref":
                graph[cell].add(what)
            elif kind == "range":
                graph[cell].update(what)
    values: dict[str, int] = {}
    for cell in TopologicalSorter(graph).static_order():
        content = cells[cell]
        values[cell] = _run(programs[cell], values) if cell in programs else content
    return {c: values[c] for c in cells}


SOLUTION = """\
import re
from collections import deque

TOKEN = re.compile(r"\\s*(>=|<=|[A-Z]+[0-9]*|[0-9]+|[-+*(),:<>=])")


def cells_between(first, last):
    c1, r1 = ord(first[0]), int(first[1:])
    c2, r2 = ord(last[0]), int(last[1:])
    return [chr(c) + str(r) for c in range(c1, c2 + 1) for r in range(r1, r2 + 1)]


class Formula:
    def __init__(self, text):
        self.tokens = TOKEN.findall(text)
        self.refs = set()
        for i, tok in enumerate(self.tokens):
            if tok[0].isalpha() and tok[-1].isdigit():
                if i + 1 < len(self.tokens) and self.tokens[i + 1] == ":":
                    self.refs.update(cells_between(tok, self.tokens[i + 2]))
                else:
                    self.refs.add(tok)

    def value(self, values):
        self.values, self.pos = values, 0
        return self.expr()

    def take(self):
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def expr(self):
        total = self.term()
        while self.peek() in ("+", "-"):
            sign = self.take()
            right = self.term()
            total = total + right if sign == "+" else total - right
        return total

    def term(self):
        product = self.factor()
        while self.peek() == "*":
            self.take()
            product *= self.factor()
        return product

    def arguments(self):
        self.take()  # (
        first = self.tokens[self.pos]
        if self.pos + 1 < len(self.tokens) and self.tokens[self.pos + 1] == ":":
            last = self.tokens[self.pos + 2]
            self.pos += 4  # first : last )
            return [self.values[c] for c in cells_between(first, last)]
        args = [self.expr()]
        while self.take() == ",":
            args.append(self.expr())
        return args

    def factor(self):
        tok = self.take()
        if tok == "(":
            inner = self.expr()
            self.take()  # )
            return inner
        if tok.isdigit():
            return int(tok)
        if tok == "IF":
            self.take()  # (
            left = self.expr()
            cmp = self.take()
            right = self.expr()
            self.take()  # ,
            yes = self.expr()
            self.take()  # ,
            no = self.expr()
            self.take()  # )
            holds = {">": left > right, "<": left < right, ">=": left >= right,
                     "<=": left <= right, "=": left == right}[cmp]
            return yes if holds else no
        if tok in ("SUM", "MIN", "MAX"):
            args = self.arguments()
            return sum(args) if tok == "SUM" else min(args) if tok == "MIN" else max(args)
        return self.values[tok]


def evaluate_spreadsheet(cells):
    formulas = {c: Formula(v[1:]) for c, v in cells.items() if isinstance(v, str)}
    waiting = {c: len(f.refs) for c, f in formulas.items()}
    users = {c: [] for c in cells}
    for c, f in formulas.items():
        for r in f.refs:
            users[r].append(c)
    values = {c: v for c, v in cells.items() if not isinstance(v, str)}
    ready = deque(values)
    ready.extend(c for c, n in waiting.items() if n == 0)
    while ready:  # Kahn's algorithm: a formula is evaluated once all its cells are known
        c = ready.popleft()
        if c in formulas:
            values[c] = formulas[c].value(values)
        for user in users[c]:
            waiting[user] -= 1
            if waiting[user] == 0:
                ready.append(user)
    return {c: values[c] for c in cells}
"""


class ImplementSpreadsheet(Implementation):
    """Write ``evaluate_spreadsheet(cells)``: the value of every cell of an acyclic
    spreadsheet of integer formulas."""

    source = ListedSpreadsheet
    function = "evaluate_spreadsheet"
    signature = "evaluate_spreadsheet(cells)"
    solution = SOLUTION

    def statement(self, knobs: dict[str, Any]) -> str:
        largest = f"{LARGE * knobs['scale']:,}" if knobs["scale"] else f"{SMALL}"
        return (
            "`cells` is a dict describing a spreadsheet. Its keys are cell names: a column "
            'letter A-Z followed by a row number from 1 without leading zeros, like `"C12"`. '
            "Each value is either an int (the cell holds that whole number, possibly "
            "negative) or a str formula that starts with `=`. Return a dict with the same "
            "keys that maps every cell to its value, an int.\n\n"
            "A formula (after the `=`) is an expression in this grammar; spaces may appear "
            "between tokens:\n"
            "    expr   := term (('+' | '-') term)*\n"
            "    term   := factor ('*' factor)*\n"
            "    factor := number | cell | '(' expr ')' | 'SUM(' range ')'\n"
            "            | 'MIN(' list ')' | 'MAX(' list ')' | 'IF(' expr cmp expr ',' expr ',' "
            "expr ')'\n"
            "    list   := range | expr (',' expr)*\n"
            "    cmp    := '>' | '<' | '>=' | '<=' | '='\n"
            "A number is a non-negative decimal integer literal (there is no unary minus). A "
            "cell name stands for that cell's value. `*` binds tighter than `+` and `-`; "
            "operators of the same level apply from left to right (`=10 - 3 - 2` is 5). All "
            "arithmetic is exact integer arithmetic; there is no division. A range `X:Y` is a "
            "run of cells in one column (`A2:A5` is A2, A3, A4, A5) or in one row (`B3:E3` is "
            "B3, C3, D3, E3), both ends included, the first end never after the second. "
            "`SUM` adds the cells of its range; `MIN` and `MAX` give the least and the greatest "
            "of their arguments (a range's cells, or the values of one or more expressions). "
            "`IF(p cmp q, a, b)` is a when the comparison holds (`=` tests equality) and b "
            "otherwise. Every cell a formula mentions, directly or inside a range, is a key "
            f"of `cells`, and no cell depends on itself. `cells` has at most {largest} entries; "
            "a formula may depend on a chain of "
            + (
                f"up to {largest} formulas, each using the next (far deeper than Python's "
                "default recursion limit)"
                if knobs["scale"]
                else "up to 100 formulas, each using the next"
            )
            + "; every cell's value is between -10**9 and 10**9."
        )

    def arguments(self, meta: dict[str, Any]) -> list[Any]:
        return [dict(meta["cells"])]

    def reference(self, cells: dict[str, Any]) -> dict[str, int]:
        return evaluate(cells)

    def coverage_arguments(self, rng: random.Random) -> list[Any]:
        """Precedence, left-to-right subtraction, column and row ranges, MIN/MAX of ranges
        and of lists, IF with every comparison on equal and on unequal operands. (The source
        draws only sums and differences at low difficulty: without this a program that
        ignores `*`, ranges, MIN/MAX or IF scored 1.)"""
        v = rng.randint(-30, 30)
        w = v + rng.randint(1, 20)
        x = rng.randint(2, 9)
        pairs = [("A1", "B1"), ("A1", "A2"), ("A2", "A1")]  # equal, less, greater
        ifs = " + ".join(  # one bit per comparison: no two wrong outcomes cancel
            f"IF({p} {cmp} {q}, {2 ** (3 * j + i)}, 0)"
            for j, cmp in enumerate((">", "<", ">=", "<=", "="))
            for i, (p, q) in enumerate(pairs)
        )
        return [
            {
                "D3": "=(C1 - C2) * (C3 + 1) - D1",
                "A1": v,
                "A2": w,
                "A3": x,
                "B1": v,
                "C1": f"=A2 - A1 - A3 + 2 * A3 * {x + 1} - 1",
                "C2": "=SUM(A1:A3) * 2 - SUM(A1:B1)",
                "C3": "=MIN(A1:A3) - MAX(A1:B1) + MIN(A1, A2 - 1, 5) * MAX(A3, 2)",
                "D1": "=" + ifs,
                "D2": "=MAX(C1:C3) - MIN(A1:D1)",
            }
        ]

    def edge_arguments(self, rng: random.Random) -> list[list[Any]]:
        v, w, x = rng.randint(-30, 30), rng.randint(-30, 30), rng.randint(1, 9)
        chain = {f"A{i}": f"=A{i + 1} * 2 - A{i + 2}" for i in range(1, 9)}
        chain.update({"A9": w, "A10": v})
        return [
            [{}],
            [{"B7": v}],
            [{"A1": f"=20 - {x} - 3 * 2 - 1"}],
            [{"C2": w, "A1": f"=(C2 - {x}) * (2 + 3)", "B1": "=C2 * C2 * C2 - A1"}],
            [
                {
                    "A1": v,
                    "B1": w,
                    "C1": x,
                    "D1": "=SUM(A1:C1)",
                    "A2": "=MIN(A1:C1)",
                    "B2": "=IF(D1 = A2 + 4, MAX(A1, B1 * 2, 0), 99)",
                    "C2": "=IF(A1 >= B1, MIN(A1, B1) - 1, MAX(A1:A2) + B2)",
                    "D2": "=SUM(C1:C2) * 2 - (D1 - A2)",
                }
            ],
            [chain],
        ]

    def limit_arguments(self, rng: random.Random) -> list[Any]:
        """The limits stated without a large input: 100 cells, two numbers and a chain of 98
        formulas, each using the two before it (``=C4 - D2 + 7``), the end of the chain
        listed first. Evaluating references recursively without memoisation makes about
        10^20 calls (Fibonacci); in order, 98 formula evaluations."""
        names = rng.sample([f"{c}{r}" for c in LETTERS[2:] for r in range(1, 10)], SMALL - 2)
        cells: dict[str, Any] = {"A1": rng.randint(-1000, 1000), "B1": rng.randint(-1000, 1000)}
        chain = ["A1", "B1"]
        for cell in names:
            p, q, k = chain[-1], chain[-2], rng.randint(1, 12)
            # x - y + k: bounded (the homogeneous part repeats every six cells)
            cells[cell] = f"={p} - {q} + {k}" if rng.random() < 0.5 else f"={p} - {q} - {k}"
            chain.append(cell)
        return [{c: cells[c] for c in [chain[-1], *rng.sample(chain[:-1], len(chain) - 1)]}]

    def large_arguments(self, rng: random.Random, scale: int) -> list[Any]:
        count = LARGE * scale
        rows = -(-count // (len(LETTERS) - 2))
        base = max(4, count // 20)  # constants: columns A and B, rows 1 .. base // 2
        half = base // 2
        names = [f"{c}{r}" for c in LETTERS[2:] for r in range(1, rows + 1)]
        formulas = rng.sample(names, count - 2 * half)
        cells: dict[str, Any] = {}
        values: dict[str, int] = {}
        for col in "AB":
            for r in range(1, half + 1):
                values[f"{col}{r}"] = cells[f"{col}{r}"] = rng.randint(-1000, 1000)
        chain = [f"A{half}", f"B{half}"]
        earlier = list(values)
        for cell in formulas:
            p, q = chain[-1], chain[-2] if rng.random() < 0.6 else rng.choice(earlier)
            k = rng.randint(1, 12)
            vp, vq = values[p], values[q]
            col = rng.choice("AB")
            lo = rng.randint(1, half - 1)
            hi = min(half, lo + rng.randint(1, 20))
            run = [values[f"{col}{r}"] for r in range(lo, hi + 1)]
            span = f"{col}{lo}:{col}{hi}"
            kind = rng.randrange(8)
            if kind == 0:
                text, value = f"{p} + {q} - {k}", vp + vq - k
            elif kind == 1:
                text, value = f"({p} - {q}) * {k % 3 + 2}", (vp - vq) * (k % 3 + 2)
            elif kind == 2:
                text, value = f"{q} - {p} * {k % 3 + 1}", vq - vp * (k % 3 + 1)
            elif kind == 3:
                text, value = f"SUM({span}) - {p}", sum(run) - vp
            elif kind == 4:
                fn = rng.choice(("MIN", "MAX"))
                got = [vp, vq, k]
                text, value = f"{fn}({p}, {q}, {k})", min(got) if fn == "MIN" else max(got)
            elif kind == 5:
                cmp = rng.choice(list(_CMP))
                value = vp - k if _CMP[cmp](vp, vq) else vq + k
                text = f"IF({p} {cmp} {q}, {p} - {k}, {q} + {k})"
            elif kind == 6:
                fn = rng.choice(("MIN", "MAX"))
                text = f"{fn}({span}) + {p} * {k % 2 + 1}"
                value = (min(run) if fn == "MIN" else max(run)) + vp * (k % 2 + 1)
            else:
                text, value = f"{p} * {q} - {k}", vp * vq - k
            if abs(value) > 10**6:
                text, value = f"MIN({p}, {q}, {k}) + {k}", min(vp, vq, k) + k
            cells[cell] = "=" + text
            values[cell] = value
            chain.append(cell)
            earlier.append(cell)
        order = [c for c in cells if c != chain[-1]]
        rng.shuffle(order)
        # the end of the chain first: evaluating cells in the dict's order must then go the
        # whole chain deep at once, past Python's default recursion limit
        return [{c: cells[c] for c in [chain[-1], *order]}]
