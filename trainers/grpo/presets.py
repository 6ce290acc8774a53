"""Named starting points for ``--preset``; any flag given as well overrides the preset."""

from __future__ import annotations

import json
from typing import Any

DEMO_SYSTEM_PROMPT = (
    "You are a calculator. Compute, then give the result inside <answer></answer> tags."
)

DEMO_EXAMPLES = [
    [
        "Compute the value of 4 + 6.\n\nGive the exact value (an integer, or a fraction p/q in "
        "lowest terms) inside <answer></answer> tags, e.g. <answer>...</answer>.",
        "4 + 6 = 10\n<answer>10</answer>",
    ]
]
"""One worked example, shown as an earlier chat turn. Without it SmolLM2-135M-Instruct
almost never writes ``<answer>`` tags (measured: 0-3% of samples on 1-digit sums), so every
group has zero reward variance and GRPO learns nothing; with it, about half of the samples
are well-formed and a third to a half are correct, and the groups carry signal."""

STARTER_SYSTEM_PROMPT = (
    "You are a calculator. Write the calculation, then the result inside <answer></answer> tags."
)

_SUM_FORMAT = (
    "\n\nGive the exact value (an integer, or a fraction p/q in lowest terms) inside "
    "<answer></answer> tags, e.g. <answer>...</answer>."
)

STARTER_EXAMPLES = [
    ["Compute the value of 4 + 6." + _SUM_FORMAT, "4 + 6 = 10\n<answer>10</answer>"],
    ["Compute the value of 39 - 40." + _SUM_FORMAT, "39 - 40 = -1\n<answer>-1</answer>"],
    ["Compute the value of 1 - 6 - 5." + _SUM_FORMAT, "1 - 6 - 5 = -10\n<answer>-10</answer>"],
]
"""Three worked Arithmetic examples (training-range seeds: 2 one-digit terms, 2 two-digit
terms, 3 one-digit terms), each the calculation and the tagged result. With them the
untrained SmolLM2-135M-Instruct writes the asked form on every one of 16 screened sums
(one example: 58-81%, it often stops after "6 + 2 = 8"). Examples of other families'
working made it copy the last example's pattern onto every problem ("8 + 8 = 16, and 16 mod
4"), which is why the starter suite is one family: see ``tasks/starter-v0.toml``."""

FIRST_DEMO: dict[str, Any] = {"drop_zero_variance": False, "refill_rounds": 0}
"""What the ``demo`` preset set differently before issue 27: the settings of the LM-students
board (``trainers.grpo.lm_students``), which keeps them so that its table stays one setting
(its ``refill`` variant adds dynamic sampling back)."""

_STARTER: dict[str, Any] = {
    "output_dir": "runs/starter",
    "suite": "starter-v0",
    "teacher": "uniform",
    "system_prompt": STARTER_SYSTEM_PROMPT,
    "chat_examples": json.dumps(STARTER_EXAMPLES),
    "prompts_per_step": 8,
    "group_size": 8,
    "max_new_tokens": 32,
    "temperature": 1.0,
    "learning_rate": 1e-5,
    "micro_batch_size": 16,
    # float32 weights, bfloat16 products and sampling: 1.22x faster steps on this machine's
    # CPU (AMX), 46.7 -> 38.4 s (bench/precision_bench.py, bench/results/precision.md)
    "mixed_precision": "bf16",
    "steps": 100,
    "eval_every": 20,
    "save_every": 20,
}
"""The ``starter`` preset, which the teachers and retry presets extend."""

PRESETS: dict[str, dict[str, Any]] = {
    # The README's main command: a short CPU run. The student is shown one worked example;
    # the teacher (RLVE's threshold ladder) starts at the easiest difficulty bin and climbs
    # once 80% of a bin's prompts are solved. After about 5 steps the policy's entropy has
    # collapsed (0.15 -> 0.02) and most groups' rewards are all equal (all right or all
    # wrong: 8 of the demo's last 11 steps had no group with signal), so the update leaves
    # them out and samples up to 3 more rounds of prompts to fill the batch with groups that
    # carry signal (DAPO's dynamic sampling). Sampling settings alone did not keep the signal:
    # temperature 1.0, three worked examples and a climb at 60% still had 94% of the groups
    # of steps 8-11 without variance (docs/trainer.md, "The demo").
    "demo": {
        "output_dir": "runs/demo",
        "suite": "demo-v0",
        "teacher": "threshold-ladder",
        "teacher_options": json.dumps({"threshold": 0.8, "min_prompts": 8}),
        "teacher_bins": 4,
        "system_prompt": DEMO_SYSTEM_PROMPT,
        "chat_examples": json.dumps(DEMO_EXAMPLES),
        "prompts_per_step": 4,
        "group_size": 8,
        "max_new_tokens": 24,
        "temperature": 0.7,
        "drop_zero_variance": True,
        "refill_rounds": 3,
        "learning_rate": 1e-5,
        "micro_batch_size": 8,
        "steps": 20,
        "eval_every": 10,
        "save_every": -1,
        "save_final_model": False,
    },
    # The learning study's run (python -m trainers.grpo.study learning): the starter suite
    # with three worked examples, so the untrained model's format is already right and a
    # gain in held-out pass@1 is a gain in solving. Short completions keep a step cheap.
    "starter": _STARTER,
    # The teachers study (python -m trainers.grpo.teacher_study): the learning study's
    # prompt and sampling on a suite with a spread of difficulty, every run stopped at the
    # same budget of generated tokens (about 16 steps of 64 completions of ~23 tokens);
    # the final policy is evaluated once, at the end.
    "teachers": {
        **_STARTER,
        "output_dir": "runs/teachers",
        "suite": "teachers-v0",
        "token_budget": 24_000,
        "steps": 40,
        "eval_every": 0,
        "save_every": 5,
    },
    # The interactive demo (python -m trainers.grpo.study retry): the starter suite's
    # problems answered in up to 4 attempts with the verifier's reason as feedback
    # (rlvr/Retry-v1 in tasks/retry-starter-v0.toml); each episode is one sample of the
    # group, the env's replies masked out of the loss (trainers/grpo/episodes.py).
    "retry": {
        **_STARTER,
        "output_dir": "runs/retry",
        "suite": "retry-starter-v0",
        "max_turns": 4,
        # an episode is up to 4 turns and 3 env replies (about 300 tokens after the prompt):
        # at 16 per forward pass the logits and their gradients took 16 GB, killed by the OOM
        # killer on a 24 GB machine; 4 keeps a pass near the single-turn preset's size
        "micro_batch_size": 4,
        # its study (leaderboards/retry.md) started in float32, before mixed precision
        "mixed_precision": "no",
        "steps": 30,
        "eval_every": 10,
        "save_every": 5,
    },
    # The benchmark's shape (bench/trl_bench.py): TRL's GRPOTrainer on the same settings.
    "bench": {
        "output_dir": "runs/bench",
        "prompts_per_step": 4,
        "group_size": 4,
        "max_new_tokens": 64,
        "eval_every": -1,
        "save_final_model": False,
        "plot": False,
    },
}
