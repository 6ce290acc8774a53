"""SqlDatabaseTool: the policy turns the question's English into its own SQL, runs it with
the sql tool and answers the result; writes, runaway queries and stacked statements are
refused in bounded time."""

from __future__ import annotations

import json
import re
import sqlite3
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.interactive.sql_database_tool import SCHEMA, tables
from tests.families.interactive.helpers_tools import FORMATS, final, play

ID = "rlvr/SqlDatabaseTool-v0"
CONDITIONS = [
    (r"in the (\w+) department", "e.department = '{}'"),
    (r"in a department based in (\w+)", "d.city = '{}'"),
    (r"hired after (\d+)", "e.hired > {}"),
    (r"earning more than (\d+)", "e.salary > {}"),
]


def sql_for(prompt: str) -> str:
    question = prompt.split("(the rows are hidden):")[1].split("\n\n")[2]
    where = " AND ".join(
        sql.format(found) for pattern, sql in CONDITIONS for found in re.findall(pattern, question)
    )
    source = "employees e JOIN departments d ON d.name = e.department"
    if question.startswith("What is the total salary"):
        return f"SELECT SUM(e.salary) FROM {source} WHERE {where}"
    if question.startswith("How many"):
        return f"SELECT COUNT(*) FROM {source} WHERE {where}"
    return f"SELECT e.name FROM {source} WHERE {where} ORDER BY e.salary DESC LIMIT 1"


def policy(prompt, seen):
    if not seen:
        return [("sql", {"query": sql_for(prompt)})]
    return seen[-1][0].splitlines()[1].strip()


def expected(problem) -> str:
    """The answer by the test's SQL on its own sqlite3 copy of the rows."""
    departments, employees = tables(problem.meta["seed"], problem.knobs["rows"])
    db = sqlite3.connect(":memory:")
    db.executescript(SCHEMA)
    db.executemany("INSERT INTO departments VALUES (?, ?, ?)", departments)
    db.executemany("INSERT INTO employees VALUES (?, ?, ?, ?, ?)", employees)
    (value,) = db.execute(sql_for(problem.prompt)).fetchone()
    return str(value)


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_sql_policy_solves_in_each_format(fmt):
    for seed in range(6):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
        turn, attempts = play(problem, policy, fmt)
        assert turn.verdict.correct, turn.observation
        assert f"<answer>{expected(problem)}</answer>" in attempts[-1]


def test_wrong_answers_lose():
    for seed in range(10):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=1.0)
        value = expected(problem)
        assert final(problem, value).verdict.correct
        wrong = "Nobody Here" if problem.meta["kind"] == "who" else str(int(value) + 7)
        assert final(problem, wrong).verdict.details["status"] == "lost"


@pytest.mark.parametrize(
    ("query", "why"),
    [
        ("DELETE FROM employees", "not authorized"),
        ("UPDATE employees SET salary = 0", "not authorized"),
        ("DROP TABLE employees", "not authorized"),
        ("INSERT INTO departments VALUES ('x', 'y', 1)", "not authorized"),
        ("ATTACH DATABASE '/tmp/rlvr-hostile.db' AS other", "not authorized"),
        ("PRAGMA writable_schema = 1", "not authorized"),
        ("SELECT 1; DROP TABLE employees", "one statement"),
        (
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
            "SELECT count(*) FROM c",
            "steps",
        ),
        ("SELECT count(*) FROM employees a, employees b, employees c, employees d", "steps"),
        # one call that would build a gigabyte in the env's own process
        ("SELECT length(randomblob(900000000))", "too big"),
        ("SELECT length(replace(hex(zeroblob(40000000)), '0', 'ab'))", "too big"),
    ],
)
def test_writes_and_runaway_queries_are_refused(query, why):
    problem = rlvr_envs.make_task(ID).generate(2, knobs={"calls": 5}, difficulty=1.0)
    count = '<tool name="sql">SELECT COUNT(*) FROM employees</tool>'
    started = time.process_time()
    turn = rlvr_envs.respond(problem, [f'<tool name="sql">{query}</tool>', count])
    assert time.process_time() - started < 3
    first = rlvr_envs.respond(problem, [f'<tool name="sql">{query}</tool>'])
    assert "error" in first.observation and why in first.observation, first.observation
    rows = problem.knobs["rows"]
    assert f"[sql] COUNT(*)\n{rows}" in turn.observation  # the data are untouched
    assert not turn.done


def test_at_most_twenty_rows_come_back():
    problem = rlvr_envs.make_task(ID).generate(3, difficulty=0.5)
    turn = rlvr_envs.respond(problem, ['<tool name="sql">SELECT id FROM employees</tool>'])
    body = turn.observation.split("\n\n")[0].splitlines()
    assert body[1:21] == [str(k) for k in range(1, 21)] and "more rows" in body[21]


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=80))
def test_any_query_text_gets_a_bounded_reply(query):
    problem = rlvr_envs.make_task(ID).generate(4, difficulty=0.5)
    function = {"name": "sql", "arguments": json.dumps({"query": query})}
    call = json.dumps({"type": "function", "function": function})
    turn = rlvr_envs.respond(problem, [call])
    assert turn.observation.startswith("[sql] ") and not turn.done
    assert len(turn.observation.split("\n\n")[0]) <= 2100


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 30), st.integers(0, 10**7))
def test_only_the_queried_value_is_right(seed, guess):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.3)
    if problem.meta["kind"] != "who":
        verdict = rlvr_envs.verify(problem, f"<answer>{guess}</answer>")
        assert verdict.correct == (str(guess) == expected(problem))
