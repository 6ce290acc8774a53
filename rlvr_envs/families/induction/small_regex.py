"""A small regular-expression language, parsed and matched here (never by ``re``).

Syntax: letters, concatenation, ``|`` (alternation), postfix ``*`` (zero or more), ``+``
(one or more) and ``?`` (zero or one), and parentheses; ``()`` is the empty string. The
*size* of an expression is the number of letters and operator symbols (``|``, ``*``,
``+``, ``?``) in it; parentheses are free. Matching is of the whole string, by the
expression's position automaton (:class:`Matcher`, linear in the string's length), so no
expression can make it backtrack for ever.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

MAX_DEPTH = 40


class RegexError(ValueError):
    """The text is not an expression of the language."""


@dataclass(frozen=True)
class Node:
    kind: str  # "lit", "cat", "alt", "star", "plus", "opt", "eps"
    value: str = ""
    parts: tuple[Node, ...] = ()


def parse(text: str, alphabet: str) -> Node:
    """The expression ``text`` over ``alphabet`` (spaces are not allowed)."""
    parser = _Parser(text, alphabet)
    node = parser.alternation(0)
    if parser.pos != len(text):
        raise RegexError(f"unexpected {text[parser.pos]!r} at position {parser.pos + 1}")
    return node


class _Parser:
    def __init__(self, text: str, alphabet: str) -> None:
        self.text, self.alphabet, self.pos = text, alphabet, 0

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def alternation(self, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise RegexError("nested too deeply")
        options = [self.concatenation(depth)]
        while self.peek() == "|":
            self.pos += 1
            options.append(self.concatenation(depth))
        return options[0] if len(options) == 1 else Node("alt", parts=tuple(options))

    def concatenation(self, depth: int) -> Node:
        items = []
        while self.peek() and self.peek() not in "|)":
            items.append(self.repeat(depth))
        if not items:
            raise RegexError("an empty alternative (write () for the empty string)")
        return items[0] if len(items) == 1 else Node("cat", parts=tuple(items))

    def repeat(self, depth: int) -> Node:
        node = self.atom(depth)
        while self.peek() in ("*", "+", "?") and self.peek():
            kind = {"*": "star", "+": "plus", "?": "opt"}[self.peek()]
            self.pos += 1
            node = Node(kind, parts=(node,))
        return node

    def atom(self, depth: int) -> Node:
        char = self.peek()
        if char == "(":
            self.pos += 1
            if self.peek() == ")":
                self.pos += 1
                return Node("eps")
            node = self.alternation(depth + 1)
            if self.peek() != ")":
                raise RegexError("a '(' is not closed")
            self.pos += 1
            return node
        if char and char in self.alphabet:
            self.pos += 1
            return Node("lit", char)
        raise RegexError(f"unexpected {char!r} at position {self.pos + 1}" if char else "cut off")


def size(node: Node) -> int:
    """Letters and operator symbols (``|`` counted once per extra alternative)."""
    if node.kind == "lit":
        return 1
    if node.kind == "eps":
        return 0
    inner = sum(size(p) for p in node.parts)
    if node.kind == "alt":
        return inner + len(node.parts) - 1
    return inner + (node.kind in ("star", "plus", "opt"))


def write(node: Node) -> str:
    """The expression as text, with only the parentheses it needs."""
    if node.kind == "lit":
        return node.value
    if node.kind == "eps":
        return "()"
    if node.kind == "alt":
        return "|".join(write(p) for p in node.parts)
    if node.kind == "cat":
        return "".join(f"({write(p)})" if p.kind == "alt" else write(p) for p in node.parts)
    inner = node.parts[0]
    body = write(inner)
    if inner.kind in ("alt", "cat") or inner.kind in ("star", "plus", "opt"):
        body = f"({body})"
    return body + {"star": "*", "plus": "+", "opt": "?"}[node.kind]


class Matcher:
    """The expression's position automaton (Glushkov 1961): whole-string matching in time
    linear in the string's length times the number of letters in the expression."""

    def __init__(self, node: Node) -> None:
        self.letters: list[str] = []
        self.follow: list[set[int]] = []
        self.nullable, self.first, self.last = self._build(node)

    def _build(self, node: Node) -> tuple[bool, set[int], set[int]]:
        kind = node.kind
        if kind == "lit":
            self.letters.append(node.value)
            self.follow.append(set())
            p = len(self.letters) - 1
            return False, {p}, {p}
        if kind == "eps":
            return True, set(), set()
        if kind == "alt":
            parts = [self._build(p) for p in node.parts]
            return (
                any(n for n, _, _ in parts),
                set().union(*(f for _, f, _ in parts)),
                set().union(*(lst for _, _, lst in parts)),
            )
        if kind == "cat":
            nullable, first, last = True, set(), set()
            for part in node.parts:
                n, f, lst = self._build(part)
                for p in last:
                    self.follow[p] |= f
                first = first | f if nullable else first
                last = last | lst if n else lst
                nullable = nullable and n
            return nullable, first, last
        n, f, lst = self._build(node.parts[0])
        if kind in ("star", "plus"):
            for p in lst:
                self.follow[p] |= f
        return (n if kind == "plus" else True), f, lst

    def matches(self, text: str) -> bool:
        if not text:
            return self.nullable
        states = {p for p in self.first if self.letters[p] == text[0]}
        for char in text[1:]:
            if not states:
                return False
            states = {q for p in states for q in self.follow[p] if self.letters[q] == char}
        return bool(states & self.last)


def matches(node: Node, text: str) -> bool:
    """Whether ``node`` matches the whole of ``text``."""
    return Matcher(node).matches(text)


def random_expression(rng: random.Random, letters: int, alphabet: str) -> Node:
    """A random expression with ``letters`` letters, each piece possibly repeated."""
    if letters == 1:
        node = Node("lit", rng.choice(alphabet))
    else:
        left = rng.randint(1, letters - 1)
        a = random_expression(rng, left, alphabet)
        b = random_expression(rng, letters - left, alphabet)
        if rng.random() < 0.3:
            node = Node("alt", parts=(a, b))
        else:
            parts = [
                *(a.parts if a.kind == "cat" else (a,)),
                *(b.parts if b.kind == "cat" else (b,)),
            ]
            node = Node("cat", parts=tuple(parts))
    roll = rng.random()
    if roll < 0.22:
        return Node("star", parts=(node,))
    if roll < 0.3:
        return Node("plus", parts=(node,))
    if roll < 0.36:
        return Node("opt", parts=(node,))
    return node


def sample(rng: random.Random, node: Node, budget: int = 3) -> str:
    """A random string of the expression's language (repetitions up to ``budget``)."""
    kind = node.kind
    if kind == "lit":
        return node.value
    if kind == "eps":
        return ""
    if kind == "alt":
        return sample(rng, rng.choice(node.parts), budget)
    if kind == "cat":
        return "".join(sample(rng, p, budget) for p in node.parts)
    low = {"star": 0, "plus": 1, "opt": 0}[kind]
    high = 1 if kind == "opt" else budget
    return "".join(sample(rng, node.parts[0], budget) for _ in range(rng.randint(low, high)))
