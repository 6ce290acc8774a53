"""Code families: the registry rows of this domain and its frozen mixture.

Rows: (env id, family name, "module:Class", domain). Modules are imported lazily. Every
family that runs code starts the sandbox (``rlvr_envs.sandbox``) when it is made.
``rlvr/CodeRepair-v0`` is multi-turn and so not in the single-turn mixture.
"""

from __future__ import annotations

_C = "rlvr_envs.families.code"

# fmt: off
FAMILIES: list[tuple[str, str, str, str]] = [
    ("rlvr/FunctionSynthesis-v0", "FunctionSynthesis", f"{_C}.synthesis:FunctionSynthesis", "code"),
    ("rlvr/OutputPrediction-v0", "OutputPrediction", f"{_C}.prediction:OutputPrediction", "code"),
    ("rlvr/InputPrediction-v0", "InputPrediction", f"{_C}.prediction:InputPrediction", "code"),
    ("rlvr/BugFix-v0", "BugFix", f"{_C}.bug_fixing:BugFix", "code"),
    ("rlvr/Efficiency-v0", "Efficiency", f"{_C}.efficiency:Efficiency", "code"),
    ("rlvr/RegexMatch-v0", "RegexMatch", f"{_C}.regex:RegexMatch", "code"),
    ("rlvr/SqlQuery-v0", "SqlQuery", f"{_C}.sql:SqlQuery", "code"),
    ("rlvr/CuratedCode-v0", "CuratedCode", f"{_C}.curated:CuratedCode", "code"),
    ("rlvr/CodeRepair-v0", "CodeRepair", f"{_C}.synthesis:CodeRepair", "code"),
]
# fmt: on

# Frozen: adding a family to the domain never changes an existing mixture version.
CODE_V0 = [
    "rlvr/FunctionSynthesis-v0",
    "rlvr/OutputPrediction-v0",
    "rlvr/InputPrediction-v0",
    "rlvr/BugFix-v0",
    "rlvr/Efficiency-v0",
    "rlvr/RegexMatch-v0",
    "rlvr/SqlQuery-v0",
    "rlvr/CuratedCode-v0",
]
MIXTURES: list[tuple[str, str, list[str]]] = [("rlvr/Code-v0", "code", CODE_V0)]
