"""Strings families (issue 29): counting, sorting, reversing, partitioning, matching,
formatting, justifying, diffing and encoding text, answered with values and, where several
answers are right, witnesses checked against the instance.

Texts are made from generated words (:mod:`rlvr_envs.families.strings.text`), never a word
list. Modules are imported lazily. ``rlvr/Strings-v0`` mixes the families below and is
frozen.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    # -- counting and ranking
    ("LetterCount", 0),
    ("WordCount", 0),
    ("CharacterFrequency", 0),
    # -- ordering and reversing
    ("CustomSort", 0),
    ("WordReversal", 0),
    ("CommonAffix", 0),
    # -- structure: palindromes, patterns, anagrams, rotations
    ("PalindromePartition", 0),
    ("IsomorphicStrings", 0),
    ("AnagramGroups", 0),
    ("RotationCheck", 0),
    ("MinSwapsAlternating", 0),
    # -- rules: ordering, filtering, formatting, inserting, splitting
    ("SentenceOrdering", 0),
    ("NumberFilter", 0),
    ("NumberFormat", 0),
    ("StringInsertion", 0),
    ("StringSplit", 0),
    ("CaseConversion", 0),
    ("TextJustification", 0),
    # -- diffs
    ("ApplyDiff", 0),
    ("ProduceDiff", 0),
    # -- encodings
    ("Base64Codec", 0),
    ("HexCodec", 0),
    ("CaesarCipher", 0),
    ("VigenereCipher", 0),
    ("XorCipher", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
STRINGS_V0 = [f"rlvr/{name}-v{version}" for name, version in FAMILIES]
MIXTURES: list[tuple[str, list[str]]] = [("rlvr/Strings-v0", STRINGS_V0)]
