"""CoinChange: the fewest coins that make an amount, with one optimal multiset of coins.

Coins of each given denomination are unlimited. The reference is the unbounded coin-change
dynamic programme over amounts (fewest coins for every amount up to the target, each
computed from ``amount - coin``; the textbook O(amount * denominations) table). When the
greedy rule (largest coin first) would find the optimum, the instance is easy; at high
difficulty the denomination systems are non-canonical and the amount is one on which greedy
uses too many coins or gets stuck.

About one instance in twenty is impossible, always for a reason the verifier can check at
once: every denomination is a multiple of some ``g > 1`` that does not divide the amount.
No other impossible instances are generated (the generator redraws them), so the
certificate is complete.

Answer syntax: ``N coins: c1, c2, ...`` (the count, the word coins, a colon and the coins,
e.g. ``3 coins: 25, 25, 7``); repeated coins may be grouped as ``2x25`` (a count of at
least 1) (or ``2 x 25``, ``2*25``, ``2×25``), and commas, ``+`` or spaces separate coins.
When no combination makes the amount: ``impossible; gcd g`` with a ``g > 1`` that divides
every denomination but not the amount. A valid multiset with more coins than needed is
wrong with partial credit ``score = optimum / coins``; coins that are not denominations, a
wrong sum or a count that does not match the list score 0, and so does ``impossible``
without a valid certificate.

Knobs: ``denominations`` (how many, 2 -> 6), ``max_amount`` (the amount is drawn from the
upper half of 1..max_amount, 25 -> 400) and ``greedy_fails`` (redraw until largest-first
misses the optimum; False -> True). Difficulty raises all three.
"""

from __future__ import annotations

import math
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.optimisation import AnswerError
from rlvr_envs.numbers import normalise, parse_integer

IMPOSSIBLE_RATE = 0.05
MAX_COINS = 1_000_000
_TRIES = 80
_IMPOSSIBLE = re.compile(
    r"impossible\s*(?:[;:,.-]\s*)?(?:\(\s*)?(?:(?:gcd|common\s+factor|factor|g)\s*(?:=|:|is)?\s*"
    r"(\S+?))?\s*\)?\.?",
    re.IGNORECASE,
)
_HEAD = re.compile(r"(?:(?:the\s+)?(?:minimum|min|fewest)\s+)?(\S+?)\s*(?:coins?)?\s*[:;]\s*(.*)",
                   re.IGNORECASE | re.DOTALL)  # fmt: skip
_GROUP = re.compile(r"([0-9]+)\s*(?:x|\*|×|·)\s*([0-9]+)", re.IGNORECASE)
_SEP = re.compile(r"\s*(?:,|\+|\band\b|\s)\s*")


def fewest(denoms: list[int], amount: int) -> tuple[int | None, list[int]]:
    """The fewest coins making ``amount`` and one such multiset (largest first), or None."""
    inf = amount + 1
    best = [0] + [inf] * amount
    last = [0] * (amount + 1)
    for a in range(1, amount + 1):
        for d in denoms:
            if d <= a and best[a - d] + 1 < best[a]:
                best[a] = best[a - d] + 1
                last[a] = d
    if best[amount] >= inf:
        return None, []
    coins, a = [], amount
    while a:
        coins.append(last[a])
        a -= last[a]
    return best[amount], sorted(coins, reverse=True)


def greedy(denoms: list[int], amount: int) -> int | None:
    """Coins used by largest-first, or None when it gets stuck."""
    count = 0
    for d in sorted(denoms, reverse=True):
        count += amount // d
        amount %= d
    return count if amount == 0 else None


def read_coins(text: str) -> list[int]:
    """Coins written as ``25, 25, 7``, ``2x25 + 7`` or ``25 25 7``."""
    text = text.strip().rstrip(".").strip()
    if len(text) >= 2 and text[0] + text[-1] in ("[]", "{}", "()"):
        text = text[1:-1].strip()
    text = _GROUP.sub(lambda m: f"{m[1]}x{m[2]}", text)
    coins: list[int] = []
    for part in (p for p in _SEP.split(text) if p):
        count, sep, value = part.partition("x")
        if not sep:
            count, value = "1", part
        digits = count.isascii() and count.isdigit() and value.isascii() and value.isdigit()
        if not digits or len(count) > 12 or len(value) > 12:
            raise AnswerError(f"{part!r} is not a coin")
        count_int = int(count)
        if count_int < 1:
            raise AnswerError(f"{part!r} is not a coin")
        if len(coins) + count_int > MAX_COINS:
            raise AnswerError("far too many coins")
        coins.extend([int(value)] * count_int)
    return coins


class CoinChange(Family):
    """Fewest coins for an amount (any optimal multiset), or ``impossible`` with a gcd."""

    knobs: ClassVar[dict[str, Knob]] = {
        "denominations": Knob(
            "int", 2, 10, default=3, easy=2, hard=6, doc="number of denominations"
        ),
        "max_amount": Knob(
            "int", 10, 5000, default=60, easy=25, hard=400, doc="largest amount drawn"
        ),
        "greedy_fails": Knob(
            "bool", default=False, easy=False, hard=True,
            doc="redraw until largest-coin-first misses the optimum",
        ),
    }  # fmt: skip
    answer_syntax = (
        "the number of coins, the word coins, a colon and the coins separated by commas "
        "(e.g. 3 coins: 25, 25, 7; 2x25 stands for two coins of 25), or, when no "
        "combination makes the amount, impossible; gcd g where g > 1 divides every "
        "denomination but not the amount"
    )
    answer_form = "coin count and coins"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        k, top = int(knobs["denominations"]), int(knobs["max_amount"])
        want_trap = bool(knobs["greedy_fails"])
        impossible = rng.random() < IMPOSSIBLE_RATE
        found = None  # the last possible instance drawn, used if no try is accepted
        for _ in range(_TRIES):
            amount = rng.randint(max(2, top // 2), top)
            high = max(k + 2, min(amount - 1, max(6, top // 3)))
            if impossible:
                # Multiples of g (k of them at least) and an amount g does not divide: the
                # gcd of the denominations is a multiple of g, so the instance is impossible.
                g = rng.choice((2, 3, 5))
                if amount % g == 0:
                    amount += 1
                denoms = sorted(rng.sample(range(g, max(high, g * (k + 1)) + 1, g), k))
                count, coins = None, []
                break
            pool = range(1 if not want_trap and rng.random() < 0.5 else 2, high + 1)
            denoms = sorted(rng.sample(pool, k))
            if amount in denoms:
                continue
            count, coins = fewest(denoms, amount)
            if count is None:
                continue
            found = (denoms, amount, count, coins)
            if not want_trap or greedy(denoms, amount) != count:
                break
        else:
            if found is None:  # tiny amounts with many denominations: include a coin of 1
                amount = rng.randint(max(2, top // 2), top)
                rest = [v for v in range(2, amount + k + 3) if v != amount]
                denoms = sorted([1, *rng.sample(rest, k - 1)])
                found = (denoms, amount, *fewest(denoms, amount))
            denoms, amount, count, coins = found
        listed = ", ".join(map(str, denoms))
        question = (
            f"Coins come in the denominations {listed}, with unlimited coins of each. What "
            f"is the smallest number of coins whose values add up to exactly {amount}? Give "
            "the number and one such set of coins."
        )
        meta = {"denominations": denoms, "amount": amount, "optimum": count}
        if count is None:
            meta["gcd"] = math.gcd(*denoms)
            answer = f"impossible; gcd {meta['gcd']}"
        else:
            answer = f"{count} coins: " + ", ".join(map(str, coins))
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        denoms, amount, best = meta["denominations"], meta["amount"], meta["optimum"]
        text = normalise(answer).strip()
        if text.lower().startswith("impossible"):
            match = _IMPOSSIBLE.fullmatch(text)
            if match is None:
                return Judgement.unparsable("expected impossible; gcd g")
            if match[1] is None:
                return Judgement.wrong(why="impossible needs a certificate: gcd g")
            g = parse_integer(match[1])
            if g is None:
                return Judgement.unparsable(f"{match[1]!r} is not a whole number")
            if g > 1 and all(d % g == 0 for d in denoms) and amount % g:
                return Judgement.right(certificate=g)
            return Judgement.wrong(why=f"{g} is not a common factor that misses {amount}")
        match = _HEAD.fullmatch(text)
        if match is None:
            return Judgement.unparsable("expected N coins: c1, c2, ...")
        stated = parse_integer(match[1])
        if stated is None:
            return Judgement.unparsable(f"{match[1]!r} is not a whole number")
        try:
            coins = read_coins(match[2])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if not coins:
            return Judgement.wrong(why="no coins given")
        allowed = set(denoms)
        if any(c not in allowed for c in coins):
            return Judgement.wrong(why="a coin is not one of the denominations")
        if sum(coins) != amount:
            return Judgement.wrong(why=f"the coins add up to {sum(coins)}, not {amount}")
        if stated != len(coins):
            return Judgement.wrong(why=f"{len(coins)} coins are listed, not {stated}")
        if best is None or len(coins) > best:  # best is None cannot happen with a valid sum
            return Judgement.wrong(score=best / len(coins), why=f"{best} coins suffice")
        return Judgement.right(coins=len(coins))

    def complexity(self, problem: Problem) -> float:
        """Denominations times the bits of the amount, plus the coins of the optimum."""
        meta = problem.meta
        size = len(meta["denominations"]) * math.log2(meta["amount"] + 1)
        return size + (meta["optimum"] or 0)
