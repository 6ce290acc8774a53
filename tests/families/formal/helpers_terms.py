"""Independent term machinery for the tests of the formal domain's term families.

Written apart from ``rlvr_envs.families.formal.terms`` and differently: lambda terms keep
their names and are reduced by capture-avoiding substitution with fresh names (the family
reduces de Bruijn terms), alpha-equivalence is decided by walking two terms with their binder
environments, simple types are checked by brute force over instances, and the first-order
and combinator checks use sympy's unifier and a graph-rewriting-free interpreter.
"""

from __future__ import annotations

import itertools
import random
import re

import rlvr_envs
from rlvr_envs.registry import format_answer


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def _verdict(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


# -- named lambda terms: ("var", name), ("lam", name, body), ("app", fun, arg) -------------
_LEX = re.compile(r"\\|λ|[A-Za-z][A-Za-z0-9_']*|\.|\(|\)")


def read(text: str):
    """A named lambda term from the prompts' syntax (a recursive-descent parser of its own)."""
    toks = _LEX.findall(text)
    assert "".join(toks) == re.sub(r"\s+", "", text), text
    pos = 0

    def expr():
        nonlocal pos
        items = []
        while pos < len(toks) and toks[pos] not in (")",):
            tok = toks[pos]
            if tok in ("\\", "λ"):
                pos += 1
                names = []
                while toks[pos] != ".":
                    names.append(toks[pos])
                    pos += 1
                pos += 1
                body = expr()
                for name in reversed(names):
                    body = ("lam", name, body)
                items.append(body)
                break
            if tok == "(":
                pos += 1
                items.append(expr())
                assert toks[pos] == ")"
                pos += 1
            else:
                items.append(("var", tok))
                pos += 1
        out = items[0]
        for item in items[1:]:
            out = ("app", out, item)
        return out

    term = expr()
    assert pos == len(toks), text
    return term


def write(t) -> str:
    """A named term with every application and abstraction in parentheses."""
    if t[0] == "var":
        return t[1]
    if t[0] == "lam":
        return f"(\\{t[1]}. {write(t[2])})"
    return f"({write(t[1])} {write(t[2])})"


def free(t) -> set[str]:
    if t[0] == "var":
        return {t[1]}
    if t[0] == "lam":
        return free(t[2]) - {t[1]}
    return free(t[1]) | free(t[2])


_counter = itertools.count()


def substitute(t, name: str, value):
    """``t[name := value]``, renaming binders that would capture a free variable of value."""
    if t[0] == "var":
        return value if t[1] == name else t
    if t[0] == "app":
        return ("app", substitute(t[1], name, value), substitute(t[2], name, value))
    binder, body = t[1], t[2]
    if binder == name:
        return t
    if binder in free(value):
        fresh = f"n{next(_counter)}"
        body, binder = substitute(body, binder, ("var", fresh)), fresh
    return ("lam", binder, substitute(body, name, value))


def reducts(t) -> list:
    """Every one-step beta reduct of ``t``."""
    out = []
    if t[0] == "app":
        if t[1][0] == "lam":
            out.append(substitute(t[1][2], t[1][1], t[2]))
        out += [("app", r, t[2]) for r in reducts(t[1])]
        out += [("app", t[1], r) for r in reducts(t[2])]
    elif t[0] == "lam":
        out += [("lam", t[1], r) for r in reducts(t[2])]
    return out


def leftmost(t):
    """The normal-order reduct of ``t`` (the leftmost-outermost redex), or None."""
    if t[0] == "app":
        if t[1][0] == "lam":
            return substitute(t[1][2], t[1][1], t[2])
        for i in (1, 2):
            r = leftmost(t[i])
            if r is not None:
                return ("app", r, t[2]) if i == 1 else ("app", t[1], r)
    elif t[0] == "lam":
        r = leftmost(t[2])
        return None if r is None else ("lam", t[1], r)
    return None


def normal_form(t, cap: int = 500):
    for _ in range(cap):
        r = leftmost(t)
        if r is None:
            return t
        t = r
    raise AssertionError("no normal form within the cap")


def alpha_equal(s, t, left=(), right=()) -> bool:
    """Whether ``s`` and ``t`` differ only in the names of bound variables."""
    if s[0] != t[0]:
        return False
    if s[0] == "var":
        i = next((k for k, n in enumerate(reversed(left)) if n == s[1]), None)
        j = next((k for k, n in enumerate(reversed(right)) if n == t[1]), None)
        return i == j if (i is not None or j is not None) else s[1] == t[1]
    if s[0] == "lam":
        return alpha_equal(s[2], t[2], (*left, s[1]), (*right, t[1]))
    return alpha_equal(s[1], t[1], left, right) and alpha_equal(s[2], t[2], left, right)


def renamed(t, rng: random.Random, names: str = "pqrsmnk"):
    """An alpha-variant of ``t``: every binder gets a new name (a letter and a number)."""
    if t[0] == "var":
        return t
    if t[0] == "app":
        return ("app", renamed(t[1], rng, names), renamed(t[2], rng, names))
    fresh = f"{rng.choice(names)}{next(_counter)}"
    return ("lam", fresh, renamed(substitute(t[2], t[1], ("var", fresh)), rng, names))


def random_path(t, rng: random.Random, cap: int = 40) -> list | None:
    """A reduction path from ``t`` choosing a random redex each step; None past ``cap``
    steps or once the term grows past 400 characters."""
    path = []
    for _ in range(cap):
        options = reducts(t)
        if not options:
            return path
        t = rng.choice(options)
        if len(write(t)) > 400:  # a strategy that copies redexes can grow the term fast
            return None
        path.append(t)
    return None


def term_in(prompt: str, after: str):
    """The lambda term on the line after ``after`` (and a blank line) in ``prompt``."""
    match = re.search(re.escape(after) + r"\n\n(.+)\n", prompt)
    assert match, prompt
    return read(match.group(1))


# -- simple types: a variable is a str, an arrow ("->", argument, result) ------------------
def read_type(text: str):
    """A type such as ``(a -> b) -> a`` (its own small parser)."""
    toks = re.findall(r"->|[()]|[a-z][a-z0-9']*", text)
    pos = 0

    def arrow():
        nonlocal pos
        if toks[pos] == "(":
            pos += 1
            left = arrow()
            pos += 1
        else:
            left = toks[pos]
            pos += 1
        if pos < len(toks) and toks[pos] == "->":
            pos += 1
            return ("->", left, arrow())
        return left

    ty = arrow()
    assert pos == len(toks), text
    return ty


def write_type(ty) -> str:
    if isinstance(ty, str):
        return ty
    return f"({write_type(ty[1])} -> {write_type(ty[2])})"


def _apply(ty, sub: dict):
    if isinstance(ty, str):
        return _apply(sub[ty], sub) if ty in sub else ty
    return ("->", _apply(ty[1], sub), _apply(ty[2], sub))


def _mentions(name: str, ty) -> bool:
    return ty == name if isinstance(ty, str) else _mentions(name, ty[1]) or _mentions(name, ty[2])


def principal_type(term):
    """The principal type of a closed named term by constraint generation and the
    Martelli-Montanari rules (decompose, orient, eliminate, occurs check); None if none."""
    equations, fresh = [], itertools.count()

    def walk(t, env):
        if t[0] == "var":
            return env[t[1]]
        if t[0] == "lam":
            var = f"t{next(fresh)}"
            return ("->", var, walk(t[2], {**env, t[1]: var}))
        result = f"t{next(fresh)}"
        equations.append((walk(t[1], env), ("->", walk(t[2], env), result)))
        return result

    ty = walk(term, {})
    solved: dict = {}
    while equations:
        s, t = equations.pop()
        s, t = _apply(s, solved), _apply(t, solved)
        if s == t:
            continue
        if not isinstance(s, str) and isinstance(t, str):
            s, t = t, s
        if isinstance(s, str):
            if _mentions(s, t):
                return None
            solved[s] = t
        else:
            equations += [(s[1], t[1]), (s[2], t[2])]
    return _apply(ty, solved)


def same_up_to_renaming(s, t, forward=None, backward=None) -> bool:
    """Whether one bijective renaming of type variables turns ``s`` into ``t``."""
    forward = {} if forward is None else forward
    backward = {} if backward is None else backward
    if isinstance(s, str) or isinstance(t, str):
        if not (isinstance(s, str) and isinstance(t, str)):
            return False
        return forward.setdefault(s, t) == t and backward.setdefault(t, s) == s
    return same_up_to_renaming(s[1], t[1], forward, backward) and same_up_to_renaming(
        s[2], t[2], forward, backward
    )


# -- first-order terms through sympy's unifier ----------------------------------------------
def read_first_order(text: str):
    """``f(x, g(a))`` as sympy.unify Compounds, variables (u..z with digits) as Variables."""
    from sympy.unify.core import Compound, Variable

    toks = re.findall(r"[A-Za-z][A-Za-z0-9]*|[(),]", text)
    pos = 0

    def term():
        nonlocal pos
        name = toks[pos]
        pos += 1
        if pos < len(toks) and toks[pos] == "(":
            pos += 1
            args = [term()]
            while toks[pos] == ",":
                pos += 1
                args.append(term())
            pos += 1
            return Compound(name, tuple(args))
        return Variable(name) if re.fullmatch(r"[u-z][0-9]*", name) else Compound(name, ())

    out = term()
    assert pos == len(toks), text
    return out


def write_first_order(t) -> str:
    from sympy.unify.core import Variable

    if isinstance(t, Variable):
        return t.arg
    return t.op if not t.args else f"{t.op}({', '.join(write_first_order(a) for a in t.args)})"


def resolve(t, sub: dict):
    """``t`` under a triangular substitution, applied until nothing changes."""
    from sympy.unify.core import Compound, Variable

    if isinstance(t, Variable):
        return resolve(sub[t], sub) if t in sub else t
    return Compound(t.op, tuple(resolve(a, sub) for a in t.args))


def sympy_mgu(left: str, right: str) -> dict[str, str] | None:
    """sympy's most general unifier of two terms as {variable: term text}, or None."""
    from sympy.unify.core import unify

    found = next(unify(read_first_order(left), read_first_order(right), {}), None)
    if found is None:
        return None
    return {v.arg: write_first_order(resolve(v, found)) for v in found}


# -- combinator terms as flat lists: [head, argument, argument, ...] ---------------------
def read_ski(text: str):
    """A combinator term as nested lists ``[head, arg, ...]`` (atoms are strings)."""
    toks = re.findall(r"[SKI]|[a-z]|[()]", text)
    pos = 0

    def seq():
        nonlocal pos
        items = []
        while pos < len(toks) and toks[pos] != ")":
            if toks[pos] == "(":
                pos += 1
                items.append(seq())
                pos += 1
            else:
                items.append(toks[pos])
                pos += 1
        return items[0] if len(items) == 1 else items

    out = seq()
    assert pos == len(toks), text
    return out


def _flat(t):
    while isinstance(t, list) and isinstance(t[0], list):
        t = t[0] + t[1:]
    return t


def ski_normal_form(t, budget: list[int] | None = None):
    """The normal form of a flat-list combinator term: contract at the head while a rule
    applies, then normalise the arguments from left to right."""
    budget = [400] if budget is None else budget
    while True:
        t = _flat(t)
        if isinstance(t, str):
            return t
        head, args = t[0], t[1:]
        need = {"I": 1, "K": 2, "S": 3}.get(head)
        if need is None or len(args) < need:
            return [head, *(ski_normal_form(a, budget) for a in args)]
        budget[0] -= 1
        assert budget[0] > 0, "no normal form within the budget"
        if head == "I":
            t = [args[0], *args[1:]] if len(args) > 1 else args[0]
        elif head == "K":
            t = [args[0], *args[2:]] if len(args) > 2 else args[0]
        else:
            x, y, z = args[:3]
            t = [x, z, [y, z], *args[3:]]


def write_ski(t) -> str:
    """A flat-list term with every argument that is an application in parentheses."""
    t = _flat(t)
    if isinstance(t, str):
        return t
    return " ".join([write_ski(t[0])] + [a if isinstance(a, str) else f"({write_ski(a)})"
                                         for a in t[1:]])  # fmt: skip
