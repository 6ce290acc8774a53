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

Parquet and verl need ``pyarrow`` and ``hf`` needs ``datasets`` (both come with ``pip
install datasets``); JSONL needs nothing.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rlvr_envs.core import Problem

FORMATS = ("jsonl", "parquet", "hf", "verl")
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
    writer = _writer(format)  # a missing dependency fails before any work
    if backend == "ray" and split == "train":  # by import path: the Ray module uses this one
        ray = importlib.import_module("rlvr_envs.integrations.ray")
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
    writer(_shown(rows, progress, total, f"export {source}"), path)
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
        _write_parquet(
            _shown(rows, progress, count, f"export {source} ({split})"), out / f"{split}.parquet"
        )
    return out


def _shown(rows: Iterable[Any], progress: bool, total: int | None, desc: str) -> Iterable[Any]:
    """``rows`` behind a progress bar when ``progress``."""
    if not progress:
        return rows
    from tqdm import tqdm

    return tqdm(rows, total=total, desc=desc, unit="problem")


def _writer(format: str):
    if format == "jsonl":
        return _write_jsonl
    if format in ("parquet", "verl"):
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ValueError(f"--format {format} needs pyarrow: pip install pyarrow") from None
        return _write_parquet
    try:
        import datasets  # noqa: F401
    except ImportError:
        raise ValueError("--format hf needs datasets: pip install datasets") from None
    return _write_hf


def _write_jsonl(rows, path: Path) -> None:
    partial = path.with_name(path.name + ".partial")  # a complete file or none
    with partial.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    partial.replace(path)


def _write_parquet(rows, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pylist(list(rows))
    partial = path.with_name(path.name + ".partial")
    pq.write_table(table, partial)
    partial.replace(path)


def _write_hf(rows, path: Path) -> None:
    from datasets import Dataset

    Dataset.from_list(list(rows)).save_to_disk(str(path))


def row_reward(row: Mapping[str, Any], completion: Any) -> float:
    """The verifier's reward for ``completion`` on an exported row (its ``problem``
    column, JSON or a dict): 1.0 when right."""
    from rlvr_envs.registry import verify

    data = row["problem"]
    problem = Problem.from_dict(json.loads(data) if isinstance(data, str) else data)
    return float(verify(problem, completion).reward)
