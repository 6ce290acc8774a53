"""MultiHopChain: follow k "reports to" facts scattered over long generated documents.

Documents of filler prose carry facts ``<A> reports to <B>.`` Everyone named has exactly one
manager, so following the relation from a start is a path: the question asks whom ``hops``
steps lead to. The chain's facts sit in random documents in random order; other people
(some with names one letter away from the chain's, ``decoys``) report to others, and the
chain's last person has a manager too, so neither the last fact nor the last name mentioned
gives the answer.

Answer syntax: one name (letters only; case is ignored).

Knobs: ``kchars`` (context length in thousands of characters, 0.3 -> 100, geometric in
difficulty squared), ``hops`` (facts chained, 1 -> 6) and ``decoys`` (near-miss names of the
chain's people, 0 -> 6). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.long_context.haystack import (
    KCHARS,
    LongContextFamily,
    filler,
    names,
    near_miss,
    paragraphs,
    target_chars,
    weave,
)

_NAME = re.compile(r"[A-Za-z]+")


def fact(person: str, manager: str) -> str:
    return f"{person} reports to {manager}."


class MultiHopChain(LongContextFamily):
    """Whom ``hops`` steps of "reports to" reach from a start, over long documents."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "hops": Knob("int", 1, 8, default=2, easy=1, hard=6, doc="facts chained"),
        "decoys": Knob("int", 0, 8, default=2, easy=0, hard=6, doc="near-miss names"),
    }
    answer_syntax = "one name"
    answer_form = "one name (letters only, case ignored)"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, hops, decoys = target_chars(knobs), int(knobs["hops"]), int(knobs["decoys"])
        others = min(80, 4 + chars // 1500)
        people = names(rng, hops + 2 + others)
        chain, rest = people[: hops + 1], people[hops + 1 :]
        taken = set(people)
        for _ in range(decoys):
            twin = near_miss(rng, rng.choice(chain), taken)
            taken.add(twin)
            rest.append(twin)
        manager = {chain[i]: chain[i + 1] for i in range(hops)}
        everyone = chain + rest
        manager[chain[-1]] = rng.choice(rest)
        for person in rest:
            boss = rng.choice(everyone)
            manager[person] = boss if boss != person else chain[0]
        facts = [fact(p, m) for p, m in manager.items()]
        rng.shuffle(facts)
        used = sum(len(f) + 1 for f in facts)
        blocks = paragraphs(weave(rng, facts, filler(rng, max(200, chars - used))), rng)
        documents, i, number = [], 0, 1
        while i < len(blocks):
            step = rng.randint(1, 3)
            documents.append(f"Document {number}:\n" + "\n".join(blocks[i : i + step]))
            i, number = i + step, number + 1
        steps = "step" if hops == 1 else "steps"
        question = (
            "\n\n".join(documents)
            + f"\n\nEach person above reports to exactly one person. Start from {chain[0]} and "
            f"follow 'reports to' {hops} {steps} ({chain[0]} reports to someone, that person "
            f"reports to someone, and so on). Whom do you reach after {hops} {steps}?"
        )
        meta = {"start": chain[0], "hops": hops, "managers": len(manager)}
        return Draft(question, chain[-1], meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip()
        if not _NAME.fullmatch(text):
            return Judgement.unparsable("expected one name in letters")
        if text.lower() == problem.answer.lower():
            return Judgement.right()
        return Judgement.wrong(why="not the person reached")

    def complexity(self, problem: Problem) -> float:
        """Characters of context times hops, plus the decoys."""
        knobs = problem.knobs
        return knobs["kchars"] * knobs["hops"] * (1 + knobs["decoys"] / 6)
