"""Science families (issue 30): chemistry (balancing equations, molar masses, limiting
reagents), physics (gas laws, kinematics, resistor networks, thin lenses, calorimetry,
Kepler's third law, radioactive decay, dimensional analysis) and biology (Punnett squares,
Hardy-Weinberg, translation with the codon table, sequence alignment), answered with exact
values (rationals) or witnesses checked against the instance.

Modules are imported lazily. ``rlvr/Science-v0`` mixes the first fifteen families below and
is frozen; ``rlvr/Science-v1`` mixes them all.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    # -- chemistry
    ("BalanceEquation", 0),
    ("MolarMass", 0),
    ("LimitingReagent", 0),
    # -- physics
    ("GasLaw", 0),
    ("Kinematics", 0),
    ("ResistorNetwork", 0),
    ("ThinLens", 0),
    ("Calorimetry", 0),
    ("KeplerPeriod", 0),
    ("HalfLife", 0),
    ("DimensionalAnalysis", 0),
    # -- biology
    ("PunnettSquare", 0),
    ("HardyWeinberg", 0),
    ("ProteinTranslation", 0),
    ("SequenceAlignment", 0),
    # -- the second slice (rlvr/Science-v1)
    ("Stoichiometry", 0),
    ("Titration", 0),
    ("EnzymeKinetics", 0),
    ("DopplerShift", 0),
    ("AcidBasePh", 0),
    ("OrbitalMotion", 0),
    ("EpidemicModel", 0),
    ("Transcription", 0),
    ("DihybridCross", 0),
    ("PhylogeneticTree", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
SCIENCE_V0 = [f"rlvr/{name}-v{version}" for name, version in FAMILIES[:15]]
SCIENCE_V1 = [f"rlvr/{name}-v{version}" for name, version in FAMILIES]
MIXTURES: list[tuple[str, list[str]]] = [
    ("rlvr/Science-v0", SCIENCE_V0),
    ("rlvr/Science-v1", SCIENCE_V1),
]
