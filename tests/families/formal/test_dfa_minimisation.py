"""``rlvr/DfaMinimisation-v0``: the minimum, counted here by the table-filling algorithm
on the reachable states, is the reference's size; the reference renumbered scores 1, one
state more or another language 0, and the table syntax refuses malformed and
nondeterministic tables."""

from __future__ import annotations

import re
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_automata import (
    flipped,
    gen,
    prompt_tables,
    read_table,
    renumbered,
    run,
    same_language,
    score,
    verdict,
    with_duplicate_state,
)

ID = "rlvr/DfaMinimisation-v0"


def alphabet_of(table) -> str:
    return "".join(sorted({c for _, c in table[0]}))


def minimum_states(table) -> int:
    """The table-filling algorithm (mark pairs told apart by acceptance, then pairs whose
    moves on some letter reach a marked pair, until nothing changes) on the reachable
    states; the minimum is the number of classes of unmarked pairs."""
    moves, accept = table
    alphabet = alphabet_of(table)
    reach, frontier = {1}, [1]
    while frontier:
        s = frontier.pop()
        for c in alphabet:
            if moves[(s, c)] not in reach:
                reach.add(moves[(s, c)])
                frontier.append(moves[(s, c)])
    states = sorted(reach)
    marked = {(p, q) for p in states for q in states if (p in accept) != (q in accept)}
    changed = True
    while changed:
        changed = False
        for p in states:
            for q in states:
                if (p, q) not in marked and any(
                    (moves[(p, c)], moves[(q, c)]) in marked for c in alphabet
                ):
                    marked.add((p, q))
                    changed = True
    classes = {frozenset(q for q in states if (p, q) not in marked) for p in states}
    return len(classes)


def test_the_reference_is_minimal_and_equivalent_and_its_variants_are_judged():
    for seed in range(20):
        problem = gen(ID, seed, seed / 19)
        (given_table,) = prompt_tables(problem.prompt)
        alphabet = alphabet_of(given_table)
        reference = read_table(problem.answer)
        size = len({s for s, _ in reference[0]})
        assert size == minimum_states(given_table) < len({s for s, _ in given_table[0]})
        longest = 7 if len(alphabet) == 2 else 5
        assert same_language(partial(run, reference), partial(run, given_table),
                             alphabet, longest) is None  # fmt: skip
        assert score(problem, renumbered(problem.answer, alphabet, seed)) == 1.0
        assert score(problem, problem.answer.replace("\n", "; ")) == 1.0
        bigger = verdict(problem, with_duplicate_state(problem.answer, alphabet))
        assert bigger.reward == 0.0 and "not the minimum" in bigger.details["why"]
        copied = re.search(r"states:\n\n(.*?)\n\n", problem.prompt, re.S).group(1)
        assert score(problem, copied) == 0.0
        other = verdict(problem, flipped(problem.answer))
        witness = other.details["counterexample"]
        assert other.reward == 0.0
        assert run(read_table(flipped(problem.answer)), witness) != run(given_table, witness)


def test_malformed_tables_are_unparsable():
    problem = gen(ID, 1, 0.5)
    lines = problem.answer.splitlines()
    rows = lines[1:]
    cases = [
        "\n".join(rows),  # no accept line
        "\n".join([lines[0], *rows[1:]]) if len(rows) > 1 else "accept: 2\n1: a -> 2, b -> 2",
        "\n".join([lines[0], rows[0].rsplit(",", 1)[0], *rows[1:]]),  # a letter missing
        "\n".join([lines[0], rows[0] + ", a -> 1", *rows[1:]]),  # two moves on a
        "\n".join([lines[0], "1: a -> {1, 2}, b -> {1}", *rows[1:]]),  # an NFA row
        "\n".join([lines[0], *rows, rows[0]]),  # a row twice
        "accept: 1\n1: a -> 1, b -> 1, q -> 1",
        "accept: 1\n" + "\n".join(f"{i}: a -> {i}, b -> {i}" for i in range(1, 400)),
    ]
    for text in cases:
        assert verdict(problem, text).reason == "unparsable", text


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), state=st.integers(1, 12))
def test_flipping_one_state_of_the_reference_scores_zero(seed, state):
    problem = gen(ID, seed, 0.5)
    table = read_table(problem.answer)
    if state > len({s for s, _ in table[0]}):
        return
    assert score(problem, flipped(problem.answer, state)) == 0.0  # every state is reachable
