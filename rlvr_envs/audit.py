"""Shortcut audit: how much reward does one fixed answer earn on an env?

A policy trained by RL finds whatever earns reward, including answers that ignore the
problem: a constant ``yes`` on a yes/no task whose "yes" needs no proof, ``none`` where
"there is none" is half the instances, or the one integer that a narrow answer
distribution returns most often (reward hacking by specification gaming; Skalse et al. 2022,
"Defining and Characterizing Reward Hacking"). The audit generates problems, tries the
most common reference answers and a few generic constants on every one of them, and
reports the best mean reward. Families that ask for a witness with a verdict (Bipartite,
CycleDetection, EulerianPath, Entailment) keep it low; counting families with few possible
values cannot (a count of 2 to 5 components is right a quarter of the time by guessing).

``rlvr audit`` runs it from the command line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rlvr_envs import registry

GENERIC_CONSTANTS: tuple[str, ...] = ("none", "0", "1", "2", "yes", "no", "true", "false")
"""Answers tried on every env besides its own most common reference answers."""


@dataclass(frozen=True)
class ConstantAudit:
    """The best fixed answer found for one env, and what it earns."""

    env_id: str
    answer: str
    reward: float
    """Mean reward of ``answer`` over the problems."""
    problems: int
    distinct_answers: int
    """How many different reference answers the problems had."""


def best_constant_answer(
    env_id: str,
    *,
    difficulty: float | None = 0.5,
    problems: int = 100,
    candidates: Sequence[str] = GENERIC_CONSTANTS,
    most_common: int = 3,
) -> ConstantAudit:
    """The fixed answer with the highest mean reward on ``problems`` problems of ``env_id``.

    Tried: the ``most_common`` most frequent reference answers of those problems, then
    ``candidates``; each is written in the problem's answer format (as a model would) and
    scored with :func:`rlvr_envs.verify`. Problems use seeds ``0..problems-1`` at
    ``difficulty`` (None: the family's default knobs).
    """
    if problems < 1:
        raise ValueError("problems must be >= 1")
    task = registry.make_task(env_id)
    batch = [task.generate(seed=i, difficulty=difficulty) for i in range(problems)]
    counts = Counter(p.answer for p in batch)
    tried = [a for a, _ in counts.most_common(most_common)]
    tried += [c for c in candidates if c not in tried]
    best = ("", -1.0)
    for answer in tried:
        completions = [registry.format_answer(answer, p.answer_format) for p in batch]
        verdicts = registry.verify_batch(batch, completions)
        reward = sum(v.reward for v in verdicts) / len(batch)
        if reward > best[1]:
            best = (answer, reward)
    return ConstantAudit(env_id, best[0], best[1], len(batch), len(counts))
