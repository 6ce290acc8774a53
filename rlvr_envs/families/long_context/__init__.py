"""Long-context families (issue 29): finding and chaining facts in long generated inputs:
needles among near-miss keys, multi-hop chains across documents, variable tracking, counting
and de-duplicating, event ordering, contradictions with line witnesses, key-value updates,
k-th occurrences, log aggregates and record matching.

Every family has a ``kchars`` knob, the context's length in thousands of characters, mapped
geometrically onto difficulty (300 characters at 0, about 1,300 at 0.5, 100,000 at 1;
:mod:`rlvr_envs.families.long_context.haystack`). Modules are imported lazily.
``rlvr/LongContext-v0`` mixes the families below and is frozen.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    ("NeedleRetrieval", 0),
    ("MultiHopChain", 0),
    ("VariableTracking", 0),
    ("KeyValueUpdates", 0),
    ("KthOccurrence", 0),
    ("EventOrdering", 0),
    ("DistinctCount", 0),
    ("LogAggregate", 0),
    ("ContradictionFinding", 0),
    ("RecordMatching", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
LONG_CONTEXT_V0 = [f"rlvr/{name}-v{version}" for name, version in FAMILIES]
MIXTURES: list[tuple[str, list[str]]] = [("rlvr/LongContext-v0", LONG_CONTEXT_V0)]
