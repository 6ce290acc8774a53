"""Regular expressions: write a pattern that accepts the positive examples and rejects the
negative ones.

A target pattern is drawn from a small grammar (literals, character classes, groups with
alternatives, each with a quantifier), positive strings are sampled from it and negative
ones are near misses (one character inserted, deleted or changed) that it rejects. The
answer is a Python ``re`` pattern in ``<answer>`` tags, at most a stated length (about twice
the reference), so listing the positives is not an option. It must *fully* match every
positive and no negative. The model's pattern runs only in the sandbox (a pattern can
backtrack for ever). ``score`` is the share of positives matched minus the share of
negatives matched (Youden's J, floored at 0), so neither a pattern that matches nothing nor
one that matches everything earns partial credit.

Knobs: ``atoms`` (2-6 pieces in the target pattern) and ``examples`` (3-8 of each kind).
"""

from __future__ import annotations

import random
import re
from typing import Any

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.code._base import CodeFamily, judgement_of

ALPHABET = "abcxyz"
NOISE = "abcxyz019_"
MATCHER = (
    "import re\n\n\ndef matches(pattern, text):\n"
    "    return re.fullmatch(pattern, text) is not None\n"
)


def _atom(rng: random.Random) -> tuple[str, list[str]]:
    """One piece: its pattern text and the strings it can stand for."""
    kind = rng.choices(["literal", "class", "digit", "group"], weights=[4, 3, 1, 2])[0]
    if kind == "literal":
        c = rng.choice(ALPHABET)
        return c, [c]
    if kind == "digit":
        return r"\d", list("0123456789")
    if kind == "class":
        chars = sorted(rng.sample(ALPHABET, rng.randint(2, 3)))
        return "[" + "".join(chars) + "]", chars
    options = sorted({"".join(rng.choices(ALPHABET, k=rng.randint(1, 3))) for _ in range(2)})
    if len(options) < 2:
        options.append(options[0] + rng.choice(ALPHABET))
    return "(" + "|".join(options) + ")", options


def _quantifier(rng: random.Random) -> tuple[str, int, int]:
    return rng.choices(
        [("", 1, 1), ("?", 0, 1), ("+", 1, 3), ("*", 0, 3), ("{2}", 2, 2), ("{1,3}", 1, 3)],
        weights=[6, 2, 2, 2, 1, 1],
    )[0]


def draw_pattern(rng: random.Random, atoms: int) -> tuple[str, list[tuple[list[str], int, int]]]:
    parts, pieces = [], []
    for _ in range(atoms):
        text, options = _atom(rng)
        quant, low, high = _quantifier(rng)
        parts.append(text + quant)
        pieces.append((options, low, high))
    return "".join(parts), pieces


def sample_string(rng: random.Random, pieces: list[tuple[list[str], int, int]]) -> str:
    return "".join(
        "".join(rng.choice(options) for _ in range(rng.randint(low, high)))
        for options, low, high in pieces
    )


def near_miss(rng: random.Random, text: str) -> str:
    i = rng.randint(0, len(text))
    move = rng.choice(["insert", "delete", "change"] if text else ["insert"])
    if move == "insert":
        return text[:i] + rng.choice(NOISE) + text[i:]
    i = min(i, len(text) - 1)
    if move == "delete":
        return text[:i] + text[i + 1 :]
    return text[:i] + rng.choice(NOISE) + text[i + 1 :]


class RegexMatch(CodeFamily):
    """Write a regular expression separating positive from negative examples."""

    knobs = {
        "atoms": Knob("int", 2, 6, default=3, doc="pieces in the target pattern"),
        "examples": Knob("int", 3, 8, default=4, doc="positive and negative examples, each"),
    }
    answer_format = "tags"
    answer_syntax = "the regular expression alone (no quotes, no slashes)"
    answer_form = "regular expression"
    verbatim_answer = True  # $, *, \( and a final . are pattern syntax, not notation

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        count = knobs["examples"]
        for _ in range(500):
            pattern, pieces = draw_pattern(rng, knobs["atoms"])
            compiled = re.compile(pattern)
            positives = sorted({sample_string(rng, pieces) for _ in range(count * 4)})
            positives = [p for p in positives if p][:count]
            negatives: set[str] = set()
            for _ in range(count * 20):
                if len(negatives) >= count or not positives:
                    break
                miss = near_miss(rng, rng.choice(positives))
                if miss and not compiled.fullmatch(miss):
                    negatives.add(miss)
            if len(positives) == count and len(negatives) == count:
                break
        else:  # pragma: no cover
            raise RuntimeError("could not draw separable examples")
        rng.shuffle(positives)
        negative_list = sorted(negatives)
        rng.shuffle(negative_list)
        limit = 2 * len(pattern) + 10
        tests = [{"fn": "matches", "args": [None, s], "expected": True} for s in positives]
        tests += [{"fn": "matches", "args": [None, s], "expected": False} for s in negative_list]
        question = (
            "Write a Python regular expression that fully matches (as `re.fullmatch` does) "
            "every string in the first list and none in the second.\n\n"
            f"Must match: {positives!r}\nMust not match: {negative_list!r}\n\n"
            f"The pattern may be at most {limit} characters long."
        )
        meta = {
            "tests": tests,
            "max_length": limit,
            "complexity": knobs["atoms"] + count / 10,
        }
        return Draft(question, pattern, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        pattern = answer.strip()
        if len(pattern) > problem.meta["max_length"]:
            return Judgement.unparsable(f"longer than {problem.meta['max_length']} characters")
        tests = [{**t, "args": [pattern, t["args"][1]]} for t in problem.meta["tests"]]
        report = self.grade(problem, MATCHER, tests)
        judgement = judgement_of(report, tests)
        if judgement.correct:
            return judgement
        accepted = [r["got"] is True for r in report.results]
        positives = [a for a, t in zip(accepted, tests) if t["expected"]]
        negatives = [a for a, t in zip(accepted, tests) if not t["expected"]]
        score = max(0.0, sum(positives) / len(positives) - sum(negatives) / len(negatives))
        if judgement.reason == "timeout":
            return Judgement(False, score, "timeout", judgement.details)
        return Judgement.wrong(score=score, **judgement.details)
