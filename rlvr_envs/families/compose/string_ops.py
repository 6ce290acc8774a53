"""A library of string transformations (str -> str skills), the atoms of StringCompose.

The atomic functions of the f(g(x)) construction (Yuan et al. 2025, "From f(x) and g(x) to
f(g(x))"): each is a typed skill whose text says exactly what it does, phrased as the result
(``"s written backwards"``). Strings are made of ASCII letters and digits; "vowel" means
a, e, i, o, u in either case; positions count from 1. Every transformation is total on such
strings (rotations and blocks work modulo the length), so a chain can always be evaluated
with links left out when checking for shortcuts.
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.families.compose.skills import STR, Skill

LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = LOWER.upper()
DIGITS = "0123456789"
VOWELS = "aeiouAEIOU"
_NEXT_VOWEL = str.maketrans("aeiouAEIOU", "eiouaEIOUA")
_ATBASH = str.maketrans(LOWER + UPPER, LOWER[::-1] + UPPER[::-1])
_COMPLEMENT = str.maketrans(DIGITS, DIGITS[::-1])
_INCREMENT = str.maketrans(DIGITS, DIGITS[1:] + DIGITS[0])
GROWTH_LIMIT = 16  # transformations that double the length apply to strings up to this long


def _shift(char: str, k: int) -> str:
    if "a" <= char <= "z":
        return LOWER[(ord(char) - 97 + k) % 26]
    if "A" <= char <= "Z":
        return UPPER[(ord(char) - 65 + k) % 26]
    return char


def caesar(s: str, k: int) -> str:
    return "".join(_shift(c, k) for c in s)


def rotate_left(s: str, k: int) -> str:
    k %= len(s)
    return s[k:] + s[:k]


def rotate_right(s: str, k: int) -> str:
    return rotate_left(s, -k)


def riffle(s: str) -> str:
    half = (len(s) + 1) // 2
    first, second = s[:half], s[half:]
    out = []
    for i, char in enumerate(first):
        out.append(char)
        if i < len(second):
            out.append(second[i])
    return "".join(out)


def swap_pairs(s: str) -> str:
    chars = list(s)
    for i in range(0, len(chars) - 1, 2):
        chars[i], chars[i + 1] = chars[i + 1], chars[i]
    return "".join(chars)


def dedupe(s: str) -> str:
    seen: dict[str, None] = {}
    for char in s:
        seen.setdefault(char)
    return "".join(seen)


def collapse_runs(s: str) -> str:
    return "".join(c for i, c in enumerate(s) if i == 0 or s[i - 1] != c)


def alternate_case(s: str) -> str:
    return "".join(c.upper() if i % 2 == 0 else c.lower() for i, c in enumerate(s))


def swap_ends(s: str) -> str:
    if len(s) < 2:
        return s
    return s[-1] + s[1:-1] + s[0]


def reverse_blocks(s: str, k: int) -> str:
    return "".join(s[i : i + k][::-1] for i in range(0, len(s), k))


def progressive_shift(s: str) -> str:
    return "".join(_shift(c, i + 1) for i, c in enumerate(s))


def delete_at(s: str, k: int) -> str:
    return s[: k - 1] + s[k:] if len(s) >= k else s


def replace_char(s: str, a: str, b: str) -> str:
    return s.replace(a, b)


def _grows(rng: random.Random, value: str, level: int) -> dict[str, Any] | None:
    return {} if len(value) <= GROWTH_LIMIT else None


def _has_letter(rng: random.Random, value: str, level: int) -> dict[str, Any] | None:
    return {} if any(c.isalpha() for c in value) else None


def _rotation(rng: random.Random, value: str, level: int) -> dict[str, Any] | None:
    if len(value) < 2:
        return None
    return {"k": rng.randint(1, min(len(value) - 1, 2 + level))}


def _caesar(rng: random.Random, value: str, level: int) -> dict[str, Any] | None:
    if not any(c.isalpha() for c in value):
        return None
    return {"k": rng.randint(1, 25)}


def _block(rng: random.Random, value: str, level: int) -> dict[str, Any] | None:
    return {"k": rng.randint(2, 4)} if len(value) >= 3 else None


def _take(rng: random.Random, value: str, level: int) -> dict[str, Any] | None:
    return {"k": rng.randint(2, len(value) - 1)} if len(value) >= 3 else None


def _delete(rng: random.Random, value: str, level: int) -> dict[str, Any] | None:
    return {"k": rng.randint(2, len(value))} if len(value) >= 3 else None


def _replace(rng: random.Random, value: str, level: int) -> dict[str, Any] | None:
    present = sorted(set(value))
    a = rng.choice(present)
    absent = [c for c in LOWER + UPPER + DIGITS if c != a]
    return {"a": a, "b": rng.choice(absent)}


def _suffix(rng: random.Random, value: str, level: int) -> dict[str, Any] | None:
    if len(value) > 36:
        return None
    return {"w": "".join(rng.choice(LOWER) for _ in range(rng.randint(2, 3)))}


def _op(name: str, text: str, fn: Any, params: Any = None, weight: float = 1.0) -> Skill:
    extra = {"params": params} if params is not None else {}
    return Skill(name, "strings", STR, STR, text, fn, weight=weight, **extra)


# Definitions are phrased for a string named {x}; the f(g(x)) prompt shows them as
# ``f(s) = <text with {x} = s>``, Compose as ``x3 = <text with {x} = x2>``.
# fmt: off
STRING_OPS: list[Skill] = [
    _op("reverse", "{x} written backwards", lambda s: s[::-1]),
    _op(
        "rotate_left",
        "{x} with its first {k} character(s) moved to the end, in order",
        rotate_left,
        _rotation,
    ),
    _op(
        "rotate_right",
        "{x} with its last {k} character(s) moved to the front, in order",
        rotate_right,
        _rotation,
    ),
    _op(
        "caesar",
        "{x} with every letter shifted {k} places forward in the alphabet (z wraps around "
        "to a; case is kept; digits stay)",
        caesar,
        _caesar,
        1.5,
    ),
    _op(
        "atbash",
        "{x} with every letter replaced by its mirror in the alphabet (a<->z, b<->y, ...; "
        "case is kept; digits stay)",
        lambda s: s.translate(_ATBASH),
        _has_letter,
        1.5,
    ),
    _op("swapcase", "{x} with lowercase letters made uppercase and uppercase ones lowercase",
        lambda s: s.swapcase(), _has_letter),
    _op("upper", "{x} with every letter made uppercase", lambda s: s.upper(), _has_letter),
    _op("lower", "{x} with every letter made lowercase", lambda s: s.lower(), _has_letter),
    _op(
        "sort_asc",
        "the characters of {x} sorted by ASCII code (digits first, then uppercase letters, "
        "then lowercase letters, each in order)",
        lambda s: "".join(sorted(s)),
        weight=1.5,
    ),
    _op(
        "sort_desc",
        "the characters of {x} sorted by ASCII code in decreasing order (lowercase letters "
        "first, then uppercase letters, then digits, each from last to first)",
        lambda s: "".join(sorted(s, reverse=True)),
        weight=1.5,
    ),
    _op(
        "dedupe",
        "{x} with every character that already occurred earlier in it deleted "
        "(uppercase and lowercase count as different)",
        dedupe,
    ),
    _op(
        "remove_vowels",
        "{x} with every vowel (a, e, i, o, u, in either case) deleted",
        lambda s: "".join(c for c in s if c not in VOWELS),
    ),
    _op("double_chars", "{x} with every character written twice in a row",
        lambda s: "".join(c + c for c in s), _grows),
    _op(
        "riffle",
        "the interleaving of the first and second halves of {x} (the first half gets the "
        "middle character when the length is odd), starting with the first half's first "
        "character",
        riffle,
        weight=2.0,
    ),
    _op(
        "swap_pairs",
        "{x} with its 1st and 2nd characters swapped, its 3rd and 4th swapped, and so on "
        "(a last unpaired character stays)",
        swap_pairs,
        weight=1.5,
    ),
    _op(
        "odd_positions",
        "the characters of {x} at odd positions (1st, 3rd, 5th, ...), in order",
        lambda s: s[::2],
    ),
    _op("digit_complement", "{x} with every digit d replaced by 9 - d",
        lambda s: s.translate(_COMPLEMENT)),
    _op("digit_increment", "{x} with every digit d replaced by d + 1 (9 becomes 0)",
        lambda s: s.translate(_INCREMENT)),
    _op(
        "next_vowel",
        "{x} with every vowel replaced by the next one in a, e, i, o, u (u becomes a; "
        "case is kept)",
        lambda s: s.translate(_NEXT_VOWEL),
    ),
    _op(
        "alternate_case",
        "{x} with the letters at odd positions (1st, 3rd, ...) made uppercase and those at "
        "even positions made lowercase",
        alternate_case,
        _has_letter,
        1.5,
    ),
    _op("mirror", "{x} followed by {x} written backwards", lambda s: s + s[::-1], _grows),
    _op("duplicate", "{x} written twice in a row", lambda s: s + s, _grows),
    _op("swap_ends", "{x} with its first and last characters swapped", swap_ends),
    _op(
        "collapse_runs",
        "{x} with every run of identical adjacent characters shortened to one character",
        collapse_runs,
    ),
    _op(
        "digits_to_end",
        "{x} with all its digits moved to the end (digits and other characters each keep "
        "their order)",
        lambda s: "".join(c for c in s if not c.isdigit()) + "".join(c for c in s if c.isdigit()),
        weight=1.5,
    ),
    _op(
        "upper_to_front",
        "{x} with all its uppercase letters moved to the front (uppercase letters and other "
        "characters each keep their order)",
        lambda s: "".join(c for c in s if c.isupper()) + "".join(c for c in s if not c.isupper()),
        weight=1.5,
    ),
    _op(
        "reverse_blocks",
        "{x} cut into blocks of {k} characters from the left (the last block may be shorter) "
        "with each block written backwards",
        reverse_blocks,
        _block,
        2.0,
    ),
    _op("take_first", "the first {k} characters of {x}", lambda s, k: s[:k], _take),
    _op("delete_at", "{x} with its character at position {k} deleted", delete_at, _delete),
    _op(
        "replace_char",
        '{x} with every "{a}" replaced by "{b}" (case-sensitive)',
        replace_char,
        _replace,
    ),
    _op("append", '{x} followed by "{w}"', lambda s, w: s + w, _suffix),
    _op(
        "progressive_shift",
        "{x} with its i-th character, if a letter, shifted i places forward in the alphabet "
        "(the 1st by 1, the 2nd by 2, ...; z wraps around to a; case is kept; digits stay)",
        progressive_shift,
        _has_letter,
        2.5,
    ),
]
# fmt: on

STRING_OPS_BY_NAME: dict[str, Skill] = {skill.name: skill for skill in STRING_OPS}
assert len(STRING_OPS_BY_NAME) == len(STRING_OPS)
