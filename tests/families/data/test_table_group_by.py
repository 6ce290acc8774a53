"""What ``rlvr/TableGroupBy-v0`` must do beyond the generic family contract: the pairs are
SQLite's GROUP BY over the prompt's CSV, in any order; a missing or repeated group fails."""

from __future__ import annotations

from fractions import Fraction

from tests.families.data.helpers import _gen, _score, sqlite_table, where

ENV = "rlvr/TableGroupBy-v0"
SQL = {"count": "COUNT(*)", "sum": "SUM([{c}])", "max": "MAX([{c}])", "min": "MIN([{c}])",
       "average": "SUM([{c}]) * 1.0 / COUNT(*)"}  # fmt: skip


def _text(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def test_groups_match_sqlite_in_any_order():
    for seed in range(20):
        problem = _gen(ENV, seed, seed / 19)
        meta = problem.meta
        db = sqlite_table(problem.prompt)
        clause, params = where(meta["conditions"])
        column, kind = meta["column"], meta["aggregate"]
        if kind == "average":
            expr = f"SUM([{column}]), COUNT(*)"
        else:
            expr = SQL[kind].format(c=column) + ", 1"
        rows = db.execute(
            f"SELECT [{meta['by']}], {expr} FROM t WHERE {clause} GROUP BY [{meta['by']}]", params
        ).fetchall()
        pairs = [
            f"{g}: {_text(Fraction(a, b) if kind == 'average' else Fraction(a))}"
            for g, a, b in rows
        ]
        assert _score(problem, ", ".join(pairs)) == 1.0
        assert _score(problem, ", ".join(reversed(pairs))) == 1.0
        assert _score(problem, ", ".join(pairs[:-1])) == 0.0
        assert _score(problem, ", ".join([*pairs, pairs[0]])) == 0.0
        group, _, value = pairs[0].partition(": ")
        wrong = [f"{group}: {_text(Fraction(value) + 1)}", *pairs[1:]]
        assert _score(problem, ", ".join(wrong)) == 0.0
