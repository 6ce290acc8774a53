"""Formal families (issue 30): automata, grammars and machines, terms and their calculi,
proofs checked rule by rule, and finite models, each answer checked step by step or by
equivalence against the instance.

Every answer is checked against the instance: tables and terms by equivalence (up to renaming
where names are the answerer's), derivations, reductions, rewrites and proofs step by step
(the reason names the first wrong step), witnesses by running them. Modules are imported
lazily. ``rlvr/Formal-v0`` mixes the families below and is frozen.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    # -- automata and regular expressions
    ("DfaMembership", 0),
    ("DfaMinimisation", 0),
    ("DfaForLanguage", 0),
    ("NfaDeterminisation", 0),
    ("RegexToDfa", 0),
    ("RegexEquivalence", 0),
    ("DfaWordCount", 0),
    ("IntersectionShortestWord", 0),
    # -- grammars and machines
    ("TuringMachineRun", 0),
    ("CounterMachineRun", 0),
    ("LeftmostDerivation", 0),
    ("GrammarMembership", 0),
    ("PostCorrespondence", 0),
    ("FirstFollowSets", 0),
    ("AmbiguityWitness", 0),
    ("GrammarWordOfLength", 0),
    # -- terms: lambda calculus, combinators, types, unification, rewriting
    ("BetaNormalForm", 0),
    ("BetaReductionSequence", 0),
    ("PrincipalType", 0),
    ("MostGeneralUnifier", 0),
    ("CombinatorNormalForm", 0),
    ("DeBruijnIndices", 0),
    ("TermRewriteSequence", 0),
    # -- proofs and models
    ("SequentProof", 0),
    ("ResolutionRefutation", 0),
    ("GroupEquationalProof", 0),
    ("FirstOrderModelCheck", 0),
    ("ProgramCounterexample", 0),
    ("NaturalDeduction", 0),
    ("HornLeastModel", 0),
    ("WeakestPrecondition", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
FORMAL_V0 = [f"rlvr/{name}-v{version}" for name, version in FAMILIES]
MIXTURES: list[tuple[str, list[str]]] = [("rlvr/Formal-v0", FORMAL_V0)]
