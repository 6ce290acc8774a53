"""RegexEquivalence: whether two regular expressions match the same strings, with a witness.

Two expressions of a small stated language (letters, concatenation, ``|``, postfix ``*``,
``+``, ``?``, parentheses; :mod:`automata`) are shown; the second is the first either
rewritten by identities that keep its language (``(x|y)*`` as ``(x*y*)*``, ``x+`` as
``xx*``, alternatives reordered) or changed by one small edit (a letter, an operator, an
alternative dropped) that changes it. The answer is ``equivalent`` when they match the same
strings, else one string that exactly one of them matches (a witness). A witness is checked
by running both expressions' automata on it, so any string of the symmetric difference scores
1; ``equivalent`` scores only when it is true (decided by comparing minimal DFAs). About 5%
of the instances are equivalent, so the constant answer earns under 0.10, and the two
expressions always agree on every string of at most two letters (the shortest witness has
at least three; two below size 6), so no short constant string earns more than a few
percent either. The letters are
x, y and z, which English prose around the expressions never uses as words.

Answer syntax: ``equivalent``, or one string of the alphabet's letters (``ε`` for the empty
string).

Knobs: ``size`` (letters and operators in the first expression, 3 -> 10) and ``letters``
(alphabet size, 2 -> 3). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.automata import (
    POSTFIX,
    Dfa,
    Regex,
    accepts,
    counterexample,
    determinise,
    letters_text,
    random_regex,
    regex_to_nfa,
    write_regex,
)

ALPHABET = "xyz"
EQUIVALENT_SHARE = 0.05
SHORTEST = 3
"""The least length of a shortest witness from ``size`` 6 up: the two expressions then
always agree on every string of at most two letters, so no short constant answer is ever
right (smaller expressions: on the empty string and single letters)."""
TRIES = 6
"""Edits tried on one drawn expression before drawing another."""
EMPTY = ("ε", "epsilon", '""', "''")
RULES = (
    "In an expression, juxtaposition is concatenation, | is alternation (lowest "
    "precedence), a postfix * means zero or more, + one or more and ? zero or one of what "
    "it follows, parentheses group, and () is the empty string. An expression matches a "
    "string when it matches the whole string."
)


def nodes(node: Regex, path: tuple[int, ...] = ()) -> list[tuple[tuple[int, ...], Regex]]:
    """Every node of an expression with its path of child indices, root first."""
    found = [(path, node)]
    for i, part in enumerate(node.parts):
        found.extend(nodes(part, (*path, i)))
    return found


def replace(node: Regex, path: tuple[int, ...], new: Regex) -> Regex:
    """The expression with the node at ``path`` replaced by ``new`` (flattening a
    concatenation or alternation put directly inside one of its kind)."""
    if not path:
        return new
    parts = list(node.parts)
    child = replace(parts[path[0]], path[1:], new)
    if child.kind == node.kind and node.kind in ("cat", "alt"):
        parts[path[0] : path[0] + 1] = child.parts
    else:
        parts[path[0]] = child
    return Regex(node.kind, node.value, tuple(parts))


def rewrite(rng: random.Random, node: Regex) -> Regex | None:
    """One identity applied at a random place where one applies (None: nowhere)."""
    options = []
    for path, n in nodes(node):
        if n.kind == "alt":
            shuffled = list(n.parts)
            rng.shuffle(shuffled)
            options.append((path, Regex("alt", parts=tuple(shuffled))))
        if n.kind == "plus":
            x = n.parts[0]
            options.append((path, Regex("cat", parts=(x, Regex("star", parts=(x,))))))
        if n.kind == "star":
            x = n.parts[0]
            options.append((path, Regex("opt", parts=(Regex("plus", parts=(x,)),))))
            if x.kind == "alt":
                stars = tuple(Regex("star", parts=(p,)) if p.kind not in POSTFIX.values()
                              else Regex("star", parts=(p.parts[0],)) for p in x.parts)  # fmt: skip
                options.append((path, Regex("star", parts=(Regex("cat", parts=stars),))))
        if n.kind == "opt" and n.parts[0].kind != "plus":
            options.append((path, Regex("alt", parts=(n.parts[0], Regex("eps")))))
    if not options:
        return None
    path, new = rng.choice(options)
    return replace(node, path, new)


def mutate(rng: random.Random, node: Regex, alphabet: str) -> Regex:
    """One small edit at a random node: another letter, another postfix operator, a postfix
    added or removed, an alternative or a factor dropped, alternation turned into
    concatenation."""
    path, n = rng.choice(nodes(node))
    if n.kind == "lit":
        if rng.random() < 0.5:
            new = Regex("lit", rng.choice([c for c in alphabet if c != n.value]))
        else:
            new = Regex(rng.choice(tuple(POSTFIX.values())), parts=(n,))
    elif n.kind in POSTFIX.values():
        others = [k for k in POSTFIX.values() if k != n.kind]
        new = n.parts[0] if rng.random() < 0.3 else Regex(rng.choice(others), parts=n.parts)
    elif n.kind in ("cat", "alt") and rng.random() < 0.6:
        drop = rng.randrange(len(n.parts))
        rest = n.parts[:drop] + n.parts[drop + 1 :]
        new = rest[0] if len(rest) == 1 else Regex(n.kind, parts=rest)
    elif n.kind == "alt":
        new = Regex("cat", parts=n.parts)
    else:
        new = Regex("star", parts=(n,))
    return replace(node, path, new)


def read_verdict(answer: str, alphabet: str) -> str | None:
    """``None`` for ``equivalent``, else the witness string; AnswerError otherwise."""
    from rlvr_envs.families.shared.answer_parsing import AnswerError

    text = answer.strip()
    if text.lower() in ("equivalent", "equivalent."):
        return None
    if text in EMPTY:
        return ""
    if not text or len(text) > 200 or any(c not in alphabet for c in text):
        raise AnswerError(f"expected 'equivalent' or a string of {alphabet}, got {text[:20]!r}")
    return text


class RegexEquivalence(Family):
    """``equivalent``, or a string matched by exactly one of two expressions."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 14, default=6, easy=3, hard=10, doc="letters and operators"),
        "letters": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="alphabet size"),
    }  # fmt: skip
    answer_syntax = (
        "the word equivalent, or one string of letters that exactly one expression matches "
        "(ε for the empty string)"
    )
    answer_form = "equivalent or witness string"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size, alphabet = int(knobs["size"]), ALPHABET[: int(knobs["letters"])]
        shortest = SHORTEST if size >= 6 else SHORTEST - 1
        same = None
        found = None
        while found is None:
            first = random_regex(rng, size, alphabet)
            if same is None:
                same = rng.random() < EQUIVALENT_SHARE
            a = determinise(regex_to_nfa(first, alphabet))
            for _ in range(TRIES):  # several edits of one expression: its automaton is reused
                found = self._partner(rng, first, a, alphabet, same, shortest)
                if found is not None:
                    break
        second, b, witness = found
        if rng.random() < 0.5:
            first, second, a, b = second, first, b, a
        question = (
            f"Over the alphabet {letters_text(alphabet)}, consider the two regular "
            f"expressions\n\nE: /{write_regex(first)}/\nF: /{write_regex(second)}/\n\n"
            f"(the slashes only delimit them). {RULES}\n\nDo E and F match exactly the same "
            "strings? If they do, answer equivalent. If not, give one string that exactly "
            "one of them matches."
        )
        meta = {"first": write_regex(first), "second": write_regex(second),
                "dfas": [a.to_json(), b.to_json()], "equivalent": same}  # fmt: skip
        answer = "equivalent" if witness is None else (witness or "ε")
        return Draft(question, answer, meta)

    @staticmethod
    def _partner(
        rng: random.Random, first: Regex, a: Dfa, alphabet: str, same: bool, shortest: int
    ) -> tuple[Regex, Dfa, str | None] | None:
        """A second expression (its automaton and the shortest witness) of the wanted kind:
        rewritten by identities when ``same``, else edited so that the two first differ on
        a string of at least ``shortest`` letters; None when this draw misses."""
        second = rewrite(rng, first) if same else mutate(rng, first, alphabet)
        if second is None or write_regex(second) == write_regex(first):
            return None
        if same and rng.random() < 0.5:
            second = rewrite(rng, second) or second
        b = determinise(regex_to_nfa(second, alphabet))
        witness = counterexample(a, b)
        if (witness is None) != same or (witness is not None and len(witness) < shortest):
            return None
        return second, b, witness

    def check(self, problem: Problem, answer: str) -> Judgement:
        from rlvr_envs.families.shared.answer_parsing import AnswerError

        a, b = (Dfa.from_json(d) for d in problem.meta["dfas"])
        try:
            witness = read_verdict(answer, a.alphabet)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if witness is None:
            if problem.meta["equivalent"]:
                return Judgement.right()
            return Judgement.wrong(why="they are not equivalent")
        if accepts(a, witness) != accepts(b, witness):
            return Judgement.right()
        both = "both match" if accepts(a, witness) else "neither matches"
        return Judgement.wrong(why=f"{both} {witness or 'the empty string'!r}")

    def complexity(self, problem: Problem) -> float:
        """The states of the two subset automata."""
        return float(sum(len(d["delta"]) for d in problem.meta["dfas"]))
