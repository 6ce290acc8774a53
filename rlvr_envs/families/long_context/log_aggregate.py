"""LogAggregate: the largest, total or net amount of one account's transactions in a long log.

A long ledger has lines ``<date> account=<name> type=<deposit|withdrawal> amount=<n>``. The
asked account has ``matches`` lines of the asked type (and some of the other type), among
thousands of lines of other accounts, a few with names one letter away. ``operation`` asks
for the largest withdrawal, the total of withdrawals, or deposits minus withdrawals.

Answer syntax: one integer.

Knobs: ``kchars`` (log length in thousands of characters, 0.3 -> 100, geometric in difficulty
squared), ``matches`` (lines of the asked account and type, 2 -> 12) and ``operation``
(``max``, ``sum``, ``net``). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.long_context.haystack import (
    KCHARS,
    LongContextFamily,
    names,
    near_miss,
    target_chars,
)
from rlvr_envs.families.shared.answer_parsing import judge_integer

QUESTIONS = {
    "max": "What is the largest single withdrawal amount of account {a}?",
    "sum": "What is the total amount of all withdrawals of account {a}?",
    "net": "What is the total of all deposits minus the total of all withdrawals of account {a}?",
}


class LogAggregate(LongContextFamily):
    """An aggregate (max, sum, net) over one account's lines in a long ledger."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "matches": Knob("int", 1, 20, default=4, easy=2, hard=12, doc="lines of the account"),
        "operation": Knob(
            "categorical", choices=("max", "sum", "net"), default="sum", doc="the aggregate asked"
        ),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, matches, operation = target_chars(knobs), int(knobs["matches"]), knobs["operation"]
        own = matches + rng.randint(1, 1 + matches // 2)
        lines = max(own + 6, chars // 50)
        pool = [n.lower() for n in names(rng, 16, 4, 7)]
        account, taken = pool[0], {n.capitalize() for n in pool}
        for _ in range(3):
            twin = near_miss(rng, account.capitalize(), taken)
            taken.add(twin)
            pool.append(twin.lower())
        mine = rng.sample(range(lines), own)
        withdrawals = set(mine[:matches])
        mine_set = set(mine)
        accounts = rng.choices(pool[1:], k=lines)
        types = rng.choices(("deposit", "withdrawal"), k=lines)
        amounts = rng.choices(range(10, 1000), k=lines)
        days = sorted(rng.choices(range(12 * 28), k=lines))
        out, deposits, taken_out = [], [], []
        for t in range(lines):
            name, kind = accounts[t], types[t]
            if t in mine_set:
                name, kind = account, "withdrawal" if t in withdrawals else "deposit"
                (taken_out if kind == "withdrawal" else deposits).append(amounts[t])
            month, day = divmod(days[t], 28)
            out.append(
                f"2024-{month + 1:02d}-{day + 1:02d} account={name} type={kind} amount={amounts[t]}"
            )
        answer = {
            "max": max(taken_out),
            "sum": sum(taken_out),
            "net": sum(deposits) - sum(taken_out),
        }[operation]
        question = "Ledger:\n" + "\n".join(out) + "\n\n" + QUESTIONS[operation].format(a=account)
        return Draft(question, str(answer), {"account": account, "operation": operation})

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer), why="not the asked aggregate")

    def complexity(self, problem: Problem) -> float:
        """Characters of log times matching lines times the operation's rank."""
        knobs = problem.knobs
        rank = ("max", "sum", "net").index(knobs["operation"]) + 1
        return knobs["kchars"] * knobs["matches"] * rank
