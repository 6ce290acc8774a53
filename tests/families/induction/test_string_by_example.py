"""What ``rlvr/StringByExample-v0`` must do beyond the generic family contract: every
transformation of the stated library that fits the examples gives the reference word (a
brute force over the library as the prompt words it), and the case is part of the word."""

from __future__ import annotations

import pytest

from tests.families.induction.helpers import _gen, _score, outputs_of_fitting_programs


def _nonempty(word):
    if not word:
        raise ValueError("empty")
    return word


def _unique(word):
    seen = ""
    for c in word:
        seen += c if c not in seen else ""
    return seen


LIBRARY = {
    "reverse": lambda w: w[::-1],
    "upper": lambda w: w.upper(),
    "capitalize": lambda w: w[0].upper() + w[1:],
    "drop_first": lambda w: _nonempty(w[1:]),
    "drop_last": lambda w: _nonempty(w[:-1]),
    "rotate_left": lambda w: w[1:] + w[0],
    "rotate_right": lambda w: w[-1] + w[:-1],
    "double_letters": lambda w: "".join(c * 2 for c in w),
    "unique": _unique,
    "sort": lambda w: "".join(sorted(w, key=lambda c: c.lower())),
    "remove_vowels": lambda w: _nonempty("".join(c for c in w if c.lower() not in "aeiou")),
    "next_letter": lambda w: "".join(
        "a" if c == "z" else "A" if c == "Z" else chr(ord(c) + 1) for c in w
    ),
    "swap_ends": lambda w: w if len(w) < 2 else w[-1] + w[1:-1] + w[0],
    "mirror": lambda w: w + w[::-1],
    "repeat": lambda w: w * 2,
}


@pytest.mark.parametrize("seed", range(6))
def test_every_fitting_transformation_gives_the_reference_word(seed):
    problem = _gen("rlvr/StringByExample-v0", seed, 0.4)
    examples = [tuple(pair) for pair in problem.meta["examples"]]
    depth = problem.knobs["depth"]
    outputs = outputs_of_fitting_programs(LIBRARY, depth, examples, problem.meta["query"])
    assert outputs == [problem.answer]


def test_quotes_are_notation_but_case_and_copies_are_not():
    for seed in range(12):
        problem = _gen("rlvr/StringByExample-v0", seed, 0.5)
        word = problem.answer
        assert _score(problem, f'"{word}"') == 1.0 and _score(problem, f"`{word}`") == 1.0
        if word != word.swapcase():
            assert _score(problem, word.swapcase()) == 0.0
        assert _score(problem, word + word[-1]) == 0.0 and _score(problem, f"{word} x") == 0.0
        for shown in [
            problem.meta["query"],
            *(w for pair in problem.meta["examples"] for w in pair),
        ]:
            assert _score(problem, shown) == 0.0
