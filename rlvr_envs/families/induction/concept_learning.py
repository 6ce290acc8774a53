"""ConceptLearning: which new words a hidden rule accepts, from labelled words.

The prompt states the space of rules on words: starts with a given letter, ends with a given
letter, contains a given letter, has at least k letters, has at most k letters, has a double
letter, has an even number of letters, starts with a vowel; with ``combine`` also two such
tests joined by "and" or "or". It labels words yes or no and asks which words of a second
list the rule accepts. Unique by proof: every rule of the space is tried (as bit masks over
the words, pairs pruned by what each side must do), and labelled words are added until all
rules that fit the labels accept the same words of the second list; at least one word
there is accepted and one is not, so neither "all" nor "none" is right.

Answer syntax: the accepted words of the second list, separated by spaces or commas, in any
order.

Knobs: ``combine`` (single tests, then pairs joined by and/or), ``queries`` (words to
classify, 4 -> 8) and ``examples`` (labelled words shown at least, 12 -> 8; more are added
where needed). Difficulty raises the first two and lowers the examples.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.readers import make_word

_LETTERS = "abcdefghiklmnoprstuvz"
_VOWELS = "aeiou"


def _tests() -> list[tuple[str, Callable[[str], bool]]]:
    out: list[tuple[str, Callable[[str], bool]]] = []
    for c in _LETTERS:
        out.append((f"starts with {c}", lambda w, c=c: w[0] == c))
        out.append((f"ends with {c}", lambda w, c=c: w[-1] == c))
        out.append((f"contains {c}", lambda w, c=c: c in w))
    for k in range(3, 9):
        out.append((f"has at least {k} letters", lambda w, k=k: len(w) >= k))
        out.append((f"has at most {k} letters", lambda w, k=k: len(w) <= k))
    out.append(("has a double letter", lambda w: any(a == b for a, b in itertools.pairwise(w))))
    out.append(("has an even number of letters", lambda w: len(w) % 2 == 0))
    out.append(("starts with a vowel", lambda w: w[0] in _VOWELS))
    return out


TESTS = _tests()


_INDEX = {name: i for i, (name, _) in enumerate(TESTS)}


def _passing(word: str) -> list[int]:
    """The indices of the tests ``word`` passes (the tests' meaning, without calling them)."""
    out = [_INDEX.get(f"starts with {word[0]}"), _INDEX.get(f"ends with {word[-1]}")]
    out += [_INDEX.get(f"contains {c}") for c in set(word)]
    out += [_INDEX[f"has at least {k} letters"] for k in range(3, min(len(word), 8) + 1)]
    out += [_INDEX[f"has at most {k} letters"] for k in range(max(len(word), 3), 9)]
    if any(a == b for a, b in itertools.pairwise(word)):
        out.append(_INDEX["has a double letter"])
    if len(word) % 2 == 0:
        out.append(_INDEX["has an even number of letters"])
    if word[0] in _VOWELS:
        out.append(_INDEX["starts with a vowel"])
    return [i for i in out if i is not None]


def _masks(words: list[str]) -> list[int]:
    """Per test, the bit mask of the words it accepts."""
    masks = [0] * len(TESTS)
    for bit, word in enumerate(words):
        for index in _passing(word):
            masks[index] |= 1 << bit
    return masks


def fitting_rules(masks: list[int], labelled: int, yes: int, combine: bool) -> list[int]:
    """The masks (over all words) of every rule that accepts exactly ``yes`` among the
    ``labelled`` words: single tests, and with ``combine`` pairs joined by and/or."""
    out = [m for m in masks if m & labelled == yes]
    if not combine:
        return out
    covers = [m for m in masks if m & yes == yes]  # an "and" needs both sides on the yeses
    for i, a in enumerate(covers):
        for b in covers[i + 1 :]:
            if (a & b) & labelled == yes:
                out.append(a & b)
    no = labelled & ~yes
    avoids = [m for m in masks if m & no == 0]  # an "or" needs both sides off the noes
    for i, a in enumerate(avoids):
        for b in avoids[i + 1 :]:
            if (a | b) & labelled == yes:
                out.append(a | b)
    return out


def _pin(
    rng: random.Random, masks: list[int], count: int, at_least: int, most: int, combine: bool
) -> tuple[int, int, str, int, int] | None:
    """A random rule and the fewest labelled words (at least ``at_least``, the words after
    the ``count`` queries) under which every fitting rule accepts the same queries; None
    when the rule accepts all queries or none, or ``most`` words do not pin it."""
    first, second = rng.randrange(len(TESTS)), rng.randrange(len(TESTS))
    kind = rng.choice(("single", "and", "or")) if combine else "single"
    rule = masks[first]
    if kind == "and":
        rule &= masks[second]
    elif kind == "or":
        rule |= masks[second]
    qmask = (1 << count) - 1
    if rule & qmask in (0, qmask):
        return None
    lab = ((1 << (count + at_least)) - 1) & ~qmask
    fits = fitting_rules(masks, lab, rule & lab, combine)
    shown = at_least
    while any(m & qmask != rule & qmask for m in fits):
        if shown == most:
            return None
        bit = 1 << (count + shown)  # one more labelled word filters the rules
        fits = [m for m in fits if m & bit == rule & bit]
        shown += 1
    labels = (rule >> count) & ((1 << shown) - 1)
    if labels in (0, (1 << shown) - 1):
        return None  # both labels must be shown
    return rule, first, kind, second, shown


class ConceptLearning(Family):
    """The words a rule of a stated space accepts, pinned by labelled words."""

    knobs: ClassVar[dict[str, Knob]] = {
        "combine": Knob("bool", doc="rules may join two tests with and/or"),
        "queries": Knob("int", 3, 10, default=5, easy=4, hard=8, doc="words to classify"),
        "examples": Knob("int", 4, 20, default=10, easy=12, hard=8, doc="labelled words at least"),
    }  # fmt: skip
    answer_syntax = "the accepted words of the second list, separated by spaces"
    answer_form = "set of words"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        combine, count = bool(knobs["combine"]), int(knobs["queries"])
        at_least = int(knobs["examples"])
        found = None
        while found is None:
            words: dict[str, None] = {}
            while len(words) < count + at_least + 12:
                words.setdefault(make_word(rng, 3, 9))
            pool = list(words)
            queries, labelled = pool[:count], pool[count:]
            masks = _masks(pool)
            for _ in range(6):  # rules tried on one pool of words
                found = _pin(rng, masks, count, at_least, len(labelled), combine)
                if found is not None:
                    break
        rule, first, kind, second, shown = found
        examples = labelled[:shown]
        yes = [w for i, w in enumerate(examples) if rule >> (count + i) & 1]
        no = [w for i, w in enumerate(examples) if not rule >> (count + i) & 1]
        accepted = [w for i, w in enumerate(queries) if rule >> i & 1]
        tests = (
            "starts with <letter>, ends with <letter>, contains <letter>, has at least <k> "
            "letters, has at most <k> letters, has a double letter (two equal letters side by "
            "side), has an even number of letters, starts with a vowel"
        )
        joined = (
            " The rule is one test, or two tests joined by 'and' or by 'or'."
            if combine
            else " The rule is one test."
        )
        question = (
            f"A hidden rule says yes or no to words. The tests it may use: {tests}.{joined}\n\n"
            f"Yes: {' '.join(yes)}\nNo: {' '.join(no)}\n\n"
            f"Which of these words does the rule say yes to?\n  {' '.join(queries)}"
        )
        names = [TESTS[first][0]] + ([kind, TESTS[second][0]] if kind != "single" else [])
        meta = {"rule": " ".join(names), "kind": kind, "yes": yes, "no": no, "queries": queries}
        return Draft(question, " ".join(accepted), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        words = [w for w in re.split(r"[\s,]+", answer.strip().lower()) if w]
        queries = problem.meta["queries"]
        if not words or len(words) > 50 or not all(w.isalpha() and w.isascii() for w in words):
            return Judgement.unparsable("expected words separated by spaces")
        if len(set(words)) != len(words) or not set(words) <= set(queries):
            return Judgement.wrong(why="not distinct words of the second list")
        expected = set(problem.answer.split())
        return Judgement.right() if set(words) == expected else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Words to classify times the tests joined."""
        meta = problem.meta
        joined = 1 if meta["kind"] == "single" else 2
        return len(meta["queries"]) * joined * (1 + 8 / (len(meta["yes"]) + len(meta["no"])))
