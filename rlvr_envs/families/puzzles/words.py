"""The word lists the word puzzles share (WordLadder, Anagram, CrosswordFill), and their indexes.

Two lists, named by ``lexicon``: ``"wonderwords"`` (the default: every v0 family) and
``"common"`` (WordLadder-v1 and Anagram-v1).

``"common"`` is ``data/common_words.txt``, vendored in the package and built by
``scripts/build_wordlist.py`` from two lexicons with lemma and part-of-speech data and from
word frequencies (LemmInflect, MIT; spacy-lookups-data, MIT, with WordNet 3.0 lemma tables
under the WordNet licence): of the 6,000 most frequent words of 3 to 10 letters that both
lexicons hold as the base form of a noun, verb or adjective and neither as an inflected form
of another word (no plurals, past tenses, participles or comparatives), whose lowercase
spelling is the usual one (no names or abbreviations), those that are spelled as no regular
inflection of another (5,992 words). Its digest is pinned in :data:`COMMON_SHA256`.

The ``"wonderwords"`` words are the noun, verb and adjective lists that ship inside the
``wonderwords`` package (MIT licence; about 8,000 English words said to be base forms, but
holding plurals and past tenses such as ``socks`` and ``led``), read from the installed
package's files, never downloaded. Kept: words of lowercase ASCII letters only that are not
on the package's own profanity list (its entries split into words, so a phrase bans each of
its words: ``hot`` and ``dog`` are out). Generated problems depend on this list, so
:data:`WORDLIST_SHA256` pins it and a test fails when an upgrade of the package changes it
(bump the families' versions then).

Everything is read once per process and cached (about 10 ms).
"""

from __future__ import annotations

import hashlib
import importlib.util
import pathlib
import re
from collections import defaultdict
from functools import cache

SOURCES = ("nounlist.txt", "verblist.txt", "adjectivelist.txt")
WORDLIST_SHA256 = "d2c2e4810ca1e440a4a435fdde024a4c7b2d9a337d6efb922fd321e7c656db03"
COMMON_SHA256 = "11703cb0f9309228ecc22214b9947620b0bc9e6fc6080280907724ef9c6b9780"
COMMON_FILE = pathlib.Path(__file__).with_name("data") / "common_words.txt"
LEXICONS = ("wonderwords", "common")
DESCRIPTION = (
    "common English words (nouns, verbs and adjectives in their base form: no plurals, no "
    "past tenses, no names or abbreviations)"
)
_WORD = re.compile(r"[a-z]+")


def _assets() -> pathlib.Path:
    spec = importlib.util.find_spec("wonderwords")  # located without importing the package
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(
            "the word puzzles need the 'wonderwords' package: pip install wonderwords"
        )
    return pathlib.Path(next(iter(spec.submodule_search_locations))) / "assets"


@cache
def all_words(lexicon: str = "wonderwords") -> frozenset[str]:
    """Every word of the list ``lexicon`` (lowercase ASCII letters, no profanity)."""
    if lexicon == "common":
        lines = COMMON_FILE.read_text(encoding="utf-8").splitlines()
        return frozenset(line for line in lines if _WORD.fullmatch(line))
    if lexicon != "wonderwords":
        raise ValueError(f"unknown word list {lexicon!r}; one of {LEXICONS}")
    assets = _assets()
    banned = set((assets / "profanitylist.txt").read_text(encoding="utf-8").split())
    found = set()
    for name in SOURCES:
        for line in (assets / name).read_text(encoding="utf-8").splitlines():
            word = line.strip()
            if _WORD.fullmatch(word) and word not in banned:
                found.add(word)
    return frozenset(found)


def digest(lexicon: str = "wonderwords") -> str:
    """SHA-256 of the sorted list, one word per line: what the golden problems depend on."""
    return hashlib.sha256("\n".join(sorted(all_words(lexicon))).encode()).hexdigest()


@cache
def of_length(n: int, lexicon: str = "wonderwords") -> tuple[str, ...]:
    """The words of ``n`` letters, sorted."""
    return tuple(sorted(w for w in all_words(lexicon) if len(w) == n))


@cache
def neighbours(n: int, lexicon: str = "wonderwords") -> dict[str, tuple[str, ...]]:
    """For each word of ``n`` letters, the words that differ from it in exactly one letter."""
    buckets: dict[str, list[str]] = defaultdict(list)
    for word in of_length(n, lexicon):
        for i in range(n):
            buckets[word[:i] + "_" + word[i + 1 :]].append(word)
    out: dict[str, tuple[str, ...]] = {}
    for word in of_length(n, lexicon):
        near = set()
        for i in range(n):
            near.update(buckets[word[:i] + "_" + word[i + 1 :]])
        near.discard(word)
        out[word] = tuple(sorted(near))
    return out


@cache
def anagram_index() -> dict[str, tuple[str, ...]]:
    """Sorted letters -> the words made of exactly those letters."""
    index: dict[str, list[str]] = defaultdict(list)
    for word in sorted(all_words()):
        index["".join(sorted(word))].append(word)
    return {key: tuple(words) for key, words in index.items()}


@cache
def by_letter(n: int) -> dict[tuple[int, str], frozenset[str]]:
    """(position, letter) -> the words of ``n`` letters with that letter there."""
    index: dict[tuple[int, str], set[str]] = defaultdict(set)
    for word in of_length(n):
        for i, letter in enumerate(word):
            index[(i, letter)].add(word)
    return {key: frozenset(words) for key, words in index.items()}
