"""MatrixChainOrder: the cheapest order to multiply a chain of matrices, with its brackets.

Matrices ``A1 .. An`` have dimensions ``p0 x p1, p1 x p2, ..., p(n-1) x pn``; multiplying a
``p x q`` by a ``q x r`` matrix costs ``p * q * r`` scalar multiplications. The task: the
least total cost of the product and a full parenthesisation achieving it. The reference is
the O(n^3) interval dynamic programme over sub-chains (Godbole 1973; Cormen et al.,
*Introduction to Algorithms*, section 15.2), read back through its split table.

Answer syntax: the cost, a colon, then the parenthesisation with every product of two
factors in brackets, e.g. ``4500: ((A1(A2A3))A4)``; the outermost brackets may be left out,
and spaces, ``*``, ``x``, ``×`` or ``·`` between two factors (nowhere else), ``A_1``,
lower-case ``a1`` and a unit (``4500 scalar multiplications: ...``) are accepted. A group
of three or more factors without brackets is unparsable (the order would be unstated). The
verifier parses the expression with a stack (no recursion), checks that it multiplies ``A1
.. An`` once each in order, computes its cost, and compares it with the stated cost and the
optimum. Any optimal parenthesisation is right; a valid one that costs more is wrong with
partial credit ``score = optimum / cost``.

Knobs: ``matrices`` (3 -> 12), ``max_dim`` (largest dimension, 10 -> 60) and
``avoid_naive`` (redraw until neither left-to-right nor right-to-left multiplication is
optimal; False -> True). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.optimisation import AnswerError, head_value

_TRIES = 60
_UNIT = re.compile(r"\s+(?:scalar\s+)?multiplications", re.IGNORECASE)
_TOKEN = re.compile(r"\s*(?:(\()|(\))|[Aa]_?\{?([0-9]{1,6})\}?|([*×·xX]))")


def chain_order(dims: list[int]) -> tuple[int, str]:
    """The least cost and one optimal full parenthesisation (outer brackets included)."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            best, where = None, i
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if best is None or c < best:
                    best, where = c, k
            cost[i][j], split[i][j] = best, where

    def write(i: int, j: int) -> str:
        if i == j:
            return f"A{i + 1}"
        k = split[i][j]
        return f"({write(i, k)}{write(k + 1, j)})"

    return cost[0][n - 1], write(0, n - 1)


def sequential_cost(dims: list[int], from_left: bool) -> int:
    """The cost of multiplying left to right (or right to left)."""
    n = len(dims) - 1
    if from_left:
        return sum(dims[0] * dims[k] * dims[k + 1] for k in range(1, n))
    return sum(dims[k] * dims[k + 1] * dims[n] for k in range(n - 1))


def evaluate(text: str, dims: list[int]) -> int:
    """The cost of the parenthesisation ``text`` of ``A1 .. An``; AnswerError if malformed."""
    n = len(dims) - 1
    stack: list[list[tuple[int, int, int]]] = [[]]
    pos, end = 0, len(text.rstrip().removesuffix("."))

    def reduce(group: list[tuple[int, int, int]]) -> tuple[int, int, int]:
        if len(group) == 1:
            return group[0]
        if len(group) != 2:
            raise AnswerError("every product must be of two factors in brackets")
        (lo, mid, c1), (mid2, hi, c2) = group
        if mid2 != mid + 1:
            raise AnswerError(f"A{mid} is followed by A{mid2}, not A{mid + 1}")
        return lo, hi, c1 + c2 + dims[lo - 1] * dims[mid] * dims[hi]

    operator = False  # an operator was just read: a factor must follow
    while pos < end:
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            if text[pos:end].strip() == "":
                break
            raise AnswerError(f"unexpected {text[pos : pos + 10]!r}")
        pos = match.end()
        if match[4]:  # only between two factors: "A1 * A2", "(A1A2) x A3"
            if operator or len(stack[-1]) != 1:
                raise AnswerError(f"misplaced {match[4]!r}")
            operator = True
            continue
        if match[2] and operator:
            raise AnswerError("an operator must be followed by a factor")
        operator = False
        if match[1]:
            if len(stack) > 2 * n + 2:
                raise AnswerError("too many brackets")
            stack.append([])
        elif match[2]:
            if len(stack) == 1:
                raise AnswerError("unbalanced brackets")
            group = stack.pop()
            if not group:
                raise AnswerError("empty brackets")
            stack[-1].append(reduce(group))
        elif match[3]:
            k = int(match[3])
            if not 1 <= k <= n:
                raise AnswerError(f"there is no matrix A{k}")
            stack[-1].append((k, k, 0))
        if len(stack[-1]) > 2:
            raise AnswerError("every product must be of two factors in brackets")
    if operator:
        raise AnswerError("an operator must be followed by a factor")
    if len(stack) != 1 or not stack[0]:
        raise AnswerError("unbalanced brackets")
    lo, hi, total = reduce(stack[0])
    if (lo, hi) != (1, n):
        raise AnswerError(f"the product must run from A1 to A{n}")
    return total


class MatrixChainOrder(Family):
    """Least scalar multiplications for a matrix chain and an optimal parenthesisation."""

    knobs: ClassVar[dict[str, Knob]] = {
        "matrices": Knob("int", 2, 20, default=5, easy=3, hard=12, doc="matrices in the chain"),
        "max_dim": Knob("int", 5, 100, default=30, easy=10, hard=60, doc="largest dimension"),
        "avoid_naive": Knob(
            "bool", default=False, easy=False, hard=True,
            doc="redraw until neither left-to-right nor right-to-left order is optimal",
        ),
    }  # fmt: skip
    answer_syntax = (
        "the least number of scalar multiplications, a colon, then an optimal full "
        "parenthesisation with every product of two factors in brackets "
        "(e.g. 4500: ((A1(A2A3))A4))"
    )
    answer_form = "cost and parenthesisation"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = int(knobs["matrices"]), int(knobs["max_dim"])
        want = bool(knobs["avoid_naive"])
        for _ in range(_TRIES):
            dims = [rng.randint(2, top) for _ in range(n + 1)]
            best, order = chain_order(dims)
            naive = min(sequential_cost(dims, True), sequential_cost(dims, False))
            if not want or naive > best:
                break
        shapes = "\n".join(f"A{i + 1}: {dims[i]} x {dims[i + 1]}" for i in range(n))
        chain = " ".join(f"A{i}" for i in range(1, n + 1)) if n <= 4 else f"A1 A2 ... A{n}"
        question = (
            f"The product {chain} of these {n} matrices (rows x columns) is to be "
            "computed. Multiplying a p x q matrix by a q x r matrix costs p*q*r scalar "
            "multiplications. Find the least total number of scalar multiplications and an "
            f"order of multiplication (a full parenthesisation) that achieves it.\n\n{shapes}"
        )
        meta = {"dims": dims, "optimum": best, "naive": naive}
        return Draft(question, f"{best}: {order}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        dims, best = problem.meta["dims"], problem.meta["optimum"]
        try:
            stated, rest = head_value(answer, unit=_UNIT)
            cost = evaluate(rest, dims)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if cost != stated:
            return Judgement.wrong(why=f"that order costs {cost}, not {stated}")
        if cost > best:
            return Judgement.wrong(score=best / cost, why=f"an order costing {best} exists")
        return Judgement.right(cost=cost)

    def complexity(self, problem: Problem) -> float:
        """Matrices in the chain (the DP has n^3/6 steps) plus the cost's digits."""
        return len(problem.meta["dims"]) - 1 + len(str(problem.meta["optimum"])) / 2
