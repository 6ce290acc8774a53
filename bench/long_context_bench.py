"""Long-context families: generation and verification throughput, ours against reasoning-gym's,
one core.

Run: ``python bench/long_context_bench.py`` (needs the ``bench`` extra: reasoning-gym). How
rates are measured and compared: ``bench/family_bench.py``. Writes
``bench/results/long_context.{json,md}``. The families' rates at difficulty 1 are those of
100,000-character contexts.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    ("rlvr/NeedleRetrieval-v0", {"kchars": 2.0, "distractors": 0}, "needle_haystack",
     "10 to 100 one-line statements (about 2,000 characters), one asked"),
]  # fmt: skip
NOTES = {
    "needle_haystack": (
        "theirs asks who holds one of 10-100 'name verb object' statements; ours asks the code "
        "under one key in filler prose, with near-miss keys at higher difficulty and contexts "
        "up to 100,000 characters (kchars)."
    ),
}
NO_COUNTERPART = {
    "rlvr/MultiHopChain-v0": "none (family_relationships asks kinship terms, not k-hop chains)",
    "rlvr/VariableTracking-v0": "none",
    "rlvr/KeyValueUpdates-v0": "none",
    "rlvr/KthOccurrence-v0": "none",
    "rlvr/EventOrdering-v0": "none",
    "rlvr/DistinctCount-v0": "none",
    "rlvr/LogAggregate-v0": "none",
    "rlvr/ContradictionFinding-v0": "none",
    "rlvr/RecordMatching-v0": "none",
}


TABLE = Comparisons("long_context", "Long-context families", COMPARISONS, NOTES, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
