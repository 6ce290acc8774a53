"""RegexSynthesis: a regular expression of bounded size that accepts and rejects given strings.

A hidden expression over the letters a and b (a, b and c at the hard end) in a small stated
language (letters, ``|``, ``*``, ``+``, ``?``, parentheses; :mod:`small_regex`) labels
strings: the prompt lists strings it matches and strings it does not, and a size bound
(the hidden expression's size: letters plus operator symbols, parentheses free). Any
expression within the bound that matches every listed positive and none of the negatives
scores 1; the check parses it with its own parser and matches with its position automaton
(no ``re``, nothing to backtrack). Listing the positives as alternatives never fits the
bound, and both kinds of example are present, so no trivial expression fits.

Answer syntax: the expression alone (``(ab|b)*a``), no spaces; ``()`` is the empty string.
``score`` is the share of examples classified right.

Knobs: ``letters`` (letters in the hidden expression, 3 -> 7), ``length`` (the longest
example string, 5 -> 10) and ``alphabet`` (2 -> 3 letters). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.small_regex import (
    Matcher,
    RegexError,
    parse,
    random_expression,
    sample,
    size,
    write,
)

EXAMPLES = 6  # of each kind


class RegexSynthesis(Family):
    """A size-bounded expression of a stated small regex language, fitting labelled strings."""

    knobs: ClassVar[dict[str, Knob]] = {
        "letters": Knob("int", 2, 9, default=4, easy=3, hard=7, doc="letters of the hidden one"),
        "length": Knob("int", 4, 14, default=7, easy=5, hard=10, doc="longest example string"),
        "alphabet": Knob("int", 2, 3, default=2, doc="letters of the alphabet"),
    }  # fmt: skip
    answer_syntax = "the expression alone, without spaces (e.g. (ab|b)*a)"
    answer_form = "regular expression in the stated syntax"
    unique_answer = False
    verbatim_answer = True  # *, + and ? are operators, not emphasis
    single_answer = False  # a final ? is an operator, not a hedge

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        letters, length = int(knobs["letters"]), int(knobs["length"])
        alphabet = "abc"[: int(knobs["alphabet"])]
        while True:
            target = random_expression(rng, letters, alphabet)
            compiled = Matcher(target)
            positives = {
                s for s in (sample(rng, target) for _ in range(40)) if 0 < len(s) <= length
            }
            if len(positives) < EXAMPLES:
                continue
            shown_pos = sorted(rng.sample(sorted(positives), EXAMPLES), key=lambda s: (len(s), s))
            negatives: set[str] = set()
            for _ in range(200):
                base = rng.choice(shown_pos)
                text = (
                    _near_miss(rng, base, alphabet)
                    if rng.random() < 0.7
                    else "".join(rng.choice(alphabet) for _ in range(rng.randint(1, length)))
                )
                if 0 < len(text) <= length and not compiled.matches(text):
                    negatives.add(text)
                if len(negatives) >= EXAMPLES:
                    break
            if len(negatives) < EXAMPLES:
                continue
            bound = size(target)
            listing = sum(len(s) for s in shown_pos) + len(shown_pos) - 1
            if listing > bound:
                break
        shown_neg = sorted(negatives, key=lambda s: (len(s), s))
        question = (
            f"Find a regular expression over the letters {', '.join(alphabet)} that matches "
            "every string of the first list and none of the second (matching the whole "
            "string). The language: a letter matches itself; AB matches A followed by B; "
            "A|B matches A or B; A* matches zero or more A's, A+ one or more, A? zero or one; "
            "parentheses group, and () matches the empty string; * + ? bind tighter than "
            "concatenation, which binds tighter than |. No other symbols are allowed. Its "
            "size is the number of letters plus the number of | * + ? symbols (parentheses "
            f"are free); yours may have size at most {bound}.\n\n"
            f"Matched:     {' '.join(shown_pos)}\nNot matched: {' '.join(shown_neg)}"
        )
        meta = {
            "alphabet": alphabet,
            "positive": shown_pos,
            "negative": shown_neg,
            "bound": bound,
        }
        return Draft(question, write(target), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip()
        meta = problem.meta
        if not text or len(text) > 200:
            return Judgement.unparsable("expected one expression of at most 200 characters")
        try:
            node = parse(text, meta["alphabet"])
        except RegexError as exc:
            return Judgement.unparsable(str(exc))
        if size(node) > meta["bound"]:
            return Judgement.wrong(why=f"size {size(node)} is over the bound {meta['bound']}")
        matcher = Matcher(node)
        right = sum(matcher.matches(s) for s in meta["positive"])
        right += sum(not matcher.matches(s) for s in meta["negative"])
        total = len(meta["positive"]) + len(meta["negative"])
        if right < total:
            return Judgement.wrong(score=right / total)
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """The size bound times the longest example."""
        meta = problem.meta
        longest = max(len(s) for s in meta["positive"] + meta["negative"])
        return meta["bound"] * longest * len(meta["alphabet"])


def _near_miss(rng: random.Random, text: str, alphabet: str) -> str:
    """``text`` with one letter changed, inserted or deleted."""
    i = rng.randrange(len(text))
    move = rng.randrange(3)
    if move == 0:
        return text[:i] + rng.choice(alphabet) + text[i + 1 :]
    if move == 1:
        return text[:i] + rng.choice(alphabet) + text[i:]
    return text[:i] + text[i + 1 :]
