"""The tool-call protocol (rlvr_envs/families/interactive/tools.py): both call formats, the
reply as text and as tool messages, what malformed calls cost, and the calculator grammar
against Python's own exact arithmetic."""

from __future__ import annotations

import json
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.interactive.tools import (
    MAX_CALLS_PER_TURN,
    ToolError,
    evaluate,
    parse_calls,
)
from tests.families.interactive.helpers_tools import openai_calls, tag_turn, transcript

ID = "rlvr/CalculatorTool-v0"


def problem(seed: int = 0, **knobs):
    return rlvr_envs.make_task(ID).generate(seed, knobs=knobs or None, difficulty=0.5)


def test_calls_are_read_from_tags_and_from_openai_json():
    (call,) = parse_calls('<tool name="calculator">1 + 2</tool>')
    assert (call.name, call.arguments, call.error) == ("calculator", "1 + 2", None)
    (call,) = parse_calls('<tool name=\'calculator\'>{"expression": "3"}</tool>')
    assert call.arguments == {"expression": "3"}
    function = {"name": "calculator", "arguments": '{"expression": "4"}'}
    text = json.dumps({"type": "function", "function": function})
    for form in (
        text,
        f"[{text}]",
        json.dumps({"tool_calls": [json.loads(text)]}),
        f"```json\n{text}\n```",
    ):
        (call,) = parse_calls(form)
        assert (call.name, call.arguments) == ("calculator", {"expression": "4"})
    assert parse_calls("<answer>7</answer>") is None
    assert parse_calls('<think><tool name="calculator">1</tool></think><answer>1</answer>') is None
    two = parse_calls(tag_turn([("calculator", {"expression": "1"}), ("x", {})]))
    assert [c.name for c in two] == ["calculator", "x"]


def test_malformed_calls_are_read_as_errors():
    assert parse_calls("<tool>1</tool>")[0].error
    assert parse_calls('<tool name="calculator">{"expression": </tool>')[0].error
    assert parse_calls('<tool name="calculator">1 + 2')[0].error  # unclosed
    bad = json.dumps({"type": "function", "function": {"name": "calculator", "arguments": "{x"}})
    assert parse_calls(bad)[0].error


def test_a_tag_call_and_an_openai_call_get_the_same_result():
    p = problem()
    expression = p.meta["expression"]
    expected = str(eval(expression.replace("^", "**")))  # Python's own exact integers
    by_tag = rlvr_envs.respond(p, [f'<tool name="calculator">{expression}</tool>'])
    assert by_tag.observation.startswith(f"[calculator] {expected}\n")
    assert by_tag.messages == [] and not by_tag.done
    calls = openai_calls([("calculator", {"expression": expression})], 0)
    message = {"role": "assistant", "content": "", "tool_calls": calls}
    by_message = rlvr_envs.respond(p, [message])
    assert by_message.observation == by_tag.observation
    assert by_message.messages == [
        {"role": "tool", "tool_call_id": "call_0_0", "name": "calculator", "content": expected}
    ]
    by_text = rlvr_envs.respond(p, [json.dumps({"tool_calls": message["tool_calls"]})])
    assert by_text.observation == by_tag.observation and by_text.messages == []


def test_a_chat_transcript_with_tool_messages_verifies_as_played():
    p = problem(3)
    expression = p.meta["expression"]
    calls = openai_calls([("calculator", {"expression": expression})], 0)
    message = {"role": "assistant", "content": None, "tool_calls": calls}
    value = str(eval(expression.replace("^", "**")))
    attempts = [message, f"<answer>{value}</answer>"]
    assert rlvr_envs.respond(p, attempts).verdict.correct
    chat = transcript(p, attempts)
    assert [m["role"] for m in chat] == ["user", "assistant", "tool", "assistant", "user"]
    verdict = rlvr_envs.verify(p, chat)
    assert verdict.correct and verdict.details["turns"] == 2


def test_what_a_bad_turn_costs():
    p = problem(1, calls=2)
    turns = p.meta["max_turns"]
    cases = {
        '<tool name="nope">1</tool>': "there is no tool 'nope'",
        '<tool name="calculator">{"expr": "1"}</tool>': "unknown argument 'expr'",
        '<tool name="calculator">{"expression": 1</tool>': "not valid JSON",
        '<tool name="calculator">2 +</tool>': "ends too early",
        '<tool name="calculator">__import__("os")</tool>': "unexpected",
    }
    for text, why in cases.items():
        turn = rlvr_envs.respond(p, [text])
        assert not turn.done and why in turn.observation, (text, turn.observation)
        assert f"{turns - 1} turns left" in turn.observation
    # malformed calls spend no call; a call the tool refuses does
    turn = rlvr_envs.respond(p, ['<tool name="nope">1</tool>'])
    assert "2 tool calls left" in turn.observation
    turn = rlvr_envs.respond(p, ['<tool name="calculator">1/0</tool>'])
    assert "division by zero" in turn.observation and "1 tool call left" in turn.observation
    # over the budget: an error result, the turn is spent, the episode goes on
    many = tag_turn([("calculator", {"expression": str(k)}) for k in range(3)])
    turn = rlvr_envs.respond(p, [many])
    assert turn.observation.count("call budget is spent") == 1 and not turn.done
    # a turn with neither a call nor an answer, or an answer not in the asked form: illegal
    for text in ["I am not sure yet.", "<answer>twelve</answer>", "<answer>3 or 4</answer>"]:
        turn = rlvr_envs.respond(p, [text])
        assert turn.terminated and turn.verdict.details["status"] == "illegal", text
    # out of turns without an answer
    turn = rlvr_envs.respond(p, ['<tool name="nope">1</tool>'] * turns)
    assert turn.truncated and turn.verdict.details["status"] == "out_of_turns"


def test_at_most_so_many_calls_are_read_in_one_turn():
    p = problem(2, calls=4)
    text = tag_turn([("calculator", {"expression": "1"})] * (MAX_CALLS_PER_TURN + 1))
    turn = rlvr_envs.respond(p, [text])
    assert turn.observation.count("[calculator]") == MAX_CALLS_PER_TURN + 1
    assert "at most" in turn.observation or "budget" in turn.observation


@pytest.mark.parametrize(
    "expression",
    [
        "9^9^9",
        "2^256^2",
        "(" * 60 + "1" + ")" * 60,
        "1" + "+1" * 300,
        "9" * 500,
        "99999999999999999999^200 * 99999999999999999999^200",
        "2 ** 100000",
    ],
)
def test_hostile_expressions_are_refused_quickly(expression):
    started = time.process_time()
    with pytest.raises(ToolError):
        evaluate(expression)
    assert time.process_time() - started < 0.5


_leaf = st.integers(0, 10**12).map(lambda n: (str(n), Fraction(n)))


def _combine(children):
    def build(a, op, b):
        (ta, va), (tb, vb) = a, b
        if op == "/" and vb == 0:
            op = "+"
        value = {"+": va + vb, "-": va - vb, "*": va * vb, "/": va / vb if vb else va + vb}[op]
        return f"({ta} {op} {tb})", value

    return st.builds(build, children, st.sampled_from("+-*/"), children)


@settings(max_examples=25, deadline=None)
@given(st.recursive(_leaf, _combine, max_leaves=8))
def test_the_calculator_agrees_with_exact_fractions(pair):
    text, value = pair
    assert evaluate(text) == value


@settings(max_examples=25, deadline=None)
@given(st.text(max_size=60))
def test_any_turn_text_gets_a_turn_never_an_exception(text):
    turn = rlvr_envs.respond(problem(5), [text])
    assert turn.verdict.details["status"] in ("playing", "illegal", "lost", "solved")
