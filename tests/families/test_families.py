"""What every family must do (run over every registered id, present and future).

Oracle scores 1; value-changing perturbations of the oracle score below 1; verify never
raises and stays within its limit on hostile completions; difficulty is monotone in the
family's content-measured complexity; every knob value in range generates; problems
round-trip through JSON.
"""

from __future__ import annotations

import itertools
import json
import statistics
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.shared.math_answers import MathFamily
from rlvr_envs.mathcheck.forms import FORMS, check_form
from rlvr_envs.registry import format_answer
from tests.conftest import DIFFICULTIES, FAMILY_IDS

SEEDS = range(30)
MAIN_SEEDS = 16
"""Seeds of the 30 the main suite gives each family's oracle at every difficulty (the oracle
test was half of this module's time, and the module half the suite's); ``-m slow`` runs
the rest."""
SANDBOX_SEEDS = 6
"""... and a family whose every verification runs programs in the sandbox (``needs_sandbox``:
running the hidden tests of 150 problems took up to two minutes per family)."""


def _oracle_seeds(family, slow: bool = False) -> range:
    main = SANDBOX_SEEDS if getattr(family, "needs_sandbox", False) else MAIN_SEEDS
    return SEEDS[main:] if slow else SEEDS[:main]


def _assert_the_oracle_scores_one(task, seeds: range) -> None:
    for seed, difficulty in itertools.product(seeds, DIFFICULTIES):
        problem = task.generate(seed=seed, difficulty=difficulty)
        verdict = rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem))
        assert verdict.reward == 1.0 and verdict.correct and verdict.format_ok, (seed, verdict)


@pytest.mark.parametrize("env_id", FAMILY_IDS)
def test_oracle_scores_one_across_seeds_and_difficulties(env_id, tasks):
    _assert_the_oracle_scores_one(tasks[env_id], _oracle_seeds(tasks[env_id].family))


@pytest.mark.slow
@pytest.mark.parametrize("env_id", FAMILY_IDS)
def test_oracle_scores_one_on_the_seeds_the_main_suite_skips(env_id, tasks):
    _assert_the_oracle_scores_one(tasks[env_id], _oracle_seeds(tasks[env_id].family, slow=True))


@pytest.mark.parametrize("env_id", FAMILY_IDS)
def test_the_answer_form_is_declared_and_the_oracle_has_it(env_id, tasks):
    family = tasks[env_id].family
    assert family.answer_form, f"{family.name} declares no answer_form"
    if type(family).check is MathFamily.check:  # judged as a value in a form check_form knows
        assert family.answer_form in FORMS
    if family.answer_form in FORMS:
        for seed in range(10):
            problem = tasks[env_id].generate(seed=seed, difficulty=seed / 9)
            variables = family.form_variables(problem) if isinstance(family, MathFamily) else ()
            element = getattr(family, "answer_element", None)
            check = check_form(problem.answer, family.answer_form, variables=variables,
                               element=element)  # fmt: skip
            assert check.ok, (problem.answer, check)


@pytest.mark.parametrize("env_id", FAMILY_IDS)
def test_every_knob_value_generates_a_solvable_problem(env_id, tasks):
    task = tasks[env_id]
    for name, knob in task.knob_space.items():
        if knob.type == "int":
            values = {int(knob.low), int(knob.high), int(knob.easy), int(knob.hard)}
        elif knob.type == "float":
            values = {knob.low, knob.high}
        else:
            values = set(knob.choices)
        for value, seed in itertools.product(values, range(3)):
            problem = task.generate(seed=seed, knobs={name: value})
            assert problem.knobs[name] == value and problem.difficulty is None
            verdict = rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem))
            assert verdict.reward == 1.0, (name, value, seed, verdict)


# Domains whose generators are cheap at every corner of their knob space, and the graph
# families of Graph-v1 (the puzzle and logic grids prove uniqueness with a SAT solver, so their
# corners are not swept here).
_CHEAP_DOMAINS = ("math", "algorithms")


def _cheap_ids() -> list[str]:
    from rlvr_envs.families.graph import GRAPH_V0

    new_graphs = [i for i in rlvr_envs.list_envs("graph", mixtures=False) if i not in GRAPH_V0]
    return [i for d in _CHEAP_DOMAINS for i in rlvr_envs.list_envs(d, mixtures=False)] + new_graphs


@pytest.mark.parametrize("env_id", _cheap_ids())
def test_random_combinations_of_knob_values_generate_solvable_problems(env_id, tasks):
    """Every knob at its extremes alone is not enough: n = 3 with repeats (PermutationRank) or
    five distinct eigenvalues in [-1, 1] (Eigenvalues) hung, tiny coefficients raised."""
    import random

    task = tasks[env_id]
    rng = random.Random(env_id)
    for trial in range(40):
        knobs = {}
        for name, knob in task.knob_space.items():
            if knob.type == "int":
                knobs[name] = rng.choice(
                    [int(knob.low), int(knob.high), rng.randint(int(knob.low), int(knob.high))]
                )
            elif knob.type == "float":
                knobs[name] = rng.choice([knob.low, knob.high])
            else:
                knobs[name] = rng.choice(list(knob.choices))
        problem = task.generate(seed=trial, knobs=knobs)
        verdict = rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem))
        assert verdict.reward == 1.0, (knobs, verdict)


def perturb(answer: str, index: int, replacement: str) -> str:
    return answer[:index] + replacement + answer[index + 1 :]


@pytest.mark.parametrize("env_id", FAMILY_IDS)
@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_changing_the_oracles_value_scores_below_one(env_id, tasks, seed, difficulty, data):
    family = tasks[env_id].family
    if not family.unique_answer:
        pytest.skip("several answers are right; the family's own tests cover negatives")
    problem = tasks[env_id].generate(seed=seed, difficulty=difficulty)
    answer = family.oracle_answer(problem)
    positions = [i for i, c in enumerate(answer) if c.isdigit()]
    if not positions:  # nothing to perturb here; digit-free families bring their own negatives
        return
    index = data.draw(st.sampled_from(positions))
    replacement = data.draw(st.sampled_from([d for d in "0123456789" if d != answer[index]]))
    wrong = perturb(answer, index, replacement)
    verdict = rlvr_envs.verify(problem, format_answer(wrong, problem.answer_format))
    assert verdict.reward < 1.0 and not verdict.correct, (answer, wrong, verdict)


HOSTILE = [
    "",
    "no answer here",
    "<answer></answer>",
    "<answer>" + "9" * 10_001 + "</answer>",
    "<answer>" + "{" * 10_000 + "}" * 10_000 + "</answer>",
    "\\boxed{" + "{" * 10_000,
    "<answer>9**9**9**9</answer>",
    "<answer>10^{10^{10^{10}}}</answer>",
    "<answer>__import__('os').system('touch /tmp/rlvr-pwned')</answer>",
    "<answer>3 or 4</answer>",
    "<answer>\\frac{1}{0}</answer>",
    "<answer>" + "(" * 3000 + "1" + ")" * 3000 + "</answer>",
    "x" * 10_000_000,
    "<answer>\x00\udcff\u202e</answer>",
    [{"role": "assistant", "content": None}],
]


@pytest.mark.parametrize("env_id", FAMILY_IDS)
def test_hostile_completions_get_a_verdict_within_the_limit(env_id, tasks, tmp_path):
    problem = tasks[env_id].generate(seed=1, difficulty=0.5)
    for completion in HOSTILE:
        start = time.perf_counter()
        verdict = rlvr_envs.verify(problem, completion, timeout=1.0)
        assert time.perf_counter() - start < 4.0
        assert verdict.reward == 0.0 and not verdict.correct
        assert verdict.reason in ("wrong", "unparsable", "no_answer", "timeout")


@pytest.mark.parametrize("env_id", FAMILY_IDS)
def test_difficulty_is_monotone_in_measured_complexity(env_id, tasks):
    task = tasks[env_id]
    family = task.family
    means = []
    for difficulty in DIFFICULTIES:
        problems = [task.generate(seed=s, difficulty=difficulty) for s in range(40)]
        means.append(statistics.mean(family.complexity(p) for p in problems))
    assert means[-1] > means[0], means
    assert all(b >= a * 0.97 for a, b in itertools.pairwise(means)), means


@pytest.mark.parametrize("env_id", FAMILY_IDS)
def test_problems_round_trip_and_verify_from_their_dict(env_id, tasks):
    problem = tasks[env_id].generate(seed=5, difficulty=0.7)
    data = json.loads(json.dumps(problem.to_dict()))
    assert rlvr_envs.Problem.from_dict(data) == problem
    assert rlvr_envs.verify(data, rlvr_envs.oracle_completion(data)).reward == 1.0
    assert problem.env_id == env_id and problem.family == tasks[env_id].family.name
    assert problem.answer_format in ("tags", "boxed", "code")
    assert problem.prompt.strip() and problem.answer.strip()


@pytest.mark.parametrize("env_id", FAMILY_IDS)
def test_the_prompt_never_contains_hidden_meta_keys(env_id, tasks):
    problem = tasks[env_id].generate(seed=2, difficulty=0.5)
    for key in ("hidden_tests", "tests"):
        if key in problem.meta:
            assert json.dumps(problem.meta[key]) not in problem.prompt
