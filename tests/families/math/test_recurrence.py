"""What ``rlvr/Recurrence-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/Recurrence-v0"
N = sympy.Symbol("n")


def _sequence(problem, count: int) -> list[int]:
    """Iterate the recurrence as the prompt states it (independent of the closed form)."""
    first = problem.prompt.split("\n")[0]
    relation = first.split("a_n = ")[1].split(" for n >=")[0]
    starts = [int(v) for v in re.findall(r"a_\d = (-?\d+)", first)]
    expr = relation.replace("a_{n-1}", "U").replace("a_{n-2}", "V")
    rhs = _sym(expr)
    a1, a2 = sympy.symbols("U V")
    terms = list(starts)
    while len(terms) < count:
        n = len(terms)
        value = rhs.subs({a1: terms[-1], a2: terms[-2] if n >= 2 else 0, N: n})
        terms.append(int(value))
    return terms


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_matches_iteration(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    if problem.meta["mode"] == "value":
        terms = _sequence(problem, problem.meta["index"] + 1)
        assert int(problem.answer) == terms[-1]
        assert _score(problem, str(terms[-1] + 1)).reward == 0.0
        if terms[-2] != terms[-1]:  # a_n = 9a_{n-2} with a_0 = a_1 repeats each value twice
            assert _score(problem, str(terms[-2])).reward == 0.0
        return
    terms = _sequence(problem, 20)
    closed = _sym(problem.answer.replace("\\cdot", "*").replace("{", "(").replace("}", ")"))
    assert [closed.subs(N, k) for k in range(20)] == terms
    # an equivalent closed form written differently scores; a near miss does not
    expanded = sympy.sstr(sympy.expand(closed)).replace("**", "^")
    assert _score(problem, expanded).reward == 1.0
    assert _score(problem, f"{expanded} + 1").reward == 0.0


def test_restating_the_recurrence_or_other_variables_fails():
    for seed in range(20):
        problem = _gen(ID, seed, kind="distinct", size=4)
        if problem.meta["mode"] != "closed":
            continue
        relation = problem.prompt.split("a_n = ")[1].split(" for n")[0]
        assert _score(problem, relation).reward == 0.0
        assert _score(problem, "a_{n-1} + a_{n-2}").reward == 0.0
        assert _score(problem, problem.answer.replace("n", "k")).reward == 0.0


def test_forms_that_agree_only_on_a_few_terms_fail():
    problem = next(
        p for s in range(50) if (p := _gen(ID, s, kind="forced", size=5)).meta["mode"] == "closed"
    )
    closed = problem.answer
    # equal at n = 0..5 but not beyond
    bump = "n(n - 1)(n - 2)(n - 3)(n - 4)(n - 5)"
    assert _score(problem, f"{closed} + {bump}").reward == 0.0


def test_closed_form_may_name_a_n():
    """Review fix: ``a_n = <closed form>`` (the prompt asks for "a closed form for a_n")
    scored 0; restating the recurrence still fails."""
    for seed in range(60):
        problem = _gen(ID, seed, kind="forced", size=7)
        if problem.meta["mode"] == "closed":
            break
    assert _score(problem, f"a_n = {problem.answer}").reward == 1.0
    assert _score(problem, f"a_{{n}} = {problem.answer}").reward == 1.0
    assert _score(problem, f"b_n = {problem.answer}").reward == 0.0
    assert _score(problem, "a_n = a_n").reward == 0.0


# -- issue 26: terms that vanish at the indices the check looks at --------------------------
def _closed_problems(count: int, **knobs):
    found, seed = [], 0
    while len(found) < count:
        problem = _gen(ID, seed, **knobs) if knobs else rlvr_envs.make_task(ID).generate(seed=seed)
        if problem.meta["mode"] == "closed":
            found.append(problem)
        seed += 1
    return found


HACKS = [
    # zero at the indices checked before the fix (0..30, 37, 50, 64), not elsewhere
    " + " + "".join(f"(n - {k})" for k in [*range(31), 37, 50, 64]),
    # zero at every index below 1000 (or 10^6) and not after
    " + \\binom{n}{1000}",
    " + |n - 1000| + n - 1000",
    " + \\sqrt{(n - 1000000)^{2}} + n - 1000000",
    " + 0^{1000 - n}",
]


@settings(max_examples=10, deadline=None)
@given(
    index=st.integers(0, 5),
    kind=st.sampled_from(["first_order", "distinct", "repeated", "forced"]),
    hack=st.sampled_from(HACKS),
)
def test_terms_vanishing_on_the_checked_indices_earn_nothing(index, kind, hack):
    problem = _closed_problems(index + 1, kind=kind, size=4)[index]
    assert _score(problem, problem.answer).reward == 1.0
    assert _score(problem, problem.answer + hack).reward == 0.0


@settings(max_examples=10, deadline=None)
@given(
    index=st.integers(0, 5),
    kind=st.sampled_from(["first_order", "distinct", "repeated", "forced"]),
    extra=st.sampled_from(["", " + \\sin(\\pi n)", " + \\sin(2\\pi n)\\cdot n^{2}"]),
)
def test_equivalent_closed_forms_written_otherwise_score(index, kind, extra):
    problem = _closed_problems(index + 1, kind=kind, size=4)[index]
    closed = _sym(problem.answer.replace("\\cdot", "*").replace("{", "(").replace("}", ")"))
    rewritten = [
        sympy.expand(closed),
        sympy.factor(closed),
        closed.replace(lambda e: e.is_Pow and e.exp == N, lambda e: e.base * e.base ** (N - 1)),
        closed.subs(sympy.Integer(-1) ** N, sympy.cos(sympy.pi * N)),
    ]
    for form in rewritten:
        text = sympy.sstr(form).replace("**", "^")
        assert _score(problem, text + extra).reward == 1.0, text
    # a polynomial part as binomials: n(n - 1)/2 is binom(n, 2)
    assert _score(problem, f"{problem.answer} + \\binom{{n}}{{2}} - \\frac{{n(n-1)}}{{2}}").correct
