"""One descriptive statistic of a data set, exactly.

Templates come in five levels; the ``level`` knob picks one and a statistic of it is drawn:

* ``center``: the mean, the median (the middle value, or the mean of the two middle values)
  or the set of all modes of a list of integers;
* ``spread``: the range, the mean absolute deviation about the mean, the population
  variance;
* ``deviation``: the population or the sample variance (divisor n or n - 1), the population
  or the sample standard deviation (a simplified radical, ``sqrt(sum (x - mean)^2 / d)``);
* ``weighted``: a weighted mean (grades and credits), the mean of two groups combined, the
  variance of two groups combined from their sizes, means and variances;
* ``frequency``: the mean, median, modes, variance or standard deviation of data given as a
  frequency table.

The prompt names the statistic (and which variance: population or sample) and the form:
an integer or a fraction p/q in lowest terms, a simplified radical for a standard
deviation, or the set of modes as ``\\{a, b\\}`` (every mode, so ties are part of the answer).
Answers are computed with ``Fraction``; the ``values`` knob sets how many data values there
are (and their spread).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.number_parts import square_part
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value

Result = tuple[str, str, str, int]  # (question, answer text, form, steps)


def sqrt_text(value: Fraction) -> str:
    """``sqrt(value)`` as a simplified radical: ``2sqrt(3)/3``, ``5``, ``sqrt(14)/2``."""
    s1, d1 = square_part(value.numerator)
    s2, d2 = square_part(value.denominator)
    # sqrt(s1^2 d1 / (s2^2 d2)) = s1 sqrt(d1 d2) / (s2 d2); d1 d2 is square-free (coprime)
    coefficient, radicand = Fraction(s1, s2 * d2), d1 * d2
    if radicand == 1:
        return fraction_text(coefficient)
    head = "" if coefficient.numerator == 1 else str(coefficient.numerator)
    tail = "" if coefficient.denominator == 1 else f"/{coefficient.denominator}"
    return f"{head}sqrt({radicand}){tail}"


def set_text(values: list[int]) -> str:
    return "\\{" + ", ".join(str(v) for v in sorted(values)) + "\\}"


def mean(data: list[int]) -> Fraction:
    return Fraction(sum(data), len(data))


def median(data: list[int]) -> Fraction:
    ordered = sorted(data)
    n = len(ordered)
    if n % 2:
        return Fraction(ordered[n // 2])
    return Fraction(ordered[n // 2 - 1] + ordered[n // 2], 2)


def modes(data: list[int]) -> list[int]:
    counts: dict[int, int] = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    top = max(counts.values())
    return sorted(v for v, c in counts.items() if c == top)


def variance(data: list[int], sample: bool) -> Fraction:
    m = mean(data)
    squares = sum((x - m) ** 2 for x in data)
    return squares / (len(data) - 1 if sample else len(data))


def _data(rng: random.Random, size: int, negatives: bool = False) -> list[int]:
    n = rng.randint(max(4, size - 2), max(4, size))
    low = rng.randint(-40, 0) if negatives else rng.randint(0, 30)
    high = low + rng.randint(8, 20 + 4 * size)
    data = [rng.randint(low, high) for _ in range(n)]
    return data


def _with_modes(rng: random.Random, size: int) -> list[int]:
    """Data whose modes are 1 to 3 values that occur more often than any other value."""
    n = rng.randint(max(5, size - 2), max(5, size))
    low = rng.randint(0, 40)
    pool = rng.sample(range(low, low + 12 + 4 * size), k=n)
    count = rng.choice((1, 1, 2, 2, 3))
    top = rng.randint(2, 3)
    data = []
    for v in pool[:count]:
        data += [v] * top
    for v in pool[count:]:
        # at least one value that is not a mode: were every value a mode, some conventions
        # would say the data set has no mode
        if len(data) >= n + count * top // 2 and len(data) > count * top:
            break
        data += [v] * rng.randint(1, top - 1)
    rng.shuffle(data)
    return data


def _list(data: list[int]) -> str:
    return ", ".join(str(x) for x in data)


def _var_words(sample: bool) -> str:
    if sample:
        return "sample variance (divide the sum of squared deviations by n - 1)"
    return "population variance (divide the sum of squared deviations by n)"


def _sd_words(sample: bool) -> str:
    if sample:
        return "sample standard deviation (the square root of the sample variance, divisor n - 1)"
    return "population standard deviation (the square root of the population variance, divisor n)"


_FORM_WORDS = {
    "rational": "Give the exact value as an integer or a fraction p/q in lowest terms.",
    "radical": "Give the exact value in simplified radical form, e.g. 2sqrt(3)/3.",
    "set": "Give the set of all modes as \\{a, b, ...\\}, e.g. \\{4\\} or \\{2, 9\\}.",
}


_MODES_WORDS = "the mode(s) (every value that occurs most often)"


# -- center ----------------------------------------------------------------------------------
def _center(rng: random.Random, size: int) -> Result:
    kind = rng.choice(("mean", "median", "modes"))
    if kind == "modes":
        data = _with_modes(rng, size)
        return _ask(
            data,
            _MODES_WORDS,
            set_text(modes(data)),
            "set",
            2,
        )
    data = _data(rng, size)
    if kind == "mean":
        return _ask(data, "the mean", fraction_text(mean(data)), "rational", 2)
    if len(data) % 2 and rng.random() < 0.7:
        data.append(rng.randint(min(data), max(data)))  # mostly even counts: a computed median
    return _ask(data, "the median", fraction_text(median(data)), "rational", 2)


def _ask(data: list[int], what: str, answer: str, form: str, steps: int) -> Result:
    question = f"Data set: {_list(data)}. What is {what} of this data set?"
    return question, answer, form, steps + len(data) // 4


# -- spread ----------------------------------------------------------------------------------
def _spread(rng: random.Random, size: int) -> Result:
    data = _data(rng, size, negatives=rng.random() < 0.3)
    kind = rng.choice(("range", "mad", "variance"))
    if kind == "range":
        return _ask(
            data,
            "the range (largest minus smallest value)",
            str(max(data) - min(data)),
            "rational",
            2,
        )
    if kind == "mad":
        m = mean(data)
        mad = sum(abs(x - m) for x in data) / len(data)
        return _ask(
            data, "the mean absolute deviation about the mean", fraction_text(mad), "rational", 4
        )
    return _ask(
        data, f"the {_var_words(False)}", fraction_text(variance(data, False)), "rational", 5
    )


# -- deviation -------------------------------------------------------------------------------
def _deviation(rng: random.Random, size: int) -> Result:
    data = _data(rng, size, negatives=rng.random() < 0.5)
    sample = rng.random() < 0.5
    if rng.random() < 0.4:
        return _ask(
            data, f"the {_var_words(sample)}", fraction_text(variance(data, sample)), "rational", 5
        )
    value = sqrt_text(variance(data, sample))
    return _ask(data, f"the {_sd_words(sample)}", value, "radical", 7)


# -- weighted --------------------------------------------------------------------------------
def _weighted(rng: random.Random, size: int) -> Result:
    kind = rng.choice(
        ("grades", "groups", "combined variance") if size >= 8 else ("grades", "groups")
    )
    if kind == "grades":
        count = rng.randint(3, max(3, min(8, size // 2 + 1)))
        grades = [rng.randint(50, 100) for _ in range(count)]
        credits = [rng.randint(1, 6) for _ in range(count)]
        answer = Fraction(sum(g * c for g, c in zip(grades, credits)), sum(credits))
        rows = "; ".join(f"{g} in a {c}-credit course" for g, c in zip(grades, credits))
        question = (
            f"A student's grades are: {rows}. What is the credit-weighted mean grade (each "
            "grade weighted by its course's credits)?"
        )
        return question, fraction_text(answer), "rational", 6 + count // 2
    groups = rng.randint(2, 3 if size < 12 else 4)
    sizes = [rng.randint(3, 10 + 2 * size) for _ in range(groups)]
    means = [Fraction(rng.randint(20, 90 + size), rng.choice((1, 1, 2, 4))) for _ in range(groups)]
    total = sum(sizes)
    overall = sum(n * m for n, m in zip(sizes, means)) / total
    if kind == "groups":
        rows = "; ".join(
            f"group {i + 1} has {n} members with mean {fraction_text(m)}"
            for i, (n, m) in enumerate(zip(sizes, means))
        )
        question = f"{rows}. What is the mean of all {total} members together?"
        return question, fraction_text(overall), "rational", 6 + groups
    variances = [Fraction(rng.randint(1, 60), rng.choice((1, 2, 4))) for _ in range(groups)]
    # total sum of squares: within-group plus between-group (population variances, divisor n)
    combined = sum(n * (v + (m - overall) ** 2) for n, m, v in zip(sizes, means, variances)) / total
    rows = "; ".join(
        f"group {i + 1} has {n} members, mean {fraction_text(m)} and population variance "
        f"{fraction_text(v)}"
        for i, (n, m, v) in enumerate(zip(sizes, means, variances))
    )
    question = (
        f"{rows}. What is the population variance (divisor n) of all {total} members together?"
    )
    return question, fraction_text(combined), "rational", 12 + groups


# -- frequency -------------------------------------------------------------------------------
def _frequency(rng: random.Random, size: int) -> Result:
    distinct = rng.randint(4, max(4, min(9, size // 2 + 2)))
    start = rng.randint(0, 30)
    values = sorted(rng.sample(range(start, start + 3 * distinct + size), distinct))
    freqs = [rng.randint(1, 3 + size) for _ in values]
    if len(set(freqs)) == 1:  # every value a mode: "no mode" under another convention
        freqs[rng.randrange(distinct)] += 1
    data = [v for v, f in zip(values, freqs) for _ in range(f)]
    table = ", ".join(f"{v} (frequency {f})" for v, f in zip(values, freqs))
    # the modes of a long table are a look-up and its median one of its values: the large
    # tables mostly ask for the spread
    small = ("mean", "median", "modes", "variance", "sd")
    kinds = small if size < 12 else ("mean", "median", "variance", "sd", "variance", "sd")
    kind = rng.choice(kinds)
    sample = rng.random() < 0.5
    if kind == "mean":
        what, answer, form, steps = "the mean", fraction_text(mean(data)), "rational", 6
    elif kind == "median":
        what, answer, form, steps = "the median", fraction_text(median(data)), "rational", 6
    elif kind == "modes":
        what, answer, form, steps = _MODES_WORDS, set_text(modes(data)), "set", 4
    elif kind == "variance":
        what = f"the {_var_words(sample)}"
        answer, form, steps = fraction_text(variance(data, sample)), "rational", 9
    else:
        what = f"the {_sd_words(sample)}"
        answer, form, steps = sqrt_text(variance(data, sample)), "radical", 11
    question = (
        f"A data set of {len(data)} values is given as a frequency table (value, then how many "
        f"times it occurs): {table}. What is {what} of the data set?"
    )
    return question, answer, form, steps + distinct


class DescriptiveStatistics(MathFamily):
    """One descriptive statistic (mean, median, modes, range, variance, standard deviation,
    weighted or combined mean) of a data set, exactly.

    Difficulty moves ``level`` through ``center``, ``spread``, ``deviation``, ``weighted`` and
    ``frequency`` (see the module docstring) and raises ``values`` (data values, groups,
    distinct table rows and their spread).

    Answer syntax, stated in each prompt: an integer or a fraction p/q in lowest terms
    (``37/4``); a simplified radical for a standard deviation (``2sqrt(30)/5``); the set of
    all modes in escaped braces (``\\{3, 11\\}``, ``\\{7\\}``).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob(
            "categorical",
            choices=("center", "spread", "deviation", "weighted", "frequency"),
            default="center",
            doc="template group",
        ),
        "values": Knob("int", 4, 40, default=7, easy=5, hard=20, doc="data values (max)"),
    }
    answer_syntax = (
        "the exact value in the form the question asks: an integer or a fraction p/q in lowest "
        "terms, a simplified radical such as 2sqrt(3)/3, or a set of modes such as \\{2, 9\\}"
    )
    answer_form = "rational, radical or set of rationals (the prompt says which)"
    levels: ClassVar = {
        "center": _center,
        "spread": _spread,
        "deviation": _deviation,
        "weighted": _weighted,
        "frequency": _frequency,
    }

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        question, answer, form, steps = self.levels[knobs["level"]](rng, knobs["values"])
        question = f"{question} {_FORM_WORDS[form]}"
        meta = {"form": form, "steps": steps, "question": question}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        form_name = problem.meta["form"]
        element = "rational" if form_name == "set" else None
        if form_name == "set":
            answer = _set_braces(answer)
        return judge_value(problem, answer, form_name, element=element)

    def complexity(self, problem: Problem) -> float:
        """Digits given, digits of the answer, and the solution steps (weighted)."""
        given = sum(c.isdigit() for c in problem.meta["question"])
        return given / 2 + len(problem.answer) + 4 * problem.meta["steps"]


def _set_braces(answer: str) -> str:
    """``{7}`` -> ``\\{7\\}``: plain braces around the whole answer mean a set here (LaTeX
    would read ``{7}`` as grouping, and the parser does), so one mode may be written so."""
    text = answer.strip()
    if text.startswith("{") and text.endswith("}") and "{" not in text[1:-1]:
        return "\\{" + text[1:-1] + "\\}"
    return answer
