"""GrammarMembership: which of several strings a context-free grammar generates (CYK-style
membership).

A random grammar (no empty or unit rules) and a numbered list of strings are given; about
half the strings are drawn from the grammar by random derivations and the others are near
misses (a letter changed, inserted, deleted or two swapped) that the grammar does not
generate, each string's membership decided exactly by counting its parse trees with dynamic
programming over spans (the CYK table of the grammar). Each string is in the language with
probability one half, independently, so a fixed answer is right about 2^-k of the time.

Answer syntax: the numbers of the generated strings in increasing order separated by
commas (``2, 5``), or ``none``.

Knobs: ``nonterminals`` (2 -> 5), ``strings`` (4 -> 10) and ``length`` (the longest
string, 4 -> 12). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.grammars import (
    Grammar,
    count_parses,
    format_grammar,
    random_derivation,
    random_grammar,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError


def read_numbers(answer: str, count: int) -> set[int]:
    """A set of string numbers from 1 to ``count`` (commas or spaces), or ``none``."""
    text = answer.strip()
    if text.lower() in ("none", "{}", "∅"):
        return set()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1]
    parts = [p for p in re.split(r"[,\s]+", text) if p]
    if not parts or not all(re.fullmatch(r"\d{1,3}", p) for p in parts):
        raise AnswerError("expected string numbers separated by commas, or none")
    numbers = [int(p) for p in parts]
    if len(set(numbers)) != len(numbers) or not all(1 <= n <= count for n in numbers):
        raise AnswerError(f"expected distinct numbers from 1 to {count}")
    return set(numbers)


def near_miss(rng: random.Random, word: str, letters: str) -> str:
    """``word`` with one random edit: a letter changed, inserted or deleted, or two swapped."""
    k = rng.randrange(len(word))
    kind = rng.randrange(4)
    if kind == 0:
        return word[:k] + rng.choice(letters) + word[k + 1 :]
    if kind == 1:
        return word[:k] + rng.choice(letters) + word[k:]
    if kind == 2 and len(word) > 1:
        return word[:k] + word[k + 1 :]
    j = min(k + 1, len(word) - 1)
    return word[:k] + word[j] + word[k + 1 : j] + word[k] + word[j + 1 :] if j > k else word


def _draw(rng: random.Random, knobs: dict) -> tuple[Grammar, list[str], list[bool]] | None:
    """A grammar, the strings and their membership, or ``None`` when this grammar has too few
    words of the wanted lengths (the caller draws again)."""
    nonterminals, count, length = (int(knobs[k]) for k in ("nonterminals", "strings", "length"))
    terminals = "abc" if nonterminals >= 4 else "ab"
    grammar = random_grammar(rng, nonterminals, 2 * nonterminals + 1, terminals)
    low = max(2, (length + 1) // 2)
    pool: list[str] = []
    for _ in range(4 * count):
        forms = random_derivation(rng, grammar, low, length, tries=1)
        if forms and forms[-1] not in pool:
            pool.append(forms[-1])
            if len(pool) >= count:
                break
    if len(pool) < max(2, count // 2):
        return None
    words: list[str] = []
    members: list[bool] = []
    for _ in range(count):
        want = rng.random() < 0.5
        if want:
            fresh = [w for w in pool if w not in words]
            if not fresh:
                return None
            word = rng.choice(fresh)
        else:
            for _ in range(20):
                word = near_miss(rng, rng.choice(pool), terminals)
                fresh = low <= len(word) <= length and word not in words and word not in pool
                if fresh and count_parses(grammar, word) == 0:
                    break
            else:
                return None
        words.append(word)
        members.append(want)
    return grammar, words, members


class GrammarMembership(Family):
    """The numbers of the listed strings that a grammar generates."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nonterminals": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="nonterminals"),
        "strings": Knob("int", 2, 10, default=6, easy=4, hard=10, doc="strings to decide"),
        "length": Knob("int", 4, 14, default=6, easy=4, hard=12, doc="longest string"),
    }
    answer_syntax = "the numbers of the generated strings separated by commas, or none"
    answer_form = "a set of string numbers"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        while (drawn := _draw(rng, knobs)) is None:
            pass
        grammar, words, members = drawn
        chosen = [k + 1 for k, m in enumerate(members) if m]
        answer = ", ".join(map(str, chosen)) or "none"
        example = "2, 3" if answer != "2, 3" else "1, 3"
        listing = "\n".join(f"{k}. {w}" for k, w in enumerate(words, start=1))
        question = (
            "A context-free grammar has the start symbol S; upper-case letters are "
            "nonterminals, lower-case letters terminals, and | separates the right-hand "
            "sides of one nonterminal:\n\n"
            f"{format_grammar(grammar)}\n\n"
            f"Which of these strings does it generate?\n\n{listing}\n\n"
            "Give the numbers of the strings it generates in increasing order, separated by "
            f"commas (if it generated only the second and third, `{example}`), or none if it "
            "generates none of them."
        )
        meta = {"rules": grammar.to_json(), "words": words, "members": chosen}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        words = problem.meta["words"]
        try:
            given = read_numbers(answer, len(words))
        except AnswerError as error:
            return Judgement.unparsable(str(error))
        expected = set(problem.meta["members"])
        if given == expected:
            return Judgement.right()
        wrong = sorted(given ^ expected)
        return Judgement.wrong(why=f"wrong about string {wrong[0]}", wrong=len(wrong))

    def complexity(self, problem: Problem) -> float:
        """Letters to decide in all (the CYK tables' total size grows with them)."""
        return float(sum(len(w) ** 2 for w in problem.meta["words"]))
