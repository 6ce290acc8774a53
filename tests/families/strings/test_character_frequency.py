"""What ``rlvr/CharacterFrequency-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from collections import Counter

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/CharacterFrequency-v0"


def _rank(text, k, tie_break):
    """Rank by brute force: a letter's place is the number of letters that beat it."""
    letters = text.replace(" ", "")
    counts = Counter(letters)

    def beats(a, b):
        if counts[a] != counts[b]:
            return counts[a] > counts[b]
        return a < b if tie_break == "alphabetical" else letters.find(a) < letters.find(b)

    places = {c: sum(beats(o, c) for o in counts) for c in counts}
    return [c for c, _ in sorted(places.items(), key=lambda item: item[1])][:k]


def test_answers_match_a_brute_force_ranking_and_ties_matter():
    tied = 0
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        meta = problem.meta
        expected = _rank(meta["text"], meta["k"], meta["tie_break"])
        assert problem.answer == " ".join(expected)
        assert _score(problem, ", ".join(expected)) == 1.0
        if len(expected) > 1:
            assert _score(problem, " ".join(expected[::-1])) == 0.0
        other = "alphabetical" if meta["tie_break"] == "first_seen" else "first_seen"
        tied += _rank(meta["text"], meta["k"], other) != expected
    assert tied >= 3  # the tie-break decides the answer often enough to matter
