"""SubsetSum: pick numbers (by position) that add up to a target, or show that none do.

The numbers are distinct whole numbers, each larger than how many there are (so a list of
them copied from the prompt is never a list of valid positions). Most targets are the sum
of a random subset of at least two numbers (and not itself one of the numbers); about one
in seven is a sum no subset reaches, drawn at most ``total - min(numbers)`` (above that
only the total is reachable, and the best sum below would need no search). The reference is
the subset-sum dynamic programme over reachable sums (Bellman; here a bitset of reachable
sums per prefix, shifted and or-ed for each number), which also reads back a witness.

Answer syntax: the positions (numbered from 1) of the chosen numbers separated by commas
(``2, 5, 7``). When no subset adds up to the target: ``none:`` followed by the positions of
a subset whose sum is the largest sum below the target (``none: 1, 4``), the certificate
the verifier checks with the same dynamic programme, so a bare ``none`` earns nothing.
Any right subset is accepted; out-of-range or repeated positions, wrong sums and, for
``none``, a subset whose sum is not the largest below the target score 0.

Knobs: ``size`` (how many numbers, 6 -> 24), ``max_value`` (largest number, 20 -> 2000)
and ``subset`` (the fraction of the numbers in the planted subset, 0.3 -> 0.5, so the
witness grows). Difficulty raises all three.
"""

from __future__ import annotations

import math
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.optimisation import AnswerError, drop_label, int_list
from rlvr_envs.numbers import normalise

NONE_RATE = 0.15
_NONE = re.compile(r"none\s*(?:[:;,.-]\s*|\s)?(.*)", re.IGNORECASE | re.DOTALL)


def prefix_sums(numbers: list[int]) -> list[int]:
    """Bitsets of the sums reachable with the first i numbers, for i = 0..n."""
    reach = [1]
    for x in numbers:
        reach.append(reach[-1] | (reach[-1] << x))
    return reach


def witness(numbers: list[int], reach: list[int], total: int) -> list[int]:
    """0-based positions of a subset adding up to ``total`` (which must be reachable)."""
    chosen = []
    for i in range(len(numbers), 0, -1):
        if not (reach[i - 1] >> total) & 1:
            chosen.append(i - 1)
            total -= numbers[i - 1]
    return sorted(chosen)


def best_below(reach: int, target: int) -> int:
    """The largest reachable sum smaller than ``target``."""
    return (reach & ((1 << target) - 1)).bit_length() - 1


class SubsetSum(Family):
    """Positions of numbers adding up to the target, or ``none:`` with the best sum below."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 40, default=10, easy=6, hard=24, doc="how many numbers"),
        "max_value": Knob(
            "int", 20, 100_000, default=100, easy=20, hard=2000, doc="largest number"
        ),
        "subset": Knob(
            "float", 0.2, 0.6, default=0.35, easy=0.3, hard=0.5,
            doc="fraction of the numbers in the planted subset",
        ),
    }  # fmt: skip
    answer_syntax = (
        "the positions (numbered from 1) of the chosen numbers separated by commas "
        "(e.g. 2, 5, 7), or, if no subset adds up to the target, none: followed by the "
        "positions of a subset whose sum is the largest sum below the target "
        "(e.g. none: 1, 4)"
    )
    answer_form = "positions or none with a best subset"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = int(knobs["size"]), int(knobs["max_value"])
        top = max(top, 3 * n + 3)
        numbers = rng.sample(range(n + 1, top + 1), n)
        reach = prefix_sums(numbers)
        total = sum(numbers)
        target = None
        if rng.random() < NONE_RATE:
            full = reach[-1]
            # Above total - min(numbers) every sum but the total is obviously unreachable
            # (and the best below is "all but the smallest"): such targets are not drawn.
            low, high = max(numbers) + 1, total - min(numbers)
            if high - low <= 100_000:
                bits = format(full, "b")[::-1]  # bits[s] == "1": s is reachable
                misses = [low + m.start() for m in re.finditer("0", bits[low:high])]
                target = rng.choice(misses) if misses else None
            elif high > low:  # very large sums (explicit knobs only): probe at random
                probes = (rng.randrange(low, high) for _ in range(256))
                target = next((s for s in probes if not (full >> s) & 1), None)
        if target is None:
            k = min(n, max(2, round(n * float(knobs["subset"]))))
            while True:
                chosen = sorted(rng.sample(range(n), k))
                target = sum(numbers[i] for i in chosen)
                if target not in numbers:
                    break
                k = min(n, k + 1)
        possible = bool((reach[-1] >> target) & 1)
        if possible:
            chosen = witness(numbers, reach, target)
            answer = ", ".join(str(i + 1) for i in chosen)
            best = target
        else:
            best = best_below(reach[-1], target)
            chosen = witness(numbers, reach, best)
            answer = "none: " + ", ".join(str(i + 1) for i in chosen)
        listed = ", ".join(map(str, numbers))
        question = (
            f"Here are {n} numbers, at positions 1 to {n} in order:\n{listed}\n\n"
            f"Choose some of them (each position at most once) whose sum is exactly "
            f"{target}, and give their positions."
        )
        meta = {
            "numbers": numbers,
            "target": target,
            "possible": possible,
            "best_below": best,
            "witness_size": len(chosen),
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        numbers, target = meta["numbers"], meta["target"]
        text = normalise(answer).strip()
        match = _NONE.fullmatch(text)
        try:
            positions = int_list(drop_label(match[1] if match else text), "positions")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        n = len(numbers)
        if any(not 1 <= p <= n for p in positions):
            return Judgement.wrong(why=f"positions run from 1 to {n}")
        if len(set(positions)) != len(positions):
            return Judgement.wrong(why="a position is used twice")
        total = sum(numbers[p - 1] for p in positions)
        if match is None:
            if total != target:
                return Judgement.wrong(why=f"the numbers add up to {total}, not {target}")
            return Judgement.right()
        if meta["possible"]:
            return Judgement.wrong(why="a subset adds up to the target")
        # Confirm the certificate with the bitset DP rather than trusting meta alone.
        reach = prefix_sums(numbers)[-1]
        if (reach >> target) & 1:
            return Judgement.wrong(why="a subset adds up to the target")
        best = best_below(reach, target)
        if total != best:
            return Judgement.wrong(why=f"a subset adds up to {best}, closer to the target")
        return Judgement.right(best_below=best)

    def complexity(self, problem: Problem) -> float:
        """Numbers times the bits of the largest, plus the size of the witness."""
        meta = problem.meta
        size = len(meta["numbers"]) * math.log2(max(meta["numbers"]) + 1)
        return size + meta["witness_size"]
