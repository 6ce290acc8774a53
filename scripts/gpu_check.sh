#!/usr/bin/env bash
# One command for a machine with a CUDA GPU: a few GRPO steps of our trainer (bf16, HF
# backend) and of TRL's GRPOTrainer beside it, on random models of SmolLM2-135M's and
# SmolLM2-1.7B's architecture; prints s/step, tokens/s and peak GPU memory for both.
# Uses the python on PATH (or $PYTHON) with torch (CUDA), transformers and this checkout's
# dependencies; installs trl from carried wheels ($WHEELS, default ./wheels) if it is missing.
# CI never runs this. Extra arguments go to bench/gpu_check.py (see its --help).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if ! "$PY" -c "import trl" 2>/dev/null; then
    "$PY" -m pip install -q --no-index --find-links "${WHEELS:-wheels}" trl
fi
PYTHONPATH=. "$PY" bench/gpu_check.py --device cuda "$@"
