"""Writing rows to files: JSONL, Parquet, a Hugging Face dataset on disk.

The exporters (:mod:`rlvr_envs.export` on this machine, :mod:`rlvr_envs.integrations.ray`
on a cluster) turn problems into rows (plain dicts) and hand them here; this module knows
nothing of problems. Each writer takes an iterable of rows and a path and writes a complete
file or none (through a ``.partial`` file renamed into place; a dataset directory is written
by ``datasets`` itself). Parquet needs ``pyarrow`` and ``hf`` needs ``datasets`` (both come
with ``pip install datasets``); :func:`writer_for` checks that before any work is done.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

FORMATS = ("jsonl", "parquet", "hf", "verl")
"""What ``rlvr export`` writes: ``verl`` is Parquet in verl's schema (a directory of splits)."""

Rows = Iterable[Mapping[str, Any]]
Writer = Callable[[Rows, Path], None]


def writer_for(format: str) -> Writer:
    """The writer of ``format`` (one of :data:`FORMATS`; ``verl`` writes Parquet). Raises
    ValueError naming the install when the format's library is missing, or naming the
    formats when ``format`` is none of them."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, got {format!r}")
    if format == "jsonl":
        return write_jsonl
    if format in ("parquet", "verl"):
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ValueError(f"--format {format} needs pyarrow: pip install pyarrow") from None
        return write_parquet
    try:
        import datasets  # noqa: F401
    except ImportError:
        raise ValueError("--format hf needs datasets: pip install datasets") from None
    return write_hf


def write_jsonl(rows: Rows, path: Path) -> None:
    """One JSON object per line, keys sorted, non-ASCII kept as is."""
    partial = path.with_name(path.name + ".partial")  # a complete file or none
    with partial.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    partial.replace(path)


def write_parquet(rows: Rows, path: Path) -> None:
    """One Parquet table, its columns in the first row's key order."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pylist(list(rows))
    partial = path.with_name(path.name + ".partial")
    pq.write_table(table, partial)
    partial.replace(path)


def write_hf(rows: Rows, path: Path) -> None:
    """A Hugging Face dataset saved to the directory ``path`` (``datasets.load_from_disk``)."""
    from datasets import Dataset

    Dataset.from_list(list(rows)).save_to_disk(str(path))


def with_progress(
    rows: Iterable[Any], progress: bool, total: int | None, desc: str
) -> Iterable[Any]:
    """``rows`` behind a tqdm progress bar (``total`` rows, or unknown) when ``progress``."""
    if not progress:
        return rows
    from tqdm import tqdm

    return tqdm(rows, total=total, desc=desc, unit="problem")
