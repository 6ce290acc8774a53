"""LedgerSimulation: the final balances of accounts after a list of transactions.

Accounts (named by people) open with whole-number balances; transactions are applied in order:
deposits, withdrawals and transfers between accounts, and at harder settings a percentage
fee on every transfer (rounded down, paid by the sender on top of the amount), interest
payments (a stated percentage of every positive balance, rounded down) and overdraft limits
(an account may go down to minus its limit). A withdrawal or transfer that the account
cannot cover (amount plus fee above balance plus overdraft) is rejected and changes nothing.
The reference replays the ledger step by step (a direct simulation).

Answer syntax: every account with its final balance, ``name: balance``, separated by commas,
in the order the accounts are listed (``Ana: 120, Ben: -5``); ``=`` for ``:``, semicolons
or new lines for commas, any order and brackets around the whole are accepted. Every
account exactly once; balances are integer literals. The answer is unique.

Knobs: ``accounts`` (2..8), ``transactions`` (2..40), ``rules`` (``basic`` < ``fees``
(transfer fees and interest) < ``overdrafts`` (plus overdraft limits)) and ``rejections``
(whether some transactions exceed what the account can cover and so are rejected);
difficulty raises all four. At difficulty 1: six accounts, 24 transactions with fees,
interest, overdraft limits and rejected transfers interacting.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.records import PEOPLE, AnswerError, read_pairs, unique_keys


class LedgerSimulation(Family):
    """Replay deposits, withdrawals, transfers, fees and interest; give the final balances."""

    knobs: ClassVar[dict[str, Knob]] = {
        "accounts": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="accounts"),
        "transactions": Knob(
            "int", 2, 40, default=6, easy=3, hard=24, doc="transactions in the ledger"
        ),
        "rules": Knob(
            "categorical",
            choices=("basic", "fees", "overdrafts"),
            default="basic",
            doc="basic moves; plus transfer fees and interest; plus overdraft limits",
        ),
        "rejections": Knob(
            "bool", default=False, easy=False, hard=True, doc="whether some are rejected"
        ),
    }
    answer_syntax = (
        "every account with its final balance as name: balance, separated by commas, in the "
        "order the accounts are listed (e.g. Ana: 120, Ben: -5)"
    )
    answer_form = "name: balance pairs"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        while True:
            draft = self._draw(rng, knobs)
            if draft is not None:
                return draft

    def _draw(self, rng: random.Random, knobs: dict) -> Draft | None:
        n, steps = int(knobs["accounts"]), int(knobs["transactions"])
        tier = self.knobs["rules"].choices.index(knobs["rules"])
        rejections = bool(knobs["rejections"])
        names = rng.sample(PEOPLE, n)
        balance = {a: rng.randint(0, 30) * 10 for a in names}
        opening = dict(balance)
        limit = {a: 0 for a in names}
        if tier >= 2:
            for a in rng.sample(names, max(1, n // 2)):
                limit[a] = rng.choice((50, 100, 150))
        fee = rng.choice((2, 5, 10)) if tier >= 1 else 0
        lines: list[str] = []
        rejected = interest_paid = 0
        for _ in range(steps):
            kind = rng.choices(
                ("deposit", "withdraw", "transfer", "interest"),
                (2, 2, 5, 1 if tier >= 1 else 0),
            )[0]
            if kind == "interest":
                rate = rng.choice((1, 2, 3, 5, 10))
                for a in names:
                    if balance[a] > 0:
                        balance[a] += balance[a] * rate // 100
                lines.append(f"Every account with a positive balance earns {rate}% interest.")
                interest_paid += 1
                continue
            if kind == "deposit":
                who, amount = rng.choice(names), rng.randint(1, 40) * 5 + rng.randint(0, 4)
                balance[who] += amount
                lines.append(f"{who} deposits {amount}.")
                continue
            who = rng.choice(names)
            room = balance[who] + limit[who]
            cost_rate = 100 + (fee if kind == "transfer" else 0)
            most = room * 100 // cost_rate  # the largest amount the account can cover
            over = rejections and rng.random() < 0.3
            if over:
                amount = most + rng.randint(1, 60)
            elif most < 1:
                continue
            else:
                amount = rng.randint(max(1, most // 4), most)
            cost = amount + (amount * fee // 100 if kind == "transfer" else 0)
            ok = cost <= room
            if kind == "withdraw":
                lines.append(f"{who} withdraws {amount}.")
                if ok:
                    balance[who] -= amount
            else:
                to = rng.choice([a for a in names if a != who])
                lines.append(f"{who} transfers {amount} to {to}.")
                if ok:
                    balance[who] -= cost
                    balance[to] += amount
            rejected += not ok
        if len(lines) < max(2, steps - 2) or balance == opening:
            return None
        if rejections and steps >= 4 and not rejected:
            return None
        rules = [
            "Transactions are applied in order.",
            "A withdrawal or transfer that the account cannot cover is rejected and changes "
            "nothing.",
        ]
        if tier >= 1:
            rules.append(
                f"Every transfer costs the sender a fee of {fee}% of the amount, rounded down "
                "to a whole number, on top of the amount (the receiver gets the amount; the "
                "bank keeps the fee); the sender must cover amount plus fee. Interest is "
                "also rounded down to a whole number, per account."
            )
        if tier >= 2:
            has = [a for a in names if limit[a]]
            rules.append(
                "Overdraft limits: "
                + ", ".join(f"{a} may go down to -{limit[a]}" for a in has)
                + "; every other account may not go below 0. An account covers an amount when "
                "its balance after paying stays at or above its lowest allowed balance."
            )
        else:
            rules.append("No account may go below 0.")
        opening_text = "\n".join(f"- {a} opens with {opening[a]}" for a in names)
        moves = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
        question = (
            f"A bank keeps {n} accounts with whole-number balances:\n{opening_text}\n\n"
            f"Rules: {' '.join(rules)}\n\nTransactions:\n{moves}\n\n"
            f"What is the final balance of each account ({', '.join(names)})?"
        )
        answer = ", ".join(f"{a}: {balance[a]}" for a in names)
        meta = {
            "accounts": names,
            "balances": [balance[a] for a in names],
            "transactions": len(lines),
            "rejected": rejected,
            "interest": interest_paid,
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = unique_keys(read_pairs(answer, r"[A-Za-z]+"))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        names = problem.meta["accounts"]
        expected = {a.lower(): b for a, b in zip(names, problem.meta["balances"])}
        extra = sorted(set(given) - set(expected))
        if extra:
            return Judgement.wrong(why=f"no such accounts: {', '.join(extra)}")
        missing = [a for a in names if a.lower() not in given]
        if missing:
            return Judgement.wrong(why=f"missing accounts: {', '.join(missing)}")
        bad = [a for a in names if given[a.lower()] != expected[a.lower()]]
        if bad:
            return Judgement.wrong(why=f"wrong balances for {', '.join(bad)}")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Transactions applied, plus rejected ones and interest payments (each touches all
        accounts) weighted by the number of accounts."""
        meta = problem.meta
        accounts = len(meta["accounts"])
        return meta["transactions"] + meta["rejected"] + meta["interest"] * accounts
