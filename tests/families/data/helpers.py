"""Helpers the data families' tests share: problems, scores, and a table loaded into SQLite
(the independent evaluator of the table families)."""

from __future__ import annotations

import sqlite3

import rlvr_envs
from rlvr_envs.registry import format_answer


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def csv_block(prompt: str, title: str) -> list[list[str]]:
    """The CSV lines after ``title`` in the prompt, split on commas (header first)."""
    block = prompt.split(f"{title}\n", 1)[1].split("\n\n", 1)[0]
    return [line.split(",") for line in block.splitlines()]


def sqlite_table(prompt: str, title: str = "Table (CSV):", name: str = "t") -> sqlite3.Connection:
    """The prompt's CSV table in an in-memory SQLite database, numbers as integers."""
    rows = csv_block(prompt, title)
    db = sqlite3.connect(":memory:")
    add_table(db, name, rows)
    return db


def add_table(db: sqlite3.Connection, name: str, rows: list[list[str]]) -> None:
    header, body = rows[0], rows[1:]
    db.execute(f"CREATE TABLE {name} ({', '.join(f'[{c}]' for c in header)})")
    values = [[int(v) if v.lstrip("-").isdigit() else v for v in row] for row in body]
    db.executemany(f"INSERT INTO {name} VALUES ({', '.join('?' * len(header))})", values)


SQL_OPS = {"=": "=", "!=": "!=", ">": ">", "<": "<", ">=": ">=", "<=": "<="}


def where(conditions) -> tuple[str, list]:
    """A SQL WHERE clause and its parameters for the family's stated conditions."""
    if not conditions:
        return "1", []
    clause = " AND ".join(f"[{c}] {SQL_OPS[op]} ?" for c, op, _ in conditions)
    return clause, [v for _, _, v in conditions]
