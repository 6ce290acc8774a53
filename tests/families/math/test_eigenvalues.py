"""What ``rlvr/Eigenvalues-v0`` must do beyond the generic family contract (sympy oracle)."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ID = "rlvr/Eigenvalues-v0"


def _with_mode(mode, **knobs):
    for seed in range(300):
        problem = _gen(ID, seed, **knobs)
        if problem.meta["mode"] == mode:
            yield problem


def _tuple(vector) -> str:
    return "(" + ", ".join(str(x) for x in vector) + ")"


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_sympy_agrees_and_other_valid_answers_score(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    a = sympy.Matrix(problem.meta["matrix"])
    spectrum = sorted(v for v, m in a.eigenvals().items() for _ in range(m))
    if problem.meta["mode"] == "eigenvalues":
        assert [int(x) for x in problem.answer.split(", ")] == spectrum
        assert _score(problem, ", ".join(str(v) for v in reversed(spectrum))).reward == 1.0
        bumped = [*spectrum[:-1], spectrum[-1] + 1]
        assert _score(problem, ", ".join(str(v) for v in bumped)).reward == 0.0
        assert _score(problem, ", ".join(str(v) for v in spectrum[:-1])).reward == 0.0
    else:
        lam = problem.meta["eigenvalue"]
        assert lam in spectrum
        space = (a - lam * sympy.eye(a.rows)).nullspace()
        for vector in space:  # sympy's basis, with fractions, and multiples of it
            assert _score(problem, _tuple(vector)).reward == 1.0
            assert _score(problem, _tuple(-3 * vector / 2)).reward == 1.0
        assert _score(problem, _tuple([0] * a.rows)).reward == 0.0
        other = next(v for v in (sympy.eye(a.rows)[:, j] for j in range(a.rows))
                     if a * v != lam * v)  # fmt: skip
        assert _score(problem, _tuple(space[0] + other)).reward == 0.0


def test_repeated_eigenvalues_are_listed_with_multiplicity():
    for problem in list(_with_mode("eigenvalues", size=4, repeated=True))[:10]:
        values = [int(x) for x in problem.answer.split(", ")]
        assert len(values) == 4 and len(set(values)) <= 3
        distinct = ", ".join(str(v) for v in sorted(set(values)))
        assert _score(problem, distinct).reward == 0.0  # a multiplicity is missing
        assert _score(problem, "{" + distinct + "}").reward == 0.0


def test_written_forms_are_strict():
    problem = next(_with_mode("eigenvalues", size=3))
    assert _score(problem, problem.answer.replace(", ", ",")).reward == 1.0
    assert _score(problem, problem.answer.replace(", ", ".0, ")).reason == "unparsable"
    assert _score(problem, "lambda^3 - 2lambda").reward == 0.0
    vector_problem = next(_with_mode("eigenvector", size=3))
    answer = vector_problem.answer
    assert _score(vector_problem, answer.strip("()")).reason == "unparsable"  # a tuple is asked
    assert _score(vector_problem, answer.replace("(", "(2/2*")).reason == "unparsable"


def test_constant_eigenvectors_and_spectra_earn_little():
    problems = [rlvr_envs.make_task(ID).generate(seed=s, difficulty=0.5) for s in range(60)]
    guesses = ["(1, 0, 0)", "(0, 1, 0)", "(0, 0, 1)", "(1, 1, 1)", "(1, -1, 0)", "0, 1, 2",
               "1, 1, 1", *(p.answer for p in problems)]  # fmt: skip
    for guess in guesses:
        assert sum(_score(p, guess).reward for p in problems) / len(problems) <= 0.10, guess


def _latex_tuple(values) -> str:
    def one(v):
        v = sympy.Rational(v)
        if v.q == 1:
            return str(v.p)
        return (r"-\frac{%d}{%d}" if v < 0 else r"\frac{%d}{%d}") % (abs(v.p), v.q)

    return r"\left(" + ", ".join(one(v) for v in values) + r"\right)"


def test_latex_fractions_and_left_right_eigenvectors_score():
    # ``\frac{1}{2}`` entries and ``\left( \right)`` were unparsable
    checked = 0
    for seed in range(200):
        problem = _gen(ID, seed, size=3)
        if problem.meta["mode"] != "eigenvector":
            continue
        a, lam = sympy.Matrix(problem.meta["matrix"]), problem.meta["eigenvalue"]
        (vector, *_) = (a - lam * sympy.eye(3)).nullspace()
        scaled = vector * sympy.Rational(-3, 2)  # another eigenvector, with fractions
        assert _score(problem, _latex_tuple(scaled)).reward == 1.0
        assert _score(problem, _latex_tuple(vector)).reward == 1.0
        assert _score(problem, _latex_tuple([0, 0, 0])).reward == 0.0  # zero vector
        assert _score(problem, _latex_tuple(vector * 2 + sympy.Matrix([1, 0, 0]))).reward == 0.0
        checked += 1
        if checked == 8:
            break
    assert checked == 8
