"""The completion cache of ``rlvr eval``: one JSON line per completion, appended and flushed as
each one arrives, so an interrupted run resumes where it stopped and a rerun with the same
settings sends no request.

A completion is keyed by everything that decides it: where it came from (base URL or model
path) and the model name, the sampling settings (temperature, max tokens, the request's
seed), the problem's content hash, the sample index, the turn, and a digest of the whole
conversation sent (system prompt, prompt, earlier turns and feedback). Failed requests are
not cached, so a rerun retries them. A line cut short by a kill (even inside a multi-byte
character) is skipped when read. Each record is appended with one ``write`` to a file opened
for appending, so two runs that share a cache file do not interleave their lines.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, BinaryIO

from rlvr_envs.core import canonical_json
from rlvr_envs.evaluation.backend import Completion


def cache_key(**fields: Any) -> str:
    """SHA-256 of the canonical JSON of ``fields`` (JSON values only)."""
    return hashlib.sha256(canonical_json(fields).encode()).hexdigest()


class CompletionCache:
    """A JSONL file of completions by key; ``path=None`` keeps nothing (every lookup misses).

    Lines that do not parse (a record cut short when a run was killed) are skipped and
    counted in ``skipped``; the next record starts on a fresh line.
    """

    def __init__(self, path: str | Path | None) -> None:
        self.path = Path(path) if path is not None else None
        self.skipped = 0
        self._records: dict[str, dict[str, Any]] = {}
        self._file: BinaryIO | None = None
        self._needs_newline = False
        if self.path is not None and self.path.is_dir():
            raise ValueError(f"the cache must be a file, and {self.path} is a directory")
        if self.path is not None and self.path.exists():
            self._load(self.path)

    def _load(self, path: Path) -> None:
        data = path.read_bytes()
        self._needs_newline = bool(data) and not data.endswith(b"\n")
        for line in data.split(b"\n"):
            if not line.strip():
                continue
            try:  # bytes: a line cut inside a character fails here, not the whole file
                record = json.loads(line.decode("utf-8"))
                key = record["key"]
                if not isinstance(key, str) or not isinstance(record["text"], str):
                    raise TypeError(key)
            except (ValueError, KeyError, TypeError):
                self.skipped += 1
                continue
            self._records[key] = record

    def __len__(self) -> int:
        return len(self._records)

    def get(self, key: str) -> Completion | None:
        """The cached completion for ``key``, or None."""
        record = self._records.get(key)
        if record is None:
            return None
        return Completion(
            text=record["text"],
            completion_tokens=record.get("completion_tokens"),
            prompt_tokens=record.get("prompt_tokens"),
            finish_reason=record.get("finish_reason"),
        )

    def put(self, key: str, completion: Completion, **meta: Any) -> None:
        """Store and append (in one unbuffered write) one completion; ``meta`` is written
        alongside for people reading the file (model, env id, problem hash, sample, turn)."""
        record = {
            "key": key,
            **meta,
            "text": completion.text,
            "completion_tokens": completion.completion_tokens,
            "prompt_tokens": completion.prompt_tokens,
            "finish_reason": completion.finish_reason,
        }
        self._records[key] = record
        if self.path is None:
            return
        try:
            data = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: \u escapes read back as the same text
            data = (json.dumps(record) + "\n").encode("ascii")
        if self._file is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("ab", buffering=0)
            if self._needs_newline:
                data = b"\n" + data
        view = memoryview(data)
        while view:  # one write() unless the OS writes less (a signal, a full disk)
            written = self._file.write(view)
            if not written:
                raise OSError(f"could not append to the completion cache {self.path}")
            view = view[written:]

    def close(self) -> None:
        """Close the file (reopened by the next :meth:`put`)."""
        if self._file is not None:
            self._file.close()
            self._file, self._needs_newline = None, False

    def __enter__(self) -> CompletionCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
