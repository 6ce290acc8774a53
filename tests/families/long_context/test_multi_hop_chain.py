import re

import pytest

from tests.families.long_context.helpers import CASES, gen, score

FACT = re.compile(r"([A-Z][a-z]+) reports to ([A-Z][a-z]+)\.")


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
def test_following_the_facts_read_from_the_documents_reaches_the_answer(seed, difficulty):
    problem = gen("MultiHopChain", seed, difficulty)
    context = problem.prompt.split("\n\nEach person above")[0]
    facts = FACT.findall(context)
    manager = dict(facts)
    assert len(manager) == len(facts)  # one manager each
    start = re.search(r"Start from ([A-Z][a-z]+)", problem.prompt).group(1)
    path = [start]
    for _ in range(problem.knobs["hops"]):
        path.append(manager[path[-1]])
    assert score(problem, path[-1]) == 1.0
    assert score(problem, path[-1].lower()) == 1.0
    assert score(problem, manager[path[-1]]) == 0.0  # one step too far
    if len(path) > 2:
        assert score(problem, path[-2]) == 0.0  # one step short


def test_decoys_are_one_letter_from_a_chain_name():
    problem = gen("MultiHopChain", 4, knobs={"decoys": 6, "hops": 3})
    people = sorted(set(re.findall(r"([A-Z][a-z]+) reports to", problem.prompt)))
    close = [(a, b) for a in people for b in people
             if a < b and len(a) == len(b) and sum(x != y for x, y in zip(a, b)) <= 2]  # fmt: skip
    assert close


def test_two_names_and_non_names_score_zero():
    problem = gen("MultiHopChain", 2, 0.5)
    for answer in ("", "42", f"{problem.answer} {problem.answer}", "Nobody!"):
        assert score(problem, answer) == 0.0
