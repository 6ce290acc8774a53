"""The answer front end, held over every registered id (design.md, "One front end").

Generated from each id's oracle answer, so a family added later is covered without anyone
writing its cases (docs/answers.md lists the wrappings and the exemptions):

* every ordinary wrapping of the oracle's final answer scores 1: math delimiters, markdown
  emphasis, a trailing full stop, surrounding whitespace, ``\\boxed`` inside the tags, a label
  the family declares (``answer_labels``) and named tuple parts (``answer_names``);
* where the answer is unique, hostile variants score 0: the oracle answer with a second,
  wrong answer after it, a hedge between the two, the prompt's own numbers and a line copied
  from the prompt.

The wrappings are written here from the oracle's text, independently of the normaliser.
Exempt, as documented: answers in the ``code`` format and families with ``verbatim_answer``
(only whitespace), a marker the reference answer itself starts or ends with (``*`` in a
Minesweeper grid), and a full stop where the reference uses ``.`` other than as a decimal
point (``.`` for an empty cell).
"""

from __future__ import annotations

import re

import pytest

import rlvr_envs
from rlvr_envs.answers import extract
from rlvr_envs.registry import family_for
from tests.conftest import ALL_IDS

# Two problems per id: the easy end and a middle difficulty (the whole file takes seconds).
SEEDS = ((0, 0.0), (1, 0.6))


def _complete(problem, answer: str) -> str:
    """A completion whose final answer is ``answer`` in the problem's format."""
    if problem.answer_format == "tags":
        return f"Working... <answer>{answer}</answer>"
    return f"Working... so the answer is \\boxed{{{answer}}}"


def _oracle_answer(problem) -> str:
    found = extract(rlvr_envs.oracle_completion(problem), problem.answer_format)
    assert found.answer is not None, "the oracle completion has no final answer"
    return found.answer


def _split_top(text: str) -> list[str]:
    """``(6, 4, 170)`` -> ``["6", "4", "170"]``: commas outside brackets."""
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += (char in "([{") - (char in ")]}")
        if char == "," and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    return [*parts, text[start:].strip()]


def _symbol_of(reference: str, char: str) -> bool:
    """Whether ``char`` is part of the answer's own syntax: the reference starts or ends
    with it, or it is a grid (several lines) that holds it."""
    return (
        reference.startswith(char)
        or reference.endswith(char)
        or ("\n" in reference and char in reference)
    )


def wrappings(problem, family, answer: str) -> dict[str, str]:
    """Every ordinary way of writing ``answer`` that must score what ``answer`` scores."""
    if problem.answer_format == "code":
        return {}
    out = {"whitespace": f"\n  {answer} \t\n"}
    if family.verbatim_answer:
        return out
    reference = problem.answer.strip()
    if not reference.startswith("$"):
        out |= {
            "inline math": f"${answer}$",
            "display math": f"$${answer}$$",
        }
    if not reference.startswith("\\"):
        out |= {"\\(..\\)": f"\\({answer}\\)", "\\[..\\]": f"\\[ {answer} \\]"}
    if not _symbol_of(reference, "*"):
        out |= {"bold": f"**{answer}**", "bold math": f"**${answer}$**"}
        if "*" not in answer.replace(" * ", ""):  # *2*3*: which stars are emphasis?
            out["italic"] = f"*{answer}*"
    if not _symbol_of(reference, "_"):
        out |= {"underscore bold": f"__{answer}__"}
    # A full stop is notation unless the reference uses "." itself (a decimal point aside).
    if "." not in re.sub(r"(?<=\d)\.(?=\d)", "", reference):
        out |= {"full stop": f"{answer}.", "bold, full stop inside": f"**{answer}.**"}
        if "inline math" in out:
            out |= {
                "inline math, full stop": f"${answer}.$",
                "full stop after math": f"${answer}$.",
            }
    if problem.answer_format == "tags":
        out["boxed inside the tags"] = f"\\boxed{{{answer}}}"
    for label in family.answer_labels(problem):
        out[f"label {label}"] = f"{label} = {answer}"
        if "inline math" in out:
            out[f"label {label} in math"] = f"${label} = {answer}$"
    names = family.answer_names(problem)
    parts = _split_top(answer)
    if names and len(parts) == len(names):
        pairs = [f"{n} = {v}" for n, v in zip(names, parts, strict=True)]
        out["named parts"] = ", ".join(pairs)
        out["named parts, reordered"] = ", ".join(reversed(pairs))
        out["tuple label"] = f"({', '.join(names)}) = {answer}"
    return out


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_ordinary_notation_around_the_oracle_answer_scores_one(env_id, tasks):
    refused = []
    for seed, difficulty in SEEDS:
        problem = tasks[env_id].generate(seed=seed, difficulty=difficulty)
        family = family_for(problem)
        answer = _oracle_answer(problem)
        for name, written in wrappings(problem, family, answer).items():
            verdict = rlvr_envs.verify(problem, _complete(problem, written))
            if not verdict.correct:
                refused.append((seed, name, written[:80], verdict.reason, verdict.details))
    assert not refused, refused


def _other_answer(problem, answer: str) -> str | None:
    """A different answer of the same shape: the oracle's last digit changed; None when the
    oracle has no digit or the change happens to be right too."""
    digits = [i for i, c in enumerate(answer) if c.isdigit()]
    if not digits:
        return None
    i = digits[-1]
    other = answer[:i] + ("1" if answer[i] != "1" else "2") + answer[i + 1 :]
    if rlvr_envs.verify(problem, _complete(problem, other)).correct:
        return None
    return other


def hostile_variants(problem, family, answer: str) -> dict[str, str]:
    """Completions that must score 0 where the family's answer is unique."""
    body = problem.prompt.removesuffix(family.instruction()).strip()
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    out = {"the prompt's numbers": ", ".join(re.findall(r"-?\d+(?:/\d+)?", body))}
    out |= {f"prompt line {i}": line for i, line in enumerate(lines[:2] + lines[-2:])}
    other = _other_answer(problem, answer)
    if other is not None and family.single_answer:
        out |= {
            "a second answer on the next line": f"{answer}\n{other}",
            "a second answer after a comma": f"{answer}, {other}",
            "a second answer after a semicolon": f"{answer}; {other}",
            "a hedge": f"{answer} or {other}",
            "a hedge, right one last": f"{other} or {answer}",
            "a hedge in bold": f"**{answer}** or **{other}**",
        }
    # A variant that is the answer itself (a prompt line that states it) is not hostile.
    return {k: v for k, v in out.items() if v.strip() and v.strip() != answer.strip()}


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_hostile_variants_of_the_oracle_answer_score_zero(env_id, tasks):
    accepted = []
    for seed, difficulty in SEEDS:
        problem = tasks[env_id].generate(seed=seed, difficulty=difficulty)
        family = family_for(problem)
        if problem.answer_format == "code" or not family.unique_answer:
            continue  # several answers are right: the family's own tests cover negatives
        answer = _oracle_answer(problem)
        for name, written in hostile_variants(problem, family, answer).items():
            verdict = rlvr_envs.verify(problem, _complete(problem, written))
            if verdict.correct:
                accepted.append((seed, name, written[:80]))
    assert not accepted, accepted
