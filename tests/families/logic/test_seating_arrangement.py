"""What ``rlvr/SeatingArrangement-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import given

import rlvr_envs
from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/SeatingArrangement-v0"


def _constraints(prompt: str, n: int, circular: bool):
    """Predicates over chair numbers (0-based) read from the prompt's sentences alone."""

    def near(x, y):
        d = abs(x - y)
        return d == 1 or (circular and d == n - 1)

    out = []
    for line in re.findall(r"^\d+\. (.*)$", prompt, re.M):
        if m := re.fullmatch(r"(\w+) sits in chair (\d)\.", line):
            out.append(lambda s, a=m[1], k=int(m[2]) - 1: s[a] == k)
        elif m := re.fullmatch(r"(\w+) sits at one end of the row\.", line):
            out.append(lambda s, a=m[1]: s[a] in (0, n - 1))
        elif m := re.fullmatch(r"(\w+) sits directly to the left of (\w+)\.", line):
            out.append(lambda s, a=m[1], b=m[2]: s[b] - s[a] == 1)
        elif m := re.fullmatch(r"(\w+) sits somewhere to the left of (\w+)\.", line):
            out.append(lambda s, a=m[1], b=m[2]: s[a] < s[b])
        elif m := re.fullmatch(r"(\w+) sits directly clockwise of (\w+)\.", line):
            out.append(lambda s, a=m[1], b=m[2]: s[a] == (s[b] + 1) % n)
        elif m := re.fullmatch(r"(\w+) sits directly opposite (\w+)\.", line):
            out.append(lambda s, a=m[1], b=m[2]: abs(s[a] - s[b]) == n // 2)
        elif m := re.fullmatch(r"(\w+) sits next to (\w+)\.", line):
            out.append(lambda s, a=m[1], b=m[2]: near(s[a], s[b]))
        elif m := re.fullmatch(r"(\w+) does not sit next to (\w+)\.", line):
            out.append(lambda s, a=m[1], b=m[2]: not near(s[a], s[b]))
        elif m := re.fullmatch(
            r"Exactly (\d) (?:person sits|people sit) between (\w+) and (\w+)\.", line
        ):
            out.append(lambda s, k=int(m[1]), a=m[2], b=m[3]: abs(s[a] - s[b]) == k + 1)
        elif m := re.fullmatch(
            r"Going clockwise from (\w+) to (\w+), one passes exactly (\d) (?:person|people)\.",
            line,
        ):
            out.append(lambda s, a=m[1], b=m[2], k=int(m[3]): (s[b] - s[a]) % n == k + 1)
        else:
            raise AssertionError(f"unknown clue {line!r}")
    return out  # fmt: skip


def _solutions(problem):
    listed = re.search(r"\(([^)]*)\) sit", problem.prompt).group(1)
    names = re.split(r", | and ", listed)
    circular = "round table" in problem.prompt
    clues = _constraints(problem.prompt, len(names), circular)
    found = set()
    for order in itertools.permutations(names):
        chair = {name: i for i, name in enumerate(order)}
        if all(clue(chair) for clue in clues):
            if circular:  # one table, written from the person the prompt starts with
                start = re.search(r"starting with (\w+)", problem.prompt).group(1)
                k = order.index(start)
                order = order[k:] + order[:k]
            found.add(", ".join(order))
    return sorted(found)


@pytest.mark.parametrize("table", ["row", "round"])
@pytest.mark.parametrize("kinds", ["direct", "all"])
def test_the_prompt_alone_has_exactly_one_seating_and_it_is_the_answer(table, kinds):
    for seed in range(6):
        problem = _gen(ENV, seed, people=3 + seed, table=table, clue_kinds=kinds)
        assert _solutions(problem) == [problem.answer]


def test_a_round_table_accepts_every_rotation_but_not_the_mirror():
    problem = _gen(ENV, 2, people=6, table="round", clue_kinds="all")
    names = problem.answer.split(", ")
    for k in range(6):
        assert _score(problem, ", ".join(names[k:] + names[:k])).reward == 1.0
    mirror = [names[0], *reversed(names[1:])]
    assert _score(problem, ", ".join(mirror)).reward == 0.0


def test_a_row_accepts_no_rotation_and_no_reversal():
    problem = _gen(ENV, 2, people=6, table="row", clue_kinds="all")
    names = problem.answer.split(", ")
    assert _score(problem, ", ".join(names[1:] + names[:1])).reason == "wrong"
    assert _score(problem, ", ".join(reversed(names))).reason == "wrong"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY)
def test_swapping_two_people_breaks_a_clue(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    names = problem.answer.split(", ")
    for i, j in itertools.combinations(range(1, len(names)), 2):
        wrong = list(names)
        wrong[i], wrong[j] = wrong[j], wrong[i]
        verdict = _score(problem, ", ".join(wrong))
        assert verdict.reward == 0.0 and "clue" in verdict.details["why"], verdict


def test_separators_and_case_vary_but_missing_or_unknown_names_are_unparsable():
    problem = _gen(ENV, 4, 0.5)
    names = problem.answer.split(", ")
    assert _score(problem, " ".join(n.lower() for n in names)).reward == 1.0
    assert _score(problem, "\n".join(names)).reward == 1.0
    assert _score(problem, ", ".join(names[:-1])).reason == "unparsable"
    assert _score(problem, ", ".join([*names, "Zed"])).reason == "unparsable"
    assert _score(problem, "Chair 1: " + names[0]).reason == "unparsable"


def test_difficulty_maps_round_tables_first_and_never_gets_easier():
    """A round table of n people has (n - 1)! seatings and needs fewer clues than a row of
    n: listing ``row`` first made difficulty 0.5 (a round table of 6) easier than 0.4 (a row
    of 6). Checked on a finer grid than the generic test."""
    assert _gen(ENV, 1, 0.0).knobs == {"people": 4, "table": "round", "clue_kinds": "direct"}
    assert _gen(ENV, 1, 1.0).knobs == {"people": 8, "table": "row", "clue_kinds": "all"}
    means = []
    for tenth in range(11):
        problems = [_gen(ENV, seed, tenth / 10) for seed in range(40)]
        # candidates (log2 of the seatings) plus clues, computed here from the prompt
        sizes = []
        for p in problems:
            n = len(p.answer.split(", "))
            rows = math.factorial(n - 1 if "round table" in p.prompt else n)
            sizes.append(math.log2(rows) + len(re.findall(r"^\d+\. ", p.prompt, re.M)))
        means.append(sum(sizes) / len(sizes))
    assert all(b >= a * 0.97 for a, b in itertools.pairwise(means)), means


def test_the_family_says_several_answers_are_right():
    problem = _gen(ENV, 3, people=5, table="round", clue_kinds="direct")
    names = problem.answer.split(", ")
    assert _score(problem, ", ".join(names[2:] + names[:2])).reward == 1.0
    assert rlvr_envs.make_task(ENV).family.unique_answer is False
