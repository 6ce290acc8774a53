"""What ``rlvr/FamilyTree-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given

import rlvr_envs
from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/FamilyTree-v0"


def _read(prompt: str):
    """The family from the prompt's facts alone: sex, parents (the named one and the spouse)."""
    women = set(re.search(r"^Women: (.*)\.$", prompt, re.M).group(1).split(", "))
    men = set(re.search(r"^Men: (.*)\.$", prompt, re.M).group(1).split(", "))
    spouse = {}
    for a, b in re.findall(r"^(\w+) and (\w+) are married\.$", prompt, re.M):
        spouse[a], spouse[b] = b, a
    parents = {p: set() for p in women | men}
    for child, _, parent in re.findall(r"^(\w+) is a (son|daughter) of (\w+)\.$", prompt, re.M):
        parents[child] = {parent, spouse[parent]}
    return women, men, spouse, parents


def _relation(a, b, women, spouse, parents):
    """Every word w with "a is b's w", by walking up to the common ancestors."""

    def up(person, k):  # ancestors exactly k generations up
        level = {person}
        for _ in range(k):
            level = {p for q in level for p in parents[q]}
        return level

    def siblings(p):
        return {q for q in parents if q != p and parents[q] and parents[q] == parents[p]}

    words = []
    she = a in women

    def add(female, male):
        words.append(female if she else male)

    for k, (f, m) in enumerate([("mother", "father"), ("grandmother", "grandfather"),
                                ("great-grandmother", "great-grandfather")], 1):  # fmt: skip
        if a in up(b, k):
            add(f, m)
    for k, (f, m) in enumerate([("daughter", "son"), ("granddaughter", "grandson"),
                                ("great-granddaughter", "great-grandson")], 1):  # fmt: skip
        if b in up(a, k):
            add(f, m)
    if a in siblings(b):
        add("sister", "brother")
    if spouse.get(b) == a:
        add("wife", "husband")
    if any(a in siblings(p) for p in parents[b]):
        add("aunt", "uncle")
    if any(b in siblings(p) for p in parents[a]):
        add("niece", "nephew")
    if any(q in siblings(p) for p in parents[b] for q in parents[a]):
        add("cousin", "cousin")
    if b in spouse and a in parents[spouse[b]]:
        add("mother-in-law", "father-in-law")
    if a in spouse and b in parents[spouse[a]]:
        add("daughter-in-law", "son-in-law")
    if (b in spouse and a in siblings(spouse[b])) or (a in spouse and spouse[a] in siblings(b)):
        add("sister-in-law", "brother-in-law")
    return words


PLURALS = {
    "parents": ("mother", "father"), "children": ("daughter", "son"),
    "sisters and brothers": ("sister", "brother"), "grandparents": ("grandmother", "grandfather"),
    "grandchildren": ("granddaughter", "grandson"), "aunts and uncles": ("aunt", "uncle"),
    "nieces and nephews": ("niece", "nephew"), "cousins": ("cousin",),
    "parents-in-law": ("mother-in-law", "father-in-law"),
    "daughters- and sons-in-law": ("daughter-in-law", "son-in-law"),
    "sisters- and brothers-in-law": ("sister-in-law", "brother-in-law"),
    "great-grandparents": ("great-grandmother", "great-grandfather"),
    "great-grandchildren": ("great-granddaughter", "great-grandson"),
}  # fmt: skip


@pytest.mark.parametrize("relations", ["close", "extended", "all"])
def test_answers_match_relations_computed_from_the_prompt_alone(relations):
    kinds = set()
    for seed in range(25):
        problem = _gen(ENV, seed, generations=3 + seed % 3, relations=relations)
        women, _, spouse, parents = _read(problem.prompt)
        if m := re.search(r"What is (\w+) to (\w+)\?.*list: (.*)\.$", problem.prompt, re.M):
            a, b, listed = m.groups()
            words = _relation(a, b, women, spouse, parents)
            assert words == [problem.answer], (words, problem.answer)
            assert problem.answer in listed.split(", ")
            kinds.add("word")
        else:
            b, plural = re.search(r"Who are all of (\w+)'s (.*)\? List", problem.prompt).groups()
            wanted = PLURALS[plural]
            who = {a for a in parents if set(_relation(a, b, women, spouse, parents)) & set(wanted)}
            assert who == set(problem.answer.split(", ")) and who
            kinds.add("set")
    assert kinds == {"word", "set"}


def _word_problem(seed_range=range(100), **knobs):
    for seed in seed_range:
        problem = _gen(ENV, seed, **knobs)
        if problem.meta["question"][0] == "word":
            yield problem


def _set_problem(seed_range=range(100), **knobs):
    for seed in seed_range:
        problem = _gen(ENV, seed, **knobs)
        if problem.meta["question"][0] == "set":
            yield problem


def test_word_answers_accept_case_spaces_and_a_period_but_no_hedges():
    for problem in itertools.islice(_word_problem(relations="extended"), 10):
        word = problem.answer
        assert _score(problem, word.upper() + ".").reward == 1.0
        assert _score(problem, word.replace("-", " ")).reward == 1.0
        assert _score(problem, f"{word} or cousin").reason == "unparsable"
        assert _score(problem, "stepmother").reason == "unparsable"
        other = "cousin" if word != "cousin" else "aunt"
        verdict = _score(problem, other)
        assert verdict.reward == 0.0 and verdict.reason == "wrong"


def test_a_word_outside_the_level_is_not_in_the_list():
    problem = next(_word_problem(relations="close"))
    assert "aunt" not in problem.prompt
    assert _score(problem, "aunt").reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY)
def test_set_answers_in_any_order_score_one_and_missing_or_extra_names_fail(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    if problem.meta["question"][0] != "set":
        return
    names = problem.answer.split(", ")
    assert _score(problem, ", ".join(reversed(names))).reward == 1.0
    assert _score(problem, "\n".join(n.lower() for n in names)).reward == 1.0
    if len(names) > 1:
        assert _score(problem, ", ".join(names[:-1])).reason == "wrong"
        assert _score(problem, " and ".join(names)).reward == 1.0
    outsider = next(n for n in problem.meta["names"] if n not in names)
    assert _score(problem, ", ".join([*names, outsider])).reason == "wrong"
    assert _score(problem, ", ".join([*names, names[0]])).reason == "unparsable"
    assert _score(problem, ", ".join([*names, "Nobody"])).reason == "unparsable"


def test_relation_words_are_spread_so_no_constant_pays():
    answers = [p.answer for p in _word_problem(range(300), generations=4, relations="extended")]
    top = max(answers.count(w) for w in set(answers))
    assert top / len(answers) < 0.15 and len(set(answers)) >= 15


def test_a_family_that_runs_out_of_names_is_drawn_again(monkeypatch):
    """Up to 51 people at the largest knobs and 30 names per sex: a family that needs more
    must be redrawn, not crash generation (shown with short name lists)."""
    from rlvr_envs.families.logic import family_tree

    monkeypatch.setattr(family_tree, "WOMEN", family_tree.WOMEN[:4])
    monkeypatch.setattr(family_tree, "MEN", family_tree.MEN[:4])
    task = rlvr_envs.make_task(ENV)
    for seed in range(40):
        problem = task.generate(seed=seed, knobs={"generations": 3, "children": 2})
        assert len(problem.meta["names"]) <= 8
        assert _score(problem, problem.answer).reward == 1.0
