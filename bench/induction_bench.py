"""Induction families: generation and verification throughput against reasoning-gym's, one core.

Run: ``python bench/induction_bench.py`` (needs the ``bench`` extra: reasoning-gym). How rates
are measured and compared: ``bench/family_bench.py``. Writes ``bench/results/induction.{json,md}``.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "rlvr/ListFunctionOutput-v0",
        {"depth": 2, "length": 6, "examples": 4},
        "list_functions",
        "4 examples of one of a fixed set of list functions; the rule space is not stated",
    ),
    (
        "rlvr/RowRule-v0",
        {"width": 20, "depth": 1, "examples": 3},
        "arc_1d",
        "rows of 10-30 cells, 3 examples",
    ),
]
NOTES = {
    "list_functions": (
        "reasoning-gym draws from a fixed set of hand-written list functions and states no rule "
        "space, so nothing shows that the examples determine the answer; ours states a library "
        "and proves, by enumerating every composition up to the stated depth, that every rule "
        "that fits the examples gives the reference output (that enumeration is our cost)."
    ),
    "arc_1d": (
        "reasoning-gym's rows come from a set of task generators with three examples and no "
        "uniqueness check; ours enumerate the stated library to prove the test row unique."
    ),
}
NO_COUNTERPART = {
    "rlvr/ListFunctionProgram-v0": "reasoning-gym asks for no program in a stated library",
    "rlvr/StringByExample-v0": "its string tasks state the operations",
    "rlvr/IntegerFunction-v0": "reasoning-gym has no integer-function induction task",
    "rlvr/PolynomialRule-v0": "no interpolation task",
    "rlvr/CellularRule-v0": "its cellular automata are run forward, not inferred",
    "rlvr/RegexSynthesis-v0": "no regular-expression synthesis task",
    "rlvr/BooleanFormulaSynthesis-v0": "no formula synthesis task",
    "rlvr/MealyMachine-v0": "no machine inference task",
    "rlvr/AutomatonInference-v0": "no automaton inference task",
    "rlvr/LetterAnalogy-v0": "no letter-string analogy task",
    "rlvr/OddOneOut-v0": "no odd-one-out task",
    "rlvr/CipherByExample-v0": "its Caesar cipher task gives the text to decode, not examples",
    "rlvr/MysteryOperator-v0": "no operator induction task",
    "rlvr/SortByExample-v0": "its word sorting states the order",
    "rlvr/ConceptLearning-v0": "acre infers causes from trials, not word rules",
    "rlvr/PositionShuffle-v0": "no position-permutation task",
    "rlvr/ProgressiveMatrix-v0": "no progressive-matrix task",
    "rlvr/CompositionalTranslation-v0": "no compositional-language task",
}


TABLE = Comparisons("induction", "Induction families", COMPARISONS, NOTES, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
