"""IsomorphicStrings: are two strings the same pattern under a one-to-one letter mapping?

Two strings of equal length: in a "yes" instance the second is the first with its letters
renamed by a random one-to-one mapping (never the identity); in a "no" instance one letter
of such a copy is changed so that two positions break the pattern. Either way the answer
carries a witness, so a constant "yes" or "no" earns nothing: the mapping (checked by
applying it) or two positions i < j where the first string has equal letters and the second
different ones, or the other way round.

Answer syntax: ``yes: a->x, b->y, ...`` (every distinct letter of the first string, in any
order) or ``no: i j`` (two 1-based positions).

Knobs: ``length`` (5 -> 30) and ``letters`` (distinct letters of the first string, 3 -> 8).
Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import LETTERS

_YES = re.compile(r"yes\s*[:,]?\s*(.*)", re.I | re.S)
_NO = re.compile(r"no\s*[:,]?\s*(\d{1,4})\s*[, ]\s*(\d{1,4})", re.I)
_PAIR = re.compile(r"([a-z])\s*(?:->|→|:|=)\s*([a-z])")


def breaking_pair(s: str, t: str) -> tuple[int, int] | None:
    """The first positions (0-based) that break the pattern, or None if isomorphic."""
    first_s: dict[str, int] = {}
    first_t: dict[str, int] = {}
    for j, (a, b) in enumerate(zip(s, t)):
        i = first_s.setdefault(a, j)
        if t[i] != b:
            return i, j
        i = first_t.setdefault(b, j)
        if s[i] != a:
            return i, j
    return None


class IsomorphicStrings(Family):
    """Isomorphism of two strings, with a mapping or a breaking pair as witness."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 4, 40, default=10, easy=5, hard=30, doc="letters per string"),
        "letters": Knob("int", 2, 10, default=4, easy=3, hard=8, doc="distinct letters"),
    }
    answer_syntax = (
        "either yes: followed by the mapping of every distinct letter of the first string, "
        "as a->x pairs separated by commas (e.g. yes: a->x, b->y), or no: followed by two "
        "1-based positions i j (e.g. no: 2 5)"
    )
    answer_form = "yes with a letter mapping, or no with two positions"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["length"]), min(int(knobs["letters"]), int(knobs["length"]))
        source = rng.sample(LETTERS, m)
        s = source + [rng.choice(source) for _ in range(n - m)]
        rng.shuffle(s)
        image = rng.sample(LETTERS, m)
        while image == source:
            image = rng.sample(LETTERS, m)
        mapping = dict(zip(source, image))
        t = [mapping[c] for c in s]
        same = rng.random() < 0.5
        s_text, t_text = "".join(s), "".join(t)
        while not same and breaking_pair(s_text, t_text) is None:
            i = rng.randrange(n)
            t[i] = rng.choice([c for c in LETTERS if c != t[i]])
            t_text = "".join(t)
        pair = breaking_pair(s_text, t_text)
        assert (pair is None) == same
        if same:
            answer = "yes: " + ", ".join(f"{a}->{mapping[a]}" for a in sorted(mapping))
        else:
            answer = f"no: {pair[0] + 1} {pair[1] + 1}"
        question = (
            f"First string:  {s_text}\nSecond string: {t_text}\n\nAre the two strings "
            "isomorphic, that is, can the letters of the first be renamed by a one-to-one "
            "mapping (each letter always to the same letter, different letters to different "
            "letters) so that it becomes the second? If yes, give the mapping; if no, give "
            "two positions (counting from 1) where the first string has equal letters and the "
            "second different ones, or the first different letters and the second equal ones."
        )
        return Draft(question, answer, {"first": s_text, "second": t_text, "isomorphic": same})

    def check(self, problem: Problem, answer: str) -> Judgement:
        s, t = problem.meta["first"], problem.meta["second"]
        text = answer.strip()
        no = _NO.fullmatch(text)
        if no:
            i, j = int(no.group(1)) - 1, int(no.group(2)) - 1
            if not (0 <= i < len(s) and 0 <= j < len(s)) or i == j:
                return Judgement.wrong(why="positions out of range")
            ok = (s[i] == s[j]) != (t[i] == t[j])
            return Judgement.right() if ok else Judgement.wrong(why="the positions agree")
        yes = _YES.fullmatch(text)
        if not yes:
            return Judgement.unparsable("expected 'yes: a->x, ...' or 'no: i j'")
        items = [p.strip() for p in yes.group(1).split(",") if p.strip()]
        pairs = [_PAIR.fullmatch(p) for p in items]
        if not items or not all(pairs):
            return Judgement.unparsable("expected a->x pairs separated by commas")
        mapping: dict[str, str] = {}
        for match in pairs:
            a, b = match.groups()
            if mapping.setdefault(a, b) != b:
                return Judgement.wrong(why="a letter mapped twice")
        if set(mapping) != set(s):
            return Judgement.wrong(why="not exactly the letters of the first string")
        if len(set(mapping.values())) != len(mapping):
            return Judgement.wrong(why="the mapping is not one-to-one")
        if "".join(mapping[c] for c in s) != t:
            return Judgement.wrong(why="the mapping does not give the second string")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Letters times distinct letters."""
        s = problem.meta["first"]
        return len(s) * len(set(s))
