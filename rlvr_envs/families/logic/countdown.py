"""Countdown numbers game: combine the given numbers with + - * / to hit the target.

The numbers round of the television game "Des chiffres et des lettres" (1965) and its
English version Countdown (1982), in the form of the 24 game: every given number is used
exactly once, with ``+``, ``-``, ``*``, ``/`` and parentheses. The generator draws random
numbers and a random expression over all of them whose intermediate results are positive
integers; its value, at most ``max(100, 10 * largest)``, is the target. Arithmetic is exact
(fractions), so answers whose intermediate results are fractions or negative are also
accepted when the final value is the target.

Answer syntax: an arithmetic expression using each given number exactly once, e.g.
``(25 - 4) * 3 + 7``; ``×``, ``÷``, ``\\times``, ``\\div`` and ``\\cdot`` are accepted for
``*`` and ``/``, and a trailing ``= <target>`` is allowed. No other numbers, no unary minus,
no powers. The answer is parsed by a small whitelist parser (never ``eval``) and evaluated
with ``fractions.Fraction``. Any expression with the right numbers and value is right.

Knobs: ``numbers`` (how many) and ``largest`` (the largest number that may be drawn).
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs import numbers
from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, small_int

MAX_CHARS = 400
MAX_NESTING = 40
MAX_TRIES = 200
_TOKEN = re.compile(r"\s*(?:([0-9]+)|(\\times|\\cdot|\\div|[-+*/×÷·()=]))")  # ASCII digits
_OPS = {"×": "*", "·": "*", "\\times": "*", "\\cdot": "*", "÷": "/", "\\div": "/"}
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


class Countdown(Family):
    """Reach the target with each given number used exactly once."""

    knobs: ClassVar[dict[str, Knob]] = {
        "numbers": Knob("int", 2, 7, default=4, easy=3, hard=6, doc="numbers given"),
        "largest": Knob("int", 5, 200, default=25, easy=10, hard=100, doc="largest number"),
    }
    answer_syntax = "an expression using each given number exactly once (e.g. (25 - 4) * 3 + 7)"
    answer_form = "expression over the given numbers"
    unique_answer = False  # many expressions reach the target

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, largest = knobs["numbers"], knobs["largest"]
        for _ in range(MAX_TRIES):
            numbers = [rng.randint(1, largest) for _ in range(count)]
            found = _random_expression(rng, numbers)
            if found is not None and 1 < found[1] <= max(100, 10 * largest):
                text, target = found
                break
        else:  # pragma: no cover - sums are always positive integers
            text, target = " + ".join(map(str, numbers)), sum(numbers)
        shown = sorted(numbers)
        question = (
            f"Use the numbers {', '.join(map(str, shown))} to make {target}. Use each number "
            "exactly once, combined with +, -, *, / and parentheses (no other numbers, no "
            "powers, no unary minus). Write the expression."
        )
        meta = {"numbers": shown, "target": target}
        return Draft(question, text, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        numbers, target = problem.meta["numbers"], problem.meta["target"]
        try:
            value, used = evaluate(answer, target)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        except ZeroDivisionError:
            return Judgement.wrong(why="division by zero")
        if sorted(used) != numbers:
            return Judgement.wrong(why="each given number must be used exactly once")
        if value != target:
            return Judgement.wrong(why=f"the expression equals {value}, not {target}")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """log2 of the expressions over the numbers (orders x trees x operators) + of the target."""
        n, target = len(problem.meta["numbers"]), problem.meta["target"]
        trees = math.comb(2 * (n - 1), n - 1) // n  # Catalan(n - 1) binary tree shapes
        return math.log2(math.factorial(n) * trees * 4 ** (n - 1)) + math.log2(target)


def _random_expression(rng: random.Random, numbers: list[int]) -> tuple[str, int] | None:
    """A random expression over all ``numbers`` with positive integer intermediate results.

    Returns (text, value), or None when the random operators broke that rule.
    """
    items: list[tuple[str, int, int]] = [(str(n), n, 3) for n in numbers]  # text, value, prec
    rng.shuffle(items)
    while len(items) > 1:
        i, j = rng.sample(range(len(items)), 2)
        (a, x, pa), (b, y, pb) = items[i], items[j]
        op = rng.choices("+-*/", (3, 2, 3, 2))[0]
        if (op == "-" and x <= y) or (op == "/" and (y == 1 or x % y)):
            return None
        value = {"+": x + y, "-": x - y, "*": x * y, "/": x // y if y else 0}[op]
        prec = _PRECEDENCE[op]
        left = f"({a})" if pa < prec else a
        right = f"({b})" if pb < prec or (pb == prec and op in "-/") else b
        items = [item for k, item in enumerate(items) if k not in (i, j)]
        items.append((f"{left} {op} {right}", value, prec))
    return items[0][0], items[0][1]


def _tokens(text: str) -> list[str]:
    if len(text) > MAX_CHARS:
        raise AnswerError(f"the expression is longer than {MAX_CHARS} characters")
    out, pos = [], 0
    text = numbers.normalise(text).rstrip()  # U+2212 is a minus, as everywhere
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match:
            raise AnswerError(f"unexpected text {text[pos : pos + 15]!r}")
        out.append(match.group(1) or _OPS.get(match.group(2), match.group(2)))
        pos = match.end()
    return out


def evaluate(text: str, target: int) -> tuple[Fraction, list[int]]:
    """The exact value of the expression and the numbers it uses, in order of appearance.

    A trailing ``= n`` must name the target. Raises AnswerError for anything outside the
    grammar ``expr := term (('+'|'-') term)*``, ``term := factor (('*'|'/') factor)*``,
    ``factor := number | '(' expr ')'``.
    """
    tokens = _tokens(text)
    if "=" in tokens:
        at = tokens.index("=")
        rest = tokens[at + 1 :]
        if len(rest) != 1 or not rest[0].isdigit() or small_int(rest[0]) != target:
            raise AnswerError("only '= <target>' may follow the expression")
        tokens = tokens[:at]
    depth = 0
    for token in tokens:
        depth += (token == "(") - (token == ")")
        if depth > MAX_NESTING:
            raise AnswerError("parentheses nest too deeply")
    parser = _Parser(tokens)
    value = parser.expression()
    if parser.pos != len(tokens):
        raise AnswerError(f"unexpected {tokens[parser.pos]!r}")
    return value, parser.used


class _Parser:
    """Recursive descent over the tokens (nesting is capped before parsing starts)."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens, self.pos, self.used = tokens, 0, []

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def expression(self) -> Fraction:
        value = self.term()
        while self.peek() in ("+", "-"):
            op = self.tokens[self.pos]
            self.pos += 1
            right = self.term()
            value = value + right if op == "+" else value - right
        return value

    def term(self) -> Fraction:
        value = self.factor()
        while self.peek() in ("*", "/"):
            op = self.tokens[self.pos]
            self.pos += 1
            right = self.factor()
            value = value * right if op == "*" else value / right
        return value

    def factor(self) -> Fraction:
        token = self.peek()
        if token is None:
            raise AnswerError("the expression ends too early")
        self.pos += 1
        if token == "(":
            value = self.expression()
            if self.peek() != ")":
                raise AnswerError("a parenthesis is not closed")
            self.pos += 1
            return value
        if token.isdigit():
            number = small_int(token)
            self.used.append(number)
            return Fraction(number)
        raise AnswerError(f"unexpected {token!r}")
