"""Families whose answer is a value in a declared form (every math family, and any other
family that asks for a number: ``ClockAngle``): an answer is right when it has the
reference's value *and* the written form the prompt asks for.

The value is compared exactly with :func:`rlvr_envs.mathcheck.compare.compare_answers`; the form
with :func:`rlvr_envs.mathcheck.forms.check_form`, so the question's own expression, a formula
for a count, a fraction not in lowest terms or a value with units earns nothing even though
its value is right (design.md, "Rewards for the work, not for a shortcut").
"""

from __future__ import annotations

from rlvr_envs.core import Family, Judgement, Problem, verify_timeout
from rlvr_envs.mathcheck.compare import compare_answers
from rlvr_envs.mathcheck.forms import check_form


class MathFamily(Family):
    """A family whose answer is a value in a declared form.

    Subclasses set ``answer_form`` (a name from :data:`rlvr_envs.mathcheck.forms.FORMS`),
    ``answer_element`` for collections, and ``answer_variables`` (or override
    :meth:`~rlvr_envs.core.Family.form_variables`) when the prompt names the unknown, so that
    ``x = 3`` is accepted and ``y = 3`` is not (:class:`~rlvr_envs.core.Family` says what
    each ``answer_*`` attribute means). The form is checked first: it is cheap and it
    refuses formulas before any symbolic work. Values are exact; a decimal approximation is
    wrong.
    """

    answer_syntax = "the final answer"
    answer_form = "rational"

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_value(
            problem,
            answer,
            self.answer_form,
            element=self.answer_element,
            variables=self.form_variables(problem),
        )


def judge_value(
    problem: Problem,
    answer: str,
    form: str,
    *,
    element: str | None = None,
    variables: tuple[str, ...] = (),
) -> Judgement:
    """:meth:`MathFamily.check` with the form given: the written form first (cheap; it
    refuses formulas before any symbolic work), then the exact value, at the precision
    ``problem.meta["precision"]`` declares. Families whose modes ask for different forms (a
    polynomial in one problem, a number in the next) call this with the problem's form.
    """
    found = check_form(answer, form, variables=variables, element=element)
    if not found.parsed:
        return Judgement.unparsable(found.why)
    if not found.ok:
        return Judgement.wrong(form=found.why)
    gold = problem.answer
    if form == "tuple":
        gold, answer = named_tuple(gold, variables), bracketed_tuple(answer)
    result = compare_answers(gold, answer, verify_timeout(), problem.meta.get("precision"))
    if result.equal:
        return Judgement.right()
    if result.reason == "unparsable":
        return Judgement.unparsable("not a math expression in the accepted syntax")
    if result.reason in ("timeout", "error"):
        return Judgement(False, 0.0, result.reason)
    return Judgement.wrong()


def judge_in_worker(
    answer: str,
    form: str,
    variables: tuple[str, ...],
    target: str,
    args: list,
) -> Judgement:
    """The written form first, then a check that needs sympy (an antiderivative
    differentiated, an inverse composed with its function), run by ``target``
    (``"module:function"``) in a worker process killed after :func:`verify_timeout`
    (design.md, "Hard limits"). ``target`` gets ``[answer, *args]`` and returns ``"ok"``,
    ``"unparsable"`` or anything else for wrong (True and False read as ok and wrong).
    """
    from rlvr_envs.workers import pool

    found = check_form(answer, form, variables=variables)
    if not found.parsed:
        return Judgement.unparsable(found.why)
    if not found.ok:
        return Judgement.wrong(form=found.why)
    try:
        verdict = pool.call(target, [answer, *args], verify_timeout())
    except pool.WorkerTimeout:
        return Judgement(False, 0.0, "timeout")
    except pool.WorkerError:
        return Judgement(False, 0.0, "error")
    if verdict is True or verdict == "ok":
        return Judgement.right()
    if verdict == "unparsable":
        return Judgement.unparsable("not a math expression in the accepted syntax")
    return Judgement.wrong()


def bracketed_tuple(answer: str) -> str:
    """``[49, -16, -2]`` -> ``(49, -16, -2)``: where a tuple is asked, a vector written in
    square brackets is the same tuple (the value comparison would read it as a list)."""
    text = answer.strip()
    if not (text.startswith("[") and text.endswith("]")) or text.startswith("[["):
        return answer
    depth = 0
    for index, char in enumerate(text):
        depth += (char in "([{") - (char in ")]}")
        if depth == 0 and index < len(text) - 1:
            return answer  # [1, 2] + [3, 4]: the first bracket closes early
    return "(" + text[1:-1] + ")"


def named_tuple(answer: str, variables: tuple[str, ...]) -> str:
    """``(0, 284)`` asked as ``(s, r)`` -> ``s = 0, r = 284``: the reference written as
    assignments, so that an answer naming the variables is matched by name (``r = 284, s = 0``)
    and a bare tuple in the order the prompt gives. Unchanged unless the counts agree."""
    if len(variables) < 2:
        return answer
    text = answer.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    items, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += (char in "([{") - (char in ")]}")
        if char == "," and depth == 0:
            items.append(text[start:index].strip())
            start = index + 1
    items.append(text[start:].strip())
    if len(items) != len(variables) or any("=" in item for item in items):
        return answer
    return ", ".join(f"{name} = {item}" for name, item in zip(variables, items, strict=True))
