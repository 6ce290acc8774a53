"""Small generated programs: pipelines of steps over lists, strings, numbers and dicts.

One program is a function of one argument built from a few *steps* (keep the elements
divisible by 3, reverse the string, add the digits, ...) and a final *reducer* (return the
sum, the length, the list itself). Every step has three faces that never disagree: an
English sentence (for specifications), Python source (for programs shown or expected), and
a Python implementation (the generator's own, used to compute expected values; nothing
generated is ever executed here). Function synthesis, output and input prediction, bug
fixing and the multi-turn repair task all draw from this one library.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

VOWELS = "aeiouAEIOU"
NAMES = ["ada", "bob", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo", "kai", "lu"]


@dataclass(frozen=True)
class Op:
    """One step: how to draw its parameters, say it, write it and compute it."""

    name: str
    domain: str  # list, text, number, dict
    final: bool
    sample: Callable[[random.Random], list]
    text: Callable[..., str]
    code: Callable[..., str]  # one statement (or a ``return`` expression for finals)
    apply: Callable[..., Any]
    siblings: tuple[str, ...] = ()  # ops a plausible bug swaps this one for
    weight: float = 1.0
    imports: tuple[str, ...] = ()


OPS: dict[str, Op] = {}


def _op(
    name, domain, sample, text, code, apply, siblings=(), *, final=False, weight=1.0, imports=()
):
    OPS[name] = Op(
        name, domain, final, sample, text, code, apply, tuple(siblings), weight, tuple(imports)
    )


def _none(rng: random.Random) -> list:
    return []


def _int(low: int, high: int, avoid: tuple[int, ...] = ()) -> Callable[[random.Random], list]:
    def sample(rng: random.Random) -> list:
        while True:
            value = rng.randint(low, high)
            if value not in avoid:
                return [value]

    return sample


def _prefix_sums(xs: list[int]) -> list[int]:
    out, total = [], 0
    for x in xs:
        total += x
        out.append(total)
    return out


def _rotate(seq: Any, k: int) -> Any:
    if not seq:
        return seq
    k %= len(seq)
    return seq[k:] + seq[:k]


def _product_mod(xs: list[int], m: int) -> int:
    product = 1
    for x in xs:
        product = product * x % m
    return product % m


def _caesar(s: str, k: int) -> str:
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if "a" <= c <= "z" else c for c in s)


def _digit_sum(n: int) -> int:
    return sum(int(d) for d in str(abs(n)))


def _reverse_digits(n: int) -> int:
    sign = -1 if n < 0 else 1
    return sign * int(str(abs(n))[::-1])


# -- lists of integers -----------------------------------------------------------------------
_op(
    "mul",
    "list",
    _int(2, 5),
    lambda k: f"multiply every element by {k}",
    lambda k: f"xs = [x * {k} for x in xs]",
    lambda xs, k: [x * k for x in xs],
    ["add"],
)
_op(
    "add",
    "list",
    _int(-9, 9, (0,)),
    lambda k: f"add {k} to every element" if k > 0 else f"subtract {-k} from every element",
    lambda k: f"xs = [x + {k} for x in xs]",
    lambda xs, k: [x + k for x in xs],
    ["mul"],
)
_op(
    "mod",
    "list",
    _int(2, 9),
    lambda k: f"replace every element by its remainder modulo {k} (a number from 0 to {k - 1})",
    lambda k: f"xs = [x % {k} for x in xs]",
    lambda xs, k: [x % k for x in xs],
    ["mul"],
)
_op(
    "abs",
    "list",
    _none,
    lambda: "replace every element by its absolute value",
    lambda: "xs = [abs(x) for x in xs]",
    lambda xs: [abs(x) for x in xs],
    ["square"],
    weight=0.6,
)
_op(
    "square",
    "list",
    _none,
    lambda: "square every element",
    lambda: "xs = [x * x for x in xs]",
    lambda xs: [x * x for x in xs],
    ["abs"],
    weight=0.6,
)
_op(
    "keep_div",
    "list",
    _int(2, 5),
    lambda k: f"keep only the elements divisible by {k}",
    lambda k: f"xs = [x for x in xs if x % {k} == 0]",
    lambda xs, k: [x for x in xs if x % k == 0],
    ["drop_div"],
)
_op(
    "drop_div",
    "list",
    _int(2, 5),
    lambda k: f"remove the elements divisible by {k}",
    lambda k: f"xs = [x for x in xs if x % {k} != 0]",
    lambda xs, k: [x for x in xs if x % k != 0],
    ["keep_div"],
)
_op(
    "keep_gt",
    "list",
    _int(-5, 10),
    lambda k: f"keep only the elements greater than {k}",
    lambda k: f"xs = [x for x in xs if x > {k}]",
    lambda xs, k: [x for x in xs if x > k],
    ["keep_ge", "keep_lt"],
)
_op(
    "keep_ge",
    "list",
    _int(-5, 10),
    lambda k: f"keep only the elements of at least {k}",
    lambda k: f"xs = [x for x in xs if x >= {k}]",
    lambda xs, k: [x for x in xs if x >= k],
    ["keep_gt"],
    weight=0.5,
)
_op(
    "keep_lt",
    "list",
    _int(-5, 10),
    lambda k: f"keep only the elements less than {k}",
    lambda k: f"xs = [x for x in xs if x < {k}]",
    lambda xs, k: [x for x in xs if x < k],
    ["keep_gt"],
)
_op(
    "keep_odd",
    "list",
    _none,
    lambda: "keep only the odd elements",
    lambda: "xs = [x for x in xs if x % 2 == 1]",
    lambda xs: [x for x in xs if x % 2 == 1],
    ["keep_even"],
    weight=0.6,
)
_op(
    "keep_even",
    "list",
    _none,
    lambda: "keep only the even elements",
    lambda: "xs = [x for x in xs if x % 2 == 0]",
    lambda xs: [x for x in xs if x % 2 == 0],
    ["keep_odd"],
    weight=0.6,
)
_op(
    "sort",
    "list",
    _none,
    lambda: "sort the elements in increasing order",
    lambda: "xs = sorted(xs)",
    lambda xs: sorted(xs),
    ["sort_desc", "reverse"],
)
_op(
    "sort_desc",
    "list",
    _none,
    lambda: "sort the elements in decreasing order",
    lambda: "xs = sorted(xs, reverse=True)",
    lambda xs: sorted(xs, reverse=True),
    ["sort"],
)
_op(
    "reverse",
    "list",
    _none,
    lambda: "reverse the order of the elements",
    lambda: "xs = xs[::-1]",
    lambda xs: xs[::-1],
    ["sort"],
    weight=0.7,
)
_op(
    "take",
    "list",
    _int(1, 5),
    lambda k: f"keep only the first {k} elements (all of them if there are fewer)",
    lambda k: f"xs = xs[:{k}]",
    lambda xs, k: xs[:k],
    ["drop"],
)
_op(
    "drop",
    "list",
    _int(1, 3),
    lambda k: f"remove the first {k} elements (all of them if there are fewer)",
    lambda k: f"xs = xs[{k}:]",
    lambda xs, k: xs[k:],
    ["take"],
)
_op(
    "dedupe",
    "list",
    _none,
    lambda: "remove repeated values, keeping the first occurrence of each",
    lambda: "xs = list(dict.fromkeys(xs))",
    lambda xs: list(dict.fromkeys(xs)),
    ["sort"],
    weight=0.7,
)
_op(
    "prefix",
    "list",
    _none,
    lambda: "replace the list by its running totals (element i becomes the sum of the first i+1)",
    lambda: "xs = [sum(xs[:i + 1]) for i in range(len(xs))]",
    _prefix_sums,
    ["diffs"],
    weight=0.6,
)
_op(
    "diffs",
    "list",
    _none,
    lambda: (
        "replace the list by the differences of neighbours (each element minus the one "
        "before it), which is one element shorter (empty if the list had fewer than two)"
    ),
    lambda: "xs = [b - a for a, b in zip(xs, xs[1:])]",
    lambda xs: [b - a for a, b in itertools.pairwise(xs)],
    ["prefix"],
    weight=0.6,
)
_op(
    "clamp",
    "list",
    lambda rng: sorted(rng.sample(range(-6, 13), 2)),
    lambda lo, hi: f"clamp every element into the range from {lo} to {hi}",
    lambda lo, hi: f"xs = [min(max(x, {lo}), {hi}) for x in xs]",
    lambda xs, lo, hi: [min(max(x, lo), hi) for x in xs],
    ["mod"],
    weight=0.6,
)
_op(
    "rotate",
    "list",
    _int(1, 3),
    lambda k: (
        f"rotate the list left by {k} places (the first element moves to the end, "
        f"{k} times; an empty list stays empty)"
    ),
    lambda k: f"xs = xs[{k} % len(xs):] + xs[:{k} % len(xs)] if xs else xs",
    lambda xs, k: _rotate(xs, k),
    ["reverse"],
    weight=0.6,
)
_op(
    "every_other",
    "list",
    _none,
    lambda: "keep the elements at even positions (the first, third, fifth, ...)",
    lambda: "xs = xs[::2]",
    lambda xs: xs[::2],
    ["drop"],
    weight=0.6,
)
_op(
    "sum",
    "list",
    _none,
    lambda: "return the sum of the elements (0 if there are none)",
    lambda: "return sum(xs)",
    lambda xs: sum(xs),
    ["count"],
    final=True,
)
_op(
    "count",
    "list",
    _none,
    lambda: "return how many elements there are",
    lambda: "return len(xs)",
    lambda xs: len(xs),
    ["sum"],
    final=True,
)
_op(
    "max",
    "list",
    _int(-1, 0),
    lambda d: f"return the largest element, or {d} if there is none",
    lambda d: f"return max(xs, default={d})",
    lambda xs, d: max(xs, default=d),
    ["min"],
    final=True,
)
_op(
    "min",
    "list",
    _int(-1, 0),
    lambda d: f"return the smallest element, or {d} if there is none",
    lambda d: f"return min(xs, default={d})",
    lambda xs, d: min(xs, default=d),
    ["max"],
    final=True,
)
_op(
    "list",
    "list",
    _none,
    lambda: "return the resulting list",
    lambda: "return xs",
    lambda xs: list(xs),
    ["count"],
    final=True,
    weight=1.5,
)
_op(
    "prodmod",
    "list",
    _int(7, 97),
    lambda m: (
        f"return the product of the elements modulo {m} (a number from 0 to {m - 1}; "
        "the product of no elements is 1)"
    ),
    lambda m: f"return math.prod(xs) % {m}",
    _product_mod,
    ["sum"],
    final=True,
    weight=0.5,
    imports=["math"],
)
_op(
    "distinct",
    "list",
    _none,
    lambda: "return how many different values there are",
    lambda: "return len(set(xs))",
    lambda xs: len(set(xs)),
    ["count"],
    final=True,
    weight=0.6,
)

# -- strings ---------------------------------------------------------------------------------
_op(
    "lower",
    "text",
    _none,
    lambda: "make every letter lower case",
    lambda: "s = s.lower()",
    lambda s: s.lower(),
    ["upper"],
)
_op(
    "upper",
    "text",
    _none,
    lambda: "make every letter upper case",
    lambda: "s = s.upper()",
    lambda s: s.upper(),
    ["lower"],
)
_op(
    "swapcase",
    "text",
    _none,
    lambda: "swap the case of every letter",
    lambda: "s = s.swapcase()",
    lambda s: s.swapcase(),
    ["lower"],
    weight=0.6,
)
_op(
    "rev",
    "text",
    _none,
    lambda: "reverse the string",
    lambda: "s = s[::-1]",
    lambda s: s[::-1],
    ["srot"],
)
_op(
    "novowel",
    "text",
    _none,
    lambda: "remove every vowel (a, e, i, o, u in either case)",
    lambda: "s = ''.join(c for c in s if c not in 'aeiouAEIOU')",
    lambda s: "".join(c for c in s if c not in VOWELS),
    ["alpha"],
)
_op(
    "alpha",
    "text",
    _none,
    lambda: "remove every character that is not a letter",
    lambda: "s = ''.join(c for c in s if c.isalpha())",
    lambda s: "".join(c for c in s if c.isalpha()),
    ["novowel"],
)
_op(
    "replace",
    "text",
    lambda rng: rng.sample("abcdeno", 2),
    lambda a, b: f"replace every '{a}' by '{b}'",
    lambda a, b: f"s = s.replace({a!r}, {b!r})",
    lambda s, a, b: s.replace(a, b),
    ["novowel"],
)
_op(
    "srot",
    "text",
    _int(1, 4),
    lambda k: f"rotate the string left by {k} characters (an empty string stays empty)",
    lambda k: f"s = s[{k} % len(s):] + s[:{k} % len(s)] if s else s",
    lambda s, k: _rotate(s, k),
    ["rev"],
    weight=0.7,
)
_op(
    "caesar",
    "text",
    _int(1, 5),
    lambda k: (
        f"shift every lower-case letter {k} places forward in the alphabet, "
        "wrapping from z to a (other characters stay)"
    ),
    lambda k: (
        f"s = ''.join(chr((ord(c) - 97 + {k}) % 26 + 97) if 'a' <= c <= 'z' else c for c in s)"
    ),
    lambda s, k: _caesar(s, k),
    ["rev"],
    weight=0.7,
)
_op(
    "squeeze",
    "text",
    _none,
    lambda: "collapse every run of spaces into a single space",
    lambda: "s = re.sub(' +', ' ', s)",
    lambda s: re.sub(" +", " ", s),
    ["alpha"],
    weight=0.5,
    imports=["re"],
)
_op(
    "text",
    "text",
    _none,
    lambda: "return the resulting string",
    lambda: "return s",
    lambda s: s,
    ["tlen"],
    final=True,
    weight=1.5,
)
_op(
    "tlen",
    "text",
    _none,
    lambda: "return its length",
    lambda: "return len(s)",
    lambda s: len(s),
    ["text"],
    final=True,
)
_op(
    "countc",
    "text",
    lambda rng: [rng.choice("aeno ")],
    lambda c: f"return how many times '{c}' occurs in it",
    lambda c: f"return s.count({c!r})",
    lambda s, c: s.count(c),
    ["tlen"],
    final=True,
)
_op(
    "words",
    "text",
    _none,
    lambda: "return the number of words (runs of non-space characters)",
    lambda: "return len(s.split())",
    lambda s: len(s.split()),
    ["tlen"],
    final=True,
)
_op(
    "pal",
    "text",
    _none,
    lambda: "return whether it reads the same backwards (True or False)",
    lambda: "return s == s[::-1]",
    lambda s: s == s[::-1],
    ["tlen"],
    final=True,
    weight=0.5,
)

# -- integers --------------------------------------------------------------------------------
_op(
    "nmul",
    "number",
    _int(2, 7),
    lambda k: f"multiply the number by {k}",
    lambda k: f"n = n * {k}",
    lambda n, k: n * k,
    ["nadd"],
)
_op(
    "nadd",
    "number",
    _int(-20, 20, (0,)),
    lambda k: f"add {k} to the number" if k > 0 else f"subtract {-k} from the number",
    lambda k: f"n = n + {k}",
    lambda n, k: n + k,
    ["nmul"],
)
_op(
    "nfloor",
    "number",
    _int(2, 9),
    lambda k: f"divide the number by {k}, rounding down (towards minus infinity)",
    lambda k: f"n = n // {k}",
    lambda n, k: n // k,
    ["nmodn"],
)
_op(
    "nmodn",
    "number",
    _int(3, 50),
    lambda k: f"replace the number by its remainder modulo {k} (from 0 to {k - 1})",
    lambda k: f"n = n % {k}",
    lambda n, k: n % k,
    ["nfloor"],
)
_op(
    "digsum",
    "number",
    _none,
    lambda: "replace the number by the sum of the digits of its absolute value",
    lambda: "n = sum(int(d) for d in str(abs(n)))",
    _digit_sum,
    ["revdig"],
)
_op(
    "revdig",
    "number",
    _none,
    lambda: "reverse the digits of the number, keeping its sign (leading zeros vanish)",
    lambda: "n = (-1 if n < 0 else 1) * int(str(abs(n))[::-1])",
    _reverse_digits,
    ["digsum"],
)
_op(
    "nabs",
    "number",
    _none,
    lambda: "take the absolute value of the number",
    lambda: "n = abs(n)",
    lambda n: abs(n),
    ["digsum"],
    weight=0.5,
)
_op(
    "number",
    "number",
    _none,
    lambda: "return the number",
    lambda: "return n",
    lambda n: n,
    ["ndigits"],
    final=True,
    weight=1.5,
)
_op(
    "ndigits",
    "number",
    _none,
    lambda: "return how many digits its absolute value has",
    lambda: "return len(str(abs(n)))",
    lambda n: len(str(abs(n))),
    ["number"],
    final=True,
    weight=0.6,
)
_op(
    "neven",
    "number",
    _none,
    lambda: "return whether it is even (True or False)",
    lambda: "return n % 2 == 0",
    lambda n: n % 2 == 0,
    ["number"],
    final=True,
    weight=0.5,
)

# -- dicts from names to scores --------------------------------------------------------------
_op(
    "dgt",
    "dict",
    _int(0, 10),
    lambda k: f"keep only the entries whose score is greater than {k}",
    lambda k: f"d = {{k: v for k, v in d.items() if v > {k}}}",
    lambda d, k: {n: v for n, v in d.items() if v > k},
    ["dlt"],
)
_op(
    "dlt",
    "dict",
    _int(0, 10),
    lambda k: f"keep only the entries whose score is less than {k}",
    lambda k: f"d = {{k: v for k, v in d.items() if v < {k}}}",
    lambda d, k: {n: v for n, v in d.items() if v < k},
    ["dgt"],
)
_op(
    "dadd",
    "dict",
    _int(1, 9),
    lambda k: f"add {k} to every score",
    lambda k: f"d = {{k: v + {k} for k, v in d.items()}}",
    lambda d, k: {n: v + k for n, v in d.items()},
    ["dmul"],
)
_op(
    "dmul",
    "dict",
    _int(2, 4),
    lambda k: f"multiply every score by {k}",
    lambda k: f"d = {{k: v * {k} for k, v in d.items()}}",
    lambda d, k: {n: v * k for n, v in d.items()},
    ["dadd"],
)
_op(
    "dvowel",
    "dict",
    _none,
    lambda: "keep only the entries whose name starts with a vowel",
    lambda: "d = {k: v for k, v in d.items() if k[0] in 'aeiou'}",
    lambda d: {n: v for n, v in d.items() if n[0] in "aeiou"},
    ["dgt"],
    weight=0.6,
)
_op(
    "dkeys",
    "dict",
    _none,
    lambda: "return the names in alphabetical order",
    lambda: "return sorted(d)",
    lambda d: sorted(d),
    ["dtotal"],
    final=True,
)
_op(
    "dtotal",
    "dict",
    _none,
    lambda: "return the total of the scores (0 if there are none)",
    lambda: "return sum(d.values())",
    lambda d: sum(d.values()),
    ["dkeys"],
    final=True,
)
_op(
    "dbest",
    "dict",
    _none,
    lambda: (
        "return the name with the highest score (the alphabetically first among ties), "
        "or None if there are no entries"
    ),
    lambda: "return min(d, key=lambda k: (-d[k], k)) if d else None",
    lambda d: min(d, key=lambda n: (-d[n], n)) if d else None,
    ["dkeys"],
    final=True,
)
_op(
    "ddict",
    "dict",
    _none,
    lambda: "return the resulting dictionary",
    lambda: "return d",
    lambda d: dict(d),
    ["dtotal"],
    final=True,
    weight=1.2,
)

DOMAINS = {
    "list": ("process_list", "xs", "a list of integers `xs`"),
    "text": ("process_text", "s", "a string `s`"),
    "number": ("process_number", "n", "an integer `n`"),
    "dict": ("process_scores", "d", "a dictionary `d` from names (strings) to scores (integers)"),
}


@dataclass
class Program:
    """A function ``name(arg)``: its steps and final reducer, as ``[op, params]`` pairs."""

    domain: str
    steps: list[list[Any]] = field(default_factory=list)  # the last one is the reducer

    @property
    def function(self) -> str:
        return DOMAINS[self.domain][0]

    @property
    def arg(self) -> str:
        return DOMAINS[self.domain][1]

    def source(self) -> str:
        imports = sorted({m for name, _ in self.steps for m in OPS[name].imports})
        lines = [f"import {m}" for m in imports] + ["", ""] * bool(imports)
        lines.append(f"def {self.function}({self.arg}):")
        for name, params in self.steps:
            lines.append("    " + OPS[name].code(*params))
        return "\n".join(lines) + "\n"

    def spec(self) -> str:
        sentences = [OPS[name].text(*params) for name, params in self.steps]
        return "\n".join(f"{i}. {s[0].upper()}{s[1:]}." for i, s in enumerate(sentences, 1))

    def __call__(self, value: Any) -> Any:
        for name, params in self.steps:
            value = OPS[name].apply(value, *params)
        return value

    def to_json(self) -> dict[str, Any]:
        return {"domain": self.domain, "steps": [[n, list(p)] for n, p in self.steps]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Program:
        return cls(data["domain"], [[n, list(p)] for n, p in data["steps"]])


def _weighted(rng: random.Random, names: list[str]) -> str:
    return rng.choices(names, weights=[OPS[n].weight for n in names])[0]


def random_program(rng: random.Random, steps: int, domain: str | None = None) -> Program:
    """A program of ``steps`` transformations (no two equal in a row) and one reducer."""
    domain = domain or rng.choices(list(DOMAINS), weights=[5, 3, 2, 2])[0]
    middle = [n for n, op in OPS.items() if op.domain == domain and not op.final]
    finals = [n for n, op in OPS.items() if op.domain == domain and op.final]
    chosen: list[list[Any]] = []
    for _ in range(steps):
        options = [n for n in middle if not chosen or n != chosen[-1][0]]
        name = _weighted(rng, options)
        chosen.append([name, OPS[name].sample(rng)])
    final = _weighted(rng, finals)
    chosen.append([final, OPS[final].sample(rng)])
    return Program(domain, chosen)


def random_input(rng: random.Random, domain: str, size: int, edge: bool = False) -> Any:
    """An argument for a program of ``domain``; ``size`` bounds its length or magnitude."""
    if domain == "list":
        if edge:
            return rng.choice([[], [0], [rng.randint(-9, 9)], [5, 5, 5], [-3, -1, -2]])
        return [rng.randint(-9, 20) for _ in range(rng.randint(1, size))]
    if domain == "text":
        if edge:
            return rng.choice(["", " ", "a", "Aa", "noon", "  x  "])
        alphabet = "abcdenoru  AEB!7"
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, size)))
    if domain == "number":
        if edge:
            return rng.choice([0, 1, -1, 10, -100])
        return rng.randint(-(10 ** min(6, 1 + size // 10)), 10 ** min(6, 1 + size // 10))
    if edge:
        return rng.choice([{}, {"ada": 0}, {"bob": 3, "cy": 3}])
    names = rng.sample(NAMES, rng.randint(1, min(len(NAMES), max(2, size // 3))))
    return {n: rng.randint(0, 15) for n in names}


def call_repr(program: Program, value: Any) -> str:
    return f"{program.function}({value!r})"


def complexity(program: Program, size: int) -> float:
    """Steps dominate; input size adds a little (longer inputs, more cases to get right)."""
    return len(program.steps) + size / 100.0
