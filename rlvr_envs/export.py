"""``rlvr export``: problems as plain data for any trainer (JSONL, Parquet, a Hugging Face
dataset on disk).

Rows are :func:`rlvr_envs.integrations.trl.problem_row`: ``prompt`` (chat messages, or the
prompt text with ``conversational=False``), ``problem`` (the problem as JSON: everything
scoring needs), ``env_id`` and ``difficulty``. A row is scored with :func:`row_reward`
(``rlvr_envs.verify`` on the row's problem), in any process, with nothing else loaded. The
output is a pure function of (source, n, split, seed, difficulty): training rows come from
the suite's sampler (or uniformly from env ids) with training seeds, ``split="eval"`` is the
suite's frozen evaluation set.

``format="verl"`` writes a directory with ``train.parquet`` (``n`` training problems) and,
for a suite, ``eval.parquet`` (its frozen evaluation set), in verl's RL dataset schema
(:mod:`rlvr_envs.integrations.verl`, whose ``compute_score`` scores them).

The files are written by :mod:`rlvr_envs.writers` (shared with the Ray export). Parquet and
verl need ``pyarrow`` and ``hf`` needs ``datasets`` (both come with ``pip install
datasets``); JSONL needs nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rlvr_envs.core import Problem
from rlvr_envs.writers import FORMATS, with_progress, write_parquet, writer_for

__all__ = ["COLUMNS", "FORMATS", "export", "row_reward"]

COLUMNS = ("prompt", "problem", "env_id", "difficulty")


def export(
    source: str | Sequence[str],
    out: str | os.PathLike[str],
    *,
    format: str = "jsonl",
    n: int | None = None,
    split: str = "train",
    seed: int = 0,
    difficulty: tuple[float, float] = (0.0, 1.0),
    system_prompt: str | None = None,
    conversational: bool = True,
    progress: bool = True,
    backend: str = "local",
    shard_size: int | None = None,
) -> Path:
    """Write ``n`` problems of ``source`` (a suite, an env id or env ids) to ``out`` in
    ``format``; returns the path written (a file, or a directory for ``hf``).

    ``backend="ray"`` generates the training split on a Ray cluster, ``shard_size``
    problems per task, resumably, into the same output
    (:func:`rlvr_envs.integrations.ray.export_sharded`); the frozen eval split is only read,
    so it is written locally either way."""
    from rlvr_envs.integrations.trl import iter_source, problem_row

    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, got {format!r}")
    if backend not in ("local", "ray"):
        raise ValueError(f"backend must be 'local' or 'ray', got {backend!r}")
    low, high = difficulty
    if not 0.0 <= low <= high <= 1.0:
        raise ValueError(f"difficulty must be a range within [0, 1], got {difficulty!r}")
    writer = writer_for(format)  # a missing dependency fails before any work
    if backend == "ray" and split == "train":
        from rlvr_envs.integrations import ray

        return ray.export_sharded(
            source, out, format=format, n=n, seed=seed, difficulty=difficulty,
            system_prompt=system_prompt, conversational=conversational, progress=progress,
            shard_size=shard_size or ray.SHARD_SIZE,
        ).path  # fmt: skip
    if format == "verl":
        return _export_verl(source, Path(out), n, seed, difficulty, system_prompt, progress)
    problems = iter_source(source, n, seed=seed, split=split, difficulty=difficulty)
    total = n
    if total is None and split == "eval" and isinstance(source, str):
        from rlvr_envs.suites import load_suite

        total = len(load_suite(source).load_eval_set())
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = (problem_row(p, system_prompt, conversational) for p in problems)
    writer(with_progress(rows, progress, total, f"export {source}"), path)
    return path


def _export_verl(
    source: str | Sequence[str],
    out: Path,
    n: int | None,
    seed: int,
    difficulty: tuple[float, float],
    system_prompt: str | None,
    progress: bool,
) -> Path:
    """``out/train.parquet`` (``n`` problems) and, for a suite, ``out/eval.parquet``."""
    from rlvr_envs.integrations.trl import iter_source
    from rlvr_envs.integrations.verl import verl_rows

    if n is None:
        raise ValueError("--format verl needs --n, the number of training problems")
    splits = ["train"]
    if isinstance(source, str) and not source.startswith("rlvr/"):
        splits.append("eval")  # a suite: its frozen evaluation set too
    out.mkdir(parents=True, exist_ok=True)
    for split in splits:
        count = n if split == "train" else None
        problems = iter_source(source, count, seed=seed, split=split, difficulty=difficulty)
        rows = verl_rows(problems, split, system_prompt=system_prompt)
        shown = with_progress(rows, progress, count, f"export {source} ({split})")
        write_parquet(shown, out / f"{split}.parquet")
    return out


def row_reward(row: Mapping[str, Any], completion: Any) -> float:
    """The verifier's reward for ``completion`` on an exported row (its ``problem``
    column, JSON or a dict): 1.0 when right."""
    from rlvr_envs.registry import verify

    data = row["problem"]
    problem = Problem.from_dict(json.loads(data) if isinstance(data, str) else data)
    return float(verify(problem, completion).reward)
