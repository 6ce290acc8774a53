"""Search over small state spaces and the step-list syntax the planning families share.

:func:`bfs` finds a shortest plan (a list of move labels) from a start state to a goal;
:func:`distances` gives every reachable state's distance. States must be hashable; move
generators are plain functions, so every family writes its own rules and the search
stays one short loop. :func:`split_steps` cuts a written plan into its steps, bounded in
the number of steps and characters, so hostile text costs linear time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable

from rlvr_envs.families.shared.answer_parsing import AnswerError

Moves = Callable[[Hashable], Iterable[tuple[object, Hashable]]]

# A step may be numbered ("1.", "2)", "step 3:"); the number is not part of the step.
_NUMBERING = re.compile(r"\s*(?:step\s*)?\d{1,4}\s*[.):]\s+", re.IGNORECASE)


def bfs(start: Hashable, moves: Moves, is_goal: Callable[[Hashable], bool],
        limit: int = 1_000_000) -> list[object] | None:  # fmt: skip
    """The labels of a shortest plan from ``start`` to a goal state, or None if there is none
    among the first ``limit`` states reached."""
    if is_goal(start):
        return []
    parent: dict[Hashable, tuple[Hashable, object] | None] = {start: None}
    queue = [start]
    for state in queue:
        for label, nxt in moves(state):
            if nxt in parent:
                continue
            parent[nxt] = (state, label)
            if is_goal(nxt):
                plan = []
                node = nxt
                while parent[node] is not None:
                    node, step = parent[node]
                    plan.append(step)
                return plan[::-1]
            queue.append(nxt)
            if len(parent) > limit:
                return None
    return None


def distances(start: Hashable, moves: Moves, limit: int = 1_000_000) -> dict[Hashable, int]:
    """The number of moves from ``start`` to every state reachable from it (up to ``limit``)."""
    dist = {start: 0}
    queue = [start]
    for state in queue:
        d = dist[state] + 1
        for _, nxt in moves(state):
            if nxt not in dist:
                dist[nxt] = d
                queue.append(nxt)
                if len(dist) > limit:
                    return dist
    return dist


def split_steps(text: str, max_steps: int, separators: str = r"[;\n]") -> list[str]:
    """The non-empty steps of a plan separated by ``separators``, with any numbering
    ("1.", "step 2:") removed; at most ``max_steps`` of them, else AnswerError."""
    steps = []
    for part in re.split(separators, text):
        if not part.strip():
            continue
        numbered = _NUMBERING.match(part)
        if numbered is not None:
            part = part[numbered.end() :]
        steps.append(part.strip())
        if len(steps) > max_steps:
            raise AnswerError(f"more than {max_steps} steps")
    if not steps:
        raise AnswerError("no step found")
    return steps
