"""StackQueueSimulation: replay operations on a stack, a queue or a double-ended queue.

The structure starts empty; the prompt lists operations in order. A stack has ``push x`` and
``pop`` (top), a queue ``enqueue x`` (at the back) and ``dequeue`` (from the front), a
deque ``push_front x``, ``push_back x``, ``pop_front`` and ``pop_back``. With ``batch`` an
operation may carry several values (``push 4 9 2`` pushes 4, then 9, then 2) or a count
(``pop 3`` pops three times). No operation ever removes from an empty structure (the
generator tracks the size), at least one value is removed and at least one remains. The
reference replays the operations on a Python list (a direct simulation).

Answer syntax: ``popped: 3, 7; final: 1, 4``: the values removed, in the order they were
removed, and the final contents, bottom to top for a stack and front to back for a queue or
deque (commas or spaces between values; ``[...]`` allowed). The answer is unique; a wrong
answer with one section right scores 0.5 (partial credit).

Knobs: ``structure`` (stack, queue, deque: easiest first), ``operations`` (the number of
operations, 6 at difficulty 0 to 40 at 1) and ``batch`` (multi-value operations, off at
difficulty 0). Difficulty 1: forty interleaved deque operations at both ends, each moving up
to three values, which nobody tracks in their head.
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

_LABELS = {
    "popped": ("popped", "pops", "removed", "popped values", "dequeued", "out"),
    "final": ("final", "final contents", "remaining", "contents", "left"),
}
_ORDER = {"stack": "bottom to top", "queue": "front to back", "deque": "front to back"}


class StackQueueSimulation(Family):
    """Replay push/pop operations on a stack, queue or deque: the removed values and what
    remains."""

    knobs: ClassVar[dict[str, Knob]] = {
        "structure": Knob(
            "categorical", choices=("stack", "queue", "deque"), default="stack", doc="structure"
        ),
        "operations": Knob(
            "int", 4, 80, default=10, easy=6, hard=40, doc="number of operations listed"
        ),
        "batch": Knob("bool", default=False, doc="operations may move up to three values"),
    }
    answer_syntax = (
        "the removed values in removal order and the final contents, as "
        "popped: 3, 7; final: 1, 4 (write empty for no values)"
    )
    answer_form = "popped and final lists"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        kind, count, batch = knobs["structure"], int(knobs["operations"]), bool(knobs["batch"])
        while True:
            ops, popped, items = self._draw(rng, kind, count, batch)
            if popped and items:
                break
        order = _ORDER[kind]
        if kind == "stack":
            rules = "push x puts x on top; pop removes the top value"
        elif kind == "queue":
            rules = "enqueue x adds x at the back; dequeue removes the front value"
        else:
            rules = (
                "push_front x / push_back x add x at the front / back; pop_front / pop_back "
                "remove the value at the front / back"
            )
        if batch:
            rules += (
                ". An operation with several values adds them one at a time in the order "
                "written; a removal with a count n removes n values one at a time"
            )
        question = (
            f"A {kind} starts empty. Apply these operations in order ({rules}):\n"
            + "; ".join(ops)
            + f".\nList every removed value in the order removed, and the final contents of "
            f"the {kind} from {order}."
        )
        meta = {"structure": kind, "operations": ops, "popped": popped, "final": items}
        answer = f"popped: {write_list(popped)}; final: {write_list(items)}"
        return Draft(question, answer, meta)

    @staticmethod
    def _draw(rng: random.Random, kind: str, count: int, batch: bool):
        items: list[int] = []
        popped: list[int] = []
        ops: list[str] = []
        add = {"stack": ["push"], "queue": ["enqueue"], "deque": ["push_front", "push_back"]}
        rem = {"stack": ["pop"], "queue": ["dequeue"], "deque": ["pop_front", "pop_back"]}
        for _ in range(count):
            if items and rng.random() < 0.42:
                name = rng.choice(rem[kind])
                n = rng.randint(1, min(3, len(items))) if batch else 1
                for _ in range(n):
                    if name in ("pop", "pop_back"):
                        popped.append(items.pop())
                    else:
                        popped.append(items.pop(0))
                ops.append(f"{name} {n}" if batch and n > 1 else name)
            else:
                name = rng.choice(add[kind])
                values = [rng.randint(1, 99) for _ in range(rng.randint(1, 3) if batch else 1)]
                for v in values:
                    if name == "push_front":
                        items.insert(0, v)
                    else:
                        items.append(v)
                ops.append(name + " " + " ".join(map(str, values)))
        return ops, popped, items

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            sections = read_sections(answer, _LABELS)
            popped = read_int_list(sections["popped"], "popped list")
            final = read_int_list(sections["final"], "final list")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        good_pop = popped == problem.meta["popped"]
        good_final = final == problem.meta["final"]
        if good_pop and good_final:
            return Judgement.right()
        wrong = [name for name, ok in (("popped", good_pop), ("final", good_final)) if not ok]
        return Judgement.wrong(score=0.5 if len(wrong) == 1 else 0.0, wrong=wrong)

    def complexity(self, problem: Problem) -> float:
        """Values moved: every value added or removed, plus one per distinct operation kind."""
        meta = problem.meta
        kinds = {"stack": 1, "queue": 1, "deque": 2}[meta["structure"]]
        moved = len(meta["popped"]) * 2 + len(meta["final"])
        return float(moved * kinds)
