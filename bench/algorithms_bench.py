"""Algorithms families: generation and verification throughput, ours against reasoning-gym's,
one core.

Run: ``python bench/algorithms_bench.py`` (needs the ``bench`` extra: reasoning-gym). How rates
are measured and compared: ``bench/family_bench.py``. Writes
``bench/results/algorithms.{json,md}``.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

from rlvr_envs.families.algorithms import ALGORITHMS_V0

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "rlvr/BitManipulation-v0",
        {"bits": 31, "modes": "single"},
        "count_bits",
        "popcount of n up to 2^31",
    ),
    (
        "rlvr/CompositeSort-v0",
        {"records": 6, "keys": 1},
        "word_sorting",
        "sort 3-10 words, ascending or descending",
    ),
    (
        "rlvr/TopKFrequency-v0",
        {"question": "count", "length": 12},
        "letter_counting",
        "count one letter in 5-15 words",
    ),
    (
        "rlvr/StringTransformations-v0",
        {"steps": 2, "length": 8},
        "spell_backward",
        "reverse one word of 3-10 letters",
    ),
]
NOTES = {
    "count_bits": (
        "ours at 31 bits in its single-number mode, which also asks Gray codes and their "
        "inverses; theirs asks the popcount only."
    ),
    "word_sorting": (
        "ours sorts records by a key with a stable order stated; theirs sorts words by ASCII."
    ),
    "letter_counting": "ours counts words in a text, theirs one letter in a text.",
    "spell_backward": (
        "ours applies 1-2 string operations (case, reversal, rotation) to a short string; "
        "theirs reverses one word."
    ),
}
_COMPARED = {row[0] for row in COMPARISONS}
NO_COUNTERPART = {
    env_id: "none in reasoning-gym" for env_id in ALGORITHMS_V0 if env_id not in _COMPARED
}


TABLE = Comparisons("algorithms", "Algorithms families", COMPARISONS, NOTES, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
