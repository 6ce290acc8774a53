"""Cipher decoding: recover a plaintext from its ciphertext and the cipher's key.

The plaintext is ``words`` words drawn from the list of
:mod:`rlvr_envs.families.puzzles.words`; the ciphertext is written in capitals. The ciphers:

* ``atbash``: every letter is replaced by its mirror in the alphabet (A<->Z, B<->Y, ...; no
  letter is its own mirror);
* ``caesar``: every letter is shifted k places forward (wrapping Z to A), 1 <= k <= 25;
* ``substitution``: every letter is replaced by the letter below it in a given cipher
  alphabet (a random permutation without fixed points);
* ``vigenere``: the n-th letter of the text (letters only; spaces do not count) is shifted
  forward by the alphabet position (A = 0) of the key word's letter n mod (key length).

The key is given; the task is to apply it backwards. The prompt never contains the
plaintext (the ciphertext differs from it in every letter for atbash, caesar and
substitution, and the whole plaintext is checked against the prompt's letters).

Answer syntax (stated in the prompt): the plaintext in letters; case and whitespace are
ignored (``garden rose``, ``GARDEN ROSE`` and ``gardenrose`` are the same answer); any other
character than a letter or whitespace, except a final full stop, makes it unparsable.

Knobs: ``cipher`` (atbash, caesar, substitution, vigenere: from a fixed mirror to a shift
that changes letter by letter), ``words`` (2..16 words of plaintext: 3 at difficulty 0, 10
at 1) and ``grouping`` (words: the ciphertext keeps the word breaks; blocks: its letters
come in groups of five, so the breaks must be found too).
"""

from __future__ import annotations

import random
import re
import string
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.words import DESCRIPTION, all_words

ALPHABET = string.ascii_lowercase
_ANSWER = re.compile(r"[A-Za-z\s]+")
_WEIGHT = {"atbash": 1.0, "caesar": 1.5, "substitution": 2.0, "vigenere": 3.0}


def _shift(letter: str, by: int) -> str:
    return ALPHABET[(ALPHABET.index(letter) + by) % 26]


def encrypt(cipher: str, key, plain: str) -> str:
    """The ciphertext (lower case) of ``plain`` (lower case letters and spaces)."""
    out, n = [], 0
    for ch in plain:
        if ch not in ALPHABET:
            out.append(ch)
            continue
        if cipher == "atbash":
            out.append(ALPHABET[25 - ALPHABET.index(ch)])
        elif cipher == "caesar":
            out.append(_shift(ch, key))
        elif cipher == "substitution":
            out.append(key[ALPHABET.index(ch)])
        else:
            out.append(_shift(ch, ALPHABET.index(key[n % len(key)])))
        n += 1
    return "".join(out)


class CipherDecode(Family):
    """Decode a ciphertext with a given key (Atbash, Caesar, substitution, Vigenere)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "cipher": Knob("categorical", choices=("atbash", "caesar", "substitution", "vigenere"),
                       default="caesar", doc="the cipher"),
        "words": Knob("int", 2, 16, default=5, easy=3, hard=10, doc="words of plaintext"),
        "grouping": Knob("categorical", choices=("words", "blocks"), default="words",
                         doc="ciphertext with its word breaks, or in blocks of five letters"),
    }  # fmt: skip
    answer_syntax = "the decoded plaintext in letters (case and spaces are ignored; no punctuation)"
    answer_form = "plaintext letters"
    single_answer = False  # several words; "or" may be one of them

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        cipher, count, blocks = knobs["cipher"], int(knobs["words"]), knobs["grouping"] == "blocks"
        vocabulary = _vocabulary()
        while True:
            plain = " ".join(rng.choice(vocabulary) for _ in range(count))
            if cipher == "caesar":
                key = rng.randint(1, 25)
                how = (
                    f"a Caesar cipher: every letter was shifted {key} places forward in the "
                    "alphabet (wrapping around from Z to A)"
                )
            elif cipher == "atbash":
                key = None
                how = (
                    "the Atbash cipher: every letter was replaced by its mirror image in the "
                    "alphabet (A and Z swap, B and Y swap, and so on)"
                )
            elif cipher == "substitution":
                key = _derangement(rng)
                how = (
                    "a substitution cipher: every letter of the plain alphabet was replaced "
                    "by the letter below it in the cipher alphabet:\n"
                    f"plain:  {' '.join(ALPHABET.upper())}\ncipher: {' '.join(key.upper())}"
                )
            else:
                key = rng.choice(_keys())
                how = (
                    f"the Vigenere cipher with the key word {key.upper()}: the n-th letter of "
                    "the text (counting letters only, not spaces) was shifted forward in the "
                    "alphabet (wrapping around from Z to A) by the position of the key's n-th "
                    "letter, with A = 0, B = 1, ..., Z = 25, the key repeating as often as "
                    "needed"
                )
            secret = encrypt(cipher, key, plain).upper()
            if blocks:
                letters = secret.replace(" ", "")
                secret = " ".join(letters[i : i + 5] for i in range(0, len(letters), 5))
                note = "The ciphertext is in blocks of five letters; word breaks are hidden."
            else:
                note = "Word breaks are kept as spaces."
            question = (
                f"The following message was encrypted with {how}"
                + ("\n" if cipher == "substitution" else ".\n")
                + f"{note}\n\nCiphertext: {secret}\n\nDecode the message. The plaintext consists "
                f"of {count} {DESCRIPTION}."
            )
            squashed = re.sub(r"[^a-z]", "", (question + self.instruction()).lower())
            if plain.replace(" ", "") not in squashed:
                break
        meta = {"cipher": cipher, "key": key, "ciphertext": secret, "words": count,
                "grouping": knobs["grouping"]}  # fmt: skip
        return Draft(question, plain, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        if len(answer) > 4 * len(problem.answer) + 40:
            return Judgement.unparsable("the answer is far longer than the message")
        text = answer.strip().removesuffix(".")
        if _ANSWER.fullmatch(text) is None or not text.isascii():
            return Judgement.unparsable("expected the plaintext in letters and spaces only")
        given = "".join(text.split()).lower()
        if given == problem.answer.replace(" ", ""):
            return Judgement.right()
        wrong = sum(a != b for a, b in zip(given, problem.answer.replace(" ", "")))
        return Judgement.wrong(why="not the plaintext", letters_wrong=wrong)

    def complexity(self, problem: Problem) -> float:
        """Letters to decode, weighted by the cipher's work per letter; hidden word breaks
        add a third."""
        letters = sum(ch.isalpha() for ch in problem.meta["ciphertext"])
        blocks = problem.meta["grouping"] == "blocks"
        return letters * _WEIGHT[problem.meta["cipher"]] * (4 / 3 if blocks else 1.0)


@cache
def _vocabulary() -> tuple[str, ...]:
    """The plaintext words: 3 to 8 letters, sorted."""
    return tuple(sorted(w for w in all_words() if 3 <= len(w) <= 8))


@cache
def _keys() -> tuple[str, ...]:
    """Vigenere key words: 3 to 7 letters without A (so every letter is shifted)."""
    return tuple(w for w in _vocabulary() if len(w) <= 7 and "a" not in w)


def _derangement(rng: random.Random) -> str:
    """A random cipher alphabet in which no letter stands for itself."""
    while True:
        letters = list(ALPHABET)
        rng.shuffle(letters)
        if all(a != b for a, b in zip(letters, ALPHABET)):
            return "".join(letters)
