"""What ``rlvr/Anagram-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import time
from collections import Counter, defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.families.puzzles import words
from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Anagram-v0"


def _by_letters() -> dict[str, list[str]]:
    """Sorted letters -> words, built here from the raw list (not the family's index)."""
    index: dict[str, list[str]] = defaultdict(list)
    for word in words.all_words():
        index["".join(sorted(word))].append(word)
    return index


INDEX = _by_letters()


def test_the_generator_terminates_and_the_scramble_is_no_word():
    # one-word problems once looped for ever: the scramble itself has the answer's letters
    for seed in range(200):
        problem = _gen(ENV, seed, letters=4 + seed % 7, words=1)
        scramble = problem.meta["letters"]
        assert scramble not in words.all_words()
        assert Counter(scramble) == Counter(problem.answer)


def test_every_other_word_with_the_same_letters_scores_one():
    found = 0
    for seed in range(300):
        problem = _gen(ENV, seed, letters=5, words=1)
        key = "".join(sorted(problem.meta["letters"]))
        for word in INDEX[key]:
            assert _score(problem, word.upper()).reward == 1.0
            found += word != problem.answer
    assert found  # some draws have a second anagram (e.g. stale / least / steal)


def test_multi_word_answers_in_any_order_and_split_score_one():
    for seed in range(20):
        problem = _gen(ENV, seed, letters=9, words=2)
        parts = problem.answer.split()
        assert len(parts) == 2
        assert _score(problem, ", ".join(reversed(parts))).reward == 1.0
        # another split into two list words with the same letters, found by brute force
        letters = Counter(problem.meta["letters"])
        for a in words.all_words():
            rest = letters - Counter(a)
            if len(a) >= 3 and sum(rest.values()) + len(a) == 9 and not Counter(a) - letters:
                key = "".join(sorted(rest.elements()))
                if len(key) >= 3 and INDEX.get(key):
                    assert _score(problem, f"{a} {INDEX[key][0]}").reward == 1.0
                    break


def test_wrong_answers_fail_with_reasons():
    problem = _gen(ENV, 7, letters=6, words=1)
    scramble = problem.meta["letters"]
    assert _score(problem, scramble).reward == 0.0  # not a word
    assert _score(problem, problem.answer[:-1]).reward == 0.0  # a letter missing
    assert _score(problem, problem.answer + "s").reward == 0.0  # a letter extra
    assert _score(problem, f"{problem.answer} {problem.answer}").reward == 0.0  # two words
    assert not _score(problem, "1234").correct
    assert not _score(problem, "x" * 10_000).correct


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_verdict_equals_an_independent_check(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    parts = problem.answer.split()
    i = data.draw(st.integers(0, len(parts) - 1))
    word = parts[i]
    a, b = data.draw(st.tuples(st.integers(0, len(word) - 1), st.integers(0, len(word) - 1)))
    letters = list(word)
    letters[a], letters[b] = letters[b], letters[a]
    if data.draw(st.booleans()):
        letters[a] = data.draw(st.sampled_from("abcdefghijklmnopqrstuvwxyz"))
    parts[i] = "".join(letters)
    valid = (
        Counter("".join(parts)) == Counter(problem.meta["letters"])
        and all(p in words.all_words() for p in parts)
        and (len(parts) == 1 or min(map(len, parts)) >= 3)
    )
    assert _score(problem, " ".join(parts)).correct == valid


def test_knob_extremes_generate():
    for letters, k in itertools.product((4, 12), (1, 3)):
        problem = _gen(ENV, 1, letters=letters, words=k)
        assert len(problem.meta["letters"]) == letters
        assert _score(problem, problem.answer).reward == 1.0


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("letters", range(4, 13))
def test_every_knob_value_generates_quickly(letters, k):
    # letters=12 with words=1 and one-word problems once looped for ever
    start = time.perf_counter()
    for seed in range(40):
        problem = _gen(ENV, seed, letters=letters, words=k)
        parts = problem.answer.split()
        assert len(problem.meta["letters"]) == letters and len(parts) == problem.meta["words"]
        assert all(3 <= len(p) <= 10 for p in parts)
    assert time.perf_counter() - start < 2.0


# -- v1: the common word list (issue 26) ---------------------------------------------------
INDEX_V1: dict[str, list[str]] = defaultdict(list)
for _word in words.all_words("common"):
    INDEX_V1["".join(sorted(_word))].append(_word)


def test_v1_answers_are_words_of_the_common_list_and_its_words_score_one():
    common = words.all_words("common")
    for seed in range(60):
        problem = _gen("rlvr/Anagram-v1", seed, difficulty=(seed % 5) / 4)
        assert problem.version == 1
        assert all(word in common for word in problem.answer.split())
        assert _score(problem, problem.answer).reward == 1.0
    # a right answer of words the old list lacked scores 1
    found = 0
    for seed in range(40):
        problem = _gen("rlvr/Anagram-v1", seed, letters=4, words=1)
        for word in INDEX_V1["".join(sorted(problem.meta["letters"]))]:
            if word not in words.all_words():
                assert _score(problem, word).reward == 1.0
                found += 1
    assert found >= 3
