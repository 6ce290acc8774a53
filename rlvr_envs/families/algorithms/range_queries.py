"""RangeQueries: answer a batch of range queries on an array, in order.

An array ``a[1..n]`` of integers and a list of operations, carried out in order:

* ``sum l r``: the sum ``a[l] + ... + a[r]``;
* ``min l r`` / ``max l r``: the smallest / largest of ``a[l..r]``;
* ``set i v``: ``a[i]`` becomes ``v``; ``add i v``: ``v`` is added to ``a[i]`` (point
  updates, which answer nothing and change the later queries' answers).

The answer is the list of the queries' answers in order (one integer per ``sum``, ``min``
or ``max``), unique by construction. With updates, instances are redrawn until ignoring the
updates gives a different list, so every update matters to some query.

Reference: without updates, prefix sums for ``sum`` and a sparse table (doubling, O(n log n)
to build, O(1) per query) for ``min`` and ``max``; with updates, an iterative bottom-up
segment tree per operator (O(log n) per update and query). Tests replay the operations on a
plain list with slicing.

Answer syntax: the answers in order as integers separated by commas (``12, -3, 40``), no
thousands separators; brackets and spaces are accepted. A list of the right length with some
answers wrong earns partial ``score`` (the fraction right), never reward.

Knobs: ``length`` (entries, 5..100), ``queries`` (answered queries, 2..20),
``operations`` (``sum`` < ``sum_min_max`` < ``updates``: sums, min and max, and interleaved
point updates) and ``max_value`` (largest absolute value; negative entries from 100 on).
Difficulty raises all four. At difficulty 1: 60 signed three-digit entries, 12 queries over
long ranges with about six point updates interleaved, so each answer depends on the updates
before it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.queries import AnswerError, read_integers, show_list

QUERIES = ("sum", "min", "max")
_COMBINE: dict[str, Callable[[int, int], int]] = {
    "sum": lambda x, y: x + y,
    "min": min,
    "max": max,
}


class SegmentTree:
    """Iterative bottom-up segment tree over ``values`` for one associative operator."""

    def __init__(self, values: list[int], op: str) -> None:
        self.n = n = len(values)
        self.combine = _COMBINE[op]
        self.tree = [0] * n + list(values)
        for i in range(n - 1, 0, -1):
            self.tree[i] = self.combine(self.tree[2 * i], self.tree[2 * i + 1])

    def update(self, index: int, value: int) -> None:
        """Set the 0-based position ``index`` to ``value``."""
        i = index + self.n
        self.tree[i] = value
        while i > 1:
            i //= 2
            self.tree[i] = self.combine(self.tree[2 * i], self.tree[2 * i + 1])

    def query(self, lo: int, hi: int) -> int:
        """The operator over the 0-based half-open range [lo, hi)."""
        result = None
        lo += self.n
        hi += self.n
        while lo < hi:
            if lo & 1:
                result = self.tree[lo] if result is None else self.combine(result, self.tree[lo])
                lo += 1
            if hi & 1:
                hi -= 1
                result = self.tree[hi] if result is None else self.combine(result, self.tree[hi])
            lo //= 2
            hi //= 2
        return result


def static_answers(values: list[int], ops: list[list]) -> list[int]:
    """Queries without updates: prefix sums and sparse tables."""
    prefix = [0]
    for v in values:
        prefix.append(prefix[-1] + v)
    tables: dict[str, list[list[int]]] = {}
    for op in ("min", "max"):
        pick = _COMBINE[op]
        table = [list(values)]
        width = 1
        while 2 * width <= len(values):
            last = table[-1]
            table.append([pick(last[i], last[i + width]) for i in range(len(last) - width)])
            width *= 2
        tables[op] = table
    answers = []
    for op, left, right in ops:
        if op == "sum":
            answers.append(prefix[right] - prefix[left - 1])
        else:
            level = (right - left + 1).bit_length() - 1
            row = tables[op][level]
            answers.append(_COMBINE[op](row[left - 1], row[right - (1 << level)]))
    return answers


def dynamic_answers(values: list[int], ops: list[list]) -> list[int]:
    """Queries interleaved with point updates: one segment tree per operator."""
    current = list(values)
    trees = {op: SegmentTree(values, op) for op in QUERIES}
    answers = []
    for op, first, second in ops:
        if op in QUERIES:
            answers.append(trees[op].query(first - 1, second))
            continue
        new = second if op == "set" else current[first - 1] + second
        current[first - 1] = new
        for tree in trees.values():
            tree.update(first - 1, new)
    return answers


class RangeQueries(Family):
    """Answer range sum / minimum / maximum queries, with point updates at hard."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 5, 100, default=12, easy=6, hard=60, doc="entries in the array"),
        "queries": Knob("int", 2, 20, default=4, easy=2, hard=12, doc="queries to answer"),
        "operations": Knob(
            "categorical",
            choices=("sum", "sum_min_max", "updates"),
            default="sum_min_max",
            doc="range sums; also range min and max; also interleaved point updates",
        ),
        "max_value": Knob(
            "int",
            9,
            9999,
            default=50,
            easy=9,
            hard=999,
            doc="largest absolute value (negative entries from 100 on)",
        ),
    }
    answer_syntax = (
        "the answers to the queries in order, as integers without thousands separators, "
        "separated by commas (e.g. 12, -3, 40)"
    )
    answer_form = "list of integers"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        attempt = 0
        while True:
            draft = self._draw(rng, knobs, strict=attempt < 200)
            if draft is not None:
                return draft
            attempt += 1

    def _draw(self, rng: random.Random, knobs: dict, strict: bool) -> Draft | None:
        n, count, top = int(knobs["length"]), int(knobs["queries"]), int(knobs["max_value"])
        mode = knobs["operations"]
        low = -top if top >= 100 else 0
        values = [rng.randint(low, top) for _ in range(n)]
        kinds = ("sum",) if mode == "sum" else QUERIES
        ops: list[list] = []
        for _ in range(count):
            left = rng.randint(1, n - 1)
            right = rng.randint(left + 1, n)
            ops.append([rng.choice(kinds), left, right])
        updates = 0
        if mode == "updates":
            updates = max(1, count // 2)
            for _ in range(updates):
                where = rng.randint(1, count - 1)  # before at least one query
                if rng.random() < 0.5:
                    ops.insert(where, ["set", rng.randint(1, n), rng.randint(low, top)])
                else:
                    step = rng.randint(1, max(1, top // 2)) * rng.choice((1, -1))
                    ops.insert(where, ["add", rng.randint(1, n), step])
            answers = dynamic_answers(values, ops)
            ignored = static_answers(values, [op for op in ops if op[0] in QUERIES])
            if strict and answers == ignored:
                return None
        else:
            answers = static_answers(values, ops)
        lines = []
        for op, first, second in ops:
            lines.append(f"{op} {first} {second}")
        explain = {
            "sum": "`sum l r` asks for a[l] + a[l+1] + ... + a[r]",
            "min": "`min l r` asks for the smallest of a[l], ..., a[r]",
            "max": "`max l r` asks for the largest of a[l], ..., a[r]",
            "set": "`set i v` replaces a[i] by v",
            "add": "`add i v` adds v to a[i]",
        }
        used = [name for name in explain if any(op[0] == name for op in ops)]
        rules = "; ".join(explain[name] for name in used)
        tail = (
            " Updates answer nothing but change the array for the operations after them."
            if updates
            else ""
        )
        question = (
            f"Here is an array a[1..{n}] of {n} integers (positions are numbered from 1):\n\n"
            f"{show_list(values)}\n\n"
            f"Carry out these operations in order ({rules}; ranges include both ends).{tail}\n\n"
            + "\n".join(lines)
            + f"\n\nGive the answers of the {count} queries in order, separated by commas."
        )
        meta = {"values": values, "ops": ops, "answers": answers, "updates": updates}
        return Draft(question, ", ".join(map(str, answers)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = read_integers(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        expected = problem.meta["answers"]
        if len(given) != len(expected):
            return Judgement.wrong(why=f"expected {len(expected)} answers, got {len(given)}")
        right = sum(a == b for a, b in zip(given, expected))
        if right == len(expected):
            return Judgement.right()
        return Judgement.wrong(score=right / len(expected), why=f"{right} answers right")

    def complexity(self, problem: Problem) -> float:
        """Entries plus the cells the queries cover, plus updates weighted by the queries
        they affect."""
        meta = problem.meta
        covered = sum(op[2] - op[1] + 1 for op in meta["ops"] if op[0] in QUERIES)
        return len(meta["values"]) + covered + 5 * meta["updates"]
