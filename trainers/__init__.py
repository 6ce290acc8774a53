"""Trainers that consume rlvr-envs through its public API (run from a checkout, not installed)."""
