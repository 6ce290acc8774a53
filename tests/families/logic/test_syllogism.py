"""What ``rlvr/Syllogism-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlvr_envs.families.logic.syllogism import follows
from tests.families.logic.helpers import _gen, _score

ENV = "rlvr/Syllogism-v0"
SENTENCE = re.compile(r"^(\d+)\. (All|No|Some) (\w+) are (not )?(\w+)\.$", re.M)


def _read(problem):
    """(premises as (form, a, b) over names, x, z) read from the prompt alone."""
    premises = []
    for _, quantifier, a, negated, b in SENTENCE.findall(problem.prompt):
        form = {"All": "A", "No": "E"}.get(quantifier) or ("O" if negated else "I")
        premises.append((form, a, b))
    x, z = re.search(r"with subject (\w+) and predicate (\w+)", problem.prompt).groups()
    return premises, x, z


def _holds(form, a, b):
    """Sets of members as bitmasks."""
    if form == "A":
        return not a & ~b
    if form == "E":
        return not a & b
    if form == "I":
        return bool(a & b)
    return bool(a & ~b)


def _worlds(groups):
    """Every world up to Venn-region occupancy: one member per occupied region."""
    regions = list(itertools.product([False, True], repeat=len(groups)))
    inside = [sum(1 << i for i, r in enumerate(regions) if r[k]) for k in range(len(groups))]
    for occupied in range(1 << len(regions)):  # bit i: region i has one member, number i
        yield {g: occupied & inside[k] for k, g in enumerate(groups)}


def _brute(problem):
    """Which forms about (x, z) hold in every world of the premises, by enumeration."""
    premises, x, z = _read(problem)
    groups = sorted({g for _, a, b in premises for g in (a, b)})
    follows = {"A", "E", "I", "O"}
    models = []
    for world in _worlds(groups):
        if all(world[g] for g in groups) and all(
            _holds(f, world[a], world[b]) for f, a, b in premises
        ):
            models.append(world)
            follows = {f for f in follows if _holds(f, world[x], world[z])}
    return follows, models, premises, x, z


@pytest.mark.parametrize(("groups", "distractors"), [(3, 0), (3, 1), (4, 0)])
def test_the_answer_is_the_strongest_form_that_brute_force_finds(groups, distractors):
    seen = set()
    for seed in range(40 if groups + distractors == 3 else 5):
        problem = _gen(ENV, seed, groups=groups, distractors=distractors)
        follows, _, _, _, _ = _brute(problem)
        strongest = next((f for f in "AEIO" if f in follows), None)
        if strongest is None:
            assert problem.answer.startswith("none | ")
        else:
            quantifier = problem.answer.split()[0]
            negated = " are not " in problem.answer
            assert {"All": "A", "No": "E"}.get(quantifier, "O" if negated else "I") == strongest
        seen.add(strongest)
    if groups + distractors == 3:
        assert seen == {None, "A", "E", "I", "O"}


def _render(world, groups):
    def members(mask):
        return ", ".join(str(i + 1) for i in range(mask.bit_length()) if mask >> i & 1)

    return "; ".join(f"{g} = {{{members(world[g])}}}" for g in groups)


def test_other_countermodels_found_by_brute_force_score_one():
    checked = 0
    for seed in range(40):
        problem = _gen(ENV, seed, groups=3, distractors=0)
        if not problem.answer.startswith("none"):
            continue
        _, models, premises, x, z = _brute(problem)
        groups = sorted({g for _, a, b in premises for g in (a, b)})
        no_overlap = max(
            (w for w in models if not w[x] & w[z]),
            key=lambda w: sum(v.bit_count() for v in w.values()),
        )
        inside = max(
            (w for w in models if not w[x] & ~w[z]),
            key=lambda w: sum(v.bit_count() for v in w.values()),
        )
        answer = f"none | {_render(inside, groups)} | {_render(no_overlap, groups)}"
        assert _score(problem, answer).reward == 1.0, (problem.prompt, answer)
        one = f"none | {_render(inside, groups)}"
        verdict = _score(problem, one)
        assert verdict.reward == 0.0 and "no world makes" in verdict.details["why"]
        broken = dict(inside)
        broken[groups[0]] = 0
        verdict = _score(
            problem, f"none | {_render(broken, groups)} | {_render(no_overlap, groups)}"
        )
        assert verdict.reward == 0.0 and "empty" in verdict.details["why"]
        partial = f"none | {_render(inside, groups[1:])} | {_render(no_overlap, groups)}"
        assert _score(problem, partial).reward == 0.0
        checked += 1
    assert checked >= 10


def test_a_model_that_breaks_a_premise_is_refused():
    for seed in range(40):
        problem = _gen(ENV, seed, groups=3, distractors=0)
        if problem.answer.startswith("none"):
            break
    premises, _, _ = _read(problem)
    groups = sorted({g for _, a, b in premises for g in (a, b)})
    everything = {g: 7 for g in groups}  # every group equal: E and O premises fail
    if any(f in "EO" for f, _, _ in premises):
        verdict = _score(
            problem, f"none | {_render(everything, groups)} | {_render(everything, groups)}"
        )
        assert verdict.reward == 0.0 and "premise" in verdict.details["why"]


def test_conclusions_need_the_strongest_form_and_a_minimal_set_of_premises():
    done = set()
    for seed in range(200):
        problem = _gen(ENV, seed, groups=3, distractors=1)
        if problem.answer.startswith("none"):
            continue
        statement, cited = problem.answer.split(": ")
        words = statement.split()
        x, z = words[1], words[-1]
        numbers = [int(n) for n in cited.split(", ")]
        premises, _, _ = _read(problem)
        assert _score(problem, f"{statement}.: {cited}").reward == 1.0
        assert (
            _score(problem, f"{statement.upper()}: {' '.join(map(str, reversed(numbers)))}").reward
            == 1.0
        )
        extra = next(i for i in range(1, len(premises) + 1) if i not in numbers)
        verdict = _score(problem, f"{statement}: {cited}, {extra}")
        assert verdict.reward == 0.0 and "not needed" in verdict.details["why"]
        if len(numbers) > 1:
            verdict = _score(problem, f"{statement}: {numbers[0]}")
            assert verdict.reward == 0.0 and "alone" in verdict.details["why"]
        assert _score(problem, statement).reason == "unparsable"
        assert _score(problem, f"{statement}: 99").reward == 0.0
        form = words[0]
        if form == "All":
            verdict = _score(problem, f"Some {x} are {z}: {cited}")
            assert verdict.reward == 0.0 and "not the strongest" in verdict.details["why"]
        if form in ("No", "Some") and " not " not in statement:
            assert _score(problem, f"{form} {z} are {x}: {cited}").reward == 1.0  # converse
        if form == "All":
            assert _score(problem, f"All {z} are {x}: {cited}").reward == 0.0
        assert _score(problem, f"No {x} are {z}: {cited}").reward == 0.0 or form == "No"
        done.add(form + (" not" if " not " in statement else ""))
    assert done == {"All", "No", "Some", "Some not"}


def test_answering_all_with_every_premise_cited_never_pays_with_distractors():
    for seed in range(30):
        problem = _gen(ENV, seed, 0.5)
        premises, x, z = _read(problem)
        everything = ", ".join(str(i) for i in range(1, len(premises) + 1))
        for form in ("All {} are {}", "No {} are {}", "Some {} are {}", "Some {} are not {}"):
            assert _score(problem, f"{form.format(x, z)}: {everything}").reward == 0.0
    assert _score(problem, "none").reason == "unparsable"
    assert _score(problem, "none | cats = {1}").reason == "unparsable"
    assert (
        _score(problem, f"none | {x} = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100}}").reason
        == "unparsable"
    )


def _table(premises, groups, x, z):
    """Every world up to region occupancy at once (numpy): (models of the premises with no
    group empty, truth of each premise, truth of each form about x and z)."""
    import numpy as np

    regions = 1 << len(groups)
    occupied = np.arange(1 << regions, dtype=np.uint64)
    sets = {
        g: occupied & np.uint64(sum(1 << r for r in range(regions) if r >> k & 1))
        for k, g in enumerate(groups)
    }

    def holds(form, a, b):
        if form == "A":
            return (a & ~b) == 0
        if form == "E":
            return (a & b) == 0
        if form == "I":
            return (a & b) != 0
        return (a & ~b) != 0

    nonempty = np.logical_and.reduce([sets[g] != 0 for g in groups])
    truth = [holds(f, sets[a], sets[b]) for f, a, b in premises]
    forms = {f: holds(f, sets[x], sets[z]) for f in "AEIO"}
    return nonempty, truth, forms


def _entailed(nonempty, truth, forms, chosen):
    import numpy as np

    models = np.logical_and.reduce([nonempty, *(truth[i] for i in chosen)])
    assert models.any()
    return {f for f in "AEIO" if forms[f][models].all()}


WORLD = re.compile(r"(\w+) = \{([\d, ]*)\}")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), shape=st.sampled_from([(3, 0), (3, 1), (4, 0)]))
def test_every_answer_agrees_with_brute_force_over_all_worlds(seed, shape):
    """Computed from the prompt alone, by brute force over every world up to region
    occupancy (2**16 of them for four groups): the strongest form, a minimal citation, and
    countermodels that satisfy every premise."""
    problem = _gen(ENV, seed, groups=shape[0], distractors=shape[1])
    premises, x, z = _read(problem)
    groups = sorted({g for _, a, b in premises for g in (a, b)})
    nonempty, truth, forms = _table(premises, groups, x, z)
    everything = _entailed(nonempty, truth, forms, range(len(premises)))
    assert not ({"I", "O"} <= everything and not {"A", "E"} & everything)  # one strongest
    strongest = next((f for f in "AEIO" if f in everything), None)
    if strongest is None:
        assert problem.answer.startswith("none | ")
        refuted = set()
        worlds = problem.answer.split(" | ")[1:]
        for world in worlds:
            sets = {
                g: {int(m) for m in members.split(", ") if m} for g, members in WORLD.findall(world)
            }
            assert sorted(sets) == groups and all(sets.values())
            for f, a, b in premises:
                assert _holds(f, _bits(sets[a]), _bits(sets[b])), (world, f, a, b)
            refuted |= {f for f in "AEIO" if not _holds(f, _bits(sets[x]), _bits(sets[z]))}
        assert refuted == set("AEIO")
        for k in range(len(worlds)):  # each world refutes two forms: neither alone is enough
            fewer = " | ".join(["none", *worlds[:k], *worlds[k + 1 :]])
            assert _score(problem, fewer).reward == 0.0
        return
    statement, cited = problem.answer.split(": ")
    numbers = [int(n) - 1 for n in cited.split(", ")]
    words = statement.split()
    form = {"All": "A", "No": "E"}.get(words[0]) or ("O" if " not " in statement else "I")
    assert form == strongest and (words[1], words[-1]) == (x, z)
    assert strongest in _entailed(nonempty, truth, forms, numbers)
    for k in range(len(numbers)):
        assert strongest not in _entailed(nonempty, truth, forms, numbers[:k] + numbers[k + 1 :])
    for other in "AEIO":
        if other != form:
            text = {"A": "All {} are {}", "E": "No {} are {}", "I": "Some {} are {}",
                    "O": "Some {} are not {}"}[other].format(x, z)  # fmt: skip
            assert _score(problem, f"{text}: {cited}").reward == 0.0


def _bits(members):
    return sum(1 << m for m in members)


def test_some_and_some_not_never_both_follow_from_a_chain_alone():
    """ "The strongest" is one form: over every chain of three groups (brute force over all
    worlds) and of up to six (the family's exact check), Some and Some ... not never both
    follow unless All or No does."""
    names = ["g0", "g1", "g2"]
    for links in itertools.product(itertools.product("AEIO", (True, False)), repeat=2):
        premises = [
            (f, names[i], names[i + 1]) if fw else (f, names[i + 1], names[i])
            for i, (f, fw) in enumerate(links)
        ]
        nonempty, truth, forms = _table(premises, names, "g0", "g2")
        found = _entailed(nonempty, truth, forms, range(2))
        assert not ({"I", "O"} <= found and not {"A", "E"} & found), premises
    for m in range(4, 7):
        for links in itertools.product(itertools.product("AEIO", (True, False)), repeat=m - 1):
            premises = [[f, i, i + 1] if fw else [f, i + 1, i] for i, (f, fw) in enumerate(links)]
            found = follows(premises, m, 0, m - 1)
            assert not ({"I", "O"} <= found and not {"A", "E"} & found), premises


def test_distractors_never_change_what_follows():
    for seed in range(60):
        problem = _gen(ENV, seed, groups=3 + seed % 4, distractors=1 + seed % 3)
        meta = problem.meta
        chain = [p for p in meta["premises"] if max(p[1], p[2]) <= meta["z"]]
        total = len(meta["groups"])
        assert follows(chain, total, 0, meta["z"]) == follows(meta["premises"], total, 0, meta["z"])


def test_a_final_full_stop_is_accepted():
    for seed in range(20):
        problem = _gen(ENV, seed, groups=3, distractors=1)
        assert _score(problem, problem.answer + ".").reward == 1.0, problem.answer
        assert _score(problem, problem.answer + "..").reward == 0.0


def test_the_prompt_states_the_limits_the_parser_enforces():
    problem = next(p for s in range(40) if (p := _gen(ENV, s, 0.0)).answer.startswith("none"))
    assert "at most 4 countermodels" in problem.prompt and "numbered 1 to 99" in problem.prompt
    worlds = problem.answer.split(" | ")[1:]
    assert _score(problem, " | ".join(["none", *worlds, *worlds])).reward == 1.0  # four
    assert _score(problem, " | ".join(["none", *worlds * 2, worlds[0]])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("{1", "{100", 1)).reason == "unparsable"
