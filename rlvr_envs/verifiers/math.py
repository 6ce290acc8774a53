"""Deprecated alias of :mod:`rlvr_envs.mathcheck.compare` (the path design.md first named).

Each name taken from here warns (``DeprecationWarning``) and is the object in
:mod:`rlvr_envs.mathcheck.compare`.
"""

from __future__ import annotations

import warnings
from typing import Any

_MOVED = ("Comparison", "compare_answers", "is_equivalent", "precision_of", "text_answer")


def __getattr__(name: str) -> Any:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rlvr_envs.mathcheck import compare

    warnings.warn(
        f"rlvr_envs.verifiers.math.{name} is deprecated: import it from "
        "rlvr_envs.mathcheck.compare",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(compare, name)
