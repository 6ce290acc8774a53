"""LetterAnalogy: complete a letter-string analogy ``abc : abd :: ijk : ?`` in a stated rule space.

Letter-string analogies after Hofstadter's Copycat ("Analogies and roles in human and
machine thinking", 1995): the prompt shows one change ``A -> B`` and asks what the same
change makes of ``C``. The rule space is stated: at most ``depth`` of the listed changes
applied in order (the next or previous letter at the end, at the start or everywhere,
reversal, dropping, doubling or adding letters, swapping the ends). Unique by proof: pairs
are drawn until every rule of the space that turns A into B (an exhaustive enumeration in
:mod:`rlvr_envs.families.induction.compositions`) gives the same word for C, and no shorter
rule does; a second pair is shown where ``pairs`` asks for it. The answer is never a word
the prompt shows.

Answer syntax: the word alone, in small letters (``ijl``).

Knobs: ``depth`` (changes composed, 1 -> 2), ``length`` (letters per word, 3 -> 6) and
``runs`` (the share of words that are alphabet runs like ``cdef``, 0.8 -> 0.2: random
letters hide the structure). Difficulty raises the depth and the length and lowers the runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.compositions import UNDEFINED, Operation, pin_examples, run
from rlvr_envs.families.induction.readers import AnswerError, read_word

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def _shift(letter: str, step: int) -> str:
    index = ALPHABET.index(letter) + step
    return ALPHABET[index] if 0 <= index < 26 else UNDEFINED


def _at(where: str, step: int) -> Callable[[str], str]:
    def op(word: str) -> str:
        if where == "last":
            new = _shift(word[-1], step)
            return UNDEFINED if new is UNDEFINED else word[:-1] + new
        if where == "first":
            new = _shift(word[0], step)
            return UNDEFINED if new is UNDEFINED else new + word[1:]
        letters = [_shift(c, step) for c in word]
        return UNDEFINED if UNDEFINED in letters else "".join(letters)

    return op


def _shorter(fn: Callable[[str], str]) -> Callable[[str], str]:
    return lambda w: fn(w) if len(w) > 1 else UNDEFINED


LIBRARY: list[tuple[str, str, Callable[[str], str]]] = [
    ("last_next", "replace the last letter by the next letter of the alphabet", _at("last", 1)),
    ("last_prev", "replace the last letter by the previous letter", _at("last", -1)),
    ("first_next", "replace the first letter by the next letter", _at("first", 1)),
    ("first_prev", "replace the first letter by the previous letter", _at("first", -1)),
    ("all_next", "replace every letter by the next letter", _at("all", 1)),
    ("all_prev", "replace every letter by the previous letter", _at("all", -1)),
    ("reverse", "reverse the word", lambda w: w[::-1]),
    ("drop_last", "remove the last letter", _shorter(lambda w: w[:-1])),
    ("drop_first", "remove the first letter", _shorter(lambda w: w[1:])),
    ("double_last", "write the last letter twice", lambda w: w + w[-1]),
    ("double_first", "write the first letter twice", lambda w: w[0] + w),
    ("extend", "add the letter after the last letter at the end",
     lambda w: UNDEFINED if w[-1] == "z" else w + _shift(w[-1], 1)),
    ("swap_ends", "swap the first and the last letter", lambda w: w[-1] + w[1:-1] + w[0]),
]  # fmt: skip
OPS: list[Operation] = [(name, fn) for name, _, fn in LIBRARY]


def _word(rng: random.Random, length: int, runs: float) -> str:
    size = rng.randint(max(2, length - 1), length)
    if rng.random() < runs:
        start = rng.randrange(1, 25 - size)
        step = rng.choice((1, 1, -1))
        letters = ALPHABET[start : start + size]
        return letters if step == 1 else letters[::-1]
    return "".join(rng.choice(ALPHABET[1:25]) for _ in range(size))


class LetterAnalogy(Family):
    """A Copycat-style letter analogy whose answer every fitting rule of the space agrees on."""

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 1, 2, default=1, doc="changes composed"),
        "length": Knob("int", 2, 8, default=4, easy=3, hard=6, doc="letters per word"),
        "runs": Knob("float", 0.0, 1.0, default=0.5, easy=0.8, hard=0.2, doc="share of runs"),
    }  # fmt: skip
    answer_syntax = "the word alone, in small letters"
    answer_form = "word"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        depth, length, runs = int(knobs["depth"]), int(knobs["length"]), float(knobs["runs"])
        while True:
            target = tuple(rng.randrange(len(OPS)) for _ in range(depth))
            query = _word(rng, length, runs)
            out = run(OPS, target, query)
            if out is UNDEFINED or out == query:
                continue
            pool = [_word(rng, length, runs) for _ in range(2)]
            pinned = pin_examples(OPS, depth, target, pool, [query], 1)
            if pinned is None or query in pool:
                continue
            examples, programs = pinned
            if any(len(p) < depth for p in programs):
                continue
            shown = {query, *(w for pair in examples for w in pair)}
            if out not in shown and all(x != y for x, y in examples):
                break
        library = "\n".join(f"  {doc}" for _, doc, _ in LIBRARY)
        most = (
            "one of these changes" if depth == 1 else f"at most {depth} of these changes, in order"
        )
        pairs = "\n".join(f"  {x} -> {y}" for x, y in examples)
        question = (
            f"A change of words is {most} (the alphabet does not wrap: a has no previous "
            f"letter and z no next one):\n{library}\n\nThe change does this:\n{pairs}\n\n"
            f"Every change of that kind that does this gives the same result for {query}. "
            f"What is it? ({examples[0][0]} is to {examples[0][1]} as {query} is to what?)"
        )
        meta = {
            "rule": [LIBRARY[i][0] for i in target],
            "examples": [list(pair) for pair in examples],
            "query": query,
            "fitting": len(programs),
        }
        return Draft(question, out, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            word = read_word(answer, "[a-z]+")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if word == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Changes composed times the letters of the word, more with more pairs."""
        meta = problem.meta
        return len(meta["rule"]) * (len(meta["query"]) + 1) * (1 + len(meta["examples"]))
