"""``rlvr/DfaForLanguage-v0``: the description is read back from the prompt into a Python
predicate written here; the reference agrees with it on every string up to a length and
fits the cap; renumbered tables score 1, a padded one exactly when it still fits the cap,
and other languages 0."""

from __future__ import annotations

import re
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_automata import (
    flipped,
    gen,
    read_table,
    renumbered,
    run,
    same_language,
    score,
    verdict,
    with_duplicate_state,
)

ID = "rlvr/DfaForLanguage-v0"


def clause(text: str):
    """One property sentence as a predicate on strings."""
    if m := re.fullmatch(r"(?:the number of (\w)'s|the length) is (even|odd)", text):
        letter, parity = m.groups()
        return lambda w: (w.count(letter) if letter else len(w)) % 2 == (parity == "odd")
    m = re.fullmatch(
        r"(?:the number of (\w)'s|the length) is (?:divisible by|(\d) more than a multiple of)"
        r" (\d)", text)  # fmt: skip
    if m:
        letter, rest, mod = m.group(1), int(m.group(2) or 0), int(m.group(3))
        return lambda w: (w.count(letter) if letter else len(w)) % mod == rest
    tests = {
        r"it starts with (\w+)": str.startswith,
        r"it ends with (\w+)": str.endswith,
        r"it contains (\w+)": lambda w, p: p in w,
        r"it does not contain (\w+) anywhere": lambda w, p: p not in w,
    }
    for pattern, test in tests.items():
        if m := re.fullmatch(pattern, text):
            return partial(lambda w, t, p: t(w, p), t=test, p=m.group(1))
    raise AssertionError(f"unknown property {text!r}")


def language(prompt: str):
    alphabet = "".join(re.search(r"alphabet \{([^}]*)\}", prompt).group(1).split(", "))
    single = re.search(r"the strings where (.*)\n", prompt)
    if single:
        return alphabet, clause(single.group(1))
    parts = [clause(t) for t in re.findall(r"^- (.*)$", prompt, re.M)]
    if "all of these hold" in prompt:
        return alphabet, lambda w: all(p(w) for p in parts)
    return alphabet, lambda w: any(p(w) for p in parts)


def test_the_reference_accepts_the_described_language_within_the_cap():
    for seed in range(25):
        problem = gen(ID, seed, seed / 24)
        alphabet, accepts = language(problem.prompt)
        cap = int(re.search(r"at most (\d+) states", problem.prompt).group(1))
        table = read_table(problem.answer)
        size = len({s for s, _ in table[0]})
        assert size <= cap
        longest = 7 if len(alphabet) == 2 else 5
        assert same_language(partial(run, table), accepts, alphabet, longest) is None
        assert score(problem, renumbered(problem.answer, alphabet, seed)) == 1.0
        padded = with_duplicate_state(problem.answer, alphabet)
        assert score(problem, padded) == float(size + 1 <= cap)
        wrong = verdict(problem, flipped(problem.answer))
        witness = wrong.details["counterexample"]
        assert wrong.reward == 0.0
        assert run(read_table(flipped(problem.answer)), witness) != accepts(witness)


def test_the_prompt_example_is_never_the_language():
    for seed in range(30):
        problem = gen(ID, seed, 0.0)
        example = re.search(r"For example, '([^']*)'", problem.prompt).group(1)
        assert score(problem, example) == 0.0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_any_generated_description_matches_the_reference(seed, difficulty):
    problem = gen(ID, seed, difficulty)
    alphabet, accepts = language(problem.prompt)
    table = read_table(problem.answer)
    assert same_language(partial(run, table), accepts, alphabet, 6) is None
