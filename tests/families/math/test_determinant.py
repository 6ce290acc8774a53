"""What ``rlvr/Determinant-v0`` must do beyond the generic family contract (sympy oracle)."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.matrices import matrix_text
from tests.families.math.helpers import _gen, _score

ID = "rlvr/Determinant-v0"


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_sympys_determinant_and_a_neighbour_fails(seed, difficulty):
    import rlvr_envs

    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    value = sympy.Matrix(problem.meta["matrix"]).det()
    assert int(problem.answer) == value
    assert _score(problem, str(value)).reward == 1.0
    assert _score(problem, str(value + 1)).reward == 0.0
    assert _score(problem, str(-value)).reward == (1.0 if value == 0 else 0.0)


def test_every_size_and_construction_matches_sympy():
    for size in range(2, 7):
        for construction in ("random", "disguised"):
            for seed in range(5):
                problem = _gen(ID, seed, size=size, construction=construction, entries=9)
                matrix = problem.meta["matrix"]
                assert len(matrix) == size and all(len(row) == size for row in matrix)
                assert int(problem.answer) == sympy.Matrix(matrix).det()


def test_other_written_forms_and_refusals():
    problem = next(p for s in range(200) if abs(int((p := _gen(ID, s, size=5,
                   construction="disguised", entries=12)).answer)) >= 1000)  # fmt: skip
    value = int(problem.answer)
    grouped = f"{value:,}"
    assert _score(problem, grouped).reward == 1.0  # 1,234 is the same integer
    assert _score(problem, f"{value}.0").reward == 0.0  # a decimal where an integer is asked
    assert _score(problem, f"{2 * value}/2").reward == 0.0  # a quotient, not a value
    assert _score(problem, f"det({matrix_text(problem.meta['matrix'])})").reward == 0.0
    assert _score(problem, "").reward == 0.0


def test_the_disguised_construction_hides_a_large_determinant_in_a_dense_matrix():
    dense = big = 0
    for seed in range(40):
        problem = _gen(ID, seed, size=5, construction="disguised", entries=12)
        matrix = problem.meta["matrix"]
        dense += sum(row.count(0) for row in matrix) <= 5
        big += abs(int(problem.answer)) >= 100
    assert dense >= 35 and big >= 25


def test_no_constant_answer_earns_much_even_at_difficulty_0():
    # 2x2 matrices with entries up to 4 made "0" right on 9 problems in 100
    answers = [rlvr_envs.make_task(ID).generate(seed=s, difficulty=0.0).answer for s in range(1500)]
    assert max(answers.count(a) for a in set(answers)) <= 0.07 * len(answers)
