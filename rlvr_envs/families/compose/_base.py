"""What the composition families share: the answer syntax with optional intermediate steps.

**Answer syntax.** The answer block holds the final value alone, or the intermediate values
first, one per line, and the final value on the last line::

    <answer>
    step 1: VALUE
    step 2: VALUE
    FINAL VALUE
    </answer>

``step K`` is the value after the K-th link (the K-th function applied, the answer to the
K-th sub-problem); labels run from 1 to n-1 for a chain of n links, strictly increasing, and
the last line may also be written ``step n: VALUE``. Blank lines and whitespace around lines
are ignored. How values are compared depends on their type:

* numbers (``int``, ``rational``): in the written form the prompt asks for (an integer
  literal; an integer or ``p/q`` in lowest terms: :mod:`rlvr_envs.mathcheck.forms`, so a
  formula such as ``344^2`` is wrong), then by value with
  :func:`rlvr_envs.mathcheck.compare.compare_answers`;
* strings: character for character, case-sensitive, after stripping the whitespace around
  the line only (no quotes: ``"abc"`` is not ``abc``);
* lists of integers: ``[1, 2, 3]`` (brackets optional, spaces free), element by element.

**Judgement.** Every value written is checked: the answer is correct when the final value is
right, every intermediate written is right and, where the prompt asks for the intermediate
values, every one of them is given. Otherwise it is wrong, with partial credit in ``score``:
the fraction of the asked-for values (the answerable intermediates plus the final one) that
are given and right. A malformed block (a bad label, labels out of order, a final value that
is not a number where one is asked for) is unparsable.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rlvr_envs import numbers
from rlvr_envs.core import Family, Judgement, Problem, verify_timeout
from rlvr_envs.families.compose.skills import INT, INT_LIST, RATIONAL, STR
from rlvr_envs.mathcheck.compare import compare_answers
from rlvr_envs.mathcheck.forms import check_form

_STEP = re.compile(r"step\s*(\d{1,4})\s*[:=]\s*(.*)", re.IGNORECASE | re.DOTALL)
_LIST = re.compile(r"\[?\s*(-?[0-9]+(?:\s*,\s*-?[0-9]+)*)\s*\]?")  # ASCII digits

VALUE_RULES = {
    INT: "a whole number",
    RATIONAL: "an exact number: an integer or a fraction p/q in lowest terms",
    STR: (
        "a string, written exactly and without quotes; it is compared character for "
        "character (case matters), ignoring only whitespace around it"
    ),
    INT_LIST: "a list of integers in order, written like [3, 1, 4]",
}


STEP_RULES = {
    INT: "whole numbers in digits",
    RATIONAL: "fractions as p/q in lowest terms",
    STR: "strings exactly, without quotes (case matters)",
    INT_LIST: "lists like [3, 1, 4]",
}


class Malformed(ValueError):
    """The answer block does not follow the step syntax."""


def parse_steps(text: str, links: int) -> tuple[dict[int, str], str]:
    """Split an answer block into its intermediate values (by step) and its final value."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise Malformed("empty answer")
    steps: dict[int, str] = {}
    for line in lines[:-1]:
        match = _STEP.fullmatch(line)
        if match is None:
            raise Malformed("every line before the last must read 'step K: VALUE'")
        k = int(match.group(1))
        if not 1 <= k < links or (steps and k <= max(steps)):
            raise Malformed(f"step labels must increase from 1 to {links - 1}, got {k}")
        steps[k] = match.group(2).strip()
    final = lines[-1]
    match = _STEP.fullmatch(final)
    if match is not None:
        if int(match.group(1)) != links or (steps and links <= max(steps)):
            got = match.group(1)
            raise Malformed(f"the last line is the final value (step {links}), not step {got}")
        final = match.group(2).strip()
    if not final:
        raise Malformed("no final value")
    return steps, final


def parse_int_list(text: str) -> tuple[int, ...] | None:
    """``[1, -2, 3]`` (brackets optional) as a tuple, or None when it is not such a list."""
    if len(text) > 2000:
        return None
    text = numbers.normalise(text)  # U+2212 is a minus, as everywhere
    match = _LIST.fullmatch(text.strip())
    if match is None or text.strip().startswith("[") != text.strip().endswith("]"):
        return None
    return tuple(int(part) for part in match.group(1).split(","))


_FORMS = {INT: "integer", RATIONAL: "rational"}


def same_value(type_name: str, gold: str, pred: str) -> bool | None:
    """Whether ``pred`` is the value ``gold`` of ``type_name``; None when ``pred`` cannot be
    read as a value of that type, ``"timeout"`` is reported as None too (no credit).

    Numbers must be written as the prompt asks (:func:`rlvr_envs.mathcheck.forms.check_form`):
    ``344^2`` where "the square of x3" is asked, or ``6/4``, has the value but not the form,
    and is wrong.
    """
    if type_name == STR:
        return pred.strip() == gold
    if type_name == INT_LIST:
        parsed = parse_int_list(pred)
        return None if parsed is None else parsed == parse_int_list(gold)
    form = check_form(pred, _FORMS[type_name])
    if not form.parsed:
        return None
    if not form.ok:
        return False
    result = compare_answers(gold, pred, verify_timeout())
    if result.reason in ("unparsable", "timeout", "error"):
        return None
    return result.equal


class ChainFamily(Family):
    """A family whose problem is a chain: meta carries ``steps`` (rendered intermediate
    values, None where not answerable), ``types`` (one per link) and ``intermediates``
    (whether the prompt asks for the intermediate values)."""

    answer_syntax = "the answer described above"
    answer_form = "step lines with typed values"
    step_name: ClassVar[str] = "step"

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        types: list[str] = meta["types"]
        expected: list[str | None] = meta["steps"]
        try:
            given, final = parse_steps(answer, len(types))
        except Malformed as exc:
            return Judgement.unparsable(str(exc))
        final_ok = same_value(types[-1], problem.answer, final)
        if final_ok is None:
            return Judgement.unparsable(f"the final value is not {VALUE_RULES[types[-1]]}")
        right, wrong_steps = 0, []
        for k, text in given.items():
            gold = expected[k - 1]
            if gold is None:
                why = f"step {k} is not asked for (its value is a {types[k - 1]})"
                return Judgement.unparsable(why)
            if same_value(types[k - 1], gold, text):
                right += 1
            else:
                wrong_steps.append(k)
        asked = [k + 1 for k, gold in enumerate(expected) if gold is not None]
        missing = [k for k in asked if k not in given] if meta.get("intermediates") else []
        details: dict[str, Any] = {"final_correct": bool(final_ok)}
        if wrong_steps:
            details["wrong_steps"] = wrong_steps
        if missing:
            details["missing_steps"] = missing
        if final_ok and not wrong_steps and not missing:
            return Judgement.right(**details)
        score = (right + int(bool(final_ok))) / (len(asked) + 1)
        return Judgement.wrong(score=score, **details)

    def oracle_answer(self, problem: Problem) -> str:
        """The final value, after every intermediate value when the prompt asks for them."""
        if not problem.meta.get("intermediates"):
            return problem.answer
        lines = [
            f"step {k}: {value}"
            for k, value in enumerate(problem.meta["steps"], start=1)
            if value is not None
        ]
        return "\n".join([*lines, problem.answer])

    def format_rules(self, types: list[str], intermediates: bool, what: str) -> str:
        """The prompt's paragraph on how to write the answer; ``what`` names step K's value
        (e.g. "the value after the K-th function")."""
        text = f"The final answer is {VALUE_RULES[types[-1]]}."
        answerable = [k + 1 for k, t in enumerate(types[:-1]) if t in VALUE_RULES]
        others = list(dict.fromkeys(types[k - 1] for k in answerable if types[k - 1] != types[-1]))
        how = ""
        if others:
            how = " Write " + "; ".join(STEP_RULES[t] for t in others) + "."
        if intermediates and answerable:
            listed = ", ".join(str(k) for k in answerable)
            text += (
                f" Also give the intermediate results of steps {listed}, where step K is "
                f"{what}: inside the answer tags write one line 'step K: VALUE' per step, in "
                "order, then the final answer alone on the last line. Every value you write "
                f"is checked.{how}"
            )
        elif len(types) > 1:
            text += (
                " You may list intermediate results first, one line 'step K: VALUE' each "
                f"(step K is {what}), with the final answer alone on the last line; every "
                f"value you write is checked.{how}"
            )
        return text
