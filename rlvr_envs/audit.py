"""Shortcut audits: how much reward does an answer that ignores the problem earn on an env?

A policy trained by RL finds whatever earns reward, including answers that ignore the
problem: a constant ``yes`` on a yes/no task whose "yes" needs no proof, ``none`` where
"there is none" is half the instances, or the one integer that a narrow answer
distribution returns most often (reward hacking by specification gaming; Skalse et al. 2022,
"Defining and Characterizing Reward Hacking"). The audit generates problems, tries the
most common reference answers and a few generic constants on every one of them, and
reports the best mean reward. Families that ask for a witness with a verdict (Bipartite,
CycleDetection, EulerianPath, Entailment) keep it low; counting families with few possible
values cannot (a count of 2 to 5 components is right a quarter of the time by guessing).

The second audit, :func:`best_echo_rule`, copies instead of guessing: an answer taken from
the prompt itself by a fixed rule (the k-th number, the first expression, the last line,
either side of an equation, a quoted string, a code block). A policy learns such a rule
as easily as a constant, so wherever the task is to compute something the prompt does not
already state, every rule must earn nothing; a family enforces that by checking the
answer's form (:mod:`rlvr_envs.mathcheck.forms`), not only its value. The audit also
reports the best any span of the prompt can do (an oracle that picks the right span per
problem): an upper bound on copying.

On an interactive family (a game, a secret probed with feedback) both audits play the
answer as a constant policy: the same move every turn for the whole episode
(:func:`constant_completion`).

``rlvr audit`` runs both from the command line.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rlvr_envs import registry
from rlvr_envs.core import InteractiveFamily, Problem

GENERIC_CONSTANTS: tuple[str, ...] = ("none", "0", "1", "2", "yes", "no", "true", "false")
"""Answers tried on every env besides its own most common reference answers."""


@dataclass(frozen=True)
class ConstantAudit:
    """The best fixed answer found for one env, and what it earns."""

    env_id: str
    answer: str
    reward: float
    """Mean reward of ``answer`` over the problems: on a graded family (``partial_credit``,
    e.g. the optimisation domain) this counts its partial scores, which the bar applies to."""
    problems: int
    distinct_answers: int
    """How many different reference answers the problems had."""
    reference_program: bool = False
    """``answer`` is a code env's reference program: one program that solves every instance
    it is right on is the task's general solution, not a shortcut (expected for the
    ``Implement*`` families, whose problems all ask for the same function)."""
    correct: float = 0.0
    """The fraction of the problems ``answer`` is right on (equal to ``reward`` unless the
    family grades wrong answers with partial credit)."""


def best_constant_answer(
    env_id: str,
    *,
    difficulty: float | None = 0.5,
    problems: int = 100,
    candidates: Sequence[str] = GENERIC_CONSTANTS,
    most_common: int = 3,
) -> ConstantAudit:
    """The fixed answer with the highest mean reward on ``problems`` problems of ``env_id``.

    Tried: the ``most_common`` most frequent reference answers of those problems, then
    ``candidates``; each is written in the problem's answer format (as a model would) and
    scored with :func:`rlvr_envs.verify`. Problems use seeds ``0..problems-1`` at
    ``difficulty`` (None: the family's default knobs).
    """
    if problems < 1:
        raise ValueError("problems must be >= 1")
    task = registry.make_task(env_id)
    batch = [task.generate(seed=i, difficulty=difficulty) for i in range(problems)]
    counts = Counter(p.answer for p in batch)
    tried = [a for a, _ in counts.most_common(most_common)]
    tried += [c for c in candidates if c not in tried]
    best = ("", -1.0, 0.0)
    for answer in tried:
        completions = [constant_completion(p, answer) for p in batch]
        verdicts = registry.verify_batch(batch, completions)
        reward = sum(v.reward for v in verdicts) / len(batch)
        if reward > best[1]:
            best = (answer, reward, sum(v.correct for v in verdicts) / len(batch))
    program = task.domain == "code" and best[0] in counts
    return ConstantAudit(env_id, best[0], best[1], len(batch), len(counts), program, best[2])


def constant_completion(problem: Problem, answer: str) -> str:
    """``answer`` written as a model would: in the problem's answer format, and for an
    interactive family's episode (moves the env answers) played as a constant policy, the
    same move every turn until the turn limit (moves separated by ``;``, the form of a whole
    episode as one answer). An answer that is already a sequence of moves (a reference
    answer) is played as it stands."""
    family = registry.family_for(problem)
    if isinstance(family, InteractiveFamily) and not family.raw_moves and ";" not in answer:
        answer = "; ".join([answer] * family.turn_limit(problem))
    return registry.format_answer(answer, problem.answer_format)


# -- echoes of the prompt -------------------------------------------------------------------------
ECHO_KINDS: tuple[str, ...] = ("number", "expression", "side", "quoted", "code", "line", "token")
"""The kinds of prompt span the echo audit copies; see :func:`prompt_spans`."""

_SPAN_TOKEN = re.compile(r"\d+(?:\.\d+)?|\\[A-Za-z]+|[A-Za-z]+|\n|\S")
_MATH_WORDS = frozenset({"sqrt", "mod", "ln", "log", "sin", "cos", "tan", "pi", "exp", "gcd"})
_MATH_CHARS = frozenset("+-*/^=<>()[]{}!%|,√π±·×÷−'")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+|/\d+)?(?![\w.]\w)")
_QUOTED = re.compile(r'"([^"\n]{1,200})"|\'([^\'\n]{1,200})\'')
_FENCE = re.compile(r"```[a-zA-Z0-9]*\n(.*?)```", re.DOTALL)
_PUNCTUATION = ".,;:!?\"'()[]{}"


def _math_token(token: str) -> bool:
    if token[0].isdigit() or token in _MATH_CHARS or token.startswith("\\"):
        return True
    return token.isalpha() and (len(token) == 1 or token.lower() in _MATH_WORDS)


def _expression_runs(prompt: str) -> list[str]:
    """Maximal runs of math tokens on one line (``9(-4x - 1) - 11 = -10x + 175``)."""
    runs, start, end = [], None, None
    for match in _SPAN_TOKEN.finditer(prompt):
        token = match.group()
        if token != "\n" and _math_token(token):
            start = match.start() if start is None else start
            end = match.end()
            continue
        if start is not None:
            runs.append(prompt[start:end])
        start = None
    if start is not None:
        runs.append(prompt[start:end])
    cleaned = [run.strip().strip(",.:;=").strip() for run in runs]
    return [run for run in cleaned if run and any(c.isalnum() for c in run)]


def prompt_spans(prompt: str) -> dict[str, list[str]]:
    """Every span of a prompt that an answer could copy, by kind, in prompt order.

    ``number``: each number (``-3``, ``2.5``, ``3/4``); ``expression``: each maximal run of
    numbers, single letters and operators on one line; ``side``: the parts of those runs
    between ``=``, ``,``, ``:`` and ``;``; ``quoted``: each quoted string's content; ``code``:
    each fenced code block's body; ``line``: each non-empty line; ``token``: each
    whitespace-separated word with its punctuation stripped.
    """
    expressions = _expression_runs(prompt)
    sides = [
        part.strip()
        for run in expressions
        for part in re.split(r"[=,:;]", run)
        if part.strip() and part.strip() != run
    ]
    return {
        "number": _NUMBER.findall(prompt),
        "expression": expressions,
        "side": sides,
        "quoted": [a or b for a, b in _QUOTED.findall(prompt)],
        "code": _FENCE.findall(prompt),
        "line": [line.strip() for line in prompt.splitlines() if line.strip()],
        "token": [t for t in (w.strip(_PUNCTUATION) for w in prompt.split()) if t],
    }


@dataclass(frozen=True)
class EchoAudit:
    """What copying from the prompt earns on one env.

    ``copied`` is the check that must be 0 wherever the task is to compute something: the
    best rule's mean reward over the problems whose prompt does *not* state the reference
    answer (as one of its spans). On the other problems the answer is written in the prompt
    (a node label that equals a count, an element that is its own inverse), so a copy there
    is a guess among stated values, which the constant audit measures.
    """

    env_id: str
    rule: str
    """The best fixed rule, e.g. ``expression[0]`` (the first expression) or ``number[-1]``."""
    reward: float
    """Mean reward of ``rule`` over all problems."""
    copied: float
    """The best mean reward of any rule over the problems whose answer the prompt does not
    state (0 when every problem states it)."""
    any_span: float
    """Mean over problems of the best reward of any span (an oracle choosing per problem);
    of the words (``token``), only those at the rules' positions are tried."""
    stated: float
    """The fraction of problems whose reference answer is one of the prompt's spans."""
    problems: int
    example: str
    """What ``rule`` copied on the first problem where it earned reward (else on the first)."""


def best_echo_rule(
    env_id: str,
    *,
    difficulty: float | None = 0.5,
    problems: int = 50,
    positions: int = 5,
) -> EchoAudit:
    """The copying rule with the highest mean reward on ``problems`` problems of ``env_id``.

    A rule is a kind of span (:data:`ECHO_KINDS`) and a position: the first ``positions``
    and the last ``positions`` spans of that kind. Each copied span is written in the
    problem's answer format and scored with :func:`rlvr_envs.verify`. Problems use seeds
    ``0..problems-1`` at ``difficulty``.
    """
    if problems < 1 or positions < 1:
        raise ValueError("problems and positions must be >= 1")
    task = registry.make_task(env_id)
    batch = [task.generate(seed=i, difficulty=difficulty) for i in range(problems)]
    spans = [prompt_spans(p.prompt) for p in batch]
    index_range = [*range(positions), *range(-positions, 0)]
    pairs = sorted(
        {(i, text) for i, by_kind in enumerate(spans) for kind, texts in by_kind.items()
         for text in (texts if kind != "token" else _positions(texts, index_range))}
    )  # fmt: skip
    verdicts = registry.verify_batch(
        [batch[i] for i, _ in pairs],
        [constant_completion(batch[i], text) for i, text in pairs],
    )
    reward = {pair: v.reward for pair, v in zip(pairs, verdicts)}
    best_any = [max((r for (i, _), r in reward.items() if i == k), default=0.0)
                for k in range(len(batch))]  # fmt: skip
    stated = [_states(problem.answer, by_kind) for problem, by_kind in zip(batch, spans)]
    unstated = stated.count(False)
    best, copied = ("", -1.0, ""), 0.0
    for kind in ECHO_KINDS:
        for index in index_range:
            copies = [_at(s[kind], index) for s in spans]
            rewards = [0.0 if c is None else reward[(i, c)] for i, c in enumerate(copies)]
            mean = sum(rewards) / len(batch)
            if mean > best[1]:
                hit = next((c for c, r in zip(copies, rewards) if r > 0), copies[0])
                best = (f"{kind}[{index}]", mean, hit or "")
            if unstated:
                on_unstated = sum(r for r, s in zip(rewards, stated) if not s) / unstated
                copied = max(copied, on_unstated)
    return EchoAudit(
        env_id,
        rule=best[0],
        reward=best[1],
        copied=copied,
        any_span=sum(best_any) / len(batch),
        stated=stated.count(True) / len(batch),
        problems=len(batch),
        example=best[2],
    )


def _states(answer: str, spans: dict[str, list[str]]) -> bool:
    """Whether the reference answer is written in the prompt as one of its spans."""
    wanted = " ".join(answer.split())
    return any(" ".join(text.split()) == wanted for texts in spans.values() for text in texts)


def _positions(items: list[str], indices: list[int]) -> list[str]:
    return [item for index in indices if (item := _at(items, index)) is not None]


def _at(items: list[str], index: int) -> str | None:
    return items[index] if -len(items) <= index < len(items) else None
