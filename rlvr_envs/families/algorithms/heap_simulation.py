"""HeapSimulation: replay inserts and extractions on a priority queue or on a binary heap array.

The heap starts empty; the prompt lists operations ``insert x`` and ``extract`` (remove the
smallest value of a min-heap, the largest of a max-heap). All values are distinct, no
extraction meets an empty heap, at least one value is extracted and at least one remains.

Two tasks:

* ``extract``: the extracted values in order and the remaining values in the order they
  would be extracted next: ``extracted: 3, 5; remaining: 7, 9``;
* ``array``: the heap is a binary heap in an array (index 0 is the root, the children of
  index i are 2i+1 and 2i+2). ``insert`` appends the value and sifts it up: while it is not
  at the root and is smaller (min-heap; larger for a max-heap) than its parent, swap them.
  ``extract`` removes the root, moves the last element to index 0 and sifts it down: while
  it has a child, take the child that is smaller (larger), the left one if only one exists,
  and swap when that child is smaller (larger) than it, else stop. With distinct values
  these rules make the final array unique: ``extracted: 3, 5; array: 7, 9, 8``.

The reference runs those textbook sift-up and sift-down procedures (Williams 1964, Algorithm
232 "Heapsort") on a Python list.

Answer syntax: sections separated by semicolons, each ``label: values`` with the values
separated by commas (``extracted: 3, 5; remaining: 7, 9`` or ``extracted: 3, 5; array: 7, 9,
8``, as the question asks). The answer is unique; one right section scores 0.5 (partial
credit).

Knobs: ``order`` (min, max), ``operations`` (6 at difficulty 0 to 30 at 1) and ``task``
(extract, array). Difficulty 1: thirty operations on a max-heap array with sift-downs after
each extraction, where the exact array positions must be tracked.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.structures import (
    AnswerError,
    read_int_list,
    read_sections,
    write_list,
)

_EXTRACTED = ("extracted", "extracts", "extracted values", "popped", "removed")
_REMAINING = ("remaining", "remaining values", "final", "rest", "left")
_ARRAY = ("array", "heap", "heap array", "final array", "final heap")


def heap_push(heap: list[int], value: int, sign: int) -> None:
    """Append and sift up (sign 1: min-heap, -1: max-heap)."""
    heap.append(value)
    i = len(heap) - 1
    while i > 0:
        parent = (i - 1) // 2
        if sign * heap[i] < sign * heap[parent]:
            heap[i], heap[parent] = heap[parent], heap[i]
            i = parent
        else:
            break


def heap_pop(heap: list[int], sign: int) -> int:
    """Remove the root, move the last element up and sift it down."""
    top = heap[0]
    last = heap.pop()
    if heap:
        heap[0] = last
        i, n = 0, len(heap)
        while True:
            child = 2 * i + 1
            if child >= n:
                break
            if child + 1 < n and sign * heap[child + 1] < sign * heap[child]:
                child += 1
            if sign * heap[child] < sign * heap[i]:
                heap[i], heap[child] = heap[child], heap[i]
                i = child
            else:
                break
    return top


class HeapSimulation(Family):
    """Replay a priority queue: the extracted values and the remaining ones, or the array."""

    knobs: ClassVar[dict[str, Knob]] = {
        "order": Knob("categorical", choices=("min", "max"), default="min", doc="heap order"),
        "operations": Knob(
            "int", 4, 60, default=10, easy=6, hard=30, doc="number of operations listed"
        ),
        "task": Knob(
            "categorical",
            choices=("extract", "array"),
            default="extract",
            doc="extraction order and remaining values, or the final heap array",
        ),
    }
    answer_syntax = (
        "the sections the question asks for, separated by semicolons, each label: values "
        "(e.g. extracted: 3, 5; remaining: 7, 9)"
    )
    answer_form = "extracted and heap lists"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        order, count, task = knobs["order"], int(knobs["operations"]), knobs["task"]
        sign = 1 if order == "min" else -1
        while True:
            pool = rng.sample(range(1, 100), count)
            heap: list[int] = []
            ops: list[str] = []
            extracted: list[int] = []
            for value in pool:
                if heap and rng.random() < 0.38:
                    extracted.append(heap_pop(heap, sign))
                    ops.append("extract")
                else:
                    heap_push(heap, value, sign)
                    ops.append(f"insert {value}")
            if extracted and heap:
                break
        word = "smallest" if order == "min" else "largest"
        question = (
            f"A {order}-heap of integers starts empty; extract removes and returns the {word} "
            f"value. All values are distinct. Operations in order:\n" + "; ".join(ops) + ".\n"
        )
        if task == "extract":
            rest = sorted(heap, key=lambda v: sign * v)
            question += (
                "Give the extracted values in the order extracted, and the values still in "
                f"the heap in the order they would be extracted next ({word} first), as "
                "extracted: ...; remaining: ..."
            )
            answer = f"extracted: {write_list(extracted)}; remaining: {write_list(rest)}"
            final = rest
        else:
            cmp = "smaller" if order == "min" else "larger"
            question += (
                "The heap is a binary heap stored in an array: index 0 is the root and the "
                "children of index i are 2i+1 and 2i+2. insert appends the value and sifts it "
                f"up: while it is not the root and is {cmp} than its parent, swap them. "
                "extract removes the root, moves the last element to index 0 and sifts it "
                f"down: while it has a child, take the {cmp} of its children (its only child "
                f"if it has one child) and swap them if that child is {cmp} than the sifted "
                "value, else stop. Give the extracted "
                "values in order and the final array from index 0, as "
                "extracted: ...; array: ..."
            )
            answer = f"extracted: {write_list(extracted)}; array: {write_list(heap)}"
            final = list(heap)
        meta = {"order": order, "task": task, "operations": ops}
        meta.update(extracted=extracted, final=final)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        second = _REMAINING if meta["task"] == "extract" else _ARRAY
        try:
            sections = read_sections(answer, {"extracted": _EXTRACTED, "final": second})
            extracted = read_int_list(sections["extracted"], "extracted list")
            final = read_int_list(sections["final"], second[0] + " list")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        good = [extracted == meta["extracted"], final == meta["final"]]
        if all(good):
            return Judgement.right()
        return Judgement.wrong(score=0.5 if any(good) else 0.0, extracted_ok=good[0])

    def complexity(self, problem: Problem) -> float:
        """Operations, doubled where the array positions must be tracked."""
        meta = problem.meta
        return float(len(meta["operations"]) * (2 if meta["task"] == "array" else 1))
