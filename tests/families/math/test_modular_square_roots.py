"""What ``rlvr/ModularSquareRoots-v0`` must do beyond the generic family contract.

Several "none" answers can be right (any prime power witness), so the generic perturbation
test does not run here: the tests below show that wrong sets and witnesses fail.
"""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/ModularSquareRoots-v0"


def _witnesses(a, m):
    """Every prime power q | m modulo which a has no square root (sympy as the oracle)."""
    return [
        p**k
        for p, e in sympy.factorint(m).items()
        for k in range(1, e + 1)
        if not sympy.sqrt_mod(a, p**k, all_roots=True)
    ]


def _set(values):
    return "{" + ", ".join(str(v) for v in values) + "}"


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_reference_answer_matches_sympy_and_perturbations_fail(seed, difficulty, data):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    a, m = problem.meta["a"], problem.meta["m"]
    roots = sorted(sympy.sqrt_mod(a, m, all_roots=True))
    if roots:
        assert problem.answer == _set(roots)
        assert _score(problem, _set(roots[::-1])).reward == 1.0
        index = data.draw(st.integers(0, len(roots) - 1))
        changed = [*roots[:index], (roots[index] + 1) % m, *roots[index + 1 :]]
        assert _score(problem, _set(changed)).reward == 0.0
        assert _score(problem, _set(roots[:index] + roots[index + 1 :]) if len(roots) > 1
                      else "{}").reward == 0.0  # fmt: skip
        assert _score(problem, f"none, mod {m}").reward == 0.0
    else:
        witnesses = _witnesses(a, m)
        assert witnesses and problem.answer.startswith("none, mod ")
        for q in witnesses:
            assert _score(problem, f"none, mod {q}").reward == 1.0
        others = [d for d in sympy.divisors(m) if d > 1 and d not in witnesses]
        for d in others[:5]:
            assert _score(problem, f"none, mod {d}").reward == 0.0, d


def _find(root: bool, **knobs):
    for seed in range(500):
        problem = _gen(ENV, seed, **knobs)
        if bool(problem.meta["roots"]) == root:
            return problem
    raise AssertionError("not found")


def test_root_set_forms():
    problem = _find(True, modulus="composite", digits=2, factors=2)
    roots, m = problem.meta["roots"], problem.meta["m"]
    assert len(roots) >= 2
    latex = "\\{" + ", ".join(map(str, roots)) + "\\}"
    for good in (_set(roots), _set(roots[::-1]), latex, " " + _set(roots) + "."):
        assert _score(problem, good).reward == 1.0, good
    for bad in (_set([*roots, roots[0]]), _set([*roots, m + roots[0]]), _set(roots[1:]),
                _set([roots[0] + m, *roots[1:]]), _set([-(m - roots[0]), *roots[1:]]),
                "none, mod 2"):  # fmt: skip
        assert _score(problem, bad).reward == 0.0, bad
    for bad in (", ".join(map(str, roots)), "{" + f"{roots[0]}.0" + "}", "none", "{x}"):
        assert _score(problem, bad).reason == "unparsable", bad


def test_a_witness_must_be_a_prime_power_divisor_without_roots():
    problem = _find(False, modulus="composite", digits=2, factors=3)
    a, m = problem.meta["a"], problem.meta["m"]
    witnesses = _witnesses(a, m)
    q = witnesses[0]
    for good in (f"none, mod {q}", f"None, mod {q}.", f"NONE ,  MOD {q}"):
        assert _score(problem, good).reward == 1.0, good
    assert _score(problem, f"none, mod {m}").reward == 0.0  # m itself: not a prime power
    for bad in ("none", f"none, modulo {q}", f"none, mod {q}/1", "none mod 3", f"none, p = {q}"):
        assert _score(problem, bad).reason == "unparsable", bad


def test_no_root_instances_are_rare():
    task = rlvr_envs.make_task(ENV)
    nones = sum(task.generate(seed=s, difficulty=0.5).answer.startswith("none") for s in range(300))
    assert 0.02 < nones / 300 < 0.15


def test_latex_wrappers_and_mod_spellings_score_one():
    """Review fix: ``$\\{...\\}$``, ``\\left\\{...\\right\\}`` and ``\\bmod``/``\\pmod{q}`` were
    refused although the set or witness was right."""
    problem = _find(True, modulus="composite", digits=2, factors=2)
    inner = ", ".join(map(str, problem.meta["roots"]))
    for good in (f"$\\{{{inner}\\}}$", f"\\left\\{{{inner}\\right\\}}", f"{{{inner}}}.",
                 f"\\(\\{{{inner}\\}}\\)"):  # fmt: skip
        assert _score(problem, good).reward == 1.0, good
    assert _score(problem, f"$\\{{{inner}, 0\\}}$").reward == 0.0
    problem = _find(False, modulus="composite", digits=2, factors=3)
    a, m = problem.meta["a"], problem.meta["m"]
    witnesses = _witnesses(a, m)
    q = witnesses[0]
    for good in (f"$none, mod {q}$", f"none, \\bmod {q}", f"none, \\pmod{{{q}}}",
                 f"none, (mod {q})", f"\\text{{none, mod {q}}}"):  # fmt: skip
        assert _score(problem, good).reward == 1.0, good
    others = [p**k for p, e in sympy.factorint(m).items() for k in range(1, e + 1)]
    for bad in [*[w for w in others if w not in witnesses][:2], m]:
        assert _score(problem, f"none, \\pmod{{{bad}}}").reward == 0.0, bad
