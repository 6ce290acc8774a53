"""What ``rlvr/TableAggregate-v0`` must do beyond the generic family contract: the value is
SQLite's aggregate over the prompt's CSV; exact decimals are accepted, rounded ones and
unreduced fractions are not."""

from __future__ import annotations

from fractions import Fraction

from tests.families.data.helpers import _gen, _score, sqlite_table, where

ENV = "rlvr/TableAggregate-v0"
SQL = {"count": "COUNT(*)", "sum": "SUM([{c}])", "max": "MAX([{c}])", "min": "MIN([{c}])"}


def test_every_aggregate_matches_sqlite():
    for seed in range(25):
        kind = ("count", "sum", "max", "min", "average")[seed % 5]
        problem = _gen(ENV, seed, None, aggregate=kind, rows=15, conditions=1 + seed % 3)
        db = sqlite_table(problem.prompt)
        column = problem.meta["column"]
        clause, params = where(problem.meta["conditions"])
        if kind == "average":
            total, count = db.execute(
                f"SELECT SUM([{column}]), COUNT(*) FROM t WHERE {clause}", params
            ).fetchone()
            value = Fraction(total, count)
        else:
            expr = SQL[kind].format(c=column)
            value = Fraction(
                db.execute(f"SELECT {expr} FROM t WHERE {clause}", params).fetchone()[0]
            )
        assert Fraction(problem.answer) == value
        assert _score(problem, str(value)) == 1.0
        assert _score(problem, str(value + 1)) == 0.0
        if value.denominator > 1:
            unreduced = f"{value.numerator * 2}/{value.denominator * 2}"
            assert _score(problem, unreduced) == 0.0
            decimal = value.numerator / value.denominator
            exact = Fraction(f"{decimal:.6f}") == value
            assert _score(problem, f"{decimal:.6f}".rstrip("0")) == float(exact)
            assert _score(problem, f"{decimal:.1f}") == float(Fraction(f"{decimal:.1f}") == value)
