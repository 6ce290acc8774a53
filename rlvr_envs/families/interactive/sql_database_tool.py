"""SqlDatabaseTool: a question about a hidden sqlite3 database, answered with a SQL tool.

A company database is generated (``employees(id, name, department, salary, hired)`` and
``departments(name, city, floor)``) with ``rows`` employees; the prompt shows only the schema.
The question asks a total, a count or the best-paid employee under one to three conditions
(a department or a city, hired after a year, salary above a bound); salaries are distinct,
so every question has one answer. The ``sql`` tool runs one statement on a fresh in-memory
copy of the database, read-only (an authorizer refuses every statement but SELECT reads, so
INSERT, UPDATE, DROP, ATTACH and PRAGMA writes get an error reply), stopped after a fixed
number of virtual-machine steps (the same on every machine, so replies replay exactly) and
shows at most 20 rows. Turns follow the protocol of
:mod:`~rlvr_envs.families.interactive.tools`; a right final answer is ``solved`` (reward
1), a wrong one ``lost`` (0). The data exist only in tool results.

Answer syntax (final turn): one integer, or the employee's name for "who" questions.

Knobs: ``rows`` (employees, 30 -> 400), ``conditions`` (1 -> 3) and ``calls`` (sql calls
allowed, 5 -> 1). Difficulty map: 0 is 30 employees and one condition with five calls; 1
is 400 employees, three conditions, one call (one query that answers it).
"""

from __future__ import annotations

import functools
import random
import re
import sqlite3
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.tools import Tool, ToolError, ToolFamily
from rlvr_envs.families.shared.answer_parsing import AnswerError

SQL = Tool(
    "sql",
    "runs one read-only SQLite SELECT statement on the database and returns the rows",
    (("query", "string", "one SELECT statement"),),
)
MAX_ROWS = 20
MAX_STEPS = 300_000  # sqlite virtual-machine instructions per statement
MAX_VALUE_BYTES = 100_000
"""The longest string, blob or statement a query may make (SQLite's length limits)."""
_DEPARTMENTS = ("Sales", "Research", "Legal", "Support", "Finance", "Design", "Logistics")
_CITIES = ("Oslo", "Lima", "Perth", "Quito", "Accra", "Turin")
_GIVEN = ("Ana", "Ben", "Chen", "Dina", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea",
          "Max", "Noor", "Omar", "Pia", "Raj", "Sia", "Tom", "Uma")  # fmt: skip
_FAMILY = ("Abe", "Berg", "Cruz", "Diaz", "Eng", "Fox", "Gray", "Holm", "Ito", "Jain", "Koch",
           "Lund", "Moss", "Nagy", "Ortiz", "Park", "Quin", "Ruiz", "Sato", "Tran")  # fmt: skip
_NAMES = [f"{g} {f}" for g in _GIVEN for f in _FAMILY]  # 400 distinct names
SCHEMA = (
    "CREATE TABLE departments (name TEXT PRIMARY KEY, city TEXT, floor INTEGER);\n"
    "CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, department TEXT "
    "REFERENCES departments(name), salary INTEGER, hired INTEGER);"
)
_NAME = re.compile(r"[A-Za-z]+ [A-Za-z]+")
_READS = {
    sqlite3.SQLITE_SELECT,
    sqlite3.SQLITE_READ,
    sqlite3.SQLITE_FUNCTION,
    sqlite3.SQLITE_RECURSIVE,
}


def tables(seed: int, rows: int) -> tuple[list[tuple], list[tuple]]:
    """(departments, employees) rows of a problem's database."""
    rng = random.Random(seed)
    departments = [(d, rng.choice(_CITIES), rng.randint(1, 9)) for d in _DEPARTMENTS]
    salaries = rng.sample(range(30_000, 200_000, 7), rows)
    names = rng.sample(_NAMES, rows)
    where = rng.choices(_DEPARTMENTS, k=rows)
    hired = rng.choices(range(1995, 2025), k=rows)
    employees = [(k + 1, names[k], where[k], salaries[k], hired[k]) for k in range(rows)]
    return departments, employees


def _authorize(action: int, *args: Any) -> int:
    return sqlite3.SQLITE_OK if action in _READS else sqlite3.SQLITE_DENY


def run_query(seed: int, rows: int, query: str) -> str:
    """The sql tool's reply: the rows (at most :data:`MAX_ROWS`), or ToolError."""
    ok, text = _cached_query(seed, rows, query)
    if not ok:
        raise ToolError(text)
    return text


@functools.lru_cache(maxsize=512)
def _cached_query(seed: int, rows: int, query: str) -> tuple[bool, str]:
    """(True, rows) or (False, error) (cached: an episode is replayed on every turn)."""
    try:
        return True, _query(seed, rows, query)
    except ToolError as exc:
        return False, str(exc)


def _query(seed: int, rows: int, query: str) -> str:
    departments, employees = tables(seed, rows)
    connection = sqlite3.connect(":memory:")
    try:
        connection.executescript(SCHEMA)
        connection.executemany("INSERT INTO departments VALUES (?, ?, ?)", departments)
        connection.executemany("INSERT INTO employees VALUES (?, ?, ?, ?, ?)", employees)
        connection.set_authorizer(_authorize)
        # a value or a statement past these is an error, not gigabytes in this process
        # (randomblob(9e8) took 4 s and 1 GB before)
        connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        connection.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_VALUE_BYTES)
        steps = [0]

        def progress() -> int:
            steps[0] += 1
            return int(steps[0] * 1000 > MAX_STEPS)

        connection.set_progress_handler(progress, 1000)
        try:
            cursor = connection.execute(query)
            found = cursor.fetchmany(MAX_ROWS + 1)
        except sqlite3.Warning:
            raise ToolError("write one statement at a time") from None
        except sqlite3.Error as exc:
            if steps[0] * 1000 > MAX_STEPS:
                raise ToolError(f"the query ran past {MAX_STEPS} steps and was stopped") from None
            raise ToolError(f"SQL error: {exc}") from None
        header = " | ".join(d[0] for d in cursor.description or ())
    finally:
        connection.close()
    lines = [header] + [" | ".join(str(v) for v in row) for row in found[:MAX_ROWS]]
    if len(found) > MAX_ROWS:
        lines.append(f"(more rows: only the first {MAX_ROWS} are shown)")
    return "\n".join(lines) if found else header + "\n(no rows)"


def conditions_sql(parts: list[tuple[str, Any]]) -> tuple[str, str]:
    """(English, SQL) of the conditions ``parts``."""
    words, clauses = [], []
    for kind, value in parts:
        if kind == "department":
            words.append(f"in the {value} department")
            clauses.append(f"e.department = '{value}'")
        elif kind == "city":
            words.append(f"in a department based in {value}")
            clauses.append(f"d.city = '{value}'")
        elif kind == "hired":
            words.append(f"hired after {value}")
            clauses.append(f"e.hired > {value}")
        else:
            words.append(f"earning more than {value}")
            clauses.append(f"e.salary > {value}")
    return " and ".join(words), " AND ".join(clauses)


class SqlDatabaseTool(ToolFamily):
    """A question about a hidden database, answered with read-only SQL queries."""

    answer_syntax = "the value (one integer) or the employee's full name, as asked"
    answer_form = "one integer, or a name"
    tools = (SQL,)
    knobs: ClassVar[dict[str, Knob]] = {
        "rows": Knob("int", 30, 400, doc="employees in the database"),
        "conditions": Knob("int", 1, 3, doc="conditions in the question"),
        "calls": Knob("int", 1, 5, easy=5, hard=1, doc="sql calls allowed"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        rows = knobs["rows"]
        seed = rng.randrange(2**32)
        departments, employees = tables(seed, rows)
        city = {name: c for name, c, _ in departments}
        while True:
            pool = [
                ("department", rng.choice(_DEPARTMENTS)),
                ("city", rng.choice(_CITIES)),
                ("hired", rng.randint(2000, 2018)),
                ("salary", rng.randrange(40_000, 150_000, 1000)),
            ]
            parts = rng.sample(pool, knobs["conditions"])
            if {"department", "city"} <= {kind for kind, _ in parts}:
                continue
            chosen = [e for e in employees if self._matches(e, city, parts)]
            if len(chosen) >= 2:
                break
        words, clause = conditions_sql(parts)
        kind = rng.choice(("total", "count", "who"))
        if kind == "total":
            ask, value = (
                f"What is the total salary of the employees {words}?",
                str(sum(e[3] for e in chosen)),
            )
        elif kind == "count":
            ask, value = f"How many employees are {words}?", str(len(chosen))
        else:
            ask = f"Who is the best-paid employee {words}? Give the full name."
            value = max(chosen, key=lambda e: e[3])[1]
        calls = knobs["calls"]
        turns = calls + 2
        question = (
            f"A company's SQLite database has this schema (the rows are hidden):\n\n{SCHEMA}\n\n"
            f"{ask}\n\n" + self.tool_prompt(turns, calls)
        )
        meta = {**self.tool_meta(turns, calls), "seed": seed, "kind": kind, "where": clause}
        return Draft(question, value, meta)

    @staticmethod
    def _matches(employee: tuple, city: dict[str, str], parts: list[tuple[str, Any]]) -> bool:
        _, _, department, salary, hired = employee
        checks = {
            "department": lambda v: department == v,
            "city": lambda v: city[department] == v,
            "hired": lambda v: hired > v,
            "salary": lambda v: salary > v,
        }
        return all(checks[kind](value) for kind, value in parts)

    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        return run_query(problem.meta["seed"], problem.knobs["rows"], arguments["query"])

    def judge(self, problem: Problem, answer: str) -> bool:
        if problem.meta["kind"] != "who":
            return super().judge(problem, answer)
        name = " ".join(answer.split())
        if not _NAME.fullmatch(name):
            raise AnswerError("expected a full name: a given name and a family name")
        return name.casefold() == problem.answer.casefold()

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return k["rows"] / 100 + 2 * k["conditions"] + 5 - k["calls"]
