"""What ``rlvr/Entailment-v1`` must do beyond the generic family contract (and v0, at the end)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

import rlvr_envs
from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _says, _score


# -- propositional entailment ------------------------------------------------------------
def test_entailment_labels_and_countermodels_match_a_truth_table():
    labels = set()
    for seed, difficulty in itertools.product(range(20), (0.0, 0.5, 1.0)):
        problem = _gen("rlvr/Entailment-v1", seed, difficulty)
        meta = problem.meta
        names = "pqrstuvw"[: meta["atoms"]]
        counter = []
        for values in itertools.product((False, True), repeat=meta["atoms"]):
            env = list(values)
            premises = all(_says(p, env) for p in meta["premises"])
            if premises and not _says(meta["conclusion"], env):
                counter.append(values)
        labels.add(not counter)
        assert problem.answer.startswith("yes") == (not counter)
        for values in itertools.product((False, True), repeat=meta["atoms"]):
            text = "no: " + ", ".join(f"{a}={int(v)}" for a, v in zip(names, values))
            assert _score(problem, text).correct == (values in counter)
        assert not _score(problem, "yes").correct  # a yes needs its premises
        assert not _score(problem, "no").correct
        for chosen in _subsets(len(meta["premises"])):
            text = "yes: " + ", ".join(f"P{i + 1}" for i in chosen)
            valid = not counter and _minimal_entailing(meta, chosen)
            assert _score(problem, text).correct == valid, (text, problem.answer)
    assert labels == {True, False}


def _subsets(n: int):
    for size in range(1, n + 1):
        yield from itertools.combinations(range(n), size)


def _entailed_by(meta, chosen) -> bool:
    """Truth-table check, independent of the family's bitmasks."""
    for values in itertools.product((False, True), repeat=meta["atoms"]):
        env = list(values)
        premises_hold = all(_says(meta["premises"][i], env) for i in chosen)
        if premises_hold and not _says(meta["conclusion"], env):
            return False
    return True


def _minimal_entailing(meta, chosen) -> bool:
    return _entailed_by(meta, chosen) and not any(
        _entailed_by(meta, [j for j in chosen if j != i]) for i in chosen
    )


def test_entailment_yes_witness_syntax():
    problem = next(
        p for s in range(80) if (p := _gen("rlvr/Entailment-v1", s)).answer.startswith("yes")
    )
    named = problem.answer.removeprefix("yes: ")
    assert _score(problem, f"Yes, {named.lower()}.").correct
    assert _score(problem, "yes: " + " ".join(reversed(named.split(", ")))).correct
    k = len(problem.meta["premises"])
    assert _score(problem, f"yes: P{k + 1}").reason == "unparsable"
    assert _score(problem, f"yes: {named}, {named.split(', ')[0]}").reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_entailment_verdict_equals_independent_countermodel_check(seed, difficulty, data):
    problem = _gen("rlvr/Entailment-v1", seed, difficulty)
    meta = problem.meta
    values = data.draw(st.lists(st.booleans(), min_size=meta["atoms"], max_size=meta["atoms"]))
    countermodel = all(_says(p, values) for p in meta["premises"]) and not _says(
        meta["conclusion"], values
    )
    text = "no: " + ", ".join(f"{a}={int(v)}" for a, v in zip("pqrstuvw", values))
    assert _score(problem, text).correct == countermodel


def test_entailment_accepts_spelled_out_values():
    problem = next(p for s in range(50) if (p := _gen("rlvr/Entailment-v1", s)).answer[:2] == "no")
    spelled = problem.answer.replace("=1", " = true").replace("=0", " = false").upper()
    assert _score(problem, spelled.replace("NO:", "No,")).reward == 1.0
    assert _score(problem, problem.answer.rsplit(",", 1)[0]).reason == "unparsable"


def test_entailment_v0_asks_for_a_bare_yes_as_first_released_and_logic_v1_keeps_v1s_generator():
    """Entailment-v0's generator was changed in place after Logic-v0 shipped and later
    restored: v0 asks for a bare yes; Logic-v1, frozen while the change ran under the v0 id,
    still generates the change there, and those problems verify with v1's check."""
    entailed = [p for s in range(40) if (p := _gen("rlvr/Entailment-v0", s)).answer == "yes"]
    assert entailed and all(_score(p, "yes").correct for p in entailed)
    assert all(not _score(p, "yes: P1").correct for p in entailed)
    logic_v1 = rlvr_envs.make_task("rlvr/Logic-v1")
    seeds = [s for s in range(300) if logic_v1.member_for(s).family.name == "Entailment"][:6]
    for seed in seeds:
        problem, own = logic_v1.generate(seed, 0.5), _gen("rlvr/Entailment-v0", seed, 0.5)
        assert problem.version == own.version == 0
        assert problem.prompt != own.prompt and problem.meta == own.meta  # same instance
        assert _score(problem, problem.answer).correct and _score(own, own.answer).correct
        if own.answer == "yes":
            assert not _score(problem, "yes").correct  # v1's check: a yes needs premises
