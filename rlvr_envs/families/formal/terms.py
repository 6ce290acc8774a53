"""Terms and their calculi, shared by the formal domain's term families: untyped lambda terms
(parsing, printing, de Bruijn form, beta reduction), simple types (principal types by
Hindley-Milner inference), first-order terms (parsing, printing, unification, matching) and
combinator terms over S, K and I.

Every reader here takes model text: it is linear in its input, caps the length and the
nesting depth, and raises :class:`AnswerError` on anything outside the documented syntax.

Lambda terms are kept in de Bruijn form (Barendregt, *The Lambda Calculus*, 1984; de Bruijn
1972), so alpha-equivalent terms are equal tuples and substitution never captures:

- ``("v", k)``: the variable bound by the k-th enclosing lambda (0 is the nearest);
- ``("f", name)``: a free variable;
- ``("l", body)``: an abstraction (the binder's name is chosen again when printed);
- ``("a", function, argument)``: an application.

The written syntax is ``\\x. body`` (``λ`` is accepted for ``\\``; ``\\x y. t`` is
``\\x. \\y. t``), application by juxtaposition, left-associative, a lambda's body reaching as
far right as it can, and parentheses for grouping: ``(\\x. x y) (\\z. z)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rlvr_envs.families.shared.answer_parsing import AnswerError

MAX_TEXT = 4000
"""The longest term text a reader accepts."""
MAX_DEPTH = 120
"""The deepest nesting (parentheses and binders) a reader accepts."""

Lam = tuple  # the de Bruijn tuples described above
_TOKEN = re.compile(
    r"\s*(?:(\\|λ)|([A-Za-z][A-Za-z0-9_']*)|(\.)|(\()|(\))|(->|→)|(,)|(=)|([0-9]{1,6})|(\S))"
)


def tokens(text: str) -> list[tuple[str, str]]:
    """``text`` as (kind, text) pairs: ``lam``, ``name``, ``dot``, ``(``, ``)``, ``->``, ``,``,
    ``=``, ``index`` (up to six digits); anything else raises :class:`AnswerError`."""
    if len(text) > MAX_TEXT:
        raise AnswerError(f"longer than {MAX_TEXT} characters")
    out: list[tuple[str, str]] = []
    kinds = ("lam", "name", "dot", "(", ")", "->", ",", "=", "index")
    pos, end = 0, len(text.rstrip())
    while pos < end:
        match = _TOKEN.match(text, pos)
        if match is None or match.lastindex is None:  # pragma: no cover - \S always matches
            raise AnswerError("unreadable text")
        if match.lastindex == 10:
            raise AnswerError(f"unexpected character {match.group(10)!r}")
        out.append((kinds[match.lastindex - 1], match.group(match.lastindex)))
        pos = match.end()
    return out


# -- lambda terms ---------------------------------------------------------------------------
class _LambdaReader:
    def __init__(self, items: list[tuple[str, str]]) -> None:
        self.items, self.pos, self.depth = items, 0, 0

    def peek(self) -> str | None:
        return self.items[self.pos][0] if self.pos < len(self.items) else None

    def take(self, kind: str) -> str:
        if self.peek() != kind:
            found = self.items[self.pos][1] if self.pos < len(self.items) else "the end"
            raise AnswerError(f"expected {kind!r}, found {found!r}")
        self.pos += 1
        return self.items[self.pos - 1][1]

    def term(self, scope: list[str]) -> Lam:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise AnswerError("nested too deeply")
        parts: list[Lam] = []
        while True:
            kind = self.peek()
            if kind == "lam":
                parts.append(self.abstraction(scope))
                break  # a lambda's body reaches to the end of the enclosing group
            if kind == "name":
                name = self.take("name")
                parts.append(_variable(name, scope))
            elif kind == "(":
                self.take("(")
                parts.append(self.term(scope))
                self.take(")")
            else:
                break
        if not parts:
            raise AnswerError("expected a term")
        self.depth -= 1
        result = parts[0]
        for part in parts[1:]:
            result = ("a", result, part)
        return result

    def abstraction(self, scope: list[str]) -> Lam:
        self.take("lam")
        names = [self.take("name")]
        while self.peek() == "name":
            names.append(self.take("name"))
        self.take("dot")
        if len(names) > MAX_DEPTH:
            raise AnswerError("too many binders")
        body = self.term(scope + names)
        for _ in names:
            body = ("l", body)
        return body


def _variable(name: str, scope: list[str]) -> Lam:
    for k in range(len(scope) - 1, -1, -1):
        if scope[k] == name:
            return ("v", len(scope) - 1 - k)
    return ("f", name)


def parse_lambda(text: str) -> Lam:
    """A lambda term in the written syntax, as a de Bruijn tuple (see the module docstring)."""
    reader = _LambdaReader(tokens(text))
    term = reader.term([])
    if reader.pos != len(reader.items):
        raise AnswerError(f"unexpected {reader.items[reader.pos][1]!r} after the term")
    return term


def parse_de_bruijn(text: str) -> Lam:
    """A term in de Bruijn notation: ``\\`` (or ``λ``, a dot after it optional) for a lambda
    with no name, a number k for the variable bound by the k-th enclosing lambda (0 the
    nearest), names for free variables: ``\\ \\ 1 (0 a)`` is ``\\x. \\y. x (y a)``. An
    index that points past every enclosing lambda raises :class:`AnswerError`."""
    items = tokens(text)
    pos = 0

    def term(depth: int, nesting: int) -> Lam:
        nonlocal pos
        if nesting > MAX_DEPTH:
            raise AnswerError("nested too deeply")
        parts: list[Lam] = []
        while pos < len(items):
            kind, value = items[pos]
            if kind == "lam":
                pos += 1
                if pos < len(items) and items[pos][0] == "dot":
                    pos += 1
                parts.append(("l", term(depth + 1, nesting + 1)))
                break
            if kind == "index":
                if int(value) >= depth:
                    raise AnswerError(f"index {value} is not bound by an enclosing lambda")
                parts.append(("v", int(value)))
            elif kind == "name":
                parts.append(("f", value))
            elif kind == "(":
                pos += 1
                parts.append(term(depth, nesting + 1))
                if pos >= len(items) or items[pos][0] != ")":
                    raise AnswerError("unbalanced parentheses")
            else:
                break
            pos += 1
        if not parts:
            raise AnswerError("expected a term")
        result = parts[0]
        for part in parts[1:]:
            result = ("a", result, part)
        return result

    found = term(0, 0)
    if pos != len(items):
        raise AnswerError(f"unexpected {items[pos][1]!r} after the term")
    return found


def show_de_bruijn(t: Lam) -> str:
    """``t`` in de Bruijn notation, ``\\ \\ 1 (0 a)``."""
    tag = t[0]
    if tag == "v":
        return str(t[1])
    if tag == "f":
        return t[1]
    if tag == "l":
        return f"\\ {show_de_bruijn(t[1])}"
    left, right = show_de_bruijn(t[1]), show_de_bruijn(t[2])
    if t[1][0] == "l":
        left = f"({left})"
    if t[2][0] in "la":
        right = f"({right})"
    return f"{left} {right}"


NAMES = "xyzwvutsrqponmlkjihgfedcba"


def free_names(term: Lam) -> set[str]:
    """The free variables of ``term``."""
    out: set[str] = set()
    stack = [term]
    while stack:
        t = stack.pop()
        if t[0] == "f":
            out.add(t[1])
        elif t[0] == "l":
            stack.append(t[1])
        elif t[0] == "a":
            stack.extend((t[1], t[2]))
    return out


def show_lambda(term: Lam, avoid: set[str] | None = None) -> str:
    """``term`` written with fresh binder names: the first of x, y, z, w, ... that is neither
    free in the term, nor in ``avoid``, nor bound by an enclosing lambda."""
    taken = free_names(term) | (avoid or set())
    pool = [n for n in NAMES if n not in taken]
    return _show(term, [], pool)


def _show(t: Lam, scope: list[str], pool: list[str]) -> str:
    tag = t[0]
    if tag == "v":
        return scope[len(scope) - 1 - t[1]]
    if tag == "f":
        return t[1]
    if tag == "l":
        name = next((n for n in pool if n not in scope), None)
        if name is None:
            name = f"{pool[0]}{len(scope)}"
        return f"\\{name}. {_show(t[1], [*scope, name], pool)}"
    left, right = _show(t[1], scope, pool), _show(t[2], scope, pool)
    if t[1][0] == "l":
        left = f"({left})"
    if t[2][0] in "la":
        right = f"({right})"
    return f"{left} {right}"


def lambda_size(t: Lam) -> int:
    """The number of nodes (variables, abstractions, applications) of ``t``."""
    if t[0] == "l":
        return 1 + lambda_size(t[1])
    if t[0] == "a":
        return 1 + lambda_size(t[1]) + lambda_size(t[2])
    return 1


def subterms(t: Lam) -> Iterator[Lam]:
    """Every subterm of ``t``, ``t`` first."""
    stack = [t]
    while stack:
        s = stack.pop()
        yield s
        if s[0] == "l":
            stack.append(s[1])
        elif s[0] == "a":
            stack.extend((s[2], s[1]))


def _shift(t: Lam, by: int, cutoff: int) -> Lam:
    tag = t[0]
    if tag == "v":
        return ("v", t[1] + by) if t[1] >= cutoff else t
    if tag == "f":
        return t
    if tag == "l":
        return ("l", _shift(t[1], by, cutoff + 1))
    return ("a", _shift(t[1], by, cutoff), _shift(t[2], by, cutoff))


def _put(t: Lam, depth: int, arg: Lam) -> Lam:
    tag = t[0]
    if tag == "v":
        k = t[1]
        if k == depth:
            return _shift(arg, depth, 0) if depth else arg
        return ("v", k - 1) if k > depth else t
    if tag == "f":
        return t
    if tag == "l":
        return ("l", _put(t[1], depth + 1, arg))
    return ("a", _put(t[1], depth, arg), _put(t[2], depth, arg))


def contract(redex: Lam) -> Lam:
    """``(\\x. body) arg`` -> ``body[x := arg]`` (the redex must be an application of a
    lambda)."""
    return _put(redex[1][1], 0, redex[2])


def normal_order_step(t: Lam) -> Lam | None:
    """One step of normal-order (leftmost-outermost) beta reduction; None at a normal form."""
    tag = t[0]
    if tag == "a":
        if t[1][0] == "l":
            return contract(t)
        left = normal_order_step(t[1])
        if left is not None:
            return ("a", left, t[2])
        right = normal_order_step(t[2])
        return None if right is None else ("a", t[1], right)
    if tag == "l":
        body = normal_order_step(t[1])
        return None if body is None else ("l", body)
    return None


def one_step_reducts(t: Lam) -> list[Lam]:
    """Every term one beta step from ``t`` (one per redex, in no particular order)."""
    tag = t[0]
    if tag == "l":
        return [("l", r) for r in one_step_reducts(t[1])]
    if tag != "a":
        return []
    out = [contract(t)] if t[1][0] == "l" else []
    out.extend(("a", r, t[2]) for r in one_step_reducts(t[1]))
    out.extend(("a", t[1], r) for r in one_step_reducts(t[2]))
    return out


def normalise(t: Lam, max_steps: int, max_size: int = 200) -> tuple[Lam, int] | None:
    """The beta-normal form of ``t`` by normal-order reduction and its number of steps, or
    None when it takes more than ``max_steps`` steps or passes ``max_size`` nodes."""
    for steps in range(max_steps + 1):
        nxt = normal_order_step(t)
        if nxt is None:
            return t, steps
        t = nxt
        if lambda_size(t) > max_size:
            return None
    return None


# -- simple types ---------------------------------------------------------------------------
# A type is an int (a type variable) or ("->", argument, result).


def infer_type(t: Lam) -> Any | None:
    """The principal simple type of the closed term ``t`` (Hindley-Milner inference with
    unification, no let), its variables numbered 0, 1, ... in order of first appearance;
    None when ``t`` has no simple type (or has free variables)."""
    bindings: dict[int, Any] = {}
    counter = [0]

    def fresh() -> int:
        counter[0] += 1
        return counter[0] - 1

    def resolve(ty: Any) -> Any:
        while isinstance(ty, int) and ty in bindings:
            ty = bindings[ty]
        return ty

    def occurs(v: int, ty: Any) -> bool:
        ty = resolve(ty)
        if isinstance(ty, int):
            return ty == v
        return occurs(v, ty[1]) or occurs(v, ty[2])

    def unify(a: Any, b: Any) -> bool:
        a, b = resolve(a), resolve(b)
        if isinstance(a, int):
            if a == b:
                return True
            if occurs(a, b):
                return False
            bindings[a] = b
            return True
        if isinstance(b, int):
            return unify(b, a)
        return unify(a[1], b[1]) and unify(a[2], b[2])

    def walk(s: Lam, env: list[int]) -> Any | None:
        tag = s[0]
        if tag == "v":
            return env[len(env) - 1 - s[1]]
        if tag == "f":
            return None
        if tag == "l":
            var = fresh()
            body = walk(s[1], [*env, var])
            return None if body is None else ("->", var, body)
        fun = walk(s[1], env)
        arg = walk(s[2], env) if fun is not None else None
        if arg is None:
            return None
        result = fresh()
        return result if unify(fun, ("->", arg, result)) else None

    found = walk(t, [])
    if found is None:
        return None

    def full(ty: Any) -> Any:
        ty = resolve(ty)
        return ty if isinstance(ty, int) else ("->", full(ty[1]), full(ty[2]))

    return canonical_type(full(found))


def canonical_type(ty: Any) -> Any:
    """``ty`` with its variables renumbered 0, 1, ... in order of first appearance (left to
    right), so two types are equal up to renaming exactly when their canonical forms are."""
    order: dict[Any, int] = {}

    def walk(s: Any) -> Any:
        if isinstance(s, tuple):
            return ("->", walk(s[1]), walk(s[2]))
        return order.setdefault(s, len(order))

    return walk(ty)


def type_size(ty: Any) -> int:
    """The number of variables and arrows in ``ty``."""
    return 1 if not isinstance(ty, tuple) else 1 + type_size(ty[1]) + type_size(ty[2])


def show_type(ty: Any) -> str:
    """``ty`` written with variables a, b, c, ... and right-associative ``->``."""
    if not isinstance(ty, tuple):
        return _type_name(ty)
    left = show_type(ty[1])
    if isinstance(ty[1], tuple):
        left = f"({left})"
    return f"{left} -> {show_type(ty[2])}"


def _type_name(k: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[k] if k < 26 else f"t{k}"


def parse_type(text: str) -> Any:
    """A simple type in the written syntax (``(a -> b) -> a -> b``; ``→`` is accepted), with
    its variables as their names; raises :class:`AnswerError`."""
    items = tokens(text)
    pos = 0

    def arrow(depth: int) -> Any:
        nonlocal pos
        if depth > MAX_DEPTH:
            raise AnswerError("nested too deeply")
        if pos < len(items) and items[pos][0] == "(":
            pos += 1
            left = arrow(depth + 1)
            if pos >= len(items) or items[pos][0] != ")":
                raise AnswerError("unbalanced parentheses")
            pos += 1
        elif pos < len(items) and items[pos][0] == "name":
            left = items[pos][1]
            pos += 1
        else:
            raise AnswerError("expected a type variable or '('")
        if pos < len(items) and items[pos][0] == "->":
            pos += 1
            return ("->", left, arrow(depth + 1))
        return left

    ty = arrow(0)
    if pos != len(items):
        raise AnswerError(f"unexpected {items[pos][1]!r} after the type")
    return ty


# -- first-order terms ----------------------------------------------------------------------
# A variable is a str; an application of a function symbol (a constant has no arguments) is
# (symbol, (arguments...)).

FIRST_ORDER_VARIABLE = re.compile(r"[u-z][0-9]*")
"""Variables of first-order terms: u, v, w, x, y, z, optionally followed by digits."""


def parse_first_order(text: str, arity: dict[str, int]) -> Any:
    """A first-order term such as ``f(x, g(a))`` over the symbols in ``arity`` (a constant
    has arity 0 and is written bare; a numeral such as ``0`` may be one); raises
    :class:`AnswerError`."""
    reader = _FirstOrderReader(tokens(text), arity)
    term = reader.term(0)
    if reader.pos != len(reader.items):
        raise AnswerError(f"unexpected {reader.items[reader.pos][1]!r} after the term")
    return term


class _FirstOrderReader:
    def __init__(self, items: list[tuple[str, str]], arity: dict[str, int]) -> None:
        self.items, self.pos, self.arity = items, 0, arity

    def kind(self) -> str | None:
        return self.items[self.pos][0] if self.pos < len(self.items) else None

    def term(self, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise AnswerError("nested too deeply")
        if self.kind() not in ("name", "index"):
            raise AnswerError("expected a symbol or a variable")
        name = self.items[self.pos][1]
        self.pos += 1
        if name in self.arity:
            n = self.arity[name]
            if n == 0:
                return (name, ())
            if self.kind() != "(":
                raise AnswerError(f"{name} takes {n} arguments")
            self.pos += 1
            args = [self.term(depth + 1)]
            while self.kind() == ",":
                self.pos += 1
                args.append(self.term(depth + 1))
            if self.kind() != ")":
                raise AnswerError("expected ')'")
            self.pos += 1
            if len(args) != n:
                raise AnswerError(f"{name} takes {n} arguments, given {len(args)}")
            return (name, tuple(args))
        if FIRST_ORDER_VARIABLE.fullmatch(name):
            return name
        raise AnswerError(f"unknown symbol {name!r}")


def show_first_order(term: Any) -> str:
    """``term`` written ``f(x, g(a))``."""
    if isinstance(term, str):
        return term
    name, args = term
    return name if not args else f"{name}({', '.join(show_first_order(a) for a in args)})"


def term_variables(term: Any, out: dict[str, None] | None = None) -> dict[str, None]:
    """The variables of ``term`` in order of first appearance (as dict keys)."""
    out = {} if out is None else out
    if isinstance(term, str):
        out.setdefault(term, None)
    else:
        for arg in term[1]:
            term_variables(arg, out)
    return out


def first_order_size(term: Any) -> int:
    """The number of symbol and variable occurrences in ``term``."""
    return 1 if isinstance(term, str) else 1 + sum(first_order_size(a) for a in term[1])


def substitute(term: Any, sub: dict[str, Any]) -> Any:
    """``term`` with every variable in ``sub`` replaced at once (no re-substitution)."""
    if isinstance(term, str):
        return sub.get(term, term)
    name, args = term
    return (name, tuple(substitute(a, sub) for a in args)) if args else term


def unify(pairs: list[tuple[Any, Any]]) -> dict[str, Any] | None:
    """An idempotent most general unifier of the equations ``pairs`` (Robinson's algorithm
    with the occurs check, on a triangular substitution), or None when there is none."""
    bound: dict[str, Any] = {}

    def resolve(t: Any) -> Any:
        while isinstance(t, str) and t in bound:
            t = bound[t]
        return t

    def occurs(v: str, t: Any) -> bool:
        t = resolve(t)
        if isinstance(t, str):
            return t == v
        return any(occurs(v, a) for a in t[1])

    todo = list(pairs)
    while todo:
        s, t = todo.pop()
        s, t = resolve(s), resolve(t)
        if s == t:
            continue
        if isinstance(t, str) and not isinstance(s, str):
            s, t = t, s
        if isinstance(s, str):
            if occurs(s, t):
                return None
            bound[s] = t
            continue
        if s[0] != t[0] or len(s[1]) != len(t[1]):
            return None
        todo.extend(zip(s[1], t[1], strict=True))

    def full(t: Any) -> Any:
        t = resolve(t)
        if isinstance(t, str):
            return t
        return (t[0], tuple(full(a) for a in t[1])) if t[1] else t

    return {v: full(v) for v in bound}


def match(pattern: Any, target: Any, sub: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """A substitution ``sub`` with ``pattern`` under ``sub`` equal to ``target`` (one-way
    matching: the target's variables are constants), or None."""
    sub = {} if sub is None else sub
    stack = [(pattern, target)]
    while stack:
        p, t = stack.pop()
        if isinstance(p, str):
            if p in sub:
                if sub[p] != t:
                    return None
            else:
                sub[p] = t
            continue
        if isinstance(t, str) or p[0] != t[0] or len(p[1]) != len(t[1]):
            return None
        stack.extend(zip(p[1], t[1], strict=True))
    return sub


# -- combinator terms -----------------------------------------------------------------------
# An atom is a str ("S", "K", "I" or a lowercase variable); an application is (function, arg).

COMBINATORS = ("S", "K", "I")


def parse_combinator(text: str) -> Any:
    """A combinator term such as ``S (K x) I y``: S, K, I, lowercase variables, application
    by juxtaposition (left-associative) and parentheses; raises :class:`AnswerError`."""
    items = tokens(text)
    pos = 0

    def sequence(depth: int) -> Any:
        nonlocal pos
        if depth > MAX_DEPTH:
            raise AnswerError("nested too deeply")
        parts: list[Any] = []
        while pos < len(items):
            kind, value = items[pos]
            if kind == "name":
                for atom in _atoms(value):
                    parts.append(atom)
                pos += 1
            elif kind == "(":
                pos += 1
                parts.append(sequence(depth + 1))
                if pos >= len(items) or items[pos][0] != ")":
                    raise AnswerError("unbalanced parentheses")
                pos += 1
            else:
                break
        if not parts:
            raise AnswerError("expected a term")
        result = parts[0]
        for part in parts[1:]:
            result = (result, part)
        return result

    term = sequence(0)
    if pos != len(items):
        raise AnswerError(f"unexpected {items[pos][1]!r}")
    return term


def _atoms(word: str) -> list[str]:
    """A name token as atoms: a lowercase variable, or a run of S, K and I (``SKK``)."""
    if word in COMBINATORS or re.fullmatch(r"[a-z][0-9]*", word):
        return [word]
    if re.fullmatch(r"[SKI]+", word):
        return list(word)
    raise AnswerError(f"unknown atom {word!r}")


def show_combinator(term: Any) -> str:
    """``term`` written with juxtaposition and the fewest parentheses."""
    if isinstance(term, str):
        return term
    right = show_combinator(term[1])
    if not isinstance(term[1], str):
        right = f"({right})"
    return f"{show_combinator(term[0])} {right}"


def combinator_step(term: Any) -> Any | None:
    """One step of normal-order (leftmost-outermost) weak reduction, ``I x -> x``,
    ``K x y -> x``, ``S x y z -> x z (y z)``; None at a normal form."""
    spine: list[Any] = []
    head = term
    while not isinstance(head, str):
        spine.append(head[1])
        head = head[0]
    args = spine[::-1]
    need = {"I": 1, "K": 2, "S": 3}.get(head, 0)
    if need and len(args) >= need:
        if head == "I":
            result, rest = args[0], args[1:]
        elif head == "K":
            result, rest = args[0], args[2:]
        else:
            x, y, z = args[:3]
            result, rest = ((x, z), (y, z)), args[3:]
        for arg in rest:
            result = (result, arg)
        return result
    for i, arg in enumerate(args):
        reduced = combinator_step(arg)
        if reduced is not None:
            result: Any = head
            for j, other in enumerate(args):
                result = (result, reduced if j == i else other)
            return result
    return None


def combinator_size(term: Any) -> int:
    """The number of atoms in ``term``."""
    return 1 if isinstance(term, str) else combinator_size(term[0]) + combinator_size(term[1])


# -- random terms ---------------------------------------------------------------------------
LAMBDA_SYNTAX = (
    "Write lambda terms with \\ for lambda and a dot after the bound variable (\\x. x y, "
    "or \\x y. t for \\x. \\y. t), application by juxtaposition (left-associative: f a b "
    "is (f a) b), a lambda's body reaching as far right as possible, and parentheses for "
    "grouping; for example (\\x. x) (\\y. y y) is the syntax."
)


def random_lambda(
    rng: Any, size: int, free: str = "", redex_bias: float = 0.5, depth: int = 0
) -> Lam:
    """A random lambda term of ``size`` nodes whose free variables come from ``free`` (a
    closed term when ``free`` is empty and the term starts under no binder: a variable with
    no binder in scope is then wrapped in one). ``redex_bias`` is the chance that an
    application's function is made a lambda (a redex). Draws with ``rng.random()`` only."""
    draw = rng.random
    if size <= 1:
        if depth and (not free or draw() < 0.8):
            return ("v", int(draw() * depth))
        if free:
            return ("f", free[int(draw() * len(free))])
        return ("l", ("v", 0))
    if size == 2 or draw() < 0.3:
        return ("l", random_lambda(rng, size - 1, free, redex_bias, depth + 1))
    k = 1 + int(draw() * (size - 2))
    if k >= 2 and draw() < redex_bias:
        left: Lam = ("l", random_lambda(rng, k - 1, free, redex_bias, depth + 1))
    else:
        left = random_lambda(rng, k, free, redex_bias, depth)
    return ("a", left, random_lambda(rng, size - 1 - k, free, redex_bias, depth))


FREE = "abc"
MAX_STEPS = 40
MAX_NORMAL_SIZE = 40
EXAMPLES = (r"(\x. x) (\y. y y)", r"\x. a (x b)", r"(\x. x) a", r"\x. x y", r"f a b")
"""The terms the prompts' syntax sentences show: no normal form drawn equals a part of one."""
_EXAMPLE_PARTS = frozenset(s for text in EXAMPLES for s in subterms(parse_lambda(text)))


def _projection(t: Lam) -> bool:
    """Whether ``t`` is ``\\x1. ... \\xn. xi``: random terms often reduce to one, so many
    that one such constant answer would be right too often."""
    while t[0] == "l":
        t = t[1]
    return t[0] == "v"


def draw_normalising(
    rng: Any, size: int, steps: int, max_steps: int = MAX_STEPS, free: str = FREE
) -> tuple[Any, Any, int]:
    """A term of ``size`` nodes over the free variables ``free`` needing at least ``steps``
    normal-order steps (at most ``max_steps``), its normal form (at most
    :data:`MAX_NORMAL_SIZE` nodes, not a projection, neither a subterm of the term nor of the
    prompts' examples) and its number of steps. A small term rarely needs many steps, so
    every 200 failed draws the size grows by one."""
    for tries in range(1, 1_000_000):
        term = random_lambda(rng, size + tries // 200, free, 0.8)
        found = normalise(term, max_steps, 3 * MAX_NORMAL_SIZE)
        if found is None or found[1] < steps or lambda_size(found[0]) > MAX_NORMAL_SIZE:
            continue
        normal = found[0]
        if _projection(normal):
            continue
        if normal in _EXAMPLE_PARTS or any(normal == s for s in subterms(term)):
            continue
        return term, normal, found[1]
    raise AssertionError("unreachable")  # pragma: no cover


# -- rewriting ------------------------------------------------------------------------------
def rewrites(term: Any, rules: list[tuple[Any, Any]]) -> list[Any]:
    """Every term one rewrite step from ``term``: a rule ``lhs -> rhs`` applied at one
    position (the subterm there an instance of lhs, replaced by that instance of rhs)."""
    out = []
    for lhs, rhs in rules:
        found = match(lhs, term)
        if found is not None:
            out.append(substitute(rhs, found))
    if not isinstance(term, str):
        name, args = term
        for i, arg in enumerate(args):
            for new in rewrites(arg, rules):
                out.append((name, (*args[:i], new, *args[i + 1 :])))
    return out


def outermost_rewrite(term: Any, rules: list[tuple[Any, Any]]) -> Any | None:
    """The leftmost-outermost rewrite step of ``term`` (the first rule that applies there),
    or None at a normal form."""
    for lhs, rhs in rules:
        found = match(lhs, term)
        if found is not None:
            return substitute(rhs, found)
    if isinstance(term, str):
        return None
    name, args = term
    for i, arg in enumerate(args):
        new = outermost_rewrite(arg, rules)
        if new is not None:
            return (name, (*args[:i], new, *args[i + 1 :]))
    return None


_STEP_PREFIX = re.compile(r"^\s*(?:(?:step\s*)?\d+\s*[.):]\s+)?(?:->|=>|→|⟶)?\s*", re.IGNORECASE)


def read_steps(answer: str, max_lines: int) -> list[str]:
    """An answer's non-empty lines, each with a step number (``2.``, ``Step 2:``) or an arrow
    taken off its front; raises :class:`AnswerError` when there are none or too many."""
    lines = [_STEP_PREFIX.sub("", line, count=1).strip() for line in answer.splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        raise AnswerError("no terms")
    if len(lines) > max_lines:
        raise AnswerError(f"more than {max_lines} lines")
    return lines
