"""SQL: write a query against a generated SQLite database, checked by its result set.

The prompt shows a small company database (``employees`` and ``departments``) and asks a
question in English (filters, counts, grouping, joins, sub-queries, always with a stated
order). The answer is one SQLite ``SELECT`` statement in ``<answer>`` tags. The check runs
it with the standard library's ``sqlite3`` inside the sandbox (a query can loop for ever
with a recursive CTE) against the shown database *and* two hidden ones with the same schema
and different rows, so a query that hard-codes the visible answer fails; rows are compared
in order, on the host. ``score`` is the fraction of databases answered right.

Knobs: ``tier`` (0-3: filter and sort; aggregate; group or join; group with a condition or
a correlated sub-query) and ``rows`` (employees per database, 6-30).
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from typing import Any

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.code._base import CodeFamily

SCHEMA = (
    "CREATE TABLE departments (name TEXT PRIMARY KEY, floor INTEGER, budget INTEGER);\n"
    "CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT UNIQUE, dept TEXT, "
    "salary INTEGER, age INTEGER);"
)
DEPARTMENTS = ["Sales", "Research", "Support", "Legal", "Design", "Ops"]
FIRST = [
    "Ana",
    "Ben",
    "Cleo",
    "Dev",
    "Eun",
    "Femi",
    "Gia",
    "Hugo",
    "Ines",
    "Jon",
    "Kim",
    "Lars",
    "Mei",
    "Nils",
    "Olu",
    "Pia",
    "Quin",
    "Rosa",
    "Sami",
    "Tove",
    "Uma",
    "Vik",
    "Wen",
    "Xia",
    "Yuri",
    "Zoe",
]
LAST = ["Abe", "Berg", "Cruz", "Diaz", "Eze", "Fox", "Gray", "Hale", "Ito", "Jung"]
RUNNER = (
    "import sqlite3\n\n\ndef query(schema, tables, sql):\n"
    "    db = sqlite3.connect(':memory:')\n"
    "    db.executescript(schema)\n"
    "    for table, rows in tables.items():\n"
    "        marks = ', '.join('?' * len(rows[0])) if rows else ''\n"
    "        db.executemany(f'INSERT INTO {table} VALUES ({marks})', rows)\n"
    "    return [list(row) for row in db.execute(sql).fetchall()]\n"
)

Question = tuple[str, str]  # (English, reference SQL)


def _q_filter(rng: random.Random, db: dict[str, Any]) -> Question:
    limit = rng.choice([3000, 4000, 5000, 6000])
    column, word = rng.choice([("salary", "earn more than"), ("age", "are older than")])
    value = limit if column == "salary" else rng.randint(28, 45)
    return (
        f"List the names of the employees who {word} {value}, in alphabetical order.",
        f"SELECT name FROM employees WHERE {column} > {value} ORDER BY name",
    )


def _q_dept_list(rng: random.Random, db: dict[str, Any]) -> Question:
    dept = rng.choice(DEPARTMENTS[:4])
    return (
        f"List the name and salary of every employee of the {dept} department, highest "
        "salary first (ties by name).",
        f"SELECT name, salary FROM employees WHERE dept = '{dept}' ORDER BY salary DESC, name",
    )


def _q_count(rng: random.Random, db: dict[str, Any]) -> Question:
    age = rng.randint(25, 40)
    return (
        f"How many employees are younger than {age}? Return one row with the count.",
        f"SELECT COUNT(*) FROM employees WHERE age < {age}",
    )


def _q_avg(rng: random.Random, db: dict[str, Any]) -> Question:
    dept = rng.choice(DEPARTMENTS[:4])
    return (
        f"What is the average salary in the {dept} department, rounded to 2 decimals? "
        "Return one row (NULL if it has no employees).",
        f"SELECT ROUND(AVG(salary), 2) FROM employees WHERE dept = '{dept}'",
    )


def _q_group(rng: random.Random, db: dict[str, Any]) -> Question:
    agg, what = rng.choice(
        [
            ("COUNT(*)", "the number of employees"),
            ("MAX(salary)", "the highest salary"),
            ("SUM(salary)", "the total salary"),
        ]
    )
    return (
        f"For each department that has employees, give its name and {what}, ordered by "
        "department name.",
        f"SELECT dept, {agg} FROM employees GROUP BY dept ORDER BY dept",
    )


def _q_join(rng: random.Random, db: dict[str, Any]) -> Question:
    floor = rng.randint(1, 4)
    return (
        f"List the names of the employees whose department is on floor {floor} or higher, "
        "with that floor, ordered by employee name.",
        "SELECT e.name, d.floor FROM employees e JOIN departments d ON e.dept = d.name "
        f"WHERE d.floor >= {floor} ORDER BY e.name",
    )


def _q_having(rng: random.Random, db: dict[str, Any]) -> Question:
    k = rng.randint(2, 4)
    return (
        f"List the departments with at least {k} employees, with their average age rounded "
        "to 1 decimal, ordered by department name.",
        f"SELECT dept, ROUND(AVG(age), 1) FROM employees GROUP BY dept "
        f"HAVING COUNT(*) >= {k} ORDER BY dept",
    )


def _q_above_avg(rng: random.Random, db: dict[str, Any]) -> Question:
    return (
        "List the names of the employees who earn more than the average salary of their "
        "own department, in alphabetical order.",
        "SELECT e.name FROM employees e WHERE e.salary > (SELECT AVG(x.salary) FROM "
        "employees x WHERE x.dept = e.dept) ORDER BY e.name",
    )


def _q_budget(rng: random.Random, db: dict[str, Any]) -> Question:
    return (
        "List the departments whose total employee salary exceeds their budget, with that "
        "total, ordered by department name.",
        "SELECT d.name, SUM(e.salary) FROM departments d JOIN employees e ON e.dept = d.name "
        "GROUP BY d.name HAVING SUM(e.salary) > d.budget ORDER BY d.name",
    )


TIERS: list[list[Callable[[random.Random, dict[str, Any]], Question]]] = [
    [_q_filter, _q_dept_list],
    [_q_count, _q_avg],
    [_q_group, _q_join],
    [_q_having, _q_above_avg, _q_budget],
]


def make_database(rng: random.Random, rows: int) -> dict[str, list[list[Any]]]:
    names = rng.sample([f"{f} {last}" for f in FIRST for last in LAST], rows)
    employees = [
        [
            i + 1,
            name,
            rng.choice(DEPARTMENTS[:5]),
            rng.randrange(2000, 9000, 50),
            rng.randint(21, 64),
        ]
        for i, name in enumerate(names)
    ]
    departments = [[d, rng.randint(1, 6), rng.randrange(5000, 40000, 1000)] for d in DEPARTMENTS]
    return {"departments": departments, "employees": employees}


def run_reference(tables: dict[str, list[list[Any]]], sql: str) -> list[list[Any]]:
    """Our own reference query on our own data, in memory: trusted, deterministic."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(SCHEMA)
        for table, rows in tables.items():
            marks = ", ".join("?" * len(rows[0]))
            db.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
        return [list(row) for row in db.execute(sql).fetchall()]
    finally:
        db.close()


def _table_text(tables: dict[str, list[list[Any]]]) -> str:
    out = []
    for table, header in (
        ("departments", "name | floor | budget"),
        ("employees", "id | name | dept | salary | age"),
    ):
        out.append(f"{table}:\n  {header}")
        out += ["  " + " | ".join(str(v) for v in row) for row in tables[table]]
    return "\n".join(out)


class SqlQuery(CodeFamily):
    """Answer a question about a generated database with one SQLite query."""

    knobs = {
        "tier": Knob("int", 0, 3, default=0, doc="query shape, from filters to sub-queries"),
        "rows": Knob("int", 6, 30, default=10, doc="employees per database"),
    }
    answer_format = "tags"
    answer_syntax = "one SQLite SELECT statement"
    answer_form = "SQL SELECT statement"

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        for _ in range(100):
            databases = [make_database(rng, knobs["rows"]) for _ in range(3)]
            english, sql = rng.choice(TIERS[knobs["tier"]])(rng, databases[0])
            results = [run_reference(db, sql) for db in databases]
            shown = results[0]
            if shown and shown != [[None]] and len({repr(r) for r in results}) == 3:
                break
        question = (
            f"A SQLite database has this schema:\n\n{SCHEMA}\n\nand these rows:\n\n"
            f"{_table_text(databases[0])}\n\n{english}\n\n"
            "Your query will also be run on other databases with the same schema."
        )
        tests = [
            {"fn": "query", "args": [SCHEMA, db, None], "expected": result}
            for db, result in zip(databases, results)
        ]
        meta = {
            "hidden_tests": tests,
            "complexity": knobs["tier"] + knobs["rows"] / 30,
        }
        return Draft(question, sql, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        sql = answer.strip().rstrip(";").strip()
        if not sql:
            return Judgement.unparsable("empty query")
        tests = [
            {**t, "args": [t["args"][0], t["args"][1], sql]} for t in problem.meta["hidden_tests"]
        ]
        return self.run_hidden_tests(problem, RUNNER, tests)
