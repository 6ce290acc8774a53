"""The answer front end (design.md, "One front end"; docs/answers.md): the normalisation every
family's final answer passes through before the family's own parser."""

from __future__ import annotations

import dataclasses
import itertools
import time

from hypothesis import assume, given
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.answers import label_key, normalise_answer
from rlvr_envs.registry import family_for, front_end

# Answer-like text that no wrapping rule touches by itself: no markers, no "=", no final ".".
_BODY = (
    st.text(alphabet=st.sampled_from("0123456789abcxyzAB -+/(),;:^[]|<>"), min_size=1, max_size=30)
    .map(str.strip)
    .filter(lambda s: s and s[-1] not in ".")
)

_WRAPS = {
    "inline math": lambda a: f"${a}$",
    "display math": lambda a: f"$${a}$$",
    "\\(..\\)": lambda a: f"\\({a}\\)",
    "\\[..\\]": lambda a: f"\\[{a}\\]",
    "bold": lambda a: f"**{a}**",
    "italic": lambda a: f"*{a}*",
    "underscores": lambda a: f"__{a}__",
    "boxed": lambda a: f"\\boxed{{{a}}}",
    "fbox": lambda a: f"\\fbox{{{a}}}",
    "full stop": lambda a: f"{a}.",
    "whitespace": lambda a: f" \n{a}\t ",
}


_EMPHASIS = {"bold", "italic", "underscores"}
_MATH = {"inline math", "display math", "\\(..\\)", "\\[..\\]"}


def _one_of_a_kind(names: list[str]) -> bool:
    """At most one math span and one box (math inside math is not notation anyone writes)."""
    if len(_MATH & set(names)) > 1 or len({"boxed", "fbox"} & set(names)) > 1:
        return False
    # markdown emphasis hugs its text: ** 3 ** is not bold
    return all(not (a == "whitespace" and b in _EMPHASIS) for a, b in itertools.pairwise(names))


@given(
    body=_BODY,
    layers=st.lists(st.sampled_from(sorted(_WRAPS)), min_size=1, max_size=4, unique=True).filter(
        _one_of_a_kind
    ),
)
def test_any_nesting_of_the_wrappings_comes_off(body, layers):
    text = body
    for name in layers:
        # markdown emphasis hugs its text: "** 0 .**" is not bold, whatever came between
        assume(not (name in _EMPHASIS and text != text.strip()))
        text = _WRAPS[name](text)
    assert normalise_answer(text, reference=body) == body, (layers, text)


@given(st.text(max_size=200), st.text(max_size=20))
def test_normalising_never_raises_and_only_cuts_away(text, reference):
    out = normalise_answer(text, reference=reference, labels=("x", "f'(x)"))
    assert isinstance(out, str) and out in text


def test_a_label_comes_off_only_when_it_names_what_the_prompt_asks_for():
    assert normalise_answer("f'(x) = 2x + 1", labels=("f'(x)",)) == "2x + 1"
    assert normalise_answer("f^\\prime(x) = 2x", labels=("f'(x)",)) == "2x"
    assert normalise_answer("A^{-1} = [[1, 0], [0, 1]]", labels=("A^{-1}",)) == "[[1, 0], [0, 1]]"
    assert normalise_answer("A^-1 = [[1]]", labels=("A^{-1}",)) == "[[1]]"
    assert normalise_answer("A⁻¹ = [[1]]", labels=("A^{-1}",)) == "[[1]]"
    assert normalise_answer("$EF = \\frac{27}{2}$", labels=("EF",)) == "\\frac{27}{2}"
    assert normalise_answer("**EF = 27/2**.", labels=("EF",)) == "27/2"
    assert normalise_answer("\\angle ABD = 66", labels=("angle ABD",)) == "66"
    assert normalise_answer("u \\cdot v = 4", labels=("u . v",)) == "4"
    assert normalise_answer("u \\times v = (1, 2, 3)", labels=("u x v",)) == "(1, 2, 3)"
    # another name, a relation, a chain of assignments: left for the family's check
    assert normalise_answer("x = 5", labels=("y",)) == "x = 5"
    assert normalise_answer("EF = 5", labels=()) == "EF = 5"
    assert normalise_answer("y <= 5", labels=("y",)) == "y <= 5"
    assert normalise_answer("x = 2, x = -3", labels=("x",)) == "x = 2, x = -3"
    assert normalise_answer("x = y = 3", labels=("x",)) == "x = y = 3"
    assert normalise_answer("x =", labels=("x",)) == "x ="


def test_named_tuple_parts_become_the_tuple_in_the_asked_order():
    names = ("h", "k", "r^2")
    assert normalise_answer("h = -4, k = -5, r^2 = 200", names=names) == "-4, -5, 200"
    assert (
        normalise_answer("r^{2} = 200, h = -4, k = -5", reference="(1, 2, 3)", names=names)
        == "(-4, -5, 200)"
    )
    assert normalise_answer("(h, k, r^2) = (-4, -5, 200)", names=names) == "(-4, -5, 200)"
    for kept in ("h = -4, k = -5", "h = -4, h = -5, r^2 = 1", "h = 1, k = 2, r = 3",
                 "h = 1, k = 2, r^2 = 3, s = 4"):  # fmt: skip
        assert normalise_answer(kept, names=names) == kept


def test_the_reference_tells_notation_from_content():
    grid = "*..\n.*."
    assert normalise_answer("**.*.\n..***", reference=grid) == "**.*.\n..***"
    assert normalise_answer("*..\n.*.", reference=grid) == "*..\n.*."
    assert normalise_answer("#..#.", reference="#.\n.#") == "#..#."  # "." is a cell
    assert normalise_answer("3.25.", reference="1.5") == "3.25"  # a decimal point is not
    assert normalise_answer("3.", reference="4") == "3"  # "3." is 3, never a decimal
    assert normalise_answer("1, 2, ...", reference="1") == "1, 2, ..."
    assert normalise_answer("**7 * 2 + 5**", reference="7 * 2 + 5") == "7 * 2 + 5"
    assert normalise_answer("*7 * 2 + 5*", reference="7 * 2 + 5") == "7 * 2 + 5"
    assert normalise_answer("$x$", reference="$x$") == "$x$"
    assert normalise_answer("_ab_", reference="_a") == "_ab_"


def test_two_spans_are_not_one_wrapping():
    for text in ("$3$ or $4$", "**3** and **4**", "\\(3\\) \\(4\\)", "\\boxed{3} \\boxed{4}",
                 "$5\\$", "*2*3*"):  # fmt: skip
        assert normalise_answer(text) == text


def test_normalising_is_linear_in_the_answer():
    start = time.perf_counter()
    for text in ("$" * 10**6, "*" * 10**6, "x = " * 10**5, "\\boxed{" * 10**5, "." * 10**6,
                 "(" * 10**5 + "=" * 10**5):  # fmt: skip
        normalise_answer(text, labels=("x",), names=("a", "b"))
    assert time.perf_counter() - start < 5


def _problem(env_id: str, seed: int = 0):
    return rlvr_envs.make_task(env_id).generate(seed=seed, difficulty=0.0)


def test_verbatim_and_code_answers_pass_through_unchanged():
    regex = _problem("rlvr/RegexMatch-v0")
    assert front_end(regex, family_for(regex), "\\(ab\\)") == "\\(ab\\)"
    assert front_end(regex, family_for(regex), "a.b.") == "a.b."
    code = _problem("rlvr/FunctionSynthesis-v0")
    assert code.answer_format == "code"
    assert front_end(code, family_for(code), "$x$") == "$x$"


def test_a_right_answer_in_ordinary_notation_scores_everywhere_the_same():
    """The issue's examples (issue 26, item 1): each was refused by some family."""
    cases = {
        "rlvr/CountingShortestPaths-v0": "<answer>${}$</answer>",
        "rlvr/TreeQueries-v0": "<answer>\\({}\\)</answer>",
        "rlvr/Eigenvalues-v0": "<answer>$${}$$</answer>",
        "rlvr/ConnectFour-v0": "<answer>{}.</answer>",
        "rlvr/Mastermind-v0": "<answer>{}.</answer>",
        "rlvr/KthSmallest-v0": "<answer>**{}**.</answer>",
        "rlvr/TwoSum-v0": "<answer>{}.</answer>",
        "rlvr/MergeIntervals-v0": "<answer>{}.</answer>",
    }
    for env_id, template in cases.items():
        for seed in range(3):
            problem = _problem(env_id, seed)
            completion = template.format(problem.answer)
            assert rlvr_envs.verify(problem, completion).correct, (env_id, completion)


def test_labels_the_issue_names_are_accepted_and_other_names_are_not():
    checked = 0
    for env_id in ("rlvr/Derivative-v0", "rlvr/MatrixInverse-v0", "rlvr/SimilarTriangles-v0",
                   "rlvr/CircleThroughPoints-v0", "rlvr/LinearSystemCases-v0"):  # fmt: skip
        for seed in range(12):
            problem = _problem(env_id, seed)
            family = family_for(problem)
            for label in family.answer_labels(problem):
                checked += 1
                good = f"<answer>{label} = {problem.answer}</answer>"
                assert rlvr_envs.verify(problem, good).correct, good
            bad = f"<answer>q = {problem.answer}</answer>"
            assert not rlvr_envs.verify(problem, bad).correct, bad
    assert checked >= 20


def test_a_hedge_inside_the_wrapping_is_still_a_hedge():
    problem = _problem("rlvr/CountingShortestPaths-v0")
    other = str(int(problem.answer) + 1)
    for text in (f"**{problem.answer} or {other}**", f"${problem.answer}$ or ${other}$"):
        assert not rlvr_envs.verify(problem, f"<answer>{text}</answer>").correct


def test_label_keys_ignore_spelling_only():
    assert label_key("A^{-1}") == label_key("A ^ -1") == label_key("A⁻¹")
    assert label_key("f'(x)") == label_key("f^{\\prime}(x)") == label_key("f'\\left(x\\right)")
    assert label_key("EF") != label_key("EG")
    assert label_key("x") != label_key("y")


def test_the_front_end_does_not_change_what_a_problem_is():
    problem = _problem("rlvr/Derivative-v0")
    before = dataclasses.asdict(problem)
    rlvr_envs.verify(problem, f"<answer>f'(x) = {problem.answer}</answer>")
    assert dataclasses.asdict(problem) == before
