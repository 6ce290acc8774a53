"""PermutationRank: lexicographic ranks of permutations and of multiset permutations.

All distinct arrangements of a list of numbers (``1..n``, or a multiset such as
``1 1 2 3 3`` where ``repeats`` is set) are listed in lexicographic order and numbered from 1
(the ascending arrangement has rank 1; the prompt says so). One problem asks one of:

* ``rank``: the rank of a given arrangement (answer: an integer);
* ``unrank``: the arrangement with a given rank (answer: the arrangement);
* ``step``: the arrangement ``k`` places after (next) or before (previous) a given one in
  that order (answer: the arrangement).

Reference: the factorial number system (Lehmer code) generalised to multisets: at each
position, the arrangements that start with a smaller available value number
``M * c_v / r`` (``M`` arrangements of the ``r`` remaining items, ``c_v`` copies of ``v``);
ranking sums these, unranking walks them down. The step mode is rank, add ``+-k``, unrank.

Answer syntax: a single integer for a rank; for an arrangement, its numbers in order
separated by spaces (commas and one pair of brackets are accepted too), e.g. ``3 1 4 2``.
Only the exact value is right (the answer is unique).

Knobs: ``n`` (items, 3..16), ``modes`` (``rank`` < ``rank_unrank`` < ``all``: the pool the mode
is drawn from), ``max_step`` (the largest ``k`` of the step mode, 1..10^6) and ``repeats``
(multiset permutations; with ``n = 3`` a multiset has only three arrangements, too few for a
rank the prompt does not print, so those draws fall back to distinct items). Difficulty raises
all four: at difficulty 1 thirteen items with repeats (1e8 to 1e9 arrangements), steps up to a
million, so ranks run to eight or nine digits and must be computed with exact counting, not by
listing.
"""

from __future__ import annotations

import math
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.enumeration import (
    AnswerError,
    multiset_count,
    numbers_in,
    read_integer,
    read_sequence,
)

MODES = {"rank": ["rank"], "rank_unrank": ["rank", "unrank"], "all": ["rank", "unrank", "step"]}


def rank_of(perm: list[int]) -> int:
    """1-based lexicographic rank of ``perm`` among the distinct arrangements of its items."""
    counts: dict[int, int] = {}
    for v in perm:
        counts[v] = counts.get(v, 0) + 1
    remaining = len(perm)
    arrangements = multiset_count(counts)
    rank = 0
    for v in perm:
        for smaller in sorted(counts):
            if smaller >= v:
                break
            rank += arrangements * counts[smaller] // remaining
        arrangements = arrangements * counts[v] // remaining
        remaining -= 1
        counts[v] -= 1
        if not counts[v]:
            del counts[v]
    return rank + 1


def unrank(items: list[int], rank: int) -> list[int]:
    """The arrangement of ``items`` with 1-based lexicographic rank ``rank``."""
    counts: dict[int, int] = {}
    for v in items:
        counts[v] = counts.get(v, 0) + 1
    remaining = len(items)
    arrangements = multiset_count(counts)
    left = rank - 1
    out = []
    while remaining:
        for v in sorted(counts):
            block = arrangements * counts[v] // remaining
            if left < block:
                out.append(v)
                arrangements = block
                remaining -= 1
                counts[v] -= 1
                if not counts[v]:
                    del counts[v]
                break
            left -= block
    return out


def _items(rng: random.Random, n: int, repeats: bool) -> list[int]:
    if not repeats:
        return list(range(1, n + 1))
    distinct = max(2, n - rng.randint(2, max(2, n // 3)))
    items = list(range(1, distinct + 1))
    items += [rng.randint(1, distinct) for _ in range(n - distinct)]
    return sorted(items)


def _show(perm: list[int]) -> str:
    return " ".join(map(str, perm))


class PermutationRank(Family):
    """Rank, unrank or step through the lexicographic order of (multiset) permutations."""

    knobs: ClassVar[dict[str, Knob]] = {
        "n": Knob("int", 3, 16, default=6, easy=4, hard=13, doc="number of items"),
        "modes": Knob(
            "categorical",
            choices=("rank", "rank_unrank", "all"),
            default="all",
            doc="the pool of question kinds: rank; rank or unrank; rank, unrank or step",
        ),
        "max_step": Knob(
            "int", 1, 10**6, default=20, easy=3, hard=10**6, doc="largest k of the step mode"
        ),
        "repeats": Knob("bool", default=False, doc="items may repeat (multiset permutations)"),
    }
    answer_syntax = (
        "a single integer where a rank is asked, or, where an arrangement is asked, its "
        "numbers in order separated by spaces (e.g. 3 1 4 2)"
    )
    answer_form = "integer or number sequence"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, repeats = int(knobs["n"]), bool(knobs["repeats"])
        tries = 0
        while True:
            tries += 1
            if tries > 200:  # n = 3 with repeats has 3 arrangements, and a rank of 2 is
                repeats = False  # always printed in the multiset: use distinct items
            items = _items(rng, n, repeats)
            total = multiset_count([items.count(v) for v in set(items)])
            mode = rng.choice(MODES[knobs["modes"]])
            if repeats:
                what = (
                    f"the multiset {{{', '.join(map(str, items))}}} (each number used exactly as "
                    "many times as it appears)"
                )
            else:
                what = f"the numbers 1 to {n} (each used once)"
            intro = (
                f"List all {total} distinct arrangements of {what} in lexicographic order and "
                "number them from 1: rank 1 is the ascending arrangement and rank "
                f"{total} the descending one."
            )
            step = 0
            if mode == "rank":
                rank = rng.randint(2, total - 1)
                perm = unrank(items, rank)
                question = f"{intro}\n\nWhat is the rank of this arrangement?\n{_show(perm)}"
                answer, kind, target = str(rank), "integer", rank
            elif mode == "unrank":
                rank = rng.randint(2, total - 1)
                perm = unrank(items, rank)
                question = f"{intro}\n\nWhich arrangement has rank {rank}?"
                answer, kind, target = _show(perm), "sequence", perm
            else:
                step = rng.randint(1, max(1, min(int(knobs["max_step"]), total - 2)))
                forward = rng.random() < 0.5
                # the goal is never rank 1 or the last rank (the ascending and descending
                # arrangements, which the prompt names)
                if forward:
                    rank = rng.randint(1, total - 1 - step)
                    goal = rank + step
                else:
                    rank = rng.randint(step + 2, total)
                    goal = rank - step
                start = unrank(items, rank)
                perm = unrank(items, goal)
                where = "after" if forward else "before"
                question = (
                    f"{intro}\n\nStarting from the arrangement\n{_show(start)}\nwhich arrangement "
                    f"comes exactly {step} place{'s' if step != 1 else ''} {where} it in this "
                    "order?"
                )
                answer, kind, target = _show(perm), "sequence", perm
            if kind == "sequence" or target not in numbers_in(question):
                break
        meta = {
            "mode": mode,
            "items": items,
            "kind": kind,
            "target": target,
            "total": total,
            "step": step,
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            read = read_integer if meta["kind"] == "integer" else read_sequence
            value = read(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if meta["kind"] == "sequence" and sorted(value) != meta["items"]:
            return Judgement.wrong(why="not an arrangement of the given numbers")
        if value != meta["target"]:
            return Judgement.wrong(why="not the asked arrangement or rank")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Bits of the number of arrangements plus the digits of the step."""
        meta = problem.meta
        return math.log2(meta["total"]) + len(str(meta["step"])) * (meta["step"] > 0)
