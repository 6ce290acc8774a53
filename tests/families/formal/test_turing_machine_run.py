"""``rlvr/TuringMachineRun-v0``: the configuration is recomputed by a simulator written here
from the prompt's rule table; padded spellings of it score 1, any changed cell, head or state
scores 0."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_grammars import gen, score

ID = "rlvr/TuringMachineRun-v0"


def simulate(prompt: str) -> tuple[str, str, int]:
    """(state, tape with the head bracketed, steps) from the rules and task in ``prompt``."""
    rules = {(s, c): (w, m, n) for s, c, w, m, n in re.findall(
        r"^([A-Z]) ([01_]) -> ([01_]) ([LR]) ([A-Z])$", prompt, re.M)}  # fmt: skip
    word = re.search(r"first letter of the input ([01]+)", prompt).group(1)
    exact = re.search(r"exactly (\d+) steps", prompt)
    bound = int(exact.group(1) if exact else re.search(r"within (\d+) steps", prompt).group(1))
    tape = dict(enumerate(word))
    state, head, steps = "A", 0, 0
    while state != "H" and steps < bound:
        write, move, state = rules[(state, tape.get(head, "_"))]
        tape[head] = write
        head += 1 if move == "R" else -1
        steps += 1
    assert state == "H" or exact, "a halting problem must halt within its bound"
    cells = [k for k, v in tape.items() if v != "_"] + [head]
    text = "".join(
        f"[{tape.get(k, '_')}]" if k == head else tape.get(k, "_")
        for k in range(min(cells), max(cells) + 1)
    )
    return state, text, steps


def test_the_answer_is_the_simulated_configuration_and_variants_fail():
    for seed in range(40):
        problem = gen(ID, seed, seed / 39)
        state, tape, _ = simulate(problem.prompt)
        assert problem.answer == f"{state} {tape}"
        assert score(problem, f"{state} {tape}") == 1.0
        assert score(problem, f"{state} __{tape}__") == 1.0  # blank padding is no change
        other = next(s for s in "ABH" if s != state)
        assert score(problem, f"{other} {tape}") == 0.0
        k = tape.index("[")
        moved = tape.replace("[", "").replace("]", "")
        if k + 1 < len(moved):
            shifted = moved[: k + 1] + "[" + moved[k + 1] + "]" + moved[k + 2 :]
            assert score(problem, f"{state} {shifted}") == 0.0
        flipped = tape[:k] + "[" + {"0": "1", "1": "_", "_": "0"}[tape[k + 1]] + "]" + tape[k + 3 :]
        assert score(problem, f"{state} {flipped}") == 0.0
        assert score(problem, f"{state} {moved}") == 0.0  # no head marked: unparsable


def test_the_start_configuration_is_never_the_answer():
    for seed in range(30):
        problem = gen(ID, seed, 0.5)
        start = re.search(r"in the configuration (\S+ \S+)\.", problem.prompt).group(1)
        assert score(problem, start) == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), k=st.integers(0, 30), c=st.sampled_from("01_"))
def test_a_configuration_scores_exactly_when_it_is_the_simulated_one(seed, k, c):
    problem = gen(ID, seed, 0.4)
    state, tape, _ = simulate(problem.prompt)
    cells = list(tape.replace("[", "").replace("]", ""))
    head = tape.index("[")
    k %= len(cells)
    cells[k] = c
    text = "".join(f"[{x}]" if i == head else x for i, x in enumerate(cells))
    same = "".join(cells).strip("_") == tape.replace("[", "").replace("]", "").strip("_") and (
        cells == list(tape.replace("[", "").replace("]", ""))
    )
    assert score(problem, f"{state} {text}") == float(same)
