"""MostGeneralUnifier: a most general unifier of two first-order terms, checked against the
terms.

Two terms over function symbols f/2, g/1, h/3 (at hard settings), constants a, b, c and
variables u, v, w, x, y, z are drawn as two generalisations of one random term, so they
usually unify; a pair that does not unify is kept rarely (about one problem in thirty), and
then the answer is ``none``. The most general unifier is computed by Robinson's algorithm with
the occurs check. Most general unifiers are unique only up to renaming (``x = y`` and
``y = x`` both unify f(x) and f(y)), so the check applies the answer's substitution to both
terms (simultaneously), requires the results to be equal, and requires the reference
unifier to be an instance of the answer's (one-way matching on the problem's variables):
together these hold exactly for the most general unifiers. A unifier that is not most general
is wrong, with the reason saying so.

Answer syntax: bindings ``variable = term`` separated by commas (``x = g(a), z = y``), each
variable bound at most once, variables not mentioned left unchanged; or the word ``none``.

Knobs: ``depth`` (depth of the underlying term, 2 -> 4) and ``variables`` (how many
distinct variables the two terms use at most, 2 -> 6). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.terms import (
    FIRST_ORDER_VARIABLE,
    first_order_size,
    match,
    parse_first_order,
    show_first_order,
    substitute,
    term_variables,
    unify,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

NONE = "none"
NONE_RATE = 0.03
"""The chance a problem is a pair that does not unify (then ``none`` is the answer)."""
VARIABLES = "xyzuvw"
SYMBOLS = {"f": 2, "g": 1, "h": 3, "a": 0, "b": 0, "c": 0}
MAX_BINDINGS = 30
_BINDING = re.compile(r"\s*([A-Za-z][A-Za-z0-9_']*)\s*(?:=|->|:=|↦|/)\s*")


def _random_term(rng: random.Random, depth: int, symbols: list[str]) -> Any:
    if depth <= 1 or rng.random() < 0.2:
        return (rng.choice("abc"), ())
    name = rng.choice(symbols)
    return (name, tuple(_random_term(rng, depth - 1, symbols) for _ in range(SYMBOLS[name])))


def _generalise(rng: random.Random, term: Any, names: str, chance: float) -> Any:
    """``term`` with some subterms replaced by variables from ``names``."""
    if rng.random() < chance:
        return rng.choice(names)
    name, args = term
    if not args:
        return term
    return (name, tuple(_generalise(rng, a, names, chance) for a in args))


def draw_pair(rng: random.Random, depth: int, variables: int) -> tuple[Any, Any, Any]:
    """Two terms and their most general unifier (None when they do not unify; kept only at
    :data:`NONE_RATE`). The pair uses at least two variables and is not already equal."""
    symbols = ["f", "g"] if depth < 4 else ["f", "g", "h"]
    names = VARIABLES[:variables]
    fail = rng.random() < NONE_RATE
    for tries in range(1, 1_000_000):
        if tries % 500 == 0:  # a shape where a clash is rare: unify instead
            fail = False
        base = ("f", tuple(_random_term(rng, depth - 1, symbols) for _ in range(2)))
        # a failing pair generalises two different terms: they almost always clash
        other = ("f", tuple(_random_term(rng, depth - 1, symbols) for _ in range(2)))
        left = _generalise(rng, base, names, 0.3)
        right = _generalise(rng, other if fail else base, names, 0.3)
        if left == right or isinstance(left, str) or isinstance(right, str):
            continue
        if len(term_variables(right, term_variables(left))) < 2:
            continue
        mgu = unify([(left, right)])
        if (mgu is None) == fail and (mgu is None or len(mgu) >= 2):
            return left, right, mgu
    raise AssertionError("unreachable")  # pragma: no cover


def read_substitution(text: str) -> dict[str, Any]:
    """``x = t, y = s`` (``->``, ``:=``, ``↦`` also bind; braces around are allowed)."""
    text = text.strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1]
    out: dict[str, Any] = {}
    for part in _split_top(text):
        found = _BINDING.match(part)
        if found is None:
            raise AnswerError(f"expected 'variable = term', found {part.strip()[:30]!r}")
        name = found.group(1)
        if not FIRST_ORDER_VARIABLE.fullmatch(name):
            raise AnswerError(f"{name!r} is not a variable")
        if name in out:
            raise AnswerError(f"{name} is bound twice")
        out[name] = parse_first_order(part[found.end() :], SYMBOLS)
        if len(out) > MAX_BINDINGS:
            raise AnswerError("too many bindings")
    return out


def _split_top(text: str) -> list[str]:
    """``text`` split at the commas (and semicolons) outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch in ",;" and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def show_substitution(sub: dict[str, Any]) -> str:
    """``x = g(a), z = y`` in the order of ``sub``."""
    return ", ".join(f"{v} = {show_first_order(t)}" for v, t in sub.items())


class MostGeneralUnifier(Family):
    """A most general unifier of two first-order terms, or ``none``."""

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="depth of the terms"),
        "variables": Knob("int", 2, 6, default=3, easy=2, hard=6, doc="distinct variables"),
    }
    answer_syntax = "the bindings variable = term separated by commas, or the word none"
    answer_form = "substitution"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        left, right, mgu = draw_pair(rng, int(knobs["depth"]), int(knobs["variables"]))
        one, two = show_first_order(left), show_first_order(right)
        variables = list(term_variables(right, term_variables(left)))
        question = (
            f"Find a most general unifier of these two first-order terms:\n\n{one}\n{two}\n\n"
            "Here f, g and h are function symbols (f takes two arguments, g one, h three), "
            f"a, b and c are constants, and {', '.join(sorted(variables))} are variables. A "
            "unifier is a substitution of terms for variables that makes the two terms "
            "identical; give one from which every other unifier follows by a further "
            "substitution. Write it as bindings variable = term separated by commas (for "
            "example u = g(b), w = u for a different pair), binding each variable at most once "
            "and leaving variables that stay unchanged out; the substitution is applied to "
            f"all variables at once. If the terms have no unifier, answer {NONE}."
        )
        answer = NONE if mgu is None else show_substitution(mgu)
        return Draft(question, answer, {"left": one, "right": two, "variables": variables})

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        left = parse_first_order(meta["left"], SYMBOLS)
        right = parse_first_order(meta["right"], SYMBOLS)
        if answer.strip().lower() == NONE:
            if problem.answer == NONE:
                return Judgement.right()
            return Judgement.wrong(why="the terms unify")
        try:
            given = read_substitution(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if problem.answer == NONE:
            return Judgement.wrong(why="the terms have no unifier")
        stray = sorted(set(given) - set(meta["variables"]))
        if stray:
            return Judgement.wrong(why=f"binds {stray[0]}, which is not in the terms")
        if substitute(left, given) != substitute(right, given):
            return Judgement.wrong(why="the substitution does not make the terms identical")
        reference = read_substitution(problem.answer)
        names = meta["variables"]
        pattern = ("t", tuple(substitute(v, given) for v in names))
        target = ("t", tuple(substitute(v, reference) for v in names))
        if match(pattern, target) is None:
            return Judgement.wrong(why="a unifier, but not a most general one")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Symbols in the two terms."""
        meta = problem.meta
        return float(
            first_order_size(parse_first_order(meta["left"], SYMBOLS))
            + first_order_size(parse_first_order(meta["right"], SYMBOLS))
        )
