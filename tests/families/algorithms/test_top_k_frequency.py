"""What ``rlvr/TopKFrequency-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/TopKFrequency-v0"


def words(prompt: str) -> list[str]:
    text = prompt.split("words:\n\n", 1)[1].split("\n\n", 1)[0]
    return [re.sub(r"[^a-z]", "", w.lower()) for w in text.split()]


def reference(problem) -> str:
    """The answer recomputed from the prompt: Counter, and a brute-force ranking."""
    tokens = words(problem.prompt)
    counts = Counter(tokens)
    ask = next(p for p in problem.prompt.split("\n\n") if p.startswith(("How many", "Which")))
    if ask.startswith("How many"):
        named = ask.split("the words ", 1)[1].split(" occur", 1)[0].split(", ")
        return ", ".join(f"{w}: {counts[w]}" for w in named)
    if ask.startswith("Which are the"):
        k = int(ask.split()[3])
        alphabetical = "alphabetically" in ask

        def beats(a, b):  # a is ranked above b
            if counts[a] != counts[b]:
                return counts[a] > counts[b]
            return a < b if alphabetical else tokens.index(a) < tokens.index(b)

        rank = {w: sum(beats(o, w) for o in counts if o != w) for w in counts}
        top = sorted((w for w in counts if rank[w] < k), key=rank.__getitem__)
        return ", ".join(f"{w}: {counts[w]}" for w in top)
    m = int(re.search(r"exactly (\d+) times", ask)[1])
    return ", ".join(sorted(w for w in counts if counts[w] == m))


@pytest.mark.parametrize("difficulty", [0.0, 0.4, 0.7, 1.0])
def test_the_reference_equals_an_independent_count(difficulty):
    for seed in range(25):
        problem = _gen(ENV, seed, difficulty)
        assert len(words(problem.prompt)) == problem.meta["length"]
        assert problem.answer == reference(problem)


@pytest.mark.parametrize("question", ["count", "top_k", "exactly"])
def test_every_question_kind_with_messy_text(question):
    for seed in range(15):
        problem = _gen(ENV, seed, length=60, vocabulary=10, question=question, messy=True)
        assert problem.answer == reference(problem)
        assert any(c.isupper() for c in problem.prompt.split("words:", 1)[1])


def test_tie_breaks_matter_and_a_wrong_tie_order_fails():
    hit = 0
    for seed in range(60):
        problem = _gen(ENV, seed, question="top_k", length=40, vocabulary=8)
        pairs = problem.meta["pairs"]
        for i in range(len(pairs) - 1):
            if pairs[i][1] == pairs[i + 1][1]:
                swapped = list(pairs)
                swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
                text = ", ".join(f"{w}: {c}" for w, c in swapped)
                assert _score(problem, text).reward == 0.0, text
                hit += 1
                break
    assert hit >= 5


def test_written_differently_still_scores_one():
    problem = _gen(ENV, 1, question="top_k", length=40, vocabulary=8)
    pairs = problem.meta["pairs"]
    for text in (
        ", ".join(f"{w}: {c}" for w, c in pairs),
        "\n".join(f"{w.upper()} = {c}" for w, c in pairs),
        "{" + ", ".join(f'"{w}": {c}' for w, c in pairs) + "}",
        "; ".join(f"{w}: {c}" for w, c in pairs) + ".",
    ):
        assert _score(problem, text).reward == 1.0, text
    problem = _gen(ENV, 1, question="exactly", length=40, vocabulary=8)
    found = problem.meta["words"]
    for text in (", ".join(found), " ".join(reversed(found)), str(found).replace("'", '"')):
        assert _score(problem, text).reward == 1.0, text


def test_wrong_missing_extra_and_hedged_answers_fail():
    problem = _gen(ENV, 1, question="top_k", length=40, vocabulary=8)
    pairs = problem.meta["pairs"]
    right = ", ".join(f"{w}: {c}" for w, c in pairs)
    counts = Counter(words(problem.prompt))
    outside = next(w for w in counts if w not in dict(pairs))
    for text in (
        ", ".join(f"{w}: {c + (i == 0)}" for i, (w, c) in enumerate(pairs)),
        ", ".join(f"{w}: {c}" for w, c in pairs[:-1]),
        right + f", {outside}: {counts[outside]}",
        right + f", {pairs[0][0]}: {pairs[0][1]}",
        right + " or so",
        ", ".join(w for w, _ in pairs),
        ", ".join(f"{w}: {c}" for w, c in reversed(pairs)),
        "0",
        "none",
    ):
        assert _score(problem, text).reward == 0.0, text
    problem = _gen(ENV, 1, question="exactly", length=40, vocabulary=8)
    found = problem.meta["words"]
    others = [w for w in Counter(words(problem.prompt)) if w not in found]
    for text in (
        ", ".join(found[:-1]),
        ", ".join([*found, others[0]]),
        ", ".join([*found, found[0]]),
        ", ".join(found) + ": 3",
        "none",
    ):
        assert _score(problem, text).reward == 0.0, text
    problem = _gen(ENV, 1, question="count", length=40, vocabulary=8)
    pairs = problem.meta["pairs"]
    assert _score(problem, ", ".join(str(c) for _, c in pairs)).reward == 0.0
    assert _score(problem, f"{pairs[0][0]}: {pairs[0][1]}").reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_verifier_property(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    answer = reference(problem)
    assert _score(problem, answer).reward == 1.0
    if problem.meta["question"] == "exactly":
        assert _score(problem, answer.rsplit(", ", 1)[0]).reward == 0.0
    else:
        first, count = problem.meta["pairs"][0]
        off = answer.replace(f"{first}: {count}", f"{first}: {count + 1}", 1)
        assert _score(problem, off).reward == 0.0


def test_numbered_rankings_count_up_and_a_word_twice_is_a_hedge():
    """Review: a numbered ranking (``1. cat: 9``) was unparsable; it must score 1 when
    numbered 1, 2, 3, ... and fail when the numbers disagree with the order written."""
    problem = _gen(ENV, 2, question="top_k", length=40, vocabulary=8, messy=True)
    counts = Counter(words(problem.prompt))
    pairs = problem.meta["pairs"]
    assert all(counts[w] == c for w, c in pairs)
    numbered = "\n".join(f"{i}. {w}: {c}" for i, (w, c) in enumerate(pairs, 1))
    assert _score(problem, numbered).reward == 1.0
    assert _score(problem, "\n".join(f"- `{w}`: {c}" for w, c in pairs)).reward == 1.0
    backwards = "\n".join(f"{len(pairs) - i}. {w}: {c}" for i, (w, c) in enumerate(reversed(pairs)))
    assert _score(problem, backwards).reward == 0.0
    w, c = pairs[0]
    rest = ", ".join(f'"{x}": {y}' for x, y in pairs)
    for text in (
        "{" + rest + f', "{w}": {c + 1}' + "}",
        "{" + f'"{w}": {c + 1}, ' + rest + "}",
        ", ".join(f"{x}: {y}" for x, y in pairs) + f" and {w.upper()}: {c - 1}",
    ):
        assert _score(problem, text).reward == 0.0, text
