"""SortByExample: sort a new list of words by a hidden order known from sorted examples.

The prompt states the space of orders: by one key (length, number of vowels, first letter,
second letter, last letter, or the whole word alphabetically), rising or falling, with ties
broken by a second such key where ``keys`` is 2, and remaining ties keeping the input order.
It shows lists with their sorted versions and asks for another list sorted the same way.
Unique by proof: every order of the space is tried, and examples are added until all the
orders that sort them as shown sort the asked list the same way; the asked list is never
already in that order.

Answer syntax: the words in order, separated by spaces or commas.

Knobs: ``words`` (words per list, 4 -> 8), ``keys`` (1 -> 2: a second key breaks ties) and
``examples`` (sorted lists shown at least, 3 -> 1; more are added where needed). Difficulty
raises the words and the keys and lowers the examples.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.readers import make_word

_VOWELS = frozenset("aeiou")
KEYS: list[tuple[str, Callable[[str], object]]] = [
    ("length", len),
    ("number of vowels", lambda w: sum(c in _VOWELS for c in w)),
    ("first letter", lambda w: w[0]),
    ("second letter", lambda w: w[1]),
    ("last letter", lambda w: w[-1]),
    ("the whole word alphabetically", lambda w: w),
]
Order = tuple[tuple[int, bool], ...]  # (key index, falling) per key


def arrange(words: list[str], order: Order) -> list[str]:
    """``words`` sorted by ``order`` (stable: later keys first, each a stable sort)."""
    out = list(words)
    for index, falling in reversed(order):
        out.sort(key=KEYS[index][1], reverse=falling)
    return out


def orders(keys: int) -> list[Order]:
    single = [(i, f) for i in range(len(KEYS)) for f in (False, True)]
    if keys == 1:
        return [(k,) for k in single]
    return [(a, b) for a in single for b in single if a[0] != b[0]] + [(k,) for k in single]


def describe(order: Order) -> str:
    parts = [f"{KEYS[i][0]} ({'falling' if f else 'rising'})" for i, f in order]
    return ", ties by ".join(parts)


class SortByExample(Family):
    """Words sorted by an order of a stated space that every fitting order agrees on."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 3, 10, default=5, easy=4, hard=8, doc="words per list"),
        "keys": Knob("int", 1, 2, default=1, doc="keys in the order"),
        "examples": Knob("int", 1, 5, default=2, easy=3, hard=1, doc="sorted lists shown at least"),
    }  # fmt: skip
    answer_syntax = "the words in order, separated by spaces"
    answer_form = "words in order"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, keys = int(knobs["words"]), int(knobs["keys"])
        space = orders(keys)
        while True:
            target = rng.choice([o for o in space if len(o) == keys])
            query = _draw(rng, count)
            wanted = arrange(query, target)
            if wanted == query:
                continue
            fitting, examples = space, []
            for _ in range(8):
                words = _draw(rng, count)
                examples.append((words, arrange(words, target)))
                fitting = [o for o in fitting if arrange(words, o) == examples[-1][1]]
                if len(examples) >= int(knobs["examples"]) and all(
                    arrange(query, o) == wanted for o in fitting
                ):
                    break
            else:
                continue
            if not any(len(o) < keys for o in fitting) or keys == 1:
                break
        lines = "\n".join(f"  {' '.join(a)}  ->  {' '.join(b)}" for a, b in examples)
        names = ", ".join(name for name, _ in KEYS)
        if keys == 1:
            rule = "by one key, rising or falling"
        else:
            rule = (
                "by one key, rising or falling, with ties broken by a second key (also rising "
                "or falling)"
            )
        question = (
            f"A hidden order sorts lists of words {rule}; words that still tie keep their "
            f"order from the input. The keys: {names} (letters compare in alphabet order). "
            f"Examples (input -> sorted):\n{lines}\n\nSort this list the same way:\n"
            f"  {' '.join(query)}"
        )
        meta = {
            "order": describe(target),
            "examples": [[a, b] for a, b in examples],
            "query": query,
        }
        return Draft(question, " ".join(wanted), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        words = [w for w in re.split(r"[\s,]+", answer.strip().lower()) if w]
        if not words or len(words) > 50 or not all(w.isalpha() and w.isascii() for w in words):
            return Judgement.unparsable("expected the words separated by spaces")
        expected = problem.answer.split()
        if sorted(words) != sorted(expected):
            return Judgement.wrong(why="not the words of the list")
        return Judgement.right() if words == expected else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Words to place times the keys, over the examples shown."""
        meta = problem.meta
        keys = meta["order"].count("ties by") + 1
        return len(meta["query"]) * keys * 3 / len(meta["examples"])


def _draw(rng: random.Random, count: int) -> list[str]:
    words: dict[str, None] = {}
    while len(words) < count:
        words.setdefault(make_word(rng, 2, 7))
    return list(words)
