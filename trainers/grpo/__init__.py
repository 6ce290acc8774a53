"""The reference GRPO trainer for rlvr-envs; run ``python -m trainers.grpo --help``.

Read :mod:`trainers.grpo.train` (the loop), :mod:`trainers.grpo.config` (every knob),
:mod:`trainers.grpo.batch` and :mod:`trainers.grpo.update` (a step's sampling and its
update) and :mod:`trainers.grpo.objective` (the loss, matched to the GRPO, DAPO and Dr. GRPO
papers).
"""
