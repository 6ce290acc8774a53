"""WeakestPrecondition: the weakest precondition of a short program for a postcondition.

The prompt gives a program over the integer variables ``x`` and ``y`` (assignments of linear
expressions, at harder settings one ``if``/``else``) and a postcondition, a conjunction of
linear comparisons. The answer is the weakest precondition (Dijkstra, "Guarded Commands,
Nondeterminacy and Formal Derivation of Programs", 1975): a condition on the initial ``x, y``
that holds exactly when the program ends in a state satisfying the postcondition. The
inputs range over the box ``-B <= x, y <= B`` stated in the prompt, so any formula that
agrees with the weakest precondition at every point of the box is right: the check
evaluates the answer on the whole box (vectorised with numpy) and compares it with the
postcondition evaluated after running the program, point by point; the reason names a
point where they differ. Instances whose precondition is constant on the box, or agrees
there with the postcondition itself, are redrawn, so neither ``x = x`` nor a copy earns.

Answer syntax: a formula built from comparisons (``<, <=, >, >=, =, !=``) of linear
expressions (integers, ``x``, ``y``, ``+``, ``-`` and products ``3*x`` of an integer and a
variable, no parentheses inside expressions), joined by ``~`` (not), ``&``, ``|``, ``->``
and parentheses. Example (of the syntax, not an answer): ``(2*x - y > 3) & ~(x = 0)``.

Knobs: ``assignments`` (1 -> 4), ``conditions`` (comparisons in the postcondition, 1 -> 2)
and ``branch`` (whether the program has an ``if``). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

import numpy as np

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError

BOUND = 12
MAX_DEPTH = 40
Linear = dict[str, int]  # "x", "y", "1" -> coefficient
_TOKEN = re.compile(r"\s*(<=|>=|!=|->|\d{1,6}|[xy]|[-+*<>=~&|()])")
OPS = ("<", "<=", ">", ">=", "=", "!=")


def _tokens(text: str) -> list[str]:
    if len(text) > 4_000:
        raise AnswerError("formula too long")
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise AnswerError(f"unexpected {text[pos : pos + 10].strip()!r}")
        out.append(match.group(1))
        pos = match.end()
    return out


class _Reader:
    """Formulas: iff-free, -> (right) < | < & < ~ < comparison; expressions linear."""

    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.i = 0

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise AnswerError("formula ends too early")
        self.i += 1
        return tok

    def formula(self, depth: int = 0) -> tuple:
        if depth > MAX_DEPTH:
            raise AnswerError("formula nested too deeply")
        left = self.disjunction(depth)
        if self.peek() == "->":
            self.take()
            return ("imp", left, self.formula(depth + 1))
        return left

    def disjunction(self, depth: int) -> tuple:
        left = self.conjunction(depth)
        while self.peek() == "|":
            self.take()
            left = ("or", left, self.conjunction(depth))
        return left

    def conjunction(self, depth: int) -> tuple:
        left = self.unary(depth)
        while self.peek() == "&":
            self.take()
            left = ("and", left, self.unary(depth))
        return left

    def unary(self, depth: int) -> tuple:
        if depth > MAX_DEPTH:
            raise AnswerError("formula nested too deeply")
        if self.peek() == "~":
            self.take()
            return ("not", self.unary(depth + 1))
        if self.peek() == "(":
            self.take()
            inner = self.formula(depth + 1)
            if self.take() != ")":
                raise AnswerError("missing ')'")
            return inner
        left = self.expression()
        op = self.take()
        if op not in OPS:
            raise AnswerError(f"expected a comparison, got {op!r}")
        return ("cmp", op, left, self.expression())

    def expression(self) -> Linear:
        total: Linear = {"x": 0, "y": 0, "1": 0}
        sign = 1
        if self.peek() in ("+", "-"):
            sign = -1 if self.take() == "-" else 1
        while True:
            name, coefficient = self.item()
            total[name] += sign * coefficient
            if self.peek() not in ("+", "-"):
                return total
            sign = -1 if self.take() == "-" else 1

    def item(self) -> tuple[str, int]:
        tok = self.take()
        if tok in ("x", "y"):
            return tok, 1
        if not tok.isdigit():
            raise AnswerError(f"expected a number or a variable, got {tok!r}")
        if self.peek() == "*":
            self.take()
            var = self.take()
            if var not in ("x", "y"):
                raise AnswerError("a product is an integer times x or y")
            return var, int(tok)
        return "1", int(tok)


def parse_condition(text: str) -> tuple:
    reader = _Reader(text)
    found = reader.formula()
    if reader.peek() is not None:
        raise AnswerError(f"unexpected {reader.peek()!r}")
    return found


def holds(formula: tuple, x: Any, y: Any) -> Any:
    """The formula's truth values at the arrays (or numbers) ``x, y``."""
    kind = formula[0]
    if kind == "cmp":
        _, op, left, right = formula
        a = left["x"] * x + left["y"] * y + left["1"]
        b = right["x"] * x + right["y"] * y + right["1"]
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "=": a == b, "!=": a != b}[op]
    if kind == "not":
        return ~holds(formula[1], x, y)
    left, right = holds(formula[1], x, y), holds(formula[2], x, y)
    if kind == "and":
        return left & right
    if kind == "or":
        return left | right
    return ~left | right


def show_linear(expr: Linear) -> str:
    parts = []
    for name in ("x", "y", "1"):
        c = expr[name]
        if c == 0:
            continue
        body = str(abs(c)) if name == "1" else (name if abs(c) == 1 else f"{abs(c)}*{name}")
        parts.append(("- " if c < 0 else "+ ") + body)
    if not parts:
        return "0"
    text = " ".join(parts)
    return text[2:] if text.startswith("+ ") else "-" + text[2:]


def show_condition(formula: tuple, top: bool = True) -> str:
    kind = formula[0]
    if kind == "cmp":
        text = f"{show_linear(formula[2])} {formula[1]} {show_linear(formula[3])}"
        return text if top else f"({text})"
    if kind == "not":
        return "~" + show_condition(formula[1], False)
    symbol = {"and": "&", "or": "|", "imp": "->"}[kind]
    text = f"{show_condition(formula[1], False)} {symbol} {show_condition(formula[2], False)}"
    return text if top else f"({text})"


def substitute(expr: Linear, env: dict[str, Linear]) -> Linear:
    out = {"x": 0, "y": 0, "1": expr["1"]}
    for var in ("x", "y"):
        for name in out:
            out[name] += expr[var] * env[var][name]
    return out


def wp(program: list, post: tuple) -> tuple:
    """The weakest precondition by substitution, backwards through the program."""
    for stmt in reversed(program):
        if stmt[0] == "set":
            env = {"x": {"x": 1, "y": 0, "1": 0}, "y": {"x": 0, "y": 1, "1": 0}}
            env[stmt[1]] = stmt[2]
            post = _subst_formula(post, env)
        else:
            cond = stmt[1]
            post = (
                "and",
                ("imp", cond, wp(stmt[2], post)),
                ("imp", ("not", cond), wp(stmt[3], post)),
            )
    return post


def _subst_formula(formula: tuple, env: dict) -> tuple:
    if formula[0] == "cmp":
        left, right = substitute(formula[2], env), substitute(formula[3], env)
        # x-and-y terms on the left, the constant on the right
        moved = {"x": left["x"] - right["x"], "y": left["y"] - right["y"], "1": 0}
        return ("cmp", formula[1], moved, {"x": 0, "y": 0, "1": right["1"] - left["1"]})
    return (formula[0], *(_subst_formula(part, env) for part in formula[1:]))


def execute(program: list, x: Any, y: Any) -> tuple[Any, Any]:
    """The final ``x, y`` (arrays run every point at once; branches merge by mask)."""
    for stmt in program:
        if stmt[0] == "set":
            e = stmt[2]
            value = e["x"] * x + e["y"] * y + e["1"]
            x, y = (value, y) if stmt[1] == "x" else (x, value)
        else:
            mask = holds(stmt[1], x, y)
            x1, y1 = execute(stmt[2], x, y)
            x2, y2 = execute(stmt[3], x, y)
            x, y = np.where(mask, x1, x2), np.where(mask, y1, y2)
    return x, y


def _random_side(rng: random.Random) -> Linear:
    """The left side of a comparison: x and y terms only, never both zero."""
    expr = _random_linear(rng, rng.choice("xy"))
    expr["1"] = 0
    return expr


def simplify(formula: tuple) -> tuple | bool:
    """Comparisons without variables evaluated, and the connectives around them reduced."""
    kind = formula[0]
    if kind == "cmp":
        _, _op, left, right = formula
        if left["x"] == left["y"] == right["x"] == right["y"] == 0:
            return bool(holds(formula, 0, 0))
        return formula
    if kind == "not":
        inner = simplify(formula[1])
        return (not inner) if isinstance(inner, bool) else ("not", inner)
    a, b = simplify(formula[1]), simplify(formula[2])
    if kind == "imp":
        a = (not a) if isinstance(a, bool) else ("not", a)
        kind = "or"
        if not isinstance(a, bool) and a[0] == "not":
            if isinstance(b, bool):
                return b or a
            return ("imp", a[1], b)
    if kind == "and":
        if isinstance(a, bool):
            return b if a else False
        if isinstance(b, bool):
            return a if b else False
        return ("and", a, b)
    if isinstance(a, bool):
        return True if a else b
    if isinstance(b, bool):
        return True if b else a
    return ("or", a, b)


def _random_linear(rng: random.Random, var: str | None = None) -> Linear:
    expr = {"x": rng.choice((0, 1, 1, 2, -1)), "y": rng.choice((0, 1, -1, 2)),
            "1": rng.randint(-5, 5)}  # fmt: skip
    if var:
        expr[var] = expr[var] or 1
    return expr


def _statement_text(stmt: list | tuple, pad: str = "") -> list[str]:
    if stmt[0] == "set":
        return [f"{pad}{stmt[1]} := {show_linear(stmt[2])}"]
    lines = [f"{pad}if {show_condition(stmt[1])}:"]
    for inner in stmt[2]:
        lines += _statement_text(inner, pad + "    ")
    lines.append(f"{pad}else:")
    for inner in stmt[3]:
        lines += _statement_text(inner, pad + "    ")
    return lines


class WeakestPrecondition(Family):
    """The weakest precondition of a linear program, checked point by point on a box."""

    knobs: ClassVar[dict[str, Knob]] = {
        "assignments": Knob("int", 1, 5, default=2, easy=1, hard=4, doc="assignments"),
        "conditions": Knob("int", 1, 2, default=1, easy=1, hard=2, doc="postcondition parts"),
        "branch": Knob("bool", easy=False, hard=True, doc="an if/else in the program"),
    }
    answer_syntax = "the precondition as a formula over x and y"
    answer_form = "a formula equivalent to the weakest precondition on the box"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        axis = np.arange(-BOUND, BOUND + 1, dtype=np.int64)
        xs, ys = np.meshgrid(axis, axis, indexing="ij")
        count = int(knobs["assignments"])
        while True:
            program: list = [("set", rng.choice("xy"), _random_linear(rng)) for _ in range(count)]
            program = [s for s in program if s[2] != _identity(s[1])] or program
            if knobs["branch"]:
                cond = (
                    "cmp",
                    rng.choice(OPS[:4]),
                    _random_linear(rng, "x"),
                    {"x": 0, "y": 0, "1": rng.randint(-3, 3)},
                )
                branch = (
                    "if",
                    cond,
                    [("set", "y", _random_linear(rng))],
                    [("set", "x", _random_linear(rng))],
                )
                program.insert(rng.randint(0, len(program)), branch)
            parts = [
                ("cmp", rng.choice(OPS[:4]), _random_side(rng),
                 {"x": 0, "y": 0, "1": rng.randint(-6, 6)})
                for _ in range(int(knobs["conditions"]))
            ]  # fmt: skip
            post = parts[0] if len(parts) == 1 else ("and", parts[0], parts[1])
            fx, fy = execute(program, xs, ys)
            truth = holds(post, fx, fy)
            if truth.all() or not truth.any() or (holds(post, xs, ys) == truth).all():
                continue
            pre = simplify(wp(program, post))
            if not isinstance(pre, bool) and (holds(pre, xs, ys) == truth).all():
                break
        lines = []
        for stmt in program:
            lines += _statement_text(stmt, "    ")
        question = (
            "Program (x and y are integers; := assigns):\n\n" + "\n".join(lines) + "\n\n"
            f"Postcondition: {show_condition(post)}\n\n"
            f"The inputs satisfy -{BOUND} <= x <= {BOUND} and -{BOUND} <= y <= {BOUND}. Give the "
            "weakest precondition: a condition on the initial x and y that holds exactly "
            "when the program ends in a state satisfying the postcondition (any condition "
            "equivalent on these inputs is accepted). Write it with comparisons (<, <=, >, "
            ">=, =, !=) of linear expressions (integers, x, y, +, -, and products like 3*x; "
            "no parentheses inside expressions), joined by ~ (not), & (and), | (or), -> "
            "(implies) and parentheses; for example (2*x - y > 3) & ~(x = 0)."
        )
        meta = {"program": _json(program), "post": show_condition(post), "size": count}
        return Draft(question, show_condition(pre), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            formula = parse_condition(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        axis = np.arange(-BOUND, BOUND + 1, dtype=np.int64)
        xs, ys = np.meshgrid(axis, axis, indexing="ij")
        program = _program(problem.meta["program"])
        fx, fy = execute(program, xs, ys)
        truth = holds(parse_condition(problem.meta["post"]), fx, fy)
        got = np.broadcast_to(holds(formula, xs, ys), truth.shape)
        wrong = np.argwhere(got != truth)
        if not len(wrong):
            return Judgement.right()
        i, j = wrong[0]
        return Judgement.wrong(
            why=f"at x = {axis[i]}, y = {axis[j]} the answer is {bool(got[i, j])}, "
            f"but the postcondition is {bool(truth[i, j])} after the program"
        )

    def complexity(self, problem: Problem) -> float:
        """Statements of the program (a branch counts three) times postcondition parts."""
        statements = sum(1 if stmt[0] == "set" else 3 for stmt in problem.meta["program"])
        return float(statements * (1 + problem.meta["post"].count("&")))


def _identity(var: str) -> Linear:
    return {"x": int(var == "x"), "y": int(var == "y"), "1": 0}


def _json(program: list) -> list:
    out = []
    for stmt in program:
        if stmt[0] == "set":
            out.append(["set", stmt[1], stmt[2]])
        else:
            out.append(["if", show_condition(stmt[1]), _json(stmt[2]), _json(stmt[3])])
    return out


def _program(data: list) -> list:
    out = []
    for stmt in data:
        if stmt[0] == "set":
            out.append(("set", stmt[1], stmt[2]))
        else:
            out.append(("if", parse_condition(stmt[1]), _program(stmt[2]), _program(stmt[3])))
    return out
