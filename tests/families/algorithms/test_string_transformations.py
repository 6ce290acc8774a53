"""What ``rlvr/StringTransformations-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/StringTransformations-v0"


def _run(s, ops):
    """The operations replayed with plain loops (own implementation)."""
    for op in ops:
        name = op[0]
        chars = list(s)
        if name in ("upper", "lower", "swapcase"):
            out = []
            for c in chars:
                up = c.upper() if c.islower() else c.lower()
                out.append({"upper": c.upper(), "lower": c.lower(), "swapcase": up}[name])
            s = "".join(out)
        elif name == "reverse":
            s = "".join(chars[i] for i in range(len(chars) - 1, -1, -1))
        elif name in ("rotate_left", "rotate_right"):
            for _ in range(op[1]):
                if name == "rotate_left":
                    chars.append(chars.pop(0))
                else:
                    chars.insert(0, chars.pop())
            s = "".join(chars)
        elif name == "replace":
            s = "".join(op[2] if c == op[1] else c for c in chars)
        elif name == "dedup":
            s = "".join(c for i, c in enumerate(chars) if c == "_" or c not in chars[:i])
        else:
            words, word, out = [], "", []
            for c in [*chars, "_"]:
                if c == "_":
                    words.append(word)
                    word = ""
                else:
                    word += c
            for w in words:
                out.append(w[::-1] if name == "reverse_words" else "".join(sorted(w, key=ord)))
            s = "_".join(out)
    return s


def test_the_result_matches_an_independent_replay_and_never_echoes_the_input():
    for difficulty in (0.0, 0.3, 0.6, 1.0):
        for seed in range(40):
            problem = _gen(ENV, seed, difficulty)
            meta = problem.meta
            assert _run(meta["string"], meta["operations"]) == problem.answer
            assert problem.answer != meta["string"]
            states = [meta["string"]]
            for op in meta["operations"]:
                states.append(_run(states[-1], [op]))
            assert len(set(states)) == len(states)  # every step changes, none cancels
            assert meta["string"] in problem.prompt and "String:" in problem.prompt


def test_hard_problems_are_long_pipelines_on_long_strings():
    problems = [_gen(ENV, seed, 1.0) for seed in range(30)]
    assert all(6 <= len(p.meta["operations"]) <= 10 for p in problems)
    assert all(len(p.meta["string"]) == 36 for p in problems)
    names = {op[0] for p in problems for op in p.meta["operations"]}
    assert {"dedup", "sort_words", "reverse_words", "rotate_left", "replace"} <= names
    easy = [_gen(ENV, seed, 0.0) for seed in range(30)]
    assert all(1 <= len(p.meta["operations"]) <= 2 for p in easy)


def test_reasonable_spellings_score_one():
    problem = _gen(ENV, 4, 0.7)
    answer = problem.answer
    for text in [
        answer,
        f"  {answer}\n",
        f'"{answer}"',
        f"`{answer}`",
        f"result: {answer}",
        f"Final string = {answer}",
        f"```\n{answer}\n```",
    ]:
        assert _score(problem, text).reward == 1.0, text


def test_wrong_echoed_hedged_and_decorated_answers_fail():
    problem = _gen(ENV, 5, 0.7)
    answer, start = problem.answer, problem.meta["string"]
    flipped = answer.swapcase() if answer.swapcase() != answer else answer + "x"
    for text in [
        start,
        flipped,
        answer[::-1] if answer[::-1] != answer else answer + "a",
        answer[:-1],
        answer + "_",
        "0",
        "1",
        "none",
        "-1",
        f"{answer} or {start}",
        f"{answer} is the answer",
        f"x = {answer}",
        f"{answer}, {answer}",
    ]:
        assert _score(problem, text).reward == 0.0, text
    assert _score(problem, start).details["why"] == "that is the input string unchanged"
    assert _score(problem, f"{answer} is the answer").reason == "unparsable"


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.floats(0, 1), st.integers(0, 200))
def test_only_the_replayed_result_scores_one(seed, difficulty, where):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    result = _run(meta["string"], meta["operations"])
    assert _score(problem, result).reward == 1.0
    i = where % len(result)
    other = result[:i] + ("b" if result[i] == "a" else "a") + result[i + 1 :]
    assert _score(problem, other).reward == 0.0
    assert _score(problem, meta["string"]).reward == 0.0


def _solve_from_prompt(prompt):
    """The answer recomputed from the prompt TEXT alone (the operations as worded)."""
    import re

    s = re.search(r"^String: (\S+)$", prompt, re.M).group(1)
    for line in re.findall(r"^\d+\. (.*)$", prompt, re.M):
        if line == "convert to upper case":
            s = "".join(chr(ord(c) - 32) if "a" <= c <= "z" else c for c in s)
        elif line == "convert to lower case":
            s = "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in s)
        elif line.startswith("swap the case"):
            s = "".join(chr(ord(c) ^ 32) if c != "_" else c for c in s)
        elif line == "reverse the whole string":
            s = "".join(reversed(s))
        elif m := re.match(r"rotate (left|right) by (\d+) \(move the (first|last) \2 ", line):
            for _ in range(int(m.group(2))):
                s = s[1:] + s[0] if m.group(1) == "left" else s[-1] + s[:-1]
        elif m := re.fullmatch(r"replace every '(.)' with '(.)'", line):
            s = "".join(m.group(2) if c == m.group(1) else c for c in s)
        elif line.startswith("remove duplicate letters"):
            assert "case-sensitive; underscores stay" in line
            s = "".join(c for i, c in enumerate(s) if c == "_" or c not in s[:i])
        elif line.startswith("reverse each word"):
            s = "_".join("".join(reversed(w)) for w in s.split("_"))
        elif line.startswith("sort the letters of each word"):
            assert "upper case before lower case" in line
            s = "_".join("".join(sorted(w, key=ord)) for w in s.split("_"))
        else:
            raise AssertionError(f"an operation the prompt words unexpectedly: {line!r}")
    return s


def test_the_answer_follows_from_the_prompt_text_alone():
    for difficulty in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0):
        for seed in range(15):
            problem = _gen(ENV, seed, difficulty)
            assert _solve_from_prompt(problem.prompt) == problem.answer


def test_an_article_before_the_label_and_markdown_bold_score_one():
    problem = _gen(ENV, 6, 0.8)
    for text in [f"The final string is {problem.answer}", f"**{problem.answer}**"]:
        assert _score(problem, text).reward == 1.0, text
    assert _score(problem, f"The string x is {problem.answer}").reward == 0.0
