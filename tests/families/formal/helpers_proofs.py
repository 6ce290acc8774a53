"""Helpers the tests of the formal domain's proof and model families share: generating,
scoring, and a propositional formula reader and evaluator written here (not the families')."""

from __future__ import annotations

import itertools
import re

import rlvr_envs
from rlvr_envs.registry import format_answer


def gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def verdict(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


# -- formulas, read by precedence climbing into nested Python tuples -------------------------
_TOK = re.compile(r"<->|->|[~&|()]|[a-z]")
_PREC = {"<->": 1, "->": 2, "|": 3, "&": 4}


def read(text: str):
    """``~p & (q -> r)`` -> ('&', ('~', 'p'), ('->', 'q', 'r'))."""
    toks = _TOK.findall(text)
    pos = 0

    def atom():
        nonlocal pos
        tok = toks[pos]
        pos += 1
        if tok == "~":
            return ("~", atom())
        if tok == "(":
            inner = expr(0)
            pos += 1  # ')'
            return inner
        return tok

    def expr(min_prec: int):
        nonlocal pos
        left = atom()
        while pos < len(toks) and toks[pos] in _PREC and _PREC[toks[pos]] > min_prec:
            op = toks[pos]
            pos += 1
            # -> groups to the right, the others to the left
            right = expr(_PREC[op] - 1 if op == "->" else _PREC[op])
            left = (op, left, right)
        return left

    return expr(0)


def value(formula, world: dict) -> bool:
    if isinstance(formula, str):
        return world[formula]
    if formula[0] == "~":
        return not value(formula[1], world)
    a, b = value(formula[1], world), value(formula[2], world)
    return {"&": a and b, "|": a or b, "->": (not a) or b, "<->": a == b}[formula[0]]


def letters(formulas) -> list[str]:
    found: set[str] = set()

    def walk(f):
        if isinstance(f, str):
            found.add(f)
        else:
            for part in f[1:]:
                walk(part)

    for f in formulas:
        walk(f)
    return sorted(found)


def sequent_valid(left, right) -> bool:
    """Truth tables: every world making all of ``left`` true makes one of ``right`` true."""
    atoms = letters(list(left) + list(right))
    for bits in itertools.product((False, True), repeat=len(atoms)):
        world = dict(zip(atoms, bits, strict=True))
        if all(value(f, world) for f in left) and not any(value(f, world) for f in right):
            return False
    return True


def show(formula) -> str:
    if isinstance(formula, str):
        return formula
    if formula[0] == "~":
        return "~" + show(formula[1])
    return f"({show(formula[1])} {formula[0]} {show(formula[2])})"


# -- group terms: ('*', s, t), ('inv', s), 'e' and letters ------------------------------------
_TERM_TOK = re.compile(r"\^-1|[a-z]|[*()]")


def read_term(text: str):
    toks = _TERM_TOK.findall(text)
    pos = 0

    def factor():
        nonlocal pos
        tok = toks[pos]
        pos += 1
        if tok == "(":
            out = product()
            pos += 1
        else:
            out = tok
        while pos < len(toks) and toks[pos] == "^-1":
            pos += 1
            out = ("inv", out)
        return out

    def product():
        nonlocal pos
        out = factor()
        while pos < len(toks) and toks[pos] == "*":
            pos += 1
            out = ("*", out, factor())
        return out

    return product()


def write_term(term, top: bool = True) -> str:
    if isinstance(term, str):
        return term
    if term[0] == "inv":
        return write_term(term[1], False) + "^-1"
    text = f"{write_term(term[1], False)} * {write_term(term[2], False)}"
    return text if top else f"({text})"


def reductions(term) -> set:
    """Every term one rewrite away from ``term`` by associativity (either way) or by an
    identity or inverse axiom read from left to right (removing e or a cancelling pair)."""
    out = set()
    if isinstance(term, str):
        return out
    if term[0] == "inv":
        return {("inv", t) for t in reductions(term[1])}
    _, s, t = term
    if not isinstance(s, str) and s[0] == "*":
        out.add(("*", s[1], ("*", s[2], t)))
    if not isinstance(t, str) and t[0] == "*":
        out.add(("*", ("*", s, t[1]), t[2]))
    if s == "e":
        out.add(t)
    if t == "e":
        out.add(s)
    if s == ("inv", t) or t == ("inv", s):
        out.add("e")
    out |= {("*", r, t) for r in reductions(s)}
    out |= {("*", s, r) for r in reductions(t)}
    return out
