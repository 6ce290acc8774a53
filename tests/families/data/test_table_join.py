"""What ``rlvr/TableJoin-v0`` must do beyond the generic family contract: the total is what
a SQLite JOIN of the prompt's two CSV tables gives."""

from __future__ import annotations

import sqlite3

from tests.families.data.helpers import _gen, _score, add_table, csv_block

ENV = "rlvr/TableJoin-v0"


def test_the_total_is_sqlites_join():
    for seed in range(20):
        problem = _gen(ENV, seed, seed / 19)
        db = sqlite3.connect(":memory:")
        add_table(db, "customers", csv_block(problem.prompt, "Customers (CSV):"))
        add_table(db, "orders", csv_block(problem.prompt, "Orders (CSV):"))
        tests, params = [], []
        for column, op, value in problem.meta["conditions"]:
            owner = "c" if column in ("city", "tier") else "o"
            tests.append(f"{owner}.[{column}] {op} ?")
            params.append(value)
        column = problem.meta["column"]
        (total,) = db.execute(
            f"SELECT COALESCE(SUM(o.[{column}]), 0) FROM orders o JOIN customers c "
            f"ON o.customer = c.customer WHERE {' AND '.join(tests)}",
            params,
        ).fetchone()
        assert _score(problem, str(total)) == 1.0
        assert _score(problem, f"{total:,}") == 1.0
        assert _score(problem, str(total + 1)) == 0.0
        (everything,) = db.execute(f"SELECT SUM([{column}]) FROM orders").fetchone()
        assert _score(problem, str(everything)) == float(everything == total)
