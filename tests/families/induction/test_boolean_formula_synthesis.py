"""What ``rlvr/BooleanFormulaSynthesis-v0`` must do beyond the generic family contract:
a minimal sum of products that sympy derives from the shown rows (the other rows being
free) scores 1 when it fits the size bound, judged with sympy's own evaluation, and
formulas that break a row or the bound score 0."""

from __future__ import annotations

import sympy
from sympy.logic import SOPform

from tests.families.induction.helpers import _gen, _score

ENV = "rlvr/BooleanFormulaSynthesis-v0"


def _write(expr):
    if isinstance(expr, sympy.Symbol):
        return str(expr)
    if isinstance(expr, sympy.Not):
        return f"not {_write(expr.args[0])}"
    word = " and " if isinstance(expr, sympy.And) else " or "
    return "(" + word.join(_write(a) for a in expr.args) + ")"


def test_sympys_minimal_formula_scores_one_when_it_fits_the_bound():
    scored = 0
    for seed in range(12):
        problem = _gen(ENV, seed, 0.5)
        meta = problem.meta
        names = sympy.symbols(f"x1:{meta['variables'] + 1}")
        rows = [tuple(r) for r in meta["rows"]]
        ones = [list(r) for r, v in zip(rows, meta["labels"]) if v]
        free = [
            [(i >> (len(names) - 1 - k)) & 1 for k in range(len(names))]
            for i in range(2 ** len(names))
        ]
        free = [r for r in free if tuple(r) not in rows]
        formula = SOPform(names, ones, free)
        for r, v in zip(rows, meta["labels"]):
            assert bool(formula.subs(dict(zip(names, map(bool, r))))) == bool(v)
        size = sum(1 for a in sympy.preorder_traversal(formula) if isinstance(a, sympy.Symbol))
        assert _score(problem, _write(formula)) == float(size <= meta["bound"])
        scored += size <= meta["bound"]
        assert _score(problem, problem.answer.replace("and", "&").replace("or", "|")) == 1.0
        assert _score(problem, f"not ({problem.answer})") == 0.0
        padded = f"({problem.answer}) and (x1 or not x1)"
        assert _score(problem, padded) == 0.0  # right values, over the bound
        assert _score(problem, "x1") == 0.0 and _score(problem, "not x1") == 0.0
        assert _score(problem, "x1 and") == 0.0 and _score(problem, "x99") == 0.0
    assert scored >= 3
