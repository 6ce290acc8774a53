"""What every code family shares: programs are graded by hidden tests in the sandbox.

A family whose answer is a program (answer format ``code``: the last fenced Python block)
keeps its hidden tests in ``problem.meta["hidden_tests"]`` (never in the prompt) and grades
with :func:`rlvr_envs.sandbox.run_tests`: the program runs isolated, its return values come
back as JSON, and the comparison happens here. Reward needs every hidden test to pass;
``score`` is the fraction passed. Families whose answer is a value (output prediction)
parse it as a Python literal, never by evaluating it.

Making any family that runs code starts the sandbox (:func:`rlvr_envs.sandbox.require`),
so a machine without the jail fails when the task or env is made, with the fix in the
error, not in the middle of training.
"""

from __future__ import annotations

import ast
import json
from typing import Any, ClassVar

from rlvr_envs import sandbox
from rlvr_envs.core import Family, Judgement, Problem, Verdict, verify_timeout

MAX_LITERAL_DEPTH = 50
SHOWN_CHARS = 300  # how much of a value a feedback message quotes


class CodeFamily(Family):
    """A family graded by running code in the sandbox.

    ``needs_sandbox`` (default True) makes the family start the sandbox when it is made.
    ``memory_mb`` is each run's address-space limit. :meth:`time_limit` is each run's
    wall-clock limit: the caller's verify timeout unless the family sets its own. A family
    whose tests have several right outputs sets ``judges_outputs`` and overrides
    :meth:`accepts`, which then decides each test instead of the comparison with
    ``expected``.
    """

    answer_format = "code"
    answer_syntax = "your complete solution"
    unique_answer = False
    single_answer = False  # code says "or" and "?" freely: no hedging check
    needs_sandbox: ClassVar[bool] = True
    memory_mb: ClassVar[int] = 512
    judges_outputs: ClassVar[bool] = False

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.needs_sandbox:
            sandbox.require(sandbox.default_isolation())

    def time_limit(self, problem: Problem) -> float:
        return verify_timeout()

    def accepts(self, test: dict[str, Any], output: Any) -> bool:
        """Whether ``output`` (a function's decoded return value, or a program's stdout with
        trailing whitespace trimmed) is right for ``test``; used when ``judges_outputs``.
        Raise ValueError/TypeError/KeyError/IndexError on an output of the wrong shape."""
        raise NotImplementedError(f"{self.name} sets judges_outputs without accepts()")

    def hidden_tests(self, problem: Problem) -> list[dict[str, Any]]:
        """The tests a program is graded on: ``meta["hidden_tests"]`` unless the family
        builds some of them from the problem's meta when grading (large inputs)."""
        return problem.meta["hidden_tests"]

    def grade(
        self, problem: Problem, source: str, tests: list[dict[str, Any]] | None = None
    ) -> sandbox.TestReport:
        """Run ``source`` on the hidden tests (or on ``tests``) in the sandbox."""
        return sandbox.run_tests(
            source,
            self.hidden_tests(problem) if tests is None else tests,
            timeout=self.time_limit(problem),
            memory_mb=self.memory_mb,
            isolation=sandbox.default_isolation(),
            judge=self.accepts if self.judges_outputs else None,
        )

    def run_hidden_tests(
        self, problem: Problem, source: str, tests: list[dict[str, Any]] | None = None
    ) -> Judgement:
        """Grade ``source``: right when every test passes, else ``score`` = share passed."""
        tests = self.hidden_tests(problem) if tests is None else tests
        return judgement_of(self.grade(problem, source, tests), tests)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return self.run_hidden_tests(problem, answer)

    def complexity(self, problem: Problem) -> float:
        return float(problem.meta.get("complexity", 0.0))


def describe_input(test: dict[str, Any]) -> str:
    """``f(1, [2])`` for a function test, the stdin text for a stdio test."""
    if "fn" in test:
        args = ", ".join(repr(a) for a in test.get("args", []))
        kwargs = ", ".join(f"{k}={v!r}" for k, v in test.get("kwargs", {}).items())
        return f"{test['fn']}({', '.join(p for p in (args, kwargs) if p)})"
    return f"stdin {test.get('stdin', '')!r}"


def _short(value: Any) -> str:
    text = value if isinstance(value, str) and not value.startswith("{") else repr(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "..."


def judgement_of(report: sandbox.TestReport, tests: list[dict[str, Any]]) -> Judgement:
    """A Judgement from a TestReport; details name the first failing test (for feedback)."""
    details: dict[str, Any] = {
        "passed": report.passed,
        "total": report.total,
        "status": report.status,
    }
    for test, result in zip(tests, report.results):
        if not result["ok"]:
            details["failure"] = {
                "input": _short(describe_input(test)),
                "expected": _short(result["expected"]),
                "got": None if result["got"] is None else _short(result["got"]),
                "error": result["error"],
            }
            break
    if report.all_passed:
        return Judgement.right(**details)
    score = report.score
    if report.status == "timeout":
        return Judgement(False, score, "timeout", details)
    return Judgement.wrong(score=score, **details)


def repair_feedback(family: Family, problem: Problem, verdict: Verdict) -> str:
    """The observation after a failed attempt: the failing test's input, expected and
    actual output, or the error (``rlvr/CodeRepair-v0`` and friends)."""
    failure = verdict.details.get("failure")
    if verdict.reason in ("no_answer", "unparsable") or not failure:
        head = "I could not find a Python code block in your answer."
    else:
        passed, total = verdict.details.get("passed", 0), verdict.details.get("total", 0)
        lines = [
            f"Your code passed {passed} of {total} tests. It fails on:",
            f"    {failure['input']}",
            f"expected: {failure['expected']}",
        ]
        if failure.get("error"):
            lines.append(f"error: {failure['error']}")
        else:
            lines.append(f"got:      {failure['got']}")
        head = "\n".join(lines)
    return f"{head}\n\nFix the function and give the whole corrected solution.\n" + (
        family.instruction()
    )


def parse_literal(text: str) -> tuple[bool, Any]:
    """A Python literal (numbers, strings, lists, tuples, dicts, True/False/None) from model
    text, never evaluated: ``ast.literal_eval`` after a cheap nesting-depth guard."""
    depth = 0
    for char in text:
        if char in "([{":
            depth += 1
            if depth > MAX_LITERAL_DEPTH:
                return False, None
        elif char in ")]}":
            depth -= 1
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, None
    return True, _as_json(value)


def _as_json(value: Any) -> Any:
    """Tuples become lists (what comes back from the sandbox), sets stay unhashable-safe."""
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError):
        return value
