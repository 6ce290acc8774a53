"""GPU check: a few GRPO steps of trainers/grpo and of TRL's GRPOTrainer, side by side.

On one CUDA GPU, in bf16, with the Hugging Face generation backend, both trainers get the
same prompts (a suite's training draws), group size and generation length (EOS suppressed,
so every completion has exactly ``--tokens`` tokens) on two randomly initialised models:
one with SmolLM2-135M's architecture and one with SmolLM2-1.7B's (about 12x the
parameters). Weights do not change throughput, so random ones measure it as well as trained
ones, and nothing has to be downloaded or carried (the embedded model is too big to ship to
the GPU machine). The tokenizer is byte-level with SmolLM2's vocabulary size, so prompts are
a few times longer in tokens than with the real one; both trainers see the same tokens.

Each trainer runs in its own process (``bench/trl_bench.py --worker``, which also writes
the CPU comparison) and reports seconds per step, generated tokens per second and peak GPU
memory (``torch.cuda.max_memory_allocated``)::

    bash scripts/gpu_check.sh                     # on a machine with a CUDA GPU
    python bench/gpu_check.py --device cpu --tiny --steps 1 --warmup 0   # a CPU smoke run

CI never runs the GPU part; ``tests/trainers/test_gpu_check.py`` runs the smoke run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
VOCAB = 49152  # SmolLM2's vocabulary size
ARCHITECTURES: dict[str, dict[str, int]] = {
    # LlamaConfig fields of HuggingFaceTB/SmolLM2-135M-Instruct and SmolLM2-1.7B-Instruct
    "smollm2-135m-arch": dict(
        hidden_size=576, intermediate_size=1536, num_hidden_layers=30,
        num_attention_heads=9, num_key_value_heads=3,
    ),
    "smollm2-1.7b-arch": dict(
        hidden_size=2048, intermediate_size=8192, num_hidden_layers=24,
        num_attention_heads=32, num_key_value_heads=32,
    ),
    "tiny": dict(
        hidden_size=64, intermediate_size=128, num_hidden_layers=2,
        num_attention_heads=2, num_key_value_heads=1,
    ),
}  # fmt: skip
SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
CHAT_TEMPLATE = (
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


def build_model(path: Path, arch: str, vocab: int = VOCAB, dtype: str = "bfloat16") -> Path:
    """A randomly initialised Llama of ``arch`` and a byte-level tokenizer of ``vocab`` ids,
    saved to ``path`` as a local Hugging Face model directory."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    alphabet = sorted(pre_tokenizers.ByteLevel.alphabet())
    tokens = SPECIAL + alphabet
    tokens += [f"<unused{i}>" for i in range(vocab - len(tokens))]
    core = Tokenizer(models.BPE({t: i for i, t in enumerate(tokens)}, [], unk_token=None))
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    core.decoder = decoders.ByteLevel()
    core.add_special_tokens(SPECIAL)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core,
        bos_token="<|im_start|>",
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    config = LlamaConfig(
        vocab_size=vocab,
        max_position_embeddings=8192,
        tie_word_embeddings=True,
        rope_theta=100000.0,
        bos_token_id=1,
        eos_token_id=2,
        pad_token_id=0,
        **ARCHITECTURES[arch],
    )
    torch.manual_seed(0)
    model = LlamaForCausalLM(config).to(getattr(torch, dtype))
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def run_trainer(name: str, model_dir: Path, args: argparse.Namespace) -> dict[str, Any]:
    """One trainer's run in its own process (``trl_bench.py --worker``); its measurements."""
    with tempfile.NamedTemporaryFile(suffix=".json") as result:
        command = [
            sys.executable, str(ROOT / "bench" / "trl_bench.py"), "--worker", name,
            "--result", result.name, "--model", str(model_dir), "--prompts", str(args.prompts),
            "--group", str(args.group), "--tokens", str(args.tokens), "--steps", str(args.steps),
            "--warmup", str(args.warmup), "--threads", str(args.threads),
            "--device", args.device, "--dtype", args.dtype,
        ]  # fmt: skip
        subprocess.run(command, check=True, cwd=ROOT)
        return json.loads(Path(result.name).read_text())


def summary(run: dict[str, Any]) -> dict[str, Any]:
    steps, tokens = run["step_s"], run["completion_tokens"]
    return {
        "seconds_per_step": median(steps),
        "generated_tokens_per_s": sum(tokens) / sum(steps),
        "peak_gpu_gib": run.get("peak_gpu_gib"),
        "peak_rss_gib": run["peak_rss_gib"],
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    parser.add_argument("--dtype", default=None, help="bfloat16 on cuda, float32 on cpu")
    parser.add_argument("--tiny", action="store_true", help="a tiny model only (smoke run)")
    parser.add_argument(
        "--archs", nargs="+", choices=sorted(ARCHITECTURES), default=None,
        help="architectures to run (default: both SmolLM2 ones; --tiny: tiny)",
    )  # fmt: skip
    parser.add_argument("--prompts", type=int, default=8)
    parser.add_argument("--group", type=int, default=8)
    parser.add_argument("--tokens", type=int, default=256)
    parser.add_argument("--steps", type=int, default=3, help="measured steps per trainer")
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--out", default=None, help="write the results as JSON here")
    args = parser.parse_args(argv)
    args.dtype = args.dtype or ("bfloat16" if args.device == "cuda" else "float32")
    if args.device == "cuda":
        import torch

        if not torch.cuda.is_available():
            raise SystemExit("no CUDA device: run with --device cpu for a smoke run")
    archs = args.archs or (["tiny"] if args.tiny else ["smollm2-135m-arch", "smollm2-1.7b-arch"])
    report: dict[str, Any] = {"setup": {k: v for k, v in vars(args).items() if k != "out"}}
    with tempfile.TemporaryDirectory() as tmp:
        for arch in archs:
            started = time.perf_counter()
            vocab = 512 if arch == "tiny" else VOCAB
            model_dir = build_model(Path(tmp) / arch, arch, vocab, args.dtype)
            print(f"{arch}: built in {time.perf_counter() - started:.0f} s", flush=True)
            rows = {name: summary(run_trainer(name, model_dir, args)) for name in ("ours", "trl")}
            rows["speedup"] = rows["trl"]["seconds_per_step"] / rows["ours"]["seconds_per_step"]
            report[arch] = rows
            for name in ("ours", "trl"):
                r = rows[name]
                gpu = f"{r['peak_gpu_gib']:.2f} GiB" if r["peak_gpu_gib"] else "-"
                print(
                    f"{arch} {name:4s}: {r['seconds_per_step']:.2f} s/step, "
                    f"{r['generated_tokens_per_s']:.0f} tokens/s, peak GPU {gpu}",
                    flush=True,
                )
            print(f"{arch}: TRL s/step / ours = {rows['speedup']:.2f}x", flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=2) + "\n")
    return report


if __name__ == "__main__":
    main()
