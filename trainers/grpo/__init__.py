"""The reference GRPO trainer for rlvr-envs; run ``python -m trainers.grpo --help``.

Read :mod:`trainers.grpo.train` (the config and the loop) and
:mod:`trainers.grpo.objective` (the loss, matched to the GRPO, DAPO and Dr. GRPO papers).
"""
