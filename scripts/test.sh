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
# slow tests (throughput targets, the real embedded model, vLLM) run on demand: -m slow
exec "$VENV/bin/python" -m pytest -n auto -q -m "not slow" "$@"
