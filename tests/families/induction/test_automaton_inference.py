"""What ``rlvr/AutomatonInference-v0`` must do beyond the generic family contract: the hidden
automaton with its states renamed scores 1, a changed one scores exactly when it still labels
every listed string right (simulated here), and too many states or a missing transition
score 0."""

from __future__ import annotations

import itertools
import re

from tests.families.induction.helpers import _gen, _score

ENV = "rlvr/AutomatonInference-v0"


def _parse(answer):
    accept = {int(s) for s in re.match(r"accept: ([\d ]*);", answer).group(1).split()}
    moves = {(int(s), a): int(t) for s, a, t in re.findall(r"(\d+) (\w) -> (\d+)", answer)}
    return moves, accept


def _write(moves, accept):
    head = "accept: " + " ".join(map(str, sorted(accept)))
    return "\n".join([head, *(f"{s} {a} -> {t}" for (s, a), t in sorted(moves.items()))])


def _labels_right(problem, moves, accept):
    def final(word):
        state = 1
        for a in word:
            state = moves[(state, a)]
        return state

    return all(final(w) in accept for w in problem.meta["accepted"]) and not any(
        final(w) in accept for w in problem.meta["rejected"]
    )


def test_renamed_automata_score_one_and_changed_ones_as_simulated():
    for seed in range(10):
        problem = _gen(ENV, seed, 0.5)
        moves, accept = _parse(problem.answer)
        n = problem.meta["states"]
        assert _labels_right(problem, moves, accept)
        for perm in itertools.permutations(range(2, n + 1)):
            rename = {1: 1, **dict(zip(range(2, n + 1), perm))}
            renamed = {(rename[s], a): rename[t] for (s, a), t in moves.items()}
            assert _score(problem, _write(renamed, {rename[s] for s in accept})) == 1.0
        for state in range(1, n + 1):
            flipped = accept ^ {state}
            expected = _labels_right(problem, moves, flipped)
            assert _score(problem, _write(moves, flipped)) == float(expected)
        for key in moves:
            for target in range(1, n + 1):
                changed = {**moves, key: target}
                expected = _labels_right(problem, changed, accept)
                assert _score(problem, _write(changed, accept)) == float(expected)
        missing = dict(moves)
        missing.pop((1, "b"))
        assert _score(problem, _write(missing, accept)) == 0.0
        extra = {**moves, (n + 1, "a"): 1, (n + 1, "b"): 1}
        assert _score(problem, _write(extra, accept)) == 0.0
        assert _score(problem, "accept: 1; 1 a -> 1; 1 b -> 1") == 0.0
        assert _score(problem, "accept:; 1 a -> 1; 1 b -> 1") == 0.0
        assert _score(problem, problem.answer.split(";", 1)[1]) == 0.0  # no accept line
