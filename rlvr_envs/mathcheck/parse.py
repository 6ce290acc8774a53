"""A whitelist tokeniser and recursive-descent parser for math answers, in plain text or LaTeX.

Model output is hostile, so it is never handed to ``eval``, ``sympify`` or ``parse_expr``.
This module turns an answer into a small AST of tuples using only the tokens listed below;
anything else is a :class:`ParseError`. It imports nothing heavy: the fast exact path
(:mod:`rlvr_envs.mathcheck.equivalence`) evaluates the AST with ``fractions.Fraction``, and
only what that cannot decide is rebuilt as a sympy object inside a killable worker
(:mod:`rlvr_envs.mathcheck.symbolic`).

AST nodes::

    ("num", Fraction, decimals)      decimals: digits after the point, or None for integers
    ("sym", name) ("const", "pi" | "e" | "i" | "inf") ("emptyset",)
    ("add", [nodes]) ("neg", node) ("mul", [nodes]) ("div", a, b) ("pow", a, b)
    ("pm", a, b)                     a ± b (two values)
    ("func", name, [args])           sqrt, root, sin, ..., log (args: [x] or [x, base]), abs
    ("fact", node) ("pct", node) ("deg", node)
    ("rel", op, a, b)                op in = != < <= > >= in
    ("seq", open, close, [items])    a bracketed tuple, interval or set ("{" "}")
    ("list", [items])                a bare comma-separated list
    ("union", [nodes])               a union of intervals or sets
    ("setminus", a, b)               the set difference a \\ b (``\\setminus``, ``\\backslash``)
    ("intersection", [nodes])        an intersection of sets (``\\cap``, ``∩``)
    ("matrix", rows)                 rows: a list of equally long lists of nodes; a vector
                                     written as a one-column pmatrix has one node per row
    ("setbuilder", var, domain, cond)  {var | cond} or {var in domain | cond}: var is a
                                     ("sym", name), domain a node or None, cond a condition
    ("and", [conds]) ("or", [conds])   conjunction and disjunction of conditions (relations);
                                     they occur only as the cond of a "setbuilder"

``∪``, ``∩`` and ``\\setminus`` bind looser than arithmetic and apply left to right
(``A \\cup B \\setminus C`` is ``(A ∪ B) \\ C``); consecutive unions share one "union" node.
A scalar times a matrix is a "mul" whose factors include the "matrix".

Policies (documented once, here): numbers are written as :mod:`rlvr_envs.numbers` says (Unicode
minus signs, superscript exponents ``x²`` and odd spaces are normalised first); ``1,000`` with
no space after the comma and ``12 345`` (or ``12\\,345``, a thin space) are thousands
separators, ``1, 000`` is a list, and inside parentheses or square brackets a comma always
separates items (``(6,117)`` is a pair, ``[1,000]`` is not a number); two number literals side
by side (``12 34``) are an error, not a product; ``1 1/2`` and ``1\\frac{1}{2}`` are mixed
numbers; ``{a \\over b}`` is a fraction; ``i`` is the imaginary unit and ``e`` Euler's number;
trailing units (``5 cm``, ``5 \\text{ apples}``, ``\\text{5 cm}``) are dropped (when both
answers carry units, they must agree); ``or`` and ``and`` separate list items like a comma, so
"3 or 4" is a list, which never equals a single value (inside a set-builder condition they are
the logical connectives); an approximation (``\\approx``, ``\\sim``, ``\\simeq``, ``≈``) is not
a value and does not parse; any other word is rejected.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from rlvr_envs import numbers

Node = tuple[Any, ...]

MAX_CHARS = 2_000
MAX_DEPTH = 120


class ParseError(ValueError):
    """The answer is not in the accepted grammar (or is too long or too deep)."""


class UnsupportedLatex(ParseError):
    """A LaTeX command outside our grammar: the worker may try latex2sympy2_extended."""


FUNCS = {
    "sqrt", "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan",
    "sinh", "cosh", "tanh", "log", "ln", "exp", "abs",
}  # fmt: skip
CONSTS = {"pi": "pi", "inf": "inf", "infty": "inf", "infinity": "inf", "oo": "inf"}
UNITS = {
    "cm", "m", "km", "mm", "kg", "g", "mg", "s", "sec", "secs", "second", "seconds", "min",
    "mins", "minute", "minutes", "h", "hr", "hrs", "hour", "hours", "day", "days", "week",
    "weeks", "year", "years", "unit", "units", "dollar", "dollars", "cent", "cents", "degree",
    "degrees", "meter", "meters", "metre", "metres", "inch", "inches", "foot", "feet", "ft",
    "mile", "miles", "mph", "sq", "square", "cubic", "l", "ml", "liter", "liters", "people",
    "items", "apples", "students", "ways", "times", "points", "pages", "books", "cookies",
}  # fmt: skip
GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta",
    "vartheta", "kappa", "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "phi", "varphi",
    "chi", "psi", "omega",
}  # fmt: skip

# LaTeX spellings rewritten to the plain grammar before tokenising.
_REWRITES = [
    (re.compile(r"\\\\"), r" \\cr "),  # a row break (before the one-backslash rules below)
    (re.compile(r"\\hline(?![a-zA-Z])"), " "),
    (re.compile(r"\\text\s*\{\s*or\s*\}"), " or "),
    (re.compile(r"\\text\s*\{\s*and\s*\}"), " and "),
    # \text{5 cm}: the number leaves the text, the unit stays behind as a unit
    (
        re.compile(
            r"\\(?:text|mbox|textrm)\s*\{\s*([-+]?[\d.,]+(?:[ ]\d{3})*)"
            r"\s+([a-zA-Z][a-zA-Z ./]*)\}"
        ),
        r"\1 \\text{\2}",
    ),
    (re.compile(r"\\(?:text|mbox)\s*\{([^{}a-zA-Z]*)\}"), r"\1"),  # \text{5}
    (re.compile(r"\\\$|€|£"), ""),  # currency signs
    (re.compile(r"\\langle(?![a-zA-Z])"), "("),
    (re.compile(r"\\rangle(?![a-zA-Z])"), ")"),
    (re.compile(r"\\mathbb\s*\{?R\}?"), r"(-\\infty, \\infty)"),
    (
        re.compile(r"\\(?:left|right|bigl|bigr|Bigl|Bigr|big|Big|displaystyle|limits)(?![a-zA-Z])"),
        "",
    ),
    (re.compile(r"\\(?:[,;:! ]|q?quad(?![a-zA-Z]))|~"), " "),  # 1\,000 becomes 1 000
    (re.compile(r"\\[dt]frac(?![a-zA-Z])"), r"\\frac"),
    (re.compile(r"\{,\}"), ","),
    (re.compile(r"\^\s*\{?\s*\\circ\s*\}?|°"), "°"),
    (re.compile(r"\\%"), "%"),
    (re.compile(r"\\(?:leqslant|leq|le)(?![a-zA-Z])|≤"), "<="),
    (re.compile(r"\\(?:geqslant|geq|ge)(?![a-zA-Z])|≥"), ">="),
    (re.compile(r"\\(?:neq|ne)(?![a-zA-Z])|≠"), "!="),
    (re.compile(r"\\(?:cdot|times|ast)(?![a-zA-Z])|×|·|⋅"), "*"),
    (re.compile(r"\\div(?![a-zA-Z])|÷"), "/"),
    (re.compile(r"\\(?:mathrm|mathbf|mathit|textbf|textit|operatorname)\s*\{([^{}]*)\}"), r"\1"),
]

# An approximation relates two values without giving one: "-1 \approx 99" is not -1.
_APPROXIMATION = re.compile(
    r"\\(?:approx|approxeq|thickapprox|sim|simeq|thicksim|backsim|cong|doteq|eqsim)"
    r"(?![a-zA-Z])|[≈≃≅∼≒≐≊≋]"
)

_TOKEN = re.compile(
    rf"""
    (?P<ws>\s+)
  | (?P<mixed>\d+[ ]+[1-9]\d*[ ]*/[ ]*\d+(?![\d.]))
  | (?P<num>{numbers.UNSIGNED_INTEGER}(?:\.\d*)?(?:[eE][-+]?\d+)? | \.\d+)
  | (?P<text>\\text\s*\{{[^{{}}]*\}})
  | (?P<envbegin>\\begin\s*\{{\s*[a-zA-Z]+\*?\s*\}})
  | (?P<envend>\\end\s*\{{\s*[a-zA-Z]+\*?\s*\}})
  | (?P<cmd>\\[a-zA-Z]+|\\[{{}}])
  | (?P<ident>[a-zA-Z]+)
  | (?P<op><=|>=|!=|\*\*|[-+*/^=<>(){{}}\[\],|!%'_°∞π√∪∩±&:])
    """,
    re.VERBOSE | re.ASCII,  # ASCII digits only, as rlvr_envs.numbers says
)


_REPEATING = re.compile(r"(\d*)\.(\d*)\\overline\s*\{(\d+)\}")


def _repeating_decimal(match: re.Match[str]) -> str:
    """``0.1\\overline{6}`` -> ``(1/6)``: the exact value of a repeating decimal."""
    whole, fixed, cycle = match.group(1) or "0", match.group(2), match.group(3)
    value = Fraction(int(whole)) + Fraction(int(fixed or "0"), 10 ** len(fixed))
    value += Fraction(int(cycle), (10 ** len(cycle) - 1) * 10 ** len(fixed))
    return f"({value.numerator}/{value.denominator})"


def _strip_outer_parens(text: str) -> str:
    """Remove redundant parentheses around the whole answer, in one linear pass."""
    depth_open = len(text) - len(text.lstrip("("))
    depth_close = len(text) - len(text.rstrip(")"))
    k = min(depth_open, depth_close)
    if k == 0:
        return text
    match_of: dict[int, int] = {}
    stack: list[int] = []
    for i, char in enumerate(text):
        if char == "(":
            stack.append(i)
        elif char == ")" and stack:
            match_of[stack.pop()] = i
    n = len(text)
    strip = 0
    while strip < k and match_of.get(strip) == n - 1 - strip:
        strip += 1
    # keep one pair: "(1, 2)" is a tuple, not a parenthesised list
    strip = max(0, strip - 1)
    return text[strip : n - strip] if strip else text


def _normalise(text: str) -> str:
    text = numbers.normalise(text).strip().strip("$").strip()
    for delim_open, delim_close in (("\\(", "\\)"), ("\\[", "\\]")):
        if text.startswith(delim_open) and text.endswith(delim_close):
            text = text[2:-2].strip()
    if "\\overline" in text:
        text = _REPEATING.sub(_repeating_decimal, text)
    for pattern, repl in _REWRITES:
        text = pattern.sub(repl, text)
    return _strip_outer_parens(text.strip().rstrip(".").strip())


def tokenise(text: str) -> list[tuple[str, str, bool]]:
    """Split into (kind, text, space_before) tokens; anything off the whitelist raises."""
    return _tokens_and_units(text)[0]


def _tokens_and_units(text: str) -> tuple[list[tuple[str, str, bool]], tuple[str, ...]]:
    """Tokens, and the trailing units removed from them."""
    if len(text) > MAX_CHARS:
        raise ParseError(f"answer longer than {MAX_CHARS} characters")
    text = _normalise(text)
    if _APPROXIMATION.search(text):
        raise ParseError("an approximation is not a value")
    tokens: list[tuple[str, str, bool]] = []
    pos, space, depth = 0, False, 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise ParseError(f"unexpected character {text[pos]!r}")
        kind, value = match.lastgroup, match.group()
        pos = match.end()
        if kind == "ws":
            space = True
            continue
        if kind == "op" and value in "([":
            depth += 1
        elif kind == "op" and value in ")]":
            depth = max(0, depth - 1)
        elif kind == "num" and depth and "," in value:  # (6,117) is a pair, not 6117
            value = value[: value.index(",")]
            pos = match.start() + len(value)
        tokens.append((kind, value, space))
        space = False
    return _drop_trailing_units(tokens)


_NOT_UNITS = {"or", "and", "possibly", "maybe", "either", "not", "undefined", "none", "no"}
_UNIT_POWER = [("op", "^"), ("num", None)]


def _unit_words(kind: str, value: str, space: bool) -> list[str] | None:
    """The words of a trailing unit token, or None when the token is not a unit."""
    if kind == "ident" and space and value.lower() in UNITS:
        return [value.lower()]
    if kind == "text":
        words = value[value.index("{") + 1 : -1].lower().replace(".", " ").split()
        if words and all(_UNIT_WORD.fullmatch(w) for w in words) and not _NOT_UNITS & set(words):
            return words
    return None


_UNIT_WORD = re.compile(r"[a-z]+(?:/[a-z]+)*")
_UNIT_ALIASES = {
    "meter": "m", "metre": "m", "centimeter": "cm", "centimetre": "cm", "kilometer": "km",
    "kilometre": "km", "millimeter": "mm", "inche": "in", "inch": "in", "foot": "ft",
    "feet": "ft", "second": "s", "sec": "s", "minute": "min", "hour": "h", "hr": "h",
    "kilogram": "kg", "gram": "g", "liter": "l", "litre": "l", "dollar": "$",
}  # fmt: skip


def _canonical_unit(word: str) -> str:
    word = word.removesuffix("s") if len(word) > 3 else word
    return _UNIT_ALIASES.get(word, word)


def _drop_trailing_units(
    tokens: list[tuple[str, str, bool]],
) -> tuple[list[tuple[str, str, bool]], tuple[str, ...]]:
    """Drop trailing units (``5 cm``, ``5 \\text{ cm}^2``, ``5\\text{ apples}``); return them."""
    units: list[str] = []
    while len(tokens) > 1:
        if len(tokens) > 3 and [(k, v if k == "op" else None) for k, v, _ in tokens[-2:]] == (
            _UNIT_POWER
        ):
            words = _unit_words(*tokens[-3])
            if words is not None:
                units[:0] = [*words, "^" + tokens[-1][1]]
                del tokens[-3:]
                continue
        words = _unit_words(*tokens[-1])
        if words is not None:
            units[:0] = words
            tokens.pop()
        elif tokens[-1][:2] == ("op", "%") and tokens[-2][0] == "text":
            tokens.pop(-2)
        else:
            break
    return tokens, tuple(_canonical_unit(u) for u in units)


# Two-letter words that must not read as a product of two variables ("3 or 4").
_WORDS = {"or", "and", "to", "is", "no", "so", "if", "of", "be", "as", "at", "by", "on", "it", "an"}
_REL_OPS = {"=", "!=", "<", "<=", ">", ">=", r"\in"}
_ATOM_START_OPS = {"(", "[", "{", "√", "π", "∞", r"\{"}
# Commands that continue or end an expression, never start a factor of a product.
_NOT_ATOM_COMMANDS = {
    r"\pm", r"\cup", r"\cap", r"\setminus", r"\backslash", r"\in", r"\}", r"\mid",
    r"\over", r"\choose", r"\cr", r"\lor", r"\vee", r"\land", r"\wedge",
}  # fmt: skip
_SET_OPS = {r"\cup": "union", "∪": "union", r"\cap": "intersection", "∩": "intersection"}
_SET_OPS.update({r"\setminus": "setminus", r"\backslash": "setminus"})
_SUCH_THAT = (r"\mid", "|", ":")
_MATRIX_ENVS = {"matrix", "pmatrix", "bmatrix", "Bmatrix", "smallmatrix", "array"}
_DETERMINANT_ENVS = {"vmatrix", "Vmatrix"}


class _Parser:
    def __init__(self, tokens: list[tuple[str, str, bool]]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.depth = 0

    # -- token helpers ----------------------------------------------------------------
    def peek(self, offset: int = 0) -> tuple[str, str, bool]:
        i = self.pos + offset
        return self.tokens[i] if i < len(self.tokens) else ("end", "", False)

    def at(self, *values: str) -> bool:
        kind, value, _ = self.peek()
        return kind in ("op", "cmd") and value in values

    def take(self, *values: str) -> str:
        kind, value, _ = self.peek()
        if values and not (kind in ("op", "cmd") and value in values):
            raise ParseError(f"expected {' or '.join(values)}, found {value or 'end'!r}")
        self.pos += 1
        return value

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseError("expression nested too deeply")

    # -- grammar ----------------------------------------------------------------------
    def parse(self) -> Node:
        if not self.tokens:
            raise ParseError("empty answer")
        node = self.fraction_body()
        if self.pos != len(self.tokens):
            raise ParseError(f"unexpected {self.peek()[1]!r}")
        return node

    def at_word(self, *words: str) -> bool:
        kind, value, _ = self.peek()
        return kind == "ident" and value.lower() in words

    def at_or(self) -> bool:
        return self.at_word("or", "and")

    def items(self) -> Node:
        first = self.relation()
        if not (self.at(",") or self.at_or()):
            return first
        items = [first]
        while self.at(",") or self.at_or():  # "x = 2 or x = 3" lists values like a comma
            self.pos += 1
            items.append(self.relation())
        return ("list", items)

    def fraction_body(self, node: Node | None = None) -> Node:
        """Items, or TeX's ``a \\over b`` and ``n \\choose k`` (a brace group's whole body);
        ``node`` is the first operand when the caller has parsed it already."""
        node = self.items() if node is None else node
        if self.at(r"\over", r"\choose"):
            op = self.take()
            other = self.items()
            if node[0] == "list" or other[0] == "list":
                raise ParseError(f"a list around {op}")
            node = ("div", node, other) if op == r"\over" else ("func", "binom", [node, other])
        return node

    def relation(self) -> Node:
        left = self.union()
        while self.at(*_REL_OPS):
            op = self.take()
            left = ("rel", "in" if op == r"\in" else op, left, self.union())
        return left

    def union(self) -> Node:
        node = self.sum()
        while self.at(*_SET_OPS):
            kind = _SET_OPS[self.take()]
            right = self.sum()
            if kind == "setminus":
                node = ("setminus", node, right)
            else:  # unions (and intersections) are associative: one flat node
                node = (kind, [*(node[1] if node[0] == kind else [node]), right])
        return node

    def sum(self) -> Node:
        self.enter()
        if self.at("-"):
            self.take()
            node: Node = ("neg", self.term())
        elif self.at(r"\pm", "±"):
            self.take()
            node = ("pm", ("num", Fraction(0), None), self.term())
        else:
            if self.at("+"):
                self.take()
            node = self.term()
        while self.at("+", "-", r"\pm", "±"):
            op = self.take()
            right = self.term()
            if op in ("+", "-"):
                right = right if op == "+" else ("neg", right)
                node = ("add", [*node[1], right]) if node[0] == "add" else ("add", [node, right])
            else:
                node = ("pm", node, right)
        self.depth -= 1
        return node

    def term(self) -> Node:
        node = self.unary()
        while True:
            if self.at("*", "/"):
                op = self.take()
                right = self.unary()
                node = ("div", node, right) if op == "/" else _mul(node, right)
            elif self.starts_atom():
                if self.peek()[0] in ("num", "mixed") and self.tokens[self.pos - 1][0] == "num":
                    raise ParseError("two numbers side by side")
                node = self.implicit(node, self.unary())
            else:
                return node

    def implicit(self, left: Node, right: Node) -> Node:
        # 2\frac{1}{2} is a mixed number (2 + 1/2), not a product.
        if left[0] == "num" and left[2] is None:
            if _is_int_fraction(right):
                return ("add", [left, right])
            if right[0] == "pct" and _is_int_fraction(right[1]):  # 33\frac{1}{3}\%
                return ("pct", ("add", [left, right[1]]))
        return _mul(left, right)

    def starts_atom(self) -> bool:
        kind, value, _ = self.peek()
        if kind == "ident":
            return value.lower() not in ("or", "and")
        if kind in ("num", "mixed", "envbegin"):
            return True
        if kind == "cmd":
            return value not in _NOT_ATOM_COMMANDS
        return kind == "op" and value in _ATOM_START_OPS

    def unary(self) -> Node:
        self.enter()
        if self.at("-"):
            self.take()
            node: Node = ("neg", self.unary())
        elif self.at("+"):
            self.take()
            node = self.unary()
        else:
            node = self.power()
        self.depth -= 1
        return node

    def power(self) -> Node:
        base = self.postfix()
        if self.at("^", "**"):
            self.take()
            exponent = self.group() if self.at("{") else self.unary()
            return ("pow", base, exponent)
        return base

    def postfix(self) -> Node:
        node = self.atom()
        while self.at("!", "%", "°"):
            op = self.take()
            node = {"!": ("fact", node), "%": ("pct", node), "°": ("deg", node)}[op]
        return node

    def group(self) -> Node:
        """A LaTeX argument: ``{...}`` or a single token (``\\frac12``, ``x^2``)."""
        if self.at("{"):
            self.take("{")
            node = self.fraction_body()
            self.take("}")
            return node
        kind, value, _ = self.peek()
        if kind == "num" and len(value) > 1 and value.isdigit():
            # \frac12 means \frac{1}{2}: a bare argument is one character.
            self.tokens[self.pos] = ("num", value[1:], False)
            return ("num", Fraction(int(value[0])), None)
        return self.atom()

    def atom(self) -> Node:
        self.enter()
        node = self._atom()
        self.depth -= 1
        return node

    def _atom(self) -> Node:
        kind, value, _ = self.peek()
        if kind == "end":
            raise ParseError("unexpected end of answer")
        if kind == "num":
            self.pos += 1
            return _number(value)
        if kind == "mixed":
            self.pos += 1
            whole, frac = value.split(None, 1)
            num, den = (int(p) for p in frac.replace(" ", "").split("/"))
            if den == 0:
                raise ParseError("zero denominator")
            return ("add", [_number(whole), ("div", _number(str(num)), _number(str(den)))])
        if kind == "ident":
            self.pos += 1
            return self.identifier(value)
        if kind == "cmd":
            return self.command(value)
        if kind == "envbegin":
            return self.matrix(_env_name(value))
        if kind == "text":
            raise ParseError(f"text in answer: {value!r}")
        return self.bracketed(value)

    def bracketed(self, value: str) -> Node:
        if value in ("(", "["):
            self.take()
            if self.at(")", "]"):
                raise ParseError("empty brackets")
            inner = self.items()
            close = self.take(")", "]")
            items = inner[1] if inner[0] == "list" else [inner]
            if len(items) == 1 and value + close in ("()", "[]"):
                return items[0]
            return ("seq", value, close, items)
        if value in ("{", r"\{"):
            self.take()
            if self.at("}", r"\}"):
                self.take()
                return ("emptyset",)
            inner = self.items()
            if self.at(*_SUCH_THAT):
                return self.set_builder(inner)
            if value == "{":
                inner = self.fraction_body(inner)
            self.take("}", r"\}")
            if inner[0] == "list" or value == r"\{":
                return ("seq", "{", "}", inner[1] if inner[0] == "list" else [inner])
            return inner
        if value == "|":
            self.take()
            inner = self.sum()
            self.take("|")
            return ("func", "abs", [inner])
        if value == "√":
            self.take()
            return ("func", "sqrt", [self.unary()])
        if value == "π":
            self.take()
            return ("const", "pi")
        if value == "∞":
            self.take()
            return ("const", "inf")
        raise ParseError(f"unexpected {value!r}")

    def set_builder(self, head: Node) -> Node:
        """``\\{x \\mid x > 0\\}`` or ``\\{x \\in S : cond\\}`` after its head and before ``|``."""
        self.take()
        domain = None
        if head[0] == "rel" and head[1] == "in":
            head, domain = head[2], head[3]
        if head[0] != "sym":
            raise ParseError("a set-builder head must be one variable")
        condition = self.condition()
        self.take("}", r"\}")
        return ("setbuilder", head, domain, condition)

    def condition(self) -> Node:
        """Relations joined by and (``,``, ``\\land``) and or (``\\lor``); and binds tighter."""
        parts = [self.conjunction()]
        while self.at_word("or") or self.at(r"\lor", r"\vee"):
            self.pos += 1
            parts.append(self.conjunction())
        return parts[0] if len(parts) == 1 else ("or", parts)

    def conjunction(self) -> Node:
        parts = [self.relation()]
        while self.at(",", r"\land", r"\wedge") or self.at_word("and"):
            self.pos += 1
            parts.append(self.relation())
        return parts[0] if len(parts) == 1 else ("and", parts)

    def matrix(self, env: str) -> Node:
        """``\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}`` (and bmatrix, array, ...)."""
        if env in _DETERMINANT_ENVS:
            raise ParseError("a determinant, not a matrix")
        if env not in _MATRIX_ENVS:
            raise UnsupportedLatex(f"unsupported environment {env!r}")
        self.pos += 1
        if env == "array" and self.at("{"):  # the column specification, {cc} or {r|l}
            self.take("{")
            while self.peek()[0] == "ident" or self.at("|"):
                if self.peek()[0] == "ident" and set(self.peek()[1]) - set("lcr"):
                    raise ParseError("unexpected array column specification")
                self.pos += 1
            self.take("}")
        rows: list[list[Node]] = [[]]
        cells = 0
        while self.peek()[0] != "envend":
            rows[-1].append(self.sum())
            cells += 1
            if cells > _MAX_CELLS:
                raise ParseError("matrix too large")
            if self.at("&"):
                self.take()
            elif self.at(r"\cr"):
                self.take()
                rows.append([])
            elif self.peek()[0] != "envend":
                raise ParseError(f"unexpected {self.peek()[1] or 'end'!r} in a matrix")
        if _env_name(self.peek()[1]) != env:
            raise ParseError("mismatched \\end")
        self.pos += 1
        if not rows[-1]:
            rows.pop()
        if not rows or len({len(row) for row in rows}) != 1:
            raise ParseError("matrix rows of different lengths")
        return ("matrix", rows)

    def identifier(self, word: str) -> Node:
        lowered = word.lower() if word.lower() in CONSTS or word.lower() in FUNCS else word
        if lowered in CONSTS:
            return ("const", CONSTS[lowered])
        if lowered in FUNCS:
            return self.function(lowered)
        if len(word) > 2 or word.lower() in _WORDS:
            raise ParseError(f"unknown word {word!r}")
        if self.at("_"):
            self.take("_")
            sub = self.group()
            if sub[0] not in ("num", "sym"):
                raise ParseError("unsupported subscript")
            return ("sym", f"{word}_{_subscript_text(sub)}")
        if len(word) == 2:  # xy^2 is x * y^2: the second letter becomes its own token
            self.tokens.insert(self.pos, ("ident", word[1], False))
        return _letter(word[0])

    def function(self, name: str) -> Node:
        base = None
        if name == "log" and self.at("_"):
            self.take("_")
            base = self.group()
        if name == "sqrt" and self.at("["):
            self.take("[")
            index = self.sum()
            self.take("]")
            return ("func", "root", [self.group(), index])
        if self.at("^"):  # \sin^2 x
            self.take("^")
            exponent = self.group()
            return ("pow", ("func", name, [self.function_arg()]), exponent)
        arg = self.function_arg()
        return ("func", name, [arg] if base is None else [arg, base])

    def function_arg(self) -> Node:
        if self.at("("):
            self.take("(")
            node = self.sum()
            self.take(")")
            return node
        if self.at("{"):
            return self.group()
        node = self.unary()  # \sin 2x is sin(2x); \sin x \cos x is sin(x) cos(x)
        while self.starts_atom() and self.peek()[0] != "cmd" and not self.at_function():
            node = _mul(node, self.unary())
        return node

    def at_function(self) -> bool:
        kind, value, _ = self.peek()
        return kind == "ident" and value.lower() in FUNCS

    def command(self, value: str) -> Node:
        name = value[1:]
        if name == "frac":
            self.pos += 1
            return ("div", self.group(), self.group())
        if name == "binom":
            self.pos += 1
            return ("func", "binom", [self.group(), self.group()])
        if name in ("pi", "infty"):
            self.pos += 1
            return ("const", CONSTS[name])
        if name in ("emptyset", "varnothing"):
            self.pos += 1
            return ("emptyset",)
        if name in GREEK:
            self.pos += 1
            return ("sym", name)
        if name == "angle":  # \angle ABC names one quantity
            self.pos += 1
            kind, letters, _ = self.peek()
            if kind != "ident":
                raise ParseError("an angle without a name")
            self.pos += 1
            return ("sym", f"angle_{letters}")
        if name in FUNCS:
            self.pos += 1
            return self.function(name)
        if name == "{":
            return self.bracketed(value)
        raise UnsupportedLatex(f"unsupported command {value!r}")


_MAX_CELLS = 1_024


def _env_name(token: str) -> str:
    return token[token.index("{") + 1 : -1].strip()


def _letter(char: str) -> Node:
    if char == "e":
        return ("const", "e")
    if char == "i":
        return ("const", "i")
    return ("sym", char)


def _subscript_text(node: Node) -> str:
    return node[1] if node[0] == "sym" else str(node[1])


def _number(text: str) -> Node:
    text = text.replace(",", "").replace(" ", "")
    if "e" in text or "E" in text:
        mantissa, _, exponent = text.lower().partition("e")
        if abs(int(exponent)) > 400:
            raise ParseError("exponent too large")
        value = Fraction(mantissa) * Fraction(10) ** int(exponent)
        return ("num", value, max(0, len(mantissa.partition(".")[2]) - int(exponent)))
    if "." in text:
        return ("num", Fraction(text.rstrip(".") or "0"), len(text.partition(".")[2]))
    return ("num", Fraction(int(text)), None)


def _mul(left: Node, right: Node) -> Node:
    factors = (left[1] if left[0] == "mul" else [left]) + (
        right[1] if right[0] == "mul" else [right]
    )
    return ("mul", factors)


def _is_int_fraction(node: Node) -> bool:
    return (
        node[0] == "div"
        and node[1][0] == "num"
        and node[2][0] == "num"
        and node[1][2] is None
        and node[2][2] is None
    )


def parse(text: str) -> Node:
    """Parse an answer into an AST, or raise :class:`ParseError`."""
    return parse_with_units(text)[0]


def parse_with_units(text: str) -> tuple[Node, tuple[str, ...]]:
    """Parse an answer and return the trailing units it carried (``("cm", "^2")``)."""
    if len(text) > MAX_CHARS:
        raise ParseError(f"answer longer than {MAX_CHARS} characters")
    tokens, units = _tokens_and_units(text)
    return _Parser(tokens).parse(), units
