"""RecordMatching: the customers of one long list whose e-mail appears in a second long list.

List A has lines ``customer <id>: <email>``, list B lines ``order <n>: <email> bought <item>``.
``matches`` customers (at least one) have orders; ``near_misses`` orders use an e-mail one
letter away from a customer's (or with the two names swapped), which does not match; the
other orders use e-mails of nobody in list A. IDs are distinct.

Answer syntax: the matching customer IDs separated by commas, in any order, each once.

Knobs: ``kchars`` (both lists, in thousands of characters, 0.3 -> 100, geometric in difficulty
squared), ``matches`` (customers with orders, 1 -> 8) and ``near_misses`` (0 -> 8).
Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.long_context.haystack import (
    KCHARS,
    LongContextFamily,
    common_words,
    target_chars,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

_NUMBER = re.compile(r"\d+")


def _swap_letter(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text))
    letter = rng.choice([c for c in "abcdefghiklmnoprstuvz" if c != text[i]])
    return text[:i] + letter + text[i + 1 :]


class RecordMatching(LongContextFamily):
    """The IDs of list A's customers whose e-mail appears among list B's orders."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "matches": Knob("int", 1, 12, default=3, easy=1, hard=8, doc="customers with orders"),
        "near_misses": Knob("int", 0, 12, default=2, easy=0, hard=8, doc="near-miss e-mails"),
    }
    answer_syntax = "the customer IDs separated by commas"
    answer_form = "customer IDs in any order"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, matches, near = target_chars(knobs), int(knobs["matches"]), int(knobs["near_misses"])
        customers = max(matches + near + 2, chars // 2 // 32)
        orders_count = max(matches + near + 2, chars // 2 // 40)
        words = common_words()
        size = len(words)
        pairs = rng.sample(range(size * size), customers)
        emails = [f"{words[p // size]}.{words[p % size]}@mail.test" for p in pairs]
        ids = rng.sample(range(1000, 10_000), customers)
        chosen = rng.sample(range(customers), matches + near)
        hits, misses = chosen[:matches], chosen[matches:]
        known = set(emails)
        order_emails = [emails[i] for i in hits]
        for i in misses:
            first, rest = emails[i].split(".", 1)
            last = rest.split("@")[0]
            variant = f"{last}.{first}@mail.test" if rng.random() < 0.4 else None
            while variant is None or variant in known:
                variant = f"{_swap_letter(rng, first)}.{last}@mail.test"
            order_emails.append(variant)
        while len(order_emails) < orders_count:
            email = f"{rng.choice(words)}.{rng.choice(words)}@mail.test"
            if email not in known:
                order_emails.append(email)
        rng.shuffle(order_emails)
        items = rng.choices(words, k=len(order_emails))
        numbers = rng.sample(range(10_000, 100_000), len(order_emails))
        list_a = "\n".join(f"customer {i}: {e}" for i, e in zip(ids, emails))
        list_b = "\n".join(
            f"order {n}: {e} bought {item}" for n, e, item in zip(numbers, order_emails, items)
        )
        question = (
            f"List A:\n{list_a}\n\nList B:\n{list_b}\n\nWhich customers of list A have at least "
            "one order in list B (the same e-mail address, letter for letter)? Give their IDs."
        )
        answer = ", ".join(str(ids[i]) for i in sorted(hits, key=lambda i: ids[i]))
        return Draft(question, answer, {"customers": customers, "orders": len(order_emails)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            found = [small_int(m.group()) for m in scan(answer, _NUMBER, 200, "an ID")]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(set(found)) != len(found):
            return Judgement.wrong(why="an ID is given twice")
        expected = {int(n) for n in problem.answer.split(",")}
        if set(found) == expected:
            return Judgement.right()
        return Judgement.wrong(why="not the customers with orders")

    def complexity(self, problem: Problem) -> float:
        """Characters of the lists times (matches + near misses)."""
        knobs = problem.knobs
        return knobs["kchars"] * (knobs["matches"] + knobs["near_misses"])
