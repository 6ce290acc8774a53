"""FirstFollowSets: the FIRST and FOLLOW sets of every nonterminal of a grammar with empty
rules, as an LL(1) parser generator computes them.

A random grammar over the terminals ``a`` to ``e`` is given, some of its nonterminals with
an empty right-hand side ``ε``; every nonterminal is reachable from ``S`` and derives some
word. FIRST(X) is the set of terminals that begin a word derived from X, with ``ε`` when X
derives the empty word; FOLLOW(X) is the set of terminals that can come right after X in a
sentential form derived from S, with ``$`` (the end of the input) when X can end one. Both
are computed at generation by the usual fixpoints, and the answer is compared set by set;
the reason names the first wrong set.

Answer syntax: one line per set, ``FIRST(X) = {a, ε}`` and ``FOLLOW(X) = {b, $}``, for every
nonterminal (any order of lines and elements; ``eps`` for ``ε`` is accepted).

Knobs: ``nonterminals`` (2 -> 5), ``length`` (the longest right-hand side, 2 -> 4) and
``empty`` (nonterminals with an empty rule, 1 -> 3, at most all but one). Difficulty raises
all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.grammars import (
    END,
    EPSILON,
    Grammar,
    first_sets,
    follow_sets,
    format_grammar,
)

_LINE = re.compile(r"(FIRST|FOLLOW)\s*\(\s*([A-Z])\s*\)\s*=\s*\{([^{}]*)\}", re.IGNORECASE)
_ELEMENT = {"ε": EPSILON, "eps": EPSILON, "epsilon": EPSILON, "$": END}


def read_sets(answer: str) -> dict[tuple[str, str], set[str]]:
    """The sets of an answer keyed by (``FIRST`` or ``FOLLOW``, nonterminal); raises
    ``ValueError`` on a line that is not one set, or a set given twice."""
    sets: dict[tuple[str, str], set[str]] = {}
    for line in unwrap_math(answer).splitlines():
        line = line.strip().rstrip(",;.")
        if not line:
            continue
        match = _LINE.fullmatch(line)
        if not match:
            raise ValueError(f"not a set line: {line[:60]!r}")
        key = (match.group(1).upper(), match.group(2))
        if key in sets:
            raise ValueError(f"{key[0]}({key[1]}) is given twice")
        items = [x for x in re.split(r"[,\s]+", match.group(3).strip()) if x]
        elements = set()
        for item in items:
            value = _ELEMENT.get(item.lower(), item)
            if not (value in (EPSILON, END) or re.fullmatch(r"[a-z]", value)):
                raise ValueError(f"not a terminal, ε or $: {item!r}")
            elements.add(value)
        sets[key] = elements
    return sets


def unwrap_math(answer: str) -> str:
    """The answer without math delimiters around the whole of it (``$..$``, ``$$..$$``,
    ``\\(..\\)``, ``\\[..\\]``), which the shared front end leaves on where ``$``, the
    end-of-input marker, is content; a trailing full stop after them goes too."""
    text = answer.strip().removesuffix(".").strip()
    for left, right in (("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")):
        if text.startswith(left) and text.endswith(right) and len(text) > len(left + right):
            return text[len(left) : -len(right)].strip()
    return text


def show(elements: set[str]) -> str:
    """A set in the answer syntax: terminals sorted, then ε or $."""
    ordered = sorted(e for e in elements if e not in (EPSILON, END))
    ordered += [e for e in (EPSILON, END) if e in elements]
    return "{" + ", ".join(ordered) + "}"


def random_ll_grammar(rng: random.Random, nonterminals: int, length: int, empty: int) -> Grammar:
    """A grammar whose nonterminals after ``S`` each appear in an earlier one's rule, with
    ``empty`` of them having an ε rule and the others a terminal-only rule."""
    names = ["S", *"ABCDEFG"[: nonterminals - 1]]
    terminals = "abcde"[: 2 + nonterminals // 2]
    nullable = set(rng.sample(names, min(empty, nonterminals - 1)))
    table: dict[str, list[list[str]]] = {}
    for x in names:
        base = [] if x in nullable else [rng.choice(terminals)]
        table[x] = [base]
    for i, x in enumerate(names):
        for _ in range(rng.randint(1, 2)):
            size = rng.randint(1, length)
            rhs = [
                rng.choice(terminals) if rng.random() < 0.45 else rng.choice(names)
                for _ in range(size)
            ]
            if rhs == [x]:
                rhs = [rng.choice(terminals), x]
            table[x].append(rhs)
        if i:
            host = names[rng.randrange(i)]
            rhs = rng.choice(table[host][1:])
            if x not in rhs:
                rhs.insert(rng.randrange(len(rhs) + 1), x)
                del rhs[length:]
                if x not in rhs:
                    rhs[-1] = x
    rules = []
    for x in names:
        for rhs in dict.fromkeys("".join(r) for r in table[x]):
            rules.append((x, rhs))
    return Grammar(tuple(rules))


class FirstFollowSets(Family):
    """FIRST and FOLLOW of every nonterminal of a grammar with empty rules."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nonterminals": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="nonterminals"),
        "length": Knob("int", 1, 5, default=3, easy=2, hard=4, doc="longest right-hand side"),
        "empty": Knob("int", 0, 4, default=1, easy=1, hard=3, doc="nonterminals with ε rules"),
    }
    answer_syntax = "one line per set, FIRST(X) = {...} and FOLLOW(X) = {...}"
    answer_form = "FIRST and FOLLOW sets"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        nonterminals, length, empty = (int(knobs[k]) for k in ("nonterminals", "length", "empty"))
        grammar = random_ll_grammar(rng, nonterminals, length, empty)
        first = first_sets(grammar)
        follow = follow_sets(grammar, first)
        names = grammar.nonterminals
        lines = [f"FIRST({x}) = {show(first[x])}" for x in names]
        lines += [f"FOLLOW({x}) = {show(follow[x])}" for x in names]
        question = (
            "A context-free grammar has the start symbol S; upper-case letters are "
            "nonterminals, lower-case letters terminals, | separates the right-hand sides of "
            "one nonterminal and ε is the empty right-hand side:\n\n"
            f"{format_grammar(grammar)}\n\n"
            "Give the FIRST and FOLLOW sets of every nonterminal. FIRST(X) holds the terminals "
            "that can begin a string derived from X, and ε if X derives the empty string; "
            "FOLLOW(X) holds the terminals that can come right after X in a sentential form "
            "derived from S, and $ (the end of the input) if X can come last in one. Write "
            f"one set per line, all {len(names)} FIRST sets and all {len(names)} FOLLOW sets, "
            "in the form `FIRST(Q) = {x, ε}` or `FOLLOW(Q) = {x, $}` (for a nonterminal Q "
            "and a terminal x), with {} for an empty set."
        )
        meta = {
            "rules": grammar.to_json(),
            "first": {x: sorted(first[x]) for x in names},
            "follow": {x: sorted(follow[x]) for x in names},
        }
        return Draft(question, "\n".join(lines), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = read_sets(answer)
        except ValueError as error:
            return Judgement.unparsable(str(error))
        expected = {("FIRST", x): set(v) for x, v in problem.meta["first"].items()}
        expected |= {("FOLLOW", x): set(v) for x, v in problem.meta["follow"].items()}
        extra = sorted(set(given) - set(expected))
        if extra:
            return Judgement.wrong(why=f"{extra[0][1]} is not a nonterminal of the grammar")
        wrong = 0
        first_wrong = None
        for key, value in expected.items():
            if key not in given:
                return Judgement.wrong(why=f"{key[0]}({key[1]}) is missing")
            if given[key] != value:
                wrong += 1
                first_wrong = first_wrong or key
        if first_wrong is None:
            return Judgement.right()
        kind, x = first_wrong
        return Judgement.wrong(why=f"{kind}({x}) is wrong", wrong=wrong)

    def complexity(self, problem: Problem) -> float:
        """Elements in all the sets, plus the rules."""
        sizes = sum(len(v) for v in problem.meta["first"].values())
        sizes += sum(len(v) for v in problem.meta["follow"].values())
        return float(sizes + len(problem.meta["rules"]))
