"""First-order formulas over small finite structures, for the model families of the formal
domain (FirstOrderModelCheck): a syntax, a printer, random formulas with one free variable,
and evaluation of every subformula at once as a boolean array over the domain.

Formulas are tuples: ``("pred", "P", v)``, ``("rel", "R", u, v)``, ``("eq", u, v)``,
``("not", A)``, ``("and" | "or" | "imp", A, B)``, ``("forall" | "exists", v, A)``, with
variables named by single letters ``x, y, z, w``. The printed syntax is ``P(x)``,
``R(x, y)``, ``x = y``, ``~``, ``&``, ``|``, ``->`` and ``forall y (A)``, ``exists y (A)``.

A structure has the domain ``0 .. n-1``, unary predicates (sets) and one binary relation (a
set of pairs). Evaluation gives each subformula a numpy boolean array with one axis per
variable (``x, y, z, w`` in that order), of length ``n`` where the subformula mentions the
variable and 1 where it does not, so connectives broadcast and quantifiers reduce an axis.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

FoFormula = tuple[Any, ...]
VARIABLES = "xyzw"


def show_fo(formula: FoFormula, top: bool = True) -> str:
    """``forall y (R(x, y) -> P(y))``: binary connectives below the top in parentheses."""
    kind = formula[0]
    if kind == "pred":
        return f"{formula[1]}({formula[2]})"
    if kind == "rel":
        return f"{formula[1]}({formula[2]}, {formula[3]})"
    if kind == "eq":
        return f"{formula[1]} = {formula[2]}"
    if kind == "not":
        inner = formula[1]
        text = show_fo(inner, False)
        return f"~({text})" if inner[0] == "eq" else f"~{text}"
    if kind in ("forall", "exists"):
        return f"{kind} {formula[1]} ({show_fo(formula[2])})"
    symbol = {"and": "&", "or": "|", "imp": "->"}[kind]
    text = f"{show_fo(formula[1], False)} {symbol} {show_fo(formula[2], False)}"
    return text if top else f"({text})"


def evaluate(
    formula: FoFormula,
    n: int,
    predicates: dict[str, set[int]],
    relation: set[tuple[int, int]],
) -> np.ndarray:
    """The formula's truth values as a boolean array of 4 axes (``x, y, z, w``)."""
    shape = [1, 1, 1, 1]

    def axis_array(values: np.ndarray, axes: list[int]) -> np.ndarray:
        dims = list(shape)
        for a in axes:
            dims[a] = n
        return values.reshape(dims)

    pred_arrays = {
        name: np.array([i in members for i in range(n)], dtype=bool)
        for name, members in predicates.items()
    }
    matrix = np.zeros((n, n), dtype=bool)
    for i, j in relation:
        matrix[i, j] = True

    def walk(f: FoFormula) -> np.ndarray:
        kind = f[0]
        if kind == "pred":
            return axis_array(pred_arrays[f[1]], [VARIABLES.index(f[2])])
        if kind in ("rel", "eq"):
            u, v = (f[2], f[3]) if kind == "rel" else (f[1], f[2])
            base = matrix if kind == "rel" else np.eye(n, dtype=bool)
            a, b = VARIABLES.index(u), VARIABLES.index(v)
            if a == b:
                return axis_array(np.diagonal(base).copy(), [a])
            values = base if a < b else base.T
            return axis_array(values, sorted((a, b)))
        if kind == "not":
            return ~walk(f[1])
        if kind in ("forall", "exists"):
            body = walk(f[2])
            axis = VARIABLES.index(f[1])
            reduce = np.all if kind == "forall" else np.any
            return reduce(body, axis=axis, keepdims=True)
        left, right = walk(f[1]), walk(f[2])
        if kind == "and":
            return left & right
        if kind == "or":
            return left | right
        return ~left | right

    return walk(formula)


def satisfying(
    formula: FoFormula, n: int, predicates: dict[str, set[int]], relation: set[tuple[int, int]]
) -> list[int]:
    """The elements ``a`` with ``formula(a)`` true, ``x`` the only free variable."""
    values = np.broadcast_to(evaluate(formula, n, predicates, relation), (n, 1, 1, 1))
    return [i for i in range(n) if values[i, 0, 0, 0]]


def _atom(rng: random.Random, scope: list[str], preds: str, must: str | None) -> FoFormula:
    """A random atomic formula over ``scope`` that mentions ``must`` where given."""
    first = must or rng.choice(scope)
    roll = rng.random()
    if roll < 0.4 or len(scope) == 1:
        if roll < 0.2 and len(scope) == 1:
            return ("rel", "R", first, first)
        return ("pred", rng.choice(preds), first)
    other = rng.choice([v for v in scope if v != first])
    if roll < 0.9:
        return ("rel", "R", first, other) if rng.random() < 0.5 else ("rel", "R", other, first)
    return ("eq", other, first)


def _literal(rng: random.Random, scope: list[str], preds: str, must: str | None) -> FoFormula:
    atom = _atom(rng, scope, preds, must)
    return ("not", atom) if rng.random() < 0.3 else atom


def random_fo(rng: random.Random, quantifiers: int, preds: str) -> FoFormula:
    """A formula with the one free variable ``x`` and ``quantifiers`` nested quantifiers,
    each guarding its body with an atom that mentions its variable."""

    def build(q: int, scope: list[str]) -> FoFormula:
        if q == 0:
            core = _literal(rng, scope, preds, scope[-1])
            if rng.random() < 0.5:
                kind = rng.choice(("and", "or", "imp"))
                other = _literal(rng, scope, preds, None)
                if other != core:
                    core = (kind, core, other)
            return core
        v = VARIABLES[len(scope)]
        inner = build(q - 1, [*scope, v])
        guard = _atom(rng, [*scope, v], preds, v)
        quantifier = rng.choice(("forall", "exists"))
        kind = "imp" if quantifier == "forall" and rng.random() < 0.7 else rng.choice(("and", "or"))
        return (quantifier, v, (kind, guard, inner))

    formula = build(quantifiers, ["x"])
    if rng.random() < 0.4:
        formula = (rng.choice(("and", "or")), _literal(rng, ["x"], preds, "x"), formula)
    return formula
