"""Induction families (issue 29): infer a rule from examples, then apply it or write it down.

A family either asks for a value on a new input, and proves that every rule of the space
the prompt states that fits the examples gives that value, or asks for the rule itself and
checks it against the examples (and hidden inputs of the same rule class) within a stated
size bound, so any rule that fits scores 1. Shared parts: program enumeration
(:mod:`~rlvr_envs.families.induction.compositions`), the operation libraries and the answer
readers. Modules are imported lazily. ``rlvr/Induction-v0`` mixes the families below and is
frozen.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    # -- functions from examples: a value on a new input, or the program itself
    ("ListFunctionOutput", 0),
    ("ListFunctionProgram", 0),
    ("RowRule", 0),
    ("StringByExample", 0),
    ("IntegerFunction", 0),
    ("PolynomialRule", 0),
    # -- rules as answers: any rule of the stated space that fits scores 1
    ("CellularRule", 0),
    ("RegexSynthesis", 0),
    ("BooleanFormulaSynthesis", 0),
    ("MealyMachine", 0),
    ("AutomatonInference", 0),
    # -- analogies, odd ones out, ciphers and operators from examples
    ("LetterAnalogy", 0),
    ("OddOneOut", 0),
    ("CipherByExample", 0),
    ("MysteryOperator", 0),
    # -- orders, concepts, reorderings, figure grids and a made-up language
    ("SortByExample", 0),
    ("ConceptLearning", 0),
    ("PositionShuffle", 0),
    ("ProgressiveMatrix", 0),
    ("CompositionalTranslation", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
INDUCTION_V0 = [f"rlvr/{name}-v{version}" for name, version in FAMILIES]
MIXTURES: list[tuple[str, list[str]]] = [("rlvr/Induction-v0", INDUCTION_V0)]
