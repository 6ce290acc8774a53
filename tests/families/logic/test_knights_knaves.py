"""What ``rlvr/KnightsKnaves-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _says, _score


def _roles_text(names: list[str], knight: tuple[bool, ...]) -> str:
    return ", ".join(f"{n}: {'knight' if k else 'knave'}" for n, k in zip(names, knight))


def test_knights_knaves_has_one_consistent_assignment_by_brute_force():
    for seed, difficulty in itertools.product(range(15), (0.0, 0.5, 1.0)):
        problem = _gen("rlvr/KnightsKnaves-v0", seed, difficulty)
        names, statements = problem.meta["names"], problem.meta["statements"]
        consistent = [
            knight
            for knight in itertools.product((False, True), repeat=len(names))
            if all(_says(s, list(knight)) == knight[i] for i, s in enumerate(statements))
        ]
        assert len(consistent) == 1
        assert _roles_text(names, consistent[0]) == problem.answer
        for knight in itertools.product((False, True), repeat=len(names)):
            verdict = _score(problem, _roles_text(names, knight))
            assert verdict.correct == (knight == consistent[0])


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_knights_knaves_flipping_any_roles_fails(seed, difficulty, data):
    problem = _gen("rlvr/KnightsKnaves-v0", seed, difficulty)
    names = problem.meta["names"]
    knight = [item.endswith("knight") for item in problem.answer.split(", ")]
    flips = data.draw(st.sets(st.integers(0, len(names) - 1), min_size=1))
    flipped = tuple(k != (i in flips) for i, k in enumerate(knight))
    consistent = all(
        _says(s, list(flipped)) == flipped[i] for i, s in enumerate(problem.meta["statements"])
    )
    assert not consistent  # the puzzle is unique, so any other roles break a statement
    assert _score(problem, _roles_text(names, flipped)).reward == 0.0


def test_knights_knaves_accepts_sentences_in_any_order():
    problem = _gen("rlvr/KnightsKnaves-v0", 4, people=3)
    items = problem.answer.split(", ")
    sentences = [f"{i.split(': ')[0]} is a {i.split(': ')[1]}." for i in reversed(items)]
    assert _score(problem, "\n".join(sentences)).reward == 1.0
    assert _score(problem, "; ".join(items).upper()).reward == 1.0
    assert _score(problem, ", ".join(items[:-1])).reason == "unparsable"
    assert _score(problem, problem.answer + ", " + items[0]).reason == "unparsable"


def test_knights_knaves_statements_read_in_the_speakers_voice():
    problem = _gen("rlvr/KnightsKnaves-v0", 0, people=4, depth=2)
    assert problem.prompt.count(" says: ") == 4
    for name in problem.meta["names"]:
        assert f'{name} says: "' in problem.prompt
