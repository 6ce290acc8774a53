"""Chemistry the science families share: formulas parsed into element counts, ionic
compounds built from ions, hydrocarbons and alcohols, a table of atomic masses, and
equations balanced to their lowest whole-number coefficients by exact elimination.

Atomic masses are IUPAC's abridged standard atomic weights (2021) to at most three
decimals; a prompt that needs them states those it uses.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from math import gcd, lcm

MASSES: dict[str, Fraction] = {
    symbol: Fraction(text)
    for symbol, text in (
        ("H", "1.008"), ("C", "12.011"), ("N", "14.007"), ("O", "15.999"), ("F", "18.998"),
        ("Na", "22.990"), ("Mg", "24.305"), ("Al", "26.982"), ("Si", "28.085"),
        ("P", "30.974"), ("S", "32.06"), ("Cl", "35.45"), ("K", "39.098"),
        ("Ca", "40.078"), ("Cr", "51.996"), ("Mn", "54.938"), ("Fe", "55.845"),
        ("Cu", "63.546"), ("Zn", "65.38"), ("Br", "79.904"), ("Ag", "107.868"),
        ("I", "126.904"), ("Ba", "137.327"), ("Pb", "207.2"), ("Li", "6.94"),
    )
}  # fmt: skip

# (formula, charge, name); cations then anions; simple (one element) ions first
CATIONS = [
    ("Na", 1), ("K", 1), ("Li", 1), ("Ag", 1), ("Mg", 2), ("Ca", 2), ("Ba", 2), ("Zn", 2),
    ("Cu", 2), ("Pb", 2), ("Fe", 3), ("Al", 3), ("Cr", 3), ("NH4", 1),
]  # fmt: skip
ANIONS = [
    ("Cl", -1), ("Br", -1), ("I", -1), ("F", -1), ("O", -2), ("S", -2), ("N", -3),
    ("OH", -1), ("NO3", -1), ("SO4", -2), ("CO3", -2), ("PO4", -3),
]  # fmt: skip
_TOKEN = re.compile(r"([A-Z][a-z]?)(\d*)|(\()|(\))(\d*)")


def is_polyatomic(ion: str) -> bool:
    """Whether an ion's formula has more than one element symbol or atom."""
    return len(re.findall(r"[A-Z]", ion)) > 1 or any(ch.isdigit() for ch in ion)


def parse_formula(formula: str) -> Counter[str]:
    """Element counts of a formula with parentheses (``Ca3(PO4)2`` -> Ca 3, P 2, O 8)."""
    stack: list[Counter[str]] = [Counter()]
    pos = 0
    while pos < len(formula):
        match = _TOKEN.match(formula, pos)
        if match is None:
            raise ValueError(f"bad formula {formula!r}")
        if match.group(1):
            stack[-1][match.group(1)] += int(match.group(2) or 1)
        elif match.group(3):
            stack.append(Counter())
        else:
            inner = stack.pop()
            for element, count in inner.items():
                stack[-1][element] += count * int(match.group(5) or 1)
        pos = match.end()
    if len(stack) != 1:
        raise ValueError(f"unbalanced parentheses in {formula!r}")
    return stack[0]


def ionic(cation: tuple[str, int], anion: tuple[str, int]) -> str:
    """The neutral formula of two ions (``Al``3+ and ``SO4``2- -> ``Al2(SO4)3``)."""
    (cat, plus), (an, minus) = cation, anion
    minus = -minus
    common = lcm(plus, minus)
    n_cat, n_an = common // plus, common // minus

    def part(ion: str, n: int) -> str:
        if n == 1:
            return ion
        return f"({ion}){n}" if is_polyatomic(ion) else f"{ion}{n}"

    return part(cat, n_cat) + part(an, n_an)


def organic(c: int, h: int, o: int) -> str:
    """``C3H8O`` from atom counts (counts of 1 unwritten, O left out when 0)."""
    text = f"C{c if c > 1 else ''}H{h}"
    if o:
        text += f"O{o if o > 1 else ''}"
    return text


def formula_mass(formula: str) -> Fraction:
    """The molar mass of a formula in g/mol from :data:`MASSES`, exactly."""
    return sum((MASSES[e] * n for e, n in parse_formula(formula).items()), Fraction(0))


def balance(reactants: list[str], products: list[str]) -> list[int] | None:
    """The lowest positive whole-number coefficients that balance every element, or None
    when the equation has no such coefficients or more than one independent balance."""
    species = [parse_formula(f) for f in reactants + products]
    elements = sorted({e for s in species for e in s})
    sign = [1] * len(reactants) + [-1] * len(products)
    rows = [[Fraction(sign[j] * s.get(e, 0)) for j, s in enumerate(species)] for e in elements]
    cols = len(species)
    pivots: list[int] = []
    r = 0
    for c in range(cols):
        pivot = next((i for i in range(r, len(rows)) if rows[i][c] != 0), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        head = rows[r][c]
        rows[r] = [x / head for x in rows[r]]
        for i in range(len(rows)):
            if i != r and rows[i][c] != 0:
                factor = rows[i][c]
                rows[i] = [a - factor * b for a, b in zip(rows[i], rows[r], strict=True)]
        pivots.append(c)
        r += 1
    free = [c for c in range(cols) if c not in pivots]
    if len(free) != 1:
        return None
    (f,) = free
    vector = [Fraction(0)] * cols
    vector[f] = Fraction(1)
    for i, c in enumerate(pivots):
        vector[c] = -rows[i][f]
    if all(v < 0 for v in vector):
        vector = [-v for v in vector]
    if any(v <= 0 for v in vector):
        return None
    scale = lcm(*(v.denominator for v in vector))
    ints = [int(v * scale) for v in vector]
    divisor = gcd(*ints)
    return [v // divisor for v in ints]


def equation_text(reactants: list[str], products: list[str]) -> str:
    """``H2 + O2 -> H2O``."""
    return f"{' + '.join(reactants)} -> {' + '.join(products)}"


def random_compound(rng: random.Random, level: int) -> tuple[str, tuple[str, int], tuple[str, int]]:
    """An ionic compound from ions allowed at ``level`` (1: charge 1 and one-atom ions; 2:
    charges to 2; 3: charges to 3; 4: polyatomic ions too)."""
    cations = [c for c in CATIONS if abs(c[1]) <= min(level, 3) and (level >= 4 or c[0] != "NH4")]
    anions = [
        a for a in ANIONS if abs(a[1]) <= min(level, 3) and (level >= 4 or not is_polyatomic(a[0]))
    ]
    cat, an = rng.choice(cations), rng.choice(anions)
    return ionic(cat, an), cat, an
