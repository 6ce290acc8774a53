"""A local Hugging Face model as an evaluation backend (``rlvr eval --hf PATH``): no server.

Requests are gathered into batches of up to ``batch_size`` conversations with the same
sampling settings and generated with ``transformers``' ``generate`` (left padding, the
tokenizer's chat template with the generation prompt) on a worker thread, so scoring goes
on while the model generates. Greedy when the temperature is 0, sampling otherwise; with
seeds, the sampling generator of a batch is seeded from its requests' seeds, so a run is
reproducible for the same problems and batch size. Token counts are exact (the generated
tokens up to and including the end-of-sequence token).

The completion cache keys a local model by its path and name and also by ``cache_id``: the
loaded dtype and a fingerprint of the model directory's files (names, sizes, modification
times), so a checkpoint directory that a trainer overwrote is a new model, not a cache hit.

Needs torch and transformers (the ``train`` extra); CPU works for small models.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rlvr_envs.core import canonical_json, stable_seed
from rlvr_envs.evaluation.backend import BackendError, Completion, Message


@dataclass
class _Request:
    messages: list[Message]
    temperature: float
    max_tokens: int
    seed: int | None
    future: asyncio.Future


@dataclass
class _LoopState:
    pending: list[_Request] = field(default_factory=list)
    worker: asyncio.Task | None = None


class HFBackend:
    """Completions from a local ``transformers`` causal LM (see the module docstring).

    Made by :func:`hf_backend`.
    """

    def __init__(
        self,
        path: str,
        *,
        model: str | None = None,
        batch_size: int = 8,
        device: str | None = None,
        dtype: str | None = None,
        trust_remote_code: bool = False,
    ) -> None:
        if batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size}")
        local = Path(path).expanduser()
        if not local.exists() and (path.startswith((".", "/", "~")) or path.count("/") > 1):
            raise ValueError(f"no model directory at {path} (--hf takes a local model path)")
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:
            raise ImportError(
                "--hf needs torch and transformers: pip install 'rlvr-envs[train]'"
            ) from exc
        self.name = str(local.resolve()) if local.exists() else path
        self.model = model or (local.name if local.exists() else path)
        self.concurrency = batch_size
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        try:
            tokenizer = AutoTokenizer.from_pretrained(path, trust_remote_code=trust_remote_code)
            lm = AutoModelForCausalLM.from_pretrained(
                path,
                dtype=getattr(torch, dtype) if dtype else "auto",
                trust_remote_code=trust_remote_code,
            )
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot load a Hugging Face model from {path!r}: {exc}") from None
        if not getattr(tokenizer, "chat_template", None):
            raise ValueError(
                f"the tokenizer at {path!r} has no chat template; rlvr eval sends chat "
                "messages, so give an instruction-tuned model (or add a chat_template)"
            )
        tokenizer.padding_side = "left"
        if tokenizer.pad_token is None:
            tokenizer.pad_token = tokenizer.eos_token
        self._torch = torch
        self._tokenizer = tokenizer
        self._lm = lm.to(self.device).eval()
        self._stop = {tokenizer.eos_token_id, tokenizer.pad_token_id}
        self._stop |= set(_as_list(lm.generation_config.eos_token_id))
        self._stop.discard(None)
        weights = (
            _fingerprint(local) if local.is_dir() else getattr(lm.config, "_commit_hash", None)
        )
        self.cache_id = canonical_json({"dtype": str(lm.dtype), "weights": weights})
        self._states: dict[asyncio.AbstractEventLoop, _LoopState] = {}

    def __repr__(self) -> str:
        return f"HFBackend({self.name!r}, batch_size={self.concurrency})"

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        temperature: float,
        max_tokens: int,
        seed: int | None,
    ) -> Completion:
        """One completion, generated in a batch with the other pending requests."""
        loop = asyncio.get_running_loop()
        state = self._states.setdefault(loop, _LoopState())
        future = loop.create_future()
        state.pending.append(_Request(list(messages), temperature, max_tokens, seed, future))
        if state.worker is None or state.worker.done():
            state.worker = loop.create_task(self._work(state))
        return await future

    async def _work(self, state: _LoopState) -> None:
        while state.pending:
            await asyncio.sleep(0)  # let requests started in the same tick join the batch
            first = state.pending[0]
            batch = [
                r
                for r in state.pending
                if (r.temperature, r.max_tokens) == (first.temperature, first.max_tokens)
            ][: self.concurrency]
            chosen = {id(r) for r in batch}
            state.pending = [r for r in state.pending if id(r) not in chosen]
            try:
                completions = await asyncio.to_thread(self._generate, batch)
            except Exception as exc:
                error = BackendError(f"generation failed: {type(exc).__name__}: {exc}")
                for request in batch:
                    if not request.future.done():
                        request.future.set_exception(error)
                continue
            for request, completion in zip(batch, completions):
                if not request.future.done():
                    request.future.set_result(completion)

    def _generate(self, batch: list[_Request]) -> list[Completion]:
        torch, tokenizer = self._torch, self._tokenizer
        texts = [
            tokenizer.apply_chat_template(r.messages, tokenize=False, add_generation_prompt=True)
            for r in batch
        ]
        encoded = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False)
        encoded = encoded.to(self.device)
        config = copy.deepcopy(self._lm.generation_config)
        temperature, sample = batch[0].temperature, batch[0].temperature > 0
        config.update(
            do_sample=sample,
            temperature=temperature if sample else None,
            top_p=None if not sample else config.top_p,
            top_k=None if not sample else config.top_k,
            max_new_tokens=batch[0].max_tokens,
            pad_token_id=tokenizer.pad_token_id,
        )
        if sample and any(r.seed is not None for r in batch):
            torch.manual_seed(stable_seed([r.seed for r in batch]) % 2**63)
        with torch.no_grad():
            output = self._lm.generate(**encoded, generation_config=config)
        prompt_length = encoded["input_ids"].shape[1]
        completions = []
        for row, mask in zip(output[:, prompt_length:].tolist(), encoded["attention_mask"]):
            end = next((i for i, token in enumerate(row) if token in self._stop), None)
            tokens = row if end is None else row[: end + 1]
            completions.append(
                Completion(
                    text=tokenizer.decode(tokens, skip_special_tokens=True),
                    completion_tokens=len(tokens),
                    prompt_tokens=int(mask.sum()),
                    finish_reason="length" if end is None else "stop",
                )
            )
        return completions

    async def aclose(self) -> None:
        """Forget this event loop's queue (the model stays loaded)."""
        state = self._states.pop(asyncio.get_running_loop(), None)
        if state is not None and state.worker is not None and not state.worker.done():
            state.worker.cancel()


def _fingerprint(directory: Path) -> str:
    """SHA-256 of the name, size and modification time of each file in ``directory`` (not
    their bytes: a model's weights may be gigabytes)."""
    entries = []
    for path in sorted(directory.iterdir()):
        if path.is_file():
            stat = path.stat()
            entries.append([path.name, stat.st_size, stat.st_mtime_ns])
    return hashlib.sha256(canonical_json(entries).encode()).hexdigest()


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple, set)) else [value]


def hf_backend(path: str, **options: Any) -> HFBackend:
    """A :class:`~rlvr_envs.evaluation.backend.Backend` over a local Hugging Face model.

    Args:
        path: a model directory (or a Hub id already in the local cache).
        **options: ``model`` (the name results report; default the directory name),
            ``batch_size`` (8), ``device`` (default ``cuda`` when available, else ``cpu``),
            ``dtype`` (``"float32"``, ``"bfloat16"``, ...; default the checkpoint's) and
            ``trust_remote_code`` (False).
    """
    return HFBackend(path, **options)
