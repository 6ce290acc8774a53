"""Answer forms: whether an answer is *written* the way its prompt asks, not only its value.

:func:`rlvr_envs.mathcheck.compare.is_equivalent` compares values, which is what a user grading
a data set wants. A training reward needs more (design.md, "Rewards for the work, not for a
shortcut"): the question's own expression (``3 + 7`` for "Compute 3 + 7"), a formula for a
count (``14! - 2*13!``), ``6/8`` where lowest terms are asked, ``0.75`` where a fraction is
asked or ``(x - 1)(x - 1)`` where powers are asked all have the right value, and a policy
under RL learns to write them instead of computing (reward hacking by specification gaming;
Skalse et al. 2022). Every family therefore declares the form its prompt asks for, and its
check calls :func:`check_form` besides the value comparison.

The rules run on the whitelist parser's AST (:mod:`rlvr_envs.mathcheck.parse`), so they
never evaluate model text and cost microseconds. One principle underlies all of them: *the
arithmetic between numbers is done*. No operator may combine two number literals, except the
fraction bar of a coefficient in lowest terms, and every square root holds a square-free
integer. The forms:

==============  ==================================================================================
``integer``     an integer literal: ``-42``, ``1,234`` (no ``2^10``, ``6/3``, ``5.0``, ``1e3``)
``rational``    an integer, or ``p/q`` in lowest terms with ``q > 1`` (``-7/12``,
                ``\\frac{-7}{12}``, ``-\\frac{7}{12}``); no decimals, percentages, mixed numbers
``decimal``     an integer or a decimal literal (``3.25``); exactness is the value check's job
``number``      ``integer``, ``decimal`` or ``rational``
``exact``       ``radical`` widened to the constants of calculus and geometry: terms may also
                carry ``\\pi`` or ``e`` (to a positive integer power) and ``\\ln(n)`` of an integer
                ``n > 1``, each at most once per term (``\\frac{9\\pi}{2}``, ``2e^{3} - 1``,
                ``1 - \\ln(2)``, ``\\frac{\\pi^2}{6}``); no decimal, no unevaluated function
``radical``     an exact value in simplified radical form: rational and ``r\\sqrt{d}`` terms,
                optionally times ``i``, like terms collected, ``d`` square-free, no root in a
                denominator (``1 - \\sqrt{2}``, ``-2 + 11i/2``, ``\\frac{-3 + \\sqrt{5}}{2}``)
``roots``       a comma list of values of the element form (default ``radical``); ``a \\pm b``
                counts as two values; ``x = 2, x = -3`` or ``x_1 = ...`` where x is asked
``tuple``       ``(a, b, ...)`` of the element form (default ``rational``), or the bare list, or
                assignments ``x = a, y = b`` to the asked variables
``set``         ``\\{a, b, ...\\}`` of the element form, no element twice (``\\emptyset`` too)
``interval``    an interval or a union of disjoint, non-touching intervals, endpoints of the
                element form or ``\\pm\\infty`` (open there)
``matrix``      a matrix of entries of the element form, optionally times one rational scalar;
                a LaTeX matrix environment or a list of rows ``[[1, 2], [3, 4]]``
``polynomial``  expanded: a sum of terms ``c x^k`` (``c`` an integer or ``p/q`` in lowest terms),
                one term per monomial, no zero terms, variables from ``variables``
``factored``    a constant times a product of distinct primitive integer polynomials, each
                irreducible over the rationals (degree <= 3; ``max_factor_degree``), repeated
                factors as powers: ``-2x^2(x - 1)(x + 3)^2``
``expression``  any expression in ``variables`` whose literal arithmetic is done
==============  ==================================================================================

Every form rejects trailing units (``5 dollars``) and currency signs (``\\$5``) unless
``allow_units`` is set, percentages and degrees unless the form is about them, and repeating
decimals (``0.\\overline{3}``, the question's own number where p/q is asked) unless the form
or its element is ``decimal`` or ``number``. Where ``variables`` names the asked
unknowns, an answer may assign it (``x = 3``, or ``x \\in (1, 2]`` for a set, an interval or
a list of roots); assigning another name (``y = 3``) is wrong.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rlvr_envs.mathcheck.parse import Node, ParseError, parse_with_units

FORMS: tuple[str, ...] = (
    "integer",
    "rational",
    "decimal",
    "number",
    "radical",
    "exact",
    "roots",
    "tuple",
    "set",
    "interval",
    "matrix",
    "polynomial",
    "factored",
    "expression",
)
"""Every form :func:`check_form` knows, named as families declare them."""

ELEMENT_FORMS: tuple[str, ...] = ("integer", "rational", "decimal", "number", "radical", "exact")
"""The forms a collection's elements may take (``element=`` of roots, tuple, set, ...)."""

_MAX_ITEMS = 256
_CURRENCY = re.compile("\x00|[€£¥]|USD|EUR")  # \\$ is replaced by \x00 before the search
_MATH_DOLLAR = re.compile(r"(?<!\\)\$")  # an odd number of bare $: one is a currency sign
_REPEATING = re.compile(r"\\(?:overline|dot|bar)(?![a-zA-Z])")


@dataclass(frozen=True)
class FormCheck:
    """Whether an answer has the asked form; ``why`` says what is off when it has not.

    ``parsed`` is False when the answer is not in the accepted syntax at all (a family
    reports that as ``unparsable``), True when it parsed but its form is wrong.
    """

    ok: bool
    why: str = ""
    parsed: bool = True

    def __bool__(self) -> bool:
        return self.ok


class _Off(ValueError):
    """The answer parsed but is not in the asked form; the message says why."""


def check_form(
    answer: str,
    form: str,
    *,
    variables: Sequence[str] = (),
    element: str | None = None,
    allow_units: bool = False,
    max_factor_degree: int = 3,
) -> FormCheck:
    """Whether ``answer`` is written in ``form`` (one of :data:`FORMS`); never raises on it.

    Args:
        answer: the extracted final answer (model output: hostile).
        form: what the prompt asks for; see the module docstring for each form's rule.
        variables: the unknowns the prompt names, in order (``("x",)`` for "solve for x",
            ``("x", "y")`` for a system): they may be assigned (``x = 3``) and are the
            variables a ``polynomial``/``factored``/``expression`` answer may use.
        element: the form of each element of ``roots``, ``tuple``, ``set``, ``interval``
            and ``matrix`` (defaults: ``radical`` for roots, sets and intervals,
            ``rational`` for tuples and matrices).
        allow_units: accept trailing units (``5 cm``); off because our prompts ask for
            bare values.
        max_factor_degree: ``factored`` decides irreducibility exactly up to this degree
            (at most 3) and rejects larger factors.

    Raises:
        ValueError: an unknown ``form`` or ``element`` (the caller's setup, not the answer).
    """
    if form not in FORMS:
        raise ValueError(f"unknown answer form {form!r}; forms: {', '.join(FORMS)}")
    if element is not None and element not in ELEMENT_FORMS:
        raise ValueError(f"element form must be one of {ELEMENT_FORMS}, got {element!r}")
    try:
        node, units = parse_with_units(answer)
    except (ParseError, RecursionError, ValueError, OverflowError):
        return FormCheck(False, "not a math answer in the accepted syntax", parsed=False)
    if units and not allow_units:
        return FormCheck(False, f"carries units ({' '.join(units)}); a bare value is asked")
    currency = _CURRENCY.search(answer.replace("\\$", "\x00")) or (
        len(_MATH_DOLLAR.findall(answer)) % 2
    )
    if currency and not allow_units:
        return FormCheck(False, "carries a currency sign; a bare value is asked")
    decimals_allowed = {"decimal", "number"} & {form, element}
    if _REPEATING.search(answer) and not decimals_allowed:
        return FormCheck(False, "a repeating decimal where p/q (or another exact form) is asked")
    rules = _Rules(tuple(variables), max_factor_degree)
    try:
        _FORM_CHECKS[form](rules, node, element)
    except _Off as off:
        return FormCheck(False, str(off))
    except RecursionError:
        return FormCheck(False, "nested too deeply")
    return FormCheck(True)


def radical_terms(node: Node) -> dict[tuple, Fraction]:
    """The terms of a value written in the ``radical`` form: ``{monomial: coefficient}``,
    where a monomial is a sorted tuple of atoms (``("sqrt", d)``, ``("i",)``) and ``()`` is
    the rational part. For callers that judge collections the forms do not cover (a set of
    points) exactly and without sympy.

    Raises:
        ValueError: the node is not in simplified radical form (the message says why).
    """
    try:
        return _collected(node, _radical_atom, "a simplified exact value")
    except _Off as off:
        raise ValueError(str(off)) from None
    except RecursionError:
        raise ValueError("nested too deeply") from None


# -- literals ---------------------------------------------------------------------------------
def int_literal(node: Node) -> int | None:
    """The value of an unsigned integer literal node (``7``, ``1,000``), else None."""
    if node[0] == "num" and node[2] is None and node[1].denominator == 1:
        return int(node[1])
    return None


def signed_int_literal(node: Node) -> int | None:
    """The value of ``7`` or ``-7`` written as a literal, else None."""
    if node[0] == "neg":
        value = int_literal(node[1])
        return None if value is None else -value
    return int_literal(node)


def _fraction_literal(node: Node) -> Fraction | None:
    """``p/q`` with one optional sign (in front or on p), ``q > 1``, in lowest terms."""
    sign = 1
    if node[0] == "neg":
        sign, node = -1, node[1]
    if node[0] != "div":
        return None
    top, bottom = signed_int_literal(node[1]), int_literal(node[2])
    if top is None or bottom is None or (sign < 0 and top < 0):
        return None
    if bottom < 2:
        raise _Off(f"a fraction with denominator {bottom}; write the value itself")
    if math.gcd(top, bottom) != 1:
        raise _Off(f"{abs(top)}/{bottom} is not in lowest terms")
    return Fraction(sign * top, bottom)


def _decimal_literal(node: Node) -> Fraction | None:
    if node[0] == "neg":
        value = _decimal_literal(node[1])
        return None if value is None else -value
    if node[0] == "num" and node[2] is not None:
        return node[1]
    return None


def _describe(node: Node) -> str:
    kind = node[0]
    if kind == "num":
        return "a decimal" if node[2] is not None else "an integer"
    return {
        "add": "a sum",
        "mul": "a product",
        "div": "a quotient",
        "pow": "a power",
        "neg": "a negation",
        "fact": "a factorial",
        "pct": "a percentage",
        "deg": "an angle in degrees",
        "func": "a function call",
        "rel": "a relation",
        "list": "a list",
        "seq": "a bracketed list",
        "union": "a union",
        "pm": "a ± expression",
        "sym": "a variable",
        "const": "a constant",
        "matrix": "a matrix",
        "setbuilder": "set-builder notation",
        "setminus": "a set difference",
        "emptyset": "the empty set",
    }.get(kind, f"a {kind}")


# -- the rules ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Rules:
    variables: tuple[str, ...]
    max_factor_degree: int

    # scalars -----------------------------------------------------------------------------------
    def integer(self, node: Node) -> None:
        if signed_int_literal(node) is None:
            raise _Off(f"{_describe(_unsigned(node))} where an integer literal is asked")

    def rational(self, node: Node) -> None:
        if signed_int_literal(node) is None and _fraction_literal(node) is None:
            what = _describe(_unsigned(node))
            raise _Off(f"{what} where an integer or a fraction p/q in lowest terms is asked")

    def decimal(self, node: Node) -> None:
        if signed_int_literal(node) is None and _decimal_literal(node) is None:
            raise _Off(f"{_describe(_unsigned(node))} where a decimal number is asked")

    def number(self, node: Node) -> None:
        if signed_int_literal(node) is not None or _decimal_literal(node) is not None:
            return
        if _fraction_literal(node) is None:
            what = _describe(_unsigned(node))
            raise _Off(f"{what} where a number (integer, decimal or p/q) is asked")

    def radical(self, node: Node) -> None:
        _collected(node, _radical_atom, "a simplified exact value")

    def exact(self, node: Node) -> None:
        if not _factored_exact(node):
            _collected(node, _exact_atom, "a simplified exact value")

    def element(self, form: str, node: Node) -> None:
        getattr(self, form)(node)

    # assignments -------------------------------------------------------------------------------
    def value_of(self, node: Node) -> Node:
        """The right side of ``x = value`` where x is an asked variable; else ``node``."""
        if node[0] != "rel":
            return node
        if node[1] != "=" or node[2][0] != "sym":
            raise _Off("a relation where a value is asked")
        name = node[2][1]
        base = name.split("_", 1)[0]
        if base not in self.variables:
            if not self.variables:
                raise _Off(f"assigns {name}; the prompt asks for a bare value")
            raise _Off(f"assigns {name}; the prompt asks for {' or '.join(self.variables)}")
        return node[3]


def _member_of(rules: _Rules, node: Node) -> Node:
    """The right side of ``x \\in S`` (a set or an interval named by the asked variable)."""
    if node[0] != "rel" or node[1] != "in" or node[2][0] != "sym":
        return node
    name = node[2][1]
    if rules.variables and name.split("_", 1)[0] not in rules.variables:
        raise _Off(f"names {name}; the prompt asks for {' or '.join(rules.variables)}")
    return node[3]


def _unsigned(node: Node) -> Node:
    return node[1] if node[0] == "neg" else node


def _scalar_form(form: str) -> Callable[[_Rules, Node, str | None], None]:
    def check(rules: _Rules, node: Node, element: str | None) -> None:
        rules.element(form, rules.value_of(node))

    return check


# -- sums of monomials: radical values and polynomials ----------------------------------------
Atom = tuple  # ("sqrt", d) | ("i",) | ("var", name, power)


def _radical_atom(node: Node) -> list[Atom] | None:
    """``i`` or ``\\sqrt{d}`` with d a square-free integer > 1; None when not an atom."""
    if node == ("const", "i"):
        return [("i",)]
    if node[0] == "func" and node[1] == "sqrt":
        radicand = int_literal(node[2][0])
        if radicand is None:
            what = _describe(node[2][0])
            raise _Off(f"a square root of {what}; write sqrt(n) with n a square-free integer")
        if radicand < 2 or not _square_free(radicand):
            raise _Off(f"sqrt({radicand}) is not simplified")
        return [("sqrt", radicand)]
    return None


_TRANSCENDENTAL = (("const", "pi"), ("const", "e"))


def _exact_atom(node: Node) -> list[Atom] | None:
    """A radical atom, or ``\\pi``/``e`` to a positive integer power, or ``\\ln(n)``."""
    found = _radical_atom(node)
    if found is not None:
        return found
    if node in _TRANSCENDENTAL:
        return [(node[1], 1)]
    if node[0] == "pow" and node[1] in _TRANSCENDENTAL:
        power = int_literal(node[2])
        if power is None or power < 1:
            raise _Off(f"the exponent of {node[1][1]} must be a positive integer literal")
        return [(node[1][1], power)]  # e^{1} is e, as x^1 is x in a polynomial
    if node[0] == "func" and node[1] == "exp" and len(node[2]) == 1:
        power = int_literal(node[2][0])
        if power is None or power < 1:
            raise _Off("exp of something other than a positive integer literal")
        return [("e", power)]  # \exp(19) is e^{19}
    if node[0] == "func" and node[1] == "ln" and len(node[2]) == 1:
        argument = int_literal(node[2][0])
        if argument is None or argument < 2:
            raise _Off("a logarithm of something other than an integer > 1")
        return [("ln", argument)]
    return None


def _factored_exact(node: Node) -> bool:
    """Whether ``node`` is an exact value written as one term times one parenthesised sum,
    ``[-] [c] atoms (sum) [/ q]``: ``(12\\pi - 1)e``, ``\\frac{2}{3}(\\ln 17 - \\ln 8)``,
    ``\\frac{11\\pi(22 + \\sqrt{185})}{9}``. The arithmetic is done when the sum is a
    collected exact value of two or more terms with coprime integer coefficients (so
    ``2(3 + 4)`` and ``3(2\\pi + 2)`` are not) and the term outside is in lowest terms.
    False when ``node`` is not of that shape; :class:`_Off` when it is but is not simplified."""
    body = node[1] if node[0] == "neg" else node
    denominator = None
    if body[0] == "div":
        body, denominator = body[1], body[2]
        if body[0] == "neg":
            body = body[1]
    if body[0] != "mul":
        return False
    sums = [f for f in body[1] if f[0] == "add"]
    if len(sums) != 1:
        return False
    terms = _collected(sums[0], _exact_atom, "a simplified exact value")
    coefficients = list(terms.values())
    if len(coefficients) < 2 or any(c.denominator != 1 for c in coefficients):
        raise _Off("fractions inside a factored sum; take them outside")
    if math.gcd(*(int(c) for c in coefficients)) != 1:
        raise _Off("a common factor left inside a factored sum")
    rest = [f for f in body[1] if f[0] != "add"]
    outside: Node = ("mul", rest) if rest else ("num", Fraction(1), None)
    if denominator is not None:
        outside = ("div", outside, denominator)
    _term(outside, _exact_atom)
    return True


def _square_free(n: int) -> bool:
    if n.bit_length() > 64:
        raise _Off("a radicand too large to check")
    f = 2
    while f * f <= n:
        if n % (f * f) == 0:
            return False
        f += 1 if f == 2 else 2
    return True


def _variable_atom(rules: _Rules) -> Callable[[Node], list[Atom] | None]:
    def atom(node: Node) -> list[Atom] | None:
        if node[0] == "sym":
            name, power = node[1], 1
        elif node[0] == "pow" and node[1][0] == "sym":
            name, power = node[1][1], int_literal(node[2])
            if power is None or power < 1:
                raise _Off(f"the exponent of {name} must be a positive integer literal")
        else:
            return None
        if name not in rules.variables:
            asked = ", ".join(rules.variables) or "none"
            raise _Off(f"uses the variable {name} (variables asked: {asked})")
        return [("var", name, power)]

    return atom


def _term(node: Node, atom: Callable[[Node], list[Atom] | None]) -> tuple[Fraction, tuple]:
    """(coefficient, monomial) of a term ``[-] [c] atoms... [/ q]``, written canonically."""
    sign = 1
    if node[0] == "neg":
        sign, node = -1, node[1]
        if node[0] == "neg":
            raise _Off("a double sign")
    denominator = 1
    if node[0] == "div":
        denominator = int_literal(node[2]) or 0
        if denominator < 2:
            raise _Off("a term divided by something other than an integer > 1")
        node = node[1]
        if node[0] == "neg":
            sign, node = -sign, node[1]
    factors = node[1] if node[0] == "mul" else [node]
    coefficient: Fraction | None = None
    atoms: list[Atom] = []
    for factor in factors:
        found = atom(factor)
        if found is not None:
            atoms += found
            continue
        value = signed_int_literal(factor)  # "+ -8x" parses as (-8) x
        if value is None and denominator == 1:
            value = _fraction_literal(factor)
        if value is None:
            raise _Off(f"{_describe(factor)} inside a term; do the arithmetic")
        if coefficient is not None:
            raise _Off("two numbers multiplied in one term; do the arithmetic")
        coefficient = Fraction(value)
    if len(set(atoms)) != len(atoms) or len({a[:2] for a in atoms if a[0] == "var"}) != len(
        [a for a in atoms if a[0] == "var"]
    ):
        raise _Off("a factor repeated within a term; use a power or do the arithmetic")
    if len([a for a in atoms if a[0] == "sqrt"]) > 1:
        raise _Off("two square roots multiplied; do the arithmetic")
    for name in ("pi", "e", "ln"):
        if len([a for a in atoms if a[0] == name]) > 1:
            raise _Off(f"{name} twice in one term; use a power or do the arithmetic")
    if coefficient is None:
        coefficient = Fraction(1)
    if denominator > 1:
        if coefficient.denominator != 1 or math.gcd(coefficient.numerator, denominator) != 1:
            raise _Off("a term whose fraction is not in lowest terms")
        coefficient /= denominator
    return sign * coefficient, tuple(sorted(atoms))


def _collected(
    node: Node, atom: Callable[[Node], list[Atom] | None], what: str
) -> dict[tuple, Fraction]:
    """The monomial -> coefficient map of a collected sum, or :class:`_Off` saying why not.

    Accepts ``(sum)/q`` (``\\frac{-3 + \\sqrt{5}}{2}``) when q > 1 shares no factor with
    every coefficient of the sum.
    """
    inner = node[1] if node[0] == "neg" else None
    if inner is not None and (inner[0] == "add" or (inner[0] == "div" and inner[1][0] == "add")):
        return {k: -c for k, c in _collected(node[1], atom, what).items()}  # -(1 + sqrt(2))
    if node[0] == "div" and node[1][0] == "add":
        denominator = int_literal(node[2]) or 0
        if denominator < 2:
            raise _Off("a sum divided by something other than an integer > 1")
        terms = _collected(node[1], atom, what)
        numerators = [c for c in terms.values()]
        if any(c.denominator != 1 for c in numerators):
            raise _Off("fractions inside a fraction; do the arithmetic")
        if math.gcd(*(int(c) for c in numerators), denominator) != 1:
            raise _Off("a fraction that is not in lowest terms")
        return {k: c / denominator for k, c in terms.items()}
    items = node[1] if node[0] == "add" else [node]
    out: dict[tuple, Fraction] = {}
    for item in items:
        coefficient, monomial = _term(item, atom)
        if monomial in out:
            raise _Off(f"like terms not collected where {what} is asked")
        if coefficient == 0 and len(items) > 1:
            raise _Off("a zero term")
        out[monomial] = coefficient
    return out


def _polynomial(rules: _Rules, node: Node, element: str | None) -> None:
    _collected(rules.value_of(node), _variable_atom(rules), "an expanded polynomial")


# -- factored polynomials ---------------------------------------------------------------------
def _factored(rules: _Rules, node: Node, element: str | None) -> None:
    node = rules.value_of(node)
    if node[0] == "neg":
        node = node[1]
    factors = node[1] if node[0] == "mul" else [node]
    seen: list[tuple[int, ...]] = []
    constants = 0
    atom = _variable_atom(rules)
    for factor in factors:
        if signed_int_literal(factor) is not None:
            constants += 1
            if constants > 1 or signed_int_literal(factor) == 0:
                raise _Off("more than one constant factor; do the arithmetic")
            continue
        base, power = factor, 1
        if factor[0] == "pow":  # x^2, (x - 1)^3: a power of one factor
            base, power = factor[1], int_literal(factor[2]) or 0
            if power < 1:
                raise _Off("a factor raised to something other than a positive integer")
        terms = _collected(base, atom, "a factor")
        poly = _univariate(terms)
        if poly is None:
            raise _Off("a factor that is not a polynomial in one variable")
        if len(poly) < 2:
            raise _Off("a constant inside a factor; do the arithmetic")
        if any(c.denominator != 1 for c in poly):
            raise _Off("a factor with non-integer coefficients")
        ints = tuple(int(c) for c in poly)
        if math.gcd(*ints) != 1:
            raise _Off("a factor with a common integer factor left inside")
        degree = len(ints) - 1
        if degree > rules.max_factor_degree:
            raise _Off(f"a factor of degree {degree}; factor it further")
        if not _irreducible(ints):
            raise _Off("a factor that can be factored further")
        key = ints if ints[-1] > 0 else tuple(-c for c in ints)
        if key in seen:
            raise _Off("a repeated factor written out; use a power")
        seen.append(key)


def _univariate(terms: dict[tuple, Fraction]) -> list[Fraction] | None:
    """Coefficients (lowest degree first) when every monomial uses one variable."""
    names = {a[1] for key in terms for a in key}
    if len(names) > 1:
        return None
    degree = max((a[2] for key in terms for a in key), default=0)
    if degree > 64:
        raise _Off("a factor of too high a degree")
    coefficients = [Fraction(0)] * (degree + 1)
    for key, value in terms.items():
        coefficients[sum(a[2] for a in key)] = value
    return coefficients


def _irreducible(coefficients: tuple[int, ...]) -> bool:
    """Irreducible over Q, for a primitive integer polynomial of degree 1 to 3."""
    degree = len(coefficients) - 1
    if degree == 1:
        return True
    if coefficients[0] == 0:
        return False  # divisible by x
    if degree == 2:
        c, b, a = coefficients
        discriminant = b * b - 4 * a * c
        return discriminant < 0 or math.isqrt(discriminant) ** 2 != discriminant
    return not _has_rational_root(coefficients)  # a reducible cubic has a linear factor


def _has_rational_root(coefficients: tuple[int, ...]) -> bool:
    constant, lead = abs(coefficients[0]), abs(coefficients[-1])
    if max(constant, lead).bit_length() > 40:
        raise _Off("coefficients too large to check")
    for p in _divisors(constant):
        for q in _divisors(lead):
            for candidate in (Fraction(p, q), Fraction(-p, q)):
                value = Fraction(0)
                for c in reversed(coefficients):
                    value = value * candidate + c
                if value == 0:
                    return True
    return False


def _divisors(n: int) -> list[int]:
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return sorted({*small, *(n // d for d in small)})


# -- collections ------------------------------------------------------------------------------
def _items_of(node: Node) -> list[Node]:
    if node[0] == "list":
        return node[1]
    if node[0] == "seq" and node[1] == "{":
        return node[3]
    return [node]


def _roots(rules: _Rules, node: Node, element: str | None) -> None:
    form = element or "radical"
    items = _items_of(_member_of(rules, node))
    if len(items) > _MAX_ITEMS:
        raise _Off("too many values")
    for item in items:
        value = rules.value_of(item)
        for part in _plus_minus_parts(value):
            rules.element(form, part)


_ZERO = ("num", Fraction(0), None)


def _plus_minus_parts(node: Node) -> list[Node]:
    """``a ± b`` -> ``[a + b]``, ``(a ± b)/q`` -> ``[(a + b)/q]``: the sign does not change
    whether the arithmetic is done, so one reading is judged."""
    if node[0] == "pm":  # a ± b is right only if a + b is written canonically
        return [("add", [node[1], node[2]])] if node[1] != _ZERO else [node[2]]
    if node[0] == "div" and node[1][0] == "pm":
        pm = node[1]
        return [("div", ("add", [pm[1], pm[2]]), node[2])]
    return [node]


def _tuple(rules: _Rules, node: Node, element: str | None) -> None:
    form = element or "rational"
    if node[0] == "rel" and node[1] == "=" and node[2][0] == "seq":
        names = [s[1] if s[0] == "sym" else None for s in node[2][3]]
        if names != list(rules.variables):
            raise _Off(f"names ({', '.join(map(str, names))}); the prompt asks for the tuple "
                       f"({', '.join(rules.variables)})")  # fmt: skip
        node = node[3]
    if node[0] == "seq" and (node[1], node[2]) in (("(", ")"), ("[", "]")):
        items = node[3]  # a vector as (49, -16, -2) or [49, -16, -2]
    elif node[0] == "list":
        items = node[1]
    else:
        items = [node]
    names = [i[2][1] for i in items if i[0] == "rel" and i[2][0] == "sym"]
    if names and len(set(names)) != len(names):
        raise _Off("a variable assigned twice")
    for item in items:
        if item[0] == "seq":
            raise _Off("a nested tuple where a tuple of values is asked")
        rules.element(form, rules.value_of(item))


def _set(rules: _Rules, node: Node, element: str | None) -> None:
    form = element or "radical"
    node = _member_of(rules, node)
    if node == ("emptyset",):
        return
    if not (node[0] == "seq" and node[1] == "{"):
        raise _Off(f"{_describe(node)} where a set {{...}} is asked")
    items = node[3]
    if len(set(map(repr, items))) != len(items):
        raise _Off("an element listed twice")
    for item in items:
        rules.element(form, item)


def _interval(rules: _Rules, node: Node, element: str | None) -> None:
    form = element or "radical"
    node = _member_of(rules, node)
    parts = node[1] if node[0] == "union" else [node]
    spans: list[tuple[float, float, str, str]] = []
    for part in parts:
        if part[0] != "seq" or part[1] not in "([" or part[2] not in ")]" or len(part[3]) != 2:
            raise _Off(f"{_describe(part)} where an interval is asked")
        low, high = part[3]
        low_v = _endpoint(rules, form, low, part[1], lower=True)
        high_v = _endpoint(rules, form, high, part[2], lower=False)
        if not low_v < high_v:
            raise _Off("an interval whose ends are not in increasing order")
        spans.append((low_v, high_v, part[1], part[2]))
    spans.sort()
    for (_, high, _, close), (low, _, open_, _) in itertools.pairwise(spans):
        if low < high or (low == high and (close == "]" or open_ == "[")):
            raise _Off("intervals that overlap or touch; write their union as one interval")


def _endpoint(rules: _Rules, form: str, node: Node, bracket: str, *, lower: bool) -> float:
    infinite = node == ("const", "inf") or node == ("neg", ("const", "inf"))
    if infinite:
        if bracket in "[]":
            raise _Off("an infinite end must be open")
        return -math.inf if node[0] == "neg" else math.inf
    rules.element(form, node)
    return _approximate(node)


def _approximate(node: Node) -> float:
    """A float value of a canonical real element (for ordering interval ends only)."""
    kind = node[0]
    if kind == "num":
        return float(node[1])
    if kind == "neg":
        return -_approximate(node[1])
    if kind == "add":
        return sum(_approximate(n) for n in node[1])
    if kind == "mul":
        return math.prod(_approximate(n) for n in node[1])
    if kind == "div":
        return _approximate(node[1]) / _approximate(node[2])
    if kind == "func" and node[1] in ("sqrt", "ln"):
        return (math.sqrt if node[1] == "sqrt" else math.log)(_approximate(node[2][0]))
    if kind == "const" and node[1] in ("pi", "e"):
        return math.pi if node[1] == "pi" else math.e
    if kind == "pow":
        return _approximate(node[1]) ** _approximate(node[2])
    raise _Off("an interval end that is not a real number")


def _rows_list(node: Node) -> bool:
    """``[[1, 2], [3, 4]]``: a bracketed list of bracketed rows."""
    return (
        node[0] == "seq"
        and node[1] == "["
        and bool(node[3])
        and all(row[0] == "seq" and row[1] == "[" for row in node[3])
    )


def _is_matrix(node: Node) -> bool:
    return node[0] == "matrix" or _rows_list(node)


def _matrix(rules: _Rules, node: Node, element: str | None) -> None:
    """Entries of the element form, optionally times one scalar ``s`` (the inverse as
    ``\\frac{1}{det}`` times the adjugate): ``s`` is a rational in lowest terms other than
    ``±1`` (a bare ``-M`` leaves the sign undone), and with integer entries its denominator
    shares no factor with all of them (``\\frac{1}{10}[[2, 4]]`` is ``\\frac{1}{5}[[1, 2]]``)."""
    form = element or "rational"
    scalar: Fraction | None = None
    sign = 1
    if node[0] == "neg" and node[1][0] == "mul" and _is_matrix(node[1][1][-1]):
        sign, node = -1, node[1]  # -1/7 [[...]]: the sign belongs to the scalar
    if node[0] == "mul" and len(node[1]) == 2 and _is_matrix(node[1][1]):
        rules.element("rational", node[1][0])
        scalar = sign * _rational_value(node[1][0])
        if abs(scalar) == 1:
            raise _Off("a scalar factor of 1 or -1; write the matrix itself")
        node = node[1][1]
    if _rows_list(node):
        rows = [row[3] for row in node[3]]  # [[1, 2], [3, 4]]: a list of rows
    elif node[0] == "matrix":
        rows = node[1]
    else:
        raise _Off(f"{_describe(node)} where a matrix is asked")
    if not rows or len({len(r) for r in rows}) != 1:
        raise _Off("rows of different lengths")
    for row in rows:
        for entry in row:
            rules.element(form, entry)
    if scalar is not None and scalar.denominator > 1:
        entries = [signed_int_literal(entry) for row in rows for entry in row]
        if None not in entries and math.gcd(scalar.denominator, *entries) > 1:
            raise _Off("a scalar and entries that share a factor; reduce the fraction")


def _rational_value(node: Node) -> Fraction:
    """The value of a node the ``rational`` form accepted (an integer or p/q)."""
    value = signed_int_literal(node)
    return Fraction(value) if value is not None else _fraction_literal(node)


# -- expressions ------------------------------------------------------------------------------
_LITERAL_OPS = ("add", "mul", "pow", "fact", "pct", "func")


def _expression(rules: _Rules, node: Node, element: str | None) -> None:
    _walk_expression(rules, rules.value_of(node))


def _walk_expression(rules: _Rules, node: Node) -> None:
    kind = node[0]
    if kind == "sym":
        base = node[1].split("_", 1)[0]
        if base not in rules.variables and node[1] not in rules.variables:
            raise _Off(f"uses the variable {node[1]} (variables asked: "
                       f"{', '.join(rules.variables) or 'none'})")  # fmt: skip
        return
    if kind in ("rel", "list", "seq", "union", "pm", "pct", "deg"):
        raise _Off(f"{_describe(node)} where an expression is asked")
    if kind == "div":
        if _fraction_literal(node) is not None:
            return
        if int_literal(node[1]) is not None and int_literal(node[2]) is not None:
            raise _Off("a quotient of integers that is not in lowest terms")
    if kind == "func" and node[1] == "sqrt" and _is_number(node[2][0]):
        _radical_atom(node)
        return
    if kind in _LITERAL_OPS:
        children = _children(node)
        numbers = [c for c in children if _is_number(c)]
        if kind in ("add", "mul") and len(numbers) > 1:
            raise _Off(f"{_describe(node)} of numbers; do the arithmetic")
        if kind in ("pow", "fact", "pct") and len(numbers) == len(children):
            raise _Off(f"{_describe(node)} of numbers; do the arithmetic")
        if kind == "func" and node[1] == "abs" and all(map(_is_number, children)):
            raise _Off("the absolute value of a number; do the arithmetic")
    for child in _children(node):
        _walk_expression(rules, child)


def _is_number(node: Node) -> bool:
    return signed_int_literal(node) is not None or _decimal_literal(node) is not None


def _children(node: Node) -> list[Node]:
    kind = node[0]
    if kind in ("add", "mul", "list", "union"):
        return list(node[1])
    if kind in ("neg", "fact", "pct", "deg"):
        return [node[1]]
    if kind in ("div", "pow", "pm"):
        return [node[1], node[2]]
    if kind == "func":
        return list(node[2])
    if kind == "rel":
        return [node[2], node[3]]
    if kind == "seq":
        return list(node[3])
    return []


_FORM_CHECKS: dict[str, Callable[[_Rules, Node, str | None], None]] = {
    **{name: _scalar_form(name) for name in ELEMENT_FORMS},
    "roots": _roots,
    "tuple": _tuple,
    "set": _set,
    "interval": _interval,
    "matrix": _matrix,
    "polynomial": _polynomial,
    "factored": _factored,
    "expression": _expression,
}
