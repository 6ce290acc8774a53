"""What holds for each whole domain of issue 29's breadth (strings, induction, data, spatial,
long_context) beyond the generic family contract: its frozen mixture holds every family, the
best fixed answer earns at most 0.10 at difficulty 0.5 (the issue's bar), random combinations
of knob values generate solvable problems, and its suite covers the mixture with a frozen evaluation
set of 8 problems per family. Tests of one family are in ``<domain>/test_<module>.py``."""

from __future__ import annotations

import importlib
import random

import pytest

import rlvr_envs
from rlvr_envs.audit import best_constant_answer

# domain -> (mixture id, its frozen member list's name in the domain package, at least)
DOMAINS = {
    "strings": ("rlvr/Strings-v0", "STRINGS_V0", 20),
    "induction": ("rlvr/Induction-v0", "INDUCTION_V0", 20),
    "data": ("rlvr/Data-v0", "DATA_V0", 20),
    "spatial": ("rlvr/Spatial-v0", "SPATIAL_V0", 15),
    "optimisation": ("rlvr/Optimisation-v2", "OPTIMISATION_V2", 29),
    "long_context": ("rlvr/LongContext-v0", "LONG_CONTEXT_V0", 10),
    "science": ("rlvr/Science-v1", "SCIENCE_V1", 25),
    "formal": ("rlvr/Formal-v0", "FORMAL_V0", 30),
}
IDS = [i for domain in DOMAINS for i in rlvr_envs.list_envs(domain=domain, mixtures=False)]
# suite -> (domain, the name of the member list it covers): every domain's v0 suite, and the
# later versions where a domain has them
SUITES = {f"{d}-v0": (d, name) for d, (_, name, _) in DOMAINS.items()} | {
    "optimisation-v0": ("optimisation", "OPTIMISATION_V0"),
    "optimisation-v1": ("optimisation", "OPTIMISATION_V1"),
    "optimisation-v2": ("optimisation", "OPTIMISATION_V2"),
    "science-v0": ("science", "SCIENCE_V0"),
    "science-v1": ("science", "SCIENCE_V1"),
}


def members(domain: str, name: str | None = None) -> list[str]:
    package = importlib.import_module(f"rlvr_envs.families.{domain}")
    return getattr(package, name or DOMAINS[domain][1])


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_mixture_holds_every_family_and_is_frozen(domain):
    mixture, _, at_least = DOMAINS[domain]
    frozen = members(domain)
    assert len(frozen) >= at_least and len(set(frozen)) == len(frozen)
    assert sorted(frozen) == rlvr_envs.list_envs(domain=domain, mixtures=False)
    task = rlvr_envs.make_task(mixture)
    assert [m.env_id for m in task.members] == frozen
    seen = {task.generate(seed=s).family for s in range(20 * len(frozen))}
    assert seen == {rlvr_envs.make_task(i).family.name for i in frozen}


@pytest.mark.parametrize("name", SUITES)
def test_the_suite_covers_the_mixture_and_its_eval_set_loads(name):
    suite = rlvr_envs.load_suite(name)
    assert [row.id for row in suite.envs] == members(*SUITES[name])
    frozen = suite.load_eval_set()
    assert len(frozen) == 8 * len(members(*SUITES[name]))
    assert all(p.seed >= rlvr_envs.EVAL_SEEDS.start for p in frozen)


@pytest.mark.parametrize("env_id", IDS)
def test_no_constant_answer_earns_more_than_a_tenth(env_id):
    audit = best_constant_answer(env_id, difficulty=0.5, problems=60)
    assert audit.reward <= 0.10, audit


@pytest.mark.parametrize("env_id", IDS)
def test_random_combinations_of_knob_values_generate_solvable_problems(env_id):
    """Each knob at its extremes alone (the generic test) misses corners where two knobs
    together leave no instance (TableGroupBy with 6 rows in 6 groups looped)."""
    task = rlvr_envs.make_task(env_id)
    rng = random.Random(env_id)
    for trial in range(12):
        knobs = {}
        for name, knob in task.knob_space.items():
            if knob.type == "int":
                low, high = int(knob.low), int(knob.high)
                knobs[name] = rng.choice([low, high, rng.randint(low, high)])
            elif knob.type == "float":
                knobs[name] = rng.choice([knob.low, knob.high, rng.uniform(knob.low, knob.high)])
            else:
                knobs[name] = rng.choice(list(knob.choices))
        problem = task.generate(seed=trial, knobs=knobs)
        verdict = rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem))
        assert verdict.reward == 1.0, (knobs, verdict)
