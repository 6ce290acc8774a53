"""DfaForLanguage: a DFA, within a state cap, for a language described in words.

The language is built from a few properties of strings over a small alphabet, joined by
"and" (and, at the harder end, one "or"): the number of a letter, or the length, leaving a
given remainder modulo m; starting with, ending with, containing or not containing a short
pattern. Its automaton is built compositionally (a counter or a Knuth-Morris-Pratt matcher
per property, then the product) and minimised; the prompt states a cap of the minimum plus
``slack`` states. Any complete DFA within the cap that accepts exactly the language scores
1: the check searches the product of the answer and the language's automaton for a string
on which they disagree and names the shortest such string in the reason.

Answer syntax: the table of :mod:`automata` (``accept: 2`` then ``1: a -> 2, b -> 1`` per
state, new lines or ``;`` between rows).

Knobs: ``properties`` (1 -> 3), ``modulus`` (the largest m, 2 -> 4), ``letters`` (2 -> 3)
and ``slack`` (extra states allowed over the minimum, 4 -> 0). Difficulty raises the first
three and lowers ``slack``.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.automata import (
    Dfa,
    counterexample,
    example_dfa,
    judge_dfa,
    letters_text,
    minimise,
    product,
    table_rules,
    write_dfa,
)

ALPHABET = "abc"
ORDINAL = {0: "divisible by", 1: "1 more than a multiple of", 2: "2 more than a multiple of",
           3: "3 more than a multiple of"}  # fmt: skip


def count_dfa(alphabet: str, letter: str | None, modulus: int, rest: int) -> Dfa:
    """Strings whose number of ``letter`` (every letter: None) is ``rest`` modulo
    ``modulus``."""
    delta = tuple(
        tuple((s + 1) % modulus if letter in (None, c) else s for c in alphabet)
        for s in range(modulus)
    )
    return Dfa(alphabet, delta, frozenset({rest}))


def matcher(alphabet: str, pattern: str) -> tuple[tuple[int, ...], ...]:
    """The Knuth-Morris-Pratt automaton: state i = the longest prefix of ``pattern`` that is
    a suffix of what was read (0..len); from len it goes on matching."""
    rows = []
    for i in range(len(pattern) + 1):
        row = []
        for c in alphabet:
            seen = pattern[:i] + c
            j = min(len(pattern), len(seen))
            while j and not seen.endswith(pattern[:j]):
                j -= 1
            row.append(j)
        rows.append(tuple(row))
    return tuple(rows)


def pattern_dfa(alphabet: str, kind: str, pattern: str) -> Dfa:
    """Strings that start with / end with / contain / do not contain ``pattern``."""
    n = len(pattern)
    if kind == "starts":  # states 0..n, then n+1 dead
        delta = [
            tuple((i + 1 if c == pattern[i] else n + 1) if i < n else i for c in alphabet)
            for i in range(n + 2)
        ]
        return Dfa(alphabet, tuple(delta), frozenset({n}))
    rows = matcher(alphabet, pattern)
    if kind == "ends":
        return Dfa(alphabet, rows, frozenset({n}))
    absorbing = (*rows[:n], tuple(n for _ in alphabet))
    accept = {n} if kind == "contains" else set(range(n))
    return Dfa(alphabet, absorbing, frozenset(accept))


def random_property(rng: random.Random, alphabet: str, modulus: int) -> tuple[str, Dfa]:
    """One property: its words and its automaton."""
    kind = rng.choice(("count", "count", "length", "starts", "ends", "contains", "avoids"))
    if kind in ("count", "length"):
        m = rng.randint(2, max(2, modulus))
        rest = rng.randrange(m)
        letter = rng.choice(alphabet) if kind == "count" else None
        subject = f"the number of {letter}'s" if letter else "the length"
        words = f"{subject} is {ORDINAL[rest]} {m}"
        if m == 2:
            words = f"{subject} is {'even' if rest == 0 else 'odd'}"
        return words, count_dfa(alphabet, letter, m, rest)
    pattern = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
    if kind == "avoids":
        return f"it does not contain {pattern} anywhere", pattern_dfa(alphabet, "avoids",
                                                                        pattern)  # fmt: skip
    verb = {"starts": "it starts with", "ends": "it ends with", "contains": "it contains"}[kind]
    return f"{verb} {pattern}", pattern_dfa(alphabet, kind, pattern)


class DfaForLanguage(Family):
    """A DFA within a state cap for a language described by properties of its strings."""

    knobs: ClassVar[dict[str, Knob]] = {
        "properties": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="properties joined"),
        "modulus": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="largest modulus"),
        "letters": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="alphabet size"),
        "slack": Knob("int", 0, 6, default=2, easy=4, hard=0, doc="states over the minimum"),
    }  # fmt: skip
    answer_syntax = "the DFA as a table: accept: ..., then one row per state"
    answer_form = "DFA table"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, modulus = int(knobs["properties"]), int(knobs["modulus"])
        alphabet, slack = ALPHABET[: int(knobs["letters"])], int(knobs["slack"])
        while True:
            parts = [random_property(rng, alphabet, modulus) for _ in range(count)]
            joiner = "or" if count >= 3 and rng.random() < 0.3 else "and"
            dfa = parts[0][1]
            for _, other in parts[1:]:
                dfa = product(dfa, other, joiner)
            target = minimise(dfa)
            if target.size < 2 or counterexample(target, example_dfa(alphabet)) is None:
                continue  # empty, every string, or the prompt's own example
            if len({words for words, _ in parts}) == count:
                break
        cap = target.size + slack
        if len(parts) == 1:
            description = f"the strings where {parts[0][0]}"
        else:
            clauses = "\n".join(f"- {words}" for words, _ in parts)
            which = "all" if joiner == "and" else "at least one"
            description = f"the strings for which {which} of these hold:\n{clauses}\n"
        question = (
            f"Consider strings over the alphabet {letters_text(alphabet)}. Give a complete "
            f"deterministic finite automaton with at most {cap} states that accepts exactly "
            f"{description}\n(The empty string counts too: it has length 0 and no letters.)"
            f"\n\n{table_rules(alphabet)}"
        )
        meta = {"target": target.to_json(), "cap": cap}
        return Draft(question, write_dfa(target), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        target = Dfa.from_json(problem.meta["target"])
        return judge_dfa(target, answer, max_states=problem.meta["cap"])

    def complexity(self, problem: Problem) -> float:
        """States of the minimal automaton, doubled when the cap leaves no slack over it."""
        size = len(problem.meta["target"]["delta"])
        return float(size * (1 + size / problem.meta["cap"]))
