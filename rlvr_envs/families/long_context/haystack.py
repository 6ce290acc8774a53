"""What the long_context families share: the context-length knob and its difficulty map,
filler prose, generated names with near misses, and facts woven into a long context.

The length knob ``kchars`` is the context's size in thousands of characters. Its difficulty
map is geometric in the square of the difficulty, ``easy * (hard / easy) ** (d * d)`` rounded
to a tenth: 300 characters at difficulty 0, about 1,300 at 0.5 (so audits and tests stay
cheap), 7,900 at 0.75 and 100,000 at 1. Every other knob follows its declared linear map. The
knob is a float declared with ``scale="log", power=2, digits=1``
(:class:`rlvr_envs.core.Knob`), so a curriculum and a suite's ranges place it by the same map:
coordinate ``u`` is the length at difficulty ``u``.

Texts are built by joining pieces (never by repeated string concatenation), from the
vocabulary of :mod:`rlvr_envs.families.puzzles.words` (common English words, sorted so the
order is fixed) and names made by :func:`rlvr_envs.families.strings.text.make_word`, all
drawn from the family's ``rng``.
"""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

from rlvr_envs.core import Family, Knob
from rlvr_envs.families.strings.text import make_word

KCHARS = Knob(
    "float",
    0.2,
    200.0,
    default=2.0,
    easy=0.3,
    hard=100.0,
    doc="context length in thousands of characters (geometric in difficulty squared)",
    scale="log",
    power=2,
    digits=1,
)
# sentence lengths in words, cycled through the bank
_SENTENCE_WORDS = (7, 10, 6, 12, 8, 9, 11, 5, 9, 8)
BANK_SIZE = 8192


class LongContextFamily(Family):
    """A family whose ``kchars`` knob follows the geometric difficulty map above (declared on
    the knob, so curricula and suites place it by the same map)."""

    knobs: ClassVar[dict[str, Knob]] = {"kchars": KCHARS}


@functools.lru_cache(maxsize=1)
def common_words() -> tuple[str, ...]:
    """The common-word vocabulary in a fixed (sorted) order."""
    from rlvr_envs.families.puzzles.words import all_words

    return tuple(sorted(w for w in all_words("common") if w.isalpha() and len(w) <= 9))


@functools.lru_cache(maxsize=1)
def sentence_bank() -> tuple[str, ...]:
    """:data:`BANK_SIZE` filler sentences of common words, made once from a fixed seed (the
    same in every process), so that a long filler is a few thousand draws, not a word each."""
    rng = random.Random(20261128)
    words = common_words()
    bank = []
    for i in range(BANK_SIZE):
        count = _SENTENCE_WORDS[i % len(_SENTENCE_WORDS)]
        sentence = " ".join(rng.choices(words, k=count))
        bank.append(sentence[:1].upper() + sentence[1:] + ".")
    return tuple(bank)


def filler(rng: random.Random, chars: int) -> list[str]:
    """Sentences from the bank, about ``chars`` characters in all (at least one)."""
    bank = sentence_bank()
    picks = rng.choices(bank, k=max(1, chars // 64))
    out, size = [], 0
    for sentence in picks:
        out.append(sentence)
        size += len(sentence) + 1
        if size >= chars:
            return out
    while size < chars:
        out.append(rng.choice(bank))
        size += len(out[-1]) + 1
    return out


def paragraphs(sentences: list[str], rng: random.Random, low: int = 3, high: int = 7) -> list[str]:
    """The sentences joined into paragraphs of ``low`` to ``high`` sentences."""
    out, i = [], 0
    while i < len(sentences):
        step = rng.randint(low, high)
        out.append(" ".join(sentences[i : i + step]))
        i += step
    return out


def weave(rng: random.Random, pieces: list[str], background: list[str]) -> list[str]:
    """``background`` with ``pieces`` inserted at random places, the pieces in their order."""
    slots = sorted(rng.randrange(len(background) + 1) for _ in pieces)
    out: list[str] = []
    previous = 0
    for slot, piece in zip(slots, pieces):
        out.extend(background[previous:slot])
        out.append(piece)
        previous = slot
    out.extend(background[previous:])
    return out


def names(rng: random.Random, count: int, low: int = 4, high: int = 7) -> list[str]:
    """``count`` distinct capitalised names, none a common word, in drawing order."""
    common = set(common_words())
    seen: dict[str, None] = {}
    while len(seen) < count:
        word = make_word(rng, low, high)
        if word not in common:
            seen.setdefault(word.capitalize())
    return list(seen)


def near_miss(rng: random.Random, name: str, avoid: set[str]) -> str:
    """A name one letter away from ``name`` (a letter changed, or two neighbours swapped),
    outside ``avoid``."""
    for _ in range(50):
        letters = list(name.lower())
        i = rng.randrange(1, len(letters))
        if rng.random() < 0.3 and i + 1 < len(letters) and letters[i] != letters[i + 1]:
            letters[i], letters[i + 1] = letters[i + 1], letters[i]
        else:
            pool = "aeiou" if letters[i] in "aeiou" else "bcdfghklmnprstvz"
            letters[i] = rng.choice([c for c in pool if c != letters[i]])
        word = "".join(letters).capitalize()
        if word not in avoid and word != name:
            return word
    raise RuntimeError(f"no near miss of {name!r} left")


def target_chars(knobs: dict[str, Any]) -> int:
    """The context length the knobs ask for, in characters."""
    return int(float(knobs["kchars"]) * 1000)
