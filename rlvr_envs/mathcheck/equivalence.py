"""Structural answer comparison, shared by the exact fast path and the symbolic worker.

``compare(gold, pred, values)`` walks two ASTs from :mod:`.parse`, decides what kind of
answer the gold is, and compares the values inside with ``values`` (a :class:`Values`):
``values.equal(g, p)`` returns True, False, or None ("cannot decide here"), and
``values.real_key(node)`` orders real numbers for set operations. In-process we pass
:class:`ExactValues` (pure ``fractions.Fraction`` arithmetic, microseconds); when the result
is None the caller sends the pair to a killable worker that runs the same walk with sympy
(:mod:`rlvr_envs.mathcheck.symbolic`).

Policies, stated once:

* **Exact by default.** A decimal equals a value only when it is exactly that value:
  ``0.33`` is not ``1/3`` and ``3.14`` is not ``\\pi``. With a ``precision`` of ``n``
  decimal places, a number matches when it lies within half a unit of the n-th place of the
  gold, bounds included: ``|pred - gold| <= 0.5 * 10**-n`` (``0.67``, ``0.667`` and ``0.665``
  match ``2/3`` at 2 places; ``0.66`` and ``0.7`` do not; at 0 places ``3`` matches
  ``\\pi``). This accepts every correct rounding of the gold, ties either way, and anything
  closer, which is what "rounded to n decimal places" allows; whether the answer shows
  exactly n places is a question of form (:mod:`rlvr_envs.mathcheck.forms`). The gold
  should be the exact value: a gold that is itself rounded moves the window. Complex
  numbers must match in the real and the imaginary part alike; values with variables in
  them and the endpoints of set operations (unions, differences, set-builder sets) are
  always compared exactly.
* **Collections.** A bare comma list or ``a ± b`` is unordered (roots in any order); braces
  are sets (unordered); parentheses and square brackets are ordered (tuples, intervals), and
  bracket kinds must match, so ``(1, 2)`` is not ``[1, 2]``. A bare list matches a
  parenthesised gold tuple in order. Multiplicities count. "2 and 3" is the list ``2, 3``.
* **Assignments.** ``x = 3`` matches a gold ``3`` and vice versa; ``x = 2, x = 3`` matches
  the roots ``2, 3``. When both answers assign values to named variables, the names must
  agree (``y = 3`` is not ``x = 3``; ``x_1`` and ``x_2`` count as ``x``). Two equations
  match when they have the same solutions (the expression ``lhs - rhs`` of one is a non-zero
  constant multiple of the other's).
* **Percent.** ``p%`` means ``p/100``. When exactly one side carries a percent sign, either
  reading is accepted (``50%`` matches gold ``0.5``, and gold ``50%`` matches ``50``).
* **Sets of reals.** When either answer is a union, intersection, difference or set-builder
  set (``\\{x \\mid x > 0\\}``), both are read as subsets of the real line and compared
  as sets: ``[1, 3] \\cup [3, 5]`` = ``[1, 5]``, ``(0, 2) \\setminus \\{1\\}`` =
  ``(0, 1) \\cup (1, 2)``, ``\\{x \\mid x \\ne 0\\}`` = ``\\mathbb{R} \\setminus \\{0\\}``.
  A set-builder condition may be an inequality or a chain of them, ``x = c``, ``x \\ne c``
  or ``x \\in S`` in its variable, joined by and/or (conditions such as ``x^2 < 4`` are
  not solved, and match only themselves). Against such a set, a bare list of inequalities
  in one variable (``x < -1 or x > 1``, ``x < -1, x > 1``) is the union of its pieces.
  Infinite ends are open whatever bracket is written. A single interval against a single
  interval keeps the bracket rule above.
* **Matrices.** Same shape, entries equal in order; the bracket style (``pmatrix``,
  ``bmatrix``, ``array``) does not matter; a scalar factor multiplies every entry; a matrix
  with one row or one column matches the parenthesised tuple of its entries in order.
* Degrees (``30^\\circ``) compare as the bare number.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Protocol

from rlvr_envs.mathcheck.parse import Node

MAX_ITEMS = 64
MAX_PRECISION = 50
_MAX_BITS = 20_000


class InvalidValue(ValueError):
    """An answer whose value is undefined (division by zero) or absurdly large."""


class Values(Protocol):
    """How scalar values compare in one setting (exact Fractions here, sympy in a worker)."""

    decisive: bool
    """True when a None from :meth:`real_key` means "not a real number" rather than
    "cannot tell here" (the worker is decisive, the fast path is not)."""

    def equal(self, gold: Node, pred: Node) -> bool | None:
        """Whether two scalars are equal; None when it cannot be decided here."""

    def real_key(self, node: Node) -> Fraction | float | None:
        """A sort key for a real number (``math.inf`` for infinity); None when unknown."""


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


def check_precision(precision: object) -> int | None:
    """``precision`` as given when it is None or an int from 0 to :data:`MAX_PRECISION`."""
    if precision is None:
        return None
    if isinstance(precision, bool) or not isinstance(precision, int):
        raise ValueError(f"precision must be None or a number of decimal places, not {precision!r}")
    if not 0 <= precision <= MAX_PRECISION:
        raise ValueError(f"precision must be between 0 and {MAX_PRECISION}, not {precision}")
    return precision


def tolerance(precision: int) -> Fraction:
    """Half a unit of the ``precision``-th decimal place: what a rounded answer may be off."""
    return Fraction(1, 2 * 10**precision)


def exact_eq(gold: Node, pred: Node, *, precision: int | None = None) -> bool | None:
    """Compare two scalars with Fractions; None when either is not provably rational."""
    g, p = rational(gold), rational(pred)
    if g is None or p is None:
        return None
    if g == p:
        return True
    return precision is not None and abs(g - p) <= tolerance(precision)


def literal_digits(node: Node) -> int:
    """The most digits any number literal in ``node`` carries (numerator and denominator)."""
    most = 0
    for sub in _walk(node):
        if sub[0] == "num":
            value = sub[1]
            most = max(most, len(str(value.numerator)) + len(str(value.denominator)))
    return most


class ExactValues:
    """The fast path: exact rational arithmetic, undecided on anything irrational."""

    decisive = False

    def __init__(self, precision: int | None = None) -> None:
        self.precision = precision

    def equal(self, gold: Node, pred: Node) -> bool | None:
        return exact_eq(gold, pred, precision=self.precision)

    def real_key(self, node: Node) -> Fraction | float | None:
        infinite = _infinity(node)
        return infinite if infinite is not None else rational(node)


def _infinity(node: Node) -> float | None:
    if node == _INF:
        return math.inf
    if node[0] == "neg" and node[1] == _INF:
        return -math.inf
    return None


def _walk(node: Node) -> Iterator[Node]:
    """Every AST node in ``node`` (depth first), including matrix entries."""
    stack = [node]
    while stack:
        current = stack.pop()
        if not isinstance(current, tuple) or not current or not isinstance(current[0], str):
            continue
        yield current
        for child in current[1:]:
            if isinstance(child, tuple):
                stack.append(child)
            elif isinstance(child, list):
                for item in child:
                    stack.extend(item if isinstance(item, list) else [item])


def _has_symbols(node: Node) -> bool:
    for sub in _walk(node):
        if sub[0] == "sym" or (sub[0] == "sympy" and getattr(sub[1], "free_symbols", None)):
            return True
    return False


# -- the structural walk ----------------------------------------------------------------
def compare(gold: Node, pred: Node, values: Values) -> bool | None:
    """True/False when decided, None when ``values`` could not decide some value.

    Raises :class:`InvalidValue` only for an undefined *gold*; an undefined prediction is
    simply not equal.
    """
    if gold == pred:
        return True
    g_names, p_names = _assigned_names(gold), _assigned_names(pred)
    if g_names and p_names and g_names != p_names:
        return False
    mapping = _assignment_map(gold)
    if mapping is not None:
        return _compare_mapping(mapping, pred, values)
    gold, pred = _unwrap_assignment(gold, pred)
    gold, pred = _intervals_from_inequalities(gold, pred)
    if gold[0] in _SET_KINDS or pred[0] in _SET_KINDS:
        decided = _compare_real_sets(gold, pred, values)
        if decided is not _NOT_SETS:
            return decided
    g_matrix, p_matrix = _matrix_rows(gold), _matrix_rows(pred)
    if g_matrix is not None or p_matrix is not None:
        return _compare_matrices(g_matrix, p_matrix, gold, pred, values)
    g_kind, g_items = _shape(gold)
    p_kind, p_items = _shape(pred)
    if len(g_items) > MAX_ITEMS or len(p_items) > MAX_ITEMS:
        return False
    if g_kind == "unordered":
        if p_kind == "scalar" and len(g_items) > 1:
            return False
        if p_kind not in ("unordered", "scalar"):
            return False
        return _match_unordered(g_items, [_rhs(p) for p in p_items], values)
    if g_kind.startswith("seq"):
        if p_kind == "unordered" and pred[0] == "list" and g_kind == "seq()":
            p_kind, p_items = g_kind, _by_variable_name(pred[1])
        if p_kind != g_kind or len(p_items) != len(g_items):
            return False
        return _all_ordered(g_items, p_items, values)
    if g_kind in _SET_KINDS:
        if p_kind != g_kind or len(p_items) != len(g_items) or g_kind == "setbuilder":
            return False  # (a set-builder set that is not a set of reals: only itself)
        if g_kind == "setminus":
            return _all_ordered(g_items, p_items, values)
        return _match_unordered(g_items, p_items, values)
    if p_kind != "scalar":
        return False
    return _scalar(gold, pred, values)


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
    if node[0] in ("matrix", "setbuilder", "and", "or"):
        return [node]
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


def _assigned_names(node: Node) -> frozenset[str]:
    """The variables ``node`` assigns values to (``x = 3``; ``x_1 = 2, x_2 = 3`` -> {x}).

    An equation whose right side has variables (``y = 2x + 1``) is a relation, not a value
    given to a name, and does not count.
    """
    items = node[1] if node[0] == "list" else [node]
    names = set()
    for item in items:
        if _is_assignment(item) and item[2][0] == "sym" and not _has_symbols(item[3]):
            names.add(item[2][1].split("_", 1)[0])
    return frozenset(names)


def _assignment_map(gold: Node) -> dict[str, Node] | None:
    """``x = 2, y = 3`` as {x: 2, y: 3} when every item assigns a different variable."""
    if gold[0] != "list" or not all(_is_assignment(g) and g[2][0] == "sym" for g in gold[1]):
        return None
    names = [g[2][1] for g in gold[1]]
    if len(set(names)) != len(names):
        return None
    return {g[2][1]: g[3] for g in gold[1]}


def _compare_mapping(mapping: dict[str, Node], pred: Node, values: Values) -> bool | None:
    """Match assignments by name; bare values (a list or a tuple) in the gold's order."""
    if (
        pred[0] == "rel"
        and pred[1] == "="
        and pred[2][0] == "seq"
        and pred[3][0] == "seq"
        and len(pred[2][3]) == len(pred[3][3])
    ):  # (x, y) = (1, 2): the names in front, in their order
        pred = ("list", [("rel", "=", n, v) for n, v in zip(pred[2][3], pred[3][3], strict=True)])
    items = pred[1] if pred[0] == "list" else pred[3] if pred[0] == "seq" else [pred]
    if len(items) != len(mapping):
        return False
    if all(_is_assignment(p) and p[2][0] == "sym" for p in items):
        given = {p[2][1]: p[3] for p in items}
        if set(given) != set(mapping):
            return False
        return _all_ordered(list(mapping.values()), [given[k] for k in mapping], values)
    if any(p[0] == "rel" for p in items) or (pred[0] == "seq" and pred[1] != "("):
        return False
    return _all_ordered(list(mapping.values()), items, values)


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
    if kind in ("union", "intersection"):
        return kind, node[1]
    if kind == "setminus":
        return kind, [node[1], node[2]]
    if kind == "setbuilder":
        return kind, [node]
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
    if _is_assignment(gold) and _is_assignment(pred) and gold[1:3] == pred[1:3]:
        gold, pred = gold[3], pred[3]  # x = 3 against x = 3.0: compare the values
    if gold[0] == "list" and all(_is_assignment(g) for g in gold[1]):
        gold = ("list", [g[3] for g in gold[1]])
    return gold, pred


def _all_ordered(golds: list[Node], preds: list[Node], values: Values) -> bool | None:
    undecided = False
    for g, p in zip(golds, preds):
        result = compare(g, p, values)
        if result is False:
            return False
        undecided |= result is None
    return None if undecided else True


def _match_unordered(golds: list[Node], preds: list[Node], values: Values) -> bool | None:
    """A perfect matching between two multisets (augmenting paths; lists are small)."""
    if len(golds) != len(preds):
        return False
    undecided = False
    table: list[list[bool]] = []
    for g in golds:
        row = []
        for p in preds:
            result = compare(g, p, values)
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


def _scalar(gold: Node, pred: Node, values: Values) -> bool | None:
    if gold[0] == "rel" or pred[0] == "rel":
        if gold[0] != "rel" or pred[0] != "rel":
            return False
        return values.equal(gold, pred)
    undecided = False
    for g, p in _percent_readings(gold, pred):
        try:
            result = values.equal(g, p)
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


# -- matrices ---------------------------------------------------------------------------
def _matrix_rows(node: Node) -> list[list[Node]] | None:
    """The entries of a matrix value (a scalar factor or divisor applied), else None.

    Besides ``("matrix", rows)``: ``-M``, ``c M`` (one matrix among scalar factors), ``M / c``
    and the nested-list spelling ``[[1, 2], [3, 4]]``.
    """
    kind = node[0]
    if kind == "matrix":
        return node[1]
    if kind == "neg":
        rows = _matrix_rows(node[1])
        return None if rows is None else [[("neg", e) for e in row] for row in rows]
    if kind == "mul":
        matrices = [f for f in node[1] if _matrix_rows(f) is not None]
        if len(matrices) != 1 or any(_contains_matrix(f) for f in node[1] if f is not matrices[0]):
            return None
        scalars = [f for f in node[1] if f is not matrices[0]]
        rows = _matrix_rows(matrices[0])
        return [[("mul", [*scalars, e]) for e in row] for row in rows]
    if kind == "div" and not _contains_matrix(node[2]):
        rows = _matrix_rows(node[1])
        return None if rows is None else [[("div", e, node[2]) for e in row] for row in rows]
    if kind == "seq" and node[1:3] == ("[", "]") and len(node[3]) > 1:
        rows = [item[3] for item in node[3] if item[0] == "seq" and item[1:3] == ("[", "]")]
        if len(rows) == len(node[3]) and len({len(r) for r in rows}) == 1:
            return rows
    return None


def _contains_matrix(node: Node) -> bool:
    return any(sub[0] == "matrix" for sub in _walk(node))


def _compare_matrices(
    g_rows: list[list[Node]] | None,
    p_rows: list[list[Node]] | None,
    gold: Node,
    pred: Node,
    values: Values,
) -> bool | None:
    if g_rows is not None and p_rows is not None:
        if [len(r) for r in g_rows] != [len(r) for r in p_rows]:
            return False
        return _all_ordered(_flat(g_rows), _flat(p_rows), values)
    rows, other = (g_rows, pred) if g_rows is not None else (p_rows, gold)
    if not (other[0] == "seq" and other[1:3] == ("(", ")")):
        return False
    if len(rows) != 1 and any(len(row) != 1 for row in rows):
        return False  # only a vector (one row or one column) reads as a tuple
    entries = _flat(rows)
    if len(entries) != len(other[3]):
        return False
    if g_rows is not None:
        return _all_ordered(entries, other[3], values)
    return _all_ordered(other[3], entries, values)


def _flat(rows: list[list[Node]]) -> list[Node]:
    return [entry for row in rows for entry in row]


# -- sets of real numbers ---------------------------------------------------------------
_SET_KINDS = ("union", "intersection", "setminus", "setbuilder")
_NOT_SETS = object()  # "these answers are not both sets of reals": use the structural walk

# A real set as a small tree: ("interval", lo, lo_closed, hi, hi_closed) with endpoint nodes,
# ("points", [nodes]), ("all",), ("none",), ("union" | "intersection", [sets]),
# ("setminus", a, b).
RealSet = tuple


class _NotRealSet(ValueError):
    pass


def _real_set(node: Node) -> RealSet:
    """``node`` as a subset of the real line; raises :class:`_NotRealSet` when it is not one."""
    kind = node[0]
    if kind == "seq" and node[1] in "([" and node[2] in ")]" and len(node[3]) == 2:
        return ("interval", node[3][0], node[1] == "[", node[3][1], node[2] == "]")
    if kind == "seq" and node[1] == "{":
        return ("points", node[3])
    if kind == "emptyset":
        return ("none",)
    if kind in ("union", "intersection"):
        return (kind, [_real_set(part) for part in node[1]])
    if kind == "setminus":
        return ("setminus", _real_set(node[1]), _real_set(node[2]))
    if kind == "setbuilder":
        name = node[1][1]
        domain = ("all",) if node[2] is None else _real_set(node[2])
        return ("intersection", [domain, _condition_set(node[3], name)])
    if kind in ("rel", "list"):  # x > 3; or pieces of a solution, "x < -1 or x > 1"
        items = node[1] if kind == "list" else [node]
        names = {sub[1] for sub in _walk(node) if sub[0] == "sym"}
        pieces = kind == "rel" or all(_is_inequality(item) for item in items)
        if len(names) == 1 and pieces:
            var = names.pop()
            return ("union", [_condition_set(item, var) for item in items])
    raise _NotRealSet(kind)


def _is_inequality(node: Node) -> bool:
    return node[0] == "rel" and (node[1] in _FLIP or node[1] == "!=" or node[2][0] == "rel")


def _condition_set(cond: Node, var: str) -> RealSet:
    """The reals that satisfy a set-builder condition in the variable ``var``."""
    kind = cond[0]
    if kind in ("and", "or"):
        joined = "intersection" if kind == "and" else "union"
        return (joined, [_condition_set(c, var) for c in cond[1]])
    if kind != "rel":
        raise _NotRealSet(kind)
    op, left, right = cond[1], cond[2], cond[3]
    if left[0] == "rel":  # a chain a < x <= b
        inner = _as_interval(("rel", left[1], left[2], left[3]))
        outer = _as_interval(("rel", op, left[3], right))
        if left[3] != ("sym", var) or inner is None or outer is None:
            raise _NotRealSet("chain")
        return ("intersection", [_real_set(inner), _real_set(outer)])
    if right == ("sym", var) and left != ("sym", var) and op in _FLIP:
        op, left, right = _FLIP[op], right, left
    if left != ("sym", var) or _has_symbols(right):
        raise _NotRealSet("condition")
    if op == "in":
        return _real_set(right)
    if op == "=":
        return ("points", [right])
    if op == "!=":
        return ("setminus", ("all",), ("points", [right]))
    interval = _as_interval(("rel", op, left, right))
    if interval is None:
        raise _NotRealSet(op)
    return _real_set(interval)


def _endpoints(real: RealSet) -> Iterator[Node]:
    kind = real[0]
    if kind == "interval":
        yield real[1]
        yield real[3]
    elif kind == "points":
        yield from real[1]
    elif kind in ("union", "intersection"):
        for part in real[1]:
            yield from _endpoints(part)
    elif kind == "setminus":
        yield from _endpoints(real[1])
        yield from _endpoints(real[2])


def _compare_real_sets(gold: Node, pred: Node, values: Values) -> object:
    """True/False/None for two sets of reals, or ``_NOT_SETS`` when they are not both sets."""
    try:
        g_set, p_set = _real_set(gold), _real_set(pred)
    except _NotRealSet:
        return _NOT_SETS
    nodes = [*_endpoints(g_set), *_endpoints(p_set)]
    if len(nodes) > 4 * MAX_ITEMS:
        return False
    keys: dict[int, Fraction | float] = {}
    for node in nodes:
        key = values.real_key(node)
        if key is None:
            return _NOT_SETS if values.decisive else None
        keys[id(node)] = key
    cuts = sorted({k for k in keys.values() if not isinstance(k, float)})  # floats: +-inf
    return _atoms(g_set, keys, cuts) == _atoms(p_set, keys, cuts)


def _atoms(real: RealSet, keys: dict[int, Fraction | float], cuts: list) -> list[bool]:
    """Membership of each atom of the line cut at ``cuts``: the open gap before each cut,
    then the cut itself, ..., then the last gap (``2 * len(cuts) + 1`` atoms)."""
    kind = real[0]
    if kind == "all":
        return [True] * (2 * len(cuts) + 1)
    if kind == "none":
        return [False] * (2 * len(cuts) + 1)
    if kind == "points":
        at = {keys[id(p)] for p in real[1]}
        return [i % 2 == 1 and cuts[i // 2] in at for i in range(2 * len(cuts) + 1)]
    if kind == "interval":
        return _interval_atoms(keys[id(real[1])], real[2], keys[id(real[3])], real[4], cuts)
    if kind == "setminus":
        left, right = _atoms(real[1], keys, cuts), _atoms(real[2], keys, cuts)
        return [a and not b for a, b in zip(left, right)]
    parts = [_atoms(part, keys, cuts) for part in real[1]]
    combine: Callable[[tuple[bool, ...]], bool] = any if kind == "union" else all
    return [combine(column) for column in zip(*parts)]


def _interval_atoms(lo, lo_closed: bool, hi, hi_closed: bool, cuts: list) -> list[bool]:
    bounds = [-math.inf, *cuts, math.inf]
    out = []
    for i in range(2 * len(cuts) + 1):
        if i % 2 == 0:  # the open gap between two consecutive bounds
            out.append(lo <= bounds[i // 2] and bounds[i // 2 + 1] <= hi)
        else:
            v = cuts[i // 2]
            above = lo < v or (v == lo and lo_closed)
            out.append(above and (v < hi or (v == hi and hi_closed)))
    return out
