"""Hidden-test grading on the host: what came back from the jail against what was expected.

The jail receives the program and the test *inputs* only. For function tests the harness
in the run writes one JSON line per test on the results channel (fd 3): ``{"i": k, "v":
value}`` or ``{"i": k, "e": "error"}``. Here, outside the jail, each line is decoded into
plain Python data (no object the program created survives ``json.loads``) and compared with
the expected value by :func:`same_value`, which is type-aware (``True`` is not ``1``) and
tolerant for floats. For stdio tests each input is its own run and stdout is compared after
trimming trailing whitespace. Nothing the program prints on stdout counts for function
tests, and its exit code counts for nothing.

A function test with ``"args_unchanged": True`` also fails when the call leaves its
arguments changed (a statement that says "do not modify the lists you are given"): the
harness sends the arguments back as the call left them, next to the value, and they are
compared here with the inputs, as values are.

Where several outputs are right (any longest subsequence, any shortest path), the caller
passes a ``judge(test, output) -> bool`` that checks the output against the test's instance
instead of comparing it with ``expected`` (which is then one right output, for feedback).
It receives the whole decoded value (or the program's stdout as text), never cut; a judge
that raises on a value it cannot read (ValueError, TypeError, KeyError, IndexError,
RecursionError) counts that output as wrong.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from rlvr_envs.sandbox.results import RawRun, TestReport

FLOAT_REL = 1e-6
FLOAT_ABS = 1e-9
GOT_CHARS = 2000  # how much of an actual value a report (and a feedback message) carries
SEVERITY = ("ok", "runtime_error", "output_exceeded", "memory_exceeded", "killed", "timeout")

Judge = Callable[[Mapping[str, Any], Any], bool]
"""``judge(test, output)``: whether a program's output is right for ``test``."""


def same_value(expected: Any, got: Any) -> bool:
    """Structural equality of JSON data: bools are not numbers, floats compare within
    ``FLOAT_REL``/``FLOAT_ABS``, an int expected accepts an integral float, lists and dicts
    compare element by element (tuples arrive as lists)."""
    if isinstance(expected, bool) or isinstance(got, bool):
        return type(expected) is type(got) and expected == got
    if isinstance(expected, (int, float)) and isinstance(got, (int, float)):
        if isinstance(expected, int) and isinstance(got, int):
            return expected == got
        e, g = float(expected), float(got)
        if math.isnan(e) or math.isnan(g):
            return math.isnan(e) and math.isnan(g)
        return math.isclose(e, g, rel_tol=FLOAT_REL, abs_tol=FLOAT_ABS)
    if isinstance(expected, str) or isinstance(got, str):
        return type(expected) is type(got) and expected == got
    if expected is None or got is None:
        return expected is None and got is None
    if isinstance(expected, list) and isinstance(got, list):
        return len(expected) == len(got) and all(map(same_value, expected, got))
    if isinstance(expected, dict) and isinstance(got, dict):
        return expected.keys() == got.keys() and all(
            same_value(expected[k], got[k]) for k in expected
        )
    return False


def normalise_stdout(text: str) -> str:
    """Trailing whitespace of each line and trailing blank lines do not count."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def _short(value: Any) -> Any:
    text = json.dumps(value) if not isinstance(value, str) else value
    if len(text) <= GOT_CHARS:
        return value
    return text[:GOT_CHARS] + "..."


def parse_results(data: bytes, count: int) -> dict[int, dict[str, Any]]:
    """Per-test records from the results channel: the first well-formed one per index.
    A record whose line is short is marked ``"short"``: its value needs no cutting."""
    found: dict[int, dict[str, Any]] = {}
    for line in data.splitlines():
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if not isinstance(record, dict):
            continue
        index = record.get("i")
        if type(index) is not int or not 0 <= index < count or index in found:
            continue
        if "v" in record or isinstance(record.get("e"), str):
            record["short"] = len(line) <= GOT_CHARS  # the value's JSON is part of the line
            found[index] = record
    return found


def _accepted(judge: Judge | None, test: Mapping[str, Any], output: Any) -> bool:
    """``same_value`` with the expected value, or the caller's judge where it gives one."""
    if judge is None:
        return same_value(test["expected"], output)
    try:
        return bool(judge(test, output))
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):
        return False  # an output of the wrong shape is a wrong output


def _modified(test: Mapping[str, Any], record: Mapping[str, Any]) -> str | None:
    """For a test with ``args_unchanged``: an error when the call changed its arguments (the
    harness sends them back as the call left them, and they are compared here with the
    inputs), else None."""
    if not test.get("args_unchanged"):
        return None
    before = [list(test.get("args", [])), dict(test.get("kwargs", {}))]
    if not same_value(before, record.get("a")):
        return "the function modified its arguments (the statement says not to)"
    return None


def _worst(statuses: Sequence[str]) -> str:
    return max(statuses, key=SEVERITY.index) if statuses else "ok"


def _error_of(raw: RawRun) -> str:
    if raw.status == "timeout":
        return "timeout: the program ran past its time limit"
    if raw.status == "memory_exceeded":
        return "MemoryError: the program ran past its memory limit"
    if raw.status == "output_exceeded":
        return "the program's output ran past its limit"
    tail = raw.stderr.decode("utf-8", errors="replace").strip().splitlines()
    return (tail[-1] if tail else f"the program stopped ({raw.status})")[:500]


def _function_tests(
    sandbox: Any,
    source: str,
    tests: list[Mapping[str, Any]],
    timeout: float,
    memory_mb: int,
    tmp_mb: int,
    judge: Judge | None = None,
) -> TestReport:
    calls = [
        {"fn": str(t["fn"]), "args": list(t.get("args", [])), "kwargs": dict(t.get("kwargs", {}))}
        for t in tests
    ]
    for call, test in zip(calls, tests, strict=True):
        if test.get("args_unchanged"):
            call["args_unchanged"] = True
    raw = sandbox.execute({"source": source, "tests": calls}, b"", timeout, memory_mb, tmp_mb)
    records = parse_results(raw.results, len(tests))
    results = []
    for index, test in enumerate(tests):
        expected = test["expected"]
        record = records.get(index)
        if record is None:
            results.append(
                {"ok": False, "got": None, "expected": expected, "error": _error_of(raw)}
            )
        elif "v" in record:
            got = record["v"] if record["short"] else _short(record["v"])
            error = _modified(test, record)
            ok = error is None and _accepted(judge, test, record["v"])
            results.append({"ok": ok, "got": got, "expected": expected, "error": error})
        else:
            results.append(
                {"ok": False, "got": None, "expected": expected, "error": record["e"][:500]}
            )
    passed = sum(r["ok"] for r in results)
    return TestReport(passed, len(tests), results, raw.status, raw.wall_s, raw.cpu_s, raw.isolation)


def _stdio_tests(
    sandbox: Any,
    source: str,
    tests: list[Mapping[str, Any]],
    timeout: float,
    memory_mb: int,
    tmp_mb: int,
    judge: Judge | None = None,
) -> TestReport:
    def one(test: Mapping[str, Any]) -> RawRun:
        stdin = str(test.get("stdin", "")).encode("utf-8", errors="replace")
        return sandbox.execute({"source": source}, stdin, timeout, memory_mb, tmp_mb)

    workers = min(len(tests), sandbox.slots * len(sandbox._zygotes))
    if workers > 1:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            raws = list(pool.map(one, tests))
    else:
        raws = [one(t) for t in tests]
    results = []
    for test, raw in zip(tests, raws):
        expected = str(test["expected_stdout"])
        got = raw.stdout.decode("utf-8", errors="replace")
        if raw.status != "ok":
            ok = False
        elif judge is None:
            ok = normalise_stdout(got) == normalise_stdout(expected)
        else:
            ok = _accepted(judge, test, normalise_stdout(got))
        error = None if raw.status == "ok" else _error_of(raw)
        results.append({"ok": ok, "got": _short(got), "expected": expected, "error": error})
    passed = sum(r["ok"] for r in results)
    return TestReport(
        passed,
        len(tests),
        results,
        _worst([raw.status for raw in raws]),
        max((raw.wall_s for raw in raws), default=0.0),
        sum(raw.cpu_s for raw in raws),
        sandbox.isolation,
    )


def run_tests(
    sandbox: Any,
    source: str,
    tests: Sequence[Mapping[str, Any]],
    timeout: float,
    memory_mb: int,
    tmp_mb: int = 64,
    judge: Judge | None = None,
) -> TestReport:
    """See :func:`rlvr_envs.sandbox.run_tests`."""
    tests = list(tests)
    if not tests:
        raise ValueError("run_tests needs at least one test")
    functions = [t for t in tests if "fn" in t]
    stdio = [t for t in tests if "fn" not in t]
    for test in functions:
        if "expected" not in test:
            raise ValueError(f"function test without 'expected': {sorted(test)}")
    for test in stdio:
        if "expected_stdout" not in test:
            raise ValueError(f"test is neither a function call nor stdio: {sorted(test)}")
    if functions and stdio:
        raise ValueError("one run_tests call takes function tests or stdio tests, not both")
    if functions:
        return _function_tests(sandbox, source, functions, timeout, memory_mb, tmp_mb, judge)
    return _stdio_tests(sandbox, source, stdio, timeout, memory_mb, tmp_mb, judge)
