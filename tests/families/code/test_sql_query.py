"""What ``rlvr/SqlQuery-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import json

import rlvr_envs
from tests.families.code.helpers import tags, task


# -- SQL -----------------------------------------------------------------------------------
def test_equivalent_sql_passes_and_hard_coded_rows_fail():
    for seed in range(8):
        problem = task("rlvr/SqlQuery-v0").generate(seed=seed, difficulty=seed / 8)
        keywords = ("SELECT", "FROM", "WHERE", "ORDER BY", "GROUP BY", "JOIN", "HAVING")
        rewritten = problem.answer
        for word in keywords:  # same query, other spelling and layout
            rewritten = rewritten.replace(f"{word} ", f"\n{word.lower()}  ")
        assert rlvr_envs.verify(problem, tags(rewritten + " ;")).correct, rewritten
        shown = problem.meta["hidden_tests"][0]["expected"]
        values = " UNION ALL ".join(
            "SELECT " + ", ".join(json.dumps(v) if isinstance(v, str) else repr(v) for v in row)
            for row in shown
        ).replace('"', "'")
        verdict = rlvr_envs.verify(problem, tags(values))
        assert not verdict.correct and verdict.score < 1, (values, verdict)


def test_hostile_sql_is_contained():
    problem = task("rlvr/SqlQuery-v0").generate(seed=0, difficulty=0.0)
    hostile = [
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i FROM r",
        "DROP TABLE employees",
        "SELECT 1; DROP TABLE employees",
        "ATTACH DATABASE '/tmp/x.db' AS x",
        "SELECT load_extension('/usr/lib/x.so')",
        "SELECT zeroblob(1000000000)",
    ]
    for sql in hostile:
        verdict = rlvr_envs.verify(problem, tags(sql), timeout=1.0)
        assert verdict.reward == 0.0 and verdict.reason in ("wrong", "timeout"), (sql, verdict)
