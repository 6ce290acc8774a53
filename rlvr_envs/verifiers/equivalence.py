"""Structural answer comparison, shared by the exact fast path and the symbolic worker.

``compare(gold, pred, scalar_eq)`` walks two ASTs from :mod:`mathparse` and decides what
kind of answer the gold is, then compares values with ``scalar_eq``, which returns True,
False, or None ("cannot decide here"). In-process we pass :func:`exact_eq` (pure
``fractions.Fraction`` arithmetic, microseconds); when the result is None the caller sends
the pair to a killable worker that runs the same walk with a sympy comparator.

Policies, stated once:

* **Collections.** A bare comma list or ``a ± b`` is unordered (roots in any order); braces
  are sets (unordered); parentheses and square brackets are ordered (tuples, intervals), and
  bracket kinds must match, so ``(1, 2)`` is not ``[1, 2]``. A bare list matches a
  parenthesised gold tuple in order. Multiplicities count.
* **Assignments.** ``x = 3`` matches a gold ``3`` and vice versa; ``x = 2, x = 3`` matches
  the roots ``2, 3``. Two equations match when they have the same solutions (the
  expression ``lhs - rhs`` of one is a non-zero constant multiple of the other's).
* **Percent.** ``p%`` means ``p/100``. When exactly one side carries a percent sign, either
  reading is accepted (``50%`` matches gold ``0.5``, and gold ``50%`` matches ``50``).
* **Rounding** (on by default in ``is_equivalent``; families turn it off): a decimal with at
  least two places matches a gold whose decimal expansion does not terminate (``2/3``,
  ``\\pi``) when it is the gold correctly rounded to the places written (``0.667``, ``3.14``);
  a terminating gold must be matched exactly.
* Degrees (``30^\\circ``) compare as the bare number.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from rlvr_envs.verifiers.mathparse import Node

ScalarEq = Callable[[Node, Node], "bool | None"]

ROUNDING_MIN_DECIMALS = 2
MAX_ITEMS = 64
_MAX_BITS = 20_000


class InvalidValue(ValueError):
    """An answer whose value is undefined (division by zero) or absurdly large."""


# -- exact rational evaluation ----------------------------------------------------------
def rational(node: Node) -> Fraction | None:
    """The exact rational value of ``node``, or None when it is not (provably) rational."""
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "neg":
        value = rational(node[1])
        return None if value is None else -value
    if kind in ("add", "mul"):
        values = [rational(n) for n in node[1]]
        if any(v is None for v in values):
            return None
        total = Fraction(0) if kind == "add" else Fraction(1)
        for v in values:
            total = total + v if kind == "add" else total * v
            _check_size(total)
        return total
    if kind == "div":
        top, bottom = rational(node[1]), rational(node[2])
        if bottom == 0:
            raise InvalidValue("division by zero")
        return None if top is None or bottom is None else top / bottom
    if kind == "pow":
        return _rational_pow(rational(node[1]), rational(node[2]))
    if kind in ("pct", "deg"):
        value = rational(node[1])
        return None if value is None else (value / 100 if kind == "pct" else value)
    if kind == "fact":
        value = rational(node[1])
        if value is None or value.denominator != 1 or value < 0:
            return None
        if value > 500:
            raise InvalidValue("factorial too large")
        return Fraction(math.factorial(int(value)))
    if kind == "func":
        return _rational_func(node[1], [rational(a) for a in node[2]])
    return None


def _check_size(value: Fraction) -> None:
    if value.numerator.bit_length() + value.denominator.bit_length() > _MAX_BITS:
        raise InvalidValue("number too large")


def _rational_pow(base: Fraction | None, exponent: Fraction | None) -> Fraction | None:
    if base is None or exponent is None:
        return None
    if base == 0 and exponent < 0:
        raise InvalidValue("division by zero")
    if exponent.denominator == 1:
        size = max(base.numerator.bit_length(), base.denominator.bit_length())
        if abs(exponent.numerator) * size > _MAX_BITS:
            raise InvalidValue("power too large")
        return base**exponent.numerator
    if base < 0 or exponent.denominator > 64:
        return None
    root = _exact_root(base, exponent.denominator)
    return None if root is None else _rational_pow(root, Fraction(exponent.numerator))


def _exact_root(value: Fraction, n: int) -> Fraction | None:
    parts = []
    for part in (value.numerator, value.denominator):
        guess = round(part ** (1.0 / n)) if part.bit_length() < 1000 else None
        if guess is None:
            return None
        hit = next((g for g in (guess - 1, guess, guess + 1) if g >= 0 and g**n == part), None)
        if hit is None:
            return None
        parts.append(hit)
    return Fraction(parts[0], parts[1])


def _rational_func(name: str, args: list[Fraction | None]) -> Fraction | None:
    if any(a is None for a in args):
        return None
    if name == "abs":
        return abs(args[0])
    if name == "sqrt":
        return _rational_pow(args[0], Fraction(1, 2))
    if name == "root" and args[1].denominator == 1 and 1 <= args[1] <= 64:
        return _rational_pow(args[0], Fraction(1, int(args[1])))
    if name == "binom" and all(a.denominator == 1 for a in args):
        n, k = (int(a) for a in args)
        if n > 5000:
            raise InvalidValue("binomial too large")
        return Fraction(math.comb(n, k)) if 0 <= k <= n else Fraction(0)
    return None


def terminates(value: Fraction) -> bool:
    """True when ``value`` has a finite decimal expansion (denominator of 2s and 5s)."""
    den = value.denominator
    for prime in (2, 5):
        while den % prime == 0:
            den //= prime
    return den == 1


def rounded_match(gold: float | Fraction, decimals: int, pred: Fraction) -> bool:
    """True when ``pred`` is ``gold`` rounded to ``decimals`` places (half a unit either way)."""
    return abs(Fraction(gold) - pred) <= Fraction(1, 2 * 10**decimals)


def decimal_places(node: Node) -> int | None:
    """Places written after the point when ``node`` is a (signed) decimal literal."""
    if node[0] == "neg":
        node = node[1]
    return node[2] if node[0] == "num" else None


def exact_eq(gold: Node, pred: Node, *, rounding: bool = True) -> bool | None:
    """Compare two scalars with Fractions; None when either is not provably rational."""
    g, p = rational(gold), rational(pred)
    if g is None or p is None:
        return None
    if g == p:
        return True
    decimals = decimal_places(pred)
    if rounding and decimals and decimals >= ROUNDING_MIN_DECIMALS and not terminates(g):
        return rounded_match(g, decimals, p)
    return False


# -- the structural walk ----------------------------------------------------------------
def compare(gold: Node, pred: Node, scalar_eq: ScalarEq) -> bool | None:
    """True/False when decided, None when ``scalar_eq`` could not decide some value.

    Raises :class:`InvalidValue` only for an undefined *gold*; an undefined prediction is
    simply not equal.
    """
    if gold == pred:
        return True
    mapping = _assignment_map(gold)
    if mapping is not None:
        return _compare_mapping(mapping, pred, scalar_eq)
    gold, pred = _unwrap_assignment(gold, pred)
    gold, pred = _intervals_from_inequalities(gold, pred)
    g_kind, g_items = _shape(gold)
    p_kind, p_items = _shape(pred)
    if len(g_items) > MAX_ITEMS or len(p_items) > MAX_ITEMS:
        return False
    if g_kind == "unordered":
        if p_kind == "scalar" and len(g_items) > 1:
            return False
        if p_kind not in ("unordered", "scalar"):
            return False
        return _match_unordered(g_items, [_rhs(p) for p in p_items], scalar_eq)
    if g_kind.startswith("seq"):
        if p_kind == "unordered" and pred[0] == "list" and g_kind == "seq()":
            p_kind, p_items = g_kind, _by_variable_name(pred[1])
        if p_kind != g_kind or len(p_items) != len(g_items):
            return False
        return _all_ordered(g_items, p_items, scalar_eq)
    if g_kind == "union":
        if p_kind != "union" or len(p_items) != len(g_items):
            return False
        return _match_unordered(g_items, p_items, scalar_eq)
    if p_kind != "scalar":
        return False
    return _scalar(gold, pred, scalar_eq)


def _pm_variants(node: Node, limit: int = 8) -> list[Node]:
    """Every reading of the ± signs in ``node`` (``a ± b`` -> ``a + b``, ``a - b``)."""
    if not isinstance(node, tuple) or not node:
        return [node]
    if node[0] == "pm":
        out = []
        for left in _pm_variants(node[1], limit):
            for right in _pm_variants(node[2], limit):
                out += [("add", [left, right]), ("add", [left, ("neg", right)])]
        return out[:limit]
    variants: list[Node] = [node]
    for index, child in enumerate(node):
        if isinstance(child, tuple) and child and isinstance(child[0], str):
            options = _pm_variants(child, limit)
        elif isinstance(child, list):
            options = [list(x) for x in _product([_pm_variants(c, limit) for c in child], limit)]
        else:
            continue
        if len(options) > 1:
            variants = [(*v[:index], o, *v[index + 1 :]) for v in variants for o in options]
            variants = variants[:limit]
    return variants


def _product(choices: list[list[Node]], limit: int) -> list[tuple[Node, ...]]:
    out: list[tuple[Node, ...]] = [()]
    for options in choices:
        out = [(*prefix, option) for prefix in out for option in options][:limit]
    return out


def _by_variable_name(items: list[Node]) -> list[Node]:
    """``y = -2, x = 1`` against a tuple: assignments to distinct variables in name order."""
    names = [p[2][1] if _is_assignment(p) and p[2][0] == "sym" else None for p in items]
    if None in names or len(set(names)) != len(names):
        return items
    return [item for _, item in sorted(zip(names, items), key=lambda pair: pair[0])]


def _assignment_map(gold: Node) -> dict[str, Node] | None:
    """``x = 2, y = 3`` as {x: 2, y: 3} when every item assigns a different variable."""
    if gold[0] != "list" or not all(_is_assignment(g) and g[2][0] == "sym" for g in gold[1]):
        return None
    names = [g[2][1] for g in gold[1]]
    if len(set(names)) != len(names):
        return None
    return {g[2][1]: g[3] for g in gold[1]}


def _compare_mapping(mapping: dict[str, Node], pred: Node, scalar_eq: ScalarEq) -> bool | None:
    """Match assignments by name; bare values (a list or a tuple) in the gold's order."""
    items = pred[1] if pred[0] == "list" else pred[3] if pred[0] == "seq" else [pred]
    if len(items) != len(mapping):
        return False
    if all(_is_assignment(p) and p[2][0] == "sym" for p in items):
        given = {p[2][1]: p[3] for p in items}
        if set(given) != set(mapping):
            return False
        return _all_ordered(list(mapping.values()), [given[k] for k in mapping], scalar_eq)
    if any(p[0] == "rel" for p in items) or (pred[0] == "seq" and pred[1] != "("):
        return False
    return _all_ordered(list(mapping.values()), items, scalar_eq)


_INF = ("const", "inf")
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _as_interval(node: Node) -> Node | None:
    """``x > 3`` -> ``(3, inf)``; ``1 <= x < 2`` -> ``[1, 2)``; else None."""
    if node[0] != "rel" or node[1] not in _FLIP:
        return None
    op, left, right = node[1], node[2], node[3]
    if left[0] == "rel":  # a chain: (a op1 x) op2 b
        inner = _as_interval(left)
        if inner is None or left[1] not in ("<", "<=") or op not in ("<", "<="):
            return None
        return ("seq", inner[1], ")" if op == "<" else "]", [inner[3][0], right])
    if right[0] == "sym" and left[0] != "sym":
        op, left, right = _FLIP[op], right, left
    if left[0] != "sym":
        return None
    if op in (">", ">="):
        return ("seq", "(" if op == ">" else "[", ")", [right, _INF])
    return ("seq", "(", ")" if op == "<" else "]", [("neg", _INF), right])


def _intervals_from_inequalities(gold: Node, pred: Node) -> tuple[Node, Node]:
    g_interval = gold[0] in ("seq", "union") and gold[1] != "{"
    if g_interval and (converted := _as_interval(pred)) is not None:
        return gold, converted
    if pred[0] in ("seq", "union") and (converted := _as_interval(gold)) is not None:
        return converted, pred
    return gold, pred


def _shape(node: Node) -> tuple[str, list[Node]]:
    kind = node[0]
    if kind == "list":
        return "unordered", [v for item in node[1] for v in _pm_variants(item)]
    if kind == "seq":
        if node[1] == "{":
            return "unordered", node[3]
        return f"seq{node[1]}{node[2]}", node[3]
    if kind == "union":
        return "union", node[1]
    if kind == "emptyset":
        return "unordered", []
    variants = _pm_variants(node)  # a ± anywhere makes a list of values
    return ("unordered", variants) if len(variants) > 1 else ("scalar", [node])


def _is_assignment(node: Node) -> bool:
    """``x = value``, ``x \\in S`` or ``(a, b) = (3, 5)``."""
    if node[0] != "rel" or node[1] not in ("=", "in"):
        return False
    lhs = node[2]
    return lhs[0] == "sym" or (lhs[0] == "seq" and all(i[0] == "sym" for i in lhs[3]))


def _rhs(node: Node) -> Node:
    return node[3] if _is_assignment(node) else node


def _unwrap_assignment(gold: Node, pred: Node) -> tuple[Node, Node]:
    if _is_assignment(pred) and gold[0] != "rel":
        pred = pred[3]
    if _is_assignment(gold) and pred[0] != "rel":
        gold = gold[3]
    if gold[0] == "list" and all(_is_assignment(g) for g in gold[1]):
        gold = ("list", [g[3] for g in gold[1]])
    return gold, pred


def _all_ordered(golds: list[Node], preds: list[Node], scalar_eq: ScalarEq) -> bool | None:
    undecided = False
    for g, p in zip(golds, preds):
        result = compare(g, p, scalar_eq)
        if result is False:
            return False
        undecided |= result is None
    return None if undecided else True


def _match_unordered(golds: list[Node], preds: list[Node], scalar_eq: ScalarEq) -> bool | None:
    """A perfect matching between two multisets (augmenting paths; lists are small)."""
    if len(golds) != len(preds):
        return False
    undecided = False
    table: list[list[bool]] = []
    for g in golds:
        row = []
        for p in preds:
            result = compare(g, p, scalar_eq)
            undecided |= result is None
            row.append(result is True)
        table.append(row)
    owner: list[int | None] = [None] * len(preds)

    def augment(i: int, seen: set[int]) -> bool:
        for j, ok in enumerate(table[i]):
            if ok and j not in seen:
                seen.add(j)
                if owner[j] is None or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    if all(augment(i, set()) for i in range(len(golds))):
        return True
    return None if undecided else False


def _scalar(gold: Node, pred: Node, scalar_eq: ScalarEq) -> bool | None:
    if gold[0] == "rel" or pred[0] == "rel":
        if gold[0] != "rel" or pred[0] != "rel":
            return False
        return scalar_eq(gold, pred)
    undecided = False
    for g, p in _percent_readings(gold, pred):
        try:
            result = scalar_eq(g, p)
        except InvalidValue:
            if _has_invalid(g):
                raise
            return False
        if result is True:
            return True
        undecided |= result is None
    return None if undecided else False


def _has_invalid(node: Node) -> bool:
    try:
        rational(node)
    except InvalidValue:
        return True
    return False


def _percent_readings(gold: Node, pred: Node) -> list[tuple[Node, Node]]:
    g_pct, p_pct = gold[0] == "pct", pred[0] == "pct"
    if g_pct == p_pct:
        return [(gold, pred)]
    if g_pct:  # gold 50%: accept 50 (unit implied) or 0.5
        return [(gold[1], pred), (gold, pred)]
    return [(gold, pred[1]), (gold, pred)]  # pred 50%: accept against gold 50 or 0.5
