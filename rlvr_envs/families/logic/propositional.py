"""Propositional formulas as JSON-plain trees over the atoms ``p, q, r, ...``, drawn at
random, rendered, and evaluated on every assignment at once (truth tables as bitmasks), for
:mod:`.entailment` and :mod:`.knights_knaves`.
"""

from __future__ import annotations

import random
from functools import cache

Formula = list  # ["atom", i] | ["not", f] | [op, f, g] with op in and/or/imp/iff


BINARY = ("and", "or", "imp", "iff")


_WEIGHTED = ("and",) * 3 + ("or",) * 3 + ("imp",) * 2 + ("iff",)  # how often each is drawn


SYMBOLS = {"and": "&", "or": "|", "imp": "->", "iff": "<->"}


ATOMS = "pqrstuvw"


# -- formulas as JSON-plain trees, evaluated on all assignments at once ---------------------
@cache
def atom_masks(count: int) -> tuple[int, ...]:
    """Bit j of mask i is set when atom i is true in assignment j (atom i = bit i of j)."""
    return tuple(sum(1 << j for j in range(1 << count) if j >> i & 1) for i in range(count))


def truth(formula: Formula, masks: tuple[int, ...], full: int) -> int:
    """The formula's truth table: the set of assignments (as bits) where it is true."""
    op = formula[0]
    if op == "atom":
        return masks[formula[1]]
    if op == "not":
        return full & ~truth(formula[1], masks, full)
    a, b = truth(formula[1], masks, full), truth(formula[2], masks, full)
    if op == "and":
        return a & b
    if op == "or":
        return a | b
    if op == "imp":
        return (full & ~a) | b
    return full & ~(a ^ b)


def random_formula(rng: random.Random, depth: int, atoms: int, negate: float = 0.15) -> Formula:
    """A formula whose connectives nest exactly ``depth`` deep (0: a literal).

    The two sides of a connective always differ (two different atoms at depth 1), so no
    formula says "p or p" or "p and not p".
    """
    draw = rng.random  # int(draw() * k): a uniform choice among k, cheaper than randrange
    if depth == 0:
        return _literal(rng, int(draw() * atoms))
    if depth == 1 and atoms > 1:
        first, second = int(draw() * atoms), int(draw() * (atoms - 1))
        second += second >= first  # a different atom
        children = [_literal(rng, first), _literal(rng, second)]
    else:
        deep = random_formula(rng, depth - 1, atoms, negate)
        other = deep
        for _ in range(10):
            other = random_formula(rng, int(draw() * depth), atoms, negate)
            if other != deep:
                break
        children = [deep, other] if draw() < 0.5 else [other, deep]
    formula = [_WEIGHTED[int(draw() * len(_WEIGHTED))], *children]
    return ["not", formula] if draw() < negate else formula


def _literal(rng: random.Random, atom: int) -> Formula:
    return ["not", ["atom", atom]] if rng.random() < 0.5 else ["atom", atom]


def size(formula: Formula) -> int:
    """Atoms plus connectives."""
    if formula[0] == "atom":
        return 1
    return 1 + sum(size(child) for child in formula[1:])


def render(formula: Formula, names: list[str]) -> str:
    """``(p & ~q) -> r``: symbols, with parentheses around every nested binary formula."""
    op = formula[0]
    if op == "atom":
        return names[formula[1]]
    if op == "not":
        inner = render(formula[1], names)
        return f"~{inner}" if formula[1][0] in ("atom", "not") else f"~({inner})"
    parts = []
    for child in formula[1:]:
        text = render(child, names)
        parts.append(f"({text})" if child[0] in BINARY else text)
    return f" {SYMBOLS[op]} ".join(parts)
