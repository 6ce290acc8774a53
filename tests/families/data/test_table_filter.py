"""What ``rlvr/TableFilter-v0`` must do beyond the generic family contract: the kept keys
are what SQLite selects from the prompt's CSV, and near misses fail."""

from __future__ import annotations

from tests.families.data.helpers import _gen, _score, sqlite_table, where

ENV = "rlvr/TableFilter-v0"


def test_the_answer_is_what_sqlite_selects_and_near_misses_fail():
    for seed in range(15):
        problem = _gen(ENV, seed, seed / 14)
        db = sqlite_table(problem.prompt)
        key = problem.meta["table"]["columns"][0]
        clause, params = where(problem.meta["conditions"])
        keys = [
            r[0] for r in db.execute(f"SELECT [{key}] FROM t WHERE {clause} ORDER BY rowid", params)
        ]
        assert 2 <= len(keys) <= len(problem.meta["table"]["rows"]) - 2
        assert _score(problem, ", ".join(keys)) == 1.0
        assert _score(problem, ",".join(keys)) == 1.0
        assert _score(problem, ", ".join(keys[::-1])) == 0.0  # order matters
        assert _score(problem, ", ".join(keys[:-1])) == 0.0
        assert _score(problem, ", ".join(k.lower() for k in keys)) == 0.0
        everything = [r[0] for r in db.execute(f"SELECT [{key}] FROM t")]
        assert _score(problem, ", ".join(everything)) == 0.0
