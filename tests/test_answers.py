"""Answer extraction: last match wins, think blocks ignored, hostile inputs stay linear."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.answers import (
    completion_text,
    extract,
    is_hedged,
    last_boxed,
    last_code_block,
    strip_think,
)
from tests.timing import cpu_seconds

safe_text = st.text(alphabet=st.characters(blacklist_characters="<>{}\\`"), max_size=40)


@given(before=safe_text, first=safe_text, last=safe_text.filter(lambda s: s.strip()))
def test_last_answer_tag_wins(before, first, last):
    text = f"{before}<answer>{first}</answer> then <ANSWER>{last}</Answer>"
    assert extract(text, "tags").answer == last.strip()


@given(inner=safe_text.filter(lambda s: s.strip()))
def test_answers_inside_think_are_ignored(inner):
    text = f"<think>maybe <answer>{inner}</answer></think> no final answer"
    found = extract(text, "tags")
    assert found.answer is None and found.reason == "no_answer" and not found.format_ok


def test_unclosed_think_hides_the_rest_and_leading_close_keeps_the_tail():
    assert strip_think("a <think> b <answer>1</answer>").strip() == "a"
    assert extract("reasoning...</think><answer>7</answer>", "tags").answer == "7"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (r"\boxed{3}", "3"),
        (r"first \boxed{1} then \boxed{\frac{1}{2}}", r"\frac{1}{2}"),
        (r"\boxed{\{1, \{2\}\}}", r"\{1, \{2\}\}"),
        (r"\boxed 5 dollars", "5"),
        (r"\fbox{x^{2}}", "x^{2}"),
        (r"\boxed{unclosed", None),
    ],
)
def test_boxed_matches_nested_braces(text, expected):
    assert last_boxed(text) == expected


@given(depth=st.integers(1, 300))
def test_boxed_handles_any_nesting_depth(depth):
    text = r"\boxed{" + "{" * depth + "7" + "}" * depth + "}"
    assert last_boxed(text) == "{" * depth + "7" + "}" * depth


def test_last_python_block_is_taken():
    text = "```python\nx = 1\n```\ntext\n```\nprint(2)\n```\n```js\nnope\n```"
    assert last_code_block(text) == "print(2)\n"
    assert last_code_block("```python\nunclosed") is None


def test_chat_messages_use_the_last_assistant_message():
    messages = [
        {"role": "user", "content": "<answer>1</answer>"},
        {"role": "assistant", "content": "<answer>2</answer>"},
        {"role": "user", "content": "again"},
        {"role": "assistant", "content": [{"type": "text", "text": "<answer>3</answer>"}]},
    ]
    assert completion_text(messages) == "<answer>3</answer>"
    assert extract(messages, "tags").answer == "3"
    assert completion_text([{"role": "user", "content": "x"}]) == ""
    assert completion_text(None) == ""  # type: ignore[arg-type]


def test_empty_and_oversized_answers():
    assert extract("<answer>   </answer>", "tags").reason == "no_answer"
    long = extract("<answer>" + "1" * 10_001 + "</answer>", "tags")
    assert long.answer is None and long.reason == "unparsable" and long.format_ok


@pytest.mark.parametrize(
    "answer", ["3 or 4", "either 3", "maybe 5", "5?", "3 and/or 4", r"3 \lor 4"]
)
def test_hedges_are_detected(answer):
    assert is_hedged(answer)


@pytest.mark.parametrize("answer", ["3", "x = 4", "(1, 2)", "order 66", "1, 2, 3", "forty"])
def test_plain_answers_are_not_hedges(answer):
    assert not is_hedged(answer)


@pytest.mark.parametrize(
    "text",
    [
        "<think>" * 1_000_000,
        "<answer>" * 1_000_000,
        "```\n" * 1_000_000,
        "\\boxed{" * 1_000_000,
        "{" * 10_000_000,
    ],
)
@pytest.mark.parametrize("answer_format", ["tags", "boxed", "code"])
def test_hostile_completions_extract_in_linear_time(text, answer_format):
    assert cpu_seconds(extract, text, answer_format) < 2.0  # CPU time: holds on a busy machine


def test_each_answer_format_is_one_entry_that_round_trips():
    from rlvr_envs import answers, core

    assert tuple(answers.FORMATS) == core.ANSWER_FORMATS
    for name, rules in answers.FORMATS.items():
        text = "def f(x):\n    return x + 1" if name == "code" else "x^2 - 1"
        found = answers.extract("Thinking. " + rules.wrap(text), name)
        assert found.answer.strip() == text.strip() and found.format_ok and found.reason is None
        assert "the value" in rules.instruction("the value")
    with pytest.raises(ValueError, match="known"):
        answers.extract("<answer>1</answer>", "yaml")


def test_a_box_around_the_whole_tagged_answer_is_taken_off():
    import rlvr_envs
    from rlvr_envs.answers import FORMATS

    find = FORMATS["tags"].find
    assert find("<answer>\\boxed{15/64}</answer>") == "15/64"
    assert find("<answer> \\fbox{\\frac{1}{2}} </answer>") == "\\frac{1}{2}"
    for kept in ("\\boxed{1} + \\boxed{2}", "2\\boxed{3}", "\\boxed{a}b}", "x"):
        assert find(f"<answer>{kept}</answer>") == kept
    problem = rlvr_envs.make_task("rlvr/FractionArithmetic-v0").generate(seed=1)
    boxed = f"<answer>\\boxed{{{problem.answer}}}</answer>"
    assert rlvr_envs.verify(problem, boxed).reward == 1.0
