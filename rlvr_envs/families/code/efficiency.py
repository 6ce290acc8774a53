"""Efficiency: problems where the obvious solution is correct but 100x too slow.

Each template has a naive solution (quadratic, or worse) and an intended one (linear or
n log n). The hidden tests are a few small inputs (correctness) and one large input sized
so that the naive solution needs well over 100 times the intended one's time: several
seconds of CPU against tens of milliseconds. The run's limit sits in between (2 seconds,
or the caller's verify timeout if shorter), so the verdict keeps a wide margin on both
sides: the intended solution passes on a loaded machine, the naive one never does. Timings
never enter a verdict; only pass/fail does.

Answer syntax: the whole solution as the last fenced Python block (stdlib only).

Knobs: ``tier`` (0-2: which templates, from Kadane-like scans to inversion counting and
matrix powers) and ``scale`` (1-3: the large input grows with it).

Versions: ``rlvr/Efficiency-v0`` generates what it first released, whose large inputs for
``count_inversions`` and ``distinct_in_windows`` (:data:`RELEASED_LARGE`) let the naive
solution finish in 1.6-1.9 s of CPU on a fast machine, under the limit; so v0 grades those
two on a larger input built from the problem when it is graded (the problems it generates
stay as released). ``rlvr/Efficiency-v1`` generates the larger inputs (naive 7.6 s and
6.5 s, intended 0.03 s and 0.02 s). (``rlvr/Code-v1`` froze v1's generator under the v0 id,
before v0 was restored.)
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem, stable_seed, verify_timeout
from rlvr_envs.families.code._base import CodeFamily

TIME_LIMIT = 2.0


@dataclass(frozen=True)
class Template:
    name: str
    tier: int
    signature: str
    statement: str
    solve: Callable[..., Any]  # the intended algorithm, used for expected values
    oracle: str  # its source, the reference answer
    naive: str  # the obvious slow solution (for tests and the curious)
    small: Callable[[random.Random], list[Any]]  # arguments of a small test
    large: Callable[[random.Random, int], list[Any]]  # arguments of the large test, by scale


def _ints(rng: random.Random, n: int, lo: int, hi: int) -> list[int]:
    return rng.choices(range(lo, hi + 1), k=n)


def _window_case(rng: random.Random) -> list[Any]:
    nums = _ints(rng, rng.randint(1, 10), 0, 4)
    return [nums, rng.randint(1, len(nums))]


def _blocks(rng: random.Random, count: int, width: int) -> str:
    """Concatenated shuffles of one pool of characters: runs without repeats are long
    (about ``width``), so even an incremental naive scan does ``n * width`` steps."""
    pool = [chr(0x4E00 + v) for v in range(width)]
    return "".join("".join(rng.sample(pool, width)) for _ in range(count))


# -- the intended algorithms ---------------------------------------------------------------
def max_subarray(nums: list[int]) -> int:
    best = current = nums[0]
    for x in nums[1:]:
        current = max(x, current + x)
        best = max(best, current)
    return best


def count_pairs(nums: list[int], target: int) -> int:
    seen: Counter[int] = Counter()
    pairs = 0
    for x in nums:
        pairs += seen[target - x]
        seen[x] += 1
    return pairs


def min_gap(nums: list[int]) -> int:
    ordered = sorted(nums)
    return min(b - a for a, b in itertools.pairwise(ordered))


def count_sum_subarrays(nums: list[int], k: int) -> int:
    seen: Counter[int] = Counter({0: 1})
    total = count = 0
    for x in nums:
        total += x
        count += seen[total - k]
        seen[total] += 1
    return count


def longest_unique(s: str) -> int:
    last: dict[str, int] = {}
    start = best = 0
    for i, c in enumerate(s):
        if last.get(c, -1) >= start:
            start = last[c] + 1
        last[c] = i
        best = max(best, i - start + 1)
    return best


def count_primes(n: int) -> int:
    if n < 3:
        return 0
    sieve = bytearray([1]) * n
    sieve[0:2] = b"\x00\x00"
    for p in range(2, int(n**0.5) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytearray(len(range(p * p, n, p)))
    return sum(sieve)


def count_inversions(nums: list[int]) -> int:
    seen: list[int] = []
    inversions = 0
    for i, x in enumerate(nums):
        inversions += i - bisect.bisect_right(seen, x)
        bisect.insort(seen, x)
    return inversions


def window_distinct(nums: list[int], k: int) -> list[int]:
    counts: Counter[int] = Counter(nums[:k])
    out = [len(counts)]
    for i in range(k, len(nums)):
        counts[nums[i]] += 1
        counts[nums[i - k]] -= 1
        if not counts[nums[i - k]]:
            del counts[nums[i - k]]
        out.append(len(counts))
    return out


def fib_mod(n: int, m: int) -> int:
    def mul(a: list[int], b: list[int]) -> list[int]:
        return [
            (a[0] * b[0] + a[1] * b[2]) % m,
            (a[0] * b[1] + a[1] * b[3]) % m,
            (a[2] * b[0] + a[3] * b[2]) % m,
            (a[2] * b[1] + a[3] * b[3]) % m,
        ]

    result, base = [1, 0, 0, 1], [1, 1, 1, 0]
    while n:
        if n & 1:
            result = mul(result, base)
        base = mul(base, base)
        n >>= 1
    return result[1] % m


TEMPLATES = [
    Template(
        "max_subarray_sum",
        0,
        "max_subarray_sum(nums)",
        "Return the largest sum of a non-empty contiguous run of elements of the list "
        "`nums` (it has at least one element; elements may be negative).",
        max_subarray,
        "def max_subarray_sum(nums):\n    best = current = nums[0]\n    for x in nums[1:]:\n"
        "        current = max(x, current + x)\n        best = max(best, current)\n"
        "    return best\n",
        "def max_subarray_sum(nums):\n    return max(sum(nums[i:j]) for i in range(len(nums))"
        " for j in range(i + 1, len(nums) + 1))\n",
        lambda rng: [_ints(rng, rng.randint(1, 12), -20, 20)],
        lambda rng, scale: [_ints(rng, 15000 * scale, -1000, 1000)],
    ),
    Template(
        "count_pairs_with_sum",
        0,
        "count_pairs_with_sum(nums, target)",
        "Return how many pairs of positions i < j satisfy nums[i] + nums[j] == target.",
        count_pairs,
        "from collections import Counter\n\n\ndef count_pairs_with_sum(nums, target):\n"
        "    seen = Counter()\n    pairs = 0\n    for x in nums:\n"
        "        pairs += seen[target - x]\n        seen[x] += 1\n    return pairs\n",
        "def count_pairs_with_sum(nums, target):\n    n = len(nums)\n"
        "    return sum(1 for i in range(n) for j in range(i + 1, n) "
        "if nums[i] + nums[j] == target)\n",
        lambda rng: [_ints(rng, rng.randint(0, 12), -5, 5), rng.randint(-4, 4)],
        lambda rng, scale: [_ints(rng, 20000 * scale, -500, 500), rng.randint(-50, 50)],
    ),
    Template(
        "min_gap",
        0,
        "min_gap(nums)",
        "Return the smallest absolute difference between two elements at different "
        "positions of `nums` (it has at least two elements).",
        min_gap,
        "def min_gap(nums):\n    ordered = sorted(nums)\n"
        "    return min(b - a for a, b in zip(ordered, ordered[1:]))\n",
        "def min_gap(nums):\n    return min(abs(nums[i] - nums[j]) for i in range(len(nums))"
        " for j in range(i + 1, len(nums)))\n",
        lambda rng: [_ints(rng, rng.randint(2, 12), -50, 50)],
        lambda rng, scale: [rng.sample(range(-(10**9), 10**9), 20000 * scale)],
    ),
    Template(
        "count_subarrays_with_sum",
        1,
        "count_subarrays_with_sum(nums, k)",
        "Return how many non-empty contiguous runs of elements of `nums` add up to exactly "
        "`k` (elements may be negative).",
        count_sum_subarrays,
        "from collections import Counter\n\n\ndef count_subarrays_with_sum(nums, k):\n"
        "    seen = Counter({0: 1})\n    total = count = 0\n    for x in nums:\n"
        "        total += x\n        count += seen[total - k]\n        seen[total] += 1\n"
        "    return count\n",
        "def count_subarrays_with_sum(nums, k):\n    count = 0\n    for i in range(len(nums)):\n"
        "        total = 0\n        for j in range(i, len(nums)):\n"
        "            total += nums[j]\n            count += total == k\n    return count\n",
        lambda rng: [_ints(rng, rng.randint(0, 12), -3, 3), rng.randint(-3, 3)],
        lambda rng, scale: [_ints(rng, 20000 * scale, -10, 10), rng.randint(-20, 20)],
    ),
    Template(
        "longest_unique_run",
        1,
        "longest_unique_run(s)",
        "Return the length of the longest run of consecutive characters of the string `s` "
        "in which no character repeats.",
        longest_unique,
        "def longest_unique_run(s):\n    last = {}\n    start = best = 0\n"
        "    for i, c in enumerate(s):\n        if last.get(c, -1) >= start:\n"
        "            start = last[c] + 1\n        last[c] = i\n"
        "        best = max(best, i - start + 1)\n    return best\n",
        "def longest_unique_run(s):\n    best = 0\n    for i in range(len(s)):\n"
        "        for j in range(i, len(s)):\n            if len(set(s[i:j + 1])) < j - i + 1:\n"
        "                break\n            best = max(best, j - i + 1)\n    return best\n",
        lambda rng: ["".join(rng.choice("abcab") for _ in range(rng.randint(0, 12)))],
        lambda rng, scale: [_blocks(rng, 6 * scale, rng.randint(3000, 6000))],
    ),
    Template(
        "count_primes_below",
        1,
        "count_primes_below(n)",
        "Return how many prime numbers are smaller than the integer `n` (n >= 0).",
        count_primes,
        "def count_primes_below(n):\n    if n < 3:\n        return 0\n"
        "    sieve = bytearray([1]) * n\n    sieve[0:2] = b'\\x00\\x00'\n"
        "    for p in range(2, int(n ** 0.5) + 1):\n        if sieve[p]:\n"
        "            sieve[p * p::p] = bytearray(len(range(p * p, n, p)))\n"
        "    return sum(sieve)\n",
        "def count_primes_below(n):\n    return sum(all(k % d for d in range(2, k)) "
        "for k in range(2, n))\n",
        lambda rng: [rng.randint(0, 60)],
        lambda rng, scale: [rng.randint(2_000_000, 2_100_000) * scale],
    ),
    Template(
        "count_inversions",
        2,
        "count_inversions(nums)",
        "Return how many pairs of positions i < j have nums[i] > nums[j].",
        count_inversions,
        "import bisect\n\n\ndef count_inversions(nums):\n    seen = []\n    inversions = 0\n"
        "    for i, x in enumerate(nums):\n"
        "        inversions += i - bisect.bisect_right(seen, x)\n"
        "        bisect.insort(seen, x)\n    return inversions\n",
        "def count_inversions(nums):\n    n = len(nums)\n"
        "    return sum(1 for i in range(n) for j in range(i + 1, n) if nums[i] > nums[j])\n",
        lambda rng: [_ints(rng, rng.randint(0, 12), 0, 9)],
        lambda rng, scale: [_ints(rng, 20000 + 4000 * scale, 0, 10**6)],
    ),
    Template(
        "distinct_in_windows",
        2,
        "distinct_in_windows(nums, k)",
        "Return a list with, for every window of `k` consecutive elements of `nums` (from "
        "left to right; 1 <= k <= len(nums)), how many different values it holds.",
        window_distinct,
        "from collections import Counter\n\n\ndef distinct_in_windows(nums, k):\n"
        "    counts = Counter(nums[:k])\n    out = [len(counts)]\n"
        "    for i in range(k, len(nums)):\n        counts[nums[i]] += 1\n"
        "        counts[nums[i - k]] -= 1\n        if not counts[nums[i - k]]:\n"
        "            del counts[nums[i - k]]\n        out.append(len(counts))\n"
        "    return out\n",
        "def distinct_in_windows(nums, k):\n"
        "    return [len(set(nums[i:i + k])) for i in range(len(nums) - k + 1)]\n",
        _window_case,
        lambda rng, scale: [_ints(rng, 40000 * scale, 0, 30000), 15000],
    ),
    Template(
        "fib_mod",
        2,
        "fib_mod(n, m)",
        "Return F(n) mod m, where F(0) = 0, F(1) = 1 and F(k) = F(k-1) + F(k-2) "
        "(0 <= n <= 10**18, m >= 2).",
        fib_mod,
        "def fib_mod(n, m):\n    def mul(a, b):\n"
        "        return [(a[0] * b[0] + a[1] * b[2]) % m, (a[0] * b[1] + a[1] * b[3]) % m,\n"
        "                (a[2] * b[0] + a[3] * b[2]) % m, (a[2] * b[1] + a[3] * b[3]) % m]\n"
        "    result, base = [1, 0, 0, 1], [1, 1, 1, 0]\n    while n:\n        if n & 1:\n"
        "            result = mul(result, base)\n        base = mul(base, base)\n"
        "        n >>= 1\n    return result[1] % m\n",
        "def fib_mod(n, m):\n    a, b = 0, 1\n    for _ in range(n):\n"
        "        a, b = b, (a + b) % m\n    return a\n",
        lambda rng: [rng.randint(0, 40), rng.randint(2, 1000)],
        lambda rng, scale: [rng.randint(10**17, 10**18) * scale, rng.randint(10**8, 10**9)],
    ),
]
BY_NAME = {t.name: t for t in TEMPLATES}
# Efficiency-v0's large inputs where they differ from the templates' (v1's), as released.
RELEASED_LARGE: dict[str, Callable[[random.Random, int], list[Any]]] = {
    "count_inversions": lambda rng, scale: [_ints(rng, 8000 + 4000 * scale, 0, 10**6)],
    "distinct_in_windows": lambda rng, scale: [_ints(rng, 20000 * scale, 0, 30000), 8000],
}


def _released_large(name: str, args: list[Any], scale: int) -> bool:
    """Whether ``args`` is a large input of :data:`RELEASED_LARGE` (too small to time)."""
    if name == "count_inversions":
        return len(args[0]) == 8000 + 4000 * scale
    return name == "distinct_in_windows" and args[1] == 8000


class Efficiency(CodeFamily):
    """Solve a problem fast enough: the naive solution is 100x too slow."""

    answer_form = "python program"

    knobs = {
        "tier": Knob("int", 0, 2, default=0, doc="template group, easiest first"),
        "scale": Knob("int", 1, 3, default=1, doc="size of the large hidden input"),
    }

    large_inputs: ClassVar[dict[str, Callable[[random.Random, int], list[Any]]]] = RELEASED_LARGE

    def time_limit(self, problem: Problem) -> float:
        return min(verify_timeout(), TIME_LIMIT)

    def hidden_tests(self, problem: Problem) -> list[dict[str, Any]]:
        """The stored tests, except that a large input of :data:`RELEASED_LARGE` (which a
        naive solution finishes in time on a fast machine) is replaced by one of the
        template's size, drawn from the problem's seed: a check-side fix that changes no
        generated problem."""
        tests = problem.meta["hidden_tests"]
        name, scale = problem.meta["template"], int(problem.knobs.get("scale", 1))
        if not tests or not _released_large(name, tests[-1]["args"], scale):
            return tests
        template = BY_NAME[name]
        rng = random.Random(stable_seed("Efficiency", "graded large input", problem.seed, scale))
        args = template.large(rng, scale)
        return [*tests[:-1], {"fn": name, "args": args, "expected": template.solve(*args)}]

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        template = rng.choice([t for t in TEMPLATES if t.tier == knobs["tier"]])
        name = template.name
        tests = []
        for _ in range(5):
            args = template.small(rng)
            tests.append({"fn": name, "args": args, "expected": template.solve(*args)})
        args = self.large_inputs.get(name, template.large)(rng, knobs["scale"])
        tests.append({"fn": name, "args": args, "expected": template.solve(*args)})
        examples = "\n".join(
            f"    {name}({', '.join(repr(a) for a in t['args'])}) == {t['expected']!r}"
            for t in tests[:2]
        )
        question = (
            f"Write a Python function `{template.signature}`.\n\n{template.statement}\n\n"
            f"Examples:\n{examples}\n\n"
            "The hidden tests include very large inputs and a strict time limit, so the "
            "obvious quadratic solution is too slow; use only the standard library."
        )
        meta = {
            "template": name,
            "hidden_tests": tests,
            "complexity": template.tier + knobs["scale"] / 2,
        }
        return Draft(question, template.oracle, meta)


class EfficiencyV1(Efficiency):
    """Solve a problem fast enough, with the larger inputs generated."""

    name = "Efficiency"
    large_inputs: ClassVar[dict[str, Callable[[random.Random, int], list[Any]]]] = {}
