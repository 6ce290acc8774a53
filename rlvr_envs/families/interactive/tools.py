"""The tool-call protocol of the interactive tool-use families (docs/design.md, "Multi-turn
episodes", "Tool calls"): the model calls tools the env provides and runs, then answers once.

**A turn** is either one or more tool calls or the final answer. A call is written

- in tags: ``<tool name="calculator">12345 * 6789</tool>``; the body is the arguments as a
  JSON object (``<tool name="convert">{"value": "3", "unit": "glim", "to": "vorn"}</tool>``)
  or, for a tool with one parameter, that parameter's value as plain text; several tags in
  one turn are several calls, run in order;
- or in the OpenAI tool-call format: an assistant message whose ``tool_calls`` list holds
  ``{"id": ..., "type": "function", "function": {"name": ..., "arguments": "<json>"}}``
  (``arguments`` a JSON string or object), or that call object, a list of them, or a message
  object with ``tool_calls`` written as the turn's whole text (a fenced ``json`` block too).

The env's reply to a tool turn is each call's result in order: as text (``[calculator]
83810205``) in ``Turn.observation``, and, when the turn came as a message dict with
``tool_calls``, as ``tool`` role messages carrying each call's id in ``Turn.messages``
(:meth:`ToolFamily.reply_messages`). A turn with a call is a tool turn (an answer in it is
not read). A turn with no call is the final answer, read in the problem's answer format
(``<answer>...</answer>``) through the shared front end and judged as a single-turn answer
would be: right is ``solved`` (reward 1), wrong ``lost`` (reward 0); one answer per episode.
An answer not in the asked form (not one integer where an integer is asked, a hedge) is
``illegal`` (reward 0), as a move that does not parse is. Tool calls inside ``<think>`` are
not calls.

**Costs.** Each problem states its turn limit (``meta["max_turns"]``) and call budget
(``meta["max_calls"]``, every call with a known tool and valid arguments spends one, a call
the tool itself rejects included). A malformed call (bad JSON, a missing or unknown
argument, an unclosed tag), an unknown tool, a call beyond the budget or beyond
:data:`MAX_CALLS_PER_TURN` in one turn gets an ``error:`` result saying why and costs the turn,
never the episode. A turn with neither a tool call nor a final answer is ``illegal``
(reward 0, the episode ends), as in every interactive family; turns spent without an answer
is ``out_of_turns`` (reward 0).

**Tools** are :class:`Tool` values listed in the prompt and, as OpenAI ``tools`` JSON
schemas, in ``problem.meta["tools"]``, so an integration can pass them to a chat API. A tool
is a pure function of (problem, arguments): hidden data (a database, documents, a table) is
rebuilt from a seed in ``problem.meta`` and never shown, so the episode replays exactly.
:func:`evaluate` is the calculator's exact expression grammar (parsed here, never ``eval``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from rlvr_envs.answers import extract, format_rules, is_hedged, normalise_answer, strip_think
from rlvr_envs.core import Episode, IllegalMove, InteractiveFamily, Judgement, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, read_integer

MAX_CALLS_PER_TURN = 8
"""Calls read from one turn; more get an error result each (and spend nothing)."""
MAX_TURN_CHARS = 20_000
"""A longer turn is not read: an ``error:`` reply that costs the turn."""
MAX_RESULT_CHARS = 2000
"""A tool's result is cut to this many characters (the cut is said)."""

_TAG = re.compile(r"<tool\b([^>]*)>(.*?)</tool\s*>", re.DOTALL)
_NAME = re.compile(r"""\bname\s*=\s*(?:"([^"]*)"|'([^']*)'|([\w.-]+))""")
_FENCE = re.compile(r"\A```(?:json)?\s*\n?(.*?)\n?```\Z", re.DOTALL)
_INTEGER = re.compile(r"[+-]?\d{1,40}")


class ToolError(Exception):
    """A tool refuses its arguments or fails; the message is the call's ``error:`` result."""


@dataclass(frozen=True)
class Tool:
    """One tool: its name, what it does and its parameters (name -> (JSON type, doc)), in
    order. JSON types are ``string``, ``integer`` and ``number`` (a number written as JSON or
    as text: ``12``, ``-3/4``, ``2.5``)."""

    name: str
    description: str
    parameters: tuple[tuple[str, str, str], ...]

    def schema(self) -> dict[str, Any]:
        """The OpenAI ``tools`` entry of this tool (a function with a JSON-schema object)."""
        properties = {}
        for name, kind, doc in self.parameters:
            if kind == "number":
                properties[name] = {"type": ["number", "string"], "description": doc}
            else:
                properties[name] = {"type": kind, "description": doc}
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": {
                    "type": "object",
                    "properties": properties,
                    "required": [name for name, _, _ in self.parameters],
                    "additionalProperties": False,
                },
            },
        }

    def signature(self) -> str:
        """``name(param: type, ...)`` for the prompt."""
        params = ", ".join(f"{name}: {kind}" for name, kind, _ in self.parameters)
        return f"{self.name}({params})"

    def bind(self, arguments: Any) -> dict[str, Any]:
        """The arguments checked against the parameters (ToolError says what is wrong)."""
        if isinstance(arguments, str) and len(self.parameters) == 1:
            arguments = {self.parameters[0][0]: arguments}
        if not isinstance(arguments, Mapping):
            raise ToolError("the arguments must be a JSON object")
        names = [name for name, _, _ in self.parameters]
        unknown = sorted(set(arguments) - set(names))
        if unknown:
            raise ToolError(f"unknown argument {unknown[0]!r}; {self.signature()}")
        bound = {}
        for name, kind, _ in self.parameters:
            if name not in arguments:
                raise ToolError(f"missing argument {name!r}; {self.signature()}")
            bound[name] = _coerce(arguments[name], kind, name)
        return bound


def _coerce(value: Any, kind: str, name: str) -> Any:
    if kind == "string":
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise ToolError(f"{name!r} must be a string")
        return str(value).strip()
    if kind == "integer":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
            return int(value.strip())
        raise ToolError(f"{name!r} must be a whole number")
    number = read_number(value)
    if number is None:
        raise ToolError(f"{name!r} must be a number (12, -3/4 or 2.5)")
    return number


def read_number(value: Any) -> Fraction | None:
    """An exact number from JSON (int, float) or text (``12``, ``-3/4``, ``2.5``); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value)) if abs(value) < 1e15 else None
    if not isinstance(value, str) or len(value) > 60:
        return None
    text = value.strip()
    if not re.fullmatch(r"[+-]?(\d+(\.\d+)?|\d+/\d*[1-9]\d*)", text):
        return None
    return Fraction(text)


def show_number(value: Fraction) -> str:
    """An exact number as text: an integer, or a fraction in lowest terms (``-7/3``)."""
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


# -- reading a turn -------------------------------------------------------------------------------
@dataclass(frozen=True)
class ToolCall:
    """One call read from a turn: the tool's name, its raw arguments (a JSON object, or text
    for a one-parameter tool) and its id; ``error`` says why it is malformed (None if not)."""

    name: str
    arguments: Any
    id: str
    error: str | None = None


def parse_calls(text: str) -> list[ToolCall] | None:
    """The tool calls of a turn's text, in order; None when the turn has no call syntax at
    all (it is then a final answer). ``<think>`` blocks are ignored."""
    text = strip_think(text).strip()
    as_json = _json_calls(text)
    if as_json is not None:
        return as_json
    calls = []
    for k, match in enumerate(_TAG.finditer(text)):
        found = _NAME.search(match.group(1))
        call_id = f"call_{k}"
        if found is None:
            calls.append(ToolCall("", None, call_id, 'a <tool> tag needs name="..."'))
            continue
        name = next(g for g in found.groups() if g is not None)
        body = match.group(2).strip()
        if body.startswith("{"):
            try:
                arguments = json.loads(body)
            except ValueError:
                calls.append(ToolCall(name, None, call_id, "the arguments are not valid JSON"))
                continue
        else:
            arguments = body
        calls.append(ToolCall(name, arguments, call_id))
    rest = _TAG.sub("", text)
    if "<tool" in rest:
        calls.append(ToolCall("", None, f"call_{len(calls)}", "a <tool> tag is not closed"))
    return calls or None


def _json_calls(text: str) -> list[ToolCall] | None:
    fenced = _FENCE.match(text)
    body = fenced.group(1).strip() if fenced else text
    if not body.startswith(("{", "[")):
        return None
    try:
        data = json.loads(body)
    except ValueError:
        return None
    if isinstance(data, Mapping) and "tool_calls" in data:
        data = data["tool_calls"]
    elif isinstance(data, Mapping):
        data = [data]
    if not isinstance(data, list) or not data:
        return None
    if not all(isinstance(c, Mapping) and "function" in c for c in data):
        return None
    return [openai_call(c, k) for k, c in enumerate(data)]


def openai_call(call: Mapping[str, Any], k: int = 0) -> ToolCall:
    """A :class:`ToolCall` from one OpenAI ``tool_calls`` entry."""
    call_id = str(call.get("id") or f"call_{k}")
    function = call.get("function")
    if not isinstance(function, Mapping) or not isinstance(function.get("name"), str):
        return ToolCall(
            "", None, call_id, 'a call needs "function": {"name": ..., "arguments": ...}'
        )
    arguments = function.get("arguments", "{}")
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except ValueError:
            return ToolCall(function["name"], None, call_id, "the arguments are not valid JSON")
    return ToolCall(function["name"], arguments, call_id)


# -- the families' base ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ToolTurn:
    """One tool turn of an episode: (call id, tool name, result text) per call, and the calls
    it spent."""

    results: tuple[tuple[str, str, str], ...]
    spent: int


class ToolFamily(InteractiveFamily):
    """An interactive family whose turns are tool calls, then one final answer.

    Subclasses set :attr:`tools`, implement ``generate`` (a Draft whose question ends with
    :meth:`tool_prompt`, whose meta has :meth:`tool_meta`, whose answer is the final answer)
    and :meth:`run_tool`, and may override :meth:`judge` (default: the normalised answer
    equals ``problem.answer``). The state is the tuple of :class:`ToolTurn` so far.
    """

    raw_moves = True  # a turn is the whole message: tool calls or a final answer
    verbatim_answer = True  # the final answer is read from the message by the family
    single_answer = True
    unique_answer = True
    max_turns = 24
    tools: ClassVar[tuple[Tool, ...]] = ()

    # -- what a family provides ---------------------------------------------------------------
    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        """The result of one valid call (raise :class:`ToolError` to refuse it)."""
        raise NotImplementedError

    def judge(self, problem: Problem, answer: str) -> bool:
        """Whether the final answer (extracted and normalised) is right; raise
        :class:`AnswerError` where it is not in the asked form (the turn is then illegal).
        Default: one integer equal to ``problem.answer``."""
        return read_integer(answer) == int(problem.answer)

    # -- prompt and meta ----------------------------------------------------------------------
    def tool_prompt(self, turns: int, calls: int) -> str:
        """The paragraph that lists the tools and the rules; ends every question."""
        listed = "\n".join(f"- {t.signature()}: {t.description}" for t in self.tools)
        one = [t.name for t in self.tools if len(t.parameters) == 1]
        plain = f" (for {', '.join(one)}: the value as plain text)" if one else ""
        return (
            f'Tools:\n{listed}\n\nCall a tool by writing <tool name="NAME">ARGUMENTS</tool>, '
            f"the arguments a JSON object{plain}, or as an OpenAI tool call. Each turn is "
            "either tool calls (several may share a turn) or your final answer; I reply with "
            f"each call's result. You have {turns} turns and {calls} tool calls. A malformed "
            "call, an unknown tool or a call over the budget costs its turn. Your final "
            "answer is read once: right scores 1, wrong scores 0, and so does a turn with "
            "neither a tool call nor an answer."
        )

    def tool_meta(self, turns: int, calls: int) -> dict[str, Any]:
        """The meta every problem carries: turn limit, call budget, OpenAI tool schemas."""
        return {"max_turns": turns, "max_calls": calls, "tools": [t.schema() for t in self.tools]}

    def instruction(self) -> str:
        rules = format_rules(self.answer_format)
        return f"Call a tool, or give the final answer. {rules.instruction(self.answer_syntax)}"

    # -- the contract -------------------------------------------------------------------------
    def start(self, problem: Problem) -> tuple[ToolTurn, ...]:
        return ()

    def raw_move(self, message: Any) -> str:
        """A message dict's OpenAI ``tool_calls`` as the move's text (its JSON), else its text."""
        if isinstance(message, Mapping) and message.get("tool_calls"):
            calls = message["tool_calls"]
            if isinstance(calls, Sequence) and not isinstance(calls, str):
                return json.dumps({"tool_calls": list(calls)}, default=str)
        return super().raw_move(message)

    def transcript_moves(self, answer: str) -> list[str]:
        return [answer]  # a whole completion is one turn, as in Retry

    def oracle_answer(self, problem: Problem) -> str:
        return problem.answer

    def check(self, problem: Problem, answer: str) -> Judgement:
        """A bare final answer (no tool calls) judged as the episode's only turn."""
        if extract(answer, problem.answer_format).answer is None:
            answer = format_rules(problem.answer_format).wrap(answer)
        return self.judge_moves(problem, [answer])

    def calls_left(self, problem: Problem, state: tuple[ToolTurn, ...]) -> int:
        return int(problem.meta["max_calls"]) - sum(turn.spent for turn in state)

    def move(self, problem: Problem, state: Any, move: str) -> tuple[Any, str, str]:
        if len(move) > MAX_TURN_CHARS:
            error = f"error: a turn is at most {MAX_TURN_CHARS} characters; nothing was read."
            return (*state, ToolTurn((), 0)), error, "playing"
        calls = parse_calls(move)
        if calls is None:
            found = extract(move, problem.answer_format, self.max_answer_chars)
            if found.answer is None:
                raise IllegalMove("a turn is tool calls or a final answer, and this is neither")
            answer = normalise_answer(found.answer, reference=problem.answer)
            if is_hedged(answer):
                raise IllegalMove("give one final answer, not alternatives")
            try:
                right = self.judge(problem, answer)
            except AnswerError as exc:
                raise IllegalMove(f"the final answer must be {self.answer_form} ({exc})") from None
            if right:
                return state, f"{answer}: right.", "solved"
            return state, f"{answer}: wrong.", "lost"
        left = self.calls_left(problem, state)
        results, spent = [], 0
        for k, call in enumerate(calls):
            result, used = self._one(problem, call, k, left - spent)
            spent += used
            results.append((call.id, call.name or "?", result))
        turn = ToolTurn(tuple(results), spent)
        feedback = "\n".join(f"[{name}] {result}" for _, name, result in results)
        return (*state, turn), feedback, "playing"

    def _one(self, problem: Problem, call: ToolCall, k: int, left: int) -> tuple[str, int]:
        """(result text, calls spent) of one call."""
        if call.error is not None:
            return f"error: {call.error}.", 0
        tool = next((t for t in self.tools if t.name == call.name), None)
        if tool is None:
            names = ", ".join(t.name for t in self.tools)
            return f"error: there is no tool {call.name!r} (tools: {names}).", 0
        if k >= MAX_CALLS_PER_TURN:
            return f"error: at most {MAX_CALLS_PER_TURN} calls are read in one turn.", 0
        if left <= 0:
            return "error: the call budget is spent; give your final answer.", 0
        try:
            arguments = tool.bind(call.arguments)
        except ToolError as exc:
            return f"error: {exc}.", 0
        try:
            result = self.run_tool(problem, tool.name, arguments)
        except ToolError as exc:
            return f"error: {exc}", 1
        if len(result) > MAX_RESULT_CHARS:
            result = result[:MAX_RESULT_CHARS] + f"... (cut at {MAX_RESULT_CHARS} characters)"
        return result, 1

    def view(self, problem: Problem, state: Any) -> str:
        left = self.calls_left(problem, state)
        return "1 tool call left." if left == 1 else f"{left} tool calls left."

    def reply_messages(self, problem: Problem, attempt: Any, episode: Episode) -> list[dict]:
        """``tool`` role messages (one per call, with its id) when ``attempt`` was a message
        dict with ``tool_calls`` that the episode read as its last turn."""
        if not (isinstance(attempt, Mapping) and attempt.get("tool_calls")):
            return []
        state = episode.state or ()
        if episode.status not in ("playing", "out_of_turns") or not state:
            return []
        if len(state) != len(episode.moves):  # the last move was not a tool turn
            return []
        return [
            {"role": "tool", "tool_call_id": call_id, "name": name, "content": result}
            for call_id, name, result in state[-1].results
        ]


# -- the calculator's grammar ---------------------------------------------------------------------
MAX_EXPRESSION_CHARS = 400
MAX_BITS = 4096  # a numerator or denominator larger than this is refused
_TOKEN = re.compile(r"\s*(\d+(?:\.\d+)?|\*\*|[-+*/^()])")


def evaluate(expression: str) -> Fraction:
    """The exact value of an arithmetic expression: numbers (``12``, ``2.5``), ``+ - * /``,
    ``^`` or ``**`` (a whole exponent up to 256), unary minus and parentheses; ToolError for
    anything else, a division by zero, nesting deeper than 40 or a value over
    :data:`MAX_BITS` bits. Parsed by recursive descent; nothing is ``eval``'d."""
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise ToolError(f"the expression is longer than {MAX_EXPRESSION_CHARS} characters")
    tokens, pos = [], 0
    text = expression.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise ToolError(f"unexpected {text[pos:].strip()[:10]!r}; use numbers, + - * / ^ ( )")
        tokens.append(match.group(1))
        pos = match.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    if not tokens:
        raise ToolError("the expression is empty")
    parser = _Parser(tokens)
    value = parser.expression(0)
    if parser.pos != len(tokens):
        raise ToolError(f"unexpected {tokens[parser.pos]!r}")
    return value


class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        self.tokens, self.pos = tokens, 0

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise ToolError("the expression ends too early")
        self.pos += 1
        return token

    def expression(self, depth: int) -> Fraction:
        value = self.term(depth)
        while self.peek() in ("+", "-"):
            op = self.take()
            right = self.term(depth)
            value = _bounded(value + right if op == "+" else value - right)
        return value

    def term(self, depth: int) -> Fraction:
        value = self.unary(depth)
        while self.peek() in ("*", "/"):
            op = self.take()
            right = self.unary(depth)
            if op == "/" and right == 0:
                raise ToolError("division by zero")
            value = _bounded(value * right if op == "*" else value / right)
        return value

    def unary(self, depth: int) -> Fraction:
        if depth > 40:
            raise ToolError("the expression is nested too deeply")
        if self.peek() in ("+", "-"):
            sign = self.take()
            value = self.unary(depth + 1)
            return -value if sign == "-" else value
        return self.power(depth)

    def power(self, depth: int) -> Fraction:
        base = self.atom(depth)
        if self.peek() not in ("^", "**"):
            return base
        self.take()
        exponent = self.unary(depth + 1)
        if exponent.denominator != 1 or abs(exponent) > 256:
            raise ToolError("an exponent must be a whole number from -256 to 256")
        if base == 0 and exponent < 0:
            raise ToolError("division by zero")
        size = max(base.numerator.bit_length(), base.denominator.bit_length())
        if size * abs(int(exponent)) > MAX_BITS:
            raise ToolError(f"the result is larger than {MAX_BITS} bits")
        return base ** int(exponent)

    def atom(self, depth: int) -> Fraction:
        token = self.take()
        if token == "(":
            value = self.expression(depth + 1)
            if self.take() != ")":
                raise ToolError("a parenthesis is not closed")
            return value
        if token[0].isdigit():
            return _bounded(Fraction(token))
        raise ToolError(f"unexpected {token!r}")


def _bounded(value: Fraction) -> Fraction:
    if max(value.numerator.bit_length(), value.denominator.bit_length()) > MAX_BITS:
        raise ToolError(f"the result is larger than {MAX_BITS} bits")
    return value


def calculator_result(expression: str) -> str:
    """The calculator tool's reply: the exact value (an integer or a fraction in lowest terms)."""
    return show_number(evaluate(expression))
