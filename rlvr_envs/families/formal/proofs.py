"""Propositional formulas, clauses and group terms for the proof families of the formal domain.

Shared by the families of the topic "proofs and models" (SequentProof,
ResolutionRefutation, GroupWordProof, ...): one ASCII syntax, parsed strictly and printed
canonically, and the truth tables the generators use to decide validity.

Formulas (:data:`Formula`) are tuples: ``("atom", "p")``, ``("not", A)``, ``("and", A, B)``,
``("or", A, B)``, ``("imp", A, B)``, ``("iff", A, B)``, and ``("bot",)`` for the
contradiction ``#`` of natural deduction. The syntax is ``~`` (not, binding
tightest), ``&``, ``|``, ``->``, ``<->`` (loosest), atoms are single lowercase letters, and
parentheses group; ``&`` and ``|`` group to the left, ``->`` to the right. The printer
parenthesises every binary subformula, so its text reads the same under any precedence.

Group terms (:data:`Term`): ``("var", "a")``, ``("e",)``, ``("inv", t)``, ``("mul", s, t)``,
written ``a``, ``e``, ``t^-1`` (postfix, binding tightest) and ``s * t``, every product
inside a product parenthesised by the printer.

Every parser here reads hostile text: it is linear in the input, caps the input's length and
the nesting depth, and raises :class:`~rlvr_envs.families.shared.answer_parsing.AnswerError`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

from rlvr_envs.families.shared.answer_parsing import AnswerError

Formula = tuple[Any, ...]
Term = tuple[Any, ...]
Literal = tuple[str, bool]
"""A clause literal: (atom, positive)."""

MAX_TEXT = 2_000
MAX_DEPTH = 40
ATOMS = "pqrstu"
BINARY = {"and": "&", "or": "|", "imp": "->", "iff": "<->"}
BOTTOM: tuple[str] = ("bot",)
"""The contradiction ``#`` (natural deduction's falsum)."""

_TOKEN = re.compile(r"\s*(<->|->|[~&|()]|[a-z]|,|=>|\^-1|\*|\S)")


def tokens(text: str) -> list[str]:
    """The tokens of a formula (or sequent side) in :data:`_TOKEN`'s syntax."""
    if len(text) > MAX_TEXT:
        raise AnswerError("text too long")
    out: list[str] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:  # only trailing whitespace is left
            break
        out.append(match.group(1))
        pos = match.end()
    return out


class _FormulaReader:
    """Recursive descent over tokens: iff < imp < or < and < not."""

    def __init__(self, toks: list[str]) -> None:
        self.toks = toks
        self.i = 0

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise AnswerError("formula ends too early")
        self.i += 1
        return tok

    def formula(self, depth: int = 0) -> Formula:
        if depth > MAX_DEPTH:
            raise AnswerError("formula nested too deeply")
        left = self.implication(depth)
        while self.peek() == "<->":
            self.take()
            left = ("iff", left, self.implication(depth))
        return left

    def implication(self, depth: int) -> Formula:
        left = self.disjunction(depth)
        if self.peek() == "->":
            self.take()
            return ("imp", left, self.implication(depth + 1))
        return left

    def disjunction(self, depth: int) -> Formula:
        left = self.conjunction(depth)
        while self.peek() == "|":
            self.take()
            left = ("or", left, self.conjunction(depth))
        return left

    def conjunction(self, depth: int) -> Formula:
        left = self.unary(depth)
        while self.peek() == "&":
            self.take()
            left = ("and", left, self.unary(depth))
        return left

    def unary(self, depth: int) -> Formula:
        if depth > MAX_DEPTH:
            raise AnswerError("formula nested too deeply")
        tok = self.take()
        if tok == "~":
            return ("not", self.unary(depth + 1))
        if tok == "(":
            inner = self.formula(depth + 1)
            if self.take() != ")":
                raise AnswerError("missing ')'")
            return inner
        if len(tok) == 1 and "a" <= tok <= "z":
            return ("atom", tok)
        if tok == "#":
            return BOTTOM
        raise AnswerError(f"unexpected {tok!r} in a formula")


def parse_formula(text: str) -> Formula:
    """One formula, all of ``text``."""
    reader = _FormulaReader(tokens(text))
    found = reader.formula()
    if reader.peek() is not None:
        raise AnswerError(f"unexpected {reader.peek()!r} after a formula")
    return found


def parse_formula_list(text: str) -> list[Formula]:
    """Comma-separated formulas (a sequent's side); empty text is the empty list."""
    toks = tokens(text)
    if not toks:
        return []
    reader = _FormulaReader(toks)
    found = [reader.formula()]
    while reader.peek() == ",":
        reader.take()
        found.append(reader.formula())
    if reader.peek() is not None:
        raise AnswerError(f"unexpected {reader.peek()!r} in a list of formulas")
    return found


def show(formula: Formula, top: bool = True) -> str:
    """The canonical text: every binary subformula below the top in parentheses."""
    kind = formula[0]
    if kind == "atom":
        return formula[1]
    if kind == "bot":
        return "#"
    if kind == "not":
        return "~" + show(formula[1], False)
    text = f"{show(formula[1], False)} {BINARY[kind]} {show(formula[2], False)}"
    return text if top else f"({text})"


def atoms_of(formula: Formula, into: set[str] | None = None) -> set[str]:
    """The atoms a formula mentions."""
    found = set() if into is None else into
    if formula[0] == "bot":
        return found
    if formula[0] == "atom":
        found.add(formula[1])
    else:
        for part in formula[1:]:
            atoms_of(part, found)
    return found


def size(formula: Formula) -> int:
    """Connectives and atoms."""
    if formula[0] == "atom":
        return 1
    return 1 + sum(size(part) for part in formula[1:])


def atom_masks(atoms: Sequence[str]) -> dict[str, int]:
    """Atom -> the bitmask of the rows of a ``2**len(atoms)`` truth table where it is true."""
    rows = 1 << len(atoms)
    return {a: sum(1 << r for r in range(rows) if r >> i & 1) for i, a in enumerate(atoms)}


def truth_mask(formula: Formula, masks: dict[str, int], full: int) -> int:
    """The rows of the truth table (bitmask, ``full`` = every row) where ``formula`` holds."""
    kind = formula[0]
    if kind == "atom":
        return masks[formula[1]]
    if kind == "bot":
        return 0
    if kind == "not":
        return full & ~truth_mask(formula[1], masks, full)
    a = truth_mask(formula[1], masks, full)
    b = truth_mask(formula[2], masks, full)
    if kind == "and":
        return a & b
    if kind == "or":
        return a | b
    if kind == "imp":
        return (full & ~a) | b
    return full & ~(a ^ b)


def random_formula(rng: random.Random, atoms: Sequence[str], depth: int, kinds: str) -> Formula:
    """A random formula of nesting at most ``depth`` over ``atoms``; ``kinds`` lists the
    connectives to draw (``"nao"``: not, and, or; ``i``: implies; ``e``: iff)."""
    if depth <= 0 or rng.random() < 0.2:
        return ("atom", rng.choice(atoms))
    kind = {"n": "not", "a": "and", "o": "or", "i": "imp", "e": "iff"}[rng.choice(kinds)]
    if kind == "not":
        inner = random_formula(rng, atoms, depth - 1, kinds)
        return inner[1] if inner[0] == "not" else ("not", inner)
    left = random_formula(rng, atoms, depth - 1, kinds)
    right = random_formula(rng, atoms, depth - 1, kinds)
    if right == left:  # p & p, q -> q: draw the right side once more
        right = random_formula(rng, atoms, depth - 1, kinds)
    return (kind, left, right)


# -- clauses -----------------------------------------------------------------------------------
_CLAUSE = re.compile(r"\{([^{}]*)\}")
_LITERAL = re.compile(r"\s*(~?)\s*([a-z])\s*")


def parse_clause(text: str) -> frozenset[Literal]:
    """``{p, ~q}`` (``{}`` is the empty clause) -> a set of literals."""
    match = _CLAUSE.fullmatch(text.strip())
    if match is None:
        raise AnswerError(f"expected a clause in braces, got {text.strip()[:30]!r}")
    body = match.group(1)
    if not body.strip():
        return frozenset()
    found: set[Literal] = set()
    for part in body.split(","):
        lit = _LITERAL.fullmatch(part)
        if lit is None:
            raise AnswerError(f"{part.strip()[:20]!r} is not a literal (p or ~p)")
        found.add((lit.group(2), not lit.group(1)))
    return frozenset(found)


def show_clause(clause: Iterable[Literal]) -> str:
    """``{p, ~q}``: literals in atom order, the positive one first."""
    ordered = sorted(clause, key=lambda lit: (lit[0], not lit[1]))
    return "{" + ", ".join(("" if pos else "~") + atom for atom, pos in ordered) + "}"


# -- group terms -------------------------------------------------------------------------------
E: Term = ("e",)


def parse_term(text: str) -> Term:
    """A group term: variables ``a``..``d``, ``e``, postfix ``^-1`` and ``*``."""
    toks = tokens(text)
    pos = 0

    def peek() -> str | None:
        return toks[pos] if pos < len(toks) else None

    def product(depth: int) -> Term:
        left = factor(depth)
        while peek() == "*":
            take()
            left = ("mul", left, factor(depth))
        return left

    def take() -> str:
        nonlocal pos
        if pos >= len(toks):
            raise AnswerError("term ends too early")
        pos += 1
        return toks[pos - 1]

    def factor(depth: int) -> Term:
        if depth > MAX_DEPTH:
            raise AnswerError("term nested too deeply")
        tok = take()
        if tok == "(":
            found = product(depth + 1)
            if take() != ")":
                raise AnswerError("missing ')'")
        elif tok == "e":
            found = E
        elif len(tok) == 1 and "a" <= tok <= "z":
            found = ("var", tok)
        else:
            raise AnswerError(f"unexpected {tok!r} in a term")
        while peek() == "^-1":
            take()
            found = ("inv", found)
        return found

    term = product(0)
    if peek() is not None:
        raise AnswerError(f"unexpected {peek()!r} after a term")
    return term


def show_term(term: Term, top: bool = True) -> str:
    """``(a * b^-1) * e``: products inside products and under ``^-1`` parenthesised."""
    kind = term[0]
    if kind == "var":
        return term[1]
    if kind == "e":
        return "e"
    if kind == "inv":
        return show_term(term[1], False) + "^-1"
    text = f"{show_term(term[1], False)} * {show_term(term[2], False)}"
    return text if top else f"({text})"


def is_axiom_instance(s: Term, t: Term) -> str | None:
    """The group axiom that rewrites ``s`` to ``t`` at the root (in either direction):
    ``assoc`` ((x*y)*z = x*(y*z)), ``identity`` (e*x = x, x*e = x), ``inverse``
    (x^-1*x = e, x*x^-1 = e); None when no instance does."""
    for a, b in ((s, t), (t, s)):
        if a[0] == "mul" and a[1][0] == "mul":
            x, y, z = a[1][1], a[1][2], a[2]
            if b == ("mul", x, ("mul", y, z)):
                return "assoc"
        if a[0] == "mul" and ((a[1] == E and a[2] == b) or (a[2] == E and a[1] == b)):
            return "identity"
        if b == E and a[0] == "mul":
            left, right = a[1], a[2]
            if left == ("inv", right) or right == ("inv", left):
                return "inverse"
    return None


def one_step(s: Term, t: Term) -> str | None:
    """The axiom by which ``t`` follows from ``s`` in one rewrite at one position, or None."""
    if s == t:
        return None
    found = is_axiom_instance(s, t)
    if found is not None:
        return found
    if s[0] == t[0] == "mul":
        if s[1] == t[1]:
            return one_step(s[2], t[2])
        if s[2] == t[2]:
            return one_step(s[1], t[1])
    if s[0] == t[0] == "inv":
        return one_step(s[1], t[1])
    return None


def _rewrite_first(term: Term, rule: Any) -> Term | None:
    """``term`` with the first (pre-order) subterm that ``rule`` rewrites rewritten, or None."""
    found = rule(term)
    if found is not None:
        return found
    if term[0] == "mul":
        left = _rewrite_first(term[1], rule)
        if left is not None:
            return ("mul", left, term[2])
        right = _rewrite_first(term[2], rule)
        if right is not None:
            return ("mul", term[1], right)
    elif term[0] == "inv":
        inner = _rewrite_first(term[1], rule)
        if inner is not None:
            return ("inv", inner)
    return None


def _identity(t: Term) -> Term | None:
    if t[0] == "mul" and t[1] == E:
        return t[2]
    if t[0] == "mul" and t[2] == E:
        return t[1]
    return None


def _inverse(t: Term) -> Term | None:
    if t[0] == "mul" and (t[1] == ("inv", t[2]) or t[2] == ("inv", t[1])):
        return E
    return None


def _right_assoc(t: Term) -> Term | None:
    if t[0] == "mul" and t[1][0] == "mul":
        return ("mul", t[1][1], ("mul", t[1][2], t[2]))
    return None


def _cancel_ahead(t: Term) -> Term | None:
    if t[0] == "mul" and t[2][0] == "mul":
        x, y, z = t[1], t[2][1], t[2][2]
        if y == ("inv", x) or x == ("inv", y):
            return ("mul", ("mul", x, y), z)
    return None


def normalise_steps(term: Term, limit: int = 500) -> list[Term]:
    """The terms of a rewrite chain from ``term`` to its normal form (a right-nested reduced
    word, or ``e``), one group axiom instance per step: identities removed first, then
    inverse pairs, then products re-associated to the right, and a pair ``x * (x^-1 * z)``
    brought together to cancel."""
    chain = [term]
    for _ in range(limit):
        for rule in (_identity, _inverse, _right_assoc, _cancel_ahead):
            found = _rewrite_first(chain[-1], rule)
            if found is not None:
                chain.append(found)
                break
        else:
            return chain
    raise ValueError("normalisation did not finish")
