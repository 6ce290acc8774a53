"""Registry: ids, mixtures, knob errors, verification dispatch and batches."""

from __future__ import annotations

import pytest

import rlvr_envs
from rlvr_envs.families import (
    BUILTIN_FAMILIES,
    BUILTIN_MIXTURES,
    DOMAIN_PACKAGES,
    class_name,
    module_name,
)
from rlvr_envs.families.math import FAMILIES as MATH_ROWS
from tests.conftest import MATH_IDS


def test_at_least_twelve_math_families_and_a_frozen_mixture():
    assert len(MATH_IDS) >= 12
    mixtures = dict((row[0], row[2]) for row in BUILTIN_MIXTURES)
    newest = mixtures["rlvr/Math-v1"]
    assert sorted(newest) == sorted(f"rlvr/{n}-v{v}" for n, v in MATH_ROWS)  # every family ...
    for mixture in ("rlvr/Math-v0", "rlvr/Math-v1"):
        task = rlvr_envs.make_task(mixture)
        assert [m.env_id for m in task.members] == mixtures[mixture]  # ... in a frozen order
    assert mixtures["rlvr/Math-v0"] == newest[:13]  # v1 extends v0, which stays as it was


@pytest.mark.parametrize(("env_id", "name", "loader", "domain"), BUILTIN_FAMILIES)
def test_every_registration_line_agrees_with_its_class(env_id, name, loader, domain):
    import importlib

    from rlvr_envs.core import Family

    module_path, attribute = loader.split(":")
    cls = getattr(importlib.import_module(module_path), attribute)
    version = rlvr_envs.make_task(env_id).version
    assert issubclass(cls, Family) and cls.name == name
    assert attribute == cls.__name__ == class_name(name, version)
    assert cls.__module__ == module_path == f"rlvr_envs.families.{domain}.{module_name(name)}"
    assert env_id == f"rlvr/{name}-v{version}"
    assert rlvr_envs.make_task(env_id).domain == domain
    if version:  # a later version extends the one before it, which stays registered
        before = getattr(importlib.import_module(module_path), class_name(name, version - 1))
        assert issubclass(cls, before) and f"rlvr/{name}-v{version - 1}" in rlvr_envs.list_envs()


def test_every_family_class_lives_in_a_module_named_after_it():
    # every concrete family class in the package, registered or not, sits in its own module
    import importlib
    import inspect
    import pkgutil

    import rlvr_envs.families as package
    from rlvr_envs.core import Family

    registered = {row[1] for row in BUILTIN_FAMILIES}
    seen = set()
    for domain in DOMAIN_PACKAGES:
        sub = importlib.import_module(f"{package.__name__}.{domain}")
        for info in pkgutil.iter_modules(sub.__path__):
            module = importlib.import_module(f"{sub.__name__}.{info.name}")
            for name, cls in inspect.getmembers(module, inspect.isclass):
                mine = issubclass(cls, Family) and cls.__module__ == module.__name__
                if mine and name in registered:
                    assert info.name == module_name(name), (name, info.name)
                    seen.add(name)
    assert seen == registered


def test_layers_point_one_way_nothing_under_families_imports_the_registry():
    import ast
    from pathlib import Path

    root = Path(rlvr_envs.__file__).parent
    offenders = []
    for path in (root / "families").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            if any(n == "rlvr_envs.registry" or n.startswith("rlvr_envs.registry.") for n in names):
                offenders.append(str(path.relative_to(root)))
    assert offenders == []


def test_derived_constants_match_their_types():
    from typing import get_args

    from rlvr_envs import core

    assert get_args(core.Reason) == core.REASONS and "timeout" in core.REASONS
    assert core.ANSWER_FORMATS == get_args(core.AnswerFormat) == ("tags", "boxed", "code")
    with core.verification_budget(0.25):
        assert core.verify_timeout() == 0.25
    assert core.verify_timeout() == core.DEFAULT_TIMEOUT


def test_family_test_modules_are_named_after_a_family_or_their_domain():
    from pathlib import Path

    root = Path(__file__).parent / "families"
    package = Path(__file__).parents[1] / "rlvr_envs" / "families"
    for domain in DOMAIN_PACKAGES:
        # a family's module, a shared module of the domain (interactive/tools.py), the domain
        modules = {p.stem for p in (package / domain).glob("[!_]*.py")}
        allowed = {f"test_{domain}"} | {f"test_{m}" for m in modules}
        found = {p.stem for p in (root / domain).glob("test_*.py")}
        assert found and found <= allowed, (domain, found - allowed)


@pytest.mark.parametrize(
    ("name", "module"),
    [("CycleDetection", "cycle_detection"), ("NQueens", "n_queens"), ("GcdLcm", "gcd_lcm"),
     ("TowerOfHanoi", "tower_of_hanoi"), ("SqlQuery", "sql_query"), ("Compose", "compose")],
)  # fmt: skip
def test_module_names_are_the_family_names_in_snake_case(name, module):
    assert module_name(name) == module


def test_list_envs_filters():
    assert rlvr_envs.list_envs() == sorted(rlvr_envs.list_envs())
    assert "rlvr/Math-v0" in rlvr_envs.list_envs("math")
    assert "rlvr/Math-v0" not in rlvr_envs.list_envs("math", mixtures=False)
    with pytest.raises(ValueError, match="domain"):
        rlvr_envs.list_envs("cooking")


def test_unknown_id_suggests_close_ones():
    with pytest.raises(ValueError, match="Arithmetic-v0"):
        rlvr_envs.make_task("rlvr/Arithmetic-v9")


def test_mixture_problem_equals_members_problem():
    mixture = rlvr_envs.make_task("rlvr/Math-v0")
    families = set()
    for seed in range(60):
        problem = mixture.generate(seed=seed, difficulty=0.4)
        member = rlvr_envs.make_task(f"rlvr/{problem.family}-v{problem.version}")
        alone = member.generate(seed=seed, difficulty=0.4)
        assert problem.env_id == "rlvr/Math-v0"
        alone.env_id = problem.env_id
        assert alone == problem
        families.add(problem.family)
    assert len(families) >= 10  # the seed spreads over the members


def test_mixture_family_knob():
    task = rlvr_envs.make_task("rlvr/Math-v0")
    problem = task.generate(seed=3, knobs={"family": "GcdLcm"})
    assert problem.family == "GcdLcm" and problem.difficulty is None
    with pytest.raises(ValueError, match="family"):
        task.generate(seed=3, knobs={"family": "Nope"})


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": 1, "difficulty": 2}, "difficulty"),
        ({"seed": 1, "difficulty": "hard"}, "difficulty"),
        ({"seed": 1, "knobs": {"digits": 0}}, r"digits.*int 1\.\.8"),
        ({"seed": 1, "knobs": {"digits": "3"}}, "digits"),
        ({"seed": 1, "knobs": {"colour": 1}}, "unknown knob 'colour'.*terms"),
        ({"seed": 1, "knobs": [1, 2]}, "dict"),
    ],
)
def test_bad_generate_arguments_raise_clear_value_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(**kwargs)


def test_cached_knob_settings_give_fresh_problems_and_still_reject_bad_values():
    task = rlvr_envs.make_task("rlvr/Arithmetic-v0")
    first = task.generate(seed=3, knobs={"digits": 3})
    first.knobs["digits"] = 99  # a caller mutating its problem must not touch the cache
    again = task.generate(seed=3, knobs={"digits": 3})
    assert again.knobs["digits"] == 3 and again == task.generate(seed=3, knobs={"digits": 3.0})
    assert isinstance(task.generate(seed=3, knobs={"digits": 3.0}).knobs["digits"], int)
    fresh = rlvr_envs.make_task("rlvr/Arithmetic-v0")
    assert fresh.generate(seed=3, knobs={"digits": 3}) == again  # cache changes no result
    for _ in range(2):  # a rejected value is rejected every time, never cached
        with pytest.raises(ValueError, match="digits"):
            task.generate(seed=1, knobs={"digits": [3]})
        with pytest.raises(ValueError, match="digits"):
            task.generate(seed=1, knobs={"digits": 0})


def test_verify_accepts_text_chat_and_dict_and_reports_format():
    problem = rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(seed=1, difficulty=0.1)
    good = f"<think>hmm <answer>0</answer></think>So <answer>{problem.answer}</answer>"
    assert rlvr_envs.verify(problem, good).reward == 1.0
    chat = [{"role": "user", "content": "q"}, {"role": "assistant", "content": good}]
    assert rlvr_envs.verify(problem.to_dict(), chat).reward == 1.0
    bare = rlvr_envs.verify(problem, problem.answer)
    assert bare.reward == 0.0 and not bare.format_ok and bare.reason == "no_answer"
    hedged = rlvr_envs.verify(problem, f"<answer>{problem.answer} or 7</answer>")
    assert hedged.reward == 0.0 and hedged.format_ok and hedged.details == {"hedged": True}


def test_verify_raises_only_for_the_callers_setup():
    problem = rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(seed=1).to_dict()
    problem["family"] = "Unregistered"
    with pytest.raises(ValueError, match="register"):
        rlvr_envs.verify(problem, "<answer>1</answer>")
    with pytest.raises(TypeError):
        rlvr_envs.verify(42, "x")  # type: ignore[arg-type]


def test_verify_batch_matches_verify_and_checks_lengths():
    task = rlvr_envs.make_task("rlvr/Math-v0")
    problems = [task.generate(seed=s, difficulty=0.5) for s in range(40)]
    completions = [
        rlvr_envs.oracle_completion(p) if i % 2 else "<answer>-1</answer>"
        for i, p in enumerate(problems)
    ]
    batch = rlvr_envs.verify_batch(problems, completions, workers=4)
    assert batch == [rlvr_envs.verify(p, c) for p, c in zip(problems, completions)]
    assert all(v.reward == 1.0 for v in batch[1::2])
    with pytest.raises(ValueError, match="completions"):
        rlvr_envs.verify_batch(problems, completions[:-1])


def test_register_validates_its_arguments():
    with pytest.raises(TypeError):
        rlvr_envs.register(dict, "rlvr/Bad", domain="math")  # type: ignore[arg-type]
    from rlvr_envs.families.math.arithmetic import Arithmetic

    with pytest.raises(ValueError, match="domain"):
        rlvr_envs.register(Arithmetic, "rlvr/Arith2", domain="cooking")
    with pytest.raises(ValueError, match="version"):
        rlvr_envs.register(Arithmetic, "rlvr/Arith2-v1", domain="math", version=0)
    with pytest.raises(ValueError, match="answer_format"):
        rlvr_envs.register(Arithmetic, "rlvr/Arith2", domain="math", answer_format="xml")
    with pytest.raises(ValueError, match="already registered as rlvr/Arithmetic-v0"):
        rlvr_envs.register(Arithmetic, "rlvr/Arith2", domain="math")


def test_answer_format_option_changes_prompt_and_extraction():
    from rlvr_envs.families.math.arithmetic import Arithmetic

    class Boxed(Arithmetic):
        name = "ArithmeticBoxed"

    env_id = rlvr_envs.register(Boxed, "rlvr/ArithmeticBoxed", domain="math", answer_format="boxed")
    problem = rlvr_envs.make_task(env_id).generate(seed=0)
    assert "\\boxed" in problem.prompt and problem.answer_format == "boxed"
    assert rlvr_envs.verify(problem, f"\\boxed{{{problem.answer}}}").reward == 1.0
    assert rlvr_envs.verify(problem, f"<answer>{problem.answer}</answer>").reward == 0.0


class Halves(rlvr_envs.Family):
    """Scores half when the answer has the right length but the wrong digits."""

    knobs = {"n": rlvr_envs.Knob("int", 1, 9)}

    def generate(self, rng, knobs):
        return rlvr_envs.Draft("Write 7 repeated n times.", "7" * knobs["n"])

    def check(self, problem, answer):
        if answer == problem.answer:
            return rlvr_envs.Judgement.right()
        return rlvr_envs.Judgement.wrong(0.5 if len(answer) == len(problem.answer) else 0.0)


@pytest.mark.parametrize("partial", [False, True])
def test_partial_credit_reaches_the_reward_only_when_opted_in(partial):
    name = f"rlvr/TestHalves{int(partial)}"
    cls = type(f"Halves{int(partial)}", (Halves,), {})
    env_id = rlvr_envs.register(cls, name, domain="logic", partial_credit=partial)
    problem = rlvr_envs.make_task(env_id).generate(seed=0, knobs={"n": 3})
    verdict = rlvr_envs.verify(problem, "<answer>123</answer>")
    assert verdict.score == 0.5 and verdict.reason == "partial" and not verdict.correct
    assert verdict.reward == (0.5 if partial else 0.0)


def test_register_mixture_checks_what_register_checks():
    members = ["rlvr/Arithmetic-v0", "rlvr/GcdLcm-v0"]
    with pytest.raises(ValueError, match="does not match version"):
        rlvr_envs.register_mixture("rlvr/TestMix-v1", members, domain="math", version=0)
    with pytest.raises(ValueError, match="domain"):
        rlvr_envs.register_mixture("rlvr/TestMix", members, domain="cooking")
    with pytest.raises(ValueError, match="non-empty"):
        rlvr_envs.register_mixture("rlvr/TestMix", [], domain="math")
    with pytest.raises(ValueError, match="non-empty"):
        rlvr_envs.register_mixture("rlvr/TestMix", "rlvr/Arithmetic-v0", domain="math")
    with pytest.raises(ValueError, match="once"):
        rlvr_envs.register_mixture("rlvr/TestMix", members + members[:1], domain="math")
    with pytest.raises(ValueError, match="single families"):
        rlvr_envs.register_mixture("rlvr/TestMix", ["rlvr/Math-v0"], domain="math")
    env_id = rlvr_envs.register_mixture("rlvr/TestMixOk", members, domain="math")
    task = rlvr_envs.make_task(env_id)
    assert task.max_turns == 1 and [m.env_id for m in task.members] == members


def test_every_task_has_max_turns():
    from rlvr_envs.registry import Task

    assert isinstance(Task.__dict__["max_turns"], property)
    assert rlvr_envs.make_task("rlvr/CodeRepair-v0").max_turns > 1
    assert rlvr_envs.make_task("rlvr/Logic-v0").max_turns == 1
