"""KthOccurrence: a field of the k-th log line that matches a user and an action.

A long access log has lines ``[hh:mm:ss] user=<u> action=<a> ref=<n>`` with distinct refs.
The question asks for the ref of the ``k``-th line (from the top) where user u does action
a. More lines than k match (so the last match is not the answer), and many lines match the
user or the action alone.

Answer syntax: one integer (the ref).

Knobs: ``kchars`` (log length in thousands of characters, 0.3 -> 100, geometric in difficulty
squared) and ``k`` (which occurrence, 1 -> 10). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.long_context.haystack import (
    KCHARS,
    LongContextFamily,
    names,
    target_chars,
)
from rlvr_envs.families.shared.answer_parsing import judge_integer

ACTIONS = ("login", "logout", "upload", "download", "delete", "rename", "share", "print")


def ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


class KthOccurrence(LongContextFamily):
    """The ref of the k-th line where one user does one action, in a long log."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "k": Knob("int", 1, 15, default=3, easy=1, hard=10, doc="which occurrence is asked"),
    }
    answer_syntax = "a single integer (the ref)"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, k = target_chars(knobs), int(knobs["k"])
        matches = k + rng.randint(1, 3)
        lines = max(matches + 6, chars // 45)
        users = [n.lower() for n in names(rng, 12, 3, 6)]
        user, action = users[0], rng.choice(ACTIONS)
        hits = set(rng.sample(range(lines), matches))
        picked_users = rng.choices(users, k=lines)
        picked_actions = rng.choices(ACTIONS, k=lines)
        refs = rng.sample(range(100_000, 1_000_000), lines)
        seconds = sorted(rng.sample(range(8 * 3600, 20 * 3600), lines))
        out, found = [], []
        for t in range(lines):
            u, a = (user, action) if t in hits else (picked_users[t], picked_actions[t])
            if t not in hits and u == user and a == action:
                a = ACTIONS[(ACTIONS.index(a) + 1) % len(ACTIONS)]
            if t in hits:
                found.append(refs[t])
            s = seconds[t]
            clock = f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}"
            out.append(f"[{clock}] user={u} action={a} ref={refs[t]}")
        question = (
            "Log:\n" + "\n".join(out) + f"\n\nWhat is the ref of the {ordinal(k)} line (counting "
            f"from the top) where user={user} has action={action}?"
        )
        return Draft(question, str(found[k - 1]), {"user": user, "action": action, "k": k})

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer), why="not the ref of that line")

    def complexity(self, problem: Problem) -> float:
        """Characters of log times the occurrence asked."""
        return problem.knobs["kchars"] * problem.knobs["k"]
