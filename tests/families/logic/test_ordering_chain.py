"""What ``rlvr/OrderingChain-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/OrderingChain-v0"
WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
         "seventh": 7, "eighth": 8}  # fmt: skip


def _constraints(prompt: str):
    """Predicates over rank (0 = the most) read from the prompt's sentences alone."""
    more, less = re.search(r"from the (\w+) to the (\w+)", prompt).groups()
    comp_more = {"tallest": "taller", "oldest": "older", "heaviest": "heavier",
                 "fastest": "faster"}[more]  # fmt: skip
    comp_less = {"shortest": "shorter", "youngest": "younger", "lightest": "lighter",
                 "slowest": "slower"}[less]  # fmt: skip
    out = []
    for line in re.findall(r"^\d+\. (.*)$", prompt, re.M):
        if m := re.fullmatch(r"(\w+) is (\w+) than (\w+), and nobody is between them\.", line):
            a, word, b = m.groups()
            hi, lo = (a, b) if word == comp_more else (b, a)
            out.append(lambda r, hi=hi, lo=lo: r[lo] == r[hi] + 1)
        elif m := re.fullmatch(
            rf"(\w+) is {comp_less} than (\w+) but {comp_more} than (\w+)\.", line
        ):
            b, a, c = m.groups()
            out.append(lambda r, a=a, b=b, c=c: r[a] < r[b] < r[c])
        elif m := re.fullmatch(r"(\w+) is (\w+) than (\w+)\.", line):
            a, word, b = m.groups()
            hi, lo = (a, b) if word == comp_more else (b, a)
            out.append(lambda r, hi=hi, lo=lo: r[hi] < r[lo])
        elif m := re.fullmatch(r"(\w+) is the (\w+)\.", line):
            a, word = m.groups()
            out.append(lambda r, a=a, top=word == more: r[a] == (0 if top else len(r) - 1))
        elif m := re.fullmatch(r"(\w+) is the (\w+) (\w+)\.", line):
            a, nth, word = m.groups()
            k = WORDS[nth] - 1
            out.append(lambda r, a=a, k=k, top=word == more: r[a] == (k if top else len(r) - 1 - k))
        elif m := re.fullmatch(
            r"Exactly (\d) (?:person is|people are) between (\w+) and (\w+) in the order\.", line
        ):
            k, a, b = m.groups()
            out.append(lambda r, a=a, b=b, k=int(k): abs(r[a] - r[b]) == k + 1)
        elif m := re.fullmatch(r"(\w+) is neither the \w+ nor the \w+\.", line):
            a = m.group(1)
            out.append(lambda r, a=a: 0 < r[a] < len(r) - 1)
        else:
            raise AssertionError(f"unknown clue {line!r}")
    return out


def _names(problem):
    listed = re.search(r"\(([^)]*)\) all differ", problem.prompt).group(1)
    return re.split(r", | and ", listed)


def _solutions(problem):
    names, clues = _names(problem), _constraints(problem.prompt)
    found = []
    for order in itertools.permutations(names):
        rank = {name: i for i, name in enumerate(order)}
        if all(clue(rank) for clue in clues):
            found.append(", ".join(order))
    return found


@pytest.mark.parametrize("kinds", ["compare", "positional", "all"])
def test_the_prompt_alone_has_exactly_one_solution_and_it_is_the_answer(kinds):
    for seed in range(12):  # 3 to 8 people, twice each
        problem = _gen(ENV, seed, people=3 + seed % 6, clue_kinds=kinds)
        assert _solutions(problem) == [problem.answer]


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY)
def test_every_other_order_scores_zero_with_a_reason(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    names = problem.answer.split(", ")
    for swap in range(len(names) - 1):
        wrong = [*names[:swap], names[swap + 1], names[swap], *names[swap + 2 :]]
        verdict = _score(problem, ", ".join(wrong))
        assert verdict.reward == 0.0 and verdict.reason == "wrong", verdict
        assert "clue" in verdict.details["why"]


def test_separators_and_case_vary_but_missing_or_extra_names_are_unparsable():
    problem = _gen(ENV, 4, 0.5)
    names = problem.answer.split(", ")
    assert _score(problem, " > ".join(names)).reward == 1.0
    assert _score(problem, "\n".join(n.upper() for n in names)).reward == 1.0
    assert _score(problem, " ".join(names)).reward == 1.0
    assert _score(problem, ", ".join(names[:-1])).reason == "unparsable"
    assert _score(problem, ", ".join([*names, names[0]])).reason == "unparsable"
    assert _score(problem, ", ".join([*names[:-1], "Nobody"])).reason == "unparsable"
    assert _score(problem, "1. " + ", ".join(names)).reason == "unparsable"


def test_more_people_and_richer_clues_mean_harder_problems():
    easy = _gen(ENV, 1, 0.0)
    hard = _gen(ENV, 1, 1.0)
    assert easy.knobs == {"people": 4, "clue_kinds": "compare"}
    assert hard.knobs == {"people": 8, "clue_kinds": "all"}
