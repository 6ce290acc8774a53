"""What ``rlvr/KthCombination-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/KthCombination-v0"


def _find(mode, **knobs):
    for seed in range(200):
        problem = _gen(ENV, seed, **knobs)
        if problem.meta["mode"] == mode:
            return problem
    raise AssertionError(mode)


@pytest.mark.parametrize("n", [6, 8, 10])
def test_subsets_and_ranks_match_itertools(n):
    for seed in range(20):
        problem = _gen(ENV, seed, n=n, modes="unrank_rank")
        meta = problem.meta
        subsets = list(itertools.combinations(range(1, n + 1), meta["r"]))
        assert len(subsets) == meta["total"]
        if meta["mode"] == "unrank":
            rank = int(problem.prompt.split("has rank ")[1].split("?")[0])
            assert problem.answer == " ".join(map(str, subsets[rank - 1]))
        else:
            shown = problem.prompt.split("rank of the subset ")[1].split("?")[0]
            assert int(problem.answer) == subsets.index(tuple(map(int, shown.split()))) + 1


@pytest.mark.parametrize("restricted", [False, True])
def test_words_match_itertools_product(restricted):
    for seed in range(30):
        problem = _gen(ENV, seed, n=8, modes="all", restricted=restricted)
        meta = problem.meta
        if meta["mode"] != "word":
            continue
        words = [
            "".join(w)
            for w in itertools.product(meta["alphabet"], repeat=meta["length"])
            if not restricted or all(a != b for a, b in itertools.pairwise(w))
        ]
        assert len(words) == meta["total"]
        rank = int(problem.prompt.split("has rank ")[1].split("?")[0])
        assert problem.answer == words[rank - 1]


def test_subset_answers_in_any_order_score_one_and_bad_sets_fail():
    problem = _find("unrank", n=10, modes="unrank")
    subset = problem.answer.split()
    assert _score(problem, " ".join(reversed(subset))).reward == 1.0
    assert _score(problem, "{" + ", ".join(subset) + "}").reward == 1.0
    assert _score(problem, " ".join([*subset, subset[0]])).reward == 0.0  # duplicate
    assert _score(problem, " ".join(subset[:-1])).reward == 0.0  # missing
    assert _score(problem, " ".join([*subset, "11"])).reward == 0.0  # extra, out of range
    assert _score(problem, " ".join(["0", *subset[1:]])).reward == 0.0
    assert _score(problem, " ".join(map(str, range(1, len(subset) + 1)))).reward == 0.0
    assert _score(problem, problem.answer + " or 1 2").reward == 0.0


def test_words_and_ranks_are_strict():
    word = _find("word", n=16, modes="all")
    assert _score(word, word.answer.upper()).reward == 1.0
    assert _score(word, " ".join(word.answer)).reward == 1.0
    assert _score(word, word.answer[::-1]).reward == (word.answer == word.answer[::-1])
    assert _score(word, word.answer[:-1]).reward == 0.0
    assert _score(word, word.answer + " or " + word.answer).reward == 0.0
    assert _score(word, "word: " + word.answer).reason == "unparsable"
    rank = _find("rank", n=12, modes="unrank_rank")
    for wrong in ("0", "1", "none", str(rank.meta["total"]), str(int(rank.answer) + 1)):
        assert _score(rank, wrong).reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_changed_answers_fail(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    if meta["mode"] == "rank":
        assert _score(problem, str(int(problem.answer) + 1)).reward == 0.0
    elif meta["mode"] == "unrank":
        subset = list(map(int, problem.answer.split()))
        i = data.draw(st.integers(0, len(subset) - 1))
        other = data.draw(st.integers(1, meta["n"]))
        changed = [*subset[:i], other, *subset[i + 1 :]]
        good = sorted(changed) == subset
        assert (_score(problem, " ".join(map(str, changed))).reward == 1.0) == good
    else:
        i = data.draw(st.integers(0, len(problem.answer) - 1))
        letter = data.draw(st.sampled_from(meta["alphabet"]))
        changed = problem.answer[:i] + letter + problem.answer[i + 1 :]
        assert (_score(problem, changed).reward == 1.0) == (changed == problem.answer)


def test_a_full_stop_after_the_answer_is_accepted():
    # review of issue 15: "83.", "2 5 7." and "cab." were unparsable
    for mode, knobs in (("rank", {"modes": "unrank_rank"}), ("unrank", {}), ("word", {})):
        problem = _find(mode, n=9, **knobs)
        assert _score(problem, problem.answer + ".").reward == 1.0
        assert _score(problem, problem.answer + "..").reward == 0.0
        assert _score(problem, problem.answer + ". " + problem.answer).reward == 0.0
