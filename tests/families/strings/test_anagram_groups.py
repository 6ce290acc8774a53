"""What ``rlvr/AnagramGroups-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from collections import Counter

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/AnagramGroups-v0"


def _groups(words):
    """Anagram classes by letter counts (not sorted letters, as the family does)."""
    groups = []
    for word in words:
        for group in groups:
            if Counter(group[0]) == Counter(word):
                group.append(word)
                break
        else:
            groups.append([word])
    return groups


def test_any_order_of_the_right_partition_scores_one_and_wrong_ones_fail():
    for seed in range(20):
        problem = _gen(ENV, seed, seed / 19)
        groups = _groups(problem.meta["words"])
        shuffled = [g[::-1] for g in groups[::-1]]
        assert _score(problem, "; ".join(", ".join(g) for g in shuffled)) == 1.0
        assert _score(problem, "\n".join(",".join(g) + ";" for g in groups)) == 1.0
        merged = [groups[0] + groups[1], *groups[2:]]
        assert _score(problem, "; ".join(", ".join(g) for g in merged)) == 0.0
        singletons = [[w] for g in groups for w in g]
        assert _score(problem, "; ".join(", ".join(g) for g in singletons)) == 0.0
        assert _score(problem, "; ".join(", ".join(g) for g in groups[1:])) == 0.0
        assert _score(problem, ", ".join(problem.meta["words"])) == 0.0
