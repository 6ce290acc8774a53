"""The knobs every graph family shares: ``nodes``, ``degree`` and the prompt ``encoding``.

The encoding (``edge_list``, ``adjacency_list`` or ``sentences``) changes only the prompt,
never the graph or the answer, so encoding generalisation can be trained on one and tested
on another. It is not part of the difficulty map: difficulty leaves it at ``edge_list``.
"""

from __future__ import annotations

from rlvr_envs.core import Knob

ENCODINGS = ("edge_list", "adjacency_list", "sentences")


# -- knobs every family declares -----------------------------------------------------------
def encoding_knob() -> Knob:
    """The prompt encoding; a presentation knob that the difficulty map leaves at edge_list."""
    return Knob(
        "categorical",
        choices=ENCODINGS,
        default="edge_list",
        easy="edge_list",
        hard="edge_list",
        doc="how the prompt writes the graph (set it explicitly; difficulty leaves it)",
        presentation=True,
    )


def nodes_knob(low: int, high: int, default: int, easy: int, hard: int) -> Knob:
    return Knob("int", low, high, default=default, easy=easy, hard=hard, doc="number of nodes")


def degree_knob(
    low: float, high: float, default: float, easy: float, hard: float, doc: str = ""
) -> Knob:
    doc = doc or "average degree (2 * edges / nodes)"
    return Knob("float", low, high, default=default, easy=easy, hard=hard, doc=doc)
