"""What ``rlvr/TablePivot-v0`` must do beyond the generic family contract: the cells are
SQLite's aggregates by (store, column value); rows may come in any order or be separated by
semicolons, but a swapped column or a missing row fails."""

from __future__ import annotations

from tests.families.data.helpers import _gen, _score, sqlite_table

ENV = "rlvr/TablePivot-v0"
SQL = {"count": "COUNT(*)", "sum": "SUM(units)", "max": "MAX(units)"}


def test_the_pivot_matches_sqlite():
    for seed in range(20):
        problem = _gen(ENV, seed, seed / 19)
        meta = problem.meta
        db = sqlite_table(problem.prompt, "Records (CSV):")
        what = "quarter" if meta["columns"][0].startswith("Q") else "product"
        cells = dict.fromkeys(((r, c) for r in meta["rows"] for c in meta["columns"]), 0)
        query = f"SELECT store, [{what}], {SQL[meta['aggregate']]} FROM t GROUP BY store, [{what}]"
        for store, column, value in db.execute(query):
            cells[store, column] = value
        lines = [
            f"{r}: {', '.join(str(cells[r, c]) for c in meta['columns'])}" for r in meta["rows"]
        ]
        assert _score(problem, "\n".join(lines)) == 1.0
        assert _score(problem, "; ".join(reversed(lines))) == 1.0
        assert _score(problem, "\n".join(lines[:-1])) == 0.0
        swapped = [
            f"{r}: {', '.join(str(cells[r, c]) for c in reversed(meta['columns']))}"
            for r in meta["rows"]
        ]
        assert _score(problem, "\n".join(swapped)) == float(swapped == lines)
