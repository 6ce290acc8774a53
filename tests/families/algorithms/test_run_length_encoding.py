"""What ``rlvr/RunLengthEncoding-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/RunLengthEncoding-v0"


def _encode(s, fmt):
    """Run-length encoding with itertools.groupby (own implementation)."""
    out = ""
    for letter, group in itertools.groupby(s):
        k = len(list(group))
        if fmt == "char_first":
            out += letter + str(k)
        else:
            out += ("" if fmt == "compact" and k == 1 else str(k)) + letter
    return out


def _decode(code, fmt):
    pattern = r"([a-z])([0-9]+)" if fmt == "char_first" else r"([0-9]*)([a-z])"
    out = ""
    for a, b in re.findall(pattern, code):
        letter, count = (a, b) if fmt == "char_first" else (b, a)
        out += letter * int(count or 1)
    return out


@pytest.mark.parametrize("mode", ["decode", "encode", "length"])
@pytest.mark.parametrize("fmt", ["count_first", "char_first", "compact"])
def test_answers_match_an_independent_encoder_and_decoder(mode, fmt):
    for seed in range(15):
        problem = _gen(ENV, seed, format=fmt, mode=mode, length=30, max_run=12)
        s, code = problem.meta["string"], problem.meta["encoding"]
        assert _encode(s, fmt) == code and _decode(code, fmt) == s
        expected = {"decode": s, "encode": code, "length": str(len(code))}[mode]
        assert problem.answer == expected
        shown = code if mode == "decode" else s
        assert shown in problem.prompt
        assert re.search(rf"(?<![0-9a-z]){problem.answer}(?![0-9a-z])", problem.prompt) is None
        assert _score(problem, expected).reward == 1.0


def test_hard_strings_have_many_runs_and_two_digit_counts():
    problems = [_gen(ENV, seed, 1.0) for seed in range(30)]
    assert all(p.meta["mode"] == "length" and p.meta["format"] == "compact" for p in problems)
    assert all(len(p.meta["string"]) == 80 for p in problems)
    runs = [len(list(itertools.groupby(p.meta["string"]))) for p in problems]
    assert sum(runs) / len(runs) >= 12
    assert sum(bool(re.search(r"[0-9]{2}", p.meta["encoding"])) for p in problems) >= 20


def test_reasonable_spellings_score_one():
    problem = _gen(ENV, 3, format="count_first", mode="encode", length=20)
    code = problem.answer
    spaced = " ".join(re.findall(r"[0-9]+[a-z]", code))
    for text in [code, f'"{code}"', f"encoding: {code}", spaced, spaced.replace(" ", ", ")]:
        assert _score(problem, text).reward == 1.0, text
    char = _gen(ENV, 3, format="char_first", mode="encode", length=20)
    assert _score(char, " ".join(re.findall(r"[a-z][0-9]+", char.answer))).reward == 1.0
    dec = _gen(ENV, 3, mode="decode", length=20)
    grouped = " ".join("".join(g) for _, g in itertools.groupby(dec.answer))
    for text in [dec.answer, grouped, f"decoded string: {dec.answer}", f"`{dec.answer}`"]:
        assert _score(dec, text).reward == 1.0, text
    size = _gen(ENV, 3, mode="length", length=20)
    for text in [size.answer, f"length: {size.answer}", f" {size.answer}\n"]:
        assert _score(size, text).reward == 1.0, text


def test_wrong_formats_counts_and_echoes_fail():
    problem = _gen(ENV, 4, format="compact", mode="encode", length=24, max_run=9)
    s, code = problem.meta["string"], problem.answer
    assert re.search(r"(?<![0-9])[a-z]", code)  # some run of one letter, written bare
    wrong = [
        s,
        _encode(s, "count_first"),
        _encode(s, "char_first"),
        code.upper(),
        code[:-1],
        code + "a",
        re.sub(r"[0-9]+", lambda m: str(int(m.group()) + 1), code, count=1),
        "0",
        "1",
        "none",
        f"{code} or {code}a",
        f"answer: {code}",
    ]
    for text in wrong:
        assert _score(problem, text).reward == 0.0, text
    assert _score(problem, f"{code}.").reward == 1.0  # a trailing full stop is notation
    dec = _gen(ENV, 4, mode="decode", length=24)
    for text in [
        dec.meta["encoding"],
        dec.answer[:-1],
        dec.answer + dec.answer[-1],
        dec.answer.upper(),
    ]:
        assert _score(dec, text).reward == 0.0, text
    size = _gen(ENV, 4, mode="length", length=24)
    n = int(size.answer)
    for text in [
        str(n - 1),
        str(n + 1),
        str(len(size.meta["string"])),
        f"{n} or {n + 1}",
        size.meta["encoding"],
        f"{n}.5",
    ]:
        assert _score(size, text).reward == 0.0, text


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.floats(0, 1), st.integers(0, 500))
def test_only_the_independent_answer_scores_one(seed, difficulty, where):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    s, fmt, mode = meta["string"], meta["format"], meta["mode"]
    code = _encode(s, fmt)
    right = {"decode": s, "encode": code, "length": str(len(code))}[mode]
    assert _score(problem, right).reward == 1.0
    i = where % len(right)
    swap = {"a": "b", "0": "1"}.get(right[i], "a" if right[i].isalpha() else "0")
    other = right[:i] + swap + right[i + 1 :]
    if other != right and not (mode == "length" and other.lstrip("0") == right.lstrip("0")):
        assert _score(problem, other).reward == 0.0


def test_the_answer_follows_from_the_prompt_text_alone():
    """Format, mode and input read from the prompt TEXT; multi-digit counts as stated there."""
    for difficulty in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0):
        for seed in range(15):
            problem = _gen(ENV, seed, difficulty)
            prompt = problem.prompt
            if "except that a run of a single letter" in prompt:
                fmt = "compact"
            elif "the letter followed by its count" in prompt:
                fmt = "char_first"
            else:
                fmt = "count_first"
            twelve = "x12" if fmt == "char_first" else "12x"
            assert f"a run of twelve x's is {twelve}." in prompt
            if "Decode this encoding:" in prompt:
                code = prompt.split("Decode this encoding:\n")[1].split("\n")[0]
                expected = _decode(code, fmt)
                assert _encode(expected, fmt) == code  # one reading only
            else:
                s = re.search(r"this string:\n([a-z]+)\n", prompt).group(1)
                code = _encode(s, fmt)
                expected = code if "Encode this string:" in prompt else str(len(code))
            assert problem.answer == expected


def test_separators_may_part_runs_but_never_split_one():
    problem = _gen(ENV, 2, format="count_first", mode="encode", length=40, max_run=14)
    code = problem.answer
    tokens = re.findall(r"[0-9]+[a-z]", code)
    assert _score(problem, " ".join(tokens)).reward == 1.0
    assert _score(problem, ", ".join(tokens)).reward == 1.0
    long = next(t for t in tokens if len(t) >= 3)  # a two-digit count
    at = code.index(long) + 1
    assert _score(problem, code[:at] + " " + code[at:]).reward == 0.0  # "1 2a"
    decode = _gen(ENV, 2, format="compact", mode="decode", length=30, max_run=6)
    s = decode.answer
    groups = ["".join(g) for _, g in itertools.groupby(s)]
    assert _score(decode, " ".join(groups)).reward == 1.0
    big = next(g for g in groups if len(g) >= 2)
    at = s.index(big) + 1
    assert _score(decode, s[:at] + " " + s[at:]).reward == 0.0
