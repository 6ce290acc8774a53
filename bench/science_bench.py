"""Science families: generation and verification throughput on one core.

Run: ``python bench/science_bench.py``. How rates are measured: ``bench/family_bench.py``.
Writes ``bench/results/science.{json,md}``. reasoning-gym (0.1.25) has no chemistry,
physics or biology task (its ``circuit_logic`` is Boolean gates, not resistors), so no row
is compared.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = []
NO_COUNTERPART = {
    "rlvr/BalanceEquation-v0": "none in reasoning-gym",
    "rlvr/MolarMass-v0": "none",
    "rlvr/LimitingReagent-v0": "none",
    "rlvr/GasLaw-v0": "none",
    "rlvr/Kinematics-v0": "none",
    "rlvr/ResistorNetwork-v0": "none (circuit_logic is Boolean gates)",
    "rlvr/ThinLens-v0": "none",
    "rlvr/Calorimetry-v0": "none",
    "rlvr/KeplerPeriod-v0": "none",
    "rlvr/HalfLife-v0": "none",
    "rlvr/DimensionalAnalysis-v0": "none",
    "rlvr/PunnettSquare-v0": "none",
    "rlvr/HardyWeinberg-v0": "none",
    "rlvr/ProteinTranslation-v0": "none",
    "rlvr/SequenceAlignment-v0": "none",
    "rlvr/Stoichiometry-v0": "none",
    "rlvr/Titration-v0": "none",
    "rlvr/EnzymeKinetics-v0": "none",
    "rlvr/DopplerShift-v0": "none",
    "rlvr/AcidBasePh-v0": "none",
    "rlvr/OrbitalMotion-v0": "none",
    "rlvr/EpidemicModel-v0": "none",
    "rlvr/Transcription-v0": "none",
    "rlvr/DihybridCross-v0": "none",
    "rlvr/PhylogeneticTree-v0": "none",
}

TABLE = Comparisons("science", "Science families", COMPARISONS, {}, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
