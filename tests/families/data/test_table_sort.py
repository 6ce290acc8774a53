"""What ``rlvr/TableSort-v0`` must do beyond the generic family contract: the order is
SQLite's ORDER BY over the prompt's CSV (key ascending last), and a tie left unbroken
fails."""

from __future__ import annotations

from tests.families.data.helpers import _gen, _score, sqlite_table

ENV = "rlvr/TableSort-v0"


def test_the_order_is_sqlites_order_by():
    for seed in range(20):
        problem = _gen(ENV, seed, seed / 19)
        meta = problem.meta
        db = sqlite_table(problem.prompt)
        key = meta["table"]["columns"][0]
        order = ", ".join(f"[{c}] {d.upper()}" for c, d in meta["keys"])
        keys = [
            r[0]
            for r in db.execute(
                f"SELECT [{key}] FROM t ORDER BY {order}, [{key}] ASC LIMIT ?", [meta["top"]]
            )
        ]
        assert _score(problem, ", ".join(keys)) == 1.0
        wrong_tie = [
            r[0]
            for r in db.execute(
                f"SELECT [{key}] FROM t ORDER BY {order}, [{key}] DESC LIMIT ?", [meta["top"]]
            )
        ]
        assert _score(problem, ", ".join(wrong_tie)) == float(wrong_tie == keys)
        assert _score(problem, ", ".join(keys[::-1])) == 0.0
