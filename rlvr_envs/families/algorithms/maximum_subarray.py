"""MaximumSubarray: the best contiguous non-empty stretch of an integer array, with a witness.

An array of integers (positive and negative) is drawn and, by ``variant``, the task asks for
the maximum sum of a contiguous non-empty subarray (``plain``), the maximum sum using at most
``k`` consecutive elements (``bounded``), the maximum sum when the array is circular, so a
stretch may wrap from the last element to the first (``circular``), or the maximum product of
a contiguous subarray (``product``); ``mixed`` draws one of the last three per problem.
References: Kadane's algorithm (plain); prefix sums with a monotone deque of minima over the
last k prefixes (bounded); Kadane on the maximum and on the minimum, the wrapping optimum
being the total minus a minimum subarray that is not the whole array (circular); the
maximum/minimum-product-ending-here recurrence (product). Instances are redrawn where the
variant would not matter (an array of positives only; a bound or a wrap that does not change
the optimum, tried a few times).

Answer syntax: ``sum S; range i to j`` (``product P; range i to j`` for products): the
value and one stretch achieving it, as 1-based inclusive positions; ``i-j``, ``i..j``,
``[i, j]`` are read too, and a comma before ``range`` (``sum 17, range 3 to 8``); the
word ``product`` on a sum task (or ``sum`` on a product task) is wrong. In a circular array
``i > j`` wraps (``range 7 to 2`` is positions 7, 8, ..., n, 1, 2). Any stretch achieving the
maximum scores 1: the verifier recomputes the
stretch's sum or product from the array, checks that it equals the value given, that the
stretch is allowed (inside the array, at most k elements where bounded) and that the value is
the maximum. A valid but smaller stretch is wrong (score 0).

Knobs: ``length`` (elements, 6 -> 40), ``magnitude`` (largest absolute value, 9 -> 99;
products use at most 5) and ``variant`` (``plain``, ``bounded``, ``circular``, ``product``,
``mixed``; easiest first). Difficulty raises all three: at difficulty 1 forty two-digit
values under a wrap, a bound or a product whose optimum runs to a dozen digits.

Speed: on one core about 37,000 problems/s at the default knobs and 11,000/s at difficulty 1.
"""

from __future__ import annotations

import random
import re
from collections import deque
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.numbers import normalise, parse_integer

VARIANTS = ("plain", "bounded", "circular", "product", "mixed")
_ANSWER = re.compile(
    r"\s*(?:(?:max(?:imum)?\s+)?(sum|product|value|total)\s*(?:[:=]|\bis\b)?\s*)?"
    r"([-+]?[0-9][0-9,]*?)\s*"
    r"(?:(?:;|\n)\s*(?:(?:range|indices|positions|stretch|subarray)\s*(?:[:=]|\bis\b)?\s*)?"
    r"|,\s*(?:range|indices|positions|stretch|subarray)\s*(?:[:=]|\bis\b)?\s*)"
    r"(?:from\s+)?[\[(]?\s*([0-9]+)\s*(?:to|\.\.|-|,|\s)\s*([0-9]+)\s*[\])]?\s*\.?\s*",
    re.IGNORECASE,
)


def kadane(a: list[int]) -> tuple[int, int, int]:
    """(best sum, start, end) 0-based inclusive, the first maximum found (Kadane)."""
    best, bi, bj = a[0], 0, 0
    cur, ci = a[0], 0
    for j in range(1, len(a)):
        if cur < 0:
            cur, ci = a[j], j
        else:
            cur += a[j]
        if cur > best:
            best, bi, bj = cur, ci, j
    return best, bi, bj


def bounded(a: list[int], k: int) -> tuple[int, int, int]:
    """Best sum of at most k consecutive elements: prefix sums and a deque of minima."""
    prefix = [0]
    for x in a:
        prefix.append(prefix[-1] + x)
    window: deque[int] = deque()
    best, bi, bj = None, 0, 0
    for j in range(1, len(a) + 1):
        while window and prefix[window[-1]] >= prefix[j - 1]:
            window.pop()
        window.append(j - 1)
        if window[0] < j - k:
            window.popleft()
        value = prefix[j] - prefix[window[0]]
        if best is None or value > best:
            best, bi, bj = value, window[0], j - 1
    return best, bi, bj


def circular(a: list[int]) -> tuple[int, int, int]:
    """Best sum in a circular array: (value, start, end), end < start when it wraps."""
    best, bi, bj = kadane(a)
    n, total = len(a), sum(a)
    for offset, part in ((1, a[1:]), (0, a[:-1])):
        if not part:
            continue
        low, li, lj = kadane([-x for x in part])
        value = total + low  # total minus the minimum subarray part[li..lj]
        if value > best:
            best, bi, bj = value, (offset + lj + 1) % n, (offset + li - 1) % n
    return best, bi, bj


def product(a: list[int]) -> tuple[int, int, int]:
    """Best product: the largest and smallest products ending at each position."""
    hi = lo = a[0]
    hi_start = lo_start = 0
    best, bi, bj = a[0], 0, 0
    for j in range(1, len(a)):
        x = a[j]
        options = [(x, j), (hi * x, hi_start), (lo * x, lo_start)]
        hi, hi_start = max(options, key=lambda o: o[0])
        lo, lo_start = min(options, key=lambda o: o[0])
        if hi > best:
            best, bi, bj = hi, hi_start, j
    return best, bi, bj


def stretch(n: int, i: int, j: int) -> list[int]:
    """0-based positions of the stretch i..j (wrapping when j < i)."""
    return list(range(i, j + 1)) if i <= j else list(range(i, n)) + list(range(j + 1))


def value_of(a: list[int], positions: list[int], variant: str) -> int:
    if variant == "product":
        out = 1
        for p in positions:
            out *= a[p]
        return out
    return sum(a[p] for p in positions)


def judge(meta: dict, answer: str) -> Judgement:
    a, variant = meta["array"], meta["variant"]
    n = len(a)
    match = _ANSWER.fullmatch(normalise(answer))
    if not match:
        return Judgement.unparsable("expected 'sum S; range i to j'")
    word = (match.group(1) or "").lower()
    if word in ("sum", "product") and word != ("product" if variant == "product" else "sum"):
        asked = "sum" if word == "product" else "product"
        return Judgement.wrong(why=f"the task asks for a {asked}")
    value = parse_integer(match.group(2))
    if value is None:
        return Judgement.unparsable(f"{match.group(2)!r} is not an integer")
    i, j = int(match.group(3)), int(match.group(4))
    if not (1 <= i <= n and 1 <= j <= n):
        return Judgement.wrong(why=f"a position is outside 1..{n}")
    if i > j and variant != "circular":
        return Judgement.wrong(why=f"the range {i} to {j} is empty (it may not wrap)")
    positions = stretch(n, i - 1, j - 1)
    if variant == "bounded" and len(positions) > meta["k"]:
        return Judgement.wrong(why=f"the range has {len(positions)} elements, over {meta['k']}")
    actual = value_of(a, positions, variant)
    if actual != value:
        return Judgement.wrong(why=f"the range gives {actual}, not {value}")
    if value < meta["best"]:
        return Judgement.wrong(why="a better range exists")
    return Judgement.right()


class MaximumSubarray(Family):
    """Maximum subarray sum (plain, at most k elements, circular) or product, with a range."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 4, 80, default=10, easy=6, hard=40, doc="elements"),
        "magnitude": Knob("int", 3, 999, default=20, easy=9, hard=99, doc="largest |value|"),
        "variant": Knob(
            "categorical",
            choices=VARIANTS,
            default="plain",
            doc="what is maximised (easiest first)",
        ),
    }
    answer_syntax = (
        "the value, a semicolon and one range achieving it as 1-based inclusive positions, "
        "e.g. sum 17; range 3 to 8 (or product 24; range 2 to 5)"
    )
    answer_form = "value and range"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m, variant = int(knobs["length"]), int(knobs["magnitude"]), knobs["variant"]
        if variant == "mixed":
            variant = rng.choice(("bounded", "circular", "product"))
        if variant == "product":
            m = min(m, 5)
        k = None
        for attempt in range(40):
            a = [rng.randint(-m, m) for _ in range(n)]
            if variant != "product" and rng.random() < 0.8:
                a = [x if x else rng.choice((-1, 1)) * rng.randint(1, m) for x in a]
            if max(a) <= 0:
                a[rng.randrange(n)] = rng.randint(1, m)
            if min(a) >= 0:
                a[rng.choice([p for p in range(n) if a[p] <= 0] or [0])] = -rng.randint(1, m)
            plain = kadane(a)
            if variant == "plain":
                best, i, j = plain
            elif variant == "bounded":
                width = plain[2] - plain[1] + 1
                if width < 3 and attempt < 39:
                    continue
                k = rng.randint(max(1, width // 3), max(1, width - 1))
                best, i, j = bounded(a, k)
                if best == plain[0] and attempt < 39:
                    continue
            elif variant == "circular":
                best, i, j = circular(a)
                if best == plain[0] and attempt < 39:
                    continue
            else:
                best, i, j = product(a)
            if variant == "product" or j - i + 1 < n:
                break
        word = "product" if variant == "product" else "sum"
        rule = {
            "plain": "the maximum sum of a contiguous non-empty subarray",
            "bounded": f"the maximum sum of a contiguous non-empty subarray of at most {k} "
            "elements",
            "circular": "the maximum sum of a contiguous non-empty subarray when the array is "
            "circular: a range may wrap from the last element to the first (each element at "
            "most once)",
            "product": "the maximum product of a contiguous non-empty subarray",
        }[variant]
        wrap = (
            " A wrapping range is written with i > j: range 7 to 2 means positions 7, 8, ..., "
            f"{n}, 1, 2."
            if variant == "circular"
            else " Positions satisfy i <= j."
        )
        question = (
            f"Here is an array of {n} integers (positions start at 1):\n"
            + " ".join(str(x) for x in a)
            + f"\n\nFind {rule}, and one range of positions that achieves it. Answer in the "
            f"form: {word} V; range i to j (1-based, inclusive).{wrap}"
        )
        meta = {"array": a, "variant": variant, "k": k, "best": best}
        return Draft(question, f"{word} {best}; range {i + 1} to {j + 1}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge(problem.meta, answer)

    def complexity(self, problem: Problem) -> float:
        """Elements times the digits of the largest |value| and of the optimum, doubled off
        plain."""
        meta = problem.meta
        digits = len(str(max(abs(x) for x in meta["array"]))) + len(str(abs(meta["best"])))
        return len(meta["array"]) * digits * (1 if meta["variant"] == "plain" else 2)
