"""What ``rlvr/CipherDecode-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.families.puzzles.words import all_words
from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/CipherDecode-v0"
CIPHERS = ["atbash", "caesar", "substitution", "vigenere"]


def _decode(meta) -> str:
    """Decode the ciphertext from the key alone (own code, by character codes)."""
    cipher, key, out, n = meta["cipher"], meta["key"], [], 0
    inverse = (
        {c.upper(): chr(65 + i) for i, c in enumerate(key)} if cipher == "substitution" else {}
    )
    for ch in meta["ciphertext"]:
        if not ch.isalpha():
            out.append(ch)
            continue
        code = ord(ch) - 65
        if cipher == "atbash":
            out.append(chr(65 + 25 - code))
        elif cipher == "caesar":
            out.append(chr(65 + (code - key) % 26))
        elif cipher == "substitution":
            out.append(inverse[ch])
        else:
            out.append(chr(65 + (code - (ord(key[n % len(key)]) - 97)) % 26))
        n += 1
    return "".join(out)


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, cipher=st.sampled_from(CIPHERS))
def test_decoding_with_the_key_gives_the_plaintext_in_any_case_and_spacing(
    seed, difficulty, cipher
):
    problem = _gen(ENV, seed, difficulty)
    problem = _gen(ENV, seed, cipher=cipher, words=problem.knobs["words"],
                   grouping=problem.knobs["grouping"])  # fmt: skip
    decoded = _decode(problem.meta)
    letters = re.sub(r"\s", "", decoded).lower()
    assert letters == problem.answer.replace(" ", "")
    assert all(w in all_words() for w in problem.answer.split())
    for text in (decoded, decoded.lower(), letters, " ".join(problem.answer.split()).upper() + "."):
        assert _score(problem, text).reward == 1.0, text
    assert letters not in re.sub(r"[^a-z]", "", problem.prompt.lower())


@PERTURB
@given(seed=SEED, cipher=st.sampled_from(CIPHERS), data=st.data())
def test_a_changed_letter_fails_as_the_independent_decoding_says(seed, cipher, data):
    problem = _gen(ENV, seed, cipher=cipher)
    truth = re.sub(r"\s", "", _decode(problem.meta)).lower()
    i = data.draw(st.integers(0, len(truth) - 1))
    letter = data.draw(st.sampled_from("abcdefghijklmnopqrstuvwxyz"))
    guess = truth[:i] + letter + truth[i + 1 :]
    assert (_score(problem, guess).reward == 1.0) == (guess == truth)


def test_missing_extra_and_malformed_plaintexts_fail():
    problem = _gen(ENV, 11, cipher="vigenere", words=4)
    words = problem.answer.split()
    assert _score(problem, " ".join(words[:-1])).reward == 0.0
    assert _score(problem, problem.answer + " extra").reward == 0.0
    assert _score(problem, ", ".join(words)).reason == "unparsable"
    assert _score(problem, problem.meta["ciphertext"]).reward == 0.0
    assert _score(problem, "x" * 5000).reason == "unparsable"
    assert _score(problem, problem.answer.replace("e", "é")).reason == "unparsable"


def test_atbash_caesar_and_substitution_change_every_letter():
    for cipher in ("atbash", "caesar", "substitution"):
        for seed in range(20):
            problem = _gen(ENV, seed, cipher=cipher)
            secret = problem.meta["ciphertext"].lower()
            assert all(a != b for a, b in zip(secret, problem.answer) if a != " ")
