"""``rlvr/NfaDeterminisation-v0``: a subset construction written here from the prompt's
NFA scores 1, as do the reference renumbered or padded; the reference agrees with the NFA
(simulated as sets of states) on every string up to a length; the NFA's own table is
unparsable and other languages score 0."""

from __future__ import annotations

import re
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_automata import (
    flipped,
    gen,
    prompt_nfa,
    read_table,
    renumbered,
    run,
    run_nfa,
    same_language,
    score,
    verdict,
    with_duplicate_state,
)

ID = "rlvr/NfaDeterminisation-v0"


def alphabet_of(prompt: str) -> str:
    return "".join(re.search(r"letters \{([^}]*)\}", prompt).group(1).split(", "))


def subset_construction(prompt: str) -> str:
    moves, accept = prompt_nfa(prompt)
    alphabet = alphabet_of(prompt)
    names = {frozenset({1}): 1}
    order = [frozenset({1})]
    rows = []
    for subset in order:
        parts = []
        for c in alphabet:
            nxt = frozenset(t for s in subset for t in moves.get((s, c), set()))
            if nxt not in names:
                names[nxt] = len(names) + 1
                order.append(nxt)
            parts.append(f"{c} -> {names[nxt]}")
        rows.append(f"{names[subset]}: " + ", ".join(parts))
    accepting = [str(names[s]) for s in order if s & accept]
    return "\n".join([f"accept: {' '.join(accepting) or 'none'}", *rows])


def test_subset_construction_and_the_reference_variants_score_one():
    for seed in range(25):
        problem = gen(ID, seed, seed / 24)
        alphabet = alphabet_of(problem.prompt)
        nfa = prompt_nfa(problem.prompt)
        table = read_table(problem.answer)
        longest = 7 if len(alphabet) == 2 else 5
        assert same_language(partial(run, table), partial(run_nfa, nfa), alphabet,
                             longest) is None  # fmt: skip
        assert score(problem, subset_construction(problem.prompt)) == 1.0
        assert score(problem, renumbered(problem.answer, alphabet, seed)) == 1.0
        assert score(problem, with_duplicate_state(problem.answer, alphabet)) == 1.0
        wrong = verdict(problem, flipped(problem.answer))
        assert wrong.reward == 0.0
        witness = wrong.details["counterexample"]
        assert run(read_table(flipped(problem.answer)), witness) != run_nfa(nfa, witness)


def test_the_nfa_copied_back_is_unparsable():
    for seed in range(10):
        problem = gen(ID, seed, 0.5)
        block = re.search(r"^(accept: .*\n(?:\d+: .*\n?)+)", problem.prompt, re.M).group(1)
        result = verdict(problem, block)
        assert result.reward == 0.0 and result.reason == "unparsable"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_hand_written_subset_construction_always_scores(seed, difficulty):
    problem = gen(ID, seed, difficulty)
    assert score(problem, subset_construction(problem.prompt)) == 1.0
