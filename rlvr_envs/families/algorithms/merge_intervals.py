"""MergeIntervals: merge overlapping closed intervals, and questions about the union.

The prompt lists ``n`` closed intervals ``[start, end]`` with integer endpoints, in no
order. The ``task`` knob picks the question:

* ``merge``: the merged intervals (intervals that overlap or touch become one), sorted by
  start: ``[1, 4], [6, 9]``;
* ``covered``: the merged intervals, a semicolon, then the total length they cover:
  ``[1, 4], [6, 9]; 6``;
* ``gaps``: the uncovered stretches between the leftmost start and the rightmost end, each
  written by its endpoints as ``[4, 6]``, sorted;
* ``remove``: the least number of intervals to remove so that the rest pairwise do not
  overlap (here touching at an endpoint is allowed), a colon, then the numbers of the removed
  intervals (``2: 3, 5``); any smallest removal set is right, a valid larger one is wrong
  with partial credit ``score = optimum / removed``.

Reference: sort by start and sweep (merge, covered, gaps); the earliest-finish greedy for the
largest non-overlapping subset, whose complement is a smallest removal (Gavril 1972). The
first three answers are unique; ``remove`` asks for a witness, checked against the instance.

Knobs: ``intervals`` (5 -> 40), ``max_length`` (the longest interval, 6 -> 60, on a line
that grows with both) and ``task`` (merge, covered, gaps, remove: easiest first). The
generator redraws until at least one merge happens, at least two merged intervals remain and
the listed order is not sorted, so no line of the prompt is itself the answer.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.interval_scheduling import best_selection, conflict
from rlvr_envs.families.algorithms.intervals import (
    AnswerError,
    merge,
    parse_intervals,
    parse_value_and_items,
    write_intervals,
)
from rlvr_envs.numbers import parse_integer

TASKS = ("merge", "covered", "gaps", "remove")


class MergeIntervals(Family):
    """Merge intervals; or the covered length, the gaps, or a least removal to disjointness."""

    knobs: ClassVar[dict[str, Knob]] = {
        "intervals": Knob("int", 3, 80, default=8, easy=5, hard=40, doc="number of intervals"),
        "max_length": Knob("int", 2, 200, default=10, easy=6, hard=60, doc="longest interval"),
        "task": Knob("categorical", choices=TASKS, default="merge", doc="what is asked"),
    }
    answer_syntax = "the answer in the syntax the question states"
    answer_form = "intervals, length or removal set"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, longest, task = int(knobs["intervals"]), int(knobs["max_length"]), knobs["task"]
        line = max(longest + 4, (n * (longest + 1)) // 3)
        while True:
            spans = []
            for _ in range(n):
                length = rng.randint(1, longest)
                start = rng.randint(0, line - length)
                spans.append([start, start + length])
            merged = merge(spans)
            if not (2 <= len(merged) < n and spans != sorted(spans)):
                continue
            if task != "remove" or len(best_selection(spans, None, False)) < n:
                break
        meta: dict = {"intervals": spans, "task": task}
        listing = ", ".join(f"[{a}, {b}]" for a, b in spans)
        head = f"Here are {n} closed intervals [start, end] with integer endpoints"
        if task == "remove":
            keep = best_selection(spans, None, False)
            removed = sorted(set(range(n)) - set(keep))
            meta["best"] = len(removed)
            numbered = "\n".join(f"{i + 1}. [{a}, {b}]" for i, (a, b) in enumerate(spans))
            question = (
                f"{head}, numbered:\n{numbered}\n\nRemove as few intervals as possible so that "
                "no two of the remaining ones overlap (two intervals that only touch at an "
                "endpoint do not overlap). Give how many you remove, a colon, then the numbers "
                "of the removed intervals separated by commas (e.g. 2: 3, 5)."
            )
            answer = f"{len(removed)}: " + ", ".join(str(i + 1) for i in removed)
            return Draft(question, answer, meta)
        meta["merged"] = merged
        merge_rule = "Intervals that overlap or touch (share an endpoint) merge into one."
        if task == "merge":
            ask = (
                "Merge them and give the merged intervals sorted by start, written "
                "[start, end] and separated by commas (e.g. [1, 4], [6, 9])."
            )
            answer = write_intervals(merged)
        elif task == "covered":
            total = sum(b - a for a, b in merged)
            meta["covered"] = total
            ask = (
                "Merge them, then give the merged intervals sorted by start, written "
                "[start, end] and separated by commas, then a semicolon, then the total "
                "length they cover (e.g. [1, 4], [6, 9]; 6)."
            )
            answer = f"{write_intervals(merged)}; {total}"
        else:
            gaps = [[merged[i][1], merged[i + 1][0]] for i in range(len(merged) - 1)]
            meta["gaps"] = gaps
            ask = (
                "Give the gaps: the stretches between the leftmost start and the rightmost "
                "end that no interval covers, each written [from, to] by its endpoints, "
                "sorted and separated by commas (e.g. [4, 6], [9, 12])."
            )
            answer = write_intervals(gaps)
        question = f"{head}:\n{listing}\n\n{merge_rule} {ask}"
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        task = meta["task"]
        if task == "remove":
            return self._check_removal(meta, answer)
        length = None
        if task == "covered":
            head, sep, tail = answer.rpartition(";")
            if not sep:
                return Judgement.unparsable("expected the intervals, a semicolon, the length")
            tail = re.sub(r"^\s*(?:total\s+)?(?:length\s*)?(?:=|:)?\s*", "", tail, flags=re.I)
            length = parse_integer(tail)
            if length is None:
                return Judgement.unparsable("the covered length is not an integer")
            answer = head
        try:
            found = parse_intervals(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        want = meta["gaps"] if task == "gaps" else meta["merged"]
        if [list(x) for x in found] != want:
            return Judgement.wrong(why="the intervals are not the expected ones in order")
        if length is not None and length != meta["covered"]:
            return Judgement.wrong(why="the covered length is wrong")
        return Judgement.right()

    def _check_removal(self, meta: dict, answer: str) -> Judgement:
        try:
            value, items = parse_value_and_items(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        spans = meta["intervals"]
        if len(set(items)) != len(items):
            return Judgement.wrong(why="an interval is removed twice")
        bad = [i for i in items if not 1 <= i <= len(spans)]
        if bad:
            return Judgement.wrong(why=f"there is no interval {bad[0]}")
        if value != len(items):
            return Judgement.wrong(why=f"{len(items)} intervals are listed, not {value}")
        gone = set(items)
        rest = sorted(s for i, s in enumerate(spans, 1) if i not in gone)
        for a, b in itertools.pairwise(rest):
            if conflict(a, b, False):
                return Judgement.wrong(why=f"{a} and {b} still overlap")
        best = meta["best"]
        if len(items) > best:
            return Judgement.wrong(score=best / len(items), why="fewer removals suffice")
        return Judgement.right(removed=len(items))

    def complexity(self, problem: Problem) -> float:
        """Intervals plus answer items, scaled by the task's rank."""
        meta = problem.meta
        rank = TASKS.index(meta["task"]) + 1
        return (len(meta["intervals"]) + len(problem.answer.split(","))) * rank
