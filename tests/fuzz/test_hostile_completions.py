"""Hostile completions against every env: ``verify`` never raises, never reports ``error``
(a bug of ours), keeps the Verdict contract, and returns within its limit.

Completions are decoded from bytes that hypothesis draws, out of what a policy under RL, or
an attacker, writes: answers in and out of every answer format with nested, unbalanced and
repeated markup, exponent towers and huge numbers, LaTeX known and unknown, Unicode that
looks like digits, signs or nothing at all, control characters and NUL bytes, Python
payloads, megabyte strings, chat-message lists of odd shapes, and mutations of the oracle's
answer and of the prompt. Each hypothesis example scores a batch of them against problems
of one domain.

CI runs 10^4 completions per domain (2,000 for code, whose completions run in the sandbox);
``-m slow`` runs 10^5 per domain.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.core import REASONS, Verdict
from rlvr_envs.registry import family_for, format_answer
from tests.timing import stopwatch, wall_budget

LIMIT = 1.0  # the verify timeout the fuzz passes (seconds)
SLACK = 1.5  # what an idle 2-core machine may add before verify returns (tests/timing.py scales it)
PER_EXAMPLE = 10  # completions scored per hypothesis example
CI_COMPLETIONS = 10_000
CI_COMPLETIONS_FOR = {"code": 2_000}
"""Domains that score fewer in the main suite: every code completion that parses runs in the
sandbox (10^4 took four minutes, the suite's slowest test); ``-m slow`` runs 10^5."""
SLOW_COMPLETIONS = 100_000
DOMAINS = [d for d in rlvr_envs.DOMAINS if rlvr_envs.list_envs(d, mixtures=False)]

HUGE = [
    "9^9^9^9", "10^{10^{10^{10}}}", "1e999999", "-1e-999999", "9" * 5000, "2**2**2**2**2**2",
    "10!!!!!!", "1000000!", "\\binom{10^9}{5 \\cdot 10^8}", "1/0", "0/0", "0^0", "(-8)^{1/3}",
    "\\sqrt{-1}", "\\infty - \\infty", "x^{x^{x^{x}}}", "2^{2^{2^{2^{2^{2}}}}}", "1" + "0" * 4000,
    "(" * 400 + "1" + ")" * 400, "{" * 3000 + "}" * 3000, "-" * 1000 + "1", "1,000,000,0000",
    "12 345 678 9", "0." + "3" * 3000, "99999999999999999999/1", "3.14159" * 200,
]  # fmt: skip
LATEX = [
    "\\frac", "\\frac{1}", "\\frac{}{}", "\\sqrt[", "\\sqrt[3]{-27}", "\\begin{pmatrix}",
    "\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3\\end{pmatrix}", "\\left(", "\\right]", "\\text{",
    "\\text{5 cm}", "\\unknowncommand{x}", "\\\\", "&", "\\over", "{1 \\over 0}", "\\approx",
    "\\mid", "\\setminus", "\\{x \\mid x > 0", "\\{", "\\}", "$$", "\\(", "\\)", "\\boxed{",
    "\\pm", "\\cup", "\\cap", "0.\\overline{3}", "^{", "_{", "\\lim_{x \\to 0}", "\\int_0^1 x dx",
    "\\mathbb{R}", "\\emptyset", "\\infty", "\\dfrac{-3}{4}", "\\operatorname{gcd}(4,6)",
]  # fmt: skip
UNICODE = [
    "\u202e", "\u0301", "²", "⁻³", "１２", "\u2212", "\x00", "\x07", "\x1b[2J", "\ufeff",
    "\u200b", "𝟙", "٣", "½", "∞", "√", "π", "≈", "⟨", "⟩", "\ud800", "\uffff", "\u2009",
    "\u00a0", "ℕ", "→", "×", "÷", "·", "—", "\r", "\t", "\u2028",
]  # fmt: skip
PYTHON = [
    "__import__('os').system('echo pwned')", "().__class__.__base__.__subclasses__()",
    "open('/etc/passwd').read()", "import sys; sys.exit(0)", "exec('1')", "eval('2+2')",
    "lambda: 1", "[1] * 10**9", "import ctypes; ctypes.string_at(0)", "raise SystemExit",
    "print('x' * 10**7)", "def f(*a, **k):\n    return f", "import os\nos.kill(1, 9)",
    "yield 1", "None", "True", "[[[]]]", "{'a': {1, 2}}", "b'\\x00'", "1j", "...",
]  # fmt: skip
SLOW_CODE = ["while True:\n    pass", "import time\ntime.sleep(30)"]
WORDS = ["none", "yes", "no", "x =", "y =", "or", "and", "step 1:", "UNSAT", "->", ":", ",", "|"]
WRAPPERS = [
    "{}", "<answer>{}</answer>", "<ANSWER>{}</Answer>", "<answer>{}", "{}</answer>",
    "<answer><answer>{}</answer>", "\\boxed{{{}}}", "\\boxed{{{}", "\\boxed {}", "$\\boxed{{{}}}$",
    "```python\n{}\n```", "```\n{}\n```", "```python\n{}", "<think>{}</think>", "<think>{}",
    "{}</think><answer>{}</answer>", "The answer is {}.", "{}\n{}\n{}",
]  # fmt: skip
ODD_SHAPES = [
    [], [None], [{"role": "assistant"}], {"content": None}, [{"role": "assistant", "content": 7}],
    [["nested"]], [{"role": "assistant", "content": [None, {"text": 5}]}],
]  # fmt: skip
BIG = [
    "a" * 1_000_000, "<answer>" * 100_000, "```" * 200_000, "{" * 500_000,
    "<think>" + "x" * 500_000, "\\boxed{" * 100_000, "1" * 1_000_000,
]  # fmt: skip


@cache
def pool(domain: str) -> tuple[rlvr_envs.Problem, ...]:
    """Problems of every env of ``domain``: four seeds at three difficulties each."""
    problems = []
    for env_id in rlvr_envs.list_envs(domain, mixtures=False):
        task = rlvr_envs.make_task(env_id)
        problems += [task.generate(seed=s, difficulty=d) for s in range(4) for d in (0, 0.5, 1)]
    return tuple(problems)


# A completion is decoded from 64 bytes that hypothesis draws (one draw per completion, so
# the time goes to verifying; hypothesis still replays and shrinks them, towards zero bytes:
# the simplest completion), the way coverage-guided fuzzers read their input.
KINDS = ("oracle", "mutant", "prompt", "huge", "latex", "unicode", "python", "word", "text")
PIECES = [*UNICODE, *"0123456789-+/^(){}[]=,.x ", *WORDS]
JOINERS = ["", " ", "\n", " + ", ", "]
RECIPE_BYTES = 64


class _Bytes:
    """Reads small integers off a byte string; 0 once it is used up."""

    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def int(self, bound: int) -> int:
        """An integer in ``[0, bound)`` from the next two bytes."""
        chunk = self.data[self.pos : self.pos + 2]
        self.pos += 2
        return int.from_bytes(chunk, "little") % bound if chunk else 0


def _pick(items: list, index: int):
    return items[index % len(items)]


def _mutated(text: str, read: _Bytes) -> str:
    """Insert, delete, replace or double pieces of ``text`` with hostile ones."""
    chars = list(text)
    for _ in range(1 + read.int(4)):
        op, at, piece = read.int(4), read.int(len(chars) + 1), _pick(PIECES, read.int(9999))
        if op == 0 or not chars:
            chars.insert(at, piece)
        elif op == 1:
            del chars[min(at, len(chars) - 1)]
        elif op == 2:
            chars[min(at, len(chars) - 1)] = piece
        else:
            chars = chars + chars
    return "".join(chars)


def _fragment(problem: rlvr_envs.Problem, read: _Bytes) -> str:
    kind, index = KINDS[read.int(len(KINDS))], read.int(9999)
    if kind == "huge":
        return _pick(HUGE, index)
    if kind == "latex":
        return _pick(LATEX, index)
    if kind == "unicode":
        return "".join(_pick(UNICODE, read.int(9999)) for _ in range(1 + index % 6))
    if kind == "python":
        return _pick(SLOW_CODE if read.int(1000) == 0 else PYTHON, index)  # ~3 in 10^4
    if kind == "word":
        return _pick(WORDS, index)
    if kind == "text":
        return "".join(chr(read.int(0x3000)) for _ in range(index % 12))
    oracle = family_for(problem).oracle_answer(problem)
    if kind == "oracle":
        return oracle
    if kind == "mutant":
        return _mutated(oracle[:2000], read)
    start = index % max(1, len(problem.prompt))
    return problem.prompt[start : start + 1 + read.int(200)]


def completion_of(problem: rlvr_envs.Problem, data: bytes):
    """The hostile completion ``data`` describes for ``problem``: text or a chat list."""
    read = _Bytes(data)
    if read.int(200) == 199:
        return _pick(BIG, read.int(9999))
    text = _pick(JOINERS, read.int(9999)).join(
        _fragment(problem, read) for _ in range(1 + read.int(5))
    )
    for _ in range(read.int(3)):
        wrapper = _pick(WRAPPERS, read.int(9999))
        text = wrapper.replace("{}", text) if "{{" not in wrapper else wrapper.format(text)
    if read.int(4):  # three in four in the problem's own answer format
        text = format_answer(text, problem.answer_format)
    shape = read.int(10)
    if shape == 6:
        return [{"role": "system", "content": "x"}, {"role": "assistant", "content": text}]
    if shape == 7:
        return [{"content": text}, {"role": "user", "content": 5}]
    if shape == 8:
        return [{"role": "assistant", "content": [{"type": "text", "text": text}, {"x": 1}]}]
    if shape == 9:
        return _pick(ODD_SHAPES, read.int(9999))
    return text


def _check(problem: rlvr_envs.Problem, completion) -> None:
    with stopwatch() as elapsed:
        verdict = rlvr_envs.verify(problem, completion, timeout=LIMIT)
    try:
        assert isinstance(verdict, Verdict)
        assert verdict.reason in REASONS and verdict.reason != "error", verdict
        assert 0.0 <= verdict.reward <= 1.0 and 0.0 <= verdict.score <= 1.0, verdict
        assert isinstance(verdict.correct, bool) and isinstance(verdict.format_ok, bool)
        assert verdict.correct == (verdict.reason == "ok"), verdict
        assert verdict.reward < 1.0 or verdict.correct, verdict
        assert verdict.parsed is None or isinstance(verdict.parsed, str), verdict
        assert isinstance(verdict.expected, str), verdict
        json.dumps(verdict.to_dict())  # details are JSON, whatever the answer held
        # what verify does in this process (extraction, parsing, comparing) is not under the
        # worker's kill limit: its CPU time must stay within the budget, busy machine or not;
        # the wall time (waiting on a worker or the sandbox) gets a margin for the load
        assert elapsed.cpu < LIMIT + SLACK, f"verify used {elapsed.cpu:.2f} s of CPU"
        budget = wall_budget(LIMIT + SLACK)
        assert elapsed.wall < budget, f"verify took {elapsed.wall:.2f} s (budget {budget:.1f} s)"
    except (AssertionError, TypeError, ValueError) as exc:
        where = (problem.env_id, problem.seed, problem.difficulty, repr(completion)[:300])
        raise AssertionError(f"{exc} on {where}") from exc


def _fuzz(domain: str, completions_total: int):
    problems = pool(domain)
    examples = completions_total // PER_EXAMPLE

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,  # the same completions every run: a CI failure reproduces
    )
    @given(st.lists(st.binary(min_size=RECIPE_BYTES, max_size=RECIPE_BYTES),
                    min_size=PER_EXAMPLE, max_size=PER_EXAMPLE))  # fmt: skip
    def run(recipes: list[bytes]) -> None:
        for data in recipes:
            problem = problems[int.from_bytes(data[-4:], "little") % len(problems)]
            _check(problem, completion_of(problem, data))
            scored.append(problem.env_id)

    scored: list[str] = []
    run()
    assert len(scored) >= completions_total, len(scored)  # the count the docstring promises
    assert len(set(scored)) == len(rlvr_envs.list_envs(domain, mixtures=False))


@pytest.mark.parametrize("domain", DOMAINS)
def test_hostile_completions_get_a_verdict_within_the_limit(domain):
    _fuzz(domain, CI_COMPLETIONS_FOR.get(domain, CI_COMPLETIONS))


@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_a_hundred_thousand_hostile_completions_per_domain(domain):
    _fuzz(domain, SLOW_COMPLETIONS)
