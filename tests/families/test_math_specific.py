"""What is specific to the math families beyond the generic family contract.

Answer forms each family enforces, base-conversion answer parsing, quadratic
double roots, unique solutions of linear systems, and brute-force checks of the closed forms
behind the generated answers. Reference values here are recomputed independently (sympy is
fine in tests: it only ever sees our own generated text, never model output).
"""

from __future__ import annotations

import cmath
import itertools
import json
import math
import re
import subprocess
import sys
from fractions import Fraction

import pytest
import sympy
from sympy.parsing.sympy_parser import (
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)

import rlvr_envs
from rlvr_envs.families.math.base_conversion import to_base
from rlvr_envs.families.math.combinatorics import _LEVELS
from rlvr_envs.families.math.polynomials import poly_mul, polynomial_text
from rlvr_envs.families.math.word_problems import number_text
from rlvr_envs.registry import format_answer
from rlvr_envs.verifiers.mathparse import parse
from rlvr_envs.verifiers.symbolic import to_sympy

MY_IDS = [
    "rlvr/FractionArithmetic-v0", "rlvr/LinearEquation-v0", "rlvr/LinearSystem-v0",
    "rlvr/Quadratic-v0", "rlvr/PolynomialExpand-v0", "rlvr/PolynomialFactor-v0",
    "rlvr/ModularArithmetic-v0", "rlvr/GcdLcm-v0", "rlvr/BaseConversion-v0",
    "rlvr/Combinatorics-v0", "rlvr/Sequences-v0", "rlvr/WordProblems-v0",
]  # fmt: skip
_TRANSFORMS = (*standard_transformations, implicit_multiplication_application)
X = sympy.Symbol("x")


def _sym(text: str):
    """Our own generated text (never model output) as a sympy expression."""
    return parse_expr(text.replace("^", "**"), transformations=_TRANSFORMS)


def _score(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _gen(env_id: str, seed: int, **knobs):
    return rlvr_envs.make_task(env_id).generate(seed=seed, knobs=knobs or None)


# -- polynomials: the forms the prompts ask for ----------------------------------------------
def test_expand_rejects_the_product_copied_back_but_accepts_any_term_order():
    for seed in range(20):
        problem = _gen("rlvr/PolynomialExpand-v0", seed)
        product = problem.meta["expression"]
        assert _sym(product).expand() == _sym(problem.answer)
        copied = _score(problem, product)
        assert copied.reward == 0.0 and "do the arithmetic" in copied.details["form"]
        terms = re.split(r" (?=[+-] )", problem.answer)
        reordered = " ".join(reversed(terms[1:])) + " + " + terms[0]
        assert _score(problem, reordered.lstrip("+ ")).reward == 1.0, reordered


def test_expand_rejects_like_terms_left_uncollected():
    for seed in range(10):
        problem = _gen("rlvr/PolynomialExpand-v0", seed)
        degree = sympy.degree(_sym(problem.answer), X)
        split = f"{problem.answer} + 2x^{degree} - 2x^{degree}"
        assert _sym(split).expand() == _sym(problem.answer)
        verdict = _score(problem, split)
        assert verdict.reward == 0.0 and "like terms" in verdict.details["form"]


def _factor_text(factor: tuple[int, int], power: int, flip: bool) -> str:
    """``(a x + b)^power`` written independently of the family, sign-flipped when asked."""
    a, b = (-factor[0], -factor[1]) if flip else factor
    lead = "x" if a == 1 else "-x" if a == -1 else f"{a}x"
    body = lead if b == 0 else f"{lead} {'+' if b > 0 else '-'} {abs(b)}"
    text = body if b == 0 and a == 1 else f"({body})"
    return text if power == 1 else f"{text}^{power}"


def test_factor_rejects_the_expanded_polynomial_but_accepts_other_factorings():
    for seed in range(20):
        problem = _gen("rlvr/PolynomialFactor-v0", seed, leading=3)
        expanded = _score(problem, problem.meta["polynomial"])
        assert expanded.reward == 0.0 and "form" in expanded.details
        roots, lead = problem.meta["roots"], problem.meta["leading"]
        assert (
            sympy.expand(lead * sympy.prod(X - r for r in roots)) == _sym(problem.answer).expand()
        )
        assert _sym(problem.answer).expand() == _sym(problem.meta["polynomial"])
        counts = {r: roots.count(r) for r in roots}
        pairs = [(bool((seed >> i) & 1), r) for i, r in enumerate(reversed(list(counts)))]
        sign = (-1) ** sum(flip and counts[r] % 2 for flip, r in pairs)
        factors = [_factor_text((1, -r), counts[r], flip) for flip, r in pairs]
        shuffled = f"({lead * sign})" + "".join(factors)
        assert sympy.expand(_sym(shuffled)) == sympy.expand(_sym(problem.answer)), shuffled
        assert _score(problem, shuffled).reward == 1.0, shuffled


def test_factor_rejects_repeats_written_out_content_inside_and_fractional_factors():
    for seed in range(10):
        problem = _gen("rlvr/PolynomialFactor-v0", seed, degree=3, roots=4, leading=3)
        roots, lead = problem.meta["roots"], problem.meta["leading"]
        rest = "".join(_factor_text((1, -r), 1, False) for r in roots[1:])
        if rest.startswith("x"):
            rest = "*" + rest
        first = roots[0]
        content_inside = f"{_factor_text((2, -2 * first), 1, False)}{rest}"
        halves = f"({2 * lead})(x/2 + {Fraction(-first, 2)}){rest}"
        written_out = f"({lead}){_factor_text((1, -first), 1, False)}{rest}"
        candidates = [halves, written_out if len(set(roots)) < len(roots) else None]
        if lead == 2 and first != 0:  # (2x) is the content times the factor x: canonical
            candidates.append(content_inside)
        for text in filter(None, candidates):
            assert sympy.expand(_sym(text)) == sympy.expand(_sym(problem.answer)), text
            verdict = _score(problem, text)
            assert verdict.reward == 0.0 and verdict.details.get("form"), (text, verdict)


def test_polynomial_rendering():
    assert polynomial_text([-2, 0, 1]) == "x^2 - 2"
    assert polynomial_text([0, -1, 0, 3]) == "3x^3 - x"
    assert polynomial_text([0]) == "0"
    assert poly_mul([1, 1], [-1, 1]) == [-1, 0, 1]
    problem = _gen("rlvr/PolynomialFactor-v0", 0, degree=3)
    assert "x^1" not in problem.answer and "1(" not in problem.answer[:2]


# -- equations -----------------------------------------------------------------------------
@pytest.mark.parametrize("form", ["simple", "both_sides", "parentheses", "fractions", "nested"])
@pytest.mark.parametrize("solution", ["integer", "fraction"])
def test_linear_equation_answer_is_the_unique_solution(form, solution):
    for seed in range(15):
        problem = _gen("rlvr/LinearEquation-v0", seed, form=form, solution=solution)
        lhs, rhs = problem.meta["equation"].split(" = ")
        roots = sympy.solve(sympy.Eq(_sym(lhs), _sym(rhs)), X)
        assert len(roots) == 1 and roots[0] == sympy.Rational(problem.answer)
        assert (roots[0].q == 1) == (solution == "integer")
        assert _score(problem, f"x = {problem.answer}").reward == 1.0


@pytest.mark.parametrize("solution", ["integer", "fraction"])
def test_the_linear_equation_fallback_answers_its_own_equation(monkeypatch, solution):
    # the equation used when every builder fails: its answer must still be its solution
    from rlvr_envs.families.math import linear_equation as equations

    monkeypatch.setattr(equations, "_FORMS", dict.fromkeys(equations._FORMS, lambda *a: None))
    problem = _gen("rlvr/LinearEquation-v0", 0, solution=solution)
    lhs, rhs = problem.meta["equation"].split(" = ")
    (root,) = sympy.solve(sympy.Eq(_sym(lhs), _sym(rhs)), X)
    assert root == sympy.Rational(problem.answer) and (root.q == 1) == (solution == "integer")


@pytest.mark.parametrize("variables", [2, 3, 4])
@pytest.mark.parametrize("solution", ["integer", "fraction"])
def test_linear_system_has_a_unique_solution_equal_to_the_answer(variables, solution):
    for seed in range(10):
        problem = _gen("rlvr/LinearSystem-v0", seed, variables=variables, solution=solution)
        names = sympy.symbols(problem.meta["variables"])
        equations = [
            sympy.Eq(_sym(lhs), _sym(rhs))
            for lhs, rhs in (e.split(" = ") for e in problem.meta["equations"])
        ]
        matrix, _ = sympy.linear_eq_to_matrix(equations, names)
        assert matrix.det() != 0
        (solution_set,) = sympy.linsolve(equations, names)
        expected = "(" + ", ".join(str(v) for v in solution_set) + ")"
        assert problem.answer == expected
        assert f"({', '.join(problem.meta['variables'])})" in problem.prompt
        assert _score(problem, problem.answer[1:-1]).reward == 1.0  # a bare list, in order
        swapped = problem.answer[1:-1].split(", ")
        if swapped[0] != swapped[1]:
            swapped[0], swapped[1] = swapped[1], swapped[0]
            assert _score(problem, ", ".join(swapped)).reward == 0.0


def _roots_of_answer(answer: str) -> list[complex]:
    node = parse(answer)
    items = node[1] if node[0] == "list" else [node]
    return [complex(sympy.N(to_sympy(item), 30)) for item in items]


@pytest.mark.parametrize("kind", ["integer", "rational", "gaussian", "irrational", "complex"])
def test_quadratic_answer_lists_every_distinct_root_once(kind):
    for seed in range(25):
        problem = _gen("rlvr/Quadratic-v0", seed, roots=kind, leading=4)
        c, b, a = problem.meta["coefficients"]
        roots = _roots_of_answer(problem.answer)
        disc = b * b - 4 * a * c
        expected = {(-b + cmath.sqrt(disc)) / (2 * a), (-b - cmath.sqrt(disc)) / (2 * a)}
        assert len(roots) == len({complex(round(r.real, 9), round(r.imag, 9)) for r in expected})
        for root in roots:
            assert abs(a * root * root + b * root + c) < 1e-9 * max(1, abs(c))
            assert (abs(root.imag) > 1e-12) == (kind in ("gaussian", "complex"))
        if kind == "irrational":
            assert "sqrt(" in problem.answer and "i" not in problem.answer
        if kind == "gaussian":
            assert "sqrt" not in problem.answer
        if kind == "complex":
            assert "sqrt(" in problem.answer and "i" in problem.answer


def test_quadratic_double_root_is_listed_once_and_twice_is_wrong():
    found = 0
    for seed in range(200):
        problem = _gen("rlvr/Quadratic-v0", seed, roots="integer", coefficients=2)
        c, b, a = problem.meta["coefficients"]
        if b * b != 4 * a * c:
            continue
        found += 1
        assert "," not in problem.answer
        assert _score(problem, problem.answer).reward == 1.0
        assert _score(problem, f"x = {problem.answer}").reward == 1.0
        assert _score(problem, f"{problem.answer}, {problem.answer}").reward == 0.0
    assert found >= 3
    assert "repeated root counts once" in problem.prompt


def test_quadratic_roots_are_accepted_in_any_order_and_with_plus_minus():
    problem = _gen("rlvr/Quadratic-v0", 3, roots="irrational")
    first, second = problem.answer.split(", ")
    assert _score(problem, f"{second}, {first}").reward == 1.0
    assert _score(problem, first).reward == 0.0


# -- number theory -------------------------------------------------------------------------
@pytest.mark.parametrize("operation", ["add", "mul", "pow", "inverse", "linear", "crt"])
def test_modular_answers_satisfy_their_conditions(operation):
    for seed in range(20):
        problem = _gen("rlvr/ModularArithmetic-v0", seed, operation=operation, digits=2)
        x, numbers = int(problem.answer), problem.meta["numbers"]
        if operation == "inverse":
            a, m = numbers
            assert 1 <= x < m and a * x % m == 1
        elif operation == "linear":
            a, b, c, m = numbers
            assert 0 <= x < m and (a * x + b) % m == c
        elif operation == "crt":
            half = len(numbers) // 2
            residues, moduli = numbers[:half], numbers[half:]
            assert all(x % m == r for r, m in zip(residues, moduli))
            assert 0 <= x < math.prod(moduli)
            assert all(math.gcd(p, q) == 1 for p, q in itertools.combinations(moduli, 2))
        else:
            m = numbers[-1]
            expression = re.search(r"Compute \((.*)\) mod", problem.prompt).group(1)
            assert 0 <= x < m and x == int(sympy.sympify(expression.replace("^", "**"))) % m


def test_gcd_lcm_answers():
    for seed, op in itertools.product(range(30), ["gcd", "lcm"]):
        problem = _gen("rlvr/GcdLcm-v0", seed, operation=op, count=3)
        numbers = problem.meta["numbers"]
        assert int(problem.answer) == (math.gcd if op == "gcd" else math.lcm)(*numbers)
    nontrivial = sum(int(_gen("rlvr/GcdLcm-v0", s).answer) > 1 for s in range(50))
    assert nontrivial > 35


def test_base_conversion_round_trips():
    for seed, direction in itertools.product(range(30), ["from_decimal", "to_decimal", "between"]):
        problem = _gen("rlvr/BaseConversion-v0", seed, direction=direction, max_base=36)
        meta = problem.meta
        assert int(meta["numeral"], meta["from_base"]) == int(problem.answer, meta["to_base"])
        assert problem.answer == problem.answer.upper()
        assert problem.answer == "0" or not problem.answer.startswith("0")
    assert to_base(255, 16) == "FF" and to_base(0, 2) == "0" and to_base(35, 36) == "Z"


def test_base_conversion_answer_parsing():
    problem = _gen("rlvr/BaseConversion-v0", 4, direction="from_decimal", digits=5)
    target = problem.meta["to_base"]
    answer = problem.answer
    right = [answer, answer.lower(), f" {answer} ", "00" + answer]
    for text in right:
        assert _score(problem, text).reward == 1.0, text
    assert _score(problem, answer + "_" + str(target)).reason == "unparsable"
    assert _score(problem, "-" + answer).reason == "unparsable"
    assert _score(problem, answer + "1").reason in ("wrong",)

    hexa = _gen("rlvr/BaseConversion-v0", 1, direction="from_decimal", max_base=16, digits=6)
    while hexa.meta["to_base"] != 16:
        hexa = _gen("rlvr/BaseConversion-v0", hexa.seed + 1, max_base=16, digits=6)
    assert "0x prefix is allowed" in hexa.prompt
    assert _score(hexa, "0x" + hexa.answer.lower()).reward == 1.0
    assert _score(hexa, "0X" + hexa.answer).reward == 1.0
    assert _score(hexa, "0b" + hexa.answer).reward == 0.0
    assert _score(hexa, "0x").reason == "unparsable"

    binary = _gen("rlvr/BaseConversion-v0", 0, direction="from_decimal", max_base=2)
    assert binary.meta["to_base"] == 2
    assert _score(binary, "0b" + binary.answer).reward == 1.0
    assert _score(binary, "0x" + binary.answer).reason == "unparsable"
    assert _score(binary, binary.answer.replace("1", "2", 1)).reason == "unparsable"


# -- combinatorics: closed forms against brute force -----------------------------------------
def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def _brute_force(template: str, question: str) -> int | None:
    nums = _numbers(question)
    if template == "word":
        word = re.search(r"letters of ([A-Z]+)", question).group(1)
        return len(set(itertools.permutations(word))) if len(word) <= 8 else None
    if template == "derangement":
        n = nums[0]
        return sum(all(p[i] != i for i in range(n)) for p in itertools.permutations(range(n)))
    if template == "at_most":
        total, boxes, cap = nums
        return sum(sum(t) == total for t in itertools.product(range(cap + 1), repeat=boxes))
    if template == "divisible":
        _one, limit, *divisors = nums  # "from 1 to N"
        hits = sum(any(k % d == 0 for d in divisors) for k in range(1, limit + 1))
        return limit - hits if "neither" in question else hits
    if template == "committee":
        men, women, size, *exact = nums
        people = ["m"] * men + ["w"] * women
        picks = list(itertools.combinations(range(men + women), size))
        if exact:
            return sum(sum(people[i] == "w" for i in p) == exact[0] for p in picks)
        return sum(any(people[i] == "w" for i in p) for p in picks)
    if template == "together":
        n = nums[0]
        adjacent = sum(abs(p.index(0) - p.index(1)) == 1 for p in itertools.permutations(range(n)))
        return adjacent if "must stand" in question else math.factorial(n) - adjacent
    if template == "minimum_each":
        coins, children, least = nums
        return sum(
            sum(t) == coins for t in itertools.product(range(least, coins + 1), repeat=children)
        )
    if template == "stars_bars":
        balls, boxes = nums
        return sum(sum(t) == balls for t in itertools.product(range(balls + 1), repeat=boxes))
    if template == "round_table":
        n = nums[0]
        seatings = {min(p[i:] + p[:i] for i in range(n)) for p in itertools.permutations(range(n))}
        return len(seatings)
    return None


def test_combinatorics_closed_forms_match_brute_force():
    checked = set()
    for level in _LEVELS:
        for seed in range(40):
            problem = _gen("rlvr/Combinatorics-v0", seed, level=level, n=6)
            template = problem.meta["template"]
            expected = _brute_force(template, problem.meta["question"])
            if expected is not None:
                assert int(problem.answer) == expected, (template, problem.prompt)
                checked.add(template)
    assert {"word", "derangement", "at_most", "divisible", "committee", "together"} <= checked


# -- sequences and word problems ---------------------------------------------------------------
@pytest.mark.parametrize("kind", ["arithmetic", "geometric", "quadratic", "cubic", "recurrence"])
def test_sequences_follow_their_stated_rule(kind):
    for seed in range(25):
        problem = _gen("rlvr/Sequences-v0", seed, kind=kind, shown=4, ahead=3)
        shown = problem.meta["shown"]
        if kind == "recurrence":
            a1, a2, a3, a4 = shown[:4]
            det = a2 * a2 - a1 * a3
            assert det != 0  # p and q are fixed by the shown terms
            p, q = Fraction(a3 * a2 - a4 * a1, det), Fraction(a4 * a2 - a3 * a3, det)
            seq = list(shown)
            while len(seq) < problem.meta["position"]:
                seq.append(p * seq[-1] + q * seq[-2])
            assert seq[: len(shown)] == shown
        else:
            degree = {"arithmetic": 1, "quadratic": 2, "cubic": 3}.get(kind)
            if degree is None:  # geometric
                ratio = Fraction(shown[1], shown[0])
                seq = [shown[0] * ratio**i for i in range(problem.meta["position"])]
            else:
                n = sympy.Symbol("n")
                poly = sympy.interpolate(list(enumerate(shown[: degree + 1], 1)), n)
                seq = [poly.subs(n, i) for i in range(1, problem.meta["position"] + 1)]
            assert seq[: len(shown)] == shown
        assert int(problem.answer) == seq[-1]
        assert len(shown) >= {"arithmetic": 3, "geometric": 3, "quadratic": 4}.get(kind, 5)


def test_number_text_is_canonical():
    assert number_text(Fraction(25, 2)) == "12.5"
    assert number_text(Fraction(-1, 8)) == "-0.125"
    assert number_text(Fraction(7)) == "7"
    assert number_text(Fraction(1, 3)) == "1/3"
    assert number_text(Fraction(1, 1024)) == "1/1024"  # more than 4 places: a fraction
    assert number_text(Fraction(1, 20)) == "0.05"


def test_word_problem_answers_are_positive_and_ages_whole():
    for seed, steps in itertools.product(range(40), [1, 3, 6]):
        problem = _gen("rlvr/WordProblems-v0", seed, steps=steps, magnitude=2)
        value = Fraction(problem.answer)
        assert value > 0, problem.prompt
        if problem.meta["template"] == "ages":
            assert value.denominator == 1
        assert _score(problem, problem.answer).reward == 1.0


# -- process hygiene -----------------------------------------------------------------------
def test_generating_and_verifying_never_imports_sympy_in_the_main_process():
    code = (
        "import json, sys, rlvr_envs\n"
        f"ids = {json.dumps(MY_IDS)}\n"
        "for env_id in ids:\n"
        "    task = rlvr_envs.make_task(env_id)\n"
        "    for seed in range(5):\n"
        "        p = task.generate(seed=seed, difficulty=0.9)\n"
        "        assert rlvr_envs.verify(p, rlvr_envs.oracle_completion(p)).reward == 1.0\n"
        "        rlvr_envs.verify(p, '<answer>(x + 1)(x - 1)</answer>')\n"
        "assert 'sympy' not in sys.modules, 'sympy imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


# -- every family: the value in a form the prompt rules out earns nothing ----------------------
def _rewrites(problem) -> list[str]:
    """Writings of the reference answer with its value but not the form the prompt asks for."""
    answer, form = problem.answer, rlvr_envs.make_task(problem.env_id).family.answer_form
    if form in ("integer", "rational", "number"):
        return [f"{answer} + 0", f"2 \\cdot {answer} / 2", f"{answer} cm", f"y = {answer}",
                f"({answer})^1", f"\\frac{{2 \\cdot ({answer})}}{{2}}"]  # fmt: skip
    if form == "tuple":
        head, *rest = answer.strip("()").split(", ")
        return [f"({head} + 0, {', '.join(rest)})", f"(2({head})/2, {', '.join(rest)})"]
    if form == "roots":
        head, *rest = answer.split(", ")
        return [", ".join([f"{head} + 0", *rest]), ", ".join([f"y = {head}", *rest])]
    if form == "polynomial":
        return [f"{answer} + x - x", f"2({answer})/2", f"1 \\cdot ({answer}) \\cdot 1"]
    if form == "factored":
        return [
            f"2 \\cdot {answer} / 2",
            f"({answer})(x + 1) / (x + 1)",
            f"1 \\cdot 1 \\cdot {answer}",
        ]
    return []


@pytest.mark.parametrize("env_id", [i for i in MY_IDS if i != "rlvr/BaseConversion-v0"])
def test_the_right_value_in_a_ruled_out_form_earns_nothing(env_id):
    task = rlvr_envs.make_task(env_id)
    rewrites = 0
    for seed in range(12):
        problem = task.generate(seed=seed, difficulty=seed / 11)
        for text in _rewrites(problem):
            if not any(mark in text for mark in ("cm", "=", ",")):  # a single value: keep it
                plain = re.sub(r"\\frac\{(.*)\}\{(.*)\}", r"((\1)/(\2))", text)
                plain = plain.replace("\\cdot", "*")
                assert sympy.simplify(_sym(plain) - _sym(problem.answer)) == 0, text
            verdict = _score(problem, text)
            assert verdict.reward == 0.0, (text, verdict)
            assert verdict.details.get("form") or verdict.reason == "unparsable", (text, verdict)
            rewrites += 1
        assert _score(problem, problem.answer).reward == 1.0
    assert rewrites >= 24
