"""Context-free grammars for the formal families: the rule syntax, parse counting, leftmost
derivations checked step by step, random grammars and words, and FIRST/FOLLOW sets.

Symbols are single characters: upper-case letters are nonterminals, lower-case letters
terminals, and ``S`` is the start symbol. A grammar is written one nonterminal per line with
its alternatives separated by ``|`` and the symbols of a right-hand side written together:

    S -> aSb | T
    T -> c | ε

``ε`` (also ``eps``) is the empty right-hand side. The families that count parse trees use
grammars without empty or unit rules, so every symbol derives a non-empty word and the count
is finite; :func:`count_parses` refuses other grammars.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache, lru_cache

EPSILON = "ε"
END = "$"
_EPSILON_SPELLINGS = ("ε", "eps", "epsilon")
_RULE = re.compile(r"^\s*([A-Z])\s*(?:->|→)\s*(.*?)\s*$")


@dataclass(frozen=True)
class Grammar:
    """A context-free grammar: rules as ``(lhs, rhs)`` pairs in the order they are written."""

    rules: tuple[tuple[str, str], ...]
    start: str = "S"

    @property
    def nonterminals(self) -> list[str]:
        """The nonterminals in order of first appearance as a left-hand side."""
        return list(dict.fromkeys(lhs for lhs, _ in self.rules))

    @property
    def terminals(self) -> list[str]:
        """The terminals, sorted."""
        return sorted({c for _, rhs in self.rules for c in rhs if is_terminal(c)})

    def alternatives(self, nonterminal: str) -> list[str]:
        """The right-hand sides of ``nonterminal`` in order."""
        return [rhs for lhs, rhs in self.rules if lhs == nonterminal]

    def to_json(self) -> list[list[str]]:
        """The rules as plain JSON for a problem's ``meta``."""
        return [[lhs, rhs] for lhs, rhs in self.rules]

    @classmethod
    def from_json(cls, rules: list[list[str]], start: str = "S") -> Grammar:
        return cls(tuple((lhs, rhs) for lhs, rhs in rules), start)


def is_nonterminal(symbol: str) -> bool:
    return "A" <= symbol <= "Z"


def is_terminal(symbol: str) -> bool:
    return "a" <= symbol <= "z"


def format_grammar(grammar: Grammar) -> str:
    """The grammar in the rule syntax, one line per nonterminal, start symbol first."""
    return "\n".join(
        f"{x} -> " + " | ".join(rhs or EPSILON for rhs in grammar.alternatives(x))
        for x in grammar.nonterminals
    )


def parse_grammar(text: str, start: str = "S") -> Grammar:
    """Read the rule syntax of :func:`format_grammar`; raises ``ValueError`` on anything else."""
    rules: list[tuple[str, str]] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        match = _RULE.match(line)
        if not match:
            raise ValueError(f"not a rule line: {line!r}")
        for alt in match.group(2).split("|"):
            rhs = "".join(alt.split())
            rhs = "" if rhs in _EPSILON_SPELLINGS else rhs
            if not all(is_terminal(c) or is_nonterminal(c) for c in rhs):
                raise ValueError(f"bad right-hand side {alt!r}")
            rules.append((match.group(1), rhs))
    return Grammar(tuple(rules), start)


def has_empty_or_unit_rules(grammar: Grammar) -> bool:
    return any(len(rhs) == 0 or (len(rhs) == 1 and is_nonterminal(rhs)) for _, rhs in grammar.rules)


def count_parses(grammar: Grammar, word: str, symbol: str | None = None) -> int:
    """The number of parse trees of ``word`` from ``symbol`` (default the start symbol).

    Exact, by dynamic programming over (symbol, span) and (rule suffix, span); the grammar
    must have no empty and no unit rules (each symbol of a right-hand side then covers at
    least one letter, which bounds the recursion). Spans are pruned by each symbol's
    shortest word and its possible first and last letters.
    """
    if has_empty_or_unit_rules(grammar):
        raise ValueError("count_parses needs a grammar without empty or unit rules")
    shape = _shape(grammar)
    alternatives, shortest, firsts, lasts, _ = shape
    n = len(word)

    @cache
    def derives(x: str, i: int, j: int) -> int:
        if is_terminal(x):
            return int(j == i + 1 and word[i] == x)
        if (
            j - i < shortest.get(x, n + 1)
            or word[i] not in firsts[x]
            or word[j - 1] not in lasts[x]
        ):
            return 0
        return sum(sequence(rhs, 0, i, j) for rhs in alternatives[x])

    @cache
    def sequence(rhs: str, k: int, i: int, j: int) -> int:
        if k == len(rhs) - 1:
            return derives(rhs[k], i, j)
        rest = sum(shortest.get(c, 1) for c in rhs[k + 1 :])
        total = 0
        for m in range(i + shortest.get(rhs[k], 1), j - rest + 1):
            left = derives(rhs[k], i, m)
            if left:
                total += left * sequence(rhs, k + 1, m, j)
        return total

    if not n or not set(word) <= shape[4]:
        return 0
    return derives(symbol or grammar.start, 0, n)


@lru_cache(maxsize=64)
def _shape(grammar: Grammar) -> tuple[dict, dict, dict, dict, frozenset[str]]:
    """Per nonterminal: its right-hand sides, the length of its shortest word, and the
    letters its words can start and end with (grammars without empty rules); and the
    terminals."""
    alternatives = {x: grammar.alternatives(x) for x in grammar.nonterminals}
    shortest: dict[str, int] = {}
    firsts: dict[str, set[str]] = {x: set() for x in alternatives}
    lasts: dict[str, set[str]] = {x: set() for x in alternatives}
    changed = True
    while changed:
        changed = False
        for x, rhss in alternatives.items():
            for rhs in rhss:
                if all(is_terminal(c) or c in shortest for c in rhs):
                    size = sum(shortest.get(c, 1) for c in rhs)
                    if size < shortest.get(x, size + 1):
                        shortest[x] = size
                        changed = True
                first = {rhs[0]} if is_terminal(rhs[0]) else firsts[rhs[0]]
                last = {rhs[-1]} if is_terminal(rhs[-1]) else lasts[rhs[-1]]
                if not first <= firsts[x] or not last <= lasts[x]:
                    firsts[x] |= first
                    lasts[x] |= last
                    changed = True
    return alternatives, shortest, firsts, lasts, frozenset(grammar.terminals)


def leftmost_step_error(grammar: Grammar, before: str, after: str) -> str | None:
    """Why ``after`` is not one leftmost rewrite of ``before`` (``None`` when it is)."""
    position = next((k for k, c in enumerate(before) if is_nonterminal(c)), None)
    if position is None:
        return "the previous form has no nonterminal left to rewrite"
    x = before[position]
    prefix, suffix = before[:position], before[position + 1 :]
    if not (after.startswith(prefix) and after.endswith(suffix)):
        return f"only the leftmost nonterminal {x} (at position {position + 1}) may be rewritten"
    rhs = after[len(prefix) : len(after) - len(suffix)]
    if len(after) < len(prefix) + len(suffix) or rhs not in grammar.alternatives(x):
        shown = rhs or EPSILON
        return f"{x} -> {shown} is not a rule"
    return None


def derivation_error(grammar: Grammar, forms: list[str], target: str) -> tuple[int, str] | None:
    """The first wrong step of a leftmost derivation ``forms`` of ``target``, as (step, why):
    step 0 is the first form (it must be the start symbol), step k the k-th rewrite, and
    step ``len(forms)`` the end (the last form must be ``target``). ``None`` when right."""
    if not forms or forms[0] != grammar.start:
        return 0, f"a derivation starts from the start symbol {grammar.start}"
    for k in range(1, len(forms)):
        why = leftmost_step_error(grammar, forms[k - 1], forms[k])
        if why:
            return k, why
    if forms[-1] != target:
        return len(forms), f"the derivation ends in {forms[-1]}, not the string {target}"
    return None


def random_grammar(
    rng: random.Random,
    nonterminals: int,
    rules: int,
    terminals: str,
    max_rhs: int = 3,
) -> Grammar:
    """A random grammar without empty or unit rules in which every nonterminal is reachable
    from ``S`` and derives some word: each nonterminal gets one terminal-only rule and further
    mixed rules (about ``rules`` in all), and each nonterminal after ``S`` is placed in a rule
    of an earlier one."""
    names = ["S", *"ABCDEFGH"[: nonterminals - 1]]
    table: dict[str, list[list[str]]] = {x: [] for x in names}
    for x in names:
        table[x].append([rng.choice(terminals) for _ in range(rng.randint(1, 2))])
    for _ in range(max(rules - nonterminals, nonterminals)):
        x = rng.choice(names)
        size = rng.randint(2, max_rhs)
        rhs = [
            rng.choice(terminals) if rng.random() < 0.5 else rng.choice(names) for _ in range(size)
        ]
        table[x].append(rhs)
    for i, x in enumerate(names[1:], start=1):
        host = names[rng.randrange(i)]
        mixed = [r for r in table[host][1:] if len(r) >= 2]  # the first rule stays terminal
        if not mixed:
            table[host].append([rng.choice(terminals), x])
        elif x not in "".join("".join(r) for r in table[host]):
            rhs = rng.choice(mixed)
            rhs[rng.randrange(len(rhs))] = x
    rows: list[tuple[str, str]] = []
    for x in names:
        for rhs in dict.fromkeys("".join(r) for r in table[x]):
            rows.append((x, rhs))
    return Grammar(tuple(rows))


def random_derivation(
    rng: random.Random,
    grammar: Grammar,
    low: int,
    high: int,
    tries: int = 40,
    symbol: str | None = None,
) -> list[str] | None:
    """A random leftmost derivation of a word of ``low`` to ``high`` letters (its sentential
    forms, from ``symbol``, by default ``S``, to the word), or ``None`` when ``tries`` attempts
    miss the range. Assumes no empty rules (forms never shrink)."""
    alternatives, calm = _derivation_tables(grammar)
    symbol = symbol or grammar.start
    for _ in range(tries):
        form, forms = symbol, [symbol]
        goal = rng.randint(low, high)
        while len(form) <= high:
            match = _NONTERMINAL.search(form)
            if match is None:
                break
            position = match.start()
            options = (calm if len(form) >= goal else alternatives)[form[position]]
            form = form[:position] + rng.choice(options) + form[position + 1 :]
            forms.append(form)
        if low <= len(form) <= high and not _NONTERMINAL.search(form):
            return forms
    return None


_NONTERMINAL = re.compile(r"[A-Z]")


@lru_cache(maxsize=64)
def _derivation_tables(grammar: Grammar) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Each nonterminal's right-hand sides, and those of them with the fewest nonterminals."""
    alternatives = _shape(grammar)[0]
    calm = {}
    for x, options in alternatives.items():
        fewest = min(sum(map(is_nonterminal, r)) for r in options)
        calm[x] = [r for r in options if sum(map(is_nonterminal, r)) == fewest]
    return alternatives, calm


def word_through(grammar: Grammar, symbol: str, inner: str) -> str | None:
    """A word derived from the start symbol through a derivation in which ``symbol`` derives
    ``inner``: a shortest chain of rules from the start symbol down to ``symbol``, with every
    other symbol on the way replaced by one of its shortest words (``None`` when ``symbol``
    is unreachable). Grammars without empty rules."""
    alternatives, shortest, _, _, _ = _shape(grammar)
    short: dict[str, str] = {}
    while len(short) < len(shortest):  # a shortest word per nonterminal, bottom up
        for x, rhss in alternatives.items():
            if x in short:
                continue
            for rhs in rhss:
                if all(is_terminal(c) or c in short for c in rhs):
                    word = "".join(c if is_terminal(c) else short[c] for c in rhs)
                    if len(word) == shortest[x]:
                        short[x] = word
                        break
    parent: dict[str, tuple[str, str, int] | None] = {grammar.start: None}
    queue = [grammar.start]
    for x in queue:  # breadth first over "appears in a right-hand side of"
        for rhs in alternatives[x]:
            for k, c in enumerate(rhs):
                if is_nonterminal(c) and c not in parent:
                    parent[c] = (x, rhs, k)
                    queue.append(c)
    if symbol not in parent:
        return None
    word, at = inner, symbol
    while parent[at] is not None:
        x, rhs, k = parent[at]
        left = "".join(c if is_terminal(c) else short[c] for c in rhs[:k])
        right = "".join(c if is_terminal(c) else short[c] for c in rhs[k + 1 :])
        word, at = left + word + right, x
    return word


def first_sets(grammar: Grammar) -> dict[str, set[str]]:
    """FIRST of each nonterminal (``ε`` for the empty word), by the usual fixpoint."""
    first: dict[str, set[str]] = {x: set() for x in grammar.nonterminals}
    changed = True
    while changed:
        changed = False
        for lhs, rhs in grammar.rules:
            new = first_of(rhs, first)
            if not new <= first[lhs]:
                first[lhs] |= new
                changed = True
    return first


def first_of(symbols: str, first: dict[str, set[str]]) -> set[str]:
    """FIRST of a string of symbols given the nonterminals' FIRST sets."""
    out: set[str] = set()
    for c in symbols:
        if is_terminal(c):
            out.add(c)
            return out
        out |= first[c] - {EPSILON}
        if EPSILON not in first[c]:
            return out
    out.add(EPSILON)
    return out


def follow_sets(grammar: Grammar, first: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    """FOLLOW of each nonterminal (``$`` for the end of input), by the usual fixpoint."""
    first = first or first_sets(grammar)
    follow: dict[str, set[str]] = {x: set() for x in grammar.nonterminals}
    follow[grammar.start].add(END)
    changed = True
    while changed:
        changed = False
        for lhs, rhs in grammar.rules:
            for k, c in enumerate(rhs):
                if not is_nonterminal(c):
                    continue
                rest = first_of(rhs[k + 1 :], first)
                new = (rest - {EPSILON}) | (follow[lhs] if EPSILON in rest else set())
                if not new <= follow[c]:
                    follow[c] |= new
                    changed = True
    return follow
