"""The cross-family link catalog of Compose: typed skills from eight areas.

Areas and types (``source -> target``):

* **arithmetic** (int -> int): plus, minus, times, exact division, square, affine map;
* **number theory** (int -> int): remainder, digit sum, divisor count, gcd, digit reversal,
  binary 1-bits, largest prime factor, next prime, Euler's totient;
* **rationals**: int -> rational (a fraction that is not whole), rational -> rational (plus,
  times a fraction, reciprocal), rational -> int (numerator plus denominator, floor);
* **strings**: int -> str (binary, base b, digits as letters, a word rotated by the number),
  str -> str (a selection of :mod:`.string_ops`), str -> int (read as binary, length,
  distinct characters, letter-position sum, vowels), str -> list (letter positions);
* **lists** (list[int]): int -> list (digits, divisors, multiples), list -> list (sort,
  reverse, running totals, differences, add to each, keep odd), list -> int (sum, max,
  min, length, alternating sum, k-th element, count above k);
* **graphs** (graph): int -> graph (cycle, divisibility, coprimality graphs on 1..n with n
  set by the number modulo 10 or 8; the graph on 5 vertices whose edges are the number's
  binary digits),
  graph -> graph (complement), graph -> int (edges, triangles, components, maximum degree,
  odd-degree vertices, diameter);
* **grids** (grid, 4 x 4 of filled/empty cells): int -> grid (binary digits), grid -> grid
  (Game of Life step, rotation, mirror), grid -> int (filled cells, regions, read back);
* **puzzles** (int -> int): Tower of Hanoi moves, Josephus survivor, domino tilings of a
  2 x n board, coin change ways, handshakes, lattice paths.

Each skill's text is a noun phrase in ``{x}`` (the input). ``level`` (the per-link
difficulty, 1..3) scales the constants (:func:`constant`) and unlocks the harder skills
(``min_level``). Every function is exact (integers and Fractions), small-input only (see
:func:`.skills.fits`), and raises :class:`.skills.Undefined` outside its domain.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rlvr_envs.families.compose.skills import (
    GRAPH,
    GRID,
    INT,
    INT_LIST,
    MAX_LIST,
    RATIONAL,
    STR,
    Graph,
    Skill,
    Undefined,
    rational,
)
from rlvr_envs.families.compose.string_ops import STRING_OPS_BY_NAME

Params = dict[str, Any] | None
_RANGES = {1: (2, 9), 2: (5, 30), 3: (11, 99)}


def constant(rng: random.Random, level: int) -> int:
    """A constant for a link at ``level``: 2..9, 5..30 or 11..99."""
    return rng.randint(*_RANGES[level])


def _need(condition: bool) -> None:
    if not condition:
        raise Undefined("outside the skill's domain")


def _k(rng: random.Random, value: Any, level: int) -> Params:
    return {"k": constant(rng, level)}


def _when(test: Callable[[Any], bool]) -> Callable[[random.Random, Any, int], Params]:
    def sampler(rng: random.Random, value: Any, level: int) -> Params:
        return {} if test(value) else None

    return sampler


# -- arithmetic and number theory ---------------------------------------------------------


def _sub(rng: random.Random, value: int, level: int) -> Params:
    k = constant(rng, level)
    return {"k": k} if value > k else None


def _div(rng: random.Random, value: int, level: int) -> Params:
    divisors = [d for d in range(2, 10 + 10 * level) if value % d == 0 and value > d]
    return {"k": rng.choice(divisors)} if divisors else None


def _div_exact(n: int, k: int) -> int:
    _need(n % k == 0)
    return n // k


def _affine(rng: random.Random, value: int, level: int) -> Params:
    return {"a": rng.randint(2, 2 + 3 * level), "b": constant(rng, level)}


def _mod(rng: random.Random, value: int, level: int) -> Params:
    k = constant(rng, level) + 1
    return {"k": k} if value > k else None


def _gcd(rng: random.Random, value: int, level: int) -> Params:
    if value < 2:
        return None
    base = constant(rng, level)
    return {"k": base * rng.randint(1, 12)}


def divisor_count(n: int) -> int:
    _need(n >= 1)
    count, d = 0, 1
    while d * d <= n:
        if n % d == 0:
            count += 1 if d * d == n else 2
        d += 1
    return count


def largest_prime_factor(n: int) -> int:
    _need(n >= 2)
    largest, d = 1, 2
    while d * d <= n:
        while n % d == 0:
            largest, n = d, n // d
        d += 1
    return max(largest, n) if n > 1 else largest


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


def next_prime(n: int) -> int:
    _need(n <= 10**5)
    candidate = n + 1
    while not is_prime(candidate):
        candidate += 1
    return candidate


def totient(n: int) -> int:
    _need(1 <= n <= 10**5)
    result, m, d = n, n, 2
    while d * d <= m:
        if m % d == 0:
            while m % d == 0:
                m //= d
            result -= result // d
        d += 1
    if m > 1:
        result -= result // m
    return result


def _reverse_digits(n: int) -> int:
    return int(str(n)[::-1])


# -- rationals ----------------------------------------------------------------------------


def _frac_of(rng: random.Random, value: int, level: int) -> Params:
    options = [k for k in range(2, 4 + 4 * level) if value % k]
    return {"k": rng.choice(options)} if value >= 1 and options else None


def _frac_param(rng: random.Random, level: int) -> list[int]:
    q = rng.randint(2, 3 + 3 * level)
    p = rng.randint(1, 2 * q)
    while math.gcd(p, q) != 1 or p % q == 0:
        p = rng.randint(1, 2 * q)
    return [p, q]


def _frac_k(rng: random.Random, value: Fraction, level: int) -> Params:
    return {"f": _frac_param(rng, level)}


def _add_frac(x: Fraction, f: list[int]) -> Fraction:
    return x + rational(f)


def _mul_frac(x: Fraction, f: list[int]) -> Fraction:
    return x * rational(f)


def _reciprocal(x: Fraction) -> Fraction:
    _need(x != 0)
    return 1 / x


def _floor(x: Fraction) -> int:
    _need(x >= 0)
    return math.floor(x)


def _num_plus_den(x: Fraction) -> int:
    _need(x >= 0)
    return x.numerator + x.denominator


# -- strings ------------------------------------------------------------------------------

_WORDS = (
    "lantern",
    "compass",
    "orchid",
    "quartz",
    "velvet",
    "pyramid",
    "falcon",
    "harbor",
    "nimbus",
    "tundra",
    "jasmine",
    "cobalt",
    "meadow",
    "walrus",
    "kingdom",
    "pepper",
)


def _to_base(n: int, b: int) -> str:
    _need(n >= 1)
    digits = []
    while n:
        n, r = divmod(n, b)
        digits.append("0123456789"[r])
    return "".join(reversed(digits))


def _base(rng: random.Random, value: int, level: int) -> Params:
    return {"b": rng.randint(3, 4 + 2 * level)} if value >= 1 else None


def _word(rng: random.Random, value: int, level: int) -> Params:
    return {"w": rng.choice(_WORDS)}


def _rotate_word(n: int, w: str) -> str:
    r = n % len(w)
    return w[r:] + w[:r]


def _from_binary(s: str) -> int:
    _need(set(s) <= {"0", "1"} and len(s) <= 20)
    return int(s, 2)


def _letter_sum(s: str) -> int:
    return sum(ord(c) - 96 for c in s.lower() if "a" <= c <= "z")


def _letter_positions(s: str) -> tuple[int, ...]:
    _need(s.isalpha() and len(s) <= MAX_LIST)
    return tuple(ord(c) - 96 for c in s.lower())


# -- lists --------------------------------------------------------------------------------


def _digits(n: int) -> tuple[int, ...]:
    _need(n >= 10)
    return tuple(int(c) for c in str(n))


def _divisors(n: int) -> tuple[int, ...]:
    _need(2 <= n <= 10**4)
    found = tuple(d for d in range(1, n + 1) if n % d == 0)
    _need(len(found) <= MAX_LIST)
    return found


def _multiples(rng: random.Random, value: int, level: int) -> Params:
    return {"k": rng.randint(3, 3 + level)} if 1 <= value <= 10**4 else None


def _diffs(xs: tuple[int, ...]) -> tuple[int, ...]:
    _need(len(xs) >= 2)
    return tuple(b - a for a, b in itertools.pairwise(xs))


def _running(xs: tuple[int, ...]) -> tuple[int, ...]:
    out, total = [], 0
    for x in xs:
        total += x
        out.append(total)
    return tuple(out)


def _keep_odd(xs: tuple[int, ...]) -> tuple[int, ...]:
    kept = tuple(x for x in xs if x % 2)
    _need(bool(kept))
    return kept


def _nonneg(x: int) -> int:
    _need(x >= 0)
    return x


def _nth(rng: random.Random, value: tuple[int, ...], level: int) -> Params:
    return {"k": rng.randint(1, len(value))} if len(value) >= 2 else None


def _nth_fn(xs: tuple[int, ...], k: int) -> int:
    _need(len(xs) >= k)
    return _nonneg(xs[k - 1])


def _above(rng: random.Random, value: tuple[int, ...], level: int) -> Params:
    ordered = sorted(value)
    return {"k": ordered[len(ordered) // 2]} if len(value) >= 3 else None


def _alt_sum(xs: tuple[int, ...]) -> int:
    return _nonneg(sum(x if i % 2 == 0 else -x for i, x in enumerate(xs)))


# -- graphs -------------------------------------------------------------------------------


def _cycle(x: int) -> Graph:
    n = 3 + x % 10
    return Graph.from_edges(n, [(i, i % n + 1) for i in range(1, n + 1)])


def _divisibility(x: int) -> Graph:
    n = 3 + x % 10
    return Graph.from_edges(
        n, [(i, j) for i in range(1, n + 1) for j in range(i + 1, n + 1) if j % i == 0]
    )


def _coprime(x: int) -> Graph:
    n = 3 + x % 8
    return Graph.from_edges(
        n, [(i, j) for i in range(1, n + 1) for j in range(i + 1, n + 1) if math.gcd(i, j) == 1]
    )


_PAIRS5 = [(i, j) for i in range(1, 6) for j in range(i + 1, 6)]


def _bits_graph(n: int) -> Graph:
    _need(1 <= n < 2 ** len(_PAIRS5))
    return Graph.from_edges(5, [pair for k, pair in enumerate(_PAIRS5) if n >> k & 1])


def _complement(g: Graph) -> Graph:
    present = set(g.edges)
    return Graph.from_edges(
        g.n,
        [(i, j) for i in range(1, g.n + 1) for j in range(i + 1, g.n + 1) if (i, j) not in present],
    )


def _distances(g: Graph, source: int) -> dict[int, int]:
    adjacency = g.neighbours()
    seen = {source: 0}
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in adjacency[u]:
            if v not in seen:
                seen[v] = seen[u] + 1
                queue.append(v)
    return seen


def _components(g: Graph) -> int:
    seen: set[int] = set()
    count = 0
    for v in range(1, g.n + 1):
        if v not in seen:
            count += 1
            seen.update(_distances(g, v))
    return count


def _diameter(g: Graph) -> int:
    return max(max(_distances(g, v).values()) for v in range(1, g.n + 1))


def _triangles(g: Graph) -> int:
    adjacency = [set(ns) for ns in g.neighbours()]
    return sum(len(adjacency[u] & adjacency[v]) for u, v in g.edges) // 3


def _degrees(g: Graph) -> list[int]:
    return [len(ns) for ns in g.neighbours()[1:]]


def _has_edges(g: Graph) -> bool:
    return bool(g.edges)


# -- grids --------------------------------------------------------------------------------

SIDE = 4


def _bits_grid(n: int) -> tuple[tuple[int, ...], ...]:
    _need(1 <= n < 2 ** (SIDE * SIDE))
    bits = [int(c) for c in format(n, f"0{SIDE * SIDE}b")]
    return tuple(tuple(bits[r * SIDE : (r + 1) * SIDE]) for r in range(SIDE))


def _read_bits(grid: tuple[tuple[int, ...], ...]) -> int:
    return int("".join(str(c) for row in grid for c in row), 2)


def _life(grid: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    rows, cols = len(grid), len(grid[0])

    def alive(r: int, c: int) -> int:
        return grid[r][c] if 0 <= r < rows and 0 <= c < cols else 0

    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            around = sum(
                alive(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc
            )
            row.append(1 if around == 3 or (grid[r][c] and around == 2) else 0)
        out.append(tuple(row))
    return tuple(out)


def _rotate(grid: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in zip(*grid[::-1]))


def _mirror(grid: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(row[::-1] for row in grid)


def _filled(grid: tuple[tuple[int, ...], ...]) -> int:
    return sum(map(sum, grid))


def _regions(grid: tuple[tuple[int, ...], ...]) -> int:
    rows, cols = len(grid), len(grid[0])
    seen: set[tuple[int, int]] = set()
    count = 0
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] and (r, c) not in seen:
                count += 1
                stack = [(r, c)]
                seen.add((r, c))
                while stack:
                    y, x = stack.pop()
                    for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                        inside = 0 <= ny < rows and 0 <= nx < cols
                        if inside and grid[ny][nx] and (ny, nx) not in seen:
                            seen.add((ny, nx))
                            stack.append((ny, nx))
    return count


# -- puzzles ------------------------------------------------------------------------------


def _hanoi(n: int) -> int:
    _need(1 <= n <= 19)
    return 2**n - 1


def josephus(n: int, k: int) -> int:
    """Survivor of n people in a circle, every k-th removed, counting from person 1."""
    _need(1 <= n <= 2000)
    survivor = 0
    for size in range(2, n + 1):
        survivor = (survivor + k) % size
    return survivor + 1


def _josephus(rng: random.Random, value: int, level: int) -> Params:
    return {"k": rng.randint(2, 1 + 2 * level)} if 2 <= value <= 2000 else None


def _dominoes(n: int) -> int:
    _need(1 <= n <= 28)
    a, b = 1, 1
    for _ in range(n - 1):
        a, b = b, a + b
    return b


def _coins(n: int) -> int:
    _need(1 <= n <= 1500)
    ways = [1] + [0] * n
    for coin in (1, 2, 5):
        for total in range(coin, n + 1):
            ways[total] += ways[total - coin]
    return ways[n]


def _handshakes(n: int) -> int:
    _need(2 <= n <= 1414)
    return n * (n - 1) // 2


def _lattice(rng: random.Random, value: int, level: int) -> Params:
    return {"k": rng.randint(1, 1 + level)} if 1 <= value <= 60 else None


def _lattice_fn(n: int, k: int) -> int:
    _need(1 <= n <= 60)
    return math.comb(n + k, k)


def _s(name: str, area: str, source: str, target: str, text: str, fn: Any, **kw: Any) -> Skill:
    return Skill(name, area, source, target, text, fn, **kw)


_STRING_LINKS = (
    "reverse",
    "caesar",
    "swapcase",
    "sort_asc",
    "dedupe",
    "rotate_left",
    "atbash",
    "riffle",
    "swap_pairs",
    "remove_vowels",
)

# fmt: off
LINKS: list[Skill] = [
    # arithmetic
    _s("add", "arithmetic", INT, INT, "{x} plus {k}", lambda n, k: n + k, params=_k),
    _s("subtract", "arithmetic", INT, INT, "{x} minus {k}", lambda n, k: _nonneg(n - k),
       params=_sub),
    _s("multiply", "arithmetic", INT, INT, "{x} times {k}", lambda n, k: n * k, params=_k),
    _s("divide", "arithmetic", INT, INT, "{x} divided by {k} (it divides exactly)",
       _div_exact, params=_div),
    _s("square", "arithmetic", INT, INT, "the square of {x}", lambda n: n * n,
       params=_when(lambda n: 2 <= n <= 1000)),
    _s("affine", "arithmetic", INT, INT, "{a} times {x}, plus {b}", lambda n, a, b: a * n + b,
       params=_affine, weight=1.5, min_level=2),
    # number theory
    _s("mod", "number theory", INT, INT, "the remainder when {x} is divided by {k}",
       lambda n, k: n % k, params=_mod, weight=1.5),
    _s("digit_sum", "number theory", INT, INT, "the sum of the decimal digits of {x}",
       lambda n: sum(map(int, str(n))), params=_when(lambda n: n >= 10)),
    _s("divisor_count", "number theory", INT, INT,
       "the number of positive divisors of {x}", divisor_count,
       params=_when(lambda n: n >= 2), weight=2.0),
    _s("gcd", "number theory", INT, INT, "the greatest common divisor of {x} and {k}",
       lambda n, k: math.gcd(n, k), params=_gcd, weight=2.0),
    _s("reverse_digits", "number theory", INT, INT,
       "the number written with the decimal digits of {x} in reverse order (leading zeros "
       "dropped)", _reverse_digits, params=_when(lambda n: n >= 10)),
    _s("popcount", "number theory", INT, INT,
       "the number of 1s in the binary representation of {x}", lambda n: bin(n).count("1"),
       params=_when(lambda n: n >= 3), weight=1.5),
    _s("largest_prime_factor", "number theory", INT, INT, "the largest prime factor of {x}",
       largest_prime_factor, params=_when(lambda n: n >= 4), weight=2.0,
       min_level=2),
    _s("next_prime", "number theory", INT, INT, "the smallest prime number greater than {x}",
       next_prime, params=_when(lambda n: n <= 10**5), weight=1.5),
    _s("totient", "number theory", INT, INT,
       "the number of integers from 1 to {x} that have no common factor with {x} other "
       "than 1", totient, params=_when(lambda n: 3 <= n <= 10**5), weight=2.5,
       min_level=3),
    # rationals
    _s("fraction", "rationals", INT, RATIONAL, "{x} divided by {k}, as an exact fraction",
       lambda n, k: Fraction(n, k), params=_frac_of, weight=1.5),
    _s("add_fraction", "rationals", RATIONAL, RATIONAL, "{x} plus {f[0]}/{f[1]}", _add_frac,
       params=_frac_k, weight=2.0),
    _s("multiply_fraction", "rationals", RATIONAL, RATIONAL, "{x} times {f[0]}/{f[1]}",
       _mul_frac, params=_frac_k, weight=2.0),
    _s("reciprocal", "rationals", RATIONAL, RATIONAL, "1 divided by {x}", _reciprocal,
       params=_when(lambda x: x != 0 and x.numerator != 1), weight=1.5),
    _s("num_plus_den", "rationals", RATIONAL, INT,
       "the numerator plus the denominator of {x} in lowest terms", _num_plus_den,
       params=_when(lambda x: x.denominator > 1), weight=1.5),
    _s("floor", "rationals", RATIONAL, INT, "the largest whole number not greater than {x}",
       _floor, params=_when(lambda x: x.denominator > 1 and x > 1)),
    # strings
    _s("binary", "strings", INT, STR, "{x} written in binary (no prefix)",
       lambda n: _to_base(n, 2), params=_when(lambda n: 2 <= n < 2**20)),
    _s("base", "strings", INT, STR, "{x} written in base {b}", _to_base, params=_base,
       weight=2.0),
    _s("digit_letters", "strings", INT, STR,
       "{x} with each decimal digit d written as the (d+1)-th letter of the alphabet "
       "(0 as a, 1 as b, ..., 9 as j)",
       lambda n: "".join("abcdefghij"[int(c)] for c in str(n))),
    _s("rotate_word", "strings", INT, STR,
       'the word "{w}" with its first r letters moved to the end, where r is the remainder '
       'when {x} is divided by the length of "{w}"', _rotate_word, params=_word,
       weight=2.0),
    *(STRING_OPS_BY_NAME[name] for name in _STRING_LINKS),
    _s("from_binary", "strings", STR, INT, "the number whose binary representation is {x}",
       _from_binary, params=_when(lambda s: set(s) <= {"0", "1"} and len(s) <= 20),
       weight=1.5),
    _s("length", "strings", STR, INT, "the number of characters of {x}", len),
    _s("distinct", "strings", STR, INT, "the number of different characters in {x} "
       "(case-sensitive)", lambda s: len(set(s))),
    _s("letter_sum", "strings", STR, INT,
       "the sum of the alphabet positions of the letters of {x} (a = 1, ..., z = 26, case "
       "ignored; digits count 0)", _letter_sum,
       params=_when(lambda s: any(c.isalpha() for c in s)), weight=2.0),
    _s("vowels", "strings", STR, INT, "the number of vowels (a, e, i, o, u, either case) in {x}",
       lambda s: sum(c in "aeiouAEIOU" for c in s),
       params=_when(lambda s: any(c in "aeiouAEIOU" for c in s))),
    _s("letter_positions", "strings", STR, INT_LIST,
       "the list of the alphabet positions of the letters of {x}, in order (a = 1, ..., "
       "z = 26, case ignored)", _letter_positions,
       params=_when(lambda s: s.isalpha() and len(s) <= MAX_LIST), weight=1.5),
    # lists
    _s("digits", "lists", INT, INT_LIST, "the list of the decimal digits of {x}, in order",
       _digits, params=_when(lambda n: n >= 10)),
    _s("divisors", "lists", INT, INT_LIST,
       "the list of the positive divisors of {x}, in increasing order", _divisors,
       params=_when(lambda n: 2 <= n <= 10**4), weight=2.0),
    _s("multiples", "lists", INT, INT_LIST, "the list of the first {k} positive multiples of "
       "{x}, in increasing order", lambda n, k: tuple(n * i for i in range(1, k + 1)),
       params=_multiples),
    _s("sort_list", "lists", INT_LIST, INT_LIST, "{x} sorted in increasing order",
       lambda xs: tuple(sorted(xs))),
    _s("reverse_list", "lists", INT_LIST, INT_LIST, "{x} in reverse order",
       lambda xs: xs[::-1]),
    _s("running_totals", "lists", INT_LIST, INT_LIST,
       "the running totals of {x} (the i-th entry is the sum of the first i entries)",
       _running, weight=1.5),
    _s("differences", "lists", INT_LIST, INT_LIST,
       "the list of differences of consecutive entries of {x} (second minus first, third "
       "minus second, ...)", _diffs, params=_when(lambda xs: len(xs) >= 2),
       weight=1.5),
    _s("add_each", "lists", INT_LIST, INT_LIST, "{x} with {k} added to every entry",
       lambda xs, k: tuple(x + k for x in xs), params=_k),
    _s("keep_odd", "lists", INT_LIST, INT_LIST, "the odd entries of {x}, in order", _keep_odd),
    _s("sum", "lists", INT_LIST, INT, "the sum of the entries of {x}",
       lambda xs: _nonneg(sum(xs))),
    _s("max", "lists", INT_LIST, INT, "the largest entry of {x}", lambda xs: _nonneg(max(xs)),
       params=_when(lambda xs: len(xs) >= 2)),
    _s("min", "lists", INT_LIST, INT, "the smallest entry of {x}", lambda xs: _nonneg(min(xs)),
       params=_when(lambda xs: len(xs) >= 2)),
    _s("count", "lists", INT_LIST, INT, "the number of entries of {x}", len),
    _s("alternating_sum", "lists", INT_LIST, INT,
       "the first entry of {x} minus the second, plus the third, minus the fourth, and so on",
       _alt_sum, params=_when(lambda xs: len(xs) >= 2), weight=1.5),
    _s("nth", "lists", INT_LIST, INT, "the entry at position {k} of {x} (counting from 1)",
       _nth_fn, params=_nth),
    _s("count_above", "lists", INT_LIST, INT, "the number of entries of {x} greater than {k}",
       lambda xs, k: sum(x > k for x in xs), params=_above, weight=1.5),
    # graphs
    _s("cycle_graph", "graphs", INT, GRAPH,
       "the cycle graph on the vertices 1, ..., n, where n is 3 plus the remainder when {x} "
       "is divided by 10 (each vertex i is joined to i + 1, and n to 1)", _cycle),
    _s("divisibility_graph", "graphs", INT, GRAPH,
       "the graph on the vertices 1, ..., n, where n is 3 plus the remainder when {x} is "
       "divided by 10, in which two different vertices are joined when the smaller divides "
       "the larger", _divisibility, weight=1.5),
    _s("coprime_graph", "graphs", INT, GRAPH,
       "the graph on the vertices 1, ..., n, where n is 3 plus the remainder when {x} is "
       "divided by 8, in which two different vertices are joined when their greatest common "
       "divisor is 1", _coprime, weight=1.5),
    _s("bits_graph", "graphs", INT, GRAPH,
       "the graph on the vertices 1, ..., 5 that has the k-th of the edges 1-2, 1-3, 1-4, "
       "1-5, 2-3, 2-4, 2-5, 3-4, 3-5, 4-5 exactly when the k-th binary digit of {x}, counted "
       "from the right, is 1", _bits_graph, params=_when(lambda n: 1 <= n < 1024),
       weight=2.0),
    _s("complement", "graphs", GRAPH, GRAPH,
       "the complement of {x} (the same vertices; two different vertices are joined exactly "
       "when they are not joined in {x})", _complement, weight=2.0, min_level=2),
    _s("edges", "graphs", GRAPH, INT, "the number of edges of {x}", lambda g: len(g.edges),
       params=_when(_has_edges)),
    _s("triangles", "graphs", GRAPH, INT,
       "the number of triangles (sets of three pairwise joined vertices) in {x}", _triangles,
       params=_when(lambda g: _triangles(g) > 0), weight=2.0),
    _s("components", "graphs", GRAPH, INT, "the number of connected components of {x}",
       _components, weight=1.5),
    _s("max_degree", "graphs", GRAPH, INT,
       "the largest number of edges at one vertex of {x}", lambda g: max(_degrees(g)),
       params=_when(_has_edges)),
    _s("odd_degree", "graphs", GRAPH, INT,
       "the number of vertices of {x} at which an odd number of edges meet",
       lambda g: sum(d % 2 for d in _degrees(g)), weight=1.5),
    _s("diameter", "graphs", GRAPH, INT,
       "the largest distance (edges on a shortest path) between two vertices of {x} that "
       "are connected", _diameter, params=_when(_has_edges), weight=2.5,
       min_level=2),
    # grids
    _s("bits_grid", "grids", INT, GRID,
       "the 4 x 4 grid whose cells, read row by row from the top left, are the 16 binary "
       "digits of {x} (leading zeros added; 1 = filled, 0 = empty)", _bits_grid,
       params=_when(lambda n: 1 <= n < 2**16), weight=1.5),
    _s("life_step", "grids", GRID, GRID,
       "{x} after one step of Conway's Game of Life (a filled cell stays filled with 2 or 3 "
       "filled neighbours, an empty cell becomes filled with exactly 3; neighbours include "
       "diagonals; cells outside the grid are empty)", _life,
       params=_when(lambda g: _filled(_life(g)) > 0), weight=3.0, min_level=2),
    _s("rotate_grid", "grids", GRID, GRID, "{x} rotated 90 degrees clockwise", _rotate,
       weight=1.5),
    _s("mirror_grid", "grids", GRID, GRID, "{x} mirrored left to right", _mirror),
    _s("filled", "grids", GRID, INT, "the number of filled cells of {x}", _filled),
    _s("regions", "grids", GRID, INT,
       "the number of groups of filled cells of {x} connected through shared sides", _regions,
       params=_when(lambda g: _filled(g) > 0), weight=2.0),
    _s("read_bits", "grids", GRID, INT,
       "the number whose binary digits are the cells of {x} read row by row from the top "
       "left (filled = 1, empty = 0)", _read_bits, params=_when(lambda g: _filled(g) > 0),
       weight=1.5),
    # puzzles
    _s("hanoi", "puzzles", INT, INT,
       "the smallest number of moves that solves the Tower of Hanoi puzzle with {x} disks",
       _hanoi, params=_when(lambda n: 1 <= n <= 19), weight=1.5),
    _s("josephus", "puzzles", INT, INT,
       "the number of the last person left when people 1, ..., {x} stand in a circle and "
       "count around it from person 1: whoever says {k} leaves the circle, and the next "
       "person starts again at 1", josephus, params=_josephus, weight=3.0, min_level=2),
    _s("dominoes", "puzzles", INT, INT,
       "the number of ways to tile a 2 x {x} board with 1 x 2 dominoes", _dominoes,
       params=_when(lambda n: 1 <= n <= 28), weight=2.0),
    _s("coins", "puzzles", INT, INT,
       "the number of ways to pay {x} cents with coins of 1, 2 and 5 cents (the order of the "
       "coins does not matter)", _coins, params=_when(lambda n: 1 <= n <= 1500), weight=2.5,
       min_level=2),
    _s("handshakes", "puzzles", INT, INT,
       "the number of handshakes when each of {x} people shakes hands once with each other "
       "person", _handshakes, params=_when(lambda n: 2 <= n <= 1414)),
    _s("lattice_paths", "puzzles", INT, INT,
       "the number of shortest paths along the grid lines of a {x} x {k} grid of squares "
       "from one corner to the opposite corner", _lattice_fn, params=_lattice,
       weight=2.5, min_level=2),
]
# fmt: on

CATALOG: dict[str, Skill] = {skill.name: skill for skill in LINKS}
assert len(CATALOG) == len(LINKS), "skill names must be unique"
AREAS: tuple[str, ...] = tuple(dict.fromkeys(skill.area for skill in LINKS))
MAX_INT_START = {1: 99, 2: 999, 3: 9999}  # start values at each per-link level
