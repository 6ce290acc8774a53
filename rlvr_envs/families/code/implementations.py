"""What the Implement* families share: write the function that a family of another domain
asks to compute, graded on hidden tests drawn by that family's own generator.

One generator, two tasks: ``rlvr/LongestIncreasingSubsequence-v0`` asks for the answer on
one sequence; ``rlvr/ImplementLongestIncreasingSubsequence-v0`` asks for a function that
finds it for any sequence. The hidden tests of an Implement family are

- instances drawn by the source family's ``generate`` at the difficulty the ``instances``
  knob names (two more are the prompt's examples),
- edge cases (empty or one-element inputs, ties, unreachable targets, cycles), always:
  the prompt says what the function returns on them, so every problem tests it (a
  program that skips them must not score 1, whatever the difficulty),
- where the source draws only some of the features the statement describes at low
  difficulty (only sums, no IF), one small test that uses them all
  (:meth:`Implementation.coverage_arguments`), for the same reason,
- one large input when ``scale`` > 0, sized so that the intended algorithm needs tens of
  milliseconds and the obvious exponential or quadratic one runs far past the time limit
  (:data:`TIME_LIMIT` seconds for all tests together, or the caller's verify timeout if
  shorter);
- at ``scale`` 0, where the prompt still states limits (``n <= 25``) and the time limit,
  one test at those limits (:meth:`Implementation.limit_arguments`), shaped so that what
  they rule out (trying all 2^n subsets, every simple path, an unmemoised recursion) runs
  far past the time limit while the intended algorithm needs milliseconds: a prompt states
  only what is checked, and what it states is checked at every difficulty (issue 26). It
  is built when grading, from a hash of the stored tests, so problems stay as released.
  As in ``rlvr/Efficiency-v0``, timings never enter a verdict; only pass/fail.
  The problem holds the large input as a seed (``meta["large"] = {"seed", "scale"}``), not
  as tens of thousands of numbers: it is built, with its expected output, when the problem
  is graded (:meth:`Implementation.hidden_tests`, cached for the few problems graded last,
  since a group of completions of one problem is graded together). Generating and storing
  problems stays cheap; grading pays some tens of milliseconds more.

Expected outputs are computed by the source domain's own solver functions (the reference
program shown as the oracle answer is a separate implementation, and a test holds the two
to agree). Where several outputs are right (any longest subsequence, any optimal item
set), the family sets ``judges_outputs`` and :meth:`Implementation.accepts` checks the
output against the test's instance (shape, validity, then optimality against the
reference value) instead of comparing it with one reference output.

Answer syntax: the whole solution as the last fenced Python block (stdlib only).

Knobs shared by every Implement family: ``instances`` (0-1, the difficulty at which the
source family draws the hidden tests) and ``scale`` (0-3; 0: no large input). Difficulty
raises both. The time limit holds at every scale and the prompt always states it.
"""

from __future__ import annotations

import functools
import json
import math
import random
from typing import Any, ClassVar

from rlvr_envs.core import (
    Draft,
    Family,
    Knob,
    Problem,
    canonical_json,
    stable_seed,
    verify_timeout,
)
from rlvr_envs.families.code._base import CodeFamily

TIME_LIMIT = 2.0
SHOWN = 2  # examples in the prompt, drawn like the hidden tests
DRAWN = 8  # hidden tests drawn by the source family's generator
MAX_DRAWS = 200
LARGE_CACHE = 8  # large tests kept built, per family


def call_text(function: str, args: list[Any]) -> str:
    return f"{function}({', '.join(repr(a) for a in args)})"


class Implementation(CodeFamily):
    """Write a function that computes what a family of another domain asks for.

    Subclasses set ``source`` (the family whose generator draws the tests), ``function``,
    ``signature``, ``solution`` (a reference program, the oracle answer) and implement
    :meth:`statement`, :meth:`arguments`, :meth:`reference`, :meth:`edge_arguments` and
    :meth:`large_arguments`; families with several right outputs set ``judges_outputs``
    and implement :meth:`accepts`.
    """

    answer_form = "python program"
    source: ClassVar[type[Family]]
    function: ClassVar[str] = ""
    signature: ClassVar[str] = ""
    solution: ClassVar[str] = ""

    knobs: ClassVar[dict[str, Knob]] = {
        "instances": Knob(
            "float",
            0.0,
            1.0,
            default=0.3,
            doc="difficulty at which the source family draws the hidden tests",
        ),
        "scale": Knob(
            "int",
            0,
            3,
            default=1,
            doc="size of the large hidden input (0: none); the obvious slow algorithm runs "
            "past the time limit on it",
        ),
    }

    _source_family: ClassVar[Family | None] = None

    # -- what each family writes ----------------------------------------------------------
    def statement(self, knobs: dict[str, Any]) -> str:
        """What the function takes, what it returns, and the limits on its inputs."""
        raise NotImplementedError

    def arguments(self, meta: dict[str, Any]) -> list[Any]:
        """The function's arguments for one instance of the source family (its ``meta``)."""
        raise NotImplementedError

    def reference(self, *args: Any) -> Any:
        """The expected output (one right output where several are), computed with the
        source domain's solver functions."""
        raise NotImplementedError

    def edge_arguments(self, rng: random.Random) -> list[list[Any]]:
        """Arguments of the edge-case tests."""
        raise NotImplementedError

    def large_arguments(self, rng: random.Random, scale: int) -> list[Any]:
        """Arguments of the large test at ``scale`` (1-3)."""
        raise NotImplementedError

    def limit_arguments(self, rng: random.Random) -> list[Any] | None:
        """Arguments of the test at the limits the prompt states without a large input
        (``scale`` 0), shaped so that the algorithm those limits rule out (trying every
        subset, every simple path, an unmemoised recursion) runs far past the time limit:
        None where the stated limits rule out nothing that a hidden test could catch."""
        return None

    def coverage_arguments(self, rng: random.Random) -> list[Any] | None:
        """Arguments of one small test that exercises every feature the statement
        describes, for families whose source draws only some of them at low difficulty
        (sums only, no formulas): None where the drawn instances already cover them."""
        return None

    # -- shared ---------------------------------------------------------------------------
    @classmethod
    def source_family(cls) -> Family:
        if cls.__dict__.get("_source_family") is None:
            cls._source_family = cls.source()
        return cls._source_family  # type: ignore[return-value]

    def time_limit(self, problem: Problem) -> float:
        return min(verify_timeout(), TIME_LIMIT)

    def test_for(self, args: list[Any]) -> dict[str, Any]:
        return {"fn": self.function, "args": args, "expected": self.reference(*args)}

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        source = self.source_family()
        source_knobs = source.knobs_for(float(knobs["instances"]))
        drawn: list[dict[str, Any]] = []
        seen: set[str] = set()
        for _ in range(MAX_DRAWS):
            args = self.arguments(source.generate(rng, dict(source_knobs)).meta)
            key = canonical_json(args)
            if key not in seen:
                seen.add(key)
                drawn.append(self.test_for(args))
            if len(drawn) == SHOWN + DRAWN:
                break
        if len(drawn) < SHOWN + DRAWN:  # pragma: no cover - sources draw far more instances
            raise RuntimeError(f"{self.name}: the source drew too few distinct instances")
        tests = drawn[SHOWN:] + [self.test_for(args) for args in self.edge_arguments(rng)]
        coverage = self.coverage_arguments(rng)
        if coverage is not None:
            tests.append(self.test_for(coverage))
        large = None
        if knobs["scale"]:
            large = {"seed": rng.getrandbits(63), "scale": int(knobs["scale"])}
        question = (
            f"Write a Python function `{self.signature}`.\n\n{self.statement(knobs)}\n\n"
            f"{self.examples(drawn[:SHOWN])}\n\nUse only the Python standard library. Your "
            "function will be called on hidden test inputs, edge cases included"
            + (", and on very large ones" if knobs["scale"] else "")
            + f"; all the calls together must finish within {TIME_LIMIT:g} seconds"
            + (", so choose an efficient algorithm." if knobs["scale"] else ".")
        )
        meta = {
            "function": self.function,
            "hidden_tests": tests,
            "large": large,
            "complexity": complexity(tests) + (4.0 * large["scale"] if large else 0.0),
        }
        return Draft(question, self.solution, meta)

    def hidden_tests(self, problem: Problem) -> list[dict[str, Any]]:
        """The stored tests, then the large test built from its seed, or at ``scale`` 0 the
        test at the stated limits (:meth:`limit_arguments`, built from a hash of the stored
        tests: the prompt states those limits and the time limit, so they are enforced)."""
        tests = problem.meta["hidden_tests"]
        large = problem.meta.get("large")
        if large:
            return [*tests, self.large_test(int(large["seed"]), int(large["scale"]))]
        limit = _limit_test(self, stable_seed("stated limits", self.name, tests))
        return tests if limit is None else [*tests, limit]

    def large_test(self, seed: int, scale: int) -> dict[str, Any]:
        """The large test of a problem: a pure function of (family, seed, scale)."""
        return _large_test(self, seed, scale)

    def examples(self, tests: list[dict[str, Any]]) -> str:
        if self.judges_outputs:
            lines = "\n".join(
                f"    {call_text(t['fn'], t['args'])} could return {t['expected']!r}" for t in tests
            )
            return f"Examples (where several outputs are right, any one is accepted):\n{lines}"
        lines = "\n".join(
            f"    {call_text(t['fn'], t['args'])} == {t['expected']!r}" for t in tests
        )
        return f"Examples:\n{lines}"


@functools.lru_cache(maxsize=LARGE_CACHE)
def _large_test(family: Implementation, seed: int, scale: int) -> dict[str, Any]:
    return family.test_for(family.large_arguments(random.Random(seed), scale))


@functools.lru_cache(maxsize=LARGE_CACHE)
def _limit_test(family: Implementation, seed: int) -> dict[str, Any] | None:
    args = family.limit_arguments(random.Random(seed))
    return None if args is None else family.test_for(args)


def complexity(tests: list[dict[str, Any]]) -> float:
    """Bits of input over the hidden tests: rises with the instances' size, the edge cases
    and the large input."""
    return sum(math.log2(2 + len(json.dumps(t["args"]))) for t in tests)
