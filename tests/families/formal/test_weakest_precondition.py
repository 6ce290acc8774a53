"""``rlvr/WeakestPrecondition-v0``: the program and postcondition of the prompt, run here as
Python (the generator's own text), decide at every input of the box whether the program
ends in the postcondition; the reference agrees everywhere, rewritten equivalents (sides
swapped, both sides doubled, double negation) score 1, the postcondition itself and a
formula wrong at one input score 0, and the reason names an input where it is wrong."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_proofs import gen, score, verdict

ID = "rlvr/WeakestPrecondition-v0"


def as_python(condition: str) -> str:
    text = condition.replace("<->", "==").replace("!=", "<>").replace("<=", "@le@")
    text = text.replace(">=", "@ge@").replace("=", "==").replace("<>", "!=")
    text = text.replace("@le@", "<=").replace("@ge@", ">=").replace("~", " not ")
    text = text.replace("&", " and ").replace("|", " or ")
    return text


def imp_free(condition: str) -> str:
    """A -> B written as (not A or B), for the outermost arrows between parentheses."""
    while "->" in condition:
        i = condition.index("->")
        # the left operand: back to the matching open parenthesis of the group
        depth, j = 0, i - 1
        while j >= 0:
            depth += condition[j] == ")"
            depth -= condition[j] == "("
            if depth < 0 or (depth == 0 and condition[j] in "&|" and j < i - 1):
                break
            j -= 1
        depth, k = 0, i + 2
        while k < len(condition):
            depth += condition[k] == "("
            depth -= condition[k] == ")"
            if depth < 0 or (depth == 0 and condition[k] in "&|"):
                break
            k += 1
        left, right = condition[j + 1 : i], condition[i + 2 : k]
        condition = condition[: j + 1] + f"(~({left}) | ({right}))" + condition[k:]
    return condition


def truth_table(problem):
    program = re.search(r":= assigns\):\n\n((?:    .*\n)+)", problem.prompt).group(1)
    post = re.search(r"^Postcondition: (.*)$", problem.prompt, re.M).group(1)
    bound = int(re.search(r"-(\d+) <= x <= (\d+)", problem.prompt).group(1))
    body = []
    for line in program.splitlines():
        line = line[4:]
        if line.strip().startswith("if "):
            line = line.replace(line.strip()[3:-1], as_python(line.strip()[3:-1]))
        body.append("    " + line.replace(":=", "="))
    source = "def run(x, y):\n" + "\n".join(body) + f"\n    return {as_python(post)}\n"
    namespace: dict = {}
    exec(compile(source, "<prompt>", "exec"), namespace)  # the generator's text
    span = range(-bound, bound + 1)
    return {(x, y): namespace["run"](x, y) for x in span for y in span}


def compiled(condition: str):
    """The condition as a Python function of x and y (the test's own formulas, or the
    generator's reference: never model text)."""
    return eval("lambda x, y: " + as_python(imp_free(condition)))


def agrees(condition: str, table: dict) -> bool:
    test = compiled(condition)
    return all(bool(test(x, y)) == v for (x, y), v in table.items())


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_reference_is_the_weakest_precondition(difficulty):
    for seed in range(4):
        problem = gen(ID, seed, difficulty)
        table = truth_table(problem)
        assert agrees(problem.answer, table)
        assert len(set(table.values())) == 2  # never a constant
        post = re.search(r"^Postcondition: (.*)$", problem.prompt, re.M).group(1)
        assert score(problem, post) == 0.0
        assert score(problem, f"~~({problem.answer})") == 1.0
        doubled = re.sub(r"(-?\d+)\*", lambda m: f"{2 * int(m.group(1))}*", problem.answer)
        doubled = re.sub(
            r"([<>=]=?|!=) (-?\d+)\b", lambda m: f"{m.group(1)} {2 * int(m.group(2))}", doubled
        )
        doubled = re.sub(r"(?<![\d*])\b([xy])\b(?!\*)", r"2*\1", doubled)
        if agrees(doubled, table):
            assert score(problem, doubled) == 1.0
        # wrong at one input: the first point where the reference holds
        x, y = next(p for p, v in table.items() if v)
        result = verdict(problem, f"({problem.answer}) & ~((x = {x}) & (y = {y}))")
        assert result.reward == 0.0 and f"x = {x}, y = {y}" in result.details["why"]


def test_malformed_conditions():
    problem = gen(ID, 0, 0.5)
    for bad in ("x * y > 1", "(x + 1) * 2 > 0", "x >", "x > 1 &", "x ** 2 > 1", "(" * 60 + "x > 1"):
        assert verdict(problem, bad).reason == "unparsable", bad


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    a=st.integers(-3, 3),
    b=st.integers(-3, 3),
    c=st.integers(-20, 20),
    op=st.sampled_from(["<", "<=", ">", ">=", "=", "!="]),
)
def test_a_single_comparison_scores_exactly_when_it_matches_everywhere(seed, a, b, c, op):
    problem = gen(ID, seed, 0.0)
    table = truth_table(problem)
    answer = f"{a}*x + {b}*y {op} {c}".replace("+ -", "- ")
    expected = agrees(answer, table)
    assert score(problem, answer) == float(expected)
