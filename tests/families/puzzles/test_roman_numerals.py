"""What ``rlvr/RomanNumerals-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/RomanNumerals-v0"
# Standard numerals, as a regular expression (one group per place), and their place tables.
_STANDARD = re.compile(r"(M{0,3})(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
_PLACES = [
    ["", "M", "MM", "MMM"],
    ["", "C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM"],
    ["", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"],
    ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"],
]


def _write(value: int) -> str:
    digits = f"{value:04d}"
    return "".join(table[int(d)] for table, d in zip(_PLACES, digits))


def _read(numeral: str) -> int | None:
    """The value of a standard numeral by its places; None if not standard."""
    match = _STANDARD.fullmatch(numeral)
    if match is None or not numeral:
        return None
    parts = zip(_PLACES, match.groups())
    return sum(table.index(part) * 10 ** (3 - i) for i, (table, part) in enumerate(parts))


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY)
def test_answers_match_a_place_table_and_case_variants_score(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    if problem.meta["direction"] == "to_roman":
        assert problem.answer == _write(problem.meta["value"])
        assert _score(problem, problem.answer.lower()).reward == 1.0
        assert _score(problem, f" {problem.answer}. ").reward == 1.0
    else:
        value = _read(problem.meta["numeral"])
        assert problem.answer == str(value)
        assert _score(problem, f"{value:,}").reward == 1.0


@PERTURB
@given(seed=SEED, numeral=st.text("IVXLCDM", min_size=1, max_size=12))
def test_any_written_numeral_scores_exactly_when_it_is_the_standard_one(seed, numeral):
    problem = _gen(ENV, seed, direction="to_roman", max_value=3999)
    expected = _read(numeral) == problem.meta["value"]
    assert (_score(problem, numeral).reward == 1.0) == expected


@PERTURB
@given(seed=SEED, value=st.integers(-5, 5000))
def test_any_read_value_scores_exactly_when_it_is_the_numerals(seed, value):
    problem = _gen(ENV, seed, direction="from_roman", max_value=3999)
    expected = value == _read(problem.meta["numeral"])
    assert (_score(problem, str(value)).reward == 1.0) == expected


def test_non_standard_forms_of_the_right_value_fail():
    problem = next(
        p for s in range(300) if "IV" in (p := _gen(ENV, s, direction="to_roman")).answer
    )
    assert _score(problem, problem.answer.replace("IV", "IIII")).reason == "wrong"
    assert "not standard" in _score(problem, problem.answer.replace("IV", "IIII")).details["why"]
    assert _score(problem, problem.answer.replace("I", "I ")).reason == "unparsable"
    assert _score(problem, problem.answer[0] + problem.answer[1:].lower()).reason == "unparsable"
    assert _score(problem, str(problem.meta["value"])).reason == "unparsable"
    assert _score(problem, "MMMM").reward == 0.0


def test_reading_asks_for_a_plain_number():
    problem = _gen(ENV, 9, direction="from_roman")
    assert _score(problem, problem.meta["numeral"]).reason == "unparsable"
    assert _score(problem, problem.answer + ".0").reason == "unparsable"
    assert _score(problem, problem.answer + " or 1").reward == 0.0
