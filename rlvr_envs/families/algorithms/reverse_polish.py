"""ReversePolish: evaluate a reverse Polish (postfix) expression, or convert infix to it.

The generator draws a random binary expression tree with ``operands`` integer leaves and
operators from ``operators``. Two tasks:

* ``evaluate``: the tree is shown in reverse Polish notation (postfix, tokens separated by
  spaces) and the answer is its integer value. Arithmetic is on integers; ``/`` is integer
  division rounding toward zero (``-7 / 2 = -3``, as in C). No division by zero occurs (a
  division whose divisor would be 0 is redrawn) and no intermediate value exceeds 10^6 in
  size; the generator avoids zero intermediate values (a quotient is drawn only when the
  dividend is at least as large as the divisor in size), so the value is rarely trivial.
  The reference evaluates with a stack (Hamblin 1962; the classical postfix evaluation).
* ``convert``: the tree is shown in infix with the fewest parentheses that keep it (``*``
  and ``/`` bind tighter than ``+`` and ``-``; operators of equal precedence associate to
  the left), and the answer is its postfix form, unique under those rules. The reference is
  the tree's post-order walk, which equals Dijkstra's shunting-yard output.

Answer syntax: evaluate: one integer (``-42``); convert: the postfix tokens separated by
spaces (``3 4 + 2 *``; commas also separate). The answer is unique.

Knobs: ``operands`` (3 at difficulty 0 to 18 at 1), ``operators`` (``+-``, ``+-*``,
``+-*/``), ``max_operand`` (9 to 99) and ``task`` (convert, evaluate: evaluating is the
harder, as every intermediate value must be computed exactly). Right-leaning trees
are favoured as the size grows, so stacks get deep. Difficulty 1: evaluating eighteen
operands up to 99 with all four operators and truncating division, where the stack holds
many pending values and intermediate values reach the hundreds of thousands. The division
rule is stated only when ``/`` occurs; a value that the prompt writes anywhere (an
operand, an example) is redrawn, so copying a number from the prompt earns nothing.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.numbers import normalise, parse_integer

LIMIT = 10**6
_DIVISION = "; / is integer division rounding toward zero (-7 / 2 = -3)"
_LABEL = re.compile(r"^(?:[a-z][a-z ]*?\s*)?[:=]\s*", re.IGNORECASE)


def _shown(postfix: list[str], ops: str) -> set[int]:
    """Every integer the evaluate prompt writes: operands, examples, the answer syntax's."""
    shown = {int(t) for t in postfix if t not in _PREC} | {-42, 3, 4, 2}
    return shown | ({-7, -3} if "/" in ops else set())


_PREC = {"+": 1, "-": 1, "*": 2, "/": 2}
_OP_ALIASES = {"×": "*", "x": "*", "÷": "/", "−": "-"}


def divide(a: int, b: int) -> int:
    """Integer division rounding toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def apply(op: str, a: int, b: int) -> int:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    return divide(a, b)


def build(rng: random.Random, leaves: list[int], ops: str):
    """A random tree over ``leaves``: (value, postfix tokens, infix text, precedence)."""
    if len(leaves) == 1:
        v = leaves[0]
        return v, [str(v)], str(v), 3
    # split point: favour a short left side (right-leaning: deep stacks)
    cut = 1 + min(int(rng.random() ** 2 * (len(leaves) - 1)), len(leaves) - 2)
    left = build(rng, leaves[:cut], ops)
    right = build(rng, leaves[cut:], ops)
    choices = list(ops)
    rng.shuffle(choices)
    for op in choices:
        if op == "/" and (right[0] == 0 or abs(left[0]) < abs(right[0])):
            continue  # never divide by zero; never a quotient that is 0
        value = apply(op, left[0], right[0])
        if abs(value) <= LIMIT and value != 0:
            break
    else:
        op = "+" if abs(left[0] + right[0]) <= LIMIT else "-"
        value = apply(op, left[0], right[0])
    prec = _PREC[op]
    ltext = left[2] if left[3] >= prec else f"({left[2]})"
    rtext = right[2] if right[3] > prec else f"({right[2]})"
    return value, left[1] + right[1] + [op], f"{ltext} {op} {rtext}", prec


class ReversePolish(Family):
    """Evaluate a postfix expression with integer arithmetic, or convert infix to postfix."""

    knobs: ClassVar[dict[str, Knob]] = {
        "operands": Knob("int", 2, 40, default=5, easy=3, hard=18, doc="number of operands"),
        "operators": Knob(
            "categorical", choices=("+-", "+-*", "+-*/"), default="+-*", doc="operators used"
        ),
        "max_operand": Knob("int", 2, 999, default=20, easy=9, hard=99, doc="largest operand"),
        "task": Knob(
            "categorical",
            choices=("convert", "evaluate"),
            default="evaluate",
            doc="convert infix to postfix, or evaluate postfix (the harder task)",
        ),
    }
    answer_syntax = (
        "a single integer when asked for a value (e.g. -42), or the postfix tokens separated "
        "by spaces when asked for a conversion (e.g. 3 4 + 2 *)"
    )
    answer_form = "integer or postfix tokens"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, ops = int(knobs["operands"]), knobs["operators"]
        top, task = int(knobs["max_operand"]), knobs["task"]
        while True:
            leaves = [rng.randint(1, top) for _ in range(n)]
            value, postfix, infix, _ = build(rng, leaves, ops)
            if task == "evaluate" and (value == 0 or value in _shown(postfix, ops)):
                continue  # the value is written in the prompt: copying it would score
            if task == "convert" and n > 1 and postfix == infix.split():
                continue
            break
        if task == "evaluate":
            question = (
                "Evaluate this expression in reverse Polish (postfix) notation, tokens "
                "separated by spaces, with integer arithmetic"
                + (_DIVISION if "/" in ops else "")
                + ":\n"
                + " ".join(postfix)
                + "\nGive its value."
            )
            answer = str(value)
        else:
            question = (
                "Convert this infix expression to reverse Polish (postfix) notation. * and / "
                "bind tighter than + and -, and operators of equal precedence associate to "
                "the left (a - b - c means (a - b) - c); parentheses group as usual:\n"
                + infix
                + "\nGive the postfix tokens separated by spaces."
            )
            answer = " ".join(postfix)
        meta = {"task": task, "postfix": postfix, "infix": infix, "value": value}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        text = normalise(answer).strip().rstrip(".").strip()
        text = _LABEL.sub("", text.replace("`", ""), count=1)  # value = ..., postfix: ...
        if meta["task"] == "evaluate":
            value = parse_integer(re.sub(r"^\*\*(.*)\*\*$", r"\1", text.strip()))
            if value is None:
                return Judgement.unparsable("expected one integer")
            return Judgement.right() if value == meta["value"] else Judgement.wrong()
        if len(text) > 4000:
            return Judgement.unparsable("the expression is far too long")
        if text[:1] == "[" and text[-1:] == "]":
            text = text[1:-1]
        tokens = []
        for raw in re.split(r"[\s,]+", text):
            if not raw:
                continue
            raw = _OP_ALIASES.get(raw, raw)
            if raw in _PREC:
                tokens.append(raw)
                continue
            number = parse_integer(raw)
            if number is None or raw.startswith(("+", "-")):
                return Judgement.unparsable(f"{raw[:20]!r} is neither an operand nor + - * /")
            tokens.append(str(number))
        if not tokens:
            return Judgement.unparsable("no tokens")
        if tokens == meta["postfix"]:
            return Judgement.right()
        return Judgement.wrong(why="not the postfix form of the expression")

    def complexity(self, problem: Problem) -> float:
        """Tokens of the postfix expression plus the deepest stack while evaluating it."""
        depth = deepest = 0
        for token in problem.meta["postfix"]:
            depth += -1 if token in _PREC else 1
            deepest = max(deepest, depth)
        return float(len(problem.meta["postfix"]) + deepest)
