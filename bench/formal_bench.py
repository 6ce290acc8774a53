"""Formal families: generation and verification throughput on one core.

Run: ``python bench/formal_bench.py``. How rates are measured: ``bench/family_bench.py``.
Writes ``bench/results/formal.{json,md}``. reasoning-gym (0.1.25) has no finite-automaton or
regular-expression task (no DFA, NFA or regex module, nothing that asks for a table or a
witness string), so no automata row is compared.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = []
NO_COUNTERPART = {
    # -- automata and regular expressions
    "rlvr/DfaMembership-v0": "none in reasoning-gym (no automata tasks)",
    "rlvr/DfaMinimisation-v0": "none",
    "rlvr/DfaForLanguage-v0": "none",
    "rlvr/NfaDeterminisation-v0": "none",
    "rlvr/RegexToDfa-v0": "none",
    "rlvr/RegexEquivalence-v0": "none (no regular-expression task)",
    "rlvr/DfaWordCount-v0": "none",
    "rlvr/IntersectionShortestWord-v0": "none",
}

TABLE = Comparisons("formal", "Formal families", COMPARISONS, {}, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
