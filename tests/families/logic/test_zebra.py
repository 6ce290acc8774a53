"""What ``rlvr/Zebra-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score


# -- zebra puzzles -----------------------------------------------------------------------
def _zebra_holds(clue: list, where: dict[tuple[int, int], int]) -> bool:
    """A clue's meaning, written from the prompt's wording (houses numbered left to right)."""
    x = where[(clue[1], clue[2])]
    if clue[0] in ("at", "not_at"):
        return (x == clue[3]) == (clue[0] == "at")
    y = where[(clue[3], clue[4])]
    return {
        "same": x == y,
        "not_same": x != y,
        "next_to": abs(x - y) == 1,
        "left": x + 1 == y,
        "before": x < y,
    }[clue[0]]


def _zebra_solutions(meta: dict) -> list[dict[tuple[int, int], int]]:
    houses, count = meta["houses"], len(meta["attributes"])
    found = []
    for perms in itertools.product(itertools.permutations(range(houses)), repeat=count):
        where = {(a, v): perms[a][v] for a in range(count) for v in range(houses)}
        if all(_zebra_holds(clue, where) for clue in meta["clues"]):
            found.append(where)
    return found


def test_zebra_puzzles_have_exactly_one_solution_by_brute_force():
    for seed, kinds in itertools.product(range(4), ("same_house", "neighbours", "all")):
        problem = _gen("rlvr/Zebra-v0", seed, houses=4, attributes=3, clue_kinds=kinds)
        solutions = _zebra_solutions(problem.meta)
        assert len(solutions) == 1
        attributes = problem.meta["attributes"]
        for line in problem.answer.split("\n"):
            house, values = line.split(": ")
            for value in values.split(", "):
                a, v = next(
                    (a, vals.index(value))
                    for a, (_, vals) in enumerate(attributes)
                    if value in vals
                )
                assert solutions[0][(a, v)] == int(house) - 1


def test_zebra_clues_are_irredundant_and_use_the_asked_kinds():
    allowed = {
        "same_house": {"same", "at"},
        "neighbours": {"same", "at", "next_to", "left"},
        "all": {"same", "at", "next_to", "left", "before", "not_same", "not_at"},
    }
    for seed, kinds in itertools.product(range(3), allowed):
        problem = _gen("rlvr/Zebra-v0", seed, houses=3, attributes=3, clue_kinds=kinds)
        clues = problem.meta["clues"]
        assert {c[0] for c in clues} <= allowed[kinds]
        for index in range(len(clues)):
            fewer = dict(problem.meta, clues=clues[:index] + clues[index + 1 :])
            assert len(_zebra_solutions(fewer)) > 1, "a clue the others imply"


def test_zebra_prompt_wording_matches_the_clue_meaning():
    problem = _gen("rlvr/Zebra-v0", 0, houses=5, attributes=4, clue_kinds="all")
    text = problem.prompt
    for clue in problem.meta["clues"]:
        words = {
            "left": "directly to the left of",
            "before": "somewhere to the left of",
            "next_to": "next to",
            "at": "lives in house",
            "not_at": "does not live in house",
        }
        if clue[0] in words:
            assert words[clue[0]] in text


def test_zebra_accepts_reordered_houses_and_values():
    problem = _gen("rlvr/Zebra-v0", 5, houses=4, attributes=4)
    lines = problem.answer.split("\n")
    shuffled = [
        f"House {line.split(': ')[0]}: " + ", ".join(reversed(line.split(": ")[1].split(", ")))
        for line in reversed(lines)
    ]
    assert _score(problem, "\n".join(shuffled)).reward == 1.0
    assert _score(problem, "; ".join(lines).upper()).reward == 1.0
    assert _score(problem, "\n".join(lines[:-1])).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_zebra_swapping_two_houses_values_fails(seed, difficulty, data):
    problem = _gen("rlvr/Zebra-v0", seed, difficulty)
    rows = [line.split(": ")[1].split(", ") for line in problem.answer.split("\n")]
    a = data.draw(st.integers(0, len(rows[0]) - 1))
    i, j = data.draw(st.lists(st.integers(0, len(rows) - 1), min_size=2, max_size=2, unique=True))
    rows[i][a], rows[j][a] = rows[j][a], rows[i][a]
    answer = "\n".join(f"{h}: {', '.join(vals)}" for h, vals in enumerate(rows, 1))
    assert _score(problem, answer).reward == 0.0
