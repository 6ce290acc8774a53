"""``rlvr/RegexToDfa-v0``: the reference table agrees with Python's ``re.fullmatch`` of the
prompt's expression on every string up to a length; renumbered or padded tables score 1,
other languages 0 with a counterexample that ``re`` confirms."""

from __future__ import annotations

import re
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_automata import (
    flipped,
    fullmatches,
    gen,
    read_table,
    renumbered,
    run,
    same_language,
    score,
    verdict,
    with_duplicate_state,
    words,
)

ID = "rlvr/RegexToDfa-v0"


def expression(problem) -> tuple[str, str]:
    regex = re.search(r"^    (\S+)$", problem.prompt, re.M).group(1)
    alphabet = "".join(re.search(r"over \{([^}]*)\}", problem.prompt).group(1).split(", "))
    return regex, alphabet


def test_the_reference_accepts_what_re_fullmatch_matches():
    for seed in range(30):
        problem = gen(ID, seed, seed / 29)
        regex, alphabet = expression(problem)
        table = read_table(problem.answer)
        longest = 7 if len(alphabet) == 2 else 5
        assert same_language(partial(run, table), fullmatches(regex),
                             alphabet, longest) is None, regex  # fmt: skip
        assert score(problem, renumbered(problem.answer, alphabet, seed)) == 1.0
        assert score(problem, with_duplicate_state(problem.answer, alphabet)) == 1.0
        wrong = verdict(problem, flipped(problem.answer))
        witness = wrong.details["counterexample"]
        assert wrong.reward == 0.0
        assert run(read_table(flipped(problem.answer)), witness) != bool(
            re.fullmatch(regex, witness)
        )
        assert score(problem, regex) == 0.0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_an_automaton_built_from_re_alone_scores_one(seed):
    """A table built here by exploring residuals with ``re``: states are the distinct
    acceptance patterns of suffixes up to six letters (exact for these small expressions)."""
    problem = gen(ID, seed, 0.3)
    regex, alphabet = expression(problem)
    probes = list(words(alphabet, 6))

    def behaviour(prefix: str) -> tuple[bool, ...]:
        return tuple(bool(re.fullmatch(regex, prefix + p)) for p in probes)

    names: dict[tuple[bool, ...], int] = {behaviour(""): 1}
    prefixes = {1: ""}
    moves: dict[tuple[int, str], int] = {}
    queue = [1]
    while queue and len(names) < 40:
        state = queue.pop(0)
        for c in alphabet:
            key = behaviour(prefixes[state] + c)
            if key not in names:
                names[key] = len(names) + 1
                prefixes[names[key]] = prefixes[state] + c
                queue.append(names[key])
            moves[(state, c)] = names[key]
    accept = [s for key, s in names.items() if key[0]]
    rows = [f"{s}: " + ", ".join(f"{c} -> {moves[(s, c)]}" for c in alphabet) for s in prefixes]
    text = "\n".join([f"accept: {' '.join(map(str, accept)) or 'none'}", *rows])
    assert score(problem, text) == 1.0
