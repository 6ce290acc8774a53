"""Which problems ``rlvr eval`` scores: a suite's frozen evaluation set, or problems of one env
id drawn from the evaluation seeds (``core.EVAL_SEEDS``, which training never draws from)."""

from __future__ import annotations

from rlvr_envs.core import EVAL_SEEDS, Problem
from rlvr_envs.evaluation.metrics import subset
from rlvr_envs.registry import list_envs, make_task

DEFAULT_ENV_PROBLEMS = 100


def is_env_id(source: str) -> bool:
    """Whether ``source`` names an env id (registered, or shaped ``rlvr/...``) rather than
    a suite."""
    return source.startswith("rlvr/") or source in list_envs()


def eval_problems(
    source: str, n: int | None = None, *, difficulty: tuple[float, float] = (0.0, 1.0)
) -> list[Problem]:
    """The problems to evaluate on.

    ``source`` is a suite (a name in ``tasks/`` or a TOML path): its frozen evaluation set,
    or at most ``n`` of it evenly spread over the set (:func:`subset`). Or an env id: ``n``
    problems (default 100) with seeds ``EVAL_SEEDS.start + i`` and difficulties evenly
    spaced over ``difficulty`` (the middle of it for one problem), as suites freeze theirs.
    Suites ignore ``difficulty``: their rows set it.
    """
    if n is not None and n < 1:
        raise ValueError(f"--n must be >= 1 (or left out for the whole set), got {n}")
    low, high = difficulty
    if not 0.0 <= low <= high <= 1.0:
        raise ValueError(f"difficulty range must satisfy 0 <= LOW <= HIGH <= 1, got {difficulty}")
    if is_env_id(source):
        task = make_task(source)
        count = DEFAULT_ENV_PROBLEMS if n is None else n
        return [
            task.generate(EVAL_SEEDS.start + i, low + (high - low) * _spread(i, count))
            for i in range(count)
        ]
    from rlvr_envs.suites import load_suite

    try:
        suite = load_suite(source)
    except ValueError as exc:
        raise ValueError(f"{exc}; or give an env id (see `rlvr list`)") from None
    return subset(suite.load_eval_set(), n)


def suite_examples(source: str) -> list[list[str]]:
    """The worked examples ``source`` ships (``[[chat_examples]]`` of a suite, as
    ``[user, assistant]`` pairs): ``rlvr eval``'s default ``--chat-examples``. An env id, or
    a suite without examples, has none."""
    if is_env_id(source):
        return []
    from rlvr_envs.suites import load_suite

    return load_suite(source).examples


def _spread(i: int, count: int) -> float:
    return i / (count - 1) if count > 1 else 0.5
